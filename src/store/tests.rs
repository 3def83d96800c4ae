//! The store's tests. Each test in `both_backends!` runs twice: `…::sqlite` on a SQLite
//! file and `…::postgres` on a fresh database of the test process's PostgreSQL cluster.

use super::*;
use std::collections::BTreeMap;

/// A fresh database on one backend; [`Fixture::open`] opens another connection to it (a
/// reopened file, a second PostgreSQL client), as a restart or a second process would.
pub(crate) struct Fixture {
    pub(crate) loc: DbLocation,
    dir: Option<PathBuf>,
}

impl Fixture {
    pub(crate) fn new(postgres: bool) -> Fixture {
        if postgres {
            return Fixture {
                loc: DbLocation::Postgres(pg_cluster::test_database()),
                dir: None,
            };
        }
        use std::sync::atomic::{AtomicU64, Ordering};
        static N: AtomicU64 = AtomicU64::new(0);
        let dir = std::env::temp_dir().join(format!(
            "sherpa-store-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Fixture {
            loc: DbLocation::Sqlite(dir.join("s.db")),
            dir: Some(dir),
        }
    }

    pub(crate) fn open(&self) -> Store {
        Store::open_location(&self.loc).unwrap()
    }
}

impl Drop for Fixture {
    fn drop(&mut self) {
        if let Some(d) = &self.dir {
            let _ = std::fs::remove_dir_all(d);
        }
    }
}

/// `fn name(store, fixture) { body }` → tests `name::sqlite` and `name::postgres`, each with
/// `store` opened on a fresh database of its backend.
macro_rules! both_backends {
    ($(fn $name:ident($s:ident, $fx:ident) $body:block)*) => {$(
        mod $name {
            #[allow(unused_imports)]
            use super::*;
            #[allow(unused_mut, unused_variables)]
            fn body($fx: &$crate::store::tests::Fixture) {
                let mut $s = $fx.open();
                $body
            }
            #[test]
            fn sqlite() {
                body(&$crate::store::tests::Fixture::new(false))
            }
            #[test]
            fn postgres() {
                body(&$crate::store::tests::Fixture::new(true))
            }
        }
    )*};
}
pub(crate) use both_backends;

/// How the connection's commits wait for the disk: SQLite's `synchronous` (2 = FULL,
/// 1 = NORMAL), PostgreSQL's `synchronous_commit`.
fn sync_setting(ex: &mut dyn Exec, sqlite: bool) -> Result<String> {
    if sqlite {
        Ok(ex.query_one("PRAGMA synchronous", &[])?.i64(0)?.to_string())
    } else {
        ex.query_one("SHOW synchronous_commit", &[])?.text(0)
    }
}

pub(crate) fn new_game(s: &mut Store, channel: &str) -> Result<i64> {
    s.log_mut().create_game(
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
fn database_locations_parse() {
    assert_eq!(
        DbLocation::parse("postgres://u:pw@h:5/db").unwrap(),
        DbLocation::Postgres("postgres://u:pw@h:5/db".into())
    );
    assert!(DbLocation::parse("postgresql://h/db")
        .unwrap()
        .is_postgres());
    assert_eq!(
        DbLocation::parse("sqlite:games.db").unwrap(),
        DbLocation::Sqlite("games.db".into())
    );
    assert_eq!(
        DbLocation::parse("sherpa.db").unwrap(),
        DbLocation::Sqlite("sherpa.db".into())
    );
    assert_eq!(
        DbLocation::parse("postgres://u:pw@h:5/db")
            .unwrap()
            .to_string(),
        "postgres://u:***@h:5/db",
        "the password is never printed"
    );
}

both_backends! {
    fn migrations_set_the_version_to_the_number_of_files(s, fx) {
        assert_eq!(s.schema_version().unwrap(), MIGRATIONS.len() as i64);
        // Opening again migrates nothing and keeps the version.
        drop(s);
        assert_eq!(fx.open().schema_version().unwrap(), MIGRATIONS.len() as i64);
    }

    fn database_newer_than_binary_is_refused(s, fx) {
        match fx.loc {
            DbLocation::Sqlite(_) => s.debug_exec("PRAGMA user_version = 999").unwrap(),
            DbLocation::Postgres(_) => s.debug_exec("UPDATE sherpa_schema SET version = 999").unwrap(),
        }
        drop(s);
        match Store::open_location(&fx.loc) {
            Err(e @ StoreError::TooNew { found: 999, .. }) => {
                // Worded per backend: a PostgreSQL database is not a file.
                let text = e.to_string();
                assert!(text.contains("newer"), "{text}");
                let other = if fx.loc.is_postgres() { "another PostgreSQL database" } else { "another database file" };
                assert!(text.contains(other), "{text}");
            }
            other => panic!("expected TooNew, got {:?}", other.map(|_| ())),
        }
    }

    fn one_active_game_per_channel_but_many_per_server(s, fx) {
        new_game(&mut s, "c1").unwrap();
        assert_eq!(
            new_game(&mut s, "c1"),
            Err(StoreError::Conflict("a game is already open in this channel".into()))
        );
        new_game(&mut s, "thread-2").unwrap();
    }

    fn stale_version_is_refused_and_writes_nothing(s, fx) {
        let id = new_game(&mut s, "c").unwrap();
        let v = s
            .log_mut().commit(
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
            .log_mut().commit(
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
        assert_eq!(s.log().actions(id).unwrap().len(), 1);
        assert_eq!(s.log().game(id).unwrap().version, 1);
    }

    fn same_request_id_is_applied_once(s, fx) {
        let id = new_game(&mut s, "c").unwrap();
        let ch = || Change {
            actions: vec![step(0, "end")],
            request: Some(("local", "r1")),
            ..Default::default()
        };
        s.log_mut().commit(id, 0, ch(), 1).unwrap();
        assert_eq!(s.log_mut().commit(id, 1, ch(), 1).unwrap_err(), StoreError::Duplicate);
        assert_eq!(s.log().actions(id).unwrap().len(), 1);
        assert!(s.log().request_seen("local", "r1").unwrap());
        // Also through another connection (another process).
        let mut other = fx.open();
        assert_eq!(other.log_mut().commit(id, 1, ch(), 1).unwrap_err(), StoreError::Duplicate);
        assert_eq!(other.log().actions(id).unwrap().len(), 1);
    }

    fn committed_steps_survive_reopening(s, fx) {
        let id = new_game(&mut s, "c").unwrap();
        s.log_mut().commit(
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
        drop(s);
        let s = fx.open();
        let log: Vec<String> = s.log().actions(id).unwrap().into_iter().map(|a| a.step).collect();
        assert_eq!(log, vec!["a", "b"]);
        assert_eq!(s.log().snapshot(id).unwrap(), Some((1, b"x".to_vec())));
    }

    fn votes_accumulate_and_clear(s, fx) {
        let id = new_game(&mut s, "c").unwrap();
        s.log_mut().vote(id, "abort", "u1", 1).unwrap();
        assert_eq!(s.log_mut().vote(id, "abort", "u2", 2).unwrap(), vec!["u1", "u2"]);
        assert_eq!(
            s.log_mut().vote(id, "abort", "u2", 3).unwrap().len(),
            2,
            "a second vote by the same user counts once"
        );
        assert_eq!(s.log().motions(id).unwrap(), vec!["abort"]);
        s.log_mut().clear_votes(id, "abort").unwrap();
        assert!(s.log().voters(id, "abort").unwrap().is_empty());
    }

    fn values_read_back_as_written(s, fx) {
        // 64-bit seeds, NULL guilds, bytes with every value, flags, options JSON.
        let mut opts = BTreeMap::new();
        opts.insert("map".to_string(), "big ✓".to_string());
        let id = s
            .log_mut().create_game("discord", Some("g1"), "c", "nepal", &opts, u64::MAX - 7, ("u1", "ann"), Some(("discord", "req")), i64::MAX - 1)
            .unwrap();
        let g = s.log().game(id).unwrap();
        assert_eq!((g.seed, g.guild.as_deref(), g.options, g.created_at), (u64::MAX - 7, Some("g1"), opts, i64::MAX - 1));
        let blob: Vec<u8> = (0..=255).collect();
        let c = s
            .log_mut().commit_full(
                id,
                0,
                Change {
                    actions: vec![NewAction { secret: true, barrier: true, turn_end: true, ..step(1, "x") }],
                    snapshot: Some(blob.clone()),
                    resign: vec![0],
                    outbox: vec![
                        OutboxEntry { payload: "p1".into(), image: Some(blob.clone()), file: Some(("f.txt".into(), vec![0, 1])) },
                        OutboxEntry { payload: "p2".into(), image: None, file: None },
                    ],
                    ..Default::default()
                },
                5,
            )
            .unwrap();
        assert_eq!(c.outbox.len(), 2);
        assert!(c.outbox[0] < c.outbox[1]);
        let a = &s.log().actions(id).unwrap()[0];
        assert_eq!((a.seat, a.secret, a.barrier, a.turn_end, a.at), (1, true, true, true, 5));
        assert_eq!(s.log().snapshot(id).unwrap(), Some((1, blob.clone())));
        assert!(s.log().seats(id).unwrap()[0].resigned);
        let pending = s.outbox().undelivered("discord", 5, i64::MAX).unwrap();
        assert_eq!(pending.len(), 2);
        assert_eq!(pending[0].entry.image.as_deref(), Some(&blob[..]));
        assert_eq!(pending[0].entry.file, Some(("f.txt".into(), vec![0, 1])));
        assert_eq!(pending[1].entry.image, None);
        assert_eq!(s.outbox().recent_payloads(id, 1).unwrap(), vec!["p2"]);
        s.outbox_mut().mark_delivered(&c.outbox, 6).unwrap();
        s.outbox_mut().mark_delivered(&c.outbox, 7).unwrap();
        assert!(s.outbox().undelivered("discord", 100, i64::MAX).unwrap().is_empty());
        assert_eq!(s.outbox().outbox_high_water().unwrap(), c.outbox[1]);
    }

    // The outbox's delivered marks commit without waiting for the disk (SQLite:
    // `synchronous=NORMAL` for that transaction; PostgreSQL: `synchronous_commit` off),
    // and every other commit keeps the full fsync afterwards, also after a failed mark.
    fn delivered_marks_skip_the_fsync_and_every_other_commit_keeps_it(s, fx) {
        let sqlite = s.db.dialect() == Dialect::Sqlite;
        let setting = |ex: &mut dyn Exec| sync_setting(ex, sqlite);
        let (full, relaxed) = if sqlite { ("2", "1") } else { ("on", "off") };
        assert_eq!(s.db.tx(setting).unwrap(), full);
        assert_eq!(s.db.tx_unsynced(setting).unwrap(), relaxed);
        assert_eq!(s.db.tx(setting).unwrap(), full);
        let failed: Result<()> = s
            .db
            .tx_unsynced(|_| Err(StoreError::Sql("refused on purpose".into())));
        assert!(failed.is_err());
        assert_eq!(s.db.with(setting).unwrap(), full);
        // A mark survives the store being dropped and reopened.
        let id = new_game(&mut s, "d").unwrap();
        let c = s
            .log_mut().commit_full(
                id,
                0,
                Change {
                    actions: vec![step(0, "a")],
                    outbox: vec![OutboxEntry {
                        payload: "p".into(),
                        ..Default::default()
                    }],
                    ..Default::default()
                },
                5,
            )
            .unwrap();
        s.outbox_mut().mark_delivered(&c.outbox, 6).unwrap();
        assert_eq!(s.db.with(setting).unwrap(), full);
        drop(s);
        let s = fx.open();
        assert!(s.outbox().undelivered("discord", 100, i64::MAX).unwrap().is_empty());
    }

    // A step's commit (`commit_sync_later`) on a SQLite file writes its transaction to the
    // log without the fsync (`synchronous=NORMAL` inside it, `FULL` again after, also after
    // a failed one); its `Pending` syncs that file, the log beside the database, when
    // waited on, and not before. On PostgreSQL the commit is durable when it returns and
    // there is no file to sync.
    fn a_steps_commit_defers_its_fsync_to_the_pending_wait(s, fx) {
        let sqlite = s.db.dialect() == Dialect::Sqlite;
        let setting = |ex: &mut dyn Exec| sync_setting(ex, sqlite);
        let (full, relaxed) = if sqlite { ("2", "1") } else { ("on", "on") };
        let (inside, pending) = s.db.tx_sync_later(setting).unwrap();
        assert_eq!(inside, relaxed);
        assert_eq!(s.db.with(setting).unwrap(), full);
        let failed = s
            .db
            .tx_sync_later(|_| -> Result<()> { Err(StoreError::Sql("refused on purpose".into())) });
        assert!(failed.is_err());
        assert_eq!(s.db.with(setting).unwrap(), full);
        let log = match &fx.loc {
            DbLocation::Sqlite(p) => {
                let mut l = p.as_os_str().to_owned();
                l.push("-wal");
                Some(PathBuf::from(l))
            }
            DbLocation::Postgres(_) => None,
        };
        assert_eq!(pending.log_file(), log.as_deref());
        assert_eq!(s.log_syncs(), 0);
        pending.wait().unwrap();
        let id = new_game(&mut s, "w").unwrap();
        let (c, pending) = s
            .log_mut().commit_sync_later(id, 0, Change { actions: vec![step(0, "a")], ..Default::default() }, 1)
            .unwrap();
        assert_eq!(c.version, 1);
        let before = s.log_syncs();
        pending.wait().unwrap();
        assert_eq!(s.log_syncs(), before + u64::from(sqlite));
        // The plain commit waits itself.
        s.log_mut().commit_full(id, 1, Change { actions: vec![step(0, "b")], ..Default::default() }, 2)
            .unwrap();
        assert_eq!(s.log_syncs(), before + 2 * u64::from(sqlite));
        drop(s);
        let s = fx.open();
        assert_eq!(s.log().actions(id).unwrap().len(), 2);
        // An in-memory database has no log file: its commits are done when they return.
        let mem = Store::open_in_memory().unwrap();
        let ((), pending) = mem.db.tx_sync_later(|_| Ok(())).unwrap();
        assert_eq!(pending.log_file(), None);
        pending.wait().unwrap();
    }

    fn checkpoints_are_written_every_hundred_rows(s, fx) {
        let id = new_game(&mut s, "c").unwrap();
        let mut v = 0;
        for i in 0..3 {
            let actions = (0..60).map(|j| step(0, &format!("s{i}-{j}"))).collect();
            v = s
                .log_mut().commit(id, v, Change { actions, snapshot: Some(vec![i]), ..Default::default() }, 1)
                .unwrap();
        }
        // Rows 1-60, 61-120 (crosses 100), 121-180.
        assert_eq!(s.log().checkpoint_seqs(id).unwrap(), vec![120]);
        assert_eq!(s.log().checkpoint(id, 120).unwrap(), Some(vec![1]));
        s.debug_set_checkpoint(id, 120, b"z").unwrap();
        assert_eq!(s.log().checkpoint(id, 120).unwrap(), Some(b"z".to_vec()));
        assert_eq!(s.log().checkpoint(id, 60).unwrap(), None);
    }

    fn imported_games_and_summaries(s, fx) {
        let seats = vec![
            SeatRow { seat: 0, user_id: "u1".into(), name: "ann".into(), resigned: false },
            SeatRow { seat: 1, user_id: "u2".into(), name: "bob".into(), resigned: true },
        ];
        let id = s
            .log_mut().import_game("local", "c", "nepal", &BTreeMap::new(), 9, &seats, &[step(0, "a"), step(1, "b")], GameStatus::Running, b"snap", 1, 3)
            .unwrap();
        assert_eq!(s.log().seats(id).unwrap(), seats);
        assert_eq!(s.log().actions(id).unwrap().len(), 2);
        assert_eq!(s.log().running_games().unwrap(), vec![id]);
        let sum = s.log().running_summaries().unwrap();
        assert_eq!(sum, vec![RunningSummary { id, kind: "nepal".into(), version: 1, snapshot_version: Some(1) }]);
        s.debug_drop_snapshot(id).unwrap();
        assert_eq!(s.log().running_summaries().unwrap()[0].snapshot_version, None);
        s.log_mut().set_broken(id, Some("why")).unwrap();
        assert_eq!(s.log().game(id).unwrap().broken.as_deref(), Some("why"));
        assert_eq!(s.log().all_games().unwrap().len(), 1);
        assert_eq!(s.log().active_game("local", "c").unwrap().map(|g| g.id), Some(id));
        assert_eq!(s.log().latest_game("local", "nowhere").unwrap(), None);
        assert_eq!(s.log().game(id + 1000), Err(StoreError::NotFound));
    }

    fn two_connections_committing_at_one_version_apply_one(s, fx) {
        // Two processes act on one game at once: one change is applied, the other is told
        // the game moved on, and the log holds exactly the one change.
        let id = new_game(&mut s, "c").unwrap();
        for round in 0..20i64 {
            let v = s.log().game(id).unwrap().version;
            let barrier = std::sync::Arc::new(std::sync::Barrier::new(2));
            let results: Vec<Result<i64>> = std::thread::scope(|scope| {
                let hs: Vec<_> = (0..2)
                    .map(|who| {
                        let b = barrier.clone();
                        let fx = &fx;
                        scope.spawn(move || {
                            let mut st = fx.open();
                            b.wait();
                            st.log_mut().commit(
                                id,
                                v,
                                Change { actions: vec![step(who, &format!("r{round}-{who}"))], ..Default::default() },
                                round,
                            )
                        })
                    })
                    .collect();
                hs.into_iter().map(|h| h.join().unwrap()).collect()
            });
            let ok = results.iter().filter(|r| r.is_ok()).count();
            assert_eq!(ok, 1, "round {round}: {results:?}");
            assert!(
                results.contains(&Err(StoreError::Stale { expected: v })),
                "{results:?}"
            );
            assert_eq!(s.log().actions(id).unwrap().len() as i64, round + 1);
        }
    }
}

both_backends! {
    fn a_rematch_lobby_repeats_its_game_and_waits_for_the_channel_to_be_free(s, fx) {
        let first = new_game(&mut s, "c1").unwrap();
        let seat = |seat: usize, user_id: &str, name: &str| SeatRow {
            seat,
            user_id: user_id.into(),
            name: name.into(),
            resigned: false,
        };
        // A Sherpa player comes back with its opener, in the seats given.
        let seats = [seat(0, "sherpa:ai:easy", "Sherpa (easy)"), seat(1, "u2", "bob")];
        // The first game is still open in the channel: no second lobby there.
        assert!(matches!(
            s.log_mut().create_rematch(first, 7, "u2", &seats, None, 200),
            Err(StoreError::Conflict(_))
        ));
        let change = Change {
            status: Some(GameStatus::Finished),
            ..Default::default()
        };
        s.log_mut().commit(first, 0, change, 300).unwrap();
        let again = s.log_mut().create_rematch(first, 7, "u2", &seats, None, 400).unwrap();
        let row = s.log().game(again).unwrap();
        assert_eq!((row.channel.as_str(), row.kind.as_str(), row.seed), ("c1", "nepal", 7));
        assert_eq!((row.creator.as_str(), row.status), ("u2", GameStatus::Lobby));
        assert_eq!(s.log().seats(again).unwrap(), seats);
        assert_eq!(fx.open().log().rematch_of(again).unwrap(), Some(first));
        assert_eq!(s.log().rematch_of(first).unwrap(), None);
        assert!(matches!(
            s.log_mut().create_rematch(9999, 7, "u2", &seats, None, 500),
            Err(StoreError::NotFound)
        ));
        // Listing: the open lobby, for its seated player and for the server.
        let listed = s.log().active_games_in("local", None, Some("u2"), 10).unwrap();
        assert_eq!(listed.iter().map(|g| g.row.id).collect::<Vec<_>>(), [again]);
        assert!(s.log().active_games_in("local", None, Some("u1"), 10).unwrap().is_empty());
    }
}
