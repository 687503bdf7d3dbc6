//! Measures the app's CPU time per frame (egui pass plus tessellation, no GPU) with more than a
//! million open rows, and while running at full speed. Run with
//! `cargo run --release --example frame_time`; it prints milliseconds per frame. With the
//! argument `tree` (`… --example frame_time -- tree [STATES]`) it measures the Tree tab
//! instead, on a search of STATES stored states (default 100,000).

#[path = "shared/frames.rs"]
mod frames;

use eframe::egui;
use egui_kittest::Harness;
use frames::{frame, report, run_until, timed, wheel};
use frontier::app::FrontierApp;
use frontier::app::command::{Command, TravelCommand};
use frontier::app::panels::tables::sorted_ids;
use frontier::app::sort::{Sort, SortColumn};
use frontier::app::state::Layout;
use frontier::engine::notebook::Status;
use frontier::scenario::Scenario;
use std::path::Path;
use std::time::Instant;

/// What one running frame can be told apart by, read from the app before and after it.
#[derive(Clone, Copy)]
struct Seen {
    steps: u64,
    rows: usize,
    open: usize,
    working: bool,
}

impl Seen {
    fn of(h: &Harness<'_, FrontierApp>) -> Seen {
        let app = h.state();
        Seen {
            steps: app.view().steps(),
            rows: app.view().rows(),
            open: app.open_ids().len(),
            working: app.is_working(),
        }
    }

    /// One frame in words: its time, its steps, whether it crossed a keyframe's step (every
    /// 1,024 steps, or a multiple once thinned), whether the open table's list changed
    /// and whether the search was away on the worker.
    fn what(i: usize, (wall, cpu): (f64, f64), a: &Seen, b: &Seen) -> String {
        let keyframe = a.steps / 1024 != b.steps / 1024;
        format!(
            "frame {i:3}: {wall:6.2} ms wall, {cpu:6.2} cpu; {} steps, {} rows → {}{}{}{}",
            b.steps - a.steps,
            a.rows,
            b.rows,
            if keyframe {
                ", crossed a 1,024-step mark"
            } else {
                ""
            },
            if a.open != b.open {
                ", open list updated"
            } else {
                ""
            },
            if a.working || b.working {
                ", worker"
            } else {
                ""
            },
        )
    }
}

/// A 5×5 start far from the goal: the goal scrambled by a fixed walk of the blank.
fn five_by_five_start() -> Vec<u8> {
    let mut tiles: Vec<u8> = (1..25).chain([0]).collect();
    let mut blank = 24usize;
    let mut previous = usize::MAX;
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    for _ in 0..200 {
        let (row, col) = (blank / 5, blank % 5);
        let mut moves = Vec::new();
        if row > 0 {
            moves.push(blank - 5);
        }
        if row < 4 {
            moves.push(blank + 5);
        }
        if col > 0 {
            moves.push(blank - 1);
        }
        if col < 4 {
            moves.push(blank + 1);
        }
        moves.retain(|&m| m != previous);
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let next = moves[usize::try_from(seed % moves.len() as u64).unwrap()];
        tiles.swap(blank, next);
        previous = blank;
        blank = next;
    }
    tiles
}

