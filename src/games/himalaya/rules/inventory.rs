//! Gameplay Flow, Phase 5: the inventory of turns 4, 8 and 12.

use super::*;

impl Himalaya {
    /// Reveal stocks, find the sole majority per good and queue or give the rewards.
    pub(in crate::games::himalaya) fn inventory(
        &mut self,
        data: &HimalayaData,
        events: &mut Vec<Event>,
    ) {
        let stock = self.hands.clone();
        let mut winners = Vec::new();
        for g in Good::ALL {
            let best = stock.iter().map(|h| h[g.index()]).max().unwrap_or(0);
            let who: Vec<Seat> = (0..self.n())
                .filter(|&s| stock[s][g.index()] == best)
                .collect();
            let w = if best > 0 && who.len() == 1 {
                Some(who[0])
            } else {
                None
            };
            winners.push(w);
            if let Some(s) = w {
                if self.advanced {
                    self.inventory_queue.push((g, s));
                } else if self.markers_left > 0 {
                    self.markers_left -= 1;
                    self.markers[s] += 1;
                }
            }
        }
        let shown = InventoryEvent::Shown {
            turn: self.turn,
            stock: stock.clone(),
            winners: winners.clone(),
        };
        self.say(data, events, shown);
        self.last_inventory = Some(InventoryReveal {
            turn: self.turn,
            stock: stock.iter().map(goods_map).collect(),
            winners,
        });
    }

    /// An inventory's stupa goes on a free house (level-1 village) in a region touching
    /// the caravan's village (HIM-INV-7).
    pub(super) fn inventory_stupa_ok(
        &self,
        data: &HimalayaData,
        seat: Seat,
        v: usize,
    ) -> Result<(), Forbidden> {
        let Some(c) = self.caravans[seat] else {
            return Err(Forbidden::CaravanOff);
        };
        if self.stupas_left(seat) == 0 {
            return Err(Forbidden::NoStupaLeft);
        }
        if v >= VILLAGES {
            return Err(Forbidden::StupaNoVillage);
        }
        let village = v as u8;
        if data.villages[v].level != 1 {
            return Err(Forbidden::NotAHouse { village });
        }
        if self.stupas[v].is_some() {
            return Err(Forbidden::StupaThere { village });
        }
        let regs = &data.villages[c].regions;
        if !data.villages[v].regions.iter().any(|r| regs.contains(r)) {
            return Err(Forbidden::StupaTooFar { village });
        }
        Ok(())
    }

    /// Is any inventory reward left for `seat` to take?
    fn inventory_reward_possible(&self, data: &HimalayaData, seat: Seat) -> bool {
        self.markers_left > 0
            || (self.delegations_left(seat) > 0 && self.caravans[seat].is_some())
            || !self.inventory_stupa_targets(data, seat).is_empty()
    }

    pub(in crate::games::himalaya) fn inventory_stupa_targets(
        &self,
        data: &HimalayaData,
        seat: Seat,
    ) -> Vec<usize> {
        let Some(c) = self.caravans[seat] else {
            return Vec::new();
        };
        if self.stupas_left(seat) == 0 {
            return Vec::new();
        }
        let regs = &data.villages[c].regions;
        (0..VILLAGES)
            .filter(|&v| {
                data.villages[v].level == 1
                    && self.stupas[v].is_none()
                    && data.villages[v].regions.iter().any(|r| regs.contains(r))
            })
            .collect()
    }

    pub(in crate::games::himalaya) fn start_inventory_reward(
        &mut self,
        data: &HimalayaData,
        good: Good,
        seat: Seat,
        events: &mut Vec<Event>,
    ) {
        if self.inventory_reward_possible(data, seat) {
            self.pending = Some(Pending::Inventory { seat, good });
        } else {
            self.say(data, events, InventoryEvent::NoRewardLeft { seat, good });
        }
    }
}
