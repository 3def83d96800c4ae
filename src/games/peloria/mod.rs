//! History of Peloria (Keith Nellist, Rule One issue 2): a Britannia-style wargame in
//! Glorantha for 4 players with 4 nations each, over 16 rounds.
//!
//! Layout: this file holds the state, the step type [`Step`] and the [`Game`] impl, which
//! delegates to `rules.rs` (the rules in rulebook order under phase banners, with the one
//! legality function `legality`) and `view.rs` (the per-viewer [`View`], `scramble`,
//! `describe`). Board and nation data: `board.rs` and `board_art/peloria/board.txt` (most
//! nation sheets are authored; the file says what).
//!
//! Readings of the ambiguous clauses (also in the rules topics, `topics.rs`):
//! - PEL-DIFF-2: 16 rounds.
//! - PEL-POP-11: mountains count 1 point (as rough) for the nations that may hold them;
//!   "Esvulthil" is the Tripolis area Esvuthil. Cursed Dorastor counts 0 (Telmori: 1).
//! - PEL-OVR-6: both permanent-forest areas and areas with an Aldryami forest counter can
//!   never be overrun; as many movers as there are defenders must stay behind (cavalry: one
//!   fewer, but at least one).
//! - PEL-BAT-5 / PEL-BAT-11: the 6 against defending cavalry is the modified roll; in a
//!   mixed army the player whose army it is chooses which unit each result kills.
//! - PEL-RET-7: retreats are offered after every round, from the first on (Britannia).
//! - PEL-INV-3: invasion turns are in the board file (each late nation's arrival round).
//! - PEL-SCORE-2: nation scoring in rounds 4, 8, 12 and 16 (board file).
//! - PEL-EMP-19: a nation holds a piece lying in an area it occupies; pieces "with" a nation
//!   start in its home area; claims are automatic at the end of each nation turn in rounds
//!   with emperor scoring; the Jenarong Emperor scores 1 VP per piece held at the end of
//!   each Jenarong round.
//! - PEL-KHOR-5: "all the Regalia" is every piece except the Bow, in Vonlath, with the
//!   Imperial Nation holding Vonlath; checked at the end of rounds 4 and 5, paid once.
//! - PEL-CEMP-3: "connected" is a chain of the nation's own adjacent areas reaching
//!   Vonlath, which it must hold; scored at the end of each Complete Emperor round.
//! - PEL-HERO-16: the winner's VP is the total removed by all players; tie patterns not in
//!   the text: a tied group gets the award one level below the best place it covers.
//! - PEL-SHAH-4: checked at the end of each of rounds 14, 15 and 16; may score each time.
//!
//! Choices where the text is silent (Britannia or the nation sheets): the round-1 arrivals
//! are the starting forces, on the board at setup; units over the stacking limits at the
//! end of movement are lost (their player picks them); Pelandans still at sea at `done` are lost;
//! the Telmori may retreat to any empty mountain or to Dorastor; units the Bat kills in
//! round 15 rise as Telmori.
//!
//! Call to Heroes removals (PEL-HERO-5): after the reveal, the owner of each nation picks
//! which of its units leave, one unit per step (`remove <nation> <area> [kind]`; the kind
//! may be left out when the nation has one kind there), never from Ralios or Karia. All
//! players who owe units are acting seats at once (one [`Pending::Heroes`] prompt); the
//! end state does not depend on who goes first, since each player removes only their own
//! nations' units. A bid above the units a nation may remove is capped, and the log says
//! so. The awards and the YOUF exit points are computed from the units actually removed,
//! after the last removal. A seat that does not act (resigned, deadline) removes from its
//! largest removable stack, infantry first.
//!
//! Invariants:
//! - All randomness (battle dice, commitment salts) comes from the state's [`GameRng`].
//! - Between decisions the game advances by itself ([`Peloria::advance`]) until a seat must
//!   choose; the acting seat is the top pending prompt's (hits, retreats) or else the
//!   owner of the nation whose turn it is.
//! - Sealed Call to Heroes bids are private to their seat until all four are revealed.

mod board;
mod happening;
pub mod render;
mod rules;
mod strip_words;
#[cfg(test)]
mod tests;
mod topics;
mod turn_record;
mod view;

