//! Tests of Rules of Play > Claim Trade Routes and Reveal New Trade Routes
//! (`rules/trade_routes.rs`).

use super::*;

#[test]
// Also NEP-CLAIM-7, NEP-CLAIM-8, NEP-CONF-7.
fn nep_claim_6_scores_three_then_two_then_zero() {
    let (mut g, c) = dealt_alone(
        "Kathmandu",
        "Lhasa",
        &["Kathmandu", "Rasuwa", "Sindhupalchok"],
    );
    let i = at(&g, c);
    play_all(
        &mut g,
        data(),
        0,
        "move Kathmandu Rasuwa; grow Kathmandu; end",
    );
    assert_eq!(g.score[0], 3);
    assert_eq!(g.cards[i].claims, vec![0]);
    // Bob and Cy link the same route through Sindhupalchok.
    play_all(
        &mut g,
        data(),
        1,
        "move Kathmandu Sindhupalchok; grow Kathmandu; end",
    );
    assert_eq!(g.score[1], 2);
    play_all(
        &mut g,
        data(),
        2,
        "grow Kathmandu; move Kathmandu Sindhupalchok; end",
    );
    // Sindhupalchok (limit 2) now holds Bob 1 and Cy 1: no conflict.
    assert_eq!(g.score[2], 0);
    assert_eq!(g.cards[i].claims, vec![0, 1, 2]);
}

#[test]
// Also NEP-CLAIM-15.
fn nep_claim_5_marker_comes_from_hand() {
    let (mut g, _) = dealt_alone("Kathmandu", "Lhasa", &["Kathmandu", "Rasuwa"]);
    let before = total_pieces(&g, 0);
    play(&mut g, data(), 0, "move Kathmandu Rasuwa");
    play(&mut g, data(), 0, "grow Kathmandu");
    let hand = g.hand[0];
    play(&mut g, data(), 0, "end");
    assert_eq!(g.hand[0], hand - 1, "the marker is a piece from the hand");
    assert_eq!(total_pieces(&g, 0), before);
}

#[test]
fn nep_claim_15_needs_a_piece_in_hand() {
    // Ann grows her last piece, then her move links a route she has not marked.
    let unmarked = |g: &Nepal| -> Vec<u8> {
        let open = |c: &&InPlay| !c.claims.contains(&0);
        let linked = linked_by(g, 0);
        g.cards
            .iter()
            .filter(open)
            .map(|c| c.card)
            .filter(|c| linked.contains(c))
            .collect()
    };
    let links = |g: &Nepal| steps_where(g, 0, "move", |c| !unmarked(c).is_empty());
    let mut g = ann_down_to_with_routes_open(1, |g| unmarked(g).is_empty() && !links(g).is_empty());
    let grow = steps_where(&g, 0, "grow", |_| true).remove(0);
    play(&mut g, data(), 0, &grow);
    let link = links(&g).remove(0);
    play(&mut g, data(), 0, &link);
    let before = unmarked(&g);
    assert_eq!(g.hand[0], 0);
    play(&mut g, data(), 0, "end");
    let marked = |c: &InPlay| before.contains(&c.card) && c.claims.contains(&0);
    assert!(!g.cards.iter().any(marked), "no piece to mark a route with");
}

#[test]
// Also NEP-CLAIM-2, NEP-CLAIM-4.
fn nep_claim_1_needs_unbroken_chain() {
    let (mut g, c) = dealt_alone("Gorkha", "Kathmandu", &["Kathmandu", "Dhading", "Gorkha"]);
    let i = at(&g, c);
    // Ann: Kathmandu and Gorkha, Dhading between them left empty.
    play_all(
        &mut g,
        data(),
        0,
        "grow Kathmandu; move Kathmandu Dhading; move Dhading Gorkha; end",
    );
    assert!(
        g.cards[i].claims.is_empty(),
        "Gorkha and Kathmandu are not adjacent"
    );
    // Bob's piece in Dhading does not link Ann's chain.
    play_all(&mut g, data(), 1, "move Kathmandu Dhading; end");
    play(&mut g, data(), 2, "end");
    play(&mut g, data(), 0, "end");
    assert!(g.cards[i].claims.is_empty());
    play(&mut g, data(), 1, "end");
    play(&mut g, data(), 2, "end");
    play_all(
        &mut g,
        data(),
        0,
        "move Kathmandu Dhading; grow Kathmandu; end",
    );
    assert_eq!(g.cards[i].claims, vec![0]);
}

