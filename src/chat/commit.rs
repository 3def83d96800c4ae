//! The one function that changes a running game: [`Chat::commit_turn`]. Start, move,
//! undo, resign and kick all build a [`Turn`] and hand it here.
//!
//! Invariants: the change is one store transaction checked against the version the
//! handler loaded (a stale version is refused, nothing written); the request id is recorded
//! in it; resigned seats' pending turns are played by the autopilot and logged like any
//! step; open undo votes (but for a caretaker's takeover, which moves nothing) and the
//! motions the turn names are cleared; the reminder
//! schedule restarts (in the same transaction) when the acting seats change; the replies come from
//! [`filter::deliver`] and are written to the outbox in the same transaction (each returned
//! reply carries its outbox row; the front end marks it delivered, see [`super::outbox`]).
//! The transaction's fsync runs after the chat's lock is released and before the replies
//! are returned ([`crate::store::GameLog::commit_sync_later`]).
//! The change that ends a game records the players' results in its transaction
//! ([`super::stats::results_of`]; none for an abandoned game), and that its end files are
//! owed: the timelapse and the replay file take seconds to build, so they are not in the
//! answer to the last move; the front end posts them right after it
//! ([`Chat::post_end_files`], see [`super::timelapse`]).

use super::ai_seat::is_ai;
use super::core::{seat_of, Chat, Loaded};
use super::error::CoreError;
use super::filter::{self, Line, Outcome, Played};
use super::outbox;
use super::types::{Reply, Request};
use crate::engine::{AnyGame, Seat};
use crate::store::{reminders, Change, GameStatus, NewAction};
use crate::store::{ActionKind, ActionRow, SeatRow};

/// Longest autopilot run for resigned seats in one request.
const AUTOPILOT_CAP: usize = 10_000;

/// A checked change to a running game, ready to commit.
pub(crate) struct Turn {
    /// The state after the change (before the autopilot plays for resigned seats).
    pub game: Box<dyn AnyGame>,
    /// The steps the player applied (logged as steps).
    pub played: Vec<Logged>,
    /// Undo rows logged before the steps, each taking back one step (the state is already
    /// the replay without them).
    pub undo: usize,
    /// Seats that resign with this change.
    pub resign: Vec<Seat>,
    /// This change starts the game (lobby → running).
    pub start: bool,
    /// Lines before the steps (who started, resigned, took back…).
    pub notes: Vec<Line>,
    /// Motions whose votes are cleared besides `undo`.
    pub clear_votes: Vec<String>,
    /// Seats the caretaker takes over (their player's deadline passed).
    pub caretake: Vec<Seat>,
    /// Seats whose player is back from the caretaker.
    pub release: Vec<Seat>,
    /// Keep an open undo vote: the change moves no piece (a seat passing into the
    /// caretaker's hands, whose answer then counts on it).
    pub keeps_undo_vote: bool,
}

impl Turn {
    pub fn new(game: Box<dyn AnyGame>) -> Turn {
        Turn {
            game,
            played: vec![],
            undo: 0,
            resign: vec![],
            start: false,
            notes: vec![],
            clear_votes: vec![],
            caretake: vec![],
            release: vec![],
            keeps_undo_vote: false,
        }
    }
}

impl Chat {
    pub(crate) fn request_key(req: &Request) -> Option<(&str, &str)> {
        req.request_id
            .as_deref()
            .map(|id| (req.place.platform.as_str(), id))
    }

