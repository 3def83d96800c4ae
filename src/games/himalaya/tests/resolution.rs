//! Tests of Phase 3, the actions' resolution, moves and deals (`rules/resolution.rs`).

use super::*;

#[test]
fn him_res_4_move_along_a_missing_path_is_ignored() {
    let d = data();
    // Village 1 has stone (to 2) and ice (to 8) paths, no dirt path.
    let mut g = placed(&d, "basic", &[1, 5, 20]);
    program_all(&mut g, &d, &["dirt stone dirt rest rest rest", REST, REST]);
    // dirt ignored at 1, stone 1->2, dirt 2->9.
    assert_eq!(v(&g, 0), 9);
}

#[test]
fn him_res_3_moves_follow_the_path_of_the_programmed_type_back_and_forth() {
    let d = data();
    let mut g = placed(&d, "basic", &[1, 5, 20]);
    program_all(&mut g, &d, &["ice ice ice stone ice stone", REST, REST]);
    // 1 -ice-> 8 -ice-> 1 -ice-> 8 -stone-> 9 -ice-> 14 -stone-> 13
    assert_eq!(v(&g, 0), 13);
}

// HIM-DEAL-1, HIM-COMP-5
#[test]
fn him_deal_3_deal_takes_the_cheapest_good() {
    let d = data();
    let mut g = placed(&d, "basic", &[5, 1, 20]);
    put_goods(&mut g, 5, [0, 2, 0, 1, 2]);
    program_all(&mut g, &d, &["deal rest rest rest rest rest", REST, REST]);
    assert_eq!(
        g.hands[0],
        [0, 1, 0, 0, 0],
        "barley is the cheapest present"
    );
    assert_eq!(g.village_goods[4], [0, 1, 0, 1, 2]);
}

// HIM-DEAL-4
#[test]
fn him_deal_2_one_good_per_village_per_turn_per_player() {
    let d = data();
    let mut g = placed(&d, "basic", &[5, 5 + 1, 20]);
    put_goods(&mut g, 5, [3, 0, 0, 0, 2]);
    put_goods(&mut g, 6, [0, 0, 1, 0, 0]);
    // Deal twice at 5 (second cancelled), move dirt to 6 and deal there, back and deal again (cancelled).
    program_all(&mut g, &d, &["deal deal dirt deal dirt deal", REST, REST]);
    assert_eq!(g.hands[0], [1, 0, 1, 0, 0]);
    // Another player may still take at the same village in the same turn.
    let mut g = placed(&d, "basic", &[5, 5 + 1, 20]);
    put_goods(&mut g, 5, [3, 0, 0, 0, 2]);
    program_all(
        &mut g,
        &d,
        &[
            "deal rest rest rest rest rest",
            "dirt deal rest rest rest rest",
            REST,
        ],
    );
    assert_eq!(g.hands[0], [1, 0, 0, 0, 0]);
    assert_eq!(g.hands[1], [1, 0, 0, 0, 0]);
    // Next turn the first player may take there again.
    program_all(&mut g, &d, &["deal rest rest rest rest rest", REST, REST]);
    assert_eq!(g.hands[0], [2, 0, 0, 0, 0]);
}

// HIM-DEAL-6, HIM-REWARD-1, HIM-REWARD-2, HIM-REWARD-3
#[test]
fn him_deal_5_filling_an_order_returns_the_goods_to_the_bag_and_offers_two_of_three_rewards() {
    let d = data();
    let mut g = placed(&d, "basic", &[10, 1, 20]);
    put_order(&mut g, 10, 4); // salt + tea, 4 yacks
    give(&mut g, 0, [1, 0, 1, 0, 0]);
    let bag_before = g.goods_bag;
    program_all(&mut g, &d, &["deal rest rest rest rest rest", REST, REST]);
    assert_eq!(g.hands[0], [0; 5]);
    assert_eq!(g.goods_bag[0], bag_before[0] + 1);
    assert_eq!(g.goods_bag[2], bag_before[2] + 1);
    assert_eq!(g.village_order[9], None);
    assert_eq!(g.status(), Status::Acting(vec![0]));
    assert_eq!(g.legal_steps(&d, 0).len(), 3);
    play(&mut g, &d, 0, "reward barter stupa");
    assert_eq!(g.kept[0], vec![4]);
    assert_eq!(g.yacks(&d, 0), 4);
    assert_eq!(g.stupas[9], Some(0));
    assert_eq!(g.delegations_left(0), DELEGATIONS);
    assert_eq!(g.turn, 2, "resolution went on to the end of the turn");
}

#[test]
fn him_deal_7_deal_that_cannot_be_done_is_cancelled() {
    let d = data();
    let mut g = placed(&d, "basic", &[10, 1, 20]);
    put_order(&mut g, 10, 4);
    give(&mut g, 0, [1, 0, 0, 0, 0]);
    program_all(
        &mut g,
        &d,
        &[
            "deal deal rest rest rest rest",
            "deal rest rest rest rest rest",
            REST,
        ],
    );
    assert_eq!(
        g.village_order[9],
        Some(4),
        "the order stays: it could not be paid"
    );
    assert_eq!(g.hands[0], [1, 0, 0, 0, 0]);
    assert_eq!(g.hands[1], [0; 5], "nothing to take at an empty village");
    assert_eq!(g.turn, 2);
}

// HIM-RES-1: all first actions, then all second actions: Bo's deal in slot 1 comes before
// Ann's deal in slot 2, although Ann is the first caravaneer.
#[test]
fn him_res_1_actions_resolve_slot_by_slot() {
    let d = data();
    let mut g = placed(&d, "basic", &[5, 6, 20]);
    put_goods(&mut g, 5, [1, 0, 0, 0, 0]);
    put_goods(&mut g, 6, [0, 0, 0, 0, 0]);
    program_all(
        &mut g,
        &d,
        &[
            "rest dirt dirt deal rest rest",
            "dirt deal rest rest rest rest",
            REST,
        ],
    );
    // Slot 1: Ann rests, Bo 6->5. Slot 2: Ann 5->6, Bo takes the salt at 5.
    assert_eq!(g.hands[1], [1, 0, 0, 0, 0], "Bo's slot-2 deal came first");
    assert_eq!(g.hands[0], [0; 5]);
}

// HIM-RES-2: within a slot, players act from the first caravaneer on: in turn 1 Ann (first)
// takes the only good, in turn 2 Bo (first) does.
#[test]
fn him_res_2_within_a_slot_the_first_caravaneer_acts_first() {
    let d = data();
    let mut g = placed(&d, "basic", &[5, 6, 20]);
    put_goods(&mut g, 5, [1, 0, 0, 0, 0]);
    program_all(
        &mut g,
        &d,
        &[
            "rest deal rest rest rest rest",
            "dirt deal rest rest rest rest",
            REST,
        ],
    );
    assert_eq!(g.hands[0], [1, 0, 0, 0, 0], "turn 1: Ann is first");
    assert_eq!(g.hands[1], [0; 5]);
    assert_eq!((g.turn, g.first), (2, 1));
    // Both caravans are at village 5 now.
    put_goods(&mut g, 5, [0, 1, 0, 0, 0]);
    program_all(
        &mut g,
        &d,
        &[
            "deal rest rest rest rest rest",
            "deal rest rest rest rest rest",
            REST,
        ],
    );
    assert_eq!(g.hands[1], [0, 1, 0, 0, 0], "turn 2: Bo is first");
    assert_eq!(g.hands[0], [1, 0, 0, 0, 0]);
}
