//! Reply text as segments, rendered by each front end in its own syntax.
//!
//! The chat layer never writes a platform's markup for mentions, times or commands: it
//! puts a [`Seg::Mention`] (a user id and a display name), a [`Seg::Time`] (unix seconds),
//! a [`Seg::Command`] (a command path and its arguments, as in the command table) or a
//! [`Seg::Channel`] (a channel id) into a [`Text`], and the front end renders it with its
//! [`Syntax`]: Discord writes `<@id>`, `<t:…:R>`, `/game join` and `<#id>`; the terminal
//! writes names, local times, `game join` and `#id`.
//!
//! Invariants: plain segments are shown as they are (they may hold Markdown such as
//! `**name**`); a text's [`fmt::Display`] is the platform-neutral [`Plain`] rendering
//! (names, UTC times, text commands), which tests and logs use.

use serde::{Deserialize, Serialize};
use std::fmt;

/// How a time is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TimeStyle {
    /// "in 3 hours", "2 days ago".
    Relative,
    /// Date and time of day.
    Full,
}

/// A command as a user would type it, e.g. path `game join`, or path `undo` with the
/// argument `accept`. `path` is a command and subcommand of the command table
/// ([`super::table`]); `args` are its arguments in the table's order (a value, or a
/// placeholder such as `<game>` or `[topic]`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CmdRef {
    pub path: &'static str,
    pub args: Vec<String>,
}

/// One piece of a text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "value", rename_all = "lowercase")]
pub enum Seg {
    Plain(String),
    /// A user named in the text (whether they are pinged is the reply's `pings`).
    Mention {
        user: String,
        name: String,
    },
    /// A moment, in unix seconds.
    Time {
        at: i64,
        style: TimeStyle,
    },
    Command(CmdRef),
    /// A channel or thread of the platform, by id (Discord: a link to it).
    Channel(String),
}

/// A reply's text: segments in order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Text(pub Vec<Seg>);

/// A front end's way of writing the structured segments.
pub trait Syntax {
    fn mention(&self, user: &str, name: &str) -> String;
    fn time(&self, at: i64, style: TimeStyle) -> String;
    /// The command with its arguments, as typed on this platform (without quoting).
    fn command(&self, c: &CmdRef) -> String;
    /// A channel or thread (Discord: `<#id>`, a link).
    fn channel(&self, id: &str) -> String;
}

/// The platform-neutral rendering: names as `@name`, times at an offset from UTC (UTC by
/// default), commands as text.
#[derive(Clone, Copy, Debug, Default)]
pub struct Plain {
    /// Minutes east of UTC for times (0 = UTC).
    pub utc_offset_min: i32,
    /// The current time, for relative times ("in 2 d"); without it they are shown as dates.
    pub now: Option<i64>,
}

impl Syntax for Plain {
    fn mention(&self, _user: &str, name: &str) -> String {
        format!("@{name}")
    }
    fn time(&self, at: i64, style: TimeStyle) -> String {
        match (style, self.now) {
            (TimeStyle::Relative, Some(now)) => format_relative(at - now),
            _ => format_local(at, self.utc_offset_min),
        }
    }
    fn command(&self, c: &CmdRef) -> String {
        text_command(c)
    }
    fn channel(&self, id: &str) -> String {
        format!("#{id}")
    }
}

/// A command in text syntax: `game join`, `undo accept`, `rules <game> [topic]`.
pub fn text_command(c: &CmdRef) -> String {
    let mut s = c.path.to_string();
    for a in &c.args {
        s.push(' ');
        s.push_str(a);
    }
    s
}

/// A time `secs` from now: `in 2 d 3 h`, `5 min ago`, `now`.
pub fn format_relative(secs: i64) -> String {
    let a = secs.unsigned_abs();
    let span = if a < 60 {
        return "now".into();
    } else if a < 3600 {
        format!("{} min", a / 60)
    } else if a < 86_400 {
        format!("{} h {} min", a / 3600, a % 3600 / 60)
    } else {
        format!("{} d {} h", a / 86_400, a % 86_400 / 3600)
    };
    if secs > 0 {
        format!("in {span}")
    } else {
        format!("{span} ago")
    }
}

/// `YYYY-MM-DD HH:MM` at a UTC offset, with the offset named (`UTC`, `UTC+02:00`).
pub fn format_local(at: i64, utc_offset_min: i32) -> String {
    let t = at + utc_offset_min as i64 * 60;
    let days = t.div_euclid(86_400);
    let secs = t.rem_euclid(86_400);
    let (y, m, d) = civil_from_days(days);
    let zone = if utc_offset_min == 0 {
        "UTC".to_string()
    } else {
        format!("UTC{}", crate::reminders::format_offset(utc_offset_min))
    };
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02} {zone}",
        secs / 3600,
        secs % 3600 / 60
    )
}

/// Days since 1970-01-01 to (year, month, day) in the proleptic Gregorian calendar
/// (H. Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

