//! Export (NIP-EXP).

use super::*;

// ==== Export (NIP-EXP) ====

/// Can requirements `needs` be met from different goods with these stocks?
pub(crate) fn satisfiable(needs: &[u8], stock: &[u8]) -> bool {
    let Some((&first, rest)) = needs.split_first() else {
        return true;
    };
    (0..stock.len()).any(|g| {
        stock[g] >= first && {
            let mut s = stock.to_vec();
            s[g] = 0;
            satisfiable(rest, &s)
        }
    })
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
        let p = &self.players[seat];
        if k == 0 || k as usize > data.contracts.len() {
            return Err(rule(Topic::Export, "contracts are numbered 1 to 8"));
        }
        if p.fulfilled[k as usize - 1] {
            return Err(rule(
                Topic::Export,
                format!("contract {k} is already fulfilled (face down)"),
            ));
        }
        let c = &data.contracts[k as usize - 1];
        if !satisfiable(&c.needs, &self.stock(seat, &[])) {
            return Err(rule(
                Topic::Export,
                format!(
                    "contract {k} needs {} from different factories; your storage cannot pay it",
                    needs_text(&c.needs)
                ),
            ));
        }
        Ok(())
    }

    pub(crate) fn can_pay(
        &self,
        data: &NipponData,
        seat: Seat,
        o: &OpenContract,
        g: u8,
        n: u8,
    ) -> Result<(), RuleError> {
        let Some(i) = o.remaining.iter().position(|&x| x == n) else {
            return Err(rule(
                Topic::Export,
                format!(
                    "contract {} still needs {}",
                    o.contract,
                    needs_text(&o.remaining)
                ),
            ));
        };
        if o.used.contains(&g) {
            return Err(rule(
                Topic::Export,
                format!(
                    "each requirement comes from a different factory; {} is already used",
                    data.goods[g as usize].name
                ),
            ));
        }
        let stock = self.stock(seat, &o.used);
        if stock[g as usize] < n {
            return Err(rule(
                Topic::Export,
                format!(
                    "your {} storage holds {}, not {n}",
                    data.goods[g as usize].name,
                    crate::engine::counted(stock[g as usize], "good")
                ),
            ));
        }
        let mut rest = o.remaining.clone();
        rest.remove(i);
        let mut s2 = stock;
        s2[g as usize] = 0;
        if !satisfiable(&rest, &s2) {
            return Err(rule(
                Topic::Export,
                "then the rest of the contract could not be paid; the contract is fulfilled all at once",
            ));
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
