//! Properties over every registered game, through the chat layer:
//! - no public reply (or another player's private reply) contains a seat's private data,
//!   and no reply reveals the seed while the game runs;
//! - adversarial input never panics, always gets an error saying what is accepted,
//!   changes nothing, and never carries a mass mention;
//! - concurrent requests never interleave: the log is a serial history.

use sherpa::chat::{Chat, Env, OnceHooks, Place, Reply, Request, User, Visibility};
use sherpa::engine::{GameRng, Status};
use sherpa::games::Registry;
use sherpa::store::Store;
use std::sync::Arc;

/// A distinctive seed, so that its decimal form would stand out in any text.
const SEED: u64 = 0x5EC2_E7DE_ADBE_EF42;

fn chat() -> Chat {
    chat_on(Store::open_in_memory().unwrap())
}

fn chat_on(store: Store) -> Chat {
    Chat::new(
        store,
        Registry::builtin(),
        Env {
            now: Box::new(|| 1_000),
            seed: Box::new(|| SEED),
            rate_limit: false,
        },
    )
}

fn place() -> Place {
    Place {
        platform: "discord".into(),
        guild: Some("g".into()),
        channel: "c".into(),
    }
}

fn req(user: usize, text: &str) -> Request {
    Request {
        place: place(),
        user: User {
            id: format!("{}", 9000 + user),
            name: format!("p{user}"),
            is_channel_admin: false,
        },
        text: text.into(),
        request_id: None,
        expected_version: None,
        visible_channels: None,
        visible_channels_unknown: false,
        direct_message: false,
        mentioned: vec![],
        pick: None,
    }
}

fn start(chat: &Chat, game: &str, players: usize) {
    start_with(chat, game, players, "")
}

fn start_with(chat: &Chat, game: &str, players: usize, options: &str) {
    assert!(!chat.handle(&req(0, &format!("game new {game} {options}")))[0].is_error);
    for p in 1..players {
        assert!(!chat.handle(&req(p, "game join"))[0].is_error);
    }
    let r = chat.handle(&req(0, "game start"));
    assert!(!r[0].is_error, "{}", r[0].text);
}

fn version(chat: &Chat) -> serde_json::Value {
    chat.status_json(&place())["version"].clone()
}

/// The games [`no_reply_leaks_private_data_or_the_seed`] covers, one test each (so the
/// test runner spreads them over its threads).
const LEAK_TESTED: [&str; 5] = ["nepal", "himalaya", "nanga-parbat", "nippon", "peloria"];

#[test]
fn every_game_has_its_leak_test() {
    let mut ids: Vec<&str> = Registry::builtin().all().iter().map(|k| k.id()).collect();
    ids.sort();
    let mut tested = LEAK_TESTED.to_vec();
    tested.sort();
    assert_eq!(
        ids, tested,
        "add a `no_reply_leaks_…` test for each new game"
    );
}

#[test]
fn no_reply_leaks_private_data_or_the_seed_nepal() {
    no_reply_leaks_private_data_or_the_seed("nepal");
}

#[test]
fn no_reply_leaks_private_data_or_the_seed_himalaya() {
    no_reply_leaks_private_data_or_the_seed("himalaya");
}

#[test]
fn no_reply_leaks_private_data_or_the_seed_nanga_parbat() {
    no_reply_leaks_private_data_or_the_seed("nanga-parbat");
}

#[test]
fn no_reply_leaks_private_data_or_the_seed_nippon() {
    no_reply_leaks_private_data_or_the_seed("nippon");
}

#[test]
fn no_reply_leaks_private_data_or_the_seed_peloria() {
    no_reply_leaks_private_data_or_the_seed("peloria");
}

