//! Reminders and daily digests: silent pings, closed DMs, a restart, and settings from a
//! DM.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reminders_fire_silently_persist_settings_and_survive_a_restart() {
    let (ann, bob, _) = users();
    let fake = FakeDiscord::start().await;
    let db = temp_db("reminders");
    seed_game(&db, &ann, &bob);
    // Ann has been waiting two hours: her first reminder is due.
    sherpa::store::Store::open(&db)
        .unwrap()
        .schedules_mut()
        .on_turn_change(1, std::slice::from_ref(&ann.id), now() - 7200)
        .unwrap();

    let bot = Bot::start(&fake, &db).await;
    fake.wait_ready(1).await;
    let ann_reminder = fake
        .wait_for("ann's reminder", Duration::from_secs(20), |calls| {
            calls
                .iter()
                .find(|c| {
                    c.path
                        .ends_with(&format!("/channels/{CHANNEL_ID}/messages"))
                        && c.content().contains(&ann.id)
                })
                .cloned()
        })
        .await;
    assert_ne!(
        ann_reminder.flags() & SUPPRESS_NOTIFICATIONS,
        0,
        "channel reminders are silent"
    );
    assert_eq!(
        ann_reminder.allowed_users(),
        vec![ann.id.clone()],
        "only ann may be pinged"
    );
    assert!(
        ann_reminder.content().contains("<t:"),
        "times as Discord timestamps: {}",
        ann_reminder.content()
    );

    // Bob asks for reminders by DM (persisted in SQLite through the slash command).
    let t = fake.slash(
        &bob,
        &["remind"],
        json!([{"name": "setting", "type": 4, "value": REMIND_DM}, {"name": "value", "type": 3, "value": "on"}]),
    );
    let r = fake.response(&t).await;
    assert!(r.is_ephemeral(), "settings are private: {:?}", r.json);
    bot.stop().await;

    // While the bot is down, bob starts waiting (also for two hours).
    sherpa::store::Store::open(&db)
        .unwrap()
        .schedules_mut()
        .on_turn_change(1, &[ann.id.clone(), bob.id.clone()], now() - 7200)
        .unwrap();

    let bot = Bot::start(&fake, &db).await;
    fake.wait_ready(2).await;
    let dm_channel = format!("9{}", &bob.id[1..]);
    let bob_reminder = fake
        .wait_for("bob's reminder by DM", Duration::from_secs(20), |calls| {
            calls
                .iter()
                .find(|c| {
                    c.path
                        .ends_with(&format!("/channels/{dm_channel}/messages"))
                })
                .cloned()
        })
        .await;
    assert!(bob_reminder.content().contains(&bob.id));
    assert!(fake
        .calls()
        .iter()
        .any(|c| c.path.ends_with("/users/@me/channels") && c.json["recipient_id"] == bob.id));
    // Ann's reminder was recorded as sent before the restart: it is not repeated (it would have
    // been sent in the same check as bob's, before it).
    let ann_count = fake
        .channel_messages()
        .iter()
        .filter(|c| {
            c.path
                .ends_with(&format!("/channels/{CHANNEL_ID}/messages"))
                && c.content().contains(&ann.id)
        })
        .count();
    assert_eq!(
        ann_count,
        1,
        "no reminder repeated after a restart: {:#?}",
        fake.summary()
    );
    bot.stop().await;
}

