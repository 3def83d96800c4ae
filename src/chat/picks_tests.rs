//! Picks through the chat core on Nanga Parbat and Nepal: a pick plays exactly as the typed
//! step, a stale, foreign or replayed pick plays nothing more, `game since` tells what
//! happened since the asker's last step.

use crate::chat::menus::{Pick, Resolved};
use crate::chat::*;
use crate::games::Registry;
use crate::store::Store;

fn chat() -> Chat {
    let env = Env {
        now: Box::new(|| 1_000),
        seed: Box::new(|| 42),
        rate_limit: false,
    };
    Chat::new(Store::open_in_memory().unwrap(), Registry::builtin(), env)
}

fn req(user: &str, text: &str) -> Request {
    let place = Place {
        platform: "discord".into(),
        guild: Some("g".into()),
        channel: "c1".into(),
    };
    let user = User {
        id: format!("id-{user}"),
        name: user.into(),
        is_channel_admin: false,
    };
    Request::new(place, user, text)
}

fn ok(c: &Chat, user: &str, text: &str) -> Vec<Reply> {
    let r = c.handle(&req(user, text));
    assert!(
        !r.iter().any(|r| r.is_error),
        "`{text}` failed: {}",
        r[0].text
    );
    r
}

/// A chat with a started game of `kind` for `players`.
fn started(kind: &str, players: &[&str]) -> Chat {
    let c = chat();
    ok(&c, players[0], &format!("game new {kind}"));
    for p in &players[1..] {
        ok(&c, p, "game join");
    }
    ok(&c, players[0], "game start");
    c
}

/// Who acts now (the first acting player's name).
fn acting(c: &Chat, players: &[&str]) -> String {
    let l = c.load_active(&req(players[0], "").place).unwrap();
    let g = l.game.unwrap();
    let s = g.status().acting()[0];
    l.seats[s].name.clone()
}

/// The pick request of `user` for the component `id` (and menu `value`), with a request id.
fn pick_req(user: &str, id: &str, value: Option<&str>, request_id: &str) -> Request {
    let mut r = req(user, "move");
    r.pick = Some(Pick::parse(id, value).expect("a pick id"));
    r.request_id = Some(request_id.into());
    r
}

/// The first component of `user`'s `move` answer that plays a step: its id, value and step.
fn first_play(c: &Chat, user: &str) -> (String, Option<String>, String) {
    let r = ok(c, user, "move");
    assert_eq!(r.len(), 1);
    assert_eq!(r[0].visibility, Visibility::Private(format!("id-{user}")));
    let comps = &r[0].components;
    assert!(
        !comps.taps.is_empty() || !comps.menus.is_empty(),
        "move shows components"
    );
    let l = c.load_active(&req(user, "").place).unwrap();
    let g = l.game.unwrap();
    let seat = core::seat_of(&l.seats, &format!("id-{user}")).unwrap();
    let legal = g.legal(seat);
    let candidates =
        comps
            .taps
            .iter()
            .map(|t| (t.id.clone(), None))
            .chain(comps.menus.iter().flat_map(|m| {
                m.options
                    .iter()
                    .map(|o| (m.id.clone(), Some(o.value.clone())))
            }));
    for (id, value) in candidates {
        let p = Pick::parse(&id, value.as_deref()).unwrap();
        if let Some(Resolved::Play(step)) = p.target.resolve(&legal) {
            return (id, value, step);
        }
    }
    panic!("no component plays a step");
}

fn public_texts(r: &[Reply]) -> Vec<String> {
    r.iter()
        .filter(|r| r.visibility == Visibility::Public)
        .map(|r| r.text.to_string())
        .collect()
}

fn actions(c: &Chat) -> usize {
    let l = c.load_active(&req("x", "").place).unwrap();
    c.lock().store.log().actions(l.row.id).unwrap().len()
}

#[test]
fn a_pick_plays_exactly_as_the_typed_step_and_shows_the_next_steps() {
    let players = ["ann", "bob"];
    let (a, b) = (
        started("nanga-parbat", &players),
        started("nanga-parbat", &players),
    );
    let who = acting(&a, &players);
    let (id, value, step) = first_play(&a, &who);
    let picked = a.handle(&pick_req(&who, &id, value.as_deref(), "i1"));
    let typed = ok(&b, &who, &format!("move {step}"));
    assert_eq!(public_texts(&picked), public_texts(&typed));
    assert!(!public_texts(&picked).is_empty());
    assert_eq!(actions(&a), actions(&b));
    assert_eq!(actions(&a), 1);
}

