//! The app as a lecturer meets it on a projector: 1024×768, the Lesson panel open. Every part a
//! lesson points at must be on screen whole: both tables with rows, the pick's why, the board,
//! the quiz's answers and the route; and controls must not move between a hover and a click.

use crate::common;

use common::{MAX_SETTLE_FRAMES, built_in, choose, press, press_step, run_to_end};
use eframe::egui::{self, Rect, Shape, epaint::ClippedShape};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use frontier::app::FrontierApp;
use frontier::app::state::Layout;
use frontier::scenario::Scenario;

/// The app on `scenario` in a 1024×768 window, the default layout.
pub(crate) fn projector(scenario: Scenario) -> Harness<'static, FrontierApp> {
    zoomed(scenario, 1.0)
}

/// The app on `scenario` in a 1024×768 window under the presentation zoom `zoom`: a screen of
/// 1024×768 pixels holds that many points divided by the zoom (the harness is sized in points).
fn zoomed(scenario: Scenario, zoom: f32) -> Harness<'static, FrontierApp> {
    let layout = Layout {
        zoom,
        ..Layout::default()
    };
    Harness::builder()
        .with_max_steps(MAX_SETTLE_FRAMES)
        .with_size(egui::vec2(1024.0, 768.0) / zoom)
        .build_eframe(move |cc| {
            FrontierApp::new(&cc.egui_ctx, scenario.clone(), layout.clone()).unwrap()
        })
}

/// Every painted shape with its clip rect, flattened out of nested lists.
pub(crate) fn painted(h: &Harness<'_, FrontierApp>) -> Vec<(Rect, Shape)> {
    fn flat(clip: Rect, shape: &Shape, out: &mut Vec<(Rect, Shape)>) {
        match shape {
            Shape::Vec(v) => v.iter().for_each(|s| flat(clip, s, out)),
            s => out.push((clip, s.clone())),
        }
    }
    let mut out = Vec::new();
    for ClippedShape {
        shape, clip_rect, ..
    } in &h.output().shapes
    {
        flat(*clip_rect, shape, &mut out);
    }
    out
}

/// Whether `rect` (a widget's) is seen whole: inside the window, something is painted inside
/// it, and every shape painted over its middle is clipped to a rect that holds all of it (a
/// widget cut by a panel's edge is painted with that panel's clip, which holds only part of
/// it; one scrolled out of sight is not painted at all).
pub(crate) fn whole(h: &Harness<'_, FrontierApp>, rect: Rect) -> bool {
    let screen = h.ctx.content_rect();
    let inner = rect.shrink(1.0);
    let shapes = painted(h);
    let own = shapes
        .iter()
        .any(|(_, s)| rect.expand(2.0).contains_rect(s.visual_bounding_rect()));
    let clips_hold = shapes
        .iter()
        .filter(|(_, s)| s.visual_bounding_rect().contains(rect.center()))
        .all(|(clip, _)| clip.contains_rect(inner));
    screen.contains_rect(inner) && own && clips_hold
}

/// A widget's words: its label, or a text's value.
fn words(node: &egui_kittest::Node<'_>) -> String {
    let n = node.accesskit_node();
    n.label().or_else(|| n.value()).unwrap_or_default()
}

/// The rect of the first widget whose words start with `start`.
fn rect_of(h: &Harness<'_, FrontierApp>, start: &str) -> Rect {
    h.query_all_by_label_contains(start)
        .find(|n| words(n).starts_with(start))
        .unwrap_or_else(|| panic!("a widget reads {start:?}"))
        .rect()
}

/// The table rows (each one widget, its words "#5, state …") seen whole between `top` and
/// `bottom`.
fn rows_between(h: &Harness<'_, FrontierApp>, top: f32, bottom: f32) -> usize {
    h.query_all_by_label_contains(", state ")
        .map(|n| n.rect())
        // A row reaches across every column, past the sideways scroll: its first cell.
        .map(|r| Rect::from_min_size(r.min, egui::vec2(40.0, r.height())))
        .filter(|r| r.min.y >= top && r.max.y <= bottom && whole(h, *r))
        .count()
}

