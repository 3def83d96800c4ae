//! The rules of Nanga Parbat, in rulebook order under phase banners.
//! Under each banner: the candidates of its steps, their `*_ok` checks and the code
//! performing them. [`NangaParbat::step_ok`] is the one legality decision (a dispatcher onto
//! the `*_ok` helpers): the engine's legal list keeps the candidates it accepts, and a
//! refused step gets its [`Forbidden`] reason with a typed rules topic.

use super::board::{cell_name, parse_cell, parse_square, square_name, CELLS, REGIONS, SECTIONS};
use super::topics::{rule, Topic};
use super::{
    Animal, NangaData, NangaParbat, Opts, Pending, Phase, Piece, RowKind, Step, COLUMNS, ROWS,
};
use crate::engine::rank::{places_by_key, verdict};
use crate::engine::FinalResult;
use crate::engine::{notation, Game, GameRng, ParseError, Rules};
use crate::engine::{Event, RuleError, Seat, SetupError};
use std::fmt::Write as _;

// ==== Setup ====

impl NangaParbat {
    pub(super) fn setup_game(
        data: &NangaData,
        players: &[String],
        opts: &Opts,
        seed: u64,
    ) -> Result<Self, SetupError> {
        if players.len() != 2 {
            return Err(SetupError(format!(
                "Nanga Parbat is for exactly 2 players, not {}",
                players.len()
            )));
        }
        let mut rng = GameRng::new(seed);
        // NAN-SETUP-4, NAN-SETUP-5: six of each kind, one per section, at random.
        let mut cells: Vec<Piece> = Animal::ALL
            .iter()
            .flat_map(|&a| std::iter::repeat_n(Piece::Animal(a), data.per_kind as usize))
            .collect();
        rng.shuffle(&mut cells);
        Ok(NangaParbat {
            names: players.to_vec(),
            opts: *opts,
            phase: Phase::Setup,
            cells,
            guide: None,
            fresh: vec![[0; 6]; 2],
            used: vec![[0; 6]; 2],
            hikers: vec![data.hikers; 2],
            camps: vec![data.camps; 2],
            cubes: vec![data.cubes; 2],
            score: vec![0; 2],
            chart: vec![None; ROWS * COLUMNS],
            // NAN-SETUP-8 reading: the second seat places the guide, then the first plays.
            current: 1,
            trapped: false,
            claimed: false,
            pending: None,
            turn: 0,
            this_turn: Vec::new(),
            last_turn: Vec::new(),
            area_points: None,
            result: None,
            rng,
        })
    }
}

// ==== Refusals ====

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

