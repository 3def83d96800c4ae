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
    FortressTaken { province: u8 },
    FortressHand,
    ProvinceFull { province: u8 },
}

impl Forbidden {
    /// The rules topic that explains the refusal.
    fn topic(self) -> Topic {
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

    /// The refusal a player sees: the reason and the rules topic.
    pub(in crate::games::nepal) fn rule_error(self, data: &NepalData) -> RuleError {
        rule(self.topic(), self.reason(data))
    }
}

impl Nepal {
    /// A refusal of `step` for the player to act on: the steps of its kind accepted now
    /// (for a move, those from the same province if any), up to eight of them.
    pub(in crate::games::nepal) fn with_accepted(
        &self,
        data: &NepalData,
        seat: Seat,
        step: &Step,
        e: RuleError,
    ) -> RuleError {
        if self.phase == Phase::Over || seat != self.current {
            return e;
        }
        let kind = std::mem::discriminant(step);
        let mut same: Vec<Step> = self
            .legal_steps(data, seat)
            .into_iter()
            .filter(|s| std::mem::discriminant(s) == kind)
            .collect();
        if let Step::Move { from, .. } = *step {
            if same
                .iter()
                .any(|s| matches!(s, Step::Move { from: f, .. } if *f == from))
            {
                same.retain(|s| matches!(s, Step::Move { from: f, .. } if *f == from));
            }
        }
        let listed: Vec<String> = same
            .iter()
            .map(|s| <Self as Game>::format_step(data, s))
            .collect();
        e.with_accepted(&listed)
    }
}
