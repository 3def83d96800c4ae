//! Tests of the views, the panels and the picture (`view.rs`, `render.rs`).

use super::*;

#[test]
fn describe_summarises_board_players_and_own_screen() {
    let d = data();
    // Seed 40: Bo takes the barley of village 3 in turn 1.
    let g = position(&format!(
        "players Ann Bo Cy
         {SEED_40}
         option rules basic
         Ann: start 10
         Bo: start 3
         Cy: start 20
         Ann: program rest rest rest rest rest rest
         Bo: program deal rest rest rest rest rest
         Cy: program rest rest rest rest rest rest"
    ));
    let text = Himalaya::describe(&d, &g.view(&d, Viewer::Seat(1)));
    assert!(text.contains("turn 2/12"), "{text}");
    assert!(text.contains("7: 3 salt, 2 barley"), "{text}");
    assert!(text.contains("10: salt+salt=2"), "{text}");
    assert!(text.contains("Your screen: goods 1 barley"), "{text}");
    let spec = Himalaya::describe(&d, &g.view(&d, Viewer::Spectator));
    assert!(!spec.contains("Your screen"), "{spec}");
    assert!(!spec.contains("1 barley"), "{spec}");
}

#[test]
fn render_makes_a_png_under_a_megabyte() {
    let d = data();
    let g = position(
        "players Ann Bo Cy
         option rules basic
         Ann: start 10
         Bo: start 5
         Cy: start 20",
    );
    let png = crate::render::png::encode_png(&render::render(&d, &g.view(&d, Viewer::Spectator)));
    assert_eq!(&png[1..4], b"PNG");
    assert!(png.len() < 1_000_000);
    // The headline strip (readable at a chat client's inline size) says who must act.
    let line = render::headline(&g.view(&d, Viewer::Spectator));
    assert_eq!(
        line,
        "Turn 1 of 12 \u{b7} programming \u{b7} waiting for Ann, Bo, Cy"
    );
}

/// The last step's public lines are the same for every viewer, and hold neither a sealed
/// program before its reveal nor any line told to one seat (a good taken, a salt sealed).
#[test]
fn the_last_turn_lines_are_public_and_the_same_for_every_viewer() {
    let d = data();
    // Seed 40: village 2 holds goods, and village 3, by ice, too.
    let mut g = position(&format!(
        "players Ann Bo Cy
         {SEED_40}
         option rules basic
         Ann: start 2
         Bo: start 5
         Cy: start 20"
    ));
    let viewers = [
        Viewer::Spectator,
        Viewer::Seat(0),
        Viewer::Seat(1),
        Viewer::Seat(2),
    ];
    let lines_of = |g: &Himalaya| -> Vec<Vec<String>> {
        viewers.iter().map(|&w| g.view(&d, w).last_turn).collect()
    };
    let mut private = Vec::new();
    let programs = ["deal ice deal rest rest rest", REST, REST];
    for (s, p) in programs.iter().enumerate() {
        for t in g.expand(&d, s, &format!("program {p}")).unwrap() {
            let applied = play(&mut g, &d, s, &t);
            private.extend(
                applied
                    .events
                    .iter()
                    .filter(|e| e.audience != crate::engine::Audience::Public)
                    .map(|e| e.text.clone()),
            );
        }
        let seen = lines_of(&g);
        assert!(seen.iter().all(|l| *l == seen[0]), "{seen:?}");
        if s == 0 {
            // Sealed, not revealed: the program stays behind the screen.
            assert!(seen[0].iter().any(|l| l.contains("sealed a program")));
            assert!(!seen[0].iter().any(|l| l.contains(programs[0])), "{seen:?}");
        }
    }
    let seen = lines_of(&g);
    assert!(seen.iter().all(|l| *l == seen[0]), "{seen:?}");
    assert!(
        seen[0]
            .iter()
            .any(|l| l == "Ann takes a good at village 2."),
        "{:?}",
        seen[0]
    );
    assert!(private.iter().any(|p| p.starts_with("You took")));
    assert!(private.iter().any(|p| p.starts_with("Sealed `")));
    for line in &seen[0] {
        assert!(
            !private.contains(line),
            "private line `{line}` in the last turn"
        );
        assert!(!line.starts_with("You took") && !line.starts_with("Sealed `"));
    }
}

/// The game-over headline names the winner and fits the strip; the full note is in the
/// final-result panel.
#[test]
fn the_game_over_headline_names_the_winners_briefly() {
    let d = data();
    let g = position(AT_1_5_20);
    let mut view = g.view(&d, Viewer::Spectator);
    view.phase = PhaseView::Finished;
    view.result_note = Some("a very long note ".repeat(10));
    view.final_lines = (0..3)
        .map(|seat| FinalLine {
            seat,
            name: g.players[seat].clone(),
            religious: 0,
            political: 0,
            economic: 0,
            stupas: 0,
            delegations: 0,
            goods: Default::default(),
            kept_orders: Vec::new(),
            inventory_markers: 0,
            place: if seat == 1 { 1 } else { 2 },
            economic_parts: Vec::new(),
        })
        .collect();
    assert_eq!(render::headline(&view), "Game over \u{b7} Bo wins");
    view.final_lines[2].place = 1;
    assert_eq!(
        render::headline(&view),
        "Game over \u{b7} Bo and Cy share the win"
    );
}

/// Every village number and region name a player types is drawn legibly at the inline
/// width (from the renderer's own record of its text), and the notation reads it as
/// written; the first caravaneer is marked in words during the game and not on the final
/// board, where "1st" would read as first place.
#[test]
fn typed_labels_are_legible_inline_and_read_as_written() {
    use crate::engine::notation::match_step;
    let d = data();
    let g = position(
        "players Ann Bo Cy
         option rules basic
         Ann: start 1
         Bo: start 5
         Cy: start 9",
    );
    let mut view = g.view(&d, Viewer::Spectator);
    let starts: Vec<String> = (0..VILLAGES)
        .map(|v| Himalaya::format_step(&d, &Step::Start(v)))
        .collect();
    let delegates: Vec<String> = (0..d.regions.len())
        .map(|r| Himalaya::format_step(&d, &Step::Delegate(r)))
        .collect();
    let mut labels = Vec::new();
    for (i, v) in d.villages.iter().enumerate() {
        let label = v.number.to_string();
        assert_eq!(match_step(&format!("start {label}"), &starts), Ok(i));
        labels.push(label);
    }
    for (r, region) in d.regions.iter().enumerate() {
        let label = region.name.to_uppercase();
        assert_eq!(match_step(&format!("delegate {label}"), &delegates), Ok(r));
        labels.push(label);
    }
    let cv = render::render_canvas(&d, &view);
    let faults = crate::render::typed_label_faults(&cv, &labels);
    assert!(faults.is_empty(), "{faults:#?}");
    let first = |cv: &crate::render::Canvas| {
        cv.marks()
            .iter()
            .filter(|m| m.text.contains("moves first") || m.text.contains("1st"))
            .count()
    };
    // In the status strip under the board only (the side panel does not repeat it).
    assert_eq!(first(&cv), 1);
    view.result_note = Some("Ann wins".into());
    assert_eq!(first(&render::render_canvas(&d, &view)), 0);
}