fn main() {
    if std::env::args().nth(1).as_deref() == Some("tree") {
        let states = std::env::args()
            .nth(2)
            .map_or(100_000, |n| n.parse().unwrap());
        tree_frames(states);
        return;
    }
    let text = format!(
        "Scenario(title: \"5×5, breadth-first\", problem: SlidingPuzzle(width: 5, height: 5, start: {:?}), \
         search: (algorithm: BreadthFirst, max_states: 2000000))",
        five_by_five_start()
    );
    let scenario = Scenario::parse(&text, "frame_time", Path::new(".")).unwrap();
    let mut h =
        frames::harness(move |ctx| FrontierApp::new(ctx, scenario, Layout::default()).unwrap());

    // Fill the notebook through the app itself ("Go" with a large count), frame by frame.
    let started = Instant::now();
    let fill = run_until(&mut h, |app| app.view().counts().open >= 1_000_000);
    let c = h.state().view().counts();
    println!(
        "filled in {:.1} s: {} steps, {} open rows, {} closed, {} stored",
        started.elapsed().as_secs_f64(),
        h.state().view().steps(),
        c.open,
        c.closed,
        c.states_stored
    );
    report("running (\"Go\") while the open list grows to 1M", fill);

    // What one rebuild of each table's sorted ids costs on its own.
    let session = h.state().view();
    for (what, status, sort) in [
        ("open list, pick order", Status::Open, Sort::default()),
        (
            "open list, by h",
            Status::Open,
            Sort::default().clicked(SortColumn::H),
        ),
        (
            "closed list, storing order",
            Status::Closed,
            Sort::default(),
        ),
    ] {
        let started = Instant::now();
        let ids = std::hint::black_box(sorted_ids(session, status, sort));
        println!(
            "sorting the {what} ({} ids): {:.1} ms",
            ids.len(),
            started.elapsed().as_secs_f64() * 1e3
        );
    }

    // After a step, the open list is updated on the first frame and the closed list on the
    // next (they take turns).
    let (mut first, mut second) = (Vec::new(), Vec::new());
    for _ in 0..5 {
        h.state_mut().apply(Command::Step);
        first.push(frame(&mut h));
        second.push(frame(&mut h));
    }
    report(
        "the frame after a Step (the open list updated from the log)",
        first,
    );
    report(
        "the next frame (the closed list updated from the log)",
        second,
    );

    let idle: Vec<_> = (0..120).map(|_| frame(&mut h)).collect();
    report("idle with 1M open rows", idle);

    // Scroll the open table: the pointer over it, a page down every frame.
    let over_open_table = egui::pos2(700.0, 300.0);
    h.event(egui::Event::PointerMoved(over_open_table));
    let mut scrolling = Vec::new();
    for _ in 0..120 {
        h.event(wheel(egui::MouseWheelUnit::Page, egui::vec2(0.0, -3.0)));
        scrolling.push(frame(&mut h));
    }
    report("scrolling the 1M-row open table", scrolling);

    // Running at full speed with 1M open rows: stepping slices plus the throttled re-sorts.
    h.state_mut().apply(Command::SetSpeed(10_000.0));
    h.state_mut().apply(Command::RunPause);
    let steps_before = h.state().view().steps();
    let mut worst = Vec::new();
    let running: Vec<_> = (0..240)
        .map(|i| {
            let before = Seen::of(&h);
            let f = frame(&mut h);
            worst.push((f, i, before, Seen::of(&h)));
            f
        })
        .collect();
    worst.sort_by(|a, b| b.0.1.total_cmp(&a.0.1));
    println!("the running frames with the most CPU time, and what they did:");
    for (f, i, a, b) in worst.iter().take(12) {
        println!("  {}", Seen::what(*i, *f, a, b));
    }
    let steps = h.state().view().steps() - steps_before;
    let wall: f64 = running.iter().map(|f| f.0).sum::<f64>() / 1e3;
    println!(
        "running at 10,000 steps/s: {steps} steps in 240 frames ({:.0} steps/s of frame time)",
        steps as f64 / wall
    );
    report("running at full speed with 1M open rows", running);

    // The seed puzzle running at full speed (small tables).
    let mut seed = frames::harness(|ctx| {
        FrontierApp::new(ctx, Scenario::built_in(), Layout::default()).unwrap()
    });
    seed.state_mut().apply(Command::SetSpeed(10_000.0));
    seed.state_mut().apply(Command::RunSteps(1_000));
    let seed_frames: Vec<_> = (0..60).map(|_| frame(&mut seed)).collect();
    report("the seed puzzle, running to its goal and idle", seed_frames);
}

