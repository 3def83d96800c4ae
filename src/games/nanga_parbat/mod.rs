//! Nanga Parbat (Dr. Finn's Games, Steve Finn), 2 players: trap animals on a mountain of
//! six regions, leave a hiker where each one was, steer the guide (and so your opponent),
//! and claim squares of the points chart by building camps or trading animals. Option
//! `scoring=areas` scores the regions at the end instead of ending on the chart.
//!
//! Readings chosen for the clauses the rulebook leaves open (each also explained in a rules
//! topic, and tested by the test named after the clause):
//! - NAN-SETUP-8: the first seat plays first; the second seat places the guide on any
//!   region before the first turn (`guide <region>`).
//! - NAN-CHART-8: the circled number is the count of hikers turned into camps (row A) or of
//!   animals handed in (rows B and C); only camp building asks for adjacency.
//! - NAN-TURN-3: the two players alternate turns.
//! - NAN-TRAP-5: the active player picks the region the guide moves to when its region is
//!   empty (`guide <region>`, any region that still has an animal).
//! - NAN-BUILD-13: the hikers turned into camps must form one connected group (each camp
//!   stands where its hiker was); a trade hands in exactly the number shown, no more.
//! - NAN-ACT-12: the snow leopard swaps two adjacent hikers of different players (two of
//!   the same player's would change nothing); the tahr swaps any hiker, yours or your
//!   opponent's, with an adjacent animal; the yak may send the guide to any other region,
//!   even one without animals (the next trapper then moves it, NAN-TRAP-4).
//! - NAN-END-4: the turn in which the last hiker is placed is played to its end
//!   (activations and step 4); the game ends when that player types `end`. The end by
//!   cubes comes as soon as the last cube's claim is complete.
//! - NAN-END-5: a tie (only possible at 0 to 0) is shared.
//! - NAN-AREA-5: regions score strictly in order 1 to 6, and any landing on the opponent's
//!   space takes the track bonus, not only a tie. Which player scores a region first never
//!   matters: with 6 sections, two players cannot both have 4 pieces in one region (Sherpa
//!   still scores the first seat first).
//! - The musk deer may not swap two animals of the same kind (nothing would change); the
//!   activation is chosen in two steps (`deer 3.4`, then `deer 6.1`), so that the number of
//!   legal steps stays small.
//!
//! Invariants of a [`NangaParbat`] state: every section holds exactly one piece (an animal,
//! a hiker or a camp); hikers on the mountain + hikers in supply + hikers turned into camps
//! = the supply at the start, for each player; the animals on the mountain, on the two
//! animal boards and traded add up to 6 of each kind; there is no hidden information apart
//! from the RNG, which is only used at setup; `apply` accepts exactly the steps
//! `legal_steps` lists (both use [`NangaParbat::step_ok`]).

mod board;
mod happening;
pub mod render;
mod rules;
#[cfg(test)]
pub(crate) mod tests;
mod topics;
mod view;

pub use board::{
    cell, cell_name, parse_board, parse_cell, parse_square, square_name, NangaData, RowKind, CELLS,
    COLUMNS, REGIONS, ROWS, ROW_KINDS, SECTIONS,
};
pub use rules::{Forbidden, PointsBySource};
pub use view::{describe, PlayerView, View};

use crate::engine::{
    Applied, FinalResult, Game, GameKind, GameOptions, Kind, OptionSpec, ParseError, Resolved,
    RulesTopic, Seat, SetupError, Status, Viewer,
};
use crate::engine::{GameRng, Holder};
use serde::{Deserialize, Serialize};

/// The game's id in commands.
pub const ID: &str = "nanga-parbat";

/// The authored board file, embedded at compile time.
pub const BOARD: &str = include_str!("../../../board_art/nanga_parbat/board.txt");

/// Parse a board text and register the game with its renderer (see `games::GAMES`).
pub fn kind(text: &str) -> Result<&'static dyn GameKind, crate::engine::BoardError> {
    Ok(Kind::<NangaParbat>::leak(
        parse_board(text)?,
        render::render,
    ))
}