    /// Commit `t` to the game loaded as `l` (at `l.row.version`) and build the replies.
    /// `before`: the seats that were acting (empty before the start).
    pub(crate) fn commit_turn(
        &self,
        req: &Request,
        l: &Loaded,
        before: Vec<Seat>,
        t: Turn,
    ) -> Result<Vec<Reply>, CoreError> {
        let s = settle(&l.seats, &before, t.game, &t.resign, t.start)?;
        let invoker = seat_of(&l.seats, &req.user.id);
        let actions = new_actions(t.undo, invoker, &t.played, &s.auto);
        let mut clear_votes: Vec<String> = (!t.keeps_undo_vote)
            .then(|| "undo".to_string())
            .into_iter()
            .collect();
        clear_votes.extend(t.clear_votes);
        // The replies are built before the commit (for the version it will produce) so
        // that they are stored in the outbox in the same transaction as the change.
        let version = l.row.version + 1;
        let (caretake, mut release) = (t.caretake, t.release);
        let outcome_start = t.start;
        // A removed player's seat is played by the autopilot, no longer by the caretaker.
        release.extend(t.resign.iter().copied());
        let (log, since) = self.catch_up_after(l, &s, &before, &actions)?;
        let g = s.game;
        let outcome = Outcome {
            notes: t.notes,
            played: t
                .played
                .into_iter()
                .chain(s.auto)
                .map(|p| p.played)
                .collect(),
            before,
            invoker,
            describe: t.start,
            abandoned: s.abandoned,
            since,
        };
        let mut replies = filter::deliver(&outcome, &*g, &s.seats, version, &log);
        let finished = s.status == Some(GameStatus::Finished);
        // The players' results are recorded by the change that finishes the game, in its
        // transaction; an abandoned (aborted) game records none.
        let results = match &s.after {
            crate::engine::Status::Finished(r) if finished => {
                super::stats::results_of(&s.seats, &r.places)
            }
            _ => vec![],
        };
        let change = Change {
            acted: acted_users(req, &actions, &s.seats),
            actions,
            snapshot: Some(g.snapshot()),
            status: s.status,
            request: Self::request_key(req),
            resign: t.resign,
            turn_changed: s.turn_changed,
            clear_votes,
            outbox: replies.iter().map(outbox::entry).collect(),
            // The reminder schedule changes with the step, in its transaction: a crash
            // after the commit cannot leave the bot reminding the previous player.
            waiting: s
                .turn_changed
                .then(|| reminders::waiting_users(&s.seats, &s.after)),
            results,
            end_files_owed: finished,
            caretake,
            release,
            // A game records the rules version it starts on (the newest of its kind).
            rules_version: outcome_start.then(|| g.rules_version()),
        };
        self.store_turn(l, change, &*g, &mut replies)?;
        #[cfg(test)]
        {
            *self.last_outcome.lock().unwrap_or_else(|p| p.into_inner()) = Some(outcome);
        }
        Ok(replies)
    }

    /// What the pinged players' catch-up needs after a change of turn: the log as it will
    /// be with `actions`, and the steps since each newly acting person's last one,
    /// replayed to hear what touched them. Nothing when no one new acts (a step inside a
    /// turn pings nobody).
    fn catch_up_after(
        &self,
        l: &Loaded,
        s: &Settled,
        before: &[Seat],
        actions: &[NewAction],
    ) -> Result<(Vec<ActionRow>, filter::Replayed), CoreError> {
        if !s.turn_changed {
            return Ok((vec![], filter::Replayed::default()));
        }
        let log = log_after(self.lock().store.log().actions(l.row.id)?, actions);
        let new: Vec<Seat> = (s.after.acting().iter().copied())
            .filter(|x| !before.contains(x))
            .filter(|x| s.seats.get(*x).is_some_and(|r| !is_ai(&r.user_id)))
            .collect();
        let since = self.replay_since(&l.row, &s.seats, &log, &new, true);
        Ok((log, since))
    }

    /// Commit `change` to the game of `l`, remember `g` as its new state, wait for the
    /// write to be durable, and number `replies` with their outbox rows.
    fn store_turn(
        &self,
        l: &Loaded,
        change: Change,
        g: &dyn AnyGame,
        replies: &mut [Reply],
    ) -> Result<(), CoreError> {
        self.hooks().before_commit();
        let mut inner = self.lock();
        let (committed, pending) =
            inner
                .store
                .log_mut()
                .commit_sync_later(l.row.id, l.row.version, change, self.now())?;
        debug_assert_eq!(committed.version, l.row.version + 1);
        self.remember(&mut inner, l.row.id, committed.version, g);
        drop(inner);
        // The fsync, outside the lock (other channels' requests go on meanwhile) and before
        // anything is answered: an answered step survives a power cut.
        #[cfg(test)]
        self.waits_unlocked
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(self.inner.try_lock().is_ok());
        pending.wait()?;
        self.hooks().after_commit();
        for (r, id) in replies.iter_mut().zip(committed.outbox) {
            r.outbox = Some(id);
        }
        Ok(())
    }
}

/// A turn with the resigned seats' automatic steps played, and what follows from it.
struct Settled {
    game: Box<dyn AnyGame>,
    /// The seats, with this turn's resignations.
    seats: Vec<SeatRow>,
    /// The steps played for resigned seats.
    auto: Vec<Logged>,
    after: crate::engine::Status,
    /// The game's new status, if it changes.
    status: Option<GameStatus>,
    /// Whether other seats act now, or the game ended.
    turn_changed: bool,
    /// Whether every player has resigned.
    abandoned: bool,
}

