//! The `sherpa` command: local play, random playouts, replays, rules lookup, benchmarks,
//! and the Discord bot.

mod bin_arena;
mod bin_bench;

use anyhow::Context;
use clap::{Parser, Subcommand};
use sherpa::games::{BoardTexts, Registry};
use std::path::PathBuf;

#[derive(Parser)]
#[command(
    name = "sherpa",
    version,
    about = "Play-by-post board games for Discord, and in your terminal"
)]
struct Cli {
    /// Folder with replacement board files (`<game>/board.txt`), for owners who correct
    /// the authored boards.
    #[arg(long, global = true)]
    boards: Option<PathBuf>,
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Play a game in the terminal: each line is `<player>: <command>`.
    Local(sherpa::local::LocalOptions),
    /// Play random legal steps to the end and print them with the final scores.
    Playout {
        game: String,
        #[arg(long, default_value_t = 3)]
        players: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long = "option")]
        options: Vec<String>,
        #[arg(long)]
        json: bool,
    },
    /// Rebuild an exported game from its replay file and print where it stands.
    Replay {
        file: PathBuf,
        /// Also store the rebuilt game in this database.
        #[arg(long)]
        db: Option<PathBuf>,
        /// Write an animated GIF of the public board after each turn to this file.
        #[arg(long, value_name = "OUT.gif")]
        timelapse: Option<PathBuf>,
        /// Print the rebuilt game's status as JSON instead of a summary.
        #[arg(long)]
        json: bool,
    },
    /// Look up a game's rules: `sherpa rules nepal conflict`.
    Rules { game: String, topic: Vec<String> },
    /// Run the Discord bot (token from the config file or DISCORD_TOKEN; database from the
    /// config file or DATABASE_URL).
    Run {
        /// The configuration file; see config.example.toml.
        #[arg(long, default_value = "config.toml")]
        config: PathBuf,
        /// Run only these gateway shards, `N-M` (inclusive), of `--total-shards`: one
        /// process of a fleet over one PostgreSQL database. Default: all (autosharding).
        #[arg(long, value_name = "N-M", requires = "total_shards")]
        shards: Option<String>,
        /// The fleet's total number of gateway shards (with `--shards`).
        #[arg(long, value_name = "N", requires = "shards")]
        total_shards: Option<u32>,
    },
    /// Copy every game from one database into an empty one and verify each by replay, e.g.
    /// `--from sqlite:sherpa.db --to postgres://sherpa@db/sherpa` to move to a fleet.
    MigrateDb {
        /// The source: `sqlite:FILE` (or a file path) or a `postgres://` URL.
        #[arg(long)]
        from: String,
        /// The destination, empty: `postgres://…` or `sqlite:FILE`.
        #[arg(long)]
        to: String,
    },
    /// Serve the game pages of a database (`game web` gives the links): `--db FILE
    /// --listen ADDR` for the terminal's, `--config FILE` for the bot's.
    Web(sherpa::web::WebOptions),
    /// Measure speed: round trips, rendering, legal steps, playouts.
    Bench(BenchArgs),
    /// Measure the Sherpa players' strength: play N games in memory and print, per seat,
    /// how often it was first, its mean place and its decision time p99.
    Arena(ArenaArgs),
}

