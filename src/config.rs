//! The `sherpa run` configuration file (`config.toml`; every key is documented in
//! `config.example.toml`).
//!
//! Invariants:
//! - Unknown keys and bad values are refused at start with a message naming the key.
//! - `DISCORD_TOKEN` in the environment overrides `token`; `SHERPA_DISCORD_API_BASE`
//!   overrides `api_base` (tests only).

use crate::reminders::{self, ReminderDefaults};
use serde::Deserialize;
use std::fmt;
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
struct RawConfig {
    token: Option<String>,
    database: Option<PathBuf>,
    dev_guild: Option<u64>,
    log_level: Option<String>,
    api_base: Option<String>,
    reminders: Option<RawReminders>,
}

/// The bot configuration, validated.
#[derive(Clone, PartialEq, Eq)]
pub struct Config {
    /// Discord bot token.
    pub token: String,
    /// SQLite database file.
    pub database: PathBuf,
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
}

impl fmt::Debug for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Never print the token.
        f.debug_struct("Config")
            .field("token", &"<hidden>")
            .field("database", &self.database)
            .field("dev_guild", &self.dev_guild)
            .field("log_level", &self.log_level)
            .field("api_base", &self.api_base)
            .field("reminders", &self.reminders)
            .field("reminder_check_secs", &self.reminder_check_secs)
            .finish()
    }
}

fn key_err(key: &str, msg: impl fmt::Display) -> ConfigError {
    ConfigError(format!("config key `{key}`: {msg}"))
}

impl Config {
    /// Read and validate a config file, then apply environment overrides.
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| ConfigError(format!("cannot read config file {}: {e}", path.display())))?;
        Self::from_toml(
            &text,
            std::env::var("DISCORD_TOKEN").ok(),
            std::env::var("SHERPA_DISCORD_API_BASE").ok(),
        )
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
        let token = env_token
            .filter(|t| !t.trim().is_empty())
            .or(raw.token)
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
        let database = raw.database.unwrap_or_else(|| PathBuf::from("sherpa.db"));
        if database.as_os_str().is_empty() {
            return Err(key_err("database", "must be a file path"));
        }
        let log_level = raw.log_level.unwrap_or_else(|| "info".to_string());
        if log_level.trim().is_empty() {
            return Err(key_err(
                "log_level",
                "must be a tracing filter such as `info` or `sherpa=debug`",
            ));
        }
        let api_base = env_api_base.filter(|s| !s.is_empty()).or(raw.api_base);
        if let Some(a) = &api_base {
            if !(a.starts_with("http://") || a.starts_with("https://")) {
                return Err(key_err(
                    "api_base",
                    format!("`{a}` must start with http:// or https://"),
                ));
            }
        }
        if raw.dev_guild == Some(0) {
            return Err(key_err(
                "dev_guild",
                "must be a guild id (a positive number)",
            ));
        }
        let r = raw.reminders.unwrap_or_default();
        let mut d = ReminderDefaults::default();
        if let Some(e) = r.enabled {
            d.enabled = e;
        }
        let dur = |key: &str, v: &Option<String>, default: i64| -> Result<i64, ConfigError> {
            match v {
                None => Ok(default),
                Some(s) => {
                    let secs = reminders::parse_duration(s).map_err(|e| key_err(key, e))?;
                    if secs < 60 {
                        return Err(key_err(key, "must be at least 1m"));
                    }
                    Ok(secs)
                }
            }
        };
        d.first_after = dur("reminders.first_after", &r.first_after, d.first_after)?;
        d.interval = dur("reminders.interval", &r.interval, d.interval)?;
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
                Some(
                    reminders::parse_quiet(q)
                        .map_err(|e| key_err("reminders.quiet_hours_default", e))?,
                )
            };
        }
        if let Some(dm) = r.dm {
            d.dm = dm;
        }
        let check = match &r.check_every {
            None => 60,
            Some(s) => {
                let secs = reminders::parse_duration(s)
                    .map_err(|e| key_err("reminders.check_every", e))?;
                if secs < 1 {
                    return Err(key_err("reminders.check_every", "must be at least 1s"));
                }
                secs as u64
            }
        };
        Ok(Config {
            token,
            database,
            dev_guild: raw.dev_guild,
            log_level,
            api_base,
            reminders: d,
            reminder_check_secs: check,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn example_config_parses() {
        let c = Config::from_toml(include_str!("../config.example.toml"), None, None).unwrap();
        assert_eq!(c.database, PathBuf::from("sherpa.db"));
        assert_eq!(c.reminders.max, 3);
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
    fn debug_output_hides_the_token() {
        let c = Config::from_toml("token = \"secret-token\"", None, None).unwrap();
        assert!(!format!("{c:?}").contains("secret-token"));
    }
}
