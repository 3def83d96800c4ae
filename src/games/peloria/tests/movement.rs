//! Peloria tests of movement, overruns, stacking and the Kartolin Pass (PEL-MOVE, PEL-OVR,
//! PEL-STACK, PEL-KART), mirroring `rules/movement.rs`.

use super::*;

// ==== Movement ====

#[test]
fn pel_move_1_any_all_or_none_may_move() {
    let d = data();
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Pelorians", "Lenshi", Kind::Infantry, 2);
    fresh(&mut g, &d);
    assert!(g.legal_steps(&d, 0).contains(&Step::Done));
    play_now(&mut g, &d, "move Lenshi Naveria infantry");
    assert!(g.legal_steps(&d, 0).contains(&Step::Done));
}

// PEL-BRIT-5
#[test]
fn pel_move_2_infantry_move_two_areas() {
    let d = data();
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Pelorians", "Lenshi", Kind::Infantry, 1);
    put(&mut g, &d, "Pelorians", "Sanken", Kind::Infantry, 1);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "move Lenshi Naveria infantry");
    play_now(&mut g, &d, "move Naveria Dikoria infantry");
    let e = rejected_now(&mut g, &d, "move Dikoria Darsen infantry");
    assert!(e.contains("can still move"), "{e}");
}

// PEL-MOVE-1, PEL-MOVE-3: a move to an area of the board that is not next door is answered
// with that reason and the movement topic, not "there is no area" (issue #48's example).
#[test]
fn pel_move_1_a_move_to_an_area_not_next_door_says_so() {
    let d = data();
    // The Hirenmador open round 1 with their cavalry in Naveria.
    let mut g = position(&d, "players Ann Bo Cy Di\nseed 5");
    let e = rejected_now(&mut g, &d, "move Naveria Oronin cavalry");
    assert!(e.contains("Oronin is not next to Naveria"), "{e}");
    let e = rejected_now(&mut g, &d, "Naveria Oronin cavalry");
    assert!(e.contains("Oronin is not next to Naveria"), "{e}");
}

// PEL-BRIT-5
#[test]
fn pel_move_3_cavalry_move_three_areas() {
    let d = data();
    let mut g = blank(&d, 2, "Hirenmador");
    put(&mut g, &d, "Hirenmador", "Lenshi", Kind::Cavalry, 1);
    put(&mut g, &d, "Hirenmador", "Far-Point", Kind::Cavalry, 1);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "move Lenshi Naveria cavalry");
    play_now(&mut g, &d, "move Naveria Dikoria cavalry");
    play_now(&mut g, &d, "move Dikoria Darsen cavalry");
    rejected_now(&mut g, &d, "move Darsen Dikoria cavalry");
}

/// Leaving the map is a move of the unit that may still move: a unit that had to stop in
/// an enemy-held area stays behind, and the one that could go on is the one that leaves.
// PEL-OVR-1, PEL-MOVE-3
#[test]
fn pel_move_2_leaving_by_an_edge_takes_the_unit_that_may_still_move() {
    let d = data();
    let mut g = blank(&d, 2, "Hyalorings");
    put(&mut g, &d, "Hirenmador", "Naveria", Kind::Cavalry, 1);
    put(&mut g, &d, "Hyalorings", "Lenshi", Kind::Cavalry, 1);
    put(&mut g, &d, "Hyalorings", "Dikoria", Kind::Cavalry, 1);
    // A unit elsewhere keeps the movement phase open.
    put(&mut g, &d, "Hyalorings", "Sylila", Kind::Cavalry, 1);
    fresh(&mut g, &d);
    assert!(said(&play_now(&mut g, &d, "move Dikoria Naveria cavalry"), " ").contains("and stops"));
    assert!(
        said(&play_now(&mut g, &d, "move Lenshi Naveria cavalry"), " ").contains("may overrun")
    );
    play_now(&mut g, &d, "move Naveria Pent cavalry");
    assert_eq!(cnt(&g, &d, "Hyalorings", "Naveria"), 1);
    let e = rejected_now(&mut g, &d, "move Naveria Saird cavalry");
    assert!(e.contains("can still move"), "{e}");
    // Of two infantry units in Dragon Pass (the YOUF's invasion round, so rough terrain
    // does not stop them), the one that came two areas stays; the one with a move left
    // leaves.
    let mut g = blank(&d, 10, "YOUF");
    put(&mut g, &d, "YOUF", "Skanthi", Kind::Infantry, 1);
    put(&mut g, &d, "YOUF", "Mirin-Cross", Kind::Infantry, 1);
    put(&mut g, &d, "YOUF", "Sylila", Kind::Infantry, 1);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "move Skanthi Dragon-Pass infantry");
    play_now(&mut g, &d, "move Mirin-Cross Skanthi infantry");
    play_now(&mut g, &d, "move Skanthi Dragon-Pass infantry");
    play_now(&mut g, &d, "move Dragon-Pass Kerofinela infantry");
    assert_eq!(cnt(&g, &d, "YOUF", "Dragon-Pass"), 1);
    let e = rejected_now(&mut g, &d, "move Dragon-Pass Skanthi infantry");
    assert!(e.contains("can still move"), "{e}");
}

