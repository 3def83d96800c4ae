//! Tests of Scoring & End Game (`rules/scoring.rs`): the influences and the winner.

use super::*;

fn inf(religious: u32, political: u32, economic: u32, stupas: u32, delegations: u32) -> Influence {
    Influence {
        religious,
        political,
        economic,
        stupas,
        delegations,
    }
}

#[test]
fn him_win_1_three_players_winner_leads_two_of_three_influences() {
    let n = names(3);
    // Ann leads religious and political; Bo is richest.
    let (places, note) = rank(
        &n,
        &[
            inf(5, 3, 10, 2, 5),
            inf(2, 1, 30, 1, 2),
            inf(1, 0, 20, 1, 0),
        ],
    );
    assert_eq!(places, vec![1, 2, 3]);
    assert!(note.contains("Ann leads 2"), "{note}");
}

// HIM-WIN-3 (reading: a tie for the highest is no majority)
#[test]
fn him_win_2_three_players_without_a_double_lead_rank_by_economic_then_political_then_religious() {
    let n = names(3);
    // Each leads one influence.
    let (places, _) = rank(
        &n,
        &[
            inf(5, 0, 10, 2, 0),
            inf(2, 3, 10, 1, 5),
            inf(1, 0, 20, 1, 0),
        ],
    );
    assert_eq!(places, vec![3, 2, 1]);
    // Ties on top: no lead at all; economic tie broken by political, then religious.
    let (places, _) = rank(
        &n,
        &[
            inf(3, 1, 10, 1, 1),
            inf(3, 1, 10, 1, 1),
            inf(2, 1, 10, 1, 1),
        ],
    );
    assert_eq!(places, vec![1, 1, 3]);
}

// HIM-WIN-6, HIM-WIN-8
#[test]
fn him_win_4_four_players_eliminate_least_religious_then_least_political_then_richest_wins() {
    let n = names(4);
    let (places, note) = rank(
        &n,
        &[
            inf(1, 5, 50, 1, 9),
            inf(4, 0, 40, 2, 0),
            inf(4, 2, 10, 2, 3),
            inf(3, 3, 20, 1, 4),
        ],
    );
    // Ann out first (least religious) despite the most yacks; Bo out next (least political);
    // Cy and Di remain: Di has more yacks.
    assert_eq!(places, vec![4, 3, 2, 1]);
    assert!(note.contains("Ann out"), "{note}");
}

// HIM-WIN-7
#[test]
fn him_win_5_four_player_elimination_ties_break_on_stupas_then_yacks() {
    let n = names(4);
    // Religious tie at 3 between Ann (1 monastery stupa) and Bo (3 house stupas): fewer stupas out.
    let (places, _) = rank(
        &n,
        &[
            inf(3, 2, 30, 1, 3),
            inf(3, 2, 30, 3, 3),
            inf(5, 1, 20, 2, 2),
            inf(6, 3, 10, 2, 4),
        ],
    );
    assert_eq!(places[0], 4);
    // Political: Bo 2 vs Cy 1: Cy out. Bo and Di remain: Bo richer.
    assert_eq!(places, vec![4, 1, 3, 2]);
    // Religious and stupas tied: fewer yacks goes out.
    let (places, _) = rank(
        &n,
        &[
            inf(3, 2, 30, 2, 3),
            inf(3, 2, 25, 2, 3),
            inf(5, 1, 20, 2, 2),
            inf(6, 3, 10, 2, 4),
        ],
    );
    assert_eq!(places[1], 4);
    // Political tie between Cy and Di at 1: fewer delegations out.
    let (places, _) = rank(
        &n,
        &[
            inf(1, 2, 30, 1, 3),
            inf(3, 2, 25, 2, 3),
            inf(5, 1, 20, 2, 2),
            inf(6, 1, 10, 2, 4),
        ],
    );
    assert_eq!(places, vec![4, 1, 3, 2]);
}

#[test]
fn him_win_9_four_player_final_tie_breaks_on_political_then_religious() {
    let n = names(4);
    let (places, _) = rank(
        &n,
        &[
            inf(1, 0, 30, 1, 0),
            inf(3, 1, 20, 2, 1),
            inf(4, 3, 20, 2, 5),
            inf(5, 2, 20, 3, 3),
        ],
    );
    // Ann then Bo out; Cy and Di tie on yacks, Cy has more political influence.
    assert_eq!(places, vec![4, 3, 1, 2]);
}

