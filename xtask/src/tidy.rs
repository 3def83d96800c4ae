//! `cargo xtask tidy`: the code-shape checks `.ci/run` runs (rust-analyzer's tidy tests).
//!
//! It reads `src/` as text, builds the module tree from the file names and `mod`
//! declarations, and fails on:
//! - an import circle between files: a file imports another when its `use` declarations
//!   or the `crate::`/`super::`/`self::` paths in its code name that file (the longest
//!   module path they name), and the file that defines a name it re-exports (`pub use`,
//!   followed to the end; the facades between are not imported). A `pub use` is a re-export, not a dependency of the file's own
//!   code; a glob import counts the names the file uses. Edges between a module and its
//!   own ancestors are how Rust nests modules and do not count;
//! - an import that runs up the layers of ARCHITECTURE.md ([`LAYERS`]), or inside `chat`
//!   up the layers its `mod.rs` lists ([`CHAT_LAYERS`]);
//! - SQL outside `src/store`, serenity or poise outside `src/discord`;
//! - a module without its `//!` doc;
//! - a function over [`MAX_FUNCTION_LINES`] lines outside tests;
//! - a file over [`MAX_FILE_LINES`] lines outside tests.
//!
//! Test code (files a parent declares under `#[cfg(test)]`, and `#[cfg(test)]` items) is
//! left out of every check but the module doc.

use std::collections::{BTreeMap, BTreeSet};

/// The longest function allowed outside tests, in lines from `fn` to its closing brace.
pub const MAX_FUNCTION_LINES: usize = 80;

/// The longest file allowed, in lines up to its last line of code outside tests (a test
/// module at its end does not count).
pub const MAX_FILE_LINES: usize = 1_200;

/// The layers of ARCHITECTURE.md, lowest first: a module may import its own layer and the
/// layers below it, never one above. Top-level modules not listed are in no layer.
pub const LAYERS: &[&[&str]] = &[
    &["engine", "render"],
    &["games", "ai", "store", "ratings", "reminders", "config"],
    &["chat"],
    &["metrics"],
    &["discord", "local", "web", "fuzzing"],
];

/// The layers of `src/chat/mod.rs`, lowest first (its layers 1–5, the fourth in the three
/// steps it names: topics, then the commit, then the topics that commit): a chat module
/// may import its own layer and those below. Chat modules not listed are in no layer.
pub const CHAT_LAYERS: &[&[&str]] = &[
    &[
        "menus", "ai_seat", "text", "types", "steplist", "table", "weblink",
    ],
    &["hooks", "error", "filter"],
    &["core"],
    &[
        "outbox", "due", "games", "lookup", "help", "stats", "replay", "remind", "since", "picks",
    ],
    &["commit", "timelapse"],
    &[
        "turns",
        "votes",
        "deadline",
        "caretaker",
        "handover",
        "lobby",
        "rematch",
        "webpage",
        "terminal",
    ],
    &["dispatch", "ai", "follow_up"],
];

/// One problem found, worded for a developer.
pub type Problem = String;

/// Every `.rs` file under `src/` of the repository at `root`, as (relative path, text).
pub fn read_sources(root: &std::path::Path) -> std::io::Result<Vec<(String, String)>> {
    let mut files = Vec::new();
    let mut folders = vec![root.join("src")];
    while let Some(dir) = folders.pop() {
        for entry in std::fs::read_dir(&dir)? {
            let path = entry?.path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path.strip_prefix(root).unwrap_or(&path);
                let rel = rel.to_string_lossy().replace('\\', "/");
                files.push((rel, std::fs::read_to_string(&path)?));
            }
        }
    }
    files.sort();
    Ok(files)
}

/// Every check over the files given as (path relative to the repository, text).
pub fn check(files: &[(String, String)]) -> Vec<Problem> {
    let tree = Tree::new(files);
    let mut problems = Vec::new();
    problems.extend(tree.module_docs());
    problems.extend(tree.circles());
    problems.extend(tree.layer_breaks());
    problems.extend(tree.foreign_code());
    problems.extend(tree.long_functions());
    problems.extend(tree.long_files());
    problems
}

/// A source file: its module path, its text with comments and literals blanked, and
/// whether it is test code.
struct File {
    path: String,
    /// The crate (`lib` or `bin`) and the module path inside it.
    module: Vec<String>,
    raw: String,
    /// Comments, string and char literals replaced by spaces (newlines kept); test items
    /// blanked too.
    code: String,
    test_only: bool,
    uses: Vec<Use>,
}

/// One path of a `use` declaration, from the crate root.
#[derive(Clone, Debug)]
struct Use {
    path: Vec<String>,
    glob: bool,
    public: bool,
}

struct Tree {
    files: Vec<File>,
    by_module: BTreeMap<Vec<String>, usize>,
}

