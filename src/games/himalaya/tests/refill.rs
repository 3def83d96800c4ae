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

/// One d20 roll of a refill, read back from its public line.
#[derive(Debug)]
struct Roll {
    roll: usize,
    /// The village it filled (an index).
    village: usize,
    /// The goods it put there, or `None` for an order.
    goods: Option<[u8; 5]>,
}

/// The refill's rolls among the public lines a step left (`last_turn`), in their order.
fn rolls(lines: &[String]) -> Vec<Roll> {
    let mut out = Vec::new();
    for line in lines {
        let Some(rest) = line.strip_prefix("The d20 rolls ") else {
            continue;
        };
        let (roll, rest) = rest.split_once(": ").expect("a roll and what it fills");
        let at = rest.split("village ").nth(1).expect("a village");
        let digits: String = at.chars().take_while(|c| c.is_ascii_digit()).collect();
        let village = digits.parse::<usize>().unwrap() - 1;
        let goods = rest.contains("goods go to").then(|| {
            let list = at.split_once(" (").unwrap().1.trim_end_matches(").");
            let mut got = [0u8; 5];
            for part in list.split(", ") {
                let (n, kind) = part.split_once(' ').unwrap();
                let good = Good::ALL.iter().find(|g| g.name() == kind).unwrap();
                got[good.index()] = n.parse().unwrap();
            }
            got
        });
        out.push(Roll {
            roll: roll.parse().unwrap(),
            village,
            goods,
        });
    }
    out
}

/// The rolls of the refill a step made (`b` before it, `a` after), if it made one.
fn refilled(b: &Himalaya, a: &Himalaya) -> Vec<Roll> {
    if a.last_turn == b.last_turn {
        return Vec::new();
    }
    rolls(&a.last_turn)
}

/// Whole games of `n` players steered by `prefer` (seeds 0..40), stopped at the first refill for
/// which `found` holds, each refill on the way checked by [`check_refill`].
fn first_refill(
    d: &HimalayaData,
    prefer: impl Fn(&Himalaya, Seat, &str) -> i32,
    n: usize,
    what: &str,
    found: impl Fn(&Himalaya, &[Roll]) -> bool,
) -> (Himalaya, Vec<Roll>) {
    let (b, a) = first_step(d, (n, "basic", 40), prefer, what, |b, a| {
        let r = refilled(b, a);
        !r.is_empty() && {
            check_refill(d, a, &r);
            found(a, &r)
        }
    });
    let r = refilled(&b, &a);
    (a, r)
}

/// A refill's rolls against the board after it: each roll filled the rolled village when
/// it was empty, else the next empty one in number order, wrapping from 20 to 1 (a village
/// counts as taken when it held goods or an order before the refill, or the refill filled
/// it already); each line names the goods it put there; no good was made or lost.
fn check_refill(d: &HimalayaData, a: &Himalaya, rolls: &[Roll]) {
    let mut taken: Vec<bool> = (0..VILLAGES)
        .map(|v| a.has_goods(v) || a.village_order[v].is_some())
        .collect();
    for r in rolls {
        taken[r.village] = false;
    }
    for r in rolls {
        let want = (0..VILLAGES)
            .map(|i| (r.roll - 1 + i) % VILLAGES)
            .find(|&v| !taken[v])
            .expect("an empty village");
        assert_eq!(r.village, want, "{r:?}");
        taken[want] = true;
        if let Some(goods) = r.goods {
            assert_eq!(goods, a.village_goods[r.village], "{r:?}");
            assert!(goods.iter().any(|&c| c > 0), "{r:?}");
        } else {
            assert!(a.village_order[r.village].is_some(), "{r:?}");
        }
    }
    for k in 0..5 {
        let board: u32 = a.village_goods.iter().map(|v| v[k] as u32).sum();
        let held: u32 = a.hands.iter().map(|h| h[k] as u32).sum();
        assert_eq!(
            board + held + a.goods_bag[k],
            d.goods[k],
            "goods of kind {k} conserved"
        );
    }
}

// HIM-REFILL-3 (HIM-REFILL-2): goods are refilled first, then orders.
#[test]
fn him_refill_3_goods_are_refilled_before_orders() {
    let d = data();
    // A refill in real play that puts both goods and an order on the board.
    let (_, rolls) = first_refill(
        &d,
        |g, s, t| trader(g, &d, s, t),
        3,
        "a refill of goods and orders",
        |_, r| r.iter().any(|r| r.goods.is_some()) && r.iter().any(|r| r.goods.is_none()),
    );
    let first_order = rolls.iter().position(|r| r.goods.is_none()).unwrap();
    assert!(
        rolls[first_order..].iter().all(|r| r.goods.is_none()),
        "{rolls:?}"
    );
}

