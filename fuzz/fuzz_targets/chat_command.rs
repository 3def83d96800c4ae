//! The chat command line, as a seated player types it into a channel with a running game:
//! never a panic, and an error reply leaves the game's version unchanged.
#![no_main]
use libfuzzer_sys::fuzz_target;
use sherpa::chat::{Chat, Env, Place, Request, User};
use sherpa::games::Registry;
use sherpa::store::Store;
use std::sync::Mutex;
use std::sync::OnceLock;

struct Fixture {
    chat: Chat,
    peek: Store,
}

static FIX: OnceLock<Mutex<Fixture>> = OnceLock::new();

fn place() -> Place {
    Place {
        platform: "fuzz".into(),
        guild: Some("g".into()),
        channel: "c1".into(),
    }
}

fn req(user: &str, text: &str) -> Request {
    Request {
        place: place(),
        user: User {
            id: format!("id-{user}"),
            name: user.into(),
            is_channel_admin: false,
        },
        text: text.into(),
        request_id: None,
        expected_version: None,
    }
}

fn version(peek: &Store) -> Option<i64> {
    peek.active_game("fuzz", "c1").ok().flatten().map(|g| g.version)
}

/// A running three-player Nepal game in channel c1 (started again whenever a fuzz input
/// ended or abandoned it).
fn ensure_game(f: &Fixture) {
    if version(&f.peek).is_some() {
        return;
    }
    for (user, text) in [
        ("ann", "game new nepal"),
        ("bob", "game join"),
        ("cy", "game join"),
        ("ann", "game start"),
    ] {
        f.chat.handle(&req(user, text));
    }
}

fuzz_target!(|data: &[u8]| {
    let fix = FIX.get_or_init(|| {
        let path = std::env::temp_dir().join(format!("sherpa-fuzz-{}.db", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let store = Store::open(&path).expect("store");
        let chat = Chat::new(store, Registry::builtin(), Env::fixed(1_000_000, 7));
        let peek = Store::open(&path).expect("second handle");
        Mutex::new(Fixture { chat, peek })
    });
    let f = fix.lock().unwrap_or_else(|p| p.into_inner());
    ensure_game(&f);
    let text = String::from_utf8_lossy(data);
    let user = ["ann", "bob", "cy", "dee"][data.first().copied().unwrap_or(0) as usize % 4];
    let before = version(&f.peek);
    let replies = f.chat.handle(&req(user, &text));
    if replies.iter().any(|r| r.is_error) {
        assert_eq!(before, version(&f.peek), "an error reply changed the game: {text:?}");
    }
});
