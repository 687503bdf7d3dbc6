use super::*;

/// Runs `frames` frames of `dt` seconds with room for `budget` steps per frame; returns the
/// steps taken per frame. The search ends after `ends_after` steps in all.
fn frames(p: &mut Playback, frames: usize, dt: f64, budget: u64, ends_after: u64) -> Vec<u64> {
    let mut total = 0;
    (0..frames)
        .map(|_| {
            let mut left = budget;
            p.advance(
                dt,
                || {
                    total += 1;
                    total >= ends_after
                },
                || {
                    let room = left > 0;
                    left = left.saturating_sub(1);
                    room
                },
            )
        })
        .collect()
}

/// Playback at `speed` steps a second, started.
fn playing(speed: f64) -> Playback {
    let mut p = Playback::new(speed);
    p.toggle();
    p
}

#[test]
fn paused_takes_no_steps() {
    let mut p = Playback::new(100.0);
    assert_eq!(frames(&mut p, 3, 0.1, 1000, u64::MAX), vec![0, 0, 0]);
}

#[test]
fn running_spreads_the_speed_over_frames_and_carries_fractions() {
    let mut p = playing(2.0);
    // 2 steps a second at 4 frames a second: one step every other frame.
    assert_eq!(frames(&mut p, 4, 0.25, 1000, u64::MAX), vec![0, 1, 0, 1]);
    p.set_speed(10_000.0);
    assert_eq!(frames(&mut p, 2, 0.01, 1000, u64::MAX), vec![100, 100]);
}

#[test]
fn the_budget_caps_a_frame_and_the_backlog_is_dropped() {
    let mut p = playing(10_000.0);
    // 1000 steps due each frame, room for 30: never more than 30, and no growing debt.
    assert_eq!(frames(&mut p, 3, 0.1, 30, u64::MAX), vec![30, 30, 30]);
    assert_eq!(frames(&mut p, 1, 0.001, 30, u64::MAX), vec![10]);
}

#[test]
fn the_end_of_the_search_pauses() {
    let mut p = Playback::new(10.0);
    p.run_to_end();
    assert_eq!(frames(&mut p, 3, 0.016, 50, 120), vec![50, 50, 20]);
    assert_eq!(p.mode(), Mode::Paused);
}

#[test]
fn a_step_count_runs_exactly_that_many() {
    let mut p = Playback::new(1.0);
    p.run_steps(70);
    assert_eq!(frames(&mut p, 3, 0.016, 50, u64::MAX), vec![50, 20, 0]);
    assert!(!p.is_running());
}

#[test]
fn a_run_done_elsewhere_is_taken_on_unless_paused_meanwhile() {
    let mut here = Playback::new(10.0);
    here.run_steps(5);
    let mut away = here.clone();
    assert_eq!(frames(&mut away, 1, 0.016, 2, u64::MAX), vec![2]);
    here.set_speed(20.0);
    let mut running = here.clone();
    running.resume_from(away.clone());
    assert_eq!(running.mode(), Mode::Steps(3), "the steps taken away count");
    assert!(
        (running.speed() - 20.0).abs() < f64::EPSILON,
        "the new speed stays"
    );
    here.pause();
    here.resume_from(away);
    assert_eq!(here.mode(), Mode::Paused, "Pause while away wins");
}

/// A running frame that stepped `stepping` ms and took `frame` ms in all.
fn ran(p: &mut Playback, stepping: f64, frame: f64) {
    p.stepped(stepping / 1e3);
    p.frame_took(frame / 1e3);
}

/// The step budget in whole microseconds.
fn budget_us(p: &Playback) -> i64 {
    #[expect(clippy::cast_possible_truncation, reason = "a few thousand µs")]
    let us = (p.step_budget() * 1e6).round() as i64;
    us
}

#[test]
fn the_step_budget_is_what_the_views_leave_of_the_frame_aim() {
    let mut p = playing(10_000.0);
    assert_eq!(budget_us(&p), 500, "no frame yet: only the floor");
    // Views of 1 ms leave 4 ms of the 5 ms aim: stepping stays capped at 4.
    ran(&mut p, 0.5, 1.5);
    assert_eq!(budget_us(&p), 4000);
    // A frame whose views took 3.5 ms (stepping 4 of its 7.5): 1.5 ms left, 3 ms under
    // the 8 a frame may take for what follows the views.
    ran(&mut p, 4.0, 7.5);
    assert_eq!(budget_us(&p), 1500);
    // Views over the aim still leave the floor.
    ran(&mut p, 1.0, 23.0);
    assert_eq!(budget_us(&p), 500);
}

#[test]
fn a_costly_frame_every_few_frames_counts_on_the_frames_between() {
    let mut p = playing(10_000.0);
    // Every fifth frame's views take 3.5 ms (a table re-sorted), the others 1 ms.
    for frame in 0..20 {
        let views = if frame % 5 == 0 { 3.5 } else { 1.0 };
        ran(&mut p, 1.5, 1.5 + views);
        assert_eq!(budget_us(&p), 1500, "frame {frame}");
    }
    // Once no costly frame is remembered, the budget comes back.
    for _ in 0..REMEMBERED {
        ran(&mut p, 4.0, 5.0);
    }
    assert_eq!(budget_us(&p), 4000);
}

#[test]
fn paused_frames_do_not_count() {
    let mut p = playing(10.0);
    ran(&mut p, 1.0, 2.0);
    p.toggle();
    // Paused: a slow frame (a tree built) does not count.
    ran(&mut p, 0.0, 100.0);
    p.toggle();
    assert_eq!(budget_us(&p), 4000);
    ran(&mut p, 1.0, 4.5);
    assert_eq!(budget_us(&p), 1500, "running frames do");
}

#[test]
fn the_whole_frame_counts_where_the_window_measures_it() {
    let mut p = playing(10_000.0);
    // The app's pass took 2 ms (1 of it stepping), the whole frame 4 ms once painted:
    // the views took 3, leaving 2 ms of the aim.
    ran(&mut p, 1.0, 2.0);
    p.whole_frame_took(0.004);
    assert_eq!(budget_us(&p), 2000);
    // A smaller figure than the pass's own never lowers it; a paused frame's counts not.
    ran(&mut p, 1.0, 4.5);
    p.whole_frame_took(0.001);
    assert_eq!(budget_us(&p), 1500);
    p.toggle();
    p.frame_took(0.002);
    p.whole_frame_took(0.1);
    assert_eq!(budget_us(&p), 1500);
}

#[test]
fn speed_is_kept_in_range() {
    assert!((Playback::new(0.0).speed() - 1.0).abs() < f64::EPSILON);
    assert!((Playback::new(1e9).speed() - 10_000.0).abs() < f64::EPSILON);
    assert!((Playback::new(f64::NAN).speed() - 1.0).abs() < f64::EPSILON);
}

#[test]
fn fine_steps_announce_then_take_the_step_then_reveal_each_successor() {
    // A step whose event has 4 lines: the pick and three successors.
    let mut fine = Fine::Off;
    let mut trail = Vec::new();
    for _ in 0..5 {
        let (next, action) = fine.advance(4);
        fine = if action == FineAction::TakeStep {
            next.after_step(4)
        } else {
            next
        };
        trail.push((fine, action));
    }
    assert_eq!(
        trail,
        vec![
            (Fine::Announced, FineAction::Show),
            (Fine::Revealing { shown: 2 }, FineAction::TakeStep),
            (Fine::Revealing { shown: 3 }, FineAction::Show),
            (Fine::Revealing { shown: 4 }, FineAction::Show),
            (Fine::Announced, FineAction::Show),
        ]
    );
}
