//! Issue 48's examples, as a new player types them: each is answered with why (stage 1:
//! the word that could not be read; stage 2: the rule that forbids the step), never with a
//! bare list of legal steps.

use super::Registry;
use crate::engine::conformance::near_miss::says_why;
use crate::engine::{AnyGame, Options};

fn start(game: &str, players: usize, seed: u64) -> Box<dyn AnyGame> {
    let names: Vec<String> = (0..players).map(|i| format!("P{i}")).collect();
    let kind = Registry::builtin().get(game).expect("game");
    kind.setup(&names, &Options::new(), seed).expect("setup")
}

/// The answer to `text` typed by the seat to act; the game must be left unchanged.
fn refused(g: &mut Box<dyn AnyGame>, text: &str) -> String {
    let seat = g.status().acting()[0];
    let before = g.snapshot();
    let e = g
        .play(seat, text)
        .map(|(s, _)| s)
        .expect_err("refused")
        .to_string();
    assert_eq!(g.snapshot(), before, "`{text}` changed nothing");
    assert!(says_why(&e), "`{text}` says why: {e}");
    assert!(!e.contains("legal steps include"), "`{text}`: {e}");
    e
}

/// The chat's `move Kathmandu Jumla`: the step text has no verb, and two names with no
/// verb are a move, refused with the rule's reason (not stage 1's "cannot follow").
#[test]
fn nepal_a_move_without_its_verb_to_a_province_that_is_not_adjacent_says_so() {
    let mut g = start("nepal", 3, 1);
    let e = refused(&mut g, "Kathmandu Jumla");
    assert!(
        e.starts_with("Jumla is not adjacent to Kathmandu; a piece moves one province at a time"),
        "{e}"
    );
    assert!(e.contains("rules nepal move"), "{e}");
}

#[test]
fn nepal_a_move_to_a_province_that_is_not_adjacent_says_so() {
    let mut g = start("nepal", 3, 1);
    let e = refused(&mut g, "move Kathmandu Jumla");
    assert!(
        e.starts_with("Jumla is not adjacent to Kathmandu; a piece moves one province at a time"),
        "{e}"
    );
    // Then steps close to it, moves from Kathmandu first, never more than six.
    let (_, shown) = e.split_once("accepted now: ").expect("close steps");
    let (shown, _) = shown
        .split_once(" (rulebook")
        .expect("the rulebook section");
    assert!(shown.starts_with("`move Kathmandu "), "{e}");
    assert!(shown.matches('`').count() <= 12, "{e}");
}

#[test]
fn nepal_an_unknown_province_is_named_with_the_nearest_names() {
    let mut g = start("nepal", 3, 1);
    let e = refused(&mut g, "move Kathmandu Narnia");
    assert!(e.starts_with("there is no province `Narnia`"), "{e}");
    let e = refused(&mut g, "move Kathmandu Dhadign");
    assert_eq!(
        e,
        "there is no province `Dhadign` in the steps you can take now; did you mean `Dhading`?"
    );
}

#[test]
fn nepal_a_misspelt_verb_gets_a_did_you_mean() {
    let mut g = start("nepal", 3, 1);
    let e = refused(&mut g, "grwo kathmandu");
    assert!(
        e.starts_with("`grwo kathmandu`: no step starts with `grwo`; did you mean `grow`?"),
        "{e}"
    );
}

#[test]
fn nepal_a_province_alone_that_could_start_a_move_asks_instead_of_growing() {
    let mut g = start("nepal", 3, 1);
    let e = refused(&mut g, "kath");
    assert!(e.contains("`grow Kathmandu`"), "{e}");
    assert!(e.contains("`move Kathmandu "), "{e}");
}

#[test]
fn himalaya_a_village_already_taken_says_so() {
    let mut g = start("himalaya", 3, 1);
    let seat = g.status().acting()[0];
    g.play(seat, "start 7").expect("village 7 is free");
    let e = refused(&mut g, "start 7");
    assert!(e.starts_with("village 7 already holds a caravan"), "{e}");
    let e = refused(&mut g, "start 25");
    assert!(e.starts_with("there is no village `25`"), "{e}");
}

#[test]
fn nippon_a_slot_or_colour_that_does_not_exist_says_so() {
    let mut g = start("nippon", 2, 1);
    let take = g
        .choices(g.status().acting()[0])
        .into_iter()
        .find(|s| s.starts_with("take "))
        .expect("a take");
    let colour = take.split(' ').nth(2).expect("a colour");
    let e = refused(&mut g, &format!("take 9 {colour}"));
    assert!(e.starts_with("there is no action slot `9`"), "{e}");
    let e = refused(&mut g, "take 2 purplish");
    assert!(e.starts_with("there is no worker colour `purplish`"), "{e}");
}

#[test]
fn peloria_a_move_between_areas_that_do_not_meet_says_why() {
    let mut g = start("peloria", 4, 1);
    let e = refused(&mut g, "move Naveria Oronin cavalry");
    assert!(
        !e.starts_with("`move Naveria Oronin cavalry` is not a legal step"),
        "{e}"
    );
}

/// The topic `rules <game> <question>` answers first, and the "see also" ones.
fn answered(game: &str, question: &str) -> Vec<&'static str> {
    use crate::chat::lookup::{find_with, Found};
    let kind = Registry::builtin().get(game).expect("game");
    match find_with(kind.rules_topics(), kind.rules_synonyms(), question) {
        Found::One { topic, also } => std::iter::once(topic.id)
            .chain(also.iter().map(|t| t.id))
            .collect(),
        other => panic!("{game}: `{question}` found {other:?}"),
    }
}

/// Rules questions in players' words, none of them a topic's title or name, each answered
/// first by the topic that holds the answer (checked against the topics' text; none was
/// used to build the games' synonym tables).
#[test]
fn rules_questions_in_players_words_are_answered_by_the_right_topic_in_every_game() {
    let cases = [
        ("nepal", "how do I link two cities", "claim"),
        ("nepal", "what happens in the capital", "kathmandu"),
        ("himalaya", "what does the monster do", "events"),
        (
            "himalaya",
            "how do I prove my program was not changed",
            "commitment",
        ),
        ("nanga-parbat", "how do I catch an animal", "trap"),
        ("nanga-parbat", "where can the sherpa go", "guide"),
        ("nippon", "how do I deliver to a contract", "export"),
        ("nippon", "how do I sell goods abroad", "export"),
        ("nippon", "how do I pay for a factory", "factory"),
        ("peloria", "what do emperors do", "emperors"),
        ("peloria", "can I attack from the sea", "terrain"),
        ("peloria", "can my units flee", "retreat"),
        (
            "peloria",
            "what happens when I have too many armies",
            "overpopulation",
        ),
    ];
    let mut wrong = Vec::new();
    for (game, question, topic) in cases {
        let got = answered(game, question);
        if got[0] != topic {
            wrong.push(format!(
                "{game}: `{question}` answered `{}`, not `{topic}` ({got:?})",
                got[0]
            ));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}
