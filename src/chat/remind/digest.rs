//! `remind digest …` and the asker's daily digests as `remind` shows them: in a server,
//! that server's; from a direct message, every server's, each named by a channel of the
//! asker's games there.

use super::RemindError;
use crate::chat::text::Text;
use crate::chat::types::{Reply, Request};
use crate::reminders::{self, Settings};
use crate::store::{DigestPref, Store};

/// One line on the daily digest in this server: off, or its time (and when it really comes
/// if that time is inside the quiet hours).
pub(super) fn describe_digest(pref: Option<DigestPref>, s: &Settings) -> Text {
    let Some(p) = pref else {
        return Text::new()
            .p("Daily digest in this server: off (")
            .cmd("remind", &["digest", "daily 09:00"])
            .p(" sends one message a day instead of a reminder per game).");
    };
    describe_digest_on(Text::from("in this server"), "the games here", p, s)
}

/// One line on a digest that is on: `place` (`in this server`, `in the server of #games`),
/// its time, and when it really comes if that time is inside the quiet hours; `games`:
/// which games it lists.
pub(super) fn describe_digest_on(place: Text, games: &str, p: DigestPref, s: &Settings) -> Text {
    let at = reminders::fmt_hhmm(p.at_minute);
    let mut t = Text::from("Daily digest ").then(place).p(format!(
        ": **{at}** (UTC{}), one message listing {games} waiting for you, instead of a reminder per game.",
        reminders::format_offset(s.utc_offset)
    ));
    let real = reminders::digest_effective_minute(p.at_minute, s.quiet);
    if real != p.at_minute {
        if let Some(q) = s.quiet {
            t.push_plain(format!(
                " {at} is inside your quiet hours ({q}), so it comes when they end, at {}.",
                reminders::fmt_hhmm(real)
            ));
        }
    }
    t
}

/// One of the asker's digests as `remind` shows it: its server, the server named for the
/// answer, which games it lists, and its setting.
pub(super) struct HeldDigest {
    guild: Option<String>,
    place: Text,
    games: &'static str,
    pref: DigestPref,
}

impl HeldDigest {
    pub(super) fn describe(&self, s: &Settings) -> Text {
        describe_digest_on(self.place.clone(), self.games, self.pref, s)
    }
}

/// The asker's digests that `remind` reads and changes from `req`'s place: in a server,
/// that server's (if on), named `in this server`; from a direct message, every server's,
/// each named by a channel of the asker's games there.
pub(super) fn digests_of(store: &Store, req: &Request) -> Result<Vec<HeldDigest>, RemindError> {
    if !req.direct_message {
        let here = digest_pref(store, req)?.map(|pref| HeldDigest {
            guild: req.place.guild.clone(),
            place: Text::from("in this server"),
            games: "the games here",
            pref,
        });
        return Ok(here.into_iter().collect());
    }
    let (platform, uid) = (req.place.platform.as_str(), req.user.id.as_str());
    let all = store
        .schedules()
        .digest_prefs_of(platform, uid)
        .map_err(RemindError::Store)?;
    let mut out = Vec::with_capacity(all.len());
    for (guild, pref) in all {
        out.push(HeldDigest {
            place: server_named(store, platform, guild.as_deref(), uid)?,
            guild,
            games: "that server's games",
            pref,
        });
    }
    Ok(out)
}

/// A server named for a direct message, by a channel of `user`'s open games there: `in the
/// server of #games`.
pub(super) fn server_named(
    store: &Store,
    platform: &str,
    guild: Option<&str>,
    user: &str,
) -> Result<Text, RemindError> {
    let Some(guild) = guild else {
        return Ok(Text::from("outside any server"));
    };
    let games = store
        .log()
        .active_games_in(platform, Some(guild), Some(user), 1)
        .map_err(RemindError::Store)?;
    Ok(match games.first() {
        Some(g) => Text::from("in the server of ").channel(&g.row.channel),
        None => Text::from("in a server where you have no open game"),
    })
}

/// Set every digest of [`digests_of`] to local minute `at`, or off (`None`). Returns the
/// places changed.
pub(super) fn set_digests(
    store: &mut Store,
    req: &Request,
    at: Option<u32>,
    now: i64,
) -> Result<Vec<Text>, RemindError> {
    let (platform, uid) = (req.place.platform.as_str(), req.user.id.as_str());
    let held = digests_of(store, req)?;
    for d in &held {
        store
            .schedules_mut()
            .set_digest(platform, d.guild.as_deref(), uid, at, now)
            .map_err(RemindError::Store)?;
    }
    Ok(held.into_iter().map(|d| d.place).collect())
}