/// `sherpa arena`'s options.
#[derive(clap::Args)]
struct ArenaArgs {
    /// The game (an id or a unique beginning, e.g. `nanga`).
    game: String,
    /// The players, comma-separated, one per seat: `random`, `ai` (the normal level),
    /// `ai:easy`, `ai:normal` or `ai:strong`. The seat order is rotated between games.
    #[arg(long, value_name = "KIND,KIND,...")]
    seats: String,
    /// How many games to play.
    #[arg(long, value_name = "N")]
    games: usize,
    /// Games and decisions are seeded from this.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Every searching level thinks this fraction of its own budget, playouts and time
    /// (normal: 3,000 playouts, 400 ms; strong: 20,000, 2,500 ms), so the levels keep
    /// their ratio in quicker tables: 0.05 gives normal 150 / 20 ms, strong 1,000 / 125 ms.
    #[arg(long, value_name = "F", default_value_t = 1.0)]
    scale: f64,
    /// Milliseconds per decision for every level, instead of the levels' own time.
    #[arg(long, value_name = "MS")]
    budget_ms: Option<u64>,
    /// No time limit: every searching level thinks exactly its (scaled) playouts, whatever
    /// the machine's load (a seed then repeats the games); compare the decisions' CPU
    /// p99 with the levels' time.
    #[arg(long, conflicts_with = "budget_ms")]
    playouts_only: bool,
    /// Print `{"game", "games", "seats": [{"seat", "first", "mean_place", "mean_score",
    /// "repeats", "decision_ms_p99", "decision_cpu_ms_p99"}]}` (p99s: wall clock and the
    /// deciding thread's CPU time).
    #[arg(long)]
    json: bool,
}

/// `sherpa bench`'s options.
#[derive(clap::Args)]
struct BenchArgs {
    #[arg(long)]
    json: bool,
    /// Sample multiplier: 1.0 takes 1,000 samples per figure; CI lowers it (e.g. 0.05).
    #[arg(long, default_value_t = 1.0)]
    scale: f64,
    /// Instead of the benchmarks, play one move of GAME with its board and its floor, for
    /// instruction counts under `valgrind --tool=callgrind` (see docs/speed.md).
    #[arg(long, value_name = "GAME")]
    callgrind: Option<String>,
    /// Instead of the benchmarks, store N running games and measure start-up and memory
    /// (with `--active`, default N/10, of them answering a board request).
    #[arg(long, value_name = "N")]
    stored_games: Option<usize>,
    #[arg(long, value_name = "N")]
    active: Option<usize>,
    /// Instead of the benchmarks, store N running games with waiting players and time
    /// the reminder task's tick (on PostgreSQL with `--postgres`).
    #[arg(long, value_name = "N")]
    reminder_tick: Option<usize>,
    /// Instead of the benchmarks, play MOVES moves of Nepal and measure the database's
    /// size per 1,000 moves before and after pruning (on PostgreSQL with `--postgres`).
    #[arg(long, value_name = "MOVES")]
    retention: Option<usize>,
    /// Instead of the benchmarks, play N games of each game (`--game` picks) to their end
    /// and time the move that ends each one and, apart, its end files (timelapse and
    /// replay file).
    #[arg(long, value_name = "N")]
    game_endings: Option<usize>,
    /// Instead of the benchmarks, time Sherpa's search (normal level) in each game
    /// (`--game` picks): its playouts per second, thinking about `--scale` seconds a game.
    #[arg(long)]
    search: bool,
    /// With `--search`: every decision runs exactly N playouts and no clock (two games'
    /// positions), so a run is the same on any machine: for instruction counts under
    /// `valgrind --tool=callgrind` (docs/strength.md).
    #[arg(long, value_name = "N", requires = "search")]
    search_playouts: Option<u32>,
    /// Instead of the benchmarks, time N decisions of Sherpa's normal and strong levels in
    /// each game (`--game` picks) at their own budgets, clock included (`--scale`
    /// multiplies the budgets): wall and CPU p50 / p99 / max and the playouts reached.
    #[arg(long, value_name = "N", num_args = 0..=1, default_missing_value = "24")]
    decisions: Option<usize>,
    /// Instead of the benchmarks, play N steps of each game (`--game` picks) typed and the
    /// same steps picked from the menus, and time the menus beside the board picture.
    #[arg(long, value_name = "N")]
    components: Option<usize>,
    /// Instead of the benchmarks, time a game's web page from a warm cache over HTTP
    /// (a Nepal game of MOVES random steps; `--scale` sets the samples).
    #[arg(long, value_name = "MOVES", num_args = 0..=1, default_missing_value = "150")]
    web: Option<usize>,
    /// Also measure the round trips on PostgreSQL: a database URL (its tables are
    /// created; use a scratch database), or `auto` to start a throwaway cluster
    /// (needs PostgreSQL's server programs installed).
    #[arg(long, value_name = "URL|auto")]
    postgres: Option<String>,
    /// Measure only these games (ids or unique beginnings, e.g. `--game nip`; repeat
    /// for more). Default: every game.
    #[arg(long, value_name = "GAME")]
    game: Vec<String>,
}

