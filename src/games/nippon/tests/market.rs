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
    let g = fresh(&d, 2);
    let all: u32 = d.regions[0].slots.iter().flatten().sum();
    assert_eq!(g.region_influence(&d, 0).1, all);
    // Played on until Hokkaido's cities hold a tile.
    let g = steered(2, industry, |g| {
        g.influence[..2].iter().flatten().any(|t| t.is_some())
    });
    let covered: u32 = (0..2)
        .flat_map(|c| (0..4).map(move |s| (c, s)))
        .filter(|&(c, s)| g.influence[c][s].is_some())
        .map(|(c, s)| d.regions[0].slots[c][s])
        .sum();
    assert!(covered > 0);
    assert_eq!(g.region_influence(&d, 0).1, all - covered);
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
    // Played on until a market action begins where two tiles can go to Kanto (on a copy).
    let kanto = |c: usize| c / 2 == 2;
    let mut g = steered(4, industry, |g| {
        market_begun(g) && place_tiles(&mut g.clone(), &d, 2, kanto) == 2
    });
    let (s, yen) = (g.current, g.players[g.current].yen);
    assert_eq!(place_tiles(&mut g, &d, 2, kanto), 2);
    assert_eq!(g.players[s].yen, yen + 2 * 5_000);
}

// NIP-MKT-6, NIP-MKT-7, NIP-MKT-8, NIP-MKT-9
#[test]
fn nip_mkt_8_tile_value_by_good_and_cubes() {
    let d = data();
    assert_eq!(d.influence_value, [[1, 2, 3], [3, 4, 5], [5, 6, 7]]);
    // Played on (goods made and sold) until a market action begins with goods of a level-2
    // factory or higher.
    let mut g = steered(2, industry, |g| {
        let p = &g.players[g.current];
        market_begun(g)
            && (0..d.goods.len())
                .any(|f| d.goods[f].level >= 2 && p.factories[f].is_some_and(|x| x.goods >= 1))
    });
    let s = g.current;
    let mut checked = 0;
    for f in 0..d.goods.len() {
        let held = g.players[s].factories[f].map_or(0, |x| x.goods).min(3);
        for c in 1..=held {
            let max = d.max_value(f, c);
            let name = &d.goods[f].name;
            if max < 7 {
                let e = rejected_now(&mut g, &d, &format!("tile {} {name} {c}", max + 1));
                assert!(e.contains(&format!("value {max} at most")), "{e}");
                checked += 1;
            }
        }
    }
    assert!(checked > 0);
    // NIP-MKT-7: lower values are allowed: some tile below the highest is legal.
    let l = legal(&g, &d, s);
    assert!(
        l.iter().filter(|t| t.starts_with("tile ")).any(|t| {
            let w: Vec<&str> = t.split(' ').collect();
            let (v, c): (u8, u8) = (w[1].parse().unwrap(), w[3].parse().unwrap());
            v < d.max_value(gi(&d, w[2]), c)
        }),
        "{l:?}"
    );
}

/// At the start of a market action: a split of one good's cubes, 1 on a first tile and 2 on
/// a second, both left on the board (the first such pair the legal steps offer): the four
/// steps `tile; city; tile; city`.
fn split_tiles(g: &Nippon, d: &NipponData) -> Option<Vec<String>> {
    if !market_begun(g) {
        return None;
    }
    let s = g.current;
    let cubes = |t: &String, n: &str| t.starts_with("tile ") && t.ends_with(n);
    let ones = legal(g, d, s).into_iter().filter(|t| cubes(t, " 1"));
    ones.into_iter().find_map(|first| {
        let good = first.split(' ').nth(2)?.to_string();
        let mut h = g.clone();
        let tiles = h.players[s].tiles.len();
        let mut steps = vec![first];
        play(&mut h, d, s, &steps[0]);
        let city = |h: &Nippon| legal(h, d, s).into_iter().find(|t| t.starts_with("city "));
        steps.push(city(&h)?);
        play(&mut h, d, s, &steps[1]);
        let same = |t: &String| cubes(t, " 2") && t.split(' ').nth(2) == Some(good.as_str());
        steps.push(legal(&h, d, s).into_iter().find(same)?);
        play(&mut h, d, s, &steps[2]);
        steps.push(city(&h)?);
        play(&mut h, d, s, &steps[3]);
        (h.players[s].tiles.len() == tiles - 2).then_some(steps)
    })
}