// HIM-DEAL-8
#[test]
fn him_score_5_goods_yacks_orders_and_programs_stay_behind_screens() {
    let d = data();
    // Seed 40: in turn 1 Ann takes salt at 9 and 2 and stops at monastery 10, whose order
    // asks "salt salt"; Bo takes salt at 7.
    let mut g = position(&format!(
        "players Ann Bo Cy
         {SEED_40}
         option rules basic
         Ann: start 9
         Bo: start 7
         Cy: start 20
         Ann: program deal dirt deal ice stone rest
         Bo: program deal rest rest rest rest rest
         Cy: program rest rest rest rest rest rest"
    ));
    assert_eq!((g.hands[0], g.hands[1]), ([2, 0, 0, 0, 0], [1, 0, 0, 0, 0]));
    assert!(assert_non_interference(&g, &d, 3, Some(render::render)) > 0);
    let bo = g.view(&d, Viewer::Seat(1)).me.unwrap();
    assert_eq!(bo.goods.get("salt"), Some(&1));
    let spec = serde_json::to_string(&g.view(&d, Viewer::Spectator)).unwrap();
    assert!(!spec.contains("\"me\":{"), "{spec}");
    // A sealed program: its salt stays secret until the reveal.
    for t in g
        .expand(&d, 0, "program deal rest rest rest rest rest")
        .unwrap()
    {
        play(&mut g, &d, 0, &t);
    }
    let salt = g.seals[0].clone().unwrap().salt;
    assert!(g.private_markers(&d, 0).iter().any(|m| m.contains(&salt)));
    assert!(assert_non_interference(&g, &d, 3, Some(render::render)) > 0);
    assert!(!serde_json::to_string(&g.view(&d, Viewer::Seat(1)))
        .unwrap()
        .contains(&salt));
    assert!(serde_json::to_string(&g.view(&d, Viewer::Seat(0)))
        .unwrap()
        .contains(&salt));
    program_all(&mut g, &d, &["deal rest rest rest rest rest", REST, REST]);
    play(&mut g, &d, 0, "reward barter delegations");
    assert!(assert_non_interference(&g, &d, 3, Some(render::render)) > 0);
    let spec = serde_json::to_string(&g.view(&d, Viewer::Spectator)).unwrap();
    assert!(!spec.contains("salt+salt=2\"]"), "kept orders stay private");
    assert!(g
        .view(&d, Viewer::Seat(2))
        .me
        .as_ref()
        .unwrap()
        .kept_orders
        .is_empty());
    assert_eq!(g.view(&d, Viewer::Seat(0)).me.unwrap().yacks, 2);
}

/// Seed 40, played to its end: Ann fills one order at the monastery (village 10) on turn 1,
/// taking a stupa (3 religious) and three delegations in three regions (3 political). Bo
/// takes salt, salt, salt, barley at village 7 over turns 1-4 and then rests: he holds the
/// sole majority in salt and barley at the inventories after turns 4, 8 and 12, so 6 markers
/// = 18 yacks. Cy rests all game.
fn scripted_game(d: &HimalayaData) -> Himalaya {
    // Ann's walk 9 -> 2 -> 3 -> 10 of `ANN_FILLS_AT_10`; village 7 holds 3 salt and 2 barley.
    let mut g = position(&format!(
        "players Ann Bo Cy
         {SEED_40}
         option rules basic
         Ann: start 9
         Bo: start 7
         Cy: start 20"
    ));
    let deal = "deal rest rest rest rest rest";
    for turn in 1..=TURNS {
        assert_eq!(g.turn, turn);
        let progs = match turn {
            1 => ["deal dirt deal ice stone deal", deal, REST],
            2..=4 => [REST, deal, REST],
            _ => [REST, REST, REST],
        };
        // Seal in a rotating order: the reveal waits for the last one either way.
        program_all(&mut g, d, &progs);
        if turn == 1 {
            play(&mut g, d, 0, "reward stupa delegations");
            play(&mut g, d, 0, "delegate Dolpo");
            play(&mut g, d, 0, "delegate Mustang");
            play(&mut g, d, 0, "delegate Khumbu");
        }
    }
    g
}

