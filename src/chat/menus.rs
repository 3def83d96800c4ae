//! A player's legal steps as components: buttons ("taps") for the few steps that end or
//! complete something, select menus for the rest, within the limits every chat platform
//! with components shares (Discord's: 5 rows, 25 options a menu, 100 characters an id, a
//! value or an option label, 80 a button label). Pure: the chat core decides the
//! components, a front end only renders them and hands back the id and value picked.
//!
//! A component's id carries everything a pick needs, so nothing is held in memory and a
//! pick still works after a restart: `p:<version>:<log length>:<user>:<target>`. The game
//! version makes an older menu stale; the log length (the entries of the log its player
//! may see, so that nothing hidden from them changes an id) says what happened since; the
//! user is the only one who may use it. A target is a step to play (`s<step>`), a beginning of
//! steps to narrow the menus to (`w<words>`), or, when the words would be too long, an
//! index into the legal listing (`i<n>` the step, `i<n>.<k>` its first `k` words): the
//! listing is deterministic for a version, so an index is stable at that version.

use crate::engine::StepInfo;
use serde::{Deserialize, Serialize};

/// Most rows of components under one message.
pub const MAX_ROWS: usize = 5;
/// Most buttons in one row.
pub const ROW_BUTTONS: usize = 5;
/// Most options in one menu.
pub const MAX_OPTIONS: usize = 25;
/// Most characters of an id, an option's value or an option's label.
pub const MAX_ID: usize = 100;
/// Most characters of a button's label.
pub const MAX_BUTTON_LABEL: usize = 80;

/// A button that picks (its `id` is a whole pick: header and target).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tap {
    pub label: String,
    pub id: String,
}

/// One option of a menu: what it shows and the target it picks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Choice {
    pub label: String,
    pub value: String,
}

/// A select menu: its id (a pick's header), a placeholder and its options.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Menu {
    pub id: String,
    pub placeholder: String,
    pub options: Vec<Choice>,
}

/// The components for one player at one game version.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Components {
    pub taps: Vec<Tap>,
    pub menus: Vec<Menu>,
}

/// Who a component was made for and at which moment of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Header {
    pub version: i64,
    /// The number of entries of the game's log its player could see when it was made.
    pub log_len: usize,
    pub user: String,
}

/// What a pick asks for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Target {
    /// Play this step.
    Step(String),
    /// Play the step at this index of the listing.
    StepAt(usize),
    /// Show the steps beginning with these words.
    Words(Vec<String>),
    /// Show the steps beginning with the first `k` words of the step at this index.
    WordsAt(usize, usize),
}

/// A component used: its header and target.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Pick {
    pub header: Header,
    pub target: Target,
}

/// Every pick id starts with this.
const PREFIX: &str = "p:";

impl Header {
    fn id(&self, tail: &str) -> String {
        format!(
            "{PREFIX}{}:{}:{}:{tail}",
            self.version, self.log_len, self.user
        )
    }
}

impl Target {
    fn encode(&self) -> String {
        match self {
            Target::Step(s) => format!("s{s}"),
            Target::StepAt(i) => format!("i{i}"),
            Target::Words(w) => format!("w{}", w.join(" ")),
            Target::WordsAt(i, k) => format!("i{i}.{k}"),
        }
    }

    fn decode(s: &str) -> Option<Target> {
        let (kind, rest) = s.split_at_checked(1)?;
        Some(match kind {
            "s" if !rest.trim().is_empty() => Target::Step(rest.to_string()),
            "w" => Target::Words(rest.split_whitespace().map(str::to_string).collect()),
            "i" => match rest.split_once('.') {
                Some((i, k)) => Target::WordsAt(i.parse().ok()?, k.parse().ok()?),
                None => Target::StepAt(rest.parse().ok()?),
            },
            _ => return None,
        })
    }

    /// Whether picking this only opens narrower menus (it never plays a step).
    pub fn narrows(&self) -> bool {
        matches!(self, Target::Words(_) | Target::WordsAt(..))
    }

    /// What this target is at the listing `legal`: a step to play or words to narrow to;
    /// `None` for an index outside the listing.
    pub fn resolve(&self, legal: &[StepInfo]) -> Option<Resolved> {
        let words = |i: usize| -> Option<Vec<String>> {
            Some(
                legal
                    .get(i)?
                    .notation
                    .split_whitespace()
                    .map(str::to_string)
                    .collect(),
            )
        };
        Some(match self {
            Target::Step(s) => Resolved::Play(s.clone()),
            Target::StepAt(i) => Resolved::Play(legal.get(*i)?.notation.clone()),
            Target::Words(w) => Resolved::Narrow(w.clone()),
            Target::WordsAt(i, k) => Resolved::Narrow(words(*i)?.into_iter().take(*k).collect()),
        })
    }
}

/// A target read against the listing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Resolved {
    Play(String),
    Narrow(Vec<String>),
}