// NIP-MKT-10, NIP-MKT-11
#[test]
fn nip_mkt_11_split_cubes_among_tiles() {
    let d = data();
    // Played on until a market action begins where one good's cubes can go 1 to a first
    // tile and 2 to a second.
    let mut g = steered(4, industry, |g| split_tiles(g, &d).is_some());
    let (s, steps) = (g.current, split_tiles(&g, &d).unwrap());
    let f = gi(&d, steps[0].split(' ').nth(2).unwrap());
    let goods = g.players[s].factories[f].unwrap().goods;
    play_all(&mut g, &d, s, &steps.join("; "));
    assert_eq!(
        g.players[s].factories[f].unwrap().goods,
        goods - 3,
        "{steps:?}: 1 + 2 cubes"
    );
}

// NIP-MKT-12, NIP-MKT-13, NIP-MKT-14
#[test]
fn nip_mkt_14_a_higher_tile_replaces_a_lower_one() {
    let d = data();
    // Played on until a market action begins where a tile can go on a city slot that holds
    // another player's lower tile.
    let mut g = steered(4, industry, |g| over(g, &d, false).is_some());
    let (s, (tile, c, side)) = (g.current, over(&g, &d, false).unwrap());
    let held = g.influence[c][side].unwrap();
    let theirs = g.players[held.seat as usize].tiles.len();
    play_all(&mut g, &d, s, &format!("{tile}; city {}", d.city_name(c)));
    let v: u8 = tile.split(' ').nth(1).unwrap().parse().unwrap();
    assert_eq!(
        g.influence[c][side],
        Some(Placed {
            seat: s as u8,
            value: v
        })
    );
    let back = g.players[held.seat as usize].tiles.len();
    assert_eq!(back, theirs + 1, "back to its owner");
    // Equal is not enough, even for one's own tile.
    let mut g = steered(4, industry, |g| over(g, &d, true).is_some());
    let (tile, c, _) = over(&g, &d, true).unwrap();
    play_now(&mut g, &d, &tile);
    assert!(
        rejected_now(&mut g, &d, &format!("city {}", d.city_name(c)))
            .contains("only a higher tile")
    );
}

/// [`slot_where`] the slot holds a tile of the same value (`same`), or another player's
/// lower tile the chosen one may replace.
fn over(g: &Nippon, d: &NipponData, same: bool) -> Option<(String, usize, usize)> {
    let s = g.current;
    slot_where(g, d, |h, c, side, v| match h.influence[c][side] {
        Some(held) if same => held.value == v,
        Some(held) => {
            held.value < v && held.seat as usize != s && h.check(d, s, &Step::City(c as u8)).is_ok()
        }
        None => false,
    })
}

// NIP-MKT-15, NIP-MKT-16, NIP-MKT-17
#[test]
fn nip_mkt_17_two_player_city_limit() {
    let d = data();
    // With two players a city holds 2 tiles: played on until a tile chosen can go to a full
    // city's empty slot, `beats` its lowest tile or not.
    let full = |beats: bool| {
        move |h: &Nippon, c: usize, side: usize, v: u8| {
            let held: Vec<Placed> = h.influence[c].iter().flatten().copied().collect();
            let low = held.iter().min_by_key(|t| t.value);
            h.influence[c][side].is_none()
                && held.len() == 2
                && held[0].value != held[1].value
                && low.is_some_and(|t| (t.value < v) == beats && t.seat as usize != h.current)
        }
    };
    let mut g = steered(2, industry, |g| slot_where(g, &d, full(false)).is_some());
    let (tile, c, _) = slot_where(&g, &d, full(false)).unwrap();
    play_now(&mut g, &d, &tile);
    let e = rejected_now(&mut g, &d, &format!("city {}", d.city_name(c)));
    assert!(e.contains("beat the lowest"), "{e}");
    let mut g = steered(2, industry, |g| slot_where(g, &d, full(true)).is_some());
    let (tile, c, side) = slot_where(&g, &d, full(true)).unwrap();
    let s = g.current;
    let low = (0..4)
        .filter_map(|x| g.influence[c][x].map(|t| (t.value, x, t.seat)))
        .min()
        .unwrap();
    let back = g.players[low.2 as usize].tiles.len();
    play_all(&mut g, &d, s, &format!("{tile}; city {}", d.city_name(c)));
    assert!(g.influence[c][side].is_some_and(|t| t.seat as usize == s));
    assert_eq!(g.influence[c].iter().flatten().count(), 2);
    assert_eq!(
        g.players[low.2 as usize].tiles.len(),
        back + 1,
        "the lowest goes back"
    );
}

