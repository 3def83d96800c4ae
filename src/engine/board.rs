//! The one reader of board text files, shared by every game.
//!
//! A board file is a list of records, one per line: a keyword and whitespace-separated
//! tokens. A line whose first word starts with `#` is a comment; later on a line, a word
//! starting with `#` starts a comment that runs to the end of the line, except a word that
//! is a colour (`#` and six hex digits, e.g. `#c5b3e6`). Blank lines are skipped. Each game turns records into its own typed data and validates
//! them; this module gives it the tokens with their line numbers, typed token readers
//! (numbers, colours, choices) and graph checks, and one error type that names the game,
//! the file line and what was expected there.
//!
//! Invariants:
//! - Every [`BoardError`] names the game and, where one line is at fault, its 1-based line
//!   number; its message says what was expected and what was found.
//! - Reading is pure: no IO. The caller hands in the text (embedded or read by the binary).

use std::fmt;
use std::str::FromStr;

/// A problem in a board file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardError {
    /// Display name of the game, e.g. `Nepal`.
    pub game: &'static str,
    /// 1-based line number, or 0 when the file as a whole is at fault.
    pub line: usize,
    /// What was expected, and what was found.
    pub message: String,
}

impl BoardError {
    /// An error about the file as a whole (a count, a missing record, connectivity).
    pub fn file(game: &'static str, message: impl Into<String>) -> Self {
        BoardError {
            game,
            line: 0,
            message: message.into(),
        }
    }
    /// An error at a given line.
    pub fn at(game: &'static str, line: usize, message: impl Into<String>) -> Self {
        BoardError {
            game,
            line,
            message: message.into(),
        }
    }
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{} board file: {}", self.game, self.message)
        } else {
            write!(
                f,
                "{} board file, line {}: {}",
                self.game, self.line, self.message
            )
        }
    }
}
impl std::error::Error for BoardError {}

/// One record: a keyword and its tokens, with the line it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record<'a> {
    pub game: &'static str,
    /// 1-based line number.
    pub line: usize,
    pub keyword: &'a str,
    /// The tokens after the keyword.
    pub args: Vec<&'a str>,
}

/// Split a board text into records. Comments (from a word starting with `#` that is not a
/// colour, to the end of the line) and blank lines are dropped.
pub fn records<'a>(game: &'static str, text: &'a str) -> Vec<Record<'a>> {
    text.lines()
        .enumerate()
        .filter_map(|(i, raw)| {
            let mut tokens = raw
                .split_whitespace()
                .take_while(|w| !w.starts_with('#') || parse_color(w).is_some());
            let keyword = tokens.next().filter(|k| !k.starts_with('#'))?;
            Some(Record {
                game,
                line: i + 1,
                keyword,
                args: tokens.collect(),
            })
        })
        .collect()
}

fn shown(s: &str) -> String {
    let mut out: String = s.chars().take(40).collect();
    if s.chars().count() > 40 {
        out.push('…');
    }
    out
}

impl<'a> Record<'a> {
    /// An error at this record's line.
    pub fn error(&self, message: impl Into<String>) -> BoardError {
        BoardError::at(self.game, self.line, message)
    }

    /// Require between `min` and `max` tokens after the keyword; `form` describes the line,
    /// e.g. `region <Id> <Name> <#rrggbb>`.
    pub fn arity(&self, min: usize, max: usize, form: &str) -> Result<(), BoardError> {
        if self.args.len() < min || self.args.len() > max {
            return Err(self.error(format!(
                "expected `{form}`, found {} after `{}`",
                super::counted(self.args.len(), "value"),
                self.keyword
            )));
        }
        Ok(())
    }

