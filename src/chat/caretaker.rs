//! The caretaker: with the table option `absent=caretaker` (the default of new games), a
//! player whose deadline passed leaves their seat in Sherpa's hands, which plays its turns
//! at normal strength (see [`super::ai`]) until they are back. Any command of theirs in
//! the game's channel takes the seat back, and the answer to that command says so.
//!
//! Invariants: taking over and handing back are versioned changes of the game through
//! [`Chat::commit_turn`] (so a computer turn thought before the player came back is stale
//! and commits nothing); a Sherpa player's own seat is never taken over; the channel is
//! told both times. A vote open when a seat is taken over counts the caretaker's answer
//! for it at once (see [`Chat::answer_for_away`]), and passes if it waited for no one else.

use super::ai_seat::is_ai;
use super::commit::Turn;
use super::core::{seat_of, Chat};
use super::deadline::Late;
use super::error::CoreError;
use super::filter::Line;
use super::types::{Reply, Request};
use crate::store::GameStatus;

impl Chat {
    /// `absent=caretaker`: the late seat passes into the caretaker's hands.
    pub(crate) fn caretaker_takes(&self, late: Late) -> Result<Vec<Reply>, CoreError> {
        let Late {
            l,
            seat,
            acting,
            req,
        } = late;
        let row = &l.seats[seat];
        if is_ai(&row.user_id) || self.lock().store.log().caretaken(l.row.id)?.contains(&seat) {
            return Ok(vec![]);
        }
        let g = l.game.as_ref().ok_or(CoreError::NotStarted)?.box_clone();
        let mut t = Turn::new(g);
        t.caretake = vec![seat];
        t.keeps_undo_vote = true;
        t.notes.push(Line::public(format!(
            "**{}** is away (their deadline passed), so Sherpa is minding their seat and plays their turns until they are back. Any command of theirs in this channel takes the seat back.",
            row.name
        )));
        let mut out = self.commit_turn(&req, l, acting, t)?;
        // A vote opened before counts the caretaker's answer now, and passes if that was
        // the last one it waited for.
        out.extend(self.answer_for_away(&req, seat));
        Ok(out)
    }

    /// After any command of `req`'s user in their game's channel: if the caretaker holds
    /// their seat, hand it back, with the channel's reply saying so (empty otherwise).
    pub(crate) fn welcome_back(&self, req: &Request) -> Vec<Reply> {
        match self.welcome_back_inner(req) {
            Ok(r) => r,
            Err(e) => {
                tracing::warn!(channel = %req.place.channel, user = %req.user.id, "handing a seat back failed: {e}");
                vec![]
            }
        }
    }

    fn welcome_back_inner(&self, req: &Request) -> Result<Vec<Reply>, CoreError> {
        let held = {
            let inner = self.lock();
            let log = inner.store.log();
            match log.active_game(&req.place.platform, &req.place.channel)? {
                Some(g) if g.status == GameStatus::Running => !log.caretaken(g.id)?.is_empty(),
                _ => false,
            }
        };
        if !held {
            return Ok(vec![]);
        }
        let l = self.load_active(&req.place)?;
        let Some(seat) = seat_of(&l.seats, &req.user.id) else {
            return Ok(vec![]);
        };
        if !self.lock().store.log().caretaken(l.row.id)?.contains(&seat) {
            return Ok(vec![]);
        }
        let g = l.game.as_ref().ok_or(CoreError::NotStarted)?;
        let acting = g.status().acting().to_vec();
        let mut t = Turn::new(g.box_clone());
        t.release = vec![seat];
        t.notes.push(Line::public(format!(
            "Welcome back, **{}**: your seat is yours again, and Sherpa no longer plays for you.",
            l.seats[seat].name
        )));
        let back = Request {
            request_id: None,
            expected_version: None,
            ..req.clone()
        };
        self.commit_turn(&back, &l, acting, t)
    }
}