/// Property, over random games through all 16 rounds: counting each unit's moves in each
/// movement phase (a unit followed from step to step by where it stands in the list of
/// units), no unit moves more areas than its kind may (infantry 2, cavalry, dragons and
/// the Bat 3), a unit that entered rough terrain outside an invasion turn moves no further,
/// and leaving by an edge is one more area.
// PEL-MOVE-3, PEL-MOVE-4, PEL-OVR-1
#[test]
fn pel_move_2_no_unit_moves_more_areas_in_a_phase_than_it_may_in_random_games() {
    let d = data();
    let mut rounds = std::collections::BTreeSet::new();
    let (mut moves, mut exits) = (0, 0);
    for seed in 0..20 {
        let p = Suite::<Peloria>::new(&d).playout(4, &Options::new(), seed);
        let mut g =
            crate::engine::setup_checked::<Peloria>(&d, &names(), &Options::new(), seed).unwrap();
        let mut used: Vec<u8> = Vec::new();
        let mut phase = None;
        for (s, t) in &p.log {
            let now = match g.phase {
                Phase::Move { cycle } if g.battle.is_none() => Some((g.round, g.turn, cycle)),
                _ => None,
            };
            if now != phase {
                used = vec![0; g.units.len()];
                phase = now;
            }
            let before = g.units.clone();
            let step = g.parse_step(&d, *s, t).unwrap();
            play(&mut g, &d, *s, t);
            let invasion = phase.is_some_and(|(r, n, _)| d.invasion(n, r));
            match step {
                Step::Move {
                    from: f,
                    to,
                    kind: k,
                } if g.units.len() == before.len() => {
                    let i = (0..before.len())
                        .find(|&i| before[i].area as usize == f && g.units[i].area as usize == to)
                        .expect("one unit changed area");
                    used[i] += 1;
                    assert!(
                        used[i] <= k.moves(),
                        "seed {seed}, round {}: a {} moved {} areas: `{t}`",
                        g.round,
                        k.name(),
                        used[i]
                    );
                    if d.terrain(to).is_rough() && !invasion {
                        used[i] = k.moves();
                    }
                    rounds.insert(g.round);
                    moves += 1;
                }
                Step::Exit { kind: k, .. } if g.units.len() + 1 == before.len() => {
                    // The unit that left: one whose removal leaves the list as it is now;
                    // of alike units, the one with the fewest moves used (the engine moves
                    // the one with the most moves left).
                    let at = |u: &Unit| (u.nation, u.kind, u.area);
                    let now: Vec<_> = g.units.iter().map(at).collect();
                    let i = (0..before.len())
                        .filter(|&i| {
                            let mut b: Vec<_> = before.iter().map(at).collect();
                            b.remove(i);
                            b == now
                        })
                        .min_by_key(|&i| used[i])
                        .expect("one unit left the map");
                    assert!(
                        used[i] < k.moves(),
                        "seed {seed}, round {}: a {} left the map after {} areas: `{t}`",
                        g.round,
                        k.name(),
                        used[i]
                    );
                    used.remove(i);
                    exits += 1;
                }
                _ => {}
            }
        }
    }
    assert_eq!(
        rounds.len(),
        ROUNDS as usize,
        "moves in every round: {rounds:?}"
    );
    assert!(moves > 1000 && exits > 0, "{moves} moves, {exits} exits");
}

/// A unit entering rough terrain outside an invasion turn is told to stop, as one entering
/// an enemy-held area is.
#[test]
fn pel_move_4_entering_rough_terrain_is_logged_as_a_stop() {
    let d = data();
    let mut g = blank(&d, 2, "Hirenmador");
    put(&mut g, &d, "Hirenmador", "Naveria", Kind::Cavalry, 2);
    fresh(&mut g, &d);
    let a = said(&play_now(&mut g, &d, "move Naveria Bindle cavalry"), " ");
    assert!(
        a.contains("Hirenmador: one cavalry moves from Naveria to Bindle and stops."),
        "{a}"
    );
    let a = said(&play_now(&mut g, &d, "move Naveria Lenshi cavalry"), " ");
    assert!(a.contains("from Naveria to Lenshi."), "open terrain: {a}");
}

