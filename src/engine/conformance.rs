//! The conformance suite every game must pass, for every allowed player count and option
//! set. It plays seeded random games to the end and checks the engine contract at every
//! step. It is plain code (no test harness) so that games' tests call it and fuzzers and
//! benchmarks reuse it.
//!
//! What it checks, at every position of every playout:
//! - someone can act while the game runs; no seat has a step once it is over; the game ends
//!   within the step cap; an acting seat's default step is one of its legal steps;
//! - **one decision per step**: no seat ever has more than [`MAX_LEGAL_STEPS`] legal steps;
//! - every listed step passes [`Game::check`], formats and parses back to itself, and
//!   applies; a number or coordinate in its text cut short by its last character
//!   (`start 2` for `start 20`) never parses as it (numbers match only exactly); steps
//!   that are not listed (earlier ones, other seats') fail `check` and
//!   `apply` with the same error, which names one of the game's rules topics, and leave
//!   the state unchanged;
//! - **non-interference**: scrambling one holder's hidden information ([`Game::scramble`])
//!   leaves every other viewer's view, text, legal steps and (when a renderer is given)
//!   PNG bytes byte-identical;
//! - **canonical scrambles** (what a computer player's determinisation relies on): for every
//!   holder and salts j, k, scrambling with k gives the same state (snapshot bytes) as
//!   scrambling with j and then with k, so a scramble's output never depends on the hidden
//!   information it replaces;
//! - the evaluation hint ([`Game::hint`]) has one entry per seat (or none) and is unchanged
//!   by scrambling any holder's hidden information; each seat's outlook
//!   ([`Game::outlook`]) is unchanged by scrambling any other holder's;
//! - replay of the log from the seed gives the same state, and snapshots round-trip;
//! - at the end, the result gives each seat's score in named parts that add up to it;
//! - **liveness**: every seat the status names as acting has a legal step, and no step of
//!   theirs is refused as "not your turn"; [`check_liveness`] checks the first over many
//!   whole games cheaply, with any chooser of steps (random, or Sherpa's players).
//! - **every refusal says why** ([`near_miss`]): near misses of a legal step get an answer
//!   with a reason, never a bare list.

pub mod near_miss;
pub mod topics;

use super::{
    resolve_options, AnyGame, Audience, Game, GameOptions, GameRng, Holder, Options, RenderFn,
    Rules, Seat, Status, Viewer, MAX_LEGAL_STEPS,
};

/// Liveness of one game played to its end from its present position, each step chosen by
/// `choose` (an index into the acting seat's [`AnyGame::choices`], which it is given): while
/// the game runs someone acts, and every seat the status names as acting has at least one
/// legal step, so the chat never tells a seat it names that it is not its turn. The acting
/// seat that plays is picked with `pick`. Panics naming the game, the position and the
/// last steps played when a named seat has no step, or when the game has not ended within
/// `step_cap` steps. Returns the steps played.
pub fn check_liveness(
    game: &mut dyn AnyGame,
    step_cap: usize,
    pick: &mut GameRng,
    mut choose: impl FnMut(&dyn AnyGame, Seat, &[String]) -> usize,
) -> usize {
    let name = game.kind().name();
    let mut last: Vec<String> = Vec::new();
    for steps in 0..step_cap {
        let acting = match game.status() {
            Status::Finished(_) => return steps,
            Status::Acting(a) => a,
        };
        assert!(
            !acting.is_empty(),
            "{name}: nobody acts while the game runs (step {steps}, after {last:?})"
        );
        let seat = acting[pick.below(acting.len())];
        let mut mine = Vec::new();
        for &s in &acting {
            let choices = game.choices(s);
            assert!(
                !choices.is_empty(),
                "{name}: seat {s} is named as acting but has no legal step, so the game is \
                 stuck (step {steps}, after {last:?})"
            );
            if s == seat {
                mine = choices;
            }
        }
        let i = choose(&*game, seat, &mine);
        assert!(i < mine.len(), "{name}: the chooser picked a listed step");
        game.play_choice(seat, i)
            .unwrap_or_else(|| panic!("{name}: listed step `{}` plays", mine[i]));
        last.push(format!("{seat}: {}", mine[i]));
        if last.len() > 6 {
            last.remove(0);
        }
    }
    panic!("{name}: the game did not end within {step_cap} steps (after {last:?})");
}

