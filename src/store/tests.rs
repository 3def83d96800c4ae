use super::*;

fn new_game(s: &mut Store, channel: &str) -> Result<i64> {
    s.create_game(
        "local",
        None,
        channel,
        "nepal",
        &BTreeMap::new(),
        42,
        ("u1", "ann"),
        None,
        100,
    )
}

fn step(seat: usize, text: &str) -> NewAction {
    NewAction {
        seat,
        kind: ActionKind::Step,
        step: text.into(),
        secret: false,
        barrier: false,
        turn_end: false,
    }
}

#[test]
fn migrations_set_user_version_to_the_number_of_files() {
    let s = Store::open_in_memory().unwrap();
    assert_eq!(s.schema_version().unwrap(), MIGRATIONS.len() as i64);
}

#[test]
fn database_newer_than_binary_is_refused() {
    let dir = std::env::temp_dir().join(format!("sherpa-too-new-{}", std::process::id()));
    let _ = std::fs::remove_file(&dir);
    {
        let s = Store::open(&dir).unwrap();
        s.conn.pragma_update(None, "user_version", 999).unwrap();
    }
    match Store::open(&dir) {
        Err(e @ StoreError::TooNew { found: 999, .. }) => assert!(e.to_string().contains("newer")),
        other => panic!("expected TooNew, got {:?}", other.map(|_| ())),
    }
    let _ = std::fs::remove_file(&dir);
}

#[test]
fn one_active_game_per_channel_but_many_per_server() {
    let mut s = Store::open_in_memory().unwrap();
    new_game(&mut s, "c1").unwrap();
    assert!(matches!(
        new_game(&mut s, "c1"),
        Err(StoreError::Conflict(_))
    ));
    new_game(&mut s, "thread-2").unwrap();
}

#[test]
fn stale_version_is_refused_and_writes_nothing() {
    let mut s = Store::open_in_memory().unwrap();
    let id = new_game(&mut s, "c").unwrap();
    let v = s
        .commit(
            id,
            0,
            Change {
                actions: vec![step(0, "grow Kathmandu")],
                snapshot: Some(b"{}".to_vec()),
                ..Default::default()
            },
            1,
        )
        .unwrap();
    assert_eq!(v, 1);
    let err = s
        .commit(
            id,
            0,
            Change {
                actions: vec![step(1, "end")],
                ..Default::default()
            },
            2,
        )
        .unwrap_err();
    assert_eq!(err, StoreError::Stale { expected: 0 });
    assert_eq!(s.actions(id).unwrap().len(), 1);
    assert_eq!(s.game(id).unwrap().version, 1);
}

#[test]
fn same_request_id_is_applied_once() {
    let mut s = Store::open_in_memory().unwrap();
    let id = new_game(&mut s, "c").unwrap();
    let ch = || Change {
        actions: vec![step(0, "end")],
        request: Some(("local", "r1")),
        ..Default::default()
    };
    s.commit(id, 0, ch(), 1).unwrap();
    assert_eq!(s.commit(id, 1, ch(), 1).unwrap_err(), StoreError::Duplicate);
    assert_eq!(s.actions(id).unwrap().len(), 1);
    assert!(s.request_seen("local", "r1").unwrap());
}

#[test]
fn committed_steps_survive_reopening_the_file() {
    let path = std::env::temp_dir().join(format!("sherpa-reopen-{}.db", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let id = {
        let mut s = Store::open(&path).unwrap();
        let id = new_game(&mut s, "c").unwrap();
        s.commit(
            id,
            0,
            Change {
                actions: vec![step(0, "a"), step(0, "b")],
                snapshot: Some(b"x".to_vec()),
                ..Default::default()
            },
            1,
        )
        .unwrap();
        id
    };
    let s = Store::open(&path).unwrap();
    let log: Vec<String> = s.actions(id).unwrap().into_iter().map(|a| a.step).collect();
    assert_eq!(log, vec!["a", "b"]);
    assert_eq!(s.snapshot(id).unwrap(), Some((1, b"x".to_vec())));
    for ext in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{ext}", path.display()));
    }
}

#[test]
fn votes_accumulate_and_clear() {
    let mut s = Store::open_in_memory().unwrap();
    let id = new_game(&mut s, "c").unwrap();
    s.vote(id, "abort", "u1", 1).unwrap();
    assert_eq!(s.vote(id, "abort", "u2", 2).unwrap(), vec!["u1", "u2"]);
    assert_eq!(
        s.vote(id, "abort", "u2", 3).unwrap().len(),
        2,
        "a second vote by the same user counts once"
    );
    s.clear_votes(id, "abort").unwrap();
    assert!(s.voters(id, "abort").unwrap().is_empty());
}
