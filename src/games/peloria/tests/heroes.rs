//! Peloria tests of the Call to Heroes (PEL-HERO), mirroring `rules/heroes.rs`.

use super::*;

// ==== The Call to Heroes ====

// PEL-HERO-1: a sealed bid may be taken back (`unseal`) and changed until every bid is
// sealed; `unseal` without a sealed bid is refused.
#[test]
fn pel_hero_1_a_sealed_bid_can_be_taken_back_before_the_reveal() {
    let d = data();
    let mut g = heroes_game(&d);
    let e = g.legality(&d, 0, &Step::Unseal).unwrap_err().to_string();
    assert!(e.contains("not sealed"), "{e}");
    play(&mut g, &d, 0, "bid Pelorians 4");
    play(&mut g, &d, 0, "seal");
    assert!(g.legality(&d, 0, &Step::Unseal).is_ok());
    let a = play(&mut g, &d, 0, "unseal");
    assert!(a.secret);
    assert!(!g.bids.is_sealed(0));
    play(&mut g, &d, 0, "bid Pelorians 2");
    play(&mut g, &d, 0, "seal");
    for seat in 1..4 {
        play(&mut g, &d, seat, "seal");
    }
    assert_eq!(g.phase, Phase::Removals);
    let r = g.heroes.clone().expect("revealed");
    let pelorians = r.bids[0].iter().find(|b| b.0 == nat(&d, "Pelorians"));
    assert_eq!(
        pelorians,
        Some(&(nat(&d, "Pelorians"), 2)),
        "{:?}",
        r.bids[0]
    );
}

// PEL-HERO-5: each revealed line counts only its own player's units to remove, names only
// that player's nations, and notes a cap only where a bid was cut.
#[test]
fn pel_hero_5_each_reveal_line_counts_its_own_players_units() {
    let d = data();
    let mut g = heroes_game(&d);
    play(&mut g, &d, 0, "bid Pelorians 5");
    play(&mut g, &d, 1, "bid YOUF 1");
    let mut lines = Vec::new();
    for seat in 0..4 {
        let a = play(&mut g, &d, seat, "seal");
        lines.extend(a.events.into_iter().map(|e| e.text.to_string()));
    }
    let revealed: Vec<&String> = lines.iter().filter(|l| l.contains("revealed")).collect();
    assert_eq!(revealed.len(), 4, "{lines:?}");
    assert!(
        revealed[0].contains(": 5 units to remove."),
        "{}",
        revealed[0]
    );
    assert!(
        revealed[1].contains(": 1 unit to remove."),
        "{}",
        revealed[1]
    );
    for l in &revealed[2..] {
        assert!(l.contains(": 0 units to remove."), "{l}");
    }
    assert!(
        !lines.iter().any(|l| l.contains("Capped")),
        "a bid of exactly the removable units is not capped: {lines:?}"
    );
    let r = g.heroes.clone().expect("revealed");
    for (seat, bids) in r.bids.iter().enumerate() {
        for &(n, _) in bids {
            assert_eq!(d.nations[n].player, seat, "{}", d.nations[n].name);
            assert!(d.heroes[n], "{}", d.nations[n].name);
        }
    }
}

