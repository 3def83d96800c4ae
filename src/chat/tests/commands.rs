//! Command tests: the command table, ids, errors, `rules`, `game status`, `games` and the
//! digest.

use super::*;

#[test]
fn rate_limit_per_user_with_a_clear_message() {
    let t = chat();
    for _ in 0..RATE_LIMIT.0 {
        t.ok("ann", "help");
    }
    assert!(t.err("ann", "help").contains("too fast"));
    t.ok("bob", "help");
    t.clock.fetch_add(RATE_LIMIT.1, Ordering::SeqCst);
    t.ok("ann", "help");
}

#[test]
fn names_cannot_smuggle_mass_mentions() {
    let t = chat();
    let r = t.ok("@everyone", "game new count");
    assert!(!r[0].text.contains("@everyone"));
    let e = t.err("ann", "@here");
    assert!(!e.contains("@here"), "{e}");
}

#[test]
fn history_and_status_and_rules() {
    let t = T::started(&["ann", "bob"]);
    t.ok("ann", "move add 1");
    assert!(t.ok("bob", "game history")[0].text.contains("ann: add 1"));
    assert!(t.ok("bob", "game status")[0]
        .text
        .contains("Waiting for: **ann**"));
    assert!(t.ok("bob", "rules count turn")[0]
        .text
        .contains("rulebook: Test"));
    assert!(t.err("bob", "rules count zzz").contains("Topics: turn"));
    assert!(t.err("bob", "game history 0").contains("1 to 100"));
}

#[test]
fn rules_lookup_finds_a_topic_by_an_alias_or_a_word_and_offers_did_you_mean() {
    let t = T::started(&["ann", "bob"]);
    for words in ["round", "how do I add twice", "Twice"] {
        let r = t.ok("bob", &format!("rules count {words}"));
        assert!(r[0].text.contains("Count — Turn"), "{words}: {}", r[0].text);
    }
    let e = t.err("bob", "rules count tunr");
    assert!(e.contains("did you mean `turn`?"), "{e}");
    let e = t.err("bob", "rules count add");
    assert!(
        e.contains("`rules count turn`, `rules count notation`"),
        "{e}"
    );
}

/// Issue 17, status with time: `game status` says how long the game has waited for each
/// acting player and when their deadline falls, as times each front end writes its way.
#[test]
fn status_says_how_long_each_acting_player_waited_and_when_their_deadline_falls() {
    let t = T::started(&["ann", "bob"]);
    t.clock.store(1_000 + 2 * 3600, Ordering::SeqCst);
    let plain = |r: &[Reply]| {
        r[0].text.render(&Plain {
            utc_offset_min: 0,
            now: Some(1_000 + 2 * 3600),
        })
    };
    let r = t.ok("bob", "game status");
    let s = plain(&r);
    assert!(s.contains("- **ann**: waiting since 2 h 0 min ago;"), "{s}");
    // Without a game deadline: when a kick vote becomes possible (72 h after the start).
    assert!(
        s.contains(
            "no game deadline; the others may vote to kick in 2 d 22 h (1970-01-04 00:16 UTC)."
        ),
        "{s}"
    );
    assert!(!s.contains("**bob**: waiting"), "bob is not acting: {s}");
    // The times are time segments (Discord writes them as <t:…:R> and <t:…:f>).
    let times: Vec<(i64, TimeStyle)> = r[0]
        .text
        .0
        .iter()
        .filter_map(|g| match g {
            text::Seg::Time { at, style } => Some((*at, *style)),
            _ => None,
        })
        .collect();
    assert_eq!(
        times,
        vec![
            (1_000, TimeStyle::Relative),
            (1_000 + 72 * 3600, TimeStyle::Relative),
            (1_000 + 72 * 3600, TimeStyle::Full)
        ]
    );
    // The game's own deadline, and a vacation that starts its clock only when it ends.
    t.ok("bob", "remind deadline 24h kick");
    let s = plain(&t.ok("bob", "game status"));
    assert!(
        s.contains(
            "deadline in 22 h 0 min (1970-01-02 00:16 UTC), then the others may vote to kick them"
        ),
        "{s}"
    );
    t.ok("ann", "remind vacation 1d");
    let s = plain(&t.ok("bob", "game status"));
    assert!(
        s.contains("deadline in 2 d 0 h (1970-01-03 02:16 UTC)"),
        "{s}"
    );
    // After ann's turn, bob is the one waited for, since that moment.
    t.ok("ann", "move end");
    let s = plain(&t.ok("ann", "game status"));
    assert!(s.contains("- **bob**: waiting since now;"), "{s}");
    assert!(!s.contains("**ann**: waiting"), "{s}");
}

