//! Fine step shows each part of a step as it happens (the pick, then each successor with its
//! fate): its row is selected, so the tables and the board show it, and its line is written to
//! the step log; and the step log follows its newest line.

use crate::common;
use crate::projector::{projector, whole};

use common::{harness_on, press_step};
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use frontier::app::FrontierApp;
use frontier::scenario::Scenario;

fn fine(h: &mut Harness<'_, FrontierApp>) {
    h.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::Space);
    h.run();
}

/// How many of `lines` the step log shows, told from the same lines in the pick panel by
/// being under the log's heading.
fn logged(h: &Harness<'_, FrontierApp>, lines: &[String]) -> usize {
    let heading = h.get_by_label("Step log").rect();
    lines
        .iter()
        .filter(|line| {
            h.query_all_by_label_contains(line.trim()).any(|n| {
                let rect = n.rect();
                rect.left() >= heading.left() - 2.0 && rect.top() >= heading.bottom()
            })
        })
        .count()
}

#[test]
fn each_fine_part_selects_its_row_and_writes_its_line_to_the_log() {
    let mut h = harness_on(Scenario::built_in());
    press_step(&mut h, 1);
    fine(&mut h);
    assert_eq!(h.state().selected(), None, "announcing selects nothing");
    fine(&mut h);
    assert_eq!(h.state().view().steps(), 2);
    let event = h.state().view().last_event().clone();
    let pick = event.pick.as_ref().expect("a pick").id;
    assert!(event.successors.len() >= 2, "{event:?}");
    // The step is taken: the pick line and the first successor are revealed, the first
    // successor's row is selected, and both lines are in the log.
    let first = event.successors[0].id;
    assert_eq!(h.state().selected(), first.or(Some(pick)));
    let lines = h.state().view().event_lines(&event);
    // The log shows what the panel has shown, and nothing more.
    assert_eq!(logged(&h, &lines), 2, "{lines:#?}");
    for (k, successor) in event.successors.iter().enumerate().skip(1) {
        fine(&mut h);
        assert_eq!(
            h.state().selected(),
            successor.id.or(Some(pick)),
            "successor {k} is shown"
        );
        assert_eq!(logged(&h, &lines), k + 2, "successor {k} writes its line");
    }
}

#[test]
fn the_step_log_follows_its_newest_line() {
    let mut h = projector(Scenario::built_in());
    for step in 1..=25_u64 {
        press_step(&mut h, 1);
        let view = h.state().view();
        let newest = view
            .event_lines(view.last_event())
            .pop()
            .expect("a step writes lines");
        let heading = h.get_by_label("Step log").rect();
        let seen = h
            .query_all_by_label(&newest)
            .map(|n| n.rect())
            .filter(|r| r.top() >= heading.bottom())
            .any(|r| whole(&h, r));
        assert!(seen, "step {step}: {newest:?} is in sight in the step log");
    }
}
