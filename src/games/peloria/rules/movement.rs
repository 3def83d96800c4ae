//! Nation Turn > 2) Movement phase: moves, overruns, the Kartolin Pass, exits, the
//! regalia, and the stacking limits at the end of movement.

use super::*;
use std::ops::ControlFlow;

impl Peloria {
    /// Candidates: each kind of unit to each neighbour and exit edge, the regalia to each
    /// neighbour, and `done`.
    pub(crate) fn move_candidates(&self, d: &PeloriaData) -> Vec<Step> {
        let froms = self.move_froms();
        let mut out = Vec::with_capacity(self.move_candidate_count(d, &froms));
        let _ = self.each_move_candidate(d, &froms, |s| {
            out.push(s);
            ControlFlow::Continue(())
        });
        out
    }

    /// Where the moving nation's move candidates start: per area (index), the kinds of
    /// army it has there, one bit per kind in [`ARMY_KINDS`] order. One pass over the
    /// units, nothing allocated (a unit's area is a `u8`).
    pub(crate) fn move_froms(&self) -> Froms {
        let n = self.turn;
        let mut froms = [0u8; 256];
        for u in self.units.iter().filter(|u| u.nation as usize == n) {
            if let Some(k) = ARMY_KINDS.iter().position(|&k| k == u.kind) {
                froms[u.area as usize] |= 1 << k;
            }
        }
        froms
    }

    /// How many move candidates [`Peloria::each_move_candidate`] gives from `froms`.
    fn move_candidate_count(&self, d: &PeloriaData, froms: &Froms) -> usize {
        let regalia: usize = if self.emperor == Some(self.turn) {
            self.regalia
                .iter()
                .flatten()
                .map(|&at| d.areas[at].adj.len())
                .sum()
        } else {
            0
        };
        let steps: usize = d
            .areas
            .iter()
            .zip(froms)
            .map(|(area, kinds)| kinds.count_ones() as usize * (area.adj.len() + area.exits.len()))
            .sum();
        steps + regalia + 1
    }

    /// Hand each move candidate to `visit`, in candidate order: in area order, each kind
    /// the nation has there (`froms`, from [`Peloria::move_froms`]) to each neighbour, then
    /// to each exit edge; the regalia to each neighbour; `done`. Stops when `visit` breaks.
    pub(crate) fn each_move_candidate(
        &self,
        d: &PeloriaData,
        froms: &Froms,
        mut visit: impl FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let areas = froms.iter().enumerate().take(d.areas.len());
        for (a, &kinds) in areas.filter(|(_, &kinds)| kinds != 0) {
            let present = ARMY_KINDS
                .iter()
                .enumerate()
                .filter(|(i, _)| kinds & (1 << i) != 0);
            for (_, &k) in present {
                for &t in &d.areas[a].adj {
                    visit(Step::Move {
                        from: a,
                        to: t,
                        kind: k,
                    })?;
                }
                for &e in &d.areas[a].exits {
                    visit(Step::Exit {
                        from: a,
                        edge: e,
                        kind: k,
                    })?;
                }
            }
        }
        if self.emperor == Some(self.turn) {
            for (p, at) in self.regalia.iter().enumerate() {
                if let Some(at) = at {
                    for &t in &d.areas[*at].adj {
                        visit(Step::Regalia { piece: p, to: t })?;
                    }
                }
            }
        }
        visit(Step::Done)
    }

    /// A movement-phase step: a move, an exit, a regalia move or `done`.
    pub(crate) fn movement_ok(&self, d: &PeloriaData, step: &Step) -> Result<(), Forbidden> {
        let n = self.turn;
        match *step {
            Step::Move {
                from: f,
                to: t,
                kind: k,
            } => self.move_ok(d, n, f, t, k),
            Step::Exit {
                from: f,
                edge: e,
                kind: k,
            } => self.exit_ok(d, n, f, e, k),
            Step::Regalia { piece: p, to: t } => self.regalia_ok(d, n, p, t),
            Step::Done => Ok(()),
            _ => Err(self.not_now()),
        }
    }

    /// A unit leaves the map by an exit edge and scores the nation's exit VP.
    pub(crate) fn exit(
        &mut self,
        d: &PeloriaData,
        f: usize,
        e: usize,
        k: Kind,
        ev: &mut Vec<String>,
    ) {
        let n = self.turn;
        // The unit `exit_ok` found able to move leaves, not just any unit of the kind
        // there (PEL-MOVE-2, PEL-MOVE-3, PEL-OVR-1).
        if let Some(i) = self.mover(n, f, k) {
            self.units.remove(i);
        }
        let vp = d.nations[n]
            .exits
            .iter()
            .find(|x| x.0 == e)
            .map_or(0, |x| x.1);
        self.vp[n] += vp;
        self.exited[n] += 1;
        self.say(
            d,
            ev,
            MovementEvent::Exited {
                nation: n,
                kind: k,
                edge: e,
                from: f,
                vp,
            },
        );
    }

