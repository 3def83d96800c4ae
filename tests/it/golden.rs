//! Golden playouts (shakmaty's perft files): for each game, a seed and a list of steps,
//! with checkpoints that record how many steps each seat may take and a hash of the whole
//! state. Any change of behaviour, however small, shows as a failing checkpoint here.
//!
//! Files: `tests/data/golden/<game>.golden`. Format:
//!
//! ```text
//! game nepal
//! players ann bob cy
//! seed 11
//! option fortress on           (zero or more)
//! rules 2                      (the rules version played by; 1 without the line, as in
//!                               every file recorded before rules versions were kept)
//! ann: move Gorkha Pokhara     (a step for a named seat)
//! = legal 12 0 0 state 3f…     (checkpoint: legal steps per seat, FNV-1a hash of the snapshot)
//! playout 120 pick 5           (only in a new file: play 120 random legal steps)
//! ```
//!
//! To write the checkpoints after an intended change of behaviour, or to expand a
//! `playout` line into steps: `SHERPA_BLESS=1 cargo test --test it golden`, then read the
//! diff before committing it.

use sherpa::engine::rng::GameRng;
use sherpa::engine::{AnyGame, Options};
use sherpa::games::Registry;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Steps between two checkpoints when a file is blessed.
const CHECK_EVERY: usize = 10;

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/golden")
}

#[derive(Default)]
struct Header {
    game: String,
    players: Vec<String>,
    seed: u64,
    options: Options,
    rules: u32,
}

/// FNV-1a, 64 bits: stable across Rust versions, unlike the standard hasher.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3)
    })
}

fn checkpoint(g: &dyn AnyGame, players: usize) -> String {
    let legal: Vec<String> = (0..players).map(|s| g.legal(s).len().to_string()).collect();
    format!(
        "= legal {} state {:016x}",
        legal.join(" "),
        fnv1a(&g.snapshot())
    )
}

fn start(h: &Header) -> Box<dyn AnyGame> {
    let kind = Registry::builtin()
        .get(&h.game)
        .unwrap_or_else(|| panic!("unknown game `{}`", h.game));
    kind.setup_at(&h.players, &h.options, h.seed, h.rules)
        .unwrap_or_else(|e| panic!("setup of {}: {e}", h.game))
}

/// Read the header lines (up to the first line that is not `game`, `players`, `seed`,
/// `option`, a comment or blank); returns the header and the number of its lines.
fn header(text: &str) -> (Header, usize) {
    let mut h = Header {
        seed: 1,
        rules: 1,
        ..Header::default()
    };
    let mut count = 0;
    for line in text.lines() {
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        match word {
            "game" => h.game = rest.trim().to_string(),
            "players" => h.players = rest.split_whitespace().map(String::from).collect(),
            "seed" => h.seed = rest.trim().parse().expect("seed is a number"),
            "rules" => h.rules = rest.trim().parse().expect("rules version is a number"),
            "option" => {
                let (k, v) = rest.split_once(' ').expect("option key value");
                h.options.insert(k.to_string(), v.trim().to_string());
            }
            _ if line.starts_with('#') || line.trim().is_empty() => {}
            _ => break,
        }
        count += 1;
    }
    (h, count)
}

/// Replay a golden file. Returns the file as it should be (checkpoints recomputed,
/// `playout` lines expanded) and the first checkpoint that differs, if any.
fn replay(text: &str) -> (String, Option<String>) {
    let (h, head) = header(text);
    let mut g = start(&h);
    let mut out: String = text.lines().take(head).map(|l| format!("{l}\n")).collect();
    let body: Vec<&str> = text.lines().skip(head).collect();
    let mut first_diff = None;
    let mut since = 0;
    for (n, line) in body.iter().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        if let Some(expected) = line.strip_prefix("= ") {
            let now = checkpoint(&*g, h.players.len());
            if since > 0 {
                out.push_str(&now);
                out.push('\n');
                since = 0;
            }
            if now[2..] != *expected && first_diff.is_none() {
                first_diff = Some(format!(
                    "{}: body line {}: expected `= {expected}`, got `{now}`",
                    h.game,
                    n + 1
                ));
            }
            continue;
        }
        if let Some(rest) = line.strip_prefix("playout ") {
            let words: Vec<&str> = rest.split_whitespace().collect();
            let (steps, pick) = match words.as_slice() {
                [n, "pick", p] => (n.parse().expect("steps"), p.parse().expect("pick")),
                _ => panic!("`playout <steps> pick <seed>`, not `{line}`"),
            };
            random_steps(&mut *g, &h, steps, pick, &mut out, &mut since);
            continue;
        }
        let (name, step) = line
            .split_once(':')
            .unwrap_or_else(|| panic!("{}: `{line}` is not `name: step`", h.game));
        let seat = seat_of(&h, name);
        g.play(seat, step.trim()).unwrap_or_else(|e| {
            panic!("{}: body line {}: `{line}` is refused: {e}", h.game, n + 1)
        });
        out.push_str(line);
        out.push('\n');
        since += 1;
        if since == CHECK_EVERY {
            out.push_str(&checkpoint(&*g, h.players.len()));
            out.push('\n');
            since = 0;
        }
    }
    if since > 0 || !out.lines().last().is_some_and(|l| l.starts_with("= ")) {
        out.push_str(&checkpoint(&*g, h.players.len()));
        out.push('\n');
    }
    (out, first_diff)
}

