//! How Discord writes a reply's text: `<@id>` mentions, `<t:…:R>` timestamps, slash
//! commands with their options, and texts split to Discord's message limit.

use crate::chat::table::{self, ArgKind};
use crate::chat::{CmdRef, Reply, Syntax, TimeStyle};

/// Discord's message length limit.
const MAX_CONTENT: usize = 2000;

/// Discord's way of writing reply text: `<@id>` mentions, `<t:…:R>` timestamps (each
/// reader sees their own time zone), and slash commands with their options
/// (`/undo answer:accept`).
pub struct DiscordSyntax;

impl Syntax for DiscordSyntax {
    fn mention(&self, user: &str, _name: &str) -> String {
        format!("<@{user}>")
    }
    fn time(&self, at: i64, style: TimeStyle) -> String {
        let f = match style {
            TimeStyle::Relative => 'R',
            TimeStyle::Full => 'f',
        };
        format!("<t:{at}:{f}>")
    }
    fn channel(&self, id: &str) -> String {
        // Only snowflakes become links; anything else is shown as plain text.
        if !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()) {
            format!("<#{id}>")
        } else {
            format!("#{id}")
        }
    }
    fn command(&self, c: &CmdRef) -> String {
        let mut s = format!("/{}", c.path);
        let Some(spec) = table::find_path(c.path) else {
            return s;
        };
        for (a, v) in spec.args.iter().zip(&c.args) {
            let optional = v.starts_with('[') && v.ends_with(']');
            let inner = if optional || (v.starts_with('<') && v.ends_with('>')) {
                if v[1..v.len() - 1] == *a.name {
                    "…".to_string()
                } else {
                    v.clone()
                }
            } else {
                v.clone()
            };
            let value = if a.kind == ArgKind::Switch {
                "True".to_string()
            } else if optional {
                inner
                    .trim_start_matches('[')
                    .trim_end_matches(']')
                    .to_string()
            } else {
                inner
            };
            if optional {
                s.push_str(&format!(" [{}:{value}]", a.name));
            } else {
                s.push_str(&format!(" {}:{value}", a.name));
            }
        }
        s
    }
}

/// The message texts of a reply (with mentions of the pinged users): one, or several when
/// the text is longer than Discord's limit (see [`split_content`]).
pub(super) fn contents(r: &Reply) -> Vec<String> {
    let body = r.text.render(&DiscordSyntax);
    let mut text = String::new();
    for p in &r.pings {
        let m = format!("<@{p}>");
        if !body.contains(&m) {
            text.push_str(&m);
            text.push(' ');
        }
    }
    text.push_str(&body);
    split_content(&text, MAX_CONTENT)
}

/// Split `text` into pieces of at most `max` characters, at line boundaries; a line longer
/// than `max` is split between words, and only a word longer than `max` is cut inside
/// (never inside a `<…>` mention or timestamp that fits a message). Invariants: every piece
/// is at most `max` characters; the pieces hold the text's words in order, each word whole
/// unless longer than `max`; only blank lines at a cut are dropped. A text that fits is
/// returned as it is (one piece).
pub fn split_content(text: &str, max: usize) -> Vec<String> {
    let max = max.max(1);
    let len = |s: &str| s.chars().count();
    if len(text) <= max {
        return vec![text.to_string()];
    }
    let mut out: Vec<String> = Vec::new();
    let mut cur: Option<(String, usize)> = None;
    for line in text.split('\n') {
        let ll = len(line);
        if let Some((c, cl)) = &mut cur {
            if *cl + 1 + ll <= max {
                c.push('\n');
                c.push_str(line);
                *cl += 1 + ll;
                continue;
            }
        }
        if let Some((c, _)) = cur.take() {
            if !c.trim().is_empty() {
                out.push(c);
            }
        }
        if ll <= max {
            cur = Some((line.to_string(), ll));
        } else {
            words(line, max, &mut out);
        }
    }
    if let Some((c, _)) = cur {
        if !c.trim().is_empty() {
            out.push(c);
        }
    }
    if out.is_empty() {
        out.push(String::new());
    }
    out
}

