//! Reminder persistence ([`Schedules`]): player settings, per-game deadlines, who each game
//! waits for, and the log of reminders sent (migration 0002).
//!
//! Invariants:
//! - `due_reminders` is a pure read: calling it twice offers the same reminders.
//! - Each wait's `due_at` (migration 0009) is never later than its next reminder or deadline
//!   notice, so the tick reads only the waits whose `due_at` has come (an indexed range).
//!   Whatever can bring a wait's next message earlier sets it to 0, "work it out at the next
//!   tick": a new wait, a change of the player's settings or digest, of the game's deadline,
//!   a reminder marked sent, other configured defaults (`reminder_schedule`). The tick
//!   ([`Schedules::claim_due_reminders`]) writes the worked-out time back (NULL: nothing more).
//! - `mark_sent` is idempotent: a reminder key is recorded once; once recorded it is never
//!   offered again, also after reopening the database.
//! - `on_turn_change` keeps the wait start (`since`) of a user who still has to act and did
//!   not act in the change, so a simultaneous-choice round does not restart the clock of
//!   those still thinking; users who start acting, and the user who acted (e.g. whose step
//!   closed a round and who acts again in the next), wait from the change on: each round
//!   starts each player's clock afresh.
//! - `claim_due_reminders` hands each due reminder to one store at a time (migration 0005),
//!   by the claim routine shared with digests (see [`super`]).
//! - What a wait has due is decided by the pure [`crate::reminders::wait_due`]; this module
//!   reads the wait, its game, settings and log, and writes the worked-out time back.
//! - A player with a daily digest in a server (`store::digests`) gets no per-game reminder
//!   there; deadline notices are unchanged.

use super::{log_sent, Claim, Claimed, Schedules};
use crate::reminders::{self, Consequence, Prefs, QuietHours, ReminderDefaults, Settings};
use crate::store::db::{vals, Exec, Value};
use crate::store::{Result, Store};
use std::ops::{Deref, DerefMut};

/// The waits of `user_id` are worked out again at the next tick (their settings changed).
pub(in crate::store) fn recheck_user(ex: &mut dyn Exec, user_id: &str) -> Result<()> {
    ex.exec(
        "UPDATE reminder_waits SET due_at = 0 WHERE user_id = ?1",
        vals![user_id],
    )?;
    Ok(())
}

/// The waits of `game_id` are worked out again at the next tick (its deadline changed).
fn recheck_game(ex: &mut dyn Exec, game_id: i64) -> Result<()> {
    ex.exec(
        "UPDATE reminder_waits SET due_at = 0 WHERE game_id = ?1",
        vals![game_id],
    )?;
    Ok(())
}

/// The configured defaults as stored in `reminder_schedule`: the waits' due times were
/// worked out with the defaults of this text.
fn schedule_text(d: &ReminderDefaults) -> String {
    format!("{d:?}")
}

/// Whether the waits' due times were worked out with `defaults`.
fn schedule_matches(ex: &mut dyn Exec, defaults: &ReminderDefaults) -> Result<bool> {
    let row = ex.query_opt("SELECT defaults FROM reminder_schedule WHERE id = 1", &[])?;
    Ok(match row {
        Some(r) => r.text(0)? == schedule_text(defaults),
        None => false,
    })
}

/// Other defaults than the stored times were worked out with: every wait is worked out
/// again at this tick, and the defaults are recorded.
fn adopt_defaults(ex: &mut dyn Exec, defaults: &ReminderDefaults) -> Result<()> {
    if schedule_matches(ex, defaults)? {
        return Ok(());
    }
    ex.exec("UPDATE reminder_waits SET due_at = 0", &[])?;
    ex.exec(
        "INSERT INTO reminder_schedule (id, defaults) VALUES (1, ?1)
         ON CONFLICT (id) DO UPDATE SET defaults = excluded.defaults",
        vals![schedule_text(defaults)],
    )?;
    Ok(())
}

/// A wait's next due time as worked out by a tick, to write back.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Reschedule {
    game_id: i64,
    user_id: String,
    since: i64,
    due_at: Option<i64>,
}

/// Identifies one reminder: the wait (game, user, since) and its ordinal (0, 1, … for
/// reminders; -1 for the deadline notice).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ReminderKey {
    pub game_id: i64,
    pub user_id: String,
    pub since: i64,
    pub ordinal: i64,
}

impl ReminderKey {
    /// The key's values, in the order of [`Claim::REMINDER`]'s key columns.
    fn values(&self) -> Vec<Value> {
        vals![self.game_id, &self.user_id, self.since, self.ordinal].to_vec()
    }
}

impl Claimed for DueReminder {
    const CLAIM: Claim = Claim::REMINDER;
    fn key(&self) -> Vec<Value> {
        self.key.values()
    }
}

/// What is due.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DueKind {
    /// Reminder `number` (1-based) of at most `of`.
    Reminder { number: u32, of: u32 },
    /// The game's deadline passed for this player.
    Deadline(Consequence),
}

