//! Platform-neutral reminder scheduling: when the next reminder for a waiting player is due,
//! given their settings. Pure functions of their inputs (the caller passes `now`); the store
//! (`store::reminders`) persists settings, waits and the log of sent reminders, and the
//! Discord front end runs the timer and sends.
//!
//! Invariants:
//! - A reminder is identified by (game, user, wait start, ordinal). The ordinal of the next
//!   reminder is the number already sent for that wait, so a reminder that was marked sent is
//!   never offered again, also after a restart.
//! - No reminder falls inside the player's quiet hours (in their own UTC offset) or before
//!   their vacation ends; a deferred reminder is sent when the quiet hours or vacation end.
//! - At most `max` reminders per wait; the first `delay` after the wait began, then one every
//!   `interval` after the previous one actually sent.
//! - A daily digest is identified by (platform, server, user, local day): at most one per
//!   local day, due from its slot (`HH:MM` in the player's offset, moved out of quiet hours)
//!   until the next day's slot replaces it, so a digest missed while the bot was down is
//!   still sent when it comes back, but never two at once.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Seconds in a day.
const DAY: i64 = 86_400;

/// Quiet hours: local minutes after midnight, `start` inclusive, `end` exclusive. May wrap
/// midnight (22:00-08:00). `start == end` means no quiet hours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuietHours {
    pub start: u32,
    pub end: u32,
}

impl QuietHours {
    /// Is local minute-of-day `m` inside these quiet hours?
    pub fn contains(&self, m: u32) -> bool {
        if self.start == self.end {
            false
        } else if self.start < self.end {
            self.start <= m && m < self.end
        } else {
            m >= self.start || m < self.end
        }
    }
}

impl fmt::Display for QuietHours {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", fmt_hhmm(self.start), fmt_hhmm(self.end))
    }
}

/// Defaults for players who did not choose (from the config file's `[reminders]` table).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReminderDefaults {
    pub enabled: bool,
    /// Seconds from the start of a wait to the first reminder.
    pub first_after: i64,
    /// Seconds between reminders.
    pub interval: i64,
    /// At most this many reminders per wait.
    pub max: u32,
    /// Quiet hours in UTC unless the player sets an offset.
    pub quiet: Option<QuietHours>,
    /// Remind by direct message instead of in the channel.
    pub dm: bool,
}

#[cfg(test)]
impl ReminderDefaults {
    /// The tests' defaults: reminders on, the first after an hour, then every two hours, at
    /// most two, no quiet hours, in the channel.
    pub(crate) fn for_tests() -> Self {
        ReminderDefaults {
            enabled: true,
            first_after: 3600,
            interval: 7200,
            max: 2,
            quiet: None,
            dm: false,
        }
    }
}

impl Default for ReminderDefaults {
    fn default() -> Self {
        ReminderDefaults {
            enabled: true,
            first_after: 12 * 3600,
            interval: 24 * 3600,
            max: 3,
            quiet: None,
            dm: false,
        }
    }
}

/// What a player chose; `None` everywhere means "the default".
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Prefs {
    pub enabled: Option<bool>,
    pub delay: Option<i64>,
    pub interval: Option<i64>,
    pub max: Option<u32>,
    /// `Some(None)`: the player turned quiet hours off explicitly.
    pub quiet: Option<Option<QuietHours>>,
    /// Minutes east of UTC.
    pub utc_offset: Option<i32>,
    pub dm: Option<bool>,
    /// Unix seconds; no reminders and no deadline before this.
    pub vacation_until: Option<i64>,
}

/// Prefs resolved against the defaults.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    pub enabled: bool,
    pub delay: i64,
    pub interval: i64,
    pub max: u32,
    pub quiet: Option<QuietHours>,
    pub utc_offset: i32,
    pub dm: bool,
    pub vacation_until: Option<i64>,
}

impl Prefs {
    pub fn resolve(&self, d: &ReminderDefaults) -> Settings {
        Settings {
            enabled: self.enabled.unwrap_or(d.enabled),
            delay: self.delay.unwrap_or(d.first_after).max(60),
            interval: self.interval.unwrap_or(d.interval).max(60),
            max: self.max.unwrap_or(d.max),
            quiet: self.quiet.unwrap_or(d.quiet),
            utc_offset: self.utc_offset.unwrap_or(0),
            dm: self.dm.unwrap_or(d.dm),
            vacation_until: self.vacation_until,
        }
    }
}

