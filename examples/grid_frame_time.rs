//! Measures the app's CPU time per frame on a 1024×1024 grid map (egui pass plus tessellation,
//! no GPU): idle, the frame after a Step (the map texture rebuilt), zooming, and running at
//! full speed up to 300,000 stored cells and on from there. Run with
//! `cargo run --release --example grid_frame_time`; it prints milliseconds per frame, wall
//! clock and on-CPU.

#[path = "shared/frames.rs"]
mod frames;

use eframe::egui;
use egui_kittest::kittest::Queryable;
use frames::{frame, harness, report, run_until, wheel};
use frontier::app::FrontierApp;
use frontier::app::command::{Command, TravelCommand};
use frontier::app::state::Layout;
use frontier::scenario::Scenario;
use std::path::Path;
use std::time::Instant;

const SIDE: usize = 1024;

/// A 1024×1024 map with about one wall in five (a fixed xorshift sequence), start and goal in
/// opposite corners kept clear.
fn map() -> String {
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut rows = Vec::with_capacity(SIDE);
    for y in 0..SIDE {
        let row: String = (0..SIDE)
            .map(|x| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let corner = (x < 4 && y < 4) || (x >= SIDE - 4 && y >= SIDE - 4);
                if seed.is_multiple_of(5) && !corner {
                    '#'
                } else {
                    '.'
                }
            })
            .collect();
        rows.push(row);
    }
    rows.join("\\n")
}

fn main() {
    let text = format!(
        "Scenario(title: \"1024×1024 random walls, Dijkstra\", problem: Grid(map: \"{}\", \
         start: (x: 1, y: 1), goal: (x: {g}, y: {g})), \
         search: (algorithm: Dijkstra, max_states: 2000000))",
        map(),
        g = SIDE - 2
    );
    let scenario = Scenario::parse(&text, "grid_frame_time", Path::new(".")).unwrap();
    let mut h = harness(move |ctx| FrontierApp::new(ctx, scenario, Layout::default()).unwrap());
    h.run();

    let idle: Vec<_> = (0..60).map(|_| frame(&mut h)).collect();
    report("idle at step 0", idle);

    // Zoom with the wheel over the map, a notch a frame.
    let over_map = h.get_by_label("grid map").rect().center();
    h.event(egui::Event::PointerMoved(over_map));
    let mut zooming = Vec::new();
    for _ in 0..60 {
        h.event(wheel(egui::MouseWheelUnit::Line, egui::vec2(0.0, 1.0)));
        zooming.push(frame(&mut h));
    }
    report("zooming with the wheel", zooming);

    // Run at full speed until 300,000 cells are stored: stepping plus paced texture rebuilds.
    h.state_mut().apply(Command::SetSpeed(10_000.0));
    let running = run_until(&mut h, |app| app.view().rows() >= 300_000);
    let c = h.state().view().counts();
    println!(
        "{} steps, {} open cells, {} closed",
        h.state().view().steps(),
        c.open,
        c.closed
    );
    report("running at full speed (300k stored)", running);

    let mut after_step = Vec::new();
    for _ in 0..10 {
        h.state_mut().apply(Command::Step);
        after_step.push(frame(&mut h));
        // Let the paced rebuild catch up before the next measurement.
        std::thread::sleep(std::time::Duration::from_millis(300));
        frame(&mut h);
    }
    report(
        "the frame after a Step (marks + texture rebuilt)",
        after_step,
    );

    // A step back: the tables take the undone steps' rows back out of their sorted lists.
    let mut after_back = Vec::new();
    for _ in 0..10 {
        h.state_mut()
            .apply(Command::Travel(TravelCommand::StepBack));
        let first = frame(&mut h);
        // The closed list may take its turn in the next frame: count both.
        let second = frame(&mut h);
        after_back.push((first.0 + second.0, first.1 + second.1));
        std::thread::sleep(std::time::Duration::from_millis(300));
        frame(&mut h);
    }
    report(
        "the two frames after a Step back (tables updated, marks + texture rebuilt)",
        after_back,
    );

    let idle: Vec<_> = (0..60).map(|_| frame(&mut h)).collect();
    report("idle with 300k stored", idle);

    // What the marks' parts cost on their own: every row's place, and every row's status.
    let session = h.state().view();
    let started = Instant::now();
    let places = std::hint::black_box(session.places());
    let places_ms = started.elapsed().as_secs_f64() * 1e3;
    let started = Instant::now();
    std::hint::black_box(session.statuses());
    println!(
        "places of {} rows: {places_ms:.1} ms; their statuses: {:.1} ms",
        places.len(),
        started.elapsed().as_secs_f64() * 1e3
    );

    // Running on from 300,000 stored at 10,000 steps/s: the goal's case, with the tables and
    // the map brought up to date as the steps come.
    // A running frame steps for what the views leave of the run budget's 8 ms, so its time
    // stays near 8 ms whatever the views cost: cheaper views show as more steps.
    h.state_mut().apply(Command::RunPause);
    let steps = h.state().view().steps();
    let running: Vec<_> = (0..240).map(|_| frame(&mut h)).collect();
    if h.state().is_running() {
        h.state_mut().apply(Command::RunPause);
    }
    println!(
        "{} steps in 240 running frames",
        h.state().view().steps() - steps
    );
    report("running at 10,000 steps/s from 300k stored", running);
}
