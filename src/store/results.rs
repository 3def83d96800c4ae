//! Results of finished games (migration 0007): one row per (game, player), the stored facts
//! that ratings and `stats` are recomputed from (see `crate::ratings`).
//!
//! Invariants: a game's results are written by the change that finishes it, in that
//! change's transaction ([`super::Change::results`]), so a finished game has its results
//! and an aborted one has none; rows are never updated afterwards. The one exception is a
//! game that finished before migration 0007: the migration lists it in `results_backfill`
//! and its results are recorded once, later, from its final state
//! ([`GameResults::record_backfilled_results`]).

use super::db::{vals, Exec, Row};
use super::{Result, Store};
use std::ops::{Deref, DerefMut};

/// The results of finished games in a store: `R` is `&Store` ([`Store::results`]: reads)
/// or `&mut Store` ([`Store::results_mut`]: reads and writes).
pub struct GameResults<R> {
    pub(super) store: R,
}

/// One player's result, recorded by the change that finishes the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewResult {
    pub seat: usize,
    pub user_id: String,
    /// Display name at the end of the game.
    pub name: String,
    /// 1 = best; tied players share a place.
    pub place: u32,
    /// Placed first.
    pub won: bool,
    /// Resigned or was kicked (and so recorded in last place).
    pub resigned: bool,
}

/// A stored result row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultRow {
    pub game_id: i64,
    /// The game's id in the registry, e.g. `nepal`.
    pub kind: String,
    pub seat: usize,
    pub user_id: String,
    pub name: String,
    pub place: u32,
    pub won: bool,
    pub resigned: bool,
    /// When the game finished (unix seconds).
    pub finished_at: i64,
}

/// Write `results` for game `game_id` (its platform, server and kind copied from its row)
/// inside the caller's transaction.
pub(super) fn insert(
    tx: &mut dyn Exec,
    game_id: i64,
    results: &[NewResult],
    now: i64,
) -> Result<()> {
    for r in results {
        tx.exec(
            "INSERT INTO results (game_id, seat, platform, guild, kind, user_id, name, place, won, resigned, finished_at)
             SELECT id, ?2, platform, guild, kind, ?3, ?4, ?5, ?6, ?7, ?8 FROM games WHERE id = ?1",
            vals![
                game_id,
                r.seat as i64,
                &r.user_id,
                &r.name,
                r.place,
                r.won,
                r.resigned,
                now
            ],
        )?;
    }
    Ok(())
}

fn result_from(r: &Row) -> Result<ResultRow> {
    Ok(ResultRow {
        game_id: r.i64(0)?,
        kind: r.text(1)?,
        seat: r.i64(2)?.max(0) as usize,
        user_id: r.text(3)?,
        name: r.text(4)?,
        place: r.i64(5)?.clamp(0, u32::MAX as i64) as u32,
        won: r.bool(6)?,
        resigned: r.bool(7)?,
        finished_at: r.i64(8)?,
    })
}

impl<R: Deref<Target = Store>> GameResults<R> {
    /// Every result on `platform` in `guild` (`None`: games outside any server), of game
    /// `kind` only when given, in finish order (time, then game id), each game's rows by seat.
    pub fn results_in(
        &self,
        platform: &str,
        guild: Option<&str>,
        kind: Option<&str>,
    ) -> Result<Vec<ResultRow>> {
        let mut sql = String::from(
            "SELECT game_id, kind, seat, user_id, name, place, won, resigned, finished_at
             FROM results WHERE platform = ?1",
        );
        sql.push_str(if guild.is_some() {
            " AND guild = ?2"
        } else {
            " AND guild IS NULL AND ?2 = ''"
        });
        sql.push_str(if kind.is_some() {
            " AND kind = ?3"
        } else {
            " AND ?3 = ''"
        });
        sql.push_str(" ORDER BY finished_at, game_id, seat");
        let rows = self.store.db.with(|ex| {
            ex.query(
                &sql,
                vals![platform, guild.unwrap_or(""), kind.unwrap_or("")],
            )
        })?;
        rows.iter().map(result_from).collect()
    }

    /// Games that finished before results were recorded (listed by migration 0007) and
    /// still wait for theirs, oldest first.
    pub fn results_backfill_pending(&self) -> Result<Vec<i64>> {
        self.store.db.column(
            "SELECT game_id FROM results_backfill ORDER BY game_id",
            &[],
            Row::i64,
        )
    }

