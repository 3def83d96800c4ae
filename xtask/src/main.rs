//! Developer tools for Sherpa, run with `cargo xtask <command>` (the alias is in
//! `.cargo/config.toml`). They use only the library's public API and are not part of the
//! bot or of its tests.
//!
//! - `cargo xtask pictures <game> [--players N] [--seed S] [--every K] [--out DIR]`:
//!   play a random game and write its board, as a spectator sees it, every K steps and at
//!   the end (`step-0040.png`…); the board at Discord's inline width at the start, each
//!   quarter and the end (`step-0120-550.png`…), to look at as a player would; and
//!   `inline-550.png`, the middle of the game at that width as seat 0 sees it. `--out board_art/<game> --inline-only` writes just the committed inline
//!   picture (look at it before committing).
//! - `cargo xtask tidy`: the code-shape checks (`tidy.rs`): no import circle between
//!   files, no import up the layers, SQL only in `src/store`, serenity and poise only in
//!   `src/discord`, a `//!` doc on every module, no function over 80 lines outside tests.
//! - `cargo xtask census <game> [--players N] [--games G]`: how many legal steps the acting
//!   seats have over G random games (the largest, the mean, a histogram), to check that a
//!   game stays within one decision per step.

use anyhow::{anyhow, bail, Context, Result};
use sherpa::engine::rng::GameRng;
use sherpa::engine::{AnyGame, GameKind, Options, Viewer};
use sherpa::games::Registry;
use sherpa::render::png::{scaled_to_width, INLINE_WIDTH};
use std::path::PathBuf;

mod tidy;

const USAGE: &str = "usage:
  cargo xtask pictures <game> [--players N] [--seed S] [--every K] [--out DIR] [--inline-only]
  cargo xtask census <game> [--players N] [--games G]
  cargo xtask tidy";

/// A random game's steps: an acting seat, then one of its legal steps, both picked by `rng`.
/// Stops at the end of the game or after `cap` steps.
struct RandomGame {
    game: Box<dyn AnyGame>,
    rng: GameRng,
    steps: usize,
}

impl RandomGame {
    fn new(kind: &'static dyn GameKind, players: usize, seed: u64) -> Result<Self> {
        let names: Vec<String> = (1..=players).map(|i| format!("P{i}")).collect();
        let game = kind
            .setup(&names, &Options::new(), seed)
            .map_err(|e| anyhow!("{}: {e}", kind.name()))?;
        Ok(RandomGame {
            game,
            rng: GameRng::new(seed ^ 0x5eed),
            steps: 0,
        })
    }

    /// Play one random step; the number of legal steps the chosen seat had, or `None` at
    /// the end of the game.
    fn step(&mut self) -> Result<Option<usize>> {
        let acting = self.game.status().acting().to_vec();
        if acting.is_empty() {
            return Ok(None);
        }
        let seat = acting[self.rng.below(acting.len())];
        let legal = self.game.legal(seat);
        if legal.is_empty() {
            bail!("seat {seat} must act but has no legal step");
        }
        let text = legal[self.rng.below(legal.len())].notation.clone();
        self.game
            .play(seat, &text)
            .map_err(|e| anyhow!("`{text}` was listed but refused: {e}"))?;
        self.steps += 1;
        Ok(Some(legal.len()))
    }
}

struct Args {
    game: &'static dyn GameKind,
    players: usize,
    seed: u64,
    every: usize,
    games: usize,
    out: PathBuf,
    inline_only: bool,
}

fn parse_args(words: &[String]) -> Result<Args> {
    let id = words.first().ok_or_else(|| anyhow!("{USAGE}"))?;
    let reg = Registry::builtin();
    let game = reg
        .get(id)
        .ok_or_else(|| anyhow!("unknown game `{id}`; games: {}", reg.ids().join(", ")))?;
    let mut a = Args {
        game,
        players: game.min_players().max(3).min(game.max_players()),
        seed: 1,
        every: 40,
        games: 20,
        out: PathBuf::from(format!("/tmp/sherpa-pictures/{}", game.id())),
        inline_only: false,
    };
    let mut rest = words[1..].iter();
    while let Some(flag) = rest.next() {
        if flag == "--inline-only" {
            a.inline_only = true;
            continue;
        }
        let value = rest
            .next()
            .ok_or_else(|| anyhow!("`{flag}` needs a value\n{USAGE}"))?;
        let number = || -> Result<u64> {
            value
                .parse()
                .with_context(|| format!("`{flag} {value}`: a whole number"))
        };
        match flag.as_str() {
            "--players" => a.players = number()? as usize,
            "--seed" => a.seed = number()?,
            "--every" => a.every = (number()? as usize).max(1),
            "--games" => a.games = number()? as usize,
            "--out" => a.out = PathBuf::from(value),
            _ => bail!("unknown option `{flag}`\n{USAGE}"),
        }
    }
    Ok(a)
}

