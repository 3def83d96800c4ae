//! Peloria tests of the base game, players, turn order and invasion turns (Britannia base,
//! PEL-ORDER, PEL-INV), mirroring `rules/turn.rs`.

use super::*;

// ==== Britannia base, players, order ====

// PEL-ORDER-5, PEL-ORDER-6, PEL-ORDER-13
#[test]
fn pel_brit_1_round_one_runs_the_nations_in_play_in_the_fixed_order() {
    let d = data();
    let order: Vec<&str> = d.nations.iter().map(|n| n.name.as_str()).collect();
    assert_eq!(
        order,
        [
            "Hirenmador",
            "Hyalorings",
            "Veshtargos",
            "Alkoth",
            "Pelanda",
            "Pelorians",
            "Theyalans",
            "Praxians",
            "Aldryami",
            "Telmori",
            "Digijelm",
            "Soldiers",
            "Barbarians",
            "Carmanians",
            "Balazarings",
            "YOUF"
        ]
    );
    let mut g = new_game(&d);
    let mut seen = vec![g.turn];
    while g.round == 1 {
        let s = first_acting(&g);
        let st = g.default_step(&d, s).unwrap();
        g.apply(&d, s, &st).unwrap();
        if g.round == 1 && *seen.last().unwrap() != g.turn {
            seen.push(g.turn);
        }
    }
    // Only the seven nations in play from round 1 took turns, in order.
    assert_eq!(seen, (0..7).collect::<Vec<_>>());
    assert_eq!(g.round, 2);
}

/// Each round opens with one banner, at the first nation's turn.
// PEL-ORDER-5
#[test]
fn pel_order_5_each_round_opens_with_one_banner() {
    let d = data();
    let mut g = new_game(&d);
    let mut banners = Vec::new();
    while g.round <= 2 {
        let s = first_acting(&g);
        let st = g.default_step(&d, s).unwrap();
        let a = g.apply(&d, s, &st).unwrap();
        banners.extend(
            a.events
                .iter()
                .filter(|e| e.text.starts_with("— Round"))
                .map(|e| e.text.clone()),
        );
    }
    assert_eq!(banners, ["— Round 2 —", "— Round 3 —"]);
}

// PEL-BRIT-1, PEL-HERO-1
#[test]
fn pel_diff_2_a_game_lasts_16_rounds() {
    let d = data();
    let mut g = new_game(&d);
    let mut max_round = 0;
    let mut saw_bids = false;
    for _ in 0..200_000 {
        if g.status().is_finished() {
            break;
        }
        max_round = max_round.max(g.round);
        saw_bids |= g.phase == Phase::Bids && g.round == 13;
        let s = first_acting(&g);
        let st = g.default_step(&d, s).unwrap();
        g.apply(&d, s, &st).unwrap();
    }
    assert!(g.status().is_finished());
    assert_eq!(max_round, 16);
    assert!(saw_bids, "the Call to Heroes comes at the end of round 13");
}

// PEL-ORDER-1, PEL-ORDER-2, PEL-ORDER-3, PEL-ORDER-4
#[test]
fn pel_diff_1_four_players_with_four_nations_each() {
    let d = data();
    let of = |p: usize| -> Vec<&str> {
        d.nations
            .iter()
            .filter(|n| n.player == p)
            .map(|n| n.name.as_str())
            .collect()
    };
    assert_eq!(of(0), ["Hirenmador", "Pelorians", "Praxians", "Telmori"]);
    assert_eq!(of(1), ["Hyalorings", "Aldryami", "Barbarians", "YOUF"]);
    assert_eq!(
        of(2),
        ["Veshtargos", "Theyalans", "Carmanians", "Balazarings"]
    );
    assert_eq!(of(3), ["Alkoth", "Pelanda", "Digijelm", "Soldiers"]);
    let three: Vec<String> = names()[..3].to_vec();
    assert!(crate::engine::setup_checked::<Peloria>(&d, &three, &Options::new(), 1).is_err());
    assert!(Peloria::new(&d, &three, 1).is_err());
}