/// The six kinds of animal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Animal {
    /// Snow leopard (white): swap two adjacent hikers.
    Leopard,
    /// Tahr (brown): swap a hiker with an adjacent animal.
    Tahr,
    /// Musk deer (grey): swap two animals anywhere.
    Deer,
    /// Yak (black): move the guide to another region.
    Yak,
    /// Bharal (blue): wild in trades, never activated.
    Bharal,
    /// Red panda (red): 1 VP when trapped by a player not ahead, never activated.
    Panda,
}

impl Animal {
    pub const ALL: [Animal; 6] = [
        Animal::Leopard,
        Animal::Tahr,
        Animal::Deer,
        Animal::Yak,
        Animal::Bharal,
        Animal::Panda,
    ];
    /// The one word used in notation.
    pub fn word(self) -> &'static str {
        match self {
            Animal::Leopard => "leopard",
            Animal::Tahr => "tahr",
            Animal::Deer => "deer",
            Animal::Yak => "yak",
            Animal::Bharal => "bharal",
            Animal::Panda => "panda",
        }
    }
    /// The full name.
    pub fn name(self) -> &'static str {
        match self {
            Animal::Leopard => "snow leopard",
            Animal::Tahr => "tahr",
            Animal::Deer => "musk deer",
            Animal::Yak => "yak",
            Animal::Bharal => "bharal",
            Animal::Panda => "red panda",
        }
    }
    pub fn index(self) -> usize {
        self as usize
    }
    /// Can this animal be activated (leopard, tahr, deer, yak)?
    pub fn activates(self) -> bool {
        !matches!(self, Animal::Bharal | Animal::Panda)
    }
}

/// What stands on a section. Every section always holds exactly one piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Piece {
    Animal(Animal),
    Hiker(u8),
    Camp(u8),
}

/// One step (one decision). Cells are `region * 6 + section`, 0-based; regions 0-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Step {
    /// Place the guide at setup, or move it out of an empty region before trapping.
    Guide(u8),
    /// Trap the animal on this section of the guide's region.
    Trap(u8),
    /// Snow leopard: swap two adjacent hikers (`first` is the lower cell).
    Leopard { first: u8, second: u8 },
    /// Tahr: swap a hiker with an adjacent animal.
    Tahr { hiker: u8, animal: u8 },
    /// Musk deer: pick the first animal, then the second.
    Deer(u8),
    /// Yak: move the guide to another region.
    Yak(u8),
    /// Claim a square of the points chart (0..15: row * 5 + column).
    Claim(u8),
    /// While building camps: turn this hiker of yours into a camp.
    Camp(u8),
    /// While trading: hand in an animal of this kind.
    Give(Animal),
    /// End the turn.
    End,
}

/// Chosen options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Opts {
    /// Area scoring variant: regions score at the end; the chart does not end the game.
    pub areas: bool,
}

impl GameOptions for Opts {
    fn specs() -> &'static [OptionSpec] {
        OPTIONS
    }
    fn from_resolved(o: &Resolved) -> Self {
        Opts {
            areas: o.get("scoring") == "areas",
        }
    }
}

const OPTIONS: &[OptionSpec] = &[OptionSpec {
    key: "scoring",
    help: "chart: the game also ends when both players have placed their 5 cubes; areas: it ends only when the hikers run out, and then each region scores 1/2/3 points for 4/5/6 of a player's hikers and camps",
    values: &["chart", "areas"],
}];

/// Game phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// The second player places the guide.
    Setup,
    Play,
    Over,
}

/// A decision in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pending {
    /// The musk deer's first animal is chosen; the second is next.
    Deer { first: u8 },
    /// Building camps for a square: the hikers chosen so far.
    Build { square: u8, picked: Vec<u8> },
    /// Trading for a square: the kinds handed in so far.
    Trade { square: u8, given: Vec<Animal> },
}