pub use board::{
    parse_board, Area, Arrival, Edge, Flags, Kind, Nation, PeloriaData, Piece, RoundKinds,
    ScoreRule, Terrain, NAMED_AREAS, NATIONS, PLAYERS, ROUNDS,
};
pub use rules::{hero_awards, Forbidden};
pub use view::View;

use crate::engine::sealed::SealedChoices;
use crate::engine::{match_step, Event, ParseError, Rules};
use crate::engine::{
    Applied, Game, GameKind, GameRng, Holder, Kind as EngineKind, NoOptions, Prompt, Prompts,
    RuleError, RulesTopic, Seat, SetupError, Status, Viewer,
};
use serde::{Deserialize, Serialize};

/// The game's id in commands.
pub const ID: &str = "peloria";

/// The board file, embedded.
pub const BOARD: &str = include_str!("../../../board_art/peloria/board.txt");

/// Parse a board text and register the game with its renderer (see `games::GAMES`).
pub fn kind(text: &str) -> Result<&'static dyn GameKind, crate::engine::BoardError> {
    let data = parse_board(text)?;
    Ok(EngineKind::<Peloria>::leak(data, render::render))
}

/// One unit on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unit {
    pub nation: u8,
    pub kind: Kind,
    pub area: u8,
    /// Areas it may still move this movement phase.
    pub left: u8,
    /// The area it entered its present area from in this movement phase, if it moved:
    /// where it goes back to if it retreats as an attacker (PEL-RET-3).
    #[serde(default)]
    pub from: Option<u8>,
}

/// A step: one decision. Areas, nations and pieces are indices into the board data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// `place <Area> <kind>`: one new unit from population increase.
    Place { area: usize, kind: Kind },
    /// `move <From> <To> <kind>`: one unit one area.
    Move { from: usize, to: usize, kind: Kind },
    /// `move <From> <Edge> <kind>`: one unit leaves the map by an exit edge.
    Exit {
        from: usize,
        edge: usize,
        kind: Kind,
    },
    /// `regalia <Piece> <Area>`: the Emperor moves a piece one area.
    Regalia { piece: usize, to: usize },
    /// `done`: end this movement phase.
    Done,
    /// `battle <Area>`: fight the battle there next.
    Battle(usize),
    /// `hit <kind>`: the die result now allocated kills a unit of this kind (all alike).
    Hit(Kind),
    /// `hit <kind> from <Area>` (`from: Some`), `hit <kind> unmoved` (`None`): the result
    /// kills the unit of this kind that entered the battle's area from that area, or one
    /// that did not move in, when the units of the kind differ in their way back
    /// (PEL-BRIT-11; rules version 2).
    HitUnit { kind: Kind, from: Option<usize> },
    /// `retreat <From> <To> <kind>`: one unit retreats.
    Retreat { from: usize, to: usize, kind: Kind },
    /// `stay`: retreat no (more) units this round.
    Stay,
    /// `remove <Area> <kind>`: overpopulation removes one unit.
    Remove { area: usize, kind: Kind },
    /// `bid <Nation> <n>`: Call to Heroes draft for one nation.
    Bid { nation: usize, units: u8 },
    /// `remove <Nation> <Area> <kind>`: after the reveal, one unit of the nation answers
    /// the Call to Heroes and leaves the board. The kind may be left out when the nation
    /// has a single kind of unit there (see [`Game::parse_step`]).
    Hero {
        nation: usize,
        area: usize,
        kind: Kind,
    },
    /// `seal`: seal the Call to Heroes bid.
    Seal,
    /// `unseal`: take the sealed bid back.
    Unseal,
}

/// Where the current nation turn is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// `left` new units to place.
    Place {
        left: u8,
    },
    /// Movement; cycle 1, or 2 in an invasion turn.
    Move {
        cycle: u8,
    },
    /// End of movement over the stacking limits: the owner removes units (PEL-MOVE-8).
    Stacking {
        cycle: u8,
    },
    /// Battles of this cycle.
    Battle {
        cycle: u8,
    },
    Overpop,
    /// The Call to Heroes bids after round 13.
    Bids,
    /// The Call to Heroes removals after the reveal: a [`Pending::Heroes`] prompt asks
    /// every player who still owes units.
    Removals,
    Finished,
}

