//! Tests of the event counters of the advanced rules (`rules/events.rs`).

use super::*;

// HIM-EVENT-5
#[test]
fn him_event_7_yeti_blocks_the_path() {
    let g = position(&format!(
        "{ADVANCED_AT_1_5_20}
         Ann: yeti 1-2
         Bo: pass
         Cy: pass
         Bo: program rest rest rest rest rest rest
         Cy: program rest rest rest rest rest rest
         Ann: program stone ice rest rest rest rest"
    ));
    assert_eq!(v(&g, 0), 8, "stone blocked, then ice 1->8");
    assert!(
        g.board_events.yeti.is_none(),
        "events leave at the end of the turn"
    );
}

// HIM-EVENT-13 (reading: same type; a lone first move is ignored)
#[test]
fn him_event_8_snowstorm_needs_two_consecutive_moves_of_its_type() {
    let d = data();
    let mut g = position(ADVANCED_AT_1_5_20);
    play(&mut g, &d, 0, "storm 1-2");
    play(&mut g, &d, 1, "pass");
    play(&mut g, &d, 2, "pass");
    // Ann: stone then rest: cannot stop in the storm, ignored. Then stone stone crosses.
    // Bo and Cy: nothing.
    program_all(&mut g, &d, &["stone rest stone stone ice rest", REST, REST]);
    // rest; stone+stone 1->2 (arrives on action 4); ice 2->3.
    assert_eq!(v(&g, 0), 3);
    assert_eq!(g.in_storm[0], None);
}

#[test]
fn him_event_9_snowstorm_cannot_be_entered_on_the_last_action() {
    let d = data();
    let mut g = position(ADVANCED_AT_1_5_20);
    play(&mut g, &d, 0, "storm 1-2");
    play(&mut g, &d, 1, "pass");
    play(&mut g, &d, 2, "pass");
    program_all(&mut g, &d, &["rest rest rest rest rest stone", REST, REST]);
    assert_eq!(v(&g, 0), 1);
    assert_eq!(g.in_storm[0], None);
}

#[test]
fn him_event_10_market_day_lets_a_deal_take_any_good() {
    let d = data();
    // Village 2 holds one good of each kind (seed 67).
    let mut g = position(&format!(
        "players Ann Bo Cy
         {SEED_67}
         option rules advanced
         Ann: start 2
         Bo: start 1
         Cy: start 3
         Ann: market 2
         Bo: pass
         Cy: pass
         Bo: program rest rest rest rest rest rest
         Cy: program rest rest rest rest rest rest
         Ann: program deal rest rest rest rest rest"
    ));
    let offered: Vec<String> = g
        .legal_steps(&d, 0)
        .iter()
        .map(|s| Himalaya::format_step(&d, s))
        .collect();
    assert_eq!(
        offered,
        vec![
            "take salt",
            "take barley",
            "take tea",
            "take jade",
            "take gold"
        ]
    );
    play(&mut g, &d, 0, "take gold");
    assert_eq!(g.hands[0], [0, 0, 0, 0, 1]);
    assert_eq!(g.village_goods[1], [1, 1, 1, 1, 0]);
}

// HIM-EVENT-3, HIM-EVENT-6
#[test]
fn him_event_4_one_event_of_each_kind_per_turn_and_each_marker_once_a_game() {
    let d = data();
    let mut g = position(ADVANCED_AT_1_5_20);
    play(&mut g, &d, 0, "yeti 1-2");
    assert!(
        !g.legal_steps(&d, 1)
            .iter()
            .any(|s| matches!(s, Step::Yeti(_))),
        "one yeti per turn"
    );
    assert!(g
        .legal_steps(&d, 1)
        .iter()
        .any(|s| matches!(s, Step::Storm(_))));
    play(&mut g, &d, 1, "pass");
    play(&mut g, &d, 2, "pass");
    program_all(&mut g, &d, &[REST, REST, REST]);
    // Turn 2: Bo is first; Ann's yeti is spent.
    assert_eq!(g.first, 1);
    play(&mut g, &d, 1, "pass");
    play(&mut g, &d, 2, "pass");
    assert!(
        !g.legal_steps(&d, 0)
            .iter()
            .any(|s| matches!(s, Step::Yeti(_))),
        "a marker serves once a game"
    );
    assert!(g.legal_steps(&d, 0).contains(&Step::Pass));
}

