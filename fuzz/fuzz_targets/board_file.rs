//! Every game's board file reader (the check is `sherpa::fuzzing::board_file`).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| sherpa::fuzzing::board_file(data));
