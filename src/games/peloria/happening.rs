//! What happens in a game of History of Peloria, typed: the rules say a [`Happening`]
//! and [`Happening::text`] words it, the one place the log's sentences are written.
//! Areas, nations, pieces, edges and seats are indices into the board data and the
//! player list. One enum per part of the rules, in rulebook order.

use super::{Kind, PeloriaData};

/// One thing that happened, for the public log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Happening {
    Turn(TurnEvent),
    Movement(MovementEvent),
    Battle(BattleEvent),
    Scoring(ScoringEvent),
    Heroes(HeroesEvent),
}

/// The round and nation turn, population increase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TurnEvent {
    RoundBegins {
        round: u8,
    },
    RegaliaAppears {
        piece: usize,
        area: usize,
    },
    Arrived {
        nation: usize,
        count: usize,
        kind: Kind,
        area: usize,
    },
    Population {
        nation: usize,
        points: u32,
        count: u32,
        new: u32,
        track: u8,
    },
    PlacementLost {
        nation: usize,
        left: u8,
    },
    Placed {
        nation: usize,
        kind: Kind,
        area: usize,
    },
    BatVictimRises {
        area: usize,
    },
    /// After its battles the nation holds more armies than 3 per land area held
    /// (`areas`): its player removes `excess` of them (what comes next, said once).
    Overpopulated {
        nation: usize,
        player: usize,
        excess: usize,
        areas: usize,
    },
    /// What comes next, when a player's step ended their part of a phase: the nation
    /// turn's next decision and who makes it (told in the step's answer only, never kept
    /// in the log, so that a game's state and its replays are unchanged).
    Next(NextUp),
    /// Overpopulation or the stacking limits after movement took a unit.
    Removed {
        overpopulation: bool,
        nation: usize,
        kind: Kind,
        area: usize,
    },
}

/// The decision a phase's end leads to ([`TurnEvent::Next`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NextUp {
    /// `player` places the nation's `left` new units.
    Place {
        nation: usize,
        player: usize,
        left: u8,
    },
    /// `player` moves the nation (`second`: the second movement of an invasion turn).
    Move {
        nation: usize,
        player: usize,
        second: bool,
    },
    /// `player` fights the nation's battles in these areas.
    Battles {
        nation: usize,
        player: usize,
        areas: Vec<usize>,
    },
    /// Every player bids in secret for the Call to Heroes.
    Bids,
}

/// How a move ended, as the log tells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveNote {
    None,
    Stops,
    NeedNotStop,
    MayOverrun,
}

/// The movement phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MovementEvent {
    Moved {
        nation: usize,
        kind: Kind,
        from: usize,
        to: usize,
        note: MoveNote,
    },
    Exited {
        nation: usize,
        kind: Kind,
        edge: usize,
        from: usize,
        vp: i64,
    },
    RegaliaMoved {
        piece: usize,
        to: usize,
    },
    LostAtSea {
        nation: usize,
        count: usize,
    },
    OverStacked {
        nation: usize,
    },
}

/// Battles and retreats.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BattleEvent {
    Begins {
        area: usize,
        attacker: usize,
        defender: usize,
    },
    /// Both sides' dice, shown as rolled (with modifiers).
    Rolled {
        area: usize,
        round: u8,
        attacker: usize,
        attacker_dice: String,
        defender: usize,
        defender_dice: String,
    },
    Died {
        nation: usize,
        kind: Kind,
        area: usize,
        killer: usize,
        vp: i64,
    },
    /// `holder` is the side left in the area, if any.
    Over { area: usize, holder: Option<usize> },
    Retreated {
        nation: usize,
        kind: Kind,
        from: usize,
        to: usize,
    },
}

/// Captures, Emperors, the end-of-round scoring and the end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScoringEvent {
    Captured { nation: usize, area: usize, vp: i64 },
    EmperorFalls { nation: usize },
    EmperorClaims { nation: usize, pieces: u8 },
    NationScoring { scores: Vec<(usize, i64)> },
    Jenarong { nation: usize, vp: i64 },
    Khordavu { nation: usize },
    CompleteEmperor { nation: usize, vp: i64 },
    Shah { nation: usize, areas: usize },
    NoShah,
    GameEnds { round: u8, note: String },
}

/// The Call to Heroes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeroesEvent {
    Begins,
    Sealed {
        seat: usize,
        commitment: String,
    },
    Unsealed {
        seat: usize,
    },
    /// A revealed bid; `capped` holds (nation, units it may remove, units bid).
    Revealed {
        seat: usize,
        bid: String,
        salt: String,
        commitment: String,
        total: u32,
        capped: Vec<(usize, u8, u8)>,
    },
    /// (seat, units owed, nation) for each quota.
    RemovalsBegin {
        owing: Vec<(usize, u8, usize)>,
    },
    Leaves {
        nation: usize,
        kind: Kind,
        area: usize,
        left: u8,
    },
    Awards {
        awards: Vec<i64>,
    },
}