/// A reminder asked for by DM, to a player whose DMs are closed, comes silently in the
/// game's channel instead of being lost, pinging only that player.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dm_reminder_to_closed_dms_comes_silently_in_the_channel() {
    let (ann, bob, _) = users();
    let fake = FakeDiscord::start().await;
    let db = temp_db("remind-dm-closed");
    seed_game(&db, &ann, &bob);
    let bot = Bot::start(&fake, &db).await;
    fake.wait_ready(1).await;
    let t = fake.slash(
        &bob,
        &["remind"],
        json!([{"name": "setting", "type": 4, "value": REMIND_DM}, {"name": "value", "type": 3, "value": "on"}]),
    );
    assert!(fake.response(&t).await.is_ephemeral());
    fake.close_dms(&bob);
    off_runtime(|| {
        store_at(&db)
            .schedules_mut()
            .on_turn_change(1, std::slice::from_ref(&bob.id), now() - 7200)
            .unwrap()
    });
    let in_channel = format!("/channels/{CHANNEL_ID}/messages");
    let msg = fake
        .wait_for(
            "bob's reminder in the channel",
            Duration::from_secs(20),
            |calls| {
                calls
                    .iter()
                    .find(|c| c.path.ends_with(&in_channel) && c.content().contains(&bob.id))
                    .cloned()
            },
        )
        .await;
    assert_eq!(msg.flags() & SUPPRESS_NOTIFICATIONS, SUPPRESS_NOTIFICATIONS);
    assert_eq!(msg.allowed_users(), vec![bob.id.clone()]);
    assert!(
        msg.content().contains("it is your turn"),
        "{}",
        msg.content()
    );
    assert!(!msg.content().contains("Game channel"), "{}", msg.content());
    let dm_tried = fake
        .calls()
        .iter()
        .any(|c| c.path.ends_with("/users/@me/channels") && c.json["recipient_id"] == bob.id);
    assert!(dm_tried, "the DM was tried first: {:#?}", fake.summary());
    bot.stop().await;
}

/// Issue 17, digest: `/remind setting:digest value:daily HH:MM` is stored per server; once
/// its time has come, ann gets ONE direct message listing both games waiting for her (with
/// channel links and since when) and no per-game reminder, while bob (no digest) still gets
/// his; a restart sends no second digest for the same day.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn digest_sends_one_dm_listing_the_waiting_games_and_none_again_after_a_restart() {
    let (ann, bob, cy) = users();
    let fake = FakeDiscord::start().await;
    let db = temp_db("digest");
    seed_nepal_3(&db, [&ann, &bob, &cy]);
    let other = "1000000000000000042";
    seed_second_game(&db, &ann, &bob, other);

    let bot = Bot::start(&fake, &db).await;
    fake.wait_ready(1).await;
    let hhmm = utc_hhmm_now();
    let t = fake.slash(
        &ann,
        &["remind"],
        json!([{"name": "setting", "type": 4, "value": REMIND_DIGEST},
               {"name": "value", "type": 3, "value": format!("daily {hhmm}")}]),
    );
    let r = fake.response(&t).await;
    assert!(r.is_ephemeral(), "settings are private: {:?}", r.json);
    assert!(
        r.content().contains(&format!("Daily digest set to {hhmm}")),
        "{}",
        r.content()
    );
    let t = fake.slash(&ann, &["remind"], json!([]));
    let shown = fake.response(&t).await.content();
    assert!(
        shown.contains(&format!("Daily digest in this server: **{hhmm}**")),
        "{shown}"
    );
    bot.stop().await;

    // While the bot is down: the digest was set yesterday (so today's slot, which has just
    // passed, is due), and both games wait for ann; game 2 also waits for bob.
    let (since1, since2) = (now() - 7200, now() - 3600);
    {
        let c = rusqlite::Connection::open(&db).unwrap();
        assert_eq!(
            c.execute(
                "UPDATE digest_prefs SET set_at = set_at - 86400 WHERE user_id = ?1 AND guild = ?2",
                rusqlite::params![ann.id, GUILD_ID],
            )
            .unwrap(),
            1,
            "the digest is stored for ann in this server"
        );
        for (game, user, since) in [
            (1, &ann.id, since1),
            (2, &ann.id, since2),
            (2, &bob.id, since1),
        ] {
            c.execute(
                "INSERT INTO reminder_waits (game_id, user_id, since) VALUES (?1, ?2, ?3)",
                rusqlite::params![game, user, since],
            )
            .unwrap();
        }
    }

    let bot = Bot::start(&fake, &db).await;
    fake.wait_ready(2).await;
    let ann_dm = FakeDiscord::dm_channel(&ann);
    let digest = fake
        .wait_for("ann's digest by DM", Duration::from_secs(20), |calls| {
            calls
                .iter()
                .find(|c| {
                    c.method == "POST" && c.path.ends_with(&format!("/channels/{ann_dm}/messages"))
                })
                .cloned()
        })
        .await;
    let text = digest.content();
    assert!(
        text.contains("2 games in this server wait for you"),
        "{text}"
    );
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[1],
        format!("- **Nepal** #1 in <#{CHANNEL_ID}>: **your turn** since <t:{since1}:R>."),
        "the longest wait first: {text}"
    );
    assert!(
        lines[2].starts_with(&format!(
            "- **Nanga Parbat** #2 in <#{other}>: **your turn** since <t:{since2}:R>"
        )),
        "{text}"
    );
    assert_eq!(
        digest.allowed_users(),
        vec![ann.id.clone()],
        "only ann may be pinged"
    );
    // Bob's per-game reminder (claimed in the same check, after the digests) arrives.
    fake.wait_for("bob's reminder", Duration::from_secs(20), |calls| {
        calls
            .iter()
            .find(|c| {
                c.path.ends_with(&format!("/channels/{other}/messages"))
                    && c.content().contains(&bob.id)
            })
            .cloned()
    })
    .await;
    tokio::time::sleep(Duration::from_millis(2500)).await;
    assert_eq!(
        posts_in(&fake, &ann_dm, "").len(),
        1,
        "one digest: {:#?}",
        fake.summary()
    );
    for ch in [CHANNEL_ID, other] {
        assert!(
            posts_in(&fake, ch, &ann.id).is_empty(),
            "the digest replaces ann's per-game reminders: {:#?}",
            fake.summary()
        );
    }
    bot.stop().await;

    // A restart the same day sends no second digest, also once the first process's claim
    // has expired (only the log of sent digests stands in the way then).
    rusqlite::Connection::open(&db)
        .unwrap()
        .execute("UPDATE digest_claims SET lease_until = 0", [])
        .unwrap();
    let bot = Bot::start(&fake, &db).await;
    fake.wait_ready(3).await;
    tokio::time::sleep(Duration::from_millis(3500)).await;
    assert_eq!(
        posts_in(&fake, &ann_dm, "").len(),
        1,
        "{:#?}",
        fake.summary()
    );
    assert_eq!(db_count(&db, "SELECT COUNT(*) FROM digest_log"), 1);
    bot.stop().await;
}

