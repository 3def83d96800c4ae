//! The engine contract every game implements, the shared mechanics games are built from,
//! and the type-erased wrapper the store and the chat layer use so that they handle all
//! games alike.
//!
//! - [`Game`]: the rules contract (setup, legal steps, `check`, `apply`, notation, views).
//! - [`board`]: the one reader of board text files; [`rank`]: places and the winner note;
//!   [`result`]: a finished game's scores, places and their parts;
//!   [`sealed`]: simultaneous secret choices with commitments; [`pending`]: decisions
//!   asked of some seat, as a stack; [`options`]: typed options checked once.
//! - [`conformance`]: the contract check every game runs, including non-interference.
//!
//! Invariants:
//! - No IO here or in any game: no files, network, clock or global randomness. Board data is
//!   parsed once by the caller and handed in as [`Game::Data`].
//! - All randomness comes from [`GameRng`], whose state is part of the game state, so
//!   `setup(seed)` followed by the same steps always gives the same state.
//! - [`Game::apply`] either applies a legal step or returns an error and leaves the state
//!   exactly as it was. The same code that lists legal steps decides legality
//!   ([`Game::check`]).
//! - Renderers and chat replies only ever see [`Game::view`], never raw state.
//! - Nothing here imports a game or a game's renderer: games depend on the engine, never
//!   the reverse. A game's renderer (view to [`Picture`]) is handed to [`Kind`] by the
//!   registry; the engine only encodes its pictures, with the shared `render::png`.

pub mod board;
pub mod conformance;
pub mod notation;
pub mod options;
pub mod pending;
pub mod rank;
pub mod result;
pub mod rng;
pub mod sealed;
#[cfg(test)]
pub mod testing;
pub mod words;

use serde::{de::DeserializeOwned, Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

pub use board::BoardError;
pub use notation::{match_step, ParseError};
pub use options::{resolve_options, GameOptions, NoOptions, OptionSpec, Options, Resolved};
pub use pending::{Prompt, Prompts};
pub use result::{parts_text, BreakdownMismatch, FinalResult, ScorePart};
pub use rng::GameRng;
pub use words::{a_or_an, counted};

/// A seat at the table, numbered from 0 in turn order.
pub type Seat = usize;

/// Most legal steps a seat may have in any position (see [`Game::legal_steps`]).
pub const MAX_LEGAL_STEPS: usize = 500;

/// Who is looking at the game. Hidden information is filtered by [`Game::view`] for this.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Viewer {
    Seat(Seat),
    Spectator,
}

/// Whose hidden information something is: a seat's (its hand, goods, sealed program), or
/// nobody's (what no viewer sees, such as the order of a face-down deck).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Holder {
    Seat(Seat),
    Nobody,
}

impl Holder {
    /// May `viewer` see this holder's hidden information?
    pub fn seen_by(self, viewer: Viewer) -> bool {
        matches!((self, viewer), (Holder::Seat(h), Viewer::Seat(v)) if h == v)
    }
}

/// What the game is waiting for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    /// These seats must act now. One seat for an ordinary turn; several for simultaneous
    /// secret choices. Never empty while the game runs.
    Acting(Vec<Seat>),
    /// The game is over.
    Finished(FinalResult),
}

impl Status {
    pub fn is_finished(&self) -> bool {
        matches!(self, Status::Finished(_))
    }
    /// The seats that must act now (empty once finished).
    pub fn acting(&self) -> &[Seat] {
        match self {
            Status::Acting(s) => s,
            Status::Finished(_) => &[],
        }
    }
}

/// Setup was refused (bad player count, bad option...). The message says what is accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError(pub String);
impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}
impl std::error::Error for SetupError {}

/// A step was refused by a rule. `topic` is the id of the rules-lookup topic that explains
/// the rule (one of the game's [`Game::rules_topics`]; the conformance suite checks it), so
/// every refusal can end with the command that explains it (`rules nepal grow`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleError {
    pub topic: &'static str,
    /// Why, in words a player can act on.
    pub reason: String,
}
impl RuleError {
    pub fn new(topic: &'static str, reason: impl Into<String>) -> Self {
        RuleError {
            topic,
            reason: reason.into(),
        }
    }

    /// The refusal ending with the steps accepted now, by their notations: the first
    /// [`ACCEPTED_SHOWN`] in backticks, then how many more there are. Unchanged when none
    /// is accepted.
    pub fn with_accepted(mut self, accepted: &[String]) -> Self {
        if accepted.is_empty() {
            return self;
        }
        let listed: Vec<String> = accepted
            .iter()
            .take(ACCEPTED_SHOWN)
            .map(|s| format!("`{s}`"))
            .collect();
        self.reason
            .push_str(&format!("; accepted now: {}", listed.join(", ")));
        if accepted.len() > ACCEPTED_SHOWN {
            let more = accepted.len() - ACCEPTED_SHOWN;
            self.reason.push_str(&format!(" and {more} more"));
        }
        self
    }
}

/// How many accepted steps [`RuleError::with_accepted`] lists before "and N more" (a
/// refusal never lists the whole list).
pub const ACCEPTED_SHOWN: usize = 6;

/// The first check of a game where one seat acts at a time: nothing is legal once the game
/// is over (`over`), and only the `current` seat acts. `refusals` are the game's own
/// refusals for these two cases: (game over, not your turn).
pub fn one_seat_acts<E>(over: bool, seat: Seat, current: Seat, refusals: (E, E)) -> Result<(), E> {
    let (game_over, not_your_turn) = refusals;
    if over {
        Err(game_over)
    } else if seat != current {
        Err(not_your_turn)
    } else {
        Ok(())
    }
}
impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (rules topic `{}`)", self.reason, self.topic)
    }
}
impl std::error::Error for RuleError {}

