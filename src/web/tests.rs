//! Tests of the routes, the links and the pages' secrecy (non-interference over the HTML
//! and every picture a page links).

use super::probe::{get, played_game, Got};
use super::{html, Web};
use crate::chat::weblink::{WebLinks, TABLE};
use crate::chat::{Chat, Place, Request, User};
use crate::engine::{Holder, Viewer};
use crate::games::Registry;
use std::net::SocketAddr;
use std::sync::Arc;

const SECRET: &[u8] = b"a test secret of some length";

/// A server on a free port for `chat`, on its own runtime (kept alive by the handle).
fn serve(chat: Arc<Chat>, links: WebLinks) -> (tokio::runtime::Runtime, SocketAddr) {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let listener = rt
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .unwrap();
    let addr = listener.local_addr().unwrap();
    rt.spawn(super::serve(
        Web::new(chat, links),
        listener,
        std::future::pending(),
    ));
    (rt, addr)
}

fn links() -> WebLinks {
    WebLinks::new(SECRET, "http://pages.test", 3_600)
}

/// A link's path and query (without the public address).
fn path(l: &WebLinks, game: i64, viewer: &str, now: i64) -> String {
    l.link(game, viewer, now)
        .trim_start_matches("http://pages.test")
        .to_string()
}

fn names_nothing(g: &Got) {
    let body = g.text();
    for word in ["Himalaya", "ann", "bob", "cy", "#"] {
        assert!(!body.contains(word), "a refusal names `{word}`: {body}");
    }
    assert!(body.len() < 600, "a refusal is short: {body}");
}

#[test]
fn the_table_link_and_a_players_link_show_their_pages_and_pictures() {
    let (chat, id, users) = played_game("himalaya", 40, 3).unwrap();
    let now = chat.now();
    let (_rt, addr) = serve(chat.clone(), links());
    let table = get(addr, &path(&links(), id, TABLE, now)).unwrap();
    assert_eq!(table.status, 200, "{}", table.text());
    assert!(table
        .header("content-type")
        .unwrap()
        .starts_with("text/html"));
    assert_eq!(table.header("cache-control"), Some("private, no-store"));
    let body = table.text();
    assert!(body.contains(&format!("Himalaya #{id}")), "{body}");
    assert!(
        body.contains("id=\"turn-1\""),
        "every turn is listed: {body}"
    );
    assert!(!body.contains("Your private view"), "{body}");
    let mine = get(addr, &path(&links(), id, &users[0], now)).unwrap();
    assert_eq!(mine.status, 200);
    let body = mine.text();
    assert!(body.contains("Your private view, ann"), "{body}");
    // Every picture the page links answers with a PNG.
    let srcs: Vec<String> = body
        .split("src=\"")
        .skip(1)
        .map(|s| s.split('"').next().unwrap().replace("&amp;", "&"))
        .collect();
    assert!(srcs.len() >= 2, "{srcs:?}");
    for src in srcs {
        let png = get(addr, &format!("/game/{src}")).unwrap();
        assert_eq!(png.status, 200, "{src}");
        assert_eq!(png.header("content-type"), Some("image/png"));
        let img = image::load_from_memory(&png.body).unwrap();
        assert!(img.width() > 100 && img.height() > 100);
    }
}

#[test]
fn the_scrubber_walks_every_turn_and_refuses_one_past_the_last() {
    let (chat, id, _) = played_game("nepal", 60, 5).unwrap();
    let now = chat.now();
    let (_rt, addr) = serve(chat, links());
    let base = path(&links(), id, TABLE, now);
    let page = get(addr, &base).unwrap().text();
    let turns = page.matches("id=\"turn-").count();
    assert!(turns >= 3, "{page}");
    for t in 0..=turns {
        let g = get(addr, &format!("{base}&turn={t}")).unwrap();
        assert_eq!(g.status, 200, "turn {t}");
        let text = g.text();
        let label = if t == 0 {
            "Start".to_string()
        } else {
            format!("Turn {t} of {turns}")
        };
        assert!(text.contains(&label), "turn {t}: {label}");
        assert_eq!(text.contains("rel=\"prev\""), t > 0, "turn {t}");
        assert_eq!(text.contains("rel=\"next\""), t < turns, "turn {t}");
    }
    let past = get(addr, &format!("{base}&turn={}", turns + 1)).unwrap();
    assert_eq!(past.status, 404);
    names_nothing(&past);
}