    /// The `i`th token (0 = first after the keyword); `what` names it for the error.
    pub fn token(&self, i: usize, what: &str) -> Result<&'a str, BoardError> {
        self.args
            .get(i)
            .copied()
            .ok_or_else(|| self.error(format!("expected {what} as value {}", i + 1)))
    }

    /// The `i`th token as a number of type `T`.
    pub fn num<T: FromStr>(&self, i: usize, what: &str) -> Result<T, BoardError> {
        let t = self.token(i, what)?;
        t.parse()
            .map_err(|_| self.error(format!("expected {what} (a number), found `{}`", shown(t))))
    }

    /// The `i`th token as a number in `lo..=hi`.
    pub fn num_in<T: FromStr + PartialOrd + fmt::Display + Copy>(
        &self,
        i: usize,
        what: &str,
        lo: T,
        hi: T,
    ) -> Result<T, BoardError> {
        let v: T = self.num(i, what)?;
        if v < lo || v > hi {
            return Err(self.error(format!("expected {what} from {lo} to {hi}, found {v}")));
        }
        Ok(v)
    }

    /// The `i`th token as a colour `#rrggbb`.
    pub fn color(&self, i: usize, what: &str) -> Result<[u8; 3], BoardError> {
        let t = self.token(i, what)?;
        parse_color(t).ok_or_else(|| {
            self.error(format!(
                "expected {what} as a colour `#rrggbb`, found `{}`",
                shown(t)
            ))
        })
    }

    /// The `i`th token, which must be one of `choices` (case-insensitive); returns its index.
    pub fn choice(&self, i: usize, what: &str, choices: &[&str]) -> Result<usize, BoardError> {
        let t = self.token(i, what)?;
        choices
            .iter()
            .position(|c| c.eq_ignore_ascii_case(t))
            .ok_or_else(|| {
                self.error(format!(
                    "expected {what}, one of {}, found `{}`",
                    choices.join("|"),
                    shown(t)
                ))
            })
    }

    /// The tokens from `i` on (possibly none).
    pub fn rest(&self, i: usize) -> &[&'a str] {
        self.args.get(i..).unwrap_or(&[])
    }

    /// The `i`th token split on `sep` (e.g. `Humla,Dolpo`), with no empty parts.
    pub fn list(&self, i: usize, sep: char, what: &str) -> Result<Vec<&'a str>, BoardError> {
        let t = self.token(i, what)?;
        let parts: Vec<&str> = t.split(sep).collect();
        if parts.iter().any(|p| p.is_empty()) {
            return Err(self.error(format!(
                "expected {what} as a `{sep}`-separated list without empty entries, found `{}`",
                shown(t)
            )));
        }
        Ok(parts)
    }

    /// An error for an unknown keyword, listing the known ones.
    pub fn unknown(&self, known: &[&str]) -> BoardError {
        self.error(format!(
            "unknown record `{}`; expected one of: {}",
            shown(self.keyword),
            known.join(", ")
        ))
    }
}

/// `#rrggbb` → RGB.
pub fn parse_color(s: &str) -> Option<[u8; 3]> {
    let h = s.strip_prefix('#')?;
    if h.len() != 6 || !h.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let v = u32::from_str_radix(h, 16).ok()?;
    Some([(v >> 16) as u8, (v >> 8) as u8, v as u8])
}

/// The six neighbours of the hex at (`col`, `row`) on a grid of pointy-top hexes in odd-r
/// offset coordinates (odd rows shifted right by half a hex).
pub fn hex_neighbours(col: i32, row: i32) -> [(i32, i32); 6] {
    if row.rem_euclid(2) == 0 {
        [
            (col + 1, row),
            (col - 1, row),
            (col - 1, row - 1),
            (col, row - 1),
            (col - 1, row + 1),
            (col, row + 1),
        ]
    } else {
        [
            (col + 1, row),
            (col - 1, row),
            (col, row - 1),
            (col + 1, row - 1),
            (col, row + 1),
            (col + 1, row + 1),
        ]
    }
}

/// Nodes not reachable from node 0 in the undirected graph with `n` nodes and `edges`
/// (empty when connected, or when `n == 0`).
pub fn unreachable(n: usize, edges: &[(usize, usize)]) -> Vec<usize> {
    if n == 0 {
        return Vec::new();
    }
    let mut adj = vec![Vec::new(); n];
    for &(a, b) in edges {
        if a < n && b < n {
            adj[a].push(b);
            adj[b].push(a);
        }
    }
    let mut seen = vec![false; n];
    let mut stack = vec![0];
    seen[0] = true;
    while let Some(x) = stack.pop() {
        for &y in &adj[x] {
            if !seen[y] {
                seen[y] = true;
                stack.push(y);
            }
        }
    }
    (0..n).filter(|&i| !seen[i]).collect()
}

