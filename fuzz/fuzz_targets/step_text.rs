//! Every game's step parser and `expand` (the check is `sherpa::fuzzing::step_text`).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| sherpa::fuzzing::step_text(data));