#[test]
fn a_unique_beginning_of_a_game_id_is_enough() {
    let ids = ["nepal", "nanga-parbat", "himalaya"];
    assert_eq!(match_game_id(&ids, "nan").unwrap(), "nanga-parbat");
    assert_eq!(match_game_id(&ids, "NEPAL").unwrap(), "nepal");
    assert_eq!(match_game_id(&ids, "h").unwrap(), "himalaya");
    let e = match_game_id(&ids, "n").unwrap_err();
    assert!(
        matches!(&e, CoreError::AmbiguousGame { candidates, .. } if candidates == &["nepal", "nanga-parbat"]),
        "{e:?}"
    );
    assert!(e.to_string().contains("`nepal` or `nanga-parbat`"), "{e}");
    assert!(match_game_id(&ids, "chess")
        .unwrap_err()
        .to_string()
        .contains("games: nepal, nanga-parbat, himalaya"));
    // Through the commands.
    let t = chat();
    t.ok("ann", "game new co");
    assert!(t.ok("ann", "rules c turn")[0]
        .text
        .contains("rulebook: Test"));
}

#[test]
fn errors_are_typed_and_name_commands_for_each_front_end() {
    let t = T::started(&["ann", "bob"]);
    let r = t.say("ann", "move");
    assert!(!r[0].is_error, "`move` alone lists the legal steps");
    let r = t.say("ann", "undo maybe");
    assert!(r[0].is_error);
    let cmds: Vec<&str> = r[0].text.commands().iter().map(|c| c.path).collect();
    assert!(cmds.contains(&"undo"), "{:?}", r[0].text);
    assert!(
        r[0].text.contains("`accept`, `reject` or nothing"),
        "{}",
        r[0].text
    );
    let e = t.err("cy", "game leave");
    assert!(
        e.contains("`game resign`") || e.contains("not joined"),
        "{e}"
    );
    assert!(t.err("ann", "game status now").contains("not `now`"));
}

#[test]
fn help_comes_from_the_command_table() {
    let t = chat();
    let all = t.ok("ann", "help")[0].text.to_string();
    for c in table::COMMANDS {
        assert!(all.contains(&format!("**`{}`**", c.name)), "{all}");
    }
    let h = t.ok("ann", "help game")[0].text.to_string();
    for s in table::find_path("game").unwrap().subcommands {
        assert!(h.contains(&format!("`{}", s.path)), "{h}");
    }
    assert!(t.ok("ann", "help undo")[0]
        .text
        .contains("`undo [accept|reject]`"));
    assert!(t.err("ann", "help fly").contains("no help"));
    // A sub-command named alone is the one command that has it.
    let kick = t.ok("ann", "help kick")[0].text.to_string();
    assert!(
        kick.contains("**`game kick`**") && kick.contains("Usage"),
        "{kick}"
    );
    let resign = t.ok("ann", "help resign")[0].text.to_string();
    assert!(resign.contains("**`game resign`**"), "{resign}");
}

