//! A throwaway PostgreSQL cluster on 127.0.0.1, for the tests and `sherpa bench`: a fresh
//! data directory in the system temp folder, a free port, no password (trust on loopback),
//! no fsync (nothing in it is meant to outlive the run).
//!
//! Invariants:
//! - The cluster is stopped and its directory removed when the [`Cluster`] is dropped, and
//!   also when the process that started it ends without dropping it (a watcher process
//!   waits for it), so a test binary holding one in a `static` leaves nothing running.
//! - `initdb` refuses to run as root: as root, the cluster runs as the user `nobody` (via
//!   `runuser`), in a directory that user owns.
//! - Missing PostgreSQL binaries are an error that says what to install, never a skip.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

/// A running throwaway cluster. The superuser is `sherpa`.
pub struct Cluster {
    dir: PathBuf,
    bin: PathBuf,
    port: u16,
    run_as: Option<String>,
}

/// Where the PostgreSQL server binaries are: `$SHERPA_PG_BIN`, else the newest
/// `/usr/lib/postgresql/<version>/bin`, else `pg_config --bindir`, else the `PATH`.
fn find_bin() -> Result<PathBuf, String> {
    if let Ok(dir) = std::env::var("SHERPA_PG_BIN") {
        return Ok(PathBuf::from(dir));
    }
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let v = e.file_name().to_string_lossy().parse::<u32>().ok()?;
            let bin = e.path().join("bin");
            bin.join("initdb").is_file().then_some((v, bin))
        })
        .collect();
    versions.sort();
    if let Some((_, bin)) = versions.pop() {
        return Ok(bin);
    }
    if let Ok(out) = Command::new("pg_config").arg("--bindir").output() {
        let dir = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
        if dir.join("initdb").is_file() {
            return Ok(dir);
        }
    }
    for dir in std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()) {
        if dir.join("initdb").is_file() && dir.join("pg_ctl").is_file() {
            return Ok(dir);
        }
    }
    Err(
        "PostgreSQL's server programs (initdb, pg_ctl) were not found: install PostgreSQL \
         (`apt-get install -y postgresql` on Debian or Ubuntu) or set SHERPA_PG_BIN to the \
         folder holding them"
            .into(),
    )
}

fn free_port() -> Result<u16, String> {
    let l = std::net::TcpListener::bind("127.0.0.1:0").map_err(|e| format!("no free port: {e}"))?;
    l.local_addr()
        .map(|a| a.port())
        .map_err(|e| format!("no free port: {e}"))
}

fn sh_quote(p: &Path) -> String {
    format!("'{}'", p.display().to_string().replace('\'', r"'\''"))
}

