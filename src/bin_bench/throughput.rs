//! Random-playout steps per second, moves per second with one and two threads, and the
//! long games they play.

use super::*;

/// Undo and reload late in a long game.
#[derive(Clone, Debug, serde::Serialize)]
pub struct LongGame {
    /// Action rows in the game's log when the samples were taken (at least the target).
    pub log_rows: usize,
    /// `undo` of the last step (the step is then played again).
    pub undo: Stat,
    /// `game status` right after the game was dropped from memory: it reloads from its
    /// snapshot.
    pub reload: Stat,
}

/// Grow one game's log to `rows` action rows through the chat (each undoable step is
/// taken back and played again, as indecisive players do), then measure `undo` and a
/// move after a reload, `samples` times each.
pub(super) fn long_game(
    kind: &'static dyn GameKind,
    dir: &std::path::Path,
    rows: usize,
    samples: usize,
) -> anyhow::Result<LongGame> {
    let db = dir.join(format!("{}-long.db", kind.id()));
    let chat = bench_chat(&db)?;
    let mut d = Driver::new(&chat, kind, "l", 5)?;
    let mut log_rows = 0usize;
    let (mut undo, mut reload) = (vec![], vec![]);
    let mut guard = 0usize;
    while undo.len() < samples || reload.len() < samples {
        guard += 1;
        anyhow::ensure!(
            guard < 1_000_000,
            "{}: the long game made no progress",
            kind.id()
        );
        let games = d.games;
        let (seat, step, applied) = d.next_applied()?;
        if d.games != games {
            log_rows = 0; // a new game began: its log starts empty
        }
        // Only a step its player may take back alone, in a game that goes on.
        let undoable = !applied.irreversible
            && !applied.turn_ended
            && matches!(d.g.status(), Status::Acting(_));
        if log_rows >= rows && reload.len() < samples {
            // A reload: drop every loaded game, then `game status` loads it again.
            chat.set_cache_capacity(sherpa::chat::CACHE_GAMES);
            reload.push(d.say(seat, "game status")?);
        }
        d.send(seat, &step)?;
        log_rows += 1;
        if !undoable {
            continue;
        }
        // Grow the log at the first step that can be taken back (some games have few).
        let cycles = if log_rows >= rows {
            1
        } else {
            ((rows - log_rows) / 2).max(1)
        };
        for _ in 0..cycles {
            let t = d.say(seat, "undo")?;
            if log_rows >= rows && undo.len() < samples {
                undo.push(t);
            }
            d.say(seat, &format!("move {step}"))?;
            log_rows += 2;
        }
    }
    drop(d);
    drop(chat);
    remove_db(&db);
    Ok(LongGame {
        log_rows,
        undo: stat(undo),
        reload: stat(reload),
    })
}

/// Round-trip samples filed by what the move answered.
#[derive(Default)]
pub(super) struct Moves {
    /// Mid-game moves whose answer carried a board.
    pub(super) with: Vec<Duration>,
    /// Mid-game moves answered without a board.
    pub(super) without: Vec<Duration>,
    /// Moves that ended a game: besides the final board they build the timelapse (a
    /// replay of the whole game, one rendered frame per turn) and the replay file, which
    /// costs seconds, so they are a figure of their own and never mixed into the
    /// mid-game percentiles.
    pub(super) ending: Vec<Duration>,
}

impl Moves {
    /// File one move's time `t`: a game-ending move (`ended`) always, a mid-game one among
    /// the moves with a board or without until that list has `samples`.
    pub(super) fn keep(&mut self, samples: usize, t: Duration, board: bool, ended: bool) {
        let v = if ended {
            &mut self.ending
        } else if board {
            &mut self.with
        } else {
            &mut self.without
        };
        if ended || v.len() < samples {
            v.push(t);
        }
    }

    /// Whether both mid-game lists have `samples`.
    pub(super) fn full(&self, samples: usize) -> bool {
        self.with.len() >= samples && self.without.len() >= samples
    }
}