    /// The Emperor moves a piece of regalia one area.
    pub(crate) fn move_regalia(
        &mut self,
        d: &PeloriaData,
        p: usize,
        t: usize,
        ev: &mut Vec<String>,
    ) {
        self.regalia[p] = Some(t);
        self.regalia_moved[p] += 1;
        self.say(d, ev, MovementEvent::RegaliaMoved { piece: p, to: t });
    }

    pub(crate) fn start_movement(&mut self, d: &PeloriaData, cycle: u8) {
        let n = self.turn;
        for u in self.units.iter_mut() {
            u.from = None;
            if u.nation as usize == n {
                u.left = u.kind.moves();
            }
        }
        self.entries.clear();
        self.regalia_moved = vec![0; d.regalia.len()];
        self.phase = Phase::Move { cycle };
    }

    pub(crate) fn move_ok(
        &self,
        d: &PeloriaData,
        n: usize,
        f: usize,
        t: usize,
        k: Kind,
    ) -> Result<(), Forbidden> {
        // The cheap refusals first (the legal list meets many moves into terrain the
        // nation may not enter), then the one pass over the units.
        self.next_door_ok(d, n, f, t, Topic::Movement)?;
        let c = self.move_census(n, f, t, k);
        let Some(left) = c.mover_left else {
            return Err(lacks_unit(
                Topic::Movement,
                (n, f, k),
                " that can still move",
            ));
        };
        if d.terrain(t) == Terrain::Sea && left < 2 {
            return Err(Forbidden::StopAtSea);
        }
        // PEL-KART-2, PEL-KART-3.
        let (_, karia, dorastor) = d.pass;
        if f == karia
            && t == dorastor
            && c.enemies > 0
            && c.own == 0
            && !self
                .entries
                .iter()
                .any(|e| e.0 == dorastor && e.1 != karia && e.2 == n)
        {
            return Err(Forbidden::KartolinClosed);
        }
        if c.enemies > 0 && d.terrain(t).is_land() && c.own_armies + 1 > MAX_ATTACKERS {
            return Err(Forbidden::TooManyAttackers { area: ix(t) });
        }
        Ok(())
    }

    /// What a move of one `k` of nation `n` from `f` to `t` needs to know of the units,
    /// counted in one pass: the moves left of the unit that would move ([`Peloria::mover`]),
    /// and the units in `t`.
    fn move_census(&self, n: usize, f: usize, t: usize, k: Kind) -> MoveCensus {
        let mut c = MoveCensus::default();
        for u in &self.units {
            let area = u.area as usize;
            let own = u.nation as usize == n;
            if area == t {
                if own {
                    c.own += 1;
                    c.own_armies += usize::from(u.kind != Kind::Forest);
                } else {
                    c.enemies += 1;
                }
            }
            if area == f && own && u.kind == k && u.left > c.mover_left.unwrap_or(0) {
                c.mover_left = Some(u.left);
            }
        }
        c
    }

    pub(crate) fn do_move(
        &mut self,
        d: &PeloriaData,
        n: usize,
        f: usize,
        t: usize,
        k: Kind,
        ev: &mut Vec<String>,
    ) {
        let Some(i) = self.mover(n, f, k) else { return };
        let defenders = self.others(n, t);
        let stayers = self
            .units
            .iter()
            .filter(|u| u.nation as usize == n && u.area as usize == t && u.left == 0)
            .count();
        let forest = self.forest_in(d, t);
        let u = &mut self.units[i];
        u.area = t as u8;
        u.from = Some(f as u8);
        u.left -= 1;
        let mut note = MoveNote::None;
        // PEL-MOVE-4 / PEL-INV-2: rough (and mountain, forest) stops, except in invasions.
        if d.terrain(t).is_rough() && !d.invasion(n, self.round) {
            u.left = 0;
            note = MoveNote::Stops;
        }
        if defenders > 0 && d.terrain(t).is_land() {
            // Only entries into enemy-held land are read: one into Dorastor from elsewhere
            // opens the Kartolin Pass (PEL-KART-3). No enemy moves in this phase, so an entry
            // into an area no enemy holds would never be read.
            self.entries.push((t, f, n));
            let f_ = d.nations[n].flags;
            if f_.nostop || k == Kind::Dragon {
                // Rough terrain may have stopped it already.
                if self.units[i].left > 0 {
                    note = MoveNote::NeedNotStop;
                }
            } else {
                // PEL-OVR-3..5.
                let need = if k == Kind::Cavalry {
                    defenders.saturating_sub(1).max(1)
                } else {
                    defenders
                };
                let u = &mut self.units[i];
                if forest || stayers < need {
                    u.left = 0;
                    note = MoveNote::Stops;
                } else if u.left > 0 {
                    note = MoveNote::MayOverrun;
                }
            }
        }
        self.say(
            d,
            ev,
            MovementEvent::Moved {
                nation: n,
                kind: k,
                from: f,
                to: t,
                note,
            },
        );
    }

