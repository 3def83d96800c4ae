//! Tests of the Turn Sequence (`rules/turn.rs`): whose turn it is, the three actions, the
//! steps offered and the refusals of typed steps.

use super::*;

#[test]
// Also NEP-TURN-5.
fn nep_turn_3_at_most_three_actions() {
    let mut g = game(3);
    play(&mut g, data(), 0, "grow Kathmandu");
    play(&mut g, data(), 0, "move Kathmandu Dhading");
    play(&mut g, data(), 0, "grow Dhading");
    assert_eq!(g.legal_steps(data(), 0), vec![Step::End]);
    let e = refused_step(
        &mut g,
        data(),
        0,
        &Step::Move {
            from: pi("Dhading"),
            to: pi("Gorkha"),
        },
    );
    assert!(e.reason.contains("three actions"), "{e}");
}

#[test]
fn nep_turn_6_never_three_actions_of_the_same_kind() {
    let mut g = game(3);
    play(&mut g, data(), 0, "grow Kathmandu");
    play(&mut g, data(), 0, "grow Kathmandu");
    let e = refused_step(&mut g, data(), 0, &Step::Grow(pi("Kathmandu")));
    assert!(e.reason.contains("already grown twice"), "{e}");
    play(&mut g, data(), 0, "move Kathmandu Kavre");

    let mut g = game(3);
    play(&mut g, data(), 0, "move Kathmandu Kavre");
    play(&mut g, data(), 0, "move Kavre Makwanpur");
    let e = refused_step(
        &mut g,
        data(),
        0,
        &Step::Move {
            from: pi("Makwanpur"),
            to: pi("Bara"),
        },
    );
    assert!(e.reason.contains("already moved twice"), "{e}");
    play(&mut g, data(), 0, "grow Makwanpur");
}

#[test]
fn nep_turn_2_not_your_turn_is_refused() {
    let mut g = game(3);
    let e = refused_step(&mut g, data(), 1, &Step::End);
    assert!(e.reason.contains("not your turn"));
    assert!(g.legal_steps(data(), 1).is_empty());
}

/// Steps sorted by their debug text, to compare lists as sets.
fn sorted(mut v: Vec<Step>) -> Vec<Step> {
    v.sort_by_key(|s| format!("{s:?}"));
    v
}

#[test]
// Also NEP-TURN-6, NEP-GROW-3, NEP-GROW-6, NEP-FORT-1, NEP-FORT-4: the steps offered are
// exactly the allowed ones, whatever order the actions come in.
fn nep_turn_5_offered_steps_are_every_allowed_move_grow_and_fortress() {
    let d = data();
    let k = d.kathmandu as u8;
    let np = d.provinces.len() as u8;
    let moves_from = |p: u8| {
        d.adj[p as usize]
            .iter()
            .map(move |&q| Step::Move { from: p, to: q })
    };
    let (r, gorkha) = (pi("Rasuwa"), pi("Gorkha"));

    // Start of Ann's turn, fortress option on: her one piece may move to any neighbour of
    // Kathmandu, she may grow there, and build her fortress anywhere but Kathmandu.
    let mut g = game_with(3, &[("fortress", "on")], 1);
    let mut want: Vec<Step> = moves_from(k).collect();
    want.push(Step::Grow(k));
    want.extend((0..np).filter(|&p| p != k).map(Step::Fortress));
    want.push(Step::End);
    assert_eq!(sorted(g.legal_steps(d, 0)), sorted(want));
    // Move first: a second move and both grows are still offered, the fortress no more.
    play(&mut g, data(), 0, "move Kathmandu Rasuwa");
    let mut want: Vec<Step> = moves_from(r).collect();
    want.extend([Step::Grow(r), Step::Grow(k), Step::End]);
    assert_eq!(sorted(g.legal_steps(d, 0)), sorted(want));
    // Two moves: grows only.
    play(&mut g, data(), 0, "move Rasuwa Gorkha");
    assert_eq!(
        sorted(g.legal_steps(d, 0)),
        sorted(vec![Step::Grow(gorkha), Step::Grow(k), Step::End])
    );

    // Grow first, without the option: moves from Kathmandu stay on offer after two grows.
    let mut g = game(3);
    play(&mut g, data(), 0, "grow Kathmandu");
    let mut want: Vec<Step> = moves_from(k).collect();
    want.extend([Step::Grow(k), Step::End]);
    assert_eq!(sorted(g.legal_steps(d, 0)), sorted(want));
    play(&mut g, data(), 0, "grow Kathmandu");
    let mut want: Vec<Step> = moves_from(k).collect();
    want.push(Step::End);
    assert_eq!(sorted(g.legal_steps(d, 0)), sorted(want));

    // A turn begun with an empty hand (Ann's last, after her grows triggered the end):
    // moves only (no grow, no fortress).
    let g = hand_down_to(&[("fortress", "on")], 0, 0, |_| true);
    let steps = g.legal_steps(d, 0);
    assert!(steps.contains(&Step::End), "{steps:?}");
    assert!(
        steps.iter().any(|s| matches!(s, Step::Move { .. })),
        "{steps:?}"
    );
    assert!(
        steps
            .iter()
            .all(|s| matches!(s, Step::Move { .. } | Step::End)),
        "{steps:?}"
    );
}