/// Random playouts in memory: steps per second, on typed steps or (`text`) through the
/// notation layer.
pub(super) fn playouts(kind: &'static dyn GameKind, scale: f64, text: bool) -> anyhow::Result<f64> {
    let players = kind.min_players().max(2).min(kind.max_players());
    let budget = Duration::from_secs_f64((0.7 * scale).clamp(0.2, 5.0));
    let mut pick = GameRng::new(7);
    let t = Instant::now();
    let mut steps = 0u64;
    let mut seed = 0;
    while t.elapsed() < budget {
        let mut g = setup(kind, players, seed)?;
        seed += 1;
        loop {
            let more = if text {
                random_step(&mut *g, &mut pick)?.is_some()
            } else {
                let Status::Acting(a) = g.status() else {
                    break;
                };
                let seat = a[pick.below(a.len())];
                g.play_random(seat, &mut pick)
                    .map_err(|e| anyhow::anyhow!("{e}"))?
                    .is_some()
            };
            if !more {
                break;
            }
            steps += 1;
        }
    }
    Ok(steps as f64 / t.elapsed().as_secs_f64())
}

/// `moves` moves in one channel on one thread, then `moves` moves in each of two channels
/// on two threads at once, all through one chat on one database; then the floor: two
/// threads again, each through a chat on a database of its own.
pub(super) fn throughput(
    kind: &'static dyn GameKind,
    dir: &std::path::Path,
    moves: usize,
) -> anyhow::Result<Throughput> {
    let db = dir.join(format!("{}-threads.db", kind.id()));
    let mut chat = bench_chat(&db)?;
    let timer = Arc::new(LockTimer::default());
    chat.set_hooks(timer.clone());
    let mut one = Driver::new(&chat, kind, "t", 1)?;
    timer.time(true);
    let t = Instant::now();
    for _ in 0..moves {
        one.step()?;
    }
    let one_rate = moves as f64 / t.elapsed().as_secs_f64();
    let one_lock = timer.times();
    drop(one);
    timer.time(true);
    let two_rate = two_threads(kind, moves, [&chat, &chat])?;
    let two_lock = timer.times();
    timer.time(false);
    drop(chat);
    let per_move = |d: Duration, n: usize| d.as_secs_f64() * 1e6 / n as f64;
    remove_db(&db);
    let apart: Vec<std::path::PathBuf> = ["x", "y"]
        .iter()
        .map(|p| dir.join(format!("{}-apart-{p}.db", kind.id())))
        .collect();
    let (a, b) = (bench_chat(&apart[0])?, bench_chat(&apart[1])?);
    let apart_rate = two_threads(kind, moves, [&a, &b])?;
    drop((a, b));
    apart.iter().for_each(|p| remove_db(p));
    Ok(Throughput {
        moves_per_thread: moves,
        one_thread_moves_per_s: one_rate,
        two_threads_moves_per_s: two_rate,
        ratio: two_rate / one_rate,
        two_apart_moves_per_s: apart_rate,
        machine_ratio: apart_rate / one_rate,
        lock_held_us_one_thread: per_move(one_lock.held, moves),
        lock_held_us_two_threads: per_move(two_lock.held, 2 * moves),
        lock_waited_us_two_threads: per_move(two_lock.waited, 2 * moves),
    })
}

/// Moves per second of two threads playing `moves` moves each at once, the first
/// through `chats[0]` and the second through `chats[1]`, in channels of their own.
pub(super) fn two_threads(
    kind: &'static dyn GameKind,
    moves: usize,
    chats: [&Chat; 2],
) -> anyhow::Result<f64> {
    let t = Instant::now();
    let results: Vec<anyhow::Result<()>> = std::thread::scope(|s| {
        let handles: Vec<_> = ["x", "y"]
            .iter()
            .zip(chats)
            .enumerate()
            .map(|(i, (prefix, chat))| {
                s.spawn(move || -> anyhow::Result<()> {
                    let mut d = Driver::new(chat, kind, prefix, 2 + i as u64)?;
                    for _ in 0..moves {
                        d.step()?;
                    }
                    Ok(())
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err(anyhow::anyhow!("bench thread panicked")))
            })
            .collect()
    });
    let rate = (2 * moves) as f64 / t.elapsed().as_secs_f64();
    for r in results {
        r?;
    }
    Ok(rate)
}