/// Cut one over-long line into pieces between words (see [`split_content`]).
fn words(line: &str, max: usize, out: &mut Vec<String>) {
    let mut cur = String::new();
    let mut cur_len = 0;
    for w in line.split(' ') {
        let wl = w.chars().count();
        let sep = usize::from(cur_len > 0);
        if cur_len + sep + wl <= max {
            if sep == 1 {
                cur.push(' ');
            }
            cur.push_str(w);
            cur_len += sep + wl;
            continue;
        }
        if cur_len > 0 {
            out.push(std::mem::take(&mut cur));
        }
        if wl <= max {
            cur.push_str(w);
            cur_len = wl;
            continue;
        }
        // A single word longer than a message: cut it, but not inside a `<…>` tag.
        let chars: Vec<char> = w.chars().collect();
        let mut i = 0;
        while chars.len() - i > max {
            let mut end = i + max;
            let piece = &chars[i..end];
            if let Some(open) = piece.iter().rposition(|&c| c == '<') {
                if !piece[open..].contains(&'>') && open > 0 {
                    end = i + open;
                }
            }
            out.push(chars[i..end].iter().collect());
            i = end;
        }
        cur = chars[i..].iter().collect();
        cur_len = chars.len() - i;
    }
    if cur_len > 0 {
        out.push(cur);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Issue 11, point 8: no message over Discord's 2,000 characters; long texts are split
    // at line boundaries, never inside a mention or a word.
    #[test]
    fn long_text_is_split_at_lines_never_inside_a_mention_or_word() {
        let mut text = String::new();
        for i in 0..120 {
            text.push_str(&format!(
                "Line {i}: <@{}> moved to Kathmandu and everything was fine.\n",
                100_000_000_000_000_000u64 + i
            ));
        }
        let pieces = split_content(&text, MAX_CONTENT);
        assert!(pieces.len() >= 4, "{}", pieces.len());
        for p in &pieces {
            assert!(p.chars().count() <= MAX_CONTENT, "{}", p.chars().count());
            for line in p.lines() {
                assert!(
                    line.starts_with("Line ") && line.ends_with("fine."),
                    "cut inside a line: {line}"
                );
            }
        }
        assert_eq!(
            pieces.join("\n").trim_end(),
            text.trim_end(),
            "nothing lost"
        );
        // One line longer than a message: split between words; each mention whole.
        let long: String = (0..400)
            .map(|i| format!("<@{}>", 200_000_000_000_000_000u64 + i))
            .collect::<Vec<_>>()
            .join(" ");
        let pieces = split_content(&long, MAX_CONTENT);
        assert!(pieces.len() > 1);
        let mut words = Vec::new();
        for p in &pieces {
            assert!(p.chars().count() <= MAX_CONTENT);
            for w in p.split(' ') {
                assert!(w.starts_with("<@") && w.ends_with('>'), "cut mention {w}");
                words.push(w.to_string());
            }
        }
        assert_eq!(words.join(" "), long);
        // A word longer than a message is cut, but not inside a tag.
        let blob = format!("{}<@123456789012345678>", "x".repeat(1990));
        let pieces = split_content(&blob, MAX_CONTENT);
        assert_eq!(pieces.len(), 2);
        assert_eq!(pieces[1], "<@123456789012345678>");
        // Short texts are one message as they are; the reply path uses the splitter.
        assert_eq!(
            split_content("hi\n\nthere", MAX_CONTENT),
            vec!["hi\n\nthere"]
        );
        let r = Reply::public(text.clone());
        let c = contents(&r);
        assert!(c.len() >= 4 && c.iter().all(|p| p.chars().count() <= MAX_CONTENT));
    }

    // Issue 11, point 9: on Discord, replies name the slash commands: help headings,
    // `/undo answer:accept`, "`/move` with no steps lists your legal steps", the command
    // list of errors and the reminder errors.
    #[test]
    fn replies_name_slash_commands_on_discord() {
        use crate::chat::{ChatError, LineError, RemindError};
        let help = crate::chat::help::help("").unwrap().render(&DiscordSyntax);
        for want in [
            "**`/game`**",
            "**`/move`**",
            "`/undo answer:accept`",
            "`/move` with no steps lists your legal steps",
            "`/game join`",
        ] {
            assert!(help.contains(want), "{want} in {help}");
        }
        assert!(
            !help.contains("**game**") && !help.contains("`game join`"),
            "{help}"
        );
        let e = ChatError::from(LineError::UnknownCommand {
            word: "end".into(),
            line: "end".into(),
        })
        .text()
        .render(&DiscordSyntax);
        assert!(
            e.contains("`/game` (new, join") && e.contains("`/move steps:end`"),
            "{e}"
        );
        assert!(!e.contains("`game "), "{e}");
        let e = ChatError::from(RemindError::BadOnOff("dm"))
            .text()
            .render(&DiscordSyntax);
        assert!(e.contains("`/remind setting:dm value:on`"), "{e}");
        assert!(!e.contains("`remind "), "{e}");
    }

    #[test]
    fn discord_writes_mentions_timestamps_and_slash_commands() {
        use crate::chat::Text;
        let t = Text::new()
            .mention("11", "ann")
            .p(" joined; answer ")
            .cmd("undo", &["accept"])
            .p(", ")
            .cmd("game join", &[])
            .p(", ")
            .cmd("board", &["private"])
            .p(", ")
            .cmd("game history", &["[n]"])
            .p(", ")
            .cmd("move", &["grow Kathmandu; end"])
            .p(" before ")
            .time(1_700_000_000, TimeStyle::Relative);
        assert_eq!(
            t.render(&DiscordSyntax),
            "<@11> joined; answer `/undo answer:accept`, `/game join`, `/board private:True`, `/game history [n:…]`, `/move steps:grow Kathmandu; end` before <t:1700000000:R>"
        );
        assert_eq!(
            t.to_string(),
            "@ann joined; answer `undo accept`, `game join`, `board private`, `game history [n]`, `move grow Kathmandu; end` before 2023-11-14 22:13 UTC"
        );
        let help = Text::template(table::find_path("move").unwrap().help).render(&DiscordSyntax);
        assert!(
            help.contains("`/move` with no steps lists your legal steps"),
            "{help}"
        );
    }
}
