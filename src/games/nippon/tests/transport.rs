//! Nippon tests of trains and ships (NIP-TRAIN, NIP-SHIP, NIP-SLOT), mirroring
//! `rules/transport.rs`.

use super::*;

// ---- Trains and ships ----

// NIP-TRAIN-1, NIP-TRAIN-2, NIP-TRAIN-3, NIP-TRAIN-4
#[test]
fn nip_train_4_one_to_three_trains_in_different_regions() {
    let d = data();
    // Played on (money first: blueprints, rewards of yen) until a trains action begins
    // with 15,000 yen or more, 3 trains in hand and 3 regions open.
    let prefer = |_: &Nippon, _: Seat, t: &str| {
        if t.ends_with(" yen") || t == "blueprints money" {
            9
        } else {
            by(&["do trains", "take"], t)
        }
    };
    let mut g = steered(4, prefer, |g| {
        let p = &g.players[g.current];
        let open = legal(g, &d, g.current)
            .iter()
            .filter(|t| t.starts_with("train"))
            .count();
        g.stage
            == (Stage::Rail {
                ship: false,
                regions: vec![],
            })
            && p.yen >= 15_000
            && p.trains as usize + 3 <= RAIL_TILES as usize
            && open >= 3
            && p.blueprints < 3
    });
    let (s, yen, trains) = (
        g.current,
        g.players[g.current].yen,
        g.players[g.current].trains,
    );
    let open: Vec<String> = legal(&g, &d, s)
        .into_iter()
        .filter(|t| t.starts_with("train"))
        .collect();
    play_now(&mut g, &d, &open[0]);
    assert!(rejected_now(&mut g, &d, &open[0]).contains("different regions"));
    let a = play_all(&mut g, &d, s, &format!("{}; {}", open[1], open[2]));
    assert!(a.turn_ended);
    assert_eq!(g.players[s].yen, yen - 15_000);
    assert_eq!(g.players[s].trains, trains + 3, "3 trains placed");
}

// NIP-SHIP-1, NIP-SHIP-2, NIP-SHIP-3, NIP-SHIP-4
#[test]
fn nip_ship_4_one_to_three_ships_in_different_regions() {
    let d = data();
    let mut g = position(&format!(
        "{TWO_SEED_11}
         purple: take 4 black   # slot 4 offers trains and ships
         purple: do ships"
    ));
    play_now(&mut g, &d, "ship kansai");
    assert!(rejected_now(&mut g, &d, "ship kansai").contains("different regions"));
    assert!(rejected_now(&mut g, &d, "train tohoku").contains("ship"));
    // 12,000 yen less two ships leaves 2,000: no third ship, so the action ends by itself.
    play_now(&mut g, &d, "ship kanto");
    assert_eq!(g.current, 1);
    assert_eq!(g.players[0].ships, 2);
    assert_eq!(g.players[0].yen, 2_000);
    assert_eq!(g.rail[3], vec![(0, true)]);
}

// NIP-SLOT-1
#[test]
fn nip_slot_1_slots_per_region_by_player_count() {
    let d = data();
    assert_eq!(d.rail_slots, [4, 6, 8]);
    for n in [2, 3, 4] {
        // Played on (trains first) until a trains action begins, the yen for one at hand,
        // where a region's train/ship slots are all taken.
        let full =
            |g: &Nippon| (0..d.regions.len()).find(|&r| g.rail[r].len() == d.rail_slots[n - 2]);
        let prefer = |_: &Nippon, _: Seat, t: &str| {
            by(&["do trains", "do ships", "train", "ship", "take"], t)
        };
        let mut g = steered(n, prefer, |g| {
            g.stage
                == (Stage::Rail {
                    ship: false,
                    regions: vec![],
                })
                && g.players[g.current].yen >= d.cost_train
                && full(g).is_some()
        });
        let r = full(&g).unwrap();
        let e = rejected_now(&mut g, &d, &Nippon::format_step(&d, &Step::Train(r as u8)));
        assert!(e.contains("every train/ship slot"), "{n}p: {e}");
    }
}

// NIP-SLOT-2, NIP-SLOT-3
#[test]
fn nip_slot_2_uncovered_money_symbol_raises_money() {
    let d = data();
    assert_eq!(d.train_money, [2, 4, 6]);
    // Seed 11: slot 4 (trains or ships) holds a black worker; 12,000 yen buy two trains.
    let mut g = position(&format!(
        "{TWO_SEED_11}
         purple: take 4 black
         purple: do trains"
    ));
    let a = play_now(&mut g, &d, "train hokkaido");
    assert_eq!(g.players[0].tracks[0], 0);
    assert!(a.events.iter().all(|e| !e.text.contains("money symbol")));
    let a = play_now(&mut g, &d, "train tohoku");
    assert_eq!(
        g.players[0].tracks[0], 1,
        "the 2nd train uncovers a money symbol"
    );
    assert!(a
        .events
        .iter()
        .any(|e| e.text.contains("revealing a money symbol (money +1)")));
}

// NIP-TRAIN-2: exactly the price of a train is enough.
#[test]
fn nip_train_2_exactly_the_price_of_a_train_is_enough() {
    let d = data();
    // Seed 11: knowledge up 3 and up 2 (9,000 yen): purple has 3,000 yen, and slot 4's
    // trains and ships are refused for their price.
    let mut g = knowledge_ups(&[3, 2]);
    assert!(g.players[0].yen < d.cost_train);
    let e = rejected_now(&mut g, &d, "take 4 pink");
    assert!(e.contains("a train costs"), "{e}");
    // Trains bought whenever they can be, until a trains action begins with a purse of
    // exactly a train's price.
    let trains_first = |g: &Nippon, s: Seat, t: &str| {
        if t == "consolidate" {
            return i32::from(g.players[s].workers.len() >= 3) * 5;
        }
        by(&["train", "do trains", "take"], t)
    };
    let exact = |g: &Nippon| {
        let begun = matches!(&g.stage, Stage::Rail { ship: false, regions } if regions.is_empty());
        begun && g.players[g.current].yen == d.cost_train
    };
    let mut g = steered(4, trains_first, exact);
    let s = g.current;
    let train = legal(&g, &d, s)
        .into_iter()
        .find(|t| t.starts_with("train "))
        .expect("a train may be bought");
    play_now(&mut g, &d, &train);
    assert_eq!(g.players[s].yen, 0);
}

// NIP-TRAIN-1, NIP-SHIP-1: a trains action places trains only and a ships action ships
// only, also for steps built directly (a replay file), which get the stage's reason.
#[test]
fn nip_ship_1_a_ships_action_places_no_train_and_a_trains_action_no_ship() {
    let d = data();
    // Seed 11: slot 4 (trains or ships) holds a black worker.
    let take = |what: &str| -> Nippon {
        position(&format!(
            "{TWO_SEED_11}
             purple: take 4 black
             purple: do {what}"
        ))
    };
    let g = take("ships");
    let e = g.check(&d, 0, &Step::Train(1)).unwrap_err().to_string();
    assert!(
        e.contains("`ship <region>`") && !e.contains("`done`"),
        "{e}"
    );
    assert!(g.check(&d, 0, &Step::Ship(1)).is_ok());
    let g = take("trains");
    let e = g.check(&d, 0, &Step::Ship(1)).unwrap_err().to_string();
    assert!(
        e.contains("`train <region>`") && !e.contains("`done`"),
        "{e}"
    );
    assert!(g.check(&d, 0, &Step::Train(1)).is_ok());
}
