//! Nation Turn > 1) Population Increase.

use super::*;

impl Peloria {
    /// PEL-POP-1..4: the count, the new units and the track. Returns units to place.
    pub(crate) fn population(&mut self, d: &PeloriaData, n: usize, ev: &mut Vec<String>) -> u8 {
        let points = self.pop_points(d, n);
        let count = points + self.track[n] as u32;
        let mut new = count / 6;
        self.track[n] = (count % 6) as u8;
        let avail: usize = d.nations[n]
            .pop_kinds
            .iter()
            .map(|&k| self.stock(d, n, k))
            .sum();
        // PEL-POP-3: no units left in stock sets the track to 5.
        if new as usize > avail || avail == 0 {
            self.track[n] = 5;
            new = new.min(avail as u32);
        }
        self.say(
            d,
            ev,
            TurnEvent::Population {
                nation: n,
                points,
                count,
                new,
                track: self.track[n],
            },
        );
        new as u8
    }

    /// Population points of the areas `n` holds (PEL-POP-1, PEL-POP-11 reading).
    pub(crate) fn pop_points(&self, d: &PeloriaData, n: usize) -> u32 {
        let f = d.nations[n].flags;
        self.held(d, n)
            .into_iter()
            .map(|a| {
                if Some(a) == d.cursed && !f.immortal {
                    return 0;
                }
                match d.terrain(a) {
                    Terrain::Open | Terrain::River | Terrain::Tripolis => 2,
                    Terrain::Plateau => {
                        if f.plateau {
                            2
                        } else {
                            0
                        }
                    }
                    Terrain::Rough | Terrain::Mountain | Terrain::Forest => 1,
                    Terrain::Sea => 0,
                }
            })
            .sum()
    }

    /// Candidates: each kind the nation places in each area it holds.
    pub(crate) fn place_candidates(&self, d: &PeloriaData) -> Vec<Step> {
        let n = self.turn;
        let mut out = Vec::new();
        for a in self.held(d, n) {
            for &k in &d.nations[n].pop_kinds {
                out.push(Step::Place { area: a, kind: k });
            }
        }
        out
    }

    /// PEL-POP-5..7: where a new unit may go.
    pub(crate) fn place_ok(&self, d: &PeloriaData, left: u8, step: &Step) -> Result<(), Forbidden> {
        let Step::Place { area: a, kind: k } = *step else {
            return Err(self.not_now());
        };
        let n = self.turn;
        let nat = &d.nations[n];
        let (nation, area) = (ix(n), ix(a));
        if left == 0 {
            return Err(Forbidden::NoneToPlace);
        }
        if !nat.pop_kinds.contains(&k) {
            return Err(Forbidden::NoPopKind { nation, kind: k });
        }
        if self.stock(d, n, k) == 0 {
            return Err(Forbidden::NoStock { nation, kind: k });
        }
        if self.count(n, a) == 0 || self.others(n, a) > 0 || !d.terrain(a).is_land() {
            return Err(Forbidden::NotHeldAlone { nation, area });
        }
        if nat.flags.plateau && d.terrain(a) != Terrain::Plateau {
            return Err(Forbidden::PlateauOnly);
        }
        if k == Kind::Forest {
            if matches!(
                d.terrain(a),
                Terrain::Mountain | Terrain::Forest | Terrain::Plateau | Terrain::Sea
            ) {
                return Err(Forbidden::NoForestCounterIn { area });
            }
            if self
                .units
                .iter()
                .any(|u| u.area as usize == a && u.kind == Kind::Forest)
            {
                return Err(Forbidden::ForestCounterThere { area });
            }
            return Ok(());
        }
        if !self.fits(d, n, a, None) {
            return Err(Forbidden::PlaceOverStack { area });
        }
        Ok(())
    }

    pub(crate) fn place(&mut self, d: &PeloriaData, a: usize, k: Kind, ev: &mut Vec<String>) {
        let n = self.turn;
        self.add_unit(n, a, k);
        if let Phase::Place { left } = &mut self.phase {
            *left -= 1;
        }
        self.say(
            d,
            ev,
            TurnEvent::Placed {
                nation: n,
                kind: k,
                area: a,
            },
        );
    }
}