/// The board's count of a nation's units is its armies, the units overpopulation counts;
/// forest counters are shown apart.
// PEL-OVP-1
#[test]
fn pel_ovp_1_the_view_counts_armies_apart_from_forest_counters() {
    let d = data();
    let mut g = blank(&d, 4, "Aldryami");
    put(&mut g, &d, "Aldryami", "Rist", Kind::Infantry, 2);
    put(&mut g, &d, "Aldryami", "Lenshi", Kind::Forest, 1);
    put(&mut g, &d, "Aldryami", "Lenshi", Kind::Infantry, 1);
    let v = g.view(&d, Viewer::Spectator);
    let al = &v.nations[nat(&d, "Aldryami")];
    assert_eq!((al.units, al.forests), (3, 1));
}

/// A step that names no legal step is answered with legal steps only.
// PEL-EMP-17
#[test]
fn pel_emp_17_a_step_naming_nothing_legal_suggests_only_legal_steps() {
    let d = data();
    // Seed 1's random game at the first movement of an Emperor's nation that may move a
    // piece of regalia.
    let mut p = Playout::new(&d, 1);
    let g = p.until(&d, "an Emperor's movement with regalia to move", |g| {
        g.emperor == Some(g.turn)
            && matches!(g.phase, Phase::Move { .. })
            && g.battle.is_none()
            && (g.legal_steps(&d, first_acting(g)).iter())
                .any(|s| matches!(s, Step::Regalia { .. }))
    });
    let seat = first_acting(&*g);
    let movable = crate::engine::testing::legal(&*g, &d, seat)
        .into_iter()
        .find(|t| t.starts_with("regalia"))
        .unwrap();
    let piece = movable.split_whitespace().nth(1).unwrap();
    let e = g
        .parse_step(&d, seat, &format!("regalia {piece} Nowhere"))
        .unwrap_err()
        .to_string();
    // Stage 1 names the word it cannot read, and suggests legal steps only.
    assert!(e.starts_with("there is no area `Nowhere`"), "{e}");
    let suggested: Vec<&str> = e.split('`').skip(3).step_by(2).collect();
    assert!(!suggested.is_empty(), "{e}");
    for s in suggested {
        let step = g.parse_step(&d, seat, s).unwrap();
        assert!(
            g.check(&d, seat, &step).is_ok(),
            "`{s}` is suggested but refused: {e}"
        );
    }
}

// PEL-INV-2
#[test]
fn pel_move_4_rough_terrain_stops_a_unit_except_in_invasion_turns() {
    let d = data();
    let mut g = blank(&d, 2, "Hirenmador");
    put(&mut g, &d, "Hirenmador", "Naveria", Kind::Cavalry, 1);
    put(&mut g, &d, "Hirenmador", "Far-Point", Kind::Cavalry, 1);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "move Naveria Bindle cavalry");
    rejected_now(&mut g, &d, "move Bindle Hwarin cavalry");
    // Round 3 is the Praxians' invasion turn.
    let mut g = blank(&d, 3, "Praxians");
    put(&mut g, &d, "Praxians", "Naveria", Kind::Cavalry, 1);
    put(&mut g, &d, "Praxians", "Far-Point", Kind::Cavalry, 1);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "move Naveria Bindle cavalry");
    play_now(&mut g, &d, "move Bindle Hwarin cavalry");
    assert_eq!(
        g.phase,
        Phase::Move { cycle: 1 },
        "still the first movement phase"
    );
}

