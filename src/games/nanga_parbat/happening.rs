//! What happens in a game of Nanga Parbat, typed: the rules say a [`Happening`] and
//! [`Happening::text`] words it, the one place the log's sentences are written. Cells,
//! regions, squares and seats are indices (cells `region * 6 + section`, regions and
//! squares 0-based, as in [`super::Step`]). One enum per part of the rules, in rulebook
//! order.

use super::board::{cell_name, square_name, RowKind};
use super::Animal;

/// One thing that happened, for the public log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Happening {
    Turn(TurnEvent),
    Trap(TrapEvent),
    Activation(ActivationEvent),
    Claim(ClaimEvent),
    Points(PointsEvent),
    End(EndEvent),
}

/// The guide's first placement and the turn sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TurnEvent {
    GuidePlaced { seat: usize, region: u8 },
    Ends { seat: usize },
}

/// Steps 1 to 3: the guide's move off an empty region and the trap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TrapEvent {
    /// `from` is `None` when the guide stood nowhere (never, once placed).
    GuideMoved {
        seat: usize,
        from: Option<u8>,
        to: u8,
    },
    Trapped {
        seat: usize,
        animal: Animal,
        cell: u8,
        hikers_left: u8,
        guide_to: u8,
    },
}

/// Activations of the animals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActivationEvent {
    Leopard {
        seat: usize,
        first: u8,
        second: u8,
    },
    Tahr {
        seat: usize,
        hiker: u8,
        animal: u8,
    },
    /// The musk deer's first animal is chosen.
    DeerFirst {
        seat: usize,
        cell: u8,
    },
    DeerSwap {
        seat: usize,
        first: u8,
        second: u8,
    },
    Yak {
        seat: usize,
        region: u8,
    },
}

/// Step 4: claims, camps and trades.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClaimEvent {
    Claimed {
        seat: usize,
        square: u8,
        kind: RowKind,
        need: u8,
        vp: u8,
    },
    CampPicked {
        seat: usize,
        cell: u8,
    },
    CampsBuilt {
        seat: usize,
        cells: Vec<u8>,
    },
    HandedIn {
        seat: usize,
        animal: Animal,
    },
}

/// What a gain on the points track is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gain {
    RedPanda,
    Square(u8),
    Region(u8),
}

/// The points track.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PointsEvent {
    /// `bonus`: the marker landed on the opponent's space and took 1 more.
    Scored {
        seat: usize,
        points: i64,
        why: Gain,
        bonus: bool,
        now: i64,
    },
}

/// The end of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EndEvent {
    HikersPlaced,
    CubesPlaced,
    Over { note: String },
}

impl Happening {
    /// The log sentence.
    pub fn text(&self, players: &[String]) -> String {
        match self {
            Happening::Turn(e) => e.text(players),
            Happening::Trap(e) => e.text(players),
            Happening::Activation(e) => e.text(players),
            Happening::Claim(e) => e.text(players),
            Happening::Points(e) => e.text(players),
            Happening::End(e) => e.text(),
        }
    }
}

impl TurnEvent {
    fn text(&self, p: &[String]) -> String {
        match *self {
            TurnEvent::GuidePlaced { seat, region } => {
                format!("{} places the guide on region {}", p[seat], region + 1)
            }
            TurnEvent::Ends { seat } => format!("{} ends the turn", p[seat]),
        }
    }
}

impl TrapEvent {
    fn text(&self, p: &[String]) -> String {
        match *self {
            TrapEvent::GuideMoved { seat, from, to } => format!(
                "region {} has no animal left: {} moves the guide to region {}",
                from.map(|g| g + 1).unwrap_or(0),
                p[seat],
                to + 1
            ),
            TrapEvent::Trapped {
                seat,
                animal,
                cell,
                hikers_left,
                guide_to,
            } => format!(
                "{} traps {} on {}, leaves a hiker there ({hikers_left} left), and the guide goes to region {}",
                p[seat],
                crate::engine::a_or_an(animal.name()),
                cell_name(cell),
                guide_to + 1
            ),
        }
    }
}

