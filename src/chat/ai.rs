//! Sherpa's turns in the chat (contract 3 of issue #36): the turn due at a place
//! ([`Chat::ai_job`]), thought off the chat's lock ([`AiJob::think`]) and committed like a
//! human's ([`Chat::commit_ai`]); and AI seats' consent to votes ([`Chat::ai_consent`]).
//!
//! A seat is Sherpa's to play when it is an AI seat (see [`super::ai_seat`]) or a human's
//! seat in the caretaker's hands (see [`super::caretaker`]; played at normal strength).
//! A front end's loop, after every answered request in a place, at start-up and after
//! the reminder tick:
//! `while let Some(job) = chat.ai_job(place) { let t = job.think(ms); deliver(chat.commit_ai(&job, t)?) }`,
//! bounded (the terminal: [`crate::local`]).
//!
//! Invariants: a job holds a copy of the game taken under the lock, at a version; thinking
//! holds no lock; its seed comes from the game's id and version (the same job thinks the
//! same turn for a budget without a time limit); a turn is every step of the seat until
//! another seat acts, the seat ended its turn (sealed its secret choice), or the game
//! ended, and no step of it brings the seat's view back to a position it had earlier in
//! the turn ([`crate::ai::decide_in_turn`]); the commit goes through [`Chat::commit_turn`] (logged, replayable, undoable,
//! version-checked: a job made stale by any change meanwhile commits nothing), as one
//! public message for the turn that pings the next human (never a Sherpa player).

pub use super::ai_seat::{ai_identity, ai_level, is_ai, rated_user, AI_USER_PREFIX};
use super::commit::{self, Turn};
use super::core::{Chat, Loaded};
use super::dispatch::{handler, ChatError};
use super::error::CoreError;
use super::filter::Line;
use super::types::{Place, Reply, Request, User};
use crate::ai::{Budget, Level};
use crate::engine::{AnyGame, Seat};
use crate::store::{GameStatus, SeatRow, StoreError};

/// The most steps one computer turn plays (a game's turn is far shorter).
pub const AI_TURN_STEPS: usize = 1_000;

/// A computer turn due: a copy of the game at its version, and whose turn it is.
pub struct AiJob {
    place: Place,
    game_id: i64,
    version: i64,
    seat: Seat,
    /// The seat's player's name.
    name: String,
    level: Level,
    /// The seat is a human's, in the caretaker's hands.
    caretaker: bool,
    game: Box<dyn AnyGame>,
}

/// The steps thought for a whole turn of a job's seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AiTurn {
    game_id: i64,
    version: i64,
    seat: Seat,
    steps: Vec<String>,
}

impl AiTurn {
    /// The steps, in the game's notation.
    pub fn steps(&self) -> &[String] {
        &self.steps
    }
}

impl AiJob {
    pub fn place(&self) -> &Place {
        &self.place
    }

    /// The seat Sherpa plays.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The seat's player's name (`Sherpa (normal)`, or the absent human's).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The strength it plays at (normal for a caretaker).
    pub fn level(&self) -> Level {
        self.level
    }

    /// Whether Sherpa minds an absent human's seat (rather than an AI seat).
    pub fn is_caretaker(&self) -> bool {
        self.caretaker
    }

    /// The level's budget, its time replaced by `millis` when given.
    pub fn budget(&self, millis: Option<u64>) -> Budget {
        let b = self.level.budget();
        match millis {
            Some(ms) => b.with_millis(ms),
            None => b,
        }
    }

    /// Think the whole turn of the seat (every step until another seat acts, the seat ends
    /// its turn or the game ends), off the chat's lock. `millis`: override the level's time
    /// (config, tests).
    pub fn think(&self, millis: Option<u64>) -> AiTurn {
        self.think_with(self.budget(millis))
    }

