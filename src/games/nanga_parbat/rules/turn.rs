//! Tour de jeu: the turn sequence, the one legality decision and the dispatch onto the
//! steps.

use super::*;

// A turn: trap (step 1), which places the hiker (step 2) and moves the guide (step 3) at
// once; then optionally one claim (step 4); activations at any moment; `end`.

impl NangaParbat {
    /// The one legality decision, by phase, decision in progress and step kind onto the
    /// `*_ok` helper under the banner of the rule (`legality` words its answer, `hopeless`
    /// uses it as it is).
    pub(in crate::games::nanga_parbat) fn step_ok(
        &self,
        data: &NangaData,
        seat: Seat,
        step: &Step,
    ) -> Result<(), Forbidden> {
        let refusals = (Forbidden::GameOver, Forbidden::NotYourTurn);
        one_seat_acts(self.phase == Phase::Over, seat, self.current, refusals)?;
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

    pub(super) fn opp(seat: usize) -> usize {
        1 - seat
    }

    pub(super) fn cell_ok(c: u8) -> Result<(), Forbidden> {
        if (c as usize) < CELLS {
            Ok(())
        } else {
            Err(Forbidden::UnknownPlace)
        }
    }

    pub(super) fn region_ok(r: u8) -> Result<(), Forbidden> {
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
    pub(in crate::games::nanga_parbat) fn place_guide(
        &mut self,
        seat: Seat,
        r: u8,
        events: &mut Vec<Event>,
    ) {
        self.guide = Some(r);
        self.happen(events, TurnEvent::GuidePlaced { seat, region: r });
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

    /// Word a happening (the one place: [`Happening::text`]) as a public event.
    pub(in crate::games::nanga_parbat) fn happen(
        &self,
        events: &mut Vec<Event>,
        what: impl Into<Happening>,
    ) {
        events.push(Event::public(what.into().text(&self.names)));
    }

    /// Keep the turn's public events for the turn summary (everyone sees it).
    pub(in crate::games::nanga_parbat) fn record(&mut self, events: &[Event], turn_ended: bool) {
        let public = events.iter().filter(|e| e.audience == Audience::Public);
        let text = public.map(|e| e.text.clone());
        if turn_ended {
            self.last_turn = std::mem::take(&mut self.this_turn);
            self.last_turn.extend(text);
        } else {
            self.this_turn.extend(text);
        }
    }

    pub(in crate::games::nanga_parbat) fn end_turn(&mut self, events: &mut Vec<Event>) {
        // NAN-END-1 (NAN-END-4 reading): checked when the turn that placed the last hiker ends.
        if self.hikers.iter().all(|&h| h == 0) {
            self.happen(events, EndEvent::HikersPlaced);
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
