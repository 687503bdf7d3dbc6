//! Fuzzes a map file through the CLI's parse-and-build path (see tests/inputs).
#![no_main]

#[path = "../../tests/inputs/mod.rs"]
mod inputs;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let base = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios");
        inputs::exercise(inputs::Kind::Map, text, &base);
    }
});
