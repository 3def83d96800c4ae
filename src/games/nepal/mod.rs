//! Nepal (Blue Panther, Steve Jones), 3 to 5 players: spread your pieces over a hex map of
//! Nepal, link cities named on face-up trade cards, and dominate the five regions.
//!
//! Readings chosen for the clauses the rulebook leaves open (each also explained in a rules
//! topic, and tested by the test named after the clause):
//! - NEP-SETUP-11: the score marker is extra, not one of the player's pieces (hands start
//!   at 39 / 34 / 29).
//! - NEP-SETUP-13: the first seat starts; play goes round in seat order.
//! - NEP-MOVE-6: both moves of a turn may move the same piece.
//! - NEP-CLAIM-15: a claim marker is a piece taken from the claimant's hand. With an empty
//!   hand a route cannot be marked (it may be marked on a later turn once a piece comes
//!   back).
//! - NEP-CLAIM-16: only the active player claims; another player who links a card marks it
//!   in their own next claim step, if still linked then.
//! - NEP-CLAIM-17: only the position at `end` counts; a chain made and broken again during
//!   the actions claims nothing.
//! - NEP-REVEAL-4: only a card's first marker reveals a new card.
//! - NEP-CONF-12 ("and so on"): holders are ranked by their count when a pass starts;
//!   groups of equal count remove one piece each, smallest group first, stopping as soon as
//!   the province is within its limit. If a whole pass is not enough, a new pass starts
//!   from the (new) smallest holder. A lone holder over the limit is cut down the same way.
//! - NEP-FORT-12: a fortress owner's pieces in that province neither count toward its
//!   population nor are ever removed there; the other players resolve conflict among
//!   themselves.
//! - NEP-FORT-13: the fortress pieces come from the hand and count as two pieces on the map.
//! - NEP-END-5: the end is checked after each turn's conflict: a player with an empty hand,
//!   or an empty trade deck, triggers it; then every player, the triggering one included,
//!   plays one more turn.
//! - NEP-SCORE-6: in region domination, groups of fully tied players (same pieces, same
//!   provinces) share the points of the places they occupy (5 and 3, later places 0),
//!   rounded down: two tied for first get 4 each, three tied for first get 2 each, two tied
//!   for second get 1 each.
//! - NEP-SCORE-8: region domination counts pieces on the map (not routes, not markers).
//! - NEP-SCORE-21: the longest-route tie-break uses every face-up card the player links at
//!   the end, marked or not, measured by the provinces on its shortest chain.
//! - NEP-SCORE-22: players still tied after both tie-breaks share the place.
//!
//! Invariants of a [`Nepal`] state: piece counts per seat add up (hand + map + fortress 2 +
//! claim markers = starting pieces); the deck order is hidden from every view; `apply`
//! accepts exactly the steps `legal_steps` lists (both use [`Nepal::step_ok`]).

mod board;
mod happening;
pub mod render;
mod rules;
#[cfg(test)]
mod tests;
mod topics;
mod view;

pub use board::{parse_board, BoardError, Card, NepalData, Outside, Province, Region, REGIONS};
pub use rules::Forbidden;
pub use view::{describe, CardView, PlayerView, View};

use crate::engine::{
    Applied, FinalResult, Game, GameKind, GameOptions, Kind, OptionSpec, Resolved, RulesTopic,
    Seat, SetupError, Status, Viewer,
};
use crate::engine::{GameRng, Holder, ParseError};
use serde::{Deserialize, Serialize};

/// The game's id in commands.
pub const ID: &str = "nepal";

/// The authored board file, embedded at compile time.
pub const BOARD: &str = include_str!("../../../board_art/nepal/board.txt");

/// Parse a board text and register the game with its renderer (see `games::GAMES`).
pub fn kind(text: &str) -> Result<&'static dyn GameKind, crate::engine::BoardError> {
    let data = parse_board(text).map_err(|e| crate::engine::BoardError {
        game: "Nepal",
        line: e.line,
        message: e.message,
    })?;
    Ok(Kind::<Nepal>::leak(data, render::render))
}

