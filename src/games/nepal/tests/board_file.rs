//! Tests of the board file (`board.rs`): the authored map and every error in a bad one.

use super::*;

/// Replace the first line starting with `prefix` by `new` (or delete it if `new` is empty);
/// returns the text and the 1-based line number touched.
fn mutate(prefix: &str, new: &str) -> (String, usize) {
    let mut lines: Vec<String> = BOARD.lines().map(|l| l.to_string()).collect();
    let i = lines
        .iter()
        .position(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("{prefix}"));
    lines[i] = new.to_string();
    (lines.join("\n"), i + 1)
}

fn board_err(text: &str) -> BoardError {
    match parse_board(text) {
        Ok(_) => panic!("board should be rejected"),
        Err(e) => e,
    }
}

#[test]
// NEP-SCORE-1: the map has five regions.
fn board_file_is_authored_and_within_ranges() {
    let d = data();
    assert!(BOARD.lines().take(10).any(|l| l.contains("AUTHORED")));
    assert!((30..=45).contains(&d.provinces.len()));
    assert_eq!(d.regions.len(), 5);
    for r in 0..5 {
        let n = d.region_mask[r].count_ones();
        assert!((5..=10).contains(&n), "region {r} has {n}");
    }
    assert!((6..=10).contains(&d.outside.len()));
    assert!(d.cards.len() >= 26);
    assert_eq!(d.provinces[d.kathmandu].name, "Kathmandu");
    assert!(d.provinces.iter().all(|p| p.cities.len() <= 2));
    let mid = d
        .provinces
        .iter()
        .filter(|p| matches!(p.limit, Some(2) | Some(3)))
        .count();
    assert!(mid * 2 > d.provinces.len(), "most limits are 2-3");
    assert!(d.cards.iter().any(|c| c.high_star || c.low_star));
}

#[test]
fn board_adjacency_is_symmetric() {
    let d = data();
    for (p, a) in d.adj.iter().enumerate() {
        for &q in a {
            assert!(d.adj[q as usize].contains(&(p as u8)), "{p} -> {q}");
        }
    }
}

#[test]
fn board_card_values_grow_with_route_length() {
    let d = data();
    let short = d
        .cards
        .iter()
        .filter(|c| c.length <= 2)
        .map(|c| c.high)
        .max()
        .unwrap();
    let long = d
        .cards
        .iter()
        .filter(|c| c.length >= 6)
        .map(|c| c.high)
        .min()
        .unwrap();
    assert!(long > short);
}

#[test]
fn board_rejects_unknown_region() {
    let (t, ln) = mutate("province Doti ", "province Doti 1 3 XX 2 Dipayal");
    let e = board_err(&t);
    assert_eq!(e.line, ln);
    assert!(e.message.contains("unknown region"), "{e}");
}

#[test]
fn board_rejects_duplicate_names() {
    let (t, ln) = mutate("province Doti ", "province Darchula 1 3 FW 2 Dipayal");
    let e = board_err(&t);
    assert_eq!(e.line, ln);
    assert!(e.message.contains("already used"), "{e}");
    // A city named like another province is a duplicate too.
    let (t, ln) = mutate("province Doti ", "province Doti 1 3 FW 2 Baitadi");
    assert_eq!(board_err(&t).line, ln);
}

#[test]
fn board_rejects_card_end_that_is_not_a_city_or_location() {
    let (t, ln) = mutate("card Kathmandu Pokhara", "card Kathmandu Gotham 5 2");
    let e = board_err(&t);
    assert_eq!(e.line, ln);
    assert!(e.message.contains("Gotham"), "{e}");
    // A province name without a city of that name is not a card end.
    let (t, ln) = mutate("card Kathmandu Pokhara", "card Kathmandu Kaski 5 2");
    assert_eq!(board_err(&t).line, ln);
}

#[test]
fn board_rejects_region_size_out_of_range() {
    // Moving Darchula..Doti region to Mid-West leaves Far-West with 2 provinces.
    let mut t = BOARD.to_string();
    for p in [
        "Darchula 1 1",
        "Baitadi 1 2",
        "Bajhang 2 2",
        "Kanchanpur 0 3",
        "Doti 1 3",
    ] {
        t = t.replace(&format!("province {p} FW"), &format!("province {p} MW"));
    }
    let e = board_err(&t);
    let region_line = BOARD
        .lines()
        .position(|l| l.starts_with("region FW"))
        .unwrap()
        + 1;
    assert!(e.message.contains("5 to 10"), "{e}");
    assert_eq!(e.line, region_line, "{e}");
}

