//! Gameplay Flow, Phase 3: resolving the actions, moves and deals.

use super::*;

impl Himalaya {
    /// The position `me` pictures once its program so far is carried out (what
    /// [`Himalaya::outlook_for`] scores): during programming, this turn's six actions
    /// resolved as the resolution phase would, with `me`'s planned actions (resting after
    /// the last) and every other caravan resting; `me`'s own choices on the way (a good on
    /// market day, two rewards, the delegations' regions) answered as best for it by
    /// [`Himalaya::lead_for`]. Reads only `me`'s hidden information; elsewhere a copy.
    pub(in crate::games::himalaya) fn carried_out(&self, data: &HimalayaData, me: Seat) -> Self {
        let mut g = self.clone();
        if g.phase != Phase::Programming || g.plans.get(me).is_none_or(|p| p.is_empty()) {
            return g;
        }
        g.hushed = Hushed(true);
        let mut program = g.plans[me].clone();
        program.resize(ACTIONS, Action::Rest);
        g.revealed = (0..g.n())
            .map(|s| match s == me {
                true => program.clone(),
                false => vec![Action::Rest; ACTIONS],
            })
            .collect();
        g.cursor = (0, 0);
        g.took = vec![Vec::new(); g.n()];
        g.phase = Phase::Resolution;
        let mut events = Vec::new();
        loop {
            match g.pending.as_ref().map(|p| p.seat()) {
                Some(s) if s == me => match g.best_answer(data, me) {
                    Some(answered) => g = answered,
                    None => break,
                },
                Some(_) => break,
                None if g.cursor.0 < ACTIONS => g.resolve_one(data, &mut events),
                None => break,
            }
        }
        g
    }

    /// The position after `me` answers its pending choice as best for it by
    /// [`Himalaya::lead_for`] (the first such answer in listing order); `None` when no
    /// answer is legal.
    fn best_answer(&self, data: &HimalayaData, me: Seat) -> Option<Self> {
        let mut best: Option<(f64, Self)> = None;
        for step in self.pending_candidates() {
            if self.pending_ok(data, me, &step).is_err() {
                continue;
            }
            let mut g = self.clone();
            g.choose(data, me, &step);
            let lead = g.lead_for(data, me);
            if best.as_ref().is_none_or(|(b, _)| lead > *b) {
                best = Some((lead, g));
            }
        }
        best.map(|(_, g)| g)
    }
}

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
        let Some(v) = self.caravans[seat] else { return };
        if let Some((path, to)) = self.in_storm[seat] {
            self.in_storm[seat] = None;
            self.caravans[seat] = Some(to);
            self.say(
                data,
                events,
                ResolutionEvent::CrossesStorm { seat, path, to },
            );
            return;
        }
        match action {
            Action::Rest => {}
            Action::Move(kind) => {
                let Some((path, dest)) = data.path_from(v, kind) else {
                    let ignored = ResolutionEvent::NoPath {
                        seat,
                        kind,
                        village: v,
                    };
                    self.say(data, events, ignored);
                    return;
                };
                if self.board_events.yeti.map(|e| e.0) == Some(path) {
                    let blocked = ResolutionEvent::YetiBlocks { seat, kind, path };
                    self.say(data, events, blocked);
                    return;
                }
                if self.board_events.storm.map(|e| e.0) == Some(path) {
                    let next = self.revealed[seat].get(slot + 1).copied();
                    if next == Some(Action::Move(kind)) {
                        self.in_storm[seat] = Some((path, dest));
                        self.say(data, events, ResolutionEvent::EntersStorm { seat, path });
                    } else {
                        let ignored = ResolutionEvent::StormNeedsSecondMove { seat, kind, path };
                        self.say(data, events, ignored);
                    }
                    return;
                }
                self.caravans[seat] = Some(dest);
                let moved = ResolutionEvent::Moved {
                    seat,
                    kind,
                    from: v,
                    to: dest,
                };
                self.say(data, events, moved);
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
        let cancelled = |why| ResolutionEvent::DealCancelled {
            seat,
            village: v,
            why,
        };
        if self.has_goods(v) {
            if self.took[seat].contains(&v) {
                self.say(data, events, cancelled(DealCancelled::OneGoodPerVillage));
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
            self.take_good(data, seat, v, g, events);
            return;
        }
        if let Some(order) = self.village_order[v] {
            let needs = data.orders[order].needs();
            if (0..5).all(|i| self.hands[seat][i] >= needs[i]) {
                for (i, &n) in needs.iter().enumerate() {
                    self.hands[seat][i] -= n;
                    self.goods_bag[i] += n as u32;
                }
                self.village_order[v] = None;
                let filled = ResolutionEvent::FillsOrder {
                    seat,
                    village: v,
                    order,
                };
                self.say(data, events, filled);
                self.offer_rewards(data, seat, v, order, events);
                return;
            }
            self.say(data, events, cancelled(DealCancelled::CannotPay));
            return;
        }
        self.say(data, events, cancelled(DealCancelled::NothingToTrade));
    }

    pub(in crate::games::himalaya) fn take_good(
        &mut self,
        data: &HimalayaData,
        seat: Seat,
        village: usize,
        good: Good,
        events: &mut Vec<Event>,
    ) {
        self.village_goods[village][good.index()] -= 1;
        self.hands[seat][good.index()] += 1;
        self.took[seat].push(village);
        self.say(data, events, ResolutionEvent::TakesGood { seat, village });
        let told = ResolutionEvent::TookGood { good, village };
        self.tell(data, events, seat, told);
    }
}
