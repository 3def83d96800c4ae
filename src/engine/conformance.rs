//! The conformance suite every game must pass, for every allowed player count.
//!
//! It plays seeded random games to the end and checks the engine contract at every step.
//! It is plain code (no test harness) so that games' tests call it and the fuzzer reuses it.

use super::{Audience, Game, GameRng, Seat, Status, Viewer};

/// Result of one checked playout.
#[derive(Debug)]
pub struct Playout {
    pub steps: usize,
    pub status: Status,
    pub log: Vec<(Seat, String)>,
}

/// Play one random game from `seed` and check every contract point along the way.
/// Panics with a message naming the broken point.
///
/// `thorough` also applies every listed step (on a copy) at every position, which is slow
/// for games with many steps; otherwise a sample of them is applied.
pub fn check_playout<G: Game>(
    data: &G::Data,
    players: usize,
    options: &super::Options,
    seed: u64,
    step_cap: usize,
    thorough: bool,
) -> Playout {
    let names: Vec<String> = (0..players).map(|i| format!("P{}", i + 1)).collect();
    let options = super::resolve_options(G::options(), options).expect("options");
    let mut g = G::setup(data, &names, &options, seed).expect("setup succeeds");
    let again = G::setup(data, &names, &options, seed).expect("setup succeeds");
    assert_eq!(g, again, "setup is deterministic for one seed");
    let mut pick = GameRng::new(seed ^ 0x5eed_f00d);
    let mut log: Vec<(Seat, String)> = Vec::new();
    let mut stale: Vec<(Seat, G::Step)> = Vec::new();
    let mut steps = 0;
    loop {
        let status = g.status();
        let acting = match &status {
            Status::Finished(r) => {
                assert_eq!(r.scores.len(), players, "one score per seat");
                assert_eq!(r.places.len(), players, "one place per seat");
                assert!(r.places.contains(&1), "someone wins");
                for s in 0..players {
                    assert!(g.legal_steps(data, s).is_empty(), "no steps after the end");
                }
                break;
            }
            Status::Acting(a) => a.clone(),
        };
        assert!(
            !acting.is_empty(),
            "someone must act while the game runs (seed {seed}, step {steps})"
        );
        assert!(
            steps < step_cap,
            "{} did not end within {step_cap} steps (seed {seed})",
            G::NAME
        );

        // Views never leak another seat's hidden information.
        check_views(&g, data, players);

        // Acting seats have legal steps. Others may have optional ones (rarely taken here,
        // so that playouts progress).
        let mut idle = Vec::new();
        let mut optional = Vec::new();
        for s in 0..players {
            let legal = g.legal_steps(data, s);
            if acting.contains(&s) {
                assert!(
                    !legal.is_empty(),
                    "acting seat {s} has a legal step (seed {seed}, step {steps})"
                );
            } else if legal.is_empty() {
                idle.push(s);
            } else {
                optional.push(s);
            }
        }

        let seat = if !optional.is_empty() && pick.below(10) == 0 {
            optional[pick.below(optional.len())]
        } else {
            acting[pick.below(acting.len())]
        };
        let legal = g.legal_steps(data, seat);

        // Format → parse gives the same step; every listed step applies.
        for (i, step) in legal.iter().enumerate() {
            let text = G::format_step(data, step);
            let parsed = g
                .parse_step(data, seat, &text)
                .unwrap_or_else(|e| panic!("`{text}` parses: {e}"));
            assert_eq!(&parsed, step, "parse(format(step)) == step for `{text}`");
            if thorough || i % 7 == steps % 7 {
                let mut copy = g.clone();
                copy.apply(data, seat, step)
                    .unwrap_or_else(|e| panic!("listed step `{text}` applies: {e}"));
            }
        }

        // Steps not listed are rejected and change nothing: old steps, and steps for a
        // seat that is not acting.
        let before = g.clone();
        for (s, st) in stale.iter().rev().take(6) {
            let listed = g.legal_steps(data, *s).contains(st);
            if !listed {
                let r = g.apply(data, *s, st);
                assert!(
                    r.is_err(),
                    "unlisted step `{}` for seat {s} was accepted",
                    G::format_step(data, st)
                );
                assert_eq!(g, before, "a rejected step left the state unchanged");
            }
        }
        for &s in &idle {
            {
                if let Some(st) = legal.first() {
                    assert!(g.apply(data, s, st).is_err(), "seat {s} acted out of turn");
                    assert_eq!(g, before, "a rejected step left the state unchanged");
                }
            }
        }
        assert!(g.parse_step(data, seat, "zzzz qqqq").is_err());

        let step = legal[pick.below(legal.len())].clone();
        let text = G::format_step(data, &step);
        let applied = g
            .apply(data, seat, &step)
            .unwrap_or_else(|e| panic!("chosen step applies: {e}"));
        for e in &applied.events {
            if let Audience::Private(s) = e.audience {
                assert!(s < players, "private event for a real seat");
            }
        }
        log.push((seat, text));
        stale.push((seat, step));
        if stale.len() > 40 {
            stale.remove(0);
        }
        steps += 1;
    }

    // Replay from seed + log (through the notation) gives the same state.
    let mut r = G::setup(data, &names, &options, seed).expect("setup");
    for (seat, text) in &log {
        let step = r
            .parse_step(data, *seat, text)
            .unwrap_or_else(|e| panic!("replay parses `{text}`: {e}"));
        r.apply(data, *seat, &step).expect("replay applies");
    }
    assert_eq!(r, g, "replay from seed and log gives the same state");
    // Snapshot round trip.
    let snap = serde_json::to_string(&g).expect("serializes");
    let back: G = serde_json::from_str(&snap).expect("deserializes");
    assert_eq!(back, g, "snapshot round trip");
    Playout {
        steps,
        status: g.status(),
        log,
    }
}

/// Check that no view other than a seat's own contains that seat's private markers.
pub fn check_views<G: Game>(g: &G, data: &G::Data, players: usize) {
    let spectator =
        serde_json::to_string(&g.view(data, Viewer::Spectator)).expect("view serializes");
    let seat_views: Vec<String> = (0..players)
        .map(|s| serde_json::to_string(&g.view(data, Viewer::Seat(s))).expect("view serializes"))
        .collect();
    for marker in g.secret_markers(data) {
        assert!(
            !spectator.contains(&marker),
            "spectator view shows secret `{marker}`"
        );
        for (s, v) in seat_views.iter().enumerate() {
            assert!(
                !v.contains(&marker),
                "seat {s}'s view shows secret `{marker}`"
            );
        }
    }
    for owner in 0..players {
        for marker in g.private_markers(data, owner) {
            assert!(
                !spectator.contains(&marker),
                "spectator view leaks seat {owner}'s `{marker}`"
            );
            for (s, v) in seat_views.iter().enumerate() {
                if s != owner {
                    assert!(
                        !v.contains(&marker),
                        "seat {s}'s view leaks seat {owner}'s `{marker}`"
                    );
                }
            }
        }
    }
}

/// Run the suite over every allowed player count with `games` seeds each.
pub fn run_suite<G: Game>(data: &G::Data, options: &super::Options, games: u64, step_cap: usize) {
    for players in G::MIN_PLAYERS..=G::MAX_PLAYERS {
        for seed in 0..games {
            check_playout::<G>(
                data,
                players,
                options,
                seed * 7919 + players as u64,
                step_cap,
                seed == 0,
            );
        }
    }
}
