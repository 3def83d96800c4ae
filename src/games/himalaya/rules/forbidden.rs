//! The refusals: every reason a step is refused, each with its rules topic, worded apart
//! from the decision (the `*_ok` checks of each part return these).

use super::*;
use crate::engine::Forbid;

/// What the decision pending now accepts (for a step that answers another one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Awaited {
    Take,
    Reward,
    /// A delegation, into one of these regions (a bit per region index).
    Delegate {
        regions: u16,
    },
    Inventory,
}

/// Why a step is not legal now: cheap to make (the legal list filters with it), worded
/// with its rules topic only when a player's step is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forbidden {
    GameOver,
    // Setup: placing the caravans.
    NotYourPlacement,
    PlaceCaravanNow,
    NoVillage {
        village: u8,
    },
    VillageTaken {
        village: u8,
    },
    // Event markers.
    EventsInTurn,
    NoPath {
        path: u8,
    },
    MarketNoVillage,
    EventsNow,
    MarkerUsed(EventKind),
    MarkerOnBoard(EventKind),
    MarketNoGoods {
        village: u8,
    },
    // Programming.
    WrongProgram {
        given: u8,
    },
    NotProgramming,
    ProgramSealed,
    ProgramFull,
    NothingPlanned,
    SealNeedsSix,
    NothingSealed,
    // Decisions pending in the resolution and the inventory.
    NoChoice,
    NoGood {
        village: u8,
        good: Good,
        left: [u8; 5],
    },
    NoMarkerLeft,
    NoDelegationLeft,
    OtherChoice(Awaited),
    CaravanOff,
    NoStupaLeft,
    StupaNoVillage,
    NotAHouse {
        village: u8,
    },
    StupaThere {
        village: u8,
    },
    StupaTooFar {
        village: u8,
    },
}

impl Forbid<HimalayaData> for Forbidden {
    fn topic(self) -> &'static str {
        self.typed_topic().id()
    }

    fn reason(self, data: &HimalayaData) -> String {
        self.words(data)
    }
}

impl Forbidden {
    /// The rules topic that explains the refusal.
    fn typed_topic(self) -> Topic {
        use Forbidden as F;
        match self {
            F::GameOver => Topic::Winning,
            F::NotYourPlacement
            | F::PlaceCaravanNow
            | F::NoVillage { .. }
            | F::VillageTaken { .. } => Topic::Setup,
            F::EventsInTurn
            | F::NoPath { .. }
            | F::MarketNoVillage
            | F::EventsNow
            | F::MarkerUsed(_)
            | F::MarkerOnBoard(_)
            | F::MarketNoGoods { .. } => Topic::Events,
            F::WrongProgram { .. }
            | F::NotProgramming
            | F::ProgramSealed
            | F::ProgramFull
            | F::NothingPlanned
            | F::SealNeedsSix
            | F::NothingSealed => Topic::Programming,
            F::NoChoice => Topic::Resolution,
            F::NoGood { .. } | F::OtherChoice(Awaited::Take) => Topic::Deal,
            F::OtherChoice(Awaited::Reward | Awaited::Delegate { .. }) => Topic::Rewards,
            F::NoMarkerLeft
            | F::NoDelegationLeft
            | F::OtherChoice(Awaited::Inventory)
            | F::CaravanOff
            | F::NoStupaLeft
            | F::StupaNoVillage
            | F::NotAHouse { .. }
            | F::StupaThere { .. }
            | F::StupaTooFar { .. } => Topic::Inventory,
        }
    }

