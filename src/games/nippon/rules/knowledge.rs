//! Knowledge and mines (NIP-KNOW, NIP-COAL).

use super::*;

// ==== Knowledge and mines (NIP-KNOW, NIP-COAL) ====

impl Nippon {
    pub(crate) fn track_candidates() -> Vec<Step> {
        (1..=3).map(Step::Up).collect()
    }

    /// NIP-KNOW, NIP-COAL: may `seat` move the marker of track `t` up `k` steps (1 to 3,
    /// not beyond the top, paying their cost)?
    pub(crate) fn up_ok(
        &self,
        data: &NipponData,
        seat: Seat,
        t: TrackKind,
        k: u8,
    ) -> Result<(), ActionWhy> {
        let p = &self.players[seat];
        let refuse = |why| Err(ActionWhy::Up(t, k, why));
        if !(1..=3).contains(&k) {
            return refuse(UpWhy::Steps);
        }
        let cost = data.track_cost[k as usize - 1];
        if p.tracks[t.index()] + k as usize > data.track(t).top() {
            return refuse(UpWhy::BeyondTop);
        }
        if p.yen < cost {
            return refuse(UpWhy::Yen { cost, have: p.yen });
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
