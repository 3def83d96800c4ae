//! Peloria tests of population increase (PEL-POP), mirroring `rules/population.rs`.

use super::*;

// ==== Population increase ====

// PEL-BRIT-14, PEL-POP-2
#[test]
fn pel_pop_1_count_is_two_per_open_one_per_rough_plus_track() {
    let d = data();
    let mut g = blank(&d, 2, "Pelorians");
    for a in ["Lenshi", "Dikoria", "Henjarl"] {
        put(&mut g, &d, "Pelorians", a, Kind::Infantry, 1);
    }
    put(&mut g, &d, "Pelorians", "Imther", Kind::Infantry, 1);
    let n = nat(&d, "Pelorians");
    assert_eq!(g.pop_points(&d, n), 7);
    g.track[n] = 4;
    let mut ev = Vec::new();
    assert_eq!(g.population(&d, n, &mut ev), 1, "11 points: one unit");
    assert_eq!(g.track[n], 5, "the remainder stays on the track");
    g.track[n] = 5;
    assert_eq!(g.population(&d, n, &mut ev), 2, "12 points: two units");
    assert_eq!(g.track[n], 0);
}

// PEL-BRIT-16
#[test]
fn pel_pop_3_no_stock_sets_the_track_to_5() {
    let d = data();
    let mut g = blank(&d, 2, "Hirenmador");
    let n = nat(&d, "Hirenmador");
    for a in ["Lenshi", "Naveria", "Dikoria", "Saird"] {
        put(&mut g, &d, "Hirenmador", a, Kind::Cavalry, 2);
    }
    let mut ev = Vec::new();
    g.track[n] = 0;
    assert_eq!(g.population(&d, n, &mut ev), 0);
    assert_eq!(g.track[n], 5);
    // One left in stock, two earned: one comes, the track goes to 5.
    g.units.pop();
    g.track[n] = 4;
    assert_eq!(g.population(&d, n, &mut ev), 1);
    assert_eq!(g.track[n], 5);
    // Reading: the track goes to 5 only when earned units find the stock empty. With
    // exactly as many in stock as earned, all come and the track keeps the remainder.
    let dikoria = ar(&d, "Dikoria") as u8;
    let i = g.units.iter().position(|u| u.area == dikoria).unwrap();
    g.units.remove(i);
    assert_eq!(g.stock(&d, n, Kind::Cavalry), 2);
    g.track[n] = 4;
    let count = g.pop_points(&d, n) + 4;
    assert_eq!(count / 6, 2, "two earned");
    assert_eq!(g.population(&d, n, &mut ev), 2);
    assert_eq!(u32::from(g.track[n]), count % 6);
    assert_ne!(g.track[n], 5);
}

// PEL-BRIT-16
#[test]
fn pel_pop_4_never_more_units_than_the_maximum() {
    let d = data();
    let mut g = blank(&d, 2, "Hirenmador");
    let n = nat(&d, "Hirenmador");
    put(&mut g, &d, "Hirenmador", "Lenshi", Kind::Cavalry, 7);
    // Only the nation's own units of that kind count against its maximum.
    put(&mut g, &d, "Hirenmador", "Saird", Kind::Infantry, 2);
    put(&mut g, &d, "Praxians", "Saird", Kind::Cavalry, 3);
    assert_eq!(g.stock(&d, n, Kind::Cavalry), 1);
    g.phase = Phase::Place { left: 2 };
    play_now(&mut g, &d, "place Lenshi cavalry");
    assert_eq!(g.stock(&d, n, Kind::Cavalry), 0);
    assert_eq!(g.track[n], 5, "the second unit had nowhere to come from");
    g.phase = Phase::Place { left: 1 };
    let e = g
        .legality(
            &d,
            0,
            &Step::Place {
                area: ar(&d, "Lenshi"),
                kind: Kind::Cavalry,
            },
        )
        .unwrap_err();
    assert!(e.reason.contains("stock"), "{e}");
}

