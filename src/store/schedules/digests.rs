//! Daily digest persistence (migration 0008): who wants a digest in which server and at
//! what local time, the log of digests sent, and their claims.
//!
//! Invariants:
//! - A digest is per player per server (`guild`, '' outside any server): the games it lists
//!   are that server's, so a player in two servers sets (and gets) one in each.
//! - A digest is identified by [`DigestKey`] (platform, server, user, local day); `due_digests`
//!   is a pure read, and a key recorded by `mark_digest_sent` is never offered again, also
//!   after reopening the database: at most one digest per player, server and local day.
//! - `claim_due_digests` hands each due digest to one store at a time, exactly like
//!   `claim_due_reminders` (a claim row with a lease, taken only when no other store holds an
//!   unexpired one, handed out only if the digest is not yet logged).
//! - While a player has a digest in a server, that server's per-game reminders for them are
//!   not offered (`due_reminders` skips them); deadline notices are.

use super::reminders::load_prefs;
use super::{is_logged, log_sent, Claim, Claimed, Schedules};
use crate::reminders::{self, ReminderDefaults};
use crate::store::db::{vals, Exec, Value};
use crate::store::{Result, Store};
use std::ops::{Deref, DerefMut};

/// A player's digest setting in one server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DigestPref {
    /// Local minutes after midnight, in the player's UTC offset.
    pub at_minute: u32,
    /// When it was turned on or its time last changed (unix seconds): no earlier slot is due.
    pub set_at: i64,
}

/// Identifies one digest: the player, the server and the player's local day.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DigestKey {
    pub platform: String,
    /// The server, `None` outside any.
    pub guild: Option<String>,
    pub user_id: String,
    /// Days since 1970-01-01 in the player's UTC offset.
    pub day: i64,
}

impl DigestKey {
    /// The key's values, in the order of [`Claim::DIGEST`]'s key columns.
    fn values(&self) -> Vec<Value> {
        let guild = guild_key(self.guild.as_deref());
        vals![&self.platform, guild, &self.user_id, self.day].to_vec()
    }
}

/// A digest to send now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DueDigest {
    pub key: DigestKey,
    /// Its slot: when it became due.
    pub due_at: i64,
}

impl Claimed for DueDigest {
    const CLAIM: Claim = Claim::DIGEST;
    fn key(&self) -> Vec<Value> {
        self.key.values()
    }
}

/// Turn `user`'s digest in `guild` off (nothing happens when it is already off).
pub(in crate::store) fn delete_digest(
    ex: &mut dyn Exec,
    platform: &str,
    guild: Option<&str>,
    user: &str,
) -> Result<()> {
    ex.exec(
        "DELETE FROM digest_prefs WHERE platform = ?1 AND guild = ?2 AND user_id = ?3",
        vals![platform, guild_key(guild), user],
    )?;
    // Per-game reminders may be due again.
    super::reminders::recheck_user(ex, user)
}

fn guild_key(guild: Option<&str>) -> &str {
    guild.unwrap_or("")
}

impl<R: Deref<Target = Store>> Schedules<R> {
    /// `user`'s digest setting in `guild` on `platform`, if the digest is on.
    pub fn digest_pref(
        &self,
        platform: &str,
        guild: Option<&str>,
        user: &str,
    ) -> Result<Option<DigestPref>> {
        let row = self.store.db.with(|ex| {
            ex.query_opt(
                "SELECT at_minute, set_at FROM digest_prefs
                 WHERE platform = ?1 AND guild = ?2 AND user_id = ?3",
                vals![platform, guild_key(guild), user],
            )
        })?;
        let Some(r) = row else { return Ok(None) };
        Ok(Some(DigestPref {
            at_minute: r.i64(0)?.clamp(0, 24 * 60 - 1) as u32,
            set_at: r.i64(1)?,
        }))
    }

    /// Every digest `user` has on `platform`, one per server (`None`: outside any server),
    /// in the order of the servers' ids. Read only.
    pub fn digest_prefs_of(
        &self,
        platform: &str,
        user: &str,
    ) -> Result<Vec<(Option<String>, DigestPref)>> {
        let rows = self.store.db.with(|ex| {
            ex.query(
                "SELECT guild, at_minute, set_at FROM digest_prefs
                 WHERE platform = ?1 AND user_id = ?2 ORDER BY guild",
                vals![platform, user],
            )
        })?;
        let mut out = Vec::with_capacity(rows.len());
        for r in &rows {
            let guild = r.text(0)?;
            let pref = DigestPref {
                at_minute: r.i64(1)?.clamp(0, 24 * 60 - 1) as u32,
                set_at: r.i64(2)?,
            };
            out.push(((!guild.is_empty()).then_some(guild), pref));
        }
        Ok(out)
    }

