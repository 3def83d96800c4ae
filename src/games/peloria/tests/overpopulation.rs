//! Peloria tests of overpopulation (PEL-OVP), mirroring `rules/overpopulation.rs`.

use super::*;

// ==== Overpopulation ====

// PEL-BRIT-17
#[test]
fn pel_ovp_1_armies_above_three_per_area_are_removed_by_the_owner() {
    let d = data();
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Pelorians", "Henjarl", Kind::Infantry, 5);
    put(&mut g, &d, "Pelorians", "Vonlath", Kind::Infantry, 2);
    fresh(&mut g, &d);
    let a = play_now(&mut g, &d, "done");
    assert_eq!(g.phase, Phase::Overpop);
    assert_eq!(g.overpop_excess(&d, nat(&d, "Pelorians")), 1);
    assert_eq!(first_acting(&g), 0);
    // The answer to the last step of the battles says what comes next, and who acts.
    let next = format!(
        "The Pelorians are over-populated (at most 3 armies per land area held, 2 areas): {} \
         removes 1 army (`remove <area> <kind>`).",
        names()[0]
    );
    assert!(a.events.iter().any(|e| e.text == next), "{:?}", a.events);
    play_now(&mut g, &d, "remove Vonlath infantry");
    assert!(g.round > 2, "the turn moved on");
    assert_eq!(cnt(&g, &d, "Pelorians", "Vonlath"), 1);
}

#[test]
fn pel_ovp_2_removal_never_empties_an_area() {
    let d = data();
    // Seed 2's random game: the Praxians are over-populated in round 3, with one cavalry
    // alone in an area and more in Dragon Pass.
    let px = nat(&d, "Praxians");
    let mut p = Playout::new(&d, 2);
    let g = p.until(&d, "an overpopulation with a one-unit area", |g| {
        g.phase == Phase::Overpop && (0..d.areas.len()).any(|a| g.count(g.turn, a) == 1)
    });
    assert_eq!((g.round, g.turn), (3, px));
    assert!(g.overpop_excess(&d, px) >= 1);
    let lone = (0..d.areas.len()).find(|&a| g.count(px, a) == 1).unwrap();
    let e = rejected_now(g, &d, &format!("remove {} cavalry", d.areas[lone].name));
    assert!(e.contains("empty"), "{e}");
    // Only a kind the nation has there can go.
    let e = g
        .legality(
            &d,
            first_acting(&*g),
            &Step::Remove {
                area: ar(&d, "Dragon-Pass"),
                kind: Kind::Infantry,
            },
        )
        .unwrap_err()
        .to_string();
    assert!(e.contains("have no infantry in Dragon-Pass"), "{e}");
    let a = play_now(g, &d, "remove Dragon-Pass cavalry");
    assert!(
        a.events
            .iter()
            .any(|e| e.text == "Overpopulation: the Praxians lose one cavalry in Dragon-Pass."),
        "{:?}",
        a.events
    );
}
