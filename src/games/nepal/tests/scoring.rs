//! Tests of End of Game Scoring (`rules/scoring.rs`), ending with a scripted whole game.

use super::*;

#[test]
// Also NEP-SCORE-3, NEP-SCORE-7.
fn nep_score_2_region_five_and_three() {
    let mut g = game(3);
    empty_board(&mut g);
    set(&mut g, "Kailali", 0, 3);
    set(&mut g, "Doti", 1, 2);
    set(&mut g, "Achham", 2, 1);
    assert_eq!(g.region_points(data(), 0), vec![5, 3, 0]);
}

#[test]
fn nep_score_4_region_tie_broken_by_more_provinces() {
    let mut g = game(3);
    empty_board(&mut g);
    set(&mut g, "Kailali", 0, 2);
    set(&mut g, "Doti", 1, 1);
    set(&mut g, "Achham", 1, 1);
    assert_eq!(g.region_points(data(), 0), vec![3, 5, 0]);
}

#[test]
fn nep_score_5_region_full_tie_gives_four_each() {
    let mut g = game(3);
    empty_board(&mut g);
    set(&mut g, "Kailali", 0, 2);
    set(&mut g, "Kailali", 1, 2);
    set(&mut g, "Doti", 2, 1);
    assert_eq!(
        g.region_points(data(), 0),
        vec![4, 4, 0],
        "third place scores nothing"
    );
}

#[test]
fn nep_score_6_region_ties_share_rounded_down() {
    let mut g = game(3);
    empty_board(&mut g);
    set(&mut g, "Kailali", 0, 1);
    set(&mut g, "Kailali", 1, 1);
    set(&mut g, "Kailali", 2, 1);
    assert_eq!(g.region_points(data(), 0), vec![2, 2, 2]);
    set(&mut g, "Kailali", 0, 3);
    assert_eq!(
        g.region_points(data(), 0),
        vec![5, 1, 1],
        "two tied for second share 3"
    );
}

#[test]
// Also NEP-SCORE-9, NEP-SCORE-10, NEP-SCORE-12, NEP-SCORE-13.
fn nep_score_11_route_scoring_promotes_claimants_still_linked() {
    let mut g = game(4);
    empty_board(&mut g);
    let c = card("Kathmandu", "Birgunj"); // 4 / 2
    face_up(&mut g, &[c]);
    // why: four claimants on one card in a chosen order: not searched for
    g.cards[0].claims = vec![0, 1, 2, 3];
    for s in [1, 3] {
        set(&mut g, "Kathmandu", s, 1);
        set(&mut g, "Makwanpur", s, 1);
        set(&mut g, "Parsa", s, 1);
    }
    g.finish(data());
    let b = g.breakdown.clone().unwrap();
    assert_eq!(b[0].cards, 0, "first claimant lost the route");
    assert_eq!(b[1].cards, 4, "second promoted to the high number");
    assert_eq!(b[2].cards, 0);
    assert_eq!(b[3].cards, 2, "fourth promoted to the low number");
}

#[test]
fn nep_score_19_tie_broken_by_fewer_pieces_on_board() {
    let mut g = game(3);
    empty_board(&mut g);
    set(&mut g, "Kathmandu", 0, 3);
    set(&mut g, "Kathmandu", 1, 3); // Centre: Ann and Bob tie -> 4 each
    set(&mut g, "Bardiya", 0, 1); // MW Ann 5
    set(&mut g, "Jhapa", 1, 2); // E Bob 5
    g.finish(data());
    let r = g.result.clone().unwrap();
    assert_eq!(r.scores[0], r.scores[1]);
    assert_eq!(
        r.places,
        vec![1, 2, 3],
        "Ann has 4 pieces on the map, Bob 5"
    );
    assert!(r.note.contains("fewer pieces"), "{}", r.note);
    // The note names the one winner and explains the one real tie (Cy's 0 VP is no tie).
    assert_eq!(
        r.note,
        "Ann wins; tie on 9 VP broken by fewer pieces on the board, then the longest \
         controlled route: Ann (4 on board, longest route 0), Bob (5 on board, longest route 0)"
    );
}