/// Pieces per player for 3, 4, 5 players.
pub const PIECES: [u16; 3] = [40, 35, 30];
/// Trade cards used for 3, 4, 5 players.
pub const DECK_SIZE: [usize; 3] = [20, 23, 26];
/// Face-up unclaimed cards at the start.
pub const FACE_UP: usize = 5;

/// One step. Province indices refer to [`NepalData::provinces`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Step {
    /// Move one of your pieces to an adjacent province.
    Move { from: u8, to: u8 },
    /// Add a piece from your hand to a province.
    Grow(u8),
    /// Build your fortress (option): two pieces, the whole turn's three actions.
    Fortress(u8),
    /// Start placement (option): put one piece anywhere within the limits.
    Place(u8),
    /// End the turn: claim routes, reveal cards, resolve conflict.
    End,
}

/// Chosen options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Opts {
    pub placement: bool,
    pub boom: bool,
    pub fortress: bool,
}

impl GameOptions for Opts {
    fn specs() -> &'static [OptionSpec] {
        OPTIONS
    }
    fn from_resolved(o: &Resolved) -> Self {
        Opts {
            placement: o.get("start") == "placement",
            boom: o.on("boom"),
            fortress: o.on("fortress"),
        }
    }
}

const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        key: "start",
        help: "kathmandu: everyone starts with one piece in Kathmandu; placement: then three rounds of placing one piece anywhere within the limits",
        values: &["kathmandu", "placement"],
    },
    OptionSpec {
        key: "boom",
        help: "population boom: provinces with a city get +1 population limit",
        values: &["off", "on"],
    },
    OptionSpec {
        key: "fortress",
        help: "fortress: once per game, spend a whole turn to build a two-piece fortress that acts like Kathmandu for you",
        values: &["off", "on"],
    },
];

/// Game phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    Placement,
    Play,
    Over,
}

/// A trade card in play (face up), with claim markers in claim order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InPlay {
    pub card: u8,
    pub claims: Vec<u8>,
    pub revealed_turn: u32,
}

/// The end has been triggered: `turns_left` turns remain before final scoring.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EndTrigger {
    pub by: usize,
    pub reason: String,
    pub turns_left: usize,
}

/// Final score detail for one seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Breakdown {
    pub during_game: i64,
    /// Domination points per region.
    pub regions: Vec<i64>,
    pub cards: i64,
    pub total: i64,
    pub pieces_on_board: u32,
    pub longest_route: u8,
}

/// The game state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Nepal {
    names: Vec<String>,
    opts: Opts,
    phase: Phase,
    /// Regular pieces: `pieces[p * n + seat]`.
    pieces: Vec<u8>,
    /// Fortress owner per province.
    fortress: Vec<Option<u8>>,
    fortress_built: Vec<bool>,
    hand: Vec<u16>,
    score: Vec<i64>,
    /// Face-down deck; the next card is the last one. Hidden from every view.
    deck: Vec<u8>,
    cards: Vec<InPlay>,
    current: usize,
    moves: u8,
    grows: u8,
    actions: u8,
    this_turn: Vec<Step>,
    turn: u32,
    placements_left: u8,
    end: Option<EndTrigger>,
    result: Option<FinalResult>,
    breakdown: Option<Vec<Breakdown>>,
    last_turn: Vec<String>,
    rng: GameRng,
}

impl Nepal {
    fn n(&self) -> usize {
        self.names.len()
    }

    /// Regular pieces of `seat` in province `p`.
    pub fn pieces_at(&self, p: usize, seat: usize) -> u8 {
        self.pieces[p * self.n() + seat]
    }

    /// Pieces in hand per seat.
    pub fn hands(&self) -> &[u16] {
        &self.hand
    }

