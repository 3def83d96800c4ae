//! The refusals: every reason a step is refused, each with its rules topic, worded apart
//! from the decision (the `can_*`/`*_ok` checks of each part return these, and
//! [`Nippon::forbidden`](crate::engine::Game::forbidden) is the one decision).

use super::*;
use crate::engine::{a_or_an, counted, Forbid};

/// Why a step is not legal now: cheap to make (the legal list filters with it), worded
/// with its rules topic only when a player's step is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forbidden {
    GameOver,
    NotYourTurn,
    /// A step the current stage does not take; what it takes instead.
    WrongStage(Now),
    /// `done` before the action was carried out once (the action's topic).
    NeedOne(Topic),
    // Blueprints (NIP-TURN-3).
    BlueprintsShort {
        have: u32,
    },
    TrackAtTop(TrackKind),
    BlueprintsStrand,
    // Taking a worker and choosing the action (NIP-WORK).
    SixWorkers,
    NoWorker {
        slot: u8,
        colour: u8,
    },
    /// No action of the slot could be carried out completely: each one's reason.
    SlotUnfeasible {
        slot: u8,
        why: [Option<(Action, ActionWhy)>; 2],
    },
    NotOffered {
        slot: u8,
        action: Action,
    },
    /// A refusal of an action's own step (or of the action as a whole).
    Action(ActionWhy),
    // Machinery (NIP-MACH).
    NoFactoryToImprove(u8),
    MachineFull(u8),
    FactoryCanTakeMachine(u8),
    // Produce (NIP-PROD).
    AlreadyRan(u8),
    // Export (NIP-EXP).
    ContractNumber,
    ContractFulfilled(u8),
    ContractUnpayable(u8),
    FinishContract {
        contract: u8,
        remaining: Needs,
    },
    NotNeeded {
        contract: u8,
        remaining: Needs,
    },
    FactoryUsed(u8),
    PayStored {
        good: u8,
        held: u8,
        cubes: u8,
    },
    PayRest,
    // Local market (NIP-MKT).
    TileCubes,
    TileStored {
        good: u8,
        held: u8,
        cubes: u8,
    },
    TileValue {
        good: u8,
        cubes: u8,
        max: u8,
    },
    NoValueTile(u8),
    NoSlotForTile {
        good: u8,
        value: u8,
        region: Option<u8>,
    },
    NoSuchCity,
    CityElsewhere {
        region: u8,
        city: u8,
    },
    NotWanted {
        city: u8,
        good: u8,
    },
    SlotHigher {
        city: u8,
        good: u8,
        held: u8,
    },
    CityFull {
        city: u8,
        limit: u8,
        min: u8,
    },
    /// Remove one of these goods' tiles (a bit per good) around `city`.
    RemoveTied {
        city: u8,
        goods: u16,
    },
    // Consolidation (NIP-CONS).
    RewardLevel(u32),
    RewardGone,
    SpaceTaken,
}

/// Why an action, or one of its steps, cannot be carried out: also the reasons a `take`
/// names for each action of its slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActionWhy {
    Build(u8, BuildWhy),
    NoFactoryBuildable,
    MachineCost,
    Run(u8, RunWhy),
    NoFactoryRuns,
    Up(TrackKind, u8, UpWhy),
    Rail {
        ship: bool,
        region: u8,
        why: RailWhy,
    },
    NoRegionRoom,
    NoContract,
    NoTilePlaceable,
}

/// Why a factory cannot be built (NIP-FAC).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BuildWhy {
    Owned,
    NoTile,
    Yen {
        have: u32,
    },
    /// Knowledge short by `short` steps, with fewer blueprints.
    Knowledge {
        short: u32,
        blueprints: u32,
    },
}

/// Why a factory cannot run (NIP-PROD).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunWhy {
    NoFactory,
    Coal { have: u32 },
    Full,
}

/// Why a marker cannot move up (NIP-KNOW, NIP-COAL).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UpWhy {
    /// Not 1, 2 or 3 steps.
    Steps,
    BeyondTop,
    Yen {
        cost: u32,
        have: u32,
    },
}

/// Why a train or ship cannot be placed (NIP-TRAIN, NIP-SHIP).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RailWhy {
    NoTile,
    Yen(u32),
    Used,
    Full,
}

/// What the current stage takes (for a step it does not take).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Now {
    Start,
    /// Choose the action of this slot: the feasible ones (a bit per [`Action::ALL`] index).
    Choose {
        actions: u16,
    },
    Factory,
    Machinery,
    Produce,
    Track(TrackKind),
    Rail {
        ship: bool,
    },
    Export,
    MarketRemove,
    MarketCity,
    MarketTile,
    Reward,
    Space,
    Spend,
}

