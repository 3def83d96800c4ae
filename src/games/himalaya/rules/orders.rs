//! Gameplay Flow, Phase 3 (continued): fulfilling orders and choosing their rewards.

use super::*;

impl Himalaya {
    pub(in crate::games::himalaya) fn reward_options(&self, seat: Seat, v: usize) -> Vec<Reward> {
        let mut r = vec![Reward::Barter];
        if self.stupas[v].is_none() && self.stupas_left(seat) > 0 {
            r.push(Reward::Stupa);
        }
        if self.delegations_left(seat) > 0 {
            r.push(Reward::Delegations);
        }
        r
    }

    pub(in crate::games::himalaya) fn offer_rewards(
        &mut self,
        data: &HimalayaData,
        seat: Seat,
        v: usize,
        o: usize,
        events: &mut Vec<Event>,
    ) {
        let opts = self.reward_options(seat, v);
        if opts.len() == 3 {
            self.pending = Some(Pending::Reward {
                seat,
                village: v,
                order: o,
            });
        } else {
            self.give_rewards(data, seat, v, o, &opts, events);
        }
    }

    pub(in crate::games::himalaya) fn give_rewards(
        &mut self,
        data: &HimalayaData,
        seat: Seat,
        v: usize,
        o: usize,
        rewards: &[Reward],
        events: &mut Vec<Event>,
    ) {
        if rewards.contains(&Reward::Barter) {
            self.kept[seat].push(o);
            self.tell(data, events, seat, RewardEvent::KeepsOrder { order: o });
        } else {
            self.orders_bag.push(o);
        }
        if rewards.contains(&Reward::Stupa) {
            self.build_stupa(data, seat, v, events);
        }
        if rewards.contains(&Reward::Delegations) {
            let n = (data.villages[v].level as u32).min(self.delegations_left(seat));
            self.send_delegations(data, seat, data.villages[v].regions.clone(), n, events);
        }
    }

    /// A stupa of `seat` on `village` (an order's reward or an inventory's).
    fn build_stupa(
        &mut self,
        data: &HimalayaData,
        seat: Seat,
        village: usize,
        events: &mut Vec<Event>,
    ) {
        self.stupas[village] = Some(seat);
        self.say(data, events, RewardEvent::BuildsStupa { seat, village });
    }

    pub(in crate::games::himalaya) fn send_delegations(
        &mut self,
        data: &HimalayaData,
        seat: Seat,
        regions: Vec<usize>,
        n: u32,
        events: &mut Vec<Event>,
    ) {
        if n == 0 || regions.is_empty() {
            return;
        }
        if let [region] = regions[..] {
            self.delegations[region][seat] += n;
            let sent = RewardEvent::SendsDelegations {
                seat,
                count: n,
                region,
            };
            self.say(data, events, sent);
            return;
        }
        self.pending = Some(Pending::Delegate {
            seat,
            regions,
            left: n,
        });
    }

    /// The choices of the decision pending now (legal or not).
    pub(in crate::games::himalaya) fn pending_candidates(&self) -> Vec<Step> {
        match &self.pending {
            None => Vec::new(),
            Some(Pending::Take { .. }) => Good::ALL.into_iter().map(Step::Take).collect(),
            Some(Pending::Reward { .. }) => REWARD_PAIRS
                .into_iter()
                .map(|(a, b)| Step::Reward(a, b))
                .collect(),
            Some(Pending::Delegate { regions, .. }) => {
                regions.iter().map(|&r| Step::Delegate(r)).collect()
            }
            Some(Pending::Inventory { .. }) => {
                let mut out = vec![Step::InventoryMarker, Step::InventoryDelegations];
                out.extend((0..VILLAGES).map(Step::InventoryStupa));
                out
            }
        }
    }

