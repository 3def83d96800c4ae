//! Victory points: captures, the end-of-round scoring, the Shah of Carmania, the end.

use super::*;
use crate::engine::ScorePart;

impl Peloria {
    /// PEL-BRIT-19: capture VP, once, for areas the nation holds alone.
    pub(crate) fn check_captures(&mut self, d: &PeloriaData, n: usize, ev: &mut Vec<String>) {
        for &(a, vp) in &d.nations[n].captures {
            if !self.captured.contains(&(n, a)) && self.holds_alone(n, a) {
                self.captured.push((n, a));
                self.vp[n] += vp;
                self.say(
                    d,
                    ev,
                    ScoringEvent::Captured {
                        nation: n,
                        area: a,
                        vp,
                    },
                );
            }
        }
    }

    // ---- End of the round: scoring ----

    pub(crate) fn end_round(&mut self, d: &PeloriaData, ev: &mut Vec<String>) {
        let r = d.round(self.round);
        if r.nation {
            self.nation_scoring(d, ev);
        }
        if let Some(e) = self.emperor {
            if r.jenarong {
                let p = self.pieces_held(d, e) as i64;
                self.vp[e] += p;
                self.say(d, ev, ScoringEvent::Jenarong { nation: e, vp: p });
            }
            if r.khordavu && !self.khordavu_paid && self.khordavu_complete(d, e) {
                self.khordavu_paid = true;
                self.vp[e] += 10;
                self.say(d, ev, ScoringEvent::Khordavu { nation: e });
            }
            if r.complete {
                let c = self.connected_to_vonlath(d, e) as i64;
                self.vp[e] += c;
                self.say(d, ev, ScoringEvent::CompleteEmperor { nation: e, vp: c });
            }
        }
        if r.shah {
            self.shah(d, ev);
        }
        if r.heroes {
            self.phase = Phase::Bids;
            self.bids = SealedChoices::new(PLAYERS);
            self.say(d, ev, HeroesEvent::Begins);
            return;
        }
        self.next_round(d, ev);
    }

    /// PEL-SCORE-1: each nation's own rule.
    pub(crate) fn nation_scoring(&mut self, d: &PeloriaData, ev: &mut Vec<String>) {
        let mut parts = Vec::new();
        for n in 0..NATIONS {
            if !self.in_play(d, n) {
                continue;
            }
            let vp = self.scoring_value(d, n);
            self.vp[n] += vp;
            if vp > 0 {
                parts.push((n, vp));
            }
        }
        self.say(d, ev, ScoringEvent::NationScoring { scores: parts });
    }

    /// What nation `n` scores by its own rule if it were scored now (PEL-SCORE-1).
    pub(crate) fn scoring_value(&self, d: &PeloriaData, n: usize) -> i64 {
        let held = self.held(d, n);
        match d.nations[n].score {
            ScoreRule::Area(v) => v * held.len() as i64,
            ScoreRule::Open(v) => {
                v * held.iter().filter(|&&a| d.terrain(a).is_open()).count() as i64
            }
            ScoreRule::Unit(v) => v * self.on_board(n) as i64,
            ScoreRule::Forest(v) => v * self.on_board_kind(n, Kind::Forest) as i64,
            ScoreRule::Place(v, a) => {
                if held.contains(&a) && self.others(n, a) == 0 {
                    v
                } else {
                    0
                }
            }
            ScoreRule::None => 0,
        }
    }

    /// PEL-SHAH-1..3.
    pub(crate) fn shah(&mut self, d: &PeloriaData, ev: &mut Vec<String>) {
        let counts: Vec<usize> = (0..NATIONS)
            .map(|n| {
                self.held(d, n)
                    .into_iter()
                    .filter(|&a| !d.shah_excluded[a])
                    .count()
            })
            .collect();
        let shah = (0..NATIONS)
            .find(|&n| counts[n] > 0 && (0..NATIONS).all(|o| o == n || counts[o] * 2 <= counts[n]));
        match shah {
            Some(n) => {
                self.vp[n] += 10;
                self.say(
                    d,
                    ev,
                    ScoringEvent::Shah {
                        nation: n,
                        areas: counts[n],
                    },
                );
            }
            None => self.say(d, ev, ScoringEvent::NoShah),
        }
    }

    // ---- The end ----

    /// VP of each player: their nations' VP plus their own awards (PEL-BRIT-2), the sums of
    /// [`Peloria::score_parts`].
    pub(crate) fn player_scores(&self, d: &PeloriaData) -> Vec<i64> {
        (0..PLAYERS)
            .map(|s| self.score_parts(d, s).iter().map(|p| p.points).sum())
            .collect()
    }

    /// The parts of `seat`'s VP: each of its nations' VP in turn order, then its own
    /// awards from the Call to Heroes.
    pub(crate) fn score_parts(&self, d: &PeloriaData, seat: usize) -> Vec<ScorePart> {
        let mut parts: Vec<ScorePart> = (0..NATIONS)
            .filter(|&n| d.nations[n].player == seat)
            .map(|n| ScorePart::new(d.nations[n].name.clone(), self.vp[n]))
            .collect();
        parts.push(ScorePart::new("heroes", self.player_vp[seat]));
        parts
    }

    /// Units on the board per player (the tie-break of equal VP).
    fn units_per_player(&self, d: &PeloriaData) -> Vec<i64> {
        let mut units = vec![0i64; PLAYERS];
        for u in &self.units {
            units[d.nations[u.nation as usize].player] += 1;
        }
        units
    }

    /// The evaluation hint (see [`crate::engine::Game::hint`]): each player's VP so far,
    /// plus what its nations in play would score by their own rules if scored now (what
    /// holding the board is worth), plus, once the Call to Heroes bids are revealed and
    /// the removals are under way, the awards the revealed quotas will bring
    /// (PEL-HERO-6..16: a search that stops before the last removal still sees what
    /// bidding is worth), with the tie-break (more units on the board) as a fraction of a
    /// point. All public: sealed bids count only once revealed.
    pub(crate) fn hint_vp(&self, d: &PeloriaData) -> Vec<f64> {
        let mut standing = vec![0i64; PLAYERS];
        for n in (0..NATIONS).filter(|&n| self.in_play(d, n)) {
            standing[d.nations[n].player] += self.scoring_value(d, n);
        }
        if let Some(Pending::Heroes { quotas }) = self.prompts.top() {
            let mut removing = vec![0u32; PLAYERS];
            for q in quotas {
                removing[q.seat] += u32::from(q.removed) + u32::from(q.owed);
            }
            for (s, award) in hero_awards(&removing).into_iter().enumerate() {
                standing[s] += award;
            }
        }
        self.player_scores(d)
            .into_iter()
            .zip(standing)
            .zip(self.units_per_player(d))
            .map(|((vp, standing), units)| vp as f64 + standing as f64 + units as f64 / 1e3)
            .collect()
    }

    pub(crate) fn finish(&mut self, d: &PeloriaData, ev: &mut Vec<String>) {
        let scores = self.player_scores(d);
        let units = self.units_per_player(d);
        let breakdown = (0..PLAYERS).map(|s| self.score_parts(d, s)).collect();
        let r: FinalResult = rank(
            &self.players,
            &scores,
            "VP",
            &[TieBreak::most("more units on the board", units)],
        )
        .with_breakdown(breakdown);
        self.say(
            d,
            ev,
            ScoringEvent::GameEnds {
                round: self.round,
                note: r.note.clone(),
            },
        );
        self.result = Some(r);
        self.phase = Phase::Finished;
    }
}
