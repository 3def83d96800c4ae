//! Nepal tests, named after the clause ids of `../shared/clauses/nepal.md` (further ids a
//! test checks are listed in a comment above it).
//! One file per rulebook part, mirroring `rules/`; a clause that cannot be checked by a
//! test is said so in its part's file (NEP-KATH-4 in `conflict.rs`).

use super::*;
use crate::engine::testing::{
    assert_nobody_scramble_changes_only, has_clause_id, play, refused_step, rejected,
};
use crate::engine::Rules;
use crate::engine::{conformance, Event, Game, GameRng, Options, Status, Viewer};
use std::sync::OnceLock;

mod actions;
mod board_file;
mod conflict;
mod end;
mod notation;
mod optional;
mod scoring;
mod setup;
mod suite;
mod trade_routes;
mod turn;
mod views;
mod wording;

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

/// The position a fixture reaches by real steps, typed as the players type them (see
/// [`crate::engine::testing::position`]): `players Ann Bob Cy`, then `Ann: grow Kathmandu`
/// lines. Tests start from one wherever a position is a few steps away; a test that sets
/// fields instead says why (a hand emptied or a far province reached takes dozens of turns).
fn position(fixture: &str) -> Nepal {
    crate::engine::testing::position(data(), fixture)
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
    // why: a designed map (pieces where a test needs them); `set` keeps every piece counted
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
    // why: chosen route cards face up; the shuffle would need a seed search per card pair
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

fn empty_board(g: &mut Nepal) {
    for s in 0..g.n() {
        for p in 0..data().provinces.len() {
            let name = data().provinces[p].name.clone();
            set(g, &name, s, 0);
        }
    }
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
