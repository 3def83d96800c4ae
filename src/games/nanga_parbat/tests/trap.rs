//! Tests of steps 1 to 3 (`rules/trap.rs`): trapping, the hiker that replaces the animal,
//! the guide, and the animal boards.

use super::*;

// NAN-TRAP-2
#[test]
fn nan_aboard_1_trapped_animals_go_to_the_trappers_board() {
    // Ann traps the yak at 1.1, which leaves the guide on region 1 for Bob's red panda at 1.2.
    let mut g = position(&format!("{STARTED}\nAnn: trap 1.1\nAnn: end"));
    assert_eq!(g.fresh[0][Animal::Yak.index()], 1);
    assert_eq!(g.fresh[1], [0; 6]);
    play(&mut g, data(), 1, "trap 1.2");
    assert_eq!(g.fresh[1][Animal::Panda.index()], 1);
    let v = g.view(data(), Viewer::Seat(0));
    assert_eq!(v.players[0].fresh[Animal::Yak.index()], 1);
}

#[test]
fn nan_aboard_2_an_activated_animal_moves_to_the_used_part() {
    let mut g = position(&format!("{STARTED}\nAnn: trap 1.1  # a yak"));
    play(&mut g, data(), 0, "yak 6");
    assert_eq!(g.fresh[0][Animal::Yak.index()], 0);
    assert_eq!(g.used[0][Animal::Yak.index()], 1);
    let v = g.view(data(), Viewer::Spectator);
    assert_eq!(v.players[0].used[Animal::Yak.index()], 1);
}

#[test]
fn nan_trap_1_any_animal_of_the_guides_region_and_only_there() {
    // Ann's yak at 1.1 leaves a hiker there and the guide on region 1 for Bob.
    let mut g = position(&format!("{STARTED}\nAnn: trap 1.1\nAnn: end"));
    let traps: Vec<String> = legal(&g, data(), 1)
        .into_iter()
        .filter(|s| s.starts_with("trap"))
        .collect();
    assert_eq!(
        traps,
        ["trap 1.2", "trap 1.3", "trap 1.4", "trap 1.5", "trap 1.6"]
    );
    let e = refused(&mut g, data(), 1, "trap 2.1");
    assert!(e.reason.contains("guide's region"));
    let e = refused(&mut g, data(), 1, "trap 1.1");
    assert!(e.reason.contains("no animal"));
    play(&mut g, data(), 1, "trap 1.6");
}

#[test]
fn nan_trap_2_the_animal_goes_onto_the_players_board() {
    // Seed 1 lays six yaks; Ann traps the one at 1.1.
    let g = position(&format!("{STARTED}\nAnn: trap 1.1"));
    assert_eq!(g.fresh[0][Animal::Yak.index()], 1);
    assert_eq!(
        g.cells
            .iter()
            .filter(|p| **p == Piece::Animal(Animal::Yak))
            .count(),
        5
    );
}

// NAN-GUIDE-1
#[test]
fn nan_trap_3_the_section_number_decides_the_guides_next_region() {
    // Region 5 of seed 1's mountain holds an animal in every section.
    for s in 1..=6 {
        let g = position(&format!(
            "players Ann Bob\nseed 1\nBob: guide 5\nAnn: trap 5.{s}"
        ));
        assert_eq!(g.guide, Some(s - 1), "section {s}");
    }
}

// NAN-TRAP-5 (reading: the active player picks the region)
#[test]
fn nan_trap_4_an_empty_guide_region_sends_the_guide_elsewhere_first() {
    let mut g = position(REGION_1_EMPTIED);
    assert_eq!(g.guide, Some(0));
    let l = legal(&g, data(), 0);
    assert!(l.iter().all(|s| !s.starts_with("trap")), "{l:?}");
    let guides: Vec<&String> = l.iter().filter(|s| s.starts_with("guide")).collect();
    assert_eq!(
        guides,
        ["guide 2", "guide 3", "guide 4", "guide 5", "guide 6"]
    );
    let e = refused(&mut g, data(), 0, "trap 3.2");
    assert!(e.reason.contains("guide's region"));
    play(&mut g, data(), 0, "guide 3");
    play(&mut g, data(), 0, "trap 3.2");
    assert_eq!(g.cells[c("3.2") as usize], Piece::Hiker(0));
}