    /// [`AiJob::think`] with a budget of its own (tests: playouts and no time limit, so the
    /// turn is the same every time).
    pub fn think_with(&self, budget: Budget) -> AiTurn {
        let mut g = self.game.box_clone();
        let seed = turn_seed(self.game_id, self.version);
        let mut steps = Vec::new();
        let mut turn = crate::ai::TurnKeys::new();
        for i in 0..AI_TURN_STEPS {
            if g.status().is_finished() || !g.status().acting().contains(&self.seat) {
                break;
            }
            let step_seed = mix(seed, i as u64);
            turn.before(&*g, self.seat);
            let seen = turn.seen();
            let pick =
                crate::ai::decide_in_turn(&*g, self.seat, self.level, budget, step_seed, seen)
                    .map(|d| d.step)
                    .or_else(|| g.default_step(self.seat));
            let Some(pick) = pick else {
                break;
            };
            match g.play(self.seat, &pick) {
                Ok((notation, applied)) => {
                    steps.push(notation);
                    if applied.turn_ended {
                        break;
                    }
                }
                Err(e) => {
                    tracing::warn!(game = self.game_id, step = %pick, "Sherpa chose a step the game refused: {e}");
                    break;
                }
            }
        }
        AiTurn {
            game_id: self.game_id,
            version: self.version,
            seat: self.seat,
            steps,
        }
    }
}

/// The seed of a turn's decisions: the game's id and version, mixed.
fn turn_seed(game_id: i64, version: i64) -> u64 {
    mix(mix(0x5348_4552_5041, game_id as u64), version as u64)
}

