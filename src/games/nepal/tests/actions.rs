//! Tests of Rules of Play > Movement and Grow (`rules/actions.rs`).

use super::*;

#[test]
// Also NEP-MOVE-2, NEP-MOVE-4.
fn nep_move_1_move_to_adjacent_province() {
    let mut g = game(3);
    let e = refused_step(
        &mut g,
        data(),
        0,
        &Step::Move {
            from: pi("Kathmandu"),
            to: pi("Kaski"),
        },
    );
    assert!(e.reason.contains("not adjacent"), "{e}");
    let e = refused_step(
        &mut g,
        data(),
        0,
        &Step::Move {
            from: pi("Dhading"),
            to: pi("Kathmandu"),
        },
    );
    assert!(e.reason.contains("no movable piece"), "{e}");
    let a = play(&mut g, data(), 0, "move Kathmandu Rasuwa");
    assert_eq!(g.pieces_at(pi("Rasuwa") as usize, 0), 1);
    assert_eq!(
        g.pieces_at(data().kathmandu, 0),
        0,
        "the province left may be empty"
    );
    // The table reads what moved, in the public log.
    assert_eq!(
        a.events,
        vec![Event::public("Ann moves a piece from Kathmandu to Rasuwa")]
    );
}

#[test]
// Also NEP-GROW-1.
fn nep_grow_2_needs_own_piece_outside_kathmandu() {
    let mut g = game(3);
    let e = refused_step(&mut g, data(), 0, &Step::Grow(pi("Dhading")));
    assert!(e.reason.contains("already have a piece"), "{e}");
    assert!(
        e.reason.ends_with(
            "you have none in Dhading; accepted now: `grow Kathmandu`, `move Kathmandu Dhading`"
        ),
        "{e}"
    );
    let mut g = position(
        "players Ann Bob Cy
         Ann: move Kathmandu Dhading",
    );
    play(&mut g, data(), 0, "grow Dhading");
    assert_eq!(g.pieces_at(pi("Dhading") as usize, 0), 2);
}

#[test]
// Also NEP-KATH-3.
fn nep_grow_3_kathmandu_without_pieces() {
    let mut g = position(
        "players Ann Bob Cy
         Ann: move Kathmandu Rasuwa   # Ann's only piece leaves Kathmandu",
    );
    assert_eq!(g.pieces_at(data().kathmandu, 0), 0);
    let a = play(&mut g, data(), 0, "grow Kathmandu");
    assert_eq!(g.pieces_at(data().kathmandu, 0), 1);
    assert_eq!(a.events, vec![Event::public("Ann grows in Kathmandu")]);
}

#[test]
// Also NEP-GROW-5.
fn nep_grow_4_over_the_limit_then_conflict_cuts_back() {
    let mut g = position(
        "players Ann Bob Cy
         Ann: move Kathmandu Rasuwa   # Rasuwa's limit is 1
         Ann: grow Rasuwa",
    );
    assert!(g
        .view(data(), Viewer::Spectator)
        .over_limit
        .contains(&(pi("Rasuwa") as usize)));
    play(&mut g, data(), 0, "end");
    assert_eq!(g.pieces_at(pi("Rasuwa") as usize, 0), 1);
}

#[test]
fn nep_grow_6_needs_pieces_in_hand() {
    // Ann grows her last piece; a second grow in the same province finds her hand empty.
    let (mut g, grow) = last_piece_grown(&[]);
    let step = g.parse_step(data(), 0, &grow).expect("parses");
    let e = refused_step(&mut g, data(), 0, &step);
    assert!(e.reason.contains("no pieces left"), "{e}");
}

#[test]
fn nep_move_3_never_outside_nepal() {
    // Ann reaches Parsa, on the border, in her first turn; her second begins there.
    let mut g = position(
        "players Ann Bob Cy
         Ann: move Kathmandu Makwanpur
         Ann: grow Makwanpur
         Ann: move Makwanpur Parsa
         Ann: end
         Bob: end
         Cy: end",
    );
    assert!(g.parse_step(data(), 0, "move Parsa Patna").is_err());
    let outside = data().provinces.len() as u8;
    let e = refused_step(
        &mut g,
        data(),
        0,
        &Step::Move {
            from: pi("Parsa"),
            to: outside,
        },
    );
    assert_eq!(e.topic, "board");
    assert!(g
        .legal_steps(data(), 0)
        .iter()
        .all(|s| !matches!(s, Step::Move { to: t, .. } if *t >= outside)));
}