impl Pick {
    /// Read a component's id and, for a menu, the value picked. `None` for anything that
    /// is not a pick id of ours (or a menu id without a value).
    pub fn parse(id: &str, value: Option<&str>) -> Option<Pick> {
        let rest = id.strip_prefix(PREFIX)?;
        let mut parts = rest.splitn(4, ':');
        let version = parts.next()?.parse().ok()?;
        let log_len = parts.next()?.parse().ok()?;
        let user = parts.next()?.to_string();
        let tail = parts.next()?;
        if user.is_empty() {
            return None;
        }
        let target = match (tail.strip_prefix('m'), value) {
            // A menu's own tail (`m<n>`) only tells menus apart: the value is the target.
            (Some(_), Some(v)) => Target::decode(v)?,
            (Some(_), None) => return None,
            (None, _) => Target::decode(tail)?,
        };
        Some(Pick {
            header: Header {
                version,
                log_len,
                user,
            },
            target,
        })
    }
}

/// Whether `id` is a pick id (as opposed to another component of ours).
pub fn is_pick_id(id: &str) -> bool {
    id.starts_with(PREFIX)
}

/// `s` cut to at most `max` characters (an ellipsis marks a cut).
fn clip(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_string();
    }
    let mut out: String = s.chars().take(max - 1).collect();
    out.push('…');
    out
}

/// The words of a step.
fn words(s: &str) -> Vec<&str> {
    s.split_whitespace().collect()
}

/// The target that plays step `i` of `legal` (its notation, or its index when too long).
fn play_target(header: &Header, legal: &[StepInfo], i: usize) -> String {
    let by_text = Target::Step(legal[i].notation.clone()).encode();
    // A tap's id holds the header too; keep both within the limit.
    if header.id(&by_text).chars().count() <= MAX_ID {
        by_text
    } else {
        Target::StepAt(i).encode()
    }
}

/// The target that narrows to the first `k` words of step `i`.
fn narrow_target(header: &Header, legal: &[StepInfo], i: usize, k: usize) -> String {
    let w: Vec<String> = words(&legal[i].notation)
        .into_iter()
        .take(k)
        .map(str::to_string)
        .collect();
    let by_text = Target::Words(w).encode();
    if header.id(&by_text).chars().count() <= MAX_ID {
        by_text
    } else {
        Target::WordsAt(i, k).encode()
    }
}

/// The steps of `legal` beginning with `prefix` (by index), as components for `header`:
/// taps for the steps that complete something (one row), then one menu per shape of the
/// rest where a shape has at most [`MAX_OPTIONS`] steps, and for a longer one menus of
/// its next words (picking one narrows the menus to it). When the shapes need more rows
/// than there are, one menu of the next words replaces them.
pub fn build(legal: &[StepInfo], prefix: &[String], header: &Header) -> Components {
    let p = prefix.len();
    let starts = |s: &StepInfo| {
        let w = words(&s.notation);
        w.len() > p && w.iter().zip(prefix).all(|(a, b)| a == b)
    };
    let exact: Vec<usize> = (0..legal.len())
        .filter(|&i| words(&legal[i].notation).len() == p && p > 0 && starts_eq(&legal[i], prefix))
        .collect();
    let mut candidates: Vec<usize> = exact;
    candidates.extend((0..legal.len()).filter(|&i| starts(&legal[i])));
    let (done, rest): (Vec<usize>, Vec<usize>) =
        candidates.iter().partition(|&&i| legal[i].completes);
    let mut out = Components::default();
    let taps_now = done.len().min(ROW_BUTTONS);
    out.taps = done[..taps_now]
        .iter()
        .map(|&i| Tap {
            label: clip(&legal[i].label, MAX_BUTTON_LABEL),
            id: header.id(&play_target(header, legal, i)),
        })
        .collect();
    let mut rest_all: Vec<usize> = done[taps_now..].to_vec();
    rest_all.extend(rest);
    if rest_all.is_empty() {
        return out;
    }
    let rows = MAX_ROWS - usize::from(!out.taps.is_empty());
    let by_shape = menus_by_shape(legal, &rest_all, p, header);
    out.menus = if by_shape.len() <= rows {
        by_shape
    } else {
        let mut m = narrowing_menus(legal, &rest_all, p, header, "Pick what to play");
        m.truncate(rows);
        m
    };
    for (n, m) in out.menus.iter_mut().enumerate() {
        m.id = header.id(&format!("m{n}"));
    }
    out
}

/// Whether step `s` is exactly the words `prefix`.
fn starts_eq(s: &StepInfo, prefix: &[String]) -> bool {
    let w = words(&s.notation);
    w.len() == prefix.len() && w.iter().zip(prefix).all(|(a, b)| a == b)
}

