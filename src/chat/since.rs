//! Catching up: `game since`, what happened since the asking player's own last step, built
//! from the action log as that player may see it (a sealed step stays sealed) and their own
//! private news: each other player's steps (summarised by verb when long), what touched
//! them, what came to them privately, then what they may do now. Its public part
//! ([`filter::public_catch_up`], from the table's view of the log only, and the public
//! events that named them) goes into the message that pings a player and under each game
//! of their daily digest.
//!
//! What touched a player (attacks, battles, scores) is in the games' events, which the log
//! does not keep: [`Chat::replay_since`] rebuilds the game at the player's last step, from
//! the nearest checkpoint, and plays the later steps again to hear them; [`filter::touched`]
//! then keeps what the viewer may see and what concerns the player. A very long gap is read
//! from its last [`filter::SINCE_READ`] steps only, and the text says so.

use super::core::setup_named;
use super::core::{effective_steps, play_rows, replay_from_checkpoints, seat_of, Chat, Roster};
use super::error::CoreError;
use super::filter::{self, Happened, LogEntry, Replayed};
use super::outbox::PRIVATE_NEWS;
use super::steplist;
use super::text::Text;
use super::types::{Reply, Request};
use crate::engine::{Seat, Viewer};
use crate::store::{ActionRow, GameRow, SeatRow};

/// The lines of what `viewer` may see happened in `actions` after their own last step
/// (everything when they have none): one line a run of one player's steps.
pub(crate) fn since_lines(
    actions: &[ActionRow],
    seats: &[SeatRow],
    viewer: Viewer,
    over: bool,
) -> Vec<String> {
    let log = filter::visible_log(actions, viewer, over);
    let mine = |e: &LogEntry| matches!((e, viewer), (LogEntry::Step { seat, .. }, Viewer::Seat(s)) if *seat == s);
    let from = log.iter().rposition(mine).map_or(0, |i| i + 1);
    filter::runs(&log[from..], seats)
}

impl Chat {
    /// `game since`: what happened since the asker's own last step, privately.
    pub(crate) fn game_since(&self, req: &Request, _args: &str) -> Result<Vec<Reply>, CoreError> {
        let mut l = self.load_active(&req.place)?;
        let g = l.game.take().ok_or(CoreError::NotStarted)?;
        let seat = seat_of(&l.seats, &req.user.id).ok_or(CoreError::NotPlaying)?;
        let actions = self.lock().store.log().actions(l.row.id)?;
        let text = self.catch_up(&actions, (&l.row, &l.seats), &*g, seat, &req.user.id);
        let mut r = Reply::private(&req.user.id, text);
        if g.status().acting().contains(&seat) {
            let legal = filter::legal_list(&*g, seat);
            let over = g.status().is_finished();
            let header = self.header_now(&l.row, over, seat, &req.user.id)?;
            r.components = super::menus::build(&legal, &[], &header);
        }
        Ok(vec![r])
    }

    /// The catch-up of `user` in the running game at `place` when it is their turn there
    /// (the terminal prints it before their prompt); `None` otherwise.
    pub fn catch_up_if_acting(&self, place: &super::types::Place, user: &str) -> Option<Text> {
        let mut l = self.load_active(place).ok()?;
        let g = l.game.take()?;
        let seat = seat_of(&l.seats, user)?;
        if !g.status().acting().contains(&seat) {
            return None;
        }
        let actions = self.lock().store.log().actions(l.row.id).ok()?;
        Some(self.catch_up(&actions, (&l.row, &l.seats), &*g, seat, user))
    }

    /// The catch-up of `seat`: the steps since their own last one, what touched them,
    /// their latest private news, then what they may do now.
    pub(crate) fn catch_up(
        &self,
        actions: &[ActionRow],
        (row, seats): (&GameRow, &[SeatRow]),
        g: &dyn crate::engine::AnyGame,
        seat: Seat,
        user: &str,
    ) -> Text {
        let game_id = row.id;
        let status = g.status();
        let lines = since_lines(actions, seats, Viewer::Seat(seat), status.is_finished());
        let mut text = Text::new();
        if lines.is_empty() {
            text.line(Text::from("Nothing happened since your last step."));
        } else {
            text.line(Text::from("Since your last step:"));
            for l in lines {
                text.line(Text::from(l));
            }
            let since = self.replay_since(row, seats, actions, &[seat], false);
            if let Some(t) = filter::touched_line(&since, seats, seat, Viewer::Seat(seat)) {
                text.line(t);
            }
        }
        let news = self.private_news(game_id, user, PRIVATE_NEWS.min(3));
        if !news.is_empty() {
            text.line(Text::from("Your latest private news:"));
            for n in news {
                text.line(n);
            }
        }
        let acting = status.acting();
        if acting.contains(&seat) {
            let legal = filter::legal_list(g, seat);
            let now = steplist::next_steps(&legal).unwrap_or_else(|| {
                format!(
                    "It is your turn: {} (`move` lists them).",
                    crate::engine::counted(legal.len(), "legal step")
                )
            });
            text.line(Text::from(now));
        } else if !status.is_finished() {
            let names: Vec<String> = acting
                .iter()
                .filter_map(|&s| seats.get(s))
                .map(|s| format!("**{}**", s.name))
                .collect();
            text.line(Text::from(format!("Waiting for {}.", names.join(", "))));
        }
        text
    }
}

