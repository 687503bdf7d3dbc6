//! Running a search without freezing the window: a small state machine that turns elapsed time
//! into steps due and spends at most a time budget per frame on them ([`RunBudget`]: what the
//! views leave of a frame), and the fine-step cursor that walks through the parts of one step.
//! No egui here, so all are tested with a fixed time step.

/// Slowest and fastest running speeds, in steps per second.
pub const SPEED_RANGE: std::ops::RangeInclusive<f64> = 1.0..=10_000.0;

/// Longest time spent stepping in one frame, in seconds.
pub const FRAME_BUDGET: f64 = 0.004;

/// What a running frame's own work (its steps plus everything the views do) aims at, in
/// seconds: 3 ms under the 8 ms a frame may take, left for views costing a little more than
/// they did, and for what follows the app's pass (egui ending it and tessellating, the
/// painting) where the window does not say what the whole frame took (see
/// [`RunBudget::whole_frame_took`]). Measured at 100,000 tree nodes: 1–3 ms after the pass,
/// views varying by 1–3 ms (with a 6 ms aim, the slowest running frames took 10 ms).
pub const FRAME_AIM: f64 = 0.005;

/// Least time a running frame spends stepping, in seconds, however much the views cost: a
/// search always advances.
pub const STEP_FLOOR: f64 = 0.0005;

/// Running frames whose views' work [`RunBudget`] remembers. A view that works hard only in
/// some frames (a table rebuilt, a tree catching up after a jump) must count on the frames in
/// between too, or the frame it works in steps a whole budget as well.
const REMEMBERED: usize = 32;

/// What the player is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Only Step and Fine step move the search.
    Paused,
    /// Stepping at the chosen speed.
    Running,
    /// Stepping as fast as the frame budget allows until the search ends.
    ToEnd,
    /// Stepping as fast as the frame budget allows until this many more steps are done.
    Steps(u64),
}

/// The run state machine.
#[derive(Clone, Debug, PartialEq)]
pub struct Playback {
    mode: Mode,
    speed: f64,
    /// Fractional steps owed at the current speed.
    credit: f64,
    budget: RunBudget,
}

/// How long a running frame may step: what is left of [`FRAME_AIM`] after the most the
/// views (tables, tree, board: the rest of the frame) took in any of the last running frames,
/// at most [`FRAME_BUDGET`] and at least [`STEP_FLOOR`]. So a run slows down while the views
/// are costly and its frames stay under 8 ms with room to spare, instead of every frame
/// stepping 4 ms and then drawing. With no running frame remembered yet it steps only the
/// floor: what the views cost depends on how much was stepped (the tree catches up on every
/// step of the frame), so a run's first frame does not step a whole budget on a guess.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RunBudget {
    /// The views' seconds in the last [`REMEMBERED`] running frames (oldest overwritten).
    views: Vec<f64>,
    /// Where the next frame's goes in `views` once it is full.
    next: usize,
    /// Seconds this frame spent stepping so far.
    stepping: f64,
    /// Where in `views` the last frame went, while that frame was the last one and running.
    last: Option<usize>,
}

impl RunBudget {
    /// Seconds the next frame may spend stepping.
    #[must_use]
    pub fn seconds(&self) -> f64 {
        let Some(views) = self.views.iter().copied().reduce(f64::max) else {
            return STEP_FLOOR;
        };
        (FRAME_AIM - views).clamp(STEP_FLOOR, FRAME_BUDGET)
    }

    /// Notes the time this frame spent stepping (or waiting for steps run elsewhere).
    pub fn stepped(&mut self, seconds: f64) {
        self.stepping = seconds;
    }

    /// Notes a running frame that took `seconds` in all: what stepping did not take of it was
    /// the views' work.
    pub fn frame_took(&mut self, seconds: f64) {
        let views = (seconds - self.stepping).max(0.0);
        if self.views.len() < REMEMBERED {
            self.views.push(views);
        } else {
            self.views[self.next] = views;
        }
        self.last = Some(self.next);
        self.next = (self.next + 1) % REMEMBERED;
    }

