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
    g.round = 15;
    g.turn = NATIONS - 1;
    g.end_round(&d, &mut ev);
    assert_eq!(g.vp[nat(&d, "Carmanians")], 20);
}