// HIM-REFILL-2, HIM-SETUP-5, HIM-SETUP-7: each d20 roll fills the rolled village when it
// is empty, else the next empty one in number order, wrapping from 20 to 1.
#[test]
fn him_refill_2_each_roll_fills_the_rolled_village_or_the_next_empty_one() {
    let d = data();
    // Refills in real play (each checked by `check_refill`) until one roll lands on an
    // empty village, one on a taken village and one passes from village 20 to village 1.
    use std::cell::Cell;
    let (hit, moved_on, wrapped) = (Cell::new(false), Cell::new(false), Cell::new(false));
    first_refill(
        &d,
        |g, s, t| trader(g, &d, s, t),
        3,
        "a roll on an empty village, one on a taken village and one wrapping past 20",
        |_, rolls| {
            for r in rolls {
                hit.set(hit.get() || r.village + 1 == r.roll);
                moved_on.set(moved_on.get() || r.village + 1 != r.roll);
                wrapped.set(wrapped.get() || r.village + 1 < r.roll);
            }
            hit.get() && moved_on.get() && wrapped.get()
        },
    );
}

// HIM-REFILL-2: refilling stops when the goods bag is empty, with fewer than five goods
// villages if need be (the players hold the rest).
#[test]
fn him_refill_2_refill_stops_when_the_goods_bag_runs_out() {
    let d = data();
    // Four traders until a refill empties the bag in the middle of a village (the orders
    // they fill send goods back to the bag one by one, so it need not hold a multiple of
    // five).
    let (g, rolls) = first_refill(
        &d,
        |g, s, t| trader(g, &d, s, t),
        4,
        "a refill that empties the goods bag in the middle of a village",
        |g, r| {
            let villages = (0..VILLAGES).filter(|&v| g.has_goods(v)).count();
            let last = r.iter().filter_map(|r| r.goods).next_back();
            let short = last.is_some_and(|l| l.iter().sum::<u8>() < 5);
            short && g.goods_bag == [0; 5] && villages < 5
        },
    );
    let villages = (0..VILLAGES).filter(|&v| g.has_goods(v)).count();
    assert!(villages < 5, "{villages} goods villages: {rolls:?}");
    let sizes: Vec<u32> = rolls
        .iter()
        .filter_map(|r| r.goods.map(|g| g.iter().map(|&c| c as u32).sum()))
        .collect();
    let (last, full) = sizes.split_last().unwrap();
    assert!(full.iter().all(|&n| n == 5) && *last < 5, "{sizes:?}");
    assert_eq!(g.village_order.iter().filter(|o| o.is_some()).count(), 5);
}

// HIM-REFILL-2: the refill announces the goods it put in each village.
#[test]
fn him_refill_2_refill_names_the_goods_it_places() {
    let d = data();
    // Refills in real play, each line's goods checked against its village by
    // `check_refill`, until one fills three villages with goods.
    let (_, rolls) = first_refill(
        &d,
        |g, s, t| trader(g, &d, s, t),
        3,
        "a refill of three goods villages",
        |_, r| r.iter().filter(|r| r.goods.is_some()).count() >= 3,
    );
    assert!(rolls.len() >= 3);
}

// HIM-SETUP-4, HIM-REFILL-2: goods are drawn blind from what the bag holds: a kind the bag
// has run out of never comes out of it.
#[test]
fn him_refill_2_goods_are_drawn_only_from_what_the_bag_holds() {
    let d = data();
    // What the bag held of kind `k` before the refill: every good of the kind but those on
    // the board before it and in hands.
    let bag_before = |g: &Himalaya, rolls: &[Roll], k: usize| {
        let placed: u32 = rolls
            .iter()
            .filter_map(|r| r.goods)
            .map(|g| g[k] as u32)
            .sum();
        let board: u32 = g.village_goods.iter().map(|v| v[k] as u32).sum();
        let held: u32 = g.hands.iter().map(|h| h[k] as u32).sum();
        d.goods[k] + placed - board - held
    };
    // Hoarders until a refill draws goods from a bag out of some kind.
    let (g, rolls) = first_refill(
        &d,
        |g, s, t| hoarder(g, &d, s, t),
        4,
        "a refill from a bag out of some kind",
        |g, r| r.iter().any(|r| r.goods.is_some()) && (0..5).any(|k| bag_before(g, r, k) == 0),
    );
    for k in (0..5).filter(|&k| bag_before(&g, &rolls, k) == 0) {
        let placed: u32 = rolls
            .iter()
            .filter_map(|r| r.goods)
            .map(|g| g[k] as u32)
            .sum();
        assert_eq!(
            placed, 0,
            "kind {k} came out of a bag without it: {rolls:?}"
        );
    }
}
