//! Peloria tests of overpopulation (PEL-OVP), mirroring `rules/overpopulation.rs`.

use super::*;

// ==== Overpopulation ====

// PEL-BRIT-17
#[test]
fn pel_ovp_1_armies_above_three_per_area_are_removed_by_the_owner() {
    let d = data();
    // Real play with units piled up, stopped in a movement phase whose `done` (tried on a
    // copy) brings the overpopulation at once: nothing left to fight, and the nation whose
    // turn it is has more armies than three per land area it holds.
    let (mut g, n) = found(
        &d,
        "an overpopulation straight after a movement",
        piling(&d, false),
        |g| {
            let seat = d.nations[g.turn].player;
            let done = "done".to_string();
            if !moving(g)
                || g.overpop_excess(&d, g.turn) == 0
                || !legal(g, &d, seat).contains(&done)
            {
                return None;
            }
            let mut h = g.clone();
            play_now(&mut h, &d, "done");
            (h.phase == Phase::Overpop).then_some(g.turn)
        },
    );
    let owner = d.nations[n].player;
    let a = play_now(&mut g, &d, "done");
    assert_eq!(g.phase, Phase::Overpop);
    // The excess counted afresh from the board: armies against three per land area held.
    let armies = (g.units.iter())
        .filter(|u| u.nation as usize == n && u.kind != Kind::Forest)
        .count();
    let areas = g.held(&d, n).len();
    let excess = armies - 3 * areas;
    assert!(excess >= 1);
    assert_eq!(g.overpop_excess(&d, n), excess);
    assert_eq!(first_acting(&g), owner);
    // The answer to the last step of the battles says what comes next, and who acts.
    let count = |k: usize, one: &str, many: &str| {
        if k == 1 {
            format!("1 {one}")
        } else {
            format!("{k} {many}")
        }
    };
    let next = format!(
        "The {} are over-populated (at most 3 armies per land area held, {}): {} removes {} \
         (`remove <area> <kind>`).",
        d.nations[n].name,
        count(areas, "area", "areas"),
        names()[owner],
        count(excess, "army", "armies")
    );
    assert!(a.events.iter().any(|e| e.text == next), "{:?}", a.events);
    // The owner removes them one by one, each from an area of its choice.
    let r = g.round;
    for _ in 0..excess {
        assert_eq!(
            (&g.phase, g.turn, first_acting(&g)),
            (&Phase::Overpop, n, owner)
        );
        let step = legal(&g, &d, owner)[0].clone();
        let area = d.area(step.split_whitespace().nth(1).unwrap()).unwrap();
        let before = g.count(n, area);
        play_now(&mut g, &d, &step);
        assert_eq!(g.count(n, area), before - 1, "{step}");
    }
    assert!(
        g.phase != Phase::Overpop || (g.round, g.turn) != (r, n),
        "the turn moved on"
    );
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
