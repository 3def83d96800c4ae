//! `sherpa arena`: the Sherpa players' strength, measured by playing them against each
//! other and against random players in memory. A module of the `sherpa` binary: it uses
//! only the library's public API (`sherpa::ai`, the engine and the registry).
//!
//! Each of `--games N` games seats the `--seats` players; the seat order is rotated by one
//! between games (game `g` seats player `i` at table seat `(i - g) mod n`), so no player
//! always starts. Per player: how often it was first (a first place shared by a tie counts
//! as first), its mean place, and the 99th percentile of its decision times (one
//! decision: one step). Games are set up from `--seed` and the game's number, and each
//! decision's seed is derived from them, so a run without a time budget is repeatable.

use crate::bin_bench::clock::{quantile, thread_cpu};
use sherpa::ai::{self, Budget, Level};
use sherpa::engine::{AnyGame, GameKind, Seat, Status};
use sherpa::games::Registry;
use std::fmt;
use std::time::{Duration, Instant};

/// The most steps one arena game may take before it is called stuck.
const MAX_STEPS: usize = 200_000;

/// The largest `--scale`: ten times the levels' own budgets.
pub const MAX_SCALE: f64 = 10.0;

/// Who plays a seat: a uniformly random legal step, or the Sherpa player of a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatKind {
    Random,
    Ai(Level),
}

impl SeatKind {
    /// `random`, `ai` (the normal level) or `ai:<level>`.
    pub fn parse(text: &str) -> Result<SeatKind, ArenaError> {
        let t = text.trim().to_ascii_lowercase();
        match t.as_str() {
            "random" => return Ok(SeatKind::Random),
            "ai" => return Ok(SeatKind::Ai(Level::Normal)),
            _ => {}
        }
        t.strip_prefix("ai:")
            .and_then(|level| level.parse::<Level>().ok())
            .map(SeatKind::Ai)
            .ok_or_else(|| ArenaError::UnknownSeat(text.trim().to_string()))
    }
}

impl fmt::Display for SeatKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeatKind::Random => f.write_str("random"),
            SeatKind::Ai(level) => write!(f, "ai:{level}"),
        }
    }
}

/// Why an arena could not be played.
#[derive(Debug, Clone, PartialEq)]
pub enum ArenaError {
    /// Not a game of the registry (or not one game): the registry's words.
    UnknownGame(String),
    /// Not a seat kind.
    UnknownSeat(String),
    SeatCount {
        game: &'static str,
        given: usize,
        min: usize,
        max: usize,
    },
    NoGames,
    ZeroBudget,
    /// `--scale` not a positive number of at most [`MAX_SCALE`].
    BadScale(f64),
    /// The engine refused a step a player chose, or a game did not end.
    Engine(String),
}

impl fmt::Display for ArenaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArenaError::UnknownGame(why) => write!(f, "{why}"),
            ArenaError::UnknownSeat(s) => {
                let levels: Vec<String> = Level::ALL.iter().map(|l| format!("ai:{l}")).collect();
                write!(
                    f,
                    "--seats: `{s}` is not a seat kind; give random, ai (the normal level) or {}",
                    levels.join(", ")
                )
            }
            ArenaError::SeatCount {
                game,
                given,
                min,
                max,
            } => {
                let takes = if min == max {
                    format!("{min}")
                } else {
                    format!("{min} to {max}")
                };
                write!(
                    f,
                    "--seats: {game} takes {takes} players, and {given} were given (comma-separated, e.g. ai:normal,random)"
                )
            }
            ArenaError::NoGames => f.write_str("--games: play at least 1 game"),
            ArenaError::ZeroBudget => {
                f.write_str("--budget-ms: give at least 1 millisecond per decision")
            }
            ArenaError::BadScale(x) => write!(
                f,
                "--scale: {x} is not a fraction of the levels' budgets; give a number above 0 and at most {MAX_SCALE} (e.g. 0.05)"
            ),
            ArenaError::Engine(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ArenaError {}

/// What `sherpa arena` plays.
#[derive(Clone, Debug)]
pub struct ArenaOptions {
    pub game: String,
    pub seats: Vec<SeatKind>,
    pub games: usize,
    pub seed: u64,
    /// The fraction of each level's own budget (playouts and time) it thinks: 1 for the
    /// levels as they play in a channel; below 1 for quicker tables that keep the levels'
    /// ratio (strong thinks 6.25 times as long as normal at any scale).
    pub scale: f64,
    /// Milliseconds per decision instead of each level's own time (after `scale`).
    pub budget_ms: Option<u64>,
    /// No time limit: every searching level thinks exactly its (scaled) playouts, so the
    /// results do not depend on the machine's load and a seed repeats them; the decisions'
    /// CPU times then say whether those playouts fit the levels' time.
    pub playouts_only: bool,
}

impl ArenaOptions {
    /// `--seats` as typed: comma-separated seat kinds.
    pub fn parse_seats(text: &str) -> Result<Vec<SeatKind>, ArenaError> {
        text.split(',').map(SeatKind::parse).collect()
    }
}

/// The arena's result (`--json` prints it as is).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct ArenaReport {
    pub game: String,
    pub games: usize,
    pub seats: Vec<SeatReport>,
}