// PEL-HERO-5, PEL-HERO-6, PEL-HERO-7, PEL-HERO-8, PEL-HERO-9
#[test]
fn pel_hero_1_after_round_13_every_player_bids_in_secret() {
    let d = data();
    let mut g = heroes_game(&d);
    assert_eq!(g.phase, Phase::Bids);
    assert_eq!(g.status().acting(), &[0, 1, 2, 3]);
    let a = play_now(&mut g, &d, "bid Pelorians 4");
    assert!(a.secret);
    let mine = serde_json::to_string(&g.view(&d, Viewer::Seat(0))).unwrap();
    let theirs = serde_json::to_string(&g.view(&d, Viewer::Seat(1))).unwrap();
    assert!(mine.contains("Pelorians 4"));
    assert!(!theirs.contains("Pelorians 4") && !theirs.contains("Pelorians 0"));
    let c = play_now(&mut g, &d, "seal");
    assert!(c.events.iter().any(|e| e.text.contains("commitment")));
    let e = g.legality(&d, 0, &Step::Seal).unwrap_err().to_string();
    assert!(e.contains("already sealed"), "{e}");
    play_now(&mut g, &d, "bid YOUF 3");
    play_now(&mut g, &d, "seal");
    play_now(&mut g, &d, "bid Theyalans 2");
    play_now(&mut g, &d, "seal");
    play_now(&mut g, &d, "bid Soldiers 1");
    play_now(&mut g, &d, "seal");
    // PEL-HERO-5: revealed; the owners now pick the units; no award before the last one.
    assert_eq!(g.phase, Phase::Removals);
    assert_eq!(g.player_vp, vec![0, 0, 0, 0]);
    remove_all(&mut g, &d);
    let r = g.heroes.clone().expect("revealed");
    assert_eq!(r.removed, vec![4, 3, 2, 1]);
    assert_eq!(r.awards, vec![10, 20, 2, 0]);
    assert_eq!(g.player_vp, vec![10, 20, 2, 0]);
    assert_eq!(g.on_board(nat(&d, "Pelorians")), 1);
    for s in 0..4 {
        let text = super::rules::bid_text_of(&d, s, &{
            let mut v = vec![0u8; NATIONS];
            for &(n, b) in &r.bids[s] {
                v[n] = b;
            }
            v
        });
        assert!(crate::engine::sealed::commitment(&r.seals[s].1, &text) == r.seals[s].0);
    }
    assert_eq!(g.round, 14);
}

#[test]
fn pel_hero_2_only_the_listed_nations_may_bid() {
    let d = data();
    let mut g = heroes_game(&d);
    for n in ["Aldryami", "Telmori", "Digijelm"] {
        assert!(!d.heroes[nat(&d, n)], "{n}");
    }
    assert_eq!(d.heroes.iter().filter(|&&h| h).count(), 13);
    let e = g
        .legality(
            &d,
            1,
            &Step::Bid {
                nation: nat(&d, "Aldryami"),
                units: 1,
            },
        )
        .unwrap_err();
    assert!(e.reason.contains("do not answer"), "{e}");
    assert!(
        g.legality(
            &d,
            0,
            &Step::Bid {
                nation: nat(&d, "YOUF"),
                units: 1
            }
        )
        .is_err(),
        "not your nation"
    );
    play_now(&mut g, &d, "bid Pelorians 5");
    assert!(
        g.legality(
            &d,
            0,
            &Step::Bid {
                nation: nat(&d, "Pelorians"),
                units: 6
            }
        )
        .is_err(),
        "only 5 units"
    );
}

#[test]
fn pel_hero_3_units_in_ralios_and_karia_cannot_be_removed() {
    let d = data();
    let g = heroes_game(&d);
    // The Soldiers' unit in Karia may not go: two of their three may.
    let so = nat(&d, "Soldiers");
    assert_eq!((g.on_board(so), g.removable(&d, so)), (3, 2));
    assert!(g
        .legality(
            &d,
            3,
            &Step::Bid {
                nation: so,
                units: 3
            }
        )
        .is_err());
}

#[test]
fn pel_hero_4_youf_removed_count_as_leaving_by_dragon_pass() {
    let d = data();
    let mut g = heroes_game(&d);
    for (bid, seat) in [("bid Pelorians 0", 0), ("bid YOUF 2", 1)] {
        assert_eq!(first_acting(&g), seat);
        play_now(&mut g, &d, bid);
        play_now(&mut g, &d, "seal");
    }
    play_now(&mut g, &d, "seal");
    play_now(&mut g, &d, "seal");
    let y = nat(&d, "YOUF");
    let (vp, exited) = (g.vp[y], g.exited[y]);
    assert_eq!(g.status().acting(), &[1], "only Bo owes units");
    play_now(&mut g, &d, "remove YOUF Dragon-Pass");
    assert_eq!(g.vp[y], vp, "counted after the last removal");
    play_now(&mut g, &d, "remove YOUF Aggar");
    assert_eq!(g.vp[y], vp + 2 * 3, "3 VP per YOUF unit leaving");
    assert_eq!(g.exited[y], exited + 2);
}

