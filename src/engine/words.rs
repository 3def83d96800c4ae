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

/// `word` after its indefinite article: `a_or_an("Alkoth infantry")` is `an Alkoth
/// infantry`, `a_or_an("dragon")` is `a dragon`. By the sound of the first letter: a vowel
/// takes `an`, except the `yoo`/`wun` sounds of `uni…`, `use…`, `eu…`, `one…`.
pub fn a_or_an(word: &str) -> String {
    format!("{} {word}", article(word))
}

/// The indefinite article `word` takes (`a` or `an`; see [`a_or_an`]).
pub fn article(word: &str) -> &'static str {
    if takes_an(word) {
        "an"
    } else {
        "a"
    }
}

fn takes_an(word: &str) -> bool {
    let w = word.to_lowercase();
    let vowel = w.starts_with(['a', 'e', 'i', 'o', 'u']);
    let sounds_consonant = ["uni", "use", "usu", "eu", "one", "once"]
        .iter()
        .any(|p| w.starts_with(p));
    vowel && !sounds_consonant
}

/// The first wrong indefinite article in `text` (`a Alkoth`, `an dragon`), as the two
/// words; `None` when every `a`/`an` fits the word after it. Words after `a` in backticks
/// or after a letter label (`a:`) are not articles and are skipped.
pub fn article_mistake(text: &str) -> Option<String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    for pair in words.windows(2) {
        let (art, next) = (pair[0], pair[1]);
        let next_word = next.trim_start_matches(['(', '"', '*', '_']);
        if next_word.is_empty() || !next_word.starts_with(|c: char| c.is_alphabetic()) {
            continue;
        }
        let wrong = match art {
            "a" | "A" => takes_an(next_word),
            "an" | "An" => !takes_an(next_word),
            _ => false,
        };
        if wrong {
            return Some(format!("{art} {next}"));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_article_follows_the_sound_of_the_next_word() {
        assert_eq!(a_or_an("Alkoth infantry"), "an Alkoth infantry");
        assert_eq!(a_or_an("Soldiers infantry"), "a Soldiers infantry");
        assert_eq!(a_or_an("ice path"), "an ice path");
        assert_eq!(a_or_an("unit"), "a unit");
        assert_eq!(article("Elz-Ast"), "an");
        assert_eq!(article("yak"), "a");
    }

    #[test]
    fn a_wrong_article_in_a_text_is_found() {
        assert_eq!(
            article_mistake("A Alkoth infantry dies in Raibanth."),
            Some("A Alkoth".to_string())
        );
        assert_eq!(article_mistake("an dragon flies"), Some("an dragon".into()));
        assert_eq!(
            article_mistake("An Alkoth infantry dies; a unit of a nation"),
            None
        );
    }

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(counted(1u8, "action"), "1 action");
        assert_eq!(counted(0usize, "action"), "0 actions");
        assert_eq!(counted(3i64, "worker colour"), "3 worker colours");
    }
}
