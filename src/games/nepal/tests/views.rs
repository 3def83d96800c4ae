//! Tests of the views and the picture (`view.rs`, `render.rs`).

use super::*;

#[test]
fn view_shows_state_and_describe_summarises() {
    let mut g = game(3);
    play(&mut g, data(), 0, "grow Kathmandu");
    let v = g.view(data(), Viewer::Seat(1));
    assert_eq!(v.current, Some(0));
    assert_eq!(v.actions_taken, vec!["grow Kathmandu".to_string()]);
    assert_eq!(v.actions_left, 2);
    assert_eq!(v.players[0].hand, 38);
    assert_eq!(v.cards.len(), 5);
    let text = describe(data(), &v);
    assert!(text.contains("Ann to act"), "{text}");
    assert!(text.contains("2 actions left"), "{text}");
    assert!(text.contains("Trade cards"), "{text}");
}

/// A mid-game position of real play (four players, fortress on) with pieces, claims, a
/// fortress, a card new this turn and a province over its limit: everyone builds a
/// fortress when they can, links routes, grows, and the line stops mid-turn where all of
/// these show at once.
fn mid_game() -> Nepal {
    let prefer = |g: &Nepal, s: usize, t: &str| match t.split(' ').next() {
        Some("fortress") => 4,
        Some("move") if links_a_route(g, s, t) => 3,
        Some("grow") => 2,
        Some("move") => 1,
        _ => 0,
    };
    let crowded = |g: &Nepal, p: usize| {
        let here: u8 = (0..4).map(|s| g.pieces_at(p, s)).sum();
        data().limit(p, false).is_some_and(|l| here > l)
    };
    let at = |g: &Nepal| {
        g.cards.iter().any(|c| c.claims.len() >= 2)
            && g.fortress.iter().any(Option::is_some)
            && g.cards.iter().any(|c| c.revealed_turn + 1 == g.turn)
            && (0..data().provinces.len()).any(|p| crowded(g, p))
    };
    let mut g = game_with(4, &[("fortress", "on")], 3);
    let mut pick = GameRng::new(11);
    let found = steered_play_until(&mut g, data(), 20_000, &mut pick, prefer, at);
    assert!(found, "the line never showed every kind of marker at once");
    g
}

#[test]
fn render_mid_game_is_a_png_of_board_size() {
    let g = mid_game();
    let png =
        crate::render::png::encode_png(&render::render(data(), &g.view(data(), Viewer::Spectator)));
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    assert!(png.len() < 1_000_000, "{} bytes", png.len());
    let img = image::load_from_memory(&png).unwrap();
    // The board, with the headline strip (whose turn) above it and the status strip
    // (players, status, last turn) below it.
    // Drawn at the board scale: layout units times BOARD_SCALE pixels.
    let strip = crate::render::HEADLINE_H;
    let px = crate::render::board_px;
    assert_eq!(img.width(), px(render::WIDTH));
    assert!(img.height() > px(render::HEIGHT) + px(strip));
}

/// Every province's map label is drawn legibly at the inline width (from the renderer's
/// own record of its text), and `move` reads it as that province, as it is written.
#[test]
fn map_labels_are_legible_inline_and_name_their_province() {
    let d = data();
    let mut g = game(4);
    let mut pick = GameRng::new(3);
    for _ in 0..40 {
        let seat = match g.status() {
            Status::Acting(s) if !s.is_empty() => s[0],
            _ => break,
        };
        let steps = g.legal_steps(d, seat);
        let st = steps[pick.below(steps.len())];
        g.perform(d, seat, &st);
    }
    let labels: Vec<String> = (0..d.provinces.len())
        .map(|p| d.short_label(p).to_string())
        .collect();
    let cv = render::render_canvas(d, &g.view(d, Viewer::Spectator));
    let faults = crate::render::typed_label_faults(&cv, &labels);
    assert!(faults.is_empty(), "{faults:#?}");
    let seat = g.current;
    for (p, label) in labels.iter().enumerate() {
        assert!(label.len() < d.provinces[p].name.len() || label == &d.provinces[p].name);
        assert_eq!(
            g.parse_step(d, seat, &format!("grow {label}")),
            Ok(Step::Grow(p as u8)),
            "`grow {label}`"
        );
    }
    assert_eq!(d.short_label(pi("Kathmandu") as usize), "Kath");
}

/// The last turn's panel shows every event of the turn, however many (not the last few).
#[test]
fn the_last_turn_panel_shows_every_event_of_the_turn() {
    let d = data();
    let g = game(4);
    let mut view = g.view(d, Viewer::Spectator);
    view.last_turn = (1..=12)
        .map(|i| format!("Bob moves a piece from Gorkha to Dhading ({i} of 12)"))
        .collect();
    let cv = render::render_canvas(d, &view);
    crate::render::shows_all_of(&cv, &view.last_turn).unwrap();
}
