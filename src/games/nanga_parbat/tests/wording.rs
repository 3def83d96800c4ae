//! Tests of the rules topics (`topics.rs`) and of the words players read.

use super::*;
use crate::engine::conformance::topics::{
    check_step_examples, check_topics, check_typed_topics, topic_of,
};

#[test]
fn rules_topics_cover_every_refusal_topic() {
    let ids: Vec<&str> = NangaParbat::rules_topics().iter().map(|t| t.id).collect();
    for id in [
        "turn",
        "setup",
        "trap",
        "guide",
        "chart",
        "camps",
        "trade",
        "activate",
        "leopard",
        "tahr",
        "deer",
        "yak",
        "adjacency",
        "panda",
        "track",
        "end",
        "option-areas",
        "notation",
        "board",
    ] {
        assert!(ids.contains(&id), "{id}");
    }
    // Each ambiguous clause's reading is stated in words in its topic.
    for (clause, id, words) in [
        ("NAN-SETUP-8", "setup", "the first seat plays first"),
        ("NAN-CHART-8", "chart", "Sherpa reads the circled number"),
        ("NAN-TURN-3", "turn", "Players alternate turns"),
        ("NAN-TRAP-5", "trap", "Sherpa lets the active player pick"),
        ("NAN-BUILD-13", "camps", "one connected group"),
        ("NAN-BUILD-13", "trade", "Exactly the number shown"),
        ("NAN-ACT-12", "leopard", "one hiker of each player"),
        ("NAN-END-4", "end", "played to its end"),
        ("NAN-END-5", "end", "share the win"),
        ("NAN-AREA-5", "option-areas", "score strictly in order"),
    ] {
        let topic = NangaParbat::rules_topics().iter().find(|t| t.id == id);
        let text = topic.map(|t| t.text).unwrap_or_default();
        assert!(text.contains(words), "{clause} reading stated in `{id}`");
    }
}

/// The examples in the topics (backticked text with a space, or `end`; placeholders like
/// `<r.s>` and options like `scoring=areas` are not examples) really parse, chains and the
/// two-animal `deer` shorthand included.
#[test]
fn every_example_in_the_topics_parses() {
    let g = started(false);
    let words = [
        "trap", "guide", "leopard", "tahr", "deer", "yak", "claim", "camp", "give", "end",
    ];
    let must = [
        "trap 4.6",
        "tr 4.6",
        "deer 3.4; deer 6.1",
        "claim A4",
        "end",
    ];
    check_step_examples::<NangaParbat>(&words, &["end"], &must, 15, |example| {
        for part in example.split(';').map(str::trim) {
            let parts = g.expand(data(), 0, part).unwrap_or(vec![part.to_string()]);
            for p in parts {
                g.parse_step(data(), 0, &p)
                    .map_err(|e| format!("`{p}`: {e}"))?;
            }
        }
        Ok(())
    });
}

/// Topics are found by the words players use: aliases in lower case, none an id or another
/// topic's alias.
#[test]
fn topic_aliases_are_lower_case_and_lead_to_one_topic() {
    check_topics::<NangaParbat>();
    assert_eq!(topic_of::<NangaParbat>("syntax"), Some("notation"));
}

/// Players never read internal clause ids: not in topics, refusals, the log or `describe`.
#[test]
fn no_clause_id_in_any_text_a_player_reads() {
    let mut texts: Vec<String> = NangaParbat::rules_topics()
        .iter()
        .flat_map(|t| [t.title, t.section, t.text])
        .map(str::to_string)
        .collect();
    for areas in [false, true] {
        let mut g = fresh_game(areas, DEMO_SEED);
        let mut rng = GameRng::new(11);
        for _ in 0..400 {
            if g.phase == Phase::Over {
                break;
            }
            let seat = g.current;
            // Every kind of refusal this state gives, worded.
            for step in g.candidates(data(), seat) {
                if let Err(e) = g.legality(data(), seat, &step) {
                    texts.push(e.reason);
                }
            }
            for bad in ["trap 9.9", "claim A1", "end", "give panda", "camp 1.1"] {
                if let Err(e) = g.parse_step(data(), seat, bad) {
                    texts.push(e.to_string());
                }
            }
            let legal = g.legal_steps(data(), seat);
            let step = legal[rng.below(legal.len())];
            let applied = g.apply(data(), seat, &step).unwrap();
            texts.extend(applied.events.into_iter().map(|e| e.text));
            texts.push(describe(data(), &g.view(data(), Viewer::Seat(seat))));
        }
    }
    for t in &texts {
        assert!(!has_clause_id(t), "a clause id in: {t}");
    }
}

#[test]
fn every_typed_topic_has_its_entry_in_the_topics_table() {
    let typed: Vec<&str> = topics::Topic::ALL.iter().map(|t| t.id()).collect();
    check_typed_topics::<NangaParbat>(&typed);
}