#[test]
fn both_tables_show_rows_and_the_why_reads_whole_with_the_lesson_open() {
    let mut h = projector(Scenario::built_in());
    press_step(&mut h, 6);
    assert!(h.state().lesson().open, "the Lesson is open by default");
    let closed = rect_of(&h, "Closed list (");
    let open = rect_of(&h, "Open list (");
    assert!(rows_between(&h, open.max.y, closed.min.y) >= 5);
    assert!(rows_between(&h, closed.max.y, 768.0) >= 4);
    assert!(whole(&h, rect_of(&h, "The next pick and why")));
    assert!(whole(&h, rect_of(&h, "Next pick:")));
    assert!(whole(&h, rect_of(&h, "Why:")));
}

#[test]
fn the_lessons_more_shows_what_its_first_lines_leave_out() {
    let mut h = projector(Scenario::built_in());
    assert!(!whole(&h, rect_of(&h, "What to watch")));
    press(&mut h, "more ▾", 1);
    assert!(whole(&h, rect_of(&h, "What to watch")));
    press(&mut h, "less ▴", 1);
    assert!(!whole(&h, rect_of(&h, "What to watch")));
}

#[test]
fn the_eight_queens_board_is_drawn_whole() {
    let h = projector(built_in("queens_8.ron"));
    let squares: Vec<Rect> = h
        .query_all_by_label_contains("Square row ")
        .map(|n| n.rect())
        .collect();
    assert_eq!(squares.len(), 64);
    for square in squares {
        assert!(whole(&h, square), "{square:?} is cut");
    }
}

#[test]
fn the_route_player_and_the_why_fit_at_the_end_of_a_run() {
    let mut h = projector(Scenario::built_in());
    run_to_end(&mut h);
    assert!(whole(&h, rect_of(&h, "Route to the goal")));
    assert!(whole(&h, rect_of(&h, "1. ")));
}

#[test]
fn the_quiz_answers_stay_on_screen_after_a_verdict() {
    let mut h = projector(Scenario::built_in());
    press_step(&mut h, 3);
    press(&mut h, "Quiz", 1);
    let first = h
        .query_all_by_label_contains(" (f ")
        .find(|n| n.accesskit_node().role() == egui::accesskit::Role::Button)
        .map(|n| words(&n))
        .expect("an answer button");
    press(&mut h, &first, 1);
    assert!(whole(&h, rect_of(&h, "Step 4: #")), "the verdict shows");
    let answers: Vec<Rect> = h
        .query_all_by_label_contains(" (f ")
        .filter(|n| n.accesskit_node().role() == egui::accesskit::Role::Button)
        .map(|n| n.rect())
        .collect();
    assert!(!answers.is_empty());
    for answer in answers {
        assert!(whole(&h, answer), "{answer:?} is cut");
    }
}

#[test]
fn a_three_by_three_state_reads_whole_in_its_column() {
    let mut h = projector(Scenario::built_in());
    press_step(&mut h, 6);
    let id = h.state().open_ids()[1];
    let text = h.state().view().state_text(id);
    assert_eq!(text.chars().count(), 9);
    let cells: Vec<bool> = painted(&h)
        .into_iter()
        .filter_map(|(_, s)| match s {
            Shape::Text(t) if t.galley.text() == text => Some(t.galley.elided),
            _ => None,
        })
        .collect();
    assert!(!cells.is_empty(), "{text} is painted");
    assert!(cells.iter().all(|elided| !elided), "{text} is cut short");
}

#[test]
fn every_toolbar_label_comes_before_its_box() {
    let h = projector(Scenario::built_in());
    for name in ["algorithm", "heuristic", "ties", "speed"] {
        let node = h
            .query_all_by_label(name)
            .find(|n| n.accesskit_node().labelled_by().next().is_some())
            .unwrap_or_else(|| panic!("{name} names a control"));
        let control = node.rect();
        let label = node
            .accesskit_node()
            .labelled_by()
            .next()
            .and_then(|l| l.bounding_box())
            .unwrap_or_else(|| panic!("{name} is written beside its control"));
        let label = Rect::from_min_max(
            egui::pos2(label.x0 as f32, label.y0 as f32),
            egui::pos2(label.x1 as f32, label.y1 as f32),
        );
        assert!(
            label.max.x <= control.min.x && label.center().y > control.min.y,
            "{name}: {label:?} is not just before {control:?}"
        );
    }
}

#[test]
fn undo_reset_and_the_sort_words_move_no_control() {
    let mut h = projector(Scenario::built_in());
    run_to_end(&mut h);
    let before = h.get_by_label("Step back").rect();
    press(&mut h, "Reset", 1);
    assert_eq!(h.get_by_label("Step back").rect(), before);
    press_step(&mut h, 3);
    let header = |h: &Harness<'_, FrontierApp>| h.query_all_by_label("h").next().unwrap().rect();
    let before = header(&h);
    h.query_all_by_label("g").next().unwrap().click();
    h.run();
    assert!(h.query_all_by_label_contains("sorted by g").count() > 0);
    assert_eq!(header(&h), before);
}

