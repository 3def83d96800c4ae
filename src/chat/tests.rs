//! Chat-core tests on a small test-only game ("count to ten"), so the command layer is
//! checked independently of any real game's rules.

use super::*;
use crate::engine::*;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Count {
    pos: Vec<u32>,
    adds: u32,
    turn: usize,
    secret: Vec<u32>,
    rng: GameRng,
    over: bool,
}

#[derive(Clone, Debug, PartialEq)]
enum CStep {
    Add(u32),
    Draw,
    /// A sealed choice (secret notation).
    Hide,
    End,
}

impl Game for Count {
    type Step = CStep;
    type Data = ();
    type View = serde_json::Value;
    type Options = CountOptions;
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
                scores,
                note: String::new(),
            })
        } else {
            Status::Acting(vec![self.turn])
        }
    }
    fn legal_steps(&self, _: &(), seat: Seat) -> Vec<CStep> {
        if self.over || seat != self.turn {
            return vec![];
        }
        let mut v = vec![];
        if self.adds < 2 {
            v.push(CStep::Add(1));
            v.push(CStep::Add(2));
        }
        v.push(CStep::Draw);
        v.push(CStep::Hide);
        v.push(CStep::End);
        v
    }
    fn check(&self, d: &(), seat: Seat, step: &CStep) -> Result<(), RuleError> {
        if !self.legal_steps(d, seat).contains(step) {
            return Err(RuleError::new("turn", "not legal now"));
        }
        Ok(())
    }
    fn apply(&mut self, d: &(), seat: Seat, step: &CStep) -> Result<Applied, RuleError> {
        self.check(d, seat, step)?;
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
            CStep::Hide => a.secret = true,
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
        Ok(a)
    }
    fn format_step(_: &(), s: &CStep) -> String {
        match s {
            CStep::Add(n) => format!("add {n}"),
            CStep::Draw => "draw".into(),
            CStep::Hide => "hide".into(),
            CStep::End => "end".into(),
        }
    }
    fn view(&self, _: &(), viewer: Viewer) -> serde_json::Value {
        let mine = match viewer {
            Viewer::Seat(s) => Some(format!("SECRET-{}", self.secret[s])),
            Viewer::Spectator => None,
        };
        serde_json::json!({"pos": self.pos, "turn": self.turn, "mine": mine})
    }
    fn describe(_: &(), v: &serde_json::Value) -> String {
        v.to_string()
    }
    fn private_markers(&self, _: &(), seat: Seat) -> Vec<String> {
        vec![format!("SECRET-{}", self.secret[seat])]
    }
    fn rules_topics() -> &'static [RulesTopic] {
        &[RulesTopic {
            id: "turn",
            title: "Turn",
            section: "Test",
            text: "Add up to twice, then end.",
        }]
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

fn render_count(_: &(), v: &serde_json::Value) -> Png {
    let mut p = b"\x89PNG".to_vec();
    p.extend(v.to_string().bytes());
    p
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
    let clock = Arc::new(AtomicI64::new(1_000));
    let c2 = clock.clone();
    let env = Env {
        now: Box::new(move || c2.load(Ordering::SeqCst)),
        seed: Box::new(|| 77),
        rate_limit: true,
    };
    T {
        chat: Chat::new(Store::open_in_memory().unwrap(), registry(), env),
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
    Request {
        place: place(),
        user: User {
            id: format!("id-{user}"),
            name: user.into(),
            is_channel_admin: false,
        },
        text: text.into(),
        request_id: None,
        expected_version: None,
    }
}

impl T {
    fn say(&self, user: &str, text: &str) -> Vec<Reply> {
        self.chat.handle(&req(user, text))
    }
    fn ok(&self, user: &str, text: &str) -> Vec<Reply> {
        let r = self.say(user, text);
        assert!(
            !r.iter().any(|r| r.is_error),
            "`{user}: {text}` failed: {:?}",
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
        r[0].text.clone()
    }
    fn started(players: &[&str]) -> T {
        let t = chat();
        t.ok(players[0], "game new count");
        for p in &players[1..] {
            t.ok(p, "game join");
        }
        t.ok(players[0], "game start");
        t
    }
    fn version(&self) -> i64 {
        self.chat
            .lock()
            .store
            .active_game("discord", "c1")
            .unwrap()
            .unwrap()
            .version
    }
    fn log(&self) -> Vec<String> {
        let inner = self.chat.lock();
        let id = inner
            .store
            .latest_game("discord", "c1")
            .unwrap()
            .unwrap()
            .id;
        inner
            .store
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
    assert!(r[0].text.contains("<@id-ann>"));
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
    assert!(e.contains("`add 1`") && e.contains("`end`"), "{e}");
    assert_eq!(t.version(), v);
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
        .active_game("discord", "c1")
        .unwrap()
        .unwrap()
        .id;
    let snap = inner.store.snapshot(id).unwrap().unwrap().1;
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
    assert!(!t.chat.handle(&r)[0].is_error);
    let again = t.chat.handle(&r);
    assert!(again[0].is_error && again[0].text.contains("already handled"));
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
    t.ok("bob", "game kick ann");
    assert!(!t.chat.lock().store.seats(1).unwrap()[0].resigned);
    t.ok("cy", "game kick ann");
    assert!(t.chat.lock().store.seats(1).unwrap()[0].resigned);
    // ann's pending turn was played automatically: now bob acts.
    assert_eq!(t.log(), vec!["end"]);
    let mut r = req("dee", "game kick bob");
    r.user.is_channel_admin = true;
    assert!(!t.chat.handle(&r)[0].is_error);
    assert!(t.chat.lock().store.seats(1).unwrap()[1].resigned);
}

#[test]
fn abort_needs_all_players_or_an_admin() {
    let t = T::started(&["ann", "bob"]);
    t.ok("ann", "game abort");
    assert!(t
        .chat
        .lock()
        .store
        .active_game("discord", "c1")
        .unwrap()
        .is_some());
    assert!(t.err("zed", "game abort").contains("only players"));
    t.ok("bob", "game abort");
    assert!(t
        .chat
        .lock()
        .store
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
        t.chat.lock().store.game(id).unwrap().status,
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
    let g: Count = serde_json::from_slice(&inner.store.snapshot(1).unwrap().unwrap().1).unwrap();
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
    assert!(t.chat.lock().store.game(1).unwrap().broken.is_some());
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
    assert!(t.err("bob", "rules count zzz").contains("topics: turn"));
    assert!(t.err("bob", "game history 0").contains("1 to 100"));
}

#[test]
fn count_game_passes_the_conformance_suite() {
    conformance::run_suite::<Count>(&(), &Options::new(), 5, 500);
}

#[test]
fn sealed_steps_never_appear_in_public_replies_or_history() {
    let t = T::started(&["ann", "bob"]);
    let r = t.ok("ann", "move hide");
    assert!(!r[0].text.contains("hide") && r[0].visibility == Visibility::Public);
    assert!(r
        .iter()
        .any(|r| r.visibility == Visibility::Private("id-ann".into()) && r.text.contains("hide")));
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
    let seats = t.chat.lock().store.seats(1).unwrap();
    let names: Vec<(usize, &str)> = seats.iter().map(|s| (s.seat, s.name.as_str())).collect();
    assert_eq!(names, vec![(0, "ann"), (1, "dee")]);
    t.ok("ann", "game leave");
    t.ok("dee", "game leave");
    assert!(
        t.chat
            .lock()
            .store
            .active_game("discord", "c1")
            .unwrap()
            .is_none(),
        "an empty lobby closes"
    );
}
