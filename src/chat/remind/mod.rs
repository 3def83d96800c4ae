//! The `remind …` chat command: a player's reminder settings and a game's deadline.
//!
//! Syntax (after `remind`):
//! - `show` (or nothing): your settings, and this game's deadline
//! - `on` | `off`: turn your reminders on or off
//! - `delay <duration>`: first reminder this long after your turn began (`12h`, `1d12h`)
//! - `interval <duration>`: then one every interval
//! - `max <n>`: at most n reminders per turn (0 to 20)
//! - `quiet HH:MM-HH:MM [tz=±HH:MM]` | `quiet off`: no reminders in these local hours
//! - `tz ±HH:MM`: your UTC offset for quiet hours
//! - `dm on|off`: remind by direct message instead of in the channel
//! - `vacation <duration>` | `vacation off`: no reminders or deadline until it ends
//! - `deadline <duration> [notify|kick]` | `deadline off`: this game's deadline (players
//!   of the game or channel admins); at the deadline the channel is told, and with `kick`
//!   the others are invited to vote the player out
//! - `reset`: back to the defaults, this server's daily digest off too
//! - `digest daily HH:MM` | `digest off` | `digest`: one daily message (in your UTC offset,
//!   after your quiet hours) listing this server's games waiting for you, instead of one
//!   reminder per game; per player per server
//!
//! From a direct message (`Request::direct_message`: outside any server) the personal
//! settings work as anywhere; the digest settings apply to every server where the asker
//! has a digest (`digest off` and `reset` turn them all off, `digest daily HH:MM` moves
//! them all, a first digest is set in a server's channel), and each server is named by a
//! channel of the asker's games there; a deadline is set in its game's channel.
//!
//! Layout: this file reads the setting from the command table ([`table::REMIND`], whose
//! [`RemindKind`] says which `impl Chat` method runs it) and shows the settings;
//! `personal.rs` changes the asker's own settings, `digest.rs` the daily digests,
//! `deadline.rs` a game's deadline and `at_deadline` (what a passed deadline does, in the
//! one wording `game status` shares), `error.rs` words every refusal.
//!
//! Invariants: personal settings are answered privately; a deadline change is public. An
//! answer names exactly what changed and where. Nothing here panics on any input; errors
//! say what is accepted.

mod deadline;
pub(crate) use deadline::at_deadline;
mod digest;
mod error;
mod personal;
#[cfg(test)]
mod tests;

pub use error::RemindError;

use super::core::Chat;
use super::table::{self, RemindKind};
use super::text::{Text, TimeStyle};
use super::types::{Reply, Request};
use crate::reminders::{self, Prefs, Settings};
use crate::store::Store;
use digest::{describe_digests, digest_pref, digests_of, joined, set_digests};

impl Chat {
    /// `remind …` for `req.user` (`rest`: the words after `remind`): the setting is one of
    /// the command table's ([`table::REMIND`]), run by the method its kind names.
    pub(crate) fn cmd_remind(&self, req: &Request, rest: &str) -> Result<Vec<Reply>, RemindError> {
        let words: Vec<&str> = rest.split_whitespace().collect();
        let cmd = words
            .first()
            .map(|w| w.to_ascii_lowercase())
            .unwrap_or_else(|| "show".into());
        let setting = table::remind_setting(&cmd);
        if words.len() > setting.map_or(2, |s| s.words) {
            return Err(RemindError::TooManyWords(cmd));
        }
        let setting = setting.ok_or(RemindError::UnknownSetting(cmd))?;
        let args = words.get(1..).unwrap_or_default();
        match setting.kind {
            RemindKind::Show => self.remind_show(req),
            RemindKind::Personal => self.remind_personal(req, setting.name, args),
            RemindKind::Reset => self.remind_reset(req),
            RemindKind::Deadline => self.remind_deadline(req, args),
            RemindKind::Digest => self.remind_digest(req, args),
        }
    }

    /// `remind show`: the asker's settings, their digests and this game's deadline.
    fn remind_show(&self, req: &Request) -> Result<Vec<Reply>, RemindError> {
        let now = self.now();
        let inner = self.lock();
        let store = &inner.store;
        let settings = prefs_of(store, req)?.resolve(&self.reminder_defaults);
        let (game_id, _) = game_here(store, req)?;
        show(store, req, game_id, &settings, now)
    }

    /// `remind on`, `delay 12h`, `quiet …`: one of the asker's own settings, saved, then
    /// all of them as they are now.
    fn remind_personal(
        &self,
        req: &Request,
        setting: &str,
        args: &[&str],
    ) -> Result<Vec<Reply>, RemindError> {
        let now = self.now();
        let mut inner = self.lock();
        let store = &mut inner.store;
        let mut p = prefs_of(store, req)?;
        let msg = personal::set_personal(&mut p, setting, args, now)?;
        store
            .schedules_mut()
            .set_reminder_prefs(&req.user.id, &p)
            .map_err(RemindError::Store)?;
        self.settings_now(store, req, Text::from(msg), &p, now)
    }

    /// `remind reset`: the asker's settings back to the defaults, with this server's digest
    /// (from a direct message: every server's), in one transaction.
    fn remind_reset(&self, req: &Request) -> Result<Vec<Reply>, RemindError> {
        let now = self.now();
        let mut inner = self.lock();
        let store = &mut inner.store;
        let msg = reset(store, req)?;
        self.settings_now(store, req, msg, &Prefs::default(), now)
    }

