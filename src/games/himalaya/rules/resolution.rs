//! Gameplay Flow, Phase 3: resolving the actions, moves and deals.

use super::*;

impl Himalaya {
    pub(in crate::games::himalaya) fn resolve_one(
        &mut self,
        data: &HimalayaData,
        events: &mut Vec<Event>,
    ) {
        let (slot, k) = self.cursor;
        let seat = self.order_seat(k);
        self.cursor = if k + 1 >= self.n() {
            (slot + 1, 0)
        } else {
            (slot, k + 1)
        };
        let action = self.revealed[seat][slot];
        let name = self.players[seat].clone();
        let Some(v) = self.caravans[seat] else { return };
        if let Some((path, dest)) = self.in_storm[seat] {
            self.in_storm[seat] = None;
            self.caravans[seat] = Some(dest);
            events.push(Event::public(format!(
                "{name} crosses the snowstorm on path {} and reaches village {}.",
                data.path_name(path),
                dest + 1
            )));
            return;
        }
        match action {
            Action::Rest => {}
            Action::Move(t) => {
                let Some((path, dest)) = data.path_from(v, t) else {
                    events.push(Event::public(format!(
                        "{name}'s {} move is ignored: village {} has no {} path.",
                        t.name(),
                        v + 1,
                        t.name()
                    )));
                    return;
                };
                if self.board_events.yeti.map(|e| e.0) == Some(path) {
                    events.push(Event::public(format!(
                        "{name}'s {} move is ignored: the yeti blocks path {}.",
                        t.name(),
                        data.path_name(path)
                    )));
                    return;
                }
                if self.board_events.storm.map(|e| e.0) == Some(path) {
                    let next = self.revealed[seat].get(slot + 1).copied();
                    if next == Some(Action::Move(t)) {
                        self.in_storm[seat] = Some((path, dest));
                        events.push(Event::public(format!(
                            "{name} enters the snowstorm on path {}.",
                            data.path_name(path)
                        )));
                    } else {
                        events.push(Event::public(format!(
                            "{name}'s {} move is ignored: crossing the snowstorm on path {} needs a second {} move right after, and no one may stop in it.",
                            t.name(),
                            data.path_name(path),
                            t.name()
                        )));
                    }
                    return;
                }
                self.caravans[seat] = Some(dest);
                events.push(Event::public(format!(
                    "{name} moves by {} from {} to {}.",
                    t.name(),
                    v + 1,
                    dest + 1
                )));
            }
            Action::Deal => self.deal(data, seat, v, events),
        }
    }

    pub(in crate::games::himalaya) fn deal(
        &mut self,
        data: &HimalayaData,
        seat: Seat,
        v: usize,
        events: &mut Vec<Event>,
    ) {
        let name = self.players[seat].clone();
        if self.has_goods(v) {
            if self.took[seat].contains(&v) {
                events.push(Event::public(format!(
                    "{name}'s deal at village {} is cancelled: one good per village per turn.",
                    v + 1
                )));
                return;
            }
            let kinds = self.village_goods[v].iter().filter(|&&c| c > 0).count();
            if self.board_events.market.map(|e| e.0) == Some(v) && kinds > 1 {
                self.pending = Some(Pending::Take { seat, village: v });
                return;
            }
            let g = Good::ALL
                .into_iter()
                .find(|g| self.village_goods[v][g.index()] > 0)
                .unwrap_or(Good::Salt);
            self.take_good(seat, v, g, events);
            return;
        }
        if let Some(o) = self.village_order[v] {
            let needs = data.orders[o].needs();
            if (0..5).all(|i| self.hands[seat][i] >= needs[i]) {
                for (i, &n) in needs.iter().enumerate() {
                    self.hands[seat][i] -= n;
                    self.goods_bag[i] += n as u32;
                }
                self.village_order[v] = None;
                events.push(Event::public(format!(
                    "{name} fills the order at village {} ({}); the goods go back to the bag.",
                    v + 1,
                    data.orders[o].label()
                )));
                self.offer_rewards(data, seat, v, o, events);
                return;
            }
            events.push(Event::public(format!(
                "{name}'s deal at village {} is cancelled: they cannot pay the order.",
                v + 1
            )));
            return;
        }
        events.push(Event::public(format!(
            "{name}'s deal at village {} is cancelled: nothing to trade there.",
            v + 1
        )));
    }

    pub(in crate::games::himalaya) fn take_good(
        &mut self,
        seat: Seat,
        v: usize,
        g: Good,
        events: &mut Vec<Event>,
    ) {
        self.village_goods[v][g.index()] -= 1;
        self.hands[seat][g.index()] += 1;
        self.took[seat].push(v);
        events.push(Event::public(format!(
            "{} takes a good at village {}.",
            self.players[seat],
            v + 1
        )));
        events.push(Event::private(
            seat,
            format!("You took {} at village {}.", g.name(), v + 1),
        ));
    }
}
