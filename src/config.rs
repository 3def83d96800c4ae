//! The `sherpa run` configuration file (`config.toml`; every key is documented in
//! `config.example.toml`).
//!
//! Invariants:
//! - Unknown keys and bad values are refused at start with a message naming the key.
//! - `DISCORD_TOKEN` in the environment overrides `token`; `DATABASE_URL` overrides
//!   `database`; `SHERPA_DISCORD_API_BASE` overrides `api_base` (tests only).
//! - A shard range is whole: `shards` and `total_shards` come together, and the range lies
//!   inside `0..total_shards`. Without them the bot autoshards.

use crate::reminders::{self, ReminderDefaults};
use crate::store::{retention, DbLocation, Retention};
use serde::Deserialize;
use std::fmt;
use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};

/// A configuration problem, naming the key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError(pub String);
impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}
impl std::error::Error for ConfigError {}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawReminders {
    enabled: Option<bool>,
    first_after: Option<String>,
    interval: Option<String>,
    max: Option<i64>,
    quiet_hours_default: Option<String>,
    dm: Option<bool>,
    check_every: Option<String>,
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawRetention {
    enabled: Option<bool>,
    every: Option<String>,
    request_ids: Option<String>,
    delivered_replies: Option<String>,
    reminder_logs: Option<String>,
    finished_games: Option<String>,
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawMetrics {
    listen: Option<String>,
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawAi {
    threads: Option<i64>,
    budget_ms: Option<i64>,
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawConfig {
    token: Option<String>,
    database: Option<String>,
    shards: Option<String>,
    total_shards: Option<u32>,
    dev_guild: Option<u64>,
    log_level: Option<String>,
    api_base: Option<String>,
    reminders: Option<RawReminders>,
    retention: Option<RawRetention>,
    metrics: Option<RawMetrics>,
    ai: Option<RawAi>,
    web: Option<RawWeb>,
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawWeb {
    listen: Option<String>,
    public_url: Option<String>,
    secret: Option<String>,
    link_days: Option<i64>,
}

/// The `[web]` table: the game pages (`crate::web`).
#[derive(Clone, PartialEq, Eq)]
pub struct WebConfig {
    /// Where `sherpa run` serves the pages (`listen`); `None`: only `sherpa web` serves.
    pub listen: Option<SocketAddr>,
    /// The pages' address as players reach it, e.g. `https://sherpa.example.org`.
    pub public_url: String,
    /// The links' signing secret (at least 16 characters); changing it revokes every link.
    pub secret: String,
    /// How long a link lasts, in seconds (`link_days`, default 30).
    pub link_secs: i64,
}

impl fmt::Debug for WebConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Never print the secret.
        f.debug_struct("WebConfig")
            .field("listen", &self.listen)
            .field("public_url", &self.public_url)
            .field("secret", &"<hidden>")
            .field("link_secs", &self.link_secs)
            .finish()
    }
}

/// The longest `[web] link_days`.
pub const MAX_LINK_DAYS: i64 = 365;

/// The `[web]` table: `public_url` (http or https) and `secret` (16 characters or more)
/// both set, or neither (no pages); `listen` an address; `link_days` from 1 to
/// [`MAX_LINK_DAYS`].
fn web_of(r: Option<RawWeb>) -> Result<Option<WebConfig>, ConfigError> {
    let Some(r) = r else { return Ok(None) };
    let public_url = r.public_url.ok_or_else(|| {
        key_err(
            "web.public_url",
            "must be set in `[web]`, e.g. `https://sherpa.example.org`",
        )
    })?;
    if !(public_url.starts_with("http://") || public_url.starts_with("https://"))
        || public_url.contains(char::is_whitespace)
        || public_url.contains(['?', '#'])
    {
        return Err(key_err(
            "web.public_url",
            format!("`{public_url}` is not an http:// or https:// address without a query, e.g. `https://sherpa.example.org`"),
        ));
    }
    let secret = r
        .secret
        .ok_or_else(|| key_err("web.secret", "must be set in `[web]`: a random text of 16 characters or more (changing it revokes every link)"))?;
    if secret.chars().count() < 16 {
        return Err(key_err("web.secret", "must be at least 16 characters long"));
    }
    let days = r.link_days.unwrap_or(30);
    if !(1..=MAX_LINK_DAYS).contains(&days) {
        return Err(key_err(
            "web.link_days",
            format!("must be from 1 to {MAX_LINK_DAYS}, not {days}"),
        ));
    }
    let listen = match r.listen {
        None => None,
        Some(a) => Some(a.trim().parse().map_err(|_| {
            key_err(
                "web.listen",
                format!("`{a}` is not an address such as `127.0.0.1:8080`"),
            )
        })?),
    };
    Ok(Some(WebConfig {
        listen,
        public_url,
        secret,
        link_secs: days * 86_400,
    }))
}

/// The bot configuration, validated.
#[derive(Clone, PartialEq, Eq)]
pub struct Config {
    /// Discord bot token.
    pub token: String,
    /// The database: a SQLite file (default `sherpa.db`) or a PostgreSQL URL.
    pub database: DbLocation,
    /// The gateway shards this process runs; `None`: autosharding (all of them).
    pub shards: Option<ShardRange>,
    /// Register commands in this guild only (instant; for development).
    pub dev_guild: Option<u64>,
    /// A tracing filter, e.g. `info` or `sherpa=debug,serenity=warn`.
    pub log_level: String,
    /// Base URL of the Discord API, e.g. `http://127.0.0.1:4000` (tests only).
    pub api_base: Option<String>,
    /// Reminder defaults for players who chose nothing.
    pub reminders: ReminderDefaults,
    /// How often the reminder task looks for due reminders, in seconds.
    pub reminder_check_secs: u64,
    /// What the database keeps; `None`: nothing is pruned (`retention.enabled = false`).
    pub retention: Option<Retention>,
    /// How often the database is pruned, in seconds.
    pub retention_every_secs: u64,
    /// Where `/metrics` and `/health` are served (`[metrics] listen`); `None`: not served.
    pub metrics_listen: Option<SocketAddr>,
    /// The Sherpa players' searches (`[ai]`).
    pub ai: AiConfig,
    /// The game pages (`[web]`); `None`: `game web` says they are not set up.
    pub web: Option<WebConfig>,
}

/// The `[ai]` table: the bounded pool the Sherpa players think on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AiConfig {
    /// Searches running at once (`threads`, default 1): at most this many cores think.
    pub threads: usize,
    /// Milliseconds each decision may take, overriding the levels' own thinking time
    /// (`budget_ms`; tests and small machines). `None`: each level's own budget.
    pub budget_ms: Option<u64>,
}

impl Default for AiConfig {
    fn default() -> Self {
        AiConfig {
            threads: 1,
            budget_ms: None,
        }
    }
}

/// The most searches `[ai] threads` may run at once.
pub const MAX_AI_THREADS: i64 = 64;
/// The longest `[ai] budget_ms` (one minute per decision).
pub const MAX_AI_BUDGET_MS: i64 = 60_000;

impl fmt::Debug for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Never print the token.
        f.debug_struct("Config")
            .field("token", &"<hidden>")
            .field("database", &self.database)
            .field("shards", &self.shards)
            .field("dev_guild", &self.dev_guild)
            .field("log_level", &self.log_level)
            .field("api_base", &self.api_base)
            .field("reminders", &self.reminders)
            .field("retention", &self.retention)
            .field("reminder_check_secs", &self.reminder_check_secs)
            .field("metrics_listen", &self.metrics_listen)
            .field("ai", &self.ai)
            .field("web", &self.web)
            .finish()
    }
}