/// The Tree tab on `states` stored states (5×5 breadth-first, stepped before the window
/// opens): fitted (every layer summarised), zoomed in until nodes show their words, the frame
/// after a step (the tree brought up to date), after a step back (taken back in place),
/// and running, with the tree shown and then with the tables.
fn tree_frames(states: usize) {
    use egui_kittest::kittest::Queryable;
    let text = format!(
        "Scenario(title: \"5×5 tree\", problem: SlidingPuzzle(width: 5, height: 5, start: {:?}), \
         search: (algorithm: BreadthFirst, max_states: 2000000))",
        five_by_five_start()
    );
    let scenario = Scenario::parse(&text, "tree_frame_time", Path::new(".")).unwrap();
    let mut session = scenario
        .session(&frontier::scenario::SearchSpec::default())
        .unwrap();
    while session.view().rows() < states && session.view().outcome().is_none() {
        session.step();
    }
    println!(
        "{} stored states after {} steps",
        session.view().rows(),
        session.view().steps()
    );
    let started = Instant::now();
    let tree = frontier::present::tree::Tree::of(session.view());
    let read = started.elapsed().as_secs_f64() * 1e3;
    let shape =
        frontier::present::tree::shape::Shape::of(&tree, &Default::default(), &|_| String::new());
    println!(
        "the tree read from the notebook and log in {read:.1} ms, shaped and laid out in {:.1} ms ({} nodes and stubs)",
        started.elapsed().as_secs_f64() * 1e3 - read,
        shape.items.len()
    );
    in_place_split(session.snapshot());
    let mut h = frames::harness(move |ctx| {
        FrontierApp::with_session(ctx, scenario, Layout::default(), session)
    });
    h.get_by_label("Tree").click();
    let opening = frame(&mut h);
    println!(
        "opening the Tree tab (tree and layout built): {:.1} ms wall",
        opening.0
    );
    let fitted: Vec<_> = (0..60).map(|_| frame(&mut h)).collect();
    report("the whole tree fitted (summarised)", fitted);
    for zoom in 0..40 {
        h.get_by_label("+").click();
        frame(&mut h);
        if zoom % 10 == 9 {
            let frames: Vec<_> = (0..30).map(|_| frame(&mut h)).collect();
            report(&format!("zoomed in {}×1.5", zoom + 1), frames);
        }
    }
    // After each command, frames until the tree's caption shows the new step; the slowest of
    // them (the one that brought the tree up to date) is the step's frame. The command itself
    // (the step, or the time travel) runs when it is applied, before the frame: timed apart.
    let caught_up = |h: &mut Harness<'_, FrontierApp>, command: Command| {
        let applied = timed(|| h.state_mut().apply(command)).1;
        let mut slowest = (0.0f64, 0.0f64);
        for _ in 0..100 {
            let f = frame(h);
            slowest = (slowest.0.max(f.0), slowest.1.max(f.1));
            let view = h.state().view();
            let caption = format!("step {}: {} node", view.steps(), view.rows());
            if h.query_all_by_label_contains(&caption).next().is_some() {
                break;
            }
        }
        (applied, slowest)
    };
    let (applied, stepped): (Vec<_>, Vec<_>) =
        (0..20).map(|_| caught_up(&mut h, Command::Step)).unzip();
    report(
        "the Step command (the search's step, before the frame)",
        applied,
    );
    report("the frame after a Step (tree brought up to date)", stepped);
    let (travel, back): (Vec<_>, Vec<_>) = (0..5)
        .map(|_| caught_up(&mut h, Command::Travel(TravelCommand::StepBack)))
        .unzip();
    report(
        "the Step back command (time travel, before the frame)",
        travel,
    );
    report(
        "the frame after a Step back (tree taken back in place)",
        back,
    );
    // A step back updates the tables' sorted lists from the undone steps; a long jump back
    // sorts them anew (the tables refresh even while the Tree tab shows): that sort's cost.
    let (open, sort) = timed(|| sorted_ids(h.state().view(), Status::Open, Sort::default()));
    println!(
        "sorting the open list anew ({} ids), as the frame after a long jump back does: {:.1} ms wall, {:.1} ms cpu",
        open.len(),
        sort.0,
        sort.1
    );
    h.state_mut().apply(Command::SetSpeed(10_000.0));
    h.state_mut().apply(Command::RunPause);
    // Each running frame with the rows stored before it and the steps it took, so the slowest
    // ones can be told apart: a long batch of steps, a big tree, or neither (the views).
    let running = |h: &mut Harness<'_, FrontierApp>, what: &str| {
        let (steps, rows) = (h.state().view().steps(), h.state().view().rows());
        let mut each = Vec::new();
        for _ in 0..120 {
            let (before, rows) = (h.state().view().steps(), h.state().view().rows());
            let f = frame(h);
            each.push((f, rows, h.state().view().steps() - before));
        }
        // A busy machine can make two steps in a row look slow and send the search to a
        // worker; its counts (and the tabs) come back with it.
        while h.state().is_working() {
            h.step();
        }
        let frames: Vec<_> = each.iter().map(|e| e.0).collect();
        let wall: f64 = frames.iter().map(|f| f.0).sum::<f64>() / 1e3;
        let view = h.state().view();
        println!(
            "{what}: {} steps in 120 frames ({:.0} steps/s of frame time), {rows} → {} stored",
            view.steps() - steps,
            (view.steps() - steps) as f64 / wall,
            view.rows()
        );
        report(what, frames);
        let mut slowest: Vec<_> = each.iter().enumerate().collect();
        slowest.sort_by(|a, b| b.1.0.1.total_cmp(&a.1.0.1));
        for (i, ((wall, cpu), rows, steps)) in slowest.into_iter().take(3) {
            println!(
                "  slow: frame {i} at {rows} rows, {steps} steps: {wall:.2} ms wall, {cpu:.2} ms cpu"
            );
        }
    };
    running(
        &mut h,
        "running at full speed, the tree updated every frame (the run budget: 5 ms less the views)",
    );
    // The same run with the Tables tab shown instead (no tree at all). The harness runs one
    // pass per event of the click (pointer moved, pressed, released), each a running frame:
    // timed apart, as one.
    h.get_by_label("Tables").click();
    let switched = frame(&mut h);
    println!(
        "the click on the Tables tab while running (the harness's passes, one per event of the click): {:.1} ms wall, {:.1} ms cpu",
        switched.0, switched.1
    );
    running(&mut h, "running at full speed, the Tables tab shown");
}