#[test]
fn nep_claim_3_outside_location_through_arrow_province() {
    let c = card("Hetauda", "Patna");
    let mut g = dealt("Hetauda-Patna", &[c], |_| true);
    let i = at(&g, c);
    play(&mut g, data(), 0, "move Kathmandu Makwanpur");
    play(&mut g, data(), 0, "grow Makwanpur");
    play(&mut g, data(), 0, "move Makwanpur Parsa");
    play(&mut g, data(), 0, "end");
    assert_eq!(
        g.cards[i].claims,
        vec![0],
        "Parsa carries the arrow to Patna"
    );
}

#[test]
// Also NEP-REVEAL-4.
fn nep_reveal_1_first_claim_reveals_a_card() {
    let (mut g, _) = dealt_alone(
        "Kathmandu",
        "Lhasa",
        &["Kathmandu", "Rasuwa", "Sindhupalchok"],
    );
    let deck = g.deck.len();
    let next = *g.deck.last().unwrap();
    play(&mut g, data(), 0, "move Kathmandu Rasuwa");
    play(&mut g, data(), 0, "grow Kathmandu");
    let a = play(&mut g, data(), 0, "end");
    assert!(a.irreversible);
    assert_eq!(g.deck.len(), deck - 1);
    assert_eq!(g.cards.len(), FACE_UP + 1);
    assert_eq!(g.cards[FACE_UP].card, next);
    // A second claim of the same card reveals nothing.
    play(&mut g, data(), 1, "move Kathmandu Sindhupalchok");
    play(&mut g, data(), 1, "grow Kathmandu");
    let a = play(&mut g, data(), 1, "end");
    assert!(!a.irreversible);
    assert_eq!(g.deck.len(), deck - 1);
    // An end without claims is not irreversible.
    assert!(!play(&mut g, data(), 2, "end").irreversible);
}

/// In real play, the seat whose turn it is, the position after it ends its turn now, and
/// the card that end reveals (if it reveals one).
fn reveal_at_end(g: &Nepal) -> Option<(usize, Nepal, u8)> {
    if g.phase != Phase::Play || over(g) {
        return None;
    }
    let seat = g.current;
    let after = after_end(g, seat);
    let new = after
        .cards
        .iter()
        .find(|c| !g.cards.iter().any(|o| o.card == c.card))?;
    let card = new.card;
    Some((seat, after, card))
}

#[test]
fn nep_reveal_3_revealed_card_not_claimable_same_turn() {
    // Real play to a turn whose claim reveals a card the claimer links already (and
    // nobody else links; the end of the game not triggered).
    let own_link = |g: &Nepal| {
        let (seat, after, c) = reveal_at_end(g)?;
        let links = |s: usize| after.controls_route(data(), s, c as usize);
        let others = (0..3).filter(|&s| s != seat).any(links);
        (links(seat) && !others && after.end.is_none()).then_some((seat, c))
    };
    let (mut g, (seat, c)) =
        found_linking(3, "a claim revealing a card the claimer links", own_link);
    play(&mut g, data(), seat, "end");
    let i = g.cards.iter().position(|x| x.card == c).unwrap();
    assert!(
        g.cards[i].claims.is_empty(),
        "revealed this turn: not claimable yet"
    );
    play(&mut g, data(), (seat + 1) % 3, "end");
    play(&mut g, data(), (seat + 2) % 3, "end");
    play(&mut g, data(), seat, "end");
    assert_eq!(
        g.cards[i].claims,
        vec![seat as u8],
        "claimed on the next turn"
    );
}