/// A game's typed reason for refusing a step ([`Game::Forbidden`]): small and `Copy`, made
/// without any text while the legal list is filtered; its rules topic and its words are
/// kept apart, and asked for only when a player's step is refused. Nepal's
/// `rules/forbidden.rs` is the model: one enum, `topic` (a `match` onto the game's typed
/// `Topic`, so a refusal cannot name a topic that does not exist) and `reason`.
pub trait Forbid<D>: Copy + fmt::Debug {
    /// The id of the rules topic that explains the refusal (`rules <game> <topic>`).
    fn topic(self) -> &'static str;
    /// Why, in words a player can act on.
    fn reason(self, data: &D) -> String;
    /// The refusal a player sees: the reason under its topic.
    fn rule_error(self, data: &D) -> RuleError {
        RuleError::new(self.topic(), self.reason(data))
    }
}

/// The default [`Game::explain`]: `e` followed by at most [`ACCEPTED_SHOWN`] legal steps
/// close to the refused one ([`notation::close_steps`]). A game that rewords a refusal in
/// its own `explain` ends with this.
pub fn explain_close<G: Game>(
    g: &G,
    data: &G::Data,
    seat: Seat,
    step: &G::Step,
    e: RuleError,
) -> RuleError {
    let legal: Vec<String> = g
        .legal_steps(data, seat)
        .iter()
        .map(|s| G::format_step(data, s))
        .collect();
    e.with_accepted(&notation::close_steps(&G::format_step(data, step), &legal))
}

/// Who may see an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Audience {
    Public,
    Private(Seat),
}

/// One line for the game log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    pub audience: Audience,
    pub text: String,
    /// The line says what comes next (who decides what), not what happened: a player's
    /// catch-up does not count it among what touched them.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub cue: bool,
}
impl Event {
    pub fn public(text: impl Into<String>) -> Self {
        Event {
            audience: Audience::Public,
            text: text.into(),
            cue: false,
        }
    }
    pub fn private(seat: Seat, text: impl Into<String>) -> Self {
        Event {
            audience: Audience::Private(seat),
            text: text.into(),
            cue: false,
        }
    }
    /// A public line saying what comes next ([`Event::cue`]).
    pub fn cue(text: impl Into<String>) -> Self {
        Event {
            cue: true,
            ..Event::public(text)
        }
    }
    /// May `viewer` see this event?
    pub fn visible_to(&self, viewer: Viewer) -> bool {
        match self.audience {
            Audience::Public => true,
            Audience::Private(s) => viewer == Viewer::Seat(s),
        }
    }
}

/// What applying a step produced.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Applied {
    pub events: Vec<Event>,
    /// True if this step revealed hidden information or drew randomness: it then cannot be
    /// taken back by its player alone (undo needs every other player's consent).
    pub irreversible: bool,
    /// True if this step ended the acting seat's turn (used for turn summaries).
    pub turn_ended: bool,
    /// True if the step itself is hidden information of its player (drafting or sealing a
    /// secret choice): chat never shows its notation to others, and `game history` hides it
    /// until the game ends. Public events still say what everyone may know (e.g. "ann
    /// sealed a program, commitment 3fa9c0d1e2b4").
    pub secret: bool,
    /// True if this step made every secret step played before it public (the reveal of
    /// sealed choices): `game history` shows them from then on.
    pub reveals: bool,
}

/// A legal step as offered to a player: canonical notation plus a short human label.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StepInfo {
    pub notation: String,
    pub label: String,
    /// The step ends or completes something ([`Game::completes`]): listed first.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub completes: bool,
}

/// A PNG image of a view.
pub type Png = Vec<u8>;

/// The pixels of a view, before encoding: what a game's renderer draws. Compared pixel for
/// pixel by the non-interference check, scaled into timelapse frames without a PNG round
/// trip, and encoded once ([`AnyGame::render`]) for a chat.
pub type Picture = image::RgbaImage;

/// A game's renderer: a pure function from a view to its picture. Lives in the game's
/// `render.rs` and is handed to [`Kind`] by the registry, so the rules contract does not
/// depend on drawing.
pub type RenderFn<G> = fn(&<G as Game>::Data, &<G as Game>::View) -> Picture;

/// The rules version of a game stored before versions were kept (serde's default for a
/// state, replay file or row without one).
pub fn first_rules_version() -> u32 {
    1
}

/// Whether `v` is the first rules version (a state at it is stored without the field, byte
/// for byte as before versions were kept).
pub fn is_first_rules_version(v: &u32) -> bool {
    *v == 1
}