/// Play every owed Call to Heroes removal with each acting seat's default step.
fn remove_all(g: &mut Peloria, d: &PeloriaData) {
    while g.phase == Phase::Removals && !g.prompts.is_empty() {
        let s = first_acting(g);
        let st = g.default_step(d, s).expect("a removal");
        assert!(matches!(st, Step::Hero { .. }), "{st:?}");
        g.apply(d, s, &st).unwrap();
    }
}

/// The heroes game with every bid sealed: Ann (Pelorians) `ann`, Bo (YOUF) `bo`, the
/// others 0.
fn revealed(d: &PeloriaData, ann: u8, bo: u8) -> Peloria {
    let mut g = heroes_game(d);
    play_now(&mut g, d, &format!("bid Pelorians {ann}"));
    play_now(&mut g, d, "seal");
    play_now(&mut g, d, &format!("bid YOUF {bo}"));
    play_now(&mut g, d, "seal");
    play_now(&mut g, d, "seal");
    play_now(&mut g, d, "seal");
    g
}

// PEL-HERO-1: the units are the player's choice: removing from a small stack leaves the
// large one whole.
#[test]
fn pel_hero_5_the_owner_picks_which_units_are_removed() {
    let d = data();
    let mut g = heroes_game(&d);
    play_now(&mut g, &d, "bid Pelorians 2");
    play_now(&mut g, &d, "seal");
    for _ in 0..3 {
        play_now(&mut g, &d, "seal");
    }
    assert_eq!(g.phase, Phase::Removals);
    assert_eq!(g.status().acting(), &[0]);
    let legal: Vec<String> = g
        .legal_steps(&d, 0)
        .iter()
        .map(|s| Peloria::format_step(&d, s))
        .collect();
    assert_eq!(
        legal,
        vec![
            "remove Pelorians Far-Point infantry",
            "remove Pelorians Rinliddi infantry",
            "remove Pelorians Nivorah infantry"
        ]
    );
    let a = play_now(&mut g, &d, "remove pel niv inf");
    assert!(!a.turn_ended, "one more to go");
    assert_eq!(cnt(&g, &d, "Pelorians", "Nivorah"), 0);
    let a = play_now(&mut g, &d, "remove Pelorians Rinliddi");
    assert!(a.turn_ended, "Ann's part is over");
    assert_eq!(cnt(&g, &d, "Pelorians", "Rinliddi"), 0);
    assert_eq!(
        cnt(&g, &d, "Pelorians", "Far-Point"),
        3,
        "the large stack is intact"
    );
    assert_eq!(g.round, 14);
    assert_eq!(g.heroes.as_ref().unwrap().removed, vec![2, 0, 0, 0]);
    assert_eq!(
        g.player_vp,
        vec![2, 2, 2, 2],
        "the sole remover wins the 2 removed; the three tied below get 2 (PEL-HERO-14)"
    );
}

