//! `remind …` through the chat: personal settings, digests from a server and from a direct
//! message, deadlines.

use super::*;
use crate::chat::core::Env;
use crate::chat::types::{Place, User, Visibility};
use crate::games::Registry;
use crate::reminders::Consequence;
use crate::store::DigestPref;

/// A chat on a fresh database whose clock says 1,000.
fn chat() -> Chat {
    Chat::new(
        Store::open_in_memory().unwrap(),
        Registry::builtin(),
        Env::fixed(1_000, 1),
    )
}

fn req(admin: bool) -> Request {
    Request {
        place: Place {
            platform: "discord".into(),
            guild: Some("g".into()),
            channel: "c".into(),
        },
        user: User {
            id: "u1".into(),
            name: "ann".into(),
            is_channel_admin: admin,
        },
        text: String::new(),
        request_id: None,
        expected_version: None,
        visible_channels: None,
        visible_channels_unknown: false,
        direct_message: false,
        mentioned: vec![],
        pick: None,
    }
}

fn run(c: &Chat, rest: &str, admin: bool) -> Result<Vec<Reply>, RemindError> {
    c.cmd_remind(&req(admin), rest)
}

#[test]
fn personal_settings_are_private_and_persist() {
    let c = chat();
    let r = run(&c, "quiet 22:00-08:00 tz=+02:00", false).unwrap();
    assert_eq!(r[0].visibility, Visibility::Private("u1".into()));
    let p = c.lock().store.schedules().reminder_prefs("u1").unwrap();
    assert_eq!(p.utc_offset, Some(120));
    assert!(r[0].text.contains("22:00-08:00"));
    run(&c, "dm on", false).unwrap();
    assert_eq!(
        c.lock().store.schedules().reminder_prefs("u1").unwrap().dm,
        Some(true)
    );
}

#[test]
fn a_vacation_end_is_a_time_for_the_front_end_to_show() {
    let c = chat();
    let r = run(&c, "vacation 1d", false).unwrap();
    assert!(
        r[0].text
            .0
            .iter()
            .any(|seg| matches!(seg, crate::chat::Seg::Time { at, .. } if *at == 1_000 + 86_400)),
        "{:?}",
        r[0].text
    );
    assert!(
        !r[0].text.contains("<t:"),
        "no Discord markup in the chat layer"
    );
}

#[test]
fn bad_arguments_explain_what_is_accepted() {
    let c = chat();
    for t in [
        "delay soon",
        "max lots",
        "quiet 25:00-08:00",
        "frobnicate",
        "tz +99",
        "dm maybe",
    ] {
        let e = run(&c, t, false).unwrap_err();
        assert!(e.to_string().contains("Usage"), "{t}: {e}");
    }
}

#[test]
fn digest_is_set_per_server_shown_and_turned_off() {
    let c = chat();
    let r = run(&c, "digest daily 09:00", false).unwrap();
    assert_eq!(r[0].visibility, Visibility::Private("u1".into()));
    assert!(r[0].text.contains("09:00"), "{}", r[0].text);
    assert_eq!(
        c.lock()
            .store
            .schedules()
            .digest_pref("discord", Some("g"), "u1")
            .unwrap(),
        Some(DigestPref {
            at_minute: 540,
            set_at: 1_000
        })
    );
    assert_eq!(
        c.lock()
            .store
            .schedules()
            .digest_pref("discord", Some("other"), "u1")
            .unwrap(),
        None
    );
    let shown = run(&c, "", false).unwrap()[0].text.to_string();
    assert!(
        shown.contains("Daily digest in this server: **09:00** (UTC+00:00)"),
        "{shown}"
    );
    // Quiet hours that contain the time: the answer says when it really comes.
    let r = run(&c, "quiet 22:00-10:00", false).unwrap();
    assert!(
        r[0].text
            .contains("inside your quiet hours (22:00-10:00), so it comes when they end, at 10:00"),
        "{}",
        r[0].text
    );
    run(&c, "digest off", false).unwrap();
    assert_eq!(
        c.lock()
            .store
            .schedules()
            .digest_pref("discord", Some("g"), "u1")
            .unwrap(),
        None
    );
    let shown = run(&c, "show", false).unwrap()[0].text.to_string();
    assert!(
        shown.contains("Daily digest in this server: off"),
        "{shown}"
    );
}

#[test]
fn bad_digest_input_explains_and_changes_nothing() {
    let c = chat();
    run(&c, "digest daily 08:30", false).unwrap();
    for t in [
        "digest weekly 09:00",
        "digest daily 25:00",
        "digest daily",
        "digest 9am",
        "digest daily 09:00 extra",
        "digest daily 09:00 \u{202e}",
    ] {
        let e = run(&c, t, false).unwrap_err();
        let msg = e.to_string();
        assert!(msg.contains("Usage"), "{t}: {msg}");
        assert!(
            msg.contains("digest") || msg.contains("HH:MM"),
            "{t}: {msg}"
        );
    }
    assert_eq!(
        c.lock()
            .store
            .schedules()
            .digest_pref("discord", Some("g"), "u1")
            .unwrap()
            .map(|p| p.at_minute),
        Some(8 * 60 + 30),
        "refusals change nothing"
    );
}

