//! The rules of Nanga Parbat, in rulebook order under phase banners.
//! [`NangaParbat::refusal`] is the one legality decision: `legal_steps` keeps the
//! candidates it accepts, `check` turns its answer into a [`RuleError`], and `apply` checks
//! with it before changing anything.

use super::board::{cell_name, parse_cell, parse_square, square_name, CELLS, REGIONS, SECTIONS};
use super::{
    Animal, NangaData, NangaParbat, Opts, Pending, Phase, Piece, RowKind, Step, COLUMNS, ROWS,
};
use crate::engine::rank::{places_by_key, verdict};
use crate::engine::FinalResult;
use crate::engine::{notation, GameRng, ParseError, Rules};
use crate::engine::{Applied, Event, RuleError, Seat, SetupError};
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

// ==== Legality: the one decision ====

/// Why a step is not legal (turned into a [`RuleError`] by `check` and `apply`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    GameOver,
    NotYourTurn,
    GuideSetupFirst,
    OnlyGuideAtSetup,
    FinishDeer,
    FinishBuild,
    FinishTrade,
    NotDeerPending,
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
    SquareTaken,
    NotEnoughCamps,
    NoCampGroup,
    NotEnoughAnimals,
    NotYourHiker,
    AlreadyPicked,
    CampBreaksGroup,
    NoSuchAnimal(Animal),
    TradeCannotFinish(Animal),
}

impl Refusal {
    fn error(self, data: &NangaData, step: &Step) -> RuleError {
        let sq = |s: &Step| match s {
            Step::Claim(q) => {
                let (k, n, v) = data.square(*q);
                format!("{} ({} {n}, {v} VP)", square_name(*q), k.name())
            }
            _ => "that square".into(),
        };
        let (topic, reason): (&'static str, String) = match self {
            Refusal::GameOver => ("end", "the game is over".into()),
            Refusal::NotYourTurn => ("turn", "it is not your turn".into()),
            Refusal::GuideSetupFirst => (
                "setup",
                "the second player first places the guide: `guide <region 1-6>`".into(),
            ),
            Refusal::OnlyGuideAtSetup => (
                "setup",
                "only the second player places the guide at the start".into(),
            ),
            Refusal::FinishDeer => (
                "deer",
                "finish the musk deer first: pick the second animal with `deer <r.s>`".into(),
            ),
            Refusal::FinishBuild => (
                "camps",
                "finish building first: pick the next hiker with `camp <r.s>`".into(),
            ),
            Refusal::FinishTrade => (
                "trade",
                "finish the trade first: hand in the next animal with `give <animal>`".into(),
            ),
            Refusal::NotDeerPending => ("deer", "no musk deer swap is in progress".into()),
            Refusal::NotBuilding => (
                "camps",
                "`camp` picks hikers after claiming a row A square (`claim A<column>`)".into(),
            ),
            Refusal::NotTrading => (
                "trade",
                "`give` hands in animals after claiming a row B or C square".into(),
            ),
            Refusal::UnknownPlace => ("notation", "no such section, region or square".into()),
            Refusal::AlreadyTrapped => (
                "trap",
                "you have already trapped an animal this turn".into(),
            ),
            Refusal::GuideRegionHasAnimals => (
                "trap",
                "the guide's region still has animals: trap one of them (the guide is only moved by hand when its region is empty)".into(),
            ),
            Refusal::GuideNowhere => ("trap", "the guide has not been placed".into()),
            Refusal::GuideSameRegion => (
                "trap",
                "the guide is already there; send it to a region that has an animal".into(),
            ),
            Refusal::RegionEmpty => (
                "trap",
                "that region has no animal left; pick one that has".into(),
            ),
            Refusal::NotGuideRegion => (
                "trap",
                "you may only trap in the guide's region".into(),
            ),
            Refusal::NoAnimalThere => ("trap", "there is no animal on that section".into()),
            Refusal::TrapFirst => (
                "turn",
                "trap an animal first (`trap <r.s>` in the guide's region); claiming and ending come after"
                    .into(),
            ),
            Refusal::NoFresh(a) => (
                "activate",
                format!(
                    "you have no {} on your animal board that is not yet activated",
                    a.name()
                ),
            ),
            Refusal::NotTwoHikers => (
                "leopard",
                "the snow leopard swaps two hikers; both sections must hold a hiker".into(),
            ),
            Refusal::SameSection => (
                "activate",
                "name two different sections".into(),
            ),
            Refusal::SameOwner => (
                "leopard",
                "those hikers belong to the same player; swapping them would change nothing"
                    .into(),
            ),
            Refusal::NotAdjacent => (
                "adjacency",
                "those sections are not adjacent (no shared border and no dotted path)".into(),
            ),
            Refusal::CampsNeverMove => ("activate", "camps never move".into()),
            Refusal::NotHikerAndAnimal => (
                "tahr",
                "the tahr swaps a hiker with an animal: give a section with a hiker and one with an animal"
                    .into(),
            ),
            Refusal::NotAnAnimal => ("deer", "the musk deer swaps animals only".into()),
            Refusal::SameAnimal => (
                "deer",
                "those two animals are of the same kind; swapping them would change nothing"
                    .into(),
            ),
            Refusal::NoPartner => (
                "deer",
                "no animal of another kind is left to swap with".into(),
            ),
            Refusal::YakSameRegion => (
                "yak",
                "the yak moves the guide to a different region".into(),
            ),
            Refusal::ClaimedThisTurn => (
                "chart",
                "you have already claimed a square this turn (one per turn)".into(),
            ),
            Refusal::NoCubes => (
                "chart",
                "you have placed all your cubes; you skip step 4 for the rest of the game".into(),
            ),
            Refusal::SquareTaken => (
                "chart",
                format!("{} is already claimed", sq(step)),
            ),
            Refusal::NotEnoughCamps => (
                "camps",
                format!("{} needs more camps than you have left", sq(step)),
            ),
            Refusal::NoCampGroup => (
                "camps",
                format!(
                    "{} needs that many of your hikers in one group of adjacent sections",
                    sq(step)
                ),
            ),
            Refusal::NotEnoughAnimals => (
                "trade",
                format!(
                    "{}: your animal board does not hold a fitting set (bharal counts as any kind)",
                    sq(step)
                ),
            ),
            Refusal::NotYourHiker => ("camps", "that section does not hold one of your hikers".into()),
            Refusal::AlreadyPicked => ("camps", "that hiker is already picked".into()),
            Refusal::CampBreaksGroup => (
                "camps",
                "with that hiker the chosen ones cannot form one group of adjacent hikers of the needed size"
                    .into(),
            ),
            Refusal::NoSuchAnimal(a) => (
                "trade",
                format!("you have no {} left on your animal board", a.name()),
            ),
            Refusal::TradeCannotFinish(a) => (
                "trade",
                format!(
                    "with a {} this trade could not be completed by the animals you have left",
                    a.name()
                ),
            ),
        };
        RuleError::new(topic, reason)
    }
}

