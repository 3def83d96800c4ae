//! Tests of the board file (`board.rs`).

use super::*;

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
