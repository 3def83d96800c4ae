//! The log and replay files: `game history`, `game export`, import of a replay file, and
//! checks that a stored game equals the replay of its log.

use super::core::{clean_name, last_reveal, replay, Chat, Loaded, Roster};
use super::error::{topic_error, CoreError};
use super::filter::{self, Between, LogEntry, Revealed};
use super::text::Text;
use super::types::{Place, Reply, Request};
use crate::engine::notation::clip;
use crate::engine::{Options, Viewer};
use crate::store::{ActionKind, ActionRow, GameRow, SeatRow};
use crate::store::{GameStatus, HandoverHow, HandoverRow, ImportedGame, NewAction};
use serde::{Deserialize, Serialize};

/// A replay file: a game's setup and log. The seed is present only once the game is over.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ReplayFile {
    pub format: String,
    pub game: String,
    pub options: Options,
    pub players: Vec<String>,
    /// `None` while the game runs: the seed would let anyone predict every future draw.
    pub seed: Option<u64>,
    pub status: String,
    pub actions: Vec<ReplayAction>,
    /// Seats handed to another player (`game sub`), in order; `players` name the holders
    /// at the export. Not game steps: a replay plays `actions` alone. Files from before
    /// handovers have none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub handovers: Vec<ReplayHandover>,
    /// The rules version the game played by (see `engine::Game::RULES_VERSION`); files
    /// from before versions were kept played by version 1.
    #[serde(default = "crate::engine::first_rules_version")]
    pub rules_version: u32,
}

/// A seat handed over, as a replay file records it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReplayHandover {
    pub seat: usize,
    /// How many of the file's `actions` came before it.
    pub after: usize,
    pub from: String,
    pub to: String,
    pub how: HandoverHow,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ReplayAction {
    pub seat: usize,
    pub kind: ActionKind,
    pub step: String,
}

pub const REPLAY_FORMAT: &str = "sherpa-replay-1";

/// The rows a replay file's game is imported as.
impl ReplayFile {
    /// The seats, each player named as in the file.
    fn seat_rows(&self) -> Vec<SeatRow> {
        self.players
            .iter()
            .enumerate()
            .map(|(i, n)| SeatRow {
                seat: i,
                user_id: clean_name(n),
                name: clean_name(n),
                resigned: false,
            })
            .collect()
    }

    /// The actions as log rows, numbered from 1 (to replay them).
    fn action_rows(&self) -> Vec<ActionRow> {
        self.actions
            .iter()
            .enumerate()
            .map(|(i, a)| ActionRow {
                seq: i as i64 + 1,
                seat: a.seat,
                kind: a.kind,
                step: a.step.clone(),
                secret: false,
                barrier: false,
                turn_end: false,
                at: 0,
            })
            .collect()
    }

    /// The actions as the store writes them.
    fn new_actions(&self) -> Vec<NewAction> {
        self.actions
            .iter()
            .map(|a| NewAction {
                seat: a.seat,
                kind: a.kind,
                step: a.step.clone(),
                secret: false,
                barrier: true,
                turn_end: false,
            })
            .collect()
    }

    /// The seat handovers. The imported log's rows are numbered from 1, so a handover
    /// after `after` actions comes after row `after`.
    fn handover_rows(&self) -> Vec<HandoverRow> {
        self.handovers
            .iter()
            .map(|h| HandoverRow {
                seat: h.seat,
                after_seq: h.after.min(self.actions.len()) as i64,
                from_user: clean_name(&h.from),
                from_name: clean_name(&h.from),
                to_user: clean_name(&h.to),
                to_name: clean_name(&h.to),
                how: h.how,
                at: 0,
            })
            .collect()
    }
}