/// Random games of `game` through the chat, every player count, default options and every
/// option on: no reply shows a seat's private markers to anyone else, or the seed before
/// the end.
fn no_reply_leaks_private_data_or_the_seed(game: &str) {
    let reg = Registry::builtin();
    let kind = reg.get(game).expect("a registered game");
    // Default options, and every option at its last (non-default) value.
    let all_on: sherpa::engine::Options = kind
        .options()
        .iter()
        .map(|o| (o.key.to_string(), o.values.last().unwrap().to_string()))
        .collect();
    let all_on_text: String = all_on.iter().map(|(k, v)| format!("{k}={v} ")).collect();
    for (players, run) in
        (kind.min_players()..=kind.max_players()).flat_map(|p| (0..4).map(move |r| (p, r)))
    {
        let (options, options_text) = if run % 2 == 0 {
            (Default::default(), String::new())
        } else {
            (all_on.clone(), all_on_text.clone())
        };
        let chat = chat();
        start_with(&chat, kind.id(), players, &options_text);
        let names: Vec<String> = (0..players).map(|p| format!("p{p}")).collect();
        let mut g = kind.setup(&names, &options, SEED).unwrap();
        // Same deal every run (same seed), different choices.
        let mut pick = GameRng::new(players as u64 * 100 + run);
        let seed_text = SEED.to_string();
        for n in 0..600 {
            let Status::Acting(a) = g.status() else { break };
            let seat = a[pick.below(a.len())];
            let legal = g.legal(seat);
            let step = legal[pick.below(legal.len())].notation.clone();
            let before: Vec<Vec<String>> = (0..players).map(|s| g.private_markers(s)).collect();
            g.play(seat, &step).unwrap();
            let after: Vec<Vec<String>> = (0..players).map(|s| g.private_markers(s)).collect();
            let mut replies = chat.handle(&req(seat, &format!("move {step}")));
            assert!(
                !replies[0].is_error,
                "{}: `{step}` refused: {}",
                kind.id(),
                replies[0].text
            );
            if n % 25 == 0 {
                replies.extend(chat.handle(&req(players + 1, "board")));
                replies.extend(chat.handle(&req(players + 1, "game history 50")));
                replies.extend(chat.handle(&req(players + 1, "game status")));
            }
            for r in &replies {
                let reader = match &r.visibility {
                    Visibility::Public => None,
                    Visibility::Private(u) => u.parse::<usize>().ok().map(|id| id - 9000),
                };
                if !g.status().is_finished() {
                    assert!(
                        !r.text.contains(&seed_text),
                        "{}: a reply shows the seed",
                        kind.id()
                    );
                }
                for owner in 0..players {
                    if reader == Some(owner) {
                        continue;
                    }
                    for m in before[owner].iter().chain(&after[owner]) {
                        assert!(
                            !r.text.contains(m.as_str()),
                            "{}: a reply for {reader:?} shows seat {owner}'s `{m}`: {}",
                            kind.id(),
                            r.text
                        );
                    }
                }
            }
        }
    }
}

fn adversarial(rng: &mut GameRng) -> String {
    const PIECES: &[&str] = &[
        "@everyone",
        "@here",
        "<@123>",
        "<@&456>",
        "'; DROP TABLE games; --",
        "\u{0}",
        "\u{7}",
        "\u{202e}",
        "Kаthmandu",
        "ＫＡＴＨＭＡＮＤＵ",
        "🏔️",
        "move",
        "grow",
        "end",
        ";",
        ";;",
        "=",
        "==",
        "a=b",
        "\n",
        "\t",
        "%s",
        "{}",
        "\\",
        "`",
        "**",
        "||",
        "999999999999999999999",
        "-1",
        "0",
        "nan",
        "Kathmandu",
        "k",
        "z",
        " ",
    ];
    let n = 1 + rng.below(8);
    let mut s: String = (0..n)
        .map(|_| PIECES[rng.below(PIECES.len())])
        .collect::<Vec<_>>()
        .join(if rng.below(2) == 0 { " " } else { "" });
    if rng.below(20) == 0 {
        s = s.repeat(500);
    }
    s
}