    /// The pending decision's seat answers it: a good on market day, two rewards, a
    /// delegation's region, an inventory reward.
    pub(in crate::games::himalaya) fn pending_ok(
        &self,
        data: &HimalayaData,
        seat: Seat,
        step: &Step,
    ) -> Result<(), Forbidden> {
        let Some(p) = self.pending.as_ref().filter(|p| p.seat() == seat) else {
            return Err(Forbidden::NoChoice);
        };
        match (p, *step) {
            (Pending::Take { village, .. }, Step::Take(g)) => {
                let left = self.village_goods[*village];
                if left[g.index()] > 0 {
                    return Ok(());
                }
                Err(Forbidden::NoGood {
                    village: *village as u8,
                    good: g,
                    left,
                })
            }
            (Pending::Reward { .. }, Step::Reward(a, b)) if REWARD_PAIRS.contains(&(a, b)) => {
                Ok(())
            }
            (Pending::Delegate { regions, .. }, Step::Delegate(r)) if regions.contains(&r) => {
                Ok(())
            }
            (Pending::Inventory { .. }, Step::InventoryMarker) if self.markers_left == 0 => {
                Err(Forbidden::NoMarkerLeft)
            }
            (Pending::Inventory { .. }, Step::InventoryDelegations)
                if self.delegations_left(seat) == 0 || self.caravans[seat].is_none() =>
            {
                Err(Forbidden::NoDelegationLeft)
            }
            (Pending::Inventory { .. }, Step::InventoryMarker | Step::InventoryDelegations) => {
                Ok(())
            }
            (Pending::Inventory { .. }, Step::InventoryStupa(v)) => {
                self.inventory_stupa_ok(data, seat, v)
            }
            (p, _) => Err(Forbidden::OtherChoice(p.awaited())),
        }
    }

    /// Answer the pending decision (accepted by [`Himalaya::pending_ok`]).
    pub(in crate::games::himalaya) fn choose(
        &mut self,
        data: &HimalayaData,
        seat: Seat,
        step: &Step,
    ) -> Applied {
        let mut events = Vec::new();
        let pending = self.pending.take();
        match (pending, *step) {
            (Some(Pending::Take { village, .. }), Step::Take(g)) => {
                self.take_good(data, seat, village, g, &mut events)
            }
            (Some(Pending::Reward { village, order, .. }), Step::Reward(a, b)) => {
                self.give_rewards(data, seat, village, order, &[a, b], &mut events)
            }
            (Some(Pending::Delegate { regions, left, .. }), Step::Delegate(r)) => {
                self.delegate(data, seat, r, regions, left, &mut events)
            }
            (_, Step::InventoryMarker) => {
                self.markers_left -= 1;
                self.markers[seat] += 1;
                self.say(data, &mut events, RewardEvent::TakesMarker { seat });
            }
            (_, Step::InventoryDelegations) => {
                let c = self.caravans[seat].unwrap_or(0);
                let n = 2.min(self.delegations_left(seat));
                self.send_delegations(data, seat, data.villages[c].regions.clone(), n, &mut events);
            }
            (_, Step::InventoryStupa(v)) => self.build_stupa(data, seat, v, &mut events),
            _ => unreachable!("pending_ok accepts only the pending decision's answers"),
        }
        Applied {
            events,
            ..Applied::default()
        }
    }

    fn delegate(
        &mut self,
        data: &HimalayaData,
        seat: Seat,
        r: usize,
        regions: Vec<usize>,
        left: u32,
        events: &mut Vec<Event>,
    ) {
        self.delegations[r][seat] += 1;
        self.say(
            data,
            events,
            RewardEvent::SendsDelegation { seat, region: r },
        );
        if left > 1 {
            self.pending = Some(Pending::Delegate {
                seat,
                regions,
                left: left - 1,
            });
        }
    }
}

/// The two rewards of a filled order, in the order `reward` names them.
pub(in crate::games::himalaya) const REWARD_PAIRS: [(Reward, Reward); 3] = [
    (Reward::Barter, Reward::Stupa),
    (Reward::Barter, Reward::Delegations),
    (Reward::Stupa, Reward::Delegations),
];