/// A reminder to send now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DueReminder {
    pub key: ReminderKey,
    pub kind: DueKind,
    pub platform: String,
    pub guild: Option<String>,
    pub channel: String,
    /// Game kind, e.g. `nepal`.
    pub game_kind: String,
    /// The player's seat name.
    pub user_name: String,
    /// The game's current version (for buttons).
    pub version: i64,
    /// When it became due.
    pub due_at: i64,
    /// The game's deadline for this player, if the game has one.
    pub deadline_at: Option<i64>,
    /// Send by direct message.
    pub dm: bool,
}

pub(crate) fn load_prefs(ex: &mut dyn Exec, user_id: &str) -> Result<Prefs> {
    let Some(r) = ex.query_opt(
        "SELECT enabled, delay_secs, interval_secs, max_count, quiet_start, quiet_end, utc_offset, dm, vacation_until
         FROM reminder_prefs WHERE user_id = ?1",
        vals![user_id],
    )?
    else {
        return Ok(Prefs::default());
    };
    let b = |i: usize| -> Result<Option<bool>> { Ok(r.opt_i64(i)?.map(|x| x != 0)) };
    let quiet = match (r.opt_i64(4)?, r.opt_i64(5)?) {
        (Some(s), Some(e)) if s >= 0 && e >= 0 => Some(Some(QuietHours {
            start: s as u32,
            end: e as u32,
        })),
        (Some(_), _) => Some(None),
        _ => None,
    };
    Ok(Prefs {
        enabled: b(0)?,
        delay: r.opt_i64(1)?,
        interval: r.opt_i64(2)?,
        max: r.opt_i64(3)?.map(|x| x.clamp(0, 1000) as u32),
        quiet,
        utc_offset: r.opt_i64(6)?.map(|x| x as i32),
        dm: b(7)?,
        vacation_until: r.opt_i64(8)?,
    })
}

/// Replace who `game_id` waits for with `acting_user_ids` (empty: nobody, e.g. the game
/// ended). Users still acting keep their wait start, except `acted` (the users whose step
/// made the change: having acted, they wait afresh); others start waiting at `now`.
/// Works on a plain connection or inside the caller's transaction.
pub fn on_turn_change_conn(
    ex: &mut dyn Exec,
    game_id: i64,
    acting_user_ids: &[String],
    acted: &[String],
    now: i64,
) -> Result<()> {
    let rows = ex.query(
        "SELECT user_id FROM reminder_waits WHERE game_id = ?1",
        vals![game_id],
    )?;
    for r in &rows {
        let u = r.text(0)?;
        if acted.contains(&u) || !acting_user_ids.contains(&u) {
            ex.exec(
                "DELETE FROM reminder_waits WHERE game_id = ?1 AND user_id = ?2",
                vals![game_id, &u],
            )?;
        }
    }
    for u in acting_user_ids {
        ex.exec(
            "INSERT INTO reminder_waits (game_id, user_id, since) VALUES (?1, ?2, ?3)
             ON CONFLICT (game_id, user_id) DO NOTHING",
            vals![game_id, u, now],
        )?;
    }
    Ok(())
}

/// The user ids of Sherpa's own players (AI seats, `sherpa:ai:<level>`) begin so: the
/// reminder schedule never waits for them.
pub const SHERPA_USER_PREFIX: &str = "sherpa:";

/// The users a game in `status` waits for: the acting seats that have not resigned and are
/// not Sherpa's own players (nobody once the game is finished). What
/// [`crate::store::Change::waiting`] should hold.
pub fn waiting_users(
    seats: &[crate::store::SeatRow],
    status: &crate::engine::Status,
) -> Vec<String> {
    status
        .acting()
        .iter()
        .filter_map(|&s| seats.iter().find(|r| r.seat == s))
        .filter(|r| !r.resigned && !r.user_id.starts_with(SHERPA_USER_PREFIX))
        .map(|r| r.user_id.clone())
        .collect()
}

/// [`Schedules::on_turn_change`] as a free function, for the chat core.
pub fn on_turn_change(
    store: &mut Store,
    game_id: i64,
    acting_user_ids: &[String],
    now: i64,
) -> Result<()> {
    store
        .schedules_mut()
        .on_turn_change(game_id, acting_user_ids, now)
}

impl<R: Deref<Target = Store>> Schedules<R> {
    /// Who `game_id` waits for and since when (user id, unix seconds), by user id.
    pub fn waits(&self, game_id: i64) -> Result<Vec<(String, i64)>> {
        let rows = self.store.db.with(|ex| {
            ex.query(
                "SELECT user_id, since FROM reminder_waits WHERE game_id = ?1 ORDER BY user_id",
                vals![game_id],
            )
        })?;
        rows.iter().map(|r| Ok((r.text(0)?, r.i64(1)?))).collect()
    }

