//! The Lesson panel and the notes it shows: every shipped scenario's claims hold when the
//! scenario is run, every number its notes write is one of those claims, and the panel shows
//! the notes with step links that travel.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use frontier::app::FrontierApp;
use frontier::engine::settings::Algorithm;
use frontier::scenario::watch::{Watch, WrongClaim};
use frontier::scenario::{LIBRARY, Scenario, ScenarioError, SearchSpec};
use std::path::Path;

use crate::common;

fn library() -> impl Iterator<Item = (&'static str, Scenario)> {
    LIBRARY.iter().map(|(name, text)| {
        (
            *name,
            Scenario::parse(text, name, Path::new("scenarios")).unwrap(),
        )
    })
}

/// Words after which a number names something (tile 4, row 3, Microban level 5) rather than
/// claims a result.
const NAMING_WORDS: [&str; 8] = [
    "tile", "tiles", "row", "column", "level", "line", "part", "microban",
];

/// The numbers `text` claims: "12,919" is 12919, "27.3137" one number. Names are left out: a
/// number after one of [`NAMING_WORDS`], a board size ("4×4", "8-puzzle").
fn numbers(text: &str) -> Vec<f64> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if !bytes[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let start = i;
        let mut digits = String::new();
        while i < bytes.len() {
            let b = bytes[i];
            let group = b == b','
                && bytes.len() >= i + 4
                && bytes[i + 1..i + 4].iter().all(u8::is_ascii_digit)
                && bytes.get(i + 4).is_none_or(|b| !b.is_ascii_digit());
            let point = b == b'.' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit);
            if b.is_ascii_digit() || point {
                digits.push(char::from(b));
            } else if !group {
                break;
            }
            i += 1;
        }
        let before = text[..start].trim_end().to_ascii_lowercase();
        let after = &text[i..];
        let named = NAMING_WORDS.iter().any(|w| {
            before
                .strip_suffix(w)
                .is_some_and(|rest| !rest.ends_with(|c: char| c.is_ascii_alphabetic()))
        });
        let in_word = text[..start].ends_with(|c: char| c.is_ascii_alphabetic());
        let size = in_word
            || before.ends_with('×')
            || after.starts_with('×')
            || after.starts_with("-puzzle");
        if !named && !size {
            out.push(digits.parse().unwrap());
        }
    }
    out
}

/// The first item of `scenario`'s checklist about where a search ends, about other settings
/// (`with`) than the scenario's own or not.
fn item_about_the_end(scenario: &Scenario, with: bool) -> Watch {
    scenario
        .watch
        .iter()
        .find(|item| item.with.is_some() == with && item.at.is_none())
        .unwrap_or_else(|| panic!("{} has no such item", scenario.title))
        .clone()
}

/// The app on `scenario` with its Lesson unfolded: the items' links are in the part of the
/// Lesson that "more" opens.
fn with_the_whole_lesson(scenario: &Scenario) -> Harness<'static, FrontierApp> {
    let mut h = common::harness_on(scenario.clone());
    h.run();
    h.get_by_label("more ▾").click();
    h.run();
    h
}

#[test]
fn numbers_are_read_as_a_reader_reads_them() {
    assert_eq!(
        numbers("after 12,919 states, cost 27.3137 on a 4×4 board. Then 5, 6 and 7."),
        vec![12919.0, 27.3137, 5.0, 6.0, 7.0]
    );
    assert_eq!(
        numbers("Tile 4 of the 8-puzzle in row 3, column 5 of den101d, Microban level 1: 33 moves"),
        vec![33.0]
    );
}

#[test]
fn every_shipped_scenario_has_notes_and_things_to_watch() {
    for (name, s) in library() {
        assert!(!s.notes.is_empty(), "{name} has no notes");
        assert!(!s.watch.is_empty(), "{name} has nothing to watch");
    }
}

