//! TEMPORARY STUB on branch `discord` so the Discord front end compiles before the lead's
//! chat core lands on main. Take main's version of this file on merge (it must keep
//! `pub mod remind;` and delegate `remind …` to `remind::handle_remind`).

pub mod remind;
pub mod types;

use crate::engine::{OptionSpec, StepInfo};
use crate::store::Store;
use std::path::Path;
use std::sync::Mutex;
pub use types::{Button, Place, Reply, Request, User, Visibility};

/// A game in the registry.
#[derive(Clone, Debug)]
pub struct GameInfo {
    pub id: &'static str,
    pub name: &'static str,
    pub min_players: usize,
    pub max_players: usize,
    pub options: &'static [OptionSpec],
}

/// The chat core (stub).
pub struct Chat {
    store: Mutex<Store>,
}

impl Chat {
    pub fn open(db_path: &Path) -> anyhow::Result<Chat> {
        Ok(Chat {
            store: Mutex::new(Store::open(db_path)?),
        })
    }
    pub fn open_in_memory() -> anyhow::Result<Chat> {
        Ok(Chat {
            store: Mutex::new(Store::open_in_memory()?),
        })
    }
    pub fn handle(&self, req: &Request) -> Vec<Reply> {
        let word = req.text.split_whitespace().next().unwrap_or("");
        match word {
            "help" => vec![Reply::private(
                &req.user.id,
                "Commands: game, move, undo, board, rules, remind, help.",
            )],
            "remind" => {
                let mut st = self.store.lock().unwrap_or_else(|e| e.into_inner());
                remind::handle_remind(&mut st, req, None, None)
            }
            "rules" => vec![Reply::error(&req.user.id, "No games are installed yet.")],
            "game" => vec![Reply::error(
                &req.user.id,
                "Unknown game; no games are installed yet.",
            )],
            _ => vec![Reply::error(
                &req.user.id,
                format!("Unknown command `{word}`; try `help`."),
            )],
        }
    }
    pub fn suggest_steps(
        &self,
        _place: &Place,
        _user_id: &str,
        _partial: &str,
        _max: usize,
    ) -> Vec<StepInfo> {
        Vec::new()
    }
    pub fn games(&self) -> Vec<GameInfo> {
        Vec::new()
    }
    pub fn rules_topics(&self, _game: &str) -> Vec<(String, String)> {
        Vec::new()
    }
}
