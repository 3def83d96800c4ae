//! Nanga Parbat tests, named after the clause ids of `../shared/clauses/nanga-parbat.md`
//! (further ids a test checks are listed in a comment above it). Every clause has a test;
//! the ambiguous ones are tested in the reading the module doc and `topics.rs` state.

use super::happening::Gain;
use super::*;
use crate::engine::conformance::{assert_non_interference, Suite};
use crate::engine::testing::{has_clause_id, legal, play, refused, said};
use crate::engine::Rules;
use crate::engine::{Game, Options, Status, Viewer};
use std::sync::OnceLock;

fn data() -> &'static NangaData {
    static D: OnceLock<NangaData> = OnceLock::new();
    D.get_or_init(|| parse_board(BOARD).expect("authored board parses"))
}

fn names() -> Vec<String> {
    vec!["Ann".to_string(), "Bob".to_string()]
}

fn opts(areas: bool) -> Options {
    let mut o = Options::new();
    if areas {
        o.insert("scoring".into(), "areas".into());
    }
    o
}

fn fresh_game(areas: bool, seed: u64) -> NangaParbat {
    crate::engine::setup_checked::<NangaParbat>(data(), &names(), &opts(areas), seed)
        .expect("setup")
}

/// Set up and let Bob put the guide on region 1: Ann is to trap.
fn started(areas: bool) -> NangaParbat {
    let mut g = fresh_game(areas, 1);
    play(&mut g, data(), 1, "guide 1");
    g
}

/// Lay out the mountain: six groups (regions 1-6) of six characters (sections 1-6):
/// `l t d y b p` animals (leopard, tahr, deer, yak, bharal, panda), `0`/`1` hikers of
/// seat 0/1, `X`/`Z` camps of seat 0/1.
fn lay(g: &mut NangaParbat, spec: &str) {
    let chars: Vec<char> = spec.chars().filter(|c| !c.is_whitespace()).collect();
    assert_eq!(chars.len(), 36, "{spec}");
    for (i, ch) in chars.into_iter().enumerate() {
        g.cells[i] = match ch {
            'l' => Piece::Animal(Animal::Leopard),
            't' => Piece::Animal(Animal::Tahr),
            'd' => Piece::Animal(Animal::Deer),
            'y' => Piece::Animal(Animal::Yak),
            'b' => Piece::Animal(Animal::Bharal),
            'p' => Piece::Animal(Animal::Panda),
            '0' => Piece::Hiker(0),
            '1' => Piece::Hiker(1),
            'X' => Piece::Camp(0),
            'Z' => Piece::Camp(1),
            _ => panic!("bad layout char {ch}"),
        };
    }
}

/// The standard test mountain: every region `ltdybp`.
const PLAIN: &str = "ltdybp ltdybp ltdybp ltdybp ltdybp ltdybp";

fn give_animals(g: &mut NangaParbat, seat: usize, a: Animal, n: u8) {
    g.fresh[seat][a.index()] += n;
}

fn c(s: &str) -> u8 {
    parse_cell(s).unwrap_or_else(|| panic!("cell {s}"))
}

/// Ann traps on `cell` (guide set to its region first) and ends; Bob is to act.
fn ann_turn(g: &mut NangaParbat, cell: &str) {
    g.guide = Some(c(cell) / 6);
    play(g, data(), 0, &format!("trap {cell}"));
    play(g, data(), 0, "end");
}

// ---------------------------------------------------------------- board file

#[test]
fn board_file_says_what_is_authored_and_parses() {
    assert!(BOARD.lines().take(12).any(|l| l.contains("AUTHORED")));
    let d = data();
    assert_eq!(d.need, [1, 2, 2, 3, 3]);
    assert_eq!((d.hikers, d.camps, d.cubes, d.per_kind), (15, 12, 5, 6));
    for a in 0..CELLS {
        for &b in &d.adj[a] {
            assert!(d.adjacent(b, a as u8), "adjacency is symmetric");
            assert_ne!(a, b as usize);
        }
    }
}

#[test]
fn board_errors_name_the_line_and_what_is_expected() {
    let bad = BOARD.replace("path 1.4 2.1", "path 1.4 1.7");
    let e = parse_board(&bad).unwrap_err();
    assert!(e.line > 0 && e.message.contains("r.s"), "{e}");
    let bad = BOARD.replace("path 1.4 2.1", "path 1.4 1.5");
    assert!(parse_board(&bad)
        .unwrap_err()
        .message
        .contains("different regions"));
    let bad = BOARD.replace("need 1 2 2 3 3", "need 3 2 2 3 3");
    assert!(parse_board(&bad).unwrap_err().message.contains("fall"));
    let bad = BOARD.replace("row C same      2 3 4 6 7", "");
    assert!(parse_board(&bad).unwrap_err().message.contains("row C"));
    // Without the two paths into region 1, it cannot be reached.
    let bad = BOARD
        .replace("path 1.4 2.1", "")
        .replace("path 1.6 3.1", "");
    let e = parse_board(&bad).unwrap_err();
    assert!(e.message.contains("reachable"), "{e}");
    assert!(e.to_string().contains("Nanga Parbat"));
}

// ---------------------------------------------------------------- setup

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

// ---------------------------------------------------------------- chart

// NAN-CHART-3
#[test]
fn nan_chart_1_fifteen_squares_in_three_rows_of_five() {
    let d = data();
    let g = started(false);
    assert_eq!(g.chart.len(), 15);
    assert_eq!(square_name(0), "A1");
    assert_eq!(square_name(14), "C5");
    assert_eq!(parse_square("b3"), Some(7));
    assert_eq!(parse_square("D1"), None);
    assert_eq!(parse_square("A6"), None);
    assert_eq!(d.square(0).0, RowKind::Camps);
    assert_eq!(d.square(5).0, RowKind::Different);
    assert_eq!(d.square(10).0, RowKind::Same);
    assert_eq!(d.square(7), (RowKind::Different, 2, 3));
    assert!(matches!(
        g.parse_step(d, 0, "claim D1"),
        Err(ParseError::Syntax(m)) if m.contains("A1 to C5")
    ));
}

// NAN-CHART-2: the column's number is the count asked for.
#[test]
fn nan_chart_2_column_number_is_the_count_needed() {
    let mut g = started(false);
    lay(&mut g, PLAIN);
    ann_turn_keep(&mut g, "1.1");
    // One leopard: B1 (needs 1) is open, B2 (needs 2) is not.
    assert!(legal(&g, data(), 0).contains(&"claim B1".to_string()));
    let e = refused(&mut g, data(), 0, "claim B2");
    assert_eq!(e.topic, "trade");
    give_animals(&mut g, 0, Animal::Tahr, 1);
    give_animals(&mut g, 0, Animal::Yak, 1);
    // Now the leopard trapped, a yak and a tahr: three different kinds for B4 (needs 3).
    play(&mut g, data(), 0, "claim B4");
    play(&mut g, data(), 0, "give yak");
    play(&mut g, data(), 0, "give tahr");
    assert!(g.pending.is_some(), "two of three handed in");
    play(&mut g, data(), 0, "give leopard");
    assert!(g.pending.is_none());
    assert_eq!(g.score[0], 4);
}

/// Ann traps on `cell` (guide moved there first) but does not end.
fn ann_turn_keep(g: &mut NangaParbat, cell: &str) {
    g.guide = Some(c(cell) / 6);
    play(g, data(), 0, &format!("trap {cell}"));
}

// NAN-BUILD-12
#[test]
fn nan_chart_3_a_square_scores_its_vp() {
    for (sq, vp) in [("C1", 2), ("C2", 3)] {
        let mut g = started(false);
        lay(&mut g, PLAIN);
        give_animals(&mut g, 0, Animal::Tahr, 2);
        ann_turn_keep(&mut g, "1.3");
        play(&mut g, data(), 0, &format!("claim {sq}"));
        while g.pending.is_some() {
            play(&mut g, data(), 0, "give tahr");
        }
        assert_eq!(g.score[0], vp, "{sq}");
    }
}

// NAN-CHART-4
#[test]
fn nan_chart_4_a_claim_puts_one_of_the_five_cubes_on_the_square() {
    let mut g = started(false);
    lay(&mut g, PLAIN);
    ann_turn_keep(&mut g, "1.4");
    play(&mut g, data(), 0, "claim B1");
    play(&mut g, data(), 0, "give yak");
    assert_eq!(g.cubes, vec![4, 5]);
    assert_eq!(g.chart[5], Some(0));
    assert_eq!(g.view(data(), Viewer::Spectator).chart[5], Some(0));
}

#[test]
fn nan_chart_5_at_most_one_claim_per_turn() {
    let mut g = started(false);
    lay(&mut g, PLAIN);
    give_animals(&mut g, 0, Animal::Tahr, 3);
    ann_turn_keep(&mut g, "1.4");
    play(&mut g, data(), 0, "claim B1");
    play(&mut g, data(), 0, "give yak");
    let e = refused(&mut g, data(), 0, "claim C1");
    assert_eq!(e.topic, "chart");
    assert!(e.reason.contains("one per turn"));
    play(&mut g, data(), 0, "end");
    // Next turn of Ann: allowed again.
    g.guide = Some(1);
    play(&mut g, data(), 1, "trap 2.1");
    play(&mut g, data(), 1, "end");
    g.guide = Some(2);
    play(&mut g, data(), 0, "trap 3.2");
    play(&mut g, data(), 0, "claim C1");
}

#[test]
fn nan_chart_6_a_claimed_square_is_closed_to_both_players() {
    let mut g = started(false);
    lay(&mut g, PLAIN);
    give_animals(&mut g, 1, Animal::Deer, 2);
    ann_turn_keep(&mut g, "1.4");
    play(&mut g, data(), 0, "claim B1");
    play(&mut g, data(), 0, "give yak");
    play(&mut g, data(), 0, "end");
    g.guide = Some(1);
    play(&mut g, data(), 1, "trap 2.1");
    let e = refused(&mut g, data(), 1, "claim B1");
    assert!(e.reason.contains("already claimed"), "{e}");
    play(&mut g, data(), 1, "claim C1");
    play(&mut g, data(), 1, "give deer");
    play(&mut g, data(), 1, "end");
    g.guide = Some(2);
    play(&mut g, data(), 0, "trap 3.4");
    refused(&mut g, data(), 0, "claim B1");
    refused(&mut g, data(), 0, "claim C1");
}

#[test]
fn nan_chart_7_the_two_rightmost_columns_both_need_3_but_score_differently() {
    let d = data();
    assert_eq!(d.need[3], 3);
    assert_eq!(d.need[4], 3);
    assert!(d.need[2] < 3);
    for r in 0..3 {
        assert!(d.vp[r][4] > d.vp[r][3], "row {r}: E scores more than D");
        assert!(
            d.vp[r].windows(2).all(|w| w[0] < w[1]),
            "values rise left to right"
        );
    }
}

// NAN-CHART-8 reading: rows B and C count animals from anywhere on the board (no
// adjacency); row A counts adjacent hikers.
#[test]
fn nan_chart_8_trades_count_animals_and_camps_count_adjacent_hikers() {
    let mut g = started(false);
    // Ann's hikers on 2.1 and 5.5: not adjacent.
    lay(&mut g, "ltdybp 0tdybp ltdybp ltdybp ltdy0p ltdybp");
    give_animals(&mut g, 0, Animal::Yak, 1);
    ann_turn_keep(&mut g, "1.2");
    // Three hikers (2.1, 5.5, 1.2), but only 1.2 and 2.1? Not adjacent either.
    assert!(!data().adjacent(c("1.2"), c("2.1")));
    let e = refused(&mut g, data(), 0, "claim A2");
    assert_eq!(e.topic, "camps");
    // Two animals from the board (tahr just trapped, a yak) trade for B2.
    play(&mut g, data(), 0, "claim B2");
    play(&mut g, data(), 0, "give tahr");
    play(&mut g, data(), 0, "give yak");
    assert_eq!(g.score[0], 2);
}

