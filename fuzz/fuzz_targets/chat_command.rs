//! The chat command line in a channel with a running game of each built-in game (the check
//! is `sherpa::fuzzing::ChatFixture::chat_command`), on a database file in the temporary
//! folder.
#![no_main]
use libfuzzer_sys::fuzz_target;
use sherpa::fuzzing::ChatFixture;
use std::sync::OnceLock;

static FIX: OnceLock<ChatFixture> = OnceLock::new();

fuzz_target!(|data: &[u8]| {
    FIX.get_or_init(|| {
        let path = std::env::temp_dir().join(format!("sherpa-fuzz-{}.db", std::process::id()));
        let _ = std::fs::remove_file(&path);
        ChatFixture::new(&path).expect("store")
    })
    .chat_command(data)
});