    /// The digests due at `now` on `platform` and not yet logged as sent (see
    /// [`reminders::due_digest`]). Pure read.
    pub fn due_digests(
        &self,
        platform: &str,
        now: i64,
        defaults: &ReminderDefaults,
    ) -> Result<Vec<DueDigest>> {
        self.store
            .db
            .with(|ex| due_digests(ex, platform, now, defaults))
    }
}

impl<R: DerefMut<Target = Store>> Schedules<R> {
    /// `remind reset`: the player's reminder settings back to the defaults and their daily
    /// digest in `guild` on `platform` turned off, in one transaction (either both or
    /// neither).
    pub fn reset_reminders(
        &mut self,
        platform: &str,
        guild: Option<&str>,
        user_id: &str,
    ) -> Result<()> {
        self.store.db.tx(|ex| {
            super::reminders::write_prefs(ex, user_id, &reminders::Prefs::default())?;
            super::reminders::recheck_user(ex, user_id)?;
            delete_digest(ex, platform, guild, user_id)
        })
    }

    /// Turn `user`'s digest in `guild` on at local minute `at` (`Some`), or off (`None`).
    /// Turning it on or changing its time at `now` makes only slots from `now` on due.
    pub fn set_digest(
        &mut self,
        platform: &str,
        guild: Option<&str>,
        user: &str,
        at: Option<u32>,
        now: i64,
    ) -> Result<()> {
        let g = guild_key(guild);
        self.store.db.tx(|ex| {
            match at {
                Some(m) => ex.exec(
                    "INSERT INTO digest_prefs (platform, guild, user_id, at_minute, set_at)
                     VALUES (?1, ?2, ?3, ?4, ?5)
                     ON CONFLICT (platform, guild, user_id) DO UPDATE
                       SET at_minute = excluded.at_minute, set_at = excluded.set_at",
                    vals![platform, g, user, m as i64, now],
                )?,
                None => return delete_digest(ex, platform, guild, user),
            };
            super::reminders::recheck_user(ex, user)
        })
    }

    /// The digests due at `now` that this store now holds a claim on (for
    /// [`CLAIM_LEASE_SECS`](super::CLAIM_LEASE_SECS)): send each, then [`Schedules::mark_digest_sent`] it. One held by
    /// another store, or already logged, is left out.
    pub fn claim_due_digests(
        &mut self,
        platform: &str,
        now: i64,
        defaults: &ReminderDefaults,
    ) -> Result<Vec<DueDigest>> {
        let due = self.due_digests(platform, now, defaults)?;
        self.claim_each(due, now)
    }

    /// Record that a digest listing `games` games was sent (0: nobody waited, so nothing
    /// was sent, and the day is done). Returns false if the day was already recorded
    /// (nothing changes then). The claim stays until its lease ends.
    pub fn mark_digest_sent(&mut self, key: &DigestKey, games: usize, now: i64) -> Result<bool> {
        let more = [("sent_at", now.into()), ("games", (games as i64).into())];
        self.store
            .db
            .with(|ex| log_sent(ex, &Claim::DIGEST, &key.values(), &more))
    }
}

