//! `stats [game] [player]`: ratings and records from the server's finished games, and the
//! results a finishing change records ([`results_of`]).
//!
//! Invariants: pure reads; every figure is recomputed from the stored results
//! (`store::results`) by [`crate::ratings`], per server and game, in finish order: nothing
//! is kept or edited by hand. Aborted games have no results, so they never count. Sherpa's
//! computer players count as one rated player per level, once per game (by the best place
//! of that level's seats; see [`crate::ratings`]).

use super::core::{match_game_id, Chat, Loaded};
use super::error::{topic_error, CoreError};
use super::table::split_word;
use super::text::Text;
use super::types::{Reply, Request};
use crate::engine::notation::clip;
use crate::ratings::{rate, rated_as, recorded_places, Placing, PlayerStats};
use crate::store::SeatRow;
use crate::store::{NewResult, ResultRow};

/// Players listed by `stats <game>`.
pub const TOP: usize = 10;
/// Names listed in an error about an unknown player.
pub(crate) const NAMES_LISTED: usize = 10;

/// The results to record for a game that just finished with these `places` (per seat, the
/// game's own): a seat that resigned or was kicked is recorded last (see
/// [`recorded_places`]); a seat placed first that stayed has won.
pub(crate) fn results_of(seats: &[SeatRow], places: &[u32]) -> Vec<NewResult> {
    let resigned: Vec<bool> = seats.iter().map(|s| s.resigned).collect();
    let mine: Vec<u32> = seats
        .iter()
        .map(|s| places.get(s.seat).copied().unwrap_or(u32::MAX))
        .collect();
    seats
        .iter()
        .zip(recorded_places(&mine, &resigned))
        .map(|(s, place)| NewResult {
            seat: s.seat,
            user_id: s.user_id.clone(),
            name: s.name.clone(),
            place,
            won: place == 1 && !s.resigned,
            resigned: s.resigned,
        })
        .collect()
}

/// The stored rows with each seat's user as the rated player it counts as: Sherpa's
/// computer players as their level (`Sherpa (normal)`, see [`crate::ratings::rated_as`]).
fn as_rated(rows: Vec<ResultRow>) -> Vec<ResultRow> {
    rows.into_iter()
        .map(|mut r| {
            (r.user_id, r.name) = rated_as(&r.user_id, &r.name);
            r
        })
        .collect()
}

/// Stored rows as one list of placings per game, in the rows' (finish) order.
fn by_game(rows: &[ResultRow]) -> Vec<Vec<Placing>> {
    let mut games: Vec<Vec<Placing>> = Vec::new();
    let mut last = None;
    for r in rows {
        if last != Some(r.game_id) {
            games.push(Vec::new());
            last = Some(r.game_id);
        }
        if let Some(g) = games.last_mut() {
            g.push(Placing {
                user_id: r.user_id.clone(),
                name: r.name.clone(),
                place: r.place,
                won: r.won,
            });
        }
    }
    games
}

/// One player's figures: `rating 5.4 (μ 26.7 ± 7.1), 2 games, 1 win, average place 1.5`.
fn figures(p: &PlayerStats) -> String {
    format!(
        "rating {:.1} (μ {:.1} ± {:.1}), {} game{}, {} win{}, average place {:.2}",
        p.rating(),
        p.mu,
        p.sigma,
        p.games,
        if p.games == 1 { "" } else { "s" },
        p.wins,
        if p.wins == 1 { "" } else { "s" },
        p.average_place()
    )
}

/// What `stats` was asked about.
enum Ask<'a> {
    /// The asker (or a player), in every game.
    Everywhere { who: Option<&'a str> },
    /// A game's top ten, or one player in it.
    Game {
        kind: &'static str,
        who: Option<&'a str>,
    },
}

impl Chat {
    pub(crate) fn cmd_stats(&self, req: &Request, args: &str) -> Result<Vec<Reply>, StatsError> {
        let args = args.trim();
        let (first, rest) = split_word(args);
        let ask = if first.is_empty() {
            Ask::Everywhere { who: None }
        } else {
            match match_game_id(&self.registry.ids(), first) {
                Ok(kind) => Ask::Game {
                    kind,
                    who: (!rest.is_empty()).then_some(rest),
                },
                // Not a game: the whole text names a player.
                Err(CoreError::UnknownGame { .. }) => Ask::Everywhere { who: Some(args) },
                Err(e) => return Err(e.into()),
            }
        };
        self.backfill_results()?;
        let place = &req.place;
        let rows = {
            let inner = self.lock();
            let kind = match &ask {
                Ask::Game { kind, .. } => Some(*kind),
                Ask::Everywhere { .. } => None,
            };
            inner
                .store
                .results()
                .results_in(&place.platform, place.guild.as_deref(), kind)?
        };
        let rows = as_rated(rows);
        let text = match ask {
            Ask::Game { kind, who: None } => self.top(kind, &rows),
            Ask::Game {
                kind,
                who: Some(who),
            } => {
                let user = self.player(&rows, who, Some(kind))?;
                self.one_player(&user, &rows, false)
            }
            Ask::Everywhere { who: None } => self.one_player(&req.user.id, &rows, true),
            Ask::Everywhere { who: Some(who) } => {
                let user = self.player(&rows, who, None)?;
                self.one_player(&user, &rows, false)
            }
        };
        Ok(vec![Reply::public(text)])
    }

