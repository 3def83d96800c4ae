//! The chat core: the [`Chat`] struct (the store behind one lock, the loaded games, the
//! injected environment), loading a place's game, rebuilding a game from its log, and the
//! name matching every command uses. It knows no command: the command topics add their
//! handlers to `Chat` in their own modules, and the dispatcher sits on top of them.

use super::error::CoreError;
use super::filter;
use super::hooks::{ChatHooks, NoHooks};
use super::table::MAX_COMMAND_LEN;
use super::types::Place;
use crate::engine::{AnyGame, Applied, GameKind, Seat, StepInfo};
use crate::games::Registry;
use crate::store::{ActionKind, ActionRow, DbLocation, GameRow, HandoverRow, SeatRow, Store};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

/// Summary of a game type for menus.
#[derive(Clone, Debug)]
pub struct GameInfo {
    pub id: &'static str,
    pub name: &'static str,
    pub min_players: usize,
    pub max_players: usize,
    pub options: &'static [crate::engine::OptionSpec],
}

/// A source of time (unix seconds) and of fresh seeds, injectable for tests. The only way
/// the chat layer (and the front ends through [`Chat::now`]) reads the clock or draws seeds.
pub struct Env {
    pub now: Box<dyn Fn() -> i64 + Send + Sync>,
    pub seed: Box<dyn Fn() -> u64 + Send + Sync>,
    /// Per-user rate limiting (off for scripted local play).
    pub rate_limit: bool,
}

impl Env {
    /// Wall clock and OS-seeded randomness: the one place that reads them.
    pub fn system() -> Env {
        Env {
            now: Box::new(system_now),
            seed: Box::new(fresh_seed),
            rate_limit: true,
        }
    }
    /// A fixed clock and seed (tests, replays).
    pub fn fixed(now: i64, seed: u64) -> Env {
        Env {
            now: Box::new(move || now),
            seed: Box::new(move || seed),
            rate_limit: false,
        }
    }
}

fn system_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

/// A seed nobody can predict: std's per-process random hasher keys, mixed with the time.
/// Reached through [`Env::system`].
fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0),
    );
    h.finish()
}

pub(crate) struct Inner {
    pub(crate) store: Store,
    /// Recently used games, loaded; bounded (the rest reload from their snapshots).
    pub(crate) cache: GameCache,
    pub(crate) rate: HashMap<String, (i64, u32)>,
    /// How many times a game was rebuilt by replaying its log (not from a snapshot).
    pub(crate) replays: u64,
    /// How long each player's log is, as their components number it.
    pub(crate) log_counts: super::filter::LogCounts,
}

/// How many loaded games the chat keeps in memory by default. A game's state is a few KB;
/// a game evicted from the cache reloads from its snapshot on its next request.
pub const CACHE_GAMES: usize = 512;

/// Loaded games by id with the version they are at, holding at most `capacity`; the least
/// recently used game is dropped first.
pub(crate) struct GameCache {
    games: HashMap<i64, Cached>,
    capacity: usize,
    tick: u64,
}

struct Cached {
    version: i64,
    game: Box<dyn AnyGame>,
    used: u64,
}

impl GameCache {
    fn new(capacity: usize) -> GameCache {
        GameCache {
            games: HashMap::new(),
            capacity: capacity.max(1),
            tick: 0,
        }
    }

    /// A copy of game `id` if it is cached at `version`.
    fn get(&mut self, id: i64, version: i64) -> Option<Box<dyn AnyGame>> {
        self.tick += 1;
        let c = self.games.get_mut(&id)?;
        if c.version != version {
            return None;
        }
        c.used = self.tick;
        Some(c.game.box_clone())
    }

    fn put(&mut self, id: i64, version: i64, game: &dyn AnyGame) {
        self.tick += 1;
        self.games.insert(
            id,
            Cached {
                version,
                game: game.box_clone(),
                used: self.tick,
            },
        );
        while self.games.len() > self.capacity {
            let Some(oldest) = self
                .games
                .iter()
                .min_by_key(|(_, c)| c.used)
                .map(|(&k, _)| k)
            else {
                break;
            };
            self.games.remove(&oldest);
        }
    }

    pub(crate) fn remove(&mut self, id: i64) {
        self.games.remove(&id);
    }

    pub(crate) fn clear(&mut self) {
        self.games.clear();
    }

