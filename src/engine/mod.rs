//! The engine contract every game implements, and the type-erased wrapper the store and the
//! chat layer use so that they handle all games alike.
//!
//! Invariants:
//! - No IO here or in any game: no files, network, clock or global randomness. Board data is
//!   parsed once by the caller and handed in as [`Game::Data`].
//! - All randomness comes from [`GameRng`], whose state is part of the game state, so
//!   `setup(seed)` followed by the same steps always gives the same state.
//! - [`Game::apply`] either applies a legal step or returns an error and leaves the state
//!   exactly as it was. The same code that lists legal steps decides legality.
//! - Renderers and chat replies only ever see [`Game::view`], never raw state.

pub mod conformance;
pub mod notation;
pub mod rng;

use serde::{de::DeserializeOwned, Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

pub use notation::{match_step, ParseError};
pub use rng::GameRng;

/// A seat at the table, numbered from 0 in turn order.
pub type Seat = usize;

/// Who is looking at the game. Hidden information is filtered by [`Game::view`] for this.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Viewer {
    Seat(Seat),
    Spectator,
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

/// Final scores and ranking.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinalResult {
    /// Score per seat, indexed by seat.
    pub scores: Vec<i64>,
    /// Place per seat, 1 = winner; tied seats share a place.
    pub places: Vec<u32>,
    /// One line explaining how ties were broken, if any.
    pub note: String,
}

/// An option a game offers at `game new`, e.g. `boom=on`.
#[derive(Clone, Debug, Serialize)]
pub struct OptionSpec {
    pub key: &'static str,
    pub help: &'static str,
    /// Accepted values; the first is the default.
    pub values: &'static [&'static str],
}

/// Chosen options: key -> value, validated against the game's [`OptionSpec`]s.
pub type Options = BTreeMap<String, String>;

