//! The refusals: every reason a step is refused, each with its rules topic, worded apart
//! from the decision (the `*_ok` checks of each part return these, and
//! [`Peloria::forbidden`](crate::engine::Game::forbidden) is the one decision).
//!
//! Areas, nations, kinds and pieces are kept as small numbers and named from the board
//! data only when a player's step is refused. The few refusals that name players (whose
//! turn it is, who still decides) or the units of a battle are worded in full by
//! [`Forbidden::words`] with the game at hand (`Peloria::explain`); without it they name
//! nations and kinds only.

use super::*;
use crate::engine::{a_or_an, counted, Forbid};

/// Why a step is not legal now: cheap to make (the legal list filters with it), worded
/// with its rules topic only when a player's step is refused. Nations, areas, edges and
/// pieces are indices into the board data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forbidden {
    // Who may act (the turn, PEL-ORDER).
    GameOver,
    NoSuchSeat,
    /// `seat` owes no Call to Heroes units; the seats in `asked` (a bit per seat) still do.
    HeroesWaiting {
        seat: u8,
        asked: u8,
    },
    /// The seats in `asked` (a bit per seat) have a battle decision to make first.
    DecideFirst {
        asked: u8,
    },
    NotYourTurn {
        nation: u8,
    },
    /// A step of the wrong sort for the nation turn's phase (named).
    NotNow {
        nation: u8,
        phase: &'static str,
    },
    // Population increase (PEL-POP).
    NoneToPlace,
    NoPopKind {
        nation: u8,
        kind: Kind,
    },
    NoStock {
        nation: u8,
        kind: Kind,
    },
    NotHeldAlone {
        nation: u8,
        area: u8,
    },
    PlateauOnly,
    NoForestCounterIn {
        area: u8,
    },
    ForestCounterThere {
        area: u8,
    },
    PlaceOverStack {
        area: u8,
    },
    // Movement, terrain, exits, the Kartolin Pass (PEL-MOVE, PEL-KART).
    /// The nation has no unit of `kind` in `area` fit for the step (`fit` says for what,
    /// e.g. " that can still move"); the refusal cites `topic`.
    NoUnit {
        topic: Topic,
        nation: u8,
        area: u8,
        kind: Kind,
        fit: &'static str,
    },
    SeaClosed {
        area: u8,
    },
    ForestClosed {
        area: u8,
    },
    MountainClosed {
        area: u8,
    },
    NotNextTo {
        topic: Topic,
        from: u8,
        to: u8,
    },
    StopAtSea,
    KartolinClosed,
    TooManyAttackers {
        area: u8,
    },
    NoEdge {
        area: u8,
        edge: u8,
    },
    NotTheirExit {
        nation: u8,
        edge: u8,
    },
    // The regalia (PEL-EMP).
    NotEmperor,
    PieceAway {
        piece: u8,
    },
    PieceFixed {
        piece: u8,
    },
    PieceJoined {
        piece: u8,
    },
    PieceNotHeld {
        piece: u8,
        area: u8,
    },
    PieceOneArea,
    RegaliaOutside {
        area: u8,
    },
    PieceMovedEnough,
    // Stacking at the end of movement (PEL-MOVE-8).
    WithinLimit {
        area: u8,
    },
    // Battles and hits (PEL-BAT).
    NoBattleIn {
        nation: u8,
        area: u8,
    },
    /// No battle is being fought (the step's own topic).
    NoBattle(Topic),
    HitOnly,
    HitCannotKill {
        result: u8,
        nation: u8,
        kind: Kind,
    },
    /// The units of `kind` differ in their way back: name one.
    HitSayWhich {
        nation: u8,
        kind: Kind,
    },
    HitAnyWillDo {
        nation: u8,
        kind: Kind,
    },
    /// No unit of `kind` came that way (`from`: the area it came from, `None` for one
    /// that stayed).
    HitNoSuchWay {
        nation: u8,
        kind: Kind,
        from: Option<u8>,
    },
    // Retreats (PEL-RET).
    RetreatOrStay,
    TelmoriMustRetreat,
    RetreatOnlyFrom {
        area: u8,
    },
    RetreatHostile {
        area: u8,
    },
    RetreatNotOrigin {
        nation: u8,
        kind: Kind,
        from: u8,
        to: u8,
    },
    RetreatIntoSea,
    RetreatOverStack {
        area: u8,
    },
    // Overpopulation (PEL-OVP).
    NoOverpopulation,
    WouldEmpty {
        area: u8,
    },
    // The Call to Heroes (PEL-HERO).
    BidSealed,
    BidAlreadySealed,
    BidNotSealed,
    BidsOnly,
    BidNotYours {
        nation: u8,
    },
    NoHeroes {
        nation: u8,
    },
    BidTooHigh {
        nation: u8,
        removable: u8,
    },
    RemovalsOnly,
    HeroNotYours {
        nation: u8,
    },
    HeroNoBid {
        nation: u8,
    },
    HeroAllRemoved {
        nation: u8,
        removed: u8,
    },
    HeroExcluded {
        area: u8,
    },
}