/// Issue 17, digest: when ann's direct messages are closed, her digest is ONE silent
/// message (SUPPRESS_NOTIFICATIONS) in the channel of the game waiting longest, pinging
/// only her.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn digest_falls_back_to_one_silent_channel_message_when_dms_are_closed() {
    let (ann, bob, cy) = users();
    let fake = FakeDiscord::start().await;
    let db = temp_db("digest-closed");
    seed_nepal_3(&db, [&ann, &bob, &cy]);
    let since = now() - 7200;
    {
        let mut s = store_at(&db);
        s.schedules_mut()
            .on_turn_change(1, std::slice::from_ref(&ann.id), since)
            .unwrap();
        let m = now().rem_euclid(86_400) / 60;
        s.schedules_mut()
            .set_digest(
                "discord",
                Some(GUILD_ID),
                &ann.id,
                Some(m as u32),
                now() - 86_400,
            )
            .unwrap();
    }
    fake.close_dms(&ann);
    let bot = Bot::start(&fake, &db).await;
    fake.wait_ready(1).await;
    let msg = fake
        .wait_for(
            "ann's digest in the channel",
            Duration::from_secs(20),
            |calls| {
                calls
                    .iter()
                    .find(|c| {
                        c.path
                            .ends_with(&format!("/channels/{CHANNEL_ID}/messages"))
                            && c.content().contains(&ann.id)
                    })
                    .cloned()
            },
        )
        .await;
    assert!(
        msg.content().contains("your daily digest: 1 game"),
        "{}",
        msg.content()
    );
    assert!(
        msg.content().contains(&format!("<t:{since}:R>")),
        "{}",
        msg.content()
    );
    assert_ne!(
        msg.flags() & SUPPRESS_NOTIFICATIONS,
        0,
        "the fallback is silent"
    );
    assert_eq!(msg.allowed_users(), vec![ann.id.clone()]);
    tokio::time::sleep(Duration::from_millis(2500)).await;
    assert_eq!(
        posts_in(&fake, &FakeDiscord::dm_channel(&ann), "").len(),
        1,
        "one refused DM: {:#?}",
        fake.summary()
    );
    assert_eq!(
        posts_in(&fake, CHANNEL_ID, &ann.id).len(),
        1,
        "one message in all, no per-game reminder: {:#?}",
        fake.summary()
    );
    bot.stop().await;
}

