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
    /// The first word is no step's verb (`grwo`).
    UnknownVerb(Box<UnknownVerb>),
    /// A word names nothing any step takes (`Narnia`).
    UnknownName(Box<UnknownName>),
    /// Every word is known, but one follows the words before it in no step now.
    Unfit(Box<Unfit>),
    /// More words than any `verb` step takes; `forms` are such steps, whole.
    TooManyWords {
        verb: String,
        forms: Vec<String>,
    },
}

/// The first word of a text is no step's verb (`grwo`): `near` are verbs spelt like it,
/// `verbs` every verb of a step that could be taken now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVerb {
    pub input: String,
    pub word: String,
    pub near: Vec<String>,
    pub verbs: Vec<String>,
}

/// A word names nothing any step takes (`Narnia`): `noun` is what the word should name
/// (`province`), `near` the names spelt most like it, `close` the legal steps starting as
/// the text does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownName {
    pub word: String,
    pub noun: &'static str,
    pub near: Vec<String>,
    pub close: Vec<String>,
}

/// Every word is known, but `word` follows `before` in no step now (`move Kathmandu
/// Jumla` when Jumla is no neighbour); `close` are legal steps starting with `before`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unfit {
    pub before: String,
    pub word: String,
    pub close: Vec<String>,
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
            ParseError::UnknownVerb(u) => {
                let UnknownVerb {
                    input,
                    word,
                    near,
                    verbs,
                } = &**u;
                if input.split_whitespace().nth(1).is_some() {
                    write!(f, "`{}`: ", clip(input))?;
                }
                write!(f, "no step starts with `{}`", clip(word))?;
                if near.is_empty() {
                    f.write_str("; steps")?;
                } else {
                    write!(f, "; did you mean {}? Steps", or_list(near))?;
                }
                write!(f, " you can take now start with {}", or_list(verbs))
            }
            ParseError::UnknownName(u) => {
                let UnknownName {
                    word,
                    noun,
                    near,
                    close,
                } = &**u;
                write!(f, "there is no {noun} `{}` in the steps you can take now", clip(word))?;
                if !near.is_empty() {
                    write!(f, "; did you mean {}?", or_list(near))
                } else if !close.is_empty() {
                    write!(f, "; steps starting so: {}", list(close))
                } else {
                    Ok(())
                }
            }
            ParseError::Unfit(u) => {
                let Unfit {
                    before,
                    word,
                    close,
                } = &**u;
                write!(f, "`{}` cannot follow `{}` in any step now", clip(word), clip(before))?;
                if close.is_empty() {
                    Ok(())
                } else {
                    write!(f, "; steps starting so: {}", list(close))
                }
            }
            ParseError::TooManyWords { verb, forms } => write!(
                f,
                "`{}` takes fewer words; it is written like {}",
                clip(verb),
                list(forms)
            ),
        }
    }
}
impl std::error::Error for ParseError {}

/// `` `a`, `b` or `c` ``.
fn or_list(v: &[String]) -> String {
    let q: Vec<String> = v.iter().map(|x| format!("`{x}`")).collect();
    match q.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => q.join(""),
    }
}

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
        let longer = verb_left_out_longer(&input, candidates);
        if !hits.is_empty() && !longer.is_empty() {
            // `kath`: `grow Kathmandu`, or the start of a move from Kathmandu? Ask.
            return Err(ParseError::Incomplete {
                input: text.trim().to_string(),
                completions: hits
                    .iter()
                    .chain(&longer)
                    .map(|&i| candidates[i].clone())
                    .collect(),
            });
        }
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

