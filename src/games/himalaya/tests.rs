use super::*;
use crate::engine::conformance::run_suite;

fn data() -> HimalayaData {
    parse_board(BOARD).expect("board parses")
}

fn opts(rules: &str) -> Options {
    let mut o = Options::new();
    o.insert("rules".into(), rules.into());
    o
}

#[test]
fn conformance_basic() {
    run_suite::<Himalaya>(&data(), &opts("basic"), 2, 20_000);
}

#[test]
fn conformance_advanced() {
    run_suite::<Himalaya>(&data(), &opts("advanced"), 2, 20_000);
}
