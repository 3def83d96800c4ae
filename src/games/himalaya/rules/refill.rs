//! Gameplay Flow, Phase 4: adding goods and orders.

use super::*;

impl Himalaya {
    /// Refill goods, then orders, to [`FILLED`] villages each, by d20 and the next-empty rule.
    pub(in crate::games::himalaya) fn refill(
        &mut self,
        data: &HimalayaData,
        events: &mut Vec<Event>,
    ) {
        while (0..VILLAGES).filter(|&v| self.has_goods(v)).count() < FILLED
            && self.goods_bag.iter().sum::<u32>() > 0
        {
            let roll = self.rng.die(VILLAGES as u32) as usize;
            let village = self.next_empty(roll - 1);
            let mut goods = [0u8; 5];
            for _ in 0..GOODS_PER_VILLAGE {
                if let Some(g) = self.draw_good() {
                    goods[g.index()] += 1;
                }
            }
            self.village_goods[village] = goods;
            let rolled = RefillEvent::Goods {
                roll,
                village,
                goods,
            };
            self.say(data, events, rolled);
        }
        while self.village_order.iter().filter(|o| o.is_some()).count() < FILLED
            && !self.orders_bag.is_empty()
        {
            let roll = self.rng.die(VILLAGES as u32) as usize;
            let village = self.next_empty(roll - 1);
            let i = self.rng.below(self.orders_bag.len());
            let o = self.orders_bag.remove(i);
            self.village_order[village] = Some(o);
            self.say(data, events, RefillEvent::Order { roll, village });
        }
    }
}