/// The game state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NangaParbat {
    names: Vec<String>,
    opts: Opts,
    phase: Phase,
    cells: Vec<Piece>,
    /// The guide's region (`None` until placed).
    guide: Option<u8>,
    /// Animal boards: not yet activated, by kind index (bharal and panda are always here).
    fresh: Vec<[u8; 6]>,
    /// Animal boards: activated, by kind index.
    used: Vec<[u8; 6]>,
    /// Hikers still in supply.
    hikers: Vec<u8>,
    /// Camps still in supply.
    camps: Vec<u8>,
    /// Cubes still in supply.
    cubes: Vec<u8>,
    score: Vec<i64>,
    /// Claimant of each chart square.
    chart: Vec<Option<u8>>,
    current: usize,
    /// This turn's animal is trapped.
    trapped: bool,
    /// This turn's square is claimed.
    claimed: bool,
    pending: Option<Pending>,
    turn: u32,
    /// Public events of the turn in progress (the board's panel).
    #[serde(default)]
    this_turn: Vec<String>,
    /// Public events of the last turn ended.
    #[serde(default)]
    last_turn: Vec<String>,
    /// Area points per seat and region (area variant, once scored).
    area_points: Option<Vec<Vec<i64>>>,
    /// Each seat's points by where they came from (None in a game begun before they were
    /// kept: its result then gives the totals only).
    #[serde(default)]
    points_by_source: Option<Vec<PointsBySource>>,
    result: Option<FinalResult>,
    rng: GameRng,
}

/// Seed of the scripted demo games (`tests/data/nanga_parbat/{chart,areas}.txt`, players
/// Ann and Bob; their scores are checked by hand in the tests).
pub const DEMO_SEED: u64 = 7;

impl NangaParbat {
    /// Scores so far per seat.
    pub fn scores(&self) -> &[i64] {
        &self.score
    }
}

impl Game for NangaParbat {
    type Step = Step;
    type Data = NangaData;
    type View = View;
    type Options = Opts;
    type Forbidden = Forbidden;

    const ID: &'static str = ID;
    const NAME: &'static str = "Nanga Parbat";
    const MIN_PLAYERS: usize = 2;
    const MAX_PLAYERS: usize = 2;

    fn rename_seat(&mut self, seat: Seat, name: &str) {
        if let Some(n) = self.names.get_mut(seat) {
            *n = name.to_string();
        }
    }

