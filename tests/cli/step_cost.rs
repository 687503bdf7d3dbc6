//! One step's cost does not depend on how far the search has gone: counted, not timed. And a
//! step that costs more than a frame does not freeze the window.

use crate::common;

use frontier::engine::cost::Cost;
use frontier::engine::problem::{Problem, Refusal, Successor};
use frontier::engine::search::Search;
use frontier::engine::settings::{Algorithm, Heuristic, Settings};
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};

/// State comparisons made so far by [`Rung`] (one test uses it, so no other test disturbs it).
static COMPARED: AtomicU64 = AtomicU64::new(0);

/// A rung of an endless ladder, counting how often two rungs are compared.
#[derive(Clone, Debug, Eq)]
struct Rung(u64);

impl frontier::engine::notebook::Filed for Rung {}

impl PartialEq for Rung {
    fn eq(&self, other: &Rung) -> bool {
        COMPARED.fetch_add(1, Ordering::Relaxed);
        self.0 == other.0
    }
}

impl Hash for Rung {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

/// An endless ladder: from rung n one goes up to n + 1 or back down to n − 1 (on the path, a
/// cycle). Depth-first search climbs it forever, one rung per step, so the path is as long as
/// the steps taken.
#[derive(Clone)]
struct Ladder;

impl Problem for Ladder {
    type State = Rung;
    type Move = i8;

    fn validate(&self) -> Result<(), Refusal> {
        Ok(())
    }
    fn start(&self) -> Rung {
        Rung(1)
    }
    fn is_goal(&self, _: &Rung) -> bool {
        false
    }
    fn successors(&self, state: &Rung, out: &mut Vec<Successor<Rung, i8>>) {
        out.push(Successor::Child {
            state: Rung(state.0 + 1),
            mv: 1,
            cost: Cost::ONE,
        });
        out.push(Successor::Child {
            state: Rung(state.0 - 1),
            mv: -1,
            cost: Cost::ONE,
        });
    }
    fn heuristics(&self) -> &'static [Heuristic] {
        &[Heuristic::Zero]
    }
    fn estimate(&self, _: &Rung, _: Heuristic) -> Cost {
        Cost::ZERO
    }
}

/// State comparisons per step over the next `steps` steps.
fn compared_per_step(search: &mut Search<Ladder>, steps: u64) -> f64 {
    let before = COMPARED.load(Ordering::Relaxed);
    search.run(search.steps() + steps);
    let compared = COMPARED.load(Ordering::Relaxed) - before;
    compared as f64 / steps as f64
}

#[test]
fn backtracking_compares_as_many_states_per_step_deep_as_shallow() {
    let settings = Settings {
        algorithm: Algorithm::Backtracking,
        heuristic: Heuristic::Zero,
        max_states: 1 << 20,
        ..Settings::default()
    };
    let mut search = Search::new(Ladder, settings);
    let shallow = compared_per_step(&mut search, 200);
    search.run(20_000);
    assert_eq!(
        search
            .core()
            .notebook
            .node(search.last_event().pick.as_ref().unwrap().id)
            .depth,
        19_999
    );
    let deep = compared_per_step(&mut search, 200);
    // Each step tests two children: one new, one the rung just left (a cycle, found on the path).
    // Walking the path would compare about 20,000 states per step here.
    assert!(
        shallow <= 4.0,
        "{shallow} comparisons per step near the start"
    );
    assert!(
        deep <= shallow + 0.5,
        "{deep} comparisons per step at depth 20,000, {shallow} near the start"
    );
    let cycle = search
        .last_event()
        .successors
        .iter()
        .filter(|s| s.fate == frontier::engine::event::Fate::Kept)
        .count();
    assert_eq!(cycle, 1, "the way back down is still seen as a cycle");
}

mod sokoban_estimates {
    use frontier::domains::sokoban::{self, Position, Push, Sokoban, SokobanCost};
    use frontier::engine::problem::{Problem, Successor};
    use frontier::engine::settings::Heuristic;
    use frontier::present::Presentation;

    fn level(text: &str) -> Sokoban {
        Sokoban::new(sokoban::pick_level(text, None, None), SokobanCost::Pushes)
    }

    fn children(level: &Sokoban, state: &Position) -> Vec<Position> {
        let mut out: Vec<Successor<Position, Push>> = Vec::new();
        level.successors(state, &mut out);
        out.into_iter()
            .filter_map(|s| match s {
                Successor::Child { state, .. } => Some(state),
                Successor::Pruned { .. } => None,
            })
            .collect()
    }

    /// Walks `moves` pushes from the start, taking child `pick(i)` at move `i`, and checks every
    /// `every`-th child's matching estimate (repaired from the parent's assignment) and the
    /// start's against a fresh solve by a copy of the level (a copy keeps no assignment).
    /// Returns the children checked.
    fn compare_along_a_walk(
        level: &Sokoban,
        moves: usize,
        every: usize,
        pick: impl Fn(usize, usize) -> usize,
    ) -> usize {
        let start = level.start();
        let start_h = level.clone().estimate(&start, Heuristic::Matching);
        let mut state = start.clone();
        let mut checked = 0;
        for i in 0..moves {
            // The start differs from the parent in several boxes: several rows repaired.
            assert_eq!(
                level.estimate(&start, Heuristic::Matching),
                start_h,
                "move {i}"
            );
            let kids = children(level, &state);
            if kids.is_empty() {
                break;
            }
            for kid in kids.iter().step_by(every) {
                let repaired = level.estimate(kid, Heuristic::Matching);
                let fresh = level.clone().estimate(kid, Heuristic::Matching);
                assert_eq!(repaired, fresh, "move {i}: {}", level.compact(kid));
                checked += 1;
            }
            state = kids[pick(i, kids.len())].clone();
        }
        checked
    }