/// The candidates that `input` (lower-cased words) starts with their verb left out, having
/// more words (`kath` starts `move Kathmandu Dhading`): then a shorter fit with the verb
/// left out (`grow Kathmandu`) is not taken without asking.
fn verb_left_out_longer(input: &[String], candidates: &[String]) -> Vec<usize> {
    let fits = |c: &String| {
        let cw: Vec<String> = c.split_whitespace().map(|w| w.to_lowercase()).collect();
        cw.len() > input.len() + 1
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
/// Text that fits nothing is answered by [`unreadable`] (stage 1 says which word it
/// could not read), `noun` naming what a word of a step names ([`crate::engine::Game::noun`]).
pub fn fit_step(
    text: &str,
    legal: &[String],
    candidates: impl FnOnce() -> Vec<String>,
    noun: &dyn Fn(&str, usize) -> Option<&'static str>,
) -> Result<Fit, ParseError> {
    match match_step(text, legal) {
        Ok(i) => return Ok(Fit::Legal(i)),
        Err(ParseError::NoMatch { .. }) => {}
        Err(e) => return Err(e),
    };
    let candidates = candidates();
    let why = || {
        let mut all = legal.to_vec();
        all.extend(candidates.iter().filter(|c| !legal.contains(c)).cloned());
        unreadable(text, &all, legal, noun)
    };
    match match_step(text, &candidates) {
        Ok(i) => Ok(Fit::Refused(i)),
        Err(e @ ParseError::Incomplete { .. }) => first_completion(&e, &candidates)
            .map(Fit::Refused)
            .ok_or_else(why),
        Err(ParseError::NoMatch { .. }) => Err(why()),
        Err(e) => Err(e),
    }
}

/// Stage 1's answer for text that fits no step, legal or forbidden: which word it could not
/// read, and why. `names` are the notations of every step the text might have meant (legal
/// and forbidden), `legal` those legal now (their verbs are the ones offered). In order: a
/// first word that is no verb (nor a name a step may start with, its verb left out) gets
/// the verbs spelt like it ([`ParseError::UnknownVerb`]); a word that no step takes at all
/// gets the names spelt like it ([`ParseError::UnknownName`], with the game's `noun` for
/// it); a known word that follows the words before it in no step gets the steps that
/// start so ([`ParseError::Unfit`]); too many words get the verb's forms; too few the
/// whole steps. Never a bare list: every answer names the word it could not read.
pub fn unreadable(
    text: &str,
    names: &[String],
    legal: &[String],
    noun: &dyn Fn(&str, usize) -> Option<&'static str>,
) -> ParseError {
    let input = match words(text) {
        Ok(w) => w,
        Err(e) => return e,
    };
    let reading = Reading {
        text,
        input: &input,
        as_typed: text.split_whitespace().collect(),
        all: names.iter().map(|n| split_words(n)).collect(),
        legal,
    };
    let Some(shapes) = reading.shapes() else {
        return reading.unknown_verb();
    };
    for i in 1..shapes.typed.len() {
        if let Some(answer) = reading.word_at(&shapes, i, noun) {
            return answer;
        }
    }
    reading.too_few(shapes)
}

/// A step's words.
fn split_words(n: &str) -> Vec<String> {
    n.split_whitespace().map(str::to_string).collect()
}

/// A step's verb, in lower case.
fn verb_of(n: &[String]) -> String {
    n.first().map(|w| w.to_lowercase()).unwrap_or_default()
}

/// Text [`unreadable`] words: what was typed, and every step it might have meant.
struct Reading<'a> {
    text: &'a str,
    /// The words as read (lower case).
    input: &'a [String],
    /// The words as typed (echoed in their case).
    as_typed: Vec<&'a str>,
    /// Every step the text might have meant, as words.
    all: Vec<Vec<String>>,
    legal: &'a [String],
}

/// The steps the first word names, and the words read against them.
struct Shapes<'a> {
    steps: Vec<&'a Vec<String>>,
    /// The words, with the verb put back when it was left out.
    typed: Vec<String>,
    /// 1 when the verb was put back: `typed[i]` is the typed word `i - shift`.
    shift: usize,
    /// Whether the verb was named whole: a verb only begun (`do` for `done`) with more
    /// words than its steps is another verb.
    exact: bool,
    verb: String,
}

