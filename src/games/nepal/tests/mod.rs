//! Nepal tests, named after the clause ids of `../shared/clauses/nepal.md` (further ids a
//! test checks are listed in a comment above it).
//! One file per rulebook part, mirroring `rules/`; a clause that cannot be checked by a
//! test is said so in its part's file (NEP-KATH-4 in `conflict.rs`).

use super::*;
use crate::engine::testing::{
    assert_nobody_scramble_changes_only, has_clause_id, legal, play, play_all, refused_step,
    rejected, steered_play_until,
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

/// Three players, seed 1 (options `opts`), played by real steps to the start of `seat`'s
/// turn with `left` pieces in hand where `also` holds too: `seat` grows wherever it can and
/// otherwise moves, the others end their turns at once (Ann's hand is down to 2 at turn
/// 106, 1 at 109, and empty at 118 after her grows triggered the end). Panics if the line
/// no longer gets there.
fn hand_down_to(
    opts: &[(&str, &str)],
    seat: usize,
    left: u16,
    also: impl Fn(&Nepal) -> bool,
) -> Nepal {
    let prefer = |_: &Nepal, s: usize, t: &str| match (s == seat, t.split(' ').next()) {
        (true, Some("grow")) => 2,
        (true, Some("move")) => 1,
        (false, Some("end")) => 1,
        _ => 0,
    };
    steered_to(opts, seat, left, prefer, also)
}

/// [`hand_down_to`] for Ann, who moves where no new route is linked while she can (so
/// routes stay open to link when her hand is low).
fn ann_down_to_with_routes_open(left: u16, also: impl Fn(&Nepal) -> bool) -> Nepal {
    let prefer = |g: &Nepal, s: usize, t: &str| match (s, t.split(' ').next()) {
        (0, Some("grow")) => 3,
        (0, Some("move")) if links_a_route(g, 0, t) => 1,
        (0, Some("move")) => 2,
        (1 | 2, Some("end")) => 1,
        _ => 0,
    };
    steered_to(&[], 0, left, prefer, also)
}

/// Routes `seat` links (face up, whether marked or not).
fn linked_by(g: &Nepal, seat: usize) -> Vec<u8> {
    let by_seat = |c: &&InPlay| g.controls_route(data(), seat, c.card as usize);
    g.cards.iter().filter(by_seat).map(|c| c.card).collect()
}

/// Does `seat`'s step `t` link a route it did not link before it?
fn links_a_route(g: &Nepal, seat: usize, t: &str) -> bool {
    let mut c = g.clone();
    play(&mut c, data(), seat, t);
    let before = linked_by(g, seat);
    linked_by(&c, seat).iter().any(|r| !before.contains(r))
}

/// The steered line of [`hand_down_to`], each seat's steps ranked by `prefer`.
fn steered_to(
    opts: &[(&str, &str)],
    seat: usize,
    left: u16,
    prefer: impl Fn(&Nepal, usize, &str) -> i32,
    also: impl Fn(&Nepal) -> bool,
) -> Nepal {
    let mut g = game_with(3, opts, 1);
    let at = |g: &Nepal| {
        g.status().acting() == [seat] && g.actions == 0 && g.hand[seat] == left && also(g)
    };
    let mut pick = GameRng::new(1);
    let found = steered_play_until(&mut g, data(), 20_000, &mut pick, prefer, at);
    assert!(
        found,
        "seat {seat} never started a turn with {left} in hand"
    );
    g
}

/// [`hand_down_to`] Ann's last piece, then her first legal grow: Ann's hand is empty in
/// the middle of her turn. Also the grow's notation.
fn last_piece_grown(opts: &[(&str, &str)]) -> (Nepal, String) {
    let mut g = hand_down_to(opts, 0, 1, |_| true);
    let grow = steps_where(&g, 0, "grow", |_| true).remove(0);
    play(&mut g, data(), 0, &grow);
    assert_eq!(g.hand[0], 0);
    (g, grow)
}

/// The notation of `seat`'s legal steps of a kind (`grow`, `move`) after which `after`
/// holds (tried on a copy).
fn steps_where(g: &Nepal, seat: usize, kind: &str, after: impl Fn(&Nepal) -> bool) -> Vec<String> {
    legal(g, data(), seat)
        .into_iter()
        .filter(|t| t.split(' ').next() == Some(kind))
        .filter(|t| {
            let mut c = g.clone();
            play(&mut c, data(), seat, t);
            after(&c)
        })
        .collect()
}

/// The notation of `seat`'s legal grows after which, at the end of the turn, `seat` holds
/// `left` pieces (conflict may give a grown piece back).
fn grows_leaving(g: &Nepal, seat: usize, left: u16) -> Vec<String> {
    steps_where(g, seat, "grow", |c| after_end(c, seat).hand[seat] == left)
}

/// The position after `seat` ends its turn now (played on a copy).
fn after_end(g: &Nepal, seat: usize) -> Nepal {
    let mut c = g.clone();
    play(&mut c, data(), seat, "end");
    c
}

/// The position a fixture reaches by real steps, typed as the players type them (see
/// [`crate::engine::testing::position`]): `players Ann Bob Cy`, then `Ann: grow Kathmandu`
/// lines. Tests start from one wherever a position is a few steps away, and from a steered
/// line of real play ([`hand_down_to`]) where it is a hundred turns away (a hand emptied,
/// the deck's last card); a test that sets fields instead says why.
fn position(fixture: &str) -> Nepal {
    crate::engine::testing::position(data(), fixture)
}

/// Seeds tried by [`found`].
const FOUND_SEEDS: u64 = 12;

/// Real play with `n` players, seed after seed (each seat grows where it can, else moves,
/// else ends its turn; ties picked by the seed), stopped at the first position, finished
/// or not, that `find` accepts: that game and what `find` returned. Panics naming `what`
/// when no game of the seeds gets there.
fn found<T>(n: usize, what: &str, find: impl Fn(&Nepal) -> Option<T>) -> (Nepal, T) {
    let prefer = |_: &Nepal, _: usize, t: &str| match t.split(' ').next() {
        Some("grow") => 2,
        Some("move") => 1,
        _ => 0,
    };
    found_with(n, what, prefer, find)
}

/// [`found`] where each seat plays a step linking a new route when it has one (a grow
/// before a move), else as in [`found`]: play that spreads pieces along the routes on
/// offer, so routes are linked, claimed and fought over.
fn found_linking<T>(n: usize, what: &str, find: impl Fn(&Nepal) -> Option<T>) -> (Nepal, T) {
    let prefer = |g: &Nepal, s: usize, t: &str| match t.split(' ').next() {
        Some("grow") if links_a_route(g, s, t) => 4,
        Some("move") if links_a_route(g, s, t) => 3,
        Some("grow") => 2,
        Some("move") => 1,
        _ => 0,
    };
    found_with(n, what, prefer, find)
}

/// [`found`] with the steps ranked by `prefer`.
fn found_with<T>(
    n: usize,
    what: &str,
    prefer: impl Fn(&Nepal, usize, &str) -> i32,
    find: impl Fn(&Nepal) -> Option<T>,
) -> (Nepal, T) {
    found_in(&[], n, what, prefer, find)
}

/// [`found_with`] with options `opts`.
fn found_in<T>(
    opts: &[(&str, &str)],
    n: usize,
    what: &str,
    prefer: impl Fn(&Nepal, usize, &str) -> i32,
    find: impl Fn(&Nepal) -> Option<T>,
) -> (Nepal, T) {
    for seed in 0..FOUND_SEEDS {
        let mut g = game_with(n, opts, seed);
        let mut pick = GameRng::new(seed);
        let stop = |g: &Nepal| find(g).is_some();
        if steered_play_until(&mut g, data(), 20_000, &mut pick, &prefer, stop) {
            let t = find(&g).expect("found");
            return (g, t);
        }
    }
    panic!("no game of seeds 0..{FOUND_SEEDS} reached {what}");
}

/// Seeds tried by [`dealt`].
const DEAL_SEEDS: u64 = 20_000;

/// The three-player game of the first seed (`0..DEAL_SEEDS`) whose setup deals `cards`
/// face up and where `also` holds: a real deal, found by a bounded search, for tests
/// about chosen route cards. Panics naming `what` when no seed deals it.
fn dealt(what: &str, cards: &[u8], also: impl Fn(&Nepal) -> bool) -> Nepal {
    dealt_with(&[], what, cards, also)
}

/// [`dealt`] with options `opts`.
fn dealt_with(
    opts: &[(&str, &str)],
    what: &str,
    cards: &[u8],
    also: impl Fn(&Nepal) -> bool,
) -> Nepal {
    for seed in 0..DEAL_SEEDS {
        let g = game_with(3, opts, seed);
        let up = |c: &u8| g.cards.iter().any(|x| x.card == *c);
        if cards.iter().all(up) && also(&g) {
            return g;
        }
    }
    panic!("no seed of 0..{DEAL_SEEDS} deals {what}");
}

/// [`dealt`]: the first real deal with the card `a`-`b` face up and the only card of the
/// game a seat holding exactly `through` would link; the game and the card.
fn dealt_alone(a: &str, b: &str, through: &[&str]) -> (Nepal, u8) {
    dealt_alone_with(&[], a, b, through)
}

/// [`dealt_alone`] with options `opts`.
fn dealt_alone_with(opts: &[(&str, &str)], a: &str, b: &str, through: &[&str]) -> (Nepal, u8) {
    let c = card(a, b);
    let what = format!("{a}-{b}, the only card linked through {through:?}");
    let alone = |g: &Nepal| linked_through(g, through) == [c];
    (dealt_with(opts, &what, &[c], alone), c)
}

/// The cards of the game (face up or in the deck) that one seat holding exactly these
/// provinces would link, sorted: used to pick deals where a test's chain links only the
/// cards it is about.
fn linked_through(g: &Nepal, provinces: &[&str]) -> Vec<u8> {
    let held = provinces.iter().fold(0u64, |m, p| m | 1 << pi(p));
    let links = |c: &u8| {
        let ends = data().cards[*c as usize].ends;
        let mut reached = held & ends[0];
        loop {
            if reached & ends[1] != 0 {
                return true;
            }
            let next = reached | (super::board::spread(&data().adj_mask, reached) & held);
            if next == reached {
                return false;
            }
            reached = next;
        }
    };
    let all = g.cards.iter().map(|c| c.card).chain(g.deck.iter().copied());
    let mut out: Vec<u8> = all.filter(links).collect();
    out.sort_unstable();
    out
}

/// Where face-up card `c` lies in the row of cards in play.
fn at(g: &Nepal, c: u8) -> usize {
    g.cards
        .iter()
        .position(|x| x.card == c)
        .unwrap_or_else(|| panic!("card {c} is not in play"))
}

/// Each seat's pieces in province `p`.
fn counts_at(g: &Nepal, p: usize) -> Vec<u8> {
    (0..g.n()).map(|s| g.pieces_at(p, s)).collect()
}

/// The provinces over their limit now (Kathmandu has none).
fn over_limit(g: &Nepal) -> Vec<usize> {
    let too_many = |&p: &usize| {
        let total: u32 = counts_at(g, p).iter().map(|&c| c as u32).sum();
        data().limit(p, false).is_some_and(|l| total > l as u32)
    };
    (0..data().provinces.len()).filter(too_many).collect()
}

/// Is the game over (final scoring done)?
fn over(g: &Nepal) -> bool {
    g.status().is_finished()
}

/// Claimants of face-up card `i` (in claim order) who link its route now.
fn linked_claimants(g: &Nepal, i: usize) -> Vec<usize> {
    let ip = &g.cards[i];
    ip.claims
        .iter()
        .map(|&s| s as usize)
        .filter(|&s| g.controls_route(data(), s, ip.card as usize))
        .collect()
}

/// The route-card points the scorer gave each seat at the end (its breakdown's `cards`).
fn scored_card_points(g: &Nepal) -> Vec<i64> {
    let breakdown = g.breakdown.as_ref().expect("a finished game's breakdown");
    breakdown.iter().map(|b| b.cards).collect()
}

/// Each seat's route-card points recomputed from the public position: on each marked card
/// the markers of players who lost the route are skipped; the first remaining scores the
/// high number, the second the low one, and nobody else; a starred number is worth
/// nothing with three players.
fn card_points(g: &Nepal) -> Vec<i64> {
    let n = g.n();
    let mut pts = vec![0; n];
    for (i, ip) in g.cards.iter().enumerate() {
        let c = &data().cards[ip.card as usize];
        let holders = linked_claimants(g, i);
        let worth = |v: u8, star: bool| if star && n == 3 { 0 } else { v as i64 };
        if let Some(&s) = holders.first() {
            pts[s] += worth(c.high, c.high_star);
        }
        if let Some(&s) = holders.get(1) {
            pts[s] += worth(c.low, c.low_star);
        }
    }
    pts
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