impl Chat {
    pub(crate) fn game_history(
        &self,
        req: &Request,
        args: &str,
    ) -> Result<Vec<Reply>, ReplayError> {
        let n: usize = if args.is_empty() {
            10
        } else {
            args.parse()
                .ok()
                .filter(|n| (1..=100).contains(n))
                .ok_or_else(|| CoreError::BadArgument {
                    command: "game history",
                    got: args.to_string(),
                })?
        };
        // After the end, the channel's last finished game (as `game status` and `board`).
        let l = self.load_active_or_finished(&req.place)?;
        let (actions, handovers) = {
            let inner = self.lock();
            let log = inner.store.log();
            (log.actions(l.row.id)?, log.handovers(l.row.id)?)
        };
        let over = l
            .game
            .as_ref()
            .map(|g| g.status().is_finished())
            .unwrap_or(false);
        let roster = Roster {
            seats: &l.seats,
            handovers: &handovers,
        };
        let revealed = self.revealed(&l.row, roster, &actions, over)?;
        let between: Vec<Between> = handovers
            .iter()
            .map(|h| {
                let before = rows_before(&actions, h);
                Between {
                    at: filter::visible_log(before, Viewer::Spectator, revealed).len(),
                    line: handover_line(h),
                    seat: h.seat,
                    name: h.to_name.clone(),
                }
            })
            .collect();
        // A public reply: the spectator's log.
        Ok(vec![Reply::public(filter::history(
            &actions,
            &roster.first_names(),
            (Viewer::Spectator, revealed),
            n,
            &between,
        ))])
    }

    /// Which secret steps of a game's log anyone may see: all once it is over, else those a
    /// reveal made public (found by replaying the log, only when it holds a secret step).
    fn revealed(
        &self,
        row: &GameRow,
        roster: Roster<'_>,
        actions: &[ActionRow],
        over: bool,
    ) -> Result<Revealed, CoreError> {
        if over || !actions.iter().any(|a| a.secret) {
            return Ok(over.into());
        }
        let kind = self
            .registry
            .get(&row.kind)
            .ok_or_else(|| CoreError::UnknownKind(row.kind.clone()))?;
        let seed = (row.seed, row.rules_version);
        last_reveal(kind, roster, &row.options, seed, actions)
            .map(Revealed)
            .map_err(CoreError::Replay)
    }

    pub(crate) fn game_export(
        &self,
        req: &Request,
        _args: &str,
    ) -> Result<Vec<Reply>, ReplayError> {
        // One guard for both look-ups (a guard held in a `match` scrutinee lives through
        // the arms, so locking again there would deadlock).
        let row = {
            let inner = self.lock();
            let store = &inner.store;
            match store
                .log()
                .active_game(&req.place.platform, &req.place.channel)?
            {
                Some(r) => r,
                None => store
                    .log()
                    .latest_game(&req.place.platform, &req.place.channel)?
                    .ok_or(ReplayError::NothingToExport)?,
            }
        };
        let file = self.export(row.id)?;
        let json = serde_json::to_vec_pretty(&file).map_err(|_| CoreError::Internal)?;
        let note = if file.seed.is_some() {
            "The full replay (with the seed) is attached; `sherpa replay FILE` rebuilds it."
        } else {
            "The game is still running, so the seed and secret steps are left out of the export; the full replay is available once the game ends."
        };
        let mut r = Reply::public(format!(
            "Export of game #{} ({} actions, rules version {}). {note}",
            row.id,
            file.actions.len(),
            file.rules_version
        ));
        r.file = Some((format!("sherpa-{}-{}.json", row.kind, row.id), json));
        Ok(vec![r])
    }

    /// The replay file of a game, as the public may see it: a running game's export leaves
    /// out the seed and secret steps (see [`filter::visible_log`]).
    pub fn export(&self, game_id: i64) -> Result<ReplayFile, ReplayError> {
        let inner = self.lock();
        let row = inner.store.log().game(game_id)?;
        let seats = inner.store.log().seats(game_id)?;
        let actions = inner.store.log().actions(game_id)?;
        let handovers = inner.store.log().handovers(game_id)?;
        let over = row.status == GameStatus::Finished || row.status == GameStatus::Aborted;
        drop(inner);
        let roster = Roster {
            seats: &seats,
            handovers: &handovers,
        };
        let revealed = self.revealed(&row, roster, &actions, over)?;
        Ok(ReplayFile {
            format: REPLAY_FORMAT.into(),
            game: row.kind.clone(),
            options: row.options.clone(),
            players: seats.iter().map(|s| s.name.clone()).collect(),
            seed: over.then_some(row.seed),
            status: row.status.as_str().into(),
            actions: export_actions(&actions, revealed),
            handovers: handovers
                .iter()
                .map(|h| ReplayHandover {
                    seat: h.seat,
                    after: export_actions(rows_before(&actions, h), revealed).len(),
                    from: h.from_name.clone(),
                    to: h.to_name.clone(),
                    how: h.how,
                })
                .collect(),
            rules_version: row.rules_version,
        })
    }

