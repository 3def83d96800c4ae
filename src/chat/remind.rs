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
//! Invariants: personal settings are answered privately; a deadline change is public.
//! Nothing here panics on any input; errors say what is accepted.

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
    let at = reminders::fmt_hhmm(p.at_minute);
    let mut t = Text::from(format!(
        "Daily digest in this server: **{at}** (UTC{}), one message listing the games here waiting for you, instead of a reminder per game.",
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
    let msg: String = match cmd.as_str() {
        "show" => return show(store, req, game_id, &p.resolve(defaults), now),
        "reset" => {
            // Saved here, with the digest, in one transaction (not by the save below).
            p = Prefs::default();
            reset(store, req)?
        }
        "deadline" => return deadline(store, req, game_id, seat, &words[1..]),
        "digest" => return digest(store, req, &p.resolve(defaults), &words[1..], now),
        setting => {
            let msg = set_personal(&mut p, setting, &words[1..], now)?;
            store
                .schedules_mut()
                .set_reminder_prefs(uid, &p)
                .map_err(RemindError::Store)?;
            msg
        }
    };
    let mut out = Text::from(msg);
    let settings = p.resolve(defaults);
    out.line(describe(&settings, now));
    if let Some(d) = digest_pref(store, req)? {
        // Quiet hours or the offset may have moved the digest: say when it comes now.
        out.line(describe_digest(Some(d), &settings));
    }
    Ok(vec![Reply::private(uid, out)])
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
    out.line(describe_digest(digest_pref(store, req)?, settings));
    if let Some(g) = game_id {
        match store.schedules().game_deadline(g) {
            Ok(Some((d, c))) => out.line(format!(
                "This game's deadline: {} of waiting, then {}.",
                reminders::format_duration(d),
                if c == Consequence::Kick {
                    "a vote to kick"
                } else {
                    "a notice in the channel"
                }
            )),
            Ok(None) => out.line("This game has no deadline."),
            Err(e) => out.line(format!("(Could not read the game's deadline: {e})")),
        }
    }
    Ok(vec![Reply::private(&req.user.id, out)])
}

/// `remind reset`: the asker's settings and this server's digest back to the defaults.
fn reset(store: &mut Store, req: &Request) -> Result<String, RemindError> {
    let had_digest = digest_pref(store, req)?.is_some();
    store
        .schedules_mut()
        .reset_reminders(
            &req.place.platform,
            req.place.guild.as_deref(),
            &req.user.id,
        )
        .map_err(RemindError::Store)?;
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
                    " The terminal sends no messages of its own: digests go out where the Discord bot runs."
                } else {
                    ""
                }
            ),
        });
    }
    out.line(describe_digest(digest_pref(store, req)?, settings));
    Ok(vec![Reply::private(uid, out)])
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
    let text = match setting {
        None => format!("{who} removed this game's deadline."),
        Some((d, Consequence::Notify)) => format!(
            "{who} set a deadline: a player who has not acted after {} is named in the channel.",
            reminders::format_duration(d)
        ),
        Some((d, Consequence::Kick)) => format!(
            "{who} set a deadline: after {} without acting, the others may vote to kick the player.",
            reminders::format_duration(d)
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
