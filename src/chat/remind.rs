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
//! - `reset`: back to the defaults
//!
//! Invariants: personal settings are answered privately; a deadline change is public.
//! Nothing here panics on any input; errors say what is accepted.

use crate::chat::types::{Reply, Request};
use crate::reminders::{self, Consequence, Prefs, Settings};
use crate::store::Store;

/// The usage text shown for `help remind` and on errors.
pub const USAGE: &str = "remind [show] | on | off | delay <12h> | interval <24h> | max <n> | quiet <22:00-08:00> [tz=+02:00] | quiet off | tz <+02:00> | dm on|off | vacation <3d>|off | deadline <72h> [notify|kick] | deadline off | reset";

fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

fn on_off(s: Option<&str>) -> Result<bool, String> {
    match s.map(|x| x.to_ascii_lowercase()).as_deref() {
        Some("on") | Some("yes") | Some("true") => Ok(true),
        Some("off") | Some("no") | Some("false") => Ok(false),
        _ => Err("expected `on` or `off`".into()),
    }
}

/// Describe settings in one block (times as Discord-neutral text; the Discord layer may
/// show stamps).
pub fn describe(s: &Settings, now: i64) -> String {
    let mut out = format!(
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
    );
    match s.quiet {
        Some(q) => {
            out += &format!(
                "\nQuiet hours: {q} (UTC{}).",
                reminders::format_offset(s.utc_offset)
            )
        }
        None => {
            out += &format!(
                "\nQuiet hours: none (your offset: UTC{}).",
                reminders::format_offset(s.utc_offset)
            )
        }
    }
    if let Some(v) = s.vacation_until.filter(|v| *v > now) {
        out += &format!("\nOn vacation until <t:{v}:f> (<t:{v}:R>).");
    }
    out
}

/// Handle `remind …` for `req.user`, looking up the active game in `req.place` and the
/// user's seat in it (the one-line hook for the chat core).
pub fn handle_remind_here(store: &mut Store, req: &Request) -> Vec<Reply> {
    let game = match store.active_game(&req.place.platform, &req.place.channel) {
        Ok(g) => g,
        Err(e) => {
            return vec![Reply::error(
                &req.user.id,
                format!("Could not read the game here: {e}"),
            )]
        }
    };
    let (game_id, seat) = match game {
        None => (None, None),
        Some(g) => {
            let seat = store
                .seats(g.id)
                .unwrap_or_default()
                .into_iter()
                .find(|s| s.user_id == req.user.id && !s.resigned)
                .map(|s| s.seat);
            (Some(g.id), seat)
        }
    };
    handle_remind(store, req, game_id, seat)
}