/// Does a refusal tell a seat that it is not its turn (as the games word it)?
pub fn says_not_your_turn(reason: &str) -> bool {
    reason.contains("not your turn") || reason.contains("turn, not yours")
}

/// What to run.
pub struct Suite<'a, G: Game> {
    pub data: &'a G::Data,
    /// The game's renderer, for pixel-level non-interference.
    pub render: Option<RenderFn<G>>,
    /// Option sets to play (text, as at `game new`); empty means the defaults only.
    pub option_sets: Vec<Options>,
    /// Random games per player count and option set.
    pub games: u64,
    /// A game that has not ended after this many steps fails.
    pub step_cap: usize,
    /// Check non-interference at every `interference_every`th position (0 = never).
    pub interference_every: usize,
    /// Compare rendered pictures at every `render_every`th non-interference check (0 = never).
    pub render_every: usize,
    /// Scrambles per holder at each checked position.
    pub scrambles: usize,
}

impl<'a, G: Game> Suite<'a, G> {
    /// Defaults: every option set given later, 3 games each, non-interference at every 7th
    /// position with 2 scrambles, PNGs at every 10th of those.
    pub fn new(data: &'a G::Data) -> Self {
        Suite {
            data,
            render: None,
            option_sets: Vec::new(),
            games: 3,
            step_cap: 20_000,
            interference_every: 7,
            render_every: 10,
            scrambles: 2,
        }
    }
}

/// What a run saw (for assertions that the checks had something to bite on).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    pub games: usize,
    pub steps: usize,
    /// Most legal steps any seat had.
    pub max_legal: usize,
    /// Scrambles that changed the state (0 for a game without hidden information).
    pub scrambles_changed: usize,
    /// PNG comparisons made.
    pub renders_compared: usize,
    /// Refusals checked (unlisted steps).
    pub refusals: usize,
}

/// Result of one checked playout.
#[derive(Debug)]
pub struct Playout {
    pub steps: usize,
    pub status: Status,
    pub log: Vec<(Seat, String)>,
}

impl<'a, G: Game> Suite<'a, G> {
    /// One checked playout with these settings (for tests that want the log).
    pub fn playout(&self, players: usize, options: &Options, seed: u64) -> Playout {
        check_playout(self, players, options, seed, false, &mut Report::default())
    }
}

/// Non-interference at one position, with 4 scrambles per holder (for rules tests that
/// build a position by hand). Returns how many scrambles changed the state.
pub fn assert_non_interference<G: Game>(
    g: &G,
    data: &G::Data,
    players: usize,
    render: Option<RenderFn<G>>,
) -> usize {
    let mut report = Report::default();
    let mut rng = GameRng::new(0x5ec2e7);
    check_non_interference(g, data, players, render, 4, &mut rng, &mut report);
    report.scrambles_changed
}

/// Run the suite: every player count, every option set, `games` seeds each. Panics with a
/// message naming the broken point.
pub fn run<G: Game>(suite: &Suite<G>) -> Report {
    let sets = if suite.option_sets.is_empty() {
        vec![Options::new()]
    } else {
        suite.option_sets.clone()
    };
    topics::check_topics::<G>();
    let mut report = Report::default();
    for options in &sets {
        for players in G::MIN_PLAYERS..=G::MAX_PLAYERS {
            for k in 0..suite.games {
                let seed = k * 7919 + players as u64 * 31 + 1;
                let p = check_playout(suite, players, options, seed, k == 0, &mut report);
                report.games += 1;
                report.steps += p.steps;
            }
        }
    }
    report
}

/// The same as [`run`] with defaults and no renderer (kept for short game tests).
pub fn run_suite<G: Game>(data: &G::Data, options: &Options, games: u64, step_cap: usize) {
    let mut s = Suite::<G>::new(data);
    s.option_sets = vec![options.clone()];
    s.games = games;
    s.step_cap = step_cap;
    run(&s);
}

/// What a player must never read in `text`: an internal clause id, or a hedged plural
/// (`1 blueprint(s)`; [`super::counted`] words a count).
pub fn wording_fault(text: &str) -> Option<&str> {
    clause_id_in(text).or_else(|| text.find("(s)").map(|i| &text[i..i + 3]))
}