#[test]
fn board_rejects_disconnected_map() {
    let (t, ln) = mutate("province Jhapa ", "province Jhapa 20 8 E 3 Bhadrapur");
    let e = board_err(&t);
    assert_eq!(e.line, ln);
    assert!(e.message.contains("connected"), "{e}");
}

#[test]
fn board_rejects_asymmetric_or_inner_arrow() {
    // Adjacency derives from coordinates (symmetric by construction); the listed arrows
    // are validated: they must point at border provinces.
    let (t, ln) = mutate("outside Lhasa", "outside Lhasa 9 3 Dhading");
    let e = board_err(&t);
    assert_eq!(e.line, ln);
    assert!(e.message.contains("border"), "{e}");
    let (t, ln) = mutate("outside Lhasa", "outside Lhasa 9 3 Atlantis");
    assert_eq!(board_err(&t).line, ln);
}

#[test]
fn board_rejects_second_unlimited_province() {
    let (t, ln) = mutate("province Kavre ", "province Kavre 9 6 C none Dhulikhel");
    let e = board_err(&t);
    assert_eq!(e.line, ln);
    let (t, _) = mutate(
        "province Kathmandu ",
        "province Kathmandu 8 5 C 3 Kathmandu Bhaktapur",
    );
    assert!(board_err(&t).message.contains("none"));
}

#[test]
fn board_rejects_bad_limit_and_too_many_cities() {
    let (t, ln) = mutate("province Doti ", "province Doti 1 3 FW 5 Dipayal");
    assert_eq!(board_err(&t).line, ln);
    let (t, ln) = mutate(
        "province Doti ",
        "province Doti 1 3 FW 2 Dipayal Silgadhi Foo",
    );
    assert_eq!(board_err(&t).line, ln);
}

#[test]
fn board_rejects_shared_hex() {
    let (t, ln) = mutate("province Doti ", "province Doti 1 2 FW 2 Dipayal");
    let e = board_err(&t);
    assert_eq!(e.line, ln);
    assert!(e.message.contains("already province"), "{e}");
}

#[test]
fn board_rejects_duplicate_card_and_bad_values() {
    let (t, ln) = mutate("card Kathmandu Lhasa", "card Pokhara Kathmandu 2 1");
    let e = board_err(&t);
    assert_eq!(e.line, ln);
    assert!(e.message.contains("already exists"), "{e}");
    let (t, ln) = mutate("card Kathmandu Lhasa", "card Kathmandu Lhasa 1 2");
    assert_eq!(board_err(&t).line, ln);
    let (t, ln) = mutate("card Kathmandu Lhasa", "card Kathmandu Lhasa x 2");
    assert_eq!(board_err(&t).line, ln);
}

#[test]
fn board_rejects_short_deck_and_unknown_records() {
    let t: String = BOARD
        .lines()
        .filter(|l| !l.starts_with("card "))
        .take(200)
        .collect::<Vec<_>>()
        .join("\n");
    assert!(board_err(&t).message.contains("at least 26"));
    let (t, ln) = mutate("outside Lhasa", "teleport Lhasa Kathmandu");
    assert_eq!(board_err(&t).line, ln);
    assert!(board_err("region A B #zzzzzz").message.contains("colour"));
    assert!(board_err("").message.contains("regions"));
}

#[test]
fn board_rejects_wrong_province_or_outside_counts() {
    // Too few provinces: drop the West and East regions' provinces (45 - 18 = 27).
    let t: String = BOARD
        .lines()
        .filter(|l| {
            !(l.starts_with("province ") && matches!(l.split_whitespace().nth(4), Some("E" | "W")))
        })
        .collect::<Vec<_>>()
        .join("\n");
    let e = board_err(&t);
    assert!(e.message.contains("30 to 45 provinces"), "{e}");
    // Too few outside locations.
    let t: String = BOARD
        .lines()
        .filter(|l| !l.starts_with("outside "))
        .collect::<Vec<_>>()
        .join("\n");
    let e = board_err(&t);
    assert!(e.message.contains("6 to 10 outside"), "{e}");
    // Names must be single tokens made of letters, digits and hyphens.
    let (t, ln) = mutate("province Doti ", "province Do/ti 1 3 FW 2 Dipayal");
    assert_eq!(board_err(&t).line, ln);
}