#[test]
fn pel_move_5_only_pelandans_cross_seas_and_never_stop_there() {
    let d = data();
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Pelorians", "Vanch", Kind::Infantry, 1);
    fresh(&mut g, &d);
    assert!(rejected_now(&mut g, &d, "move Vanch Sweet-Sea infantry").contains("sea"));
    let mut g = blank(&d, 2, "Pelanda");
    put(&mut g, &d, "Pelanda", "Mirin-Cross", Kind::Infantry, 2);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "move Mirin-Cross Sweet-Sea infantry");
    play_now(&mut g, &d, "move Sweet-Sea Vanch infantry");
    play_now(&mut g, &d, "move Mirin-Cross Glamour infantry");
    // One move left: entering the sea would strand it.
    assert!(rejected_now(&mut g, &d, "move Glamour Sweet-Sea infantry").contains("sea"));
    // A Pelandan still at sea at `done` is lost.
    let mut g = blank(&d, 2, "Pelanda");
    put(&mut g, &d, "Pelanda", "Mirin-Cross", Kind::Infantry, 1);
    put(&mut g, &d, "Pelanda", "Skanthi", Kind::Infantry, 1);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "move Mirin-Cross Sweet-Sea infantry");
    play_now(&mut g, &d, "done");
    assert_eq!(g.on_board(nat(&d, "Pelanda")), 1);
    assert_eq!(cnt(&g, &d, "Pelanda", "Sweet-Sea"), 0);
}

/// The loss at sea names how many units drowned (only the moving nation's, only those at
/// sea), and a movement that ends with nobody at sea reports no loss.
// PEL-MOVE-5
#[test]
fn pel_move_5_the_loss_at_sea_counts_only_the_units_left_at_sea() {
    let d = data();
    let lost = |a: &crate::engine::Applied| -> Vec<String> {
        a.events
            .iter()
            .filter(|e| e.text.contains("left at sea"))
            .map(|e| e.text.clone())
            .collect()
    };
    let mut g = blank(&d, 2, "Pelanda");
    put(&mut g, &d, "Pelanda", "Mirin-Cross", Kind::Infantry, 2);
    put(&mut g, &d, "Pelanda", "Skanthi", Kind::Infantry, 1);
    put(&mut g, &d, "Pelorians", "Vanch", Kind::Infantry, 1);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "move Mirin-Cross Sweet-Sea infantry");
    play_now(&mut g, &d, "move Mirin-Cross Sweet-Sea infantry");
    let a = play_now(&mut g, &d, "done");
    assert_eq!(
        lost(&a),
        ["2 Pelanda units left at sea are lost: Pelandans may not end their movement in a sea."]
    );
    assert_eq!(g.on_board(nat(&d, "Pelanda")), 1);
    let mut g = blank(&d, 2, "Pelanda");
    put(&mut g, &d, "Pelanda", "Mirin-Cross", Kind::Infantry, 1);
    fresh(&mut g, &d);
    let a = play_now(&mut g, &d, "done");
    assert_eq!(lost(&a), Vec::<String>::new());
}

#[test]
fn pel_move_6_only_the_aldryami_enter_permanent_forest() {
    let d = data();
    let mut g = blank(&d, 4, "Pelorians");
    put(&mut g, &d, "Pelorians", "Lenshi", Kind::Infantry, 1);
    fresh(&mut g, &d);
    assert!(rejected_now(&mut g, &d, "move Lenshi Erigia infantry").contains("forest"));
    let mut g = blank(&d, 4, "Aldryami");
    put(&mut g, &d, "Aldryami", "Lenshi", Kind::Infantry, 1);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "move Lenshi Erigia infantry");
}

#[test]
fn pel_move_7_only_digijelm_and_telmori_enter_mountains_as_rough() {
    let d = data();
    let mut g = blank(&d, 5, "Pelorians");
    put(&mut g, &d, "Pelorians", "Rinliddi", Kind::Infantry, 1);
    fresh(&mut g, &d);
    assert!(rejected_now(&mut g, &d, "move Rinliddi Oronin infantry").contains("mountain"));
    for who in ["Telmori", "Digijelm"] {
        let mut g = blank(&d, 6, who);
        put(&mut g, &d, who, "Rinliddi", Kind::Infantry, 1);
        fresh(&mut g, &d);
        play_now(&mut g, &d, "move Rinliddi Oronin infantry");
        // Rough: the move ends there.
        rejected_now(&mut g, &d, "move Oronin Kestinlands infantry");
    }
}

#[test]
fn pel_move_8_stacking_is_enforced_at_the_end_of_movement() {
    let d = data();
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Pelorians", "Lenshi", Kind::Infantry, 4);
    put(&mut g, &d, "Pelorians", "Saird", Kind::Infantry, 4);
    put(&mut g, &d, "Pelorians", "Dikoria", Kind::Infantry, 4);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "done");
    // Two areas over: the player removes units until one overstack is left.
    assert_eq!(g.phase, Phase::Stacking { cycle: 1 });
    assert_eq!(first_acting(&g), 0);
    assert!(
        rejected_now(&mut g, &d, "remove Dikoria infantry").contains("within its stacking limit")
    );
    play_now(&mut g, &d, "remove Saird infantry");
    assert_ne!(
        g.phase,
        Phase::Stacking { cycle: 1 },
        "within the limits: on to the battles"
    );
    // One overstack kept (open: any number), the other area cut back to 3.
    let n = nat(&d, "Pelorians");
    let mut c = [g.count(n, ar(&d, "Lenshi")), g.count(n, ar(&d, "Saird"))];
    c.sort();
    assert_eq!(c, [3, 4]);
}