#[test]
// Also NEP-CLAIM-9.
fn nep_claim_14_several_claims_in_one_turn() {
    let mut three = [
        card("Kathmandu", "Lhasa"),
        card("Hetauda", "Patna"),
        card("Kathmandu", "Birgunj"),
    ];
    three.sort_unstable();
    let chain = ["Kathmandu", "Makwanpur", "Parsa", "Rasuwa"];
    let only = |g: &Nepal| linked_through(g, &chain) == three;
    let mut g = dealt(
        "three cards linked by one chain, and no other",
        &three,
        only,
    );
    // Ann's first turn links none of them (Kathmandu and Makwanpur), her second all three.
    play_all(
        &mut g,
        data(),
        0,
        "grow Kathmandu; grow Kathmandu; move Kathmandu Makwanpur; end",
    );
    assert_eq!(g.score[0], 0);
    play(&mut g, data(), 1, "end");
    play(&mut g, data(), 2, "end");
    play_all(
        &mut g,
        data(),
        0,
        "grow Makwanpur; move Makwanpur Parsa; move Kathmandu Rasuwa",
    );
    let deck = g.deck.len();
    play(&mut g, data(), 0, "end");
    assert_eq!(g.score[0], 9);
    assert_eq!(g.deck.len(), deck - 3);
    assert_eq!(g.cards.len(), FACE_UP + 3);
}

#[test]
// Also NEP-SCORE-16.
fn nep_claim_13_starred_numbers_only_with_four_or_five() {
    // Real games over (3 players, then 4) with a starred number won by a claimant still
    // linked: the route cards scored against the numbers read with the stars.
    for n in [3usize, 4] {
        let starred_won = |g: &Nepal| {
            (over(g))
                .then(|| {
                    (0..g.cards.len()).find(|&i| {
                        let c = &data().cards[g.cards[i].card as usize];
                        let l = linked_claimants(g, i).len();
                        (c.high_star && c.high > 0 && l >= 1) || (c.low_star && c.low > 0 && l >= 2)
                    })
                })
                .flatten()
        };
        let (g, i) = found(n, "a starred number won", starred_won);
        let cards = scored_card_points(&g);
        assert_eq!(cards, card_points(&g), "{n} players (card {i})");
    }
}

#[test]
// Also NEP-CLAIM-11, NEP-CLAIM-12.
fn nep_claim_10_marker_stays_once_only_and_numbers_wait_for_the_end() {
    let (mut g, c) = dealt_alone("Kathmandu", "Lhasa", &["Kathmandu", "Rasuwa", "Gorkha"]); // 2 / 1*
    let i = at(&g, c);
    play(&mut g, data(), 0, "move Kathmandu Rasuwa");
    play(&mut g, data(), 0, "grow Kathmandu");
    play(&mut g, data(), 0, "end");
    assert_eq!(g.score[0], 3, "3 VP now, the printed 2 only at the end");
    let hand = g.hand[0];
    play(&mut g, data(), 1, "end");
    play(&mut g, data(), 2, "end");
    // Still linked: no second marker, no points, no piece taken.
    play(&mut g, data(), 0, "end");
    assert_eq!(g.cards[i].claims, vec![0]);
    assert_eq!((g.score[0], g.hand[0]), (3, hand));
    play(&mut g, data(), 1, "end");
    play(&mut g, data(), 2, "end");
    // Chain broken: the marker stays.
    play(&mut g, data(), 0, "move Rasuwa Gorkha");
    play(&mut g, data(), 0, "end");
    assert!(!g.controls_route(data(), 0, g.cards[i].card as usize));
    assert_eq!(g.cards[i].claims, vec![0]);
    assert_eq!(g.score[0], 3);
}

