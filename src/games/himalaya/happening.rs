//! What happens in a game of Himalaya, typed: the rules say a [`Happening`] and
//! [`Happening::text`] words it, the one place the log's sentences are written. Villages,
//! paths, regions, orders and seats are indices into the board data and the player list.
//! One enum per part of the rules, in rulebook order.

use super::board::goods_list;
use super::{Action, Good, HimalayaData, PathType, Seal};
use crate::engine::Seat;

/// One thing that happened, for the log (public or told to one seat).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Happening {
    Setup(SetupEvent),
    Turn(TurnEvent),
    Events(MarkerEvent),
    Programming(ProgramEvent),
    Resolution(ResolutionEvent),
    Rewards(RewardEvent),
    Refill(RefillEvent),
    Inventory(InventoryEvent),
    Scoring(ScoringEvent),
}

/// Setup: the caravans are placed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupEvent {
    CaravanPlaced { seat: Seat, village: usize },
}

/// The turn marker and the first caravaneer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TurnEvent {
    Begins { turn: u32, first: Seat },
    ProgrammingBegins { turn: u32 },
}

/// Phase 1 (advanced): the event markers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MarkerEvent {
    Yeti { seat: Seat, path: usize },
    Storm { seat: Seat, path: usize },
    Market { seat: Seat, village: usize },
    NoMarker { seat: Seat },
}

/// Phase 2: sealed programs and their reveal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProgramEvent {
    Sealed {
        seat: Seat,
        commitment: String,
    },
    /// Told to the sealing seat only.
    SealedPrivately {
        program: Vec<Action>,
        salt: String,
    },
    Unsealed {
        seat: Seat,
    },
    /// Every seat's program and seal, by seat.
    Revealed {
        turn: u32,
        programs: Vec<(Vec<Action>, Seal)>,
    },
}

/// Why a deal did nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DealCancelled {
    OneGoodPerVillage,
    CannotPay,
    NothingToTrade,
}

/// Phase 3: moves and deals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResolutionEvent {
    CrossesStorm {
        seat: Seat,
        path: usize,
        to: usize,
    },
    NoPath {
        seat: Seat,
        kind: PathType,
        village: usize,
    },
    YetiBlocks {
        seat: Seat,
        kind: PathType,
        path: usize,
    },
    EntersStorm {
        seat: Seat,
        path: usize,
    },
    StormNeedsSecondMove {
        seat: Seat,
        kind: PathType,
        path: usize,
    },
    Moved {
        seat: Seat,
        kind: PathType,
        from: usize,
        to: usize,
    },
    DealCancelled {
        seat: Seat,
        village: usize,
        why: DealCancelled,
    },
    FillsOrder {
        seat: Seat,
        village: usize,
        order: usize,
    },
    TakesGood {
        seat: Seat,
        village: usize,
    },
    /// Told to the taking seat only.
    TookGood {
        good: Good,
        village: usize,
    },
}

/// The rewards of a filled order or an inventory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RewardEvent {
    /// Told to the bartering seat only.
    KeepsOrder {
        order: usize,
    },
    BuildsStupa {
        seat: Seat,
        village: usize,
    },
    SendsDelegations {
        seat: Seat,
        count: u32,
        region: usize,
    },
    SendsDelegation {
        seat: Seat,
        region: usize,
    },
    TakesMarker {
        seat: Seat,
    },
}

/// Phase 4: goods and orders added by the d20.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RefillEvent {
    Goods {
        roll: usize,
        village: usize,
        goods: [u8; 5],
    },
    Order {
        roll: usize,
        village: usize,
    },
}

/// Phase 5: the inventory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InventoryEvent {
    /// Stock per seat (indexed by good) and the sole majority per good, in good order.
    Shown {
        turn: u32,
        stock: Vec<[u8; 5]>,
        winners: Vec<Option<Seat>>,
    },
    NoRewardLeft {
        seat: Seat,
        good: Good,
    },
}

/// The end of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScoringEvent {
    GameOver { note: String },
}

/// Names of the board's things, for wording.
struct Names<'a> {
    d: &'a HimalayaData,
    players: &'a [String],
}

impl Names<'_> {
    fn player(&self, s: Seat) -> &str {
        &self.players[s]
    }
    fn path(&self, p: usize) -> String {
        self.d.path_name(p)
    }
    fn region(&self, r: usize) -> &str {
        &self.d.regions[r].name
    }
}