// ---------------------------------------------------------------- track

// NAN-TRACK-2
#[test]
fn nan_track_1_markers_never_share_a_space_except_0() {
    let mut g = started(false);
    lay(&mut g, PLAIN);
    g.score = vec![0, 2];
    give_animals(&mut g, 0, Animal::Tahr, 1);
    ann_turn_keep(&mut g, "1.3");
    // C1 is worth 2: Ann would land on Bob's 2, so she scores 3 and stands on 3.
    play(&mut g, data(), 0, "claim C1");
    let a = play(&mut g, data(), 0, "give tahr");
    assert_eq!(g.score, vec![3, 2]);
    assert!(
        said(&a, " | ").contains("lands on Bob's space: 1 more"),
        "{}",
        said(&a, " | ")
    );
    // Both markers on 0 is fine at the start.
    assert_eq!(started(false).score, vec![0, 0]);
}

#[test]
fn nan_track_2_landing_on_the_opponent_scores_one_more_and_moves_on() {
    let mut g = started(false);
    let mut ev = Vec::new();
    g.score = vec![4, 7];
    g.gain(0, 3, Gain::RedPanda, &mut ev);
    assert_eq!(g.score, vec![8, 7]);
    g.gain(1, 2, Gain::RedPanda, &mut ev);
    assert_eq!(g.score, vec![8, 9], "no bonus when passing over");
    g.gain(0, 0, Gain::RedPanda, &mut ev);
    assert_eq!(
        g.score,
        vec![8, 9],
        "a gain of 0 does not move (and takes no bonus)"
    );
}

// ---------------------------------------------------------------- animal boards

// NAN-TRAP-2
#[test]
fn nan_aboard_1_trapped_animals_go_to_the_trappers_board() {
    let mut g = started(false);
    lay(&mut g, PLAIN);
    ann_turn(&mut g, "1.4");
    assert_eq!(g.fresh[0][Animal::Yak.index()], 1);
    assert_eq!(g.fresh[1], [0; 6]);
    g.guide = Some(2);
    play(&mut g, data(), 1, "trap 3.6");
    assert_eq!(g.fresh[1][Animal::Panda.index()], 1);
    let v = g.view(data(), Viewer::Seat(0));
    assert_eq!(v.players[0].fresh[Animal::Yak.index()], 1);
}

#[test]
fn nan_aboard_2_an_activated_animal_moves_to_the_used_part() {
    let mut g = started(false);
    lay(&mut g, PLAIN);
    ann_turn_keep(&mut g, "1.4");
    play(&mut g, data(), 0, "yak 6");
    assert_eq!(g.fresh[0][Animal::Yak.index()], 0);
    assert_eq!(g.used[0][Animal::Yak.index()], 1);
    let v = g.view(data(), Viewer::Spectator);
    assert_eq!(v.players[0].used[Animal::Yak.index()], 1);
}

// ---------------------------------------------------------------- turn

// NAN-HIKER-1, NAN-GUIDE-1 happen with the trap (steps 2 and 3).
#[test]
fn nan_turn_1_trap_first_then_optional_claim_then_end() {
    let mut g = started(false);
    lay(&mut g, PLAIN);
    g.guide = Some(0);
    give_animals(&mut g, 0, Animal::Yak, 1);
    let e = refused(&mut g, data(), 0, "claim B1");
    assert!(e.reason.contains("trap an animal first"), "{e}");
    refused(&mut g, data(), 0, "end");
    play(&mut g, data(), 0, "trap 1.2");
    assert_eq!(g.cells[c("1.2") as usize], Piece::Hiker(0));
    assert_eq!(g.guide, Some(1));
    let e = refused(&mut g, data(), 0, "trap 2.1");
    assert!(e.reason.contains("already trapped"));
    // Step 4 is optional: ending at once is fine.
    assert!(legal(&g, data(), 0).contains(&"end".to_string()));
    play(&mut g, data(), 0, "end");
}

#[test]
fn nan_turn_2_animals_may_be_activated_before_and_after_the_trap_and_claim() {
    let mut g = started(false);
    lay(&mut g, PLAIN);
    g.guide = Some(0);
    give_animals(&mut g, 0, Animal::Yak, 2);
    give_animals(&mut g, 0, Animal::Deer, 1);
    play(&mut g, data(), 0, "yak 3"); // before the trap: trap in region 3 instead
    play(&mut g, data(), 0, "trap 3.1");
    play(&mut g, data(), 0, "claim B1");
    play(&mut g, data(), 0, "give leopard");
    play(&mut g, data(), 0, "yak 5"); // after the claim
    play(&mut g, data(), 0, "deer 1.1");
    play(&mut g, data(), 0, "deer 2.2");
    assert_eq!(g.guide, Some(4));
    play(&mut g, data(), 0, "end");
}

#[test]
fn nan_turn_3_players_alternate() {
    let mut g = started(false);
    lay(&mut g, PLAIN);
    ann_turn(&mut g, "1.2");
    assert_eq!(g.status(), Status::Acting(vec![1]));
    let e = refused(&mut g, data(), 0, "trap 2.1");
    assert_eq!(e.topic, "turn");
    play(&mut g, data(), 1, "trap 2.1");
    play(&mut g, data(), 1, "end");
    assert_eq!(g.status(), Status::Acting(vec![0]));
}

// ---------------------------------------------------------------- trapping

#[test]
fn nan_trap_1_any_animal_of_the_guides_region_and_only_there() {
    let mut g = started(false);
    lay(&mut g, "0tdybp ltdybp ltdybp ltdybp ltdybp ltdybp");
    g.guide = Some(0);
    let traps: Vec<String> = legal(&g, data(), 0)
        .into_iter()
        .filter(|s| s.starts_with("trap"))
        .collect();
    assert_eq!(
        traps,
        ["trap 1.2", "trap 1.3", "trap 1.4", "trap 1.5", "trap 1.6"]
    );
    let e = refused(&mut g, data(), 0, "trap 2.1");
    assert!(e.reason.contains("guide's region"));
    let e = refused(&mut g, data(), 0, "trap 1.1");
    assert!(e.reason.contains("no animal"));
    play(&mut g, data(), 0, "trap 1.6");
}

#[test]
fn nan_trap_2_the_animal_goes_onto_the_players_board() {
    let mut g = started(false);
    lay(&mut g, PLAIN);
    ann_turn_keep(&mut g, "1.3");
    assert_eq!(g.fresh[0][Animal::Deer.index()], 1);
    assert_eq!(
        g.cells
            .iter()
            .filter(|p| **p == Piece::Animal(Animal::Deer))
            .count(),
        5
    );
}

// NAN-GUIDE-1
#[test]
fn nan_trap_3_the_section_number_decides_the_guides_next_region() {
    for s in 1..=6 {
        let mut g = started(false);
        lay(&mut g, PLAIN);
        ann_turn_keep(&mut g, &format!("5.{s}"));
        assert_eq!(g.guide, Some(s - 1), "section {s}");
    }
}

// NAN-TRAP-5 (reading: the active player picks the region)
#[test]
fn nan_trap_4_an_empty_guide_region_sends_the_guide_elsewhere_first() {
    let mut g = started(false);
    lay(&mut g, "ltdybp 1010Z1 ltdybp ltdybp ltdybp ltdybp");
    g.guide = Some(1);
    let l = legal(&g, data(), 0);
    assert!(l.iter().all(|s| !s.starts_with("trap")), "{l:?}");
    let guides: Vec<&String> = l.iter().filter(|s| s.starts_with("guide")).collect();
    assert_eq!(
        guides,
        ["guide 1", "guide 3", "guide 4", "guide 5", "guide 6"]
    );
    let e = refused(&mut g, data(), 0, "trap 3.1");
    assert!(e.reason.contains("guide's region"));
    play(&mut g, data(), 0, "guide 3");
    play(&mut g, data(), 0, "trap 3.1");
    assert_eq!(g.cells[c("3.1") as usize], Piece::Hiker(0));
}

#[test]
fn nan_trap_5_the_active_player_picks_the_region_with_animals() {
    let mut g = started(false);
    lay(&mut g, "ltdybp 1010Z1 010101 ltdybp ltdybp ltdybp");
    g.guide = Some(1);
    let e = refused(&mut g, data(), 0, "guide 3");
    assert!(e.reason.contains("no animal left"), "{e}");
    refused(&mut g, data(), 0, "guide 2");
    assert_eq!(
        g.apply(data(), 1, &Step::Guide(3)).unwrap_err().topic,
        "turn",
        "only the active player moves it"
    );
    play(&mut g, data(), 0, "guide 6");
    assert_eq!(g.guide, Some(5));
    // The guide is only moved by hand when its region is empty.
    let mut h = started(false);
    lay(&mut h, PLAIN);
    h.guide = Some(0);
    let e = refused(&mut h, data(), 0, "guide 2");
    assert!(e.reason.contains("still has animals"));
}

// ---------------------------------------------------------------- hiker and guide

#[test]
fn nan_hiker_1_a_hiker_from_the_supply_takes_the_animals_place() {
    let mut g = started(false);
    lay(&mut g, PLAIN);
    ann_turn(&mut g, "1.5");
    assert_eq!(g.cells[c("1.5") as usize], Piece::Hiker(0));
    assert_eq!(g.hikers, vec![14, 15]);
    g.guide = Some(4);
    play(&mut g, data(), 1, "trap 5.5");
    assert_eq!(g.cells[c("5.5") as usize], Piece::Hiker(1));
    assert_eq!(g.hikers, vec![14, 14]);
}

#[test]
fn nan_guide_1_the_guide_moves_to_the_region_numbered_like_the_section() {
    let mut g = started(false);
    lay(&mut g, PLAIN);
    ann_turn_keep(&mut g, "6.3");
    assert_eq!(g.guide, Some(2));
}

#[test]
fn nan_guide_2_section_4_of_region_2_sends_the_guide_to_region_4() {
    let mut g = started(false);
    lay(&mut g, PLAIN);
    ann_turn_keep(&mut g, "2.4");
    assert_eq!(g.guide, Some(3));
    assert!(g.this_turn.join(" ").contains("guide goes to region 4"));
}

#[test]
fn nan_guide_3_a_section_numbered_like_its_region_keeps_the_guide() {
    let mut g = started(false);
    lay(&mut g, PLAIN);
    ann_turn_keep(&mut g, "3.3");
    assert_eq!(g.guide, Some(2));
}

#[test]
fn nan_guide_4_the_opponent_traps_next_in_the_guides_new_region() {
    let mut g = started(false);
    lay(&mut g, PLAIN);
    ann_turn(&mut g, "1.6");
    let traps: Vec<String> = legal(&g, data(), 1)
        .into_iter()
        .filter(|s| s.starts_with("trap"))
        .collect();
    assert_eq!(traps.len(), 6);
    assert!(traps.iter().all(|s| s.starts_with("trap 6.")));
}

// ---------------------------------------------------------------- step 4