    /// A player's reminder settings (defaults where they chose nothing).
    pub fn reminder_prefs(&self, user_id: &str) -> Result<Prefs> {
        self.store.db.with(|ex| load_prefs(ex, user_id))
    }

    /// The game's deadline (seconds of waiting) and its consequence, if set.
    pub fn game_deadline(&self, game_id: i64) -> Result<Option<(i64, Consequence)>> {
        let row = self.store.db.with(|ex| {
            ex.query_opt(
                "SELECT deadline_secs, consequence FROM reminder_games WHERE game_id = ?1",
                vals![game_id],
            )
        })?;
        let Some(r) = row else { return Ok(None) };
        let c = r.text(1)?;
        Ok(r.opt_i64(0)?
            .map(|d| (d, Consequence::parse(&c).unwrap_or(Consequence::Notify))))
    }

    /// Everything due at `now` on `platform`: at most one reminder per waiting player (the
    /// next unsent one) and any deadline notice not yet sent. Pure read.
    pub fn due_reminders(
        &self,
        platform: &str,
        now: i64,
        defaults: &ReminderDefaults,
    ) -> Result<Vec<DueReminder>> {
        self.store.db.with(|ex| {
            let all = !schedule_matches(ex, defaults)?;
            Ok(due_reminders(ex, platform, now, defaults, all)?.0)
        })
    }

    /// The earliest time anything may become due (for sleeping until then); `None` if
    /// nothing is scheduled.
    pub fn next_reminder_hint(
        &self,
        platform: &str,
        defaults: &ReminderDefaults,
    ) -> Result<Option<i64>> {
        // Cheap upper bound: look at what is due far in the future and take the minimum.
        let far = i64::MAX / 4;
        Ok(self
            .due_reminders(platform, far, defaults)?
            .iter()
            .map(|d| d.due_at)
            .min())
    }
}

impl<R: DerefMut<Target = Store>> Schedules<R> {
    /// Who must act changed in `game_id`: see [`on_turn_change_conn`].
    pub fn on_turn_change(
        &mut self,
        game_id: i64,
        acting_user_ids: &[String],
        now: i64,
    ) -> Result<()> {
        self.store
            .db
            .tx(|tx| on_turn_change_conn(tx, game_id, acting_user_ids, &[], now))
    }

    /// [`Schedules::on_turn_change`] from the game's seats and status: the acting, not resigned
    /// seats' users wait from now on; nobody waits once the game is finished.
    pub fn on_turn_change_seats(
        &mut self,
        game_id: i64,
        seats: &[crate::store::SeatRow],
        status: &crate::engine::Status,
        now: i64,
    ) -> Result<()> {
        self.on_turn_change(game_id, &waiting_users(seats, status), now)
    }

    /// Store a player's reminder settings (replacing the previous ones).
    pub fn set_reminder_prefs(&mut self, user_id: &str, p: &Prefs) -> Result<()> {
        self.store.db.tx(|ex| {
            write_prefs(ex, user_id, p)?;
            recheck_user(ex, user_id)
        })
    }

    /// Set or clear (`None`) the game's deadline.
    pub fn set_game_deadline(
        &mut self,
        game_id: i64,
        deadline: Option<(i64, Consequence)>,
    ) -> Result<()> {
        let (d, c) = match deadline {
            Some((d, c)) => (Some(d), c.as_str()),
            None => (None, "notify"),
        };
        self.store.db.tx(|ex| {
            ex.exec(
                "INSERT INTO reminder_games (game_id, deadline_secs, consequence) VALUES (?1, ?2, ?3)
                 ON CONFLICT (game_id) DO UPDATE SET deadline_secs = excluded.deadline_secs, consequence = excluded.consequence",
                vals![game_id, d, c],
            )?;
            recheck_game(ex, game_id)
        })
    }

    /// The reminders due at `now` that this store now holds a claim on (for
    /// [`CLAIM_LEASE_SECS`](super::CLAIM_LEASE_SECS)): send each, then [`Schedules::mark_sent`] it. A reminder that
    /// another store (another process) holds an unexpired claim on, or that is already
    /// logged as sent, is left out; so is a claim that was taken over after our lease ran
    /// out. Each claim is its own short transaction.
    pub fn claim_due_reminders(
        &mut self,
        platform: &str,
        now: i64,
        defaults: &ReminderDefaults,
    ) -> Result<Vec<DueReminder>> {
        let due = self.store.db.tx(|ex| {
            adopt_defaults(ex, defaults)?;
            let (due, later) = due_reminders(ex, platform, now, defaults, false)?;
            for r in &later {
                ex.exec(
                    "UPDATE reminder_waits SET due_at = ?4 WHERE game_id = ?1 AND user_id = ?2 AND since = ?3",
                    vals![r.game_id, &r.user_id, r.since, r.due_at],
                )?;
            }
            Ok(due)
        })?;
        self.claim_each(due, now)
    }