/// Issue 35, `/remind` from a direct message: the digest's own text prints `/remind
/// setting:digest value:off`, so it works there. From a DM the digest settings apply to
/// every server where the player has one, each named by a channel of their games there;
/// nothing claims a change that was not made, and a first digest or a deadline is pointed
/// to a server's channel.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn remind_from_a_dm_changes_the_servers_digest_and_says_where() {
    let (ann, bob, cy) = users();
    let fake = FakeDiscord::start().await;
    let db = temp_db("remind-dm");
    seed_nepal_3(&db, [&ann, &bob, &cy]);
    let bot = Bot::start(&fake, &db).await;
    fake.wait_ready(1).await;
    let digest = |v: &str| {
        json!([{"name": "setting", "type": 4, "value": REMIND_DIGEST},
               {"name": "value", "type": 3, "value": v}])
    };
    let digests_of_ann = |guild: Option<&str>| {
        let only = guild.map_or(String::new(), |g| format!(" AND guild = '{g}'"));
        db_count(
            &db,
            &format!(
                "SELECT COUNT(*) FROM digest_prefs WHERE user_id = '{}'{only}",
                ann.id
            ),
        )
    };
    let t = fake.slash(&ann, &["remind"], digest("daily 09:00"));
    fake.response(&t).await;
    assert_eq!(digests_of_ann(Some(GUILD_ID)), 1);

    // Shown from the DM: the server is named by the channel of ann's game there.
    let t = fake.slash_dm(&ann, &["remind"], json!([]));
    let r = fake.response(&t).await;
    assert!(r.is_ephemeral(), "{:?}", r.json);
    let shown = r.content();
    assert!(
        shown.contains(&format!(
            "Daily digest in the server of <#{CHANNEL_ID}>: **09:00**"
        )),
        "{shown}"
    );
    assert!(!shown.contains("this server"), "{shown}");

    // Turned off from the DM: the server's digest is off, and the answer says where.
    let t = fake.slash_dm(&ann, &["remind"], digest("off"));
    let r = fake.response(&t).await;
    assert!(r.is_ephemeral(), "{:?}", r.json);
    let text = r.content();
    assert!(
        text.starts_with(&format!(
            "Daily digest turned off in the server of <#{CHANNEL_ID}>: reminders come one per game again."
        )),
        "{text}"
    );
    assert!(text.contains("Daily digest: off in every server"), "{text}");
    assert_eq!(
        digests_of_ann(None),
        0,
        "off in the server, none made elsewhere"
    );
    let t = fake.slash_dm(&ann, &["remind"], digest("off"));
    let text = fake.response(&t).await.content();
    assert!(
        text.starts_with("You have no daily digest in any server; nothing changed."),
        "{text}"
    );

    // A first digest lists one server's games: set in that server, not from the DM.
    let t = fake.slash_dm(&ann, &["remind"], digest("daily 08:00"));
    let r = fake.response(&t).await;
    assert!(r.is_ephemeral(), "{:?}", r.json);
    let text = r.content();
    assert!(
        text.contains("/remind setting:digest value:daily 09:00")
            && text.contains("in a channel of the server")
            && text.contains("Nothing was changed"),
        "{text}"
    );
    assert_eq!(digests_of_ann(None), 0, "nothing stored");
    // A digest set in the server is moved from the DM, and the answer names the server.
    let t = fake.slash(&ann, &["remind"], digest("daily 09:00"));
    fake.response(&t).await;
    let t = fake.slash_dm(&ann, &["remind"], digest("daily 07:30"));
    let text = fake.response(&t).await.content();
    assert!(
        text.starts_with(&format!(
            "Daily digest moved to 07:30 at UTC+00:00 in the server of <#{CHANNEL_ID}>."
        )),
        "{text}"
    );
    assert_eq!(
        db_count(
            &db,
            &format!(
                "SELECT at_minute FROM digest_prefs WHERE user_id = '{}' AND guild = '{GUILD_ID}'",
                ann.id
            )
        ),
        7 * 60 + 30
    );
    // A deadline is a game's: pointed to the game's channel.
    let deadline = json!([{"name": "setting", "type": 4, "value": 10},
                          {"name": "value", "type": 3, "value": "72h"}]);
    let t = fake.slash_dm(&ann, &["remind"], deadline);
    let text = fake.response(&t).await.content();
    assert!(text.contains("in the game's channel"), "{text}");
    bot.stop().await;
}
