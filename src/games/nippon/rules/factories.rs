//! Invest in a new industry, machinery and producing goods (NIP-FAC, NIP-MACH, NIP-PROD).

use super::*;

// ==== Invest in a new industry (NIP-FAC, NIP-MACH-10..12) ====

impl Nippon {
    pub(crate) fn can_build(
        &self,
        data: &NipponData,
        seat: Seat,
        g: usize,
    ) -> Result<(), RuleError> {
        let p = &self.players[seat];
        let good = &data.goods[g];
        if p.factories[g].is_some() {
            return Err(rule(
                Topic::Factory,
                format!("you already have a {} factory", good.name),
            ));
        }
        if self.built[g] >= data.factories_per_good {
            return Err(rule(
                Topic::Factory,
                format!("no {} factory tile is left", good.name),
            ));
        }
        if p.yen < data.cost_factory {
            return Err(rule(
                Topic::Factory,
                format!(
                    "a factory costs {}; you have {}",
                    yen(data.cost_factory),
                    yen(p.yen)
                ),
            ));
        }
        let short = self.shortfall(data, seat, g);
        if p.blueprints < short {
            return Err(rule(
                Topic::Factory,
                format!(
                    "a {} factory needs knowledge {}; you are {} short and have {} blueprint(s)",
                    good.name,
                    2 * good.level as u32,
                    short,
                    p.blueprints
                ),
            ));
        }
        Ok(())
    }

    /// Knowledge missing for a factory of good `g` (NIP-FAC-4, -9).
    pub fn shortfall(&self, data: &NipponData, seat: Seat, g: usize) -> u32 {
        (2 * data.goods[g].level as u32).saturating_sub(self.knowledge(data, seat))
    }

    pub(crate) fn build(&mut self, data: &NipponData, seat: Seat, g: usize, ev: &mut Vec<Event>) {
        let short = self.shortfall(data, seat, g);
        let p = &mut self.players[seat];
        p.yen -= data.cost_factory;
        p.blueprints -= short;
        let mut f = Factory {
            machine: 0,
            goods: 0,
        };
        // NIP-MACH-10, -11: a machine from supply goes on at once, upgraded if possible.
        if p.machines > 0 {
            p.machines -= 1;
            f.machine = 1;
            if p.machines > 0 {
                p.machines -= 1;
                f.machine = 2;
            }
        }
        p.factories[g] = Some(f);
        self.built[g] += 1;
        let syn = data.goods[g].synergy;
        self.gain(data, seat, syn);
        ev.push(Event::public(format!(
            "{} builds a {} factory for {}{}{} (synergy: {}).",
            self.name(seat),
            data.goods[g].name,
            yen(data.cost_factory),
            if short > 0 {
                format!(" and {short} blueprint(s)")
            } else {
                String::new()
            },
            match f.machine {
                1 => ", installing a +1 machine from supply",
                2 => ", installing a +2 machine from supply",
                _ => "",
            },
            syn
        )));
    }
}

// ==== Machinery (NIP-MACH) ====

impl Nippon {
    pub(crate) fn can_improve(
        &self,
        data: &NipponData,
        seat: Seat,
        g: usize,
    ) -> Result<(), RuleError> {
        let p = &self.players[seat];
        let name = &data.goods[g].name;
        if p.yen < data.cost_machine {
            return Err(rule(
                Topic::Machinery,
                format!("a machine costs {}", yen(data.cost_machine)),
            ));
        }
        match p.factories[g] {
            None => Err(rule(
                Topic::Machinery,
                format!("you have no {name} factory"),
            )),
            Some(f) if f.machine >= 2 => Err(rule(
                Topic::Machinery,
                format!("the machine of your {name} factory is already +2"),
            )),
            Some(_) => Ok(()),
        }
    }
}

// ==== Produce goods (NIP-PROD) ====

impl Nippon {
    pub(crate) fn can_run(&self, data: &NipponData, seat: Seat, g: usize) -> Result<(), RuleError> {
        let p = &self.players[seat];
        let d = &data.goods[g];
        match p.factories[g] {
            None => Err(rule(
                Topic::Produce,
                format!("you have no {} factory", d.name),
            )),
            Some(_) if p.coal < d.coal => Err(rule(
                Topic::Produce,
                format!(
                    "your {} factory needs {} coal; you have {}",
                    d.name, d.coal, p.coal
                ),
            )),
            Some(f) if f.goods >= d.storage => Err(rule(
                Topic::Produce,
                format!("the storage of your {} factory is full", d.name),
            )),
            Some(_) => Ok(()),
        }
    }

    pub(crate) fn run(
        &mut self,
        data: &NipponData,
        seat: Seat,
        g: usize,
        ev: &mut Vec<Event>,
    ) -> u8 {
        let d = &data.goods[g];
        let p = &mut self.players[seat];
        p.coal -= d.coal;
        let f = p.factories[g].as_mut().expect("checked");
        let made = (1 + f.machine).min(d.storage - f.goods);
        f.goods += made;
        ev.push(Event::public(format!(
            "{} runs the {} factory for {} coal: {} good(s).",
            self.names[seat], d.name, d.coal, made
        )));
        made
    }
}
