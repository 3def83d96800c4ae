//! What happens in a game of Nippon, typed: the rules say a [`Happening`] and
//! [`Happening::text`] words it, the one place the log's sentences are written. Seats,
//! goods, regions, cities, worker colours, achievements, contracts and reward tiles are
//! indices into the player list and the board data. One enum per part of the rules, in
//! rulebook order. Nothing in Nippon is hidden, so every happening is public.

use super::board::{needs_text, yen};
use super::{NipponData, TrackKind};

/// One thing that happened, for the public log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Happening {
    Turn(TurnEvent),
    Workers(WorkersEvent),
    Factories(FactoriesEvent),
    Tracks(TracksEvent),
    Rail(RailEvent),
    Export(ExportEvent),
    Market(MarketEvent),
    Consolidate(ConsolidateEvent),
    Scoring(ScoringEvent),
}

/// A player's turn: the blueprints one may spend at any time of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TurnEvent {
    /// Blueprints discarded to raise a track one step.
    BlueprintsSpent { seat: usize, track: TrackKind },
    /// The only step left was `done`: the action ended by itself.
    NothingMore { seat: usize },
    /// No step could carry the action on: it ended as it stood.
    ActionCannotGoOn { seat: usize },
    /// The action is over and the player could still spend blueprints on these tracks.
    BlueprintsLeft {
        seat: usize,
        blueprints: u32,
        tracks: Vec<TrackKind>,
    },
}

/// Taking a worker, refilling the action slots, the scoring marker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WorkersEvent {
    /// `slot` is 1-based, as players number the action slots.
    Took {
        seat: usize,
        colour: u8,
        slot: u8,
    },
    /// `row` and `slot` are 0-based.
    RowMoved {
        row: usize,
        slot: usize,
    },
    FullRefill,
    MarkerMoved {
        slot: usize,
    },
    LastRounds,
}

/// Investing in a new industry, machinery, producing goods.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FactoriesEvent {
    /// `blueprints` paid for missing knowledge; `machine` installed from supply (0 none).
    Built {
        seat: usize,
        good: usize,
        blueprints: u32,
        machine: u8,
    },
    /// The factory's machine is now `machine` (1 installed, 2 upgraded).
    Improved {
        seat: usize,
        good: usize,
        machine: u8,
    },
    MachineToSupply {
        seat: usize,
    },
    Ran {
        seat: usize,
        good: usize,
        made: u8,
    },
}

/// Knowledge and mines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TracksEvent {
    MarkerUp {
        seat: usize,
        track: TrackKind,
        steps: u8,
    },
}

/// Trains and ships.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RailEvent {
    /// `money`: a fully revealed money symbol raised the money marker.
    Built {
        seat: usize,
        ship: bool,
        region: usize,
        money: bool,
    },
}

/// Export.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExportEvent {
    /// `contract` is 0-based; `money` the steps the money marker really moved.
    Fulfilled {
        seat: usize,
        contract: usize,
        money: u32,
    },
}

/// The local market.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MarketEvent {
    /// `returned`: (owner, value) of each tile that went back to its owner.
    Supplied {
        seat: usize,
        cubes: u8,
        good: usize,
        city: usize,
        value: u8,
        returned: Vec<(usize, u8)>,
    },
}

/// Consolidation: budget, the Emperor's reward, the workforce.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConsolidateEvent {
    Budget {
        seat: usize,
        yen: u32,
        coal: u32,
    },
    /// `reward`: the index of the reward stack in the board data.
    RewardTaken {
        seat: usize,
        reward: usize,
    },
    SetAside {
        seat: usize,
    },
    OnlyHigherRewardsLeft,
    MultiplierTaken {
        seat: usize,
    },
    OnSpace {
        seat: usize,
        multiplier: u32,
        achievement: usize,
    },
    /// `colours` held, `paid` of them paid for, `lost` VP for the rest.
    Workforce {
        seat: usize,
        colours: u32,
        paid: u32,
        lost: i64,
    },
}

/// The scorings and the end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScoringEvent {
    /// Scoring `scoring` (0-based): per region, the (seat, VP) of each seat that scored.
    Scored {
        scoring: usize,
        regions: Vec<(usize, Vec<(usize, i64)>)>,
    },
    GameEnds {
        note: String,
    },
}

/// Names of the board's things, for wording.
struct Names<'a> {
    d: &'a NipponData,
    players: &'a [String],
}

impl Names<'_> {
    fn player(&self, s: usize) -> &str {
        &self.players[s]
    }
    fn good(&self, g: usize) -> &str {
        &self.d.goods[g].name
    }
    fn region(&self, r: usize) -> &str {
        &self.d.regions[r].name
    }
}

