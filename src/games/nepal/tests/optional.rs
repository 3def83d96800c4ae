//! Tests of the Optional Rules (`rules/optional.rs`): the start placement, the boom and
//! the fortress.

use super::*;

#[test]
// Also NEP-OPTSTART-2, NEP-OPTSTART-3.
fn nep_optstart_1_three_rounds_within_limits() {
    let mut g = game_with(3, &[("start", "placement")], 1);
    assert_eq!(g.phase, Phase::Placement);
    let e = refused_step(&mut g, data(), 0, &Step::End);
    assert!(e.reason.contains("place"), "{e}");
    play(&mut g, data(), 0, "place Rasuwa"); // limit 1
    let e = refused_step(&mut g, data(), 1, &Step::Place(pi("Rasuwa")));
    assert!(e.reason.contains("limit"), "{e}");
    play(&mut g, data(), 1, "place Kathmandu");
    play(&mut g, data(), 2, "place Kaski");
    for _ in 0..2 {
        for s in 0..3 {
            play(&mut g, data(), s, "place Kathmandu");
        }
    }
    assert_eq!(g.phase, Phase::Play);
    assert_eq!(g.status(), Status::Acting(vec![0]));
    assert_eq!(g.hand[0], 36);
    assert!(refused_step(&mut g, data(), 0, &Step::Place(pi("Kaski")))
        .reason
        .contains("only"));
}

#[test]
// Also NEP-OPTBOOM-2.
fn nep_optboom_1_raises_limit_in_city_provinces() {
    let d = data();
    assert_eq!(d.limit(pi("Gorkha") as usize, false), Some(2));
    assert_eq!(
        d.limit(pi("Gorkha") as usize, true),
        Some(3),
        "Gorkha has a city"
    );
    assert_eq!(
        d.limit(pi("Dhading") as usize, true),
        Some(2),
        "Dhading has none"
    );
    // Bob walks to Gorkha and grows there to 3, its raised limit; the end of Ann's next
    // turn leaves them.
    let mut g = position(
        "players Ann Bob Cy
         option boom on
         Ann: end
         Bob: move Kathmandu Dhading
         Bob: grow Dhading
         Bob: move Dhading Gorkha
         Bob: end
         Cy: end
         Ann: end
         Bob: grow Gorkha
         Bob: grow Gorkha
         Bob: end
         Cy: end",
    );
    assert_eq!(g.pieces_at(pi("Gorkha") as usize, 1), 3);
    play(&mut g, data(), 0, "end");
    assert_eq!(g.pieces_at(pi("Gorkha") as usize, 1), 3);
}

#[test]
// Also NEP-FORT-2, NEP-FORT-3, NEP-FORT-4, NEP-FORT-5.
fn nep_fort_1_whole_turn_once_per_game() {
    let mut g = game(3);
    assert_eq!(
        refused_step(&mut g, data(), 0, &Step::Fortress(pi("Gorkha"))).topic,
        "option-fortress"
    );
    let mut g = game_with(3, &[("fortress", "on")], 1);
    assert!(
        refused_step(&mut g, data(), 0, &Step::Fortress(pi("Kathmandu")))
            .reason
            .contains("Kathmandu")
    );
    play(&mut g, data(), 0, "grow Kathmandu");
    assert!(
        refused_step(&mut g, data(), 0, &Step::Fortress(pi("Gorkha")))
            .reason
            .contains("three actions")
    );
    let mut g = game_with(3, &[("fortress", "on")], 1);
    let hand = g.hand[0];
    play(&mut g, data(), 0, "fortress Gorkha");
    assert_eq!(g.hand[0], hand - 2);
    assert_eq!(g.legal_steps(data(), 0), vec![Step::End]);
    play(&mut g, data(), 0, "end");
    assert!(
        refused_step(&mut g, data(), 1, &Step::Fortress(pi("Gorkha")))
            .reason
            .contains("already has")
    );
    play(&mut g, data(), 1, "end");
    play(&mut g, data(), 2, "end");
    assert!(
        refused_step(&mut g, data(), 0, &Step::Fortress(pi("Kaski")))
            .reason
            .contains("once per game")
    );
}

