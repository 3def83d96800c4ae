//! The command handlers behind [`Chat::handle`].

use super::*;
use crate::engine::notation::clip;
use crate::engine::{Audience, Options, Status};
use crate::store::{Change, GameStatus, NewAction};
use serde::{Deserialize, Serialize};

/// Longest autopilot run for resigned seats in one request.
const AUTOPILOT_CAP: usize = 10_000;

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
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ReplayAction {
    pub seat: usize,
    pub kind: ActionKind,
    pub step: String,
}

pub const REPLAY_FORMAT: &str = "sherpa-replay-1";

/// How a user is named in a message on this platform.
pub(crate) fn mention(place: &Place, s: &SeatRow) -> String {
    if place.platform == "discord" {
        format!("<@{}>", s.user_id)
    } else {
        format!("@{}", s.name)
    }
}

fn names(seats: &[SeatRow], list: &[Seat]) -> String {
    list.iter()
        .filter_map(|&i| seats.get(i))
        .map(|s| format!("**{}**", s.name))
        .collect::<Vec<_>>()
        .join(", ")
}

impl Chat {
    pub(crate) fn cmd_game(&self, req: &Request, rest: &str) -> Result<Vec<Reply>, String> {
        let (sub, args) = split_word(rest);
        match sub.to_lowercase().as_str() {
            "new" | "create" => self.game_new(req, args),
            "join" => self.game_join(req),
            "leave" => self.game_leave(req),
            "start" => self.game_start(req),
            "status" | "" => self.game_status(req),
            "history" | "log" => self.game_history(req, args),
            "resign" => self.game_resign(req),
            "kick" => self.game_kick(req, args),
            "abort" => self.game_abort(req),
            "export" => self.game_export(req),
            other => Err(format!(
                "unknown `game` command `{}`; use one of: new, join, leave, start, status, history, resign, kick, abort, export",
                clip(other)
            )),
        }
    }

    fn request_key(req: &Request) -> Option<(&str, &str)> {
        req.request_id
            .as_deref()
            .map(|id| (req.place.platform.as_str(), id))
    }

    fn game_new(&self, req: &Request, args: &str) -> Result<Vec<Reply>, String> {
        let (game, opts) = split_word(args);
        let ids = self.registry.ids().join(", ");
        if game.is_empty() {
            return Err(format!(
                "name a game: `game new <game> [option=value …]`; games: {ids}"
            ));
        }
        let kind = self
            .registry
            .get(game)
            .ok_or_else(|| format!("there is no game `{}`; games: {ids}", clip(game)))?;
        let mut options = Options::new();
        for o in opts.split_whitespace() {
            let (k, v) = o.split_once('=').ok_or_else(|| {
                format!(
                    "options are written `key=value` (e.g. `{}`), not `{}`; {}",
                    example_option(kind),
                    clip(o),
                    help::options_text(kind)
                )
            })?;
            options.insert(k.to_string(), v.to_string());
        }
        let options = crate::engine::resolve_options(kind.options(), &options)
            .map_err(|e| format!("{e}. {}", help::options_text(kind)))?
            .text()
            .clone();
        let seed = (self.env.seed)();
        let name = clean_name(&req.user.name);
        let mut inner = self.lock();
        let id = inner
            .store
            .create_game(
                &req.place.platform,
                req.place.guild.as_deref(),
                &req.place.channel,
                kind.id(),
                &options,
                seed,
                (&req.user.id, &name),
                Self::request_key(req),
                self.now(),
            )
            .map_err(|e| match e {
                StoreError::Conflict(_) => "a game is already open in this channel; finish or `game abort` it, or start a thread for another game".to_string(),
                other => other.to_string(),
            })?;
        let opt_text: Vec<String> = options.iter().map(|(k, v)| format!("{k}={v}")).collect();
        Ok(vec![Reply::public(format!(
            "**{name}** opened a game of **{}** (game #{id}; {} to {} players; options: {}). Others: `game join`. When everyone is in: `game start`.",
            kind.name(),
            kind.min_players(),
            kind.max_players(),
            if opt_text.is_empty() { "none".into() } else { opt_text.join(", ") }
        ))])
    }

    fn lobby(&self, req: &Request) -> Result<Loaded, String> {
        let l = self.load_active(&req.place)?;
        if l.row.status != GameStatus::Lobby {
            return Err("the game here has already started; you can watch it with `board`".into());
        }
        Ok(l)
    }

    /// Write a lobby's seats (renumbered in order), checked against the loaded version.
    fn save_lobby_seats(
        &self,
        l: &Loaded,
        mut seats: Vec<SeatRow>,
        req: &Request,
    ) -> Result<(), String> {
        for (i, s) in seats.iter_mut().enumerate() {
            s.seat = i;
        }
        self.lock()
            .store
            .set_seats(
                l.row.id,
                l.row.version,
                &seats,
                Self::request_key(req),
                self.now(),
            )
            .map(|_| ())
            .map_err(store_err)
    }

