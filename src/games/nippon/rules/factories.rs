//! Invest in a new industry, machinery and producing goods (NIP-FAC, NIP-MACH, NIP-PROD).

use super::*;

// ==== Invest in a new industry (NIP-FAC, NIP-MACH-10..12) ====

impl Nippon {
    pub(crate) fn factory_candidates(data: &NipponData) -> Vec<Step> {
        (0..data.goods.len() as u8).map(Step::Build).collect()
    }

    /// NIP-FAC: may `seat` build a factory of good `g`?
    pub(crate) fn build_ok(
        &self,
        data: &NipponData,
        seat: Seat,
        g: usize,
    ) -> Result<(), ActionWhy> {
        let p = &self.players[seat];
        let refuse = |why| Err(ActionWhy::Build(g as u8, why));
        if p.factories[g].is_some() {
            return refuse(BuildWhy::Owned);
        }
        if self.built[g] >= data.factories_per_good {
            return refuse(BuildWhy::NoTile);
        }
        if p.yen < data.cost_factory {
            return refuse(BuildWhy::Yen { have: p.yen });
        }
        let short = self.shortfall(data, seat, g);
        if p.blueprints < short {
            return refuse(BuildWhy::Knowledge {
                short,
                blueprints: p.blueprints,
            });
        }
        Ok(())
    }

    pub fn shortfall(&self, data: &NipponData, seat: Seat, g: usize) -> u32 {
        (2 * data.goods[g].level as u32).saturating_sub(self.knowledge(data, seat))
    }

    /// `build <good>`: the factory is built and the action is over.
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
        self.gain(data, seat, data.goods[g].synergy);
        let built = FactoriesEvent::Built {
            seat,
            good: g,
            blueprints: short,
            machine: f.machine,
        };
        self.say(data, ev, built);
        self.end_action(data, seat, ev);
    }
}

// ==== Machinery (NIP-MACH) ====

impl Nippon {
    pub(crate) fn machinery_candidates(data: &NipponData) -> Vec<Step> {
        let mut v: Vec<Step> = (0..data.goods.len() as u8).map(Step::Improve).collect();
        v.push(Step::ToSupply);
        v.push(Step::Done);
        v
    }

    /// Up to 3 improvements: on a factory while one can take a machine, else into the
    /// supply.
    pub(crate) fn machine_to_supply_ok(
        &self,
        data: &NipponData,
        seat: Seat,
    ) -> Result<(), Forbidden> {
        self.afford_machine(data, seat).map_err(Forbidden::Action)?;
        if let Some(g) = self.improvable_factory(data, seat) {
            return Err(Forbidden::FactoryCanTakeMachine(g as u8));
        }
        Ok(())
    }

    /// The first good whose factory can take a machine now, if any.
    fn improvable_factory(&self, data: &NipponData, seat: Seat) -> Option<usize> {
        (0..data.goods.len()).find(|&g| self.can_improve(data, seat, g).is_ok())
    }

    /// NIP-MACH: every improvement costs a machine's price.
    pub(crate) fn afford_machine(&self, data: &NipponData, seat: Seat) -> Result<(), ActionWhy> {
        if self.players[seat].yen < data.cost_machine {
            return Err(ActionWhy::MachineCost);
        }
        Ok(())
    }

    /// NIP-MACH: a machine goes on a factory of `seat`'s without a +2 machine.
    pub(crate) fn can_improve(
        &self,
        data: &NipponData,
        seat: Seat,
        g: usize,
    ) -> Result<(), Forbidden> {
        self.afford_machine(data, seat).map_err(Forbidden::Action)?;
        match self.players[seat].factories[g] {
            None => Err(Forbidden::NoFactoryToImprove(g as u8)),
            Some(f) if f.machine >= 2 => Err(Forbidden::MachineFull(g as u8)),
            Some(_) => Ok(()),
        }
    }

    /// `improve <good>`: install or upgrade the factory's machine.
    pub(crate) fn improve(&mut self, data: &NipponData, seat: Seat, g: u8, ev: &mut Vec<Event>) {
        let p = &mut self.players[seat];
        p.yen -= data.cost_machine;
        let f = p.factories[g as usize].as_mut().expect("checked");
        f.machine += 1;
        let machine = f.machine;
        let good = g as usize;
        self.say(
            data,
            ev,
            FactoriesEvent::Improved {
                seat,
                good,
                machine,
            },
        );
        self.count_improvement(data, seat, ev);
    }

    /// `improve supply`: a +1 machine into the player's supply.
    pub(crate) fn machine_to_supply(&mut self, data: &NipponData, seat: Seat, ev: &mut Vec<Event>) {
        let p = &mut self.players[seat];
        p.yen -= data.cost_machine;
        p.machines += 1;
        self.say(data, ev, FactoriesEvent::MachineToSupply { seat });
        self.count_improvement(data, seat, ev);
    }

    fn count_improvement(&mut self, data: &NipponData, seat: Seat, ev: &mut Vec<Event>) {
        if let Stage::Machinery { n } = &mut self.stage {
            *n += 1;
            if *n >= MAX_PER_ACTION {
                self.end_action(data, seat, ev);
            }
        }
    }
}

// ==== Produce goods (NIP-PROD) ====

impl Nippon {
    pub(crate) fn produce_candidates(data: &NipponData) -> Vec<Step> {
        let mut v: Vec<Step> = (0..data.goods.len() as u8).map(Step::Run).collect();
        v.push(Step::Done);
        v
    }

    /// Up to 3 factories, each once per action (`ran` so far).
    pub(crate) fn produce_ok(
        &self,
        data: &NipponData,
        seat: Seat,
        ran: &[u8],
        g: u8,
    ) -> Result<(), Forbidden> {
        if ran.contains(&g) {
            return Err(Forbidden::AlreadyRan(g));
        }
        self.run_ok(data, seat, g as usize)
            .map_err(Forbidden::Action)
    }

    /// NIP-PROD: may `seat`'s factory of good `g` run (coal, storage)?
    pub(crate) fn run_ok(&self, data: &NipponData, seat: Seat, g: usize) -> Result<(), ActionWhy> {
        let p = &self.players[seat];
        let d = &data.goods[g];
        let why = match p.factories[g] {
            None => RunWhy::NoFactory,
            Some(_) if p.coal < d.coal => RunWhy::Coal { have: p.coal },
            Some(f) if f.goods >= d.storage => RunWhy::Full,
            Some(_) => return Ok(()),
        };
        Err(ActionWhy::Run(g as u8, why))
    }

    /// `run <good>`: the factory produces; the action is over after the third.
    pub(crate) fn run(&mut self, data: &NipponData, seat: Seat, g: u8, ev: &mut Vec<Event>) {
        let d = &data.goods[g as usize];
        let p = &mut self.players[seat];
        p.coal -= d.coal;
        let f = p.factories[g as usize].as_mut().expect("checked");
        let made = (1 + f.machine).min(d.storage - f.goods);
        f.goods += made;
        let good = g as usize;
        self.say(data, ev, FactoriesEvent::Ran { seat, good, made });
        if let Stage::Produce { ran } = &mut self.stage {
            ran.push(g);
            if ran.len() >= MAX_PER_ACTION as usize {
                self.end_action(data, seat, ev);
            }
        }
    }
}
