//! Tests of Phase 4, goods and orders added (`rules/refill.rs`).

use super::*;

// HIM-REFILL-1
#[test]
fn him_refill_2_refill_restores_five_goods_villages_then_five_order_villages() {
    let d = data();
    // Ann's order at 10 is filled, which empties the village of its order.
    let mut g = position(ANN_FILLS_AT_10);
    let rolls = play(&mut g, &d, 0, "reward barter stupa");
    assert!(
        said(&rolls, "\n").contains("an order goes to"),
        "{}",
        said(&rolls, "\n")
    );
    assert_eq!(g.turn, 2);
    assert_eq!((0..VILLAGES).filter(|&v| g.has_goods(v)).count(), 5);
    assert_eq!(g.village_order.iter().filter(|o| o.is_some()).count(), 5);
    assert!((0..VILLAGES).all(|v| !(g.has_goods(v) && g.village_order[v].is_some())));
    let on_board: u32 = g.village_goods.iter().flatten().map(|&c| c as u32).sum();
    let held: u32 = g.hands.iter().flatten().map(|&c| c as u32).sum();
    assert_eq!(
        on_board + g.goods_bag.iter().sum::<u32>() + held,
        60,
        "goods are conserved"
    );
}

// HIM-REFILL-3 (HIM-REFILL-2): goods are refilled first, then orders.
#[test]
fn him_refill_3_goods_are_refilled_before_orders() {
    let d = data();
    // Only the setup refills a whole board, and it keeps no events: an emptied board shows
    // the same refill's.
    let mut g = placed(&d, "basic", &[1, 5, 20]); // why: above
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
    // Seed 40: five goods villages (see `SEED_40`); Ann takes the salt of village 2.
    let g = position(&format!(
        "players Ann Bo Cy
         {SEED_40}
         option rules basic
         Ann: start 2
         Bo: start 1
         Cy: start 20
         Ann: program deal rest rest rest rest rest
         Bo: program rest rest rest rest rest rest
         Cy: program rest rest rest rest rest rest"
    ));
    assert_eq!(g.turn, 2);
    assert_eq!(g.village_goods[1], [0, 2, 1, 1, 0], "not topped up");
    for (v, goods) in [
        (3, [0, 3, 0, 1, 1]),
        (6, [1, 3, 0, 1, 0]),
        (7, [3, 2, 0, 0, 0]),
        (9, [2, 0, 1, 0, 2]),
    ] {
        assert_eq!(g.village_goods[v - 1], goods, "village {v} as set up");
    }
    assert_eq!((0..VILLAGES).filter(|&v| g.has_goods(v)).count(), 5);
}

// HIM-REFILL-2, HIM-SETUP-5, HIM-SETUP-7: each d20 roll fills the rolled village when it
// is empty, else the next empty one in number order, wrapping from 20 to 1.
#[test]
fn him_refill_2_each_roll_fills_the_rolled_village_or_the_next_empty_one() {
    let d = data();
    for seed in 0..5 {
        let mut g =
            crate::engine::setup_checked::<Himalaya>(&d, &names(3), &opts("basic"), seed).unwrap();
        // why: only the setup refills a whole board, and it keeps no events: empty it to
        // watch one.
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
    // A bag of 7 goods: 53 goods in hands take more deals than a game's fixture reaches.
    let mut g = placed(&d, "basic", &[1, 5, 20]); // why: above
                                                  // Leave 7 goods in the bag: one village of 5, one of 2.
    let mut hoard = g.goods_bag.map(|c| c as u8);
    hoard[0] -= 7;
    give(&mut g, 0, hoard); // why: above
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

// HIM-REFILL-2: the refill announces the goods it put in each village.
#[test]
fn him_refill_2_refill_names_the_goods_it_places() {
    let d = data();
    // Only the setup refills a whole board, and it keeps no events: an emptied board shows
    // the same refill's.
    let mut g = placed(&d, "basic", &[1, 5, 20]); // why: above
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

// HIM-REFILL-2 (HIM-REWARD-1, HIM-REWARD-5): a choice after which the turn ends and the refill
// rolls the d20 draws game randomness, so its player cannot take it back alone
// (irreversible); the choices before it roll nothing and stay reversible.
#[test]
fn him_refill_2_the_choice_that_lets_the_refill_roll_is_irreversible() {
    let d = data();
    let mut g = position(ANN_FILLS_AT_10);
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
    // A bag of tea and gold only: 55 goods in hands take more deals than a fixture reaches.
    let mut g = placed(&d, "basic", &[1, 5, 20]); // why: above
    let mut hoard = g.goods_bag.map(|c| c as u8);
    hoard[2] -= 2;
    hoard[4] -= 3;
    give(&mut g, 0, hoard); // why: above
    assert_eq!(g.goods_bag, [0, 0, 2, 0, 3]);
    g.refill(&d, &mut Vec::new());
    let filled: Vec<[u8; 5]> = (0..VILLAGES)
        .filter(|&v| g.has_goods(v))
        .map(|v| g.village_goods[v])
        .collect();
    assert_eq!(filled, vec![[0, 0, 2, 0, 3]]);
    assert_eq!(g.goods_bag, [0; 5]);
}