impl Forbid<PeloriaData> for Forbidden {
    fn topic(self) -> &'static str {
        self.typed_topic().id()
    }

    fn reason(self, data: &PeloriaData) -> String {
        self.words(data, None)
    }
}

/// Index into the board data as a [`Forbidden`] keeps it (areas, nations, edges and
/// pieces are far fewer than 256: the board reader checks it).
pub(crate) fn ix(i: usize) -> u8 {
    i as u8
}

/// The seats of `asked` (a bit per seat), in seat order.
pub(crate) fn seat_bits(seats: &[Seat]) -> u8 {
    seats.iter().fold(0, |b, &s| b | 1 << s)
}

impl Forbidden {
    /// The rules topic that explains the refusal.
    fn typed_topic(self) -> Topic {
        use Forbidden as F;
        match self {
            F::GameOver => Topic::Scoring,
            F::NoSuchSeat | F::NotYourTurn { .. } | F::NotNow { .. } => Topic::Turn,
            F::HeroesWaiting { .. } => Topic::Heroes,
            F::DecideFirst { .. } => Topic::Battle,
            F::NoneToPlace
            | F::NoPopKind { .. }
            | F::NoStock { .. }
            | F::NotHeldAlone { .. }
            | F::PlateauOnly => Topic::Population,
            F::NoForestCounterIn { .. }
            | F::ForestCounterThere { .. }
            | F::PlaceOverStack { .. }
            | F::WithinLimit { .. }
            | F::RetreatOverStack { .. } => Topic::Stacking,
            F::NoUnit { topic, .. } | F::NotNextTo { topic, .. } | F::NoBattle(topic) => topic,
            F::SeaClosed { .. } | F::ForestClosed { .. } | F::MountainClosed { .. } => {
                Topic::Terrain
            }
            F::StopAtSea => Topic::Terrain,
            F::KartolinClosed => Topic::Kartolin,
            F::TooManyAttackers { .. }
            | F::NoBattleIn { .. }
            | F::HitOnly
            | F::HitCannotKill { .. }
            | F::HitSayWhich { .. }
            | F::HitAnyWillDo { .. }
            | F::HitNoSuchWay { .. } => Topic::Battle,
            F::NoEdge { .. } | F::NotTheirExit { .. } => Topic::Exits,
            F::NotEmperor
            | F::PieceAway { .. }
            | F::PieceFixed { .. }
            | F::PieceJoined { .. }
            | F::PieceNotHeld { .. }
            | F::PieceOneArea
            | F::RegaliaOutside { .. }
            | F::PieceMovedEnough => Topic::Emperors,
            F::RetreatOrStay
            | F::TelmoriMustRetreat
            | F::RetreatOnlyFrom { .. }
            | F::RetreatHostile { .. }
            | F::RetreatNotOrigin { .. }
            | F::RetreatIntoSea => Topic::Retreat,
            F::NoOverpopulation | F::WouldEmpty { .. } => Topic::Overpopulation,
            F::BidSealed
            | F::BidAlreadySealed
            | F::BidNotSealed
            | F::BidsOnly
            | F::BidNotYours { .. }
            | F::NoHeroes { .. }
            | F::BidTooHigh { .. }
            | F::RemovalsOnly
            | F::HeroNotYours { .. }
            | F::HeroNoBid { .. }
            | F::HeroAllRemoved { .. }
            | F::HeroExcluded { .. } => Topic::Heroes,
        }
    }