    /// The ids of the cached games.
    #[cfg(test)]
    pub(crate) fn ids(&self) -> Vec<i64> {
        let mut v: Vec<i64> = self.games.keys().copied().collect();
        v.sort_unstable();
        v
    }
}

/// The command layer: a store, the games, and an environment.
pub struct Chat {
    pub(crate) inner: Mutex<Inner>,
    pub(crate) registry: &'static Registry,
    pub(crate) env: Env,
    /// What tests and measurements hook in (see [`Chat::set_hooks`]).
    hooks: Arc<dyn ChatHooks>,
    /// The connection that claims due notices (see [`due`]).
    pub(crate) side: SideStore,
    /// Reminder settings for players who chose none (see [`Chat::set_reminder_defaults`]).
    pub(crate) reminder_defaults: crate::reminders::ReminderDefaults,
    /// What signs the links of `game web` (see [`Chat::set_web_links`]); `None`: no pages.
    pub(crate) web: Option<super::weblink::WebLinks>,
    /// The last outcome committed (tests re-filter it with scrambled secrets).
    #[cfg(test)]
    pub(crate) last_outcome: Mutex<Option<filter::Outcome>>,
    /// For each step's [`crate::store::Pending::wait`], whether the chat's lock was free.
    #[cfg(test)]
    pub(crate) waits_unlocked: Mutex<Vec<bool>>,
}

/// The chat's lock, held; released when dropped. When the hooks time the lock, the drop
/// tells them how long it was held.
pub(crate) struct Held<'a> {
    guard: MutexGuard<'a, Inner>,
    since: Option<Instant>,
    hooks: &'a dyn ChatHooks,
}

impl std::ops::Deref for Held<'_> {
    type Target = Inner;
    fn deref(&self) -> &Inner {
        &self.guard
    }
}

impl std::ops::DerefMut for Held<'_> {
    fn deref_mut(&mut self) -> &mut Inner {
        &mut self.guard
    }
}

impl Drop for Held<'_> {
    fn drop(&mut self) {
        // Runs before `guard` is dropped, so the time counted ends just before the unlock.
        if let Some(since) = self.since {
            self.hooks.lock_released(since.elapsed());
        }
    }
}

/// The connection due notices are claimed and marked on (see `due`).
#[derive(Default)]
pub(crate) struct SideStore {
    pub(crate) at: Option<DbLocation>,
    pub(crate) open: Mutex<Option<Store>>,
}

impl SideStore {
    pub(crate) fn at(at: &DbLocation) -> SideStore {
        SideStore {
            at: Some(at.clone()),
            open: Mutex::new(None),
        }
    }
}

/// A loaded game with its rows.
pub(crate) struct Loaded {
    pub row: GameRow,
    pub seats: Vec<SeatRow>,
    pub game: Option<Box<dyn AnyGame>>,
}

impl Chat {
    pub fn new(store: Store, registry: &'static Registry, env: Env) -> Chat {
        Chat {
            inner: Mutex::new(Inner {
                store,
                cache: GameCache::new(CACHE_GAMES),
                rate: HashMap::new(),
                replays: 0,
                log_counts: Default::default(),
            }),
            registry,
            env,
            hooks: Arc::new(NoHooks),
            side: SideStore::default(),
            reminder_defaults: crate::reminders::ReminderDefaults::default(),
            web: None,
            #[cfg(test)]
            last_outcome: Mutex::new(None),
            #[cfg(test)]
            waits_unlocked: Mutex::new(vec![]),
        }
    }

    /// Open a database (a SQLite file or a PostgreSQL server) with the built-in games and
    /// the system environment.
    /// Due notices are claimed on a second connection to the same database.
    pub fn open(db: &DbLocation) -> anyhow::Result<Chat> {
        let mut chat = Chat::new(
            Store::open_location(db)?,
            Registry::builtin(),
            Env::system(),
        );
        chat.side = SideStore::at(db);
        Ok(chat)
    }

    pub fn open_in_memory() -> anyhow::Result<Chat> {
        Ok(Chat::new(
            Store::open_in_memory()?,
            Registry::builtin(),
            Env::system(),
        ))
    }

    /// The reminder settings of players who chose none (the config's `[reminders]`), shown
    /// by `remind`. The reminder task passes the same defaults to [`Chat::due_notices`].
    pub fn set_reminder_defaults(&mut self, defaults: crate::reminders::ReminderDefaults) {
        self.reminder_defaults = defaults;
    }

