//! Text → step matching shared by all games: syntax checks first, then matching against the
//! canonical notation of the legal steps, with case-insensitive unique-prefix matching of
//! each word (`mo gor pok` → `move Gorkha Pokhara`).
//!
//! Invariant: a word that holds a digit (`20`, `4.6`, `B3`, `1-2`) is a number or a
//! coordinate, not a name, and matches only exactly: `start 2` never plays `start 20`.

use std::fmt;

/// Longest step text accepted.
pub const MAX_STEP_LEN: usize = 200;

/// Why text did not name a legal step. The message says what would be accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    Empty,
    /// Bad syntax (too long, control characters...). The string says what was wrong.
    Syntax(String),
    /// No legal step matches. `suggestions` are the closest legal steps (may be empty when
    /// the seat has nothing to do).
    NoMatch {
        input: String,
        suggestions: Vec<String>,
    },
    /// Several legal steps match the prefix.
    Ambiguous {
        input: String,
        candidates: Vec<String>,
    },
    /// The text is the start of longer steps with words left out (`take 3` for
    /// `take 3 white`, `take pink` for `take 2 pink`); `completions` are those steps.
    Incomplete {
        input: String,
        completions: Vec<String>,
    },
}

fn list(v: &[String]) -> String {
    const SHOW: usize = 12;
    let mut s: Vec<String> = v.iter().take(SHOW).map(|x| format!("`{x}`")).collect();
    if v.len() > SHOW {
        s.push(format!("… and {} more", v.len() - SHOW));
    }
    s.join(", ")
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Empty => write!(f, "no step given; type a step such as `end`, or ask for the legal ones with `move` alone"),
            ParseError::Syntax(s) => f.write_str(s),
            ParseError::NoMatch { input, suggestions } if suggestions.is_empty() => {
                write!(f, "`{}` is not a legal step, and you have no steps to take now", clip(input))
            }
            ParseError::NoMatch { input, suggestions } => {
                write!(f, "`{}` is not a legal step now; legal steps include: {}", clip(input), list(suggestions))
            }
            ParseError::Ambiguous { input, candidates } => {
                write!(f, "`{}` could mean several steps: {}; type more of the name", clip(input), list(candidates))
            }
            ParseError::Incomplete { input, completions } if completions.len() == 1 => {
                write!(f, "`{}` is not a whole step; did you mean {}?", clip(input), list(completions))
            }
            ParseError::Incomplete { input, completions } => {
                write!(f, "`{}` is not a whole step; it could be: {}; type the whole step", clip(input), list(completions))
            }
        }
    }
}
impl std::error::Error for ParseError {}

/// Shorten user text for echoing in an error, and defuse mentions.
pub fn clip(s: &str) -> String {
    let mut out: String = s.chars().take(60).collect();
    if s.chars().count() > 60 {
        out.push('…');
    }
    out.replace('@', "@\u{200b}").replace('`', "'")
}

/// The verb of a step's canonical notation: its first word (`move` in `move Gorkha Pokhara`).
pub fn verb(notation: &str) -> &str {
    notation.split(' ').next().unwrap_or("")
}

/// Split into lower-cased words, after syntax checks.
pub fn words(text: &str) -> Result<Vec<String>, ParseError> {
    if text.len() > MAX_STEP_LEN {
        return Err(ParseError::Syntax(format!(
            "that step is {} characters long; steps are at most {MAX_STEP_LEN}",
            text.len()
        )));
    }
    if let Some(c) = text.chars().find(|c| c.is_control() && !c.is_whitespace()) {
        return Err(ParseError::Syntax(format!(
            "the step contains a control character (U+{:04X}); use letters, digits and spaces",
            c as u32
        )));
    }
    let w: Vec<String> = text.split_whitespace().map(|w| w.to_lowercase()).collect();
    if w.is_empty() {
        return Err(ParseError::Empty);
    }
    Ok(w)
}

/// Does typed word `typed` (lower case) stand for candidate word `cand` (lower case)?
/// Names match by prefix; a word holding a digit only exactly.
pub fn word_matches(cand: &str, typed: &str) -> bool {
    if cand.bytes().any(|b| b.is_ascii_digit()) {
        cand == typed
    } else {
        cand.starts_with(typed)
    }
}