#[test]
fn him_event_2_players_without_markers_are_skipped() {
    let d = data();
    let mut g =
        crate::engine::setup_checked::<Himalaya>(&d, &names(3), &opts("advanced"), 3).unwrap();
    // Real play steered until Bo and Cy have placed all three markers and Ann two: each
    // places a marker whenever she may until she has placed her share, then passes.
    let used = |g: &Himalaya, s: Seat| g.events_used[s].iter().filter(|&&u| u).count();
    let share = [2, 3, 3];
    let in_events = |g: &Himalaya| matches!(g.phase, Phase::Events { .. });
    let prefer = |g: &Himalaya, s: Seat, t: &str| match (in_events(g), t == "pass") {
        (true, false) if used(g, s) < share[s] => 2,
        (true, true) if used(g, s) >= share[s] => 2,
        _ => 1,
    };
    let spent = |g: &Himalaya| (0..3).map(|s| used(g, s)).collect::<Vec<_>>() == share;
    // (A turn whose programs and the next's lead to no inventory: those come after turns
    // 4, 8 and 12.)
    let no_inventory_next = |g: &Himalaya| g.turn % 4 != 0 && (g.turn + 1) % 4 != 0;
    let at = |g: &Himalaya| spent(g) && g.phase == Phase::Programming && no_inventory_next(g);
    let mut pick = GameRng::new(1);
    assert!(steered_play_until(&mut g, &d, 5_000, &mut pick, prefer, at));
    let turn = g.turn;
    program_all(&mut g, &d, &[REST, REST, REST]);
    assert!(in_events(&g), "{:?}", g.phase);
    assert_eq!(
        g.status(),
        Status::Acting(vec![0]),
        "Bo and Cy skipped: only Ann has a marker left"
    );
    // Ann places her last marker: the next turn has no event phase at all.
    while in_events(&g) {
        let step = g.legal_steps(&d, 0).into_iter().find(|s| *s != Step::Pass);
        let text = Himalaya::format_step(&d, &step.expect("a marker to place"));
        play(&mut g, &d, 0, &text);
    }
    assert_eq!(used(&g, 0), 3);
    program_all(&mut g, &d, &[REST, REST, REST]);
    assert_eq!(
        (g.turn, &g.phase),
        (turn + 2, &Phase::Programming),
        "no event phase when no one has markers"
    );
}

// HIM-EVENT-11 (HIM-EVENT-4): the only limits are one marker per player per turn, one of
// each kind on the board and each marker once a game: a yeti and a storm may share a path.
#[test]
fn him_event_11_yeti_and_snowstorm_may_share_a_path() {
    let d = data();
    let mut g = position(ADVANCED_AT_1_5_20);
    play(&mut g, &d, 0, "yeti 1-2");
    play(&mut g, &d, 1, "storm 1-2");
    assert_eq!(g.board_events.yeti.map(|e| e.0), Some(0));
    assert_eq!(g.board_events.storm.map(|e| e.0), Some(0));
    // And the other way round.
    let mut g = position(ADVANCED_AT_1_5_20);
    play(&mut g, &d, 0, "storm 1-2");
    play(&mut g, &d, 1, "yeti 1-2");
    assert_eq!(g.board_events.yeti.map(|e| e.0), Some(0));
    play(&mut g, &d, 2, "pass");
    // Both markers on the path: the yeti blocks it, whatever the storm would allow.
    program_all(&mut g, &d, &["stone stone rest rest rest rest", REST, REST]);
    assert_eq!(v(&g, 0), 1, "the yeti blocks the storm path");
}

/// A seat that does not act during the events phase (advanced rules) passes: the autopilot
/// and a deadline never place an event marker for a player (a survivor of cargo mutants).
// HIM-EVENT-1
#[test]
fn him_event_1_default_step_in_the_events_phase_is_pass() {
    let d = data();
    let g = position(ADVANCED_AT_1_5_20);
    let legal = g.legal_steps(&d, 0);
    assert!(
        legal.len() > 1 && legal[0] != Step::Pass,
        "markers are offered too"
    );
    assert_eq!(g.default_step(&d, 0), Some(Step::Pass));
}

// HIM-EVENT-10: `market 2` is not read as `market 20` when village 2 has no goods.
#[test]
fn him_event_10_market_number_matches_only_exactly() {
    let d = data();
    // Seed 7 draws goods at 20 and none at 2.
    let g = position(
        "players Ann Bo Cy
         seed 7
         option rules advanced
         Ann: start 1
         Bo: start 5
         Cy: start 7",
    );
    assert!(g.has_goods(19) && !g.has_goods(1));
    // Village 2, refused by its rule: never `market 20`.
    assert_eq!(g.parse_step(&d, 0, "market 2"), Ok(Step::Market(1)));
    let e = g.check(&d, 0, &Step::Market(1)).unwrap_err();
    assert!(e.reason.contains("village 2 has none"), "{e}");
    assert!(g.parse_step(&d, 0, "market 20").is_ok());
}