impl Happening {
    /// The log sentence.
    pub fn text(&self, d: &HimalayaData, players: &[String]) -> String {
        let w = Names { d, players };
        match self {
            Happening::Setup(e) => e.text(&w),
            Happening::Turn(e) => e.text(&w),
            Happening::Events(e) => e.text(&w),
            Happening::Programming(e) => e.text(&w),
            Happening::Resolution(e) => e.text(&w),
            Happening::Rewards(e) => e.text(&w),
            Happening::Refill(e) => e.text(),
            Happening::Inventory(e) => e.text(&w),
            Happening::Scoring(e) => e.text(),
        }
    }
}

impl SetupEvent {
    fn text(&self, w: &Names) -> String {
        match *self {
            SetupEvent::CaravanPlaced { seat, village } => format!(
                "{} places a caravan at village {}.",
                w.player(seat),
                village + 1
            ),
        }
    }
}

impl TurnEvent {
    fn text(&self, w: &Names) -> String {
        match *self {
            TurnEvent::Begins { turn, first } => format!(
                "Turn {turn} begins; {} is the first caravaneer.",
                w.player(first)
            ),
            TurnEvent::ProgrammingBegins { turn } => {
                format!("Turn {turn}: every caravaneer programs 6 actions in secret.")
            }
        }
    }
}

impl MarkerEvent {
    fn text(&self, w: &Names) -> String {
        match *self {
            MarkerEvent::Yeti { seat, path } => {
                format!("{} puts the yeti on path {}.", w.player(seat), w.path(path))
            }
            MarkerEvent::Storm { seat, path } => format!(
                "{} puts a snowstorm on path {}.",
                w.player(seat),
                w.path(path)
            ),
            MarkerEvent::Market { seat, village } => format!(
                "{} declares market day at village {}.",
                w.player(seat),
                village + 1
            ),
            MarkerEvent::NoMarker { seat } => {
                format!("{} places no event marker.", w.player(seat))
            }
        }
    }
}

impl ProgramEvent {
    fn text(&self, w: &Names) -> String {
        match self {
            ProgramEvent::Sealed { seat, commitment } => format!(
                "{} sealed a program, commitment {commitment}.",
                w.player(*seat)
            ),
            ProgramEvent::SealedPrivately { program, salt } => format!(
                "Sealed `{}` with salt {salt}.",
                super::program_text(program)
            ),
            ProgramEvent::Unsealed { seat } => {
                format!("{} takes back their sealed program.", w.player(*seat))
            }
            ProgramEvent::Revealed { turn, programs } => {
                let lines: Vec<String> = programs
                    .iter()
                    .enumerate()
                    .map(|(s, (program, seal))| {
                        format!(
                            "{}: {} (salt {}, commitment {})",
                            w.player(s),
                            super::program_text(program),
                            seal.salt,
                            seal.commitment
                        )
                    })
                    .collect();
                format!("Programs revealed for turn {turn}: {}.", lines.join("; "))
            }
        }
    }
}

