//! Rating and `stats` tests: the results a finished game records.

use super::*;

/// Issue 17: the change that finishes a game records each player's place in its
/// transaction; bob resigned, so he is last although the game itself tied him with cy;
/// `stats` then shows the ratings recomputed from those rows.
#[test]
fn a_finished_game_records_results_with_the_resigned_player_last() {
    let t = T::started(&["ann", "bob", "cy"]);
    t.ok("bob", "game resign");
    for i in 0..3 {
        t.ok("ann", "move add 2; add 2; end");
        if i < 2 {
            assert!(results(&t, 1).is_empty(), "nothing before the end");
            t.ok("cy", "move end");
        }
    }
    // The game placed ann first and bob and cy second together.
    assert_eq!(
        results(&t, 1),
        [
            ("id-ann".to_string(), 1, true, false),
            ("id-bob".to_string(), 3, false, true),
            ("id-cy".to_string(), 2, false, false),
        ]
    );
    let r = t.ok("cy", "stats count");
    assert_eq!(r[0].visibility, Visibility::Public);
    let text = r[0].text.to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].contains("top 3 of 3 players, 1 finished game"),
        "{text}"
    );
    assert!(lines[1].starts_with("1. **ann** — rating "), "{text}");
    assert!(lines[2].starts_with("2. **cy** — "), "{text}");
    assert!(lines[3].starts_with("3. **bob** — "), "{text}");
    assert!(
        lines[3].contains("1 game, 0 wins, average place 3.00"),
        "{text}"
    );
    // Weng-Lin, three new players placed 1, 2, 3: ann's μ is 25 + 5.270462766947 (half a
    // point above expectation against each of two equal opponents; see `ratings`).
    assert!(lines[1].contains("(μ 30.3 ± 7.8)"), "{text}");

    // One player: by name, by a unique beginning, by mention; and without a game.
    for ask in [
        "stats count bob",
        "stats count B",
        "stats count <@id-bob>",
        "stats bo",
    ] {
        let text = t.ok("ann", ask)[0].text.to_string();
        assert!(text.starts_with("**bob** in this server"), "{ask}: {text}");
        assert!(text.contains("- **Count**: rating "), "{ask}: {text}");
        assert!(text.contains("; rank 3 of 3"), "{ask}: {text}");
    }
    // Your own figures in every game.
    let text = t.ok("ann", "stats")[0].text.to_string();
    assert!(
        text.contains("1 game, 1 win, average place 1.00; rank 1 of 3"),
        "{text}"
    );
}

/// Issue 17, ratings: a game that finished before results were recorded (migration 0007
/// lists it) gets the same results the finishing change records now, once: at start-up
/// (`backfill_results`) or before `stats` answers.
#[test]
fn games_finished_before_results_were_recorded_are_rated_once() {
    let t = T::started(&["ann", "bob", "cy"]);
    t.ok("bob", "game resign");
    t.ann_wins_against("cy");
    let recorded = results(&t, 1);
    assert_eq!(recorded.len(), 3);
    let as_before_0007 = || {
        let mut inner = t.chat.lock();
        inner
            .store
            .debug_exec("DELETE FROM results; INSERT INTO results_backfill (game_id) VALUES (1)")
            .unwrap();
        inner.cache.clear();
    };
    as_before_0007();
    assert!(results(&t, 1).is_empty());
    assert_eq!(t.chat.backfill_results().unwrap(), 1);
    assert_eq!(
        results(&t, 1),
        recorded,
        "the places the finishing change records"
    );
    assert_eq!(t.chat.backfill_results().unwrap(), 0, "once");
    assert_eq!(results(&t, 1), recorded);
    // Where nothing ran it at start-up (the terminal), `stats` records it first.
    as_before_0007();
    let r = t.ok("cy", "stats count");
    assert!(
        r[0].text.to_string().contains("1 finished game"),
        "{}",
        r[0].text
    );
    assert_eq!(results(&t, 1), recorded);
}