#[test]
// Also NEP-FORT-7, NEP-FORT-8, NEP-FORT-12.
fn nep_fort_6_owner_ignores_limit_conflict_and_grows_freely() {
    let mut g = game_with(3, &[("fortress", "on")], 1);
    play(&mut g, data(), 0, "fortress Rasuwa"); // limit 1
    play(&mut g, data(), 0, "end");
    play(&mut g, data(), 1, "end");
    play(&mut g, data(), 2, "end");
    play(&mut g, data(), 0, "grow Rasuwa"); // no regular piece there: allowed for the owner
    play(&mut g, data(), 0, "grow Rasuwa");
    play(&mut g, data(), 0, "move Kathmandu Rasuwa");
    play(&mut g, data(), 0, "end");
    let p = pi("Rasuwa") as usize;
    assert_eq!(g.pieces_at(p, 0), 3, "owner is never cut back");
    // Bob brings two pieces in (limit 1): cut back to 1 at the end of his turn.
    play_all(
        &mut g,
        data(),
        1,
        "grow Kathmandu; move Kathmandu Rasuwa; move Kathmandu Rasuwa; end",
    );
    assert_eq!(g.pieces_at(p, 0), 3, "owner is never cut back");
    assert_eq!(g.pieces_at(p, 1), 1, "others still obey the limit");
}

#[test]
// Also NEP-FORT-11, NEP-FORT-13 (the fortress counts as 2 pieces on the board; its
// pieces come from the hand, see nep_fort_1).
fn nep_fort_10_counts_for_routes_and_domination() {
    let fortress = [("fortress", "on")];
    let (mut g, c) = dealt_alone_with(&fortress, "Kathmandu", "Lhasa", &["Kathmandu", "Rasuwa"]);
    play(&mut g, data(), 0, "fortress Rasuwa");
    play(&mut g, data(), 0, "end");
    assert_eq!(
        g.cards[at(&g, c)].claims,
        vec![0],
        "fortress links Kathmandu to Lhasa"
    );
    // Domination: real play with the fortress on (each seat builds its fortress as soon
    // as it may, then grows, else moves), stopped at the first region whose points the
    // fortress's weight decides (counted as one piece instead of two, the points would
    // differ): scored as recomputed with the fortress as two pieces in its province.
    use super::scoring::{region_counts, region_points_from};
    let prefer = |_: &Nepal, _: usize, t: &str| match t.split(' ').next() {
        Some("fortress") => 3,
        Some("grow") => 2,
        Some("move") => 1,
        _ => 0,
    };
    let weighs = |g: &Nepal| {
        (0..REGIONS).find(|&r| {
            let counts = region_counts(g, r);
            let mut light = counts.clone();
            for (p, f) in g.fortress.iter().enumerate() {
                if let Some(s) = f.filter(|_| data().region_mask[r] & (1 << p) != 0) {
                    light[s as usize].0 -= 1;
                }
            }
            region_points_from(&counts) != region_points_from(&light)
        })
    };
    let (g, r) = found_in(&fortress, 3, "a region a fortress decides", prefer, weighs);
    assert_eq!(
        g.region_points(data(), r),
        region_points_from(&region_counts(&g, r)),
        "region {r}: {:?}",
        region_counts(&g, r)
    );
    for s in 0..3 {
        let regular: u32 = (0..data().provinces.len())
            .map(|p| g.pieces_at(p, s) as u32)
            .sum();
        let fort = 2 * g.fortress.iter().filter(|f| **f == Some(s as u8)).count() as u32;
        assert_eq!(g.pieces_on_board(s), regular + fort, "seat {s}");
    }
}

#[test]
fn nep_fort_9_fortress_stays_for_the_rest_of_the_game() {
    let mut g = game_with(3, &[("fortress", "on")], 1);
    let a = play(&mut g, data(), 0, "fortress Rasuwa");
    assert_eq!(
        a.events,
        vec![Event::public("Ann builds a fortress in Rasuwa")]
    );
    play(&mut g, data(), 0, "end");
    let r = pi("Rasuwa") as usize;
    // Its two pieces never move and conflict never touches them: Bob brings two pieces
    // in (limit 1) and only his are cut back.
    play_all(
        &mut g,
        data(),
        1,
        "grow Kathmandu; move Kathmandu Rasuwa; move Kathmandu Rasuwa; end",
    );
    play(&mut g, data(), 2, "end");
    assert_eq!(g.pieces_at(r, 1), 1);
    assert!(!g
        .legal_steps(data(), 0)
        .iter()
        .any(|s| matches!(s, Step::Move { from: f, .. } if *f as usize == r)));
    for _ in 0..3 {
        for s in 0..3 {
            play(&mut g, data(), s, "end");
        }
    }
    assert_eq!(g.fortress[r], Some(0));
    assert_eq!(g.pieces_on_board(0), 3, "Kathmandu 1 + fortress 2");
}