// PEL-HERO-5: every player owing units acts at once, each on their own nations only; the
// kind may be left out only when one kind is there.
#[test]
fn pel_hero_5_all_owing_players_remove_at_once_each_their_own() {
    let d = data();
    // The kind may be left out only where one kind stands: real play stopped as the Call
    // to Heroes opens with a nation that may bid holding two kinds in one area it may
    // send units from; that nation bids 1, the others nothing.
    let (mut g, (n, a)) = found(&d, "two kinds in a heroes area", any_step, |g| {
        if g.phase != Phase::Bids {
            return None;
        }
        (0..NATIONS).filter(|&n| d.heroes[n]).find_map(|n| {
            let a = (g.held(&d, n).into_iter())
                .find(|&a| !d.heroes_excluded[a] && kinds_in(g, n, a).len() >= 2)?;
            Some((n, a))
        })
    });
    let owner = d.nations[n].player;
    play(&mut g, &d, owner, &format!("bid {} 1", d.nations[n].name));
    for seat in 0..4 {
        play(&mut g, &d, seat, "seal");
    }
    let plain = format!("remove {} {}", d.nations[n].name, name(&d, a));
    let e = rejected_now(&mut g, &d, &plain);
    assert!(
        kinds_in(&g, n, a)
            .iter()
            .any(|k| e.contains(&format!("{plain} {}", k.name()))),
        "{e}"
    );
    // Seed 0's Call to Heroes: Ann (Pelorians) and Bo (YOUF) owe one unit each.
    let mut g = revealed(&d, 1, 1);
    assert_eq!(g.status().acting(), &[0, 1]);
    let (youf, dp) = (nat(&d, "YOUF"), ar(&d, "Dragon-Pass"));
    let youf_there = Step::Hero {
        nation: youf,
        area: dp,
        kind: kinds_in(&g, youf, dp)[0],
    };
    let e = g.legality(&d, 0, &youf_there).unwrap_err();
    assert!(e.reason.contains("not yours"), "{e}");
    // As the player reads it (`check` names the players).
    let th = nat(&d, "Theyalans");
    let a = g.held(&d, th)[0];
    let e = g
        .check(
            &d,
            2,
            &Step::Hero {
                nation: th,
                area: a,
                kind: kinds_in(&g, th, a)[0],
            },
        )
        .unwrap_err();
    assert!(e.reason.contains("waiting for Ann, Bo"), "{e}");
    // Bo goes first: the order does not matter.
    let a = g.apply(&d, 1, &youf_there).unwrap();
    assert!(a.turn_ended);
    assert_eq!(g.status().acting(), &[0]);
    assert!(g.legal_steps(&d, 1).is_empty());
    assert_eq!(
        g.player_vp,
        vec![0, 0, 0, 0],
        "no award before the last removal"
    );
    play_now(&mut g, &d, "remove Pelorians Nivorah infantry");
    assert_eq!(cnt(&g, &d, "Pelorians", "Far-Point"), 3);
    assert_eq!(g.heroes.as_ref().unwrap().removed, vec![1, 1, 0, 0]);
    assert_eq!(g.player_vp, vec![20, 20, 0, 0], "two tied first");
    assert_eq!(g.round, 14);
}

// PEL-HERO-3 at the removal: Karia's units are never offered nor accepted.
#[test]
fn pel_hero_3_removals_refuse_ralios_and_karia() {
    let d = data();
    let mut g = heroes_game(&d);
    for t in ["seal", "seal", "seal", "bid Soldiers 1", "seal"] {
        play_now(&mut g, &d, t);
    }
    assert_eq!(g.status().acting(), &[3]);
    let so = nat(&d, "Soldiers");
    let karia = ar(&d, "Karia");
    let k = kinds_in(&g, so, karia)[0];
    let e = rejected_now(&mut g, &d, &format!("remove Soldiers Karia {}", k.name()));
    assert!(e.contains("Karia cannot answer"), "{e}");
    let legal = g.legal_steps(&d, 3);
    let others: Vec<Step> = ["Sanken", "Vanch"]
        .iter()
        .map(|a| Step::Hero {
            nation: so,
            area: ar(&d, a),
            kind: kinds_in(&g, so, ar(&d, a))[0],
        })
        .collect();
    assert_eq!(legal, others);
    assert!(legal.contains(&g.default_step(&d, 3).unwrap()));
    play_now(&mut g, &d, "remove Soldiers Sanken");
    assert_eq!(g.count(so, karia), 1);
}