/// Handle `remind …` for `req.user`. `game_id`/`seat`: the game in this channel and the
/// user's seat in it, if any.
pub fn handle_remind(
    store: &mut Store,
    req: &Request,
    game_id: Option<i64>,
    seat: Option<usize>,
) -> Vec<Reply> {
    let uid = req.user.id.as_str();
    let text = req.text.trim();
    let rest = text.strip_prefix("remind").unwrap_or(text).trim();
    let words: Vec<&str> = rest.split_whitespace().collect();
    let err = |m: String| vec![Reply::error(uid, format!("{m}\nUsage: `{USAGE}`"))];
    let now = now();
    let defaults = reminders::defaults();
    let mut p = match store.reminder_prefs(uid) {
        Ok(p) => p,
        Err(e) => {
            return vec![Reply::error(
                uid,
                format!("Could not read your reminder settings: {e}"),
            )]
        }
    };
    let cmd = words
        .first()
        .map(|w| w.to_ascii_lowercase())
        .unwrap_or_else(|| "show".into());
    let arg = words.get(1).copied();
    let extra = words.len()
        > if cmd == "quiet" || cmd == "deadline" {
            3
        } else {
            2
        };
    if extra {
        return err(format!("Too many words after `remind {cmd}`."));
    }
    let changed: Result<String, String> = match cmd.as_str() {
        "show" => {
            let mut out = describe(&p.resolve(&defaults), now);
            if let Some(g) = game_id {
                match store.game_deadline(g) {
                    Ok(Some((d, c))) => {
                        out += &format!(
                            "\nThis game's deadline: {} of waiting, then {}.",
                            reminders::format_duration(d),
                            if c == Consequence::Kick { "a vote to kick" } else { "a notice in the channel" }
                        )
                    }
                    Ok(None) => out += "\nThis game has no deadline.",
                    Err(e) => out += &format!("\n(Could not read the game's deadline: {e})"),
                }
            }
            return vec![Reply::private(uid, out)];
        }
        "on" | "off" => {
            p.enabled = Some(cmd == "on");
            Ok(format!("Reminders turned {cmd}."))
        }
        "delay" | "interval" => match arg.map(reminders::parse_duration) {
            Some(Ok(secs)) if secs >= 600 => {
                if cmd == "delay" {
                    p.delay = Some(secs);
                } else {
                    p.interval = Some(secs);
                }
                Ok(format!("Reminder {cmd} set to {}.", reminders::format_duration(secs)))
            }
            Some(Ok(_)) => Err(format!("The {cmd} must be at least 10m.")),
            Some(Err(e)) => Err(e),
            None => Err(format!("Give a duration, e.g. `remind {cmd} 12h`.")),
        },
        "max" => match arg.map(|a| a.parse::<u32>()) {
            Some(Ok(n)) if n <= 20 => {
                p.max = Some(n);
                Ok(format!("At most {n} reminders per turn."))
            }
            _ => Err("Give a number from 0 to 20, e.g. `remind max 3`.".into()),
        },
        "quiet" => match arg {
            Some(a) if a.eq_ignore_ascii_case("off") => {
                p.quiet = Some(None);
                Ok("Quiet hours turned off.".into())
            }
            Some(a) => match reminders::parse_quiet(a) {
                Ok(q) => {
                    let mut tz_err = None;
                    if let Some(tz) = words.get(2) {
                        let v = tz.strip_prefix("tz=").or_else(|| tz.strip_prefix("tz:")).unwrap_or(tz);
                        match reminders::parse_offset(v) {
                            Ok(o) => p.utc_offset = Some(o),
                            Err(e) => tz_err = Some(e),
                        }
                    }
                    match tz_err {
                        Some(e) => Err(e),
                        None => {
                            p.quiet = Some(Some(q));
                            Ok(format!(
                                "Quiet hours set to {q} at UTC{}.",
                                reminders::format_offset(p.utc_offset.unwrap_or(0))
                            ))
                        }
                    }
                }
                Err(e) => Err(e),
            },
            None => Err("Give quiet hours, e.g. `remind quiet 22:00-08:00 tz=+02:00`, or `remind quiet off`.".into()),
        },
        "tz" => match arg.map(reminders::parse_offset) {
            Some(Ok(o)) => {
                p.utc_offset = Some(o);
                Ok(format!("Your UTC offset is now {}.", reminders::format_offset(o)))
            }
            Some(Err(e)) => Err(e),
            None => Err("Give a UTC offset, e.g. `remind tz +02:00`.".into()),
        },
        "dm" => match on_off(arg) {
            Ok(v) => {
                p.dm = Some(v);
                Ok(if v { "Reminders will come by direct message." } else { "Reminders will come in the game's channel." }
                    .into())
            }
            Err(e) => Err(format!("`remind dm`: {e}.")),
        },
        "vacation" => match arg {
            Some(a) if a.eq_ignore_ascii_case("off") => {
                p.vacation_until = None;
                Ok("Welcome back: vacation ended.".into())
            }
            Some(a) => match reminders::parse_duration(a) {
                Ok(secs) if secs > 0 => {
                    let until = now + secs;
                    p.vacation_until = Some(until);
                    Ok(format!("On vacation until <t:{until}:f> (<t:{until}:R>): no reminders or deadlines until then."))
                }
                Ok(_) => Err("A vacation must last more than zero.".into()),
                Err(e) => Err(e),
            },
            None => Err("Give a duration, e.g. `remind vacation 3d`, or `remind vacation off`.".into()),
        },
        "reset" => {
            p = Prefs::default();
            Ok("Reminder settings reset to the defaults.".into())
        }
        "deadline" => return deadline(store, req, game_id, seat, &words[1..]),
        other => Err(format!("Unknown reminder setting `{other}`.")),
    };
    match changed {
        Err(m) => err(m),
        Ok(msg) => match store.set_reminder_prefs(uid, &p) {
            Ok(()) => vec![Reply::private(
                uid,
                format!("{msg}\n{}", describe(&p.resolve(&defaults), now)),
            )],
            Err(e) => vec![Reply::error(
                uid,
                format!("Could not save your reminder settings: {e}"),
            )],
        },
    }
}

