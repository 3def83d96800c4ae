//! Replay-file import (the check is `sherpa::fuzzing::ReplayFixture::replay_import`).
#![no_main]
use libfuzzer_sys::fuzz_target;
use sherpa::fuzzing::ReplayFixture;
use std::sync::OnceLock;

static FIX: OnceLock<ReplayFixture> = OnceLock::new();

fuzz_target!(|data: &[u8]| {
    FIX.get_or_init(|| ReplayFixture::new().expect("in-memory store"))
        .replay_import(data)
});
