//! Peloria tests of population increase (PEL-POP), mirroring `rules/population.rs`.

use super::*;

// ==== Population increase ====

/// A Pelorian's population points as the rule counts them: 2 per open, river or Tripolis
/// area held, 1 per rough, mountain or forest one (none of theirs is a plateau, the sea or
/// Dorastor in seed 5's opening rounds).
fn pelorian_points(g: &Peloria, d: &PeloriaData) -> u32 {
    g.held(d, nat(d, "Pelorians"))
        .into_iter()
        .map(|a| match d.terrain(a) {
            Terrain::Open | Terrain::River | Terrain::Tripolis => 2,
            Terrain::Rough | Terrain::Mountain | Terrain::Forest => 1,
            other => panic!("{other:?} in {}", d.areas[a].name),
        })
        .sum()
}

/// Seed 5's opening: the Pelorians' first population increase from an empty track, then
/// their round 2 one (the game played on by random steps) with the remainder kept.
// PEL-BRIT-14, PEL-POP-2
#[test]
fn pel_pop_1_count_is_two_per_open_one_per_rough_plus_track() {
    let d = data();
    let pel = nat(&d, "Pelorians");
    let (before_placing, _) = PELORIANS_MOVE_IN_ROUND_1.split_once("Ann: place").unwrap();
    let mut p = Playout {
        g: position(&d, before_placing),
        pick: GameRng::new(5),
    };
    let points = pelorian_points(&p.g, &d);
    assert_eq!(p.g.phase, Phase::Place { left: 4 });
    assert_eq!(points / 6, 4, "{points} points");
    assert_eq!(u32::from(p.g.track[pel]), points % 6, "the remainder stays");
    let kept = u32::from(p.g.track[pel]);
    let g = p.until(&d, "the Pelorians' second turn", |g| {
        g.round == 2 && g.turn == pel
    });
    let count = pelorian_points(g, &d) + kept;
    let left = match g.phase {
        Phase::Place { left } => u32::from(left),
        _ => 0,
    };
    assert_eq!((left, u32::from(g.track[pel])), (count / 6, count % 6));
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
    // why: a stock running out at a population increase: not searched for
    g.track[n] = 0;
    assert_eq!(g.population(&d, n, &mut ev), 0);
    assert_eq!(g.track[n], 5);
    // One left in stock, two earned: one comes, the track goes to 5.
    g.units.pop();
    // why: the same, one unit left in stock
    g.track[n] = 4;
    assert_eq!(g.population(&d, n, &mut ev), 1);
    assert_eq!(g.track[n], 5);
    // Reading: the track goes to 5 only when earned units find the stock empty. With
    // exactly as many in stock as earned, all come and the track keeps the remainder.
    let dikoria = ar(&d, "Dikoria") as u8;
    let i = g.units.iter().position(|u| u.area == dikoria).unwrap();
    g.units.remove(i);
    assert_eq!(g.stock(&d, n, Kind::Cavalry), 2);
    // why: the same, as many in stock as earned
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
    // why: the Hirenmador one cavalry short of their limit at a placement: not searched for
    g.phase = Phase::Place { left: 2 };
    play_now(&mut g, &d, "place Lenshi cavalry");
    assert_eq!(g.stock(&d, n, Kind::Cavalry), 0);
    assert_eq!(g.track[n], 5, "the second unit had nowhere to come from");
    // why: the same, one more to place
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
    let pel = nat(&d, "Pelorians");
    // Seed 5's opening, the Pelorians' placement: only where they stand alone.
    let (before_placing, _) = PELORIANS_MOVE_IN_ROUND_1.split_once("Ann: place").unwrap();
    let mut g = position(&d, before_placing);
    let places: Vec<Step> = g.legal_steps(&d, 0);
    assert!(!places.is_empty());
    for step in &places {
        let Step::Place { area, .. } = step else {
            panic!("{step:?}")
        };
        assert!(g.holds_alone(pel, *area), "{}", d.areas[*area].name);
    }
    // Not with the Hirenmador in Naveria, nor in an empty area next to their own.
    let e = rejected_now(&mut g, &d, "place Naveria infantry");
    assert!(e.contains("Naveria"), "{e}");
    assert!(g.count(pel, ar(&d, "Henjarl")) == 0);
    rejected_now(&mut g, &d, "place Henjarl infantry");
    // Seed 2's random game: the Praxians place in round 5 with a cavalry on the Hungry
    // Plateau, and only there although they hold other areas alone.
    let (px, plateau) = (nat(&d, "Praxians"), ar(&d, "Hungry-Plateau"));
    let mut p = Playout::new(&d, 2);
    let g = p.until(
        &d,
        "a Praxian placement with the Hungry Plateau held",
        |g| g.turn == px && matches!(g.phase, Phase::Place { .. }) && g.count(px, plateau) > 0,
    );
    let elsewhere: Vec<&str> = (0..d.areas.len())
        .filter(|&a| a != plateau && g.holds_alone(px, a))
        .map(|a| d.areas[a].name.as_str())
        .collect();
    assert!(!elsewhere.is_empty(), "{:?}", g.units);
    assert_eq!(
        g.legal_steps(&d, first_acting(&*g)),
        vec![Step::Place {
            area: plateau,
            kind: Kind::Cavalry
        }],
        "not in {elsewhere:?}"
    );
}