fn key_err(key: &str, msg: impl fmt::Display) -> ConfigError {
    ConfigError(format!("config key `{key}`: {msg}"))
}

/// The gateway shards `first..=last` of `total`, run by one process of a fleet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardRange {
    pub first: u32,
    pub last: u32,
    pub total: u32,
}

impl ShardRange {
    /// `range` is `N` or `N-M` (inclusive); the shards must lie inside `0..total`.
    pub fn parse(range: &str, total: u32) -> Result<ShardRange, String> {
        let num = |s: &str| {
            s.trim()
                .parse::<u32>()
                .map_err(|_| format!("`{range}` is not a shard range such as `0-3` or `5`"))
        };
        let (first, last) = match range.split_once('-') {
            Some((a, b)) => (num(a)?, num(b)?),
            None => (num(range)?, num(range)?),
        };
        if total == 0 {
            return Err("the total shard count must be at least 1".into());
        }
        if first > last {
            return Err(format!("`{range}`: the first shard is after the last"));
        }
        if last >= total {
            return Err(format!(
                "`{range}`: shards are numbered 0 to {} when there are {total}",
                total - 1
            ));
        }
        Ok(ShardRange { first, last, total })
    }

    /// Does this process own the shard of `guild_id` (`(guild_id >> 22) % total`)?
    pub fn owns_guild(&self, guild_id: u64) -> bool {
        let shard = ((guild_id >> 22) % self.total as u64) as u32;
        (self.first..=self.last).contains(&shard)
    }
}

