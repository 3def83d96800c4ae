//! Tests of the views, the panels and the picture (`view.rs`, `render.rs`).

use super::*;

/// The status text counts pieces in the singular when there is one.
#[test]
fn describe_says_one_cube_not_one_cubes() {
    let mut g = started(false);
    // why: 1 camp left needs all five row-A claims (needs 1 2 2 3 3 build 11 of the 12
    // camps, board.txt), which spends all five cubes: no real game shows 1 camp beside 1 cube.
    g.cubes[0] = 1;
    g.hikers[0] = 1;
    g.camps[0] = 1;
    let text = describe(data(), &g.view(data(), Viewer::Seat(0)));
    assert!(text.contains("1 hiker, 1 camp, 1 cube left"), "{text}");
    assert!(text.contains("15 hikers, 12 camps, 5 cubes left"), "{text}");
}

#[test]
fn render_makes_a_png_with_a_headline() {
    // Seed 1: Ann's yak at 1.3 sends the guide to region 3.
    let g = position(&format!("{STARTED}\nAnn: trap 1.3\nAnn: end"));
    let v = g.view(data(), Viewer::Spectator);
    let png = crate::render::png::encode_png(&render::render(data(), &v));
    assert_eq!(&png[1..4], b"PNG");
    assert!(png.len() < 1_000_000);
    assert_eq!(
        render::headline(&v),
        "Turn 2 \u{b7} Bob: trap an animal in region 3 (`trap <r.s>`)"
    );
    assert!(describe(data(), &v).contains("Region 3 (guide)"));
}

#[test]
fn headline_and_prompt_follow_the_turn_and_the_result() {
    let mut g = position(&format!("{STARTED}\nAnn: trap 1.1  # a yak"));
    let v = g.view(data(), Viewer::Spectator);
    assert!(render::headline(&v).contains("claim a square"));
    play(&mut g, data(), 0, "claim C1");
    play(&mut g, data(), 0, "give yak");
    let v = g.view(data(), Viewer::Spectator);
    assert!(render::headline(&v).ends_with("Ann: activate animals or `end`"));
    let g = play_script(
        false,
        include_str!("../../../../tests/data/nanga_parbat/chart.txt"),
    );
    let v = g.view(data(), Viewer::Spectator);
    assert_eq!(render::headline(&v), "Game over: Bob wins (Ann 14, Bob 17)");
}

/// The board's last-turn panel keeps only public events, and a snapshot from before the
/// panel (no `this_turn`/`last_turn`) still loads.
#[test]
fn the_last_turn_panel_keeps_public_events_and_old_snapshots_load() {
    let mut g = started(false);
    let events = [
        crate::engine::Event::private(0, "a secret for seat 0"),
        crate::engine::Event::public("Ann ends the turn"),
    ];
    g.record(&events, true);
    assert_eq!(g.last_turn, vec!["Ann ends the turn".to_string()]);
    let mut json = serde_json::to_value(&g).unwrap();
    let fields = json.as_object_mut().unwrap();
    fields.remove("this_turn");
    fields.remove("last_turn");
    let old: NangaParbat = serde_json::from_value(json).unwrap();
    assert!(old.last_turn.is_empty() && old.this_turn.is_empty());
}

/// A game restored from a snapshot taken before the points were kept by source still loads
/// and ends; its result then gives the totals only, never parts that do not add up.
#[test]
fn a_game_from_an_older_snapshot_ends_with_totals_only() {
    let text = include_str!("../../../../tests/data/nanga_parbat/chart.txt");
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let (first, rest) = lines.split_at(lines.len() / 2);
    let g = play_script(false, &first.join("\n"));
    let mut json = serde_json::to_value(&g).unwrap();
    json.as_object_mut().unwrap().remove("points_by_source");
    let mut g: NangaParbat = serde_json::from_value(json).expect("an older snapshot loads");
    for line in rest {
        let (who, step) = line.split_once(": move ").expect("script line");
        let seat = names().iter().position(|n| n == who).expect("player");
        play(&mut g, data(), seat, step);
    }
    let Status::Finished(r) = g.status() else {
        panic!("the demo game ends")
    };
    assert_eq!(r.scores, vec![14, 17]);
    assert!(r.breakdown.is_empty());
    assert!(r
        .standings(&["Ann", "Bob"])
        .starts_with("1. Bob: 17\n2. Ann: 14\n"));
}

/// Every section, region, chart square and animal word a player types is drawn legibly at
/// the inline width (from the renderer's own record of its text), as the notation writes
/// it, and the notation reads it back as that place or thing.
#[test]
fn typed_labels_are_legible_inline_and_read_as_written() {
    use super::board::{cell_name, square_name, CELLS, COLUMNS, REGIONS, ROWS};
    let d = data();
    let g = started(false);
    let mut typed: Vec<(String, Step)> = Vec::new();
    for c in 0..CELLS as u8 {
        typed.push((cell_name(c), Step::Trap(c)));
    }
    for r in 0..REGIONS as u8 {
        typed.push(((r + 1).to_string(), Step::Guide(r)));
    }
    for q in 0..(ROWS * COLUMNS) as u8 {
        typed.push((square_name(q), Step::Claim(q)));
    }
    for a in Animal::ALL {
        typed.push((a.word().to_string(), Step::Give(a)));
    }
    let labels: Vec<String> = typed.iter().map(|t| t.0.clone()).collect();
    let cv = render::render_canvas(d, &g.view(d, Viewer::Spectator));
    let faults = crate::render::typed_label_faults(&cv, &labels);
    assert!(faults.is_empty(), "{faults:#?}");
    for (label, step) in typed {
        let verb = match step {
            Step::Trap(_) => "trap",
            Step::Guide(_) => "guide",
            Step::Claim(_) => "claim",
            _ => "give",
        };
        assert_eq!(
            g.parse_step(d, 1, &format!("{verb} {label}")),
            Ok(step),
            "`{verb} {label}`"
        );
    }
}

/// The status panel shows every event of the last turn, however many: the trap at its
/// start is never dropped for the later ones.
#[test]
fn the_status_panel_shows_every_event_of_the_last_turn() {
    let d = data();
    let g = started(false);
    let mut view = g.view(d, Viewer::Spectator);
    view.this_turn.clear();
    view.last_turn = vec![
        "Ann traps a snow leopard on 6.4, leaves a hiker there (11 left), and the guide goes to region 4".to_string(),
        "Ann claims C1 for 3 VP".to_string(),
        "Ann hands in a tahr".to_string(),
        "Ann turns the hiker on 4.2 into a camp".to_string(),
        "Ann ends the turn".to_string(),
    ];
    let cv = render::render_canvas(d, &view);
    crate::render::shows_all_of(&cv, &view.last_turn).unwrap();
}