/// Apply `resign` to `seats`, play the resigned seats' turns, and work out the new status.
fn settle(
    seats: &[SeatRow],
    before: &[Seat],
    mut game: Box<dyn AnyGame>,
    resign: &[Seat],
    start: bool,
) -> Result<Settled, CoreError> {
    let mut seats = seats.to_vec();
    for &s in resign {
        if let Some(r) = seats.get_mut(s) {
            r.resigned = true;
        }
    }
    let abandoned = !resign.is_empty() && seats.iter().all(|s| s.resigned);
    let auto = if abandoned {
        vec![]
    } else {
        autopilot(&mut *game, &seats)?
    };
    let after = game.status();
    let mut acting = after.acting().to_vec();
    acting.sort_unstable();
    let mut was = before.to_vec();
    was.sort_unstable();
    let turn_changed = was != acting || after.is_finished();
    let status = if abandoned {
        Some(GameStatus::Aborted)
    } else if after.is_finished() {
        Some(GameStatus::Finished)
    } else if start {
        Some(GameStatus::Running)
    } else {
        None
    };
    Ok(Settled {
        game,
        seats,
        auto,
        after,
        status,
        turn_changed,
        abandoned,
    })
}

/// The log rows of a turn: its undo (by the invoker's seat), its steps, then the automatic
/// ones.
fn new_actions(
    undo: usize,
    invoker: Option<Seat>,
    played: &[Logged],
    auto: &[Logged],
) -> Vec<NewAction> {
    let mut actions = Vec::new();
    for _ in 0..undo {
        actions.push(NewAction {
            seat: invoker.unwrap_or(0),
            kind: ActionKind::Undo,
            step: "undo".into(),
            secret: false,
            barrier: false,
            turn_end: false,
        });
    }
    actions.extend(played.iter().chain(auto).map(|p| p.action.clone()));
    actions
}

/// The log `rows` with `new` appended, as the commit will store it.
fn log_after(mut rows: Vec<ActionRow>, new: &[NewAction]) -> Vec<ActionRow> {
    let next = rows.last().map_or(1, |r| r.seq + 1);
    rows.extend(new.iter().zip(next..).map(|(a, seq)| ActionRow {
        seq,
        seat: a.seat,
        kind: a.kind,
        step: a.step.clone(),
        secret: a.secret,
        barrier: a.barrier,
        turn_end: a.turn_end,
        at: 0,
    }));
    rows
}

/// Who acted: the requester, and the seats whose steps were played (a deadline's default
/// program is played for the late seat by the bot).
fn acted_users(req: &Request, actions: &[NewAction], seats: &[SeatRow]) -> Vec<String> {
    let mut acted = vec![req.user.id.clone()];
    acted.extend(
        actions
            .iter()
            .filter(|a| a.kind == ActionKind::Step)
            .filter_map(|a| seats.get(a.seat))
            .map(|s| s.user_id.clone()),
    );
    acted
}

/// A step applied to the state, with its log row and what it produced.
pub(crate) struct Logged {
    pub action: NewAction,
    pub played: Played,
}

/// Play `text` (one step) for `seat` on `g`; on error nothing changed.
pub(crate) fn play(
    g: &mut dyn AnyGame,
    seat: Seat,
    text: &str,
    auto: bool,
) -> Result<Logged, crate::engine::PlayError> {
    let (notation, a) = g.play(seat, text)?;
    Ok(Logged {
        action: NewAction {
            seat,
            kind: ActionKind::Step,
            step: notation.clone(),
            secret: a.secret,
            barrier: a.irreversible,
            turn_end: a.turn_ended,
        },
        played: Played {
            seat,
            notation,
            secret: a.secret,
            events: a.events,
            auto,
        },
    })
}

/// Play pending turns of resigned seats with each game's default step. Logged like any
/// other step so replay stays deterministic.
fn autopilot(g: &mut dyn AnyGame, seats: &[SeatRow]) -> Result<Vec<Logged>, CoreError> {
    play_defaults(
        g,
        |g, _| {
            g.status()
                .acting()
                .iter()
                .copied()
                .find(|&s| seats.get(s).map(|r| r.resigned).unwrap_or(false))
        },
        true,
    )
}

/// Play each game's default step for the seat `next` names (given the state and the steps
/// played so far), until it names none. The one mechanism behind the resign autopilot and
/// the deadline's default program. `auto`: echo the steps as played for a resigned seat.
pub(crate) fn play_defaults(
    g: &mut dyn AnyGame,
    mut next: impl FnMut(&dyn AnyGame, &[Logged]) -> Option<Seat>,
    auto: bool,
) -> Result<Vec<Logged>, CoreError> {
    let mut out = Vec::new();
    for _ in 0..AUTOPILOT_CAP {
        let Some(seat) = next(&*g, &out) else {
            return Ok(out);
        };
        let pick = g
            .default_step(seat)
            .ok_or_else(|| CoreError::Autopilot("a player has no legal step".into()))?;
        out.push(play(g, seat, &pick, auto).map_err(|e| CoreError::Autopilot(e.to_string()))?);
    }
    Err(CoreError::Autopilot("it did not finish".into()))
}