/// The one overstack may hold 4 units in rough terrain: 4 in Bindle (limit 2) ends
/// movement within the limits, 5 sends the player to remove units; and only a kind the
/// nation has there may be removed.
// PEL-STACK-8, PEL-STACK-9, PEL-MOVE-8
#[test]
fn pel_stack_9_a_rough_overstack_of_four_passes_and_five_must_be_cut() {
    let d = data();
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Pelorians", "Bindle", Kind::Infantry, 4);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "done");
    assert_ne!(
        g.phase,
        Phase::Stacking { cycle: 1 },
        "4 in rough is allowed"
    );
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Pelorians", "Bindle", Kind::Infantry, 5);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "done");
    assert_eq!(g.phase, Phase::Stacking { cycle: 1 }, "5 in rough is over");
    let e = rejected_now(&mut g, &d, "remove Bindle cavalry");
    assert!(e.contains("remove Bindle infantry"), "{e}");
    let e = g
        .legality(
            &d,
            0,
            &Step::Remove {
                area: ar(&d, "Bindle"),
                kind: Kind::Cavalry,
            },
        )
        .unwrap_err()
        .to_string();
    assert!(e.contains("have no cavalry in Bindle"), "{e}");
    let a = play_now(&mut g, &d, "remove Bindle infantry");
    assert!(a
        .events
        .iter()
        .any(|e| e.text == "Stacking: the Pelorians lose one infantry in Bindle."));
    assert_ne!(g.phase, Phase::Stacking { cycle: 1 });
    assert_eq!(cnt(&g, &d, "Pelorians", "Bindle"), 4);
}

// PEL-INV-1
#[test]
fn pel_move_9_no_stacking_limit_in_invasion_turns() {
    let d = data();
    let mut g = blank(&d, 3, "Praxians");
    put(&mut g, &d, "Praxians", "Lenshi", Kind::Cavalry, 4);
    put(&mut g, &d, "Praxians", "Saird", Kind::Cavalry, 4);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "done");
    assert_eq!(g.on_board(nat(&d, "Praxians")), 8);
    // And a second movement phase follows.
    assert_eq!(g.phase, Phase::Move { cycle: 2 });
}

// ==== Overruns ====

// PEL-BRIT-6
#[test]
fn pel_ovr_1_entering_an_enemy_area_stops() {
    let d = data();
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Pelorians", "Lenshi", Kind::Infantry, 1);
    put(&mut g, &d, "Hirenmador", "Naveria", Kind::Cavalry, 1);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "move Lenshi Naveria infantry");
    rejected_now(&mut g, &d, "move Naveria Dikoria infantry");
}

#[test]
fn pel_ovr_2_digijelm_and_dragons_need_not_stop() {
    let d = data();
    let mut g = blank(&d, 6, "Digijelm");
    put(&mut g, &d, "Digijelm", "Lenshi", Kind::Infantry, 1);
    put(&mut g, &d, "Hirenmador", "Naveria", Kind::Cavalry, 3);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "move Lenshi Naveria infantry");
    play_now(&mut g, &d, "move Naveria Dikoria infantry");
    let mut g = blank(&d, 11, "YOUF");
    put(&mut g, &d, "YOUF", "Lenshi", Kind::Dragon, 1);
    put(&mut g, &d, "Hirenmador", "Naveria", Kind::Cavalry, 3);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "move Lenshi Naveria dragon");
    play_now(&mut g, &d, "move Naveria Dikoria dragon");
}

// PEL-BRIT-7
#[test]
fn pel_ovr_3_units_beyond_the_defenders_may_move_through() {
    let d = data();
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Pelorians", "Lenshi", Kind::Infantry, 3);
    put(&mut g, &d, "Hirenmador", "Naveria", Kind::Cavalry, 2);
    fresh(&mut g, &d);
    let first = said(&play_now(&mut g, &d, "move Lenshi Naveria infantry"), " ");
    assert!(first.contains("Naveria and stops."), "{first}");
    play_now(&mut g, &d, "move Lenshi Naveria infantry");
    // Two stay to fight the two defenders: the third goes on, and the log says it may.
    let third = said(&play_now(&mut g, &d, "move Lenshi Naveria infantry"), " ");
    assert!(third.contains("Naveria and may overrun."), "{third}");
    play_now(&mut g, &d, "move Naveria Dikoria infantry");
    rejected_now(&mut g, &d, "move Naveria Dikoria infantry");
}