#[test]
fn forged_altered_expired_and_revoked_links_are_refused_naming_nothing() {
    let (chat, id, users) = played_game("himalaya", 10, 3).unwrap();
    let now = chat.now();
    let (_rt, addr) = serve(chat, links());
    let good = path(&links(), id, &users[0], now);
    assert_eq!(get(addr, &good).unwrap().status, 200);
    let sig_at = good.find("sig=").unwrap() + 4;
    let mut flipped = good.clone().into_bytes();
    flipped[sig_at] = if flipped[sig_at] == b'0' { b'1' } else { b'0' };
    let forged = String::from_utf8(flipped).unwrap();
    let other_viewer = good.replace("u%3Aann", "u%3Abob");
    let other_game = good.replacen(&format!("/game/{id}?"), &format!("/game/{}?", id + 1), 1);
    let longer = good.replace(
        &format!("until={}", now + 3_600),
        &format!("until={}", now + 7_200),
    );
    let rotated = path(
        &WebLinks::new(b"another secret", "http://pages.test", 3_600),
        id,
        &users[0],
        now,
    );
    let expired = path(
        &WebLinks::new(SECRET, "http://pages.test", 60),
        id,
        &users[0],
        now - 61,
    );
    let no_query = format!("/game/{id}");
    for bad in [
        &forged,
        &other_viewer,
        &other_game,
        &longer,
        &rotated,
        &expired,
        &no_query,
    ] {
        assert_ne!(bad, &good);
        let g = get(addr, bad).unwrap();
        assert_eq!(g.status, 403, "{bad}: {}", g.text());
        names_nothing(&g);
        let png = get(addr, &bad.replacen('?', "/board.png?", 1)).unwrap();
        assert!(png.status == 403 || png.status == 404, "{bad}");
    }
    assert!(get(addr, &expired).unwrap().text().contains("expired"));
    for (p, code) in [
        ("/", 404),
        ("/game/x", 403),
        ("/nothing", 404),
        ("/health", 200),
    ] {
        let g = get(addr, p).unwrap();
        assert_eq!(g.status, code, "{p}");
    }
}

#[test]
fn there_is_no_write_endpoint() {
    let (chat, id, users) = played_game("nepal", 5, 3).unwrap();
    let now = chat.now();
    let (_rt, addr) = serve(chat.clone(), links());
    let good = path(&links(), id, &users[0], now);
    use std::io::{Read, Write};
    for method in ["POST", "PUT", "DELETE", "PATCH"] {
        let mut s = std::net::TcpStream::connect(addr).unwrap();
        write!(s, "{method} {good} HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nConnection: close\r\n\r\nhi").unwrap();
        let mut out = String::new();
        s.read_to_string(&mut out).unwrap();
        assert!(out.starts_with("HTTP/1.1 405"), "{method}: {out}");
    }
    assert_eq!(
        chat.web_version(id).unwrap().0,
        chat.web_history(id).unwrap().row.version
    );
}

fn request(user: &str, text: &str) -> Request {
    let place = Place {
        platform: "web".into(),
        guild: None,
        channel: "bench".into(),
    };
    let u = User {
        id: format!("u:{user}"),
        name: user.into(),
        is_channel_admin: false,
    };
    Request::new(place, u, text)
}