/// Issue 17: aborted games record nothing, neither by vote nor when every player resigned,
/// so they never count.
#[test]
fn aborted_and_abandoned_games_record_no_results() {
    let t = T::started(&["ann", "bob"]);
    t.ok("ann", "move add 2");
    t.ok("ann", "game abort");
    t.ok("bob", "game abort");
    t.ok("ann", "game new count");
    t.ok("bob", "game join");
    t.ok("ann", "game start");
    t.ok("ann", "game resign");
    t.ok("bob", "game resign");
    let games = t
        .chat
        .lock()
        .store
        .debug_query_i64("SELECT COUNT(*) FROM games WHERE status = 'aborted'")
        .unwrap();
    assert_eq!(games, 2);
    let rows = t
        .chat
        .lock()
        .store
        .debug_query_i64("SELECT COUNT(*) FROM results")
        .unwrap();
    assert_eq!(rows, 0);
    let text = t.ok("ann", "stats count")[0].text.to_string();
    assert!(text.contains("No game of **Count** has finished"), "{text}");
    let text = t.ok("ann", "stats")[0].text.to_string();
    assert!(text.contains("You have no finished game"), "{text}");
}

/// Issue 17: `stats` with a player nobody knows, or a name several match, says what is
/// accepted; a word that is neither a game nor a player says both.
#[test]
fn stats_errors_name_the_players_and_games_it_knows() {
    let t = T::started(&["ann", "anna"]);
    t.ann_wins_against("anna");
    let e = t.err("anna", "stats count zed");
    assert!(
        e.contains("no finished game of Count in this server by a player `zed`"),
        "{e}"
    );
    assert!(e.contains("players with one: ann, anna"), "{e}");
    let e = t.err("anna", "stats zed");
    assert!(e.contains("not a game either (games: count)"), "{e}");
    let e = t.err("anna", "stats count an");
    assert!(e.contains("`an` could be anna or ann"), "{e}");
    // An exact name wins over a longer one it begins.
    let text = t.ok("anna", "stats count ann")[0].text.to_string();
    assert!(text.starts_with("**ann** in this server"), "{text}");
}

/// Issue 17: junk given to `stats` never panics, never echoes a mass mention and changes
/// no result.
#[test]
fn stats_with_junk_input_answers_and_changes_nothing() {
    let t = T::started(&["ann", "bob"]);
    t.ann_wins_against("bob");
    let count = || {
        t.chat
            .lock()
            .store
            .debug_query_i64("SELECT COUNT(*) FROM results")
            .unwrap()
    };
    assert_eq!(count(), 2);
    let long = "z".repeat(1900);
    for junk in [
        "@everyone",
        "count @here",
        "<@&456>",
        "'; DROP TABLE results; --",
        "\u{202e}ann",
        "count count count",
        "count <@>",
        "c",
        long.as_str(),
    ] {
        t.clock.fetch_add(100, Ordering::SeqCst);
        let r = t.say("cy", &format!("stats {junk}"));
        assert_eq!(r.len(), 1, "{junk}");
        let text = r[0].text.to_string();
        assert!(
            !text.contains("@everyone") && !text.contains("@here"),
            "{junk}: {text}"
        );
        assert!(r[0].pings.is_empty(), "{junk}");
        assert!(text.len() < 4000, "{junk}");
    }
    assert_eq!(count(), 2);
}

// Issue 35: `/stats player:@cy` for someone with no finished game names them as a mention
// (Discord shows their name), never as a raw user id in a code span.
#[test]
fn stats_for_a_mentioned_player_without_a_finished_game_names_them() {
    let t = T::started(&["ann", "bob"]);
    t.ann_wins_against("bob");
    let r = t.say("ann", "stats <@12345>");
    assert!(r[0].is_error);
    // A mention segment: each platform writes it its own way (Discord `<@12345>`).
    let text = r[0].text.to_string();
    assert!(
        text.contains("no finished game in this server by @12345 yet"),
        "{text}"
    );
    assert!(!text.contains("`<@12345>`"), "{text}");
    assert!(r[0].pings.is_empty(), "a refusal pings nobody");
}
