//! The rules of History of Peloria, in rulebook order, under one banner per phase.
//!
//! [`Peloria::legality`] is the one legality function: `check` is it, `apply` calls it
//! before changing anything, and `legal_steps` is the candidate steps
//! ([`Peloria::candidates`], a wider set of well-formed steps) filtered through it.
//! Between player decisions [`Peloria::advance`] runs the automatic parts (arrivals,
//! population counts, battle dice, scoring) until a seat must choose.

use super::*;
use crate::engine::rank::{rank, TieBreak};
use crate::engine::{match_step, Event, FinalResult, ParseError, Rules};

pub(super) fn rule(topic: &'static str, reason: impl Into<String>) -> RuleError {
    RuleError::new(topic, reason)
}

/// Most areas a piece of regalia moves in one movement phase (authored, as cavalry).
pub const REGALIA_MOVES: u8 = 3;
/// Most units that may attack in one area (PEL-BAT-10).
pub const MAX_ATTACKERS: usize = 5;
/// Log lines kept for the view.
const LOG_KEEP: usize = 14;

// ==== Shared counts ====

impl Peloria {
    pub(super) fn owner(&self, d: &PeloriaData, n: usize) -> Seat {
        d.nations[n].player
    }

    /// Is nation `n` in play this round (PEL-ORDER-6..13)?
    pub(super) fn in_play(&self, d: &PeloriaData, n: usize) -> bool {
        self.round >= d.nations[n].first_round
    }

    /// Units of `n` in `a` (all kinds, forest counters included).
    pub(super) fn count(&self, n: usize, a: usize) -> usize {
        self.units
            .iter()
            .filter(|u| u.nation as usize == n && u.area as usize == a)
            .count()
    }

    /// Armies of `n` in `a` (forest counters are not armies).
    pub(super) fn armies(&self, n: usize, a: usize) -> usize {
        self.units
            .iter()
            .filter(|u| u.nation as usize == n && u.area as usize == a && u.kind != Kind::Forest)
            .count()
    }

