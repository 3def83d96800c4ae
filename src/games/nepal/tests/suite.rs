//! The conformance suite and the scrambles computer players rely on.

use super::*;

#[test]
fn conformance_default_options_3_to_5_players() {
    conformance::run_suite::<Nepal>(data(), &Options::new(), 3, 20_000);
}

#[test]
fn conformance_all_options_on() {
    let o: Options = [("start", "placement"), ("boom", "on"), ("fortress", "on")]
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    conformance::run_suite::<Nepal>(data(), &o, 2, 20_000);
}

#[test]
fn scrambling_nobody_redraws_the_deck_and_reseeds_the_rng_and_nothing_else() {
    let g = game(3);
    let s = g.scramble(data(), Holder::Nobody, &mut GameRng::new(4));
    assert_ne!(s.rng, g.rng, "future draws are nobody's information");
    assert_eq!(s.deck.len(), g.deck.len());
    assert_nobody_scramble_changes_only(&g, data(), true, |s, g| {
        s.rng = g.rng.clone();
        s.deck = g.deck.clone();
    });
}
