//! Row types that more than one of the store's views reads: a game's seats are written by
//! the log and read by the reminder schedules, so they live apart from both.

use serde::{Deserialize, Serialize};

/// A row of `seats`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatRow {
    pub seat: usize,
    pub user_id: String,
    pub name: String,
    pub resigned: bool,
}