/// [`scripted_game`]: with three players Ann leads two influences and wins; Bo is second on
/// yacks.
// HIM-TURN-1, HIM-SCORE-2, HIM-SCORE-4, HIM-WIN-1
#[test]
fn him_end_1_scripted_game_majority_in_two_influences_beats_the_richest() {
    let d = data();
    let g = scripted_game(&d);
    let Status::Finished(r) = g.status() else {
        panic!("the game ends after turn 12")
    };
    assert_eq!(g.hands[1], [3, 1, 0, 0, 0]);
    assert_eq!(g.markers[1], 6);
    assert_eq!(r.places, vec![1, 2, 3], "{}", r.note);
    assert_eq!(r.scores, vec![0, 18, 0]);
    let view = g.view(&d, Viewer::Spectator);
    assert_eq!(view.final_lines[0].religious, 3);
    assert_eq!(view.final_lines[0].political, 3);
    assert!(Himalaya::describe(&d, &view).contains("Place 1: Ann"));
    for s in 0..3 {
        assert!(g.legal_steps(&d, s).is_empty());
    }
}

// HIM-WIN-10 (reading): players still tied after every tie-break at an elimination step go
// out together; elimination stops at two players, and the last two compare economic
// influence (HIM-WIN-8), not political.
#[test]
fn him_win_10_two_tied_out_first_leave_the_last_two_to_economic_influence() {
    let n = names(4);
    let (places, note) = rank(
        &n,
        &[
            inf(1, 0, 10, 1, 0),
            inf(1, 0, 10, 1, 0),
            inf(3, 5, 10, 2, 5),
            inf(3, 0, 30, 2, 0),
        ],
    );
    // Ann and Bo tie on religious, stupas and yacks: both out, sharing 3rd. Cy and Di
    // remain: Di is richer and wins although Cy has more political influence.
    assert_eq!(places, vec![3, 3, 2, 1]);
    assert!(note.contains("Ann and Bo out"), "{note}");
}

// HIM-WIN-10 (reading): when every remaining player ties at an elimination step, no one
// goes out at that step.
#[test]
fn him_win_10_a_full_tie_at_an_elimination_step_eliminates_no_one() {
    let n = names(4);
    let (places, note) = rank(
        &n,
        &[
            inf(2, 0, 10, 1, 0),
            inf(2, 1, 10, 1, 1),
            inf(2, 2, 10, 1, 2),
            inf(2, 3, 10, 1, 3),
        ],
    );
    // Religious: all tie, no one out. Political: Ann out. Bo, Cy, Di tie on yacks, so
    // political decides: Di, Cy, Bo.
    assert_eq!(places, vec![4, 3, 2, 1]);
    assert!(note.contains("no one is eliminated"), "{note}");
}

// HIM-WIN-3 (reading): with 3 players a tie for the highest is no majority.
#[test]
fn him_win_3_a_shared_top_is_no_majority() {
    let n = names(3);
    // Ann and Bo share the top religious; Ann alone leads political; Cy is richest.
    // Ann leads only one influence: no double lead, ranked by economic.
    let (places, note) = rank(
        &n,
        &[
            inf(3, 2, 10, 1, 2),
            inf(3, 1, 20, 1, 1),
            inf(1, 0, 30, 1, 0),
        ],
    );
    assert_eq!(places, vec![3, 2, 1]);
    assert!(note.contains("No one leads 2"), "{note}");
}