/// Names of the board's things, for wording.
struct Names<'a> {
    d: &'a PeloriaData,
    players: &'a [String],
}

impl Names<'_> {
    fn area(&self, a: usize) -> &str {
        &self.d.areas[a].name
    }
    fn nation(&self, n: usize) -> &str {
        &self.d.nations[n].name
    }
    fn player(&self, s: usize) -> &str {
        &self.players[s]
    }
}

/// `1 unit`, `0 units`, `3 units` (`thing` in the singular).
pub(crate) fn units(n: u32, thing: &str) -> String {
    if n == 1 {
        format!("1 {thing}")
    } else {
        format!("{n} {thing}s")
    }
}

impl Happening {
    /// The log sentence.
    pub fn text(&self, d: &PeloriaData, players: &[String]) -> String {
        let w = Names { d, players };
        match self {
            Happening::Turn(e) => e.text(&w),
            Happening::Movement(e) => e.text(&w),
            Happening::Battle(e) => e.text(&w),
            Happening::Scoring(e) => e.text(&w),
            Happening::Heroes(e) => e.text(&w),
        }
    }
}

impl TurnEvent {
    fn text(&self, w: &Names) -> String {
        match *self {
            TurnEvent::RoundBegins { round } => format!("— Round {round} —"),
            TurnEvent::RegaliaAppears { piece, area } => format!(
                "The {} appears in {}.",
                w.d.regalia[piece].name,
                w.area(area)
            ),
            TurnEvent::Arrived {
                nation,
                count,
                kind,
                area,
            } => format!(
                "{}: {count} {} {} in {}.",
                w.nation(nation),
                kind.name(),
                if count == 1 { "arrives" } else { "arrive" },
                w.area(area)
            ),
            TurnEvent::Population {
                nation,
                points,
                count,
                new,
                track,
            } => format!(
                "{} population: {points} points + track = {count}: {}, track {track}.",
                w.nation(nation),
                units(new, "new unit")
            ),
            TurnEvent::PlacementLost { nation, left } => format!(
                "{} cannot place {}: lost; population track set to 5.",
                w.nation(nation),
                units(u32::from(left), "new unit")
            ),
            TurnEvent::Placed { nation, kind, area } => format!(
                "{}: a new {} is placed in {}.",
                w.nation(nation),
                kind.name(),
                w.area(area)
            ),
            TurnEvent::BatVictimRises { area } => format!(
                "The Bat's victim in {} rises as a Telmori (the Mad Horde).",
                w.area(area)
            ),
            TurnEvent::Overpopulated {
                nation,
                player,
                excess,
                areas,
            } => format!(
                "The {} are over-populated (at most 3 armies per land area held, {}): {} \
                 removes {} (`remove <area> <kind>`).",
                w.nation(nation),
                units(areas as u32, "area"),
                w.player(player),
                armies(excess)
            ),
            TurnEvent::Next(ref next) => next.text(w),
            TurnEvent::Removed {
                overpopulation,
                nation,
                kind,
                area,
            } => format!(
                "{}: the {} lose one {} in {}.",
                if overpopulation {
                    "Overpopulation"
                } else {
                    "Stacking"
                },
                w.nation(nation),
                kind.name(),
                w.area(area)
            ),
        }
    }
}

/// "1 army", "3 armies".
fn armies(n: usize) -> String {
    if n == 1 {
        "1 army".to_string()
    } else {
        format!("{n} armies")
    }
}

impl NextUp {
    fn text(&self, w: &Names) -> String {
        match *self {
            NextUp::Place {
                nation,
                player,
                left,
            } => format!(
                "Next: {} places the {}' {} (`place <area> <kind>`).",
                w.player(player),
                w.nation(nation),
                units(u32::from(left), "new unit")
            ),
            NextUp::Move {
                nation,
                player,
                second,
            } => format!(
                "Next: {} moves the {}{} (`move <from> <to> <kind>`, then `done`).",
                w.player(player),
                w.nation(nation),
                if second {
                    " again: the second movement of their invasion"
                } else {
                    ""
                }
            ),
            NextUp::Battles {
                nation,
                player,
                ref areas,
            } => {
                let names: Vec<&str> = areas.iter().map(|&a| w.area(a)).collect();
                format!(
                    "Next: {} fights the {}' {} in {} (`battle <area>`).",
                    w.player(player),
                    w.nation(nation),
                    if areas.len() == 1 {
                        "battle"
                    } else {
                        "battles"
                    },
                    names.join(", ")
                )
            }
            NextUp::Bids => "Next: the Call to Heroes: every player bids for their nations in \
                             secret (`bid <nation> <n>`, then `seal`)."
                .to_string(),
        }
    }
}

