//! The tables in the real app: the open table's way back to pick order, the projector layout
//! at 1024×768 with its zoom, and the words a student reads (tooltips, limits, plurals,
//! algorithm names).

use crate::common;

use common::{built_in, press_step};
use eframe::egui;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use frontier::app::FrontierApp;
use frontier::app::command::Command;
use frontier::app::sort::{Sort, SortColumn};
use frontier::app::state::Layout;
use frontier::engine::settings::{Algorithm, TieKey};
use frontier::scenario::{Scenario, SearchSpec, SettingChange};

/// A projector's screen.
const SCREEN: egui::Vec2 = egui::vec2(1024.0, 768.0);

/// The real app on `scenario` with `layout`, in a 1024×768 window.
fn projector(scenario: Scenario, layout: Layout) -> Harness<'static, FrontierApp> {
    Harness::builder()
        .with_max_steps(common::MAX_SETTLE_FRAMES)
        .with_size(SCREEN)
        .build_eframe(move |cc| {
            FrontierApp::new(&cc.egui_ctx, scenario.clone(), layout.clone()).unwrap()
        })
}

/// Runs to the end (as the Run to end button does) and lets frames pass until the search ends.
fn run_to_end(h: &mut Harness<'_, FrontierApp>) {
    h.state_mut().apply(Command::RunToEnd);
    for _ in 0..2000 {
        if h.state().view().outcome().is_some() {
            break;
        }
        h.step();
    }
    h.run();
}

fn seed() -> Harness<'static, FrontierApp> {
    projector(Scenario::built_in(), Layout::default())
}

/// The open table's header labelled `label` (the open table comes before the closed one).
fn open_header(h: &Harness<'_, FrontierApp>, label: &str) -> egui::Rect {
    h.get_all_by_label(label)
        .next()
        .unwrap_or_else(|| panic!("a header {label}"))
        .rect()
}

/// What a node says (egui gives a label's words as its value).
fn words_of(node: &egui_kittest::Node<'_>) -> String {
    let node = node.accesskit_node();
    node.value().or_else(|| node.label()).unwrap_or_default()
}

/// Clicks the first widget labelled `label` (the open table's header of a name both tables
/// have), then lets a frame pass.
fn click_first(h: &mut Harness<'_, FrontierApp>, label: &str) {
    h.get_all_by_label(label)
        .next()
        .unwrap_or_else(|| panic!("a widget {label}"))
        .click();
    h.run();
}

/// Hovers the first widget labelled `label` and returns the tooltip text that names `words`.
fn tooltip(h: &mut Harness<'_, FrontierApp>, label: &str, words: &str) -> String {
    h.get_all_by_label(label)
        .next()
        .unwrap_or_else(|| panic!("a widget {label}"))
        .hover();
    h.run();
    // Tooltips wait a moment under a still pointer.
    for _ in 0..40 {
        if h.query_all_by_label_contains(words).next().is_some() {
            break;
        }
        h.step();
    }
    h.get_all_by_label_contains(words)
        .next()
        .map(|n| words_of(&n))
        .unwrap_or_default()
}

/// Steps to the first step at which the open rows tied with the next pick on f are not picked
/// in storing order (so a sort by f with ties in storing order would show them wrongly).
fn step_where_ties_are_not_in_storing_order(h: &mut Harness<'_, FrontierApp>) {
    for _ in 0..30 {
        press_step(h, 1);
        let session = h.state().view();
        let pick = session.next_pick().expect("searching");
        let tied: Vec<u32> = session
            .open_order()
            .into_iter()
            .filter(|&id| session.row(id).f == pick.f)
            .collect();
        if !tied.is_sorted() {
            return;
        }
    }
    panic!("the search has a tie the storing order gets wrong");
}

#[test]
fn header_clicks_cycle_up_down_and_back_to_pick_order() {
    let mut h = seed();
    press_step(&mut h, 4);
    let pick_order = h.state().view().open_order();
    click_first(&mut h, "f");
    assert_eq!(
        h.state().layout().open_sort,
        Sort {
            column: SortColumn::F,
            descending: false
        }
    );
    click_first(&mut h, "f ▲");
    assert!(h.state().layout().open_sort.descending);
    click_first(&mut h, "f ▼");
    assert_eq!(h.state().layout().open_sort, Sort::default());
    assert_eq!(h.state().open_ids(), pick_order.as_slice());
}

#[test]
fn pick_order_is_one_click_away() {
    let mut h = seed();
    press_step(&mut h, 4);
    click_first(&mut h, "g");
    assert_ne!(h.state().open_ids(), h.state().view().open_order());
    h.get_by_label("sorted by g ▲; equal values in pick order");
    click_first(&mut h, "Pick order");
    assert_eq!(h.state().layout().open_sort, Sort::default());
    assert_eq!(h.state().open_ids(), h.state().view().open_order());
}