    /// Record the results of the games that finished before results were recorded
    /// (listed by migration 0007), from each game's final state, the way the finishing
    /// change records them now; returns how many games were recorded. A game whose final
    /// state cannot be rebuilt, or that did not end with places, is taken off the list
    /// with no results (it cannot be rated). Nothing to do costs one query.
    pub fn backfill_results(&self) -> Result<usize, StatsError> {
        let pending = self.lock().store.results().results_backfill_pending()?;
        let mut recorded = 0;
        for id in pending {
            // The lock is taken per game, so requests keep flowing during a long backfill.
            let mut inner = self.lock();
            let row = inner.store.log().game(id)?;
            let finished_at = row.updated_at;
            let results = match self.load_row(&mut inner, row) {
                Ok(Loaded {
                    seats,
                    game: Some(g),
                    ..
                }) => match g.status() {
                    crate::engine::Status::Finished(r) => results_of(&seats, &r.places),
                    _ => vec![],
                },
                _ => vec![],
            };
            recorded += usize::from(!results.is_empty());
            inner
                .store
                .results_mut()
                .record_backfilled_results(id, &results, finished_at)?;
        }
        Ok(recorded)
    }

    /// The user id of the player `who` names among `rows` (of game `kind`, if given).
    fn player(
        &self,
        rows: &[ResultRow],
        who: &str,
        kind: Option<&str>,
    ) -> Result<String, StatsError> {
        match find_player(rows, who) {
            Found::Player(user) => Ok(user),
            Found::Several(candidates) => Err(CoreError::AmbiguousPlayer {
                got: who.trim().to_string(),
                candidates,
            }
            .into()),
            Found::Nobody(players) => Err(StatsError::NoStatsFor {
                got: who.trim().to_string(),
                game: kind.map(|k| self.game_name_of(k)),
                players,
                games: if kind.is_none() {
                    self.registry.ids()
                } else {
                    vec![]
                },
            }),
        }
    }

    /// The top ten of one game (its rows only).
    fn top(&self, kind: &str, rows: &[ResultRow]) -> Text {
        let name = self.game_name_of(kind);
        let placings = by_game(rows);
        let all = rate(&placings);
        if all.is_empty() {
            return Text::from(format!(
                "No game of **{name}** has finished in this server yet."
            ));
        }
        let games = placings.len();
        let mut t = Text::from(format!(
            "**{name}** ratings in this server (top {} of {} player{}, {games} finished game{}; rating = μ − 3σ):",
            all.len().min(TOP),
            all.len(),
            if all.len() == 1 { "" } else { "s" },
            if games == 1 { "" } else { "s" },
        ));
        for (i, p) in all.iter().take(TOP).enumerate() {
            t.line(format!("{}. **{}** — {}", i + 1, p.name, figures(p)));
        }
        t
    }

    /// `user`'s figures in every game kind of `rows` they played (`mine`: the asker).
    fn one_player(&self, user: &str, rows: &[ResultRow], mine: bool) -> Text {
        let mut kinds: Vec<&str> = Vec::new();
        for r in rows.iter().filter(|r| r.user_id == user) {
            if !kinds.contains(&r.kind.as_str()) {
                kinds.push(&r.kind);
            }
        }
        let mut lines: Vec<(PlayerStats, usize, usize, &str)> = kinds
            .iter()
            .filter_map(|kind| {
                let of_kind: Vec<ResultRow> =
                    rows.iter().filter(|r| r.kind == *kind).cloned().collect();
                let all = rate(&by_game(&of_kind));
                let rank = all.iter().position(|p| p.user_id == user)?;
                Some((all[rank].clone(), rank + 1, all.len(), *kind))
            })
            .collect();
        if lines.is_empty() {
            return Text::from(if mine {
                "You have no finished game in this server yet; aborted games do not count."
            } else {
                "No finished game in this server yet."
            });
        }
        // Most played first.
        lines.sort_by(|a, b| b.0.games.cmp(&a.0.games).then(a.3.cmp(b.3)));
        // Their name in their latest game (the rows are in finish order).
        let who = rows
            .iter()
            .rev()
            .find(|r| r.user_id == user)
            .map(|r| r.name.as_str())
            .unwrap_or_default();
        let mut t = Text::from(format!(
            "**{who}** in this server (rating = μ − 3σ, Weng-Lin):"
        ));
        for (p, rank, of, kind) in &lines {
            t.line(format!(
                "- **{}**: {}; rank {rank} of {of}",
                self.game_name_of(kind),
                figures(p)
            ));
        }
        t
    }
}

