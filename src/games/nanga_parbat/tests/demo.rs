//! Scripted demo games played to the end with hand-checked scores.

use super::*;

/// The simple policy of the demo scripts: trap the first listed animal (moving the guide to
/// the first listed region if needed), claim the first open square of `ORDER` whose needs
/// are met, complete it with the first listed picks, end.
#[cfg(test)]
fn demo_policy_script(areas: bool) -> Vec<(usize, String)> {
    const ORDER: [&str; 15] = [
        "C5", "B5", "A5", "C4", "B4", "A4", "C3", "B3", "A3", "C2", "B2", "A2", "C1", "B1", "A1",
    ];
    let mut g = fresh_game(areas, DEMO_SEED);
    let mut out = vec![(1, "guide 1".to_string())];
    play(&mut g, data(), 1, "guide 1");
    while !g.status().is_finished() {
        let seat = g.current;
        let mut go = |g: &mut NangaParbat, t: String| {
            play(g, data(), seat, &t);
            out.push((seat, t));
        };
        let first = legal(&g, data(), seat)
            .into_iter()
            .find(|s| s.starts_with("trap") || s.starts_with("guide"))
            .unwrap();
        let was_guide = first.starts_with("guide");
        go(&mut g, first);
        if was_guide {
            let t = legal(&g, data(), seat)
                .into_iter()
                .find(|s| s.starts_with("trap"))
                .unwrap();
            go(&mut g, t);
        }
        let l = legal(&g, data(), seat);
        if let Some(sq) = ORDER.iter().find(|q| l.contains(&format!("claim {q}"))) {
            go(&mut g, format!("claim {sq}"));
            while g.pending.is_some() {
                let p = legal(&g, data(), seat).remove(0);
                go(&mut g, p);
            }
        }
        if !g.status().is_finished() {
            go(&mut g, "end".into());
        }
    }
    out
}

/// The committed demo scripts `tests/data/nanga_parbat/{chart,areas}.txt` (the demo games
/// as `sherpa local` input, whose scores were checked by hand) are what the demo policy
/// plays. `SHERPA_BLESS=1` rewrites them from the policy; check the new scores by hand.
#[test]
fn demo_scripts_are_what_the_demo_policy_plays() {
    let committed = [
        include_str!("../../../../tests/data/nanga_parbat/chart.txt"),
        include_str!("../../../../tests/data/nanga_parbat/areas.txt"),
    ];
    for ((areas, file), committed) in [(false, "chart"), (true, "areas")]
        .into_iter()
        .zip(committed)
    {
        let names = names();
        let text: String = demo_policy_script(areas)
            .iter()
            .map(|(s, t)| format!("{}: move {t}\n", names[*s]))
            .collect();
        if std::env::var_os("SHERPA_BLESS").is_some() {
            let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/nanga_parbat");
            std::fs::write(format!("{dir}/{file}.txt"), &text).unwrap();
        } else {
            assert_eq!(text, committed, "{file}.txt: bless with SHERPA_BLESS=1");
        }
    }
}

/// The chart-mode demo game, checked by hand from its log: Ann C1 2; Bob panda 1, B1 1 and
/// 1 more (lands on Ann's 2) = 3; Ann panda 1 and 1 more (lands on 3) = 4, A1 5; Bob A3 6;
/// Ann C3 (bharal and panda) 9; Bob B3 3 and 1 more (lands on 9) = 10; Ann nothing; Bob's
/// panda scores nothing (10 ahead of 9), A2 12; Ann B2 11; Bob guide to region 2 (region 1
/// empty), B5 17; Ann C2 14: both have placed 5 cubes, the game ends, Bob wins 17 to 14.
// NAN-END-2, NAN-END-3, NAN-ACT-11, NAN-TRACK-2, NAN-TRAP-4
#[test]
fn demo_game_chart_scoring_ends_on_cubes_with_hand_checked_scores() {
    let g = play_script(
        false,
        include_str!("../../../../tests/data/nanga_parbat/chart.txt"),
    );
    let Status::Finished(r) = g.status() else {
        panic!("the demo game ends")
    };
    assert_eq!(r.scores, vec![14, 17]);
    assert_eq!(r.places, vec![2, 1]);
    assert_eq!(g.cubes, vec![0, 0]);
    assert_eq!(g.hikers, vec![8, 9]);
}

