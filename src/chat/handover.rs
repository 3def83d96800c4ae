//! `game sub`: hand a seat to another player. `game sub @player` by the seat's holder
//! (in a lobby or a running game), `game sub ai [level]` to a Sherpa player (whose id is
//! `sherpa:ai:<level>`, see [`super::ai_seat`]); `game sub @absent @player` (or
//! `game sub @absent ai [level]`) for a player the game has
//! waited for past the deadline (the same test as `game kick`), by a channel admin at once
//! or by a vote of every other human player (one motion per seat and new player,
//! `sub:<seat>:<user>:<name>`: the name the first vote's mention resolved to, so the vote
//! is shown in words). A Sherpa seat's consent is automatic: it is never waited for, and
//! its seat may be handed to a person by the others' vote at any time.
//!
//! Invariants: a refusal changes nothing and says what would be accepted. A handover is
//! not a game step: the action log is untouched (its replay rebuilds the same game), and
//! the handover is its own row (`store::handover`) that the history and the replay files
//! show. The new holder takes everything of the seat: its private view (the rebuilt state
//! names them; they get it privately at once), its place in the reminder schedule (the old
//! holder is no longer reminded) and the seat's result when the game ends (results name
//! whoever holds the seat then).

use super::ai_seat::{ai_identity, ai_level};
use super::core::{clean_name, replay, seat_of, Chat, Loaded, Roster};
use super::error::CoreError;
use super::filter;
use super::lobby::parse_level;
use super::outbox;
use super::text::Text;
use super::types::{Reply, Request};
use super::votes::{motion_text, sub_motion, vote_counted, NewHolder, VoteError};
use crate::ai::Level;
use crate::engine::{AnyGame, Seat, Viewer};
use crate::ratings::is_ai;
use crate::store::{reminders, GameStatus, HandoverHow, HandoverRow, NewHandover, SeatRow};

/// A user named in `game sub`, as typed.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Named {
    /// A platform mention (`<@123>`): the user id.
    Id(String),
    /// A name (`@bob` or `bob`).
    Word(String),
}

/// One word of `game sub` as a mention or a name; anything else is refused.
fn named(word: &str) -> Result<Named, VoteError> {
    let bad = || VoteError::SubBadMention {
        got: word.to_string(),
    };
    if let Some(inner) = word.strip_prefix("<@") {
        let id = inner.strip_suffix('>').ok_or_else(bad)?;
        let id = id.strip_prefix('!').unwrap_or(id);
        if id.is_empty() || !id.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        return Ok(Named::Id(id.to_string()));
    }
    let name = word.strip_prefix('@').unwrap_or(word);
    if name.is_empty()
        || !name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '-' | '.' | '_'))
    {
        return Err(bad());
    }
    Ok(Named::Word(name.to_string()))
}

/// Who `game sub` hands a seat to.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Target {
    /// A person, as named.
    Person(Named),
    /// A Sherpa player of this level (`ai [level]`).
    Sherpa(Level),
}

/// `game sub`'s words: the seat's holder named (if given) and the new player: a person,
/// or `ai [level]` for a Sherpa player (the word `ai` never names a person here).
fn sub_args(args: &str) -> Result<(Option<Named>, Target), VoteError> {
    let words: Vec<&str> = args.split_whitespace().collect();
    let usage = || VoteError::SubUsage {
        got: args.trim().to_string(),
    };
    if let Some(i) = words.iter().position(|w| w.eq_ignore_ascii_case("ai")) {
        let level = match &words[i + 1..] {
            [] => Level::Normal,
            [level] => parse_level(level).map_err(|_| usage())?,
            _ => return Err(usage()),
        };
        let from = match &words[..i] {
            [] => None,
            [from] => Some(named(from)?),
            _ => return Err(usage()),
        };
        return Ok((from, Target::Sherpa(level)));
    }
    match words.as_slice() {
        [to] => Ok((None, Target::Person(named(to)?))),
        [from, to] => Ok((Some(named(from)?), Target::Person(named(to)?))),
        _ => Err(usage()),
    }
}

/// The Sherpa player of `level` who takes a seat among `seats`: the first of its level
/// not seated there (`Sherpa (normal)`, else `Sherpa (normal) 2`, …).
fn sherpa_holder(seats: &[SeatRow], level: Level) -> NewHolder {
    let (id, name) = (1..)
        .map(|n| ai_identity(level, n))
        .find(|(id, _)| seat_of(seats, id).is_none())
        .unwrap_or_else(|| ai_identity(level, 1));
    NewHolder {
        id,
        name,
        is_bot: false,
    }
}

