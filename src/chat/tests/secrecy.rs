//! Secrecy tests: drafting steps and non-interference through the chat layer.

use super::*;

#[test]
fn count_game_passes_the_conformance_suite() {
    conformance::run_suite::<Count>(&(), &Options::new(), 5, 500);
}

#[test]
fn sealed_steps_never_appear_in_public_replies_or_history() {
    let t = T::started(&["ann", "bob"]);
    let r = t.ok("ann", "move hide");
    assert!(r
        .iter()
        .any(|r| r.visibility == Visibility::Private("id-ann".into()) && r.text.contains("hide")));
    for r in r
        .iter()
        .filter(|r| r.visibility != Visibility::Private("id-ann".into()))
    {
        assert!(!r.text.contains("hide"), "{}", r.text);
    }
    for who in ["ann", "bob"] {
        let h = t.ok(who, "game history");
        assert!(
            !h[0].text.contains("hide"),
            "public history shows a sealed step to {who}"
        );
    }
}

fn private_to<'a>(r: &'a [Reply], user: &str) -> Vec<&'a Reply> {
    r.iter()
        .filter(|r| r.visibility == Visibility::Private(format!("id-{user}")))
        .collect()
}

/// A secret step with no public event posts nothing publicly (no "made a sealed choice"):
/// its echo and its buttons go to its player only.
#[test]
fn a_secret_drafting_step_posts_nothing_publicly() {
    let t = T::started(&["ann", "bob"]);
    let r = t.ok("ann", "move hide");
    assert!(public(&r).is_empty(), "nothing public: {r:?}");
    let mine = private_to(&r, "ann");
    assert_eq!(mine.len(), 1);
    assert!(mine[0].text.contains("hide"));
    let commands: Vec<&str> = mine[0].buttons.iter().map(|b| b.command.as_str()).collect();
    assert!(
        commands.contains(&"move unhide") && commands.contains(&"move hide"),
        "drafting buttons, privately: {commands:?}"
    );
}

/// Buttons that show a seat's secret drafting ("remove the last planned action") never go
/// into a public reply.
#[test]
fn drafting_buttons_are_never_public() {
    let t = T::started(&["ann", "bob", "cy"]);
    t.ok("ann", "move hide");
    for (who, step) in [("ann", "add 1"), ("ann", "end"), ("bob", "add 2")] {
        let r = t.ok(who, &format!("move {step}"));
        for p in public(&r) {
            for b in &p.buttons {
                assert!(
                    !b.command.contains("hide"),
                    "a public button shows drafting: {b:?}"
                );
            }
            assert!(p.buttons.iter().any(|b| b.command == "move end"));
        }
    }
}

/// Undoing a secret step is told only to its player; the channel hears nothing of it.
#[test]
fn undoing_a_secret_step_answers_only_its_player() {
    let t = T::started(&["ann", "bob"]);
    t.ok("ann", "move hide");
    let r = t.ok("ann", "undo");
    assert!(public(&r).is_empty(), "nothing public: {r:?}");
    let mine = private_to(&r, "ann");
    assert!(
        mine[0].text.contains("took back `hide`"),
        "{}",
        mine[0].text
    );
    assert_eq!(t.log(), vec!["hide", "undo"]);
    // A step with public effects is still announced when taken back.
    t.ok("ann", "move add 2");
    let r = t.ok("ann", "undo");
    assert!(public(&r)[0].text.contains("**ann** took back `add 2`"));
}

/// History and exports of a running game show neither secret drafting nor its undo, and
/// number what they show, so gaps do not count hidden steps.
#[test]
fn history_and_export_hide_drafting_and_its_undo() {
    let t = T::started(&["ann", "bob"]);
    t.ok("ann", "move hide; hide; add 1");
    t.ok("ann", "move hide");
    t.ok("ann", "undo");
    let h = t.ok("bob", "game history")[0].text.to_string();
    assert_eq!(h, "Last 1 of 1 actions:\n#1 ann: add 1");
    let file = t.chat.export(1).unwrap();
    let steps: Vec<&str> = file.actions.iter().map(|a| a.step.as_str()).collect();
    assert_eq!(steps, vec!["add 1"]);
}