// HIM-EVENT-1: the basic game has no event phase and no event steps.
#[test]
fn him_event_1_no_event_markers_in_the_basic_game() {
    let d = data();
    let g = position(AT_1_5_20);
    assert_eq!(g.phase, Phase::Programming);
    assert!(g.parse_step(&d, 0, "yeti 1-2").is_err());
    assert!(g.view(&d, Viewer::Spectator).players[0]
        .events_left
        .is_empty());
}

// HIM-EVENT-12 (reading): market day helps every player who deals in that village, not
// only the one who placed it.
#[test]
fn him_event_12_market_day_serves_every_player_dealing_there() {
    let d = data();
    // Seed 40: village 2 holds 1 salt, 2 barley, 1 tea, 1 jade; Bo comes from 9 by dirt.
    let mut g = position(&format!(
        "players Ann Bo Cy
         {SEED_40}
         option rules advanced
         Ann: start 2
         Bo: start 9
         Cy: start 20"
    ));
    play(&mut g, &d, 0, "market 2");
    play(&mut g, &d, 1, "pass");
    play(&mut g, &d, 2, "pass");
    program_all(&mut g, &d, &[REST, "dirt deal rest rest rest rest", REST]);
    assert_eq!(g.status(), Status::Acting(vec![1]));
    play(&mut g, &d, 1, "take jade");
    assert_eq!(g.hands[1], [0, 0, 0, 1, 0]);
}

// HIM-EVENT-10 (HIM-DEAL-3): market day only matters where there is a choice: at a village
// holding a single kind of good the deal takes it at once, without asking.
#[test]
fn him_event_10_market_day_at_a_one_kind_village_takes_the_good_without_asking() {
    let d = data();
    // Seed 253 draws 5 salt, and nothing else, at village 15.
    let mut g = position(
        "players Ann Bo Cy
         seed 253
         option rules advanced
         Ann: start 15
         Bo: start 1
         Cy: start 20",
    );
    play(&mut g, &d, 0, "market 15");
    play(&mut g, &d, 1, "pass");
    play(&mut g, &d, 2, "pass");
    program_all(&mut g, &d, &["deal rest rest rest rest rest", REST, REST]);
    assert_eq!(g.pending, None, "no choice to make");
    assert_eq!(g.hands[0], [1, 0, 0, 0, 0]);
    assert_eq!(g.village_goods[14], [4, 0, 0, 0, 0]);
    assert_eq!(g.turn, 2, "resolution went on to the end of the turn");
}

// HIM-EVENT-4, HIM-EVENT-6: one snowstorm and one market day on the board per turn, and
// each player's storm and market-day markers serve once a game, like the yeti.
#[test]
fn him_event_4_one_storm_and_one_market_day_per_turn_each_once_a_game() {
    let d = data();
    // Seed 40: goods at villages 2, 3, 6, 7 and 9.
    let mut g = position(&format!(
        "players Ann Bo Cy
         {SEED_40}
         option rules advanced
         Ann: start 1
         Bo: start 5
         Cy: start 20"
    ));
    let kinds = |g: &Himalaya, s: Seat| -> [bool; 3] {
        let l = g.legal_steps(&d, s);
        [
            l.iter().any(|s| matches!(s, Step::Yeti(_))),
            l.iter().any(|s| matches!(s, Step::Storm(_))),
            l.iter().any(|s| matches!(s, Step::Market(_))),
        ]
    };
    assert_eq!(kinds(&g, 0), [true, true, true]);
    play(&mut g, &d, 0, "storm 1-2");
    assert_eq!(kinds(&g, 1), [true, false, true], "one storm per turn");
    play(&mut g, &d, 1, "market 2");
    assert_eq!(
        kinds(&g, 2),
        [true, false, false],
        "one market day per turn"
    );
    play(&mut g, &d, 2, "pass");
    program_all(&mut g, &d, &[REST, REST, REST]);
    // Turn 2: Bo, Cy, Ann. The board is clear again, but Bo's market day is spent...
    assert_eq!(g.first, 1);
    assert_eq!(
        kinds(&g, 1),
        [true, true, false],
        "a market day serves once a game"
    );
    play(&mut g, &d, 1, "pass");
    play(&mut g, &d, 2, "pass");
    // ...and so is Ann's snowstorm.
    assert_eq!(
        kinds(&g, 0),
        [true, false, true],
        "a storm serves once a game"
    );
}

// HIM-EVENT-2: event markers are placed in turn order: a seat out of turn is refused under
// the events topic.
#[test]
fn him_event_2_placing_an_event_marker_out_of_turn_is_refused() {
    let d = data();
    let mut g = position(ADVANCED_AT_1_5_20);
    let e = refused_step(&mut g, &d, 1, &Step::Yeti(0));
    assert_eq!(e.topic, "events");
    assert!(
        e.reason.contains("you cannot place that event marker now"),
        "{e}"
    );
    assert_eq!(g.board_events, BoardEvents::default());
}
