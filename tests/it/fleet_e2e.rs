//! A fleet: two `sherpa run` processes over one PostgreSQL database (a throwaway cluster)
//! and the fake Discord, each owning half the gateway shards. Games in guilds of both
//! halves are played; then the fleet restarts with another shard count, which moves both
//! guilds to the other process, and the games go on to their scored end with nothing
//! lost; each due reminder is sent once by the whole fleet.

use crate::fake_discord;

use fake_discord::{FakeDiscord, FakeUser};
use serde_json::json;
use sherpa::store::Store;
use std::time::Duration;

/// Guild A is on shard 0 of 4 (the first process) and shard 1 of 3 (then the second);
/// guild B on shard 3 of 4 (second process) and shard 0 of 3 (then the first).
pub(crate) const GUILD_A: u64 = (4 << 22) | 1;
const GUILD_B: u64 = (3 << 22) | 1;
pub(crate) const CHANNEL_A: &str = "1000000000000000101";
const CHANNEL_B: &str = "1000000000000000102";

pub(crate) struct Proc(std::process::Child);

impl Proc {
    pub(crate) fn start(
        fake: &FakeDiscord,
        dir: &std::path::Path,
        url: &str,
        shards: &str,
        total: u32,
    ) -> Proc {
        Proc::start_with(fake, dir, url, shards, total, "")
    }

    /// As [`Proc::start`], with `extra` (TOML tables) at the end of the config file.
    pub(crate) fn start_with(
        fake: &FakeDiscord,
        dir: &std::path::Path,
        url: &str,
        shards: &str,
        total: u32,
        extra: &str,
    ) -> Proc {
        let cfg = dir.join(format!("config-{shards}-{total}.toml"));
        std::fs::write(
            &cfg,
            format!(
                "token = \"fake-token\"\ndatabase = \"{url}\"\napi_base = \"{}\"\nlog_level = \"warn\"\n\
                 [reminders]\nfirst_after = \"1h\"\ninterval = \"1h\"\nmax = 3\ncheck_every = \"1s\"\n{extra}",
                fake.api_base()
            ),
        )
        .unwrap();
        let child = std::process::Command::new(env!("CARGO_BIN_EXE_sherpa"))
            .args(["run", "--config"])
            .arg(&cfg)
            .args(["--shards", shards, "--total-shards", &total.to_string()])
            .env_remove("DISCORD_TOKEN")
            .env_remove("DATABASE_URL")
            .env_remove("SHERPA_DISCORD_API_BASE")
            .env("RUST_LOG", "sherpa=info,warn")
            .stdout(std::process::Stdio::null())
            .stderr(std::fs::File::create(dir.join(format!("log-{shards}-{total}.txt"))).unwrap())
            .spawn()
            .expect("start sherpa run");
        Proc(child)
    }

