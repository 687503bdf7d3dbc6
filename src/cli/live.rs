//! What a long command (`scen`, `experiment`, `compare`) shows and hears while it runs: a
//! progress bar on standard error when that is a terminal, and Ctrl+C, which stops the command
//! cleanly between two steps so that it reports what it did.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Exit status of a command stopped by Ctrl+C (128 + SIGINT, as shells report it).
pub const EXIT_INTERRUPTED: u8 = 130;

/// Steps a command takes between two looks at Ctrl+C, the clock and the progress bar: a
/// millisecond or less of searching, so a stop is felt at once, while the look costs nothing
/// next to the steps.
pub const SLICE: u64 = 1024;

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Starts listening for Ctrl+C (once per process; later calls do nothing). The first Ctrl+C
/// asks the command to stop: it finishes the line it is writing, prints its summary and exits
/// with [`EXIT_INTERRUPTED`]. A second one ends the process at once.
pub fn listen() {
    #[cfg(not(target_arch = "wasm32"))]
    {
        static LISTENING: std::sync::Once = std::sync::Once::new();
        LISTENING.call_once(|| {
            // Another handler already set (a host program's) keeps its own; Ctrl+C then does
            // what it says.
            let _ = ctrlc::set_handler(|| {
                if INTERRUPTED.swap(true, Ordering::SeqCst) {
                    std::process::exit(i32::from(EXIT_INTERRUPTED));
                }
            });
        });
    }
}

/// Whether Ctrl+C asked the command to stop.
#[must_use]
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}

/// A progress bar of items done (queries, runs, columns) out of a total, with the time taken
/// and an estimate of the time left. Drawn on standard error only when that is a terminal;
/// otherwise it draws nothing, so pipes, files and tests get the results alone.
pub struct Progress {
    bar: ProgressBar,
    /// Whether standard output is a terminal too: lines written there then clear the bar
    /// first and draw it again below them.
    shared_screen: bool,
}

impl Progress {
    /// A bar of `total` items, named `items` ("queries").
    #[must_use]
    pub fn new(total: usize, items: &str) -> Progress {
        if !std::io::stderr().is_terminal() {
            return Progress::hidden();
        }
        let bar = ProgressBar::with_draw_target(
            Some(total as u64),
            ProgressDrawTarget::stderr_with_hz(10),
        );
        bar.set_style(
            ProgressStyle::with_template(&format!(
                "[{{elapsed_precise}}] {{bar:20}} {{pos}}/{{len}} {items}, about {{eta}} left \
                 {{wide_msg}}"
            ))
            .expect("a valid template")
            .progress_chars("=> "),
        );
        // Redrawn while one item runs long, so the time taken keeps moving.
        bar.enable_steady_tick(Duration::from_millis(250));
        Progress {
            bar,
            shared_screen: std::io::stdout().is_terminal(),
        }
    }

    /// A bar that draws nothing.
    #[must_use]
    pub fn hidden() -> Progress {
        Progress {
            bar: ProgressBar::hidden(),
            shared_screen: false,
        }
    }

    /// Items done so far.
    pub fn set(&self, done: usize) {
        self.bar.set_position(done as u64);
    }

    /// What is running now ("line 59: 3072 steps"), after the counts; built only when drawn.
    pub fn note(&self, words: impl FnOnce() -> String) {
        if !self.bar.is_hidden() {
            self.bar.set_message(words());
        }
    }

    /// Writes `text` (whole lines) to `out` and flushes it, with the bar cleared meanwhile when
    /// both share the screen.
    ///
    /// # Errors
    /// Writing failed.
    pub fn write(&self, out: &mut dyn Write, text: &str) -> std::io::Result<()> {
        let mut write = || {
            out.write_all(text.as_bytes())?;
            out.flush()
        };
        if self.shared_screen {
            self.bar.suspend(write)
        } else {
            write()
        }
    }

    /// Removes the bar from the screen.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}