    /// Why, in words a player can act on. With the game (`g`), the refusals that name
    /// players say who, and a hit that must name its unit lists the ways; without it
    /// (the engine's unexplained `legality`) they name nations and kinds only. Each part of
    /// the rules words its own refusals.
    pub(crate) fn words(self, d: &PeloriaData, g: Option<&Peloria>) -> String {
        let w = Names { d, g };
        self.turn_words(&w)
            .or_else(|| self.movement_words(&w))
            .or_else(|| self.battle_words(&w))
            .or_else(|| self.retreat_words(&w))
            .or_else(|| self.heroes_words(&w))
            .unwrap_or_else(|| format!("that is not allowed now ({self:?})"))
    }

    /// The words of a refusal about the turn, placement and new units (`None`: another part's).
    fn turn_words(self, w: &Names) -> Option<String> {
        use Forbidden as F;
        Some(match self {
            F::GameOver => "the game is over".into(),
            F::NoSuchSeat => "that seat does not play".into(),
            F::HeroesWaiting { seat, asked } => format!(
                "{} has no Call to Heroes units left to remove; waiting for {}",
                w.player(seat as usize),
                w.players(asked)
            ),
            F::DecideFirst { asked } => {
                format!("{} must decide first (a battle decision)", w.players(asked))
            }
            F::NotYourTurn { nation: n } => {
                format!("it is the {} turn, played by {}", w.nation(n), w.owner(n))
            }
            F::NotNow { nation: n, phase } => format!(
                "{} cannot do that now; the {} are in their {phase} phase",
                w.owner(n),
                w.nation(n)
            ),
            F::NoneToPlace => "no new units are left to place".into(),
            F::NoPopKind { nation: n, kind } => format!(
                "population increase gives the {} no {}",
                w.nation(n),
                kind.name()
            ),
            F::NoStock { nation: n, kind } => {
                format!("the {} have no {} left in stock", w.nation(n), kind.name())
            }
            F::NotHeldAlone { nation: n, area: a } => format!(
                "new units go only to areas the {} hold alone; {} is not one",
                w.nation(n),
                w.area(a)
            ),
            F::PlateauOnly => "new Praxian units appear on the Hungry Plateau only".into(),
            F::NoForestCounterIn { area: a } => format!(
                "no forest counter may stand in {} ({})",
                w.area(a),
                w.d.terrain(a as usize).name()
            ),
            F::ForestCounterThere { area: a } => {
                format!("{} already has a forest counter", w.area(a))
            }
            F::PlaceOverStack { area: a } => format!(
                "one more unit in {} would break the stacking limits",
                w.area(a)
            ),
            _ => return None,
        })
    }

