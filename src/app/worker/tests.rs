use super::*;
use std::sync::mpsc::Sender;

/// Work that takes one step per permit sent to it and comes back after the first step that
/// finds it stopped (or when the permits end).
fn gated(permits: Receiver<()>) -> impl FnOnce(&AtomicBool) -> u64 + Send + 'static {
    move |stop| {
        let mut steps = 0;
        while permits.recv().is_ok() {
            steps += 1;
            if stop.load(Ordering::Relaxed) {
                break;
            }
        }
        steps
    }
}

/// Sends `n` permits (those after the work came back find nobody).
fn permits(tx: &Sender<()>, n: usize) {
    for _ in 0..n {
        if tx.send(()).is_err() {
            break;
        }
    }
}

#[test]
fn quick_work_comes_back_within_the_wait() {
    let errand = Errand::send(|_: &AtomicBool| 7, || {});
    assert_eq!(errand.wait(Duration::from_secs(60)), Some(7));
}

#[test]
fn a_step_still_running_leaves_the_caller_free_and_pause_takes_no_more() {
    let (tx, rx) = mpsc::channel();
    let (woke_tx, woke) = mpsc::channel();
    let errand = Errand::send(gated(rx), move || woke_tx.send(()).unwrap());
    // The work waits for its first permit: the caller is not kept waiting.
    assert_eq!(errand.poll(), None);
    assert_eq!(errand.wait(Duration::from_millis(1)), None);
    errand.stop();
    assert!(errand.stopping());
    permits(&tx, 3);
    // The step in progress finishes; then the work comes back instead of taking another.
    woke.recv().unwrap();
    assert_eq!(errand.poll(), Some(1));
}

#[test]
fn an_abandoned_errand_stops_and_drops_its_result() {
    let (tx, rx) = mpsc::channel();
    let (done_tx, done) = mpsc::channel();
    let errand = Errand::send(
        move |stop: &AtomicBool| {
            let steps = gated(rx)(stop);
            done_tx.send(steps).unwrap();
            steps
        },
        || {},
    );
    drop(errand);
    permits(&tx, 3);
    assert_eq!(
        done.recv().unwrap(),
        1,
        "the step in progress finishes, no more"
    );
}

/// A trip for one step of the built-in puzzle.
fn one_step_trip() -> Trip {
    let session = crate::scenario::Scenario::built_in()
        .session(&crate::scenario::SearchSpec::default())
        .unwrap();
    let mut playback = Playback::new(1.0);
    playback.run_steps(1);
    Trip {
        timeline: ShownTimeline::new(session),
        history: History::default(),
        watches: None,
        hit: None,
        playback,
        taken: 0,
        slowest: Duration::ZERO,
        error: None,
    }
}

#[test]
fn a_trip_takes_its_first_step_whatever_the_budget_unless_stopped() {
    let trip = one_step_trip().run(0.016, 0.0, &AtomicBool::new(false));
    assert_eq!((trip.taken, trip.timeline.steps()), (1, 1));
    let stopped = one_step_trip().run(0.016, 0.0, &AtomicBool::new(true));
    assert_eq!(stopped.taken, 0);
}

#[test]
fn only_what_needs_no_search_is_accepted_while_away() {
    assert!(allowed_while_away(&Command::RunPause));
    assert!(allowed_while_away(&Command::Reset));
    assert!(!allowed_while_away(&Command::Step));
    assert!(!allowed_while_away(&Command::RunToEnd));
}

#[test]
fn two_slow_steps_in_a_row_send_the_next_ones_away_and_a_quick_one_brings_them_back() {
    let (quick, slow) = (
        Duration::from_secs_f64(FRAME_BUDGET / 2.0),
        Duration::from_secs_f64(FRAME_BUDGET * 2.0),
    );
    let mut pace = Pace::default();
    pace.took(slow);
    assert!(!pace.off_thread(), "once may be the machine");
    pace.took(quick);
    pace.took(slow);
    assert!(!pace.off_thread());
    pace.took(slow);
    assert!(pace.off_thread());
    pace.took(quick);
    assert!(!pace.off_thread());
}
