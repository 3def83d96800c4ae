//! Nippon tests of export (NIP-EXP), mirroring `rules/export.rs`.

use super::*;

// ---- Export ----

// NIP-EXP-1, NIP-EXP-2, NIP-EXP-3, NIP-EXP-5, NIP-EXP-6, NIP-EXP-7, NIP-EXP-8, NIP-EXP-9
#[test]
fn nip_exp_5_contract_paid_from_different_factories() {
    let d = data();
    assert_eq!(d.contracts[1].needs, [2, 1]);
    // Played on (goods made) until an export action begins where a contract of two goods
    // or more can be taken.
    let open = |g: &Nippon| -> Option<usize> {
        let l = legal(g, &d, g.current);
        l.iter()
            .filter_map(|t| t.strip_prefix("contract ")?.parse::<usize>().ok())
            .find(|&k| d.contracts[k - 1].needs.len() >= 2)
    };
    let mut g = steered(2, industry, |g| export_begun(g) && open(g).is_some());
    let (s, k) = (g.current, open(&g).unwrap());
    let (yen, money) = (g.players[s].yen, g.players[s].tracks[0]);
    play_now(&mut g, &d, &format!("contract {k}"));
    let first = legal(&g, &d, s)
        .into_iter()
        .find(|t| t.starts_with("pay"))
        .unwrap();
    play_now(&mut g, &d, &first);
    let good = first.split(' ').nth(1).unwrap();
    assert!(rejected_now(&mut g, &d, &format!("pay {good} 1")).contains("different factory"));
    while let Stage::Export { open: Some(_), .. } = g.stage {
        let pay = legal(&g, &d, s)
            .into_iter()
            .find(|t| t.starts_with("pay"))
            .unwrap();
        play_now(&mut g, &d, &pay);
    }
    let c = &d.contracts[k - 1];
    let p = &g.players[s];
    assert!(p.fulfilled[k - 1], "face down");
    let top = d.tracks[0].top();
    assert_eq!(
        p.tracks[0],
        (money + c.money_steps as usize).min(top),
        "money steps"
    );
    if let Bonus::Yen(bonus) = c.bonus {
        assert_eq!(p.yen, yen + bonus, "the yen bonus");
    }
    // NIP-EXP-8: it cannot be fulfilled again.
    let e = crate::engine::Forbid::rule_error(g.can_contract(&d, s, k as u8).unwrap_err(), &d);
    assert!(e.reason.contains("already fulfilled"), "{e}");
}

// NIP-EXP-4
#[test]
fn nip_exp_4_a_contract_is_paid_all_at_once() {
    let d = data();
    // Played on until an export action begins where a contract is refused as one that
    // cannot be paid with the goods held (each from a different factory).
    let unpaid = |g: &Nippon| {
        (1..=8u8).find(|&k| {
            let e = g.check(&d, g.current, &Step::Contract(k));
            e.is_err_and(|e| e.to_string().contains("cannot pay"))
        })
    };
    let mut g = steered(2, industry, |g| export_begun(g) && unpaid(g).is_some());
    let k = unpaid(&g).unwrap();
    let why = rejected_now(&mut g, &d, &format!("contract {k}"));
    assert!(
        why.contains("from different factories") && why.contains("cannot pay"),
        "{why}"
    );
    // Under way, a payment that would leave the rest unpayable is refused, and so is `done`.
    let short = |g: &Nippon| {
        (0..d.goods.len() as u8)
            .flat_map(|good| (1..=2).map(move |cubes| Step::Pay { good, cubes }))
            .find(|p| {
                let e = g.check(&d, g.current, p);
                e.is_err_and(|e| e.to_string().contains("all at once"))
            })
    };
    let mut g = steered(2, industry, |g| {
        matches!(g.stage, Stage::Export { open: Some(_), .. }) && short(g).is_some()
    });
    let pay = Nippon::format_step(&d, &short(&g).unwrap());
    assert!(rejected_now(&mut g, &d, &pay).contains("all at once"));
    assert!(rejected_now(&mut g, &d, "done").contains("finish contract"));
}

// NIP-EXP-1: at most 3 contracts, `done` after one.
#[test]
fn nip_exp_1_one_to_three_contracts() {
    let d = data();
    let mut g = fresh(&d, 2);
    for f in ["silk", "paper", "bento", "lenses"] {
        // why: GOODS (mod.rs): a factory of every good with 4 goods
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
    // why: GOODS (mod.rs): three factories holding 4, 2 and 1 goods
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
        // why: GOODS (mod.rs): a factory of every good with 4 goods
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