impl NangaParbat {
    fn opp(seat: usize) -> usize {
        1 - seat
    }

    pub(super) fn region_has_animal(&self, r: usize) -> bool {
        (0..SECTIONS).any(|s| matches!(self.cells[r * SECTIONS + s], Piece::Animal(_)))
    }

    fn has_fresh(&self, seat: usize, a: Animal) -> bool {
        self.fresh[seat][a.index()] > 0
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

    /// The single legality check: `None` if `seat` may take `step` now.
    pub fn refusal(&self, data: &NangaData, seat: Seat, step: &Step) -> Option<Refusal> {
        if self.phase == Phase::Over {
            return Some(Refusal::GameOver);
        }
        if seat != self.current {
            return Some(Refusal::NotYourTurn);
        }
        let cell_ok = |c: u8| (c as usize) < CELLS;
        let region_ok = |r: u8| (r as usize) < REGIONS;
        if self.phase == Phase::Setup {
            // NAN-SETUP-8 reading: the second seat places the guide on any region.
            return match *step {
                Step::Guide(r) if region_ok(r) => None,
                Step::Guide(_) => Some(Refusal::UnknownPlace),
                _ => Some(Refusal::GuideSetupFirst),
            };
        }
        // A decision in progress takes only its own steps.
        match (&self.pending, step) {
            (Some(Pending::Deer { first }), Step::Deer(c)) => {
                if !cell_ok(*c) {
                    return Some(Refusal::UnknownPlace);
                }
                let Piece::Animal(a) = self.cells[*first as usize] else {
                    return Some(Refusal::NotAnAnimal);
                };
                return match self.cells[*c as usize] {
                    Piece::Animal(b) if b != a => None,
                    Piece::Animal(_) => Some(Refusal::SameAnimal),
                    _ => Some(Refusal::NotAnAnimal),
                };
            }
            (Some(Pending::Deer { .. }), _) => return Some(Refusal::FinishDeer),
            (Some(Pending::Build { square, picked }), Step::Camp(c)) => {
                if !cell_ok(*c) {
                    return Some(Refusal::UnknownPlace);
                }
                if self.cells[*c as usize] != Piece::Hiker(seat as u8) {
                    return Some(Refusal::NotYourHiker);
                }
                if picked.contains(c) {
                    return Some(Refusal::AlreadyPicked);
                }
                let mask = picked.iter().fold(1u64 << c, |m, &p| m | 1 << p);
                let (_, need, _) = data.square(*square);
                if !self.camp_group_possible(data, seat, need, mask) {
                    return Some(Refusal::CampBreaksGroup);
                }
                return None;
            }
            (Some(Pending::Build { .. }), _) => return Some(Refusal::FinishBuild),
            (Some(Pending::Trade { square, given }), Step::Give(a)) => {
                if self.held(seat, *a) == 0 {
                    return Some(Refusal::NoSuchAnimal(*a));
                }
                let (kind, need, _) = data.square(*square);
                let mut g = given.clone();
                g.push(*a);
                // What is left after handing this one in.
                let mut after = self.clone();
                after.take_animal(seat, *a);
                if !after.trade_possible(seat, need, kind == RowKind::Same, &g) {
                    return Some(Refusal::TradeCannotFinish(*a));
                }
                return None;
            }
            (Some(Pending::Trade { .. }), _) => return Some(Refusal::FinishTrade),
            (None, Step::Camp(_)) => return Some(Refusal::NotBuilding),
            (None, Step::Give(_)) => return Some(Refusal::NotTrading),
            (None, _) => {}
        }
        let Some(guide) = self.guide else {
            return Some(Refusal::GuideNowhere);
        };
        let guide = guide as usize;
        match *step {
            // ---- Step 1: trap (NAN-TRAP-1, NAN-TRAP-4, NAN-TRAP-5) ----
            Step::Guide(r) => {
                if !region_ok(r) {
                    return Some(Refusal::UnknownPlace);
                }
                if self.trapped {
                    return Some(Refusal::AlreadyTrapped);
                }
                if self.region_has_animal(guide) {
                    return Some(Refusal::GuideRegionHasAnimals);
                }
                if r as usize == guide {
                    return Some(Refusal::GuideSameRegion);
                }
                if !self.region_has_animal(r as usize) {
                    return Some(Refusal::RegionEmpty);
                }
                None
            }
            Step::Trap(c) => {
                if !cell_ok(c) {
                    return Some(Refusal::UnknownPlace);
                }
                if self.trapped {
                    return Some(Refusal::AlreadyTrapped);
                }
                if c as usize / SECTIONS != guide {
                    return Some(Refusal::NotGuideRegion);
                }
                if !matches!(self.cells[c as usize], Piece::Animal(_)) {
                    return Some(Refusal::NoAnimalThere);
                }
                None
            }
            // ---- Activations, at any moment of the turn (NAN-ACT-1..8) ----
            Step::Leopard(a, b) => {
                if !cell_ok(a) || !cell_ok(b) {
                    return Some(Refusal::UnknownPlace);
                }
                if !self.has_fresh(seat, Animal::Leopard) {
                    return Some(Refusal::NoFresh(Animal::Leopard));
                }
                if a == b {
                    return Some(Refusal::SameSection);
                }
                let (pa, pb) = (self.cells[a as usize], self.cells[b as usize]);
                match (pa, pb) {
                    (Piece::Hiker(x), Piece::Hiker(y)) => {
                        if x == y {
                            return Some(Refusal::SameOwner);
                        }
                    }
                    (Piece::Camp(_), _) | (_, Piece::Camp(_)) => {
                        return Some(Refusal::CampsNeverMove)
                    }
                    _ => return Some(Refusal::NotTwoHikers),
                }
                if !data.adjacent(a, b) {
                    return Some(Refusal::NotAdjacent);
                }
                None
            }
            Step::Tahr(h, a) => {
                if !cell_ok(h) || !cell_ok(a) {
                    return Some(Refusal::UnknownPlace);
                }
                if !self.has_fresh(seat, Animal::Tahr) {
                    return Some(Refusal::NoFresh(Animal::Tahr));
                }
                match (self.cells[h as usize], self.cells[a as usize]) {
                    (Piece::Hiker(_), Piece::Animal(_)) => {}
                    (Piece::Camp(_), _) => return Some(Refusal::CampsNeverMove),
                    _ => return Some(Refusal::NotHikerAndAnimal),
                }
                if !data.adjacent(h, a) {
                    return Some(Refusal::NotAdjacent);
                }
                None
            }
            Step::Deer(c) => {
                if !cell_ok(c) {
                    return Some(Refusal::UnknownPlace);
                }
                if !self.has_fresh(seat, Animal::Deer) {
                    return Some(Refusal::NoFresh(Animal::Deer));
                }
                let Piece::Animal(a) = self.cells[c as usize] else {
                    return Some(Refusal::NotAnAnimal);
                };
                if !self
                    .cells
                    .iter()
                    .any(|p| matches!(p, Piece::Animal(b) if *b != a))
                {
                    return Some(Refusal::NoPartner);
                }
                None
            }
            Step::Yak(r) => {
                if !region_ok(r) {
                    return Some(Refusal::UnknownPlace);
                }
                if !self.has_fresh(seat, Animal::Yak) {
                    return Some(Refusal::NoFresh(Animal::Yak));
                }
                if r as usize == guide {
                    return Some(Refusal::YakSameRegion);
                }
                None
            }
            // ---- Step 4: claim a square (NAN-BUILD-1..13, NAN-CHART-4..6) ----
            Step::Claim(q) => {
                if q as usize >= ROWS * COLUMNS {
                    return Some(Refusal::UnknownPlace);
                }
                if !self.trapped {
                    return Some(Refusal::TrapFirst);
                }
                if self.cubes[seat] == 0 {
                    return Some(Refusal::NoCubes);
                }
                if self.claimed {
                    return Some(Refusal::ClaimedThisTurn);
                }
                if self.chart[q as usize].is_some() {
                    return Some(Refusal::SquareTaken);
                }
                let (kind, need, _) = data.square(q);
                match kind {
                    RowKind::Camps => {
                        if self.camps[seat] < need {
                            return Some(Refusal::NotEnoughCamps);
                        }
                        if !self.camp_group_possible(data, seat, need, 0) {
                            return Some(Refusal::NoCampGroup);
                        }
                    }
                    RowKind::Different | RowKind::Same => {
                        if !self.trade_possible(seat, need, kind == RowKind::Same, &[]) {
                            return Some(Refusal::NotEnoughAnimals);
                        }
                    }
                }
                None
            }
            Step::End => {
                if !self.trapped {
                    return Some(Refusal::TrapFirst);
                }
                None
            }
            Step::Camp(_) | Step::Give(_) => unreachable!("handled with the pending decision"),
        }
    }

    pub(super) fn candidate_steps(&self, data: &NangaData) -> Vec<Step> {
        let mut v = Vec::with_capacity(128);
        let cells = 0..CELLS as u8;
        match (&self.phase, &self.pending) {
            (Phase::Setup, _) => return (0..REGIONS as u8).map(Step::Guide).collect(),
            (_, Some(Pending::Deer { .. })) => return cells.map(Step::Deer).collect(),
            (_, Some(Pending::Build { .. })) => return cells.map(Step::Camp).collect(),
            (_, Some(Pending::Trade { .. })) => {
                return Animal::ALL.iter().map(|&a| Step::Give(a)).collect()
            }
            _ => {}
        }
        let seat = self.current;
        if !self.trapped {
            v.extend((0..REGIONS as u8).map(Step::Guide));
            v.extend(cells.clone().map(Step::Trap));
        }
        if self.has_fresh(seat, Animal::Leopard) {
            for a in cells.clone() {
                for &b in &data.adj[a as usize] {
                    if a < b {
                        v.push(Step::Leopard(a, b));
                    }
                }
            }
        }
        if self.has_fresh(seat, Animal::Tahr) {
            for h in cells.clone() {
                if matches!(self.cells[h as usize], Piece::Hiker(_)) {
                    v.extend(data.adj[h as usize].iter().map(|&a| Step::Tahr(h, a)));
                }
            }
        }
        if self.has_fresh(seat, Animal::Deer) {
            v.extend(cells.clone().map(Step::Deer));
        }
        if self.has_fresh(seat, Animal::Yak) {
            v.extend((0..REGIONS as u8).map(Step::Yak));
        }
        if self.trapped {
            v.extend((0..(ROWS * COLUMNS) as u8).map(Step::Claim));
            v.push(Step::End);
        }
        v
    }

    pub(super) fn check_step(
        &self,
        data: &NangaData,
        seat: Seat,
        step: &Step,
    ) -> Result<(), RuleError> {
        match self.refusal(data, seat, step) {
            Some(r) => Err(r.error(data, step)),
            None => Ok(()),
        }
    }

    /// Say what would be accepted instead of a refused step: the legal steps of the same
    /// kind (none when the game is over or it is not the seat's turn).
    pub(super) fn accepted_instead(
        &self,
        data: &NangaData,
        seat: Seat,
        step: &Step,
        mut e: RuleError,
    ) -> RuleError {
        if self.phase == Phase::Over || seat != self.current {
            return e;
        }
        let verb = |s: &Step| Self::step_text(s).split(' ').next().map(str::to_string);
        let same: Vec<String> = self
            .legal_steps(data, seat)
            .iter()
            .filter(|s| verb(s) == verb(step))
            .map(|s| format!("`{}`", Self::step_text(s)))
            .collect();
        if !same.is_empty() {
            let shown = same.len().min(8);
            let _ = write!(e.reason, "; accepted now: {}", same[..shown].join(", "));
            if same.len() > shown {
                let _ = write!(e.reason, " and {} more", same.len() - shown);
            }
        }
        e
    }
}

// ==== Turn sequence ====
// A turn: trap (step 1), which places the hiker (step 2) and moves the guide (step 3) at
// once; then optionally one claim (step 4); activations at any moment; `end`.

impl NangaParbat {
    /// Carry out `step` for `seat`, already found legal by [`NangaParbat::refusal`].
    pub(super) fn perform_step(&mut self, data: &NangaData, seat: Seat, step: &Step) -> Applied {
        let who = self.names[seat].clone();
        let mut events = Vec::new();
        let mut turn_ended = false;
        match *step {
            Step::Guide(r) => {
                let from = self.guide.map(|g| g + 1).unwrap_or(0);
                self.guide = Some(r);
                if self.phase == Phase::Setup {
                    events.push(Event::public(format!(
                        "{who} places the guide on region {}",
                        r + 1
                    )));
                    self.phase = Phase::Play;
                    self.current = 0;
                    self.turn = 1;
                    turn_ended = true;
                } else {
                    events.push(Event::public(format!(
                        "region {from} has no animal left: {who} moves the guide to region {}",
                        r + 1
                    )));
                }
            }
            Step::Trap(c) => self.trap(seat, c, &mut events),
            Step::Leopard(a, b) => {
                self.activate(seat, Animal::Leopard);
                self.cells.swap(a as usize, b as usize);
                events.push(Event::public(format!(
                    "{who} activates a snow leopard: the hikers on {} and {} swap places",
                    cell_name(a),
                    cell_name(b)
                )));
            }
            Step::Tahr(h, a) => {
                self.activate(seat, Animal::Tahr);
                self.cells.swap(h as usize, a as usize);
                events.push(Event::public(format!(
                    "{who} activates a tahr: the hiker on {} and the animal on {} swap places",
                    cell_name(h),
                    cell_name(a)
                )));
            }
            Step::Deer(c) => match self.pending.take() {
                Some(Pending::Deer { first }) => {
                    self.cells.swap(first as usize, c as usize);
                    events.push(Event::public(format!(
                        "{who} activates a musk deer: the animals on {} and {} swap places",
                        cell_name(first),
                        cell_name(c)
                    )));
                }
                _ => {
                    self.activate(seat, Animal::Deer);
                    self.pending = Some(Pending::Deer { first: c });
                    events.push(Event::public(format!(
                        "{who} activates a musk deer on the animal at {}; the second animal is next",
                        cell_name(c)
                    )));
                }
            },
            Step::Yak(r) => {
                self.activate(seat, Animal::Yak);
                self.guide = Some(r);
                events.push(Event::public(format!(
                    "{who} activates a yak: the guide moves to region {}",
                    r + 1
                )));
            }
            Step::Claim(q) => self.claim(data, seat, q, &mut events),
            Step::Camp(c) => self.pick_camp(data, seat, c, &mut events),
            Step::Give(a) => self.give(data, seat, a, &mut events),
            Step::End => {
                events.push(Event::public(format!("{who} ends the turn")));
                turn_ended = true;
                self.end_turn(data, &mut events);
            }
        }
        let text: Vec<String> = events.iter().map(|e| e.text.clone()).collect();
        if turn_ended {
            self.last_turn = std::mem::take(&mut self.this_turn);
            self.last_turn.extend(text);
        } else {
            self.this_turn.extend(text);
        }
        Applied {
            events,
            irreversible: false,
            turn_ended,
            secret: false,
        }
    }