    /// Areas where `n` has armies (not forest counters), in area order.
    pub(super) fn armies_at(&self, n: usize) -> Vec<usize> {
        let mut v: Vec<usize> = self
            .units
            .iter()
            .filter(|u| u.nation as usize == n && u.kind != Kind::Forest)
            .map(|u| u.area as usize)
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    pub(super) fn count_kind(&self, n: usize, a: usize, k: Kind) -> usize {
        self.units
            .iter()
            .filter(|u| u.nation as usize == n && u.area as usize == a && u.kind == k)
            .count()
    }

    /// Units of nations other than `n` in `a`.
    pub(super) fn others(&self, n: usize, a: usize) -> usize {
        self.units
            .iter()
            .filter(|u| u.nation as usize != n && u.area as usize == a)
            .count()
    }

    /// Nations with units in `a`, in turn order.
    pub(super) fn nations_in(&self, a: usize) -> Vec<usize> {
        let mut v: Vec<usize> = self
            .units
            .iter()
            .filter(|u| u.area as usize == a)
            .map(|u| u.nation as usize)
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// Land areas where `n` has units (PEL-BRIT-4), in area order.
    pub(super) fn held(&self, d: &PeloriaData, n: usize) -> Vec<usize> {
        let mut v: Vec<usize> = self
            .units
            .iter()
            .filter(|u| u.nation as usize == n && d.terrain(u.area as usize).is_land())
            .map(|u| u.area as usize)
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// Does `n` hold `a` alone: units there and no other nation's (the holder of regalia
    /// and the area the regalia move within, PEL-EMP-17, PEL-EMP-19 reading)?
    pub(super) fn holds_alone(&self, n: usize, a: usize) -> bool {
        self.count(n, a) > 0 && self.others(n, a) == 0
    }

    pub(super) fn on_board(&self, n: usize) -> usize {
        self.units.iter().filter(|u| u.nation as usize == n).count()
    }

    /// Armies of `n` on the board: its units without forest counters (PEL-OVP-1).
    pub(super) fn armies_on_board(&self, n: usize) -> usize {
        self.on_board(n) - self.on_board_kind(n, Kind::Forest)
    }

    fn on_board_kind(&self, n: usize, k: Kind) -> usize {
        self.units
            .iter()
            .filter(|u| u.nation as usize == n && u.kind == k)
            .count()
    }

    /// Units of kind `k` nation `n` still has in stock (PEL-POP-4).
    pub(super) fn stock(&self, d: &PeloriaData, n: usize, k: Kind) -> usize {
        (d.nations[n].limits[k.index()] as usize).saturating_sub(self.on_board_kind(n, k))
    }

    /// Stacking limit of an area for nation `n` (PEL-STACK-2..5).
    fn limit(&self, d: &PeloriaData, a: usize) -> usize {
        d.terrain(a).stack_limit()
    }

    /// Most units of one overstack in `a` (PEL-STACK-9): any number in open terrain, 4 in
    /// rough.
    fn overstack_cap(&self, d: &PeloriaData, a: usize) -> usize {
        if d.terrain(a).is_open() {
            usize::MAX
        } else {
            4
        }
    }

    /// Would one more army of `n` in `a` (and one fewer in `from`, if given) respect the
    /// stacking limits with the single overstack (PEL-STACK-8, PEL-POP-6, PEL-RET-4)?
    pub(super) fn fits(&self, d: &PeloriaData, n: usize, a: usize, from: Option<usize>) -> bool {
        let c = self.armies(n, a) + 1;
        if c <= self.limit(d, a) {
            return true;
        }
        if c > self.overstack_cap(d, a) {
            return false;
        }
        // The overstack would be here: no other area of `n` may be over its limit.
        !self.held(d, n).into_iter().any(|b| {
            let mut k = self.armies(n, b);
            if Some(b) == from {
                k = k.saturating_sub(1);
            }
            b != a && k > self.limit(d, b)
        })
    }

    /// May nation `n` enter area `a` at all (PEL-MOVE-5..7)? Seas only for sea nations.
    pub(super) fn may_enter(&self, d: &PeloriaData, n: usize, a: usize) -> Result<(), RuleError> {
        let f = d.nations[n].flags;
        let name = &d.areas[a].name;
        match d.terrain(a) {
            Terrain::Sea if !f.sea => Err(rule(
                "terrain",
                format!("{name} is a sea; only Pelandans move through seas"),
            )),
            Terrain::Forest if !f.forest => Err(rule(
                "terrain",
                format!("{name} is permanent forest; only the Aldryami enter it"),
            )),
            Terrain::Mountain if !f.mountain => Err(rule(
                "terrain",
                format!("{name} is a mountain area; only Digijelm and Telmori enter mountains"),
            )),
            _ => Ok(()),
        }
    }

    /// Does `a` hold a forest that can never be overrun (PEL-OVR-5, PEL-OVR-6 reading)?
    pub(super) fn forest_in(&self, d: &PeloriaData, a: usize) -> bool {
        d.terrain(a) == Terrain::Forest
            || self
                .units
                .iter()
                .any(|u| u.area as usize == a && u.kind == Kind::Forest)
    }

    /// The unit of `n` and kind `k` in `a` that moves next: the one with most moves left.
    fn mover(&self, n: usize, a: usize, k: Kind) -> Option<usize> {
        self.units
            .iter()
            .enumerate()
            .filter(|(_, u)| {
                u.nation as usize == n && u.area as usize == a && u.kind == k && u.left > 0
            })
            .max_by_key(|(i, u)| (u.left, std::cmp::Reverse(*i)))
            .map(|(i, _)| i)
    }

    fn remove_unit(&mut self, n: usize, a: usize, k: Kind) -> bool {
        if let Some(i) = self
            .units
            .iter()
            .rposition(|u| u.nation as usize == n && u.area as usize == a && u.kind == k)
        {
            self.units.remove(i);
            true
        } else {
            false
        }
    }

    fn add_unit(&mut self, n: usize, a: usize, k: Kind) {
        self.units.push(Unit {
            nation: n as u8,
            kind: k,
            area: a as u8,
            left: 0,
            from: None,
        });
    }

    fn invasion_now(&self, d: &PeloriaData) -> bool {
        d.invasion(self.turn, self.round)
    }

    /// Pieces of regalia `n` holds: pieces lying in areas where it has units (PEL-EMP-19
    /// reading), without the Bow in Khordavu rounds (PEL-KHOR-3); the Cap counts only for
    /// the holder of the Bow (PEL-EMP-15).
    pub(super) fn pieces_held(&self, d: &PeloriaData, n: usize) -> u8 {
        let holds = |p: usize| self.regalia[p].is_some_and(|a| self.holds_alone(n, a));
        let khordavu = d.round(self.round).khordavu;
        (0..d.regalia.len())
            .filter(|&p| holds(p))
            .filter(|&p| !(khordavu && p == d.bow))
            .filter(|&p| !d.regalia[p].needs_bow || holds(d.bow))
            .count() as u8
    }

    fn say(&mut self, ev: &mut Vec<String>, line: String) {
        self.log.push(line.clone());
        if self.log.len() > LOG_KEEP {
            let cut = self.log.len() - LOG_KEEP;
            self.log.drain(..cut);
        }
        ev.push(line);
    }
}

// ==== Setup ====

impl Peloria {
    pub(super) fn new(d: &PeloriaData, players: &[String], seed: u64) -> Result<Self, SetupError> {
        if players.len() != PLAYERS {
            return Err(SetupError(format!(
                "History of Peloria takes exactly 4 players, not {}",
                players.len()
            )));
        }
        let mut g = Peloria {
            players: players.to_vec(),
            rng: GameRng::new(seed),
            round: 1,
            turn: 0,
            turn_owner: d.nations[0].player,
            phase: Phase::Place { left: 0 },
            units: Vec::new(),
            track: vec![0; NATIONS],
            vp: vec![0; NATIONS],
            player_vp: vec![0; PLAYERS],
            captured: Vec::new(),
            regalia: d
                .regalia
                .iter()
                .map(|p| (p.round == 1 && p.with_turn.is_none()).then_some(p.area))
                .collect(),
            regalia_moved: vec![0; d.regalia.len()],
            emperor: None,
            emperor_need: 0,
            khordavu_paid: false,
            entries: Vec::new(),
            battle: None,
            prompts: Prompts::new(),
            bids: SealedChoices::new(PLAYERS),
            heroes: None,
            exited: vec![0; NATIONS],
            bat_kills: Vec::new(),
            log: Vec::new(),
            result: None,
        };
        // PEL-BRIT-20: the round-1 arrivals are the starting forces, on the board before
        // the first nation turn.
        for a in d.arrivals.iter().filter(|a| a.round == 1) {
            for _ in 0..a.count {
                g.add_unit(a.nation, a.area, a.kind);
            }
        }
        let mut ev = Vec::new();
        g.begin_turn(d, &mut ev);
        g.advance(d, &mut ev);
        Ok(g)
    }

    pub(super) fn status_now(&self) -> Status {
        if let Some(r) = &self.result {
            return Status::Finished(r.clone());
        }
        if let Some(a) = self.prompts.acting() {
            return Status::Acting(a);
        }
        match self.phase {
            Phase::Bids => Status::Acting(self.bids.unsealed()),
            _ => Status::Acting(vec![self.turn_seat()]),
        }
    }

    /// Seat owning the nation whose turn it is.
    pub(super) fn turn_seat(&self) -> Seat {
        // Turn order is nation order; the owner is in the data, kept here for status.
        self.turn_owner
    }
}

// ==== Legality: the one function ====

impl Peloria {
    /// Steps worth checking for `seat` now: a superset of the legal ones, small enough to
    /// filter (one unit, one area, one result each).
    pub(super) fn candidate_steps(&self, d: &PeloriaData, seat: Seat) -> Vec<Step> {
        let mut out = Vec::new();
        if self.result.is_some() || seat >= PLAYERS {
            return out;
        }
        if let Some(p) = self.prompts.top() {
            match p {
                Pending::Hit { .. } => {
                    out.extend(
                        [
                            Kind::Infantry,
                            Kind::Cavalry,
                            Kind::Dragon,
                            Kind::Bat,
                            Kind::Forest,
                        ]
                        .map(Step::Hit),
                    );
                }
                Pending::Retreat { nation, .. } => {
                    if let Some(b) = &self.battle {
                        let dests = retreat_dests(d, *nation, b.area);
                        for k in [Kind::Infantry, Kind::Cavalry, Kind::Dragon, Kind::Bat] {
                            if self.count_kind(*nation, b.area, k) > 0 {
                                out.extend(dests.iter().map(|&t| Step::Retreat(b.area, t, k)));
                            }
                        }
                    }
                    out.push(Step::Stay);
                }
                Pending::Heroes { quotas } => {
                    // Every area each owing nation has armies in, Ralios and Karia and other
                    // players' nations included (the legality function says why those are
                    // refused).
                    for q in quotas.iter().filter(|q| q.owed > 0) {
                        for a in self.armies_at(q.nation) {
                            for k in [Kind::Infantry, Kind::Cavalry, Kind::Dragon, Kind::Bat] {
                                if self.count_kind(q.nation, a, k) > 0 {
                                    out.push(Step::Hero(q.nation, a, k));
                                }
                            }
                        }
                    }
                }
            }
            return out;
        }
        if self.phase == Phase::Bids {
            for n in 0..NATIONS {
                if d.nations[n].player == seat && d.heroes[n] {
                    for v in 0..=self.removable(d, n).min(40) {
                        out.push(Step::Bid(n, v as u8));
                    }
                }
            }
            out.push(Step::Seal);
            out.push(Step::Unseal);
            return out;
        }
        let n = self.turn;
        let held = self.held(d, n);
        match self.phase {
            Phase::Place { .. } => {
                for &a in &held {
                    for &k in &d.nations[n].pop_kinds {
                        out.push(Step::Place(a, k));
                    }
                }
            }
            Phase::Move { .. } => {
                let mut froms: Vec<usize> = self
                    .units
                    .iter()
                    .filter(|u| u.nation as usize == n)
                    .map(|u| u.area as usize)
                    .collect();
                froms.sort_unstable();
                froms.dedup();
                for &a in &froms {
                    for k in [Kind::Infantry, Kind::Cavalry, Kind::Dragon, Kind::Bat] {
                        if self.count_kind(n, a, k) == 0 {
                            continue;
                        }
                        out.extend(d.areas[a].adj.iter().map(|&t| Step::Move(a, t, k)));
                        out.extend(d.areas[a].exits.iter().map(|&e| Step::Exit(a, e, k)));
                    }
                }
                if self.emperor == Some(n) {
                    for (p, at) in self.regalia.iter().enumerate() {
                        if let Some(at) = at {
                            out.extend(d.areas[*at].adj.iter().map(|&t| Step::Regalia(p, t)));
                        }
                    }
                }
                out.push(Step::Done);
            }
            Phase::Battle { .. } => {
                out.extend(held.iter().map(|&a| Step::Battle(a)));
            }
            Phase::Overpop | Phase::Stacking { .. } => {
                for &a in &held {
                    for k in [Kind::Infantry, Kind::Cavalry, Kind::Dragon, Kind::Bat] {
                        if self.count_kind(n, a, k) > 0 {
                            out.push(Step::Remove(a, k));
                        }
                    }
                }
            }
            Phase::Bids | Phase::Removals | Phase::Finished => {}
        }
        out
    }

    /// A quick test that `step` is sure to be refused, without wording why: the scans of
    /// the legal steps skip moves and exits of a stack with no move left instead of
    /// building each one's reason. Never decides legality: a step it passes still goes
    /// through [`Peloria::legality`]; a step it rejects is one that legality refuses
    /// (tested over random games).
    pub(super) fn hopeless_step(&self, d: &PeloriaData, _seat: Seat, step: &Step) -> bool {
        match (&self.phase, step) {
            (Phase::Move { .. }, Step::Move(f, _, k) | Step::Exit(f, _, k)) => {
                *f < d.areas.len()
                    && self.battle.is_none()
                    && self.mover(self.turn, *f, *k).is_none()
            }
            _ => false,
        }
    }

    /// Does `seat` have a legal step matching `pred`? Stops at the first one (the same
    /// candidates and legality as the engine's legal list, without building the list).
    fn has_step(&self, d: &PeloriaData, seat: Seat, pred: impl Fn(&Step) -> bool) -> bool {
        self.candidate_steps(d, seat).iter().any(|s| {
            pred(s) && !self.hopeless_step(d, seat, s) && self.legality(d, seat, s).is_ok()
        })
    }

    /// The one legality function: is `step` legal for `seat` now, and if not, why.
    pub(super) fn legality(
        &self,
        d: &PeloriaData,
        seat: Seat,
        step: &Step,
    ) -> Result<(), RuleError> {
        if self.result.is_some() {
            return Err(rule("scoring", "the game is over"));
        }
        if seat >= PLAYERS {
            return Err(rule("turn", "that seat does not play"));
        }
        let who = &self.players[seat];
        if let Some(p) = self.prompts.top() {
            let asked = p.seats();
            if !asked.contains(&seat) {
                let names: Vec<&str> = asked.iter().map(|&s| self.players[s].as_str()).collect();
                return Err(match p {
                    Pending::Heroes { .. } => rule(
                        "heroes",
                        format!(
                            "{who} has no Call to Heroes units left to remove; waiting for {}",
                            names.join(", ")
                        ),
                    ),
                    _ => rule(
                        "battle",
                        format!("{} must decide first (a battle decision)", names.join(", ")),
                    ),
                });
            }
            return match (p, step) {
                (Pending::Hit { nation, result, .. }, Step::Hit(k)) => {
                    let b = self
                        .battle
                        .as_ref()
                        .ok_or_else(|| rule("battle", "no battle"))?;
                    if self.hit_options(d, b, *nation, *result).contains(k) {
                        Ok(())
                    } else {
                        Err(rule(
                            "battle",
                            format!(
                                "a result of {result} cannot kill a {} of the {} here",
                                k.name(),
                                d.nations[*nation].name
                            ),
                        ))
                    }
                }
                (Pending::Retreat { nation, .. }, Step::Retreat(f, t, k)) => {
                    self.retreat_ok(d, *nation, *f, *t, *k)
                }
                (Pending::Retreat { nation, .. }, Step::Stay) => {
                    let b = self
                        .battle
                        .as_ref()
                        .ok_or_else(|| rule("battle", "no battle"))?;
                    if d.nations[*nation].flags.immortal && self.has_retreat(d, *nation, b.area) {
                        Err(rule(
                            "retreat",
                            "the Telmori must retreat after a round of battle while they can",
                        ))
                    } else {
                        Ok(())
                    }
                }
                (Pending::Hit { .. }, _) => Err(rule(
                    "battle",
                    "choose which unit the hit kills: `hit <kind>`",
                )),
                (Pending::Retreat { .. }, _) => Err(rule(
                    "retreat",
                    "retreat a unit (`retreat <from> <to> <kind>`) or `stay`",
                )),
                (Pending::Heroes { quotas }, Step::Hero(n, a, k)) => {
                    self.hero_remove_ok(d, seat, quotas, *n, *a, *k)
                }
                (Pending::Heroes { .. }, _) => Err(rule(
                    "heroes",
                    "remove the units your bid sent to the Call to Heroes, one per step: \
                     `remove <nation> <area> [kind]`",
                )),
            };
        }
        if self.phase == Phase::Bids {
            return self.bid_ok(d, seat, step);
        }
        let n = self.turn;
        if self.owner(d, n) != seat {
            return Err(rule(
                "turn",
                format!(
                    "it is the {} turn, played by {}",
                    d.nations[n].name,
                    self.players[self.owner(d, n)]
                ),
            ));
        }
        match (&self.phase, step) {
            (Phase::Place { left }, Step::Place(a, k)) => self.place_ok(d, n, *left, *a, *k),
            (Phase::Move { .. }, Step::Move(f, t, k)) => self.move_ok(d, n, *f, *t, *k),
            (Phase::Move { .. }, Step::Exit(f, e, k)) => self.exit_ok(d, n, *f, *e, *k),
            (Phase::Move { .. }, Step::Regalia(p, t)) => self.regalia_ok(d, n, *p, *t),
            (Phase::Move { .. }, Step::Done) => Ok(()),
            (Phase::Battle { .. }, Step::Battle(a)) => {
                if self.battle.is_none()
                    && self.count(n, *a) > 0
                    && self.others(n, *a) > 0
                    && d.terrain(*a).is_land()
                {
                    Ok(())
                } else {
                    Err(rule(
                        "battle",
                        format!(
                            "there is no battle of the {} to fight in {}",
                            d.nations[n].name, d.areas[*a].name
                        ),
                    ))
                }
            }
            (Phase::Overpop, Step::Remove(a, k)) => self.remove_ok(d, n, *a, *k),
            (Phase::Stacking { .. }, Step::Remove(a, k)) => self.stack_remove_ok(d, n, *a, *k),
            (ph, _) => Err(rule(
                "turn",
                format!(
                    "{who} cannot do that now; the {} are in their {} phase",
                    d.nations[n].name,
                    phase_name(ph)
                ),
            )),
        }
    }
}

pub(super) fn phase_name(p: &Phase) -> &'static str {
    match p {
        Phase::Place { .. } => "population increase",
        Phase::Move { .. } => "movement",
        Phase::Battle { .. } => "battle",
        Phase::Overpop => "overpopulation",
        Phase::Stacking { .. } => "end-of-movement stacking",
        Phase::Bids => "Call to Heroes",
        Phase::Removals => "Call to Heroes removals",
        Phase::Finished => "final",
    }
}

// ==== Applying a step ====

impl Peloria {
    /// Carry out a step found legal by [`Peloria::legality`].
    pub(super) fn perform_step(&mut self, d: &PeloriaData, seat: Seat, step: &Step) -> Applied {
        let before = self.rng.clone();
        let mut ev: Vec<String> = Vec::new();
        let mut private: Vec<String> = Vec::new();
        let mut secret = false;
        let mut turn_ended = matches!(step, Step::Done | Step::Seal);
        let n = self.turn;
        match step {
            Step::Place(a, k) => {
                self.add_unit(n, *a, *k);
                if let Phase::Place { left } = &mut self.phase {
                    *left -= 1;
                }
                self.say(
                    &mut ev,
                    format!(
                        "{} place a new {} in {}.",
                        d.nations[n].name,
                        k.name(),
                        d.areas[*a].name
                    ),
                );
            }
            Step::Move(f, t, k) => self.do_move(d, n, *f, *t, *k, &mut ev),
            Step::Exit(f, e, k) => {
                // The unit `exit_ok` found able to move leaves, not just any unit of the
                // kind there (PEL-MOVE-2, PEL-MOVE-3, PEL-OVR-1).
                if let Some(i) = self.mover(n, *f, *k) {
                    self.units.remove(i);
                }
                let vp = d.nations[n]
                    .exits
                    .iter()
                    .find(|x| x.0 == *e)
                    .map_or(0, |x| x.1);
                self.vp[n] += vp;
                self.exited[n] += 1;
                self.say(
                    &mut ev,
                    format!(
                        "{} {} leaves by {} from {} (+{vp} VP).",
                        d.nations[n].name,
                        k.name(),
                        d.edges[*e].name,
                        d.areas[*f].name
                    ),
                );
            }
            Step::Regalia(p, t) => {
                self.regalia[*p] = Some(*t);
                self.regalia_moved[*p] += 1;
                self.say(
                    &mut ev,
                    format!(
                        "The Emperor moves the {} to {}.",
                        d.regalia[*p].name, d.areas[*t].name
                    ),
                );
            }
            Step::Done => self.end_movement(d, &mut ev),
            Step::Battle(a) => self.start_battle(d, *a, &mut ev),
            Step::Hit(k) => {
                if let Some(Pending::Hit { nation, .. }) = self.prompts.pop() {
                    let bat = self.pop_hit();
                    self.kill(d, nation, *k, bat, &mut ev);
                }
            }
            Step::Retreat(f, t, k) => {
                let nation = match self.prompts.top() {
                    Some(Pending::Retreat { nation, .. }) => *nation,
                    _ => n,
                };
                let back = self.retreating_unit(nation, *f, *t, *k);
                if let Some(i) = back.or_else(|| {
                    self.units.iter().position(|u| {
                        u.nation as usize == nation && u.area as usize == *f && u.kind == *k
                    })
                }) {
                    self.units[i].area = *t as u8;
                    self.units[i].left = 0;
                    self.units[i].from = None;
                }
                self.say(
                    &mut ev,
                    format!(
                        "{} retreat one {} from {} to {}.",
                        d.nations[nation].name,
                        k.name(),
                        d.areas[*f].name,
                        d.areas[*t].name
                    ),
                );
                // PEL-BRIT-19: a retreat into an empty listed area captures it at once,
                // in whoever's turn.
                self.check_captures(d, nation, &mut ev);
                if self.count(nation, *f) == 0 || !self.has_retreat(d, nation, *f) {
                    self.prompts.pop();
                    self.next_stage();
                }
            }
            Step::Stay => {
                self.prompts.pop();
                self.next_stage();
            }
            Step::Remove(a, k) => {
                self.remove_unit(n, *a, *k);
                let why = if self.phase == Phase::Overpop {
                    "Overpopulation"
                } else {
                    "Stacking"
                };
                self.say(
                    &mut ev,
                    format!(
                        "{why}: the {} lose one {} in {}.",
                        d.nations[n].name,
                        k.name(),
                        d.areas[*a].name
                    ),
                );
            }
            Step::Bid(nat, v) => {
                secret = true;
                if let Some(dr) = self.bids.draft_mut(seat) {
                    if dr.len() < NATIONS {
                        dr.resize(NATIONS, 0);
                    }
                    dr[*nat] = *v;
                }
                private.push(format!(
                    "Your Call to Heroes draft: {}.",
                    self.bid_text(d, seat)
                ));
            }
            Step::Seal => {
                secret = true;
                let text = self.bid_text(d, seat);
                let c = self.bids.seal(seat, &mut self.rng, &text);
                self.say(
                    &mut ev,
                    format!(
                        "{} sealed a Call to Heroes bid, commitment {c}.",
                        self.players[seat]
                    ),
                );
                if let Some(s) = self.bids.seal_of(seat) {
                    private.push(format!("Sealed `{text}` with salt {}.", s.salt));
                }
                if self.bids.all_sealed() {
                    self.reveal_bids(d, &mut ev);
                }
            }
            Step::Hero(nat, a, k) => {
                turn_ended = self.hero_remove(d, seat, *nat, *a, *k, &mut ev);
            }
            Step::Unseal => {
                secret = true;
                self.bids.unseal(seat);
                self.say(
                    &mut ev,
                    format!("{} takes back their sealed bid.", self.players[seat]),
                );
            }
        }
        self.advance(d, &mut ev);
        let mut events: Vec<Event> = private
            .into_iter()
            .map(|t| Event::private(seat, t))
            .collect();
        events.extend(ev.into_iter().map(Event::public));
        Applied {
            events,
            irreversible: self.rng != before,
            turn_ended,
            secret,
        }
    }
}

// ==== The nation turn ====

impl Peloria {
    /// Run automatic parts until a seat must decide.
    pub(super) fn advance(&mut self, d: &PeloriaData, ev: &mut Vec<String>) {
        for _ in 0..10_000 {
            if self.result.is_some() || !self.prompts.is_empty() {
                return;
            }
            if self.battle.is_some() {
                self.continue_battle(d, ev);
                continue;
            }
            let n = self.turn;
            match self.phase.clone() {
                Phase::Place { left } => {
                    if left == 0 {
                        self.start_movement(d, 1);
                    } else if !self.has_step(d, self.owner(d, n), |s| matches!(s, Step::Place(..)))
                    {
                        // PEL-POP-7: no legal place: the unit is lost, the track goes to 5.
                        self.track[n] = 5;
                        self.say(ev, format!("{} cannot place {left} new unit(s): lost; population track set to 5.", d.nations[n].name));
                        self.start_movement(d, 1);
                    } else {
                        return;
                    }
                }
                Phase::Move { .. } => {
                    let seat = self.owner(d, n);
                    let only_done = !self.has_step(d, seat, |s| *s != Step::Done)
                        && self.has_step(d, seat, |s| *s == Step::Done);
                    if only_done {
                        self.end_movement(d, ev);
                    } else {
                        return;
                    }
                }
                Phase::Battle { cycle } => {
                    let any = self.held(d, n).into_iter().any(|a| self.others(n, a) > 0);
                    if any {
                        return;
                    }
                    self.check_captures(d, n, ev);
                    if cycle == 1 && self.invasion_now(d) {
                        // PEL-INV-1: the second movement and battle phases.
                        self.start_movement(d, 2);
                    } else {
                        self.phase = Phase::Overpop;
                    }
                }
                Phase::Stacking { cycle } => {
                    if self.over_stacked(d, n) {
                        return;
                    }
                    self.phase = Phase::Battle { cycle };
                    self.check_captures(d, n, ev);
                }
                Phase::Overpop => {
                    if self.overpop_excess(d, n) > 0 {
                        return;
                    }
                    self.end_turn(d, ev);
                }
                Phase::Bids | Phase::Removals | Phase::Finished => return,
            }
        }
    }

    // ---- Start of a nation turn: arrivals, regalia, population increase ----

    pub(super) fn begin_turn(&mut self, d: &PeloriaData, ev: &mut Vec<String>) {
        let n = self.turn;
        self.turn_owner = d.nations[n].player;
        if n == 0 {
            self.say(ev, format!("— Round {} —", self.round));
            for (p, piece) in d.regalia.iter().enumerate() {
                if piece.round == self.round
                    && piece.with_turn.is_none()
                    && self.regalia[p].is_none()
                {
                    self.regalia[p] = Some(piece.area);
                    self.say(
                        ev,
                        format!(
                            "The {} appears in {}.",
                            piece.name, d.areas[piece.area].name
                        ),
                    );
                }
            }
        }
        for (p, piece) in d.regalia.iter().enumerate() {
            if piece.round == self.round && piece.with_turn == Some(n) && self.regalia[p].is_none()
            {
                self.regalia[p] = Some(piece.area);
                self.say(
                    ev,
                    format!(
                        "The {} appears in {}.",
                        piece.name, d.areas[piece.area].name
                    ),
                );
            }
        }
        if !self.in_play(d, n) {
            return self.end_turn(d, ev);
        }
        // PEL-POP-8, PEL-POP-9: listed arrivals, not bound by placement rules.
        let round = self.round;
        for a in d
            .arrivals
            .iter()
            .filter(|a| a.nation == n && a.round == round && round > 1)
        {
            let k = (a.count as usize).min(self.stock(d, n, a.kind));
            for _ in 0..k {
                self.add_unit(n, a.area, a.kind);
            }
            self.say(
                ev,
                format!(
                    "{} arrive: {} {} in {}.",
                    d.nations[n].name,
                    k,
                    a.kind.name(),
                    d.areas[a.area].name
                ),
            );
        }
        if self.on_board(n) == 0 {
            return self.end_turn(d, ev);
        }
        // PEL-BRIT-19: arrivals alone in a listed area capture it at once.
        self.check_captures(d, n, ev);
        let left = self.population(d, n, ev);
        self.phase = Phase::Place { left };
    }

    /// PEL-POP-1..4: the count, the new units and the track. Returns units to place.
    pub(super) fn population(&mut self, d: &PeloriaData, n: usize, ev: &mut Vec<String>) -> u8 {
        let points = self.pop_points(d, n);
        let count = points + self.track[n] as u32;
        let mut new = count / 6;
        self.track[n] = (count % 6) as u8;
        let avail: usize = d.nations[n]
            .pop_kinds
            .iter()
            .map(|&k| self.stock(d, n, k))
            .sum();
        // PEL-POP-3: no units left in stock sets the track to 5.
        if new as usize > avail || avail == 0 {
            self.track[n] = 5;
            new = new.min(avail as u32);
        }
        self.say(
            ev,
            format!(
                "{} population: {points} points + track = {count}: {new} new unit(s), track {}.",
                d.nations[n].name, self.track[n]
            ),
        );
        new as u8
    }

    /// Population points of the areas `n` holds (PEL-POP-1, PEL-POP-11 reading).
    pub(super) fn pop_points(&self, d: &PeloriaData, n: usize) -> u32 {
        let f = d.nations[n].flags;
        self.held(d, n)
            .into_iter()
            .map(|a| {
                if Some(a) == d.cursed && !f.immortal {
                    return 0;
                }
                match d.terrain(a) {
                    Terrain::Open | Terrain::River | Terrain::Tripolis => 2,
                    Terrain::Plateau => {
                        if f.plateau {
                            2
                        } else {
                            0
                        }
                    }
                    Terrain::Rough | Terrain::Mountain | Terrain::Forest => 1,
                    Terrain::Sea => 0,
                }
            })
            .sum()
    }

    fn place_ok(
        &self,
        d: &PeloriaData,
        n: usize,
        left: u8,
        a: usize,
        k: Kind,
    ) -> Result<(), RuleError> {
        let nat = &d.nations[n];
        let name = &d.areas[a].name;
        if left == 0 {
            return Err(rule("population", "no new units are left to place"));
        }
        if !nat.pop_kinds.contains(&k) {
            return Err(rule(
                "population",
                format!("population increase gives the {} no {}", nat.name, k.name()),
            ));
        }
        if self.stock(d, n, k) == 0 {
            return Err(rule(
                "population",
                format!("the {} have no {} left in stock", nat.name, k.name()),
            ));
        }
        if self.count(n, a) == 0 || self.others(n, a) > 0 || !d.terrain(a).is_land() {
            return Err(rule(
                "population",
                format!(
                    "new units go only to areas the {} hold alone; {name} is not one",
                    nat.name
                ),
            ));
        }
        if nat.flags.plateau && d.terrain(a) != Terrain::Plateau {
            return Err(rule(
                "population",
                "new Praxian units appear on the Hungry Plateau only",
            ));
        }
        if k == Kind::Forest {
            if matches!(
                d.terrain(a),
                Terrain::Mountain | Terrain::Forest | Terrain::Plateau | Terrain::Sea
            ) {
                return Err(rule(
                    "stacking",
                    format!(
                        "no forest counter may stand in {name} ({})",
                        d.terrain(a).name()
                    ),
                ));
            }
            if self
                .units
                .iter()
                .any(|u| u.area as usize == a && u.kind == Kind::Forest)
            {
                return Err(rule(
                    "stacking",
                    format!("{name} already has a forest counter"),
                ));
            }
            return Ok(());
        }
        if !self.fits(d, n, a, None) {
            return Err(rule(
                "stacking",
                format!("one more unit in {name} would break the stacking limits"),
            ));
        }
        Ok(())
    }

    // ---- Movement ----

    pub(super) fn start_movement(&mut self, d: &PeloriaData, cycle: u8) {
        let n = self.turn;
        for u in self.units.iter_mut() {
            u.from = None;
            if u.nation as usize == n {
                u.left = u.kind.moves();
            }
        }
        self.entries.clear();
        self.regalia_moved = vec![0; d.regalia.len()];
        self.phase = Phase::Move { cycle };
    }

    fn move_ok(
        &self,
        d: &PeloriaData,
        n: usize,
        f: usize,
        t: usize,
        k: Kind,
    ) -> Result<(), RuleError> {
        let (fname, tname) = (&d.areas[f].name, &d.areas[t].name);
        let Some(i) = self.mover(n, f, k) else {
            return Err(rule(
                "movement",
                format!(
                    "the {} have no {} in {fname} that can still move",
                    d.nations[n].name,
                    k.name()
                ),
            ));
        };
        if !d.areas[f].adj.contains(&t) {
            return Err(rule("movement", format!("{tname} is not next to {fname}")));
        }
        self.may_enter(d, n, t)?;
        if d.terrain(t) == Terrain::Sea && self.units[i].left < 2 {
            return Err(rule(
                "terrain",
                "Pelandans may not stop in a sea: entering it needs a move left to leave",
            ));
        }
        // PEL-KART-2, PEL-KART-3.
        let (_, karia, dorastor) = d.pass;
        if f == karia
            && t == dorastor
            && self.others(n, t) > 0
            && self.count(n, t) == 0
            && !self
                .entries
                .iter()
                .any(|e| e.0 == dorastor && e.1 != karia && e.2 == n)
        {
            return Err(rule("kartolin", "the Kartolin Pass is closed: enemy units hold Dorastor alone; enter Dorastor from another direction first"));
        }
        if self.others(n, t) > 0 && d.terrain(t).is_land() && self.armies(n, t) + 1 > MAX_ATTACKERS
        {
            return Err(rule(
                "battle",
                format!("at most {MAX_ATTACKERS} units may attack in {tname}"),
            ));
        }
        Ok(())
    }

    fn do_move(
        &mut self,
        d: &PeloriaData,
        n: usize,
        f: usize,
        t: usize,
        k: Kind,
        ev: &mut Vec<String>,
    ) {
        let Some(i) = self.mover(n, f, k) else { return };
        let defenders = self.others(n, t);
        let stayers = self
            .units
            .iter()
            .filter(|u| u.nation as usize == n && u.area as usize == t && u.left == 0)
            .count();
        let forest = self.forest_in(d, t);
        let u = &mut self.units[i];
        u.area = t as u8;
        u.from = Some(f as u8);
        u.left -= 1;
        let mut note = String::new();
        // PEL-MOVE-4 / PEL-INV-2: rough (and mountain, forest) stops, except in invasions.
        if d.terrain(t).is_rough() && !d.invasion(n, self.round) {
            u.left = 0;
            note = " and stops".into();
        }
        if defenders > 0 && d.terrain(t).is_land() {
            // Only entries into enemy-held land are read: one into Dorastor from elsewhere
            // opens the Kartolin Pass (PEL-KART-3). No enemy moves in this phase, so an entry
            // into an area no enemy holds would never be read.
            self.entries.push((t, f, n));
            let f_ = d.nations[n].flags;
            if f_.nostop || k == Kind::Dragon {
                // Rough terrain may have stopped it already.
                if self.units[i].left > 0 {
                    note = " (need not stop)".into();
                }
            } else {
                // PEL-OVR-3..5.
                let need = if k == Kind::Cavalry {
                    defenders.saturating_sub(1).max(1)
                } else {
                    defenders
                };
                let u = &mut self.units[i];
                if forest || stayers < need {
                    u.left = 0;
                    note = " and stops".into();
                } else if u.left > 0 {
                    note = " and may overrun".into();
                }
            }
        }
        self.say(
            ev,
            format!(
                "{} move one {} from {} to {}{note}.",
                d.nations[n].name,
                k.name(),
                d.areas[f].name,
                d.areas[t].name
            ),
        );
    }

    fn exit_ok(
        &self,
        d: &PeloriaData,
        n: usize,
        f: usize,
        e: usize,
        k: Kind,
    ) -> Result<(), RuleError> {
        if self.mover(n, f, k).is_none() {
            return Err(rule(
                "movement",
                format!(
                    "the {} have no {} in {} that can still move",
                    d.nations[n].name,
                    k.name(),
                    d.areas[f].name
                ),
            ));
        }
        if !d.areas[f].exits.contains(&e) {
            return Err(rule(
                "exits",
                format!(
                    "{} is not next to the {} edge",
                    d.areas[f].name, d.edges[e].name
                ),
            ));
        }
        if !d.nations[n].exits.iter().any(|x| x.0 == e) {
            return Err(rule(
                "exits",
                format!(
                    "the {} do not leave by {}",
                    d.nations[n].name, d.edges[e].name
                ),
            ));
        }
        Ok(())
    }

    fn regalia_ok(&self, d: &PeloriaData, n: usize, p: usize, t: usize) -> Result<(), RuleError> {
        let piece = &d.regalia[p];
        if self.emperor != Some(n) {
            return Err(rule(
                "emperors",
                "only the Emperor's nation moves the regalia",
            ));
        }
        let Some(at) = self.regalia[p] else {
            return Err(rule(
                "emperors",
                format!("the {} is not on the board yet", piece.name),
            ));
        };
        if piece.fixed {
            return Err(rule("emperors", format!("the {} never moves", piece.name)));
        }
        if at == d.vonlath {
            return Err(rule(
                "emperors",
                format!(
                    "the {} is joined to the Imperial Regalia in Vonlath and cannot be split off",
                    piece.name
                ),
            ));
        }
        if !self.holds_alone(n, at) {
            return Err(rule(
                "emperors",
                format!(
                    "the Emperor's nation does not hold {}, where the {} lies: it holds only \
                     areas where it stands alone",
                    d.areas[at].name, piece.name
                ),
            ));
        }
        if !d.areas[at].adj.contains(&t) {
            return Err(rule("emperors", "regalia move one area at a time"));
        }
        let khordavu_to_vonlath = d.round(self.round).khordavu && t == d.vonlath;
        if !khordavu_to_vonlath && !self.holds_alone(n, t) {
            return Err(rule("emperors", format!("the regalia move only within areas the Emperor's nation holds; it does not hold {}", d.areas[t].name)));
        }
        if self.regalia_moved[p] >= REGALIA_MOVES {
            return Err(rule(
                "emperors",
                format!("a piece moves at most {REGALIA_MOVES} areas in a movement phase"),
            ));
        }
        Ok(())
    }

    /// `done`: stacking at the end of movement, Pelandans at sea.
    fn end_movement(&mut self, d: &PeloriaData, ev: &mut Vec<String>) {
        let n = self.turn;
        let cycle = match self.phase {
            Phase::Move { cycle } => cycle,
            _ => 1,
        };
        for u in self.units.iter_mut().filter(|u| u.nation as usize == n) {
            u.left = 0;
        }
        let drowned = self
            .units
            .iter()
            .filter(|u| u.nation as usize == n && !d.terrain(u.area as usize).is_land())
            .count();
        if drowned > 0 {
            self.units
                .retain(|u| u.nation as usize != n || d.terrain(u.area as usize).is_land());
            self.say(
                ev,
                format!(
                    "{drowned} {} unit(s) left at sea are lost (PEL-MOVE-5).",
                    d.nations[n].name
                ),
            );
        }
        // PEL-MOVE-8, PEL-MOVE-9: the owner removes units over the limits (none in
        // invasion turns); `advance` moves on to the battles once within them.
        if !self.invasion_now(d) && self.over_stacked(d, n) {
            self.say(
                ev,
                format!(
                    "The {} are over the stacking limits: their player removes units (`remove <area> <kind>`).",
                    d.nations[n].name
                ),
            );
            self.phase = Phase::Stacking { cycle };
        } else {
            self.phase = Phase::Battle { cycle };
            self.check_captures(d, n, ev);
        }
    }

    /// Is `n` over the stacking limits: more than one area over its limit, or the one
    /// overstack beyond its cap (PEL-STACK-8, PEL-STACK-9)?
    pub(super) fn over_stacked(&self, d: &PeloriaData, n: usize) -> bool {
        let over: Vec<usize> = self
            .held(d, n)
            .into_iter()
            .filter(|&a| self.armies(n, a) > self.limit(d, a))
            .collect();
        over.len() > 1
            || over
                .iter()
                .any(|&a| self.armies(n, a) > self.overstack_cap(d, a))
    }

    fn stack_remove_ok(
        &self,
        d: &PeloriaData,
        n: usize,
        a: usize,
        k: Kind,
    ) -> Result<(), RuleError> {
        if k == Kind::Forest || self.count_kind(n, a, k) == 0 {
            return Err(rule(
                "stacking",
                format!(
                    "the {} have no {} in {}",
                    d.nations[n].name,
                    k.name(),
                    d.areas[a].name
                ),
            ));
        }
        if self.armies(n, a) <= self.limit(d, a) {
            return Err(rule(
                "stacking",
                format!(
                    "{} is within its stacking limit; remove units from an area over it",
                    d.areas[a].name
                ),
            ));
        }
        Ok(())
    }

    // ---- Battles ----

    fn start_battle(&mut self, d: &PeloriaData, a: usize, ev: &mut Vec<String>) {
        let n = self.turn;
        let defender = self
            .nations_in(a)
            .into_iter()
            .find(|&x| x != n)
            .unwrap_or(n);
        self.say(
            ev,
            format!(
                "Battle in {}: {} attack the {}.",
                d.areas[a].name, d.nations[n].name, d.nations[defender].name
            ),
        );
        self.battle = Some(Battle {
            area: a,
            attacker: n,
            defender,
            round: 0,
            stage: Stage::Roll,
            hits: Vec::new(),
            bat_hits: Vec::new(),
        });
    }

    /// Die modifier for a unit of `n` of kind `k` (PEL-BAT-7, PEL-BAT-8, Pelorian −1).
    pub(super) fn modifier(&self, d: &PeloriaData, b: &Battle, n: usize, k: Kind) -> i32 {
        let mut m = 0;
        if d.nations[n].flags.minus1 {
            m -= 1;
        }
        if n == b.attacker && b.round == 1 {
            if d.terrain(b.area).is_rough() {
                m -= 1;
            }
            if k == Kind::Cavalry {
                m += 2;
            }
        }
        m
    }

    /// Kinds of `target` in the battle that a result of `r` can kill (PEL-BAT-6, PEL-BAT-9;
    /// the Telmori cannot be killed).
    pub(super) fn hit_options(
        &self,
        d: &PeloriaData,
        b: &Battle,
        target: usize,
        r: u8,
    ) -> Vec<Kind> {
        if d.nations[target].flags.immortal {
            return Vec::new();
        }
        Kind::ALL
            .into_iter()
            .filter(|&k| self.count_kind(target, b.area, k) > 0)
            .filter(|&k| {
                let need = if k == Kind::Cavalry
                    && target == b.defender
                    && b.round == 1
                    && d.terrain(b.area).is_open()
                {
                    6
                } else {
                    5
                };
                r >= need
            })
            .collect()
    }

    fn roll_side(&mut self, d: &PeloriaData, b: &Battle, n: usize) -> (Vec<(u8, bool)>, String) {
        let mut results = Vec::new();
        let mut shown = Vec::new();
        let mut kinds: Vec<Kind> = self
            .units
            .iter()
            .filter(|u| u.nation as usize == n && u.area as usize == b.area)
            .map(|u| u.kind)
            .collect();
        kinds.sort();
        if n == b.attacker {
            // PEL-BAT-10: at most five units attack. Moves are capped when units enter, so
            // only an arrival can bring more; its strongest five roll (most dice first).
            kinds.sort_by_key(|k| std::cmp::Reverse((k.dice(), *k)));
            kinds.truncate(MAX_ATTACKERS);
            kinds.sort();
        }
        for k in kinds {
            let dice = k.dice() * if d.nations[n].flags.dice2 { 2 } else { 1 };
            let m = self.modifier(d, b, n, k);
            for _ in 0..dice {
                let raw = self.rng.die(6) as i32;
                let r = (raw + m).max(0) as u8;
                results.push((r, k == Kind::Bat));
                shown.push(if m == 0 {
                    format!("{raw}")
                } else {
                    format!("{raw}{m:+}={r}")
                });
            }
        }
        (results, shown.join(" "))
    }

    fn continue_battle(&mut self, d: &PeloriaData, ev: &mut Vec<String>) {
        let Some(b) = self.battle.clone() else { return };
        // PEL-BAT-3, PEL-BAT-4: both sides rolled at once, so every result of the round is
        // dealt before the battle may end, even after one side's last unit has died.
        let results_left = b.stage == Stage::Hits && !b.hits.is_empty();
        let side_gone = self.count(b.attacker, b.area) == 0 || self.count(b.defender, b.area) == 0;
        if side_gone && !results_left {
            return self.end_battle(d, ev);
        }
        match b.stage {
            Stage::Roll => {
                let mut b = b;
                b.round += 1;
                let (ra, ta) = self.roll_side(d, &b, b.attacker);
                let (rd, td) = self.roll_side(d, &b, b.defender);
                self.say(
                    ev,
                    format!(
                        "{} round {}: {} roll {ta}; {} roll {td}.",
                        d.areas[b.area].name,
                        b.round,
                        d.nations[b.attacker].name,
                        d.nations[b.defender].name
                    ),
                );
                let mut ha: Vec<(u8, bool)> = ra.into_iter().filter(|r| r.0 >= 5).collect();
                let mut hd: Vec<(u8, bool)> = rd.into_iter().filter(|r| r.0 >= 5).collect();
                ha.sort_unstable_by(|x, y| y.cmp(x));
                hd.sort_unstable_by(|x, y| y.cmp(x));
                let all: Vec<(usize, u8, bool)> = ha
                    .into_iter()
                    .map(|(r, bat)| (b.defender, r, bat))
                    .chain(hd.into_iter().map(|(r, bat)| (b.attacker, r, bat)))
                    .collect();
                b.hits = all.iter().map(|h| (h.0, h.1)).collect();
                b.bat_hits = all.iter().map(|h| h.2).collect();
                b.stage = Stage::Hits;
                self.battle = Some(b);
            }
            Stage::Hits => {
                if let Some(&(target, r)) = b.hits.first() {
                    let opts = self.hit_options(d, &b, target, r);
                    match opts.len() {
                        0 => {
                            self.pop_hit();
                        }
                        1 => {
                            let bat = self.pop_hit();
                            self.kill(d, target, opts[0], bat, ev);
                        }
                        _ => {
                            let seat = self.owner(d, target);
                            self.prompts.push(Pending::Hit {
                                seat,
                                nation: target,
                                result: r,
                            });
                        }
                    }
                } else if let Some(bb) = &mut self.battle {
                    bb.stage = Stage::DefenderRetreat;
                }
            }
            Stage::DefenderRetreat | Stage::AttackerRetreat => {
                let nation = if b.stage == Stage::DefenderRetreat {
                    b.defender
                } else {
                    b.attacker
                };
                if self.has_retreat(d, nation, b.area) {
                    let seat = self.owner(d, nation);
                    self.prompts.push(Pending::Retreat { seat, nation });
                } else {
                    self.next_stage();
                }
            }
        }
    }

    /// The stage after a retreat decision: defender, then attacker, then the next round.
    fn next_stage(&mut self) {
        if let Some(b) = &mut self.battle {
            b.stage = match b.stage {
                Stage::DefenderRetreat => Stage::AttackerRetreat,
                _ => Stage::Roll,
            };
        }
    }

    /// Drop the result just allocated; true if it came from the Bat's dice.
    fn pop_hit(&mut self) -> bool {
        let Some(b) = &mut self.battle else {
            return false;
        };
        if !b.hits.is_empty() {
            b.hits.remove(0);
        }
        if b.bat_hits.is_empty() {
            false
        } else {
            b.bat_hits.remove(0)
        }
    }

    fn kill(&mut self, d: &PeloriaData, target: usize, k: Kind, bat: bool, ev: &mut Vec<String>) {
        let Some(b) = self.battle.clone() else { return };
        if !self.remove_unit(target, b.area, k) {
            return;
        }
        // The Pelorian sheet: units the Bat kills in its arrival round become Telmori.
        let bat_round = d
            .arrivals
            .iter()
            .find(|a| a.kind == Kind::Bat)
            .map(|a| a.round);
        if bat && Some(self.round) == bat_round {
            self.bat_kills.push(b.area);
        }
        let killer = if target == b.attacker {
            b.defender
        } else {
            b.attacker
        };
        let vp: i64 = d.nations[killer]
            .kills
            .iter()
            .filter(|(v, _)| v.is_none() || *v == Some(target))
            .map(|x| x.1)
            .sum();
        self.vp[killer] += vp;
        let extra = if vp > 0 {
            format!(" (+{vp} VP to the {})", d.nations[killer].name)
        } else {
            String::new()
        };
        self.say(
            ev,
            format!(
                "A {} {} dies in {}{extra}.",
                d.nations[target].name,
                k.name(),
                d.areas[b.area].name
            ),
        );
    }

    fn end_battle(&mut self, d: &PeloriaData, ev: &mut Vec<String>) {
        let Some(b) = self.battle.take() else { return };
        let a = b.area;
        let winner = match (self.count(b.attacker, a) > 0, self.count(b.defender, a) > 0) {
            (true, false) => format!(
                "the {} hold {}",
                d.nations[b.attacker].name, d.areas[a].name
            ),
            (false, true) => format!(
                "the {} hold {}",
                d.nations[b.defender].name, d.areas[a].name
            ),
            _ => format!("{} is empty", d.areas[a].name),
        };
        self.say(ev, format!("Battle in {} over: {winner}.", d.areas[a].name));
        self.check_emperor(d, ev);
        // PEL-BRIT-19: whichever side is left alone captures at once.
        self.check_captures(d, b.attacker, ev);
        self.check_captures(d, b.defender, ev);
    }

    /// Has `n` a legal retreat from `a` now?
    pub(super) fn has_retreat(&self, d: &PeloriaData, n: usize, a: usize) -> bool {
        let dests = retreat_dests(d, n, a);
        [Kind::Infantry, Kind::Cavalry, Kind::Dragon, Kind::Bat]
            .into_iter()
            .filter(|&k| self.count_kind(n, a, k) > 0)
            .any(|k| {
                dests
                    .iter()
                    .any(|&t| self.retreat_ok(d, n, a, t, k).is_ok())
            })
    }

    /// The unit of `n` and kind `k` in `f` that a retreat to `t` moves: one that came from
    /// `t`; the attacker's units have no other way back (PEL-RET-3).
    fn retreating_unit(&self, n: usize, f: usize, t: usize, k: Kind) -> Option<usize> {
        self.units.iter().position(|u| {
            u.nation as usize == n
                && u.area as usize == f
                && u.kind == k
                && u.from.map(usize::from) == Some(t)
        })
    }

    /// PEL-RET-2..6.
    fn retreat_ok(
        &self,
        d: &PeloriaData,
        n: usize,
        f: usize,
        t: usize,
        k: Kind,
    ) -> Result<(), RuleError> {
        let Some(b) = &self.battle else {
            return Err(rule("retreat", "there is no battle"));
        };
        if f != b.area || b.round == 0 {
            return Err(rule(
                "retreat",
                format!(
                    "units retreat only from the battle in {}",
                    d.areas[b.area].name
                ),
            ));
        }
        if k == Kind::Forest || self.count_kind(n, f, k) == 0 {
            return Err(rule(
                "retreat",
                format!(
                    "the {} have no {} to retreat there",
                    d.nations[n].name,
                    k.name()
                ),
            ));
        }
        let tname = &d.areas[t].name;
        if self.others(n, t) > 0 {
            return Err(rule(
                "retreat",
                format!("{tname} holds other nations' units"),
            ));
        }
        // PEL-RET-6, and the Telmori sheet: any empty mountain, or cursed Dorastor.
        let telmori_mountain = d.nations[n].flags.immortal
            && telmori_refuges(d).contains(&t)
            && (self.count(n, t) == 0 || Some(t) == d.cursed);
        if !telmori_mountain {
            if n == b.attacker {
                // PEL-RET-3: each attacking unit goes back to the area it itself came from.
                if self.retreating_unit(n, f, t, k).is_none() {
                    return Err(rule(
                        "retreat",
                        format!(
                            "an attacking unit retreats only to the area it moved from; no {} \
                             of the {} in {} came from {tname}",
                            k.name(),
                            d.nations[n].name,
                            d.areas[f].name
                        ),
                    ));
                }
            } else if !d.areas[f].adj.contains(&t) {
                return Err(rule(
                    "retreat",
                    format!("{tname} is not next to {}", d.areas[f].name),
                ));
            }
            self.may_enter(d, n, t)?;
            if !d.terrain(t).is_land() {
                return Err(rule("retreat", "no retreat into a sea"));
            }
        }
        if !self.fits(d, n, t, Some(f)) {
            return Err(rule(
                "stacking",
                format!("retreating into {tname} would break the stacking limits"),
            ));
        }
        Ok(())
    }

    // ---- Overpopulation ----

    /// PEL-OVP-1: armies above 3 per land area held.
    pub(super) fn overpop_excess(&self, d: &PeloriaData, n: usize) -> usize {
        let areas = self.held(d, n).len();
        self.armies_on_board(n).saturating_sub(3 * areas)
    }

    fn remove_ok(&self, d: &PeloriaData, n: usize, a: usize, k: Kind) -> Result<(), RuleError> {
        if self.overpop_excess(d, n) == 0 {
            return Err(rule("overpopulation", "no overpopulation to remove"));
        }
        if k == Kind::Forest || self.count_kind(n, a, k) == 0 {
            return Err(rule(
                "overpopulation",
                format!(
                    "the {} have no {} in {}",
                    d.nations[n].name,
                    k.name(),
                    d.areas[a].name
                ),
            ));
        }
        if self.count(n, a) < 2 {
            return Err(rule(
                "overpopulation",
                format!("removing the last unit would empty {}", d.areas[a].name),
            ));
        }
        Ok(())
    }

    // ---- End of the nation turn: captures, emperors ----

    /// PEL-BRIT-19: capture VP, once, for areas the nation holds alone.
    pub(super) fn check_captures(&mut self, d: &PeloriaData, n: usize, ev: &mut Vec<String>) {
        for &(a, vp) in &d.nations[n].captures {
            if !self.captured.contains(&(n, a)) && self.holds_alone(n, a) {
                self.captured.push((n, a));
                self.vp[n] += vp;
                self.say(
                    ev,
                    format!(
                        "The {} capture {} (+{vp} VP).",
                        d.nations[n].name, d.areas[a].name
                    ),
                );
            }
        }
    }

    /// PEL-EMP-3: a destroyed Emperor's nation resets the claim to zero.
    pub(super) fn check_emperor(&mut self, d: &PeloriaData, ev: &mut Vec<String>) {
        if let Some(e) = self.emperor {
            if self.on_board(e) == 0 {
                self.emperor = None;
                self.emperor_need = 0;
                self.say(ev, format!("The {} are destroyed: there is no Emperor, and a claim needs 1 piece again.", d.nations[e].name));
            }
        }
    }

    /// PEL-EMP-1, PEL-EMP-2, PEL-KHOR-2, PEL-CEMP-1: a claim at the end of the nation turn.
    pub(super) fn claim(&mut self, d: &PeloriaData, n: usize, ev: &mut Vec<String>) {
        let r = d.round(self.round);
        if !(r.jenarong || r.khordavu || r.complete) || self.emperor == Some(n) {
            return;
        }
        let held = self.pieces_held(d, n);
        if held > self.emperor_need {
            self.emperor = Some(n);
            self.emperor_need = held;
            self.say(
                ev,
                format!(
                    "The {} claim the Emperorship with {held} piece(s) of regalia.",
                    d.nations[n].name
                ),
            );
        }
    }

    pub(super) fn end_turn(&mut self, d: &PeloriaData, ev: &mut Vec<String>) {
        let n = self.turn;
        if let Some(t) = d.nations.iter().position(|x| x.flags.immortal) {
            for a in std::mem::take(&mut self.bat_kills) {
                if self.stock(d, t, Kind::Infantry) > 0 {
                    self.add_unit(t, a, Kind::Infantry);
                    self.say(
                        ev,
                        format!(
                            "The Bat's victim in {} rises as a Telmori (the Mad Horde).",
                            d.areas[a].name
                        ),
                    );
                }
            }
        }
        if self.in_play(d, n) && self.on_board(n) > 0 {
            self.check_captures(d, n, ev);
            self.claim(d, n, ev);
        }
        self.check_emperor(d, ev);
        self.entries.clear();
        if self.turn + 1 < NATIONS {
            self.turn += 1;
            self.begin_turn(d, ev);
        } else {
            self.end_round(d, ev);
        }
    }

    // ---- End of the round: scoring ----

    pub(super) fn end_round(&mut self, d: &PeloriaData, ev: &mut Vec<String>) {
        let r = d.round(self.round);
        if r.nation {
            self.nation_scoring(d, ev);
        }
        if let Some(e) = self.emperor {
            if r.jenarong {
                let p = self.pieces_held(d, e) as i64;
                self.vp[e] += p;
                self.say(
                    ev,
                    format!(
                        "Jenarong Emperor: the {} score {p} VP for their regalia.",
                        d.nations[e].name
                    ),
                );
            }
            if r.khordavu && !self.khordavu_paid && self.khordavu_complete(d, e) {
                self.khordavu_paid = true;
                self.vp[e] += 10;
                self.say(
                    ev,
                    format!(
                        "Rites of Khordavu: the regalia are assembled; the {} gain 10 VP.",
                        d.nations[e].name
                    ),
                );
            }
            if r.complete {
                let c = self.connected_to_vonlath(d, e) as i64;
                self.vp[e] += c;
                self.say(
                    ev,
                    format!(
                        "Complete Emperor: the {} score {c} VP for areas connected to Vonlath.",
                        d.nations[e].name
                    ),
                );
            }
        }
        if r.shah {
            self.shah(d, ev);
        }
        if r.heroes {
            self.phase = Phase::Bids;
            self.bids = SealedChoices::new(PLAYERS);
            self.say(ev, "The Call to Heroes: every player bids, in secret, units to remove from each nation.".into());
            return;
        }
        self.next_round(d, ev);
    }

    pub(super) fn next_round(&mut self, d: &PeloriaData, ev: &mut Vec<String>) {
        if self.round >= ROUNDS {
            return self.finish(d, ev);
        }
        self.round += 1;
        self.turn = 0;
        self.begin_turn(d, ev);
    }

    /// PEL-SCORE-1: each nation's own rule.
    pub(super) fn nation_scoring(&mut self, d: &PeloriaData, ev: &mut Vec<String>) {
        let mut parts = Vec::new();
        for n in 0..NATIONS {
            if !self.in_play(d, n) {
                continue;
            }
            let held = self.held(d, n);
            let vp = match d.nations[n].score {
                ScoreRule::Area(v) => v * held.len() as i64,
                ScoreRule::Open(v) => {
                    v * held.iter().filter(|&&a| d.terrain(a).is_open()).count() as i64
                }
                ScoreRule::Unit(v) => v * self.on_board(n) as i64,
                ScoreRule::Forest(v) => v * self.on_board_kind(n, Kind::Forest) as i64,
                ScoreRule::Place(v, a) => {
                    if held.contains(&a) && self.others(n, a) == 0 {
                        v
                    } else {
                        0
                    }
                }
                ScoreRule::None => 0,
            };
            self.vp[n] += vp;
            if vp > 0 {
                parts.push(format!("{} {vp}", d.nations[n].name));
            }
        }
        self.say(
            ev,
            format!(
                "Nation scoring: {}.",
                if parts.is_empty() {
                    "nobody scores".into()
                } else {
                    parts.join(", ")
                }
            ),
        );
    }

    fn khordavu_complete(&self, d: &PeloriaData, e: usize) -> bool {
        self.holds_alone(e, d.vonlath)
            && (0..d.regalia.len())
                .filter(|&p| p != d.bow)
                .all(|p| self.regalia[p] == Some(d.vonlath))
    }

    /// Areas of `e` connected to Vonlath through its own areas, Vonlath included
    /// (PEL-CEMP-3 reading); 0 if it does not hold Vonlath.
    pub(super) fn connected_to_vonlath(&self, d: &PeloriaData, e: usize) -> usize {
        let held = self.held(d, e);
        if !held.contains(&d.vonlath) {
            return 0;
        }
        let mut seen = vec![d.vonlath];
        let mut stack = vec![d.vonlath];
        while let Some(a) = stack.pop() {
            for &b in &d.areas[a].adj {
                if held.contains(&b) && !seen.contains(&b) {
                    seen.push(b);
                    stack.push(b);
                }
            }
        }
        seen.len()
    }

    /// PEL-SHAH-1..3.
    pub(super) fn shah(&mut self, d: &PeloriaData, ev: &mut Vec<String>) {
        let counts: Vec<usize> = (0..NATIONS)
            .map(|n| {
                self.held(d, n)
                    .into_iter()
                    .filter(|&a| !d.shah_excluded[a])
                    .count()
            })
            .collect();
        let shah = (0..NATIONS)
            .find(|&n| counts[n] > 0 && (0..NATIONS).all(|o| o == n || counts[o] * 2 <= counts[n]));
        match shah {
            Some(n) => {
                self.vp[n] += 10;
                self.say(ev, format!("The {} hold {} areas north-west of the barbarian belt, twice any other nation: Shah of Carmania, +10 VP.", d.nations[n].name, counts[n]));
            }
            None => self.say(
                ev,
                "No nation holds twice the areas of every other: no Shah of Carmania.".into(),
            ),
        }
    }

    // ---- The Call to Heroes ----

    /// Units of `n` that may be removed (PEL-HERO-3: not those in Ralios or Karia).
    pub(super) fn removable(&self, d: &PeloriaData, n: usize) -> usize {
        self.units
            .iter()
            .filter(|u| {
                u.nation as usize == n
                    && u.kind != Kind::Forest
                    && !d.heroes_excluded[u.area as usize]
            })
            .count()
    }

    fn bid_ok(&self, d: &PeloriaData, seat: Seat, step: &Step) -> Result<(), RuleError> {
        match step {
            Step::Bid(n, v) => {
                if self.bids.is_sealed(seat) {
                    return Err(rule("heroes", "your bid is sealed; `unseal` first"));
                }
                if d.nations[*n].player != seat {
                    return Err(rule(
                        "heroes",
                        format!("the {} are not yours", d.nations[*n].name),
                    ));
                }
                if !d.heroes[*n] {
                    return Err(rule(
                        "heroes",
                        format!(
                            "the {} do not answer the Call to Heroes",
                            d.nations[*n].name
                        ),
                    ));
                }
                if *v as usize > self.removable(d, *n) {
                    return Err(rule(
                        "heroes",
                        format!(
                            "the {} have only {} units that may be removed",
                            d.nations[*n].name,
                            self.removable(d, *n)
                        ),
                    ));
                }
                Ok(())
            }
            Step::Seal if !self.bids.is_sealed(seat) => Ok(()),
            Step::Seal => Err(rule("heroes", "your bid is already sealed")),
            Step::Unseal if self.bids.is_sealed(seat) => Ok(()),
            Step::Unseal => Err(rule("heroes", "your bid is not sealed")),
            _ => Err(rule(
                "heroes",
                "during the Call to Heroes, `bid <nation> <n>`, then `seal`",
            )),
        }
    }

    /// Canonical text of a seat's bid, e.g. `Hirenmador 0, Pelorians 3, Praxians 0`.
    pub(super) fn bid_text(&self, d: &PeloriaData, seat: Seat) -> String {
        bid_text_of(d, seat, self.bids.draft(seat))
    }

    /// PEL-HERO-5: reveal every bid with its salt, cap each nation's bid at the units it
    /// may remove, and ask the owners to pick the units ([`Pending::Heroes`]). With
    /// nothing to remove the awards follow at once.
    fn reveal_bids(&mut self, d: &PeloriaData, ev: &mut Vec<String>) {
        let revealed = self.bids.reveal();
        let mut res = HeroesResult::default();
        let mut quotas = Vec::new();
        for (seat, r) in revealed.iter().enumerate() {
            let mut bids = Vec::new();
            let mut capped = Vec::new();
            for n in 0..NATIONS {
                if d.nations[n].player != seat || !d.heroes[n] {
                    continue;
                }
                let v = r.choice.get(n).copied().unwrap_or(0);
                bids.push((n, v));
                let may = self.removable(d, n).min(u8::MAX as usize) as u8;
                let owed = v.min(may);
                if owed < v {
                    capped.push(format!(
                        "the {} have only {may} unit(s) that may go, so their bid of {v} is capped to {may}",
                        d.nations[n].name
                    ));
                }
                if owed > 0 {
                    quotas.push(Quota {
                        seat,
                        nation: n,
                        owed,
                        removed: 0,
                    });
                }
            }
            let total: u32 = quotas
                .iter()
                .filter(|q| q.seat == seat)
                .map(|q| q.owed as u32)
                .sum();
            let mut line = format!(
                "{} revealed `{}` (salt {}, commitment {}): {total} unit(s) to remove.",
                self.players[seat],
                bid_text_of(d, seat, &r.choice),
                r.seal.salt,
                r.seal.commitment
            );
            if !capped.is_empty() {
                line.push_str(&format!(" Capped: {}.", capped.join("; ")));
            }
            self.say(ev, line);
            res.bids.push(bids);
            res.seals
                .push((r.seal.commitment.clone(), r.seal.salt.clone()));
        }
        self.heroes = Some(res);
        if quotas.is_empty() {
            return self.finish_heroes(d, &quotas, ev);
        }
        let owing: Vec<String> = quotas
            .iter()
            .map(|q| {
                format!(
                    "{} {} {}",
                    self.players[q.seat], q.owed, d.nations[q.nation].name
                )
            })
            .collect();
        self.say(
            ev,
            format!(
                "Call to Heroes removals, all players at once, one unit per step \
                 (`remove <nation> <area> [kind]`, not from Ralios or Karia): {}.",
                owing.join(", ")
            ),
        );
        self.phase = Phase::Removals;
        self.prompts.push(Pending::Heroes { quotas });
    }

    /// Is removing one `k` of nation `n` from `a` for the Call to Heroes legal for `seat`
    /// (PEL-HERO-3, PEL-HERO-5)?
    fn hero_remove_ok(
        &self,
        d: &PeloriaData,
        seat: Seat,
        quotas: &[Quota],
        n: usize,
        a: usize,
        k: Kind,
    ) -> Result<(), RuleError> {
        let name = &d.nations[n].name;
        if d.nations[n].player != seat {
            return Err(rule(
                "heroes",
                format!(
                    "the {name} are not yours; {} picks their units",
                    self.players[d.nations[n].player]
                ),
            ));
        }
        match quotas.iter().find(|q| q.nation == n) {
            None => {
                return Err(rule(
                    "heroes",
                    format!("the {name} send no units to the Call to Heroes"),
                ))
            }
            Some(q) if q.owed == 0 => {
                return Err(rule(
                    "heroes",
                    format!(
                        "the {name} have already removed all {} unit(s) of their bid",
                        q.removed
                    ),
                ))
            }
            Some(_) => {}
        }
        if d.heroes_excluded[a] {
            return Err(rule(
                "heroes",
                format!(
                    "units in {} cannot answer the Call to Heroes (Ralios and Karia cannot)",
                    d.areas[a].name
                ),
            ));
        }
        if k == Kind::Forest || self.count_kind(n, a, k) == 0 {
            return Err(rule(
                "heroes",
                format!("the {name} have no {} in {}", k.name(), d.areas[a].name),
            ));
        }
        Ok(())
    }

    /// Apply a legal Call to Heroes removal; after the last one, the awards. Returns true
    /// when `seat` owes no more units (its part is over).
    fn hero_remove(
        &mut self,
        d: &PeloriaData,
        seat: Seat,
        n: usize,
        a: usize,
        k: Kind,
        ev: &mut Vec<String>,
    ) -> bool {
        self.remove_unit(n, a, k);
        let Some(Pending::Heroes { quotas }) = self.prompts.top_mut() else {
            return true;
        };
        let mut left = 0;
        if let Some(q) = quotas.iter_mut().find(|q| q.nation == n) {
            q.owed -= 1;
            q.removed += 1;
            left = q.owed;
        }
        let seat_done = quotas.iter().all(|q| q.seat != seat || q.owed == 0);
        let all_done = quotas.iter().all(|q| q.owed == 0);
        let quotas = quotas.clone();
        self.say(
            ev,
            format!(
                "Call to Heroes: one {} {} leaves {} ({left} more to go).",
                d.nations[n].name,
                k.name(),
                d.areas[a].name
            ),
        );
        // PEL-EMP-3: the Emperor falls with its nation's last unit, not after the removals.
        self.check_emperor(d, ev);
        if all_done {
            self.prompts.pop();
            self.finish_heroes(d, &quotas, ev);
        }
        seat_done
    }

    /// After every removal: YOUF exits (PEL-HERO-4) and the awards (PEL-HERO-6..16), from
    /// the units actually removed; then round 14.
    fn finish_heroes(&mut self, d: &PeloriaData, quotas: &[Quota], ev: &mut Vec<String>) {
        let dp = d.area("Dragon-Pass");
        let edge = d
            .edges
            .iter()
            .position(|e| dp.is_some_and(|a| e.areas.contains(&a)));
        let mut removed = vec![0u32; PLAYERS];
        for q in quotas {
            removed[q.seat] += q.removed as u32;
            // PEL-HERO-4: YOUF removed count as leaving by Dragon Pass.
            if let Some(vp) = d.nations[q.nation]
                .exits
                .iter()
                .find(|x| Some(x.0) == edge)
                .map(|x| x.1)
            {
                self.vp[q.nation] += vp * q.removed as i64;
                self.exited[q.nation] += q.removed as u32;
            }
        }
        let awards = hero_awards(&removed);
        for (pv, a) in self.player_vp.iter_mut().zip(&awards) {
            *pv += a;
        }
        self.say(
            ev,
            format!(
                "Call to Heroes awards: {}.",
                (0..PLAYERS)
                    .map(|s| format!("{} {} VP", self.players[s], awards[s]))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        );
        let res = self.heroes.get_or_insert_with(HeroesResult::default);
        res.removed = removed;
        res.awards = awards;
        self.check_emperor(d, ev);
        self.next_round(d, ev);
    }

    /// The step played for a seat that does not act: in the Call to Heroes removals, one
    /// unit from the seat's largest removable stack (infantry first); otherwise `seal`,
    /// `stay` or `done` where legal, else the first legal step.
    pub(super) fn default_for(&self, d: &PeloriaData, seat: Seat) -> Option<Step> {
        let legal = self.legal_steps(d, seat);
        if let Some(Pending::Heroes { .. }) = self.prompts.top() {
            return legal
                .iter()
                .filter_map(|s| match s {
                    Step::Hero(n, a, k) => Some((s, self.armies(*n, *a), *n, *a, k.index())),
                    _ => None,
                })
                .max_by_key(|&(_, size, n, a, k)| {
                    (
                        size,
                        std::cmp::Reverse(n),
                        std::cmp::Reverse(a),
                        std::cmp::Reverse(k),
                    )
                })
                .map(|x| x.0.clone());
        }
        [Step::Seal, Step::Stay, Step::Done]
            .into_iter()
            .find(|s| legal.contains(s))
            .or_else(|| legal.first().cloned())
    }

    /// Text to a step: the engine's matching against the candidates' notation, where a
    /// Call to Heroes removal may leave out the kind when the nation has only one kind of
    /// unit in that area (`remove Pelorians Lenshi`).
    pub(super) fn parse(
        &self,
        d: &PeloriaData,
        seat: Seat,
        text: &str,
    ) -> Result<Step, ParseError> {
        let mut cands = self.candidate_steps(d, seat);
        let mut names: Vec<String> = cands.iter().map(|s| Peloria::format_step(d, s)).collect();
        if let Some(Pending::Heroes { .. }) = self.prompts.top() {
            let mut short = Vec::new();
            for s in &cands {
                if let Step::Hero(n, a, _) = s {
                    let kinds = cands
                        .iter()
                        .filter(|c| matches!(c, Step::Hero(m, b, _) if m == n && b == a))
                        .count();
                    if kinds == 1 {
                        short.push((
                            s.clone(),
                            format!("remove {} {}", d.nations[*n].name, d.areas[*a].name),
                        ));
                    }
                }
            }
            for (s, name) in short {
                cands.push(s);
                names.push(name);
            }
        }
        // A retreat may leave out the unit kind where only one kind can make that move.
        let mut short = Vec::new();
        for s in &cands {
            if let Step::Retreat(f, t, _) = s {
                let kinds = cands
                    .iter()
                    .filter(|c| matches!(c, Step::Retreat(g, u, _) if g == f && u == t))
                    .count();
                if kinds == 1 {
                    let name = format!("retreat {} {}", d.areas[*f].name, d.areas[*t].name);
                    short.push((s.clone(), name));
                }
            }
        }
        for (s, name) in short {
            cands.push(s);
            names.push(name);
        }
        let i =
            match_step(text, &names).map_err(|e| self.only_legal_suggestions(d, seat, text, e))?;
        Ok(cands[i].clone())
    }

    /// Text that names no candidate is answered with the closest legal steps, not the
    /// closest candidates (which include refused ones, e.g. a regalia move into an area the
    /// Emperor does not hold).
    fn only_legal_suggestions(
        &self,
        d: &PeloriaData,
        seat: Seat,
        text: &str,
        e: ParseError,
    ) -> ParseError {
        if !matches!(e, ParseError::NoMatch { .. }) {
            return e;
        }
        let legal: Vec<String> = self
            .legal_steps(d, seat)
            .iter()
            .map(|s| Peloria::format_step(d, s))
            .collect();
        match match_step(text, &legal) {
            Err(legal_e @ ParseError::NoMatch { .. }) => legal_e,
            _ => e,
        }
    }

    // ---- The end ----

    /// VP of each player: their nations' VP plus their own awards (PEL-BRIT-2).
    pub(super) fn player_scores(&self, d: &PeloriaData) -> Vec<i64> {
        (0..PLAYERS)
            .map(|s| {
                self.player_vp[s]
                    + (0..NATIONS)
                        .filter(|&n| d.nations[n].player == s)
                        .map(|n| self.vp[n])
                        .sum::<i64>()
            })
            .collect()
    }

    fn finish(&mut self, d: &PeloriaData, ev: &mut Vec<String>) {
        let scores = self.player_scores(d);
        let units: Vec<i64> = (0..PLAYERS)
            .map(|s| {
                self.units
                    .iter()
                    .filter(|u| d.nations[u.nation as usize].player == s)
                    .count() as i64
            })
            .collect();
        let r: FinalResult = rank(
            &self.players,
            &scores,
            "VP",
            &[TieBreak::most("more units on the board", units)],
        );
        self.say(
            ev,
            format!("The game ends after round {}: {}.", self.round, r.note),
        );
        self.result = Some(r);
        self.phase = Phase::Finished;
    }
}

/// Areas a unit of `n` might retreat to from `a`: the neighbours (an attacker's origin is
/// one, as units move next door) and, for the Telmori, their refuges. The retreat rule
/// picks the legal ones.
fn retreat_dests(d: &PeloriaData, n: usize, a: usize) -> Vec<usize> {
    let mut dests: Vec<usize> = d.areas[a].adj.clone();
    if d.nations[n].flags.immortal {
        dests.extend(telmori_refuges(d));
    }
    dests.sort_unstable();
    dests.dedup();
    dests
}

/// Where the Telmori may retreat from any battle: every mountain area and cursed Dorastor
/// (whether empty is checked by the retreat rule).
pub(super) fn telmori_refuges(d: &PeloriaData) -> Vec<usize> {
    (0..d.areas.len())
        .filter(|&a| d.terrain(a) == Terrain::Mountain || Some(a) == d.cursed)
        .collect()
}

/// Canonical bid text of a draft.
pub(super) fn bid_text_of(d: &PeloriaData, seat: Seat, draft: &[u8]) -> String {
    let parts: Vec<String> = (0..NATIONS)
        .filter(|&n| d.nations[n].player == seat && d.heroes[n])
        .map(|n| {
            format!(
                "{} {}",
                d.nations[n].name,
                draft.get(n).copied().unwrap_or(0)
            )
        })
        .collect();
    parts.join(", ")
}

/// Call to Heroes awards per player from the units each removed (PEL-HERO-6..16).
///
/// Places are by units removed. The levels are: first, VP equal to all units removed by
/// everyone; second, 20; third, 2; last, 0. A tied group takes the level one below the best
/// place it covers (two tied for first get 20; three tied below a leader get 2; of two tied
/// pairs the higher gets 20 and the lower 0). The text's own cases override: all four tied
/// get 0, and with two tied for second the player after them also gets 2.
pub fn hero_awards(removed: &[u32]) -> Vec<i64> {
    let total: i64 = removed.iter().map(|&x| x as i64).sum();
    let levels = [total, 20, 2, 0];
    let n = removed.len();
    let mut out = vec![0; n];
    let pos = |s: usize| removed.iter().filter(|&&o| o > removed[s]).count();
    let same = |s: usize| removed.iter().filter(|&&o| o == removed[s]).count();
    if (0..n).all(|s| same(s) == n) {
        return out;
    }
    let two_tied_second = (0..n).any(|s| pos(s) == 1 && same(s) == 2);
    for (s, o) in out.iter_mut().enumerate() {
        let (p, k) = (pos(s), same(s));
        *o = if k == 1 {
            levels[p.min(3)]
        } else {
            levels[(p + 1).min(3)]
        };
        if two_tied_second && p == 3 && k == 1 {
            *o = 2;
        }
    }
    out
}
