//! Decisions that need the other players: `game kick`, `game abort`, and consent to an
//! undo that its requester cannot make alone.

use super::commit::Turn;
use super::filter::{self, Line};
use super::*;
use crate::engine::Viewer;
use crate::store::GameStatus;

/// How long the game must have waited for a player before the others may vote them out,
/// when the game has no deadline of its own (`remind deadline …`).
pub const DEFAULT_KICK_AFTER: i64 = 72 * 3600;

fn name_list(seats: &[&SeatRow]) -> String {
    seats
        .iter()
        .map(|s| s.name.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

impl Chat {
    /// Record `req`'s user's vote on `motion`; returns the active players (other than
    /// `exclude`) who have not voted yet. Empty means the motion passes.
    fn cast_vote<'a>(
        &self,
        l: &'a Loaded,
        motion: &str,
        req: &Request,
        exclude: Option<Seat>,
    ) -> Result<Vec<&'a SeatRow>, ChatError> {
        let earlier = self.lock().store.log().voters(l.row.id, motion)?;
        if earlier.contains(&req.user.id) {
            // A repeated vote (a double click, an old button) changes nothing and pings
            // nobody: the voter alone is told.
            let what = match motion.split_once(':') {
                Some(("kick", s)) => s
                    .parse::<usize>()
                    .ok()
                    .and_then(|s| l.seats.get(s))
                    .map(|r| format!("remove {}", r.name))
                    .unwrap_or_else(|| "remove this player".into()),
                _ => motion.to_string(),
            };
            return Err(ChatError::VoteAlreadyIn {
                motion: what,
                missing: l
                    .seats
                    .iter()
                    .filter(|s| {
                        !s.resigned && Some(s.seat) != exclude && !earlier.contains(&s.user_id)
                    })
                    .map(|s| s.name.clone())
                    .collect(),
            });
        }
        let voters =
            self.lock()
                .store
                .log_mut()
                .vote(l.row.id, motion, &req.user.id, self.now())?;
        Ok(l.seats
            .iter()
            .filter(|s| !s.resigned && Some(s.seat) != exclude && !voters.contains(&s.user_id))
            .collect())
    }

    fn target_seat(&self, seats: &[SeatRow], who: &str) -> Result<Seat, ChatError> {
        let who = who
            .trim()
            .trim_start_matches("<@")
            .trim_end_matches('>')
            .trim_start_matches('@');
        if who.is_empty() {
            return Err(ChatError::KickWho);
        }
        let lw = who.to_lowercase();
        let hits: Vec<&SeatRow> = seats
            .iter()
            .filter(|s| s.user_id == who || s.name.to_lowercase().starts_with(&lw))
            .collect();
        match hits.as_slice() {
            [one] => Ok(one.seat),
            [] => Err(ChatError::NoSuchPlayer {
                got: who.to_string(),
                players: seats.iter().map(|s| s.name.clone()).collect(),
            }),
            many => Err(ChatError::AmbiguousPlayer {
                got: who.to_string(),
                candidates: many.iter().map(|s| s.name.clone()).collect(),
            }),
        }
    }

    /// A vote to remove `target` counts only when the game waits for them (they are among
    /// the `acting` seats) and has waited longer than the game's deadline (or
    /// [`DEFAULT_KICK_AFTER`] without one), counted after any vacation of theirs, on the
    /// injected clock. Otherwise the refusal says why and when it becomes possible.
    fn check_kick_clock(&self, l: &Loaded, target: Seat, acting: &[Seat]) -> Result<(), ChatError> {
        let row = &l.seats[target];
        let (waits, deadline, prefs) = {
            let inner = self.lock();
            (
                inner.store.schedules().waits(l.row.id)?,
                inner.store.schedules().game_deadline(l.row.id)?,
                inner.store.schedules().reminder_prefs(&row.user_id)?,
            )
        };
        let after = deadline.map(|(d, _)| d).unwrap_or(DEFAULT_KICK_AFTER);
        let since = acting
            .contains(&target)
            .then(|| waits.iter().find(|(u, _)| *u == row.user_id).map(|w| w.1))
            .flatten();
        let Some(since) = since else {
            return Err(ChatError::KickNotWaiting {
                name: row.name.clone(),
                after,
            });
        };
        let at = crate::reminders::deadline_at(after, since, prefs.vacation_until);
        if self.now() < at {
            return Err(ChatError::KickTooEarly {
                name: row.name.clone(),
                since,
                at,
                after,
            });
        }
        Ok(())
    }

    pub(crate) fn game_kick(&self, req: &Request, args: &str) -> Result<Vec<Reply>, ChatError> {
        let l = self.load_active(&req.place)?;
        let target = self.target_seat(&l.seats, args)?;
        if l.row.status == GameStatus::Lobby {
            if !(req.user.is_channel_admin || req.user.id == l.row.creator) {
                return Err(ChatError::OnlyCreatorBeforeStart);
            }
            let seats = l
                .seats
                .iter()
                .filter(|s| s.seat != target)
                .cloned()
                .collect();
            self.save_lobby_seats(&l, seats, req)?;
            return Ok(vec![Reply::public(format!(
                "**{}** was removed from the game.",
                l.seats[target].name
            ))]);
        }
        if l.seats[target].resigned {
            return Err(ChatError::AlreadyOut(l.seats[target].name.clone()));
        }
        let g = l.game.as_ref().ok_or(ChatError::NotStarted)?.box_clone();
        let before = g.status().acting().to_vec();
        let tname = l.seats[target].name.clone();
        let mut t = Turn::new(g);
        t.resign = vec![target];
        if req.user.is_channel_admin {
            t.notes.push(Line::public(format!(
                "A channel admin removed **{tname}**; their turns are now played automatically."
            )));
            return self.commit_turn(req, &l, before, t);
        }
        let me =
            seat_of(&l.seats, &req.user.id).ok_or(ChatError::OnlyPlayersVote { motion: "kick" })?;
        if me == target {
            return Err(ChatError::KickYourself);
        }
        self.check_kick_clock(&l, target, &before)?;
        let motion = format!("kick:{target}");
        let missing = self.cast_vote(&l, &motion, req, Some(target))?;
        if missing.is_empty() {
            t.notes.push(Line::public(format!(
                "The players voted to remove **{tname}**; their turns are now played automatically."
            )));
            t.clear_votes.push(motion);
            return self.commit_turn(req, &l, before, t);
        }
        let mut r = Reply::public(
            Text::new()
                .p(format!(
                    "**{}** votes to remove **{tname}** from the game. Still needed: {} (each sends ",
                    l.seats[me].name,
                    name_list(&missing)
                ))
                .cmd("game kick", &[&tname])
                .p(")."),
        );
        r.pings = missing.iter().map(|s| s.user_id.clone()).collect();
        Ok(vec![r])
    }

    pub(crate) fn game_abort(&self, req: &Request, _args: &str) -> Result<Vec<Reply>, ChatError> {
        let l = self.load_active(&req.place)?;
        let immediate = req.user.is_channel_admin
            || (l.row.status == GameStatus::Lobby && req.user.id == l.row.creator);
        let abort = |this: &Self, why: &str| -> Result<Vec<Reply>, ChatError> {
            this.close_game(&l, req)?;
            Ok(vec![Reply::public(
                Text::new()
                    .p(format!("The game was aborted ({why}). "))
                    .cmd("game new", &["<game>"])
                    .p(" starts another."),
            )])
        };
        if immediate {
            return abort(self, "by a channel admin or the creator");
        }
        let me = seat_of(&l.seats, &req.user.id)
            .ok_or(ChatError::OnlyPlayersVote { motion: "abort" })?;
        let missing = self.cast_vote(&l, "abort", req, None)?;
        if missing.is_empty() {
            return abort(self, "every player agreed");
        }
        let mut r = Reply::public(
            Text::new()
                .p(format!(
                    "**{}** votes to abort the game. Still needed: {} (each sends ",
                    l.seats[me].name,
                    name_list(&missing)
                ))
                .cmd("game abort", &[])
                .p(")."),
        );
        r.pings = missing.iter().map(|s| s.user_id.clone()).collect();
        Ok(vec![r])
    }

    /// `undo` of a step its requester cannot take back alone: open a vote (or take it back
    /// at once when nobody else is playing). The public request never shows a secret
    /// step's notation.
    pub(crate) fn request_undo(
        &self,
        req: &Request,
        l: &Loaded,
        g: &dyn AnyGame,
        actions: &[ActionRow],
        last: &ActionRow,
        seat: Seat,
    ) -> Result<Vec<Reply>, ChatError> {
        if !self.lock().store.log().voters(l.row.id, "undo")?.is_empty() {
            return Err(ChatError::UndoAlreadyOpen);
        }
        let others: Vec<&SeatRow> = l
            .seats
            .iter()
            .filter(|s| !s.resigned && s.seat != seat)
            .collect();
        if others.is_empty() {
            return self.apply_undo(req, l, g, actions, last, false);
        }
        self.lock()
            .store
            .log_mut()
            .vote(l.row.id, "undo", &req.user.id, self.now())?;
        let owner = &l.seats[last.seat];
        let why = if last.seat != seat {
            format!("it was played by {}", owner.name)
        } else if last.barrier {
            "it revealed information or drew at random".into()
        } else {
            "it ended the turn".into()
        };
        let mut r = Reply::public(
            Text::new()
                .p(format!(
                    "**{}** asks to take back {} ({why}, so everyone must agree). {}: answer ",
                    l.seats[seat].name,
                    filter::step_name(last, Viewer::Spectator),
                    name_list(&others)
                ))
                .cmd("undo", &["accept"])
                .p(" or ")
                .cmd("undo", &["reject"])
                .p("."),
        );
        r.pings = others.iter().map(|s| s.user_id.clone()).collect();
        Ok(vec![r])
    }

    /// `undo accept` / `undo reject`.
    pub(crate) fn answer_undo(
        &self,
        req: &Request,
        l: &Loaded,
        g: &dyn AnyGame,
        actions: &[ActionRow],
        last: &ActionRow,
        accept: bool,
    ) -> Result<Vec<Reply>, ChatError> {
        let me = seat_of(&l.seats, &req.user.id).ok_or(ChatError::NotPlaying)?;
        if self.lock().store.log().voters(l.row.id, "undo")?.is_empty() {
            return Err(ChatError::NoUndoRequest {
                answer: if accept { "accept" } else { "reject" },
            });
        }
        if !accept {
            self.lock().store.log_mut().clear_votes(l.row.id, "undo")?;
            return Ok(vec![Reply::public(format!(
                "**{}** rejected the undo request; the game goes on.",
                l.seats[me].name
            ))]);
        }
        let missing = self.cast_vote(l, "undo", req, None)?;
        if missing.is_empty() {
            return self.apply_undo(req, l, g, actions, last, true);
        }
        Ok(vec![Reply::public(format!(
            "**{}** agrees to the undo. Still waiting for: {}.",
            l.seats[me].name,
            name_list(&missing)
        ))])
    }
}
