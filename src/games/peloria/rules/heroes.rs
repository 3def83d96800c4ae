//! The Call to Heroes after round 13: sealed bids, the reveal, the removals, the awards.

use super::*;

impl Peloria {
    // ---- The Call to Heroes ----

    /// Candidates of the sealed bids: every bid the seat's nations could make, `seal`,
    /// `unseal`.
    pub(crate) fn bid_candidates(&self, d: &PeloriaData, seat: Seat) -> Vec<Step> {
        let mut out = Vec::new();
        for n in 0..NATIONS {
            if d.nations[n].player == seat && d.heroes[n] {
                for v in 0..=self.removable(d, n).min(40) {
                    out.push(Step::Bid {
                        nation: n,
                        units: v as u8,
                    });
                }
            }
        }
        out.push(Step::Seal);
        out.push(Step::Unseal);
        out
    }

    /// Candidates of the removals: every kind in every area each owing nation has armies
    /// in, Ralios and Karia and other players' nations included (the legality function
    /// says why those are refused).
    pub(crate) fn hero_candidates(&self, quotas: &[Quota]) -> Vec<Step> {
        let mut out = Vec::new();
        for q in quotas.iter().filter(|q| q.owed > 0) {
            for a in self.armies_at(q.nation) {
                for k in ARMY_KINDS {
                    if self.count_kind(q.nation, a, k) > 0 {
                        out.push(Step::Hero {
                            nation: q.nation,
                            area: a,
                            kind: k,
                        });
                    }
                }
            }
        }
        out
    }

    /// A step while the removals prompt asks `seat`: only a removal.
    pub(crate) fn hero_step_ok(
        &self,
        d: &PeloriaData,
        seat: Seat,
        quotas: &[Quota],
        step: &Step,
    ) -> Result<(), Forbidden> {
        match *step {
            Step::Hero {
                nation: n,
                area: a,
                kind: k,
            } => self.hero_remove_ok(d, seat, quotas, n, a, k),
            _ => Err(Forbidden::RemovalsOnly),
        }
    }

    /// `bid <nation> <n>`: the seat's private draft changes; returns the private line.
    pub(crate) fn draft_bid(
        &mut self,
        d: &PeloriaData,
        seat: Seat,
        nation: usize,
        v: u8,
    ) -> String {
        if let Some(dr) = self.bids.draft_mut(seat) {
            if dr.len() < NATIONS {
                dr.resize(NATIONS, 0);
            }
            dr[nation] = v;
        }
        format!("Your Call to Heroes draft: {}.", self.bid_text(d, seat))
    }

    /// `seal`: commit to the draft; the last seal reveals every bid. Returns the private
    /// lines (the salt).
    pub(crate) fn seal_bid(
        &mut self,
        d: &PeloriaData,
        seat: Seat,
        ev: &mut Vec<String>,
    ) -> Vec<String> {
        let mut private = Vec::new();
        let text = self.bid_text(d, seat);
        let c = self.bids.seal(seat, &mut self.rng, &text);
        self.say(
            d,
            ev,
            HeroesEvent::Sealed {
                seat,
                commitment: c,
            },
        );
        if let Some(s) = self.bids.seal_of(seat) {
            private.push(format!("Sealed `{text}` with salt {}.", s.salt));
        }
        if self.bids.all_sealed() {
            self.reveal_bids(d, ev);
        }
        private
    }

    /// `unseal`: take the sealed bid back.
    pub(crate) fn unseal_bid(&mut self, d: &PeloriaData, seat: Seat, ev: &mut Vec<String>) {
        self.bids.unseal(seat);
        self.say(d, ev, HeroesEvent::Unsealed { seat });
    }

    /// Units of `n` that may be removed (PEL-HERO-3: not those in Ralios or Karia).
    pub(crate) fn removable(&self, d: &PeloriaData, n: usize) -> usize {
        self.units
            .iter()
            .filter(|u| {
                u.nation as usize == n
                    && u.kind != Kind::Forest
                    && !d.heroes_excluded[u.area as usize]
            })
            .count()
    }

