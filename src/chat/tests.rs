//! Chat-core tests on a small test-only game ("count to ten"), so the command layer is
//! checked independently of any real game's rules.

use super::*;
use crate::engine::*;
use crate::games::Registry;
use crate::store::{ActionKind, ActionRow, SeatRow, Store};
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Count {
    pos: Vec<u32>,
    adds: u32,
    turn: usize,
    secret: Vec<u32>,
    /// Secret drafting, like a program being planned: how many `hide`s each seat made.
    hidden: Vec<u32>,
    rng: GameRng,
    over: bool,
}

#[derive(Clone, Debug, PartialEq)]
enum CStep {
    Add(u32),
    Draw,
    /// A secret drafting step (like planning one action of a program).
    Hide,
    /// Take back a `hide` (secret; listed only when there is one, like "remove the last
    /// planned action").
    Unhide,
    /// A public event and nothing else (the same line each time).
    Shout,
    End,
}

impl Game for Count {
    type Step = CStep;
    type Data = ();
    type View = serde_json::Value;
    type Options = CountOptions;
    type Forbidden = crate::engine::Unconverted;
    const ID: &'static str = "count";
    const NAME: &'static str = "Count";
    const MIN_PLAYERS: usize = 2;
    const MAX_PLAYERS: usize = 3;
    fn setup(_: &(), players: &[String], _: &CountOptions, seed: u64) -> Result<Self, SetupError> {
        let mut rng = GameRng::new(seed);
        let secret = players.iter().map(|_| rng.die(9000) + 1000).collect();
        Ok(Count {
            pos: vec![0; players.len()],
            adds: 0,
            turn: 0,
            secret,
            hidden: vec![0; players.len()],
            rng,
            over: false,
        })
    }
    fn status(&self) -> Status {
        if self.over {
            let scores: Vec<i64> = self.pos.iter().map(|&p| p as i64).collect();
            let best = *scores.iter().max().unwrap();
            Status::Finished(FinalResult {
                places: scores
                    .iter()
                    .map(|&s| if s == best { 1 } else { 2 })
                    .collect(),
                breakdown: scores
                    .iter()
                    .map(|&s| vec![ScorePart::new("count", s)])
                    .collect(),
                scores,
                note: String::new(),
                shown: Vec::new(),
            })
        } else {
            Status::Acting(vec![self.turn])
        }
    }
    /// Over-approximates (a third add, unhide with nothing hidden) so that `legality`
    /// refuses them with a reason, as real games do.
    fn candidates(&self, _: &(), seat: Seat) -> Vec<CStep> {
        if self.over || seat != self.turn {
            return vec![];
        }
        vec![
            CStep::Add(1),
            CStep::Add(2),
            CStep::Draw,
            CStep::Hide,
            CStep::Unhide,
            CStep::Shout,
            CStep::End,
        ]
    }
    fn forbidden(&self, _: &(), _: Seat, _: &CStep) -> Result<(), crate::engine::Unconverted> {
        Ok(())
    }
    fn legality(&self, _: &(), seat: Seat, step: &CStep) -> Result<(), RuleError> {
        if self.over || seat != self.turn {
            return Err(RuleError::new("turn", "not your turn"));
        }
        match step {
            CStep::Add(_) if self.adds >= 2 => Err(RuleError::new(
                "turn",
                "you have added twice this turn; type `end`",
            )),
            CStep::Unhide if self.hidden[seat] == 0 => {
                Err(RuleError::new("turn", "nothing of yours is hidden"))
            }
            _ => Ok(()),
        }
    }
    fn perform(&mut self, _: &(), seat: Seat, step: &CStep) -> Applied {
        let mut a = Applied::default();
        match step {
            CStep::Add(n) => {
                self.pos[seat] += n;
                self.adds += 1;
            }
            CStep::Draw => {
                self.secret[seat] = self.rng.die(9000) + 1000;
                a.irreversible = true;
                a.events.push(Event::private(
                    seat,
                    format!("you drew SECRET-{}", self.secret[seat]),
                ));
            }
            CStep::Hide => {
                self.hidden[seat] += 1;
                a.secret = true;
            }
            CStep::Unhide => {
                self.hidden[seat] -= 1;
                a.secret = true;
            }
            CStep::Shout => a.events.push(Event::public("Hey!")),
            CStep::End => {
                a.turn_ended = true;
                self.adds = 0;
                if self.pos[seat] >= 10 {
                    self.over = true;
                } else {
                    self.turn = (self.turn + 1) % self.pos.len();
                }
            }
        }
        a
    }
    fn format_step(_: &(), s: &CStep) -> String {
        match s {
            CStep::Add(n) => format!("add {n}"),
            CStep::Draw => "draw".into(),
            CStep::Hide => "hide".into(),
            CStep::Unhide => "unhide".into(),
            CStep::Shout => "shout".into(),
            CStep::End => "end".into(),
        }
    }
    fn label_step(_: &(), s: &CStep) -> String {
        match s {
            CStep::Hide => "Hide one more".into(),
            CStep::Unhide => "Remove the last hidden one".into(),
            other => Self::format_step(&(), other),
        }
    }
    fn view(&self, _: &(), viewer: Viewer) -> serde_json::Value {
        let mine = match viewer {
            Viewer::Seat(s) => Some(format!(
                "SECRET-{} hidden {}",
                self.secret[s], self.hidden[s]
            )),
            Viewer::Spectator => None,
        };
        serde_json::json!({"pos": self.pos, "turn": self.turn, "mine": mine})
    }
    fn scramble(&self, _: &(), holder: Holder, rng: &mut GameRng) -> Self {
        let mut g = self.clone();
        if let Holder::Seat(s) = holder {
            if !self.over {
                g.secret[s] = rng.die(9000) + 1000;
                g.hidden[s] = rng.below(4) as u32;
            }
        }
        g
    }
    fn describe(_: &(), v: &serde_json::Value) -> String {
        v.to_string()
    }
    fn private_markers(&self, _: &(), seat: Seat) -> Vec<String> {
        vec![format!("SECRET-{}", self.secret[seat])]
    }
    fn rules_topics() -> &'static [RulesTopic] {
        &[
            RulesTopic {
                id: "turn",
                aliases: &["round"],
                title: "Turn",
                section: "Test",
                text: "Add up to twice, then end.",
            },
            RulesTopic {
                id: "notation",
                aliases: &[],
                title: "Notation",
                section: "Test",
                text: "`add 1`, `add 2`, `draw`, `hide`, `unhide`, `end`.",
            },
        ]
    }
}

#[derive(Clone, Debug, PartialEq)]
struct CountOptions;

impl GameOptions for CountOptions {
    fn specs() -> &'static [OptionSpec] {
        &[OptionSpec {
            key: "goal",
            help: "target",
            values: &["10", "6"],
        }]
    }
    fn from_resolved(_: &Resolved) -> Self {
        CountOptions
    }
}

/// The view's text as a row of pixels (one byte per pixel, in red): two pictures are
/// equal exactly when the views are.
fn render_count(_: &(), v: &serde_json::Value) -> crate::engine::Picture {
    let text = v.to_string();
    let mut img = crate::engine::Picture::new(text.len().max(1) as u32, 1);
    for (x, b) in text.bytes().enumerate() {
        img.put_pixel(x as u32, 0, image::Rgba([b, 0, 0, 255]));
    }
    img
}

fn registry() -> &'static Registry {
    static R: std::sync::OnceLock<&'static Registry> = std::sync::OnceLock::new();
    R.get_or_init(|| {
        let k: &'static dyn GameKind = Kind::<Count>::leak((), render_count);
        Registry::new(vec![k]).leak()
    })
}

struct T {
    chat: Chat,
    clock: Arc<AtomicI64>,
}

fn chat() -> T {
    chat_on(registry(), true)
}

/// A chat over `games`, its clock at 1,000 and adjustable, seeds 77.
fn chat_on(games: &'static Registry, rate_limit: bool) -> T {
    let clock = Arc::new(AtomicI64::new(1_000));
    let c2 = clock.clone();
    let env = Env {
        now: Box::new(move || c2.load(Ordering::SeqCst)),
        seed: Box::new(|| 77),
        rate_limit,
    };
    T {
        chat: Chat::new(Store::open_in_memory().unwrap(), games, env),
        clock,
    }
}

fn place() -> Place {
    Place {
        platform: "discord".into(),
        guild: Some("g".into()),
        channel: "c1".into(),
    }
}

fn req(user: &str, text: &str) -> Request {
    let user = User {
        id: format!("id-{user}"),
        name: user.into(),
        is_channel_admin: false,
    };
    Request::new(place(), user, text)
}

impl T {
    fn say(&self, user: &str, text: &str) -> Vec<Reply> {
        self.chat.handle(&req(user, text))
    }
    fn ok(&self, user: &str, text: &str) -> Vec<Reply> {
        let r = self.say(user, text);
        assert!(
            !r.iter().any(|r| r.is_error),
            "`{user}: {text}` failed: {}",
            r[0].text
        );
        r
    }
    fn err(&self, user: &str, text: &str) -> String {
        let r = self.say(user, text);
        assert!(
            r.len() == 1 && r[0].is_error,
            "`{user}: {text}` should fail: {r:?}"
        );
        assert_eq!(
            r[0].visibility,
            Visibility::Private(format!("id-{user}")),
            "errors are private"
        );
        r[0].text.to_string()
    }
    /// A started Count game whose table waits for absent players (`absent=wait`, the
    /// behaviour of every game before the caretaker existed).
    fn started(players: &[&str]) -> T {
        let t = chat();
        t.ok(players[0], "game new count absent=wait");
        for p in &players[1..] {
            t.ok(p, "game join");
        }
        t.ok(players[0], "game start");
        t
    }
    /// Play the Count game to its end: ann adds 4 a turn and wins on her third, while
    /// `other` ends their turns.
    fn ann_wins_against(&self, other: &str) {
        for i in 0..3 {
            self.ok("ann", "move add 2; add 2; end");
            if i < 2 {
                self.ok(other, "move end");
            }
        }
    }
    fn version(&self) -> i64 {
        self.chat
            .lock()
            .store
            .log()
            .active_game("discord", "c1")
            .unwrap()
            .unwrap()
            .version
    }
    /// The id of the channel's latest game.
    fn latest_id(&self) -> i64 {
        self.chat
            .lock()
            .store
            .log()
            .latest_game("discord", "c1")
            .unwrap()
            .unwrap()
            .id
    }
    fn log(&self) -> Vec<String> {
        let id = self.latest_id();
        let inner = self.chat.lock();
        inner
            .store
            .log()
            .actions(id)
            .unwrap()
            .into_iter()
            .map(|a| a.step)
            .collect()
    }
}

#[test]
fn game_new_join_start_pings_the_first_player_with_a_board() {
    let t = chat();
    t.ok("ann", "game new count");
    t.ok("bob", "game join");
    let r = t.ok("ann", "game start");
    assert_eq!(r[0].visibility, Visibility::Public);
    assert!(r[0].image.is_some(), "the start shows the board");
    assert_eq!(r[0].pings, vec!["id-ann"]);
    // A structured mention: each front end writes it in its own way.
    assert_eq!(r[0].text.mentions(), vec!["id-ann"]);
    assert!(
        !r[0].text.contains("<@"),
        "no Discord markup: {}",
        r[0].text
    );
}

#[test]
fn unknown_game_and_bad_options_say_what_is_accepted() {
    let t = chat();
    assert!(t.err("ann", "game new chess").contains("games: count"));
    assert!(t.err("ann", "game new count goal=7").contains("6"));
    assert!(t.err("ann", "game new count speed=fast").contains("goal"));
    assert!(t.err("ann", "game new count goal").contains("key=value"));
    assert!(
        t.chat
            .lock()
            .store
            .log()
            .active_game("discord", "c1")
            .unwrap()
            .is_none(),
        "nothing was created"
    );
}

#[test]
fn one_game_per_channel() {
    let t = chat();
    t.ok("ann", "game new count");
    assert!(t.err("bob", "game new count").contains("already open"));
}

#[test]
fn not_your_turn_is_refused_and_changes_nothing() {
    let t = T::started(&["ann", "bob"]);
    let v = t.version();
    assert!(t.err("bob", "move add 1").contains("not your turn"));
    assert!(t.err("cy", "move add 1").contains("not playing"));
    assert_eq!(t.version(), v);
}

#[test]
fn illegal_step_lists_the_legal_ones_and_changes_nothing() {
    let t = T::started(&["ann", "bob"]);
    let v = t.version();
    let e = t.err("ann", "move fly");
    assert!(
        e.contains("no step starts with `fly`; steps you can take now start with `add`")
            && e.contains("`end`"),
        "{e}"
    );
    assert_eq!(t.version(), v);
}

#[test]
fn a_refused_step_says_its_rule_and_text_fitting_nothing_suggests_only_legal_steps() {
    let t = T::started(&["ann", "bob"]);
    t.ok("ann", "move add 1; add 2");
    let v = t.version();
    let e = t.err("ann", "move add 1");
    assert!(
        e.contains("added twice") && e.contains("`rules count turn`"),
        "{e}"
    );
    let e = t.err("ann", "move fly");
    assert!(
        e.contains("`end`") && !e.contains("`add") && !e.contains("`unhide`"),
        "{e}"
    );
    assert_eq!(t.version(), v);
}

#[test]
fn move_alone_lists_the_step_that_ends_the_turn_first() {
    let t = T::started(&["ann", "bob"]);
    let r = t.ok("ann", "move");
    let text = r[0].text.to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Your legal steps (6):");
    assert_eq!(lines[1], "`end`", "{}", r[0].text);
}

#[test]
fn a_chain_may_end_with_steps_the_end_of_the_game_made_void() {
    let t = T::started(&["ann", "bob"]);
    for _ in 0..2 {
        t.ok("ann", "move add 2; add 2; end");
        t.ok("bob", "move end");
    }
    let r = t.ok("ann", "move add 2; add 2; end; end");
    assert!(
        r.iter().any(|r| r.text.contains("so `end` was not played")),
        "{r:?}"
    );
    assert_eq!(
        t.log().len(),
        11,
        "the game-ending steps are played: {:?}",
        t.log()
    );
    let e = t.err("ann", "move end");
    assert!(e.contains("has ended"), "{e}");
}

#[test]
fn an_unknown_command_suggests_the_near_command_or_move_for_a_step() {
    let t = T::started(&["ann", "bob"]);
    let v = t.version();
    let e = t.err("ann", "end");
    assert!(e.contains("write `move end`"), "{e}");
    let e = t.err("ann", "gmae status");
    assert!(e.contains("did you mean `game`?"), "{e}");
    assert_eq!(t.version(), v);
}

#[test]
fn the_game_ending_message_keeps_every_event_even_one_said_twice() {
    let t = T::started(&["ann", "bob"]);
    for _ in 0..2 {
        t.ok("ann", "move add 2; add 2; end");
        t.ok("bob", "move end");
    }
    let r = t.ok("ann", "move add 2; shout; shout; add 2; end");
    let text = r[0].text.to_string();
    assert_eq!(text.matches("Hey!").count(), 2, "{text}");
    assert!(text.contains("The game is over"), "{text}");
}

#[test]
fn chained_steps_apply_together_or_not_at_all() {
    let t = T::started(&["ann", "bob"]);
    t.err("ann", "move add 1; add 2; add 1");
    assert!(t.log().is_empty(), "a failing chain plays nothing");
    let r = t.ok("ann", "move add 1; add 2; end");
    assert_eq!(t.log(), vec!["add 1", "add 2", "end"]);
    assert_eq!(
        r[0].pings,
        vec!["id-bob"],
        "exactly the next player is pinged"
    );
    assert!(r[0].image.is_some());
}

#[test]
fn undo_own_step_within_the_turn() {
    let t = T::started(&["ann", "bob"]);
    t.ok("ann", "move add 2");
    t.ok("ann", "undo");
    let inner = t.chat.lock();
    let id = inner
        .store
        .log()
        .active_game("discord", "c1")
        .unwrap()
        .unwrap()
        .id;
    let snap = inner.store.log().snapshot(id).unwrap().unwrap().1;
    let g: Count = serde_json::from_slice(&snap).unwrap();
    assert_eq!(g.pos, vec![0, 0]);
}

#[test]
fn undo_after_a_random_draw_needs_everyone_else() {
    let t = T::started(&["ann", "bob", "cy"]);
    t.ok("ann", "move draw");
    let r = t.ok("ann", "undo");
    assert!(r[0].text.contains("undo accept"));
    assert_eq!(r[0].pings, vec!["id-bob", "id-cy"]);
    t.ok("bob", "undo accept");
    assert_eq!(t.log(), vec!["draw"], "not yet: cy has not agreed");
    t.ok("cy", "undo accept");
    assert_eq!(t.log(), vec!["draw", "undo"]);
}

#[test]
fn undo_reject_keeps_the_step() {
    let t = T::started(&["ann", "bob"]);
    t.ok("ann", "move end");
    t.ok("ann", "undo");
    t.ok("bob", "undo reject");
    assert!(t.err("bob", "undo accept").contains("no undo request"));
    assert_eq!(t.log(), vec!["end"]);
}

#[test]
fn stale_button_does_nothing_but_explain() {
    let t = T::started(&["ann", "bob"]);
    let v = t.version();
    t.ok("ann", "move add 1");
    let mut r = req("ann", "move end");
    r.expected_version = Some(v);
    let out = t.chat.handle(&r);
    assert!(out[0].is_error && out[0].text.contains("earlier moment"));
    assert_eq!(t.log(), vec!["add 1"]);
}

#[test]
fn buttons_offer_single_word_steps_at_the_current_version() {
    let t = T::started(&["ann", "bob"]);
    let r = t.ok("ann", "move add 1");
    let v = t.version();
    assert!(r[0]
        .buttons
        .iter()
        .any(|b| b.command == "move end" && b.version == v));
}

#[test]
fn same_request_id_is_applied_once() {
    let t = T::started(&["ann", "bob"]);
    let mut r = req("ann", "move add 1");
    r.request_id = Some("interaction-1".into());
    let first = t.chat.handle(&r);
    assert!(!first[0].is_error);
    // The repeat is answered with the first handling's replies, and changes nothing.
    let again = t.chat.handle(&r);
    let texts = |v: &[Reply]| v.iter().map(|r| r.text.clone()).collect::<Vec<_>>();
    assert_eq!(texts(&again), texts(&first));
    assert_eq!(t.log(), vec!["add 1"]);
}

#[test]
fn private_events_go_only_to_their_player() {
    let t = T::started(&["ann", "bob"]);
    let r = t.ok("ann", "move draw");
    for reply in &r {
        if reply.text.contains("SECRET-") {
            assert_eq!(reply.visibility, Visibility::Private("id-ann".into()));
        }
    }
    let public = t.ok("bob", "board");
    assert!(!public[0].text.contains("SECRET-"));
    let private = t.ok("ann", "board private");
    assert_eq!(private[0].visibility, Visibility::Private("id-ann".into()));
    assert!(private[0].text.contains("SECRET-"));
}