#[test]
fn every_claim_of_every_shipped_scenario_holds() {
    let mut wrong = Vec::new();
    for (name, s) in library() {
        for item in &s.watch {
            if let Err(e) = s.check_watch(item) {
                wrong.push(format!("{name}: {e}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn every_number_in_the_notes_is_a_claim() {
    let mut wrong = Vec::new();
    for (name, s) in library() {
        let claimed: Vec<f64> = s.watch.iter().flat_map(|w| w.numbers()).collect();
        for n in numbers(&s.notes) {
            if !claimed.contains(&n) {
                wrong.push(format!(
                    "{name}: the notes say {n}, no watch item claims it"
                ));
            }
        }
        for item in &s.watch {
            let own = item.numbers();
            for n in numbers(&item.text) {
                if !own.contains(&n) {
                    wrong.push(format!(
                        "{name}: \"{}\" says {n} but does not claim it",
                        item.text
                    ));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_drifted_claim_is_caught() {
    let mut s = Scenario::built_in();
    let mut item = s.watch[0].clone();
    item.checked = Some(item.checked.unwrap_or(0) + 1);
    item.at = None;
    s.watch = vec![item.clone()];
    let Err(ScenarioError::Watch(e)) = s.check_watch(&item) else {
        panic!("a drifted claim passed");
    };
    assert!(
        matches!(
            &e.wrong[..],
            [
                WrongClaim::Value {
                    name: "checked",
                    ..
                },
                ..
            ]
        ),
        "{e}"
    );
}

#[test]
fn the_panel_opens_with_the_notes_and_a_step_link_travels() {
    let scenario = Scenario::built_in();
    let mut h = common::harness_on(scenario.clone());
    h.run();
    h.get_by_label(&scenario.title);
    h.get_by_label("What to watch");
    h.get_all_by_label("step 21").next().unwrap().click();
    h.run();
    for _ in 0..100 {
        h.step();
        if !h.state().is_running() {
            break;
        }
    }
    h.run();
    assert_eq!(h.state().view().steps(), 21);
    h.get_all_by_label("step 2").next().unwrap().click();
    h.run();
    assert_eq!(h.state().view().steps(), 2, "back in time");
}

#[test]
fn the_panel_folds_and_opens_folded_without_notes() {
    let mut h = common::harness_on(Scenario::built_in());
    h.run();
    common::press(&mut h, "▼ Lesson", 1);
    assert!(h.query_by_label("What to watch").is_none());
    assert!(!h.state().lesson().open);
    let bare = Scenario::parse(
        "Scenario(problem: SlidingPuzzle(width: 3, height: 3, start: [1,2,3,4,5,6,7,0,8]))",
        "bare",
        Path::new("."),
    )
    .unwrap();
    let mut h = common::harness_on(bare);
    h.run();
    h.get_by_label("▶ Lesson");
    assert!(!h.state().lesson().open);
}

#[test]
fn an_edited_start_says_the_notes_describe_the_scenario_as_opened() {
    let mut h = common::harness_on(Scenario::built_in());
    h.run();
    let edited = "The start was edited: these notes describe the scenario as it was opened.";
    assert!(h.query_by_label(edited).is_none());
    // The blank is in the middle of 542703816: slot 1 (the 4) slides down into it.
    h.state_mut()
        .apply(frontier::app::command::Command::SlideTile(1));
    h.run();
    assert_ne!(h.state().scenario().problem, Scenario::built_in().problem);
    h.get_by_label(edited);
}

#[test]
fn a_step_link_shows_the_search_its_words_are_about() {
    let scenario = Scenario::built_in();
    let mut h = with_the_whole_lesson(&scenario);
    // The class is looking at Dijkstra, chosen in the toolbar.
    common::choose(&mut h, "algorithm", "Dijkstra (f = g)");
    assert_eq!(h.state().view().settings().algorithm, Algorithm::Dijkstra);
    // The second item is about step 2 of the scenario's own search: the link goes back to it.
    h.get_by_label("→ go to step 2").click();
    common::run_out(&mut h);
    let own = scenario.session(&SearchSpec::default()).unwrap();
    assert_eq!(h.state().view().settings(), own.view().settings());
    assert_eq!(h.state().view().steps(), 2);
    // On the search the words describe, a step link only travels.
    h.get_all_by_label("step 21").next().unwrap().click();
    common::run_out(&mut h);
    assert_eq!(h.state().view().settings(), own.view().settings());
    assert_eq!(h.state().view().steps(), 21);
}

#[test]
fn an_item_about_other_settings_runs_them_to_its_claim() {
    let scenario = Scenario::built_in();
    // The seed has an item about Dijkstra's end.
    let item = item_about_the_end(&scenario, true);
    let with = item.with.clone().unwrap();
    let mut h = with_the_whole_lesson(&scenario);
    h.get_by_label_contains("→ run it with").click();
    common::run_out(&mut h);
    shows_the_end_of(&h, &scenario, &with, &item);
}

#[test]
fn an_item_about_the_end_of_the_scenarios_own_search_runs_it_there() {
    let scenario = common::built_in("romania.ron");
    // Romania has an item about A*'s end.
    let item = item_about_the_end(&scenario, false);
    let mut h = with_the_whole_lesson(&scenario);
    common::choose(&mut h, "algorithm", "Dijkstra (f = g)");
    h.get_by_label("→ run it").click();
    common::run_out(&mut h);
    shows_the_end_of(&h, &scenario, &SearchSpec::default(), &item);
}

/// Asserts the app shows the end of the search `item` is about (`scenario` with `with` over
/// its settings, as its claims are checked): the same settings, outcome and counts, where
/// the item's claims hold.
fn shows_the_end_of(
    h: &egui_kittest::Harness<'_, frontier::app::FrontierApp>,
    scenario: &Scenario,
    with: &SearchSpec,
    item: &Watch,
) {
    let mut expected = scenario.session(with).unwrap();
    while expected.view().outcome().is_none() {
        expected.step();
    }
    let shown = h.state().view();
    assert_eq!(shown.settings(), expected.view().settings());
    assert_eq!(shown.outcome(), expected.view().outcome());
    assert_eq!(shown.counts(), expected.view().counts());
    assert_eq!(item.check(&mut *expected), Ok(()));
}