/// Himalaya through the registry: every step played through the chat layer keeps its secret
/// steps and drafting buttons private, posts its public events (the seal with its
/// commitment), and a taken-back secret step is answered privately.
#[test]
fn himalaya_programming_is_private_and_the_seal_is_public() {
    let reg = Registry::builtin();
    let Some(kind) = reg.get("himalaya") else {
        return;
    };
    let names = ["ann", "bob", "cy"];
    let t = T {
        chat: Chat::new(Store::open_in_memory().unwrap(), reg, Env::fixed(1_000, 77)),
        clock: Arc::new(AtomicI64::new(0)),
    };
    t.ok("ann", "game new himalaya");
    t.ok("bob", "game join");
    t.ok("cy", "game join");
    t.ok("ann", "game start");
    let players: Vec<String> = names.iter().map(|s| s.to_string()).collect();
    let mut mirror = kind.setup(&players, &Options::new(), 77).unwrap();
    let mut pick = GameRng::new(5);
    let (mut secret_steps, mut public_secret_events, mut undone) = (0, 0, 0);
    for _ in 0..400 {
        let Status::Acting(a) = mirror.status() else {
            break;
        };
        let seat = a[pick.below(a.len())];
        let legal = mirror.legal(seat);
        let step = legal[pick.below(legal.len())].notation.clone();
        let mut after = mirror.box_clone();
        let (_, applied) = after.play(seat, &step).unwrap();
        let r = t.ok(names[seat], &format!("move {step}"));
        let same_acting = {
            let (mut x, mut y) = (
                mirror.status().acting().to_vec(),
                after.status().acting().to_vec(),
            );
            x.sort();
            y.sort();
            x == y
        };
        let public_events: Vec<&Event> = applied
            .events
            .iter()
            .filter(|e| e.audience == Audience::Public)
            .collect();
        if applied.secret {
            secret_steps += 1;
            for p in public(&r) {
                let echo = [format!(": {step}"), format!("`{step}`")];
                assert!(
                    !echo.iter().any(|e| p.text.contains(e)),
                    "`{step}` echoed publicly: {}",
                    p.text
                );
            }
            if public_events.is_empty() && same_acting {
                assert!(public(&r).is_empty(), "`{step}` posted publicly: {r:?}");
            }
        }
        for e in &public_events {
            if applied.secret {
                public_secret_events += 1;
            }
            assert!(
                public(&r).iter().any(|p| p.text.contains(&e.text)),
                "the public event `{}` reaches the channel",
                e.text
            );
        }
        // Public buttons never offer a secret step; drafting buttons are private.
        for reply in &r {
            for b in &reply.buttons {
                let s = b.command.trim_start_matches("move ");
                let owner = after
                    .status()
                    .acting()
                    .iter()
                    .copied()
                    .chain(0..3)
                    .find(|&o| after.legal(o).iter().any(|l| l.notation == s));
                let Some(owner) = owner else { continue };
                let secret = after
                    .box_clone()
                    .play(owner, s)
                    .map(|x| x.1.secret)
                    .unwrap_or(true);
                if reply.visibility == Visibility::Public {
                    assert!(!secret, "secret step `{s}` as a public button");
                }
            }
        }
        mirror = after;
        // Take back a secret drafting step now and then: only its player hears of it.
        if applied.secret && !applied.irreversible && !applied.turn_ended && undone < 3 {
            let r = t.ok(names[seat], "undo");
            assert!(
                public_events.is_empty() && same_acting,
                "a drafting step with public effects: `{step}`"
            );
            assert!(
                public(&r).is_empty(),
                "undo of `{step}` posted publicly: {r:?}"
            );
            assert!(private_to(&r, names[seat])[0].text.contains(&step));
            t.ok(names[seat], &format!("move {step}"));
            undone += 1;
        }
    }
    assert!(secret_steps > 0, "programming was reached");
    assert!(
        public_secret_events > 0,
        "a seal was announced with its commitment"
    );
    assert!(undone > 0, "a drafting step was taken back");
}

/// What a viewer is given, as bytes: `(game, seats, log, version, last outcome, (viewer,
/// revealed), images)`.
pub(super) type Payloads = fn(
    &dyn AnyGame,
    &[SeatRow],
    &[ActionRow],
    i64,
    Option<&filter::Outcome>,
    (Viewer, filter::Revealed),
    bool,
) -> Vec<Vec<u8>>;

