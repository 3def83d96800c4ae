//! The conformance suite, hidden information and the scrambles computer players rely on.

use super::*;

#[test]
fn conformance_three_and_four_players_basic() {
    run_suite::<Himalaya>(&data(), &opts("basic"), 2, 20_000);
}

#[test]
fn conformance_three_and_four_players_advanced() {
    run_suite::<Himalaya>(&data(), &opts("advanced"), 2, 20_000);
}

#[test]
fn scrambling_nobody_reseeds_the_rng_and_nothing_else() {
    let d = data();
    let g = position(AT_1_2_3);
    assert_nobody_scramble_changes_only(&g, &d, false, |s, g| s.rng = g.rng.clone());
}
