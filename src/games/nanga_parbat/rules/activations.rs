//! L'activation des animaux: activations, at any moment of the turn (NAN-ACT-1..12).

use super::*;

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
    pub(in crate::games::nanga_parbat) fn activation_candidates(
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
    pub(super) fn leopard_ok(
        &self,
        data: &NangaData,
        seat: Seat,
        a: u8,
        b: u8,
    ) -> Result<(), Forbidden> {
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

    pub(in crate::games::nanga_parbat) fn leopard(
        &mut self,
        seat: Seat,
        a: u8,
        b: u8,
        events: &mut Vec<Event>,
    ) {
        self.activate(seat, Animal::Leopard);
        self.cells.swap(a as usize, b as usize);
        let (first, second) = (a, b);
        self.happen(
            events,
            ActivationEvent::Leopard {
                seat,
                first,
                second,
            },
        );
    }

    /// NAN-ACT-12 reading: any hiker with an adjacent animal.
    pub(super) fn tahr_ok(
        &self,
        data: &NangaData,
        seat: Seat,
        h: u8,
        a: u8,
    ) -> Result<(), Forbidden> {
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

    pub(in crate::games::nanga_parbat) fn tahr(
        &mut self,
        seat: Seat,
        h: u8,
        a: u8,
        events: &mut Vec<Event>,
    ) {
        self.activate(seat, Animal::Tahr);
        self.cells.swap(h as usize, a as usize);
        let (hiker, animal) = (h, a);
        self.happen(
            events,
            ActivationEvent::Tahr {
                seat,
                hiker,
                animal,
            },
        );
    }

    /// The first animal of a musk deer swap: one that has a partner of another kind.
    pub(super) fn deer_ok(&self, seat: Seat, c: u8) -> Result<(), Forbidden> {
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
    pub(super) fn second_deer_ok(&self, first: u8, c: u8) -> Result<(), Forbidden> {
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

    pub(in crate::games::nanga_parbat) fn deer(
        &mut self,
        seat: Seat,
        c: u8,
        events: &mut Vec<Event>,
    ) {
        let what = if let Some(Pending::Deer { first }) = self.pending {
            self.pending = None;
            self.cells.swap(first as usize, c as usize);
            let second = c;
            ActivationEvent::DeerSwap {
                seat,
                first,
                second,
            }
        } else {
            self.activate(seat, Animal::Deer);
            self.pending = Some(Pending::Deer { first: c });
            ActivationEvent::DeerFirst { seat, cell: c }
        };
        self.happen(events, what);
    }

    /// NAN-ACT-12 reading: any other region, even one without animals.
    pub(super) fn yak_ok(&self, seat: Seat, r: u8, guide: usize) -> Result<(), Forbidden> {
        Self::region_ok(r)?;
        self.fresh_ok(seat, Animal::Yak)?;
        if r as usize == guide {
            return Err(Forbidden::YakSameRegion);
        }
        Ok(())
    }

    pub(in crate::games::nanga_parbat) fn yak(
        &mut self,
        seat: Seat,
        r: u8,
        events: &mut Vec<Event>,
    ) {
        self.activate(seat, Animal::Yak);
        self.guide = Some(r);
        self.happen(events, ActivationEvent::Yak { seat, region: r });
    }
}