/// One player's figures, in the order of `--seats`.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct SeatReport {
    pub seat: String,
    /// Games it finished first in (alone or tied).
    pub first: usize,
    pub mean_place: f64,
    /// The 99th percentile of its decision times, in milliseconds (wall clock).
    pub decision_ms_p99: f64,
    /// The 99th percentile of the CPU time its decisions' thread used, in milliseconds:
    /// what a decision cost, which other processes on the machine do not stretch.
    pub decision_cpu_ms_p99: f64,
    /// Its mean final score.
    pub mean_score: f64,
    /// Its decisions (more than one legal step) whose step, neither revealing nor drawing,
    /// brought its view back to a position it had earlier in the same turn (a wasted step:
    /// must be 0 for Sherpa's levels).
    pub repeats: usize,
}

/// One finished game, by player (the order of `--seats`): its place, and how long each of
/// its decisions took.
struct Played {
    places: Vec<u32>,
    scores: Vec<i64>,
    decisions: Vec<Vec<Duration>>,
    /// The thread CPU time of each decision, as `decisions`.
    cpu: Vec<Vec<Duration>>,
    repeats: Vec<usize>,
}

/// Play the arena: `opts.games` games of `opts.game` in memory.
pub fn run(registry: &'static Registry, opts: &ArenaOptions) -> Result<ArenaReport, ArenaError> {
    let kind = find_kind(registry, &opts.game)?;
    let n = opts.seats.len();
    if !(kind.min_players()..=kind.max_players()).contains(&n) {
        return Err(ArenaError::SeatCount {
            game: kind.id(),
            given: n,
            min: kind.min_players(),
            max: kind.max_players(),
        });
    }
    if opts.games == 0 {
        return Err(ArenaError::NoGames);
    }
    if opts.budget_ms == Some(0) {
        return Err(ArenaError::ZeroBudget);
    }
    if !(opts.scale > 0.0 && opts.scale <= MAX_SCALE) {
        return Err(ArenaError::BadScale(opts.scale));
    }
    let mut played = Vec::with_capacity(opts.games);
    for g in 0..opts.games {
        played.push(play_one(kind, opts, g)?);
    }
    Ok(report(kind.id(), &opts.seats, &played))
}

