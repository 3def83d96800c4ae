//! Tests of Game End (`rules/end.rs`).

use super::*;

#[test]
// Also NEP-END-3, NEP-END-4.
fn nep_end_1_empty_hand_then_one_more_turn_each() {
    // Bob's hand runs out during his turn: he grows his last piece where it stays.
    let mut g = hand_down_to(&[], 1, 1, |g| !grows_leaving(g, 1, 0).is_empty());
    let grow = grows_leaving(&g, 1, 0).remove(0);
    play(&mut g, data(), 1, &grow);
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
    // Everyone links what routes they can (growing while 10+ pieces are in hand) until
    // Ann's turn ends by revealing the deck's last card.
    let everyone_grows = |g: &Nepal, s: usize, t: &str| match t.split(' ').next() {
        Some("move") if links_a_route(g, s, t) => 3,
        Some("grow") if g.hand[s] > 10 => 2,
        Some("move") => 1,
        _ => 0,
    };
    let reveals_last = |g: &Nepal| !g.deck.is_empty() && after_end(g, 0).deck.is_empty();
    let at = |g: &Nepal| g.status().acting() == [0] && g.end.is_none() && reveals_last(g);
    let mut g = game(3);
    let mut pick = GameRng::new(1);
    assert!(steered_play_until(
        &mut g,
        data(),
        20_000,
        &mut pick,
        everyone_grows,
        at
    ));
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
    // Ann grows her last piece over a province's limit; conflict gives it back: no trigger.
    let mut g = hand_down_to(&[], 0, 1, |g| !grows_leaving(g, 0, 1).is_empty());
    let grow = grows_leaving(&g, 0, 1).remove(0);
    play(&mut g, data(), 0, &grow);
    assert_eq!(g.hand[0], 0);
    play(&mut g, data(), 0, "end");
    assert_eq!(g.hand[0], 1);
    assert!(g.end.is_none(), "the hand is not empty after conflict");
    // A last piece grown where it stays: the end is triggered by Ann.
    let mut g = hand_down_to(&[], 0, 1, |g| !grows_leaving(g, 0, 0).is_empty());
    let grow = grows_leaving(&g, 0, 0).remove(0);
    play(&mut g, data(), 0, &grow);
    play(&mut g, data(), 0, "end");
    let t = g.end.clone().expect("triggered");
    assert_eq!((t.by, t.turns_left), (0, 3));
    assert!(t.reason.contains("Ann"), "{}", t.reason);
    // A claim marker that empties the hand triggers it too.
    let claims = |g: &Nepal| g.cards.iter().filter(|c| c.claims.contains(&0)).count();
    // (Ann's move links a route; its marker takes her last piece.)
    let last_marked = |c: &Nepal| {
        let ended = after_end(c, 0);
        claims(&ended) > claims(c) && ended.hand[0] == 0
    };
    let links = |g: &Nepal| steps_where(g, 0, "move", last_marked);
    let mut g = ann_down_to_with_routes_open(1, |g| !links(g).is_empty());
    let link = links(&g).remove(0);
    play(&mut g, data(), 0, &link);
    let before = claims(&g);
    play(&mut g, data(), 0, "end");
    assert_eq!((claims(&g), g.hand[0]), (before + 1, 0));
    assert_eq!(g.end.as_ref().map(|t| t.by), Some(0));
}
