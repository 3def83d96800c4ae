//! `game rematch`: after a game ends, a new lobby in the same channel with the same
//! players, game and options and a new seed. The one asking and the Sherpa players (at
//! their levels) are seated at once; the other players confirm by joining; once all of
//! them are back the game deals itself, in the previous seat order (at once when nobody
//! else is to come back).
//!
//! Invariants: only a player of the finished game opens a rematch and only its players
//! join one; they keep their previous seats and names whatever order they join in; the
//! lobby, its first seats and its link to the finished game are one store transaction.

use super::ai_seat::is_ai;
use super::core::{Chat, Loaded};
use super::error::CoreError;
use super::lobby::LobbyError;
use super::text::Text;
use super::types::{Reply, Request};
use crate::store::SeatRow;
use crate::store::{GameRow, GameStatus};

impl Chat {
    pub(crate) fn game_rematch(&self, req: &Request, args: &str) -> Result<Vec<Reply>, LobbyError> {
        if !args.trim().is_empty() {
            return Err(CoreError::BadArgument {
                command: "game rematch",
                got: args.to_string(),
            }
            .into());
        }
        let (prev, seats) = self.finished_game_here(req)?;
        let me = seats
            .iter()
            .find(|s| s.user_id == req.user.id)
            .ok_or_else(|| LobbyError::NotInLastGame {
                players: seats.iter().map(|s| s.name.clone()).collect(),
            })?;
        // Sherpa's players come back at once with the one asking: nobody types for them.
        let back = first_seats(&seats, &me.user_id);
        let seed = self.fresh_seed();
        let id = self
            .lock()
            .store
            .log_mut()
            .create_rematch(
                prev.id,
                seed,
                &me.user_id,
                &back,
                Self::request_key(req),
                self.now(),
            )
            .map_err(CoreError::opening)?;
        let kind = self
            .registry
            .get(&prev.kind)
            .map(|k| k.name())
            .unwrap_or(prev.kind.as_str());
        let others: Vec<&SeatRow> = seats
            .iter()
            .filter(|s| s.user_id != me.user_id && !is_ai(&s.user_id))
            .collect();
        let text = rematch_asked(&me.name, prev.id, kind, id, &back);
        if others.is_empty() {
            // Everyone is back already: it deals itself, as when the last player joins.
            let mut out = vec![Reply::public(text)];
            self.deal_now_all_are_back(req, &mut out);
            return Ok(out);
        }
        let text = text
            .p(" ")
            .then(Text::join(
                others
                    .iter()
                    .map(|s| Text::new().mention(&s.user_id, &s.name)),
                " ",
            ))
            .p(": ")
            .cmd("game join", &[])
            .p(" to play again; the game starts when all of you are back.");
        let mut r = Reply::public(text);
        r.pings = others.iter().map(|s| s.user_id.clone()).collect();
        Ok(vec![r])
    }

    /// The channel's last game, finished, with its seats: what a rematch starts from.
    /// Refused while a game is open here, or when the last game is not over.
    fn finished_game_here(&self, req: &Request) -> Result<(GameRow, Vec<SeatRow>), LobbyError> {
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
        Ok((prev, seats))
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

/// The seats of a rematch lobby as it opens: the player `asking` and every Sherpa player of
/// the previous game's `seats`, in their previous order (renumbered), under their names.
fn first_seats(seats: &[SeatRow], asking: &str) -> Vec<SeatRow> {
    seats
        .iter()
        .filter(|s| s.user_id == asking || is_ai(&s.user_id))
        .enumerate()
        .map(|(i, s)| SeatRow {
            seat: i,
            user_id: s.user_id.clone(),
            name: s.name.clone(),
            resigned: false,
        })
        .collect()
}

/// The public words of a rematch asked by `asker` of game `prev`: the new game `id` of
/// `kind`, and which Sherpa players take their seats again at once.
fn rematch_asked(asker: &str, prev: i64, kind: &str, id: i64, back: &[SeatRow]) -> Text {
    let text = Text::new().p(format!(
        "**{asker}** asks for a rematch of game #{prev}: a new game of **{kind}** (game #{id}) with the same seats and options and a new deal."
    ));
    let sherpas: Vec<String> = back
        .iter()
        .filter(|s| is_ai(&s.user_id))
        .map(|s| format!("**{}**", s.name))
        .collect();
    match sherpas.len() {
        0 => text,
        1 => text.p(format!(" {} takes its seat again.", sherpas[0])),
        _ => text.p(format!(" {} take their seats again.", sherpas.join(", "))),
    }
}
