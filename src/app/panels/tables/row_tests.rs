//! The painted rows in a headless window: clicked at their cells, read by their accessibility
//! nodes.

use super::{TableView, show, sorted_ids};
use crate::app::command::Command;
use crate::app::panels::testing::built_in_after;
use crate::app::sort::Sort;
use crate::app::window::install_fonts;
use crate::engine::notebook::{NodeId, Status};
use crate::present::ShownSearch;
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable};
use std::collections::BTreeMap;

/// The open table of `session` in pick order, alone in a window; the harness's state collects
/// the commands the table gives. Row `marked` carries a warning.
fn open_table(session: &dyn ShownSearch, marked: NodeId) -> Harness<'_, Vec<Command>> {
    let ids = sorted_ids(session, Status::Open, Sort::default());
    let pick = session.next_pick();
    let warnings = BTreeMap::from([(marked, "h broke its promise".to_string())]);
    let mut sort = Sort::default();
    Harness::builder()
        .with_size(egui::vec2(900.0, 500.0))
        .with_context_setup(install_fonts)
        .build_ui_state(
            move |ui, commands: &mut Vec<Command>| {
                let view = TableView {
                    name: "open",
                    title: "Open list".into(),
                    status: Status::Open,
                    session,
                    ids: &ids,
                    pick: pick.as_ref(),
                    selected: None,
                    sort_locked: false,
                    warnings: &warnings,
                };
                commands.extend(show(ui, &view, &mut sort));
            },
            Vec::new(),
        )
}

/// A click with the primary button at `pos`.
fn click_at(h: &mut Harness<'_, Vec<Command>>, pos: egui::Pos2) {
    h.hover_at(pos);
    h.drag_at(pos);
    h.drop_at(pos);
    h.run();
}

#[test]
fn a_click_on_a_row_selects_it_and_on_its_parent_cell_selects_the_parent() {
    let session = built_in_after(6);
    let view = session.shown();
    let open = view.open_order();
    let id = open[2];
    let parent = view.row(id).parent.expect("an open row has a parent");
    let mut h = open_table(view, id);
    h.run();
    let row = h.get_by_label_contains(&format!("#{id}, state")).rect();
    let id_column = h.get_by_label("#").rect().center().x;
    click_at(&mut h, egui::pos2(id_column, row.center().y));
    assert_eq!(h.state(), &[Command::Select(Some(id))]);
    let parent_column = h.get_by_label("parent").rect().center().x;
    click_at(&mut h, egui::pos2(parent_column, row.center().y));
    assert_eq!(h.state().last(), Some(&Command::Select(Some(parent))));
    // The row of the start, which has no parent: its empty parent cell selects the row.
    h.state_mut().clear();
    let g_column = h.get_by_label("g").rect().center().x;
    let pick_row = h.get_by_label_contains("(next pick)").rect();
    click_at(&mut h, egui::pos2(g_column, pick_row.center().y));
    assert_eq!(h.state(), &[Command::Select(Some(open[0]))]);
}

#[test]
fn each_row_is_one_accessibility_node_that_reads_its_cells() {
    // The first step of the built-in search at which open rows tie with the pick on f.
    let tied_on_f = |view: &dyn ShownSearch| {
        let Some(pick) = view.next_pick() else {
            return 0;
        };
        let open = view.open_order();
        open[1..]
            .iter()
            .filter(|&&id| view.row(id).f == pick.f)
            .count()
    };
    let session = (0..30)
        .map(built_in_after)
        .find(|s| tied_on_f(s.shown()) > 0)
        .expect("the built-in search has ties");
    let view = session.shown();
    let open = view.open_order();
    let marked = open[1];
    let h = open_table(view, marked);
    let rows: Vec<String> = h
        .get_all_by_role(egui::accesskit::Role::Row)
        .map(|n| n.accesskit_node().label().unwrap_or_default())
        .collect();
    assert_eq!(rows.len(), open.len(), "{rows:#?}");
    for (words, &id) in rows.iter().zip(&open) {
        let row = view.row(id);
        for cell in [
            format!("#{id}"),
            format!("g {}", row.g),
            format!("f {}", row.f),
            format!("depth {}", row.depth),
        ] {
            assert!(words.contains(&cell), "{words:?} has no {cell:?}");
        }
        let h_cell = match id == marked {
            true => format!("h (!) {}", row.h),
            false => format!("h {}", row.h),
        };
        assert!(words.contains(&h_cell), "{words:?} has no {h_cell:?}");
        assert_eq!(words.contains("(next pick)"), id == open[0], "{words:?}");
    }
    // The rows tied with the pick on f say so.
    let tied = rows.iter().filter(|w| w.contains("tie = f")).count();
    assert_eq!(tied, tied_on_f(view));
}
