//! Gameplay Flow, Phase 4: adding goods and orders.

use super::*;

impl Himalaya {
    /// Refill goods, then orders, to [`FILLED`] villages each, by d20 and the next-empty rule.
    pub(in crate::games::himalaya) fn refill(&mut self, events: &mut Vec<Event>) {
        while (0..VILLAGES).filter(|&v| self.has_goods(v)).count() < FILLED
            && self.goods_bag.iter().sum::<u32>() > 0
        {
            let roll = self.rng.die(VILLAGES as u32) as usize;
            let v = self.next_empty(roll - 1);
            let mut got = [0u8; 5];
            for _ in 0..GOODS_PER_VILLAGE {
                if let Some(g) = self.draw_good() {
                    got[g.index()] += 1;
                }
            }
            self.village_goods[v] = got;
            events.push(Event::public(format!(
                "The d20 rolls {roll}: goods go to village {} ({}).",
                v + 1,
                goods_list(&got)
            )));
        }
        while self.village_order.iter().filter(|o| o.is_some()).count() < FILLED
            && !self.orders_bag.is_empty()
        {
            let roll = self.rng.die(VILLAGES as u32) as usize;
            let v = self.next_empty(roll - 1);
            let i = self.rng.below(self.orders_bag.len());
            let o = self.orders_bag.remove(i);
            self.village_order[v] = Some(o);
            events.push(Event::public(format!(
                "The d20 rolls {roll}: an order goes to village {}.",
                v + 1
            )));
        }
    }
}
