//! Notation: the steps as players type them and as the log writes them.

use super::*;
use crate::engine::notation;

const KINDS: [&str; 10] = [
    "guide", "trap", "leopard", "tahr", "deer", "yak", "claim", "camp", "give", "end",
];

impl NangaParbat {
    /// Parse typed text: the step word by unique prefix, then its arguments exactly
    /// (sections `r.s`, regions `1`-`6`, squares `A1`-`C5`, animals by unique prefix).
    /// A well-formed step is returned even if illegal, so that `check` says which rule
    /// forbids it.
    pub(in crate::games::nanga_parbat) fn parse_text(
        &self,
        data: &NangaData,
        seat: Seat,
        text: &str,
    ) -> Result<Step, ParseError> {
        let words = notation::words(text)?;
        let kind = self.step_kind(data, seat, text, &words[0])?;
        let form = step_form(kind);
        self.check_word_count(data, seat, kind, &words)?;
        let bad = |w: &str, what: &str| {
            ParseError::Syntax(format!(
                "`{}` is not {what}; expected {form}",
                notation::clip(w)
            ))
        };
        let cellw = |i: usize| {
            parse_cell(&words[i]).ok_or_else(|| {
                bad(
                    &words[i],
                    "a section (region.section, both 1 to 6, e.g. 4.6)",
                )
            })
        };
        let regionw = |i: usize| {
            words[i]
                .parse::<u8>()
                .ok()
                .filter(|r| (1..=REGIONS as u8).contains(r) && words[i].len() == 1)
                .map(|r| r - 1)
                .ok_or_else(|| bad(&words[i], "a region number from 1 to 6"))
        };
        Ok(match kind {
            "guide" => Step::Guide(regionw(1)?),
            "yak" => Step::Yak(regionw(1)?),
            "trap" => Step::Trap(cellw(1)?),
            "deer" => Step::Deer(cellw(1)?),
            "camp" => Step::Camp(cellw(1)?),
            "leopard" => {
                let (a, b) = (cellw(1)?, cellw(2)?);
                Step::Leopard {
                    first: a.min(b),
                    second: a.max(b),
                }
            }
            "tahr" => self.tahr_step(cellw(1)?, cellw(2)?),
            "claim" => Step::Claim(
                parse_square(&words[1]).ok_or_else(|| bad(&words[1], "a square (A1 to C5)"))?,
            ),
            "give" => {
                Step::Give(animal_named(&words[1]).ok_or_else(|| bad(&words[1], "one animal"))?)
            }
            _ => Step::End,
        })
    }

    /// Refuse text with too few or too many words for `kind`: `trap` alone gets the legal
    /// steps of that kind, if any, else the step's form.
    fn check_word_count(
        &self,
        data: &NangaData,
        seat: Seat,
        kind: &'static str,
        words: &[String],
    ) -> Result<(), ParseError> {
        let form = step_form(kind);
        let arity = match kind {
            "end" => 0,
            "leopard" | "tahr" => 2,
            _ => 1,
        };
        if words.len() < 1 + arity {
            // `trap` alone: the legal steps of that kind, if any, else the form.
            let typed = std::iter::once(kind)
                .chain(words[1..].iter().map(String::as_str))
                .collect::<Vec<_>>()
                .join(" ");
            let legal = self.legal_steps(data, seat);
            let names: Vec<String> = legal.iter().map(|s| Self::format_step(data, s)).collect();
            if let Err(e @ ParseError::Incomplete { .. }) = notation::match_step(&typed, &names) {
                return Err(e);
            }
        }
        if words.len() != 1 + arity {
            return Err(ParseError::Syntax(format!(
                "`{kind}` takes {}: {form}",
                crate::engine::counted(arity, "value")
            )));
        }
        Ok(())
    }

    /// The step kind a first word names (whole, or the start of one kind only).
    fn step_kind(
        &self,
        data: &NangaData,
        seat: Seat,
        text: &str,
        word: &str,
    ) -> Result<&'static str, ParseError> {
        let kinds: Vec<&str> = match KINDS.iter().find(|k| **k == word) {
            Some(k) => vec![*k],
            None => KINDS
                .iter()
                .copied()
                .filter(|k| k.starts_with(word))
                .collect(),
        };
        let legal_names = || -> Vec<String> {
            self.legal_steps(data, seat)
                .iter()
                .map(|s| Self::format_step(data, s))
                .collect()
        };
        match kinds.as_slice() {
            [k] => Ok(*k),
            [] => {
                let names = legal_names();
                let mut verbs: Vec<String> = Vec::new();
                for v in names.iter().map(|n| notation::verb(n)) {
                    if !verbs.iter().any(|x| x == v) {
                        verbs.push(v.to_string());
                    }
                }
                Err(ParseError::UnknownVerb(Box::new(notation::UnknownVerb {
                    input: text.trim().to_string(),
                    word: text.split_whitespace().next().unwrap_or(word).to_string(),
                    near: notation::nearest(word, KINDS.iter().copied(), 3),
                    verbs,
                })))
            }
            many => Err(ParseError::Syntax(format!(
                "`{}` could be {}; type more of the word",
                notation::clip(word),
                many.iter()
                    .map(|k| format!("`{k}`"))
                    .collect::<Vec<_>>()
                    .join(" or ")
            ))),
        }
    }

    /// `tahr a b` in either order: the hiker is put first.
    fn tahr_step(&self, a: u8, b: u8) -> Step {
        if matches!(self.cells[a as usize], Piece::Animal(_))
            && !matches!(self.cells[b as usize], Piece::Animal(_))
        {
            Step::Tahr {
                hiker: b,
                animal: a,
            }
        } else {
            Step::Tahr {
                hiker: a,
                animal: b,
            }
        }
    }
}

/// The notation of a step kind, with an example, for parse errors.
fn step_form(kind: &str) -> &'static str {
    match kind {
        "guide" => "guide <region 1-6>, e.g. `guide 3`",
        "trap" => "trap <region.section>, e.g. `trap 4.6`",
        "leopard" => "leopard <r.s> <r.s> (two adjacent hikers), e.g. `leopard 2.3 2.5`",
        "tahr" => "tahr <hiker r.s> <animal r.s>, e.g. `tahr 1.1 1.2`",
        "deer" => "deer <r.s> (the first animal, then the second), e.g. `deer 3.4`",
        "yak" => "yak <region 1-6>, e.g. `yak 5`",
        "claim" => "claim <square A1-C5> (row A camps, B different animals, C same animal; column 1-5), e.g. `claim B3`",
        "camp" => "camp <r.s> (one of your hikers), e.g. `camp 4.1`",
        "give" => "give <animal>: leopard, tahr, deer, yak, bharal or panda, e.g. `give tahr`",
        _ => "end",
    }
}

/// The animal a word names: its word exactly, or the start of one animal's word or name.
fn animal_named(w: &str) -> Option<Animal> {
    if let Some(a) = Animal::ALL.iter().find(|a| a.word() == w) {
        return Some(*a);
    }
    let hits: Vec<Animal> = Animal::ALL
        .iter()
        .copied()
        .filter(|a| a.word().starts_with(w) || a.name().starts_with(w))
        .collect();
    match hits.as_slice() {
        [a] => Some(*a),
        _ => None,
    }
}
