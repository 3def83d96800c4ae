//! `cargo bench`: the same measurements as `sherpa bench`, printed as a table (with the
//! PostgreSQL round trips when `DATABASE_URL` names a database).

fn main() {
    let scale = std::env::var("SHERPA_BENCH_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1.0);
    match sherpa::bench::run(
        sherpa::games::Registry::builtin().all(),
        scale,
        std::env::var("DATABASE_URL").ok().as_deref(),
    ) {
        Ok(r) => print!("{}", sherpa::bench::table(&r)),
        Err(e) => {
            eprintln!("benchmark failed: {e:#}");
            std::process::exit(1);
        }
    }
}
