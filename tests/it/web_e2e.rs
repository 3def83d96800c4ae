//! The game pages end to end: a Himalaya game played by `sherpa local --web-url`, its
//! `game web` links followed into `sherpa web --db`, and the page driven in headless
//! Chromium (Debian's `chromium`; `.ci/run` installs it): screenshots at a phone's size
//! and a laptop's that are not blank, the scrubber walked over every turn by its links,
//! and the player's link showing their secret and the table's not.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

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

/// The game's steps: the first `n` of a random Himalaya playout for three.
fn steps(n: usize) -> Vec<(usize, String)> {
    let out = Command::new(BIN)
        .args([
            "playout",
            "himalaya",
            "--players",
            "3",
            "--seed",
            "4",
            "--json",
        ])
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

#[test]
fn web_e2e_links_from_game_web_open_a_page_chromium_can_walk() {
    let dir = tmp("web-e2e");
    let db = dir.join("t.db");
    let steps = steps(24);
    // First the server (its port is the links' address), then the game.
    let (server, addr) = start_web(&db, "http://placeholder");
    drop(server);
    let url = format!("http://{addr}");
    let mut script: String = steps
        .iter()
        .map(|(s, st)| format!("P{}: move {st}\n", s + 1))
        .collect();
    script.push_str("P1: game web\n");
    std::fs::write(dir.join("game.txt"), script).unwrap();
    let out = Command::new(BIN)
        .args([
            "local",
            "himalaya",
            "--players",
            "P1,P2,P3",
            "--seed",
            "4",
            "--json",
        ])
        .arg("--db")
        .arg(&db)
        .arg("--out")
        .arg(dir.join("out"))
        .arg("--script")
        .arg(dir.join("game.txt"))
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
    let (table, mine) = (&links[0], &links[1]);
    // The same address again: the links were signed by the database's secret.
    let listen = addr.clone();
    let mut child = Command::new(BIN)
        .args(["web", "--db"])
        .arg(&db)
        .args(["--listen", &listen])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let _server = Server(child);
    assert!(line.starts_with("listening on"), "{line}");

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
    let _ = std::fs::remove_dir_all(&dir);
}
