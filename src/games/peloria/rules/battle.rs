//! Nation Turn > 3) Battles: the dice and the hits.

use super::*;

impl Peloria {
    /// Candidates: a battle in each area the nation holds.
    pub(crate) fn battle_candidates(&self, d: &PeloriaData) -> Vec<Step> {
        self.held(d, self.turn)
            .into_iter()
            .map(Step::Battle)
            .collect()
    }

    /// PEL-BAT-1: the nation fights each battle where it shares an area with others.
    pub(crate) fn battle_ok(&self, d: &PeloriaData, step: &Step) -> Result<(), Forbidden> {
        let Step::Battle(a) = *step else {
            return Err(self.not_now());
        };
        let n = self.turn;
        if self.battle.is_none()
            && self.count(n, a) > 0
            && self.others(n, a) > 0
            && d.terrain(a).is_land()
        {
            Ok(())
        } else {
            Err(Forbidden::NoBattleIn {
                nation: ix(n),
                area: ix(a),
            })
        }
    }

    /// Candidates of a hit decision on `nation`'s units: every kind, and (rules version 2)
    /// a kind whose units in the battle differ in their way back as one step per way back.
    pub(crate) fn hit_candidates(&self, nation: usize) -> Vec<Step> {
        let mut out = Vec::new();
        for k in Kind::ALL {
            match self.ways_to_choose(nation, k) {
                Some(ways) => {
                    out.extend(ways.into_iter().map(|from| Step::HitUnit { kind: k, from }))
                }
                None => out.push(Step::Hit(k)),
            }
        }
        out
    }

    /// The distinct ways back of `n`'s units of kind `k` in `a` (the area each entered
    /// from, `None` for one that did not move in), in a stable order. Moves left are 0 for
    /// every unit once movement ended, and a unit carries nothing else the rules tell
    /// apart, so these are the units a hit's owner chooses between (PEL-BRIT-11).
    pub(crate) fn ways_back(&self, n: usize, a: usize, k: Kind) -> Vec<Option<usize>> {
        let mut ways: Vec<Option<usize>> = self
            .units_of(n, a, k)
            .map(|(_, u)| u.from.map(usize::from))
            .collect();
        ways.sort_unstable();
        ways.dedup();
        ways
    }

    /// PEL-BRIT-11 (rules version 2): the ways back the owner chooses between when a hit
    /// kills one of `n`'s units of kind `k` in the battle, `None` when they are all alike
    /// (or the game plays by version 1, where the hit took the last one listed).
    pub(crate) fn ways_to_choose(&self, n: usize, k: Kind) -> Option<Vec<Option<usize>>> {
        let b = self.battle.as_ref()?;
        if self.rules_version < 2 {
            return None;
        }
        let ways = self.ways_back(n, b.area, k);
        (ways.len() > 1).then_some(ways)
    }

    /// What a die result of `r` against `target` may kill: each kind it can kill, with
    /// the way back to name when that kind's units differ (`Some`, see
    /// [`Peloria::ways_to_choose`]). One choice is made without asking.
    pub(crate) fn hit_choices(
        &self,
        d: &PeloriaData,
        b: &Battle,
        target: usize,
        r: u8,
    ) -> Vec<(Kind, Option<Option<usize>>)> {
        let mut out = Vec::new();
        for k in self.hit_options(d, b, target, r) {
            match self.ways_to_choose(target, k) {
                Some(ways) => out.extend(ways.into_iter().map(|w| (k, Some(w)))),
                None => out.push((k, None)),
            }
        }
        out
    }

    /// PEL-BAT-6, PEL-BAT-11: the kind a die result of `result` kills among `nation`'s
    /// units; PEL-BRIT-11: which one of that kind, when they differ in their way back.
    pub(crate) fn hit_ok(
        &self,
        d: &PeloriaData,
        nation: usize,
        result: u8,
        step: &Step,
    ) -> Result<(), Forbidden> {
        let (k, from) = match *step {
            Step::Hit(k) => (k, None),
            Step::HitUnit { kind, from } => (kind, Some(from)),
            _ => return Err(Forbidden::HitOnly),
        };
        let b = self
            .battle
            .as_ref()
            .ok_or(Forbidden::NoBattle(Topic::Battle))?;
        let (n, kind) = (ix(nation), k);
        if !self.hit_options(d, b, nation, result).contains(&k) {
            return Err(Forbidden::HitCannotKill {
                result,
                nation: n,
                kind,
            });
        }
        match (from, self.ways_to_choose(nation, k)) {
            (None, Some(_)) => Err(Forbidden::HitSayWhich { nation: n, kind }),
            (Some(_), None) => Err(Forbidden::HitAnyWillDo { nation: n, kind }),
            (Some(f), Some(ways)) if !ways.contains(&f) => Err(Forbidden::HitNoSuchWay {
                nation: n,
                kind,
                from: f.map(ix),
            }),
            _ => Ok(()),
        }
    }

