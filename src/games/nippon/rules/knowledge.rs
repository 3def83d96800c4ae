//! Knowledge and mines (NIP-KNOW, NIP-COAL).

use super::*;

// ==== Knowledge and mines (NIP-KNOW, NIP-COAL) ====

impl Nippon {
    pub(crate) fn track_candidates() -> Vec<Step> {
        (1..=3).map(Step::Up).collect()
    }

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
                    "your {} marker cannot move {} beyond the top slot",
                    t.name(),
                    crate::engine::counted(k, "step")
                ),
            ));
        }
        if p.yen < cost {
            return Err(rule(
                Topic::Tracks,
                format!(
                    "{} cost {}; you have {}",
                    crate::engine::counted(k, "step"),
                    yen(cost),
                    yen(p.yen)
                ),
            ));
        }
        Ok(())
    }

    /// `up <steps>`: pay and move the marker of the action's track; the action is over.
    pub(crate) fn up(&mut self, data: &NipponData, seat: Seat, k: u8, ev: &mut Vec<Event>) {
        let Stage::Track { track } = self.stage else {
            unreachable!("checked")
        };
        let cost = data.track_cost[k as usize - 1];
        self.players[seat].yen -= cost;
        self.raise(data, seat, track, k as u32);
        let up = TracksEvent::MarkerUp {
            seat,
            track,
            steps: k,
        };
        self.say(data, ev, up);
        self.end_action(data, seat, ev);
    }
}