    fn activate(&mut self, seat: usize, a: Animal) {
        self.fresh[seat][a.index()] -= 1;
        self.used[seat][a.index()] += 1;
    }

    /// Hand one animal of kind `a` in, an activated one first (it can do nothing more).
    fn take_animal(&mut self, seat: usize, a: Animal) {
        if self.used[seat][a.index()] > 0 {
            self.used[seat][a.index()] -= 1;
        } else {
            self.fresh[seat][a.index()] -= 1;
        }
    }

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

    /// Steps 1 to 3: trap the animal, put a hiker in its place, move the guide.
    fn trap(&mut self, seat: usize, c: u8, events: &mut Vec<Event>) {
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

    fn claim(&mut self, data: &NangaData, seat: usize, q: u8, events: &mut Vec<Event>) {
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

    fn pick_camp(&mut self, data: &NangaData, seat: usize, c: u8, events: &mut Vec<Event>) {
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

    fn give(&mut self, data: &NangaData, seat: usize, a: Animal, events: &mut Vec<Event>) {
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

    fn end_turn(&mut self, _data: &NangaData, events: &mut Vec<Event>) {
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
    pub(super) fn step_text(step: &Step) -> String {
        match *step {
            Step::Guide(r) => format!("guide {}", r + 1),
            Step::Trap(c) => format!("trap {}", cell_name(c)),
            Step::Leopard(a, b) => format!("leopard {} {}", cell_name(a), cell_name(b)),
            Step::Tahr(h, a) => format!("tahr {} {}", cell_name(h), cell_name(a)),
            Step::Deer(c) => format!("deer {}", cell_name(c)),
            Step::Yak(r) => format!("yak {}", r + 1),
            Step::Claim(q) => format!("claim {}", square_name(q)),
            Step::Camp(c) => format!("camp {}", cell_name(c)),
            Step::Give(a) => format!("give {}", a.word()),
            Step::End => "end".into(),
        }
    }

    pub(super) fn step_label(step: &Step) -> String {
        match *step {
            Step::Guide(r) => format!("Put the guide on region {}", r + 1),
            Step::Trap(c) => format!("Trap the animal on {}", cell_name(c)),
            Step::Leopard(a, b) => format!(
                "Snow leopard: swap the hikers on {} and {}",
                cell_name(a),
                cell_name(b)
            ),
            Step::Tahr(h, a) => format!(
                "Tahr: swap the hiker on {} with the animal on {}",
                cell_name(h),
                cell_name(a)
            ),
            Step::Deer(c) => format!("Musk deer: swap the animal on {}", cell_name(c)),
            Step::Yak(r) => format!("Yak: move the guide to region {}", r + 1),
            Step::Claim(q) => format!("Claim square {}", square_name(q)),
            Step::Camp(c) => format!("Turn the hiker on {} into a camp", cell_name(c)),
            Step::Give(a) => format!("Hand in a {}", a.name()),
            Step::End => "End the turn".into(),
        }
    }

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
        let kinds: Vec<&str> = match KINDS.iter().find(|k| **k == words[0]) {
            Some(k) => vec![*k],
            None => KINDS
                .iter()
                .copied()
                .filter(|k| k.starts_with(words[0].as_str()))
                .collect(),
        };
        let legal_names = || -> Vec<String> {
            self.legal_steps(data, seat)
                .iter()
                .map(Self::step_text)
                .collect()
        };
        let kind = match kinds.as_slice() {
            [k] => *k,
            [] => {
                return Err(ParseError::NoMatch {
                    input: text.trim().to_string(),
                    suggestions: legal_names(),
                })
            }
            many => {
                return Err(ParseError::Syntax(format!(
                    "`{}` could be {}; type more of the word",
                    notation::clip(&words[0]),
                    many.iter()
                        .map(|k| format!("`{k}`"))
                        .collect::<Vec<_>>()
                        .join(" or ")
                )))
            }
        };
        let form = match kind {
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
        };
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
                Step::Leopard(a.min(b), a.max(b))
            }
            "tahr" => {
                let (a, b) = (cellw(1)?, cellw(2)?);
                // Either order: the hiker is put first.
                if matches!(self.cells[a as usize], Piece::Animal(_))
                    && !matches!(self.cells[b as usize], Piece::Animal(_))
                {
                    Step::Tahr(b, a)
                } else {
                    Step::Tahr(a, b)
                }
            }
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
}
