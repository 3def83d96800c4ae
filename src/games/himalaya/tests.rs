//! Himalaya tests, each named after the clause id it checks (`../shared/clauses/himalaya.md`),
//! further ids in a comment above it. Every clause has a test; none is untestable. The
//! ambiguous clauses are tested in the reading that `topics.rs` states.

#![allow(clippy::needless_range_loop)]

use super::*;
use crate::engine::conformance::{assert_non_interference, run_suite};
use crate::engine::testing::{
    assert_nobody_scramble_changes_only, has_clause_id, play, refused_step,
};
use crate::engine::Options;
use crate::engine::Rules;

fn data() -> HimalayaData {
    parse_board(BOARD).expect("board parses")
}

fn opts(rules: &str) -> Options {
    let mut o = Options::new();
    o.insert("rules".into(), rules.into());
    o
}

fn names(n: usize) -> Vec<String> {
    ["Ann", "Bo", "Cy", "Di"][..n]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

/// Set up, empty the board back into the bags, and place caravans at `starts` (village
/// numbers, seat order). The game then waits in turn 1.
fn placed(d: &HimalayaData, rules: &str, starts: &[usize]) -> Himalaya {
    let mut g = crate::engine::setup_checked::<Himalaya>(d, &names(starts.len()), &opts(rules), 42)
        .unwrap();
    for v in 0..VILLAGES {
        for i in 0..5 {
            g.goods_bag[i] += g.village_goods[v][i] as u32;
        }
        g.village_goods[v] = [0; 5];
        if let Some(o) = g.village_order[v].take() {
            g.orders_bag.push(o);
        }
    }
    for (s, &v) in starts.iter().enumerate() {
        play(&mut g, d, s, &format!("start {v}"));
    }
    assert_eq!(g.turn, 1);
    g
}

fn put_goods(g: &mut Himalaya, village: usize, goods: [u8; 5]) {
    for i in 0..5 {
        g.goods_bag[i] -= goods[i] as u32;
    }
    g.village_goods[village - 1] = goods;
}

fn put_order(g: &mut Himalaya, village: usize, order: usize) {
    g.orders_bag.retain(|&o| o != order);
    g.village_order[village - 1] = Some(order);
}

fn give(g: &mut Himalaya, seat: Seat, goods: [u8; 5]) {
    for i in 0..5 {
        g.goods_bag[i] -= goods[i] as u32;
        g.hands[seat][i] += goods[i];
    }
}

/// Program every seat through the `program` command; the last seal reveals.
fn program_all(g: &mut Himalaya, d: &HimalayaData, programs: &[&str]) {
    for (s, p) in programs.iter().enumerate() {
        for t in g
            .expand(d, s, &format!("program {p}"))
            .expect("program expands")
        {
            play(g, d, s, &t);
        }
    }
}

const REST: &str = "rest rest rest rest rest rest";

fn v(g: &Himalaya, seat: Seat) -> usize {
    g.caravans[seat].unwrap() + 1
}

// ---- Board data ----

// HIM-COMP-3, HIM-COMP-4, HIM-COMP-5, HIM-COMP-6, HIM-COMP-7
#[test]
fn him_comp_2_board_has_twenty_villages_eight_regions_and_the_known_components() {
    let d = data();
    assert_eq!(d.villages.len(), 20);
    assert_eq!(d.regions.len(), 8);
    assert_eq!(d.goods, [18, 15, 12, 9, 6]);
    assert_eq!(d.total_goods(), 60);
    assert_eq!(d.orders.len(), 40);
    assert_eq!((d.inventory_markers, d.inventory_yacks), (15, 3));
    for (i, v) in d.villages.iter().enumerate() {
        assert_eq!(v.number as usize, i + 1);
        assert!((1..=3).contains(&v.level));
        let types = PathType::ALL
            .iter()
            .filter(|t| d.path_from(i, **t).is_some())
            .count();
        assert!(types >= 2, "village {} has paths of {types} types", i + 1);
    }
    // Dearer goods pay more: each order is worth the sum of its goods' ranks.
    for o in &d.orders {
        assert_eq!(
            o.yacks,
            o.goods.iter().map(|g| g.index() as u32 + 1).sum::<u32>()
        );
    }
}

#[test]
fn board_error_names_the_line() {
    let bad = BOARD.replace("path  1  2 stone", "path  1  2 lava");
    let line = bad.lines().position(|l| l.contains("lava")).unwrap() + 1;
    let e = parse_board(&bad).unwrap_err();
    assert_eq!(e.line, line);
    assert!(e.to_string().contains("dirt, ice or stone"), "{e}");
    let e = parse_board("village 1 castle 0 0 Humla").unwrap_err();
    assert_eq!(e.line, 1);
}

// reading: a board never has two paths of one type at a village, so a move is never ambiguous
#[test]
fn him_res_5_board_rejects_two_paths_of_one_type_at_a_village() {
    let bad = BOARD.replace("path  1  8 ice", "path  1  8 stone");
    let e = parse_board(&bad).unwrap_err();
    assert!(e.reason.contains("at most one path of each type"), "{e}");
}

#[test]
fn board_rejects_a_village_with_paths_of_one_type() {
    let bad = BOARD.replace("path  1  8 ice\n", "");
    let e = parse_board(&bad).unwrap_err();
    assert!(
        e.reason
            .contains("village 1 needs paths of at least two types"),
        "{e}"
    );
}

#[test]
fn board_rejects_an_unreachable_village() {
    // Cut 6 and 7 off (6-5 dirt, 7-12 dirt) and give them a second type between them...
    let bad = BOARD
        .replace("path  5  6 dirt\n", "")
        .replace("path  7 12 dirt\n", "path  6  7 ice\n");
    let e = parse_board(&bad).unwrap_err();
    // ...which fails first on the two-types rule or on reachability; both are refusals.
    assert!(
        e.reason.contains("cannot be reached")
            || e.reason.contains("two types")
            || e.reason.contains("twice"),
        "{e}"
    );
    let bad = BOARD.replace("village 20 monastery 1230 700 Makalu", "");
    assert!(parse_board(&bad)
        .unwrap_err()
        .reason
        .contains("village 20 is missing"));
}

// ---- Setup ----

// HIM-SETUP-2, HIM-SETUP-4, HIM-SETUP-6, HIM-SETUP-12 (five rolls each: 35 goods and 35 orders stay in the bags)
#[test]
fn him_setup_8_setup_puts_goods_in_five_villages_and_orders_in_five_others() {
    let d = data();
    for seed in 0..20 {
        let g =
            crate::engine::setup_checked::<Himalaya>(&d, &names(3), &opts("basic"), seed).unwrap();
        let goods: Vec<usize> = (0..VILLAGES).filter(|&v| g.has_goods(v)).collect();
        let orders: Vec<usize> = (0..VILLAGES)
            .filter(|&v| g.village_order[v].is_some())
            .collect();
        assert_eq!(goods.len(), 5);
        assert_eq!(orders.len(), 5);
        assert!(goods.iter().all(|v| !orders.contains(v)));
        for &v in &goods {
            assert_eq!(g.village_goods[v].iter().map(|&c| c as u32).sum::<u32>(), 5);
        }
        assert_eq!(g.goods_bag.iter().sum::<u32>(), 35);
        assert_eq!(g.orders_bag.len(), 35);
    }
}

// HIM-SETUP-7
#[test]
fn him_setup_5_next_empty_rule_skips_filled_villages_and_wraps_from_20_to_1() {
    let d = data();
    let mut g = placed(&d, "basic", &[1, 2, 3]);
    put_goods(&mut g, 20, [1, 0, 0, 0, 0]);
    put_order(&mut g, 1, 0);
    assert_eq!(
        g.next_empty(19) + 1,
        2,
        "20 has goods, 1 an order: next empty is 2"
    );
    assert_eq!(
        g.next_empty(4) + 1,
        5,
        "an empty rolled village is used as is"
    );
}

// HIM-SETUP-11, HIM-SETUP-9 (seat 1 is the first caravaneer), HIM-SETUP-1 (play starts on turn 1)
#[test]
fn him_setup_10_caravans_start_on_distinct_villages_in_turn_order() {
    let d = data();
    let mut g = crate::engine::setup_checked::<Himalaya>(&d, &names(3), &opts("basic"), 1).unwrap();
    assert_eq!(g.status(), Status::Acting(vec![0]));
    assert!(g.legal_steps(&d, 1).is_empty());
    play(&mut g, &d, 0, "start 5");
    let e = refused_step(&mut g, &d, 1, &Step::Start(4));
    assert!(e.reason.contains("already holds a caravan"), "{e}");
    play(&mut g, &d, 1, "start 6");
    play(&mut g, &d, 2, "start 20");
    assert_eq!(g.caravans, vec![Some(4), Some(5), Some(19)]);
    assert_eq!(g.turn, 1);
    assert_eq!(g.status(), Status::Acting(vec![0, 1, 2]));
}

// ---- Turn order and programming ----

// HIM-TURN-3, HIM-TURN-5 (no hand-over before turn 1)
#[test]
fn him_turn_4_first_caravaneer_rotates_each_turn() {
    let d = data();
    let mut g = placed(&d, "basic", &[1, 2, 3]);
    assert_eq!(g.first, 0);
    program_all(&mut g, &d, &[REST, REST, REST]);
    assert_eq!((g.turn, g.first), (2, 1));
    program_all(&mut g, &d, &[REST, REST, REST]);
    assert_eq!((g.turn, g.first), (3, 2));
    program_all(&mut g, &d, &[REST, REST, REST]);
    assert_eq!((g.turn, g.first), (4, 0));
}

// HIM-COMP-8, HIM-PROG-2
#[test]
fn him_prog_1_seal_needs_six_planned_actions() {
    let d = data();
    let mut g = placed(&d, "basic", &[1, 2, 3]);
    for _ in 0..5 {
        play(&mut g, &d, 0, "plan rest");
    }
    assert!(!g.legal_steps(&d, 0).contains(&Step::Seal));
    let e = refused_step(&mut g, &d, 0, &Step::Seal);
    assert!(e.reason.contains("exactly 6"), "{e}");
    play(&mut g, &d, 0, "plan deal");
    assert!(
        !g.legal_steps(&d, 0).contains(&Step::Plan(Action::Rest)),
        "no 7th action"
    );
    play(&mut g, &d, 0, "unplan");
    assert_eq!(g.plans[0].len(), 5);
    play(&mut g, &d, 0, "plan dirt");
    let a = play(&mut g, &d, 0, "seal");
    assert!(a.secret);
    assert!(g.seals[0].is_some());
}

#[test]
fn him_prog_5_sealed_seat_may_unseal_until_everyone_has_sealed() {
    let d = data();
    let mut g = placed(&d, "basic", &[1, 2, 3]);
    for _ in 0..6 {
        play(&mut g, &d, 0, "plan rest");
    }
    play(&mut g, &d, 0, "seal");
    assert_eq!(
        g.status(),
        Status::Acting(vec![1, 2]),
        "a sealed seat is no longer acting"
    );
    assert_eq!(
        g.legal_steps(&d, 0),
        vec![Step::Unseal],
        "but may take its program back"
    );
    play(&mut g, &d, 0, "unseal");
    assert_eq!(g.status(), Status::Acting(vec![0, 1, 2]));
    assert_eq!(g.plans[0].len(), 6, "unsealing keeps the plan");
}

// HIM-PROG-6 (the same action twice)
#[test]
fn him_prog_2_program_command_expands_to_plan_and_seal_steps() {
    let d = data();
    let mut g = placed(&d, "basic", &[1, 2, 3]);
    play(&mut g, &d, 0, "plan deal");
    let steps = g
        .expand(&d, 0, "program ice deal deal stone rest dirt")
        .unwrap();
    assert_eq!(
        steps,
        vec![
            "unplan",
            "plan ice",
            "plan deal",
            "plan deal",
            "plan stone",
            "plan rest",
            "plan dirt",
            "seal"
        ]
    );
    for t in steps {
        play(&mut g, &d, 0, &t);
    }
    assert_eq!(program_text(&g.plans[0]), "ice deal deal stone rest dirt");
    // A sealed seat reprograms by unsealing first.
    let again = g
        .expand(&d, 0, "program rest rest rest rest rest rest")
        .unwrap();
    assert_eq!(again[0], "unseal");
    assert_eq!(again.iter().filter(|s| *s == "unplan").count(), 6);
    assert_eq!(g.expand(&d, 0, "seal"), None, "other text is a single step");
}

#[test]
fn him_prog_5_commitment_is_sha256_of_salt_and_program_and_checks_at_the_reveal() {
    let d = data();
    let mut g = placed(&d, "basic", &[1, 2, 3]);
    let mut public = Vec::new();
    for (s, p) in [
        "ice deal deal stone rest dirt",
        REST,
        "deal deal deal deal deal deal",
    ]
    .iter()
    .enumerate()
    {
        for t in g.expand(&d, s, &format!("program {p}")).unwrap() {
            let a = play(&mut g, &d, s, &t);
            for e in a.events {
                if e.audience == crate::engine::Audience::Public
                    && e.text.contains("commitment")
                    && e.text.contains("sealed")
                {
                    public.push(e.text);
                }
            }
        }
    }
    assert_eq!(public.len(), 3);
    let view = g.view(&d, Viewer::Spectator);
    assert_eq!(view.revealed.len(), 3);
    for r in &view.revealed {
        assert_eq!(r.salt.len(), 16);
        let c = commitment(&r.salt, &program_text(&r.program));
        assert_eq!(c, r.commitment);
        assert_eq!(c.len(), 12);
        assert!(
            public[r.seat].contains(&c),
            "the sealed event showed the same commitment"
        );
    }
    // Known vector: sha256("00:rest") starts with this.
    use sha2::Digest;
    let full: String = sha2::Sha256::digest(b"00:rest")
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    assert_eq!(commitment("00", "rest"), full[..12]);
}

#[test]
fn him_prog_5_programming_steps_are_secret_and_only_the_reveal_is_irreversible() {
    let d = data();
    let mut g = placed(&d, "basic", &[1, 2, 3]);
    for s in 0..3 {
        for t in g.expand(&d, s, &format!("program {REST}")).unwrap() {
            let a = play(&mut g, &d, s, &t);
            assert!(a.secret, "`{t}` is secret notation");
            let last = s == 2 && t == "seal";
            assert_eq!(a.irreversible, last, "`{t}` for seat {s}");
        }
    }
    assert_eq!(g.turn, 2);
}

#[test]
fn describe_summarises_board_players_and_own_screen() {
    let d = data();
    let mut g = placed(&d, "basic", &[10, 5, 20]);
    put_goods(&mut g, 5, [2, 0, 0, 0, 1]);
    put_order(&mut g, 10, 4);
    give(&mut g, 1, [0, 0, 0, 2, 0]);
    let text = Himalaya::describe(&d, &g.view(&d, Viewer::Seat(1)));
    assert!(text.contains("turn 1/12"), "{text}");
    assert!(text.contains("5: 2 salt, 1 gold"), "{text}");
    assert!(text.contains("10: salt+tea=4"), "{text}");
    assert!(text.contains("Your screen: goods 2 jade"), "{text}");
    let spec = Himalaya::describe(&d, &g.view(&d, Viewer::Spectator));
    assert!(!spec.contains("jade"), "{spec}");
}

// ---- Movement ----

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

// ---- Deals ----

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

// HIM-REWARD-8 (reading: the two possible rewards are given)
#[test]
fn him_reward_4_stupa_reward_needs_a_village_without_a_stupa() {
    let d = data();
    let mut g = placed(&d, "basic", &[10, 1, 20]);
    put_order(&mut g, 10, 4);
    give(&mut g, 0, [1, 0, 1, 0, 0]);
    g.stupas[9] = Some(2);
    program_all(&mut g, &d, &["deal rest rest rest rest rest", REST, REST]);
    // Only barter and delegations remain: both given without a choice; 3 delegations
    // (monastery) wait for their regions.
    assert_eq!(g.kept[0], vec![4]);
    assert_eq!(g.stupas[9], Some(2));
    assert_eq!(
        g.legal_steps(&d, 0).len(),
        4,
        "one step per touching region"
    );
}

// HIM-REWARD-7 (reading: an order not bartered goes back to the bag), HIM-REWARD-9 (reading: split allowed)
#[test]
fn him_reward_6_delegations_follow_the_village_level_into_touching_regions() {
    let d = data();
    let mut g = placed(&d, "basic", &[10, 1, 20]);
    put_order(&mut g, 10, 4);
    give(&mut g, 0, [1, 0, 1, 0, 0]);
    program_all(&mut g, &d, &["deal rest rest rest rest rest", REST, REST]);
    play(&mut g, &d, 0, "reward stupa delegations");
    let offered: Vec<String> = g
        .legal_steps(&d, 0)
        .iter()
        .map(|s| Himalaya::format_step(&d, s))
        .collect();
    assert_eq!(
        offered,
        vec![
            "delegate Dolpo",
            "delegate Mustang",
            "delegate Langtang",
            "delegate Khumbu"
        ]
    );
    assert!(
        g.parse_step(&d, 0, "delegate Humla").is_err(),
        "Humla does not touch village 10"
    );
    play(&mut g, &d, 0, "delegate Dolpo");
    play(&mut g, &d, 0, "delegate Dolpo");
    play(&mut g, &d, 0, "delegate Khumbu");
    let dolpo = d.region_by_name("Dolpo").unwrap();
    let khumbu = d.region_by_name("Khumbu").unwrap();
    assert_eq!(g.delegations[dolpo][0], 2);
    assert_eq!(g.delegations[khumbu][0], 1);
    assert_eq!(
        g.delegations_left(0),
        DELEGATIONS - 3,
        "a monastery sends 3"
    );
    assert_eq!(
        g.kept[0],
        Vec::<usize>::new(),
        "not bartered: the order went back to the bag"
    );
    assert!(g.orders_bag.contains(&4) || g.village_order.contains(&Some(4)));
    assert_eq!(g.turn, 2);
}

#[test]
fn him_reward_5_house_sends_one_delegation_to_its_only_region_without_asking() {
    let d = data();
    let mut g = placed(&d, "basic", &[1, 5, 20]);
    put_order(&mut g, 1, 0); // salt salt
    give(&mut g, 0, [2, 0, 0, 0, 0]);
    g.stupas[0] = Some(1);
    program_all(&mut g, &d, &["deal rest rest rest rest rest", REST, REST]);
    let humla = d.region_by_name("Humla").unwrap();
    assert_eq!(g.delegations[humla][0], 1);
    assert_eq!(g.turn, 2);
}

// ---- Refill ----

// HIM-REFILL-1
#[test]
fn him_refill_2_refill_restores_five_goods_villages_then_five_order_villages() {
    let d = data();
    let mut g = placed(&d, "basic", &[5, 1, 20]);
    put_goods(&mut g, 5, [1, 0, 0, 0, 0]);
    program_all(&mut g, &d, &["deal rest rest rest rest rest", REST, REST]);
    assert!(
        !g.has_goods(4),
        "village 5 was emptied, then not necessarily refilled"
    );
    assert_eq!((0..VILLAGES).filter(|&v| g.has_goods(v)).count(), 5);
    assert_eq!(g.village_order.iter().filter(|o| o.is_some()).count(), 5);
    assert!((0..VILLAGES).all(|v| !(g.has_goods(v) && g.village_order[v].is_some())));
    let on_board: u32 = g.village_goods.iter().flatten().map(|&c| c as u32).sum();
    assert_eq!(
        on_board + g.goods_bag.iter().sum::<u32>() + 1,
        60,
        "goods are conserved"
    );
}

// ---- Inventory ----

fn to_inventory(g: &mut Himalaya, d: &HimalayaData) {
    while g.turn < 4 {
        program_all(g, d, &vec![REST; g.n()]);
    }
    // Turn 4's programs trigger the inventory.
    program_all(g, d, &vec![REST; g.n()]);
}

// HIM-INV-1, HIM-INV-2, HIM-INV-3, HIM-INV-5, HIM-INV-8 (reading: goods are kept)
#[test]
fn him_inv_4_inventory_sole_majority_takes_a_marker_and_ties_take_nothing() {
    let d = data();
    let mut g = placed(&d, "basic", &[1, 5, 20]);
    give(&mut g, 0, [2, 1, 0, 0, 0]);
    give(&mut g, 1, [1, 1, 0, 0, 1]);
    to_inventory(&mut g, &d);
    // salt: Ann 2 (sole); barley: tie; gold: Bo sole.
    assert_eq!(g.markers, vec![1, 1, 0]);
    assert_eq!(g.markers_left, 13);
    assert_eq!(g.yacks(&d, 0), 3);
    let inv = g.last_inventory.clone().unwrap();
    assert_eq!(inv.turn, 4);
    assert_eq!(inv.winners, vec![Some(0), None, None, None, Some(1)]);
    assert_eq!(g.turn, 5);
    assert_eq!(g.hands[0], [2, 1, 0, 0, 0], "shown goods are kept");
    assert_eq!(g.hands[1], [1, 1, 0, 0, 1]);
}

// HIM-INV-7 (reading: neighbouring the caravan's village)
#[test]
fn him_inv_6_advanced_inventory_offers_marker_delegations_or_a_house_stupa_nearby() {
    let d = data();
    let mut g = placed(&d, "advanced", &[9, 5, 20]);
    give(&mut g, 0, [2, 0, 0, 0, 0]);
    give(&mut g, 1, [0, 0, 0, 0, 1]);
    // Everyone passes on events each turn.
    while !(g.turn == 4 && g.phase == Phase::Programming) {
        skip_events(&mut g, &d);
        program_all(&mut g, &d, &[REST, REST, REST]);
        skip_events(&mut g, &d);
    }
    program_all(&mut g, &d, &[REST, REST, REST]);
    assert_eq!(g.phase, Phase::Inventory);
    assert_eq!(g.status(), Status::Acting(vec![0]), "salt is settled first");
    let offered: Vec<String> = g
        .legal_steps(&d, 0)
        .iter()
        .map(|s| Himalaya::format_step(&d, s))
        .collect();
    // Village 9 touches Humla, Dolpo, Gorkha, Langtang: houses there are 1, 3, 8, 14, 16.
    assert_eq!(
        offered,
        vec![
            "inventory marker",
            "inventory delegations",
            "inventory stupa 1",
            "inventory stupa 3",
            "inventory stupa 8",
            "inventory stupa 14",
            "inventory stupa 16"
        ]
    );
    play(&mut g, &d, 0, "inventory stupa 3");
    assert_eq!(g.stupas[2], Some(0));
    assert_eq!(g.status(), Status::Acting(vec![1]), "then gold");
    // Bo's caravan is at village 5, touching Mustang only: both delegations go there.
    play(&mut g, &d, 1, "inventory delegations");
    let m = d.region_by_name("Mustang").unwrap();
    assert_eq!(g.delegations[m][1], 2);
    assert_eq!(g.turn, 5);
}

fn skip_events(g: &mut Himalaya, d: &HimalayaData) {
    while let Phase::Events { k } = g.phase {
        let s = g.order_seat(k);
        play(g, d, s, "pass");
    }
}

// ---- Events (advanced) ----

// HIM-EVENT-5
#[test]
fn him_event_7_yeti_blocks_the_path() {
    let d = data();
    let mut g = placed(&d, "advanced", &[1, 5, 20]);
    play(&mut g, &d, 0, "yeti 1-2");
    play(&mut g, &d, 1, "pass");
    play(&mut g, &d, 2, "pass");
    program_all(&mut g, &d, &["stone ice rest rest rest rest", REST, REST]);
    assert_eq!(v(&g, 0), 8, "stone blocked, then ice 1->8");
    assert!(
        g.board_events.yeti.is_none(),
        "events leave at the end of the turn"
    );
}

// HIM-EVENT-13 (reading: same type; a lone first move is ignored)
#[test]
fn him_event_8_snowstorm_needs_two_consecutive_moves_of_its_type() {
    let d = data();
    let mut g = placed(&d, "advanced", &[1, 5, 20]);
    play(&mut g, &d, 0, "storm 1-2");
    play(&mut g, &d, 1, "pass");
    play(&mut g, &d, 2, "pass");
    // Ann: stone then rest: cannot stop in the storm, ignored. Then stone stone crosses.
    // Bo and Cy: nothing.
    program_all(&mut g, &d, &["stone rest stone stone ice rest", REST, REST]);
    // rest; stone+stone 1->2 (arrives on action 4); ice 2->3.
    assert_eq!(v(&g, 0), 3);
    assert_eq!(g.in_storm[0], None);
}

#[test]
fn him_event_9_snowstorm_cannot_be_entered_on_the_last_action() {
    let d = data();
    let mut g = placed(&d, "advanced", &[1, 5, 20]);
    play(&mut g, &d, 0, "storm 1-2");
    play(&mut g, &d, 1, "pass");
    play(&mut g, &d, 2, "pass");
    program_all(&mut g, &d, &["rest rest rest rest rest stone", REST, REST]);
    assert_eq!(v(&g, 0), 1);
    assert_eq!(g.in_storm[0], None);
}

#[test]
fn him_event_10_market_day_lets_a_deal_take_any_good() {
    let d = data();
    let mut g = placed(&d, "advanced", &[5, 1, 20]);
    put_goods(&mut g, 5, [2, 0, 0, 1, 1]);
    play(&mut g, &d, 0, "market 5");
    play(&mut g, &d, 1, "pass");
    play(&mut g, &d, 2, "pass");
    program_all(&mut g, &d, &["deal rest rest rest rest rest", REST, REST]);
    let offered: Vec<String> = g
        .legal_steps(&d, 0)
        .iter()
        .map(|s| Himalaya::format_step(&d, s))
        .collect();
    assert_eq!(offered, vec!["take salt", "take jade", "take gold"]);
    play(&mut g, &d, 0, "take gold");
    assert_eq!(g.hands[0], [0, 0, 0, 0, 1]);
}

// HIM-EVENT-3, HIM-EVENT-6
#[test]
fn him_event_4_one_event_of_each_kind_per_turn_and_each_marker_once_a_game() {
    let d = data();
    let mut g = placed(&d, "advanced", &[1, 5, 20]);
    play(&mut g, &d, 0, "yeti 1-2");
    assert!(
        !g.legal_steps(&d, 1)
            .iter()
            .any(|s| matches!(s, Step::Yeti(_))),
        "one yeti per turn"
    );
    assert!(g
        .legal_steps(&d, 1)
        .iter()
        .any(|s| matches!(s, Step::Storm(_))));
    play(&mut g, &d, 1, "pass");
    play(&mut g, &d, 2, "pass");
    program_all(&mut g, &d, &[REST, REST, REST]);
    // Turn 2: Bo is first; Ann's yeti is spent.
    assert_eq!(g.first, 1);
    play(&mut g, &d, 1, "pass");
    play(&mut g, &d, 2, "pass");
    assert!(
        !g.legal_steps(&d, 0)
            .iter()
            .any(|s| matches!(s, Step::Yeti(_))),
        "a marker serves once a game"
    );
    assert!(g.legal_steps(&d, 0).contains(&Step::Pass));
}

#[test]
fn him_event_2_players_without_markers_are_skipped() {
    let d = data();
    let mut g =
        crate::engine::setup_checked::<Himalaya>(&d, &names(3), &opts("advanced"), 3).unwrap();
    g.events_used = vec![[true, true, false], [true; 3], [true; 3]];
    play(&mut g, &d, 0, "start 1");
    play(&mut g, &d, 1, "start 2");
    play(&mut g, &d, 2, "start 3");
    assert_eq!(
        g.status(),
        Status::Acting(vec![0]),
        "only Ann has a marker left"
    );
    play(&mut g, &d, 0, "pass");
    assert_eq!(g.phase, Phase::Programming);
    program_all(&mut g, &d, &[REST, REST, REST]);
    assert_eq!(
        g.phase,
        Phase::Events { k: 2 },
        "turn 2: Bo and Cy skipped, Ann last"
    );
    play(&mut g, &d, 0, "pass");
    g.events_used[0] = [true; 3];
    program_all(&mut g, &d, &[REST, REST, REST]);
    assert_eq!(
        (g.turn, &g.phase),
        (3, &Phase::Programming),
        "no event phase when no one has markers"
    );
}

// ---- Scoring ----

fn inf(religious: u32, political: u32, economic: u32, stupas: u32, delegations: u32) -> Influence {
    Influence {
        religious,
        political,
        economic,
        stupas,
        delegations,
    }
}

#[test]
fn him_win_1_three_players_winner_leads_two_of_three_influences() {
    let n = names(3);
    // Ann leads religious and political; Bo is richest.
    let (places, note) = rank(
        &n,
        &[
            inf(5, 3, 10, 2, 5),
            inf(2, 1, 30, 1, 2),
            inf(1, 0, 20, 1, 0),
        ],
    );
    assert_eq!(places, vec![1, 2, 3]);
    assert!(note.contains("Ann leads 2"), "{note}");
}

// HIM-WIN-3 (reading: a tie for the highest is no majority)
#[test]
fn him_win_2_three_players_without_a_double_lead_rank_by_economic_then_political_then_religious() {
    let n = names(3);
    // Each leads one influence.
    let (places, _) = rank(
        &n,
        &[
            inf(5, 0, 10, 2, 0),
            inf(2, 3, 10, 1, 5),
            inf(1, 0, 20, 1, 0),
        ],
    );
    assert_eq!(places, vec![3, 2, 1]);
    // Ties on top: no lead at all; economic tie broken by political, then religious.
    let (places, _) = rank(
        &n,
        &[
            inf(3, 1, 10, 1, 1),
            inf(3, 1, 10, 1, 1),
            inf(2, 1, 10, 1, 1),
        ],
    );
    assert_eq!(places, vec![1, 1, 3]);
}

// HIM-WIN-6, HIM-WIN-8
#[test]
fn him_win_4_four_players_eliminate_least_religious_then_least_political_then_richest_wins() {
    let n = names(4);
    let (places, note) = rank(
        &n,
        &[
            inf(1, 5, 50, 1, 9),
            inf(4, 0, 40, 2, 0),
            inf(4, 2, 10, 2, 3),
            inf(3, 3, 20, 1, 4),
        ],
    );
    // Ann out first (least religious) despite the most yacks; Bo out next (least political);
    // Cy and Di remain: Di has more yacks.
    assert_eq!(places, vec![4, 3, 2, 1]);
    assert!(note.contains("Ann out"), "{note}");
}

// HIM-WIN-7
#[test]
fn him_win_5_four_player_elimination_ties_break_on_stupas_then_yacks() {
    let n = names(4);
    // Religious tie at 3 between Ann (1 monastery stupa) and Bo (3 house stupas): fewer stupas out.
    let (places, _) = rank(
        &n,
        &[
            inf(3, 2, 30, 1, 3),
            inf(3, 2, 30, 3, 3),
            inf(5, 1, 20, 2, 2),
            inf(6, 3, 10, 2, 4),
        ],
    );
    assert_eq!(places[0], 4);
    // Political: Bo 2 vs Cy 1: Cy out. Bo and Di remain: Bo richer.
    assert_eq!(places, vec![4, 1, 3, 2]);
    // Religious and stupas tied: fewer yacks goes out.
    let (places, _) = rank(
        &n,
        &[
            inf(3, 2, 30, 2, 3),
            inf(3, 2, 25, 2, 3),
            inf(5, 1, 20, 2, 2),
            inf(6, 3, 10, 2, 4),
        ],
    );
    assert_eq!(places[1], 4);
    // Political tie between Cy and Di at 1: fewer delegations out.
    let (places, _) = rank(
        &n,
        &[
            inf(1, 2, 30, 1, 3),
            inf(3, 2, 25, 2, 3),
            inf(5, 1, 20, 2, 2),
            inf(6, 1, 10, 2, 4),
        ],
    );
    assert_eq!(places, vec![4, 1, 3, 2]);
}

#[test]
fn him_win_9_four_player_final_tie_breaks_on_political_then_religious() {
    let n = names(4);
    let (places, _) = rank(
        &n,
        &[
            inf(1, 0, 30, 1, 0),
            inf(3, 1, 20, 2, 1),
            inf(4, 3, 20, 2, 5),
            inf(5, 2, 20, 3, 3),
        ],
    );
    // Ann then Bo out; Cy and Di tie on yacks, Cy has more political influence.
    assert_eq!(places, vec![4, 3, 1, 2]);
}

// ---- Hidden information ----

// HIM-DEAL-8
#[test]
fn him_score_5_goods_yacks_orders_and_programs_stay_behind_screens() {
    let d = data();
    let mut g = placed(&d, "basic", &[10, 1, 20]);
    put_order(&mut g, 10, 4);
    give(&mut g, 0, [1, 0, 1, 0, 0]);
    give(&mut g, 1, [0, 0, 0, 3, 0]);
    assert!(assert_non_interference(&g, &d, 3, Some(render::render)) > 0);
    let bo = serde_json::to_string(&g.view(&d, Viewer::Seat(1))).unwrap();
    let spec = serde_json::to_string(&g.view(&d, Viewer::Spectator)).unwrap();
    assert!(bo.contains("\"jade\":3"));
    assert!(!spec.contains("\"jade\":3"));
    // A sealed program: its salt stays secret until the reveal.
    for t in g
        .expand(&d, 0, "program deal rest rest rest rest rest")
        .unwrap()
    {
        play(&mut g, &d, 0, &t);
    }
    let salt = g.seals[0].clone().unwrap().salt;
    assert!(g.private_markers(&d, 0).iter().any(|m| m.contains(&salt)));
    assert!(assert_non_interference(&g, &d, 3, Some(render::render)) > 0);
    assert!(!serde_json::to_string(&g.view(&d, Viewer::Seat(1)))
        .unwrap()
        .contains(&salt));
    assert!(serde_json::to_string(&g.view(&d, Viewer::Seat(0)))
        .unwrap()
        .contains(&salt));
    program_all(&mut g, &d, &["deal rest rest rest rest rest", REST, REST]);
    play(&mut g, &d, 0, "reward barter delegations");
    assert!(assert_non_interference(&g, &d, 3, Some(render::render)) > 0);
    let spec = serde_json::to_string(&g.view(&d, Viewer::Spectator)).unwrap();
    assert!(!spec.contains("salt+tea=4\"]"), "kept orders stay private");
    assert!(g
        .view(&d, Viewer::Seat(2))
        .me
        .as_ref()
        .unwrap()
        .kept_orders
        .is_empty());
    assert_eq!(g.view(&d, Viewer::Seat(0)).me.unwrap().yacks, 4);
}

// ---- Conformance ----

#[test]
fn conformance_three_and_four_players_basic() {
    run_suite::<Himalaya>(&data(), &opts("basic"), 2, 20_000);
}

#[test]
fn conformance_three_and_four_players_advanced() {
    run_suite::<Himalaya>(&data(), &opts("advanced"), 2, 20_000);
}

// ---- A whole scripted game ----

/// Ann fills one order at the monastery (village 10) on turn 1, taking a stupa (3 religious)
/// and three delegations in three regions (3 political). Bo takes salt, salt, barley,
/// barley at village 5 over turns 1-4 and then rests: he holds the sole majority in salt and
/// barley at the inventories after turns 4, 8 and 12, so 6 markers = 18 yacks. Cy rests
/// all game. Three players: Ann leads two influences and wins; Bo is second on yacks.
// HIM-TURN-1, HIM-SCORE-2, HIM-SCORE-4, HIM-WIN-1
#[test]
fn him_end_1_scripted_game_majority_in_two_influences_beats_the_richest() {
    let d = data();
    let mut g = placed(&d, "basic", &[10, 5, 20]);
    put_order(&mut g, 10, 4);
    give(&mut g, 0, [1, 0, 1, 0, 0]);
    put_goods(&mut g, 5, [2, 2, 1, 0, 0]);
    let deal = "deal rest rest rest rest rest";
    for turn in 1..=TURNS {
        assert_eq!(g.turn, turn);
        let progs = match turn {
            1 => [deal, deal, REST],
            2..=4 => [REST, deal, REST],
            _ => [REST, REST, REST],
        };
        // Seal in a rotating order: the reveal waits for the last one either way.
        program_all(&mut g, &d, &progs);
        if turn == 1 {
            play(&mut g, &d, 0, "reward stupa delegations");
            play(&mut g, &d, 0, "delegate Dolpo");
            play(&mut g, &d, 0, "delegate Mustang");
            play(&mut g, &d, 0, "delegate Khumbu");
        }
    }
    let Status::Finished(r) = g.status() else {
        panic!("the game ends after turn 12")
    };
    assert_eq!(g.hands[1], [2, 2, 0, 0, 0]);
    assert_eq!(g.markers[1], 6);
    assert_eq!(r.places, vec![1, 2, 3], "{}", r.note);
    assert_eq!(r.scores, vec![0, 18, 0]);
    let view = g.view(&d, Viewer::Spectator);
    assert_eq!(view.final_lines[0].religious, 3);
    assert_eq!(view.final_lines[0].political, 3);
    assert!(Himalaya::describe(&d, &view).contains("Place 1: Ann"));
    for s in 0..3 {
        assert!(g.legal_steps(&d, s).is_empty());
    }
}

#[test]
fn rules_topics_cover_the_sections_and_commitment() {
    let t = Himalaya::rules_topics();
    for id in [
        "setup",
        "turn",
        "programming",
        "resolution",
        "deal",
        "rewards",
        "refill",
        "inventory",
        "events",
        "scoring",
        "winning",
        "commitment",
        "secrecy",
    ] {
        assert!(t.iter().any(|x| x.id == id), "topic {id}");
    }
    assert!(t
        .iter()
        .all(|x| !x.section.is_empty() && !x.text.is_empty()));
}

/// Every step named in backticks in the rules topics, placeholders (`<...>`) aside.
fn topic_step_examples() -> Vec<&'static str> {
    const VERBS: [&str; 14] = [
        "start",
        "yeti",
        "storm",
        "market",
        "pass",
        "plan",
        "unplan",
        "seal",
        "unseal",
        "take",
        "reward",
        "delegate",
        "inventory",
        "program",
    ];
    Himalaya::rules_topics()
        .iter()
        .flat_map(|t| t.text.split('`').skip(1).step_by(2))
        .filter(|x| !x.contains('<'))
        .filter(|x| VERBS.contains(&x.split_whitespace().next().unwrap_or("")))
        .collect()
}

