//! Near misses (issue 48): from a position, texts a player might type that miss a legal
//! step by a little (a name changed to an unknown one, a misspelt verb or name, a word
//! dropped, a step of the right shape that the rules forbid) each get an answer that says
//! why in words beyond quoting the text, never a bare list of steps.

use super::super::{Game, GameRng, Rules, Seat};
use super::wording_fault;

/// A word no game has for anything.
const UNKNOWN: &str = "Zyxxo";

/// What `seat` is told for `text`: the stage-1 answer (it could not be read) or the
/// rules' refusal; `None` when it names a step the rules accept.
pub fn answer<G: Game>(g: &G, data: &G::Data, seat: Seat, text: &str) -> Option<String> {
    match g.parse_step(data, seat, text) {
        Err(e) => Some(e.to_string()),
        Ok(step) => g.check(data, seat, &step).err().map(|e| e.reason),
    }
}

/// Words that a bare list of steps is made of besides the steps themselves.
const LIST_WORDS: &[&str] = &[
    "is", "not", "a", "legal", "step", "steps", "now", "include", "accepted", "and", "more",
];

/// Does `answer` say why, in words beyond quoting what was typed and listing steps? The
/// backticked parts (the text, the steps) and the words of a list do not count; at least
/// three other words must be left.
pub fn says_why(answer: &str) -> bool {
    let unquoted: String = answer
        .split('`')
        .enumerate()
        .filter(|(i, _)| i % 2 == 0)
        .map(|(_, part)| part)
        .collect::<Vec<_>>()
        .join(" ");
    unquoted
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.chars().any(char::is_alphabetic))
        .filter(|w| !LIST_WORDS.contains(&w.to_lowercase().as_str()))
        .count()
        >= 3
}

/// The near misses of one legal step's notation `text`.
pub fn near_misses(text: &str, pick: &mut GameRng) -> Vec<String> {
    let words: Vec<&str> = text.split(' ').collect();
    let mut out = Vec::new();
    // A name changed to an unknown one.
    if words.len() > 1 {
        let mut w = words.clone();
        w[1 + pick.below(words.len() - 1)] = UNKNOWN;
        out.push(w.join(" "));
    }
    // A typo in the verb (two letters swapped), and in a long name.
    let swapped = |word: &str| -> Option<String> {
        let c: Vec<char> = word.chars().collect();
        (c.len() >= 3 && c[1] != c[2]).then(|| {
            let mut c = c.clone();
            c.swap(1, 2);
            c.into_iter().collect()
        })
    };
    for (i, word) in words.iter().enumerate() {
        if i == 0 || (word.len() >= 6 && !word.bytes().any(|b| b.is_ascii_digit())) {
            if let Some(typo) = swapped(word) {
                let mut w: Vec<String> = words.iter().map(|s| s.to_string()).collect();
                w[i] = typo;
                out.push(w.join(" "));
            }
        }
    }
    // A word dropped (the last one).
    if words.len() > 1 {
        out.push(words[..words.len() - 1].join(" "));
    }
    out
}

/// Check the near misses of one random legal step of `seat`, and one step of the right
/// shape that the rules forbid (a candidate not legal now): each answer that is not a
/// play says why. Returns how many answers were checked.
pub fn check<G: Game>(
    g: &G,
    data: &G::Data,
    seat: Seat,
    legal: &[G::Step],
    pick: &mut GameRng,
) -> usize {
    if legal.is_empty() {
        return 0;
    }
    let text = G::format_step(data, &legal[pick.below(legal.len())]);
    let mut texts = near_misses(&text, pick);
    let forbidden: Vec<G::Step> = g
        .candidates(data, seat)
        .into_iter()
        .filter(|c| !legal.contains(c))
        .collect();
    if !forbidden.is_empty() {
        texts.push(G::format_step(
            data,
            &forbidden[pick.below(forbidden.len())],
        ));
    }
    let mut checked = 0;
    for t in &texts {
        let Some(said) = answer(g, data, seat, t) else {
            continue; // Another step that the words name: taken, nothing to explain.
        };
        checked += 1;
        assert!(
            says_why(&said),
            "{}: `{t}` (near `{text}`) is answered without saying why: {said}",
            G::NAME
        );
        assert_eq!(wording_fault(&said), None, "answer for players: {said}");
    }
    checked
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bare_list_does_not_say_why_and_a_reason_does() {
        // The answer every near miss got before: a list, whatever was wrong.
        assert!(!says_why(
            "`move Kathmandu Narnia` is not a legal step now; legal steps include: \
             `grow Kathmandu`, `move Kathmandu Dhading`, `end`"
        ));
        assert!(!says_why("; accepted now: `take 1`, `take 2` and 4 more"));
        assert!(says_why("there is no province `Narnia`"));
        assert!(says_why(
            "Jumla is not adjacent to Kathmandu; a piece moves one province at a time"
        ));
        assert!(says_why("no step starts with `grwo`; did you mean `grow`?"));
    }

    #[test]
    fn near_misses_change_a_name_misspell_and_drop_a_word() {
        let mut pick = GameRng::new(1);
        let m = near_misses("move Kathmandu Dhading", &mut pick);
        assert!(m.iter().any(|t| t.contains(UNKNOWN)), "{m:?}");
        assert!(m.contains(&"mvoe Kathmandu Dhading".to_string()), "{m:?}");
        assert!(m.contains(&"move Ktahmandu Dhading".to_string()), "{m:?}");
        assert!(m.contains(&"move Kathmandu".to_string()), "{m:?}");
        assert_eq!(near_misses("end", &mut pick), vec!["edn".to_string()]);
    }
}
