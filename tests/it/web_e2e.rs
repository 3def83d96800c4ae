//! The game pages end to end: a Himalaya game played by `sherpa local --web-url`, its
//! `game web` links followed into `sherpa web --db`, and the page driven in headless
//! Chromium (Debian's `chromium`; `.ci/run` installs it): screenshots at a phone's size
//! and a laptop's that are not blank, the scrubber walked over every turn by its links,
//! and the player's link showing their secret and the table's not. The arrow keys are
//! pressed through the DevTools protocol (the command line cannot send keys) on the
//! Himalaya page and on a Nepal and a Nanga Parbat game's pages.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use tokio_tungstenite::tungstenite::{self, Message};

const BIN: &str = env!("CARGO_BIN_EXE_sherpa");

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("sherpa-it-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn chromium() -> &'static str {
    for c in ["/usr/bin/chromium", "/usr/bin/chromium-browser"] {
        if Path::new(c).exists() {
            return c;
        }
    }
    panic!("web_e2e needs Chromium (Debian: apt-get install chromium; .ci/run installs it)");
}

/// Headless Chromium on `url` with `args` (a fresh profile in `dir`); its standard output.
fn browse(dir: &Path, size: (u32, u32), args: &[&str], url: &str) -> String {
    let profile = dir.join(format!("profile-{}", rand_suffix()));
    let out = Command::new(chromium())
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--no-first-run",
            "--disable-dev-shm-usage",
            &format!("--user-data-dir={}", profile.display()),
            &format!("--window-size={},{}", size.0, size.1),
            "--virtual-time-budget=3000",
        ])
        .args(args)
        .arg(url)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "chromium failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn rand_suffix() -> u128 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos()
}

/// A server process stopped when dropped.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `sherpa web --db DB --listen 127.0.0.1:0`: the server and its address.
fn start_web(db: &Path, public_url: &str) -> (Server, String) {
    let mut child = Command::new(BIN)
        .args(["web", "--db"])
        .arg(db)
        .args(["--listen", "127.0.0.1:0", "--public-url", public_url])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .trim()
        .strip_prefix("listening on ")
        .unwrap_or_else(|| panic!("unexpected first line: {line}"))
        .to_string();
    (Server(child), addr)
}

