//! A table's `absent` option and the seats in the caretaker's hands (migration 0012).
//!
//! Invariants: a game's `absent` option is written with its lobby, in the same transaction
//! (a rematch copies its previous game's); a game without one (created before migration
//! 0012) waits, as before. A seat is taken over and handed back by a versioned change of
//! the game ([`super::Change::caretake`], [`super::Change::release`]), so a computer turn
//! thought for a seat whose player came back meanwhile is stale and commits nothing.

use super::{insert_game, record_request, GameLog, NewGame};
use crate::store::db::{vals, Exec, Row};
use crate::store::{Result, Store, StoreError};
use std::ops::{Deref, DerefMut};

/// What a table does when a player's deadline passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Absent {
    /// Sherpa plays the late player's turns until they are back.
    Caretaker,
    /// The game waits (a deadline notice; a secret choice's default is sealed).
    Wait,
    /// The late player is removed, as `game kick` would.
    Kick,
}

impl Absent {
    pub const ALL: [Absent; 3] = [Absent::Caretaker, Absent::Wait, Absent::Kick];

    pub fn as_str(self) -> &'static str {
        match self {
            Absent::Caretaker => "caretaker",
            Absent::Wait => "wait",
            Absent::Kick => "kick",
        }
    }

    /// The option's value as written (any case), if it is one.
    pub fn parse(text: &str) -> Option<Absent> {
        Absent::ALL
            .into_iter()
            .find(|a| a.as_str().eq_ignore_ascii_case(text))
    }
}

impl<R: Deref<Target = Store>> GameLog<R> {
    /// The game's `absent` option ([`Absent::Wait`] for a game created before it existed).
    pub fn absent(&self, game_id: i64) -> Result<Absent> {
        let row = self.store.db.with(|ex| {
            ex.query_opt(
                "SELECT absent FROM table_options WHERE game_id = ?1",
                vals![game_id],
            )
        })?;
        let Some(row) = row else {
            return Ok(Absent::Wait);
        };
        let text = row.text(0)?;
        Absent::parse(&text)
            .ok_or_else(|| StoreError::Sql(format!("unknown absent option `{text}`")))
    }

    /// The seats of game `game_id` in the caretaker's hands, ascending.
    pub fn caretaken(&self, game_id: i64) -> Result<Vec<usize>> {
        self.store.db.column(
            "SELECT seat FROM caretaken_seats WHERE game_id = ?1 ORDER BY seat",
            vals![game_id],
            |r, i| Ok(r.i64(i)? as usize),
        )
    }

    /// Running games with a seat Sherpa plays: a Sherpa player's (user id `prefix…`) or one
    /// in the caretaker's hands, by id.
    pub fn games_with_sherpa_seats(&self, prefix: &str) -> Result<Vec<i64>> {
        let like = format!("{prefix}%");
        self.store.db.column(
            "SELECT id FROM games g WHERE g.status = 'running' AND (
                 EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.user_id LIKE ?1)
                 OR EXISTS (SELECT 1 FROM caretaken_seats c WHERE c.game_id = g.id))
             ORDER BY id",
            vals![&like],
            Row::i64,
        )
    }
}

impl<R: DerefMut<Target = Store>> GameLog<R> {
    /// [`GameLog::create_game`] with the table's `absent` option and, when given, the game's
    /// deadline (seconds of waiting; its notice is a plain one), in one transaction.
    pub fn create_table(
        &mut self,
        new: &NewGame<'_>,
        absent: Absent,
        deadline_secs: Option<i64>,
        request: Option<(&str, &str)>,
        now: i64,
    ) -> Result<i64> {
        self.store.db.tx(|tx| {
            record_request(tx, request, now)?;
            let id = insert_game(tx, new, now)?;
            tx.exec(
                "INSERT INTO table_options (game_id, absent) VALUES (?1, ?2)",
                vals![id, absent.as_str()],
            )?;
            if let Some(secs) = deadline_secs {
                tx.exec(
                    "INSERT INTO reminder_games (game_id, deadline_secs, consequence) VALUES (?1, ?2, 'notify')",
                    vals![id, secs],
                )?;
            }
            Ok(id)
        })
    }
}

/// A rematch keeps its previous game's `absent` option (none for a game from before it).
pub(in crate::store) fn copy_table_options(
    tx: &mut dyn Exec,
    game_id: i64,
    previous: i64,
) -> Result<()> {
    tx.exec(
        "INSERT INTO table_options (game_id, absent)
         SELECT ?1, absent FROM table_options WHERE game_id = ?2",
        vals![game_id, previous],
    )?;
    Ok(())
}

/// Take over `caretake` and hand back `release` (seats of game `game_id`), in the
/// caller's transaction.
pub(in crate::store) fn write_caretaken(
    tx: &mut dyn Exec,
    game_id: i64,
    caretake: &[usize],
    release: &[usize],
    now: i64,
) -> Result<()> {
    for s in caretake {
        tx.exec(
            "INSERT INTO caretaken_seats (game_id, seat, since) VALUES (?1, ?2, ?3)
             ON CONFLICT (game_id, seat) DO NOTHING",
            vals![game_id, *s as i64, now],
        )?;
    }
    for s in release {
        tx.exec(
            "DELETE FROM caretaken_seats WHERE game_id = ?1 AND seat = ?2",
            vals![game_id, *s as i64],
        )?;
    }
    Ok(())
}