fn deadline(
    store: &mut Store,
    req: &Request,
    game_id: Option<i64>,
    seat: Option<usize>,
    args: &[&str],
) -> Vec<Reply> {
    let uid = req.user.id.as_str();
    let Some(g) = game_id else {
        return vec![Reply::error(
            uid,
            "There is no game in this channel; start one with `game new <game>` first.",
        )];
    };
    if seat.is_none() && !req.user.is_channel_admin {
        return vec![Reply::error(
            uid,
            "Only the game's players or a channel admin can set its deadline.",
        )];
    }
    let setting = match args {
        [off] if off.eq_ignore_ascii_case("off") => None,
        [d] | [d, _] => {
            let secs = match reminders::parse_duration(d) {
                Ok(s) if s >= 3600 => s,
                Ok(_) => return vec![Reply::error(uid, "A deadline must be at least 1h.")],
                Err(e) => return vec![Reply::error(uid, e)],
            };
            let c = match args.get(1) {
                None => Consequence::Notify,
                Some(c) => match Consequence::parse(c) {
                    Some(c) => c,
                    None => {
                        return vec![Reply::error(
                            uid,
                            format!("`{c}` is not a consequence; use `notify` or `kick`."),
                        )]
                    }
                },
            };
            Some((secs, c))
        }
        _ => {
            return vec![Reply::error(
                uid,
                "Usage: `remind deadline <72h> [notify|kick]` or `remind deadline off`.",
            )]
        }
    };
    if let Err(e) = store.set_game_deadline(g, setting) {
        return vec![Reply::error(
            uid,
            format!("Could not save the deadline: {e}"),
        )];
    }
    let text = match setting {
        None => format!("{} removed this game's deadline.", req.user.name),
        Some((d, Consequence::Notify)) => format!(
            "{} set a deadline: a player who has not acted after {} is named in the channel.",
            req.user.name,
            reminders::format_duration(d)
        ),
        Some((d, Consequence::Kick)) => format!(
            "{} set a deadline: after {} without acting, the others may vote to kick the player.",
            req.user.name,
            reminders::format_duration(d)
        ),
    };
    vec![Reply::public(text)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chat::types::{Place, User, Visibility};

    fn req(text: &str, admin: bool) -> Request {
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
            text: text.into(),
            request_id: None,
            expected_version: None,
        }
    }

    #[test]
    fn personal_settings_are_private_and_persist() {
        let mut s = Store::open_in_memory().unwrap();
        let r = handle_remind(
            &mut s,
            &req("remind quiet 22:00-08:00 tz=+02:00", false),
            None,
            None,
        );
        assert_eq!(r[0].visibility, Visibility::Private("u1".into()));
        assert!(!r[0].is_error, "{}", r[0].text);
        let p = s.reminder_prefs("u1").unwrap();
        assert_eq!(p.utc_offset, Some(120));
        assert!(r[0].text.contains("22:00-08:00"));
        handle_remind(&mut s, &req("remind dm on", false), None, None);
        assert_eq!(s.reminder_prefs("u1").unwrap().dm, Some(true));
    }

    #[test]
    fn bad_arguments_explain_what_is_accepted() {
        let mut s = Store::open_in_memory().unwrap();
        for t in [
            "remind delay soon",
            "remind max lots",
            "remind quiet 25:00-08:00",
            "remind frobnicate",
            "remind tz +99",
        ] {
            let r = handle_remind(&mut s, &req(t, false), None, None);
            assert!(r[0].is_error, "{t}");
            assert!(r[0].text.contains("Usage"), "{t}: {}", r[0].text);
        }
    }

    #[test]
    fn deadline_needs_a_game_and_a_player_or_admin() {
        let mut s = Store::open_in_memory().unwrap();
        assert!(
            handle_remind(&mut s, &req("remind deadline 72h kick", false), None, None)[0].is_error
        );
        s.conn
            .execute_batch(
                "INSERT INTO games (id, platform, guild, channel, kind, options, seed, status, creator, created_at, updated_at)
                 VALUES (1, 'discord', 'g', 'c', 'nepal', '{}', 7, 'running', 'u1', 0, 0);",
            )
            .unwrap();
        assert!(
            handle_remind(
                &mut s,
                &req("remind deadline 72h kick", false),
                Some(1),
                None
            )[0]
            .is_error
        );
        let r = handle_remind(
            &mut s,
            &req("remind deadline 72h kick", false),
            Some(1),
            Some(0),
        );
        assert_eq!(r[0].visibility, Visibility::Public);
        assert_eq!(
            s.game_deadline(1).unwrap(),
            Some((72 * 3600, Consequence::Kick))
        );
        handle_remind(&mut s, &req("remind deadline off", true), Some(1), None);
        assert_eq!(s.game_deadline(1).unwrap(), None);
    }
}