#[test]
// NEP-FORT-13 reading: the two fortress pieces come from the hand, so two are needed.
fn nep_fort_13_fortress_needs_two_pieces_in_hand() {
    let fortress = [("fortress", "on")];
    let mut g = hand_down_to(&fortress, 0, 1, |_| true);
    let e = refused_step(&mut g, data(), 0, &Step::Fortress(pi("Gorkha")));
    assert!(e.reason.contains("two pieces from your hand"), "{e}");
    let mut g = hand_down_to(&fortress, 0, 2, |_| true);
    assert!(g
        .legal_steps(data(), 0)
        .contains(&Step::Fortress(pi("Gorkha"))));
    play(&mut g, data(), 0, "fortress Gorkha");
    assert_eq!(g.hand[0], 0);
    assert_eq!(g.fortress[pi("Gorkha") as usize], Some(0));
}

#[test]
// Also NEP-FORT-1: each kind of step is read by its own word only.
fn nep_optstart_1_placement_reads_only_place() {
    let d = data();
    let mut g = game_with(3, &[("start", "placement"), ("fortress", "on")], 1);
    for (text, want) in [
        ("grow Kathmandu", Step::Grow(pi("Kathmandu"))),
        ("fortress Kaski", Step::Fortress(pi("Kaski"))),
    ] {
        assert_eq!(g.parse_step(d, 0, text), Ok(want), "`{text}`");
        let e = rejected(&mut g, d, 0, text);
        assert!(
            e.starts_with("the start placement comes first: use `place <province>`"),
            "`{text}` during placement: {e}"
        );
    }
    assert_eq!(
        g.parse_step(d, 0, "place Kaski").unwrap(),
        Step::Place(pi("Kaski"))
    );
    // During play, `place` is not read as a grow, nor `grow` as a fortress.
    let mut g = game_with(3, &[("fortress", "on")], 1);
    for (text, want, why) in [
        (
            "place Kathmandu",
            Step::Place(pi("Kathmandu")),
            "`place` is only used during the start placement",
        ),
        (
            "grow Gorkha",
            Step::Grow(pi("Gorkha")),
            "you can only grow where you already have a piece",
        ),
    ] {
        assert_eq!(g.parse_step(d, 0, text), Ok(want), "`{text}`");
        let e = rejected(&mut g, d, 0, text);
        assert!(e.starts_with(why), "`{text}` during play: {e}");
    }
    assert_eq!(
        g.parse_step(d, 0, "fortress Gorkha").unwrap(),
        Step::Fortress(pi("Gorkha"))
    );
}

#[test]
// Also NEP-FORT-4, NEP-FORT-5, NEP-OPTSTART-2: the option steps, typed when the rules forbid them, are
// refused by the option's rule with the province named.
fn nep_fort_1_typed_option_steps_are_refused_by_their_rule() {
    let mut g = game_with(3, &[("fortress", "on")], 1);
    refused_by_rule(
        &mut g,
        0,
        "fortress Kathmandu",
        "a fortress cannot be built in Kathmandu",
        "option-fortress",
    );
    // Bob builds his fortress in Gorkha on his first turn.
    let mut g = position(
        "players Ann Bob Cy
         option fortress on
         Ann: end
         Bob: fortress Gorkha
         Bob: end
         Cy: end",
    );
    assert_eq!(g.fortress[pi("Gorkha") as usize], Some(1));
    refused_by_rule(
        &mut g,
        0,
        "fortress Gorkha",
        "Gorkha already has a fortress",
        "option-fortress",
    );
    // The first placement fills Rasuwa (limit 1); the next seat may not place there.
    let mut g = position("players Ann Bob Cy\noption start placement\n> place Rasuwa");
    let next = crate::engine::testing::first_acting(&g);
    refused_by_rule(
        &mut g,
        next,
        "place Rasuwa",
        "Rasuwa is already at its population limit",
        "option-start",
    );
}