// PEL-ORDER-8, PEL-ORDER-9, PEL-ORDER-10, PEL-ORDER-11, PEL-ORDER-12
#[test]
fn pel_order_7_late_nations_enter_in_their_rounds() {
    let d = data();
    let first = |n: &str| d.nations[nat(&d, n)].first_round;
    assert_eq!(first("Praxians"), 3);
    assert_eq!(first("Aldryami"), 4);
    assert_eq!(
        (first("Telmori"), first("Digijelm"), first("Soldiers")),
        (5, 5, 5)
    );
    assert_eq!(first("Barbarians"), 6);
    assert_eq!((first("Carmanians"), first("Balazarings")), (9, 9));
    assert_eq!(first("YOUF"), 10);
    for n in [
        "Hirenmador",
        "Hyalorings",
        "Veshtargos",
        "Alkoth",
        "Pelanda",
        "Pelorians",
        "Theyalans",
    ] {
        assert_eq!(first(n), 1);
    }
}

/// The board shows a nation as in play only from its first round on (seed 1's random
/// game at the start of rounds 2 and 3).
// PEL-ORDER-6, PEL-ORDER-7, PEL-ORDER-12
#[test]
fn pel_order_7_a_nation_is_shown_in_play_only_from_its_first_round() {
    let d = data();
    let shown =
        |g: &Peloria, n: &str| view::build(g, &d, Viewer::Spectator).nations[nat(&d, n)].in_play;
    let mut p = Playout::new(&d, 1);
    assert!(shown(&p.g, "Hirenmador"));
    assert!(!shown(&p.g, "Praxians"));
    let g = p.until(&d, "round 2", |g| g.round == 2);
    assert!(!shown(g, "Praxians"));
    let g = p.until(&d, "round 3", |g| g.round == 3);
    assert!(shown(g, "Praxians"));
    assert!(!shown(g, "YOUF"));
}

/// Seed 1's random game: in round 2 the Praxians take no turn and have no unit; in round 3
/// their turn opens with ten cavalry in Dragon Pass.
// PEL-BRIT-20, PEL-ORDER-13, PEL-POP-8
#[test]
fn pel_brit_20_arrivals_enter_at_their_round_and_place() {
    let d = data();
    let prax = nat(&d, "Praxians");
    let mut p = Playout::new(&d, 1);
    p.until(&d, "round 2", |g| g.round == 2);
    let g = p.until(&d, "the end of round 2", |g| {
        g.round != 2 || g.turn == prax || g.on_board(prax) > 0
    });
    assert_eq!(
        g.round, 3,
        "a nation not in play takes no turn, nothing arrives"
    );
    assert_eq!(g.on_board(prax), 0);
    let g = p.until(&d, "the Praxians' turn", |g| g.turn == prax);
    assert_eq!(g.round, 3);
    assert_eq!(g.count_kind(prax, ar(&d, "Dragon-Pass"), Kind::Cavalry), 10);
}

// PEL-BRIT-20: the starting forces of every round-1 nation are on the board before the
// first turn (Hirenmador cannot walk into the Veshtargos' home before they appear).
#[test]
fn pel_brit_20_starting_forces_are_placed_at_setup() {
    let d = data();
    let g = new_game(&d);
    assert_eq!(g.turn, 0);
    assert_eq!(g.count(nat(&d, "Veshtargos"), ar(&d, "Bindle")), 2);
    assert_eq!(g.held(&d, nat(&d, "Pelorians")).len(), 14);
    assert_eq!(
        g.count_kind(nat(&d, "Hirenmador"), ar(&d, "Naveria"), Kind::Cavalry),
        4
    );
}

// PEL-BRIT-3
#[test]
fn pel_brit_3_a_turn_runs_population_movement_battles_overpopulation() {
    let d = data();
    // Seed 5's opening: the Pelorians' turn opens with their population increase.
    let (before_placing, _) = PELORIANS_MOVE_IN_ROUND_1.split_once("Ann: place").unwrap();
    let mut g = position(&d, before_placing);
    assert_eq!(g.phase, Phase::Place { left: 4 });
    assert!(rejected_now(&mut g, &d, "move Darsen Henjarl infantry").contains("place"));
    for area in ["Darsen", "Darsen", "Vanch", "Dikoria"] {
        play_now(&mut g, &d, &format!("place {area} infantry"));
    }
    assert_eq!(g.phase, Phase::Move { cycle: 1 });
    // The Hirenmador's first turn: movement into Saird, then its battle, before all else.
    let mut g = position(
        &d,
        "players Ann Bo Cy Di\nseed 5\nAnn: move Naveria Saird cavalry",
    );
    play_now(&mut g, &d, "done");
    assert_eq!(g.phase, Phase::Battle { cycle: 1 });
    assert!(rejected_now(&mut g, &d, "move Naveria Saird cavalry").contains("battle"));
}