/// The contract a game implements.
///
/// `Data` is the parsed, validated board (read once at start-up by the caller). The state
/// (`Self`) holds everything else, including the RNG, and serializes to a snapshot.
///
/// **One decision per step.** A step is one choice a player makes: one unit group moved one
/// area, one cube placed, one hit assigned, one factory chosen, `done`. A compound action is
/// a sequence of steps (the game keeps the partial action in its state, usually as a prompt
/// on its [`Prompts`] stack), never one step per combination. So `legal_steps` stays small:
/// the conformance suite fails a game that ever lists more than [`MAX_LEGAL_STEPS`].
pub trait Game:
    Clone + fmt::Debug + PartialEq + Serialize + DeserializeOwned + Send + 'static
{
    type Step: Clone + fmt::Debug + PartialEq + Send;
    type Data: Send + Sync + 'static;
    type View: Serialize;
    /// Typed options, built from checked text options (see [`options`]).
    type Options: GameOptions;

    /// Lower-case id used in commands, e.g. `nepal`.
    const ID: &'static str;
    /// Display name, e.g. `Nepal`.
    const NAME: &'static str;
    const MIN_PLAYERS: usize;
    const MAX_PLAYERS: usize;
    /// The newest rules version of this game kind: 1, raised by each fix that changes how
    /// a logged game plays out. A game plays by the version it started on
    /// ([`Game::rules_version`]), so an older game's log replays as it was played.
    const RULES_VERSION: u32 = 1;

    /// The rules version this game plays by ([`Game::RULES_VERSION`] for a new game).
    fn rules_version(&self) -> u32 {
        Self::RULES_VERSION
    }

    /// Play by the older rules `version` (1..[`Game::RULES_VERSION`]): called right after
    /// setup, before any step, when a game recorded under it is rebuilt. A game with one
    /// version keeps the default, which ignores it.
    fn set_rules_version(&mut self, _version: u32) {}

    /// Name `seat` after its new holder (a seat handed over during the game): what the game
    /// tells from now on uses `name`, what it told before keeps the old one. A game whose
    /// texts name no player keeps the default, which ignores it.
    fn rename_seat(&mut self, _seat: Seat, _name: &str) {}

    /// Stop wording what happens: this copy is a computer player's imagined world (a
    /// search's determinisation), whose events nobody reads, so a game whose texts cost
    /// much may leave [`Applied::events`] (and what it keeps of them) empty from now on,
    /// every other change and every draw of its RNG the same. Never called on a played
    /// game. The default ignores it.
    fn hush(&mut self) {}

    /// Start a game for `players` seats (names in turn order). The player count is already
    /// within `MIN_PLAYERS..=MAX_PLAYERS` and the options are valid.
    fn setup(
        data: &Self::Data,
        players: &[String],
        options: &Self::Options,
        seed: u64,
    ) -> Result<Self, SetupError>;

    fn status(&self) -> Status;

    /// The well-formed steps `seat` might take now, in a stable order: cheap to list and
    /// allowed to over-approximate (e.g. every `move A B` between adjacent areas). The
    /// engine filters them through [`Rules::legality`] for the legal list, and matches text
    /// that fits no legal step against them, so that a well-formed but illegal step is
    /// refused with the rule that forbids it. Must include every legal step.
    fn candidates(&self, data: &Self::Data, seat: Seat) -> Vec<Self::Step>;

    /// Why a step is refused: a small `Copy` enum with its rules topic and its wording kept
    /// apart ([`Forbid`]).
    type Forbidden: Forbid<Self::Data>;

    /// The one legality decision of the game: is `step` legal for `seat` now? `Err` is the
    /// typed reason, unworded (cheap: the legal list filters with it). A dispatcher by
    /// phase onto `*_ok` helpers that sit beside the code performing the step. The engine
    /// derives the worded [`Rules::legality`] and the unworded [`Rules::hopeless`] from it.
    fn forbidden(
        &self,
        data: &Self::Data,
        seat: Seat,
        step: &Self::Step,
    ) -> Result<(), Self::Forbidden>;

    /// Carry out a step that [`Rules::legality`] accepted for `seat`. Infallible: every
    /// check lives in `legality`.
    fn perform(&mut self, data: &Self::Data, seat: Seat, step: &Self::Step) -> Applied;

    /// Add to a refusal what a player needs to act on it. Called only when a player's step
    /// is refused ([`Rules::check`], [`Rules::apply`]), never while listing legal steps, so
    /// it may be costly. The default (every converted game): at most
    /// [`ACCEPTED_SHOWN`] legal steps close to the refused one
    /// ([`notation::close_steps`]: same verb, same source or piece), never the whole list.
    fn explain(&self, data: &Self::Data, seat: Seat, step: &Self::Step, e: RuleError) -> RuleError {
        explain_close(self, data, seat, step, e)
    }

    /// What word `index` (0 is the verb) of a `verb` step names, for a stage-1 answer
    /// about a name that is not there: `province` makes "there is no province
    /// `Narnia`". `None`: "name".
    fn noun(_verb: &str, _index: usize) -> Option<&'static str> {
        None
    }

    /// Canonical notation, e.g. `move Gorkha Pokhara`. `parse_step(format_step(s)) == s`.
    fn format_step(data: &Self::Data, step: &Self::Step) -> String;

    /// Does the step end or complete something (a turn, a claim, a program)? Such steps are
    /// offered first when a player asks for their steps, so they are never hidden in a long
    /// list. The default: the steps written `end`, `pass`, `done` or `seal`.
    fn completes(data: &Self::Data, step: &Self::Step) -> bool {
        matches!(
            Self::format_step(data, step).as_str(),
            "end" | "pass" | "done" | "seal"
        )
    }

    /// Short human label for menus, e.g. `Move a piece from Gorkha to Pokhara`.
    fn label_step(data: &Self::Data, step: &Self::Step) -> String {
        Self::format_step(data, step)
    }

    /// Parse text into a step for `seat` (syntax, then matching; ambiguous prefixes list
    /// candidates). Legality is checked afterwards. The default matches the text against
    /// the notation of the legal steps first (one fit is that step; several are ambiguous
    /// between them); only text that fits no legal step is matched against
    /// [`Game::candidates`], so an illegal step is refused by its rule. Names match by
    /// case-insensitive unique prefixes, numbers only exactly ([`notation::match_step`]).
    /// Text that leaves words out of legal steps is answered with them (`take pink`: `take
    /// 2 pink` or `take 4 pink`); text that fits nothing is answered with the closest legal
    /// steps only ([`notation::fit_step`]). A game with a large vocabulary overrides it with its own grammar.
    fn parse_step(
        &self,
        data: &Self::Data,
        seat: Seat,
        text: &str,
    ) -> Result<Self::Step, ParseError> {
        let legal = self.legal_steps(data, seat);
        let names: Vec<String> = legal.iter().map(|s| Self::format_step(data, s)).collect();
        let mut cands = Vec::new();
        let fit = notation::fit_step(
            text,
            &names,
            || {
                cands = self.candidates(data, seat);
                cands.iter().map(|s| Self::format_step(data, s)).collect()
            },
            &Self::noun,
        )?;
        Ok(match fit {
            notation::Fit::Legal(i) => legal[i].clone(),
            notation::Fit::Refused(i) => cands[i].clone(),
        })
    }

    /// The step played for `seat` when its player does not act (resigned, removed, or out
    /// of time at a deadline). Must be one of `legal_steps(seat)` (the conformance suite
    /// checks it); `None` only when the seat has no legal step. The default takes a step
    /// whose notation is `end`, `pass`, `done` or `seal` if listed, else the first legal
    /// step; a game overrides it where that would be a poor default (say which in its rules
    /// topics).
    fn default_step(&self, data: &Self::Data, seat: Seat) -> Option<Self::Step> {
        let legal = self.legal_steps(data, seat);
        legal
            .iter()
            .find(|s| {
                matches!(
                    Self::format_step(data, s).as_str(),
                    "end" | "pass" | "done" | "seal"
                )
            })
            .or_else(|| legal.first())
            .cloned()
    }

    /// Expand a compact command into a sequence of steps applied together, e.g. Himalaya's
    /// `program ice deal deal stone rest dirt`. `None` means `text` is one step.
    fn expand(&self, _data: &Self::Data, _seat: Seat, _text: &str) -> Option<Vec<String>> {
        None
    }

    /// What `viewer` may see. The single place that decides visibility.
    fn view(&self, data: &Self::Data, viewer: Viewer) -> Self::View;

    /// A short text summary of a view for terminal and chat (scores, whose turn...).
    fn describe(data: &Self::Data, view: &Self::View) -> String;

    /// A copy of the state in which `holder`'s hidden information is changed at random in a
    /// way the rules allow (another hand of the same size, another program, another deck
    /// order), everything else equal. Used by the non-interference check: every viewer who
    /// may not see `holder`'s information must get byte-identical views, pictures and
    /// texts from the copy. A clone changed by [`Game::scramble_into`].
    fn scramble(&self, data: &Self::Data, holder: Holder, rng: &mut GameRng) -> Self {
        let mut g = self.clone();
        g.scramble_into(data, holder, rng);
        g
    }

    /// [`Game::scramble`] in place, without a copy (a search re-deals every holder of one
    /// copy per iteration). What a game with hidden information writes; the default (no
    /// hidden information) changes nothing.
    fn scramble_into(&mut self, _data: &Self::Data, _holder: Holder, _rng: &mut GameRng) {}

    /// Strings that belong to `seat`'s hidden information right now (for chat-level leak
    /// tests over reply texts). Optional; non-interference is the main check.
    fn private_markers(&self, _data: &Self::Data, _seat: Seat) -> Vec<String> {
        Vec::new()
    }

    /// The other names the game's events call `seat` by, besides its player's name (Peloria:
    /// the seat's nations), all public: the catch-up finds the events that touched a player
    /// by these names. Default: none.
    fn seat_aliases(&self, _data: &Self::Data, _seat: Seat) -> Vec<String> {
        Vec::new()
    }

    /// Rules lookup: (topic id, title, text in our own words citing the section).
    fn rules_topics() -> &'static [RulesTopic];

    /// Players' words for what the topics call otherwise (`combat` → `battle`): a word a
    /// player may ask with, and a topic id, alias or word it stands for. Used to rank
    /// topics for a question (`rules <game> how does combat work`).
    fn rules_synonyms() -> &'static [(&'static str, &'static str)] {
        &[]
    }

    /// The game's evaluation hint for computer players: how well each seat stands now, by
    /// seat, higher is better (usually the points it would score if the game ended now). A
    /// search reads it where it stops looking ahead; only comparisons between seats matter.
    /// It must depend only on what every viewer sees, so that it leaks nothing. Empty (the
    /// default): no hint, a search then learns only from finished games.
    fn hint(&self, _data: &Self::Data) -> Vec<f64> {
        Vec::new()
    }

    /// How `seat` pictures the standings, by seat as [`Game::hint`]: what a beginner
    /// (`easy`) reads one step ahead. It may use `seat`'s own hidden information (what it
    /// has committed to but not yet carried out, what it holds), never another seat's. The
    /// default: the hint.
    fn outlook(&self, data: &Self::Data, _seat: Seat) -> Vec<f64> {
        self.hint(data)
    }

    /// A key of the position as `seat` sees it, without the bookkeeping of the turn in
    /// progress (actions left, the steps taken so far): two positions with the same key look
    /// alike to `seat`, so a step back to a key seen earlier in the same turn wasted the
    /// steps between (a computer player never takes one, see `ai::TurnKeys`). The default
    /// hashes the seat's whole view; a game whose view counts the turn's steps overrides it
    /// and hashes its view without them ([`view_key`]).
    fn position_key(&self, data: &Self::Data, seat: Seat) -> u64 {
        view_key(&self.view(data, Viewer::Seat(seat)))
    }
}

