//! Nothing a user made is lost: Save writes only to the file the scenario shown was read from or
//! last saved to, asks before replacing any other file or one changed on disk, and a scenario
//! that came from no file (an experiment's instance, a built-in one) names none. Save trace
//! follows the same rule. Driven through the real app with egui_kittest.

use eframe::egui::{self, accesskit::Role};
use egui_kittest::{
    Harness,
    kittest::{NodeT, Queryable},
};
use frontier::app::FrontierApp;
use frontier::app::command::{Command, TravelCommand};
use frontier::scenario::Scenario;
use std::path::{Path, PathBuf};

use crate::common;
use common::{press, press_step, temp_dir};

const SEED_FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/seed_542703816.ron");

/// A copy of the seed lesson in a fresh folder named after `test`, as a user's own file.
fn own_copy(test: &str) -> PathBuf {
    let path = temp_dir(test).join("lesson.ron");
    std::fs::copy(SEED_FILE, &path).unwrap();
    path
}

/// The app with `path` opened through its Open command.
fn opened(path: &Path) -> Harness<'static, FrontierApp> {
    let mut h = common::harness_on(Scenario::built_in());
    h.state_mut()
        .apply(Command::LoadScenario(path.to_path_buf()));
    h.run();
    assert!(h.state().error().is_none(), "{:?}", h.state().error());
    h
}

/// The text of the toolbar's Path field.
fn path_field(h: &Harness<'_, FrontierApp>) -> String {
    h.state().layout().path_text.clone()
}

/// Types `text` into the Path field, replacing what it held.
fn type_path(h: &mut Harness<'_, FrontierApp>, text: &str) {
    let shown = path_field(h);
    let field = h
        .query_all_by_role(Role::TextInput)
        .find(|n| n.value().as_deref() == Some(shown.as_str()))
        .expect("the Path field");
    field.click();
    h.run();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.run();
    h.query_all_by_role(Role::TextInput)
        .find(|n| n.is_focused())
        .expect("the Path field has the focus")
        .type_text(text);
    h.run();
    assert_eq!(path_field(h), text);
}

fn question(h: &Harness<'_, FrontierApp>) -> String {
    h.state().question().unwrap_or_default().to_string()
}

#[test]
fn an_experiment_instance_has_no_file_and_save_leaves_the_file_opened_before() {
    let path = own_copy("save-experiment");
    let before = std::fs::read_to_string(&path).unwrap();
    let mut h = opened(&path);
    assert_eq!(path_field(&h), path.display().to_string());
    for label in ["Experiment", "1 per depth", "Run experiment"] {
        press(&mut h, label, 1);
    }
    let done = "36 of 36 runs";
    for _ in 0..2400 {
        if h.query_by_label_contains(done).is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(25));
        h.step();
    }
    h.run();
    // Any cell with a number opens its instance: the first A* cell of depth 2 is one.
    let cell = h
        .query_all_by_role(Role::Button)
        .find(|n| {
            n.accesskit_node()
                .label()
                .is_some_and(|l| !l.is_empty() && l.chars().all(|c| c.is_ascii_digit()))
        })
        .expect("a cell of the table");
    cell.click();
    h.run();
    assert!(
        h.state().scenario().title.contains("experiment"),
        "{}",
        h.state().scenario().title
    );
    assert_eq!(path_field(&h), "", "the Path field still names lesson.ron");
    h.get_by_label("Save").click();
    h.run();
    let error = h.state().error().unwrap_or_default().to_string();
    assert!(error.contains("Save needs a file"), "{error}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), before);
}

