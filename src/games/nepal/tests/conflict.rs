//! Tests of Rules of Play > Conflict and Special Rules: Kathmandu (`rules/conflict.rs`).
//!
//! A clause that cannot be checked by a test: NEP-KATH-4 (the overflow space printed beside
//! Kathmandu) is a detail of the physical board: Sherpa's Kathmandu is a single province
//! with no limit, so there is no separate space to treat differently (its lack of a limit
//! is NEP-KATH-1, tested here).

use super::*;

#[test]
// Also NEP-CONF-2, NEP-CONF-10.
fn nep_conf_3_smallest_holder_removes_first() {
    let mut g = game(3);
    // Chitwan limit 3: Ann 3, Bob 1 -> Bob removes one, done.
    set(&mut g, "Chitwan", 0, 3);
    set(&mut g, "Chitwan", 1, 1);
    let hand = g.hand[1];
    play(&mut g, data(), 0, "end");
    let p = pi("Chitwan") as usize;
    assert_eq!((g.pieces_at(p, 0), g.pieces_at(p, 1)), (3, 0));
    assert_eq!(g.hand[1], hand + 1, "removed pieces return to the hand");
}

#[test]
// Also NEP-CONF-8.
fn nep_conf_4_tied_holders_remove_together() {
    let mut g = game(3);
    // Rasuwa limit 1: Ann 1, Bob 1 -> both removed at once.
    set(&mut g, "Rasuwa", 0, 1);
    set(&mut g, "Rasuwa", 1, 1);
    play(&mut g, data(), 0, "end");
    let p = pi("Rasuwa") as usize;
    assert_eq!((g.pieces_at(p, 0), g.pieces_at(p, 1)), (0, 0));
}

#[test]
// Also NEP-CONF-6.
fn nep_conf_5_then_next_smallest_removes() {
    let mut g = game(3);
    // Kaski limit 4: Ann 1, Bob 2, Cy 4 (7): pass 1 removes Ann (6), Bob (5), Cy (4).
    set(&mut g, "Kaski", 0, 1);
    set(&mut g, "Kaski", 1, 2);
    set(&mut g, "Kaski", 2, 4);
    play(&mut g, data(), 0, "end");
    let p = pi("Kaski") as usize;
    assert_eq!(
        (g.pieces_at(p, 0), g.pieces_at(p, 1), g.pieces_at(p, 2)),
        (0, 1, 3)
    );
}

#[test]
fn nep_conf_12_new_pass_when_one_pass_is_not_enough() {
    let mut g = game(3);
    // Dhading limit 2: Ann 3, Bob 3 (6). Pass 1: both tied -> 2,2 (4). Pass 2 -> 1,1 (2).
    set(&mut g, "Dhading", 0, 3);
    set(&mut g, "Dhading", 1, 3);
    play(&mut g, data(), 0, "end");
    let p = pi("Dhading") as usize;
    assert_eq!((g.pieces_at(p, 0), g.pieces_at(p, 1)), (1, 1));
    // Parsa limit 4: Ann 1, Bob 6 (7). Pass 1: Ann -> 0 (6), Bob -> 5 (5). Pass 2: Bob -> 4.
    let mut g = game(3);
    set(&mut g, "Parsa", 0, 1);
    set(&mut g, "Parsa", 1, 6);
    play(&mut g, data(), 0, "end");
    let p = pi("Parsa") as usize;
    assert_eq!((g.pieces_at(p, 0), g.pieces_at(p, 1)), (0, 4));
    // The clause's own example: Kaski limit 4 with 2, 2, 4 (8). Pass 1: Ann and Bob 1, 1
    // (6), Cy 3 (5). Pass 2: Ann and Bob 0, 0 (3). Re-ranking after every removal would
    // leave Cy 4 instead.
    let mut g = game(3);
    set(&mut g, "Kaski", 0, 2);
    set(&mut g, "Kaski", 1, 2);
    set(&mut g, "Kaski", 2, 4);
    play(&mut g, data(), 0, "end");
    let p = pi("Kaski") as usize;
    assert_eq!(
        (g.pieces_at(p, 0), g.pieces_at(p, 1), g.pieces_at(p, 2)),
        (0, 0, 3)
    );
}

#[test]
// Also NEP-CONF-1 (Bob is cut back at the end of Ann's turn).
fn nep_conf_9_cuts_lone_player_over_limit() {
    let mut g = game(3);
    set(&mut g, "Gorkha", 1, 4); // limit 2
    play(&mut g, data(), 0, "end");
    assert_eq!(g.pieces_at(pi("Gorkha") as usize, 1), 2);
}

#[test]
// Also NEP-KATH-1.
fn nep_kath_2_never_conflict_in_kathmandu() {
    let mut g = game(3);
    set(&mut g, "Kathmandu", 0, 12);
    set(&mut g, "Kathmandu", 1, 3);
    play(&mut g, data(), 0, "end");
    assert_eq!(g.pieces_at(data().kathmandu, 0), 12);
    assert_eq!(g.pieces_at(data().kathmandu, 1), 3);
}

#[test]
// Also NEP-TURN-1.
fn nep_conf_11_claim_stands_after_conflict() {
    let mut g = game(3);
    face_up(&mut g, &[card("Kathmandu", "Lhasa")]);
    set(&mut g, "Rasuwa", 1, 1);
    play(&mut g, data(), 0, "move Kathmandu Rasuwa");
    play(&mut g, data(), 0, "grow Kathmandu");
    play(&mut g, data(), 0, "end");
    assert_eq!(g.cards[0].claims, vec![0], "claimed before conflict");
    assert_eq!(
        g.pieces_at(pi("Rasuwa") as usize, 0),
        0,
        "then removed by conflict"
    );
    assert_eq!(g.score[0], 3);
}

#[test]
// Also NEP-CONF-12: the conflict is announced with the pieces each player lost.
fn nep_conf_5_conflict_names_what_each_player_loses() {
    let mut g = game(3);
    // Parsa limit 4: Ann 1, Bob 6 -> Ann loses 1, Bob 2 (see nep_conf_12).
    set(&mut g, "Parsa", 0, 1);
    set(&mut g, "Parsa", 1, 6);
    let a = play(&mut g, data(), 0, "end");
    let want = Event::public("conflict in Parsa (limit 4): Ann loses 1, Bob loses 2");
    assert!(a.events.contains(&want), "{:?}", a.events);
}