/// Stage of a battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// Roll the next round.
    Roll,
    Hits,
    DefenderRetreat,
    AttackerRetreat,
}

/// A battle being fought.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battle {
    pub area: usize,
    pub attacker: usize,
    pub defender: usize,
    /// Round of battle, from 1.
    pub round: u8,
    pub stage: Stage,
    /// Die results still to allocate: (nation hit, modified result).
    pub hits: Vec<(usize, u8)>,
    /// Parallel to `hits`: did the result come from the Crimson Bat's dice?
    #[serde(default)]
    pub bat_hits: Vec<bool>,
}

/// A decision asked of a seat other than (or besides) the turn's owner.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pending {
    /// The owner of `nation` chooses which unit the result `result` kills.
    Hit {
        seat: Seat,
        nation: usize,
        result: u8,
    },
    /// The owner of `nation` retreats units or stays.
    Retreat { seat: Seat, nation: usize },
    /// The Call to Heroes removals: every player who still owes units picks them, one per
    /// step, all players at once. Invariant: on the stack only while some quota owes units;
    /// one quota per nation that bid, in nation order, `owed` never above the units the
    /// nation may still remove.
    Heroes { quotas: Vec<Quota> },
}

/// What one nation owes the Call to Heroes after the reveal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Quota {
    /// The nation's owner, who picks the units.
    pub seat: Seat,
    pub nation: usize,
    /// Units still to remove (the bid, capped at the removable units at the reveal).
    pub owed: u8,
    /// Units removed so far.
    pub removed: u8,
}

impl Pending {
    /// Does this prompt ask `seat` (is it among [`Prompt::seats`])? Without building the
    /// list: the first check of every legality call while a prompt is open.
    pub(crate) fn asks(&self, seat: Seat) -> bool {
        match self {
            Pending::Hit { seat: s, .. } | Pending::Retreat { seat: s, .. } => *s == seat,
            Pending::Heroes { quotas } => quotas.iter().any(|q| q.owed > 0 && q.seat == seat),
        }
    }
}

impl Prompt for Pending {
    fn seats(&self) -> Vec<Seat> {
        match self {
            Pending::Hit { seat, .. } | Pending::Retreat { seat, .. } => vec![*seat],
            Pending::Heroes { quotas } => {
                let mut s: Vec<Seat> = quotas
                    .iter()
                    .filter(|q| q.owed > 0)
                    .map(|q| q.seat)
                    .collect();
                s.sort_unstable();
                s.dedup();
                s
            }
        }
    }
}

/// Outcome of the Call to Heroes, kept for the view.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeroesResult {
    /// Per seat: bids per nation (nation index, units).
    pub bids: Vec<Vec<(usize, u8)>>,
    /// Per seat: units removed (filled in once every removal is made).
    pub removed: Vec<u32>,
    /// Per seat: VP won (filled in once every removal is made).
    pub awards: Vec<i64>,
    /// Per seat: commitment and salt.
    pub seals: Vec<(String, String)>,
}