// Issue 35: every step example in the topics parses: `program` ones expand into steps that
// play, the others match one step of the notation.
#[test]
fn every_step_example_in_the_rules_topics_parses() {
    let d = data();
    let mut every: Vec<Step> = (0..VILLAGES).map(Step::Start).collect();
    every.extend((0..d.paths.len()).flat_map(|p| [Step::Yeti(p), Step::Storm(p)]));
    every.extend((0..VILLAGES).flat_map(|v| [Step::Market(v), Step::InventoryStupa(v)]));
    every.extend(Action::ALL.map(Step::Plan));
    every.extend([Step::Pass, Step::Unplan, Step::Seal, Step::Unseal]);
    every.extend(Good::ALL.map(Step::Take));
    every.extend(rules::REWARD_PAIRS.map(|(a, b)| Step::Reward(a, b)));
    every.extend((0..d.regions.len()).map(Step::Delegate));
    every.extend([Step::InventoryMarker, Step::InventoryDelegations]);
    let names: Vec<String> = every.iter().map(|s| Himalaya::format_step(&d, s)).collect();
    let examples = topic_step_examples();
    assert!(examples.len() >= 20, "{examples:?}");
    for text in examples {
        if text.starts_with("program") {
            let mut g = placed(&d, "basic", &[1, 5, 20]);
            for t in g.expand(&d, 0, text).expect("program expands") {
                play(&mut g, &d, 0, &t);
            }
            assert!(g.seals[0].is_some(), "`{text}` seals a program");
            continue;
        }
        let i = crate::engine::notation::match_step(text, &names)
            .unwrap_or_else(|e| panic!("`{text}` does not parse: {e}"));
        assert!(
            names[i].starts_with(text.split(' ').next().unwrap()),
            "{text}"
        );
    }
}