impl Text {
    pub fn new() -> Text {
        Text(Vec::new())
    }
    /// Append plain text.
    pub fn p(mut self, s: impl Into<String>) -> Text {
        self.push_plain(s);
        self
    }
    /// Append a command reference (`path` must be a path of the command table).
    pub fn cmd(mut self, path: &'static str, args: &[&str]) -> Text {
        self.0.push(Seg::Command(CmdRef {
            path,
            args: args.iter().map(|a| a.to_string()).collect(),
        }));
        self
    }
    /// Append a mention of a user.
    pub fn mention(mut self, user: &str, name: &str) -> Text {
        self.0.push(Seg::Mention {
            user: user.to_string(),
            name: name.to_string(),
        });
        self
    }
    /// Append a channel (or thread) reference.
    pub fn channel(mut self, id: &str) -> Text {
        self.0.push(Seg::Channel(id.to_string()));
        self
    }
    /// Append a time.
    pub fn time(mut self, at: i64, style: TimeStyle) -> Text {
        self.0.push(Seg::Time { at, style });
        self
    }
    /// Append another text.
    pub fn then(mut self, other: Text) -> Text {
        self.append(other);
        self
    }
    pub fn push_plain(&mut self, s: impl Into<String>) {
        let s = s.into();
        if s.is_empty() {
            return;
        }
        match self.0.last_mut() {
            Some(Seg::Plain(last)) => last.push_str(&s),
            _ => self.0.push(Seg::Plain(s)),
        }
    }
    pub fn append(&mut self, other: Text) {
        for s in other.0 {
            match s {
                Seg::Plain(p) => self.push_plain(p),
                other => self.0.push(other),
            }
        }
    }
    /// Append `other` on a new line (no newline when this text is empty).
    pub fn line(&mut self, other: impl Into<Text>) {
        let other = other.into();
        if other.is_empty() {
            return;
        }
        if !self.is_empty() {
            self.push_plain("\n");
        }
        self.append(other);
    }
    pub fn is_empty(&self) -> bool {
        self.0
            .iter()
            .all(|s| matches!(s, Seg::Plain(p) if p.is_empty()))
    }
    /// Join texts with a separator.
    pub fn join(parts: impl IntoIterator<Item = Text>, sep: &str) -> Text {
        let mut out = Text::new();
        for (i, t) in parts.into_iter().enumerate() {
            if i > 0 {
                out.push_plain(sep);
            }
            out.append(t);
        }
        out
    }
    /// Render with a front end's syntax.
    pub fn render(&self, syntax: &dyn Syntax) -> String {
        let mut out = String::new();
        for s in &self.0 {
            match s {
                Seg::Plain(p) => out.push_str(p),
                Seg::Mention { user, name } => out.push_str(&syntax.mention(user, name)),
                Seg::Time { at, style } => out.push_str(&syntax.time(*at, *style)),
                Seg::Channel(id) => out.push_str(&syntax.channel(id)),
                Seg::Command(c) => {
                    out.push('`');
                    out.push_str(&syntax.command(c));
                    out.push('`');
                }
            }
        }
        out
    }
    /// Length in bytes of the plain rendering.
    pub fn len(&self) -> usize {
        self.to_string().len()
    }
    /// Does the plain rendering contain `needle`? (For tests and checks.)
    pub fn contains(&self, needle: &str) -> bool {
        self.to_string().contains(needle)
    }
    /// The user ids mentioned, in order.
    pub fn mentions(&self) -> Vec<&str> {
        self.0
            .iter()
            .filter_map(|s| match s {
                Seg::Mention { user, .. } => Some(user.as_str()),
                _ => None,
            })
            .collect()
    }
    /// The command references, in order.
    pub fn commands(&self) -> Vec<&CmdRef> {
        self.0
            .iter()
            .filter_map(|s| match s {
                Seg::Command(c) => Some(c),
                _ => None,
            })
            .collect()
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(&Plain::default()))
    }
}

impl From<String> for Text {
    fn from(s: String) -> Text {
        Text::new().p(s)
    }
}

impl From<&str> for Text {
    fn from(s: &str) -> Text {
        Text::new().p(s)
    }
}

impl From<&String> for Text {
    fn from(s: &String) -> Text {
        Text::new().p(s.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_render_as_civil_dates_at_an_offset() {
        assert_eq!(format_local(0, 0), "1970-01-01 00:00 UTC");
        // 2024-02-29 23:30 UTC is 2024-03-01 01:30 at +02:00.
        assert_eq!(format_local(1_709_249_400, 0), "2024-02-29 23:30 UTC");
        assert_eq!(
            format_local(1_709_249_400, 120),
            "2024-03-01 01:30 UTC+02:00"
        );
        let terminal = Plain {
            utc_offset_min: 0,
            now: Some(1_000),
        };
        assert_eq!(
            terminal.time(1_000 + 2 * 86_400 + 3600, TimeStyle::Relative),
            "in 2 d 1 h"
        );
        assert_eq!(terminal.time(1_000 - 300, TimeStyle::Relative), "5 min ago");
        assert_eq!(
            terminal.time(1_000, TimeStyle::Full),
            "1970-01-01 00:16 UTC"
        );
    }
}