impl Tree {
    fn new(sources: &[(String, String)]) -> Tree {
        let mut files: Vec<File> = sources
            .iter()
            .filter(|(p, _)| p.starts_with("src/") && p.ends_with(".rs"))
            .map(|(p, t)| File {
                path: p.clone(),
                module: module_of(p),
                raw: t.clone(),
                code: blank_tests(&strip(t)),
                test_only: false,
                uses: Vec::new(),
            })
            .collect();
        let by_module = files
            .iter()
            .enumerate()
            .map(|(i, f)| (f.module.clone(), i))
            .collect();
        let mut tree = Tree { files, by_module };
        tree.mark_tests();
        files = std::mem::take(&mut tree.files);
        let is_module = |m: &[String]| tree.by_module.contains_key(m);
        for f in &mut files {
            f.uses = uses_of(&f.code, &f.module, &is_module);
            f.uses.extend(inline_paths(&f.code, &f.module));
        }
        tree.files = files;
        tree
    }

    /// Files a parent declares under `#[cfg(test)]`, and everything below them.
    fn mark_tests(&mut self) {
        let mut test_modules: Vec<Vec<String>> = Vec::new();
        for f in &self.files {
            for child in test_children(&strip(&f.raw)) {
                let mut m = f.module.clone();
                m.push(child);
                test_modules.push(m);
            }
        }
        for f in &mut self.files {
            f.test_only = test_modules.iter().any(|m| f.module.starts_with(m));
        }
    }

    fn live(&self) -> impl Iterator<Item = (usize, &File)> {
        self.files.iter().enumerate().filter(|(_, f)| !f.test_only)
    }

    fn module_docs(&self) -> Vec<Problem> {
        self.files
            .iter()
            .filter(|f| !f.raw.trim_start().starts_with("//!"))
            .map(|f| format!("{}: no `//!` module doc at its top", f.path))
            .collect()
    }

    /// The files a `use` path leads to: the file it names and, where that file re-exports
    /// the name (`pub use`, perhaps through more re-exports), the file the name comes from.
    /// Facades passed on the way are not imported.
    fn targets(&self, path: &[String]) -> Vec<usize> {
        let mut found = self.origins(path, 0);
        found.extend(self.file_of(path).map(|(i, _)| i));
        found
    }

    /// The file of the longest module path `path` starts with, and the rest of the path.
    fn file_of<'p>(&self, path: &'p [String]) -> Option<(usize, &'p [String])> {
        (1..=path.len())
            .rev()
            .find_map(|n| self.by_module.get(&path[..n]).map(|&i| (i, &path[n..])))
    }

    /// The files that define what `path` names, through re-exports: a named one
    /// (`pub use a::Chat`) or a glob (`pub use a::*`, when `a` has the name).
    fn origins(&self, path: &[String], depth: usize) -> Vec<usize> {
        let Some((i, rest)) = self.file_of(path) else {
            return Vec::new();
        };
        let through: Vec<usize> = match rest.first() {
            Some(name) if depth < 8 => {
                let wanted = BTreeSet::from([name.clone()]);
                let uses = self.files[i].uses.iter().filter(|u| u.public);
                uses.flat_map(|u| match u.glob {
                    false if u.path.last() == Some(name) => vec![u.path.clone()],
                    false => Vec::new(),
                    true => self.glob_names(&u.path, &wanted),
                })
                .flat_map(|p| self.origins(&p, depth + 1))
                .collect()
            }
            _ => Vec::new(),
        };
        if through.is_empty() {
            vec![i]
        } else {
            through
        }
    }

    /// The files each file imports (ancestors and descendants left out).
    fn edges(&self) -> BTreeMap<usize, BTreeSet<usize>> {
        let mut edges: BTreeMap<usize, BTreeSet<usize>> = BTreeMap::new();
        for (i, f) in self.live() {
            let words = identifiers(&f.code);
            for u in f.uses.iter().filter(|u| !u.public) {
                let paths: Vec<Vec<String>> = if u.glob {
                    self.glob_names(&u.path, &words)
                } else {
                    vec![u.path.clone()]
                };
                for j in paths.iter().flat_map(|p| self.targets(p)) {
                    let g = &self.files[j];
                    let nested = g.module.starts_with(&f.module) || f.module.starts_with(&g.module);
                    if !nested && !g.test_only {
                        edges.entry(i).or_default().insert(j);
                    }
                }
            }
        }
        edges
    }

    /// The paths a glob import `path::*` brings that the file uses: the module's own items
    /// and its re-exports (not its child modules).
    fn glob_names(&self, path: &[String], words: &BTreeSet<String>) -> Vec<Vec<String>> {
        let Some(&i) = self.by_module.get(path) else {
            return Vec::new();
        };
        let f = &self.files[i];
        let mut names = items_of(&f.code);
        names.extend(
            f.uses
                .iter()
                .filter(|u| !u.glob)
                .filter_map(|u| u.path.last().cloned()),
        );
        names
            .into_iter()
            .filter(|n| words.contains(n))
            .map(|n| {
                let mut p = path.to_vec();
                p.push(n);
                p
            })
            .collect()
    }

    fn circles(&self) -> Vec<Problem> {
        strongly_connected(&self.edges())
            .into_iter()
            .filter(|c| c.len() > 1)
            .map(|c| {
                let names: Vec<&str> = c.iter().map(|&i| self.files[i].path.as_str()).collect();
                format!("import circle between files: {}", names.join(" ↔ "))
            })
            .collect()
    }

    fn layer_breaks(&self) -> Vec<Problem> {
        let mut problems = Vec::new();
        for (i, targets) in self.edges() {
            let from = &self.files[i];
            for j in targets {
                let to = &self.files[j];
                if let (Some(a), Some(b)) = (layer(&from.module), layer(&to.module)) {
                    if b > a {
                        problems.push(format!(
                            "{} imports {}, a layer above it (ARCHITECTURE.md, Code map)",
                            from.path, to.path
                        ));
                    }
                }
                if let (Some(a), Some(b)) = (chat_layer(&from.module), chat_layer(&to.module)) {
                    if b > a {
                        problems.push(format!(
                            "{} imports {}, a layer above it (src/chat/mod.rs)",
                            from.path, to.path
                        ));
                    }
                }
            }
        }
        problems
    }

    fn foreign_code(&self) -> Vec<Problem> {
        let mut problems = Vec::new();
        for f in &self.files {
            // Tests may write SQL to damage a database on purpose, as tests/it does.
            if !f.path.starts_with("src/store/") && !f.test_only {
                if let Some(line) = sql_line(&f.raw, &f.code) {
                    problems.push(format!("{}:{line}: SQL outside src/store", f.path));
                }
            }
            if !f.path.starts_with("src/discord/") {
                let words = identifiers(&strip(&f.raw));
                for name in ["serenity", "poise"] {
                    if words.contains(name) {
                        problems.push(format!("{}: {name} outside src/discord", f.path));
                    }
                }
            }
        }
        problems
    }

    fn long_functions(&self) -> Vec<Problem> {
        let mut problems = Vec::new();
        for (_, f) in self.live() {
            for (name, line, length) in functions(&f.code) {
                if length > MAX_FUNCTION_LINES {
                    problems.push(format!(
                        "{}:{line}: fn {name} is {length} lines (at most {MAX_FUNCTION_LINES} outside tests)",
                        f.path
                    ));
                }
            }
        }
        problems
    }
}

