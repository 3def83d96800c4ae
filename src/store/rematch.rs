//! Rematches (migration 0006): the lobby `game rematch` opens, linked to the finished game
//! it repeats.
//!
//! Invariant: the lobby and its link are written in one transaction, so a rematch lobby
//! always knows its previous game.

use super::{Result, Store, StoreError};
use rusqlite::{params, OptionalExtension};

impl Store {
    /// Open a lobby repeating finished game `previous` (same platform, place, kind and
    /// options) with a new `seed`, `creator` (user id, name) seated first.
    pub fn create_rematch(
        &mut self,
        previous: i64,
        seed: u64,
        creator: (&str, &str),
        request: Option<(&str, &str)>,
        now: i64,
    ) -> Result<i64> {
        let tx = self.conn.transaction()?;
        Self::record_request(&tx, request, now)?;
        let n = tx
            .execute(
                "INSERT INTO games (platform, guild, channel, kind, options, seed, status, creator, created_at, updated_at)
                 SELECT platform, guild, channel, kind, options, ?2, 'lobby', ?3, ?4, ?4
                 FROM games WHERE id = ?1",
                params![previous, seed as i64, creator.0, now],
            )
            .map_err(|e| match StoreError::from(e) {
                StoreError::Conflict(_) => {
                    StoreError::Conflict("a game is already open in this channel".into())
                }
                other => other,
            })?;
        if n == 0 {
            return Err(StoreError::NotFound);
        }
        let id = tx.last_insert_rowid();
        tx.execute(
            "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?1, 0, ?2, ?3)",
            params![id, creator.0, creator.1],
        )?;
        tx.execute(
            "INSERT INTO rematches (game_id, previous_id) VALUES (?1, ?2)",
            params![id, previous],
        )?;
        tx.commit()?;
        Ok(id)
    }

    /// The finished game a lobby repeats, if it was opened by `game rematch`.
    pub fn rematch_of(&self, game_id: i64) -> Result<Option<i64>> {
        Ok(self
            .conn
            .query_row(
                "SELECT previous_id FROM rematches WHERE game_id = ?1",
                params![game_id],
                |r| r.get(0),
            )
            .optional()?)
    }
}