// PEL-BRIT-4
#[test]
fn pel_brit_4_a_nation_holds_every_land_area_with_a_unit() {
    let d = data();
    // Random play, stopped where a nation has units at sea and on land.
    let at_sea = |g: &Peloria, n: usize| {
        (g.units.iter()).any(|u| u.nation as usize == n && !d.terrain(u.area as usize).is_land())
    };
    let (g, n) = found(&d, "units at sea and on land", any_step, |g| {
        (0..NATIONS).find(|&n| at_sea(g, n) && !g.held(&d, n).is_empty())
    });
    let land: std::collections::BTreeSet<usize> = (g.units.iter())
        .filter(|u| u.nation as usize == n && d.terrain(u.area as usize).is_land())
        .map(|u| u.area as usize)
        .collect();
    assert_eq!(g.held(&d, n), land.into_iter().collect::<Vec<_>>());
}

/// Seed 1's random game to its end: each player's score is its four nations' VP and its
/// own, and the most wins.
// PEL-BRIT-2
#[test]
fn pel_brit_2_player_vp_are_the_sum_of_their_nations_and_most_wins() {
    let d = data();
    let mut p = Playout::new(&d, 1);
    let g = p.until(&d, "the end", |g| g.status().is_finished());
    let Status::Finished(r) = g.status() else {
        panic!("finished")
    };
    let sum = |seat: usize| {
        (0..d.nations.len())
            .filter(|&n| d.nations[n].player == seat)
            .map(|n| g.vp[n])
            .sum::<i64>()
            + g.player_vp[seat]
    };
    assert_eq!(r.scores, (0..4).map(sum).collect::<Vec<_>>());
    let best = *r.scores.iter().max().unwrap();
    let winner = r.scores.iter().position(|&s| s == best).unwrap();
    assert_eq!(r.places[winner], 1, "{:?} {:?}", r.scores, r.places);
    assert!(
        r.scores.iter().filter(|&&s| s == best).count() == 1,
        "no tie in seed 1"
    );
    assert!(
        r.note.starts_with(&format!("{} wins", names()[winner])),
        "{}",
        r.note
    );
}

// PEL-BRIT-2 reading (rules topic): a tie in VP goes to the player with more of their own
// units on the board.
#[test]
fn pel_brit_2_a_tie_in_vp_goes_to_more_own_units_on_the_board() {
    let d = data();
    // Seed 30's random game ends with Ann and Bo on 57 VP each, Ann with more units.
    let mut p = Playout::new(&d, 30);
    let g = p.until(&d, "the end", |g| g.status().is_finished());
    let r = g.result.clone().unwrap();
    assert_eq!((r.scores[0], r.scores[1]), (57, 57), "{:?}", r.scores);
    let units = |seat: usize| {
        g.units
            .iter()
            .filter(|u| d.nations[u.nation as usize].player == seat)
            .count()
    };
    assert_eq!((units(0), units(1)), (13, 6));
    assert_eq!((r.places[0], r.places[1]), (2, 3), "{}", r.note);
    assert!(
        r.note
            .contains("Ann, Bo tie on 57 VP, broken by more units on the board (Ann 13, Bo 6)"),
        "{}",
        r.note
    );
}

// ==== Invasion turns ====

/// Real play to the start of the Praxians' movement in `round`, where none of their
/// units shares an area with another nation (so no battle follows a movement).
fn praxians_move(d: &PeloriaData, round: u8) -> Peloria {
    let pr = nat(d, "Praxians");
    found(
        d,
        &format!("the Praxians' movement in round {round}"),
        any_step,
        |g| {
            let alone = (g.held(d, pr).into_iter()).all(|a| g.others(pr, a) == 0);
            (move_start(g)
                && g.turn == pr
                && g.round == round
                && g.phase == (Phase::Move { cycle: 1 })
                && alone)
                .then_some(())
        },
    )
    .0
}