// PEL-OVR-3: a unit with no move left after entering stays, and the log does not offer it
// an overrun it cannot make.
#[test]
fn pel_ovr_3_a_unit_out_of_moves_is_not_said_to_overrun() {
    let d = data();
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Pelorians", "Lenshi", Kind::Infantry, 3);
    put(&mut g, &d, "Hirenmador", "Naveria", Kind::Cavalry, 1);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "move Lenshi Naveria infantry");
    // The second spends its last move on the way in.
    for u in g
        .units
        .iter_mut()
        .filter(|u| u.area as usize == ar(&d, "Lenshi"))
    {
        // why: a unit with exactly one move left entering an enemy area: not searched for
        u.left = 1;
    }
    let line = said(&play_now(&mut g, &d, "move Lenshi Naveria infantry"), " ");
    assert!(line.contains("from Lenshi to Naveria."), "{line}");
    assert!(!line.contains("overrun"), "{line}");
}

// PEL-BAT-10 reading: the five-attacker cap is on attacks; any number of units may move into
// an area no enemy holds (stacking is checked after movement).
#[test]
fn pel_bat_10_the_attacker_cap_does_not_limit_moves_into_an_empty_area() {
    let d = data();
    let mut g = blank(&d, 2, "Pelorians");
    put(
        &mut g,
        &d,
        "Pelorians",
        "Lenshi",
        Kind::Infantry,
        super::rules::MAX_ATTACKERS + 1,
    );
    fresh(&mut g, &d);
    for _ in 0..=super::rules::MAX_ATTACKERS {
        play_now(&mut g, &d, "move Lenshi Naveria infantry");
    }
    assert_eq!(
        cnt(&g, &d, "Pelorians", "Naveria"),
        super::rules::MAX_ATTACKERS + 1
    );
}

#[test]
fn pel_ovr_4_cavalry_need_only_equal_the_defenders() {
    let d = data();
    let mut g = blank(&d, 2, "Hyalorings");
    put(&mut g, &d, "Hyalorings", "Lenshi", Kind::Cavalry, 2);
    put(&mut g, &d, "Pelorians", "Naveria", Kind::Infantry, 2);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "move Lenshi Naveria cavalry");
    play_now(&mut g, &d, "move Lenshi Naveria cavalry");
    play_now(&mut g, &d, "move Naveria Dikoria cavalry");
    // Infantry in the same position stop.
    let mut g = blank(&d, 2, "Theyalans");
    put(&mut g, &d, "Theyalans", "Lenshi", Kind::Infantry, 2);
    put(&mut g, &d, "Pelorians", "Naveria", Kind::Infantry, 2);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "move Lenshi Naveria infantry");
    play_now(&mut g, &d, "move Lenshi Naveria infantry");
    rejected_now(&mut g, &d, "move Naveria Dikoria infantry");
}

// PEL-OVR-6
#[test]
fn pel_ovr_5_forests_are_never_overrun() {
    let d = data();
    let mut g = blank(&d, 5, "Pelorians");
    put(&mut g, &d, "Pelorians", "Lenshi", Kind::Infantry, 3);
    put(&mut g, &d, "Aldryami", "Naveria", Kind::Forest, 1);
    fresh(&mut g, &d);
    for _ in 0..3 {
        play_now(&mut g, &d, "move Lenshi Naveria infantry");
    }
    rejected_now(&mut g, &d, "move Naveria Dikoria infantry");
    // Reading: permanent forest areas count as forests too.
    assert!(g.forest_in(&d, ar(&d, "Erigia")));
}

// ==== Stacking ====