#[test]
// NEP-SCORE-19: without any tie the note is just the winner.
fn nep_score_19_single_winner_without_tie_note() {
    let mut g = game(3);
    empty_board(&mut g);
    set(&mut g, "Kailali", 0, 1); // Far-West: Ann 5
    g.finish(data());
    let r = g.result.clone().unwrap();
    assert_eq!(r.scores, vec![5, 0, 0]);
    assert_eq!(r.places, vec![1, 2, 2]);
    assert!(r.note.starts_with("Ann wins"), "{}", r.note);
    assert!(!r.note.contains("share"), "{}", r.note);
}

#[test]
// Also NEP-SCORE-21.
fn nep_score_20_tie_then_longest_controlled_route() {
    let mut g = game(3);
    empty_board(&mut g);
    face_up(
        &mut g,
        &[card("Kathmandu", "Lhasa"), card("Kathmandu", "Birgunj")],
    );
    // Ann links Kathmandu-Lhasa (length 2), Bob Kathmandu-Birgunj (length 3); same
    // pieces and provinces in the Centre.
    set(&mut g, "Kathmandu", 0, 1);
    set(&mut g, "Rasuwa", 0, 1);
    set(&mut g, "Sindhupalchok", 0, 1);
    set(&mut g, "Kathmandu", 1, 1);
    set(&mut g, "Makwanpur", 1, 1);
    set(&mut g, "Parsa", 1, 1);
    g.finish(data());
    let r = g.result.clone().unwrap();
    // Centre: both 3 pieces in 3 provinces -> 4 each; equal pieces on board.
    assert_eq!(r.scores[0], r.scores[1]);
    let b = g.breakdown.clone().unwrap();
    assert_eq!((b[0].longest_route, b[1].longest_route), (2, 3));
    assert_eq!(r.places[1], 1);
    assert_eq!(r.places[0], 2);
}

#[test]
// Also NEP-SCORE-18.
fn nep_score_17_scripted_full_game_has_known_final_scores() {
    let mut g = crate::engine::setup_checked::<Nepal>(
        data(),
        &names(DEMO_PLAYERS),
        &Options::new(),
        DEMO_SEED,
    )
    .unwrap();
    let script = demo_script();
    let last = script.len() - 1;
    for (i, (seat, text)) in script.into_iter().enumerate() {
        assert!(!g.status().is_finished(), "finished early at step {i}");
        play(&mut g, data(), seat, text);
        if i == 5 {
            assert_eq!(g.score[1], 3, "Bob is first on Kathmandu-Lhasa");
        }
        if i == 16 {
            assert_eq!(
                g.pieces_at(pi("Gorkha") as usize, 1),
                2,
                "conflict cut Bob to Gorkha's limit"
            );
        }
        if i == 20 {
            assert_eq!(
                g.score[2], 5,
                "Cy: first on Kathmandu-Birgunj, second on Kathmandu-Lhasa"
            );
        }
        if i < last {
            assert!(!g.status().is_finished(), "finished early at step {i}");
        }
    }
    let Status::Finished(r) = g.status() else {
        panic!("not finished")
    };
    // Hand-computed:
    // Ann: 40 pieces in Kathmandu -> Centre first (5). Total 5.
    // Bob: 3 during play; West alone (Gorkha) 5; Kathmandu-Lhasa lost (no Rasuwa or
    //      Sindhupalchok). Total 8.
    // Cy: 3 + 2 during play; Centre second with 4 pieces (3); Kathmandu-Birgunj high 4;
    //      Kathmandu-Lhasa promoted to high 2 (its low 1* does not count with 3 players).
    //      Total 14.
    assert_eq!(r.scores, vec![5, 8, 14]);
    assert_eq!(r.places, vec![3, 2, 1]);
    let b = g.breakdown.clone().unwrap();
    assert_eq!(b[1].regions, vec![0, 0, 5, 0, 0]);
    assert_eq!(b[2].cards, 6);
    assert_eq!(g.end.as_ref().unwrap().by, 0);
}

