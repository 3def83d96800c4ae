//! `--stored-games`: memory and start-up with many stored games.

use super::*;

/// Start-up and memory with many stored games (`sherpa bench --stored-games N`).
#[derive(Clone, Debug, serde::Serialize)]
pub struct StoredGames {
    pub games: usize,
    pub active: usize,
    /// Writing the games (each one transaction, as an import).
    pub create_s: f64,
    /// Opening the database and the start-up check: until the bot can answer.
    pub start_up_ms: f64,
    /// Resident memory after the start-up check.
    pub rss_after_start_up_mb: f64,
    /// Resident memory after one board request in each of `active` games.
    pub rss_after_active_mb: f64,
    /// Peak resident memory of the process.
    pub peak_rss_mb: f64,
    /// Loaded games kept in memory (the cache bound).
    pub cache_bound: usize,
}

/// Resident and peak resident memory of this process in MB (Linux; 0 elsewhere).
pub(super) fn rss_mb() -> (f64, f64) {
    let Ok(s) = std::fs::read_to_string("/proc/self/status") else {
        return (0.0, 0.0);
    };
    let field = |name: &str| {
        s.lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse::<f64>().ok())
            .map(|kb| kb / 1024.0)
            .unwrap_or(0.0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

/// Write `games` running games to the database at `db`: the built-in kinds in turn, each
/// 30 random steps in, each one transaction (as an import).
pub(super) fn write_stored_games(
    registry: &'static Registry,
    db: &std::path::Path,
    games: usize,
) -> anyhow::Result<()> {
    let mut store = Store::open(db)?;
    let kinds = registry.all();
    for i in 0..games {
        let kind = kinds[i % kinds.len()];
        let players = kind.min_players().max(2).min(kind.max_players());
        let mut g = setup(kind, players, i as u64)?;
        let mut pick = GameRng::new(i as u64);
        let mut actions = Vec::new();
        for _ in 0..30 {
            let Some((seat, notation, applied)) = random_step(&mut *g, &mut pick)? else {
                break;
            };
            actions.push(sherpa::store::NewAction {
                seat,
                kind: sherpa::store::ActionKind::Step,
                step: notation,
                secret: applied.secret,
                barrier: applied.irreversible,
                turn_end: applied.turn_ended,
            });
        }
        let seats: Vec<sherpa::store::SeatRow> = (0..players)
            .map(|p| sherpa::store::SeatRow {
                seat: p,
                user_id: format!("u{p}"),
                name: format!("p{p}"),
                resigned: false,
            })
            .collect();
        store.log_mut().import_game(
            "bench",
            &format!("s{i}"),
            kind.id(),
            &Default::default(),
            i as u64,
            &seats,
            &actions,
            sherpa::store::GameStatus::Running,
            &g.snapshot(),
            g.rules_version(),
            0,
        )?;
    }
    Ok(())
}

/// Store `games` running games (the built-in kinds in turn, each 30 random steps in) in a
/// fresh database, then measure what `sherpa run` does at start-up (open + start-up check)
/// and the memory after `active` of them answered a `board` request. Memory is this
/// process's: the chat core and games, without the Discord client.
pub fn stored_games(
    registry: &'static Registry,
    games: usize,
    active: usize,
) -> anyhow::Result<StoredGames> {
    let dir = std::env::temp_dir().join(format!("sherpa-stored-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let db = dir.join("games.db");
    remove_db(&db);
    let t = Instant::now();
    write_stored_games(registry, &db, games)?;
    let create_s = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let chat = bench_chat_keep(&db)?;
    let broken = chat.check_games();
    let start_up_ms = t.elapsed().as_secs_f64() * 1000.0;
    anyhow::ensure!(broken.is_empty(), "stored games failed to load: {broken:?}");
    let (rss_after_start_up_mb, _) = rss_mb();
    for i in 0..active.min(games) {
        let r = chat.handle(&req(&format!("s{}", i * games / active.max(1)), 0, "board"));
        if let Some(e) = r.iter().find(|r| r.is_error) {
            anyhow::bail!("board in stored game {i}: {}", e.text);
        }
    }
    let (rss_after_active_mb, peak_rss_mb) = rss_mb();
    drop(chat);
    let _ = std::fs::remove_dir_all(&dir);
    Ok(StoredGames {
        games,
        active,
        create_s,
        start_up_ms,
        rss_after_start_up_mb,
        rss_after_active_mb,
        peak_rss_mb,
        cache_bound: sherpa::chat::CACHE_GAMES,
    })
}