/// The game's steps: the first `n` of a random playout of `game` for `players`.
fn steps(game: &str, players: usize, n: usize) -> Vec<(usize, String)> {
    let out = Command::new(BIN)
        .args(["playout", game, "--players", &players.to_string()])
        .args(["--seed", "4", "--json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    v["steps"]
        .as_array()
        .unwrap()
        .iter()
        .take(n)
        .map(|s| {
            (
                s["seat"].as_u64().unwrap() as usize,
                s["step"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// A PNG that is not blank: many pixels differ from the first.
fn not_blank(file: &Path) {
    let img = image::open(file).unwrap().to_rgba8();
    let first = *img.get_pixel(0, 0);
    let differ = img.pixels().filter(|p| **p != first).count();
    assert!(
        differ * 20 > (img.width() * img.height()) as usize,
        "{}: only {differ} pixels differ from the background",
        file.display()
    );
}

/// The hrefs of the scrubber's link `rel` in a dumped DOM.
fn rel_link(dom: &str, rel: &str) -> Option<String> {
    let at = dom.find(&format!("rel=\"{rel}\""))?;
    let start = dom[..at].rfind("href=\"")? + 6;
    let end = start + dom[start..].find('"')?;
    Some(dom[start..end].replace("&amp;", "&"))
}

/// The text of the private section's board description.
fn private_lines(dom: &str) -> Vec<String> {
    let Some(at) = dom.find("class=\"private\"") else {
        return vec![];
    };
    let part = &dom[at..];
    let start = part.find("<p class=\"board\">").unwrap() + 17;
    let end = start + part[start..].find("</p>").unwrap();
    part[start..end]
        .split("<br>")
        .map(|l| l.trim().to_string())
        .filter(|l| !l.is_empty())
        .collect()
}

/// A game served: the server, its address and the two links of `game web`.
struct Served {
    _server: Server,
    url: String,
    table: String,
    mine: String,
}

/// The first `n` steps of a playout of `game` for `players` played by `sherpa local` on a
/// database in `dir`, then `game web`, and `sherpa web` serving that database at the
/// address the links name.
fn play_and_serve(dir: &Path, game: &str, players: usize, n: usize) -> Served {
    let db = dir.join(format!("{game}.db"));
    let steps = steps(game, players, n);
    // First the server (its port is the links' address), then the game.
    let (server, addr) = start_web(&db, "http://placeholder");
    drop(server);
    let url = format!("http://{addr}");
    let mut script: String = steps
        .iter()
        .map(|(s, st)| format!("P{}: move {st}\n", s + 1))
        .collect();
    script.push_str("P1: game web\n");
    let script_file = dir.join(format!("{game}.txt"));
    std::fs::write(&script_file, script).unwrap();
    let names: Vec<String> = (1..=players).map(|p| format!("P{p}")).collect();
    let out = Command::new(BIN)
        .args(["local", game, "--players", &names.join(",")])
        .args(["--seed", "4", "--json"])
        .arg("--db")
        .arg(&db)
        .arg("--out")
        .arg(dir.join(format!("{game}-out")))
        .arg("--script")
        .arg(&script_file)
        .args(["--web-url", &url])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let links: Vec<String> = stdout
        .split(|c: char| c.is_whitespace() || c == '"' || c == '\\')
        .filter(|w| w.starts_with(&url))
        .map(str::to_string)
        .collect();
    assert_eq!(links.len(), 2, "game web gives two links: {stdout}");
    // The same address again: the links were signed by the database's secret.
    let mut child = Command::new(BIN)
        .args(["web", "--db"])
        .arg(&db)
        .args(["--listen", &addr])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let server = Server(child);
    assert!(line.starts_with("listening on"), "{line}");
    Served {
        _server: server,
        url,
        table: links[0].clone(),
        mine: links[1].clone(),
    }
}

/// Headless Chromium driven over the DevTools protocol: it presses keys, which the
/// command line's `--dump-dom` and `--screenshot` cannot.
struct Browser {
    _chromium: Server,
    ws: tungstenite::WebSocket<tungstenite::stream::MaybeTlsStream<std::net::TcpStream>>,
    session: Option<String>,
    calls: u64,
}

impl Browser {
    /// Chromium at a phone's size showing `url`, its page attached.
    fn open(dir: &Path, url: &str) -> Browser {
        let profile = dir.join(format!("profile-{}", rand_suffix()));
        let mut child = Command::new(chromium())
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
            ])
            .args(["--disable-dev-shm-usage", "--remote-debugging-port=0"])
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg("--window-size=412,892")
            .arg(url)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
        let ws_url = lines
            .by_ref()
            .map_while(Result::ok)
            .find_map(|l| l.strip_prefix("DevTools listening on ").map(str::to_string))
            .expect("chromium names its DevTools address");
        // Chromium goes on writing to its standard error: keep the pipe drained.
        std::thread::spawn(move || lines.for_each(drop));
        let (ws, _) = tungstenite::connect(ws_url.trim()).unwrap();
        let mut b = Browser {
            _chromium: Server(child),
            ws,
            session: None,
            calls: 0,
        };
        let targets = b.call("Target.getTargets", json!({}));
        let page = targets["targetInfos"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["type"] == "page")
            .expect("a page")["targetId"]
            .clone();
        let attached = b.call(
            "Target.attachToTarget",
            json!({"targetId": page, "flatten": true}),
        );
        b.session = attached["sessionId"].as_str().map(str::to_string);
        b.call(
            "Emulation.setFocusEmulationEnabled",
            json!({"enabled": true}),
        );
        b
    }

    /// One DevTools command and its result.
    fn call(&mut self, method: &str, params: Value) -> Value {
        let v = self.answer(method, params);
        assert!(v.get("error").is_none(), "{method}: {v}");
        v["result"].clone()
    }

    /// One DevTools command and its whole answer (a result or an error).
    fn answer(&mut self, method: &str, params: Value) -> Value {
        self.calls += 1;
        let id = self.calls;
        let mut msg = json!({"id": id, "method": method, "params": params});
        if let Some(s) = &self.session {
            msg["sessionId"] = json!(s);
        }
        self.ws.send(Message::Text(msg.to_string())).unwrap();
        loop {
            if let Message::Text(t) = self.ws.read().unwrap() {
                let v: Value = serde_json::from_str(&t).unwrap();
                if v["id"] == id {
                    return v;
                }
            }
        }
    }

    /// The value of `js` in the page (null while a page is replaced by the next).
    fn eval(&mut self, js: &str) -> Value {
        let r = self.answer(
            "Runtime.evaluate",
            json!({"expression": js, "returnByValue": true}),
        );
        r["result"]["result"]["value"].clone()
    }

    /// The scrubber's label ("Start", "Turn 3 of 9") once the page at an address other
    /// than `old` has loaded; its address and label.
    fn loaded_after(&mut self, old: &str) -> (String, String) {
        let until = std::time::Instant::now() + std::time::Duration::from_secs(20);
        loop {
            let v = self.eval(
                "document.readyState == 'complete' && document.querySelector('nav.scrub .at') ? [location.href, document.querySelector('nav.scrub .at').innerText] : null",
            );
            if let (Some(href), Some(label)) = (v[0].as_str(), v[1].as_str()) {
                if href != old {
                    return (href.to_string(), label.trim().to_string());
                }
            }
            assert!(std::time::Instant::now() < until, "no new page after {old}");
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    }

    /// Press and release `key` (a DOM key name with its Windows key code).
    fn press(&mut self, (key, code): (&str, u32)) {
        for kind in ["keyDown", "keyUp"] {
            self.call(
                "Input.dispatchKeyEvent",
                json!({"type": kind, "key": key, "code": key,
                       "windowsVirtualKeyCode": code, "nativeVirtualKeyCode": code}),
            );
        }
    }
}

const HOME: (&str, u32) = ("Home", 36);
const LEFT: (&str, u32) = ("ArrowLeft", 37);
const RIGHT: (&str, u32) = ("ArrowRight", 39);

/// On the page at `link` (a game with at least `walk` turns): Home goes to the start,
/// → steps forward turn by turn `walk` times, ← steps back one; each press loads the
/// page of that turn (its address and its label say so).
fn walk_with_the_arrow_keys(dir: &Path, link: &str, walk: usize) {
    let mut b = Browser::open(dir, link);
    let (mut at, _) = b.loaded_after("");
    let mut turns = None;
    let mut go = |b: &mut Browser, key, turn: usize| {
        b.press(key);
        let (href, label) = b.loaded_after(&at);
        assert!(
            href.ends_with(&format!("&turn={turn}")),
            "{key:?} led to {href}"
        );
        match turn {
            0 => assert_eq!(label, "Start"),
            t => {
                let n = label
                    .strip_prefix(&format!("Turn {t} of "))
                    .unwrap_or_else(|| panic!("{label} at turn {t}"));
                let n: usize = n.parse().unwrap();
                assert!(*turns.get_or_insert(n) == n && n >= walk, "{label}");
            }
        }
        at = href;
    };
    go(&mut b, HOME, 0);
    for t in 1..=walk {
        go(&mut b, RIGHT, t);
    }
    go(&mut b, LEFT, walk - 1);
}

#[test]
fn web_e2e_the_arrow_keys_walk_a_nepal_and_a_nanga_parbat_game() {
    let dir = tmp("web-e2e-keys");
    for (game, players, steps) in [("nepal", 3, 30), ("nanga-parbat", 2, 16)] {
        let served = play_and_serve(&dir, game, players, steps);
        // The table's page has a board picture that is not blank, and the player's page
        // walks with the arrow keys.
        let shot = dir.join(format!("{game}.png"));
        browse(
            &dir,
            (412, 892),
            &[&format!("--screenshot={}", shot.display())],
            &served.table,
        );
        not_blank(&shot);
        walk_with_the_arrow_keys(&dir, &served.mine, 3);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn web_e2e_links_from_game_web_open_a_page_chromium_can_walk() {
    let dir = tmp("web-e2e");
    let served = play_and_serve(&dir, "himalaya", 3, 24);
    let (url, table, mine) = (&served.url, &served.table, &served.mine);

    // Screenshots at a phone's size and a laptop's.
    for (name, size) in [("phone", (412, 892)), ("laptop", (1280, 800))] {
        let shot = dir.join(format!("{name}.png"));
        browse(
            &dir,
            size,
            &[&format!("--screenshot={}", shot.display())],
            table,
        );
        not_blank(&shot);
    }
    // The player's link shows their secret; the table's does not.
    let table_dom = browse(&dir, (1280, 800), &["--dump-dom"], table);
    let mine_dom = browse(&dir, (1280, 800), &["--dump-dom"], mine);
    let private = private_lines(&mine_dom);
    let public_board = table_dom.clone();
    let secret: Vec<&String> = private
        .iter()
        .filter(|l| !public_board.contains(l.as_str()))
        .collect();
    assert!(
        !secret.is_empty(),
        "the player's view holds something the table's does not: {private:?}"
    );
    assert!(private_lines(&table_dom).is_empty());
    // The scrubber: from the start, `next` walks every turn to the last.
    let turns = table_dom.matches("id=\"turn-").count();
    assert!(turns >= 2, "{table_dom}");
    let first = rel_link(&table_dom, "first").expect("a link to the start");
    let mut at = format!("{url}/game/{first}");
    if first.starts_with('?') {
        at = format!("{}{first}", table.split('?').next().unwrap());
    }
    let mut seen = 0;
    loop {
        let dom = browse(&dir, (412, 892), &["--dump-dom"], &at);
        let label = if seen == 0 {
            "Start".to_string()
        } else {
            format!("Turn {seen} of {turns}")
        };
        assert!(dom.contains(&label), "{label} at {at}");
        assert!(dom.contains("id=\"board\""), "a board at {at}");
        match rel_link(&dom, "next") {
            Some(next) => {
                at = format!("{}{next}", table.split('?').next().unwrap());
                seen += 1;
            }
            None => break,
        }
    }
    assert_eq!(seen, turns, "the scrubber walked every turn");
    walk_with_the_arrow_keys(&dir, table, turns.min(4));
    let _ = std::fs::remove_dir_all(&dir);
}
