//! `game rematch`: after a game ends, a new lobby in the same channel with the same
//! players, game and options and a new seed. The players confirm by joining; once all of
//! them are back the game deals itself, in the previous seat order.
//!
//! Invariants: only a player of the finished game opens a rematch and only its players
//! join one; they keep their previous seats and names whatever order they join in; the
//! lobby and its link to the finished game are one store transaction.

use super::core::{Chat, Loaded};
use super::error::CoreError;
use super::lobby::LobbyError;
use super::text::Text;
use super::types::{Reply, Request};
use crate::store::GameStatus;
use crate::store::SeatRow;

impl Chat {
    pub(crate) fn game_rematch(&self, req: &Request, args: &str) -> Result<Vec<Reply>, LobbyError> {
        if !args.trim().is_empty() {
            return Err(CoreError::BadArgument {
                command: "game rematch",
                got: args.to_string(),
            }
            .into());
        }
        let (prev, seats) = {
            let inner = self.lock();
            let store = &inner.store;
            if store
                .log()
                .active_game(&req.place.platform, &req.place.channel)?
                .is_some()
            {
                return Err(CoreError::GameAlreadyOpen.into());
            }
            let prev = match store
                .log()
                .latest_game(&req.place.platform, &req.place.channel)?
            {
                None => return Err(LobbyError::NoGamePlayedHere),
                Some(g) if g.status != GameStatus::Finished => {
                    return Err(LobbyError::NothingToRematch)
                }
                Some(g) => g,
            };
            let seats = store.log().seats(prev.id)?;
            (prev, seats)
        };
        let me = seats
            .iter()
            .find(|s| s.user_id == req.user.id)
            .ok_or_else(|| LobbyError::NotInLastGame {
                players: seats.iter().map(|s| s.name.clone()).collect(),
            })?;
        let seed = self.fresh_seed();
        let id = self
            .lock()
            .store
            .log_mut()
            .create_rematch(
                prev.id,
                seed,
                (&me.user_id, &me.name),
                Self::request_key(req),
                self.now(),
            )
            .map_err(CoreError::opening)?;
        let kind = self
            .registry
            .get(&prev.kind)
            .map(|k| k.name())
            .unwrap_or(prev.kind.as_str());
        let others: Vec<&SeatRow> = seats.iter().filter(|s| s.user_id != me.user_id).collect();
        let mut text = Text::new().p(format!(
            "**{}** asks for a rematch of game #{}: a new game of **{kind}** (game #{id}) with the same seats and options and a new deal. ",
            me.name, prev.id
        ));
        if others.is_empty() {
            text = text.cmd("game start", &[]).p(" deals it.");
        } else {
            text = text
                .then(Text::join(
                    others
                        .iter()
                        .map(|s| Text::new().mention(&s.user_id, &s.name)),
                    " ",
                ))
                .p(": ")
                .cmd("game join", &[])
                .p(" to play again; the game starts when all of you are back.");
        }
        let mut r = Reply::public(text);
        r.pings = others.iter().map(|s| s.user_id.clone()).collect();
        Ok(vec![r])
    }

    /// For a rematch lobby: its seats once `user` joins, in the previous game's order and
    /// under the previous names, and whether every previous player is then seated. `None`
    /// for any other lobby; an error for a user who did not play the previous game.
    pub(crate) fn rematch_seats(
        &self,
        lobby: &Loaded,
        user: &str,
    ) -> Result<Option<(Vec<SeatRow>, bool)>, LobbyError> {
        let prev_seats = {
            let inner = self.lock();
            let Some(prev) = inner.store.log().rematch_of(lobby.row.id)? else {
                return Ok(None);
            };
            inner.store.log().seats(prev)?
        };
        let Some(mine) = prev_seats.iter().find(|s| s.user_id == user) else {
            return Err(LobbyError::RematchPlayersOnly {
                players: prev_seats.iter().map(|s| s.name.clone()).collect(),
            });
        };
        let mut seats = lobby.seats.clone();
        seats.push(SeatRow {
            seat: seats.len(),
            user_id: user.to_string(),
            name: mine.name.clone(),
            resigned: false,
        });
        let order = |u: &str| {
            prev_seats
                .iter()
                .position(|p| p.user_id == u)
                .unwrap_or(usize::MAX)
        };
        seats.sort_by_key(|s| order(&s.user_id));
        let all = prev_seats
            .iter()
            .all(|p| seats.iter().any(|s| s.user_id == p.user_id));
        Ok(Some((seats, all)))
    }
}