// PEL-BRIT-21
#[test]
fn pel_inv_1_invaders_move_and_fight_twice() {
    let d = data();
    let pr = nat(&d, "Praxians");
    let mut g = praxians_move(&d, 3);
    play_now(&mut g, &d, "done");
    assert_eq!(g.phase, Phase::Move { cycle: 2 });
    play_now(&mut g, &d, "done");
    let moving = |g: &Peloria, round: u8| {
        g.turn == pr && g.round == round && matches!(g.phase, Phase::Move { .. })
    };
    assert!(!moving(&g, 3), "only two cycles");
    // Not an invasion turn in round 4.
    let mut g = praxians_move(&d, 4);
    play_now(&mut g, &d, "done");
    assert!(!moving(&g, 4), "one cycle outside invasion turns");
}

#[test]
fn pel_inv_2_rough_does_not_stop_invaders() {
    let d = data();
    // Real play to the start of a movement in an invasion turn, stopped where an army of
    // the invaders stands next to empty rough land with a quiet area beyond it.
    let (mut g, (k, a, r, y)) = found(&d, "an invader by rough land", any_step, |g| {
        let n = g.turn;
        let first = g.phase == (Phase::Move { cycle: 1 });
        if !(move_start(g) && first && d.nations[n].invasions.contains(&g.round)) {
            return None;
        }
        ARMY_KINDS.into_iter().find_map(|k| {
            stacks(&d, g, k, 1).into_iter().find_map(|a| {
                d.areas[a].adj.iter().find_map(|&r| {
                    let rough = d.terrain(r).is_rough()
                        && g.may_enter(&d, n, r).is_ok()
                        && g.units.iter().all(|u| u.area as usize != r);
                    let y = (d.areas[r].adj.iter()).find(|&&y| y != a && quiet(&d, g, y))?;
                    rough.then_some((k, a, r, *y))
                })
            })
        })
    });
    let (an, rn, yn) = (name(&d, a), name(&d, r), name(&d, y));
    play_now(&mut g, &d, &format!("move {an} {rn} {}", k.name()));
    play_now(&mut g, &d, &format!("move {rn} {yn} {}", k.name()));
    assert_eq!(
        g.phase,
        Phase::Move { cycle: 1 },
        "still the first movement phase"
    );
}

#[test]
fn pel_inv_3_invasion_turns_are_the_late_nations_arrival_rounds() {
    let d = data();
    for (n, r) in [
        ("Praxians", 3),
        ("Telmori", 5),
        ("Soldiers", 5),
        ("Barbarians", 6),
        ("Carmanians", 9),
        ("YOUF", 10),
    ] {
        assert!(d.invasion(nat(&d, n), r), "{n}");
        assert!(!d.invasion(nat(&d, n), r + 1), "{n}");
    }
    assert!(!d.invasion(nat(&d, "Pelorians"), 1));
}

// ==== What comes next, after a player's part of a phase ====

/// The lines of `a` that say what comes next.
fn next_lines(a: &crate::engine::Applied) -> Vec<&str> {
    a.events
        .iter()
        .map(|e| e.text.as_str())
        .filter(|t| t.starts_with("Next: "))
        .collect()
}

/// Seed 5's opening: the Pelorians' last two placements of four.
// PEL-POP-5, PEL-MOVE-1
#[test]
fn pel_brit_3_the_last_placement_says_who_moves_next() {
    let d = data();
    let (three, _) = PELORIANS_MOVE_IN_ROUND_1.rsplit_once('\n').unwrap();
    let (two, _) = three.rsplit_once('\n').unwrap();
    let mut g = position(&d, two);
    assert_eq!(g.phase, Phase::Place { left: 2 });
    let first = play_now(&mut g, &d, "place Vanch infantry");
    assert_eq!(
        next_lines(&first),
        Vec::<&str>::new(),
        "one unit is still to place"
    );
    let last = play_now(&mut g, &d, "place Dikoria infantry");
    assert!(matches!(g.phase, Phase::Move { .. }));
    assert_eq!(
        next_lines(&last),
        ["Next: Ann moves the Pelorians (`move <from> <to> <kind>`, then `done`)."]
    );
}

/// Seed 5's opening: the Hirenmador end their first movement in Saird with the Hyalorings.
// PEL-BRIT-10, PEL-BAT-1
#[test]
fn pel_brit_3_the_end_of_movement_names_the_battles_to_fight() {
    let d = data();
    let mut g = position(
        &d,
        "players Ann Bo Cy Di\nseed 5\nAnn: move Naveria Saird cavalry",
    );
    let a = play_now(&mut g, &d, "done");
    assert!(matches!(g.phase, Phase::Battle { .. }));
    let next = next_lines(&a);
    assert_eq!(next.len(), 1, "{next:?}");
    assert!(
        next[0].starts_with("Next: Ann fights the Hirenmador")
            && next[0].ends_with("battle in Saird (`battle <area>`)."),
        "{next:?}"
    );
}