impl Chat {
    /// The steps since the last step of each of `from` (its last step the table saw when
    /// `public`: a hidden drafting step does not count), each replayed with what it told:
    /// the game is rebuilt at the earliest of those steps from the nearest checkpoint, and
    /// at most the last [`filter::SINCE_READ`] steps the table saw are played again. Empty
    /// when nothing came after, or when the game cannot be rebuilt (its catch-up then just
    /// has no "what touched you").
    pub(crate) fn replay_since(
        &self,
        row: &GameRow,
        seats: &[SeatRow],
        actions: &[ActionRow],
        from: &[Seat],
        public: bool,
    ) -> Replayed {
        self.replay_since_within(row, (seats, actions), from, public, filter::SINCE_READ)
    }

    /// [`Chat::replay_since`] reading at most the last `window` steps the table saw.
    pub(crate) fn replay_since_within(
        &self,
        row: &GameRow,
        (seats, actions): (&[SeatRow], &[ActionRow]),
        from: &[Seat],
        public: bool,
        window: usize,
    ) -> Replayed {
        let effective = effective_steps(actions);
        let table_saw = |a: &ActionRow| !a.secret || a.turn_end;
        let last = |s: Seat| {
            let own = |a: &&ActionRow| a.seat == s && (!public || table_saw(a));
            effective.iter().rposition(own).map_or(0, |i| i + 1)
        };
        let Some(start) = from.iter().map(|&s| last(s)).min() else {
            return Replayed::default();
        };
        // The window: the last `window` steps the table saw (hidden drafting among them
        // counts for nothing, so the window does not depend on it).
        let (mut cap, mut counted) = (effective.len(), 0);
        while cap > 0 && counted < window {
            cap -= 1;
            counted += usize::from(table_saw(effective[cap]));
        }
        let begin = start.max(cap);
        if begin >= effective.len() {
            return Replayed::default();
        }
        let steps = self
            .replay_window(row, seats, actions, (&effective, begin))
            .unwrap_or_default();
        Replayed {
            steps,
            cut: start < cap,
        }
    }

    /// Rebuild the game after `effective[..begin]` (from the nearest checkpoint) and play
    /// `effective[begin..]` again, keeping each step's events.
    fn replay_window(
        &self,
        row: &GameRow,
        seats: &[SeatRow],
        actions: &[ActionRow],
        (effective, begin): (&[&ActionRow], usize),
    ) -> Result<Vec<Happened>, String> {
        let kind = self.registry.get(&row.kind).ok_or("unknown kind")?;
        let (handovers, seqs) = {
            let inner = self.lock();
            let log = inner.store.log();
            let h = log.handovers(row.id).map_err(|e| e.to_string())?;
            (h, log.checkpoint_seqs(row.id).unwrap_or_default())
        };
        let roster = Roster {
            seats,
            handovers: &handovers,
        };
        let seed = (row.seed, row.rules_version);
        let at = begin.checked_sub(1).map_or(0, |i| effective[i].seq);
        let mut g = if at == 0 {
            setup_named(kind, roster, &row.options, seed)?
        } else {
            // The game after row `at`, under the names its seats had then.
            let upto = &actions[..actions.partition_point(|a| a.seq <= at)];
            let early: Vec<_> = handovers
                .iter()
                .filter(|h| h.after_seq <= at)
                .cloned()
                .collect();
            let early = Roster {
                seats,
                handovers: &early,
            };
            let seqs: Vec<i64> = seqs.into_iter().filter(|s| *s <= at).collect();
            let load = |seq| {
                self.lock()
                    .store
                    .log()
                    .checkpoint(row.id, seq)
                    .ok()
                    .flatten()
            };
            replay_from_checkpoints(kind, early, &row.options, seed, upto, &seqs, load)?.0
        };
        let aliases: Vec<Vec<String>> = (0..seats.len()).map(|s| g.seat_aliases(s)).collect();
        let mut out = Vec::new();
        play_rows(
            &mut *g,
            roster,
            at,
            &effective[begin..],
            |a, (_, applied), _| {
                let names = roster.names_at(a.seq);
                out.push(Happened {
                    seat: a.seat,
                    public: !a.secret || a.turn_end,
                    events: applied.events,
                    names: names
                        .into_iter()
                        .zip(&aliases)
                        .map(|(n, more)| std::iter::once(n).chain(more.iter().cloned()).collect())
                        .collect(),
                });
            },
        )?;
        Ok(out)
    }
}