/// Steering toward ties: three players put their lowest tiles first (values 1 and 2 are
/// common to every player), market actions before anything else.
fn lowball(g: &Nippon, s: Seat, t: &str) -> i32 {
    if t == "consolidate" {
        return i32::from(g.players[s].workers.len() >= 3) * 5;
    }
    let order = [
        "tile 1 ",
        "tile 2 ",
        "city",
        "do market",
        "run",
        "do produce",
        "build",
        "do factory",
        "take",
    ];
    by(&order, t)
}

// NIP-MKT-16: tied lowest tiles: the active player chooses.
#[test]
fn nip_mkt_16_active_player_chooses_between_tied_lowest() {
    let d = data();
    // Three players steered toward low tiles until a tile put on a full city leaves tied
    // lowest tiles there to choose from.
    let choosing = |g: &Nippon| matches!(&g.stage, Stage::Market(m) if m.city.is_some());
    let mut g = steered(3, lowball, choosing);
    let Stage::Market(Market { city: Some(c), .. }) = g.stage else {
        unreachable!("stopped at a choice")
    };
    let c = c as usize;
    let s = g.current;
    let removes: Vec<String> = legal(&g, &d, s)
        .into_iter()
        .filter(|t| t.starts_with("remove "))
        .collect();
    let tied: Vec<usize> = (0..4)
        .filter(|&x| removes.contains(&format!("remove {}", d.goods[g.good_at(&d, c, x)].name)))
        .collect();
    assert!(tied.len() >= 2, "{removes:?}");
    let value = |g: &Nippon, x: usize| g.influence[c][x].map(|t| t.value);
    let low = (0..4).filter_map(|x| value(&g, x)).min();
    assert!(
        tied.iter().all(|&x| value(&g, x) == low),
        "the lowest, tied"
    );
    // Any other step now is told to choose the tile to remove.
    let e = g.check(&d, s, &Step::Done).unwrap_err().to_string();
    assert!(e.contains("choose the tile to remove"), "{e}");
    // The second of the tied tiles goes back to its owner; the first stays.
    let (keep, gone) = (tied[0], tied[1]);
    let owner = g.influence[c][gone].unwrap().seat as usize;
    let lows = |g: &Nippon| {
        g.players[owner]
            .tiles
            .iter()
            .filter(|&&v| Some(v) == low)
            .count()
    };
    let back = lows(&g);
    let remove = format!("remove {}", d.goods[g.good_at(&d, c, gone)].name);
    play_now(&mut g, &d, &remove);
    assert_eq!(g.influence[c][gone], None);
    assert!(g.influence[c][keep].is_some());
    assert_eq!(
        lows(&g),
        back + 1,
        "the removed tile goes back to its owner"
    );
}

// NIP-MKT-1: at most 3 tiles, then the action ends.
#[test]
fn nip_mkt_1_up_to_three_tiles() {
    let d = data();
    // Played on until a market action begins where 3 tiles can be placed one after the
    // other (tried on a copy).
    let g = steered(4, industry, |g| {
        market_begun(g) && place_tiles(&mut g.clone(), &d, 3, |_| true) == 3
    });
    let (mut g, s) = (g.clone(), g.current);
    assert_eq!(place_tiles(&mut g, &d, 3, |_| true), 3);
    assert!(
        g.current != s || g.stage == Stage::Spend,
        "the third tile ends the action"
    );
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
    // Four players, played on until a tile chosen can go to an empty slot of a city that
    // holds another tile.
    let beside = |h: &Nippon, c: usize, side: usize, _: u8| {
        h.influence[c][side].is_none()
            && h.influence[c].iter().any(|t| t.is_some())
            && h.check(&d, h.current, &Step::City(c as u8)).is_ok()
    };
    let mut g = steered(4, industry, |g| slot_where(g, &d, beside).is_some());
    let (tile, c, side) = slot_where(&g, &d, beside).unwrap();
    let (s, others) = (g.current, g.influence[c]);
    play_all(&mut g, &d, s, &format!("{tile}; city {}", d.city_name(c)));
    for x in (0..4).filter(|&x| x != side) {
        assert_eq!(g.influence[c][x], others[x]);
    }
    assert!(g.influence[c][side].is_some_and(|t| t.seat as usize == s));
}