    /// Rebuild a game from a replay file into this store, in `place`, as a finished or
    /// running game. The file must contain the seed.
    pub fn import(&self, file: &ReplayFile, place: &Place) -> Result<i64, ReplayError> {
        if file.format != REPLAY_FORMAT {
            return Err(ReplayError::NotAReplayFile {
                format: file.format.clone(),
            });
        }
        let seed = file.seed.ok_or(ReplayError::NoSeedInReplay)?;
        let kind = self.find_game(&file.game)?;
        let seats = file.seat_rows();
        let rows = file.action_rows();
        let handovers = file.handover_rows();
        let g = replay(
            kind,
            Roster {
                seats: &seats,
                handovers: &handovers,
            },
            &file.options,
            (seed, file.rules_version),
            &rows,
        )
        .map_err(CoreError::Replay)?;
        let status = if g.status().is_finished() {
            GameStatus::Finished
        } else {
            GameStatus::Running
        };
        let new = file.new_actions();
        let game = ImportedGame {
            kind: kind.id(),
            options: &file.options,
            seed,
            seats: &seats,
            actions: &new,
            handovers: &handovers,
            status,
            snapshot: &g.snapshot(),
            rules_version: file.rules_version,
        };
        let id = self.lock().store.log_mut().import_game_with_handovers(
            &place.platform,
            &place.channel,
            &game,
            self.now(),
        )?;
        Ok(id)
    }

    /// Check that a game's stored snapshot equals the replay of its log.
    pub fn verify(&self, game_id: i64) -> Result<(), String> {
        let inner = self.lock();
        let row = inner.store.log().game(game_id).map_err(|e| e.to_string())?;
        let kind = self.registry.get(&row.kind).ok_or("unknown game kind")?;
        let seats = inner
            .store
            .log()
            .seats(game_id)
            .map_err(|e| e.to_string())?;
        let actions = inner
            .store
            .log()
            .actions(game_id)
            .map_err(|e| e.to_string())?;
        let handovers = inner
            .store
            .log()
            .handovers(game_id)
            .map_err(|e| e.to_string())?;
        let g = replay(
            kind,
            Roster {
                seats: &seats,
                handovers: &handovers,
            },
            &row.options,
            (row.seed, row.rules_version),
            &actions,
        )?;
        let (v, snap) = inner
            .store
            .log()
            .snapshot(game_id)
            .map_err(|e| e.to_string())?
            .ok_or("no snapshot")?;
        if v != row.version {
            return Err(format!("snapshot at version {v}, game at {}", row.version));
        }
        if snap != g.snapshot() {
            return Err("the stored snapshot differs from the replay of the log".into());
        }
        Ok(())
    }

    /// The start-up check, cheap with many games: one query over the running games. A game
    /// of a kind this build does not know is marked broken; a game whose snapshot is missing
    /// or behind its log is loaded now (rebuilt by replay, or marked broken). Every other
    /// game loads lazily from its snapshot on its first request, and a snapshot that fails
    /// to restore then falls back to replay. Returns (id, problem) for the broken games.
    pub fn check_games(&self) -> Vec<(i64, String)> {
        let summaries = match self.lock().store.log().running_summaries() {
            Ok(s) => s,
            Err(e) => return vec![(0, e.to_string())],
        };
        let mut bad = Vec::new();
        for s in summaries {
            if self.registry.get(&s.kind).is_some() && s.snapshot_version == Some(s.version) {
                continue;
            }
            // Unknown kind or a stale snapshot: the full load marks or rebuilds it. The lock
            // is taken per game, so requests keep flowing during a long check.
            let mut inner = self.lock();
            let r = inner
                .store
                .log()
                .game(s.id)
                .map_err(CoreError::Store)
                .and_then(|row| self.load_row(&mut inner, row).map(|_| ()));
            if let Err(e) = r {
                bad.push((s.id, e.to_string()));
            }
        }
        bad
    }