    /// Record that a reminder was sent. Returns false if it had already been recorded
    /// (nothing changes then). Also bumps `seats.reminders_sent` for a new reminder. The
    /// reminder's claim stays (see [`Schedules::claim_due_reminders`]).
    pub fn mark_sent(&mut self, key: &ReminderKey, now: i64) -> Result<bool> {
        self.store.db.tx(|tx| {
            let new = log_sent(tx, &Claim::REMINDER, &key.values(), &[("sent_at", now.into())])?;
            if new && key.ordinal >= 0 {
                tx.exec(
                    "UPDATE seats SET reminders_sent = reminders_sent + 1 WHERE game_id = ?1 AND user_id = ?2",
                    vals![key.game_id, &key.user_id],
                )?;
            }
            // The wait's next message is worked out at the next tick.
            tx.exec(
                "UPDATE reminder_waits SET due_at = 0 WHERE game_id = ?1 AND user_id = ?2 AND since = ?3",
                vals![key.game_id, &key.user_id, key.since],
            )?;
            Ok(new)
        })
    }
}

/// The reminders due at `now` among the waits whose `due_at` has come (every wait when
/// `all`), and each read wait's worked-out next due time where it changed (to write back).
/// What is due is decided by [`reminders::wait_due`].
fn due_reminders(
    ex: &mut dyn Exec,
    platform: &str,
    now: i64,
    defaults: &ReminderDefaults,
    all: bool,
) -> Result<(Vec<DueReminder>, Vec<Reschedule>)> {
    let mut out = Vec::new();
    let mut later = Vec::new();
    for w in read_waits(ex, platform, now, all)? {
        let mut next = None;
        if w.active {
            let settings = load_prefs(ex, &w.user_id)?.resolve(defaults);
            let state = wait_state(ex, &w)?;
            let due = reminders::wait_due(&settings, &state, now);
            out.extend(w.messages(platform, &settings, &state, &due));
            next = due.next;
        }
        if next != w.stored_due_at {
            later.push(Reschedule {
                game_id: w.game_id,
                user_id: w.user_id,
                since: w.since,
                due_at: next,
            });
        }
    }
    Ok((out, later))
}

/// One wait as a tick reads it, with its game, the player's seat, the game's deadline
/// and whether the player has a digest in the game's server.
struct WaitRow {
    game_id: i64,
    user_id: String,
    since: i64,
    guild: Option<String>,
    channel: String,
    game_kind: String,
    version: i64,
    user_name: String,
    deadline_secs: Option<i64>,
    consequence: Consequence,
    digest: bool,
    /// The game runs and the seat has not resigned.
    active: bool,
    stored_due_at: Option<i64>,
}

/// The waits of games on `platform` whose `due_at` has come by `now` (every wait when
/// `all`), oldest first.
fn read_waits(ex: &mut dyn Exec, platform: &str, now: i64, all: bool) -> Result<Vec<WaitRow>> {
    let (which, cutoff) = if all {
        ("w.due_at IS NULL OR w.due_at <= ?2", i64::MAX)
    } else {
        ("w.due_at <= ?2", now)
    };
    let rows = ex.query(
        &format!(
            "SELECT w.game_id, w.user_id, w.since, g.guild, g.channel, g.kind, g.version, s.name,
                rg.deadline_secs, COALESCE(rg.consequence, 'notify'),
                CASE WHEN dp.user_id IS NULL THEN 0 ELSE 1 END,
                CASE WHEN g.status = 'running' AND s.resigned = 0 THEN 1 ELSE 0 END, w.due_at
         FROM reminder_waits w
         JOIN games g ON g.id = w.game_id AND g.platform = ?1
         LEFT JOIN seats s ON s.game_id = w.game_id AND s.user_id = w.user_id
         LEFT JOIN reminder_games rg ON rg.game_id = w.game_id
         LEFT JOIN digest_prefs dp ON dp.platform = g.platform AND dp.guild = COALESCE(g.guild, '')
                                  AND dp.user_id = w.user_id
         WHERE {which}
         ORDER BY w.since, w.game_id, w.user_id"
        ),
        vals![platform, cutoff],
    )?;
    rows.iter()
        .map(|w| {
            Ok(WaitRow {
                game_id: w.i64(0)?,
                user_id: w.text(1)?,
                since: w.i64(2)?,
                guild: w.opt_text(3)?,
                channel: w.text(4)?,
                game_kind: w.text(5)?,
                version: w.i64(6)?,
                user_name: w.opt_text(7)?.unwrap_or_default(),
                deadline_secs: w.opt_i64(8)?,
                consequence: Consequence::parse(&w.text(9)?).unwrap_or(Consequence::Notify),
                digest: w.i64(10)? != 0,
                active: w.i64(11)? != 0,
                stored_due_at: w.opt_i64(12)?,
            })
        })
        .collect()
}