/// The same opening with `scoring=areas`: the cubes run out at 14 to 17 but the game goes
/// on until the hikers are placed; Bob's three later pandas score nothing (he leads). Areas:
/// region 1 Bob 4 camps + 1 hiker = 2 (19); region 2 Ann 5 hikers = 2 (16); region 3 Bob 4
/// hikers = 1 (20); regions 4-6 nobody has 4. Bob wins 20 to 16.
// NAN-AREA-1, NAN-AREA-2, NAN-AREA-3, NAN-END-1
#[test]
fn demo_game_area_scoring_with_hand_checked_scores() {
    let g = play_script(
        true,
        include_str!("../../../../tests/data/nanga_parbat/areas.txt"),
    );
    let Status::Finished(r) = g.status() else {
        panic!("the demo game ends")
    };
    assert_eq!(r.scores, vec![16, 20]);
    assert_eq!(r.places, vec![2, 1]);
    assert_eq!(
        g.area_points,
        Some(vec![vec![0, 2, 0, 0, 0, 0], vec![2, 0, 1, 0, 0, 0]])
    );
    assert_eq!(g.hikers, vec![0, 0]);
}

/// The demo games' results give each score by where it came from, worked out by hand from
/// their logs (the two demo tests above): Ann's squares C1 2, A1 1, C3 4, B2 2, C2 3 = 12,
/// one red panda, one track bonus (landing on Bob's 3); Bob's squares B1 1, A3 3, B3 3,
/// A2 2, B5 5 = 14, one red panda, two track bonuses (on Ann's 2 and 9). With area scoring
/// Ann adds region 2 (2) and Bob regions 1 and 3 (2 + 1), with no bonus.
// NAN-END-3, NAN-TRACK-2, NAN-AREA-1
#[test]
fn demo_games_results_give_the_scores_by_source() {
    let part = |name: &str, points: i64| crate::engine::ScorePart::new(name, points);
    for (areas, text) in [
        (
            false,
            include_str!("../../../../tests/data/nanga_parbat/chart.txt"),
        ),
        (
            true,
            include_str!("../../../../tests/data/nanga_parbat/areas.txt"),
        ),
    ] {
        let g = play_script(areas, text);
        let Status::Finished(r) = g.status() else {
            panic!("the demo game ends")
        };
        let regions = |pts: i64| {
            if areas {
                vec![part("regions", pts)]
            } else {
                vec![]
            }
        };
        let ann = [
            vec![part("squares", 12), part("red pandas", 1)],
            regions(2),
            vec![part("track bonus", 1)],
        ]
        .concat();
        let bob = [
            vec![part("squares", 14), part("red pandas", 1)],
            regions(3),
            vec![part("track bonus", 2)],
        ]
        .concat();
        assert_eq!(r.breakdown, vec![ann, bob], "areas: {areas}");
        assert_eq!(r.check_breakdown(), Ok(()));
        let standings = r.standings(&["Ann", "Bob"]);
        let want = if areas {
            "1. Bob: 20 (squares 14, red pandas 1, regions 3, track bonus 2)"
        } else {
            "1. Bob: 17 (squares 14, red pandas 1, track bonus 2)"
        };
        assert!(standings.starts_with(want), "{standings}");
        let text = describe(data(), &g.view(data(), Viewer::Spectator));
        assert!(
            text.contains("Bob: 17 VP (squares 14, red pandas 1, track bonus 2)") || areas,
            "{text}"
        );
    }
}