/// A stable 64-bit key of a view (FNV-1a of its JSON): the same on every run and machine.
pub fn view_key<V: Serialize>(view: &V) -> u64 {
    let bytes = serde_json::to_vec(view).unwrap_or_default();
    let mut h = Fnv::default();
    h.bytes(&bytes);
    h.0
}

/// A stable 64-bit key of a typed step: FNV-1a of its `Debug` form, streamed without a
/// string (a derived `Debug` writes every field, so distinct steps have distinct forms).
pub fn step_key<S: fmt::Debug>(step: &S) -> u64 {
    use fmt::Write;
    let mut h = Fnv::default();
    let _ = write!(h, "{step:?}");
    h.0
}

/// FNV-1a, 64 bits.
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

impl fmt::Write for Fnv {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.bytes(s.as_bytes());
        Ok(())
    }
}

/// What the engine writes once for every game, from its [`Game::candidates`],
/// [`Rules::legality`], [`Game::perform`] and [`Rules::hopeless`] (shakmaty's
/// `legal_moves` / `is_legal` / `play`). Implemented for every [`Game`]; a game cannot
/// override it, so the legal list, the check and the apply can never disagree.
pub trait Rules: Game {
    /// Is `step` legal for `seat` now? `Err` names the rule that forbids it and the rules
    /// topic that explains it: [`Game::forbidden`], worded.
    fn legality(&self, data: &Self::Data, seat: Seat, step: &Self::Step) -> Result<(), RuleError> {
        self.forbidden(data, seat, step)
            .map_err(|f| f.rule_error(data))
    }

