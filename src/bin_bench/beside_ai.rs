//! Round trips of people's moves while Sherpa thinks in another channel.

use super::*;

/// Moves timed alone and beside a Sherpa player's search, at most.
pub(super) const BESIDE_AI_SAMPLES: usize = 200;

/// A move's answer time in channel A while a Sherpa player thinks in channel B (on its
/// own thread, as the bot's AI pool of one thread does: think off the chat's lock, commit
/// through it), beside the same kind of move with channel B quiet. The target: the median
/// beside the search at most 1.5 times the median alone, or 20 ms more (a search must not
/// delay another channel's move).
#[derive(Clone, Debug, serde::Serialize)]
pub struct BesideAi {
    /// Moves in channel A with no search running.
    pub alone: Stat,
    /// Moves in channel A while channel B's Sherpa player thinks.
    pub beside_search: Stat,
    /// `beside_search.median_us / alone.median_us`.
    pub ratio_median: f64,
    /// The largest median allowed beside the search: max(1.5 × alone, alone + 20 ms).
    pub target_median_us: f64,
    pub within_target: bool,
    /// AI turns channel B committed during the moves beside it (it was really thinking).
    pub ai_turns: usize,
}

/// [`BesideAi`] for `kind`: channel A is a game of humans played by a [`Driver`]; channel B
/// a game of Sherpa players only (each seat `sherpa:ai:normal`, `…#2`, …, stored directly:
/// the lobby wants a human), thinking at the normal level's own budget, a new one in a new
/// channel whenever one ends.
pub(super) fn beside_ai(
    kind: &'static dyn GameKind,
    dir: &std::path::Path,
    samples: usize,
) -> anyhow::Result<BesideAi> {
    let db = dir.join(format!("{}-ai.db", kind.id()));
    let chat = bench_chat(&db)?;
    let mut d = Driver::new(&chat, kind, "ai-a", 11)?;
    for _ in 0..WARM_UP {
        d.step()?;
    }
    let alone = (0..samples)
        .map(|_| d.step().map(|(t, _)| t))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let stop = std::sync::atomic::AtomicBool::new(false);
    let (beside, ai_turns) = std::thread::scope(|s| {
        let search = s.spawn(|| ai_channel(&chat, kind, &db, &stop));
        let timed = (0..samples)
            .map(|_| d.step().map(|(t, _)| t))
            .collect::<anyhow::Result<Vec<_>>>();
        stop.store(true, std::sync::atomic::Ordering::SeqCst);
        let turns = search
            .join()
            .unwrap_or_else(|_| Err(anyhow::anyhow!("the AI thread panicked")));
        anyhow::Ok((timed?, turns?))
    })?;
    drop(d);
    drop(chat);
    remove_db(&db);
    let (alone, beside_search) = (stat(alone), stat(beside));
    let target_median_us = (alone.median_us * 1.5).max(alone.median_us + 20_000.0);
    Ok(BesideAi {
        ratio_median: beside_search.median_us / alone.median_us.max(1e-9),
        within_target: beside_search.median_us <= target_median_us,
        target_median_us,
        alone,
        beside_search,
        ai_turns,
    })
}

/// Channel B of [`beside_ai`]: until `stop`, think the turn due (off the chat's lock) and
/// commit it, as the bot's AI loop does; a finished game is followed by a new one. The
/// turns committed.
pub(super) fn ai_channel(
    chat: &Chat,
    kind: &'static dyn GameKind,
    db: &std::path::Path,
    stop: &std::sync::atomic::AtomicBool,
) -> anyhow::Result<usize> {
    let mut store = Store::open(db)?;
    let players = kind.min_players().max(2).min(kind.max_players());
    let mut place = None;
    let (mut games, mut turns) = (0u64, 0usize);
    while !stop.load(std::sync::atomic::Ordering::SeqCst) {
        let job = place.as_ref().and_then(|p| chat.ai_job(p));
        let Some(job) = job else {
            games += 1;
            anyhow::ensure!(games < 1000, "{}: no AI turn is ever due", kind.id());
            place = Some(ai_only_game(&mut store, kind, players, games)?);
            continue;
        };
        let turn = job.think(None);
        let replies = chat
            .commit_ai(&job, turn)
            .map_err(|e| anyhow::anyhow!("{}: committing an AI turn: {e}", kind.id()))?;
        chat.mark_delivered(&replies.iter().collect::<Vec<_>>());
        turns += 1;
    }
    Ok(turns)
}

/// Store a running game of `players` Sherpa players of the normal level in a channel of
/// its own (`ai-b<n>`): its place.
pub(super) fn ai_only_game(
    store: &mut Store,
    kind: &'static dyn GameKind,
    players: usize,
    n: u64,
) -> anyhow::Result<Place> {
    let g = setup(kind, players, SEED + n)?;
    let seats: Vec<sherpa::store::SeatRow> = (0..players)
        .map(|p| {
            let (user_id, name) =
                sherpa::chat::ai::ai_identity(sherpa::ai::Level::Normal, p as u32 + 1);
            sherpa::store::SeatRow {
                seat: p,
                user_id,
                name,
                resigned: false,
            }
        })
        .collect();
    let channel = format!("ai-b{n}");
    store.log_mut().import_game(
        "bench",
        &channel,
        kind.id(),
        &Default::default(),
        SEED + n,
        &seats,
        &[],
        sherpa::store::GameStatus::Running,
        &g.snapshot(),
        g.rules_version(),
        0,
    )?;
    Ok(Place {
        platform: "bench".into(),
        guild: None,
        channel,
    })
}

/// The table's line of [`BesideAi`].
pub(super) fn beside_ai_line(b: &BesideAi) -> String {
    format!(
        "  move beside an AI search: median {:.2} ms (alone {:.2} ms, x{:.2}; target at most {:.2} ms: {}) · p99 {:.2} ms (alone {:.2} ms) · {} AI turns meanwhile\n",
        b.beside_search.median_us / 1000.0,
        b.alone.median_us / 1000.0,
        b.ratio_median,
        b.target_median_us / 1000.0,
        if b.within_target { "met" } else { "MISSED" },
        b.beside_search.p99_us / 1000.0,
        b.alone.p99_us / 1000.0,
        b.ai_turns
    )
}