/// The shortest start of `name`, at least `min` characters long (or all of it), that
/// names it and no other of `names` by the rule above ([`word_matches`], case aside): a
/// short label a board can show that a player can type as it is. A name that starts
/// another name is all of it (an exact word wins over a prefix).
pub fn unique_prefix<'a>(name: &'a str, names: &[&str], min: usize) -> &'a str {
    let lower: Vec<String> = names
        .iter()
        .filter(|n| !n.eq_ignore_ascii_case(name))
        .map(|n| n.to_lowercase())
        .collect();
    let ends = name
        .char_indices()
        .map(|(i, c)| i + c.len_utf8())
        .skip(min.saturating_sub(1));
    for end in ends {
        let p = name[..end].to_lowercase();
        if !lower.iter().any(|o| word_matches(o, &p)) {
            return &name[..end];
        }
    }
    name
}

/// Match `text` against canonical step strings; returns the index of the one meant.
///
/// Rules: an exact (case-insensitive) match wins; otherwise every input word must be a
/// prefix of the corresponding word (or equal to it, for words holding a digit), with the
/// same number of words; one match is taken,
/// several give [`ParseError::Ambiguous`] (unless exactly one of them matches every word
/// exactly). Text that fits no step that way is tried as a step with its first word (its
/// verb) left out: `kath dha` for `move Kathmandu Dhading`. Text that is the start of
/// longer steps with words left out gives [`ParseError::Incomplete`] with those steps;
/// anything else [`ParseError::NoMatch`] with the closest steps.
pub fn match_step(text: &str, candidates: &[String]) -> Result<usize, ParseError> {
    let input = words(text)?;
    let mut hits = Vec::new();
    for (i, c) in candidates.iter().enumerate() {
        let cw: Vec<String> = c.split_whitespace().map(|w| w.to_lowercase()).collect();
        if cw == input {
            return Ok(i);
        }
        if cw.len() == input.len() && cw.iter().zip(&input).all(|(c, i)| word_matches(c, i)) {
            hits.push(i);
        }
    }
    if hits.is_empty() {
        hits = verb_left_out(&input, candidates);
    }
    match hits.len() {
        1 => Ok(hits[0]),
        0 => {
            let whole: Vec<String> = completions(&input, candidates).cloned().collect();
            if !whole.is_empty() {
                return Err(ParseError::Incomplete {
                    input: text.trim().to_string(),
                    completions: whole,
                });
            }
            // Closest: those sharing the longest leading run of matching words.
            let score = |c: &String| {
                c.split_whitespace()
                    .zip(&input)
                    .take_while(|(c, i)| word_matches(&c.to_lowercase(), i))
                    .count()
            };
            let best = candidates.iter().map(score).max().unwrap_or(0);
            let suggestions = candidates
                .iter()
                .filter(|c| score(c) == best)
                .cloned()
                .collect();
            Err(ParseError::NoMatch {
                input: text.trim().to_string(),
                suggestions,
            })
        }
        _ => Err(ParseError::Ambiguous {
            input: text.trim().to_string(),
            candidates: hits.iter().map(|&i| candidates[i].clone()).collect(),
        }),
    }
}

/// The candidates that `input` (lower-cased words) names with the step's first word, a
/// verb, left out (`kath dha` for `move Kathmandu Dhading`, as `/move step:` invites):
/// every other word in place.
fn verb_left_out(input: &[String], candidates: &[String]) -> Vec<usize> {
    let fits = |c: &String| {
        let cw: Vec<String> = c.split_whitespace().map(|w| w.to_lowercase()).collect();
        cw.len() == input.len() + 1
            && !cw[0].bytes().any(|b| b.is_ascii_digit())
            && cw[1..].iter().zip(input).all(|(c, i)| word_matches(c, i))
    };
    (0..candidates.len())
        .filter(|&i| fits(&candidates[i]))
        .collect()
}

/// The candidates that `input` (lower-cased words) abbreviates with words left out: longer
/// steps whose first word `input`'s first word names and whose words hold the rest of
/// `input`, in order (`take pink` in `take 2 pink`).
fn completions<'a>(
    input: &'a [String],
    candidates: &'a [String],
) -> impl Iterator<Item = &'a String> + 'a {
    candidates.iter().filter(move |c| {
        let cw: Vec<String> = c.split_whitespace().map(|w| w.to_lowercase()).collect();
        if cw.len() <= input.len() || !word_matches(&cw[0], &input[0]) {
            return false;
        }
        let mut rest = cw[1..].iter();
        input[1..]
            .iter()
            .all(|typed| rest.any(|cand| word_matches(cand, typed)))
    })
}