#[test]
fn game_web_answers_privately_with_the_tables_link_and_the_players_own() {
    let (chat, id, _) = played_game("nepal", 5, 3).unwrap();
    let off = chat.handle(&request("ann", "game web"));
    assert!(
        off[0].is_error && off[0].text.to_string().contains("[web] public_url"),
        "{}",
        off[0].text
    );
    let mut chat = Arc::try_unwrap(chat).ok().unwrap();
    chat.set_web_links(links());
    let chat = Arc::new(chat);
    let (_rt, addr) = serve(chat.clone(), links());
    let r = chat.handle(&request("ann", "game web"));
    assert_eq!(r.len(), 1);
    assert!(!r[0].is_error, "{}", r[0].text);
    assert_eq!(
        r[0].visibility,
        crate::chat::Visibility::Private("u:ann".into())
    );
    let text = r[0].text.to_string();
    let urls: Vec<&str> = text
        .split_whitespace()
        .filter(|w| w.starts_with("http://pages.test/"))
        .collect();
    assert_eq!(urls.len(), 2, "{text}");
    assert!(
        urls[0].contains("as=*") || urls[0].contains("as=%2A"),
        "{text}"
    );
    let own = get(addr, urls[1].trim_start_matches("http://pages.test")).unwrap();
    assert!(own.text().contains("Your private view, ann"));
    let table = get(addr, urls[0].trim_start_matches("http://pages.test")).unwrap();
    assert_eq!(table.status, 200);
    assert!(table.text().contains(&format!("#{id}")));
    // Someone not seated gets the table's link only.
    let r = chat.handle(&request("zed", "game web"));
    let text = r[0].text.to_string();
    assert_eq!(text.matches("http://pages.test/").count(), 1, "{text}");
}

/// Everything one viewer gets from a game's pages: the page now and at each checked turn,
/// the picture now as the viewer sees it, and the public pictures of the checked turns.
fn page_bytes(h: &crate::chat::webpage::History, viewer: Viewer, turns: &[usize]) -> Vec<Vec<u8>> {
    let p = h.page("Game", viewer, vec![]);
    let mut out = vec![format!("{p:?}").into_bytes()];
    out.push(html::page(&p, "as=x", None, 0).into_bytes());
    for &t in turns {
        out.push(html::page(&p, "as=x", Some(t), 0).into_bytes());
        out.push(h.picture(Some(t), viewer).unwrap());
    }
    out.push(h.picture(None, viewer).unwrap());
    out
}

/// Non-interference (ARCHITECTURE.md invariant 7) over the web pages: for every game,
/// scrambling one holder's hidden information leaves every other viewer's pages and the
/// pictures they link byte-identical. The holder's own pages must change somewhere, or
/// the check would prove nothing.
#[test]
fn scrambling_one_seats_secrets_changes_no_other_viewers_web_pages() {
    let mut holders_changed = 0;
    for kind in Registry::builtin().all() {
        let (chat, id, users) = played_game(kind.id(), 50, 11).unwrap();
        let h = chat.web_history(id).unwrap();
        let n = h.positions();
        let turns: Vec<usize> = [0, n / 2, n - 1].into_iter().collect();
        let viewers: Vec<Viewer> = std::iter::once(Viewer::Spectator)
            .chain((0..users.len()).map(Viewer::Seat))
            .collect();
        let base: Vec<_> = viewers.iter().map(|&v| page_bytes(&h, v, &turns)).collect();
        let holders = (0..users.len()).map(Holder::Seat).chain([Holder::Nobody]);
        for (k, holder) in holders.enumerate() {
            let h2 = h.scrambled(holder, 1_000 + k as u64);
            for (v, mine) in viewers.iter().zip(&base) {
                let other = page_bytes(&h2, *v, &turns);
                if holder.seen_by(*v) {
                    holders_changed += (other != *mine) as usize;
                    continue;
                }
                for (i, (a, b)) in mine.iter().zip(&other).enumerate() {
                    assert!(
                        a == b,
                        "{}: payload {i} for {v:?} changed when {holder:?}'s secrets were scrambled",
                        kind.id()
                    );
                }
            }
        }
    }
    assert!(
        holders_changed > 0,
        "no scramble changed its holder's own pages"
    );
}