    /// The chosen unit dies: any of kind `k` (`from: None`), or one with that way back.
    pub(crate) fn hit(
        &mut self,
        d: &PeloriaData,
        k: Kind,
        from: Option<Option<usize>>,
        ev: &mut Vec<String>,
    ) {
        if let Some(Pending::Hit { nation, .. }) = self.prompts.pop() {
            let bat = self.pop_hit();
            self.kill(d, nation, (k, from), bat, ev);
        }
    }

    pub(crate) fn start_battle(&mut self, d: &PeloriaData, a: usize, ev: &mut Vec<String>) {
        let n = self.turn;
        let defender = self
            .nations_in(a)
            .into_iter()
            .find(|&x| x != n)
            .unwrap_or(n);
        self.say(
            d,
            ev,
            BattleEvent::Begins {
                area: a,
                attacker: n,
                defender,
            },
        );
        self.battle = Some(Battle {
            area: a,
            attacker: n,
            defender,
            round: 0,
            stage: Stage::Roll,
            hits: Vec::new(),
            bat_hits: Vec::new(),
        });
    }

    /// Die modifier for a unit of `n` of kind `k` (PEL-BAT-7, PEL-BAT-8, Pelorian −1).
    pub(crate) fn modifier(&self, d: &PeloriaData, b: &Battle, n: usize, k: Kind) -> i32 {
        let mut m = 0;
        if d.nations[n].flags.minus1 {
            m -= 1;
        }
        if n == b.attacker && b.round == 1 {
            if d.terrain(b.area).is_rough() {
                m -= 1;
            }
            if k == Kind::Cavalry {
                m += 2;
            }
        }
        m
    }

    /// Kinds of `target` in the battle that a result of `r` can kill (PEL-BAT-6, PEL-BAT-9;
    /// the Telmori cannot be killed).
    pub(crate) fn hit_options(
        &self,
        d: &PeloriaData,
        b: &Battle,
        target: usize,
        r: u8,
    ) -> Vec<Kind> {
        if d.nations[target].flags.immortal {
            return Vec::new();
        }
        Kind::ALL
            .into_iter()
            .filter(|&k| self.count_kind(target, b.area, k) > 0)
            .filter(|&k| {
                let need = if k == Kind::Cavalry
                    && target == b.defender
                    && b.round == 1
                    && d.terrain(b.area).is_open()
                {
                    6
                } else {
                    5
                };
                r >= need
            })
            .collect()
    }

    pub(crate) fn roll_side(
        &mut self,
        d: &PeloriaData,
        b: &Battle,
        n: usize,
    ) -> (Vec<(u8, bool)>, String) {
        let mut results = Vec::new();
        let mut shown = Vec::new();
        let mut kinds: Vec<Kind> = self
            .units
            .iter()
            .filter(|u| u.nation as usize == n && u.area as usize == b.area)
            .map(|u| u.kind)
            .collect();
        kinds.sort();
        if n == b.attacker {
            // PEL-BAT-10: at most five units attack. Moves are capped when units enter, so
            // only an arrival can bring more; its strongest five roll (most dice first).
            kinds.sort_by_key(|k| std::cmp::Reverse((k.dice(), *k)));
            kinds.truncate(MAX_ATTACKERS);
            kinds.sort();
        }
        for k in kinds {
            let dice = k.dice() * if d.nations[n].flags.dice2 { 2 } else { 1 };
            let m = self.modifier(d, b, n, k);
            for _ in 0..dice {
                let raw = self.rng.die(6) as i32;
                let r = (raw + m).max(0) as u8;
                results.push((r, k == Kind::Bat));
                shown.push(if m == 0 {
                    format!("{raw}")
                } else {
                    format!("{raw}{m:+}={r}")
                });
            }
        }
        (results, shown.join(" "))
    }

