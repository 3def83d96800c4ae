//! What happens when a game's deadline passes for a player: the table's `absent` option
//! decides (`game new … absent=caretaker|wait|kick`, stored with the game; a game created
//! before the option existed waits). The game's deadline itself (`remind deadline`) says
//! when; with `absent=caretaker` or `kick` the option wins over the deadline's
//! `notify|kick` word, which only words the notice of a waiting table.
//! - `caretaker`: the seat passes into the caretaker's hands (see [`super::caretaker`]):
//!   the channel is told, and Sherpa plays the seat's turns (the front end's AI loop, see
//!   [`super::ai`]) until its player sends any command in the channel.
//! - `kick`: the player is removed, as `game kick` would; their turns are then played
//!   automatically.
//! - `wait`: during simultaneous secret choices (e.g. Himalaya's programming) the game's
//!   default steps are played for that seat until it has sealed its choice (or no longer
//!   has to act), and the channel is told that a default was sealed — the commitment only,
//!   never the choice; in a turn-based phase the deadline stays a notice.
//!
//! Platform-neutral: the reminder task calls it when a deadline comes due.
//!
//! Invariants: only a seat that still waits since the very wait whose deadline passed is
//! acted for (a repeated or late call changes nothing); the request id
//! `deadline:<game>:<user>:<since>` makes it apply at most once; every change goes through
//! [`Chat::commit_turn`] (version check, outbox, reminder schedule).

use super::commit::{play_defaults, Turn};
use super::core::{seat_of, Chat, Loaded};
use super::error::CoreError;
use super::filter::Line;
use super::types::{Place, Reply, Request, User};
use crate::engine::Seat;
use crate::store::Absent;

/// The user id the deadline acts as (never a seated player, so nobody is the invoker).
const DEADLINE_USER: &str = "sherpa:deadline";

/// A late seat whose deadline passed, in its loaded game.
pub(crate) struct Late<'a> {
    pub l: &'a Loaded,
    pub seat: Seat,
    /// The seats acting now.
    pub acting: Vec<Seat>,
    /// The change's request (as the deadline, with its request id).
    pub req: Request,
}

impl Chat {
    /// The game deadline passed for `user_id`, who has waited since `since`: act as the
    /// table's `absent` option says and return the replies (empty: nothing changed, e.g.
    /// a waiting table in a turn-based phase, or the wait is over already).
    pub fn deadline_passed(&self, place: &Place, user_id: &str, since: i64) -> Vec<Reply> {
        match self.deadline_inner(place, user_id, since) {
            Ok(r) => r,
            Err(e) => {
                tracing::warn!(channel = %place.channel, user = user_id, "acting at the deadline failed: {e}");
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
        if !acting.contains(&seat) {
            return Ok(vec![]);
        }
        let (waits, absent) = {
            let inner = self.lock();
            (
                inner.store.schedules().waits(l.row.id)?,
                inner.store.log().absent(l.row.id)?,
            )
        };
        if !waits.iter().any(|(u, s)| u == user_id && *s == since) {
            return Ok(vec![]);
        }
        let late = Late {
            l: &l,
            seat,
            acting,
            req: Request {
                request_id: Some(format!("deadline:{}:{user_id}:{since}", l.row.id)),
                ..Request::new(
                    place.clone(),
                    User {
                        id: DEADLINE_USER.into(),
                        name: "Sherpa".into(),
                        is_channel_admin: false,
                    },
                    "deadline",
                )
            },
        };
        match absent {
            Absent::Wait => self.seal_default(late),
            Absent::Caretaker => self.caretaker_takes(late),
            Absent::Kick => self.deadline_kick(late),
        }
    }

    /// `absent=wait`: during simultaneous choices, seal the late seat's default choice.
    fn seal_default(&self, late: Late) -> Result<Vec<Reply>, CoreError> {
        let Late {
            l,
            seat,
            acting,
            req,
        } = late;
        if acting.len() < 2 {
            return Ok(vec![]);
        }
        let mut g = l.game.as_ref().ok_or(CoreError::NotStarted)?.box_clone();
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
        self.commit_turn(&req, l, acting, t)
    }

    /// `absent=kick`: remove the late player, as `game kick` would.
    fn deadline_kick(&self, late: Late) -> Result<Vec<Reply>, CoreError> {
        let Late {
            l,
            seat,
            acting,
            req,
        } = late;
        let g = l.game.as_ref().ok_or(CoreError::NotStarted)?.box_clone();
        let mut t = Turn::new(g);
        t.resign = vec![seat];
        t.notes.push(Line::public(format!(
            "**{}** ran out of time and is removed from the game (this table plays with `absent=kick`); their turns are now played automatically.",
            l.seats[seat].name
        )));
        self.close_kick_of(l, seat, &mut t)?;
        let mut out = self.commit_turn(&req, l, acting, t)?;
        out.extend(self.recheck_votes(&req));
        Ok(out)
    }
}