// PEL-BRIT-17, PEL-OVP-1: the over-populated nation's line says what comes next (its own
// test); once the removals are done, the next nation turn's decision is named.
#[test]
fn pel_brit_3_the_last_overpopulation_removal_names_the_next_decision() {
    let d = data();
    // Real play, stopped at an overpopulation with one removal left; the step before
    // (the one that began it) already said what comes next.
    let (mut g, _) = found_step(
        &d,
        "an overpopulation of one unit",
        any_step,
        |before, after, did| {
            if after.phase != Phase::Overpop || before.phase == Phase::Overpop {
                return None;
            }
            let said = next_lines(did);
            assert_eq!(said, Vec::<&str>::new(), "the over-population line says it");
            let excess: usize = (over_limit(&d, after).into_iter())
                .map(|a| after.armies(after.turn, a) - after.limit(&d, a))
                .sum();
            (excess == 1).then_some(())
        },
    );
    let seat = first_acting(&g);
    let removal = legal(&g, &d, seat)[0].clone();
    let a = play_now(&mut g, &d, &removal);
    let (who, nation) = (&names()[g.turn_owner], &d.nations[g.turn].name);
    let said = next_lines(&a);
    assert_eq!(said.len(), 1, "{:?}", a.events);
    assert!(
        said[0].starts_with(&format!("Next: {who} ")) && said[0].contains(nation.as_str()),
        "{said:?}"
    );
}

#[test]
fn pel_inv_1_the_end_of_the_first_cycle_says_the_invaders_move_again() {
    let d = data();
    let mut g = praxians_move(&d, 3);
    let a = play_now(&mut g, &d, "done");
    assert_eq!(g.phase, Phase::Move { cycle: 2 });
    assert_eq!(
        next_lines(&a),
        [format!(
            "Next: {} moves the Praxians again: the second movement of their invasion \
             (`move <from> <to> <kind>`, then `done`).",
            names()[g.turn_owner]
        )]
    );
}

// PEL-INV-1: the second cycle reads as such (board, prompt), and a computer player's
// position key tells it from the first, so a `done` that ends the first cycle with the
// stacks unchanged is no step back (issue #53's repeats).
#[test]
fn pel_inv_1_the_second_cycle_is_named_and_keyed_apart_from_the_first() {
    let d = data();
    let mut g = praxians_move(&d, 3);
    let owner = g.turn_owner;
    let first = g.position_key(&d, owner);
    assert_eq!(g.view(&d, Viewer::Seat(owner)).phase, "movement");
    play_now(&mut g, &d, "done");
    let v = g.view(&d, Viewer::Seat(owner));
    assert_eq!(v.phase, "second movement");
    assert!(
        v.prompt.ends_with("Praxians second movement phase"),
        "{}",
        v.prompt
    );
    assert_ne!(g.position_key(&d, owner), first, "the cycles look alike");
}

// PEL-ORDER-5
#[test]
fn pel_order_5_a_step_on_another_nations_turn_says_whose_turn_it_is_and_who_plays() {
    let d = data();
    // Random play to the Pelorians' first movement.
    let pl = nat(&d, "Pelorians");
    let (g, _) = found(&d, "the Pelorians' movement", any_step, |g| {
        (move_start(g) && g.turn == pl).then_some(())
    });
    let other = (g.turn_owner + 1) % PLAYERS;
    // As the player reads it: the owner by name.
    let e = g.check(&d, other, &Step::Done).unwrap_err();
    assert_eq!(e.topic, "turn");
    let owner = &names()[g.turn_owner];
    assert!(
        e.reason
            .starts_with(&format!("it is the Pelorians turn, played by {owner}")),
        "{e}"
    );
    // The engine's unexplained wording, without the game's player names: the seat.
    let e = g.legality(&d, other, &Step::Done).unwrap_err();
    let seat = format!("played by seat {}", g.turn_owner + 1);
    assert!(e.reason.ends_with(&seat), "{e}");
}
