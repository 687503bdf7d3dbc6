//! Where every panel sits in the window, and what they show brought up to date once per frame
//! before they are drawn. Sized for a projector: the status line at the bottom, the runs table
//! above it, the board on the left, the plot and step log on the right, the tables between. A
//! narrow window (a phone) gets the compact layout instead ([`compact`]).

use crate::app::command::Command;
use crate::app::panels::{ask, board, lesson, pick, plot, status, steplog, tables, toolbar, tree};
use crate::app::{FrontierApp, compact, notice, window_title};
use crate::engine::notebook::Status;
use crate::scenario::ProblemSpec;
use eframe::egui::{self, CentralPanel, Panel, ScrollArea, Ui};

/// The side panels' width as a share of the window's, before their bounds.
const SIDE_SHARE: f32 = 0.27;
/// The board panel's and the plot's widths at most (dragged wider, or remembered from a wider
/// window or a smaller zoom), as shares of the window's: the tables keep the rest.
const BOARD_MOST: f32 = 0.3;
const PLOT_MOST: f32 = 0.27;

/// The share of the board panel's height the words under the board (the pick and why, the
/// quiz, the route) may take before they scroll; the board keeps the rest.
const NOTES_SHARE: f32 = 0.7;

impl FrontierApp {
    /// Brings what the panels show up to the search's current step: the plot and the selection
    /// after going back in time, a map's marks, the sorted tables, the lesson, the title.
    pub(super) fn catch_up(&mut self, ui: &Ui, now: f64) {
        let steps = self.timeline.steps();
        self.history.forget_after(steps);
        let rows = self.timeline.view().rows();
        self.selected = self.selected.filter(|&id| (id as usize) < rows);
        if matches!(self.scenario.problem, ProblemSpec::Graph { .. }) {
            self.place_marks.refresh(self.timeline.view());
        }
        if self.refresh_tables(now) {
            ui.ctx().request_repaint();
        }
        self.lesson
            .refresh(&self.scenario, self.timeline.view(), self.generation);
        let title = window_title(&self.scenario);
        if title != self.shown_title {
            ui.ctx()
                .send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.shown_title = title;
        }
    }

    /// Brings the tables and the pick words up to date. The two lists take turns, so one frame
    /// pays for one at most, except after going back, when the closed list may hold rows no
    /// longer stored; returns whether the closed list is still waiting for its turn.
    fn refresh_tables(&mut self, now: f64) -> bool {
        let running = self.playback.is_running();
        let (view, record) = (self.timeline.view(), self.timeline.record());
        let sorts = (self.layout.open_sort, self.layout.closed_sort);
        let open_worked = self
            .open_ids
            .refresh(view, record, Status::Open, sorts.0, now, running);
        self.pick_text
            .refresh(view, self.open_ids.ids(), self.open_ids.stamp());
        let went_back = self
            .closed_ids
            .stamp()
            .is_some_and(|(steps, rows)| steps > view.steps() || rows > view.rows());
        if open_worked && self.closed_ids.stamp().is_some() && !went_back {
            return self.closed_ids.stamp() != self.open_ids.stamp();
        }
        self.closed_ids
            .refresh(view, record, Status::Closed, sorts.1, now, running);
        false
    }

    /// Draws every panel; returns the commands their widgets gave.
    pub(super) fn panels(&mut self, ui: &mut Ui) -> Vec<Command> {
        if compact::wanted(ui.ctx()) {
            return self.compact_panels(ui);
        }
        let mut commands = Vec::new();
        commands.extend(self.notices.panel(ui));
        Panel::top("toolbar").show(ui, |ui| commands.extend(self.toolbar(ui)));
        Panel::top("travel").show(ui, |ui| commands.extend(self.travel_bar(ui)));
        // The side panels take at most a share of the width each, so the tables keep g, h, f
        // and the pick at 1024 wide, and still under the presentation zoom, which narrows the
        // window in points: there the side panels give way, the plot first.
        let width = ui.available_width();
        let side = (width * SIDE_SHARE).clamp((width * 0.25).min(240.0), 330.0);
        Panel::top("lesson").show(ui, |ui| {
            commands.extend(lesson::show(
                ui,
                &mut self.lesson,
                &self.scenario,
                &self.overrides,
            ));
        });
        Panel::bottom("status").show(ui, |ui| {
            status::show(ui, self.timeline.view(), self.layout.zoom);
            lesson::status_line(ui, &self.lesson);
        });
        // The runs table takes no room until a run finishes, then the room of its rows: on a
        // projector every line it does not need goes to the tables and the board.
        if !self.comparison.runs().is_empty() {
            Panel::bottom("runs")
                .resizable(false)
                .show(ui, |ui| status::show_comparison(ui, &self.comparison));
        }
        Panel::left("board")
            .resizable(true)
            .default_size(side)
            .max_size(width * BOARD_MOST)
            .show(ui, |ui| commands.extend(self.board_panel(ui)));
        Panel::right("plot")
            .resizable(true)
            .default_size((width * SIDE_SHARE).clamp((width * 0.2).min(240.0), 430.0))
            .max_size(width * PLOT_MOST)
            .show(ui, |ui| {
                Panel::bottom("step_log")
                    .resizable(true)
                    .default_size(steplog::default_height(ui.available_height()))
                    .show(ui, |ui| steplog::show(ui, &mut self.log));
                CentralPanel::default().show(ui, |ui| {
                    commands.extend(plot::show(ui, &self.history, self.timeline.view()));
                });
            });
        CentralPanel::default().show(ui, |ui| {
            commands.extend(notice::error_line(ui, self.error.as_deref()));
            self.tree.tabs(ui);
            if self.tree.chosen() {
                let input = tree::TreeInput {
                    search: self.timeline.view(),
                    selected: self.selected,
                    generation: self.generation,
                };
                commands.extend(self.tree.show(ui, &input));
            } else {
                commands.extend(self.tables(ui));
            }
        });
        let ctx = ui.ctx().clone();
        self.travel_windows(&ctx);
        if let Some(ask) = &self.asking {
            commands.extend(ask::show(&ctx, ask));
        }
        commands
    }

