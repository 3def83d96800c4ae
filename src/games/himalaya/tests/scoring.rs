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

/// Ann fills one order at the monastery (village 10) on turn 1, taking a stupa (3 religious)
/// and three delegations in three regions (3 political). Bo takes salt, salt, salt, barley
/// at village 7 over turns 1-4 and then rests: he holds the sole majority in salt and
/// barley at the inventories after turns 4, 8 and 12, so 6 markers = 18 yacks. Cy rests
/// all game. Three players: Ann leads two influences and wins; Bo is second on yacks.
// HIM-TURN-1, HIM-SCORE-2, HIM-SCORE-4, HIM-WIN-1
#[test]
fn him_end_1_scripted_game_majority_in_two_influences_beats_the_richest() {
    let d = data();
    // Seed 40: Ann's walk 9 -> 2 -> 3 -> 10 of `ANN_FILLS_AT_10`; village 7 holds 3 salt
    // and 2 barley.
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
        program_all(&mut g, &d, &progs);
        if turn == 1 {
            play(&mut g, &d, 0, "reward stupa delegations");
            play(&mut g, &d, 0, "delegate Dolpo");
            play(&mut g, &d, 0, "delegate Mustang");
            play(&mut g, &d, 0, "delegate Khumbu");
        }
    }
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

// HIM-SCORE-1: a stupa scores its village level: house 1, temple 2, monastery 3.
#[test]
fn him_score_1_stupas_score_house_1_temple_2_monastery_3() {
    let d = data();
    // End-of-game influences: a whole game of 12 turns (hundreds of steps) to reach by play.
    let mut g = placed(&d, "basic", &[1, 5, 20]); // why: above
    assert_eq!(
        [
            d.villages[0].level,
            d.villages[1].level,
            d.villages[3].level
        ],
        [1, 2, 3]
    );
    g.stupas[0] = Some(0); // house (why: above)
    g.stupas[1] = Some(1); // temple (why: above)
    g.stupas[3] = Some(2); // monastery (why: above)
    g.stupas[2] = Some(1); // house (why: above)
    g.finish(&d, &mut Vec::new());
    let r: Vec<u32> = g.final_lines.iter().map(|f| f.religious).collect();
    assert_eq!(r, vec![1, 3, 3]);
}

// HIM-SCORE-3 (HIM-SCORE-2): a tie for the most delegations in a region scores nothing;
// HIM-WIN-11 (reading): "delegations" counts the ones placed on the board.
#[test]
fn him_score_3_a_tie_for_most_delegations_scores_nothing() {
    let d = data();
    // End-of-game influences: a whole game of 12 turns (hundreds of steps) to reach by play.
    let mut g = placed(&d, "basic", &[1, 5, 20]); // why: above
    g.delegations[0] = vec![2, 2, 1]; // tie on top: no one (why: above)
    g.delegations[1] = vec![3, 0, 0]; // Ann (why: above)
    g.delegations[2] = vec![0, 1, 0]; // Bo (why: above)
    g.finish(&d, &mut Vec::new());
    let p: Vec<u32> = g.final_lines.iter().map(|f| f.political).collect();
    assert_eq!(p, vec![1, 1, 0]);
    let placed_: Vec<u32> = g.final_lines.iter().map(|f| f.delegations).collect();
    assert_eq!(placed_, vec![5, 3, 1]);
}

// HIM-WIN-2 (HIM-WIN-1): the standings show what decided the places, the three influences
// (and the stupas and delegations the four-player tie-breaks use), not the yacks alone: Cy
// wins on religious and political influence with fewer yacks than Bo.
#[test]
fn him_win_2_standings_show_the_influences_that_decided_the_places() {
    let d = data();
    // End-of-game influences: a whole game of 12 turns (hundreds of steps) to reach by play.
    let mut g = placed(&d, "basic", &[1, 5, 20]); // why: above
    let house = (0..VILLAGES).find(|&v| d.villages[v].level == 1).unwrap();
    g.stupas[house] = Some(2); // why: above
    g.delegations[0] = vec![0, 0, 2]; // why: above
    g.markers = vec![0, 5, 3]; // why: above
    g.finish(&d, &mut Vec::new());
    let r = g.result.clone().unwrap();
    assert_eq!(r.places, vec![3, 2, 1]);
    let standings = r.standings(&["Ann", "Bo", "Cy"]);
    let lines: Vec<&str> = standings.lines().collect();
    assert_eq!(
        lines[0],
        "1. Cy: religious 1, political 1, economic 9 yacks (kept orders 0, inventory markers 9); 1 stupa, 2 delegations",
        "{standings}"
    );
    assert_eq!(
        lines[1],
        "2. Bo: religious 0, political 0, economic 15 yacks (kept orders 0, inventory markers 15); 0 stupas, 0 delegations",
        "{standings}"
    );
    assert!(
        lines[3].starts_with("Cy leads 2 of the 3 influences"),
        "{standings}"
    );
}

