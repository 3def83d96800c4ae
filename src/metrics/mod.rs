//! The operator's metrics: one Prometheus registry (`prometheus-client`) with what
//! `sherpa run` counts and measures, and the small HTTP server that serves it with a
//! health check ([`http`]). No globals: `sherpa run` makes one [`Metrics`] and hands it to
//! the code that records (the Discord front end, the reminder task).
//!
//! Invariants:
//! - Label values come from fixed sets (the command table's paths, the registry's game
//!   ids, error kinds), never from what a user typed: the number of series stays bounded.
//! - Recording never fails and never blocks on IO.

pub mod http;

use crate::store::{OutboxBacklog, StoreError};
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::Registry;
use std::time::Duration;

/// The content type of [`Metrics::encode`]'s text (OpenMetrics, which Prometheus reads).
pub const CONTENT_TYPE: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

/// The game label of a command run where no game was ever opened.
pub const NO_GAME: &str = "none";
/// The command label of a line the command table does not know.
pub const UNKNOWN_COMMAND: &str = "unknown";

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct CommandGame {
    command: String,
    game: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct GameLabel {
    game: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct CommandLabel {
    command: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct KindLabel {
    kind: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct PartLabel {
    part: String,
}

/// Answer times: 5 ms to about 41 s (a board's render and upload, Discord's slowness).
fn answer_histogram() -> Histogram {
    Histogram::new(prometheus_client::metrics::histogram::exponential_buckets(
        0.005, 2.0, 14,
    ))
}

/// Reminder lateness: 1 s to about 4.5 h.
fn lag_histogram() -> Histogram {
    Histogram::new(prometheus_client::metrics::histogram::exponential_buckets(
        1.0, 3.0, 10,
    ))
}

/// Every metric of `sherpa run` (README, "Metrics and health", says what each means).
pub struct Metrics {
    registry: Registry,
    commands: Family<CommandGame, Counter>,
    moves: Family<GameLabel, Counter>,
    answer_seconds: Family<CommandLabel, Histogram, fn() -> Histogram>,
    outbox_undelivered: Gauge,
    outbox_oldest_age: Gauge,
    reminder_lag: Histogram,
    cached_games: Gauge,
    database_errors: Family<KindLabel, Counter>,
    up: Family<PartLabel, Gauge>,
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics::new()
    }
}

impl Metrics {
    pub fn new() -> Metrics {
        let m = Metrics {
            registry: Registry::default(),
            commands: Family::default(),
            moves: Family::default(),
            answer_seconds: Family::new_with_constructor(answer_histogram),
            outbox_undelivered: Gauge::default(),
            outbox_oldest_age: Gauge::default(),
            reminder_lag: lag_histogram(),
            cached_games: Gauge::default(),
            database_errors: Family::default(),
            up: Family::default(),
        };
        m.registered()
    }

    fn registered(mut self) -> Metrics {
        let r = &mut self.registry;
        r.register(
            "sherpa_commands",
            "Commands answered, by command and by the game of the channel",
            self.commands.clone(),
        );
        r.register(
            "sherpa_moves",
            "Moves committed (accepted `move` commands), by game",
            self.moves.clone(),
        );
        r.register(
            "sherpa_answer_seconds",
            "Time from receiving an interaction to having sent its answer, by command",
            self.answer_seconds.clone(),
        );
        r.register(
            "sherpa_outbox_undelivered",
            "Replies committed and not yet delivered to Discord (the whole database)",
            self.outbox_undelivered.clone(),
        );
        r.register(
            "sherpa_outbox_oldest_undelivered_age_seconds",
            "Age of the oldest undelivered reply (0 when none)",
            self.outbox_oldest_age.clone(),
        );
        r.register(
            "sherpa_reminder_lag_seconds",
            "How long after it fell due each reminder was sent",
            self.reminder_lag.clone(),
        );
        r.register(
            "sherpa_cached_games",
            "Games held in memory by the chat layer",
            self.cached_games.clone(),
        );
        r.register(
            "sherpa_database_errors",
            "Database failures seen, by kind (unavailable: cannot be reached; other)",
            self.database_errors.clone(),
        );
        r.register(
            "sherpa_up",
            "1 when the part (gateway, database) passed its last health check, else 0",
            self.up.clone(),
        );
        self
    }

    /// A command was answered in `seconds`; `game` is the channel's game id (or
    /// [`NO_GAME`]).
    pub fn command_answered(&self, command: &str, game: &str, took: Duration) {
        self.commands
            .get_or_create(&CommandGame {
                command: command.into(),
                game: game.into(),
            })
            .inc();
        self.answer_seconds
            .get_or_create(&CommandLabel {
                command: command.into(),
            })
            .observe(took.as_secs_f64());
    }

    /// A move of a `game` was committed.
    pub fn move_committed(&self, game: &str) {
        self.moves
            .get_or_create(&GameLabel { game: game.into() })
            .inc();
    }

    /// A reminder due at `due_at` was sent at `now` (unix seconds).
    pub fn reminder_sent(&self, due_at: i64, now: i64) {
        self.reminder_lag
            .observe(now.saturating_sub(due_at).max(0) as f64);
    }

    /// A database failure of `kind` ([`database_error_kind`]).
    pub fn database_error(&self, kind: &str) {
        self.database_errors
            .get_or_create(&KindLabel { kind: kind.into() })
            .inc();
    }

    /// The outbox's backlog as read at `now` (unix seconds).
    pub fn set_outbox(&self, backlog: OutboxBacklog, now: i64) {
        self.outbox_undelivered.set(backlog.undelivered);
        let age = backlog
            .oldest_created_at
            .map_or(0, |t| now.saturating_sub(t).max(0));
        self.outbox_oldest_age.set(age);
    }

    pub fn set_cached_games(&self, games: usize) {
        self.cached_games
            .set(i64::try_from(games).unwrap_or(i64::MAX));
    }

    /// Whether `part` (`gateway`, `database`) passed its health check.
    pub fn set_up(&self, part: &str, up: bool) {
        self.up
            .get_or_create(&PartLabel { part: part.into() })
            .set(i64::from(up));
    }

    /// Everything, in the OpenMetrics text format ([`CONTENT_TYPE`]).
    pub fn encode(&self) -> String {
        let mut out = String::new();
        // Writing to a String cannot fail.
        let _ = prometheus_client::encoding::text::encode(&mut out, &self.registry);
        out
    }
}

/// The kind of a database failure for `sherpa_database_errors`: `unavailable` (cannot be
/// reached now) or `other`; `None` for an error that is an answer about the game (a stale
/// version, a conflict), not a failure.
pub fn database_error_kind(e: &StoreError) -> Option<&'static str> {
    match e {
        StoreError::Unavailable(_) => Some("unavailable"),
        e if e.is_failure() => Some("other"),
        _ => None,
    }
}

/// The command a chat line runs, as the command table names it (`game new`, `move`), or
/// [`UNKNOWN_COMMAND`].
pub fn command_name(text: &str) -> &'static str {
    crate::chat::table::resolve(text.trim()).map_or(UNKNOWN_COMMAND, |(c, _)| c.path)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The value of the sample `name{labels}` in `text`.
    fn sample(text: &str, series: &str) -> Option<f64> {
        text.lines()
            .find_map(|l| l.strip_prefix(series)?.strip_prefix(' ')?.parse().ok())
    }

    #[test]
    fn recorded_values_are_encoded_with_their_labels() {
        let m = Metrics::new();
        m.command_answered("move", "nepal", Duration::from_millis(30));
        m.command_answered("move", "nepal", Duration::from_millis(70));
        m.command_answered("help", NO_GAME, Duration::from_millis(1));
        m.move_committed("nepal");
        m.reminder_sent(100, 130);
        m.database_error("unavailable");
        m.set_outbox(
            OutboxBacklog {
                undelivered: 3,
                oldest_created_at: Some(1000),
            },
            1042,
        );
        m.set_cached_games(5);
        m.set_up("database", false);
        let t = m.encode();
        let at = |s: &str| sample(&t, s);
        assert_eq!(
            at("sherpa_commands_total{command=\"move\",game=\"nepal\"}"),
            Some(2.0),
            "{t}"
        );
        assert_eq!(
            at("sherpa_commands_total{command=\"help\",game=\"none\"}"),
            Some(1.0)
        );
        assert_eq!(at("sherpa_moves_total{game=\"nepal\"}"), Some(1.0));
        assert_eq!(
            at("sherpa_answer_seconds_count{command=\"move\"}"),
            Some(2.0)
        );
        assert_eq!(at("sherpa_answer_seconds_sum{command=\"move\"}"), Some(0.1));
        assert_eq!(
            at("sherpa_answer_seconds_bucket{le=\"0.04\",command=\"move\"}"),
            Some(1.0)
        );
        assert_eq!(at("sherpa_reminder_lag_seconds_sum"), Some(30.0));
        assert_eq!(
            at("sherpa_database_errors_total{kind=\"unavailable\"}"),
            Some(1.0)
        );
        assert_eq!(at("sherpa_outbox_undelivered"), Some(3.0));
        assert_eq!(
            at("sherpa_outbox_oldest_undelivered_age_seconds"),
            Some(42.0)
        );
        assert_eq!(at("sherpa_cached_games"), Some(5.0));
        assert_eq!(at("sherpa_up{part=\"database\"}"), Some(0.0));
        assert!(t.ends_with("# EOF\n"));
    }

    #[test]
    fn an_empty_outbox_has_no_age_and_a_clock_behind_gives_none_negative() {
        let m = Metrics::new();
        m.set_outbox(OutboxBacklog::default(), 500);
        m.reminder_sent(200, 100);
        let t = m.encode();
        assert_eq!(
            sample(&t, "sherpa_outbox_oldest_undelivered_age_seconds"),
            Some(0.0)
        );
        assert_eq!(sample(&t, "sherpa_reminder_lag_seconds_sum"), Some(0.0));
    }

    #[test]
    fn commands_are_named_by_the_table_never_by_the_typed_text() {
        assert_eq!(command_name("game create nepal x=1"), "game new");
        assert_eq!(command_name("M end"), "move");
        assert_eq!(command_name("  g"), "game status");
        assert_eq!(command_name("<script>"), UNKNOWN_COMMAND);
        assert_eq!(command_name(""), UNKNOWN_COMMAND);
    }

    #[test]
    fn only_failures_are_database_errors() {
        assert_eq!(
            database_error_kind(&StoreError::Unavailable("x".into())),
            Some("unavailable")
        );
        assert_eq!(
            database_error_kind(&StoreError::Sql("x".into())),
            Some("other")
        );
        assert_eq!(
            database_error_kind(&StoreError::Stale { expected: 1 }),
            None
        );
        assert_eq!(database_error_kind(&StoreError::NotFound), None);
    }
}