impl ActivationEvent {
    fn text(&self, p: &[String]) -> String {
        match *self {
            ActivationEvent::Leopard {
                seat,
                first,
                second,
            } => format!(
                "{} activates a snow leopard: the hikers on {} and {} swap places",
                p[seat],
                cell_name(first),
                cell_name(second)
            ),
            ActivationEvent::Tahr {
                seat,
                hiker,
                animal,
            } => format!(
                "{} activates a tahr: the hiker on {} and the animal on {} swap places",
                p[seat],
                cell_name(hiker),
                cell_name(animal)
            ),
            ActivationEvent::DeerFirst { seat, cell } => format!(
                "{} activates a musk deer on the animal at {}; the second animal is next",
                p[seat],
                cell_name(cell)
            ),
            ActivationEvent::DeerSwap {
                seat,
                first,
                second,
            } => format!(
                "{} activates a musk deer: the animals on {} and {} swap places",
                p[seat],
                cell_name(first),
                cell_name(second)
            ),
            ActivationEvent::Yak { seat, region } => format!(
                "{} activates a yak: the guide moves to region {}",
                p[seat],
                region + 1
            ),
        }
    }
}

impl ClaimEvent {
    fn text(&self, p: &[String]) -> String {
        match self {
            ClaimEvent::Claimed {
                seat,
                square,
                kind,
                need,
                vp,
            } => format!(
                "{} claims {} ({} {need}, {vp} VP)",
                p[*seat],
                square_name(*square),
                kind.name()
            ),
            ClaimEvent::CampPicked { seat, cell } => format!(
                "{} picks the hiker on {} to become a camp",
                p[*seat],
                cell_name(*cell)
            ),
            ClaimEvent::CampsBuilt { seat, cells } => {
                let names: Vec<String> = cells.iter().map(|&c| cell_name(c)).collect();
                format!("{} builds camps on {}", p[*seat], names.join(", "))
            }
            ClaimEvent::HandedIn { seat, animal } => {
                format!(
                    "{} hands in {}",
                    p[*seat],
                    crate::engine::a_or_an(animal.name())
                )
            }
        }
    }
}

impl Gain {
    fn text(self) -> String {
        match self {
            Gain::RedPanda => "red panda".into(),
            Gain::Square(q) => format!("square {}", square_name(q)),
            Gain::Region(r) => format!("region {}", r + 1),
        }
    }
}

impl PointsEvent {
    fn text(&self, p: &[String]) -> String {
        match *self {
            PointsEvent::Scored {
                seat,
                points,
                why,
                bonus,
                now,
            } => {
                let mut text = format!("{} scores {points} ({})", p[seat], why.text());
                if bonus {
                    let other = &p[1 - seat];
                    text.push_str(&format!(" and lands on {other}'s space: 1 more"));
                }
                text.push_str(&format!(", now {now}"));
                text
            }
        }
    }
}

impl EndEvent {
    fn text(&self) -> String {
        match self {
            EndEvent::HikersPlaced => {
                "both players have placed all their hikers: the game ends".into()
            }
            EndEvent::CubesPlaced => {
                "both players have placed all their cubes: the game ends".into()
            }
            EndEvent::Over { note } => format!("game over: {note}"),
        }
    }
}

impl From<TurnEvent> for Happening {
    fn from(e: TurnEvent) -> Self {
        Happening::Turn(e)
    }
}
impl From<TrapEvent> for Happening {
    fn from(e: TrapEvent) -> Self {
        Happening::Trap(e)
    }
}
impl From<ActivationEvent> for Happening {
    fn from(e: ActivationEvent) -> Self {
        Happening::Activation(e)
    }
}
impl From<ClaimEvent> for Happening {
    fn from(e: ClaimEvent) -> Self {
        Happening::Claim(e)
    }
}
impl From<PointsEvent> for Happening {
    fn from(e: PointsEvent) -> Self {
        Happening::Points(e)
    }
}
impl From<EndEvent> for Happening {
    fn from(e: EndEvent) -> Self {
        Happening::End(e)
    }
}
