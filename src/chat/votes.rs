//! Decisions that need the other players: `game kick`, `game abort`, and consent to an
//! undo that its requester cannot make alone.

use super::ai_seat::is_ai;
use super::commit::Turn;
use super::core::{effective_steps, replay_from_checkpoints, seat_of, Chat, Loaded, Roster};
use super::error::topic_error;
use super::error::CoreError;
use super::filter::{self, Line};
use super::text::{Text, TimeStyle};
use super::types::{Reply, Request};
use crate::engine::notation::clip;
use crate::engine::Viewer;
use crate::engine::{AnyGame, Seat};
use crate::store::GameStatus;
use crate::store::{ActionKind, ActionRow, HandoverHow, SeatRow};

/// How long the game must have waited for a player before the others may vote them out,
/// when the game has no deadline of its own (`remind deadline …`).
pub const DEFAULT_KICK_AFTER: i64 = 72 * 3600;

/// The player a seat goes to (a handover, `game sub`, or a vote that passed it on).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct NewHolder {
    pub id: String,
    pub name: String,
    pub is_bot: bool,
}

fn name_list(seats: &[&SeatRow]) -> String {
    seats
        .iter()
        .map(|s| s.name.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

impl Chat {
    /// Record `req`'s user's vote on `motion`; returns the active human players (other than
    /// `exclude`) who have not voted yet: Sherpa's seats consent automatically, and the
    /// seats in the caretaker's hands answer as their players would be expected to
    /// ([`Chat::away_answers`]). Empty means the motion passes.
    pub(super) fn cast_vote<'a>(
        &self,
        l: &'a Loaded,
        motion: &str,
        req: &Request,
        exclude: Option<Seat>,
    ) -> Result<Vec<&'a SeatRow>, VoteError> {
        let (earlier, away) = {
            let inner = self.lock();
            let log = inner.store.log();
            (log.voters(l.row.id, motion)?, log.caretaken(l.row.id)?)
        };
        if earlier.contains(&req.user.id) {
            // A repeated vote (a double click, an old button) changes nothing and pings
            // nobody: the voter alone is told.
            let what = motion_text(motion, &l.seats);
            return Err(VoteError::VoteAlreadyIn {
                motion: what,
                missing: l
                    .seats
                    .iter()
                    .filter(|s| votes_needed(s, exclude, &away) && !earlier.contains(&s.user_id))
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
            .filter(|s| votes_needed(s, exclude, &away) && !voters.contains(&s.user_id))
            .collect())
    }

    pub(super) fn target_seat(&self, seats: &[SeatRow], who: &str) -> Result<Seat, VoteError> {
        let who = who
            .trim()
            .trim_start_matches("<@")
            .trim_end_matches('>')
            .trim_start_matches('@');
        if who.is_empty() {
            return Err(VoteError::KickWho);
        }
        let lw = who.to_lowercase();
        let hits: Vec<&SeatRow> = seats
            .iter()
            .filter(|s| s.user_id == who || s.name.to_lowercase().starts_with(&lw))
            .collect();
        match hits.as_slice() {
            [one] => Ok(one.seat),
            [] => Err(VoteError::NoSuchPlayer {
                got: who.to_string(),
                players: seats.iter().map(|s| s.name.clone()).collect(),
            }),
            many => Err(CoreError::AmbiguousPlayer {
                got: who.to_string(),
                candidates: many.iter().map(|s| s.name.clone()).collect(),
            }
            .into()),
        }
    }

    /// A vote to remove `target` counts only when the game waits for them (they are among
    /// the `acting` seats) and has waited longer than the game's deadline (or
    /// [`DEFAULT_KICK_AFTER`] without one), counted after any vacation of theirs, on the
    /// injected clock. Otherwise the refusal says why and when it becomes possible.
    pub(super) fn check_kick_clock(
        &self,
        l: &Loaded,
        target: Seat,
        acting: &[Seat],
    ) -> Result<(), VoteError> {
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
            return Err(VoteError::KickNotWaiting {
                name: row.name.clone(),
                after,
            });
        };
        let at = crate::reminders::deadline_at(after, since, prefs.vacation_until);
        if self.now() < at {
            return Err(VoteError::KickTooEarly {
                name: row.name.clone(),
                since,
                at,
                after,
            });
        }
        Ok(())
    }

    pub(crate) fn game_kick(&self, req: &Request, args: &str) -> Result<Vec<Reply>, VoteError> {
        let l = self.load_active(&req.place)?;
        let target = self.target_seat(&l.seats, args)?;
        if l.row.status == GameStatus::Lobby {
            if !(req.user.is_channel_admin || req.user.id == l.row.creator) {
                return Err(VoteError::OnlyCreatorBeforeStart);
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
            return Err(VoteError::AlreadyOut(l.seats[target].name.clone()));
        }
        let g = l.game.as_ref().ok_or(CoreError::NotStarted)?;
        let before = g.status().acting().to_vec();
        let tname = l.seats[target].name.clone();
        if req.user.is_channel_admin {
            let mut t = Turn::new(g.box_clone());
            t.resign = vec![target];
            t.notes.push(Line::public(format!(
                "A channel admin removed **{tname}**; their turns are now played automatically."
            )));
            self.close_kick_of(&l, target, &mut t)?;
            let mut out = self.commit_turn(req, &l, before, t)?;
            out.extend(self.recheck_votes(req));
            return Ok(out);
        }
        let me =
            seat_of(&l.seats, &req.user.id).ok_or(VoteError::OnlyPlayersVote { motion: "kick" })?;
        if me == target {
            return Err(VoteError::KickYourself);
        }
        self.check_kick_clock(&l, target, &before)?;
        let motion = kick_motion(target);
        let answers = self.answers_on_opening((&l, req), &motion, Some(target))?;
        let missing = self.cast_vote(&l, &motion, req, Some(target))?;
        if missing.is_empty() {
            let mut out = answers;
            out.extend(self.kick_passed(req, &l, target)?);
            out.extend(self.recheck_votes(req));
            return Ok(out);
        }
        let what = format!("remove **{tname}** from the game");
        let command = Text::new().cmd("game kick", &[&tname]);
        let mut out = vec![vote_counted(&l.seats[me].name, &what, &missing, command)];
        out.extend(answers);
        Ok(out)
    }

    /// The vote to remove `target` passed: their seat resigns (the autopilot plays it).
    fn kick_passed(
        &self,
        req: &Request,
        l: &Loaded,
        target: Seat,
    ) -> Result<Vec<Reply>, CoreError> {
        let g = l.game.as_ref().ok_or(CoreError::NotStarted)?;
        let before = g.status().acting().to_vec();
        let mut t = Turn::new(g.box_clone());
        t.resign = vec![target];
        t.notes.push(Line::public(format!(
            "The players voted to remove **{}**; their turns are now played automatically.",
            l.seats[target].name
        )));
        t.clear_votes.push(kick_motion(target));
        self.commit_turn(req, l, before, t)
    }

    /// Close the game of `l` as aborted, `why` saying by whom.
    fn aborted(&self, l: &Loaded, req: &Request, why: &str) -> Result<Vec<Reply>, VoteError> {
        self.close_game(l, req)?;
        Ok(vec![Reply::public(
            Text::new()
                .p(format!("The game was aborted ({why}). "))
                .cmd("game new", &["<game>"])
                .p(" starts another."),
        )])
    }

    pub(crate) fn game_abort(&self, req: &Request, _args: &str) -> Result<Vec<Reply>, VoteError> {
        let l = self.load_active(&req.place)?;
        let immediate = req.user.is_channel_admin
            || (l.row.status == GameStatus::Lobby && req.user.id == l.row.creator);
        if immediate {
            return self.aborted(&l, req, "by a channel admin or the creator");
        }
        let me = seat_of(&l.seats, &req.user.id)
            .ok_or(VoteError::OnlyPlayersVote { motion: "abort" })?;
        let answers = self.answers_on_opening((&l, req), "abort", None)?;
        let missing = self.cast_vote(&l, "abort", req, None)?;
        if missing.is_empty() {
            let mut out = answers;
            out.extend(self.aborted(&l, req, EVERYONE_AGREED)?);
            return Ok(out);
        }
        let command = Text::new().cmd("game abort", &[]);
        let mut out = vec![vote_counted(
            &l.seats[me].name,
            "abort the game",
            &missing,
            command,
        )];
        out.extend(answers);
        Ok(out)
    }

    pub(crate) fn cmd_undo(&self, req: &Request, rest: &str) -> Result<Vec<Reply>, VoteError> {
        let answer = match rest.trim().to_lowercase().as_str() {
            "" => None,
            "accept" | "yes" => Some(true),
            "reject" | "no" => Some(false),
            _ => {
                return Err(CoreError::BadArgument {
                    command: "undo",
                    got: rest.trim().to_string(),
                }
                .into())
            }
        };
        let (l, g) = self.running(req)?;
        let seat = seat_of(&l.seats, &req.user.id).ok_or(CoreError::NotPlaying)?;
        let actions = self.lock().store.log().actions(l.row.id)?;
        let run = undo_run(&effective_steps(&actions), &l.seats)?;
        let undo = Undo {
            req,
            l: &l,
            current: &*g,
            actions: &actions,
            run: &run,
        };
        let last = &run[0];
        match answer {
            None if run.len() == 1 && last.seat == seat && !last.barrier && !last.turn_end => {
                Ok(self.apply_undo(&undo, false)?)
            }
            None => self.request_undo(&undo, seat),
            Some(accept) => self.answer_undo(&undo, accept),
        }
    }

    /// `undo` of a step its requester cannot take back alone: open a vote (or take it back
    /// at once when nobody else is playing). The public request never shows a secret
    /// step's notation.
    pub(crate) fn request_undo(&self, undo: &Undo, seat: Seat) -> Result<Vec<Reply>, VoteError> {
        let Undo { req, l, run, .. } = *undo;
        let last = &run[0];
        if !self.lock().store.log().voters(l.row.id, "undo")?.is_empty() {
            return Err(VoteError::UndoAlreadyOpen);
        }
        let away = self.lock().store.log().caretaken(l.row.id)?;
        let others: Vec<&SeatRow> = l
            .seats
            .iter()
            .filter(|s| votes_needed(s, Some(seat), &away))
            .collect();
        let answers = self.away_answers((l, req), "undo", Some(seat));
        if others.is_empty() {
            let mut out = answers;
            out.extend(self.apply_undo(undo, false)?);
            return Ok(out);
        }
        self.lock()
            .store
            .log_mut()
            .vote(l.row.id, "undo", &req.user.id, self.now())?;
        let owner = &l.seats[last.seat];
        let why = if run.len() > 1 {
            "Sherpa has played since, and its steps go back with it".to_string()
        } else if last.seat != seat {
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
                    filter::step_name(&run[run.len() - 1], Viewer::Spectator),
                    name_list(&others)
                ))
                .cmd("undo", &["accept"])
                .p(" or ")
                .cmd("undo", &["reject"])
                .p("."),
        );
        r.pings = others.iter().map(|s| s.user_id.clone()).collect();
        let mut out = vec![r];
        out.extend(answers);
        Ok(out)
    }

    /// [`Chat::away_answers`] when `req`'s vote is the first on `motion` (it opens the
    /// vote), else none: they are told once.
    fn answers_on_opening(
        &self,
        (l, req): (&Loaded, &Request),
        motion: &str,
        exclude: Option<Seat>,
    ) -> Result<Vec<Reply>, VoteError> {
        let opens = self.lock().store.log().voters(l.row.id, motion)?.is_empty();
        Ok(if opens {
            self.away_answers((l, req), motion, exclude)
        } else {
            vec![]
        })
    }

    /// What Sherpa answers on `motion`, opened just now, for each seat in the caretaker's
    /// hands (other than `exclude`, the seat the motion is about or the asker's), as its
    /// absent player would be expected to: consent to an undo, an abstention on an abort
    /// or a kick. The vote then does not wait for them, and the channel is told so.
    fn away_answers(
        &self,
        (l, req): (&Loaded, &Request),
        motion: &str,
        exclude: Option<Seat>,
    ) -> Vec<Reply> {
        let away = match self.lock().store.log().caretaken(l.row.id) {
            Ok(a) => a,
            Err(e) => {
                tracing::warn!(game = l.row.id, "reading the caretaker's seats failed: {e}");
                return vec![];
            }
        };
        l.seats
            .iter()
            .filter(|s| {
                away.contains(&s.seat)
                    && Some(s.seat) != exclude
                    && !s.resigned
                    && s.user_id != req.user.id
            })
            .map(|s| away_answer(&s.name, motion, &l.seats))
            .collect()
    }

    /// After `seat` passed into the caretaker's hands (see [`super::caretaker`]): on every
    /// open motion that waited for its player, Sherpa answers for them as
    /// [`Chat::away_answers`] does when a vote opens (the channel is told), and a motion
    /// that then waits for nobody passes at once. A failure is logged, not returned: the
    /// seat is in the caretaker's hands either way.
    pub(crate) fn answer_for_away(&self, req: &Request, seat: Seat) -> Vec<Reply> {
        match self.answer_for_away_inner(req, seat) {
            Ok(r) => r,
            Err(e) => {
                tracing::warn!(channel = %req.place.channel, seat, "counting the caretaker's answers failed: {e}");
                vec![]
            }
        }
    }

    fn answer_for_away_inner(&self, req: &Request, seat: Seat) -> Result<Vec<Reply>, VoteError> {
        let l = self.load_active(&req.place)?;
        let Some(row) = l.seats.get(seat) else {
            return Ok(vec![]);
        };
        let (motions, away) = self.open_votes(&l)?;
        let mut out = Vec::new();
        let mut passed = Vec::new();
        for (motion, voters) in motions {
            if !waits_for(row, &motion, &voters, &[]) {
                continue;
            }
            out.push(away_answer(&row.name, &motion, &l.seats));
            if !l
                .seats
                .iter()
                .any(|s| waits_for(s, &motion, &voters, &away))
            {
                passed.push(motion);
            }
        }
        out.extend(self.carry_out_all(req, passed)?);
        Ok(out)
    }

    /// After a player left the game (resigned, removed by a vote, an admin or their
    /// deadline): every open motion that now waits for no one passes, as if the last vote
    /// it waited for had come (the channel is told). A failure is logged, not returned: the
    /// player is out either way.
    pub(crate) fn recheck_votes(&self, req: &Request) -> Vec<Reply> {
        match self.recheck_votes_inner(req) {
            Ok(r) => r,
            Err(e) => {
                tracing::warn!(channel = %req.place.channel, "re-counting the open votes failed: {e}");
                vec![]
            }
        }
    }

    fn recheck_votes_inner(&self, req: &Request) -> Result<Vec<Reply>, VoteError> {
        let l = match self.load_active(&req.place) {
            Ok(l) => l,
            // The departure ended the game: no vote is left to count.
            Err(CoreError::GameEnded { .. } | CoreError::NoGameHere { .. }) => return Ok(vec![]),
            Err(e) => return Err(e.into()),
        };
        if l.row.status != GameStatus::Running {
            return Ok(vec![]);
        }
        let (motions, away) = self.open_votes(&l)?;
        let mut out = Vec::new();
        let mut passed = Vec::new();
        for (motion, voters) in motions {
            if l.seats
                .iter()
                .any(|s| waits_for(s, &motion, &voters, &away))
            {
                continue;
            }
            let what = motion_text(&motion, &l.seats);
            // Passing needs someone still in the game who asked for it: a vote whose every
            // voter has left closes instead.
            if !l
                .seats
                .iter()
                .any(|s| !s.resigned && voters.contains(&s.user_id))
            {
                self.lock().store.log_mut().clear_votes(l.row.id, &motion)?;
                out.push(Reply::public(format!(
                    "The vote to {what} is closed: everyone who voted for it has left the game."
                )));
                continue;
            }
            out.push(Reply::public(format!(
                "The vote to {what} now waits for no one: every player still in the game with a vote agreed."
            )));
            passed.push(motion);
        }
        out.extend(self.carry_out_all(req, passed)?);
        Ok(out)
    }

    /// The open motions of `l`'s game, each with the users who voted for it, and the seats
    /// in the caretaker's hands.
    #[allow(clippy::type_complexity)]
    fn open_votes(&self, l: &Loaded) -> Result<(Vec<(String, Vec<String>)>, Vec<Seat>), VoteError> {
        let inner = self.lock();
        let log = inner.store.log();
        let mut motions = Vec::new();
        for motion in log.motions(l.row.id)? {
            let voters = log.voters(l.row.id, &motion)?;
            motions.push((motion, voters));
        }
        Ok((motions, log.caretaken(l.row.id)?))
    }

    /// Carry out each motion of `passed` (an abort alone if one is among them: it ends the
    /// game, and nothing else is carried out then), each under a request id of its own.
    fn carry_out_all(
        &self,
        req: &Request,
        mut passed: Vec<String>,
    ) -> Result<Vec<Reply>, VoteError> {
        if passed.iter().any(|m| m == "abort") {
            passed.retain(|m| m == "abort");
        }
        let mut out = Vec::new();
        for motion in passed {
            let req = Request {
                request_id: req.request_id.as_ref().map(|id| format!("{id}:{motion}")),
                expected_version: None,
                ..req.clone()
            };
            out.extend(self.carry_out(&req, &motion)?);
        }
        Ok(out)
    }

    /// `seat`, leaving the game in `t`: an open vote to remove its player closes with it
    /// (in the same commit; the channel is told).
    pub(super) fn close_kick_of(
        &self,
        l: &Loaded,
        seat: Seat,
        t: &mut Turn,
    ) -> Result<(), CoreError> {
        let motion = kick_motion(seat);
        let open = self.lock().store.log().motions(l.row.id)?.contains(&motion);
        if open {
            t.notes.push(Line::public(format!(
                "The vote to remove **{}** is closed: they are out of the game.",
                l.seats[seat].name
            )));
        }
        t.clear_votes.push(motion);
        Ok(())
    }

    /// Carry out `motion`, which every player with a vote has agreed to, on the game as it
    /// is now: what the last vote on it would have done.
    fn carry_out(&self, req: &Request, motion: &str) -> Result<Vec<Reply>, VoteError> {
        let l = self.load_active(&req.place)?;
        if motion == "abort" {
            return self.aborted(&l, req, EVERYONE_AGREED);
        }
        if motion == "undo" {
            let g = l.game.as_ref().ok_or(CoreError::NotStarted)?;
            let actions = self.lock().store.log().actions(l.row.id)?;
            let run = undo_run(&effective_steps(&actions), &l.seats)?;
            let undo = Undo {
                req,
                l: &l,
                current: &**g,
                actions: &actions,
                run: &run,
            };
            return Ok(self.apply_undo(&undo, true)?);
        }
        if let Some((seat, id, name)) = sub_motion(motion) {
            let to = NewHolder {
                id: id.to_string(),
                name: name.to_string(),
                is_bot: false,
            };
            return self.hand_seat(req, &l, seat, &to, HandoverHow::Vote);
        }
        match motion_subject(motion) {
            Some(target) => Ok(self.kick_passed(req, &l, target)?),
            None => Ok(vec![]),
        }
    }

    /// Take back the undo's steps (the last ones in effect): replay the log without them and
    /// commit one undo row for each. The replies come from [`filter::undo_notes`]: a secret
    /// step's undo is told to its player, and to the channel only if the step had shown
    /// something publicly.
    pub(crate) fn apply_undo(&self, undo: &Undo, agreed: bool) -> Result<Vec<Reply>, CoreError> {
        let Undo {
            req,
            l,
            current,
            actions,
            run,
        } = *undo;
        let mut with = current.box_clone();
        let mut notes = Vec::new();
        for (k, undone) in run.iter().enumerate() {
            let without = self.replay_without(l, actions, k + 1)?;
            let trace = filter::public_trace(&*with, &*without, undone);
            notes.extend(filter::undo_notes(&l.seats, undone, trace, agreed));
            with = without;
        }
        let mut t = Turn::new(with);
        t.undo = run.len();
        t.notes = notes;
        self.commit_turn(req, l, current.status().acting().to_vec(), t)
    }

    /// The game of `l` rebuilt from its log `actions` with `undos` more undo rows.
    fn replay_without(
        &self,
        l: &Loaded,
        actions: &[ActionRow],
        undos: usize,
    ) -> Result<Box<dyn AnyGame>, CoreError> {
        let kind = self
            .registry
            .get(&l.row.kind)
            .ok_or_else(|| CoreError::UnknownKind(l.row.kind.clone()))?;
        let mut rows = actions.to_vec();
        rows.extend((0..undos).map(|_| ActionRow {
            seq: i64::MAX,
            seat: 0,
            kind: ActionKind::Undo,
            step: "undo".into(),
            secret: false,
            barrier: false,
            turn_end: false,
            at: 0,
        }));
        // From the nearest checkpoint still in effect: an undo late in a long game replays
        // at most CHECKPOINT_EVERY rows (the lock is taken only to fetch it).
        let seqs = self.lock().store.log().checkpoint_seqs(l.row.id)?;
        let handovers = self.lock().store.log().handovers(l.row.id)?;
        let (g, _) = replay_from_checkpoints(
            kind,
            Roster {
                seats: &l.seats,
                handovers: &handovers,
            },
            &l.row.options,
            (l.row.seed, l.row.rules_version),
            &rows,
            &seqs,
            |seq| {
                self.lock()
                    .store
                    .log()
                    .checkpoint(l.row.id, seq)
                    .ok()
                    .flatten()
            },
        )
        .map_err(CoreError::Replay)?;
        Ok(g)
    }

    /// `undo accept` / `undo reject`.
    pub(crate) fn answer_undo(&self, undo: &Undo, accept: bool) -> Result<Vec<Reply>, VoteError> {
        let Undo { req, l, .. } = *undo;
        let me = seat_of(&l.seats, &req.user.id).ok_or(CoreError::NotPlaying)?;
        if self.lock().store.log().voters(l.row.id, "undo")?.is_empty() {
            return Err(VoteError::NoUndoRequest {
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
            return Ok(self.apply_undo(undo, true)?);
        }
        Ok(vec![Reply::public(format!(
            "**{}** agrees to the undo. Still waiting for: {}.",
            l.seats[me].name,
            name_list(&missing)
        ))])
    }
}

/// An undo being asked for, agreed to or carried out: the request, the running game and
/// its log, and the steps in question ([`undo_run`]: the last in effect first).
#[derive(Clone, Copy)]
pub(crate) struct Undo<'a> {
    pub req: &'a Request,
    pub l: &'a Loaded,
    pub current: &'a dyn AnyGame,
    pub actions: &'a [ActionRow],
    pub run: &'a [ActionRow],
}

/// The steps one `undo` takes back, the latest first: the last step in effect; when that
/// is a Sherpa player's, every Sherpa step at the end and the player's step before them
/// (a Sherpa step taken back alone would be played again at once). The same whoever asks,
/// so a vote's answers take back what was asked.
fn undo_run(effective: &[&ActionRow], seats: &[SeatRow]) -> Result<Vec<ActionRow>, VoteError> {
    let by_sherpa = |a: &ActionRow| seats.get(a.seat).is_some_and(|s| is_ai(&s.user_id));
    let mut run = Vec::new();
    for a in effective.iter().rev() {
        run.push((*a).clone());
        if !by_sherpa(a) {
            return Ok(run);
        }
    }
    Err(if run.is_empty() {
        VoteError::NothingToUndo
    } else {
        VoteError::OnlySherpaPlayed
    })
}

#[derive(Clone, Debug, PartialEq)]
/// Why a vote (kick, abort, undo) or an undo was refused.
pub enum VoteError {
    NothingToUndo,
    /// Every step in effect is a Sherpa player's: none is a player's to take back.
    OnlySherpaPlayed,
    KickWho,
    NoSuchPlayer {
        got: String,
        players: Vec<String>,
    },
    OnlyCreatorBeforeStart,
    AlreadyOut(String),
    OnlyPlayersVote {
        motion: &'static str,
    },
    KickYourself,
    /// A vote to remove `name` while the game is not waiting for them: only a player the
    /// game has waited for longer than the deadline (`after` seconds) can be voted out.
    KickNotWaiting {
        name: String,
        after: i64,
    },
    /// The game waits for `name` since `since`, but the deadline (`after` seconds) passes
    /// only `at`: a vote to remove them is possible from then on.
    KickTooEarly {
        name: String,
        since: i64,
        at: i64,
        after: i64,
    },
    /// The user already voted for this motion: nothing changed, nobody pinged.
    VoteAlreadyIn {
        motion: String,
        missing: Vec<String>,
    },
    UndoAlreadyOpen,
    NoUndoRequest {
        answer: &'static str,
    },
    /// `game sub` with the wrong number of words.
    SubUsage {
        got: String,
    },
    /// `game sub` naming someone with neither a mention nor a name.
    SubBadMention {
        got: String,
    },
    /// `game sub` by someone with no seat in the game (and no admin).
    SubNotAPlayer,
    /// `game sub` to a bot.
    SubToBot {
        name: String,
    },
    /// `game sub` of your own seat to yourself.
    SubToYourself,
    /// `game sub @x @x`: the seat is already theirs.
    SubAlreadyHolds {
        name: String,
    },
    /// `game sub` to someone who already has a seat in the game.
    SubAlreadySeated {
        name: String,
    },
    /// `game sub` of another player's seat in the lobby, by neither the creator nor an admin.
    SubBeforeStart,
    /// `game sub @x @y` by vote while the game is not waiting for `name` (see
    /// [`VoteError::KickNotWaiting`]).
    SubNotAbsent {
        name: String,
        after: i64,
    },
    /// `game sub @x @y` by vote before `name`'s deadline passes (see
    /// [`VoteError::KickTooEarly`]).
    SubTooEarly {
        name: String,
        since: i64,
        at: i64,
        after: i64,
    },
    /// A shared error (finding the game, steps, the store).
    Core(CoreError),
}

impl VoteError {
    /// The clock's refusal of a kick, worded for a handover.
    pub(super) fn for_sub(self) -> VoteError {
        match self {
            VoteError::KickNotWaiting { name, after } => VoteError::SubNotAbsent { name, after },
            VoteError::KickTooEarly {
                name,
                since,
                at,
                after,
            } => VoteError::SubTooEarly {
                name,
                since,
                at,
                after,
            },
            other => other,
        }
    }

    /// The message, with commands as references: one wording per variant.
    pub fn text(&self) -> Text {
        use VoteError::*;
        match self {
            NothingToUndo => Text::from("there is nothing to undo yet"),
            OnlySherpaPlayed => only_sherpa_played(),
            KickWho => Text::from("name the player to kick: ").cmd("game kick", &["<player>"]),
            NoSuchPlayer { got, players } => no_such_player(got, players),
            OnlyCreatorBeforeStart => Text::from(
                "before the start, only the game's creator or a channel admin can remove a player",
            ),
            AlreadyOut(name) => Text::from(format!("{name} is already out of the game")),
            OnlyPlayersVote { motion } => Text::from(format!(
                "only players in this game (or a channel admin) can vote to {motion}"
            )),
            KickYourself => Text::from("to leave a running game use ").cmd("game resign", &[]),
            KickNotWaiting { name, after } => kick_not_waiting_text(name, *after),
            KickTooEarly {
                name,
                since,
                at,
                after,
            } => kick_too_early(name, (*since, *at, *after)),
            VoteAlreadyIn { motion, missing } => vote_already_in(motion, missing),
            UndoAlreadyOpen => undo_already_open(),
            NoUndoRequest { answer } => Text::from(format!("there is no undo request to {answer}")),
            SubUsage { got } => sub_usage(got),
            SubBadMention { got } => sub_bad_mention(got),
            SubNotAPlayer => {
                Text::from("only a player in this game can hand a seat over: ").then(sub_accepted())
            }
            SubToBot { name } => sub_to_bot(name),
            SubToYourself => sub_to_yourself(),
            SubAlreadyHolds { name } => sub_already_holds(name),
            SubAlreadySeated { name } => sub_already_seated(name),
            SubBeforeStart => sub_before_start(),
            SubNotAbsent { name, after } => sub_not_absent_text(name, *after),
            SubTooEarly {
                name,
                since,
                at,
                after,
            } => sub_too_early(name, (*since, *at, *after)),
            Core(e) => e.text(),
        }
    }
}

// ---- The wording of each refusal ----

fn only_sherpa_played() -> Text {
    Text::from(
        "only Sherpa players have played so far, and a Sherpa step is taken back only together with a player's step before it",
    )
}

fn no_such_player(got: &str, players: &[String]) -> Text {
    Text::from(format!(
        "no player `{}` in this game; players: {}",
        clip(got),
        players.join(", ")
    ))
}

fn kick_too_early(name: &str, waited: (i64, i64, i64)) -> Text {
    waited_too_little(
        Text::from(format!("{name} cannot be voted out yet")),
        waited,
        "A vote to remove them",
        "remove them",
    )
}

fn vote_already_in(motion: &str, missing: &[String]) -> Text {
    let missing = if missing.is_empty() {
        "nobody".to_string()
    } else {
        missing.join(", ")
    };
    Text::from(format!(
        "your vote to {motion} is already in; nothing changed. Still needed: {missing}"
    ))
}

fn undo_already_open() -> Text {
    Text::from("an undo request is already open; answer it with ")
        .cmd("undo", &["accept"])
        .p(" or ")
        .cmd("undo", &["reject"])
}

fn sub_usage(got: &str) -> Text {
    Text::from(format!("`game sub {}` is not a handover: ", clip(got))).then(sub_accepted())
}

fn sub_bad_mention(got: &str) -> Text {
    Text::from(format!("`{}` is not a player I can seat: ", clip(got)))
        .p("mention them (`@name`; in Discord pick them from the list). ")
        .then(sub_accepted())
}

fn sub_to_bot(name: &str) -> Text {
    Text::from(format!(
        "{name} is a bot and cannot take a seat; hand it to a person: "
    ))
    .cmd("game sub", &["@player"])
}

fn sub_to_yourself() -> Text {
    Text::from("that seat is already yours; name someone not playing here: ")
        .cmd("game sub", &["@player"])
}

fn sub_already_holds(name: &str) -> Text {
    Text::from(format!(
        "{name} already holds that seat; name someone not playing here: "
    ))
    .cmd("game sub", &["@absent", "@player"])
}

fn sub_already_seated(name: &str) -> Text {
    Text::from(format!(
        "{name} already plays in this game (one seat each); hand the seat to someone not playing here"
    ))
}

fn sub_before_start() -> Text {
    Text::from("before the start, a player hands only their own seat (")
        .cmd("game sub", &["@player"])
        .p("); the creator or a channel admin can hand anyone's")
}

fn sub_too_early(name: &str, waited: (i64, i64, i64)) -> Text {
    waited_too_little(
        Text::from(format!("{name}'s seat cannot be handed over by vote yet")),
        waited,
        "A vote",
        "hand it over",
    )
}

/// A kick refused because the game is not waiting for that player.
fn kick_not_waiting_text(name: &str, after: i64) -> Text {
    Text::new()
        .p(format!(
            "{name} cannot be voted out now: the game is not waiting for them. A vote to remove a player is possible only once the game has waited for that player for longer than the deadline ({}); a channel admin can always remove a player. To leave yourself, use ",
            crate::reminders::format_duration(after)
        ))
        .cmd("game resign", &[])
        .p(".")
}

/// A handover vote refused because the game is not waiting for that seat's player.
fn sub_not_absent_text(name: &str, after: i64) -> Text {
    Text::new().p(format!(
        "{name}'s seat cannot be handed over by vote now: the game is not waiting for them. A vote is possible only once the game has waited for that player longer than the deadline ({}); {name} can hand it on themselves, and a channel admin at any time",
        crate::reminders::format_duration(after)
    ))
}

topic_error!(VoteError);

/// The rest of a refusal of a vote before the deadline: since when the game waits,
/// `(since, at, after)`, when `vote` becomes possible, and that an admin may `admin_does`.
fn waited_too_little(
    t: Text,
    (since, at, after): (i64, i64, i64),
    vote: &str,
    admin_does: &str,
) -> Text {
    t.p(": the game has waited for them since ")
        .time(since, TimeStyle::Full)
        .p(format!(
            ", less than the deadline ({}). {vote} becomes possible ",
            crate::reminders::format_duration(after)
        ))
        .time(at, TimeStyle::Relative)
        .p(" (at ")
        .time(at, TimeStyle::Full)
        .p(format!(
            ") if they have not acted by then; a channel admin can {admin_does} at once"
        ))
}

/// What `game sub` accepts.
fn sub_accepted() -> Text {
    Text::new()
        .cmd("game sub", &["@player"])
        .p(" hands your seat to that player, ")
        .cmd("game sub", &["ai", "[level]"])
        .p(" to a Sherpa player (easy, normal or strong); ")
        .cmd("game sub", &["@absent", "@player"])
        .p(" hands the seat of a player the game has waited for past the deadline (a channel admin at once, else every other player votes)")
}

/// A handover motion's seat and its new holder's user id and name: `sub:<seat>:<id>:<name>`
/// (a motion stored before names were kept, `sub:<seat>:<id>`, names the holder by id).
/// `None` for any other motion.
pub(super) fn sub_motion(motion: &str) -> Option<(Seat, &str, &str)> {
    let mut parts = motion.strip_prefix("sub:")?.splitn(3, ':');
    let seat = parts.next()?.parse().ok()?;
    let id = parts.next().filter(|id| !id.is_empty())?;
    Some((seat, id, parts.next().unwrap_or(id)))
}

/// An open motion in words, as a vote on it is announced (`abort the game`, `remove
/// **bob** from the game`, `hand **ann**'s seat to **dee**`): players never see a motion's
/// stored form. Seats are named by `seats`.
pub(super) fn motion_text(motion: &str, seats: &[SeatRow]) -> String {
    let name = |seat: Seat| {
        seats
            .get(seat)
            .map(|s| format!("**{}**", s.name))
            .unwrap_or_else(|| format!("seat {}", seat + 1))
    };
    if let Some((seat, _, to)) = sub_motion(motion) {
        return format!("hand {}'s seat to **{to}**", name(seat));
    }
    match motion.split_once(':') {
        None if motion == "undo" => "take back the last step".into(),
        None if motion == "abort" => "abort the game".into(),
        Some(("kick", s)) => match s.parse::<Seat>() {
            Ok(seat) => format!("remove {} from the game", name(seat)),
            Err(_) => "remove a player from the game".into(),
        },
        _ => motion.to_string(),
    }
}

/// Why a vote passed when every player with a vote agreed.
const EVERYONE_AGREED: &str = "every player with a vote agreed";

/// The motion to remove the player of `seat` from the game.
fn kick_motion(seat: Seat) -> String {
    format!("kick:{seat}")
}

/// The seat a kick or handover motion is about (it has no vote on it); `None` for an abort
/// or an undo.
fn motion_subject(motion: &str) -> Option<Seat> {
    if let Some((seat, _, _)) = sub_motion(motion) {
        return Some(seat);
    }
    motion.strip_prefix("kick:")?.parse().ok()
}

/// Sherpa's answer on `motion` for `name`'s seat in the caretaker's hands, as its absent
/// player would be expected to answer: consent to an undo, an abstention otherwise.
fn away_answer(name: &str, motion: &str, seats: &[SeatRow]) -> Reply {
    let what = motion_text(motion, seats);
    let answer = if motion == "undo" {
        format!("agrees to {what} for them, as a player agrees to take back a step")
    } else {
        format!("abstains for them on the vote to {what}, which does not wait for them")
    };
    Reply::public(format!(
        "Sherpa, minding **{name}**'s seat while they are away, {answer}."
    ))
}

/// Whether a motion needs `s`'s vote: a player still in the game, not the one the motion
/// is about (`exclude`), not one of Sherpa's seats (their consent is automatic) and not a
/// seat in the caretaker's hands (`away`: Sherpa answers for it, see
/// [`Chat::away_answers`]).
fn votes_needed(s: &SeatRow, exclude: Option<Seat>, away: &[Seat]) -> bool {
    !s.resigned
        && Some(s.seat) != exclude
        && !crate::ratings::is_ai(&s.user_id)
        && !away.contains(&s.seat)
}

/// Whether `motion`, with the votes of `voters` in, still waits for `s`'s vote (`away`:
/// the seats in the caretaker's hands).
fn waits_for(s: &SeatRow, motion: &str, voters: &[String], away: &[Seat]) -> bool {
    votes_needed(s, motion_subject(motion), away) && !voters.contains(&s.user_id)
}

/// The channel's answer to a vote that still needs others: who voted for what, who is
/// still needed (pinged) and the command each of them sends.
pub(super) fn vote_counted(voter: &str, what: &str, missing: &[&SeatRow], command: Text) -> Reply {
    let mut r = Reply::public(
        Text::new()
            .p(format!(
                "**{voter}** votes to {what}. Still needed: {} (each sends ",
                name_list(missing)
            ))
            .then(command)
            .p(")."),
    );
    r.pings = missing.iter().map(|s| s.user_id.clone()).collect();
    r
}