/// The tree's own work, headless: a step's update (`Growing::update`, `Shape::grow`), and a
/// step back split into its two parts, the time travel (`Timeline::step_back`) and the tree's
/// share (`Growing::update`, `Shape::shrink`: what the Tree tab does the frame after). The
/// first 10 steps back take back steps the tree grew by one at a time; the next 5 go into the
/// tree as it was first laid out.
fn in_place_split(session: Box<dyn frontier::engine::session::Session>) {
    use frontier::engine::timeline::Timeline;
    use frontier::present::tree::shape::Shape;
    use frontier::present::tree::{Growing, Update};
    let mut timeline = Timeline::new(session);
    for _ in 0..10 {
        timeline.step().unwrap();
    }
    let mut growing = Growing::new(timeline.view());
    let mut shape = Shape::of(growing.tree(), &Default::default(), &|_| String::new());
    // The tree brought up to the timeline's step in place, timed.
    let mut update = |view: &dyn frontier::engine::view::SearchView| {
        let (in_place, ms) = timed(|| match growing.update(view) {
            Update::Grew { .. } => shape.grow(growing.tree()),
            Update::Shrank { .. } => shape.shrink(growing.tree()),
            _ => false,
        });
        assert!(in_place, "a best-first step is taken in or back in place");
        ms
    };
    let grown: Vec<_> = (0..10)
        .map(|_| {
            timeline.step().unwrap();
            update(timeline.view())
        })
        .collect();
    report(
        "a step's tree update (Growing::update, Shape::grow), headless",
        grown,
    );
    let (travel, taken_back): (Vec<_>, Vec<_>) = (0..15)
        .map(|_| {
            let travel = timed(|| timeline.step_back().unwrap()).1;
            (travel, update(timeline.view()))
        })
        .unzip();
    report(
        "a step back's time travel (Timeline::step_back), headless",
        travel,
    );
    report(
        "a step back's tree update (Growing::update, Shape::shrink), headless",
        taken_back,
    );
}
