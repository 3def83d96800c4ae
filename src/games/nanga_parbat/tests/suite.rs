//! The conformance suite and non-interference.

use super::*;

#[test]
fn conformance_both_scoring_modes_with_the_renderer() {
    let mut s = Suite::<NangaParbat>::new(data());
    s.render = Some(render::render);
    s.option_sets = vec![opts(false), opts(true)];
    s.games = 3;
    s.render_every = 25;
    let r = crate::engine::conformance::run(&s);
    assert_eq!(r.games, 6);
    assert!(r.refusals > 0 && r.renders_compared > 0);
    assert!(r.max_legal <= crate::engine::MAX_LEGAL_STEPS);
}

#[test]
fn non_interference_nothing_is_hidden() {
    let g = position(&format!("{STARTED}\nAnn: trap 1.3"));
    // Only the RNG (hidden from everyone, unused after setup) is scrambled.
    assert!(assert_non_interference(&g, data(), 2, Some(render::render)) > 0);
    for seat in 0..2 {
        let mut rng = GameRng::new(9);
        assert_eq!(g.scramble(data(), Holder::Seat(seat), &mut rng), g);
    }
    assert!(g.private_markers(data(), 0).is_empty());
    let a = serde_json::to_string(&g.view(data(), Viewer::Seat(0))).unwrap();
    let b = serde_json::to_string(&g.view(data(), Viewer::Seat(1))).unwrap();
    assert_eq!(a.replace("\"viewer\":0", ""), b.replace("\"viewer\":1", ""));
}