    /// The status of the game at a place (for local `--json` output): the active game, or
    /// the last finished one; the view is the spectator's.
    pub fn status_json(&self, place: &Place) -> serde_json::Value {
        let active = self.load_active(place).is_ok();
        match self.load_active_or_finished(place) {
            Ok(Loaded {
                row,
                seats,
                game: Some(g),
            }) => {
                let mut v = serde_json::json!({
                    "game": row.kind, "id": row.id, "version": row.version,
                    "status": g.status(),
                    "view": filter::view_json(&*g, Viewer::Spectator),
                });
                if active {
                    v["acting"] = serde_json::json!(g
                        .status()
                        .acting()
                        .iter()
                        .filter_map(|&s| seats.get(s).map(|r| r.name.clone()))
                        .collect::<Vec<_>>());
                }
                v
            }
            Ok(Loaded {
                row,
                seats,
                game: None,
            }) => serde_json::json!({
                "game": row.kind, "id": row.id, "version": row.version, "status": "lobby",
                "players": seats.iter().map(|s| s.name.clone()).collect::<Vec<_>>(),
            }),
            Err(_) => match self
                .lock()
                .store
                .log()
                .latest_game(&place.platform, &place.channel)
            {
                Ok(Some(row)) if row.status == GameStatus::Finished => serde_json::json!({
                    "game": row.kind, "id": row.id, "version": row.version, "status": "finished",
                }),
                _ => serde_json::Value::Null,
            },
        }
    }
}

/// The log's rows before handover `h` (those up to its `after_seq`).
fn rows_before<'a>(actions: &'a [ActionRow], h: &HandoverRow) -> &'a [ActionRow] {
    let n = actions.partition_point(|a| a.seq <= h.after_seq);
    &actions[..n]
}

/// A handover as the history shows it: `seat 2: Alice handed over to Bob`.
pub(crate) fn handover_line(h: &HandoverRow) -> String {
    let why = match h.how {
        HandoverHow::Holder => "",
        HandoverHow::Admin => " (by a channel admin)",
        HandoverHow::Vote => " (by the other players' vote)",
    };
    format!(
        "seat {}: {} handed over to {}{why}",
        h.seat + 1,
        h.from_name,
        h.to_name
    )
}

/// The actions of an export as the public may see them (see [`filter::visible_log`]).
pub(crate) fn export_actions(
    actions: &[ActionRow],
    revealed: impl Into<Revealed>,
) -> Vec<ReplayAction> {
    filter::visible_log(actions, Viewer::Spectator, revealed)
        .into_iter()
        .map(|e| match e {
            LogEntry::Step { seat, step } => ReplayAction {
                seat,
                kind: ActionKind::Step,
                step: step.unwrap_or_else(|| "(sealed)".into()),
            },
            LogEntry::Undo { seat } => ReplayAction {
                seat,
                kind: ActionKind::Undo,
                step: "undo".into(),
            },
        })
        .collect()
}

#[derive(Clone, Debug, PartialEq)]
/// Why `game export` or `game import` was refused.
pub enum ReplayError {
    NothingToExport,
    NotAReplayFile {
        format: String,
    },
    NoSeedInReplay,
    /// `game web` where no web address is set up (`[web] public_url`).
    WebOff,
    /// A shared error (finding the game, steps, the store).
    Core(CoreError),
}

impl ReplayError {
    /// The message, with commands as references.
    pub fn text(&self) -> Text {
        use ReplayError::*;
        let t = Text::new();
        match self {
            NothingToExport => t.p("no game here to export"),
            NotAReplayFile { format } => t.p(format!(
                "not a Sherpa replay file (format `{}`, expected `{}`)",
                clip(format),
                REPLAY_FORMAT
            )),
            NoSeedInReplay => t.p(
                "this replay was exported while the game was running, so it has no seed and cannot be rebuilt",
            ),
            WebOff => t.p(
                "the game pages are not served here: the bot's owner sets `[web] public_url` and `listen` in its config (the terminal: `sherpa local --web-url URL` with `sherpa web`)",
            ),
            Core(e) => e.text(),
        }
    }
}

topic_error!(ReplayError);