    /// The words of a refusal about movement, seas, edges and the regalia (`None`: another part's).
    fn movement_words(self, w: &Names) -> Option<String> {
        use Forbidden as F;
        Some(match self {
            F::NoUnit {
                nation: n,
                area: a,
                kind,
                fit,
                ..
            } => format!(
                "the {} have no {} in {}{fit}",
                w.nation(n),
                kind.name(),
                w.area(a)
            ),
            F::SeaClosed { area: a } => {
                format!("{} is a sea; only Pelandans move through seas", w.area(a))
            }
            F::ForestClosed { area: a } => format!(
                "{} is permanent forest; only the Aldryami enter it",
                w.area(a)
            ),
            F::MountainClosed { area: a } => format!(
                "{} is a mountain area; only Digijelm and Telmori enter mountains",
                w.area(a)
            ),
            F::NotNextTo { from, to, .. } => {
                format!("{} is not next to {}", w.area(to), w.area(from))
            }
            F::StopAtSea => {
                "Pelandans may not stop in a sea: entering it needs a move left to leave".into()
            }
            F::KartolinClosed => "the Kartolin Pass is closed: enemy units hold Dorastor alone; \
                                      enter Dorastor from another direction first"
                .into(),
            F::TooManyAttackers { area: a } => {
                format!("at most {MAX_ATTACKERS} units may attack in {}", w.area(a))
            }
            F::NoEdge { area: a, edge: e } => {
                format!("{} is not next to the {} edge", w.area(a), w.edge(e))
            }
            F::NotTheirExit { nation: n, edge: e } => {
                format!("the {} do not leave by {}", w.nation(n), w.edge(e))
            }
            F::NotEmperor => "only the Emperor's nation moves the regalia".into(),
            F::PieceAway { piece: p } => format!("the {} is not on the board yet", w.piece(p)),
            F::PieceFixed { piece: p } => format!("the {} never moves", w.piece(p)),
            F::PieceJoined { piece: p } => format!(
                "the {} is joined to the Imperial Regalia in Vonlath and cannot be split off",
                w.piece(p)
            ),
            F::PieceNotHeld { piece: p, area: a } => format!(
                "the Emperor's nation does not hold {}, where the {} lies: it holds only \
                     areas where it stands alone",
                w.area(a),
                w.piece(p)
            ),
            F::PieceOneArea => "regalia move one area at a time".into(),
            F::RegaliaOutside { area: a } => format!(
                "the regalia move only within areas the Emperor's nation holds; it does not \
                     hold {}",
                w.area(a)
            ),
            F::PieceMovedEnough => {
                format!("a piece moves at most {REGALIA_MOVES} areas in a movement phase")
            }
            _ => return None,
        })
    }

    /// The words of a refusal about over-population and battles (`None`: another part's).
    fn battle_words(self, w: &Names) -> Option<String> {
        use Forbidden as F;
        Some(match self {
            F::WithinLimit { area: a } => format!(
                "{} is within its stacking limit; remove units from an area over it",
                w.area(a)
            ),
            F::NoBattleIn { nation: n, area: a } => format!(
                "there is no battle of the {} to fight in {}",
                w.nation(n),
                w.area(a)
            ),
            F::NoBattle(_) => "there is no battle".into(),
            F::HitOnly => "choose which unit the hit kills: `hit <kind>`".into(),
            F::HitCannotKill {
                result,
                nation: n,
                kind,
            } => format!(
                "a result of {result} cannot kill {} of the {} here",
                a_or_an(kind.name()),
                w.nation(n)
            ),
            F::HitSayWhich { nation: n, kind } => format!(
                "the {}' {} units here came by different ways, so say which one dies: {}",
                w.nation(n),
                kind.name(),
                ways(w.d, w.g, n, kind)
            ),
            F::HitAnyWillDo { nation: n, kind } => format!(
                "any {} of the {} here will do: `hit {}`",
                kind.name(),
                w.nation(n),
                kind.name()
            ),
            F::HitNoSuchWay {
                nation: n,
                kind,
                from,
            } => format!(
                "no {} of the {} here {}; name one of {}",
                kind.name(),
                w.nation(n),
                match from {
                    Some(a) => format!("came from {}", w.area(a)),
                    None => "stayed where it was".to_string(),
                },
                ways(w.d, w.g, n, kind)
            ),
            _ => return None,
        })
    }

    /// The words of a refusal about retreats and over-population removals (`None`: another part's).
    fn retreat_words(self, w: &Names) -> Option<String> {
        use Forbidden as F;
        Some(match self {
            F::RetreatOrStay => "retreat a unit (`retreat <from> <to> <kind>`) or `stay`".into(),
            F::TelmoriMustRetreat => {
                "the Telmori must retreat after a round of battle while they can".into()
            }
            F::RetreatOnlyFrom { area: a } => {
                format!("units retreat only from the battle in {}", w.area(a))
            }
            F::RetreatHostile { area: a } => format!("{} holds other nations' units", w.area(a)),
            F::RetreatNotOrigin {
                nation: n,
                kind,
                from,
                to,
            } => format!(
                "an attacking unit retreats only to the area it moved from; no {} of the {} \
                     in {} came from {}",
                kind.name(),
                w.nation(n),
                w.area(from),
                w.area(to)
            ),
            F::RetreatIntoSea => "no retreat into a sea".into(),
            F::RetreatOverStack { area: a } => format!(
                "retreating into {} would break the stacking limits",
                w.area(a)
            ),
            F::NoOverpopulation => "no overpopulation to remove".into(),
            F::WouldEmpty { area: a } => {
                format!("removing the last unit would empty {}", w.area(a))
            }
            _ => return None,
        })
    }

