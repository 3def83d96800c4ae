//! Scorings and the end of the game (NIP-SCORE, NIP-END).

use super::*;
use crate::engine::ScorePart;

// ==== Scorings (NIP-SCORE) ====

impl Nippon {
    /// Influence per seat in region `r` (NIP-SCORE-1, -2) and the overseas companies'
    /// (NIP-SCORE-3).
    pub fn region_influence(&self, data: &NipponData, r: usize) -> (Vec<u32>, u32) {
        let n = self.n();
        let mut infl = vec![0u32; n];
        let mut has_tile = vec![false; n];
        let mut overseas = 0;
        for k in 0..2 {
            let c = 2 * r + k;
            for s in 0..4 {
                match self.influence[c][s] {
                    Some(t) => {
                        infl[t.seat as usize] += t.value as u32;
                        has_tile[t.seat as usize] = true;
                    }
                    None => overseas += data.regions[r].slots[k][s],
                }
            }
        }
        for &(seat, ship) in &self.rail[r] {
            if !ship && has_tile[seat as usize] {
                infl[seat as usize] += data.train_influence;
            }
        }
        (infl, overseas)
    }

    /// VP won per seat in region `r` at scoring `k` (0-based), ships included.
    pub fn region_vp(&self, data: &NipponData, r: usize, k: usize) -> Vec<i64> {
        let n = self.n();
        let (infl, overseas) = self.region_influence(data, r);
        // Entities: seats, then the overseas companies (index n). Influence 0 takes no place.
        let mut vals: Vec<(usize, u32)> = infl.iter().copied().enumerate().collect();
        vals.push((n, overseas));
        vals.retain(|&(_, v)| v > 0);
        vals.sort_by_key(|v| std::cmp::Reverse(v.1));
        let mut out = vec![0i64; n];
        let mut pos = 0;
        while pos < vals.len() {
            let v = vals[pos].1;
            let group: Vec<usize> = vals.iter().filter(|x| x.1 == v).map(|x| x.0).collect();
            let sum: i64 = (pos..pos + group.len())
                .filter(|&i| i < 3)
                .map(|i| data.scoring_vp[k][i])
                .sum();
            let share = sum / group.len() as i64;
            for &e in &group {
                if e < n {
                    out[e] += share;
                    if pos <= 1 {
                        let ships = self.rail[r]
                            .iter()
                            .filter(|&&(s, sh)| sh && s as usize == e)
                            .count();
                        out[e] += ships as i64 * data.ship_vp;
                    }
                }
            }
            pos += group.len();
        }
        out
    }

    /// Scoring `k` (0-based): every region.
    pub(crate) fn score_regions(&mut self, data: &NipponData, k: usize, ev: &mut Vec<Event>) {
        let mut regions = Vec::new();
        for r in 0..data.regions.len() {
            let won = self.region_vp(data, r, k);
            let mut scored = Vec::new();
            for (s, vp) in won.iter().enumerate() {
                if *vp > 0 {
                    self.players[s].vp += vp;
                    self.tally_vp(s, |t| t.scorings += vp);
                    scored.push((s, *vp));
                }
            }
            if !scored.is_empty() {
                regions.push((r, scored));
            }
        }
        self.scorings = k as u8 + 1;
        self.say(
            data,
            ev,
            ScoringEvent::Scored {
                scoring: k,
                regions,
            },
        );
    }
}

// ==== End of the game and final scoring (NIP-END) ====

impl Nippon {
    /// Units counted by achievement space `a` for `seat` (at the final scoring).
    pub fn achievement_units(&self, data: &NipponData, seat: Seat, a: usize) -> i64 {
        let p = &self.players[seat];
        match data.achievements[a].name.as_str() {
            "contracts" => (p.fulfilled.iter().filter(|x| **x).count() / 2) as i64,
            "money" => (p.yen / 6000) as i64,
            "knowledge" => {
                let t = data.track(TrackKind::Knowledge);
                let stars = (0..=p.tracks[2]).filter(|&i| t.stars[i]).count();
                let extra = p
                    .factories
                    .iter()
                    .enumerate()
                    .filter(|(g, f)| f.is_some() && data.goods[*g].synergy == Bonus::Star)
                    .count();
                (stars + extra) as i64
            }
            "ships" => data
                .ship_stars
                .iter()
                .filter(|&&k| k <= p.ships as usize)
                .count() as i64,
            "factories" => p.factories.iter().flatten().count() as i64,
            "influence" => self
                .influence
                .iter()
                .flatten()
                .flatten()
                .filter(|t| t.seat as usize == seat)
                .count() as i64,
            _ => 0,
        }
    }