// HIM-SCORE-4: yacks from kept orders plus 3 per inventory marker.
#[test]
fn him_score_4_economic_is_kept_order_yacks_plus_3_per_marker() {
    let d = data();
    // End-of-game influences: a whole game of 12 turns (hundreds of steps) to reach by play.
    let mut g = placed(&d, "basic", &[1, 5, 20]); // why: above
    g.kept[0] = vec![4]; // 4 yacks (why: above)
    g.markers[0] = 2; // why: above
    g.finish(&d, &mut Vec::new());
    assert_eq!(d.orders[4].yacks, 4);
    assert_eq!(g.final_lines[0].economic, 10);
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

// HIM-WIN-5 (HIM-SCORE-1): final scoring counts each player's built stupas, and with 4
// players the fewer stupas go out first on a religious tie.
#[test]
fn him_win_5_final_scoring_counts_built_stupas_for_the_religious_tie_break() {
    let d = data();
    // End-of-game influences: a whole game of 12 turns (hundreds of steps) to reach by play.
    let mut g = placed(&d, "basic", &[1, 5, 20, 12]); // why: above
    let level = |v: usize| d.villages[v - 1].level;
    g.stupas[3] = Some(0); // Ann: the monastery at 4: 3 in one stupa (why: above)
    for v in [1, 3, 5] {
        assert_eq!(level(v), 1);
        g.stupas[v - 1] = Some(1); // Bo: three houses: 3 in three stupas (why: above)
    }
    g.stupas[9] = Some(2); // Cy: monastery 10 and temple 2: 5 (why: above)
    g.stupas[1] = Some(2); // why: above
    for v in [20, 17, 14] {
        g.stupas[v - 1] = Some(3); // Di: monastery, temple, house: 6 (why: above)
    }
    assert_eq!(level(4), 3);
    g.finish(&d, &mut Vec::new());
    let built: Vec<u32> = g.final_lines.iter().map(|f| f.stupas).collect();
    assert_eq!(built, vec![1, 3, 2, 3]);
    let r: Vec<u32> = g.final_lines.iter().map(|f| f.religious).collect();
    assert_eq!(r[0], r[1], "Ann and Bo tie on religious influence");
    let places: Vec<u32> = g.final_lines.iter().map(|f| f.place).collect();
    assert_eq!(
        places[0], 4,
        "Ann has fewer stupas and goes out first: {places:?}"
    );
}

/// The economic influence in parts: the kept orders' yacks and the inventory markers', the
/// same in the standings, the final panel's text and the result's breakdown.
// HIM-SCORE-4, HIM-WIN-2
#[test]
fn him_score_4_the_standings_and_final_lines_give_the_yacks_by_source() {
    let d = data();
    // End-of-game influences: a whole game of 12 turns (hundreds of steps) to reach by play.
    let mut g = placed(&d, "basic", &[1, 5, 20]); // why: above
    g.kept[0] = vec![4]; // 4 yacks (why: above)
    g.markers[0] = 2; // why: above
    g.finish(&d, &mut Vec::new());
    let r = g.result.clone().unwrap();
    let marker = d.inventory_yacks as i64;
    assert_eq!(
        r.breakdown[0],
        vec![
            crate::engine::ScorePart::new("kept orders", 4),
            crate::engine::ScorePart::new("inventory markers", 2 * marker),
        ]
    );
    assert_eq!(r.check_breakdown(), Ok(()));
    let economic = 4 + 2 * marker;
    let standings = r.standings(&["Ann", "Bo", "Cy"]);
    let want = format!(
        "Ann: religious 0, political 0, economic {economic} yacks (kept orders 4, inventory markers {})",
        2 * marker
    );
    assert!(standings.contains(&want), "{standings}");
    assert_eq!(
        g.final_lines[0].economic_parts_text(),
        format!(" = kept orders 4, inventory markers {}", 2 * marker)
    );
}

// HIM-WIN-1: the hint ranks the seats by the winning rule with the public influences:
// a seat leading two influences (religious by stupas, political by delegations) is first;
// kept orders count by their number (public), never by their hidden yacks.
#[test]
fn him_win_1_the_hint_ranks_by_the_public_influences_and_not_the_kept_orders_yacks() {
    let d = data();
    // End-of-game influences: a whole game of 12 turns (hundreds of steps) to reach by play.
    let mut g = placed(&d, "basic", &[1, 2, 3]); // why: above
    g.stupas[0] = Some(1); // why: above
    g.stupas[5] = Some(1); // why: above
    g.delegations[0][1] = 2; // why: above
    g.delegations[1][1] = 1; // why: above
    let hint = g.hint(&d);
    assert!(
        hint[1] > hint[0] && hint[1] > hint[2],
        "seat 1 leads two influences: {hint:?}"
    );
    assert!(hint[1] >= 2.0, "first of three: {hint:?}");
    g.kept[0] = vec![0, 1, 2]; // why: above
    let three_kept = g.hint(&d);
    assert!(three_kept[0] > hint[0], "kept orders count: {three_kept:?}");
    let richest = (0..d.orders.len())
        .max_by_key(|&o| d.orders[o].yacks)
        .unwrap();
    let poorest = (0..d.orders.len())
        .min_by_key(|&o| d.orders[o].yacks)
        .unwrap();
    assert!(d.orders[richest].yacks > d.orders[poorest].yacks);
    g.kept[0] = vec![richest; 3]; // why: above
    assert_eq!(g.hint(&d), three_kept, "kept orders' yacks are hidden");
    g.kept[0] = vec![poorest; 3]; // why: above
    assert_eq!(g.hint(&d), three_kept, "kept orders' yacks are hidden");
    g.kept[0].clear(); // why: above
    g.markers[0] = 4; // why: above
    assert!(
        g.hint(&d)[0] > hint[0],
        "inventory markers are public yacks"
    );
}