/// The seat `from` names among `seats`.
fn named_seat(chat: &Chat, seats: &[SeatRow], from: &Named) -> Result<Seat, VoteError> {
    match from {
        Named::Id(id) => seat_of(seats, id).ok_or_else(|| VoteError::NoSuchPlayer {
            got: format!("<@{id}>"),
            players: seats.iter().map(|s| s.name.clone()).collect(),
        }),
        Named::Word(w) => chat.target_seat(seats, w),
    }
}

/// The user `to` names: as the platform resolved the mention, else (the terminal, whose
/// users are their names) the name itself. Elsewhere a plain name must be a mention.
fn new_holder(req: &Request, to: &Named) -> Result<NewHolder, VoteError> {
    let resolved = req.mentioned.iter().find(|m| match to {
        Named::Id(id) => m.id == *id,
        Named::Word(w) => m.id == *w || m.name.eq_ignore_ascii_case(w),
    });
    match (resolved, to) {
        (Some(m), _) => Ok(NewHolder {
            id: m.id.clone(),
            name: clean_name(&m.name),
            is_bot: m.is_bot,
        }),
        (None, Named::Word(w)) if req.place.platform == "local" => Ok(NewHolder {
            id: w.clone(),
            name: clean_name(w),
            is_bot: false,
        }),
        (None, Named::Id(id)) => Ok(NewHolder {
            id: id.clone(),
            name: clean_name(id),
            is_bot: false,
        }),
        (None, Named::Word(w)) => Err(VoteError::SubBadMention { got: w.clone() }),
    }
}

impl Chat {
    pub(crate) fn game_sub(&self, req: &Request, args: &str) -> Result<Vec<Reply>, VoteError> {
        let l = self.load_active(&req.place)?;
        let (from, to) = sub_args(args)?;
        let me = seat_of(&l.seats, &req.user.id);
        let seat = match &from {
            Some(f) => named_seat(self, &l.seats, f)?,
            None => me.ok_or(VoteError::SubNotAPlayer)?,
        };
        let holder = &l.seats[seat];
        let to = match &to {
            Target::Person(named) => {
                let to = new_holder(req, named)?;
                if to.is_bot || is_ai(&to.id) {
                    return Err(VoteError::SubToBot { name: to.name });
                }
                to
            }
            Target::Sherpa(level) => {
                if ai_level(&holder.user_id) == Some(*level) {
                    return Err(VoteError::SubAlreadyHolds {
                        name: holder.name.clone(),
                    });
                }
                sherpa_holder(&l.seats, *level)
            }
        };
        if to.id == holder.user_id {
            return Err(if me == Some(seat) {
                VoteError::SubToYourself
            } else {
                VoteError::SubAlreadyHolds {
                    name: holder.name.clone(),
                }
            });
        }
        if let Some(other) = seat_of(&l.seats, &to.id) {
            return Err(VoteError::SubAlreadySeated {
                name: l.seats[other].name.clone(),
            });
        }
        if holder.resigned {
            return Err(VoteError::AlreadyOut(holder.name.clone()));
        }
        if me == Some(seat) {
            return self.hand_seat(req, &l, seat, &to, HandoverHow::Holder);
        }
        if l.row.status == GameStatus::Lobby {
            if req.user.is_channel_admin || req.user.id == l.row.creator {
                return self.hand_seat(req, &l, seat, &to, HandoverHow::Admin);
            }
            return Err(VoteError::SubBeforeStart);
        }
        if req.user.is_channel_admin {
            return self.hand_seat(req, &l, seat, &to, HandoverHow::Admin);
        }
        let Some(me) = me else {
            return Err(VoteError::SubNotAPlayer);
        };
        let g = l.game.as_ref().ok_or(CoreError::NotStarted)?;
        if !is_ai(&holder.user_id) {
            self.check_kick_clock(&l, seat, g.status().acting())
                .map_err(VoteError::for_sub)?;
        }
        let motion = self.handover_motion(&l, seat, &to)?;
        let missing = self.cast_vote(&l, &motion, req, Some(seat))?;
        if missing.is_empty() {
            return self.hand_seat(req, &l, seat, &to, HandoverHow::Vote);
        }
        let what = motion_text(&motion, &l.seats);
        let command = Text::new().cmd("game sub", &[&holder.name, &to.name]);
        Ok(vec![vote_counted(
            &l.seats[me].name,
            &what,
            &missing,
            command,
        )])
    }

    /// The motion to hand `seat` to `to`: the one already open for that seat and user (the
    /// name it was opened with is kept, whatever name this voter's mention resolved to),
    /// else a new one naming them.
    fn handover_motion(&self, l: &Loaded, seat: Seat, to: &NewHolder) -> Result<String, VoteError> {
        let open = self.lock().store.log().motions(l.row.id)?;
        Ok(open
            .into_iter()
            .find(|m| sub_motion(m).is_some_and(|(s, id, _)| s == seat && id == to.id))
            .unwrap_or_else(|| format!("sub:{seat}:{}:{}", to.id, to.name)))
    }

