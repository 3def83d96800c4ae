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
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Pelorians", "Henjarl", Kind::Infantry, 5);
    put(&mut g, &d, "Pelorians", "Vonlath", Kind::Infantry, 1);
    put(&mut g, &d, "Pelorians", "Esvuthil", Kind::Infantry, 4);
    // why: an over-populated nation with a one-unit area: not searched for
    g.phase = Phase::Overpop;
    assert_eq!(g.overpop_excess(&d, nat(&d, "Pelorians")), 1);
    assert!(rejected_now(&mut g, &d, "remove Vonlath infantry").contains("empty"));
    // Only a kind the nation has there can go.
    let e = g
        .legality(
            &d,
            0,
            &Step::Remove {
                area: ar(&d, "Henjarl"),
                kind: Kind::Cavalry,
            },
        )
        .unwrap_err()
        .to_string();
    assert!(e.contains("have no cavalry in Henjarl"), "{e}");
    let a = play_now(&mut g, &d, "remove Henjarl infantry");
    assert!(
        a.events
            .iter()
            .any(|e| e.text == "Overpopulation: the Pelorians lose one infantry in Henjarl."),
        "{:?}",
        a.events
    );
}
