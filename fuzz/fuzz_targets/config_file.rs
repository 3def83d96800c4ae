//! The config file parser (the check is `sherpa::fuzzing::config_file`).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| sherpa::fuzzing::config_file(data));
