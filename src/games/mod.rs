//! The games, and the registry through which the store and chat layers reach them.
//!
//! Each game is a module implementing [`crate::engine::Game`], with its board data parsed
//! from a text file under `board_art/<game>/`. The files are embedded at compile time; the
//! binary may pass replacement texts (a player who owns the game can correct the data).

pub mod himalaya;
pub mod nepal;

use crate::engine::{GameKind, Kind};
use std::sync::{Arc, OnceLock};

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
            .find(|(k, _)| k == id)
            .map(|(_, t)| t.as_str())
            .unwrap_or(default)
    }
}

fn leak<G: crate::engine::Game>(data: G::Data) -> &'static dyn GameKind {
    Box::leak(Box::new(Kind::<G> {
        data: Arc::new(data),
    }))
}

impl Registry {
    /// Build a registry from explicit kinds (tests).
    pub fn new(kinds: Vec<&'static dyn GameKind>) -> Registry {
        Registry { kinds }
    }

    /// Parse every game's board (embedded or replaced) once. Errors name the game and the
    /// line of its board file.
    pub fn load(texts: &BoardTexts) -> Result<Registry, String> {
        let h = himalaya::parse_board(texts.get("himalaya", himalaya::BOARD))
            .map_err(|e| format!("himalaya board: {e}"))?;
        let n = nepal::parse_board(texts.get("nepal", nepal::BOARD))
            .map_err(|e| format!("nepal board: {e}"))?;
        let kinds: Vec<&'static dyn GameKind> =
            vec![leak::<nepal::Nepal>(n), leak::<himalaya::Himalaya>(h)];
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
        self.kinds
            .iter()
            .copied()
            .find(|k| k.id().eq_ignore_ascii_case(id))
    }

    pub fn all(&self) -> &[&'static dyn GameKind] {
        &self.kinds
    }

    /// Ids of all games, for messages.
    pub fn ids(&self) -> Vec<&'static str> {
        self.kinds.iter().map(|k| k.id()).collect()
    }
}