/// A contract's requirements still to pay (at most 4, NIP-EXP-9), kept `Copy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Needs {
    len: u8,
    cubes: [u8; 4],
}

impl Needs {
    pub fn of(needs: &[u8]) -> Needs {
        let mut cubes = [0; 4];
        let len = needs.len().min(4);
        cubes[..len].copy_from_slice(&needs[..len]);
        Needs {
            len: len as u8,
            cubes,
        }
    }

    fn as_slice(&self) -> &[u8] {
        &self.cubes[..self.len as usize]
    }
}

impl Forbid<NipponData> for Forbidden {
    fn topic(self) -> &'static str {
        self.typed_topic().id()
    }

    fn reason(self, data: &NipponData) -> String {
        self.words(data)
    }
}

impl Forbidden {
    /// The rules topic that explains the refusal.
    fn typed_topic(self) -> Topic {
        use Forbidden as F;
        match self {
            F::GameOver => Topic::End,
            F::NotYourTurn => Topic::Turn,
            F::WrongStage(now) => now.topic(),
            F::NeedOne(topic) => topic,
            F::BlueprintsShort { .. } | F::TrackAtTop(_) | F::BlueprintsStrand => Topic::Blueprints,
            F::SixWorkers
            | F::NoWorker { .. }
            | F::SlotUnfeasible { .. }
            | F::NotOffered { .. } => Topic::Take,
            F::Action(why) => why.topic(),
            F::NoFactoryToImprove(_) | F::MachineFull(_) | F::FactoryCanTakeMachine(_) => {
                Topic::Machinery
            }
            F::AlreadyRan(_) => Topic::Produce,
            F::ContractNumber
            | F::ContractFulfilled(_)
            | F::ContractUnpayable(_)
            | F::FinishContract { .. }
            | F::NotNeeded { .. }
            | F::FactoryUsed(_)
            | F::PayStored { .. }
            | F::PayRest => Topic::Export,
            F::TileCubes
            | F::TileStored { .. }
            | F::TileValue { .. }
            | F::NoValueTile(_)
            | F::NoSlotForTile { .. }
            | F::NoSuchCity
            | F::CityElsewhere { .. }
            | F::NotWanted { .. }
            | F::SlotHigher { .. }
            | F::CityFull { .. }
            | F::RemoveTied { .. } => Topic::Market,
            F::RewardLevel(_) | F::RewardGone | F::SpaceTaken => Topic::Consolidate,
        }
    }

    /// Why, in words a player can act on (the refusal goes to the player who stepped).
    fn words(self, data: &NipponData) -> String {
        use Forbidden as F;
        match self {
            F::GameOver => "the game is over".into(),
            F::NotYourTurn => "it is not your turn".into(),
            F::WrongStage(now) => format!("now {}", now.words(data)),
            F::NeedOne(_) => "do at least one before `done`: the action must be carried out".into(),
            F::BlueprintsShort { have } => format!(
                "you have {}; raising a track costs {}",
                counted(have, "blueprint"),
                data.blueprints_per_step
            ),
            F::TrackAtTop(t) => format!("your {} marker is already on the top slot", t.name()),
            F::BlueprintsStrand => {
                "that would leave your current action impossible to finish".into()
            }
            F::SixWorkers => format!("you have {MAX_WORKERS} workers and must consolidate"),
            F::NoWorker { slot, colour } => format!(
                "action slot {slot} has no {} worker",
                data.worker_colours
                    .get(colour as usize)
                    .map_or("such", |c| c.0.as_str())
            ),
            F::SlotUnfeasible { slot, why } => format!(
                "you could not carry out an action of slot {slot} completely ({})",
                why.iter()
                    .flatten()
                    .map(|(a, w)| format!("{}: {}", a.name(), w.words(data)))
                    .collect::<Vec<_>>()
                    .join("; ")
            ),
            F::NotOffered { slot, action } => {
                format!("slot {slot} does not offer {}", action.name())
            }
            F::Action(why) => why.words(data),
            other => other.goods_words(data),
        }
    }

