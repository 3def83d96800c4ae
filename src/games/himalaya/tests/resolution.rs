//! Tests of Phase 3, the actions' resolution, moves and deals (`rules/resolution.rs`).

use super::*;

#[test]
fn him_res_4_move_along_a_missing_path_is_ignored() {
    // Village 1 has stone (to 2) and ice (to 8) paths, no dirt path.
    let g = position(&format!(
        "{AT_1_5_20}
         Bo: program rest rest rest rest rest rest
         Cy: program rest rest rest rest rest rest
         Ann: program dirt stone dirt rest rest rest  # dirt ignored at 1, stone 1->2, dirt 2->9"
    ));
    assert_eq!(v(&g, 0), 9);
}

#[test]
fn him_res_3_moves_follow_the_path_of_the_programmed_type_back_and_forth() {
    let g = position(&format!(
        "{AT_1_5_20}
         Bo: program rest rest rest rest rest rest
         Cy: program rest rest rest rest rest rest
         Ann: program ice ice ice stone ice stone"
    ));
    // 1 -ice-> 8 -ice-> 1 -ice-> 8 -stone-> 9 -ice-> 14 -stone-> 13
    assert_eq!(v(&g, 0), 13);
}

// HIM-DEAL-1, HIM-COMP-5
#[test]
fn him_deal_3_deal_takes_the_cheapest_good() {
    // Village 18 holds salt, barley and 3 jade (seed 67). In action 1 Ann walks in from 15
    // while Bo takes the salt; Ann's deal in action 2 finds barley the cheapest left.
    let g = position(&format!(
        "players Ann Bo Cy
         {SEED_67}
         option rules basic
         Ann: start 15
         Bo: start 18
         Cy: start 3
         Bo: program deal rest rest rest rest rest
         Cy: program rest rest rest rest rest rest
         Ann: program stone deal rest rest rest rest"
    ));
    assert_eq!(g.hands[1], [1, 0, 0, 0, 0], "Bo took the salt");
    assert_eq!(
        g.hands[0],
        [0, 1, 0, 0, 0],
        "barley is the cheapest present"
    );
    assert_eq!(g.village_goods[17], [0, 0, 0, 3, 0]);
}

// HIM-DEAL-4
#[test]
fn him_deal_2_one_good_per_village_per_turn_per_player() {
    let d = data();
    // Seed 40: village 9 holds 2 salt, 1 tea, 2 gold; village 2, by dirt, 1 salt and more.
    let mut g = position(&format!(
        "players Ann Bo Cy
         {SEED_40}
         option rules basic
         Ann: start 9
         Bo: start 1
         Cy: start 20"
    ));
    // Deal twice at 9 (second cancelled), move dirt to 2 and deal there, back and deal again
    // (cancelled).
    program_all(&mut g, &d, &["deal deal dirt deal dirt deal", REST, REST]);
    assert_eq!(g.hands[0], [2, 0, 0, 0, 0]);
    assert_eq!(g.village_goods[8], [1, 0, 1, 0, 2], "one good taken at 9");
    // Another player may still take at the same village in the same turn.
    let mut g = position(&format!(
        "players Ann Bo Cy
         {SEED_40}
         option rules basic
         Ann: start 9
         Bo: start 2
         Cy: start 20"
    ));
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
    // Next turn the first player may take there again: the tea, salt being gone.
    program_all(&mut g, &d, &["deal rest rest rest rest rest", REST, REST]);
    assert_eq!(g.hands[0], [1, 0, 1, 0, 0]);
}

