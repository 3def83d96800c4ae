//! Nippon tests of the local market (NIP-CITY, NIP-MKT), mirroring `rules/market.rs`.

use super::*;

// NIP-CITY-3
#[test]
fn nip_city_3_a_tile_of_lenses_paper_silk_bulbs() {
    let d = data();
    let goods: Vec<&str> = d.city_tiles[6]
        .iter()
        .map(|&g| d.goods[g].name.as_str())
        .collect();
    assert_eq!(goods, ["lenses", "paper", "silk", "bulbs"]);
    // Each good is wanted on 6 of the 9 tiles.
    for g in 0..6 {
        assert_eq!(d.city_tiles.iter().filter(|t| t.contains(&g)).count(), 6);
    }
}

// NIP-CITY-4, NIP-SCORE-3
#[test]
fn nip_city_4_overseas_count_only_uncovered_slots() {
    let d = data();
    let mut g = fresh(&d, 2);
    let all: u32 = d.regions[0].slots.iter().flatten().sum();
    assert_eq!(g.region_influence(&d, 0).1, all);
    // why: an influence tile on a chosen city slot: a factory, goods and a market action
    tile(&mut g, 0, 0, 1, 2);
    assert_eq!(g.region_influence(&d, 0).1, all - d.regions[0].slots[0][0]);
}

// NIP-MKT-1, NIP-MKT-2, NIP-MKT-3, NIP-MKT-4
#[test]
fn nip_mkt_4_tiles_beside_the_supplied_good_in_one_region() {
    let d = data();
    let mut g = silk_with_three_goods();
    begin(&mut g, &d, Action::Market);
    let c = city_with(&g, &d, None, "silk");
    play_all(
        &mut g,
        &d,
        0,
        &format!("tile 2 silk 2; city {}", d.city_name(c)),
    );
    let s = g.side_of(&d, c, 0).unwrap();
    assert_eq!(g.influence[c][s], Some(Placed { seat: 0, value: 2 }));
    assert_eq!(g.players[0].factories[0].unwrap().goods, 1);
    // A city without silk refuses the silk tile; another region refuses too.
    if let Some(other) = (0..8).find(|&o| o / 2 != c / 2 && g.side_of(&d, o, 0).is_some()) {
        play_now(&mut g, &d, "tile 1 silk 1");
        assert!(
            rejected_now(&mut g, &d, &format!("city {}", d.city_name(other))).contains("all go to")
        );
    }
}

// NIP-MKT-5
#[test]
fn nip_mkt_5_region_bonus_per_tile() {
    let d = data();
    let names: Vec<String> = d.regions.iter().map(|r| format!("{}", r.bonus)).collect();
    assert_eq!(names, ["2 coal", "2 blueprints", "5,000 yen", "2 VP"]);
    let mut g = fresh(&d, 4);
    // why: three factories with goods: many rounds of building and producing
    give_factory(&mut g, &d, 0, "silk", 0, 4);
    give_factory(&mut g, &d, 0, "paper", 0, 4);
    g.players[0].factories[gi(&d, "bento")] = Some(Factory {
        machine: 0,
        goods: 4,
    });
    // why: above
    begin(&mut g, &d, Action::Market);
    // Two tiles in Kanto: 10,000 yen.
    let mut placed = 0;
    for good in ["silk", "paper", "bento"] {
        if placed == 2 {
            break;
        }
        let Some(c) = (4..6).find(|&c| g.side_of(&d, c, gi(&d, good)).is_some()) else {
            continue;
        };
        play_all(
            &mut g,
            &d,
            0,
            &format!(
                "tile {k} {good} {k}; city {}",
                d.city_name(c),
                k = placed + 1
            ),
        );
        placed += 1;
    }
    assert_eq!(placed, 2);
    assert_eq!(g.players[0].yen, 12_000 + placed * 5_000);
}

// NIP-MKT-6, NIP-MKT-7, NIP-MKT-8, NIP-MKT-9
#[test]
fn nip_mkt_8_tile_value_by_good_and_cubes() {
    let d = data();
    assert_eq!(d.influence_value, [[1, 2, 3], [3, 4, 5], [5, 6, 7]]);
    let mut g = fresh(&d, 4);
    // why: factories of paper and clocks with goods: many rounds of building and producing
    give_factory(&mut g, &d, 0, "paper", 0, 3);
    give_factory(&mut g, &d, 0, "clocks", 0, 3);
    begin(&mut g, &d, Action::Market);
    assert!(rejected_now(&mut g, &d, "tile 4 paper 3").contains("value 3 at most"));
    assert!(rejected_now(&mut g, &d, "tile 7 clocks 2").contains("value 6 at most"));
    let l = legal(&g, &d, g.current);
    assert!(l.contains(&"tile 3 paper 3".into()) && l.contains(&"tile 6 clocks 2".into()));
    // NIP-MKT-7: lower values are always allowed.
    assert!(l.contains(&"tile 1 clocks 3".into()));
}