    /// [`Forbidden::words`] of the factories, contracts and storage.
    fn goods_words(self, data: &NipponData) -> String {
        use Forbidden as F;
        let good = |g: u8| data.goods[g as usize].name.as_str();
        match self {
            F::NoFactoryToImprove(g) => format!("you have no {} factory", good(g)),
            F::MachineFull(g) => format!("the machine of your {} factory is already +2", good(g)),
            F::FactoryCanTakeMachine(g) => format!(
                "your {} factory can still take a machine; improvements go to your factories while they can",
                good(g)
            ),
            F::AlreadyRan(g) => format!("your {} factory already ran in this action", good(g)),
            F::ContractNumber => format!("contracts are numbered 1 to {}", data.contracts.len()),
            F::ContractFulfilled(k) => format!("contract {k} is already fulfilled (face down)"),
            F::ContractUnpayable(k) => format!(
                "contract {k} needs {} from different factories; your storage cannot pay it",
                needs_text(&data.contracts[k as usize - 1].needs)
            ),
            F::FinishContract {
                contract,
                remaining,
            } => format!(
                "finish contract {contract} first: pay `pay <good> <cubes>` for {}",
                remaining
                    .as_slice()
                    .iter()
                    .map(|n| n.to_string())
                    .collect::<Vec<_>>()
                    .join(" and ")
            ),
            F::NotNeeded {
                contract,
                remaining,
            } => format!(
                "contract {contract} still needs {}",
                needs_text(remaining.as_slice())
            ),
            F::FactoryUsed(g) => format!(
                "each requirement comes from a different factory; {} is already used",
                good(g)
            ),
            F::PayStored { good: g, held, cubes } | F::TileStored { good: g, held, cubes } => format!(
                "your {} storage holds {}, not {cubes}",
                good(g),
                counted(held, "good")
            ),
            F::PayRest => "then the rest of the contract could not be paid; the contract is fulfilled all at once".into(),
            F::TileCubes => "supply 1, 2 or 3 cubes".into(),
            F::TileValue { good: g, cubes, max } => format!(
                "{} allow a tile of value {max} at most",
                counted(cubes, &format!("{} cube", good(g)))
            ),
            F::NoValueTile(v) => format!("you have no value-{v} influence tile left"),
            F::NoSlotForTile {
                good: g,
                value,
                region,
            } => format!(
                "no available {} slot for a value-{value} tile{}",
                good(g),
                region
                    .map(|r| format!(" in {}", data.regions[r as usize].name))
                    .unwrap_or_default()
            ),
            other => other.market_words(data),
        }
    }

    /// [`Forbidden::words`] of the market's tiles and the rewards.
    fn market_words(self, data: &NipponData) -> String {
        use Forbidden as F;
        let good = |g: u8| data.goods[g as usize].name.as_str();
        let city = |c: u8| data.city_name(c as usize);
        match self {
            F::NoSuchCity => "there are 8 cities".into(),
            F::CityElsewhere { region, city: c } => format!(
                "this action's tiles all go to {}; {} is elsewhere",
                data.regions[region as usize].name,
                city(c)
            ),
            F::NotWanted { city: c, good: g } => {
                format!("{} does not want {}", city(c), good(g))
            }
            F::SlotHigher {
                city: c,
                good: g,
                held,
            } => format!(
                "the {} slot of {} holds a value-{held} tile; only a higher tile replaces it",
                good(g),
                city(c)
            ),
            F::CityFull {
                city: c,
                limit,
                min,
            } => format!(
                "{} already has {limit} tiles; a new one must beat the lowest there (value {min})",
                city(c)
            ),
            F::RemoveTied { city: c, goods } => format!(
                "remove one of the lowest tiles around {}: {}",
                city(c),
                (0..data.goods.len() as u8)
                    .filter(|g| goods & (1 << g) != 0)
                    .map(good)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            F::RewardLevel(lvl) => {
                format!("your rightmost worker allows reward tiles up to level {lvl}")
            }
            F::RewardGone => "no reward tile of that kind is left".into(),
            F::SpaceTaken => "that achievement space already holds a tile".into(),
            // Worded by `words` and `goods_words` before they get here.
            _ => "that step is not allowed now".into(),
        }
    }
}

impl ActionWhy {
    fn topic(self) -> Topic {
        use ActionWhy as W;
        match self {
            W::Build(..) | W::NoFactoryBuildable => Topic::Factory,
            W::MachineCost => Topic::Machinery,
            W::Run(..) | W::NoFactoryRuns => Topic::Produce,
            W::Up(..) => Topic::Tracks,
            W::Rail { .. } | W::NoRegionRoom => Topic::Rail,
            W::NoContract => Topic::Export,
            W::NoTilePlaceable => Topic::Market,
        }
    }

