//! What happens in a game of Nepal, typed: the rules say a [`Happening`] and
//! [`Happening::text`] words it, the one place the log's sentences are written. Provinces,
//! trade cards and seats are indices into the board data and the player list. One enum per
//! part of the rules, in rulebook order.

use super::NepalData;

/// One thing that happened, for the public log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Happening {
    Turn(TurnEvent),
    Action(ActionEvent),
    Route(RouteEvent),
    Conflict(ConflictEvent),
    End(EndEvent),
    Option(OptionEvent),
}

/// Turn Sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TurnEvent {
    Ended { seat: usize },
}

/// Rules of Play > Movement and Grow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActionEvent {
    Moved { seat: usize, from: usize, to: usize },
    Grew { seat: usize, province: usize },
}

/// Rules of Play > Claim Trade Routes and Reveal New Trade Routes. `card` indexes
/// [`NepalData::cards`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RouteEvent {
    /// `seat` links the card but has no piece in hand for its marker.
    LinkedUnmarked {
        seat: usize,
        card: usize,
    },
    Claimed {
        seat: usize,
        card: usize,
        position: usize,
        points: i64,
    },
    Revealed {
        card: usize,
    },
}

/// Rules of Play > Conflict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConflictEvent {
    /// `losses` holds (seat, pieces removed) per seat that lost pieces.
    CutBack {
        province: usize,
        limit: u8,
        losses: Vec<(usize, u8)>,
    },
}

/// What triggers the end of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndCause {
    HandEmpty { seat: usize },
    DeckExhausted,
}

/// Game End.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EndEvent {
    /// After `seat`'s turn the end was triggered.
    Triggered { seat: usize, cause: EndCause },
    /// The final scoring is done; `note` is the result's verdict.
    GameOver { note: String },
}

/// Optional Rules: the start placement and the fortress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionEvent {
    Placed { seat: usize, province: usize },
    FortressBuilt { seat: usize, province: usize },
}

/// Names of the board's things, for wording.
struct Names<'a> {
    d: &'a NepalData,
    players: &'a [String],
}

impl Names<'_> {
    fn province(&self, p: usize) -> &str {
        &self.d.provinces[p].name
    }
    fn player(&self, s: usize) -> &str {
        &self.players[s]
    }
    fn card(&self, c: usize) -> String {
        self.d.cards[c].label()
    }
}

impl Happening {
    /// The log sentence.
    pub fn text(&self, d: &NepalData, players: &[String]) -> String {
        let w = Names { d, players };
        match self {
            Happening::Turn(e) => e.text(&w),
            Happening::Action(e) => e.text(&w),
            Happening::Route(e) => e.text(&w),
            Happening::Conflict(e) => e.text(&w),
            Happening::End(e) => e.text(&w),
            Happening::Option(e) => e.text(&w),
        }
    }
}

impl TurnEvent {
    fn text(&self, w: &Names) -> String {
        match *self {
            TurnEvent::Ended { seat } => format!("{} ends the turn", w.player(seat)),
        }
    }
}

impl ActionEvent {
    fn text(&self, w: &Names) -> String {
        match *self {
            ActionEvent::Moved { seat, from, to } => format!(
                "{} moves a piece from {} to {}",
                w.player(seat),
                w.province(from),
                w.province(to)
            ),
            ActionEvent::Grew { seat, province } => {
                format!("{} grows in {}", w.player(seat), w.province(province))
            }
        }
    }
}

impl RouteEvent {
    fn text(&self, w: &Names) -> String {
        match *self {
            RouteEvent::LinkedUnmarked { seat, card } => format!(
                "{} links {} but has no piece in hand to mark it",
                w.player(seat),
                w.card(card)
            ),
            RouteEvent::Claimed {
                seat,
                card,
                position,
                points,
            } => format!(
                "{} claims {} as claimant #{position} (+{points} VP)",
                w.player(seat),
                w.card(card)
            ),
            RouteEvent::Revealed { card } => {
                format!("new trade card revealed: {}", w.card(card))
            }
        }
    }
}

impl ConflictEvent {
    fn text(&self, w: &Names) -> String {
        match self {
            ConflictEvent::CutBack {
                province,
                limit,
                losses,
            } => {
                let parts: Vec<String> = losses
                    .iter()
                    .map(|&(s, r)| format!("{} loses {r}", w.player(s)))
                    .collect();
                format!(
                    "conflict in {} (limit {limit}): {}",
                    w.province(*province),
                    parts.join(", ")
                )
            }
        }
    }
}

impl EndCause {
    /// Why the end was triggered, as the log and the end marker say it.
    pub fn text(self, players: &[String]) -> String {
        match self {
            EndCause::HandEmpty { seat } => {
                format!("{} has no pieces left in hand", players[seat])
            }
            EndCause::DeckExhausted => "the trade deck is exhausted".to_string(),
        }
    }
}

impl EndEvent {
    fn text(&self, w: &Names) -> String {
        match self {
            EndEvent::Triggered { seat, cause } => format!(
                "the end is triggered ({}): every player, {} included, plays one more turn",
                cause.text(w.players),
                w.player(*seat)
            ),
            EndEvent::GameOver { note } => format!("game over: {note}"),
        }
    }
}

impl OptionEvent {
    fn text(&self, w: &Names) -> String {
        match *self {
            OptionEvent::Placed { seat, province } => {
                format!(
                    "{} places a piece in {}",
                    w.player(seat),
                    w.province(province)
                )
            }
            OptionEvent::FortressBuilt { seat, province } => format!(
                "{} builds a fortress in {}",
                w.player(seat),
                w.province(province)
            ),
        }
    }
}

impl From<TurnEvent> for Happening {
    fn from(e: TurnEvent) -> Self {
        Happening::Turn(e)
    }
}
impl From<ActionEvent> for Happening {
    fn from(e: ActionEvent) -> Self {
        Happening::Action(e)
    }
}
impl From<RouteEvent> for Happening {
    fn from(e: RouteEvent) -> Self {
        Happening::Route(e)
    }
}
impl From<ConflictEvent> for Happening {
    fn from(e: ConflictEvent) -> Self {
        Happening::Conflict(e)
    }
}
impl From<EndEvent> for Happening {
    fn from(e: EndEvent) -> Self {
        Happening::End(e)
    }
}
impl From<OptionEvent> for Happening {
    fn from(e: OptionEvent) -> Self {
        Happening::Option(e)
    }
}