#[test]
fn a_stale_pick_says_what_changed_and_plays_nothing() {
    let players = ["ann", "bob"];
    let c = started("nanga-parbat", &players);
    let who = acting(&c, &players);
    let (id, value, step) = first_play(&c, &who);
    ok(&c, &who, &format!("move {step}"));
    let n = actions(&c);
    let r = c.handle(&pick_req(&who, &id, value.as_deref(), "i2"));
    assert!(r[0].is_error);
    let text = r[0].text.to_string();
    assert!(
        text.contains(&format!("since then **{who}**: `{step}`")),
        "{text}"
    );
    assert!(text.contains("nothing was played"), "{text}");
    assert_eq!(actions(&c), n);
}

#[test]
fn a_foreign_pick_is_refused_privately_and_plays_nothing() {
    let players = ["ann", "bob"];
    let c = started("nanga-parbat", &players);
    let who = acting(&c, &players);
    let other = players.iter().find(|p| **p != who).unwrap();
    let (id, value, _) = first_play(&c, &who);
    let r = c.handle(&pick_req(other, &id, value.as_deref(), "i3"));
    assert_eq!(r.len(), 1);
    assert!(r[0].is_error);
    assert_eq!(r[0].visibility, Visibility::Private(format!("id-{other}")));
    assert!(r[0].text.to_string().contains("another player"));
    assert_eq!(actions(&c), 0);
}

#[test]
fn a_replayed_pick_is_answered_again_and_played_once() {
    let players = ["ann", "bob"];
    let c = started("nanga-parbat", &players);
    let who = acting(&c, &players);
    let (id, value, _) = first_play(&c, &who);
    let first = c.handle(&pick_req(&who, &id, value.as_deref(), "i4"));
    let again = c.handle(&pick_req(&who, &id, value.as_deref(), "i4"));
    assert_eq!(actions(&c), 1);
    assert!(!again.iter().any(|r| r.is_error), "{}", again[0].text);
    assert_eq!(public_texts(&first), public_texts(&again));
}

#[test]
fn game_since_tells_the_others_steps_since_my_last_and_what_i_may_do() {
    let players = ["ann", "bob", "cy"];
    let c = started("nepal", &players);
    // Play until each player has played at least once and the first is to act again.
    let first = acting(&c, &players);
    let mut played: Vec<(String, String)> = Vec::new();
    for _ in 0..200 {
        let who = acting(&c, &players);
        if who == first && played.iter().any(|(p, _)| *p != first) {
            break;
        }
        let (_, _, step) = first_play(&c, &who);
        ok(&c, &who, &format!("move {step}"));
        played.push((who, step));
    }
    let r = ok(&c, &first, "game since");
    let text = r[0].text.to_string();
    assert_eq!(r[0].visibility, Visibility::Private(format!("id-{first}")));
    assert!(text.starts_with("Since your last step:"), "{text}");
    let last_own = played.iter().rposition(|(p, _)| *p == first).unwrap();
    for (p, _) in &played[last_own + 1..] {
        assert!(text.contains(&format!("**{p}**")), "{p} in {text}");
    }
    assert!(
        !text.contains(&format!("**{first}**:")),
        "not my own steps: {text}"
    );
    assert!(
        text.contains("It is your turn") || text.contains("Your next steps"),
        "{text}"
    );
    assert!(!r[0].components.menus.is_empty() || !r[0].components.taps.is_empty());
}

/// One reply as a transcript shows it: who sees it, its text, its buttons and components.
fn transcript(r: &Reply) -> String {
    let to = match &r.visibility {
        Visibility::Public => "#games".to_string(),
        Visibility::Private(u) => format!("({} only)", u.trim_start_matches("id-")),
    };
    let mut out = format!(
        "{to:<11}{}",
        r.text.to_string().replace('\n', "\n           ")
    );
    let mut row: Vec<String> = r.buttons.iter().map(|b| format!("[{}]", b.label)).collect();
    row.extend(r.components.taps.iter().map(|t| format!("[{}]", t.label)));
    row.extend(
        r.components
            .menus
            .iter()
            .map(|m| format!("[{} ▾ {} options]", m.placeholder, m.options.len())),
    );
    if !row.is_empty() {
        out.push_str(&format!("\n           {}", row.join(" ")));
    }
    out
}

