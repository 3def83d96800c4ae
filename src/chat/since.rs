//! Catching up: `game since`, what happened since the asking player's own last step, built
//! from the action log as that player may see it (a sealed step stays sealed) and their own
//! private news: each other player's steps (summarised by verb when long), what came to
//! them privately, then what they may do now. Its public part
//! ([`filter::public_catch_up`], from the table's view of the log only) goes into the
//! message that pings a player and under each game of their daily digest.

use super::core::{seat_of, Chat};
use super::error::CoreError;
use super::filter::{self, LogEntry};
use super::outbox::PRIVATE_NEWS;
use super::steplist;
use super::text::Text;
use super::types::{Reply, Request};
use crate::engine::{Seat, Viewer};
use crate::store::{ActionRow, SeatRow};

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
        let text = self.catch_up(&actions, &l.seats, &*g, seat, l.row.id, &req.user.id);
        let mut r = Reply::private(&req.user.id, text);
        if g.status().acting().contains(&seat) {
            let legal = filter::legal_list(&*g, seat);
            let over = g.status().is_finished();
            let header =
                super::picks::header_for(l.row.version, (&actions, over), seat, &req.user.id);
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
        Some(self.catch_up(&actions, &l.seats, &*g, seat, l.row.id, user))
    }

    /// The catch-up of `seat`: the steps since their own last one, their latest private
    /// news, then what they may do now.
    pub(crate) fn catch_up(
        &self,
        actions: &[ActionRow],
        seats: &[SeatRow],
        g: &dyn crate::engine::AnyGame,
        seat: Seat,
        game_id: i64,
        user: &str,
    ) -> Text {
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
