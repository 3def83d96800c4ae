//! The refusals: every reason a step is refused, each with its rules topic.

use super::*;
use crate::engine::Forbid;

/// Why a step is not legal now: cheap to compute (the legal list filters with it), turned
/// into a [`RuleError`] with its rules topic only when a player's step is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forbidden {
    GameOver,
    NotYourTurn,
    PlacementFirst,
    NotPlacement,
    UnknownProvince,
    NoActionsLeft,
    ThirdMove,
    ThirdGrow,
    NoPieceThere { from: u8 },
    NotAdjacent { from: u8, to: u8 },
    HandEmpty,
    GrowNeedsPiece { province: u8 },
    FortressOff,
    FortressBuilt,
    FortressNeedsWholeTurn,
    FortressInKathmandu,
    FortressTaken { province: u8 },
    FortressHand,
    ProvinceFull { province: u8 },
}

impl Forbid<NepalData> for Forbidden {
    fn topic(self) -> &'static str {
        self.typed_topic().id()
    }

    fn reason(self, data: &NepalData) -> String {
        self.words(data)
    }
}

impl Forbidden {
    /// The rules topic that explains the refusal.
    fn typed_topic(self) -> Topic {
        match self {
            Forbidden::GameOver => Topic::End,
            Forbidden::NotYourTurn => Topic::Turn,
            Forbidden::PlacementFirst
            | Forbidden::NotPlacement
            | Forbidden::ProvinceFull { .. } => Topic::OptionStart,
            Forbidden::UnknownProvince => Topic::Board,
            Forbidden::NoActionsLeft | Forbidden::ThirdMove | Forbidden::ThirdGrow => {
                Topic::Actions
            }
            Forbidden::NoPieceThere { .. } | Forbidden::NotAdjacent { .. } => Topic::Move,
            Forbidden::HandEmpty | Forbidden::GrowNeedsPiece { .. } => Topic::Grow,
            Forbidden::FortressOff
            | Forbidden::FortressBuilt
            | Forbidden::FortressNeedsWholeTurn
            | Forbidden::FortressInKathmandu
            | Forbidden::FortressTaken { .. }
            | Forbidden::FortressHand => Topic::OptionFortress,
        }
    }

    /// Why, in words a player can act on.
    fn words(self, data: &NepalData) -> String {
        let name = |p: u8| data.province_name(p);
        match self {
            Forbidden::GameOver => "the game is over".into(),
            Forbidden::NotYourTurn => "it is not your turn".into(),
            Forbidden::PlacementFirst => {
                "the start placement comes first: use `place <province>`".into()
            }
            Forbidden::NotPlacement => "`place` is only used during the start placement".into(),
            Forbidden::UnknownProvince => "no such province".into(),
            Forbidden::NoActionsLeft => {
                "you have used your three actions this turn; type `end`".into()
            }
            Forbidden::ThirdMove => {
                "you have already moved twice this turn; at most two of your three actions may be moves"
                    .into()
            }
            Forbidden::ThirdGrow => {
                "you have already grown twice this turn; at most two of your three actions may be grows"
                    .into()
            }
            Forbidden::NoPieceThere { from } => {
                format!("you have no movable piece in {}", name(from))
            }
            Forbidden::NotAdjacent { from, to } if from == to => format!(
                "a move takes a piece out of {} into a neighbouring province",
                name(from)
            ),
            Forbidden::NotAdjacent { from, to } => format!(
                "{} is not adjacent to {}; a piece moves one province at a time",
                name(to),
                name(from)
            ),
            Forbidden::HandEmpty => {
                "you have no pieces left in your hand (a piece comes back when conflict removes it)"
                    .into()
            }
            Forbidden::GrowNeedsPiece { province } => format!(
                "you can only grow where you already have a piece (or in Kathmandu); you have none in {}",
                name(province)
            ),
            Forbidden::FortressOff => "the fortress option is off in this game".into(),
            Forbidden::FortressBuilt => {
                "you have already built your fortress (once per game)".into()
            }
            Forbidden::FortressNeedsWholeTurn => {
                "a fortress takes all three actions: build it before any other action this turn"
                    .into()
            }
            Forbidden::FortressInKathmandu => "a fortress cannot be built in Kathmandu".into(),
            Forbidden::FortressTaken { province } => {
                format!("{} already has a fortress", name(province))
            }
            Forbidden::FortressHand => "a fortress needs two pieces from your hand".into(),
            Forbidden::ProvinceFull { province } => format!(
                "{} is already at its population limit; place your piece elsewhere",
                name(province)
            ),
        }
    }
}