// PEL-HERO-5: a bid above the units that may go is capped, and the log says so.
#[test]
fn pel_hero_5_a_bid_above_the_removable_units_is_capped() {
    let d = data();
    let mut g = heroes_game(&d);
    play_now(&mut g, &d, "bid Pelorians 5");
    play_now(&mut g, &d, "seal");
    // Two Pelorian units are gone before the reveal (e.g. a restored older state).
    // why: not reachable in play: a bid above the units a nation could remove is refused
    // when made, and no unit leaves the board between the sealed bids and their reveal; the
    // cap guards a state saved by an older rules version
    let p = nat(&d, "Pelorians") as u8;
    for _ in 0..2 {
        let i = g.units.iter().position(|u| u.nation == p).unwrap();
        g.units.remove(i);
    }
    play_now(&mut g, &d, "seal");
    play_now(&mut g, &d, "seal");
    let a = play_now(&mut g, &d, "seal");
    assert!(
        a.events
            .iter()
            .any(|e| e.text.contains("bid of 5 is capped to 3")),
        "{:?}",
        a.events
    );
    remove_all(&mut g, &d);
    assert_eq!(g.on_board(nat(&d, "Pelorians")), 0);
    assert_eq!(g.heroes.as_ref().unwrap().removed, vec![3, 0, 0, 0]);
}

// The autopilot (resigned seat, deadline) picks a legal removal: the largest stack.
#[test]
fn pel_hero_5_the_default_removal_is_legal_and_from_the_largest_stack() {
    let d = data();
    let mut g = heroes_game(&d);
    play_now(&mut g, &d, "bid Pelorians 1");
    for t in ["seal", "seal", "seal", "seal"] {
        play_now(&mut g, &d, t);
    }
    let st = g.default_step(&d, 0).unwrap();
    assert!(g.legal_steps(&d, 0).contains(&st));
    assert_eq!(
        st,
        Step::Hero {
            nation: nat(&d, "Pelorians"),
            area: ar(&d, "Far-Point"),
            kind: Kind::Infantry
        }
    );
}

// PEL-HERO-6, PEL-HERO-7, PEL-HERO-8, PEL-HERO-9
#[test]
fn pel_hero_10_ties_drop_one_level() {
    assert_eq!(hero_awards(&[4, 3, 2, 1]), vec![10, 20, 2, 0]);
    assert_eq!(hero_awards(&[1, 4, 2, 3]), vec![0, 10, 2, 20]);
}

#[test]
fn pel_hero_11_two_tied_for_first_get_20() {
    assert_eq!(hero_awards(&[5, 5, 2, 1]), vec![20, 20, 2, 0]);
}

#[test]
fn pel_hero_12_two_tied_for_second_get_2_and_so_does_third() {
    assert_eq!(hero_awards(&[6, 3, 3, 1]), vec![13, 2, 2, 2]);
}

#[test]
fn pel_hero_13_all_tied_get_nothing() {
    assert_eq!(hero_awards(&[2, 2, 2, 2]), vec![0, 0, 0, 0]);
    assert_eq!(hero_awards(&[0, 0, 0, 0]), vec![0, 0, 0, 0]);
}

#[test]
fn pel_hero_14_three_tied_below_a_leader_get_2() {
    assert_eq!(hero_awards(&[1, 7, 1, 1]), vec![2, 10, 2, 2]);
}

#[test]
fn pel_hero_15_two_tied_pairs_get_20_and_0() {
    assert_eq!(hero_awards(&[4, 1, 4, 1]), vec![20, 0, 20, 0]);
}

// Readings: the winner's VP count every unit removed; a tie for third takes the last
// level; three tied for first take the second level.
#[test]
fn pel_hero_16_readings_for_the_cases_the_text_leaves_open() {
    assert_eq!(hero_awards(&[9, 5, 1, 1]), vec![16, 20, 0, 0]);
    assert_eq!(hero_awards(&[3, 3, 3, 0]), vec![20, 20, 20, 0]);
}