/// The first internal clause id (`NEP-GROW-3`: capitals, dash, capitals, dash, digits) in
/// `text`, if any.
pub fn clause_id_in(text: &str) -> Option<&str> {
    let b = text.as_bytes();
    (0..b.len()).find_map(|start| {
        if start > 0 && b[start - 1].is_ascii_alphanumeric() {
            return None;
        }
        let caps = |i: usize| b[i..].iter().take_while(|c| c.is_ascii_uppercase()).count();
        let first = caps(start);
        if !(2..=4).contains(&first) || b.get(start + first) != Some(&b'-') {
            return None;
        }
        let second = caps(start + first + 1);
        let after = start + first + 1 + second;
        if second == 0 || b.get(after) != Some(&b'-') {
            return None;
        }
        let digits = b[after + 1..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count();
        (digits > 0).then(|| &text[start..after + 1 + digits])
    })
}

fn rule_topic_exists<G: Game>(topic: &str) -> bool {
    G::rules_topics().iter().any(|t| t.id == topic)
}

/// Play one random game from `seed` and check every contract point along the way.
///
/// `thorough` also applies every listed step (on a copy) at every position, which is slow
/// for games with many steps; otherwise a sample of them is applied.
pub fn check_playout<G: Game>(
    suite: &Suite<G>,
    players: usize,
    options: &Options,
    seed: u64,
    thorough: bool,
    report: &mut Report,
) -> Playout {
    let data = suite.data;
    let names: Vec<String> = (0..players).map(|i| format!("P{}", i + 1)).collect();
    let resolved = resolve_options(G::Options::specs(), options).expect("options are valid");
    let typed = G::Options::from_resolved(&resolved);
    let g = G::setup(data, &names, &typed, seed).expect("setup succeeds");
    let again = G::setup(data, &names, &typed, seed).expect("setup succeeds");
    assert_eq!(g, again, "setup is deterministic for one seed");
    let mut walk = Walk {
        suite,
        players,
        seed,
        thorough,
        g,
        pick: GameRng::new(seed ^ 0x5eed_f00d),
        log: Vec::new(),
        stale: Vec::new(),
        steps: 0,
        checks: 0,
    };
    while walk.position(report) {}

    // Replay from seed + log (through the notation) gives the same state.
    let Walk { g, log, steps, .. } = walk;
    let mut r = G::setup(data, &names, &typed, seed).expect("setup");
    for (seat, text) in &log {
        let step = r
            .parse_step(data, *seat, text)
            .unwrap_or_else(|e| panic!("replay parses `{text}`: {e}"));
        r.apply(data, *seat, &step).expect("replay applies");
    }
    assert_eq!(r, g, "replay from seed and log gives the same state");
    // Snapshot round trip.
    let snap = serde_json::to_string(&g).expect("serializes");
    let back: G = serde_json::from_str(&snap).expect("deserializes");
    assert_eq!(back, g, "snapshot round trip");
    Playout {
        steps,
        status: g.status(),
        log,
    }
}

/// One random game on its way: the state, the picks, and what was played.
struct Walk<'s, G: Game> {
    suite: &'s Suite<'s, G>,
    players: usize,
    seed: u64,
    thorough: bool,
    g: G,
    pick: GameRng,
    log: Vec<(Seat, String)>,
    /// Recent steps, offered again later (when no longer legal) to check refusals.
    stale: Vec<(Seat, G::Step)>,
    steps: usize,
    checks: usize,
}

/// The seats at a position, by what they may do.
struct Seats {
    acting: Vec<Seat>,
    /// Not acting, but with optional steps.
    optional: Vec<Seat>,
    /// No legal step.
    idle: Vec<Seat>,
}

