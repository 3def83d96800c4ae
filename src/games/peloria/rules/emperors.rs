//! Emperors: claims, the loss of the Emperorship, the Emperor scoring helpers.

use super::*;

impl Peloria {
    /// PEL-EMP-3: a destroyed Emperor's nation resets the claim to zero.
    pub(crate) fn check_emperor(&mut self, d: &PeloriaData, ev: &mut Vec<String>) {
        if let Some(e) = self.emperor {
            if self.on_board(e) == 0 {
                self.emperor = None;
                self.emperor_need = 0;
                self.say(d, ev, ScoringEvent::EmperorFalls { nation: e });
            }
        }
    }

    /// PEL-EMP-1, PEL-EMP-2, PEL-KHOR-2, PEL-CEMP-1: a claim at the end of the nation turn.
    pub(crate) fn claim(&mut self, d: &PeloriaData, n: usize, ev: &mut Vec<String>) {
        let r = d.round(self.round);
        if !(r.jenarong || r.khordavu || r.complete) || self.emperor == Some(n) {
            return;
        }
        let held = self.pieces_held(d, n);
        if held > self.emperor_need {
            self.emperor = Some(n);
            self.emperor_need = held;
            self.say(
                d,
                ev,
                ScoringEvent::EmperorClaims {
                    nation: n,
                    pieces: held,
                },
            );
        }
    }

    pub(crate) fn khordavu_complete(&self, d: &PeloriaData, e: usize) -> bool {
        self.holds_alone(e, d.vonlath)
            && (0..d.regalia.len())
                .filter(|&p| p != d.bow)
                .all(|p| self.regalia[p] == Some(d.vonlath))
    }

    /// Areas of `e` connected to Vonlath through its own areas, Vonlath included
    /// (PEL-CEMP-3 reading); 0 if it does not hold Vonlath.
    pub(crate) fn connected_to_vonlath(&self, d: &PeloriaData, e: usize) -> usize {
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
}