// PEL-STACK-1, PEL-STACK-3, PEL-STACK-4, PEL-STACK-5
#[test]
fn pel_stack_2_limits_by_terrain() {
    let d = data();
    let lim = |a: &str| d.terrain(ar(&d, a)).stack_limit();
    assert_eq!(lim("Bindle"), 2);
    assert_eq!(lim("Lenshi"), 3);
    assert_eq!(lim("Dikoria"), 4);
    for t in ["Henjarl", "Vonlath", "Esvuthil"] {
        assert_eq!(lim(t), 5);
    }
    // The limits bite at the end of movement: two areas over, one is cut back.
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Pelorians", "Bindle", Kind::Infantry, 3);
    put(&mut g, &d, "Pelorians", "Henjarl", Kind::Infantry, 6);
    put(&mut g, &d, "Pelorians", "Dikoria", Kind::Infantry, 4);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "done");
    assert_eq!(g.phase, Phase::Stacking { cycle: 1 });
    play_now(&mut g, &d, "remove Henjarl infantry");
    let n = nat(&d, "Pelorians");
    assert_eq!(g.count(n, ar(&d, "Dikoria")), 4);
    assert_eq!(
        g.count(n, ar(&d, "Bindle")) + g.count(n, ar(&d, "Henjarl")),
        8
    );
}

// PEL-STACK-7
#[test]
fn pel_stack_6_one_forest_counter_per_area_and_not_in_forest_or_mountain() {
    let d = data();
    let mut g = blank(&d, 5, "Aldryami");
    put(&mut g, &d, "Aldryami", "Lenshi", Kind::Forest, 1);
    put(&mut g, &d, "Aldryami", "Lenshi", Kind::Infantry, 1);
    put(&mut g, &d, "Aldryami", "Erigia", Kind::Infantry, 1);
    put(&mut g, &d, "Aldryami", "Naveria", Kind::Infantry, 1);
    // why: the Aldryami placing beside a forest counter (round 4 on): not searched for
    g.phase = Phase::Place { left: 1 };
    assert!(rejected_now(&mut g, &d, "place Lenshi forest").contains("already"));
    assert!(rejected_now(&mut g, &d, "place Erigia forest").contains("forest counter"));
    play_now(&mut g, &d, "place Naveria forest");
}

// PEL-STACK-9, PEL-BRIT-9
#[test]
fn pel_stack_8_one_overstack_any_number_in_open_four_in_rough() {
    let d = data();
    let mut g = blank(&d, 2, "Pelorians");
    let n = nat(&d, "Pelorians");
    put(&mut g, &d, "Pelorians", "Lenshi", Kind::Infantry, 7);
    assert!(g.fits(&d, n, ar(&d, "Lenshi"), None), "open: any number");
    put(&mut g, &d, "Pelorians", "Bindle", Kind::Infantry, 2);
    assert!(!g.fits(&d, n, ar(&d, "Bindle"), None), "a second overstack");
    g.units.retain(|u| u.area as usize != ar(&d, "Lenshi"));
    put(&mut g, &d, "Pelorians", "Bindle", Kind::Infantry, 1);
    assert!(
        g.fits(&d, n, ar(&d, "Bindle"), None),
        "rough overstack up to 4"
    );
    put(&mut g, &d, "Pelorians", "Bindle", Kind::Infantry, 1);
    assert!(!g.fits(&d, n, ar(&d, "Bindle"), None), "not 5 in rough");
}

// PEL-BRIT-8
#[test]
fn pel_brit_8_stacking_counts_one_nations_units() {
    let d = data();
    let mut g = blank(&d, 2, "Pelorians");
    let n = nat(&d, "Pelorians");
    put(&mut g, &d, "Pelorians", "Lenshi", Kind::Infantry, 2);
    put(&mut g, &d, "Hirenmador", "Lenshi", Kind::Cavalry, 3);
    put(&mut g, &d, "Pelorians", "Saird", Kind::Infantry, 4);
    assert!(g.fits(&d, n, ar(&d, "Lenshi"), None));
}

// ==== The Kartolin Pass ====

#[test]
fn pel_kart_1_the_pass_joins_karia_and_dorastor() {
    let d = data();
    assert_eq!((d.pass.1, d.pass.2), (ar(&d, "Karia"), ar(&d, "Dorastor")));
    assert!(d.areas[d.pass.1].adj.contains(&d.pass.2));
    assert_eq!(d.cursed, Some(ar(&d, "Dorastor")));
}

// PEL-KART-4
#[test]
fn pel_kart_2_no_crossing_into_dorastor_held_alone_by_enemies() {
    let d = data();
    let mut g = blank(&d, 2, "Theyalans");
    put(&mut g, &d, "Theyalans", "Karia", Kind::Infantry, 1);
    put(&mut g, &d, "Pelorians", "Dorastor", Kind::Infantry, 1);
    fresh(&mut g, &d);
    assert!(rejected_now(&mut g, &d, "move Karia Dorastor infantry").contains("Kartolin"));
    g.units.retain(|u| u.area as usize != ar(&d, "Dorastor"));
    // an empty Dorastor
    play_now(&mut g, &d, "move Karia Dorastor infantry");
}