// HIM-DEAL-6, HIM-REWARD-1, HIM-REWARD-2, HIM-REWARD-3
#[test]
fn him_deal_5_filling_an_order_returns_the_goods_to_the_bag_and_offers_two_of_three_rewards() {
    let d = data();
    let placed = format!(
        "players Ann Bo Cy
         {SEED_67}
         option rules basic
         Ann: start 18
         Bo: start 1
         Cy: start 3"
    );
    let bag_before = position(&placed).goods_bag;
    // Ann takes the salt of 18, walks to 19 and takes its salt, then fills the order
    // "salt salt" (2 yacks) at monastery 20.
    let mut g = position(&format!(
        "{placed}
         Bo: program rest rest rest rest rest rest
         Cy: program rest rest rest rest rest rest
         Ann: program deal dirt deal stone deal rest"
    ));
    assert_eq!(g.hands[0], [0; 5]);
    assert_eq!(
        g.goods_bag[0],
        bag_before[0] + 2,
        "both salt went to the bag"
    );
    assert_eq!(g.village_order[19], None);
    assert_eq!(g.status(), Status::Acting(vec![0]));
    assert_eq!(g.legal_steps(&d, 0).len(), 3);
    play(&mut g, &d, 0, "reward barter stupa");
    assert_eq!(g.kept[0], vec![0]);
    assert_eq!(g.yacks(&d, 0), 2);
    assert_eq!(g.stupas[19], Some(0));
    assert_eq!(g.delegations_left(0), DELEGATIONS);
    assert_eq!(g.turn, 2, "resolution went on to the end of the turn");
}

#[test]
fn him_deal_7_deal_that_cannot_be_done_is_cancelled() {
    // Ann takes the salt of 19 and cannot pay the order "salt salt" at 20 with it; Bo deals
    // at 10, which holds neither goods nor an order (seed 67).
    let g = position(&format!(
        "players Ann Bo Cy
         {SEED_67}
         option rules basic
         Ann: start 19
         Bo: start 10
         Cy: start 3
         Bo: program deal rest rest rest rest rest
         Cy: program rest rest rest rest rest rest
         Ann: program deal stone deal rest rest rest"
    ));
    assert_eq!(
        g.village_order[19],
        Some(0),
        "the order stays: it could not be paid"
    );
    assert_eq!(g.hands[0], [1, 0, 0, 0, 0]);
    assert_eq!(g.hands[1], [0; 5], "nothing to take at an empty village");
    assert_eq!(g.turn, 2);
}

/// Seed 40 (basic rules): village 2 holds 1 salt, 2 barley, 1 tea, 1 jade, and 9 is its
/// dirt neighbour; Ann starts at 2, Bo at 9, Cy at 20.
fn ann_at_2_bo_at_9() -> Himalaya {
    position(&format!(
        "players Ann Bo Cy
         {SEED_40}
         option rules basic
         Ann: start 2
         Bo: start 9
         Cy: start 20"
    ))
}

// HIM-RES-1: all first actions, then all second actions: Bo's deal in slot 2 comes before
// Ann's deal in slot 4, although Ann is the first caravaneer.
#[test]
fn him_res_1_actions_resolve_slot_by_slot() {
    let d = data();
    let mut g = ann_at_2_bo_at_9();
    program_all(
        &mut g,
        &d,
        &[
            "rest dirt dirt deal rest rest",
            "dirt deal rest rest rest rest",
            REST,
        ],
    );
    // Slot 1: Ann rests, Bo 9->2. Slot 2: Ann 2->9, Bo takes the salt at 2. Slot 3: Ann
    // 9->2. Slot 4: Ann finds barley the cheapest left.
    assert_eq!(g.hands[1], [1, 0, 0, 0, 0], "Bo's slot-2 deal came first");
    assert_eq!(g.hands[0], [0, 1, 0, 0, 0]);
}

// HIM-RES-2: within a slot, players act from the first caravaneer on: in turn 1 Ann (first)
// takes the cheapest good, in turn 2 Bo (first) does.
#[test]
fn him_res_2_within_a_slot_the_first_caravaneer_acts_first() {
    let d = data();
    let mut g = ann_at_2_bo_at_9();
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
    assert_eq!(g.hands[1], [0, 1, 0, 0, 0]);
    assert_eq!((g.turn, g.first), (2, 1));
    // Both caravans are at village 2 now, which holds barley, tea and jade.
    program_all(
        &mut g,
        &d,
        &[
            "deal rest rest rest rest rest",
            "deal rest rest rest rest rest",
            REST,
        ],
    );
    assert_eq!(g.hands[1], [0, 2, 0, 0, 0], "turn 2: Bo is first");
    assert_eq!(g.hands[0], [1, 0, 1, 0, 0]);
}