impl Happening {
    /// The log sentence.
    pub fn text(&self, d: &NipponData, players: &[String]) -> String {
        let w = Names { d, players };
        match self {
            Happening::Turn(e) => e.text(&w),
            Happening::Workers(e) => e.text(&w),
            Happening::Factories(e) => e.text(&w),
            Happening::Tracks(e) => e.text(&w),
            Happening::Rail(e) => e.text(&w),
            Happening::Export(e) => e.text(&w),
            Happening::Market(e) => e.text(&w),
            Happening::Consolidate(e) => e.text(&w),
            Happening::Scoring(e) => e.text(&w),
        }
    }
}

impl TurnEvent {
    fn text(&self, w: &Names) -> String {
        match self {
            TurnEvent::BlueprintsSpent { seat, track } => format!(
                "{} discards {} blueprints: {} +1.",
                w.player(*seat),
                w.d.blueprints_per_step,
                track.name()
            ),
            TurnEvent::NothingMore { seat } => format!(
                "{} can do nothing more: the action ends, and the turn with it.",
                w.player(*seat)
            ),
            TurnEvent::ActionCannotGoOn { seat } => format!(
                "No step can carry on {}'s action: it ends as it stands.",
                w.player(*seat)
            ),
            TurnEvent::BlueprintsLeft {
                seat,
                blueprints,
                tracks,
            } => format!(
                "{} holds {blueprints} blueprints: `blueprints <{}>` spends {}, `done` ends the turn.",
                w.player(*seat),
                tracks.iter().map(|t| t.name()).collect::<Vec<_>>().join("|"),
                w.d.blueprints_per_step
            ),
        }
    }
}

impl WorkersEvent {
    fn text(&self, w: &Names) -> String {
        match *self {
            WorkersEvent::Took { seat, colour, slot } => {
                let name = &w.d.worker_colours[colour as usize].0;
                let article = if name.starts_with(['a', 'e', 'i', 'o', 'u']) {
                    "an"
                } else {
                    "a"
                };
                format!(
                    "{} takes {article} {name} worker from action slot {slot}.",
                    w.player(seat)
                )
            }
            WorkersEvent::RowMoved { row, slot } => format!(
                "Worker row {} moves onto action slot {}.",
                row + 1,
                slot + 1
            ),
            WorkersEvent::FullRefill => {
                "Every worker row was empty: the action slots and rows are refilled from the bag."
                    .into()
            }
            WorkersEvent::MarkerMoved { slot } => {
                format!("The scoring marker moves to slot {slot}.")
            }
            WorkersEvent::LastRounds => {
                "The marker reached the first golden slot: every player has exactly 3 more turns."
                    .into()
            }
        }
    }
}

impl FactoriesEvent {
    fn text(&self, w: &Names) -> String {
        match *self {
            FactoriesEvent::Built {
                seat,
                good,
                blueprints,
                machine,
            } => format!(
                "{} builds {} factory for {}{}{} (synergy: {}).",
                w.player(seat),
                crate::engine::a_or_an(w.good(good)),
                yen(w.d.cost_factory),
                if blueprints > 0 {
                    format!(" and {}", crate::engine::counted(blueprints, "blueprint"))
                } else {
                    String::new()
                },
                match machine {
                    1 => ", installing a +1 machine from supply",
                    2 => ", installing a +2 machine from supply",
                    _ => "",
                },
                w.d.goods[good].synergy
            ),
            FactoriesEvent::Improved {
                seat,
                good,
                machine,
            } => format!(
                "{} {} the machine of the {} factory (+{machine}).",
                w.player(seat),
                if machine == 1 { "installs" } else { "upgrades" },
                w.good(good)
            ),
            FactoriesEvent::MachineToSupply { seat } => {
                format!("{} takes a +1 machine into supply.", w.player(seat))
            }
            FactoriesEvent::Ran { seat, good, made } => format!(
                "{} runs the {} factory for {} coal: {}.",
                w.player(seat),
                w.good(good),
                w.d.goods[good].coal,
                crate::engine::counted(made, "good")
            ),
        }
    }
}

impl TracksEvent {
    fn text(&self, w: &Names) -> String {
        match *self {
            TracksEvent::MarkerUp { seat, track, steps } => format!(
                "{} pays {} to move the {} marker up {steps}.",
                w.player(seat),
                yen(w.d.track_cost[steps as usize - 1]),
                track.name()
            ),
        }
    }
}