/// Fail with a file-level error naming the unreachable nodes, if any.
pub fn check_connected(
    game: &'static str,
    what: &str,
    names: &[String],
    edges: &[(usize, usize)],
) -> Result<(), BoardError> {
    let lost = unreachable(names.len(), edges);
    if lost.is_empty() {
        return Ok(());
    }
    let list: Vec<&str> = lost.iter().take(8).map(|&i| names[i].as_str()).collect();
    Err(BoardError::file(
        game,
        format!(
            "every {what} must be reachable from {}; not reachable: {}{}",
            names[0],
            list.join(", "),
            if lost.len() > 8 { ", …" } else { "" }
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_anywhere_and_blank_lines_are_dropped_with_line_numbers_kept() {
        let text = "# header\n\nregion A Alpha #ff0000  # trailing\n   \nfoo 1 2 #note a\n#ff00ff";
        let r = records("Test", text);
        assert_eq!(
            r.len(),
            2,
            "a line starting with `#` is a comment, even `#ff00ff`"
        );
        assert_eq!(r[0].line, 3);
        assert_eq!(r[0].keyword, "region");
        assert_eq!(r[0].args, vec!["A", "Alpha", "#ff0000"]);
        assert_eq!(r[1].args, vec!["1", "2"], "`#note` starts a comment");
        assert_eq!(r[1].line, 5);
        assert_eq!(r[1].num::<u32>(1, "y").unwrap(), 2);
    }

    #[test]
    fn errors_name_game_line_and_expectation_once() {
        let r = &records("Nepal", "\nprovince X abc")[0];
        let e = r.num::<i32>(1, "a column").unwrap_err();
        assert_eq!(
            e.to_string(),
            "Nepal board file, line 2: expected a column (a number), found `abc`"
        );
        assert_eq!(e.to_string().matches("Nepal").count(), 1);
        let e = r.token(5, "a region").unwrap_err();
        assert!(
            e.to_string().contains("expected a region as value 6"),
            "{e}"
        );
        assert!(r.arity(3, 4, "province <Name> <col> <row>").is_err());
        let e = r.num_in::<i32>(0, "x", 0, 3);
        assert!(e.is_err());
    }

    #[test]
    fn colours_choices_and_lists() {
        let r = &records("G", "c #0a0B0c dirt a,b,c a,,b x#12345")[0];
        assert_eq!(r.color(0, "colour").unwrap(), [10, 11, 12]);
        assert_eq!(r.choice(1, "path", &["ice", "DIRT"]).unwrap(), 1);
        assert!(r.choice(1, "path", &["ice"]).is_err());
        assert_eq!(r.list(2, ',', "regions").unwrap(), vec!["a", "b", "c"]);
        assert!(r.list(3, ',', "regions").is_err());
        assert!(r.color(4, "colour").is_err());
        assert_eq!(parse_color("#zzzzzz"), None);
    }

    #[test]
    fn connectivity() {
        assert!(unreachable(3, &[(0, 1), (1, 2)]).is_empty());
        assert_eq!(unreachable(4, &[(0, 1), (2, 3)]), vec![2, 3]);
        let names: Vec<String> = ["a", "b", "c"].iter().map(|s| s.to_string()).collect();
        let e = check_connected("G", "village", &names, &[(0, 1)]).unwrap_err();
        assert!(e.to_string().contains("not reachable: c"), "{e}");
        assert!(unreachable(0, &[]).is_empty());
    }

    #[test]
    fn hex_neighbours_are_six_distinct_hexes_each_naming_the_other_back() {
        for row in -3..4 {
            for col in -3..4 {
                let near = hex_neighbours(col, row);
                let mut sorted = near.to_vec();
                sorted.sort_unstable();
                sorted.dedup();
                assert_eq!(sorted.len(), 6, "({col}, {row})");
                for (c, r) in near {
                    assert!(
                        hex_neighbours(c, r).contains(&(col, row)),
                        "({col}, {row}) ~ ({c}, {r})"
                    );
                }
            }
        }
        assert!(
            hex_neighbours(0, 1).contains(&(1, 0)),
            "odd rows sit half a hex right"
        );
        assert!(hex_neighbours(0, 0).contains(&(-1, 1)));
    }
}