impl<G: Game> Walk<'_, G> {
    /// Check the position, then play one random step. `false` once the game is over.
    fn position(&mut self, report: &mut Report) -> bool {
        let acting = match self.g.status() {
            Status::Finished(r) => {
                self.check_end(&r);
                return false;
            }
            Status::Acting(a) => a,
        };
        self.check_acting(&acting);
        self.maybe_check_non_interference(report);
        let seats = self.seats(acting, report);
        let seat = if !seats.optional.is_empty() && self.pick.below(10) == 0 {
            seats.optional[self.pick.below(seats.optional.len())]
        } else {
            seats.acting[self.pick.below(seats.acting.len())]
        };
        let legal = self.g.legal_steps(self.suite.data, seat);
        self.check_listed_steps(seat, &legal);
        self.check_candidates(seat, &legal);
        self.check_refusals(&seats.idle, &legal, report);
        if self.steps % 3 == 0 {
            // Its own picks, so the random game played is the same with or without it.
            let mut pick = GameRng::new(self.seed ^ self.steps as u64);
            near_miss::check(&self.g, self.suite.data, seat, &legal, &mut pick);
        }
        assert!(self
            .g
            .parse_step(self.suite.data, seat, "zzzz qqqq")
            .is_err());
        self.play_one(seat, &legal);
        true
    }

    fn check_end(&self, r: &super::FinalResult) {
        let players = self.players;
        assert_eq!(r.scores.len(), players, "one score per seat");
        assert_eq!(r.places.len(), players, "one place per seat");
        assert!(r.places.contains(&1), "someone wins");
        let seed = self.seed;
        assert_eq!(
            r.breakdown.len(),
            players,
            "{}: the result gives each seat's score parts (seed {seed})",
            G::NAME
        );
        assert!(
            r.breakdown.iter().all(|parts| !parts.is_empty()),
            "{}: no seat's breakdown is empty (seed {seed})",
            G::NAME
        );
        if let Err(e) = r.check_breakdown() {
            panic!("{}: {e} (seed {seed}, {players} players)", G::NAME);
        }
        for s in 0..players {
            assert!(
                self.g.legal_steps(self.suite.data, s).is_empty(),
                "no steps after the end"
            );
        }
    }

    fn check_acting(&self, acting: &[Seat]) {
        let (seed, steps) = (self.seed, self.steps);
        assert!(
            !acting.is_empty(),
            "someone must act while the game runs (seed {seed}, step {steps})"
        );
        assert!(
            acting.iter().all(|&s| s < self.players),
            "acting seats are real seats"
        );
        assert!(
            steps < self.suite.step_cap,
            "{} did not end within {} steps (seed {seed})",
            G::NAME,
            self.suite.step_cap
        );
    }

    fn maybe_check_non_interference(&mut self, report: &mut Report) {
        let suite = self.suite;
        if suite.interference_every == 0 || self.steps % suite.interference_every != 0 {
            return;
        }
        let render = suite
            .render
            .filter(|_| suite.render_every > 0 && self.checks % suite.render_every == 0);
        check_non_interference(
            &self.g,
            suite.data,
            self.players,
            render,
            suite.scrambles,
            &mut self.pick,
            report,
        );
        self.checks += 1;
    }

    /// Acting seats have legal steps and a legal default. Others may have optional ones
    /// (rarely taken here, so that playouts progress). Nobody has more than the bound.
    fn seats(&self, acting: Vec<Seat>, report: &mut Report) -> Seats {
        let (data, seed, steps) = (self.suite.data, self.seed, self.steps);
        let mut idle = Vec::new();
        let mut optional = Vec::new();
        for s in 0..self.players {
            let legal = self.g.legal_steps(data, s);
            assert!(
                legal.len() <= MAX_LEGAL_STEPS,
                "one decision per step: seat {s} has {} legal steps (more than {MAX_LEGAL_STEPS}) at step {steps} (seed {seed})",
                legal.len()
            );
            report.max_legal = report.max_legal.max(legal.len());
            if acting.contains(&s) {
                assert!(
                    !legal.is_empty(),
                    "acting seat {s} has a legal step (seed {seed}, step {steps})"
                );
                self.check_never_told_not_its_turn(s);
                let d = self.g.default_step(data, s);
                assert!(
                    d.as_ref().is_some_and(|d| legal.contains(d)),
                    "the default step of acting seat {s} is one of its legal steps (seed {seed}, step {steps})"
                );
            } else if legal.is_empty() {
                idle.push(s);
            } else {
                optional.push(s);
            }
        }
        Seats {
            acting,
            optional,
            idle,
        }
    }

    /// No refusal of a candidate step tells `seat`, which the status names as acting, that
    /// it is not its turn (the first few refused candidates are read).
    fn check_never_told_not_its_turn(&self, seat: Seat) {
        let (data, seed, steps) = (self.suite.data, self.seed, self.steps);
        let refused = self
            .g
            .candidates(data, seat)
            .into_iter()
            .filter_map(|c| self.g.legality(data, seat, &c).err())
            .take(4);
        for e in refused {
            assert!(
                !says_not_your_turn(&e.reason),
                "acting seat {seat} is told `{}` (seed {seed}, step {steps})",
                e.reason
            );
        }
    }

    /// Format → parse gives the same step; every listed step passes `check` and applies.
    fn check_listed_steps(&self, seat: Seat, legal: &[G::Step]) {
        let data = self.suite.data;
        for (i, step) in legal.iter().enumerate() {
            let text = G::format_step(data, step);
            let parsed = self
                .g
                .parse_step(data, seat, &text)
                .unwrap_or_else(|e| panic!("`{text}` parses: {e}"));
            assert_eq!(&parsed, step, "parse(format(step)) == step for `{text}`");
            self.check_numbers_match_exactly(seat, step, &text);
            if let Err(e) = self.g.check(data, seat, step) {
                panic!("listed step `{text}` passes check: {e}");
            }
            if self.thorough || i % 7 == self.steps % 7 {
                let mut copy = self.g.clone();
                copy.apply(data, seat, step)
                    .unwrap_or_else(|e| panic!("listed step `{text}` applies: {e}"));
            }
        }
    }

    /// Numbers and coordinates match only exactly: a token with a digit, cut short by its
    /// last character (`20` → `2`, `4.6` → `4.`, `B3` → `B`), never names this step.
    fn check_numbers_match_exactly(&self, seat: Seat, step: &G::Step, text: &str) {
        let words: Vec<&str> = text.split(' ').collect();
        for (w, word) in words.iter().enumerate() {
            if word.chars().count() < 2 || !word.chars().any(|c| c.is_ascii_digit()) {
                continue;
            }
            let mut cut = words.clone();
            let short = &word[..word.len() - word.chars().last().map_or(0, char::len_utf8)];
            cut[w] = short;
            let cut = cut.join(" ");
            assert!(
                self.g.parse_step(self.suite.data, seat, &cut).ok().as_ref() != Some(step),
                "`{cut}` was read as `{text}`: numbers must match exactly"
            );
        }
    }

    /// A refused candidate says why, in words for players, both as the game decides it
    /// (`legality`) and as the player reads it (`check`, with the game's `explain`); every
    /// legal step is a candidate.
    fn check_candidates(&self, seat: Seat, legal: &[G::Step]) {
        let data = self.suite.data;
        let candidates = self.g.candidates(data, seat);
        // The first eight refused candidates' reasons.
        for c in candidates.iter().filter(|c| !legal.contains(c)).take(8) {
            let decided = self.g.legality(data, seat, c).expect_err("not legal");
            let explained = self.g.check(data, seat, c).expect_err("not legal");
            assert_eq!(explained.topic, decided.topic, "explain keeps the topic");
            for e in [decided, explained] {
                assert_eq!(
                    wording_fault(&e.reason),
                    None,
                    "refusal for players: {}",
                    e.reason
                );
            }
        }
        for step in legal {
            assert!(
                candidates.contains(step),
                "legal step `{}` is among the candidates",
                G::format_step(data, step)
            );
        }
    }

    /// Steps not listed are refused by `check` and by `apply` with the same error, which
    /// names a rules topic, and change nothing: old steps, and steps for idle seats.
    fn check_refusals(&mut self, idle: &[Seat], legal: &[G::Step], report: &mut Report) {
        let data = self.suite.data;
        let mut offered: Vec<(Seat, G::Step)> = Vec::new();
        for (s, st) in self.stale.iter().rev().take(6) {
            if !self.g.legal_steps(data, *s).contains(st) {
                offered.push((*s, st.clone()));
            }
        }
        if let Some(st) = legal.first() {
            offered.extend(idle.iter().map(|&s| (s, st.clone())));
        }
        for (s, st) in &offered {
            self.refuse(*s, st);
            report.refusals += 1;
        }
    }

    fn refuse(&mut self, s: Seat, st: &G::Step) {
        let data = self.suite.data;
        let before = self.g.clone();
        let text = G::format_step(data, st);
        let Err(e) = self.g.check(data, s, st) else {
            panic!("unlisted step `{text}` for seat {s} passes check");
        };
        assert!(
            rule_topic_exists::<G>(e.topic),
            "refusal of `{text}` cites rules topic `{}`, which {} does not have",
            e.topic,
            G::NAME
        );
        let applied = self.g.apply(data, s, st);
        assert_eq!(
            applied.as_ref().err(),
            Some(&e),
            "apply refuses `{text}` for seat {s} as check does"
        );
        assert_eq!(self.g, before, "a refused step left the state unchanged");
    }

    /// Play a random legal step of `seat` and log it.
    fn play_one(&mut self, seat: Seat, legal: &[G::Step]) {
        let data = self.suite.data;
        let step = legal[self.pick.below(legal.len())].clone();
        let text = G::format_step(data, &step);
        let applied = self
            .g
            .apply(data, seat, &step)
            .unwrap_or_else(|e| panic!("chosen step `{text}` applies: {e}"));
        for e in &applied.events {
            if let Audience::Private(s) = e.audience {
                assert!(s < self.players, "private event for a real seat");
            }
            assert_eq!(
                wording_fault(&e.text),
                None,
                "event text for players: {}",
                e.text
            );
            assert_eq!(
                super::words::article_mistake(&e.text),
                None,
                "event text's article: {}",
                e.text
            );
        }
        self.log.push((seat, text));
        self.stale.push((seat, step));
        if self.stale.len() > 40 {
            self.stale.remove(0);
        }
        self.steps += 1;
    }
}

