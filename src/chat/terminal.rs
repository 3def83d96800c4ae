//! What the terminal (`sherpa local`) needs of the chat core besides commands (issue #46):
//! the game saved at its table, so that it resumes only the game its command line asks
//! for; each script line's recorded answer; and its movable clock.
//!
//! Invariants: a script line is known by its script, its position and its text, all three
//! in its request id (`script:<script>:<position>:<text>`, see `store::scripts`): the row
//! is written in the same transaction as the line's change, or alone with its answer for a
//! line that changed nothing, refused or not ([`Chat::record_answer`]). So a run killed at
//! any moment finds every line it answered recorded, except at most the last one, which
//! then changed nothing and is answered again against the same game. A clock move is
//! recorded with its script line in one transaction ([`Chat::move_clock`]); the clock
//! itself is only ever read through the chat's [`super::Env`].

use super::ai_seat::ai_level;
use super::core::Chat;
use super::error::CoreError;
use super::types::{Reply, Request};
use crate::store::{Absent, GameRow};

/// The prefix of the clock's rows.
const CLOCK: &str = "clock:";

/// The game a terminal table holds, as a command line would have set it up.
#[derive(Clone, Debug)]
pub struct SavedTable {
    /// The table's first game: the one a command line set up (later ones are rematches).
    pub first: GameRow,
    /// Its display name (`Nepal`).
    pub game_name: String,
    /// Its table option `absent`.
    pub absent: Absent,
    /// Its seats' first holders (before any handover), as `--players` writes them: a
    /// Sherpa player as `ai:<level>`.
    pub players: Vec<String>,
    /// The table's latest game (the first one, or a rematch).
    pub latest: GameRow,
}

/// What a command line asks for: the game's id, its options with defaults filled in and
/// the table's `absent` option, as `game new` reads them.
pub struct AskedGame {
    pub kind: &'static str,
    pub options: crate::engine::Options,
    pub absent: Absent,
}

impl Chat {
    /// The games at `place`: `None` when none was ever opened there.
    pub fn saved_table(&self, place: &super::Place) -> Result<Option<SavedTable>, CoreError> {
        let inner = self.lock();
        let log = inner.store.log();
        let Some(latest) = log.latest_game(&place.platform, &place.channel)? else {
            return Ok(None);
        };
        let first = log
            .all_games()?
            .into_iter()
            .find(|g| g.platform == place.platform && g.channel == place.channel)
            .unwrap_or_else(|| latest.clone());
        let handovers = log.handovers(first.id)?;
        let players = log
            .seats(first.id)?
            .iter()
            .map(|s| {
                let (user, name) = handovers
                    .iter()
                    .find(|h| h.seat == s.seat)
                    .map_or((s.user_id.as_str(), s.name.as_str()), |h| {
                        (h.from_user.as_str(), h.from_name.as_str())
                    });
                match ai_level(user) {
                    Some(level) => format!("ai:{level}"),
                    None => name.to_string(),
                }
            })
            .collect();
        let absent = log.absent(first.id)?;
        drop(inner);
        Ok(Some(SavedTable {
            game_name: self.game_name_of(&first.kind),
            absent,
            players,
            first,
            latest,
        }))
    }

    /// `game new`'s words (`<game> [key=value …]`) read as the command reads them, or its
    /// refusal in words.
    pub fn asked_game(&self, words: &str) -> Result<AskedGame, String> {
        let new = self.parse_new(words).map_err(|e| e.to_string())?;
        Ok(AskedGame {
            kind: new.kind.id(),
            options: new.options,
            absent: new.absent,
        })
    }

    /// The requests recorded on `platform` whose id begins with `prefix`, with their saved
    /// answers (see `store::scripts`).
    pub fn recorded_under(
        &self,
        platform: &str,
        prefix: &str,
    ) -> Result<Vec<(String, Option<String>)>, CoreError> {
        Ok(self.lock().store.log().requests_under(platform, prefix)?)
    }

    /// Record `req`'s answer (its replies, without images or files) unless its request id
    /// is recorded already (a change records it with the change): a request that changed
    /// nothing, refused or not, is then answered the same way when it comes again.
    pub fn record_answer(&self, req: &Request, replies: &[Reply]) -> Result<(), CoreError> {
        let Some(id) = &req.request_id else {
            return Ok(());
        };
        let json = serde_json::to_string(replies).map_err(|_| CoreError::Internal)?;
        let now = self.now();
        self.lock()
            .store
            .log_mut()
            .record_answer(&req.place.platform, id, &json, now)?;
        Ok(())
    }

    /// How far the terminal's clock has been moved on `platform`, in seconds (the sum of
    /// its recorded moves).
    pub fn clock_moved(&self, platform: &str) -> Result<i64, CoreError> {
        let rows = self.recorded_under(platform, CLOCK)?;
        Ok(rows
            .iter()
            .filter_map(|(_, a)| a.as_deref()?.parse::<i64>().ok())
            .sum())
    }

    /// Record a move of the terminal's clock by `secs` on `platform`, with the request that
    /// asked for it and its answer, in one transaction; the chat's clock (its [`super::Env`])
    /// must then be moved by the caller.
    pub fn move_clock(
        &self,
        platform: &str,
        secs: i64,
        req: Option<(&str, &[Reply])>,
    ) -> Result<(), CoreError> {
        let n = self.recorded_under(platform, CLOCK)?.len() + 1;
        let id = format!("{CLOCK}{n}");
        let secs = secs.to_string();
        let answer = req
            .map(|(_, r)| serde_json::to_string(r))
            .transpose()
            .map_err(|_| CoreError::Internal)?;
        let mut rows = vec![(id.as_str(), secs.as_str())];
        if let (Some((rid, _)), Some(a)) = (req, answer.as_deref()) {
            rows.push((rid, a));
        }
        let now = self.now();
        self.lock()
            .store
            .log_mut()
            .record_answers(platform, &rows, now)?;
        Ok(())
    }
}
