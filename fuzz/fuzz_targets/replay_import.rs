//! Replay-file import: any bytes are refused with an error or imported as a game whose
//! replay verifies; nothing panics.
#![no_main]
use libfuzzer_sys::fuzz_target;
use sherpa::chat::{Chat, Place, ReplayFile};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

static CHAT: OnceLock<Chat> = OnceLock::new();
static N: AtomicU64 = AtomicU64::new(0);

fuzz_target!(|data: &[u8]| {
    let Ok(file) = serde_json::from_slice::<ReplayFile>(data) else {
        return;
    };
    let chat = CHAT.get_or_init(|| Chat::open_in_memory().expect("in-memory store"));
    let place = Place {
        platform: "fuzz".into(),
        guild: None,
        channel: format!("c{}", N.fetch_add(1, Ordering::Relaxed)),
    };
    if let Ok(id) = chat.import(&file, &place) {
        chat.verify(id).expect("an imported game replays");
    }
});
