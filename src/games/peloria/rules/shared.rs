//! Counts and small helpers every part of the rules uses.

use super::*;

impl Peloria {
    pub(crate) fn owner(&self, d: &PeloriaData, n: usize) -> Seat {
        d.nations[n].player
    }

    /// Is nation `n` in play this round (PEL-ORDER-6..13)?
    pub(crate) fn in_play(&self, d: &PeloriaData, n: usize) -> bool {
        self.round >= d.nations[n].first_round
    }

    /// Units of `n` in `a` (all kinds, forest counters included).
    pub(crate) fn count(&self, n: usize, a: usize) -> usize {
        self.units
            .iter()
            .filter(|u| u.area as usize == a && u.nation as usize == n)
            .count()
    }

    /// Armies of `n` in `a` (forest counters are not armies).
    pub(crate) fn armies(&self, n: usize, a: usize) -> usize {
        self.units
            .iter()
            .filter(|u| u.area as usize == a && u.nation as usize == n && u.kind != Kind::Forest)
            .count()
    }

    /// Areas where `n` has armies (not forest counters), in area order.
    pub(crate) fn armies_at(&self, n: usize) -> Vec<usize> {
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

    pub(crate) fn count_kind(&self, n: usize, a: usize, k: Kind) -> usize {
        self.units
            .iter()
            .filter(|u| u.area as usize == a && u.nation as usize == n && u.kind == k)
            .count()
    }

    /// Units of nations other than `n` in `a`.
    pub(crate) fn others(&self, n: usize, a: usize) -> usize {
        self.units
            .iter()
            .filter(|u| u.area as usize == a && u.nation as usize != n)
            .count()
    }

    /// Nations with units in `a`, in turn order.
    pub(crate) fn nations_in(&self, a: usize) -> Vec<usize> {
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
    pub(crate) fn held(&self, d: &PeloriaData, n: usize) -> Vec<usize> {
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
    pub(crate) fn holds_alone(&self, n: usize, a: usize) -> bool {
        let mut any = false;
        for u in self.units.iter().filter(|u| u.area as usize == a) {
            if u.nation as usize != n {
                return false;
            }
            any = true;
        }
        any
    }

    pub(crate) fn on_board(&self, n: usize) -> usize {
        self.units.iter().filter(|u| u.nation as usize == n).count()
    }

    /// Armies of `n` on the board: its units without forest counters (PEL-OVP-1).
    pub(crate) fn armies_on_board(&self, n: usize) -> usize {
        self.on_board(n) - self.on_board_kind(n, Kind::Forest)
    }

    pub(crate) fn on_board_kind(&self, n: usize, k: Kind) -> usize {
        self.units
            .iter()
            .filter(|u| u.nation as usize == n && u.kind == k)
            .count()
    }

    /// Units of kind `k` nation `n` still has in stock (PEL-POP-4).
    pub(crate) fn stock(&self, d: &PeloriaData, n: usize, k: Kind) -> usize {
        (d.nations[n].limits[k.index()] as usize).saturating_sub(self.on_board_kind(n, k))
    }

    /// Stacking limit of an area for nation `n` (PEL-STACK-2..5).
    pub(crate) fn limit(&self, d: &PeloriaData, a: usize) -> usize {
        d.terrain(a).stack_limit()
    }

    /// Most units of one overstack in `a` (PEL-STACK-9): any number in open terrain, 4 in
    /// rough.
    pub(crate) fn overstack_cap(&self, d: &PeloriaData, a: usize) -> usize {
        if d.terrain(a).is_open() {
            usize::MAX
        } else {
            4
        }
    }

    /// Would one more army of `n` in `a` (and one fewer in `from`, if given) respect the
    /// stacking limits with the single overstack (PEL-STACK-8, PEL-POP-6, PEL-RET-4)?
    pub(crate) fn fits(&self, d: &PeloriaData, n: usize, a: usize, from: Option<usize>) -> bool {
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
    pub(crate) fn may_enter(&self, d: &PeloriaData, n: usize, a: usize) -> Result<(), Forbidden> {
        let f = d.nations[n].flags;
        let area = ix(a);
        match d.terrain(a) {
            Terrain::Sea if !f.sea => Err(Forbidden::SeaClosed { area }),
            Terrain::Forest if !f.forest => Err(Forbidden::ForestClosed { area }),
            Terrain::Mountain if !f.mountain => Err(Forbidden::MountainClosed { area }),
            _ => Ok(()),
        }
    }

    /// Does `a` hold a forest that can never be overrun (PEL-OVR-5, PEL-OVR-6 reading)?
    pub(crate) fn forest_in(&self, d: &PeloriaData, a: usize) -> bool {
        d.terrain(a) == Terrain::Forest
            || self
                .units
                .iter()
                .any(|u| u.area as usize == a && u.kind == Kind::Forest)
    }

    /// The units of `n` and kind `k` in `a`, with their indices, in order.
    pub(crate) fn units_of(
        &self,
        n: usize,
        a: usize,
        k: Kind,
    ) -> impl DoubleEndedIterator<Item = (usize, &Unit)> {
        self.units
            .iter()
            .enumerate()
            .filter(move |(_, u)| u.area as usize == a && u.nation as usize == n && u.kind == k)
    }

    /// The unit of `n` and kind `k` in `a` that moves next: the one with most moves left
    /// (the first such in unit order).
    pub(crate) fn mover(&self, n: usize, a: usize, k: Kind) -> Option<usize> {
        let mut best: Option<(usize, u8)> = None;
        for (i, u) in self.units_of(n, a, k) {
            if u.left > best.map_or(0, |b| b.1) {
                best = Some((i, u.left));
            }
        }
        best.map(|b| b.0)
    }

    /// The unit of `n` and kind `k` in `a` that moves next, or the refusal.
    pub(crate) fn mover_ok(&self, n: usize, a: usize, k: Kind) -> Result<usize, Forbidden> {
        self.mover(n, a, k)
            .ok_or_else(|| lacks_unit(Topic::Movement, (n, a, k), " that can still move"))
    }

    /// A unit steps from `f` into `t` (a move or a retreat): `t` is next to `f`, and the
    /// nation may enter it at all. A refusal cites `topic`.
    pub(crate) fn next_door_ok(
        &self,
        d: &PeloriaData,
        n: usize,
        f: usize,
        t: usize,
        topic: Topic,
    ) -> Result<(), Forbidden> {
        if !d.areas[f].adj.contains(&t) {
            return Err(Forbidden::NotNextTo {
                topic,
                from: ix(f),
                to: ix(t),
            });
        }
        self.may_enter(d, n, t)
    }

    pub(crate) fn remove_unit(&mut self, n: usize, a: usize, k: Kind) -> bool {
        let last = self.units_of(n, a, k).next_back().map(|(i, _)| i);
        if let Some(i) = last {
            self.units.remove(i);
            true
        } else {
            false
        }
    }

    /// Remove the last unit of `n` of kind `k` in `a` whose way back is `from` (the area it
    /// entered from, `None` for one that did not move in); false if there is none.
    pub(crate) fn remove_unit_way(
        &mut self,
        n: usize,
        a: usize,
        k: Kind,
        from: Option<usize>,
    ) -> bool {
        let last = self
            .units_of(n, a, k)
            .rfind(|(_, u)| u.from.map(usize::from) == from)
            .map(|(i, _)| i);
        match last {
            Some(i) => {
                self.units.remove(i);
                true
            }
            None => false,
        }
    }

    pub(crate) fn add_unit(&mut self, n: usize, a: usize, k: Kind) {
        self.units.push(Unit {
            nation: n as u8,
            kind: k,
            area: a as u8,
            left: 0,
            from: None,
        });
    }

    pub(crate) fn invasion_now(&self, d: &PeloriaData) -> bool {
        d.invasion(self.turn, self.round)
    }

    /// Pieces of regalia `n` holds: pieces lying in areas where it has units (PEL-EMP-19
    /// reading), without the Bow in Khordavu rounds (PEL-KHOR-3); the Cap counts only for
    /// the holder of the Bow (PEL-EMP-15).
    pub(crate) fn pieces_held(&self, d: &PeloriaData, n: usize) -> u8 {
        let holds = |p: usize| self.regalia[p].is_some_and(|a| self.holds_alone(n, a));
        let khordavu = d.round(self.round).khordavu;
        (0..d.regalia.len())
            .filter(|&p| holds(p))
            .filter(|&p| !(khordavu && p == d.bow))
            .filter(|&p| !d.regalia[p].needs_bow || holds(d.bow))
            .count() as u8
    }

    /// Word a happening (the one place: [`Happening::text`]) for the public events of this
    /// step and the view's recent log.
    pub(crate) fn say(
        &mut self,
        d: &PeloriaData,
        ev: &mut Vec<String>,
        what: impl Into<Happening>,
    ) {
        let mut line = what.into().text(d, &self.players);
        // A game of rules version 1 keeps the wording it was recorded with ("A Alkoth
        // infantry dies", the one line whose article changed), so that its log replays to
        // the same state byte for byte.
        if self.rules_version < 2 {
            if let Some(rest) = line.strip_prefix("An ") {
                line = format!("A {rest}");
            }
        }
        if self.rules_version >= 3 {
            self.turns.push(line.clone());
        }
        self.log.push(line.clone());
        if self.log.len() > LOG_KEEP {
            let cut = self.log.len() - LOG_KEEP;
            self.log.drain(..cut);
        }
        ev.push(line);
    }
}

/// The refusal when nation `n` has no unit of kind `k` in area `a` fit for a step (`fit`
/// says for what: " that can still move"; empty for any unit).
pub(crate) fn lacks_unit(
    topic: Topic,
    (n, a, k): (usize, usize, Kind),
    fit: &'static str,
) -> Forbidden {
    Forbidden::NoUnit {
        topic,
        nation: ix(n),
        area: ix(a),
        kind: k,
        fit,
    }
}