    /// Keep at most `games` loaded games in memory (default [`CACHE_GAMES`]; at least 1).
    /// Drops every game loaded so far: each reloads from its snapshot on its next request.
    pub fn set_cache_capacity(&self, games: usize) {
        let mut inner = self.lock();
        inner.cache.capacity = games.max(1);
        inner.cache.games.clear();
    }

    /// How many games are loaded in memory now (the operator's metrics read it).
    pub fn cached_games(&self) -> usize {
        self.lock().cache.games.len()
    }

    pub(crate) fn lock(&self) -> Held<'_> {
        let hooks = &*self.hooks;
        let asked = hooks.times_lock().then(Instant::now);
        // A panic while holding the lock cannot leave the store half-written (SQLite
        // transactions roll back), so a poisoned lock is safe to reuse.
        let guard = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        let since = asked.map(|a| {
            let now = Instant::now();
            hooks.lock_taken(now - a);
            now
        });
        Held {
            guard,
            since,
            hooks,
        }
    }

    /// Hook a test or a measurement into the chat (see [`ChatHooks`]; by default none).
    pub fn set_hooks(&mut self, hooks: Arc<dyn ChatHooks>) {
        self.hooks = hooks;
    }

    /// The hooks passed in (the commit runs them).
    pub(crate) fn hooks(&self) -> &dyn ChatHooks {
        &*self.hooks
    }

    /// The current time from the injected clock (unix seconds).
    pub fn now(&self) -> i64 {
        (self.env.now)()
    }

    /// A fresh seed from the injected source.
    pub fn fresh_seed(&self) -> u64 {
        (self.env.seed)()
    }

    /// Find a game by id, or by a unique beginning of its id (`nan` for `nanga-parbat`).
    pub fn find_game(&self, text: &str) -> Result<&'static dyn GameKind, CoreError> {
        let ids = self.registry.ids();
        let id = match_game_id(&ids, text)?;
        self.registry.get(id).ok_or(CoreError::Internal)
    }

    /// Games this binary offers.
    pub fn games(&self) -> Vec<GameInfo> {
        self.registry
            .all()
            .iter()
            .map(|k| GameInfo {
                id: k.id(),
                name: k.name(),
                min_players: k.min_players(),
                max_players: k.max_players(),
                options: k.options(),
            })
            .collect()
    }

    /// Rules topics of a game: (id, title).
    pub fn rules_topics(&self, game: &str) -> Vec<(String, String)> {
        self.find_game(game)
            .ok()
            .map(|k| {
                k.rules_topics()
                    .iter()
                    .map(|t| (t.id.to_string(), t.title.to_string()))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Autocomplete for `move`: the legal next steps of `user_id` in the game at `place`
    /// that match what was typed after the last `;` (see [`filter::suggestions`]).
    pub fn suggest_steps(
        &self,
        place: &Place,
        user_id: &str,
        partial: &str,
        max: usize,
    ) -> Vec<StepInfo> {
        self.suggest_steps_within(place, user_id, partial, max, usize::MAX)
    }

    /// [`Chat::suggest_steps`] with each suggestion (the whole text to submit) at most
    /// `max_chars` characters (Discord: 100): earlier steps of a long chain are shortened.
    pub fn suggest_steps_within(
        &self,
        place: &Place,
        user_id: &str,
        partial: &str,
        max: usize,
        max_chars: usize,
    ) -> Vec<StepInfo> {
        let partial: String = partial.chars().take(MAX_COMMAND_LEN).collect();
        let Ok(l) = self.load_active(place) else {
            return vec![];
        };
        let (Some(game), Some(seat)) = (l.game, seat_of(&l.seats, user_id)) else {
            return vec![];
        };
        filter::suggestions(&*game, seat, &partial, max, max_chars)
    }

    /// Load the active game of a place (lobby or running), if any.
    pub(crate) fn load_active(&self, place: &Place) -> Result<Loaded, CoreError> {
        let mut inner = self.lock();
        let log = inner.store.log();
        let Some(row) = log.active_game(&place.platform, &place.channel)? else {
            let last = log.latest_game(&place.platform, &place.channel)?;
            return Err(match last {
                Some(g) if g.status == crate::store::GameStatus::Finished => CoreError::GameEnded {
                    game: self.game_name_of(&g.kind),
                },
                _ => CoreError::NoGameHere {
                    games: self.registry.ids(),
                },
            });
        };
        self.load_row(&mut inner, row)
    }

    /// A game's name (its stored id if this binary no longer knows it).
    pub(crate) fn game_name_of(&self, kind: &str) -> String {
        self.registry
            .get(kind)
            .map(|k| k.name().to_string())
            .unwrap_or_else(|| kind.to_string())
    }

    /// The active game of a place, else the last finished one (status, board, history and
    /// export still answer after the end).
    pub(crate) fn load_active_or_finished(&self, place: &Place) -> Result<Loaded, CoreError> {
        match self.load_active(place) {
            Ok(l) => Ok(l),
            Err(e) => {
                let mut inner = self.lock();
                match inner
                    .store
                    .log()
                    .latest_game(&place.platform, &place.channel)?
                {
                    Some(row) if row.status == crate::store::GameStatus::Finished => {
                        self.load_row(&mut inner, row)
                    }
                    _ => Err(e),
                }
            }
        }
    }

    pub(crate) fn load_row(&self, inner: &mut Inner, row: GameRow) -> Result<Loaded, CoreError> {
        let seats = inner.store.log().seats(row.id)?;
        if row.status == crate::store::GameStatus::Lobby {
            return Ok(Loaded {
                row,
                seats,
                game: None,
            });
        }
        let game = self.load_state(inner, &row, &seats)?;
        Ok(Loaded {
            row,
            seats,
            game: Some(game),
        })
    }

    /// The game state at the row's version: from memory, else the snapshot, else a replay
    /// of the log (which then refreshes the snapshot). A game that cannot be rebuilt is
    /// marked broken; other games are unaffected.
    fn load_state(
        &self,
        inner: &mut Inner,
        row: &GameRow,
        seats: &[SeatRow],
    ) -> Result<Box<dyn AnyGame>, CoreError> {
        if let Some(g) = inner.cache.get(row.id, row.version) {
            return Ok(g);
        }
        let Some(kind) = self.registry.get(&row.kind) else {
            let why = format!(
                "this game is of kind `{}`, which this version of Sherpa does not know",
                row.kind
            );
            let _ = inner.store.log_mut().set_broken(row.id, Some(&why));
            return Err(CoreError::UnknownKind(row.kind.clone()));
        };
        let snap = inner.store.log().snapshot(row.id)?;
        let from_snapshot = match snap {
            Some((v, bytes)) if v == row.version => kind.restore(&bytes).ok(),
            _ => None,
        };
        let game = match from_snapshot {
            Some(g) => g,
            None => {
                let actions = inner.store.log().actions(row.id)?;
                let handovers = inner.store.log().handovers(row.id)?;
                let seqs = inner
                    .store
                    .log()
                    .checkpoint_seqs(row.id)
                    .unwrap_or_default();
                inner.replays += 1;
                let store = &inner.store;
                let rebuilt = replay_from_checkpoints(
                    kind,
                    Roster {
                        seats,
                        handovers: &handovers,
                    },
                    &row.options,
                    (row.seed, row.rules_version),
                    &actions,
                    &seqs,
                    |seq| store.log().checkpoint(row.id, seq).ok().flatten(),
                );
                match rebuilt.map(|(g, _)| g) {
                    Ok(g) => {
                        let _ =
                            inner
                                .store
                                .log_mut()
                                .put_snapshot(row.id, row.version, &g.snapshot());
                        if row.broken.is_some() {
                            let _ = inner.store.log_mut().set_broken(row.id, None);
                        }
                        g
                    }
                    Err(e) => {
                        let why = CoreError::Replay(e).to_string();
                        let _ = inner.store.log_mut().set_broken(row.id, Some(&why));
                        return Err(CoreError::Broken(why));
                    }
                }
            }
        };
        inner.cache.put(row.id, row.version, &*game);
        Ok(game)
    }

    pub(crate) fn remember(&self, inner: &mut Inner, id: i64, version: i64, game: &dyn AnyGame) {
        inner.cache.put(id, version, game);
    }

    pub(crate) fn forget(&self, inner: &mut Inner, id: i64) {
        inner.cache.remove(id);
    }
}

/// The seat of a user in a game, if seated.
pub(crate) fn seat_of(seats: &[SeatRow], user_id: &str) -> Option<Seat> {
    seats.iter().find(|s| s.user_id == user_id).map(|s| s.seat)
}

/// Steps still in effect after undos: each `undo` row takes back the latest step.
pub fn effective_steps(actions: &[ActionRow]) -> Vec<&ActionRow> {
    let mut out: Vec<&ActionRow> = Vec::new();
    for a in actions {
        match a.kind {
            ActionKind::Step => out.push(a),
            ActionKind::Undo => {
                out.pop();
            }
        }
    }
    out
}

/// Who held each seat when: the seats as they are now and the handovers that led there
/// (in the order they happened). A game is rebuilt under the names its seats had at each
/// step, so what it told before a handover keeps the old holder's name.
#[derive(Clone, Copy, Debug)]
pub struct Roster<'a> {
    pub seats: &'a [SeatRow],
    pub handovers: &'a [HandoverRow],
}

impl<'a> From<&'a [SeatRow]> for Roster<'a> {
    fn from(seats: &'a [SeatRow]) -> Roster<'a> {
        Roster::of(seats)
    }
}

impl<'a> From<&'a Vec<SeatRow>> for Roster<'a> {
    fn from(seats: &'a Vec<SeatRow>) -> Roster<'a> {
        Roster::of(seats)
    }
}

impl<'a> Roster<'a> {
    /// Seats with no handover (a game that never changed hands).
    pub fn of(seats: &'a [SeatRow]) -> Roster<'a> {
        Roster {
            seats,
            handovers: &[],
        }
    }

    /// The names the game started under. A handover before the log's first row (in the
    /// lobby, or before anyone stepped) counts as made at the start.
    pub fn first_names(&self) -> Vec<String> {
        let mut names: Vec<String> = self.seats.iter().map(|s| s.name.clone()).collect();
        for h in self.handovers.iter().rev().filter(|h| h.after_seq > 0) {
            if let Some(n) = names.get_mut(h.seat) {
                n.clone_from(&h.from_name);
            }
        }
        names
    }

    /// The seats' names when row `seq` of the log was played: the first names, renamed by
    /// every handover made before that row (as [`play_rows`] renames the game).
    pub(crate) fn names_at(&self, seq: i64) -> Vec<String> {
        let mut names = self.first_names();
        for h in self.handovers {
            if h.after_seq > 0 && h.after_seq < seq {
                if let Some(n) = names.get_mut(h.seat) {
                    n.clone_from(&h.to_name);
                }
            }
        }
        names
    }

    /// Rename the seats of the handovers made after row `from` and before row `before`
    /// (`i64::MAX`: every later one) in `g`.
    pub(crate) fn rename_between(&self, g: &mut dyn AnyGame, from: i64, before: i64) {
        for h in self.handovers {
            if h.after_seq > from.max(0) && h.after_seq < before {
                g.rename_seat(h.seat, &h.to_name);
            }
        }
    }
}

/// A game set up as it began: its seats under their first holders' names, playing by the
/// rules version it was recorded under.
pub(crate) fn setup_named(
    kind: &'static dyn GameKind,
    roster: Roster<'_>,
    options: &crate::engine::Options,
    (seed, rules_version): (u64, u32),
) -> Result<Box<dyn AnyGame>, String> {
    kind.setup_at(&roster.first_names(), options, seed, rules_version)
        .map_err(|e| e.to_string())
}

/// Play the steps of `steps` on `g`, which holds the game after row `from`, renaming
/// seats at their handovers; every handover after the last step is made too. `seen` is
/// told each step played (its row, its notation and what it did) and the game after it.
pub(crate) fn play_rows(
    g: &mut dyn AnyGame,
    roster: Roster<'_>,
    from: i64,
    steps: &[&ActionRow],
    mut seen: impl FnMut(&ActionRow, (String, Applied), &dyn AnyGame),
) -> Result<(), String> {
    let mut at = from;
    for a in steps {
        roster.rename_between(g, at, a.seq);
        let played = g
            .play(a.seat, &a.step)
            .map_err(|e| format!("step #{} `{}`: {e}", a.seq, a.step))?;
        seen(a, played, &*g);
        at = at.max(a.seq - 1);
    }
    roster.rename_between(g, at, i64::MAX);
    Ok(())
}

/// The last row of `actions` whose step revealed the secret steps before it
/// ([`Applied::reveals`]), found by replaying the game; 0 when none did.
pub(crate) fn last_reveal(
    kind: &'static dyn GameKind,
    roster: Roster<'_>,
    options: &crate::engine::Options,
    seed: (u64, u32),
    actions: &[ActionRow],
) -> Result<i64, String> {
    let mut g = setup_named(kind, roster, options, seed)?;
    let mut last = 0;
    let steps = effective_steps(actions);
    play_rows(&mut *g, roster, 0, &steps, |a, (_, applied), _| {
        if applied.reveals {
            last = a.seq;
        }
    })?;
    Ok(last)
}

/// Rebuild a game from its setup (playing by the rules version it was recorded under) and
/// its log, each seat named for its holder at each step. The error names the step that
/// failed.
pub fn replay<'a>(
    kind: &'static dyn GameKind,
    roster: impl Into<Roster<'a>>,
    options: &crate::engine::Options,
    seed: (u64, u32),
    actions: &[ActionRow],
) -> Result<Box<dyn AnyGame>, String> {
    let roster = roster.into();
    let mut g = setup_named(kind, roster, options, seed)?;
    play_rows(&mut *g, roster, 0, &effective_steps(actions), |_, _, _| {})?;
    Ok(g)
}

/// Rebuild a game from the nearest usable checkpoint and the log after it (else from its
/// setup, like [`replay`]). `seqs` are the rows after which a checkpoint exists and
/// `load(seq)` fetches one. A checkpoint is usable when the steps in effect at its row are
/// still the first steps in effect of the whole log, that is, no later undo took one of
/// them back; one that does not restore is skipped. Returns the game and how many steps
/// were replayed on top of the starting point.
pub fn replay_from_checkpoints(
    kind: &'static dyn GameKind,
    roster: Roster<'_>,
    options: &crate::engine::Options,
    seed: (u64, u32),
    actions: &[ActionRow],
    seqs: &[i64],
    mut load: impl FnMut(i64) -> Option<Vec<u8>>,
) -> Result<(Box<dyn AnyGame>, usize), String> {
    let effective = effective_steps(actions);
    // The depth of the stack of steps in effect, and its top, after each checkpointed row.
    let mut at: HashMap<i64, (usize, Option<i64>)> = HashMap::new();
    let mut stack: Vec<i64> = Vec::new();
    for a in actions {
        match a.kind {
            ActionKind::Step => stack.push(a.seq),
            ActionKind::Undo => {
                stack.pop();
            }
        }
        if seqs.binary_search(&a.seq).is_ok() {
            at.insert(a.seq, (stack.len(), stack.last().copied()));
        }
    }
    for &seq in seqs.iter().rev() {
        let Some(&(depth, top)) = at.get(&seq) else {
            continue;
        };
        if depth > effective.len() || (depth > 0 && Some(effective[depth - 1].seq) != top) {
            continue;
        }
        let Some(mut g) = load(seq).and_then(|b| kind.restore(&b).ok()) else {
            continue;
        };
        // A checkpoint holds the names of the handovers up to its row (a handover rewrites
        // the checkpoint at the log's last row).
        play_rows(&mut *g, roster, seq, &effective[depth..], |_, _, _| {})?;
        return Ok((g, effective.len() - depth));
    }
    let g = replay(kind, roster, options, seed, actions)?;
    Ok((g, effective.len()))
}

/// Make a display name safe to echo: no mentions, markup or control characters.
pub fn clean_name(name: &str) -> String {
    let s: String = name
        .chars()
        .filter(|c| !c.is_control())
        .map(|c| {
            if matches!(
                c,
                '@' | '`' | '*' | '_' | '~' | '|' | '<' | '>' | '#' | ':' | ';'
            ) {
                '-'
            } else {
                c
            }
        })
        .take(32)
        .collect();
    let s = s.trim().to_string();
    if s.is_empty() {
        "player".into()
    } else {
        s
    }
}

/// The game id `text` names: an id (any case), or a unique beginning of one. Ambiguous
/// beginnings list the candidates; unknown names list every game.
pub fn match_game_id(ids: &[&'static str], text: &str) -> Result<&'static str, CoreError> {
    let t = text.trim().to_lowercase();
    if t.is_empty() {
        return Err(CoreError::UnknownGame {
            got: text.to_string(),
            games: ids.to_vec(),
        });
    }
    if let Some(id) = ids.iter().find(|i| i.eq_ignore_ascii_case(&t)) {
        return Ok(id);
    }
    let hits: Vec<&'static str> = ids
        .iter()
        .copied()
        .filter(|i| i.to_lowercase().starts_with(&t))
        .collect();
    match hits.as_slice() {
        [one] => Ok(one),
        [] => Err(CoreError::UnknownGame {
            got: text.to_string(),
            games: ids.to_vec(),
        }),
        many => Err(CoreError::AmbiguousGame {
            got: text.to_string(),
            candidates: many.to_vec(),
        }),
    }
}