// Every AMBIGUOUS clause has its reading stated in a rules topic, citing the id.
// HIM-COMP-11, HIM-SETUP-12, HIM-TURN-5, HIM-EVENT-12, HIM-EVENT-13, HIM-PROG-6, HIM-RES-5,
// HIM-REWARD-7, HIM-REWARD-8, HIM-REWARD-9, HIM-INV-7, HIM-INV-8, HIM-WIN-3, HIM-WIN-10,
// HIM-WIN-11
#[test]
fn him_win_10_every_ambiguous_reading_is_in_the_rules_topics() {
    let all: String = Himalaya::rules_topics()
        .iter()
        .map(|t| t.text)
        .collect::<Vec<_>>()
        .join(" ");
    // Each reading by a phrase of its topic (clause ids stay out of player text).
    for (id, phrase) in [
        ("HIM-COMP-11", "we follow the setup"),
        ("HIM-SETUP-12", "Five d20 rolls in all"),
        ("HIM-TURN-5", "no hand-over before turn 1: our reading"),
        ("HIM-EVENT-12", "not only the one who placed it"),
        (
            "HIM-EVENT-13",
            "the second move must be of the same type (our reading)",
        ),
        (
            "HIM-PROG-6",
            "Any action may be used several times (our reading)",
        ),
        ("HIM-RES-5", "never has to choose"),
        (
            "HIM-REWARD-7",
            "An order not kept returns to its bag (our reading)",
        ),
        ("HIM-REWARD-8", "once (our reading)"),
        ("HIM-REWARD-9", "once per delegation: our reading"),
        ("HIM-INV-7", "we read neighbouring as next to your caravan"),
        ("HIM-INV-8", "shown, and kept (our reading)"),
        ("HIM-WIN-3", "top is no lead"),
        ("HIM-WIN-10", "no one goes out at that step (our reading)"),
        ("HIM-WIN-11", "fewer delegations placed on the board"),
        ("HIM-PROG-4", "keeps the actions you already planned"),
    ] {
        assert!(all.contains(phrase), "{id} reading in the topics: {phrase}");
    }
}

// ==== Whole games of real play, scored against the clauses recomputed from the board ====

/// Seeds the searches over whole games try, in order (a game takes a few milliseconds in a
/// debug build).
const SEEDS: u64 = 64;

/// HIM-SCORE-1 recomputed: the levels of the villages holding `s`'s stupas.
fn religious(g: &Himalaya, d: &HimalayaData, s: Seat) -> u32 {
    (0..VILLAGES)
        .filter(|&v| g.stupas[v] == Some(s))
        .map(|v| d.villages[v].level as u32)
        .sum()
}

/// HIM-SCORE-2 and HIM-SCORE-3 recomputed: the regions where `s` has delegations and more
/// of them than each other player.
fn political(g: &Himalaya, s: Seat) -> u32 {
    let others_fewer = |r: &Vec<u32>| (0..r.len()).all(|o| o == s || r[o] < r[s]);
    g.delegations
        .iter()
        .filter(|r| r[s] > 0 && others_fewer(r))
        .count() as u32
}

/// HIM-SCORE-4 recomputed: the yacks of `s`'s kept orders plus 3 per inventory marker.
fn economic(g: &Himalaya, d: &HimalayaData, s: Seat) -> u32 {
    let kept: u32 = g.kept[s].iter().map(|&o| d.orders[o].yacks).sum();
    kept + 3 * g.markers[s]
}

/// Does a region have a tie for the most delegations (at least one each)?
fn tied_region(g: &Himalaya) -> bool {
    g.delegations.iter().any(|r| {
        let top = r.iter().copied().max().unwrap_or(0);
        top > 0 && r.iter().filter(|&&c| c == top).count() > 1
    })
}

/// A finished game's final lines against the influences recomputed from its board, and
/// the built stupas and placed delegations (HIM-WIN-11) counted on it.
fn check_final_lines(g: &Himalaya, d: &HimalayaData) {
    assert_eq!(g.phase, Phase::Finished);
    for (s, f) in g.final_lines.iter().enumerate() {
        assert_eq!(
            f.religious,
            religious(g, d, s),
            "seat {s}'s religious influence"
        );
        assert_eq!(
            f.political,
            political(g, s),
            "seat {s}'s political influence"
        );
        assert_eq!(
            f.economic,
            economic(g, d, s),
            "seat {s}'s economic influence"
        );
        let built = g.stupas.iter().filter(|&&o| o == Some(s)).count() as u32;
        assert_eq!(f.stupas, built, "seat {s}'s stupas on the board");
        let placed: u32 = g.delegations.iter().map(|r| r[s]).sum();
        assert_eq!(f.delegations, placed, "seat {s}'s delegations on the board");
    }
}