/// The game state (serializable snapshot).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Peloria {
    players: Vec<String>,
    rng: GameRng,
    /// 1..=16.
    round: u8,
    /// Index of the nation whose turn it is (turn order = nation index).
    turn: usize,
    /// Seat owning that nation (kept for `status`, which has no board data).
    turn_owner: Seat,
    phase: Phase,
    units: Vec<Unit>,
    /// Population track per nation.
    track: Vec<u8>,
    /// VP per nation.
    vp: Vec<i64>,
    /// VP won by players directly (Call to Heroes).
    player_vp: Vec<i64>,
    /// (nation, area) captured once already.
    captured: Vec<(usize, usize)>,
    /// Area of each piece, `None` before it appears.
    regalia: Vec<Option<usize>>,
    /// Areas each piece has moved this movement phase.
    regalia_moved: Vec<u8>,
    emperor: Option<usize>,
    /// Pieces held by the last successful claimant at its claim.
    emperor_need: u8,
    khordavu_paid: bool,
    /// Entries into enemy-held areas this movement cycle: (to, from, nation).
    entries: Vec<(usize, usize, usize)>,
    battle: Option<Battle>,
    prompts: Prompts<Pending>,
    /// Call to Heroes drafts: per seat, units per nation (index = nation).
    bids: SealedChoices<Vec<u8>>,
    heroes: Option<HeroesResult>,
    /// Units exited per nation.
    exited: Vec<u32>,
    /// Areas where the Bat killed a unit in its round: each becomes a Telmori unit at the
    /// end of the Pelorian turn (the Pelorian sheet's Mad Horde).
    #[serde(default)]
    bat_kills: Vec<usize>,
    /// Recent log lines (public), newest last, for the view.
    log: Vec<String>,
    /// Every line of the last nation turn and of this one (rules version 3 on; empty, and
    /// not stored, before).
    #[serde(default, skip_serializing_if = "turn_record::TurnRecord::is_empty")]
    turns: turn_record::TurnRecord,
    result: Option<crate::engine::FinalResult>,
    /// The rules version the game plays by (see [`Game::RULES_VERSION`]); a game stored
    /// before versions were kept plays by version 1, and a version-1 state is stored
    /// without it, byte for byte as before.
    #[serde(
        default = "crate::engine::first_rules_version",
        skip_serializing_if = "crate::engine::is_first_rules_version"
    )]
    rules_version: u32,
}

impl Game for Peloria {
    type Step = Step;
    type Data = PeloriaData;
    type View = View;
    type Options = NoOptions;
    type Forbidden = rules::Forbidden;

    const ID: &'static str = ID;
    const NAME: &'static str = "History of Peloria";
    const MIN_PLAYERS: usize = 4;
    const MAX_PLAYERS: usize = 4;
    /// 2: the owner chooses which unit a hit kills when the units of its kind differ in
    /// their way back (PEL-BRIT-11, `hit <kind> from <Area>`); version 1 killed the last
    /// one listed without asking. 3: the state records every line of the last nation turn
    /// and of this one for the picture's strip (no rule changes; an older game keeps only
    /// its recent lines, so that it replays to the same state).
    const RULES_VERSION: u32 = 3;

    fn rules_version(&self) -> u32 {
        self.rules_version
    }

    fn set_rules_version(&mut self, version: u32) {
        self.rules_version = version;
        // Setup already recorded its lines under the newest version.
        if version < 3 {
            self.turns = Default::default();
        }
    }

    fn rename_seat(&mut self, seat: Seat, name: &str) {
        if let Some(n) = self.players.get_mut(seat) {
            *n = name.to_string();
        }
    }

    fn setup(
        data: &PeloriaData,
        players: &[String],
        _options: &NoOptions,
        seed: u64,
    ) -> Result<Self, SetupError> {
        Peloria::new(data, players, seed)
    }

    fn status(&self) -> Status {
        if let Some(r) = &self.result {
            return Status::Finished(r.clone());
        }
        if let Some(a) = self.prompts.acting() {
            return Status::Acting(a);
        }
        match self.phase {
            Phase::Bids => Status::Acting(self.bids.unsealed()),
            // Turn order is nation order; the owner is in the data, kept here for status.
            _ => Status::Acting(vec![self.turn_owner]),
        }
    }

    /// Steps worth checking for `seat` now: a superset of the legal ones, small enough to
    /// filter (one unit, one area, one result each), from the part of the rules now played.
    fn candidates(&self, data: &PeloriaData, seat: Seat) -> Vec<Step> {
        if self.result.is_some() || seat >= PLAYERS {
            return Vec::new();
        }
        match (self.prompts.top(), &self.phase) {
            (Some(Pending::Hit { nation, .. }), _) => self.hit_candidates(*nation),
            (Some(Pending::Retreat { nation, .. }), _) => self.retreat_candidates(data, *nation),
            (Some(Pending::Heroes { quotas }), _) => self.hero_candidates(quotas),
            (None, Phase::Bids) => self.bid_candidates(data, seat),
            (None, Phase::Place { .. }) => self.place_candidates(data),
            (None, Phase::Move { .. }) => self.move_candidates(data),
            (None, Phase::Battle { .. }) => self.battle_candidates(data),
            (None, Phase::Overpop | Phase::Stacking { .. }) => self.remove_candidates(data),
            (None, Phase::Removals | Phase::Finished) => Vec::new(),
        }
    }