#[test]
fn kick_needs_every_other_players_vote_or_an_admin() {
    let t = T::started(&["ann", "bob", "cy"]);
    // ann has been waited for longer than the default deadline.
    t.clock
        .fetch_add(votes::DEFAULT_KICK_AFTER, Ordering::SeqCst);
    t.ok("bob", "game kick ann");
    assert!(!t.chat.lock().store.log().seats(1).unwrap()[0].resigned);
    t.ok("cy", "game kick ann");
    assert!(t.chat.lock().store.log().seats(1).unwrap()[0].resigned);
    // ann's pending turn was played automatically: now bob acts.
    assert_eq!(t.log(), vec!["end"]);
    let mut r = req("dee", "game kick bob");
    r.user.is_channel_admin = true;
    assert!(!t.chat.handle(&r)[0].is_error);
    assert!(t.chat.lock().store.log().seats(1).unwrap()[1].resigned);
}

#[test]
fn abort_needs_all_players_or_an_admin() {
    let t = T::started(&["ann", "bob"]);
    t.ok("ann", "game abort");
    assert!(t
        .chat
        .lock()
        .store
        .log()
        .active_game("discord", "c1")
        .unwrap()
        .is_some());
    assert!(t.err("zed", "game abort").contains("only players"));
    t.ok("bob", "game abort");
    assert!(t
        .chat
        .lock()
        .store
        .log()
        .active_game("discord", "c1")
        .unwrap()
        .is_none());
}

#[test]
fn resign_plays_the_resigned_seat_automatically_to_the_end() {
    let t = T::started(&["ann", "bob"]);
    t.ok("ann", "game resign");
    // bob adds to ten over several turns; ann's turns pass by themselves.
    for _ in 0..5 {
        t.ok("bob", "move add 1; add 1; end");
    }
    let g = t
        .chat
        .lock()
        .store
        .log()
        .latest_game("discord", "c1")
        .unwrap()
        .unwrap();
    assert_eq!(g.status, crate::store::GameStatus::Finished);
}

#[test]
fn export_of_a_running_game_leaves_out_the_seed_and_the_finished_one_rebuilds() {
    let t = T::started(&["ann", "bob"]);
    t.ok("ann", "move add 2");
    let file = t.chat.export(1).unwrap();
    assert_eq!(file.seed, None);
    let r = t.ok("ann", "game export");
    let text = String::from_utf8(r[0].file.as_ref().unwrap().1.clone()).unwrap();
    assert!(!text.contains("\"seed\": 77"), "{text}");
    for i in 0..4 {
        t.ok("ann", "move add 2; end");
        if i < 3 {
            t.ok("bob", "move end");
        }
    }
    let file = t.chat.export(1).unwrap();
    assert_eq!(file.seed, Some(77));
    // After the end, the channel's export and status still answer (from the last game).
    let r = t.ok("bob", "game export");
    assert!(r[0].file.is_some());
    assert!(t.chat.status_json(&place())["status"]
        .get("Finished")
        .is_some());
    let other = Place {
        channel: "c2".into(),
        ..place()
    };
    let id = t.chat.import(&file, &other).unwrap();
    assert_eq!(
        t.chat.lock().store.log().game(id).unwrap().status,
        crate::store::GameStatus::Finished
    );
}

#[test]
fn corrupt_snapshot_is_rebuilt_from_the_log() {
    let t = T::started(&["ann", "bob"]);
    t.ok("ann", "move add 2; end");
    {
        let mut inner = t.chat.lock();
        inner
            .store
            .debug_corrupt(1, None, Some(b"not json"))
            .unwrap();
        inner.cache.clear();
    }
    t.ok("bob", "move add 1");
    let inner = t.chat.lock();
    let g: Count =
        serde_json::from_slice(&inner.store.log().snapshot(1).unwrap().unwrap().1).unwrap();
    assert_eq!(g.pos, vec![2, 1]);
}

#[test]
fn unknown_game_kind_breaks_only_that_game() {
    let t = T::started(&["ann", "bob"]);
    let other = Place {
        channel: "c2".into(),
        ..place()
    };
    let mut r = req("ann", "game new count");
    r.place = other.clone();
    assert!(!t.chat.handle(&r)[0].is_error);
    {
        let mut inner = t.chat.lock();
        inner
            .store
            .debug_corrupt(1, Some("chess-variant"), None)
            .unwrap();
        inner.cache.clear();
    }
    let broken = t.chat.check_games();
    assert_eq!(
        broken.len(),
        1,
        "start-up check reports exactly the broken game: {broken:?}"
    );
    assert_eq!(broken[0].0, 1);
    assert!(t.err("ann", "move add 1").contains("does not know"));
    assert!(t.chat.lock().store.log().game(1).unwrap().broken.is_some());
    let mut r = req("bob", "game join");
    r.place = other;
    assert!(
        !t.chat.handle(&r)[0].is_error,
        "the other channel's game keeps working"
    );
}

#[test]
fn rate_limit_per_user_with_a_clear_message() {
    let t = chat();
    for _ in 0..RATE_LIMIT.0 {
        t.ok("ann", "help");
    }
    assert!(t.err("ann", "help").contains("too fast"));
    t.ok("bob", "help");
    t.clock.fetch_add(RATE_LIMIT.1, Ordering::SeqCst);
    t.ok("ann", "help");
}

#[test]
fn names_cannot_smuggle_mass_mentions() {
    let t = chat();
    let r = t.ok("@everyone", "game new count");
    assert!(!r[0].text.contains("@everyone"));
    let e = t.err("ann", "@here");
    assert!(!e.contains("@here"), "{e}");
}

#[test]
fn autocomplete_offers_matching_legal_steps_after_earlier_ones() {
    let t = T::started(&["ann", "bob"]);
    let s = t.chat.suggest_steps(&place(), "id-ann", "ad", 25);
    assert_eq!(
        s.iter().map(|s| s.notation.as_str()).collect::<Vec<_>>(),
        vec!["add 1", "add 2"]
    );
    let s = t
        .chat
        .suggest_steps(&place(), "id-ann", "add 1; add 1; a", 25);
    assert!(s.is_empty(), "two adds used up: {s:?}");
    let s = t.chat.suggest_steps(&place(), "id-ann", "add 1; e", 25);
    assert_eq!(s[0].notation, "add 1; end");
    assert!(
        t.chat.suggest_steps(&place(), "id-bob", "", 25).is_empty(),
        "not bob's turn"
    );
}

#[test]
fn history_and_status_and_rules() {
    let t = T::started(&["ann", "bob"]);
    t.ok("ann", "move add 1");
    assert!(t.ok("bob", "game history")[0].text.contains("ann: add 1"));
    assert!(t.ok("bob", "game status")[0]
        .text
        .contains("Waiting for: **ann**"));
    assert!(t.ok("bob", "rules count turn")[0]
        .text
        .contains("rulebook: Test"));
    assert!(t.err("bob", "rules count zzz").contains("Topics: turn"));
    assert!(t.err("bob", "game history 0").contains("1 to 100"));
}

#[test]
fn rules_lookup_finds_a_topic_by_an_alias_or_a_word_and_offers_did_you_mean() {
    let t = T::started(&["ann", "bob"]);
    for words in ["round", "how do I add twice", "Twice"] {
        let r = t.ok("bob", &format!("rules count {words}"));
        assert!(r[0].text.contains("Count — Turn"), "{words}: {}", r[0].text);
    }
    let e = t.err("bob", "rules count tunr");
    assert!(e.contains("did you mean `turn`?"), "{e}");
    let e = t.err("bob", "rules count add");
    assert!(
        e.contains("`rules count turn`, `rules count notation`"),
        "{e}"
    );
}

/// Issue 17, status with time: `game status` says how long the game has waited for each
/// acting player and when their deadline falls, as times each front end writes its way.
#[test]
fn status_says_how_long_each_acting_player_waited_and_when_their_deadline_falls() {
    let t = T::started(&["ann", "bob"]);
    t.clock.store(1_000 + 2 * 3600, Ordering::SeqCst);
    let plain = |r: &[Reply]| {
        r[0].text.render(&Plain {
            utc_offset_min: 0,
            now: Some(1_000 + 2 * 3600),
        })
    };
    let r = t.ok("bob", "game status");
    let s = plain(&r);
    assert!(s.contains("- **ann**: waiting since 2 h 0 min ago;"), "{s}");
    // Without a game deadline: when a kick vote becomes possible (72 h after the start).
    assert!(
        s.contains(
            "no game deadline; the others may vote to kick in 2 d 22 h (1970-01-04 00:16 UTC)."
        ),
        "{s}"
    );
    assert!(!s.contains("**bob**: waiting"), "bob is not acting: {s}");
    // The times are time segments (Discord writes them as <t:…:R> and <t:…:f>).
    let times: Vec<(i64, TimeStyle)> = r[0]
        .text
        .0
        .iter()
        .filter_map(|g| match g {
            text::Seg::Time { at, style } => Some((*at, *style)),
            _ => None,
        })
        .collect();
    assert_eq!(
        times,
        vec![
            (1_000, TimeStyle::Relative),
            (1_000 + 72 * 3600, TimeStyle::Relative),
            (1_000 + 72 * 3600, TimeStyle::Full)
        ]
    );
    // The game's own deadline, and a vacation that starts its clock only when it ends.
    t.ok("bob", "remind deadline 24h kick");
    let s = plain(&t.ok("bob", "game status"));
    assert!(
        s.contains(
            "deadline in 22 h 0 min (1970-01-02 00:16 UTC), then the others may vote to kick them"
        ),
        "{s}"
    );
    t.ok("ann", "remind vacation 1d");
    let s = plain(&t.ok("bob", "game status"));
    assert!(
        s.contains("deadline in 2 d 0 h (1970-01-03 02:16 UTC)"),
        "{s}"
    );
    // After ann's turn, bob is the one waited for, since that moment.
    t.ok("ann", "move end");
    let s = plain(&t.ok("ann", "game status"));
    assert!(s.contains("- **bob**: waiting since now;"), "{s}");
    assert!(!s.contains("**ann**: waiting"), "{s}");
}