    pub(crate) fn continue_battle(&mut self, d: &PeloriaData, ev: &mut Vec<String>) {
        let Some(b) = self.battle.clone() else { return };
        // PEL-BAT-3, PEL-BAT-4: both sides rolled at once, so every result of the round is
        // dealt before the battle may end, even after one side's last unit has died.
        let results_left = b.stage == Stage::Hits && !b.hits.is_empty();
        let side_gone = self.count(b.attacker, b.area) == 0 || self.count(b.defender, b.area) == 0;
        if side_gone && !results_left {
            return self.end_battle(d, ev);
        }
        match b.stage {
            Stage::Roll => {
                let mut b = b;
                b.round += 1;
                let (ra, ta) = self.roll_side(d, &b, b.attacker);
                let (rd, td) = self.roll_side(d, &b, b.defender);
                self.say(
                    d,
                    ev,
                    BattleEvent::Rolled {
                        area: b.area,
                        round: b.round,
                        attacker: b.attacker,
                        attacker_dice: ta,
                        defender: b.defender,
                        defender_dice: td,
                    },
                );
                let mut ha: Vec<(u8, bool)> = ra.into_iter().filter(|r| r.0 >= 5).collect();
                let mut hd: Vec<(u8, bool)> = rd.into_iter().filter(|r| r.0 >= 5).collect();
                ha.sort_unstable_by(|x, y| y.cmp(x));
                hd.sort_unstable_by(|x, y| y.cmp(x));
                let all: Vec<(usize, u8, bool)> = ha
                    .into_iter()
                    .map(|(r, bat)| (b.defender, r, bat))
                    .chain(hd.into_iter().map(|(r, bat)| (b.attacker, r, bat)))
                    .collect();
                b.hits = all.iter().map(|h| (h.0, h.1)).collect();
                b.bat_hits = all.iter().map(|h| h.2).collect();
                b.stage = Stage::Hits;
                self.battle = Some(b);
            }
            Stage::Hits => {
                if let Some(&(target, r)) = b.hits.first() {
                    let opts = self.hit_choices(d, &b, target, r);
                    match opts.len() {
                        0 => {
                            self.pop_hit();
                        }
                        1 => {
                            let bat = self.pop_hit();
                            self.kill(d, target, opts[0], bat, ev);
                        }
                        _ => {
                            let seat = self.owner(d, target);
                            self.prompts.push(Pending::Hit {
                                seat,
                                nation: target,
                                result: r,
                            });
                        }
                    }
                } else if let Some(bb) = &mut self.battle {
                    bb.stage = Stage::DefenderRetreat;
                }
            }
            Stage::DefenderRetreat | Stage::AttackerRetreat => {
                let nation = if b.stage == Stage::DefenderRetreat {
                    b.defender
                } else {
                    b.attacker
                };
                if self.has_retreat(d, nation, b.area) {
                    let seat = self.owner(d, nation);
                    self.prompts.push(Pending::Retreat { seat, nation });
                } else {
                    self.next_stage();
                }
            }
        }
    }

    /// The stage after a retreat decision: defender, then attacker, then the next round.
    pub(crate) fn next_stage(&mut self) {
        if let Some(b) = &mut self.battle {
            b.stage = match b.stage {
                Stage::DefenderRetreat => Stage::AttackerRetreat,
                _ => Stage::Roll,
            };
        }
    }

    /// Drop the result just allocated; true if it came from the Bat's dice.
    pub(crate) fn pop_hit(&mut self) -> bool {
        let Some(b) = &mut self.battle else {
            return false;
        };
        if !b.hits.is_empty() {
            b.hits.remove(0);
        }
        if b.bat_hits.is_empty() {
            false
        } else {
            b.bat_hits.remove(0)
        }
    }

    /// The unit `which` names (a kind, and its way back when the owner chose one) of
    /// `target` dies in the battle: the killer's VP, the Bat's victims.
    pub(crate) fn kill(
        &mut self,
        d: &PeloriaData,
        target: usize,
        which: (Kind, Option<Option<usize>>),
        bat: bool,
        ev: &mut Vec<String>,
    ) {
        let (k, from) = which;
        let Some(b) = self.battle.clone() else { return };
        let removed = match from {
            None => self.remove_unit(target, b.area, k),
            Some(way) => self.remove_unit_way(target, b.area, k, way),
        };
        if !removed {
            return;
        }
        // The Pelorian sheet: units the Bat kills in its arrival round become Telmori.
        let bat_round = d
            .arrivals
            .iter()
            .find(|a| a.kind == Kind::Bat)
            .map(|a| a.round);
        if bat && Some(self.round) == bat_round {
            self.bat_kills.push(b.area);
        }
        let killer = if target == b.attacker {
            b.defender
        } else {
            b.attacker
        };
        let vp: i64 = d.nations[killer]
            .kills
            .iter()
            .filter(|(v, _)| v.is_none() || *v == Some(target))
            .map(|x| x.1)
            .sum();
        self.vp[killer] += vp;
        self.say(
            d,
            ev,
            BattleEvent::Died {
                nation: target,
                kind: k,
                area: b.area,
                killer,
                vp,
            },
        );
    }

    pub(crate) fn end_battle(&mut self, d: &PeloriaData, ev: &mut Vec<String>) {
        let Some(b) = self.battle.take() else { return };
        let a = b.area;
        let holder = match (self.count(b.attacker, a) > 0, self.count(b.defender, a) > 0) {
            (true, false) => Some(b.attacker),
            (false, true) => Some(b.defender),
            _ => None,
        };
        self.say(d, ev, BattleEvent::Over { area: a, holder });
        self.check_emperor(d, ev);
        // PEL-BRIT-19: whichever side is left alone captures at once.
        self.check_captures(d, b.attacker, ev);
        self.check_captures(d, b.defender, ev);
    }
}
