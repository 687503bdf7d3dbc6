//! Fuzzes a graph: the input is the body of a scenario's `Graph(…)` (nodes, edges, start, goal),
//! run through the CLI's parse-and-build path (see tests/inputs).
#![no_main]

#[path = "../../tests/inputs/mod.rs"]
mod inputs;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Ok(body) = std::str::from_utf8(data) {
        let base = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios");
        let text = format!("Scenario(problem: Graph({body}))");
        inputs::exercise(inputs::Kind::Scenario, &text, &base);
    }
});
