//! The board panel: the state just expanded (or the selected row, or the start before the
//! first step) drawn by its board, and the selected row's values and route, each a click away.

use crate::app::boards::{self, marks::PlaceMarks};
use crate::app::command::Command;
use crate::app::words;
use crate::engine::notebook::NodeId;
use crate::present::ShownSearch;
use eframe::egui::{self, ScrollArea, Ui};

/// What the board panel shows.
pub struct BoardPanel<'a> {
    pub view: &'a dyn ShownSearch,
    /// The selected row, drawn instead of the state just expanded.
    pub selected: Option<NodeId>,
    /// Open and closed places on a map board.
    pub marks: &'a PlaceMarks,
    /// Changes whenever the search is rebuilt ([`boards::BoardInput::generation`]).
    pub generation: u64,
    /// The scenario's title: another scenario's map opens fitted ([`boards::BoardInput::map`]).
    pub title: &'a str,
}

/// Draws the panel; returns what a click asks (a slid tile, a selected row).
pub fn show(ui: &mut Ui, panel: &BoardPanel<'_>) -> Vec<Command> {
    let mut commands = Vec::new();
    let view = panel.view;
    let shown = panel
        .selected
        .or_else(|| view.last_event().pick.as_ref().map(|p| p.id));
    let (board, caption) = match shown {
        Some(id) => {
            let caption = if panel.selected.is_some() {
                format!("Selected #{id}")
            } else {
                format!("Just expanded #{id} (step {})", view.steps())
            };
            (view.board(id), caption)
        }
        None => (view.start_board(), "The start".to_string()),
    };
    let editable = shown.is_none() && view.steps() == 0;
    let parent = shown
        .and_then(|id| view.row(id).parent)
        .map(|p| view.board(p));
    ui.strong(caption);
    let route = shown.map_or_else(Vec::new, |id| panel.marks.route(view, id));
    let input = boards::BoardInput {
        view: &board,
        editable,
        parent: parent.as_ref(),
        marks: panel.marks.marks(),
        route: &route,
        session: Some(view),
        selected: panel.selected,
        generation: panel.generation,
        id: egui::Id::unique("live board"),
        map: egui::Id::unique(panel.title).value(),
    };
    commands.extend(boards::show(ui, &input));
    if let Some(id) = panel.selected {
        commands.extend(selection(ui, view, id));
    }
    commands
}

/// The selected row: its values, parent, and route from the start, each a click away.
fn selection(ui: &mut Ui, view: &dyn ShownSearch, id: NodeId) -> Vec<Command> {
    let mut commands = Vec::new();
    let row = view.row(id);
    ui.label(format!(
        "g {}, h {}, f {}, depth {}, {:?}",
        row.g, row.h, row.f, row.depth, row.status
    ));
    ui.horizontal(|ui| {
        if let Some(parent) = row.parent
            && ui.link(format!("Parent #{parent}")).clicked()
        {
            commands.push(Command::Select(Some(parent)));
        }
        if ui.link("Clear selection").clicked() {
            commands.push(Command::Select(None));
        }
    });
    let route = view.route(id);
    ui.label(format!(
        "Route from the start ({}):",
        words::counted(route.len() as u64 - 1, "move")
    ));
    ScrollArea::vertical()
        .id_salt("route")
        .max_height(160.0)
        .show(ui, |ui| {
            let mut previous = None;
            for &step in &route {
                let words =
                    previous.map_or_else(|| "start".to_string(), |p| view.move_label(p, step));
                if ui.link(format!("#{step} {words}")).clicked() {
                    commands.push(Command::Select(Some(step)));
                }
                previous = Some(step);
            }
        });
    commands
}