    #[test]
    fn repaired_matchings_equal_fresh_ones_on_every_microban_level() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/sokoban");
        let mut checked = 0;
        for n in (1..=15).chain([44]) {
            let text = std::fs::read_to_string(dir.join(format!("microban_{n:03}.txt"))).unwrap();
            let level = level(&text);
            // Different walks: always the last child, then a pseudo-random one.
            checked += compare_along_a_walk(&level, 40, 1, |_, len| len - 1);
            checked += compare_along_a_walk(&level, 40, 1, |i, len| (i * 7 + 3) % len);
        }
        assert!(checked > 1000, "{checked} estimates compared");
    }

    #[test]
    fn repaired_matchings_equal_fresh_ones_on_606_boxes() {
        let level = level(include_str!("../../benches/sokoban_606.txt"));
        let checked = compare_along_a_walk(&level, 4, 97, |i, len| (i * 389 + 11) % len);
        assert!(checked >= 80, "{checked} estimates compared");
    }
}

mod slow_steps_in_the_app {
    use super::common;
    use eframe::egui;
    use egui_kittest::{Harness, kittest::Queryable};
    use frontier::app::FrontierApp;
    use frontier::app::state::Layout;
    use frontier::engine::event::StepEvent;
    use frontier::engine::session::Session;
    use frontier::engine::view::SearchView;
    use frontier::present::{ShownSearch, ShownSession};
    use frontier::scenario::{Scenario, SearchSpec};
    use std::sync::mpsc::{Receiver, Sender, channel};
    use std::time::Duration;

    /// A real search whose every step first waits for the test to let it go, then sleeps as
    /// long as the test says: a step as slow as the test wants, with no guessing at speeds.
    /// It shows the real search's view; only stepping is gated.
    struct Gated {
        inner: Box<dyn ShownSession>,
        gate: Receiver<Duration>,
    }

    impl Session for Gated {
        fn view(&self) -> &dyn SearchView {
            self.inner.view()
        }
        fn step(&mut self) -> &StepEvent {
            if let Ok(pause) = self.gate.recv() {
                std::thread::sleep(pause);
            }
            self.inner.step()
        }
        fn rewind(&mut self, target: u64) -> bool {
            self.inner.rewind(target)
        }
        fn hold_elsewhere(&mut self, bytes: usize) {
            self.inner.hold_elsewhere(bytes);
        }
        /// A keyframe is the real search as it is: steps replayed from it are not gated.
        fn snapshot(&self) -> Box<dyn Session> {
            self.inner.snapshot()
        }
    }

    impl ShownSession for Gated {
        fn shown(&self) -> &dyn ShownSearch {
            self.inner.shown()
        }
        fn shown_snapshot(&self) -> Box<dyn ShownSession> {
            self.inner.shown_snapshot()
        }
    }

    /// The app on the seed puzzle searched by a [`Gated`] search, and the gate's key.
    fn gated_app() -> (Harness<'static, FrontierApp>, Sender<Duration>) {
        let scenario = Scenario::built_in();
        let (key, gate) = channel();
        let inner = scenario.session(&SearchSpec::default()).unwrap();
        let session = Box::new(Gated { inner, gate });
        let h = Harness::builder()
            .with_max_steps(common::MAX_SETTLE_FRAMES)
            .with_size(egui::vec2(1500.0, 950.0))
            .build_eframe(move |cc| {
                FrontierApp::with_session(&cc.egui_ctx, scenario, Layout::default(), session)
            });
        (h, key)
    }

    /// Runs frames until the search is back from its worker (the worker only needs the
    /// scheduler to run it; the bound is there so a broken app fails instead of hanging).
    fn until_back(h: &mut Harness<'_, FrontierApp>) {
        for _ in 0..6000 {
            if !h.state().is_working() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
            h.step();
        }
        panic!("the search never came back from its worker");
    }

    #[test]
    fn a_step_longer_than_a_frame_runs_off_the_ui_thread_and_pause_and_reset_still_work() {
        let (mut h, key) = gated_app();
        // Two steps of 20 ms, taken on the UI thread: longer than a frame's budget, twice.
        for _ in 0..2 {
            key.send(Duration::from_millis(20)).unwrap();
            common::press_step(&mut h, 1);
            assert!(!h.state().is_working());
        }
        assert_eq!(h.state().view().steps(), 2);

        // The next step goes to a worker; it waits at the gate, and the window goes on.
        common::press_step(&mut h, 1);
        assert!(h.state().is_working(), "the slow step is off the UI thread");
        h.get_by_label_contains("working… step 3");
        assert_eq!(h.state().view().steps(), 2, "still the search as it left");
        // Pause: the step in progress finishes, and no other is taken.
        h.get_by_label("Pause").click();
        h.run();
        assert!(h.state().is_working());
        // Slow once let go too: on a loaded machine the worker may only reach the gate after
        // this send, and a quick step would then bring the next one back to the UI thread.
        key.send(Duration::from_millis(20)).unwrap();
        until_back(&mut h);
        assert_eq!(h.state().view().steps(), 3);
        assert!(!h.state().is_running());
        h.get_by_label("Step");

        // Reset while a step is away: a new search at once; the old one is abandoned.
        common::press_step(&mut h, 1);
        assert!(h.state().is_working());
        h.get_by_label("Reset").click();
        h.run();
        assert!(!h.state().is_working());
        assert_eq!(h.state().view().steps(), 0);
        common::press_step(&mut h, 1);
        assert_eq!(
            h.state().view().steps(),
            1,
            "the new search steps here again"
        );
        // Let the abandoned step finish (its search is dropped on its thread).
        key.send(Duration::ZERO).unwrap();
    }
}