    fn game_join(&self, req: &Request) -> Result<Vec<Reply>, String> {
        let l = self.lobby(req)?;
        let kind = self
            .registry
            .get(&l.row.kind)
            .ok_or("this game's kind is unknown to this Sherpa")?;
        if seat_of(&l.seats, &req.user.id).is_some() {
            return Err("you have already joined this game".into());
        }
        if l.seats.len() >= kind.max_players() {
            return Err(format!(
                "the game is full ({} players at most)",
                kind.max_players()
            ));
        }
        let name = unique_name(&l.seats, &clean_name(&req.user.name));
        let mut seats = l.seats.clone();
        seats.push(SeatRow {
            seat: seats.len(),
            user_id: req.user.id.clone(),
            name: name.clone(),
            resigned: false,
        });
        self.save_lobby_seats(&l, seats.clone(), req)?;
        Ok(vec![Reply::public(format!(
            "**{name}** joined ({} of {}–{} players: {}).",
            seats.len(),
            kind.min_players(),
            kind.max_players(),
            seats
                .iter()
                .map(|s| s.name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ))])
    }

    fn game_leave(&self, req: &Request) -> Result<Vec<Reply>, String> {
        let l = self.load_active(&req.place)?;
        if l.row.status == GameStatus::Running {
            return Err("the game has started; to stop playing use `game resign`".into());
        }
        let me = seat_of(&l.seats, &req.user.id).ok_or("you have not joined this game")?;
        let seats: Vec<SeatRow> = l.seats.iter().filter(|s| s.seat != me).cloned().collect();
        if seats.is_empty() {
            self.close_game(&l, req)?;
            return Ok(vec![Reply::public(format!(
                "**{}** left; nobody is left, so the game is closed.",
                l.seats[me].name
            ))]);
        }
        self.save_lobby_seats(&l, seats, req)?;
        Ok(vec![Reply::public(format!(
            "**{}** left the game.",
            l.seats[me].name
        ))])
    }

    fn game_start(&self, req: &Request) -> Result<Vec<Reply>, String> {
        let l = self.lobby(req)?;
        let kind = self
            .registry
            .get(&l.row.kind)
            .ok_or("this game's kind is unknown to this Sherpa")?;
        if seat_of(&l.seats, &req.user.id).is_none() && !req.user.is_channel_admin {
            return Err("only a player who joined can start the game (`game join` first)".into());
        }
        let names: Vec<String> = l.seats.iter().map(|s| s.name.clone()).collect();
        let game = kind
            .setup(&names, &l.row.options, l.row.seed)
            .map_err(|e| format!("cannot start: {e}"))?;
        let mut inner = self.lock();
        let v = inner
            .store
            .commit(
                l.row.id,
                l.row.version,
                Change {
                    snapshot: Some(game.snapshot()),
                    status: Some(GameStatus::Running),
                    request: Self::request_key(req),
                    turn_changed: true,
                    ..Default::default()
                },
                self.now(),
            )
            .map_err(store_err)?;
        self.remember(&mut inner, l.row.id, v, &*game);
        drop(inner);
        self.after_turn_change(l.row.id, &l.seats, &game.status());
        let mut r = Reply::public(format!(
            "The game of **{}** begins with {}.\n{}",
            kind.name(),
            names.join(", "),
            game.describe(Viewer::Spectator)
        ));
        r.image = Some(game.render(Viewer::Spectator));
        self.ping_acting(&mut r, &req.place, &l.seats, &game.status());
        r.buttons = self.buttons(&*game, &l.seats, v);
        Ok(vec![r])
    }

    fn game_status(&self, req: &Request) -> Result<Vec<Reply>, String> {
        let l = match self.load_active(&req.place) {
            Ok(l) => l,
            Err(e) => {
                // Show the last finished game, if any.
                let last = self
                    .lock()
                    .store
                    .latest_game(&req.place.platform, &req.place.channel)
                    .map_err(store_err)?;
                return match last {
                    Some(row) if row.status == GameStatus::Finished => {
                        let mut inner = self.lock();
                        let loaded = self.load_row(&mut inner, row)?;
                        let g = loaded.game.ok_or("no state")?;
                        Ok(vec![Reply::public(format!(
                            "No game is running here. The last game (#{}) ended:\n{}",
                            loaded.row.id,
                            final_text(&loaded.seats, &g.status())
                        ))])
                    }
                    _ => Err(e),
                };
            }
        };
        let kind = self
            .registry
            .get(&l.row.kind)
            .map(|k| k.name())
            .unwrap_or("?");
        let seats_text = l
            .seats
            .iter()
            .map(|s| format!("{}{}", s.name, if s.resigned { " (resigned)" } else { "" }))
            .collect::<Vec<_>>()
            .join(", ");
        let Some(g) = l.game else {
            return Ok(vec![Reply::public(format!(
                "Game #{} of **{kind}** is waiting to start. Players: {seats_text}. `game join` to join, `game start` to begin.",
                l.row.id
            ))]);
        };
        let motions = self.lock().store.motions(l.row.id).map_err(store_err)?;
        let mut text = format!(
            "Game #{} of **{kind}** (version {}). Players: {seats_text}.\n{}",
            l.row.id,
            l.row.version,
            g.describe(Viewer::Spectator)
        );
        if let Status::Acting(a) = g.status() {
            text.push_str(&format!("\nWaiting for: {}.", names(&l.seats, &a)));
        }
        if !motions.is_empty() {
            text.push_str(&format!("\nOpen votes: {}.", motions.join(", ")));
        }
        Ok(vec![Reply::public(text)])
    }

    fn game_history(&self, req: &Request, args: &str) -> Result<Vec<Reply>, String> {
        let n: usize = if args.is_empty() {
            10
        } else {
            args.parse()
                .ok()
                .filter(|n| (1..=100).contains(n))
                .ok_or_else(|| {
                    format!(
                        "`game history` takes a count from 1 to 100, not `{}`",
                        clip(args)
                    )
                })?
        };
        let l = self.load_active(&req.place)?;
        let actions = self.lock().store.actions(l.row.id).map_err(store_err)?;
        if actions.is_empty() {
            return Ok(vec![Reply::public("No moves yet.")]);
        }
        let over = l
            .game
            .as_ref()
            .map(|g| g.status().is_finished())
            .unwrap_or(false);
        let lines: Vec<String> = actions[actions.len().saturating_sub(n)..]
            .iter()
            .map(|a| {
                let who = l.seats.get(a.seat).map(|s| s.name.as_str()).unwrap_or("?");
                // Public reply: sealed steps stay hidden from everyone until the game ends.
                let step = if a.secret && !over {
                    "(sealed choice)"
                } else {
                    a.step.as_str()
                };
                match a.kind {
                    ActionKind::Step => format!("#{} {who}: {step}", a.seq),
                    ActionKind::Undo => format!("#{} undo (agreed)", a.seq),
                }
            })
            .collect();
        Ok(vec![Reply::public(format!(
            "Last {} of {} actions:\n{}",
            lines.len(),
            actions.len(),
            lines.join("\n")
        ))])
    }

    fn running(&self, req: &Request) -> Result<(Loaded, Box<dyn AnyGame>), String> {
        let mut l = self.load_active(&req.place)?;
        let g = l
            .game
            .take()
            .ok_or("the game has not started yet; `game start` begins it")?;
        Ok((l, g))
    }

    fn game_resign(&self, req: &Request) -> Result<Vec<Reply>, String> {
        let (l, g) = self.running(req)?;
        let seat = seat_of(&l.seats, &req.user.id).ok_or("you are not playing in this game")?;
        if l.seats[seat].resigned {
            return Err("you have already resigned".into());
        }
        self.resign_seats(req, l, g, &[seat], format!("**{}** resigned; their remaining turns are played automatically (ending the turn or passing).", l_name(req)))
    }

    /// Mark seats resigned, let the autopilot play their pending turns, commit, reply.
    fn resign_seats(
        &self,
        req: &Request,
        l: Loaded,
        mut g: Box<dyn AnyGame>,
        resign: &[Seat],
        text: String,
    ) -> Result<Vec<Reply>, String> {
        let mut seats = l.seats.clone();
        for &s in resign {
            seats[s].resigned = true;
        }
        let before = g.status();
        let all_out = seats.iter().all(|s| s.resigned);
        let auto = if all_out {
            vec![]
        } else {
            autopilot(&mut *g, &seats)?
        };
        let after = g.status();
        let status = if all_out {
            Some(GameStatus::Aborted)
        } else if after.is_finished() {
            Some(GameStatus::Finished)
        } else {
            None
        };
        let mut inner = self.lock();
        let v = inner
            .store
            .commit(
                l.row.id,
                l.row.version,
                Change {
                    actions: auto,
                    snapshot: Some(g.snapshot()),
                    status,
                    request: Self::request_key(req),
                    resign: resign.to_vec(),
                    turn_changed: before != after,
                    clear_votes: vec!["undo".into()],
                },
                self.now(),
            )
            .map_err(store_err)?;
        self.remember(&mut inner, l.row.id, v, &*g);
        drop(inner);
        if all_out {
            return Ok(vec![Reply::public(format!(
                "{text}\nEvery player has resigned; the game is over without a result."
            ))]);
        }
        if before != after {
            self.after_turn_change(l.row.id, &seats, &after);
        }
        let mut r = Reply::public(text);
        self.finish_reply(&mut r, &req.place, &seats, &*g, v, before != after);
        Ok(vec![r])
    }

    fn target_seat(&self, seats: &[SeatRow], who: &str) -> Result<Seat, String> {
        let who = who
            .trim()
            .trim_start_matches("<@")
            .trim_end_matches('>')
            .trim_start_matches('@');
        if who.is_empty() {
            return Err("name the player to kick: `game kick <name>`".into());
        }
        let lw = who.to_lowercase();
        let hits: Vec<&SeatRow> = seats
            .iter()
            .filter(|s| s.user_id == who || s.name.to_lowercase().starts_with(&lw))
            .collect();
        match hits.as_slice() {
            [one] => Ok(one.seat),
            [] => Err(format!(
                "no player `{}` in this game; players: {}",
                clip(who),
                seats
                    .iter()
                    .map(|s| s.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
            many => Err(format!(
                "`{}` could be {}; type more of the name",
                clip(who),
                many.iter()
                    .map(|s| s.name.as_str())
                    .collect::<Vec<_>>()
                    .join(" or ")
            )),
        }
    }

    fn game_kick(&self, req: &Request, args: &str) -> Result<Vec<Reply>, String> {
        let l = self.load_active(&req.place)?;
        let target = self.target_seat(&l.seats, args)?;
        let me = seat_of(&l.seats, &req.user.id);
        if l.row.status == GameStatus::Lobby {
            if !(req.user.is_channel_admin || req.user.id == l.row.creator) {
                return Err("before the start, only the game's creator or a channel admin can remove a player".into());
            }
            let seats = l
                .seats
                .iter()
                .filter(|s| s.seat != target)
                .cloned()
                .collect();
            self.save_lobby_seats(&l, seats, req)?;
            return Ok(vec![Reply::public(format!(
                "**{}** was removed from the game.",
                l.seats[target].name
            ))]);
        }
        if l.seats[target].resigned {
            return Err(format!(
                "{} is already out of the game",
                l.seats[target].name
            ));
        }
        let g = l.game.as_ref().ok_or("no state")?.box_clone();
        let tname = l.seats[target].name.clone();
        if req.user.is_channel_admin {
            return self.resign_seats(req, l, g, &[target], format!("A channel admin removed **{tname}**; their turns are now played automatically."));
        }
        let me = me.ok_or("only players in this game (or a channel admin) can vote to kick")?;
        if me == target {
            return Err("to leave a running game use `game resign`".into());
        }
        let motion = format!("kick:{target}");
        let missing = self.cast_vote(&l, &motion, req, Some(target))?;
        if missing.is_empty() {
            self.lock()
                .store
                .clear_votes(l.row.id, &motion)
                .map_err(store_err)?;
            return self.resign_seats(req, l, g, &[target], format!("The players voted to remove **{tname}**; their turns are now played automatically."));
        }
        let mut r = Reply::public(format!(
            "**{}** votes to remove **{tname}** from the game. Still needed: {} (each types `game kick {tname}`).",
            l.seats[me].name,
            missing.iter().map(|s| s.name.as_str()).collect::<Vec<_>>().join(", ")
        ));
        r.pings = missing.iter().map(|s| s.user_id.clone()).collect();
        Ok(vec![r])
    }

    /// Record `req`'s user's vote on `motion`; returns the active players (other than
    /// `exclude`) who have not voted yet. Empty means the motion passes.
    fn cast_vote<'a>(
        &self,
        l: &'a Loaded,
        motion: &str,
        req: &Request,
        exclude: Option<Seat>,
    ) -> Result<Vec<&'a SeatRow>, String> {
        let voters = self
            .lock()
            .store
            .vote(l.row.id, motion, &req.user.id, self.now())
            .map_err(store_err)?;
        Ok(l.seats
            .iter()
            .filter(|s| !s.resigned && Some(s.seat) != exclude && !voters.contains(&s.user_id))
            .collect())
    }

    /// End a game without a result (abort, or the last player left the lobby).
    fn close_game(&self, l: &Loaded, req: &Request) -> Result<(), String> {
        let mut inner = self.lock();
        let change = Change {
            status: Some(GameStatus::Aborted),
            request: Self::request_key(req),
            ..Default::default()
        };
        inner
            .store
            .commit(l.row.id, l.row.version, change, self.now())
            .map_err(store_err)?;
        self.forget(&mut inner, l.row.id);
        Ok(())
    }

    fn game_abort(&self, req: &Request) -> Result<Vec<Reply>, String> {
        let l = self.load_active(&req.place)?;
        let me = seat_of(&l.seats, &req.user.id);
        let immediate = req.user.is_channel_admin
            || (l.row.status == GameStatus::Lobby && req.user.id == l.row.creator);
        let abort = |this: &Self, why: &str| -> Result<Vec<Reply>, String> {
            this.close_game(&l, req)?;
            Ok(vec![Reply::public(format!(
                "The game was aborted ({why}). `game new` starts another."
            ))])
        };
        if immediate {
            return abort(self, "by a channel admin or the creator");
        }
        let me = me.ok_or("only players in this game (or a channel admin) can vote to abort it")?;
        let missing = self.cast_vote(&l, "abort", req, None)?;
        if missing.is_empty() {
            return abort(self, "every player agreed");
        }
        let mut r = Reply::public(format!(
            "**{}** votes to abort the game. Still needed: {} (each types `game abort`).",
            l.seats[me].name,
            missing
                .iter()
                .map(|s| s.name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ));
        r.pings = missing.iter().map(|s| s.user_id.clone()).collect();
        Ok(vec![r])
    }

    fn game_export(&self, req: &Request) -> Result<Vec<Reply>, String> {
        // One guard for both look-ups (a guard held in a `match` scrutinee lives through
        // the arms, so locking again there would deadlock).
        let row = {
            let inner = self.lock();
            let store = &inner.store;
            match store
                .active_game(&req.place.platform, &req.place.channel)
                .map_err(store_err)?
            {
                Some(r) => r,
                None => store
                    .latest_game(&req.place.platform, &req.place.channel)
                    .map_err(store_err)?
                    .ok_or("no game here to export")?,
            }
        };
        let file = self.export(row.id)?;
        let json = serde_json::to_vec_pretty(&file).map_err(|e| e.to_string())?;
        let note = if file.seed.is_some() {
            "The full replay (with the seed) is attached; `sherpa replay FILE` rebuilds it."
        } else {
            "The game is still running, so the seed and sealed choices are left out of the export; the full replay is available once the game ends."
        };
        let mut r = Reply::public(format!(
            "Export of game #{} ({} actions). {note}",
            row.id,
            file.actions.len()
        ));
        r.file = Some((format!("sherpa-{}-{}.json", row.kind, row.id), json));
        Ok(vec![r])
    }

    /// The replay file of a game. Running games leave out the seed and sealed steps.
    pub fn export(&self, game_id: i64) -> Result<ReplayFile, String> {
        let inner = self.lock();
        let row = inner.store.game(game_id).map_err(store_err)?;
        let seats = inner.store.seats(game_id).map_err(store_err)?;
        let actions = inner.store.actions(game_id).map_err(store_err)?;
        let over = row.status == GameStatus::Finished || row.status == GameStatus::Aborted;
        Ok(ReplayFile {
            format: REPLAY_FORMAT.into(),
            game: row.kind.clone(),
            options: row.options.clone(),
            players: seats.iter().map(|s| s.name.clone()).collect(),
            seed: over.then_some(row.seed),
            status: row.status.as_str().into(),
            actions: actions
                .iter()
                .map(|a| ReplayAction {
                    seat: a.seat,
                    kind: a.kind,
                    step: if a.secret && !over {
                        "(sealed)".into()
                    } else {
                        a.step.clone()
                    },
                })
                .collect(),
        })
    }

    pub(crate) fn cmd_move(&self, req: &Request, rest: &str) -> Result<Vec<Reply>, String> {
        let (l, mut g) = self.running(req)?;
        let seat = seat_of(&l.seats, &req.user.id)
            .ok_or("you are not playing in this game; anyone can look with `board`")?;
        if let Some(v) = req.expected_version {
            if v != l.row.version {
                return Err(format!(
                    "that button belongs to an earlier moment of the game (version {v}; now {}); nothing was done. Look at the latest board.",
                    l.row.version
                ));
            }
        }
        let before = g.status();
        if g.legal(seat).is_empty() {
            return Err(match &before {
                Status::Finished(_) => "the game is over".into(),
                Status::Acting(a) => {
                    format!("it is not your turn; waiting for {}", names(&l.seats, a))
                }
            });
        }
        if rest.trim().is_empty() {
            let legal = g.legal(seat);
            let list: Vec<String> = legal
                .iter()
                .take(40)
                .map(|s| format!("`{}` – {}", s.notation, s.label))
                .collect();
            return Ok(vec![Reply::private(
                &req.user.id,
                format!(
                    "Your legal steps ({}):\n{}{}",
                    legal.len(),
                    list.join("\n"),
                    if legal.len() > 40 { "\n…" } else { "" }
                ),
            )]);
        }
        let mut actions = Vec::new();
        let mut events = Vec::new();
        let mut played = Vec::new();
        let mut secret = false;
        for (i, part) in rest
            .split(';')
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .enumerate()
        {
            for text in g.expand(seat, part) {
                let (notation, applied) = g.play(seat, &text).map_err(|e| {
                    if i == 0 && played.is_empty() {
                        e.to_string()
                    } else {
                        format!(
                            "step `{}` failed after {} earlier step(s), so nothing was played: {e}",
                            clip(part),
                            played.len()
                        )
                    }
                })?;
                secret |= applied.secret;
                actions.push(NewAction {
                    seat,
                    kind: ActionKind::Step,
                    step: notation.clone(),
                    secret: applied.secret,
                    barrier: applied.irreversible,
                    turn_end: applied.turn_ended,
                });
                events.extend(applied.events);
                played.push(notation);
            }
        }
        if played.is_empty() {
            return Err(
                "no step given; e.g. `move end`. Type `move` alone to list your legal steps".into(),
            );
        }
        let auto = autopilot(&mut *g, &l.seats)?;
        let auto_count = auto.len();
        actions.extend(auto);
        let after = g.status();
        let changed = before != after;
        self.run_commit_hook();
        let mut inner = self.lock();
        let v = inner
            .store
            .commit(
                l.row.id,
                l.row.version,
                Change {
                    actions,
                    snapshot: Some(g.snapshot()),
                    status: after.is_finished().then_some(GameStatus::Finished),
                    request: Self::request_key(req),
                    turn_changed: changed,
                    clear_votes: vec!["undo".into()],
                    ..Default::default()
                },
                self.now(),
            )
            .map_err(store_err)?;
        self.remember(&mut inner, l.row.id, v, &*g);
        drop(inner);
        if changed {
            self.after_turn_change(l.row.id, &l.seats, &after);
        }
        let me = &l.seats[seat];
        let mut replies = Vec::new();
        let mut public = if secret {
            replies.push(Reply::private(
                &req.user.id,
                format!("You played (hidden from the others): {}", played.join("; ")),
            ));
            format!("**{}** made a sealed choice.", me.name)
        } else {
            format!("**{}**: {}", me.name, played.join("; "))
        };
        for e in &events {
            match e.audience {
                Audience::Public => {
                    public.push('\n');
                    public.push_str(&e.text);
                }
                Audience::Private(s) => {
                    if let Some(row) = l.seats.get(s) {
                        replies.push(Reply::private(&row.user_id, e.text.clone()));
                    }
                }
            }
        }
        if auto_count > 0 {
            public.push_str(&format!(
                "\n({auto_count} step(s) played automatically for resigned players.)"
            ));
        }
        let mut r = Reply::public(public);
        self.finish_reply(&mut r, &req.place, &l.seats, &*g, v, changed);
        replies.insert(0, r);
        Ok(replies)
    }

    /// Add board, next-player pings, buttons or the final result to a public reply.
    fn finish_reply(
        &self,
        r: &mut Reply,
        place: &Place,
        seats: &[SeatRow],
        g: &dyn AnyGame,
        version: i64,
        turn_changed: bool,
    ) {
        let status = g.status();
        if status.is_finished() {
            r.text.push_str(&format!(
                "\n**The game is over.**\n{}",
                final_text(seats, &status)
            ));
            r.image = Some(g.render(Viewer::Spectator));
            return;
        }
        if turn_changed {
            r.image = Some(g.render(Viewer::Spectator));
            self.ping_acting(r, place, seats, &status);
        }
        r.buttons = self.buttons(g, seats, version);
    }

    fn ping_acting(&self, r: &mut Reply, place: &Place, seats: &[SeatRow], status: &Status) {
        let acting: Vec<&SeatRow> = status
            .acting()
            .iter()
            .filter_map(|&s| seats.get(s))
            .filter(|s| !s.resigned)
            .collect();
        if acting.is_empty() {
            return;
        }
        r.text.push_str(&format!(
            "\nNow: {}",
            acting
                .iter()
                .map(|s| mention(place, s))
                .collect::<Vec<_>>()
                .join(" ")
        ));
        r.pings = acting.iter().map(|s| s.user_id.clone()).collect();
    }

    /// Buttons for obvious next steps (single-word steps such as `end` or `pass`).
    fn buttons(&self, g: &dyn AnyGame, seats: &[SeatRow], version: i64) -> Vec<Button> {
        let acting = g.status().acting().to_vec();
        if acting.len() != 1 || seats.get(acting[0]).map(|s| s.resigned).unwrap_or(true) {
            return vec![];
        }
        g.legal(acting[0])
            .into_iter()
            .filter(|s| !s.notation.contains(' '))
            .take(4)
            .map(|s| Button {
                label: s.label,
                command: format!("move {}", s.notation),
                version,
            })
            .collect()
    }

    /// Called after the acting seats change (reminder schedules restart).
    fn after_turn_change(&self, game_id: i64, seats: &[SeatRow], status: &Status) {
        let now = self.now();
        if let Err(e) = self
            .lock()
            .store
            .on_turn_change_seats(game_id, seats, status, now)
        {
            tracing::warn!(game_id, "could not reset the reminder schedule: {e}");
        }
    }

    pub(crate) fn cmd_undo(&self, req: &Request, rest: &str) -> Result<Vec<Reply>, String> {
        let (l, g) = self.running(req)?;
        let before = g.status();
        let seat = seat_of(&l.seats, &req.user.id).ok_or("you are not playing in this game")?;
        let actions = self.lock().store.actions(l.row.id).map_err(store_err)?;
        let eff = effective_steps(&actions);
        let last = *eff.last().ok_or("there is nothing to undo yet")?;
        let owner = &l.seats[last.seat];
        let shown = if last.secret && last.seat != seat {
            "(a sealed choice)".to_string()
        } else {
            format!("`{}`", last.step)
        };
        match rest.trim().to_lowercase().as_str() {
            "" => {
                if last.seat == seat && !last.barrier && !last.turn_end {
                    return self.apply_undo(
                        req,
                        &l,
                        before.clone(),
                        format!("**{}** took back {shown}.", owner.name),
                    );
                }
                let open = self
                    .lock()
                    .store
                    .voters(l.row.id, "undo")
                    .map_err(store_err)?;
                if !open.is_empty() {
                    return Err("an undo request is already open; answer it with `undo accept` or `undo reject`".into());
                }
                let others: Vec<&SeatRow> = l
                    .seats
                    .iter()
                    .filter(|s| !s.resigned && s.seat != seat)
                    .collect();
                if others.is_empty() {
                    return self.apply_undo(
                        req,
                        &l,
                        before.clone(),
                        format!("**{}** took back {shown}.", owner.name),
                    );
                }
                self.lock()
                    .store
                    .vote(l.row.id, "undo", &req.user.id, self.now())
                    .map_err(store_err)?;
                let why = if last.seat != seat {
                    format!("it was played by {}", owner.name)
                } else if last.barrier {
                    "it revealed information or drew at random".into()
                } else {
                    "it ended the turn".into()
                };
                let mut r = Reply::public(format!(
                    "**{}** asks to take back {shown} ({why}, so everyone must agree). {}: answer `undo accept` or `undo reject`.",
                    l.seats[seat].name,
                    others.iter().map(|s| s.name.as_str()).collect::<Vec<_>>().join(", ")
                ));
                r.pings = others.iter().map(|s| s.user_id.clone()).collect();
                Ok(vec![r])
            }
            "accept" | "yes" => {
                let voters = self
                    .lock()
                    .store
                    .voters(l.row.id, "undo")
                    .map_err(store_err)?;
                if voters.is_empty() {
                    return Err("there is no undo request to accept".into());
                }
                let missing = self.cast_vote(&l, "undo", req, None)?;
                if missing.is_empty() {
                    return self.apply_undo(
                        req,
                        &l,
                        before.clone(),
                        format!(
                            "Everyone agreed: {shown} by **{}** is taken back.",
                            owner.name
                        ),
                    );
                }
                Ok(vec![Reply::public(format!(
                    "**{}** agrees to the undo. Still waiting for: {}.",
                    l.seats[seat].name,
                    missing
                        .iter()
                        .map(|s| s.name.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ))])
            }
            "reject" | "no" => {
                let voters = self
                    .lock()
                    .store
                    .voters(l.row.id, "undo")
                    .map_err(store_err)?;
                if voters.is_empty() {
                    return Err("there is no undo request to reject".into());
                }
                self.lock()
                    .store
                    .clear_votes(l.row.id, "undo")
                    .map_err(store_err)?;
                Ok(vec![Reply::public(format!(
                    "**{}** rejected the undo request; the game goes on.",
                    l.seats[seat].name
                ))])
            }
            other => Err(format!(
                "`undo` takes nothing, `accept` or `reject`, not `{}`",
                clip(other)
            )),
        }
    }

    fn apply_undo(
        &self,
        req: &Request,
        l: &Loaded,
        before: Status,
        text: String,
    ) -> Result<Vec<Reply>, String> {
        let kind = self.registry.get(&l.row.kind).ok_or("unknown game kind")?;
        let mut inner = self.lock();
        let mut actions = inner.store.actions(l.row.id).map_err(store_err)?;
        let seat = seat_of(&l.seats, &req.user.id).unwrap_or(0);
        actions.push(ActionRow {
            seq: i64::MAX,
            seat,
            kind: ActionKind::Undo,
            step: "undo".into(),
            secret: false,
            barrier: false,
            turn_end: false,
            at: 0,
        });
        let g = replay(kind, &l.seats, &l.row.options, l.row.seed, &actions)?;
        let after = g.status();
        let v = inner
            .store
            .commit(
                l.row.id,
                l.row.version,
                Change {
                    actions: vec![NewAction {
                        seat,
                        kind: ActionKind::Undo,
                        step: "undo".into(),
                        secret: false,
                        barrier: false,
                        turn_end: false,
                    }],
                    snapshot: Some(g.snapshot()),
                    request: Self::request_key(req),
                    turn_changed: before != after,
                    clear_votes: vec!["undo".into()],
                    ..Default::default()
                },
                self.now(),
            )
            .map_err(store_err)?;
        self.remember(&mut inner, l.row.id, v, &*g);
        drop(inner);
        if before != after {
            self.after_turn_change(l.row.id, &l.seats, &after);
        }
        let mut r = Reply::public(text);
        self.finish_reply(&mut r, &req.place, &l.seats, &*g, v, before != after);
        Ok(vec![r])
    }

    pub(crate) fn cmd_board(&self, req: &Request, rest: &str) -> Result<Vec<Reply>, String> {
        let (l, g) = self.running(req).or_else(|e| {
            // After the end, show the final board of the last game.
            let row = self
                .lock()
                .store
                .latest_game(&req.place.platform, &req.place.channel)
                .map_err(store_err)?;
            match row {
                Some(row) if row.status == GameStatus::Finished => {
                    let mut inner = self.lock();
                    let mut l = self.load_row(&mut inner, row)?;
                    let g = l.game.take().ok_or("no state")?;
                    Ok((l, g))
                }
                _ => Err(e),
            }
        })?;
        let private = match rest.trim().to_lowercase().as_str() {
            "" | "public" => false,
            "private" | "mine" | "me" => true,
            other => {
                return Err(format!(
                    "`board` takes nothing or `private`, not `{}`",
                    clip(other)
                ))
            }
        };
        if private {
            let seat = seat_of(&l.seats, &req.user.id).ok_or("you are not playing in this game, so there is no private view for you; `board` shows the public one")?;
            let mut r = Reply::private(&req.user.id, g.describe(Viewer::Seat(seat)));
            r.image = Some(g.render(Viewer::Seat(seat)));
            return Ok(vec![r]);
        }
        let mut r = Reply::public(g.describe(Viewer::Spectator));
        r.image = Some(g.render(Viewer::Spectator));
        Ok(vec![r])
    }

    pub(crate) fn cmd_rules(&self, req: &Request, rest: &str) -> Result<Vec<Reply>, String> {
        Ok(vec![Reply::private(
            &req.user.id,
            help::rules(self.registry, rest)?,
        )])
    }

    pub(crate) fn cmd_remind(&self, req: &Request, _rest: &str) -> Result<Vec<Reply>, String> {
        Ok(super::remind::handle_remind_here(
            &mut self.lock().store,
            req,
        ))
    }

    /// Rebuild a game from a replay file into this store, in `place`, as a finished or
    /// running game. The file must contain the seed.
    pub fn import(&self, file: &ReplayFile, place: &Place) -> Result<i64, String> {
        if file.format != REPLAY_FORMAT {
            return Err(format!(
                "not a Sherpa replay file (format `{}`, expected `{REPLAY_FORMAT}`)",
                clip(&file.format)
            ));
        }
        let seed = file.seed.ok_or("this replay was exported while the game was running, so it has no seed and cannot be rebuilt")?;
        let kind = self
            .registry
            .get(&file.game)
            .ok_or_else(|| format!("unknown game `{}`", clip(&file.game)))?;
        let seats: Vec<SeatRow> = file
            .players
            .iter()
            .enumerate()
            .map(|(i, n)| SeatRow {
                seat: i,
                user_id: clean_name(n),
                name: clean_name(n),
                resigned: false,
            })
            .collect();
        let rows: Vec<ActionRow> = file
            .actions
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
            .collect();
        let g = replay(kind, &seats, &file.options, seed, &rows)?;
        let status = if g.status().is_finished() {
            GameStatus::Finished
        } else {
            GameStatus::Running
        };
        let new: Vec<NewAction> = file
            .actions
            .iter()
            .map(|a| NewAction {
                seat: a.seat,
                kind: a.kind,
                step: a.step.clone(),
                secret: false,
                barrier: true,
                turn_end: false,
            })
            .collect();
        let id = self
            .lock()
            .store
            .import_game(
                &place.platform,
                &place.channel,
                kind.id(),
                &file.options,
                seed,
                &seats,
                &new,
                status,
                &g.snapshot(),
                self.now(),
            )
            .map_err(store_err)?;
        Ok(id)
    }

    /// The most recent game of a place. The lock is released on return, so callers may
    /// lock again while matching on the result.
    fn latest_game(&self, place: &Place) -> Result<Option<GameRow>, StoreError> {
        self.lock()
            .store
            .latest_game(&place.platform, &place.channel)
    }

    /// Check that a game's stored snapshot equals the replay of its log.
    pub fn verify(&self, game_id: i64) -> Result<(), String> {
        let inner = self.lock();
        let row = inner.store.game(game_id).map_err(store_err)?;
        let kind = self.registry.get(&row.kind).ok_or("unknown game kind")?;
        let seats = inner.store.seats(game_id).map_err(store_err)?;
        let actions = inner.store.actions(game_id).map_err(store_err)?;
        let g = replay(kind, &seats, &row.options, row.seed, &actions)?;
        let (v, snap) = inner
            .store
            .snapshot(game_id)
            .map_err(store_err)?
            .ok_or("no snapshot")?;
        if v != row.version {
            return Err(format!("snapshot at version {v}, game at {}", row.version));
        }
        if snap != g.snapshot() {
            return Err("the stored snapshot differs from the replay of the log".into());
        }
        Ok(())
    }

    /// Check every running game loads (start-up); returns (id, problem) for broken ones.
    pub fn check_games(&self) -> Vec<(i64, String)> {
        let mut inner = self.lock();
        let ids = match inner.store.running_games() {
            Ok(ids) => ids,
            Err(e) => return vec![(0, e.to_string())],
        };
        let mut bad = Vec::new();
        for id in ids {
            let r = inner
                .store
                .game(id)
                .map_err(store_err)
                .and_then(|row| self.load_row(&mut inner, row).map(|_| ()));
            if let Err(e) = r {
                bad.push((id, e));
            }
        }
        bad
    }

    /// The status of the active game at a place (for local `--json` output).
    pub fn status_json(&self, place: &Place) -> serde_json::Value {
        match self.load_active(place) {
            Ok(Loaded {
                row,
                seats,
                game: Some(g),
            }) => serde_json::json!({
                "game": row.kind, "id": row.id, "version": row.version,
                "status": g.status(),
                "acting": g.status().acting().iter().filter_map(|&s| seats.get(s).map(|r| r.name.clone())).collect::<Vec<_>>(),
                "view": g.view_json(Viewer::Spectator),
            }),
            Ok(Loaded {
                row,
                seats,
                game: None,
            }) => serde_json::json!({
                "game": row.kind, "id": row.id, "version": row.version, "status": "lobby",
                "players": seats.iter().map(|s| s.name.clone()).collect::<Vec<_>>(),
            }),
            Err(_) => match self.latest_game(place) {
                Ok(Some(row)) if row.status == GameStatus::Finished => {
                    let (id, kind, version) = (row.id, row.kind.clone(), row.version);
                    let mut inner = self.lock();
                    match self.load_row(&mut inner, row) {
                        Ok(Loaded { game: Some(g), .. }) => serde_json::json!({
                            "game": kind, "id": id, "version": version, "status": g.status(),
                            "view": g.view_json(Viewer::Spectator),
                        }),
                        _ => {
                            serde_json::json!({"game": kind, "id": id, "version": version, "status": "finished"})
                        }
                    }
                }
                _ => serde_json::Value::Null,
            },
        }
    }
}

fn l_name(req: &Request) -> String {
    clean_name(&req.user.name)
}

fn example_option(kind: &dyn GameKind) -> String {
    kind.options()
        .first()
        .map(|o| format!("{}={}", o.key, o.values.last().unwrap_or(&"")))
        .unwrap_or_else(|| "key=value".into())
}

fn unique_name(seats: &[SeatRow], name: &str) -> String {
    let mut n = name.to_string();
    let mut i = 2;
    while seats.iter().any(|s| s.name.eq_ignore_ascii_case(&n)) {
        n = format!("{name}{i}");
        i += 1;
    }
    n
}

/// Final scores as text.
pub(crate) fn final_text(seats: &[SeatRow], status: &Status) -> String {
    let Status::Finished(r) = status else {
        return String::new();
    };
    let mut order: Vec<usize> = (0..r.scores.len()).collect();
    order.sort_by_key(|&i| (r.places.get(i).copied().unwrap_or(u32::MAX), i));
    let mut lines: Vec<String> = order
        .iter()
        .map(|&i| {
            let name = seats.get(i).map(|s| s.name.as_str()).unwrap_or("?");
            format!(
                "{}. {name}: {}",
                r.places.get(i).copied().unwrap_or(0),
                r.scores[i]
            )
        })
        .collect();
    if !r.note.is_empty() {
        lines.push(r.note.clone());
    }
    lines.join("\n")
}

/// Play pending turns of resigned seats with each game's default step. Logged like any
/// other step so replay stays deterministic.
fn autopilot(g: &mut dyn AnyGame, seats: &[SeatRow]) -> Result<Vec<NewAction>, String> {
    let mut out = Vec::new();
    for _ in 0..AUTOPILOT_CAP {
        let Some(&seat) = g
            .status()
            .acting()
            .iter()
            .find(|&&s| seats.get(s).map(|r| r.resigned).unwrap_or(false))
        else {
            return Ok(out);
        };
        let pick = g
            .default_step(seat)
            .ok_or("a resigned player has no legal step")?;
        let (notation, applied) = g.play(seat, &pick).map_err(|e| e.to_string())?;
        out.push(NewAction {
            seat,
            kind: ActionKind::Step,
            step: notation,
            secret: applied.secret,
            barrier: applied.irreversible,
            turn_end: applied.turn_ended,
        });
    }
    Err("the automatic player for resigned seats did not finish".into())
}
