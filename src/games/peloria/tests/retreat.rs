//! Peloria tests of retreats (PEL-RET), mirroring `rules/retreat.rs`.

use super::*;

// ==== Retreats ====

// PEL-BRIT-13
#[test]
fn pel_ret_1_after_a_round_the_defender_then_the_attacker_may_retreat() {
    let d = data();
    let mut g = blank(&d, 2, "Theyalans");
    put(&mut g, &d, "Theyalans", "Naveria", Kind::Infantry, 2);
    put(&mut g, &d, "Pelorians", "Naveria", Kind::Infantry, 2);
    came_from(&mut g, &d, "Theyalans", "Naveria", "Lenshi");
    battle(
        &mut g,
        &d,
        "Naveria",
        "Pelorians",
        1,
        Stage::DefenderRetreat,
        vec![],
    );
    advance(&mut g, &d);
    assert_eq!(g.status().acting(), &[0], "the Pelorians' player first");
    play_now(&mut g, &d, "stay");
    assert_eq!(g.status().acting(), &[2], "then the Theyalans' player");
    play_now(&mut g, &d, "retreat Naveria Lenshi infantry");
    play_now(&mut g, &d, "retreat Naveria Lenshi infantry");
    assert!(g.battle.is_none(), "the attacker left: the battle is over");
    assert_eq!(cnt(&g, &d, "Pelorians", "Naveria"), 2);
}

// PEL-BRIT-13
#[test]
fn pel_ret_2_defenders_retreat_next_door_to_empty_or_own_areas_they_may_enter() {
    let d = data();
    let mut g = blank(&d, 2, "Theyalans");
    put(&mut g, &d, "Theyalans", "Rinliddi", Kind::Infantry, 2);
    put(&mut g, &d, "Pelorians", "Rinliddi", Kind::Infantry, 1);
    put(&mut g, &d, "Pelorians", "Henjarl", Kind::Infantry, 1);
    put(&mut g, &d, "Alkoth", "Raibanth", Kind::Infantry, 1);
    battle(
        &mut g,
        &d,
        "Rinliddi",
        "Pelorians",
        1,
        Stage::DefenderRetreat,
        vec![],
    );
    advance(&mut g, &d);
    let steps = g.legal_steps(&d, 0);
    let to = |a: &str| Step::Retreat {
        from: ar(&d, "Rinliddi"),
        to: ar(&d, a),
        kind: Kind::Infantry,
    };
    assert!(steps.contains(&to("Kestinlands")), "empty");
    assert!(steps.contains(&to("Henjarl")), "own");
    assert!(!steps.contains(&to("Raibanth")), "held by others");
    assert!(
        !steps.contains(&to("Oronin")),
        "a mountain Pelorians may not enter"
    );
    assert!(!steps.contains(&to("White-Sea")));
    assert!(!steps.contains(&to("Lenshi")), "not next door");
}

#[test]
fn pel_ret_3_attackers_retreat_only_to_where_they_came_from() {
    let d = data();
    let mut g = blank(&d, 2, "Theyalans");
    put(&mut g, &d, "Theyalans", "Naveria", Kind::Infantry, 2);
    put(&mut g, &d, "Pelorians", "Naveria", Kind::Infantry, 1);
    came_from(&mut g, &d, "Theyalans", "Naveria", "Saird");
    battle(
        &mut g,
        &d,
        "Naveria",
        "Pelorians",
        1,
        Stage::AttackerRetreat,
        vec![],
    );
    advance(&mut g, &d);
    assert_eq!(
        g.legal_steps(&d, 2),
        vec![
            Step::Retreat {
                from: ar(&d, "Naveria"),
                to: ar(&d, "Saird"),
                kind: Kind::Infantry
            },
            Step::Stay
        ]
    );
}

/// Notation (PEL-RET-3's position): `retreat <from> <to>` may leave out the unit kind
/// where only one kind can make that move; with two kinds it must be given.
#[test]
fn pel_ret_3_a_retreat_names_its_kind_only_when_two_kinds_could_go() {
    let d = data();
    let mut g = blank(&d, 2, "Theyalans");
    put(&mut g, &d, "Theyalans", "Naveria", Kind::Infantry, 2);
    put(&mut g, &d, "Pelorians", "Naveria", Kind::Infantry, 1);
    came_from(&mut g, &d, "Theyalans", "Naveria", "Saird");
    battle(
        &mut g,
        &d,
        "Naveria",
        "Pelorians",
        1,
        Stage::AttackerRetreat,
        vec![],
    );
    advance(&mut g, &d);
    let want = Step::Retreat {
        from: ar(&d, "Naveria"),
        to: ar(&d, "Saird"),
        kind: Kind::Infantry,
    };
    for text in [
        "retreat Naveria Saird",
        "retreat nav sai",
        "retreat Naveria Saird infantry",
    ] {
        assert_eq!(g.parse_step(&d, 2, text), Ok(want.clone()), "{text}");
    }
    // Cavalry there too: the kind must be said.
    put(&mut g, &d, "Theyalans", "Naveria", Kind::Cavalry, 1);
    came_from(&mut g, &d, "Theyalans", "Naveria", "Saird");
    let e = g
        .parse_step(&d, 2, "retreat Naveria Saird")
        .unwrap_err()
        .to_string();
    assert!(e.contains("retreat Naveria Saird cavalry"), "{e}");
    assert!(e.contains("retreat Naveria Saird infantry"), "{e}");
    assert_eq!(
        g.parse_step(&d, 2, "retreat Naveria Saird infantry"),
        Ok(want)
    );
}