// PEL-HERO-1: a seat's unsealed draft is its secret: scrambling it changes no other
// viewer's view, text, legal steps or picture.
#[test]
fn pel_hero_1_drafts_are_hidden_from_everyone_else_down_to_the_pixels() {
    let d = data();
    let mut g = heroes_game(&d);
    play_now(&mut g, &d, "bid Pelorians 3");
    let changed = conformance::assert_non_interference(&g, &d, 4, Some(render::render));
    assert!(changed > 0, "the scrambles changed the drafts");
}

// PEL-HERO-1: a sealed bid is its seat's secret until the reveal: a scrambled copy gets
// another bid under the same public commitment (with another salt), and the copy's reveal
// goes on without checking it.
#[test]
fn pel_hero_1_scrambling_a_sealed_bid_redraws_it_under_the_same_commitment() {
    let d = data();
    let mut g = heroes_game(&d);
    play(&mut g, &d, 0, "bid Pelorians 4");
    play(&mut g, &d, 0, "seal");
    let seal = g.bids.seal_of(0).cloned().expect("sealed");
    let copies: Vec<Peloria> = (0..8)
        .map(|salt| g.scramble(&d, Holder::Seat(0), &mut GameRng::new(salt)))
        .collect();
    for c in &copies {
        let other = c.bids.seal_of(0).expect("still sealed");
        assert_eq!(
            other.commitment, seal.commitment,
            "the public commitment stays"
        );
        assert_ne!(other.salt, seal.salt, "the secret salt is redrawn");
    }
    assert!(
        copies.iter().any(|c| c.bids.draft(0) != g.bids.draft(0)),
        "the sealed bid is redrawn"
    );
    let mut c = copies[0].clone();
    for seat in 1..4 {
        play(&mut c, &d, seat, "seal");
    }
    assert_ne!(c.phase, Phase::Bids, "the copy's reveal goes on");
    assert!(c.heroes.is_some());
}

// PEL-HERO-6, PEL-BRIT-2: once the bids are revealed, the evaluation hint counts the awards
// the revealed quotas will pay (a search that stops during the removals sees what bidding
// was worth), the same awards the last removal pays; sealed bids count for nothing.
#[test]
fn pel_hero_6_the_hint_counts_the_awards_of_the_revealed_bids() {
    let d = data();
    let mut g = heroes_game(&d);
    let start = g.hint(&d);
    let gained = |g: &Peloria| -> Vec<i64> {
        let h = g.hint(&d);
        h.iter()
            .zip(&start)
            .map(|(a, b)| (a - b).round() as i64)
            .collect()
    };
    play_now(&mut g, &d, "bid Pelorians 3");
    play_now(&mut g, &d, "seal");
    play_now(&mut g, &d, "bid YOUF 1");
    play_now(&mut g, &d, "seal");
    play_now(&mut g, &d, "seal");
    assert_eq!(
        g.hint(&d),
        start,
        "sealed bids are secret: they count for nothing"
    );
    play_now(&mut g, &d, "seal");
    assert_eq!(g.phase, Phase::Removals);
    let awards = hero_awards(&[3, 1, 0, 0]);
    assert_eq!(awards, vec![4, 20, 0, 0]);
    assert_eq!(gained(&g), awards, "revealed: the awards to come");
    play_now(&mut g, &d, "remove Pelorians Far-Point");
    assert_eq!(g.phase, Phase::Removals);
    assert_eq!(
        gained(&g)[1..],
        awards[1..],
        "a removal made changes no one's award"
    );
    play_now(&mut g, &d, "remove Pelorians Far-Point");
    play_now(&mut g, &d, "remove Pelorians Far-Point");
    play_now(&mut g, &d, "remove YOUF Dragon-Pass");
    assert_eq!(
        g.player_vp, awards,
        "the last removal pays what the hint counted"
    );
}
