//! Tests of Setup (`rules/setup.rs`): the mountain, the animals, the chart and the first guide.

use super::*;

#[test]
fn nan_setup_1_exactly_two_players() {
    let o = opts(false);
    for n in [1, 3] {
        let p: Vec<String> = (0..n).map(|i| format!("p{i}")).collect();
        let e = crate::engine::setup_checked::<NangaParbat>(data(), &p, &o, 1).unwrap_err();
        assert!(e.0.contains("takes 2 players, not"), "{e}");
    }
    assert!(NangaParbat::setup(
        data(),
        &["a".into(), "b".into(), "c".into()],
        &Opts::default(),
        1
    )
    .is_err());
    assert!(crate::engine::setup_checked::<NangaParbat>(data(), &names(), &o, 1).is_ok());
}

#[test]
fn nan_setup_2_six_regions_numbered_1_to_6() {
    let g = fresh_game(false, 1);
    assert_eq!(
        legal(&g, data(), 1),
        ["guide 1", "guide 2", "guide 3", "guide 4", "guide 5", "guide 6"]
    );
    assert!(g.parse_step(data(), 1, "guide 7").is_err());
    assert!(g.parse_step(data(), 1, "guide 0").is_err());
    assert_eq!(g.cells.len(), 36);
}

#[test]
fn nan_setup_3_every_region_has_the_same_six_sections_and_borders() {
    let d = data();
    let inside = |r: usize| -> Vec<(usize, usize)> {
        let mut v = Vec::new();
        for s in 0..6 {
            for &b in &d.adj[r * 6 + s] {
                if b as usize / 6 == r {
                    v.push((s, b as usize % 6));
                }
            }
        }
        v
    };
    for r in 1..6 {
        assert_eq!(
            inside(r),
            inside(0),
            "region {} is laid out like region 1",
            r + 1
        );
    }
    // Top down, then left to right: 1 touches 2 and 3; 2 touches 4 and 5; 3 touches 5, 6.
    assert!(d.adjacent(c("1.1"), c("1.2")) && d.adjacent(c("1.1"), c("1.3")));
    assert!(d.adjacent(c("1.2"), c("1.4")) && d.adjacent(c("1.3"), c("1.6")));
    assert!(!d.adjacent(c("1.1"), c("1.4")) && !d.adjacent(c("1.4"), c("1.6")));
    assert_eq!(cell_name(c("4.6")), "4.6");
    assert_eq!(c("4.6"), 23);
}

// NAN-SETUP-5
#[test]
fn nan_setup_4_thirty_six_animals_six_of_each_kind_one_per_section() {
    for seed in [1, 2, 3] {
        let g = fresh_game(false, seed);
        for a in Animal::ALL {
            let n = g.cells.iter().filter(|p| **p == Piece::Animal(a)).count();
            assert_eq!(n, 6, "{a:?}");
        }
    }
}

#[test]
fn nan_setup_5_animals_are_spread_at_random_from_the_seed() {
    let a = fresh_game(false, 1);
    let b = fresh_game(false, 2);
    assert_ne!(a.cells, b.cells, "another seed, another spread");
    assert_eq!(
        a.cells,
        fresh_game(false, 1).cells,
        "same seed, same spread"
    );
    // Not in kind order.
    let sorted = {
        let mut v = a.cells.clone();
        v.sort_by_key(|p| match p {
            Piece::Animal(x) => x.index(),
            _ => 9,
        });
        v
    };
    assert_ne!(a.cells, sorted);
}

// NAN-ABOARD-1 (empty boards at the start)
#[test]
fn nan_setup_6_fifteen_hikers_twelve_camps_five_cubes_each() {
    let g = fresh_game(false, 1);
    let v = g.view(data(), Viewer::Spectator);
    for p in &v.players {
        assert_eq!((p.hikers_left, p.camps_left, p.cubes_left), (15, 12, 5));
        assert_eq!(p.fresh, [0; 6]);
        assert_eq!(p.used, [0; 6]);
    }
}

#[test]
fn nan_setup_7_both_scores_start_at_0() {
    let g = fresh_game(false, 1);
    assert_eq!(g.scores(), &[0, 0]);
}

// NAN-SETUP-8 reading: the second seat places the guide; the first seat then plays.
#[test]
fn nan_setup_8_second_player_places_the_guide_then_the_first_plays() {
    let mut g = fresh_game(false, 1);
    assert_eq!(g.status(), Status::Acting(vec![1]));
    assert!(legal(&g, data(), 0).is_empty());
    let e = g
        .apply(data(), 0, &Step::Guide(0))
        .expect_err("the first seat does not place the guide");
    assert_eq!(e.topic, "turn");
    let e = refused(&mut g, data(), 1, "trap 1.1");
    assert_eq!(e.topic, "setup");
    play(&mut g, data(), 1, "guide 4");
    assert_eq!(g.guide, Some(3));
    assert_eq!(g.status(), Status::Acting(vec![0]));
    assert!(legal(&g, data(), 0)
        .iter()
        .all(|s| !s.starts_with("trap") || s.starts_with("trap 4.")));
    assert!(legal(&g, data(), 0)
        .iter()
        .any(|s| s.starts_with("trap 4.")));
}

// NAN-SETUP-8, NAN-ACT-4, NAN-ACT-5: a typed step (as a replay file or a stored log holds
// them) naming a region or section off the mountain is refused as an unknown place and
// changes nothing, whichever of its two sections is the bad one.
#[test]
fn nan_setup_8_steps_naming_a_region_or_section_off_the_mountain_are_refused() {
    let mut g = fresh_game(false, 1);
    let before = g.clone();
    let e = g
        .apply(data(), 1, &Step::Guide(REGIONS as u8))
        .expect_err("there is no seventh region");
    assert_eq!(e.topic, "notation", "{e}");
    assert_eq!(g, before);
    g.apply(data(), 1, &Step::Guide(REGIONS as u8 - 1))
        .expect("the sixth region is on the mountain");
    // Ann holds a leopard and a tahr, so only the place can be wrong.
    let mut g = position(YAK_TAHR_LEOPARD);
    let before = g.clone();
    let off = CELLS as u8;
    for st in [
        Step::Leopard {
            first: 0,
            second: off,
        },
        Step::Leopard {
            first: off,
            second: 0,
        },
        Step::Tahr {
            hiker: 0,
            animal: off,
        },
        Step::Tahr {
            hiker: off,
            animal: 0,
        },
    ] {
        let e = g
            .apply(data(), 0, &st)
            .expect_err("a section off the mountain");
        assert_eq!(e.topic, "notation", "{st:?}: {e}");
        assert_eq!(g, before, "{st:?}");
    }
}
