//! Setup (rulebook section 3): the players place their caravans in turn.

use super::*;

impl Himalaya {
    /// Every village, taken or not: a taken one is refused with its reason. (A number
    /// matches only exactly, so `start 2` is never read as `start 20`, HIM-SETUP-11.)
    pub(in crate::games::himalaya) fn placement_candidates(&self) -> Vec<Step> {
        (0..VILLAGES).map(Step::Start).collect()
    }

    /// The seat at position `k` of the order puts its caravan on a free village.
    pub(in crate::games::himalaya) fn placement_ok(
        &self,
        seat: Seat,
        k: usize,
        step: &Step,
    ) -> Result<(), Forbidden> {
        if self.order_seat(k) != seat {
            return Err(Forbidden::NotYourPlacement);
        }
        let Step::Start(v) = *step else {
            return Err(Forbidden::PlaceCaravanNow);
        };
        if v >= VILLAGES {
            return Err(Forbidden::NoVillage { village: v as u8 });
        }
        if self.caravans.contains(&Some(v)) {
            return Err(Forbidden::VillageTaken { village: v as u8 });
        }
        Ok(())
    }

    pub(in crate::games::himalaya) fn place_caravan(
        &mut self,
        data: &HimalayaData,
        seat: Seat,
        k: usize,
        step: &Step,
    ) -> Applied {
        let mut events = Vec::new();
        let Step::Start(v) = *step else {
            unreachable!("placement_ok accepts only `start`")
        };
        self.caravans[seat] = Some(v);
        let placed = SetupEvent::CaravanPlaced { seat, village: v };
        self.say(data, &mut events, placed);
        if k + 1 >= self.n() {
            self.start_turn(data, &mut events);
        } else {
            self.phase = Phase::Placement { k: k + 1 };
        }
        Applied {
            events,
            turn_ended: true,
            ..Applied::default()
        }
    }
}