// PEL-STACK-1
#[test]
fn pel_ret_4_stacking_limits_apply_to_retreats() {
    let d = data();
    let mut g = blank(&d, 2, "Theyalans");
    put(&mut g, &d, "Theyalans", "Naveria", Kind::Infantry, 2);
    put(&mut g, &d, "Pelorians", "Naveria", Kind::Infantry, 1);
    put(&mut g, &d, "Pelorians", "Bindle", Kind::Infantry, 2);
    put(&mut g, &d, "Pelorians", "Lenshi", Kind::Infantry, 4);
    battle(
        &mut g,
        &d,
        "Naveria",
        "Pelorians",
        1,
        Stage::DefenderRetreat,
        vec![],
    );
    advance(&mut g, &d);
    let steps = g.legal_steps(&d, 0);
    let to = |a: &str| Step::Retreat {
        from: ar(&d, "Naveria"),
        to: ar(&d, a),
        kind: Kind::Infantry,
    };
    assert!(
        !steps.contains(&to("Bindle")),
        "Bindle full and Lenshi already the overstack"
    );
    assert!(steps.contains(&to("Dikoria")));
}

/// Once the units still in the battle have no legal retreat left, the retreat is over
/// without a `stay`: here Saird has room for one Pelorian and no other neighbour for any.
// PEL-RET-5, PEL-RET-4
#[test]
fn pel_ret_5_the_retreat_ends_by_itself_when_no_unit_can_go_further() {
    let d = data();
    let mut g = blank(&d, 2, "Theyalans");
    put(&mut g, &d, "Theyalans", "Naveria", Kind::Infantry, 2);
    put(&mut g, &d, "Pelorians", "Naveria", Kind::Infantry, 2);
    // The one overstack is in Darsen, away from the battle: Bindle is full, Saird has
    // room for one, Lenshi and Dikoria hold other nations.
    put(&mut g, &d, "Pelorians", "Darsen", Kind::Infantry, 5);
    put(&mut g, &d, "Pelorians", "Bindle", Kind::Infantry, 2);
    put(&mut g, &d, "Pelorians", "Saird", Kind::Infantry, 2);
    put(&mut g, &d, "Alkoth", "Lenshi", Kind::Infantry, 1);
    put(&mut g, &d, "Alkoth", "Dikoria", Kind::Infantry, 1);
    battle(
        &mut g,
        &d,
        "Naveria",
        "Pelorians",
        1,
        Stage::DefenderRetreat,
        vec![],
    );
    advance(&mut g, &d);
    let to = |a: &str| Step::Retreat {
        from: ar(&d, "Naveria"),
        to: ar(&d, a),
        kind: Kind::Infantry,
    };
    assert_eq!(g.legal_steps(&d, 0), vec![to("Saird"), Step::Stay]);
    let a = play_now(&mut g, &d, "retreat Naveria Saird infantry");
    assert_eq!(cnt(&g, &d, "Pelorians", "Saird"), 3);
    // No retreat left and none for the attackers (they came from nowhere): the next
    // round is rolled at once.
    assert!(
        a.events.iter().any(|e| e.text.contains("Naveria round 2")),
        "{:?}",
        a.events
    );
}

#[test]
fn pel_ret_5_units_with_no_legal_retreat_stay_in_the_battle() {
    let d = data();
    let mut g = blank(&d, 2, "Theyalans");
    put(&mut g, &d, "Theyalans", "Naveria", Kind::Infantry, 2);
    put(&mut g, &d, "Pelorians", "Naveria", Kind::Infantry, 1);
    for a in ["Lenshi", "Bindle", "Saird", "Dikoria"] {
        put(&mut g, &d, "Alkoth", a, Kind::Infantry, 1);
    }
    battle(
        &mut g,
        &d,
        "Naveria",
        "Pelorians",
        1,
        Stage::DefenderRetreat,
        vec![],
    );
    let ev = advance(&mut g, &d);
    // No retreat asked: the next round was rolled at once.
    assert!(ev.iter().any(|l| l.contains("Naveria round 2")), "{ev:?}");
}

