//! Peloria tests of the Emperors, the Rites of Khordavu and the Complete Emperor (PEL-EMP,
//! PEL-KHOR, PEL-CEMP), mirroring `rules/emperors.rs`.

use super::*;

// ==== Emperors ====

fn place_piece(g: &mut Peloria, d: &PeloriaData, piece: &str, area: &str) {
    g.regalia[d.piece(piece).unwrap()] = Some(ar(d, area));
}

// PEL-EMP-19
#[test]
fn pel_emp_1_a_nation_claims_the_emperorship_at_the_end_of_its_turn() {
    let d = data();
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Pelorians", "Darsen", Kind::Infantry, 1);
    let p = nat(&d, "Pelorians");
    let mut ev = Vec::new();
    g.claim(&d, p, &mut ev);
    assert_eq!((g.emperor, g.emperor_need), (Some(p), 1));
    // The same through the end of the Pelorian turn itself.
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Pelorians", "Darsen", Kind::Infantry, 1);
    let mut ev = Vec::new();
    g.end_turn(&d, &mut ev);
    assert_eq!(g.emperor, Some(p), "{ev:?}");
    let mut ev = Vec::new();
    // Shared areas do not count: the piece is held only alone.
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Pelorians", "Darsen", Kind::Infantry, 1);
    put(&mut g, &d, "Alkoth", "Darsen", Kind::Infantry, 1);
    g.claim(&d, p, &mut ev);
    assert_eq!(g.emperor, None);
    // No claims in a round without emperor scoring.
    let mut g = blank(&d, 14, "Pelorians");
    put(&mut g, &d, "Pelorians", "Darsen", Kind::Infantry, 1);
    g.claim(&d, p, &mut ev);
    assert_eq!(g.emperor, None);
}

#[test]
fn pel_emp_2_a_claim_needs_one_piece_more_than_the_last_claimant() {
    let d = data();
    let mut g = blank(&d, 2, "Pelorians");
    g.emperor = Some(nat(&d, "Hyalorings"));
    g.emperor_need = 2;
    put(&mut g, &d, "Pelorians", "Darsen", Kind::Infantry, 1);
    put(&mut g, &d, "Pelorians", "Henjarl", Kind::Infantry, 1);
    let p = nat(&d, "Pelorians");
    let mut ev = Vec::new();
    g.claim(&d, p, &mut ev);
    assert_eq!(g.emperor, Some(nat(&d, "Hyalorings")));
    put(&mut g, &d, "Pelorians", "Kestinlands", Kind::Infantry, 1);
    g.claim(&d, p, &mut ev);
    assert_eq!((g.emperor, g.emperor_need), (Some(p), 3));
}

#[test]
fn pel_emp_3_a_destroyed_emperor_resets_the_claim_to_zero() {
    let d = data();
    let mut g = blank(&d, 2, "Pelorians");
    g.emperor = Some(nat(&d, "Hyalorings"));
    g.emperor_need = 4;
    let mut ev = Vec::new();
    g.check_emperor(&d, &mut ev);
    assert_eq!((g.emperor, g.emperor_need), (None, 0));
    put(&mut g, &d, "Pelorians", "Darsen", Kind::Infantry, 1);
    g.claim(&d, nat(&d, "Pelorians"), &mut ev);
    assert_eq!(g.emperor, Some(nat(&d, "Pelorians")));
}

/// The reset comes as soon as the Emperor's nation has no unit left, also when the Call to
/// Heroes removals take its last one while other players still owe units.
#[test]
fn pel_emp_3_the_emperor_falls_with_its_last_unit_sent_to_the_call_to_heroes() {
    let d = data();
    let mut g = heroes_game(&d);
    g.emperor = Some(nat(&d, "Pelorians"));
    g.emperor_need = 3;
    play_now(&mut g, &d, "bid Pelorians 5");
    play_now(&mut g, &d, "seal");
    play_now(&mut g, &d, "bid YOUF 1");
    play_now(&mut g, &d, "seal");
    play_now(&mut g, &d, "seal");
    play_now(&mut g, &d, "seal");
    assert_eq!(g.phase, Phase::Removals);
    for _ in 0..4 {
        play(&mut g, &d, 0, "remove Pelorians Lenshi");
    }
    assert_eq!(g.emperor, Some(nat(&d, "Pelorians")), "one unit is left");
    let a = play(&mut g, &d, 0, "remove Pelorians Lenshi");
    assert_eq!(g.phase, Phase::Removals, "the YOUF still owe a unit");
    assert_eq!((g.emperor, g.emperor_need), (None, 0));
    assert!(said(&a, " ").contains("there is no Emperor"));
}