    /// Notes what the whole of the last frame took, as the window's integration measured it
    /// once the frame was painted (the app's pass, egui's tessellation, the painting): if that
    /// frame was running, its views count for that much, less its stepping. Call before this
    /// frame steps.
    pub fn whole_frame_took(&mut self, seconds: f64) {
        if let Some(i) = self.last.take() {
            self.views[i] = self.views[i].max(seconds - self.stepping);
        }
    }
}

impl Playback {
    /// Paused, at `speed` steps per second (kept within [`SPEED_RANGE`]).
    #[must_use]
    pub fn new(speed: f64) -> Playback {
        Playback {
            mode: Mode::Paused,
            speed: clamp_speed(speed),
            credit: 0.0,
            budget: RunBudget::default(),
        }
    }

    /// Seconds the next frame may spend stepping (see [`RunBudget`]).
    #[must_use]
    pub fn step_budget(&self) -> f64 {
        self.budget.seconds()
    }

    /// Notes the time this frame spent stepping (see [`RunBudget::stepped`]).
    pub fn stepped(&mut self, seconds: f64) {
        self.budget.stepped(seconds);
    }

    /// Notes how long the whole of a frame took: while running, its views' share counts for
    /// the next frames' budget; a paused frame's does not (a run starting is judged by running
    /// frames only).
    pub fn frame_took(&mut self, seconds: f64) {
        if self.is_running() {
            self.budget.frame_took(seconds);
        } else {
            self.budget.last = None;
        }
    }

    /// Notes what the whole of the last frame took, painting included, where the window
    /// measures it (see [`RunBudget::whole_frame_took`]).
    pub fn whole_frame_took(&mut self, seconds: f64) {
        self.budget.whole_frame_took(seconds);
    }

    /// What the player is doing now.
    #[must_use]
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Whether the search advances by itself.
    #[must_use]
    pub fn is_running(&self) -> bool {
        self.mode != Mode::Paused
    }

    /// Steps per second while [`Mode::Running`].
    #[must_use]
    pub fn speed(&self) -> f64 {
        self.speed
    }

    /// Changes the speed (kept within [`SPEED_RANGE`]); a run goes on at the new speed.
    pub fn set_speed(&mut self, speed: f64) {
        self.speed = clamp_speed(speed);
    }

    /// Run at the chosen speed, or pause whatever is running.
    pub fn toggle(&mut self) {
        self.mode = if self.is_running() {
            Mode::Paused
        } else {
            Mode::Running
        };
        self.credit = 0.0;
    }

    /// Steps as fast as the frame budget allows until the search ends.
    pub fn run_to_end(&mut self) {
        self.mode = Mode::ToEnd;
    }

    /// Steps as fast as the frame budget allows, `steps` more times.
    pub fn run_steps(&mut self, steps: u64) {
        self.mode = if steps == 0 {
            Mode::Paused
        } else {
            Mode::Steps(steps)
        };
    }

    /// Stops, forgetting any fraction of a step owed.
    pub fn pause(&mut self) {
        self.mode = Mode::Paused;
        self.credit = 0.0;
    }

    /// Takes on what a run elsewhere (on a worker thread) did to a copy of this machine, unless
    /// this one was paused meanwhile; a speed set meanwhile stays.
    pub fn resume_from(&mut self, worked: Playback) {
        if self.is_running() {
            let (speed, budget) = (self.speed, std::mem::take(&mut self.budget));
            *self = worked;
            (self.speed, self.budget) = (speed, budget);
        }
    }

