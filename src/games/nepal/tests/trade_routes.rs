//! Tests of Rules of Play > Claim Trade Routes and Reveal New Trade Routes
//! (`rules/trade_routes.rs`).

use super::*;

#[test]
// Also NEP-CLAIM-7, NEP-CLAIM-8, NEP-CONF-7.
fn nep_claim_6_scores_three_then_two_then_zero() {
    let mut g = game(3);
    let c = card("Kathmandu", "Lhasa");
    face_up(
        &mut g,
        &[c, card("Pokhara", "Lumbini"), card("Dunai", "Jomsom")],
    );
    for s in 0..3 {
        set(&mut g, "Rasuwa", s, 0);
    }
    play(&mut g, data(), 0, "move Kathmandu Rasuwa");
    play(&mut g, data(), 0, "grow Kathmandu");
    play(&mut g, data(), 0, "end");
    assert_eq!(g.score[0], 3);
    assert_eq!(g.cards[0].claims, vec![0]);
    // Bob and Cy link the same route through Sindhupalchok.
    play(&mut g, data(), 1, "move Kathmandu Sindhupalchok");
    play(&mut g, data(), 1, "grow Kathmandu");
    play(&mut g, data(), 1, "end");
    assert_eq!(g.score[1], 2);
    play(&mut g, data(), 2, "grow Kathmandu");
    play(&mut g, data(), 2, "move Kathmandu Sindhupalchok");
    play(&mut g, data(), 2, "end");
    // Sindhupalchok (limit 2) now holds Bob 1 and Cy 1: no conflict.
    assert_eq!(g.score[2], 0);
    assert_eq!(g.cards[0].claims, vec![0, 1, 2]);
}

#[test]
// Also NEP-CLAIM-15.
fn nep_claim_5_marker_comes_from_hand() {
    let mut g = game(3);
    face_up(&mut g, &[card("Kathmandu", "Lhasa")]);
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
    let mut g = game(3);
    face_up(&mut g, &[card("Gorkha", "Kathmandu")]);
    set(&mut g, "Gorkha", 0, 1);
    play(&mut g, data(), 0, "end");
    assert!(
        g.cards[0].claims.is_empty(),
        "Gorkha and Kathmandu are not adjacent"
    );
    play(&mut g, data(), 1, "end");
    play(&mut g, data(), 2, "end");
    set(&mut g, "Dhading", 1, 1); // someone else's piece does not link Ann's chain
    play(&mut g, data(), 0, "end");
    assert!(g.cards[0].claims.is_empty());
    play(&mut g, data(), 1, "end");
    play(&mut g, data(), 2, "end");
    play(&mut g, data(), 0, "move Kathmandu Dhading");
    play(&mut g, data(), 0, "grow Kathmandu");
    play(&mut g, data(), 0, "end");
    assert_eq!(g.cards[0].claims, vec![0]);
}

#[test]
fn nep_claim_3_outside_location_through_arrow_province() {
    let mut g = game(3);
    face_up(&mut g, &[card("Hetauda", "Patna")]);
    play(&mut g, data(), 0, "move Kathmandu Makwanpur");
    play(&mut g, data(), 0, "grow Makwanpur");
    play(&mut g, data(), 0, "move Makwanpur Parsa");
    play(&mut g, data(), 0, "end");
    assert_eq!(
        g.cards[0].claims,
        vec![0],
        "Parsa carries the arrow to Patna"
    );
}

#[test]
// Also NEP-REVEAL-4.
fn nep_reveal_1_first_claim_reveals_a_card() {
    let mut g = game(3);
    face_up(&mut g, &[card("Kathmandu", "Lhasa")]);
    let deck = g.deck.len();
    let next = *g.deck.last().unwrap();
    play(&mut g, data(), 0, "move Kathmandu Rasuwa");
    play(&mut g, data(), 0, "grow Kathmandu");
    let a = play(&mut g, data(), 0, "end");
    assert!(a.irreversible);
    assert_eq!(g.deck.len(), deck - 1);
    assert_eq!(g.cards.len(), 2);
    assert_eq!(g.cards[1].card, next);
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
    let mut g = game(3);
    face_up(
        &mut g,
        &[
            card("Kathmandu", "Lhasa"),
            card("Hetauda", "Patna"),
            card("Kathmandu", "Birgunj"),
        ],
    );
    set(&mut g, "Rasuwa", 0, 1);
    set(&mut g, "Makwanpur", 0, 1);
    set(&mut g, "Parsa", 0, 1);
    let deck = g.deck.len();
    play(&mut g, data(), 0, "end");
    assert_eq!(g.score[0], 9);
    assert_eq!(g.deck.len(), deck - 3);
    assert_eq!(g.cards.len(), 6);
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
    let mut g = game(3);
    face_up(&mut g, &[card("Kathmandu", "Lhasa")]); // 2 / 1*
    play(&mut g, data(), 0, "move Kathmandu Rasuwa");
    play(&mut g, data(), 0, "grow Kathmandu");
    play(&mut g, data(), 0, "end");
    assert_eq!(g.score[0], 3, "3 VP now, the printed 2 only at the end");
    let hand = g.hand[0];
    play(&mut g, data(), 1, "end");
    play(&mut g, data(), 2, "end");
    // Still linked: no second marker, no points, no piece taken.
    play(&mut g, data(), 0, "end");
    assert_eq!(g.cards[0].claims, vec![0]);
    assert_eq!((g.score[0], g.hand[0]), (3, hand));
    play(&mut g, data(), 1, "end");
    play(&mut g, data(), 2, "end");
    // Chain broken: the marker stays.
    play(&mut g, data(), 0, "move Rasuwa Gorkha");
    play(&mut g, data(), 0, "end");
    assert!(!g.controls_route(data(), 0, g.cards[0].card as usize));
    assert_eq!(g.cards[0].claims, vec![0]);
    assert_eq!(g.score[0], 3);
}

