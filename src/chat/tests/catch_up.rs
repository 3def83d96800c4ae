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

/// What a mirror of the game told at each step: (seat, the table saw the step, events).
type Told = Vec<(Seat, bool, Vec<Event>)>;

/// The events since `seat`'s last step (its last the table saw when `public`) that `viewer`
/// may see and that concern `seat`: private to it, or public and naming it by one of `names`
/// as a word of its own. The test's own reading, apart from the filter's.
fn expected_touches(told: &Told, seat: Seat, viewer: Viewer, names: &[String]) -> Vec<String> {
    let public = viewer == Viewer::Spectator;
    let from = told
        .iter()
        .rposition(|(s, seen, _)| *s == seat && (*seen || !public))
        .map_or(0, |i| i + 1);
    let word = |text: &str, n: &str| {
        text.match_indices(n).any(|(i, _)| {
            let before = text[..i].chars().next_back();
            let after = text[i + n.len()..].chars().next();
            !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
        })
    };
    told[from..]
        .iter()
        .flat_map(|(_, _, events)| events)
        .filter(|e| !e.cue)
        .filter(|e| match e.audience {
            Audience::Private(s) => viewer == Viewer::Seat(s) && s == seat,
            Audience::Public => names.iter().any(|n| word(&e.text, n)),
        })
        .map(|e| e.text.clone())
        .collect()
}

/// The line the catch-up shows for `lines`: `who` ("you" or "**ann**"), the first
/// `shown`, and the rest counted (`more`: how the count is said).
fn touched_text(who: &str, lines: &[String], shown: usize, more: &str) -> String {
    let parts: Vec<&str> = lines
        .iter()
        .take(shown)
        .map(|l| l.trim_end_matches('.'))
        .collect();
    let mut s = format!("What touched {who}: {}", parts.join("; "));
    if lines.len() > shown {
        s.push_str(&format!(" (and {} more{more})", lines.len() - shown));
    }
    s + "."
}

/// Play `kind` through the chat with seeded random steps (a mirror of the game records
/// what each step told) and check every ping's "what touched" line, and the pinged
/// player's `game since`, against [`expected_touches`]. Returns the public lines seen.
fn touched_lines_seen(kind: &str, players: &[&str], seed: u64, steps: usize) -> Vec<String> {
    let reg = Registry::builtin();
    let t = T {
        chat: Chat::new(
            Store::open_in_memory().unwrap(),
            reg,
            Env::fixed(1_000, seed),
        ),
        clock: Arc::new(AtomicI64::new(0)),
    };
    t.ok(players[0], &format!("game new {kind}"));
    for p in &players[1..] {
        t.ok(p, "game join");
    }
    t.ok(players[0], "game start");
    let names: Vec<String> = players.iter().map(|s| s.to_string()).collect();
    let mut mirror = reg
        .get(kind)
        .unwrap()
        .setup(&names, &Options::new(), seed)
        .unwrap();
    let mut pick = GameRng::new(seed);
    let (mut told, mut seen): (Told, Vec<String>) = (vec![], vec![]);
    for _ in 0..steps {
        let Status::Acting(a) = mirror.status() else {
            break;
        };
        let seat = a[pick.below(a.len())];
        let legal = mirror.legal(seat);
        let step = legal[pick.below(legal.len())].notation.clone();
        let (_, applied) = mirror.play(seat, &step).unwrap();
        told.push((seat, !applied.secret || applied.turn_ended, applied.events));
        let r = t.ok(players[seat], &format!("move {step}"));
        for p in public(&r) {
            for user in &p.pings {
                let s = players
                    .iter()
                    .position(|n| &format!("id-{n}") == user)
                    .unwrap();
                let mut words = vec![names[s].clone()];
                words.extend(mirror.seat_aliases(s));
                let want = expected_touches(&told, s, Viewer::Spectator, &words);
                let text = p.text.to_string();
                let line = text.lines().find(|l| l.starts_with("What touched"));
                if want.is_empty() {
                    assert!(line.is_none(), "{text}");
                    continue;
                }
                let more = " in `game since`";
                let line = line.expect("a touched line").to_string();
                let expected = touched_text(&format!("**{}**", names[s]), &want, 3, more);
                assert_eq!(
                    line,
                    expected + " Your steps: **Move**, or `move`.",
                    "{text}"
                );
                seen.push(line);
                // The player's own catch-up: the public touches and their private ones.
                let mine = expected_touches(&told, s, Viewer::Seat(s), &words);
                let since = t.ok(players[s], "game since")[0].text.to_string();
                let own = since.lines().find(|l| l.starts_with("What touched"));
                assert_eq!(
                    own,
                    Some(touched_text("you", &mine, 6, "").as_str()),
                    "{since}"
                );
            }
        }
    }
    eprintln!(
        "{kind}: {} touched lines, e.g. {:#?}",
        seen.len(),
        seen.iter().take(4).collect::<Vec<_>>()
    );
    seen
}

