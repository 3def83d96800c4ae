//! The round and the nation turn (Turn Order; Nation Turn): the automatic parts between
//! decisions, the start and the end of a nation turn.

use super::*;

/// Where the nation turn stands ([`Peloria::turn_stage`]).
pub(crate) type TurnStage = (u8, usize, std::mem::Discriminant<Phase>, u8);

impl Peloria {
    /// Run automatic parts until a seat must decide.
    pub(crate) fn advance(&mut self, d: &PeloriaData, ev: &mut Vec<String>) {
        for _ in 0..10_000 {
            if self.result.is_some() || !self.prompts.is_empty() {
                return;
            }
            if self.battle.is_some() {
                self.continue_battle(d, ev);
                continue;
            }
            let n = self.turn;
            match self.phase.clone() {
                Phase::Place { left } => {
                    if left == 0 {
                        self.start_movement(d, 1);
                    } else if !self
                        .has_step(d, self.owner(d, n), |s| matches!(s, Step::Place { .. }))
                    {
                        // PEL-POP-7: no legal place: the unit is lost, the track goes to 5.
                        self.track[n] = 5;
                        self.say(d, ev, TurnEvent::PlacementLost { nation: n, left });
                        self.start_movement(d, 1);
                    } else {
                        return;
                    }
                }
                Phase::Move { .. } => {
                    if self.only_done_left(d) {
                        self.end_movement(d, ev);
                    } else {
                        return;
                    }
                }
                Phase::Battle { cycle } => {
                    let any = self.held(d, n).into_iter().any(|a| self.others(n, a) > 0);
                    if any {
                        return;
                    }
                    self.check_captures(d, n, ev);
                    if cycle == 1 && self.invasion_now(d) {
                        // PEL-INV-1: the second movement and battle phases.
                        self.start_movement(d, 2);
                    } else {
                        self.phase = Phase::Overpop;
                        self.say_overpopulated(d, n, ev);
                    }
                }
                Phase::Stacking { cycle } => {
                    if self.over_stacked(d, n) {
                        return;
                    }
                    self.phase = Phase::Battle { cycle };
                    self.check_captures(d, n, ev);
                }
                Phase::Overpop => {
                    if self.overpop_excess(d, n) > 0 {
                        return;
                    }
                    self.end_turn(d, ev);
                }
                Phase::Bids | Phase::Removals | Phase::Finished => return,
            }
        }
    }

    /// PEL-OVP-1: once its battles are over, an over-populated nation's player is told how
    /// many armies they remove (what comes next). Not in a game of rules version 1, whose
    /// log replays as it was recorded.
    fn say_overpopulated(&mut self, d: &PeloriaData, n: usize, ev: &mut Vec<String>) {
        let excess = self.overpop_excess(d, n);
        if excess == 0 || self.rules_version < 2 {
            return;
        }
        let over = TurnEvent::Overpopulated {
            nation: n,
            player: self.owner(d, n),
            excess,
            areas: self.held(d, n).len(),
        };
        self.say(d, ev, over);
    }

    /// Where the nation turn stands (round, nation, phase, movement cycle): a step that
    /// changes it ended its player's part of a phase ([`Peloria::say_next`]).
    pub(crate) fn turn_stage(&self) -> TurnStage {
        let cycle = match self.phase {
            Phase::Move { cycle } | Phase::Battle { cycle } | Phase::Stacking { cycle } => cycle,
            _ => 0,
        };
        (
            self.round,
            self.turn,
            std::mem::discriminant(&self.phase),
            cycle,
        )
    }

