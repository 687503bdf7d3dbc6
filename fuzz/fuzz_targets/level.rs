//! Fuzzes a level file through the CLI's parse-and-build path (see tests/inputs).
#![no_main]

#[path = "../../tests/inputs/mod.rs"]
mod inputs;

libfuzzer_sys::fuzz_target!(|data: &[u8]| inputs::fuzz(inputs::Kind::Level, data));