// NIP-MKT-10, NIP-MKT-11
#[test]
fn nip_mkt_11_split_cubes_among_tiles() {
    let d = data();
    let mut g = fresh(&d, 4);
    // why: a clocks factory (level 3) with goods: many rounds of knowledge, building and producing
    give_factory(&mut g, &d, 0, "clocks", 0, 3);
    begin(&mut g, &d, Action::Market);
    let cs: Vec<usize> = (0..8).filter(|&c| g.side_of(&d, c, 4).is_some()).collect();
    let r = cs[0] / 2;
    let two: Vec<usize> = cs.iter().copied().filter(|&c| c / 2 == r).collect();
    play_all(
        &mut g,
        &d,
        0,
        &format!("tile 5 clocks 1; city {}", d.city_name(two[0])),
    );
    if two.len() > 1 {
        play_all(
            &mut g,
            &d,
            0,
            &format!("tile 6 clocks 2; city {}", d.city_name(two[1])),
        );
        assert_eq!(g.players[0].factories[4].unwrap().goods, 0);
    } else {
        // The same slot takes the higher tile, returning the first to its owner.
        play_all(
            &mut g,
            &d,
            0,
            &format!("tile 6 clocks 2; city {}", d.city_name(two[0])),
        );
        assert!(g.players[0].tiles.contains(&5));
    }
}

// NIP-MKT-12, NIP-MKT-13, NIP-MKT-14
#[test]
fn nip_mkt_14_a_higher_tile_replaces_a_lower_one() {
    let d = data();
    let mut g = fresh(&d, 4);
    let clocks = gi(&d, "clocks");
    let c = city_with(&g, &d, None, "clocks");
    let s = g.side_of(&d, c, clocks).unwrap();
    // Purple (seat 0) placed a value-5 tile earlier.
    let i = g.players[0].tiles.iter().position(|&v| v == 5).unwrap();
    g.players[0].tiles.remove(i);
    // why: a tile of value 5 on a chosen city and a clocks factory with goods: a long game's play
    tile(&mut g, c, s, 0, 5);
    let purple_tiles = g.players[0].tiles.len();
    play_now(&mut g, &d, "consolidate"); // purple; blue plays next
                                         // why: above
    give_factory(&mut g, &d, 1, "clocks", 0, 3);
    begin(&mut g, &d, Action::Market);
    play_all(
        &mut g,
        &d,
        1,
        &format!("tile 7 clocks 3; city {}", d.city_name(c)),
    );
    assert_eq!(g.influence[c][s], Some(Placed { seat: 1, value: 7 }));
    assert_eq!(g.players[0].tiles.len(), purple_tiles + 1, "back to Purple");
    // Equal is not enough, even for one's own tile.
    let mut h = fresh(&d, 4);
    // why: above
    tile(&mut h, c, s, 0, 5);
    give_factory(&mut h, &d, 0, "clocks", 0, 3);
    begin(&mut h, &d, Action::Market);
    play_now(&mut h, &d, "tile 5 clocks 1");
    assert!(
        rejected_now(&mut h, &d, &format!("city {}", d.city_name(c)))
            .contains("only a higher tile")
    );
}

// NIP-MKT-15, NIP-MKT-16, NIP-MKT-17
#[test]
fn nip_mkt_17_two_player_city_limit() {
    let d = data();
    let mut g = fresh(&d, 2);
    // why: tiles of chosen values on one city and a clocks factory with goods: a long game
    play_now(&mut g, &d, "consolidate"); // purple; blue plays next
    let c = city_with(&g, &d, None, "clocks");
    let clocks = g.side_of(&d, c, 4).unwrap();
    let others: Vec<usize> = (0..4).filter(|&s| s != clocks).collect();
    tile(&mut g, c, others[0], 0, 3); // Red's value 3 (seat 0 here)
    tile(&mut g, c, others[1], 1, 4); // Blue's own value 4
    give_factory(&mut g, &d, 1, "clocks", 0, 3);
    begin(&mut g, &d, Action::Market);
    play_now(&mut g, &d, "tile 3 clocks 1");
    assert!(
        rejected_now(&mut g, &d, &format!("city {}", d.city_name(c))).contains("beat the lowest")
    );
    let mut g2 = g.clone();
    // why: above
    g2.stage = Stage::Market(Market {
        region: None,
        placed: 0,
        tile: None,
        city: None,
    });
    play_all(
        &mut g2,
        &d,
        1,
        &format!("tile 5 clocks 1; city {}", d.city_name(c)),
    );
    assert_eq!(
        g2.influence[c][others[0]], None,
        "Red's value-3 tile goes back"
    );
    assert_eq!(g2.influence[c].iter().flatten().count(), 2);
    assert!(g2.players[0].tiles.contains(&3));
}