impl Tree {
    fn long_files(&self) -> Vec<Problem> {
        self.live()
            .filter_map(|(_, f)| {
                let length = f.code.trim_end().lines().count();
                (length > MAX_FILE_LINES).then(|| {
                    format!(
                        "{}: {length} lines outside tests (at most {MAX_FILE_LINES}: split it by subject)",
                        f.path
                    )
                })
            })
            .collect()
    }
}

/// `src/chat/ai.rs` → `[lib, chat, ai]`; `src/main.rs` → `[bin]`; `src/bin_bench.rs` →
/// `[bin, bin_bench]`.
fn module_of(path: &str) -> Vec<String> {
    let inner = path.trim_start_matches("src/").trim_end_matches(".rs");
    let mut parts: Vec<&str> = inner.split('/').collect();
    if parts.last() == Some(&"mod") {
        parts.pop();
    }
    let krate = if parts == ["main"] || parts[0].starts_with("bin_") {
        "bin"
    } else {
        "lib"
    };
    let mut module = vec![krate.to_string()];
    module.extend(
        parts
            .into_iter()
            .filter(|p| *p != "lib" && *p != "main")
            .map(String::from),
    );
    module
}

fn layer(module: &[String]) -> Option<usize> {
    let top = module.get(1)?;
    if module[0] != "lib" {
        return None;
    }
    LAYERS.iter().position(|l| l.contains(&top.as_str()))
}

/// The layer of a module inside `chat` ([`CHAT_LAYERS`]), by its first part below `chat`.
fn chat_layer(module: &[String]) -> Option<usize> {
    if module.get(..2) != Some(&["lib".to_string(), "chat".to_string()][..]) {
        return None;
    }
    let part = module.get(2)?;
    CHAT_LAYERS.iter().position(|l| l.contains(&part.as_str()))
}