/// What the reminder log holds for wait `w`, with the wait's row.
fn wait_state(ex: &mut dyn Exec, w: &WaitRow) -> Result<reminders::WaitState> {
    let log = ex.query_one(
        "SELECT COUNT(*) FILTER (WHERE ordinal >= 0), MAX(sent_at) FILTER (WHERE ordinal >= 0),
                COUNT(*) FILTER (WHERE ordinal < 0)
         FROM reminder_log WHERE game_id = ?1 AND user_id = ?2 AND since = ?3",
        vals![w.game_id, &w.user_id, w.since],
    )?;
    Ok(reminders::WaitState {
        since: w.since,
        active: w.active,
        sent: log.i64(0)?.clamp(0, u32::MAX as i64) as u32,
        last_sent: log.opt_i64(1)?,
        deadline_secs: w.deadline_secs,
        deadline_sent: log.i64(2)? != 0,
        digest: w.digest,
    })
}

impl WaitRow {
    /// The messages `due` says wait `self` has due: the deadline notice first, then the
    /// reminder.
    fn messages(
        &self,
        platform: &str,
        settings: &Settings,
        state: &reminders::WaitState,
        due: &reminders::WaitDue,
    ) -> Vec<DueReminder> {
        let message = |ordinal: i64, kind: DueKind, due_at: i64| DueReminder {
            key: ReminderKey {
                game_id: self.game_id,
                user_id: self.user_id.clone(),
                since: self.since,
                ordinal,
            },
            kind,
            platform: platform.to_string(),
            guild: self.guild.clone(),
            channel: self.channel.clone(),
            game_kind: self.game_kind.clone(),
            user_name: self.user_name.clone(),
            version: self.version,
            due_at,
            deadline_at: due.deadline_at,
            dm: settings.dm,
        };
        let mut out = Vec::new();
        if let (true, Some(at)) = (due.deadline_due, due.deadline_at) {
            out.push(message(-1, DueKind::Deadline(self.consequence), at));
        }
        if let Some(at) = due.reminder_due {
            let number = state.sent + 1;
            let kind = DueKind::Reminder {
                number,
                of: settings.max,
            };
            out.push(message(state.sent as i64, kind, at));
        }
        out
    }
}

