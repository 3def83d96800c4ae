//! What a game's history and its rebuilds tell (issue #46). A seat handed over during a
//! game (`game sub`): what the game told before the handover keeps the old holder's name,
//! after it the new one's, in the live game, in every rebuild (from the setup or a
//! checkpoint), in `game history` and on the web page ("Last turn" credited the previous holder's moves to
//! the new one). Sealed choices: hidden from others until their reveal, then shown.

use super::*;
use crate::engine::{AnyGame, Seat, Viewer};
use crate::games::Registry;
use crate::store::Store;

/// A Nepal table of ann, bob and cy (seed 5), started, its clock fixed.
fn nepal_table() -> Chat {
    table("nepal")
}

/// A table of `game` for ann, bob and cy (seed 5), started, its clock fixed.
fn table(game: &str) -> Chat {
    let chat = Chat::new(
        Store::open_in_memory().unwrap(),
        Registry::builtin(),
        Env::fixed(1_000, 5),
    );
    for (user, text) in [
        ("ann", &*format!("game new {game}")),
        ("bob", "game join"),
        ("cy", "game join"),
        ("ann", "game start"),
    ] {
        let r = chat.handle(&ask(user, text, &[]));
        assert!(!r.iter().any(|r| r.is_error), "{user}: {text}: {r:?}");
    }
    chat
}

fn ask(user: &str, text: &str, mentioned: &[&str]) -> Request {
    let place = Place {
        platform: "discord".into(),
        guild: Some("g".into()),
        channel: "c1".into(),
    };
    let who = User {
        id: format!("id-{user}"),
        name: user.into(),
        is_channel_admin: false,
    };
    let mut r = Request::new(place, who, text);
    r.mentioned = mentioned
        .iter()
        .map(|name| MentionedUser {
            id: format!("id-{name}"),
            name: name.to_string(),
            is_bot: false,
        })
        .collect();
    r
}

fn game(chat: &Chat) -> Box<dyn AnyGame> {
    chat.load_active(&ask("ann", "", &[]).place)
        .unwrap()
        .game
        .unwrap()
}

/// `user` plays seat `seat`'s first legal steps until the turn passes.
fn play_turn(chat: &Chat, user: &str, seat: Seat) {
    while game(chat).status().acting().contains(&seat) {
        let step = game(chat).legal(seat)[0].notation.clone();
        let r = chat.handle(&ask(user, &format!("move {step}"), &[]));
        assert!(!r.iter().any(|r| r.is_error), "{user}: {step}: {r:?}");
    }
}

fn spectator_text(g: &dyn AnyGame) -> String {
    g.describe(Viewer::Spectator)
}

/// The game rebuilt from its stored log (no snapshot, no cache, no checkpoint).
fn rebuilt(chat: &Chat) -> Box<dyn AnyGame> {
    let inner = chat.lock();
    let log = inner.store.log();
    let row = log.active_game("discord", "c1").unwrap().unwrap();
    let (seats, actions, handovers) = (
        log.seats(row.id).unwrap(),
        log.actions(row.id).unwrap(),
        log.handovers(row.id).unwrap(),
    );
    let roster = Roster {
        seats: &seats,
        handovers: &handovers,
    };
    let kind = Registry::builtin().get("nepal").unwrap();
    replay(
        kind,
        roster,
        &row.options,
        (row.seed, row.rules_version),
        &actions,
    )
    .unwrap()
}

