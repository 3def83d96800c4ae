//! What `sherpa` does with files apart from a terminal session: a random playout
//! (`sherpa playout`), a replay file played through the chat (`sherpa replay`) and a
//! database copied into another (`sherpa migrate-db`).

use super::*;

/// A random playout: the steps by seat and how the game ended.
pub struct Playout {
    pub game: &'static str,
    pub name: &'static str,
    pub players: Vec<String>,
    pub seed: u64,
    pub steps: Vec<(usize, String)>,
    pub status: crate::engine::Status,
}

impl Playout {
    /// `--json`: `{"game", "players", "seed", "steps": [{"seat", "step"}], "status"}`.
    pub fn to_json(&self) -> serde_json::Value {
        let steps: Vec<_> = self
            .steps
            .iter()
            .map(|(seat, step)| serde_json::json!({"seat": seat, "step": step}))
            .collect();
        serde_json::json!({
            "game": self.game, "players": self.players.len(), "seed": self.seed,
            "steps": steps, "status": self.status,
        })
    }

    /// For a reader: each step as `P1: <step>`, then the final standings.
    pub fn summary(&self) -> String {
        let mut out = String::new();
        for (seat, step) in &self.steps {
            out.push_str(&format!("{}: {step}\n", self.players[*seat]));
        }
        let names: Vec<&str> = self.players.iter().map(String::as_str).collect();
        let (n, name, seed) = (self.steps.len(), self.name, self.seed);
        out.push_str(&format!(
            "\n{name}, seed {seed}: the game ended after {n} steps.\n"
        ));
        if let crate::engine::Status::Finished(r) = &self.status {
            out.push_str(&r.standings(&names));
            out.push('\n');
        }
        out
    }
}

/// `sherpa playout`: random legal steps to the end, players named `P1`, `P2`…
pub fn playout(
    registry: &'static Registry,
    game: &str,
    players: usize,
    seed: u64,
    options: &[String],
) -> anyhow::Result<Playout> {
    let id =
        crate::chat::match_game_id(&registry.ids(), game).map_err(|e| anyhow::anyhow!("{e}"))?;
    let kind = registry.get(id).context("the registry lost a game")?;
    let names: Vec<String> = (1..=players).map(|i| format!("P{i}")).collect();
    let opts = parse_options(options)?;
    let mut g = kind
        .setup(&names, &opts, seed)
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut pick = crate::engine::GameRng::new(seed.wrapping_add(1));
    let mut steps = Vec::new();
    while let crate::engine::Status::Acting(a) = g.status() {
        let seat = a[pick.below(a.len())];
        let legal = g.legal(seat);
        let step = legal[pick.below(legal.len())].notation.clone();
        g.play(seat, &step).map_err(|e| anyhow::anyhow!("{e}"))?;
        steps.push((seat, step));
        if steps.len() > 1_000_000 {
            bail!("the playout did not end within a million steps");
        }
    }
    Ok(Playout {
        game: kind.id(),
        name: kind.name(),
        players: names,
        seed,
        steps,
        status: g.status(),
    })
}

/// Parse `key=value` options.
pub fn parse_options(options: &[String]) -> anyhow::Result<crate::engine::Options> {
    let mut out = crate::engine::Options::new();
    for o in options {
        let (k, v) = o
            .split_once('=')
            .with_context(|| format!("options are written key=value, not `{o}`"))?;
        out.insert(k.to_string(), v.to_string());
    }
    Ok(out)
}