    /// Is `step` sure to be refused? The unworded side of [`Game::forbidden`], which the
    /// legal list filters with.
    fn hopeless(&self, data: &Self::Data, seat: Seat, step: &Self::Step) -> bool {
        self.forbidden(data, seat, step).is_err()
    }

    /// Every legal step for `seat` now, in a stable order, at most [`MAX_LEGAL_STEPS`]. Seats
    /// in `Status::Acting` always have at least one. A seat outside it may still have
    /// optional steps (e.g. taking back a sealed choice before the reveal). Exactly the
    /// candidates for which [`Rules::check`] is `Ok`.
    fn legal_steps(&self, data: &Self::Data, seat: Seat) -> Vec<Self::Step> {
        self.candidates(data, seat)
            .into_iter()
            .filter(|s| !self.hopeless(data, seat, s))
            .collect()
    }

    /// Is `step` legal for `seat` now? `Err` names the rule that forbids it, explained
    /// for the player ([`Game::explain`]).
    fn check(&self, data: &Self::Data, seat: Seat, step: &Self::Step) -> Result<(), RuleError> {
        self.legality(data, seat, step)
            .map_err(|e| self.explain(data, seat, step, e))
    }

    /// Check, then perform. A refused step returns the rule's error and leaves the state
    /// unchanged.
    fn apply(
        &mut self,
        data: &Self::Data,
        seat: Seat,
        step: &Self::Step,
    ) -> Result<Applied, RuleError> {
        self.check(data, seat, step)?;
        Ok(self.perform(data, seat, step))
    }
}

impl<G: Game> Rules for G {}

/// A game's typed rules topics, from one list of `Variant => "id"` pairs: the `Topic` enum
/// (with the doc comment given first), `Topic::id` (the id players type after `rules`),
/// `Topic::ALL` (tests only: every topic, in the order listed) and `rule`, a refusal under a
/// topic. A refusal can so name only a topic that exists: a misspelt topic does not compile.
macro_rules! rules_topics {
    ($(#[$doc:meta])* $($topic:ident => $id:literal),+ $(,)?) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Topic {
            $($topic),+
        }

        impl Topic {
            /// Every topic, in the order of the list.
            #[cfg(test)]
            pub const ALL: &'static [Topic] = &[$(Topic::$topic),+];

            /// The id players type after `rules <game>`.
            pub const fn id(self) -> &'static str {
                match self {
                    $(Topic::$topic => $id),+
                }
            }
        }

    };
}
pub(crate) use rules_topics;

/// One rules-lookup topic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct RulesTopic {
    pub id: &'static str,
    /// Other words players use for this topic (`fortress`, `trade`), lower case; `rules`
    /// finds the topic by any of them.
    pub aliases: &'static [&'static str],
    pub title: &'static str,
    /// Rulebook section cited, e.g. "Rules of Play > Grow".
    pub section: &'static str,
    pub text: &'static str,
}

