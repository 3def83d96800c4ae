//! Knowledge and mines (NIP-KNOW, NIP-COAL).

use super::*;

// ==== Knowledge and mines (NIP-KNOW, NIP-COAL) ====

impl Nippon {
    pub(crate) fn can_up(
        &self,
        data: &NipponData,
        seat: Seat,
        t: TrackKind,
        k: u8,
    ) -> Result<(), RuleError> {
        let p = &self.players[seat];
        if !(1..=3).contains(&k) {
            return Err(rule(Topic::Tracks, "move 1, 2 or 3 steps"));
        }
        let cost = data.track_cost[k as usize - 1];
        if p.tracks[t.index()] + k as usize > data.track(t).top() {
            return Err(rule(
                Topic::Tracks,
                format!(
                    "your {} marker cannot move {k} step(s) beyond the top slot",
                    t.name()
                ),
            ));
        }
        if p.yen < cost {
            return Err(rule(
                Topic::Tracks,
                format!("{k} step(s) cost {}; you have {}", yen(cost), yen(p.yen)),
            ));
        }
        Ok(())
    }
}