#[test]
fn the_clock_is_the_injected_one() {
    let t = chat();
    t.clock.store(5_000, Ordering::SeqCst);
    let r = t.ok("ann", "remind vacation 1h");
    assert!(
        r[0].text
            .0
            .iter()
            .any(|s| matches!(s, Seg::Time { at: 8_600, .. })),
        "the vacation ends an hour after the injected now: {:?}",
        r[0].text
    );
}

// Issue 11, point 9: replies name commands in the platform's own syntax. The terminal
// (the plain rendering) writes `game join`, `undo accept`; nothing names a command as
// plain text, so Discord can write its slash form (checked in `discord::send`).
#[test]
fn replies_name_commands_as_references_for_each_front_end() {
    let t = T::started(&["ann", "bob"]);
    let help = t.ok("ann", "help")[0].text.clone();
    let paths: Vec<&str> = help.commands().iter().map(|c| c.path).collect();
    for c in table::COMMANDS {
        assert!(
            paths.contains(&c.path),
            "heading of {} is a reference",
            c.path
        );
    }
    let plain = help.to_string();
    assert!(
        plain.contains("`undo accept`") && plain.contains("`game join`"),
        "{plain}"
    );
    assert!(!plain.contains("`/"), "{plain}");
    for bad in ["fly", "help fly"] {
        let r = t.say("ann", bad);
        let r = r[0].text.clone();
        assert!(
            r.commands().iter().any(|c| c.path == "move"),
            "the command list is made of references: {r:?}"
        );
    }
    let r = t.say("ann", "remind dm maybe");
    assert!(r[0].is_error);
    let c = r[0].text.commands();
    assert!(
        c.iter()
            .any(|c| c.path == "remind" && c.args == vec!["dm".to_string(), "on".to_string()]),
        "{:?}",
        r[0].text
    );
    assert!(r[0].text.contains("`remind dm on`"), "{}", r[0].text);
}

