//! The operator's metrics and health check (`[metrics] listen`): a real `sherpa run` over
//! PostgreSQL (a throwaway cluster of its own) and the fake Discord. Commands and moves
//! are counted by game, answers timed, the outbox's backlog and a late reminder measured;
//! `/health` says healthy, then names the database while PostgreSQL is down, and is
//! healthy again once it is back.

use crate::fake_discord::{FakeDiscord, FakeUser};
use crate::fleet_e2e::{
    free_port, get, one_answer, own_cluster, play, reminders_in, two_player_choice, wait_sessions,
    with_db, Proc, CHANNEL_A, GUILD_A,
};
use serde_json::json;
use std::time::Duration;

/// Ask `/health` until `want(code, body)`, for at most `limit`; the last answer.
async fn health_until(
    port: u16,
    limit: Duration,
    want: impl Fn(u16, &str) -> bool,
) -> (u16, String) {
    let t0 = std::time::Instant::now();
    loop {
        let (code, body) = get(port, "/health").await;
        if want(code, &body) {
            return (code, body);
        }
        assert!(t0.elapsed() < limit, "/health kept answering {code} {body}");
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}

/// The value of the series `series` (name and labels, exactly as written) in a scrape.
fn sample(scrape: &str, series: &str) -> Option<f64> {
    scrape
        .lines()
        .find_map(|l| l.strip_prefix(series)?.strip_prefix(' ')?.parse().ok())
}

async fn scrape(port: u16) -> String {
    let (code, body) = get(port, "/metrics").await;
    assert_eq!(code, 200, "{body}");
    body
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_e2e_counts_commands_moves_and_backlog_and_health_names_a_stopped_database() {
    let (dir, cluster, url) = own_cluster("metrics_e2e").await;
    let fake = FakeDiscord::start().await;
    let ann = FakeUser::new(3_000_000_000_000_000_001, "ann");
    let bob = FakeUser::new(3_000_000_000_000_000_002, "bob");
    let players = [ann.clone(), bob.clone()];
    let guild = GUILD_A.to_string();
    let place = (guild.as_str(), CHANNEL_A);
    let port = free_port();
    let extra = format!("[metrics]\nlisten = \"127.0.0.1:{port}\"\n");
    let bot = Proc::start_with(&fake, &dir, &url, "0", 1, &extra);
    wait_sessions(&fake, 1).await;

    // Healthy once the shard is connected.
    let (_, body) = health_until(port, Duration::from_secs(30), |c, _| c == 200).await;
    assert_eq!(
        body,
        "{\"status\":\"ok\",\"gateway\":\"ok\",\"database\":\"ok\"}\n"
    );

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
    let played = play(&fake, &url, place, &players, 3, None).await;
    assert!(played > 0);
    let channel = CHANNEL_A.to_string();
    let (game_id, kind) = with_db(&url, move |db| {
        let g = db.log().latest_game("discord", &channel).unwrap().unwrap();
        (g.id, g.kind)
    })
    .await;

    let m = scrape(port).await;
    let at = |s: &str| sample(&m, s);
    for command in ["game new", "game join", "game start"] {
        assert_eq!(
            at(&format!(
                "sherpa_commands_total{{command=\"{command}\",game=\"{kind}\"}}"
            )),
            Some(1.0),
            "{command}: {m}"
        );
    }
    let moves = at(&format!(
        "sherpa_commands_total{{command=\"move\",game=\"{kind}\"}}"
    ))
    .unwrap_or(0.0);
    assert!(moves >= played as f64, "{m}");
    assert_eq!(
        at(&format!("sherpa_moves_total{{game=\"{kind}\"}}")),
        Some(played as f64),
        "{m}"
    );
    let timed = at("sherpa_answer_seconds_count{command=\"move\"}").unwrap_or(0.0);
    assert_eq!(timed, moves, "every move command timed: {m}");
    assert!(at("sherpa_answer_seconds_sum{command=\"move\"}").unwrap() > 0.0);
    assert_eq!(at("sherpa_outbox_undelivered"), Some(0.0), "{m}");
    assert_eq!(
        at("sherpa_outbox_oldest_undelivered_age_seconds"),
        Some(0.0)
    );
    assert!(at("sherpa_cached_games").unwrap() >= 1.0, "{m}");
    assert_eq!(at("sherpa_up{part=\"gateway\"}"), Some(1.0));
    assert_eq!(at("sherpa_up{part=\"database\"}"), Some(1.0));

    // A reply left undelivered for 100 s (its interaction expired; the outbox task sends
    // such replies after 15 minutes) and a reminder an hour late.
    with_db(&url, move |db| {
        let t = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs()
            - 100;
        db.debug_exec(&format!(
            "INSERT INTO outbox (game_id, version, ordinal, request_id, payload, created_at)
             VALUES ({game_id}, 1, 0, NULL, '{{}}', {t});
             UPDATE reminder_waits SET since = since - 7200, due_at = 0"
        ))
        .unwrap()
    })
    .await;
    fake.wait_for("a reminder", Duration::from_secs(20), |calls| {
        (reminders_in(calls, CHANNEL_A) >= 1).then_some(())
    })
    .await;
    // The reminder is recorded once Discord accepted it and it is marked sent.
    let t0 = std::time::Instant::now();
    let m = loop {
        let m = scrape(port).await;
        if sample(&m, "sherpa_reminder_lag_seconds_count").unwrap_or(0.0) >= 1.0 {
            break m;
        }
        assert!(
            t0.elapsed() < Duration::from_secs(10),
            "no reminder lag: {m}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(sample(&m, "sherpa_outbox_undelivered"), Some(1.0), "{m}");
    let age = sample(&m, "sherpa_outbox_oldest_undelivered_age_seconds").unwrap();
    assert!((100.0..200.0).contains(&age), "{age}");
    assert!(
        sample(&m, "sherpa_reminder_lag_seconds_sum").unwrap() >= 1000.0,
        "an hour late: {m}"
    );

    // PostgreSQL stops: the health check names the database; metrics are still served and
    // count the failures (the check's and a command's).
    let c = cluster.clone();
    tokio::task::spawn_blocking(move || c.stop_fast().unwrap())
        .await
        .unwrap();
    let (code, body) = health_until(port, Duration::from_secs(15), |c, _| c != 200).await;
    assert_eq!(code, 503, "{body}");
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        (v["status"].as_str(), v["gateway"].as_str()),
        (Some("unhealthy"), Some("ok")),
        "{body}"
    );
    let said = v["database"].as_str().unwrap();
    assert!(
        said.starts_with("unreachable: the database cannot be reached"),
        "{said}"
    );
    let t = fake.slash_in(place, &ann, &["game", "status"], json!([]));
    assert!(one_answer(&fake, &t).await.contains("unavailable"));
    let m = scrape(port).await;
    assert_eq!(sample(&m, "sherpa_up{part=\"database\"}"), Some(0.0), "{m}");
    assert!(
        sample(&m, "sherpa_database_errors_total{kind=\"unavailable\"}").unwrap() >= 2.0,
        "{m}"
    );

    // Back without a restart of the bot.
    let c = cluster.clone();
    tokio::task::spawn_blocking(move || c.start_again().unwrap())
        .await
        .unwrap();
    health_until(port, Duration::from_secs(30), |c, _| c == 200).await;

    tokio::task::spawn_blocking(move || {
        bot.stop();
        drop(cluster);
    })
    .await
    .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}
