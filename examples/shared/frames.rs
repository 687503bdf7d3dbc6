//! What the frame-time examples share: one frame timed (wall clock and on-CPU) and a summary
//! of many. Included with `#[path]`, so cargo does not build it as an example of its own.

use eframe::egui;
use egui_kittest::Harness;
use frontier::app::FrontierApp;
use std::time::Instant;

/// Nanoseconds this thread has spent on a CPU, so a busy machine's waiting is not counted:
/// the kernel's own count to the nanosecond (`CLOCK_THREAD_CPUTIME_ID`; `/proc`'s schedstat
/// moves in 4 ms ticks, too coarse for one frame) on Linux, `None` elsewhere.
#[cfg(target_os = "linux")]
fn thread_cpu_ns() -> Option<u64> {
    #[repr(C)]
    struct Timespec {
        seconds: i64,
        nanoseconds: i64,
    }
    unsafe extern "C" {
        fn clock_gettime(clock: i32, now: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut now = Timespec {
        seconds: 0,
        nanoseconds: 0,
    };
    // SAFETY: `now` is a valid, writable timespec for the call's duration.
    if unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &raw mut now) } != 0 {
        return None;
    }
    let seconds = u64::try_from(now.seconds).ok()?;
    Some(seconds * 1_000_000_000 + u64::try_from(now.nanoseconds).ok()?)
}

#[cfg(not(target_os = "linux"))]
fn thread_cpu_ns() -> Option<u64> {
    None
}

/// One frame's milliseconds, wall clock and on-CPU: the egui pass (the app's `ui`) and
/// tessellating its shapes.
pub fn frame(h: &mut Harness<'_, FrontierApp>) -> (f64, f64) {
    timed(|| {
        h.step();
        let shapes = h.output().shapes.clone();
        let pixels_per_point = h.ctx.pixels_per_point();
        h.ctx.tessellate(shapes, pixels_per_point)
    })
    .1
}

/// What `f` gives, and the milliseconds it took, wall clock and on-CPU.
pub fn timed<T>(f: impl FnOnce() -> T) -> (T, (f64, f64)) {
    let cpu = thread_cpu_ns();
    let started = Instant::now();
    let out = std::hint::black_box(f());
    let wall = started.elapsed().as_secs_f64() * 1e3;
    let cpu = match (cpu, thread_cpu_ns()) {
        (Some(a), Some(b)) => (b - a) as f64 / 1e6,
        _ => wall,
    };
    (out, (wall, cpu))
}

/// Prints mean, median, p95 and max of `frames`, wall clock and on-CPU.
pub fn report(what: &str, frames: Vec<(f64, f64)>) {
    println!("{what} ({} frames):", frames.len());
    for (clock, mut ms) in [
        ("wall", frames.iter().map(|f| f.0).collect::<Vec<_>>()),
        ("cpu ", frames.iter().map(|f| f.1).collect()),
    ] {
        ms.sort_by(f64::total_cmp);
        let mean = ms.iter().sum::<f64>() / ms.len() as f64;
        let at = |q: f64| ms[((ms.len() - 1) as f64 * q).round() as usize];
        println!(
            "  {clock} mean {mean:6.2} ms, median {:6.2}, p95 {:6.2}, max {:6.2}",
            at(0.5),
            at(0.95),
            at(1.0)
        );
    }
}

/// The app on a 1600×1000 window.
pub fn harness(
    app: impl FnOnce(&egui::Context) -> FrontierApp + 'static,
) -> Harness<'static, FrontierApp> {
    Harness::builder()
        .with_size(egui::vec2(1600.0, 1000.0))
        .build_eframe(move |cc| app(&cc.egui_ctx))
}

/// A mouse wheel turned by `delta` (in `unit`s) over wherever the pointer is.
pub fn wheel(unit: egui::MouseWheelUnit, delta: egui::Vec2) -> egui::Event {
    egui::Event::MouseWheel {
        unit,
        delta,
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Wheel,
        modifiers: egui::Modifiers::NONE,
    }
}

/// Runs the app's own search ("Go" with a large count) frame by frame until `enough` says so or
/// the search ends, then pauses it; the frames' times.
pub fn run_until(
    h: &mut Harness<'_, FrontierApp>,
    enough: impl Fn(&FrontierApp) -> bool,
) -> Vec<(f64, f64)> {
    h.state_mut()
        .apply(frontier::app::command::Command::RunSteps(10_000_000));
    let mut frames = Vec::new();
    while !enough(h.state()) && h.state().view().outcome().is_none() {
        frames.push(frame(h));
    }
    if h.state().is_running() {
        h.state_mut()
            .apply(frontier::app::command::Command::RunPause);
    }
    frames
}
