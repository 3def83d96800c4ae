//! Tests named after the clause ids of `../shared/clauses/peloria.md`.

use super::*;
use crate::engine::conformance::{self, Suite};
use crate::engine::{Game, Options, Viewer};

fn data() -> PeloriaData {
    parse_board(BOARD).expect("board parses")
}

fn names() -> Vec<String> {
    ["Ann", "Bo", "Cy", "Di"]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

fn new_game(d: &PeloriaData) -> Peloria {
    crate::engine::setup_checked::<Peloria>(d, &names(), &Options::new(), 7).unwrap()
}

#[test]
fn conformance_full_random_games() {
    let d = data();
    let mut s = Suite::<Peloria>::new(&d);
    s.games = 2;
    s.step_cap = 200_000;
    s.interference_every = 97;
    s.render = Some(render::render);
    s.render_every = 50;
    let r = conformance::run(&s);
    println!("{r:?}");
}

#[test]
#[ignore]
fn render_to_tmp_png() {
    let d = data();
    let p = Suite::<Peloria>::new(&d).playout(4, &Options::new(), 3);
    println!("{} steps, {:?}", p.steps, p.status);
    let mut g = new_game(&d);
    let _ = &mut g;
    std::fs::write(
        "/tmp/peloria.png",
        render::render(&d, &g.view(&d, Viewer::Spectator)),
    )
    .unwrap();
}