/// Issue 50: a whole turn played by tapping, then the next player pinged with the public
/// catch-up of what happened since their last step (the transcript in README's Discord
/// section comes from this test's output: `--nocapture`).
#[test]
fn a_turn_by_tapping_pings_the_next_player_with_the_catch_up() {
    let players = ["ann", "bob", "cy"];
    let c = started("nepal", &players);
    let mut log = Vec::new();
    let mut ping = None;
    // Two rounds, every step picked from the menus (never typed).
    for n in 0..200 {
        let who = acting(&c, &players);
        let opened = ok(&c, &who, "move");
        let (id, value, _) = first_play(&c, &who);
        let r = c.handle(&pick_req(&who, &id, value.as_deref(), &format!("t{n}")));
        assert!(!r.iter().any(|r| r.is_error), "{}", r[0].text);
        if n < 8 {
            log.push(format!("({who} taps Move)\n{}", transcript(&opened[0])));
            log.extend(r.iter().map(transcript));
        }
        if let Some(p) = r.iter().find(|r| !r.pings.is_empty()) {
            if n > 3 {
                ping = Some(p.text.to_string());
                break;
            }
        }
    }
    eprintln!("{}", log.join("\n"));
    let ping = ping.expect("a player was pinged");
    let line = ping
        .lines()
        .find(|l| l.starts_with("Since **"))
        .unwrap_or_else(|| panic!("the ping carries the catch-up: {ping}"));
    assert!(line.ends_with("Your steps: **Move**, or `move`."), "{line}");
}

/// Play `kind` with random legal steps (and now and then an `undo`) for up to `steps`
/// steps, checking after each that the log length every seat's components number, counted
/// from the rows added since the last count, is the one the whole log gives.
fn check_log_counts(kind: &str, players: &[&str], steps: usize) -> (usize, bool) {
    use crate::chat::filter;
    use crate::chat::picks::header_for;
    let c = started(kind, players);
    let place = req(players[0], "").place;
    let mut rng = 0x2545_f491_4f6c_dd1du64;
    let mut next = |n: usize| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % n as u64) as usize
    };
    for played in 0..steps {
        let l = c.load_active_or_finished(&place).unwrap();
        let over = l.row.status == crate::store::GameStatus::Finished;
        let actions = c.lock().store.log().actions(l.row.id).unwrap();
        for (s, seat) in l.seats.iter().enumerate() {
            let now = c.header_now(&l.row, over, s, &seat.user_id).unwrap();
            let whole = header_for(l.row.version, (&actions, over), s, &seat.user_id);
            assert_eq!(now, whole, "{kind}, seat {s}, after {played} steps");
        }
        if over {
            return (played, true);
        }
        let g = l.game.unwrap();
        let acting = g.status().acting().to_vec();
        let seat = acting[next(acting.len())];
        let name = l.seats[seat].name.clone();
        let legal = filter::legal_list(&*g, seat);
        // An undo may be refused (a barrier, nothing of theirs to take back): then nothing
        // changed, and the counts must still agree.
        if next(6) == 0 {
            c.handle(&req(&name, "undo"));
        } else {
            ok(
                &c,
                &name,
                &format!("move {}", legal[next(legal.len())].notation),
            );
        }
    }
    (steps, false)
}

/// Issue 50: the components' ids number the log their player may see. Counted from the
/// new rows only (not the whole log at every answer), the number is the whole log's for
/// every seat: through another seat's secret drafting and its undos (Himalaya's
/// programs), and through the end of a game (Nanga Parbat).
#[test]
fn the_log_length_counted_from_new_rows_is_the_whole_logs_for_every_seat() {
    let (played, _) = check_log_counts("himalaya", &["ann", "bob", "cy"], 250);
    assert_eq!(played, 250);
    let (_, ended) = check_log_counts("nanga-parbat", &["ann", "bob"], 3_000);
    assert!(ended, "the Nanga Parbat game reached its end");
}
