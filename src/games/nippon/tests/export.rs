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

/// Steering that stocks goods: factories built and run first, consolidating with 3
/// workers or more; an export begun only with 3 factories or more holding 8 goods or more.
fn stocker(g: &Nippon, s: Seat, t: &str) -> i32 {
    let p = &g.players[s];
    match t {
        "do export" => {
            let held = p.factories.iter().flatten();
            let (n, goods) = held.fold((0, 0), |(n, x), f| (n + 1, x + u32::from(f.goods)));
            if n >= 3 && goods >= 8 {
                20
            } else {
                -1
            }
        }
        "consolidate" => i32::from(p.workers.len() >= 3) * 5,
        _ => by(
            &[
                "run",
                "build",
                "do produce",
                "do factory",
                "up",
                "do knowledge",
                "take",
            ],
            t,
        ),
    }
}

/// In an export action, the seat to play fulfils the first contract it may take, paying
/// each requirement with the first payment accepted: the step that closed it, or None when
/// no contract may be taken.
fn fulfil_first(g: &mut Nippon, d: &NipponData) -> Option<crate::engine::Applied> {
    let s = g.current;
    let k = legal(g, d, s)
        .into_iter()
        .find(|t| t.starts_with("contract "))?;
    let mut a = play(g, d, s, &k);
    while let Stage::Export { open: Some(_), .. } = g.stage {
        let pay = legal(g, d, s).into_iter().find(|t| t.starts_with("pay "))?;
        a = play(g, d, s, &pay);
    }
    Some(a)
}

/// At the start of an export action: can the seat to play fulfil three contracts in a row
/// ([`fulfil_first`] three times, on a copy)?
fn three_in_a_row(g: &Nippon, d: &NipponData) -> bool {
    let mut c = g.clone();
    (0..3).all(|_| c.current == g.current && fulfil_first(&mut c, d).is_some())
}

// NIP-EXP-1: at most 3 contracts, `done` after one.
#[test]
fn nip_exp_1_one_to_three_contracts() {
    let d = data();
    // Goods stocked until an export action begins where three contracts can be fulfilled.
    let mut g = steered(2, stocker, |g| export_begun(g) && three_in_a_row(g, &d));
    let s = g.current;
    assert!(rejected_now(&mut g, &d, "done").contains("at least one"));
    for i in 1..=3 {
        let a = fulfil_first(&mut g, &d).expect("a contract to fulfil");
        assert_eq!(a.turn_ended, i == 3, "contract {i}");
        if i < 3 {
            assert_eq!(g.current, s);
            assert!(
                legal(&g, &d, s).contains(&"done".to_string()),
                "`done` after one"
            );
        }
    }
}

/// Can requirements `needs` be paid from these stocks, each from a different one?
fn payable(needs: &[u8], stock: &[u8]) -> bool {
    let Some((&first, rest)) = needs.split_first() else {
        return true;
    };
    (0..stock.len()).any(|i| {
        let mut left = stock.to_vec();
        left[i] = 0;
        stock[i] >= first && payable(rest, &left)
    })
}

/// In a contract under way: a payment `pay <good> <cubes>` from a factory not used yet that
/// would leave the rest payable only with the goods still in the factories already used.
fn counts_on_a_used_factory(g: &Nippon, d: &NipponData) -> Option<String> {
    let Stage::Export { open: Some(o), .. } = &g.stage else {
        return None;
    };
    let s = g.current;
    let stock: Vec<u8> = (0..d.goods.len())
        .map(|i| g.players[s].factories[i].map_or(0, |f| f.goods))
        .collect();
    for good in (0..d.goods.len()).filter(|&i| !o.used.contains(&(i as u8))) {
        for (j, &cubes) in o.remaining.iter().enumerate() {
            if stock[good] < cubes {
                continue;
            }
            let mut rest = o.remaining.clone();
            rest.remove(j);
            let mut with_used = stock.clone();
            with_used[good] = 0;
            let mut without = with_used.clone();
            for &u in &o.used {
                without[u as usize] = 0;
            }
            if payable(&rest, &with_used) && !payable(&rest, &without) {
                return Some(format!("pay {} {cubes}", d.goods[good].name));
            }
        }
    }
    None
}

