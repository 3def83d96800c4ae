//! Nanga Parbat tests, named after the clause ids of `../shared/clauses/nanga-parbat.md`
//! (further ids a test checks are listed in a comment above it). Every clause has a test;
//! the ambiguous ones are tested in the reading the module doc and `topics.rs` state.

use super::happening::Gain;
use super::*;
use crate::engine::conformance::{assert_non_interference, Suite};
use crate::engine::testing::{
    has_clause_id, legal, play, play_all, random_play_until, refused, said, steered_play_until,
};
use crate::engine::Rules;
use crate::engine::{Game, GameRng, Options, Seat, Status, Viewer};
use std::sync::OnceLock;

mod activations;
mod area_scoring;
mod board_file;
mod claim;
mod demo;
mod end;
mod notation;
mod points;
mod setup;
mod suite;
mod trap;
mod turn;
mod views;
mod wording;

fn data() -> &'static NangaData {
    static D: OnceLock<NangaData> = OnceLock::new();
    D.get_or_init(|| parse_board(BOARD).expect("authored board parses"))
}

fn names() -> Vec<String> {
    vec!["Ann".to_string(), "Bob".to_string()]
}

fn opts(areas: bool) -> Options {
    let mut o = Options::new();
    if areas {
        o.insert("scoring".into(), "areas".into());
    }
    o
}

fn fresh_game(areas: bool, seed: u64) -> NangaParbat {
    crate::engine::setup_checked::<NangaParbat>(data(), &names(), &opts(areas), seed)
        .expect("setup")
}

/// The position a fixture reaches by real steps, typed as the players type them (see
/// [`crate::engine::testing::position`]). Rules tests start from one, or play on from one
/// by [`steered_play_until`]; the few that still set a count by hand say why on the line.
fn position(fixture: &str) -> NangaParbat {
    crate::engine::testing::position(data(), fixture)
}

/// Seed 1 lays the mountain out, region by region from section 1 to 6 (`y`ak, red `p`anda,
/// `l`eopard, `t`ahr, `b`haral, `d`eer): `ypyllt pypttb ybbypd ptlltl bpbbdt ddyldd`; Bob
/// puts the guide on region 1 and Ann is to trap there (the game [`started`] gives).
const STARTED: &str = "players Ann Bob
                       seed 1
                       Bob: guide 1";

/// Seed 1 (see [`STARTED`]) after twelve turns that trap region 1 empty, each trap sending
/// the guide to the region numbered like its section: the guide is back on the empty region
/// 1, and Ann is to act, holding three yaks (1.1, 2.2, 1.3), two leopards (1.4, 1.5) and a
/// tahr (1.6), none used. Regions 2 to 6 keep animals.
const REGION_1_EMPTIED: &str = "players Ann Bob
                                seed 1
                                Bob: guide 1
                                Ann: trap 1.1   # guide stays on 1
                                Ann: end
                                Bob: trap 1.2   # guide to 2
                                Bob: end
                                Ann: trap 2.2   # stays on 2
                                Ann: end
                                Bob: trap 2.1   # back to 1
                                Bob: end
                                Ann: trap 1.3   # to 3
                                Ann: end
                                Bob: trap 3.1   # back to 1
                                Bob: end
                                Ann: trap 1.4   # to 4
                                Ann: end
                                Bob: trap 4.1   # back to 1
                                Bob: end
                                Ann: trap 1.5   # to 5
                                Ann: end
                                Bob: trap 5.1   # back to 1
                                Bob: end
                                Ann: trap 1.6   # region 1 is empty; to 6
                                Ann: end
                                Bob: trap 6.1   # back to the empty region 1
                                Bob: end";

/// Seed 1: Ann traps a tahr (1.6), then, after Bob's deer at 6.2 sends the guide to
/// region 2, a second tahr (2.4); she is to claim.
const TWO_TAHRS: &str = "players Ann Bob
                         seed 1
                         Bob: guide 1
                         Ann: trap 1.6
                         Ann: end
                         Bob: trap 6.2
                         Bob: end
                         Ann: trap 2.4";

/// Seed 1: Ann's hikers on 1.6 and 3.1, joined by a dotted path (a tahr and a yak
/// trapped there); Bob's hiker on 6.3. Ann is to claim.
const PATH_PAIR: &str = "players Ann Bob
                         seed 1
                         Bob: guide 1
                         Ann: trap 1.6
                         Ann: end
                         Bob: trap 6.3
                         Bob: end
                         Ann: trap 3.1";

/// Seed 1: Ann holds the yak from 1.1 and the deer from 3.6 and starts her turn with the
/// guide on region 3 (Bob trapped yaks at 1.3 and 6.3).
const DEER_AT_TURN_START: &str = "players Ann Bob
                                  seed 1
                                  Bob: guide 1
                                  Ann: trap 1.1
                                  Ann: end
                                  Bob: trap 1.3
                                  Bob: end
                                  Ann: trap 3.6
                                  Ann: end
                                  Bob: trap 6.3
                                  Bob: end";