fn registry(boards: Option<&PathBuf>) -> anyhow::Result<&'static Registry> {
    let Some(dir) = boards else {
        return Ok(Registry::builtin());
    };
    let mut texts = BoardTexts::default();
    for entry in std::fs::read_dir(dir).with_context(|| format!("cannot read {}", dir.display()))? {
        let entry = entry?;
        let file = entry.path().join("board.txt");
        if file.is_file() {
            let text = std::fs::read_to_string(&file)
                .with_context(|| format!("cannot read {}", file.display()))?;
            texts
                .overrides
                .push((entry.file_name().to_string_lossy().to_string(), text));
        }
    }
    Ok(Registry::load(&texts)
        .map_err(|e| anyhow::anyhow!(e))?
        .leak())
}

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    if !matches!(cli.cmd, Cmd::Run { .. }) {
        stop_quietly_on_a_closed_pipe();
    }
    let reg = registry(cli.boards.as_ref())?;
    match cli.cmd {
        Cmd::Local(opts) => sherpa::local::run(opts, reg),
        Cmd::Playout {
            game,
            players,
            seed,
            options,
            json,
        } => {
            let r = sherpa::local::playout(reg, &game, players, seed, &options)?;
            match json {
                true => println!("{}", r.to_json()),
                false => print!("{}", r.summary()),
            }
            Ok(())
        }
        Cmd::Replay {
            file,
            db,
            timelapse,
            json,
        } => {
            let r =
                sherpa::local::replay_file(reg, &file, db.as_deref(), timelapse.as_deref(), json)?;
            // With `--json`, standard output holds the JSON document only.
            match r.status {
                Some(status) => {
                    eprintln!("{}", r.words);
                    println!("{status}");
                }
                None => println!("{}", r.words),
            }
            Ok(())
        }
        Cmd::Rules { game, topic } => {
            let text = sherpa::chat::help::rules(reg, &format!("{game} {}", topic.join(" ")))
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            println!("{}", text.render(&sherpa::local::terminal_syntax(None)));
            Ok(())
        }
        Cmd::Run {
            config,
            shards,
            total_shards,
        } => {
            let mut cfg = sherpa::config::Config::load(&config)?;
            if let (Some(range), Some(total)) = (shards, total_shards) {
                cfg.set_shards(&range, total)?;
            }
            let runtime = tokio::runtime::Runtime::new()?;
            let res = runtime.block_on(sherpa::discord::run(cfg));
            // A search still thinking on the AI pool is not waited for (its turn is not
            // committed; it is thought again after the restart); SIGTERM stays within 5 s.
            runtime.shutdown_timeout(std::time::Duration::from_secs(1));
            res
        }
        Cmd::MigrateDb { from, to } => {
            println!("{}", sherpa::local::migrate_db(reg, &from, &to)?);
            Ok(())
        }
        Cmd::Web(opts) => sherpa::web::run(opts),
        Cmd::Bench(args) => bench(reg, args),
        Cmd::Arena(args) => arena(reg, args),
    }
}

/// `sherpa arena`: the table, or the JSON report.
fn arena(reg: &'static Registry, args: ArenaArgs) -> anyhow::Result<()> {
    let opts = bin_arena::ArenaOptions {
        game: args.game,
        seats: bin_arena::ArenaOptions::parse_seats(&args.seats)?,
        games: args.games,
        seed: args.seed,
        scale: args.scale,
        budget_ms: args.budget_ms,
        playouts_only: args.playouts_only,
    };
    let r = bin_arena::run(reg, &opts)?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&r)?);
    } else {
        print!("{}", bin_arena::table(&r));
    }
    Ok(())
}