#[test]
fn nan_build_1_a_square_may_be_claimed_only_if_its_conditions_are_met() {
    let mut g = started(false);
    lay(&mut g, PLAIN);
    ann_turn_keep(&mut g, "1.2");
    let l = legal(&g, data(), 0);
    // One tahr, one hiker: A1 (1 camp), B1, C1 (1 animal); nothing needing 2.
    for sq in ["A1", "B1", "C1"] {
        assert!(l.contains(&format!("claim {sq}")), "{sq} {l:?}");
    }
    for sq in ["A2", "B2", "C2", "A4", "C5"] {
        assert!(!l.contains(&format!("claim {sq}")), "{sq}");
    }
    let e = refused(&mut g, data(), 0, "claim C2");
    assert_eq!(e.topic, "trade");
}

// NAN-BUILD-10: adjacency through a dotted path
#[test]
fn nan_build_2_row_a_turns_adjacent_hikers_of_ones_own_into_camps() {
    let mut g = started(false);
    // Ann: 1.4 (trap below) and 2.1, joined by a dotted path; Bob on 1.2.
    lay(&mut g, "l1dybp 0tdybp ltdybp ltdybp ltdybp ltdybp");
    ann_turn_keep(&mut g, "1.4");
    assert!(data().adjacent(c("1.4"), c("2.1")));
    play(&mut g, data(), 0, "claim A2");
    let e = refused(&mut g, data(), 0, "camp 1.2");
    assert!(e.reason.contains("one of your hikers"), "{e}");
    play(&mut g, data(), 0, "camp 2.1");
    play(&mut g, data(), 0, "camp 1.4");
    assert_eq!(g.cells[c("1.4") as usize], Piece::Camp(0));
    assert_eq!(g.cells[c("2.1") as usize], Piece::Camp(0));
    assert_eq!(g.score[0], 2);
}

#[test]
fn nan_build_3_enough_camps_must_be_left() {
    let mut g = started(false);
    lay(&mut g, "l0dybp ltdybp ltdybp ltdybp ltdybp ltdybp");
    g.camps[0] = 1;
    ann_turn_keep(&mut g, "1.1");
    let e = refused(&mut g, data(), 0, "claim A2");
    assert!(e.reason.contains("more camps than you have left"), "{e}");
    play(&mut g, data(), 0, "claim A1");
    play(&mut g, data(), 0, "camp 1.1");
    assert_eq!(g.camps[0], 0);
}

#[test]
fn nan_build_4_converted_hikers_are_discarded_not_returned() {
    let mut g = started(false);
    lay(&mut g, "l0dybp ltdybp ltdybp ltdybp ltdybp ltdybp");
    ann_turn_keep(&mut g, "1.1");
    assert_eq!(g.hikers[0], 14);
    play(&mut g, data(), 0, "claim A2");
    play(&mut g, data(), 0, "camp 1.1");
    play(&mut g, data(), 0, "camp 1.2");
    assert_eq!(g.hikers[0], 14, "the supply does not get them back");
    assert_eq!(g.camps[0], 10);
    let hikers_on = g.cells.iter().filter(|p| **p == Piece::Hiker(0)).count();
    assert_eq!(hikers_on, 0);
}

#[test]
fn nan_build_5_row_b_trades_animals_of_different_kinds() {
    let mut g = started(false);
    lay(&mut g, PLAIN);
    give_animals(&mut g, 0, Animal::Yak, 2);
    give_animals(&mut g, 0, Animal::Tahr, 1);
    ann_turn_keep(&mut g, "1.4");
    play(&mut g, data(), 0, "claim B2");
    play(&mut g, data(), 0, "give yak");
    let e = refused(&mut g, data(), 0, "give yak");
    assert!(e.reason.contains("could not be completed"), "{e}");
    play(&mut g, data(), 0, "give tahr");
    assert_eq!(g.fresh[0][Animal::Yak.index()], 2);
    assert_eq!(g.score[0], 2);
}

#[test]
fn nan_build_6_row_c_trades_animals_of_one_kind() {
    let mut g = started(false);
    lay(&mut g, PLAIN);
    give_animals(&mut g, 0, Animal::Yak, 1);
    give_animals(&mut g, 0, Animal::Tahr, 1);
    ann_turn_keep(&mut g, "1.4");
    play(&mut g, data(), 0, "claim C2");
    play(&mut g, data(), 0, "give yak");
    let e = refused(&mut g, data(), 0, "give tahr");
    assert_eq!(e.topic, "trade");
    play(&mut g, data(), 0, "give yak");
    assert_eq!(g.score[0], 3);
    // Without two of a kind, C2 is not offered.
    let mut h = started(false);
    lay(&mut h, PLAIN);
    give_animals(&mut h, 0, Animal::Tahr, 1);
    ann_turn_keep(&mut h, "1.4");
    refused(&mut h, data(), 0, "claim C2");
}

// NAN-ACT-10
#[test]
fn nan_build_7_bharal_is_wild_in_both_trades() {
    // Same kind: tahr + bharal.
    let mut g = started(false);
    lay(&mut g, PLAIN);
    give_animals(&mut g, 0, Animal::Tahr, 1);
    ann_turn_keep(&mut g, "1.5");
    play(&mut g, data(), 0, "claim C2");
    play(&mut g, data(), 0, "give tahr");
    play(&mut g, data(), 0, "give bharal");
    assert_eq!(g.score[0], 3);
    // Different kinds: two bharals and a tahr make three kinds.
    let mut g = started(false);
    lay(&mut g, PLAIN);
    give_animals(&mut g, 0, Animal::Tahr, 1);
    give_animals(&mut g, 0, Animal::Bharal, 1);
    ann_turn_keep(&mut g, "1.5");
    play(&mut g, data(), 0, "claim B4");
    play(&mut g, data(), 0, "give bharal");
    play(&mut g, data(), 0, "give bharal");
    play(&mut g, data(), 0, "give tahr");
    assert_eq!(g.score[0], 4);
    // Without the bharal, a tahr and a yak are no pair of one kind.
    let mut h = started(false);
    lay(&mut h, PLAIN);
    give_animals(&mut h, 0, Animal::Tahr, 1);
    ann_turn_keep(&mut h, "1.4");
    refused(&mut h, data(), 0, "claim C2");
}

// NAN-ACT-2 (can still be traded)
#[test]
fn nan_build_8_activated_animals_may_be_traded() {
    let mut g = started(false);
    lay(&mut g, PLAIN);
    ann_turn_keep(&mut g, "1.4");
    play(&mut g, data(), 0, "yak 2");
    assert_eq!(g.fresh[0][Animal::Yak.index()], 0);
    play(&mut g, data(), 0, "claim C1");
    play(&mut g, data(), 0, "give yak");
    assert_eq!(g.used[0][Animal::Yak.index()], 0);
    assert_eq!(g.score[0], 2);
}

#[test]
fn nan_build_9_traded_animals_leave_the_board_and_cannot_be_activated() {
    let mut g = started(false);
    lay(&mut g, PLAIN);
    ann_turn_keep(&mut g, "1.4");
    play(&mut g, data(), 0, "claim C1");
    play(&mut g, data(), 0, "give yak");
    assert_eq!(g.fresh[0], [0; 6]);
    let e = refused(&mut g, data(), 0, "yak 3");
    assert_eq!(e.topic, "activate");
    // An activated one goes first, keeping the fresh one usable.
    let mut h = started(false);
    lay(&mut h, PLAIN);
    give_animals(&mut h, 0, Animal::Yak, 1);
    ann_turn_keep(&mut h, "1.4");
    play(&mut h, data(), 0, "yak 2");
    play(&mut h, data(), 0, "claim C1");
    play(&mut h, data(), 0, "give yak");
    assert_eq!((h.fresh[0][3], h.used[0][3]), (1, 0));
}

#[test]
fn nan_build_10_hikers_joined_by_a_dotted_path_are_adjacent() {
    let d = data();
    for &(a, b) in &d.paths {
        assert_ne!(a / 6, b / 6);
        assert!(d.adjacent(a, b) && d.adjacent(b, a));
    }
    let mut g = started(false);
    // Ann on 5.3 and 6.2 (path) and nothing else.
    lay(&mut g, "ltdybp ltdybp ltdybp ltdybp lt0ybp l0dybp");
    g.hikers[0] = 13;
    ann_turn_keep(&mut g, "1.1");
    // 1.1 is not adjacent to the others, but 5.3-6.2 is a pair.
    play(&mut g, data(), 0, "claim A2");
    let e = refused(&mut g, data(), 0, "camp 1.1");
    assert!(e.reason.contains("one group"), "{e}");
    play(&mut g, data(), 0, "camp 6.2");
    play(&mut g, data(), 0, "camp 5.3");
    assert_eq!(g.score[0], 2);
}

#[test]
fn nan_build_11_after_five_cubes_step_4_is_skipped() {
    let mut g = started(true);
    lay(&mut g, PLAIN);
    g.cubes[0] = 0;
    ann_turn_keep(&mut g, "1.4");
    let e = refused(&mut g, data(), 0, "claim B1");
    assert!(e.reason.contains("all your cubes"), "{e}");
    assert!(!legal(&g, data(), 0).iter().any(|s| s.starts_with("claim")));
}

#[test]
fn nan_build_12_claiming_scores_the_squares_vp_on_the_track() {
    let mut g = started(false);
    lay(&mut g, "00dybp ltdybp ltdybp ltdybp ltdybp ltdybp");
    g.hikers[0] = 13;
    ann_turn_keep(&mut g, "1.3");
    play(&mut g, data(), 0, "claim A4");
    play(&mut g, data(), 0, "camp 1.2");
    play(&mut g, data(), 0, "camp 1.3");
    assert_eq!(g.score[0], 0, "scored once complete");
    let a = play(&mut g, data(), 0, "camp 1.1");
    assert_eq!(g.score[0], 5);
    assert!(said(&a, " | ").contains("scores 5"));
}

// NAN-BUILD-13 reading: one connected group, camps where the hikers were, exact numbers.
#[test]
fn nan_build_13_camps_form_one_group_and_trades_hand_in_exactly_the_number() {
    let mut g = started(false);
    // Ann: 1.1, 1.6, and 1.3 after the trap; 1.1-1.3 and 1.3-1.6 are borders, 1.1-1.6 not.
    lay(&mut g, "0tdyb0 ltdybp ltdybp ltdybp ltdybp ltdybp");
    g.hikers[0] = 13;
    ann_turn_keep(&mut g, "1.3");
    play(&mut g, data(), 0, "claim A2");
    play(&mut g, data(), 0, "camp 1.1");
    let e = refused(&mut g, data(), 0, "camp 1.6");
    assert!(e.reason.contains("one group"), "{e}");
    play(&mut g, data(), 0, "camp 1.3");
    assert_eq!(g.cells[0], Piece::Camp(0));
    assert_eq!(g.cells[2], Piece::Camp(0));
    assert_eq!(g.cells[5], Piece::Hiker(0), "the third hiker stays");
    // A trade hands in exactly the number shown.
    let mut h = started(false);
    lay(&mut h, PLAIN);
    give_animals(&mut h, 0, Animal::Yak, 3);
    ann_turn_keep(&mut h, "1.4");
    play(&mut h, data(), 0, "claim C2");
    play(&mut h, data(), 0, "give yak");
    play(&mut h, data(), 0, "give yak");
    assert!(h.pending.is_none());
    assert_eq!(h.fresh[0][Animal::Yak.index()], 2);
}