/// Which step `text` names, among the `legal` steps first and then the other
/// `candidates` (each as its notation): [`Fit::Legal`] or, when it fits no legal step, a
/// [`Fit::Refused`] candidate whose refusal will say why. Text that leaves words out of
/// legal steps is answered with them ([`ParseError::Incomplete`]); of refused steps only,
/// with the first of them (all share the text's first word). Text that fits nothing is
/// answered with the closest legal steps only, never a refused one.
/// `candidates` is called only when the text fits no legal step.
pub fn fit_step(
    text: &str,
    legal: &[String],
    candidates: impl FnOnce() -> Vec<String>,
) -> Result<Fit, ParseError> {
    let no_legal_fit = match match_step(text, legal) {
        Ok(i) => return Ok(Fit::Legal(i)),
        Err(e @ ParseError::NoMatch { .. }) => e,
        Err(e) => return Err(e),
    };
    let candidates = candidates();
    match match_step(text, &candidates) {
        Ok(i) => Ok(Fit::Refused(i)),
        Err(e @ ParseError::Incomplete { .. }) => first_completion(&e, &candidates)
            .map(Fit::Refused)
            .ok_or(no_legal_fit),
        Err(ParseError::NoMatch { .. }) => Err(no_legal_fit),
        Err(e) => Err(e),
    }
}

/// For an [`ParseError::Incomplete`] answer from matching `names`: the index in `names` of
/// the first step it lists (the one a refusal can speak for); `None` for other errors.
pub fn first_completion(e: &ParseError, names: &[String]) -> Option<usize> {
    match e {
        ParseError::Incomplete { completions, .. } => {
            names.iter().position(|n| Some(n) == completions.first())
        }
        _ => None,
    }
}

/// The step that [`fit_step`] found, by its index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fit {
    /// The index of a legal step.
    Legal(usize),
    /// The index of a candidate that is not legal now.
    Refused(usize),
}

