//! Nepal tests, named after the clause ids of `../shared/clauses/nepal.md` (further ids a
//! test checks are listed in a comment above it).
//!
//! Clauses that cannot be checked by a test:
//! - NEP-KATH-4 (the overflow space printed beside Kathmandu) is a detail of the physical
//!   board: Sherpa's Kathmandu is a single province with no limit, so there is no separate
//!   space to treat differently (its lack of a limit is NEP-KATH-1, tested below).

use super::*;
use crate::engine::testing::{
    assert_nobody_scramble_changes_only, has_clause_id, play, refused_step, rejected,
};
use crate::engine::Rules;
use crate::engine::{conformance, Event, Game, GameRng, Options, Status, Viewer};
use std::sync::OnceLock;

fn data() -> &'static NepalData {
    static D: OnceLock<NepalData> = OnceLock::new();
    D.get_or_init(|| parse_board(BOARD).expect("authored board parses"))
}

fn names(n: usize) -> Vec<String> {
    ["Ann", "Bob", "Cy", "Dee", "Eve"][..n]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

fn game_with(n: usize, opts: &[(&str, &str)], seed: u64) -> Nepal {
    let o: Options = opts
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    crate::engine::setup_checked::<Nepal>(data(), &names(n), &o, seed).expect("setup")
}

fn game(n: usize) -> Nepal {
    game_with(n, &[], 1)
}

fn pi(name: &str) -> u8 {
    data()
        .province(name)
        .unwrap_or_else(|| panic!("province {name}")) as u8
}

fn card(a: &str, b: &str) -> u8 {
    data()
        .cards
        .iter()
        .position(|c| c.a == a && c.b == b)
        .unwrap_or_else(|| panic!("card {a} {b}")) as u8
}

/// Set `seat`'s regular pieces in a province, taking from / returning to the hand.
fn set(g: &mut Nepal, prov: &str, seat: usize, count: u8) {
    let n = g.n();
    let p = pi(prov) as usize;
    let old = g.pieces[p * n + seat];
    g.hand[seat] = g.hand[seat] + old as u16 - count as u16;
    g.pieces[p * n + seat] = count;
}

/// Make exactly these cards face up (unclaimed), removing them from the deck.
fn face_up(g: &mut Nepal, cards: &[u8]) {
    let mut all: Vec<u8> = g
        .cards
        .iter()
        .map(|c| c.card)
        .chain(g.deck.iter().copied())
        .collect();
    all.retain(|c| !cards.contains(c));
    g.deck = all;
    g.cards = cards
        .iter()
        .map(|&c| InPlay {
            card: c,
            claims: Vec::new(),
            revealed_turn: 0,
        })
        .collect();
}

fn total_pieces(g: &Nepal, seat: usize) -> u32 {
    let claims: u32 = g
        .cards
        .iter()
        .map(|c| c.claims.iter().filter(|&&s| s as usize == seat).count() as u32)
        .sum();
    g.hand[seat] as u32 + g.pieces_on_board(seat) + claims
}

// ---------------------------------------------------------------- board file

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

// ---------------------------------------------------------------- setup

#[test]
// Also NEP-SETUP-1, NEP-SETUP-3, NEP-SETUP-4, NEP-SETUP-5, NEP-SETUP-6, NEP-SETUP-7, NEP-SETUP-9, NEP-SETUP-11.
fn nep_setup_2_pieces_and_cards_by_player_count() {
    // NEP-SETUP-11 reading: the score marker is extra, so the hand holds all pieces but
    // the one in Kathmandu: 39 / 34 / 29.
    for (n, pieces, hand, cards) in [(3, 40u32, 39u16, 20usize), (4, 35, 34, 23), (5, 30, 29, 26)] {
        let g = game(n);
        let k = data().kathmandu;
        for s in 0..n {
            assert_eq!(g.pieces_at(k, s), 1, "one piece on Kathmandu");
            assert_eq!(g.pieces_on_board(s), 1, "and nowhere else");
            assert_eq!(g.hand[s], hand);
            assert_eq!(total_pieces(&g, s), pieces);
        }
        assert_eq!(g.cards.len(), FACE_UP);
        assert_eq!(g.cards.len() + g.deck.len(), cards);
        assert_eq!(g.status(), Status::Acting(vec![0]));
    }
    assert!(crate::engine::setup_checked::<Nepal>(data(), &names(2), &Options::new(), 1).is_err());
}

#[test]
// NEP-SETUP-7: a board with exactly the 26 cards five players use seats five (and no more
// cards than that are needed).
fn nep_setup_7_a_board_with_exactly_26_cards_seats_five() {
    let mut kept = 0;
    let text: String = BOARD
        .lines()
        .filter(|l| {
            if l.starts_with("card ") {
                kept += 1;
                kept <= 26
            } else {
                true
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let short = parse_board(&text).expect("26 cards are enough for the board file");
    assert_eq!(short.cards.len(), 26);
    let g = crate::engine::setup_checked::<Nepal>(&short, &names(5), &Options::new(), 3)
        .expect("five players with exactly 26 cards");
    assert_eq!(g.cards.len() + g.deck.len(), 26);
}

#[test]
fn nep_setup_12_shuffle_depends_on_seed_only() {
    let a = game_with(4, &[], 9);
    assert_eq!(a, game_with(4, &[], 9));
    let differs = (10..20).any(|s| game_with(4, &[], s).deck != a.deck);
    assert!(differs);
}

#[test]
fn deck_order_is_hidden_from_every_view() {
    let g = game(3);
    let secrets: Vec<String> = g
        .deck
        .iter()
        .map(|&c| data().cards[c as usize].label())
        .collect();
    assert_eq!(secrets.len(), 15);
    assert!(
        conformance::assert_non_interference(&g, data(), 3, Some(render::render)) > 0,
        "scrambling the deck changes the state but no view"
    );
    for v in [Viewer::Spectator, Viewer::Seat(0), Viewer::Seat(2)] {
        let json = serde_json::to_string(&g.view(data(), v)).unwrap();
        for s in &secrets {
            assert!(!json.contains(s.as_str()), "{s} leaked");
        }
        // The face-up cards are shown.
        assert!(json.contains(&data().cards[g.cards[0].card as usize].label()));
    }
}

// ---------------------------------------------------------------- turn and actions

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
fn nep_turn_2_not_your_turn_is_refused() {
    let mut g = game(3);
    let e = refused_step(&mut g, data(), 1, &Step::End);
    assert!(e.reason.contains("not your turn"));
    assert!(g.legal_steps(data(), 1).is_empty());
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
    set(&mut g, "Dhading", 0, 1);
    play(&mut g, data(), 0, "grow Dhading");
    assert_eq!(g.pieces_at(pi("Dhading") as usize, 0), 2);
}

#[test]
// Also NEP-KATH-3.
fn nep_grow_3_kathmandu_without_pieces() {
    let mut g = game(3);
    set(&mut g, "Kathmandu", 0, 0);
    let a = play(&mut g, data(), 0, "grow Kathmandu");
    assert_eq!(g.pieces_at(data().kathmandu, 0), 1);
    assert_eq!(a.events, vec![Event::public("Ann grows in Kathmandu")]);
}

#[test]
// Also NEP-GROW-5.
fn nep_grow_4_over_the_limit_then_conflict_cuts_back() {
    let mut g = game(3);
    set(&mut g, "Rasuwa", 0, 1); // limit 1
    play(&mut g, data(), 0, "grow Rasuwa");
    assert!(g
        .view(data(), Viewer::Spectator)
        .over_limit
        .contains(&(pi("Rasuwa") as usize)));
    play(&mut g, data(), 0, "end");
    assert_eq!(g.pieces_at(pi("Rasuwa") as usize, 0), 1);
}

#[test]
fn nep_grow_6_needs_pieces_in_hand() {
    let mut g = game(3);
    g.hand[0] = 0;
    let e = refused_step(&mut g, data(), 0, &Step::Grow(pi("Kathmandu")));
    assert!(e.reason.contains("no pieces left"), "{e}");
}

#[test]
fn prefix_notation_matches_steps() {
    let mut g = game(3);
    play(&mut g, data(), 0, "mo kath dha");
    assert_eq!(g.pieces_at(pi("Dhading") as usize, 0), 1);
    assert!(
        rejected(&mut g, data(), 0, "fortress Dhading")
            .starts_with("the fortress option is off in this game"),
        "fortress is off by default"
    );
}

// ---------------------------------------------------------------- claims and reveals

#[test]
// Also NEP-CLAIM-7, NEP-CLAIM-8, NEP-CONF-7.
fn nep_claim_6_scores_three_then_two_then_zero() {
    let mut g = game(3);
    let c = card("Kathmandu", "Lhasa");
    face_up(
        &mut g,
        &[c, card("Pokhara", "Lumbini"), card("Dunai", "Jomsom")],
    );
    for s in 0..3 {
        set(&mut g, "Rasuwa", s, 0);
    }
    play(&mut g, data(), 0, "move Kathmandu Rasuwa");
    play(&mut g, data(), 0, "grow Kathmandu");
    play(&mut g, data(), 0, "end");
    assert_eq!(g.score[0], 3);
    assert_eq!(g.cards[0].claims, vec![0]);
    // Bob and Cy link the same route through Sindhupalchok.
    play(&mut g, data(), 1, "move Kathmandu Sindhupalchok");
    play(&mut g, data(), 1, "grow Kathmandu");
    play(&mut g, data(), 1, "end");
    assert_eq!(g.score[1], 2);
    play(&mut g, data(), 2, "grow Kathmandu");
    play(&mut g, data(), 2, "move Kathmandu Sindhupalchok");
    play(&mut g, data(), 2, "end");
    // Sindhupalchok (limit 2) now holds Bob 1 and Cy 1: no conflict.
    assert_eq!(g.score[2], 0);
    assert_eq!(g.cards[0].claims, vec![0, 1, 2]);
}

#[test]
// Also NEP-CLAIM-15.
fn nep_claim_5_marker_comes_from_hand() {
    let mut g = game(3);
    face_up(&mut g, &[card("Kathmandu", "Lhasa")]);
    let before = total_pieces(&g, 0);
    play(&mut g, data(), 0, "move Kathmandu Rasuwa");
    play(&mut g, data(), 0, "grow Kathmandu");
    let hand = g.hand[0];
    play(&mut g, data(), 0, "end");
    assert_eq!(g.hand[0], hand - 1, "the marker is a piece from the hand");
    assert_eq!(total_pieces(&g, 0), before);
}

#[test]
fn nep_claim_15_needs_a_piece_in_hand() {
    let mut g = game(3);
    face_up(&mut g, &[card("Kathmandu", "Lhasa")]);
    set(&mut g, "Rasuwa", 0, 1);
    g.hand[0] = 0;
    play(&mut g, data(), 0, "end");
    assert!(g.cards[0].claims.is_empty());
    assert_eq!(g.score[0], 0);
}

#[test]
// Also NEP-CLAIM-2, NEP-CLAIM-4.
fn nep_claim_1_needs_unbroken_chain() {
    let mut g = game(3);
    face_up(&mut g, &[card("Gorkha", "Kathmandu")]);
    set(&mut g, "Gorkha", 0, 1);
    play(&mut g, data(), 0, "end");
    assert!(
        g.cards[0].claims.is_empty(),
        "Gorkha and Kathmandu are not adjacent"
    );
    play(&mut g, data(), 1, "end");
    play(&mut g, data(), 2, "end");
    set(&mut g, "Dhading", 1, 1); // someone else's piece does not link Ann's chain
    play(&mut g, data(), 0, "end");
    assert!(g.cards[0].claims.is_empty());
    play(&mut g, data(), 1, "end");
    play(&mut g, data(), 2, "end");
    play(&mut g, data(), 0, "move Kathmandu Dhading");
    play(&mut g, data(), 0, "grow Kathmandu");
    play(&mut g, data(), 0, "end");
    assert_eq!(g.cards[0].claims, vec![0]);
}

#[test]
fn nep_claim_3_outside_location_through_arrow_province() {
    let mut g = game(3);
    face_up(&mut g, &[card("Hetauda", "Patna")]);
    play(&mut g, data(), 0, "move Kathmandu Makwanpur");
    play(&mut g, data(), 0, "grow Makwanpur");
    play(&mut g, data(), 0, "move Makwanpur Parsa");
    play(&mut g, data(), 0, "end");
    assert_eq!(
        g.cards[0].claims,
        vec![0],
        "Parsa carries the arrow to Patna"
    );
}

#[test]
// Also NEP-REVEAL-4.
fn nep_reveal_1_first_claim_reveals_a_card() {
    let mut g = game(3);
    face_up(&mut g, &[card("Kathmandu", "Lhasa")]);
    let deck = g.deck.len();
    let next = *g.deck.last().unwrap();
    play(&mut g, data(), 0, "move Kathmandu Rasuwa");
    play(&mut g, data(), 0, "grow Kathmandu");
    let a = play(&mut g, data(), 0, "end");
    assert!(a.irreversible);
    assert_eq!(g.deck.len(), deck - 1);
    assert_eq!(g.cards.len(), 2);
    assert_eq!(g.cards[1].card, next);
    // A second claim of the same card reveals nothing.
    play(&mut g, data(), 1, "move Kathmandu Sindhupalchok");
    play(&mut g, data(), 1, "grow Kathmandu");
    let a = play(&mut g, data(), 1, "end");
    assert!(!a.irreversible);
    assert_eq!(g.deck.len(), deck - 1);
    // An end without claims is not irreversible.
    assert!(!play(&mut g, data(), 2, "end").irreversible);
}

#[test]
fn nep_reveal_3_revealed_card_not_claimable_same_turn() {
    let mut g = game(3);
    let first = card("Kathmandu", "Lhasa");
    let second = card("Kathmandu", "Birgunj");
    face_up(&mut g, &[first]);
    g.deck.retain(|&c| c != second);
    g.deck.push(second); // the next card to be revealed
    set(&mut g, "Rasuwa", 0, 1);
    set(&mut g, "Makwanpur", 0, 1);
    set(&mut g, "Parsa", 0, 1);
    play(&mut g, data(), 0, "end");
    assert_eq!(g.cards[1].card, second);
    assert!(
        g.cards[1].claims.is_empty(),
        "revealed this turn: not claimable yet"
    );
    play(&mut g, data(), 1, "end");
    play(&mut g, data(), 2, "end");
    play(&mut g, data(), 0, "end");
    assert_eq!(g.cards[1].claims, vec![0], "claimed on the next turn");
}

#[test]
// Also NEP-CLAIM-9.
fn nep_claim_14_several_claims_in_one_turn() {
    let mut g = game(3);
    face_up(
        &mut g,
        &[
            card("Kathmandu", "Lhasa"),
            card("Hetauda", "Patna"),
            card("Kathmandu", "Birgunj"),
        ],
    );
    set(&mut g, "Rasuwa", 0, 1);
    set(&mut g, "Makwanpur", 0, 1);
    set(&mut g, "Parsa", 0, 1);
    let deck = g.deck.len();
    play(&mut g, data(), 0, "end");
    assert_eq!(g.score[0], 9);
    assert_eq!(g.deck.len(), deck - 3);
    assert_eq!(g.cards.len(), 6);
}

// ---------------------------------------------------------------- conflict

#[test]
// Also NEP-CONF-2, NEP-CONF-10.
fn nep_conf_3_smallest_holder_removes_first() {
    let mut g = game(3);
    // Chitwan limit 3: Ann 3, Bob 1 -> Bob removes one, done.
    set(&mut g, "Chitwan", 0, 3);
    set(&mut g, "Chitwan", 1, 1);
    let hand = g.hand[1];
    play(&mut g, data(), 0, "end");
    let p = pi("Chitwan") as usize;
    assert_eq!((g.pieces_at(p, 0), g.pieces_at(p, 1)), (3, 0));
    assert_eq!(g.hand[1], hand + 1, "removed pieces return to the hand");
}

#[test]
// Also NEP-CONF-8.
fn nep_conf_4_tied_holders_remove_together() {
    let mut g = game(3);
    // Rasuwa limit 1: Ann 1, Bob 1 -> both removed at once.
    set(&mut g, "Rasuwa", 0, 1);
    set(&mut g, "Rasuwa", 1, 1);
    play(&mut g, data(), 0, "end");
    let p = pi("Rasuwa") as usize;
    assert_eq!((g.pieces_at(p, 0), g.pieces_at(p, 1)), (0, 0));
}

#[test]
// Also NEP-CONF-6.
fn nep_conf_5_then_next_smallest_removes() {
    let mut g = game(3);
    // Kaski limit 4: Ann 1, Bob 2, Cy 4 (7): pass 1 removes Ann (6), Bob (5), Cy (4).
    set(&mut g, "Kaski", 0, 1);
    set(&mut g, "Kaski", 1, 2);
    set(&mut g, "Kaski", 2, 4);
    play(&mut g, data(), 0, "end");
    let p = pi("Kaski") as usize;
    assert_eq!(
        (g.pieces_at(p, 0), g.pieces_at(p, 1), g.pieces_at(p, 2)),
        (0, 1, 3)
    );
}

#[test]
fn nep_conf_12_new_pass_when_one_pass_is_not_enough() {
    let mut g = game(3);
    // Dhading limit 2: Ann 3, Bob 3 (6). Pass 1: both tied -> 2,2 (4). Pass 2 -> 1,1 (2).
    set(&mut g, "Dhading", 0, 3);
    set(&mut g, "Dhading", 1, 3);
    play(&mut g, data(), 0, "end");
    let p = pi("Dhading") as usize;
    assert_eq!((g.pieces_at(p, 0), g.pieces_at(p, 1)), (1, 1));
    // Parsa limit 4: Ann 1, Bob 6 (7). Pass 1: Ann -> 0 (6), Bob -> 5 (5). Pass 2: Bob -> 4.
    let mut g = game(3);
    set(&mut g, "Parsa", 0, 1);
    set(&mut g, "Parsa", 1, 6);
    play(&mut g, data(), 0, "end");
    let p = pi("Parsa") as usize;
    assert_eq!((g.pieces_at(p, 0), g.pieces_at(p, 1)), (0, 4));
    // The clause's own example: Kaski limit 4 with 2, 2, 4 (8). Pass 1: Ann and Bob 1, 1
    // (6), Cy 3 (5). Pass 2: Ann and Bob 0, 0 (3). Re-ranking after every removal would
    // leave Cy 4 instead.
    let mut g = game(3);
    set(&mut g, "Kaski", 0, 2);
    set(&mut g, "Kaski", 1, 2);
    set(&mut g, "Kaski", 2, 4);
    play(&mut g, data(), 0, "end");
    let p = pi("Kaski") as usize;
    assert_eq!(
        (g.pieces_at(p, 0), g.pieces_at(p, 1), g.pieces_at(p, 2)),
        (0, 0, 3)
    );
}

#[test]
// Also NEP-CONF-1 (Bob is cut back at the end of Ann's turn).
fn nep_conf_9_cuts_lone_player_over_limit() {
    let mut g = game(3);
    set(&mut g, "Gorkha", 1, 4); // limit 2
    play(&mut g, data(), 0, "end");
    assert_eq!(g.pieces_at(pi("Gorkha") as usize, 1), 2);
}

#[test]
// Also NEP-KATH-1.
fn nep_kath_2_never_conflict_in_kathmandu() {
    let mut g = game(3);
    set(&mut g, "Kathmandu", 0, 12);
    set(&mut g, "Kathmandu", 1, 3);
    play(&mut g, data(), 0, "end");
    assert_eq!(g.pieces_at(data().kathmandu, 0), 12);
    assert_eq!(g.pieces_at(data().kathmandu, 1), 3);
}

#[test]
// Also NEP-TURN-1.
fn nep_conf_11_claim_stands_after_conflict() {
    let mut g = game(3);
    face_up(&mut g, &[card("Kathmandu", "Lhasa")]);
    set(&mut g, "Rasuwa", 1, 1);
    play(&mut g, data(), 0, "move Kathmandu Rasuwa");
    play(&mut g, data(), 0, "grow Kathmandu");
    play(&mut g, data(), 0, "end");
    assert_eq!(g.cards[0].claims, vec![0], "claimed before conflict");
    assert_eq!(
        g.pieces_at(pi("Rasuwa") as usize, 0),
        0,
        "then removed by conflict"
    );
    assert_eq!(g.score[0], 3);
}

// ---------------------------------------------------------------- end of game

#[test]
// Also NEP-END-3, NEP-END-4.
fn nep_end_1_empty_hand_then_one_more_turn_each() {
    let mut g = game(3);
    play(&mut g, data(), 0, "end");
    // Bob's hand runs out during his turn.
    g.hand[1] = 1;
    play(&mut g, data(), 1, "grow Kathmandu");
    play(&mut g, data(), 1, "end");
    let t = g.end.clone().expect("triggered");
    assert_eq!((t.by, t.turns_left), (1, 3));
    play(&mut g, data(), 2, "end");
    play(&mut g, data(), 0, "end");
    assert!(!g.status().is_finished());
    assert_eq!(
        g.status(),
        Status::Acting(vec![1]),
        "the trigger plays one more turn too"
    );
    play(&mut g, data(), 1, "end");
    assert!(g.status().is_finished());
    for s in 0..3 {
        assert!(g.legal_steps(data(), s).is_empty());
    }
}

#[test]
fn nep_end_2_exhausted_deck() {
    let mut g = game(3);
    face_up(&mut g, &[card("Kathmandu", "Lhasa")]);
    let last = g.deck[0];
    g.deck = vec![last];
    set(&mut g, "Rasuwa", 0, 1);
    play(&mut g, data(), 0, "end");
    assert!(g.deck.is_empty());
    assert!(g.end.as_ref().unwrap().reason.contains("deck"));
    for s in [1, 2] {
        play(&mut g, data(), s, "end");
    }
    assert!(!g.status().is_finished());
    play(&mut g, data(), 0, "end");
    assert!(g.status().is_finished());
}

// ---------------------------------------------------------------- final scoring

fn empty_board(g: &mut Nepal) {
    for s in 0..g.n() {
        for p in 0..data().provinces.len() {
            let name = data().provinces[p].name.clone();
            set(g, &name, s, 0);
        }
    }
}

#[test]
// Also NEP-SCORE-3, NEP-SCORE-7.
fn nep_score_2_region_five_and_three() {
    let mut g = game(3);
    empty_board(&mut g);
    set(&mut g, "Kailali", 0, 3);
    set(&mut g, "Doti", 1, 2);
    set(&mut g, "Achham", 2, 1);
    assert_eq!(g.region_points(data(), 0), vec![5, 3, 0]);
}

#[test]
fn nep_score_4_region_tie_broken_by_more_provinces() {
    let mut g = game(3);
    empty_board(&mut g);
    set(&mut g, "Kailali", 0, 2);
    set(&mut g, "Doti", 1, 1);
    set(&mut g, "Achham", 1, 1);
    assert_eq!(g.region_points(data(), 0), vec![3, 5, 0]);
}

#[test]
fn nep_score_5_region_full_tie_gives_four_each() {
    let mut g = game(3);
    empty_board(&mut g);
    set(&mut g, "Kailali", 0, 2);
    set(&mut g, "Kailali", 1, 2);
    set(&mut g, "Doti", 2, 1);
    assert_eq!(
        g.region_points(data(), 0),
        vec![4, 4, 0],
        "third place scores nothing"
    );
}

#[test]
fn nep_score_6_region_ties_share_rounded_down() {
    let mut g = game(3);
    empty_board(&mut g);
    set(&mut g, "Kailali", 0, 1);
    set(&mut g, "Kailali", 1, 1);
    set(&mut g, "Kailali", 2, 1);
    assert_eq!(g.region_points(data(), 0), vec![2, 2, 2]);
    set(&mut g, "Kailali", 0, 3);
    assert_eq!(
        g.region_points(data(), 0),
        vec![5, 1, 1],
        "two tied for second share 3"
    );
}

#[test]
// Also NEP-SCORE-9, NEP-SCORE-10, NEP-SCORE-12, NEP-SCORE-13.
fn nep_score_11_route_scoring_promotes_claimants_still_linked() {
    let mut g = game(4);
    empty_board(&mut g);
    let c = card("Kathmandu", "Birgunj"); // 4 / 2
    face_up(&mut g, &[c]);
    g.cards[0].claims = vec![0, 1, 2, 3];
    for s in [1, 3] {
        set(&mut g, "Kathmandu", s, 1);
        set(&mut g, "Makwanpur", s, 1);
        set(&mut g, "Parsa", s, 1);
    }
    g.finish(data());
    let b = g.breakdown.clone().unwrap();
    assert_eq!(b[0].cards, 0, "first claimant lost the route");
    assert_eq!(b[1].cards, 4, "second promoted to the high number");
    assert_eq!(b[2].cards, 0);
    assert_eq!(b[3].cards, 2, "fourth promoted to the low number");
}

#[test]
// Also NEP-SCORE-16.
fn nep_claim_13_starred_numbers_only_with_four_or_five() {
    let c = card("Pokhara", "Lumbini"); // 4* / 2*
    assert!(data().cards[c as usize].high_star && data().cards[c as usize].low_star);
    for (n, want) in [(3usize, (0i64, 0i64)), (4, (4, 2))] {
        let mut g = game(n);
        empty_board(&mut g);
        face_up(&mut g, &[c]);
        g.cards[0].claims = vec![0, 1];
        for s in 0..2 {
            for p in ["Kaski", "Tanahun", "Palpa", "Rupandehi"] {
                set(&mut g, p, s, 1);
            }
        }
        g.finish(data());
        let b = g.breakdown.clone().unwrap();
        assert_eq!((b[0].cards, b[1].cards), want, "{n} players");
    }
}

#[test]
fn nep_score_19_tie_broken_by_fewer_pieces_on_board() {
    let mut g = game(3);
    empty_board(&mut g);
    set(&mut g, "Kathmandu", 0, 3);
    set(&mut g, "Kathmandu", 1, 3); // Centre: Ann and Bob tie -> 4 each
    set(&mut g, "Bardiya", 0, 1); // MW Ann 5
    set(&mut g, "Jhapa", 1, 2); // E Bob 5
    g.finish(data());
    let r = g.result.clone().unwrap();
    assert_eq!(r.scores[0], r.scores[1]);
    assert_eq!(
        r.places,
        vec![1, 2, 3],
        "Ann has 4 pieces on the map, Bob 5"
    );
    assert!(r.note.contains("fewer pieces"), "{}", r.note);
    // The note names the one winner and explains the one real tie (Cy's 0 VP is no tie).
    assert_eq!(
        r.note,
        "Ann wins; tie on 9 VP broken by fewer pieces on the board, then the longest \
         controlled route: Ann (4 on board, longest route 0), Bob (5 on board, longest route 0)"
    );
}

#[test]
// NEP-SCORE-19: without any tie the note is just the winner.
fn nep_score_19_single_winner_without_tie_note() {
    let mut g = game(3);
    empty_board(&mut g);
    set(&mut g, "Kailali", 0, 1); // Far-West: Ann 5
    g.finish(data());
    let r = g.result.clone().unwrap();
    assert_eq!(r.scores, vec![5, 0, 0]);
    assert_eq!(r.places, vec![1, 2, 2]);
    assert!(r.note.starts_with("Ann wins"), "{}", r.note);
    assert!(!r.note.contains("share"), "{}", r.note);
}

#[test]
// Also NEP-SCORE-21.
fn nep_score_20_tie_then_longest_controlled_route() {
    let mut g = game(3);
    empty_board(&mut g);
    face_up(
        &mut g,
        &[card("Kathmandu", "Lhasa"), card("Kathmandu", "Birgunj")],
    );
    // Ann links Kathmandu-Lhasa (length 2), Bob Kathmandu-Birgunj (length 3); same
    // pieces and provinces in the Centre.
    set(&mut g, "Kathmandu", 0, 1);
    set(&mut g, "Rasuwa", 0, 1);
    set(&mut g, "Sindhupalchok", 0, 1);
    set(&mut g, "Kathmandu", 1, 1);
    set(&mut g, "Makwanpur", 1, 1);
    set(&mut g, "Parsa", 1, 1);
    g.finish(data());
    let r = g.result.clone().unwrap();
    // Centre: both 3 pieces in 3 provinces -> 4 each; equal pieces on board.
    assert_eq!(r.scores[0], r.scores[1]);
    let b = g.breakdown.clone().unwrap();
    assert_eq!((b[0].longest_route, b[1].longest_route), (2, 3));
    assert_eq!(r.places[1], 1);
    assert_eq!(r.places[0], 2);
}

// ---------------------------------------------------------------- options

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
    let mut g = game_with(3, &[("boom", "on")], 1);
    set(&mut g, "Gorkha", 1, 3);
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
    set(&mut g, "Rasuwa", 1, 2);
    play(&mut g, data(), 0, "end");
    let p = pi("Rasuwa") as usize;
    assert_eq!(g.pieces_at(p, 0), 3, "owner is never cut back");
    assert_eq!(g.pieces_at(p, 1), 1, "others still obey the limit");
}

#[test]
// Also NEP-FORT-11, NEP-FORT-13 (the fortress counts as 2 pieces on the board; its
// pieces come from the hand, see nep_fort_1).
fn nep_fort_10_counts_for_routes_and_domination() {
    let mut g = game_with(3, &[("fortress", "on")], 1);
    face_up(&mut g, &[card("Kathmandu", "Lhasa")]);
    play(&mut g, data(), 0, "fortress Rasuwa");
    play(&mut g, data(), 0, "end");
    assert_eq!(
        g.cards[0].claims,
        vec![0],
        "fortress links Kathmandu to Lhasa"
    );
    empty_board(&mut g);
    set(&mut g, "Dhading", 1, 2); // Bob: 2 pieces in 1 province
                                  // Ann: fortress only = 2 pieces in 1 province; tie -> 4 each.
    assert_eq!(g.region_points(data(), 3), vec![4, 4, 0]);
    set(&mut g, "Dhading", 1, 3);
    assert_eq!(g.region_points(data(), 3), vec![3, 5, 0]);
    assert_eq!(g.pieces_on_board(0), 2);
}

// ---------------------------------------------------------------- view, status, describe

#[test]
fn view_shows_state_and_describe_summarises() {
    let mut g = game(3);
    play(&mut g, data(), 0, "grow Kathmandu");
    let v = g.view(data(), Viewer::Seat(1));
    assert_eq!(v.current, Some(0));
    assert_eq!(v.actions_taken, vec!["grow Kathmandu".to_string()]);
    assert_eq!(v.actions_left, 2);
    assert_eq!(v.players[0].hand, 38);
    assert_eq!(v.cards.len(), 5);
    let text = describe(data(), &v);
    assert!(text.contains("Ann to act"), "{text}");
    assert!(text.contains("2 actions left"), "{text}");
    assert!(text.contains("Trade cards"), "{text}");
}

#[test]
fn rules_topics_cover_every_section() {
    let topics = Nepal::rules_topics();
    for id in [
        "overview",
        "setup",
        "turn",
        "actions",
        "move",
        "grow",
        "claim",
        "reveal",
        "conflict",
        "kathmandu",
        "end",
        "scoring",
        "option-start",
        "option-boom",
        "option-fortress",
        "notation",
    ] {
        let t = topics
            .iter()
            .find(|t| t.id == id)
            .unwrap_or_else(|| panic!("topic {id}"));
        assert!(!t.section.is_empty() && t.text.len() > 80, "{id}");
    }
}

// ---------------------------------------------------------------- conformance

#[test]
fn conformance_default_options_3_to_5_players() {
    conformance::run_suite::<Nepal>(data(), &Options::new(), 3, 20_000);
}

#[test]
fn conformance_all_options_on() {
    let o: Options = [("start", "placement"), ("boom", "on"), ("fortress", "on")]
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    conformance::run_suite::<Nepal>(data(), &o, 2, 20_000);
}

// ---------------------------------------------------------------- picture

/// A mid-game position with pieces, claims, a fortress and an over-limit province.
fn mid_game() -> Nepal {
    let mut g = game_with(4, &[("fortress", "on")], 3);
    let mut rng = crate::engine::GameRng::new(11);
    for _ in 0..260 {
        let s = g.current;
        let l = g.legal_steps(data(), s);
        let st = l[rng.below(l.len())];
        g.apply(data(), s, &st).unwrap();
    }
    let ids: Vec<u8> = (0..14).collect();
    face_up(&mut g, &ids);
    g.cards[0].claims = vec![0, 2];
    g.cards[1].claims = vec![1];
    for (i, c) in g.cards.iter_mut().enumerate().skip(2).take(7) {
        c.claims = (0..(i % 4 + 1) as u8).collect();
    }
    g.cards[13].revealed_turn = g.turn - 1;
    g.fortress[pi("Gorkha") as usize] = Some(3);
    g.fortress_built[3] = true;
    set(&mut g, "Chitwan", 0, 3);
    set(&mut g, "Chitwan", 1, 2);
    g
}

#[test]
fn render_mid_game_is_a_png_of_board_size() {
    let g = mid_game();
    let png =
        crate::render::png::encode_png(&render::render(data(), &g.view(data(), Viewer::Spectator)));
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    assert!(png.len() < 1_000_000, "{} bytes", png.len());
    let img = image::load_from_memory(&png).unwrap();
    // The board, with the headline strip (whose turn) above it and the status strip
    // (players, status, last turn) below it.
    // Drawn at the board scale: layout units times BOARD_SCALE pixels.
    let strip = crate::render::HEADLINE_H;
    let px = crate::render::board_px;
    assert_eq!(img.width(), px(render::WIDTH));
    assert!(img.height() > px(render::HEIGHT) + px(strip));
}

#[test]
// Also NEP-SCORE-18.
fn nep_score_17_scripted_full_game_has_known_final_scores() {
    let mut g = crate::engine::setup_checked::<Nepal>(
        data(),
        &names(DEMO_PLAYERS),
        &Options::new(),
        DEMO_SEED,
    )
    .unwrap();
    let script = demo_script();
    let last = script.len() - 1;
    for (i, (seat, text)) in script.into_iter().enumerate() {
        assert!(!g.status().is_finished(), "finished early at step {i}");
        play(&mut g, data(), seat, text);
        if i == 5 {
            assert_eq!(g.score[1], 3, "Bob is first on Kathmandu-Lhasa");
        }
        if i == 16 {
            assert_eq!(
                g.pieces_at(pi("Gorkha") as usize, 1),
                2,
                "conflict cut Bob to Gorkha's limit"
            );
        }
        if i == 20 {
            assert_eq!(
                g.score[2], 5,
                "Cy: first on Kathmandu-Birgunj, second on Kathmandu-Lhasa"
            );
        }
        if i < last {
            assert!(!g.status().is_finished(), "finished early at step {i}");
        }
    }
    let Status::Finished(r) = g.status() else {
        panic!("not finished")
    };
    // Hand-computed:
    // Ann: 40 pieces in Kathmandu -> Centre first (5). Total 5.
    // Bob: 3 during play; West alone (Gorkha) 5; Kathmandu-Lhasa lost (no Rasuwa or
    //      Sindhupalchok). Total 8.
    // Cy: 3 + 2 during play; Centre second with 4 pieces (3); Kathmandu-Birgunj high 4;
    //      Kathmandu-Lhasa promoted to high 2 (its low 1* does not count with 3 players).
    //      Total 14.
    assert_eq!(r.scores, vec![5, 8, 14]);
    assert_eq!(r.places, vec![3, 2, 1]);
    let b = g.breakdown.clone().unwrap();
    assert_eq!(b[1].regions, vec![0, 0, 5, 0, 0]);
    assert_eq!(b[2].cards, 6);
    assert_eq!(g.end.as_ref().unwrap().by, 0);
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

#[test]
fn registry_wrapper_plays_nepal_through_notation() {
    let kind = super::kind(BOARD).unwrap();
    let opts: Options = [("boom".to_string(), "on".to_string())]
        .into_iter()
        .collect();
    let mut g = kind.setup(&names(3), &opts, 42).unwrap();
    let (notation, _) = g.play(0, "mo kath dha").unwrap();
    assert_eq!(notation, "move Kathmandu Dhading");
    assert!(g.play(1, "end").is_err(), "not Bob's turn");
    assert!(g.legal(0).iter().any(|s| s.notation == "end"));
    assert!(g.describe(Viewer::Seat(0)).contains("Ann to act"));
    let back = kind.restore(&g.snapshot()).unwrap();
    assert!(back.same_state(&*g));
    assert!(kind
        .setup(
            &names(3),
            &[("boom".to_string(), "maybe".to_string())]
                .into_iter()
                .collect(),
            1
        )
        .is_err());
}

// ---------------------------------------------------------------- clauses checked on their own

#[test]
// Also NEP-SETUP-13 (reading: the first seat starts), NEP-TURN-2, NEP-TURN-4.
fn nep_setup_10_scores_start_at_zero_and_first_seat_starts() {
    for n in 3..=5 {
        let g = game(n);
        assert_eq!(g.score, vec![0; n]);
        assert_eq!(g.status(), Status::Acting(vec![0]));
    }
    // Actions are optional: `end` at once passes the turn around the table.
    let mut g = game(3);
    assert!(g.legal_steps(data(), 0).contains(&Step::End));
    for seat in [0, 1, 2, 0, 1] {
        assert_eq!(g.status(), Status::Acting(vec![seat]));
        play(&mut g, data(), seat, "end");
    }
    assert_eq!(g.status(), Status::Acting(vec![2]));
}

#[test]
fn nep_setup_8_unused_cards_and_pieces_never_enter_play() {
    for n in 3..=5 {
        let mut g = game_with(n, &[("fortress", "on")], 7);
        let mut used: Vec<u8> = g
            .cards
            .iter()
            .map(|c| c.card)
            .chain(g.deck.iter().copied())
            .collect();
        used.sort_unstable();
        assert_eq!(used.len(), [20, 23, 26][n - 3]);
        let pieces = [40u32, 35, 30][n - 3];
        let mut rng = crate::engine::GameRng::new(3);
        for _ in 0..600 {
            if g.status().is_finished() {
                break;
            }
            let s = g.current;
            let l = g.legal_steps(data(), s);
            let st = l[rng.below(l.len())];
            g.apply(data(), s, &st).unwrap();
            let mut now: Vec<u8> = g
                .cards
                .iter()
                .map(|c| c.card)
                .chain(g.deck.iter().copied())
                .collect();
            now.sort_unstable();
            assert_eq!(now, used, "the cards in use stay the same");
            for s in 0..n {
                assert_eq!(
                    total_pieces(&g, s),
                    pieces,
                    "seat {s} keeps {pieces} pieces"
                );
            }
        }
    }
}

#[test]
fn nep_move_3_never_outside_nepal() {
    let mut g = game(3);
    set(&mut g, "Parsa", 0, 1);
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
    let mut g = game(3);
    set(&mut g, "Rasuwa", 1, 1); // limit 1
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
    let mut g = game(3);
    set(&mut g, "Rasuwa", 0, 1); // limit 1
    play(&mut g, data(), 0, "grow Rasuwa");
    play(&mut g, data(), 0, "move Rasuwa Gorkha");
    play(&mut g, data(), 0, "end");
    assert_eq!(g.pieces_at(pi("Rasuwa") as usize, 0), 1);
    assert_eq!(g.pieces_at(pi("Gorkha") as usize, 0), 1);
}

#[test]
// Also NEP-CLAIM-11, NEP-CLAIM-12.
fn nep_claim_10_marker_stays_once_only_and_numbers_wait_for_the_end() {
    let mut g = game(3);
    face_up(&mut g, &[card("Kathmandu", "Lhasa")]); // 2 / 1*
    play(&mut g, data(), 0, "move Kathmandu Rasuwa");
    play(&mut g, data(), 0, "grow Kathmandu");
    play(&mut g, data(), 0, "end");
    assert_eq!(g.score[0], 3, "3 VP now, the printed 2 only at the end");
    let hand = g.hand[0];
    play(&mut g, data(), 1, "end");
    play(&mut g, data(), 2, "end");
    // Still linked: no second marker, no points, no piece taken.
    play(&mut g, data(), 0, "end");
    assert_eq!(g.cards[0].claims, vec![0]);
    assert_eq!((g.score[0], g.hand[0]), (3, hand));
    play(&mut g, data(), 1, "end");
    play(&mut g, data(), 2, "end");
    // Chain broken: the marker stays.
    play(&mut g, data(), 0, "move Rasuwa Gorkha");
    play(&mut g, data(), 0, "end");
    assert!(!g.controls_route(data(), 0, g.cards[0].card as usize));
    assert_eq!(g.cards[0].claims, vec![0]);
    assert_eq!(g.score[0], 3);
}

#[test]
fn nep_claim_16_other_player_claims_in_own_turn_if_still_linked() {
    let a = card("Kathmandu", "Lhasa");
    let b = card("Kathmandu", "Birgunj");
    let setup = || {
        let mut g = game(3);
        face_up(&mut g, &[a]);
        g.deck.retain(|&c| c != b);
        g.deck.push(b); // revealed by Ann's claim of A
        set(&mut g, "Rasuwa", 0, 1); // Ann links A
        set(&mut g, "Makwanpur", 1, 1); // Bob links B (with his Kathmandu piece)
        set(&mut g, "Parsa", 1, 1);
        g
    };
    let mut g = setup();
    assert!(g.controls_route(data(), 1, b as usize));
    play(&mut g, data(), 0, "end");
    assert_eq!(g.cards[1].card, b);
    assert!(g.cards[1].claims.is_empty(), "not in Ann's turn");
    assert_eq!(g.score[1], 0);
    play(&mut g, data(), 1, "end");
    assert_eq!(g.cards[1].claims, vec![1], "in Bob's own claim step");
    assert_eq!(g.score[1], 3);

    // Bob's chain is broken by the conflict of Ann's turn: nothing for him.
    let mut g = setup();
    set(&mut g, "Makwanpur", 0, 2); // limit 2: Ann 2 + Bob 1 -> Bob loses his piece
    play(&mut g, data(), 0, "end");
    assert_eq!(g.pieces_at(pi("Makwanpur") as usize, 1), 0);
    play(&mut g, data(), 1, "end");
    assert!(g.cards[1].claims.is_empty());
    assert_eq!(g.score[1], 0);
}

#[test]
fn nep_claim_17_route_broken_again_before_the_claim_step_does_not_count() {
    let mut g = game(3);
    face_up(&mut g, &[card("Kathmandu", "Lhasa")]);
    play(&mut g, data(), 0, "grow Kathmandu");
    play(&mut g, data(), 0, "move Kathmandu Rasuwa"); // linked now
    assert!(g.controls_route(data(), 0, g.cards[0].card as usize));
    play(&mut g, data(), 0, "move Rasuwa Gorkha"); // broken again
    let hand = g.hand[0];
    play(&mut g, data(), 0, "end");
    assert!(g.cards[0].claims.is_empty());
    assert_eq!((g.score[0], g.hand[0]), (0, hand));
}

#[test]
fn nep_reveal_2_five_on_offer_and_first_claim_with_empty_deck() {
    let five = [
        card("Kathmandu", "Lhasa"),
        card("Kathmandu", "Birgunj"),
        card("Pokhara", "Lumbini"),
        card("Hetauda", "Patna"),
        card("Dunai", "Jomsom"),
    ];
    let unclaimed = |g: &Nepal| g.cards.iter().filter(|c| c.claims.is_empty()).count();
    // With cards in the deck, the claimed card is replaced: 5 unclaimed again.
    let mut g = game(3);
    face_up(&mut g, &five);
    set(&mut g, "Rasuwa", 0, 1);
    play(&mut g, data(), 0, "end");
    assert_eq!((g.cards.len(), unclaimed(&g)), (6, 5));
    // With an empty deck the claim still counts, but nothing replaces it.
    let mut g = game(3);
    face_up(&mut g, &five);
    g.deck.clear();
    set(&mut g, "Rasuwa", 0, 1);
    let hand = g.hand[0];
    let a = play(&mut g, data(), 0, "end");
    assert_eq!(g.cards[0].claims, vec![0]);
    assert_eq!((g.score[0], g.hand[0]), (3, hand - 1));
    assert_eq!((g.cards.len(), unclaimed(&g)), (5, 4));
    assert!(!a.irreversible, "no card drawn");
}

#[test]
fn nep_end_5_empty_hand_is_checked_after_conflict() {
    // Ann grows her last piece over Rasuwa's limit; conflict gives it back: no trigger.
    let mut g = game(3);
    set(&mut g, "Rasuwa", 0, 1);
    g.hand[0] = 1;
    play(&mut g, data(), 0, "grow Rasuwa");
    assert_eq!(g.hand[0], 0);
    play(&mut g, data(), 0, "end");
    assert_eq!(g.hand[0], 1);
    assert!(g.end.is_none(), "the hand is not empty after conflict");
    // The same last piece grown in Kathmandu stays: the end is triggered by Ann.
    let mut g = game(3);
    g.hand[0] = 1;
    play(&mut g, data(), 0, "grow Kathmandu");
    play(&mut g, data(), 0, "end");
    let t = g.end.clone().expect("triggered");
    assert_eq!((t.by, t.turns_left), (0, 3));
    assert!(t.reason.contains("Ann"), "{}", t.reason);
    // A claim marker that empties the hand triggers it too.
    let mut g = game(3);
    face_up(&mut g, &[card("Kathmandu", "Lhasa")]);
    set(&mut g, "Rasuwa", 0, 1);
    g.hand[0] = 1;
    play(&mut g, data(), 0, "end");
    assert_eq!(g.cards[0].claims, vec![0]);
    assert_eq!(g.end.as_ref().map(|t| t.by), Some(0));
}

#[test]
fn nep_score_8_region_counts_pieces_not_routes_or_markers() {
    let mut g = game(3);
    empty_board(&mut g);
    set(&mut g, "Kailali", 0, 2);
    set(&mut g, "Doti", 1, 1);
    // Bob's claim markers (pieces on cards) do not count for the region.
    face_up(
        &mut g,
        &[card("Kathmandu", "Lhasa"), card("Kathmandu", "Birgunj")],
    );
    g.cards[0].claims = vec![1];
    g.cards[1].claims = vec![1];
    assert_eq!(g.region_points(data(), 0), vec![5, 3, 0]);
}

#[test]
fn nep_score_14_only_the_first_two_linked_claimants_score() {
    let mut g = game(4);
    empty_board(&mut g);
    face_up(&mut g, &[card("Kathmandu", "Birgunj")]); // 4 / 2
    g.cards[0].claims = vec![2, 0, 3, 1];
    for s in 0..4 {
        set(&mut g, "Kathmandu", s, 1);
        set(&mut g, "Makwanpur", s, 1);
        set(&mut g, "Parsa", s, 1);
    }
    g.finish(data());
    let cards: Vec<i64> = g
        .breakdown
        .clone()
        .unwrap()
        .iter()
        .map(|b| b.cards)
        .collect();
    assert_eq!(
        cards,
        vec![2, 0, 4, 0],
        "Cy high, Ann low, Dee and Bob nothing"
    );
}

#[test]
fn nep_score_15_card_without_markers_scores_nothing() {
    let mut g = game(3);
    empty_board(&mut g);
    face_up(&mut g, &[card("Kathmandu", "Birgunj")]);
    set(&mut g, "Kathmandu", 0, 1);
    set(&mut g, "Makwanpur", 0, 1);
    set(&mut g, "Parsa", 0, 1);
    g.finish(data());
    let b = g.breakdown.clone().unwrap();
    assert_eq!(b[0].cards, 0);
    assert_eq!(b[0].total, 5, "only the Centre");
}

#[test]
fn nep_score_22_players_tied_after_both_tie_breaks_share_the_place() {
    let mut g = game(3);
    empty_board(&mut g);
    face_up(&mut g, &[card("Pokhara", "Lumbini")]); // nobody links it
    set(&mut g, "Kailali", 0, 1); // Far-West: Ann 5
    set(&mut g, "Bardiya", 1, 1); // Mid-West: Bob 5
    g.finish(data());
    let r = g.result.clone().unwrap();
    assert_eq!(r.scores, vec![5, 5, 0]);
    let b = g.breakdown.clone().unwrap();
    assert_eq!((b[0].pieces_on_board, b[1].pieces_on_board), (1, 1));
    assert_eq!((b[0].longest_route, b[1].longest_route), (0, 0));
    assert_eq!(r.places, vec![1, 1, 3]);
    assert!(r.note.contains("Ann and Bob share the win"), "{}", r.note);
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
    // Its two pieces never move and conflict never touches them.
    set(&mut g, "Rasuwa", 1, 3);
    for s in [1, 2] {
        play(&mut g, data(), s, "end");
    }
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

// ---------------------------------------------------------------- mutants (issue #10)

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

    // An empty hand: moves only (no grow, no fortress).
    let mut g = game_with(3, &[("fortress", "on")], 1);
    g.hand[0] = 0;
    let mut want: Vec<Step> = moves_from(k).collect();
    want.push(Step::End);
    assert_eq!(sorted(g.legal_steps(d, 0)), sorted(want));
}

#[test]
// NEP-FORT-13 reading: the two fortress pieces come from the hand, so two are needed.
fn nep_fort_13_fortress_needs_two_pieces_in_hand() {
    let mut g = game_with(3, &[("fortress", "on")], 1);
    g.hand[0] = 1;
    let e = refused_step(&mut g, data(), 0, &Step::Fortress(pi("Gorkha")));
    assert!(e.reason.contains("two pieces from your hand"), "{e}");
    g.hand[0] = 2;
    assert!(g
        .legal_steps(data(), 0)
        .contains(&Step::Fortress(pi("Gorkha"))));
    play(&mut g, data(), 0, "fortress Gorkha");
    assert_eq!(g.hand[0], 0);
    assert_eq!(g.fortress[pi("Gorkha") as usize], Some(0));
}

#[test]
// Also NEP-REVEAL-1: the turn number counts every player's turn, and a card revealed in
// one turn is shown as new during the next one only.
fn nep_turn_2_turns_are_counted_around_the_table() {
    let mut g = game(3);
    face_up(&mut g, &[card("Kathmandu", "Lhasa")]);
    assert_eq!(g.view(data(), Viewer::Spectator).turn, 1);
    set(&mut g, "Rasuwa", 0, 1);
    play(&mut g, data(), 0, "end"); // Ann claims; a card is revealed in turn 1
    let v = g.view(data(), Viewer::Spectator);
    assert_eq!(v.turn, 2);
    assert_eq!(
        v.cards.iter().map(|c| c.just_revealed).collect::<Vec<_>>(),
        vec![false, true]
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
// Also NEP-CONF-12: the conflict is announced with the pieces each player lost.
fn nep_conf_5_conflict_names_what_each_player_loses() {
    let mut g = game(3);
    // Parsa limit 4: Ann 1, Bob 6 -> Ann loses 1, Bob 2 (see nep_conf_12).
    set(&mut g, "Parsa", 0, 1);
    set(&mut g, "Parsa", 1, 6);
    let a = play(&mut g, data(), 0, "end");
    let want = Event::public("conflict in Parsa (limit 4): Ann loses 1, Bob loses 2");
    assert!(a.events.contains(&want), "{:?}", a.events);
}

#[test]
// Also NEP-GROW-3, NEP-MOVE-1: a prefix that fits two allowed steps picks neither.
fn nep_grow_2_a_prefix_fitting_two_allowed_steps_is_refused() {
    let d = data();
    let (k, kavre, sindhu) = (pi("Kathmandu"), pi("Kavre"), pi("Sindhupalchok"));
    assert!(d.adj[k as usize].contains(&sindhu) && d.adj[kavre as usize].contains(&sindhu));
    let mut g = game(3);
    set(&mut g, "Kavre", 0, 1);
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

#[test]
fn every_typed_topic_has_its_entry_in_the_topics_table() {
    let typed: Vec<&str> = topics::Topic::ALL.iter().map(|t| t.id()).collect();
    let table: Vec<&str> = topics::TOPICS.iter().map(|t| t.id).collect();
    assert_eq!(typed, table);
}

/// `text` typed by `seat` is refused by the rule: the message starts with `reason`, names
/// `topic`, and never lists the legal steps in place of the reason.
fn refused_by_rule(g: &mut Nepal, seat: usize, text: &str, reason: &str, topic: &str) -> String {
    let msg = rejected(g, data(), seat, text);
    assert!(msg.starts_with(reason), "`{text}`: {msg}");
    assert!(
        msg.ends_with(&format!("(rules topic `{topic}`)")),
        "`{text}`: {msg}"
    );
    msg
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

    let mut g = game(3);
    g.hand[0] = 0;
    refused_by_rule(
        &mut g,
        0,
        "grow Kathmandu",
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
    g.fortress[pi("Gorkha") as usize] = Some(1);
    refused_by_rule(
        &mut g,
        0,
        "fortress Gorkha",
        "Gorkha already has a fortress",
        "option-fortress",
    );
    let mut g = game_with(3, &[("start", "placement")], 1);
    set(&mut g, "Rasuwa", 1, 1); // limit 1
    refused_by_rule(
        &mut g,
        0,
        "place Rasuwa",
        "Rasuwa is already at its population limit",
        "option-start",
    );
}

// ---------------------------------------------------------------- topics and wording

/// The backquoted examples of steps in the rules topics (`move Kathmandu Dhading`, `end`),
/// not the patterns (`grow <province>`) nor the options (`fortress=on`).
fn topic_step_examples() -> Vec<&'static str> {
    let kinds = ["move", "grow", "end", "fortress", "place"];
    let mut out = Vec::new();
    for t in topics::TOPICS {
        for (i, part) in t.text.split('`').enumerate() {
            let first = part.split_whitespace().next().unwrap_or("").to_lowercase();
            let names_a_kind = !first.is_empty() && kinds.iter().any(|k| k.starts_with(&first));
            if i % 2 == 1 && names_a_kind && !part.contains(['<', '=']) {
                out.push(part);
            }
        }
    }
    out
}

#[test]
fn every_step_example_in_the_topics_plays_in_the_opening() {
    let d = data();
    let examples = topic_step_examples();
    for want in [
        "move Kathmandu Dhading",
        "g kath",
        "end",
        "fortress Gorkha",
        "place Kaski",
    ] {
        assert!(examples.contains(&want), "`{want}` is among {examples:?}");
    }
    for text in examples {
        let start = if text.starts_with("place") {
            "placement"
        } else {
            "kathmandu"
        };
        let mut g = game_with(3, &[("fortress", "on"), ("start", start)], 1);
        let step = g
            .parse_step(d, 0, text)
            .unwrap_or_else(|e| panic!("`{text}` does not parse: {e}"));
        g.apply(d, 0, &step)
            .unwrap_or_else(|e| panic!("`{text}` is refused in the opening: {e}"));
    }
}

#[test]
fn topics_are_found_by_the_words_players_use() {
    let mut seen: Vec<&str> = topics::TOPICS.iter().map(|t| t.id).collect();
    for t in topics::TOPICS {
        assert!(!t.aliases.is_empty(), "topic `{}` has aliases", t.id);
        for a in t.aliases {
            assert_eq!(*a, a.to_lowercase(), "alias `{a}` is lower case");
            assert!(!seen.contains(a), "`{a}` names one topic only");
            seen.push(a);
        }
    }
    let topic_of = |word: &str| {
        topics::TOPICS
            .iter()
            .find(|t| t.aliases.contains(&word))
            .map(|t| t.id)
    };
    assert_eq!(topic_of("fortress"), Some("option-fortress"));
    assert_eq!(topic_of("route"), Some("claim"));
    assert_eq!(topic_of("trade"), Some("claim"));
    assert_eq!(topic_of("map"), Some("board"));
}

#[test]
fn no_clause_id_in_topics_refusals_log_or_description() {
    assert!(has_clause_id("see NEP-CONF-12 here") && has_clause_id("(PEL-POP-11)"));
    assert!(
        !has_clause_id("Far-West") && !has_clause_id("NEPAL-CONF-1") && !has_clause_id("NEP-12")
    );
    let d = data();
    let mut texts: Vec<String> = Vec::new();
    for t in topics::TOPICS {
        texts.extend([t.title, t.section, t.text].map(String::from));
    }
    // A random game with every option on: its log, each position's description, and the
    // refusal of every step the notation can name there.
    let mut g = game_with(
        4,
        &[("fortress", "on"), ("start", "placement"), ("boom", "on")],
        5,
    );
    let mut rng = GameRng::new(9);
    for i in 0..400 {
        let Some(&seat) = g.status().acting().first() else {
            break;
        };
        if i % 20 == 0 {
            for st in Nepal::every_step(d) {
                if let Err(e) = g.check(d, seat, &st) {
                    texts.push(e.to_string());
                }
            }
            texts.push(
                g.check(d, (seat + 1) % 4, &Step::End)
                    .unwrap_err()
                    .to_string(),
            );
        }
        texts.push(describe(d, &g.view(d, Viewer::Spectator)));
        let legal = g.legal_steps(d, seat);
        let step = legal[rng.below(legal.len())];
        let applied = g.apply(d, seat, &step).expect("a listed step");
        texts.extend(applied.events.into_iter().map(|e| e.text));
    }
    for t in &texts {
        assert!(!has_clause_id(t), "a clause id in: {t}");
    }
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

// ---- For computer players: the evaluation hint and determinisation ----

// NEP-SCORE-2: the hint is the score if the game ended now: claims so far plus the
// regions' domination points (5 and 3), the tie-break as a fraction of a point.
#[test]
fn nep_score_2_the_hint_is_the_score_if_the_game_ended_now() {
    let mut g = game(3);
    empty_board(&mut g);
    g.cards.clear();
    set(&mut g, "Kailali", 0, 3);
    set(&mut g, "Doti", 1, 2);
    set(&mut g, "Achham", 2, 1);
    g.score = vec![0, 4, 1];
    let hint = g.hint(data());
    let rounded: Vec<i64> = hint.iter().map(|h| h.round() as i64).collect();
    assert_eq!(rounded, vec![5, 7, 1], "{hint:?}");
    assert!(
        hint[0] < 5.0 && hint[0] > 4.9,
        "fewer pieces on the board is better: {hint:?}"
    );
}

#[test]
fn scrambling_nobody_redraws_the_deck_and_reseeds_the_rng_and_nothing_else() {
    let g = game(3);
    let s = g.scramble(data(), Holder::Nobody, &mut GameRng::new(4));
    assert_ne!(s.rng, g.rng, "future draws are nobody's information");
    assert_eq!(s.deck.len(), g.deck.len());
    assert_nobody_scramble_changes_only(&g, data(), true, |s, g| {
        s.rng = g.rng.clone();
        s.deck = g.deck.clone();
    });
}

/// Every province's map label is drawn legibly at the inline width (from the renderer's
/// own record of its text), and `move` reads it as that province, as it is written.
#[test]
fn map_labels_are_legible_inline_and_name_their_province() {
    let d = data();
    let mut g = game(4);
    let mut pick = GameRng::new(3);
    for _ in 0..40 {
        let seat = match g.status() {
            Status::Acting(s) if !s.is_empty() => s[0],
            _ => break,
        };
        let steps = g.legal_steps(d, seat);
        let st = steps[pick.below(steps.len())];
        g.perform(d, seat, &st);
    }
    let labels: Vec<String> = (0..d.provinces.len())
        .map(|p| d.short_label(p).to_string())
        .collect();
    let cv = render::render_canvas(d, &g.view(d, Viewer::Spectator));
    let faults = crate::render::typed_label_faults(&cv, &labels);
    assert!(faults.is_empty(), "{faults:#?}");
    let seat = g.current;
    for (p, label) in labels.iter().enumerate() {
        assert!(label.len() < d.provinces[p].name.len() || label == &d.provinces[p].name);
        assert_eq!(
            g.parse_step(d, seat, &format!("grow {label}")),
            Ok(Step::Grow(p as u8)),
            "`grow {label}`"
        );
    }
    assert_eq!(d.short_label(pi("Kathmandu") as usize), "Kath");
}

/// The last turn's panel shows every event of the turn, however many (not the last few).
#[test]
fn the_last_turn_panel_shows_every_event_of_the_turn() {
    let d = data();
    let g = game(4);
    let mut view = g.view(d, Viewer::Spectator);
    view.last_turn = (1..=12)
        .map(|i| format!("Bob moves a piece from Gorkha to Dhading ({i} of 12)"))
        .collect();
    let cv = render::render_canvas(d, &view);
    crate::render::shows_all_of(&cv, &view.last_turn).unwrap();
}
