//! `--reminder-tick`: one reminder tick over many waiting games.

use super::*;

/// The reminder task's tick over many stored games (`sherpa bench --reminder-tick N`).
#[derive(Clone, Debug, serde::Serialize)]
pub struct ReminderTick {
    pub games: usize,
    /// Players waiting (one per game, all seats in every tenth game).
    pub waits: usize,
    /// The backend: `sqlite` or `postgres`.
    pub backend: String,
    /// The first tick (every wait's schedule read once), seconds of wall time.
    pub first_tick_s: f64,
    /// CPU seconds of this process during the first tick.
    pub first_tick_cpu_s: f64,
    /// Reminders the first tick handed out (then marked sent, untimed).
    pub first_tick_due: usize,
    /// Later ticks, a minute apart (the steady state): median wall seconds.
    pub tick_s: f64,
    /// Later ticks: median CPU seconds of this process.
    pub tick_cpu_s: f64,
    /// Reminders the later ticks handed out, in all.
    pub ticks_due: usize,
    /// How many later ticks were timed.
    pub ticks: usize,
}

/// CPU time (user + system) of this process so far, in seconds.
pub(super) fn cpu_seconds() -> f64 {
    // SAFETY: getrusage only writes the struct it is given.
    let mut u: libc::rusage = unsafe { std::mem::zeroed() };
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut u) } != 0 {
        return 0.0;
    }
    let t = |v: libc::timeval| v.tv_sec as f64 + v.tv_usec as f64 / 1e6;
    t(u.ru_utime) + t(u.ru_stime)
}

/// Store `games` running games (3 seats each, waiting for one player, or all three in
/// every tenth game; the waits began at spread times over the last three days), then time
/// the reminder task's tick (`Store::claim_due_reminders` with the default settings of
/// `config.example.toml`): the first one, then `ticks` more a minute apart, marking what
/// each hands out as sent (untimed), as the task does. On `store` (fresh: SQLite or
/// PostgreSQL).
pub fn reminder_tick(
    mut store: Store,
    backend: &str,
    games: usize,
    ticks: usize,
) -> anyhow::Result<ReminderTick> {
    const NOW: i64 = 1_800_000_000;
    let waits = store_waiting_games(&mut store, games, NOW)?;
    let defaults = sherpa::reminders::ReminderDefaults::default();
    let tick = |store: &mut Store, now: i64| -> anyhow::Result<(f64, f64, usize)> {
        let (t, c) = (Instant::now(), cpu_seconds());
        let due = store
            .schedules_mut()
            .claim_due_reminders("discord", now, &defaults)?;
        let (wall, cpu) = (t.elapsed().as_secs_f64(), cpu_seconds() - c);
        for d in &due {
            store.schedules_mut().mark_sent(&d.key, now)?;
        }
        Ok((wall, cpu, due.len()))
    };
    let (first_tick_s, first_tick_cpu_s, first_tick_due) = tick(&mut store, NOW)?;
    let (mut walls, mut cpus, mut ticks_due) = (Vec::new(), Vec::new(), 0);
    for k in 1..=ticks {
        let (w, c, d) = tick(&mut store, NOW + 60 * k as i64)?;
        walls.push(w);
        cpus.push(c);
        ticks_due += d;
    }
    let median = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v.get(v.len() / 2).copied().unwrap_or(0.0)
    };
    Ok(ReminderTick {
        games,
        waits,
        backend: backend.to_string(),
        first_tick_s,
        first_tick_cpu_s,
        first_tick_due,
        tick_s: median(walls),
        tick_cpu_s: median(cpus),
        ticks_due,
        ticks,
    })
}

/// Store `games` running Nepal games of 3 seats through the store's own import and
/// turn-change calls (as the bot writes them): each waits for one player, or all three in
/// every tenth game, the wait begun at a spread time over the three days before `now`.
/// Returns how many players wait.
fn store_waiting_games(store: &mut Store, games: usize, now: i64) -> anyhow::Result<usize> {
    let nepal = Registry::builtin()
        .get("nepal")
        .ok_or_else(|| anyhow::anyhow!("Nepal is not built in"))?;
    let mut waits = 0;
    for i in 1..=games {
        let user = |k: usize| format!("u{}", (i * 3 + k) % 5000);
        let seats: Vec<sherpa::store::SeatRow> = (0..3)
            .map(|k| sherpa::store::SeatRow {
                seat: k,
                user_id: user(k),
                name: format!("p{k}"),
                resigned: false,
            })
            .collect();
        let g = setup(nepal, 3, i as u64)?;
        let id = store.log_mut().import_game(
            "discord",
            &format!("c{i}"),
            nepal.id(),
            &Default::default(),
            i as u64,
            &seats,
            &[],
            sherpa::store::GameStatus::Running,
            &g.snapshot(),
            g.rules_version(),
            now,
        )?;
        let waiting: Vec<String> = (0..3)
            .filter(|&k| k == i % 3 || i % 10 == 0)
            .map(user)
            .collect();
        let since = now - (i as i64 * 7919) % 259_200;
        store.schedules_mut().on_turn_change(id, &waiting, since)?;
        waits += waiting.len();
    }
    Ok(waits)
}

/// [`reminder_tick`] on a fresh SQLite file in the temporary folder.
pub fn reminder_tick_sqlite(games: usize, ticks: usize) -> anyhow::Result<ReminderTick> {
    let dir = std::env::temp_dir().join(format!("sherpa-tick-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let db = dir.join("games.db");
    remove_db(&db);
    let r = reminder_tick(Store::open(&db)?, "sqlite", games, ticks);
    let _ = std::fs::remove_dir_all(&dir);
    r
}