// Issue 35: no internal clause id in any text a player reads: topics (ids, aliases, titles,
// sections, texts), refusals and the log of a whole game, and the final note.
#[test]
fn no_clause_id_in_topics_refusals_or_log() {
    let mut texts: Vec<String> = Vec::new();
    for t in Himalaya::rules_topics() {
        texts.extend([t.id, t.title, t.section, t.text].map(String::from));
        texts.extend(t.aliases.iter().map(|a| a.to_string()));
    }
    let d = data();
    for rules in ["basic", "advanced"] {
        let mut g =
            crate::engine::setup_checked::<Himalaya>(&d, &names(4), &opts(rules), 3).unwrap();
        let mut pick = GameRng::new(9);
        for _ in 0..6000 {
            let Status::Acting(seats) = g.status() else {
                break;
            };
            let seat = seats[pick.below(seats.len())];
            for step in g.candidates(&d, seat) {
                if let Err(e) = g.legality(&d, seat, &step) {
                    texts.push(e.reason);
                }
            }
            let legal = g.legal_steps(&d, seat);
            let mut step = legal[pick.below(legal.len())];
            if matches!(step, Step::Unplan | Step::Unseal) {
                step = legal[0];
            }
            let applied = g.apply(&d, seat, &step).unwrap();
            texts.extend(applied.events.into_iter().map(|e| e.text));
        }
        assert!(
            matches!(g.status(), Status::Finished(_)),
            "{rules} game ends"
        );
    }
    for t in &texts {
        assert!(!has_clause_id(t), "clause id in player text: {t}");
    }
    assert!(has_clause_id("see HIM-WIN-10.") && !has_clause_id("path 3-10"));
}

