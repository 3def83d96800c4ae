//! The checks behind the fuzz targets in `fuzz/` (cargo fuzz, libFuzzer). Each target is a
//! one-line call into this module, so the checks are built and type-checked with the
//! crate, and `tests/it/fuzz_corpus.rs` runs every input of the committed corpora through
//! them in `cargo test` (a replay of the corpus, not a fuzzing campaign).
//!
//! Every function panics when its property fails (a parser or `expand` panicking, a
//! refused step or command changing the state, an imported game not replaying); for any
//! other input it returns quietly. Not used by the bot.

use crate::chat::{Chat, Env, Place, ReplayFile, Request, User};
use crate::config::Config;
use crate::engine::{GameKind, GameRng, Options};
use crate::games::Registry;
use crate::store::Store;
use std::sync::atomic::{AtomicU64, Ordering};

/// Every game's step parser and `expand`: the first bytes pick a game, a player count and
/// a position (a number of seeded random legal steps from setup); the rest is the text a
/// player types, tried for every seat. Nothing panics, and a refused step changes nothing.
pub fn step_text(data: &[u8]) {
    if data.len() < 4 {
        return;
    }
    let kinds = Registry::builtin().all();
    let kind = kinds[data[0] as usize % kinds.len()];
    let span = kind.max_players() - kind.min_players() + 1;
    let n = kind.min_players() + data[1] as usize % span;
    let players: Vec<String> = (0..n).map(|i| format!("p{i}")).collect();
    let Ok(mut game) = kind.setup(&players, &Options::new(), u64::from(data[2])) else {
        return;
    };
    // Walk to a position: data[3] random legal steps, picked by an RNG seeded from data[2]
    // (the typed path: the walk only sets the scene for the text below).
    let mut pick = GameRng::new(u64::from(data[2]) * 31 + 7);
    for _ in 0..data[3] {
        let Some(&seat) = game.status().acting().first() else {
            break;
        };
        match game.play_random(seat, &mut pick) {
            Ok(Some(_)) => {}
            Ok(None) => break,
            Err(e) => panic!("a listed step did not apply: {e}"),
        }
    }
    let text = String::from_utf8_lossy(&data[4..]);
    for seat in 0..n {
        let _ = game.expand(seat, &text);
        let before = game.snapshot();
        let mut trial = game.box_clone();
        if trial.play(seat, &text).is_err() {
            assert!(
                trial.snapshot() == before,
                "a refused step changed the state"
            );
        }
    }
}

/// Every game's board file reader: the first byte picks the game, the rest is the file.
/// Any text gives a board or an error; nothing panics.
pub fn board_file(data: &[u8]) {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    match which % 5 {
        0 => drop(crate::games::nepal::parse_board(&text)),
        1 => drop(crate::games::himalaya::parse_board(&text)),
        2 => drop(crate::games::nanga_parbat::parse_board(&text)),
        3 => drop(crate::games::nippon::parse_board(&text)),
        _ => drop(crate::games::peloria::parse_board(&text)),
    }
}

/// The config file parser: any text gives a config or an error; nothing panics.
pub fn config_file(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let _ = Config::from_toml(&text, None, None);
}

/// A chat that imports replay files, each into a channel of its own.
pub struct ReplayFixture {
    chat: Chat,
    channels: AtomicU64,
}

impl ReplayFixture {
    pub fn new() -> anyhow::Result<ReplayFixture> {
        Ok(ReplayFixture {
            chat: Chat::open_in_memory()?,
            channels: AtomicU64::new(0),
        })
    }

    /// Replay-file import: any bytes are refused with an error or imported as a game whose
    /// replay verifies; nothing panics.
    pub fn replay_import(&self, data: &[u8]) {
        let Ok(file) = serde_json::from_slice::<ReplayFile>(data) else {
            return;
        };
        let place = Place {
            platform: "fuzz".into(),
            guild: None,
            channel: format!("c{}", self.channels.fetch_add(1, Ordering::Relaxed)),
        };
        if let Ok(id) = self.chat.import(&file, &place) {
            self.chat.verify(id).expect("an imported game replays");
        }
    }
}

const USERS: [&str; 4] = ["ann", "bob", "cy", "dee"];

/// A chat on a database file, with a second handle on the same file to read the games'
/// versions independently of the chat.
pub struct ChatFixture {
    chat: Chat,
    peek: std::sync::Mutex<Store>,
}

impl ChatFixture {
    /// A fixture on the database file `path` (created; an existing file is used as is).
    pub fn new(path: &std::path::Path) -> anyhow::Result<ChatFixture> {
        let chat = Chat::new(
            Store::open(path)?,
            Registry::builtin(),
            Env::fixed(1_000_000, 7),
        );
        let peek = std::sync::Mutex::new(Store::open(path)?);
        Ok(ChatFixture { chat, peek })
    }

    /// The chat command line, as a player types it into a channel with a running game of
    /// one of the built-in games (the first byte picks the game and the user): nothing
    /// panics, and an error reply leaves the game's version unchanged.
    pub fn chat_command(&self, data: &[u8]) {
        let first = data.first().copied().unwrap_or(0) as usize;
        let kinds = Registry::builtin().all();
        let kind = kinds[first / USERS.len() % kinds.len()];
        let channel = format!("c-{}", kind.id());
        self.ensure_game(kind, &channel);
        let text = String::from_utf8_lossy(data);
        let user = USERS[first % USERS.len()];
        let before = self.version(&channel);
        let replies = self.chat.handle(&request(&channel, user, &text));
        if replies.iter().any(|r| r.is_error) {
            assert_eq!(
                before,
                self.version(&channel),
                "an error reply changed the game: {text:?}"
            );
        }
    }

    fn version(&self, channel: &str) -> Option<i64> {
        self.peek
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .log()
            .active_game("fuzz", channel)
            .ok()
            .flatten()
            .map(|g| g.version)
    }

    /// A running game of `kind` with its fewest players in `channel` (started again
    /// whenever an input ended or abandoned it).
    fn ensure_game(&self, kind: &dyn GameKind, channel: &str) {
        if self.version(channel).is_some() {
            return;
        }
        let n = kind.min_players().clamp(2, USERS.len());
        let new = format!("game new {}", kind.id());
        self.chat.handle(&request(channel, USERS[0], &new));
        for user in &USERS[1..n] {
            self.chat.handle(&request(channel, user, "game join"));
        }
        self.chat.handle(&request(channel, USERS[0], "game start"));
    }
}

fn request(channel: &str, user: &str, text: &str) -> Request {
    let place = Place {
        platform: "fuzz".into(),
        guild: Some("g".into()),
        channel: channel.into(),
    };
    let user = User {
        id: format!("id-{user}"),
        name: user.into(),
        is_channel_admin: false,
    };
    Request::new(place, user, text)
}
