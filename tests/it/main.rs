//! The integration tests, in one test program: one link instead of one per file, and the
//! test runner spreads all of them over its threads (the long fleet test overlaps the
//! others instead of running alone). Each module is one area; a test's name starts with
//! its module (`cargo test --test it fleet_e2e`). The tests share one process: each uses
//! its own temporary folder, fake Discord (free ports) and database, and none sets
//! environment variables or the working directory.

mod discord_e2e;
mod fake_discord;
mod fleet_e2e;
mod fuzz_corpus;
mod golden;
mod leaks_and_input;
mod local_cli;
mod metrics_e2e;
mod web_e2e;