/// Everything the filter gives `viewer` about the game, the log and the last outcome.
fn payloads(
    g: &dyn AnyGame,
    seats: &[SeatRow],
    actions: &[ActionRow],
    version: i64,
    outcome: Option<&filter::Outcome>,
    (viewer, revealed): (Viewer, filter::Revealed),
    images: bool,
) -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = Vec::new();
    let mut pictures: Vec<Vec<u8>> = Vec::new();
    let mut push = |s: String| out.push(s.into_bytes());
    push(filter::describe(g, viewer).to_string());
    push(filter::view_json(g, viewer).to_string());
    push(format!("{:?}", filter::buttons(g, seats, version, viewer)));
    if let Viewer::Seat(s) = viewer {
        push(format!("{:?}", filter::legal_list(g, s)));
        push(format!(
            "{:?}",
            filter::suggestions(g, s, "", 25, usize::MAX)
        ));
    }
    let names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
    push(filter::history(actions, &names, (viewer, revealed), 100, &[]).to_string());
    push(format!(
        "{:?}",
        filter::visible_log(actions, viewer, revealed)
    ));
    if viewer == Viewer::Spectator {
        push(format!(
            "{:?}",
            crate::chat::replay::export_actions(actions, revealed)
        ));
    }
    if let Some(o) = outcome {
        // What touched each seat since its last step: the player's own (as `game since`
        // shows it) and the table's (as the ping and the digest show it).
        for seat in 0..seats.len() {
            if viewer == Viewer::Spectator || viewer == Viewer::Seat(seat) {
                push(format!("{:?}", filter::touched(&o.since, seat, viewer)));
            }
        }
        let user = match viewer {
            Viewer::Seat(s) => Some(seats[s].user_id.clone()),
            Viewer::Spectator => None,
        };
        for r in filter::deliver(o, g, seats, version, actions) {
            let seen = match &r.visibility {
                Visibility::Public => true,
                Visibility::Private(u) => Some(u) == user.as_ref(),
            };
            if seen {
                push(format!(
                    "{:?} {} {:?} {:?}",
                    r.visibility, r.text, r.buttons, r.pings
                ));
                if images {
                    pictures.push(r.image.clone().unwrap_or_default());
                }
            }
        }
    }
    if images {
        pictures.push(filter::board(g, viewer).1);
    }
    out.extend(pictures);
    out
}

/// The log with `holder`'s secret steps not yet revealed changed: other notations, and
/// more drafting (secret steps taken back) slipped in.
fn scramble_log(
    actions: &[ActionRow],
    holder: Seat,
    revealed: filter::Revealed,
    rng: &mut GameRng,
) -> Vec<ActionRow> {
    let mut out = Vec::new();
    for a in actions {
        let mut a = a.clone();
        if a.kind == ActionKind::Step && a.secret && a.seat == holder && a.seq > revealed.0 {
            a.step = format!("scrambled {}", rng.below(1000));
        }
        out.push(a);
        if rng.below(3) == 0 {
            let step = |kind, step: &str| ActionRow {
                seq: i64::MAX,
                seat: holder,
                kind,
                step: step.into(),
                secret: kind == ActionKind::Step,
                barrier: false,
                turn_end: false,
                at: 0,
            };
            out.push(step(ActionKind::Step, "drafted"));
            out.push(step(ActionKind::Undo, "undo"));
        }
    }
    out
}

/// The outcome with `holder`'s secrets changed: its secret steps, private events and
/// private notes.
fn scramble_outcome(o: &filter::Outcome, holder: Seat) -> filter::Outcome {
    let mut o = o.clone();
    for p in &mut o.played {
        if p.seat == holder && p.secret {
            p.notation = "scrambled step".into();
        }
        for e in &mut p.events {
            if e.audience == Audience::Private(holder) {
                e.text = "scrambled event".into();
            }
        }
    }
    for n in &mut o.notes {
        if n.audience == Audience::Private(holder) {
            n.text = Text::from("scrambled note");
        }
    }
    // The steps replayed for the catch-ups: the holder's private events, and more hidden
    // drafting of theirs (with a private event naming everyone) slipped in.
    let mut since = Vec::new();
    for (i, h) in o.since.steps.iter().enumerate() {
        let mut h = h.clone();
        for e in &mut h.events {
            if e.audience == Audience::Private(holder) {
                e.text = format!("scrambled event {}", e.text.len());
            }
        }
        let drafted = filter::Happened {
            seat: holder,
            public: false,
            events: vec![Event::private(holder, everyone(&h.names))],
            names: h.names.clone(),
        };
        let slip = (!h.public && h.seat == holder) || i % 3 == 0;
        since.push(h);
        if slip {
            since.push(drafted);
        }
    }
    o.since.steps = since;
    o
}

