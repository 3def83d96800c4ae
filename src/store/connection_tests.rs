//! Operating the store: database locations, connection failures and their causes, a
//! PostgreSQL restart under an open store, TLS to PostgreSQL, and `migrate-db`'s copy
//! into a destination that is not empty or that fails half-way.

use super::tests::{both_backends, new_game};
use super::*;
use std::process::Command;
use std::time::{Duration, Instant};

fn location_error(s: &str) -> String {
    match DbLocation::parse(s) {
        Err(StoreError::BadLocation(why)) => why,
        other => panic!("`{s}` should be refused, got {other:?}"),
    }
}

#[test]
fn unknown_database_url_schemes_are_refused_by_name() {
    for (url, scheme) in [
        ("mysql://u@h/db", "mysql://"),
        ("postgress://u@h/db", "postgress://"),
        (" sqlite3://games.db", "sqlite3://"),
    ] {
        let why = location_error(url);
        assert!(why.contains(&format!("`{scheme}`")), "{why}");
        assert!(
            why.contains("postgres://") && why.contains("sqlite:"),
            "{why}"
        );
    }
    // Paths stay paths.
    assert_eq!(
        DbLocation::parse("data/sherpa.db").unwrap(),
        DbLocation::Sqlite("data/sherpa.db".into())
    );
}

#[test]
fn tls_parameters_are_read_or_refused_by_name() {
    let refused = |url: &str| match pg_connect::PgTarget::parse(url) {
        Err(StoreError::BadLocation(why)) => why,
        Err(other) => panic!("{url}: wrong error {other:?}"),
        Ok(_) => panic!("{url} should be refused"),
    };
    let why = refused("postgres://u@h/db?sslmode=verify-ful");
    assert!(
        why.contains("verify-ful") && why.contains("verify-full"),
        "{why}"
    );
    let why = refused("postgres://u@h/db?sslmode=verify-ca");
    assert!(why.contains("verify-full"), "{why}");
    let why = refused("postgres://u@h/db?sslmode=verify-full&sslrootcert=/nonexistent/ca.pem");
    assert!(why.contains("/nonexistent/ca.pem"), "{why}");
    let why = refused("postgres://u@h/db?sslrootcert=/tmp/ca.pem");
    assert!(why.contains("verify-full"), "{why}");
    for ok in [
        "postgres://u@h/db",
        "postgres://u@h/db?sslmode=require",
        "postgres://u@h/db?connect_timeout=5&sslmode=verify-full",
        "postgres://u@h/db?sslmode=disable",
    ] {
        assert!(pg_connect::PgTarget::parse(ok).is_ok(), "{ok}");
    }
}

#[test]
fn a_failed_connection_says_why() {
    let cluster = pg_cluster::shared().unwrap();
    // A database that does not exist.
    let e = Store::connect_postgres(&cluster.url("no_such_database"))
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("\"no_such_database\" does not exist"), "{e}");
    assert!(e.contains("cannot connect"), "{e}");
    // A port nobody listens on.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let e = Store::connect_postgres(&format!("postgres://sherpa@127.0.0.1:{port}/x"))
        .err()
        .unwrap();
    assert!(matches!(e, StoreError::Unavailable(_)), "{e:?}");
    assert!(e.to_string().to_lowercase().contains("refused"), "{e}");
    // Players get neither.
    assert_eq!(
        e.player_text(),
        "the game store is unavailable, try again in a minute"
    );
    assert!(!StoreError::Sql("relation x".into())
        .player_text()
        .contains("relation"));
}

#[test]
fn a_refused_password_says_authentication_failed() {
    // A cluster of its own: it is made to require a password.
    let cluster = pg_cluster::Cluster::start().unwrap();
    let without = cluster.create_database("auth").unwrap();
    cluster.require_password("right1").unwrap();
    let with = |pw: &str| format!("postgres://sherpa:{pw}@127.0.0.1:{}/auth", cluster.port());
    let e = Store::connect_postgres(&with("wrong"))
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("cannot connect to PostgreSQL"), "{e}");
    assert!(
        e.contains("password authentication failed for user \"sherpa\""),
        "{e}"
    );
    // Without a password in the URL: the client says one is needed.
    let e = Store::connect_postgres(&without).err().unwrap().to_string();
    assert!(e.contains("password"), "{e}");
    Store::connect_postgres(&with("right1")).unwrap();
}