// ---------------------------------------------------------------- activations

#[test]
fn nan_act_1_any_number_of_activations_at_any_moment_of_ones_turn() {
    let mut g = started(false);
    lay(&mut g, PLAIN);
    g.guide = Some(0);
    give_animals(&mut g, 0, Animal::Yak, 3);
    play(&mut g, data(), 0, "yak 2");
    play(&mut g, data(), 0, "yak 3");
    play(&mut g, data(), 0, "trap 3.1");
    play(&mut g, data(), 0, "yak 6");
    assert_eq!(g.used[0][Animal::Yak.index()], 3);
    assert_eq!(g.guide, Some(5));
    // Not in the opponent's turn.
    play(&mut g, data(), 0, "end");
    give_animals(&mut g, 0, Animal::Yak, 1);
    assert_eq!(g.apply(data(), 0, &Step::Yak(1)).unwrap_err().topic, "turn");
}

#[test]
fn nan_act_2_an_activated_animal_cannot_be_activated_again() {
    let mut g = started(false);
    lay(&mut g, PLAIN);
    ann_turn_keep(&mut g, "1.4");
    play(&mut g, data(), 0, "yak 2");
    let e = refused(&mut g, data(), 0, "yak 3");
    assert!(e.reason.contains("not yet activated"), "{e}");
    // It can still be traded.
    play(&mut g, data(), 0, "claim B1");
    play(&mut g, data(), 0, "give yak");
}

#[test]
fn nan_act_3_an_animal_may_be_activated_the_turn_it_is_trapped() {
    let mut g = started(false);
    lay(&mut g, PLAIN);
    g.guide = Some(0);
    refused(&mut g, data(), 0, "yak 2");
    play(&mut g, data(), 0, "trap 1.4");
    play(&mut g, data(), 0, "yak 2");
    assert_eq!(g.guide, Some(1));
}

#[test]
fn nan_act_4_snow_leopard_swaps_two_adjacent_hikers() {
    let mut g = started(false);
    lay(&mut g, "01dybp ltdybp ltdybp ltdybp ltdybp ltdybp");
    give_animals(&mut g, 0, Animal::Leopard, 1);
    g.guide = Some(0);
    play(&mut g, data(), 0, "leopard 1.2 1.1");
    assert_eq!(g.cells[0], Piece::Hiker(1));
    assert_eq!(g.cells[1], Piece::Hiker(0));
    assert_eq!(g.used[0][Animal::Leopard.index()], 1);
}

#[test]
fn nan_act_5_tahr_swaps_a_hiker_with_an_adjacent_animal() {
    let mut g = started(false);
    lay(&mut g, "0tdybp ltdybp ltdybp ltdybp ltdybp ltdybp");
    give_animals(&mut g, 0, Animal::Tahr, 2);
    g.guide = Some(0);
    play(&mut g, data(), 0, "tahr 1.1 1.3");
    assert_eq!(g.cells[0], Piece::Animal(Animal::Deer));
    assert_eq!(g.cells[2], Piece::Hiker(0));
    // Either order is understood: animal first, hiker second.
    play(&mut g, data(), 0, "tahr 1.5 1.3");
    assert_eq!(g.cells[4], Piece::Hiker(0));
    assert_eq!(g.cells[2], Piece::Animal(Animal::Bharal));
    let e = refused(&mut g, data(), 0, "tahr 1.1 1.2");
    assert_eq!(e.topic, "activate", "no tahr left");
}

#[test]
fn nan_act_6_leopard_and_tahr_need_adjacency_and_never_move_camps() {
    let mut g = started(false);
    lay(&mut g, "0tdyb1 X1dybp ltdybp ltdybp ltdybp ltdybp");
    give_animals(&mut g, 0, Animal::Leopard, 1);
    give_animals(&mut g, 0, Animal::Tahr, 1);
    g.guide = Some(2);
    let e = refused(&mut g, data(), 0, "leopard 1.1 1.6");
    assert_eq!(e.topic, "adjacency");
    let e = refused(&mut g, data(), 0, "tahr 1.1 1.5");
    assert_eq!(e.topic, "adjacency");
    let e = refused(&mut g, data(), 0, "leopard 2.1 2.2");
    assert!(e.reason.contains("camps never move"), "{e}");
    let e = refused(&mut g, data(), 0, "tahr 2.1 2.3");
    assert!(e.reason.contains("camps never move"), "{e}");
    // Through a dotted path it works: 1.4 (a yak) and 2.1? 2.1 is a camp. Tahr 1.1-1.2 works.
    play(&mut g, data(), 0, "tahr 1.1 1.2");
}

#[test]
fn nan_act_7_musk_deer_swaps_two_animals_anywhere() {
    let mut g = started(false);
    lay(&mut g, PLAIN);
    give_animals(&mut g, 0, Animal::Deer, 1);
    g.guide = Some(0);
    assert!(!data().adjacent(c("1.1"), c("6.6")));
    play(&mut g, data(), 0, "deer 1.1");
    // Only the second pick is open now.
    let l = legal(&g, data(), 0);
    assert!(l.iter().all(|s| s.starts_with("deer")), "{l:?}");
    refused(&mut g, data(), 0, "trap 1.2");
    let e = refused(&mut g, data(), 0, "deer 2.1");
    assert!(e.reason.contains("same kind"), "{e}");
    play(&mut g, data(), 0, "deer 6.6");
    assert_eq!(g.cells[0], Piece::Animal(Animal::Panda));
    assert_eq!(g.cells[35], Piece::Animal(Animal::Leopard));
    assert!(g.pending.is_none());
    // A hiker is not an animal.
    let mut h = started(false);
    lay(&mut h, "0tdybp ltdybp ltdybp ltdybp ltdybp ltdybp");
    give_animals(&mut h, 0, Animal::Deer, 1);
    let e = refused(&mut h, data(), 0, "deer 1.1");
    assert_eq!(e.topic, "deer");
}

#[test]
fn nan_act_8_yak_moves_the_guide_to_another_region() {
    let mut g = started(false);
    lay(&mut g, PLAIN);
    give_animals(&mut g, 0, Animal::Yak, 1);
    g.guide = Some(0);
    let e = refused(&mut g, data(), 0, "yak 1");
    assert_eq!(e.topic, "yak");
    play(&mut g, data(), 0, "yak 4");
    assert_eq!(g.guide, Some(3));
}

#[test]
fn nan_act_9_bharal_and_red_panda_are_never_activated() {
    let mut g = started(false);
    lay(&mut g, PLAIN);
    give_animals(&mut g, 0, Animal::Bharal, 1);
    give_animals(&mut g, 0, Animal::Panda, 1);
    ann_turn_keep(&mut g, "1.2");
    assert!(!Animal::Bharal.activates() && !Animal::Panda.activates());
    assert!(Animal::ALL[..4].iter().all(|a| a.activates()));
    for w in ["bharal 1.1", "panda 1.1"] {
        assert!(g.parse_step(data(), 0, w).is_err(), "{w}");
    }
    // Every listed step is a trap, claim, activation of the four, or end.
    for s in legal(&g, data(), 0) {
        let w = s.split(' ').next().unwrap().to_string();
        assert!(["claim", "end", "tahr"].contains(&w.as_str()), "{s}");
    }
}

#[test]
fn nan_act_10_bharal_counts_as_any_kind_when_trading() {
    let mut g = started(false);
    lay(&mut g, PLAIN);
    give_animals(&mut g, 0, Animal::Bharal, 2);
    ann_turn_keep(&mut g, "1.5");
    // Three bharals: both C4 (same) and B4 (different) are open.
    let l = legal(&g, data(), 0);
    assert!(l.contains(&"claim C4".to_string()) && l.contains(&"claim B4".to_string()));
    play(&mut g, data(), 0, "claim C5");
    for _ in 0..3 {
        play(&mut g, data(), 0, "give bharal");
    }
    assert_eq!(g.score[0], 7);
}

#[test]
fn nan_act_11_red_panda_scores_1_for_a_catcher_not_ahead() {
    // Equal: scores.
    let mut g = started(false);
    lay(&mut g, PLAIN);
    ann_turn(&mut g, "1.6");
    assert_eq!(g.score, vec![1, 0]);
    // Bob is behind: scores.
    g.guide = Some(5);
    play(&mut g, data(), 1, "trap 6.6");
    assert_eq!(g.score, vec![1, 2], "1 + landing on Ann's 1 = 2");
    play(&mut g, data(), 1, "end");
    // Ann is behind (1 < 2): scores, landing on 2 -> 3.
    g.guide = Some(4);
    play(&mut g, data(), 0, "trap 5.6");
    assert_eq!(g.score, vec![3, 2]);
    play(&mut g, data(), 0, "end");
    // Bob is behind again: scores 1 -> 3 is Ann's, so 4.
    g.guide = Some(3);
    play(&mut g, data(), 1, "trap 4.6");
    assert_eq!(g.score, vec![3, 4]);
    play(&mut g, data(), 1, "end");
    // Ann ahead? No: 3 < 4. Make her ahead and check nothing is scored.
    g.score = vec![5, 4];
    g.guide = Some(2);
    play(&mut g, data(), 0, "trap 3.6");
    assert_eq!(g.score, vec![5, 4], "a leader scores nothing for a panda");
    // Another animal never scores.
    let mut h = started(false);
    lay(&mut h, PLAIN);
    ann_turn(&mut h, "1.5");
    assert_eq!(h.score, vec![0, 0]);
}

// NAN-ACT-12 reading: leopard needs one hiker of each player; tahr takes anyone's hiker;
// the yak may go to a region without animals.
#[test]
fn nan_act_12_whose_hikers_and_where_the_yak_may_go() {
    let mut g = started(false);
    lay(&mut g, "001ybp 1t11Z1 ltdybp ltdybp ltdybp ltdybp");
    give_animals(&mut g, 0, Animal::Leopard, 1);
    give_animals(&mut g, 0, Animal::Tahr, 1);
    give_animals(&mut g, 0, Animal::Yak, 1);
    g.guide = Some(0);
    let e = refused(&mut g, data(), 0, "leopard 1.1 1.2");
    assert!(e.reason.contains("same player"), "{e}");
    play(&mut g, data(), 0, "tahr 2.4 2.2"); // Bob's hiker on 2.4 swaps with the tahr on 2.2
    assert_eq!(g.cells[c("2.4") as usize], Piece::Animal(Animal::Tahr));
    assert_eq!(g.cells[c("2.2") as usize], Piece::Hiker(1));
    play(&mut g, data(), 0, "leopard 1.1 1.3");
    // Region 2 has one animal (the tahr now on 2.4); make it empty and send the yak there.
    g.cells[c("2.4") as usize] = Piece::Hiker(1);
    assert!(!g.region_has_animal(1));
    play(&mut g, data(), 0, "yak 2");
    assert_eq!(g.guide, Some(1));
}

// ---------------------------------------------------------------- end

/// Play out a whole game: every turn the first listed trap, and nothing else.
fn trap_only_game(areas: bool) -> NangaParbat {
    let mut g = fresh_game(areas, 5);
    play(&mut g, data(), 1, "guide 1");
    for _ in 0..30 {
        let seat = g.current;
        let first = legal(&g, data(), seat)
            .into_iter()
            .find(|s| s.starts_with("trap") || s.starts_with("guide"))
            .unwrap();
        play(&mut g, data(), seat, &first);
        if first.starts_with("guide") {
            let t = legal(&g, data(), seat)
                .into_iter()
                .find(|s| s.starts_with("trap"))
                .unwrap();
            play(&mut g, data(), seat, &t);
        }
        play(&mut g, data(), seat, "end");
    }
    g
}