/// A line naming every seat by every name it has.
fn everyone(names: &[Vec<String>]) -> String {
    let all: Vec<&str> = names.iter().flatten().map(String::as_str).collect();
    format!("scrambled: {}", all.join(", "))
}

/// Play `steps` random legal steps through the chat layer and, at every `every`-th
/// position, check non-interference: for each holder of hidden information, scrambling it
/// (state, log, last outcome) leaves every other viewer's payloads (`what`) byte-identical.
/// Returns how many comparisons saw the scramble change something for its holder.
pub(super) fn check_non_interference(
    t: &T,
    what: Payloads,
    players: &[&str],
    steps: usize,
    every: usize,
    images: bool,
    seed: u64,
) -> usize {
    let mut pick = GameRng::new(seed);
    let mut changed = 0;
    for n in 0..steps {
        let l = match t.chat.load_active(&place()) {
            Ok(l) => l,
            Err(_) => break,
        };
        let Some(g) = l.game else { break };
        let Status::Acting(acting) = g.status() else {
            break;
        };
        if n % every == 0 {
            let actions = t.chat.lock().store.log().actions(l.row.id).unwrap();
            let outcome = t.chat.last_outcome.lock().unwrap().clone();
            let kind = g.kind();
            let seed_at = (l.row.seed, l.row.rules_version);
            let roster = Roster::of(&l.seats);
            let revealed = filter::Revealed(
                crate::chat::core::last_reveal(kind, roster, &l.row.options, seed_at, &actions)
                    .unwrap(),
            );
            let v = l.row.version;
            let viewers: Vec<Viewer> = std::iter::once(Viewer::Spectator)
                .chain((0..players.len()).map(Viewer::Seat))
                .collect();
            let mine: Vec<Vec<Vec<u8>>> = viewers
                .iter()
                .map(|&w| {
                    let at = (w, revealed);
                    what(&*g, &l.seats, &actions, v, outcome.as_ref(), at, images)
                })
                .collect();
            let holders = (0..players.len()).map(Holder::Seat).chain([Holder::Nobody]);
            for (k, holder) in holders.enumerate() {
                let g2 = g.scrambled(holder, seed ^ (n as u64 * 31 + k as u64));
                let (actions2, outcome2) = match holder {
                    Holder::Seat(h) => (
                        scramble_log(&actions, h, revealed, &mut pick),
                        outcome.as_ref().map(|o| scramble_outcome(o, h)),
                    ),
                    Holder::Nobody => (actions.clone(), outcome.clone()),
                };
                for (w, base) in viewers.iter().zip(&mine) {
                    let at = (*w, revealed);
                    let other = what(&*g2, &l.seats, &actions2, v, outcome2.as_ref(), at, images);
                    if holder.seen_by(*w) {
                        changed += (other != *base) as usize;
                        continue;
                    }
                    for (i, (a, b)) in base.iter().zip(&other).enumerate() {
                        assert!(
                            a == b,
                            "payload {i} for {w:?} changed when {holder:?}'s secrets were scrambled at step {n}:\n{}\n---\n{}",
                            String::from_utf8_lossy(a),
                            String::from_utf8_lossy(b)
                        );
                    }
                    assert_eq!(base.len(), other.len(), "{w:?}, {holder:?}, step {n}");
                }
            }
        }
        let seat = acting[pick.below(acting.len())];
        let legal = filter::legal_list(&*g, seat);
        let step = legal[pick.below(legal.len())].notation.clone();
        let r = t.chat.handle(&Request {
            user: User {
                id: l.seats[seat].user_id.clone(),
                name: players[seat].into(),
                is_channel_admin: false,
            },
            ..req(players[seat], &format!("move {step}"))
        });
        assert!(!r.iter().any(|r| r.is_error), "`{step}`: {}", r[0].text);
        // Now and then take a step back, so undo outcomes are checked too.
        if pick.below(6) == 0 {
            t.chat.handle(&Request {
                user: User {
                    id: l.seats[seat].user_id.clone(),
                    name: players[seat].into(),
                    is_channel_admin: false,
                },
                ..req(players[seat], "undo")
            });
        }
    }
    changed
}

