//! The games, and the registry through which the store and chat layers reach them.
//!
//! Each game is a module implementing [`crate::engine::Game`], with its board data parsed
//! from a text file under `board_art/<game>/`. The files are embedded at compile time; the
//! binary may pass replacement texts (a player who owns the game can correct the data).

pub mod himalaya;
pub mod nanga_parbat;
pub mod nepal;
pub mod nippon;
pub mod peloria;
#[cfg(test)]
mod refusal_tests;

use crate::engine::{BoardError, GameKind};
use std::sync::OnceLock;

/// How a game is registered: its id, its embedded board text, and a loader that parses a
/// board text and returns the game's kind (rules, data and renderer together).
pub struct Entry {
    pub id: &'static str,
    /// The embedded default board text (`board_art/<game>/board.txt`).
    pub board: &'static str,
    pub load: fn(&str) -> Result<&'static dyn GameKind, BoardError>,
}

/// Every game this binary knows, in menu order. Adding a game is one line here.
pub const GAMES: &[Entry] = &[
    Entry {
        id: nepal::ID,
        board: nepal::BOARD,
        load: nepal::kind,
    },
    Entry {
        id: himalaya::ID,
        board: himalaya::BOARD,
        load: himalaya::kind,
    },
    Entry {
        id: nanga_parbat::ID,
        board: nanga_parbat::BOARD,
        load: nanga_parbat::kind,
    },
    Entry {
        id: nippon::ID,
        board: nippon::BOARD,
        load: nippon::kind,
    },
    Entry {
        id: peloria::ID,
        board: peloria::BOARD,
        load: peloria::kind,
    },
];

/// Do two game ids name the same game? Case and `-` versus `_` do not matter, so
/// `nanga-parbat`, `Nanga_Parbat` and the board folder `nanga_parbat` all name one game.
pub fn same_id(a: &str, b: &str) -> bool {
    let norm = |s: &str| s.to_ascii_lowercase().replace('_', "-");
    norm(a) == norm(b)
}

/// All games this binary knows, by id.
pub struct Registry {
    kinds: Vec<&'static dyn GameKind>,
}

/// Replacement board texts, by game id (`None` = the embedded default).
#[derive(Default, Clone, Debug)]
pub struct BoardTexts {
    pub overrides: Vec<(String, String)>,
}

impl BoardTexts {
    fn get<'a>(&'a self, id: &str, default: &'a str) -> &'a str {
        self.overrides
            .iter()
            .find(|(k, _)| same_id(k, id))
            .map(|(_, t)| t.as_str())
            .unwrap_or(default)
    }
}

impl Registry {
    /// Build a registry from explicit kinds (tests).
    pub fn new(kinds: Vec<&'static dyn GameKind>) -> Registry {
        Registry { kinds }
    }

    /// Parse every game's board (embedded or replaced) once. Errors name the game and the
    /// line of its board file.
    pub fn load(texts: &BoardTexts) -> Result<Registry, BoardError> {
        let kinds = GAMES
            .iter()
            .map(|e| (e.load)(texts.get(e.id, e.board)))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Registry { kinds })
    }

    /// The registry with the embedded boards, parsed once per process.
    pub fn builtin() -> &'static Registry {
        static R: OnceLock<Registry> = OnceLock::new();
        R.get_or_init(|| Registry::load(&BoardTexts::default()).expect("embedded boards are valid"))
    }

    /// Leak a registry so it lives for the process (kinds hold `&'static` data).
    pub fn leak(self) -> &'static Registry {
        Box::leak(Box::new(self))
    }

    pub fn get(&self, id: &str) -> Option<&'static dyn GameKind> {
        self.kinds.iter().copied().find(|k| same_id(k.id(), id))
    }

    pub fn all(&self) -> &[&'static dyn GameKind] {
        &self.kinds
    }

    /// Ids of all games, for messages.
    pub fn ids(&self) -> Vec<&'static str> {
        self.kinds.iter().map(|k| k.id()).collect()
    }
}