    /// Advances by `dt` seconds of wall time: calls `step` for every step due, while
    /// `time_left` says the frame budget is not spent. `step` returns `true` when the search
    /// has ended, which pauses. Returns the number of steps taken.
    ///
    /// Steps the budget had no room for are dropped, not owed: a slow frame never makes the
    /// next one slower.
    pub fn advance(
        &mut self,
        dt: f64,
        mut step: impl FnMut() -> bool,
        mut time_left: impl FnMut() -> bool,
    ) -> u64 {
        let due = match self.mode {
            Mode::Paused => return 0,
            Mode::Running => {
                self.credit = (self.credit + self.speed * dt.max(0.0)).min(self.speed);
                // Truncation is the point: whole steps now, the fraction carried.
                #[expect(
                    clippy::cast_possible_truncation,
                    clippy::cast_sign_loss,
                    reason = "credit is finite, ≥ 0 and at most the speed"
                )]
                let whole = self.credit.floor() as u64;
                whole
            }
            Mode::ToEnd => u64::MAX,
            Mode::Steps(n) => n,
        };
        let mut done = 0;
        let mut ended = false;
        while done < due && time_left() {
            done += 1;
            if step() {
                ended = true;
                break;
            }
        }
        match self.mode {
            Mode::Running => {
                #[expect(
                    clippy::cast_precision_loss,
                    reason = "step counts per frame are small"
                )]
                let spent = done as f64;
                self.credit = if done < due { 0.0 } else { self.credit - spent };
            }
            Mode::Steps(n) => self.mode = Mode::Steps(n - done),
            Mode::Paused | Mode::ToEnd => {}
        }
        if ended || self.mode == Mode::Steps(0) {
            self.pause();
        }
        done
    }
}

fn clamp_speed(speed: f64) -> f64 {
    if speed.is_finite() {
        speed.clamp(*SPEED_RANGE.start(), *SPEED_RANGE.end())
    } else {
        *SPEED_RANGE.start()
    }
}

/// Where fine stepping stands within one step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fine {
    /// Whole steps only.
    Off,
    /// The next pick and why have been shown; the step is not taken yet.
    Announced,
    /// The step is taken; the first `shown` lines of its event (the pick line first, then one
    /// per successor) are shown.
    Revealing { shown: usize },
}

/// What one fine step asks of the app.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FineAction {
    /// Only show more; the search stays where it is.
    Show,
    /// Take the step now.
    TakeStep,
}

impl Fine {
    /// The next part. `lines` is the number of lines of the last step's event (the pick line and
    /// one per successor) once the step is taken.
    #[must_use]
    pub fn advance(self, lines: usize) -> (Fine, FineAction) {
        match self {
            Fine::Off => (Fine::Announced, FineAction::Show),
            Fine::Revealing { shown } if shown >= lines => (Fine::Announced, FineAction::Show),
            Fine::Announced => (Fine::Revealing { shown: 0 }, FineAction::TakeStep),
            Fine::Revealing { shown } => (Fine::Revealing { shown: shown + 1 }, FineAction::Show),
        }
    }

    /// Right after the step is taken: the pick line and the first successor are shown.
    #[must_use]
    pub fn after_step(self, lines: usize) -> Fine {
        match self {
            Fine::Revealing { shown: 0 } => Fine::Revealing {
                shown: lines.min(2),
            },
            other => other,
        }
    }
}

#[cfg(test)]
mod tests {
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

    #[test]
    fn paused_takes_no_steps() {
        let mut p = Playback::new(100.0);
        assert_eq!(frames(&mut p, 3, 0.1, 1000, u64::MAX), vec![0, 0, 0]);
    }

    #[test]
    fn running_spreads_the_speed_over_frames_and_carries_fractions() {
        let mut p = Playback::new(2.0);
        p.toggle();
        // 2 steps a second at 4 frames a second: one step every other frame.
        assert_eq!(frames(&mut p, 4, 0.25, 1000, u64::MAX), vec![0, 1, 0, 1]);
        p.set_speed(10_000.0);
        assert_eq!(frames(&mut p, 2, 0.01, 1000, u64::MAX), vec![100, 100]);
    }

    #[test]
    fn the_budget_caps_a_frame_and_the_backlog_is_dropped() {
        let mut p = Playback::new(10_000.0);
        p.toggle();
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
        let mut p = Playback::new(10_000.0);
        p.toggle();
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
        let mut p = Playback::new(10_000.0);
        p.toggle();
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
        let mut p = Playback::new(10.0);
        p.toggle();
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
        let mut p = Playback::new(10_000.0);
        p.toggle();
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
}
