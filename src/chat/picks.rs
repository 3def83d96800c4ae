//! Playing by components: `move` alone answers with the player's steps as components
//! ([`super::menus`]), and a component used (a [`Pick`]) is read here: one made for
//! another player or at an earlier version is refused privately with what changed; one
//! that narrows shows the narrower menus; one that plays a step becomes `move <step>` at
//! the menu's version, run by the dispatcher exactly as if typed, and the player's next
//! components follow while their turn goes on.

use super::core::{seat_of, Chat, Loaded};
use super::error::CoreError;
use super::filter::{self, VisibleCount};
use super::menus::{self, Header, Pick, Resolved, Target};
use super::steplist;
use super::text::Text;
use super::types::{Reply, Request, Visibility};
use crate::engine::{AnyGame, Seat, StepInfo, Viewer};
use crate::store::{ActionRow, GameRow};

/// What a pick asks the dispatcher to do.
pub(crate) enum Picked {
    /// Answer with these replies (a refusal, or narrower menus); nothing is played.
    Answer(Vec<Reply>),
    /// Play `move <step>` at `version`, then show the next components.
    Play { step: String, version: i64 },
}

impl Chat {
    /// The private answer to `move` alone: the legal steps as text, with components.
    pub(crate) fn steps_reply(
        &self,
        req: &Request,
        l: &Loaded,
        legal: &[StepInfo],
        prefix: &[String],
    ) -> Result<Reply, CoreError> {
        let over = l.row.status == crate::store::GameStatus::Finished;
        let seat = seat_of(&l.seats, &req.user.id).unwrap_or(usize::MAX);
        let header = self.header_now(&l.row, over, seat, &req.user.id)?;
        Ok(steps_reply_at(req, legal, prefix, &header))
    }

    /// The header of the components made now for `seat` (user `user`) of the game of
    /// `row` (`over`: it has ended). The log length it numbers is counted from the rows
    /// added since the last count for that seat, not from the whole log.
    pub(crate) fn header_now(
        &self,
        row: &GameRow,
        over: bool,
        seat: Seat,
        user: &str,
    ) -> Result<Header, CoreError> {
        let mut inner = self.lock();
        let key = (row.id, seat, over);
        let mut count = match inner.log_counts.take(key, row.version) {
            Some(c) => c,
            None => VisibleCount::new(Viewer::Seat(seat), over),
        };
        count.add(&inner.store.log().actions_after(row.id, count.last_seq())?);
        let log_len = count.len();
        inner.log_counts.keep(key, row.version, count);
        Ok(Header {
            version: row.version,
            log_len,
            user: user.to_string(),
        })
    }

    /// Read a pick against the game here now.
    pub(crate) fn read_pick(&self, req: &Request, pick: &Pick) -> Result<Picked, CoreError> {
        if pick.header.user != req.user.id {
            return Ok(Picked::Answer(vec![Reply::error(
                &req.user.id,
                Text::new()
                    .p("these steps were shown to another player, so only they may pick them; nothing was played. ")
                    .cmd("move", &[])
                    .p(" shows your own."),
            )]));
        }
        if let Some(play) = self.plays_as_named(req, pick)? {
            return Ok(play);
        }
        let mut l = self.load_active(&req.place)?;
        let g = l.game.take().ok_or(CoreError::NotStarted)?;
        let seat = seat_of(&l.seats, &req.user.id).ok_or(CoreError::NotPlaying)?;
        let legal = filter::legal_list(&*g, seat);
        if pick.header.version != l.row.version {
            let actions = self.lock().store.log().actions(l.row.id)?;
            let over = g.status().is_finished();
            let now = self.header_now(&l.row, over, seat, &req.user.id)?;
            return Ok(Picked::Answer(vec![stale_reply(
                req,
                (&l, &*g, seat),
                &actions,
                (pick, &now),
                &legal,
            )]));
        }
        match pick.target.resolve(&legal) {
            Some(Resolved::Play(step)) => Ok(Picked::Play {
                step,
                version: l.row.version,
            }),
            Some(Resolved::Narrow(words)) => Ok(Picked::Answer(vec![steps_reply_at(
                req,
                &legal,
                &words,
                &pick.header,
            )])),
            None => Err(CoreError::StaleButton),
        }
    }

    /// A pick that names its step in full, made at the game's version now, plays that step
    /// as typed (`move` decides whether it is legal), with no need to list the steps
    /// first; `None` for any other pick (an index, a narrowing, an older version).
    fn plays_as_named(&self, req: &Request, pick: &Pick) -> Result<Option<Picked>, CoreError> {
        let Target::Step(step) = &pick.target else {
            return Ok(None);
        };
        let (platform, channel) = (&req.place.platform, &req.place.channel);
        let row = self.lock().store.log().active_game(platform, channel)?;
        Ok(row
            .filter(|r| r.version == pick.header.version)
            .map(|r| Picked::Play {
                step: step.clone(),
                version: r.version,
            }))
    }

