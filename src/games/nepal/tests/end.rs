//! Tests of Game End (`rules/end.rs`).

use super::*;

#[test]
// Also NEP-END-3, NEP-END-4.
fn nep_end_1_empty_hand_then_one_more_turn_each() {
    let mut g = game(3);
    play(&mut g, data(), 0, "end");
    // Bob's hand runs out during his turn.
    // why: seeded random games (seeds 1-5, three players) never give Ann an empty hand at
    // a turn's start; they end by the deck after 1,000-2,900 steps.
    g.hand[1] = 1;
    play(&mut g, data(), 1, "grow Kathmandu");
    play(&mut g, data(), 1, "end");
    let t = g.end.clone().expect("triggered");
    assert_eq!((t.by, t.turns_left), (1, 3));
    play(&mut g, data(), 2, "end");
    play(&mut g, data(), 0, "end");
    assert!(!g.status().is_finished());
    assert_eq!(
        g.status(),
        Status::Acting(vec![1]),
        "the trigger plays one more turn too"
    );
    play(&mut g, data(), 1, "end");
    assert!(g.status().is_finished());
    for s in 0..3 {
        assert!(g.legal_steps(data(), s).is_empty());
    }
}

#[test]
fn nep_end_2_exhausted_deck() {
    let mut g = game(3);
    face_up(&mut g, &[card("Kathmandu", "Lhasa")]);
    let last = g.deck[0];
    // why: the deck's last card with a claim due: the deck runs out only after 1,000+ steps of
    // random play
    g.deck = vec![last];
    set(&mut g, "Rasuwa", 0, 1);
    play(&mut g, data(), 0, "end");
    assert!(g.deck.is_empty());
    assert!(g.end.as_ref().unwrap().reason.contains("deck"));
    for s in [1, 2] {
        play(&mut g, data(), s, "end");
    }
    assert!(!g.status().is_finished());
    play(&mut g, data(), 0, "end");
    assert!(g.status().is_finished());
}

#[test]
fn nep_end_5_empty_hand_is_checked_after_conflict() {
    // Ann grows her last piece over Rasuwa's limit; conflict gives it back: no trigger.
    let mut g = game(3);
    set(&mut g, "Rasuwa", 0, 1);
    // why: seeded random games (seeds 1-5, three players) never give Ann an empty hand at
    // a turn's start; they end by the deck after 1,000-2,900 steps.
    g.hand[0] = 1;
    play(&mut g, data(), 0, "grow Rasuwa");
    assert_eq!(g.hand[0], 0);
    play(&mut g, data(), 0, "end");
    assert_eq!(g.hand[0], 1);
    assert!(g.end.is_none(), "the hand is not empty after conflict");
    // The same last piece grown in Kathmandu stays: the end is triggered by Ann.
    let mut g = game(3);
    // why: seeded random games (seeds 1-5, three players) never give Ann an empty hand at
    // a turn's start; they end by the deck after 1,000-2,900 steps.
    g.hand[0] = 1;
    play(&mut g, data(), 0, "grow Kathmandu");
    play(&mut g, data(), 0, "end");
    let t = g.end.clone().expect("triggered");
    assert_eq!((t.by, t.turns_left), (0, 3));
    assert!(t.reason.contains("Ann"), "{}", t.reason);
    // A claim marker that empties the hand triggers it too.
    let mut g = game(3);
    face_up(&mut g, &[card("Kathmandu", "Lhasa")]);
    set(&mut g, "Rasuwa", 0, 1);
    // why: seeded random games (seeds 1-5, three players) never give Ann an empty hand at
    // a turn's start; they end by the deck after 1,000-2,900 steps.
    g.hand[0] = 1;
    play(&mut g, data(), 0, "end");
    assert_eq!(g.cards[0].claims, vec![0]);
    assert_eq!(g.end.as_ref().map(|t| t.by), Some(0));
}