// PEL-BRIT-15
#[test]
fn pel_pop_5_new_units_only_where_the_nation_is_alone_and_praxians_on_the_plateau() {
    let d = data();
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Pelorians", "Lenshi", Kind::Infantry, 1);
    put(&mut g, &d, "Pelorians", "Naveria", Kind::Infantry, 1);
    put(&mut g, &d, "Hirenmador", "Naveria", Kind::Cavalry, 1);
    g.phase = Phase::Place { left: 1 };
    let steps = g.legal_steps(&d, 0);
    assert_eq!(
        steps,
        vec![Step::Place {
            area: ar(&d, "Lenshi"),
            kind: Kind::Infantry
        }]
    );
    assert!(g
        .legality(
            &d,
            0,
            &Step::Place {
                area: ar(&d, "Dikoria"),
                kind: Kind::Infantry
            }
        )
        .is_err());
    assert!(g
        .legality(
            &d,
            0,
            &Step::Place {
                area: ar(&d, "Naveria"),
                kind: Kind::Infantry
            }
        )
        .is_err());
    let mut g = blank(&d, 4, "Praxians");
    put(&mut g, &d, "Praxians", "Dragon-Pass", Kind::Cavalry, 1);
    put(&mut g, &d, "Praxians", "Hungry-Plateau", Kind::Cavalry, 1);
    g.phase = Phase::Place { left: 1 };
    assert_eq!(
        g.legal_steps(&d, 0),
        vec![Step::Place {
            area: ar(&d, "Hungry-Plateau"),
            kind: Kind::Cavalry
        }]
    );
}

// PEL-POP-6, PEL-STACK-8
#[test]
fn pel_pop_6_placement_respects_stacking_with_one_overstack() {
    let d = data();
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Pelorians", "Lenshi", Kind::Infantry, 3);
    put(&mut g, &d, "Pelorians", "Imther", Kind::Infantry, 2);
    g.phase = Phase::Place { left: 2 };
    play_now(&mut g, &d, "place Lenshi infantry");
    // Lenshi is now the overstack: no second one.
    let e = rejected_now(&mut g, &d, "place Imther infantry");
    assert!(e.contains("stacking"), "{e}");
    play_now(&mut g, &d, "place Lenshi infantry");
}

// PEL-BRIT-15
#[test]
fn pel_pop_7_a_unit_with_no_legal_place_is_lost_and_the_track_goes_to_5() {
    let d = data();
    let mut g = blank(&d, 2, "Hirenmador");
    let n = nat(&d, "Hirenmador");
    put(&mut g, &d, "Hirenmador", "Bindle", Kind::Cavalry, 4);
    g.track[n] = 1;
    g.phase = Phase::Place { left: 1 };
    advance(&mut g, &d);
    assert_eq!(g.track[n], 5);
    assert_eq!(g.on_board(n), 4);
    assert_eq!(g.phase, Phase::Move { cycle: 1 });
}

// PEL-POP-10
#[test]
fn pel_pop_9_arrivals_ignore_the_placement_rules() {
    let d = data();
    let mut g = blank(&d, 5, "Pelorians");
    put(&mut g, &d, "Pelorians", "Esvuthil", Kind::Infantry, 2);
    g.turn = nat(&d, "Soldiers");
    let mut ev = Vec::new();
    g.begin_turn(&d, &mut ev);
    assert_eq!(
        cnt(&g, &d, "Soldiers", "Esvuthil"),
        4,
        "Soldiers arrive in Esvuthil held by others"
    );
    assert_eq!(cnt(&g, &d, "Pelorians", "Esvuthil"), 2);
}

#[test]
fn pel_pop_11_mountains_count_as_rough_and_cursed_dorastor_counts_nothing() {
    let d = data();
    let mut g = blank(&d, 6, "Telmori");
    put(&mut g, &d, "Telmori", "Oronin", Kind::Infantry, 1);
    put(&mut g, &d, "Telmori", "Dorastor", Kind::Infantry, 1);
    assert_eq!(
        g.pop_points(&d, nat(&d, "Telmori")),
        2,
        "mountain 1, Dorastor 1 for the Telmori"
    );
    put(&mut g, &d, "Theyalans", "Dorastor", Kind::Infantry, 1);
    put(&mut g, &d, "Theyalans", "Hungry-Plateau", Kind::Infantry, 1);
    assert_eq!(
        g.pop_points(&d, nat(&d, "Theyalans")),
        0,
        "cursed Dorastor and the plateau give others nothing"
    );
    put(&mut g, &d, "Praxians", "Hungry-Plateau", Kind::Cavalry, 1);
    g.units
        .retain(|u| u.nation as usize != nat(&d, "Theyalans"));
    assert_eq!(g.pop_points(&d, nat(&d, "Praxians")), 2);
    assert!(d.area("Esvuthil").is_some() && d.area("Esvulthil").is_none());
}
