//! Peloria tests of scoring and the Shah of Carmania (PEL-SCORE, PEL-SHAH), mirroring
//! `rules/scoring.rs`.

use super::*;

// ==== Scoring ====

// PEL-BRIT-18
#[test]
fn pel_score_1_each_nation_scores_its_own_rule_in_scoring_rounds_only() {
    let d = data();
    let mut g = blank(&d, 3, "YOUF");
    for a in ["Lenshi", "Naveria", "Bindle"] {
        put(&mut g, &d, "Hirenmador", a, Kind::Cavalry, 1);
    }
    for a in ["Saird", "Imther"] {
        put(&mut g, &d, "Hyalorings", a, Kind::Cavalry, 1);
    }
    put(&mut g, &d, "Praxians", "Hungry-Plateau", Kind::Cavalry, 1);
    put(&mut g, &d, "Pelorians", "Darsen", Kind::Infantry, 2);
    put(&mut g, &d, "Pelorians", "Vanch", Kind::Infantry, 1);
    put(&mut g, &d, "Aldryami", "Erigia", Kind::Forest, 3);
    let (pl, al) = (nat(&d, "Pelorians"), nat(&d, "Aldryami"));
    let (hi, hy, pr) = (
        nat(&d, "Hirenmador"),
        nat(&d, "Hyalorings"),
        nat(&d, "Praxians"),
    );
    let mut ev = Vec::new();
    g.end_round(&d, &mut ev);
    assert_eq!(
        (g.vp[hi], g.vp[hy]),
        (0, 0),
        "round 3 has no nation scoring"
    );
    // why: the same holdings scored in round 3 and in round 4: not searched for
    g.round = 4;
    let before = (g.vp[hi], g.vp[hy], g.vp[pr]);
    let before_pl_al = (g.vp[pl], g.vp[al]);
    g.nation_scoring(&d, &mut ev);
    assert_eq!(g.vp[pl] - before_pl_al.0, 3, "1 VP per Pelorian unit");
    assert_eq!(g.vp[al] - before_pl_al.1, 6, "2 VP per forest counter");
    assert_eq!(
        g.vp[hi] - before.0,
        g.held(&d, hi).len() as i64,
        "1 VP per area"
    );
    assert_eq!(
        g.vp[hy] - before.1,
        3 * g
            .held(&d, hy)
            .iter()
            .filter(|&&a| d.terrain(a).is_open())
            .count() as i64
    );
    assert_eq!(g.vp[pr] - before.2, 6, "the Hungry Plateau");
    // The log names each nation that scored, with its points, and no one that did not.
    let line = ev.last().unwrap();
    assert!(line.starts_with("Nation scoring: "), "{line}");
    assert!(
        line.contains("Praxians 6") && line.contains("Pelorians 3"),
        "{line}"
    );
    assert!(!line.contains("Veshtargos"), "in play, but no area: {line}");
    // Away from the Hungry Plateau the Praxians score nothing there.
    g.units.retain(|u| u.nation as usize != pr);
    let before = g.vp[pr];
    g.nation_scoring(&d, &mut ev);
    assert_eq!(g.vp[pr], before);
}

#[test]
fn pel_score_2_nation_scoring_rounds_are_4_8_12_16() {
    let d = data();
    let rounds: Vec<u8> = (1..=16).filter(|&r| d.round(r).nation).collect();
    assert_eq!(rounds, vec![4, 8, 12, 16]);
}

// ==== The Shah of Carmania ====

// PEL-SHAH-3
#[test]
fn pel_shah_1_twice_the_areas_of_every_other_nation_gains_10() {
    let d = data();
    let mut g = blank(&d, 14, "YOUF");
    for a in ["Lenshi", "Naveria", "Saird", "Dikoria"] {
        put(&mut g, &d, "Carmanians", a, Kind::Cavalry, 1);
    }
    for a in ["Vanch", "Raibanth"] {
        put(&mut g, &d, "Pelorians", a, Kind::Infantry, 1);
    }
    let c = nat(&d, "Carmanians");
    let mut ev = Vec::new();
    g.shah(&d, &mut ev);
    assert_eq!(g.vp[c], 10);
    put(&mut g, &d, "Pelorians", "Dara-Ni", Kind::Infantry, 1);
    g.shah(&d, &mut ev);
    assert_eq!(g.vp[c], 10, "3 Pelorian areas: 4 is not twice");
    // With nobody in the zone there is no Shah (0 is twice 0, but holds nothing).
    let mut g = blank(&d, 14, "YOUF");
    g.shah(&d, &mut ev);
    assert!(g.vp.iter().all(|&v| v == 0), "{:?}", g.vp);
}

#[test]
fn pel_shah_2_areas_of_the_barbarian_belt_do_not_count() {
    let d = data();
    let mut g = blank(&d, 14, "YOUF");
    for a in ["Charg", "Baloris", "Brolia", "Dog-Plains", "Lenshi"] {
        put(&mut g, &d, "Barbarians", a, Kind::Infantry, 1);
    }
    put(&mut g, &d, "Pelorians", "Vanch", Kind::Infantry, 1);
    let mut ev = Vec::new();
    g.shah(&d, &mut ev);
    assert_eq!(g.vp[nat(&d, "Barbarians")], 0, "1 area against 1");
    assert_eq!(d.shah_excluded.iter().filter(|&&x| x).count(), 17);
}