/// What happens when a game's deadline passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Consequence {
    /// The channel is told.
    Notify,
    /// The channel is told and the others are invited to vote the player out.
    Kick,
}

impl Consequence {
    pub fn as_str(self) -> &'static str {
        match self {
            Consequence::Notify => "notify",
            Consequence::Kick => "kick",
        }
    }
    pub fn parse(s: &str) -> Option<Consequence> {
        match s.to_ascii_lowercase().as_str() {
            "notify" => Some(Consequence::Notify),
            "kick" => Some(Consequence::Kick),
            _ => None,
        }
    }
}

/// Move `t` out of quiet hours: the first moment at or after `t` that is not quiet.
pub fn after_quiet(t: i64, quiet: Option<QuietHours>, utc_offset_min: i32) -> i64 {
    let Some(q) = quiet else { return t };
    let local = t + utc_offset_min as i64 * 60;
    let sod = local.rem_euclid(DAY);
    let minute = (sod / 60) as u32;
    if !q.contains(minute) {
        return t;
    }
    let delta = (q.end as i64 * 60 - sod).rem_euclid(DAY);
    t + delta
}

/// When the next reminder of a wait that began at `since` is due, after `sent` reminders
/// (the last at `last_sent`). `None` when reminders are off or the maximum was reached.
pub fn next_reminder(s: &Settings, since: i64, sent: u32, last_sent: Option<i64>) -> Option<i64> {
    if !s.enabled || sent >= s.max {
        return None;
    }
    let mut t = match last_sent {
        Some(last) if sent > 0 => last + s.interval,
        _ => since + s.delay,
    };
    if let Some(v) = s.vacation_until {
        t = t.max(v);
    }
    Some(after_quiet(t, s.quiet, s.utc_offset))
}

/// The local calendar day (days since 1970-01-01 in the player's offset) that instant `t`
/// falls on.
pub fn local_day(t: i64, utc_offset_min: i32) -> i64 {
    (t + utc_offset_min as i64 * 60).div_euclid(DAY)
}

/// When the daily digest of local day `day` is sent: `at` (local minutes after midnight) on
/// that day in the player's offset, moved to the end of their quiet hours if it falls inside
/// them (so possibly early on the next local day). Strictly increasing in `day`: quiet hours
/// never cover a whole day.
pub fn digest_slot(day: i64, at: u32, utc_offset_min: i32, quiet: Option<QuietHours>) -> i64 {
    let nominal = day * DAY + at as i64 * 60 - utc_offset_min as i64 * 60;
    after_quiet(nominal, quiet, utc_offset_min)
}

/// The latest digest slot at or before `now`: (local day, instant). A digest missed while
/// nothing was running is therefore still due until the next day's slot replaces it.
pub fn latest_digest(
    now: i64,
    at: u32,
    utc_offset_min: i32,
    quiet: Option<QuietHours>,
) -> (i64, i64) {
    let today = local_day(now, utc_offset_min);
    // slot(today - 2) is always before the start of today, hence before `now`.
    (today - 2..=today + 1)
        .rev()
        .map(|d| (d, digest_slot(d, at, utc_offset_min, quiet)))
        .find(|(_, t)| *t <= now)
        .unwrap_or((today - 2, digest_slot(today - 2, at, utc_offset_min, quiet)))
}

/// The first digest slot strictly after `now`: (local day, instant).
pub fn next_digest(
    now: i64,
    at: u32,
    utc_offset_min: i32,
    quiet: Option<QuietHours>,
) -> (i64, i64) {
    let (day, _) = latest_digest(now, at, utc_offset_min, quiet);
    (day + 1, digest_slot(day + 1, at, utc_offset_min, quiet))
}

/// Which daily digest is due at `now`, if any: the latest slot at or before `now`, provided
/// the digest was switched on (or its time last changed) at or before that slot
/// (`set_at`), the player is not on vacation and `now` is outside their quiet hours (a
/// digest that became late during quiet hours waits for their end). Returns (local day,
/// slot); the caller skips a day already sent. At most one digest per local day; a missed
/// one stays due until the next day's slot, which then replaces it.
pub fn due_digest(s: &Settings, at: u32, set_at: i64, now: i64) -> Option<(i64, i64)> {
    if s.vacation_until.is_some_and(|v| v > now) || after_quiet(now, s.quiet, s.utc_offset) != now {
        return None;
    }
    let (day, slot) = latest_digest(now, at, s.utc_offset, s.quiet);
    (slot >= set_at).then_some((day, slot))
}