/// A unit's move read back from its log line: nation, kind, from, to and how it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    pub nation: usize,
    pub kind: Kind,
    pub from: usize,
    pub to: usize,
    pub note: MoveNote,
}

impl Move {
    /// The move `line` words, if it is exactly the line [`MovementEvent::Moved`] writes
    /// for one (checked by wording the move read and comparing): the status strip words a
    /// run of moves compactly from these.
    pub fn read(d: &PeloriaData, line: &str) -> Option<Move> {
        let (nation_name, rest) = line.split_once(": one ")?;
        let nation = d.nation(nation_name)?;
        let (kind, rest) = rest.split_once(" moves from ")?;
        let kind = Kind::parse(kind)?;
        let rest = rest.strip_suffix('.')?;
        let notes = [
            (" and stops", MoveNote::Stops),
            (" (need not stop)", MoveNote::NeedNotStop),
            (" and may overrun", MoveNote::MayOverrun),
        ];
        let (rest, note) = notes
            .iter()
            .find_map(|&(s, n)| rest.strip_suffix(s).map(|r| (r, n)))
            .unwrap_or((rest, MoveNote::None));
        let (from, to) = rest.split_once(" to ")?;
        let m = Move {
            nation,
            kind,
            from: d.area(from)?,
            to: d.area(to)?,
            note,
        };
        let ev = MovementEvent::Moved {
            nation,
            kind,
            from: m.from,
            to: m.to,
            note,
        };
        (Happening::Movement(ev).text(d, &[]) == line).then_some(m)
    }
}

impl MovementEvent {
    fn text(&self, w: &Names) -> String {
        match *self {
            MovementEvent::Moved { nation, kind, from, to, note } => format!(
                "{}: one {} moves from {} to {}{}.",
                w.nation(nation),
                kind.name(),
                w.area(from),
                w.area(to),
                match note {
                    MoveNote::None => "",
                    MoveNote::Stops => " and stops",
                    MoveNote::NeedNotStop => " (need not stop)",
                    MoveNote::MayOverrun => " and may overrun",
                }
            ),
            MovementEvent::Exited { nation, kind, edge, from, vp } => format!(
                "{} {} leaves by {} from {} (+{vp} VP).",
                w.nation(nation),
                kind.name(),
                w.d.edges[edge].name,
                w.area(from)
            ),
            MovementEvent::RegaliaMoved { piece, to } => format!(
                "The Emperor moves the {} to {}.",
                w.d.regalia[piece].name,
                w.area(to)
            ),
            MovementEvent::LostAtSea { nation, count } => format!(
                "{} left at sea {} lost: Pelandans may not end their movement in a sea.",
                units(count as u32, &format!("{} unit", w.nation(nation))),
                if count == 1 { "is" } else { "are" }
            ),
            MovementEvent::OverStacked { nation } => format!(
                "The {} are over the stacking limits: their player removes units (`remove <area> <kind>`).",
                w.nation(nation)
            ),
        }
    }
}

impl BattleEvent {
    fn text(&self, w: &Names) -> String {
        match self {
            BattleEvent::Begins {
                area,
                attacker,
                defender,
            } => format!(
                "Battle in {}: {} attack the {}.",
                w.area(*area),
                w.nation(*attacker),
                w.nation(*defender)
            ),
            BattleEvent::Rolled {
                area,
                round,
                attacker,
                attacker_dice,
                defender,
                defender_dice,
            } => {
                format!(
                    "{} round {round}: {} roll {attacker_dice}; {} roll {defender_dice}.",
                    w.area(*area),
                    w.nation(*attacker),
                    w.nation(*defender)
                )
            }
            BattleEvent::Died {
                nation,
                kind,
                area,
                killer,
                vp,
            } => {
                let extra = if *vp > 0 {
                    format!(" (+{vp} VP to the {})", w.nation(*killer))
                } else {
                    String::new()
                };
                let unit = format!("{} {}", w.nation(*nation), kind.name());
                let dies = crate::engine::a_or_an(&unit);
                format!(
                    "{}{} dies in {}{extra}.",
                    dies[..1].to_uppercase(),
                    &dies[1..],
                    w.area(*area)
                )
            }
            BattleEvent::Over { area, holder } => {
                let winner = match holder {
                    Some(n) => format!("the {} hold {}", w.nation(*n), w.area(*area)),
                    None => format!("{} is empty", w.area(*area)),
                };
                format!("Battle in {} over: {winner}.", w.area(*area))
            }
            BattleEvent::Retreated {
                nation,
                kind,
                from,
                to,
            } => format!(
                "{}: one {} retreats from {} to {}.",
                w.nation(*nation),
                kind.name(),
                w.area(*from),
                w.area(*to)
            ),
        }
    }
}