/// Whom a name given to `stats` matches.
enum Found {
    /// This user id.
    Player(String),
    /// Nobody: the names of every player of the rows, sorted.
    Nobody(Vec<String>),
    /// Several players: their names.
    Several(Vec<String>),
}

/// The user id of a mention (`<@123>` or `<@!123>`), if `who` is one.
fn mentioned_user(who: &str) -> Option<&str> {
    let id = who.trim().strip_prefix("<@")?.strip_suffix('>')?;
    let id = id.strip_prefix('!').unwrap_or(id);
    (!id.is_empty() && id.bytes().all(|b| b.is_ascii_digit())).then_some(id)
}

/// The player `who` names among `rows`: a user id (a mention's `<@id>` is accepted), else a
/// name (any case), exactly or by a unique beginning.
fn find_player(rows: &[ResultRow], who: &str) -> Found {
    let who = who
        .trim()
        .trim_start_matches("<@")
        .trim_start_matches('!')
        .trim_end_matches('>')
        .trim_start_matches('@')
        .trim();
    // Each player once, with their latest name.
    let mut players: Vec<(&str, &str)> = Vec::new();
    for r in rows.iter().rev() {
        if !players.iter().any(|(u, _)| *u == r.user_id) {
            players.push((&r.user_id, &r.name));
        }
    }
    if let Some((u, _)) = players.iter().find(|(u, _)| *u == who) {
        return Found::Player(u.to_string());
    }
    let lw = who.to_lowercase();
    let exact: Vec<&(&str, &str)> = players
        .iter()
        .filter(|(_, n)| n.to_lowercase() == lw)
        .collect();
    let hits = if exact.is_empty() && !lw.is_empty() {
        players
            .iter()
            .filter(|(_, n)| n.to_lowercase().starts_with(&lw))
            .collect()
    } else {
        exact
    };
    match hits.as_slice() {
        [(u, _)] => Found::Player(u.to_string()),
        [] => {
            let mut names: Vec<String> = players.iter().map(|p| p.1.to_string()).collect();
            names.sort();
            names.dedup();
            Found::Nobody(names)
        }
        many => Found::Several(many.iter().map(|p| p.1.to_string()).collect()),
    }
}

#[derive(Clone, Debug, PartialEq)]
/// Why `stats` found nothing to show.
pub enum StatsError {
    /// `stats` names a player with no finished game here (of `game`, if given); `players`
    /// are those who have one. Without a game, `games` lists the games (the word may have
    /// been meant as one).
    NoStatsFor {
        got: String,
        game: Option<String>,
        players: Vec<String>,
        games: Vec<&'static str>,
    },
    /// A shared error (finding the game, steps, the store).
    Core(CoreError),
}

impl StatsError {
    /// The message, with commands as references.
    pub fn text(&self) -> Text {
        use StatsError::*;
        match self {
            NoStatsFor {
                got,
                game,
                players,
                games,
            } => no_stats_for(got, game.as_deref(), players, games),
            Core(e) => e.text(),
        }
    }
}

/// No finished game by `got` (of `game`, if named): who has one, and how to list a game's
/// top ten. A mention names the player as the platform shows them, never as a raw id.
fn no_stats_for(got: &str, game: Option<&str>, players: &[String], games: &[&'static str]) -> Text {
    let of = game.map(|g| format!(" of {g}")).unwrap_or_default();
    let t = match mentioned_user(got) {
        Some(user) => Text::from(format!("no finished game{of} in this server by "))
            .mention(user, user)
            .p(" yet; "),
        None => Text::from(format!(
            "no finished game{of} in this server by a player `{}` (a name, a unique beginning of one, or a mention){}; ",
            clip(got),
            not_a_game_either(games)
        )),
    };
    t.then(players_with_one(players))
        .p(". ")
        .cmd("stats", &["<game>"])
        .p(" lists a game's top ten")
}

/// ", and it is not a game either (games: …)", or nothing when no game is listed.
fn not_a_game_either(games: &[&'static str]) -> String {
    if games.is_empty() {
        return String::new();
    }
    format!(
        ", and it is not a game either (games: {})",
        games.join(", ")
    )
}

/// The first [`NAMES_LISTED`] players with a finished game, and how many more.
fn players_with_one(players: &[String]) -> Text {
    if players.is_empty() {
        return Text::from("nobody has one yet");
    }
    let shown = players.len().min(NAMES_LISTED);
    let more = match players.len() - shown {
        0 => String::new(),
        n => format!(" and {n} more"),
    };
    Text::from(format!(
        "players with one: {}{more}",
        players[..shown].join(", ")
    ))
}

topic_error!(StatsError);
