//! The asker's own reminder settings: `on`/`off`, `delay`, `interval`, `max`, `quiet`,
//! `tz`, `dm`, `vacation`. Each checks its value and says what changed; nothing is saved
//! here (the caller saves the settings once).

use super::RemindError;
use crate::reminders::{self, Prefs};

fn on_off(s: Option<&str>) -> Option<bool> {
    match s.map(|x| x.to_ascii_lowercase()).as_deref() {
        Some("on") | Some("yes") | Some("true") => Some(true),
        Some("off") | Some("no") | Some("false") => Some(false),
        _ => None,
    }
}

/// A duration setting's value: at least `min` seconds.
fn duration_value(
    arg: Option<&str>,
    setting: &'static str,
    example: &'static str,
    (min, min_text): (i64, &'static str),
) -> Result<i64, RemindError> {
    match arg.map(reminders::parse_duration) {
        Some(Ok(secs)) if secs >= min => Ok(secs),
        Some(Ok(_)) => Err(RemindError::TooShort {
            setting,
            min: min_text,
        }),
        Some(Err(e)) => Err(RemindError::Value(e)),
        None => Err(RemindError::NeedValue { setting, example }),
    }
}

/// Change one of the asker's own settings in `p` (`values`: the words after the setting);
/// returns what changed, in words.
pub(super) fn set_personal(
    p: &mut Prefs,
    setting: &str,
    values: &[&str],
    now: i64,
) -> Result<String, RemindError> {
    let arg = values.first().copied();
    let need = |setting, example| RemindError::NeedValue { setting, example };
    Ok(match setting {
        "on" | "off" => {
            p.enabled = Some(setting == "on");
            format!("Reminders turned {setting}.")
        }
        "delay" => {
            let secs = duration_value(arg, "delay", "12h", (600, "10m"))?;
            p.delay = Some(secs);
            format!(
                "Reminder delay set to {}.",
                reminders::format_duration(secs)
            )
        }
        "interval" => {
            let secs = duration_value(arg, "interval", "24h", (600, "10m"))?;
            p.interval = Some(secs);
            format!(
                "Reminder interval set to {}.",
                reminders::format_duration(secs)
            )
        }
        "max" => match arg.map(|a| a.parse::<u32>()) {
            Some(Ok(n)) if n <= 20 => {
                p.max = Some(n);
                format!("At most {n} reminders per turn.")
            }
            _ => return Err(RemindError::BadMax),
        },
        "quiet" => match arg {
            Some(a) => set_quiet(p, a, values.get(1).copied())?,
            None => return Err(need("quiet", "22:00-08:00 tz=+02:00")),
        },
        "tz" => {
            let o = reminders::parse_offset(arg.ok_or_else(|| need("tz", "+02:00"))?)
                .map_err(RemindError::Value)?;
            p.utc_offset = Some(o);
            format!("Your UTC offset is now {}.", reminders::format_offset(o))
        }
        "dm" => {
            let v = on_off(arg).ok_or(RemindError::BadOnOff("dm"))?;
            p.dm = Some(v);
            if v {
                "Reminders will come by direct message."
            } else {
                "Reminders will come in the game's channel."
            }
            .into()
        }
        "vacation" => set_vacation(p, arg.ok_or_else(|| need("vacation", "3d"))?, now)?,
        other => return Err(RemindError::UnknownSetting(other.to_string())),
    })
}

/// `remind quiet HH:MM-HH:MM [tz=±HH:MM]` or `remind quiet off`.
fn set_quiet(p: &mut Prefs, value: &str, tz: Option<&str>) -> Result<String, RemindError> {
    if value.eq_ignore_ascii_case("off") {
        p.quiet = Some(None);
        return Ok("Quiet hours turned off.".into());
    }
    let q = reminders::parse_quiet(value).map_err(RemindError::Value)?;
    if let Some(tz) = tz {
        let v = tz
            .strip_prefix("tz=")
            .or_else(|| tz.strip_prefix("tz:"))
            .unwrap_or(tz);
        p.utc_offset = Some(reminders::parse_offset(v).map_err(RemindError::Value)?);
    }
    p.quiet = Some(Some(q));
    Ok(format!(
        "Quiet hours set to {q} at UTC{}.",
        reminders::format_offset(p.utc_offset.unwrap_or(0))
    ))
}

/// `remind vacation <duration>` or `remind vacation off`.
fn set_vacation(p: &mut Prefs, value: &str, now: i64) -> Result<String, RemindError> {
    if value.eq_ignore_ascii_case("off") {
        p.vacation_until = None;
        return Ok("Welcome back: vacation ended.".into());
    }
    match reminders::parse_duration(value) {
        Ok(secs) if secs > 0 => {
            p.vacation_until = Some(now + secs);
            Ok("On vacation: no reminders or deadlines until it ends.".into())
        }
        Ok(_) => Err(RemindError::ZeroVacation),
        Err(e) => Err(RemindError::Value(e)),
    }
}
