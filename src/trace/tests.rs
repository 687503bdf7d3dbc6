//! Traces round trip, verify, name the first difference and refuse damage with line and column.

use super::head::{END_PREFIX, STEPS_LINE};
use super::*;

fn recorded(overrides: &SearchSpec) -> Trace {
    let scenario = Scenario::built_in();
    let mut session = scenario.session(overrides).unwrap();
    let mut trace = Trace::new(&scenario, session.view().settings());
    while session.view().outcome().is_none() {
        session.step();
        trace.push(session.view());
    }
    trace
}

fn text(trace: &Trace) -> String {
    let mut out = Vec::new();
    trace.write(&mut out).unwrap();
    String::from_utf8(out).unwrap()
}

fn reparse(text: &str) -> Result<Trace, TraceError> {
    Trace::read(TraceReader::new(
        text.as_bytes(),
        "t.ron",
        Path::new("scenarios"),
    )?)
}

#[test]
fn a_saved_trace_reloads_equal_and_verifies() {
    let trace = recorded(&SearchSpec::default());
    assert_eq!(trace.steps.len(), 21);
    assert_eq!(trace.outcome.as_deref(), Some("Goal found"));
    let back = reparse(&text(&trace)).unwrap();
    assert_eq!(back, trace);
    assert_eq!(back.verify().unwrap(), None);
}

#[test]
fn step_lines_round_trip_every_digest() {
    for (pick, digest) in [(None, 0), (Some(0), 0xff_ffff), (Some(u32::MAX), 0x12_3456)] {
        let step = TraceStep { pick, digest };
        assert_eq!(TraceStep::parse(&step.line()), Ok(step));
    }
    assert_eq!(TraceStep::parse("12 AAA").unwrap_err().0, 4);
    assert_eq!(TraceStep::parse("12 AA*A").unwrap_err().0, 6);
    assert_eq!(TraceStep::parse("x AAAA").unwrap_err().0, 1);
}

#[test]
fn a_timeline_over_a_trace_agrees_with_it_back_and_forth() {
    let trace = recorded(&SearchSpec::default());
    let mut t = crate::engine::timeline::Timeline::new(trace.session().unwrap());
    for target in [21, 5, 6, 20, 2, 1, 21] {
        t.go_to(target).unwrap();
        assert_eq!(t.steps(), target);
        assert_eq!(trace.check(t.view()), None, "step {target}");
    }
    let mut edited = trace.clone();
    edited.steps[5].digest ^= 1;
    t.go_to(6).unwrap();
    let d = edited.check(t.view()).unwrap();
    assert_eq!((d.step, d.what.as_str()), (6, "what the step did"));
    assert!(d.run.starts_with("picked #"), "{d}");
}

#[test]
fn settings_are_saved_resolved_so_overrides_replay() {
    let trace = recorded(&SearchSpec {
        algorithm: Some(crate::engine::settings::Algorithm::BreadthFirst),
        ..SearchSpec::default()
    });
    let back = reparse(&text(&trace)).unwrap();
    assert!(back.steps.len() > 21, "bfs checks more states than A*");
    assert_eq!(back.verify().unwrap(), None);
}

#[test]
fn a_changed_pick_is_the_first_difference_in_words() {
    let mut trace = recorded(&SearchSpec::default());
    trace.steps[6].pick = trace.steps[6].pick.map(|id| id + 1);
    let d = reparse(&text(&trace)).unwrap().verify().unwrap().unwrap();
    assert_eq!((d.step, d.what.as_str()), (7, "pick"));
    let shown = d.to_string();
    assert!(
        shown.starts_with("step 7 differs in pick: the trace picked #"),
        "{shown}"
    );
    assert!(
        shown.contains("the run picked #") && !shown.contains("Some("),
        "{shown}"
    );
}

#[test]
fn a_trace_cut_short_or_run_on_is_caught() {
    let mut trace = recorded(&SearchSpec::default());
    let mut longer = trace.clone();
    longer.steps.push(longer.steps[20]);
    let d = longer.verify().unwrap().unwrap();
    assert_eq!((d.step, d.what.as_str()), (22, "end"));
    assert!(d.run.contains("Goal found"), "{d}");
    trace.outcome = None;
    let d = trace.verify().unwrap().unwrap();
    assert_eq!((d.step, d.what.as_str()), (21, "outcome"));
    assert_eq!(d.trace, "had not ended");
}

#[test]
fn another_version_is_refused_by_name() {
    let text = text(&recorded(&SearchSpec::default())).replace(
        &format!("engine: \"{ENGINE_VERSION}\""),
        "engine: \"0.0.1\"",
    );
    let err = reparse(&text).unwrap_err().to_string();
    assert!(err.contains("recorded by frontier 0.0.1"), "{err}");
}

#[test]
fn damage_anywhere_gives_line_and_column() {
    let text = text(&recorded(&SearchSpec::default()));
    let line_of = |err: TraceError| match err {
        TraceError::Syntax { line, column, .. } => (line, column),
        other => panic!("{other}"),
    };
    let head_lines = text.lines().position(|l| l == STEPS_LINE).unwrap();
    let cut = &text[..text.find(STEPS_LINE).unwrap() / 2];
    assert!(line_of(reparse(cut).unwrap_err()).0 > 1);
    let no_end = &text[..text.find(END_PREFIX).unwrap()];
    assert_eq!(line_of(reparse(no_end).unwrap_err()), (head_lines + 23, 1));
    let bad_digit = text.replacen(STEPS_LINE, &format!("{STEPS_LINE}\n0 AA!A"), 1);
    assert_eq!(
        line_of(reparse(&bad_digit).unwrap_err()),
        (head_lines + 2, 5)
    );
    let after_end = format!("{text}0 AAAA\n");
    assert!(reparse(&after_end).is_err());
}