    /// The evaluation hint (see [`crate::engine::Game::hint`]): each seat's VP, plus what
    /// is easily counted of the rest as things stand: the achievement spaces as the final
    /// scoring would score them now, and each scoring still to come with today's influence.
    /// Everything in Nippon is public.
    pub(crate) fn hint_vp(&self, data: &NipponData) -> Vec<f64> {
        let n = self.n();
        let mut hint: Vec<i64> = self.vp();
        if self.result.is_some() {
            return hint.into_iter().map(|v| v as f64).collect();
        }
        for (s, vp) in hint.iter_mut().enumerate() {
            for a in 0..data.achievements.len() {
                *vp += self.achievement_vp(data, s, a);
            }
        }
        for k in self.scorings as usize..data.scoring_vp.len() {
            for r in 0..data.regions.len() {
                for (s, vp) in self.region_vp(data, r, k).into_iter().enumerate().take(n) {
                    hint[s] += vp;
                }
            }
        }
        hint.into_iter().map(|v| v as f64).collect()
    }

    /// VP achievement space `a` gives `seat` at the final scoring (its units times the
    /// multiplier of the tile on it, else the printed one).
    pub fn achievement_vp(&self, data: &NipponData, seat: Seat, a: usize) -> i64 {
        let mult = self.players[seat].achievements[a].unwrap_or(data.achievements[a].printed);
        self.achievement_units(data, seat, a) * mult as i64
    }

    /// Adds to `seat`'s VP by source (kept from the start of the game only).
    pub(crate) fn tally_vp(&mut self, seat: Seat, add: impl FnOnce(&mut VpBySource)) {
        if let Some(tally) = self.vp_by_source.as_mut().and_then(|t| t.get_mut(seat)) {
            add(tally);
        }
    }

    pub(crate) fn finish(&mut self, data: &NipponData, ev: &mut Vec<Event>) {
        let n = self.n();
        let mut achieved = Vec::new();
        for s in 0..n {
            let mut parts = Vec::new();
            // Budget and workforce at the end (NIP-END-4 reading).
            let money = self.track_value(data, s, TrackKind::Money) * 1000;
            let p = &mut self.players[s];
            p.yen = money;
            let (_, _, lost) = p.pay_workforce(data);
            self.tally_vp(s, |t| t.unpaid_workers -= lost);
            for a in 0..data.achievements.len() {
                let vp = self.achievement_vp(data, s, a);
                self.players[s].vp += vp;
                parts.push(ScorePart::new(data.achievements[a].name.clone(), vp));
            }
            achieved.push(parts);
        }
        // The parts: the VP by source over the whole game, then the achievements.
        let breakdown: Vec<Vec<ScorePart>> = match &self.vp_by_source {
            Some(tally) => tally
                .iter()
                .zip(achieved)
                .map(|(t, achieved)| [t.parts(), achieved].concat())
                .collect(),
            None => Vec::new(),
        };
        let scores = self.vp();
        let last = self.last_player.unwrap_or(self.current);
        let dist: Vec<i64> = (0..n).map(|s| ((last + n - s) % n) as i64).collect();
        let result = rank(
            &self.names,
            &scores,
            "VP",
            &[TieBreak::fewest(
                format!(
                    "played last or sits closest before {} (counter-clockwise)",
                    self.names[last]
                ),
                dist,
            )],
        );
        let note = result.note.clone();
        self.say(data, ev, ScoringEvent::GameEnds { note });
        self.result = Some(result.with_breakdown(breakdown));
    }
}

/// A seat's VP by source before the achievements, for the final breakdown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct VpBySource {
    /// The VP each player starts with (by position from the first player).
    pub start: i64,
    /// The regions' scorings (ships included).
    pub scorings: i64,
    /// VP bonuses (rewards, factories, tracks).
    pub bonuses: i64,
    /// VP lost for unpaid worker colours (a negative number), the final payment included.
    pub unpaid_workers: i64,
}

impl VpBySource {
    /// A player's tally at the start of the game, with the VP it starts with.
    pub fn at_start(start: i64) -> Self {
        VpBySource {
            start,
            ..Self::default()
        }
    }

    fn parts(&self) -> Vec<ScorePart> {
        vec![
            ScorePart::new("start", self.start),
            ScorePart::new("scorings", self.scorings),
            ScorePart::new("bonuses", self.bonuses),
            ScorePart::new("unpaid workers", self.unpaid_workers),
        ]
    }
}
