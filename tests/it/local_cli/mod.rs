//! Drive the real `sherpa` binary: a scripted game with `--json`, and crash safety under
//! SIGKILL at random moments.

use sherpa::chat::replay;
use sherpa::games::Registry;
use sherpa::store::{DbLocation, Store};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod demo_games;

const BIN: &str = env!("CARGO_BIN_EXE_sherpa");

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("sherpa-it-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The JSON `sherpa <args>` prints, once it has succeeded.
fn json_of(args: &[&str]) -> serde_json::Value {
    let out = Command::new(BIN).args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// A random playout from the engine: (players, steps as (seat, notation), final status).
fn playout(game: &str, players: usize, seed: u64) -> (Vec<(usize, String)>, serde_json::Value) {
    let v = json_of(&[
        "playout",
        game,
        "--players",
        &players.to_string(),
        "--seed",
        &seed.to_string(),
        "--json",
    ]);
    let steps = v["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["seat"].as_u64().unwrap() as usize,
                s["step"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    (steps, v["status"].clone())
}

/// The same game as a local script: `P1: move <step>` lines.
fn script(steps: &[(usize, String)], dir: &Path) -> PathBuf {
    std::fs::create_dir_all(dir).unwrap();
    let p = dir.join("game.txt");
    let text: String = steps
        .iter()
        .map(|(s, st)| format!("P{}: move {st}\n", s + 1))
        .collect();
    std::fs::write(&p, text).unwrap();
    p
}

fn local(game: &str, players: usize, seed: u64, db: &Path, script: &Path, out: &Path) -> Command {
    let names: Vec<String> = (1..=players).map(|i| format!("P{i}")).collect();
    let mut c = Command::new(BIN);
    c.args([
        "local",
        game,
        "--players",
        &names.join(","),
        "--seed",
        &seed.to_string(),
        "--json",
    ])
    .arg("--db")
    .arg(db)
    .arg("--out")
    .arg(out)
    .arg("--script")
    .arg(script);
    c
}

/// The JSON objects `sherpa local --json` printed, one a line, once it exited successfully
/// (else its stderr is the failure).
fn json_lines(out: std::process::Output) -> Vec<serde_json::Value> {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The store at `db`: a SQLite file, or a PostgreSQL URL passed as a path.
fn open_db(db: &Path) -> Store {
    Store::open_location(&DbLocation::parse(&db.to_string_lossy()).unwrap()).unwrap()
}

fn logged_steps(db: &Path) -> Vec<(usize, String)> {
    let s = open_db(db);
    let Some(id) = s.log().latest_game("local", "table").unwrap().map(|g| g.id) else {
        return vec![];
    };
    s.log()
        .actions(id)
        .unwrap()
        .into_iter()
        .map(|a| (a.seat, a.step))
        .collect()
}

fn assert_snapshot_equals_replay(db: &Path) {
    let s = open_db(db);
    let row = s.log().latest_game("local", "table").unwrap().unwrap();
    let kind = Registry::builtin().get(&row.kind).unwrap();
    let seats = s.log().seats(row.id).unwrap();
    let handovers = s.log().handovers(row.id).unwrap();
    let roster = sherpa::chat::Roster {
        seats: &seats,
        handovers: &handovers,
    };
    let g = replay(
        kind,
        roster,
        &row.options,
        (row.seed, row.rules_version),
        &s.log().actions(row.id).unwrap(),
    )
    .unwrap();
    let (v, snap) = s.log().snapshot(row.id).unwrap().unwrap();
    assert_eq!(v, row.version, "the snapshot is at the game's version");
    assert_eq!(
        snap,
        g.snapshot(),
        "stored state equals the replay of the log"
    );
}

#[test]
fn scripted_local_game_with_json_ends_with_the_engines_scores_himalaya() {
    scripted_local_game_with_json_ends_with_the_engines_scores("himalaya");
}

#[test]
fn scripted_local_game_with_json_ends_with_the_engines_scores_nepal() {
    scripted_local_game_with_json_ends_with_the_engines_scores("nepal");
}

/// A random playout of `game` replayed as a `sherpa local --json` script to its end: the
/// same result, the log and snapshot, the export, the timelapse.
fn scripted_local_game_with_json_ends_with_the_engines_scores(game: &str) {
    let dir = tmp(&format!("script-{game}"));
    let (steps, status) = playout(game, 3, 11);
    let sc = script(&steps, &dir);
    let mut text = std::fs::read_to_string(&sc).unwrap();
    text.push_str("P2: game export\n");
    std::fs::write(&sc, text).unwrap();
    let out = local(game, 3, 11, &dir.join("g.db"), &sc, &dir.join("out"))
        .output()
        .unwrap();
    let lines = json_lines(out);
    assert_eq!(
        lines.len(),
        steps.len() + 6,
        "one JSON object per input line (plus setup, and the end files after the last move)"
    );
    for l in &lines {
        assert_eq!(l["ok"], true, "{l}");
        assert!(l["input"].is_string() && l["replies"].is_array() && l.get("status").is_some());
    }
    // Issue 35: the last move's answer, then the game's end files as an object of their own.
    let last = &lines[lines.len() - 3];
    let end_files = &lines[lines.len() - 2];
    assert_eq!(end_files["end_files"], 1, "{end_files}");
    assert!(
        last["replies"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["file"].is_null()),
        "the answer holds no end file: {last}"
    );
    assert_eq!(
        last["status"]["status"], status,
        "local play ends with the same result as the engine"
    );
    assert!(
        last["replies"][0]["image"]
            .as_str()
            .map(|p| Path::new(p).exists())
            .unwrap_or(false),
        "the final board was written"
    );
    assert_eq!(logged_steps(&dir.join("g.db")), steps);
    assert_snapshot_equals_replay(&dir.join("g.db"));

    // The finished game's export rebuilds with `sherpa replay`.
    let line = lines.last().unwrap();
    let file = line["replies"][0]["file"]
        .as_str()
        .expect("the export is attached as a file")
        .to_string();
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.contains("\"seed\": 11"),
        "the finished game's replay includes the seed"
    );
    let replay = |json: bool| {
        let mut c = Command::new(BIN);
        c.arg("replay").arg(&file);
        if json {
            c.arg("--json");
        }
        let out = c.output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let printed = replay(true);
    assert!(printed.contains("Finished"), "{printed}");
    for score in status["Finished"]["scores"].as_array().unwrap() {
        assert!(printed.contains(&score.to_string()));
    }
    // Issue 35: without `--json`, a summary for a reader: the standings, no internal JSON.
    let summary = replay(false);
    assert!(
        summary.contains("ended") && !summary.contains("\"Finished\""),
        "{summary}"
    );
    // The standings show what decided the places: the game's own wording where it gives
    // one (Himalaya's influences), else the score and its parts (issue 35), which add up.
    let shown = status["Finished"]["shown"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let breakdown = status["Finished"]["breakdown"].as_array().cloned();
    for (i, score) in status["Finished"]["scores"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
    {
        let parts = breakdown.as_ref().expect("a breakdown")[i]
            .as_array()
            .cloned();
        let parts = parts.expect("the parts of each seat's score");
        let sum: i64 = parts.iter().map(|p| p["points"].as_i64().unwrap()).sum();
        assert_eq!(Some(sum), score.as_i64(), "the parts add up: {parts:?}");
        let words: Vec<String> = parts
            .iter()
            .map(|p| format!("{} {}", p["name"].as_str().unwrap(), p["points"]))
            .collect();
        let want = match shown.get(i).and_then(|s| s.as_str()) {
            Some(words) => format!(": {words}\n"),
            None => format!(": {score} ({})\n", words.join(", ")),
        };
        assert!(summary.contains(&want), "{want} in {summary}");
    }

    // Issue 17: the last move also wrote the timelapse and the replay file (issue 35: right
    // after its answer), and `sherpa replay FILE --timelapse OUT` makes the same animation
    // from the export.
    let files: Vec<String> = end_files["replies"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|r| r["file"].as_str().map(str::to_string))
        .collect();
    let posted = files
        .iter()
        .find(|f| f.ends_with("-timelapse.gif"))
        .unwrap_or_else(|| panic!("{game}: a timelapse among {files:?}"));
    assert!(files.iter().any(|f| f.ends_with(".json")), "{files:?}");
    let posted = std::fs::read(posted).unwrap();
    let gif = dir.join("timelapse.gif");
    let out = Command::new(BIN)
        .arg("replay")
        .arg(&file)
        .arg("--timelapse")
        .arg(&gif)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let printed = String::from_utf8(out.stdout).unwrap();
    let made = std::fs::read(&gif).unwrap();
    assert_eq!(
        made, posted,
        "{game}: the same animation from the replay file"
    );
    assert!(made.len() <= 8_000_000, "{game}: {} bytes", made.len());
    use image::AnimationDecoder;
    let frames = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(&made))
        .unwrap()
        .into_frames()
        .collect_frames()
        .unwrap();
    assert!(
        frames.len() >= 2 && frames.len() <= 60,
        "{game}: {}",
        frames.len()
    );
    let (w, h) = frames[0].buffer().dimensions();
    assert!(w <= 800 && h <= 800 && w >= 200, "{game}: {w}×{h}");
    assert!(frames.iter().all(|f| f.buffer().dimensions() == (w, h)));
    assert!(
        printed.contains(&format!("Timelapse: {} frames of {w}×{h}", frames.len())),
        "{printed}"
    );
}

/// Kill the process with SIGKILL at random moments, restart it on the same database and
/// script, and check that no acknowledged step is lost and none is applied twice.
#[test]
fn sigkill_at_random_moments_loses_no_acknowledged_step() {
    let dir = tmp("crash");
    sigkill_at_random_moments(&dir, &dir.join("g.db"));
}

/// The same with the game in PostgreSQL (`sherpa local --db postgres://…`).
#[test]
fn sigkill_at_random_moments_loses_no_acknowledged_step_on_postgres() {
    let dir = tmp("crash-pg");
    let url = sherpa::store::pg_cluster::test_database();
    sigkill_at_random_moments(&dir, Path::new(&url));
}

fn sigkill_at_random_moments(dir: &Path, db: &Path) {
    let game = std::env::var("SHERPA_CRASH_GAME").unwrap_or_else(|_| "nepal".into());
    let game = game.as_str();
    let (steps, status) = playout(game, 3, 23);
    let sc = script(&steps, dir);
    let mut pick = sherpa::engine::GameRng::new(7);
    let deadline = Instant::now() + Duration::from_secs(120);
    let mut kills = 0;
    let mut acknowledged = 0;
    loop {
        assert!(Instant::now() < deadline, "crash test took too long");
        let mut child = local(game, 3, 23, db, &sc, &dir.join("out"))
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        // Let it run for a random number of acknowledged lines, then kill it.
        let stop_after = if kills < 12 {
            1 + pick.below(40)
        } else {
            usize::MAX
        };
        let mut acked = 0;
        let mut reader = BufReader::new(stdout);
        let mut line = String::new();
        while acked < stop_after {
            line.clear();
            if reader.read_line(&mut line).unwrap() == 0 {
                break;
            }
            let v: serde_json::Value = serde_json::from_str(&line).unwrap();
            if v["ok"] == true
                && v["input"]
                    .as_str()
                    .map(|s| s.contains(": move "))
                    .unwrap_or(false)
            {
                acked += 1;
            }
        }
        // Each run reads the script from its start, and lines handled before are answered
        // as they were the first time: a run acknowledges every step so far.
        acknowledged = acknowledged.max(acked);
        if stop_after == usize::MAX {
            assert!(child.wait().unwrap().success());
            break;
        }
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        kills += 1;
        let log = logged_steps(db);
        assert!(
            log.len() <= steps.len() && log[..] == steps[..log.len()],
            "the log is a prefix of the game: no step twice, none out of order"
        );
        assert!(
            log.len() >= acknowledged,
            "every acknowledged step is in the log ({} < {acknowledged})",
            log.len()
        );
        assert_snapshot_equals_replay_or_older(db);
    }
    assert!(kills >= 12);
    assert_eq!(
        logged_steps(db),
        steps,
        "every step is in the log exactly once"
    );
    assert_snapshot_equals_replay(db);
    let s = open_db(db);
    assert_eq!(
        s.log()
            .latest_game("local", "table")
            .unwrap()
            .unwrap()
            .status,
        sherpa::store::GameStatus::Finished
    );
    let _ = status;
}

fn assert_snapshot_equals_replay_or_older(db: &Path) {
    let s = open_db(db);
    let Some(row) = s.log().latest_game("local", "table").unwrap() else {
        return;
    };
    if row.status == sherpa::store::GameStatus::Lobby {
        return;
    }
    assert_snapshot_equals_replay(db);
}

/// `sherpa local <args> --json --script <script>` on a database and output folder in `dir`:
/// the JSON lines it printed, each checked to say `ok`.
fn json_script_lines(args: &[&str], script: &Path, dir: &Path) -> Vec<serde_json::Value> {
    let out = Command::new(BIN)
        .arg("local")
        .args(args)
        .args(["--json", "--script"])
        .arg(script)
        .arg("--db")
        .arg(dir.join("g.db"))
        .arg("--out")
        .arg(dir.join("out"))
        .output()
        .unwrap();
    let lines = json_lines(out);
    for l in &lines {
        assert_eq!(l["ok"], true, "{}: {l}", script.display());
    }
    lines
}

/// The texts of every reply in `lines` (the JSON lines of `sherpa local --json`), one a line.
fn reply_texts(lines: &[serde_json::Value]) -> String {
    lines
        .iter()
        .flat_map(|l| l["replies"].as_array().cloned().unwrap_or_default())
        .filter_map(|r| r["text"].as_str().map(str::to_string))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `sherpa migrate-db` copies a played SQLite game (log, snapshot, seats…) into an empty
/// PostgreSQL database, verifies it by replay, and `sherpa local` then resumes it there;
/// copying into a database that already holds games is refused.
#[test]
fn migrate_db_copies_a_sqlite_game_to_postgres_and_it_continues_there() {
    let dir = tmp("migrate");
    let (steps, _) = playout("nepal", 3, 31);
    let half = steps.len() / 2;
    let db = dir.join("g.db");
    let first = script(&steps[..half], &dir);
    let out = local("nepal", 3, 31, &db, &first, &dir.join("out"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let url = sherpa::store::pg_cluster::test_database();
    let migrate = |to: &str| {
        Command::new(BIN)
            .args(["migrate-db", "--from"])
            .arg(format!("sqlite:{}", db.display()))
            .args(["--to", to])
            .output()
            .unwrap()
    };
    let out = migrate(&url);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}{}",
        text,
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains("copied 1 games") && text.contains("1 started games verified by replay"),
        "{text}"
    );
    let pg = Path::new(&url);
    assert_eq!(logged_steps(pg), steps[..half].to_vec());
    assert_snapshot_equals_replay(pg);
    let (src, dst) = (open_db(&db), open_db(pg));
    let id = src.log().latest_game("local", "table").unwrap().unwrap().id;
    assert_eq!(dst.same_game_rows(&src, id).unwrap(), None);
    assert_eq!(dst.log().seats(id).unwrap(), src.log().seats(id).unwrap());
    drop((src, dst));
    // A second copy into the now non-empty database is refused and changes nothing.
    let again = migrate(&url);
    assert!(!again.status.success());
    let refused = String::from_utf8_lossy(&again.stderr);
    assert!(
        refused.contains("already holds Sherpa data") && refused.contains("games (1 rows)"),
        "{refused}"
    );
    // The game continues on PostgreSQL: the whole script replays the known prefix as
    // already-done lines and plays the rest.
    let rest = script(&steps, &dir);
    let out = local("nepal", 3, 31, pg, &rest, &dir.join("out"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(logged_steps(pg), steps, "every step once, on PostgreSQL");
    assert_snapshot_equals_replay(pg);
    let _ = std::fs::remove_dir_all(&dir);
}

// ---- ratings and stats (issue 17) ----

/// Issue 17, terminal: once a scripted game has ended, `stats` shows the asker's rating,
/// `stats nanga` the game's table and `stats nanga p2` one player (names by any case); a
/// word that is neither a game nor a player is a clear error, and the run goes on.
#[test]
fn stats_answer_in_the_terminal_once_a_game_has_ended() {
    let dir = tmp("stats");
    let (steps, status) = playout("nanga-parbat", 2, 5);
    assert_eq!(status["Finished"]["places"], serde_json::json!([1, 2]));
    let sc = script(&steps, &dir);
    let mut text = std::fs::read_to_string(&sc).unwrap();
    text.push_str("P1: stats\nP2: stats nanga\nP1: stats nanga p2\nP1: stats zed\n");
    std::fs::write(&sc, text).unwrap();
    let out = Command::new(BIN)
        .args(["local", "nanga-parbat", "--players", "P1,P2", "--seed", "5"])
        .arg("--db")
        .arg(dir.join("g.db"))
        .arg("--out")
        .arg(dir.join("out"))
        .arg("--script")
        .arg(&sc)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // One two-player game from new ratings (μ 25, σ 25/3, β 25/6): c = 25·sqrt(10)/6, p =
    // 1/2, so the winner's μ = 25 + σ²/c · 1/2 = 27.635 and the loser's 22.365; both σ =
    // σ · sqrt(1 − (σ/c)(σ²/c²)/4) = 8.066, so μ − 3σ = 3.44 and −1.83.
    let winner = "rating 3.4 (μ 27.6 ± 8.1), 1 game, 1 win, average place 1.00";
    let loser = "rating -1.8 (μ 22.4 ± 8.1), 1 game, 0 wins, average place 2.00";
    let expect = [
        "**P1** in this server (rating = μ − 3σ, Weng-Lin):".to_string(),
        format!("- **Nanga Parbat**: {winner}; rank 1 of 2"),
        "**Nanga Parbat** ratings in this server (top 2 of 2 players, 1 finished game; rating = μ − 3σ):".to_string(),
        format!("1. **P1** — {winner}"),
        format!("2. **P2** — {loser}"),
        "**P2** in this server (rating = μ − 3σ, Weng-Lin):".to_string(),
        format!("- **Nanga Parbat**: {loser}; rank 2 of 2"),
    ];
    let lines: Vec<&str> = stdout.lines().collect();
    let at = lines
        .iter()
        .position(|l| *l == expect[0])
        .unwrap_or_else(|| panic!("{stdout}"));
    assert_eq!(&lines[at..at + expect.len()], &expect[..], "{stdout}");
    let err = lines[at + expect.len()];
    assert!(
        err.starts_with("[error, to P1] no finished game in this server by a player `zed`")
            && err.contains("not a game either"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A new database on a full disk: `sherpa local` fails saying the disk is full and leaves
/// no database file behind. The full disk is a file-size limit: the child runs with
/// `RLIMIT_FSIZE` at 5000 bytes and `SIGXFSZ` ignored (inherited across exec), so a write
/// past the limit is cut short as on a full disk, and SQLite reports SQLITE_FULL.
#[test]
fn local_cli_a_new_database_on_a_full_disk_is_not_left_behind() {
    use std::os::unix::process::CommandExt;
    let dir = tmp("full-disk");
    let db = dir.join("games.db");
    let mut cmd = Command::new(BIN);
    cmd.args(["local", "nanga-parbat", "--players", "ann,bob", "--db"])
        .arg(&db)
        .arg("--out")
        .arg(dir.join("out"))
        .args(["--script", "-"])
        .stdin(Stdio::null());
    // SAFETY: only async-signal-safe calls (signal, setrlimit) between fork and exec.
    unsafe {
        cmd.pre_exec(|| {
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            let limit = libc::rlimit {
                rlim_cur: 5000,
                rlim_max: 5000,
            };
            if libc::setrlimit(libc::RLIMIT_FSIZE, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let out = cmd.output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(stderr.contains("disk is full"), "{stderr}");
    for suffix in ["", "-wal", "-shm", "-journal"] {
        let p = PathBuf::from(format!("{}{suffix}", db.display()));
        assert!(!p.exists(), "{} was left behind", p.display());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The JSON answers of a Nanga Parbat `sherpa local` session (seed 5) on `db` running
/// `script`, once it exited successfully.
fn run_np_script(db: &Path, script: &Path, out: &Path) -> Vec<serde_json::Value> {
    json_lines(
        local("nanga-parbat", 2, 5, db, script, out)
            .output()
            .unwrap(),
    )
}

// Issue 35, the terminal: script lines' request ids never collide across runs. A second
// script that resumes the game and has, at the same position, the same line as the first
// one is played, not answered as a repeat.
#[test]
fn local_cli_a_resuming_script_with_a_line_equal_to_an_earlier_runs_is_played() {
    let dir = tmp("resume-same-line");
    let (db, out) = (dir.join("g.db"), dir.join("out"));
    let (steps, _) = playout("nanga-parbat", 2, 5);
    // The shortest split whose second part repeats a line of the first at its position.
    let k = (1..steps.len() / 2)
        .find(|&k| (0..k).any(|m| steps[m] == steps[k + m]))
        .expect("a playout repeats a line");
    let first = script(&steps[..k], &dir.join("a"));
    run_np_script(&db, &first, &out);
    let second = script(&steps[k..2 * k], &dir.join("b"));
    let lines = run_np_script(&db, &second, &out);
    assert!(
        lines
            .iter()
            .all(|l| l["ok"] == true && l.get("repeat").is_none()),
        "{lines:?}"
    );
    assert_eq!(logged_steps(&db), steps[..2 * k].to_vec());
}

// Issue 35: a script run again after a crash or with lines appended answers its earlier
// lines as before (saying so), and plays only the new ones.
#[test]
fn local_cli_a_script_run_again_with_lines_appended_plays_only_the_new_lines() {
    let dir = tmp("resume-appended");
    let (db, out) = (dir.join("g.db"), dir.join("out"));
    let (steps, _) = playout("nanga-parbat", 2, 5);
    let short = script(&steps[..6], &dir.join("a"));
    run_np_script(&db, &short, &out);
    let longer = script(&steps[..10], &dir.join("a"));
    let lines = run_np_script(&db, &longer, &out);
    let moves: Vec<_> = lines
        .iter()
        .filter(|l| l["input"].as_str().unwrap().contains(": move "))
        .collect();
    assert_eq!(moves.len(), 10);
    assert!(
        moves[..6]
            .iter()
            .all(|l| l["repeat"] == true && l["ok"] == true),
        "{moves:?}"
    );
    assert!(
        moves[6..]
            .iter()
            .all(|l| l.get("repeat").is_none() && l["ok"] == true),
        "{moves:?}"
    );
    assert_eq!(logged_steps(&db), steps[..10].to_vec());
}

// Issue 46 (issue 35 started a new game here): the same script run again on a database
// whose game it finished answers every line as before; the finished game is never
// replaced by a new one, and no picture is overwritten.
#[test]
fn local_cli_a_finished_games_script_run_again_is_answered_and_replaces_nothing() {
    let dir = tmp("second-game");
    let (db, out) = (dir.join("g.db"), dir.join("out"));
    let (steps, _) = playout("nanga-parbat", 2, 5);
    let sc = script(&steps, &dir);
    run_np_script(&db, &sc, &out);
    let boards = |out: &Path| {
        let mut v: Vec<(String, Vec<u8>)> = std::fs::read_dir(out)
            .unwrap()
            .map(|e| e.unwrap())
            .filter(|e| e.file_name().to_string_lossy().starts_with("board-"))
            .map(|e| {
                (
                    e.file_name().to_string_lossy().to_string(),
                    std::fs::read(e.path()).unwrap(),
                )
            })
            .collect();
        v.sort();
        v
    };
    let first = boards(&out);
    assert!(!first.is_empty());
    let lines = run_np_script(&db, &sc, &out);
    assert!(
        lines
            .iter()
            .filter(|l| l.get("end_files").is_none())
            .all(|l| l["ok"] == true && l["repeat"] == true),
        "{lines:?}"
    );
    assert_eq!(logged_steps(&db), steps, "nothing played again");
    let s = open_db(&db);
    assert_eq!(s.log().all_games().unwrap().len(), 1, "no new game");
    let both = boards(&out);
    assert_eq!(
        both[..first.len()],
        first[..],
        "the game's pictures are unchanged"
    );
}

/// Run `args` (a `sherpa local …` command line, without `sherpa`) with `lines` as its
/// script in a fresh folder; the JSON answers of the script's lines.
fn run_readme_example(name: &str, args: &[&str], lines: &[String]) -> Vec<serde_json::Value> {
    let dir = tmp(name);
    let sc = dir.join("script.txt");
    std::fs::write(&sc, lines.join("\n") + "\n").unwrap();
    assert_eq!(args.first(), Some(&"local"), "{args:?}");
    json_script_lines(&args[1..], &sc, &dir)
}

// Issue 35: the README's terminal examples play as written: the session a newcomer starts
// with (`local nepal --players ann,bob,cy`) and its example lines, and each `sherpa local`
// row of the command table with the lines its description quotes.
#[test]
fn local_cli_every_terminal_example_in_the_readme_plays_as_written() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let block = readme
        .split("In the terminal each line is `<player>: <command>`, for example:\n\n```\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("the README's terminal example block");
    let lines: Vec<String> = block.lines().map(str::to_string).collect();
    assert!(lines.len() >= 3, "{lines:?}");
    let mut examples = vec![(vec!["local", "nepal", "--players", "ann,bob,cy"], lines)];
    for row in readme.lines().filter(|l| l.starts_with("| `sherpa local ")) {
        let ticked: Vec<&str> = row.split('`').skip(1).step_by(2).collect();
        let args: Vec<&str> = ticked[0].split_whitespace().skip(1).collect();
        let lines = ticked[1..]
            .iter()
            .filter(|t| t.contains(": "))
            .map(|t| t.to_string())
            .collect();
        examples.push((args, lines));
    }
    assert!(
        examples.len() >= 2,
        "the command table has a `sherpa local` row"
    );
    for (i, (args, lines)) in examples.iter().enumerate() {
        let answers = run_readme_example(&format!("readme-{i}"), args, lines);
        let played: Vec<_> = answers
            .iter()
            .filter(|a| lines.iter().any(|l| a["input"] == l.as_str()))
            .collect();
        assert_eq!(played.len(), lines.len(), "{args:?}: {answers:?}");
        for a in played {
            assert_eq!(a["ok"], true, "{args:?}: {a}");
        }
    }
}

/// Every command the help texts write out with its arguments (`{move grow Kathmandu}`, not a
/// bare path such as `{game join}` nor a usage such as `{rules <game> [topic]}`).
fn help_examples() -> Vec<String> {
    fn walk(
        cmds: &[sherpa::chat::table::Command],
        refs: &mut Vec<String>,
        paths: &mut Vec<String>,
    ) {
        for c in cmds {
            paths.push(c.path.to_string());
            for piece in c.help.split('{').skip(1) {
                let inner = piece.split('}').next().unwrap_or_default();
                if !inner.contains(['<', '[']) {
                    refs.push(inner.to_string());
                }
            }
            walk(c.subcommands, refs, paths);
        }
    }
    let (mut refs, mut paths) = (Vec::new(), Vec::new());
    walk(sherpa::chat::table::COMMANDS, &mut refs, &mut paths);
    refs.retain(|r| !paths.contains(r));
    refs.dedup();
    refs
}

// Issue 35: `help move`'s own chain example failed (`Kathmandu Dhading` is no step). Every
// full command a help text prints is played by the first player of the README's session,
// each in a game of its own, and must be accepted.
#[test]
fn local_cli_every_full_command_the_help_texts_print_is_accepted() {
    let examples = help_examples();
    assert!(
        examples.iter().any(|e| e.contains(';')),
        "the chain example is found: {examples:?}"
    );
    for (i, example) in examples.iter().enumerate() {
        // An answer to an undo request needs one: ann ends her turn and asks, bob answers.
        let lines = if example.starts_with("undo ") {
            let ask = ["ann: move grow Kathmandu; end", "ann: undo"].map(String::from);
            [ask.to_vec(), vec![format!("bob: {example}")]].concat()
        } else {
            vec![format!("ann: {example}")]
        };
        let answers = run_readme_example(
            &format!("help-example-{i}"),
            &["local", "nepal", "--players", "ann,bob,cy"],
            &lines,
        );
        let last = answers.last().expect("an answer");
        assert_eq!(last["ok"], true, "`{example}`: {last}");
    }
}

/// Issue 35: a session stopped between the answer to a game's last move and its end files
/// (the chat dropped there) writes them when it starts again, once.
#[test]
fn end_files_owed_when_a_session_stopped_are_written_at_the_next_start_once() {
    let dir = tmp("end-files-owed");
    let db = dir.join("g.db");
    let out = dir.join("out");
    let (mut steps, _) = playout("nanga-parbat", 2, 5);
    let (seat, step) = steps.pop().unwrap();
    let sc = script(&steps, &dir);
    let lines = json_lines(
        local("nanga-parbat", 2, 5, &db, &sc, &out)
            .output()
            .unwrap(),
    );
    assert!(lines.iter().all(|l| l.get("end_files").is_none()));
    // The last move through the chat core, which then stops before the end files.
    let chat = sherpa::chat::Chat::new(
        open_db(&db),
        Registry::builtin(),
        sherpa::chat::Env::system(),
    );
    let user = sherpa::chat::User {
        id: format!("P{}", seat + 1),
        name: format!("P{}", seat + 1),
        is_channel_admin: false,
    };
    let place = sherpa::local::place();
    let replies = chat.handle(&sherpa::chat::Request::new(
        place,
        user,
        format!("move {step}"),
    ));
    assert!(
        replies.iter().all(|r| !r.is_error && r.file.is_none()),
        "{replies:?}"
    );
    drop(chat);
    // The next start prints the move's answer (never printed), then writes the end files,
    // once.
    std::fs::write(&sc, "").unwrap();
    let lines = json_lines(
        local("nanga-parbat", 2, 5, &db, &sc, &out)
            .output()
            .unwrap(),
    );
    assert_eq!(
        lines[0]["input"], "(replies not shown before the interruption)",
        "{}",
        lines[0]
    );
    assert_eq!(lines[1]["end_files"], 1, "{}", lines[1]);
    let files: Vec<&str> = lines[1]["replies"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|r| r["file"].as_str())
        .collect();
    assert_eq!(files.len(), 2, "{files:?}");
    assert!(
        files[0].ends_with("sherpa-nanga-parbat-1-timelapse.gif"),
        "{files:?}"
    );
    assert!(
        files[1].ends_with("sherpa-nanga-parbat-1.json"),
        "{files:?}"
    );
    assert!(files.iter().all(|f| Path::new(f).exists()));
    let lines = json_lines(
        local("nanga-parbat", 2, 5, &db, &sc, &out)
            .output()
            .unwrap(),
    );
    assert!(
        lines.iter().all(|l| l.get("end_files").is_none()),
        "written once"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `sherpa arena`: a tiny arena (2 games, a small budget) prints the JSON report, whose
/// numbers are consistent: one entry per seat in the order given, firsts at most the
/// games and at least one first per game, places within 1..=n, decision times measured
/// for the AI; bad seats and games are refused with what would be accepted.
#[test]
fn arena_prints_a_consistent_json_report_and_refuses_bad_seats() {
    let v = json_of(&[
        "arena",
        "nanga",
        "--seats",
        "ai:normal,random",
        "--games",
        "2",
        "--seed",
        "3",
        "--budget-ms",
        "5",
        "--json",
    ]);
    assert_eq!(v["game"], "nanga-parbat");
    assert_eq!(v["games"], 2);
    let seats = v["seats"].as_array().unwrap();
    let names: Vec<&str> = seats.iter().map(|s| s["seat"].as_str().unwrap()).collect();
    assert_eq!(names, ["ai:normal", "random"]);
    let mut firsts = 0;
    for s in seats {
        let first = s["first"].as_u64().unwrap();
        let place = s["mean_place"].as_f64().unwrap();
        assert!(first <= 2, "{s}");
        assert!((1.0..=2.0).contains(&place), "{s}");
        assert!(s["decision_ms_p99"].as_f64().unwrap() >= 0.0, "{s}");
        firsts += first;
    }
    assert!(firsts >= 2, "someone is first in every game: {v}");
    assert!(seats[0]["decision_ms_p99"].as_f64().unwrap() > 0.0, "{v}");
    // Each player's mean place and firsts agree: a player first in every game has mean 1.
    for s in seats {
        if s["first"] == 2 {
            assert_eq!(s["mean_place"].as_f64(), Some(1.0), "{s}");
        }
    }
    let refused = |args: &[&str], want: &[&str]| {
        let out = Command::new(BIN).args(args).output().unwrap();
        assert!(!out.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        for w in want {
            assert!(err.contains(w), "{args:?}: {err}");
        }
    };
    refused(
        &[
            "arena",
            "nanga",
            "--seats",
            "ai,random,random",
            "--games",
            "1",
        ],
        &["takes 2 players", "3 were given"],
    );
    refused(
        &[
            "arena",
            "nanga",
            "--seats",
            "ai:hard,random",
            "--games",
            "1",
        ],
        &["ai:hard", "ai:strong", "random"],
    );
    refused(
        &["arena", "chess", "--seats", "ai,random", "--games", "1"],
        &["chess", "nepal"],
    );
}

/// The game of `--db` rebuilt from its log, if one is running or finished there.
fn rebuilt_game(db: &Path) -> Option<Box<dyn sherpa::engine::AnyGame>> {
    let s = open_db(db);
    let row = s.log().latest_game("local", "table").unwrap()?;
    let kind = Registry::builtin().get(&row.kind).unwrap();
    let seats = s.log().seats(row.id).unwrap();
    let actions = s.log().actions(row.id).unwrap();
    replay(
        kind,
        &seats,
        &row.options,
        (row.seed, row.rules_version),
        &actions,
    )
    .ok()
}

/// Issue 36: `sherpa local nanga-parbat --players me,ai`: a newcomer plays against Sherpa.
/// The script grows a line at a time (each run resumes the game and plays only the new
/// line): `me` plays a legal step whenever it is her turn, and after each of her turns
/// Sherpa answers at once, in one message that pings her.
#[test]
fn local_cli_me_against_sherpa_plays_sherpas_turns_after_each_command() {
    let dir = tmp("me-vs-ai");
    let db = dir.join("g.db");
    let script = dir.join("script.txt");
    let args = [
        "nanga-parbat",
        "--players",
        "me,ai",
        "--seed",
        "5",
        "--ai-playouts",
        "4",
    ];
    let mut lines_so_far = String::from("me: game status\n");
    let mut sherpa_after_me = 0;
    for _ in 0..60 {
        std::fs::write(&script, &lines_so_far).unwrap();
        let lines = json_script_lines(&args, &script, &dir);
        let sherpa: Vec<&serde_json::Value> = lines
            .iter()
            .filter(|l| l["input"] == "Sherpa (normal): (Sherpa's turn)")
            .collect();
        for l in &sherpa {
            let public: Vec<&serde_json::Value> = l["replies"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|r| r["visibility"] == "public")
                .collect();
            assert_eq!(public.len(), 1, "one message a turn: {l}");
            let pings = public[0]["pings"].as_array().unwrap();
            assert!(
                pings.iter().all(|p| p == "me"),
                "only the human is pinged: {l}"
            );
        }
        if lines.iter().any(|l| {
            l["input"]
                .as_str()
                .is_some_and(|i| i.starts_with("me: move"))
        }) && !sherpa.is_empty()
        {
            sherpa_after_me += 1;
        }
        let g = rebuilt_game(&db).expect("the game");
        if g.status().is_finished() || sherpa_after_me >= 3 {
            break;
        }
        let acting = g.status().acting().to_vec();
        assert_eq!(acting, vec![0], "after each run it is my turn again");
        let step = g.default_step(0).unwrap();
        lines_so_far.push_str(&format!("me: move {step}\n"));
    }
    assert!(sherpa_after_me >= 3, "Sherpa answered my turns");
    let seats: Vec<usize> = logged_steps(&db).iter().map(|(s, _)| *s).collect();
    assert!(seats.contains(&0) && seats.contains(&1), "{seats:?}");
    assert_snapshot_equals_replay(&db);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `sherpa local nanga-parbat --players me,ai:easy`: after a game against Sherpa (ended
/// here by my resigning: Sherpa and the autopilot play it out), `game rematch` deals the
/// next game at once, Sherpa back in its seat at its level: nobody types anything for it.
#[test]
fn local_cli_a_rematch_against_sherpa_deals_at_once_with_sherpa_seated_again() {
    let dir = tmp("rematch-vs-ai");
    let db = dir.join("g.db");
    let script = dir.join("script.txt");
    std::fs::write(&script, "me: game resign\nme: game rematch\n").unwrap();
    let args = [
        "nanga-parbat",
        "--players",
        "me,ai:easy",
        "--seed",
        "5",
        "--ai-playouts",
        "4",
    ];
    let lines = json_script_lines(&args, &script, &dir);
    let texts = reply_texts(&lines);
    assert!(
        texts.contains("begins with me, Sherpa (easy)"),
        "the rematch dealt itself: {texts}"
    );
    let s = open_db(&db);
    assert_eq!(
        s.log().game(1).unwrap().status,
        sherpa::store::GameStatus::Finished
    );
    let row = s.log().latest_game("local", "table").unwrap().unwrap();
    assert_eq!(
        (row.id, row.status),
        (2, sherpa::store::GameStatus::Running)
    );
    let seats = s.log().seats(row.id).unwrap();
    let ids: Vec<&str> = seats.iter().map(|s| s.user_id.as_str()).collect();
    assert_eq!(ids, vec!["me", "sherpa:ai:easy"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `sherpa local nanga-parbat --players ai,ai:easy`: Sherpa plays a whole game by itself,
/// right after the setup; the log replays to the stored state, and the same seed and
/// playouts play the same game again.
#[test]
fn local_cli_two_sherpa_players_play_a_whole_game_by_themselves() {
    let play = |name: &str| {
        let dir = tmp(name);
        let script = dir.join("empty.txt");
        std::fs::write(&script, "").unwrap();
        let args = [
            "nanga-parbat",
            "--players",
            "ai,ai:easy",
            "--seed",
            "9",
            "--ai-playouts",
            "4",
        ];
        let lines = json_script_lines(&args, &script, &dir);
        let db = dir.join("g.db");
        let g = rebuilt_game(&db).expect("the game");
        assert!(g.status().is_finished(), "the game ended");
        assert_snapshot_equals_replay(&db);
        let s = open_db(&db);
        let row = s.log().latest_game("local", "table").unwrap().unwrap();
        let seats = s.log().seats(row.id).unwrap();
        let ids: Vec<&str> = seats.iter().map(|s| s.user_id.as_str()).collect();
        assert_eq!(ids, vec!["sherpa:ai:normal", "sherpa:ai:easy"]);
        assert!(lines
            .iter()
            .any(|l| l["input"] == "Sherpa (easy): (Sherpa's turn)"));
        let last = lines
            .iter()
            .rev()
            .find(|l| l.get("end_files").is_none())
            .unwrap();
        assert!(
            reply_texts(std::slice::from_ref(last)).contains("The game is over"),
            "{last}"
        );
        let steps = logged_steps(&db);
        let _ = std::fs::remove_dir_all(&dir);
        steps
    };
    assert_eq!(play("ai-ai-1"), play("ai-ai-2"), "the same game twice");
}

/// `sherpa local <args> --json --script <script>` on the database and output folder of
/// `dir`, as it ran (not checked).
fn local_run(args: &[&str], script: &Path, dir: &Path) -> std::process::Output {
    Command::new(BIN)
        .arg("local")
        .args(args)
        .args(["--json", "--script"])
        .arg(script)
        .arg("--db")
        .arg(dir.join("g.db"))
        .arg("--out")
        .arg(dir.join("out"))
        .output()
        .unwrap()
}

/// The answers of the script's own lines (setup, Sherpa's turns and end files left out):
/// each line's input, whether it was accepted, and its reply texts.
fn line_answers(lines: &[serde_json::Value], script: &str) -> Vec<(String, bool, String)> {
    let inputs: Vec<&str> = script
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    lines
        .iter()
        .filter(|l| {
            l.get("end_files").is_none() && l["input"].as_str().is_some_and(|i| inputs.contains(&i))
        })
        .map(|l| {
            (
                l["input"].as_str().unwrap().to_string(),
                l["ok"] == true,
                reply_texts(std::slice::from_ref(l)),
            )
        })
        .collect()
}

const NEPAL: [&str; 5] = ["nepal", "--players", "ann,bob,cy", "--seed", "3"];

// Issue 46: a line the first run refused stays refused when the script runs again, in
// its place: `bob: move grow Kathmandu` (not bob's turn) before `ann: move end` is never
// played, whatever the game's state when the script runs again.
#[test]
fn local_cli_a_refused_line_stays_refused_when_the_script_runs_again() {
    let dir = tmp("rerun-refused");
    let sc = dir.join("script.txt");
    let text = "bob: move grow Kathmandu\nann: move end\n";
    std::fs::write(&sc, text).unwrap();
    let first = json_lines(local_run(&NEPAL, &sc, &dir));
    let first = line_answers(&first, text);
    assert_eq!(
        first.iter().map(|a| a.1).collect::<Vec<_>>(),
        vec![false, true],
        "{first:?}"
    );
    let log = logged_steps(&dir.join("g.db"));
    assert_eq!(log, vec![(0, "end".to_string())]);
    for _ in 0..2 {
        let again = json_lines(local_run(&NEPAL, &sc, &dir));
        assert!(
            again
                .iter()
                .filter(|l| l["input"].as_str().is_some_and(|i| text.contains(i)))
                .all(|l| l["repeat"] == true),
            "{again:?}"
        );
        assert_eq!(
            line_answers(&again, text),
            first,
            "answered as the first run did"
        );
        assert_eq!(logged_steps(&dir.join("g.db")), log, "nothing played again");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

// Issue 46: undone steps and a refused undo. The first run takes a step back (accepted)
// after an undo that was refused; run again, the refused undo (which the later state
// would accept) stays refused and the game's log is unchanged.
#[test]
fn local_cli_undone_steps_and_a_refused_undo_are_answered_as_before_when_run_again() {
    let dir = tmp("rerun-undo");
    let sc = dir.join("script.txt");
    let text =
        "bob: undo\nann: move grow Kathmandu\nann: undo\nann: move end\nbob: move grow Kathmandu\n";
    std::fs::write(&sc, text).unwrap();
    let first = line_answers(&json_lines(local_run(&NEPAL, &sc, &dir)), text);
    assert_eq!(
        first.iter().map(|a| a.1).collect::<Vec<_>>(),
        vec![false, true, true, true, true],
        "{first:?}"
    );
    let db = dir.join("g.db");
    let log = logged_steps(&db);
    let again = line_answers(&json_lines(local_run(&NEPAL, &sc, &dir)), text);
    assert_eq!(again, first);
    assert_eq!(logged_steps(&db), log, "bob's grow was not taken back");
    assert_snapshot_equals_replay(&db);
    let _ = std::fs::remove_dir_all(&dir);
}

// Issue 46: a script whose line an earlier run played was changed since is refused whole,
// naming the first line that differs; nothing is played. Lines added at the end and
// comments are no change.
#[test]
fn local_cli_a_script_with_an_edited_earlier_line_is_refused_whole() {
    let dir = tmp("rerun-edited");
    let sc = dir.join("script.txt");
    std::fs::write(&sc, "bob: move grow Kathmandu\nann: move end\n").unwrap();
    json_lines(local_run(&NEPAL, &sc, &dir));
    let db = dir.join("g.db");
    let log = logged_steps(&db);
    std::fs::write(
        &sc,
        "# a comment\nbob: move grow Kathmandu\n\nann: move grow Kathmandu\nbob: move end\n",
    )
    .unwrap();
    let out = local_run(&NEPAL, &sc, &dir);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(
        stderr.contains("line 4 of the script")
            && stderr.contains("`ann: move grow Kathmandu`")
            && stderr.contains("played `ann: move end` there")
            && stderr.contains("--db"),
        "{stderr}"
    );
    assert!(out.stdout.is_empty(), "nothing answered");
    assert_eq!(logged_steps(&db), log, "nothing played");
    // Put back, with a comment and a new line: accepted, only the new line played.
    std::fs::write(
        &sc,
        "# a comment\nbob: move grow Kathmandu\n\nann: move end\nbob: move grow Kathmandu\n",
    )
    .unwrap();
    json_lines(local_run(&NEPAL, &sc, &dir));
    let mut want = log.clone();
    want.push((1, "grow Kathmandu".to_string()));
    assert_eq!(logged_steps(&db), want);
    let _ = std::fs::remove_dir_all(&dir);
}

// Issue 46: SIGKILL at random moments of a script full of lines typed too early (each a
// step another player plays five steps later, most of them refused when they come):
// every run answers each line it reaches as a run never stopped did (the refused ones
// refused, though the game would take them by now), and the game ends as that run's did,
// whatever the moments of the kills.
#[test]
fn local_cli_sigkill_at_random_moments_never_plays_a_refused_line() {
    let dir = tmp("rerun-kill");
    let (steps, _) = playout("nanga-parbat", 2, 5);
    let mut text = String::new();
    // Before each step, a step five ahead by another player: refused when it comes, and
    // playable at a later moment (the moment of a kill, on a run that forgot the refusal).
    for (i, (seat, step)) in steps.iter().enumerate() {
        if let Some((ahead, ahead_step)) = steps.get(i + 5).filter(|(s, _)| s != seat) {
            text.push_str(&format!("P{}: move {ahead_step}\n", ahead + 1));
        }
        text.push_str(&format!("P{}: move {step}\n", seat + 1));
    }
    let sc = dir.join("script.txt");
    std::fs::write(&sc, &text).unwrap();
    let args = ["nanga-parbat", "--players", "P1,P2", "--seed", "5"];
    let run = |db: &Path| {
        let mut cmd = Command::new(BIN);
        cmd.arg("local")
            .args(args)
            .args(["--json", "--script"])
            .arg(&sc)
            .arg("--db")
            .arg(db)
            .arg("--out")
            .arg(dir.join("out"))
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        cmd
    };
    // The run never stopped: each line's answer, and the game it plays.
    let reference: Vec<bool> = json_lines(run(&dir.join("ref.db")).output().unwrap())
        .iter()
        .filter(|l| l["input"].as_str().is_some_and(|i| i.contains(": move ")))
        .map(|l| l["ok"] == true)
        .collect();
    assert!(
        reference.iter().filter(|ok| !**ok).count() > 10,
        "many lines refused: {reference:?}"
    );
    let want = logged_steps(&dir.join("ref.db"));
    let db = dir.join("g.db");
    let mut pick = sherpa::engine::GameRng::new(11);
    let mut kills = 0;
    let deadline = Instant::now() + Duration::from_secs(180);
    loop {
        assert!(Instant::now() < deadline, "the crash test took too long");
        let mut child = run(&db).spawn().unwrap();
        let mut reader = BufReader::new(child.stdout.take().unwrap());
        let stop_after = if kills < 10 {
            1 + pick.below(reference.len())
        } else {
            usize::MAX
        };
        let mut answered = Vec::new();
        let mut line = String::new();
        while answered.len() < stop_after {
            line.clear();
            if reader.read_line(&mut line).unwrap() == 0 {
                break;
            }
            let v: serde_json::Value = serde_json::from_str(&line).unwrap();
            if v["input"].as_str().is_some_and(|i| i.contains(": move ")) {
                answered.push(v["ok"] == true);
            }
        }
        assert_eq!(
            answered[..],
            reference[..answered.len()],
            "each line answered as in the run never stopped"
        );
        if stop_after == usize::MAX {
            assert!(child.wait().unwrap().success());
            break;
        }
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        kills += 1;
        let log = logged_steps(&db);
        assert!(
            log.len() <= want.len() && log[..] == want[..log.len()],
            "the log is a prefix of the game never stopped: {log:?}"
        );
    }
    assert_eq!(
        logged_steps(&db),
        want,
        "the same game as the run never stopped"
    );
    assert_snapshot_equals_replay(&db);
    let _ = std::fs::remove_dir_all(&dir);
}

// Issue 46: a database holding another game is never resumed by mistake: another game,
// other players, another seed or other options are refused with a message naming the saved
// game and its players and how to resume it or start another; nothing changes. The same
// command line resumes it; a finished game is said to be over, never replaced.
#[test]
fn local_cli_a_saved_game_other_than_the_one_asked_for_is_refused() {
    let dir = tmp("resume-other");
    let db = dir.join("g.db");
    let (steps, _) = playout("nanga-parbat", 2, 5);
    let sc = script(&steps[..4], &dir.join("a"));
    let np = ["nanga-parbat", "--players", "P1,P2", "--seed", "5"];
    json_lines(local_run(&np, &sc, &dir));
    let log = logged_steps(&db);
    let refused: [&[&str]; 4] = [
        &["nepal", "--players", "P1,P2,P3", "--seed", "5"],
        &["nanga-parbat", "--players", "P1,ann", "--seed", "5"],
        &["nanga-parbat", "--players", "P1,P2", "--seed", "6"],
        &[
            "nanga-parbat",
            "--players",
            "P1,P2",
            "--seed",
            "5",
            "--option",
            "scoring=areas",
        ],
    ];
    for args in refused {
        let out = local_run(args, &sc, &dir);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?} was not refused: {stderr}");
        assert!(
            stderr.contains("holds game #1 of Nanga Parbat with P1, P2")
                && stderr.contains("sherpa local nanga-parbat --players P1,P2 --seed 5")
                && stderr.contains("--db FILE"),
            "{args:?}: {stderr}"
        );
        assert!(out.stdout.is_empty(), "{args:?}: nothing answered");
        assert_eq!(logged_steps(&db), log, "{args:?}: nothing played");
    }
    // The same game, names in another case: resumed.
    let lines = json_lines(local_run(
        &["nanga-parbat", "--players", "p1,p2"],
        &sc,
        &dir,
    ));
    assert!(lines.iter().all(|l| l["repeat"] == true), "{lines:?}");
    // Played to its end, then run again: it is over, and stays the table's game.
    let all = script(&steps, &dir.join("a"));
    json_lines(local_run(&np, &all, &dir));
    let out = local_run(&np, &all, &dir);
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    let lines = json_lines(out);
    assert!(
        stderr.contains("Game #1 of Nanga Parbat") && stderr.contains("is over"),
        "{stderr}"
    );
    assert!(lines.iter().all(|l| l["repeat"] == true), "{lines:?}");
    let s = open_db(&db);
    assert_eq!(s.log().all_games().unwrap().len(), 1, "no new game");
    assert_eq!(logged_steps(&db), steps);
    let _ = std::fs::remove_dir_all(&dir);
}

// Issue 46: with `--json`, standard output is one JSON document (or one a line for
// `local`) for every command that takes `--json`; words go to standard error.
#[test]
fn local_cli_json_output_is_only_json_for_every_command() {
    let dir = tmp("json-only");
    let (steps, _) = playout("nanga-parbat", 2, 5);
    let sc = script(&steps, &dir);
    let mut text = std::fs::read_to_string(&sc).unwrap();
    text.push_str("P1: game export\n");
    std::fs::write(&sc, &text).unwrap();
    let np = ["nanga-parbat", "--players", "P1,P2", "--seed", "5"];
    let lines = json_lines(local_run(&np, &sc, &dir));
    let file = lines
        .iter()
        .flat_map(|l| l["replies"].as_array().cloned().unwrap_or_default())
        .filter_map(|r| r["file"].as_str().map(str::to_string))
        .find(|f| f.ends_with(".json"))
        .expect("the export's file");
    // Run again (resumed): still JSON only.
    json_lines(local_run(&np, &sc, &dir));
    let replay = json_of(&["replay", &file, "--json"]);
    assert_eq!(replay["game"], "nanga-parbat", "{replay}");
    json_of(&["playout", "nanga", "--players", "2", "--json"]);
    json_of(&[
        "arena",
        "nanga",
        "--seats",
        "random,random",
        "--games",
        "1",
        "--json",
    ]);
    json_of(&["bench", "--stored-games", "3", "--json"]);
    json_of(&["bench", "--reminder-tick", "3", "--json"]);
    let _ = std::fs::remove_dir_all(&dir);
}

// Issue 46: player names are matched without regard to case (`Ann:` is ann), in lines
// and in `--players`.
#[test]
fn local_cli_player_names_are_matched_without_regard_to_case() {
    let dir = tmp("names-case");
    let sc = dir.join("script.txt");
    std::fs::write(&sc, "Ann: move end\nBOB: move grow Kathmandu\n").unwrap();
    json_script_lines(&NEPAL, &sc, &dir);
    assert_eq!(
        logged_steps(&dir.join("g.db")),
        vec![(0, "end".to_string()), (1, "grow Kathmandu".to_string())]
    );
    let out = local_run(
        &["nepal", "--players", "ann,Ann,cy"],
        &sc,
        &tmp("names-twice"),
    );
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("twice"));
    let _ = std::fs::remove_dir_all(&dir);
}

// Issue 46: `game sub ai` hands your seat to a Sherpa player (a seat Sherpa plays, not a
// person named "ai"), which plays its turns; the others hand it back to a person with
// `game sub`; the history shows both handovers.
#[test]
fn local_cli_a_seat_handed_to_sherpa_is_played_by_sherpa_and_handed_back() {
    let dir = tmp("sub-ai");
    let sc = dir.join("script.txt");
    // Seed 5: P2 places the guide first, then P1 (now Sherpa) plays.
    let (steps, _) = playout("nanga-parbat", 2, 5);
    assert_eq!(steps[0].0, 1);
    let text = format!(
        "P1: game sub ai easy\nP2: move {}\nP2: game sub Sherpa dan\nP2: game history\n",
        steps[0].1
    );
    let text = text.as_str();
    std::fs::write(&sc, text).unwrap();
    let args = [
        "nanga-parbat",
        "--players",
        "P1,P2",
        "--seed",
        "5",
        "--ai-playouts",
        "4",
    ];
    let lines = json_lines(local_run(&args, &sc, &dir));
    let answers = line_answers(&lines, text);
    assert!(answers.iter().all(|a| a.1), "{answers:?}");
    assert!(
        lines
            .iter()
            .any(|l| l["input"] == "Sherpa (easy): (Sherpa's turn)"),
        "Sherpa played the seat: {lines:?}"
    );
    let history = &answers[3].2;
    assert!(
        history.contains("P1") && history.contains("Sherpa (easy)") && history.contains("dan"),
        "{history}"
    );
    let db = dir.join("g.db");
    let s = open_db(&db);
    let row = s.log().latest_game("local", "table").unwrap().unwrap();
    let handovers = s.log().handovers(row.id).unwrap();
    let hands: Vec<(&str, &str)> = handovers
        .iter()
        .map(|h| (h.from_user.as_str(), h.to_user.as_str()))
        .collect();
    assert_eq!(
        hands,
        vec![("P1", "sherpa:ai:easy"), ("sherpa:ai:easy", "dan")]
    );
    assert!(logged_steps(&db).iter().any(|(seat, _)| *seat == 0));
    let _ = std::fs::remove_dir_all(&dir);
}

// Issue 46: the terminal's clock moves with `time +<duration>`: the reminder, the deadline
// and the caretaker's turns come as a channel would get them, and `game status` and
// `remind` say the same thing about what the deadline does.
#[test]
fn local_cli_time_lines_bring_reminders_the_deadline_and_the_caretaker() {
    let dir = tmp("clock");
    let sc = dir.join("script.txt");
    // Seed 5: P2 acts first, and it is P2 whom the deadline overtakes.
    let text = "P2: game status\nP2: remind\ntime +13h\ntime +60h\nP1: game status\n";
    std::fs::write(&sc, text).unwrap();
    let args = [
        "nanga-parbat",
        "--players",
        "P1,P2",
        "--seed",
        "5",
        "--ai-playouts",
        "4",
    ];
    let lines = json_lines(local_run(&args, &sc, &dir));
    let answers = line_answers(&lines, text);
    let promise = "Sherpa plays for them until they are back";
    assert!(answers[0].2.contains(promise), "{}", answers[0].2);
    assert!(answers[1].2.contains(promise), "{}", answers[1].2);
    let due = due_texts(&lines);
    assert!(
        due.iter().any(|t| t.contains("it is your turn")),
        "a reminder came: {due:?}"
    );
    assert!(
        due.iter()
            .any(|t| t.contains("Sherpa is minding their seat")),
        "the caretaker took the seat: {due:?}"
    );
    let db = dir.join("g.db");
    assert!(
        logged_steps(&db).iter().any(|(seat, _)| *seat == 1),
        "the caretaker played P2's turn"
    );
    // Run again: the clock lines are answered as before, and time does not move twice.
    let log = logged_steps(&db);
    let again = json_lines(local_run(&args, &sc, &dir));
    assert!(
        !again.iter().any(|l| l["input"] == "(time passes)"),
        "{again:?}"
    );
    assert_eq!(logged_steps(&db), log);
    let _ = std::fs::remove_dir_all(&dir);
}

// The daily digest in the terminal: `remind digest daily 09:00` says where it will come, and
// a `time +…` line that passes its hour prints it as Discord would send it (the README's
// promise; the answer once said the terminal sends nothing).
#[test]
fn local_cli_prints_the_daily_digest_when_the_clock_passes_its_hour() {
    let dir = tmp("digest");
    let sc = dir.join("script.txt");
    let text = "P1: remind digest daily 09:00\ntime +30h\n";
    std::fs::write(&sc, text).unwrap();
    let args = ["nepal", "--players", "P1,P2,P3", "--seed", "3"];
    let lines = json_lines(local_run(&args, &sc, &dir));
    let answers = line_answers(&lines, text);
    assert!(
        answers[0]
            .2
            .contains("printed when `time +…` moves the clock"),
        "{}",
        answers[0].2
    );
    let due = due_texts(&lines);
    assert!(
        due.iter().any(|t| t.contains("your daily digest")),
        "the digest came: {due:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The texts of what fell due when a `time +…` line moved the clock (`(time passes)`).
fn due_texts(lines: &[serde_json::Value]) -> Vec<String> {
    lines
        .iter()
        .filter(|l| l["input"] == "(time passes)")
        .map(|l| reply_texts(std::slice::from_ref(l)))
        .collect()
}