#[test]
fn nep_score_8_region_counts_pieces_not_routes_or_markers() {
    let mut g = game(3);
    empty_board(&mut g);
    set(&mut g, "Kailali", 0, 2);
    set(&mut g, "Doti", 1, 1);
    // Bob's claim markers (pieces on cards) do not count for the region.
    face_up(
        &mut g,
        &[card("Kathmandu", "Lhasa"), card("Kathmandu", "Birgunj")],
    );
    // why: claim markers on cards beside a designed region: not searched for
    g.cards[0].claims = vec![1];
    g.cards[1].claims = vec![1];
    assert_eq!(g.region_points(data(), 0), vec![5, 3, 0]);
}

#[test]
fn nep_score_14_only_the_first_two_linked_claimants_score() {
    let mut g = game(4);
    empty_board(&mut g);
    face_up(&mut g, &[card("Kathmandu", "Birgunj")]); // 4 / 2
                                                      // why: four claimants on one card in a chosen order: not searched for
    g.cards[0].claims = vec![2, 0, 3, 1];
    for s in 0..4 {
        set(&mut g, "Kathmandu", s, 1);
        set(&mut g, "Makwanpur", s, 1);
        set(&mut g, "Parsa", s, 1);
    }
    g.finish(data());
    let cards: Vec<i64> = g
        .breakdown
        .clone()
        .unwrap()
        .iter()
        .map(|b| b.cards)
        .collect();
    assert_eq!(
        cards,
        vec![2, 0, 4, 0],
        "Cy high, Ann low, Dee and Bob nothing"
    );
}

#[test]
fn nep_score_15_card_without_markers_scores_nothing() {
    let mut g = game(3);
    empty_board(&mut g);
    face_up(&mut g, &[card("Kathmandu", "Birgunj")]);
    set(&mut g, "Kathmandu", 0, 1);
    set(&mut g, "Makwanpur", 0, 1);
    set(&mut g, "Parsa", 0, 1);
    g.finish(data());
    let b = g.breakdown.clone().unwrap();
    assert_eq!(b[0].cards, 0);
    assert_eq!(b[0].total, 5, "only the Centre");
}

#[test]
fn nep_score_22_players_tied_after_both_tie_breaks_share_the_place() {
    let mut g = game(3);
    empty_board(&mut g);
    face_up(&mut g, &[card("Pokhara", "Lumbini")]); // nobody links it
    set(&mut g, "Kailali", 0, 1); // Far-West: Ann 5
    set(&mut g, "Bardiya", 1, 1); // Mid-West: Bob 5
    g.finish(data());
    let r = g.result.clone().unwrap();
    assert_eq!(r.scores, vec![5, 5, 0]);
    let b = g.breakdown.clone().unwrap();
    assert_eq!((b[0].pieces_on_board, b[1].pieces_on_board), (1, 1));
    assert_eq!((b[0].longest_route, b[1].longest_route), (0, 0));
    assert_eq!(r.places, vec![1, 1, 3]);
    assert!(r.note.contains("Ann and Bob share the win"), "{}", r.note);
}

// NEP-SCORE-2: the hint is the score if the game ended now: claims so far plus the
// regions' domination points (5 and 3), the tie-break as a fraction of a point.
#[test]
fn nep_score_2_the_hint_is_the_score_if_the_game_ended_now() {
    let mut g = game(3);
    empty_board(&mut g);
    g.cards.clear();
    set(&mut g, "Kailali", 0, 3);
    set(&mut g, "Doti", 1, 2);
    set(&mut g, "Achham", 2, 1);
    // why: chosen scores on a designed map, to read the hint against them
    g.score = vec![0, 4, 1];
    let hint = g.hint(data());
    let rounded: Vec<i64> = hint.iter().map(|h| h.round() as i64).collect();
    assert_eq!(rounded, vec![5, 7, 1], "{hint:?}");
    assert!(
        hint[0] < 5.0 && hint[0] > 4.9,
        "fewer pieces on the board is better: {hint:?}"
    );
}