    /// Why, in words a player can act on (the refusal goes to the player who stepped).
    fn words(self, data: &HimalayaData) -> String {
        use Forbidden as F;
        let marker = |why: String| format!("you cannot place that event marker now: {why}");
        match self {
            F::GameOver => "the game is over".into(),
            F::NotYourPlacement => "it is not your turn to place a caravan".into(),
            F::PlaceCaravanNow => "you place a caravan now: `start <village>`".into(),
            F::NoVillage { village } => format!(
                "there is no village {}: villages are 1 to {VILLAGES}",
                village as usize + 1
            ),
            F::VillageTaken { village } => {
                format!("village {} already holds a caravan", village as usize + 1)
            }
            F::EventsInTurn => {
                marker("markers are laid one player at a time, in turn order".into())
            }
            F::NoPath { path } => marker(format!("there is no path number {}", path as usize + 1)),
            F::MarketNoVillage => marker(format!("villages are 1 to {VILLAGES}")),
            F::EventsNow => {
                "you cannot do that now: lay an event marker (`yeti a-b`, `storm a-b`, \
                             `market <village>`) or `pass`"
                    .into()
            }
            F::MarkerUsed(kind) => marker(format!(
                "your {} marker is used (each marker once a game)",
                kind.name()
            )),
            F::MarkerOnBoard(kind) => marker(format!(
                "a {} marker is on the board this turn (one of each kind)",
                kind.name()
            )),
            F::MarketNoGoods { village } => marker(format!(
                "market day needs a village with goods; village {} has none",
                village as usize + 1
            )),
            F::WrongProgram { given } => wrong_program(given as usize),
            F::NotProgramming => "you cannot do that while programming".into(),
            F::ProgramSealed => "your program is sealed; `unseal` first".into(),
            F::ProgramFull => "a program holds 6 actions; `unplan` to change the last one".into(),
            F::NothingPlanned => {
                "you cannot do that while programming: no action is planned yet".into()
            }
            F::SealNeedsSix => "a program needs exactly 6 actions before sealing".into(),
            F::NothingSealed => {
                "you cannot do that while programming: there is no sealed program to take back"
                    .into()
            }
            F::NoChoice => "you have no such choice to make now".into(),
            F::NoGood {
                village,
                good,
                left,
            } => format!(
                "village {} has no {} ({})",
                village as usize + 1,
                good.name(),
                goods_list(&left)
            ),
            F::NoMarkerLeft => "no inventory marker is left".into(),
            F::NoDelegationLeft => "you have no delegation left to send".into(),
            F::OtherChoice(awaited) => format!(
                "you have no such choice to make now: {}",
                awaited_words(data, awaited)
            ),
            F::CaravanOff => "your caravan is not on the board".into(),
            F::NoStupaLeft => "you have no stupa left".into(),
            F::StupaNoVillage => format!("villages are 1 to {VILLAGES}"),
            F::NotAHouse { village } => {
                format!("village {} is not a house (level 1)", village as usize + 1)
            }
            F::StupaThere { village } => {
                format!("village {} already has a stupa", village as usize + 1)
            }
            F::StupaTooFar { village } => format!(
                "village {} is in no region touching your caravan's village",
                village as usize + 1
            ),
        }
    }
}

/// What the pending decision accepts, in words.
fn awaited_words(data: &HimalayaData, awaited: Awaited) -> String {
    match awaited {
        Awaited::Take => "choose the good to take: `take <good>`".into(),
        Awaited::Reward => "choose two rewards: `reward barter stupa`, `reward barter \
                            delegations` or `reward stupa delegations`"
            .into(),
        Awaited::Delegate { regions } => {
            let names: Vec<&str> = (0..data.regions.len())
                .filter(|r| regions & (1 << r) != 0)
                .map(|r| data.regions[r].name.as_str())
                .collect();
            format!(
                "send a delegation: `delegate <region>`, one of {}",
                names.join(", ")
            )
        }
        Awaited::Inventory => "choose an inventory reward: `inventory marker`, `inventory \
                               delegations` or `inventory stupa <village>`"
            .into(),
    }
}

/// Why a `program` command of `given` actions is refused, and what is accepted.
fn wrong_program(given: usize) -> String {
    let gave = match given {
        0 => "no action".to_string(),
        1 => "1 action".to_string(),
        PROGRAM_GIVEN_MAX => format!("{given} actions or more"),
        n => format!("{n} actions"),
    };
    format!(
        "a program is 6 actions, one for each action marker, and you gave {gave}: type \
         `program` and 6 of rest, dirt, ice, stone and deal, e.g. `program ice deal deal stone \
         rest dirt`, or plan one at a time with `plan <action>`"
    )
}