    /// The one legality decision: may `seat` act, then the check of the pending prompt or
    /// of the phase (each in its part of `rules/`).
    fn forbidden(&self, data: &PeloriaData, seat: Seat, step: &Step) -> Result<(), Forbidden> {
        self.seat_may_act(data, seat)?;
        if let Some(p) = self.prompts.top() {
            return match p {
                Pending::Hit { nation, result, .. } => self.hit_ok(data, *nation, *result, step),
                Pending::Retreat { nation, .. } => self.retreat_step_ok(data, *nation, step),
                Pending::Heroes { quotas } => self.hero_step_ok(data, seat, quotas, step),
            };
        }
        match &self.phase {
            Phase::Bids => self.bid_ok(data, seat, step),
            Phase::Place { left } => self.place_ok(data, *left, step),
            Phase::Move { .. } => self.movement_ok(data, step),
            Phase::Stacking { .. } => self.stack_remove_ok(data, step),
            Phase::Battle { .. } => self.battle_ok(data, step),
            Phase::Overpop => self.remove_ok(data, step),
            Phase::Removals | Phase::Finished => Err(self.not_now()),
        }
    }

    /// A refused step in full: the refusals that name players say who (whose turn it is,
    /// who still decides), a hit that must name its unit lists the ways, and the steps
    /// close to the refused one follow (as in every game).
    fn explain(&self, data: &PeloriaData, seat: Seat, step: &Step, mut e: RuleError) -> RuleError {
        if let Err(f) = self.forbidden(data, seat, step) {
            e.reason = f.words(data, Some(self));
        }
        crate::engine::explain_close(self, data, seat, step, e)
    }

    /// Carry out a step found legal by `forbidden`, then run the automatic parts.
    fn perform(&mut self, data: &PeloriaData, seat: Seat, step: &Step) -> Applied {
        let before = self.rng.clone();
        let mut ev: Vec<String> = Vec::new();
        let mut private: Vec<String> = Vec::new();
        let secret = matches!(step, Step::Bid { .. } | Step::Seal | Step::Unseal);
        let mut turn_ended = matches!(step, Step::Done | Step::Seal);
        let stage = self.turn_stage();
        match *step {
            Step::Place { area: a, kind: k } => self.place(data, a, k, &mut ev),
            Step::Move {
                from: f,
                to: t,
                kind: k,
            } => self.do_move(data, self.turn, f, t, k, &mut ev),
            Step::Exit {
                from: f,
                edge: e,
                kind: k,
            } => self.exit(data, f, e, k, &mut ev),
            Step::Regalia { piece: p, to: t } => self.move_regalia(data, p, t, &mut ev),
            Step::Done => self.end_movement(data, &mut ev),
            Step::Battle(a) => self.start_battle(data, a, &mut ev),
            Step::Hit(k) => self.hit(data, k, None, &mut ev),
            Step::HitUnit { kind: k, from } => self.hit(data, k, Some(from), &mut ev),
            Step::Retreat {
                from: f,
                to: t,
                kind: k,
            } => self.retreat(data, f, t, k, &mut ev),
            Step::Stay => self.stay(),
            Step::Remove { area: a, kind: k } => self.remove_excess(data, a, k, &mut ev),
            Step::Bid {
                nation: n,
                units: v,
            } => private.push(self.draft_bid(data, seat, n, v)),
            Step::Seal => private = self.seal_bid(data, seat, &mut ev),
            Step::Unseal => self.unseal_bid(data, seat, &mut ev),
            Step::Hero {
                nation: n,
                area: a,
                kind: k,
            } => turn_ended = self.hero_remove(data, seat, n, a, k, &mut ev),
        }
        self.advance(data, &mut ev);
        let mut next = Vec::new();
        self.say_next(data, stage, &mut next);
        let mut events: Vec<Event> = private
            .into_iter()
            .map(|t| Event::private(seat, t))
            .collect();
        events.extend(ev.into_iter().map(Event::public));
        events.extend(next.into_iter().map(Event::cue));
        Applied {
            events,
            irreversible: self.rng != before,
            turn_ended,
            secret,
            // The last seal reveals every bid and starts a fresh round of seals.
            reveals: matches!(step, Step::Seal) && !self.bids.is_sealed(seat),
        }
    }

