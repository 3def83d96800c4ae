//! Tests of Phase 1's turn marker and first caravaneer, and the order of the phases
//! (`rules/turn.rs`).

use super::*;

// HIM-TURN-3, HIM-TURN-5 (no hand-over before turn 1)
#[test]
fn him_turn_4_first_caravaneer_rotates_each_turn() {
    let rest = "program rest rest rest rest rest rest";
    let turn = format!("Ann: {rest}\nBo: {rest}\nCy: {rest}");
    let placed = AT_1_2_3;
    let g = position(placed);
    assert_eq!((g.turn, g.first), (1, 0));
    let g = position(&format!("{placed}\n{turn}"));
    assert_eq!((g.turn, g.first), (2, 1));
    let g = position(&format!("{placed}\n{turn}\n{turn}"));
    assert_eq!((g.turn, g.first), (3, 2));
    let g = position(&format!("{placed}\n{turn}\n{turn}\n{turn}"));
    assert_eq!((g.turn, g.first), (4, 0));
}

// HIM-TURN-2: within a turn: reveal and resolution, then refill, then (turn 4) inventory,
// then the next turn.
#[test]
fn him_turn_2_phases_run_in_order() {
    let d = data();
    // Seed 40: village 7 holds 3 salt and 2 barley. In turn 3 Bo (from 12 by dirt) and Cy
    // (from 6 by ice) join Ann there and the three take the salt; in turn 4 Ann and Bo take
    // the barley, which empties the village, so the refill rolls. No one holds a sole
    // majority: the inventory asks nothing.
    let mut g = position(&format!(
        "players Ann Bo Cy
         {SEED_40}
         option rules basic
         Ann: start 7
         Bo: start 12
         Cy: start 6"
    ));
    for _ in 0..2 {
        program_all(&mut g, &d, &[REST, REST, REST]);
    }
    let walks_in = [
        "dirt deal rest rest rest rest",
        "ice deal rest rest rest rest",
    ];
    program_all(
        &mut g,
        &d,
        &["deal rest rest rest rest rest", walks_in[0], walks_in[1]],
    );
    assert_eq!((g.turn, g.village_goods[6]), (4, [0, 2, 0, 0, 0]));
    let mut texts = Vec::new();
    let deal = "deal rest rest rest rest rest";
    for (s, p) in [deal, deal, REST].iter().enumerate() {
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

// HIM-TURN-2: a new turn of the basic game goes straight to programming, and says so; the
// advanced game's turn opens with the event markers instead, so it does not announce
// programming yet.
#[test]
fn him_turn_2_a_new_turn_announces_programming_only_in_the_basic_game() {
    let d = data();
    for (rules, announced) in [("basic", true), ("advanced", false)] {
        let mut g = position(&format!(
            "players Ann Bo Cy\noption rules {rules}\nAnn: start 5\nBo: start 1\nCy: start 20"
        ));
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