/// Everything a viewer gets from a position: view JSON, text, and (for seats) their legal
/// steps as offered (notation and label).
/// A viewer's outputs: the view as JSON, its text, the legal steps.
type Outputs = (String, String, Vec<String>);

fn outputs<G: Game>(g: &G, data: &G::Data, viewer: Viewer) -> Outputs {
    let view = g.view(data, viewer);
    let json = serde_json::to_string(&view).expect("view serializes");
    let text = G::describe(data, &view);
    let steps = match viewer {
        Viewer::Seat(s) => g
            .legal_steps(data, s)
            .iter()
            .map(|st| format!("{} | {}", G::format_step(data, st), G::label_step(data, st)))
            .collect(),
        Viewer::Spectator => Vec::new(),
    };
    (json, text, steps)
}

/// Non-interference at one position: for each holder of hidden information (each seat, and
/// nobody), scramble it `scrambles` times; every viewer who may not see it gets identical
/// outputs (and identical pictures, pixel for pixel, when `render` is given).
pub fn check_non_interference<G: Game>(
    g: &G,
    data: &G::Data,
    players: usize,
    render: Option<RenderFn<G>>,
    scrambles: usize,
    rng: &mut GameRng,
    report: &mut Report,
) {
    let viewers: Vec<Viewer> = (0..players)
        .map(Viewer::Seat)
        .chain([Viewer::Spectator])
        .collect();
    let holders: Vec<Holder> = (0..players)
        .map(Holder::Seat)
        .chain([Holder::Nobody])
        .collect();
    let base: Vec<_> = viewers.iter().map(|&v| outputs(g, data, v)).collect();
    let base_pic: Vec<Option<super::Picture>> = viewers
        .iter()
        .map(|&v| render.map(|r| r(data, &g.view(data, v))))
        .collect();
    let hint = g.hint(data);
    assert!(
        hint.is_empty() || hint.len() == players,
        "{}: the hint has one entry per seat, or none: {hint:?}",
        G::NAME
    );
    let outlooks: Vec<Vec<f64>> = (0..players).map(|s| g.outlook(data, s)).collect();
    for holder in holders {
        for _ in 0..scrambles {
            let salt = rng.next_u64();
            let other = g.scramble(data, holder, &mut GameRng::new(salt));
            // A second salt derived from the first: the picks of the playout stay as they were.
            check_canonical_scramble(g, data, holder, salt.rotate_left(17) ^ 0xa5a5, salt);
            assert_eq!(
                other.hint(data),
                hint,
                "{}: the hint changes when {holder:?}'s hidden information is scrambled",
                G::NAME
            );
            for seat in (0..players).filter(|&s| holder != Holder::Seat(s)) {
                assert_eq!(
                    other.outlook(data, seat),
                    outlooks[seat],
                    "{}: seat {seat}'s outlook changes when {holder:?}'s hidden information is scrambled",
                    G::NAME
                );
            }
            if other != *g {
                report.scrambles_changed += 1;
            } else {
                continue;
            }
            assert_eq!(
                other.status(),
                g.status(),
                "scrambling {holder:?}'s hidden information changes who acts"
            );
            let before = Baseline {
                viewers: &viewers,
                outputs: &base,
                pictures: &base_pic,
            };
            compare_unseen(&other, data, holder, &before, render, report);
        }
    }
}