// Issue 15 (two threads): each committed change of a game on a database file forces the
// log to the disk once, after the chat's lock is released (another channel's request is
// not held up by the fsync) and before the answer is returned (an answered step survives
// a power cut).
#[test]
fn a_steps_fsync_runs_outside_the_lock_and_before_the_answer() {
    let dir = std::env::temp_dir().join(format!("sherpa-chat-sync-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let t = chat();
    let t = T {
        chat: Chat::new(
            Store::open(&dir.join("c.db")).unwrap(),
            registry(),
            Env::fixed(1_000, 77),
        ),
        clock: t.clock,
    };
    let syncs = || t.chat.lock().store.log_syncs();
    t.ok("ann", "game new count");
    t.ok("bob", "game join");
    assert_eq!(syncs(), 0, "the lobby commits at once");
    t.ok("ann", "game start");
    assert_eq!(syncs(), 1, "the start is a change of the game");
    t.ok("ann", "move end");
    assert_eq!(syncs(), 2);
    t.err("ann", "move end");
    assert_eq!(syncs(), 2, "a refused step commits nothing");
    assert_eq!(
        *t.chat.waits_unlocked.lock().unwrap(),
        vec![true, true],
        "the lock was free at each wait"
    );
    drop(t);
    let _ = std::fs::remove_dir_all(&dir);
}

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

#[test]
fn lobby_leave_and_kick_renumber_the_seats() {
    let t = chat();
    t.ok("ann", "game new count");
    t.ok("bob", "game join");
    t.ok("cy", "game join");
    assert!(t.err("bob", "game join").contains("already joined"));
    t.ok("bob", "game leave");
    assert!(
        t.err("cy", "game kick ann").contains("creator"),
        "only the creator or an admin removes players before the start"
    );
    t.ok("ann", "game kick cy");
    t.ok("dee", "game join");
    let seats = t.chat.lock().store.log().seats(1).unwrap();
    let names: Vec<(usize, &str)> = seats.iter().map(|s| (s.seat, s.name.as_str())).collect();
    assert_eq!(names, vec![(0, "ann"), (1, "dee")]);
    t.ok("ann", "game leave");
    t.ok("dee", "game leave");
    assert!(
        t.chat
            .lock()
            .store
            .log()
            .active_game("discord", "c1")
            .unwrap()
            .is_none(),
        "an empty lobby closes"
    );
}

// ---- Secrecy of drafting (issue 10) ----

fn public(r: &[Reply]) -> Vec<&Reply> {
    r.iter()
        .filter(|r| r.visibility == Visibility::Public)
        .collect()
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

// ---- Non-interference through the chat layer ----

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
        push(format!("{:?}", replay::export_actions(actions, revealed)));
    }
    if let Some(o) = outcome {
        let user = match viewer {
            Viewer::Seat(s) => Some(seats[s].user_id.clone()),
            Viewer::Spectator => None,
        };
        for r in filter::deliver(o, g, seats, version) {
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
    o
}

/// Play `steps` random legal steps through the chat layer and, at every `every`-th
/// position, check non-interference: for each holder of hidden information, scrambling it
/// (state, log, last outcome) leaves every other viewer's payloads byte-identical.
/// Returns how many comparisons saw the scramble change something for its holder.
fn check_non_interference(
    t: &T,
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
                super::core::last_reveal(kind, roster, &l.row.options, seed_at, &actions).unwrap(),
            );
            let v = l.row.version;
            let viewers: Vec<Viewer> = std::iter::once(Viewer::Spectator)
                .chain((0..players.len()).map(Viewer::Seat))
                .collect();
            let mine: Vec<Vec<Vec<u8>>> = viewers
                .iter()
                .map(|&w| {
                    let at = (w, revealed);
                    payloads(&*g, &l.seats, &actions, v, outcome.as_ref(), at, images)
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
                    let other =
                        payloads(&*g2, &l.seats, &actions2, v, outcome2.as_ref(), at, images);
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
        let changed = check_non_interference(&t, &["ann", "bob", "cy"], 120, 1, true, seed);
        assert!(
            changed > 0,
            "the scrambles changed the holders' own payloads"
        );
    }
}

#[test]
fn scrambling_one_seats_secrets_changes_no_other_viewers_payloads_every_game() {
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
        let changed = check_non_interference(&t, &players[..n], 160, 4, false, 3);
        eprintln!(
            "{}: {changed} holder payloads changed by scrambles",
            kind.id()
        );
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

// ---- Commands, ids, errors, environment ----

#[test]
fn a_unique_beginning_of_a_game_id_is_enough() {
    let ids = ["nepal", "nanga-parbat", "himalaya"];
    assert_eq!(match_game_id(&ids, "nan").unwrap(), "nanga-parbat");
    assert_eq!(match_game_id(&ids, "NEPAL").unwrap(), "nepal");
    assert_eq!(match_game_id(&ids, "h").unwrap(), "himalaya");
    let e = match_game_id(&ids, "n").unwrap_err();
    assert!(
        matches!(&e, CoreError::AmbiguousGame { candidates, .. } if candidates == &["nepal", "nanga-parbat"]),
        "{e:?}"
    );
    assert!(e.to_string().contains("`nepal` or `nanga-parbat`"), "{e}");
    assert!(match_game_id(&ids, "chess")
        .unwrap_err()
        .to_string()
        .contains("games: nepal, nanga-parbat, himalaya"));
    // Through the commands.
    let t = chat();
    t.ok("ann", "game new co");
    assert!(t.ok("ann", "rules c turn")[0]
        .text
        .contains("rulebook: Test"));
}

#[test]
fn errors_are_typed_and_name_commands_for_each_front_end() {
    let t = T::started(&["ann", "bob"]);
    let r = t.say("ann", "move");
    assert!(!r[0].is_error, "`move` alone lists the legal steps");
    let r = t.say("ann", "undo maybe");
    assert!(r[0].is_error);
    let cmds: Vec<&str> = r[0].text.commands().iter().map(|c| c.path).collect();
    assert!(cmds.contains(&"undo"), "{:?}", r[0].text);
    assert!(
        r[0].text.contains("`accept`, `reject` or nothing"),
        "{}",
        r[0].text
    );
    let e = t.err("cy", "game leave");
    assert!(
        e.contains("`game resign`") || e.contains("not joined"),
        "{e}"
    );
    assert!(t.err("ann", "game status now").contains("not `now`"));
}

#[test]
fn help_comes_from_the_command_table() {
    let t = chat();
    let all = t.ok("ann", "help")[0].text.to_string();
    for c in table::COMMANDS {
        assert!(all.contains(&format!("**`{}`**", c.name)), "{all}");
    }
    let h = t.ok("ann", "help game")[0].text.to_string();
    for s in table::find_path("game").unwrap().subcommands {
        assert!(h.contains(&format!("`{}", s.path)), "{h}");
    }
    assert!(t.ok("ann", "help undo")[0]
        .text
        .contains("`undo [accept|reject]`"));
    assert!(t.err("ann", "help fly").contains("no help"));
}

#[test]
fn the_clock_is_the_injected_one() {
    let t = chat();
    t.clock.store(5_000, Ordering::SeqCst);
    let r = t.ok("ann", "remind vacation 1h");
    assert!(
        r[0].text
            .0
            .iter()
            .any(|s| matches!(s, Seg::Time { at: 8_600, .. })),
        "the vacation ends an hour after the injected now: {:?}",
        r[0].text
    );
}

// Issue 11, point 1: the replies of a committed step are in the outbox, written in the
// step's transaction, and read back equal to what the step returned.
#[test]
fn outbox_holds_a_committed_steps_replies_until_marked_delivered() {
    let t = T::started(&["ann", "bob"]);
    // The start's replies are delivered by the front end; here nobody marked them.
    let start_rows = t.chat.undelivered("discord", i64::MAX, 0).len();
    assert!(start_rows >= 1, "the start's replies are in the outbox");
    t.chat.mark_delivered_ids(
        &t.chat
            .undelivered("discord", i64::MAX, 0)
            .iter()
            .filter_map(|u| u.reply.outbox)
            .collect::<Vec<_>>(),
    );
    let mark = t.chat.outbox_mark();
    let replies = t.ok("ann", "move add 1; end");
    assert!(replies.iter().all(|r| r.outbox.is_some()), "{replies:?}");
    let stored = t.chat.undelivered("discord", mark, 0);
    assert!(stored.is_empty(), "rows after the mark are not offered");
    let stored = t.chat.undelivered("discord", i64::MAX, 0);
    assert_eq!(stored.len(), replies.len());
    for (s, r) in stored.iter().zip(&replies) {
        assert_eq!(s.place, place());
        assert_eq!(s.reply.text, r.text);
        assert_eq!(s.reply.visibility, r.visibility);
        assert_eq!(s.reply.pings, r.pings);
        assert_eq!(s.reply.buttons, r.buttons);
        assert_eq!(s.reply.image, r.image);
        assert_eq!(s.reply.outbox, r.outbox);
    }
    t.chat.mark_delivered(&replies.iter().collect::<Vec<_>>());
    assert!(t.chat.undelivered("discord", i64::MAX, 0).is_empty());
    // A refused step writes nothing.
    t.err("ann", "move add 1");
    assert!(t.chat.undelivered("discord", i64::MAX, 0).is_empty());
}

// Issue 11, point 1: a change that loses the race (stale version) stores no reply.
#[test]
fn outbox_gets_nothing_from_a_commit_that_is_refused() {
    let t = T::started(&["ann", "bob"]);
    let all: Vec<i64> = t
        .chat
        .undelivered("discord", i64::MAX, 0)
        .iter()
        .filter_map(|u| u.reply.outbox)
        .collect();
    t.chat.mark_delivered_ids(&all);
    let id = t
        .chat
        .lock()
        .store
        .log()
        .active_game("discord", "c1")
        .unwrap()
        .unwrap()
        .id;
    let v = t.version();
    let mut inner = t.chat.lock();
    let change = |p: &str| crate::store::Change {
        outbox: vec![crate::store::OutboxEntry {
            payload: p.into(),
            ..Default::default()
        }],
        ..Default::default()
    };
    inner
        .store
        .log_mut()
        .commit_full(id, v, change("a"), 1)
        .unwrap();
    assert!(inner
        .store
        .log_mut()
        .commit_full(id, v, change("b"), 1)
        .is_err());
    let left = inner
        .store
        .outbox()
        .undelivered("discord", i64::MAX, i64::MAX)
        .unwrap();
    assert_eq!(
        left.iter()
            .map(|p| p.entry.payload.as_str())
            .collect::<Vec<_>>(),
        vec!["a"]
    );
}

// Issue 11, point 2: the reminder schedule (who the game waits for, since when) is written
// in the step's own transaction. The after-commit hook panics like a process killed right
// after the commit: the schedule already names the new waiter.
#[test]
fn reminder_wait_moves_to_the_next_player_in_the_steps_transaction() {
    let mut t = T::started(&["ann", "bob"]);
    let id = t
        .chat
        .lock()
        .store
        .log()
        .active_game("discord", "c1")
        .unwrap()
        .unwrap()
        .id;
    assert_eq!(
        t.chat.lock().store.schedules().waits(id).unwrap(),
        vec![("id-ann".to_string(), 1_000)],
        "the start names the first player"
    );
    t.clock.store(2_000, Ordering::SeqCst);
    t.chat
        .set_hooks(Arc::new(OnceHooks::after_commit(Box::new(|| {
            panic!("killed right after the commit")
        }))));
    let r = t.say("ann", "move end");
    assert!(r[0].is_error, "the simulated crash surfaced: {r:?}");
    assert_eq!(t.log(), vec!["end"], "the step was committed");
    assert_eq!(
        t.chat.lock().store.schedules().waits(id).unwrap(),
        vec![("id-bob".to_string(), 2_000)],
        "the schedule names bob, waiting since the step, with no further call"
    );
}

// HIM-PROG-4 (issue 11, point 3): in play-by-post, when the game's deadline passes for a
// seat during the simultaneous programming, a default program is sealed for that seat and
// committed like any step; the channel hears who ran out of time and the commitment, never
// the program; a second call for the same wait changes nothing.
#[test]
fn him_prog_4_deadline_seals_a_default_program_for_the_late_seat() {
    let reg = Registry::builtin();
    if reg.get("himalaya").is_none() {
        return;
    }
    let clock = Arc::new(AtomicI64::new(1_000));
    let c2 = clock.clone();
    let t = T {
        chat: Chat::new(
            Store::open_in_memory().unwrap(),
            reg,
            Env {
                now: Box::new(move || c2.load(Ordering::SeqCst)),
                seed: Box::new(|| 77),
                rate_limit: false,
            },
        ),
        clock,
    };
    t.ok("ann", "game new himalaya absent=wait");
    t.ok("bob", "game join");
    t.ok("cy", "game join");
    t.ok("ann", "game start");
    t.ok("ann", "remind deadline 24h");
    let load = || {
        let l = t.chat.load_active(&place()).unwrap();
        let acting = l.game.as_ref().unwrap().status().acting().to_vec();
        (l.row.id, acting)
    };
    // Set-up steps (one seat at a time) until the simultaneous programming begins.
    let names = ["ann", "bob", "cy"];
    for _ in 0..200 {
        let l = t.chat.load_active(&place()).unwrap();
        let g = l.game.unwrap();
        let acting = g.status().acting().to_vec();
        if acting.len() >= 2 {
            break;
        }
        let step = g.default_step(acting[0]).unwrap();
        t.ok(names[acting[0]], &format!("move {step}"));
    }
    let (id, acting) = load();
    assert!(acting.len() >= 2, "programming is simultaneous: {acting:?}");
    assert!(acting.contains(&1), "bob must program: {acting:?}");
    let since = t
        .chat
        .lock()
        .store
        .schedules()
        .waits(id)
        .unwrap()
        .into_iter()
        .find(|(u, _)| u == "id-bob")
        .unwrap()
        .1;
    // A call for another wait (wrong start) does nothing.
    assert!(t
        .chat
        .deadline_passed(&place(), "id-bob", since + 1)
        .is_empty());
    t.clock.store(since + 25 * 3600, Ordering::SeqCst);
    let before = t.log().len();
    let r = t.chat.deadline_passed(&place(), "id-bob", since);
    let (_, acting_after) = load();
    assert!(
        !acting_after.contains(&1),
        "bob has sealed: {acting_after:?}"
    );
    let log = t.log();
    assert!(log.len() > before, "the default program is in the log");
    let bob_steps: Vec<String> = {
        let inner = t.chat.lock();
        inner
            .store
            .log()
            .actions(id)
            .unwrap()
            .into_iter()
            .skip(before)
            .filter(|a| a.seat == 1)
            .map(|a| a.step)
            .collect()
    };
    assert!(!bob_steps.is_empty());
    let public: Vec<String> = r
        .iter()
        .filter(|r| r.visibility == Visibility::Public)
        .map(|r| r.text.to_string())
        .collect();
    let text = public.join("\n");
    assert!(
        text.contains("**bob** ran out of time; a default program was sealed for them."),
        "{text}"
    );
    assert!(
        text.to_lowercase().contains("commit"),
        "the commitment is announced: {text}"
    );
    for s in &bob_steps {
        // A step that is not the seal itself (the program's content) never shows publicly.
        if s != "seal" {
            assert!(!text.contains(s.as_str()), "`{s}` leaked: {text}");
        }
    }
    let again = t.chat.deadline_passed(&place(), "id-bob", since);
    assert!(
        again.is_empty(),
        "a repeated call changes nothing: {again:?}"
    );
    assert_eq!(t.log(), log);
}

// Issue 11, point 5: a button carries the game version; a stale "vote to remove" button
// does nothing but explain, and its vote does not count.
#[test]
fn a_stale_kick_button_does_not_count_as_a_vote() {
    let t = T::started(&["ann", "bob", "cy"]);
    let old = t.version();
    t.ok("ann", "move add 1; end");
    let id = t
        .chat
        .lock()
        .store
        .log()
        .active_game("discord", "c1")
        .unwrap()
        .unwrap()
        .id;
    // bob, whose turn it is, has been waited for past the default deadline.
    t.clock
        .fetch_add(votes::DEFAULT_KICK_AFTER, Ordering::SeqCst);
    let mut press = req("cy", "game kick bob");
    press.expected_version = Some(old);
    let r = t.chat.handle(&press);
    assert!(
        r.len() == 1 && r[0].is_error && r[0].pings.is_empty(),
        "{r:?}"
    );
    assert!(
        r[0].text.to_string().contains("earlier moment"),
        "{}",
        r[0].text
    );
    assert!(t
        .chat
        .lock()
        .store
        .log()
        .voters(id, "kick:1")
        .unwrap()
        .is_empty());
    press.expected_version = Some(t.version());
    let r = t.chat.handle(&press);
    assert!(!r[0].is_error, "{r:?}");
    assert_eq!(
        t.chat.lock().store.log().voters(id, "kick:1").unwrap(),
        vec!["id-cy".to_string()]
    );
}

// Issue 11, point 5: a repeated identical vote changes nothing and pings nobody; the voter
// alone is told their vote is already in.
#[test]
fn a_repeated_vote_changes_nothing_and_pings_nobody() {
    let t = T::started(&["ann", "bob", "cy"]);
    let first = t.ok("bob", "game abort");
    assert!(!first[0].pings.is_empty(), "the first vote asks the others");
    let v = t.version();
    let again = t.say("bob", "game abort");
    assert_eq!(again.len(), 1, "{again:?}");
    assert!(again[0].is_error && again[0].pings.is_empty(), "{again:?}");
    assert_eq!(again[0].visibility, Visibility::Private("id-bob".into()));
    let text = again[0].text.to_string();
    assert!(
        text.contains("already in") && text.contains("ann"),
        "{text}"
    );
    assert_eq!(t.version(), v);
}

fn times_in(r: &Reply) -> Vec<i64> {
    r.text
        .0
        .iter()
        .filter_map(|s| match s {
            Seg::Time { at, .. } => Some(*at),
            _ => None,
        })
        .collect()
}

// Issue 11, point 6: a kick needs a reason in the game's clock. With a third player out,
// one of the last two cannot remove the other alone unless the game has waited for that
// player past the deadline (72 h without one); the refusal says why and from when.
#[test]
fn kick_by_vote_needs_the_target_waited_on_past_the_deadline() {
    let t = T::started(&["ann", "bob", "cy"]);
    t.ok("cy", "game resign");
    let v = t.version();
    // ann acts (since the start at 1000) but has not been waited for long enough.
    let r = t.say("bob", "game kick ann");
    assert!(
        r.len() == 1 && r[0].is_error && r[0].pings.is_empty(),
        "{r:?}"
    );
    let text = r[0].text.to_string();
    assert!(text.contains("ann") && text.contains("3d"), "{text}");
    assert!(
        times_in(&r[0]).contains(&(1_000 + votes::DEFAULT_KICK_AFTER)),
        "the refusal says when the kick becomes possible: {:?}",
        r[0].text
    );
    // bob is not the one the game waits for: never by vote, whatever the clock.
    t.clock
        .fetch_add(10 * votes::DEFAULT_KICK_AFTER, Ordering::SeqCst);
    let text = t.err("ann", "game kick bob");
    assert!(text.contains("not waiting for them"), "{text}");
    assert_eq!(t.version(), v, "refusals change nothing");
    assert!(t
        .chat
        .lock()
        .store
        .log()
        .voters(1, "kick:1")
        .unwrap()
        .is_empty());
    // Past the deadline, bob's vote alone (cy is out) removes ann.
    t.ok("bob", "game kick ann");
    assert!(t.chat.lock().store.log().seats(1).unwrap()[0].resigned);
}

// Issue 11, point 6: the game's own deadline (`remind deadline`) replaces the default, and
// the clock is the injected one; a channel admin can always remove a player.
#[test]
fn kick_by_vote_follows_the_games_deadline_and_admins_need_none() {
    let t = T::started(&["ann", "bob"]);
    t.ok("bob", "remind deadline 2h");
    t.clock.store(1_000 + 2 * 3600 - 60, Ordering::SeqCst);
    let r = t.say("bob", "game kick ann");
    assert!(r[0].is_error, "{r:?}");
    assert!(
        times_in(&r[0]).contains(&(1_000 + 2 * 3600)),
        "{:?}",
        r[0].text
    );
    t.clock.store(1_000 + 2 * 3600, Ordering::SeqCst);
    t.ok("bob", "game kick ann");
    assert!(t.chat.lock().store.log().seats(1).unwrap()[0].resigned);

    let t = T::started(&["ann", "bob"]);
    let mut r = req("dee", "game kick bob");
    r.user.is_channel_admin = true;
    assert!(!t.chat.handle(&r)[0].is_error);
    assert!(t.chat.lock().store.log().seats(1).unwrap()[1].resigned);
    // Abort keeps its vote: no clock needed.
    let t = T::started(&["ann", "bob"]);
    t.ok("ann", "game abort");
    t.ok("bob", "game abort");
}

// Issue 11, point 7: after the end, `game history` answers from the channel's last finished
// game, like `game status` and `board`; `game export` attaches the replay file with the seed.
#[test]
fn history_and_export_answer_after_the_end() {
    let t = T::started(&["ann", "bob"]);
    for i in 0..4 {
        t.ok("ann", "move add 2; add 1; end");
        if i < 3 {
            t.ok("bob", "move add 1; end");
        }
    }
    assert!(t.chat.status_json(&place())["status"]
        .get("Finished")
        .is_some());
    t.ok("bob", "game status");
    t.ok("bob", "board");
    let r = t.ok("bob", "game history 100");
    let text = r[0].text.to_string();
    assert!(
        text.contains("add 2") && text.contains("end"),
        "the finished game's log: {text}"
    );
    let r = t.ok("cy", "game export");
    let (name, bytes) = r[0].file.as_ref().expect("the replay file is attached");
    assert!(name.ends_with(".json"), "{name}");
    let json = String::from_utf8(bytes.clone()).unwrap();
    assert!(json.contains("\"seed\": 77"), "the seed is in: {json}");
    assert!(r[0].text.contains("with the seed"), "{}", r[0].text);
}

// Issue 11, point 8: the final message of a four-player Himalaya game played to the end
// never repeats a line (it said "The game is over" twice).
#[test]
fn the_final_message_of_a_four_player_himalaya_game_repeats_no_line() {
    let reg = Registry::builtin();
    let Some(kind) = reg.get("himalaya") else {
        return;
    };
    let names = ["ann", "bob", "cy", "dee"];
    let t = T {
        chat: Chat::new(Store::open_in_memory().unwrap(), reg, Env::fixed(1_000, 77)),
        clock: Arc::new(AtomicI64::new(0)),
    };
    t.ok("ann", "game new himalaya");
    for p in &names[1..] {
        t.ok(p, "game join");
    }
    t.ok("ann", "game start");
    let players: Vec<String> = names.iter().map(|s| s.to_string()).collect();
    let mut mirror = kind.setup(&players, &Options::new(), 77).unwrap();
    let mut last = Vec::new();
    let mut pick = GameRng::new(11);
    for _ in 0..20_000 {
        let Status::Acting(a) = mirror.status() else {
            break;
        };
        let seat = a[0];
        // Mostly random legal steps (a varied game), with defaults to move it along.
        let legal = mirror.legal(seat);
        let step = if pick.below(3) > 0 && !legal.is_empty() {
            legal[pick.below(legal.len())].notation.clone()
        } else {
            mirror.default_step(seat).expect("a default step")
        };
        mirror.play(seat, &step).unwrap();
        last = t.ok(names[seat], &format!("move {step}"));
    }
    assert!(mirror.status().is_finished(), "the game ended");
    // The final message answers the move; the timelapse and the replay file follow it
    // (issue 35: posted after the answer), each with its file.
    let files: Vec<String> = t
        .chat
        .post_end_files(1)
        .unwrap()
        .expect("the end files are owed")
        .replies
        .iter()
        .filter_map(|r| r.file.as_ref().map(|f| f.0.clone()))
        .collect();
    assert_eq!(
        files,
        ["sherpa-himalaya-1-timelapse.gif", "sherpa-himalaya-1.json"]
    );
    let public: Vec<&Reply> = public(&last);
    assert!(public.iter().all(|r| r.file.is_none()), "{last:?}");
    assert_eq!(public.len(), 1, "{last:?}");
    let text = public[0].text.to_string();
    eprintln!("final message ({} bytes):\n{text}", text.len());
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    for (i, a) in lines.iter().enumerate() {
        for b in &lines[i + 1..] {
            assert_ne!(a, b, "line repeated:\n{text}");
            if a.len().min(b.len()) >= 20 {
                assert!(
                    !a.contains(b) && !b.contains(a),
                    "a line repeated inside another:\n{a}\n{b}"
                );
            }
        }
    }
    assert_eq!(
        text.to_lowercase().matches("the game is over").count(),
        1,
        "{text}"
    );
}

// Issue 11, point 9: replies name commands in the platform's own syntax. The terminal
// (the plain rendering) writes `game join`, `undo accept`; nothing names a command as
// plain text, so Discord can write its slash form (checked in `discord::send`).
#[test]
fn replies_name_commands_as_references_for_each_front_end() {
    let t = T::started(&["ann", "bob"]);
    let help = t.ok("ann", "help")[0].text.clone();
    let paths: Vec<&str> = help.commands().iter().map(|c| c.path).collect();
    for c in table::COMMANDS {
        assert!(
            paths.contains(&c.path),
            "heading of {} is a reference",
            c.path
        );
    }
    let plain = help.to_string();
    assert!(
        plain.contains("`undo accept`") && plain.contains("`game join`"),
        "{plain}"
    );
    assert!(!plain.contains("`/"), "{plain}");
    for bad in ["fly", "help fly"] {
        let r = t.say("ann", bad);
        let r = r[0].text.clone();
        assert!(
            r.commands().iter().any(|c| c.path == "move"),
            "the command list is made of references: {r:?}"
        );
    }
    let r = t.say("ann", "remind dm maybe");
    assert!(r[0].is_error);
    let c = r[0].text.commands();
    assert!(
        c.iter()
            .any(|c| c.path == "remind" && c.args == vec!["dm".to_string(), "on".to_string()]),
        "{:?}",
        r[0].text
    );
    assert!(r[0].text.contains("`remind dm on`"), "{}", r[0].text);
}

// Issue 11, point 10: the suggestions rank the short steps that end or pass a turn first
// (so `end` is among even the first few), and a chain longer than Discord's 100 characters
// still gets suggestions for its last step, whose text plays the same steps.
#[test]
fn autocomplete_ranks_turn_ending_steps_first_and_fits_long_chains() {
    let t = T::started(&["ann", "bob"]);
    let s = t.chat.suggest_steps(&place(), "id-ann", "", 2);
    assert_eq!(s[0].notation, "end", "{s:?}");
    assert_eq!(s[1].notation, "add 1", "then the game's order: {s:?}");
    let chain = "hide; ".repeat(20);
    assert!(chain.len() > 100);
    let s = t
        .chat
        .suggest_steps_within(&place(), "id-ann", &format!("{chain}en"), 25, 100);
    assert_eq!(s.len(), 1, "{s:?}");
    assert!(s[0].notation.chars().count() <= 100, "{}", s[0].notation);
    assert!(s[0].notation.ends_with("end"), "{}", s[0].notation);
    let s = t
        .chat
        .suggest_steps_within(&place(), "id-ann", &chain, 25, 100);
    assert!(s.len() >= 4 && s[0].notation.ends_with("end"), "{s:?}");
    // The shortened text plays the same 20 hides and the end.
    let s = t
        .chat
        .suggest_steps_within(&place(), "id-ann", &format!("{chain}en"), 25, 100);
    t.ok("ann", &format!("move {}", s[0].notation));
    let log = t.log();
    assert_eq!(log.iter().filter(|s| *s == "hide").count(), 20, "{log:?}");
    assert_eq!(log.last().map(String::as_str), Some("end"));
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

/// Speed and scale: the loaded-game cache is bounded, and a game evicted from it reloads
/// from its snapshot (no replay of the log).
#[test]
fn game_cache_is_bounded_and_evicted_games_reload_from_their_snapshot() {
    let t = T::started(&["ann", "bob"]);
    t.chat.set_cache_capacity(1);
    let other = Place {
        channel: "c2".into(),
        ..place()
    };
    let in_other = |user: &str, text: &str| {
        let mut r = req(user, text);
        r.place = other.clone();
        let out = t.chat.handle(&r);
        assert!(
            !out.iter().any(|r| r.is_error),
            "`{text}`: {:?}",
            out[0].text
        );
    };
    in_other("cy", "game new count");
    in_other("dee", "game join");
    in_other("cy", "game start");
    for _ in 0..3 {
        t.ok("ann", "move add 1; end");
        in_other("cy", "move add 2; end");
        t.ok("bob", "move add 1; end");
        in_other("dee", "move add 1; end");
        assert!(
            t.chat.lock().cache.ids().len() <= 1,
            "the cache holds one game"
        );
    }
    assert_eq!(
        t.chat.lock().replays,
        0,
        "evicted games came back from snapshots"
    );
    let inner = t.chat.lock();
    let pos = |id: i64| -> Vec<u32> {
        let g: Count =
            serde_json::from_slice(&inner.store.log().snapshot(id).unwrap().unwrap().1).unwrap();
        g.pos
    };
    assert_eq!(pos(1), vec![3, 3]);
    assert_eq!(pos(2), vec![6, 3]);
}

/// Speed and scale: start-up does not load healthy games (they load lazily); a game with a
/// missing snapshot is rebuilt by replay at start-up, one of an unknown kind is reported.
#[test]
fn start_up_check_loads_only_games_that_need_it() {
    let t = T::started(&["ann", "bob"]);
    t.ok("ann", "move add 2; end");
    let other = Place {
        channel: "c2".into(),
        ..place()
    };
    for (user, text) in [
        ("cy", "game new count"),
        ("dee", "game join"),
        ("cy", "game start"),
    ] {
        let mut r = req(user, text);
        r.place = other.clone();
        assert!(!t.chat.handle(&r)[0].is_error);
    }
    {
        let mut inner = t.chat.lock();
        inner.store.debug_drop_snapshot(1).unwrap();
        inner.cache.clear();
    }
    assert!(t.chat.check_games().is_empty());
    {
        let inner = t.chat.lock();
        assert_eq!(
            inner.cache.ids(),
            vec![1],
            "only the game without a snapshot was loaded"
        );
        assert_eq!(inner.replays, 1);
        assert!(
            inner.store.log().snapshot(1).unwrap().is_some(),
            "and its snapshot rebuilt"
        );
    }
    t.ok("bob", "move add 1");
    let mut r = req("cy", "move add 1");
    r.place = other;
    assert!(
        !t.chat.handle(&r)[0].is_error,
        "the lazily loaded game plays"
    );
}

fn stored_count(t: &T) -> Count {
    serde_json::from_slice(&t.chat.lock().store.log().snapshot(1).unwrap().unwrap().1).unwrap()
}

/// Speed and scale: an undo late in a long game replays from the nearest checkpoint still
/// on the line of play, not from the seed. The checkpoint is tampered with so the result
/// shows whether it was used.
#[test]
fn undo_replays_from_the_nearest_checkpoint_still_in_effect() {
    let t = T::started(&["ann", "bob"]);
    // Slowly enough for the rate limit.
    let ok = |text: &str| {
        t.clock.fetch_add(5, Ordering::SeqCst);
        t.ok("ann", text);
    };
    for _ in 0..105 {
        ok("move hide");
    }
    assert_eq!(
        t.chat.lock().store.log().checkpoint_seqs(1).unwrap(),
        vec![crate::store::CHECKPOINT_EVERY]
    );
    let mut tampered = stored_count(&t);
    tampered.hidden[0] = 1000;
    t.chat
        .lock()
        .store
        .debug_set_checkpoint(1, 100, &serde_json::to_vec(&tampered).unwrap())
        .unwrap();
    // 105 hides in effect; the undo leaves 104: checkpoint (100) + 4 replayed steps.
    ok("undo");
    assert_eq!(
        stored_count(&t).hidden[0],
        1004,
        "rebuilt from the checkpoint"
    );
    // Back below the checkpoint: it no longer describes the line of play.
    for _ in 0..5 {
        ok("undo");
    }
    assert_eq!(stored_count(&t).hidden[0], 99, "rebuilt from the seed");
    // A new line of play past the checkpoint's depth: same depth, other steps.
    ok("move hide");
    ok("move hide");
    ok("undo");
    assert_eq!(
        stored_count(&t).hidden[0],
        100,
        "a checkpoint whose steps were taken back is not used"
    );
}

fn req_in(user: &str, guild: &str, channel: &str, text: &str) -> Request {
    Request {
        place: Place {
            platform: "discord".into(),
            guild: Some(guild.into()),
            channel: channel.into(),
        },
        ..req(user, text)
    }
}

/// Issue 17, `games`: a player's games in this server, the ones waiting for them first
/// (with channel, whose turn and since when), privately; `games all` lists every game in
/// the server, this channel's first. Games of other servers never show, nor (where the
/// platform has private channels) games in channels the asker may not see unless seated.
#[test]
fn games_lists_your_games_your_turn_first_and_all_lists_the_servers() {
    let t = T::started(&["ann", "bob"]); // c1: ann's turn since 1000
    t.clock.store(2_000, Ordering::SeqCst);
    for (u, text) in [("bob", "game new count"), ("ann", "game join")] {
        assert!(!t.chat.handle(&req_in(u, "g", "c2", text))[0].is_error);
    }
    assert!(!t.chat.handle(&req_in("bob", "g", "c2", "game start"))[0].is_error); // bob's turn
    t.clock.store(3_000, Ordering::SeqCst);
    // c3: bob opens, ann joins; after bob's first turn it is ann's.
    for (u, text) in [("bob", "game new count"), ("ann", "game join")] {
        assert!(!t.chat.handle(&req_in(u, "g", "c3", text))[0].is_error);
    }
    assert!(!t.chat.handle(&req_in("bob", "g", "c3", "game start"))[0].is_error);
    assert!(!t.chat.handle(&req_in("bob", "g", "c3", "move end"))[0].is_error); // ann's turn since 3000
    assert!(!t.chat.handle(&req_in("cy", "g", "c4", "game new count"))[0].is_error); // a lobby
    assert!(
        !t.chat
            .handle(&req_in("cy", "other", "c5", "game new count"))[0]
            .is_error
    );
    t.clock.store(3_600 + 1_000, Ordering::SeqCst);
    let syntax = Plain {
        utc_offset_min: 0,
        now: Some(3_600 + 1_000),
    };

    let r = t.chat.handle(&req_in("ann", "g", "c2", "games"));
    assert_eq!(r.len(), 1);
    assert_eq!(r[0].visibility, Visibility::Private("id-ann".into()));
    assert!(r[0].pings.is_empty());
    let s = r[0].text.render(&syntax);
    let lines: Vec<&str> = s.lines().collect();
    assert_eq!(lines[0], "Your games in this server (3):", "{s}");
    // ann's turn in c1 (since 1000) before c3 (since 3000); then c2, waiting for bob.
    assert_eq!(
        lines[1], "- **Count** #1 in #c1: **your turn** since 1 h 0 min ago.",
        "{s}"
    );
    assert_eq!(
        lines[2], "- **Count** #3 in #c3: **your turn** since 26 min ago.",
        "{s}"
    );
    assert_eq!(
        lines[3], "- **Count** #2 in #c2: waiting for **bob** since 43 min ago.",
        "{s}"
    );
    assert!(!s.contains("#c4") && !s.contains("#c5"), "{s}");
    let channels: Vec<&Seg> = r[0]
        .text
        .0
        .iter()
        .filter(|g| matches!(g, Seg::Channel(_)))
        .collect();
    assert_eq!(
        channels.len(),
        3,
        "channels are segments (Discord links them)"
    );

    let s = t.chat.handle(&req_in("ann", "g", "c2", "games all"))[0]
        .text
        .render(&syntax);
    let lines: Vec<&str> = s.lines().collect();
    assert_eq!(lines[0], "Games in this server (4):", "{s}");
    assert!(lines[1].contains("#c2"), "this channel's game first: {s}");
    assert!(
        s.contains("- **Count** #4 in #c4: waiting to start, 1 seated (cy)."),
        "{s}"
    );
    assert!(!s.contains("#c5"), "another server's game: {s}");

    let s = t.chat.handle(&req_in("dan", "g", "c2", "games"))[0]
        .text
        .render(&syntax);
    assert!(s.starts_with("You have no game in this server."), "{s}");
    let e = t.err("ann", "games mine");
    assert!(e.contains("`games` takes") && e.contains("all"), "{e}");

    // Private channels: dan, seated nowhere and seeing only c2 and c4, is shown the
    // games of the channels he may see (c2, asked in; c4) and none of c1 or c3.
    let mut r = req_in("dan", "g", "c2", "games all");
    r.visible_channels = Some(["c4".to_string()].into());
    let s = t.chat.handle(&r)[0].text.render(&syntax);
    assert!(s.starts_with("Games in this server (2):"), "{s}");
    assert!(s.contains("#c2") && s.contains("#c4"), "{s}");
    assert!(!s.contains("#c1") && !s.contains("#c3"), "{s}");
    // ann sees no other channel but is seated in c1 and c3: her own games stay listed.
    let mut r = req_in("ann", "g", "c2", "games all");
    r.visible_channels = Some(Default::default());
    let s = t.chat.handle(&r)[0].text.render(&syntax);
    assert!(s.starts_with("Games in this server (3):"), "{s}");
    assert!(
        !s.contains("#c4"),
        "cy's lobby in a channel ann may not see: {s}"
    );
}

/// Issue 17, digest: a player's daily digest lists exactly the games of that server
/// waiting for them (longest wait first, as `games` shows them), names the channel of the
/// longest wait, and is `None` when nothing waits for them.
#[test]
fn digest_lists_only_this_servers_games_waiting_for_the_player() {
    let t = T::started(&["ann", "bob"]); // c1: ann's turn since 1000
    t.clock.store(2_000, Ordering::SeqCst);
    for (u, text) in [
        ("bob", "game new count"),
        ("ann", "game join"),
        ("bob", "game start"),
    ] {
        assert!(!t.chat.handle(&req_in(u, "g", "c2", text))[0].is_error); // bob's turn
    }
    for (u, text) in [
        ("ann", "game new count"),
        ("bob", "game join"),
        ("ann", "game start"),
    ] {
        assert!(!t.chat.handle(&req_in(u, "other", "c5", text))[0].is_error); // ann's turn
    }
    t.clock.store(4_600, Ordering::SeqCst);
    let syntax = Plain {
        utc_offset_min: 0,
        now: Some(4_600),
    };
    let d = t
        .chat
        .digest("discord", Some("g"), "id-ann")
        .unwrap()
        .expect("a game waits for ann");
    assert_eq!((d.games, d.channel.as_str()), (1, "c1"));
    let s = d.text.render(&syntax);
    let lines: Vec<&str> = s.lines().collect();
    assert_eq!(
        lines[0], "@ann, your daily digest: 1 game in this server waits for you:",
        "{s}"
    );
    assert_eq!(
        lines[1], "- **Count** #1 in #c1: **your turn** since 1 h 0 min ago.",
        "{s}"
    );
    assert!(!s.contains("#c2") && !s.contains("#c5"), "{s}");
    assert_eq!(d.text.mentions(), vec!["id-ann"]);
    assert_eq!(d.channel_text, d.text, "one game, in the digest's channel");
    let bob = t
        .chat
        .digest("discord", Some("g"), "id-bob")
        .unwrap()
        .unwrap();
    assert_eq!((bob.games, bob.channel.as_str()), (1, "c2"));
    let other = t
        .chat
        .digest("discord", Some("other"), "id-ann")
        .unwrap()
        .unwrap();
    assert_eq!(other.channel, "c5");
    assert_eq!(t.chat.digest("discord", Some("g"), "id-cy").unwrap(), None);
    // Once ann has played, nothing in this server waits for her: no digest.
    t.ok("ann", "move end");
    assert_eq!(t.chat.digest("discord", Some("g"), "id-ann").unwrap(), None);
    assert_eq!(
        t.chat
            .digest("discord", Some("g"), "id-bob")
            .unwrap()
            .map(|d| d.games),
        Some(2)
    );
    // Posted in a channel (DMs closed), bob's digest lists only that channel's game and
    // counts the other: everyone there reads it.
    let bob = t
        .chat
        .digest("discord", Some("g"), "id-bob")
        .unwrap()
        .unwrap();
    assert_eq!(bob.channel, "c2");
    let dm = bob.text.render(&syntax);
    assert!(dm.contains("#c1") && dm.contains("#c2"), "{dm}");
    let public = bob.channel_text.render(&syntax);
    assert!(
        public.contains("#c2") && !public.contains("#c1"),
        "{public}"
    );
    assert!(
        public.contains("…and 1 in other channels; `games` lists them"),
        "{public}"
    );
}

/// Issue 17, rematch: the final message carries a Rematch button; pressed (or `game
/// rematch`) by a player of the finished game it opens a lobby in the same channel with
/// the same game and options and a new seed, pinging the others; only they may join, they
/// keep their seats whatever order they join in, and the game deals itself once all are
/// back.
#[test]
fn rematch_opens_a_lobby_with_the_same_seats_and_deals_once_all_are_back() {
    let seeds = Arc::new(AtomicI64::new(77));
    let s2 = seeds.clone();
    let t = T {
        chat: Chat::new(
            Store::open_in_memory().unwrap(),
            registry(),
            Env {
                now: Box::new(|| 1_000),
                seed: Box::new(move || s2.fetch_add(1, Ordering::SeqCst) as u64),
                rate_limit: false,
            },
        ),
        clock: Arc::new(AtomicI64::new(1_000)),
    };
    t.ok("ann", "game new count goal=6");
    t.ok("bob", "game join");
    t.ok("ann", "game start");
    let e = t.err("ann", "game rematch");
    assert!(e.contains("game abort"), "a game is open here: {e}");
    let mut last = vec![];
    for i in 0..3 {
        last = t.ok("ann", "move add 2; add 2; end");
        if i < 2 {
            t.ok("bob", "move end");
        }
    }
    let store_game = |id: i64| t.chat.lock().store.log().game(id).unwrap();
    assert_eq!(store_game(1).status, crate::store::GameStatus::Finished);
    let button = last
        .iter()
        .flat_map(|r| r.buttons.iter())
        .find(|b| b.label == "Rematch")
        .expect("a Rematch button under the final message")
        .clone();
    assert_eq!(button.command, "game rematch");
    let press = |user: &str, version: i64| {
        t.chat.handle(&Request {
            expected_version: Some(version),
            visible_channels: None,
            ..req(user, &button.command)
        })
    };
    let r = press("cy", button.version);
    assert!(
        r[0].is_error
            && r[0]
                .text
                .contains("only the last game's players (ann, bob)")
    );
    assert!(t
        .chat
        .lock()
        .store
        .log()
        .active_game("discord", "c1")
        .unwrap()
        .is_none());

    let r = press("bob", button.version);
    assert!(!r[0].is_error, "{}", r[0].text);
    assert_eq!(r[0].visibility, Visibility::Public);
    assert_eq!(r[0].pings, ["id-ann"]);
    assert!(r[0].text.contains("rematch of game #1"), "{}", r[0].text);
    let lobby = store_game(2);
    assert_eq!(lobby.status, crate::store::GameStatus::Lobby);
    assert_eq!(
        (lobby.kind.as_str(), lobby.channel.as_str()),
        ("count", "c1")
    );
    assert_eq!(lobby.options, store_game(1).options);
    assert_eq!(lobby.options.get("goal").map(String::as_str), Some("6"));
    assert_ne!(lobby.seed, store_game(1).seed, "a new deal");
    // Issue 35: the Rematch pressed again while its lobby is open joins (or says why not),
    // never a version number.
    let again = press("bob", button.version);
    assert!(
        again[0].is_error && !again[0].text.contains("version"),
        "{}",
        again[0].text
    );
    assert!(t.err("cy", "game join").contains("this is a rematch"));

    let r = press("ann", button.version);
    assert!(
        r.iter().any(|r| r.text.contains("begins with ann, bob")),
        "all are back: it deals itself, in the old seat order: {r:?}"
    );
    let seats = t.chat.lock().store.log().seats(2).unwrap();
    let order: Vec<(&str, usize)> = seats.iter().map(|s| (s.user_id.as_str(), s.seat)).collect();
    assert_eq!(order, [("id-ann", 0), ("id-bob", 1)]);
    assert_eq!(store_game(2).status, crate::store::GameStatus::Running);
    assert!(
        t.err("bob", "move end").contains("ann"),
        "ann, seat 1, acts first"
    );
    // An old Rematch after the rematch began: the same answer as `game join`, no version.
    let late = press("bob", button.version);
    assert!(
        late[0].is_error && late[0].text.contains("already started"),
        "{}",
        late[0].text
    );
}

// ---- thread per game (issue #17) ----

/// Where there are no threads (the terminal, or any front end that does not take the thread
/// word out first), `game new … thread` is refused with a clear reason and creates nothing;
/// `thread=false` is accepted and is not a game option; a bad value says what is accepted.
#[test]
fn game_new_with_thread_is_refused_where_threads_do_not_exist() {
    let t = chat();
    for text in [
        "game new count thread=true",
        "game new count thread:true",
        "game new count goal=6 thread",
        "game new count THREAD=Yes",
    ] {
        let e = t.err("ann", text);
        assert!(
            e.contains("only on Discord") && e.contains("nothing was created"),
            "{text}: {e}"
        );
        assert!(e.contains("game new <game> [key=value …]"), "{text}: {e}");
    }
    let e = t.err("ann", "game new count thread=maybe");
    assert!(
        e.contains("`thread` is `true`") && e.contains("`false`"),
        "{e}"
    );
    let none = t
        .chat
        .lock()
        .store
        .log()
        .active_game("discord", "c1")
        .unwrap();
    assert!(none.is_none(), "nothing was created");
    let r = t.ok("ann", "game new count thread=false goal=6");
    assert!(r[0].text.contains("options: goal=6;"), "{}", r[0].text);
    let g = t
        .chat
        .lock()
        .store
        .log()
        .active_game("discord", "c1")
        .unwrap()
        .unwrap();
    assert!(!g.options.contains_key("thread"), "{:?}", g.options);
}

/// The plan of a `game new` for a thread: checked like the command (a bad game or option
/// is refused and nothing is created), the command without the thread word, the thread's
/// name from the game and the cleaned opener's name, and the linking line.
#[test]
fn plan_new_game_checks_the_command_and_names_the_thread() {
    let t = chat();
    let plan = t
        .chat
        .plan_new_game(&req("ann", "game new co goal=6 thread:true"))
        .unwrap();
    assert_eq!(
        plan,
        NewGamePlan {
            thread: true,
            command: "game new count goal=6".into(),
            thread_name: "Count — ann's table".into(),
            game_name: "Count".into(),
            opener: "ann".into(),
        }
    );
    let plain = t.chat.plan_new_game(&req("ann", "g new count")).unwrap();
    assert!(!plain.thread);
    assert_eq!(plain.command, "game new count");
    // The opener's name is cleaned like a seat's: no mentions or markup in a thread name.
    let odd = t
        .chat
        .plan_new_game(&req("@everyone <#1> **x**", "game new count thread"))
        .unwrap();
    assert_eq!(odd.thread_name, "Count — -everyone --1- --x--'s table");
    assert!(odd.thread_name.chars().count() <= MAX_THREAD_NAME);
    let long = t
        .chat
        .plan_new_game(&req(&"n".repeat(500), "game new count thread"))
        .unwrap();
    assert!(long.thread_name.chars().count() <= MAX_THREAD_NAME);
    for (text, want) in [
        ("game new chess thread", "games: count"),
        ("game new count goal=7 thread", "6"),
        ("game new count goal thread", "key=value"),
        ("game new count thread=maybe", "`thread` is `true`"),
        ("game new", "name a game"),
    ] {
        let e = t.chat.plan_new_game(&req("ann", text)).unwrap_err();
        assert!(e.to_string().contains(want), "{text}: {e}");
    }
    assert_eq!(
        t.chat.plan_new_game(&req("ann", "game join")),
        Err(LobbyError::Core(CoreError::Internal)),
        "only game new has a plan"
    );
    assert!(
        t.chat
            .lock()
            .store
            .log()
            .active_game("discord", "c1")
            .unwrap()
            .is_none(),
        "planning creates nothing"
    );
    let line = plan.link_line("T1");
    assert_eq!(line.visibility, Visibility::Public);
    assert!(line.pings.is_empty());
    assert_eq!(
        line.text.to_string(),
        "**ann** opened a game of **Count** in its own thread: #T1. Join it there with `game join`."
    );
}

/// `thread` is the word for a thread, so no game may have an option of that name.
#[test]
fn no_game_has_an_option_named_thread() {
    for kind in Registry::builtin().all() {
        assert!(
            kind.options()
                .iter()
                .all(|o| !o.key.eq_ignore_ascii_case("thread")),
            "{}",
            kind.id()
        );
    }
}

// ---- ratings and stats (issue 17) ----

/// A player's result rows of game `id`: (user id, place, won, resigned), by seat.
fn results(t: &T, id: i64) -> Vec<(String, u32, bool, bool)> {
    t.chat
        .lock()
        .store
        .results()
        .game_results(id)
        .unwrap()
        .into_iter()
        .map(|r| (r.user_id, r.place, r.won, r.resigned))
        .collect()
}

/// Issue 17: the change that finishes a game records each player's place in its
/// transaction; bob resigned, so he is last although the game itself tied him with cy;
/// `stats` then shows the ratings recomputed from those rows.
#[test]
fn a_finished_game_records_results_with_the_resigned_player_last() {
    let t = T::started(&["ann", "bob", "cy"]);
    t.ok("bob", "game resign");
    for i in 0..3 {
        t.ok("ann", "move add 2; add 2; end");
        if i < 2 {
            assert!(results(&t, 1).is_empty(), "nothing before the end");
            t.ok("cy", "move end");
        }
    }
    // The game placed ann first and bob and cy second together.
    assert_eq!(
        results(&t, 1),
        [
            ("id-ann".to_string(), 1, true, false),
            ("id-bob".to_string(), 3, false, true),
            ("id-cy".to_string(), 2, false, false),
        ]
    );
    let r = t.ok("cy", "stats count");
    assert_eq!(r[0].visibility, Visibility::Public);
    let text = r[0].text.to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].contains("top 3 of 3 players, 1 finished game"),
        "{text}"
    );
    assert!(lines[1].starts_with("1. **ann** — rating "), "{text}");
    assert!(lines[2].starts_with("2. **cy** — "), "{text}");
    assert!(lines[3].starts_with("3. **bob** — "), "{text}");
    assert!(
        lines[3].contains("1 game, 0 wins, average place 3.00"),
        "{text}"
    );
    // Weng-Lin, three new players placed 1, 2, 3: ann's μ is 25 + 5.270462766947 (half a
    // point above expectation against each of two equal opponents; see `ratings`).
    assert!(lines[1].contains("(μ 30.3 ± 7.8)"), "{text}");

    // One player: by name, by a unique beginning, by mention; and without a game.
    for ask in [
        "stats count bob",
        "stats count B",
        "stats count <@id-bob>",
        "stats bo",
    ] {
        let text = t.ok("ann", ask)[0].text.to_string();
        assert!(text.starts_with("**bob** in this server"), "{ask}: {text}");
        assert!(text.contains("- **Count**: rating "), "{ask}: {text}");
        assert!(text.contains("; rank 3 of 3"), "{ask}: {text}");
    }
    // Your own figures in every game.
    let text = t.ok("ann", "stats")[0].text.to_string();
    assert!(
        text.contains("1 game, 1 win, average place 1.00; rank 1 of 3"),
        "{text}"
    );
}

/// Issue 17, ratings: a game that finished before results were recorded (migration 0007
/// lists it) gets the same results the finishing change records now, once: at start-up
/// (`backfill_results`) or before `stats` answers.
#[test]
fn games_finished_before_results_were_recorded_are_rated_once() {
    let t = T::started(&["ann", "bob", "cy"]);
    t.ok("bob", "game resign");
    t.ann_wins_against("cy");
    let recorded = results(&t, 1);
    assert_eq!(recorded.len(), 3);
    let as_before_0007 = || {
        let mut inner = t.chat.lock();
        inner
            .store
            .debug_exec("DELETE FROM results; INSERT INTO results_backfill (game_id) VALUES (1)")
            .unwrap();
        inner.cache.clear();
    };
    as_before_0007();
    assert!(results(&t, 1).is_empty());
    assert_eq!(t.chat.backfill_results().unwrap(), 1);
    assert_eq!(
        results(&t, 1),
        recorded,
        "the places the finishing change records"
    );
    assert_eq!(t.chat.backfill_results().unwrap(), 0, "once");
    assert_eq!(results(&t, 1), recorded);
    // Where nothing ran it at start-up (the terminal), `stats` records it first.
    as_before_0007();
    let r = t.ok("cy", "stats count");
    assert!(
        r[0].text.to_string().contains("1 finished game"),
        "{}",
        r[0].text
    );
    assert_eq!(results(&t, 1), recorded);
}
/// Issue 17: aborted games record nothing, neither by vote nor when every player resigned,
/// so they never count.
#[test]
fn aborted_and_abandoned_games_record_no_results() {
    let t = T::started(&["ann", "bob"]);
    t.ok("ann", "move add 2");
    t.ok("ann", "game abort");
    t.ok("bob", "game abort");
    t.ok("ann", "game new count");
    t.ok("bob", "game join");
    t.ok("ann", "game start");
    t.ok("ann", "game resign");
    t.ok("bob", "game resign");
    let games = t
        .chat
        .lock()
        .store
        .debug_query_i64("SELECT COUNT(*) FROM games WHERE status = 'aborted'")
        .unwrap();
    assert_eq!(games, 2);
    let rows = t
        .chat
        .lock()
        .store
        .debug_query_i64("SELECT COUNT(*) FROM results")
        .unwrap();
    assert_eq!(rows, 0);
    let text = t.ok("ann", "stats count")[0].text.to_string();
    assert!(text.contains("No game of **Count** has finished"), "{text}");
    let text = t.ok("ann", "stats")[0].text.to_string();
    assert!(text.contains("You have no finished game"), "{text}");
}

/// Issue 17: `stats` with a player nobody knows, or a name several match, says what is
/// accepted; a word that is neither a game nor a player says both.
#[test]
fn stats_errors_name_the_players_and_games_it_knows() {
    let t = T::started(&["ann", "anna"]);
    t.ann_wins_against("anna");
    let e = t.err("anna", "stats count zed");
    assert!(
        e.contains("no finished game of Count in this server by a player `zed`"),
        "{e}"
    );
    assert!(e.contains("players with one: ann, anna"), "{e}");
    let e = t.err("anna", "stats zed");
    assert!(e.contains("not a game either (games: count)"), "{e}");
    let e = t.err("anna", "stats count an");
    assert!(e.contains("`an` could be anna or ann"), "{e}");
    // An exact name wins over a longer one it begins.
    let text = t.ok("anna", "stats count ann")[0].text.to_string();
    assert!(text.starts_with("**ann** in this server"), "{text}");
}

/// Issue 17: junk given to `stats` never panics, never echoes a mass mention and changes
/// no result.
#[test]
fn stats_with_junk_input_answers_and_changes_nothing() {
    let t = T::started(&["ann", "bob"]);
    t.ann_wins_against("bob");
    let count = || {
        t.chat
            .lock()
            .store
            .debug_query_i64("SELECT COUNT(*) FROM results")
            .unwrap()
    };
    assert_eq!(count(), 2);
    let long = "z".repeat(1900);
    for junk in [
        "@everyone",
        "count @here",
        "<@&456>",
        "'; DROP TABLE results; --",
        "\u{202e}ann",
        "count count count",
        "count <@>",
        "c",
        long.as_str(),
    ] {
        t.clock.fetch_add(100, Ordering::SeqCst);
        let r = t.say("cy", &format!("stats {junk}"));
        assert_eq!(r.len(), 1, "{junk}");
        let text = r[0].text.to_string();
        assert!(
            !text.contains("@everyone") && !text.contains("@here"),
            "{junk}: {text}"
        );
        assert!(r[0].pings.is_empty(), "{junk}");
        assert!(text.len() < 4000, "{junk}");
    }
    assert_eq!(count(), 2);
}

/// `remind reset` puts everything back to the defaults, the daily digest of this server
/// included (in one transaction with the settings); another server's digest is its own.
#[test]
fn remind_reset_turns_this_servers_digest_off_too() {
    let t = T::started(&["ann", "bob"]);
    let syntax = Plain {
        utc_offset_min: 0,
        now: None,
    };
    let say = |guild: &str, text: &str| {
        let r = t.chat.handle(&req_in("ann", guild, "c1", text));
        assert!(!r[0].is_error, "{text}: {}", r[0].text.render(&syntax));
        r[0].text.render(&syntax)
    };
    say("g", "remind digest daily 09:00");
    say("other", "remind digest daily 10:00");
    say("g", "remind delay 5h");
    let s = say("g", "remind reset");
    assert!(s.contains("daily digest here turned off"), "{s}");
    let s = say("g", "remind");
    assert!(s.contains("Daily digest in this server: off"), "{s}");
    assert!(
        s.contains("first after 12h"),
        "the delay is back to its default: {s}"
    );
    let s = say("other", "remind");
    assert!(s.contains("Daily digest in this server: **10:00**"), "{s}");
    // With no digest on, the reset says nothing about one.
    let s = say("other", "remind digest off");
    assert!(s.contains("turned off"), "{s}");
    let s = say("other", "remind reset");
    assert!(!s.contains("digest here turned off"), "{s}");
}

#[test]
fn lock_timing_counts_only_while_turned_on() {
    let mut t = T::started(&["ann", "bob"]);
    let timer = Arc::new(LockTimer::default());
    t.chat.set_hooks(timer.clone());
    assert_eq!(timer.times(), LockTimes::default(), "off by default");
    t.ok("ann", "move add 1");
    assert_eq!(
        timer.times(),
        LockTimes::default(),
        "nothing counted while off"
    );
    timer.time(true);
    t.ok("ann", "move add 1; end");
    let on = timer.times();
    // A move reads the game and commits it: at least two separate holds of the lock.
    assert!(on.taken >= 2, "{on:?}");
    assert!(on.held > std::time::Duration::ZERO, "{on:?}");
    timer.time(false);
    assert_eq!(
        timer.times(),
        LockTimes::default(),
        "turning it off resets it"
    );
    t.ok("bob", "move add 2");
    assert_eq!(timer.times(), LockTimes::default());
}

/// The text of a due notice's message in the channel, rendered as on Discord's side (the
/// platform-neutral rendering with the mention's id).
fn notice_here(n: &DueNotice) -> &Reply {
    match &n.send {
        Notice::Message(m) => &m.here,
        Notice::Replies(r) => panic!("a message was expected, not replies: {r:?}"),
    }
}

#[test]
fn a_due_reminder_is_worded_by_the_chat_core_and_claimed_once() {
    let t = T::started(&["ann", "bob"]);
    let defaults = crate::reminders::ReminderDefaults::default();
    assert!(t.chat.due_notices("discord", &defaults).unwrap().is_empty());
    let start = t.clock.load(Ordering::SeqCst);
    t.clock.store(start + 13 * 3600, Ordering::SeqCst);
    let due = t.chat.due_notices("discord", &defaults).unwrap();
    assert_eq!(due.len(), 1, "{due:?}");
    let n = &due[0];
    assert_eq!(n.place, place());
    let Notice::Message(m) = &n.send else {
        panic!("{n:?}")
    };
    let here = &m.here;
    assert_eq!(m.channel, "c1");
    assert!(m.direct.is_none(), "reminders go to the channel by default");
    assert!(m.silent, "a reminder in the channel is silent");
    assert_eq!(here.pings, vec!["id-ann"]);
    assert_eq!(here.text.mentions(), vec!["id-ann"]);
    assert!(
        !here.text.contains("<@"),
        "no Discord markup: {}",
        here.text
    );
    let shown = here.text.to_string();
    assert!(
        shown.starts_with("@ann, it is your turn in **count** (waiting since"),
        "{shown}"
    );
    assert!(
        shown.contains("Reminder 1 of 3; `remind` changes these."),
        "{shown}"
    );
    // Claimed: not offered again within the claim's lease; once marked, never again.
    assert!(t.chat.due_notices("discord", &defaults).unwrap().is_empty());
    t.chat.mark_sent(n).unwrap();
    t.clock.store(
        start + 13 * 3600 + crate::store::CLAIM_LEASE_SECS + 1,
        Ordering::SeqCst,
    );
    assert!(t.chat.due_notices("discord", &defaults).unwrap().is_empty());
}

#[test]
fn a_reminder_by_direct_message_links_the_channel_and_falls_back_without_the_link() {
    let t = T::started(&["ann", "bob"]);
    let defaults = crate::reminders::ReminderDefaults {
        dm: true,
        ..Default::default()
    };
    let start = t.clock.load(Ordering::SeqCst);
    t.clock.store(start + 13 * 3600, Ordering::SeqCst);
    let due = t.chat.due_notices("discord", &defaults).unwrap();
    let Notice::Message(m) = &due[0].send else {
        panic!("{due:?}")
    };
    let (here, direct) = (&m.here, m.direct.as_ref().expect("by direct message"));
    assert!(
        direct.text.to_string().ends_with("Game channel: #c1"),
        "{}",
        direct.text
    );
    assert!(!here.text.contains("Game channel"), "{}", here.text);
    assert_eq!(notice_here(&due[0]).pings, vec!["id-ann"]);
}

/// The reminder task used to open its own connection once, when it started, and stayed
/// off for the whole run when the database could not be reached then. Due notices are now
/// claimed by the chat core, which opens that connection on a later tick once PostgreSQL
/// is back.
#[test]
fn due_notices_resume_when_the_database_was_down_at_the_first_tick() {
    use crate::store::{pg_cluster, DbLocation};
    // A cluster of its own: it is stopped and started under the chat.
    let cluster = pg_cluster::Cluster::start().unwrap();
    let url = cluster.create_database("due_notices").unwrap();
    let chat = Chat::open(&DbLocation::Postgres(url.clone())).unwrap();
    let say = |user: &str, text: &str| {
        let r = chat.handle(&req(user, text));
        assert!(!r.iter().any(|r| r.is_error), "{text}: {}", r[0].text);
    };
    say("ann", "game new nanga-parbat");
    say("bob", "game join");
    say("ann", "game start");
    let defaults = crate::reminders::ReminderDefaults {
        first_after: 3600,
        ..Default::default()
    };
    cluster.stop_fast().unwrap();
    assert!(
        chat.due_notices("discord", &defaults).is_err(),
        "the database is down"
    );
    cluster.start_again().unwrap();
    Store::connect_postgres(&url)
        .unwrap()
        .debug_exec("UPDATE reminder_waits SET since = since - 7200, due_at = 0")
        .unwrap();
    let t0 = std::time::Instant::now();
    let due = loop {
        match chat.due_notices("discord", &defaults) {
            Ok(due) => break due,
            Err(e) => assert!(t0.elapsed().as_secs() < 20, "still failing: {e}"),
        }
        std::thread::sleep(std::time::Duration::from_millis(200));
    };
    assert_eq!(due.len(), 1, "{due:?}");
    assert!(notice_here(&due[0]).text.contains("it is your turn"));
    chat.mark_sent(&due[0]).unwrap();
}

#[test]
fn a_passed_kick_deadline_is_announced_with_a_button_to_vote_the_player_out() {
    let t = T::started(&["ann", "bob"]);
    t.ok("ann", "remind deadline 1h kick");
    let defaults = crate::reminders::ReminderDefaults {
        enabled: false,
        ..Default::default()
    };
    let start = t.clock.load(Ordering::SeqCst);
    t.clock.store(start + 3601, Ordering::SeqCst);
    let due = t.chat.due_notices("discord", &defaults).unwrap();
    assert_eq!(due.len(), 1, "{due:?}");
    let Notice::Message(m) = &due[0].send else {
        panic!("{due:?}")
    };
    assert!(!m.silent, "a deadline notice notifies the channel");
    let shown = m.here.text.to_string();
    assert!(
        shown.starts_with("@ann (ann) has not acted since")
            && shown.ends_with(
                "the game's deadline passed. The other players may vote to remove them with `game kick`."
            ),
        "{shown}"
    );
    assert_eq!(m.here.buttons.len(), 1);
    assert_eq!(m.here.buttons[0].command, "game kick id-ann");
    assert_eq!(m.here.buttons[0].label, "Vote to remove ann");
    assert_eq!(m.here.buttons[0].version, t.version());
}

/// The configured reminder defaults are the chat's own (passed in, no process-wide
/// setting): `remind` shows them to a player who chose nothing, and another chat keeps
/// its own.
#[test]
fn remind_shows_the_reminder_defaults_this_chat_was_given() {
    let mut t = chat();
    t.chat
        .set_reminder_defaults(crate::reminders::ReminderDefaults {
            first_after: 2 * 3600,
            interval: 5 * 3600,
            max: 7,
            ..Default::default()
        });
    let shown = t.ok("ann", "remind")[0].text.to_string();
    assert!(
        shown.contains("first after 2h, then every 5h, at most 7 per turn"),
        "{shown}"
    );
    let other = chat();
    let shown = other.ok("ann", "remind")[0].text.to_string();
    assert!(
        shown.contains("first after 12h, then every 1d, at most 3 per turn"),
        "{shown}"
    );
}

// Issue 35: `game rematch` where no game was ever played says so (not "the last game has not
// finished"); after an aborted game it says the game did not finish.
#[test]
fn rematch_where_no_game_was_played_or_the_last_was_aborted_says_which() {
    let t = chat();
    let e = t.err("ann", "game rematch");
    assert!(e.contains("no game has been played here yet"), "{e}");
    assert!(!e.contains("has not finished"), "{e}");
    t.ok("ann", "game new count");
    t.ok("bob", "game join");
    t.ok("ann", "game start");
    let admin = Request {
        user: User {
            id: "id-ann".into(),
            name: "ann".into(),
            is_channel_admin: true,
        },
        ..req("ann", "game abort")
    };
    assert!(!t.chat.handle(&admin).iter().any(|r| r.is_error));
    let e = t.err("ann", "game rematch");
    assert!(e.contains("did not finish (it was aborted)"), "{e}");
}

// Issue 35: `/stats player:@cy` for someone with no finished game names them as a mention
// (Discord shows their name), never as a raw user id in a code span.
#[test]
fn stats_for_a_mentioned_player_without_a_finished_game_names_them() {
    let t = T::started(&["ann", "bob"]);
    t.ann_wins_against("bob");
    let r = t.say("ann", "stats <@12345>");
    assert!(r[0].is_error);
    // A mention segment: each platform writes it its own way (Discord `<@12345>`).
    let text = r[0].text.to_string();
    assert!(
        text.contains("no finished game in this server by @12345 yet"),
        "{text}"
    );
    assert!(!text.contains("`<@12345>`"), "{text}");
    assert!(r[0].pings.is_empty(), "a refusal pings nobody");
}

// Issue 35: `move` (or `game join`) after the end says the game here has ended and where
// its result is, not "no game here" while `game status` still shows the finished game.
#[test]
fn move_after_the_end_says_the_game_has_ended_and_where_its_result_is() {
    let t = T::started(&["ann", "bob"]);
    t.ann_wins_against("bob");
    for text in ["move end", "move", "game join"] {
        let e = t.err("bob", text);
        assert!(
            e.contains("the game of Count here has ended"),
            "{text}: {e}"
        );
        assert!(
            e.contains("game status") && e.contains("game rematch"),
            "{e}"
        );
        assert!(!e.contains("no game here"), "{e}");
    }
    let status = t.ok("bob", "game status")[0].text.to_string();
    assert!(!status.contains("no game here"), "{status}");
}

// Issue 35: `game history` marks a step that was taken back, and the undo names it; the
// steps in effect read as played.
#[test]
fn history_marks_undone_steps_as_taken_back() {
    let t = T::started(&["ann", "bob"]);
    t.ok("ann", "move add 2");
    t.ok("ann", "undo");
    t.ok("ann", "move add 1");
    let h = t.ok("bob", "game history")[0].text.to_string();
    assert!(h.contains("#1 ann: add 2 (taken back)"), "{h}");
    assert!(h.contains("#2 ann took back #1"), "{h}");
    assert!(
        h.contains("#3 ann: add 1\n") || h.ends_with("#3 ann: add 1"),
        "{h}"
    );
    assert!(!h.contains("add 1 (taken back)"), "{h}");
}

// Issue 35: Himalaya's `unseal` makes its sender act again; the reply names them but never
// pings the player who just sent it.
#[test]
fn himalaya_unseal_does_not_ping_its_sender() {
    let t = T {
        chat: Chat::new(
            Store::open_in_memory().unwrap(),
            Registry::builtin(),
            Env::fixed(1_000, 99),
        ),
        clock: Arc::new(AtomicI64::new(0)),
    };
    t.ok("ann", "game new himalaya");
    t.ok("bob", "game join");
    t.ok("cy", "game join");
    t.ok("ann", "game start");
    // Caravan placement: whoever acts takes the first village they may.
    while t.chat.status_json(&place())["acting"]
        .as_array()
        .unwrap()
        .len()
        == 1
    {
        let who = t.chat.status_json(&place())["acting"][0]
            .as_str()
            .unwrap()
            .to_string();
        let placed = (1..=20).any(|v| {
            let r = t.say(&who, &format!("move start {v}"));
            !r.iter().any(|r| r.is_error)
        });
        assert!(placed, "{who} could place a caravan");
    }
    t.ok("ann", "move program rest rest rest rest rest rest");
    let r = t.ok("ann", "move unseal");
    assert!(
        r.iter().all(|r| !r.pings.contains(&"id-ann".to_string())),
        "{r:?}"
    );
}

// Issue 35: the move that ends a game is answered like any other, without the timelapse or
// the replay file (they take seconds to build); they follow, posted from the owed list the
// finishing change wrote, once however often they are asked for.
#[test]
fn the_last_move_is_answered_without_the_end_files_which_follow_once() {
    let t = T::started(&["ann", "bob"]);
    assert!(t
        .chat
        .owed_end_files("discord", None, 0)
        .unwrap()
        .is_empty());
    t.ok("ann", "move add 2; add 2; end");
    t.ok("bob", "move end");
    t.ok("ann", "move add 2; add 2; end");
    t.ok("bob", "move end");
    assert!(
        t.chat
            .owed_end_files("discord", None, 0)
            .unwrap()
            .is_empty(),
        "nothing owed while the game runs"
    );
    let last = t.ok("ann", "move add 2; add 2; end");
    assert!(t.chat.status_json(&place())["status"]
        .get("Finished")
        .is_some());
    assert!(
        last.iter().all(|r| r.file.is_none()),
        "the answer holds no timelapse or replay file: {last:?}"
    );
    assert!(last.iter().any(|r| r.image.is_some()), "the final board");
    assert_eq!(t.chat.owed_end_files("discord", None, 0).unwrap(), [1]);
    assert_eq!(
        t.chat.owed_end_files("discord", Some("c1"), 0).unwrap(),
        [1]
    );
    assert!(t
        .chat
        .owed_end_files("discord", Some("c2"), 0)
        .unwrap()
        .is_empty());
    let posted = t.chat.post_owed_end_files("discord", Some("c1"), 0);
    assert_eq!(posted.len(), 1);
    let f = &posted[0];
    assert_eq!((f.game_id, f.place.clone()), (1, place()));
    let names: Vec<&str> = f
        .replies
        .iter()
        .map(|r| r.file.as_ref().expect("each carries its file").0.as_str())
        .collect();
    assert_eq!(
        names,
        ["sherpa-count-1-timelapse.gif", "sherpa-count-1.json"]
    );
    assert!(f
        .replies
        .iter()
        .all(|r| r.visibility == Visibility::Public && r.outbox.is_some()));
    // In the outbox after the move's replies, undelivered until the front end sends them.
    let last_row = last.iter().filter_map(|r| r.outbox).max().unwrap();
    let undelivered: Vec<i64> = t
        .chat
        .undelivered("discord", i64::MAX, 0)
        .iter()
        .filter_map(|u| u.reply.outbox)
        .collect();
    let files: Vec<i64> = f.replies.iter().filter_map(|r| r.outbox).collect();
    assert!(files
        .iter()
        .all(|id| *id > last_row && undelivered.contains(id)));
    // Posting again posts nothing.
    assert!(t.chat.post_end_files(1).unwrap().is_none());
    assert!(t.chat.post_owed_end_files("discord", None, 0).is_empty());
    assert!(t
        .chat
        .owed_end_files("discord", None, 0)
        .unwrap()
        .is_empty());
}

// Issue 35: a process that stops between the last move's answer and the end files (the
// chat dropped) posts them once after the restart.
#[test]
fn end_files_owed_when_the_chat_stops_are_posted_once_after_a_restart() {
    let dir = std::env::temp_dir().join(format!("sherpa-chat-endfiles-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("c.db");
    let open = || T {
        chat: Chat::new(Store::open(&db).unwrap(), registry(), Env::fixed(1_000, 77)),
        clock: Arc::new(AtomicI64::new(0)),
    };
    let t = open();
    t.ok("ann", "game new count");
    t.ok("bob", "game join");
    t.ok("ann", "game start");
    t.ann_wins_against("bob");
    drop(t);
    let t = open();
    let posted = t.chat.post_owed_end_files("discord", None, 0);
    assert_eq!(posted.len(), 1, "posted after the restart");
    assert_eq!(posted[0].replies.len(), 2);
    assert!(posted[0].replies.iter().all(|r| r.file.is_some()));
    drop(t);
    let t = open();
    assert!(
        t.chat.post_owed_end_files("discord", None, 0).is_empty(),
        "and only once"
    );
    drop(t);
    let _ = std::fs::remove_dir_all(&dir);
}

// Issue 35: an aborted game owes no end files.
#[test]
fn an_aborted_game_owes_no_end_files() {
    let t = T::started(&["ann", "bob"]);
    t.ok("ann", "game resign");
    t.ok("bob", "game resign");
    let status = t.chat.lock().store.log().game(1).unwrap().status;
    assert_eq!(status, crate::store::GameStatus::Aborted);
    assert!(t
        .chat
        .owed_end_files("discord", None, 0)
        .unwrap()
        .is_empty());
}

/// Issue 35: `game new … thread` checks the asker's rate before its thread is made, and the
/// check counts nothing (the command then run in the thread is the one counted).
#[test]
fn check_new_game_refuses_a_rate_limited_asker_and_counts_nothing() {
    let t = chat();
    for _ in 0..RATE_LIMIT.0 - 1 {
        t.ok("ann", "help");
    }
    let thread = req("ann", "game new count thread");
    for _ in 0..3 {
        let plan = t.chat.check_new_game(&thread).unwrap();
        assert_eq!(plan.command, "game new count");
    }
    t.ok("ann", "help");
    let e = t.chat.check_new_game(&thread).unwrap_err();
    assert!(matches!(e, ChatError::RateLimited { .. }), "{e}");
    assert!(e.to_string().contains("too fast"), "{e}");
    let e = t
        .chat
        .check_new_game(&req("ann", "game new chess thread"))
        .unwrap_err();
    assert!(e.to_string().contains("too fast"), "the rate first: {e}");
    assert!(t
        .chat
        .check_new_game(&req("bob", "game new count thread"))
        .is_ok());
    t.clock.fetch_add(RATE_LIMIT.1, Ordering::SeqCst);
    assert!(t.chat.check_new_game(&thread).is_ok());
    let e = t
        .chat
        .check_new_game(&req("ann", "game new chess thread"))
        .unwrap_err();
    assert!(e.to_string().contains("games: count"), "{e}");
}

/// Issue 35: `games all` when the platform could not say which channels the asker may see
/// never says that no game runs: it says the list is incomplete and why, only when a game
/// was left out for it.
#[test]
fn games_all_says_the_list_is_incomplete_when_channels_could_not_be_checked() {
    let t = chat();
    t.ok("ann", "game new count");
    let unchecked = |user: &str| {
        let mut r = req_in(user, "g", "c2", "games all");
        r.visible_channels = Some(["c2".to_string()].into());
        r.visible_channels_unknown = true;
        t.chat.handle(&r)[0].text.to_string()
    };
    let s = unchecked("bob");
    assert!(!s.contains("No game is running"), "{s}");
    assert!(
        s.starts_with("No game can be listed yet (the list is incomplete):"),
        "{s}"
    );
    assert!(
        s.contains("Not listed: games in other channels where you have no seat")
            && s.contains("Try again in a moment."),
        "{s}"
    );
    // ann is seated in c1's game: listed, and nothing was left out.
    let s = unchecked("ann");
    assert!(s.starts_with("Games in this server (1):"), "{s}");
    assert!(!s.contains("incomplete"), "{s}");
    let mut r = req_in("cy", "g", "c2", "games all");
    r.place.channel = "c1".into();
    r.visible_channels = Some(["c1".to_string()].into());
    r.visible_channels_unknown = true;
    let s = t.chat.handle(&r)[0].text.to_string();
    assert!(
        s.starts_with("Games in this server (1):"),
        "its own channel's game: {s}"
    );
}

/// Issue 35: a command on the channel's game where the channel has none for it, but one of
/// its threads has one, is pointed to the thread (with the command to run there) and does
/// nothing; a channel with a game of its own, a finished game for `game status`, and other
/// commands are left alone.
#[test]
fn game_commands_where_the_game_lives_in_a_thread_point_to_it() {
    let t = chat();
    let in_thread = |user: &str, text: &str| req_in(user, "g", "t1", text);
    t.chat.handle(&in_thread("ann", "game new count"));
    let threads = vec!["t1".to_string(), "t9".to_string()];
    for (text, command) in [
        ("game join", "game join"),
        ("game status", "game status"),
        ("move add 1", "move"),
        ("board", "board"),
    ] {
        let r = req("bob", text);
        assert!(t.chat.wants_a_game_here(&r), "{text}");
        let reply = t.chat.game_in_a_thread(&r, &threads).expect(text);
        assert!(reply.is_error, "nothing was done: {text}");
        assert_eq!(reply.visibility, Visibility::Private("id-bob".into()));
        let s = reply.text.to_string();
        assert!(
            s.starts_with(&format!(
                "No game is open in this channel; its game is played in the thread #t1: run `{command}` there."
            )),
            "{text}: {s}"
        );
        assert!(s.contains("- **Count** #1 in #t1: waiting to start"), "{s}");
    }
    assert!(t
        .chat
        .game_in_a_thread(&req("bob", "game join"), &["t9".into()])
        .is_none());
    assert!(!t.chat.wants_a_game_here(&req("bob", "help")));
    assert!(!t.chat.wants_a_game_here(&req("bob", "game new count")));
    // Two thread games: both listed, the command to run in the one meant.
    t.chat.handle(&req_in("cy", "g", "t9", "game new count"));
    let s = t
        .chat
        .game_in_a_thread(&req("bob", "game join"), &threads)
        .unwrap()
        .text
        .to_string();
    assert!(
        s.starts_with("No game is open in this channel; 2 games are played in its threads: run `game join` in the thread of the one you mean."),
        "{s}"
    );
    assert!(s.contains("#t1") && s.contains("#t9"), "{s}");
    // A game here: the command runs here.
    t.ok("dan", "game new count");
    assert!(!t.chat.wants_a_game_here(&req("bob", "game join")));
    // A finished game here still answers `game status` itself, but `game join` is pointed on.
    let t = T::started(&["ann", "bob"]);
    t.ann_wins_against("bob");
    assert!(!t.chat.wants_a_game_here(&req("ann", "game status")));
    assert!(t.chat.wants_a_game_here(&req("ann", "game join")));
}

/// Issue 35: the join line counts players in words, never a range from a number to itself
/// ("2 of 2–2 players").
#[test]
fn a_join_line_gives_the_player_count_without_a_range_to_itself() {
    let t = T {
        chat: Chat::new(
            Store::open_in_memory().unwrap(),
            Registry::builtin(),
            Env::fixed(1_000, 77),
        ),
        clock: Arc::new(AtomicI64::new(1_000)),
    };
    t.ok("ann", "game new nanga-parbat");
    let r = t.ok("bob", "game join");
    assert_eq!(
        r[0].text.to_string(),
        "**bob** joined (2 of 2 players: ann, bob)."
    );
    let t = chat();
    t.ok("ann", "game new count");
    let r = t.ok("bob", "game join");
    assert_eq!(
        r[0].text.to_string(),
        "**bob** joined (2 of 2 to 3 players: ann, bob)."
    );
}

// ---- Issue 36: handing a seat to someone else (`game sub`), and ratings with AI seats ----

/// `req` with the users it mentions resolved as a platform would (`id-<name>`).
fn req_mentioning(user: &str, text: &str, mentioned: &[(&str, bool)]) -> Request {
    let mut r = req(user, text);
    r.mentioned = mentioned
        .iter()
        .map(|(name, is_bot)| MentionedUser {
            id: format!("id-{name}"),
            name: name.to_string(),
            is_bot: *is_bot,
        })
        .collect();
    r
}

impl T {
    fn sub(&self, user: &str, text: &str, mentioned: &[(&str, bool)]) -> Vec<Reply> {
        self.chat.handle(&req_mentioning(user, text, mentioned))
    }
    fn seat_users(&self) -> Vec<String> {
        let id = self.latest_id();
        let inner = self.chat.lock();
        inner
            .store
            .log()
            .seats(id)
            .unwrap()
            .into_iter()
            .map(|s| s.user_id)
            .collect()
    }
    fn waiting_users(&self) -> Vec<String> {
        let inner = self.chat.lock();
        inner
            .store
            .schedules()
            .waits(1)
            .unwrap()
            .into_iter()
            .map(|w| w.0)
            .collect()
    }
}

// A seated player hands their seat on: the new player holds its hidden information (the
// private view, sent at once and on `board private`), its place in the reminder schedule,
// and its result at the end; the log shows the handover and replays the same game.
#[test]
fn a_player_hands_their_seat_over_with_its_view_reminders_and_result() {
    let t = T::started(&["ann", "bob"]);
    t.ok("ann", "move draw");
    let secret = {
        let l = t.chat.load_active(&place()).unwrap();
        l.game.unwrap().private_markers(0)[0].clone()
    };
    assert_eq!(t.waiting_users(), ["id-ann"]);
    let r = t.sub("ann", "game sub @dee", &[("dee", false)]);
    assert!(!r.iter().any(|r| r.is_error), "{r:?}");
    assert_eq!(t.seat_users(), ["id-dee", "id-bob"]);
    let public = &r[0];
    assert_eq!(public.visibility, Visibility::Public);
    assert_eq!(public.pings, ["id-dee"]);
    assert!(
        public
            .text
            .to_string()
            .contains("Seat 1: **ann** handed over to"),
        "{}",
        public.text
    );
    let private = r
        .iter()
        .find(|r| r.visibility == Visibility::Private("id-dee".into()))
        .expect("the new holder is shown the seat's view");
    assert!(private.text.contains(&secret), "{}", private.text);
    assert!(
        r.iter().all(|r| r.outbox.is_some()),
        "written to the outbox"
    );
    // The view follows the seat: dee sees its secret, ann no longer has a private view.
    let mine = t.ok("dee", "board private");
    assert!(mine[0].text.contains(&secret), "{}", mine[0].text);
    assert!(t.err("ann", "board private").contains("not playing"));
    // Reminders: dee is waited for (from the handover on), ann no longer.
    assert_eq!(t.waiting_users(), ["id-dee"]);
    // ann cannot play the seat any more; dee can.
    assert!(t.say("ann", "move end")[0].is_error);
    // The history shows the handover among the steps; the replay is the same game.
    let h = t.ok("bob", "game history").remove(0).text.to_string();
    assert!(
        h.contains("#1 ann: draw\nseat 1: ann handed over to dee"),
        "{h}"
    );
    assert_eq!(t.chat.verify(1), Ok(()));
    // dee plays the seat to a win: the result is dee's, not ann's.
    t.ok("dee", "move add 2; add 2; end");
    for _ in 0..2 {
        t.ok("bob", "move end");
        t.ok("dee", "move add 2; add 2; end");
    }
    let results = t
        .chat
        .lock()
        .store
        .results()
        .results_in("discord", Some("g"), None)
        .unwrap();
    let users: Vec<(&str, u32)> = results
        .iter()
        .map(|r| (r.user_id.as_str(), r.place))
        .collect();
    assert_eq!(users, [("id-dee", 1), ("id-bob", 2)]);
    // The finished game's export records the handover after the first action; imported,
    // it rebuilds and shows it again, and an old file without handovers still imports.
    let file = t.chat.export(1).unwrap();
    assert_eq!(file.players, ["dee", "bob"]);
    assert_eq!(
        file.handovers,
        [replay::ReplayHandover {
            seat: 0,
            after: 1,
            from: "ann".into(),
            to: "dee".into(),
            how: crate::store::HandoverHow::Holder,
        }]
    );
    let json = serde_json::to_string(&file).unwrap();
    let back: ReplayFile = serde_json::from_str(&json).unwrap();
    let other = Place {
        channel: "c9".into(),
        ..place()
    };
    let id = t.chat.import(&back, &other).unwrap();
    assert_eq!(t.chat.verify(id), Ok(()));
    let h = t
        .chat
        .handle(&Request::new(
            other.clone(),
            req("bob", "").user,
            "game history 100",
        ))
        .remove(0)
        .text
        .to_string();
    assert!(h.contains("seat 1: ann handed over to dee"), "{h}");
    let mut old: serde_json::Value = serde_json::from_str(&json).unwrap();
    old.as_object_mut().unwrap().remove("handovers");
    let old: ReplayFile = serde_json::from_value(old).unwrap();
    assert!(old.handovers.is_empty());
    let elsewhere = Place {
        channel: "c10".into(),
        ..place()
    };
    let id = t.chat.import(&old, &elsewhere).unwrap();
    assert_eq!(t.chat.verify(id), Ok(()));
}

// In a lobby, a player hands their own seat on; the creator or an admin hands anyone's.
#[test]
fn a_lobby_seat_can_be_handed_over_before_the_start() {
    let t = chat();
    t.ok("ann", "game new count");
    t.ok("bob", "game join");
    let r = t.sub("bob", "game sub @cy", &[("cy", false)]);
    assert!(!r[0].is_error, "{r:?}");
    assert!(
        r[0].text.to_string().contains("once the game starts"),
        "{}",
        r[0].text
    );
    assert_eq!(t.seat_users(), ["id-ann", "id-cy"]);
    let v = t.version();
    let text = t.sub("cy", "game sub @ann @dee", &[("dee", false)])[0]
        .text
        .to_string();
    assert!(text.contains("before the start"), "{text}");
    assert_eq!(t.version(), v);
    t.sub("ann", "game sub @cy @dee", &[("dee", false)]);
    assert_eq!(t.seat_users(), ["id-ann", "id-dee"]);
    t.ok("ann", "game start");
    assert_eq!(t.waiting_users(), ["id-ann"]);
}

// Every refusal says what would be accepted and changes nothing (no seat, no vote, no
// version).
#[test]
fn game_sub_refusals_say_what_is_accepted_and_change_nothing() {
    let t = T::started(&["ann", "bob", "cy"]);
    let v = t.version();
    let refused = |user: &str, text: &str, mentioned: &[(&str, bool)], want: &str| {
        // Past the rate limit's window each time (minutes, far from any deadline).
        t.clock.fetch_add(11, Ordering::SeqCst);
        let r = t.sub(user, text, mentioned);
        assert!(r.len() == 1 && r[0].is_error, "`{text}`: {r:?}");
        let s = r[0].text.to_string();
        assert!(s.contains(want), "`{text}`: {s}");
        s
    };
    // To a bot (the platform says so).
    let mut bot = req("ann", "game sub <@555>");
    bot.mentioned = vec![MentionedUser {
        id: "555".into(),
        name: "Botty".into(),
        is_bot: true,
    }];
    let s = t.chat.handle(&bot)[0].text.to_string();
    assert!(
        s.contains("Botty is a bot") && s.contains("game sub @player"),
        "{s}"
    );
    // To someone already seated here, to yourself, by a non-player.
    refused(
        "ann",
        "game sub @bob",
        &[("bob", false)],
        "bob already plays in this game",
    );
    refused(
        "ann",
        "game sub @ann",
        &[("ann", false)],
        "that seat is already yours",
    );
    refused(
        "bob",
        "game sub @ann @ann",
        &[("ann", false)],
        "ann already holds that seat",
    );
    let s = refused(
        "dee",
        "game sub @eve",
        &[("eve", false)],
        "only a player in this game",
    );
    assert!(s.contains("game sub @absent @player"), "{s}");
    // Of a player not absent past the deadline, by a non-admin: not waiting for bob at all,
    // and ann (acting) not yet for long enough.
    refused(
        "ann",
        "game sub @bob @eve",
        &[("eve", false)],
        "not waiting for them",
    );
    let s = refused(
        "bob",
        "game sub @ann @eve",
        &[("eve", false)],
        "cannot be handed over by vote yet",
    );
    assert!(
        s.contains("a channel admin can hand it over at once"),
        "{s}"
    );
    // Malformed mentions and wrong word counts.
    for text in [
        "game sub <@abc>",
        "game sub <@12",
        "game sub @",
        "game sub a*b",
    ] {
        refused("ann", text, &[], "is not a player I can seat");
    }
    refused("ann", "game sub", &[], "is not a handover");
    refused("ann", "game sub @a @b @c", &[], "is not a handover");
    // A name the platform did not resolve as a mention (Discord needs one).
    refused("ann", "game sub @zed", &[], "is not a player I can seat");
    // No game here.
    let mut elsewhere = req_mentioning("ann", "game sub @dee", &[("dee", false)]);
    elsewhere.place.channel = "c2".into();
    let r = t.chat.handle(&elsewhere);
    assert!(
        r[0].is_error && r[0].text.to_string().contains("game new"),
        "{:?}",
        r[0].text
    );
    assert_eq!(t.version(), v, "refusals change nothing");
    assert_eq!(t.seat_users(), ["id-ann", "id-bob", "id-cy"]);
    assert!(t.chat.lock().store.log().motions(1).unwrap().is_empty());
    assert!(t.chat.lock().store.log().handovers(1).unwrap().is_empty());
}

// For a player absent past the deadline: every other player votes (a motion per seat and
// new player), or a channel admin hands the seat over at once.
#[test]
fn an_absent_players_seat_is_handed_over_by_vote_or_by_an_admin() {
    let t = T::started(&["ann", "bob", "cy"]);
    t.clock
        .fetch_add(votes::DEFAULT_KICK_AFTER + 1, Ordering::SeqCst);
    let v = t.version();
    let r = t.sub("bob", "game sub @ann @dee", &[("dee", false)]);
    assert!(!r[0].is_error, "{r:?}");
    let s = r[0].text.to_string();
    assert!(
        s.contains("votes to hand **ann**'s seat to **dee**") && s.contains("cy"),
        "{s}"
    );
    assert_eq!(r[0].pings, ["id-cy"]);
    assert_eq!(t.version(), v, "a vote alone changes no seat");
    // A vote for another new player is another motion.
    t.sub("cy", "game sub @ann @eve", &[("eve", false)]);
    assert_eq!(t.seat_users()[0], "id-ann");
    let again = t.sub("bob", "game sub @ann @dee", &[("dee", false)]);
    assert!(again[0].is_error && again[0].text.to_string().contains("already in"));
    t.sub("cy", "game sub @ann @dee", &[("dee", false)]);
    assert_eq!(t.seat_users(), ["id-dee", "id-bob", "id-cy"]);
    assert!(
        t.chat.lock().store.log().motions(1).unwrap().is_empty(),
        "the seat's votes are cleared"
    );
    assert_eq!(t.waiting_users(), ["id-dee"], "dee waits afresh");
    let h = t.ok("bob", "game history").remove(0).text.to_string();
    assert!(
        h.contains("seat 1: ann handed over to dee (by the other players' vote)"),
        "{h}"
    );

    // A channel admin needs neither votes nor the deadline.
    let t = T::started(&["ann", "bob"]);
    let mut r = req_mentioning("eve", "game sub @bob @dee", &[("dee", false)]);
    r.user.is_channel_admin = true;
    assert!(!t.chat.handle(&r)[0].is_error);
    assert_eq!(t.seat_users(), ["id-ann", "id-dee"]);
}

// `game status` lists each open vote in words, as the vote was announced (whose seat goes
// to whom, who would be removed, an abort), never a motion's stored form; a second vote
// on a handover whose mention resolved to another name is the same vote.
#[test]
fn game_status_lists_open_votes_in_words() {
    let t = T::started(&["ann", "bob", "cy"]);
    t.clock
        .fetch_add(votes::DEFAULT_KICK_AFTER + 1, Ordering::SeqCst);
    // `game sub @ann <@4>` by `user`, the platform resolving user 4's name as `name`.
    let sub_to_4 = |user: &str, name: &str| {
        let mut r = req(user, "game sub @ann <@4>");
        r.mentioned = vec![MentionedUser {
            id: "4".into(),
            name: name.into(),
            is_bot: false,
        }];
        t.chat.handle(&r)
    };
    assert!(!sub_to_4("bob", "dee")[0].is_error);
    t.ok("bob", "game kick ann");
    t.ok("cy", "game abort");
    let s = t.ok("cy", "game status")[0].text.to_string();
    let votes = s
        .lines()
        .find(|l| l.starts_with("Open votes: "))
        .unwrap_or_else(|| panic!("{s}"));
    for want in [
        "hand **ann**'s seat to **dee**",
        "remove **ann** from the game",
        "abort the game",
    ] {
        assert!(votes.contains(want), "{want}: {votes}");
    }
    assert!(
        !votes.contains("sub:") && !votes.contains("kick:") && !votes.contains(":4"),
        "{votes}"
    );
    // The repeated vote names the handover the same way.
    let again = sub_to_4("bob", "dee")[0].text.to_string();
    assert!(
        again.contains("your vote to hand **ann**'s seat to **dee** is already in"),
        "{again}"
    );
    // cy's mention of user 4 resolved to another name: still the same vote, which passes.
    let r = sub_to_4("cy", "Dee the Second");
    assert!(!r.iter().any(|r| r.is_error), "{r:?}");
    assert_eq!(t.seat_users(), ["4", "id-bob", "id-cy"]);
    // The vote to kick ann does not pass to the seat's new holder; the abort vote stays.
    let s = t.ok("cy", "game status")[0].text.to_string();
    let votes = s
        .lines()
        .find(|l| l.starts_with("Open votes: "))
        .unwrap_or_else(|| panic!("{s}"));
    assert!(votes.contains("abort the game"), "{votes}");
    assert!(!votes.contains("remove"), "{votes}");
}

/// A started Count game at `place()` whose seats are `users` (user id, name): a Sherpa seat
/// is one whose user id is `sherpa:ai:<level>` (issue 36, contract 4).
fn started_with_seats(users: &[(&str, &str)]) -> T {
    let t = chat();
    t.ok("ann", "game new count");
    let seats: Vec<SeatRow> = users
        .iter()
        .enumerate()
        .map(|(seat, (id, name))| SeatRow {
            seat,
            user_id: id.to_string(),
            name: name.to_string(),
            resigned: false,
        })
        .collect();
    let v = t.version();
    t.chat
        .lock()
        .store
        .log_mut()
        .set_seats(1, v, &seats, None, 1_000)
        .unwrap();
    t.ok("ann", "game start");
    t
}

/// `text` sent as the user `id`.
fn as_user(t: &T, id: &str, text: &str) -> Vec<Reply> {
    let mut r = req("x", text);
    r.user.id = id.into();
    t.chat.handle(&r)
}

// A Sherpa seat's consent is automatic: the vote to hand an absent player's seat on needs
// only the other humans; and a Sherpa seat can be handed to a person by their vote.
#[test]
fn sherpa_seats_agree_to_a_handover_automatically() {
    let t = started_with_seats(&[
        ("id-ann", "ann"),
        ("sherpa:ai:normal", "Sherpa (normal)"),
        ("id-bob", "bob"),
    ]);
    t.clock
        .fetch_add(votes::DEFAULT_KICK_AFTER + 1, Ordering::SeqCst);
    t.sub("bob", "game sub @ann @dee", &[("dee", false)]);
    assert_eq!(t.seat_users()[0], "id-dee", "bob's vote was enough");
    // A person takes the Sherpa seat over by the humans' vote (dee and bob), no clock.
    t.sub("dee", "game sub @sherpa @eve", &[("eve", false)]);
    assert_eq!(t.seat_users()[1], "sherpa:ai:normal");
    t.sub("bob", "game sub @sherpa @eve", &[("eve", false)]);
    assert_eq!(t.seat_users(), ["id-dee", "id-eve", "id-bob"]);
}

// Ratings: each Sherpa level is a rated player of its own; two seats of one level in one
// game count once, by the better place; a human's rating counts games with Sherpa seats.
#[test]
fn each_sherpa_level_is_rated_once_per_game_and_humans_count_those_games() {
    let t = started_with_seats(&[
        ("id-ann", "ann"),
        ("sherpa:ai:normal", "Sherpa (normal)"),
        ("sherpa:ai:normal#2", "Sherpa (normal) 2"),
    ]);
    // ann and the first Sherpa seat pass; the second Sherpa seat wins.
    for i in 0..3 {
        t.ok("ann", "move end");
        assert!(!as_user(&t, "sherpa:ai:normal", "move end")[0].is_error);
        let r = as_user(&t, "sherpa:ai:normal#2", "move add 2; add 2; end");
        assert!(!r.iter().any(|r| r.is_error), "{i}: {r:?}");
    }
    let top = t.ok("ann", "stats count").remove(0).text.to_string();
    assert!(top.contains("of 2 players, 1 finished game"), "{top}");
    assert_eq!(top.matches("Sherpa (normal)").count(), 1, "{top}");
    assert!(top.contains("1. **Sherpa (normal)** —"), "{top}");
    let one = t
        .ok("ann", "stats count Sherpa (normal)")
        .remove(0)
        .text
        .to_string();
    assert!(
        one.contains("**Sherpa (normal)** in this server")
            && one.contains("1 game, 1 win, average place 1.00"),
        "{one}"
    );
    let ann = t.ok("ann", "stats").remove(0).text.to_string();
    assert!(ann.contains("1 game, 0 wins, average place 2.00"), "{ann}");
}

/// The (user id, name) of each seat of game `id`, in seat order.
fn seats_of(t: &T, id: i64) -> Vec<(String, String)> {
    let inner = t.chat.lock();
    let seats = inner.store.log().seats(id).unwrap();
    seats.into_iter().map(|s| (s.user_id, s.name)).collect()
}

// A rematch of a game with a Sherpa seat: the Sherpa player is seated again at once, at
// its level and in its previous seat; only the humans are asked to join (and mentioned,
// and pinged), and the game deals itself once they are back.
#[test]
fn a_rematch_seats_the_sherpa_players_again_and_deals_once_the_humans_are_back() {
    let t = started_with_seats(&[
        ("id-ann", "ann"),
        ("sherpa:ai:easy", "Sherpa (easy)"),
        ("id-bob", "bob"),
    ]);
    for _ in 0..3 {
        t.ok("ann", "move end");
        assert!(!as_user(&t, "sherpa:ai:easy", "move end")[0].is_error);
        t.ok("bob", "move add 2; add 2; end");
    }
    let r = t.ok("bob", "game rematch");
    let asked = r[0].text.to_string();
    assert_eq!(r[0].pings, ["id-ann"], "{asked}");
    assert_eq!(r[0].text.mentions(), ["id-ann"], "{asked}");
    assert!(
        asked.contains("**Sherpa (easy)** takes its seat again"),
        "{asked}"
    );
    let lobby = t.latest_id();
    assert_eq!(
        seats_of(&t, lobby),
        [
            ("sherpa:ai:easy".into(), "Sherpa (easy)".into()),
            ("id-bob".into(), "bob".into())
        ],
        "seated at once, before bob as before"
    );
    let r = t.ok("ann", "game join");
    assert!(
        r.iter()
            .any(|r| r.text.contains("begins with ann, Sherpa (easy), bob")),
        "the humans are back: it deals itself, in the old seat order: {r:?}"
    );
    assert_eq!(
        t.chat.lock().store.log().game(lobby).unwrap().status,
        crate::store::GameStatus::Running
    );
    assert_eq!(
        seats_of(&t, lobby)
            .iter()
            .map(|s| s.0.as_str())
            .collect::<Vec<_>>(),
        ["id-ann", "sherpa:ai:easy", "id-bob"]
    );
}

// A rematch asked for by the only human of a game against Sherpa deals at once: nobody
// else is to come back, so nobody has to type anything more; Sherpa keeps its level and
// its seat (first here, so its turn is due at once).
#[test]
fn a_rematch_against_sherpa_alone_deals_at_once() {
    let t = started_with_seats(&[("sherpa:ai:strong", "Sherpa (strong)"), ("id-ann", "ann")]);
    for _ in 0..3 {
        assert!(!as_user(&t, "sherpa:ai:strong", "move end")[0].is_error);
        t.ok("ann", "move add 2; add 2; end");
    }
    assert_eq!(
        t.chat.lock().store.log().game(1).unwrap().status,
        crate::store::GameStatus::Finished
    );
    let r = t.ok("ann", "game rematch");
    let all: String = r.iter().map(|r| r.text.to_string() + "\n").collect();
    assert!(all.contains("rematch of game #1"), "{all}");
    assert!(all.contains("begins with Sherpa (strong), ann"), "{all}");
    assert!(
        !all.contains("game join") && !all.contains("game start"),
        "{all}"
    );
    assert!(
        r.iter().all(|r| r
            .pings
            .iter()
            .map(String::as_str)
            .chain(r.text.mentions())
            .all(|u| !u.starts_with("sherpa:"))),
        "{r:?}"
    );
    let id = t.latest_id();
    assert_eq!(
        seats_of(&t, id),
        [
            ("sherpa:ai:strong".into(), "Sherpa (strong)".into()),
            ("id-ann".into(), "ann".into())
        ]
    );
    let job = t.chat.ai_job(&place()).expect("Sherpa's turn is due");
    assert_eq!((job.seat(), job.level()), (0, crate::ai::Level::Strong));
}

// A handover in a real game (whose state names its players): the state is rebuilt under
// the new holder's name, so the stored game equals the replay of its log.
#[test]
fn a_handover_in_a_real_game_keeps_the_snapshot_equal_to_the_replay() {
    let chat = Chat::new(
        Store::open_in_memory().unwrap(),
        Registry::builtin(),
        Env::fixed(1_000, 77),
    );
    let local = Place {
        platform: "local".into(),
        guild: None,
        channel: "terminal".into(),
    };
    let say = |who: &str, text: &str| {
        let user = User {
            id: who.into(),
            name: who.into(),
            is_channel_admin: false,
        };
        chat.handle(&Request::new(local.clone(), user, text))
    };
    say("ann", "game new nanga-parbat");
    say("bob", "game join");
    say("ann", "game start");
    let l = chat.load_active(&local).unwrap();
    let g = l.game.unwrap();
    let first = g.status().acting()[0];
    let name = ["ann", "bob"][first];
    let step = filter::legal_list(&*g, first)[0].notation.clone();
    let r = say(name, &format!("move {step}"));
    assert!(!r[0].is_error, "{r:?}");
    // The terminal names players by name: no mention needed.
    let r = say("bob", "game sub carl");
    assert!(!r.iter().any(|r| r.is_error), "{r:?}");
    assert_eq!(chat.verify(1), Ok(()));
    let view = chat.status_json(&local)["view"].to_string();
    assert!(view.contains("carl") && !view.contains("\"bob\""), "{view}");
    // A repeat of the whole game from its log (no snapshot) is the same game.
    chat.lock().store.debug_drop_snapshot(1).unwrap();
    chat.lock().cache.clear();
    assert!(!say("carl", "game status")[0].is_error);
    assert_eq!(chat.verify(1), Ok(()));
}

/// Issue 36: AI seats (`game join ai`), Sherpa's turns (`ai_job`, `think`, `commit_ai`),
/// and the caretaker and `absent=…` at a deadline.
mod ai_seats {
    use super::*;
    use crate::ai::Budget;

    /// A deterministic budget: playouts, no time limit.
    const SMALL: Budget = Budget {
        playouts: 4,
        millis: None,
    };

    fn builtin_chat() -> T {
        chat_on(Registry::builtin(), false)
    }

    fn admin(text: &str) -> Request {
        Request::new(
            place(),
            User {
                id: "id-admin".into(),
                name: "admin".into(),
                is_channel_admin: true,
            },
            text,
        )
    }

    fn seats(t: &T) -> Vec<SeatRow> {
        let inner = t.chat.lock();
        let g = inner
            .store
            .log()
            .latest_game("discord", "c1")
            .unwrap()
            .unwrap();
        inner.store.log().seats(g.id).unwrap()
    }

    fn game_id(t: &T) -> i64 {
        let inner = t.chat.lock();
        let g = inner.store.log().latest_game("discord", "c1").unwrap();
        g.unwrap().id
    }

    /// Play every Sherpa turn due (at most `cap`); how many were committed.
    fn play_ai(t: &T, cap: usize) -> usize {
        let mut n = 0;
        while let Some(job) = t.chat.ai_job(&place()) {
            assert!(n < cap, "Sherpa kept playing");
            let turn = job.think_with(SMALL);
            let r = t.chat.commit_ai(&job, turn).unwrap();
            assert!(!r.is_empty(), "a current job commits");
            n += 1;
        }
        n
    }

    /// Ann's default step in Nanga Parbat, played by her.
    fn ann_plays(t: &T) {
        let l = t.chat.load_active(&place()).unwrap();
        let step = l.game.unwrap().default_step(0).unwrap();
        t.ok("ann", &format!("move {step}"));
    }

    /// Ann against Sherpa (normal) in Nanga Parbat, started.
    fn ann_against_sherpa(absent: &str) -> T {
        let t = builtin_chat();
        t.ok("ann", &format!("game new nanga-parbat {absent}"));
        t.ok("ann", "game join ai");
        t.ok("ann", "game start");
        t
    }

    #[test]
    fn join_ai_seats_sherpa_players_by_level_and_leave_ai_removes_the_last_joined() {
        let t = chat();
        t.ok("ann", "game new count");
        let r = t.ok("ann", "game join ai");
        assert_eq!(
            r[0].text.to_string(),
            "**Sherpa (normal)** joined (2 of 2 to 3 players: ann, Sherpa (normal))."
        );
        t.ok("ann", "game ai normal");
        let s = seats(&t);
        assert_eq!(
            s.iter()
                .map(|s| (s.user_id.as_str(), s.name.as_str()))
                .collect::<Vec<_>>(),
            vec![
                ("id-ann", "ann"),
                ("sherpa:ai:normal", "Sherpa (normal)"),
                ("sherpa:ai:normal#2", "Sherpa (normal) 2"),
            ]
        );
        assert_eq!(ai::ai_level(&s[2].user_id), Some(crate::ai::Level::Normal));
        assert_eq!(ai::ai_level(&s[0].user_id), None);
        let r = t.ok("ann", "game leave ai");
        assert_eq!(
            r[0].text.to_string(),
            "**Sherpa (normal) 2** left the game."
        );
        t.ok("ann", "game join ai strong");
        let r = t.ok("ann", "game leave ai normal");
        assert_eq!(r[0].text.to_string(), "**Sherpa (normal)** left the game.");
        let s = seats(&t);
        assert_eq!(s.len(), 2);
        assert_eq!(s[1].user_id, "sherpa:ai:strong");
    }

    #[test]
    fn join_and_leave_ai_refusals_say_why_and_change_nothing() {
        let t = chat();
        assert!(
            t.err("ann", "game join ai").contains("no game here"),
            "no lobby here"
        );
        t.ok("ann", "game new count");
        let v = t.version();
        let e = t.err("ann", "game join ai huge");
        assert!(
            e.contains("`huge`") && e.contains("easy, normal, strong"),
            "{e}"
        );
        let e = t.err("ann", "game ai huge");
        assert!(e.contains("easy, normal, strong"), "{e}");
        let e = t.err("ann", "game join banana");
        assert!(e.contains("`banana`") && e.contains("ai"), "{e}");
        let e = t.err("ann", "game leave ai");
        assert!(e.contains("no Sherpa player sits"), "{e}");
        let e = t.err("bob", "game join ai");
        assert!(e.contains("only a player who joined"), "{e}");
        assert_eq!(t.version(), v, "nothing changed");
        t.clock.fetch_add(60, Ordering::SeqCst);
        t.ok("ann", "game join ai easy");
        let e = t.err("ann", "game leave ai strong");
        assert!(e.contains("no Sherpa player of level strong"), "{e}");
        t.ok("ann", "game join ai");
        let v = t.version();
        let e = t.err("ann", "game join ai");
        assert!(
            e.contains("the game is full") && e.contains("takes 2 to 3 players"),
            "{e}"
        );
        assert_eq!(t.version(), v, "nothing changed");
        assert_eq!(seats(&t).len(), 3);
        t.ok("ann", "game start");
        let e = t.err("ann", "game join ai");
        assert!(e.contains("already started"), "{e}");
        let e = t.err("ann", "game leave ai");
        assert!(e.contains("already started"), "{e}");
    }

    #[test]
    fn a_lobby_left_with_only_sherpa_players_closes() {
        let t = chat();
        t.ok("ann", "game new count");
        t.ok("ann", "game join ai");
        let r = t.ok("ann", "game leave");
        assert!(r[0].text.contains("the game is closed"), "{}", r[0].text);
        assert!(t.chat.load_active(&place()).is_err());
    }

    #[test]
    fn a_human_against_sherpa_advances_with_one_public_message_per_turn_pinging_the_human() {
        let t = ann_against_sherpa("");
        let id = game_id(&t);
        // Sherpa acts first (it places the guide): nobody is waited for or reminded.
        assert!(t.chat.ai_job(&place()).is_some());
        assert_eq!(t.chat.lock().store.schedules().waits(id).unwrap(), vec![]);
        let mut turns = 0;
        for _ in 0..6 {
            let Some(job) = t.chat.ai_job(&place()) else {
                ann_plays(&t);
                continue;
            };
            assert_eq!(job.seat(), 1);
            assert_eq!(job.name(), "Sherpa (normal)");
            assert!(!job.is_caretaker());
            let before = t.log().len();
            let turn = job.think_with(SMALL);
            assert!(!turn.steps().is_empty());
            let r = t.chat.commit_ai(&job, turn.clone()).unwrap();
            turns += 1;
            assert_eq!(t.log().len(), before + turn.steps().len(), "logged");
            let public: Vec<&Reply> = r
                .iter()
                .filter(|r| r.visibility == Visibility::Public)
                .collect();
            assert_eq!(public.len(), 1, "one public message: {r:?}");
            assert!(r
                .iter()
                .all(|r| r.pings.iter().all(|p| !p.starts_with("sherpa:"))));
            assert!(r
                .iter()
                .all(|r| r.visibility != Visibility::Private("sherpa:ai:normal".into())));
            if t.chat.ai_job(&place()).is_none() {
                assert_eq!(public[0].pings, vec!["id-ann"], "the next human is pinged");
                assert!(
                    public[0].text.mentions() == vec!["id-ann"],
                    "{}",
                    public[0].text
                );
            }
            // The reminder schedule never waits for Sherpa.
            let waits = t.chat.lock().store.schedules().waits(id).unwrap();
            assert!(waits.iter().all(|(u, _)| u == "id-ann"), "{waits:?}");
        }
        assert!(turns > 1, "Sherpa played its turns: {turns}");
        t.chat.verify(id).unwrap();
    }

    #[test]
    fn a_stale_job_commits_nothing() {
        let t = ann_against_sherpa("");
        let job = t.chat.ai_job(&place()).expect("Sherpa's turn");
        let again = t.chat.ai_job(&place()).expect("the same turn");
        let (a, b) = (job.think_with(SMALL), again.think_with(SMALL));
        assert_eq!(a, b, "the same job thinks the same turn");
        t.chat.commit_ai(&job, a).unwrap();
        let (log, v) = (t.log(), t.version());
        let r = t.chat.commit_ai(&again, b).unwrap();
        assert!(r.is_empty(), "{r:?}");
        assert_eq!((t.log(), t.version()), (log, v), "nothing committed");
    }

    #[test]
    fn two_sherpa_players_play_nanga_parbat_to_its_end_and_the_log_replays() {
        let t = builtin_chat();
        t.ok("ann", "game new nanga-parbat");
        t.ok("ann", "game join ai");
        t.ok("ann", "game kick ann");
        let r = t.chat.handle(&admin("game join ai easy"));
        assert!(!r.iter().any(|r| r.is_error), "{r:?}");
        let r = t.chat.handle(&admin("game start"));
        assert!(!r.iter().any(|r| r.is_error), "{r:?}");
        let id = game_id(&t);
        let turns = play_ai(&t, 5_000);
        assert!(turns > 2, "{turns}");
        let row = t.chat.lock().store.log().game(id).unwrap();
        assert_eq!(row.status, crate::store::GameStatus::Finished);
        t.chat.verify(id).unwrap();
        // The log rebuilds the same state from the seed.
        let (actions, seats) = {
            let inner = t.chat.lock();
            (
                inner.store.log().actions(id).unwrap(),
                inner.store.log().seats(id).unwrap(),
            )
        };
        let kind = Registry::builtin().get("nanga-parbat").unwrap();
        let rebuilt = replay(
            kind,
            &seats,
            &row.options,
            (row.seed, row.rules_version),
            &actions,
        )
        .unwrap();
        let l = t.chat.load_active_or_finished(&place()).unwrap();
        assert!(rebuilt.same_state(&**l.game.as_ref().unwrap()));
        assert!(
            t.chat.ai_jobs().is_empty(),
            "nothing due once the game ended"
        );
    }

    #[test]
    fn ai_jobs_lists_every_place_with_a_turn_of_sherpa_due() {
        let t = ann_against_sherpa("");
        // Sherpa (seat 1) places Nanga Parbat's guide first.
        let jobs = t.chat.ai_jobs();
        assert_eq!(jobs.len(), 1);
        assert_eq!(jobs[0].place(), &place());
        play_ai(&t, 50);
        assert!(t.chat.ai_jobs().is_empty(), "ann's turn");
    }

    /// Sherpa's steps after ann's are taken back with hers (Sherpa consents at once), so
    /// her turn comes back instead of Sherpa playing again.
    #[test]
    fn an_undo_after_sherpas_reply_takes_back_sherpas_steps_and_the_players_own() {
        let t = ann_against_sherpa("");
        let id = game_id(&t);
        play_ai(&t, 50);
        let mut mine = Vec::new();
        for _ in 0..50 {
            if t.chat.ai_job(&place()).is_some() {
                break;
            }
            mine = t.log();
            ann_plays(&t);
        }
        let sherpa = play_ai(&t, 50);
        assert!(sherpa > 0, "Sherpa played after ann");
        let before = t.log();
        let r = t.ok("ann", "undo");
        let said: String = r.iter().map(|r| r.text.to_string()).collect();
        assert!(said.contains("**Sherpa (normal)** took back"), "{said}");
        assert!(said.contains("**ann** took back"), "{said}");
        assert!(r
            .iter()
            .all(|r| r.pings.iter().all(|p| !p.starts_with("sherpa:"))));
        let after = t.log();
        let undos = after.len() - before.len();
        assert!(undos >= 2 && after[before.len()..].iter().all(|a| a == "undo"));
        assert!(
            t.chat.ai_job(&place()).is_none(),
            "ann's turn again: {after:?}"
        );
        let l = t.chat.load_active(&place()).unwrap();
        assert_eq!(l.game.unwrap().status().acting(), [0]);
        let effective = effective_steps(&t.chat.lock().store.log().actions(id).unwrap())
            .into_iter()
            .map(|a| a.step.clone())
            .collect::<Vec<_>>();
        let mine: Vec<String> = mine.into_iter().filter(|s| s != "undo").collect();
        assert_eq!(effective, mine, "the log is back to before ann's step");
        assert!(
            t.chat.lock().store.log().motions(id).unwrap().is_empty(),
            "no vote left open"
        );
    }

    #[test]
    fn an_undo_when_only_sherpa_has_played_is_refused_and_changes_nothing() {
        let t = ann_against_sherpa("");
        assert!(play_ai(&t, 50) > 0, "Sherpa places the guide first");
        let before = t.log();
        let r = t.chat.handle(&req("ann", "undo"));
        assert!(r[0].is_error, "{r:?}");
        assert!(
            r[0].text.contains("only Sherpa players have played so far"),
            "{}",
            r[0].text
        );
        assert_eq!(t.log(), before);
        assert!(t.chat.ai_job(&place()).is_none(), "ann's turn");
    }

    /// Ann against Bob in Nanga Parbat with `absent`, the clock moved past the 72-hour
    /// deadline of bob's first wait (he places the guide first): the due notices.
    fn bob_misses_his_deadline(absent: &str) -> (T, Vec<DueNotice>) {
        let t = builtin_chat();
        t.ok("ann", &format!("game new nanga-parbat {absent}"));
        t.ok("bob", "game join");
        t.ok("ann", "game start");
        let defaults = crate::reminders::ReminderDefaults {
            enabled: false,
            ..Default::default()
        };
        t.clock.store(1_000 + 72 * 3600 + 1, Ordering::SeqCst);
        let due = t.chat.due_notices("discord", &defaults).unwrap();
        (t, due)
    }

    #[test]
    fn the_caretaker_plays_for_a_player_past_the_deadline_until_any_command_of_theirs() {
        let (t, due) = bob_misses_his_deadline("");
        assert_eq!(due.len(), 1, "{due:?}");
        let Notice::Replies(r) = &due[0].send else {
            panic!("{due:?}")
        };
        assert!(
            r[0].text.contains("**bob** is away") && r[0].text.contains("Sherpa"),
            "{}",
            r[0].text
        );
        let id = game_id(&t);
        assert_eq!(t.chat.lock().store.log().caretaken(id).unwrap(), vec![1]);
        let s = t.ok("ann", "game status")[0].text.to_string();
        assert!(s.contains("**bob**: away; Sherpa plays for them"), "{s}");
        let job = t.chat.ai_job(&place()).expect("the caretaker's turn");
        assert!(job.is_caretaker());
        assert_eq!((job.seat(), job.level()), (1, crate::ai::Level::Normal));
        let r = t.chat.commit_ai(&job, job.think_with(SMALL)).unwrap();
        assert!(
            r[0].text.contains("Sherpa plays for **bob**"),
            "{}",
            r[0].text
        );
        assert_eq!(r[0].pings, vec!["id-ann"], "{r:?}");
        assert!(t.chat.ai_job(&place()).is_none(), "ann's turn now");
        // Any command of bob's takes his seat back, and the answer says so.
        let r = t.ok("bob", "board");
        assert!(
            r.iter().any(|r| r.text.contains("Welcome back, **bob**")),
            "{r:?}"
        );
        assert!(t.chat.lock().store.log().caretaken(id).unwrap().is_empty());
        let r = t.ok("bob", "board");
        assert!(
            !r.iter().any(|r| r.text.contains("Welcome back")),
            "once: {r:?}"
        );
        // His next turn is his again.
        for _ in 0..50 {
            let l = t.chat.load_active(&place()).unwrap();
            if l.game.unwrap().status().acting().contains(&1) {
                break;
            }
            ann_plays(&t);
        }
        assert!(t.chat.ai_job(&place()).is_none(), "bob plays his own turn");
        t.chat.verify(id).unwrap();
    }

    #[test]
    fn a_job_thought_before_the_player_came_back_commits_nothing() {
        let (t, _) = bob_misses_his_deadline("absent=caretaker");
        let job = t.chat.ai_job(&place()).expect("the caretaker's turn");
        let turn = job.think_with(SMALL);
        t.ok("bob", "game status");
        let log = t.log();
        assert!(t.chat.commit_ai(&job, turn).unwrap().is_empty());
        assert_eq!(t.log(), log);
        assert!(t.chat.ai_job(&place()).is_none(), "bob is back");
    }

    #[test]
    fn absent_kick_removes_the_late_player_at_the_deadline() {
        let (t, due) = bob_misses_his_deadline("absent=kick");
        let Notice::Replies(r) = &due[0].send else {
            panic!("{due:?}")
        };
        assert!(
            r[0].text.contains("**bob** ran out of time and is removed"),
            "{}",
            r[0].text
        );
        assert!(seats(&t)[1].resigned);
        assert!(
            t.chat.ai_job(&place()).is_none(),
            "the autopilot plays a removed seat"
        );
    }

    #[test]
    fn absent_wait_keeps_the_plain_deadline_notice_and_no_default_deadline() {
        let (t, due) = bob_misses_his_deadline("absent=wait");
        assert!(
            due.is_empty(),
            "a waiting table has no deadline unless set: {due:?}"
        );
        t.ok("bob", "remind deadline 1h");
        let defaults = crate::reminders::ReminderDefaults {
            enabled: false,
            ..Default::default()
        };
        let due = t.chat.due_notices("discord", &defaults).unwrap();
        assert_eq!(due.len(), 1, "{due:?}");
        assert!(matches!(due[0].send, Notice::Message(_)), "{due:?}");
        assert!(t.chat.ai_job(&place()).is_none(), "nobody plays for bob");
        let id = game_id(&t);
        assert!(t.chat.lock().store.log().caretaken(id).unwrap().is_empty());
    }

    #[test]
    fn a_bad_absent_value_is_refused_and_the_option_is_no_rules_option() {
        let t = builtin_chat();
        let e = t.err("ann", "game new nanga-parbat absent=never");
        assert!(
            e.contains("absent=caretaker") && e.contains("absent=kick"),
            "{e}"
        );
        let r = t.ok("ann", "game new nanga-parbat absent=kick");
        assert!(r[0].text.contains("absent=kick"), "{}", r[0].text);
        let inner = t.chat.lock();
        let g = inner
            .store
            .log()
            .latest_game("discord", "c1")
            .unwrap()
            .unwrap();
        assert!(!g.options.contains_key("absent"), "{:?}", g.options);
        assert_eq!(
            inner.store.log().absent(g.id).unwrap(),
            crate::store::Absent::Kick
        );
    }
}
