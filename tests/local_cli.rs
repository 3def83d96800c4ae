//! Drive the real `sherpa` binary: a scripted game with `--json`, and crash safety under
//! SIGKILL at random moments.

use sherpa::chat::replay;
use sherpa::games::Registry;
use sherpa::store::Store;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_sherpa");

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("sherpa-it-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A random playout from the engine: (players, steps as (seat, notation), final status).
fn playout(game: &str, players: usize, seed: u64) -> (Vec<(usize, String)>, serde_json::Value) {
    let out = Command::new(BIN)
        .args([
            "playout",
            game,
            "--players",
            &players.to_string(),
            "--seed",
            &seed.to_string(),
            "--json",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
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

fn logged_steps(db: &Path) -> Vec<(usize, String)> {
    let s = Store::open(db).unwrap();
    let Some(id) = s.latest_game("local", "table").unwrap().map(|g| g.id) else {
        return vec![];
    };
    s.actions(id)
        .unwrap()
        .into_iter()
        .map(|a| (a.seat, a.step))
        .collect()
}

fn assert_snapshot_equals_replay(db: &Path) {
    let s = Store::open(db).unwrap();
    let row = s.latest_game("local", "table").unwrap().unwrap();
    let kind = Registry::builtin().get(&row.kind).unwrap();
    let seats = s.seats(row.id).unwrap();
    let g = replay(
        kind,
        &seats,
        &row.options,
        row.seed,
        &s.actions(row.id).unwrap(),
    )
    .unwrap();
    let (v, snap) = s.snapshot(row.id).unwrap().unwrap();
    assert_eq!(v, row.version, "the snapshot is at the game's version");
    assert_eq!(
        snap,
        g.snapshot(),
        "stored state equals the replay of the log"
    );
}

#[test]
fn scripted_local_game_with_json_ends_with_the_engines_scores() {
    for game in ["himalaya", "nepal"] {
        let dir = tmp(&format!("script-{game}"));
        let (steps, status) = playout(game, 3, 11);
        let sc = script(&steps, &dir);
        let mut text = std::fs::read_to_string(&sc).unwrap();
        text.push_str("P2: game export\n");
        std::fs::write(&sc, text).unwrap();
        let out = local(game, 3, 11, &dir.join("g.db"), &sc, &dir.join("out"))
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(
            lines.len(),
            steps.len() + 5,
            "one JSON object per input line (plus setup)"
        );
        for l in &lines {
            assert_eq!(l["ok"], true, "{l}");
            assert!(l["input"].is_string() && l["replies"].is_array() && l.get("status").is_some());
        }
        let last = &lines[lines.len() - 2];
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
        let out = Command::new(BIN).arg("replay").arg(&file).output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let printed = String::from_utf8(out.stdout).unwrap();
        assert!(printed.contains("Finished"), "{printed}");
        for score in status["Finished"]["scores"].as_array().unwrap() {
            assert!(printed.contains(&score.to_string()));
        }
    }
}

/// Kill the process with SIGKILL at random moments, restart it on the same database and
/// script, and check that no acknowledged step is lost and none is applied twice.
#[test]
fn sigkill_at_random_moments_loses_no_acknowledged_step() {
    let game = std::env::var("SHERPA_CRASH_GAME").unwrap_or_else(|_| "nepal".into());
    let game = game.as_str();
    let dir = tmp("crash");
    let (steps, status) = playout(game, 3, 23);
    let sc = script(&steps, &dir);
    let db = dir.join("g.db");
    let mut pick = sherpa::engine::GameRng::new(7);
    let deadline = Instant::now() + Duration::from_secs(120);
    let mut kills = 0;
    let mut acknowledged = 0;
    loop {
        assert!(Instant::now() < deadline, "crash test took too long");
        let mut child = local(game, 3, 23, &db, &sc, &dir.join("out"))
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
        acknowledged += acked;
        if stop_after == usize::MAX {
            assert!(child.wait().unwrap().success());
            break;
        }
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        kills += 1;
        let log = logged_steps(&db);
        assert!(
            log.len() <= steps.len() && log[..] == steps[..log.len()],
            "the log is a prefix of the game: no step twice, none out of order"
        );
        assert!(
            log.len() >= acknowledged,
            "every acknowledged step is in the log ({} < {acknowledged})",
            log.len()
        );
        assert_snapshot_equals_replay_or_older(&db);
    }
    assert!(kills >= 12);
    assert_eq!(
        logged_steps(&db),
        steps,
        "every step is in the log exactly once"
    );
    assert_snapshot_equals_replay(&db);
    let s = Store::open(&db).unwrap();
    assert_eq!(
        s.latest_game("local", "table").unwrap().unwrap().status,
        sherpa::store::GameStatus::Finished
    );
    let _ = status;
}

fn assert_snapshot_equals_replay_or_older(db: &Path) {
    let s = Store::open(db).unwrap();
    let Some(row) = s.latest_game("local", "table").unwrap() else {
        return;
    };
    if row.status == sherpa::store::GameStatus::Lobby {
        return;
    }
    assert_snapshot_equals_replay(db);
}

/// Nepal's demo game (its scores are worked out by hand in the Nepal tests) played through
/// `sherpa local --script --json` ends with the same hand-checked scores.
#[test]
fn nepal_demo_game_through_local_script_ends_with_the_hand_checked_scores() {
    use sherpa::games::nepal;
    let dir = tmp("nepal-demo");
    let names = ["Ann", "Bob", "Cy"];
    let text: String = nepal::demo_script()
        .iter()
        .map(|(s, st)| format!("{}: move {st}\n", names[*s]))
        .collect();
    let sc = dir.join("demo.txt");
    std::fs::write(&sc, text).unwrap();
    let out = Command::new(BIN)
        .args([
            "local",
            "nepal",
            "--players",
            "Ann,Bob,Cy",
            "--seed",
            &nepal::DEMO_SEED.to_string(),
            "--json",
            "--script",
        ])
        .arg(&sc)
        .arg("--db")
        .arg(dir.join("g.db"))
        .arg("--out")
        .arg(dir.join("out"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let last: serde_json::Value = serde_json::from_str(
        String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .last()
            .unwrap(),
    )
    .unwrap();
    assert_eq!(last["ok"], true, "{last}");
    assert_eq!(
        last["status"]["status"]["Finished"]["scores"],
        serde_json::json!([5, 8, 14]),
        "{last}"
    );
    assert_eq!(
        last["status"]["status"]["Finished"]["places"],
        serde_json::json!([3, 2, 1])
    );
}

/// Nanga Parbat's two demo games (`tests/data/nanga_parbat/`, scores worked out by hand in
/// the Nanga Parbat tests) played through `sherpa local --script --json`, in both scoring
/// modes, end with the hand-checked scores.
#[test]
fn nanga_parbat_demo_games_through_local_script_end_with_the_hand_checked_scores() {
    use sherpa::games::nanga_parbat;
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/nanga_parbat");
    for (file, option, scores) in [
        ("chart.txt", "scoring=chart", [14, 17]),
        ("areas.txt", "scoring=areas", [16, 20]),
    ] {
        let dir = tmp(&format!("nanga-{file}"));
        let out = Command::new(BIN)
            .args([
                "local",
                "nanga-parbat",
                "--players",
                "Ann,Bob",
                "--seed",
                &nanga_parbat::DEMO_SEED.to_string(),
                "--option",
                option,
                "--json",
                "--script",
            ])
            .arg(data.join(file))
            .arg("--db")
            .arg(dir.join("g.db"))
            .arg("--out")
            .arg(dir.join("out"))
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        for l in &lines {
            assert_eq!(l["ok"], true, "{file}: {l}");
        }
        let last = lines.last().unwrap();
        assert_eq!(
            last["status"]["status"]["Finished"]["scores"],
            serde_json::json!(scores),
            "{file}: {last}"
        );
        assert_eq!(
            last["status"]["status"]["Finished"]["places"],
            serde_json::json!([2, 1])
        );
        assert!(
            last["replies"][0]["image"]
                .as_str()
                .map(|p| Path::new(p).exists())
                .unwrap_or(false),
            "the final board was written"
        );
        assert_snapshot_equals_replay(&dir.join("g.db"));
    }
}