#[test]
fn nan_end_1_the_game_ends_when_both_players_have_placed_all_hikers() {
    let mut g = fresh_game(false, 5);
    play(&mut g, data(), 1, "guide 1");
    for turn in 0..30 {
        assert!(!g.status().is_finished(), "turn {turn}");
        let seat = g.current;
        let first = legal(&g, data(), seat)
            .into_iter()
            .find(|s| s.starts_with("trap") || s.starts_with("guide"))
            .unwrap();
        play(&mut g, data(), seat, &first);
        if first.starts_with("guide") {
            let t = legal(&g, data(), seat)
                .into_iter()
                .find(|s| s.starts_with("trap"))
                .unwrap();
            play(&mut g, data(), seat, &t);
        }
        play(&mut g, data(), seat, "end");
    }
    assert!(g.status().is_finished());
    assert_eq!(g.hikers, vec![0, 0]);
    assert!(legal(&g, data(), 0).is_empty() && legal(&g, data(), 1).is_empty());
    assert_eq!(g.apply(data(), 0, &Step::End).unwrap_err().topic, "end");
}

#[test]
fn nan_end_2_both_players_out_of_cubes_ends_the_game_but_not_with_areas() {
    for areas in [false, true] {
        let mut g = started(areas);
        lay(&mut g, PLAIN);
        g.cubes = vec![0, 1];
        g.guide = Some(0);
        play(&mut g, data(), 0, "trap 1.1");
        play(&mut g, data(), 0, "end");
        g.guide = Some(1);
        play(&mut g, data(), 1, "trap 2.4");
        play(&mut g, data(), 1, "claim C1");
        play(&mut g, data(), 1, "give yak");
        assert_eq!(g.cubes, vec![0, 0]);
        assert_eq!(g.status().is_finished(), !areas, "areas {areas}");
    }
}

#[test]
fn nan_end_3_more_points_wins() {
    let mut g = trap_only_game(false);
    let Status::Finished(r) = g.status() else {
        panic!()
    };
    let (a, b) = (g.score[0], g.score[1]);
    assert_ne!(a, b);
    let winner = if a > b { 0 } else { 1 };
    assert_eq!(r.places[winner], 1);
    assert_eq!(r.places[1 - winner], 2);
    assert!(r.note.starts_with(&names()[winner]), "{}", r.note);
    // A hand-made end: Bob further along wins.
    g = started(false);
    lay(&mut g, PLAIN);
    g.score = vec![3, 8];
    g.cubes = vec![0, 1];
    ann_turn(&mut g, "1.1");
    g.guide = Some(1);
    play(&mut g, data(), 1, "trap 2.4");
    play(&mut g, data(), 1, "claim C1");
    play(&mut g, data(), 1, "give yak");
    let Status::Finished(r) = g.status() else {
        panic!()
    };
    assert_eq!(r.scores, vec![3, 10]);
    assert_eq!(r.places, vec![2, 1]);
    assert_eq!(r.note, "Bob wins");
}

// NAN-END-4 reading: the last turn is played to its end (step 4 and activations).
#[test]
fn nan_end_4_the_turn_that_places_the_last_hiker_is_played_out() {
    let mut g = started(false);
    lay(&mut g, PLAIN);
    g.hikers = vec![0, 1];
    g.current = 1;
    g.guide = Some(0);
    play(&mut g, data(), 1, "trap 1.4");
    assert_eq!(g.hikers, vec![0, 0]);
    assert!(!g.status().is_finished(), "not before the end of the turn");
    play(&mut g, data(), 1, "yak 3");
    play(&mut g, data(), 1, "claim B1");
    play(&mut g, data(), 1, "give yak");
    assert_eq!(g.score[1], 1);
    assert!(!g.status().is_finished());
    play(&mut g, data(), 1, "end");
    assert!(g.status().is_finished());
}

// NAN-END-5 reading: a tie (only 0 to 0) is shared.
#[test]
fn nan_end_5_a_tie_at_zero_is_shared() {
    let mut g = started(false);
    lay(&mut g, PLAIN);
    g.hikers = vec![1, 1];
    ann_turn(&mut g, "1.1");
    g.guide = Some(1);
    play(&mut g, data(), 1, "trap 2.2");
    play(&mut g, data(), 1, "end");
    let Status::Finished(r) = g.status() else {
        panic!()
    };
    assert_eq!(r.scores, vec![0, 0]);
    assert_eq!(r.places, vec![1, 1]);
    assert!(
        r.note
            .starts_with("Ann and Bob share the win (tied on 0 VP"),
        "{}",
        r.note
    );
}

// ---------------------------------------------------------------- area variant

#[test]
fn nan_area_1_regions_score_in_order_once_hikers_run_out_and_the_turn_ends() {
    let mut g = started(true);
    // Ann holds 4 in region 1 and 4 in region 2 (after her trap); Bob 4 in region 3.
    lay(&mut g, "0000bp 000ybp 1111bp ltdybp ltdybp ltdybp");
    g.hikers = vec![1, 0];
    g.guide = Some(1);
    play(&mut g, data(), 0, "trap 2.4");
    assert!(!g.status().is_finished());
    let a = play(&mut g, data(), 0, "end");
    assert!(g.status().is_finished());
    let ev = said(&a, " | ");
    let r1 = ev.find("(region 1)").unwrap();
    let r2 = ev.find("(region 2)").unwrap();
    let r3 = ev.find("(region 3)").unwrap();
    assert!(r1 < r2 && r2 < r3, "{ev}");
    assert_eq!(
        g.area_points,
        Some(vec![vec![1, 1, 0, 0, 0, 0], vec![0, 0, 1, 0, 0, 0]])
    );
    // Ann 1, then 2; Bob 1 lands on... Ann's 2? no: Bob 0+1 = 1, free.
    assert_eq!(g.score, vec![2, 1]);
    // Without the option, no region scores.
    let mut h = started(false);
    lay(&mut h, "0000bp 000ybp 1111bp ltdybp ltdybp ltdybp");
    h.hikers = vec![1, 0];
    h.guide = Some(1);
    play(&mut h, data(), 0, "trap 2.4");
    play(&mut h, data(), 0, "end");
    assert!(h.status().is_finished());
    assert_eq!(h.score, vec![0, 0]);
}

// NAN-AREA-3
#[test]
fn nan_area_2_four_five_six_pieces_score_one_two_three_with_camps_counting() {
    let mut g = started(true);
    lay(&mut g, "0X00bp 0X0X0p 0X0X0X 000ybp 111ybp ltdybp");
    g.hikers = vec![1, 0];
    g.guide = Some(5);
    play(&mut g, data(), 0, "trap 6.1");
    play(&mut g, data(), 0, "end");
    assert_eq!(
        g.area_points,
        Some(vec![vec![1, 2, 3, 0, 0, 0], vec![0, 0, 0, 0, 0, 0]])
    );
    assert_eq!(g.score, vec![6, 0]);
}

#[test]
fn nan_area_3_fewer_than_four_pieces_score_nothing() {
    let mut g = started(true);
    lay(&mut g, "000ybp 111ybp 00tybp 1tdybp ltdybp ltdybp");
    g.hikers = vec![1, 0];
    g.guide = Some(3);
    play(&mut g, data(), 0, "trap 4.5");
    play(&mut g, data(), 0, "end");
    assert_eq!(g.area_points, Some(vec![vec![0; 6], vec![0; 6]]));
    assert_eq!(g.score, vec![0, 0]);
}

#[test]
fn nan_area_4_the_track_bonus_applies_in_area_scoring() {
    let mut g = started(true);
    // Region 1: Ann 4 (1 pt) and Bob... Region 2: Bob 4 (1 pt) after Ann's 1 -> lands on 1.
    lay(&mut g, "0000bp 1111bp ltdybp ltdybp ltdybp ltdybp");
    g.hikers = vec![1, 0];
    g.guide = Some(3);
    play(&mut g, data(), 0, "trap 4.1");
    let a = play(&mut g, data(), 0, "end");
    assert_eq!(g.score, vec![1, 2], "Bob's 1 lands on Ann's 1: 2");
    assert!(said(&a, " | ").contains("lands on Ann's space"));
}

// NAN-AREA-5 reading: regions score strictly in order 1 to 6, every landing takes the
// bonus; the order of the players within a region cannot matter.
#[test]
fn nan_area_5_regions_score_in_order_and_only_one_player_can_score_a_region() {
    let mut g = started(true);
    lay(&mut g, "0000bp 1111bp 0000bp 1111bp ltdybp ltdybp");
    let mut ev = Vec::new();
    g.score_areas(&mut ev);
    // Region 1 Ann 1; region 2 Bob 1 lands on 1 -> 2; region 3 Ann 1 lands on 2 -> 3;
    // region 4 Bob 1 lands on 3 -> 4. Scored from region 6 down it would be 4 to 3.
    assert_eq!(g.score, vec![3, 4]);
    let text: Vec<&str> = ev.iter().map(|e| e.text.as_str()).collect();
    assert!(
        text[0].contains("(region 1)") && text[3].contains("(region 4)"),
        "{text:?}"
    );
    // No split of a region's 6 sections gives both players 4 or more.
    for ann in 0..=6usize {
        for bob in 0..=(6 - ann) {
            assert!(!(ann >= 4 && bob >= 4));
        }
    }
    // So swapping the seats' order within regions changes nothing here.
    let mut h = started(true);
    h.cells = g.cells.clone();
    h.score = vec![0, 0];
    let mut ev = Vec::new();
    h.score_areas(&mut ev);
    assert_eq!(
        h.area_points,
        Some(vec![vec![1, 0, 1, 0, 0, 0], vec![0, 1, 0, 1, 0, 0]])
    );
}

// ---------------------------------------------------------------- notation

#[test]
fn notation_numbers_match_only_exactly_and_errors_say_what_is_accepted() {
    let g = started(false);
    let d = data();
    for bad in ["trap 4", "trap 4.", "trap 4.66", "trap 7.1", "trap 44.6"] {
        match g.parse_step(d, 0, bad) {
            Err(ParseError::Syntax(m)) => assert!(m.contains("trap <region.section>"), "{m}"),
            other => panic!("{bad}: {other:?}"),
        }
    }
    assert_eq!(g.parse_step(d, 0, "TR 1.2").unwrap(), Step::Trap(1));
    // `t` could be trap or tahr.
    assert!(
        matches!(g.parse_step(d, 0, "t 1.2"), Err(ParseError::Syntax(m)) if m.contains("`trap` or `tahr`"))
    );
    // `trap` alone: the legal traps (nan_turn_1_a_step_word_alone_lists_its_legal_steps).
    assert!(matches!(
        g.parse_step(d, 0, "trap"),
        Err(ParseError::Incomplete { completions, .. }) if completions.iter().all(|c| c.starts_with("trap "))
    ));
    assert!(
        matches!(g.parse_step(d, 0, "fly 1.2"), Err(ParseError::UnknownVerb(u)) if !u.verbs.is_empty())
    );
    assert!(
        matches!(g.parse_step(d, 0, "give x"), Err(ParseError::Syntax(m)) if m.contains("leopard, tahr"))
    );
    assert_eq!(
        g.parse_step(d, 0, "give bh").unwrap(),
        Step::Give(Animal::Bharal)
    );
    assert_eq!(
        g.parse_step(d, 0, "give red").unwrap(),
        Step::Give(Animal::Panda)
    );
    assert_eq!(
        g.parse_step(d, 0, "leopard 2.5 2.3").unwrap(),
        Step::Leopard {
            first: c("2.3"),
            second: c("2.5")
        }
    );
    assert_eq!(g.parse_step(d, 0, "yak 5").unwrap(), Step::Yak(4));
    assert!(g.parse_step(d, 0, "yak 05").is_err());
    assert_eq!(g.parse_step(d, 0, "claim b3").unwrap(), Step::Claim(7));
}