    /// The results of one game, by seat (empty unless it finished).
    pub fn game_results(&self, game_id: i64) -> Result<Vec<ResultRow>> {
        let rows = self.store.db.with(|ex| {
            ex.query(
                "SELECT game_id, kind, seat, user_id, name, place, won, resigned, finished_at
                 FROM results WHERE game_id = ?1 ORDER BY seat",
                vals![game_id],
            )
        })?;
        rows.iter().map(result_from).collect()
    }
}

impl<R: DerefMut<Target = Store>> GameResults<R> {
    /// Record the results of a game that finished before results were recorded, with the
    /// time it finished, and take it off the backfill list, in one transaction. Does
    /// nothing but take it off when the game already has results; an empty `results`
    /// takes it off with none (a game whose places cannot be rebuilt).
    pub fn record_backfilled_results(
        &mut self,
        game_id: i64,
        results: &[NewResult],
        finished_at: i64,
    ) -> Result<()> {
        self.store.db.tx(|tx| {
            let has = tx
                .query_one(
                    "SELECT COUNT(*) FROM results WHERE game_id = ?1",
                    vals![game_id],
                )?
                .i64(0)?;
            if has == 0 {
                insert(tx, game_id, results, finished_at)?;
            }
            tx.exec(
                "DELETE FROM results_backfill WHERE game_id = ?1",
                vals![game_id],
            )?;
            Ok(())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::tests::both_backends;
    use crate::store::{Change, GameStatus};
    use std::collections::BTreeMap;

    fn game(s: &mut Store, guild: Option<&str>, channel: &str, kind: &str) -> i64 {
        s.log_mut()
            .create_game(
                "discord",
                guild,
                channel,
                kind,
                &BTreeMap::new(),
                1,
                ("u1", "ann"),
                None,
                10,
            )
            .unwrap()
    }

    fn res(seat: usize, user: &str, place: u32, resigned: bool) -> NewResult {
        NewResult {
            seat,
            user_id: user.into(),
            name: user.to_uppercase(),
            place,
            won: place == 1,
            resigned,
        }
    }

    /// Migration 0007 lists the games that finished before it (and no other) for their
    /// results to be recorded.
    #[test]
    fn migration_0007_lists_the_games_finished_before_it() {
        let dir = std::env::temp_dir().join(format!("sherpa-0007-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("s.db");
        {
            let c = rusqlite::Connection::open(&path).unwrap();
            for m in &crate::store::MIGRATIONS[..6] {
                c.execute_batch(m.sql).unwrap();
            }
            c.execute_batch(
                "PRAGMA user_version = 6;
                 INSERT INTO games (id, platform, guild, channel, kind, options, seed, status, creator, created_at, updated_at)
                 VALUES (1, 'discord', 'g', 'c1', 'nepal', '{}', 7, 'finished', 'u1', 10, 20),
                        (2, 'discord', 'g', 'c2', 'nepal', '{}', 7, 'aborted', 'u1', 10, 20),
                        (3, 'discord', 'g', 'c3', 'nepal', '{}', 7, 'running', 'u1', 10, 20),
                        (4, 'discord', 'g', 'c4', 'nepal', '{}', 7, 'finished', 'u1', 10, 30);",
            )
            .unwrap();
        }
        let s = Store::open(&path).unwrap();
        assert_eq!(s.results().results_backfill_pending().unwrap(), [1, 4]);
        drop(s);
        let _ = std::fs::remove_dir_all(&dir);
    }

    both_backends! {
        fn a_game_finished_before_results_is_recorded_once_and_taken_off_the_list(s, fx) {
            let a = game(&mut s, Some("g1"), "c1", "nepal");
            // Finished with no results, as before migration 0007, and listed by it.
            s.log_mut().commit(a, 0, Change { status: Some(GameStatus::Finished), ..Default::default() }, 500)
                .unwrap();
            let list = format!("INSERT INTO results_backfill (game_id) VALUES ({a})");
            s.debug_exec(&list).unwrap();
            assert_eq!(s.results().results_backfill_pending().unwrap(), [a]);
            s.results_mut().record_backfilled_results(a, &[res(0, "u1", 2, false), res(1, "u2", 1, false)], 500)
                .unwrap();
            assert!(s.results().results_backfill_pending().unwrap().is_empty());
            let rows = fx.open().results().game_results(a).unwrap();
            assert_eq!(
                rows.iter().map(|r| (r.user_id.as_str(), r.place, r.finished_at)).collect::<Vec<_>>(),
                [("u1", 2, 500), ("u2", 1, 500)]
            );
            // Listed again (say, by a copy made half-way): taken off, never recorded twice.
            s.debug_exec(&list).unwrap();
            s.results_mut().record_backfilled_results(a, &[res(0, "u1", 1, false)], 900).unwrap();
            assert!(s.results().results_backfill_pending().unwrap().is_empty());
            assert_eq!(s.results().game_results(a).unwrap(), rows);
        }

        fn results_are_written_with_the_finishing_change_and_read_by_server_and_game(s, fx) {
            let a = game(&mut s, Some("g1"), "c1", "nepal");
            let b = game(&mut s, Some("g1"), "c2", "himalaya");
            let c = game(&mut s, Some("g2"), "c3", "nepal");
            let d = game(&mut s, None, "c4", "nepal");
            let finish = |s: &mut Store, id: i64, rows: Vec<NewResult>, now: i64| {
                s.log_mut().commit(
                    id,
                    0,
                    Change { status: Some(GameStatus::Finished), results: rows, ..Default::default() },
                    now,
                )
                .unwrap();
            };
            // Finished out of id order: `b` and `a` at the same time, `c` and `d` elsewhere.
            finish(&mut s, b, vec![res(0, "u1", 2, false), res(1, "u2", 1, false)], 500);
            finish(&mut s, a, vec![res(1, "u2", 1, false), res(0, "u1", 2, true)], 500);
            finish(&mut s, c, vec![res(0, "u1", 1, false), res(1, "u3", 1, false)], 400);
            finish(&mut s, d, vec![res(0, "u1", 1, false), res(1, "u4", 2, false)], 300);
            // A change that fails (stale version) writes no result either.
            assert!(s
                .log_mut().commit(a, 0, Change { results: vec![res(2, "u9", 1, false)], ..Default::default() }, 600)
                .is_err());

            let s2 = fx.open();
            let all = s2.results().results_in("discord", Some("g1"), None).unwrap();
            let keys: Vec<(i64, usize, &str)> =
                all.iter().map(|r| (r.game_id, r.seat, r.user_id.as_str())).collect();
            assert_eq!(keys, [(a, 0, "u1"), (a, 1, "u2"), (b, 0, "u1"), (b, 1, "u2")]);
            let first = &all[0];
            assert_eq!(
                (first.kind.as_str(), first.name.as_str(), first.place, first.won, first.resigned, first.finished_at),
                ("nepal", "U1", 2, false, true, 500)
            );
            assert!(all[1].won && !all[1].resigned);
            let nepal = s2.results().results_in("discord", Some("g1"), Some("nepal")).unwrap();
            assert_eq!(nepal.iter().map(|r| r.game_id).collect::<Vec<_>>(), [a, a]);
            let other = s2.results().results_in("discord", Some("g2"), None).unwrap();
            assert_eq!(other.iter().map(|r| r.place).collect::<Vec<_>>(), [1, 1]);
            let local = s2.results().results_in("discord", None, None).unwrap();
            assert_eq!(local.iter().map(|r| r.game_id).collect::<Vec<_>>(), [d, d]);
            assert!(s2.results().results_in("local", Some("g1"), None).unwrap().is_empty());
            assert_eq!(s2.results().game_results(b).unwrap().len(), 2);

            // `sherpa migrate-db` copies them with their games.
            let to = crate::store::tests::Fixture::new(s.dialect() == crate::store::db::Dialect::Postgres);
            let mut dst = to.open();
            dst.copy_from(&s).unwrap();
            for id in [a, b, c, d] {
                assert_eq!(dst.same_game_rows(&s, id).unwrap(), None);
                assert_eq!(dst.results().game_results(id).unwrap(), s.results().game_results(id).unwrap());
            }
            assert_eq!(dst.results().results_in("discord", Some("g1"), None).unwrap(), all);
        }

    }
}