#[test]
fn adversarial_input_never_panics_changes_nothing_and_never_mass_mentions() {
    for kind in Registry::builtin().all() {
        let chat = chat();
        start(&chat, kind.id(), kind.min_players());
        let mut rng = GameRng::new(3);
        for _ in 0..150 {
            let junk = adversarial(&mut rng);
            for text in [
                format!("move {junk}"),
                format!("game new {} {junk}", kind.id()),
                format!("game {junk}"),
                format!("rules {} {junk}", kind.id()),
                format!("game kick {junk}"),
                format!("undo {junk}"),
                format!("board {junk}"),
                format!("help {junk}"),
                junk.clone(),
            ] {
                for user in [0, 1, 77] {
                    // Junk may happen to be a legal step (e.g. `move end`): compare each
                    // refused command with the version just before it.
                    let v = version(&chat);
                    let replies: Vec<Reply> = chat.handle(&req(user, &text));
                    for r in &replies {
                        assert!(
                            !r.text.contains("@everyone") && !r.text.contains("@here"),
                            "mass mention echoed: {}",
                            r.text
                        );
                        for p in &r.pings {
                            assert!(
                                p.parse::<usize>()
                                    .map(|id| (9000..9010).contains(&id))
                                    .unwrap_or(false),
                                "ping of a non-player {p}"
                            );
                        }
                    }
                    if replies[0].is_error {
                        assert!(replies[0].text.len() > 10 && replies[0].text.len() < 4000);
                        assert_eq!(
                            version(&chat),
                            v,
                            "a refused command changed the game: `{text}`"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn concurrent_requests_never_interleave() {
    concurrent_requests_never_interleave_on(&|| Store::open_in_memory().unwrap());
}

/// The same on PostgreSQL (a fresh database of the test cluster per game).
#[test]
fn concurrent_requests_never_interleave_on_postgres() {
    concurrent_requests_never_interleave_on(&|| {
        Store::connect_postgres(&sherpa::store::pg_cluster::test_database()).unwrap()
    });
}

fn concurrent_requests_never_interleave_on(new_store: &dyn Fn() -> Store) {
    for kind in Registry::builtin().all() {
        let chat = Arc::new(chat_on(new_store()));
        let players = kind.min_players();
        start(&chat, kind.id(), players);
        let mut threads = Vec::new();
        for t in 0..4 {
            let chat = chat.clone();
            threads.push(std::thread::spawn(move || {
                for i in 0..30 {
                    // Everyone tries their first legal step at once.
                    for seat in 0..players {
                        let s = chat.suggest_steps(&place(), &format!("{}", 9000 + seat), "", 25);
                        if let Some(step) = s.get((t + i) % s.len().max(1)) {
                            let _ = chat.handle(&req(seat, &format!("move {}", step.notation)));
                        }
                    }
                }
            }));
        }
        for t in threads {
            t.join().expect("no panic under concurrency");
        }
        // The stored state equals a serial replay of the log.
        chat.verify(1).unwrap();
        let file = chat.export(1).unwrap();
        assert!(!file.actions.is_empty());
    }
}

/// Two processes (two Chats on one database file) handle a step for the same game at the
/// same moment: exactly one is applied, the other is told the game moved on.
#[test]
fn simultaneous_requests_one_applies_the_other_is_told_the_game_moved_on() {
    for kind in Registry::builtin().all() {
        let dir =
            std::env::temp_dir().join(format!("sherpa-race-{}-{}", std::process::id(), kind.id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let db = dir.join("g.db");
        simultaneous_requests_on(*kind, &|| Store::open(&db).unwrap());
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// The same with two processes over one PostgreSQL database.
#[test]
fn simultaneous_requests_on_postgres_one_applies_the_other_is_told_the_game_moved_on() {
    for kind in Registry::builtin().all() {
        let url = sherpa::store::pg_cluster::test_database();
        simultaneous_requests_on(*kind, &|| Store::connect_postgres(&url).unwrap());
    }
}

fn simultaneous_requests_on(kind: &dyn sherpa::engine::GameKind, open_store: &dyn Fn() -> Store) {
    {
        let open = || {
            Chat::new(
                open_store(),
                Registry::builtin(),
                Env {
                    now: Box::new(|| 1_000),
                    seed: Box::new(|| SEED),
                    rate_limit: false,
                },
            )
        };
        let mut a = open();
        start(&a, kind.id(), kind.min_players());
        let b = Arc::new(open());
        // Find a seat that must act and two of its legal steps.
        let status = a.status_json(&place());
        let acting = status["acting"][0]
            .as_str()
            .unwrap()
            .trim_start_matches('p')
            .parse::<usize>()
            .unwrap();
        let steps = a.suggest_steps(&place(), &format!("{}", 9000 + acting), "", 25);
        let (first, second) = (
            steps[0].notation.clone(),
            steps[steps.len() - 1].notation.clone(),
        );
        let b2 = b.clone();
        let second2 = second.clone();
        let other: Arc<std::sync::Mutex<Vec<Reply>>> = Arc::default();
        let other2 = other.clone();
        a.set_hooks(Arc::new(OnceHooks::before_commit(Box::new(move || {
            *other2.lock().unwrap() = b2.handle(&req(acting, &format!("move {second2}")));
        }))));
        let mine = a.handle(&req(acting, &format!("move {first}")));
        let theirs = other.lock().unwrap().clone();
        assert!(
            !theirs[0].is_error,
            "the request that committed first is applied: {}",
            theirs[0].text
        );
        assert!(
            mine[0].is_error && mine[0].text.contains("moved on"),
            "the later one is told the game moved on: {}",
            mine[0].text
        );
        let file = a.export(1).unwrap();
        let logged: Vec<&str> = file.actions.iter().map(|x| x.step.as_str()).collect();
        assert_eq!(
            logged,
            vec![second.as_str()],
            "only the first committed step is in the log"
        );
        a.verify(1).unwrap();
    }
}

/// One interaction reaching two processes (two Chats on one database, as two fleets
/// overlapping during a deploy) is applied once and answered the same way by both, in
/// every order: after the first finished, and when the second commits while the first is
/// about to (the first then loses its commit); for a move (replies in the outbox) and for a
/// lobby join (replies saved with the request id).
#[test]
fn a_repeated_request_is_answered_like_the_first_in_every_order() {
    let dir = std::env::temp_dir().join(format!("sherpa-repeat-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("g.db");
    repeated_request_on(&|| Store::open(&db).unwrap());
    let _ = std::fs::remove_dir_all(&dir);
}

/// The same with two processes over one PostgreSQL database.
#[test]
fn a_repeated_request_is_answered_like_the_first_in_every_order_on_postgres() {
    let url = sherpa::store::pg_cluster::test_database();
    repeated_request_on(&|| Store::connect_postgres(&url).unwrap());
}

/// What a player sees of replies: everything but the outbox row ids and the images.
fn seen(replies: &[Reply]) -> Vec<String> {
    replies
        .iter()
        .map(|r| serde_json::to_string(r).unwrap())
        .collect()
}

fn repeated_request_on(open_store: &dyn Fn() -> Store) {
    let mut a = chat_on(open_store());
    start(&a, "nepal", 3);
    let b = Arc::new(chat_on(open_store()));
    let with_id = |seat: usize, text: &str, id: &str| Request {
        request_id: Some(id.into()),
        ..req(seat, text)
    };
    let next_move = |c: &Chat| {
        let status = c.status_json(&place());
        let seat = status["acting"][0].as_str().unwrap()[1..]
            .parse::<usize>()
            .unwrap();
        let steps = c.suggest_steps(&place(), &format!("{}", 9000 + seat), "", 25);
        (seat, format!("move {}", steps[0].notation))
    };
    // One after the other, on the other process and on the same one.
    let (seat, text) = next_move(&a);
    let first = a.handle(&with_id(seat, &text, "i1"));
    assert!(!first[0].is_error, "{}", first[0].text);
    assert_eq!(seen(&b.handle(&with_id(seat, &text, "i1"))), seen(&first));
    assert_eq!(seen(&a.handle(&with_id(seat, &text, "i1"))), seen(&first));
    // The second process commits while the first is about to: the first loses its commit
    // and answers with the second's replies.
    let (seat, text) = next_move(&a);
    let theirs: Arc<std::sync::Mutex<Vec<Reply>>> = Arc::default();
    let (b2, theirs2, text2) = (b.clone(), theirs.clone(), text.clone());
    a.set_hooks(Arc::new(OnceHooks::before_commit(Box::new(move || {
        *theirs2.lock().unwrap() = b2.handle(&with_id(seat, &text2, "i2"));
    }))));
    let mine = a.handle(&with_id(seat, &text, "i2"));
    let theirs = theirs.lock().unwrap().clone();
    assert!(!theirs[0].is_error, "{}", theirs[0].text);
    assert_eq!(seen(&mine), seen(&theirs));
    assert_eq!(
        a.export(1).unwrap().actions.len(),
        2,
        "each request applied once"
    );
    // A lobby join (no outbox replies): the saved answer.
    let mut open_game = with_id(0, "game new nepal", "i3");
    open_game.place.channel = "c2".into();
    assert!(!a.handle(&open_game)[0].is_error);
    let mut join = with_id(1, "game join", "i4");
    join.place.channel = "c2".into();
    let joined = b.handle(&join);
    assert!(!joined[0].is_error, "{}", joined[0].text);
    assert_eq!(seen(&a.handle(&join)), seen(&joined));
    assert_eq!(seen(&b.handle(&open_game)), seen(&a.handle(&open_game)));
}

/// Random and adversarial config texts never panic; each error names a key or the line.
#[test]
fn adversarial_config_never_panics_and_errors_say_where() {
    use sherpa::config::Config;
    let base = "token = \"abc\"\ndatabase = \"x.db\"\nlog_level = \"info\"\n[reminders]\nfirst_after = \"12h\"\ninterval = \"24h\"\nmax = 3\nquiet_hours_default = \"off\"\n";
    assert!(Config::from_toml(base, None, None).is_ok());
    let values = [
        "\"\"",
        "\"-1h\"",
        "-1",
        "99999999999999999999",
        "\"25:00-26:00\"",
        "\"@everyone\"",
        "true",
        "[1,2]",
        "{a=1}",
        "\"12x\"",
        "\"\u{0}\"",
        "\"0s\"",
        "\"1d12h\"",
    ];
    let keys = [
        "token",
        "database",
        "log_level",
        "dev_guild",
        "api_base",
        "reminders.first_after",
        "reminders.interval",
        "reminders.max",
        "reminders.quiet_hours_default",
        "reminders.dm",
        "reminders.check_every",
        "bogus",
        "reminders.bogus",
    ];
    let mut rng = GameRng::new(5);
    for _ in 0..500 {
        let key = keys[rng.below(keys.len())];
        let value = values[rng.below(values.len())];
        let text = match key.split_once('.') {
            Some((table, k)) => format!("token = \"abc\"\n[{table}]\n{k} = {value}\n"),
            None => format!("{key} = {value}\n"),
        };
        match Config::from_toml(&text, None, None) {
            Ok(_) => {}
            Err(e) => {
                let msg = e.to_string();
                let short = key.rsplit('.').next().unwrap();
                assert!(
                    msg.contains(short) || msg.contains("line") || msg.contains("token"),
                    "error does not say where: {msg} (for `{text}`)"
                );
            }
        }
    }
    // Plain junk.
    for junk in ["\u{0}\u{1}", "[[[", "token = ", "= 3", &"x".repeat(100_000)] {
        assert!(Config::from_toml(junk, None, None).is_err());
    }
}