impl fmt::Display for ShardRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{} of {}", self.first, self.last, self.total)
    }
}

/// The `database` setting: a PostgreSQL URL or a SQLite file path (`sqlite:` optional).
pub fn parse_database(key: &str, s: &str) -> Result<DbLocation, ConfigError> {
    if s.trim().is_empty() {
        return Err(key_err(key, "must be a file path or a postgres:// URL"));
    }
    let loc = DbLocation::parse(s).map_err(|e| key_err(key, e))?;
    if let DbLocation::Sqlite(p) = &loc {
        if p.as_os_str().is_empty() {
            return Err(key_err(key, "must be a file path or a postgres:// URL"));
        }
    }
    Ok(loc)
}

impl Config {
    /// Read and validate a config file, then apply environment overrides.
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| ConfigError(format!("cannot read config file {}: {e}", path.display())))?;
        let mut c = Self::from_toml(
            &text,
            std::env::var("DISCORD_TOKEN").ok(),
            std::env::var("SHERPA_DISCORD_API_BASE").ok(),
        )?;
        if let Ok(url) = std::env::var("DATABASE_URL") {
            c.set_database_url(&url)?;
        }
        Ok(c)
    }

    /// Apply the `DATABASE_URL` environment variable (ignored when empty): it overrides
    /// `database`.
    pub fn set_database_url(&mut self, url: &str) -> Result<(), ConfigError> {
        if !url.trim().is_empty() {
            self.database = parse_database("DATABASE_URL", url)?;
        }
        Ok(())
    }

    /// Run the shards `range` (`N-M`) of `total` (the `--shards`/`--total-shards` flags,
    /// which override the config keys).
    pub fn set_shards(&mut self, range: &str, total: u32) -> Result<(), ConfigError> {
        self.shards = Some(
            ShardRange::parse(range, total).map_err(|e| ConfigError(format!("--shards: {e}")))?,
        );
        Ok(())
    }

    /// Parse config text; `env_token` and `env_api_base` (from the environment) override.
    pub fn from_toml(
        text: &str,
        env_token: Option<String>,
        env_api_base: Option<String>,
    ) -> Result<Config, ConfigError> {
        let raw: RawConfig = toml::from_str(text).map_err(|e| {
            // toml's message names the unknown or mistyped key and the line.
            ConfigError(format!("config: {}", e.to_string().trim()))
        })?;
        let token = token_of(env_token, raw.token)?;
        let database = match &raw.database {
            None => DbLocation::Sqlite(PathBuf::from("sherpa.db")),
            Some(s) => parse_database("database", s)?,
        };
        let shards = shards_of(raw.shards.as_deref(), raw.total_shards)?;
        let log_level = raw.log_level.unwrap_or_else(|| "info".to_string());
        if log_level.trim().is_empty() {
            return Err(key_err(
                "log_level",
                "must be a tracing filter such as `info` or `sherpa=debug`",
            ));
        }
        let api_base = api_base_of(env_api_base, raw.api_base)?;
        if raw.dev_guild == Some(0) {
            return Err(key_err(
                "dev_guild",
                "must be a guild id (a positive number)",
            ));
        }
        let (reminders, reminder_check_secs) = reminders_of(raw.reminders.unwrap_or_default())?;
        let (retention, retention_every_secs) = retention_of(raw.retention.unwrap_or_default())?;
        let metrics_listen = match raw.metrics.and_then(|m| m.listen) {
            None => None,
            Some(a) => Some(parse_metrics_listen(&a).map_err(|e| key_err("metrics.listen", e))?),
        };
        let ai = ai_of(raw.ai.unwrap_or_default())?;
        let web = web_of(raw.web)?;
        Ok(Config {
            token,
            database,
            shards,
            dev_guild: raw.dev_guild,
            log_level,
            api_base,
            reminders,
            reminder_check_secs,
            retention,
            retention_every_secs,
            metrics_listen,
            ai,
            web,
        })
    }
}

