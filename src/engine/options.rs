//! Game options chosen at `game new` (`boom=on`, `scoring=areas`).
//!
//! Text options are checked once, against the game's [`OptionSpec`]s, by
//! [`resolve_options`]; the result ([`Resolved`]) can only be made that way, so a game's
//! typed options ([`GameOptions::from_resolved`]) are built from values already known to be
//! valid, and games never check them again.

use super::notation;
use super::SetupError;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Debug;

/// An option a game offers at `game new`, e.g. `boom=on`.
#[derive(Clone, Debug, Serialize)]
pub struct OptionSpec {
    pub key: &'static str,
    pub help: &'static str,
    /// Accepted values; the first is the default.
    pub values: &'static [&'static str],
}

/// Options as text: key -> value (as stored with a game).
pub type Options = BTreeMap<String, String>;

/// Options checked against a game's specs: every key of the specs is present, with one of
/// its accepted values (defaults filled in). Only [`resolve_options`] makes one.
#[derive(Clone, Debug)]
pub struct Resolved {
    specs: &'static [OptionSpec],
    values: Options,
}

impl Resolved {
    /// The value of `key`. Panics if `key` is not one of the game's own specs (a bug in the
    /// game, not user input).
    pub fn get(&self, key: &str) -> &str {
        self.values
            .get(key)
            .map(String::as_str)
            .unwrap_or_else(|| panic!("option `{key}` is not in the game's specs"))
    }
    /// True if `key` is set to `on`.
    pub fn on(&self, key: &str) -> bool {
        self.get(key) == "on"
    }
    /// Index of the value of `key` in its spec's accepted values.
    pub fn index(&self, key: &str) -> usize {
        let v = self.get(key);
        self.specs
            .iter()
            .find(|s| s.key == key)
            .and_then(|s| s.values.iter().position(|x| *x == v))
            .expect("resolved values are among the spec's")
    }
    /// The options as text (what is stored with the game).
    pub fn text(&self) -> &Options {
        &self.values
    }
}

/// A game's typed options.
pub trait GameOptions: Clone + Debug + PartialEq + Send + Sync + 'static {
    /// The options offered, in the order shown to players.
    fn specs() -> &'static [OptionSpec];
    /// Build from checked options. Cannot fail: every value is valid.
    fn from_resolved(o: &Resolved) -> Self;
}

/// For games without options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoOptions;

impl GameOptions for NoOptions {
    fn specs() -> &'static [OptionSpec] {
        &[]
    }
    fn from_resolved(_: &Resolved) -> Self {
        NoOptions
    }
}

/// Check options against specs and fill in defaults. Keys and values are matched without
/// regard to case; the result uses the spec's spelling.
pub fn resolve_options(
    specs: &'static [OptionSpec],
    given: &Options,
) -> Result<Resolved, SetupError> {
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
    Ok(Resolved { specs, values: out })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPECS: &[OptionSpec] = &[
        OptionSpec {
            key: "boom",
            help: "",
            values: &["off", "on"],
        },
        OptionSpec {
            key: "scoring",
            help: "",
            values: &["chart", "areas"],
        },
    ];

    #[test]
    fn defaults_case_and_typed_access() {
        let mut o = Options::new();
        o.insert("SCORING".into(), "Areas".into());
        let r = resolve_options(SPECS, &o).unwrap();
        assert!(!r.on("boom"));
        assert_eq!(r.get("scoring"), "areas");
        assert_eq!(r.index("scoring"), 1);
        assert_eq!(r.text().len(), 2);
    }

    #[test]
    fn unknown_keys_and_values_are_refused_with_what_is_accepted() {
        let mut o = Options::new();
        o.insert("bom".into(), "on".into());
        let e = resolve_options(SPECS, &o).unwrap_err();
        assert!(e.0.contains("options are: boom, scoring"), "{e}");
        let mut o = Options::new();
        o.insert("boom".into(), "maybe".into());
        let e = resolve_options(SPECS, &o).unwrap_err();
        assert!(e.0.contains("accepted: off, on"), "{e}");
    }
}
