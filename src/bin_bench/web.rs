//! `sherpa bench --web`: how fast a game's page answers from a warm cache, over HTTP on
//! this machine (a Nepal game of `turns` turns, its page and pictures asked once to warm
//! the caches, then `samples` page requests by the table's and a player's links, each
//! turn's page in turn).

use serde::Serialize;
use sherpa::chat::weblink::{WebLinks, TABLE};
use sherpa::web::probe::{get, played_game};
use sherpa::web::Web;
use std::time::Instant;

/// What `sherpa bench --web` reports (milliseconds).
#[derive(Debug, Serialize)]
pub struct WebBench {
    pub game: String,
    pub turns: usize,
    pub samples: usize,
    pub cold_page_ms: f64,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
}

/// Measure (see the module doc).
pub fn web_page(moves: usize, samples: usize) -> anyhow::Result<WebBench> {
    let (chat, id, users) = played_game("nepal", moves, 7)?;
    let links = WebLinks::new(b"bench secret", "http://127.0.0.1", 3_600);
    let web = Web::new(chat.clone(), links.clone());
    let rt = tokio::runtime::Runtime::new()?;
    let listener = rt.block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))?;
    let addr = listener.local_addr()?;
    rt.spawn(sherpa::web::serve(web, listener, std::future::pending()));
    let path = |viewer: &str| {
        let url = links.link(id, viewer, chat.now());
        url.trim_start_matches("http://127.0.0.1").to_string()
    };
    let table = path(TABLE);
    let mine = path(&users[0]);
    let t = Instant::now();
    let first = get(addr, &table)?;
    let cold_page_ms = t.elapsed().as_secs_f64() * 1e3;
    anyhow::ensure!(first.status == 200, "the page answered {}", first.status);
    let n = first.text().matches("id=\"turn-").count();
    // Warm: every page and picture once.
    let urls: Vec<String> = (0..=n)
        .flat_map(|t| [format!("{table}&turn={t}"), format!("{mine}&turn={t}")])
        .collect();
    for u in &urls {
        get(addr, u)?;
        get(addr, &u.replacen('?', "/board.png?", 1))?;
    }
    let mut ms = Vec::with_capacity(samples);
    for i in 0..samples {
        let t = Instant::now();
        let g = get(addr, &urls[i % urls.len()])?;
        ms.push(t.elapsed().as_secs_f64() * 1e3);
        anyhow::ensure!(g.status == 200, "a page answered {}", g.status);
    }
    ms.sort_by(f64::total_cmp);
    let at = |q: f64| ms[((ms.len() as f64 * q) as usize).min(ms.len() - 1)];
    Ok(WebBench {
        game: "nepal".into(),
        turns: n,
        samples,
        cold_page_ms,
        p50_ms: at(0.5),
        p99_ms: at(0.99),
        max_ms: ms.last().copied().unwrap_or(0.0),
    })
}