#[test]
fn nep_move_5_move_over_the_limit_waits_for_conflict() {
    let mut g = position(
        "players Ann Bob Cy
         Ann: end
         Bob: move Kathmandu Rasuwa   # Rasuwa's limit is 1
         Bob: end
         Cy: end",
    );
    play(&mut g, data(), 0, "move Kathmandu Rasuwa");
    let r = pi("Rasuwa") as usize;
    assert_eq!(
        (g.pieces_at(r, 0), g.pieces_at(r, 1)),
        (1, 1),
        "nothing yet"
    );
    assert!(g.view(data(), Viewer::Spectator).over_limit.contains(&r));
    play(&mut g, data(), 0, "end");
    assert_eq!((g.pieces_at(r, 0), g.pieces_at(r, 1)), (0, 0));
}

#[test]
fn nep_move_6_same_piece_may_move_twice() {
    let mut g = game(3);
    play(&mut g, data(), 0, "move Kathmandu Rasuwa");
    play(&mut g, data(), 0, "move Rasuwa Gorkha");
    assert_eq!(g.pieces_at(data().kathmandu, 0), 0);
    assert_eq!(g.pieces_at(pi("Rasuwa") as usize, 0), 0);
    assert_eq!(g.pieces_at(pi("Gorkha") as usize, 0), 1);
}

#[test]
fn nep_grow_5_grown_pieces_moved_out_before_the_end_are_kept() {
    let mut g = position(
        "players Ann Bob Cy
         Ann: move Kathmandu Rasuwa   # Rasuwa's limit is 1
         Ann: grow Rasuwa",
    );
    play(&mut g, data(), 0, "move Rasuwa Gorkha");
    play(&mut g, data(), 0, "end");
    assert_eq!(g.pieces_at(pi("Rasuwa") as usize, 0), 1);
    assert_eq!(g.pieces_at(pi("Gorkha") as usize, 0), 1);
}

#[test]
// Also NEP-GROW-3, NEP-MOVE-1: a prefix that fits two allowed steps picks neither.
fn nep_grow_2_a_prefix_fitting_two_allowed_steps_is_refused() {
    let d = data();
    let (k, kavre, sindhu) = (pi("Kathmandu"), pi("Kavre"), pi("Sindhupalchok"));
    assert!(d.adj[k as usize].contains(&sindhu) && d.adj[kavre as usize].contains(&sindhu));
    let g = position(
        "players Ann Bob Cy
         Ann: grow Kathmandu
         Ann: move Kathmandu Kavre
         Ann: end
         Bob: end
         Cy: end",
    );
    // `ka` fits Kathmandu and Kavre, where Ann may grow or move from (and Kaski, Kailali,
    // Kanchanpur, where she may not).
    for (text, want) in [
        ("grow ka", ["grow Kathmandu", "grow Kavre"]),
        (
            "move ka Sindhupalchok",
            ["move Kathmandu Sindhupalchok", "move Kavre Sindhupalchok"],
        ),
    ] {
        match g.parse_step(d, 0, text) {
            Err(crate::engine::ParseError::Ambiguous { mut candidates, .. }) => {
                candidates.sort();
                assert_eq!(candidates, want, "`{text}`");
            }
            other => panic!("`{text}` is ambiguous, got {other:?}"),
        }
    }
    assert_eq!(g.parse_step(d, 0, "grow kav").unwrap(), Step::Grow(kavre));
    assert_eq!(
        g.parse_step(d, 0, "move kav Sindhupalchok").unwrap(),
        Step::Move {
            from: kavre,
            to: sindhu
        }
    );
}

// NEP-MOVE-1: a move names where the piece leaves and where it goes. Text with too few or
// too many words for its kind is refused with the shared matcher's error, never read as
// another kind of step (and never a panic).
#[test]
fn nep_move_1_a_move_with_a_province_missing_or_extra_is_refused() {
    let d = data();
    let g = game_with(3, &[], 1);
    for text in [
        "move Kathmandu",
        "m kathmandu",
        "move",
        "move Kathmandu Dhading Gorkha",
        "grow",
        "grow Kathmandu Dhading",
        "end Kathmandu",
    ] {
        let before = g.clone();
        assert!(g.parse_step(d, 0, text).is_err(), "`{text}`");
        assert_eq!(g, before);
    }
    assert_eq!(
        g.parse_step(d, 0, "move Kathmandu Dhading").unwrap(),
        Step::Move {
            from: pi("Kathmandu"),
            to: pi("Dhading")
        }
    );
}