// PEL-EMP-5, PEL-EMP-6, PEL-EMP-7, PEL-EMP-8, PEL-EMP-9, PEL-EMP-10, PEL-EMP-11
#[test]
fn pel_emp_4_ten_pieces_starting_in_their_places() {
    let d = data();
    assert_eq!(d.regalia.len(), 10);
    let g = new_game(&d);
    let at = |p: &str| g.regalia[d.piece(p).unwrap()].map(|a| d.areas[a].name.as_str());
    assert_eq!(at("Low-Crown"), Some("Vonlath"));
    assert!(d.regalia[d.piece("Low-Crown").unwrap()].fixed);
    assert_eq!(at("Vestments"), Some("Darsen"));
    assert_eq!(at("Girdle"), Some("Henjarl"));
    assert_eq!(at("Roost"), Some("Kestinlands"));
    // Pieces "with" a nation start in its home area.
    let starts = |n: &str, a: &str| g.count(nat(&d, n), ar(&d, a)) > 0;
    assert_eq!(at("Sandals"), Some("Saird"));
    assert!(starts("Hyalorings", "Saird"));
    assert_eq!(at("Bow"), Some("Bindle"));
    assert!(starts("Veshtargos", "Bindle"));
    for p in ["Sceptre", "Orb", "Cap", "Mantle"] {
        assert_eq!(at(p), None, "{p} is not on the board at the start");
    }
    // The Crown never moves.
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Pelorians", "Vonlath", Kind::Infantry, 1);
    put(&mut g, &d, "Pelorians", "Esvuthil", Kind::Infantry, 1);
    g.emperor = Some(nat(&d, "Pelorians"));
    fresh(&mut g, &d);
    let crown = d.piece("Low-Crown").unwrap();
    let e = g
        .legality(
            &d,
            0,
            &Step::Regalia {
                piece: crown,
                to: ar(&d, "Esvuthil"),
            },
        )
        .unwrap_err();
    assert!(e.reason.contains("never moves"), "{e}");
}

// PEL-EMP-13
#[test]
fn pel_emp_12_sceptre_and_orb_appear_at_the_pelorian_turn() {
    let d = data();
    let sc = d.piece("Sceptre").unwrap();
    let orb = d.piece("Orb").unwrap();
    let mut g = blank(&d, 2, "Pelanda");
    put(&mut g, &d, "Pelanda", "Skanthi", Kind::Infantry, 1);
    put(&mut g, &d, "Pelorians", "Lenshi", Kind::Infantry, 1);
    let mut ev = Vec::new();
    g.begin_turn(&d, &mut ev);
    assert_eq!(g.regalia[sc], None, "not before the Pelorian turn");
    g.turn = nat(&d, "Pelorians");
    g.begin_turn(&d, &mut ev);
    assert_eq!(g.regalia[sc], Some(ar(&d, "Esvuthil")));
    assert_eq!(g.regalia[orb], None);
    g.round = 3;
    g.begin_turn(&d, &mut ev);
    assert_eq!(g.regalia[orb], Some(ar(&d, "Vanch")));
}

// PEL-EMP-16
#[test]
fn pel_emp_14_cap_and_mantle_appear_at_the_start_of_round_4() {
    let d = data();
    let mut g = blank(&d, 3, "YOUF");
    put(&mut g, &d, "Pelorians", "Lenshi", Kind::Infantry, 1);
    let (cap, mantle) = (d.piece("Cap").unwrap(), d.piece("Mantle").unwrap());
    assert_eq!((g.regalia[cap], g.regalia[mantle]), (None, None));
    let mut ev = Vec::new();
    g.next_round(&d, &mut ev);
    assert_eq!(g.round, 4);
    assert_eq!(g.regalia[cap], Some(ar(&d, "Birin")));
    assert_eq!(g.regalia[mantle], Some(ar(&d, "Darjiin")));
}

#[test]
fn pel_emp_15_the_cap_counts_only_for_the_holder_of_the_bow() {
    let d = data();
    let mut g = blank(&d, 6, "Pelorians");
    for p in [
        "Low-Crown",
        "Sandals",
        "Vestments",
        "Girdle",
        "Roost",
        "Sceptre",
        "Orb",
        "Mantle",
    ] {
        place_piece(&mut g, &d, p, "Vonlath");
    }
    place_piece(&mut g, &d, "Cap", "Birin");
    place_piece(&mut g, &d, "Bow", "Bindle");
    put(&mut g, &d, "Pelorians", "Birin", Kind::Infantry, 1);
    let p = nat(&d, "Pelorians");
    assert_eq!(g.pieces_held(&d, p), 0);
    put(&mut g, &d, "Pelorians", "Bindle", Kind::Infantry, 1);
    assert_eq!(g.pieces_held(&d, p), 2);
}

