//! Who is a Sherpa player: the user ids and names of AI seats (contract 4 of issue #36).
//!
//! A seat whose user id is `sherpa:ai:<level>` is a Sherpa player of that level, named
//! `Sherpa (<level>)`; a second one of the same level in the same game is
//! `sherpa:ai:<level>#2`, named `Sherpa (<level>) 2`, and so on. Pure functions, no state:
//! the store only knows the ids' common prefix ([`crate::store::reminders::SHERPA_USER_PREFIX`]).

use crate::ai::Level;

/// The beginning of every AI seat's user id.
pub const AI_USER_PREFIX: &str = "sherpa:ai:";

/// The level of the Sherpa player with this user id, or `None` for anyone else.
pub fn ai_level(user_id: &str) -> Option<Level> {
    let rest = user_id.strip_prefix(AI_USER_PREFIX)?;
    let (level, number) = match rest.split_once('#') {
        Some((l, n)) => (l, Some(n)),
        None => (rest, None),
    };
    if let Some(n) = number {
        // `#2`, `#3`…: the second and later players of a level (never `#0`, `#1`, `#02`).
        if n.starts_with('0') || n.parse::<u32>().map_or(true, |n| n < 2) {
            return None;
        }
    }
    level.parse().ok()
}

/// Whether this user id is a Sherpa player's.
pub fn is_ai(user_id: &str) -> bool {
    ai_level(user_id).is_some()
}

/// The user id and name of the `n`th (from 1) Sherpa player of `level` in a game.
pub fn ai_identity(level: Level, n: u32) -> (String, String) {
    if n <= 1 {
        (
            format!("{AI_USER_PREFIX}{level}"),
            format!("Sherpa ({level})"),
        )
    } else {
        (
            format!("{AI_USER_PREFIX}{level}#{n}"),
            format!("Sherpa ({level}) {n}"),
        )
    }
}

/// The rated player of an AI seat: its user id without the `#n` (every Sherpa player of a
/// level is one rated player); other users' ids unchanged.
pub fn rated_user(user_id: &str) -> &str {
    match ai_level(user_id) {
        Some(_) => user_id.split('#').next().unwrap_or(user_id),
        None => user_id,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ai_ids_and_names_follow_contract_four() {
        assert_eq!(
            ai_identity(Level::Normal, 1),
            ("sherpa:ai:normal".into(), "Sherpa (normal)".into())
        );
        assert_eq!(
            ai_identity(Level::Strong, 2),
            ("sherpa:ai:strong#2".into(), "Sherpa (strong) 2".into())
        );
        assert_eq!(ai_level("sherpa:ai:easy"), Some(Level::Easy));
        assert_eq!(ai_level("sherpa:ai:strong#3"), Some(Level::Strong));
        for not_ai in [
            "sherpa:ai:",
            "sherpa:ai:huge",
            "sherpa:ai:normal#1",
            "sherpa:ai:normal#02",
            "sherpa:ai:normal#x",
            "sherpa:deadline",
            "id-ann",
            "ai",
        ] {
            assert_eq!(ai_level(not_ai), None, "{not_ai}");
        }
        assert_eq!(rated_user("sherpa:ai:normal#2"), "sherpa:ai:normal");
        assert_eq!(rated_user("id-ann"), "id-ann");
    }
}
