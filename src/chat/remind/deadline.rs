//! `remind deadline <duration> [notify|kick]` | `remind deadline off`: a game's deadline,
//! set by its players or a channel admin, announced in its channel.

use super::RemindError;
use crate::chat::core::clean_name;
use crate::chat::types::{Reply, Request};
use crate::reminders::{self, Consequence};
use crate::store::{Absent, Store};

/// Set or remove game `game_id`'s deadline (`seat`: the asker's seat in it, if any).
pub(super) fn deadline(
    store: &mut Store,
    req: &Request,
    game_id: Option<i64>,
    seat: Option<usize>,
    args: &[&str],
) -> Result<Vec<Reply>, RemindError> {
    let g = game_id.ok_or(RemindError::NoGame)?;
    if seat.is_none() && !req.user.is_channel_admin {
        return Err(RemindError::NotPlayerOrAdmin);
    }
    let setting = match args {
        [off] if off.eq_ignore_ascii_case("off") => None,
        [d] | [d, _] => {
            let secs = match reminders::parse_duration(d) {
                Ok(s) if s >= 3600 => s,
                Ok(_) => {
                    return Err(RemindError::TooShort {
                        setting: "deadline",
                        min: "1h",
                    })
                }
                Err(e) => return Err(RemindError::Value(e)),
            };
            let c = match args.get(1) {
                None => Consequence::Notify,
                Some(c) => Consequence::parse(c)
                    .ok_or_else(|| RemindError::BadConsequence(c.to_string()))?,
            };
            Some((secs, c))
        }
        _ => return Err(RemindError::DeadlineUsage),
    };
    store
        .schedules_mut()
        .set_game_deadline(g, setting)
        .map_err(RemindError::Store)?;
    let who = clean_name(&req.user.name);
    // The table's `absent` option decides what the deadline does, worded as everywhere.
    let absent = store.log().absent(g).map_err(RemindError::Store)?;
    let text = match setting {
        None => format!("{who} removed this game's deadline."),
        Some((d, c)) => format!(
            "{who} set a deadline of {}: for a player who has not acted by then, {}.",
            reminders::format_duration(d),
            at_deadline(absent, c)
        ),
    };
    Ok(vec![Reply::public(text)])
}

/// What happens when a player's deadline passes at a table, in words to follow "then":
/// the one wording `game status` and `remind` share, so that they never promise different
/// things. The table's `absent` option decides; the deadline's own `notify|kick` word only
/// words what a waiting table does.
pub(crate) fn at_deadline(absent: Absent, consequence: Consequence) -> &'static str {
    match (absent, consequence) {
        (Absent::Caretaker, _) => "Sherpa plays for them until they are back",
        (Absent::Kick, _) => "they are removed from the game",
        (Absent::Wait, Consequence::Notify) => {
            "the channel is told (a secret choice they still owe is sealed by default)"
        }
        (Absent::Wait, Consequence::Kick) => {
            "the others may vote to kick them (a secret choice they still owe is sealed by default)"
        }
    }
}