    fn words(self, data: &NipponData) -> String {
        use ActionWhy as W;
        let good = |g: u8| &data.goods[g as usize];
        match self {
            W::Build(g, BuildWhy::Owned) => {
                format!("you already have {} factory", a_or_an(&good(g).name))
            }
            W::Build(g, BuildWhy::NoTile) => format!("no {} factory tile is left", good(g).name),
            W::Build(_, BuildWhy::Yen { have }) => format!(
                "a factory costs {}; you have {}",
                yen(data.cost_factory),
                yen(have)
            ),
            W::Build(g, BuildWhy::Knowledge { short, blueprints }) => format!(
                "a {} factory needs knowledge {}; you are {short} short and have {}",
                good(g).name,
                2 * good(g).level as u32,
                counted(blueprints, "blueprint")
            ),
            W::NoFactoryBuildable => "no factory can be built".into(),
            W::MachineCost => format!("a machine costs {}", yen(data.cost_machine)),
            W::Run(g, RunWhy::NoFactory) => format!("you have no {} factory", good(g).name),
            W::Run(g, RunWhy::Coal { have }) => format!(
                "your {} factory needs {} coal; you have {have}",
                good(g).name,
                good(g).coal
            ),
            W::Run(g, RunWhy::Full) => {
                format!("the storage of your {} factory is full", good(g).name)
            }
            W::NoFactoryRuns => "none of your factories can run (coal or storage)".into(),
            W::Up(_, _, UpWhy::Steps) => "move 1, 2 or 3 steps".into(),
            W::Up(t, k, UpWhy::BeyondTop) => format!(
                "your {} marker cannot move {} beyond the top slot",
                t.name(),
                counted(k, "step")
            ),
            W::Up(_, k, UpWhy::Yen { cost, have }) => format!(
                "{} cost {}; you have {}",
                counted(k, "step"),
                yen(cost),
                yen(have)
            ),
            W::Rail { ship, region, why } => {
                let what = if ship { "ship" } else { "train" };
                let region = &data.regions[region as usize].name;
                match why {
                    RailWhy::NoTile => format!("you have no {what} tile left"),
                    RailWhy::Yen(cost) => format!("a {what} costs {}", yen(cost)),
                    RailWhy::Used => format!(
                        "tiles of one action go to different regions; {region} already has one"
                    ),
                    RailWhy::Full => format!("every train/ship slot of {region} is taken"),
                }
            }
            W::NoRegionRoom => "no region has room".into(),
            W::NoContract => {
                "you cannot fulfil any of your face-up contracts with your goods".into()
            }
            W::NoTilePlaceable => "you cannot place any influence tile with your goods".into(),
        }
    }
}

impl Now {
    fn topic(self) -> Topic {
        match self {
            Now::Start => Topic::Turn,
            Now::Choose { .. } => Topic::Take,
            Now::Factory => Topic::Factory,
            Now::Machinery => Topic::Machinery,
            Now::Produce => Topic::Produce,
            Now::Track(_) => Topic::Tracks,
            Now::Rail { .. } => Topic::Rail,
            Now::Export => Topic::Export,
            Now::MarketRemove | Now::MarketCity | Now::MarketTile => Topic::Market,
            Now::Reward | Now::Space => Topic::Consolidate,
            Now::Spend => Topic::Blueprints,
        }
    }

    fn words(self, _data: &NipponData) -> String {
        match self {
            Now::Start => "take a worker (`take <slot> <colour>`) or `consolidate`".into(),
            Now::Choose { actions } => format!(
                "choose the action: {}",
                Action::ALL
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| actions & (1 << i) != 0)
                    .map(|(_, a)| format!("`do {}`", a.name()))
                    .collect::<Vec<_>>()
                    .join(" or ")
            ),
            Now::Factory => "build a factory: `build <good>`".into(),
            Now::Machinery => {
                "improve your factories (`improve <good>`) or your supply (`improve supply`)".into()
            }
            Now::Produce => "run your factories: `run <good>`".into(),
            Now::Track(track) => format!(
                "move your {} marker: `up 1`, `up 2` or `up 3`",
                track.name()
            ),
            Now::Rail { ship: false } => "build trains: `train <region>`".into(),
            Now::Rail { ship: true } => "build ships: `ship <region>`".into(),
            Now::Export => {
                "fulfil contracts: `contract <number>`, then `pay <good> <cubes>`".into()
            }
            Now::MarketRemove => "choose the tile to remove: `remove <good>`".into(),
            Now::MarketCity => "choose the city: `city <city>`".into(),
            Now::MarketTile => {
                "supply goods for influence tiles: `tile <value> <good> <cubes>`".into()
            }
            Now::Reward => "choose a reward tile: `reward <multiplier> <bonus>`".into(),
            Now::Space => "place the tile: `space <achievement>`".into(),
            Now::Spend => {
                "spend blueprints (`blueprints <track>`) or end your turn with `done`".into()
            }
        }
    }
}
