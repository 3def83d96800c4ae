//! Nippon tests of export (NIP-EXP), mirroring `rules/export.rs`.

use super::*;

// ---- Export ----

// NIP-EXP-1, NIP-EXP-2, NIP-EXP-3, NIP-EXP-5, NIP-EXP-6, NIP-EXP-7, NIP-EXP-8, NIP-EXP-9
#[test]
fn nip_exp_5_contract_paid_from_different_factories() {
    let d = data();
    assert_eq!(d.contracts[1].needs, [2, 1]);
    let mut g = fresh(&d, 2);
    // why: factories holding goods take factory, produce and the others' turns for each; the export
    // is the point
    give_factory(&mut g, &d, 0, "silk", 0, 3);
    give_factory(&mut g, &d, 0, "paper", 0, 1);
    begin(&mut g, &d, Action::Export);
    play_now(&mut g, &d, "contract 2");
    assert!(rejected_now(&mut g, &d, "pay paper 2").contains("holds 1"));
    play_now(&mut g, &d, "pay silk 2");
    assert!(rejected_now(&mut g, &d, "pay silk 1").contains("different factory"));
    play_now(&mut g, &d, "pay paper 1");
    let p = &g.players[0];
    assert_eq!(p.factories[0].unwrap().goods, 1);
    assert_eq!(p.factories[1].unwrap().goods, 0);
    assert_eq!(p.yen, 12_000 + 6_000, "bonus 6,000 yen");
    assert_eq!(p.tracks[0], 1, "money +1");
    assert!(p.fulfilled[1], "face down");
    // NIP-EXP-8: it cannot be fulfilled again (nor any other contract now: the action
    // ended by itself).
    let e = crate::engine::Forbid::rule_error(g.can_contract(&d, 0, 2).unwrap_err(), &d);
    assert!(e.reason.contains("already fulfilled"), "{e}");
    assert_eq!(g.current, 1);
}

// NIP-EXP-4
#[test]
fn nip_exp_4_a_contract_is_paid_all_at_once() {
    let d = data();
    let mut g = fresh(&d, 2);
    // Contract 4 (2+2) with 2 silk and 1 paper cannot start.
    // why: factories holding goods take factory, produce and the others' turns for each
    give_factory(&mut g, &d, 0, "silk", 0, 2);
    give_factory(&mut g, &d, 0, "paper", 0, 1);
    give_factory(&mut g, &d, 0, "bento", 0, 1);
    begin(&mut g, &d, Action::Export);
    let why = rejected_now(&mut g, &d, "contract 4");
    assert!(
        why.contains("contract 4 needs 2+2 from different factories") && why.contains("cannot pay"),
        "{why}"
    );
    // Contract 2 (2+1): paying the 1 from silk would leave no 2: refused.
    play_now(&mut g, &d, "contract 2");
    assert!(rejected_now(&mut g, &d, "pay silk 1").contains("all at once"));
    assert!(rejected_now(&mut g, &d, "done").contains("finish contract 2"));
}

// NIP-EXP-1: at most 3 contracts, `done` after one.
#[test]
fn nip_exp_1_one_to_three_contracts() {
    let d = data();
    let mut g = fresh(&d, 2);
    for f in ["silk", "paper", "bento", "lenses"] {
        // why: a factory of every good with 4 goods: a whole game's building
        give_factory(&mut g, &d, 0, f, 0, 4);
    }
    // why: above
    begin(&mut g, &d, Action::Export);
    assert!(rejected_now(&mut g, &d, "done").contains("at least one"));
    play_all(&mut g, &d, 0, "contract 1; pay silk 1; pay paper 1");
    play_all(
        &mut g,
        &d,
        0,
        "contract 3; pay silk 1; pay paper 1; pay bento 1",
    );
    let a = play_all(&mut g, &d, 0, "contract 2; pay lenses 2; pay bento 1");
    assert!(a.turn_ended);
}

// NIP-EXP-4, NIP-EXP-5: while a contract is being paid, the check that the rest can still
// be paid leaves out every factory already used for it, not only the one paying now.
#[test]
fn nip_exp_4_the_rest_of_a_contract_cannot_count_on_a_factory_already_used() {
    let d = data();
    assert_eq!(d.contracts[5].needs, [2, 2, 1]);
    let mut g = fresh(&d, 2);
    // why: three factories holding goods: many rounds of building and producing
    give_factory(&mut g, &d, 0, "silk", 0, 4);
    give_factory(&mut g, &d, 0, "paper", 0, 2);
    give_factory(&mut g, &d, 0, "bento", 0, 1);
    begin(&mut g, &d, Action::Export);
    play_now(&mut g, &d, "contract 6");
    play_now(&mut g, &d, "pay silk 2");
    // Paper for the 1 would leave a 2 that only silk (used) could still pay.
    assert!(rejected_now(&mut g, &d, "pay paper 1").contains("could not be paid"));
    play_now(&mut g, &d, "pay paper 2");
    play_now(&mut g, &d, "pay bento 1");
    assert!(g.players[0].fulfilled[5]);
    assert_eq!(g.players[0].factories[gi(&d, "silk")].unwrap().goods, 2);
}

// NIP-SETUP-2: each player has the 8 contracts, numbered 1 to 8: the last one can be
// picked like the others, and numbers outside 1 to 8 are refused by name.
#[test]
fn nip_exp_2_every_one_of_the_eight_contracts_can_be_picked() {
    let d = data();
    assert_eq!(d.contracts.len(), 8);
    let mut g = fresh(&d, 2);
    for f in ["silk", "paper", "bento", "lenses"] {
        // why: a factory of every good with 4 goods: a whole game's building
        give_factory(&mut g, &d, 0, f, 0, 4);
    }
    // why: above
    begin(&mut g, &d, Action::Export);
    for bad in ["contract 0", "contract 9"] {
        let why = rejected_now(&mut g, &d, bad);
        assert!(why.contains("`contract 1`"), "{bad}: {why}");
    }
    // The same steps built directly (a replay file, a hand-made step) get the rule's
    // reason.
    for k in [0, 9] {
        let mut c = g.clone();
        let e = refused_step(&mut c, &d, 0, &Step::Contract(k)).to_string();
        assert!(e.contains("numbered 1 to 8"), "contract {k}: {e}");
        assert_eq!(c, g);
    }
    // Contract 8 needs 2+2+1+1.
    assert_eq!(d.contracts[7].needs, [2, 2, 1, 1]);
    assert!(legal(&g, &d, g.current).iter().any(|s| s == "contract 8"));
    play_now(&mut g, &d, "contract 8");
}
