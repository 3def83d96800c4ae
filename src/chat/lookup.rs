//! Finding a rules topic by the words a player uses: the topic's id, one of its aliases, the
//! beginning of its title, or words of its title and text; a near miss is answered with
//! "did you mean". Pure: no state, used by `help.rs`'s `rules`.

use crate::engine::notation::edit_distance;
use crate::engine::RulesTopic;

/// What a query found among a game's topics.
#[derive(Debug, PartialEq)]
pub enum Found<'a> {
    /// One topic; `also` are other topics the words appear in (word search only).
    One {
        topic: &'a RulesTopic,
        also: Vec<&'a RulesTopic>,
    },
    /// Several topics fit equally well.
    Several(Vec<&'a RulesTopic>),
    /// Nothing fits; the closest spellings of ids and aliases (may be empty).
    Nothing { did_you_mean: Vec<&'static str> },
}

/// Find the topic `query` (any case) names in `topics`.
pub fn find<'a>(topics: &'a [RulesTopic], query: &str) -> Found<'a> {
    find_with(topics, &[], query)
}

/// [`find`], with the game's table of players' `synonyms` (`combat` → `battle`: a word a
/// player uses, and a word of the topics it stands for) for questions in players' words.
pub fn find_with<'a>(
    topics: &'a [RulesTopic],
    synonyms: &[(&str, &str)],
    query: &str,
) -> Found<'a> {
    let q = query.trim().to_lowercase();
    if let Some(t) = topics.iter().find(|t| names(t).any(|n| n == q)) {
        return Found::One {
            topic: t,
            also: vec![],
        };
    }
    let begins: Vec<&RulesTopic> = topics
        .iter()
        .filter(|t| names(t).any(|n| n.starts_with(&q)))
        .collect();
    match begins.len() {
        1 => Found::One {
            topic: begins[0],
            also: vec![],
        },
        0 => by_words(topics, synonyms, &q),
        _ => Found::Several(begins),
    }
}

/// A topic's names: its id, aliases and title, lower case.
fn names(t: &RulesTopic) -> impl Iterator<Item = String> + '_ {
    std::iter::once(t.id.to_string())
        .chain(t.aliases.iter().map(|a| a.to_lowercase()))
        .chain(std::iter::once(t.title.to_lowercase()))
}

/// Words too common to search for (question words, and verbs any question has).
const STOP_WORDS: &[&str] = &[
    "a", "an", "and", "are", "at", "be", "can", "do", "does", "for", "game", "get", "happen",
    "happens", "how", "i", "if", "in", "is", "it", "many", "may", "me", "my", "of", "on", "or",
    "play", "the", "there", "to", "what", "when", "where", "which", "who", "why", "will", "with",
    "work", "works", "you",
];

/// A question's words, ranked over the topics: each word (or a synonym of it, or it
/// without a plural `s`) weighs 6 as a topic's id or alias, 3 in its names, 1 in its text.
/// Topics matching the most words come first, then the heaviest; the best is answered and
/// the next ones are "see also". A single word found equally in several topics is
/// ambiguous.
fn by_words<'a>(topics: &'a [RulesTopic], synonyms: &[(&str, &str)], q: &str) -> Found<'a> {
    let words: Vec<&str> = q
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty() && !STOP_WORDS.contains(w))
        .collect();
    if words.is_empty() {
        return Found::Nothing {
            did_you_mean: vec![],
        };
    }
    let terms: Vec<Vec<&str>> = words
        .iter()
        .map(|&w| {
            let mut t = vec![w];
            if let Some(single) = w.strip_suffix('s').filter(|s| s.len() >= 3) {
                t.push(single);
            }
            t.extend(synonyms.iter().filter(|(a, _)| *a == w).map(|(_, b)| *b));
            t
        })
        .collect();
    let mut scored: Vec<((usize, u32), &RulesTopic)> = topics
        .iter()
        .map(|t| (score(t, &terms), t))
        .filter(|((found, _), _)| *found > 0)
        .collect();
    scored.sort_by_key(|(s, _)| std::cmp::Reverse(*s));
    match scored.as_slice() {
        [] => Found::Nothing {
            did_you_mean: did_you_mean(topics, &words),
        },
        [(best, _), (second, _), ..] if best == second && words.len() == 1 => Found::Several(
            scored
                .iter()
                .take_while(|(s, _)| s == best)
                .map(|(_, t)| *t)
                .collect(),
        ),
        [(_, t), rest @ ..] => Found::One {
            topic: t,
            also: rest.iter().map(|(_, t)| *t).collect(),
        },
    }
}