/// One menu per shape (the word after the prefix and the word count) of `steps`: a shape
/// of at most [`MAX_OPTIONS`] steps lists them, a longer one its next words.
fn menus_by_shape(legal: &[StepInfo], steps: &[usize], p: usize, header: &Header) -> Vec<Menu> {
    let shape = |i: usize| {
        let w = words(&legal[i].notation);
        (w.get(p).map(|s| s.to_string()).unwrap_or_default(), w.len())
    };
    let mut groups: Vec<((String, usize), Vec<usize>)> = Vec::new();
    for &i in steps {
        let k = shape(i);
        match groups.iter_mut().find(|(key, _)| *key == k) {
            Some((_, g)) => g.push(i),
            None => groups.push((k, vec![i])),
        }
    }
    let mut out = Vec::new();
    for ((word, _), g) in groups {
        if g.len() <= MAX_OPTIONS {
            out.push(Menu {
                id: String::new(),
                placeholder: clip(&format!("{word} …"), MAX_ID),
                options: g
                    .iter()
                    .map(|&i| Choice {
                        label: clip(&option_label(&legal[i]), MAX_ID),
                        value: play_target(header, legal, i),
                    })
                    .collect(),
            });
        } else {
            out.extend(narrowing_menus(
                legal,
                &g,
                p,
                header,
                &format!("{word} … ({} choices)", g.len()),
            ));
        }
    }
    out
}

/// An option's label: the notation, with the step's label where it says more.
fn option_label(s: &StepInfo) -> String {
    if s.label == s.notation {
        s.notation.clone()
    } else {
        format!("{} – {}", s.notation, s.label)
    }
}

/// Menus of the next words of `steps` after the first `p`: the fewest words that tell the
/// steps apart into more than one beginning (a beginning that is a whole step plays it),
/// [`MAX_OPTIONS`] a menu.
fn narrowing_menus(
    legal: &[StepInfo],
    steps: &[usize],
    p: usize,
    header: &Header,
    placeholder: &str,
) -> Vec<Menu> {
    let longest = steps
        .iter()
        .map(|&i| words(&legal[i].notation).len())
        .max()
        .unwrap_or(p + 1);
    // The beginnings of k words (k > p), whether each is a whole step, and the first step
    // showing each: a whole step is played, a longer beginning narrows.
    let beginnings = |k: usize| {
        let mut seen: Vec<(Vec<&str>, bool, usize)> = Vec::new();
        for &i in steps {
            let all = words(&legal[i].notation);
            let whole = all.len() <= k;
            let w: Vec<&str> = all.into_iter().take(k).collect();
            if !seen.iter().any(|(b, wh, _)| *b == w && *wh == whole) {
                seen.push((w, whole, i));
            }
        }
        seen
    };
    let mut k = p + 1;
    let mut found = beginnings(k);
    while found.len() == 1 && k < longest {
        k += 1;
        found = beginnings(k);
    }
    let options: Vec<Choice> = found
        .iter()
        .map(|(b, whole, i)| {
            if *whole {
                return Choice {
                    label: clip(&option_label(&legal[*i]), MAX_ID),
                    value: play_target(header, legal, *i),
                };
            }
            let more = steps
                .iter()
                .map(|&j| words(&legal[j].notation))
                .filter(|w| w.len() > b.len() && w.starts_with(b))
                .count();
            Choice {
                label: clip(&format!("{} … ({more})", b.join(" ")), MAX_ID),
                value: narrow_target(header, legal, *i, b.len()),
            }
        })
        .collect();
    let pages = options.len().div_ceil(MAX_OPTIONS);
    options
        .chunks(MAX_OPTIONS)
        .enumerate()
        .map(|(n, c)| Menu {
            id: String::new(),
            placeholder: clip(
                &match pages {
                    1 => placeholder.to_string(),
                    _ => format!("{placeholder} {}/{pages}", n + 1),
                },
                MAX_ID,
            ),
            options: c.to_vec(),
        })
        .collect()
}

/// How many legal steps the menus of `build` reach at most: every step, unless one
/// beginning has more next words than all rows of menus can hold.
#[cfg(test)]
pub(crate) fn reachable(legal: &[StepInfo], header: &Header) -> std::collections::BTreeSet<String> {
    let mut out = std::collections::BTreeSet::new();
    let mut todo: Vec<Vec<String>> = vec![vec![]];
    while let Some(prefix) = todo.pop() {
        let c = build(legal, &prefix, header);
        let ids = c
            .taps
            .iter()
            .map(|t| (t.id.clone(), None))
            .chain(c.menus.iter().flat_map(|m| {
                m.options
                    .iter()
                    .map(|o| (m.id.clone(), Some(o.value.clone())))
            }));
        for (id, value) in ids {
            let pick = Pick::parse(&id, value.as_deref()).expect("our own ids parse");
            match pick.target.resolve(legal).expect("targets resolve") {
                Resolved::Play(s) => {
                    out.insert(s);
                }
                Resolved::Narrow(w) => {
                    assert!(w.len() > prefix.len(), "narrowing goes deeper: {w:?}");
                    todo.push(w)
                }
            }
        }
    }
    out
}

#[cfg(test)]
#[path = "menus_tests.rs"]
mod tests;
