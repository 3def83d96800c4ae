//! The bench's unit tests.

use super::*;

/// A position `steps` random steps into a game of `players` seats (seeded), for size
/// checks. Stops early if the game ends.
fn position_after(
    kind: &'static dyn sherpa::engine::GameKind,
    players: usize,
    steps: usize,
    seed: u64,
) -> anyhow::Result<Box<dyn sherpa::engine::AnyGame>> {
    let mut g = setup(kind, players, seed)?;
    let mut pick = GameRng::new(seed ^ 0x5eed);
    for _ in 0..steps {
        if random_step(&mut *g, &mut pick)?.is_none() {
            break;
        }
    }
    Ok(g)
}

/// `sherpa bench --game`: ids or unique beginnings pick games in the registry's order;
/// none picks all; an unknown or ambiguous name is refused with the games to choose.
#[test]
fn bench_game_names_pick_games_and_bad_names_are_refused() {
    let reg = Registry::builtin();
    let ids = |v: Vec<&'static dyn GameKind>| v.iter().map(|k| k.id()).collect::<Vec<_>>();
    assert_eq!(ids(pick_games(reg, &[]).unwrap()), reg.ids());
    let two = ["pel".to_string(), "Nippon".to_string()];
    assert_eq!(ids(pick_games(reg, &two).unwrap()), ["nippon", "peloria"]);
    let e = pick_games(reg, &["chess".to_string()])
        .map(|_| ())
        .unwrap_err()
        .to_string();
    assert!(e.contains("--game chess") && e.contains("nepal"), "{e}");
    let e = pick_games(reg, &["n".to_string()])
        .map(|_| ())
        .unwrap_err()
        .to_string();
    assert!(e.contains("nanga-parbat") && e.contains("nippon"), "{e}");
}

/// Boards go to phones on every turn: each game's mid-game board, for every player
/// count, is at most 150 KB (issue: speed and scale).
#[test]
fn mid_game_board_png_is_at_most_150_kb_for_every_game() {
    for kind in Registry::builtin().all() {
        for players in kind.min_players()..=kind.max_players() {
            for seed in [1, 2] {
                let g = position_after(*kind, players, 60, seed).unwrap();
                let png = g.render(Viewer::Spectator);
                assert!(
                    png.len() <= 150 * 1024,
                    "{} with {players} players: board PNG is {} KB",
                    kind.id(),
                    png.len() / 1024
                );
            }
        }
    }
}

/// The typed playout path plays only legal steps: a typed random playout of every game
/// reaches its end, and replaying the same choices through the notation layer (the
/// same `pick` seed, the same legal list order) gives the same final state.
#[test]
fn typed_playouts_end_every_game_and_match_the_notation_path() {
    for kind in Registry::builtin().all() {
        let players = kind.min_players().max(2).min(kind.max_players());
        let mut typed = setup(*kind, players, 3).unwrap();
        let mut text = setup(*kind, players, 3).unwrap();
        let (mut p1, mut p2) = (GameRng::new(9), GameRng::new(9));
        let mut steps = 0;
        while let Status::Acting(a) = typed.status() {
            let seat = a[p1.below(a.len())];
            assert!(typed.play_random(seat, &mut p1).unwrap().is_some());
            random_step(&mut *text, &mut p2).unwrap().unwrap();
            steps += 1;
            assert!(steps < 100_000, "{}: no end", kind.id());
        }
        assert!(
            matches!(typed.status(), Status::Finished(_)),
            "{}",
            kind.id()
        );
        assert!(typed.same_state(&*text), "{}", kind.id());
    }
}

/// Issue "speed and scale": the move that ends a game (final board, timelapse, replay
/// file) is filed apart, whatever its board flag, and never fills a mid-game list.
#[test]
fn a_game_ending_move_is_its_own_figure_never_a_mid_game_sample() {
    let ms = Duration::from_millis;
    let mut m = Moves::default();
    m.keep(2, ms(5), true, false);
    m.keep(2, ms(3000), true, true);
    m.keep(2, ms(6), true, false);
    m.keep(2, ms(7), true, false); // past `samples`: dropped
    m.keep(2, ms(1), false, false);
    m.keep(2, ms(2500), false, true);
    assert_eq!(m.with, vec![ms(5), ms(6)]);
    assert_eq!(m.without, vec![ms(1)]);
    assert_eq!(m.ending, vec![ms(3000), ms(2500)]);
    assert!(!m.full(2));
    m.keep(2, ms(2), false, false);
    assert!(m.full(2));
    let line = ending_line("game-ending move", &stat(m.ending));
    assert!(line.contains("2 samples"), "{line}");
    assert!(ending_line("x", &stat(vec![])).contains("no game ended"));
    assert!(ending_line("x", &stat(vec![ms(900)])).contains("(1 sample: "));
}

/// Issue 50: the component path plays every sample's step by a pick, the same steps as
/// the typed channel (an error answer, or the two drivers' games drifting apart, fail it),
/// and times the menus and the board at the same positions.
#[test]
fn the_component_path_plays_the_typed_steps_by_picks() {
    let dir = std::env::temp_dir().join(format!("sherpa-bench-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let kind = Registry::builtin().get("nanga-parbat").unwrap();
    let c = component_path(kind, &dir, 12).unwrap();
    assert_eq!((c.typed.samples, c.picked.samples), (12, 12));
    assert!(c.menus.samples > 0 && c.menus.samples == c.board.samples);
    assert!(c.ratio_p99 > 0.0 && c.ratio_median > 0.0);
    assert_eq!((c.typed_cpu.samples, c.picked_cpu.samples), (12, 12));
    assert!(c.typed_cpu.median_us > 0.0 && c.ratio_cpu_median > 0.0);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue #53: `--decisions` times each searching level from the same positions at its
/// scaled budget and reports every decision (playouts within the budget), and its table
/// says whether a p99 is within the budget plus 10%.
#[test]
fn decision_times_report_each_level_at_its_budget() {
    let kind = Registry::builtin().get("nanga-parbat").unwrap();
    let rows = decision_times(&[kind], 3, 0.001).unwrap();
    let levels: Vec<&str> = rows.iter().map(|r| r.level.as_str()).collect();
    assert_eq!(levels, ["normal", "strong"]);
    assert_eq!(
        rows.iter()
            .map(|r| (r.budget_playouts, r.budget_ms))
            .collect::<Vec<_>>(),
        [(3, 1), (20, 3)]
    );
    for r in &rows {
        assert_eq!((r.decisions, r.players), (3, 2), "{r:?}");
        assert!(
            r.playouts.min >= 1 && r.playouts.max <= r.budget_playouts,
            "{r:?}"
        );
        assert!(r.playouts.min <= r.playouts.p50 && r.playouts.p50 <= r.playouts.max);
        assert!(r.wall_ms.p50 <= r.wall_ms.p99 && r.wall_ms.p99 <= r.wall_ms.max);
        assert!(r.reached_budget <= r.decisions);
    }
    let mut slow = rows[0].clone();
    slow.budget_ms = 400;
    slow.wall_ms = Spread {
        p50: 300.0,
        p99: 441.0,
        max: 500.0,
    };
    let mut quick = slow.clone();
    quick.wall_ms.p99 = 439.0;
    let table = decisions_table(&[slow, quick]);
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(lines.len(), 3, "{table}");
    assert!(
        lines[1].contains("wall 300 441 500 (p99 OVER budget + 10%)"),
        "{table}"
    );
    assert!(lines[2].contains("(p99 within budget + 10%)"), "{table}");
}
