//! Listing games across channels: `games` (a player's games in a server, and every game
//! running there).
//!
//! Invariant: pure reads; a listed game's waits are those of `reminder_waits` (who the
//! game waits for and since when), the same rows reminders and kick votes use.

use super::db::vals;
use super::{GameLog, GameRow, Result, SeatRow, Store};
use std::ops::Deref;

/// A game in a lobby or running, with its seats and who it waits for since when.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListedGame {
    pub row: GameRow,
    pub seats: Vec<SeatRow>,
    /// (user id, waiting since), by user id.
    pub waits: Vec<(String, i64)>,
}

impl<R: Deref<Target = Store>> GameLog<R> {
    /// Games in a lobby or running on `platform` in `guild` (`None`: games outside any
    /// server), only those `user` is seated in when given; oldest first, at most `limit`.
    pub fn active_games_in(
        &self,
        platform: &str,
        guild: Option<&str>,
        user: Option<&str>,
        limit: usize,
    ) -> Result<Vec<ListedGame>> {
        let mut sql = String::from(
            "SELECT id FROM games WHERE platform = ?1 AND status IN ('lobby','running')",
        );
        sql.push_str(if guild.is_some() {
            " AND guild = ?2"
        } else {
            " AND guild IS NULL AND ?2 = ''"
        });
        if user.is_some() {
            sql.push_str(" AND id IN (SELECT game_id FROM seats WHERE user_id = ?3)");
        } else {
            sql.push_str(" AND ?3 = ''");
        }
        sql.push_str(" ORDER BY id LIMIT ?4");
        let rows = self.store.db.with(|ex| {
            ex.query(
                &sql,
                vals![
                    platform,
                    guild.unwrap_or(""),
                    user.unwrap_or(""),
                    limit.min(i64::MAX as usize) as i64
                ],
            )
        })?;
        let ids: Vec<i64> = rows.iter().map(|r| r.i64(0)).collect::<Result<_>>()?;
        ids.into_iter()
            .map(|id| {
                Ok(ListedGame {
                    row: self.game(id)?,
                    seats: self.seats(id)?,
                    waits: self.store.schedules().waits(id)?,
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_outside_a_server_and_in_one_are_listed_apart() {
        let mut s = Store::open_in_memory().unwrap();
        let opts = Default::default();
        let local = s
            .log_mut()
            .create_game(
                "local",
                None,
                "table",
                "nepal",
                &opts,
                1,
                ("ann", "ann"),
                None,
                10,
            )
            .unwrap();
        let served = s
            .log_mut()
            .create_game(
                "local",
                Some("g"),
                "c",
                "nepal",
                &opts,
                1,
                ("ann", "ann"),
                None,
                10,
            )
            .unwrap();
        s.log_mut()
            .create_game(
                "local",
                None,
                "t2",
                "nepal",
                &opts,
                1,
                ("bob", "bob"),
                None,
                10,
            )
            .unwrap();
        let ids = |v: Vec<ListedGame>| v.into_iter().map(|g| g.row.id).collect::<Vec<_>>();
        assert_eq!(
            ids(s
                .log()
                .active_games_in("local", None, Some("ann"), 10)
                .unwrap()),
            [local]
        );
        assert_eq!(
            ids(s
                .log()
                .active_games_in("local", Some("g"), Some("ann"), 10)
                .unwrap()),
            [served]
        );
        assert_eq!(
            ids(s.log().active_games_in("local", None, None, 10).unwrap()).len(),
            2
        );
        assert_eq!(
            ids(s.log().active_games_in("local", None, None, 1).unwrap()),
            [local]
        );
        assert!(s
            .log()
            .active_games_in("discord", None, None, 10)
            .unwrap()
            .is_empty());
    }
}