    /// After a step that ended its player's part of a phase (the stage `before` it
    /// changed), say in the step's answer what comes next and who decides, for the
    /// decisions no other line announces (over-population and the stacking limits have
    /// theirs). Only in `ev`, never in the log: the state stays what it was.
    pub(crate) fn say_next(&self, d: &PeloriaData, before: TurnStage, ev: &mut Vec<String>) {
        if self.result.is_some() || !self.prompts.is_empty() || self.turn_stage() == before {
            return;
        }
        let (nation, player) = (self.turn, self.turn_owner);
        let next = match self.phase {
            Phase::Place { left } => NextUp::Place {
                nation,
                player,
                left,
            },
            Phase::Move { cycle } => NextUp::Move {
                nation,
                player,
                second: cycle == 2,
            },
            Phase::Battle { .. } => NextUp::Battles {
                nation,
                player,
                areas: self
                    .held(d, nation)
                    .into_iter()
                    .filter(|&a| self.others(nation, a) > 0)
                    .collect(),
            },
            Phase::Bids => NextUp::Bids,
            _ => return,
        };
        ev.push(Happening::from(TurnEvent::Next(next)).text(d, &self.players));
    }

    // ---- Start of a nation turn: arrivals, regalia, population increase ----

    /// The regalia due this round that come with the turn of `with_turn` (`None`: with the
    /// round itself) and are not on the map yet appear in their areas.
    fn regalia_appear(&mut self, d: &PeloriaData, ev: &mut Vec<String>, with_turn: Option<usize>) {
        for (p, piece) in d.regalia.iter().enumerate() {
            if piece.round == self.round
                && piece.with_turn == with_turn
                && self.regalia[p].is_none()
            {
                self.regalia[p] = Some(piece.area);
                let appears = TurnEvent::RegaliaAppears {
                    piece: p,
                    area: piece.area,
                };
                self.say(d, ev, appears);
            }
        }
    }

    pub(crate) fn begin_turn(&mut self, d: &PeloriaData, ev: &mut Vec<String>) {
        let n = self.turn;
        self.turn_owner = d.nations[n].player;
        self.turns.mark_turn_start();
        if n == 0 {
            self.say(d, ev, TurnEvent::RoundBegins { round: self.round });
            self.regalia_appear(d, ev, None);
        }
        self.regalia_appear(d, ev, Some(n));
        if !self.in_play(d, n) {
            return self.end_turn(d, ev);
        }
        // PEL-POP-8, PEL-POP-9: listed arrivals, not bound by placement rules.
        let round = self.round;
        for a in d
            .arrivals
            .iter()
            .filter(|a| a.nation == n && a.round == round && round > 1)
        {
            let k = (a.count as usize).min(self.stock(d, n, a.kind));
            for _ in 0..k {
                self.add_unit(n, a.area, a.kind);
            }
            self.say(
                d,
                ev,
                TurnEvent::Arrived {
                    nation: n,
                    count: k,
                    kind: a.kind,
                    area: a.area,
                },
            );
        }
        if self.on_board(n) == 0 {
            return self.end_turn(d, ev);
        }
        // PEL-BRIT-19: arrivals alone in a listed area capture it at once.
        self.check_captures(d, n, ev);
        let left = self.population(d, n, ev);
        self.phase = Phase::Place { left };
        self.turns.turn_played();
    }

    pub(crate) fn end_turn(&mut self, d: &PeloriaData, ev: &mut Vec<String>) {
        let n = self.turn;
        if let Some(t) = d.nations.iter().position(|x| x.flags.immortal) {
            for a in std::mem::take(&mut self.bat_kills) {
                if self.stock(d, t, Kind::Infantry) > 0 {
                    self.add_unit(t, a, Kind::Infantry);
                    self.say(d, ev, TurnEvent::BatVictimRises { area: a });
                }
            }
        }
        if self.in_play(d, n) && self.on_board(n) > 0 {
            self.check_captures(d, n, ev);
            self.claim(d, n, ev);
        }
        self.check_emperor(d, ev);
        self.entries.clear();
        if self.turn + 1 < NATIONS {
            self.turn += 1;
            self.begin_turn(d, ev);
        } else {
            self.end_round(d, ev);
        }
    }

    pub(crate) fn next_round(&mut self, d: &PeloriaData, ev: &mut Vec<String>) {
        if self.round >= ROUNDS {
            return self.finish(d, ev);
        }
        self.round += 1;
        self.turn = 0;
        self.begin_turn(d, ev);
    }
}