/// A step typed with the wrong number of values is refused with that step's own form and
/// example, never another step's.
#[test]
fn a_malformed_step_is_refused_with_its_own_form_and_example() {
    let g = started(false);
    let d = data();
    for (text, form) in [
        ("guide 1 2", "`guide 3`"),
        ("trap 4.6 4.5", "`trap 4.6`"),
        ("leopard 2.3", "`leopard 2.3 2.5`"),
        ("tahr 1.1", "`tahr 1.1 1.2`"),
        ("deer", "`deer 3.4`"),
        ("yak", "`yak 5`"),
        ("claim", "`claim B3`"),
        ("camp", "`camp 4.1`"),
        ("give", "`give tahr`"),
        ("end now", "0 values: end"),
    ] {
        match g.parse_step(d, 0, text) {
            Err(ParseError::Syntax(m)) => assert!(m.contains(form), "`{text}`: {m}"),
            other => panic!("`{text}`: {other:?}"),
        }
    }
}

/// `tahr` takes its hiker and animal in either order; with two animals (or two hikers)
/// named, the order typed is kept, so the refusal names the piece that is wrong.
#[test]
fn nan_act_5_tahr_puts_the_hiker_first_and_otherwise_keeps_the_order_typed() {
    let g = started(false);
    let d = data();
    let of = |want: fn(&Piece) -> bool| -> Vec<u8> {
        (0..36u8).filter(|&x| want(&g.cells[x as usize])).collect()
    };
    let animals = of(|p| matches!(p, Piece::Animal(_)));
    let hikers = of(|p| matches!(p, Piece::Hiker(_)));
    let name = |x: u8| cell_name(x);
    let (a, b) = (animals[0], animals[1]);
    let text = |x: u8, y: u8| format!("tahr {} {}", name(x), name(y));
    assert_eq!(
        g.parse_step(d, 0, &text(a, b)).unwrap(),
        Step::Tahr {
            hiker: a,
            animal: b
        }
    );
    assert_eq!(
        g.parse_step(d, 0, &text(b, a)).unwrap(),
        Step::Tahr {
            hiker: b,
            animal: a
        }
    );
    if let [h, k, ..] = hikers[..] {
        assert_eq!(
            g.parse_step(d, 0, &text(h, k)).unwrap(),
            Step::Tahr {
                hiker: h,
                animal: k
            }
        );
        assert_eq!(
            g.parse_step(d, 0, &text(a, h)).unwrap(),
            Step::Tahr {
                hiker: h,
                animal: a
            }
        );
        assert_eq!(
            g.parse_step(d, 0, &text(h, a)).unwrap(),
            Step::Tahr {
                hiker: h,
                animal: a
            }
        );
    }
}

/// Every step has its own button label, saying what it does with the places it names.
#[test]
fn every_step_has_a_label_of_its_own() {
    let d = data();
    let mut all = vec![Step::End];
    for x in 0..36u8 {
        all.extend([Step::Trap(x), Step::Deer(x), Step::Camp(x)]);
        for &y in &d.adj[x as usize] {
            all.push(Step::Tahr {
                hiker: x,
                animal: y,
            });
            if x < y {
                all.push(Step::Leopard {
                    first: x,
                    second: y,
                });
            }
        }
    }
    for r in 0..6 {
        all.extend([Step::Guide(r), Step::Yak(r)]);
    }
    all.extend((0..15).map(Step::Claim));
    all.extend(Animal::ALL.iter().map(|&a| Step::Give(a)));
    let labels: std::collections::HashSet<String> = all
        .iter()
        .map(|s| NangaParbat::label_step(data(), s))
        .collect();
    assert_eq!(labels.len(), all.len(), "two steps share a label");
    assert_eq!(NangaParbat::label_step(data(), &Step::End), "End the turn");
    assert_eq!(
        NangaParbat::label_step(data(), &Step::Guide(2)),
        "Put the guide on region 3"
    );
    assert_eq!(
        NangaParbat::label_step(
            data(),
            &Step::Leopard {
                first: c("2.3"),
                second: c("2.5")
            }
        ),
        "Snow leopard: swap the hikers on 2.3 and 2.5"
    );
    assert_eq!(
        NangaParbat::label_step(data(), &Step::Give(Animal::Deer)),
        "Hand in a musk deer"
    );
}

#[test]
fn every_step_formats_and_parses_back() {
    let g = started(false);
    let d = data();
    let mut all = vec![Step::End];
    for x in 0..36u8 {
        all.extend([Step::Trap(x), Step::Deer(x), Step::Camp(x)]);
        for &y in &d.adj[x as usize] {
            if x < y {
                all.push(Step::Leopard {
                    first: x,
                    second: y,
                });
            }
        }
    }
    for r in 0..6 {
        all.extend([Step::Guide(r), Step::Yak(r)]);
    }
    for q in 0..15 {
        all.push(Step::Claim(q));
    }
    all.extend(Animal::ALL.iter().map(|&a| Step::Give(a)));
    for s in all {
        let t = NangaParbat::format_step(data(), &s);
        assert_eq!(g.parse_step(d, 0, &t).unwrap(), s, "{t}");
    }
}

#[test]
fn rules_topics_cover_every_refusal_topic() {
    let ids: Vec<&str> = NangaParbat::rules_topics().iter().map(|t| t.id).collect();
    for id in [
        "turn",
        "setup",
        "trap",
        "guide",
        "chart",
        "camps",
        "trade",
        "activate",
        "leopard",
        "tahr",
        "deer",
        "yak",
        "adjacency",
        "panda",
        "track",
        "end",
        "option-areas",
        "notation",
        "board",
    ] {
        assert!(ids.contains(&id), "{id}");
    }
    // Each ambiguous clause's reading is stated in words in its topic.
    for (clause, id, words) in [
        ("NAN-SETUP-8", "setup", "the first seat plays first"),
        ("NAN-CHART-8", "chart", "Sherpa reads the circled number"),
        ("NAN-TURN-3", "turn", "Players alternate turns"),
        ("NAN-TRAP-5", "trap", "Sherpa lets the active player pick"),
        ("NAN-BUILD-13", "camps", "one connected group"),
        ("NAN-BUILD-13", "trade", "Exactly the number shown"),
        ("NAN-ACT-12", "leopard", "one hiker of each player"),
        ("NAN-END-4", "end", "played to its end"),
        ("NAN-END-5", "end", "share the win"),
        ("NAN-AREA-5", "option-areas", "score strictly in order"),
    ] {
        let topic = NangaParbat::rules_topics().iter().find(|t| t.id == id);
        let text = topic.map(|t| t.text).unwrap_or_default();
        assert!(text.contains(words), "{clause} reading stated in `{id}`");
    }
}

/// The examples in the topics (backticked text with a space, or `end`; placeholders like
/// `<r.s>` and options like `scoring=areas` are not examples) really parse, chains and the
/// two-animal `deer` shorthand included.
#[test]
fn every_example_in_the_topics_parses() {
    let g = started(false);
    let mut seen = 0;
    for t in NangaParbat::rules_topics() {
        for (i, example) in t.text.split('`').enumerate() {
            let is_example = i % 2 == 1
                && (example.contains(' ') || example == "end")
                && !example.contains('<')
                && !example.contains('=');
            if !is_example {
                continue;
            }
            for part in example.split(';').map(str::trim) {
                let parts = g.expand(data(), 0, part).unwrap_or(vec![part.to_string()]);
                for p in parts {
                    seen += 1;
                    let parsed = g.parse_step(data(), 0, &p);
                    assert!(parsed.is_ok(), "`{p}` in `{}`: {parsed:?}", t.id);
                }
            }
        }
    }
    assert!(seen >= 20, "only {seen} examples");
}

/// Topics are found by the words players use: aliases in lower case, none an id or another
/// topic's alias.
#[test]
fn topic_aliases_are_lower_case_and_lead_to_one_topic() {
    let topics = NangaParbat::rules_topics();
    let mut words: Vec<&str> = topics.iter().map(|t| t.id).collect();
    for t in topics {
        assert!(!t.aliases.is_empty(), "`{}` has no aliases", t.id);
        for a in t.aliases {
            assert_eq!(*a, a.to_lowercase(), "{a}");
            assert!(!words.contains(a), "`{a}` leads to two topics");
            words.push(a);
        }
    }
    let notation = topics.iter().find(|t| t.id == "notation").unwrap();
    assert!(notation.aliases.contains(&"syntax"));
}

/// The status text counts pieces in the singular when there is one.
#[test]
fn describe_says_one_cube_not_one_cubes() {
    let mut g = started(false);
    g.cubes[0] = 1;
    g.hikers[0] = 1;
    g.camps[0] = 1;
    let text = describe(data(), &g.view(data(), Viewer::Seat(0)));
    assert!(text.contains("1 hiker, 1 camp, 1 cube left"), "{text}");
    assert!(text.contains("15 hikers, 12 camps, 5 cubes left"), "{text}");
}

/// Players never read internal clause ids: not in topics, refusals, the log or `describe`.
#[test]
fn no_clause_id_in_any_text_a_player_reads() {
    let mut texts: Vec<String> = NangaParbat::rules_topics()
        .iter()
        .flat_map(|t| [t.title, t.section, t.text])
        .map(str::to_string)
        .collect();
    for areas in [false, true] {
        let mut g = fresh_game(areas, DEMO_SEED);
        let mut rng = GameRng::new(11);
        for _ in 0..400 {
            if g.phase == Phase::Over {
                break;
            }
            let seat = g.current;
            // Every kind of refusal this state gives, worded.
            for step in g.candidates(data(), seat) {
                if let Err(e) = g.legality(data(), seat, &step) {
                    texts.push(e.reason);
                }
            }
            for bad in ["trap 9.9", "claim A1", "end", "give panda", "camp 1.1"] {
                if let Err(e) = g.parse_step(data(), seat, bad) {
                    texts.push(e.to_string());
                }
            }
            let legal = g.legal_steps(data(), seat);
            let step = legal[rng.below(legal.len())];
            let applied = g.apply(data(), seat, &step).unwrap();
            texts.extend(applied.events.into_iter().map(|e| e.text));
            texts.push(describe(data(), &g.view(data(), Viewer::Seat(seat))));
        }
    }
    for t in &texts {
        assert!(!has_clause_id(t), "a clause id in: {t}");
    }
}

/// Issue 35: `move` alone lists the steps that complete something first: the claims and
/// `end`, which used to be hidden behind the activations.
#[test]
fn nan_claim_1_claims_and_end_are_the_steps_that_complete_something() {
    let mut g = fresh_game(false, DEMO_SEED);
    let mut rng = GameRng::new(3);
    let mut claims_seen = 0;
    while g.phase != Phase::Over {
        let seat = g.current;
        let legal = g.legal_steps(data(), seat);
        for step in &legal {
            let expected = matches!(step, Step::Claim(_) | Step::End);
            assert_eq!(NangaParbat::completes(data(), step), expected, "{step:?}");
            claims_seen += usize::from(matches!(step, Step::Claim(_)));
        }
        let step = legal[rng.below(legal.len())];
        g.apply(data(), seat, &step).unwrap();
    }
    assert!(claims_seen > 0);
}