    pub(crate) fn bid_ok(&self, d: &PeloriaData, seat: Seat, step: &Step) -> Result<(), Forbidden> {
        match *step {
            Step::Bid {
                nation: n,
                units: v,
            } => {
                let nation = ix(n);
                if self.bids.is_sealed(seat) {
                    return Err(Forbidden::BidSealed);
                }
                if d.nations[n].player != seat {
                    return Err(Forbidden::BidNotYours { nation });
                }
                if !d.heroes[n] {
                    return Err(Forbidden::NoHeroes { nation });
                }
                let removable = self.removable(d, n);
                if v as usize > removable {
                    return Err(Forbidden::BidTooHigh {
                        nation,
                        removable: removable.min(u8::MAX as usize) as u8,
                    });
                }
                Ok(())
            }
            Step::Seal if !self.bids.is_sealed(seat) => Ok(()),
            Step::Seal => Err(Forbidden::BidAlreadySealed),
            Step::Unseal if self.bids.is_sealed(seat) => Ok(()),
            Step::Unseal => Err(Forbidden::BidNotSealed),
            _ => Err(Forbidden::BidsOnly),
        }
    }

    /// Canonical text of a seat's bid, e.g. `Hirenmador 0, Pelorians 3, Praxians 0`.
    pub(crate) fn bid_text(&self, d: &PeloriaData, seat: Seat) -> String {
        bid_text_of(d, seat, self.bids.draft(seat))
    }

    /// PEL-HERO-5: reveal every bid with its salt, cap each nation's bid at the units it
    /// may remove, and ask the owners to pick the units ([`Pending::Heroes`]). With
    /// nothing to remove the awards follow at once.
    pub(crate) fn reveal_bids(&mut self, d: &PeloriaData, ev: &mut Vec<String>) {
        let revealed = self.bids.reveal();
        let mut res = HeroesResult::default();
        let mut quotas = Vec::new();
        for (seat, r) in revealed.iter().enumerate() {
            let bids = self.reveal_bid(d, seat, r, &mut quotas, ev);
            res.bids.push(bids);
            res.seals
                .push((r.seal.commitment.clone(), r.seal.salt.clone()));
        }
        self.heroes = Some(res);
        if quotas.is_empty() {
            return self.finish_heroes(d, &quotas, ev);
        }
        let owing = quotas.iter().map(|q| (q.seat, q.owed, q.nation)).collect();
        self.say(d, ev, HeroesEvent::RemovalsBegin { owing });
        self.phase = Phase::Removals;
        self.prompts.push(Pending::Heroes { quotas });
    }

    /// One seat's revealed bid: its quotas (capped at the removable units) join `quotas`;
    /// returns the bids per nation.
    fn reveal_bid(
        &mut self,
        d: &PeloriaData,
        seat: Seat,
        r: &Revealed<Vec<u8>>,
        quotas: &mut Vec<Quota>,
        ev: &mut Vec<String>,
    ) -> Vec<(usize, u8)> {
        let mut bids = Vec::new();
        let mut capped = Vec::new();
        for n in 0..NATIONS {
            if d.nations[n].player != seat || !d.heroes[n] {
                continue;
            }
            let v = r.choice.get(n).copied().unwrap_or(0);
            bids.push((n, v));
            let may = self.removable(d, n).min(u8::MAX as usize) as u8;
            let owed = v.min(may);
            if owed < v {
                capped.push((n, may, v));
            }
            if owed > 0 {
                quotas.push(Quota {
                    seat,
                    nation: n,
                    owed,
                    removed: 0,
                });
            }
        }
        let total: u32 = quotas
            .iter()
            .filter(|q| q.seat == seat)
            .map(|q| q.owed as u32)
            .sum();
        let event = HeroesEvent::Revealed {
            seat,
            bid: bid_text_of(d, seat, &r.choice),
            salt: r.seal.salt.clone(),
            commitment: r.seal.commitment.clone(),
            total,
            capped,
        };
        self.say(d, ev, event);
        bids
    }

    /// Is removing one `k` of nation `n` from `a` for the Call to Heroes legal for `seat`
    /// (PEL-HERO-3, PEL-HERO-5)?
    pub(crate) fn hero_remove_ok(
        &self,
        d: &PeloriaData,
        seat: Seat,
        quotas: &[Quota],
        n: usize,
        a: usize,
        k: Kind,
    ) -> Result<(), Forbidden> {
        let nation = ix(n);
        if d.nations[n].player != seat {
            return Err(Forbidden::HeroNotYours { nation });
        }
        match quotas.iter().find(|q| q.nation == n) {
            None => return Err(Forbidden::HeroNoBid { nation }),
            Some(q) if q.owed == 0 => {
                return Err(Forbidden::HeroAllRemoved {
                    nation,
                    removed: q.removed,
                })
            }
            Some(_) => {}
        }
        if d.heroes_excluded[a] {
            return Err(Forbidden::HeroExcluded { area: ix(a) });
        }
        if k == Kind::Forest || self.count_kind(n, a, k) == 0 {
            return Err(lacks_unit(Topic::Heroes, (n, a, k), ""));
        }
        Ok(())
    }

