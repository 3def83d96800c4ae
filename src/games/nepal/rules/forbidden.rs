//! The refusals: every reason a step is refused, each with its rules topic.

use super::*;

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
    FortressTaken,
    FortressHand,
    ProvinceFull,
}

impl Forbidden {
    /// The rules topic that explains the refusal.
    fn topic(self) -> Topic {
        match self {
            Forbidden::GameOver => Topic::End,
            Forbidden::NotYourTurn => Topic::Turn,
            Forbidden::PlacementFirst | Forbidden::NotPlacement | Forbidden::ProvinceFull => {
                Topic::OptionStart
            }
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
            | Forbidden::FortressTaken
            | Forbidden::FortressHand => Topic::OptionFortress,
        }
    }

    /// Why, in words a player can act on.
    fn reason(self, data: &NepalData) -> String {
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
                "you cannot take three actions of the same kind: a third move is not allowed".into()
            }
            Forbidden::ThirdGrow => {
                "you cannot take three actions of the same kind: a third grow is not allowed".into()
            }
            Forbidden::NoPieceThere { from } => {
                format!("you have no movable piece in {}", name(from))
            }
            Forbidden::NotAdjacent { from, to } => {
                format!("{} is not adjacent to {}", name(to), name(from))
            }
            Forbidden::HandEmpty => "you have no pieces left in your hand".into(),
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
            Forbidden::FortressTaken => "that province already has a fortress".into(),
            Forbidden::FortressHand => "a fortress needs two pieces from your hand".into(),
            Forbidden::ProvinceFull => {
                "that province is already at its population limit".into()
            }
        }
    }

    /// The refusal a player sees: the reason and the rules topic.
    pub(in crate::games::nepal) fn rule_error(self, data: &NepalData) -> RuleError {
        rule(self.topic(), self.reason(data))
    }
}