/// What every viewer saw before a scramble: their outputs and pictures.
struct Baseline<'a> {
    viewers: &'a [Viewer],
    outputs: &'a [Outputs],
    pictures: &'a [Option<super::Picture>],
}

/// Every viewer who may not see `holder`'s hidden information gets from `other` (the game
/// with it scrambled) what they got before: the same view, text, legal steps and picture.
fn compare_unseen<G: Game>(
    other: &G,
    data: &G::Data,
    holder: Holder,
    before: &Baseline<'_>,
    render: Option<RenderFn<G>>,
    report: &mut Report,
) {
    let (viewers, base, base_pic) = (before.viewers, before.outputs, before.pictures);
    for (i, &v) in viewers.iter().enumerate() {
        if holder.seen_by(v) {
            continue;
        }
        let out = outputs(other, data, v);
        assert!(
            out.0 == base[i].0,
            "non-interference: {v:?}'s view changes when {holder:?}'s hidden information is scrambled:\n{}\nvs\n{}",
            base[i].0,
            out.0
        );
        assert_eq!(
            out.1, base[i].1,
            "non-interference: {v:?}'s text changes when {holder:?}'s hidden information is scrambled"
        );
        assert_eq!(
            out.2, base[i].2,
            "non-interference: {v:?}'s legal steps change when {holder:?}'s hidden information is scrambled"
        );
        if let (Some(r), Some(pic)) = (render, &base_pic[i]) {
            let other_pic = r(data, &other.view(data, v));
            assert!(
                &other_pic == pic,
                "non-interference: {v:?}'s picture changes when {holder:?}'s hidden information is scrambled"
            );
            report.renders_compared += 1;
        }
    }
}

