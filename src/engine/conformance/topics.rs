//! The checks every game's tests repeated on their own rules topics, written once: topics
//! found by the words players use, the typed topics matching the table, and the step
//! examples of the topics playing. [`check_topics`] runs in every conformance run; the
//! others are called by each game's tests with what only the game knows (its typed topics,
//! its step words, where an example can be played). (That `hopeless` skips only refused
//! steps is checked at every position of every conformance playout.)

use super::super::Game;
use super::clause_id_in;

/// The rules topics a player looks up: a `turn` topic (the default refusal cites it), a
/// `notation` topic, at least one alias per topic, every id and alias lower case and
/// naming one topic only, no internal clause id in the text.
pub fn check_topics<G: Game>() {
    let topics = G::rules_topics();
    for id in ["turn", "notation"] {
        assert!(
            topics.iter().any(|t| t.id == id),
            "{} has a `{id}` rules topic (the default refusal cites `turn`; `notation` \
             says how to type each step)",
            G::NAME
        );
    }
    let mut names: Vec<&str> = Vec::new();
    for t in topics {
        assert!(
            !t.aliases.is_empty(),
            "{}: topic `{}` has words players use for it (aliases)",
            G::NAME,
            t.id
        );
        for n in std::iter::once(&t.id).chain(t.aliases) {
            assert_eq!(
                *n,
                n.to_lowercase(),
                "{}: topic name `{n}` is lower case",
                G::NAME
            );
            assert!(!names.contains(n), "{}: `{n}` names two topics", G::NAME);
            names.push(n);
        }
        assert!(
            clause_id_in(t.text).is_none() && clause_id_in(t.title).is_none(),
            "{}: topic `{}` shows the clause id {:?} to players; cite the section in words",
            G::NAME,
            t.id,
            clause_id_in(t.text).or(clause_id_in(t.title))
        );
    }
}

/// The topic a player's word (an id or an alias) leads to.
pub fn topic_of<G: Game>(word: &str) -> Option<&'static str> {
    G::rules_topics()
        .iter()
        .find(|t| t.id == word || t.aliases.contains(&word))
        .map(|t| t.id)
}

/// The typed topics (the ids of the game's `Topic::ALL`, which refusals name) are exactly
/// the topics table's, in its order: a refusal never names a topic `rules` cannot show.
pub fn check_typed_topics<G: Game>(typed: &[&str]) {
    let table: Vec<&str> = G::rules_topics().iter().map(|t| t.id).collect();
    assert_eq!(typed, table, "{}: typed topics and the table", G::NAME);
}

/// The step examples of the topics: each backquoted text whose first word starts one of
/// the game's step words `verbs` (`g kath` for `grow`) and names something after it, or
/// that is one of the steps `alone` written with no word after it (`end`); never a
/// placeholder (`<province>`) or an option (`fortress=on`). A lone step word (`leopard`)
/// names the step, it is not an example.
pub fn step_examples<G: Game>(verbs: &[&str], alone: &[&str]) -> Vec<&'static str> {
    let mut out = Vec::new();
    for t in G::rules_topics() {
        for part in t.text.split('`').skip(1).step_by(2) {
            let mut words = part.split_whitespace();
            let first = words.next().unwrap_or("").to_lowercase();
            let a_step = match words.next() {
                Some(_) => !first.is_empty() && verbs.iter().any(|v| v.starts_with(&first)),
                None => alone.contains(&first.as_str()),
            };
            if a_step && !part.contains(['<', '=']) {
                out.push(part);
            }
        }
    }
    out
}

/// Every step example of the topics ([`step_examples`]) plays: `plays` tries one in a
/// position of the game's choosing and says what went wrong. At least `min` examples,
/// each of `must` among them (so the extraction itself cannot quietly find nothing).
pub fn check_step_examples<G: Game>(
    verbs: &[&str],
    alone: &[&str],
    must: &[&str],
    min: usize,
    mut plays: impl FnMut(&str) -> Result<(), String>,
) {
    let examples = step_examples::<G>(verbs, alone);
    assert!(
        examples.len() >= min,
        "{}: at least {min} step examples in the topics: {examples:?}",
        G::NAME
    );
    for want in must {
        assert!(examples.contains(want), "`{want}` is among {examples:?}");
    }
    for text in examples {
        if let Err(e) = plays(text) {
            panic!(
                "{}: the topics' example `{text}` does not play: {e}",
                G::NAME
            );
        }
    }
}