/// Validate options against specs and fill in defaults.
pub fn resolve_options(specs: &[OptionSpec], given: &Options) -> Result<Options, SetupError> {
    let mut out = Options::new();
    for (k, v) in given {
        let spec = specs
            .iter()
            .find(|s| s.key.eq_ignore_ascii_case(k))
            .ok_or_else(|| {
                let keys: Vec<&str> = specs.iter().map(|s| s.key).collect();
                SetupError(format!(
                    "unknown option `{}`; options are: {}",
                    notation::clip(k),
                    if keys.is_empty() {
                        "none".to_string()
                    } else {
                        keys.join(", ")
                    }
                ))
            })?;
        let val = spec
            .values
            .iter()
            .find(|x| x.eq_ignore_ascii_case(v))
            .ok_or_else(|| {
                SetupError(format!(
                    "option `{}` cannot be `{}`; accepted: {}",
                    spec.key,
                    notation::clip(v),
                    spec.values.join(", ")
                ))
            })?;
        out.insert(spec.key.to_string(), val.to_string());
    }
    for s in specs {
        out.entry(s.key.to_string())
            .or_insert_with(|| s.values[0].to_string());
    }
    Ok(out)
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

/// A step was refused. `rule` names the rule (e.g. "Nepal: Grow"), `reason` says why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleError {
    pub rule: &'static str,
    pub reason: String,
}
impl RuleError {
    pub fn new(rule: &'static str, reason: impl Into<String>) -> Self {
        RuleError {
            rule,
            reason: reason.into(),
        }
    }
}
impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (rule: {})", self.reason, self.rule)
    }
}
impl std::error::Error for RuleError {}

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
}
impl Event {
    pub fn public(text: impl Into<String>) -> Self {
        Event {
            audience: Audience::Public,
            text: text.into(),
        }
    }
    pub fn private(seat: Seat, text: impl Into<String>) -> Self {
        Event {
            audience: Audience::Private(seat),
            text: text.into(),
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
    /// True if the step's notation is secret (a sealed choice): chat shows it only to its
    /// player, and `game history` hides it until the game ends. Public events still say
    /// what everyone may know (e.g. "ann sealed a program, commitment 3fa9c0d1").
    pub secret: bool,
}

/// A legal step as offered to a player: canonical notation plus a short human label.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StepInfo {
    pub notation: String,
    pub label: String,
}

/// A PNG image of a view.
pub type Png = Vec<u8>;

/// The contract a game implements.
///
/// `Data` is the parsed, validated board (read once at start-up by the caller). The state
/// (`Self`) holds everything else, including the RNG, and serializes to a snapshot.
pub trait Game:
    Clone + fmt::Debug + PartialEq + Serialize + DeserializeOwned + Send + 'static
{
    type Step: Clone + fmt::Debug + PartialEq + Send;
    type Data: Send + Sync + 'static;
    type View: Serialize;

    /// Lower-case id used in commands, e.g. `nepal`.
    const ID: &'static str;
    /// Display name, e.g. `Nepal`.
    const NAME: &'static str;
    const MIN_PLAYERS: usize;
    const MAX_PLAYERS: usize;

    fn options() -> &'static [OptionSpec];

    /// Start a game for `players` seats (names in turn order) with resolved options.
    fn setup(
        data: &Self::Data,
        players: &[String],
        options: &Options,
        seed: u64,
    ) -> Result<Self, SetupError>;

    fn status(&self) -> Status;

    /// Every legal step for `seat` now, in a stable order. Seats in `Status::Acting` always
    /// have at least one. A seat outside it may still have optional steps (e.g. taking back
    /// a sealed choice before the reveal); a seat with none may not act at all.
    fn legal_steps(&self, data: &Self::Data, seat: Seat) -> Vec<Self::Step>;

    /// Apply a step for `seat`. On error the state is unchanged.
    fn apply(
        &mut self,
        data: &Self::Data,
        seat: Seat,
        step: &Self::Step,
    ) -> Result<Applied, RuleError>;

    /// Canonical notation, e.g. `move Gorkha Pokhara`. `parse_step(format_step(s)) == s`.
    fn format_step(data: &Self::Data, step: &Self::Step) -> String;

    /// Short human label for menus, e.g. `Move a piece from Gorkha to Pokhara`.
    fn label_step(data: &Self::Data, step: &Self::Step) -> String {
        Self::format_step(data, step)
    }

    /// Parse text into a step for `seat`, matching it against the legal steps (two stages:
    /// syntax, then match; ambiguous prefixes list candidates). The default matches the
    /// text against the canonical notation of every legal step with case-insensitive
    /// unique-prefix matching per word, which suits most games.
    fn parse_step(
        &self,
        data: &Self::Data,
        seat: Seat,
        text: &str,
    ) -> Result<Self::Step, ParseError> {
        let legal = self.legal_steps(data, seat);
        let names: Vec<String> = legal.iter().map(|s| Self::format_step(data, s)).collect();
        let i = match_step(text, &names)?;
        Ok(legal[i].clone())
    }

    /// Expand a compact command into a sequence of steps applied together, e.g. Himalaya's
    /// `program ice deal deal stone rest dirt`. `None` means `text` is one step.
    fn expand(&self, _data: &Self::Data, _seat: Seat, _text: &str) -> Option<Vec<String>> {
        None
    }

    /// What `viewer` may see. The single place that decides visibility.
    fn view(&self, data: &Self::Data, viewer: Viewer) -> Self::View;

    /// Render a view to PNG. Pure: the static board layer may be cached inside `data`.
    fn render(data: &Self::Data, view: &Self::View) -> Png;

    /// A short text summary of the view for terminal and chat (scores, whose turn...).
    fn describe(data: &Self::Data, view: &Self::View) -> String;

    /// Strings that belong to `seat`'s hidden information right now (hand cards, goods,
    /// sealed choices...). The conformance suite checks no other viewer's view contains
    /// them. Return only strings distinctive enough to search for.
    fn private_markers(&self, data: &Self::Data, seat: Seat) -> Vec<String>;

    /// Strings hidden from every viewer right now (e.g. the order of a face-down deck).
    /// The conformance suite checks that no view contains them.
    fn secret_markers(&self, _data: &Self::Data) -> Vec<String> {
        Vec::new()
    }

    /// Rules lookup: (topic id, title, text in our own words citing the section).
    fn rules_topics() -> &'static [RulesTopic];
}

/// One rules-lookup topic.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct RulesTopic {
    pub id: &'static str,
    pub title: &'static str,
    /// Rulebook section cited, e.g. "Rules of Play > Grow".
    pub section: &'static str,
    pub text: &'static str,
}