    /// The step played for a seat that does not act: in the Call to Heroes removals, one
    /// unit from the seat's largest removable stack (infantry first); otherwise `seal`,
    /// `stay` or `done` where legal, else the first legal step.
    fn default_step(&self, data: &PeloriaData, seat: Seat) -> Option<Step> {
        let legal = self.legal_steps(data, seat);
        if let Some(Pending::Heroes { .. }) = self.prompts.top() {
            return legal
                .iter()
                .filter_map(|s| match s {
                    Step::Hero {
                        nation: n,
                        area: a,
                        kind: k,
                    } => Some((s, self.armies(*n, *a), *n, *a, k.index())),
                    _ => None,
                })
                .max_by_key(|&(_, size, n, a, k)| {
                    (
                        size,
                        std::cmp::Reverse(n),
                        std::cmp::Reverse(a),
                        std::cmp::Reverse(k),
                    )
                })
                .map(|x| x.0.clone());
        }
        [Step::Seal, Step::Stay, Step::Done]
            .into_iter()
            .find(|s| legal.contains(s))
            .or_else(|| legal.first().cloned())
    }

    /// Text to a step: the engine's matching against the candidates' notation and their
    /// short forms (see [`Peloria::short_forms`]); text naming none is answered with the
    /// closest legal steps.
    fn parse_step(&self, data: &PeloriaData, seat: Seat, text: &str) -> Result<Step, ParseError> {
        let mut cands = self.candidates(data, seat);
        let mut names: Vec<String> = cands
            .iter()
            .map(|s| Peloria::format_step(data, s))
            .collect();
        for (s, name) in self.short_forms(data, &cands) {
            cands.push(s);
            names.push(name);
        }
        match match_step(text, &names) {
            Ok(i) => Ok(cands[i].clone()),
            Err(e) => self.unmatched(data, seat, text, e, (&cands, &names)),
        }
    }