impl RailEvent {
    fn text(&self, w: &Names) -> String {
        match *self {
            RailEvent::Built {
                seat,
                ship,
                region,
                money,
            } => format!(
                "{} builds a {} in {}{}.",
                w.player(seat),
                if ship { "ship" } else { "train" },
                w.region(region),
                if money {
                    ", revealing a money symbol (money +1)"
                } else {
                    ""
                }
            ),
        }
    }
}

impl ExportEvent {
    fn text(&self, w: &Names) -> String {
        match *self {
            ExportEvent::Fulfilled {
                seat,
                contract,
                money,
            } => {
                let c = &w.d.contracts[contract];
                format!(
                    "{} fulfils contract {} ({}): {}, money +{money}.",
                    w.player(seat),
                    contract + 1,
                    needs_text(&c.needs),
                    c.bonus
                )
            }
        }
    }
}

impl MarketEvent {
    fn text(&self, w: &Names) -> String {
        match self {
            MarketEvent::Supplied {
                seat,
                cubes,
                good,
                city,
                value,
                returned,
            } => {
                let mut msg = format!(
                    "{} supplies {cubes} {} to {} and places a value-{value} tile",
                    w.player(*seat),
                    w.good(*good),
                    w.d.city_name(*city)
                );
                for (owner, old) in returned {
                    msg.push_str(&format!(
                        ", returning {}'s value-{old} tile",
                        w.player(*owner)
                    ));
                }
                msg.push_str(&format!("; region bonus {}.", w.d.regions[city / 2].bonus));
                msg
            }
        }
    }
}

impl ConsolidateEvent {
    fn text(&self, w: &Names) -> String {
        match *self {
            ConsolidateEvent::Budget {
                seat,
                yen: money,
                coal,
            } => format!(
                "{} consolidates: budget {} and {coal} coal.",
                w.player(seat),
                yen(money)
            ),
            ConsolidateEvent::RewardTaken { seat, reward } => {
                let r = &w.d.rewards[reward];
                format!(
                    "{} takes a x{} reward tile: {}.",
                    w.player(seat),
                    r.multiplier,
                    r.bonus
                )
            }
            ConsolidateEvent::SetAside { seat } => format!(
                "Every achievement space of {} is covered: the tile is set aside and scores nothing.",
                w.player(seat)
            ),
            ConsolidateEvent::OnlyHigherRewardsLeft => {
                "Only higher reward tiles are left: no Emperor's reward.".into()
            }
            ConsolidateEvent::MultiplierTaken { seat } => format!(
                "No reward tile is left: {} takes a 2x multiplier tile.",
                w.player(seat)
            ),
            ConsolidateEvent::OnSpace {
                seat,
                multiplier,
                achievement,
            } => format!(
                "{} puts the x{multiplier} tile on the {} achievement.",
                w.player(seat),
                w.d.achievements[achievement].name
            ),
            ConsolidateEvent::Workforce {
                seat,
                colours,
                paid,
                lost,
            } => format!(
                "{} pays {} for {}{}; the workers go back to the bag.",
                w.player(seat),
                yen(paid * w.d.cost_worker_colour),
                crate::engine::counted(colours, "worker colour"),
                if lost > 0 {
                    format!(" and loses {lost} VP")
                } else {
                    String::new()
                }
            ),
        }
    }
}

impl ScoringEvent {
    fn text(&self, w: &Names) -> String {
        match self {
            ScoringEvent::Scored { scoring, regions } => {
                let parts: Vec<String> = regions
                    .iter()
                    .map(|(r, won)| {
                        let bits: Vec<String> = won
                            .iter()
                            .map(|(s, vp)| format!("{} {vp}", w.player(*s)))
                            .collect();
                        format!("{}: {}", w.region(*r), bits.join(", "))
                    })
                    .collect();
                format!(
                    "Scoring {}: {}.",
                    scoring + 1,
                    if parts.is_empty() {
                        "nobody scores".to_string()
                    } else {
                        parts.join("; ")
                    }
                )
            }
            ScoringEvent::GameEnds { note } => format!("The game ends. {note}"),
        }
    }
}

/// `From` each part's event into [`Happening`], so the rules say `self.say(d, ev, FactoriesEvent::Ran {..})`.
macro_rules! into_happening {
    ($($part:ident: $event:ident),*) => {$(
        impl From<$event> for Happening {
            fn from(e: $event) -> Self {
                Happening::$part(e)
            }
        }
    )*};
}

into_happening!(
    Turn: TurnEvent,
    Workers: WorkersEvent,
    Factories: FactoriesEvent,
    Tracks: TracksEvent,
    Rail: RailEvent,
    Export: ExportEvent,
    Market: MarketEvent,
    Consolidate: ConsolidateEvent,
    Scoring: ScoringEvent
);
