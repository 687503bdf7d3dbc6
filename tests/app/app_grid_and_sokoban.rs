//! The grid and Sokoban board views driven through the real UI with egui_kittest: the map's
//! colouring agrees with the engine's counts, painting a wall restarts the search on the edited
//! map, and the Sokoban route player walks through the solution move by move and copies the
//! same LURD string as `frontier run`.

use eframe::egui;
use egui_kittest::{Harness, kittest::Queryable};
use frontier::app::FrontierApp;
use frontier::scenario::{ProblemSpec, Scenario};
use std::path::Path;

use crate::common;
use common::cli::{frontier, json};
use common::{press, run_to_end};

fn harness(name: &str) -> Harness<'static, FrontierApp> {
    common::harness_on(common::built_in(name))
}

/// The map's caption: how many cells the view coloured open and closed.
fn caption(h: &Harness<'_, FrontierApp>, zoom: u32) -> String {
    let c = h.state().view().counts();
    let (w, ht) = match &h.state().scenario().problem {
        ProblemSpec::Grid { map: Some(m), .. } => {
            (m.lines().next().unwrap().len(), m.lines().count())
        }
        _ => (49, 49),
    };
    format!(
        "{w}×{ht} · zoom {zoom}% · open cells {} · closed cells {}",
        c.open, c.closed
    )
}

#[test]
fn the_grid_view_colours_as_many_cells_as_the_search_has_open_and_closed() {
    let mut h = harness("grid_open_room.ron");
    h.get_by_label("31×15 · zoom 100% · open cells 0 · closed cells 0");
    press(&mut h, "Step", 5);
    h.get_by_label("States checked 5");
    // Each grid state is one cell, so the open and closed cells are the engine's counts.
    assert_eq!(h.state().view().counts().closed, 5);
    h.get_by_label(&caption(&h, 100));
    // Zooming in changes the caption, not the search.
    press(&mut h, "+", 1);
    h.get_by_label(&caption(&h, 150));
    assert_eq!(h.state().view().steps(), 5);
}

#[test]
fn the_arena_runs_to_its_goal_in_the_view() {
    let mut h = harness("grid_arena.ron");
    h.get_by_label("49×49 · zoom 100% · open cells 0 · closed cells 0");
    run_to_end(&mut h);
    assert!(h.query_all_by_label("Goal found").count() >= 1);
    // The scenario's notes: A* with the octile distance checks 46 states.
    h.get_by_label("States checked 46");
    h.get_by_label(&caption(&h, 100));
}

#[test]
fn painting_a_wall_away_restarts_the_search_on_the_edited_map() {
    let mut h = harness("grid_open_room.ron");
    press(&mut h, "Step", 3);
    press(&mut h, "Reset", 1);
    h.get_by_label("Step 0");
    // The map fills the view, so the view's centre is the map's: cell (15, 7), part of the
    // short wall between start (3, 7) and goal (27, 7). A click there turns it to floor.
    h.get_by_label("grid map").click();
    h.run();
    let ProblemSpec::Grid { map: Some(map), .. } = &h.state().scenario().problem else {
        panic!("a grid with an inline map");
    };
    assert_eq!(map.lines().nth(7).unwrap().chars().nth(15), Some('.'));
    assert_eq!(map.matches('#').count(), 6);
    h.get_by_label("Step 0");
    // The wall had a gap at row 7 now, so the route runs straight east: 24 moves, and A*
    // checks fewer than the 96 states the notes give for the walled room.
    run_to_end(&mut h);
    assert!(h.query_all_by_label("Goal found").count() >= 1);
    h.get_by_label("Route: 24 moves");
    assert!(h.state().view().counts().states_checked < 96);
}

