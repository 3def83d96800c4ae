//! Tests of the board file (`board.rs`).

use super::*;

// HIM-COMP-3, HIM-COMP-4, HIM-COMP-5, HIM-COMP-6, HIM-COMP-7
#[test]
fn him_comp_2_board_has_twenty_villages_eight_regions_and_the_known_components() {
    let d = data();
    assert_eq!(d.villages.len(), 20);
    assert_eq!(d.regions.len(), 8);
    assert_eq!(d.goods, [18, 15, 12, 9, 6]);
    assert_eq!(d.total_goods(), 60);
    assert_eq!(d.orders.len(), 40);
    assert_eq!((d.inventory_markers, d.inventory_yacks), (15, 3));
    for (i, v) in d.villages.iter().enumerate() {
        assert_eq!(v.number as usize, i + 1);
        assert!((1..=3).contains(&v.level));
        let types = PathType::ALL
            .iter()
            .filter(|t| d.path_from(i, **t).is_some())
            .count();
        assert!(types >= 2, "village {} has paths of {types} types", i + 1);
    }
    // Dearer goods pay more: each order is worth the sum of its goods' ranks.
    for o in &d.orders {
        assert_eq!(
            o.yacks,
            o.goods.iter().map(|g| g.index() as u32 + 1).sum::<u32>()
        );
    }
}

#[test]
fn board_error_names_the_line() {
    let bad = BOARD.replace("path  1  2 stone", "path  1  2 lava");
    let line = bad.lines().position(|l| l.contains("lava")).unwrap() + 1;
    let e = parse_board(&bad).unwrap_err();
    assert_eq!(e.line, line);
    assert!(e.to_string().contains("dirt, ice or stone"), "{e}");
    let e = parse_board("village 1 castle 0 0 Humla").unwrap_err();
    assert_eq!(e.line, 1);
}

// reading: a board never has two paths of one type at a village, so a move is never ambiguous
#[test]
fn him_res_5_board_rejects_two_paths_of_one_type_at_a_village() {
    let bad = BOARD.replace("path  1  8 ice", "path  1  8 stone");
    let e = parse_board(&bad).unwrap_err();
    assert!(e.reason.contains("at most one path of each type"), "{e}");
}

#[test]
fn board_rejects_a_village_with_paths_of_one_type() {
    let bad = BOARD.replace("path  1  8 ice\n", "");
    let e = parse_board(&bad).unwrap_err();
    assert!(
        e.reason
            .contains("village 1 needs paths of at least two types"),
        "{e}"
    );
}

#[test]
fn board_rejects_an_unreachable_village() {
    // Cut 6 and 7 off (6-5 dirt, 7-12 dirt) and give them a second type between them...
    let bad = BOARD
        .replace("path  5  6 dirt\n", "")
        .replace("path  7 12 dirt\n", "path  6  7 ice\n");
    let e = parse_board(&bad).unwrap_err();
    // ...which fails first on the two-types rule or on reachability; both are refusals.
    assert!(
        e.reason.contains("cannot be reached")
            || e.reason.contains("two types")
            || e.reason.contains("twice"),
        "{e}"
    );
    let bad = BOARD.replace("village 20 monastery 1230 700 Makalu", "");
    assert!(parse_board(&bad)
        .unwrap_err()
        .reason
        .contains("village 20 is missing"));
}