impl ResolutionEvent {
    fn text(&self, w: &Names) -> String {
        match *self {
            ResolutionEvent::CrossesStorm { seat, path, to } => format!(
                "{} crosses the snowstorm on path {} and reaches village {}.",
                w.player(seat),
                w.path(path),
                to + 1
            ),
            ResolutionEvent::NoPath { seat, kind, village } => format!(
                "{}'s {} move is ignored: village {} has no {} path.",
                w.player(seat),
                kind.name(),
                village + 1,
                kind.name()
            ),
            ResolutionEvent::YetiBlocks { seat, kind, path } => format!(
                "{}'s {} move is ignored: the yeti blocks path {}.",
                w.player(seat),
                kind.name(),
                w.path(path)
            ),
            ResolutionEvent::EntersStorm { seat, path } => format!(
                "{} enters the snowstorm on path {}.",
                w.player(seat),
                w.path(path)
            ),
            ResolutionEvent::StormNeedsSecondMove { seat, kind, path } => format!(
                "{}'s {} move is ignored: crossing the snowstorm on path {} needs a second {} move right after, and no one may stop in it.",
                w.player(seat),
                kind.name(),
                w.path(path),
                kind.name()
            ),
            ResolutionEvent::Moved { seat, kind, from, to } => format!(
                "{} moves by {} from {} to {}.",
                w.player(seat),
                kind.name(),
                from + 1,
                to + 1
            ),
            ResolutionEvent::DealCancelled { seat, village, why } => format!(
                "{}'s deal at village {} is cancelled: {}.",
                w.player(seat),
                village + 1,
                match why {
                    DealCancelled::OneGoodPerVillage => "one good per village per turn",
                    DealCancelled::CannotPay => "they cannot pay the order",
                    DealCancelled::NothingToTrade => "nothing to trade there",
                }
            ),
            ResolutionEvent::FillsOrder { seat, village, order } => format!(
                "{} fills the order at village {} ({}); the goods go back to the bag.",
                w.player(seat),
                village + 1,
                w.d.orders[order].label()
            ),
            ResolutionEvent::TakesGood { seat, village } => format!(
                "{} takes a good at village {}.",
                w.player(seat),
                village + 1
            ),
            ResolutionEvent::TookGood { good, village } => {
                format!("You took {} at village {}.", good.name(), village + 1)
            }
        }
    }
}

impl RewardEvent {
    fn text(&self, w: &Names) -> String {
        match *self {
            RewardEvent::KeepsOrder { order } => format!(
                "You keep the order {} behind your screen: {} yacks.",
                w.d.orders[order].label(),
                w.d.orders[order].yacks
            ),
            RewardEvent::BuildsStupa { seat, village } => format!(
                "{} builds a stupa at village {}.",
                w.player(seat),
                village + 1
            ),
            RewardEvent::SendsDelegations {
                seat,
                count,
                region,
            } => format!(
                "{} sends {} to {}.",
                w.player(seat),
                crate::engine::counted(count, "delegation"),
                w.region(region)
            ),
            RewardEvent::SendsDelegation { seat, region } => format!(
                "{} sends a delegation to {}.",
                w.player(seat),
                w.region(region)
            ),
            RewardEvent::TakesMarker { seat } => {
                format!("{} takes an inventory marker.", w.player(seat))
            }
        }
    }
}

impl RefillEvent {
    fn text(&self) -> String {
        match self {
            RefillEvent::Goods {
                roll,
                village,
                goods,
            } => format!(
                "The d20 rolls {roll}: goods go to village {} ({}).",
                village + 1,
                goods_list(goods)
            ),
            RefillEvent::Order { roll, village } => format!(
                "The d20 rolls {roll}: an order goes to village {}.",
                village + 1
            ),
        }
    }
}

impl InventoryEvent {
    fn text(&self, w: &Names) -> String {
        match self {
            InventoryEvent::Shown {
                turn,
                stock,
                winners,
            } => {
                let lines: Vec<String> = Good::ALL
                    .into_iter()
                    .zip(winners)
                    .map(|(g, won)| {
                        let counts: Vec<String> = (0..stock.len())
                            .map(|s| format!("{} {}", w.player(s), stock[s][g.index()]))
                            .collect();
                        format!(
                            "{}: {} → {}",
                            g.name(),
                            counts.join(", "),
                            won.map_or("no sole majority", |s| w.player(s))
                        )
                    })
                    .collect();
                format!("Inventory after turn {turn}: {}.", lines.join("; "))
            }
            InventoryEvent::NoRewardLeft { seat, good } => format!(
                "{} has the majority in {} but no reward is left to take.",
                w.player(*seat),
                good.name()
            ),
        }
    }
}

impl ScoringEvent {
    fn text(&self) -> String {
        match self {
            ScoringEvent::GameOver { note } => format!("The game is over. {note}"),
        }
    }
}

macro_rules! happening_from {
    ($($part:ident => $variant:ident),* $(,)?) => {
        $(impl From<$part> for Happening {
            fn from(e: $part) -> Self {
                Happening::$variant(e)
            }
        })*
    };
}

happening_from!(
    SetupEvent => Setup,
    TurnEvent => Turn,
    MarkerEvent => Events,
    ProgramEvent => Programming,
    ResolutionEvent => Resolution,
    RewardEvent => Rewards,
    RefillEvent => Refill,
    InventoryEvent => Inventory,
    ScoringEvent => Scoring,
);
