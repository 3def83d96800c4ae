//! Setup (rulebook section 3): the players place their caravans in turn.

use super::*;

impl Himalaya {
    /// The free villages. (A taken village is no candidate, so that `start 2` is never read
    /// as `start 20`, HIM-SETUP-11.)
    pub(in crate::games::himalaya) fn placement_candidates(&self) -> Vec<Step> {
        (0..VILLAGES)
            .filter(|v| !self.caravans.contains(&Some(*v)))
            .map(Step::Start)
            .collect()
    }

    /// The seat at position `k` of the order puts its caravan on a free village.
    pub(in crate::games::himalaya) fn placement_ok(
        &self,
        seat: Seat,
        k: usize,
        step: &Step,
    ) -> Result<(), RuleError> {
        let name = self.seat_name(seat);
        if self.order_seat(k) != seat {
            let why = format!("it is not {name}'s turn to place a caravan");
            return Err(rule(Topic::Setup, why));
        }
        let Step::Start(v) = *step else {
            let why = format!("{name} places a caravan now: `start <village>`");
            return Err(rule(Topic::Setup, why));
        };
        if v >= VILLAGES {
            let why = format!(
                "there is no village {}: villages are 1 to {VILLAGES}",
                v + 1
            );
            return Err(rule(Topic::Setup, why));
        }
        if self.caravans.contains(&Some(v)) {
            let why = format!("village {} already holds a caravan", v + 1);
            return Err(rule(Topic::Setup, why));
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