/// Issue 35: from a direct message, `digest` settings apply to every server where the
/// asker has a digest, each named by a channel of their games there; a first digest and
/// a deadline are refused with where to set them; nothing claims a change not made.
#[test]
fn from_a_direct_message_digests_change_in_every_server_and_say_where() {
    let c = chat();
    c.lock().store.debug_exec(
        "INSERT INTO games (id, platform, guild, channel, kind, options, seed, status, creator, created_at, updated_at)
         VALUES (1, 'discord', 'g', 'c', 'nepal', '{}', 7, 'running', 'u1', 0, 0);
         INSERT INTO seats (game_id, seat, user_id, name) VALUES (1, 0, 'u1', 'ann');",
    )
    .unwrap();
    let dm = |c: &Chat, rest: &str| {
        let mut r = req(false);
        r.place.guild = None;
        r.place.channel = "dm".into();
        r.direct_message = true;
        c.cmd_remind(&r, rest)
    };
    let at = |c: &Chat, g: &str| {
        c.lock()
            .store
            .schedules()
            .digest_pref("discord", Some(g), "u1")
            .unwrap()
            .map(|p| p.at_minute)
    };
    let e = dm(&c, "digest daily 08:00").unwrap_err();
    assert_eq!(e, RemindError::DigestNeedsServer);
    assert!(c
        .lock()
        .store
        .schedules()
        .digest_prefs_of("discord", "u1")
        .unwrap()
        .is_empty());
    run(&c, "digest daily 09:00", false).unwrap();
    c.lock()
        .store
        .schedules_mut()
        .set_digest("discord", Some("h"), "u1", Some(600), 0)
        .unwrap();
    let text = dm(&c, "digest daily 07:00").unwrap()[0].text.to_string();
    assert!(
        text.starts_with("Daily digest moved to 07:00 at UTC+00:00 in the server of #c and in a server where you have no open game."),
        "{text}"
    );
    assert_eq!((at(&c, "g"), at(&c, "h")), (Some(420), Some(420)));
    let shown = dm(&c, "show").unwrap()[0].text.to_string();
    assert!(
        shown.contains("Daily digest in the server of #c: **07:00**"),
        "{shown}"
    );
    assert!(!shown.contains("this server"), "{shown}");
    // A personal setting from the DM: done, and each server's digest shown as it is.
    let text = dm(&c, "quiet 06:00-08:00").unwrap()[0].text.to_string();
    assert!(text.contains("it comes when they end, at 08:00"), "{text}");
    assert_eq!(
        dm(&c, "deadline 72h").unwrap_err(),
        RemindError::DeadlineInDirectMessage
    );
    let text = dm(&c, "reset").unwrap()[0].text.to_string();
    assert!(
        text.starts_with("Reminder settings reset to the defaults, and your daily digest turned off in the server of #c and in a server where you have no open game"),
        "{text}"
    );
    assert_eq!((at(&c, "g"), at(&c, "h")), (None, None));
    assert_eq!(
        c.lock().store.schedules().reminder_prefs("u1").unwrap(),
        Prefs::default()
    );
}

#[test]
fn deadline_needs_a_game_and_a_player_or_admin() {
    let c = chat();
    let no_game = run(&c, "deadline 72h kick", false).unwrap_err();
    assert_eq!(no_game, RemindError::NoGame);
    c.lock()
        .store
        .debug_exec(
            "INSERT INTO games (id, platform, guild, channel, kind, options, seed, status, creator, created_at, updated_at)
             VALUES (1, 'discord', 'g', 'c', 'nepal', '{}', 7, 'running', 'u2', 0, 0);
             INSERT INTO seats (game_id, seat, user_id, name) VALUES (1, 0, 'u2', 'bob');",
        )
        .unwrap();
    let e = run(&c, "deadline 72h kick", false).unwrap_err();
    assert_eq!(e, RemindError::NotPlayerOrAdmin);
    // A channel admin who does not play may set it.
    let r = run(&c, "deadline 72h kick", true).unwrap();
    assert_eq!(r[0].visibility, Visibility::Public);
    assert_eq!(
        c.lock().store.schedules().game_deadline(1).unwrap(),
        Some((72 * 3600, Consequence::Kick))
    );
    // So may a player.
    c.lock()
        .store
        .debug_exec("INSERT INTO seats (game_id, seat, user_id, name) VALUES (1, 1, 'u1', 'ann');")
        .unwrap();
    run(&c, "deadline off", false).unwrap();
    assert_eq!(c.lock().store.schedules().game_deadline(1).unwrap(), None);
}
