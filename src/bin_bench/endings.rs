//! `--game-endings N`: the move that ends a game and the end files built after it.

use super::*;

/// The moves that end a game and their end files (`sherpa bench --game-endings N`).
#[derive(Clone, Debug, serde::Serialize)]
pub struct GameEndings {
    pub game: String,
    pub players: usize,
    /// The answer to the move that ended each game (its final board).
    pub game_ending_move: Stat,
    /// Building and storing each game's timelapse and replay file, after that answer.
    pub end_files: Stat,
}

/// Play `games` random games of each of `kinds` through the chat to their end, on a
/// database file: the time of each game's last move and of its end files.
pub fn game_endings(
    kinds: &[&'static dyn GameKind],
    games: usize,
) -> anyhow::Result<Vec<GameEndings>> {
    let dir = std::env::temp_dir().join(format!("sherpa-bench-end-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let mut out = Vec::new();
    for &kind in kinds {
        let db = dir.join(format!("{}.db", kind.id()));
        let chat = bench_chat(&db)?;
        let mut d = Driver::new(&chat, kind, "e", 31)?;
        let mut ending = Vec::new();
        let mut guard = 0usize;
        while ending.len() < games {
            guard += 1;
            anyhow::ensure!(guard < 10_000_000, "{}: no game ended", kind.id());
            let (t, _) = d.step()?;
            if !matches!(d.g.status(), Status::Acting(_)) {
                ending.push(t);
            }
        }
        out.push(GameEndings {
            game: kind.id().to_string(),
            players: d.players,
            game_ending_move: stat(ending),
            end_files: stat(std::mem::take(&mut d.end_files)),
        });
        drop(d);
        drop(chat);
        remove_db(&db);
    }
    let _ = std::fs::remove_dir_all(&dir);
    Ok(out)
}

/// The table of [`game_endings`].
pub fn endings_table(results: &[GameEndings]) -> String {
    let mut s = String::new();
    for r in results {
        s.push_str(&format!("{} ({} players)\n", r.game, r.players));
        s.push_str(&ending_line("game-ending move", &r.game_ending_move));
        s.push_str(&end_files_line("end files", &r.end_files));
    }
    s
}