/// `sherpa replay FILE`: rebuild an exported game; optionally store it in a database,
/// and with `timelapse` write its timelapse GIF (the public board after each turn) there.
pub fn replay_file(
    registry: &'static Registry,
    path: &Path,
    db: Option<&Path>,
    timelapse: Option<&Path>,
    json: bool,
) -> anyhow::Result<Replayed> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let file: crate::chat::ReplayFile = serde_json::from_str(&text)
        .with_context(|| format!("{} is not a Sherpa replay file", path.display()))?;
    let store = match db {
        Some(p) => Store::open(p)?,
        None => Store::open_in_memory()?,
    };
    let chat = Chat::new(store, registry, Env::system());
    let place = Place {
        platform: "local".into(),
        guild: None,
        channel: format!("replay-{}", chat.fresh_seed()),
    };
    let id = chat
        .import(&file, &place)
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut words = format!(
        "Rebuilt game #{id} of {} with {} actions.",
        file.game,
        file.actions.len()
    );
    if !json {
        words.push('\n');
        words.push_str(&replayed_status(&chat, &place, &file.players));
    }
    if let Some(out) = timelapse {
        let t = chat
            .timelapse(id)
            .map_err(|e| anyhow::anyhow!("cannot make the timelapse: {e}"))?;
        std::fs::write(out, &t.gif).with_context(|| format!("cannot write {}", out.display()))?;
        words.push_str(&format!(
            "\nTimelapse: {} frames of {}×{} ({} KB) written to {}.",
            t.frames,
            t.width,
            t.height,
            t.gif.len().div_ceil(1024),
            out.display()
        ));
    }
    let status = json
        .then(|| serde_json::to_string_pretty(&chat.status_json(&place)))
        .transpose()?;
    Ok(Replayed { words, status })
}

/// What `sherpa replay` says: its words, and with `--json` the rebuilt game's status (then
/// the only thing on standard output; the words go to standard error).
pub struct Replayed {
    pub words: String,
    pub status: Option<String>,
}

/// Where a rebuilt game stands, as `game status` words it for the channel (asked as its
/// first player; the status is public).
fn replayed_status(chat: &Chat, place: &Place, players: &[String]) -> String {
    let who = players.first().map(String::as_str).unwrap_or("replay");
    let user = User {
        id: who.to_string(),
        name: who.to_string(),
        is_channel_admin: false,
    };
    let req = Request::new(place.clone(), user, "game status");
    let syntax = terminal_syntax(Some(chat.now()));
    let texts: Vec<String> = chat
        .handle(&req)
        .iter()
        .map(|r| r.text.render(&syntax))
        .collect();
    texts.join("\n")
}

/// `sherpa migrate-db --from FROM --to TO`: copy every game (log, snapshots, checkpoints,
/// seats, votes, reminder settings and state, outbox, request ids) from one database to an
/// empty one (`sqlite:FILE` or a path, or a `postgres://` URL; either way round), then
/// check each copied game: the same rows as in the source, table by table, and a started
/// game's stored snapshot equal to the replay of its log (the chat core's replay). Returns
/// a summary; any game that fails a check makes it an error naming the game.
pub fn migrate_db(reg: &'static Registry, from: &str, to: &str) -> anyhow::Result<String> {
    use crate::store::{DbLocation, GameStatus};
    let (from, to) = (
        DbLocation::parse(from).context("--from")?,
        DbLocation::parse(to).context("--to")?,
    );
    if from == to {
        bail!("--from and --to name the same database ({from})");
    }
    if let DbLocation::Sqlite(p) = &from {
        if !p.is_file() {
            bail!("--from: no database file at {}", p.display());
        }
    }
    let src = Store::open_location(&from).with_context(|| format!("opening {from}"))?;
    let mut dst = Store::open_location(&to).with_context(|| format!("opening {to}"))?;
    let report = dst
        .copy_from(&src)
        .with_context(|| format!("copying {from} into {to}"))?;
    let games = src.log().all_games()?;
    let mut problems = Vec::new();
    for g in &games {
        if let Some(table) = dst.same_game_rows(&src, g.id)? {
            problems.push(format!(
                "game {}: its `{table}` rows differ after the copy",
                g.id
            ));
        }
    }
    let chat = Chat::new(dst, reg, Env::system());
    let mut replayed = 0;
    for g in games.iter().filter(|g| g.status != GameStatus::Lobby) {
        match chat.verify(g.id) {
            Ok(()) => replayed += 1,
            Err(e) => problems.push(format!("game {} ({}): {e}", g.id, g.kind)),
        }
    }
    let rows: Vec<String> = report
        .rows
        .iter()
        .map(|(t, n)| format!("{t} {n}"))
        .collect();
    let summary = format!(
        "copied {} games from {from} to {to} ({}); {replayed} started games verified by replay",
        report.games.len(),
        rows.join(", ")
    );
    if !problems.is_empty() {
        bail!("{summary}\nproblems:\n{}", problems.join("\n"));
    }
    Ok(summary)
}
