//! Gameplay Flow, Phase 1: the turn marker, the first caravaneer, and the automatic
//! parts run between decisions.

use super::*;

impl Himalaya {
    /// Run automatic play until a player must decide or the game ends.
    pub(in crate::games::himalaya) fn advance(
        &mut self,
        data: &HimalayaData,
        events: &mut Vec<Event>,
    ) {
        loop {
            if self.pending.is_some() {
                return;
            }
            match self.phase.clone() {
                Phase::Placement { .. } | Phase::Programming | Phase::Finished => return,
                Phase::Events { k } => {
                    if k >= self.n() {
                        self.phase = Phase::Programming;
                        let turn = self.turn;
                        self.say(data, events, TurnEvent::ProgrammingBegins { turn });
                        return;
                    }
                    if !self.can_place_event(self.order_seat(k)) {
                        self.phase = Phase::Events { k: k + 1 };
                        continue;
                    }
                    return;
                }
                Phase::Resolution => {
                    if self.cursor.0 >= ACTIONS {
                        self.end_of_turn(data, events);
                        continue;
                    }
                    self.resolve_one(data, events);
                }
                Phase::Inventory => {
                    if let Some((good, seat)) = self.inventory_queue.first().copied() {
                        self.inventory_queue.remove(0);
                        self.start_inventory_reward(data, good, seat, events);
                        continue;
                    }
                    if self.turn >= TURNS {
                        self.finish(data, events);
                        return;
                    }
                    self.start_turn(data, events);
                }
            }
        }
    }

    pub(in crate::games::himalaya) fn start_turn(
        &mut self,
        data: &HimalayaData,
        events: &mut Vec<Event>,
    ) {
        if self.turn >= 1 {
            self.first = (self.first + 1) % self.n();
        }
        self.turn += 1;
        self.plans = vec![Vec::new(); self.n()];
        self.seals = vec![None; self.n()];
        self.took = vec![Vec::new(); self.n()];
        self.board_events = BoardEvents::default();
        let (turn, first) = (self.turn, self.first);
        self.say(data, events, TurnEvent::Begins { turn, first });
        self.phase = if self.advanced {
            Phase::Events { k: 0 }
        } else {
            Phase::Programming
        };
        if !self.advanced {
            self.say(data, events, TurnEvent::ProgrammingBegins { turn });
        }
    }

    pub(in crate::games::himalaya) fn end_of_turn(
        &mut self,
        data: &HimalayaData,
        events: &mut Vec<Event>,
    ) {
        self.board_events = BoardEvents::default();
        self.refill(data, events);
        if self.turn % 4 == 0 {
            self.inventory(data, events);
            self.phase = Phase::Inventory;
        } else {
            self.start_turn(data, events);
        }
    }
}