/// Issue 17, `games`: a player's games in this server, the ones waiting for them first
/// (with channel, whose turn and since when), privately; `games all` lists every game in
/// the server, this channel's first. Games of other servers never show, nor (where the
/// platform has private channels) games in channels the asker may not see unless seated.
#[test]
fn games_lists_your_games_your_turn_first_and_all_lists_the_servers() {
    let t = T::started(&["ann", "bob"]); // c1: ann's turn since 1000
    t.clock.store(2_000, Ordering::SeqCst);
    for (u, text) in [("bob", "game new count"), ("ann", "game join")] {
        assert!(!t.chat.handle(&req_in(u, "g", "c2", text))[0].is_error);
    }
    assert!(!t.chat.handle(&req_in("bob", "g", "c2", "game start"))[0].is_error); // bob's turn
    t.clock.store(3_000, Ordering::SeqCst);
    // c3: bob opens, ann joins; after bob's first turn it is ann's.
    for (u, text) in [("bob", "game new count"), ("ann", "game join")] {
        assert!(!t.chat.handle(&req_in(u, "g", "c3", text))[0].is_error);
    }
    assert!(!t.chat.handle(&req_in("bob", "g", "c3", "game start"))[0].is_error);
    assert!(!t.chat.handle(&req_in("bob", "g", "c3", "move end"))[0].is_error); // ann's turn since 3000
    assert!(!t.chat.handle(&req_in("cy", "g", "c4", "game new count"))[0].is_error); // a lobby
    assert!(
        !t.chat
            .handle(&req_in("cy", "other", "c5", "game new count"))[0]
            .is_error
    );
    t.clock.store(3_600 + 1_000, Ordering::SeqCst);
    let syntax = Plain {
        utc_offset_min: 0,
        now: Some(3_600 + 1_000),
    };

    let r = t.chat.handle(&req_in("ann", "g", "c2", "games"));
    assert_eq!(r.len(), 1);
    assert_eq!(r[0].visibility, Visibility::Private("id-ann".into()));
    assert!(r[0].pings.is_empty());
    let s = r[0].text.render(&syntax);
    let lines: Vec<&str> = s.lines().collect();
    assert_eq!(lines[0], "Your games in this server (3):", "{s}");
    // ann's turn in c1 (since 1000) before c3 (since 3000); then c2, waiting for bob.
    assert_eq!(
        lines[1], "- **Count** #1 in #c1: **your turn** since 1 h 0 min ago.",
        "{s}"
    );
    assert_eq!(
        lines[2], "- **Count** #3 in #c3: **your turn** since 26 min ago.",
        "{s}"
    );
    assert_eq!(
        lines[3], "- **Count** #2 in #c2: waiting for **bob** since 43 min ago.",
        "{s}"
    );
    assert!(!s.contains("#c4") && !s.contains("#c5"), "{s}");
    let channels: Vec<&Seg> = r[0]
        .text
        .0
        .iter()
        .filter(|g| matches!(g, Seg::Channel(_)))
        .collect();
    assert_eq!(
        channels.len(),
        3,
        "channels are segments (Discord links them)"
    );

    let s = t.chat.handle(&req_in("ann", "g", "c2", "games all"))[0]
        .text
        .render(&syntax);
    let lines: Vec<&str> = s.lines().collect();
    assert_eq!(lines[0], "Games in this server (4):", "{s}");
    assert!(lines[1].contains("#c2"), "this channel's game first: {s}");
    assert!(
        s.contains("- **Count** #4 in #c4: waiting to start, 1 seated (cy)."),
        "{s}"
    );
    assert!(!s.contains("#c5"), "another server's game: {s}");

    let s = t.chat.handle(&req_in("dan", "g", "c2", "games"))[0]
        .text
        .render(&syntax);
    assert!(s.starts_with("You have no game in this server."), "{s}");
    let e = t.err("ann", "games mine");
    assert!(e.contains("`games` takes") && e.contains("all"), "{e}");

    // Private channels: dan, seated nowhere and seeing only c2 and c4, is shown the
    // games of the channels he may see (c2, asked in; c4) and none of c1 or c3.
    let mut r = req_in("dan", "g", "c2", "games all");
    r.visible_channels = Some(["c4".to_string()].into());
    let s = t.chat.handle(&r)[0].text.render(&syntax);
    assert!(s.starts_with("Games in this server (2):"), "{s}");
    assert!(s.contains("#c2") && s.contains("#c4"), "{s}");
    assert!(!s.contains("#c1") && !s.contains("#c3"), "{s}");
    // ann sees no other channel but is seated in c1 and c3: her own games stay listed.
    let mut r = req_in("ann", "g", "c2", "games all");
    r.visible_channels = Some(Default::default());
    let s = t.chat.handle(&r)[0].text.render(&syntax);
    assert!(s.starts_with("Games in this server (3):"), "{s}");
    assert!(
        !s.contains("#c4"),
        "cy's lobby in a channel ann may not see: {s}"
    );
}