#[test]
fn pel_kart_3_crossing_is_allowed_alongside_an_attack_from_elsewhere() {
    let d = data();
    let mut g = blank(&d, 2, "Theyalans");
    put(&mut g, &d, "Theyalans", "Karia", Kind::Infantry, 1);
    put(&mut g, &d, "Theyalans", "Talastar", Kind::Infantry, 1);
    put(&mut g, &d, "Pelorians", "Dorastor", Kind::Infantry, 1);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "move Talastar Dorastor infantry");
    play_now(&mut g, &d, "move Karia Dorastor infantry");
}

// PEL-KART-3: the unit that came in from another direction need not still be there: in
// its invasion round (rough does not stop it) a Digijelm unit (need not stop) enters
// Dorastor from elsewhere and goes on; the pass is then open. An attack elsewhere opens
// nothing.
#[test]
fn pel_kart_3_an_entry_from_elsewhere_opens_the_pass_even_if_the_unit_went_on() {
    let d = data();
    let (karia, dorastor) = (d.pass.1, d.pass.2);
    let land: Vec<usize> = d.areas[dorastor]
        .adj
        .iter()
        .copied()
        .filter(|&a| a != karia && d.terrain(a).is_land())
        .collect();
    assert!(
        land.len() >= 2,
        "Dorastor needs two land neighbours besides Karia"
    );
    let (x, y) = (land[0], land[1]);
    let (xn, yn) = (d.areas[x].name.clone(), d.areas[y].name.clone());
    let mut g = blank(&d, 5, "Digijelm");
    assert!(d.invasion(nat(&d, "Digijelm"), 5));
    put(&mut g, &d, "Digijelm", "Karia", Kind::Infantry, 1);
    put(&mut g, &d, "Digijelm", &xn, Kind::Infantry, 1);
    put(&mut g, &d, "Pelorians", "Dorastor", Kind::Infantry, 1);
    fresh(&mut g, &d);
    assert!(rejected_now(&mut g, &d, "move Karia Dorastor infantry").contains("Kartolin"));
    play_now(&mut g, &d, &format!("move {xn} Dorastor infantry"));
    play_now(&mut g, &d, &format!("move Dorastor {yn} infantry"));
    assert_eq!(cnt(&g, &d, "Digijelm", "Dorastor"), 0);
    play_now(&mut g, &d, "move Karia Dorastor infantry");
    // An attack on another area is no entry into Dorastor.
    let mut g = blank(&d, 2, "Theyalans");
    put(&mut g, &d, "Theyalans", "Karia", Kind::Infantry, 1);
    put(&mut g, &d, "Theyalans", &xn, Kind::Infantry, 1);
    put(&mut g, &d, "Pelorians", "Dorastor", Kind::Infantry, 1);
    put(&mut g, &d, "Hirenmador", &yn, Kind::Cavalry, 1);
    fresh(&mut g, &d);
    play_now(&mut g, &d, &format!("move {xn} {yn} infantry"));
    assert!(rejected_now(&mut g, &d, "move Karia Dorastor infantry").contains("Kartolin"));
}

// PEL-BRIT-19: VP for units leaving by an exit edge are scored at once (Hirenmador 2 per
// unit by Pent); only nations with exit VP for that edge may leave by it.
#[test]
fn pel_brit_19_exit_vp_are_scored_when_a_unit_leaves_by_pent() {
    let d = data();
    // Round 1 opens with the Hirenmador's 4 cavalry in Naveria, next to the Pent edge.
    let mut g = position(&d, "players Ann Bo Cy Di\nseed 5");
    let hi = nat(&d, "Hirenmador");
    assert_eq!(g.on_board(hi), 4);
    let a = play_now(&mut g, &d, "move Naveria Pent cavalry");
    assert!(a.events.iter().any(|e| e.text.contains("+2 VP")));
    assert_eq!(g.vp[hi], 2);
    assert_eq!(g.exited[hi], 1);
    assert_eq!(g.on_board(hi), 3);
    // The Pelorians score nothing by Pent, so their infantry in Lenshi may not leave by it.
    let mut g = position(&d, PELORIANS_MOVE_IN_ROUND_1);
    assert!(rejected_now(&mut g, &d, "move Lenshi Pent infantry").contains("do not leave"));
}