/// The `[ai]` table: `threads` from 1 to [`MAX_AI_THREADS`], `budget_ms` from 1 to
/// [`MAX_AI_BUDGET_MS`].
fn ai_of(r: RawAi) -> Result<AiConfig, ConfigError> {
    let mut ai = AiConfig::default();
    if let Some(t) = r.threads {
        if !(1..=MAX_AI_THREADS).contains(&t) {
            return Err(key_err(
                "ai.threads",
                format!(
                    "must be a whole number from 1 to {MAX_AI_THREADS} (searches at once), not {t}"
                ),
            ));
        }
        ai.threads = t as usize;
    }
    if let Some(ms) = r.budget_ms {
        if !(1..=MAX_AI_BUDGET_MS).contains(&ms) {
            return Err(key_err(
                "ai.budget_ms",
                format!("must be milliseconds from 1 to {MAX_AI_BUDGET_MS} per decision, not {ms}; leave it out for each level's own time"),
            ));
        }
        ai.budget_ms = Some(ms as u64);
    }
    Ok(ai)
}

/// The bot token: `DISCORD_TOKEN` when set, else the `token` key; one word.
fn token_of(env_token: Option<String>, key: Option<String>) -> Result<String, ConfigError> {
    let token = env_token
        .filter(|t| !t.trim().is_empty())
        .or(key)
        .map(|t| t.trim().to_string())
        .filter(|t| !t.is_empty())
        .ok_or_else(|| {
            key_err(
                "token",
                "missing: set it in the config file or in DISCORD_TOKEN",
            )
        })?;
    if token.contains(char::is_whitespace) {
        return Err(key_err(
            "token",
            "must not contain spaces (paste only the token, without `Bot `)",
        ));
    }
    Ok(token)
}

/// `shards` and `total_shards`: both or neither.
fn shards_of(range: Option<&str>, total: Option<u32>) -> Result<Option<ShardRange>, ConfigError> {
    match (range, total) {
        (None, None) => Ok(None),
        (Some(r), Some(t)) => Ok(Some(
            ShardRange::parse(r, t).map_err(|e| key_err("shards", e))?,
        )),
        (Some(_), None) => Err(key_err(
            "total_shards",
            "missing: `shards` needs the fleet's total shard count",
        )),
        (None, Some(_)) => Err(key_err(
            "shards",
            "missing: `total_shards` needs this process's shard range, e.g. \"0-3\"",
        )),
    }
}