/// Type-erased game state for the store and chat layers.
pub trait AnyGame: Send {
    fn kind(&self) -> &'static dyn GameKind;
    /// The rules version this game plays by (see [`Game::rules_version`]).
    fn rules_version(&self) -> u32;
    /// Name `seat` after its new holder (see [`Game::rename_seat`]).
    fn rename_seat(&mut self, seat: Seat, name: &str);
    /// See [`Game::hush`].
    fn hush(&mut self);
    fn status(&self) -> Status;
    fn legal(&self, seat: Seat) -> Vec<StepInfo>;
    /// Parse, check and apply. On error nothing changes. Returns the canonical notation
    /// applied.
    fn play(&mut self, seat: Seat, text: &str) -> Result<(String, Applied), PlayError>;
    /// Apply a legal step of `seat` chosen uniformly with `pick` (an RNG outside the game,
    /// so the game's own RNG is untouched by the choice), without the notation layer: the
    /// typed path of random playouts. `Ok(None)` when `seat` has no legal step.
    fn play_random(
        &mut self,
        seat: Seat,
        pick: &mut rng::GameRng,
    ) -> Result<Option<Applied>, PlayError>;
    /// A legal step of `seat` drawn as [`AnyGame::play_random`] draws it (uniformly among
    /// the legal steps, with `pick`) at less cost: the candidates are tried in a random
    /// order and the first legal one is performed, so only as many are checked as it takes
    /// rather than all. The search's random playouts. `None` when `seat` has no legal step.
    fn play_sampled(&mut self, seat: Seat, pick: &mut rng::GameRng) -> Option<Applied>;
    /// The notation of every legal step of `seat`, in the order of [`Rules::legal_steps`]:
    /// the choices a computer player weighs.
    fn choices(&self, seat: Seat) -> Vec<String>;
    /// Apply the `index`-th of [`AnyGame::choices`] for `seat` (typed, without the notation
    /// layer). `None` when there is no such choice; nothing changes then.
    fn play_choice(&mut self, seat: Seat, index: usize) -> Option<Applied>;
    /// A key of each legal step of `seat`, in the order of [`AnyGame::choices`], without
    /// the notation layer: equal steps have equal keys, in any copy of the game (a hash of
    /// the typed step, [`step_key`]). What a search tells its steps apart by.
    fn choice_keys(&self, seat: Seat) -> Vec<u64>;
    /// List `seat`'s legal steps once, let `pick` choose one by their keys (as
    /// [`AnyGame::choice_keys`]) and apply it: the typed path of a search's tree walk.
    /// `None` when `pick` chooses none (or `seat` has no legal step); nothing changes then.
    fn play_keyed(
        &mut self,
        seat: Seat,
        pick: &mut dyn FnMut(&[u64]) -> Option<usize>,
    ) -> Option<Applied>;
    /// The game's evaluation hint, by seat (see [`Game::hint`]).
    fn hint(&self) -> Vec<f64>;
    /// How `seat` pictures the standings (see [`Game::outlook`]).
    fn outlook(&self, seat: Seat) -> Vec<f64>;
    /// The key of the position as `seat` sees it, without the turn's bookkeeping (see
    /// [`Game::position_key`]).
    fn position_key(&self, seat: Seat) -> u64;
    /// The steps a compact command stands for (see [`Game::expand`]), else `[text]`.
    fn expand(&self, seat: Seat, text: &str) -> Vec<String>;
    /// The notation of the step played for a seat that does not act (see
    /// [`Game::default_step`]).
    fn default_step(&self, seat: Seat) -> Option<String>;
    fn view_json(&self, viewer: Viewer) -> serde_json::Value;
    fn describe(&self, viewer: Viewer) -> String;
    /// The view's picture for `viewer` (see [`Picture`]).
    fn picture(&self, viewer: Viewer) -> Picture;
    /// The view's picture for `viewer` as PNG bytes.
    fn render(&self, viewer: Viewer) -> Png;
    fn snapshot(&self) -> Vec<u8>;
    fn private_markers(&self, seat: Seat) -> Vec<String>;
    /// See [`Game::seat_aliases`].
    fn seat_aliases(&self, seat: Seat) -> Vec<String>;
    /// A copy with `holder`'s hidden information scrambled (see [`Game::scramble`]).
    fn scrambled(&self, holder: Holder, salt: u64) -> Box<dyn AnyGame>;
    /// [`AnyGame::scrambled`] in place: the same state as the copy, without copying.
    fn scramble_in_place(&mut self, holder: Holder, salt: u64);
    fn box_clone(&self) -> Box<dyn AnyGame>;
    fn same_state(&self, other: &dyn AnyGame) -> bool {
        self.snapshot() == other.snapshot()
    }
}

/// A step refused by a rule, with the game and the rulebook section of its topic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// Game id, e.g. `nepal`.
    pub game: &'static str,
    pub topic: &'static str,
    /// The rulebook section the topic cites.
    pub section: &'static str,
    pub reason: String,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (rulebook: {}; `rules {} {}` explains it)",
            self.reason, self.section, self.game, self.topic
        )
    }
}

/// Why a step was not played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    Parse(ParseError),
    Rule(Refusal),
}
impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Parse(e) => e.fmt(f),
            PlayError::Rule(e) => e.fmt(f),
        }
    }
}
impl std::error::Error for PlayError {}

/// A game type with its board data, as held by the registry.
pub trait GameKind: Send + Sync {
    fn id(&self) -> &'static str;
    fn name(&self) -> &'static str;
    fn min_players(&self) -> usize;
    fn max_players(&self) -> usize;
    fn options(&self) -> &'static [OptionSpec];
    fn rules_topics(&self) -> &'static [RulesTopic];
    /// See [`Game::rules_synonyms`].
    fn rules_synonyms(&self) -> &'static [(&'static str, &'static str)];
    fn setup(
        &'static self,
        players: &[String],
        options: &Options,
        seed: u64,
    ) -> Result<Box<dyn AnyGame>, SetupError>;
    fn restore(&'static self, snapshot: &[u8]) -> Result<Box<dyn AnyGame>, String>;
    /// The newest rules version of this kind (see [`Game::RULES_VERSION`]): what a new game
    /// starts on.
    fn rules_version(&self) -> u32;
    /// [`GameKind::setup`] playing by the rules `version` a game was recorded under (a
    /// rebuild from its log). A version this binary does not know (0, or newer than
    /// [`GameKind::rules_version`]) is refused.
    fn setup_at(
        &'static self,
        players: &[String],
        options: &Options,
        seed: u64,
        version: u32,
    ) -> Result<Box<dyn AnyGame>, SetupError>;
}

/// The refusal of a rules version a kind does not know.
pub fn unknown_rules_version(name: &str, version: u32, newest: u32) -> SetupError {
    SetupError(format!(
        "{name} has rules versions 1 to {newest}, not {version} (recorded by a newer Sherpa?)"
    ))
}

/// A [`GameKind`] for a concrete [`Game`]: its board data and its renderer.
pub struct Kind<G: Game> {
    pub data: Arc<G::Data>,
    pub render: RenderFn<G>,
}

impl<G: Game> Kind<G> {
    /// Leak a kind so it lives for the process (the registry holds `&'static` kinds).
    pub fn leak(data: G::Data, render: RenderFn<G>) -> &'static dyn GameKind {
        Box::leak(Box::new(Kind::<G> {
            data: Arc::new(data),
            render,
        }))
    }
}

