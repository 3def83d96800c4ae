//! Tests of the Tour de jeu (`rules/turn.rs`): the turn sequence and whose turn it is.

use super::*;

// NAN-HIKER-1, NAN-GUIDE-1 happen with the trap (steps 2 and 3).
#[test]
fn nan_turn_1_trap_first_then_optional_claim_then_end() {
    // Seed 1: Ann holds the yak from 1.1; Bob's tahr at 1.6 sent the guide to region 6.
    let mut g = position(&format!(
        "{STARTED}\nAnn: trap 1.1\nAnn: end\nBob: trap 1.6\nBob: end"
    ));
    let e = refused(&mut g, data(), 0, "claim B1");
    assert!(e.reason.contains("trap an animal first"), "{e}");
    refused(&mut g, data(), 0, "end");
    play(&mut g, data(), 0, "trap 6.2");
    assert_eq!(g.cells[c("6.2") as usize], Piece::Hiker(0));
    assert_eq!(g.guide, Some(1));
    let e = refused(&mut g, data(), 0, "trap 2.1");
    assert!(e.reason.contains("already trapped"));
    // Step 4 is optional: ending at once is fine.
    assert!(legal(&g, data(), 0).contains(&"end".to_string()));
    play(&mut g, data(), 0, "end");
}

#[test]
fn nan_turn_2_animals_may_be_activated_before_and_after_the_trap_and_claim() {
    // Ann holds a yak and a deer at the start of her turn.
    let mut g = position(DEER_AT_TURN_START);
    play(&mut g, data(), 0, "yak 5"); // before the trap: trap in region 5 instead
    play(&mut g, data(), 0, "trap 5.6");
    play(&mut g, data(), 0, "claim B1");
    play(&mut g, data(), 0, "give tahr");
    play(&mut g, data(), 0, "deer 1.2"); // after the claim
    play(&mut g, data(), 0, "deer 6.6");
    assert_eq!(g.guide, Some(5));
    assert_eq!(g.cells[c("6.6") as usize], Piece::Animal(Animal::Panda));
    play(&mut g, data(), 0, "end");
}

#[test]
fn nan_turn_3_players_alternate() {
    // Ann's yak at 1.3 sends the guide to region 3.
    let mut g = position(&format!("{STARTED}\nAnn: trap 1.3\nAnn: end"));
    assert_eq!(g.status(), Status::Acting(vec![1]));
    let e = refused(&mut g, data(), 0, "trap 3.1");
    assert_eq!(e.topic, "turn");
    play(&mut g, data(), 1, "trap 3.1");
    play(&mut g, data(), 1, "end");
    assert_eq!(g.status(), Status::Acting(vec![0]));
}

// NAN-TURN-1 (trap in the guide's region) as typed: a step word alone is answered with the legal
// steps of that kind, never a bare form; a kind with none legal gets its form.
#[test]
fn nan_turn_1_a_step_word_alone_lists_its_legal_steps() {
    let g = started(false);
    let legal_traps: Vec<String> = legal(&g, data(), 0)
        .into_iter()
        .filter(|s| s.starts_with("trap "))
        .collect();
    assert!(!legal_traps.is_empty());
    let e = g
        .parse_step(data(), 0, "tr")
        .expect_err("incomplete")
        .to_string();
    assert!(e.contains("not a whole step"), "{e}");
    for t in &legal_traps {
        assert!(e.contains(t.as_str()), "{e} lacks {t}");
    }
    let e = g
        .parse_step(data(), 0, "claim")
        .expect_err("no claim yet")
        .to_string();
    assert!(e.contains("`claim` takes 1 value: claim <square"), "{e}");
}
