//! The chat under measure: a `Chat` on an on-disk SQLite (or PostgreSQL) database, and
//! [`Driver`], which plays one game through it the way players do.

use super::*;

pub(super) fn req(channel: &str, user: usize, text: &str) -> Request {
    let place = Place {
        platform: "bench".into(),
        guild: None,
        channel: channel.to_string(),
    };
    let user = User {
        id: format!("u{user}"),
        name: format!("p{user}"),
        is_channel_admin: false,
    };
    Request::new(place, user, text)
}

/// Plays random legal moves of one game kind through a chat, one channel per game,
/// starting a new game in a new channel when one ends. It keeps its own copy of the game
/// (same seed) to pick legal steps without asking the chat.
pub struct Driver<'a> {
    pub(super) chat: &'a Chat,
    pub(super) kind: &'static dyn GameKind,
    pub(super) players: usize,
    pub(super) prefix: String,
    pub(super) games: usize,
    pub(super) channel: String,
    pub(super) g: Box<dyn AnyGame>,
    pub(super) pick: GameRng,
    /// Moves played in the current game.
    pub(super) played: usize,
    /// When set, moves carry request ids (as Discord's interactions do), counted from it.
    pub(super) next_id: Option<u64>,
    /// The time of each game's end files, posted after the move that ended it.
    pub(super) end_files: Vec<Duration>,
}

pub(super) const SEED: u64 = 12345;

impl<'a> Driver<'a> {
    pub(super) fn new(
        chat: &'a Chat,
        kind: &'static dyn GameKind,
        prefix: &str,
        pick: u64,
    ) -> anyhow::Result<Self> {
        let players = kind.min_players().max(2).min(kind.max_players());
        let mut d = Driver {
            chat,
            kind,
            players,
            prefix: prefix.to_string(),
            games: 0,
            channel: String::new(),
            g: setup(kind, players, SEED)?,
            pick: GameRng::new(pick),
            played: 0,
            next_id: None,
            end_files: Vec::new(),
        };
        d.restart()?;
        Ok(d)
    }

    pub(super) fn restart(&mut self) -> anyhow::Result<()> {
        self.games += 1;
        self.channel = format!("{}{}", self.prefix, self.games);
        self.g = setup(self.kind, self.players, SEED)?;
        self.played = 0;
        let ch = self.channel.clone();
        let check = |r: Vec<sherpa::chat::Reply>, what: &str| -> anyhow::Result<()> {
            match r.iter().find(|r| r.is_error) {
                Some(e) => anyhow::bail!("bench `{what}` failed: {}", e.text),
                None => Ok(()),
            }
        };
        check(
            self.chat
                .handle(&req(&ch, 0, &format!("game new {}", self.kind.id()))),
            "game new",
        )?;
        for p in 1..self.players {
            check(self.chat.handle(&req(&ch, p, "game join")), "game join")?;
        }
        check(self.chat.handle(&req(&ch, 0, "game start")), "game start")
    }

    /// Pick a random legal move and play it on the driver's copy (starting a new game
    /// when this one has ended): the seat, the step, and whether it ends the turn.
    pub(super) fn next(&mut self) -> anyhow::Result<(usize, String, bool)> {
        let (seat, step, applied) = self.next_applied()?;
        Ok((seat, step, applied.turn_ended))
    }

    pub(super) fn next_applied(
        &mut self,
    ) -> anyhow::Result<(usize, String, sherpa::engine::Applied)> {
        match random_step(&mut *self.g, &mut self.pick)? {
            Some(played) => Ok(played),
            None => {
                self.restart()?;
                self.next_applied()
            }
        }
    }

    /// Send `text` for `seat` as is; fails on an error reply.
    pub(super) fn say(&self, seat: usize, text: &str) -> anyhow::Result<Duration> {
        let t = Instant::now();
        let replies = self.chat.handle(&req(&self.channel, seat, text));
        let d = t.elapsed();
        if let Some(e) = replies.iter().find(|r| r.is_error) {
            anyhow::bail!("bench `{text}` failed: {}", e.text);
        }
        self.chat
            .mark_delivered(&replies.iter().collect::<Vec<_>>());
        Ok(d)
    }