    /// SIGTERM, and wait (bounded) for a clean exit.
    pub(crate) fn stop(mut self) {
        let pid = self.0.id().to_string();
        assert!(std::process::Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .unwrap()
            .success());
        let t0 = std::time::Instant::now();
        while self.0.try_wait().unwrap().is_none() {
            if t0.elapsed() > Duration::from_secs(20) {
                self.0.kill().unwrap();
                panic!("sherpa run did not stop after SIGTERM");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Wait until `n` gateway sessions (shards) are identified.
pub(crate) async fn wait_sessions(fake: &FakeDiscord, n: usize) {
    fake.wait_for("the fleet's shards", Duration::from_secs(60), |_| {
        (fake.shard_sessions().len() >= n).then_some(())
    })
    .await;
    // Commands are registered after the first shard of a process is ready.
    tokio::time::sleep(Duration::from_millis(500)).await;
}

/// Exactly one answer (interaction callback) to `token`, from whichever process owns the
/// guild's shard: its text.
pub(crate) async fn one_answer(fake: &FakeDiscord, token: &str) -> String {
    let first = fake.response(token).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let n = fake
        .calls()
        .iter()
        .filter(|c| c.path.ends_with("/callback") && c.token().as_deref() == Some(token))
        .count();
    assert_eq!(n, 1, "one process answers an interaction");
    first.content()
}

/// Run `f` on a store connected to `url`, on a blocking thread (the store blocks).
pub(crate) async fn with_db<T: Send + 'static>(
    url: &str,
    f: impl FnOnce(&mut Store) -> T + Send + 'static,
) -> T {
    let url = url.to_string();
    tokio::task::spawn_blocking(move || f(&mut Store::connect_postgres(&url).unwrap()))
        .await
        .unwrap()
}

/// Play up to `moves` steps in the game of `place` (a step offered to the player the game
/// waits for: the first one, or a pseudo-random one from `seed` when given), stopping when
/// the game waits for nobody; returns how many were accepted.
pub(crate) async fn play(
    fake: &FakeDiscord,
    url: &str,
    place: (&str, &str),
    players: &[FakeUser],
    moves: usize,
    mut seed: Option<u64>,
) -> usize {
    let mut played = 0;
    for _ in 0..moves {
        let channel = place.1.to_string();
        let waiting = with_db(url, move |db| {
            // A finished game is no longer active: nobody to wait for.
            let game = db.log().active_game("discord", &channel).unwrap()?;
            let uid = db
                .schedules()
                .waits(game.id)
                .unwrap()
                .first()
                .map(|w| w.0.clone())?;
            Some((uid, game.id, game.version))
        })
        .await;
        let Some((uid, id, version)) = waiting else {
            break;
        };
        let p = players.iter().find(|p| p.id == uid).unwrap();
        let choices = fake
            .autocomplete_in(
                place,
                p,
                &["move"],
                json!([{"name": "steps", "type": 3, "value": "", "focused": true}]),
            )
            .await;
        let k = match seed.as_mut() {
            Some(x) => {
                *x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                (*x >> 33) as usize % choices.len()
            }
            None => 0,
        };
        let step = choices[k]["value"].as_str().unwrap().to_string();
        let t = fake.slash_in(
            place,
            p,
            &["move"],
            json!([{"name": "steps", "type": 3, "value": step}]),
        );
        // The answer (its text may be empty when the move ends the game: the final board
        // and its files follow as messages). Past the per-user rate limit, wait as told
        // and go on (the refused move changed nothing).
        let answer = one_answer(fake, &t).await;
        if answer.contains("too fast") {
            let secs = answer
                .split("wait ")
                .nth(1)
                .and_then(|s| s.split(' ').next())
                .and_then(|n| n.parse::<u64>().ok())
                .unwrap_or(1)
                .clamp(1, 10);
            tokio::time::sleep(Duration::from_secs(secs)).await;
            continue;
        }
        // Accepted moves are the ones committed (an offered text may still be refused,
        // e.g. a compound step cut short; that changes nothing).
        let now = with_db(url, move |db| db.log().game(id).unwrap().version).await;
        if now > version {
            played += 1;
        }
    }
    played
}

/// Reminders posted in `channel` among `calls` (takes the calls, not the fake: inside
/// `wait_for` the fake's call list is locked).
pub(crate) fn reminders_in(calls: &[fake_discord::Call], channel: &str) -> usize {
    calls
        .iter()
        .filter(|c| {
            c.method == "POST"
                && c.path.contains(&format!("/channels/{channel}/messages"))
                && c.content().contains("it is your turn")
        })
        .count()
}

/// The index of a two-player game among `/game new`'s choices, from the registered commands.
pub(crate) async fn two_player_choice(fake: &FakeDiscord) -> usize {
    let commands = fake
        .wait_for("command registration", Duration::from_secs(20), |calls| {
            calls
                .iter()
                .find(|c| c.method == "PUT" && c.path.ends_with("/commands"))
                .map(|c| c.json.clone())
        })
        .await;
    let choices = commands
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "game")
        .and_then(|g| {
            g["options"]
                .as_array()?
                .iter()
                .find(|c| c["name"] == "new")
                .cloned()
        })
        .map(|n| {
            n["options"][0]["choices"]
                .as_array()
                .cloned()
                .unwrap_or_default()
        })
        .unwrap();
    choices
        .iter()
        .position(|c| c["name"].as_str().unwrap_or("").contains("(2-"))
        .expect("a two-player game")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fleet_over_postgres_plays_on_across_a_reshard_and_sends_each_reminder_once() {
    let dir = std::env::temp_dir().join(format!("sherpa-fleet-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let url = tokio::task::spawn_blocking(sherpa::store::pg_cluster::test_database)
        .await
        .unwrap();
    let fake = FakeDiscord::start().await;
    let ann = FakeUser::new(3_000_000_000_000_000_001, "ann");
    let bob = FakeUser::new(3_000_000_000_000_000_002, "bob");
    let players = [ann.clone(), bob.clone()];
    let (ga, gb) = (GUILD_A.to_string(), GUILD_B.to_string());
    let places = [(ga.as_str(), CHANNEL_A), (gb.as_str(), CHANNEL_B)];

    // The fleet: shards 0-1 and 2-3 of 4, each serving the game pages (`[web] listen`).
    let web_ports = [free_port(), free_port()];
    let p1 = Proc::start_with(&fake, &dir, &url, "0-1", 4, &web_table(web_ports[0]));
    let p2 = Proc::start_with(&fake, &dir, &url, "2-3", 4, &web_table(web_ports[1]));
    wait_sessions(&fake, 4).await;
    eprintln!("fleet: 4 shards up");
    let mut shards = fake.shard_sessions();
    shards.sort();
    assert_eq!(
        shards,
        vec![(0, 4), (1, 4), (2, 4), (3, 4)],
        "each shard once"
    );
    let two = two_player_choice(&fake).await;

    let mut played = [0usize; 2];
    for (i, place) in places.iter().enumerate() {
        let t = fake.slash_in(
            *place,
            &ann,
            &["game", "new"],
            json!([{"name": "game", "type": 4, "value": two}]),
        );
        one_answer(&fake, &t).await;
        eprintln!("fleet: game new in {}", place.0);
        let t = fake.slash_in(*place, &bob, &["game", "join"], json!([]));
        one_answer(&fake, &t).await;
        let t = fake.slash_in(*place, &ann, &["game", "start"], json!([]));
        one_answer(&fake, &t).await;
        played[i] = play(&fake, &url, *place, &players, 4, None).await;
        assert!(played[i] > 0, "moves are played in guild {}", place.0);
    }
    every_process_serves_every_games_page(&url, &places, &web_ports).await;
    // A reminder is due in both games: both processes' reminder tasks see it, one sends it.
    // The waits are moved two hours back behind the store's back, so their stored due
    // times are reset too (worked out again at the next tick).
    with_db(&url, |db| {
        db.debug_exec("UPDATE reminder_waits SET since = since - 7200, due_at = 0")
            .unwrap()
    })
    .await;
    fake.wait_for(
        "a reminder in each game",
        Duration::from_secs(20),
        |calls| {
            (reminders_in(calls, CHANNEL_A) >= 1 && reminders_in(calls, CHANNEL_B) >= 1)
                .then_some(())
        },
    )
    .await;
    tokio::time::sleep(Duration::from_secs(3)).await;
    eprintln!("fleet: reminders seen");
    assert_eq!(
        (
            reminders_in(&fake.calls(), CHANNEL_A),
            reminders_in(&fake.calls(), CHANNEL_B)
        ),
        (1, 1),
        "each reminder sent once"
    );

    // Reshard: 3 shards, split 0 | 1-2. Guild A moves to the second process, B to the first.
    tokio::task::spawn_blocking(move || {
        p1.stop();
        p2.stop();
    })
    .await
    .unwrap();
    let before = fake.shard_sessions().len();
    let q1 = Proc::start(&fake, &dir, &url, "0", 3);
    let q2 = Proc::start(&fake, &dir, &url, "1-2", 3);
    wait_sessions(&fake, before + 3).await;
    eprintln!("fleet: resharded");
    let mut shards = fake.shard_sessions()[before..].to_vec();
    shards.sort();
    assert_eq!(shards, vec![(0, 3), (1, 3), (2, 3)]);
    // To the end: random offered steps until each game is over with its scores. Both
    // games at once, one in each process (each has its own per-user rate limit).
    let (a, b) = tokio::join!(
        play(&fake, &url, places[0], &players, 3000, Some(1)),
        play(&fake, &url, places[1], &players, 3000, Some(2)),
    );
    played[0] += a;
    played[1] += b;
    tokio::time::sleep(Duration::from_secs(3)).await;
    for (i, place) in places.iter().enumerate() {
        let (channel, guild, played) = (place.1.to_string(), place.0.to_string(), played[i]);
        with_db(&url, move |s| {
            let g = s.log().latest_game("discord", &channel).unwrap().unwrap();
            assert_eq!(
                g.status,
                sherpa::store::GameStatus::Finished,
                "the game in {guild} was played to its end"
            );
            let steps = s.log().actions(g.id).unwrap();
            let n = steps
                .iter()
                .filter(|a| a.kind == sherpa::store::ActionKind::Step)
                .count();
            assert!(
                n >= played,
                "every accepted move is in the log: {n} < {played}"
            );
            // Nothing lost: the stored state is the replay of the whole log.
            let kind = sherpa::games::Registry::builtin().get(&g.kind).unwrap();
            let (seats, handovers) = (
                s.log().seats(g.id).unwrap(),
                s.log().handovers(g.id).unwrap(),
            );
            let roster = sherpa::chat::Roster {
                seats: &seats,
                handovers: &handovers,
            };
            let replayed =
                sherpa::chat::replay(kind, roster, &g.options, (g.seed, g.rules_version), &steps)
                    .unwrap();
            assert_eq!(
                s.log().snapshot(g.id).unwrap().unwrap(),
                (g.version, replayed.snapshot())
            );
        })
        .await;
    }
    assert_eq!(
        (
            reminders_in(&fake.calls(), CHANNEL_A),
            reminders_in(&fake.calls(), CHANNEL_B)
        ),
        (1, 1),
        "no reminder twice across the reshard"
    );
    tokio::task::spawn_blocking(move || {
        q1.stop();
        q2.stop();
    })
    .await
    .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}

/// The `[web]` table of a fleet process serving the game pages on `port`.
fn web_table(port: u16) -> String {
    format!("[web]\npublic_url = \"{WEB_URL}\"\nsecret = \"{WEB_SECRET}\"\nlisten = \"127.0.0.1:{port}\"\n")
}

const WEB_URL: &str = "http://sherpa.test";
const WEB_SECRET: &str = "the fleet's shared web secret";

/// A port free now on 127.0.0.1.
pub(crate) fn free_port() -> u16 {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    l.local_addr().unwrap().port()
}

/// `GET path` from a server of the bot on 127.0.0.1 (metrics, health, game pages), the
/// connection closed after the answer: the status code and the body (code 0 and why
/// when nothing answered within 10 s).
pub(crate) async fn get(port: u16, path: &str) -> (u16, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let ask = async {
        let mut c = tokio::net::TcpStream::connect(("127.0.0.1", port)).await?;
        let head = format!("GET {path} HTTP/1.1\r\nHost: sherpa\r\nConnection: close\r\n\r\n");
        c.write_all(head.as_bytes()).await?;
        let mut out = Vec::new();
        c.read_to_end(&mut out).await?;
        Ok::<_, std::io::Error>(String::from_utf8_lossy(&out).into_owned())
    };
    let text = match tokio::time::timeout(Duration::from_secs(10), ask).await {
        Ok(Ok(t)) => t,
        other => return (0, format!("no answer: {other:?}")),
    };
    let code = text
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = text.split_once("\r\n\r\n").map_or("", |b| b.1).to_string();
    (code, body)
}

/// Issue 52: every process of a PostgreSQL fleet serves any game's page. Each game lives on
/// one process's shards; its table link (signed with the fleet's secret) is opened on
/// both processes, and both answer with that game's page.
async fn every_process_serves_every_games_page(url: &str, places: &[(&str, &str)], ports: &[u16]) {
    let links = sherpa::chat::weblink::WebLinks::new(WEB_SECRET.as_bytes(), WEB_URL, 3600);
    for place in places {
        let channel = place.1.to_string();
        let id = with_db(url, move |s| {
            s.log()
                .latest_game("discord", &channel)
                .unwrap()
                .unwrap()
                .id
        })
        .await;
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs() as i64;
        let link = links.link(id, sherpa::chat::weblink::TABLE, now);
        let path = link.strip_prefix(WEB_URL).unwrap().to_string();
        for &port in ports {
            let (code, body) = web_get(port, &path).await;
            assert_eq!(code, 200, "the page of game #{id} from port {port}: {body}");
            assert!(body.contains(&format!(" #{id}</h1>")), "{body}");
        }
    }
}

/// [`get`] from a game-page server, asked again until it listens (at most 20 s).
async fn web_get(port: u16, path: &str) -> (u16, String) {
    let t0 = std::time::Instant::now();
    loop {
        let (code, body) = get(port, path).await;
        if code != 0 || t0.elapsed() > Duration::from_secs(20) {
            return (code, body);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Send `/game status` in `place` until its answer is not the store's "unavailable"
/// message (the bot connects again by itself), for at most `limit`; returns the answer.
async fn status_once_the_store_is_back(
    fake: &FakeDiscord,
    place: (&str, &str),
    player: &FakeUser,
    limit: Duration,
) -> String {
    let t0 = std::time::Instant::now();
    loop {
        let t = fake.slash_in(place, player, &["game", "status"], json!([]));
        let answer = one_answer(fake, &t).await;
        if !answer.contains("unavailable") {
            return answer;
        }
        assert!(
            t0.elapsed() < limit,
            "the bot did not reach PostgreSQL again: {answer}"
        );
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

/// A fresh temporary folder `sherpa-<name>-<pid>` and a PostgreSQL cluster of the test's
/// own (the shared one must stay up for the other tests) with a database `<name>`: for
/// tests that stop and start PostgreSQL under a running bot.
pub(crate) async fn own_cluster(
    name: &'static str,
) -> (
    std::path::PathBuf,
    std::sync::Arc<sherpa::store::pg_cluster::Cluster>,
    String,
) {
    let dir = std::env::temp_dir().join(format!("sherpa-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (cluster, url) = tokio::task::spawn_blocking(move || {
        let c = sherpa::store::pg_cluster::Cluster::start().unwrap();
        let url = c.create_database(name).unwrap();
        (c, url)
    })
    .await
    .unwrap();
    (dir, std::sync::Arc::new(cluster), url)
}

/// PostgreSQL restarted under a running bot (`pg_ctl stop -m fast`, then `start`): while
/// it is down, commands answer that the game store is unavailable and the gateway stays
/// up; once it is back, moves and a due reminder go through, with no restart of the bot.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_over_postgres_survives_a_database_restart_without_being_restarted() {
    let (dir, cluster, url) = own_cluster("restart_e2e").await;
    let fake = FakeDiscord::start().await;
    let ann = FakeUser::new(3_000_000_000_000_000_001, "ann");
    let bob = FakeUser::new(3_000_000_000_000_000_002, "bob");
    let players = [ann.clone(), bob.clone()];
    let guild = GUILD_A.to_string();
    let place = (guild.as_str(), CHANNEL_A);
    let bot = Proc::start(&fake, &dir, &url, "0", 1);
    wait_sessions(&fake, 1).await;
    let two = two_player_choice(&fake).await;
    let t = fake.slash_in(
        place,
        &ann,
        &["game", "new"],
        json!([{"name": "game", "type": 4, "value": two}]),
    );
    one_answer(&fake, &t).await;
    let t = fake.slash_in(place, &bob, &["game", "join"], json!([]));
    one_answer(&fake, &t).await;
    let t = fake.slash_in(place, &ann, &["game", "start"], json!([]));
    one_answer(&fake, &t).await;
    assert!(play(&fake, &url, place, &players, 2, None).await > 0);

    let c = cluster.clone();
    tokio::task::spawn_blocking(move || c.stop_fast().unwrap())
        .await
        .unwrap();
    for _ in 0..2 {
        let t = fake.slash_in(place, &ann, &["game", "status"], json!([]));
        let answer = one_answer(&fake, &t).await;
        assert!(
            answer.contains("the game store is unavailable, try again in a minute"),
            "{answer}"
        );
        assert!(!answer.contains("db error"), "{answer}");
    }
    let sessions = fake.shard_sessions().len();
    let c = cluster.clone();
    tokio::task::spawn_blocking(move || c.start_again().unwrap())
        .await
        .unwrap();

    status_once_the_store_is_back(&fake, place, &ann, Duration::from_secs(30)).await;
    assert!(
        play(&fake, &url, place, &players, 3, None).await > 0,
        "moves go through after the restart"
    );
    // A reminder falls due: the reminder task (its own connection) sends it.
    with_db(&url, |db| {
        db.debug_exec("UPDATE reminder_waits SET since = since - 7200, due_at = 0")
            .unwrap()
    })
    .await;
    fake.wait_for(
        "a reminder after the restart",
        Duration::from_secs(30),
        |calls| (reminders_in(calls, CHANNEL_A) >= 1).then_some(()),
    )
    .await;
    assert_eq!(
        fake.shard_sessions().len(),
        sessions,
        "the gateway stayed up (no new session)"
    );
    tokio::task::spawn_blocking(move || {
        bot.stop();
        drop(cluster);
    })
    .await
    .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}
