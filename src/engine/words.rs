//! Wording shared by every game's texts.

use std::fmt::Display;

/// `n` things, in the singular for one: `counted(1, "action")` is `1 action`,
/// `counted(3, "action")` is `3 actions`. For nouns whose plural adds an `s`.
pub fn counted<N: Display>(n: N, one: &str) -> String {
    let n = n.to_string();
    if n == "1" {
        format!("1 {one}")
    } else {
        format!("{n} {one}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(counted(1u8, "action"), "1 action");
        assert_eq!(counted(0usize, "action"), "0 actions");
        assert_eq!(counted(3i64, "worker colour"), "3 worker colours");
    }
}
