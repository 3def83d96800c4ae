//! Tests of Setup (`rules/setup.rs`): the deck, the face-up trade routes, the starting pieces.

use super::*;

#[test]
// Also NEP-SETUP-1, NEP-SETUP-3, NEP-SETUP-4, NEP-SETUP-5, NEP-SETUP-6, NEP-SETUP-7, NEP-SETUP-9, NEP-SETUP-11.
fn nep_setup_2_pieces_and_cards_by_player_count() {
    // NEP-SETUP-11 reading: the score marker is extra, so the hand holds all pieces but
    // the one in Kathmandu: 39 / 34 / 29.
    for (n, pieces, hand, cards) in [(3, 40u32, 39u16, 20usize), (4, 35, 34, 23), (5, 30, 29, 26)] {
        let g = game(n);
        let k = data().kathmandu;
        for s in 0..n {
            assert_eq!(g.pieces_at(k, s), 1, "one piece on Kathmandu");
            assert_eq!(g.pieces_on_board(s), 1, "and nowhere else");
            assert_eq!(g.hand[s], hand);
            assert_eq!(total_pieces(&g, s), pieces);
        }
        assert_eq!(g.cards.len(), FACE_UP);
        assert_eq!(g.cards.len() + g.deck.len(), cards);
        assert_eq!(g.status(), Status::Acting(vec![0]));
    }
    assert!(crate::engine::setup_checked::<Nepal>(data(), &names(2), &Options::new(), 1).is_err());
}

#[test]
// NEP-SETUP-7: a board with exactly the 26 cards five players use seats five (and no more
// cards than that are needed).
fn nep_setup_7_a_board_with_exactly_26_cards_seats_five() {
    let mut kept = 0;
    let text: String = BOARD
        .lines()
        .filter(|l| {
            if l.starts_with("card ") {
                kept += 1;
                kept <= 26
            } else {
                true
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let short = parse_board(&text).expect("26 cards are enough for the board file");
    assert_eq!(short.cards.len(), 26);
    let g = crate::engine::setup_checked::<Nepal>(&short, &names(5), &Options::new(), 3)
        .expect("five players with exactly 26 cards");
    assert_eq!(g.cards.len() + g.deck.len(), 26);
}

#[test]
fn nep_setup_12_shuffle_depends_on_seed_only() {
    let a = game_with(4, &[], 9);
    assert_eq!(a, game_with(4, &[], 9));
    let differs = (10..20).any(|s| game_with(4, &[], s).deck != a.deck);
    assert!(differs);
}

#[test]
fn deck_order_is_hidden_from_every_view() {
    let g = game(3);
    let secrets: Vec<String> = g
        .deck
        .iter()
        .map(|&c| data().cards[c as usize].label())
        .collect();
    assert_eq!(secrets.len(), 15);
    assert!(
        conformance::assert_non_interference(&g, data(), 3, Some(render::render)) > 0,
        "scrambling the deck changes the state but no view"
    );
    for v in [Viewer::Spectator, Viewer::Seat(0), Viewer::Seat(2)] {
        let json = serde_json::to_string(&g.view(data(), v)).unwrap();
        for s in &secrets {
            assert!(!json.contains(s.as_str()), "{s} leaked");
        }
        // The face-up cards are shown.
        assert!(json.contains(&data().cards[g.cards[0].card as usize].label()));
    }
}

#[test]
// Also NEP-SETUP-13 (reading: the first seat starts), NEP-TURN-2, NEP-TURN-4.
fn nep_setup_10_scores_start_at_zero_and_first_seat_starts() {
    for n in 3..=5 {
        let g = game(n);
        assert_eq!(g.score, vec![0; n]);
        assert_eq!(g.status(), Status::Acting(vec![0]));
    }
    // Actions are optional: `end` at once passes the turn around the table.
    let mut g = game(3);
    assert!(g.legal_steps(data(), 0).contains(&Step::End));
    for seat in [0, 1, 2, 0, 1] {
        assert_eq!(g.status(), Status::Acting(vec![seat]));
        play(&mut g, data(), seat, "end");
    }
    assert_eq!(g.status(), Status::Acting(vec![2]));
}

#[test]
fn nep_setup_8_unused_cards_and_pieces_never_enter_play() {
    for n in 3..=5 {
        let mut g = game_with(n, &[("fortress", "on")], 7);
        let mut used: Vec<u8> = g
            .cards
            .iter()
            .map(|c| c.card)
            .chain(g.deck.iter().copied())
            .collect();
        used.sort_unstable();
        assert_eq!(used.len(), [20, 23, 26][n - 3]);
        let pieces = [40u32, 35, 30][n - 3];
        let mut rng = crate::engine::GameRng::new(3);
        for _ in 0..600 {
            if g.status().is_finished() {
                break;
            }
            let s = g.current;
            let l = g.legal_steps(data(), s);
            let st = l[rng.below(l.len())];
            g.apply(data(), s, &st).unwrap();
            let mut now: Vec<u8> = g
                .cards
                .iter()
                .map(|c| c.card)
                .chain(g.deck.iter().copied())
                .collect();
            now.sort_unstable();
            assert_eq!(now, used, "the cards in use stay the same");
            for s in 0..n {
                assert_eq!(
                    total_pieces(&g, s),
                    pieces,
                    "seat {s} keeps {pieces} pieces"
                );
            }
        }
    }
}
