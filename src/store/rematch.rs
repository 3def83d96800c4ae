//! Rematches (migration 0006): the lobby `game rematch` opens, linked to the finished game
//! it repeats.
//!
//! Invariant: the lobby, its first seats and its link are written in one transaction, so
//! a rematch lobby always knows its previous game.

use super::db::vals;
use super::log::{channel_conflict, insert_seats, GameLog, SeatRow};
use super::{Result, Store, StoreError};
use std::ops::{Deref, DerefMut};

impl<R: Deref<Target = Store>> GameLog<R> {
    /// The finished game a lobby repeats, if it was opened by `game rematch`.
    pub fn rematch_of(&self, game_id: i64) -> Result<Option<i64>> {
        self.store
            .db
            .with(|ex| {
                ex.query_opt(
                    "SELECT previous_id FROM rematches WHERE game_id = ?1",
                    vals![game_id],
                )
            })?
            .map(|r| r.i64(0))
            .transpose()
    }
}

impl<R: DerefMut<Target = Store>> GameLog<R> {
    /// Open a lobby repeating finished game `previous` (same platform, place, kind and
    /// options) with a new `seed`, opened by user `creator`, with `seats` seated (the
    /// creator among them; their seat numbers as given).
    pub fn create_rematch(
        &mut self,
        previous: i64,
        seed: u64,
        creator: &str,
        seats: &[SeatRow],
        request: Option<(&str, &str)>,
        now: i64,
    ) -> Result<i64> {
        self.store.db.tx(|tx| {
            super::log::record_request(tx, request, now)?;
            let id = tx
                .query_opt(
                    "INSERT INTO games (platform, guild, channel, kind, options, seed, status, creator, created_at, updated_at)
                     SELECT platform, guild, channel, kind, options, ?2, 'lobby', ?3, ?4, ?4
                     FROM games WHERE id = ?1 RETURNING id",
                    vals![previous, seed as i64, creator, now],
                )
                .map_err(channel_conflict)?
                .ok_or(StoreError::NotFound)?
                .i64(0)?;
            insert_seats(tx, id, seats)?;
            tx.exec(
                "INSERT INTO rematches (game_id, previous_id) VALUES (?1, ?2)",
                vals![id, previous],
            )?;
            super::caretaker::copy_table_options(tx, id, previous)?;
            Ok(id)
        })
    }
}