/// Poll `f` until it returns `Some`, for at most `limit`.
fn within<T>(limit: Duration, mut f: impl FnMut() -> Option<T>) -> Option<T> {
    let t0 = Instant::now();
    loop {
        if let Some(v) = f() {
            return Some(v);
        }
        if t0.elapsed() > limit {
            return None;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

#[test]
fn a_postgres_restart_is_survived_by_an_open_store() {
    // A cluster of its own: it is stopped and started under the store.
    let cluster = pg_cluster::Cluster::start().unwrap();
    let url = cluster.create_database("restart").unwrap();
    let mut s = Store::connect_postgres(&url).unwrap();
    let first = new_game(&mut s, "c1").unwrap();
    cluster.stop_fast().unwrap();
    // Down: unavailable (with the cause for the log), however often it is asked.
    for _ in 0..3 {
        match s.log().game(first) {
            Err(StoreError::Unavailable(cause)) => assert!(!cause.is_empty()),
            other => panic!("expected Unavailable, got {other:?}"),
        }
    }
    cluster.start_again().unwrap();
    // Back: a later use connects again (after at most the backoff's wait).
    let row = within(Duration::from_secs(20), || s.log().game(first).ok())
        .expect("the store connects again once PostgreSQL is back");
    assert_eq!(row.channel, "c1");
    new_game(&mut s, "c2").unwrap();
}

/// Run `openssl` with `args` in `dir`; panics with its output when it fails (a TLS test
/// needs it: no skip).
fn openssl(dir: &Path, args: &[&str]) {
    let out = Command::new("openssl")
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the TLS tests need the `openssl` command (apt-get install openssl)");
    assert!(
        out.status.success(),
        "openssl {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A CA (`<name>.crt`, `<name>.key`) in `dir`.
fn make_ca(dir: &Path, name: &str) {
    let (crt, key) = (format!("{name}.crt"), format!("{name}.key"));
    openssl(
        dir,
        &[
            "req",
            "-x509",
            "-newkey",
            "ec",
            "-pkeyopt",
            "ec_paramgen_curve:prime256v1",
            "-nodes",
            "-keyout",
            &key,
            "-out",
            &crt,
            "-days",
            "2",
            "-subj",
            &format!("/CN=sherpa test {name}"),
        ],
    );
}

/// A server certificate for 127.0.0.1 signed by the CA `ca`: `server.crt`, `server.key`.
fn make_server_cert(dir: &Path, ca: &str) {
    std::fs::write(dir.join("san.ext"), "subjectAltName=IP:127.0.0.1\n").unwrap();
    openssl(
        dir,
        &[
            "req",
            "-newkey",
            "ec",
            "-pkeyopt",
            "ec_paramgen_curve:prime256v1",
            "-nodes",
            "-keyout",
            "server.key",
            "-out",
            "server.csr",
            "-subj",
            "/CN=127.0.0.1",
        ],
    );
    openssl(
        dir,
        &[
            "x509",
            "-req",
            "-in",
            "server.csr",
            "-CA",
            &format!("{ca}.crt"),
            "-CAkey",
            &format!("{ca}.key"),
            "-CAcreateserial",
            "-out",
            "server.crt",
            "-days",
            "2",
            "-extfile",
            "san.ext",
        ],
    );
}

/// Is this store's connection encrypted (the server's view)?
fn encrypted(s: &Store) -> bool {
    s.debug_query_i64(
        "SELECT CASE WHEN ssl THEN 1 ELSE 0 END FROM pg_stat_ssl WHERE pid = pg_backend_pid()",
    )
    .unwrap()
        == 1
}

#[test]
fn tls_require_and_verify_full_connect_and_verify_full_refuses_a_wrong_ca_or_host() {
    let dir = std::env::temp_dir().join(format!("sherpa-tls-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    make_ca(&dir, "ca");
    make_ca(&dir, "other_ca");
    make_server_cert(&dir, "ca");
    let cluster = pg_cluster::Cluster::start().unwrap();
    cluster
        .enable_tls(&dir.join("server.crt"), &dir.join("server.key"))
        .unwrap();
    let url = cluster.create_database("tls").unwrap();
    let ca = dir.join("ca.crt");
    let other = dir.join("other_ca.crt");

    let plain = Store::connect_postgres(&url).unwrap();
    assert!(!encrypted(&plain), "no sslmode: plain, as before");
    let required = Store::connect_postgres(&format!("{url}?sslmode=require")).unwrap();
    assert!(encrypted(&required));
    let verified = Store::connect_postgres(&format!(
        "{url}?sslmode=verify-full&sslrootcert={}",
        ca.display()
    ))
    .unwrap();
    assert!(encrypted(&verified));
    // The migrations ran over TLS too: the schema is there.
    assert_eq!(
        verified.schema_version().unwrap(),
        Store::supported_version()
    );

    // A certificate from another CA.
    let e = Store::connect_postgres(&format!(
        "{url}?sslmode=verify-full&sslrootcert={}",
        other.display()
    ))
    .err()
    .expect("a certificate of an unknown CA is refused")
    .to_string();
    assert!(e.to_lowercase().contains("certificate"), "{e}");
    // The right CA, but the server is reached under a name its certificate does not hold.
    let port = cluster.port();
    let e = Store::connect_postgres(&format!(
        "postgres://sherpa@db.example:{port}/tls?hostaddr=127.0.0.1&sslmode=verify-full&sslrootcert={}",
        ca.display()
    ))
    .err()
    .expect("a certificate for another host is refused")
    .to_string();
    assert!(e.to_lowercase().contains("certificate"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The copied tables of `s` that hold rows.
fn used_tables(s: &Store) -> Vec<String> {
    s.db.with(copy_tables_in_use).unwrap()
}

fn copy_tables_in_use(ex: &mut dyn Exec) -> Result<Vec<String>> {
    super::copy::tables_in_use(ex)
}

fn a_source_with_a_game_and_settings() -> Store {
    let mut src = Store::open_in_memory().unwrap();
    new_game(&mut src, "c1").unwrap();
    let prefs = crate::reminders::Prefs {
        delay: Some(7200),
        ..Default::default()
    };
    src.schedules_mut()
        .set_reminder_prefs("u1", &prefs)
        .unwrap();
    src
}

both_backends! {
    fn migrate_db_into_a_destination_holding_only_settings_is_refused_before_writing(s, fx) {
        let src = a_source_with_a_game_and_settings();
        // No game in the destination, but a player's reminder setting.
        let prefs = crate::reminders::Prefs { delay: Some(60), ..Default::default() };
        s.schedules_mut().set_reminder_prefs("u9", &prefs).unwrap();
        let e = s.copy_from(&src).unwrap_err().to_string();
        assert!(e.contains("reminder_prefs"), "{e}");
        assert_eq!(used_tables(&s), vec!["reminder_prefs (1 rows)".to_string()]);
    }

    fn a_migrate_db_copy_failing_half_way_leaves_the_destination_as_it_was(s, fx) {
        let src = a_source_with_a_game_and_settings();
        // The destination refuses the players' reminder settings, which are copied after
        // the games.
        let refuse = if fx.loc.is_postgres() {
            "ALTER TABLE reminder_prefs ADD CONSTRAINT refuse_all CHECK (user_id = '')"
        } else {
            "CREATE TRIGGER refuse_all BEFORE INSERT ON reminder_prefs BEGIN SELECT RAISE(ABORT, 'refused'); END"
        };
        s.debug_exec(refuse).unwrap();
        assert!(s.copy_from(&src).is_err());
        assert!(used_tables(&s).is_empty(), "nothing of the copy stays");
        assert_eq!(s.debug_query_i64("SELECT COUNT(*) FROM games").unwrap(), 0);
        // Once the cause is gone, the same copy runs again, whole.
        let drop = if fx.loc.is_postgres() {
            "ALTER TABLE reminder_prefs DROP CONSTRAINT refuse_all"
        } else {
            "DROP TRIGGER refuse_all"
        };
        s.debug_exec(drop).unwrap();
        let report = s.copy_from(&src).unwrap();
        assert_eq!(report.games.len(), 1);
        assert_eq!(s.schedules().reminder_prefs("u1").unwrap().delay, Some(7200));
    }

    // The terminal's web secret (no `[web] secret` in a config) goes with its games, so the
    // links `game web` gave before the move still open their pages.
    fn migrate_db_copies_the_web_secret_so_old_links_stay_valid(s, fx) {
        let mut src = a_source_with_a_game_and_settings();
        src.set_web_secret("a secret of the terminal's", 5).unwrap();
        s.copy_from(&src).unwrap();
        assert_eq!(s.web_secret().unwrap().as_deref(), Some("a secret of the terminal's"));
    }

    fn migrating_an_up_to_date_postgres_schema_again_raises_no_notice(s, fx) {
        drop(s);
        let again = fx.open();
        assert_eq!(again.db.notices(), 0, "no `already exists` notice at start-up");
    }
}