#[test]
// Also NEP-REVEAL-1: the turn number counts every player's turn, and a card revealed in
// one turn is shown as new during the next one only.
fn nep_turn_2_turns_are_counted_around_the_table() {
    let (mut g, _) = dealt_alone("Kathmandu", "Lhasa", &["Kathmandu", "Rasuwa"]);
    assert_eq!(g.view(data(), Viewer::Spectator).turn, 1);
    play_all(
        &mut g,
        data(),
        0,
        "move Kathmandu Rasuwa; grow Kathmandu; end",
    ); // Ann claims
    let v = g.view(data(), Viewer::Spectator);
    assert_eq!(v.turn, 2);
    assert_eq!(
        v.cards.iter().map(|c| c.just_revealed).collect::<Vec<_>>(),
        (0..=FACE_UP).map(|i| i == FACE_UP).collect::<Vec<_>>(),
        "the card revealed in turn 1 only"
    );
    assert!(
        describe(data(), &v).contains("turn 2: Bob to act"),
        "{}",
        describe(data(), &v)
    );
    play(&mut g, data(), 1, "end");
    let v = g.view(data(), Viewer::Spectator);
    assert_eq!(v.turn, 3);
    assert!(v.cards.iter().all(|c| !c.just_revealed));
}

#[test]
// Also NEP-FORT-2: each step offered is labelled in words, the fortress with its cost.
fn nep_turn_1_step_labels_say_what_each_step_does() {
    let d = data();
    for (st, want) in [
        (
            Step::Move {
                from: pi("Kathmandu"),
                to: pi("Rasuwa"),
            },
            "Move a piece from Kathmandu to Rasuwa",
        ),
        (Step::Grow(pi("Kavre")), "Grow: add a piece in Kavre"),
        (
            Step::Fortress(pi("Gorkha")),
            "Build your fortress in Gorkha (uses the whole turn)",
        ),
        (Step::Place(pi("Kaski")), "Place a starting piece in Kaski"),
        (Step::End, "End the turn (claim routes, then conflict)"),
    ] {
        assert_eq!(Nepal::label_step(d, &st), want);
    }
}

#[test]
// Also NEP-GROW-6, NEP-MOVE-1, NEP-MOVE-2: a step the rules forbid, typed in full or by
// prefixes, is refused with the rule's reason and rules topic (and the steps of its kind
// accepted now), changing nothing; never answered with the bare list of legal steps.
fn nep_turn_6_typed_forbidden_steps_are_refused_by_their_rule() {
    let mut g = game(3);
    play(&mut g, data(), 0, "grow Kathmandu");
    play(&mut g, data(), 0, "grow Kathmandu");
    let third =
        "you have already grown twice this turn; at most two of your three actions may be grows";
    for text in ["grow Kathmandu", "g kath"] {
        let msg = refused_by_rule(&mut g, 0, text, third, "actions");
        // No grow is accepted now: the close steps offered are the moves from there.
        assert!(!msg.contains("`grow"), "{msg}");
    }
    play(&mut g, data(), 0, "move Kathmandu Dhading");
    refused_by_rule(
        &mut g,
        0,
        "move Dhading Gorkha",
        "you have used your three actions this turn; type `end`",
        "actions",
    );

    let mut g = game(3);
    play(&mut g, data(), 0, "move Kathmandu Kavre");
    play(&mut g, data(), 0, "move Kavre Makwanpur");
    refused_by_rule(
        &mut g,
        0,
        "move Makwanpur Bara",
        "you have already moved twice this turn; at most two of your three actions may be moves",
        "actions",
    );

    let (mut g, grow) = last_piece_grown(&[]);
    refused_by_rule(
        &mut g,
        0,
        &grow,
        "you have no pieces left in your hand",
        "grow",
    );

    let mut g = game(3);
    let msg = refused_by_rule(
        &mut g,
        0,
        "move Kathmandu Kaski",
        "Kaski is not adjacent to Kathmandu; a piece moves one province at a time; accepted now: `move Kathmandu ",
        "move",
    );
    assert!(
        msg.contains("`move Kathmandu Dhading`, `move Kathmandu Rasuwa`"),
        "{msg}"
    );
    refused_by_rule(
        &mut g,
        0,
        "move kath kas",
        "Kaski is not adjacent to Kathmandu",
        "move",
    );
    refused_by_rule(
        &mut g,
        0,
        "move Kathmandu Kathmandu",
        "a move takes a piece out of Kathmandu into a neighbouring province",
        "move",
    );
    refused_by_rule(
        &mut g,
        0,
        "move Dhading Kathmandu",
        "you have no movable piece in Dhading",
        "move",
    );
    refused_by_rule(&mut g, 1, "grow Kathmandu", "it is not your turn", "turn");
}

#[test]
// Also NEP-TURN-1: the board's last-turn panel reads the whole last turn, its actions
// then what its `end` did, the same for every viewer.
fn nep_turn_3_the_last_turn_is_kept_for_the_board_actions_first() {
    let d = data();
    let mut g = game(3);
    play(&mut g, d, 0, "grow Kathmandu");
    play(&mut g, d, 0, "move Kathmandu Rasuwa");
    play(&mut g, d, 0, "end");
    let want = [
        "Ann grows in Kathmandu",
        "Ann moves a piece from Kathmandu to Rasuwa",
        "Ann ends the turn",
    ];
    for viewer in [Viewer::Spectator, Viewer::Seat(0), Viewer::Seat(1)] {
        assert_eq!(g.view(d, viewer).last_turn, want);
    }
    play(&mut g, d, 1, "end");
    assert_eq!(
        g.view(d, Viewer::Spectator).last_turn,
        ["Bob ends the turn"]
    );
}
