//! Nation Turn > 4) Overpopulation.

use super::*;

impl Peloria {
    /// PEL-OVP-1: armies above 3 per land area held.
    pub(crate) fn overpop_excess(&self, d: &PeloriaData, n: usize) -> usize {
        let areas = self.held(d, n).len();
        self.armies_on_board(n).saturating_sub(3 * areas)
    }

    /// Candidates of the overpopulation and stacking removals: each kind in each area held.
    pub(crate) fn remove_candidates(&self, d: &PeloriaData) -> Vec<Step> {
        let n = self.turn;
        let mut out = Vec::new();
        for a in self.held(d, n) {
            for k in ARMY_KINDS {
                if self.count_kind(n, a, k) > 0 {
                    out.push(Step::Remove { area: a, kind: k });
                }
            }
        }
        out
    }

    /// PEL-OVP-1, PEL-OVP-2: a removal for overpopulation.
    pub(crate) fn remove_ok(&self, d: &PeloriaData, step: &Step) -> Result<(), Forbidden> {
        let Step::Remove { area: a, kind: k } = *step else {
            return Err(self.not_now());
        };
        let n = self.turn;
        if self.overpop_excess(d, n) == 0 {
            return Err(Forbidden::NoOverpopulation);
        }
        if k == Kind::Forest || self.count_kind(n, a, k) == 0 {
            return Err(lacks_unit(Topic::Overpopulation, (n, a, k), ""));
        }
        if self.count(n, a) < 2 {
            return Err(Forbidden::WouldEmpty { area: ix(a) });
        }
        Ok(())
    }

    /// One unit removed for overpopulation or over the stacking limits.
    pub(crate) fn remove_excess(
        &mut self,
        d: &PeloriaData,
        a: usize,
        k: Kind,
        ev: &mut Vec<String>,
    ) {
        let n = self.turn;
        self.remove_unit(n, a, k);
        self.say(
            d,
            ev,
            TurnEvent::Removed {
                overpopulation: self.phase == Phase::Overpop,
                nation: n,
                kind: k,
                area: a,
            },
        );
    }
}