/// How well `t` answers a question: how many of its words (each with its other forms,
/// `terms`) it holds, and their weight.
fn score(t: &RulesTopic, terms: &[Vec<&str>]) -> (usize, u32) {
    let named: Vec<String> = names(t).collect();
    let text = t.text.to_lowercase();
    let weight = |w: &str| {
        if t.id == w || t.aliases.contains(&w) {
            6
        } else if named.iter().any(|n| has_word(n, w)) {
            3
        } else if has_word(&text, w) {
            1
        } else {
            0
        }
    };
    terms.iter().fold((0, 0), |(found, sum), forms| {
        match forms.iter().map(|w| weight(w)).max().unwrap_or(0) {
            0 => (found, sum),
            best => (found + 1, sum + best),
        }
    })
}

/// Does `hay` hold a word beginning with `w` (so `route` finds `routes`)?
fn has_word(hay: &str, w: &str) -> bool {
    hay.split(|c: char| !c.is_alphanumeric())
        .any(|h| h.starts_with(w))
}

/// Ids and aliases at most two edits (one for short words) from a query word.
fn did_you_mean(topics: &[RulesTopic], words: &[&str]) -> Vec<&'static str> {
    let mut out = Vec::new();
    for t in topics {
        for n in std::iter::once(&t.id).chain(t.aliases.iter()) {
            let near = words.iter().any(|w| {
                let most = if w.len() <= 4 { 1 } else { 2 };
                edit_distance(w, n) <= most
            });
            if near && !out.contains(n) {
                out.push(*n);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOPICS: &[RulesTopic] = &[
        RulesTopic {
            id: "grow",
            aliases: &["place"],
            title: "Grow: a piece from your hand",
            section: "Grow",
            text: "Put one piece from your hand onto a province you hold.",
        },
        RulesTopic {
            id: "routes",
            aliases: &["trade"],
            title: "Trade routes",
            section: "Trade",
            text: "Link the two cities of a face-up card with your own pieces.",
        },
        RulesTopic {
            id: "cities",
            aliases: &["fortress"],
            title: "Cities and fortresses",
            section: "Cities",
            text: "A city holds more pieces than a province.",
        },
    ];

    fn one(q: &str) -> &'static str {
        match find(TOPICS, q) {
            Found::One { topic, .. } => topic.id,
            other => panic!("{q}: {other:?}"),
        }
    }

    #[test]
    fn an_id_an_alias_or_the_beginning_of_a_title_finds_the_topic() {
        assert_eq!(one("grow"), "grow");
        assert_eq!(one("Fortress"), "cities");
        assert_eq!(one("trade r"), "routes");
        assert_eq!(one("ro"), "routes");
    }

    #[test]
    fn words_of_the_text_find_the_topic_where_they_weigh_most() {
        assert_eq!(one("what is a city"), "cities");
        assert_eq!(one("hand"), "grow");
        // One word as much in two topics' texts: ask which.
        match find(TOPICS, "province") {
            Found::Several(v) => assert_eq!(v.len(), 2),
            other => panic!("{other:?}"),
        }
        match find(TOPICS, "link cities") {
            Found::One { topic, also } => {
                assert_eq!(topic.id, "routes", "both words beat one heavier word");
                assert_eq!(also.iter().map(|t| t.id).collect::<Vec<_>>(), ["cities"]);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_near_miss_offers_did_you_mean_and_nonsense_offers_nothing() {
        assert_eq!(
            find(TOPICS, "fortess"),
            Found::Nothing {
                did_you_mean: vec!["fortress"]
            }
        );
        assert_eq!(
            find(TOPICS, "growth"),
            Found::Nothing {
                did_you_mean: vec!["grow"]
            }
        );
        assert_eq!(
            find(TOPICS, "xyzzy"),
            Found::Nothing {
                did_you_mean: vec![]
            }
        );
    }

    #[test]
    fn a_question_in_players_words_finds_its_topic_through_the_synonyms() {
        let synonyms = [("expand", "grow"), ("fortification", "fortress")];
        let best = |q: &str| match find_with(TOPICS, &synonyms, q) {
            Found::One { topic, .. } => topic.id,
            other => panic!("{q}: {other:?}"),
        };
        assert_eq!(best("how do I expand"), "grow");
        assert_eq!(best("what does a fortification do"), "cities");
        // Words that appear nowhere do not sink a question.
        assert_eq!(best("how do trade cards work exactly"), "routes");
        assert!(matches!(
            find_with(TOPICS, &[], "how does it work"),
            Found::Nothing { .. }
        ));
    }
}
