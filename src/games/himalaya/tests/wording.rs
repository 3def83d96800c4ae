//! Tests of the rules topics (`topics.rs`) and of the words players read.

use super::*;
use crate::engine::conformance::topics::check_step_examples;

#[test]
fn rules_topics_cover_the_sections_and_commitment() {
    let t = Himalaya::rules_topics();
    for id in [
        "setup",
        "turn",
        "programming",
        "resolution",
        "deal",
        "rewards",
        "refill",
        "inventory",
        "events",
        "scoring",
        "winning",
        "commitment",
        "secrecy",
    ] {
        assert!(t.iter().any(|x| x.id == id), "topic {id}");
    }
    assert!(t
        .iter()
        .all(|x| !x.section.is_empty() && !x.text.is_empty()));
}

/// The step words of Himalaya, whose backquoted examples the topics give.
const STEP_WORDS: [&str; 14] = [
    "start",
    "yeti",
    "storm",
    "market",
    "pass",
    "plan",
    "unplan",
    "seal",
    "unseal",
    "take",
    "reward",
    "delegate",
    "inventory",
    "program",
];

/// The steps written as one word.
const ALONE: [&str; 4] = ["pass", "seal", "unseal", "unplan"];

// Issue 35: every step example in the topics parses: `program` ones expand into steps that
// play, the others match one step of the notation.
#[test]
fn every_step_example_in_the_rules_topics_parses() {
    let d = data();
    let mut every: Vec<Step> = (0..VILLAGES).map(Step::Start).collect();
    every.extend((0..d.paths.len()).flat_map(|p| [Step::Yeti(p), Step::Storm(p)]));
    every.extend((0..VILLAGES).flat_map(|v| [Step::Market(v), Step::InventoryStupa(v)]));
    every.extend(Action::ALL.map(Step::Plan));
    every.extend([Step::Pass, Step::Unplan, Step::Seal, Step::Unseal]);
    every.extend(Good::ALL.map(Step::Take));
    every.extend(rules::REWARD_PAIRS.map(|(a, b)| Step::Reward(a, b)));
    every.extend((0..d.regions.len()).map(Step::Delegate));
    every.extend([Step::InventoryMarker, Step::InventoryDelegations]);
    let names: Vec<String> = every.iter().map(|s| Himalaya::format_step(&d, s)).collect();
    let must = [
        "start 7",
        "plan deal",
        "program ice deal deal stone rest dirt",
        "yeti 1-2",
    ];
    check_step_examples::<Himalaya>(&STEP_WORDS, &ALONE, &must, 20, |text| {
        if text.starts_with("program") {
            let mut g = position(AT_1_5_20);
            for t in g.expand(&d, 0, text).ok_or("it does not expand")? {
                play(&mut g, &d, 0, &t);
            }
            return match g.seals[0] {
                Some(_) => Ok(()),
                None => Err("it seals no program".into()),
            };
        }
        let i = crate::engine::notation::match_step(text, &names).map_err(|e| e.to_string())?;
        match names[i].starts_with(text.split(' ').next().unwrap_or("")) {
            true => Ok(()),
            false => Err(format!("it is read as `{}`", names[i])),
        }
    });
}

// Issue 35: no internal clause id in any text a player reads: topics (ids, aliases, titles,
// sections, texts), refusals and the log of a whole game, and the final note.
#[test]
fn no_clause_id_in_topics_refusals_or_log() {
    let mut texts: Vec<String> = Vec::new();
    for t in Himalaya::rules_topics() {
        texts.extend([t.id, t.title, t.section, t.text].map(String::from));
        texts.extend(t.aliases.iter().map(|a| a.to_string()));
    }
    let d = data();
    for rules in ["basic", "advanced"] {
        let mut g =
            crate::engine::setup_checked::<Himalaya>(&d, &names(4), &opts(rules), 3).unwrap();
        let mut pick = GameRng::new(9);
        for _ in 0..6000 {
            let Status::Acting(seats) = g.status() else {
                break;
            };
            let seat = seats[pick.below(seats.len())];
            for step in g.candidates(&d, seat) {
                if let Err(e) = g.legality(&d, seat, &step) {
                    texts.push(e.reason);
                }
            }
            let legal = g.legal_steps(&d, seat);
            let mut step = legal[pick.below(legal.len())];
            if matches!(step, Step::Unplan | Step::Unseal) {
                step = legal[0];
            }
            let applied = g.apply(&d, seat, &step).unwrap();
            texts.extend(applied.events.into_iter().map(|e| e.text));
        }
        assert!(
            matches!(g.status(), Status::Finished(_)),
            "{rules} game ends"
        );
    }
    for t in &texts {
        assert!(!has_clause_id(t), "clause id in player text: {t}");
    }
    assert!(has_clause_id("see HIM-WIN-10.") && !has_clause_id("path 3-10"));
}

#[test]
fn every_typed_topic_has_its_entry_in_the_topics_table() {
    let typed: Vec<&str> = topics::Topic::ALL.iter().map(|t| t.id()).collect();
    crate::engine::conformance::topics::check_typed_topics::<Himalaya>(&typed);
}