impl Cluster {
    /// Create and start a cluster. Takes a few seconds.
    pub fn start() -> Result<Cluster, String> {
        static N: AtomicU64 = AtomicU64::new(0);
        let bin = find_bin()?;
        // SAFETY: geteuid has no preconditions and cannot fail.
        let root = unsafe { libc::geteuid() } == 0;
        let run_as = root.then(|| "nobody".to_string());
        let dir = std::env::temp_dir().join(format!(
            "sherpa-pg-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        if root {
            let (uid, gid) = nobody_ids()?;
            std::os::unix::fs::chown(&dir, Some(uid), Some(gid))
                .map_err(|e| format!("cannot give {} to nobody: {e}", dir.display()))?;
        }
        let port = free_port()?;
        let cluster = Cluster {
            dir,
            bin,
            port,
            run_as,
        };
        cluster.watch_parent();
        let data = cluster.dir.join("data");
        cluster.run(
            "initdb",
            &[
                "-D",
                &data.to_string_lossy(),
                "-U",
                "sherpa",
                "--auth=trust",
                "-E",
                "UTF8",
                "--no-sync",
            ],
        )?;
        cluster.start_server()?;
        Ok(cluster)
    }

    /// Start the server of the created data directory (`pg_ctl start`, waiting until it
    /// accepts connections).
    fn start_server(&self) -> Result<(), String> {
        let opts = format!(
            "-p {} -h 127.0.0.1 -k {} -F -c max_connections=200 -c shared_buffers=32MB",
            self.port,
            self.dir.display()
        );
        self.run(
            "pg_ctl",
            &[
                "-D",
                &self.dir.join("data").to_string_lossy(),
                "-o",
                &opts,
                "-l",
                &self.dir.join("log").to_string_lossy(),
                "-w",
                "-t",
                "60",
                "start",
            ],
        )
    }

    /// Stop the server as an operator would for a restart (`pg_ctl stop -m fast`: open
    /// connections are closed); [`Cluster::start_again`] starts it on the same port.
    pub fn stop_fast(&self) -> Result<(), String> {
        self.run(
            "pg_ctl",
            &[
                "-D",
                &self.dir.join("data").to_string_lossy(),
                "-m",
                "fast",
                "-w",
                "stop",
            ],
        )
    }

    /// Start the server again after [`Cluster::stop_fast`].
    pub fn start_again(&self) -> Result<(), String> {
        self.start_server()
    }

    /// Turn TLS on (`ssl = on`, reloaded without a restart) with the PEM certificate
    /// chain and key at `cert` and `key`, copied into the cluster's folder for the server's
    /// user. Plain connections stay accepted.
    pub fn enable_tls(&self, cert: &Path, key: &Path) -> Result<(), String> {
        let (cert_to, key_to) = (self.dir.join("server.crt"), self.dir.join("server.key"));
        for (from, to) in [(cert, &cert_to), (key, &key_to)] {
            std::fs::copy(from, to).map_err(|e| format!("copying {}: {e}", from.display()))?;
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(to, std::fs::Permissions::from_mode(0o600))
                .map_err(|e| format!("{}: {e}", to.display()))?;
            if self.run_as.is_some() {
                let (uid, gid) = nobody_ids()?;
                std::os::unix::fs::chown(to, Some(uid), Some(gid))
                    .map_err(|e| format!("cannot give {} to nobody: {e}", to.display()))?;
            }
        }
        let url = self.url("postgres");
        // One statement at a time: ALTER SYSTEM may not run in a transaction block.
        let statements = [
            format!("ALTER SYSTEM SET ssl_cert_file = '{}'", cert_to.display()),
            format!("ALTER SYSTEM SET ssl_key_file = '{}'", key_to.display()),
            "ALTER SYSTEM SET ssl = on".to_string(),
            "SELECT pg_reload_conf()".to_string(),
        ];
        std::thread::spawn(move || -> Result<(), String> {
            let failed = |e: postgres::Error| {
                format!("turning TLS on: {}", super::pg_connect::error_cause(&e))
            };
            let mut c = postgres::Client::connect(&url, postgres::NoTls).map_err(failed)?;
            for sql in &statements {
                c.batch_execute(sql).map_err(failed)?;
            }
            // The reload is asynchronous: wait until a new connection sees it.
            for _ in 0..100 {
                let mut fresh = postgres::Client::connect(&url, postgres::NoTls).map_err(failed)?;
                let on: String = fresh.query_one("SHOW ssl", &[]).map_err(failed)?.get(0);
                if on == "on" {
                    return Ok(());
                }
                std::thread::sleep(std::time::Duration::from_millis(100));
            }
            Err("the server did not turn TLS on within 10 s".into())
        })
        .join()
        .map_err(|_| "turning TLS on panicked".to_string())?
    }

    /// Require a password (`scram-sha-256`) of every TCP connection, with `password` (letters
    /// and digits) set for the `sherpa` role; the server reloads its configuration without
    /// a restart. Databases are created before this ([`Cluster::create_database`] connects
    /// without a password).
    pub fn require_password(&self, password: &str) -> Result<(), String> {
        if password.is_empty() || !password.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Err(format!("bad password `{password}`"));
        }
        let url = self.url("postgres");
        let alter = format!("ALTER ROLE sherpa PASSWORD '{password}'");
        let hba = self.dir.join("data").join("pg_hba.conf");
        std::thread::spawn(move || -> Result<(), String> {
            let failed = |e: postgres::Error| {
                format!("requiring a password: {}", super::pg_connect::error_cause(&e))
            };
            let mut c = postgres::Client::connect(&url, postgres::NoTls).map_err(failed)?;
            c.batch_execute(&alter).map_err(failed)?;
            // Overwriting keeps the file's owner and mode (the server's user reads it).
            std::fs::write(
                &hba,
                "local all all trust\nhost all all 127.0.0.1/32 scram-sha-256\nhost all all ::1/128 scram-sha-256\n",
            )
            .map_err(|e| format!("writing {}: {e}", hba.display()))?;
            c.batch_execute("SELECT pg_reload_conf()").map_err(failed)?;
            // The reload is asynchronous: wait until a connection without a password fails.
            for _ in 0..100 {
                if postgres::Client::connect(&url, postgres::NoTls).is_err() {
                    return Ok(());
                }
                std::thread::sleep(std::time::Duration::from_millis(100));
            }
            Err("the server did not require a password within 10 s".into())
        })
        .join()
        .map_err(|_| "requiring a password panicked".to_string())?
    }