/// The first whole game of `n` players under `rules` (seeds 0, 1, … below [`SEEDS`], played
/// by `prefer`) that shows `found`, each game's final lines checked on the way; panics
/// naming `what` if none does.
fn first_game(
    d: &HimalayaData,
    n: usize,
    rules: &str,
    prefer: impl Fn(&Himalaya, Seat, &str) -> i32,
    what: &str,
    found: impl Fn(&Himalaya) -> bool,
) -> Himalaya {
    for seed in 0..SEEDS {
        let g = played_out(d, n, rules, seed, &prefer);
        check_final_lines(&g, d);
        if found(&g) {
            return g;
        }
    }
    panic!("no {n}-player {rules} game of seeds 0..{SEEDS} shows {what}")
}

// HIM-SCORE-1: a stupa scores its village level: house 1, temple 2, monastery 3.
#[test]
fn him_score_1_stupas_score_house_1_temple_2_monastery_3() {
    let d = data();
    assert_eq!(
        [
            d.villages[0].level,
            d.villages[1].level,
            d.villages[3].level
        ],
        [1, 2, 3],
        "villages 1, 2 and 4 are a house, a temple and a monastery"
    );
    // Whole games where the traders take a stupa whenever they fill an order, until one
    // ends with a stupa on a house, on a temple and on a monastery.
    let on_level = |g: &Himalaya, level: u8| {
        (0..VILLAGES).any(|v| g.stupas[v].is_some() && d.villages[v].level == level)
    };
    let g = first_game(
        &d,
        3,
        "basic",
        trader_wanting(&d, "stupa"),
        "a stupa on each village level",
        |g| (1..=3).all(|level| on_level(g, level)),
    );
    let by_seat: Vec<u32> = g.final_lines.iter().map(|f| f.religious).collect();
    let want: Vec<u32> = (0..3).map(|s| religious(&g, &d, s)).collect();
    assert_eq!(by_seat, want);
}

// HIM-SCORE-3 (HIM-SCORE-2): a tie for the most delegations in a region scores nothing;
// HIM-WIN-11 (reading): "delegations" counts the ones placed on the board.
#[test]
fn him_score_3_a_tie_for_most_delegations_scores_nothing() {
    let d = data();
    // Whole games where the traders take delegations whenever they fill an order and send
    // them where they draw level with the region's leader, until one ends with a tie on
    // top of a region.
    let levelling = |g: &Himalaya, s: Seat, t: &str| {
        let Some(name) = t.strip_prefix("delegate ") else {
            return trader_wanting(&d, "delegations")(g, s, t);
        };
        let r = &g.delegations[d.region_by_name(name).unwrap()];
        let top = (0..r.len())
            .filter(|&o| o != s)
            .map(|o| r[o])
            .max()
            .unwrap_or(0);
        1 + i32::from(r[s] + 1 == top)
    };
    let g = first_game(
        &d,
        3,
        "basic",
        levelling,
        "a region with a tie for the most delegations",
        tied_region,
    );
    // The tied region gives no one a point: each seat's political influence is the regions
    // it leads alone (checked by `first_game` on every game), fewer than the regions where
    // it has the most or shares it.
    let shares_top = |s: Seat| {
        g.delegations
            .iter()
            .filter(|r| r[s] > 0 && r.iter().all(|&c| c <= r[s]))
            .count() as u32
    };
    assert!(
        (0..3).any(|s| g.final_lines[s].political < shares_top(s)),
        "a tie on top counted for someone"
    );
}

// HIM-WIN-2 (HIM-WIN-1): the standings show what decided the places, the three influences
// (and the stupas and delegations the four-player tie-breaks use), not the yacks alone: Ann
// wins on religious and political influence with fewer yacks than Bo.
#[test]
fn him_win_2_standings_show_the_influences_that_decided_the_places() {
    let d = data();
    let g = scripted_game(&d);
    let r = g.result.clone().unwrap();
    assert_eq!(r.places, vec![1, 2, 3]);
    let standings = r.standings(&["Ann", "Bo", "Cy"]);
    let lines: Vec<&str> = standings.lines().collect();
    assert_eq!(
        lines[0],
        "1. Ann: religious 3, political 3, economic 0 yacks (kept orders 0, inventory markers 0); 1 stupa, 3 delegations",
        "{standings}"
    );
    assert_eq!(
        lines[1],
        "2. Bo: religious 0, political 0, economic 18 yacks (kept orders 0, inventory markers 18); 0 stupas, 0 delegations",
        "{standings}"
    );
    assert!(
        lines[3].starts_with("Ann leads 2 of the 3 influences"),
        "{standings}"
    );
}