/// `places` as one phrase: `in this server`, or `in the server of #a and in the server of
/// #b`.
pub(super) fn joined(places: &[Text]) -> Text {
    let mut t = Text::new();
    for (i, place) in places.iter().enumerate() {
        if i > 0 {
            t = t.p(if i + 1 == places.len() { " and " } else { ", " });
        }
        t = t.then(place.clone());
    }
    t
}

/// The asker's digests as `remind show` shows them: in a server, this server's, on or off;
/// from a direct message, one line per server where it is on, or that it is off in all.
pub(super) fn describe_digests(
    store: &Store,
    req: &Request,
    s: &Settings,
) -> Result<Text, RemindError> {
    let held = digests_of(store, req)?;
    if !req.direct_message {
        return Ok(describe_digest(held.first().map(|d| d.pref), s));
    }
    if held.is_empty() {
        return Ok(Text::new()
            .p("Daily digest: off in every server (")
            .cmd("remind", &["digest", "daily 09:00"])
            .p(" in a channel of a server sends one message a day listing that server's games instead of a reminder per game)."));
    }
    let mut out = Text::new();
    for d in &held {
        out.line(d.describe(s));
    }
    Ok(out)
}

/// The asker's digest setting in the server of `req`.
pub(super) fn digest_pref(store: &Store, req: &Request) -> Result<Option<DigestPref>, RemindError> {
    store
        .schedules()
        .digest_pref(
            &req.place.platform,
            req.place.guild.as_deref(),
            &req.user.id,
        )
        .map_err(RemindError::Store)
}

/// `remind digest daily HH:MM` | `remind digest off` | `remind digest` (show).
pub(super) fn digest(
    store: &mut Store,
    req: &Request,
    settings: &Settings,
    args: &[&str],
    now: i64,
) -> Result<Vec<Reply>, RemindError> {
    let at = match args {
        [] => None,
        [off] if off.eq_ignore_ascii_case("off") => Some(None),
        [daily, time] if daily.eq_ignore_ascii_case("daily") => Some(Some(
            reminders::parse_hhmm(time).map_err(RemindError::Value)?,
        )),
        [time] if time.contains(':') => Some(Some(
            reminders::parse_hhmm(time).map_err(RemindError::Value)?,
        )),
        _ => return Err(RemindError::DigestUsage(args.join(" "))),
    };
    if req.direct_message {
        return digest_from_a_direct_message(store, req, settings, at, now);
    }
    let (platform, guild, uid) = (
        req.place.platform.as_str(),
        req.place.guild.as_deref(),
        req.user.id.as_str(),
    );
    let mut out = Text::new();
    if let Some(at) = at {
        store
            .schedules_mut()
            .set_digest(platform, guild, uid, at, now)
            .map_err(RemindError::Store)?;
        out = Text::from(match at {
            None => "Daily digest turned off: reminders come one per game again.".to_string(),
            Some(m) => format!(
                "Daily digest set to {} at UTC{}: one direct message a day (a silent message in a game's channel if your DMs are closed) lists this server's games waiting for you. It replaces your per-game reminders here; deadlines still apply.{}",
                reminders::fmt_hhmm(m),
                reminders::format_offset(settings.utc_offset),
                if req.place.platform == "local" {
                    " In the terminal the digest is printed when `time +…` moves the clock past its hour."
                } else {
                    ""
                }
            ),
        });
    }
    out.line(describe_digest(digest_pref(store, req)?, settings));
    Ok(vec![Reply::private(uid, out)])
}

/// `remind digest …` from a direct message: `off` turns every server's digest off, a time
/// moves every digest there is (a first one is set in a channel of its server), and the
/// answer names each server and shows each digest as it is now.
fn digest_from_a_direct_message(
    store: &mut Store,
    req: &Request,
    settings: &Settings,
    at: Option<Option<u32>>,
    now: i64,
) -> Result<Vec<Reply>, RemindError> {
    let mut out = Text::new();
    match at {
        None => {}
        Some(None) => {
            let places = set_digests(store, req, None, now)?;
            out = if places.is_empty() {
                Text::from("You have no daily digest in any server; nothing changed.")
            } else {
                Text::from("Daily digest turned off ")
                    .then(joined(&places))
                    .p(": reminders come one per game again.")
            };
        }
        Some(Some(m)) => {
            if digests_of(store, req)?.is_empty() {
                return Err(RemindError::DigestNeedsServer);
            }
            let places = set_digests(store, req, Some(m), now)?;
            out = Text::from(format!(
                "Daily digest moved to {} at UTC{} ",
                reminders::fmt_hhmm(m),
                reminders::format_offset(settings.utc_offset)
            ))
            .then(joined(&places))
            .p(".");
        }
    }
    out.line(describe_digests(store, req, settings)?);
    Ok(vec![Reply::private(&req.user.id, out)])
}