    /// The toolbar: scenario, settings and the step controls.
    pub(super) fn toolbar(&mut self, ui: &mut Ui) -> Vec<Command> {
        let input = toolbar::ToolbarInput {
            session: self.timeline.view(),
            mode: self.playback.mode(),
            speed: self.playback.speed(),
            queens: matches!(self.scenario.problem, ProblemSpec::NQueens { .. }),
            link_copied: self.notices.link_copied(ui.ctx()),
        };
        toolbar::show(ui, &input, &mut self.layout)
    }

    /// The left panel: the board above; the pick and why, the quiz and the goal's route below,
    /// whole (they scroll only past part of the panel). The words are laid out first and the
    /// board is drawn in the room they leave, so neither is cut at the bottom.
    fn board_panel(&mut self, ui: &mut Ui) -> Vec<Command> {
        let mut commands = Vec::new();
        // The words' panel is as tall as what it held last frame, up to its share: sized by
        // what is available instead, it could only ever shrink.
        let most = ui.available_height() * NOTES_SHARE;
        let held = egui::Id::unique("board_notes_height");
        let last = ui.data(|d| d.get_temp::<f32>(held)).unwrap_or(0.0);
        let margins = egui::Frame::side_top_panel(ui.style())
            .total_margin()
            .sum()
            .y;
        Panel::bottom("board_notes")
            .resizable(false)
            .exact_size((last + margins).min(most))
            .show(ui, |ui| {
                let out = ScrollArea::vertical()
                    .id_salt("board_notes_scroll")
                    .auto_shrink([false, true])
                    .show(ui, |ui| commands.extend(self.why_side(ui)));
                let height = out.content_size.y;
                // Growing is taken at once; shrinking only past a couple of points, since a
                // widget that fills what is left reports a little less each frame and would
                // otherwise walk the panel down a point a frame.
                if height > last + 0.5 || height < last - 2.0 {
                    ui.data_mut(|d| d.insert_temp(held, height));
                    ui.ctx().request_repaint();
                }
            });
        CentralPanel::default().show(ui, |ui| {
            ScrollArea::vertical()
                .id_salt("board_scroll")
                .show(ui, |ui| commands.extend(self.board(ui)));
        });
        commands
    }

    /// The board under its caption (and the selected row's values under it).
    pub(super) fn board(&mut self, ui: &mut Ui) -> Vec<Command> {
        board::show(
            ui,
            &board::BoardPanel {
                view: self.timeline.view(),
                selected: self.selected,
                marks: &self.place_marks,
                generation: self.generation,
                title: &self.scenario.title,
            },
        )
    }

    /// What goes with the board: the pick and why (hidden by the quiz), then the quiz's
    /// question and the goal's route.
    pub(super) fn why_side(&mut self, ui: &mut Ui) -> Vec<Command> {
        if !self.travel.quiz_on() {
            pick::show(ui, &self.pick_text, self.timeline.view(), self.fine);
        }
        self.travel_side(ui)
    }

    /// The open list above, the closed list below.
    pub(super) fn tables(&mut self, ui: &mut Ui) -> Vec<Command> {
        let mut commands = Vec::new();
        let view = self.timeline.view();
        let pick = view.next_pick();
        let quiz = self.travel.quiz_on();
        let half = (ui.available_height() / 2.0).max(120.0);
        Panel::top("open_table")
            .resizable(true)
            .default_size(half)
            .show(ui, |ui| {
                let table = tables::TableView {
                    name: "open",
                    title: format!(
                        "Open list ({}) — {}",
                        view.counts().open,
                        view.settings().algorithm.priority_formula()
                    ),
                    status: Status::Open,
                    session: view,
                    ids: self.open_ids.ids(),
                    pick: pick.as_ref().filter(|_| !quiz),
                    selected: self.selected,
                    sort_locked: quiz,
                    warnings: self.lesson.marked_rows(),
                };
                commands.extend(tables::show(ui, &table, &mut self.layout.open_sort));
            });
        CentralPanel::default().show(ui, |ui| {
            let table = tables::TableView {
                name: "closed",
                title: format!("Closed list ({})", view.counts().closed),
                status: Status::Closed,
                session: view,
                ids: self.closed_ids.ids(),
                pick: None,
                selected: self.selected,
                sort_locked: false,
                warnings: self.lesson.marked_rows(),
            };
            commands.extend(tables::show(ui, &table, &mut self.layout.closed_sort));
        });
        commands
    }
}