/// A whole game where the traders keep the orders they fill (barter) and a seat ends with
/// both kept orders and inventory markers, and that seat.
fn kept_and_markers(d: &HimalayaData) -> (Himalaya, Seat) {
    let both = |g: &Himalaya| (0..g.n()).find(|&s| !g.kept[s].is_empty() && g.markers[s] > 0);
    let g = first_game(
        d,
        3,
        "basic",
        trader_wanting(d, "barter"),
        "a seat with kept orders and inventory markers",
        |g| both(g).is_some(),
    );
    let s = both(&g).unwrap();
    (g, s)
}

// HIM-SCORE-4: yacks from kept orders plus 3 per inventory marker.
#[test]
fn him_score_4_economic_is_kept_order_yacks_plus_3_per_marker() {
    let d = data();
    assert_eq!(d.inventory_yacks, 3);
    let (g, s) = kept_and_markers(&d);
    let kept: u32 = g.kept[s].iter().map(|&o| d.orders[o].yacks).sum();
    assert_eq!(g.final_lines[s].economic, kept + 3 * g.markers[s]);
    assert_eq!(
        g.result.as_ref().unwrap().scores[s],
        (kept + 3 * g.markers[s]) as i64
    );
}

/// The economic influence in parts: the kept orders' yacks and the inventory markers', the
/// same in the standings, the final panel's text and the result's breakdown.
// HIM-SCORE-4, HIM-WIN-2
#[test]
fn him_score_4_the_standings_and_final_lines_give_the_yacks_by_source() {
    let d = data();
    let (g, s) = kept_and_markers(&d);
    let r = g.result.clone().unwrap();
    let kept: i64 = g.kept[s].iter().map(|&o| d.orders[o].yacks as i64).sum();
    let markers = 3 * g.markers[s] as i64;
    assert_eq!(
        r.breakdown[s],
        vec![
            crate::engine::ScorePart::new("kept orders", kept),
            crate::engine::ScorePart::new("inventory markers", markers),
        ]
    );
    assert_eq!(r.check_breakdown(), Ok(()));
    let standings = r.standings(&["Ann", "Bo", "Cy"]);
    let f = &g.final_lines[s];
    let want = format!(
        "{}: religious {}, political {}, economic {} yacks (kept orders {kept}, inventory markers {markers})",
        ["Ann", "Bo", "Cy"][s],
        f.religious,
        f.political,
        kept + markers
    );
    assert!(standings.contains(&want), "{standings}");
    assert_eq!(
        f.economic_parts_text(),
        format!(" = kept orders {kept}, inventory markers {markers}")
    );
}

// HIM-WIN-5 (HIM-SCORE-1): final scoring counts each player's built stupas, and with 4
// players the fewer stupas go out first on a religious tie.
#[test]
fn him_win_5_final_scoring_counts_built_stupas_for_the_religious_tie_break() {
    let d = data();
    // Whole four-player games of stupa-taking traders (the built stupas checked against
    // the board by `first_game`), until the least religious influence is shared by seats
    // with different numbers of stupas, one of them has fewest alone and yacks would not
    // single it out.
    let fewest = |g: &Himalaya| {
        let f = &g.final_lines;
        let low = f.iter().map(|l| l.religious).min().unwrap();
        let tied: Vec<&FinalLine> = f.iter().filter(|l| l.religious == low).collect();
        let least = tied.iter().map(|l| l.stupas).min().unwrap();
        let alone: Vec<&&FinalLine> = tied.iter().filter(|l| l.stupas == least).collect();
        let out = alone.first()?;
        // Yacks alone would not put it out: another of the tied has as few.
        let poorer = tied
            .iter()
            .any(|l| l.seat != out.seat && l.economic <= out.economic);
        (tied.len() > 1 && alone.len() == 1 && poorer).then_some((out.seat, tied.len()))
    };
    let g = first_game(
        &d,
        4,
        "advanced",
        trader_wanting(&d, "stupa"),
        "a religious tie at the bottom broken by the number of stupas",
        |g| fewest(g).is_some(),
    );
    let (out, tied) = fewest(&g).unwrap();
    let places: Vec<u32> = g.final_lines.iter().map(|f| f.place).collect();
    assert_eq!(
        places[out], 4,
        "seat {out}, fewest stupas of the {tied} least religious, goes out first: {places:?}"
    );
}