/// Upsert a player's reminder settings row.
pub(in crate::store) fn write_prefs(ex: &mut dyn Exec, user_id: &str, p: &Prefs) -> Result<()> {
    let (qs, qe) = match p.quiet {
        None => (None, None),
        Some(None) => (Some(-1i64), Some(-1i64)),
        Some(Some(q)) => (Some(q.start as i64), Some(q.end as i64)),
    };
    ex.exec(
        "INSERT INTO reminder_prefs (user_id, enabled, delay_secs, interval_secs, max_count, quiet_start, quiet_end, utc_offset, dm, vacation_until)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
         ON CONFLICT (user_id) DO UPDATE SET enabled = excluded.enabled, delay_secs = excluded.delay_secs,
           interval_secs = excluded.interval_secs, max_count = excluded.max_count, quiet_start = excluded.quiet_start,
           quiet_end = excluded.quiet_end, utc_offset = excluded.utc_offset, dm = excluded.dm,
           vacation_until = excluded.vacation_until",
        vals![
            user_id,
            p.enabled,
            p.delay,
            p.interval,
            p.max.map(|x| x as i64),
            qs,
            qe,
            p.utc_offset.map(|x| x as i64),
            p.dm,
            p.vacation_until
        ],
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reminders::QuietHours;
    use crate::store::schedules::{CLAIM_KEPT_SECS, CLAIM_LEASE_SECS};
    use crate::store::tests::both_backends;

    const T0: i64 = 1_700_000_000 - 1_700_000_000 % 86_400; // a UTC midnight

    fn setup(store: &mut Store) -> i64 {
        store
            .debug_exec(&format!(
                "INSERT INTO games (id, platform, guild, channel, kind, options, seed, status, creator, created_at, updated_at)
                 VALUES (1, 'discord', 'g1', 'c1', 'nepal', '{{}}', 7, 'running', 'u1', {T0}, {T0});
                 INSERT INTO seats (game_id, seat, user_id, name) VALUES (1, 0, 'u1', 'ann'), (1, 1, 'u2', 'bob');"
            ))
            .unwrap();
        store
            .schedules_mut()
            .on_turn_change(1, &["u1".to_string()], T0)
            .unwrap();
        1
    }

    fn due(store: &Store, now: i64) -> Vec<DueReminder> {
        store
            .schedules()
            .due_reminders("discord", now, &ReminderDefaults::for_tests())
            .unwrap()
    }

    fn claim(store: &mut Store, now: i64) -> Vec<DueReminder> {
        store
            .schedules_mut()
            .claim_due_reminders("discord", now, &ReminderDefaults::for_tests())
            .unwrap()
    }

    both_backends! {
        fn reminder_due_after_delay_and_offered_until_marked(s, fx) {
            setup(&mut s);
            assert!(due(&s, T0 + 3599).is_empty());
            let d = due(&s, T0 + 3600);
            assert_eq!(d.len(), 1);
            assert_eq!(d[0].kind, DueKind::Reminder { number: 1, of: 2 });
            assert_eq!(d[0].user_name, "ann");
            // Reading twice offers the same key; marking twice records once.
            assert_eq!(due(&s, T0 + 3600)[0].key, d[0].key);
            assert!(s.schedules_mut().mark_sent(&d[0].key, T0 + 3600).unwrap());
            assert!(!s.schedules_mut().mark_sent(&d[0].key, T0 + 3601).unwrap());
            assert!(due(&s, T0 + 3600 + 7199).is_empty());
            assert_eq!(due(&s, T0 + 3600 + 7200)[0].key.ordinal, 1);
        }

        fn max_count_stops_reminders(s, fx) {
            setup(&mut s);
            for i in 0..2 {
                let now = T0 + (10 + 10 * i) * 3600;
                let d = due(&s, now);
                s.schedules_mut().mark_sent(&d[0].key, now).unwrap();
            }
            assert!(due(&s, T0 + 1000 * 3600).is_empty());
            let sent = s
                .debug_query_i64("SELECT reminders_sent FROM seats WHERE user_id = 'u1'")
                .unwrap();
            assert_eq!(sent, 2);
        }

        fn closing_a_simultaneous_round_starts_every_players_clock_afresh(s, fx) {
            // A round for u1 and u2 from T0; u2 chooses at T0 + 10 (u1 keeps T0); u1's step
            // at T0 + 47 closes the round and both act in the next one: both wait from
            // T0 + 47, so u1's first reminder comes an hour after that, not after T0.
            setup(&mut s);
            let both = vec!["u1".to_string(), "u2".to_string()];
            let round = |s: &mut Store, v: i64, acting: &[String], acted: &str, now: i64| {
                let change = crate::store::Change {
                    waiting: Some(acting.to_vec()),
                    acted: vec![acted.to_string()],
                    turn_changed: true,
                    ..Default::default()
                };
                s.log_mut().commit(1, v, change, now).unwrap();
            };
            s.schedules_mut().on_turn_change(1, &both, T0).unwrap();
            round(&mut s, 0, &["u1".to_string()], "u2", T0 + 10);
            assert_eq!(s.schedules().waits(1).unwrap(), vec![("u1".to_string(), T0)], "still thinking: keeps T0");
            round(&mut s, 1, &both, "u1", T0 + 47);
            assert_eq!(
                s.schedules().waits(1).unwrap(),
                vec![("u1".to_string(), T0 + 47), ("u2".to_string(), T0 + 47)],
                "the new round starts everyone's clock, the closer's too"
            );
            assert!(claim(&mut s, T0 + 3600).is_empty(), "no reminder an hour after the old round began");
            assert_eq!(claim(&mut s, T0 + 47 + 3600).len(), 2);
        }

        fn turn_change_moves_the_wait_and_keeps_still_acting_users(s, fx) {
            setup(&mut s);
            s.schedules_mut().on_turn_change(1, &["u1".to_string(), "u2".to_string()], T0 + 50)
                .unwrap();
            assert_eq!(s.schedules().waits(1).unwrap(), vec![("u1".to_string(), T0), ("u2".to_string(), T0 + 50)]);
            let d = due(&s, T0 + 3600);
            assert_eq!(
                d.len(),
                1,
                "u1 keeps the wait started at T0; u2 waits since T0+50"
            );
            assert_eq!(d[0].key.user_id, "u1");
            s.schedules_mut().on_turn_change(1, &[], T0 + 60).unwrap();
            assert!(due(&s, T0 + 100_000).is_empty());
        }

        fn the_tick_reads_only_waits_whose_due_time_has_come(s, fx) {
            setup(&mut s);
            // The first tick works the wait out: due at T0 + 3600, nothing now.
            assert!(claim(&mut s, T0 + 60).is_empty());
            let due_at = "SELECT due_at FROM reminder_waits WHERE game_id = 1 AND user_id = 'u1'";
            assert_eq!(s.debug_query_i64(due_at).unwrap(), T0 + 3600);
            // A settings row written behind the store's back (a delay of one minute) is not
            // seen: later ticks do not read the wait before T0 + 3600.
            s.debug_exec("INSERT INTO reminder_prefs (user_id, delay_secs) VALUES ('u1', 60)")
                .unwrap();
            assert!(claim(&mut s, T0 + 120).is_empty(), "the wait is not read before its time");
            assert!(due(&s, T0 + 120).is_empty());
            // Through the store, the same change is seen at the next tick.
            s.schedules_mut().set_reminder_prefs("u1", &Prefs { delay: Some(60), ..Prefs::default() })
                .unwrap();
            let d = claim(&mut s, T0 + 120);
            assert_eq!(d.len(), 1);
            s.schedules_mut().mark_sent(&d[0].key, T0 + 120).unwrap();
            // The next one is an interval (7200) after it; then nothing more (max 2).
            assert!(claim(&mut s, T0 + 180).is_empty());
            assert_eq!(s.debug_query_i64(due_at).unwrap(), T0 + 120 + 7200);
            let d = claim(&mut s, T0 + 120 + 7200);
            assert_eq!(d.len(), 1);
            s.schedules_mut().mark_sent(&d[0].key, T0 + 120 + 7200).unwrap();
            assert!(claim(&mut s, T0 + 120 + 7260).is_empty());
            let nothing = "SELECT COUNT(*) FROM reminder_waits WHERE due_at IS NULL";
            assert_eq!(s.debug_query_i64(nothing).unwrap(), 1, "nothing more is due");
        }

        fn a_deadline_digest_or_defaults_change_is_seen_at_the_next_tick(s, fx) {
            setup(&mut s);
            assert!(claim(&mut s, T0 + 60).is_empty());
            // A deadline of two minutes: due at the next tick.
            s.schedules_mut().set_game_deadline(1, Some((120, Consequence::Notify))).unwrap();
            let d = claim(&mut s, T0 + 120);
            assert_eq!(d.len(), 1);
            assert_eq!(d[0].kind, DueKind::Deadline(Consequence::Notify));
            s.schedules_mut().mark_sent(&d[0].key, T0 + 120).unwrap();
            // A digest replaces the reminder at T0 + 3600; turned off again, it is back.
            s.schedules_mut().set_digest("discord", Some("g1"), "u1", Some(600), T0 + 130).unwrap();
            assert!(claim(&mut s, T0 + 3600).is_empty());
            s.schedules_mut().set_digest("discord", Some("g1"), "u1", None, T0 + 3700).unwrap();
            assert_eq!(claim(&mut s, T0 + 3700).len(), 1);
            // Other configured defaults (a first reminder after one minute) are seen at once
            // by a wait worked out with the old ones.
            s.schedules_mut().on_turn_change(1, &["u2".to_string()], T0 + 4000).unwrap();
            assert!(claim(&mut s, T0 + 4000).is_empty());
            let quick = ReminderDefaults { first_after: 60, ..ReminderDefaults::for_tests() };
            let d = s.schedules_mut().claim_due_reminders("discord", T0 + 4060, &quick).unwrap();
            assert_eq!(d.len(), 1);
            assert_eq!(d[0].key.user_id, "u2");
            // A finished game's leftover wait is read once, then never again.
            s.debug_exec("UPDATE games SET status = 'aborted' WHERE id = 1").unwrap();
            assert!(claim(&mut s, T0 + 100_000).is_empty());
            let nothing = "SELECT COUNT(*) FROM reminder_waits WHERE due_at IS NULL";
            assert_eq!(s.debug_query_i64(nothing).unwrap(), 1);
        }

        fn quiet_hours_defer_a_reminder(s, fx) {
            setup(&mut s);
            // Quiet 00:00-06:00 at UTC+0: the reminder due at 01:00 waits until 06:00.
            let p = Prefs {
                quiet: Some(Some(QuietHours { start: 0, end: 360 })),
                ..Prefs::default()
            };
            s.schedules_mut().set_reminder_prefs("u1", &p).unwrap();
            assert_eq!(s.schedules().reminder_prefs("u1").unwrap(), p);
            assert!(due(&s, T0 + 5 * 3600).is_empty());
            assert_eq!(due(&s, T0 + 6 * 3600)[0].due_at, T0 + 6 * 3600);
        }

        fn vacation_defers_reminders_and_deadline(s, fx) {
            setup(&mut s);
            s.schedules_mut().set_game_deadline(1, Some((7200, Consequence::Kick)))
                .unwrap();
            assert_eq!(s.schedules().game_deadline(1).unwrap(), Some((7200, Consequence::Kick)));
            let p = Prefs {
                vacation_until: Some(T0 + 86_400),
                ..Prefs::default()
            };
            s.schedules_mut().set_reminder_prefs("u1", &p).unwrap();
            assert!(due(&s, T0 + 86_399).is_empty());
            let d = due(&s, T0 + 86_400);
            assert_eq!(d.len(), 1);
            assert!(matches!(d[0].kind, DueKind::Reminder { .. }));
            let d = due(&s, T0 + 86_400 + 7200);
            assert!(d
                .iter()
                .any(|x| x.kind == DueKind::Deadline(Consequence::Kick) && x.key.ordinal == -1));
            s.schedules_mut().set_game_deadline(1, None).unwrap();
            assert_eq!(s.schedules().game_deadline(1).unwrap(), None);
        }

        fn deadline_notice_sent_once(s, fx) {
            setup(&mut s);
            s.schedules_mut().set_game_deadline(1, Some((600, Consequence::Notify)))
                .unwrap();
            let d = due(&s, T0 + 600);
            assert_eq!(d.len(), 1);
            assert_eq!(d[0].kind, DueKind::Deadline(Consequence::Notify));
            s.schedules_mut().mark_sent(&d[0].key, T0 + 600).unwrap();
            assert!(due(&s, T0 + 700).is_empty());
        }

        fn settings_and_sent_reminders_survive_reopening_the_database(s, fx) {
            setup(&mut s);
            s.schedules_mut().set_reminder_prefs(
                "u1",
                &Prefs {
                    dm: Some(true),
                    ..Prefs::default()
                },
            )
            .unwrap();
            let d = due(&s, T0 + 3600);
            s.schedules_mut().mark_sent(&d[0].key, T0 + 3600).unwrap();
            drop(s);
            let s = fx.open();
            assert!(
                due(&s, T0 + 3600).is_empty(),
                "a sent reminder is not repeated after a restart"
            );
            let d = due(&s, T0 + 3600 + 7200);
            assert_eq!(d.len(), 1, "the next reminder is not lost after a restart");
            assert!(d[0].dm);
        }

        fn finished_games_are_not_reminded(s, fx) {
            setup(&mut s);
            s.debug_exec("UPDATE games SET status = 'finished' WHERE id = 1")
                .unwrap();
            assert!(due(&s, T0 + 100_000).is_empty());
        }

        fn a_claimed_reminder_goes_to_one_store_until_its_lease_ends(s, fx) {
            setup(&mut s);
            let mut other = fx.open();
            let mine = claim(&mut s, T0 + 3600);
            assert_eq!(mine.len(), 1);
            assert!(claim(&mut other, T0 + 3600).is_empty(), "held by the first store");
            assert!(claim(&mut s, T0 + 3601).is_empty(), "a claim is handed out once, also to its holder");
            // The holder died without marking it sent: after the lease another store takes it.
            assert!(claim(&mut other, T0 + 3600 + CLAIM_LEASE_SECS - 1).is_empty());
            let theirs = claim(&mut other, T0 + 3600 + CLAIM_LEASE_SECS);
            assert_eq!(theirs.len(), 1);
            assert_eq!(theirs[0].key, mine[0].key);
            assert!(other.schedules_mut().mark_sent(&theirs[0].key, T0 + 4000).unwrap());
            // Sent: nobody claims it again, whatever the lease.
            assert!(claim(&mut s, T0 + 3600 + 10 * CLAIM_LEASE_SECS).iter().all(|d| d.key != mine[0].key));
            // A day after its lease ended the claim is deleted, and the log still keeps the
            // reminder from being sent again.
            let k = &mine[0].key;
            let held = format!(
                "SELECT COUNT(*) FROM reminder_claims WHERE game_id = {} AND since = {} AND ordinal = {}",
                k.game_id, k.since, k.ordinal
            );
            assert_eq!(s.debug_query_i64(&held).unwrap(), 1);
            let later = T0 + 3600 + 2 * CLAIM_LEASE_SECS + CLAIM_KEPT_SECS + 1;
            assert!(claim(&mut s, later).iter().all(|d| d.key != *k));
            assert_eq!(s.debug_query_i64(&held).unwrap(), 0, "pruned");
            assert!(claim(&mut other, later + 1).iter().all(|d| d.key != *k));
        }

        fn stores_claiming_at_once_never_share_a_reminder(s, fx) {
            // 30 games waiting for a player each; four stores (processes) claim at the
            // same moment: every reminder is claimed exactly once.
            for g in 1..=30 {
                s.debug_exec(&format!(
                    "INSERT INTO games (id, platform, guild, channel, kind, options, seed, status, creator, created_at, updated_at)
                     VALUES ({g}, 'discord', 'g1', 'c{g}', 'nepal', '{{}}', 7, 'running', 'u{g}', {T0}, {T0});
                     INSERT INTO seats (game_id, seat, user_id, name) VALUES ({g}, 0, 'u{g}', 'p{g}');"
                ))
                .unwrap();
                s.schedules_mut().on_turn_change(g, &[format!("u{g}")], T0).unwrap();
            }
            let barrier = std::sync::Arc::new(std::sync::Barrier::new(4));
            let claimed: Vec<Vec<ReminderKey>> = std::thread::scope(|scope| {
                let hs: Vec<_> = (0..4)
                    .map(|_| {
                        let b = barrier.clone();
                        scope.spawn(move || {
                            let mut st = fx.open();
                            b.wait();
                            claim(&mut st, T0 + 3600).into_iter().map(|d| d.key).collect()
                        })
                    })
                    .collect();
                hs.into_iter().map(|h| h.join().unwrap()).collect()
            });
            let mut all: Vec<ReminderKey> = claimed.into_iter().flatten().collect();
            assert_eq!(all.len(), 30, "each due reminder claimed once");
            all.sort_by_key(|k| k.game_id);
            all.dedup();
            assert_eq!(all.len(), 30);
        }
    }
}
