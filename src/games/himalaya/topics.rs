//! Rules lookup topics, in our own words, each citing the rulebook section.

use crate::engine::RulesTopic;

pub static TOPICS: &[RulesTopic] = &[];