// NEP-TURN-3 (the last turn is kept for the board), across a handover: ann's last turn is
// hers after she hands her seat to dee.
#[test]
fn a_handed_over_seat_keeps_its_old_holders_name_on_what_they_played() {
    let chat = nepal_table();
    play_turn(&chat, "ann", 0);
    let before = spectator_text(&*game(&chat));
    assert!(before.contains("Last turn: ann"), "{before}");
    let r = chat.handle(&ask("ann", "game sub @dee", &["dee"]));
    assert!(!r.iter().any(|r| r.is_error), "{r:?}");
    let after = spectator_text(&*game(&chat));
    assert!(after.contains("Last turn: ann"), "live game: {after}");
    assert!(!after.contains("Last turn: dee"), "{after}");
    assert_eq!(spectator_text(&*rebuilt(&chat)), after, "a rebuild agrees");
    // The game's web page tells the same as the chat.
    let page = chat.web_page(&chat.web_history(1).unwrap(), super::weblink::TABLE);
    let board = super::filter::describe(&*game(&chat), Viewer::Spectator).to_string();
    assert_eq!(page.board, board);
    assert!(page.board.contains("Last turn: ann"), "{}", page.board);
    // The seat's name is dee's from the handover on: bob's and cy's turns, then dee's.
    play_turn(&chat, "bob", 1);
    play_turn(&chat, "cy", 2);
    play_turn(&chat, "dee", 0);
    let later = spectator_text(&*game(&chat));
    assert!(later.contains("Last turn: dee"), "{later}");
    assert!(
        later.contains("dee:"),
        "the standings name the holder: {later}"
    );
    assert!(rebuilt(&chat).same_state(&*game(&chat)));
    assert_eq!(chat.verify(1), Ok(()), "the snapshot is the log's replay");
    // The history names each step's player as they were then, around the handover line.
    let h = history(&chat);
    let handover = h.find("seat 1: ann handed over to dee").expect(&h);
    let (before, after) = h.split_at(handover);
    assert!(
        before.contains(" ann: ") && !before.contains(" dee: "),
        "{h}"
    );
    assert!(after.contains(" dee: ") && !after.contains(" ann: "), "{h}");
}

fn history(chat: &Chat) -> String {
    let r = chat.handle(&ask("bob", "game history 100", &[]));
    assert!(!r[0].is_error, "{r:?}");
    r[0].text.to_string()
}

// HIM-PROG-1, HIM-PROG-5 (programs are secret, then revealed together): before the reveal the history
// shows another player's program as a sealed choice; once every program is revealed, the
// history shows each planned action (it said "(sealed choice)" until the game ended).
#[test]
fn him_prog_1_him_prog_5_revealed_programs_are_shown_in_the_history() {
    let chat = table("himalaya");
    let mut ann_secret: Vec<String> = Vec::new();
    let mut saw_sealed = false;
    for _ in 0..200 {
        let g = game(&chat);
        let seat = g.status().acting()[0];
        // Forward: a step that completes something (a seal) first, never a take-back.
        let legal = g.legal(seat);
        let forward = legal.iter().filter(|s| !s.notation.starts_with("un"));
        let step = forward
            .clone()
            .find(|s| s.completes)
            .or(forward.clone().next())
            .unwrap()
            .notation
            .clone();
        let (_, applied) = g.box_clone().play(seat, &step).unwrap();
        if applied.reveals {
            saw_sealed = history(&chat).contains("(sealed choice)");
        }
        if applied.secret && seat == 0 {
            ann_secret.push(step.clone());
        }
        let user = ["ann", "bob", "cy"][seat];
        let r = chat.handle(&ask(user, &format!("move {step}"), &[]));
        assert!(!r.iter().any(|r| r.is_error), "{user}: {step}: {r:?}");
        if applied.reveals {
            let h = history(&chat);
            assert!(saw_sealed, "before the reveal a program is sealed");
            assert!(!h.contains("(sealed choice)"), "{h}");
            let shown = h.lines().filter(|l| l.contains(" ann: ")).count();
            assert!(shown >= ann_secret.len(), "{h}");
            for s in &ann_secret {
                assert!(h.contains(&format!(" ann: {s}")), "`{s}` in {h}");
            }
            return;
        }
    }
    panic!("no reveal in 200 steps");
}

