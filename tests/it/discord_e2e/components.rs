//! Playing by components (buttons and select menus) only, and catching up.

use super::*;

/// A component of a bot message: a button (custom id, label) or a select menu (custom id,
/// its options' values).
#[derive(Clone, Debug)]
enum Comp {
    Button(String, String),
    Menu(String, Vec<String>),
}

fn comps(c: &fake_discord::Call) -> Vec<Comp> {
    let mut out = Vec::new();
    for row in c.message()["components"].as_array().into_iter().flatten() {
        for i in row["components"].as_array().into_iter().flatten() {
            let id = i["custom_id"].as_str().unwrap_or("").to_string();
            if i["type"] == 2 {
                out.push(Comp::Button(id, i["label"].as_str().unwrap_or("").into()));
            } else {
                let values = i["options"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|o| o["value"].as_str().map(str::to_string))
                    .collect();
                out.push(Comp::Menu(id, values));
            }
        }
    }
    out
}

/// A message only its player sees: ephemeral, or the update of the private message a
/// component was picked on (callback type 7).
fn is_private_answer(c: &fake_discord::Call) -> bool {
    c.is_ephemeral() || (c.path.ends_with("/callback") && c.json["type"] == 7)
}

/// The pick components (steps and menus, custom ids `p:…`) of a message.
fn picks_of(c: &fake_discord::Call) -> Vec<Comp> {
    comps(c)
        .into_iter()
        .filter(|x| match x {
            Comp::Button(id, _) | Comp::Menu(id, _) => id.starts_with("p:"),
        })
        .collect()
}

/// The newest public message carrying a **Move** button: the button's custom id and the
/// users the message pings.
fn latest_move_button(fake: &FakeDiscord) -> Option<(String, Vec<String>)> {
    fake.calls().iter().rev().find_map(|c| {
        if c.is_ephemeral() {
            return None;
        }
        comps(c).into_iter().find_map(|x| match x {
            Comp::Button(id, label) if label == "Move" => Some((id, c.allowed_users())),
            _ => None,
        })
    })
}

/// Use one component as `user` (a button press, or the option `value` of a menu) and wait
/// for the whole answer.
async fn use_comp(
    fake: &FakeDiscord,
    user: &FakeUser,
    comp: &Comp,
    value: &str,
) -> Vec<fake_discord::Call> {
    // A player tapping fast meets the rate limit as a typing one does: wait, tap again.
    for _ in 0..5 {
        let t = match comp {
            Comp::Button(id, _) => fake.press(user, id),
            Comp::Menu(id, _) => fake.select(user, id, value),
        };
        let msgs = answer(fake, &t).await;
        if !msgs
            .iter()
            .any(|m| m.content().contains("sending commands too fast"))
        {
            return msgs;
        }
        tokio::time::sleep(Duration::from_secs(3)).await;
    }
    panic!("still rate limited after waiting");
}

/// A tiny deterministic random walk over the components.
fn next_rand(state: &mut u64) -> usize {
    *state = state
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (*state >> 33) as usize
}

/// Play the game of the channel using only components: the pinged player presses the
/// newest **Move** button, then picks buttons and menu options (a menu that narrows leads
/// to the next) until the turn passes; `picks` component uses at most, stopping when the
/// game is over. Every message must keep Discord's limits and no answer may be an error.
/// Returns the number of component uses.
async fn play_by_components(
    fake: &FakeDiscord,
    players: &[&FakeUser],
    picks: usize,
    seed: u64,
) -> usize {
    let mut rng = seed;
    let mut pending: Option<(FakeUser, Vec<Comp>)> = None;
    let mut used = 0;
    while used < picks {
        if fake
            .calls()
            .iter()
            .any(|c| c.content().contains("The game is over"))
        {
            break;
        }
        let (user, options) = match pending.take() {
            Some(p) => p,
            None => {
                let (id, pinged) = latest_move_button(fake).expect("a Move button pings someone");
                // In a simultaneous phase some pinged players may be done already: the
                // first (from a random one on) whose Move opens steps plays.
                let who: Vec<&FakeUser> = players
                    .iter()
                    .copied()
                    .filter(|p| pinged.contains(&p.id))
                    .collect();
                assert!(
                    !who.is_empty(),
                    "the Move message pings a player: {pinged:?}"
                );
                let first = next_rand(&mut rng);
                let mut found = None;
                let mut said = Vec::new();
                for k in 0..who.len() {
                    let user = who[(first + k) % who.len()].clone();
                    let button = Comp::Button(id.clone(), "Move".into());
                    let msgs = use_comp(fake, &user, &button, "").await;
                    said.extend(msgs.iter().map(|m| m.json.to_string()));
                    if let Some(m) = msgs
                        .iter()
                        .find(|m| is_private_answer(m) && !picks_of(m).is_empty())
                    {
                        found = Some((user, picks_of(m)));
                        break;
                    }
                }
                found.unwrap_or_else(|| {
                    panic!("Move opens private steps for one of {pinged:?}: {said:?}")
                })
            }
        };
        // Steps that complete something now and then; menus otherwise.
        let menus: Vec<&Comp> = options
            .iter()
            .filter(|c| matches!(c, Comp::Menu(..)))
            .collect();
        let taps: Vec<&Comp> = options
            .iter()
            .filter(|c| matches!(c, Comp::Button(..)))
            .collect();
        let comp = if !taps.is_empty() && (menus.is_empty() || next_rand(&mut rng) % 4 == 0) {
            taps[next_rand(&mut rng) % taps.len()]
        } else {
            menus[next_rand(&mut rng) % menus.len()]
        };
        let value = match comp {
            Comp::Menu(_, values) => values[next_rand(&mut rng) % values.len()].clone(),
            Comp::Button(..) => String::new(),
        };
        let msgs = use_comp(fake, &user, comp, &value).await;
        used += 1;
        check_messages(&msgs);
        for m in &msgs {
            fake_discord::check_component_limits(m);
            assert!(
                !m.content().contains("nothing was played")
                    && !m.content().contains("earlier moment"),
                "a current pick is never refused: {}",
                m.content()
            );
        }
        pending = msgs
            .iter()
            .find(|m| is_private_answer(m) && !picks_of(m).is_empty())
            .map(|m| (user.clone(), picks_of(m)));
    }
    for c in fake.calls() {
        fake_discord::check_component_limits(&c);
    }
    used
}