#[test]
fn sorted_by_f_the_pick_leads_its_ties() {
    let mut h = seed();
    // Ties broken by lower h, then the state stored last: the pick is rarely the first stored.
    h.state_mut()
        .apply(Command::Set(SettingChange::Give(SearchSpec {
            tie_break: Some(vec![TieKey::LowestH, TieKey::LastStored]),
            ..SearchSpec::default()
        })));
    step_where_ties_are_not_in_storing_order(&mut h);
    click_first(&mut h, "f");
    let session = h.state().view();
    let pick = session.next_pick().unwrap();
    let ids = h.state().open_ids();
    assert_eq!(ids.first(), Some(&pick.id), "the pick first among its ties");
    // Equal f values keep the order the algorithm picks them in.
    let order = session.open_order();
    let place = |id| order.iter().position(|&o| o == id).unwrap();
    for pair in ids.windows(2) {
        let (a, b) = (session.row(pair[0]), session.row(pair[1]));
        assert!(a.f < b.f || (a.f == b.f && place(a.id) < place(b.id)));
    }
}

#[test]
fn a_fresh_start_shows_pick_order() {
    let mut h = seed();
    click_first(&mut h, "g");
    let saved = ron::to_string(h.state().layout()).unwrap();
    let layout: Layout = ron::from_str(&saved).unwrap();
    let mut fresh = projector(Scenario::built_in(), layout);
    press_step(&mut fresh, 3);
    assert_eq!(fresh.state().open_ids(), fresh.state().view().open_order());
}

#[test]
fn at_1024x768_g_h_f_and_tie_are_on_screen_beside_the_plot() {
    let mut h = seed();
    press_step(&mut h, 3);
    let window = egui::Rect::from_min_size(egui::Pos2::ZERO, SCREEN);
    // The plot and the step log are the right-hand panel: the tables end where it begins.
    let right_panel = h.get_by_label("Step log").rect().left();
    for label in ["#", "state", "g", "h", "f", "tie"] {
        let rect = open_header(&h, label);
        assert!(window.contains_rect(rect), "{label} at {rect:?}");
        assert!(
            rect.right() <= right_panel,
            "{label} at {rect:?}, panel at {right_panel}"
        );
    }
    // The closed table (the second of each header) too.
    for label in ["g", "h", "f"] {
        let rect = h.get_all_by_label(label).nth(1).unwrap().rect();
        assert!(rect.right() <= right_panel, "closed {label} at {rect:?}");
    }
}

#[test]
fn the_step_log_wraps_inside_the_window() {
    let mut h = seed();
    press_step(&mut h, 3);
    let lines: Vec<egui::Rect> = h
        .get_all_by_label_contains("step 3: ")
        .map(|n| n.rect())
        .collect();
    assert!(!lines.is_empty());
    for rect in lines {
        assert!(rect.right() <= SCREEN.x, "cut at the right edge: {rect:?}");
    }
    // Each line is whole (wrapped, not split): it still names the step's pick and stores.
    let line = words_of(
        &h.get_all_by_label_contains("step 3: picked")
            .next()
            .unwrap(),
    );
    let session = h.state().view();
    let words = session.event_lines(session.last_event());
    assert_eq!(line, words[0]);
}

#[test]
fn the_runs_table_shows_five_runs_with_their_cost_under_a_fixed_header() {
    let mut h = seed();
    let algorithms = [
        Algorithm::AStar,
        Algorithm::Dijkstra,
        Algorithm::Greedy,
        Algorithm::WeightedAStar,
        Algorithm::BreadthFirst,
    ];
    for a in algorithms {
        h.state_mut()
            .apply(Command::Set(SettingChange::algorithm(a)));
        run_to_end(&mut h);
    }
    let window = egui::Rect::from_min_size(egui::Pos2::ZERO, SCREEN);
    for head in ["outcome", "largest open", "cost"] {
        let rect = h.get_by_label(head).rect();
        assert!(window.contains_rect(rect), "{head} at {rect:?}");
    }
    for a in algorithms {
        // A run is named by its algorithm, and its heuristic where the algorithm uses one
        // ("A* · Manhattan distance", "Dijkstra"); the runs table is the lowest such name.
        let (name, prefix) = (a.to_string(), format!("{a} · "));
        let row = h
            .query_all_by(move |n| {
                n.value()
                    .or_else(|| n.label())
                    .is_some_and(|l| l == name || l.starts_with(&prefix))
            })
            .max_by(|x, y| x.rect().top().total_cmp(&y.rect().top()))
            .unwrap_or_else(|| panic!("a row for {a}"));
        assert!(window.contains_rect(row.rect()), "{a} at {:?}", row.rect());
    }
}