/// A terminal command whose output is piped into a reader that stops early (`| head`)
/// ends quietly, as command-line tools do, instead of panicking on the failed print. Not
/// for the bot: its sockets must see a closed connection as an error, not a signal.
fn stop_quietly_on_a_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: restores the default action of SIGPIPE before any thread starts; no handler
    // of ours is replaced.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// `sherpa bench`: one of the special measurements its flags ask for, or the games'.
fn bench(reg: &'static Registry, args: BenchArgs) -> anyhow::Result<()> {
    let postgres = args.postgres.as_deref();
    if let Some(moves) = args.retention {
        return bench_retention(reg, moves, postgres);
    }
    if let Some(n) = args.reminder_tick {
        return bench_reminder_tick(n, postgres, args.json);
    }
    if let Some(n) = args.stored_games {
        return bench_stored_games(reg, n, args.active.unwrap_or(n / 10), args.json);
    }
    if let Some(n) = args.game_endings {
        let r = bin_bench::game_endings(&bin_bench::pick_games(reg, &args.game)?, n.max(1))?;
        return print_report(args.json, &r[..], bin_bench::endings_table);
    }
    if args.search {
        let r = bin_bench::search_speeds(
            &bin_bench::pick_games(reg, &args.game)?,
            args.scale,
            args.search_playouts,
        )?;
        return print_report(args.json, &r[..], bin_bench::search_table);
    }
    if let Some(n) = args.decisions {
        anyhow::ensure!(
            args.scale.is_finite() && args.scale > 0.0 && args.scale <= 1.0,
            "--scale with --decisions takes a fraction of the budgets above 0 and at most 1, not {}",
            args.scale
        );
        let kinds = bin_bench::pick_games(reg, &args.game)?;
        let r = bin_bench::decision_times(&kinds, n.max(1), args.scale)?;
        return print_report(args.json, &r[..], bin_bench::decisions_table);
    }
    if let Some(n) = args.components {
        let kinds = bin_bench::pick_games(reg, &args.game)?;
        let r = bin_bench::components_only(&kinds, n.max(10))?;
        if args.json {
            println!("{}", serde_json::to_string_pretty(&r)?);
        } else {
            for (game, c) in &r {
                print!("{game}\n{}", bin_bench::component_lines(c));
            }
        }
        return Ok(());
    }
    if let Some(moves) = args.web {
        return bench_web(moves, args.scale, args.json);
    }
    if let Some(game) = &args.callgrind {
        println!("{}", bin_bench::callgrind(reg, game)?);
        return Ok(());
    }
    let scale = args.scale;
    anyhow::ensure!(
        scale.is_finite() && scale > 0.0 && scale <= 100.0,
        "--scale takes a number above 0 and at most 100 (1 = 1,000 samples), not {scale}"
    );
    // `auto`: a throwaway cluster, stopped when `_cluster` drops.
    let (_cluster, url) = match postgres {
        Some(p) => {
            let (c, url) = postgres_for_bench(p)?;
            (c, Some(url))
        }
        None => (None, None),
    };
    let kinds = bin_bench::pick_games(reg, &args.game)?;
    let r = bin_bench::run(&kinds, scale, url.as_deref())?;
    print_report(args.json, &r[..], bin_bench::table)
}

/// A bench's figures as pretty JSON (`--json`), else as its table.
fn print_report<R: serde::Serialize + ?Sized>(
    json: bool,
    r: &R,
    table: impl FnOnce(&R) -> String,
) -> anyhow::Result<()> {
    if json {
        println!("{}", serde_json::to_string_pretty(r)?);
    } else {
        print!("{}", table(r));
    }
    Ok(())
}

