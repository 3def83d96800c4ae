//! Every input of the committed fuzz corpora (`fuzz/corpus/<target>/`) through the check
//! its target runs (`sherpa::fuzzing`): a replay of what the campaigns kept, so a change
//! that breaks one of their properties on a known input fails `cargo test`.

use sherpa::fuzzing;
use std::path::PathBuf;

/// The inputs of one target's corpus, sorted by file name. The corpus must not be empty.
fn corpus(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/corpus")
        .join(target);
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| {
            let path = e.expect("corpus entry").path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&path).expect("corpus file"))
        })
        .collect();
    files.sort();
    assert!(files.len() > 100, "{target}: {} inputs", files.len());
    files
}

/// Run `check` on every input of `target`'s corpus, naming the input that fails.
fn replay(target: &str, check: impl Fn(&[u8])) {
    for (name, data) in corpus(target) {
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| check(&data)));
        assert!(r.is_ok(), "{target}: input {name} failed its check");
    }
}

#[test]
fn fuzz_corpus_step_text() {
    replay("step_text", fuzzing::step_text);
}

#[test]
fn fuzz_corpus_board_file() {
    replay("board_file", fuzzing::board_file);
}

#[test]
fn fuzz_corpus_config_file() {
    replay("config_file", fuzzing::config_file);
}

#[test]
fn fuzz_corpus_replay_import() {
    let fix = fuzzing::ReplayFixture::new().unwrap();
    replay("replay_import", |d| fix.replay_import(d));
}

#[test]
fn fuzz_corpus_chat_command() {
    let dir = std::env::temp_dir().join(format!("sherpa-fuzz-corpus-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let fix = fuzzing::ChatFixture::new(&dir.join("fuzz.db")).unwrap();
    replay("chat_command", |d| fix.chat_command(d));
    drop(fix);
    let _ = std::fs::remove_dir_all(&dir);
}