#[test]
fn render_makes_a_png_under_a_megabyte() {
    let d = data();
    let g = placed(&d, "basic", &[10, 5, 20]);
    let png = crate::render::png::encode_png(&render::render(&d, &g.view(&d, Viewer::Spectator)));
    assert_eq!(&png[1..4], b"PNG");
    assert!(png.len() < 1_000_000);
    // The headline strip (readable at a chat client's inline size) says who must act.
    let line = render::headline(&g.view(&d, Viewer::Spectator));
    assert_eq!(
        line,
        "Turn 1 of 12 \u{b7} programming \u{b7} waiting for Ann, Bo, Cy"
    );
}

// ---- Issue 10 regressions ----

// HIM-EVENT-11 (HIM-EVENT-4): the only limits are one marker per player per turn, one of
// each kind on the board and each marker once a game: a yeti and a storm may share a path.
#[test]
fn him_event_11_yeti_and_snowstorm_may_share_a_path() {
    let d = data();
    let mut g = placed(&d, "advanced", &[1, 5, 20]);
    play(&mut g, &d, 0, "yeti 1-2");
    play(&mut g, &d, 1, "storm 1-2");
    assert_eq!(g.board_events.yeti.map(|e| e.0), Some(0));
    assert_eq!(g.board_events.storm.map(|e| e.0), Some(0));
    // And the other way round.
    let mut g = placed(&d, "advanced", &[1, 5, 20]);
    play(&mut g, &d, 0, "storm 1-2");
    play(&mut g, &d, 1, "yeti 1-2");
    assert_eq!(g.board_events.yeti.map(|e| e.0), Some(0));
    // Both markers on the path: the yeti blocks it, whatever the storm would allow.
    program_all(&mut g, &d, &["stone stone rest rest rest rest", REST, REST]);
    assert_eq!(v(&g, 0), 1, "the yeti blocks the storm path");
}

// HIM-WIN-10 (reading): players still tied after every tie-break at an elimination step go
// out together; elimination stops at two players, and the last two compare economic
// influence (HIM-WIN-8), not political.
#[test]
fn him_win_10_two_tied_out_first_leave_the_last_two_to_economic_influence() {
    let n = names(4);
    let (places, note) = rank(
        &n,
        &[
            inf(1, 0, 10, 1, 0),
            inf(1, 0, 10, 1, 0),
            inf(3, 5, 10, 2, 5),
            inf(3, 0, 30, 2, 0),
        ],
    );
    // Ann and Bo tie on religious, stupas and yacks: both out, sharing 3rd. Cy and Di
    // remain: Di is richer and wins although Cy has more political influence.
    assert_eq!(places, vec![3, 3, 2, 1]);
    assert!(note.contains("Ann and Bo out"), "{note}");
}

// HIM-WIN-10 (reading): when every remaining player ties at an elimination step, no one
// goes out at that step.
#[test]
fn him_win_10_a_full_tie_at_an_elimination_step_eliminates_no_one() {
    let n = names(4);
    let (places, note) = rank(
        &n,
        &[
            inf(2, 0, 10, 1, 0),
            inf(2, 1, 10, 1, 1),
            inf(2, 2, 10, 1, 2),
            inf(2, 3, 10, 1, 3),
        ],
    );
    // Religious: all tie, no one out. Political: Ann out. Bo, Cy, Di tie on yacks, so
    // political decides: Di, Cy, Bo.
    assert_eq!(places, vec![4, 3, 2, 1]);
    assert!(note.contains("no one is eliminated"), "{note}");
}

/// A seat that does not act during the events phase (advanced rules) passes: the autopilot
/// and a deadline never place an event marker for a player (a survivor of cargo mutants).
// HIM-EVENT-1
#[test]
fn him_event_1_default_step_in_the_events_phase_is_pass() {
    let d = data();
    let g = placed(&d, "advanced", &[1, 5, 20]);
    let legal = g.legal_steps(&d, 0);
    assert!(
        legal.len() > 1 && legal[0] != Step::Pass,
        "markers are offered too"
    );
    assert_eq!(g.default_step(&d, 0), Some(Step::Pass));
}

// HIM-PROG-4, HIM-PROG-5: when a deadline runs out during programming, repeated default
// steps keep the seat's draft, fill it with rests and seal, within 7 steps; a sealed seat
// has no default step (it is not undone).
#[test]
fn him_prog_4_default_steps_seal_a_program_within_seven_steps() {
    let d = data();
    let mut g = placed(&d, "basic", &[1, 2, 3]);
    play(&mut g, &d, 1, "plan deal");
    for seat in 0..3 {
        let mut n = 0;
        loop {
            let s = g
                .default_step(&d, seat)
                .expect("an unsealed seat has a default");
            play(&mut g, &d, seat, &Himalaya::format_step(&d, &s));
            n += 1;
            assert!(n <= 7, "seat {seat} sealed within 7 steps");
            if s == Step::Seal {
                break;
            }
        }
        if seat == 0 {
            assert_eq!(g.default_step(&d, 0), None, "a sealed seat is left alone");
        }
    }
    assert_eq!(g.revealed_turn, 1, "all sealed: the programs were revealed");
    assert_eq!(g.revealed[0], vec![Action::Rest; 6]);
    let mut bo = vec![Action::Deal];
    bo.extend([Action::Rest; 5]);
    assert_eq!(g.revealed[1], bo, "the draft is kept");
}

// HIM-SETUP-11: numbers match only exactly: with village 2 taken, `start 2` is refused and
// not read as `start 20`.
#[test]
fn him_setup_11_start_number_matches_only_exactly() {
    let d = data();
    let mut g = crate::engine::setup_checked::<Himalaya>(&d, &names(3), &opts("basic"), 3).unwrap();
    play(&mut g, &d, 0, "start 2");
    // Village 2, refused by its rule: never `start 20`.
    assert_eq!(g.parse_step(&d, 1, "start 2"), Ok(Step::Start(1)));
    let before = g.clone();
    assert!(g.check(&d, 1, &Step::Start(1)).is_err());
    assert_eq!(g, before);
    play(&mut g, &d, 1, "start 20");
    assert_eq!(g.caravans[1], Some(19));
}