#[test]
fn pel_shah_4_the_shah_may_score_in_each_of_rounds_14_to_16() {
    let d = data();
    let rounds: Vec<u8> = (1..=16).filter(|&r| d.round(r).shah).collect();
    assert_eq!(rounds, vec![14, 15, 16]);
    let mut g = blank(&d, 14, "YOUF");
    for a in ["Lenshi", "Naveria"] {
        put(&mut g, &d, "Carmanians", a, Kind::Cavalry, 1);
    }
    let mut ev = Vec::new();
    g.end_round(&d, &mut ev);
    // why: the Shah's areas held through rounds 14 and 15: not searched for
    g.round = 15;
    g.turn = NATIONS - 1;
    g.end_round(&d, &mut ev);
    assert_eq!(g.vp[nat(&d, "Carmanians")], 20);
}

/// Reading of "as soon as they happen": a nation scores a capture the moment its units
/// stand alone in the listed area, in any nation's turn: here the Hyalorings retreat into
/// Naveria during the Theyalan battles.
#[test]
fn pel_brit_19_a_retreat_into_a_listed_area_captures_it_at_once_in_any_turn() {
    let d = data();
    let mut g = blank(&d, 2, "Theyalans");
    put(&mut g, &d, "Theyalans", "Lenshi", Kind::Infantry, 2);
    put(&mut g, &d, "Hyalorings", "Lenshi", Kind::Cavalry, 1);
    battle(
        &mut g,
        &d,
        "Lenshi",
        "Hyalorings",
        1,
        Stage::DefenderRetreat,
        vec![],
    );
    advance(&mut g, &d);
    let a = said(&play_now(&mut g, &d, "retreat Lenshi Naveria cavalry"), " ");
    assert!(a.contains("The Hyalorings capture Naveria (+2 VP)."), "{a}");
    assert_eq!(g.vp[nat(&d, "Hyalorings")], 2);
}

/// Seed 1's random game to its end: the result gives each player's nations' VP and its
/// Call to Heroes award; they add up to its score (PEL-BRIT-2), and the standings show them.
// PEL-BRIT-2
#[test]
fn pel_brit_2_the_result_gives_each_nations_vp_and_the_heroes_awards() {
    let d = data();
    let mut p = Playout::new(&d, 1);
    let g = p.until(&d, "the end", |g| g.status().is_finished());
    let r = g.result.clone().unwrap();
    assert_eq!(r.check_breakdown(), Ok(()));
    for seat in 0..4 {
        let parts: Vec<(String, i64)> = r.breakdown[seat]
            .iter()
            .map(|p| (p.name.clone(), p.points))
            .collect();
        let mut want: Vec<(String, i64)> = (0..d.nations.len())
            .filter(|&n| d.nations[n].player == seat)
            .map(|n| (d.nations[n].name.clone(), g.vp[n]))
            .collect();
        if parts.len() > want.len() || g.player_vp[seat] != 0 {
            want.push(("heroes".into(), g.player_vp[seat]));
        }
        assert_eq!(parts, want, "seat {seat}");
        assert_eq!(r.scores[seat], want.iter().map(|w| w.1).sum::<i64>());
    }
    let standings = r.standings(&["Ann", "Bo", "Cy", "Di"]);
    let line = format!(
        "Ann: {} (Hirenmador {}, ",
        r.scores[0],
        g.vp[nat(&d, "Hirenmador")]
    );
    assert!(standings.contains(&line), "{standings}");
}

// PEL-BRIT-2, PEL-SCORE-1: the hint is each player's VP so far (their nations' and their
// own), plus what its nations in play would score now by their own rules, the tie-break
// (more units on the board) as a fraction of a point.
#[test]
fn pel_brit_2_the_hint_is_the_players_vp_and_standing_with_the_units_as_tie_break() {
    let d = data();
    // Seed 1's random game as round 5 begins: VP scored, nations in play holding areas.
    let mut p = Playout::new(&d, 1);
    let g = p.until(&d, "round 5", |g| g.round == 5);
    let scores = g.player_scores(&d);
    assert!(scores.iter().filter(|&&s| s > 0).count() >= 2, "{scores:?}");
    let hint = g.hint(&d);
    let mut worth = 0;
    for (seat, score) in scores.iter().enumerate() {
        let mine = |n: usize| d.nations[n].player == seat;
        let standing: i64 = (0..NATIONS)
            .filter(|&n| mine(n) && g.in_play(&d, n))
            .map(|n| g.scoring_value(&d, n))
            .sum();
        worth += standing;
        let units = g.units.iter().filter(|u| mine(u.nation as usize)).count();
        let want = *score as f64 + standing as f64 + units as f64 / 1e3;
        assert!(
            (hint[seat] - want).abs() < 1e-9,
            "seat {seat}: {hint:?}, want {want}"
        );
    }
    assert!(worth > 0, "the board stands for something");
}