    pub(crate) fn exit_ok(
        &self,
        d: &PeloriaData,
        n: usize,
        f: usize,
        e: usize,
        k: Kind,
    ) -> Result<(), Forbidden> {
        self.mover_ok(n, f, k)?;
        if !d.areas[f].exits.contains(&e) {
            return Err(Forbidden::NoEdge {
                area: ix(f),
                edge: ix(e),
            });
        }
        if !d.nations[n].exits.iter().any(|x| x.0 == e) {
            return Err(Forbidden::NotTheirExit {
                nation: ix(n),
                edge: ix(e),
            });
        }
        Ok(())
    }

    pub(crate) fn regalia_ok(
        &self,
        d: &PeloriaData,
        n: usize,
        p: usize,
        t: usize,
    ) -> Result<(), Forbidden> {
        let piece = ix(p);
        if self.emperor != Some(n) {
            return Err(Forbidden::NotEmperor);
        }
        let Some(at) = self.regalia[p] else {
            return Err(Forbidden::PieceAway { piece });
        };
        if d.regalia[p].fixed {
            return Err(Forbidden::PieceFixed { piece });
        }
        if at == d.vonlath {
            return Err(Forbidden::PieceJoined { piece });
        }
        if !self.holds_alone(n, at) {
            return Err(Forbidden::PieceNotHeld {
                piece,
                area: ix(at),
            });
        }
        if !d.areas[at].adj.contains(&t) {
            return Err(Forbidden::PieceOneArea);
        }
        let khordavu_to_vonlath = d.round(self.round).khordavu && t == d.vonlath;
        if !khordavu_to_vonlath && !self.holds_alone(n, t) {
            return Err(Forbidden::RegaliaOutside { area: ix(t) });
        }
        if self.regalia_moved[p] >= REGALIA_MOVES {
            return Err(Forbidden::PieceMovedEnough);
        }
        Ok(())
    }

    /// `done`: stacking at the end of movement, Pelandans at sea.
    pub(crate) fn end_movement(&mut self, d: &PeloriaData, ev: &mut Vec<String>) {
        let n = self.turn;
        let cycle = match self.phase {
            Phase::Move { cycle } => cycle,
            _ => 1,
        };
        for u in self.units.iter_mut().filter(|u| u.nation as usize == n) {
            u.left = 0;
        }
        let drowned = self
            .units
            .iter()
            .filter(|u| u.nation as usize == n && !d.terrain(u.area as usize).is_land())
            .count();
        if drowned > 0 {
            self.units
                .retain(|u| u.nation as usize != n || d.terrain(u.area as usize).is_land());
            self.say(
                d,
                ev,
                MovementEvent::LostAtSea {
                    nation: n,
                    count: drowned,
                },
            );
        }
        // PEL-MOVE-8, PEL-MOVE-9: the owner removes units over the limits (none in
        // invasion turns); `advance` moves on to the battles once within them.
        if !self.invasion_now(d) && self.over_stacked(d, n) {
            self.say(d, ev, MovementEvent::OverStacked { nation: n });
            self.phase = Phase::Stacking { cycle };
        } else {
            self.phase = Phase::Battle { cycle };
            self.check_captures(d, n, ev);
        }
    }

    /// Is `n` over the stacking limits: more than one area over its limit, or the one
    /// overstack beyond its cap (PEL-STACK-8, PEL-STACK-9)?
    pub(crate) fn over_stacked(&self, d: &PeloriaData, n: usize) -> bool {
        let over: Vec<usize> = self
            .held(d, n)
            .into_iter()
            .filter(|&a| self.armies(n, a) > self.limit(d, a))
            .collect();
        over.len() > 1
            || over
                .iter()
                .any(|&a| self.armies(n, a) > self.overstack_cap(d, a))
    }

    /// PEL-MOVE-8: a removal from an area over its stacking limit.
    pub(crate) fn stack_remove_ok(&self, d: &PeloriaData, step: &Step) -> Result<(), Forbidden> {
        let Step::Remove { area: a, kind: k } = *step else {
            return Err(self.not_now());
        };
        let n = self.turn;
        if k == Kind::Forest || self.count_kind(n, a, k) == 0 {
            return Err(lacks_unit(Topic::Stacking, (n, a, k), ""));
        }
        if self.armies(n, a) <= self.limit(d, a) {
            return Err(Forbidden::WithinLimit { area: ix(a) });
        }
        Ok(())
    }
}

/// The units a move looks at ([`Peloria::move_census`]).
#[derive(Default)]
struct MoveCensus {
    /// Moves left of the unit that would move (the most any has), `None` if none can move.
    mover_left: Option<u8>,
    /// Units of other nations in the destination.
    enemies: usize,
    /// The moving nation's units in the destination, and those of them that are armies.
    own: usize,
    own_armies: usize,
}

/// The kinds of army the moving nation has in each area, by area index: one bit per kind
/// in [`ARMY_KINDS`] order ([`Peloria::move_froms`]).
pub(crate) type Froms = [u8; 256];