/// The game `name` picks (an id or a unique beginning).
fn find_kind(registry: &'static Registry, name: &str) -> Result<&'static dyn GameKind, ArenaError> {
    let id = sherpa::chat::match_game_id(&registry.ids(), name)
        .map_err(|e| ArenaError::UnknownGame(e.text().to_string()))?;
    registry
        .get(id)
        .ok_or_else(|| ArenaError::UnknownGame(format!("no game `{name}`")))
}

/// The player (index into `--seats`) at table seat `seat` in game `g` of `n` seats.
fn player_at(seat: Seat, g: usize, n: usize) -> usize {
    (seat + g) % n
}

/// A seed for each (game, step) of a run with seed `seed` (splitmix64 of their mix).
fn mix(seed: u64, g: usize, step: usize) -> u64 {
    let mut z = seed
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add((g as u64) << 32)
        .wrapping_add(step as u64)
        .wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Play game number `g` to its end, the players seated in the rotated order.
fn play_one(
    kind: &'static dyn GameKind,
    opts: &ArenaOptions,
    g: usize,
) -> Result<Played, ArenaError> {
    let n = opts.seats.len();
    let names: Vec<String> = (0..n)
        .map(|seat| format!("{} {}", opts.seats[player_at(seat, g, n)], seat + 1))
        .collect();
    let mut game = kind
        .setup(&names, &Default::default(), mix(opts.seed, g, usize::MAX))
        .map_err(|e| ArenaError::Engine(format!("{}: {e}", kind.id())))?;
    let mut decisions = vec![Vec::new(); n];
    let mut cpu = vec![Vec::new(); n];
    let mut repeats = vec![0; n];
    let mut turn = ai::TurnKeys::new();
    for step in 0..MAX_STEPS {
        let acting = match game.status() {
            Status::Acting(a) => a,
            Status::Finished(result) => {
                let mut places = vec![0; n];
                let mut scores = vec![0; n];
                for (seat, place) in result.places.iter().enumerate() {
                    places[player_at(seat, g, n)] = *place;
                    scores[player_at(seat, g, n)] = result.scores.get(seat).copied().unwrap_or(0);
                }
                return Ok(Played {
                    places,
                    scores,
                    decisions,
                    cpu,
                    repeats,
                });
            }
        };
        // Several seats may act at once (secret choices): the first one acts first.
        let seat = acting[0];
        let player = player_at(seat, g, n);
        turn.before(&*game, seat);
        let choice = game.choices(seat).len() > 1;
        let t = Instant::now();
        let c = thread_cpu();
        let chosen = decide(
            &*game,
            (seat, turn.seen()),
            opts.seats[player],
            budget_of(opts),
            mix(opts.seed, g, step),
        );
        decisions[player].push(t.elapsed());
        cpu[player].push(thread_cpu().saturating_sub(c));
        let Some(text) = chosen else {
            return Err(ArenaError::Engine(format!(
                "{} game {}: seat {} ({}) must act but has no step",
                kind.id(),
                g + 1,
                seat + 1,
                opts.seats[player]
            )));
        };
        let (_, applied) = game.play(seat, &text).map_err(|e| {
            ArenaError::Engine(format!(
                "{} game {}: seat {} ({}) chose `{text}`, refused: {e}",
                kind.id(),
                g + 1,
                seat + 1,
                opts.seats[player]
            ))
        })?;
        let back = turn.after(&*game, seat, applied.turn_ended);
        if back && choice && !applied.irreversible {
            repeats[player] += 1;
        }
    }
    Err(ArenaError::Engine(format!(
        "{} game {}: no end after {MAX_STEPS} steps",
        kind.id(),
        g + 1
    )))
}

/// A level's budget in this arena: `scale` of its own, with `budget_ms` as its time if
/// given, or without time (`playouts_only`).
fn budget_of(opts: &ArenaOptions) -> impl Fn(Level) -> Budget + '_ {
    move |level| {
        let scaled = level.budget().scaled(opts.scale);
        match opts.budget_ms {
            _ if opts.playouts_only => Budget::playouts_only(scaled.playouts),
            Some(ms) => scaled.with_millis(ms),
            None => scaled,
        }
    }
}

/// The step `who` takes for `seat` now (its turn's positions so far had the keys `seen`),
/// a searching level thinking the budget `budget` gives it.
fn decide(
    game: &dyn AnyGame,
    (seat, seen): (Seat, &[u64]),
    who: SeatKind,
    budget: impl Fn(Level) -> Budget,
    seed: u64,
) -> Option<String> {
    match who {
        SeatKind::Random => ai::random_step(game, seat, seed),
        SeatKind::Ai(level) => {
            ai::decide_in_turn(game, seat, level, budget(level), seed, seen).map(|d| d.step)
        }
    }
}

/// The 99th percentile of `times` in milliseconds (nearest rank; 0 when there are none).
fn p99_ms(times: &[Duration]) -> f64 {
    let mut v = times.to_vec();
    v.sort();
    quantile(&v, 0.99).as_secs_f64() * 1000.0
}

/// Per player: firsts (a shared first place counts), mean place and decision p99.
fn report(game: &str, seats: &[SeatKind], played: &[Played]) -> ArenaReport {
    let seats = seats
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let places: Vec<u32> = played.iter().map(|p| p.places[i]).collect();
            let times = |of: fn(&Played) -> &Vec<Vec<Duration>>| -> Vec<Duration> {
                played
                    .iter()
                    .flat_map(|p| of(p)[i].iter().copied())
                    .collect()
            };
            SeatReport {
                seat: s.to_string(),
                first: places.iter().filter(|&&p| p == 1).count(),
                mean_place: places.iter().map(|&p| p as f64).sum::<f64>()
                    / places.len().max(1) as f64,
                decision_ms_p99: p99_ms(&times(|p| &p.decisions)),
                decision_cpu_ms_p99: p99_ms(&times(|p| &p.cpu)),
                mean_score: played.iter().map(|p| p.scores[i] as f64).sum::<f64>()
                    / played.len().max(1) as f64,
                repeats: played.iter().map(|p| p.repeats[i]).sum(),
            }
        })
        .collect();
    ArenaReport {
        game: game.to_string(),
        games: played.len(),
        seats,
    }
}