#[test]
fn pel_emp_17_the_emperor_moves_regalia_within_held_areas() {
    let d = data();
    let mut g = blank(&d, 6, "Pelorians");
    put(&mut g, &d, "Pelorians", "Darsen", Kind::Infantry, 1);
    put(&mut g, &d, "Pelorians", "Dikoria", Kind::Infantry, 1);
    let v = d.piece("Vestments").unwrap();
    assert!(
        g.legality(
            &d,
            0,
            &Step::Regalia {
                piece: v,
                to: ar(&d, "Dikoria")
            }
        )
        .is_err(),
        "not the Emperor"
    );
    g.emperor = Some(nat(&d, "Pelorians"));
    fresh(&mut g, &d);
    assert!(rejected_now(&mut g, &d, "regalia Vestments Bindle").contains("holds"));
    // Not into an area the Pelorians share with another nation either.
    let mut h = g.clone();
    put(&mut h, &d, "Alkoth", "Dikoria", Kind::Infantry, 1);
    let e = h
        .legality(
            &d,
            0,
            &Step::Regalia {
                piece: v,
                to: ar(&d, "Dikoria"),
            },
        )
        .unwrap_err()
        .to_string();
    assert!(e.contains("does not hold Dikoria"), "{e}");
    play_now(&mut g, &d, "regalia Vestments Dikoria");
    assert_eq!(g.regalia[v], Some(ar(&d, "Dikoria")));
    play_now(&mut g, &d, "regalia Vestments Darsen");
    play_now(&mut g, &d, "regalia Vestments Dikoria");
    assert!(rejected_now(&mut g, &d, "regalia Vestments Darsen").contains("at most 3"));
}

/// A unit walking into an area another nation also holds does not make the Emperor's
/// nation its holder: the piece lying there stays until a battle decides.
#[test]
fn pel_emp_17_a_piece_in_an_area_shared_with_another_nation_stays_put() {
    let d = data();
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Pelorians", "Kostaddi", Kind::Infantry, 2);
    put(&mut g, &d, "Hyalorings", "Saird", Kind::Cavalry, 3);
    place_piece(&mut g, &d, "Sandals", "Saird");
    g.emperor = Some(nat(&d, "Pelorians"));
    fresh(&mut g, &d);
    play_now(&mut g, &d, "move Kostaddi Saird infantry");
    let e = rejected_now(&mut g, &d, "regalia Sandals Kostaddi");
    assert!(e.contains("does not hold Saird"), "{e}");
    assert!(!g
        .legal_steps(&d, 0)
        .iter()
        .any(|s| matches!(s, Step::Regalia { .. })));
}

#[test]
fn pel_emp_18_pieces_joined_in_vonlath_are_never_split_off() {
    let d = data();
    let mut g = blank(&d, 6, "Pelorians");
    put(&mut g, &d, "Pelorians", "Vonlath", Kind::Infantry, 1);
    put(&mut g, &d, "Pelorians", "Esvuthil", Kind::Infantry, 1);
    place_piece(&mut g, &d, "Girdle", "Vonlath");
    g.emperor = Some(nat(&d, "Pelorians"));
    fresh(&mut g, &d);
    assert!(rejected_now(&mut g, &d, "regalia Girdle Esvuthil").contains("joined"));
}

#[test]
fn pel_emp_19_the_jenarong_emperor_scores_one_vp_per_piece_held() {
    let d = data();
    let mut g = blank(&d, 2, "YOUF");
    put(&mut g, &d, "Pelorians", "Darsen", Kind::Infantry, 1);
    put(&mut g, &d, "Pelorians", "Henjarl", Kind::Infantry, 1);
    let p = nat(&d, "Pelorians");
    g.emperor = Some(p);
    let mut ev = Vec::new();
    g.end_round(&d, &mut ev);
    assert_eq!(g.vp[p], 2);
}

// ==== Rites of Khordavu ====