    /// The words of a refusal about the Call to Heroes (`None`: another part's).
    fn heroes_words(self, w: &Names) -> Option<String> {
        use Forbidden as F;
        Some(match self {
            F::BidSealed => "your bid is sealed; `unseal` first".into(),
            F::BidAlreadySealed => "your bid is already sealed".into(),
            F::BidNotSealed => "your bid is not sealed".into(),
            F::BidsOnly => "during the Call to Heroes, `bid <nation> <n>`, then `seal`".into(),
            F::BidNotYours { nation: n } => format!("the {} are not yours", w.nation(n)),
            F::NoHeroes { nation: n } => {
                format!("the {} do not answer the Call to Heroes", w.nation(n))
            }
            F::BidTooHigh {
                nation: n,
                removable,
            } => format!(
                "the {} have only {} that may be removed",
                w.nation(n),
                counted(removable, "unit")
            ),
            F::RemovalsOnly => "remove the units your bid sent to the Call to Heroes, one per \
                                    step: `remove <nation> <area> [kind]`"
                .into(),
            F::HeroNotYours { nation: n } => format!(
                "the {} are not yours; {} picks their units",
                w.nation(n),
                w.owner(n)
            ),
            F::HeroNoBid { nation: n } => {
                format!("the {} send no units to the Call to Heroes", w.nation(n))
            }
            F::HeroAllRemoved { nation: n, removed } => format!(
                "the {} have already removed all {} of their bid",
                w.nation(n),
                counted(removed, "unit")
            ),
            F::HeroExcluded { area: a } => format!(
                "units in {} cannot answer the Call to Heroes (Ralios and Karia cannot)",
                w.area(a)
            ),
            _ => return None,
        })
    }
}

/// The names a refusal's words use: areas, nations, pieces and edges from the board, and
/// players from the game when there is one (else `seat N`).
struct Names<'a> {
    d: &'a PeloriaData,
    g: Option<&'a Peloria>,
}

impl Names<'_> {
    fn area(&self, a: u8) -> &str {
        self.d.areas[a as usize].name.as_str()
    }
    fn nation(&self, n: u8) -> &str {
        self.d.nations[n as usize].name.as_str()
    }
    fn piece(&self, p: u8) -> &str {
        self.d.regalia[p as usize].name.as_str()
    }
    fn edge(&self, e: u8) -> &str {
        self.d.edges[e as usize].name.as_str()
    }
    /// A seat's name with the game, else "seat N".
    fn player(&self, s: usize) -> String {
        match self.g {
            Some(g) => g.players[s].clone(),
            None => format!("seat {}", s + 1),
        }
    }
    /// The seats of `bits`, named, comma-separated.
    fn players(&self, bits: u8) -> String {
        let named: Vec<String> = (0..PLAYERS)
            .filter(|s| bits & 1 << s != 0)
            .map(|s| self.player(s))
            .collect();
        named.join(", ")
    }
    /// The player of nation `n`.
    fn owner(&self, n: u8) -> String {
        self.player(self.d.nations[n as usize].player)
    }
}

/// The hit steps that name one unit of `kind` of nation `n` in the battle, each by its way
/// back (`hit cavalry from Lenshi` or …); without the game, the shape of such a step.
fn ways(d: &PeloriaData, g: Option<&Peloria>, n: u8, kind: Kind) -> String {
    let Some(ways) = g.and_then(|g| g.ways_to_choose(n as usize, kind)) else {
        return format!("`hit {} from <area>`", kind.name());
    };
    let steps: Vec<String> = ways
        .into_iter()
        .map(|from| {
            format!(
                "`{}`",
                Peloria::format_step(d, &Step::HitUnit { kind, from })
            )
        })
        .collect();
    steps.join(" or ")
}
