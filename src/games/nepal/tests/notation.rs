//! Tests of the notation (`rules/notation.rs`): steps typed, by prefix, and played through
//! the registry.

use super::*;

#[test]
fn prefix_notation_matches_steps() {
    let mut g = game(3);
    play(&mut g, data(), 0, "mo kath dha");
    assert_eq!(g.pieces_at(pi("Dhading") as usize, 0), 1);
    assert!(
        rejected(&mut g, data(), 0, "fortress Dhading")
            .starts_with("the fortress option is off in this game"),
        "fortress is off by default"
    );
}

#[test]
fn registry_wrapper_plays_nepal_through_notation() {
    let kind = super::kind(BOARD).unwrap();
    let opts: Options = [("boom".to_string(), "on".to_string())]
        .into_iter()
        .collect();
    let mut g = kind.setup(&names(3), &opts, 42).unwrap();
    let (notation, _) = g.play(0, "mo kath dha").unwrap();
    assert_eq!(notation, "move Kathmandu Dhading");
    assert!(g.play(1, "end").is_err(), "not Bob's turn");
    assert!(g.legal(0).iter().any(|s| s.notation == "end"));
    assert!(g.describe(Viewer::Seat(0)).contains("Ann to act"));
    let back = kind.restore(&g.snapshot()).unwrap();
    assert!(back.same_state(&*g));
    assert!(kind
        .setup(
            &names(3),
            &[("boom".to_string(), "maybe".to_string())]
                .into_iter()
                .collect(),
            1
        )
        .is_err());
}