#[test]
fn the_sokoban_route_player_walks_through_the_solution() {
    let mut h = harness("sokoban_microban_001.ron");
    run_to_end(&mut h);
    assert!(h.query_all_by_label("Goal found").count() >= 1);
    h.get_by_label("Move 0 of 33 · push 0 of 8");
    h.get_by_label("(the start)");
    // The published solution starts dlU: two steps of walk, then the first push.
    press(&mut h, "▶", 3);
    h.get_by_label("Move 3 of 33 · push 1 of 8");
    h.get_by_label("dlU");
    press(&mut h, "◀", 1);
    h.get_by_label("Move 2 of 33 · push 0 of 8");
    h.get_by_label("dl");
}

/// The text the app put on the clipboard in the frames after a click on `label`.
fn copied_after_clicking(h: &mut Harness<'_, FrontierApp>, label: &str) -> Option<String> {
    h.get_by_label(label).click();
    let mut copied = None;
    for _ in 0..4 {
        h.step();
        for command in &h.output().platform_output.commands {
            if let egui::OutputCommand::CopyText(text) = command {
                copied = Some(text.clone());
            }
        }
    }
    h.run();
    copied
}

#[test]
fn copy_solution_copies_the_lurd_of_frontier_run_and_the_counts_agree() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for name in ["sokoban_microban_005.ron", "sokoban_microban_001.ron"] {
        let file = format!("scenarios/{name}");
        let out = json(&frontier(root, &["run", &file, "--json"]));
        let lurd = out["lurd"].as_str().unwrap().to_string();
        let mut h = harness(name);
        run_to_end(&mut h);
        // The route player plays as many moves as the CLI's answer has letters.
        let pushes = lurd.chars().filter(char::is_ascii_uppercase).count();
        h.get_by_label(&format!("Move 0 of {} · push 0 of {pushes}", lurd.len()));
        assert!(h.query_by_label("Copied").is_none());
        let copied = copied_after_clicking(&mut h, "Copy solution");
        assert_eq!(copied.as_deref(), Some(lurd.as_str()), "{name}");
        h.get_by_label("Copied");
    }
}

#[test]
fn a_refused_map_or_level_shows_no_board_and_does_not_panic() {
    for (problem, words) in [
        (
            "Grid(map: \"..x\\n...\", start: (x: 0, y: 0), goal: (x: 2, y: 1))",
            "(no map to draw)",
        ),
        ("Sokoban(level: \"#####\\n#@  #\\n#####\")", "Refused"),
    ] {
        let text = format!("Scenario(title: \"bad\", problem: {problem})");
        let scenario = Scenario::parse(&text, "bad", Path::new(".")).unwrap();
        let mut h = common::harness_on(scenario);
        h.run();
        assert!(
            h.query_all_by_label_contains(words).count() >= 1,
            "{problem}"
        );
        assert!(h.state().view().outcome().is_some());
    }
}

#[test]
fn dragging_the_goal_moves_it_and_restarts() {
    let mut h = harness("grid_open_room.ron");
    let rect = h.get_by_label("grid map").rect();
    // The whole 31×15 map fits the view, centred.
    let scale = (rect.width() / 31.0).min(rect.height() / 15.0);
    let cell = |x: f32, y: f32| {
        rect.center() + egui::vec2((x + 0.5 - 15.5) * scale, (y + 0.5 - 7.5) * scale)
    };
    let (from, to) = (cell(27.0, 7.0), cell(20.0, 3.0));
    let button = |pos, pressed| egui::Event::PointerButton {
        pos,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: egui::Modifiers::NONE,
    };
    h.event(egui::Event::PointerMoved(from));
    h.event(button(from, true));
    h.run();
    for k in 1..=8 {
        h.event(egui::Event::PointerMoved(
            from + (to - from) * (k as f32 / 8.0),
        ));
        h.run();
    }
    h.event(button(to, false));
    h.run();
    let ProblemSpec::Grid { goal, start, .. } = &h.state().scenario().problem else {
        panic!("a grid");
    };
    assert_eq!((goal.x, goal.y), (20, 3));
    assert_eq!((start.x, start.y), (3, 7));
    h.get_by_label("Step 0");
    // The search heads for the new goal: octile distance from (3, 7) to (20, 3) is 13 + 4√2.
    run_to_end(&mut h);
    h.get_by_label("Route: 17 moves");
}