// HIM-WIN-1: the hint ranks the seats by the winning rule with the public influences:
// a seat leading two influences (religious by stupas, political by delegations) is first;
// kept orders count by their number (public), at an order's mean yacks each, never by
// their hidden yacks; inventory markers (public yacks) count; and a point for each good a
// caravan holds (their number is public, their kinds are not).
#[test]
fn him_win_1_the_hint_ranks_by_the_public_influences_and_not_the_kept_orders_yacks() {
    use std::cell::Cell;
    let d = data();
    let names = names(3);
    // The places by the winning rule with `economic` as each seat's economic influence.
    let places = |g: &Himalaya, economic: &dyn Fn(Seat) -> u32| {
        let infl: Vec<Influence> = (0..3)
            .map(|s| Influence {
                religious: religious(g, &d, s),
                political: political(g, s),
                economic: economic(s),
                stupas: g.stupas.iter().filter(|&&o| o == Some(s)).count() as u32,
                delegations: g.delegations.iter().map(|r| r[s]).sum(),
            })
            .collect();
        rank(&names, &infl).0
    };
    // An order's mean yacks, rounded, for each kept order: what every viewer can reckon.
    let cards = d.orders.len() as u32;
    let all: u32 = d.orders.iter().map(|o| o.yacks).sum();
    let reckoned = |g: &Himalaya, s: Seat| (g.kept[s].len() as u32 * all + cards / 2) / cards;
    // Along whole games of barter-keeping traders, before every step: the hint is 10 points
    // a place by the public influences (markers as yacks, kept orders as reckoned) plus
    // those influences and the goods held; note when a seat leads two, when the kept orders' own yacks would
    // change the places, and when leaving the markers out would.
    let (double, kept_moves, markers_move) = (Cell::new(false), Cell::new(false), Cell::new(0));
    let watch = |g: &Himalaya| {
        if g.phase == Phase::Finished || g.turn == 0 {
            return false;
        }
        let public_yacks = |s: Seat| d.inventory_yacks * g.markers[s] + reckoned(g, s);
        let public = places(g, &public_yacks);
        let hint = g.hint(&d);
        for s in 0..3 {
            let influences = religious(g, &d, s) + political(g, s) + public_yacks(s);
            let goods: u32 = g.hands[s].iter().map(|&c| c as u32).sum();
            let expected = 10.0 * (3.0 - public[s] as f64) + (influences + goods) as f64;
            assert_eq!(
                hint[s], expected,
                "turn {}: hint {hint:?} for places {public:?}",
                g.turn
            );
        }
        let lead = |s: Seat| {
            let sole = |f: &dyn Fn(Seat) -> u32| (0..3).all(|o| o == s || f(o) < f(s));
            sole(&|x| religious(g, &d, x)) && sole(&|x| political(g, x))
        };
        if (0..3).any(|s| lead(s) && public[s] == 1 && hint[s] >= 20.0) {
            double.set(true);
        }
        if places(g, &|s| economic(g, &d, s)) != public {
            kept_moves.set(true);
        }
        if g.markers.iter().any(|&m| m > 0) && places(g, &|s| reckoned(g, s)) != public {
            markers_move.set(markers_move.get() + 1);
        }
        double.get() && kept_moves.get() && markers_move.get() > 0
    };
    for seed in 0..SEEDS {
        let mut g = crate::engine::setup_checked::<Himalaya>(&d, &names, &opts("basic"), seed)
            .expect("setup");
        let mut pick = GameRng::new(seed);
        if steered_play_until(
            &mut g,
            &d,
            20_000,
            &mut pick,
            trader_wanting(&d, "barter"),
            watch,
        ) {
            return;
        }
    }
    panic!(
        "no game of seeds 0..{SEEDS} shows a double lead ({}), hidden kept orders that would \
         change the places ({}) and markers that do ({})",
        double.get(),
        kept_moves.get(),
        markers_move.get()
    );
}
