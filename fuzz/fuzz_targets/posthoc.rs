//! Fuzzes the Posthoc trace reader (YAML, JSON, JSON lines) and what is built on it: no panic,
//! and either a trace that every summary and step view reads, or an error that says where.
#![no_main]

use frontier::trace::posthoc::{self, PosthocError, ReadOptions};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let options = ReadOptions {
        max_memory: 16 << 20,
    };
    match posthoc::parse(data, "fuzzed", &options) {
        Ok(trace) => {
            let _ = posthoc::inspect(&trace);
            let _ = posthoc::compare(&trace, &trace);
            let steps = trace.step_count();
            for step in [0, steps / 2, steps] {
                let at = trace.at(step);
                assert_eq!(at.open().len(), at.counts().open as usize);
                for &node in at.open() {
                    let _ = at.row(node);
                    let _ = at.route(node);
                }
                let _ = at.open_order(&[]);
                let _ = at.last_step();
                let _ = at.solution();
            }
        }
        Err(PosthocError::Read { message, .. }) => assert!(!message.is_empty()),
        Err(e) => assert!(e.place().is_some_and(|(l, c)| l >= 1 && c >= 1), "{e}"),
    }
});