    /// `remind deadline …`: this game's deadline (its players or a channel admin).
    fn remind_deadline(&self, req: &Request, args: &[&str]) -> Result<Vec<Reply>, RemindError> {
        if req.direct_message {
            return Err(RemindError::DeadlineInDirectMessage);
        }
        let mut inner = self.lock();
        let store = &mut inner.store;
        let (game_id, seat) = game_here(store, req)?;
        deadline::deadline(store, req, game_id, seat, args)
    }

    /// `remind digest …`: the asker's daily digest here (from a direct message: in every
    /// server where they have one).
    fn remind_digest(&self, req: &Request, args: &[&str]) -> Result<Vec<Reply>, RemindError> {
        let now = self.now();
        let mut inner = self.lock();
        let store = &mut inner.store;
        let settings = prefs_of(store, req)?.resolve(&self.reminder_defaults);
        digest::digest(store, req, &settings, args, now)
    }

    /// The answer to a change of the asker's settings: what changed (`msg`), then their
    /// settings `p` as they are now, and when their digests come (quiet hours or the offset
    /// may have moved them).
    fn settings_now(
        &self,
        store: &Store,
        req: &Request,
        mut msg: Text,
        p: &Prefs,
        now: i64,
    ) -> Result<Vec<Reply>, RemindError> {
        let settings = p.resolve(&self.reminder_defaults);
        msg.line(describe(&settings, now));
        for d in digests_of(store, req)? {
            msg.line(d.describe(&settings));
        }
        Ok(vec![Reply::private(&req.user.id, msg)])
    }
}

/// The asker's own reminder choices (unset ones follow the defaults).
fn prefs_of(store: &Store, req: &Request) -> Result<Prefs, RemindError> {
    store
        .schedules()
        .reminder_prefs(&req.user.id)
        .map_err(RemindError::Store)
}

/// The running game in `req`'s channel, and the asker's seat in it, if any.
fn game_here(store: &Store, req: &Request) -> Result<(Option<i64>, Option<usize>), RemindError> {
    let game = store
        .log()
        .active_game(&req.place.platform, &req.place.channel)
        .map_err(RemindError::Store)?;
    let Some(g) = game else {
        return Ok((None, None));
    };
    let seat = store
        .log()
        .seats(g.id)
        .unwrap_or_default()
        .into_iter()
        .find(|s| s.user_id == req.user.id && !s.resigned)
        .map(|s| s.seat);
    Ok((Some(g.id), seat))
}

/// Describe settings in one block; the vacation's end is a time the front end shows in its
/// own way.
pub(crate) fn describe(s: &Settings, now: i64) -> Text {
    let mut out = Text::from(format!(
        "Reminders: **{}**; first after {}, then every {}, at most {} per turn; by {}.",
        if s.enabled { "on" } else { "off" },
        reminders::format_duration(s.delay),
        reminders::format_duration(s.interval),
        s.max,
        if s.dm {
            "direct message"
        } else {
            "a message in the game's channel"
        }
    ));
    match s.quiet {
        Some(q) => out.line(format!(
            "Quiet hours: {q} (UTC{}).",
            reminders::format_offset(s.utc_offset)
        )),
        None => out.line(format!(
            "Quiet hours: none (your offset: UTC{}).",
            reminders::format_offset(s.utc_offset)
        )),
    }
    if let Some(v) = s.vacation_until.filter(|v| *v > now) {
        out.line(
            Text::new()
                .p("On vacation until ")
                .time(v, TimeStyle::Full)
                .p(" (")
                .time(v, TimeStyle::Relative)
                .p(")."),
        );
    }
    out
}

/// `remind show`: the asker's settings, their digest here, and this game's deadline.
fn show(
    store: &Store,
    req: &Request,
    game_id: Option<i64>,
    settings: &Settings,
    now: i64,
) -> Result<Vec<Reply>, RemindError> {
    let mut out = describe(settings, now);
    out.line(describe_digests(store, req, settings)?);
    if let Some(g) = game_id {
        match store.schedules().game_deadline(g) {
            Ok(Some((d, c))) => {
                // The table's `absent` option decides, worded as `game status` words it.
                let absent = store.log().absent(g).unwrap_or(crate::store::Absent::Wait);
                out.line(format!(
                    "This game's deadline: {} of waiting; for a player who has not acted by then, {}.",
                    reminders::format_duration(d),
                    deadline::at_deadline(absent, c)
                ))
            }
            Ok(None) => out.line("This game has no deadline."),
            Err(e) => out.line(format!("(Could not read the game's deadline: {e})")),
        }
    }
    Ok(vec![Reply::private(&req.user.id, out)])
}

/// `remind reset`: the asker's settings and this server's digest (from a direct message:
/// every server's) back to the defaults.
fn reset(store: &mut Store, req: &Request) -> Result<Text, RemindError> {
    let had_digest = digest_pref(store, req)?.is_some();
    store
        .schedules_mut()
        .reset_reminders(
            &req.place.platform,
            req.place.guild.as_deref(),
            &req.user.id,
        )
        .map_err(RemindError::Store)?;
    if req.direct_message {
        let places = set_digests(store, req, None, 0)?;
        if places.is_empty() {
            return Ok("Reminder settings reset to the defaults.".into());
        }
        return Ok(Text::from(
            "Reminder settings reset to the defaults, and your daily digest turned off ",
        )
        .then(joined(&places))
        .p(": reminders come one per game again."));
    }
    Ok(if had_digest {
        "Reminder settings reset to the defaults, and your daily digest here turned off: reminders come one per game again.".into()
    } else {
        "Reminder settings reset to the defaults.".into()
    })
}
