//! Chat round trips for each game, beside the commit and render floors measured in the
//! same run (and on PostgreSQL when given one).

use super::*;

/// Round trips of `kind` through a chat on PostgreSQL at `url` (channels named after the
/// kind, so several kinds share one database), beside the PostgreSQL commit floor.
pub(super) fn postgres_round_trip(
    kind: &'static dyn GameKind,
    url: &str,
    samples: usize,
    snapshot_bytes: usize,
    render_floor: &[Duration],
) -> anyhow::Result<PostgresRoundTrip> {
    let system = Env::system();
    let chat = Chat::new(
        Store::connect_postgres(url)?,
        Registry::builtin(),
        Env {
            now: system.now,
            seed: Box::new(|| SEED),
            rate_limit: false,
        },
    );
    let mut d = Driver::new(&chat, kind, &format!("pg-{}-", kind.id()), 99)?;
    let mut moves = Moves::default();
    let mut guard = 0usize;
    while !moves.full(samples) {
        guard += 1;
        anyhow::ensure!(
            guard < samples * 200,
            "{} on PostgreSQL: the bench made no progress",
            kind.id()
        );
        let (t, board) = d.step()?;
        if d.played < WARM_UP {
            continue;
        }
        let ended = !matches!(d.g.status(), Status::Acting(_));
        moves.keep(samples, t, board, ended);
    }
    let end_files = std::mem::take(&mut d.end_files);
    drop(d);
    let floor = Store::postgres_commit_floor(url, snapshot_bytes, samples)?;
    Ok(PostgresRoundTrip {
        round_trip_with_render: figure(moves.with, add(&floor, render_floor)),
        round_trip_without_render: figure(moves.without, floor),
        game_ending_move: stat(moves.ending),
        end_files: stat(end_files),
    })
}

/// Moves a game has played before it counts as mid-game.
pub(super) const WARM_UP: usize = 20;

/// Run the benchmarks. `scale` multiplies the number of samples ([`SAMPLES`] at 1.0).
/// With `postgres` (a database URL), the round trips are measured on it too.
pub fn run(
    kinds: &[&'static dyn GameKind],
    scale: f64,
    postgres: Option<&str>,
) -> anyhow::Result<Vec<GameBench>> {
    let dir = std::env::temp_dir().join(format!("sherpa-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let samples = ((SAMPLES as f64 * scale).ceil() as usize).max(10);
    let mut out = Vec::new();
    for &kind in kinds {
        out.push(bench_game(kind, &dir, samples, scale, postgres)?);
    }
    let _ = std::fs::remove_dir_all(&dir);
    Ok(out)
}

/// One game's figures (see [`run`]), on a database in `dir`.
pub(super) fn bench_game(
    kind: &'static dyn GameKind,
    dir: &std::path::Path,
    samples: usize,
    scale: f64,
    postgres: Option<&str>,
) -> anyhow::Result<GameBench> {
    let db = dir.join(format!("{}.db", kind.id()));
    let chat = bench_chat(&db)?;
    let s = sample_moves(&mut Driver::new(&chat, kind, "b", 99)?, samples)?;
    let render_floor = add(&s.copy_floor, &s.encode_floor);
    let commit_floor = Store::commit_floor(&dir.join("floor.db"), s.snapshot_bytes, samples)?;
    let throughput = throughput(kind, dir, samples.min(400))?;
    let long_game = long_game(kind, dir, 5000, samples.min(300))?;
    let beside_ai = beside_ai(kind, dir, samples.min(BESIDE_AI_SAMPLES))?;
    let components = component_path(kind, dir, samples.min(COMPONENT_SAMPLES))?;
    let postgres = match postgres {
        Some(url) => Some(postgres_round_trip(
            kind,
            url,
            samples,
            s.snapshot_bytes,
            &render_floor,
        )?),
        None => None,
    };
    let bench = GameBench {
        game: kind.id().to_string(),
        players: kind.min_players().max(2).min(kind.max_players()),
        round_trip_with_render: figure(s.moves.with, add(&commit_floor, &render_floor)),
        round_trip_without_render: figure(s.moves.without, commit_floor.clone()),
        game_ending_move: stat(s.moves.ending),
        end_files: stat(s.end_files),
        render_and_encode: figure(s.render, render_floor),
        legal_steps: stat(s.legal),
        playout_steps_per_second: playouts(kind, scale, false)?,
        playout_text_steps_per_second: playouts(kind, scale, true)?,
        throughput,
        long_game,
        png_bytes: s.png_bytes,
        snapshot_bytes: s.snapshot_bytes,
        postgres,
        beside_ai,
        components,
    };
    drop(chat);
    remove_db(&db);
    Ok(bench)
}

/// What [`sample_moves`] timed.
#[derive(Default)]
pub(super) struct Samples {
    pub(super) moves: Moves,
    pub(super) legal: Vec<Duration>,
    pub(super) render: Vec<Duration>,
    pub(super) copy_floor: Vec<Duration>,
    pub(super) encode_floor: Vec<Duration>,
    pub(super) png_bytes: usize,
    pub(super) snapshot_bytes: usize,
    /// The end files of the games that ended.
    pub(super) end_files: Vec<Duration>,
}

/// Play moves through the chat until `samples` of each kind are timed: round trips with
/// and without a board, listing the legal steps, rendering, and the render floor.
pub(super) fn sample_moves(d: &mut Driver, samples: usize) -> anyhow::Result<Samples> {
    let mut s = Samples::default();
    let mut pixels: Option<RgbaImage> = None;
    let mut guard = 0usize;
    while !s.moves.full(samples) || s.render.len() < samples {
        guard += 1;
        anyhow::ensure!(
            guard < samples * 200,
            "{}: the bench made no progress",
            d.kind.id()
        );
        let (t, board) = d.step()?;
        if d.played < WARM_UP {
            continue;
        }
        let Status::Acting(a) = d.g.status() else {
            s.moves.keep(samples, t, board, true);
            continue;
        };
        s.moves.keep(samples, t, board, false);
        if s.legal.len() < samples {
            let t = Instant::now();
            let _ = d.g.legal(a[0]);
            s.legal.push(t.elapsed());
        }
        if s.render.len() < samples {
            let t = Instant::now();
            let png = d.g.render(Viewer::Spectator);
            s.render.push(t.elapsed());
            s.png_bytes = s.png_bytes.max(png.len());
            s.snapshot_bytes = s.snapshot_bytes.max(d.g.snapshot().len());
            // The floor encodes the pixels of a recent board (drawn again now and then).
            if s.render.len() % 50 == 1 {
                pixels = Some(d.g.picture(Viewer::Spectator));
            }
            if let Some(img) = &pixels {
                let t = Instant::now();
                let copy = img.clone();
                s.copy_floor.push(t.elapsed());
                let t = Instant::now();
                let _ = sherpa::render::png::encode_fastest(&copy);
                s.encode_floor.push(t.elapsed());
            }
        }
    }
    s.end_files = std::mem::take(&mut d.end_files);
    Ok(s)
}
