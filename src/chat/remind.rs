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
//! Invariants: personal settings are answered privately; a deadline change is public. An
//! answer names exactly what changed and where. Nothing here panics on any input; errors
//! say what is accepted.

use super::core::{clean_name, Chat};
use super::table;
use super::text::{Text, TimeStyle};
use super::types::{Reply, Request};
use crate::engine::notation::clip;
use crate::reminders::{self, Consequence, Prefs, ReminderDefaults, Settings};
use crate::store::StoreError;
use crate::store::{DigestPref, Store};
use std::fmt;

fn on_off(s: Option<&str>) -> Option<bool> {
    match s.map(|x| x.to_ascii_lowercase()).as_deref() {
        Some("on") | Some("yes") | Some("true") => Some(true),
        Some("off") | Some("no") | Some("false") => Some(false),
        _ => None,
    }
}

/// Describe settings in one block; the vacation's end is a time the front end shows in its
/// own way.
pub fn describe(s: &Settings, now: i64) -> Text {
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

/// One line on the daily digest in this server: off, or its time (and when it really comes
/// if that time is inside the quiet hours).
pub fn describe_digest(pref: Option<DigestPref>, s: &Settings) -> Text {
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
fn describe_digest_on(place: Text, games: &str, p: DigestPref, s: &Settings) -> Text {
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

impl Chat {
    pub(crate) fn cmd_remind(&self, req: &Request, rest: &str) -> Result<Vec<Reply>, RemindError> {
        let now = self.now();
        let defaults = self.reminder_defaults.clone();
        handle_remind_here(&mut self.lock().store, req, rest, now, &defaults)
    }
}

/// Handle `remind …` for `req.user`, looking up the active game in `req.place` and the
/// user's seat in it (the one-line hook for the chat core). `rest` is the text after
/// `remind`.
pub fn handle_remind_here(
    store: &mut Store,
    req: &Request,
    rest: &str,
    now: i64,
    defaults: &ReminderDefaults,
) -> Result<Vec<Reply>, RemindError> {
    let game = store
        .log()
        .active_game(&req.place.platform, &req.place.channel)
        .map_err(RemindError::Store)?;
    let (game_id, seat) = match game {
        None => (None, None),
        Some(g) => {
            let seat = store
                .log()
                .seats(g.id)
                .unwrap_or_default()
                .into_iter()
                .find(|s| s.user_id == req.user.id && !s.resigned)
                .map(|s| s.seat);
            (Some(g.id), seat)
        }
    };
    handle_remind(store, req, rest, game_id, seat, now, defaults)
}

/// Handle `remind …` for `req.user`. `game_id`/`seat`: the game in this channel and the
/// user's seat in it, if any. The setting is one of the command table's
/// ([`table::REMIND`]).
pub fn handle_remind(
    store: &mut Store,
    req: &Request,
    rest: &str,
    game_id: Option<i64>,
    seat: Option<usize>,
    now: i64,
    defaults: &ReminderDefaults,
) -> Result<Vec<Reply>, RemindError> {
    let uid = req.user.id.as_str();
    let words: Vec<&str> = rest.split_whitespace().collect();
    let mut p = store
        .schedules()
        .reminder_prefs(uid)
        .map_err(RemindError::Store)?;
    let cmd = words
        .first()
        .map(|w| w.to_ascii_lowercase())
        .unwrap_or_else(|| "show".into());
    let setting = table::remind_setting(&cmd);
    if words.len() > setting.map_or(2, |s| s.words) {
        return Err(RemindError::TooManyWords(cmd));
    }
    if setting.is_none() {
        return Err(RemindError::UnknownSetting(cmd));
    }
    let msg: Text = match cmd.as_str() {
        "show" => return show(store, req, game_id, &p.resolve(defaults), now),
        "reset" => {
            // Saved here, with the digest, in one transaction (not by the save below).
            p = Prefs::default();
            reset(store, req)?
        }
        "deadline" if req.direct_message => return Err(RemindError::DeadlineInDirectMessage),
        "deadline" => return deadline(store, req, game_id, seat, &words[1..]),
        "digest" => return digest(store, req, &p.resolve(defaults), &words[1..], now),
        setting => {
            let msg = set_personal(&mut p, setting, &words[1..], now)?;
            store
                .schedules_mut()
                .set_reminder_prefs(uid, &p)
                .map_err(RemindError::Store)?;
            Text::from(msg)
        }
    };
    let mut out = msg;
    let settings = p.resolve(defaults);
    out.line(describe(&settings, now));
    // Quiet hours or the offset may have moved the digests: say when they come now.
    for d in digests_of(store, req)? {
        out.line(d.describe(&settings));
    }
    Ok(vec![Reply::private(uid, out)])
}

/// One of the asker's digests as `remind` shows it: its server, the server named for the
/// answer, which games it lists, and its setting.
struct HeldDigest {
    guild: Option<String>,
    place: Text,
    games: &'static str,
    pref: DigestPref,
}

impl HeldDigest {
    fn describe(&self, s: &Settings) -> Text {
        describe_digest_on(self.place.clone(), self.games, self.pref, s)
    }
}

/// The asker's digests that `remind` reads and changes from `req`'s place: in a server,
/// that server's (if on), named `in this server`; from a direct message, every server's,
/// each named by a channel of the asker's games there.
fn digests_of(store: &Store, req: &Request) -> Result<Vec<HeldDigest>, RemindError> {
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
fn server_named(
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
fn set_digests(
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
fn joined(places: &[Text]) -> Text {
    let mut t = Text::new();
    for (i, place) in places.iter().enumerate() {
        if i > 0 {
            t = t.p(if i + 1 == places.len() { " and " } else { ", " });
        }
        t = t.then(place.clone());
    }
    t
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
                    super::deadline::at_deadline(absent, c)
                ))
            }
            Ok(None) => out.line("This game has no deadline."),
            Err(e) => out.line(format!("(Could not read the game's deadline: {e})")),
        }
    }
    Ok(vec![Reply::private(&req.user.id, out)])
}

/// The asker's digests as `remind show` shows them: in a server, this server's, on or off;
/// from a direct message, one line per server where it is on, or that it is off in all.
fn describe_digests(store: &Store, req: &Request, s: &Settings) -> Result<Text, RemindError> {
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

/// A duration setting's value: at least `min` seconds.
fn duration_value(
    arg: Option<&str>,
    setting: &'static str,
    example: &'static str,
    (min, min_text): (i64, &'static str),
) -> Result<i64, RemindError> {
    match arg.map(reminders::parse_duration) {
        Some(Ok(secs)) if secs >= min => Ok(secs),
        Some(Ok(_)) => Err(RemindError::TooShort {
            setting,
            min: min_text,
        }),
        Some(Err(e)) => Err(RemindError::Value(e)),
        None => Err(RemindError::NeedValue { setting, example }),
    }
}

/// Change one of the asker's own settings in `p` (`values`: the words after the setting);
/// returns what changed, in words.
fn set_personal(
    p: &mut Prefs,
    setting: &str,
    values: &[&str],
    now: i64,
) -> Result<String, RemindError> {
    let arg = values.first().copied();
    let need = |setting, example| RemindError::NeedValue { setting, example };
    Ok(match setting {
        "on" | "off" => {
            p.enabled = Some(setting == "on");
            format!("Reminders turned {setting}.")
        }
        "delay" => {
            let secs = duration_value(arg, "delay", "12h", (600, "10m"))?;
            p.delay = Some(secs);
            format!(
                "Reminder delay set to {}.",
                reminders::format_duration(secs)
            )
        }
        "interval" => {
            let secs = duration_value(arg, "interval", "24h", (600, "10m"))?;
            p.interval = Some(secs);
            format!(
                "Reminder interval set to {}.",
                reminders::format_duration(secs)
            )
        }
        "max" => match arg.map(|a| a.parse::<u32>()) {
            Some(Ok(n)) if n <= 20 => {
                p.max = Some(n);
                format!("At most {n} reminders per turn.")
            }
            _ => return Err(RemindError::BadMax),
        },
        "quiet" => match arg {
            Some(a) => set_quiet(p, a, values.get(1).copied())?,
            None => return Err(need("quiet", "22:00-08:00 tz=+02:00")),
        },
        "tz" => {
            let o = reminders::parse_offset(arg.ok_or_else(|| need("tz", "+02:00"))?)
                .map_err(RemindError::Value)?;
            p.utc_offset = Some(o);
            format!("Your UTC offset is now {}.", reminders::format_offset(o))
        }
        "dm" => {
            let v = on_off(arg).ok_or(RemindError::BadOnOff("dm"))?;
            p.dm = Some(v);
            if v {
                "Reminders will come by direct message."
            } else {
                "Reminders will come in the game's channel."
            }
            .into()
        }
        "vacation" => set_vacation(p, arg.ok_or_else(|| need("vacation", "3d"))?, now)?,
        other => return Err(RemindError::UnknownSetting(other.to_string())),
    })
}

/// `remind quiet HH:MM-HH:MM [tz=±HH:MM]` or `remind quiet off`.
fn set_quiet(p: &mut Prefs, value: &str, tz: Option<&str>) -> Result<String, RemindError> {
    if value.eq_ignore_ascii_case("off") {
        p.quiet = Some(None);
        return Ok("Quiet hours turned off.".into());
    }
    let q = reminders::parse_quiet(value).map_err(RemindError::Value)?;
    if let Some(tz) = tz {
        let v = tz
            .strip_prefix("tz=")
            .or_else(|| tz.strip_prefix("tz:"))
            .unwrap_or(tz);
        p.utc_offset = Some(reminders::parse_offset(v).map_err(RemindError::Value)?);
    }
    p.quiet = Some(Some(q));
    Ok(format!(
        "Quiet hours set to {q} at UTC{}.",
        reminders::format_offset(p.utc_offset.unwrap_or(0))
    ))
}

/// `remind vacation <duration>` or `remind vacation off`.
fn set_vacation(p: &mut Prefs, value: &str, now: i64) -> Result<String, RemindError> {
    if value.eq_ignore_ascii_case("off") {
        p.vacation_until = None;
        return Ok("Welcome back: vacation ended.".into());
    }
    match reminders::parse_duration(value) {
        Ok(secs) if secs > 0 => {
            p.vacation_until = Some(now + secs);
            Ok("On vacation: no reminders or deadlines until it ends.".into())
        }
        Ok(_) => Err(RemindError::ZeroVacation),
        Err(e) => Err(RemindError::Value(e)),
    }
}

/// The asker's digest setting in the server of `req`.
fn digest_pref(store: &Store, req: &Request) -> Result<Option<DigestPref>, RemindError> {
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
fn digest(
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

fn deadline(
    store: &mut Store,
    req: &Request,
    game_id: Option<i64>,
    seat: Option<usize>,
    args: &[&str],
) -> Result<Vec<Reply>, RemindError> {
    let g = game_id.ok_or(RemindError::NoGame)?;
    if seat.is_none() && !req.user.is_channel_admin {
        return Err(RemindError::NotPlayerOrAdmin);
    }
    let setting = match args {
        [off] if off.eq_ignore_ascii_case("off") => None,
        [d] | [d, _] => {
            let secs = match reminders::parse_duration(d) {
                Ok(s) if s >= 3600 => s,
                Ok(_) => {
                    return Err(RemindError::TooShort {
                        setting: "deadline",
                        min: "1h",
                    })
                }
                Err(e) => return Err(RemindError::Value(e)),
            };
            let c = match args.get(1) {
                None => Consequence::Notify,
                Some(c) => Consequence::parse(c)
                    .ok_or_else(|| RemindError::BadConsequence(c.to_string()))?,
            };
            Some((secs, c))
        }
        _ => return Err(RemindError::DeadlineUsage),
    };
    store
        .schedules_mut()
        .set_game_deadline(g, setting)
        .map_err(RemindError::Store)?;
    let who = clean_name(&req.user.name);
    // The table's `absent` option decides what the deadline does, worded as everywhere.
    let absent = store.log().absent(g).map_err(RemindError::Store)?;
    let text = match setting {
        None => format!("{who} removed this game's deadline."),
        Some((d, c)) => format!(
            "{who} set a deadline of {}: for a player who has not acted by then, {}.",
            reminders::format_duration(d),
            super::deadline::at_deadline(absent, c)
        ),
    };
    Ok(vec![Reply::public(text)])
}

/// A refused `remind …` command.
#[derive(Clone, Debug, PartialEq)]
pub enum RemindError {
    TooManyWords(String),
    /// A duration, offset or quiet-hours value did not parse (the parser's message).
    Value(String),
    NeedValue {
        setting: &'static str,
        example: &'static str,
    },
    TooShort {
        setting: &'static str,
        min: &'static str,
    },
    BadMax,
    BadOnOff(&'static str),
    ZeroVacation,
    UnknownSetting(String),
    NoGame,
    NotPlayerOrAdmin,
    BadConsequence(String),
    DeadlineUsage,
    /// `remind digest` with words other than `daily HH:MM` or `off`.
    DigestUsage(String),
    /// `remind digest daily HH:MM` from a direct message with no digest in any server: a
    /// digest lists one server's games, so it is set there.
    DigestNeedsServer,
    /// `remind deadline …` from a direct message: a deadline is a game's, set in its channel.
    DeadlineInDirectMessage,
    Store(StoreError),
}

impl RemindError {
    pub fn text(&self) -> Text {
        use RemindError::*;
        let usage = |t: Text| {
            t.p("\nUsage: ")
                .cmd("remind", &[])
                .p(format!(" {}", table::remind_usage()))
        };
        let t = Text::new();
        match self {
            TooManyWords(cmd) => usage(
                t.p("Too many words after ")
                    .cmd("remind", &[&clip(cmd)])
                    .p("."),
            ),
            Value(e) => usage(t.p(e.clone())),
            NeedValue { setting, example } => usage(
                t.p("Give a value, e.g. ")
                    .cmd("remind", &[setting, example])
                    .p("."),
            ),
            TooShort { setting, min } => {
                usage(t.p(format!("The {setting} must be at least {min}.")))
            }
            BadMax => usage(
                t.p("Give a number from 0 to 20, e.g. ")
                    .cmd("remind", &["max", "3"])
                    .p("."),
            ),
            BadOnOff(setting) => usage(
                t.p(format!("The {setting} setting takes on or off, e.g. "))
                    .cmd("remind", &[setting, "on"])
                    .p("."),
            ),
            ZeroVacation => usage(t.p("A vacation must last more than zero.")),
            UnknownSetting(s) => usage(t.p(format!(
                "Unknown reminder setting `{}`; settings: {}.",
                clip(s),
                table::REMIND_SETTINGS.join(", ")
            ))),
            NoGame => t
                .p("There is no game in this channel; start one with ")
                .cmd("game new", &["<game>"])
                .p(" first."),
            NotPlayerOrAdmin => {
                t.p("Only the game's players or a channel admin can set its deadline.")
            }
            BadConsequence(c) => t.p(format!(
                "`{}` is not a consequence; use `notify` or `kick`.",
                clip(c)
            )),
            DeadlineUsage => t
                .p("Usage: ")
                .cmd("remind", &["deadline", "<72h> [notify|kick]"])
                .p(" or ")
                .cmd("remind", &["deadline", "off"])
                .p("."),
            DigestUsage(got) => usage(
                t.p(format!("`{}` is not a digest setting; use ", clip(got)))
                    .cmd("remind", &["digest", "daily 09:00"])
                    .p(" (a time of day in your UTC offset) or ")
                    .cmd("remind", &["digest", "off"])
                    .p("."),
            ),
            DigestNeedsServer => t
                .p("A daily digest lists one server's games, so it is set in that server: run ")
                .cmd("remind", &["digest", "daily 09:00"])
                .p(" in a channel of the server. Nothing was changed."),
            DeadlineInDirectMessage => t
                .p("A deadline belongs to one game: run ")
                .cmd("remind", &["deadline", "<72h> [notify|kick]"])
                .p(" in the game's channel. Nothing was changed."),
            Store(e) => t.p(format!(
                "Could not read or save reminder settings: {}",
                e.player_text()
            )),
        }
    }
}

impl fmt::Display for RemindError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.text().fmt(f)
    }
}
impl std::error::Error for RemindError {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chat::types::{Place, User, Visibility};

    fn req(admin: bool) -> Request {
        Request {
            place: Place {
                platform: "discord".into(),
                guild: Some("g".into()),
                channel: "c".into(),
            },
            user: User {
                id: "u1".into(),
                name: "ann".into(),
                is_channel_admin: admin,
            },
            text: String::new(),
            request_id: None,
            expected_version: None,
            visible_channels: None,
            visible_channels_unknown: false,
            direct_message: false,
            mentioned: vec![],
            pick: None,
        }
    }

    fn run(
        s: &mut Store,
        rest: &str,
        admin: bool,
        game: Option<i64>,
        seat: Option<usize>,
    ) -> Result<Vec<Reply>, RemindError> {
        handle_remind(
            s,
            &req(admin),
            rest,
            game,
            seat,
            1_000,
            &ReminderDefaults::default(),
        )
    }

    #[test]
    fn personal_settings_are_private_and_persist() {
        let mut s = Store::open_in_memory().unwrap();
        let r = run(&mut s, "quiet 22:00-08:00 tz=+02:00", false, None, None).unwrap();
        assert_eq!(r[0].visibility, Visibility::Private("u1".into()));
        let p = s.schedules().reminder_prefs("u1").unwrap();
        assert_eq!(p.utc_offset, Some(120));
        assert!(r[0].text.contains("22:00-08:00"));
        run(&mut s, "dm on", false, None, None).unwrap();
        assert_eq!(s.schedules().reminder_prefs("u1").unwrap().dm, Some(true));
    }

    #[test]
    fn a_vacation_end_is_a_time_for_the_front_end_to_show() {
        let mut s = Store::open_in_memory().unwrap();
        let r = run(&mut s, "vacation 1d", false, None, None).unwrap();
        assert!(
            r[0].text.0.iter().any(
                |seg| matches!(seg, crate::chat::Seg::Time { at, .. } if *at == 1_000 + 86_400)
            ),
            "{:?}",
            r[0].text
        );
        assert!(
            !r[0].text.contains("<t:"),
            "no Discord markup in the chat layer"
        );
    }

    #[test]
    fn bad_arguments_explain_what_is_accepted() {
        let mut s = Store::open_in_memory().unwrap();
        for t in [
            "delay soon",
            "max lots",
            "quiet 25:00-08:00",
            "frobnicate",
            "tz +99",
            "dm maybe",
        ] {
            let e = run(&mut s, t, false, None, None).unwrap_err();
            assert!(e.to_string().contains("Usage"), "{t}: {e}");
        }
    }

    #[test]
    fn digest_is_set_per_server_shown_and_turned_off() {
        let mut s = Store::open_in_memory().unwrap();
        let r = run(&mut s, "digest daily 09:00", false, None, None).unwrap();
        assert_eq!(r[0].visibility, Visibility::Private("u1".into()));
        assert!(r[0].text.contains("09:00"), "{}", r[0].text);
        assert_eq!(
            s.schedules()
                .digest_pref("discord", Some("g"), "u1")
                .unwrap(),
            Some(DigestPref {
                at_minute: 540,
                set_at: 1_000
            })
        );
        assert_eq!(
            s.schedules()
                .digest_pref("discord", Some("other"), "u1")
                .unwrap(),
            None
        );
        let shown = run(&mut s, "", false, None, None).unwrap()[0]
            .text
            .to_string();
        assert!(
            shown.contains("Daily digest in this server: **09:00** (UTC+00:00)"),
            "{shown}"
        );
        // Quiet hours that contain the time: the answer says when it really comes.
        let r = run(&mut s, "quiet 22:00-10:00", false, None, None).unwrap();
        assert!(
            r[0].text.contains(
                "inside your quiet hours (22:00-10:00), so it comes when they end, at 10:00"
            ),
            "{}",
            r[0].text
        );
        run(&mut s, "digest off", false, None, None).unwrap();
        assert_eq!(
            s.schedules()
                .digest_pref("discord", Some("g"), "u1")
                .unwrap(),
            None
        );
        let shown = run(&mut s, "show", false, None, None).unwrap()[0]
            .text
            .to_string();
        assert!(
            shown.contains("Daily digest in this server: off"),
            "{shown}"
        );
    }

    #[test]
    fn bad_digest_input_explains_and_changes_nothing() {
        let mut s = Store::open_in_memory().unwrap();
        run(&mut s, "digest daily 08:30", false, None, None).unwrap();
        for t in [
            "digest weekly 09:00",
            "digest daily 25:00",
            "digest daily",
            "digest 9am",
            "digest daily 09:00 extra",
            "digest daily 09:00 \u{202e}",
        ] {
            let e = run(&mut s, t, false, None, None).unwrap_err();
            let msg = e.to_string();
            assert!(msg.contains("Usage"), "{t}: {msg}");
            assert!(
                msg.contains("digest") || msg.contains("HH:MM"),
                "{t}: {msg}"
            );
        }
        assert_eq!(
            s.schedules()
                .digest_pref("discord", Some("g"), "u1")
                .unwrap()
                .map(|p| p.at_minute),
            Some(8 * 60 + 30),
            "refusals change nothing"
        );
    }

    /// Issue 35: from a direct message, `digest` settings apply to every server where the
    /// asker has a digest, each named by a channel of their games there; a first digest and
    /// a deadline are refused with where to set them; nothing claims a change not made.
    #[test]
    fn from_a_direct_message_digests_change_in_every_server_and_say_where() {
        let mut s = Store::open_in_memory().unwrap();
        s.debug_exec(
            "INSERT INTO games (id, platform, guild, channel, kind, options, seed, status, creator, created_at, updated_at)
             VALUES (1, 'discord', 'g', 'c', 'nepal', '{}', 7, 'running', 'u1', 0, 0);
             INSERT INTO seats (game_id, seat, user_id, name) VALUES (1, 0, 'u1', 'ann');",
        )
        .unwrap();
        let dm = |s: &mut Store, rest: &str| {
            let mut r = req(false);
            r.place.guild = None;
            r.place.channel = "dm".into();
            r.direct_message = true;
            handle_remind(s, &r, rest, None, None, 1_000, &ReminderDefaults::default())
        };
        let at = |s: &Store, g: &str| {
            s.schedules()
                .digest_pref("discord", Some(g), "u1")
                .unwrap()
                .map(|p| p.at_minute)
        };
        let e = dm(&mut s, "digest daily 08:00").unwrap_err();
        assert_eq!(e, RemindError::DigestNeedsServer);
        assert!(s
            .schedules()
            .digest_prefs_of("discord", "u1")
            .unwrap()
            .is_empty());
        run(&mut s, "digest daily 09:00", false, None, None).unwrap();
        s.schedules_mut()
            .set_digest("discord", Some("h"), "u1", Some(600), 0)
            .unwrap();
        let text = dm(&mut s, "digest daily 07:00").unwrap()[0]
            .text
            .to_string();
        assert!(
            text.starts_with("Daily digest moved to 07:00 at UTC+00:00 in the server of #c and in a server where you have no open game."),
            "{text}"
        );
        assert_eq!((at(&s, "g"), at(&s, "h")), (Some(420), Some(420)));
        let shown = dm(&mut s, "show").unwrap()[0].text.to_string();
        assert!(
            shown.contains("Daily digest in the server of #c: **07:00**"),
            "{shown}"
        );
        assert!(!shown.contains("this server"), "{shown}");
        // A personal setting from the DM: done, and each server's digest shown as it is.
        let text = dm(&mut s, "quiet 06:00-08:00").unwrap()[0].text.to_string();
        assert!(text.contains("it comes when they end, at 08:00"), "{text}");
        assert_eq!(
            dm(&mut s, "deadline 72h").unwrap_err(),
            RemindError::DeadlineInDirectMessage
        );
        let text = dm(&mut s, "reset").unwrap()[0].text.to_string();
        assert!(
            text.starts_with("Reminder settings reset to the defaults, and your daily digest turned off in the server of #c and in a server where you have no open game"),
            "{text}"
        );
        assert_eq!((at(&s, "g"), at(&s, "h")), (None, None));
        assert_eq!(
            s.schedules().reminder_prefs("u1").unwrap(),
            Prefs::default()
        );
    }

    #[test]
    fn deadline_needs_a_game_and_a_player_or_admin() {
        let mut s = Store::open_in_memory().unwrap();
        assert!(run(&mut s, "deadline 72h kick", false, None, None).is_err());
        s.debug_exec(
                "INSERT INTO games (id, platform, guild, channel, kind, options, seed, status, creator, created_at, updated_at)
                 VALUES (1, 'discord', 'g', 'c', 'nepal', '{}', 7, 'running', 'u1', 0, 0);",
            )
            .unwrap();
        assert!(run(&mut s, "deadline 72h kick", false, Some(1), None).is_err());
        let r = run(&mut s, "deadline 72h kick", false, Some(1), Some(0)).unwrap();
        assert_eq!(r[0].visibility, Visibility::Public);
        assert_eq!(
            s.schedules().game_deadline(1).unwrap(),
            Some((72 * 3600, Consequence::Kick))
        );
        run(&mut s, "deadline off", true, Some(1), None).unwrap();
        assert_eq!(s.schedules().game_deadline(1).unwrap(), None);
    }
}
