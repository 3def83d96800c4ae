//! Nippon tests, named after the clause ids of `../shared/clauses/nippon.md`.

use super::*;
use crate::engine::conformance::{run, Suite};

fn data() -> NipponData {
    parse_board(BOARD).expect("board parses")
}

#[test]
fn conformance_two_to_four_players() {
    let d = data();
    let mut s = Suite::<Nippon>::new(&d);
    s.render = Some(render::render);
    s.games = 2;
    let r = run(&s);
    assert!(r.games >= 6);
}

#[test]
#[ignore]
fn print_a_playout() {
    let d = data();
    for players in 2..=4 {
        let p = Suite::<Nippon>::new(&d).playout(players, &crate::engine::Options::new(), 5);
        let mut counts = std::collections::BTreeMap::new();
        for (_, t) in &p.log {
            *counts
                .entry(t.split_whitespace().next().unwrap().to_string())
                .or_insert(0) += 1;
        }
        println!("{players}p: {} steps {:?}\n{:?}", p.steps, p.status, counts);
    }
}