#[test]
fn nep_claim_16_other_player_claims_in_own_turn_if_still_linked() {
    let a = card("Kathmandu", "Lhasa");
    let b = card("Kathmandu", "Birgunj");
    let setup = || {
        let mut g = game(3);
        face_up(&mut g, &[a]);
        g.deck.retain(|&c| c != b);
        // why: the next card revealed chosen: not searched for
        g.deck.push(b); // revealed by Ann's claim of A
        set(&mut g, "Rasuwa", 0, 1); // Ann links A
        set(&mut g, "Makwanpur", 1, 1); // Bob links B (with his Kathmandu piece)
        set(&mut g, "Parsa", 1, 1);
        g
    };
    let mut g = setup();
    assert!(g.controls_route(data(), 1, b as usize));
    play(&mut g, data(), 0, "end");
    assert_eq!(g.cards[1].card, b);
    assert!(g.cards[1].claims.is_empty(), "not in Ann's turn");
    assert_eq!(g.score[1], 0);
    play(&mut g, data(), 1, "end");
    assert_eq!(g.cards[1].claims, vec![1], "in Bob's own claim step");
    assert_eq!(g.score[1], 3);

    // Bob's chain is broken by the conflict of Ann's turn: nothing for him.
    let mut g = setup();
    set(&mut g, "Makwanpur", 0, 2); // limit 2: Ann 2 + Bob 1 -> Bob loses his piece
    play(&mut g, data(), 0, "end");
    assert_eq!(g.pieces_at(pi("Makwanpur") as usize, 1), 0);
    play(&mut g, data(), 1, "end");
    assert!(g.cards[1].claims.is_empty());
    assert_eq!(g.score[1], 0);
}

#[test]
fn nep_claim_17_route_broken_again_before_the_claim_step_does_not_count() {
    let mut g = game(3);
    face_up(&mut g, &[card("Kathmandu", "Lhasa")]);
    play(&mut g, data(), 0, "grow Kathmandu");
    play(&mut g, data(), 0, "move Kathmandu Rasuwa"); // linked now
    assert!(g.controls_route(data(), 0, g.cards[0].card as usize));
    play(&mut g, data(), 0, "move Rasuwa Gorkha"); // broken again
    let hand = g.hand[0];
    play(&mut g, data(), 0, "end");
    assert!(g.cards[0].claims.is_empty());
    assert_eq!((g.score[0], g.hand[0]), (0, hand));
}

#[test]
fn nep_reveal_2_five_on_offer_and_first_claim_with_empty_deck() {
    let five = [
        card("Kathmandu", "Lhasa"),
        card("Kathmandu", "Birgunj"),
        card("Pokhara", "Lumbini"),
        card("Hetauda", "Patna"),
        card("Dunai", "Jomsom"),
    ];
    let unclaimed = |g: &Nepal| g.cards.iter().filter(|c| c.claims.is_empty()).count();
    // With cards in the deck, the claimed card is replaced: 5 unclaimed again.
    let mut g = game(3);
    face_up(&mut g, &five);
    set(&mut g, "Rasuwa", 0, 1);
    play(&mut g, data(), 0, "end");
    assert_eq!((g.cards.len(), unclaimed(&g)), (6, 5));
    // With an empty deck the claim still counts, but nothing replaces it.
    let mut g = game(3);
    face_up(&mut g, &five);
    g.deck.clear();
    set(&mut g, "Rasuwa", 0, 1);
    let hand = g.hand[0];
    let a = play(&mut g, data(), 0, "end");
    assert_eq!(g.cards[0].claims, vec![0]);
    assert_eq!((g.score[0], g.hand[0]), (3, hand - 1));
    assert_eq!((g.cards.len(), unclaimed(&g)), (5, 4));
    assert!(!a.irreversible, "no card drawn");
}
