//! Nippon tests of factories, machinery and production (NIP-FAC, NIP-MACH, NIP-PROD),
//! mirroring `rules/factories.rs`.

use super::*;

// ---- Invest in a new industry ----

// NIP-FAC-1, NIP-FAC-5, NIP-FAC-12, NIP-FAC-10
#[test]
fn nip_fac_1_build_exactly_one_factory() {
    let d = data();
    // Seed 11: slot 1 (factory or machinery) holds a black worker; knowledge 1 and the one
    // blueprint a player starts with open the two level-1 goods.
    let mut g = position(&format!(
        "{TWO_SEED_11}
         purple: take 1 black
         purple: do factory"
    ));
    assert_eq!(
        legal(&g, &d, g.current)
            .iter()
            .filter(|s| s.starts_with("build"))
            .count(),
        2
    );
    let a = play_now(&mut g, &d, "build paper");
    assert!(a.turn_ended, "one factory, then the turn ends");
    assert!(g.players[0].factories[gi(&d, "paper")].is_some());
    assert_eq!(g.built[gi(&d, "paper")], 1);
    // NIP-FAC-10: knowledge is not spent.
    assert_eq!(g.knowledge(&d, 0), 1);
}

// NIP-FAC-2, NIP-FAC-14
#[test]
fn nip_fac_2_factory_tile_data() {
    let d = data();
    let silk = &d.goods[gi(&d, "silk")];
    assert_eq!((silk.level, silk.coal, silk.storage), (1, 2, 4));
    assert!(d.goods.iter().all(|g| g.coal >= 1 && g.storage >= 1));
    // NIP-FAC-14 (reading): the synergy bonus comes once, at building.
    let mut g = fresh(&d, 2);
    // why: knowledge 11 (the top region) is some ten knowledge actions away
    g.players[0].tracks[2] = 11;
    begin(&mut g, &d, Action::Factory);
    play_now(&mut g, &d, "build clocks");
    assert_eq!(g.players[0].blueprints, 1 + 2);
}

// NIP-FAC-7, NIP-FAC-8
#[test]
fn nip_fac_8_knowledge_level_is_the_number_at_or_below() {
    let d = data();
    let t = d.track(TrackKind::Knowledge);
    let three = (0..t.values.len())
        .find(|&i| t.printed[i] && t.values[i] == 3)
        .unwrap();
    assert!(!t.printed[three + 1], "a gap slot between 3 and 4");
    // Knowledge moves of 3 and 1 from the first slot reach the gap slot after the 3.
    let g = knowledge_ups(&[3, 1]);
    assert_eq!(g.players[0].tracks[2], three + 1);
    assert_eq!(g.knowledge(&d, 0), 3);
    let g = knowledge_ups(&[3, 2]);
    assert_eq!(g.players[0].tracks[2], three + 2);
    assert_eq!(g.knowledge(&d, 0), 4);
}

// NIP-FAC-9, NIP-FAC-11
#[test]
fn nip_fac_11_missing_knowledge_costs_blueprints() {
    let d = data();
    // Seed 11: purple raises knowledge to 3 (6,000 yen), blue consolidates, and purple
    // takes slot 1's black worker for a factory, with the one blueprint she starts with.
    let mut g = position(&format!(
        "{TWO_SEED_11}
         purple: take 2 black
         purple: do knowledge
         purple: up 3
         blue: consolidate
         purple: take 1 black
         purple: do factory"
    ));
    assert_eq!(g.knowledge(&d, 0), 3);
    play_now(&mut g, &d, "build bento");
    assert_eq!(
        g.players[0].blueprints, 0,
        "knowledge 3 for a level-2 factory: 1 blueprint"
    );
    // Without enough blueprints it cannot be built: lenses (level 2) at knowledge 1 is 3
    // short, and purple holds 1.
    let mut g = position(&format!(
        "{TWO_SEED_11}
         purple: take 1 black
         purple: do factory"
    ));
    assert!(rejected_now(&mut g, &d, "build lenses").contains("short"));
}

// NIP-FAC-13
#[test]
fn nip_fac_13_one_factory_per_good() {
    let d = data();
    // Silk spent the one blueprint, so knowledge 2 (one move) opens paper for a second
    // factory action; a consolidation pays for both.
    let mut g = position(&format!(
        "{SILK_BUILT}
         purple: consolidate
         blue: consolidate
         purple: take 2 black
         purple: do knowledge
         purple: up 1
         blue: consolidate"
    ));
    begin(&mut g, &d, Action::Factory);
    assert!(rejected_now(&mut g, &d, "build silk").contains("already have"));
}