/// A scramble is canonical: scrambling `g` for `holder` with salt `k` gives the same state
/// (snapshot bytes) as scrambling it first with salt `j`, then with `k`. So what a scramble
/// makes depends only on what the holder's others see and on the salt, never on the hidden
/// information it replaces (a computer player's determinised copy then tells nothing).
pub fn check_canonical_scramble<G: Game>(g: &G, data: &G::Data, holder: Holder, j: u64, k: u64) {
    let once = g.scramble(data, holder, &mut GameRng::new(k));
    let twice =
        g.scramble(data, holder, &mut GameRng::new(j))
            .scramble(data, holder, &mut GameRng::new(k));
    let once = serde_json::to_string(&once).expect("state serializes");
    let twice = serde_json::to_string(&twice).expect("state serializes");
    assert!(
        once == twice,
        "{}: scrambling {holder:?} depends on the hidden information it replaces \
         (salt {k} alone vs salts {j} then {k}):\n{once}\nvs\n{twice}",
        G::NAME
    );
}

#[cfg(test)]
mod tests {
    use super::clause_id_in;

    #[test]
    fn clause_ids_are_found_in_text_and_ordinary_words_are_not() {
        assert_eq!(clause_id_in("lost (PEL-MOVE-5)."), Some("PEL-MOVE-5"));
        assert_eq!(super::wording_fault("1 blueprint(s)"), Some("(s)"));
        assert_eq!(super::wording_fault("1 blueprint, 2 coal"), None);
        assert_eq!(clause_id_in("NEP-CONF-12 says"), Some("NEP-CONF-12"));
        assert_eq!(clause_id_in("NP-END-3"), Some("NP-END-3"));
        assert_eq!(clause_id_in("NAN-SETUP-8: x"), Some("NAN-SETUP-8"));
        for fine in [
            "ABCDE-X-1",
            "NAN-END-x",
            "region 4.6",
            "CO-OP-x",
            "a B-52",
            "XNEPAL-GROW-3",
            "UTF-8",
            "A-B-1",
            "NEP-GROW-",
        ] {
            assert_eq!(clause_id_in(fine), None, "{fine}");
        }
    }
}
