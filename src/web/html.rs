//! The pages' HTML (maud: every text escaped unless marked), CSS and the scrubber's few
//! lines of plain JavaScript. Pages work without JavaScript: the scrubber's buttons are
//! links (`?turn=N`); the script only adds the arrow keys.

use crate::chat::text::format_local;
use crate::chat::webpage::GamePage;
use maud::{html, Markup, PreEscaped, DOCTYPE};

const CSS: &str = r#"
body{font-family:system-ui,sans-serif;margin:0;padding:0 .8rem 2rem;max-width:72rem;margin:auto;color:#222;background:#fafaf7;line-height:1.4}
h1{font-size:1.4rem;margin:.8rem 0 .2rem}h2{font-size:1.1rem;margin:1.2rem 0 .4rem}
.status{margin:.2rem 0}.since{color:#666}
nav.scrub{display:flex;flex-wrap:wrap;gap:.4rem;align-items:center;margin:.6rem 0}
nav.scrub a,nav.scrub span.off{padding:.45rem .8rem;border:1px solid #888;border-radius:.4rem;text-decoration:none;color:#113;background:#fff;min-width:2.5rem;text-align:center}
nav.scrub span.off{color:#bbb;border-color:#ddd}nav.scrub .at{font-weight:bold;padding:0 .4rem}
.zoom{overflow:auto;touch-action:pan-x pan-y pinch-zoom;border:1px solid #ccc;background:#fff;max-height:85vh;-webkit-overflow-scrolling:touch}
.zoom img{display:block;width:100%;height:auto;max-width:none}
.zoom.full img{width:auto}
pre{white-space:pre-wrap;background:#fff;border:1px solid #ddd;padding:.6rem;font-size:.9rem}
ol.turns{padding-left:1.6rem}ol.turns li{margin:.3rem 0}
li.since-yours{background:#fff6d5}li.shown{outline:2px solid #36c}
.mark{font-size:.8rem;color:#8a5a00;font-weight:bold}
.private{border-left:4px solid #36c;padding-left:.6rem}
"#;

/// Arrow keys (and Home/End) follow the scrubber's links; a tap on the board switches
/// between fitting the width and full size (then pan it, or pinch).
const JS: &str = r#"
document.addEventListener('keydown',function(e){
 if(e.altKey||e.ctrlKey||e.metaKey)return;
 var rel={ArrowLeft:'prev',ArrowRight:'next',Home:'first',End:'last'}[e.key];
 if(!rel)return;var a=document.querySelector('nav.scrub a[rel="'+rel+'"]');
 if(a){e.preventDefault();location.href=a.href;}
});
document.querySelectorAll('.zoom').forEach(function(z){z.addEventListener('click',function(){z.classList.toggle('full');});});
"#;

/// `**bold**` and `` `code` `` of the chat's plain text, on text escaped first.
fn rich(text: &str) -> Markup {
    let escaped = maud::html! { (text) }.into_string();
    let mut out = String::with_capacity(escaped.len());
    let mut bold = false;
    let mut code = false;
    let mut rest = escaped.as_str();
    while let Some(c) = rest.chars().next() {
        if rest.starts_with("**") && !code {
            out.push_str(if bold { "</b>" } else { "<b>" });
            bold = !bold;
            rest = &rest[2..];
        } else if c == '`' {
            out.push_str(if code { "</code>" } else { "<code>" });
            code = !code;
            rest = &rest[1..];
        } else {
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    if code {
        out.push_str("</code>");
    }
    if bold {
        out.push_str("</b>");
    }
    PreEscaped(out)
}

fn lines(text: &str) -> Markup {
    html! { @for l in text.lines() { (rich(l)) br; } }
}

/// The short page of a refused request: it names no game and no player.
pub fn refusal(words: &str) -> String {
    html! {
        (DOCTYPE)
        html lang="en" { head { meta charset="utf-8"; meta name="viewport" content="width=device-width,initial-scale=1"; title { "Sherpa" } }
        body { p { (words) } } }
    }
    .into_string()
}

/// A game's page. `query` is the link's signed query (every link on the page carries it);
/// `turn` the position shown (None: now).
pub fn page(p: &GamePage, query: &str, turn: Option<usize>, now: i64) -> String {
    let last = p.turns.len();
    let href = |t: Option<usize>| match t {
        Some(t) => format!("?{query}&turn={t}"),
        None => format!("?{query}"),
    };
    let img = |t: Option<usize>| match t {
        Some(t) => format!("{}/board.png?{query}&turn={t}", p.game_id),
        None => format!("{}/board.png?{query}", p.game_id),
    };
    let at = turn.unwrap_or(last);
    let shown = turn.map(|t| p.turns.get(t.wrapping_sub(1)));
    html! {
        (DOCTYPE)
        html lang="en" {
        head {
            meta charset="utf-8";
            meta name="viewport" content="width=device-width,initial-scale=1";
            meta name="referrer" content="no-referrer";
            title { (p.game_name) " #" (p.game_id) " · Sherpa" }
            style { (PreEscaped(CSS)) }
        }
        body {
            h1 { (p.game_name) " #" (p.game_id) }
            p.status { (p.status) " " span.since { "Since " (format_local(p.since, 0)) "." } }
            @if let Some(s) = &p.standings { h2 { "Final standings" } pre.standings { (s) } }
            nav.scrub aria-label="turns" {
                (step(at > 0, &href(Some(0)), "first", "« First"))
                (step(at > 0, &href(Some(at.saturating_sub(1))), "prev", "◀ Prev"))
                span.at { @if at == 0 { "Start" } @else { "Turn " (at) " of " (last) } }
                (step(at < last, &href(Some(at + 1)), "next", "Next ▶"))
                (step(turn.is_some(), &href(None), "last", "Now »"))
            }
            div.zoom { img #board src=(img(turn)) alt=(format!("The board {}", match turn { Some(0) => "at the start".to_string(), Some(t) => format!("after turn {t}"), None => "now".to_string() })); }
            @match shown {
                Some(Some(t)) => { h2 { "Turn " (t.n) } p.since { (format_local(t.at, 0)) } p.turn { @for l in &t.lines { (rich(l)) br; } } }
                Some(None) => { p { "The start of the game." } }
                None => {
                    @if !p.now.is_empty() { h2 { "This turn so far" } p { @for l in &p.now { (rich(l)) br; } } }
                    h2 { "The board" } p.board { (lines(&p.board)) }
                }
            }
            @if let Some(me) = &p.private {
                section.private {
                    h2 { "Your private view, " (me.name) }
                    p.board { (lines(&me.board)) }
                    div.zoom { img src=(img(None)) alt="Your board now"; }
                    @if !me.news.is_empty() {
                        h3 { "Your latest private news (oldest first)" }
                        ul { @for n in &me.news { li { (lines(n)) } } }
                    }
                }
            }
            h2 { "History" }
            @if p.turns.is_empty() { p { "No turn has ended yet." } }
            ol.turns {
                @for t in &p.turns {
                    li id=(format!("turn-{}", t.n)) class=(turn_class(t.since_yours, turn == Some(t.n))) {
                        a href=(href(Some(t.n))) { "Turn " (t.n) } " "
                        @if t.since_yours { span.mark { "since your last turn " } }
                        @for l in &t.lines { (rich(l)) br; }
                    }
                }
            }
            p.since { "Made " (format_local(now, 0)) ". Sherpa." }
            script { (PreEscaped(JS)) }
        }
        }
    }
    .into_string()
}

fn turn_class(since_yours: bool, shown: bool) -> &'static str {
    match (since_yours, shown) {
        (true, true) => "since-yours shown",
        (true, false) => "since-yours",
        (false, true) => "shown",
        (false, false) => "",
    }
}

/// A scrubber button: a link when it leads somewhere, else a greyed label.
fn step(on: bool, href: &str, rel: &str, label: &str) -> Markup {
    html! {
        @if on { a href=(href) rel=(rel) { (label) } } @else { span.off { (label) } }
    }
}
