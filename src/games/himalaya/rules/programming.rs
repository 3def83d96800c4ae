//! Gameplay Flow, Phase 2: secret action programming, the sealed commitments and the
//! reveal.

use super::*;

/// Commitment for a sealed program: the first 12 hex digits of SHA-256 over `salt:program`
/// (the engine's recipe for every sealed choice).
pub use crate::engine::sealed::commitment;

/// A program as text, e.g. `ice deal deal stone rest dirt`.
pub fn program_text(p: &[Action]) -> String {
    p.iter().map(|a| a.name()).collect::<Vec<_>>().join(" ")
}

impl Himalaya {
    pub(in crate::games::himalaya) fn reveal(
        &mut self,
        data: &HimalayaData,
        events: &mut Vec<Event>,
    ) {
        self.revealed = self.plans.clone();
        self.revealed_seals = self
            .seals
            .iter()
            .map(|s| {
                s.clone().unwrap_or(Seal {
                    salt: String::new(),
                    commitment: String::new(),
                })
            })
            .collect();
        self.revealed_turn = self.turn;
        let programs = self
            .revealed
            .iter()
            .cloned()
            .zip(self.revealed_seals.iter().cloned())
            .collect();
        let turn = self.turn;
        self.say(data, events, ProgramEvent::Revealed { turn, programs });
        self.plans = vec![Vec::new(); self.n()];
        self.seals = vec![None; self.n()];
        self.cursor = (0, 0);
        self.took = vec![Vec::new(); self.n()];
        self.phase = Phase::Resolution;
    }
}

impl Himalaya {
    pub(in crate::games::himalaya) fn programming_candidates(&self) -> Vec<Step> {
        let mut out: Vec<Step> = Action::ALL.into_iter().map(Step::Plan).collect();
        out.extend([Step::Unplan, Step::Seal, Step::Unseal]);
        out.extend(
            (0..=PROGRAM_GIVEN_MAX)
                .filter(|&n| n != ACTIONS)
                .map(Step::WrongProgram),
        );
        out
    }

    /// Plan up to 6 actions, take the last back, seal exactly 6, unseal until all sealed.
    pub(in crate::games::himalaya) fn programming_ok(
        &self,
        seat: Seat,
        step: &Step,
    ) -> Result<(), Forbidden> {
        if seat >= self.n() {
            return Err(Forbidden::NotProgramming);
        }
        let sealed = self.seals[seat].is_some();
        let planned = self.plans[seat].len();
        match step {
            Step::WrongProgram(given) => Err(Forbidden::WrongProgram {
                given: (*given).min(PROGRAM_GIVEN_MAX) as u8,
            }),
            Step::Plan(_) | Step::Unplan | Step::Seal if sealed => Err(Forbidden::ProgramSealed),
            Step::Plan(_) if planned >= ACTIONS => Err(Forbidden::ProgramFull),
            Step::Unplan if planned == 0 => Err(Forbidden::NothingPlanned),
            Step::Seal if planned != ACTIONS => Err(Forbidden::SealNeedsSix),
            Step::Unseal if !sealed => Err(Forbidden::NothingSealed),
            Step::Plan(_) | Step::Unplan | Step::Seal | Step::Unseal => Ok(()),
            _ => Err(Forbidden::NotProgramming),
        }
    }

    /// `seal` draws the commitment salt and moves `marks` past it (see [`Himalaya::settle`]).
    pub(in crate::games::himalaya) fn program(
        &mut self,
        data: &HimalayaData,
        seat: Seat,
        step: &Step,
        marks: &mut Marks,
    ) -> Applied {
        let mut applied = Applied {
            secret: true,
            ..Applied::default()
        };
        match step {
            Step::Plan(a) => self.plans[seat].push(*a),
            Step::Unplan => {
                self.plans[seat].pop();
            }
            Step::Seal => {
                self.seal(data, seat, &mut applied.events);
                marks.rng = self.rng.clone();
                applied.turn_ended = true;
                if self.seals.iter().all(|s| s.is_some()) {
                    self.reveal(data, &mut applied.events);
                    applied.irreversible = true;
                    applied.reveals = true;
                }
            }
            _ => {
                self.seals[seat] = None;
                self.say(data, &mut applied.events, ProgramEvent::Unsealed { seat });
            }
        }
        applied
    }

    fn seal(&mut self, data: &HimalayaData, seat: Seat, events: &mut Vec<Event>) {
        let salt = format!("{:016x}", self.rng.next_u64());
        let program = self.plans[seat].clone();
        let c = commitment(&salt, &program_text(&program));
        let sealed = ProgramEvent::Sealed {
            seat,
            commitment: c.clone(),
        };
        self.say(data, events, sealed);
        let told = ProgramEvent::SealedPrivately {
            program,
            salt: salt.clone(),
        };
        self.tell(data, events, seat, told);
        self.seals[seat] = Some(Seal {
            salt,
            commitment: c,
        });
    }
}

impl Himalaya {
    /// The step taken for a seat that does not act in time (a game deadline). During
    /// programming an unsealed seat keeps what it has planned and fills the rest with
    /// `rest`, then seals (HIM-PROG-4): at most 7 steps. A sealed seat has nothing to do.
    /// Elsewhere: `pass` if listed, else the first listed step.
    pub(in crate::games::himalaya) fn default_for(
        &self,
        data: &HimalayaData,
        seat: Seat,
    ) -> Option<Step> {
        if self.phase == Phase::Programming {
            if seat >= self.n() || self.seals[seat].is_some() {
                return None;
            }
            return Some(if self.plans[seat].len() < ACTIONS {
                Step::Plan(Action::Rest)
            } else {
                Step::Seal
            });
        }
        let legal = self.legal_steps(data, seat);
        legal
            .iter()
            .find(|s| **s == Step::Pass)
            .or_else(|| legal.first())
            .cloned()
    }
}