/// The human-readable table of a report.
pub fn table(r: &ArenaReport) -> String {
    let n = r.seats.len().max(1);
    let mut s = format!(
        "{}: {} games, {} players (an even share of firsts: {:.1})\n",
        r.game,
        r.games,
        r.seats.len(),
        r.games as f64 / n as f64
    );
    s.push_str(
        "  seat  player       first  mean place  mean score  repeats  decision p99 (wall, cpu)\n",
    );
    for (i, seat) in r.seats.iter().enumerate() {
        s.push_str(&format!(
            "  {:<4}  {:<11}  {:>5}  {:>10.2}  {:>10.1}  {:>7}  {:>9.1} ms, {:.1} ms\n",
            i + 1,
            seat.seat,
            seat.first,
            seat.mean_place,
            seat.mean_score,
            seat.repeats,
            seat.decision_ms_p99,
            seat.decision_cpu_ms_p99
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_kinds_parse_and_unknown_ones_are_refused_with_the_choices() {
        assert_eq!(SeatKind::parse("random"), Ok(SeatKind::Random));
        assert_eq!(SeatKind::parse(" AI "), Ok(SeatKind::Ai(Level::Normal)));
        assert_eq!(SeatKind::parse("ai:easy"), Ok(SeatKind::Ai(Level::Easy)));
        assert_eq!(
            SeatKind::parse("ai:strong"),
            Ok(SeatKind::Ai(Level::Strong))
        );
        for bad in ["ai:hard", "human", "", "ai:"] {
            let e = SeatKind::parse(bad).unwrap_err().to_string();
            assert!(
                e.contains("random") && e.contains("ai:strong"),
                "{bad}: {e}"
            );
        }
        assert_eq!(
            ArenaOptions::parse_seats("ai,random").unwrap(),
            vec![SeatKind::Ai(Level::Normal), SeatKind::Random]
        );
        assert_eq!(SeatKind::Ai(Level::Easy).to_string(), "ai:easy");
    }

    /// Every player starts as often as the others (within one) over the rotation.
    #[test]
    fn the_rotation_seats_each_player_first_in_turn() {
        let n = 3;
        let mut starts = [0; 3];
        for g in 0..7 {
            starts[player_at(0, g, n)] += 1;
            let mut seen: Vec<usize> = (0..n).map(|s| player_at(s, g, n)).collect();
            seen.sort();
            assert_eq!(seen, [0, 1, 2], "game {g}: each player has one seat");
        }
        assert_eq!(starts, [3, 2, 2]);
    }

    #[test]
    fn a_shared_first_place_counts_as_first_and_places_average() {
        let ms = Duration::from_millis;
        let played = vec![
            Played {
                places: vec![1, 1, 3],
                scores: vec![10, 10, 2],
                decisions: vec![vec![ms(5)], vec![], vec![ms(1)]],
                cpu: vec![vec![ms(4)], vec![], vec![ms(1)]],
                repeats: vec![0, 2, 1],
            },
            Played {
                places: vec![2, 1, 3],
                scores: vec![5, 8, 0],
                decisions: vec![vec![ms(7), ms(9)], vec![], vec![]],
                cpu: vec![vec![ms(6), ms(2)], vec![], vec![]],
                repeats: vec![0, 3, 0],
            },
        ];
        let seats = [
            SeatKind::Ai(Level::Normal),
            SeatKind::Random,
            SeatKind::Random,
        ];
        let r = report("nepal", &seats, &played);
        assert_eq!(r.games, 2);
        let firsts: Vec<usize> = r.seats.iter().map(|s| s.first).collect();
        assert_eq!(firsts, [1, 2, 0]);
        assert_eq!(r.seats[0].mean_place, 1.5);
        assert_eq!(r.seats[2].mean_place, 3.0);
        assert_eq!(r.seats[0].decision_ms_p99, 9.0);
        assert_eq!(r.seats[1].decision_ms_p99, 0.0);
        assert_eq!(r.seats[0].decision_cpu_ms_p99, 6.0);
        assert_eq!(r.seats[0].mean_score, 7.5);
        assert_eq!(r.seats[2].mean_score, 1.0);
        let repeats: Vec<usize> = r.seats.iter().map(|s| s.repeats).collect();
        assert_eq!(repeats, [0, 5, 1]);
    }

    /// `repeats` counts the steps that brought a player's view back to a position of the
    /// same turn: random players in Nepal move there and back, Sherpa's players never do.
    #[test]
    fn random_players_waste_steps_and_sherpas_never_do() {
        let opts = ArenaOptions {
            game: "nepal".into(),
            seats: vec![
                SeatKind::Random,
                SeatKind::Ai(Level::Easy),
                SeatKind::Ai(Level::Normal),
            ],
            games: 1,
            seed: 3,
            scale: 0.005,
            budget_ms: None,
            // Without a clock the same seed plays the same game on any machine (with one,
            // a loaded machine changed normal's steps and so the random player's game).
            playouts_only: true,
        };
        let r = run(Registry::builtin(), &opts).unwrap();
        let repeats: Vec<usize> = r.seats.iter().map(|s| s.repeats).collect();
        assert!(repeats[0] > 0, "random players repeat: {repeats:?}");
        assert_eq!(repeats[1..], [0, 0], "Sherpa's players do not");
    }

    /// `--playouts-only` takes the time limit away (a scaled budget of playouts alone), and
    /// `--budget-ms` replaces the levels' time.
    #[test]
    fn playouts_only_thinks_the_scaled_playouts_without_a_clock() {
        let mut opts = ArenaOptions {
            game: "nanga".into(),
            seats: vec![SeatKind::Random; 2],
            games: 1,
            seed: 1,
            scale: 0.05,
            budget_ms: None,
            playouts_only: true,
        };
        let budget = |o: &ArenaOptions, level| budget_of(o)(level);
        assert_eq!(
            budget(&opts, Level::Normal),
            Budget::playouts_only(150),
            "no clock"
        );
        assert_eq!(budget(&opts, Level::Strong), Budget::playouts_only(1_000));
        opts.playouts_only = false;
        assert_eq!(budget(&opts, Level::Normal).millis, Some(20));
        opts.budget_ms = Some(7);
        assert_eq!(budget(&opts, Level::Normal).millis, Some(7));
        assert_eq!(budget(&opts, Level::Normal).playouts, 150);
    }

    #[test]
    fn a_wrong_seat_count_says_how_many_the_game_takes() {
        let opts = ArenaOptions {
            game: "nanga".into(),
            seats: vec![SeatKind::Random; 3],
            games: 1,
            seed: 1,
            scale: 1.0,
            budget_ms: None,
            playouts_only: false,
        };
        let e = run(Registry::builtin(), &opts).unwrap_err().to_string();
        assert!(
            e.contains("takes 2 players") && e.contains("3 were given"),
            "{e}"
        );
        let e = run(
            Registry::builtin(),
            &ArenaOptions {
                game: "chess".into(),
                ..opts
            },
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("nepal"), "names the games: {e}");
    }

    #[test]
    fn a_scale_outside_zero_to_ten_is_refused_with_what_is_accepted() {
        let opts = ArenaOptions {
            game: "nanga".into(),
            seats: vec![SeatKind::Random; 2],
            games: 1,
            seed: 1,
            scale: 1.0,
            budget_ms: None,
            playouts_only: false,
        };
        for bad in [0.0, -0.5, 10.5, f64::NAN, f64::INFINITY] {
            let e = run(
                Registry::builtin(),
                &ArenaOptions {
                    scale: bad,
                    ..opts.clone()
                },
            )
            .unwrap_err()
            .to_string();
            assert!(e.contains("--scale") && e.contains("above 0"), "{bad}: {e}");
        }
        for good in [0.01, 10.0] {
            let r = run(
                Registry::builtin(),
                &ArenaOptions {
                    scale: good,
                    ..opts.clone()
                },
            );
            assert!(r.is_ok(), "{good}: {r:?}");
        }
    }

    /// Random players only: every game ends, each player has a place in 1..=n, and the
    /// same seed plays the same games.
    #[test]
    fn random_players_finish_every_game_and_the_seed_repeats_them() {
        let opts = ArenaOptions {
            game: "nanga-parbat".into(),
            seats: vec![SeatKind::Random; 2],
            games: 3,
            seed: 5,
            scale: 1.0,
            budget_ms: None,
            playouts_only: false,
        };
        let a = run(Registry::builtin(), &opts).unwrap();
        let b = run(Registry::builtin(), &opts).unwrap();
        assert_eq!(a.games, 3);
        for s in &a.seats {
            assert!((1.0..=2.0).contains(&s.mean_place), "{s:?}");
            assert!(s.first <= 3);
        }
        let firsts = |r: &ArenaReport| r.seats.iter().map(|s| s.first).collect::<Vec<_>>();
        assert!(
            firsts(&a).iter().sum::<usize>() >= 3,
            "someone is first in each game"
        );
        assert_eq!(firsts(&a), firsts(&b));
        assert_eq!(a.seats[0].mean_place, b.seats[0].mean_place);
    }
}
