//! Rules of Play > Conflict and Special Rules: Kathmandu (never a conflict in Kathmandu; a
//! fortress works like Kathmandu for its owner).

use super::*;

impl Nepal {
    pub(super) fn exempt(&self, p: usize, seat: usize, data: &NepalData) -> bool {
        p == data.kathmandu || self.fortress[p] == Some(seat as u8)
    }

    /// Population of `p` that counts against its limit (fortress owner's pieces excluded).
    pub(in crate::games::nepal) fn counted_population(&self, data: &NepalData, p: usize) -> u32 {
        (0..self.n())
            .filter(|&s| !self.exempt(p, s, data))
            .map(|s| self.pieces_at(p, s) as u32)
            .sum()
    }

    /// Conflict in province `p`: returns (seat, pieces removed) per affected seat.
    fn resolve_conflict(&mut self, data: &NepalData, p: usize) -> Vec<(usize, u8)> {
        let n = self.n();
        let Some(limit) = data.limit(p, self.opts.boom) else {
            return Vec::new();
        };
        let limit = limit as u32;
        let mut removed = vec![0u8; n];
        let involved: Vec<usize> = (0..n).filter(|&s| !self.exempt(p, s, data)).collect();
        loop {
            let total: u32 = involved
                .iter()
                .map(|&s| self.pieces[p * n + s] as u32)
                .sum();
            if total <= limit {
                break;
            }
            // One pass: groups by count at the start of the pass, smallest first.
            let mut counts: Vec<u8> = involved
                .iter()
                .map(|&s| self.pieces[p * n + s])
                .filter(|&c| c > 0)
                .collect();
            counts.sort_unstable();
            counts.dedup();
            let mut total = total;
            for c in counts {
                if total <= limit {
                    break;
                }
                for &s in &involved {
                    if self.pieces[p * n + s] == c {
                        self.pieces[p * n + s] -= 1;
                        self.hand[s] += 1;
                        removed[s] += 1;
                        total -= 1;
                    }
                }
            }
        }
        removed
            .iter()
            .enumerate()
            .filter(|(_, &r)| r > 0)
            .map(|(s, &r)| (s, r))
            .collect()
    }

    /// The conflict step: every province over its limit, wherever it is, is cut back.
    pub(super) fn conflicts(&mut self, data: &NepalData, events: &mut Vec<Event>) {
        for p in 0..data.provinces.len() {
            if p == data.kathmandu {
                continue;
            }
            let Some(limit) = data.limit(p, self.opts.boom) else {
                continue;
            };
            if self.counted_population(data, p) <= limit as u32 {
                continue;
            }
            let losses = self.resolve_conflict(data, p);
            events.push(self.say(
                data,
                ConflictEvent::CutBack {
                    province: p,
                    limit,
                    losses,
                },
            ));
        }
    }
}