/// The local time of day (minutes after midnight) a digest set for `at` actually comes:
/// `at`, or the end of the quiet hours that contain it.
pub fn digest_effective_minute(at: u32, quiet: Option<QuietHours>) -> u32 {
    match quiet {
        Some(q) if q.contains(at) => q.end,
        _ => at,
    }
}

/// When a wait that began at `since` passes a deadline of `deadline_secs`; a vacation
/// starts the clock only when it ends.
pub fn deadline_at(deadline_secs: i64, since: i64, vacation_until: Option<i64>) -> i64 {
    since.max(vacation_until.unwrap_or(i64::MIN)) + deadline_secs
}

/// What is known of one wait (a player the game waits for, since `since`) when working
/// out what it has due: read from the store, decided by [`wait_due`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WaitState {
    pub since: i64,
    /// The game runs and the player's seat has not resigned: otherwise nothing is ever due.
    pub active: bool,
    /// Reminders already sent for this wait, and when the last one was.
    pub sent: u32,
    pub last_sent: Option<i64>,
    /// The game's deadline (seconds of waiting), if it has one.
    pub deadline_secs: Option<i64>,
    /// The deadline notice of this wait was sent.
    pub deadline_sent: bool,
    /// The player has a daily digest where the game is: it replaces per-game reminders
    /// (deadline notices still come).
    pub digest: bool,
}

/// What one wait has due at some `now`, from [`wait_due`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WaitDue {
    /// When the game's deadline passes for this player, if the game has one.
    pub deadline_at: Option<i64>,
    /// The deadline notice is due (since `deadline_at`).
    pub deadline_due: bool,
    /// The next reminder is due, since this time.
    pub reminder_due: Option<i64>,
    /// When the wait's next message (due or not) comes: the earlier of the unsent deadline
    /// notice and the next reminder; `None` when nothing more comes.
    pub next: Option<i64>,
}

/// What wait `w` has due at `now` for a player with settings `s`: the deadline notice
/// once its time has come (unless sent), and the next reminder once its time has come
/// (unless reminders are off, the maximum was sent, or a digest replaces them).
pub fn wait_due(s: &Settings, w: &WaitState, now: i64) -> WaitDue {
    if !w.active {
        return WaitDue::default();
    }
    let deadline_at = w
        .deadline_secs
        .map(|d| deadline_at(d, w.since, s.vacation_until));
    let notice = deadline_at.filter(|_| !w.deadline_sent);
    let reminder = next_reminder(s, w.since, w.sent, w.last_sent).filter(|_| !w.digest);
    WaitDue {
        deadline_at,
        deadline_due: notice.is_some_and(|at| at <= now),
        reminder_due: reminder.filter(|&at| at <= now),
        next: [notice, reminder].into_iter().flatten().min(),
    }
}

/// Parse a duration like `90m`, `12h`, `3d`, `1d12h`, `45s`. Bare numbers are hours.
pub fn parse_duration(s: &str) -> Result<i64, String> {
    let bad = || format!("`{s}` is not a duration; use e.g. `30m`, `12h`, `3d` or `1d12h`");
    let s = s.trim();
    if s.is_empty() {
        return Err(bad());
    }
    if let Ok(h) = s.parse::<i64>() {
        return if (0..=24 * 366).contains(&h) {
            Ok(h * 3600)
        } else {
            Err(bad())
        };
    }
    let mut total: i64 = 0;
    let mut num = String::new();
    for c in s.chars() {
        if c.is_ascii_digit() {
            num.push(c);
            continue;
        }
        let unit = match c.to_ascii_lowercase() {
            's' => 1,
            'm' => 60,
            'h' => 3600,
            'd' => DAY,
            'w' => 7 * DAY,
            _ => return Err(bad()),
        };
        let n: i64 = num.parse().map_err(|_| bad())?;
        if n > 100_000 {
            return Err(bad());
        }
        total += n * unit;
        num.clear();
    }
    if !num.is_empty() || total > 366 * DAY {
        return Err(bad());
    }
    Ok(total)
}

/// Format seconds as a short duration (`1d12h`, `30m`).
pub fn format_duration(secs: i64) -> String {
    if secs <= 0 {
        return "0m".into();
    }
    let (d, h, m) = (secs / DAY, (secs % DAY) / 3600, (secs % 3600) / 60);
    let mut out = String::new();
    if d > 0 {
        out += &format!("{d}d");
    }
    if h > 0 {
        out += &format!("{h}h");
    }
    if m > 0 || out.is_empty() {
        out += &format!("{m}m");
    }
    out
}