// NIP-MKT-16: tied lowest tiles: the active player chooses.
#[test]
fn nip_mkt_16_active_player_chooses_between_tied_lowest() {
    let d = data();
    let mut g = fresh(&d, 3);
    let c = city_with(&g, &d, None, "clocks");
    let clocks = g.side_of(&d, c, 4).unwrap();
    let others: Vec<usize> = (0..4).filter(|&s| s != clocks).collect();
    // why: three players' tiles of chosen values on one city: a long game's play
    tile(&mut g, c, others[0], 1, 2);
    tile(&mut g, c, others[1], 2, 2);
    tile(&mut g, c, others[2], 1, 6);
    give_factory(&mut g, &d, 0, "clocks", 0, 3);
    begin(&mut g, &d, Action::Market);
    play_all(
        &mut g,
        &d,
        0,
        &format!("tile 5 clocks 1; city {}", d.city_name(c)),
    );
    let choices = legal(&g, &d, g.current);
    assert_eq!(
        choices.iter().filter(|s| s.starts_with("remove")).count(),
        2
    );
    // Any other step now is told to choose the tile to remove.
    let e = g.check(&d, 0, &Step::Done).unwrap_err().to_string();
    assert!(e.contains("choose the tile to remove"), "{e}");
    let g2 = g.good_at(&d, c, others[1]);
    play_now(&mut g, &d, &format!("remove {}", d.goods[g2].name));
    assert_eq!(g.influence[c][others[1]], None);
    assert!(g.influence[c][others[0]].is_some());
    assert_eq!(g.influence[c][clocks], Some(Placed { seat: 0, value: 5 }));
}

// NIP-MKT-1: at most 3 tiles, then the action ends.
#[test]
fn nip_mkt_1_up_to_three_tiles() {
    let d = data();
    let mut g = fresh(&d, 4);
    for f in 0..6 {
        // why: factories holding goods take building and producing rounds; the market is the point
        g.players[0].factories[f] = Some(Factory {
            machine: 0,
            goods: 3,
        });
    }
    // why: above
    begin(&mut g, &d, Action::Market);
    let mut placed = 0;
    let mut ended = false;
    for good in 0..6 {
        if let Some(c) = (0..2).find(|&c| {
            g.side_of(&d, c, good).is_some()
                && g.influence[c][g.side_of(&d, c, good).unwrap()].is_none()
        }) {
            let a = play_all(
                &mut g,
                &d,
                0,
                &format!(
                    "tile {k} {} {k}; city {}",
                    d.goods[good].name,
                    d.city_name(c),
                    k = placed + 1
                ),
            );
            placed += 1;
            if placed == 3 {
                ended = a.turn_ended;
                break;
            }
        }
    }
    assert_eq!(placed, 3);
    assert!(ended);
}

// NIP-MKT-1: one tile at a time: once a tile is chosen, its city comes next, and a
// second tile is refused even when built directly.
#[test]
fn nip_mkt_1_a_second_tile_waits_until_the_first_has_its_city() {
    let d = data();
    let mut g = silk_with_three_goods();
    begin(&mut g, &d, Action::Market);
    let silk = gi(&d, "silk") as u8;
    assert!(g
        .check(
            &d,
            0,
            &Step::Tile {
                value: 1,
                good: silk,
                cubes: 1,
            }
        )
        .is_ok());
    let e = g.check(&d, 0, &Step::Run(silk)).unwrap_err().to_string();
    assert!(e.contains("`tile <value> <good> <cubes>`"), "{e}");
    play_now(&mut g, &d, "tile 2 silk 2");
    for step in [
        Step::Tile {
            value: 1,
            good: silk,
            cubes: 1,
        },
        Step::Done,
    ] {
        let e = g.check(&d, 0, &step).unwrap_err().to_string();
        assert!(e.contains("now choose the city"), "{step:?}: {e}");
    }
    // Also after a first tile is placed: `done` must wait for the second tile's city.
    let c = (0..8)
        .find(|&c| g.check(&d, 0, &Step::City(c as u8)).is_ok())
        .unwrap();
    play_now(&mut g, &d, &format!("city {}", d.city_name(c)));
    assert!(g
        .check(
            &d,
            0,
            &Step::Tile {
                value: 1,
                good: silk,
                cubes: 1,
            }
        )
        .is_ok());
    play_now(&mut g, &d, "tile 1 silk 1");
    let e = g.check(&d, 0, &Step::Done).unwrap_err().to_string();
    assert!(e.contains("now choose the city"), "{e}");
}

// NIP-MKT-16: only a full city loses a tile: below the limit (none with 4 players), a
// tile on an empty side leaves the other tiles of the city where they are.
#[test]
fn nip_mkt_16_a_city_below_its_limit_keeps_its_other_tiles() {
    let d = data();
    let mut g = fresh(&d, 4);
    // why: a factory with goods and a tile of the other seat's on a chosen city: a long game's play
    give_factory(&mut g, &d, 0, "silk", 0, 4);
    let c = city_with(&g, &d, None, "silk");
    let silk = g.side_of(&d, c, gi(&d, "silk")).unwrap();
    let other = (0..4).find(|&s| s != silk).unwrap();
    // why: above
    tile(&mut g, c, other, 1, 1);
    begin(&mut g, &d, Action::Market);
    play_all(
        &mut g,
        &d,
        0,
        &format!("tile 2 silk 2; city {}", d.city_name(c)),
    );
    assert_eq!(g.influence[c][other], Some(Placed { seat: 1, value: 1 }));
    assert_eq!(g.influence[c][silk], Some(Placed { seat: 0, value: 2 }));
}