    /// Send a move chosen by [`Driver::next`] through the chat: its time and whether the
    /// answer carried a board.
    pub(super) fn send(&mut self, seat: usize, step: &str) -> anyhow::Result<(Duration, bool)> {
        let mut r = req(&self.channel, seat, &format!("move {step}"));
        if let Some(n) = &mut self.next_id {
            *n += 1;
            r.request_id = Some(format!("i{n}"));
        }
        let t = Instant::now();
        let replies = self.chat.handle(&r);
        let d = t.elapsed();
        if let Some(e) = replies.iter().find(|r| r.is_error) {
            anyhow::bail!("bench step `{step}` failed: {}", e.text);
        }
        // As a front end does once the platform took them (untimed): the outbox drops the
        // delivered boards, so the database does not grow by a PNG per turn.
        self.chat
            .mark_delivered(&replies.iter().collect::<Vec<_>>());
        self.played += 1;
        if !matches!(self.g.status(), Status::Acting(_)) {
            self.post_end_files()?;
        }
        Ok((d, replies.iter().any(|r| r.image.is_some())))
    }

    /// After the answer to the move that ended the game, as the front ends do: build and
    /// store its end files (timed apart), then mark them delivered.
    pub(super) fn post_end_files(&mut self) -> anyhow::Result<()> {
        let t = Instant::now();
        let posted = self
            .chat
            .post_owed_end_files("bench", Some(&self.channel), 0);
        let d = t.elapsed();
        anyhow::ensure!(
            posted.len() == 1,
            "{}: the game that ended posted {} sets of end files",
            self.kind.id(),
            posted.len()
        );
        for f in &posted {
            self.chat
                .mark_delivered(&f.replies.iter().collect::<Vec<_>>());
        }
        self.end_files.push(d);
        Ok(())
    }

    /// One random legal move through the chat.
    pub(super) fn step(&mut self) -> anyhow::Result<(Duration, bool)> {
        let (seat, step, _) = self.next()?;
        self.send(seat, &step)
    }
}

/// Play one random legal step (seat and step picked by `pick`) on `g`: the seat, the
/// step's notation and what it did; `None` once the game has ended.
pub(super) fn random_step(
    g: &mut dyn AnyGame,
    pick: &mut GameRng,
) -> anyhow::Result<Option<(usize, String, sherpa::engine::Applied)>> {
    let Status::Acting(a) = g.status() else {
        return Ok(None);
    };
    let seat = a[pick.below(a.len())];
    let legal = g.legal(seat);
    let step = legal[pick.below(legal.len())].notation.clone();
    let (notation, applied) = g.play(seat, &step).map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(Some((seat, notation, applied)))
}

pub(super) fn setup(
    kind: &'static dyn GameKind,
    players: usize,
    seed: u64,
) -> anyhow::Result<Box<dyn AnyGame>> {
    let names: Vec<String> = (0..players).map(|p| format!("p{p}")).collect();
    kind.setup(&names, &Default::default(), seed)
        .map_err(|e| anyhow::anyhow!("{e}"))
}

pub(super) fn bench_chat(db: &std::path::Path) -> anyhow::Result<Chat> {
    remove_db(db);
    bench_chat_keep(db)
}

/// A chat on the database at `db` as it is.
pub(super) fn bench_chat_keep(db: &std::path::Path) -> anyhow::Result<Chat> {
    let system = Env::system();
    Ok(Chat::new(
        Store::open(db)?,
        Registry::builtin(),
        Env {
            now: system.now,
            seed: Box::new(|| SEED),
            rate_limit: false,
        },
    ))
}

pub(super) fn remove_db(db: &std::path::Path) {
    for suffix in ["", "-wal", "-shm"] {
        let mut p = db.as_os_str().to_owned();
        p.push(suffix);
        let _ = std::fs::remove_file(p);
    }
}