/// Parse `HH:MM` into minutes after midnight.
pub fn parse_hhmm(s: &str) -> Result<u32, String> {
    let bad = || format!("`{s}` is not a time of day; use HH:MM, e.g. 22:00");
    let (h, m) = s.split_once(':').ok_or_else(bad)?;
    let h: u32 = h.parse().map_err(|_| bad())?;
    let m: u32 = m.parse().map_err(|_| bad())?;
    if h > 23 || m > 59 {
        return Err(bad());
    }
    Ok(h * 60 + m)
}

/// Format minutes after midnight as `HH:MM`.
pub fn fmt_hhmm(m: u32) -> String {
    format!("{:02}:{:02}", m / 60, m % 60)
}

/// Parse quiet hours `HH:MM-HH:MM`.
pub fn parse_quiet(s: &str) -> Result<QuietHours, String> {
    let (a, b) = s
        .split_once('-')
        .ok_or_else(|| format!("`{s}` is not a time range; use HH:MM-HH:MM, e.g. 22:00-08:00"))?;
    Ok(QuietHours {
        start: parse_hhmm(a)?,
        end: parse_hhmm(b)?,
    })
}

/// Parse a UTC offset `+02:00`, `-5`, `+0530`, `UTC+1` into minutes east of UTC.
pub fn parse_offset(s: &str) -> Result<i32, String> {
    let bad = || format!("`{s}` is not a UTC offset; use e.g. +02:00, -05:00 or 0");
    let t = s.trim();
    let t = t
        .strip_prefix("UTC")
        .or_else(|| t.strip_prefix("utc"))
        .unwrap_or(t);
    if t.is_empty() || t == "0" || t == "Z" {
        return Ok(0);
    }
    let (sign, rest) = match t.as_bytes()[0] {
        b'+' => (1, &t[1..]),
        b'-' => (-1, &t[1..]),
        _ => (1, t),
    };
    let (h, m) = if let Some((h, m)) = rest.split_once(':') {
        (h, m)
    } else if rest.len() == 4 {
        rest.split_at(2)
    } else {
        (rest, "0")
    };
    let h: i32 = h.parse().map_err(|_| bad())?;
    let m: i32 = m.parse().map_err(|_| bad())?;
    if h > 14 || m > 59 {
        return Err(bad());
    }
    Ok(sign * (h * 60 + m))
}