#[test]
fn scrambling_one_seats_secrets_changes_no_other_viewers_payloads_count() {
    for seed in 0..4 {
        let mut t = T::started(&["ann", "bob", "cy"]);
        t.chat = Chat::new(
            Store::open_in_memory().unwrap(),
            registry(),
            Env::fixed(1_000, 77),
        );
        t.ok("ann", "game new count");
        t.ok("bob", "game join");
        t.ok("cy", "game join");
        t.ok("ann", "game start");
        let changed =
            check_non_interference(&t, payloads, &["ann", "bob", "cy"], 120, 1, true, seed);
        assert!(
            changed > 0,
            "the scrambles changed the holders' own payloads"
        );
    }
}

#[test]
fn scrambling_one_seats_secrets_changes_no_other_viewers_payloads_every_game() {
    for_every_game(|t, players, kind| {
        let changed = check_non_interference(t, payloads, players, 160, 4, false, 3);
        eprintln!("{kind}: {changed} holder payloads changed by scrambles");
    });
}

/// Run `check` on a started game of every built-in kind (three players where it allows),
/// with its players and the kind's id.
pub(super) fn for_every_game(mut check: impl FnMut(&T, &[&str], &str)) {
    for kind in Registry::builtin().all() {
        let players = ["ann", "bob", "cy", "dee", "eve", "fay"];
        let n = kind.min_players().max(3).min(kind.max_players());
        let t = T {
            chat: Chat::new(
                Store::open_in_memory().unwrap(),
                Registry::builtin(),
                Env::fixed(1_000, 99),
            ),
            clock: Arc::new(AtomicI64::new(0)),
        };
        t.ok("ann", &format!("game new {}", kind.id()));
        for p in &players[1..n] {
            t.ok(p, "game join");
        }
        t.ok("ann", "game start");
        check(&t, &players[..n], kind.id());
    }
}

/// The check fails when a leak is put in on purpose: an outcome whose public lines echo a
/// secret step (as a filter that forgot redaction would build it) gives the spectator
/// different payloads once the step is scrambled.
#[test]
fn non_interference_catches_a_public_echo_of_a_secret_step() {
    let t = T::started(&["ann", "bob"]);
    t.ok("ann", "move hide");
    let l = t.chat.load_active(&place()).unwrap();
    let g = l.game.unwrap();
    let leaky = |mut o: filter::Outcome| {
        let echo = format!("ann played {}", o.played[0].notation);
        o.notes.push(filter::Line::public(echo));
        o
    };
    let o = t.chat.last_outcome.lock().unwrap().clone().unwrap();
    let see = |o: &filter::Outcome| {
        payloads(
            &*g,
            &l.seats,
            &[],
            l.row.version,
            Some(o),
            (Viewer::Spectator, filter::Revealed(0)),
            false,
        )
    };
    assert_eq!(
        see(&o),
        see(&scramble_outcome(&o, 0)),
        "the real filter passes"
    );
    assert_ne!(
        see(&leaky(o.clone())),
        see(&leaky(scramble_outcome(&o, 0))),
        "a public echo of a secret step is caught"
    );
}

/// A player whose direct messages are closed misses private replies: `board private`
/// repeats their latest private news, and only theirs (issue 11).
#[test]
fn board_private_repeats_the_players_latest_private_news_and_only_theirs() {
    let t = T::started(&["ann", "bob"]);
    let drew = t.ok("ann", "move draw");
    let secret = drew
        .iter()
        .find(|r| r.visibility == Visibility::Private("id-ann".into()))
        .map(|r| r.text.to_string())
        .expect("a private reply to ann");
    let marker = secret
        .split_whitespace()
        .find(|w| w.contains("SECRET-"))
        .expect("the drawn secret")
        .trim_matches(|c: char| !c.is_alphanumeric() && c != '-')
        .to_string();
    let mine = t.ok("ann", "board private")[0].text.to_string();
    assert!(mine.contains("Your latest private news"), "{mine}");
    assert!(mine.contains(&marker), "{mine}");
    for (user, cmd) in [("bob", "board private"), ("bob", "board"), ("ann", "board")] {
        let other = t.ok(user, cmd)[0].text.to_string();
        assert!(!other.contains(&marker), "`{user}: {cmd}` leaks: {other}");
        assert!(!other.contains("private news"), "{other}");
    }
}