#[test]
fn ticking_the_depth_limit_does_not_wrap_the_toolbar() {
    let mut h = projector(built_in("backtracking_depth_limit.ron"));
    let step = h.get_by_label("Step").rect();
    let back = h.get_by_label("Step back").rect();
    for _ in 0..2 {
        press(&mut h, "depth limit", 1);
        assert_eq!(h.get_by_label("Step").rect(), step);
        assert_eq!(h.get_by_label("Step back").rect(), back);
    }
}

#[test]
fn runs_that_differ_only_in_the_tie_rule_are_named_apart_once_each() {
    let mut h = projector(Scenario::built_in());
    assert_eq!(h.query_all_by_label_contains("Finished runs").count(), 0);
    run_to_end(&mut h);
    choose(&mut h, "ties", "stored first");
    run_to_end(&mut h);
    run_to_end(&mut h);
    let names: Vec<String> = h
        .query_all_by_label_contains("A* · ")
        .map(|n| words(&n))
        .filter(|l| l.contains("ties "))
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
    assert_ne!(names[0], names[1]);
}

#[test]
fn the_presentation_zoom_keeps_g_h_f_and_the_pick_in_view() {
    let mut h = zoomed(Scenario::built_in(), 1.3);
    press_step(&mut h, 6);
    for head in ["g", "h", "f"] {
        let header = h.query_all_by_label(head).next().unwrap().rect();
        assert!(whole(&h, header), "{head} at {header:?} is cut");
    }
    let pick = rect_of(&h, "#4 (next pick)");
    let first_cells = Rect::from_min_size(pick.min, egui::vec2(40.0, pick.height()));
    assert!(whole(&h, first_cells), "the pick's row is cut");
    let f = h.query_all_by_label("f").next().unwrap().rect();
    assert!(
        f.max.x <= h.ctx.content_rect().max.x,
        "the f column is in view"
    );
    assert!(whole(&h, rect_of(&h, "Next pick:")));
    assert!(whole(&h, rect_of(&h, "Why:")));
}

#[test]
fn a_sokoban_state_shows_its_box_cells_and_player_whole() {
    let mut h = projector(built_in("sokoban_microban_001.ron"));
    press_step(&mut h, 3);
    let cells: Vec<(String, bool)> = painted(&h)
        .into_iter()
        .filter_map(|(_, s)| match s {
            Shape::Text(t) => Some((t.galley.text().to_owned(), t.galley.elided)),
            _ => None,
        })
        .filter(|(text, _)| text.starts_with('(') && text.contains(" @("))
        .collect();
    assert!(cells.len() >= 3, "{cells:?}");
    assert!(cells.iter().all(|(_, elided)| !elided), "{cells:?}");
}

#[test]
fn a_small_tree_at_fit_names_each_nodes_state_and_f_inside_its_box() {
    let mut h = projector(Scenario::built_in());
    press_step(&mut h, 6);
    press(&mut h, "Tree", 1);
    let view = h.get_by_label("search tree").rect();
    let shapes = painted(&h);
    let boxes: Vec<Rect> = shapes
        .iter()
        .filter_map(|(_, s)| match s {
            Shape::Rect(r) if view.contains_rect(r.rect) && r.rect != view => Some(r.rect),
            _ => None,
        })
        .collect();
    let labels: Vec<(String, Rect, f32)> = shapes
        .iter()
        .filter_map(|(_, s)| match s {
            Shape::Text(t)
                if t.galley.text().contains("\nf ") || t.galley.text().contains(" f ") =>
            {
                let rect = t.galley.rect.translate(t.pos.to_vec2());
                let size = t.galley.job.sections[0].format.font_id.size;
                view.contains_rect(rect)
                    .then(|| (t.galley.text().to_owned(), rect, size))
            }
            _ => None,
        })
        .collect();
    let stored = h.state().view().rows();
    assert_eq!(labels.len(), stored, "{labels:?}");
    for (text, rect, size) in labels {
        assert!(size >= 9.0, "{text} is too small to read");
        assert!(
            boxes.iter().any(|b| b.contains_rect(rect)),
            "{text} spills out of its box"
        );
    }
}