struct Instance<G: Game> {
    kind: &'static Kind<G>,
    state: G,
}

/// The refusal for a rule error of game `G`, with its topic's section.
pub fn refusal<G: Game>(e: RuleError) -> Refusal {
    let section = G::rules_topics()
        .iter()
        .find(|t| t.id == e.topic)
        .map(|t| t.section)
        .unwrap_or("");
    Refusal {
        game: G::ID,
        topic: e.topic,
        section,
        reason: e.reason,
    }
}

/// How many players a game takes, in words: `2 players`, `3 to 5 players`.
pub fn player_counts(min: usize, max: usize) -> String {
    if min == max {
        format!("{min} players")
    } else {
        format!("{min} to {max} players")
    }
}

/// Check the player count and options, then set up a `G`.
pub fn setup_checked<G: Game>(
    data: &G::Data,
    players: &[String],
    options: &Options,
    seed: u64,
) -> Result<G, SetupError> {
    if players.len() < G::MIN_PLAYERS || players.len() > G::MAX_PLAYERS {
        return Err(SetupError(format!(
            "{} takes {}, not {}",
            G::NAME,
            player_counts(G::MIN_PLAYERS, G::MAX_PLAYERS),
            players.len()
        )));
    }
    let resolved = resolve_options(G::Options::specs(), options)?;
    G::setup(data, players, &G::Options::from_resolved(&resolved), seed)
}

impl<G: Game> GameKind for Kind<G> {
    fn id(&self) -> &'static str {
        G::ID
    }
    fn name(&self) -> &'static str {
        G::NAME
    }
    fn min_players(&self) -> usize {
        G::MIN_PLAYERS
    }
    fn max_players(&self) -> usize {
        G::MAX_PLAYERS
    }
    fn options(&self) -> &'static [OptionSpec] {
        G::Options::specs()
    }
    fn rules_topics(&self) -> &'static [RulesTopic] {
        G::rules_topics()
    }
    fn rules_synonyms(&self) -> &'static [(&'static str, &'static str)] {
        G::rules_synonyms()
    }
    fn setup(
        &'static self,
        players: &[String],
        options: &Options,
        seed: u64,
    ) -> Result<Box<dyn AnyGame>, SetupError> {
        let state = setup_checked::<G>(&self.data, players, options, seed)?;
        Ok(Box::new(Instance { kind: self, state }))
    }
    fn restore(&'static self, snapshot: &[u8]) -> Result<Box<dyn AnyGame>, String> {
        let state: G = serde_json::from_slice(snapshot).map_err(|e| e.to_string())?;
        Ok(Box::new(Instance { kind: self, state }))
    }
    fn rules_version(&self) -> u32 {
        G::RULES_VERSION
    }
    fn setup_at(
        &'static self,
        players: &[String],
        options: &Options,
        seed: u64,
        version: u32,
    ) -> Result<Box<dyn AnyGame>, SetupError> {
        if version == 0 || version > G::RULES_VERSION {
            return Err(unknown_rules_version(G::NAME, version, G::RULES_VERSION));
        }
        let mut state = setup_checked::<G>(&self.data, players, options, seed)?;
        if version != G::RULES_VERSION {
            state.set_rules_version(version);
        }
        Ok(Box::new(Instance { kind: self, state }))
    }
}

