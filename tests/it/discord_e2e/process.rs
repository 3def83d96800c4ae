//! The bot as a process: a committed step's answer delivered once after SIGKILL (SQLite and
//! PostgreSQL), and SIGTERM within 5 s.

use super::*;

/// Issue 11, point 1 (outbox): the bot is killed with SIGKILL at each point between the
/// commit of a step and the delivery of its answer; after a restart the answer has been
/// delivered exactly once (as a channel message when the interaction's answer was lost)
/// and the step is in the log once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn outbox_delivers_a_committed_steps_answer_once_after_sigkill() {
    outbox_after_sigkill(false).await;
}

/// The same on PostgreSQL (issue 16: the crash tests run on both backends).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn outbox_delivers_a_committed_steps_answer_once_after_sigkill_on_postgres() {
    outbox_after_sigkill(true).await;
}

async fn outbox_after_sigkill(postgres: bool) {
    let (ann, bob, cy) = users();
    for (point, answered_before_kill) in [("after_commit", 0), ("after_reply:1", 1)] {
        let fake = FakeDiscord::start().await;
        let db = if postgres {
            let url = tokio::task::spawn_blocking(sherpa::store::pg_cluster::test_database)
                .await
                .unwrap();
            PathBuf::from(url)
        } else {
            temp_db(&format!("outbox-{}", point.replace(':', "-")))
        };
        seed_nepal_3(&db, [&ann, &bob, &cy]);
        let proc = BotProcess::start(&fake, &db, point);
        fake.wait_ready(1).await;
        let t = fake.slash(
            &ann,
            &["move"],
            json!([{"name": "steps", "type": 3, "value": "end"}]),
        );
        tokio::task::spawn_blocking({
            let point = point.to_string();
            move || proc.kill_at_crash_point(&point)
        })
        .await
        .unwrap();
        assert_eq!(
            db_count(&db, "SELECT COUNT(*) FROM actions WHERE game_id = 1"),
            1,
            "{point}: the step was committed before the kill"
        );
        // The reminder schedule moved with the step, in its transaction: the game waits
        // for bob, not ann, even though the process died right after the commit.
        assert_eq!(
            db_count(
                &db,
                &format!(
                    "SELECT COUNT(*) FROM reminder_waits WHERE game_id = 1 AND user_id = '{}'",
                    bob.id
                )
            ),
            1,
            "{point}: the game waits for bob after the kill"
        );
        assert_eq!(
            db_count(&db, "SELECT COUNT(*) FROM reminder_waits WHERE game_id = 1"),
            1,
            "{point}: and for nobody else"
        );
        assert_eq!(
            messages_with(&fake, "**ann**: end\n"),
            answered_before_kill,
            "{point}: answers sent before the kill: {:#?}",
            fake.summary()
        );
        assert_eq!(
            db_count(
                &db,
                "SELECT COUNT(*) FROM outbox WHERE delivered_at IS NULL"
            ),
            1 - answered_before_kill as i64,
            "{point}: what was sent is marked delivered, what was not is waiting"
        );

        let bot = Bot::start(&fake, &db).await;
        fake.wait_ready(2).await;
        let delivered = fake
            .wait_for("the answer to the step", Duration::from_secs(20), |calls| {
                calls
                    .iter()
                    .find(|c| c.method == "POST" && c.content().contains("**ann**: end\n"))
                    .cloned()
            })
            .await;
        if answered_before_kill == 0 {
            assert!(
                delivered
                    .path
                    .ends_with(&format!("/channels/{CHANNEL_ID}/messages")),
                "{point}: delivered as a channel message: {}",
                delivered.path
            );
            assert!(
                delivered.allowed_users().contains(&bob.id),
                "{point}: the next player is pinged: {:?}",
                delivered.json
            );
        } else {
            assert_eq!(delivered.token().as_deref(), Some(t.as_str()));
        }
        // A later command is answered; by then the start-up delivery has run.
        let t2 = fake.slash(&bob, &["board"], json!([]));
        fake.response(&t2).await;
        bot.stop().await;
        assert_eq!(
            messages_with(&fake, "**ann**: end\n"),
            1,
            "{point}: the answer went out exactly once: {:#?}",
            fake.summary()
        );
        assert_eq!(
            db_count(
                &db,
                "SELECT COUNT(*) FROM outbox WHERE delivered_at IS NULL"
            ),
            0,
            "{point}: nothing is left to deliver at the next start"
        );
        assert_eq!(
            db_count(&db, "SELECT COUNT(*) FROM actions WHERE game_id = 1"),
            1,
            "{point}: the step is in the log once"
        );
    }
}

/// Issue 11, point 4: with Discord unreachable (the gateway refuses every connection, so
/// the shard keeps reconnecting), SIGTERM stops the bot within 5 s.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_exits_within_5s_while_the_gateway_is_refused() {
    let fake = FakeDiscord::start().await;
    fake.refuse_gateway
        .store(true, std::sync::atomic::Ordering::SeqCst);
    let db = temp_db("sigterm-gateway");
    let proc = BotProcess::start(&fake, &db, "none");
    fake.wait_for("a gateway lookup", Duration::from_secs(20), |calls| {
        calls
            .iter()
            .any(|c| c.path.contains("/gateway"))
            .then_some(())
    })
    .await;
    // Let it fail to connect and back off.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let took = tokio::task::spawn_blocking(move || proc.sigterm_and_time_exit())
        .await
        .unwrap();
    assert!(
        took < Duration::from_secs(5),
        "stopped {took:?} after SIGTERM"
    );
}

/// Issue 11, point 4: a command in flight while Discord stops answering REST calls (its
/// reply cannot be sent): SIGTERM still stops the bot within 5 s, the step committed and
/// its reply kept in the outbox for the next start.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_exits_within_5s_with_a_command_in_flight_and_rest_hanging() {
    let (ann, bob, cy) = users();
    let fake = FakeDiscord::start().await;
    let db = temp_db("sigterm-rest");
    seed_nepal_3(&db, [&ann, &bob, &cy]);
    let proc = BotProcess::start(&fake, &db, "none");
    fake.wait_ready(1).await;
    fake.hang_rest
        .store(true, std::sync::atomic::Ordering::SeqCst);
    let _t = fake.slash(
        &ann,
        &["move"],
        json!([{"name": "steps", "type": 3, "value": "end"}]),
    );
    // The step is committed; its answer hangs.
    for _ in 0..200 {
        if db_count(&db, "SELECT COUNT(*) FROM actions WHERE game_id = 1") == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(
        db_count(&db, "SELECT COUNT(*) FROM actions WHERE game_id = 1"),
        1
    );
    let took = tokio::task::spawn_blocking(move || proc.sigterm_and_time_exit())
        .await
        .unwrap();
    assert!(
        took < Duration::from_secs(5),
        "stopped {took:?} after SIGTERM"
    );
    assert_eq!(
        db_count(
            &db,
            "SELECT COUNT(*) FROM outbox WHERE delivered_at IS NULL"
        ),
        1,
        "the unsent answer waits in the outbox"
    );
}