    /// After a pick played its step: the player's next components go with their private
    /// reply of the answer (or a new one) while they still have steps.
    pub(crate) fn after_pick(&self, req: &Request, replies: &mut Vec<Reply>) {
        if replies.iter().any(|r| r.is_error) {
            return;
        }
        let Ok(mut l) = self.load_active(&req.place) else {
            return;
        };
        let Some(g) = l.game.take() else { return };
        let Some(seat) = seat_of(&l.seats, &req.user.id) else {
            return;
        };
        let legal = filter::legal_list(&*g, seat);
        if legal.is_empty() {
            return;
        }
        let over = l.row.status == crate::store::GameStatus::Finished;
        let Ok(header) = self.header_now(&l.row, over, seat, &req.user.id) else {
            return;
        };
        // Only the components: the steps' listing is not repeated under the answer.
        let components = menus::build(&legal, &[], &header);
        let mine = |r: &Reply| matches!(&r.visibility, Visibility::Private(u) if *u == req.user.id);
        match replies.iter_mut().find(|r| mine(r)) {
            Some(r) => {
                // The components hold every step: step buttons would repeat them (and
                // take the rows the menus need).
                r.buttons.retain(|b| !b.command.starts_with("move "));
                r.components = components;
            }
            None => {
                let text = format!("Your next steps ({}):", legal.len());
                let mut r = Reply::private(&req.user.id, text);
                r.components = components;
                replies.push(r);
            }
        }
    }
}

/// The private reply listing the steps of `legal` that begin with `prefix`, with their
/// components for `header`.
fn steps_reply_at(req: &Request, legal: &[StepInfo], prefix: &[String], header: &Header) -> Reply {
    let shown: Vec<StepInfo> = legal
        .iter()
        .filter(|s| {
            let w: Vec<&str> = s.notation.split_whitespace().collect();
            w.len() >= prefix.len() && w.iter().zip(prefix).all(|(a, b)| a == b)
        })
        .cloned()
        .collect();
    let heading = match prefix.is_empty() {
        true => format!("Your legal steps ({}):", shown.len()),
        false => format!(
            "Your steps beginning `{}` ({}):",
            prefix.join(" "),
            shown.len()
        ),
    };
    let mut r = Reply::private(
        &req.user.id,
        format!("{heading}\n{}", steplist::overview(&shown).join("\n")),
    );
    r.components = menus::build(legal, prefix, header);
    r
}

/// The refusal of a pick made at an earlier version: what the player may see happened
/// since, that nothing was played, and their components now.
fn stale_reply(
    req: &Request,
    (l, g, seat): (&Loaded, &dyn AnyGame, Seat),
    actions: &[ActionRow],
    (pick, now): (&Pick, &Header),
    legal: &[StepInfo],
) -> Reply {
    let over = g.status().is_finished();
    let log = filter::visible_log(actions, Viewer::Seat(seat), over);
    // Only what happened after the menu was made, as this player may see it.
    let seen = &log[pick.header.log_len.min(log.len())..];
    let what = filter::runs(seen, &l.seats);
    let mut text = Text::new().p("these steps were shown at an earlier moment of the game");
    if what.is_empty() {
        text.push_plain(" (the game changed since, without a step)".to_string());
    } else {
        text.push_plain(format!(": since then {}", what.join("; ")));
    }
    text.push_plain("; nothing was played.".to_string());
    let mut r = Reply::error(&req.user.id, text);
    if !legal.is_empty() {
        r.components = menus::build(legal, &[], now);
    }
    r
}

/// The header of the components made for `seat` (user `user`) at `version` of a game with
/// log `actions` (`over`: the game has ended), from the whole log ([`Chat::header_now`]
/// counts the same from the rows it has not seen). Its log length counts the entries of the
/// log that player may see, not its rows: another seat's drafting (rows hidden from them)
/// must not change their components' ids.
#[cfg(test)]
pub(crate) fn header_for(
    version: i64,
    (actions, over): (&[ActionRow], bool),
    seat: Seat,
    user: &str,
) -> Header {
    Header {
        version,
        log_len: filter::visible_log(actions, Viewer::Seat(seat), over).len(),
        user: user.to_string(),
    }
}

#[cfg(test)]
#[path = "picks_tests.rs"]
mod tests;
