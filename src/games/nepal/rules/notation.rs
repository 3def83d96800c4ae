//! Notation: the steps as players type them and as the log writes them.

use super::*;
use crate::engine::notation;

impl Nepal {
    /// Same matching rules as the default (`engine::match_step` over the legal steps: an
    /// exact match wins, else a unique per-word prefix match), computed from the words
    /// instead of formatting every legal step: the kind and province names are matched by
    /// prefix, the few resulting steps are checked with [`Nepal::step_ok`]. Text that names
    /// no legal step but a step the rules forbid is read as that step, so that it is refused
    /// with the rule's reason. Other errors are worded by the shared matcher.
    pub(in crate::games::nepal) fn parse_text(
        &self,
        data: &NepalData,
        seat: Seat,
        text: &str,
    ) -> Result<Step, ParseError> {
        let words = notation::words(text)?;
        let mut hits: Vec<Step> = Vec::new();
        let mut forbidden: Vec<(Step, bool)> = Vec::new();
        const KINDS: [(&str, usize); 5] = [
            ("move", 2),
            ("grow", 1),
            ("fortress", 1),
            ("place", 1),
            ("end", 0),
        ];
        let named_verb = KINDS.iter().any(|(k, _)| k.starts_with(words[0].as_str()));
        // Two names and no verb can only be a move (no other step takes two names).
        let with_move: Vec<String> = std::iter::once("move".to_string())
            .chain(words.iter().cloned())
            .collect();
        for (kind, arity) in KINDS {
            let words = if words.len() == 1 + arity && kind.starts_with(words[0].as_str()) {
                &words
            } else if kind == "move" && words.len() == arity && !named_verb {
                &with_move
            } else {
                continue;
            };
            let steps = Self::typed_steps(data, kind, arity, words);
            for (st, exact) in steps {
                if self.step_ok(data, seat, &st).is_err() {
                    forbidden.push((st, exact));
                } else if exact {
                    return Ok(st);
                } else {
                    hits.push(st);
                }
            }
        }
        if hits.len() == 1 {
            return Ok(hits[0]);
        }
        if hits.is_empty() && !forbidden.is_empty() {
            return Self::forbidden_named(data, text, &forbidden);
        }
        // No match or several: the shared matcher reads it, and words what it cannot read.
        self.read_as_listed(data, seat, text)
    }

    /// The steps of `kind` (with `arity` names) the words may name, each with whether it
    /// was named exactly; names are read by prefix.
    fn typed_steps(
        data: &NepalData,
        kind: &str,
        arity: usize,
        words: &[String],
    ) -> Vec<(Step, bool)> {
        let matching = |w: &str| -> Vec<(u8, bool)> {
            data.lower
                .iter()
                .enumerate()
                .filter(|(_, n)| n.starts_with(w))
                .map(|(i, n)| (i as u8, n == w))
                .collect()
        };
        let kexact = kind == words[0];
        let mut steps: Vec<(Step, bool)> = Vec::new();
        match arity {
            0 => steps.push((Step::End, kexact)),
            1 => {
                for (p, e) in matching(&words[1]) {
                    let st = match kind {
                        "grow" => Step::Grow(p),
                        "fortress" => Step::Fortress(p),
                        _ => Step::Place(p),
                    };
                    steps.push((st, kexact && e));
                }
            }
            _ => {
                let to = matching(&words[2]);
                for (f, e1) in matching(&words[1]) {
                    for &(t, e2) in &to {
                        steps.push((Step::Move { from: f, to: t }, kexact && e1 && e2));
                    }
                }
            }
        }
        steps
    }

    /// Text the typed reading could not settle, read against the listed steps by the shared
    /// matcher; what it cannot read is worded by stage 1 (`notation::unreadable`).
    fn read_as_listed(&self, data: &NepalData, seat: Seat, text: &str) -> Result<Step, ParseError> {
        let legal = self.legal_steps(data, seat);
        let name = |s: &Step| <Self as Game>::format_step(data, s);
        let names: Vec<String> = legal.iter().map(name).collect();
        match match_step(text, &names) {
            Ok(i) => Ok(legal[i]),
            Err(ParseError::NoMatch { .. }) => {
                let mut all = self.candidates(data, seat);
                for (from, near) in data.adj.iter().enumerate() {
                    let from = from as u8;
                    all.extend(near.iter().map(|&to| Step::Move { from, to }));
                }
                let all: Vec<String> = all.iter().map(name).collect();
                Err(notation::unreadable(
                    text,
                    &all,
                    &names,
                    &<Self as Game>::noun,
                ))
            }
            Err(e) => Err(e),
        }
    }

    /// Text that names no legal step but steps the rules forbid (with whether each was named
    /// exactly): the exact one or the only one, which the rules then refuse with their
    /// reason (as the default parser does); several are ambiguous.
    fn forbidden_named(
        data: &NepalData,
        text: &str,
        forbidden: &[(Step, bool)],
    ) -> Result<Step, ParseError> {
        if let Some(&(st, _)) = forbidden.iter().find(|(_, exact)| *exact) {
            return Ok(st);
        }
        match forbidden {
            [(st, _)] => Ok(*st),
            _ => Err(ParseError::Ambiguous {
                input: text.trim().to_string(),
                candidates: forbidden
                    .iter()
                    .map(|(st, _)| <Self as Game>::format_step(data, st))
                    .collect(),
            }),
        }
    }
}