/// The text with comments, strings and char literals replaced by spaces (newlines kept).
fn strip(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = b.to_vec();
    let mut i = 0;
    let blank = |out: &mut Vec<u8>, from: usize, to: usize| {
        for c in &mut out[from..to.min(b.len())] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
    };
    while i < b.len() {
        let rest = &b[i..];
        let end = if rest.starts_with(b"//") {
            rest.iter()
                .position(|&c| c == b'\n')
                .map_or(b.len(), |n| i + n)
        } else if rest.starts_with(b"/*") {
            block_comment_end(b, i)
        } else if let Some(n) = raw_string_len(rest) {
            i + n
        } else if rest[0] == b'"' {
            quoted_end(b, i, b'"')
        } else if rest[0] == b'\'' && is_char_literal(rest) {
            quoted_end(b, i, b'\'')
        } else {
            i += 1;
            continue;
        };
        blank(&mut out, i, end);
        i = end;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn block_comment_end(b: &[u8], start: usize) -> usize {
    let (mut depth, mut i) = (0, start);
    while i < b.len() {
        if b[i..].starts_with(b"/*") {
            depth += 1;
            i += 2;
        } else if b[i..].starts_with(b"*/") {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return i;
            }
        } else {
            i += 1;
        }
    }
    b.len()
}

/// The length of a raw string (`r"…"`, `r#"…"#`, `br"…"`) starting here.
fn raw_string_len(rest: &[u8]) -> Option<usize> {
    let skip = if rest.starts_with(b"br") {
        2
    } else if rest.starts_with(b"r") {
        1
    } else {
        0
    };
    if skip == 0 {
        return None;
    }
    let hashes = rest[skip..].iter().take_while(|&&c| c == b'#').count();
    if rest.get(skip + hashes) != Some(&b'"') {
        return None;
    }
    let mut close = vec![b'"'];
    close.extend(std::iter::repeat_n(b'#', hashes));
    let body = skip + hashes + 1;
    let n = rest[body..]
        .windows(close.len())
        .position(|w| w == close.as_slice())?;
    Some(body + n + close.len())
}

/// The end of a `"…"` or `'…'` literal starting at `start`, escapes skipped.
fn quoted_end(b: &[u8], start: usize, quote: u8) -> usize {
    let mut i = start + 1;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            c if c == quote => return i + 1,
            _ => i += 1,
        }
    }
    b.len()
}

/// `'a'`, `'\n'`, `'\u{1F600}'` are char literals; `'a` (a lifetime) is not.
fn is_char_literal(rest: &[u8]) -> bool {
    match rest.get(1) {
        Some(b'\\') => true,
        Some(_) => {
            let s = String::from_utf8_lossy(&rest[1..rest.len().min(6)]).into_owned();
            let mut chars = s.chars();
            chars.next();
            chars.next() == Some('\'')
        }
        None => false,
    }
}

/// The code with every `#[cfg(test)]` item blanked (an inline `mod tests { … }`, a
/// test-only function or import).
fn blank_tests(code: &str) -> String {
    blank_ranges(code, &test_ranges(code))
}

/// Where the `#[cfg(test)]` items of `code` (comments and literals already blanked) are.
fn test_ranges(code: &str) -> Vec<(usize, usize)> {
    let mut ranges = Vec::new();
    let mut from = 0;
    while let Some(at) = code[from..].find("#[cfg(test)]").map(|n| from + n) {
        let end = item_end(code.as_bytes(), at);
        ranges.push((at, end));
        from = end;
    }
    ranges
}