#[test]
fn nan_trap_5_the_active_player_picks_the_region_with_animals() {
    let mut g = position(STARTED);
    // Seed 1 (STARTED) played on, both players steered (GameRng 1) to send the guide, by
    // the section they trap or by hand, to the region with the fewest animals left, until a
    // turn starts with the guide on an empty region and another region empty too.
    let left = |g: &NangaParbat, r: usize| {
        (0..6)
            .filter(|s| matches!(g.cells[r * 6 + s], Piece::Animal(_)))
            .count() as i32
    };
    let fewest = |g: &NangaParbat, _: Seat, t: &str| {
        let to = if t.starts_with("trap") {
            section_of(t)
        } else if t.starts_with("guide") {
            region_of(t)
        } else {
            return i32::from(t == "end");
        };
        to.map_or(0, |r| 10 - left(g, r))
    };
    let two_empty = |g: &NangaParbat| {
        let empty = (0..6).filter(|&r| !g.region_has_animal(r)).count();
        !g.trapped && empty >= 2 && !g.region_has_animal(g.guide.unwrap_or(0) as usize)
    };
    let found = steered_play_until(&mut g, data(), 200, &mut GameRng::new(1), fewest, two_empty);
    assert!(found, "guide {:?} turn {}: {:?}", g.guide, g.turn, g.cells);
    let (seat, here) = (g.current, g.guide.unwrap() as usize);
    let other_empty = (0..6)
        .find(|&r| r != here && !g.region_has_animal(r))
        .unwrap();
    let open = (0..6).find(|&r| g.region_has_animal(r)).unwrap();
    let e = refused(&mut g, data(), seat, &format!("guide {}", other_empty + 1));
    assert!(e.reason.contains("no animal left"), "{e}");
    refused(&mut g, data(), seat, &format!("guide {}", here + 1));
    assert_eq!(
        g.apply(data(), 1 - seat, &Step::Guide(open as u8))
            .unwrap_err()
            .topic,
        "turn",
        "only the active player moves it"
    );
    play(&mut g, data(), seat, &format!("guide {}", open + 1));
    assert_eq!(g.guide, Some(open as u8));
    // The guide is only moved by hand when its region is empty.
    let mut h = position(STARTED);
    let e = refused(&mut h, data(), 0, "guide 2");
    assert!(e.reason.contains("still has animals"));
}

#[test]
fn nan_hiker_1_a_hiker_from_the_supply_takes_the_animals_place() {
    // Ann's leopard at 1.5 sends the guide to region 5, where Bob traps the deer at 5.5.
    let mut g = position(&format!("{STARTED}\nAnn: trap 1.5\nAnn: end"));
    assert_eq!(g.cells[c("1.5") as usize], Piece::Hiker(0));
    assert_eq!(g.hikers, vec![14, 15]);
    play(&mut g, data(), 1, "trap 5.5");
    assert_eq!(g.cells[c("5.5") as usize], Piece::Hiker(1));
    assert_eq!(g.hikers, vec![14, 14]);
}

#[test]
fn nan_guide_1_the_guide_moves_to_the_region_numbered_like_the_section() {
    let g = position("players Ann Bob\nseed 1\nBob: guide 6\nAnn: trap 6.3");
    assert_eq!(g.guide, Some(2));
}

#[test]
fn nan_guide_2_section_4_of_region_2_sends_the_guide_to_region_4() {
    let g = position("players Ann Bob\nseed 1\nBob: guide 2\nAnn: trap 2.4");
    assert_eq!(g.guide, Some(3));
    assert!(g.this_turn.join(" ").contains("guide goes to region 4"));
}

#[test]
fn nan_guide_3_a_section_numbered_like_its_region_keeps_the_guide() {
    let g = position("players Ann Bob\nseed 1\nBob: guide 3\nAnn: trap 3.3");
    assert_eq!(g.guide, Some(2));
}

#[test]
fn nan_guide_4_the_opponent_traps_next_in_the_guides_new_region() {
    // Seed 1's region 6 holds six animals.
    let g = position(&format!("{STARTED}\nAnn: trap 1.6\nAnn: end"));
    let traps: Vec<String> = legal(&g, data(), 1)
        .into_iter()
        .filter(|s| s.starts_with("trap"))
        .collect();
    assert_eq!(traps.len(), 6);
    assert!(traps.iter().all(|s| s.starts_with("trap 6.")));
}

// NAN-TRAP-5: the guide leaves an empty region by hand; the log names the region it left.
#[test]
fn nan_trap_5_moving_the_guide_names_the_empty_region_it_leaves() {
    let mut g = position(REGION_1_EMPTIED);
    assert_eq!(g.guide, Some(0));
    let a = play(&mut g, data(), 0, "guide 3");
    assert!(
        said(&a, " | ").contains("region 1 has no animal left: Ann moves the guide to region 3"),
        "{}",
        said(&a, " | ")
    );
}
