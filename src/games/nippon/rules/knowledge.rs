//! Knowledge and mines (NIP-KNOW, NIP-COAL).

use super::*;

// ==== Knowledge and mines (NIP-KNOW, NIP-COAL) ====

/// Why a marker cannot move up (worded by [`Nippon::can_up`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum UpBlocker {
    /// Not 1, 2 or 3 steps.
    Steps,
    BeyondTop,
    /// The cost, more yen than the player has.
    Yen(u32),
}

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
        let why = match self.up_blocker(data, seat, t, k) {
            None => return Ok(()),
            Some(UpBlocker::Steps) => return Err(rule(Topic::Tracks, "move 1, 2 or 3 steps")),
            Some(UpBlocker::BeyondTop) => format!(
                "your {} marker cannot move {} beyond the top slot",
                t.name(),
                crate::engine::counted(k, "step")
            ),
            Some(UpBlocker::Yen(cost)) => format!(
                "{} cost {}; you have {}",
                crate::engine::counted(k, "step"),
                yen(cost),
                yen(self.players[seat].yen)
            ),
        };
        Err(rule(Topic::Tracks, why))
    }

    /// What stops `seat` moving the marker of track `t` up `k` steps, unworded: the check
    /// of [`Nippon::can_up`], cheap enough for scans of the legal steps.
    pub(crate) fn up_blocker(
        &self,
        data: &NipponData,
        seat: Seat,
        t: TrackKind,
        k: u8,
    ) -> Option<UpBlocker> {
        let p = &self.players[seat];
        if !(1..=3).contains(&k) {
            return Some(UpBlocker::Steps);
        }
        let cost = data.track_cost[k as usize - 1];
        if p.tracks[t.index()] + k as usize > data.track(t).top() {
            return Some(UpBlocker::BeyondTop);
        }
        if p.yen < cost {
            return Some(UpBlocker::Yen(cost));
        }
        None
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
