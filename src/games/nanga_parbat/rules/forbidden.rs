//! The refusals: every reason a step is refused, each with its rules topic.

use super::*;
use crate::engine::Forbid;

/// Why a step is not legal now: cheap to compute (the legal list filters with it), turned
/// into a [`RuleError`] with its rules topic only when a player's step is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forbidden {
    GameOver,
    NotYourTurn,
    GuideSetupFirst,
    FinishDeer,
    FinishBuild,
    FinishTrade,
    NotBuilding,
    NotTrading,
    UnknownPlace,
    AlreadyTrapped,
    GuideRegionHasAnimals,
    GuideNowhere,
    GuideSameRegion,
    RegionEmpty,
    NotGuideRegion,
    NoAnimalThere,
    TrapFirst,
    NoFresh(Animal),
    NotTwoHikers,
    SameSection,
    SameOwner,
    NotAdjacent,
    CampsNeverMove,
    NotHikerAndAnimal,
    NotAnAnimal,
    SameAnimal,
    NoPartner,
    YakSameRegion,
    ClaimedThisTurn,
    NoCubes,
    SquareTaken { square: u8 },
    NotEnoughCamps { square: u8 },
    NoCampGroup { square: u8 },
    NotEnoughAnimals { square: u8 },
    NotYourHiker,
    AlreadyPicked,
    CampBreaksGroup,
    NoSuchAnimal(Animal),
    TradeCannotFinish(Animal),
}

impl Forbid<NangaData> for Forbidden {
    fn topic(self) -> &'static str {
        self.typed_topic().id()
    }

    fn reason(self, data: &NangaData) -> String {
        self.words(data)
    }
}

impl Forbidden {
    /// The rules topic that explains the refusal.
    fn typed_topic(self) -> Topic {
        use Forbidden as F;
        match self {
            F::GameOver => Topic::End,
            F::NotYourTurn | F::TrapFirst => Topic::Turn,
            F::GuideSetupFirst => Topic::Setup,
            F::FinishDeer | F::NotAnAnimal | F::SameAnimal | F::NoPartner => Topic::Deer,
            F::FinishBuild | F::NotBuilding | F::NotEnoughCamps { .. } | F::NoCampGroup { .. } => {
                Topic::Camps
            }
            F::NotYourHiker | F::AlreadyPicked | F::CampBreaksGroup => Topic::Camps,
            F::FinishTrade | F::NotTrading | F::NotEnoughAnimals { .. } => Topic::Trade,
            F::NoSuchAnimal(_) | F::TradeCannotFinish(_) => Topic::Trade,
            F::UnknownPlace => Topic::Notation,
            F::AlreadyTrapped | F::GuideRegionHasAnimals | F::GuideNowhere => Topic::Trap,
            F::GuideSameRegion | F::RegionEmpty | F::NotGuideRegion | F::NoAnimalThere => {
                Topic::Trap
            }
            F::NoFresh(_) | F::SameSection | F::CampsNeverMove => Topic::Activate,
            F::NotTwoHikers | F::SameOwner => Topic::Leopard,
            F::NotAdjacent => Topic::Adjacency,
            F::NotHikerAndAnimal => Topic::Tahr,
            F::YakSameRegion => Topic::Yak,
            F::ClaimedThisTurn | F::NoCubes | F::SquareTaken { .. } => Topic::Chart,
        }
    }

    /// Why, in words a player can act on.
    fn words(self, data: &NangaData) -> String {
        use Forbidden as F;
        let sq = |q: u8| {
            let (k, n, v) = data.square(q);
            format!("{} ({} {n}, {v} VP)", square_name(q), k.name())
        };
        match self {
            F::NoFresh(a) => format!(
                "you have no {} on your animal board that is not yet activated",
                a.name()
            ),
            F::SquareTaken { square } => format!("{} is already claimed", sq(square)),
            F::NotEnoughCamps { square } => {
                format!("{} needs more camps than you have left", sq(square))
            }
            F::NoCampGroup { square } => format!(
                "{} needs that many of your hikers in one group of adjacent sections",
                sq(square)
            ),
            F::NotEnoughAnimals { square } => format!(
                "{}: your animal board does not hold a fitting set (bharal counts as any kind)",
                sq(square)
            ),
            F::NoSuchAnimal(a) => format!("you have no {} left on your animal board", a.name()),
            F::TradeCannotFinish(a) => format!(
                "with a {} this trade could not be completed by the animals you have left",
                a.name()
            ),
            _ => self.fixed_reason().to_string(),
        }
    }

    /// The reasons that name nothing of the step.
    fn fixed_reason(self) -> &'static str {
        use Forbidden as F;
        match self {
            F::GameOver => "the game is over",
            F::NotYourTurn => "it is not your turn",
            F::GuideSetupFirst => "the second player first places the guide: `guide <region 1-6>`",
            F::FinishDeer => "finish the musk deer first: pick the second animal with `deer <r.s>`",
            F::FinishBuild => "finish building first: pick the next hiker with `camp <r.s>`",
            F::FinishTrade => {
                "finish the trade first: hand in the next animal with `give <animal>`"
            }
            F::NotBuilding => {
                "`camp` picks hikers after claiming a row A square (`claim A<column>`)"
            }
            F::NotTrading => "`give` hands in animals after claiming a row B or C square",
            F::UnknownPlace => "no such section, region or square",
            F::AlreadyTrapped => "you have already trapped an animal this turn",
            F::GuideRegionHasAnimals => "the guide's region still has animals: trap one of them (the guide is only moved by hand when its region is empty)",
            F::GuideNowhere => "the guide has not been placed",
            F::GuideSameRegion => {
                "the guide is already there; send it to a region that has an animal"
            }
            F::RegionEmpty => "that region has no animal left; pick one that has",
            F::NotGuideRegion => "you may only trap in the guide's region",
            F::NoAnimalThere => "there is no animal on that section",
            F::TrapFirst => "trap an animal first (`trap <r.s>` in the guide's region); claiming and ending come after",
            F::NotTwoHikers => {
                "the snow leopard swaps two hikers; both sections must hold a hiker"
            }
            F::SameSection => "name two different sections",
            F::SameOwner => {
                "those hikers belong to the same player; swapping them would change nothing"
            }
            F::NotAdjacent => {
                "those sections are not adjacent (no shared border and no dotted path)"
            }
            F::CampsNeverMove => "camps never move",
            F::NotHikerAndAnimal => "the tahr swaps a hiker with an animal: give a section with a hiker and one with an animal",
            F::NotAnAnimal => "the musk deer swaps animals only",
            F::SameAnimal => {
                "those two animals are of the same kind; swapping them would change nothing"
            }
            F::NoPartner => "no animal of another kind is left to swap with",
            F::YakSameRegion => "the yak moves the guide to a different region",
            F::ClaimedThisTurn => "you have already claimed a square this turn (one per turn)",
            F::NoCubes => {
                "you have placed all your cubes; you skip step 4 for the rest of the game"
            }
            F::NotYourHiker => "that section does not hold one of your hikers",
            F::AlreadyPicked => "that hiker is already picked",
            F::CampBreaksGroup => "with that hiker the chosen ones cannot form one group of adjacent hikers of the needed size",
            F::NoFresh(_)
            | F::SquareTaken { .. }
            | F::NotEnoughCamps { .. }
            | F::NoCampGroup { .. }
            | F::NotEnoughAnimals { .. }
            | F::NoSuchAnimal(_)
            | F::TradeCannotFinish(_) => "that step is not allowed now",
        }
    }
}