/// `sherpa bench --stored-games N [--active M]`.
fn bench_stored_games(
    reg: &'static Registry,
    n: usize,
    active: usize,
    json: bool,
) -> anyhow::Result<()> {
    let r = bin_bench::stored_games(reg, n, active)?;
    if json {
        println!("{}", serde_json::to_string_pretty(&r)?);
    } else {
        println!(
            "{} stored games (written in {:.1} s): start-up {:.0} ms; RSS {:.1} MB after start-up, {:.1} MB after {} active games (peak {:.1} MB; cache holds {} games)",
            r.games, r.create_s, r.start_up_ms, r.rss_after_start_up_mb, r.rss_after_active_mb, r.active, r.peak_rss_mb, r.cache_bound
        );
    }
    Ok(())
}

/// `sherpa bench --reminder-tick N [--postgres URL|auto]`.
fn bench_reminder_tick(games: usize, postgres: Option<&str>, json: bool) -> anyhow::Result<()> {
    const TICKS: usize = 10;
    let r = match postgres {
        None => bin_bench::reminder_tick_sqlite(games, TICKS)?,
        Some(p) => {
            let (_cluster, url) = postgres_for_bench(p)?;
            let store = sherpa::store::Store::connect_postgres(&url)?;
            bin_bench::reminder_tick(store, "postgres", games, TICKS)?
        }
    };
    if json {
        println!("{}", serde_json::to_string_pretty(&r)?);
    } else {
        println!(
            "reminder tick, {} games ({} waiting players, {}): first tick {:.3} s ({:.3} CPU-s, {} due); then a tick a minute: median {:.4} s ({:.4} CPU-s) over {} ticks ({} due)",
            r.games, r.waits, r.backend, r.first_tick_s, r.first_tick_cpu_s, r.first_tick_due, r.tick_s, r.tick_cpu_s, r.ticks, r.ticks_due
        );
    }
    Ok(())
}

/// The PostgreSQL database for a bench: `auto` starts a throwaway cluster (stopped when
/// the returned handle drops), anything else is a URL.
fn postgres_for_bench(
    p: &str,
) -> anyhow::Result<(Option<sherpa::store::pg_cluster::Cluster>, String)> {
    if p != "auto" {
        return Ok((None, p.to_string()));
    }
    let c = sherpa::store::pg_cluster::Cluster::start()
        .map_err(|e| anyhow::anyhow!("--postgres auto: {e}"))?;
    let url = c
        .create_database("sherpa_bench")
        .map_err(|e| anyhow::anyhow!("--postgres auto: {e}"))?;
    Ok((Some(c), url))
}

/// `sherpa bench --retention MOVES [--postgres URL|auto]`.
fn bench_retention(
    reg: &'static sherpa::games::Registry,
    moves: usize,
    postgres: Option<&str>,
) -> anyhow::Result<()> {
    let dir = std::env::temp_dir().join(format!("sherpa-retention-{}", std::process::id()));
    let (_cluster, loc) = match postgres {
        Some(p) => {
            let (c, url) = postgres_for_bench(p)?;
            (c, sherpa::store::DbLocation::Postgres(url))
        }
        None => {
            std::fs::create_dir_all(&dir)?;
            (None, sherpa::store::DbLocation::Sqlite(dir.join("r.db")))
        }
    };
    let r = bin_bench::retention_size(&loc, reg, moves);
    let _ = std::fs::remove_dir_all(&dir);
    println!("{}", serde_json::to_string_pretty(&r?)?);
    Ok(())
}

/// `sherpa bench --web [MOVES]`.
fn bench_web(moves: usize, scale: f64, json: bool) -> anyhow::Result<()> {
    let samples = ((1_000.0 * scale) as usize).clamp(20, 100_000);
    let r = bin_bench::web_page(moves, samples)?;
    if json {
        println!("{}", serde_json::to_string_pretty(&r)?);
    } else {
        println!(
            "web page of a {} game ({} turns), {} requests from a warm cache: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms (first page, cold: {:.1} ms)",
            r.game, r.turns, r.samples, r.p50_ms, r.p99_ms, r.max_ms, r.cold_page_ms
        );
    }
    Ok(())
}