    fn setup(
        data: &NangaData,
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

    fn candidates(&self, data: &NangaData, _seat: Seat) -> Vec<Step> {
        if self.phase == Phase::Setup {
            return (0..REGIONS as u8).map(Step::Guide).collect();
        }
        if let Some(pending) = &self.pending {
            return Self::pending_candidates(pending);
        }
        let mut steps = Vec::with_capacity(128);
        self.trap_candidates(&mut steps);
        self.activation_candidates(data, self.current, &mut steps);
        self.claim_candidates(&mut steps);
        steps
    }

    /// The one decision ([`NangaParbat::step_ok`]); the engine words it and filters with it.
    fn forbidden(&self, data: &NangaData, seat: Seat, step: &Step) -> Result<(), Forbidden> {
        self.step_ok(data, seat, step)
    }

    fn perform(&mut self, data: &NangaData, seat: Seat, step: &Step) -> Applied {
        let mut events = Vec::new();
        let setup = self.phase == Phase::Setup;
        match *step {
            Step::Guide(r) if setup => self.place_guide(seat, r, &mut events),
            Step::Guide(r) => self.move_guide(seat, r, &mut events),
            Step::Trap(c) => self.trap(seat, c, &mut events),
            Step::Leopard { first, second } => self.leopard(seat, first, second, &mut events),
            Step::Tahr { hiker, animal } => self.tahr(seat, hiker, animal, &mut events),
            Step::Deer(c) => self.deer(seat, c, &mut events),
            Step::Yak(r) => self.yak(seat, r, &mut events),
            Step::Claim(q) => self.claim(data, seat, q, &mut events),
            Step::Camp(c) => self.pick_camp(data, seat, c, &mut events),
            Step::Give(a) => self.give(data, seat, a, &mut events),
            Step::End => {
                self.happen(&mut events, happening::TurnEvent::Ends { seat });
                self.end_turn(&mut events);
            }
        }
        let turn_ended = setup || *step == Step::End;
        self.record(&events, turn_ended);
        Applied {
            events,
            irreversible: false,
            turn_ended,
            secret: false,
            reveals: false,
        }
    }

    /// Claims and `end` come first when a player asks for their steps.
    fn completes(_data: &NangaData, step: &Step) -> bool {
        matches!(step, Step::Claim(_) | Step::End)
    }

    fn format_step(_data: &NangaData, step: &Step) -> String {
        match *step {
            Step::Guide(r) => format!("guide {}", r + 1),
            Step::Trap(c) => format!("trap {}", cell_name(c)),
            Step::Leopard { first, second } => {
                format!("leopard {} {}", cell_name(first), cell_name(second))
            }
            Step::Tahr { hiker, animal } => {
                format!("tahr {} {}", cell_name(hiker), cell_name(animal))
            }
            Step::Deer(c) => format!("deer {}", cell_name(c)),
            Step::Yak(r) => format!("yak {}", r + 1),
            Step::Claim(q) => format!("claim {}", square_name(q)),
            Step::Camp(c) => format!("camp {}", cell_name(c)),
            Step::Give(a) => format!("give {}", a.word()),
            Step::End => "end".into(),
        }
    }

    fn label_step(_data: &NangaData, step: &Step) -> String {
        match *step {
            Step::Guide(r) => format!("Put the guide on region {}", r + 1),
            Step::Trap(c) => format!("Trap the animal on {}", cell_name(c)),
            Step::Leopard { first, second } => format!(
                "Snow leopard: swap the hikers on {} and {}",
                cell_name(first),
                cell_name(second)
            ),
            Step::Tahr { hiker, animal } => format!(
                "Tahr: swap the hiker on {} with the animal on {}",
                cell_name(hiker),
                cell_name(animal)
            ),
            Step::Deer(c) => format!("Musk deer: swap the animal on {}", cell_name(c)),
            Step::Yak(r) => format!("Yak: move the guide to region {}", r + 1),
            Step::Claim(q) => format!("Claim square {}", square_name(q)),
            Step::Camp(c) => format!("Turn the hiker on {} into a camp", cell_name(c)),
            Step::Give(a) => format!("Hand in {}", crate::engine::a_or_an(a.name())),
            Step::End => "End the turn".into(),
        }
    }

    fn parse_step(&self, data: &NangaData, seat: Seat, text: &str) -> Result<Step, ParseError> {
        self.parse_text(data, seat, text)
    }

    /// `deer 3.4 6.1` stands for the two steps `deer 3.4` and `deer 6.1`.
    fn expand(&self, _data: &NangaData, _seat: Seat, text: &str) -> Option<Vec<String>> {
        let w: Vec<&str> = text.split_whitespace().collect();
        match w.as_slice() {
            [k, a, b] if k.len() >= 2 && "deer".starts_with(&k.to_lowercase()) => {
                Some(vec![format!("deer {a}"), format!("deer {b}")])
            }
            _ => None,
        }
    }

    fn view(&self, data: &NangaData, viewer: Viewer) -> View {
        self.view_for(data, viewer)
    }

    fn describe(data: &NangaData, view: &View) -> String {
        describe(data, view)
    }

    /// The only hidden information is the RNG's state, hidden from everyone (it is not used
    /// after setup): scrambling it must change nothing any viewer gets.
    /// The seat's view without the steps of the turn in progress: the turn's bookkeeping, which a step
    /// back to an earlier position changes (see [`Game::position_key`]).
    fn position_key(&self, data: &NangaData, seat: crate::engine::Seat) -> u64 {
        let mut v = self.view(data, Viewer::Seat(seat));
        v.this_turn.clear();
        crate::engine::view_key(&v)
    }

    fn hint(&self, _data: &NangaData) -> Vec<f64> {
        self.hint_points()
    }

    fn scramble_into(&mut self, _data: &NangaData, holder: Holder, rng: &mut GameRng) {
        if holder == Holder::Nobody {
            self.rng = GameRng::new(rng.next_u64());
        }
    }

    fn rules_topics() -> &'static [RulesTopic] {
        topics::TOPICS
    }

    fn rules_synonyms() -> &'static [(&'static str, &'static str)] {
        topics::SYNONYMS
    }
}