impl ScoringEvent {
    fn text(&self, w: &Names) -> String {
        match self {
            ScoringEvent::Captured { nation, area, vp } => format!(
                "The {} capture {} (+{vp} VP).",
                w.nation(*nation),
                w.area(*area)
            ),
            ScoringEvent::EmperorFalls { nation } => format!(
                "The {} are destroyed: there is no Emperor, and a claim needs 1 piece again.",
                w.nation(*nation)
            ),
            ScoringEvent::EmperorClaims { nation, pieces } => format!(
                "The {} claim the Emperorship with {} of regalia.",
                w.nation(*nation),
                units(u32::from(*pieces), "piece")
            ),
            ScoringEvent::NationScoring { scores } => {
                let parts: Vec<String> = scores
                    .iter()
                    .map(|(n, vp)| format!("{} {vp}", w.nation(*n)))
                    .collect();
                format!(
                    "Nation scoring: {}.",
                    if parts.is_empty() {
                        "nobody scores".into()
                    } else {
                        parts.join(", ")
                    }
                )
            }
            ScoringEvent::Jenarong { nation, vp } => format!(
                "Jenarong Emperor: the {} score {vp} VP for their regalia.",
                w.nation(*nation)
            ),
            ScoringEvent::Khordavu { nation } => format!(
                "Rites of Khordavu: the regalia are assembled; the {} gain 10 VP.",
                w.nation(*nation)
            ),
            ScoringEvent::CompleteEmperor { nation, vp } => format!(
                "Complete Emperor: the {} score {vp} VP for areas connected to Vonlath.",
                w.nation(*nation)
            ),
            ScoringEvent::Shah { nation, areas } => format!(
                "The {} hold {areas} areas north-west of the barbarian belt, twice any other nation: Shah of Carmania, +10 VP.",
                w.nation(*nation)
            ),
            ScoringEvent::NoShah => {
                "No nation holds twice the areas of every other: no Shah of Carmania.".into()
            }
            ScoringEvent::GameEnds { round, note } => {
                format!("The game ends after round {round}: {note}.")
            }
        }
    }
}

impl HeroesEvent {
    fn text(&self, w: &Names) -> String {
        match self {
            HeroesEvent::Begins => "The Call to Heroes: every player bids, in secret, units to remove from each nation.".into(),
            HeroesEvent::Sealed { seat, commitment } => format!(
                "{} sealed a Call to Heroes bid, commitment {commitment}.",
                w.player(*seat)
            ),
            HeroesEvent::Unsealed { seat } => {
                format!("{} takes back their sealed bid.", w.player(*seat))
            }
            HeroesEvent::Revealed { seat, bid, salt, commitment, total, capped } => {
                let mut line = format!(
                    "{} revealed `{bid}` (salt {salt}, commitment {commitment}): {} to remove.",
                    w.player(*seat),
                    units(*total, "unit")
                );
                if !capped.is_empty() {
                    let parts: Vec<String> = capped
                        .iter()
                        .map(|(n, may, v)| format!(
                            "the {} have only {} that may go, so their bid of {v} is capped to {may}",
                            w.nation(*n),
                            units(u32::from(*may), "unit")
                        ))
                        .collect();
                    line.push_str(&format!(" Capped: {}.", parts.join("; ")));
                }
                line
            }
            HeroesEvent::RemovalsBegin { owing } => {
                let parts: Vec<String> = owing
                    .iter()
                    .map(|(s, owed, n)| format!("{} {owed} {}", w.player(*s), w.nation(*n)))
                    .collect();
                format!(
                    "Call to Heroes removals, all players at once, one unit per step \
                     (`remove <nation> <area> [kind]`, not from Ralios or Karia): {}.",
                    parts.join(", ")
                )
            }
            HeroesEvent::Leaves { nation, kind, area, left } => format!(
                "Call to Heroes: one {} {} leaves {} ({left} more to go).",
                w.nation(*nation),
                kind.name(),
                w.area(*area)
            ),
            HeroesEvent::Awards { awards } => format!(
                "Call to Heroes awards: {}.",
                awards
                    .iter()
                    .enumerate()
                    .map(|(s, a)| format!("{} {a} VP", w.player(s)))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }
    }
}

impl From<TurnEvent> for Happening {
    fn from(e: TurnEvent) -> Self {
        Happening::Turn(e)
    }
}
impl From<MovementEvent> for Happening {
    fn from(e: MovementEvent) -> Self {
        Happening::Movement(e)
    }
}
impl From<BattleEvent> for Happening {
    fn from(e: BattleEvent) -> Self {
        Happening::Battle(e)
    }
}
impl From<ScoringEvent> for Happening {
    fn from(e: ScoringEvent) -> Self {
        Happening::Scoring(e)
    }
}
impl From<HeroesEvent> for Happening {
    fn from(e: HeroesEvent) -> Self {
        Happening::Heroes(e)
    }
}