    /// Run one of the server programs (as `nobody` when we are root); its output goes to
    /// the error message when it fails.
    fn run(&self, program: &str, args: &[&str]) -> Result<(), String> {
        let exe = self.bin.join(program);
        let mut cmd = match &self.run_as {
            Some(user) => {
                let mut c = Command::new("runuser");
                c.args(["-u", user, "--"]).arg(&exe);
                c
            }
            None => Command::new(&exe),
        };
        let out = cmd
            .args(args)
            .current_dir(&self.dir)
            .stdin(Stdio::null())
            .output()
            .map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
        if !out.status.success() {
            let log = std::fs::read_to_string(self.dir.join("log")).unwrap_or_default();
            return Err(format!(
                "{program} failed: {}{}{log}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        Ok(())
    }

    /// A shell that waits for this process to end and then stops the cluster and removes
    /// its directory (for clusters held in statics, which are never dropped).
    fn watch_parent(&self) {
        let stop = format!(
            "{}{} -D {} -m immediate stop",
            match &self.run_as {
                Some(u) => format!("runuser -u {u} -- "),
                None => String::new(),
            },
            sh_quote(&self.bin.join("pg_ctl")),
            sh_quote(&self.dir.join("data"))
        );
        let script = format!(
            "while kill -0 {pid} 2>/dev/null; do sleep 0.5; done; \
             if [ -f {pidfile} ]; then {stop}; fi; rm -rf {dir}",
            pid = std::process::id(),
            pidfile = sh_quote(&self.dir.join("data/postmaster.pid")),
            dir = sh_quote(&self.dir),
        );
        // In a session of its own (`setsid`), so that a signal to this process's group
        // (a test runner stopped by a timeout) does not end the watcher with it.
        let mut cmd = if Path::new("/usr/bin/setsid").is_file() {
            let mut c = Command::new("/usr/bin/setsid");
            c.arg("sh");
            c
        } else {
            Command::new("sh")
        };
        let _ = cmd
            .args(["-c", &script])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn();
    }

    /// The cluster's port on 127.0.0.1.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// The URL of database `name` on this cluster.
    pub fn url(&self, name: &str) -> String {
        format!("postgres://sherpa@127.0.0.1:{}/{name}", self.port)
    }

    /// Create a new empty database and return its URL. `name` is made of letters, digits
    /// and `_`.
    pub fn create_database(&self, name: &str) -> Result<String, String> {
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(format!("bad database name `{name}`"));
        }
        let url = self.url("postgres");
        let stmt = format!("CREATE DATABASE {name}");
        // The postgres client must not run on an async runtime's thread: use a plain one.
        std::thread::spawn(move || -> Result<(), String> {
            let mut c = postgres::Client::connect(&url, postgres::NoTls)
                .map_err(|e| format!("cannot connect to the test cluster: {e}"))?;
            c.batch_execute(&stmt).map_err(|e| format!("{stmt}: {e}"))
        })
        .join()
        .map_err(|_| "creating a database panicked".to_string())??;
        Ok(self.url(name))
    }

    /// A fresh database with a unique name on this cluster.
    pub fn fresh_database(&self) -> Result<String, String> {
        static N: AtomicU64 = AtomicU64::new(0);
        self.create_database(&format!(
            "t{}_{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ))
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let data = self.dir.join("data");
        if data.join("postmaster.pid").is_file() {
            let _ = self.run(
                "pg_ctl",
                &["-D", &data.to_string_lossy(), "-m", "immediate", "stop"],
            );
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn nobody_ids() -> Result<(u32, u32), String> {
    let name = std::ffi::CString::new("nobody").map_err(|e| e.to_string())?;
    // SAFETY: getpwnam takes a NUL-terminated name; the returned record (static storage)
    // is read at once, before any other call could overwrite it.
    let pw = unsafe { libc::getpwnam(name.as_ptr()) };
    if pw.is_null() {
        return Err("running as root, and there is no user `nobody` to run PostgreSQL as".into());
    }
    // SAFETY: pw is non-null and points to a valid passwd record (see above).
    let (uid, gid) = unsafe { ((*pw).pw_uid, (*pw).pw_gid) };
    Ok((uid, gid))
}

/// The cluster shared by every test of this process, started on first use.
pub fn shared() -> Result<&'static Cluster, String> {
    static CLUSTER: OnceLock<Result<Cluster, String>> = OnceLock::new();
    CLUSTER
        .get_or_init(Cluster::start)
        .as_ref()
        .map_err(|e| e.clone())
}

/// A fresh database on the [`shared`] cluster (tests): its URL. Panics with what to install
/// when PostgreSQL is missing: a test that needs it must fail, not skip.
#[doc(hidden)]
pub fn test_database() -> String {
    match shared().and_then(|c| c.fresh_database()) {
        Ok(url) => url,
        Err(e) => panic!("PostgreSQL test cluster: {e}"),
    }
}
