//! Invest in a new industry, machinery and producing goods (NIP-FAC, NIP-MACH, NIP-PROD).

use super::*;

// ==== Invest in a new industry (NIP-FAC, NIP-MACH-10..12) ====

/// Why a factory cannot be built (worded by [`Nippon::can_build`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BuildBlocker {
    Owned,
    NoTile,
    Yen,
    /// Knowledge short by this many steps, with fewer blueprints.
    Knowledge(u32),
}

impl Nippon {
    pub(crate) fn factory_candidates(data: &NipponData) -> Vec<Step> {
        (0..data.goods.len() as u8).map(Step::Build).collect()
    }

    pub(crate) fn can_build(
        &self,
        data: &NipponData,
        seat: Seat,
        g: usize,
    ) -> Result<(), RuleError> {
        let Some(blocker) = self.build_blocker(data, seat, g) else {
            return Ok(());
        };
        let p = &self.players[seat];
        let good = &data.goods[g];
        let why = match blocker {
            BuildBlocker::Owned => format!(
                "you already have {} factory",
                crate::engine::a_or_an(&good.name)
            ),
            BuildBlocker::NoTile => format!("no {} factory tile is left", good.name),
            BuildBlocker::Yen => format!(
                "a factory costs {}; you have {}",
                yen(data.cost_factory),
                yen(p.yen)
            ),
            BuildBlocker::Knowledge(short) => format!(
                "a {} factory needs knowledge {}; you are {} short and have {}",
                good.name,
                2 * good.level as u32,
                short,
                crate::engine::counted(p.blueprints, "blueprint")
            ),
        };
        Err(rule(Topic::Factory, why))
    }

    /// What stops `seat` building a factory of good `g` (NIP-FAC), unworded: the check of
    /// [`Nippon::can_build`], cheap enough for scans of every good.
    pub(crate) fn build_blocker(
        &self,
        data: &NipponData,
        seat: Seat,
        g: usize,
    ) -> Option<BuildBlocker> {
        let p = &self.players[seat];
        if p.factories[g].is_some() {
            return Some(BuildBlocker::Owned);
        }
        if self.built[g] >= data.factories_per_good {
            return Some(BuildBlocker::NoTile);
        }
        if p.yen < data.cost_factory {
            return Some(BuildBlocker::Yen);
        }
        let short = self.shortfall(data, seat, g);
        if p.blueprints < short {
            return Some(BuildBlocker::Knowledge(short));
        }
        None
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

/// Why a factory cannot take a machine (worded by [`Nippon::can_improve`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ImproveBlocker {
    /// A machine costs more yen than the player has.
    Yen,
    NoFactory,
    /// The machine is already +2.
    Full,
}

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
    ) -> Result<(), RuleError> {
        self.afford_machine(data, seat)?;
        if let Some(g) = self.improvable_factory(data, seat) {
            return Err(rule(
                Topic::Machinery,
                format!(
                    "your {} factory can still take a machine; improvements go to your factories while they can",
                    data.goods[g].name
                ),
            ));
        }
        Ok(())
    }

    /// [`Nippon::machine_to_supply_ok`] without wording a refusal.
    pub(crate) fn machine_to_supply_blocked(&self, data: &NipponData, seat: Seat) -> bool {
        self.players[seat].yen < data.cost_machine || self.improvable_factory(data, seat).is_some()
    }

    /// The first good whose factory can take a machine now, if any.
    fn improvable_factory(&self, data: &NipponData, seat: Seat) -> Option<usize> {
        (0..data.goods.len()).find(|&g| self.improve_blocker(data, seat, g).is_none())
    }

    /// NIP-MACH: every improvement costs a machine's price.
    pub(crate) fn afford_machine(&self, data: &NipponData, seat: Seat) -> Result<(), RuleError> {
        if self.players[seat].yen < data.cost_machine {
            return Err(rule(
                Topic::Machinery,
                format!("a machine costs {}", yen(data.cost_machine)),
            ));
        }
        Ok(())
    }

    pub(crate) fn can_improve(
        &self,
        data: &NipponData,
        seat: Seat,
        g: usize,
    ) -> Result<(), RuleError> {
        let name = &data.goods[g].name;
        match self.improve_blocker(data, seat, g) {
            None => Ok(()),
            Some(ImproveBlocker::Yen) => self.afford_machine(data, seat),
            Some(ImproveBlocker::NoFactory) => Err(rule(
                Topic::Machinery,
                format!("you have no {name} factory"),
            )),
            Some(ImproveBlocker::Full) => Err(rule(
                Topic::Machinery,
                format!("the machine of your {name} factory is already +2"),
            )),
        }
    }

    /// What stops `seat` improving the factory of good `g`, unworded: the check of
    /// [`Nippon::can_improve`], cheap enough for scans of every good.
    pub(crate) fn improve_blocker(
        &self,
        data: &NipponData,
        seat: Seat,
        g: usize,
    ) -> Option<ImproveBlocker> {
        let p = &self.players[seat];
        if p.yen < data.cost_machine {
            return Some(ImproveBlocker::Yen);
        }
        match p.factories[g] {
            None => Some(ImproveBlocker::NoFactory),
            Some(f) if f.machine >= 2 => Some(ImproveBlocker::Full),
            Some(_) => None,
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

/// Why a factory cannot run (worded by [`Nippon::can_run`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RunBlocker {
    NoFactory,
    /// Less coal than the good needs.
    Coal,
    /// The storage is full.
    Full,
}

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
    ) -> Result<(), RuleError> {
        if ran.contains(&g) {
            return Err(rule(
                Topic::Produce,
                format!(
                    "your {} factory already ran in this action",
                    data.goods[g as usize].name
                ),
            ));
        }
        self.can_run(data, seat, g as usize)
    }

    /// [`Nippon::produce_ok`] without wording a refusal.
    pub(crate) fn produce_blocked(&self, data: &NipponData, seat: Seat, ran: &[u8], g: u8) -> bool {
        ran.contains(&g) || self.run_blocker(data, seat, g as usize).is_some()
    }

    pub(crate) fn can_run(&self, data: &NipponData, seat: Seat, g: usize) -> Result<(), RuleError> {
        let p = &self.players[seat];
        let d = &data.goods[g];
        let why = match self.run_blocker(data, seat, g) {
            None => return Ok(()),
            Some(RunBlocker::NoFactory) => format!("you have no {} factory", d.name),
            Some(RunBlocker::Coal) => format!(
                "your {} factory needs {} coal; you have {}",
                d.name, d.coal, p.coal
            ),
            Some(RunBlocker::Full) => format!("the storage of your {} factory is full", d.name),
        };
        Err(rule(Topic::Produce, why))
    }

    /// What stops `seat` running the factory of good `g`, unworded: the check of
    /// [`Nippon::can_run`], cheap enough for scans of every good.
    pub(crate) fn run_blocker(
        &self,
        data: &NipponData,
        seat: Seat,
        g: usize,
    ) -> Option<RunBlocker> {
        let p = &self.players[seat];
        let d = &data.goods[g];
        match p.factories[g] {
            None => Some(RunBlocker::NoFactory),
            Some(_) if p.coal < d.coal => Some(RunBlocker::Coal),
            Some(f) if f.goods >= d.storage => Some(RunBlocker::Full),
            Some(_) => None,
        }
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
