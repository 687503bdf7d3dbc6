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
mod tests;