    /// Scores so far per seat (final totals once over).
    pub fn scores(&self) -> &[i64] {
        &self.score
    }
}

impl Game for Nepal {
    type Step = Step;
    type Data = NepalData;
    type View = View;
    type Options = Opts;
    type Forbidden = Forbidden;

    const ID: &'static str = ID;
    const NAME: &'static str = "Nepal";
    const MIN_PLAYERS: usize = 3;
    const MAX_PLAYERS: usize = 5;

    fn rename_seat(&mut self, seat: Seat, name: &str) {
        if let Some(n) = self.names.get_mut(seat) {
            *n = name.to_string();
        }
    }

    fn setup(
        data: &NepalData,
        players: &[String],
        opts: &Opts,
        seed: u64,
    ) -> Result<Self, SetupError> {
        Self::setup_game(data, players, opts, seed)
    }

    fn status(&self) -> Status {
        match &self.result {
            Some(r) => Status::Finished(r.clone()),
            None => Status::Acting(vec![self.current]),
        }
    }

    /// The steps of `seat`'s phase that may be legal, in the legal list's order
    /// (placements; or moves, grows, fortresses, `end`): `hopeless` (the whole check, no
    /// wording) keeps the legal list to the legal ones. Steps `seat` can never take now
    /// (another seat's turn, the other phase, a move from a province without its piece or
    /// to one not adjacent) are left out, as the legal list would drop them anyway: the
    /// parser ([`Nepal::parse_text`]) refuses such a step with its reason on its own.
    fn candidates(&self, data: &NepalData, seat: Seat) -> Vec<Step> {
        let np = data.provinces.len();
        let mut steps = Vec::with_capacity(3 * np + 1);
        match self.phase {
            Phase::Over => {}
            _ if seat != self.current => {}
            Phase::Placement => Self::every_province(data, &mut steps, Step::Place),
            Phase::Play => {
                self.own_move_candidates(data, seat, &mut steps);
                Self::every_province(data, &mut steps, Step::Grow);
                if self.opts.fortress {
                    Self::every_province(data, &mut steps, Step::Fortress);
                }
                steps.push(Step::End);
            }
        }
        steps
    }

    /// The one decision ([`Nepal::step_ok`]); the engine words it and filters with it.
    fn forbidden(&self, data: &NepalData, seat: Seat, step: &Step) -> Result<(), Forbidden> {
        self.step_ok(data, seat, step)
    }