    /// Apply a legal Call to Heroes removal; after the last one, the awards. Returns true
    /// when `seat` owes no more units (its part is over).
    pub(crate) fn hero_remove(
        &mut self,
        d: &PeloriaData,
        seat: Seat,
        n: usize,
        a: usize,
        k: Kind,
        ev: &mut Vec<String>,
    ) -> bool {
        self.remove_unit(n, a, k);
        let Some(Pending::Heroes { quotas }) = self.prompts.top_mut() else {
            return true;
        };
        let mut left = 0;
        if let Some(q) = quotas.iter_mut().find(|q| q.nation == n) {
            q.owed -= 1;
            q.removed += 1;
            left = q.owed;
        }
        let seat_done = quotas.iter().all(|q| q.seat != seat || q.owed == 0);
        let all_done = quotas.iter().all(|q| q.owed == 0);
        let quotas = quotas.clone();
        self.say(
            d,
            ev,
            HeroesEvent::Leaves {
                nation: n,
                kind: k,
                area: a,
                left,
            },
        );
        // PEL-EMP-3: the Emperor falls with its nation's last unit, not after the removals.
        self.check_emperor(d, ev);
        if all_done {
            self.prompts.pop();
            self.finish_heroes(d, &quotas, ev);
        }
        seat_done
    }

    /// After every removal: YOUF exits (PEL-HERO-4) and the awards (PEL-HERO-6..16), from
    /// the units actually removed; then round 14.
    pub(crate) fn finish_heroes(
        &mut self,
        d: &PeloriaData,
        quotas: &[Quota],
        ev: &mut Vec<String>,
    ) {
        let dp = d.area("Dragon-Pass");
        let edge = d
            .edges
            .iter()
            .position(|e| dp.is_some_and(|a| e.areas.contains(&a)));
        let mut removed = vec![0u32; PLAYERS];
        for q in quotas {
            removed[q.seat] += q.removed as u32;
            // PEL-HERO-4: YOUF removed count as leaving by Dragon Pass.
            if let Some(vp) = d.nations[q.nation]
                .exits
                .iter()
                .find(|x| Some(x.0) == edge)
                .map(|x| x.1)
            {
                self.vp[q.nation] += vp * q.removed as i64;
                self.exited[q.nation] += q.removed as u32;
            }
        }
        let awards = hero_awards(&removed);
        for (pv, a) in self.player_vp.iter_mut().zip(&awards) {
            *pv += a;
        }
        self.say(
            d,
            ev,
            HeroesEvent::Awards {
                awards: awards.clone(),
            },
        );
        let res = self.heroes.get_or_insert_with(HeroesResult::default);
        res.removed = removed;
        res.awards = awards;
        self.check_emperor(d, ev);
        self.next_round(d, ev);
    }
}

/// Canonical bid text of a draft.
pub(crate) fn bid_text_of(d: &PeloriaData, seat: Seat, draft: &[u8]) -> String {
    let parts: Vec<String> = (0..NATIONS)
        .filter(|&n| d.nations[n].player == seat && d.heroes[n])
        .map(|n| {
            format!(
                "{} {}",
                d.nations[n].name,
                draft.get(n).copied().unwrap_or(0)
            )
        })
        .collect();
    parts.join(", ")
}

/// Call to Heroes awards per player from the units each removed (PEL-HERO-6..16).
///
/// Places are by units removed. The levels are: first, VP equal to all units removed by
/// everyone; second, 20; third, 2; last, 0. A tied group takes the level one below the best
/// place it covers (two tied for first get 20; three tied below a leader get 2; of two tied
/// pairs the higher gets 20 and the lower 0). The text's own cases override: all four tied
/// get 0, and with two tied for second the player after them also gets 2.
pub fn hero_awards(removed: &[u32]) -> Vec<i64> {
    let total: i64 = removed.iter().map(|&x| x as i64).sum();
    let levels = [total, 20, 2, 0];
    let n = removed.len();
    let mut out = vec![0; n];
    let pos = |s: usize| removed.iter().filter(|&&o| o > removed[s]).count();
    let same = |s: usize| removed.iter().filter(|&&o| o == removed[s]).count();
    if (0..n).all(|s| same(s) == n) {
        return out;
    }
    let two_tied_second = (0..n).any(|s| pos(s) == 1 && same(s) == 2);
    for (s, o) in out.iter_mut().enumerate() {
        let (p, k) = (pos(s), same(s));
        *o = if k == 1 {
            levels[p.min(3)]
        } else {
            levels[(p + 1).min(3)]
        };
        if two_tied_second && p == 3 && k == 1 {
            *o = 2;
        }
    }
    out
}