    /// Give seat `seat` of `l` to `to` and commit it (see the module's invariants).
    pub(super) fn hand_seat(
        &self,
        req: &Request,
        l: &Loaded,
        seat: Seat,
        to: &NewHolder,
        how: HandoverHow,
    ) -> Result<Vec<Reply>, VoteError> {
        let from = &l.seats[seat];
        let mut seats = l.seats.clone();
        seats[seat].user_id = to.id.clone();
        seats[seat].name = to.name.clone();
        let game = self.rebuilt_for(l, &seats, seat)?;
        let mut replies = handover_replies(seat, &from.name, to, how, game.as_deref());
        let h = NewHandover {
            seat,
            to_user: &to.id,
            to_name: &to.name,
            how,
            snapshot: game.as_ref().map(|g| g.snapshot()),
            waiting: game
                .as_ref()
                .map(|g| reminders::waiting_users(&seats, &g.status()))
                .unwrap_or_default(),
            request: Self::request_key(req),
            outbox: replies.iter().map(outbox::entry).collect(),
        };
        let mut inner = self.lock();
        let committed = inner
            .store
            .log_mut()
            .hand_over(l.row.id, l.row.version, &h, self.now())?;
        match &game {
            Some(g) => self.remember(&mut inner, l.row.id, committed.version, &**g),
            None => self.forget(&mut inner, l.row.id),
        }
        drop(inner);
        for (r, id) in replies.iter_mut().zip(committed.outbox) {
            r.outbox = Some(id);
        }
        Ok(replies)
    }

    /// The state rebuilt from the log with `seats` (seat `seat` under its new holder's
    /// name) and this handover after the earlier ones: what was told before keeps the old
    /// holder's name, what comes next the new one, as every later rebuild will have it.
    /// `None` before the start. Reads the log under the lock and replays off it.
    fn rebuilt_for(
        &self,
        l: &Loaded,
        seats: &[SeatRow],
        seat: Seat,
    ) -> Result<Option<Box<dyn AnyGame>>, VoteError> {
        if l.game.is_none() {
            return Ok(None);
        }
        let kind = self
            .registry
            .get(&l.row.kind)
            .ok_or_else(|| CoreError::UnknownKind(l.row.kind.clone()))?;
        let (actions, mut handovers) = {
            let inner = self.lock();
            let log = inner.store.log();
            (log.actions(l.row.id)?, log.handovers(l.row.id)?)
        };
        handovers.push(HandoverRow {
            seat,
            after_seq: actions.last().map_or(0, |a| a.seq),
            from_user: l.seats[seat].user_id.clone(),
            from_name: l.seats[seat].name.clone(),
            to_user: seats[seat].user_id.clone(),
            to_name: seats[seat].name.clone(),
            how: HandoverHow::Holder,
            at: 0,
        });
        let roster = Roster {
            seats,
            handovers: &handovers,
        };
        let game = replay(
            kind,
            roster,
            &l.row.options,
            (l.row.seed, l.row.rules_version),
            &actions,
        )
        .map_err(CoreError::Replay)?;
        Ok(Some(game))
    }
}

/// The handover's public message (pinging the new holder) and, once the game runs, the new
/// holder's private view of the seat.
fn handover_replies(
    seat: Seat,
    from_name: &str,
    to: &NewHolder,
    how: HandoverHow,
    game: Option<&dyn AnyGame>,
) -> Vec<Reply> {
    let why = match how {
        HandoverHow::Holder => String::new(),
        HandoverHow::Admin => " (a channel admin's decision)".into(),
        HandoverHow::Vote => " (the other players agreed)".into(),
    };
    let mut text = Text::new().p(format!(
        "Seat {}: **{}** handed over to ",
        seat + 1,
        from_name
    ));
    text = text.mention(&to.id, &to.name).p(format!("{why}. "));
    let mut replies = vec![];
    match game {
        Some(g) => {
            let acting = g.status().acting().contains(&seat);
            text = text
                .p(if acting {
                    "They play the seat from now on, and it is their turn. "
                } else {
                    "They play the seat from now on. "
                })
                .cmd("board", &["private"])
                .p(" shows them the seat's hidden information.");
            let mut public = Reply::public(text);
            public.pings = vec![to.id.clone()];
            replies.push(public);
            let (board, png) = filter::board(g, Viewer::Seat(seat));
            let mut mine = Text::from(format!(
                "You now hold seat {} (was {}'s). Your view of the game:",
                seat + 1,
                from_name
            ));
            mine.line(board);
            let mut private = Reply::private(&to.id, mine);
            private.image = Some(png);
            replies.push(private);
        }
        None => {
            let mut public = Reply::public(text.p("They play the seat once the game starts."));
            public.pings = vec![to.id.clone()];
            replies.push(public);
        }
    }
    replies
}
