//! End of Game Scoring: the final scores and the result.

use super::*;
use crate::engine::ScorePart;

impl Breakdown {
    /// The parts of the final score, in the order the board shows them: the route claims
    /// scored during the game, the regions' domination points, the route cards held.
    pub fn parts(&self) -> Vec<ScorePart> {
        vec![
            ScorePart::new("claims", self.during_game),
            ScorePart::new("regions", self.regions.iter().sum()),
            ScorePart::new("route cards", self.cards),
        ]
    }
}

impl Nepal {
    /// Domination points per seat in region `r`.
    pub(in crate::games::nepal) fn region_points(&self, data: &NepalData, r: usize) -> Vec<i64> {
        let n = self.n();
        let mut stats: Vec<(u32, u32, usize)> = Vec::new();
        for s in 0..n {
            let (mut pcs, mut provs) = (0u32, 0u32);
            for p in 0..data.provinces.len() {
                if data.region_mask[r] & (1 << p) == 0 {
                    continue;
                }
                let c = self.pieces_at(p, s) as u32;
                pcs += c;
                provs += (c > 0) as u32;
                if self.fortress[p] == Some(s as u8) {
                    pcs += 2;
                    provs += 1;
                }
            }
            if pcs > 0 {
                stats.push((pcs, provs, s));
            }
        }
        stats.sort_by_key(|a| std::cmp::Reverse((a.0, a.1)));
        let pool = [5i64, 3];
        let mut pts = vec![0i64; n];
        let mut pos = 0;
        let mut i = 0;
        while i < stats.len() {
            let mut j = i;
            while j < stats.len() && (stats[j].0, stats[j].1) == (stats[i].0, stats[i].1) {
                j += 1;
            }
            let k = j - i;
            let share: i64 = (pos..pos + k)
                .map(|x| pool.get(x).copied().unwrap_or(0))
                .sum::<i64>()
                / k as i64;
            for st in &stats[i..j] {
                pts[st.2] = share;
            }
            pos += k;
            i = j;
        }
        pts
    }

    pub(in crate::games::nepal) fn pieces_on_board(&self, seat: usize) -> u32 {
        let n = self.n();
        let regular: u32 = (0..self.fortress.len())
            .map(|p| self.pieces[p * n + seat] as u32)
            .sum();
        regular
            + 2 * self
                .fortress
                .iter()
                .filter(|f| **f == Some(seat as u8))
                .count() as u32
    }

    /// Final scoring; sets the result and switches to [`Phase::Over`].
    pub(in crate::games::nepal) fn finish(&mut self, data: &NepalData) {
        let mut bd = self.final_breakdown(data);
        let parts: Vec<Vec<ScorePart>> = bd.iter().map(Breakdown::parts).collect();
        for (b, parts) in bd.iter_mut().zip(&parts) {
            b.total = parts.iter().map(|p| p.points).sum();
        }
        // Most VP, then fewer pieces on the board, then the longest controlled route.
        let keys: Vec<(i64, i64, i64)> = bd
            .iter()
            .map(|b| (b.total, -(b.pieces_on_board as i64), b.longest_route as i64))
            .collect();
        let places = places_by_key(&keys);
        let notes = self.tie_notes(&bd);
        let mut note = verdict(&self.names, &places);
        for x in notes {
            let _ = write!(note, "; {x}");
        }
        self.score = bd.iter().map(|b| b.total).collect();
        let result = FinalResult {
            scores: self.score.clone(),
            places,
            note,
            shown: Vec::new(),
            breakdown: parts,
        };
        self.result = Some(result);
        self.breakdown = Some(bd);
        self.phase = Phase::Over;
    }

    /// The evaluation hint (see [`crate::engine::Game::hint`]): each seat's final score if
    /// the game ended now (claims so far, the regions' domination points, the route cards'
    /// points for linked routes), with the tie-breaks (fewer pieces on the board, then the
    /// longest controlled route) as fractions of a point. All of it is public.
    pub(in crate::games::nepal) fn hint_scores(&self, data: &NepalData) -> Vec<f64> {
        self.final_breakdown(data)
            .iter()
            .map(|b| {
                let total: i64 = b.parts().iter().map(|p| p.points).sum();
                total as f64 - b.pieces_on_board as f64 / 1e3 + b.longest_route as f64 / 1e6
            })
            .collect()
    }

    /// Each seat's final points before the totals: during the game, regions, route cards.
    fn final_breakdown(&self, data: &NepalData) -> Vec<Breakdown> {
        let n = self.n();
        let ctrl: Vec<u64> = (0..n).map(|s| self.control_mask(s)).collect();
        let mut bd: Vec<Breakdown> = (0..n)
            .map(|s| Breakdown {
                during_game: self.score[s],
                regions: vec![0; REGIONS],
                cards: 0,
                total: 0,
                pieces_on_board: self.pieces_on_board(s),
                longest_route: 0,
            })
            .collect();
        for r in 0..REGIONS {
            for (s, pts) in self.region_points(data, r).into_iter().enumerate() {
                bd[s].regions[r] = pts;
            }
        }
        for ip in &self.cards {
            let card = &data.cards[ip.card as usize];
            for (s, b) in bd.iter_mut().enumerate() {
                if Self::route_linked(data, ctrl[s], card) {
                    b.longest_route = b.longest_route.max(card.length);
                }
            }
            let mut holders = ip
                .claims
                .iter()
                .map(|&s| s as usize)
                .filter(|&s| Self::route_linked(data, ctrl[s], card));
            if let Some(s) = holders.next() {
                bd[s].cards += card.high_points(n);
            }
            if let Some(s) = holders.next() {
                bd[s].cards += card.low_points(n);
            }
        }
        bd
    }

    /// A note for each group of seats tied on VP: how the tie is broken.
    fn tie_notes(&self, bd: &[Breakdown]) -> Vec<String> {
        let n = self.n();
        let mut notes = Vec::new();
        let mut seen_scores = Vec::new();
        for s in 0..n {
            let t = bd[s].total;
            if seen_scores.contains(&t) {
                continue;
            }
            let tied: Vec<usize> = (0..n).filter(|&o| bd[o].total == t).collect();
            if tied.len() > 1 {
                seen_scores.push(t);
                let desc: Vec<String> = tied
                    .iter()
                    .map(|&o| {
                        format!(
                            "{} ({} on board, longest route {})",
                            self.names[o], bd[o].pieces_on_board, bd[o].longest_route
                        )
                    })
                    .collect();
                notes.push(format!(
                    "tie on {t} VP broken by fewer pieces on the board, then the longest controlled route: {}",
                    desc.join(", ")
                ));
            }
        }
        notes
    }
}
