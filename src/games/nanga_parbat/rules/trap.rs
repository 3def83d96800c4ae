//! Détail des étapes, steps 1 to 3: trap an animal, the hiker that replaces it, and the
//! guide's move.

use super::*;

impl NangaParbat {
    pub(in crate::games::nanga_parbat) fn region_has_animal(&self, r: usize) -> bool {
        (0..SECTIONS).any(|s| matches!(self.cells[r * SECTIONS + s], Piece::Animal(_)))
    }

    /// Until the trap: every region for the guide and every section to trap.
    pub(in crate::games::nanga_parbat) fn trap_candidates(&self, steps: &mut Vec<Step>) {
        if !self.trapped {
            steps.extend((0..REGIONS as u8).map(Step::Guide));
            steps.extend((0..CELLS as u8).map(Step::Trap));
        }
    }

    /// NAN-TRAP-4, NAN-TRAP-5 reading: the guide is moved by hand only off an empty region.
    pub(super) fn guide_ok(&self, r: u8, guide: usize) -> Result<(), Forbidden> {
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
    pub(super) fn trap_ok(&self, c: u8, guide: usize) -> Result<(), Forbidden> {
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

    pub(in crate::games::nanga_parbat) fn move_guide(
        &mut self,
        seat: Seat,
        r: u8,
        events: &mut Vec<Event>,
    ) {
        let from = self.guide;
        self.guide = Some(r);
        self.happen(events, TrapEvent::GuideMoved { seat, from, to: r });
    }

    /// Steps 1 to 3: trap the animal, put a hiker in its place, move the guide.
    pub(in crate::games::nanga_parbat) fn trap(
        &mut self,
        seat: usize,
        c: u8,
        events: &mut Vec<Event>,
    ) {
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
        let trapped = TrapEvent::Trapped {
            seat,
            animal: a,
            cell: c,
            hikers_left: self.hikers[seat],
            guide_to: to,
        };
        self.happen(events, trapped);
        // NAN-ACT-11: a red panda scores 1 for a catcher who is not ahead.
        if a == Animal::Panda && self.score[seat] <= self.score[Self::opp(seat)] {
            self.gain(seat, 1, Gain::RedPanda, events);
        }
    }
}