/// At the start of an export action: a contract and a first payment after which a payment
/// [`counts_on_a_used_factory`] (on a copy): the three steps.
fn used_factory_case(g: &Nippon, d: &NipponData) -> Option<[String; 3]> {
    let s = g.current;
    for k in legal(g, d, s)
        .into_iter()
        .filter(|t| t.starts_with("contract "))
    {
        let mut c = g.clone();
        play(&mut c, d, s, &k);
        for first in legal(&c, d, s)
            .into_iter()
            .filter(|t| t.starts_with("pay "))
        {
            let mut e = c.clone();
            play(&mut e, d, s, &first);
            if let Some(bad) = counts_on_a_used_factory(&e, d) {
                return Some([k, first, bad]);
            }
        }
    }
    None
}

// NIP-EXP-4, NIP-EXP-5: while a contract is being paid, the check that the rest can still
// be paid leaves out every factory already used for it, not only the one paying now.
#[test]
fn nip_exp_4_the_rest_of_a_contract_cannot_count_on_a_factory_already_used() {
    let d = data();
    // Goods stocked until an export action begins where, a contract taken and its first
    // requirement paid, a payment would leave the rest payable only from that first factory.
    let mut g = steered(2, stocker, |g| {
        export_begun(g) && used_factory_case(g, &d).is_some()
    });
    let [k, first, bad] = used_factory_case(&g, &d).unwrap();
    let s = g.current;
    play_now(&mut g, &d, &k);
    play_now(&mut g, &d, &first);
    assert!(
        rejected_now(&mut g, &d, &bad).contains("could not be paid"),
        "{bad}"
    );
    let a = fulfil_first_open(&mut g, &d);
    let n: usize = k["contract ".len()..].parse().unwrap();
    assert!(g.players[s].fulfilled[n - 1], "{a:?}");
}

/// Pay the open contract to its end with the first payments accepted.
fn fulfil_first_open(g: &mut Nippon, d: &NipponData) -> Vec<String> {
    let s = g.current;
    let mut paid = Vec::new();
    while let Stage::Export { open: Some(_), .. } = g.stage {
        let pay = legal(g, d, s)
            .into_iter()
            .find(|t| t.starts_with("pay "))
            .expect("the rest is payable");
        play(g, d, s, &pay);
        paid.push(pay);
    }
    paid
}

// NIP-SETUP-2: each player has the 8 contracts, numbered 1 to 8: the last one can be
// picked like the others, and numbers outside 1 to 8 are refused by name.
#[test]
fn nip_exp_2_every_one_of_the_eight_contracts_can_be_picked() {
    let d = data();
    assert_eq!(d.contracts.len(), 8);
    // Contract 8 needs 2+2+1+1: goods stocked until an export action begins where it may
    // be taken, and contract 1 too.
    assert_eq!(d.contracts[7].needs, [2, 2, 1, 1]);
    let may = |g: &Nippon, k| g.check(&d, g.current, &Step::Contract(k)).is_ok();
    let mut g = steered(2, stocker, |g| export_begun(g) && may(g, 1) && may(g, 8));
    for bad in ["contract 0", "contract 9"] {
        let why = rejected_now(&mut g, &d, bad);
        assert!(why.contains("`contract 1`"), "{bad}: {why}");
    }
    // The same steps built directly (a replay file, a hand-made step) get the rule's
    // reason.
    for k in [0, 9] {
        let mut c = g.clone();
        let e = refused_step(&mut c, &d, g.current, &Step::Contract(k)).to_string();
        assert!(e.contains("numbered 1 to 8"), "contract {k}: {e}");
        assert_eq!(c, g);
    }
    assert!(legal(&g, &d, g.current).iter().any(|s| s == "contract 8"));
    play_now(&mut g, &d, "contract 8");
}
