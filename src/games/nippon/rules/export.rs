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

/// Why a contract cannot be started (worded by [`Nippon::can_contract`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ContractBlocker {
    /// Not a number from 1 to 8.
    Number,
    Fulfilled,
    /// The storage cannot pay it from different factories.
    Unpayable,
}

/// Why a payment to the open contract is refused (worded by [`Nippon::can_pay`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PayBlocker {
    /// The contract needs no requirement of that many cubes.
    NotNeeded,
    /// That factory already paid for this contract.
    Used,
    /// The storage holds only this many.
    Stored(u8),
    /// The rest of the contract could not be paid then.
    Rest,
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
    pub(crate) fn finish_contract_first(o: &OpenContract) -> RuleError {
        rule(
            Topic::Export,
            format!(
                "finish contract {} first: pay `pay <good> <cubes>` for {}",
                o.contract,
                o.remaining
                    .iter()
                    .map(|n| n.to_string())
                    .collect::<Vec<_>>()
                    .join(" and ")
            ),
        )
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

    pub(crate) fn can_contract(
        &self,
        data: &NipponData,
        seat: Seat,
        k: u8,
    ) -> Result<(), RuleError> {
        let why = match self.contract_blocker(data, seat, k) {
            None => return Ok(()),
            Some(ContractBlocker::Number) => {
                return Err(rule(Topic::Export, "contracts are numbered 1 to 8"))
            }
            Some(ContractBlocker::Fulfilled) => {
                format!("contract {k} is already fulfilled (face down)")
            }
            Some(ContractBlocker::Unpayable) => format!(
                "contract {k} needs {} from different factories; your storage cannot pay it",
                needs_text(&data.contracts[k as usize - 1].needs)
            ),
        };
        Err(rule(Topic::Export, why))
    }

    /// What stops `seat` starting contract `k`, unworded: the check of
    /// [`Nippon::can_contract`], cheap enough for scans of every contract.
    pub(crate) fn contract_blocker(
        &self,
        data: &NipponData,
        seat: Seat,
        k: u8,
    ) -> Option<ContractBlocker> {
        if k == 0 || k as usize > data.contracts.len() {
            return Some(ContractBlocker::Number);
        }
        if self.players[seat].fulfilled[k as usize - 1] {
            return Some(ContractBlocker::Fulfilled);
        }
        let needs = &data.contracts[k as usize - 1].needs;
        if !satisfiable(needs, &mut self.stock(seat, &[])) {
            return Some(ContractBlocker::Unpayable);
        }
        None
    }

    pub(crate) fn can_pay(
        &self,
        data: &NipponData,
        seat: Seat,
        o: &OpenContract,
        g: u8,
        n: u8,
    ) -> Result<(), RuleError> {
        let name = || &data.goods[g as usize].name;
        let why = match self.pay_blocker(seat, o, g, n) {
            None => return Ok(()),
            Some(PayBlocker::NotNeeded) => format!(
                "contract {} still needs {}",
                o.contract,
                needs_text(&o.remaining)
            ),
            Some(PayBlocker::Used) => format!(
                "each requirement comes from a different factory; {} is already used",
                name()
            ),
            Some(PayBlocker::Stored(held)) => format!(
                "your {} storage holds {}, not {n}",
                name(),
                crate::engine::counted(held, "good")
            ),
            Some(PayBlocker::Rest) => {
                "then the rest of the contract could not be paid; the contract is fulfilled all at once"
                    .into()
            }
        };
        Err(rule(Topic::Export, why))
    }

    /// What stops `seat` paying `n` cubes of good `g` to the open contract `o`, unworded:
    /// the check of [`Nippon::can_pay`], cheap enough for scans of every payment.
    pub(crate) fn pay_blocker(
        &self,
        seat: Seat,
        o: &OpenContract,
        g: u8,
        n: u8,
    ) -> Option<PayBlocker> {
        let Some(i) = o.remaining.iter().position(|&x| x == n) else {
            return Some(PayBlocker::NotNeeded);
        };
        if o.used.contains(&g) {
            return Some(PayBlocker::Used);
        }
        let mut stock = self.stock(seat, &o.used);
        if stock[g as usize] < n {
            return Some(PayBlocker::Stored(stock[g as usize]));
        }
        let mut rest = o.remaining.clone();
        rest.remove(i);
        stock[g as usize] = 0;
        if !satisfiable(&rest, &mut stock) {
            return Some(PayBlocker::Rest);
        }
        None
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
