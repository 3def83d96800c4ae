//! Reminder persistence: player settings, per-game deadlines, who each game waits for, and
//! the log of reminders sent (migration 0002).
//!
//! Invariants:
//! - `due_reminders` is a pure read: calling it twice offers the same reminders.
//! - `mark_sent` is idempotent: a reminder key is recorded once; once recorded it is never
//!   offered again, also after reopening the database.
//! - `on_turn_change` keeps the wait start (`since`) of a user who still has to act, so a
//!   simultaneous-choice round does not restart the clock of those still thinking.

use super::{Result, Store};
use crate::reminders::{self, Consequence, Prefs, QuietHours, ReminderDefaults};
use rusqlite::{params, Connection, OptionalExtension};

/// Identifies one reminder: the wait (game, user, since) and its ordinal (0, 1, … for
/// reminders; -1 for the deadline notice).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ReminderKey {
    pub game_id: i64,
    pub user_id: String,
    pub since: i64,
    pub ordinal: i64,
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

fn b(v: Option<i64>) -> Option<bool> {
    v.map(|x| x != 0)
}

pub(crate) fn load_prefs(conn: &Connection, user_id: &str) -> rusqlite::Result<Prefs> {
    conn.query_row(
        "SELECT enabled, delay_secs, interval_secs, max_count, quiet_start, quiet_end, utc_offset, dm, vacation_until
         FROM reminder_prefs WHERE user_id = ?1",
        params![user_id],
        |r| {
            let qs: Option<i64> = r.get(4)?;
            let qe: Option<i64> = r.get(5)?;
            let quiet = match (qs, qe) {
                (Some(s), Some(e)) if s >= 0 && e >= 0 => Some(Some(QuietHours { start: s as u32, end: e as u32 })),
                (Some(_), _) => Some(None),
                _ => None,
            };
            Ok(Prefs {
                enabled: b(r.get(0)?),
                delay: r.get(1)?,
                interval: r.get(2)?,
                max: r.get::<_, Option<i64>>(3)?.map(|x| x.clamp(0, 1000) as u32),
                quiet,
                utc_offset: r.get::<_, Option<i64>>(6)?.map(|x| x as i32),
                dm: b(r.get(7)?),
                vacation_until: r.get(8)?,
            })
        },
    )
    .optional()
    .map(|p| p.unwrap_or_default())
}

/// Replace who `game_id` waits for with `acting_user_ids` (empty: nobody, e.g. the game
/// ended). Users still acting keep their wait start; others start waiting at `now`.
/// Works on a plain connection or inside the caller's transaction.
pub fn on_turn_change_conn(
    conn: &Connection,
    game_id: i64,
    acting_user_ids: &[String],
    now: i64,
) -> rusqlite::Result<()> {
    let mut keep = Vec::new();
    {
        let mut st =
            conn.prepare_cached("SELECT user_id FROM reminder_waits WHERE game_id = ?1")?;
        let rows = st.query_map(params![game_id], |r| r.get::<_, String>(0))?;
        for u in rows {
            let u = u?;
            if !acting_user_ids.contains(&u) {
                keep.push(u);
            }
        }
    }
    for gone in keep {
        conn.execute(
            "DELETE FROM reminder_waits WHERE game_id = ?1 AND user_id = ?2",
            params![game_id, gone],
        )?;
    }
    for u in acting_user_ids {
        conn.execute(
            "INSERT INTO reminder_waits (game_id, user_id, since) VALUES (?1, ?2, ?3)
             ON CONFLICT (game_id, user_id) DO NOTHING",
            params![game_id, u, now],
        )?;
    }
    Ok(())
}

/// The users a game in `status` waits for: the acting seats that have not resigned (nobody
/// once the game is finished). What [`super::Change::waiting`] should hold.
pub fn waiting_users(seats: &[super::SeatRow], status: &crate::engine::Status) -> Vec<String> {
    status
        .acting()
        .iter()
        .filter_map(|&s| seats.iter().find(|r| r.seat == s))
        .filter(|r| !r.resigned)
        .map(|r| r.user_id.clone())
        .collect()
}

/// [`Store::on_turn_change`] as a free function, for the chat core.
pub fn on_turn_change(
    store: &mut Store,
    game_id: i64,
    acting_user_ids: &[String],
    now: i64,
) -> Result<()> {
    store.on_turn_change(game_id, acting_user_ids, now)
}

impl Store {
    /// Who must act changed in `game_id`: see [`on_turn_change_conn`].
    pub fn on_turn_change(
        &mut self,
        game_id: i64,
        acting_user_ids: &[String],
        now: i64,
    ) -> Result<()> {
        let tx = self.conn.transaction()?;
        on_turn_change_conn(&tx, game_id, acting_user_ids, now)?;
        tx.commit()?;
        Ok(())
    }