#[test]
fn nep_claim_16_other_player_claims_in_own_turn_if_still_linked() {
    let a = card("Kathmandu", "Lhasa");
    let b = card("Kathmandu", "Birgunj");
    // A deal with A face up and B the next card drawn, Ann's chain through Rasuwa and
    // Makwanpur linking only A, Bob's through Makwanpur and Parsa only B.
    let deal = |g: &Nepal| {
        g.deck.last() == Some(&b)
            && linked_through(g, &["Kathmandu", "Rasuwa", "Makwanpur"]) == [a]
            && linked_through(g, &["Kathmandu", "Makwanpur", "Parsa"]) == [b]
    };
    // Bob links B (still in the deck) with Kathmandu, Makwanpur and Parsa; Ann keeps
    // three pieces in Kathmandu.
    let setup = || {
        let mut g = dealt("A face up, B drawn next", &[a], deal);
        play_all(&mut g, data(), 0, "grow Kathmandu; grow Kathmandu; end");
        play_all(
            &mut g,
            data(),
            1,
            "grow Kathmandu; move Kathmandu Makwanpur; grow Makwanpur; end",
        );
        play(&mut g, data(), 2, "end");
        play(&mut g, data(), 0, "end");
        play_all(&mut g, data(), 1, "move Makwanpur Parsa; end");
        play(&mut g, data(), 2, "end");
        g
    };
    let mut g = setup();
    assert!(g.controls_route(data(), 1, b as usize));
    play_all(&mut g, data(), 0, "move Kathmandu Rasuwa; end"); // Ann claims A: B revealed
    let j = at(&g, b);
    assert!(g.cards[j].claims.is_empty(), "not in Ann's turn");
    assert_eq!(g.score[1], 0);
    play(&mut g, data(), 1, "end");
    assert_eq!(g.cards[j].claims, vec![1], "in Bob's own claim step");
    assert_eq!(g.score[1], 3);

    // Bob's chain is broken by the conflict of Ann's turn: nothing for him.
    let mut g = setup();
    // Makwanpur (limit 2): Ann 2 + Bob 1 -> Bob loses his piece.
    play_all(
        &mut g,
        data(),
        0,
        "move Kathmandu Rasuwa; move Kathmandu Makwanpur; grow Makwanpur; end",
    );
    assert_eq!(g.pieces_at(pi("Makwanpur") as usize, 1), 0);
    let j = at(&g, b);
    play(&mut g, data(), 1, "end");
    assert!(g.cards[j].claims.is_empty());
    assert_eq!(g.score[1], 0);
}

#[test]
fn nep_claim_17_route_broken_again_before_the_claim_step_does_not_count() {
    let (mut g, c) = dealt_alone("Kathmandu", "Lhasa", &["Kathmandu", "Rasuwa", "Gorkha"]);
    let i = at(&g, c);
    play(&mut g, data(), 0, "grow Kathmandu");
    play(&mut g, data(), 0, "move Kathmandu Rasuwa"); // linked now
    assert!(g.controls_route(data(), 0, g.cards[i].card as usize));
    play(&mut g, data(), 0, "move Rasuwa Gorkha"); // broken again
    let hand = g.hand[0];
    play(&mut g, data(), 0, "end");
    assert!(g.cards[i].claims.is_empty());
    assert_eq!((g.score[0], g.hand[0]), (0, hand));
}

#[test]
fn nep_reveal_2_five_on_offer_and_first_claim_with_empty_deck() {
    let unclaimed = |g: &Nepal| g.cards.iter().filter(|c| c.claims.is_empty()).count();
    // With cards in the deck, the claimed card is replaced: 5 unclaimed again.
    let (mut g, _) = dealt_alone("Kathmandu", "Lhasa", &["Kathmandu", "Rasuwa"]);
    assert_eq!(unclaimed(&g), 5);
    play_all(
        &mut g,
        data(),
        0,
        "move Kathmandu Rasuwa; grow Kathmandu; end",
    );
    assert_eq!((g.cards.len(), unclaimed(&g)), (6, 5));
    // With an empty deck (real play to the last round) the claim still counts, but
    // nothing replaces it: a turn whose end marks one card, first, with no conflict.
    let first_claim = |g: &Nepal| {
        if g.phase != Phase::Play || over(g) || !g.deck.is_empty() || !over_limit(g).is_empty() {
            return None;
        }
        let s = g.current;
        let after = after_end(g, s);
        let marks = |g: &Nepal| g.cards.iter().map(|c| c.claims.len()).sum::<usize>();
        if over(&after) || marks(&after) != marks(g) + 1 {
            return None;
        }
        let i =
            (0..g.cards.len()).find(|&i| g.cards[i].claims.len() < after.cards[i].claims.len())?;
        g.cards[i].claims.is_empty().then_some(i)
    };
    let (mut g, i) = found_linking(3, "a first claim with the deck empty", first_claim);
    let s = g.current;
    let (score, hand, cards, open) = (g.score[s], g.hand[s], g.cards.len(), unclaimed(&g));
    let a = play(&mut g, data(), s, "end");
    assert_eq!(g.cards[i].claims, vec![s as u8]);
    assert_eq!((g.score[s], g.hand[s]), (score + 3, hand - 1));
    assert_eq!((g.cards.len(), unclaimed(&g)), (cards, open - 1));
    assert!(!a.irreversible, "no card drawn");
}