/// The Discord API base: `SHERPA_DISCORD_API_BASE` when set, else the `api_base` key.
fn api_base_of(env: Option<String>, key: Option<String>) -> Result<Option<String>, ConfigError> {
    let api_base = env.filter(|s| !s.is_empty()).or(key);
    if let Some(a) = &api_base {
        if !(a.starts_with("http://") || a.starts_with("https://")) {
            return Err(key_err(
                "api_base",
                format!("`{a}` must start with http:// or https://"),
            ));
        }
    }
    Ok(api_base)
}

/// The `[reminders]` table: the defaults for players who set nothing, and how often the
/// reminder task looks for due reminders (seconds).
fn reminders_of(r: RawReminders) -> Result<(ReminderDefaults, u64), ConfigError> {
    let mut d = ReminderDefaults::default();
    if let Some(e) = r.enabled {
        d.enabled = e;
    }
    d.first_after = minutes_at_least_one("reminders.first_after", &r.first_after, d.first_after)?;
    d.interval = minutes_at_least_one("reminders.interval", &r.interval, d.interval)?;
    if let Some(m) = r.max {
        if !(0..=100).contains(&m) {
            return Err(key_err("reminders.max", "must be between 0 and 100"));
        }
        d.max = m as u32;
    }
    if let Some(q) = &r.quiet_hours_default {
        d.quiet = if q.eq_ignore_ascii_case("off") || q.is_empty() {
            None
        } else {
            let quiet = reminders::parse_quiet(q)
                .map_err(|e| key_err("reminders.quiet_hours_default", e))?;
            Some(quiet)
        };
    }
    if let Some(dm) = r.dm {
        d.dm = dm;
    }
    let check = match &r.check_every {
        None => 60,
        Some(s) => {
            let secs =
                reminders::parse_duration(s).map_err(|e| key_err("reminders.check_every", e))?;
            if secs < 1 {
                return Err(key_err("reminders.check_every", "must be at least 1s"));
            }
            secs as u64
        }
    };
    Ok((d, check))
}

/// A duration key of at least one minute (seconds), or `default` when absent.
fn minutes_at_least_one(key: &str, v: &Option<String>, default: i64) -> Result<i64, ConfigError> {
    let Some(s) = v else { return Ok(default) };
    let secs = reminders::parse_duration(s).map_err(|e| key_err(key, e))?;
    if secs < 60 {
        return Err(key_err(key, "must be at least 1m"));
    }
    Ok(secs)
}

/// The address `/metrics` and `/health` are served on: `IP:PORT` with a port other than 0
/// and an address of this machine or of a private network (loopback `127.0.0.0/8`, `::1`;
/// `10.0.0.0/8`, `172.16.0.0/12`, `192.168.0.0/16`, `fc00::/7`). The endpoints have no
/// authentication, so a public or unspecified (`0.0.0.0`) address is refused.
pub fn parse_metrics_listen(text: &str) -> Result<SocketAddr, String> {
    let accepted = "give an IP address of this machine or a private network and a port, e.g. `127.0.0.1:9464` (loopback, 10/8, 172.16/12, 192.168/16, ::1 or fc00::/7; a host name, 0.0.0.0 or a public address is refused: the endpoints have no authentication)";
    let addr: SocketAddr = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not an address: {accepted}"))?;
    if addr.port() == 0 {
        return Err(format!(
            "`{text}`: port 0 picks a random port that Prometheus cannot find; {accepted}"
        ));
    }
    let local = match addr.ip() {
        IpAddr::V4(ip) => ip.is_loopback() || ip.is_private(),
        IpAddr::V6(ip) => ip.is_loopback() || (ip.segments()[0] & 0xfe00) == 0xfc00,
    };
    if !local {
        return Err(format!(
            "`{text}` is not a local or private address: {accepted}"
        ));
    }
    Ok(addr)
}