// ---- Machinery ----

// NIP-MACH-1, NIP-MACH-2, NIP-MACH-3, NIP-MACH-4, NIP-MACH-7
#[test]
fn nip_mach_7_install_and_upgrade_in_one_action() {
    let d = data();
    let mut g = position(&silk_and_11_000_yen());
    assert_eq!(g.players[0].yen, 11_000);
    begin(&mut g, &d, Action::Machinery);
    play_now(&mut g, &d, "improve silk");
    assert_eq!(g.players[0].factories[0].unwrap().machine, 1);
    // 1,000 yen left: `done` is all there is, and the game plays it.
    play_now(&mut g, &d, "improve silk");
    assert_eq!(g.current, 1, "the action ended by itself");
    assert_eq!(g.players[0].factories[0].unwrap().machine, 2);
    assert_eq!(g.players[0].yen, 1_000, "10,000 yen for two improvements");
}

// NIP-MACH-1: at most 3 improvements.
#[test]
fn nip_mach_1_one_to_three_improvements() {
    let d = data();
    let mut g = fresh(&d, 2);
    // why: YEN (mod.rs): 15,000 yen needs a money step and a reward first, 25+ steps
    g.players[0].yen = 50_000;
    begin(&mut g, &d, Action::Machinery);
    let a = play_all(
        &mut g,
        &d,
        0,
        "improve supply; improve supply; improve supply",
    );
    assert!(a.turn_ended, "the third improvement ends the action");
    assert_eq!(g.players[0].machines, 3);
    assert_eq!(g.players[0].yen, 35_000);
}

// NIP-MACH-5, NIP-MACH-6
#[test]
fn nip_mach_5_plus_two_is_final() {
    let d = data();
    // Silk improved twice (slot 1's orange worker), then a consolidation for the yen.
    let mut g = position(&format!(
        "{}
         purple: take 1 orange
         purple: do machinery
         purple: improve silk
         purple: improve silk
         blue: consolidate
         purple: consolidate
         blue: consolidate",
        silk_and_11_000_yen()
    ));
    assert_eq!(g.players[0].factories[0].unwrap().machine, 2);
    begin(&mut g, &d, Action::Machinery);
    assert!(rejected_now(&mut g, &d, "improve silk").contains("already +2"));
    // NIP-MACH-6: no step moves or removes an installed machine.
    assert!(legal(&g, &d, g.current).iter().all(|s| !s.contains("silk")));
}

// NIP-MACH-8, NIP-MACH-9
#[test]
fn nip_mach_8_factories_first_then_supply() {
    let d = data();
    let mut g = fresh(&d, 2);
    // why: a factory with one machine takes building and a machinery action
    give_factory(&mut g, &d, 0, "silk", 1, 0);
    begin(&mut g, &d, Action::Machinery);
    assert!(rejected_now(&mut g, &d, "improve supply").contains("can still take"));
    play_all(&mut g, &d, 0, "improve silk; improve supply");
    assert_eq!(g.players[0].machines, 1);
}

// NIP-MACH-10, NIP-MACH-11, NIP-MACH-12
#[test]
fn nip_mach_12_supply_machines_go_on_the_next_factory() {
    let d = data();
    let mut g = fresh(&d, 2);
    // why: machines in supply and factories at chosen levels: several rounds of play
    give_factory(&mut g, &d, 0, "silk", 1, 0);
    g.players[0].yen = 21_000;
    begin(&mut g, &d, Action::Machinery);
    play_all(
        &mut g,
        &d,
        0,
        "improve silk; improve supply; improve supply",
    );
    assert_eq!(g.players[0].yen, 6_000, "15,000 yen");
    assert_eq!(g.players[0].machines, 2);
    play(&mut g, &d, 1, "consolidate");
    // why: above
    g.players[0].tracks[2] = 1;
    begin(&mut g, &d, Action::Factory);
    play_now(&mut g, &d, "build paper");
    assert_eq!(g.players[0].factories[gi(&d, "paper")].unwrap().machine, 2);
    assert_eq!(g.players[0].machines, 0, "the other machine is discarded");
    // With a single machine in supply it goes on as +1.
    let mut g = fresh(&d, 2);
    // why: above
    g.players[0].machines = 1;
    g.players[0].tracks[2] = 1;
    begin(&mut g, &d, Action::Factory);
    play_now(&mut g, &d, "build silk");
    assert_eq!(g.players[0].factories[0].unwrap().machine, 1);
}