impl Forbidden {
    /// The rules topic that explains the refusal.
    fn topic(self) -> Topic {
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
    fn reason(self, data: &NangaData) -> String {
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

    /// The refusal a player sees: the reason and the rules topic.
    pub(super) fn rule_error(self, data: &NangaData) -> RuleError {
        rule(self.topic(), self.reason(data))
    }
}

// ==== Turn sequence ====
// A turn: trap (step 1), which places the hiker (step 2) and moves the guide (step 3) at
// once; then optionally one claim (step 4); activations at any moment; `end`.

impl NangaParbat {
    /// The one legality decision, by phase, decision in progress and step kind onto the
    /// `*_ok` helper under the banner of the rule (`legality` words its answer, `hopeless`
    /// uses it as it is).
    pub(super) fn step_ok(
        &self,
        data: &NangaData,
        seat: Seat,
        step: &Step,
    ) -> Result<(), Forbidden> {
        if self.phase == Phase::Over {
            return Err(Forbidden::GameOver);
        }
        if seat != self.current {
            return Err(Forbidden::NotYourTurn);
        }
        if self.phase == Phase::Setup {
            return Self::setup_guide_ok(step);
        }
        if let Some(pending) = &self.pending {
            return self.pending_ok(data, seat, pending, step);
        }
        let guide = self.guide.ok_or(Forbidden::GuideNowhere)? as usize;
        match *step {
            Step::Guide(r) => self.guide_ok(r, guide),
            Step::Trap(c) => self.trap_ok(c, guide),
            Step::Leopard { first, second } => self.leopard_ok(data, seat, first, second),
            Step::Tahr { hiker, animal } => self.tahr_ok(data, seat, hiker, animal),
            Step::Deer(c) => self.deer_ok(seat, c),
            Step::Yak(r) => self.yak_ok(seat, r, guide),
            Step::Claim(q) => self.claim_ok(data, seat, q),
            Step::End => self.end_ok(),
            Step::Camp(_) => Err(Forbidden::NotBuilding),
            Step::Give(_) => Err(Forbidden::NotTrading),
        }
    }

    /// A decision in progress (the second deer animal, the hikers of a camp, the animals of
    /// a trade) takes only its own steps.
    fn pending_ok(
        &self,
        data: &NangaData,
        seat: Seat,
        pending: &Pending,
        step: &Step,
    ) -> Result<(), Forbidden> {
        match (pending, *step) {
            (Pending::Deer { first }, Step::Deer(c)) => self.second_deer_ok(*first, c),
            (Pending::Deer { .. }, _) => Err(Forbidden::FinishDeer),
            (Pending::Build { square, picked }, Step::Camp(c)) => {
                self.camp_ok(data, seat, *square, picked, c)
            }
            (Pending::Build { .. }, _) => Err(Forbidden::FinishBuild),
            (Pending::Trade { square, given }, Step::Give(a)) => {
                self.give_ok(data, seat, *square, given, a)
            }
            (Pending::Trade { .. }, _) => Err(Forbidden::FinishTrade),
        }
    }

    fn opp(seat: usize) -> usize {
        1 - seat
    }

    fn cell_ok(c: u8) -> Result<(), Forbidden> {
        if (c as usize) < CELLS {
            Ok(())
        } else {
            Err(Forbidden::UnknownPlace)
        }
    }

    fn region_ok(r: u8) -> Result<(), Forbidden> {
        if (r as usize) < REGIONS {
            Ok(())
        } else {
            Err(Forbidden::UnknownPlace)
        }
    }

    /// Before the first turn: the second seat places the guide on any region (NAN-SETUP-8
    /// reading).
    fn setup_guide_ok(step: &Step) -> Result<(), Forbidden> {
        match *step {
            Step::Guide(r) => Self::region_ok(r),
            _ => Err(Forbidden::GuideSetupFirst),
        }
    }

    /// The guide's first placement, by the second seat; then the first seat plays.
    pub(super) fn place_guide(&mut self, seat: Seat, r: u8, events: &mut Vec<Event>) {
        self.guide = Some(r);
        events.push(Event::public(format!(
            "{} places the guide on region {}",
            self.names[seat],
            r + 1
        )));
        self.phase = Phase::Play;
        self.current = 0;
        self.turn = 1;
    }

    fn end_ok(&self) -> Result<(), Forbidden> {
        if self.trapped {
            Ok(())
        } else {
            Err(Forbidden::TrapFirst)
        }
    }

    /// Keep the turn's events for the turn summary.
    pub(super) fn record(&mut self, events: &[Event], turn_ended: bool) {
        let text = events.iter().map(|e| e.text.clone());
        if turn_ended {
            self.last_turn = std::mem::take(&mut self.this_turn);
            self.last_turn.extend(text);
        } else {
            self.this_turn.extend(text);
        }
    }

    pub(super) fn end_turn(&mut self, events: &mut Vec<Event>) {
        // NAN-END-1 (NAN-END-4 reading): checked when the turn that placed the last hiker ends.
        if self.hikers.iter().all(|&h| h == 0) {
            events.push(Event::public(
                "both players have placed all their hikers: the game ends",
            ));
            if self.opts.areas {
                self.score_areas(events);
            }
            self.finish(events);
            return;
        }
        // NAN-TURN-3 reading: the players alternate.
        self.current = Self::opp(self.current);
        self.trapped = false;
        self.claimed = false;
        self.turn += 1;
    }
}

// ==== Step 1: trap an animal (with step 2, the hiker, and step 3, the guide) ====

impl NangaParbat {
    pub(super) fn region_has_animal(&self, r: usize) -> bool {
        (0..SECTIONS).any(|s| matches!(self.cells[r * SECTIONS + s], Piece::Animal(_)))
    }

    /// Until the trap: every region for the guide and every section to trap.
    pub(super) fn trap_candidates(&self, steps: &mut Vec<Step>) {
        if !self.trapped {
            steps.extend((0..REGIONS as u8).map(Step::Guide));
            steps.extend((0..CELLS as u8).map(Step::Trap));
        }
    }

    /// NAN-TRAP-4, NAN-TRAP-5 reading: the guide is moved by hand only off an empty region.
    fn guide_ok(&self, r: u8, guide: usize) -> Result<(), Forbidden> {
        Self::region_ok(r)?;
        if self.trapped {
            return Err(Forbidden::AlreadyTrapped);
        }
        if self.region_has_animal(guide) {
            return Err(Forbidden::GuideRegionHasAnimals);
        }
        if r as usize == guide {
            return Err(Forbidden::GuideSameRegion);
        }
        if !self.region_has_animal(r as usize) {
            return Err(Forbidden::RegionEmpty);
        }
        Ok(())
    }

    /// NAN-TRAP-1: one animal of the guide's region.
    fn trap_ok(&self, c: u8, guide: usize) -> Result<(), Forbidden> {
        Self::cell_ok(c)?;
        if self.trapped {
            return Err(Forbidden::AlreadyTrapped);
        }
        if c as usize / SECTIONS != guide {
            return Err(Forbidden::NotGuideRegion);
        }
        if !matches!(self.cells[c as usize], Piece::Animal(_)) {
            return Err(Forbidden::NoAnimalThere);
        }
        Ok(())
    }

    pub(super) fn move_guide(&mut self, seat: Seat, r: u8, events: &mut Vec<Event>) {
        let from = self.guide.map(|g| g + 1).unwrap_or(0);
        self.guide = Some(r);
        events.push(Event::public(format!(
            "region {from} has no animal left: {} moves the guide to region {}",
            self.names[seat],
            r + 1
        )));
    }

    /// Steps 1 to 3: trap the animal, put a hiker in its place, move the guide.
    pub(super) fn trap(&mut self, seat: usize, c: u8, events: &mut Vec<Event>) {
        let Piece::Animal(a) = self.cells[c as usize] else {
            return;
        };
        // NAN-TRAP-2: onto the player's animal board; NAN-HIKER-1: a hiker takes its place.
        self.fresh[seat][a.index()] += 1;
        self.cells[c as usize] = Piece::Hiker(seat as u8);
        self.hikers[seat] -= 1;
        self.trapped = true;
        // NAN-GUIDE-1: the guide goes to the region numbered like the section.
        let to = (c as usize % SECTIONS) as u8;
        self.guide = Some(to);
        events.push(Event::public(format!(
            "{} traps a {} on {}, leaves a hiker there ({} left), and the guide goes to region {}",
            self.names[seat],
            a.name(),
            cell_name(c),
            self.hikers[seat],
            to + 1
        )));
        // NAN-ACT-11: a red panda scores 1 for a catcher who is not ahead.
        if a == Animal::Panda && self.score[seat] <= self.score[Self::opp(seat)] {
            self.gain(seat, 1, "red panda", events);
        }
    }
}

// ==== Activations, at any moment of the turn (NAN-ACT-1..12) ====

impl NangaParbat {
    fn has_fresh(&self, seat: usize, a: Animal) -> bool {
        self.fresh[seat][a.index()] > 0
    }

    fn fresh_ok(&self, seat: usize, a: Animal) -> Result<(), Forbidden> {
        if self.has_fresh(seat, a) {
            Ok(())
        } else {
            Err(Forbidden::NoFresh(a))
        }
    }

    /// The swaps and guide moves of the animals `seat` may still activate.
    pub(super) fn activation_candidates(
        &self,
        data: &NangaData,
        seat: Seat,
        steps: &mut Vec<Step>,
    ) {
        let cells = 0..CELLS as u8;
        if self.has_fresh(seat, Animal::Leopard) {
            for first in cells.clone() {
                let later = data.adj[first as usize].iter().filter(|&&b| first < b);
                steps.extend(later.map(|&second| Step::Leopard { first, second }));
            }
        }
        if self.has_fresh(seat, Animal::Tahr) {
            for hiker in cells.clone() {
                if matches!(self.cells[hiker as usize], Piece::Hiker(_)) {
                    let next = data.adj[hiker as usize].iter();
                    steps.extend(next.map(|&animal| Step::Tahr { hiker, animal }));
                }
            }
        }
        if self.has_fresh(seat, Animal::Deer) {
            steps.extend(cells.map(Step::Deer));
        }
        if self.has_fresh(seat, Animal::Yak) {
            steps.extend((0..REGIONS as u8).map(Step::Yak));
        }
    }

    fn activate(&mut self, seat: usize, a: Animal) {
        self.fresh[seat][a.index()] -= 1;
        self.used[seat][a.index()] += 1;
    }

    /// NAN-ACT-12 reading: two adjacent hikers of different players.
    fn leopard_ok(&self, data: &NangaData, seat: Seat, a: u8, b: u8) -> Result<(), Forbidden> {
        Self::cell_ok(a)?;
        Self::cell_ok(b)?;
        self.fresh_ok(seat, Animal::Leopard)?;
        if a == b {
            return Err(Forbidden::SameSection);
        }
        match (self.cells[a as usize], self.cells[b as usize]) {
            (Piece::Hiker(x), Piece::Hiker(y)) if x == y => return Err(Forbidden::SameOwner),
            (Piece::Hiker(_), Piece::Hiker(_)) => {}
            (Piece::Camp(_), _) | (_, Piece::Camp(_)) => return Err(Forbidden::CampsNeverMove),
            _ => return Err(Forbidden::NotTwoHikers),
        }
        if !data.adjacent(a, b) {
            return Err(Forbidden::NotAdjacent);
        }
        Ok(())
    }

    pub(super) fn leopard(&mut self, seat: Seat, a: u8, b: u8, events: &mut Vec<Event>) {
        self.activate(seat, Animal::Leopard);
        self.cells.swap(a as usize, b as usize);
        events.push(Event::public(format!(
            "{} activates a snow leopard: the hikers on {} and {} swap places",
            self.names[seat],
            cell_name(a),
            cell_name(b)
        )));
    }

    /// NAN-ACT-12 reading: any hiker with an adjacent animal.
    fn tahr_ok(&self, data: &NangaData, seat: Seat, h: u8, a: u8) -> Result<(), Forbidden> {
        Self::cell_ok(h)?;
        Self::cell_ok(a)?;
        self.fresh_ok(seat, Animal::Tahr)?;
        match (self.cells[h as usize], self.cells[a as usize]) {
            (Piece::Hiker(_), Piece::Animal(_)) => {}
            (Piece::Camp(_), _) => return Err(Forbidden::CampsNeverMove),
            _ => return Err(Forbidden::NotHikerAndAnimal),
        }
        if !data.adjacent(h, a) {
            return Err(Forbidden::NotAdjacent);
        }
        Ok(())
    }

    pub(super) fn tahr(&mut self, seat: Seat, h: u8, a: u8, events: &mut Vec<Event>) {
        self.activate(seat, Animal::Tahr);
        self.cells.swap(h as usize, a as usize);
        events.push(Event::public(format!(
            "{} activates a tahr: the hiker on {} and the animal on {} swap places",
            self.names[seat],
            cell_name(h),
            cell_name(a)
        )));
    }

    /// The first animal of a musk deer swap: one that has a partner of another kind.
    fn deer_ok(&self, seat: Seat, c: u8) -> Result<(), Forbidden> {
        Self::cell_ok(c)?;
        self.fresh_ok(seat, Animal::Deer)?;
        let Piece::Animal(a) = self.cells[c as usize] else {
            return Err(Forbidden::NotAnAnimal);
        };
        if !self
            .cells
            .iter()
            .any(|p| matches!(p, Piece::Animal(b) if *b != a))
        {
            return Err(Forbidden::NoPartner);
        }
        Ok(())
    }

    /// The second animal of a musk deer swap: of another kind than the first.
    fn second_deer_ok(&self, first: u8, c: u8) -> Result<(), Forbidden> {
        Self::cell_ok(c)?;
        let Piece::Animal(a) = self.cells[first as usize] else {
            return Err(Forbidden::NotAnAnimal);
        };
        match self.cells[c as usize] {
            Piece::Animal(b) if b != a => Ok(()),
            Piece::Animal(_) => Err(Forbidden::SameAnimal),
            _ => Err(Forbidden::NotAnAnimal),
        }
    }

    pub(super) fn deer(&mut self, seat: Seat, c: u8, events: &mut Vec<Event>) {
        let who = self.names[seat].clone();
        let text = if let Some(Pending::Deer { first }) = self.pending {
            self.pending = None;
            self.cells.swap(first as usize, c as usize);
            format!(
                "{who} activates a musk deer: the animals on {} and {} swap places",
                cell_name(first),
                cell_name(c)
            )
        } else {
            self.activate(seat, Animal::Deer);
            self.pending = Some(Pending::Deer { first: c });
            format!(
                "{who} activates a musk deer on the animal at {}; the second animal is next",
                cell_name(c)
            )
        };
        events.push(Event::public(text));
    }

    /// NAN-ACT-12 reading: any other region, even one without animals.
    fn yak_ok(&self, seat: Seat, r: u8, guide: usize) -> Result<(), Forbidden> {
        Self::region_ok(r)?;
        self.fresh_ok(seat, Animal::Yak)?;
        if r as usize == guide {
            return Err(Forbidden::YakSameRegion);
        }
        Ok(())
    }

    pub(super) fn yak(&mut self, seat: Seat, r: u8, events: &mut Vec<Event>) {
        self.activate(seat, Animal::Yak);
        self.guide = Some(r);
        events.push(Event::public(format!(
            "{} activates a yak: the guide moves to region {}",
            self.names[seat],
            r + 1
        )));
    }
}

// ==== Step 4: claim a square of the chart (NAN-BUILD-1..13, NAN-CHART-4..6) ====

impl NangaParbat {
    /// After the trap: every square, and `end`.
    pub(super) fn claim_candidates(&self, steps: &mut Vec<Step>) {
        if self.trapped {
            steps.extend((0..(ROWS * COLUMNS) as u8).map(Step::Claim));
            steps.push(Step::End);
        }
    }

    /// While a claim is being completed: its hikers or its animals.
    pub(super) fn pending_candidates(pending: &Pending) -> Vec<Step> {
        match pending {
            Pending::Deer { .. } => (0..CELLS as u8).map(Step::Deer).collect(),
            Pending::Build { .. } => (0..CELLS as u8).map(Step::Camp).collect(),
            Pending::Trade { .. } => Animal::ALL.iter().map(|&a| Step::Give(a)).collect(),
        }
    }

    fn claim_ok(&self, data: &NangaData, seat: Seat, square: u8) -> Result<(), Forbidden> {
        if square as usize >= ROWS * COLUMNS {
            return Err(Forbidden::UnknownPlace);
        }
        if !self.trapped {
            return Err(Forbidden::TrapFirst);
        }
        if self.cubes[seat] == 0 {
            return Err(Forbidden::NoCubes);
        }
        if self.claimed {
            return Err(Forbidden::ClaimedThisTurn);
        }
        if self.chart[square as usize].is_some() {
            return Err(Forbidden::SquareTaken { square });
        }
        let (kind, need, _) = data.square(square);
        match kind {
            RowKind::Camps if self.camps[seat] < need => Err(Forbidden::NotEnoughCamps { square }),
            RowKind::Camps if !self.camp_group_possible(data, seat, need, 0) => {
                Err(Forbidden::NoCampGroup { square })
            }
            RowKind::Camps => Ok(()),
            RowKind::Different | RowKind::Same => {
                if self.trade_possible(seat, need, kind == RowKind::Same, &[]) {
                    Ok(())
                } else {
                    Err(Forbidden::NotEnoughAnimals { square })
                }
            }
        }
    }

    /// The next hiker of a camp group (NAN-BUILD-13 reading: one connected group).
    fn camp_ok(
        &self,
        data: &NangaData,
        seat: Seat,
        square: u8,
        picked: &[u8],
        c: u8,
    ) -> Result<(), Forbidden> {
        Self::cell_ok(c)?;
        if self.cells[c as usize] != Piece::Hiker(seat as u8) {
            return Err(Forbidden::NotYourHiker);
        }
        if picked.contains(&c) {
            return Err(Forbidden::AlreadyPicked);
        }
        let mask = picked.iter().fold(1u64 << c, |m, &p| m | 1 << p);
        let (_, need, _) = data.square(square);
        if !self.camp_group_possible(data, seat, need, mask) {
            return Err(Forbidden::CampBreaksGroup);
        }
        Ok(())
    }

    /// The next animal of a trade: one held, after which the trade can still be completed.
    fn give_ok(
        &self,
        data: &NangaData,
        seat: Seat,
        square: u8,
        given: &[Animal],
        a: Animal,
    ) -> Result<(), Forbidden> {
        if self.held(seat, a) == 0 {
            return Err(Forbidden::NoSuchAnimal(a));
        }
        let (kind, need, _) = data.square(square);
        let mut after_given = given.to_vec();
        after_given.push(a);
        let mut after = self.clone();
        after.take_animal(seat, a);
        if !after.trade_possible(seat, need, kind == RowKind::Same, &after_given) {
            return Err(Forbidden::TradeCannotFinish(a));
        }
        Ok(())
    }

    fn held(&self, seat: usize, a: Animal) -> u8 {
        self.fresh[seat][a.index()] + self.used[seat][a.index()]
    }

    /// Is `cells` (a bit mask) one connected group of adjacent sections?
    fn connected(data: &NangaData, mask: u64) -> bool {
        if mask == 0 {
            return true;
        }
        let start = mask.trailing_zeros();
        let mut seen = 1u64 << start;
        let mut stack = vec![start as usize];
        while let Some(c) = stack.pop() {
            let next = data.adj_mask[c] & mask & !seen;
            seen |= next;
            let mut m = next;
            while m != 0 {
                stack.push(m.trailing_zeros() as usize);
                m &= m - 1;
            }
        }
        seen == mask
    }

    /// Can `picked` (mask) grow into one connected group of exactly `need` of `seat`'s
    /// hikers (NAN-BUILD-2, NAN-BUILD-13 reading)?
    fn camp_group_possible(&self, data: &NangaData, seat: usize, need: u8, picked: u64) -> bool {
        let own: Vec<usize> = (0..CELLS)
            .filter(|&c| self.cells[c] == Piece::Hiker(seat as u8))
            .collect();
        let need = need as usize;
        if own.len() < need || picked.count_ones() as usize > need {
            return false;
        }
        // Enumerate subsets of size `need` (at most C(17, 6)).
        fn rec(
            data: &NangaData,
            own: &[usize],
            from: usize,
            left: usize,
            mask: u64,
            picked: u64,
        ) -> bool {
            if left == 0 {
                return mask & picked == picked && NangaParbat::connected(data, mask);
            }
            (from..own.len()).any(|i| {
                own.len() - i >= left && rec(data, own, i + 1, left - 1, mask | 1 << own[i], picked)
            })
        }
        rec(data, &own, 0, need, 0, picked)
    }

    /// Can a trade of `need` animals (all different, or all the same) be finished, given the
    /// kinds handed in so far and what is left on the board? Bharal is wild (NAN-ACT-10).
    fn trade_possible(&self, seat: usize, need: u8, same: bool, given: &[Animal]) -> bool {
        let left = need as i32 - given.len() as i32;
        if left < 0 {
            return false;
        }
        let held = |a: Animal| self.held(seat, a) as i32;
        let named: Vec<Animal> = given
            .iter()
            .copied()
            .filter(|&a| a != Animal::Bharal)
            .collect();
        let wild = held(Animal::Bharal);
        if same {
            let mut kinds = named.clone();
            kinds.dedup();
            match kinds.as_slice() {
                [] => {
                    wild >= left
                        || Animal::ALL
                            .iter()
                            .any(|&a| a != Animal::Bharal && held(a) + wild >= left)
                }
                [k] if named.iter().all(|a| a == k) => held(*k) + wild >= left,
                _ => false,
            }
        } else {
            let mut sorted = named.clone();
            sorted.sort();
            sorted.dedup();
            if sorted.len() != named.len() {
                return false;
            }
            let others = Animal::ALL
                .iter()
                .filter(|&&a| a != Animal::Bharal && !named.contains(&a) && held(a) > 0)
                .count() as i32;
            others + wild >= left
        }
    }

    pub(super) fn claim(&mut self, data: &NangaData, seat: usize, q: u8, events: &mut Vec<Event>) {
        let (kind, need, vp) = data.square(q);
        self.claimed = true;
        self.chart[q as usize] = Some(seat as u8);
        self.cubes[seat] -= 1;
        events.push(Event::public(format!(
            "{} claims {} ({} {need}, {vp} VP)",
            self.names[seat],
            square_name(q),
            kind.name()
        )));
        self.pending = Some(match kind {
            RowKind::Camps => Pending::Build {
                square: q,
                picked: Vec::new(),
            },
            _ => Pending::Trade {
                square: q,
                given: Vec::new(),
            },
        });
    }

    pub(super) fn pick_camp(
        &mut self,
        data: &NangaData,
        seat: usize,
        c: u8,
        events: &mut Vec<Event>,
    ) {
        let Some(Pending::Build { square, mut picked }) = self.pending.take() else {
            return;
        };
        picked.push(c);
        let (_, need, vp) = data.square(square);
        if picked.len() < need as usize {
            self.pending = Some(Pending::Build { square, picked });
            events.push(Event::public(format!(
                "{} picks the hiker on {} to become a camp",
                self.names[seat],
                cell_name(c)
            )));
            return;
        }
        // NAN-BUILD-2..4: the hikers become camps where they stand; the hikers are discarded.
        for &p in &picked {
            self.cells[p as usize] = Piece::Camp(seat as u8);
        }
        self.camps[seat] -= need;
        let names: Vec<String> = picked.iter().map(|&p| cell_name(p)).collect();
        events.push(Event::public(format!(
            "{} builds camps on {}",
            self.names[seat],
            names.join(", ")
        )));
        self.complete_claim(seat, square, vp, events);
    }

    pub(super) fn give(
        &mut self,
        data: &NangaData,
        seat: usize,
        a: Animal,
        events: &mut Vec<Event>,
    ) {
        let Some(Pending::Trade { square, mut given }) = self.pending.take() else {
            return;
        };
        // NAN-BUILD-8, NAN-BUILD-9: activated or not, a traded animal leaves the board.
        self.take_animal(seat, a);
        given.push(a);
        let (_, need, vp) = data.square(square);
        events.push(Event::public(format!(
            "{} hands in a {}",
            self.names[seat],
            a.name()
        )));
        if given.len() < need as usize {
            self.pending = Some(Pending::Trade { square, given });
            return;
        }
        self.complete_claim(seat, square, vp, events);
    }

    /// Hand one animal of kind `a` in, an activated one first (it can do nothing more).
    fn take_animal(&mut self, seat: usize, a: Animal) {
        if self.used[seat][a.index()] > 0 {
            self.used[seat][a.index()] -= 1;
        } else {
            self.fresh[seat][a.index()] -= 1;
        }
    }

    /// NAN-BUILD-12: the square's VP, then the end by cubes (NAN-END-2).
    fn complete_claim(&mut self, seat: usize, square: u8, vp: u8, events: &mut Vec<Event>) {
        self.gain(
            seat,
            vp as i64,
            &format!("square {}", square_name(square)),
            events,
        );
        if !self.opts.areas && self.cubes.iter().all(|&c| c == 0) {
            events.push(Event::public(
                "both players have placed all their cubes: the game ends",
            ));
            self.finish(events);
        }
    }
}

// ==== Points track ====

impl NangaParbat {
    /// Move `seat`'s marker `pts` spaces on, with the track rule (NAN-TRACK-1, -2): a marker
    /// that would land on the opponent's space scores 1 more and goes on to the next one.
    pub(super) fn gain(&mut self, seat: usize, pts: i64, why: &str, events: &mut Vec<Event>) {
        if pts <= 0 {
            return;
        }
        let mut to = self.score[seat] + pts;
        let mut text = format!("{} scores {pts} ({why})", self.names[seat]);
        if to == self.score[Self::opp(seat)] {
            to += 1;
            text.push_str(&format!(
                " and lands on {}'s space: 1 more",
                self.names[Self::opp(seat)]
            ));
        }
        self.score[seat] = to;
        text.push_str(&format!(", now {to}"));
        events.push(Event::public(text));
    }
}

// ==== Variant: area scoring ====

impl NangaParbat {
    /// Pieces (hikers and camps) of `seat` in region `r`.
    pub(super) fn pieces_in_region(&self, seat: usize, r: usize) -> usize {
        (0..SECTIONS)
            .filter(|&s| {
                matches!(self.cells[r * SECTIONS + s],
                    Piece::Hiker(x) | Piece::Camp(x) if x as usize == seat)
            })
            .count()
    }

    /// NAN-AREA-1..5: regions in order from 1; in each, the first seat then the second (only
    /// one of them can score in a region: 4 + 4 pieces do not fit in 6 sections).
    #[allow(clippy::needless_range_loop)]
    pub(super) fn score_areas(&mut self, events: &mut Vec<Event>) {
        let mut pts = vec![vec![0i64; REGIONS]; 2];
        for r in 0..REGIONS {
            for seat in 0..2 {
                let p = match self.pieces_in_region(seat, r) {
                    6 => 3,
                    5 => 2,
                    4 => 1,
                    _ => 0,
                };
                pts[seat][r] = p;
                self.gain(seat, p, &format!("region {}", r + 1), events);
            }
        }
        self.area_points = Some(pts);
    }
}

// ==== End of the game ====

impl NangaParbat {
    /// NAN-END-3: most points wins; NAN-END-5 reading: a tie (only at 0) is shared.
    fn finish(&mut self, events: &mut Vec<Event>) {
        let places = places_by_key(&self.score);
        let mut note = verdict(&self.names, &places);
        if places.iter().all(|&p| p == 1) {
            let _ = write!(
                note,
                " (tied on {} VP; markers share a space only at 0, and such a tie is shared)",
                self.score[0]
            );
        }
        events.push(Event::public(format!("game over: {note}")));
        self.result = Some(FinalResult {
            scores: self.score.clone(),
            places,
            note,
        });
        self.phase = Phase::Over;
        self.pending = None;
    }
}

// ==== Notation ====

const KINDS: [&str; 10] = [
    "guide", "trap", "leopard", "tahr", "deer", "yak", "claim", "camp", "give", "end",
];

impl NangaParbat {
    /// Parse typed text: the step word by unique prefix, then its arguments exactly
    /// (sections `r.s`, regions `1`-`6`, squares `A1`-`C5`, animals by unique prefix).
    /// A well-formed step is returned even if illegal, so that `check` says which rule
    /// forbids it.
    pub(super) fn parse_text(
        &self,
        data: &NangaData,
        seat: Seat,
        text: &str,
    ) -> Result<Step, ParseError> {
        let words = notation::words(text)?;
        let kind = self.step_kind(data, seat, text, &words[0])?;
        let form = step_form(kind);
        let arity = match kind {
            "end" => 0,
            "leopard" | "tahr" => 2,
            _ => 1,
        };
        if words.len() != 1 + arity {
            return Err(ParseError::Syntax(format!(
                "`{kind}` takes {arity} value(s): {form}"
            )));
        }
        let bad = |w: &str, what: &str| {
            ParseError::Syntax(format!(
                "`{}` is not {what}; expected {form}",
                notation::clip(w)
            ))
        };
        let cellw = |i: usize| {
            parse_cell(&words[i]).ok_or_else(|| {
                bad(
                    &words[i],
                    "a section (region.section, both 1 to 6, e.g. 4.6)",
                )
            })
        };
        let regionw = |i: usize| {
            words[i]
                .parse::<u8>()
                .ok()
                .filter(|r| (1..=REGIONS as u8).contains(r) && words[i].len() == 1)
                .map(|r| r - 1)
                .ok_or_else(|| bad(&words[i], "a region number from 1 to 6"))
        };
        Ok(match kind {
            "guide" => Step::Guide(regionw(1)?),
            "yak" => Step::Yak(regionw(1)?),
            "trap" => Step::Trap(cellw(1)?),
            "deer" => Step::Deer(cellw(1)?),
            "camp" => Step::Camp(cellw(1)?),
            "leopard" => {
                let (a, b) = (cellw(1)?, cellw(2)?);
                Step::Leopard {
                    first: a.min(b),
                    second: a.max(b),
                }
            }
            "tahr" => self.tahr_step(cellw(1)?, cellw(2)?),
            "claim" => Step::Claim(
                parse_square(&words[1]).ok_or_else(|| bad(&words[1], "a square (A1 to C5)"))?,
            ),
            "give" => {
                let w = words[1].as_str();
                let hits: Vec<Animal> = match Animal::ALL.iter().find(|a| a.word() == w) {
                    Some(a) => vec![*a],
                    None => Animal::ALL
                        .iter()
                        .copied()
                        .filter(|a| a.word().starts_with(w) || a.name().starts_with(w))
                        .collect(),
                };
                match hits.as_slice() {
                    [a] => Step::Give(*a),
                    _ => return Err(bad(w, "one animal")),
                }
            }
            _ => Step::End,
        })
    }

    /// The step kind a first word names (whole, or the start of one kind only).
    fn step_kind(
        &self,
        data: &NangaData,
        seat: Seat,
        text: &str,
        word: &str,
    ) -> Result<&'static str, ParseError> {
        let kinds: Vec<&str> = match KINDS.iter().find(|k| **k == word) {
            Some(k) => vec![*k],
            None => KINDS
                .iter()
                .copied()
                .filter(|k| k.starts_with(word))
                .collect(),
        };
        let legal_names = || -> Vec<String> {
            self.legal_steps(data, seat)
                .iter()
                .map(|s| Self::format_step(data, s))
                .collect()
        };
        match kinds.as_slice() {
            [k] => Ok(*k),
            [] => Err(ParseError::NoMatch {
                input: text.trim().to_string(),
                suggestions: legal_names(),
            }),
            many => Err(ParseError::Syntax(format!(
                "`{}` could be {}; type more of the word",
                notation::clip(word),
                many.iter()
                    .map(|k| format!("`{k}`"))
                    .collect::<Vec<_>>()
                    .join(" or ")
            ))),
        }
    }

    /// `tahr a b` in either order: the hiker is put first.
    fn tahr_step(&self, a: u8, b: u8) -> Step {
        if matches!(self.cells[a as usize], Piece::Animal(_))
            && !matches!(self.cells[b as usize], Piece::Animal(_))
        {
            Step::Tahr {
                hiker: b,
                animal: a,
            }
        } else {
            Step::Tahr {
                hiker: a,
                animal: b,
            }
        }
    }
}

/// The notation of a step kind, with an example, for parse errors.
fn step_form(kind: &str) -> &'static str {
    match kind {
        "guide" => "guide <region 1-6>, e.g. `guide 3`",
        "trap" => "trap <region.section>, e.g. `trap 4.6`",
        "leopard" => "leopard <r.s> <r.s> (two adjacent hikers), e.g. `leopard 2.3 2.5`",
        "tahr" => "tahr <hiker r.s> <animal r.s>, e.g. `tahr 1.1 1.2`",
        "deer" => "deer <r.s> (the first animal, then the second), e.g. `deer 3.4`",
        "yak" => "yak <region 1-6>, e.g. `yak 5`",
        "claim" => "claim <square A1-C5> (row A camps, B different animals, C same animal; column 1-5), e.g. `claim B3`",
        "camp" => "camp <r.s> (one of your hikers), e.g. `camp 4.1`",
        "give" => "give <animal>: leopard, tahr, deer, yak, bharal or panda, e.g. `give tahr`",
        _ => "end",
    }
}