#[test]
fn save_asks_before_replacing_another_file_and_cancel_keeps_it() {
    let mine = own_copy("save-other");
    let other = mine.with_file_name("other.ron");
    std::fs::write(&other, "a file of someone else's").unwrap();
    let mut h = opened(&mine);
    type_path(&mut h, &other.display().to_string());
    press(&mut h, "Save", 1);
    let asked = question(&h);
    assert!(
        asked.contains("other.ron") && asked.contains("Replace it?"),
        "{asked}"
    );
    // Keys behind the question do nothing: Space does not step.
    h.key_press(egui::Key::Space);
    h.run();
    assert_eq!(h.state().view().steps(), 0);
    press(&mut h, "Cancel", 1);
    assert_eq!(h.state().question(), None);
    assert_eq!(
        std::fs::read_to_string(&other).unwrap(),
        "a file of someone else's"
    );
    // Asked again, and answered yes, the other file gets the scenario and becomes its own.
    press(&mut h, "Save", 1);
    press(&mut h, "Replace", 1);
    let written = Scenario::load(&other).unwrap();
    assert_eq!(written.title, h.state().scenario().title);
    press(&mut h, "Save", 1);
    assert_eq!(h.state().question(), None, "its own file asks nothing");
}

#[test]
fn save_to_its_own_file_asks_only_when_the_file_changed_on_disk() {
    let path = own_copy("save-changed");
    let mut h = opened(&path);
    press(&mut h, "Save", 1);
    assert_eq!(h.state().question(), None);
    assert!(h.state().error().is_none(), "{:?}", h.state().error());
    let saved = std::fs::read_to_string(&path).unwrap();
    // Someone else edits the file in the meantime.
    let edited = saved.replace("title:", "title: /* edited */");
    std::fs::write(&path, &edited).unwrap();
    press(&mut h, "Save", 1);
    let asked = question(&h);
    assert!(asked.contains("changed on disk"), "{asked}");
    press(&mut h, "Cancel", 1);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), edited);
}

#[test]
fn a_new_file_is_written_at_once_and_becomes_the_scenarios_own() {
    let path = own_copy("save-new");
    let fresh = path.with_file_name("fresh.ron");
    let mut h = opened(&path);
    type_path(&mut h, &fresh.display().to_string());
    press(&mut h, "Save", 1);
    assert_eq!(h.state().question(), None);
    assert!(Scenario::load(&fresh).is_ok());
    // The file opened before is not its file any more: saving there now asks.
    type_path(&mut h, &path.display().to_string());
    press(&mut h, "Save", 1);
    assert!(question(&h).contains("lesson.ron"), "{}", question(&h));
}

#[test]
fn the_trace_field_starts_empty_and_save_trace_asks_before_replacing_a_file() {
    let dir = temp_dir("save-trace");
    let taken = dir.join("taken.trace.ron");
    std::fs::write(&taken, "notes").unwrap();
    let mut h = common::harness_on(Scenario::built_in());
    press_step(&mut h, 3);
    press(&mut h, "Trace", 1);
    let fields: Vec<String> = h
        .query_all_by_role(Role::TextInput)
        .filter_map(|n| n.value())
        .collect();
    assert!(
        !fields.iter().any(|v| v.contains(".trace.ron")),
        "a trace file is offered before any was chosen: {fields:?}"
    );
    let save = |h: &mut Harness<'_, FrontierApp>, path: &Path| {
        h.state_mut()
            .apply(Command::Travel(TravelCommand::SaveTrace(
                path.to_path_buf(),
            )));
        h.run();
    };
    save(&mut h, &taken);
    assert!(question(&h).contains("taken.trace.ron"), "{}", question(&h));
    press(&mut h, "Cancel", 1);
    assert_eq!(std::fs::read_to_string(&taken).unwrap(), "notes");
    // A new file is written at once, and saving the run again there asks nothing.
    let mine = dir.join("mine.trace.ron");
    save(&mut h, &mine);
    assert_eq!(h.state().question(), None);
    press_step(&mut h, 2);
    save(&mut h, &mine);
    assert_eq!(h.state().question(), None);
    let trace = frontier::trace::Trace::load(&mine).unwrap();
    assert_eq!(trace.steps.len(), 5);
}
