//! Tests of the area scoring variant (`rules/area_scoring.rs`).

use super::*;

#[test]
fn nan_area_1_regions_score_in_order_once_hikers_run_out_and_the_turn_ends() {
    // Ann's four hikers hold region 3, Bob's five region 6, once Bob traps at 6.4.
    let mut g = position(&before_the_last_turn(true));
    play(&mut g, data(), 1, "trap 6.4");
    assert!(!g.status().is_finished());
    let a = play(&mut g, data(), 1, "end");
    assert!(g.status().is_finished());
    let ev = said(&a, " | ");
    let r3 = ev.find("(region 3)").unwrap();
    let r6 = ev.find("(region 6)").unwrap();
    assert!(r3 < r6, "{ev}");
    assert_eq!(
        g.area_points,
        Some(vec![vec![0, 0, 1, 0, 0, 0], vec![0, 0, 0, 0, 0, 2]])
    );
    assert_eq!(g.score, vec![1, 2]);
    // Without the option, no region scores.
    let h = position(&trap_turns(NO_PANDA_GAME));
    assert!(h.status().is_finished());
    assert_eq!(h.score, vec![0, 0]);
}

// NAN-AREA-3
#[test]
fn nan_area_2_four_five_six_pieces_score_one_two_three_with_camps_counting() {
    let mut g = started(true);
    // Regions of 4, 5 and 6 pieces with camps among them, at the game's end: a designed
    // game of 30 traps and several row-A claims, far over ~60 steps; laid.
    lay(&mut g, "0X00bp 0X0X0p 0X0X0X 000ybp 111ybp ltdybp");
    g.hikers = vec![1, 0];
    g.guide = Some(5);
    play(&mut g, data(), 0, "trap 6.1");
    play(&mut g, data(), 0, "end");
    assert_eq!(
        g.area_points,
        Some(vec![vec![1, 2, 3, 0, 0, 0], vec![0, 0, 0, 0, 0, 0]])
    );
    assert_eq!(g.score, vec![6, 0]);
}

#[test]
fn nan_area_3_fewer_than_four_pieces_score_nothing() {
    // A whole game of seed 1 without a red panda trapped, and no region with four pieces of
    // one player.
    let g = position(&format!(
        "option scoring areas\n{}",
        trap_turns(
            "1.4 4.2 2.5 5.4 4.6 6.3 3.4 4.3 3.2 2.2 2.4 4.4 4.5 5.3 3.3 3.6 6.1 1.5 5.6 6.5 \
             5.5 5.1 1.3 3.1 1.1 1.6 6.2 2.6 6.6 6.4"
        )
    ));
    assert!(g.status().is_finished());
    assert_eq!(g.area_points, Some(vec![vec![0; 6], vec![0; 6]]));
    assert_eq!(g.score, vec![0, 0]);
}

#[test]
fn nan_area_4_the_track_bonus_applies_in_area_scoring() {
    // A whole game of seed 1 without a red panda trapped: Ann holds four in region 3 (1),
    // then Bob four in region 6 (1), which lands on Ann's 1.
    let mut g = position(&format!(
        "option scoring areas\n{}",
        trap_turns(
            "1.4 4.2 2.5 5.4 4.6 6.3 3.4 4.3 3.2 2.2 2.4 4.4 4.5 5.3 3.6 6.6 6.2 2.6 6.5 5.5 \
             5.1 1.5 5.6 6.1 1.3 3.3 3.1 1.1 1.6"
        )
    ));
    play(&mut g, data(), 1, "trap 6.4");
    let a = play(&mut g, data(), 1, "end");
    assert_eq!(g.score, vec![1, 2], "Bob's 1 lands on Ann's 1: 2");
    assert!(said(&a, " | ").contains("lands on Ann's space"));
}

// NAN-AREA-5 reading: regions score strictly in order 1 to 6, every landing takes the
// bonus; the order of the players within a region cannot matter.
#[test]
fn nan_area_5_regions_score_in_order_and_only_one_player_can_score_a_region() {
    let mut g = started(true);
    // Four regions alternating between the players, scored on their own: laid, since a
    // whole game to reach them is a designed 30 traps (nan_area_4 plays one landing).
    lay(&mut g, "0000bp 1111bp 0000bp 1111bp ltdybp ltdybp");
    let mut ev = Vec::new();
    g.score_areas(&mut ev);
    // Region 1 Ann 1; region 2 Bob 1 lands on 1 -> 2; region 3 Ann 1 lands on 2 -> 3;
    // region 4 Bob 1 lands on 3 -> 4. Scored from region 6 down it would be 4 to 3.
    assert_eq!(g.score, vec![3, 4]);
    let text: Vec<&str> = ev.iter().map(|e| e.text.as_str()).collect();
    assert!(
        text[0].contains("(region 1)") && text[3].contains("(region 4)"),
        "{text:?}"
    );
    // No split of a region's 6 sections gives both players 4 or more.
    for ann in 0..=6usize {
        for bob in 0..=(6 - ann) {
            assert!(!(ann >= 4 && bob >= 4));
        }
    }
    // So swapping the seats' order within regions changes nothing here.
    let mut h = started(true);
    // The same laid regions, scored afresh.
    h.cells = g.cells.clone();
    h.score = vec![0, 0];
    let mut ev = Vec::new();
    h.score_areas(&mut ev);
    assert_eq!(
        h.area_points,
        Some(vec![vec![1, 0, 1, 0, 0, 0], vec![0, 1, 0, 1, 0, 0]])
    );
}

// NAN-AREA-2: the hint is each seat's points so far, plus, in the area variant before the
// regions are scored, what its pieces would score in them now.
#[test]
fn nan_area_2_the_hint_counts_the_points_and_the_region_points_the_pieces_would_score() {
    for areas in [true, false] {
        // Bob scores B1 (1) in his last turn; Ann's four hikers in region 3 would score 1,
        // Bob's five in region 6 score 2.
        let mut g = position(&before_the_last_turn(areas));
        play_all(&mut g, data(), 1, "trap 6.4; claim B1; give yak");
        let want = if areas {
            vec![1.0, 3.0]
        } else {
            vec![0.0, 1.0]
        };
        assert_eq!(g.hint(data()), want, "areas {areas}");
    }
}