fn seat_of(h: &Header, name: &str) -> usize {
    h.players
        .iter()
        .position(|p| p == name.trim())
        .unwrap_or_else(|| panic!("{}: `{name}` is not a player", h.game))
}

/// Play `steps` random legal steps (an acting seat, then one of its legal steps, both
/// picked with the `pick` seed), writing each as a step line.
fn random_steps(
    g: &mut dyn AnyGame,
    h: &Header,
    steps: usize,
    pick: u64,
    out: &mut String,
    since: &mut usize,
) {
    let mut rng = GameRng::new(pick);
    for _ in 0..steps {
        let acting = g.status().acting().to_vec();
        if acting.is_empty() {
            break;
        }
        let seat = acting[rng.below(acting.len())];
        let legal = g.legal(seat);
        let step = &legal[rng.below(legal.len())].notation;
        g.play(seat, step).expect("a listed step applies");
        let _ = writeln!(out, "{}: {step}", h.players[seat]);
        *since += 1;
        if *since == CHECK_EVERY {
            out.push_str(&checkpoint(g, h.players.len()));
            out.push('\n');
            *since = 0;
        }
    }
}

/// The number (from 1) of the first line where `a` and `b` differ.
fn first_different_line(a: &str, b: &str) -> usize {
    let (mut la, mut lb) = (a.lines(), b.lines());
    (1..)
        .find(|_| la.next() != lb.next())
        .expect("the texts differ")
}

#[test]
fn golden_playouts_match_their_checkpoints() {
    let bless = std::env::var_os("SHERPA_BLESS").is_some();
    let mut files: Vec<PathBuf> = std::fs::read_dir(golden_dir())
        .expect("tests/data/golden exists")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "golden"))
        .collect();
    files.sort();
    let games: Vec<String> = files
        .iter()
        .map(|p| header(&std::fs::read_to_string(p).expect("read")).0.game)
        .collect();
    for id in Registry::builtin().ids() {
        assert!(games.iter().any(|g| g == id), "no golden file plays {id}");
    }
    let mut diffs = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).expect("read golden file");
        let (expected, diff) = replay(&text);
        if bless {
            std::fs::write(path, expected).expect("write golden file");
        } else {
            diffs.extend(diff);
            if diffs.is_empty() {
                assert!(
                    text == expected,
                    "{}: line {} is not as a blessed file has it (run with SHERPA_BLESS=1)",
                    path.display(),
                    first_different_line(&text, &expected)
                );
            }
        }
    }
    assert!(
        diffs.is_empty(),
        "behaviour changed (bless with SHERPA_BLESS=1 if intended):\n{}",
        diffs.join("\n")
    );
}

#[test]
fn golden_checkpoints_bite_when_the_state_differs() {
    let text = "game nepal\nplayers ann bob cy\nseed 11\nplayout 12 pick 2\n";
    let (blessed, diff) = replay(text);
    assert!(diff.is_none());
    assert_eq!(
        replay(&blessed),
        (blessed.clone(), None),
        "a blessed file replays clean"
    );
    let last = blessed.lines().last().expect("a checkpoint");
    let tampered = blessed.replacen(last, &last.replacen("state ", "state 0", 1), 1);
    let (_, diff) = replay(&tampered);
    assert!(
        diff.is_some(),
        "a checkpoint that does not match is reported"
    );
    let fresh = |seed: u64| {
        let h = Header {
            game: "nippon".into(),
            players: vec!["a".into(), "b".into()],
            seed,
            options: Options::new(),
            rules: 1,
        };
        checkpoint(&*start(&h), 2)
    };
    assert_ne!(fresh(1), fresh(2), "the state hash covers the seeded deal");
}
