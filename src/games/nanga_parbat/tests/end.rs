//! Tests of the end of the game and the result (`rules/end.rs`).

use super::*;

/// Play out a whole game: every turn the first listed trap, and nothing else.
fn trap_only_game(areas: bool) -> NangaParbat {
    let mut g = fresh_game(areas, 5);
    play(&mut g, data(), 1, "guide 1");
    for _ in 0..30 {
        let seat = g.current;
        let first = legal(&g, data(), seat)
            .into_iter()
            .find(|s| s.starts_with("trap") || s.starts_with("guide"))
            .unwrap();
        play(&mut g, data(), seat, &first);
        if first.starts_with("guide") {
            let t = legal(&g, data(), seat)
                .into_iter()
                .find(|s| s.starts_with("trap"))
                .unwrap();
            play(&mut g, data(), seat, &t);
        }
        play(&mut g, data(), seat, "end");
    }
    g
}

#[test]
fn nan_end_1_the_game_ends_when_both_players_have_placed_all_hikers() {
    let mut g = fresh_game(false, 5);
    play(&mut g, data(), 1, "guide 1");
    for turn in 0..30 {
        assert!(!g.status().is_finished(), "turn {turn}");
        let seat = g.current;
        let first = legal(&g, data(), seat)
            .into_iter()
            .find(|s| s.starts_with("trap") || s.starts_with("guide"))
            .unwrap();
        play(&mut g, data(), seat, &first);
        if first.starts_with("guide") {
            let t = legal(&g, data(), seat)
                .into_iter()
                .find(|s| s.starts_with("trap"))
                .unwrap();
            play(&mut g, data(), seat, &t);
        }
        play(&mut g, data(), seat, "end");
    }
    assert!(g.status().is_finished());
    assert_eq!(g.hikers, vec![0, 0]);
    assert!(legal(&g, data(), 0).is_empty() && legal(&g, data(), 1).is_empty());
    assert_eq!(g.apply(data(), 0, &Step::End).unwrap_err().topic, "end");
}

#[test]
fn nan_end_2_both_players_out_of_cubes_ends_the_game_but_not_with_areas() {
    for areas in [false, true] {
        let option = if areas { "option scoring areas\n" } else { "" };
        // Seed 1, the traps of NO_PANDA_GAME: Ann places her five cubes (B1, C1, A1, B2,
        // C2), Bob four (B3, B4, A2, A3) and traps a leopard beside a bharal he holds.
        let mut g = position(&format!(
            "{option}{STARTED}
             Ann: trap 1.1
             Ann: end
             Bob: trap 1.3
             Bob: end
             Ann: trap 3.1
             Ann: claim B1
             Ann: give yak
             Ann: end
             Bob: trap 1.4
             Bob: claim B3
             Bob: give yak
             Bob: give leopard
             Bob: end
             Ann: trap 4.2
             Ann: claim C1
             Ann: give yak
             Ann: end
             Bob: trap 2.2
             Bob: end
             Ann: trap 2.4
             Ann: claim A1
             Ann: camp 2.4
             Ann: end
             Bob: trap 4.3
             Bob: end
             Ann: trap 3.2
             Ann: claim B2
             Ann: give tahr
             Ann: give bharal
             Ann: end
             Bob: trap 2.5
             Bob: claim B4
             Bob: give yak
             Bob: give leopard
             Bob: give tahr
             Bob: end
             Ann: trap 5.1
             Ann: claim C2
             Ann: give tahr
             Ann: give bharal
             Ann: end
             Bob: trap 1.5
             Bob: claim A2
             Bob: camp 1.5
             Bob: camp 1.3
             Bob: end
             Ann: trap 5.3
             Ann: end
             Bob: trap 3.3
             Bob: claim A3
             Bob: camp 2.2
             Bob: camp 2.5
             Bob: end
             Ann: trap 3.4
             Ann: end
             Bob: trap 4.4"
        ));
        assert_eq!(g.cubes, vec![0, 1]);
        play_all(&mut g, data(), 1, "claim C3; give leopard");
        assert!(!g.status().is_finished());
        play(&mut g, data(), 1, "give bharal");
        assert_eq!(g.cubes, vec![0, 0]);
        assert_eq!(g.status().is_finished(), !areas, "areas {areas}");
    }
}

#[test]
fn nan_end_3_more_points_wins() {
    let g = trap_only_game(false);
    let Status::Finished(r) = g.status() else {
        panic!()
    };
    let (a, b) = (g.score[0], g.score[1]);
    assert_ne!(a, b);
    let winner = if a > b { 0 } else { 1 };
    assert_eq!(r.places[winner], 1);
    assert_eq!(r.places[1 - winner], 2);
    assert_eq!(r.scores, vec![a, b]);
    assert_eq!(r.note, format!("{} wins", names()[winner]));
}

// NAN-END-4 reading: the last turn is played to its end (step 4 and activations).
#[test]
fn nan_end_4_the_turn_that_places_the_last_hiker_is_played_out() {
    let mut g = position(&before_the_last_turn(false));
    assert_eq!(g.hikers, vec![0, 1]);
    play(&mut g, data(), 1, "trap 6.4");
    assert_eq!(g.hikers, vec![0, 0]);
    assert!(!g.status().is_finished(), "not before the end of the turn");
    play(&mut g, data(), 1, "yak 3");
    play(&mut g, data(), 1, "claim B1");
    play(&mut g, data(), 1, "give yak");
    assert_eq!(g.score[1], 1);
    assert!(!g.status().is_finished());
    play(&mut g, data(), 1, "end");
    assert!(g.status().is_finished());
}

// NAN-END-5 reading: a tie (only 0 to 0) is shared.
#[test]
fn nan_end_5_a_tie_at_zero_is_shared() {
    let g = position(&trap_turns(NO_PANDA_GAME));
    let Status::Finished(r) = g.status() else {
        panic!()
    };
    assert_eq!(r.scores, vec![0, 0]);
    assert_eq!(r.places, vec![1, 1]);
    assert!(
        r.note
            .starts_with("Ann and Bob share the win (tied on 0 VP"),
        "{}",
        r.note
    );
}