    /// What a word of a step names, for "there is no area `Narnia`".
    fn noun(verb: &str, index: usize) -> Option<&'static str> {
        match (verb, index) {
            ("move" | "retreat", 1 | 2) | ("place" | "battle" | "remove", 1) => Some("area"),
            ("regalia", 2) => Some("area"),
            ("regalia", 1) => Some("regalia piece"),
            ("move" | "retreat", 3) | ("place" | "remove", 2) | ("hit", 1) => Some("unit kind"),
            ("bid", 1) => Some("nation"),
            _ => None,
        }
    }

    fn format_step(data: &PeloriaData, step: &Step) -> String {
        let a = |i: &usize| data.areas[*i].name.as_str();
        match step {
            Step::Place { area: x, kind: k } => format!("place {} {}", a(x), k.name()),
            Step::Move {
                from: f,
                to: t,
                kind: k,
            } => format!("move {} {} {}", a(f), a(t), k.name()),
            Step::Exit {
                from: f,
                edge: e,
                kind: k,
            } => format!("move {} {} {}", a(f), data.edges[*e].name, k.name()),
            Step::Regalia { piece: p, to: t } => {
                format!("regalia {} {}", data.regalia[*p].name, a(t))
            }
            Step::Done => "done".into(),
            Step::Battle(x) => format!("battle {}", a(x)),
            Step::Hit(k) => format!("hit {}", k.name()),
            Step::HitUnit {
                kind: k,
                from: Some(f),
            } => format!("hit {} from {}", k.name(), a(f)),
            Step::HitUnit {
                kind: k,
                from: None,
            } => format!("hit {} unmoved", k.name()),
            Step::Retreat {
                from: f,
                to: t,
                kind: k,
            } => format!("retreat {} {} {}", a(f), a(t), k.name()),
            Step::Stay => "stay".into(),
            Step::Remove { area: x, kind: k } => format!("remove {} {}", a(x), k.name()),
            Step::Bid {
                nation: n,
                units: v,
            } => format!("bid {} {v}", data.nations[*n].name),
            Step::Hero {
                nation: n,
                area: x,
                kind: k,
            } => {
                format!("remove {} {} {}", data.nations[*n].name, a(x), k.name())
            }
            Step::Seal => "seal".into(),
            Step::Unseal => "unseal".into(),
        }
    }

    fn label_step(data: &PeloriaData, step: &Step) -> String {
        let a = |i: &usize| data.areas[*i].name.as_str();
        match step {
            Step::Place { area: x, kind: k } => format!("Place a new {} in {}", k.name(), a(x)),
            Step::Move {
                from: f,
                to: t,
                kind: k,
            } => format!("Move one {} from {} to {}", k.name(), a(f), a(t)),
            Step::Exit {
                from: f,
                edge: e,
                kind: k,
            } => format!(
                "Move one {} from {} off the map by {}",
                k.name(),
                a(f),
                data.edges[*e].name
            ),
            Step::Regalia { piece: p, to: t } => {
                format!("Move the {} to {}", data.regalia[*p].name, a(t))
            }
            Step::Done => "End this movement phase".into(),
            Step::Battle(x) => format!("Fight the battle in {}", a(x)),
            Step::Hit(k) => format!("This hit kills one {}", k.name()),
            Step::HitUnit {
                kind: k,
                from: Some(f),
            } => format!("This hit kills the {} that came from {}", k.name(), a(f)),
            Step::HitUnit {
                kind: k,
                from: None,
            } => format!(
                "This hit kills {} that did not move in",
                crate::engine::a_or_an(k.name())
            ),
            Step::Retreat {
                from: f,
                to: t,
                kind: k,
            } => format!("Retreat one {} from {} to {}", k.name(), a(f), a(t)),
            Step::Stay => "Retreat no more units now".into(),
            Step::Remove { area: x, kind: k } => {
                format!("Overpopulation: remove one {} in {}", k.name(), a(x))
            }
            Step::Bid {
                nation: n,
                units: v,
            } => format!("Bid {v} {} units", data.nations[*n].name),
            Step::Hero {
                nation: n,
                area: x,
                kind: k,
            } => format!(
                "Call to Heroes: one {} {} leaves {}",
                data.nations[*n].name,
                k.name(),
                a(x)
            ),
            Step::Seal => "Seal your Call to Heroes bid".into(),
            Step::Unseal => "Take back your sealed bid".into(),
        }
    }

    fn view(&self, data: &PeloriaData, viewer: Viewer) -> View {
        view::build(self, data, viewer)
    }

    fn describe(data: &PeloriaData, view: &View) -> String {
        view::describe(data, view)
    }

    fn private_markers(&self, data: &PeloriaData, seat: Seat) -> Vec<String> {
        view::private_markers(self, data, seat)
    }

    /// The events name a seat's nations ("the Praxians attack the Theyalans").
    fn seat_aliases(&self, data: &PeloriaData, seat: Seat) -> Vec<String> {
        let mine = data.nations.iter().filter(|n| n.player == seat);
        mine.map(|n| n.name.clone()).collect()
    }

    /// The seat's view without the log of the steps: the turn's bookkeeping, which a step
    /// back to an earlier position changes (see [`Game::position_key`]).
    fn position_key(&self, data: &PeloriaData, seat: crate::engine::Seat) -> u64 {
        let mut v = self.view(data, Viewer::Seat(seat));
        v.log.clear();
        v.last_turn.clear();
        crate::engine::view_key(&v)
    }

    fn hint(&self, data: &PeloriaData) -> Vec<f64> {
        self.hint_vp(data)
    }

    fn scramble_into(&mut self, data: &PeloriaData, holder: Holder, rng: &mut GameRng) {
        view::scramble(self, data, holder, rng)
    }

    fn rules_topics() -> &'static [RulesTopic] {
        topics::TOPICS
    }

    fn rules_synonyms() -> &'static [(&'static str, &'static str)] {
        topics::SYNONYMS
    }
}