    /// Every word after the verb names a province.
    fn noun(_verb: &str, index: usize) -> Option<&'static str> {
        (index > 0).then_some("province")
    }

    fn perform(&mut self, data: &NepalData, seat: Seat, step: &Step) -> Applied {
        match *step {
            Step::Place(p) => self.place(data, seat, p),
            Step::Move { from, to } => self.move_piece(data, seat, from, to),
            Step::Grow(p) => self.grow(data, seat, p),
            Step::Fortress(p) => self.build_fortress(data, seat, p),
            Step::End => self.end_turn(data, seat),
        }
    }

    fn format_step(data: &NepalData, step: &Step) -> String {
        let name = |p: u8| data.province_name(p);
        match *step {
            Step::Move { from, to } => format!("move {} {}", name(from), name(to)),
            Step::Grow(p) => format!("grow {}", name(p)),
            Step::Fortress(p) => format!("fortress {}", name(p)),
            Step::Place(p) => format!("place {}", name(p)),
            Step::End => "end".to_string(),
        }
    }

    fn label_step(data: &NepalData, step: &Step) -> String {
        let name = |p: u8| data.province_name(p);
        match *step {
            Step::Move { from, to } => {
                format!("Move a piece from {} to {}", name(from), name(to))
            }
            Step::Grow(p) => format!("Grow: add a piece in {}", name(p)),
            Step::Fortress(p) => {
                format!("Build your fortress in {} (uses the whole turn)", name(p))
            }
            Step::Place(p) => format!("Place a starting piece in {}", name(p)),
            Step::End => "End the turn (claim routes, then conflict)".to_string(),
        }
    }

    fn parse_step(&self, data: &NepalData, seat: Seat, text: &str) -> Result<Step, ParseError> {
        self.parse_text(data, seat, text)
    }

    fn view(&self, data: &NepalData, viewer: Viewer) -> View {
        self.view_for(data, viewer)
    }

    fn describe(data: &NepalData, view: &View) -> String {
        describe(data, view)
    }

    fn private_markers(&self, _data: &NepalData, _seat: Seat) -> Vec<String> {
        // Nothing in Nepal is private to one seat: hands are public piece counts.
        Vec::new()
    }

    /// The seat's view without the steps taken and the actions and placements left: the turn's bookkeeping, which a step
    /// back to an earlier position changes (see [`Game::position_key`]).
    fn position_key(&self, data: &NepalData, seat: crate::engine::Seat) -> u64 {
        let mut v = self.view(data, Viewer::Seat(seat));
        v.actions_taken.clear();
        v.actions_left = 0;
        v.placements_left = 0;
        crate::engine::view_key(&v)
    }

    fn hint(&self, data: &NepalData) -> Vec<f64> {
        if let Some(r) = &self.result {
            return r.scores.iter().map(|&s| s as f64).collect();
        }
        self.hint_scores(data)
    }

    fn scramble_into(&mut self, data: &NepalData, holder: Holder, rng: &mut GameRng) {
        self.scramble_deck(data, holder, rng)
    }

    fn rules_topics() -> &'static [RulesTopic] {
        topics::TOPICS
    }

    fn rules_synonyms() -> &'static [(&'static str, &'static str)] {
        topics::SYNONYMS
    }
}

/// Seed of the scripted demo game ([`demo_script`]).
pub const DEMO_SEED: u64 = 2;
/// Players in the scripted demo game.
pub const DEMO_PLAYERS: usize = 3;

/// A complete 3-player game with default options from seed [`DEMO_SEED`] on the embedded
/// board, as (seat, step) pairs. Outcome (checked by a test): Ann 5, Bob 8, Cy 14 VP.
/// Ann only grows in Kathmandu and empties her hand in round 20, which triggers the end;
/// Bob claims Kathmandu-Lhasa first then loses it (and a piece to conflict in Gorkha);
/// Cy claims Kathmandu-Birgunj first and Kathmandu-Lhasa second.
pub fn demo_script() -> Vec<(usize, &'static str)> {
    let mut v: Vec<(usize, &'static str)> = vec![
        (0, "grow Kathmandu"),
        (0, "grow Kathmandu"),
        (0, "end"),
        (1, "move Kathmandu Rasuwa"),
        (1, "grow Kathmandu"),
        (1, "end"),
        (2, "move Kathmandu Makwanpur"),
        (2, "grow Makwanpur"),
        (2, "move Makwanpur Parsa"),
        (2, "end"),
        (0, "grow Kathmandu"),
        (0, "grow Kathmandu"),
        (0, "end"),
        (1, "move Rasuwa Gorkha"),
        (1, "grow Gorkha"),
        (1, "grow Gorkha"),
        (1, "end"),
        (2, "grow Kathmandu"),
        (2, "move Kathmandu Sindhupalchok"),
        (2, "grow Kathmandu"),
        (2, "end"),
        (0, "grow Kathmandu"),
        (0, "grow Kathmandu"),
        (0, "end"),
        (1, "move Gorkha Dhading"),
        (1, "end"),
        (2, "end"),
    ];
    for _ in 4..=19 {
        v.extend([
            (0, "grow Kathmandu"),
            (0, "grow Kathmandu"),
            (0, "end"),
            (1, "end"),
            (2, "end"),
        ]);
    }
    v.extend([
        (0, "grow Kathmandu"),
        (0, "end"),
        (1, "end"),
        (2, "end"),
        (0, "end"),
    ]);
    v
}