/// `text` with the byte ranges replaced by spaces (newlines kept, lengths kept). The ranges
/// start at `#` and end after `;` or `}`, so they fall on character boundaries.
fn blank_ranges(text: &str, ranges: &[(usize, usize)]) -> String {
    let mut out = text.as_bytes().to_vec();
    for &(from, to) in ranges {
        for c in &mut out[from..to] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The end of the item starting at `start`: its `;` or its closing brace, at depth 0, or
/// the brace that closes what it sits in (a field of a struct literal, `#[cfg(test)] x:
/// y,`, ends before its struct's `}`).
fn item_end(b: &[u8], start: usize) -> usize {
    let mut depth = 0i32;
    let mut i = start + "#[cfg(test)]".len();
    while i < b.len() {
        match b[i] {
            b'{' => depth += 1,
            b'}' if depth == 0 => return i,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            b';' if depth == 0 => return i + 1,
            _ => {}
        }
        i += 1;
    }
    b.len()
}

/// The child modules a file declares as `mod name;` under `#[cfg(test)]`.
fn test_children(code: &str) -> Vec<String> {
    let mut children = Vec::new();
    let mut test_attr = false;
    for line in code.lines().map(str::trim) {
        if line.starts_with("#[cfg(test)]") {
            test_attr = true;
            continue;
        }
        if line.starts_with("#[") || line.is_empty() {
            continue;
        }
        if test_attr {
            let words: Vec<&str> = line.trim_end_matches(';').split_whitespace().collect();
            if let Some(k) = words.iter().position(|w| *w == "mod") {
                if line.ends_with(';') {
                    if let Some(name) = words.get(k + 1) {
                        children.push(name.to_string());
                    }
                }
            }
        }
        test_attr = false;
    }
    children
}

/// Every identifier in the code.
fn identifiers(code: &str) -> BTreeSet<String> {
    code.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| w.starts_with(|c: char| c.is_alphabetic() || c == '_'))
        .map(String::from)
        .collect()
}

/// The names of a file's top-level items (not its modules): the lines rustfmt starts in
/// column 0.
fn items_of(code: &str) -> BTreeSet<String> {
    const KINDS: &[&str] = &[
        "fn", "struct", "enum", "trait", "type", "const", "static", "union",
    ];
    let mut names = BTreeSet::new();
    for line in code.lines().filter(|l| !l.starts_with(char::is_whitespace)) {
        let words: Vec<&str> = line
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .filter(|w| !w.is_empty())
            .collect();
        if let Some(k) = words.iter().position(|w| KINDS.contains(w)) {
            if let Some(name) = words.get(k + 1) {
                names.insert(name.to_string());
            }
        }
    }
    names
}

/// The `use` declarations of a file, each path made absolute (`[lib, chat, core, Chat]`).
/// Paths into other crates are left out.
fn uses_of(code: &str, module: &[String], is_module: &dyn Fn(&[String]) -> bool) -> Vec<Use> {
    let mut uses = Vec::new();
    let mut from = 0;
    while let Some(at) = find_word(code, "use", from) {
        let last_word = code[..at].split_whitespace().next_back().unwrap_or("");
        let public = last_word == "pub" || last_word.starts_with("pub(");
        let Some(end) = code[at..].find(';').map(|n| at + n) else {
            break;
        };
        let spaced = code[at + 3..end]
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let tree = spaced.replace(" as ", "@").replace(' ', "");
        for (path, glob) in expand(&tree) {
            let abs = absolute(&path, module).or_else(|| {
                // Not `crate`, `super` nor `self`: a child module's path, or another crate's.
                let child: Vec<String> = module.iter().chain(path.first()).cloned().collect();
                is_module(&child).then(|| module.iter().chain(&path).cloned().collect())
            });
            if let Some(path) = abs {
                uses.push(Use { path, glob, public });
            }
        }
        from = end;
    }
    uses
}

/// The paths written in the code itself (`super::caretaker::write(…)`,
/// `crate::engine::counted(…)`), as private imports.
fn inline_paths(code: &str, module: &[String]) -> Vec<Use> {
    let mut paths = Vec::new();
    let b = code.as_bytes();
    for start in ["crate::", "super::", "self::"] {
        let mut from = 0;
        while let Some(n) = code[from..].find(start) {
            let at = from + n;
            from = at + start.len();
            let before = code[..at].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let mut end = at;
            while end < b.len()
                && (b[end].is_ascii_alphanumeric() || b[end] == b'_' || b[end] == b':')
            {
                end += 1;
            }
            let path = segments(code[at..end].trim_end_matches(':'));
            if let Some(abs) = absolute(&path, module) {
                paths.push(Use {
                    path: abs,
                    glob: false,
                    public: false,
                });
            }
        }
    }
    paths
}

/// The next `word` at `from` or after that stands alone (not inside an identifier) at the
/// start of an item (after `;`, `}`, `{`, `]` or the start of a line's code).
fn find_word(code: &str, word: &str, from: usize) -> Option<usize> {
    let mut at = from;
    while let Some(n) = code[at..].find(word) {
        let i = at + n;
        let before = code[..i].chars().next_back();
        let after = code[i + word.len()..].chars().next();
        let alone = !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
            && after.is_some_and(char::is_whitespace);
        let prev = code[..i].trim_end();
        let item_start = prev.is_empty()
            || prev.ends_with([';', '}', '{', ']'])
            || prev.ends_with("pub")
            || prev.ends_with(')');
        if alone && item_start {
            return Some(i);
        }
        at = i + word.len();
    }
    None
}

/// A use tree without spaces, renames written `x@y` (`super::{a::B,c::*,d@e}`) → its
/// paths, each with whether it ends in `*`. `self` inside braces names the prefix; a rename
/// keeps the name it renames.
fn expand(tree: &str) -> Vec<(Vec<String>, bool)> {
    let mut out = Vec::new();
    expand_into(tree, &mut Vec::new(), &mut out);
    out
}

fn expand_into(tree: &str, prefix: &mut Vec<String>, out: &mut Vec<(Vec<String>, bool)>) {
    if let Some(open) = tree.find('{') {
        let head = &tree[..open];
        let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
        let n = prefix.len();
        prefix.extend(segments(head));
        for part in split_top(inner) {
            expand_into(part, prefix, out);
        }
        prefix.truncate(n);
        return;
    }
    let mut path = prefix.clone();
    let mut segs = segments(tree.split('@').next().unwrap_or(""));
    let glob = segs.last().is_some_and(|s| s == "*");
    segs.retain(|s| s != "*" && s != "self" && !s.is_empty());
    path.extend(segs);
    out.push((path, glob));
}

fn segments(head: &str) -> Vec<String> {
    head.split("::")
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect()
}

/// Split at commas outside braces.
fn split_top(inner: &str) -> Vec<&str> {
    let (mut parts, mut depth, mut start) = (Vec::new(), 0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts.into_iter().filter(|p| !p.trim().is_empty()).collect()
}

/// A path made absolute from `module`, or `None` for another crate's.
fn absolute(path: &[String], module: &[String]) -> Option<Vec<String>> {
    let first = path.first()?;
    let mut abs: Vec<String> = match first.as_str() {
        "crate" => vec![module[0].clone()],
        "self" => module.to_vec(),
        "super" => module.to_vec(),
        "sherpa" if module[0] == "bin" => vec!["lib".into()],
        _ => return None,
    };
    let mut rest = &path[1..];
    if first == "super" {
        abs.pop();
    }
    while rest.first().is_some_and(|s| s == "super") {
        abs.pop();
        rest = &rest[1..];
    }
    abs.extend(rest.iter().cloned());
    Some(abs)
}

/// A file's functions outside test code: (name, first line, length in lines).
fn functions(code: &str) -> Vec<(String, usize, usize)> {
    let lines: Vec<&str> = code.lines().collect();
    let mut found = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(k) = words.iter().position(|w| *w == "fn") else {
            continue;
        };
        let Some(name) = words
            .get(k + 1)
            .map(|w| w.split(['(', '<']).next().unwrap_or(w))
        else {
            continue;
        };
        let (mut depth, mut opened) = (0i32, false);
        for (j, l) in lines.iter().enumerate().skip(i) {
            if !opened && l.trim_end().ends_with(';') && !l.contains('{') {
                break;
            }
            for c in l.chars() {
                match c {
                    '{' => {
                        depth += 1;
                        opened = true;
                    }
                    '}' => depth -= 1,
                    _ => {}
                }
            }
            if opened && depth <= 0 {
                found.push((name.to_string(), i + 1, j - i + 1));
                break;
            }
        }
    }
    found
}

/// The first line of SQL in the file's string literals outside test code, if any: `code`
/// is `raw` with literals and test items blanked.
fn sql_line(raw: &str, code: &str) -> Option<usize> {
    const SQL: &[&str] = &[
        "SELECT ",
        "INSERT INTO",
        "DELETE FROM",
        "CREATE TABLE",
        "ALTER TABLE",
        "DROP TABLE",
        "CREATE INDEX",
        "PRAGMA ",
    ];
    let tests = blank_ranges(raw, &test_ranges(&strip(raw)));
    raw.lines()
        .zip(code.lines())
        .zip(tests.lines())
        .position(|((r, c), t)| {
            SQL.iter()
                .any(|s| r.contains(s) && t.contains(s) && !c.contains(s))
        })
        .map(|n| n + 1)
}

/// Tarjan's strongly connected components of a graph.
fn strongly_connected(edges: &BTreeMap<usize, BTreeSet<usize>>) -> Vec<Vec<usize>> {
    struct State<'a> {
        edges: &'a BTreeMap<usize, BTreeSet<usize>>,
        index: BTreeMap<usize, usize>,
        low: BTreeMap<usize, usize>,
        stack: Vec<usize>,
        on_stack: BTreeSet<usize>,
        out: Vec<Vec<usize>>,
    }
    fn visit(s: &mut State, v: usize) {
        let n = s.index.len();
        s.index.insert(v, n);
        s.low.insert(v, n);
        s.stack.push(v);
        s.on_stack.insert(v);
        for &w in s.edges.get(&v).into_iter().flatten() {
            if !s.index.contains_key(&w) {
                visit(s, w);
                let lw = s.low[&w];
                s.low.entry(v).and_modify(|l| *l = (*l).min(lw));
            } else if s.on_stack.contains(&w) {
                let iw = s.index[&w];
                s.low.entry(v).and_modify(|l| *l = (*l).min(iw));
            }
        }
        if s.low[&v] == s.index[&v] {
            let mut component = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(&w);
                component.push(w);
                if w == v {
                    break;
                }
            }
            component.sort_unstable();
            s.out.push(component);
        }
    }
    let mut s = State {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    let nodes: BTreeSet<usize> = edges
        .iter()
        .flat_map(|(&a, bs)| std::iter::once(a).chain(bs.iter().copied()))
        .collect();
    for v in nodes {
        if !s.index.contains_key(&v) {
            visit(&mut s, v);
        }
    }
    s.out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(p, t)| (p.to_string(), format!("//! doc\n{t}")))
            .collect()
    }

    fn problems(list: &[(&str, &str)]) -> Vec<Problem> {
        check(&files(list))
    }

    const CHAT_MOD: &str = "pub mod a;\npub mod b;\npub mod c;\n";

    #[test]
    fn a_planted_circle_between_siblings_is_found() {
        let p = problems(&[
            ("src/lib.rs", "pub mod chat;\n"),
            ("src/chat/mod.rs", CHAT_MOD),
            ("src/chat/a.rs", "use super::b::f;\npub fn g() {}\n"),
            ("src/chat/b.rs", "pub fn f() { super::a::g() }\n"),
        ]);
        assert_eq!(
            p,
            ["import circle between files: src/chat/a.rs ↔ src/chat/b.rs"]
        );
    }

    #[test]
    fn a_one_way_import_is_no_circle() {
        let p = problems(&[
            ("src/lib.rs", "pub mod chat;\n"),
            ("src/chat/mod.rs", CHAT_MOD),
            ("src/chat/a.rs", "use super::b::f;\npub fn g() {}\n"),
            ("src/chat/b.rs", "pub fn f() {}\n"),
        ]);
        assert!(p.is_empty(), "{p:?}");
    }

    #[test]
    fn a_circle_through_a_facade_re_export_is_found() {
        // b imports `Chat` through the folder's re-export: the dependency is on a.rs.
        let p = problems(&[
            ("src/lib.rs", "pub mod chat;\n"),
            ("src/chat/mod.rs", "mod a;\nmod b;\npub use a::Chat;\n"),
            ("src/chat/a.rs", "use super::b::f;\npub struct Chat;\n"),
            (
                "src/chat/b.rs",
                "use crate::chat::Chat;\npub fn f(_: Chat) {}\n",
            ),
        ]);
        assert_eq!(p.len(), 1, "{p:?}");
        assert!(p[0].contains("a.rs ↔ src/chat/b.rs"));
    }

    #[test]
    fn a_glob_import_counts_only_the_names_used() {
        let parent = "mod a;\nmod b;\npub fn shared() {}\npub use b::Used;\npub use b::Unused;\n";
        let p = problems(&[
            ("src/lib.rs", "pub mod g;\n"),
            ("src/g/mod.rs", parent),
            ("src/g/a.rs", "use super::*;\npub fn x() { shared(); }\n"),
            (
                "src/g/b.rs",
                "use super::a::x;\npub struct Used;\npub struct Unused;\n",
            ),
        ]);
        assert!(p.is_empty(), "{p:?}");
        let p = problems(&[
            ("src/lib.rs", "pub mod g;\n"),
            ("src/g/mod.rs", parent),
            ("src/g/a.rs", "use super::*;\npub fn x(_: Used) {}\n"),
            (
                "src/g/b.rs",
                "use super::a::x;\npub struct Used;\npub struct Unused;\n",
            ),
        ]);
        assert_eq!(p.len(), 1, "{p:?}");
    }

    #[test]
    fn tests_and_comments_make_no_import() {
        let p = problems(&[
            ("src/lib.rs", "pub mod chat;\n"),
            ("src/chat/mod.rs", "pub mod a;\npub mod b;\n#[cfg(test)]\nmod tests;\n"),
            ("src/chat/a.rs", "use super::b::f;\npub fn g() {}\n"),
            (
                "src/chat/b.rs",
                "// super::a::g()\npub fn f() { let _ = \"super::a::g\"; }\n#[cfg(test)]\nmod t { use super::super::a::g; }\n",
            ),
            ("src/chat/tests.rs", "use super::a::g;\nuse super::b::f;\n"),
        ]);
        assert!(p.is_empty(), "{p:?}");
    }

    #[test]
    fn an_import_up_the_layers_is_refused() {
        let p = problems(&[
            ("src/lib.rs", "pub mod engine;\npub mod chat;\n"),
            ("src/engine/mod.rs", "use crate::chat::Chat;\n"),
            ("src/chat/mod.rs", "pub struct Chat;\n"),
        ]);
        assert_eq!(
            p,
            ["src/engine/mod.rs imports src/chat/mod.rs, a layer above it (ARCHITECTURE.md, Code map)"]
        );
    }

    #[test]
    fn an_import_up_the_chat_layers_is_refused() {
        let p = problems(&[
            ("src/lib.rs", "pub mod chat;\n"),
            ("src/chat/mod.rs", CHAT_MOD_LAYERED),
            (
                "src/chat/text.rs",
                "use super::core::Chat;\npub struct Text;\n",
            ),
            ("src/chat/core.rs", "pub struct Chat;\n"),
            (
                "src/chat/turns.rs",
                "use super::core::Chat;\nuse super::text::Text;\n",
            ),
        ]);
        assert_eq!(
            p,
            ["src/chat/text.rs imports src/chat/core.rs, a layer above it (src/chat/mod.rs)"]
        );
    }

    /// A `chat/mod.rs` declaring three modules of three layers of [`CHAT_LAYERS`].
    const CHAT_MOD_LAYERED: &str = "//! Chat.\npub mod core;\npub mod text;\npub mod turns;\n";

    #[test]
    fn sql_and_discord_crates_stay_in_their_folders() {
        let p = problems(&[
            (
                "src/lib.rs",
                "pub mod chat;\npub mod store;\npub mod discord;\n",
            ),
            (
                "src/chat/t.rs",
                "#[cfg(test)]\nmod tests { fn f() { q(\"DELETE FROM results\"); } }\n",
            ),
            (
                "src/chat/mod.rs",
                "mod t;\nfn f() { q(\"SELECT id FROM games\"); }\nuse poise::Context;\n",
            ),
            (
                "src/store/mod.rs",
                "fn f() { q(\"SELECT id FROM games\"); }\n",
            ),
            (
                "src/discord/mod.rs",
                "use poise::Context;\nuse serenity::all::Http;\n",
            ),
        ]);
        assert_eq!(
            p,
            [
                "src/chat/mod.rs:3: SQL outside src/store",
                "src/chat/mod.rs: poise outside src/discord"
            ]
        );
    }

    #[test]
    fn every_module_has_its_doc() {
        let list = [("src/lib.rs".to_string(), "pub mod a;\n".to_string())];
        assert_eq!(check(&list), ["src/lib.rs: no `//!` module doc at its top"]);
    }

    #[test]
    fn a_function_over_the_limit_is_refused_outside_tests() {
        let body = "    let x = 1;\n".repeat(MAX_FUNCTION_LINES - 2);
        let ok = format!("fn short() {{\n{body}}}\n");
        let long = format!("fn long() {{\n{body}    let y = '}}';\n}}\n");
        let in_test = format!("#[cfg(test)]\nmod tests {{\n{long}}}\n");
        assert!(problems(&[("src/lib.rs", &ok)]).is_empty());
        assert!(problems(&[("src/lib.rs", &in_test)]).is_empty());
        assert_eq!(
            problems(&[("src/lib.rs", &long)]),
            ["src/lib.rs:2: fn long is 81 lines (at most 80 outside tests)"]
        );
    }

    #[test]
    fn a_file_over_the_limit_is_refused_but_its_tests_do_not_count() {
        // With the `//!` line the test files get, exactly at the limit.
        let code = "fn f() {}\n".repeat(MAX_FILE_LINES - 1);
        let tests = "#[cfg(test)]\nmod tests {\n    fn t() {}\n}\n";
        assert!(problems(&[("src/lib.rs", &code)]).is_empty());
        assert!(problems(&[("src/lib.rs", &format!("{code}{tests}"))]).is_empty());
        assert_eq!(
            problems(&[("src/lib.rs", &format!("{code}fn g() {{}}\n"))]),
            ["src/lib.rs: 1201 lines outside tests (at most 1200: split it by subject)"]
        );
    }

    #[test]
    fn a_test_only_field_does_not_hide_where_a_function_ends() {
        // A struct literal with `#[cfg(test)]` fields inside `new`, then a long function:
        // the field's blanking stops at the literal's `}`, so each fn is counted alone.
        let body = "    let x = 1;\n".repeat(MAX_FUNCTION_LINES - 2);
        let code = format!(
            "fn new() -> S {{\n    S {{\n        a: 1,\n        #[cfg(test)]\n        b: f(None),\n    }}\n}}\n\nfn long() {{\n{body}    let y = 2;\n}}\n"
        );
        assert_eq!(
            problems(&[("src/lib.rs", &code)]),
            ["src/lib.rs:10: fn long is 81 lines (at most 80 outside tests)"]
        );
    }

    #[test]
    fn a_circle_through_a_glob_re_export_is_found() {
        // The folder re-exports its child with `pub use a::*`: b's import of `Chat` through
        // the folder leads to a.rs, which imports b.
        let p = problems(&[
            ("src/lib.rs", "pub mod chat;\n"),
            ("src/chat/mod.rs", "mod a;\nmod b;\npub use a::*;\n"),
            ("src/chat/a.rs", "use super::b::f;\npub struct Chat;\n"),
            (
                "src/chat/b.rs",
                "use crate::chat::Chat;\npub fn f(_: Chat) {}\n",
            ),
        ]);
        assert_eq!(p.len(), 1, "{p:?}");
        assert!(p[0].contains("a.rs ↔ src/chat/b.rs"), "{p:?}");
    }

    #[test]
    fn use_trees_expand_to_absolute_paths() {
        let module: Vec<String> = ["lib", "games", "nepal"].map(String::from).to_vec();
        let uses = uses_of(
            "use super::{engine::{self, Seat as S}, games::*};\nuse std::fmt;\nuse rules::x;\n",
            &module,
            &|m| m.last().is_some_and(|l| l == "rules"),
        );
        let paths: Vec<(String, bool)> = uses.iter().map(|u| (u.path.join("::"), u.glob)).collect();
        assert_eq!(
            paths,
            [
                ("lib::games::engine".to_string(), false),
                ("lib::games::engine::Seat".to_string(), false),
                ("lib::games::games".to_string(), true),
                ("lib::games::nepal::rules::x".to_string(), false),
            ]
        );
    }
}