#[test]
fn pel_ret_6_telmori_retreat_to_any_empty_mountain_and_must_retreat() {
    let d = data();
    let mut g = blank(&d, 6, "Theyalans");
    put(&mut g, &d, "Theyalans", "Naveria", Kind::Infantry, 2);
    put(&mut g, &d, "Telmori", "Naveria", Kind::Infantry, 1);
    put(&mut g, &d, "Alkoth", "Filichet", Kind::Infantry, 1);
    put(&mut g, &d, "Telmori", "Oronin", Kind::Infantry, 1);
    battle(
        &mut g,
        &d,
        "Naveria",
        "Telmori",
        1,
        Stage::DefenderRetreat,
        vec![],
    );
    advance(&mut g, &d);
    let steps = g.legal_steps(&d, 0);
    let to = |a: &str| Step::Retreat {
        from: ar(&d, "Naveria"),
        to: ar(&d, a),
        kind: Kind::Infantry,
    };
    assert!(steps.contains(&to("Votankiland")), "a mountain far away");
    assert!(
        !steps.contains(&to("Oronin")),
        "not a far mountain holding Telmori already"
    );
    assert!(!steps.contains(&to("Filichet")), "not an occupied mountain");
    assert!(
        steps.contains(&to("Dorastor")),
        "cursed Dorastor, from anywhere"
    );
    assert!(!steps.contains(&Step::Stay), "the Telmori must retreat");
    // And they cannot be killed.
    let b = g.battle.clone().unwrap();
    assert!(g.hit_options(&d, &b, nat(&d, "Telmori"), 6).is_empty());
}

#[test]
fn pel_ret_7_retreats_are_offered_after_every_round() {
    let d = data();
    let mut g = blank(&d, 2, "Theyalans");
    put(&mut g, &d, "Theyalans", "Naveria", Kind::Infantry, 2);
    put(&mut g, &d, "Pelorians", "Naveria", Kind::Infantry, 1);
    battle(
        &mut g,
        &d,
        "Naveria",
        "Pelorians",
        3,
        Stage::DefenderRetreat,
        vec![],
    );
    advance(&mut g, &d);
    assert_eq!(g.status().acting(), &[0]);
    assert!(g.legal_steps(&d, 0).contains(&Step::Retreat {
        from: ar(&d, "Naveria"),
        to: ar(&d, "Lenshi"),
        kind: Kind::Infantry
    }));
    // Not before the first round.
    g.battle.as_mut().unwrap().round = 0;
    assert!(g
        .legality(
            &d,
            0,
            &Step::Retreat {
                from: ar(&d, "Naveria"),
                to: ar(&d, "Lenshi"),
                kind: Kind::Infantry
            }
        )
        .is_err());
}

/// Reading of "the area they moved from": each attacking unit goes back to the area it
/// itself entered the battle area from; an area a unit of the nation entered from and then
/// left again (an overrun passing through) is no way back for the others.
#[test]
fn pel_ret_3_each_attacking_unit_retreats_to_the_area_it_moved_from() {
    let d = data();
    let mut g = blank(&d, 2, "Hyalorings");
    put(&mut g, &d, "Pelorians", "Naveria", Kind::Infantry, 1);
    put(&mut g, &d, "Hyalorings", "Dikoria", Kind::Cavalry, 1);
    put(&mut g, &d, "Hyalorings", "Lenshi", Kind::Cavalry, 1);
    put(&mut g, &d, "Hyalorings", "Sylila", Kind::Cavalry, 1);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "move Dikoria Naveria cavalry");
    play_now(&mut g, &d, "move Lenshi Naveria cavalry");
    play_now(&mut g, &d, "move Naveria Saird cavalry");
    battle(
        &mut g,
        &d,
        "Naveria",
        "Pelorians",
        1,
        Stage::AttackerRetreat,
        vec![],
    );
    advance(&mut g, &d);
    let hy = d.nations[nat(&d, "Hyalorings")].player;
    let to = |a: &str| Step::Retreat {
        from: ar(&d, "Naveria"),
        to: ar(&d, a),
        kind: Kind::Cavalry,
    };
    let steps = g.legal_steps(&d, hy);
    assert!(steps.contains(&to("Dikoria")), "{steps:?}");
    assert!(
        !steps.contains(&to("Lenshi")),
        "the unit from Lenshi went on to Saird"
    );
    // Two units from two areas: each has its own way back.
    let mut g = blank(&d, 2, "Hyalorings");
    put(&mut g, &d, "Pelorians", "Naveria", Kind::Infantry, 2);
    put(&mut g, &d, "Hyalorings", "Dikoria", Kind::Cavalry, 1);
    put(&mut g, &d, "Hyalorings", "Lenshi", Kind::Cavalry, 1);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "move Dikoria Naveria cavalry");
    play_now(&mut g, &d, "move Lenshi Naveria cavalry");
    battle(
        &mut g,
        &d,
        "Naveria",
        "Pelorians",
        1,
        Stage::AttackerRetreat,
        vec![],
    );
    advance(&mut g, &d);
    play_now(&mut g, &d, "retreat Naveria Dikoria cavalry");
    let e = rejected_now(&mut g, &d, "retreat Naveria Dikoria cavalry");
    assert!(e.contains("Dikoria"), "{e}");
    play_now(&mut g, &d, "retreat Naveria Lenshi cavalry");
    assert_eq!(cnt(&g, &d, "Hyalorings", "Dikoria"), 1);
    assert_eq!(cnt(&g, &d, "Hyalorings", "Lenshi"), 1);
}