// HIM-EVENT-10: `market 2` is not read as `market 20` when village 2 has no goods.
#[test]
fn him_event_10_market_number_matches_only_exactly() {
    let d = data();
    let mut g = placed(&d, "advanced", &[1, 5, 7]);
    put_goods(&mut g, 20, [1, 1, 1, 1, 1]);
    // Village 2, refused by its rule: never `market 20`.
    assert_eq!(g.parse_step(&d, 0, "market 2"), Ok(Step::Market(1)));
    let e = g.check(&d, 0, &Step::Market(1)).unwrap_err();
    assert!(e.reason.contains("village 2 has none"), "{e}");
    assert!(g.parse_step(&d, 0, "market 20").is_ok());
}

// HIM-PROG-1: drafting and undoing a plan is private: secret notation, no public event.
#[test]
fn him_prog_1_planning_and_undoing_a_plan_are_private() {
    let d = data();
    let mut g = placed(&d, "basic", &[1, 2, 3]);
    for t in ["plan deal", "unplan"] {
        let a = play(&mut g, &d, 0, t);
        assert!(a.secret, "`{t}` is secret");
        assert!(
            a.events
                .iter()
                .all(|e| e.audience != crate::engine::Audience::Public),
            "`{t}` has no public event"
        );
    }
    assert!(g.plans[0].is_empty());
}

// ---- Clause tests (issue 10) ----

// HIM-COMP-1: 3 or 4 players only.
#[test]
fn him_comp_1_three_or_four_players_only() {
    let d = data();
    assert_eq!((Himalaya::MIN_PLAYERS, Himalaya::MAX_PLAYERS), (3, 4));
    for n in [1, 2, 5, 6] {
        let players: Vec<String> = (0..n).map(|i| format!("p{i}")).collect();
        assert!(
            crate::engine::setup_checked::<Himalaya>(&d, &players, &opts("basic"), 1).is_err(),
            "{n} players refused"
        );
    }
    for n in [3, 4] {
        assert!(crate::engine::setup_checked::<Himalaya>(&d, &names(n), &opts("basic"), 1).is_ok());
    }
}

// HIM-COMP-9, HIM-COMP-11 (reading: 5 stupas each, as setup says), HIM-SETUP-3: literal
// numbers, not the constants.
#[test]
fn him_comp_9_each_player_has_15_delegations_and_5_stupas() {
    let d = data();
    for n in [3, 4] {
        let g = crate::engine::setup_checked::<Himalaya>(&d, &names(n), &opts("basic"), 7).unwrap();
        let view = g.view(&d, Viewer::Spectator);
        for s in 0..n {
            assert_eq!(g.delegations_left(s), 15);
            assert_eq!(g.stupas_left(s), 5);
            assert_eq!(view.players[s].delegations_left, 15);
            assert_eq!(view.players[s].stupas_left, 5);
        }
    }
    // A player with all 5 stupas built has none left for an offering.
    let mut g = placed(&d, "basic", &[10, 1, 20]);
    for v in [2, 3, 5, 7, 8] {
        g.stupas[v - 1] = Some(0);
    }
    assert_eq!(g.stupas_left(0), 0);
    assert_eq!(
        g.reward_options(0, 9),
        vec![Reward::Barter, Reward::Delegations]
    );
}

// HIM-COMP-10: in the advanced game each player starts with one yeti, one snowstorm and one
// market-day marker; HIM-EVENT-1: none in the basic game.
#[test]
fn him_comp_10_each_player_has_one_event_marker_of_each_kind() {
    let d = data();
    let g = placed(&d, "advanced", &[1, 5, 20, 12]);
    let view = g.view(&d, Viewer::Spectator);
    for p in &view.players {
        assert_eq!(
            p.events_left,
            vec![EventKind::Yeti, EventKind::Storm, EventKind::Market]
        );
    }
    assert!(matches!(g.phase, Phase::Events { .. }));
}

