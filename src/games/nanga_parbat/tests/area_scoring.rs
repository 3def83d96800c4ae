//! Tests of the area scoring variant (`rules/area_scoring.rs`).

use super::*;

#[test]
fn nan_area_1_regions_score_in_order_once_hikers_run_out_and_the_turn_ends() {
    let mut g = started(true);
    // Ann holds 4 in region 1 and 4 in region 2 (after her trap); Bob 4 in region 3.
    lay(&mut g, "0000bp 000ybp 1111bp ltdybp ltdybp ltdybp");
    g.hikers = vec![1, 0];
    g.guide = Some(1);
    play(&mut g, data(), 0, "trap 2.4");
    assert!(!g.status().is_finished());
    let a = play(&mut g, data(), 0, "end");
    assert!(g.status().is_finished());
    let ev = said(&a, " | ");
    let r1 = ev.find("(region 1)").unwrap();
    let r2 = ev.find("(region 2)").unwrap();
    let r3 = ev.find("(region 3)").unwrap();
    assert!(r1 < r2 && r2 < r3, "{ev}");
    assert_eq!(
        g.area_points,
        Some(vec![vec![1, 1, 0, 0, 0, 0], vec![0, 0, 1, 0, 0, 0]])
    );
    // Ann 1, then 2; Bob 1 lands on... Ann's 2? no: Bob 0+1 = 1, free.
    assert_eq!(g.score, vec![2, 1]);
    // Without the option, no region scores.
    let mut h = started(false);
    lay(&mut h, "0000bp 000ybp 1111bp ltdybp ltdybp ltdybp");
    h.hikers = vec![1, 0];
    h.guide = Some(1);
    play(&mut h, data(), 0, "trap 2.4");
    play(&mut h, data(), 0, "end");
    assert!(h.status().is_finished());
    assert_eq!(h.score, vec![0, 0]);
}

// NAN-AREA-3
#[test]
fn nan_area_2_four_five_six_pieces_score_one_two_three_with_camps_counting() {
    let mut g = started(true);
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
    let mut g = started(true);
    lay(&mut g, "000ybp 111ybp 00tybp 1tdybp ltdybp ltdybp");
    g.hikers = vec![1, 0];
    g.guide = Some(3);
    play(&mut g, data(), 0, "trap 4.5");
    play(&mut g, data(), 0, "end");
    assert_eq!(g.area_points, Some(vec![vec![0; 6], vec![0; 6]]));
    assert_eq!(g.score, vec![0, 0]);
}

#[test]
fn nan_area_4_the_track_bonus_applies_in_area_scoring() {
    let mut g = started(true);
    // Region 1: Ann 4 (1 pt) and Bob... Region 2: Bob 4 (1 pt) after Ann's 1 -> lands on 1.
    lay(&mut g, "0000bp 1111bp ltdybp ltdybp ltdybp ltdybp");
    g.hikers = vec![1, 0];
    g.guide = Some(3);
    play(&mut g, data(), 0, "trap 4.1");
    let a = play(&mut g, data(), 0, "end");
    assert_eq!(g.score, vec![1, 2], "Bob's 1 lands on Ann's 1: 2");
    assert!(said(&a, " | ").contains("lands on Ann's space"));
}

// NAN-AREA-5 reading: regions score strictly in order 1 to 6, every landing takes the
// bonus; the order of the players within a region cannot matter.
#[test]
fn nan_area_5_regions_score_in_order_and_only_one_player_can_score_a_region() {
    let mut g = started(true);
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
        let mut g = started(areas);
        lay(&mut g, "0X00bp 0X0X0p 0X0X0X 000ybp 111ybp ltdybp");
        g.score = vec![2, 3];
        let want = if areas {
            vec![8.0, 3.0]
        } else {
            vec![2.0, 3.0]
        };
        assert_eq!(g.hint(data()), want, "areas {areas}");
    }
}