fn pictures(a: &Args) -> Result<()> {
    std::fs::create_dir_all(&a.out).with_context(|| format!("creating {}", a.out.display()))?;
    // A first pass finds the length of the game, so the pictures show its phases: the
    // start, each quarter and the end; the inline picture shows its middle.
    let mut probe = RandomGame::new(a.game, a.players, a.seed)?;
    while probe.step()?.is_some() && probe.steps < 100_000 {}
    let end = probe.steps;
    let middle = end / 2;
    let phases = [0, end / 4, middle, end * 3 / 4];
    let mut g = RandomGame::new(a.game, a.players, a.seed)?;
    let write = |name: String, png: &[u8]| -> Result<()> {
        let path = a.out.join(name);
        std::fs::write(&path, png).with_context(|| format!("writing {}", path.display()))?;
        println!("wrote {} ({} KB)", path.display(), png.len() / 1024);
        Ok(())
    };
    let inline =
        |png: &[u8]| scaled_to_width(png, INLINE_WIDTH).ok_or_else(|| anyhow!("PNG decodes"));
    loop {
        if g.steps % a.every == 0 && !a.inline_only {
            write(
                format!("step-{:04}.png", g.steps),
                &g.game.render(Viewer::Spectator),
            )?;
        }
        if phases.contains(&g.steps) && !a.inline_only {
            let png = g.game.render(Viewer::Spectator);
            write(
                format!("step-{:04}-{INLINE_WIDTH}.png", g.steps),
                &inline(&png)?,
            )?;
        }
        if g.steps == middle {
            let png = g.game.render(Viewer::Seat(0));
            write(format!("inline-{INLINE_WIDTH}.png"), &inline(&png)?)?;
        }
        if g.step()?.is_none() || g.steps >= end {
            break;
        }
    }
    if a.inline_only {
        return Ok(());
    }
    let png = g.game.render(Viewer::Spectator);
    write(format!("step-{:04}-end.png", g.steps), &png)?;
    write(
        format!("step-{:04}-end-{INLINE_WIDTH}.png", g.steps),
        &inline(&png)?,
    )
}

fn census(a: &Args) -> Result<()> {
    let mut counts: Vec<usize> = Vec::new();
    for i in 0..a.games {
        let mut g = RandomGame::new(a.game, a.players, a.seed + i as u64)?;
        while let Some(n) = g.step()? {
            counts.push(n);
        }
    }
    if counts.is_empty() {
        bail!("no step was played");
    }
    let max = counts.iter().max().copied().unwrap_or(0);
    let mean = counts.iter().sum::<usize>() as f64 / counts.len() as f64;
    println!(
        "{} ({} players, {} games): {} decisions, legal steps mean {mean:.1}, max {max}",
        a.game.name(),
        a.players,
        a.games,
        counts.len()
    );
    for (lo, hi) in [
        (1, 1),
        (2, 5),
        (6, 20),
        (21, 50),
        (51, 100),
        (101, 250),
        (251, usize::MAX),
    ] {
        let n = counts.iter().filter(|&&c| lo <= c && c <= hi).count();
        let label = if hi == usize::MAX {
            format!("{lo}+")
        } else {
            format!("{lo}-{hi}")
        };
        println!("  {label:>8}: {n}");
    }
    Ok(())
}

fn run_tidy() -> Result<()> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let files = tidy::read_sources(&root).context("reading src/")?;
    let problems = tidy::check(&files);
    for p in &problems {
        println!("{p}");
    }
    if !problems.is_empty() {
        bail!(
            "tidy: {} problem(s) in {} files",
            problems.len(),
            files.len()
        );
    }
    println!("tidy: {} files, no problem", files.len());
    Ok(())
}

fn main() -> Result<()> {
    let words: Vec<String> = std::env::args().skip(1).collect();
    match words.first().map(String::as_str) {
        Some("pictures") => pictures(&parse_args(&words[1..])?),
        Some("census") => census(&parse_args(&words[1..])?),
        Some("tidy") => run_tidy(),
        _ => bail!("{USAGE}"),
    }
}