// HIM-EVENT-1: the basic game has no event phase and no event steps.
#[test]
fn him_event_1_no_event_markers_in_the_basic_game() {
    let d = data();
    let g = placed(&d, "basic", &[1, 5, 20]);
    assert_eq!(g.phase, Phase::Programming);
    assert!(g.parse_step(&d, 0, "yeti 1-2").is_err());
    assert!(g.view(&d, Viewer::Spectator).players[0]
        .events_left
        .is_empty());
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

// HIM-PROG-3, HIM-DEAL-9: a rest does nothing, even in a village with goods.
#[test]
fn him_prog_3_rest_does_nothing_even_where_goods_lie() {
    let d = data();
    let mut g = placed(&d, "basic", &[5, 1, 20]);
    put_goods(&mut g, 5, [1, 1, 0, 0, 0]);
    program_all(&mut g, &d, &[REST, REST, REST]);
    assert_eq!(v(&g, 0), 5);
    assert_eq!(g.hands[0], [0; 5]);
    assert_eq!(g.village_goods[4], [1, 1, 0, 0, 0]);
}

// HIM-REWARD-5: a temple sends 2 delegations (village 17, a temple touching Khumbu only).
#[test]
fn him_reward_5_a_temple_sends_two_delegations() {
    let d = data();
    assert_eq!(d.villages[16].level, 2);
    let mut g = placed(&d, "basic", &[17, 1, 20]);
    put_order(&mut g, 17, 4);
    give(&mut g, 0, [1, 0, 1, 0, 0]);
    program_all(&mut g, &d, &["deal rest rest rest rest rest", REST, REST]);
    play(&mut g, &d, 0, "reward stupa delegations");
    let khumbu = d.region_by_name("Khumbu").unwrap();
    assert_eq!(g.delegations[khumbu][0], 2);
    assert_eq!(g.delegations_left(0), 13);
}

// HIM-SCORE-1: a stupa scores its village level: house 1, temple 2, monastery 3.
#[test]
fn him_score_1_stupas_score_house_1_temple_2_monastery_3() {
    let d = data();
    let mut g = placed(&d, "basic", &[1, 5, 20]);
    assert_eq!(
        [
            d.villages[0].level,
            d.villages[1].level,
            d.villages[3].level
        ],
        [1, 2, 3]
    );
    g.stupas[0] = Some(0); // house
    g.stupas[1] = Some(1); // temple
    g.stupas[3] = Some(2); // monastery
    g.stupas[2] = Some(1); // house
    g.finish(&d, &mut Vec::new());
    let r: Vec<u32> = g.final_lines.iter().map(|f| f.religious).collect();
    assert_eq!(r, vec![1, 3, 3]);
}

// HIM-SCORE-3 (HIM-SCORE-2): a tie for the most delegations in a region scores nothing;
// HIM-WIN-11 (reading): "delegations" counts the ones placed on the board.
#[test]
fn him_score_3_a_tie_for_most_delegations_scores_nothing() {
    let d = data();
    let mut g = placed(&d, "basic", &[1, 5, 20]);
    g.delegations[0] = vec![2, 2, 1]; // tie on top: no one
    g.delegations[1] = vec![3, 0, 0]; // Ann
    g.delegations[2] = vec![0, 1, 0]; // Bo
    g.finish(&d, &mut Vec::new());
    let p: Vec<u32> = g.final_lines.iter().map(|f| f.political).collect();
    assert_eq!(p, vec![1, 1, 0]);
    let placed_: Vec<u32> = g.final_lines.iter().map(|f| f.delegations).collect();
    assert_eq!(placed_, vec![5, 3, 1]);
}

// HIM-WIN-2 (HIM-WIN-1): the standings show what decided the places, the three influences
// (and the stupas and delegations the four-player tie-breaks use), not the yacks alone: Cy
// wins on religious and political influence with fewer yacks than Bo.
#[test]
fn him_win_2_standings_show_the_influences_that_decided_the_places() {
    let d = data();
    let mut g = placed(&d, "basic", &[1, 5, 20]);
    let house = (0..VILLAGES).find(|&v| d.villages[v].level == 1).unwrap();
    g.stupas[house] = Some(2);
    g.delegations[0] = vec![0, 0, 2];
    g.markers = vec![0, 5, 3];
    g.finish(&d, &mut Vec::new());
    let r = g.result.clone().unwrap();
    assert_eq!(r.places, vec![3, 2, 1]);
    let standings = r.standings(&["Ann", "Bo", "Cy"]);
    let lines: Vec<&str> = standings.lines().collect();
    assert_eq!(
        lines[0],
        "1. Cy: religious 1, political 1, economic 9 yacks (kept orders 0, inventory markers 9); 1 stupa, 2 delegations",
        "{standings}"
    );
    assert_eq!(
        lines[1],
        "2. Bo: religious 0, political 0, economic 15 yacks (kept orders 0, inventory markers 15); 0 stupas, 0 delegations",
        "{standings}"
    );
    assert!(
        lines[3].starts_with("Cy leads 2 of the 3 influences"),
        "{standings}"
    );
}

// HIM-SCORE-4: yacks from kept orders plus 3 per inventory marker.
#[test]
fn him_score_4_economic_is_kept_order_yacks_plus_3_per_marker() {
    let d = data();
    let mut g = placed(&d, "basic", &[1, 5, 20]);
    g.kept[0] = vec![4]; // 4 yacks
    g.markers[0] = 2;
    g.finish(&d, &mut Vec::new());
    assert_eq!(d.orders[4].yacks, 4);
    assert_eq!(g.final_lines[0].economic, 10);
}

// HIM-REFILL-3 (HIM-REFILL-2): goods are refilled first, then orders.
#[test]
fn him_refill_3_goods_are_refilled_before_orders() {
    let d = data();
    let mut g = placed(&d, "basic", &[1, 5, 20]);
    let mut ev = Vec::new();
    g.refill(&d, &mut ev);
    let texts: Vec<&str> = ev.iter().map(|e| e.text.as_str()).collect();
    let goods: Vec<usize> = (0..texts.len())
        .filter(|&i| texts[i].contains("goods go to"))
        .collect();
    let orders: Vec<usize> = (0..texts.len())
        .filter(|&i| texts[i].contains("an order goes to"))
        .collect();
    assert_eq!((goods.len(), orders.len()), (5, 5), "{texts:?}");
    assert!(goods.iter().max() < orders.iter().min(), "{texts:?}");
}

// HIM-REFILL-4: a village still holding some goods is neither topped up nor replaced.
#[test]
fn him_refill_4_a_half_emptied_village_still_counts() {
    let d = data();
    // `placed` leaves the board empty: five goods villages, one of them with 2 salt.
    let mut g = placed(&d, "basic", &[5, 1, 20]);
    put_goods(&mut g, 5, [2, 0, 0, 0, 0]);
    for v in [2, 3, 7, 8] {
        put_goods(&mut g, v, [0, 1, 0, 0, 0]);
    }
    program_all(&mut g, &d, &["deal rest rest rest rest rest", REST, REST]);
    assert_eq!(g.village_goods[4], [1, 0, 0, 0, 0], "not topped up");
    for v in [2, 3, 7, 8] {
        assert_eq!(g.village_goods[v - 1], [0, 1, 0, 0, 0]);
    }
    assert_eq!((0..VILLAGES).filter(|&v| g.has_goods(v)).count(), 5);
}

// HIM-INV-1: inventories only after turns 4, 8 and 12.
#[test]
fn him_inv_1_inventory_only_after_turns_4_8_and_12() {
    let d = data();
    let mut g = placed(&d, "basic", &[1, 5, 20]);
    let mut seen = Vec::new();
    while g.phase != Phase::Finished {
        program_all(&mut g, &d, &[REST, REST, REST]);
        if let Some(i) = &g.last_inventory {
            if seen.last() != Some(&i.turn) {
                seen.push(i.turn);
            }
        }
    }
    assert_eq!(seen, vec![4, 8, 12]);
}

// HIM-TURN-2: within a turn: reveal and resolution, then refill, then (turn 4) inventory,
// then the next turn.
#[test]
fn him_turn_2_phases_run_in_order() {
    let d = data();
    let mut g = placed(&d, "basic", &[5, 1, 20]);
    for _ in 0..3 {
        program_all(&mut g, &d, &[REST, REST, REST]);
    }
    for v in 0..VILLAGES {
        for i in 0..5 {
            g.goods_bag[i] += g.village_goods[v][i] as u32;
        }
        g.village_goods[v] = [0; 5];
    }
    put_goods(&mut g, 5, [1, 0, 0, 0, 0]);
    let mut texts = Vec::new();
    for (s, p) in ["deal rest rest rest rest rest", REST, REST]
        .iter()
        .enumerate()
    {
        for t in g.expand(&d, s, &format!("program {p}")).unwrap() {
            let a = play(&mut g, &d, s, &t);
            texts.extend(a.events.into_iter().map(|e| e.text));
        }
    }
    let at = |needle: &str| {
        texts
            .iter()
            .position(|t| t.contains(needle))
            .unwrap_or_else(|| panic!("{needle} in {texts:?}"))
    };
    let order = [
        at("Programs revealed"),
        at("takes a good"),
        at("The d20 rolls"),
        at("Inventory after turn 4"),
        at("Turn 5 begins"),
    ];
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{texts:?}");
}

// HIM-EVENT-12 (reading): market day helps every player who deals in that village, not
// only the one who placed it.
#[test]
fn him_event_12_market_day_serves_every_player_dealing_there() {
    let d = data();
    let mut g = placed(&d, "advanced", &[5, 6, 20]);
    put_goods(&mut g, 5, [2, 0, 0, 1, 1]);
    play(&mut g, &d, 0, "market 5");
    play(&mut g, &d, 1, "pass");
    play(&mut g, &d, 2, "pass");
    program_all(&mut g, &d, &[REST, "dirt deal rest rest rest rest", REST]);
    assert_eq!(g.status(), Status::Acting(vec![1]));
    play(&mut g, &d, 1, "take jade");
    assert_eq!(g.hands[1], [0, 0, 0, 1, 0]);
}

// HIM-WIN-3 (reading): with 3 players a tie for the highest is no majority.
#[test]
fn him_win_3_a_shared_top_is_no_majority() {
    let n = names(3);
    // Ann and Bo share the top religious; Ann alone leads political; Cy is richest.
    // Ann leads only one influence: no double lead, ranked by economic.
    let (places, note) = rank(
        &n,
        &[
            inf(3, 2, 10, 1, 2),
            inf(3, 1, 20, 1, 1),
            inf(1, 0, 30, 1, 0),
        ],
    );
    assert_eq!(places, vec![3, 2, 1]);
    assert!(note.contains("No one leads 2"), "{note}");
}

// Every AMBIGUOUS clause has its reading stated in a rules topic, citing the id.
// HIM-COMP-11, HIM-SETUP-12, HIM-TURN-5, HIM-EVENT-12, HIM-EVENT-13, HIM-PROG-6, HIM-RES-5,
// HIM-REWARD-7, HIM-REWARD-8, HIM-REWARD-9, HIM-INV-7, HIM-INV-8, HIM-WIN-3, HIM-WIN-10,
// HIM-WIN-11
#[test]
fn him_win_10_every_ambiguous_reading_is_in_the_rules_topics() {
    let all: String = Himalaya::rules_topics()
        .iter()
        .map(|t| t.text)
        .collect::<Vec<_>>()
        .join(" ");
    // Each reading by a phrase of its topic (clause ids stay out of player text).
    for (id, phrase) in [
        ("HIM-COMP-11", "we follow the setup"),
        ("HIM-SETUP-12", "Five d20 rolls in all"),
        ("HIM-TURN-5", "no hand-over before turn 1: our reading"),
        ("HIM-EVENT-12", "not only the one who placed it"),
        (
            "HIM-EVENT-13",
            "the second move must be of the same type (our reading)",
        ),
        (
            "HIM-PROG-6",
            "Any action may be used several times (our reading)",
        ),
        ("HIM-RES-5", "never has to choose"),
        (
            "HIM-REWARD-7",
            "An order not kept returns to its bag (our reading)",
        ),
        ("HIM-REWARD-8", "once (our reading)"),
        ("HIM-REWARD-9", "once per delegation: our reading"),
        ("HIM-INV-7", "we read neighbouring as next to your caravan"),
        ("HIM-INV-8", "shown, and kept (our reading)"),
        ("HIM-WIN-3", "top is no lead"),
        ("HIM-WIN-10", "no one goes out at that step (our reading)"),
        ("HIM-WIN-11", "fewer delegations placed on the board"),
        ("HIM-PROG-4", "keeps the actions you already planned"),
    ] {
        assert!(all.contains(phrase), "{id} reading in the topics: {phrase}");
    }
}

// ---- Issue 10: mutants of rules.rs, shard 2/4 ----

// HIM-EVENT-10 (HIM-DEAL-3): market day only matters where there is a choice: at a village
// holding a single kind of good the deal takes it at once, without asking.
#[test]
fn him_event_10_market_day_at_a_one_kind_village_takes_the_good_without_asking() {
    let d = data();
    let mut g = placed(&d, "advanced", &[5, 1, 20]);
    put_goods(&mut g, 5, [0, 0, 2, 0, 0]);
    play(&mut g, &d, 0, "market 5");
    play(&mut g, &d, 1, "pass");
    play(&mut g, &d, 2, "pass");
    program_all(&mut g, &d, &["deal rest rest rest rest rest", REST, REST]);
    assert_eq!(g.pending, None, "no choice to make");
    assert_eq!(g.hands[0], [0, 0, 1, 0, 0]);
    assert_eq!(g.village_goods[4], [0, 0, 1, 0, 0]);
    assert_eq!(g.turn, 2, "resolution went on to the end of the turn");
}

// HIM-REWARD-8 (reading: the two possible rewards are given): a player with no delegation
// left who fills an order gets barter and offering without a choice.
#[test]
fn him_reward_8_no_delegation_left_gives_barter_and_offering_without_asking() {
    let d = data();
    let mut g = placed(&d, "basic", &[10, 1, 20]);
    put_order(&mut g, 10, 4);
    give(&mut g, 0, [1, 0, 1, 0, 0]);
    g.delegations[0][0] = DELEGATIONS; // all 15 sent to Humla
    assert_eq!(g.delegations_left(0), 0);
    assert_eq!(g.reward_options(0, 9), vec![Reward::Barter, Reward::Stupa]);
    program_all(&mut g, &d, &["deal rest rest rest rest rest", REST, REST]);
    assert_eq!(g.pending, None, "no choice to make");
    assert_eq!(g.kept[0], vec![4]);
    assert_eq!(g.stupas[9], Some(0));
    assert_eq!(g.delegations_left(0), 0);
    assert_eq!(g.turn, 2);
}

// HIM-INV-6 (HIM-COMP-7, HIM-COMP-9): an advanced inventory reward offers only what is left:
// no inventory marker once the supply of 15 is empty, no delegations to a player who has sent
// all 15.
#[test]
fn him_inv_6_advanced_inventory_offers_only_the_rewards_left() {
    let d = data();
    let mut g = placed(&d, "advanced", &[9, 5, 20]);
    give(&mut g, 0, [2, 0, 0, 0, 0]);
    give(&mut g, 1, [0, 0, 0, 0, 1]);
    g.markers_left = 0;
    g.delegations[7][0] = DELEGATIONS;
    while !(g.turn == 4 && g.phase == Phase::Programming) {
        skip_events(&mut g, &d);
        program_all(&mut g, &d, &[REST, REST, REST]);
        skip_events(&mut g, &d);
    }
    program_all(&mut g, &d, &[REST, REST, REST]);
    assert_eq!(g.status(), Status::Acting(vec![0]), "salt is settled first");
    let offered = |g: &Himalaya, s: Seat| -> Vec<String> {
        g.legal_steps(&d, s)
            .iter()
            .map(|s| Himalaya::format_step(&d, s))
            .collect()
    };
    assert_eq!(
        offered(&g, 0),
        vec![
            "inventory stupa 1",
            "inventory stupa 3",
            "inventory stupa 8",
            "inventory stupa 14",
            "inventory stupa 16"
        ]
    );
    play(&mut g, &d, 0, "inventory stupa 3");
    assert_eq!(g.status(), Status::Acting(vec![1]), "then gold");
    let bo = offered(&g, 1);
    assert_eq!(bo[0], "inventory delegations", "{bo:?}");
    assert!(!bo.contains(&"inventory marker".to_string()), "{bo:?}");
    play(&mut g, &d, 1, "inventory delegations");
    assert_eq!((g.markers_left, g.markers.clone()), (0, vec![0, 0, 0]));
    assert_eq!(g.turn, 5);
}

// HIM-REFILL-2, HIM-SETUP-5, HIM-SETUP-7: each d20 roll fills the rolled village when it
// is empty, else the next empty one in number order, wrapping from 20 to 1.
#[test]
fn him_refill_2_each_roll_fills_the_rolled_village_or_the_next_empty_one() {
    let d = data();
    for seed in 0..5 {
        let mut g =
            crate::engine::setup_checked::<Himalaya>(&d, &names(3), &opts("basic"), seed).unwrap();
        for v in 0..VILLAGES {
            for i in 0..5 {
                g.goods_bag[i] += g.village_goods[v][i] as u32;
            }
            g.village_goods[v] = [0; 5];
            if let Some(o) = g.village_order[v].take() {
                g.orders_bag.push(o);
            }
        }
        let mut ev = Vec::new();
        g.refill(&d, &mut ev);
        let mut taken = [false; VILLAGES];
        let mut hit_empty = 0;
        for e in &ev {
            let rest = e.text.strip_prefix("The d20 rolls ").expect("a roll");
            let (roll, rest) = rest.split_once(':').unwrap();
            let roll: usize = roll.parse().unwrap();
            let at = rest.split("village ").nth(1).unwrap();
            let village: usize = at
                .split(|c: char| !c.is_ascii_digit())
                .next()
                .unwrap()
                .parse()
                .unwrap();
            let want = (0..VILLAGES)
                .map(|i| (roll - 1 + i) % VILLAGES)
                .find(|&v| !taken[v])
                .unwrap();
            assert_eq!(village, want + 1, "seed {seed}: {}", e.text);
            if !taken[roll - 1] {
                hit_empty += 1;
            }
            taken[want] = true;
        }
        assert_eq!(ev.len(), 10);
        assert!(hit_empty > 0);
    }
}

// HIM-REFILL-2: refilling stops when the goods bag is empty, with fewer than five goods
// villages if need be (the players hold the rest).
#[test]
fn him_refill_2_refill_stops_when_the_goods_bag_runs_out() {
    let d = data();
    let mut g = placed(&d, "basic", &[1, 5, 20]);
    // Leave 7 goods in the bag: one village of 5, one of 2.
    let mut hoard = g.goods_bag.map(|c| c as u8);
    hoard[0] -= 7;
    give(&mut g, 0, hoard);
    assert_eq!(g.goods_bag.iter().sum::<u32>(), 7);
    let mut ev = Vec::new();
    g.refill(&d, &mut ev);
    assert_eq!(g.goods_bag, [0; 5]);
    let sizes: Vec<u32> = (0..VILLAGES)
        .filter(|&v| g.has_goods(v))
        .map(|v| g.village_goods[v].iter().map(|&c| c as u32).sum())
        .collect();
    let mut sorted = sizes.clone();
    sorted.sort();
    assert_eq!(sorted, vec![2, 5]);
    assert_eq!(g.village_order.iter().filter(|o| o.is_some()).count(), 5);
}

// HIM-INV-5 (HIM-COMP-7): in the basic game the 15 inventory markers are a shared supply:
// once it is empty, a sole majority takes nothing.
#[test]
fn him_inv_5_basic_inventory_gives_markers_only_while_the_supply_lasts() {
    let d = data();
    let mut g = placed(&d, "basic", &[1, 5, 20]);
    give(&mut g, 0, [2, 0, 0, 0, 0]);
    give(&mut g, 1, [0, 0, 0, 0, 1]);
    g.markers_left = 1;
    to_inventory(&mut g, &d);
    let inv = g.last_inventory.clone().unwrap();
    assert_eq!(inv.winners, vec![Some(0), None, None, None, Some(1)]);
    assert_eq!(
        g.markers,
        vec![1, 0, 0],
        "salt comes first and takes the last marker"
    );
    assert_eq!(g.markers_left, 0);
    assert_eq!(g.turn, 5);
}

// HIM-WIN-5 (HIM-SCORE-1): final scoring counts each player's built stupas, and with 4
// players the fewer stupas go out first on a religious tie.
#[test]
fn him_win_5_final_scoring_counts_built_stupas_for_the_religious_tie_break() {
    let d = data();
    let mut g = placed(&d, "basic", &[1, 5, 20, 12]);
    let level = |v: usize| d.villages[v - 1].level;
    g.stupas[3] = Some(0); // Ann: the monastery at 4: 3 in one stupa
    for v in [1, 3, 5] {
        assert_eq!(level(v), 1);
        g.stupas[v - 1] = Some(1); // Bo: three houses: 3 in three stupas
    }
    g.stupas[9] = Some(2); // Cy: monastery 10 and temple 2: 5
    g.stupas[1] = Some(2);
    for v in [20, 17, 14] {
        g.stupas[v - 1] = Some(3); // Di: monastery, temple, house: 6
    }
    assert_eq!(level(4), 3);
    g.finish(&d, &mut Vec::new());
    let built: Vec<u32> = g.final_lines.iter().map(|f| f.stupas).collect();
    assert_eq!(built, vec![1, 3, 2, 3]);
    let r: Vec<u32> = g.final_lines.iter().map(|f| f.religious).collect();
    assert_eq!(r[0], r[1], "Ann and Bo tie on religious influence");
    let places: Vec<u32> = g.final_lines.iter().map(|f| f.place).collect();
    assert_eq!(
        places[0], 4,
        "Ann has fewer stupas and goes out first: {places:?}"
    );
}

// HIM-REFILL-2: the refill announces the goods it put in each village.
#[test]
fn him_refill_2_refill_names_the_goods_it_places() {
    let d = data();
    let mut g = placed(&d, "basic", &[1, 5, 20]);
    let mut ev = Vec::new();
    g.refill(&d, &mut ev);
    let mut seen = 0;
    for e in &ev {
        let Some((head, list)) = e.text.split_once(" (") else {
            continue;
        };
        let v: usize = head.rsplit(' ').next().unwrap().parse().unwrap();
        let mut got = [0u8; 5];
        for part in list.trim_end_matches(").").split(", ") {
            let (n, kind) = part.split_once(' ').unwrap();
            let n: u8 = n.parse().unwrap();
            assert!(n > 0, "{}", e.text);
            let g = Good::ALL.iter().find(|g| g.name() == kind).unwrap();
            got[g.index()] = n;
        }
        assert_eq!(got, g.village_goods[v - 1], "{}", e.text);
        seen += 1;
    }
    assert_eq!(seen, 5);
}

// ---- Issue 10: mutants of rules.rs, shards 0, 1 and 3 of 4 ----

// HIM-INV-6 (HIM-COMP-7, HIM-SCORE-4): the marker reward of an advanced inventory moves one
// marker from the shared supply to the winner's screen, worth 3 yacks.
#[test]
fn him_inv_6_the_marker_reward_comes_out_of_the_shared_supply() {
    let d = data();
    let mut g = placed(&d, "advanced", &[9, 5, 20]);
    give(&mut g, 0, [2, 0, 0, 0, 0]);
    while !(g.turn == 4 && g.phase == Phase::Programming) {
        skip_events(&mut g, &d);
        program_all(&mut g, &d, &[REST, REST, REST]);
        skip_events(&mut g, &d);
    }
    program_all(&mut g, &d, &[REST, REST, REST]);
    assert_eq!(
        g.status(),
        Status::Acting(vec![0]),
        "Ann holds the most salt"
    );
    assert_eq!(g.markers_left, 15);
    play(&mut g, &d, 0, "inventory marker");
    assert_eq!((g.markers_left, g.markers.clone()), (14, vec![1, 0, 0]));
    assert_eq!(g.yacks(&d, 0), 3);
    assert_eq!(g.turn, 5);
}

// HIM-REFILL-2 (HIM-REWARD-1, HIM-REWARD-5): a choice after which the turn ends and the refill
// rolls the d20 draws game randomness, so its player cannot take it back alone
// (irreversible); the choices before it roll nothing and stay reversible.
#[test]
fn him_refill_2_the_choice_that_lets_the_refill_roll_is_irreversible() {
    let d = data();
    let mut g = placed(&d, "basic", &[10, 5, 20]);
    put_order(&mut g, 10, 4);
    give(&mut g, 0, [1, 0, 1, 0, 0]);
    program_all(&mut g, &d, &["deal rest rest rest rest rest", REST, REST]);
    for t in [
        "reward stupa delegations",
        "delegate Dolpo",
        "delegate Mustang",
    ] {
        let a = play(&mut g, &d, 0, t);
        assert!(!a.irreversible, "`{t}` rolls nothing");
        assert_eq!(g.turn, 1);
    }
    let a = play(&mut g, &d, 0, "delegate Khumbu");
    assert_eq!(g.turn, 2, "the last delegation ends the turn");
    assert!(
        a.events.iter().any(|e| e.text.starts_with("The d20 rolls")),
        "the refill rolled"
    );
    assert!(a.irreversible);
}

// HIM-SETUP-4, HIM-REFILL-2: goods are drawn blind from what the bag holds: with only tea
// and gold left in it, a refill puts exactly those.
#[test]
fn him_refill_2_goods_are_drawn_only_from_what_the_bag_holds() {
    let d = data();
    let mut g = placed(&d, "basic", &[1, 5, 20]);
    let mut hoard = g.goods_bag.map(|c| c as u8);
    hoard[2] -= 2;
    hoard[4] -= 3;
    give(&mut g, 0, hoard);
    assert_eq!(g.goods_bag, [0, 0, 2, 0, 3]);
    g.refill(&d, &mut Vec::new());
    let filled: Vec<[u8; 5]> = (0..VILLAGES)
        .filter(|&v| g.has_goods(v))
        .map(|v| g.village_goods[v])
        .collect();
    assert_eq!(filled, vec![[0, 0, 2, 0, 3]]);
    assert_eq!(g.goods_bag, [0; 5]);
}

// HIM-EVENT-4, HIM-EVENT-6: one snowstorm and one market day on the board per turn, and
// each player's storm and market-day markers serve once a game, like the yeti.
#[test]
fn him_event_4_one_storm_and_one_market_day_per_turn_each_once_a_game() {
    let d = data();
    let mut g = placed(&d, "advanced", &[1, 5, 20]);
    put_goods(&mut g, 5, [1, 0, 0, 0, 0]);
    put_goods(&mut g, 7, [0, 1, 0, 0, 0]);
    let kinds = |g: &Himalaya, s: Seat| -> [bool; 3] {
        let l = g.legal_steps(&d, s);
        [
            l.iter().any(|s| matches!(s, Step::Yeti(_))),
            l.iter().any(|s| matches!(s, Step::Storm(_))),
            l.iter().any(|s| matches!(s, Step::Market(_))),
        ]
    };
    assert_eq!(kinds(&g, 0), [true, true, true]);
    play(&mut g, &d, 0, "storm 1-2");
    assert_eq!(kinds(&g, 1), [true, false, true], "one storm per turn");
    play(&mut g, &d, 1, "market 5");
    assert_eq!(
        kinds(&g, 2),
        [true, false, false],
        "one market day per turn"
    );
    play(&mut g, &d, 2, "pass");
    program_all(&mut g, &d, &[REST, REST, REST]);
    // Turn 2: Bo, Cy, Ann. The board is clear again, but Bo's market day is spent...
    assert_eq!(g.first, 1);
    assert_eq!(
        kinds(&g, 1),
        [true, true, false],
        "a market day serves once a game"
    );
    play(&mut g, &d, 1, "pass");
    play(&mut g, &d, 2, "pass");
    // ...and so is Ann's snowstorm.
    assert_eq!(
        kinds(&g, 0),
        [true, false, true],
        "a storm serves once a game"
    );
}

// HIM-SETUP-10: caravans are placed in turn order: a seat placing out of turn is refused
// under the setup topic, told it is not its turn (not that the village is taken).
#[test]
fn him_setup_10_placing_a_caravan_out_of_turn_is_refused_as_not_your_turn() {
    let d = data();
    let mut g = crate::engine::setup_checked::<Himalaya>(&d, &names(3), &opts("basic"), 1).unwrap();
    let e = refused_step(&mut g, &d, 1, &Step::Start(4));
    assert_eq!(e.topic, "setup");
    assert!(e.reason.contains("not your turn to place a caravan"), "{e}");
    assert_eq!(g.caravans, vec![None; 3], "nothing changed");
}

// HIM-EVENT-2: event markers are placed in turn order: a seat out of turn is refused under
// the events topic.
#[test]
fn him_event_2_placing_an_event_marker_out_of_turn_is_refused() {
    let d = data();
    let mut g = placed(&d, "advanced", &[1, 5, 20]);
    let e = refused_step(&mut g, &d, 1, &Step::Yeti(0));
    assert_eq!(e.topic, "events");
    assert!(
        e.reason.contains("you cannot place that event marker now"),
        "{e}"
    );
    assert_eq!(g.board_events, BoardEvents::default());
}

// HIM-PROG-1 (HIM-COMP-8): refusals while programming say what to do instead: a 7th action
// needs `unplan`, a sealed program `unseal`, and there is nothing to take back unsealed.
#[test]
fn him_prog_1_programming_refusals_say_what_to_do_instead() {
    let d = data();
    let mut g = placed(&d, "basic", &[1, 5, 20]);
    let e = refused_step(&mut g, &d, 0, &Step::Unseal);
    assert_eq!(e.topic, "programming");
    assert!(
        e.reason.contains("you cannot do that while programming"),
        "{e}"
    );
    for _ in 0..6 {
        play(&mut g, &d, 0, "plan rest");
    }
    let e = refused_step(&mut g, &d, 0, &Step::Plan(Action::Deal));
    assert_eq!(e.topic, "programming");
    assert!(e.reason.contains("`unplan` to change the last one"), "{e}");
    play(&mut g, &d, 0, "seal");
    let e = refused_step(&mut g, &d, 0, &Step::Plan(Action::Deal));
    assert_eq!(e.topic, "programming");
    assert!(e.reason.contains("sealed; `unseal` first"), "{e}");
    assert_eq!(g.plans[0], vec![Action::Rest; 6]);
}

// HIM-PROG-1: a `program` command is the whole row of 6 markers. Five (or seven) actions are
// refused as they are typed, naming what was given, what is accepted and the rules topic;
// nothing is planned.
#[test]
fn him_prog_1_a_program_of_five_or_seven_actions_is_refused_and_plans_nothing() {
    let d = data();
    let mut g = placed(&d, "basic", &[1, 5, 20]);
    play(&mut g, &d, 0, "plan deal");
    for (text, given) in [
        ("program rest dirt ice deal deal", "5 actions"),
        ("program rest dirt ice deal deal stone rest", "7 actions"),
    ] {
        let before = g.clone();
        let steps = g
            .expand(&d, 0, text)
            .unwrap_or_else(|| vec![text.to_string()]);
        let step = g
            .parse_step(&d, 0, &steps[0])
            .expect("the first step parses");
        let e = refused_step(&mut g, &d, 0, &step);
        assert_eq!(e.topic, "programming", "{e}");
        assert!(e.reason.contains("a program is 6 actions"), "{e}");
        assert!(e.reason.contains(given), "{e}");
        assert!(
            e.reason.contains("`program ice deal deal stone rest dirt`"),
            "{e}"
        );
        assert_eq!(g, before, "a refused program changes nothing");
    }
    assert_eq!(g.plans[0], vec![Action::Deal]);
}

// HIM-INV-2 (HIM-EVENT-10): the step that brings on an inventory reveals every player's
// goods, so it is irreversible even when nothing is rolled: here the market-day choice that
// ends turn 4 on a full board (no refill roll).
#[test]
fn him_inv_2_the_step_that_brings_on_an_inventory_is_irreversible_without_a_roll() {
    let d = data();
    let mut g = placed(&d, "advanced", &[5, 1, 20]);
    put_goods(&mut g, 5, [2, 0, 0, 1, 1]);
    g.refill(&d, &mut Vec::new());
    while g.turn < 4 {
        skip_events(&mut g, &d);
        program_all(&mut g, &d, &[REST, REST, REST]);
    }
    assert_eq!(g.first, 0);
    play(&mut g, &d, 0, "market 5");
    play(&mut g, &d, 1, "pass");
    play(&mut g, &d, 2, "pass");
    program_all(&mut g, &d, &["deal rest rest rest rest rest", REST, REST]);
    assert_eq!(
        g.status(),
        Status::Acting(vec![0]),
        "market day: Ann chooses"
    );
    assert_eq!(g.last_inventory, None);
    let rng = g.rng.clone();
    let a = play(&mut g, &d, 0, "take gold");
    assert_eq!(g.rng, rng, "the board stayed full: nothing was rolled");
    assert_eq!(g.last_inventory.as_ref().map(|i| i.turn), Some(4));
    assert!(a.irreversible, "the inventory showed everyone's goods");
}

// HIM-TURN-2: a new turn of the basic game goes straight to programming, and says so; the
// advanced game's turn opens with the event markers instead, so it does not announce
// programming yet.
#[test]
fn him_turn_2_a_new_turn_announces_programming_only_in_the_basic_game() {
    let d = data();
    for (rules, announced) in [("basic", true), ("advanced", false)] {
        let mut g = placed(&d, rules, &[5, 1, 20]);
        if rules == "advanced" {
            for s in 0..3 {
                play(&mut g, &d, s, "pass");
            }
        }
        let mut texts = Vec::new();
        for (s, p) in [REST, REST, REST].iter().enumerate() {
            for t in g.expand(&d, s, &format!("program {p}")).unwrap() {
                let a = play(&mut g, &d, s, &t);
                texts.extend(a.events.into_iter().map(|e| e.text));
            }
        }
        assert!(
            texts.iter().any(|t| t.contains("Turn 2 begins")),
            "{rules}: {texts:?}"
        );
        assert_eq!(
            texts.iter().any(|t| t.contains("programs 6 actions")),
            announced,
            "{rules}: {texts:?}"
        );
    }
}

// ---- Issue 35: the board's "Last turn" panel ----

/// The last step's public lines are the same for every viewer, and hold neither a sealed
/// program before its reveal nor any line told to one seat (a good taken, a salt sealed).
#[test]
fn the_last_turn_lines_are_public_and_the_same_for_every_viewer() {
    let d = data();
    let mut g = placed(&d, "basic", &[1, 5, 20]);
    put_goods(&mut g, 1, [1, 1, 0, 0, 0]);
    let viewers = [
        Viewer::Spectator,
        Viewer::Seat(0),
        Viewer::Seat(1),
        Viewer::Seat(2),
    ];
    let lines_of = |g: &Himalaya| -> Vec<Vec<String>> {
        viewers.iter().map(|&w| g.view(&d, w).last_turn).collect()
    };
    let mut private = Vec::new();
    let programs = ["deal stone deal rest rest rest", REST, REST];
    for (s, p) in programs.iter().enumerate() {
        for t in g.expand(&d, s, &format!("program {p}")).unwrap() {
            let applied = play(&mut g, &d, s, &t);
            private.extend(
                applied
                    .events
                    .iter()
                    .filter(|e| e.audience != crate::engine::Audience::Public)
                    .map(|e| e.text.clone()),
            );
        }
        let seen = lines_of(&g);
        assert!(seen.iter().all(|l| *l == seen[0]), "{seen:?}");
        if s == 0 {
            // Sealed, not revealed: the program stays behind the screen.
            assert!(seen[0].iter().any(|l| l.contains("sealed a program")));
            assert!(!seen[0].iter().any(|l| l.contains(programs[0])), "{seen:?}");
        }
    }
    let seen = lines_of(&g);
    assert!(seen.iter().all(|l| *l == seen[0]), "{seen:?}");
    assert!(
        seen[0]
            .iter()
            .any(|l| l == "Ann takes a good at village 1."),
        "{:?}",
        seen[0]
    );
    assert!(private.iter().any(|p| p.starts_with("You took")));
    assert!(private.iter().any(|p| p.starts_with("Sealed `")));
    for line in &seen[0] {
        assert!(
            !private.contains(line),
            "private line `{line}` in the last turn"
        );
        assert!(!line.starts_with("You took") && !line.starts_with("Sealed `"));
    }
}

/// The game-over headline names the winner and fits the strip; the full note is in the
/// final-result panel.
#[test]
fn the_game_over_headline_names_the_winners_briefly() {
    let d = data();
    let g = placed(&d, "basic", &[1, 5, 20]);
    let mut view = g.view(&d, Viewer::Spectator);
    view.phase = PhaseView::Finished;
    view.result_note = Some("a very long note ".repeat(10));
    view.final_lines = (0..3)
        .map(|seat| FinalLine {
            seat,
            name: g.players[seat].clone(),
            religious: 0,
            political: 0,
            economic: 0,
            stupas: 0,
            delegations: 0,
            goods: Default::default(),
            kept_orders: Vec::new(),
            inventory_markers: 0,
            place: if seat == 1 { 1 } else { 2 },
            economic_parts: Vec::new(),
        })
        .collect();
    assert_eq!(render::headline(&view), "Game over \u{b7} Bo wins");
    view.final_lines[2].place = 1;
    assert_eq!(
        render::headline(&view),
        "Game over \u{b7} Bo and Cy share the win"
    );
}

/// The economic influence in parts: the kept orders' yacks and the inventory markers', the
/// same in the standings, the final panel's text and the result's breakdown.
// HIM-SCORE-4, HIM-WIN-2
#[test]
fn him_score_4_the_standings_and_final_lines_give_the_yacks_by_source() {
    let d = data();
    let mut g = placed(&d, "basic", &[1, 5, 20]);
    g.kept[0] = vec![4]; // 4 yacks
    g.markers[0] = 2;
    g.finish(&d, &mut Vec::new());
    let r = g.result.clone().unwrap();
    let marker = d.inventory_yacks as i64;
    assert_eq!(
        r.breakdown[0],
        vec![
            crate::engine::ScorePart::new("kept orders", 4),
            crate::engine::ScorePart::new("inventory markers", 2 * marker),
        ]
    );
    assert_eq!(r.check_breakdown(), Ok(()));
    let economic = 4 + 2 * marker;
    let standings = r.standings(&["Ann", "Bo", "Cy"]);
    let want = format!(
        "Ann: religious 0, political 0, economic {economic} yacks (kept orders 4, inventory markers {})",
        2 * marker
    );
    assert!(standings.contains(&want), "{standings}");
    assert_eq!(
        g.final_lines[0].economic_parts_text(),
        format!(" = kept orders 4, inventory markers {}", 2 * marker)
    );
}

// ---- For computer players: the evaluation hint and determinisation ----

// HIM-WIN-1: the hint ranks the seats by the winning rule with the public influences:
// a seat leading two influences (religious by stupas, political by delegations) is first;
// kept orders (hidden) do not move it.
#[test]
fn him_win_1_the_hint_ranks_by_the_public_influences_and_ignores_kept_orders() {
    let d = data();
    let mut g = placed(&d, "basic", &[1, 2, 3]);
    g.stupas[0] = Some(1);
    g.stupas[5] = Some(1);
    g.delegations[0][1] = 2;
    g.delegations[1][1] = 1;
    let hint = g.hint(&d);
    assert!(
        hint[1] > hint[0] && hint[1] > hint[2],
        "seat 1 leads two influences: {hint:?}"
    );
    assert!(hint[1] >= 2.0, "first of three: {hint:?}");
    g.kept[0] = vec![0, 1, 2];
    assert_eq!(g.hint(&d), hint, "kept orders are hidden");
    g.markers[0] = 4;
    assert!(
        g.hint(&d)[0] > hint[0],
        "inventory markers are public yacks"
    );
}

// HIM-PROG-5: a sealed program is its seat's secret until the reveal: a scrambled copy gets
// another program of 6 actions under the same public commitment (with another salt), and
// the copy's reveal goes on without checking it.
#[test]
fn him_prog_5_scrambling_a_sealed_program_redraws_it_under_the_same_commitment() {
    let d = data();
    let mut g = placed(&d, "basic", &[1, 2, 3]);
    for t in g.expand(&d, 0, &format!("program {REST}")).unwrap() {
        play(&mut g, &d, 0, &t);
    }
    let seal = g.seals[0].clone().expect("sealed");
    let copies: Vec<Himalaya> = (0..8)
        .map(|salt| g.scramble(&d, Holder::Seat(0), &mut GameRng::new(salt)))
        .collect();
    for c in &copies {
        let other = c.seals[0].as_ref().expect("still sealed");
        assert_eq!(
            other.commitment, seal.commitment,
            "the public commitment stays"
        );
        assert_ne!(other.salt, seal.salt, "the secret salt is redrawn");
        assert_eq!(c.plans[0].len(), ACTIONS);
    }
    assert!(
        copies.iter().any(|c| c.plans[0] != g.plans[0]),
        "the sealed program is redrawn"
    );
    let mut c = copies[0].clone();
    for s in 1..3 {
        for t in c.expand(&d, s, &format!("program {REST}")).unwrap() {
            play(&mut c, &d, s, &t);
        }
    }
    assert_eq!(
        c.revealed[0], copies[0].plans[0],
        "the copy reveals its own program"
    );
}

#[test]
fn scrambling_nobody_reseeds_the_rng_and_nothing_else() {
    let d = data();
    let g = placed(&d, "basic", &[1, 2, 3]);
    assert_nobody_scramble_changes_only(&g, &d, false, |s, g| s.rng = g.rng.clone());
}

/// Every village number and region name a player types is drawn legibly at the inline
/// width (from the renderer's own record of its text), and the notation reads it as
/// written; the first caravaneer is marked in words during the game and not on the final
/// board, where "1st" would read as first place.
#[test]
fn typed_labels_are_legible_inline_and_read_as_written() {
    use crate::engine::notation::match_step;
    let d = data();
    let g = placed(&d, "basic", &[1, 5, 9]);
    let mut view = g.view(&d, Viewer::Spectator);
    let starts: Vec<String> = (0..VILLAGES)
        .map(|v| Himalaya::format_step(&d, &Step::Start(v)))
        .collect();
    let delegates: Vec<String> = (0..d.regions.len())
        .map(|r| Himalaya::format_step(&d, &Step::Delegate(r)))
        .collect();
    let mut labels = Vec::new();
    for (i, v) in d.villages.iter().enumerate() {
        let label = v.number.to_string();
        assert_eq!(match_step(&format!("start {label}"), &starts), Ok(i));
        labels.push(label);
    }
    for (r, region) in d.regions.iter().enumerate() {
        let label = region.name.to_uppercase();
        assert_eq!(match_step(&format!("delegate {label}"), &delegates), Ok(r));
        labels.push(label);
    }
    let cv = render::render_canvas(&d, &view);
    let faults = crate::render::typed_label_faults(&cv, &labels);
    assert!(faults.is_empty(), "{faults:#?}");
    let first = |cv: &crate::render::Canvas| {
        cv.marks()
            .iter()
            .filter(|m| m.text.contains("moves first") || m.text.contains("1st"))
            .count()
    };
    // In the side panel's scoreboard and in the status strip under the board.
    assert_eq!(first(&cv), 2);
    view.result_note = Some("Ann wins".into());
    assert_eq!(first(&render::render_canvas(&d, &view)), 0);
}
