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
    // Seed 1 with area scoring played to its end, steered: Ann traps sections that send
    // the guide to regions 4 to 6 (so Bob traps there) and claims row A whenever she can,
    // Bob sends it back to 1 to 3, where Ann's hikers and camps gather. With GameRng 2 she
    // ends with 6, 4 and 4 pieces there (5 camps among the 6), with GameRng 1 with 5, 5 and 4.
    for (pick, pieces, camps, points) in [
        (2, [6, 4, 4], [5, 3, 3], [3, 1, 1]),
        (1, [5, 5, 4], [5, 2, 4], [2, 2, 1]),
    ] {
        let mut g = started(true);
        let steered = steer(|seat, r| (r >= 3) == (seat == 0), Some(0));
        let over = |g: &NangaParbat| g.status().is_finished();
        let mut rng = GameRng::new(pick);
        assert!(steered_play_until(
            &mut g,
            data(),
            2_000,
            &mut rng,
            steered,
            over
        ));
        let camps_in = |r: usize| {
            (0..6)
                .filter(|s| g.cells[r * 6 + s] == Piece::Camp(0))
                .count()
        };
        assert_eq!(pieces, [0, 1, 2].map(|r| g.pieces_in_region(0, r)));
        assert_eq!(camps, [0, 1, 2].map(camps_in));
        let ann = &g.area_points.as_ref().unwrap()[0];
        assert_eq!(ann[..3], points, "pick {pick}: {ann:?}");
    }
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
    // Seed 1 with area scoring, steered (GameRng 1) to the last turn's `end`, nobody claiming
    // or activating: Ann prefers regions 1 and 3, Bob 2 and 4, each trapping a section that
    // sends the guide there; since a trap sends the guide on to the other player, Ann ends
    // with four or more in regions 2 and 4 and Bob in 1, 3 and 5.
    let mut g = started(true);
    let steered = steer(|seat, r| r < 4 && r % 2 == seat, None);
    let last_end = |g: &NangaParbat| g.hikers.iter().all(|&h| h == 0) && g.trapped;
    assert!(steered_play_until(
        &mut g,
        data(),
        2_000,
        &mut GameRng::new(1),
        steered,
        last_end
    ));
    let before = g.score.clone();
    let seat = g.current;
    let a = play(&mut g, data(), seat, "end");
    assert_eq!(
        g.area_points,
        Some(vec![vec![0, 1, 0, 1, 0, 0], vec![1, 0, 1, 0, 1, 0]])
    );
    // Each region's point lands on the other marker and takes the bonus, region by region
    // from 1: scored from region 6 down the last landing would be Ann's.
    assert_eq!(
        (before, g.score.clone()),
        (vec![4, 3], vec![8, 9]),
        "{}",
        said(&a, " | ")
    );
    let regions: Vec<&str> = a
        .events
        .iter()
        .filter_map(|e| e.text.split("(region ").nth(1))
        .collect();
    assert_eq!(regions.len(), 5, "{regions:?}");
    assert!(regions.windows(2).all(|w| w[0] < w[1]), "{regions:?}");
    // No split of a region's 6 sections gives both players 4 or more.
    for ann in 0..=6usize {
        for bob in 0..=(6 - ann) {
            assert!(!(ann >= 4 && bob >= 4));
        }
    }
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