/// Issue 17, digest: a player's daily digest lists exactly the games of that server
/// waiting for them (longest wait first, as `games` shows them), names the channel of the
/// longest wait, and is `None` when nothing waits for them.
#[test]
fn digest_lists_only_this_servers_games_waiting_for_the_player() {
    let t = T::started(&["ann", "bob"]); // c1: ann's turn since 1000
    t.clock.store(2_000, Ordering::SeqCst);
    for (u, text) in [
        ("bob", "game new count"),
        ("ann", "game join"),
        ("bob", "game start"),
    ] {
        assert!(!t.chat.handle(&req_in(u, "g", "c2", text))[0].is_error); // bob's turn
    }
    for (u, text) in [
        ("ann", "game new count"),
        ("bob", "game join"),
        ("ann", "game start"),
    ] {
        assert!(!t.chat.handle(&req_in(u, "other", "c5", text))[0].is_error); // ann's turn
    }
    t.clock.store(4_600, Ordering::SeqCst);
    let syntax = Plain {
        utc_offset_min: 0,
        now: Some(4_600),
    };
    let d = t
        .chat
        .digest("discord", Some("g"), "id-ann")
        .unwrap()
        .expect("a game waits for ann");
    assert_eq!((d.games, d.channel.as_str()), (1, "c1"));
    let s = d.text.render(&syntax);
    let lines: Vec<&str> = s.lines().collect();
    assert_eq!(
        lines[0], "@ann, your daily digest: 1 game in this server waits for you:",
        "{s}"
    );
    assert_eq!(
        lines[1], "- **Count** #1 in #c1: **your turn** since 1 h 0 min ago.",
        "{s}"
    );
    assert!(!s.contains("#c2") && !s.contains("#c5"), "{s}");
    assert_eq!(d.text.mentions(), vec!["id-ann"]);
    assert_eq!(d.channel_text, d.text, "one game, in the digest's channel");
    let bob = t
        .chat
        .digest("discord", Some("g"), "id-bob")
        .unwrap()
        .unwrap();
    assert_eq!((bob.games, bob.channel.as_str()), (1, "c2"));
    let other = t
        .chat
        .digest("discord", Some("other"), "id-ann")
        .unwrap()
        .unwrap();
    assert_eq!(other.channel, "c5");
    assert_eq!(t.chat.digest("discord", Some("g"), "id-cy").unwrap(), None);
    // Once ann has played, nothing in this server waits for her: no digest.
    t.ok("ann", "move end");
    assert_eq!(t.chat.digest("discord", Some("g"), "id-ann").unwrap(), None);
    assert_eq!(
        t.chat
            .digest("discord", Some("g"), "id-bob")
            .unwrap()
            .map(|d| d.games),
        Some(2)
    );
    // Posted in a channel (DMs closed), bob's digest lists only that channel's game and
    // counts the other: everyone there reads it.
    let bob = t
        .chat
        .digest("discord", Some("g"), "id-bob")
        .unwrap()
        .unwrap();
    assert_eq!(bob.channel, "c2");
    let dm = bob.text.render(&syntax);
    assert!(dm.contains("#c1") && dm.contains("#c2"), "{dm}");
    let public = bob.channel_text.render(&syntax);
    assert!(
        public.contains("#c2") && !public.contains("#c1"),
        "{public}"
    );
    assert!(
        public.contains("…and 1 in other channels; `games` lists them"),
        "{public}"
    );
}

/// Issue 35: `games all` when the platform could not say which channels the asker may see
/// never says that no game runs: it says the list is incomplete and why, only when a game
/// was left out for it.
#[test]
fn games_all_says_the_list_is_incomplete_when_channels_could_not_be_checked() {
    let t = chat();
    t.ok("ann", "game new count");
    let unchecked = |user: &str| {
        let mut r = req_in(user, "g", "c2", "games all");
        r.visible_channels = Some(["c2".to_string()].into());
        r.visible_channels_unknown = true;
        t.chat.handle(&r)[0].text.to_string()
    };
    let s = unchecked("bob");
    assert!(!s.contains("No game is running"), "{s}");
    assert!(
        s.starts_with("No game can be listed yet (the list is incomplete):"),
        "{s}"
    );
    assert!(
        s.contains("Not listed: games in other channels where you have no seat")
            && s.contains("Try again in a moment."),
        "{s}"
    );
    // ann is seated in c1's game: listed, and nothing was left out.
    let s = unchecked("ann");
    assert!(s.starts_with("Games in this server (1):"), "{s}");
    assert!(!s.contains("incomplete"), "{s}");
    let mut r = req_in("cy", "g", "c2", "games all");
    r.place.channel = "c1".into();
    r.visible_channels = Some(["c1".to_string()].into());
    r.visible_channels_unknown = true;
    let s = t.chat.handle(&r)[0].text.to_string();
    assert!(
        s.starts_with("Games in this server (1):"),
        "its own channel's game: {s}"
    );
}