/// Edits (insert, delete, change, swap of neighbours) between two short words.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let change = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + change);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;
    fn c(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }
    #[test]
    fn a_unique_prefix_is_the_shortest_start_no_other_name_shares() {
        let names = ["Kathmandu", "Kaski", "Kailali", "Ilam", "Dolpa", "Dolakha"];
        assert_eq!(unique_prefix("Kathmandu", &names, 3), "Kat");
        assert_eq!(unique_prefix("Kathmandu", &names, 4), "Kath");
        assert_eq!(unique_prefix("Dolpa", &names, 3), "Dolp");
        assert_eq!(unique_prefix("Ilam", &names, 6), "Ilam");
        assert_eq!(unique_prefix("Jumla", &["Jumla", "Jumlanka"], 2), "Jumla");
        for n in names {
            let p = unique_prefix(n, &names, 1).to_lowercase();
            let hits: Vec<&str> = names
                .iter()
                .copied()
                .filter(|o| word_matches(&o.to_lowercase(), &p))
                .collect();
            assert_eq!(hits, [n]);
        }
    }

    #[test]
    fn unique_prefix_matches_case_insensitively() {
        let cands = c(&[
            "move Gorkha Pokhara",
            "move Gorkha Kathmandu",
            "grow Gorkha",
            "end",
        ]);
        assert_eq!(match_step("MO gor pok", &cands), Ok(0));
        assert_eq!(match_step("end", &cands), Ok(3));
    }
    #[test]
    fn ambiguous_prefix_lists_candidates() {
        let cands = c(&["move Gorkha Pokhara", "move Gorkha Palpa"]);
        match match_step("move gor p", &cands) {
            Err(ParseError::Ambiguous { candidates, .. }) => assert_eq!(candidates.len(), 2),
            other => panic!("{other:?}"),
        }
    }
    #[test]
    fn numbers_and_coordinates_match_only_exactly() {
        let cands = c(&["start 20", "start 3", "trap 4.6", "claim B3", "yeti 1-2"]);
        assert!(matches!(
            match_step("start 2", &cands),
            Err(ParseError::NoMatch { .. })
        ));
        assert_eq!(match_step("st 20", &cands), Ok(0));
        assert_eq!(match_step("start 3", &cands), Ok(1));
        assert!(match_step("trap 4.", &cands).is_err());
        assert!(match_step("trap 4", &cands).is_err());
        assert_eq!(match_step("trap 4.6", &cands), Ok(2));
        assert!(match_step("claim b", &cands).is_err());
        assert_eq!(match_step("claim b3", &cands), Ok(3));
        assert!(match_step("yeti 1", &cands).is_err());
        assert!(word_matches("gorkha", "gor"));
        assert!(!word_matches("20", "2"));
    }
    #[test]
    fn exact_word_beats_prefix() {
        let cands = c(&["grow Dolpa", "grow Dolpa-East"]);
        assert_eq!(match_step("grow dolpa", &cands), Ok(0));
    }
    #[test]
    fn no_match_suggests_and_control_chars_are_refused() {
        let cands = c(&["grow Kathmandu", "end"]);
        assert!(matches!(
            match_step("fly away", &cands),
            Err(ParseError::NoMatch { .. })
        ));
        assert!(matches!(
            match_step("end\u{0}", &cands),
            Err(ParseError::Syntax(_))
        ));
        assert!(matches!(
            match_step(&"x".repeat(1000), &cands),
            Err(ParseError::Syntax(_))
        ));
        assert_eq!(match_step("   ", &cands), Err(ParseError::Empty));
    }

    #[test]
    fn text_with_words_left_out_is_answered_with_the_whole_steps() {
        let cands = c(&[
            "take 2 pink",
            "take 4 pink",
            "take 3 white",
            "build silk",
            "trap 4.6",
        ]);
        let incomplete = |text: &str| match match_step(text, &cands) {
            Err(ParseError::Incomplete { completions, .. }) => completions,
            other => panic!("`{text}`: {other:?}"),
        };
        assert_eq!(incomplete("take pink"), c(&["take 2 pink", "take 4 pink"]));
        assert_eq!(incomplete("take 3"), c(&["take 3 white"]));
        assert_eq!(incomplete("bu"), c(&["build silk"]));
        // Only longer steps, whose first word the first word names, in order.
        assert!(matches!(
            match_step("trap 4", &cands),
            Err(ParseError::NoMatch { .. })
        ));
        assert!(matches!(
            match_step("pink", &cands),
            Err(ParseError::NoMatch { .. })
        ));
        assert!(matches!(
            match_step("take pink 2", &cands),
            Err(ParseError::NoMatch { .. })
        ));
        let one = ParseError::Incomplete {
            input: "take 3".into(),
            completions: c(&["take 3 white"]),
        };
        assert_eq!(
            one.to_string(),
            "`take 3` is not a whole step; did you mean `take 3 white`?"
        );
    }

    #[test]
    fn a_step_may_leave_out_its_verb_when_every_other_word_fits() {
        let cands = c(&[
            "move Kathmandu Dhading",
            "move Kathmandu Dolpa",
            "grow Kathmandu",
            "start 7",
            "end",
        ]);
        assert_eq!(match_step("kath dha", &cands), Ok(0));
        assert_eq!(match_step("7", &cands), Ok(3));
        assert!(
            matches!(match_step("kath d", &cands), Err(ParseError::Ambiguous { candidates, .. }) if candidates.len() == 2)
        );
        // A whole step with its verb still wins, and a number never stands for a name.
        assert_eq!(match_step("grow kath", &cands), Ok(2));
        assert!(match_step("8", &cands).is_err());
    }

    #[test]
    fn fit_step_prefers_legal_steps_and_names_a_refused_one_only_when_no_legal_fits() {
        let legal = c(&["take 2 pink", "take 4 pink", "consolidate"]);
        let all = || {
            c(&[
                "take 2 pink",
                "take 3 white",
                "take 3 green",
                "take 4 pink",
                "consolidate",
            ])
        };
        assert_eq!(fit_step("take 2 pink", &legal, all), Ok(Fit::Legal(0)));
        assert!(matches!(
            fit_step("take pink", &legal, all),
            Err(ParseError::Incomplete { completions, .. }) if completions.len() == 2
        ));
        assert_eq!(fit_step("take 3", &legal, all), Ok(Fit::Refused(1)));
        assert_eq!(fit_step("take 3 green", &legal, all), Ok(Fit::Refused(2)));
        // Text that fits nothing suggests legal steps only.
        match fit_step("take 9", &legal, all) {
            Err(ParseError::NoMatch { suggestions, .. }) => {
                assert_eq!(suggestions, c(&["take 2 pink", "take 4 pink"]))
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn edit_distance_counts_single_edits() {
        assert_eq!(edit_distance("fortres", "fortress"), 1);
        assert_eq!(edit_distance("route", "routes"), 1);
        assert_eq!(edit_distance("grow", "grow"), 0);
        assert_eq!(edit_distance("abc", "xyz"), 3);
        assert_eq!(edit_distance("tunr", "turn"), 1);
    }
}
