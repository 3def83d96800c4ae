//! Probing the pages from outside, as a browser would: one small HTTP/1.1 client ([`get`])
//! and a game played through the chat to show ([`played_game`]). The web tests and
//! `sherpa bench --web` (in the binary) use them; the server never does.

use crate::chat::{Chat, Env, Place, Request, User};
use crate::games::Registry;
use crate::store::Store;
use std::io::{Read, Write};
use std::sync::Arc;

/// A response: status, headers (lowercase names) and body.
pub struct Got {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Got {
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// `GET path` on `addr` (one request, `Connection: close`).
pub fn get(addr: std::net::SocketAddr, path: &str) -> std::io::Result<Got> {
    let mut s = std::net::TcpStream::connect(addr)?;
    s.set_read_timeout(Some(std::time::Duration::from_secs(30)))?;
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )?;
    let mut raw = Vec::new();
    s.read_to_end(&mut raw)?;
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .ok_or_else(|| std::io::Error::other("no end of head"))?;
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|c| c.parse().ok())
        .ok_or_else(|| std::io::Error::other("no status"))?;
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_lowercase(), v.trim().to_string()))
        .collect();
    let mut body = raw[split + 4..].to_vec();
    if headers_chunked(&head) {
        body = unchunk(&body);
    }
    Ok(Got {
        status,
        headers,
        body,
    })
}

fn headers_chunked(head: &str) -> bool {
    head.to_lowercase().contains("transfer-encoding: chunked")
}

fn unchunk(mut b: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(end) = b.windows(2).position(|w| w == b"\r\n") {
        let n = usize::from_str_radix(String::from_utf8_lossy(&b[..end]).trim(), 16).unwrap_or(0);
        if n == 0 || end + 2 + n > b.len() {
            break;
        }
        out.extend_from_slice(&b[end + 2..end + 2 + n]);
        b = &b[(end + 4 + n).min(b.len())..];
    }
    out
}

/// A chat with one game of `game` for three players (or the fewest it takes above three,
/// or two), `moves` random legal steps played (from `seed`) or fewer if it ends; returns the chat,
/// the game's id and the players' user ids (`u:ann`, `u:bob`, …).
pub fn played_game(
    game: &str,
    moves: usize,
    seed: u64,
) -> anyhow::Result<(Arc<Chat>, i64, Vec<String>)> {
    let chat = Chat::new(
        Store::open_in_memory()?,
        Registry::builtin(),
        Env::fixed(1_000, seed),
    );
    let place = Place {
        platform: "web".into(),
        guild: None,
        channel: "bench".into(),
    };
    let kind = chat.find_game(game).map_err(|e| anyhow::anyhow!("{e}"))?;
    let players = &["ann", "bob", "cy", "dee", "eve", "fay"]
        [..kind.min_players().max(3).min(kind.max_players())];
    let say = |who: &str, text: &str| {
        let user = User {
            id: format!("u:{who}"),
            name: who.into(),
            is_channel_admin: false,
        };
        chat.handle(&Request::new(place.clone(), user, text))
    };
    say("ann", &format!("game new {}", kind.id()));
    for p in &players[1..] {
        say(p, "game join");
    }
    say("ann", "game start");
    let mut rng = crate::engine::GameRng::new(seed);
    for _ in 0..moves {
        let Ok(l) = chat.load_active(&place) else {
            break;
        };
        let Some(g) = l.game else { break };
        let acting = g.status().acting().to_vec();
        if acting.is_empty() {
            break;
        }
        let seat = acting[rng.below(acting.len())];
        let legal = crate::chat::filter::legal_list(&*g, seat);
        let step = &legal[rng.below(legal.len())].notation;
        let r = say(players[seat], &format!("move {step}"));
        anyhow::ensure!(!r.iter().any(|r| r.is_error), "`{step}`: {}", r[0].text);
    }
    let id = chat
        .load_active_or_finished(&place)
        .map_err(|e| anyhow::anyhow!("{e}"))?
        .row
        .id;
    Ok((
        Arc::new(chat),
        id,
        players.iter().map(|p| format!("u:{p}")).collect(),
    ))
}