/// Seed 1 (see [`STARTED`]) with the players taking turns, Ann first, each trapping at the
/// next of `cells` (`"1.1 1.3 …"`) and ending the turn: a fixture for games played to
/// their last hiker. The traps are picked so that each one is in the guide's region.
fn trap_turns(cells: &str) -> String {
    let mut fixture = String::from(STARTED);
    for (i, cell) in cells.split_whitespace().enumerate() {
        let who = ["Ann", "Bob"][i % 2];
        fixture += &format!("\n{who}: trap {cell}\n{who}: end");
    }
    fixture
}

/// A whole game of seed 1 in which nobody traps a red panda (the six are the animals left)
/// and nobody claims: it ends 0 to 0; scored by areas, Ann's four hikers score region 3
/// (1) and Bob's five region 6 (2). The last cell is Bob's last trap.
const NO_PANDA_GAME: &str = "1.1 1.3 3.1 1.4 4.2 2.2 2.4 4.3 3.2 2.5 5.1 1.5 5.3 3.3 3.4 4.4 \
                             4.5 5.4 4.6 6.1 1.6 6.2 2.6 6.3 3.6 6.5 5.5 5.6 6.6 6.4";

/// [`NO_PANDA_GAME`] but for Bob's last turn: Bob, holding three yaks, is to trap at 6.4.
fn before_the_last_turn(areas: bool) -> String {
    let cells = NO_PANDA_GAME.trim_end_matches("6.4").trim_end();
    let option = if areas { "option scoring areas\n" } else { "" };
    format!("{option}{}", trap_turns(cells))
}

/// Seed 1: Ann traps the leopard at 1.4 and a tahr at 4.2; Bob's hiker on 4.4 borders
/// hers on 4.2, the only hikers of the two players side by side. Ann is to claim.
const LEOPARD_BY_BOB: &str = "players Ann Bob
                              seed 1
                              Bob: guide 1
                              Ann: trap 1.4
                              Ann: end
                              Bob: trap 4.4
                              Bob: end
                              Ann: trap 4.2";

/// Seed 1: Ann traps a yak (1.1), a tahr (4.2) and a leopard (4.3), Bob a leopard (1.4)
/// and a tahr (2.4) between them; Ann's hikers stand on 1.1, 4.2 and 4.3 and she is to
/// claim.
const YAK_TAHR_LEOPARD: &str = "players Ann Bob
                                seed 1
                                Bob: guide 1
                                Ann: trap 1.1
                                Ann: end
                                Bob: trap 1.4
                                Bob: end
                                Ann: trap 4.2
                                Ann: end
                                Bob: trap 2.4
                                Bob: end
                                Ann: trap 4.3";

/// The region (0-based) a step names first: `trap 2.3`, `camp 2.3` and `guide 2` name
/// region 2 (1 here).
fn region_of(step: &str) -> Option<usize> {
    let at = step.split_whitespace().nth(1)?;
    Some(at.split('.').next()?.parse::<usize>().ok()? - 1)
}

/// The section (0-based) a trap names, which is where it sends the guide: `trap 2.3` sends
/// it to region 3 (2 here).
fn section_of(step: &str) -> Option<usize> {
    let at = step.split_whitespace().nth(1)?;
    Some(at.split('.').nth(1)?.parse::<usize>().ok()? - 1)
}

/// A preference for [`steered_play_until`]: a seat traps, and moves the guide, in the
/// regions `aim` gives it (2 points), sends the guide on to them by the section it traps (1
/// more), then ends its turn; it never claims or activates an animal, except that
/// `builder`'s seat claims row A and builds camps whenever it can.
fn steer(
    aim: impl Fn(Seat, usize) -> bool,
    builder: Option<Seat>,
) -> impl Fn(&NangaParbat, Seat, &str) -> i32 {
    move |_, seat, t| {
        let aimed = |r: Option<usize>| i32::from(r.is_some_and(|r| aim(seat, r)));
        if builder == Some(seat) && (t.starts_with("claim A") || t.starts_with("camp")) {
            5
        } else if t.starts_with("trap") {
            2 * aimed(region_of(t)) + aimed(section_of(t)) + 1
        } else if t.starts_with("guide") {
            2 * aimed(region_of(t)) + 1
        } else {
            i32::from(t == "end")
        }
    }
}

/// Set up and let Bob put the guide on region 1: Ann is to trap.
fn started(areas: bool) -> NangaParbat {
    let mut g = fresh_game(areas, 1);
    play(&mut g, data(), 1, "guide 1");
    g
}

fn c(s: &str) -> u8 {
    parse_cell(s).unwrap_or_else(|| panic!("cell {s}"))
}

/// Play a `sherpa local` script (`Name: move <step>` lines) on the engine.
fn play_script(areas: bool, text: &str) -> NangaParbat {
    let mut g = fresh_game(areas, DEMO_SEED);
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let (who, rest) = line.split_once(": move ").expect("script line");
        let seat = names().iter().position(|n| n == who).expect("player");
        play(&mut g, data(), seat, rest);
    }
    g
}