#[test]
fn pel_khor_1_in_rounds_4_and_5_the_emperor_may_bring_regalia_to_vonlath() {
    let d = data();
    for (round, ok) in [(4, true), (5, true), (6, false)] {
        let mut g = blank(&d, round, "Pelorians");
        put(&mut g, &d, "Pelorians", "Esvuthil", Kind::Infantry, 1);
        place_piece(&mut g, &d, "Sceptre", "Esvuthil");
        g.emperor = Some(nat(&d, "Pelorians"));
        fresh(&mut g, &d);
        if ok {
            play_now(&mut g, &d, "regalia Sceptre Vonlath");
        } else {
            rejected_now(&mut g, &d, "regalia Sceptre Vonlath");
        }
    }
}

// PEL-KHOR-2
#[test]
fn pel_khor_3_the_bow_does_not_count_for_khordavu_claims() {
    let d = data();
    let mut g = blank(&d, 4, "Veshtargos");
    put(&mut g, &d, "Veshtargos", "Bindle", Kind::Infantry, 1);
    put(&mut g, &d, "Veshtargos", "Darsen", Kind::Infantry, 1);
    put(&mut g, &d, "Veshtargos", "Henjarl", Kind::Infantry, 1);
    let v = nat(&d, "Veshtargos");
    // The Vestments and the Girdle count; the Bow does not.
    assert_eq!(g.pieces_held(&d, v), 2);
    let mut ev = Vec::new();
    g.claim(&d, v, &mut ev);
    assert_eq!(
        (g.emperor, g.emperor_need),
        (Some(v), 2),
        "claims happen in Khordavu rounds"
    );
    g.round = 3;
    assert_eq!(g.pieces_held(&d, v), 3);
}

// PEL-KHOR-5
#[test]
fn pel_khor_4_all_regalia_but_the_bow_assembled_give_10_vp_once() {
    let d = data();
    let mut g = blank(&d, 5, "YOUF");
    put(&mut g, &d, "Pelorians", "Vonlath", Kind::Infantry, 1);
    let p = nat(&d, "Pelorians");
    g.emperor = Some(p);
    for (i, piece) in d.regalia.iter().enumerate() {
        if i != d.bow {
            place_piece(&mut g, &d, &piece.name, "Vonlath");
        }
    }
    place_piece(&mut g, &d, "Mantle", "Darjiin");
    let mut ev = Vec::new();
    let mut h = g.clone();
    h.end_round(&d, &mut ev);
    assert_eq!(h.vp[p], 0, "one piece missing");
    place_piece(&mut g, &d, "Mantle", "Vonlath");
    // All there, but the Emperor's nation must hold Vonlath itself.
    let mut h = g.clone();
    h.units.clear();
    put(&mut h, &d, "Pelorians", "Darsen", Kind::Infantry, 1);
    h.end_round(&d, &mut ev);
    assert_eq!(h.vp[p], 0, "Vonlath not held");
    g.end_round(&d, &mut ev);
    assert_eq!(g.vp[p], 10);
    g.round = 5;
    g.turn = NATIONS - 1;
    g.end_round(&d, &mut ev);
    assert_eq!(g.vp[p], 10, "paid once");
}

// ==== Complete Emperor ====

// PEL-CEMP-1
#[test]
fn pel_cemp_2_the_complete_emperor_scores_areas_connected_to_vonlath() {
    let d = data();
    let mut g = blank(&d, 7, "YOUF");
    for a in ["Vonlath", "Esvuthil", "Henjarl", "Lenshi"] {
        put(&mut g, &d, "Pelorians", a, Kind::Infantry, 1);
    }
    let p = nat(&d, "Pelorians");
    // Holding Vonlath with the gathered regalia decides the claim.
    for piece in ["Girdle", "Vestments"] {
        place_piece(&mut g, &d, piece, "Vonlath");
    }
    g.emperor = Some(nat(&d, "Hyalorings"));
    g.emperor_need = 2;
    let mut ev = Vec::new();
    g.claim(&d, p, &mut ev);
    assert_eq!(g.emperor, Some(p));
    assert_eq!(g.connected_to_vonlath(&d, p), 3);
    g.end_round(&d, &mut ev);
    assert_eq!(g.vp[p], 3);
}

#[test]
fn pel_cemp_3_no_vonlath_no_connection() {
    let d = data();
    let mut g = blank(&d, 7, "YOUF");
    for a in ["Esvuthil", "Henjarl"] {
        put(&mut g, &d, "Pelorians", a, Kind::Infantry, 1);
    }
    assert_eq!(g.connected_to_vonlath(&d, nat(&d, "Pelorians")), 0);
    let rounds: Vec<u8> = (1..=16).filter(|&r| d.round(r).complete).collect();
    assert_eq!(rounds, (6..=12).collect::<Vec<u8>>());
}