// Rebuilding from a checkpoint (the live game's state after its row, renamed by a handover
// made right after it, as the store rewrites it) names each step's player as the live game
// did: a checkpoint from before the handover is renamed on the way.
#[test]
fn rebuilds_from_any_checkpoint_rename_at_the_handover() {
    let chat = nepal_table();
    play_turn(&chat, "ann", 0);
    play_turn(&chat, "bob", 1);
    let r = chat.handle(&ask("bob", "game sub @eve", &["eve"]));
    assert!(!r.iter().any(|r| r.is_error), "{r:?}");
    play_turn(&chat, "cy", 2);
    play_turn(&chat, "ann", 0);
    let live = game(&chat);
    let text = spectator_text(&*live);
    assert!(text.contains("eve:") && !text.contains("bob:"), "{text}");
    let (row, seats, actions, handovers) = {
        let inner = chat.lock();
        let log = inner.store.log();
        (
            log.game(1).unwrap(),
            log.seats(1).unwrap(),
            log.actions(1).unwrap(),
            log.handovers(1).unwrap(),
        )
    };
    assert_eq!(handovers.len(), 1);
    let roster = Roster {
        seats: &seats,
        handovers: &handovers,
    };
    let kind = Registry::builtin().get("nepal").unwrap();
    let at = (row.seed, row.rules_version);
    // The checkpoints the live game could have left, one after every row.
    let mut g = kind
        .setup_at(
            &roster.first_names(),
            &row.options,
            row.seed,
            row.rules_version,
        )
        .unwrap();
    assert_eq!(roster.first_names(), ["ann", "bob", "cy"]);
    let mut checkpoints = Vec::new();
    for a in &actions {
        g.play(a.seat, &a.step).unwrap();
        for h in handovers.iter().filter(|h| h.after_seq == a.seq) {
            g.rename_seat(h.seat, &h.to_name);
        }
        checkpoints.push((a.seq, g.snapshot()));
    }
    assert!(
        g.same_state(&*live),
        "the checkpoints lead to the live game"
    );
    for (seq, checkpoint) in &checkpoints {
        let (g, _) =
            replay_from_checkpoints(kind, roster, &row.options, at, &actions, &[*seq], |_| {
                Some(checkpoint.clone())
            })
            .unwrap();
        assert!(g.same_state(&*live), "from the checkpoint after row {seq}");
    }
}

/// Issue 52: the web page's turns name each step's player as the seat was named then (ann
/// before her handover to dee, dee after), and dee's own link shows dee's private part while
/// ann's link, now that she holds no seat, shows the table's page.
#[test]
fn the_web_page_names_each_turn_for_its_holder_then_and_the_new_holder_sees_their_part() {
    let chat = nepal_table();
    play_turn(&chat, "ann", 0);
    let r = chat.handle(&ask("ann", "game sub @dee", &["dee"]));
    assert!(!r.iter().any(|r| r.is_error), "{r:?}");
    play_turn(&chat, "bob", 1);
    play_turn(&chat, "cy", 2);
    play_turn(&chat, "dee", 0);
    let h = chat.web_history(1).unwrap();
    let table = chat.web_page(&h, super::weblink::TABLE);
    let first = |n: usize| table.turns[n].lines[0].clone();
    assert!(first(0).starts_with("**ann**: "), "{:?}", table.turns);
    assert!(first(1).starts_with("**bob**: "), "{:?}", table.turns);
    assert!(first(3).starts_with("**dee**: "), "{:?}", table.turns);
    assert!(
        !table.turns[0].lines.iter().any(|l| l.contains("dee")),
        "ann's turn names ann: {:?}",
        table.turns[0]
    );
    let dee = chat.web_page(&h, "id-dee");
    let part = dee
        .private
        .as_ref()
        .expect("dee's link shows dee's private part");
    assert_eq!(part.name, "dee");
    let own = super::filter::describe(&*game(&chat), Viewer::Seat(0)).to_string();
    assert_eq!(part.board, own, "what `board private` tells dee");
    let ann = chat.web_page(&h, "id-ann");
    assert_eq!(ann.private, None, "ann no longer holds a seat");
    assert_eq!(ann, table, "ann's old link shows the table's page");
}
