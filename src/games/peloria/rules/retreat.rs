//! Retreats after each round of battle.

use super::*;

impl Peloria {
    /// Candidates of a retreat decision: each kind to each possible refuge, and `stay`.
    pub(crate) fn retreat_candidates(&self, d: &PeloriaData, nation: usize) -> Vec<Step> {
        let mut out = Vec::new();
        if let Some(b) = &self.battle {
            let dests = retreat_dests(d, nation, b.area);
            for k in ARMY_KINDS {
                if self.count_kind(nation, b.area, k) > 0 {
                    out.extend(dests.iter().map(|&t| Step::Retreat {
                        from: b.area,
                        to: t,
                        kind: k,
                    }));
                }
            }
        }
        out.push(Step::Stay);
        out
    }

    /// A retreat decision: one unit retreats, or `stay` (the Telmori may not stay).
    pub(crate) fn retreat_step_ok(
        &self,
        d: &PeloriaData,
        nation: usize,
        step: &Step,
    ) -> Result<(), Forbidden> {
        match *step {
            Step::Retreat {
                from: f,
                to: t,
                kind: k,
            } => self.retreat_ok(d, nation, f, t, k),
            Step::Stay => {
                let b = self
                    .battle
                    .as_ref()
                    .ok_or(Forbidden::NoBattle(Topic::Battle))?;
                if d.nations[nation].flags.immortal && self.has_retreat(d, nation, b.area) {
                    Err(Forbidden::TelmoriMustRetreat)
                } else {
                    Ok(())
                }
            }
            _ => Err(Forbidden::RetreatOrStay),
        }
    }

    /// One unit retreats; the decision ends when no unit is left or none can go.
    pub(crate) fn retreat(
        &mut self,
        d: &PeloriaData,
        f: usize,
        t: usize,
        k: Kind,
        ev: &mut Vec<String>,
    ) {
        let nation = match self.prompts.top() {
            Some(Pending::Retreat { nation, .. }) => *nation,
            _ => self.turn,
        };
        let back = self.retreating_unit(nation, f, t, k);
        if let Some(i) = back.or_else(|| self.units_of(nation, f, k).next().map(|(i, _)| i)) {
            self.units[i].area = t as u8;
            self.units[i].left = 0;
            self.units[i].from = None;
        }
        self.say(
            d,
            ev,
            BattleEvent::Retreated {
                nation,
                kind: k,
                from: f,
                to: t,
            },
        );
        // PEL-BRIT-19: a retreat into an empty listed area captures it at once, in
        // whoever's turn.
        self.check_captures(d, nation, ev);
        if self.count(nation, f) == 0 || !self.has_retreat(d, nation, f) {
            self.stay();
        }
    }

    /// No (more) retreats this round: on to the next stage of the battle.
    pub(crate) fn stay(&mut self) {
        self.prompts.pop();
        self.next_stage();
    }

    /// Has `n` a legal retreat from `a` now?
    pub(crate) fn has_retreat(&self, d: &PeloriaData, n: usize, a: usize) -> bool {
        let dests = retreat_dests(d, n, a);
        [Kind::Infantry, Kind::Cavalry, Kind::Dragon, Kind::Bat]
            .into_iter()
            .filter(|&k| self.count_kind(n, a, k) > 0)
            .any(|k| {
                dests
                    .iter()
                    .any(|&t| self.retreat_ok(d, n, a, t, k).is_ok())
            })
    }

    /// The unit of `n` and kind `k` in `f` that a retreat to `t` moves: one that came from
    /// `t`; the attacker's units have no other way back (PEL-RET-3).
    pub(crate) fn retreating_unit(&self, n: usize, f: usize, t: usize, k: Kind) -> Option<usize> {
        self.units_of(n, f, k)
            .find(|(_, u)| u.from.map(usize::from) == Some(t))
            .map(|(i, _)| i)
    }

    /// PEL-RET-2..6.
    pub(crate) fn retreat_ok(
        &self,
        d: &PeloriaData,
        n: usize,
        f: usize,
        t: usize,
        k: Kind,
    ) -> Result<(), Forbidden> {
        let Some(b) = &self.battle else {
            return Err(Forbidden::NoBattle(Topic::Retreat));
        };
        if f != b.area || b.round == 0 {
            return Err(Forbidden::RetreatOnlyFrom { area: ix(b.area) });
        }
        if k == Kind::Forest || self.count_kind(n, f, k) == 0 {
            return Err(lacks_unit(Topic::Retreat, (n, f, k), " that can retreat"));
        }
        if self.others(n, t) > 0 {
            return Err(Forbidden::RetreatHostile { area: ix(t) });
        }
        // PEL-RET-6, and the Telmori sheet: any empty mountain, or cursed Dorastor.
        let telmori_mountain = d.nations[n].flags.immortal
            && telmori_refuges(d).contains(&t)
            && (self.count(n, t) == 0 || Some(t) == d.cursed);
        if !telmori_mountain {
            if n == b.attacker {
                // PEL-RET-3: each attacking unit goes back to the area it itself came from.
                if self.retreating_unit(n, f, t, k).is_none() {
                    return Err(Forbidden::RetreatNotOrigin {
                        nation: ix(n),
                        kind: k,
                        from: ix(f),
                        to: ix(t),
                    });
                }
                self.may_enter(d, n, t)?;
            } else {
                self.next_door_ok(d, n, f, t, Topic::Retreat)?;
            }
            if !d.terrain(t).is_land() {
                return Err(Forbidden::RetreatIntoSea);
            }
        }
        if !self.fits(d, n, t, Some(f)) {
            return Err(Forbidden::RetreatOverStack { area: ix(t) });
        }
        Ok(())
    }
}

/// Areas a unit of `n` might retreat to from `a`: the neighbours (an attacker's origin is
/// one, as units move next door) and, for the Telmori, their refuges. The retreat rule
/// picks the legal ones.
pub(crate) fn retreat_dests(d: &PeloriaData, n: usize, a: usize) -> Vec<usize> {
    let mut dests: Vec<usize> = d.areas[a].adj.clone();
    if d.nations[n].flags.immortal {
        dests.extend(telmori_refuges(d));
    }
    dests.sort_unstable();
    dests.dedup();
    dests
}

/// Where the Telmori may retreat from any battle: every mountain area and cursed Dorastor
/// (whether empty is checked by the retreat rule).
pub(crate) fn telmori_refuges(d: &PeloriaData) -> Vec<usize> {
    (0..d.areas.len())
        .filter(|&a| d.terrain(a) == Terrain::Mountain || Some(a) == d.cursed)
        .collect()
}