/// `ann` opens the game whose name starts with `name`, the others join, `ann` starts it.
async fn start_game(fake: &FakeDiscord, commands: &Value, name: &str, players: &[&FakeUser]) {
    let choice = game_choice(commands, name);
    let t = fake.slash(
        players[0],
        &["game", "new"],
        json!([{"name": "game", "type": 4, "value": choice}]),
    );
    answer(fake, &t).await;
    for p in &players[1..] {
        let t = fake.slash(p, &["game", "join"], json!([]));
        answer(fake, &t).await;
    }
    let t = fake.slash(players[0], &["game", "start"], json!([]));
    answer(fake, &t).await;
}

/// Issue 50: a whole game of Nanga Parbat played from the start to its end by tapping only
/// (no typed step), every request within Discord's limits.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nanga_parbat_is_played_to_its_end_by_components_only() {
    let (fake, bot, db, commands) = started("components-nanga").await;
    let (ann, bob, _) = users();
    start_game(&fake, &commands, "Nanga", &[&ann, &bob]).await;
    play_by_components(&fake, &[&ann, &bob], 3000, 7).await;
    assert!(
        fake.calls()
            .iter()
            .any(|c| c.content().contains("The game is over")),
        "the game ended"
    );
    assert_eq!(
        db_count(&db, "SELECT COUNT(*) FROM games WHERE status = 'finished'"),
        1
    );
    assert!(db_count(&db, "SELECT COUNT(*) FROM actions") > 20);
    bot.stop().await;
}

/// Issue 50: the longer games, each played from the start by components only for a few
/// dozen steps (Himalaya's programs and every simultaneous choice privately).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_longer_games_are_played_for_dozens_of_steps_by_components_only() {
    let (fake, bot, db, commands) = started("components-long").await;
    let (ann, bob, cy) = users();
    let dee = FakeUser::new(3_000_000_000_000_000_004, "dee");
    let games: [(&str, Vec<&FakeUser>); 4] = [
        ("Nepal", vec![&ann, &bob, &cy]),
        ("Himalaya", vec![&ann, &bob, &cy]),
        ("Nippon", vec![&ann, &bob, &cy]),
        ("History", vec![&ann, &bob, &cy, &dee]),
    ];
    for (name, players) in games {
        start_game(&fake, &commands, name, &players).await;
        let before = db_count(&db, "SELECT COUNT(*) FROM actions");
        play_by_components(&fake, &players, 60, 11).await;
        let played = db_count(&db, "SELECT COUNT(*) FROM actions") - before;
        assert!(
            played >= 24,
            "{name}: only {played} steps played by components"
        );
        // The next game opens in the same channel: the admin-free way is every player's vote,
        // each after the rate limit's window (a player who just tapped a dozen menus may be
        // over it, and a refused vote would leave the game running).
        tokio::time::sleep(Duration::from_secs(sherpa::chat::RATE_LIMIT.1 as u64)).await;
        for p in &players {
            let t = fake.slash(p, &["game", "abort"], json!([]));
            answer(&fake, &t).await;
        }
        assert_eq!(
            db_count(
                &db,
                "SELECT COUNT(*) FROM games WHERE status IN ('running', 'lobby')"
            ),
            0,
            "{name} was aborted"
        );
    }
    bot.stop().await;
}
