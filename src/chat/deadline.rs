//! What happens when a game's deadline passes for a player during simultaneous secret
//! choices (e.g. Himalaya's programming): the game's default steps are played for that
//! seat until it has sealed its choice (or no longer has to act), committed like any other
//! step, and the channel is told that a default was sealed — the commitment only, never
//! the choice. Platform-neutral: the Discord reminder task calls it when a deadline comes
//! due.
//!
//! Invariants: only a seat that still waits since the very wait whose deadline passed is
//! played for (a repeated or late call changes nothing); only while several seats act at
//! once (in a turn-based phase the deadline stays a notice); the request id
//! `deadline:<game>:<user>:<since>` makes it apply at most once; the steps go through
//! [`Chat::commit_turn`] (version check, outbox, reminder schedule).

use super::commit::{play_defaults, Turn};
use super::core::{seat_of, Chat};
use super::error::CoreError;
use super::filter::Line;
use super::types::{Place, Reply, Request, User};

/// The user id the deadline acts as (never a seated player, so nobody is the invoker).
const DEADLINE_USER: &str = "sherpa:deadline";

impl Chat {
    /// The game deadline passed for `user_id`, who has waited since `since`. During
    /// simultaneous choices, seal that seat's default choice and return the replies (empty:
    /// nothing was played, e.g. a turn-based phase, or the wait is over already).
    pub fn deadline_passed(&self, place: &Place, user_id: &str, since: i64) -> Vec<Reply> {
        match self.deadline_inner(place, user_id, since) {
            Ok(r) => r,
            Err(e) => {
                tracing::warn!(channel = %place.channel, user = user_id, "default at the deadline failed: {e}");
                vec![]
            }
        }
    }

    fn deadline_inner(
        &self,
        place: &Place,
        user_id: &str,
        since: i64,
    ) -> Result<Vec<Reply>, CoreError> {
        let l = self.load_active(place)?;
        let Some(game) = &l.game else {
            return Ok(vec![]);
        };
        let Some(seat) = seat_of(&l.seats, user_id) else {
            return Ok(vec![]);
        };
        if l.seats[seat].resigned {
            return Ok(vec![]);
        }
        let acting = game.status().acting().to_vec();
        if acting.len() < 2 || !acting.contains(&seat) {
            return Ok(vec![]);
        }
        let waits = self.lock().store.schedules().waits(l.row.id)?;
        if !waits.iter().any(|(u, s)| u == user_id && *s == since) {
            return Ok(vec![]);
        }
        let mut g = game.box_clone();
        let played = play_defaults(
            &mut *g,
            |g, done| {
                let sealed = done.last().is_some_and(|p| p.action.turn_end);
                (!sealed && g.status().acting().contains(&seat)).then_some(seat)
            },
            false,
        )?;
        if played.is_empty() {
            return Ok(vec![]);
        }
        let name = &l.seats[seat].name;
        let what = if played.iter().all(|p| p.action.secret) {
            "a default program was sealed for them"
        } else {
            "default steps were played for them"
        };
        let mut t = Turn::new(g);
        t.played = played;
        t.notes
            .push(Line::public(format!("**{name}** ran out of time; {what}.")));
        let req = Request {
            place: place.clone(),
            user: User {
                id: DEADLINE_USER.into(),
                name: "Sherpa".into(),
                is_channel_admin: false,
            },
            text: "deadline".into(),
            request_id: Some(format!("deadline:{}:{user_id}:{since}", l.row.id)),
            expected_version: None,
            visible_channels: None,
            visible_channels_unknown: false,
            direct_message: false,
            mentioned: vec![],
        };
        self.commit_turn(&req, &l, acting, t)
    }
}