#[test]
fn ctrl_plus_minus_and_zero_zoom_and_the_zoom_is_remembered() {
    let mut h = seed();
    let zoom = |h: &Harness<'_, FrontierApp>| h.state().layout().zoom;
    assert!((zoom(&h) - 1.0).abs() < 1e-6);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Plus);
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Plus);
    h.run();
    assert!((zoom(&h) - 1.2).abs() < 1e-6, "{}", zoom(&h));
    assert!((h.ctx.zoom_factor() - 1.2).abs() < 1e-6);
    h.get_by_label("Zoom 120%");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Minus);
    h.run();
    assert!((zoom(&h) - 1.1).abs() < 1e-6, "{}", zoom(&h));
    // Saved and opened again: the class room's zoom comes back.
    let saved = ron::to_string(h.state().layout()).unwrap();
    let reopened = projector(Scenario::built_in(), ron::from_str(&saved).unwrap());
    assert!((reopened.ctx.zoom_factor() - 1.1).abs() < 1e-6);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Num0);
    h.run();
    assert!((zoom(&h) - 1.0).abs() < 1e-6, "{}", zoom(&h));
}

#[test]
fn headers_and_status_items_say_what_they_count() {
    let mut h = seed();
    press_step(&mut h, 2);
    assert!(tooltip(&mut h, "g", "cost of the cheapest route").starts_with("g: "));
    assert!(tooltip(&mut h, "tie", "rows tied with the next pick").contains("lower h"));
    assert!(tooltip(&mut h, "f", "the lowest f is picked").contains("f = g + h for A*"));
    assert!(tooltip(&mut h, "States checked 2", "taken from the open list").len() > 20);
    let largest = h.state().view().counts().max_open;
    let largest = format!("Largest open {largest}");
    assert!(tooltip(&mut h, &largest, "held at once").len() > 20);
}

#[test]
fn the_step_tooltip_tells_checked_states_from_the_accepting_step() {
    let mut h = seed();
    run_to_end(&mut h);
    let (steps, checked) = {
        let s = h.state().view();
        (s.steps(), s.counts().states_checked)
    };
    let tip = tooltip(&mut h, &format!("Step {steps}"), "then the goal accepted");
    assert_eq!(
        tip,
        format!("Step {steps}: {checked} states checked, then the goal accepted on step {steps}.")
    );
    // Plural agreement in the route.
    let route = h.state().view().solution().unwrap().len() - 1;
    h.get_by_label(&format!("Route: {route} moves"));
}

#[test]
fn a_full_notebook_names_the_limit_and_how_to_raise_it() {
    let mut h = seed();
    h.state_mut()
        .apply(Command::Set(SettingChange::Give(SearchSpec {
            max_states: Some(10),
            ..SearchSpec::default()
        })));
    run_to_end(&mut h);
    h.get_by_label(
        "Stopped: the notebook is full at 10 states held at once (max_states). Raise max \
         states (\"max states\" in the toolbar).",
    );
}

#[test]
fn a_one_move_route_is_one_move() {
    let mut h = projector(built_in("one_move_123456708.ron"), Layout::default());
    press_step(&mut h, 2);
    assert!(h.state().view().solution().is_some());
    h.get_by_label("Route: 1 move");
}

#[test]
fn the_compare_window_speaks_like_the_algorithm_menu() {
    let mut h = seed();
    h.get_by_label("Compare").click();
    h.run();
    assert!(h.query_by_label("astar").is_none(), "no command-line names");
    h.get_by_role_and_label(Role::CheckBox, "A*").click();
    h.get_by_role_and_label(Role::CheckBox, "Breadth-first")
        .click();
    h.run();
    h.get_by_label("Start side by side").click();
    h.run();
    h.get_by_label("Run all to the end").click();
    h.run();
    assert!(h.query_by_label_contains("goal_found").is_none());
    assert!(h.query_all_by_label("Goal found").count() >= 2);
    assert!(
        h.query_all_by_label("Breadth-first").count() >= 2,
        "its column and row"
    );
}

#[test]
fn at_1024x768_the_plot_keeps_most_of_its_column_above_the_step_log() {
    let mut h = seed();
    press_step(&mut h, 3);
    // The right-hand column starts level with the tables' tabs, and the plot ends where the
    // step log's title begins: with the log at a fixed 280 points, the plot had 53 of them,
    // too few for its axes.
    let top = h.get_by_label("Tables").rect().top();
    let log = h.get_by_label("Step log").rect().top();
    assert!(log - top >= 150.0, "the plot has {} points", log - top);
}