/// Format minutes east of UTC as `+02:00`.
pub fn format_offset(min: i32) -> String {
    let sign = if min < 0 { '-' } else { '+' };
    let a = min.abs();
    format!("{sign}{:02}:{:02}", a / 60, a % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings() -> Settings {
        Prefs::default().resolve(&ReminderDefaults::for_tests())
    }

    fn wait(since: i64) -> WaitState {
        WaitState {
            since,
            active: true,
            ..WaitState::default()
        }
    }

    #[test]
    fn a_wait_has_its_reminder_due_after_the_delay_and_its_deadline_notice_once() {
        let s = settings();
        let w = WaitState {
            deadline_secs: Some(5000),
            ..wait(1000)
        };
        let early = wait_due(&s, &w, 4599);
        assert_eq!(
            early,
            WaitDue {
                deadline_at: Some(6000),
                deadline_due: false,
                reminder_due: None,
                next: Some(4600),
            }
        );
        assert_eq!(wait_due(&s, &w, 4600).reminder_due, Some(4600));
        let late = wait_due(&s, &w, 6000);
        assert!(late.deadline_due);
        assert_eq!(late.next, Some(4600), "the earlier of notice and reminder");
        let sent = WaitState {
            deadline_sent: true,
            sent: 1,
            last_sent: Some(4700),
            ..w
        };
        let after = wait_due(&s, &sent, 6000);
        assert!(!after.deadline_due, "a sent notice is not due again");
        assert_eq!(after.deadline_at, Some(6000), "the deadline is still shown");
        assert_eq!(after.next, Some(4700 + 7200));
    }

    #[test]
    fn a_digest_replaces_reminders_but_not_the_deadline_and_an_inactive_wait_has_nothing() {
        let s = settings();
        let w = WaitState {
            digest: true,
            deadline_secs: Some(600),
            ..wait(0)
        };
        let due = wait_due(&s, &w, 100_000);
        assert_eq!(due.reminder_due, None);
        assert!(due.deadline_due);
        assert_eq!(due.next, Some(600));
        let done = WaitState { active: false, ..w };
        assert_eq!(wait_due(&s, &done, 100_000), WaitDue::default());
        let max = WaitState {
            sent: 2,
            last_sent: Some(10),
            digest: false,
            deadline_secs: None,
            ..w
        };
        assert_eq!(
            wait_due(&s, &max, 100_000).next,
            None,
            "the maximum was sent"
        );
    }

    #[test]
    fn first_reminder_after_delay_then_interval_after_last_sent() {
        let s = settings();
        assert_eq!(next_reminder(&s, 1000, 0, None), Some(4600));
        assert_eq!(next_reminder(&s, 1000, 1, Some(5000)), Some(12200));
    }

    #[test]
    fn no_reminder_after_max_count() {
        let s = settings();
        assert_eq!(next_reminder(&s, 1000, 2, Some(5000)), None);
    }

    #[test]
    fn disabled_reminders_are_never_due() {
        let s = Settings {
            enabled: false,
            ..settings()
        };
        assert_eq!(next_reminder(&s, 0, 0, None), None);
    }

    #[test]
    fn quiet_hours_wrapping_midnight_defer_to_their_end() {
        // 22:00-08:00 at UTC+2. 21:30 UTC is 23:30 local: quiet until 08:00 local = 06:00 UTC.
        let q = Some(QuietHours {
            start: 22 * 60,
            end: 8 * 60,
        });
        let day = 10 * DAY;
        let t = day + 21 * 3600 + 1800;
        assert_eq!(after_quiet(t, q, 120), day + DAY + 6 * 3600);
        // 05:00 UTC is 07:00 local: still quiet, until 06:00 UTC.
        assert_eq!(after_quiet(day + 5 * 3600, q, 120), day + 6 * 3600);
        // 12:00 UTC is 14:00 local: not quiet.
        assert_eq!(after_quiet(day + 12 * 3600, q, 120), day + 12 * 3600);
    }

    #[test]
    fn quiet_hours_apply_in_the_players_offset() {
        // 01:00-02:00 local at UTC-5 is 06:00-07:00 UTC.
        let q = Some(QuietHours {
            start: 60,
            end: 120,
        });
        assert_eq!(after_quiet(6 * 3600 + 60, q, -300), 7 * 3600);
        assert_eq!(after_quiet(3600 + 60, q, -300), 3600 + 60);
    }

    #[test]
    fn vacation_defers_reminders_and_deadline() {
        let s = Settings {
            vacation_until: Some(100_000),
            ..settings()
        };
        assert_eq!(next_reminder(&s, 1000, 0, None), Some(100_000));
        assert_eq!(deadline_at(3600, 1000, Some(100_000)), 103_600);
        assert_eq!(deadline_at(3600, 1000, None), 4600);
    }

    fn plain(offset: i32, quiet: Option<QuietHours>) -> Settings {
        Settings {
            quiet,
            utc_offset: offset,
            ..settings()
        }
    }

    #[test]
    fn digest_slot_is_the_local_time_in_the_players_offset() {
        let day = 20_000; // a UTC day number
                          // 09:00 at UTC+02:00 is 07:00 UTC; at UTC-05:00 it is 14:00 UTC.
        assert_eq!(digest_slot(day, 540, 120, None), day * DAY + 7 * 3600);
        assert_eq!(digest_slot(day, 540, -300, None), day * DAY + 14 * 3600);
        // 01:00 at UTC+02:00 is 23:00 UTC of the previous UTC day.
        assert_eq!(digest_slot(day, 60, 120, None), day * DAY - 3600);
        // Local day boundaries: 23:30 UTC is already the next local day at UTC+01:00,
        // still the same one at UTC-05:00.
        let t = day * DAY + 23 * 3600 + 1800;
        assert_eq!(local_day(t, 60), day + 1);
        assert_eq!(local_day(t, -300), day);
        assert_eq!(local_day(day * DAY + 3600, -300), day - 1);
    }

    #[test]
    fn latest_and_next_digest_cross_day_boundaries() {
        let day = 20_000;
        // 09:00 at UTC-05:00 (14:00 UTC). At 13:59 UTC the latest slot is yesterday's.
        let before = day * DAY + 14 * 3600 - 60;
        assert_eq!(
            latest_digest(before, 540, -300, None),
            (day - 1, (day - 1) * DAY + 14 * 3600)
        );
        assert_eq!(
            next_digest(before, 540, -300, None),
            (day, day * DAY + 14 * 3600)
        );
        // Exactly at the slot it is the latest, and the next is a day later.
        let at = day * DAY + 14 * 3600;
        assert_eq!(latest_digest(at, 540, -300, None), (day, at));
        assert_eq!(next_digest(at, 540, -300, None), (day + 1, at + DAY));
        // 23:50 local at UTC+14:00 (09:50 UTC): a slot late in the local evening.
        let t = day * DAY + 10 * 3600;
        assert_eq!(
            latest_digest(t, 23 * 60 + 50, 14 * 60, None),
            (day, day * DAY + 9 * 3600 + 50 * 60)
        );
    }

    #[test]
    fn digest_inside_quiet_hours_spanning_midnight_comes_when_they_end() {
        // Quiet 22:00-08:00 at UTC+02:00; a digest at 23:00 local of day D comes at 08:00
        // local of day D+1 (06:00 UTC), and still counts as day D's digest.
        let q = Some(QuietHours {
            start: 22 * 60,
            end: 8 * 60,
        });
        let day = 20_000;
        assert_eq!(
            digest_slot(day, 23 * 60, 120, q),
            (day + 1) * DAY + 6 * 3600
        );
        assert_eq!(digest_effective_minute(23 * 60, q), 8 * 60);
        assert_eq!(digest_effective_minute(9 * 60, q), 9 * 60);
        // At 07:00 local of D+1 (05:00 UTC) the latest slot is day D-1's.
        let t = (day + 1) * DAY + 5 * 3600;
        assert_eq!(latest_digest(t, 23 * 60, 120, q).0, day - 1);
        assert_eq!(latest_digest(t + 3600, 23 * 60, 120, q), (day, t + 3600));
        // A digest due before the quiet hours began but missed (bot down) waits for their
        // end rather than arriving at night.
        let s = plain(120, q);
        let night = day * DAY + 21 * 3600; // 23:00 local, quiet
        assert_eq!(due_digest(&s, 9 * 60, 0, night), None);
        assert_eq!(
            due_digest(&s, 9 * 60, 0, (day + 1) * DAY + 6 * 3600),
            Some((day, day * DAY + 7 * 3600)),
            "at 08:00 local only yesterday's 09:00 digest is due"
        );
    }

    #[test]
    fn a_digest_is_due_once_per_day_from_when_it_was_set_and_not_on_vacation() {
        let day = 20_000;
        let s = plain(0, None);
        let slot = day * DAY + 9 * 3600;
        // Set at 10:00: today's 09:00 slot is before it, so nothing until tomorrow.
        assert_eq!(due_digest(&s, 540, slot + 3600, slot + 7200), None);
        assert_eq!(
            due_digest(&s, 540, slot + 3600, slot + DAY),
            Some((day + 1, slot + DAY))
        );
        // Set before the slot: due from the slot until the next day's slot replaces it.
        assert_eq!(due_digest(&s, 540, slot - 60, slot - 1), None);
        assert_eq!(due_digest(&s, 540, slot - 60, slot), Some((day, slot)));
        assert_eq!(
            due_digest(&s, 540, slot - 60, slot + DAY - 1),
            Some((day, slot))
        );
        assert_eq!(
            due_digest(&s, 540, slot - 60, slot + DAY),
            Some((day + 1, slot + DAY))
        );
        let away = Settings {
            vacation_until: Some(slot + 3600),
            ..s.clone()
        };
        assert_eq!(due_digest(&away, 540, 0, slot), None);
        assert_eq!(due_digest(&away, 540, 0, slot + 3600), Some((day, slot)));
    }

    #[test]
    fn durations_offsets_and_times_parse_or_explain() {
        assert_eq!(parse_duration("1d12h"), Ok(DAY + 12 * 3600));
        assert_eq!(parse_duration("30m"), Ok(1800));
        assert_eq!(parse_duration("12"), Ok(12 * 3600));
        assert!(parse_duration("soon").unwrap_err().contains("12h"));
        assert!(parse_duration("12x").is_err());
        assert_eq!(format_duration(DAY + 12 * 3600), "1d12h");
        assert_eq!(parse_offset("+02:00"), Ok(120));
        assert_eq!(parse_offset("-0530"), Ok(-330));
        assert_eq!(parse_offset("UTC+1"), Ok(60));
        assert!(parse_offset("+25").is_err());
        assert_eq!(format_offset(-330), "-05:30");
        assert_eq!(
            parse_quiet("22:00-08:00"),
            Ok(QuietHours {
                start: 1320,
                end: 480
            })
        );
        assert!(parse_quiet("22-08").is_err());
    }
}