// PEL-POP-6, PEL-STACK-8
#[test]
fn pel_pop_6_placement_respects_stacking_with_one_overstack() {
    let d = data();
    // Real play piling units up (rough land first), stopped at a placement of two or more
    // units that may go into either of two areas at their stacking limit.
    let (mut g, (full, other)) =
        found(&d, "a placement by two full areas", piling(&d, true), |g| {
            if !matches!(g.phase, Phase::Place { left } if left >= 2) {
                return None;
            }
            let n = g.turn;
            let at_limit = |t: &String| {
                let words: Vec<&str> = t.split_whitespace().collect();
                let a = d.area(words.get(1)?)?;
                (g.armies(n, a) == g.limit(&d, a)).then_some(t.clone())
            };
            let full: Vec<String> = (legal(g, &d, first_acting(g)).iter())
                .filter_map(at_limit)
                .collect();
            let first = full.first()?;
            let area = |t: &String| t.split_whitespace().nth(1).map(str::to_string);
            let other = full.iter().find(|t| area(t) != area(first))?;
            Some((first.clone(), other.clone()))
        });
    play_now(&mut g, &d, &full);
    // The first is now the overstack: no second one.
    let e = rejected_now(&mut g, &d, &other);
    assert!(e.contains("stacking"), "{e}");
    play_now(&mut g, &d, &full);
}

// PEL-BRIT-15
#[test]
fn pel_pop_7_a_unit_with_no_legal_place_is_lost_and_the_track_goes_to_5() {
    let d = data();
    let mut g = blank(&d, 2, "Hirenmador");
    let n = nat(&d, "Hirenmador");
    put(&mut g, &d, "Hirenmador", "Bindle", Kind::Cavalry, 4);
    // why: a unit to place with no legal area (all held areas full): not searched for
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
    let (so, esv) = (nat(&d, "Soldiers"), ar(&d, "Esvuthil"));
    // Seed 1's random game: another nation stands in Esvuthil when round 5's Soldiers'
    // turn begins with their arrival.
    let mut p = Playout::new(&d, 1);
    let g = p.until(&d, "the Soldiers' turn in round 5", |g| {
        g.round == 5 && g.turn == so
    });
    let others: Vec<usize> = (0..NATIONS)
        .filter(|&n| n != so && g.count(n, esv) > 0)
        .collect();
    assert!(!others.is_empty(), "another nation holds Esvuthil");
    assert_eq!(
        g.count(so, esv),
        4,
        "Soldiers arrive in Esvuthil held by others"
    );
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