/// Type-erased game state for the store and chat layers.
pub trait AnyGame: Send {
    fn kind(&self) -> &'static dyn GameKind;
    fn status(&self) -> Status;
    fn legal(&self, seat: Seat) -> Vec<StepInfo>;
    /// Parse and apply. On error nothing changes. Returns the canonical notation applied.
    fn play(&mut self, seat: Seat, text: &str) -> Result<(String, Applied), PlayError>;
    /// The steps a compact command stands for (see [`Game::expand`]), else `[text]`.
    fn expand(&self, seat: Seat, text: &str) -> Vec<String>;
    fn view_json(&self, viewer: Viewer) -> serde_json::Value;
    fn describe(&self, viewer: Viewer) -> String;
    fn render(&self, viewer: Viewer) -> Png;
    fn snapshot(&self) -> Vec<u8>;
    fn private_markers(&self, seat: Seat) -> Vec<String>;
    fn box_clone(&self) -> Box<dyn AnyGame>;
    fn same_state(&self, other: &dyn AnyGame) -> bool {
        self.snapshot() == other.snapshot()
    }
}

/// Why a step was not played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    Parse(ParseError),
    Rule(RuleError),
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
    fn setup(
        &'static self,
        players: &[String],
        options: &Options,
        seed: u64,
    ) -> Result<Box<dyn AnyGame>, SetupError>;
    fn restore(&'static self, snapshot: &[u8]) -> Result<Box<dyn AnyGame>, String>;
}

/// A [`GameKind`] for a concrete [`Game`] plus its board data.
pub struct Kind<G: Game> {
    pub data: Arc<G::Data>,
}

struct Instance<G: Game> {
    kind: &'static Kind<G>,
    state: G,
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
        G::options()
    }
    fn rules_topics(&self) -> &'static [RulesTopic] {
        G::rules_topics()
    }
    fn setup(
        &'static self,
        players: &[String],
        options: &Options,
        seed: u64,
    ) -> Result<Box<dyn AnyGame>, SetupError> {
        if players.len() < G::MIN_PLAYERS || players.len() > G::MAX_PLAYERS {
            return Err(SetupError(format!(
                "{} takes {} to {} players, not {}",
                G::NAME,
                G::MIN_PLAYERS,
                G::MAX_PLAYERS,
                players.len()
            )));
        }
        let options = resolve_options(G::options(), options)?;
        let state = G::setup(&self.data, players, &options, seed)?;
        Ok(Box::new(Instance { kind: self, state }))
    }
    fn restore(&'static self, snapshot: &[u8]) -> Result<Box<dyn AnyGame>, String> {
        let state: G = serde_json::from_slice(snapshot).map_err(|e| e.to_string())?;
        Ok(Box::new(Instance { kind: self, state }))
    }
}

impl<G: Game> AnyGame for Instance<G> {
    fn kind(&self) -> &'static dyn GameKind {
        self.kind
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
            })
            .collect()
    }
    fn play(&mut self, seat: Seat, text: &str) -> Result<(String, Applied), PlayError> {
        let d = &*self.kind.data;
        let step = self
            .state
            .parse_step(d, seat, text)
            .map_err(PlayError::Parse)?;
        let applied = self.state.apply(d, seat, &step).map_err(PlayError::Rule)?;
        Ok((G::format_step(d, &step), applied))
    }
    fn expand(&self, seat: Seat, text: &str) -> Vec<String> {
        self.state
            .expand(&self.kind.data, seat, text)
            .unwrap_or_else(|| vec![text.to_string()])
    }
    fn view_json(&self, viewer: Viewer) -> serde_json::Value {
        serde_json::to_value(self.state.view(&self.kind.data, viewer)).unwrap_or_default()
    }
    fn describe(&self, viewer: Viewer) -> String {
        G::describe(&self.kind.data, &self.state.view(&self.kind.data, viewer))
    }
    fn render(&self, viewer: Viewer) -> Png {
        G::render(&self.kind.data, &self.state.view(&self.kind.data, viewer))
    }
    fn snapshot(&self) -> Vec<u8> {
        serde_json::to_vec(&self.state).expect("game state serializes")
    }
    fn private_markers(&self, seat: Seat) -> Vec<String> {
        self.state.private_markers(&self.kind.data, seat)
    }
    fn box_clone(&self) -> Box<dyn AnyGame> {
        Box::new(Instance {
            kind: self.kind,
            state: self.state.clone(),
        })
    }
}