    /// [`Store::on_turn_change`] from the game's seats and status: the acting, not resigned
    /// seats' users wait from now on; nobody waits once the game is finished.
    pub fn on_turn_change_seats(
        &mut self,
        game_id: i64,
        seats: &[super::SeatRow],
        status: &crate::engine::Status,
        now: i64,
    ) -> Result<()> {
        self.on_turn_change(game_id, &waiting_users(seats, status), now)
    }

    /// Who `game_id` waits for and since when (user id, unix seconds), by user id.
    pub fn waits(&self, game_id: i64) -> Result<Vec<(String, i64)>> {
        let mut st = self.conn.prepare_cached(
            "SELECT user_id, since FROM reminder_waits WHERE game_id = ?1 ORDER BY user_id",
        )?;
        let rows = st
            .query_map(params![game_id], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(rows)
    }

    /// A player's reminder settings (defaults where they chose nothing).
    pub fn reminder_prefs(&self, user_id: &str) -> Result<Prefs> {
        Ok(load_prefs(&self.conn, user_id)?)
    }

    /// Store a player's reminder settings (replacing the previous ones).
    pub fn set_reminder_prefs(&mut self, user_id: &str, p: &Prefs) -> Result<()> {
        let (qs, qe) = match p.quiet {
            None => (None, None),
            Some(None) => (Some(-1i64), Some(-1i64)),
            Some(Some(q)) => (Some(q.start as i64), Some(q.end as i64)),
        };
        self.conn.execute(
            "INSERT INTO reminder_prefs (user_id, enabled, delay_secs, interval_secs, max_count, quiet_start, quiet_end, utc_offset, dm, vacation_until)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
             ON CONFLICT (user_id) DO UPDATE SET enabled = excluded.enabled, delay_secs = excluded.delay_secs,
               interval_secs = excluded.interval_secs, max_count = excluded.max_count, quiet_start = excluded.quiet_start,
               quiet_end = excluded.quiet_end, utc_offset = excluded.utc_offset, dm = excluded.dm,
               vacation_until = excluded.vacation_until",
            params![
                user_id,
                p.enabled.map(|x| x as i64),
                p.delay,
                p.interval,
                p.max.map(|x| x as i64),
                qs,
                qe,
                p.utc_offset.map(|x| x as i64),
                p.dm.map(|x| x as i64),
                p.vacation_until
            ],
        )?;
        Ok(())
    }

    /// The game's deadline (seconds of waiting) and its consequence, if set.
    pub fn game_deadline(&self, game_id: i64) -> Result<Option<(i64, Consequence)>> {
        let row: Option<(Option<i64>, String)> = self
            .conn
            .query_row(
                "SELECT deadline_secs, consequence FROM reminder_games WHERE game_id = ?1",
                params![game_id],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?;
        Ok(
            row.and_then(|(d, c)| {
                Some((d?, Consequence::parse(&c).unwrap_or(Consequence::Notify)))
            }),
        )
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
        self.conn.execute(
            "INSERT INTO reminder_games (game_id, deadline_secs, consequence) VALUES (?1, ?2, ?3)
             ON CONFLICT (game_id) DO UPDATE SET deadline_secs = excluded.deadline_secs, consequence = excluded.consequence",
            params![game_id, d, c],
        )?;
        Ok(())
    }

    /// Everything due at `now` on `platform`: at most one reminder per waiting player (the
    /// next unsent one) and any deadline notice not yet sent. Pure read.
    pub fn due_reminders(
        &self,
        platform: &str,
        now: i64,
        defaults: &ReminderDefaults,
    ) -> Result<Vec<DueReminder>> {
        struct Wait {
            game_id: i64,
            user_id: String,
            since: i64,
            guild: Option<String>,
            channel: String,
            kind: String,
            version: i64,
            name: String,
            deadline: Option<i64>,
            consequence: String,
        }
        let waits: Vec<Wait> = {
            let mut st = self.conn.prepare_cached(
                "SELECT w.game_id, w.user_id, w.since, g.guild, g.channel, g.kind, g.version, s.name,
                        rg.deadline_secs, COALESCE(rg.consequence, 'notify')
                 FROM reminder_waits w
                 JOIN games g ON g.id = w.game_id AND g.status = 'running' AND g.platform = ?1
                 JOIN seats s ON s.game_id = w.game_id AND s.user_id = w.user_id AND s.resigned = 0
                 LEFT JOIN reminder_games rg ON rg.game_id = w.game_id
                 ORDER BY w.since, w.game_id, w.user_id",
            )?;
            let rows = st.query_map(params![platform], |r| {
                Ok(Wait {
                    game_id: r.get(0)?,
                    user_id: r.get(1)?,
                    since: r.get(2)?,
                    guild: r.get(3)?,
                    channel: r.get(4)?,
                    kind: r.get(5)?,
                    version: r.get(6)?,
                    name: r.get(7)?,
                    deadline: r.get(8)?,
                    consequence: r.get(9)?,
                })
            })?;
            rows.collect::<rusqlite::Result<_>>()?
        };
        let mut out = Vec::new();
        for w in waits {
            let settings = load_prefs(&self.conn, &w.user_id)?.resolve(defaults);
            let (sent, last, deadline_sent): (i64, Option<i64>, i64) = self.conn.query_row(
                "SELECT COUNT(*) FILTER (WHERE ordinal >= 0), MAX(sent_at) FILTER (WHERE ordinal >= 0),
                        COUNT(*) FILTER (WHERE ordinal < 0)
                 FROM reminder_log WHERE game_id = ?1 AND user_id = ?2 AND since = ?3",
                params![w.game_id, w.user_id, w.since],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )?;
            let deadline_at = w
                .deadline
                .map(|d| reminders::deadline_at(d, w.since, settings.vacation_until));
            let base = |key_ord: i64, kind: DueKind, due_at: i64| DueReminder {
                key: ReminderKey {
                    game_id: w.game_id,
                    user_id: w.user_id.clone(),
                    since: w.since,
                    ordinal: key_ord,
                },
                kind,
                platform: platform.to_string(),
                guild: w.guild.clone(),
                channel: w.channel.clone(),
                game_kind: w.kind.clone(),
                user_name: w.name.clone(),
                version: w.version,
                due_at,
                deadline_at,
                dm: settings.dm,
            };
            if let (Some(at), 0) = (deadline_at, deadline_sent) {
                if at <= now {
                    let c = Consequence::parse(&w.consequence).unwrap_or(Consequence::Notify);
                    out.push(base(-1, DueKind::Deadline(c), at));
                }
            }
            if let Some(at) = reminders::next_reminder(&settings, w.since, sent as u32, last) {
                if at <= now {
                    out.push(base(
                        sent,
                        DueKind::Reminder {
                            number: sent as u32 + 1,
                            of: settings.max,
                        },
                        at,
                    ));
                }
            }
        }
        Ok(out)
    }

    /// Record that a reminder was sent. Returns false if it had already been recorded
    /// (nothing changes then). Also bumps `seats.reminders_sent` for a new reminder.
    pub fn mark_sent(&mut self, key: &ReminderKey, now: i64) -> Result<bool> {
        let tx = self.conn.transaction()?;
        let n = tx.execute(
            "INSERT OR IGNORE INTO reminder_log (game_id, user_id, since, ordinal, sent_at) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![key.game_id, key.user_id, key.since, key.ordinal, now],
        )?;
        if n == 1 && key.ordinal >= 0 {
            tx.execute(
                "UPDATE seats SET reminders_sent = reminders_sent + 1 WHERE game_id = ?1 AND user_id = ?2",
                params![key.game_id, key.user_id],
            )?;
        }
        tx.commit()?;
        Ok(n == 1)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reminders::QuietHours;

    const T0: i64 = 1_700_000_000 - 1_700_000_000 % 86_400; // a UTC midnight

    fn defaults() -> ReminderDefaults {
        ReminderDefaults {
            enabled: true,
            first_after: 3600,
            interval: 7200,
            max: 2,
            quiet: None,
            dm: false,
        }
    }

    fn setup(store: &mut Store) -> i64 {
        store
            .conn
            .execute_batch(&format!(
                "INSERT INTO games (id, platform, guild, channel, kind, options, seed, status, creator, created_at, updated_at)
                 VALUES (1, 'discord', 'g1', 'c1', 'nepal', '{{}}', 7, 'running', 'u1', {T0}, {T0});
                 INSERT INTO seats (game_id, seat, user_id, name) VALUES (1, 0, 'u1', 'ann'), (1, 1, 'u2', 'bob');"
            ))
            .unwrap();
        store.on_turn_change(1, &["u1".to_string()], T0).unwrap();
        1
    }

    fn due(store: &Store, now: i64) -> Vec<DueReminder> {
        store.due_reminders("discord", now, &defaults()).unwrap()
    }

    #[test]
    fn reminder_due_after_delay_and_offered_until_marked() {
        let mut s = Store::open_in_memory().unwrap();
        setup(&mut s);
        assert!(due(&s, T0 + 3599).is_empty());
        let d = due(&s, T0 + 3600);
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].kind, DueKind::Reminder { number: 1, of: 2 });
        assert_eq!(d[0].user_name, "ann");
        // Reading twice offers the same key; marking twice records once.
        assert_eq!(due(&s, T0 + 3600)[0].key, d[0].key);
        assert!(s.mark_sent(&d[0].key, T0 + 3600).unwrap());
        assert!(!s.mark_sent(&d[0].key, T0 + 3601).unwrap());
        assert!(due(&s, T0 + 3600 + 7199).is_empty());
        assert_eq!(due(&s, T0 + 3600 + 7200)[0].key.ordinal, 1);
    }

    #[test]
    fn max_count_stops_reminders() {
        let mut s = Store::open_in_memory().unwrap();
        setup(&mut s);
        for i in 0..2 {
            let now = T0 + (10 + 10 * i) * 3600;
            let d = due(&s, now);
            s.mark_sent(&d[0].key, now).unwrap();
        }
        assert!(due(&s, T0 + 1000 * 3600).is_empty());
        let sent: i64 = s
            .conn
            .query_row(
                "SELECT reminders_sent FROM seats WHERE user_id = 'u1'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(sent, 2);
    }

    #[test]
    fn turn_change_moves_the_wait_and_keeps_still_acting_users() {
        let mut s = Store::open_in_memory().unwrap();
        setup(&mut s);
        s.on_turn_change(1, &["u1".to_string(), "u2".to_string()], T0 + 50)
            .unwrap();
        let d = due(&s, T0 + 3600);
        assert_eq!(
            d.len(),
            1,
            "u1 keeps the wait started at T0; u2 waits since T0+50"
        );
        assert_eq!(d[0].key.user_id, "u1");
        s.on_turn_change(1, &[], T0 + 60).unwrap();
        assert!(due(&s, T0 + 100_000).is_empty());
    }

    #[test]
    fn quiet_hours_defer_a_reminder() {
        let mut s = Store::open_in_memory().unwrap();
        setup(&mut s);
        // Quiet 00:00-06:00 at UTC+0: the reminder due at 01:00 waits until 06:00.
        let p = Prefs {
            quiet: Some(Some(QuietHours { start: 0, end: 360 })),
            ..Prefs::default()
        };
        s.set_reminder_prefs("u1", &p).unwrap();
        assert!(due(&s, T0 + 5 * 3600).is_empty());
        assert_eq!(due(&s, T0 + 6 * 3600)[0].due_at, T0 + 6 * 3600);
    }

    #[test]
    fn vacation_defers_reminders_and_deadline() {
        let mut s = Store::open_in_memory().unwrap();
        setup(&mut s);
        s.set_game_deadline(1, Some((7200, Consequence::Kick)))
            .unwrap();
        let p = Prefs {
            vacation_until: Some(T0 + 86_400),
            ..Prefs::default()
        };
        s.set_reminder_prefs("u1", &p).unwrap();
        assert!(due(&s, T0 + 86_399).is_empty());
        let d = due(&s, T0 + 86_400);
        assert_eq!(d.len(), 1);
        assert!(matches!(d[0].kind, DueKind::Reminder { .. }));
        let d = due(&s, T0 + 86_400 + 7200);
        assert!(d
            .iter()
            .any(|x| x.kind == DueKind::Deadline(Consequence::Kick) && x.key.ordinal == -1));
    }

    #[test]
    fn deadline_notice_sent_once() {
        let mut s = Store::open_in_memory().unwrap();
        setup(&mut s);
        s.set_game_deadline(1, Some((600, Consequence::Notify)))
            .unwrap();
        let d = due(&s, T0 + 600);
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].kind, DueKind::Deadline(Consequence::Notify));
        s.mark_sent(&d[0].key, T0 + 600).unwrap();
        assert!(due(&s, T0 + 700).is_empty());
    }

    #[test]
    fn settings_and_sent_reminders_survive_reopening_the_database() {
        let dir = std::env::temp_dir().join(format!("sherpa-rem-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("r.db");
        let _ = std::fs::remove_file(&path);
        {
            let mut s = Store::open(&path).unwrap();
            setup(&mut s);
            s.set_reminder_prefs(
                "u1",
                &Prefs {
                    dm: Some(true),
                    ..Prefs::default()
                },
            )
            .unwrap();
            let d = due(&s, T0 + 3600);
            s.mark_sent(&d[0].key, T0 + 3600).unwrap();
        }
        let s = Store::open(&path).unwrap();
        assert!(
            due(&s, T0 + 3600).is_empty(),
            "a sent reminder is not repeated after a restart"
        );
        let d = due(&s, T0 + 3600 + 7200);
        assert_eq!(d.len(), 1, "the next reminder is not lost after a restart");
        assert!(d[0].dm);
        drop(s);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn finished_games_are_not_reminded() {
        let mut s = Store::open_in_memory().unwrap();
        setup(&mut s);
        s.conn
            .execute("UPDATE games SET status = 'finished' WHERE id = 1", [])
            .unwrap();
        assert!(due(&s, T0 + 100_000).is_empty());
    }
}