impl Reading<'_> {
    /// The first word is no verb, nor a name a step may start with: the verbs spelt like it.
    fn unknown_verb(&self) -> ParseError {
        let mut verbs: Vec<String> = Vec::new();
        for n in self.legal.iter().map(|n| split_words(n)) {
            let v = verb_of(&n);
            if !v.is_empty() && !verbs.contains(&v) {
                verbs.push(v);
            }
        }
        let every: Vec<String> = self.all.iter().map(|n| verb_of(n)).collect();
        ParseError::UnknownVerb(Box::new(UnknownVerb {
            input: self.text.trim().to_string(),
            word: self.as_typed[0].to_string(),
            near: nearest(&self.input[0], every.iter().map(String::as_str), 3),
            verbs,
        }))
    }

    /// With its verb: the steps whose verb the first word names; without (`kath dha`): the
    /// steps whose second word it names, read with their verb put back. `None` for neither.
    fn shapes(&self) -> Option<Shapes<'_>> {
        let first = &self.input[0];
        let mut steps: Vec<&Vec<String>> = self
            .all
            .iter()
            .filter(|n| word_matches(&verb_of(n), first))
            .collect();
        let mut typed = self.input.to_vec();
        let mut shift = 0;
        if steps.is_empty() {
            steps = self
                .all
                .iter()
                .filter(|n| n.len() > 1 && word_matches(&n[1].to_lowercase(), first))
                .collect();
            typed.insert(0, verb_of(steps.first()?));
            shift = 1;
        }
        let exact = shift == 1 || steps.iter().any(|n| verb_of(n) == *first);
        let verb = verb_of(steps[0]);
        Some(Shapes {
            steps,
            typed,
            shift,
            exact,
            verb,
        })
    }

    /// The legal steps among `steps`, at most six.
    fn legal_among(&self, steps: &[&Vec<String>]) -> Vec<String> {
        let mut close: Vec<String> = Vec::new();
        for n in steps {
            let s = n.join(" ");
            if self.legal.contains(&s) && !close.contains(&s) && close.len() < 6 {
                close.push(s);
            }
        }
        close
    }

    /// The answer about word `i` (of `sh.typed`), or `None` when some step takes it there.
    fn word_at(
        &self,
        sh: &Shapes<'_>,
        i: usize,
        noun: &dyn Fn(&str, usize) -> Option<&'static str>,
    ) -> Option<ParseError> {
        let typed = &sh.typed;
        let alive: Vec<&Vec<String>> = sh
            .steps
            .iter()
            .copied()
            .filter(|n| {
                n.len() > i
                    && n[1..i]
                        .iter()
                        .zip(&typed[1..i])
                        .all(|(c, t)| word_matches(&c.to_lowercase(), t))
            })
            .collect();
        if alive.is_empty() {
            return Some(self.too_many(sh));
        }
        let w = &typed[i];
        if alive.iter().any(|n| word_matches(&n[i].to_lowercase(), w)) {
            return None;
        }
        let shown = self
            .as_typed
            .get(i - sh.shift)
            .copied()
            .unwrap_or(w)
            .to_string();
        let known = self
            .all
            .iter()
            .any(|n| n.iter().skip(1).any(|c| word_matches(&c.to_lowercase(), w)));
        if known {
            return Some(ParseError::Unfit(Box::new(Unfit {
                before: alive[0][..i].join(" "),
                word: shown,
                close: self.legal_among(&alive),
            })));
        }
        let mut vocab: Vec<&str> = sh
            .steps
            .iter()
            .filter_map(|n| n.get(i))
            .map(String::as_str)
            .collect();
        vocab.extend(
            self.all
                .iter()
                .flat_map(|n| n.iter().skip(1))
                .map(String::as_str),
        );
        Some(ParseError::UnknownName(Box::new(UnknownName {
            word: shown,
            noun: noun(&sh.verb, i).unwrap_or("name"),
            near: nearest(w, vocab.into_iter(), 3),
            close: self.legal_among(&alive),
        })))
    }

    /// More words than any step of the verb takes (or, the verb only begun, another verb).
    fn too_many(&self, sh: &Shapes<'_>) -> ParseError {
        if !sh.exact {
            return self.unknown_verb();
        }
        ParseError::TooManyWords {
            verb: sh.verb.clone(),
            forms: sh.steps.iter().take(3).map(|n| n.join(" ")).collect(),
        }
    }

    /// Every word fits: the whole steps it begins, else too many words.
    fn too_few(&self, sh: Shapes<'_>) -> ParseError {
        let whole: Vec<String> = sh
            .steps
            .iter()
            .filter(|n| n.len() > sh.typed.len())
            .take(12)
            .map(|n| n.join(" "))
            .collect();
        if whole.is_empty() {
            return self.too_many(&sh);
        }
        ParseError::Incomplete {
            input: self.text.trim().to_string(),
            completions: whole,
        }
    }
}

