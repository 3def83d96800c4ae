//! Tests of the rules topics (`topics.rs`) and of the words players read.

use super::*;

#[test]
fn rules_topics_cover_every_section() {
    let topics = Nepal::rules_topics();
    for id in [
        "overview",
        "setup",
        "turn",
        "actions",
        "move",
        "grow",
        "claim",
        "reveal",
        "conflict",
        "kathmandu",
        "end",
        "scoring",
        "option-start",
        "option-boom",
        "option-fortress",
        "notation",
    ] {
        let t = topics
            .iter()
            .find(|t| t.id == id)
            .unwrap_or_else(|| panic!("topic {id}"));
        assert!(!t.section.is_empty() && t.text.len() > 80, "{id}");
    }
}

#[test]
fn every_typed_topic_has_its_entry_in_the_topics_table() {
    let typed: Vec<&str> = topics::Topic::ALL.iter().map(|t| t.id()).collect();
    conformance::topics::check_typed_topics::<Nepal>(&typed);
}

/// The step words whose backquoted examples the topics give (`move Kathmandu Dhading`,
/// `g kath`), not the patterns (`grow <province>`) nor the options (`fortress=on`); `end`
/// is a step alone.
const STEP_WORDS: [&str; 4] = ["move", "grow", "fortress", "place"];

#[test]
fn every_step_example_in_the_topics_plays_in_the_opening() {
    let d = data();
    let must = [
        "move Kathmandu Dhading",
        "g kath",
        "end",
        "fortress Gorkha",
        "place Kaski",
    ];
    conformance::topics::check_step_examples::<Nepal>(&STEP_WORDS, &["end"], &must, 5, |text| {
        let start = if text.starts_with("place") {
            "placement"
        } else {
            "kathmandu"
        };
        let mut g = game_with(3, &[("fortress", "on"), ("start", start)], 1);
        let step = g.parse_step(d, 0, text).map_err(|e| e.to_string())?;
        g.apply(d, 0, &step).map(|_| ()).map_err(|e| e.to_string())
    });
}

#[test]
fn topics_are_found_by_the_words_players_use() {
    conformance::topics::check_topics::<Nepal>();
    let topic_of = conformance::topics::topic_of::<Nepal>;
    assert_eq!(topic_of("fortress"), Some("option-fortress"));
    assert_eq!(topic_of("route"), Some("claim"));
    assert_eq!(topic_of("trade"), Some("claim"));
    assert_eq!(topic_of("map"), Some("board"));
}

#[test]
fn no_clause_id_in_topics_refusals_log_or_description() {
    assert!(has_clause_id("see NEP-CONF-12 here") && has_clause_id("(PEL-POP-11)"));
    assert!(
        !has_clause_id("Far-West") && !has_clause_id("NEPAL-CONF-1") && !has_clause_id("NEP-12")
    );
    let d = data();
    let mut texts: Vec<String> = Vec::new();
    for t in topics::TOPICS {
        texts.extend([t.title, t.section, t.text].map(String::from));
    }
    // A random game with every option on: its log, each position's description, and the
    // refusal of every step the notation can name there.
    let mut g = game_with(
        4,
        &[("fortress", "on"), ("start", "placement"), ("boom", "on")],
        5,
    );
    let mut rng = GameRng::new(9);
    for i in 0..400 {
        let Some(&seat) = g.status().acting().first() else {
            break;
        };
        if i % 20 == 0 {
            for st in Nepal::every_step(d) {
                if let Err(e) = g.check(d, seat, &st) {
                    texts.push(e.to_string());
                }
            }
            texts.push(
                g.check(d, (seat + 1) % 4, &Step::End)
                    .unwrap_err()
                    .to_string(),
            );
        }
        texts.push(describe(d, &g.view(d, Viewer::Spectator)));
        let legal = g.legal_steps(d, seat);
        let step = legal[rng.below(legal.len())];
        let applied = g.apply(d, seat, &step).expect("a listed step");
        texts.extend(applied.events.into_iter().map(|e| e.text));
    }
    for t in &texts {
        assert!(!has_clause_id(t), "a clause id in: {t}");
    }
}