/// SplitMix64 of `a` and `b`: well-spread seeds from small numbers.
fn mix(a: u64, b: u64) -> u64 {
    let mut z = a ^ b.wrapping_add(0x9E37_79B9_7F4A_7C15).rotate_left(17);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Whether Sherpa plays `row`: an AI seat (its level), or a seat in the caretaker's hands
/// (normal). Resigned seats are the autopilot's.
fn sherpas_level(row: &SeatRow, caretaken: &[Seat]) -> Option<(Level, bool)> {
    if row.resigned {
        return None;
    }
    match ai_level(&row.user_id) {
        Some(level) => Some((level, false)),
        None if caretaken.contains(&row.seat) => Some((Level::Normal, true)),
        None => None,
    }
}

impl Chat {
    /// The AI turn due at `place` now (an AI seat, or a seat in the caretaker's hands,
    /// acts there), if any. Never for a game whose channel is gone (the front end does
    /// not ask then).
    pub fn ai_job(&self, place: &Place) -> Option<AiJob> {
        match self.ai_job_inner(place) {
            Ok(j) => j,
            Err(e) => {
                tracing::warn!(channel = %place.channel, "finding Sherpa's turn failed: {e}");
                None
            }
        }
    }

    fn ai_job_inner(&self, place: &Place) -> Result<Option<AiJob>, CoreError> {
        let Ok(l) = self.load_active(place) else {
            return Ok(None);
        };
        let Some(g) = l
            .game
            .as_ref()
            .filter(|_| l.row.status == GameStatus::Running)
        else {
            return Ok(None);
        };
        let caretaken = self.lock().store.log().caretaken(l.row.id)?;
        for &seat in g.status().acting() {
            let Some(row) = l.seats.get(seat) else {
                continue;
            };
            let Some((level, caretaker)) = sherpas_level(row, &caretaken) else {
                continue;
            };
            if g.choices(seat).is_empty() {
                continue;
            }
            return Ok(Some(AiJob {
                place: place.clone(),
                game_id: l.row.id,
                version: l.row.version,
                seat,
                name: row.name.clone(),
                level,
                caretaker,
                game: g.box_clone(),
            }));
        }
        Ok(None)
    }

    /// Every place with an AI turn due (start-up, the reminder tick).
    pub fn ai_jobs(&self) -> Vec<AiJob> {
        let rows = {
            let inner = self.lock();
            let log = inner.store.log();
            let ids = log
                .games_with_sherpa_seats(AI_USER_PREFIX)
                .unwrap_or_default();
            ids.into_iter()
                .filter_map(|id| log.game(id).ok())
                .collect::<Vec<_>>()
        };
        rows.into_iter()
            .filter_map(|row| {
                self.ai_job(&Place {
                    platform: row.platform,
                    guild: row.guild,
                    channel: row.channel,
                })
            })
            .collect()
    }

    /// Commit a thought turn through the same path as a human's (version-checked: a stale
    /// job commits nothing and returns no replies; the front end asks again). One public
    /// message for the turn, pinging the next human.
    pub fn commit_ai(&self, job: &AiJob, turn: AiTurn) -> Result<Vec<Reply>, ChatError> {
        let Ok(l) = self.load_active(&job.place) else {
            return Ok(vec![]);
        };
        let current = l.row.id == job.game_id && l.row.version == job.version;
        if !current
            || (turn.game_id, turn.version, turn.seat) != (job.game_id, job.version, job.seat)
        {
            return Ok(vec![]);
        }
        if turn.steps.is_empty() {
            return Err(CoreError::Autopilot("Sherpa found no step to play".into()).into());
        }
        match self.commit_turn_of(job, &l, &turn.steps) {
            Err(CoreError::Store(StoreError::Stale { .. } | StoreError::Duplicate)) => Ok(vec![]),
            r => Ok(r?),
        }
    }

    fn commit_turn_of(
        &self,
        job: &AiJob,
        l: &Loaded,
        steps: &[String],
    ) -> Result<Vec<Reply>, CoreError> {
        let g = l.game.as_ref().ok_or(CoreError::NotStarted)?;
        let before = g.status().acting().to_vec();
        let mut g = g.box_clone();
        let mut played = Vec::new();
        for s in steps {
            let done = commit::play(&mut *g, job.seat, s, false)
                .map_err(|e| CoreError::Autopilot(format!("Sherpa's step `{s}`: {e}")))?;
            played.push(done);
        }
        let row = l.seats.get(job.seat).ok_or(CoreError::Internal)?;
        let mut t = Turn::new(g);
        t.played = played;
        if job.caretaker {
            t.notes.push(Line::public(format!(
                "Sherpa plays for **{}**, who is away.",
                row.name
            )));
        }
        let req = Request {
            request_id: Some(format!("ai:{}:{}", job.game_id, job.version)),
            ..Request::new(
                job.place.clone(),
                User {
                    id: row.user_id.clone(),
                    name: row.name.clone(),
                    is_channel_admin: false,
                },
                "ai turn",
            )
        };
        self.commit_turn(&req, l, before, t)
    }

    /// After a vote (undo, abort, kick) in `place`: every AI seat that has not voted on an
    /// open motion agrees to it, as its player would with the same command, so a vote
    /// never waits for Sherpa. The replies of their votes (and of what passed).
    pub(crate) fn ai_consent(&self, place: &Place) -> Vec<Reply> {
        let Ok(l) = self.load_active(place) else {
            return vec![];
        };
        let motions = match self.lock().store.log().motions(l.row.id) {
            Ok(m) => m,
            Err(_) => return vec![],
        };
        let mut out = Vec::new();
        for motion in motions {
            let (path, args) = match motion.split_once(':') {
                None if motion == "undo" => ("undo", "accept".to_string()),
                None if motion == "abort" => ("game abort", String::new()),
                Some(("kick", s)) => match s.parse::<usize>().ok().and_then(|s| l.seats.get(s)) {
                    Some(target) => ("game kick", target.user_id.clone()),
                    None => continue,
                },
                _ => continue,
            };
            let target = motion
                .strip_prefix("kick:")
                .and_then(|s| s.parse::<usize>().ok());
            for ai in l.seats.iter().filter(|s| is_ai(&s.user_id) && !s.resigned) {
                if Some(ai.seat) == target || !self.awaits_vote(place, &motion, &ai.user_id) {
                    continue;
                }
                let req = Request::new(
                    place.clone(),
                    User {
                        id: ai.user_id.clone(),
                        name: ai.name.clone(),
                        is_channel_admin: false,
                    },
                    format!("{path} {args}"),
                );
                match handler(path).map(|run| run(self, &req, &args)) {
                    Some(Ok(r)) => out.extend(r),
                    Some(Err(e)) => tracing::debug!("Sherpa's vote on {motion} was refused: {e}"),
                    None => {}
                }
            }
        }
        out
    }

    /// Whether the game at `place` still has `motion` open without `user`'s vote.
    fn awaits_vote(&self, place: &Place, motion: &str, user: &str) -> bool {
        let inner = self.lock();
        let log = inner.store.log();
        let Ok(Some(g)) = log.active_game(&place.platform, &place.channel) else {
            return false;
        };
        log.voters(g.id, motion)
            .is_ok_and(|v| !v.is_empty() && !v.iter().any(|u| u == user))
    }
}