/// Up to `most` of `names` spelt most like `word` (any case; at most half its letters
/// changed, counting a misspelt beginning of a longer name), closest first, each once;
/// never for numbers or coordinates. Board labels and places are
/// matched by this one function.
pub fn nearest<'a>(word: &str, names: impl Iterator<Item = &'a str>, most: usize) -> Vec<String> {
    let w = word.to_lowercase();
    let digits = |s: &str| s.bytes().any(|b| b.is_ascii_digit());
    let limit = (w.chars().count() / 2).max(1);
    let mut scored: Vec<(usize, String)> = Vec::new();
    for n in names {
        let l = n.to_lowercase();
        // A number is never "spelt like" another one.
        if digits(&l) || digits(&w) || scored.iter().any(|(_, s)| s.to_lowercase() == l) {
            continue;
        }
        // A misspelt beginning of a long name counts like a misspelt whole name.
        let short: String = l.chars().take(w.chars().count()).collect();
        let d = edit_distance(&w, &l).min(edit_distance(&w, &short) + 1);
        if d <= limit {
            scored.push((d, n.to_string()));
        }
    }
    scored.sort_by_key(|(d, _)| *d);
    scored.into_iter().take(most).map(|(_, n)| n).collect()
}

/// The `legal` steps close to the refused step `typed` (both as notations), closest
/// first: the same verb first, and among those the ones that share its leading words (the
/// same source, the same piece); then steps of another verb about the same thing. Empty
/// when nothing is close. A refusal shows the first [`crate::engine::ACCEPTED_SHOWN`] and
/// how many more ([`crate::engine::RuleError::with_accepted`]), never the whole list.
pub fn close_steps(typed: &str, legal: &[String]) -> Vec<String> {
    let tw: Vec<String> = typed.split_whitespace().map(|w| w.to_lowercase()).collect();
    let score = |l: &String| -> usize {
        let lw: Vec<String> = l.split_whitespace().map(|w| w.to_lowercase()).collect();
        let shared = lw.iter().skip(1).filter(|w| tw[1..].contains(w)).count();
        if lw.first() != tw.first() {
            return shared;
        }
        let leading = lw
            .iter()
            .zip(&tw)
            .skip(1)
            .take_while(|(a, b)| a == b)
            .count();
        10 + 5 * leading + shared
    };
    let mut scored: Vec<(usize, &String)> = legal
        .iter()
        .map(|l| (score(l), l))
        .filter(|(s, _)| *s > 0)
        .collect();
    scored.sort_by_key(|(s, _)| std::cmp::Reverse(*s));
    scored.into_iter().map(|(_, l)| l.clone()).collect()
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
        assert_eq!(
            fit_step("take 2 pink", &legal, all, &none),
            Ok(Fit::Legal(0))
        );
        assert!(matches!(
            fit_step("take pink", &legal, all, &none),
            Err(ParseError::Incomplete { completions, .. }) if completions.len() == 2
        ));
        assert_eq!(fit_step("take 3", &legal, all, &none), Ok(Fit::Refused(1)));
        assert_eq!(
            fit_step("take 3 green", &legal, all, &none),
            Ok(Fit::Refused(2))
        );
        // Text that fits nothing names the word it could not read.
        match fit_step("take 9", &legal, all, &|_: &str, _: usize| Some("slot")) {
            Err(e @ ParseError::UnknownName(_)) => {
                assert_eq!(
                    e.to_string(),
                    "there is no slot `9` in the steps you can take now; steps starting so: \
                     `take 2 pink`, `take 4 pink`"
                )
            }
            other => panic!("{other:?}"),
        }
    }

    fn none(_: &str, _: usize) -> Option<&'static str> {
        None
    }

    #[test]
    fn stage_one_names_the_word_it_cannot_read() {
        let legal = c(&[
            "move Kathmandu Dhading",
            "move Kathmandu Nuwakot",
            "grow Kathmandu",
            "grow Dhading",
            "end",
        ]);
        let all = c(&[
            "move Kathmandu Dhading",
            "move Kathmandu Nuwakot",
            "move Jumla Dolpa",
            "grow Kathmandu",
            "grow Dhading",
            "grow Jumla",
            "end",
        ]);
        let province = |_: &str, i: usize| (i > 0).then_some("province");
        let why = |t: &str| unreadable(t, &all, &legal, &province).to_string();
        assert_eq!(
            why("grwo kathmandu"),
            "`grwo kathmandu`: no step starts with `grwo`; did you mean `grow`? Steps you can take now start \
             with `move`, `grow` or `end`"
        );
        assert_eq!(
            why("move kathmandu Narnia"),
            "there is no province `Narnia` in the steps you can take now; steps starting so: \
             `move Kathmandu Dhading`, `move Kathmandu Nuwakot`"
        );
        assert_eq!(
            why("move kathmandu dhadnig"),
            "there is no province `dhadnig` in the steps you can take now; did you mean \
             `Dhading`?"
        );
        assert_eq!(
            why("move kathmandu jumla"),
            "`jumla` cannot follow `move Kathmandu` in any step now; steps starting so: \
             `move Kathmandu Dhading`, `move Kathmandu Nuwakot`"
        );
        assert_eq!(
            why("end now"),
            "`end` takes fewer words; it is written like `end`"
        );
        // A verb only begun, with more words than its steps take, is another verb.
        assert!(why("e now").starts_with("`e now`: no step starts with `e`"));
        assert_eq!(
            why("kath narnia"),
            "there is no province `narnia` in the steps you can take now; steps starting so: \
             `move Kathmandu Dhading`, `move Kathmandu Nuwakot`",
            "a step with its verb left out is read the same way"
        );
    }

    #[test]
    fn a_name_alone_that_could_start_a_longer_step_asks() {
        let cands = c(&["move Kathmandu Dhading", "grow Kathmandu", "grow Dhading"]);
        match match_step("kath", &cands) {
            Err(ParseError::Incomplete { completions, .. }) => assert_eq!(
                completions,
                c(&["grow Kathmandu", "move Kathmandu Dhading"])
            ),
            other => panic!("{other:?}"),
        }
        // A name that starts no longer step is still read with its verb left out.
        assert_eq!(match_step("dha", &cands), Ok(2));
    }

    #[test]
    fn close_steps_are_the_same_verb_and_source_first_and_never_the_whole_list() {
        let legal: Vec<String> = (0..9)
            .map(|i| format!("move Kathmandu P{i}"))
            .chain([
                "move Jumla Dolpa".into(),
                "grow Kathmandu".into(),
                "end".into(),
            ])
            .collect();
        let close = close_steps("move Kathmandu Narnia", &legal);
        assert!(close[..9].iter().all(|s| s.starts_with("move Kathmandu")));
        assert_eq!(close[9..], c(&["move Jumla Dolpa", "grow Kathmandu"]));
        // Another verb about the same place comes after the same verb.
        assert_eq!(
            close_steps("grow Jumla", &legal),
            c(&["grow Kathmandu", "move Jumla Dolpa"])
        );
        assert!(close_steps("place Jumla", &c(&["end"])).is_empty());
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