// ---------------------------------------------------------------- conformance

#[test]
fn conformance_both_scoring_modes_with_the_renderer() {
    let mut s = Suite::<NangaParbat>::new(data());
    s.render = Some(render::render);
    s.option_sets = vec![opts(false), opts(true)];
    s.games = 3;
    s.render_every = 25;
    let r = crate::engine::conformance::run(&s);
    assert_eq!(r.games, 6);
    assert!(r.refusals > 0 && r.renders_compared > 0);
    assert!(r.max_legal <= crate::engine::MAX_LEGAL_STEPS);
}

#[test]
fn non_interference_nothing_is_hidden() {
    let mut g = started(false);
    lay(&mut g, PLAIN);
    ann_turn_keep(&mut g, "1.3");
    // Only the RNG (hidden from everyone, unused after setup) is scrambled.
    assert!(assert_non_interference(&g, data(), 2, Some(render::render)) > 0);
    for seat in 0..2 {
        let mut rng = GameRng::new(9);
        assert_eq!(g.scramble(data(), Holder::Seat(seat), &mut rng), g);
    }
    assert!(g.private_markers(data(), 0).is_empty());
    let a = serde_json::to_string(&g.view(data(), Viewer::Seat(0))).unwrap();
    let b = serde_json::to_string(&g.view(data(), Viewer::Seat(1))).unwrap();
    assert_eq!(a.replace("\"viewer\":0", ""), b.replace("\"viewer\":1", ""));
}

// ---------------------------------------------------------------- render

#[test]
fn render_makes_a_png_with_a_headline() {
    let mut g = started(false);
    lay(&mut g, PLAIN);
    ann_turn(&mut g, "1.3");
    let v = g.view(data(), Viewer::Spectator);
    let png = crate::render::png::encode_png(&render::render(data(), &v));
    assert_eq!(&png[1..4], b"PNG");
    assert!(png.len() < 1_000_000);
    assert_eq!(
        render::headline(&v),
        "Turn 2 \u{b7} Bob: trap an animal in region 3 (`trap <r.s>`)"
    );
    assert!(describe(data(), &v).contains("Region 3 (guide)"));
}

// ---------------------------------------------------------------- scripted demo games

/// The simple policy of the demo scripts: trap the first listed animal (moving the guide to
/// the first listed region if needed), claim the first open square of `ORDER` whose needs
/// are met, complete it with the first listed picks, end.
#[cfg(test)]
fn demo_policy_script(areas: bool) -> Vec<(usize, String)> {
    const ORDER: [&str; 15] = [
        "C5", "B5", "A5", "C4", "B4", "A4", "C3", "B3", "A3", "C2", "B2", "A2", "C1", "B1", "A1",
    ];
    let mut g = fresh_game(areas, DEMO_SEED);
    let mut out = vec![(1, "guide 1".to_string())];
    play(&mut g, data(), 1, "guide 1");
    while !g.status().is_finished() {
        let seat = g.current;
        let mut go = |g: &mut NangaParbat, t: String| {
            play(g, data(), seat, &t);
            out.push((seat, t));
        };
        let first = legal(&g, data(), seat)
            .into_iter()
            .find(|s| s.starts_with("trap") || s.starts_with("guide"))
            .unwrap();
        let was_guide = first.starts_with("guide");
        go(&mut g, first);
        if was_guide {
            let t = legal(&g, data(), seat)
                .into_iter()
                .find(|s| s.starts_with("trap"))
                .unwrap();
            go(&mut g, t);
        }
        let l = legal(&g, data(), seat);
        if let Some(sq) = ORDER.iter().find(|q| l.contains(&format!("claim {q}"))) {
            go(&mut g, format!("claim {sq}"));
            while g.pending.is_some() {
                let p = legal(&g, data(), seat).remove(0);
                go(&mut g, p);
            }
        }
        if !g.status().is_finished() {
            go(&mut g, "end".into());
        }
    }
    out
}

/// The committed demo scripts `tests/data/nanga_parbat/{chart,areas}.txt` (the demo games
/// as `sherpa local` input, whose scores were checked by hand) are what the demo policy
/// plays. `SHERPA_BLESS=1` rewrites them from the policy; check the new scores by hand.
#[test]
fn demo_scripts_are_what_the_demo_policy_plays() {
    let committed = [
        include_str!("../../../tests/data/nanga_parbat/chart.txt"),
        include_str!("../../../tests/data/nanga_parbat/areas.txt"),
    ];
    for ((areas, file), committed) in [(false, "chart"), (true, "areas")]
        .into_iter()
        .zip(committed)
    {
        let names = names();
        let text: String = demo_policy_script(areas)
            .iter()
            .map(|(s, t)| format!("{}: move {t}\n", names[*s]))
            .collect();
        if std::env::var_os("SHERPA_BLESS").is_some() {
            let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/nanga_parbat");
            std::fs::write(format!("{dir}/{file}.txt"), &text).unwrap();
        } else {
            assert_eq!(text, committed, "{file}.txt: bless with SHERPA_BLESS=1");
        }
    }
}

/// Play a `sherpa local` script (`Name: move <step>` lines) on the engine.
fn play_script(areas: bool, text: &str) -> NangaParbat {
    let mut g = fresh_game(areas, DEMO_SEED);
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let (who, rest) = line.split_once(": move ").expect("script line");
        let seat = names().iter().position(|n| n == who).expect("player");
        play(&mut g, data(), seat, rest);
    }
    g
}

/// The chart-mode demo game, checked by hand from its log: Ann C1 2; Bob panda 1, B1 1 and
/// 1 more (lands on Ann's 2) = 3; Ann panda 1 and 1 more (lands on 3) = 4, A1 5; Bob A3 6;
/// Ann C3 (bharal and panda) 9; Bob B3 3 and 1 more (lands on 9) = 10; Ann nothing; Bob's
/// panda scores nothing (10 ahead of 9), A2 12; Ann B2 11; Bob guide to region 2 (region 1
/// empty), B5 17; Ann C2 14: both have placed 5 cubes, the game ends, Bob wins 17 to 14.
// NAN-END-2, NAN-END-3, NAN-ACT-11, NAN-TRACK-2, NAN-TRAP-4
#[test]
fn demo_game_chart_scoring_ends_on_cubes_with_hand_checked_scores() {
    let g = play_script(
        false,
        include_str!("../../../tests/data/nanga_parbat/chart.txt"),
    );
    let Status::Finished(r) = g.status() else {
        panic!("the demo game ends")
    };
    assert_eq!(r.scores, vec![14, 17]);
    assert_eq!(r.places, vec![2, 1]);
    assert_eq!(g.cubes, vec![0, 0]);
    assert_eq!(g.hikers, vec![8, 9]);
}

/// The same opening with `scoring=areas`: the cubes run out at 14 to 17 but the game goes
/// on until the hikers are placed; Bob's three later pandas score nothing (he leads). Areas:
/// region 1 Bob 4 camps + 1 hiker = 2 (19); region 2 Ann 5 hikers = 2 (16); region 3 Bob 4
/// hikers = 1 (20); regions 4-6 nobody has 4. Bob wins 20 to 16.
// NAN-AREA-1, NAN-AREA-2, NAN-AREA-3, NAN-END-1
#[test]
fn demo_game_area_scoring_with_hand_checked_scores() {
    let g = play_script(
        true,
        include_str!("../../../tests/data/nanga_parbat/areas.txt"),
    );
    let Status::Finished(r) = g.status() else {
        panic!("the demo game ends")
    };
    assert_eq!(r.scores, vec![16, 20]);
    assert_eq!(r.places, vec![2, 1]);
    assert_eq!(
        g.area_points,
        Some(vec![vec![0, 2, 0, 0, 0, 0], vec![2, 0, 1, 0, 0, 0]])
    );
    assert_eq!(g.hikers, vec![0, 0]);
}

#[test]
fn deer_with_two_sections_expands_into_its_two_steps() {
    let g = started(false);
    assert_eq!(
        g.expand(data(), 0, "deer 3.4 6.1"),
        Some(vec!["deer 3.4".to_string(), "deer 6.1".to_string()])
    );
    assert_eq!(
        g.expand(data(), 0, "DE 3.4 6.1"),
        Some(vec!["deer 3.4".to_string(), "deer 6.1".to_string()])
    );
    assert_eq!(g.expand(data(), 0, "deer 3.4"), None);
    assert_eq!(g.expand(data(), 0, "trap 1.1 1.2"), None);
    // The leopard needs two different sections.
    let mut h = started(false);
    lay(&mut h, "01dybp ltdybp ltdybp ltdybp ltdybp ltdybp");
    give_animals(&mut h, 0, Animal::Leopard, 1);
    let e = refused(&mut h, data(), 0, "leopard 1.1 1.1");
    assert!(e.reason.contains("two different sections"), "{e}");
}

