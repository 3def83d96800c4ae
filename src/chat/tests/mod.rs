//! Chat-core tests on a small test-only game ("count to ten"), so the command layer is
//! checked independently of any real game's rules.

use super::*;
use crate::engine::*;
use crate::games::Registry;
use crate::store::{ActionKind, ActionRow, SeatRow, Store};
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

mod ai_seats;
mod catch_up;
mod commands;
mod durability;
mod handover;
mod lobby;
mod menu_secrecy;
mod pick_rate;
mod ratings;
mod remind;
mod replay;
mod secrecy;
mod turns;
mod votes;

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

/// Why the test game refuses a step (all under the topic `turn`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CountForbidden {
    NotYourTurn,
    AddedTwice,
    NothingHidden,
}

impl Forbid<()> for CountForbidden {
    fn topic(self) -> &'static str {
        "turn"
    }
    fn reason(self, _: &()) -> String {
        match self {
            CountForbidden::NotYourTurn => "not your turn",
            CountForbidden::AddedTwice => "you have added twice this turn; type `end`",
            CountForbidden::NothingHidden => "nothing of yours is hidden",
        }
        .into()
    }
}

impl Game for Count {
    type Step = CStep;
    type Data = ();
    type View = serde_json::Value;
    type Options = CountOptions;
    type Forbidden = CountForbidden;
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
    /// Over-approximates (a third add, unhide with nothing hidden) so that `forbidden`
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
    fn forbidden(&self, _: &(), seat: Seat, step: &CStep) -> Result<(), CountForbidden> {
        if self.over || seat != self.turn {
            return Err(CountForbidden::NotYourTurn);
        }
        match step {
            CStep::Add(_) if self.adds >= 2 => Err(CountForbidden::AddedTwice),
            CStep::Unhide if self.hidden[seat] == 0 => Err(CountForbidden::NothingHidden),
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
    fn scramble_into(&mut self, _: &(), holder: Holder, rng: &mut GameRng) {
        if let Holder::Seat(s) = holder {
            if !self.over {
                self.secret[s] = rng.die(9000) + 1000;
                self.hidden[s] = rng.below(4) as u32;
            }
        }
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
                aliases: &["syntax"],
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
    /// The channel's active game (lobby or running), if any.
    fn active_row(&self) -> Option<crate::store::GameRow> {
        self.chat
            .lock()
            .store
            .log()
            .active_game("discord", "c1")
            .unwrap()
    }
    /// Whether the channel has an active game.
    fn active(&self) -> bool {
        self.active_row().is_some()
    }
    fn version(&self) -> i64 {
        self.active_row().expect("an active game").version
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

fn public(r: &[Reply]) -> Vec<&Reply> {
    r.iter()
        .filter(|r| r.visibility == Visibility::Public)
        .collect()
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
