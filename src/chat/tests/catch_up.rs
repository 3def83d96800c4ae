//! Issue 50, catch-up: the public message that pings a player says what the table saw
//! since their own last step, and their daily digest heads each game with the same lines.

use super::*;

/// The public reply's catch-up lines (those starting "Since").
fn catch_up_lines(r: &[Reply]) -> Vec<String> {
    public(r)
        .iter()
        .flat_map(|p| {
            p.text
                .to_string()
                .lines()
                .map(String::from)
                .collect::<Vec<_>>()
        })
        .filter(|l| l.starts_with("Since "))
        .collect()
}

#[test]
fn the_ping_says_what_the_table_saw_since_the_players_last_step() {
    let t = T::started(&["ann", "bob", "cy"]);
    // ann's drafting (`hide`) is secret: the catch-up bob reads in the channel omits it.
    let r = t.ok("ann", "move add 1; hide; end");
    assert_eq!(public(&r)[0].pings, vec!["id-bob".to_string()]);
    assert_eq!(
        catch_up_lines(&r),
        vec![
            "Since **bob**'s last step: **ann**: `add 1`, `end`. Your steps: **Move**, or `move`."
        ]
    );
    t.ok("bob", "move end");
    let r = t.ok("cy", "move add 2; shout; end");
    assert_eq!(
        catch_up_lines(&r),
        vec!["Since **ann**'s last step: **bob**: `end`; **cy**: `add 2`, `shout`, `end`. Your steps: **Move**, or `move`."],
        "from ann's own last step on: her own steps are not repeated"
    );
    // A step inside a turn pings nobody and carries no catch-up.
    let r = t.ok("ann", "move add 1");
    assert!(catch_up_lines(&r).is_empty(), "{r:?}");
}

/// A long wait lists the last runs and counts the earlier ones; a secret step that ended a
/// turn shows sealed (its player's own included: everyone reads it), a drafting one not.
#[test]
fn a_long_wait_lists_the_last_runs_and_counts_the_earlier_ones() {
    let row = |seq: i64, seat: Seat, step: &str, secret: bool, turn_end: bool| ActionRow {
        seq,
        seat,
        kind: ActionKind::Step,
        step: step.into(),
        secret,
        barrier: false,
        turn_end,
        at: 0,
    };
    let seats: Vec<SeatRow> = ["ann", "bob", "cy"]
        .iter()
        .enumerate()
        .map(|(i, n)| SeatRow {
            seat: i,
            user_id: format!("id-{n}"),
            name: (*n).into(),
            resigned: false,
        })
        .collect();
    let log = vec![
        row(1, 1, "add 1", false, false),
        row(2, 0, "a", false, true),
        row(3, 2, "b", false, true),
        row(4, 0, "c", false, true),
        row(5, 2, "plan", true, false),
        row(6, 2, "seal", true, true),
        row(7, 0, "d", false, true),
        row(8, 2, "e", false, true),
    ];
    let text =
        |seat| crate::chat::filter::public_catch_up(&log, &seats, seat).map(|t| t.to_string());
    assert_eq!(
        text(0).as_deref(),
        Some("Since **ann**'s last step: **cy**: `e`.")
    );
    assert_eq!(
        text(1).as_deref(),
        Some("Since **bob**'s last step: (3 earlier in `game since`) … **cy**: `(sealed choice)`; **ann**: `d`; **cy**: `e`.")
    );
    assert_eq!(text(2), None, "nothing since cy's last step");
}

/// The daily digest heads each waiting game with the same public catch-up (it may be posted
/// in the channel): bob's secret drafting stays out of it.
#[test]
fn the_daily_digest_heads_each_game_with_the_public_catch_up() {
    let t = T::started(&["ann", "bob"]);
    t.ok("ann", "move add 1; end");
    t.ok("bob", "move hide; add 2; end");
    let d = t
        .chat
        .digest("discord", Some("g"), "id-ann")
        .unwrap()
        .expect("ann's turn");
    let s = d.text.to_string();
    let lines: Vec<&str> = s.lines().collect();
    assert!(lines[1].starts_with("- **Count** #1 in"), "{s}");
    assert_eq!(
        lines[2], "Since **ann**'s last step: **bob**: `add 2`, `end`.",
        "{s}"
    );
    assert!(!s.contains("hide"), "{s}");
    assert_eq!(d.channel_text, d.text, "one game, in the digest's channel");
}
