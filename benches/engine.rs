//! `cargo bench`: runs `sherpa bench`, the same measurements printed as a table, with
//! `SHERPA_BENCH_SCALE` as its `--scale` and, when `DATABASE_URL` names a database, the
//! PostgreSQL round trips too (`--postgres`).

fn main() {
    let scale: f64 = std::env::var("SHERPA_BENCH_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1.0);
    let mut bench = std::process::Command::new(env!("CARGO_BIN_EXE_sherpa"));
    bench.args(["bench", "--scale", &scale.to_string()]);
    if let Ok(url) = std::env::var("DATABASE_URL") {
        bench.args(["--postgres", &url]);
    }
    match bench.status() {
        Ok(s) if s.success() => {}
        Ok(s) => std::process::exit(s.code().unwrap_or(1)),
        Err(e) => {
            eprintln!("benchmark failed: cannot run sherpa bench: {e}");
            std::process::exit(1);
        }
    }
}