#[test]
fn headline_and_prompt_follow_the_turn_and_the_result() {
    let mut g = started(false);
    lay(&mut g, PLAIN);
    ann_turn_keep(&mut g, "1.4");
    let v = g.view(data(), Viewer::Spectator);
    assert!(render::headline(&v).contains("claim a square"));
    play(&mut g, data(), 0, "claim C1");
    play(&mut g, data(), 0, "give yak");
    let v = g.view(data(), Viewer::Spectator);
    assert!(render::headline(&v).ends_with("Ann: activate animals or `end`"));
    let g = play_script(
        false,
        include_str!("../../../tests/data/nanga_parbat/chart.txt"),
    );
    let v = g.view(data(), Viewer::Spectator);
    assert_eq!(render::headline(&v), "Game over: Bob wins (Ann 14, Bob 17)");
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
    give_animals(&mut g, 0, Animal::Leopard, 1);
    give_animals(&mut g, 0, Animal::Tahr, 1);
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

// NAN-BUILD-2: each hiker picked for the camps must form one group of adjacent hikers
// with the hikers picked before it, not merely with some other hiker of the player.
#[test]
fn nan_build_2_a_later_camp_must_join_the_hikers_already_picked() {
    let mut g = started(false);
    // Ann: 1.2 and 1.3 (adjacent), 3.1 and 3.2 (adjacent), none of region 1 next to 3.1.
    lay(&mut g, "l00ybp ltdybp 00dybp ltdybp ltdybp ltdybp");
    ann_turn_keep(&mut g, "1.1");
    assert!(data().adjacent(c("3.1"), c("3.2")));
    assert!(!data().adjacent(c("1.2"), c("3.1")));
    play(&mut g, data(), 0, "claim A2");
    play(&mut g, data(), 0, "camp 1.2");
    let e = refused(&mut g, data(), 0, "camp 3.1");
    assert_eq!(e.topic, "camps", "{e}");
    play(&mut g, data(), 0, "camp 1.3");
    assert_eq!(g.cells[c("1.3") as usize], Piece::Camp(0));
    assert_eq!(g.cells[c("3.1") as usize], Piece::Hiker(0));
}

// NAN-TRAP-5: the guide leaves an empty region by hand; the log names the region it left.
#[test]
fn nan_trap_5_moving_the_guide_names_the_empty_region_it_leaves() {
    let mut g = started(false);
    lay(&mut g, "1010Z1 ltdybp ltdybp ltdybp ltdybp ltdybp");
    g.guide = Some(0);
    let a = play(&mut g, data(), 0, "guide 3");
    assert!(
        said(&a, " | ").contains("region 1 has no animal left: Ann moves the guide to region 3"),
        "{}",
        said(&a, " | ")
    );
}

// NAN-ACT-4, NAN-ACT-6: with a snow leopard ready, every swap of two adjacent hikers of
// different players is offered, each pair once.
#[test]
fn nan_act_4_leopard_swaps_of_adjacent_hikers_are_offered_once() {
    let mut g = started(false);
    lay(&mut g, "01dybp ltdybp ltdybp ltdybp ltdybp ltdybp");
    give_animals(&mut g, 0, Animal::Leopard, 1);
    let l = legal(&g, data(), 0);
    let leopards: Vec<&String> = l.iter().filter(|s| s.starts_with("leopard")).collect();
    assert_eq!(leopards, ["leopard 1.1 1.2"], "{l:?}");
}

// NAN-ACT-7: a refused step says which steps of its kind are accepted now, at most eight
// of them and how many more.
#[test]
fn nan_act_7_a_refused_deer_pick_lists_the_picks_accepted_now() {
    let mut g = started(false);
    lay(&mut g, "0tdybp ltdybp ltdybp ltdybp ltdybp ltdybp");
    give_animals(&mut g, 0, Animal::Deer, 1);
    let picks = legal(&g, data(), 0)
        .iter()
        .filter(|s| s.starts_with("deer"))
        .count();
    assert_eq!(picks, 35, "every animal on the mountain");
    let e = refused(&mut g, data(), 0, "deer 1.1");
    let (_, accepted) = e
        .reason
        .split_once("accepted now: ")
        .unwrap_or_else(|| panic!("{e}"));
    assert_eq!(accepted.matches("`deer ").count(), 6, "{e}");
    assert!(
        !accepted.contains("`leopard") && !accepted.contains("`trap"),
        "{e}"
    );
    // The other 29 picks (and any step about the same sections) are counted, not shown.
    let more: usize = accepted
        .rsplit_once(" and ")
        .and_then(|(_, n)| n.strip_suffix(" more")?.parse().ok())
        .unwrap_or_else(|| panic!("{e}"));
    assert!(more >= 29, "{e}");
    // Six or fewer are all shown, with no count.
    let mut h = started(false);
    lay(&mut h, "0tdybp 000000 000000 000000 000000 00000t");
    give_animals(&mut h, 0, Animal::Deer, 1);
    let e = refused(&mut h, data(), 0, "deer 1.1");
    assert!(
        e.reason.ends_with(
            "accepted now: `deer 1.2`, `deer 1.3`, `deer 1.4`, `deer 1.5`, `deer 1.6`, `deer 6.6`"
        ),
        "{e}"
    );
}

#[test]
fn every_typed_topic_has_its_entry_in_the_topics_table() {
    let typed: Vec<&str> = topics::Topic::ALL.iter().map(|t| t.id()).collect();
    let table: Vec<&str> = topics::TOPICS.iter().map(|t| t.id).collect();
    assert_eq!(typed, table);
}

/// The board's last-turn panel keeps only public events, and a snapshot from before the
/// panel (no `this_turn`/`last_turn`) still loads.
#[test]
fn the_last_turn_panel_keeps_public_events_and_old_snapshots_load() {
    let mut g = started(false);
    let events = [
        crate::engine::Event::private(0, "a secret for seat 0"),
        crate::engine::Event::public("Ann ends the turn"),
    ];
    g.record(&events, true);
    assert_eq!(g.last_turn, vec!["Ann ends the turn".to_string()]);
    let mut json = serde_json::to_value(&g).unwrap();
    let fields = json.as_object_mut().unwrap();
    fields.remove("this_turn");
    fields.remove("last_turn");
    let old: NangaParbat = serde_json::from_value(json).unwrap();
    assert!(old.last_turn.is_empty() && old.this_turn.is_empty());
}

// NAN-TURN-1 (trap in the guide's region) as typed: a step word alone is answered with the legal
// steps of that kind, never a bare form; a kind with none legal gets its form.
#[test]
fn nan_turn_1_a_step_word_alone_lists_its_legal_steps() {
    let g = started(false);
    let legal_traps: Vec<String> = legal(&g, data(), 0)
        .into_iter()
        .filter(|s| s.starts_with("trap "))
        .collect();
    assert!(!legal_traps.is_empty());
    let e = g
        .parse_step(data(), 0, "tr")
        .expect_err("incomplete")
        .to_string();
    assert!(e.contains("not a whole step"), "{e}");
    for t in &legal_traps {
        assert!(e.contains(t.as_str()), "{e} lacks {t}");
    }
    let e = g
        .parse_step(data(), 0, "claim")
        .expect_err("no claim yet")
        .to_string();
    assert!(e.contains("`claim` takes 1 value: claim <square"), "{e}");
}

/// The demo games' results give each score by where it came from, worked out by hand from
/// their logs (the two demo tests above): Ann's squares C1 2, A1 1, C3 4, B2 2, C2 3 = 12,
/// one red panda, one track bonus (landing on Bob's 3); Bob's squares B1 1, A3 3, B3 3,
/// A2 2, B5 5 = 14, one red panda, two track bonuses (on Ann's 2 and 9). With area scoring
/// Ann adds region 2 (2) and Bob regions 1 and 3 (2 + 1), with no bonus.
// NAN-END-3, NAN-TRACK-2, NAN-AREA-1
#[test]
fn demo_games_results_give_the_scores_by_source() {
    let part = |name: &str, points: i64| crate::engine::ScorePart::new(name, points);
    for (areas, text) in [
        (
            false,
            include_str!("../../../tests/data/nanga_parbat/chart.txt"),
        ),
        (
            true,
            include_str!("../../../tests/data/nanga_parbat/areas.txt"),
        ),
    ] {
        let g = play_script(areas, text);
        let Status::Finished(r) = g.status() else {
            panic!("the demo game ends")
        };
        let regions = |pts: i64| {
            if areas {
                vec![part("regions", pts)]
            } else {
                vec![]
            }
        };
        let ann = [
            vec![part("squares", 12), part("red pandas", 1)],
            regions(2),
            vec![part("track bonus", 1)],
        ]
        .concat();
        let bob = [
            vec![part("squares", 14), part("red pandas", 1)],
            regions(3),
            vec![part("track bonus", 2)],
        ]
        .concat();
        assert_eq!(r.breakdown, vec![ann, bob], "areas: {areas}");
        assert_eq!(r.check_breakdown(), Ok(()));
        let standings = r.standings(&["Ann", "Bob"]);
        let want = if areas {
            "1. Bob: 20 (squares 14, red pandas 1, regions 3, track bonus 2)"
        } else {
            "1. Bob: 17 (squares 14, red pandas 1, track bonus 2)"
        };
        assert!(standings.starts_with(want), "{standings}");
        let text = describe(data(), &g.view(data(), Viewer::Spectator));
        assert!(
            text.contains("Bob: 17 VP (squares 14, red pandas 1, track bonus 2)") || areas,
            "{text}"
        );
    }
}

/// A game restored from a snapshot taken before the points were kept by source still loads
/// and ends; its result then gives the totals only, never parts that do not add up.
#[test]
fn a_game_from_an_older_snapshot_ends_with_totals_only() {
    let text = include_str!("../../../tests/data/nanga_parbat/chart.txt");
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let (first, rest) = lines.split_at(lines.len() / 2);
    let g = play_script(false, &first.join("\n"));
    let mut json = serde_json::to_value(&g).unwrap();
    json.as_object_mut().unwrap().remove("points_by_source");
    let mut g: NangaParbat = serde_json::from_value(json).expect("an older snapshot loads");
    for line in rest {
        let (who, step) = line.split_once(": move ").expect("script line");
        let seat = names().iter().position(|n| n == who).expect("player");
        play(&mut g, data(), seat, step);
    }
    let Status::Finished(r) = g.status() else {
        panic!("the demo game ends")
    };
    assert_eq!(r.scores, vec![14, 17]);
    assert!(r.breakdown.is_empty());
    assert!(r
        .standings(&["Ann", "Bob"])
        .starts_with("1. Bob: 17\n2. Ann: 14\n"));
}

// ---- For computer players: the evaluation hint ----

// NAN-AREA-2: the hint is each seat's points so far, plus, in the area variant before the
// regions are scored, what its pieces would score in them now.
#[test]
fn nan_area_2_the_hint_counts_the_points_and_the_region_points_the_pieces_would_score() {
    for areas in [true, false] {
        let mut g = started(areas);
        lay(&mut g, "0X00bp 0X0X0p 0X0X0X 000ybp 111ybp ltdybp");
        g.score = vec![2, 3];
        let want = if areas {
            vec![8.0, 3.0]
        } else {
            vec![2.0, 3.0]
        };
        assert_eq!(g.hint(data()), want, "areas {areas}");
    }
}

/// Every section, region, chart square and animal word a player types is drawn legibly at
/// the inline width (from the renderer's own record of its text), as the notation writes
/// it, and the notation reads it back as that place or thing.
#[test]
fn typed_labels_are_legible_inline_and_read_as_written() {
    use super::board::{cell_name, square_name, CELLS, COLUMNS, REGIONS, ROWS};
    let d = data();
    let g = started(false);
    let mut typed: Vec<(String, Step)> = Vec::new();
    for c in 0..CELLS as u8 {
        typed.push((cell_name(c), Step::Trap(c)));
    }
    for r in 0..REGIONS as u8 {
        typed.push(((r + 1).to_string(), Step::Guide(r)));
    }
    for q in 0..(ROWS * COLUMNS) as u8 {
        typed.push((square_name(q), Step::Claim(q)));
    }
    for a in Animal::ALL {
        typed.push((a.word().to_string(), Step::Give(a)));
    }
    let labels: Vec<String> = typed.iter().map(|t| t.0.clone()).collect();
    let cv = render::render_canvas(d, &g.view(d, Viewer::Spectator));
    let faults = crate::render::typed_label_faults(&cv, &labels);
    assert!(faults.is_empty(), "{faults:#?}");
    for (label, step) in typed {
        let verb = match step {
            Step::Trap(_) => "trap",
            Step::Guide(_) => "guide",
            Step::Claim(_) => "claim",
            _ => "give",
        };
        assert_eq!(
            g.parse_step(d, 1, &format!("{verb} {label}")),
            Ok(step),
            "`{verb} {label}`"
        );
    }
}

/// The status panel shows every event of the last turn, however many: the trap at its
/// start is never dropped for the later ones.
#[test]
fn the_status_panel_shows_every_event_of_the_last_turn() {
    let d = data();
    let g = started(false);
    let mut view = g.view(d, Viewer::Spectator);
    view.this_turn.clear();
    view.last_turn = vec![
        "Ann traps a snow leopard on 6.4, leaves a hiker there (11 left), and the guide goes to region 4".to_string(),
        "Ann claims C1 for 3 VP".to_string(),
        "Ann hands in a tahr".to_string(),
        "Ann turns the hiker on 4.2 into a camp".to_string(),
        "Ann ends the turn".to_string(),
    ];
    let cv = render::render_canvas(d, &view);
    crate::render::shows_all_of(&cv, &view.last_turn).unwrap();
}