// ---- Produce goods ----

// NIP-PROD-1, NIP-PROD-2, NIP-PROD-5
#[test]
fn nip_prod_1_run_one_to_three_factories_once_each() {
    let d = data();
    let mut g = fresh(&d, 2);
    for f in ["silk", "paper", "bento", "lenses"] {
        // why: three factories and 20 coal: a long game's building and mining
        give_factory(&mut g, &d, 0, f, 0, 0);
    }
    // why: above
    g.players[0].coal = 20;
    begin(&mut g, &d, Action::Produce);
    play_now(&mut g, &d, "run silk");
    assert!(rejected_now(&mut g, &d, "run silk").contains("already ran"));
    let a = play_all(&mut g, &d, 0, "run paper; run bento");
    assert!(a.turn_ended, "three factories at most");
    assert_eq!(g.players[0].coal, 20 - 2 - 2 - 3);
}

// NIP-PROD-2, NIP-PROD-3
#[test]
fn nip_prod_2_coal_and_storage_needed() {
    let d = data();
    let mut g = fresh(&d, 2);
    // why: factories with chosen goods and coal: many rounds of building and producing
    give_factory(&mut g, &d, 0, "bento", 0, 0);
    give_factory(&mut g, &d, 0, "silk", 0, 4);
    g.players[0].coal = 2;
    give_factory(&mut g, &d, 0, "paper", 0, 0);
    begin(&mut g, &d, Action::Produce);
    assert!(rejected_now(&mut g, &d, "run bento").contains("needs 3 coal"));
    assert!(rejected_now(&mut g, &d, "run silk").contains("full"));
    play_now(&mut g, &d, "run paper");
}

// NIP-PROD-4, NIP-PROD-6
#[test]
fn nip_prod_6_machine_bonus_limited_by_storage() {
    let d = data();
    let mut g = fresh(&d, 2);
    // why: factories with machines and goods at chosen counts: many rounds of play
    give_factory(&mut g, &d, 0, "silk", 2, 2);
    g.players[0].coal = 2;
    begin(&mut g, &d, Action::Produce);
    play_now(&mut g, &d, "run silk");
    assert_eq!(g.players[0].coal, 0, "2 coal");
    assert_eq!(
        g.players[0].factories[0].unwrap().goods,
        4,
        "3 made, room for 2"
    );
    // With room, +1 gives 2 goods.
    let mut g = fresh(&d, 2);
    // why: above
    give_factory(&mut g, &d, 0, "paper", 1, 0);
    begin(&mut g, &d, Action::Produce);
    play_now(&mut g, &d, "run paper");
    assert_eq!(g.players[0].factories[1].unwrap().goods, 2);
}

// NIP-MACH-2: a machine costs 5,000 yen: exactly that much is enough.
#[test]
fn nip_mach_2_exactly_the_price_of_a_machine_is_enough() {
    let d = data();
    assert_eq!(d.cost_machine, 5_000);
    let mut g = fresh(&d, 2);
    // why: purses of 4,999 and 5,000 yen exactly: only by hand
    give_factory(&mut g, &d, 0, "silk", 0, 0);
    g.players[0].yen = 4_999;
    // why: with 4,999 yen neither action of slot 1 can be completed, so the rules refuse
    // the take; the refusal inside the action is the point
    in_action(&mut g, &d, Action::Machinery);
    assert!(rejected_now(&mut g, &d, "improve silk").contains("a machine costs 5,000 yen"));
    // why: above
    g.players[0].yen = 5_000;
    play_now(&mut g, &d, "improve silk");
    assert_eq!(g.players[0].yen, 0);
}

/// A refusal names its reason and only steps that are legal now: in a produce action with
/// nothing run yet, `done` is not legal and must not be offered.
#[test]
fn nip_prod_refusal_names_only_legal_steps() {
    let d = data();
    let mut g = position(SILK_BUILT);
    begin(&mut g, &d, Action::Produce);
    let e = g.check(&d, 0, &Step::Consolidate).unwrap_err().reason;
    assert!(!e.contains("`done`"), "done is not legal yet: {e}");
    assert!(e.contains("`run silk`"), "names the legal step: {e}");
    let legal = legal(&g, &d, 0);
    for step in e.split('`').skip(1).step_by(2) {
        if !step.contains('<') {
            assert!(legal.contains(&step.to_string()), "`{step}` is legal: {e}");
        }
    }
}
