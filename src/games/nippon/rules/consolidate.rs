//! Consolidate (NIP-CONS).

use super::*;

// ==== Consolidate (NIP-CONS) ====

impl Player {
    /// Pay for the worker colours held (NIP-CONS-13..15): as many colours as the money
    /// covers; each unpaid colour costs VP. Returns (colours, colours paid, VP lost).
    pub(crate) fn pay_workforce(&mut self, data: &NipponData) -> (u32, u32, i64) {
        let mut colours = self.workers.clone();
        colours.sort_unstable();
        colours.dedup();
        let k = colours.len() as u32;
        let paid = k.min(self.yen / data.cost_worker_colour);
        self.yen -= paid * data.cost_worker_colour;
        let lost = (k - paid) as i64 * data.unpaid_colour_vp;
        self.vp -= lost;
        (k, paid, lost)
    }
}

impl Nippon {
    /// The highest reward level `seat` may take: the level above the rightmost occupied
    /// worker slot (0 with fewer than 3 workers).
    pub fn reward_level(&self, data: &NipponData, seat: Seat) -> u32 {
        let w = self.players[seat].workers.len();
        if w == 0 {
            0
        } else {
            data.worker_slot_levels[w - 1]
        }
    }

    /// Has `seat` an achievement space without a tile?
    pub(crate) fn has_empty_space(&self, seat: Seat) -> bool {
        self.players[seat].achievements.iter().any(|a| a.is_none())
    }

    /// One `reward <multiplier> <bonus>` per kind of reward tile in the game.
    pub(crate) fn reward_candidates(data: &NipponData) -> Vec<Step> {
        let mut v = Vec::new();
        for r in &data.rewards {
            let s = Step::Reward {
                multiplier: r.multiplier as u8,
                bonus: bonus_kind(r.bonus),
            };
            if !v.contains(&s) {
                v.push(s);
            }
        }
        v
    }

    pub(crate) fn can_reward(
        &self,
        data: &NipponData,
        seat: Seat,
        mult: u32,
        b: u8,
    ) -> Result<(), Forbidden> {
        let lvl = self.reward_level(data, seat);
        if mult > lvl {
            return Err(Forbidden::RewardLevel(lvl));
        }
        if !self.reward_left(data, mult, b) {
            return Err(Forbidden::RewardGone);
        }
        Ok(())
    }

    /// Is a reward tile of multiplier `mult` and bonus kind `b` left?
    fn reward_left(&self, data: &NipponData, mult: u32, b: u8) -> bool {
        data.rewards
            .iter()
            .zip(&self.rewards)
            .any(|(r, &n)| r.multiplier == mult && bonus_kind(r.bonus) == b && n > 0)
    }

    /// `reward <multiplier> <bonus>`: take the tile and its bonus; it goes onto an empty
    /// achievement space, or is set aside when every space is covered.
    pub(crate) fn take_reward(
        &mut self,
        data: &NipponData,
        seat: Seat,
        mult: u8,
        b: u8,
        ev: &mut Vec<Event>,
    ) {
        let i = (0..data.rewards.len())
            .find(|&i| {
                data.rewards[i].multiplier == mult as u32
                    && bonus_kind(data.rewards[i].bonus) == b
                    && self.rewards[i] > 0
            })
            .expect("checked");
        self.rewards[i] -= 1;
        self.gain(data, seat, data.rewards[i].bonus);
        self.say(data, ev, ConsolidateEvent::RewardTaken { seat, reward: i });
        if self.has_empty_space(seat) {
            self.stage = Stage::Space {
                multiplier: mult as u32,
            };
        } else {
            self.say(data, ev, ConsolidateEvent::SetAside { seat });
            self.workforce(data, seat, ev);
        }
    }

    pub(crate) fn space_candidates(data: &NipponData) -> Vec<Step> {
        (0..data.achievements.len() as u8)
            .map(Step::Space)
            .collect()
    }

    pub(crate) fn space_ok(&self, seat: Seat, a: u8) -> Result<(), Forbidden> {
        let free = self.players[seat]
            .achievements
            .get(a as usize)
            .is_some_and(|x| x.is_none());
        if free {
            Ok(())
        } else {
            Err(Forbidden::SpaceTaken)
        }
    }

    /// `space <achievement>`: the reward (or multiplier) tile goes there.
    pub(crate) fn place_on_space(
        &mut self,
        data: &NipponData,
        seat: Seat,
        a: u8,
        ev: &mut Vec<Event>,
    ) {
        let Stage::Space { multiplier } = self.stage else {
            unreachable!("checked")
        };
        self.players[seat].achievements[a as usize] = Some(multiplier);
        let placed = ConsolidateEvent::OnSpace {
            seat,
            multiplier,
            achievement: a as usize,
        };
        self.say(data, ev, placed);
        self.workforce(data, seat, ev);
    }

    pub(crate) fn consolidate(&mut self, data: &NipponData, seat: Seat, ev: &mut Vec<Event>) {
        // 1. Budget (NIP-CONS-3, -5): discard, then take the track values.
        let money = self.track_value(data, seat, TrackKind::Money) * 1000;
        let coal = self.track_value(data, seat, TrackKind::Coal);
        let p = &mut self.players[seat];
        p.yen = money;
        p.coal = coal;
        let budget = ConsolidateEvent::Budget {
            seat,
            yen: money,
            coal,
        };
        self.say(data, ev, budget);
        // 2. Emperor's reward (NIP-CONS-6..8, -12). A reward tile is taken even with
        // every achievement space covered (for its bonus); a multiplier tile only onto an
        // empty space.
        let p = &self.players[seat];
        if p.workers.len() >= 3 {
            let any_left = self.rewards.iter().any(|&n| n > 0);
            if any_left {
                let lvl = self.reward_level(data, seat);
                let reachable = data
                    .rewards
                    .iter()
                    .zip(&self.rewards)
                    .any(|(r, &n)| n > 0 && r.multiplier <= lvl);
                if reachable {
                    self.stage = Stage::Reward;
                    return;
                }
                self.say(data, ev, ConsolidateEvent::OnlyHigherRewardsLeft);
            } else if self.multipliers > 0 && self.has_empty_space(seat) {
                self.multipliers -= 1;
                self.stage = Stage::Space { multiplier: 2 };
                self.say(data, ev, ConsolidateEvent::MultiplierTaken { seat });
                return;
            }
        }
        self.workforce(data, seat, ev);
    }

    /// 3. Workforce (NIP-CONS-13..17), then the turn ends.
    pub(crate) fn workforce(&mut self, data: &NipponData, seat: Seat, ev: &mut Vec<Event>) {
        let (colours, paid, lost) = self.players[seat].pay_workforce(data);
        self.tally_vp(seat, |t| t.unpaid_workers -= lost);
        let p = &mut self.players[seat];
        for w in std::mem::take(&mut p.workers) {
            self.bag[w as usize] += 1;
        }
        // No workers: nothing to pay and nothing to say.
        if colours > 0 {
            let workforce = ConsolidateEvent::Workforce {
                seat,
                colours,
                paid,
                lost,
            };
            self.say(data, ev, workforce);
        }
        self.complete_refill(data);
        self.end_action(data, seat, ev);
    }
}
