//! Turn Sequence: whose turn it is, the one legality decision and the dispatch onto the
//! steps.

use super::*;

// A turn is up to three actions (Move / Grow), then `end`, which claims trade routes,
// reveals new cards, resolves conflict and checks the end of the game, in that order.

impl Nepal {
    /// The one legality decision, by phase and step kind onto the `*_ok` helper under the
    /// banner of the rule (`legality` words its answer, `hopeless` uses it as it is).
    pub(in crate::games::nepal) fn step_ok(
        &self,
        data: &NepalData,
        seat: Seat,
        step: &Step,
    ) -> Result<(), Forbidden> {
        let refusals = (Forbidden::GameOver, Forbidden::NotYourTurn);
        one_seat_acts(self.phase == Phase::Over, seat, self.current, refusals)?;
        let on_board = |p: u8| Self::on_board(data, p);
        match (self.phase, *step) {
            (Phase::Placement, Step::Place(p)) => self.place_ok(data, seat, on_board(p)?),
            (Phase::Placement, _) => Err(Forbidden::PlacementFirst),
            (_, Step::Place(_)) => Err(Forbidden::NotPlacement),
            (_, Step::Move { from, to }) => {
                self.move_ok(data, seat, on_board(from)?, on_board(to)?)
            }
            (_, Step::Grow(p)) => self.grow_ok(data, seat, on_board(p)?),
            (_, Step::Fortress(p)) => self.fortress_ok(data, seat, on_board(p)?),
            (_, Step::End) => Ok(()),
        }
    }

    /// Pass the turn to the next seat around the table with a fresh set of actions.
    pub(super) fn next_seat(&mut self) {
        self.current = (self.current + 1) % self.n();
        self.moves = 0;
        self.grows = 0;
        self.actions = 0;
        self.this_turn.clear();
    }

    /// `end`: the steps after the actions, in rulebook order.
    pub(in crate::games::nepal) fn end_turn(&mut self, data: &NepalData, seat: usize) -> Applied {
        let mut events = vec![self.say(data, TurnEvent::Ended { seat })];
        let irreversible = self.claim_routes(data, seat, &mut events);
        self.conflicts(data, &mut events);
        let finished = self.check_end(data, seat, &mut events);
        self.last_turn = self.actions_worded(data, seat);
        self.last_turn.extend(events.iter().map(|e| e.text.clone()));
        self.turn += 1;
        if finished {
            self.finish(data);
            let note = self
                .result
                .as_ref()
                .map(|r| r.note.clone())
                .unwrap_or_default();
            events.push(self.say(data, EndEvent::GameOver { note }));
            self.last_turn.extend(events.last().map(|e| e.text.clone()));
        } else {
            self.next_seat();
        }
        Applied {
            events,
            irreversible,
            turn_ended: true,
            secret: false,
            reveals: false,
        }
    }

    /// The public log lines of `seat`'s actions this turn, for the last-turn record.
    fn actions_worded(&self, data: &NepalData, seat: usize) -> Vec<String> {
        self.this_turn
            .iter()
            .filter_map(|step| {
                let what: Happening = match *step {
                    Step::Move { from, to } => ActionEvent::Moved {
                        seat,
                        from: from as usize,
                        to: to as usize,
                    }
                    .into(),
                    Step::Grow(p) => ActionEvent::Grew {
                        seat,
                        province: p as usize,
                    }
                    .into(),
                    Step::Fortress(p) => OptionEvent::FortressBuilt {
                        seat,
                        province: p as usize,
                    }
                    .into(),
                    Step::Place(_) | Step::End => return None,
                };
                Some(what.text(data, &self.names))
            })
            .collect()
    }
}