/// NEP-CONF (conflict): another player's move that cuts back this player's pieces is in the
/// ping that tells them it is their turn, and in their `game since`.
#[test]
fn nepal_a_conflict_that_cost_the_player_pieces_is_in_their_ping() {
    let seen = touched_lines_seen("nepal", &["ann", "bob", "cy"], 5, 400);
    assert!(
        seen.iter().any(|l| l.contains("conflict in")),
        "a conflict touched someone: {seen:#?}"
    );
}

/// Nippon's scorings name each player with the points they won: the players scored while
/// waiting read them in their ping.
#[test]
fn nippon_a_scoring_while_the_player_waited_is_in_their_ping() {
    let seen = touched_lines_seen("nippon", &["ann", "bob", "cy"], 5, 600);
    assert!(
        seen.iter().any(|l| l.contains("Scoring ")),
        "a scoring touched someone: {seen:#?}"
    );
}

/// Peloria's players are named in its events by their nations as well ("the Hyalorings
/// lose 2 units"): a battle against a waiting player's nation is in their ping. The
/// "Next: … moves the …" lines say who acts next, not what touched anyone: never counted.
#[test]
fn peloria_what_touched_a_player_names_their_nations_and_skips_the_next_lines() {
    let seen = touched_lines_seen("peloria", &["ann", "bob", "cy", "dee"], 3, 700);
    let players = ["ann", "bob", "cy", "dee"];
    let by_nation_only = |l: &String| {
        let what = l.split_once(": ").map_or("", |(_, w)| w);
        !players.iter().any(|p| what.contains(p))
    };
    assert!(
        seen.iter().any(by_nation_only),
        "a line touched a player by their nation's name alone: {seen:#?}"
    );
    assert!(
        !seen.iter().any(|l| l.contains("Next: ")),
        "no line says who acts next: {seen:#?}"
    );
}

/// The catch-up replays at most the last [`filter::SINCE_READ`] steps the table saw (here
/// a window the test sets small): a longer gap is cut to exactly that many seen steps
/// (another seat's hidden drafting among them does not count) and says it was cut; a
/// shorter one is replayed whole, from the seat's last step the table saw.
#[test]
fn a_gap_longer_than_the_window_is_cut_to_the_last_steps_the_table_saw() {
    let players = ["ann", "bob", "cy"];
    let t = T {
        chat: Chat::new(
            Store::open_in_memory().unwrap(),
            Registry::builtin(),
            Env::fixed(1_000, 11),
        ),
        clock: Arc::new(AtomicI64::new(0)),
    };
    t.ok("ann", "game new himalaya");
    t.ok("bob", "game join");
    t.ok("cy", "game join");
    t.ok("ann", "game start");
    let place = req("ann", "").place;
    let mut pick = GameRng::new(5);
    for _ in 0..90 {
        let l = t.chat.load_active(&place).unwrap();
        let g = l.game.unwrap();
        let acting = g.status().acting().to_vec();
        let seat = acting[pick.below(acting.len())];
        let legal = filter::legal_list(&*g, seat);
        let step = &legal[pick.below(legal.len())].notation;
        t.ok(&l.seats[seat].name, &format!("move {step}"));
    }
    let l = t.chat.load_active(&place).unwrap();
    let actions = t.chat.lock().store.log().actions(l.row.id).unwrap();
    let effective = crate::chat::core::effective_steps(&actions);
    let seen = |a: &ActionRow| !a.secret || a.turn_end;
    assert!(
        effective.iter().any(|a| !seen(a)),
        "some drafting was hidden"
    );
    let (mut cut, mut whole) = (0, 0);
    for seat in 0..players.len() {
        let start = effective
            .iter()
            .rposition(|a| a.seat == seat && seen(a))
            .map_or(0, |i| i + 1);
        let seen_since = effective[start..].iter().filter(|a| seen(a)).count();
        for window in [1, 3, 8, 1_000] {
            let r = t
                .chat
                .replay_since_within(&l.row, (&l.seats, &actions), &[seat], true, window);
            let why = format!("seat {seat}, window {window}");
            assert_eq!(r.cut, seen_since > window, "{why}");
            let public = r.steps.iter().filter(|h| h.public).count();
            assert_eq!(public, seen_since.min(window), "{why}");
            let tail = &effective[effective.len() - r.steps.len()..];
            let seats: Vec<Seat> = r.steps.iter().map(|h| h.seat).collect();
            assert_eq!(
                seats,
                tail.iter().map(|a| a.seat).collect::<Vec<_>>(),
                "{why}"
            );
            assert!(r.steps.len() <= effective.len() - start, "{why}");
            match r.cut {
                true => cut += 1,
                false => whole += 1,
            }
        }
    }
    assert!(
        cut > 0 && whole > 0,
        "both cases met: {cut} cut, {whole} whole"
    );
}
