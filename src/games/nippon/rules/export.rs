//! Export (NIP-EXP).

use super::*;

// ==== Export (NIP-EXP) ====

/// Can requirements `needs` be met from different goods with these stocks? Each good tried
/// is set to 0 while the rest is searched, then restored: `stock` ends as it began, and no
/// copy is made per requirement.
fn satisfiable(needs: &[u8], stock: &mut [u8]) -> bool {
    let Some((&first, rest)) = needs.split_first() else {
        return true;
    };
    for g in 0..stock.len() {
        if stock[g] >= first {
            let held = std::mem::replace(&mut stock[g], 0);
            let paid = satisfiable(rest, stock);
            stock[g] = held;
            if paid {
                return true;
            }
        }
    }
    false
}

impl Nippon {
    /// Goods in storage per good (0 without a factory), except the goods in `used`.
    pub(crate) fn stock(&self, seat: Seat, used: &[u8]) -> Vec<u8> {
        self.players[seat]
            .factories
            .iter()
            .enumerate()
            .map(|(g, f)| match f {
                Some(f) if !used.contains(&(g as u8)) => f.goods,
                _ => 0,
            })
            .collect()
    }

    pub(crate) fn export_candidates(data: &NipponData) -> Vec<Step> {
        let mut v: Vec<Step> = (1..=data.contracts.len() as u8)
            .map(Step::Contract)
            .collect();
        for g in 0..data.goods.len() as u8 {
            for n in 1..=3 {
                v.push(Step::Pay { good: g, cubes: n });
            }
        }
        v.push(Step::Done);
        v
    }

    /// Up to 3 contracts, each paid in full once started: any other step while one is open
    /// is refused thus.
    pub(crate) fn finish_contract_first(o: &OpenContract) -> Forbidden {
        Forbidden::FinishContract {
            contract: o.contract,
            remaining: Needs::of(&o.remaining),
        }
    }

    /// `contract <k>`: start paying contract `k`.
    pub(crate) fn open_contract(&mut self, data: &NipponData, k: u8) {
        if let Stage::Export { open, .. } = &mut self.stage {
            *open = Some(OpenContract {
                contract: k,
                remaining: data.contracts[k as usize - 1].needs.clone(),
                used: Vec::new(),
            });
        }
    }

    /// NIP-EXP-2, -8: contract `k` is face up and the storage can pay it from different
    /// factories.
    pub(crate) fn can_contract(
        &self,
        data: &NipponData,
        seat: Seat,
        k: u8,
    ) -> Result<(), Forbidden> {
        if k == 0 || k as usize > data.contracts.len() {
            return Err(Forbidden::ContractNumber);
        }
        if self.players[seat].fulfilled[k as usize - 1] {
            return Err(Forbidden::ContractFulfilled(k));
        }
        let needs = &data.contracts[k as usize - 1].needs;
        if !satisfiable(needs, &mut self.stock(seat, &[])) {
            return Err(Forbidden::ContractUnpayable(k));
        }
        Ok(())
    }

    /// NIP-EXP-3, -4: `n` cubes of good `g` pay a requirement of the open contract `o`,
    /// from a factory not used for it yet, leaving the rest payable.
    pub(crate) fn can_pay(
        &self,
        seat: Seat,
        o: &OpenContract,
        g: u8,
        n: u8,
    ) -> Result<(), Forbidden> {
        let Some(i) = o.remaining.iter().position(|&x| x == n) else {
            return Err(Forbidden::NotNeeded {
                contract: o.contract,
                remaining: Needs::of(&o.remaining),
            });
        };
        if o.used.contains(&g) {
            return Err(Forbidden::FactoryUsed(g));
        }
        let mut stock = self.stock(seat, &o.used);
        if stock[g as usize] < n {
            return Err(Forbidden::PayStored {
                good: g,
                held: stock[g as usize],
                cubes: n,
            });
        }
        let mut rest = o.remaining.clone();
        rest.remove(i);
        stock[g as usize] = 0;
        if !satisfiable(&rest, &mut stock) {
            return Err(Forbidden::PayRest);
        }
        Ok(())
    }

    /// `pay <good> <cubes>`: one requirement of the open contract; the action is over
    /// after the third contract.
    pub(crate) fn pay(&mut self, data: &NipponData, seat: Seat, g: u8, n: u8, ev: &mut Vec<Event>) {
        let Stage::Export {
            done,
            open: Some(o),
        } = &mut self.stage
        else {
            return;
        };
        let i = o.remaining.iter().position(|&x| x == n).expect("checked");
        o.remaining.remove(i);
        o.used.push(g);
        let finished = o.remaining.is_empty();
        let k = o.contract as usize - 1;
        if let Some(f) = self.players[seat].factories[g as usize].as_mut() {
            f.goods -= n;
        }
        if finished {
            *done += 1;
            let c = &data.contracts[k];
            self.players[seat].fulfilled[k] = true;
            self.gain(data, seat, c.bonus);
            let money = self.raise(data, seat, TrackKind::Money, c.money_steps);
            let fulfilled = ExportEvent::Fulfilled {
                seat,
                contract: k,
                money,
            };
            self.say(data, ev, fulfilled);
            if let Stage::Export { open, .. } = &mut self.stage {
                *open = None;
            }
        }
        if matches!(self.stage, Stage::Export { done, open: None } if done >= MAX_PER_ACTION) {
            self.end_action(data, seat, ev);
        }
    }
}