impl<G: Game> AnyGame for Instance<G> {
    fn kind(&self) -> &'static dyn GameKind {
        self.kind
    }
    fn rules_version(&self) -> u32 {
        self.state.rules_version()
    }
    fn rename_seat(&mut self, seat: Seat, name: &str) {
        self.state.rename_seat(seat, name);
    }
    fn hush(&mut self) {
        self.state.hush();
    }
    fn status(&self) -> Status {
        self.state.status()
    }
    fn legal(&self, seat: Seat) -> Vec<StepInfo> {
        let d = &*self.kind.data;
        self.state
            .legal_steps(d, seat)
            .iter()
            .map(|s| StepInfo {
                notation: G::format_step(d, s),
                label: G::label_step(d, s),
                completes: G::completes(d, s),
            })
            .collect()
    }
    fn play(&mut self, seat: Seat, text: &str) -> Result<(String, Applied), PlayError> {
        let d = &*self.kind.data;
        let step = self
            .state
            .parse_step(d, seat, text)
            .map_err(PlayError::Parse)?;
        self.state
            .check(d, seat, &step)
            .map_err(|e| PlayError::Rule(refusal::<G>(e)))?;
        let applied = self
            .state
            .apply(d, seat, &step)
            .map_err(|e| PlayError::Rule(refusal::<G>(e)))?;
        Ok((G::format_step(d, &step), applied))
    }
    fn play_random(
        &mut self,
        seat: Seat,
        pick: &mut rng::GameRng,
    ) -> Result<Option<Applied>, PlayError> {
        let d = &*self.kind.data;
        let legal = self.state.legal_steps(d, seat);
        if legal.is_empty() {
            return Ok(None);
        }
        // Listed as legal, so performed without checking it again.
        let step = &legal[pick.below(legal.len())];
        Ok(Some(self.state.perform(d, seat, step)))
    }
    fn play_sampled(&mut self, seat: Seat, pick: &mut rng::GameRng) -> Option<Applied> {
        let d = &*self.kind.data;
        let mut candidates = self.state.candidates(d, seat);
        while !candidates.is_empty() {
            // Each untried candidate alike: the first legal one is uniform among the legal.
            let step = candidates.swap_remove(pick.below(candidates.len()));
            if !self.state.hopeless(d, seat, &step) {
                return Some(self.state.perform(d, seat, &step));
            }
        }
        None
    }
    fn choices(&self, seat: Seat) -> Vec<String> {
        let d = &*self.kind.data;
        self.state
            .legal_steps(d, seat)
            .iter()
            .map(|s| G::format_step(d, s))
            .collect()
    }
    fn play_choice(&mut self, seat: Seat, index: usize) -> Option<Applied> {
        let d = &*self.kind.data;
        let step = self.state.legal_steps(d, seat).into_iter().nth(index)?;
        Some(self.state.perform(d, seat, &step))
    }
    fn choice_keys(&self, seat: Seat) -> Vec<u64> {
        let d = &*self.kind.data;
        self.state
            .legal_steps(d, seat)
            .iter()
            .map(step_key)
            .collect()
    }
    fn play_keyed(
        &mut self,
        seat: Seat,
        pick: &mut dyn FnMut(&[u64]) -> Option<usize>,
    ) -> Option<Applied> {
        let d = &*self.kind.data;
        let legal = self.state.legal_steps(d, seat);
        let keys: Vec<u64> = legal.iter().map(step_key).collect();
        let step = legal.get(pick(&keys)?)?;
        // Listed as legal, so performed without checking it again.
        Some(self.state.perform(d, seat, step))
    }
    fn hint(&self) -> Vec<f64> {
        self.state.hint(&self.kind.data)
    }
    fn outlook(&self, seat: Seat) -> Vec<f64> {
        self.state.outlook(&self.kind.data, seat)
    }
    fn position_key(&self, seat: Seat) -> u64 {
        self.state.position_key(&self.kind.data, seat)
    }
    fn expand(&self, seat: Seat, text: &str) -> Vec<String> {
        self.state
            .expand(&self.kind.data, seat, text)
            .unwrap_or_else(|| vec![text.to_string()])
    }
    fn default_step(&self, seat: Seat) -> Option<String> {
        let d = &*self.kind.data;
        self.state
            .default_step(d, seat)
            .map(|s| G::format_step(d, &s))
    }
    fn view_json(&self, viewer: Viewer) -> serde_json::Value {
        serde_json::to_value(self.state.view(&self.kind.data, viewer)).unwrap_or_default()
    }
    fn describe(&self, viewer: Viewer) -> String {
        G::describe(&self.kind.data, &self.state.view(&self.kind.data, viewer))
    }
    fn picture(&self, viewer: Viewer) -> Picture {
        (self.kind.render)(&self.kind.data, &self.state.view(&self.kind.data, viewer))
    }
    fn render(&self, viewer: Viewer) -> Png {
        crate::render::png::encode_png(&self.picture(viewer))
    }
    fn snapshot(&self) -> Vec<u8> {
        serde_json::to_vec(&self.state).expect("game state serializes")
    }
    fn private_markers(&self, seat: Seat) -> Vec<String> {
        self.state.private_markers(&self.kind.data, seat)
    }
    fn seat_aliases(&self, seat: Seat) -> Vec<String> {
        self.state.seat_aliases(&self.kind.data, seat)
    }
    fn scrambled(&self, holder: Holder, salt: u64) -> Box<dyn AnyGame> {
        let mut rng = GameRng::new(salt);
        Box::new(Instance {
            kind: self.kind,
            state: self.state.scramble(&self.kind.data, holder, &mut rng),
        })
    }
    fn scramble_in_place(&mut self, holder: Holder, salt: u64) {
        let mut rng = GameRng::new(salt);
        self.state.scramble_into(&self.kind.data, holder, &mut rng);
    }
    fn box_clone(&self) -> Box<dyn AnyGame> {
        Box::new(Instance {
            kind: self.kind,
            state: self.state.clone(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_lists_at_most_six_accepted_steps_then_how_many_more() {
        let steps: Vec<String> = (1..=10).map(|i| format!("take {i}")).collect();
        let e = RuleError::new("take", "no").with_accepted(&steps);
        assert_eq!(
            e.reason,
            "no; accepted now: `take 1`, `take 2`, `take 3`, `take 4`, `take 5`, `take 6` \
             and 4 more"
        );
        let e = RuleError::new("take", "no").with_accepted(&steps[..2]);
        assert_eq!(e.reason, "no; accepted now: `take 1`, `take 2`");
        assert_eq!(RuleError::new("take", "no").with_accepted(&[]).reason, "no");
    }

    #[test]
    fn only_the_current_seat_acts_and_nobody_once_the_game_is_over() {
        let refusals = ("over", "not yours");
        assert_eq!(one_seat_acts(false, 1, 1, refusals), Ok(()));
        assert_eq!(one_seat_acts(false, 0, 1, refusals), Err("not yours"));
        assert_eq!(one_seat_acts(true, 1, 1, refusals), Err("over"));
    }
}