/// The `[retention]` table: what is kept (`None` when turned off) and how often the
/// database is pruned (seconds).
fn retention_of(r: RawRetention) -> Result<(Option<Retention>, u64), ConfigError> {
    let dur = |key: &str, v: &Option<String>, default: i64, min: i64| match v {
        None => Ok(default),
        Some(s) => {
            let secs = reminders::parse_duration(s).map_err(|e| key_err(key, e))?;
            if secs < min {
                return Err(key_err(
                    key,
                    format!("must be at least {}", reminders::format_duration(min)),
                ));
            }
            Ok(secs)
        }
    };
    let d = Retention::default();
    let keep = Retention {
        request_ids: dur(
            "retention.request_ids",
            &r.request_ids,
            d.request_ids,
            retention::MIN_REQUEST_IDS,
        )?,
        delivered_replies: dur(
            "retention.delivered_replies",
            &r.delivered_replies,
            d.delivered_replies,
            retention::MIN_REQUEST_IDS,
        )?,
        reminder_logs: dur(
            "retention.reminder_logs",
            &r.reminder_logs,
            d.reminder_logs,
            retention::MIN_LOGS,
        )?,
        finished_games: dur(
            "retention.finished_games",
            &r.finished_games,
            d.finished_games,
            0,
        )?,
    };
    let every = dur("retention.every", &r.every, 3600, 60)? as u64;
    Ok((r.enabled.unwrap_or(true).then_some(keep), every))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn example_config_parses() {
        let c = Config::from_toml(include_str!("../config.example.toml"), None, None).unwrap();
        assert_eq!(c.database, DbLocation::Sqlite(PathBuf::from("sherpa.db")));
        assert_eq!(c.shards, None, "autosharding by default");
        assert_eq!(c.reminders.max, 3);
        assert_eq!(
            c.ai,
            AiConfig::default(),
            "the example's [ai] keys are the defaults"
        );
    }

    #[test]
    fn env_token_overrides_file_token() {
        let c = Config::from_toml("token = \"file\"", Some("env".into()), None).unwrap();
        assert_eq!(c.token, "env");
    }

    #[test]
    fn missing_token_names_the_key() {
        let e = Config::from_toml("", None, None).unwrap_err();
        assert!(e.0.contains("`token`"), "{e}");
    }

    #[test]
    fn unknown_key_is_named() {
        let e = Config::from_toml("token = \"t\"\ntokn = \"x\"", None, None).unwrap_err();
        assert!(e.0.contains("tokn"), "{e}");
    }

    #[test]
    fn retention_keys_are_read_checked_and_can_turn_pruning_off() {
        let c = Config::from_toml(
            "token = \"t\"\n[retention]\nrequest_ids = \"2d\"\nevery = \"10m\"",
            None,
            None,
        )
        .unwrap();
        let keep = c.retention.unwrap();
        assert_eq!(keep.request_ids, 2 * 86_400);
        assert_eq!(keep.finished_games, Retention::default().finished_games);
        assert_eq!(c.retention_every_secs, 600);
        let e = Config::from_toml(
            "token = \"t\"\n[retention]\nrequest_ids = \"1h\"",
            None,
            None,
        )
        .unwrap_err();
        assert!(
            e.0.contains("retention.request_ids") && e.0.contains("1d"),
            "{e}"
        );
        let off = Config::from_toml("token = \"t\"\n[retention]\nenabled = false", None, None);
        assert_eq!(off.unwrap().retention, None);
        let example = Config::from_toml(
            &std::fs::read_to_string("config.example.toml").unwrap(),
            None,
            None,
        )
        .unwrap();
        assert_eq!(example.retention, Some(Retention::default()));
    }

    #[test]
    fn bad_reminder_duration_names_the_key() {
        let e = Config::from_toml(
            "token = \"t\"\n[reminders]\ninterval = \"soon\"",
            None,
            None,
        )
        .unwrap_err();
        assert!(e.0.contains("reminders.interval"), "{e}");
    }

    #[test]
    fn env_api_base_overrides_and_is_checked() {
        let c =
            Config::from_toml("token = \"t\"", None, Some("http://127.0.0.1:9".into())).unwrap();
        assert_eq!(c.api_base.as_deref(), Some("http://127.0.0.1:9"));
        let e =
            Config::from_toml("token = \"t\"\napi_base = \"127.0.0.1\"", None, None).unwrap_err();
        assert!(e.0.contains("api_base"), "{e}");
    }

    #[test]
    fn database_is_a_file_or_a_postgres_url_and_database_url_overrides_it() {
        let mut c =
            Config::from_toml("token = \"t\"\ndatabase = \"games.db\"", None, None).unwrap();
        assert_eq!(c.database, DbLocation::Sqlite(PathBuf::from("games.db")));
        c.set_database_url("postgres://bot:pw@db:5432/sherpa")
            .unwrap();
        assert_eq!(
            c.database,
            DbLocation::Postgres("postgres://bot:pw@db:5432/sherpa".into())
        );
        assert!(!format!("{c:?}").contains("pw@"), "the password is hidden");
        let c = Config::from_toml(
            "token = \"t\"\ndatabase = \"postgresql://h/db\"",
            None,
            None,
        )
        .unwrap();
        assert!(c.database.is_postgres());
        let e = Config::from_toml("token = \"t\"\ndatabase = \"\"", None, None).unwrap_err();
        assert!(e.0.contains("`database`"), "{e}");
    }

    #[test]
    fn shard_range_needs_both_keys_and_must_fit_the_total() {
        let c = Config::from_toml(
            "token = \"t\"\nshards = \"4-7\"\ntotal_shards = 8",
            None,
            None,
        )
        .unwrap();
        assert_eq!(
            c.shards,
            Some(ShardRange {
                first: 4,
                last: 7,
                total: 8
            })
        );
        for (text, key) in [
            ("shards = \"0-3\"", "total_shards"),
            ("total_shards = 8", "shards"),
            ("shards = \"3-9\"\ntotal_shards = 8", "shards"),
            ("shards = \"5-2\"\ntotal_shards = 8", "shards"),
            ("shards = \"a-b\"\ntotal_shards = 8", "shards"),
        ] {
            let e = Config::from_toml(&format!("token = \"t\"\n{text}"), None, None).unwrap_err();
            assert!(e.0.contains(&format!("`{key}`")), "{text}: {e}");
        }
        let mut c = Config::from_toml("token = \"t\"", None, None).unwrap();
        c.set_shards("2", 4).unwrap();
        assert_eq!(c.shards.unwrap().to_string(), "2-2 of 4");
        assert!(c.set_shards("0-4", 4).is_err());
    }

    #[test]
    fn a_guild_belongs_to_the_shard_discord_computes() {
        let r = ShardRange::parse("0-1", 4).unwrap();
        // (id >> 22) % 4: shard 1 and shard 2.
        assert!(r.owns_guild(1 << 22));
        assert!(!r.owns_guild(2 << 22));
        assert!(r.owns_guild(4 << 22));
    }

    #[test]
    fn web_is_off_by_default_and_each_bad_key_is_named() {
        let c = |t: &str| Config::from_toml(&format!("token = \"t\"\n{t}"), None, None);
        assert_eq!(c("").unwrap().web, None);
        let ok = c("[web]\npublic_url = \"https://s.example\"\nsecret = \"0123456789abcdef\"\nlisten = \"127.0.0.1:8080\"").unwrap();
        let w = ok.web.unwrap();
        assert_eq!(w.link_secs, 30 * 86_400);
        assert_eq!(w.listen, Some("127.0.0.1:8080".parse().unwrap()));
        assert!(
            !format!("{:?}", w).contains("0123456789abcdef"),
            "the secret is never printed"
        );
        for (bad, key) in [
            ("[web]\nsecret = \"0123456789abcdef\"", "web.public_url"),
            ("[web]\npublic_url = \"ftp://x\"\nsecret = \"0123456789abcdef\"", "web.public_url"),
            ("[web]\npublic_url = \"https://x\"", "web.secret"),
            ("[web]\npublic_url = \"https://x\"\nsecret = \"short\"", "web.secret"),
            ("[web]\npublic_url = \"https://x\"\nsecret = \"0123456789abcdef\"\nlink_days = 0", "web.link_days"),
            ("[web]\npublic_url = \"https://x\"\nsecret = \"0123456789abcdef\"\nlisten = \"here\"", "web.listen"),
        ] {
            let e = c(bad).unwrap_err();
            assert!(e.0.contains(key), "{bad}: {}", e.0);
        }
    }

    #[test]
    fn metrics_listen_is_off_by_default_and_takes_only_local_or_private_addresses() {
        assert_eq!(
            Config::from_toml("token = \"t\"", None, None)
                .unwrap()
                .metrics_listen,
            None
        );
        let c = Config::from_toml(
            "token = \"t\"\n[metrics]\nlisten = \"127.0.0.1:9464\"",
            None,
            None,
        );
        assert_eq!(
            c.unwrap().metrics_listen,
            Some("127.0.0.1:9464".parse().unwrap())
        );
        for ok in [
            "[::1]:9464",
            "10.1.2.3:80",
            "192.168.0.5:9464",
            "172.20.0.1:1",
            "[fd00::1]:9464",
        ] {
            assert!(parse_metrics_listen(ok).is_ok(), "{ok}");
        }
        for (bad, why) in [
            ("localhost:9464", "not an address"),
            ("127.0.0.1", "not an address"),
            ("127.0.0.1:99999", "not an address"),
            ("127.0.0.1:0", "port 0"),
            ("0.0.0.0:9464", "not a local or private address"),
            ("8.8.8.8:9464", "not a local or private address"),
            ("[::]:9464", "not a local or private address"),
            ("[2001:db8::1]:9464", "not a local or private address"),
        ] {
            let e = Config::from_toml(
                &format!("token = \"t\"\n[metrics]\nlisten = \"{bad}\""),
                None,
                None,
            )
            .unwrap_err();
            assert!(
                e.0.contains("metrics.listen")
                    && e.0.contains(why)
                    && e.0.contains("127.0.0.1:9464"),
                "{bad}: {e}"
            );
        }
        let e = Config::from_toml(
            "token = \"t\"\n[metrics]\nlisen = \"127.0.0.1:1\"",
            None,
            None,
        )
        .unwrap_err();
        assert!(e.0.contains("lisen"), "{e}");
    }

    #[test]
    fn ai_threads_default_to_one_and_bad_ai_values_name_the_key() {
        let c = Config::from_toml("token = \"t\"", None, None).unwrap();
        assert_eq!(
            c.ai,
            AiConfig {
                threads: 1,
                budget_ms: None
            }
        );
        let c = Config::from_toml(
            "token = \"t\"\n[ai]\nthreads = 3\nbudget_ms = 40",
            None,
            None,
        )
        .unwrap();
        assert_eq!(
            c.ai,
            AiConfig {
                threads: 3,
                budget_ms: Some(40)
            }
        );
        for (text, key) in [
            ("threads = 0", "ai.threads"),
            ("threads = 65", "ai.threads"),
            ("threads = -1", "ai.threads"),
            ("budget_ms = 0", "ai.budget_ms"),
            ("budget_ms = 60001", "ai.budget_ms"),
        ] {
            let e =
                Config::from_toml(&format!("token = \"t\"\n[ai]\n{text}"), None, None).unwrap_err();
            assert!(e.0.contains(&format!("`{key}`")), "{text}: {e}");
        }
        let e = Config::from_toml("token = \"t\"\n[ai]\nthreds = 2", None, None).unwrap_err();
        assert!(e.0.contains("threds"), "{e}");
        let e =
            Config::from_toml("token = \"t\"\n[ai]\nthreads = \"two\"", None, None).unwrap_err();
        assert!(e.0.contains("threads"), "{e}");
    }

    #[test]
    fn debug_output_hides_the_token() {
        let c = Config::from_toml("token = \"secret-token\"", None, None).unwrap();
        assert!(!format!("{c:?}").contains("secret-token"));
    }
}