fn due_digests(
    ex: &mut dyn Exec,
    platform: &str,
    now: i64,
    defaults: &ReminderDefaults,
) -> Result<Vec<DueDigest>> {
    let prefs = ex.query(
        "SELECT guild, user_id, at_minute, set_at FROM digest_prefs WHERE platform = ?1
         ORDER BY guild, user_id",
        vals![platform],
    )?;
    let mut out = Vec::new();
    for p in &prefs {
        let (guild, user_id) = (p.text(0)?, p.text(1)?);
        let at = p.i64(2)?.clamp(0, 24 * 60 - 1) as u32;
        let set_at = p.i64(3)?;
        let settings = load_prefs(ex, &user_id)?.resolve(defaults);
        let Some((day, slot)) = reminders::due_digest(&settings, at, set_at, now) else {
            continue;
        };
        let key = DigestKey {
            platform: platform.to_string(),
            guild: (!guild.is_empty()).then_some(guild),
            user_id,
            day,
        };
        if !is_logged(ex, &Claim::DIGEST, &key.values())? {
            out.push(DueDigest { key, due_at: slot });
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::schedules::{CLAIM_KEPT_SECS, CLAIM_LEASE_SECS};
    use crate::store::tests::both_backends;
    use crate::store::DueKind;

    const T0: i64 = 1_700_000_000 - 1_700_000_000 % 86_400; // a UTC midnight
    const DAY: i64 = 86_400;

    /// A running game in server g1 waiting for u1 since T0, and the digest at 09:00 UTC set
    /// just after midnight.
    fn setup(s: &mut Store) {
        s.debug_exec(&format!(
            "INSERT INTO games (id, platform, guild, channel, kind, options, seed, status, creator, created_at, updated_at)
             VALUES (1, 'discord', 'g1', 'c1', 'nepal', '{{}}', 7, 'running', 'u1', {T0}, {T0});
             INSERT INTO seats (game_id, seat, user_id, name) VALUES (1, 0, 'u1', 'ann'), (1, 1, 'u2', 'bob');"
        ))
        .unwrap();
        s.schedules_mut()
            .on_turn_change(1, &["u1".to_string()], T0)
            .unwrap();
        s.schedules_mut()
            .set_digest("discord", Some("g1"), "u1", Some(9 * 60), T0 + 60)
            .unwrap();
    }

    fn claim(s: &mut Store, now: i64) -> Vec<DueDigest> {
        s.schedules_mut()
            .claim_due_digests("discord", now, &ReminderDefaults::for_tests())
            .unwrap()
    }

    both_backends! {
        fn a_digest_is_due_at_its_slot_and_only_once_a_day(s, fx) {
            setup(&mut s);
            assert_eq!(
                s.schedules().digest_pref("discord", Some("g1"), "u1").unwrap(),
                Some(DigestPref { at_minute: 540, set_at: T0 + 60 })
            );
            assert_eq!(s.schedules().digest_pref("discord", Some("g2"), "u1").unwrap(), None, "per server");
            assert!(s.schedules().due_digests("discord", T0 + 9 * 3600 - 1, &ReminderDefaults::for_tests()).unwrap().is_empty());
            let d = s.schedules().due_digests("discord", T0 + 9 * 3600, &ReminderDefaults::for_tests()).unwrap();
            assert_eq!(d.len(), 1);
            assert_eq!(d[0].key.guild.as_deref(), Some("g1"));
            assert_eq!(d[0].key.day, T0 / DAY);
            assert_eq!(d[0].due_at, T0 + 9 * 3600);
            assert!(s.schedules_mut().mark_digest_sent(&d[0].key, 1, T0 + 9 * 3600).unwrap());
            assert!(!s.schedules_mut().mark_digest_sent(&d[0].key, 1, T0 + 9 * 3600 + 5).unwrap());
            // Sent: not again that day, whatever the time; the next day's is due at its slot.
            assert!(s.schedules().due_digests("discord", T0 + DAY + 9 * 3600 - 1, &ReminderDefaults::for_tests()).unwrap().is_empty());
            let d = s.schedules().due_digests("discord", T0 + DAY + 9 * 3600, &ReminderDefaults::for_tests()).unwrap();
            assert_eq!(d[0].key.day, T0 / DAY + 1);
            // Turned off: nothing due.
            s.schedules_mut().set_digest("discord", Some("g1"), "u1", None, T0 + DAY).unwrap();
            assert!(s.schedules().due_digests("discord", T0 + 3 * DAY, &ReminderDefaults::for_tests()).unwrap().is_empty());
        }

        fn a_digest_replaces_per_game_reminders_but_not_deadlines(s, fx) {
            setup(&mut s);
            s.schedules_mut().set_game_deadline(1, Some((7200, crate::reminders::Consequence::Notify))).unwrap();
            let kinds: Vec<DueKind> = s
                .schedules().due_reminders("discord", T0 + 4 * 3600, &ReminderDefaults::for_tests())
                .unwrap()
                .into_iter()
                .map(|d| d.kind)
                .collect();
            assert_eq!(kinds, vec![DueKind::Deadline(crate::reminders::Consequence::Notify)]);
            // Without the digest, the reminder is offered again.
            s.schedules_mut().set_digest("discord", Some("g1"), "u1", None, T0).unwrap();
            assert_eq!(s.schedules().due_reminders("discord", T0 + 4 * 3600, &ReminderDefaults::for_tests()).unwrap().len(), 2);
            // A digest in another server leaves this server's reminders alone.
            s.schedules_mut().set_digest("discord", Some("g2"), "u1", Some(540), T0).unwrap();
            assert_eq!(s.schedules().due_reminders("discord", T0 + 4 * 3600, &ReminderDefaults::for_tests()).unwrap().len(), 2);
        }

        fn a_claimed_digest_goes_to_one_store_and_a_sent_one_never_again(s, fx) {
            setup(&mut s);
            let mut other = fx.open();
            let now = T0 + 9 * 3600;
            let mine = claim(&mut s, now);
            assert_eq!(mine.len(), 1);
            assert!(claim(&mut other, now).is_empty(), "held by the first store");
            assert!(claim(&mut s, now + 1).is_empty(), "handed out once, also to its holder");
            // The holder died before marking it: after the lease another store takes it.
            assert!(claim(&mut other, now + CLAIM_LEASE_SECS - 1).is_empty());
            let theirs = claim(&mut other, now + CLAIM_LEASE_SECS);
            assert_eq!(theirs.len(), 1);
            assert_eq!(theirs[0].key, mine[0].key);
            assert!(other.schedules_mut().mark_digest_sent(&theirs[0].key, 1, now + CLAIM_LEASE_SECS).unwrap());
            // Sent: nobody claims it again, also after reopening, whatever the lease.
            drop(other);
            let mut reopened = fx.open();
            assert!(claim(&mut reopened, now + 10 * CLAIM_LEASE_SECS).is_empty());
            assert!(claim(&mut s, now + 20 * CLAIM_LEASE_SECS).is_empty());
            // A day after its lease ended the claim is deleted; the log still says sent.
            let held = format!("SELECT COUNT(*) FROM digest_claims WHERE day = {}", mine[0].key.day);
            assert_eq!(s.debug_query_i64(&held).unwrap(), 1);
            let later = now + 2 * CLAIM_LEASE_SECS + CLAIM_KEPT_SECS + 1;
            assert!(claim(&mut s, later).iter().all(|d| d.key != mine[0].key));
            assert_eq!(s.debug_query_i64(&held).unwrap(), 0, "pruned");
        }

        fn a_digest_missed_while_down_is_sent_late_once_and_respects_quiet_hours(s, fx) {
            setup(&mut s);
            // Quiet 20:00-10:00 UTC: the 09:00 digest comes at 10:00.
            s.schedules_mut().set_reminder_prefs("u1", &crate::reminders::Prefs {
                quiet: Some(Some(crate::reminders::QuietHours { start: 20 * 60, end: 10 * 60 })),
                ..Default::default()
            })
            .unwrap();
            assert!(claim(&mut s, T0 + 9 * 3600 + 1800).is_empty());
            // Down from 09:30 to 23:00: at 23:00 it is quiet, so it waits until 10:00 the
            // next day, when that day's digest replaces it: one message, not two.
            assert!(claim(&mut s, T0 + 23 * 3600).is_empty());
            let d = claim(&mut s, T0 + DAY + 10 * 3600);
            assert_eq!(d.len(), 1);
            assert_eq!(d[0].key.day, T0 / DAY + 1);
            // Back at 15:00 after missing the 10:00 slot: still sent that day.
            let mut late = fx.open();
            let d = claim(&mut late, T0 + 2 * DAY + 15 * 3600);
            assert_eq!(d.len(), 1);
            assert_eq!(d[0].due_at, T0 + 2 * DAY + 10 * 3600);
        }

        fn migrate_db_copies_digest_settings_and_the_days_sent(s, fx) {
            setup(&mut s);
            let d = claim(&mut s, T0 + 9 * 3600);
            s.schedules_mut().mark_digest_sent(&d[0].key, 1, T0 + 9 * 3600).unwrap();
            let to = crate::store::tests::Fixture::new(false);
            let mut dst = to.open();
            let report = dst.copy_from(&s).unwrap();
            assert!(report.rows.contains(&("digest_prefs", 1)), "{:?}", report.rows);
            assert!(report.rows.contains(&("digest_log", 1)), "{:?}", report.rows);
            assert_eq!(
                dst.schedules().digest_pref("discord", Some("g1"), "u1").unwrap(),
                s.schedules().digest_pref("discord", Some("g1"), "u1").unwrap()
            );
            assert!(claim(&mut dst, T0 + 10 * 3600).is_empty(), "the sent day stays sent");
            assert_eq!(claim(&mut dst, T0 + DAY + 9 * 3600).len(), 1);
        }
    }
}
