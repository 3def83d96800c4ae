//! Tests of the board picture's strip: what it says, read at the inline size.

use super::*;
use crate::engine::testing::random_play;
use crate::engine::{Game, Viewer};
use crate::games::himalaya::{parse_board, Himalaya, BOARD};

/// From the start, mid-game and the end: the headline, what is asked, each player's
/// name and score in bold and every event of the last turn read at 9 px or more where
/// a chat client shows the picture inline (from the renderer's own record of its
/// text), and no legible text overlaps another.
#[test]
fn status_scores_and_last_turn_read_inline() {
    let d = parse_board(BOARD).unwrap();
    let names: Vec<String> = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
    for steps in [0, 30, 90, 5000] {
        let mut g =
            crate::engine::setup_checked::<Himalaya>(&d, &names, &crate::engine::Options::new(), 7)
                .unwrap();
        random_play(&mut g, &d, steps, 11);
        let view = g.view(&d, Viewer::Spectator);
        let rows = score_rows(&view, &[player_style(0, "A"); 8]);
        let (status, last_turn) = strip_lines(&view);
        let mut bold = vec![headline(&view)];
        bold.extend(status);
        for r in &rows {
            bold.push(r.name.clone());
            bold.push(r.score.clone());
        }
        assert!(steps == 0 || !last_turn.is_empty() || view.phase == PhaseView::Finished);
        let cv = render_canvas(&d, &view);
        let faults = status_text_faults(&cv, &bold, &last_turn);
        assert!(faults.is_empty(), "after {steps} steps: {faults:#?}");
    }
}

/// HIM-PROG-5 (rows revealed at once): the strip words a seal without its
/// commitment and the reveal without salts and commitments, every program kept.
#[test]
fn the_strip_words_seals_and_reveals_without_their_hashes() {
    assert_eq!(
        strip_wording("P3 sealed a program, commitment 39d6239621a6."),
        "P3 sealed a program."
    );
    assert_eq!(
        strip_wording("Programs revealed for turn 8: P1: ice deal (salt 5ce5, commitment 4a94); P2: rest stone (salt fbc6, commitment 39d6)."),
        "Programs revealed for turn 8: P1: ice deal; P2: rest stone."
    );
    let other = "P4 takes a good at village 10.";
    assert_eq!(strip_wording(other), other);
    // The game's own lines (the wording above must follow them): a played game's
    // seals and reveals lose their hashes, and its programs stay.
    let d = parse_board(BOARD).unwrap();
    let names: Vec<String> = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
    let options = crate::engine::Options::new();
    let mut g = crate::engine::setup_checked::<Himalaya>(&d, &names, &options, 7).unwrap();
    let (mut hashed, mut reveals) = (0, 0);
    for _ in 0..40 {
        random_play(&mut g, &d, 5, hashed as u64);
        let view = g.view(&d, Viewer::Spectator);
        for line in view.last_turn.iter().filter(|l| l.contains("commitment")) {
            hashed += 1;
            let shown = strip_wording(line);
            assert!(
                !shown.contains("commitment") && !shown.contains("salt "),
                "{shown}"
            );
            if line.starts_with("Programs revealed") {
                reveals += 1;
                let programs = line.matches(" (salt ").count();
                assert!(programs > 1, "{line}");
                assert_eq!(shown.matches(": ").count(), programs + 1, "{shown}");
            }
        }
    }
    assert!(
        hashed > 3 && reveals > 0,
        "the game sealed and revealed programs"
    );
}

/// Boards go to phones at every turn: every picture of seeded 3- and 4-player games
/// (basic and advanced), at each change of the last turn's lines (a reveal and its
/// resolution fill the strip most), is at most 150 KB.
#[test]
fn every_board_of_whole_games_is_at_most_150_kb() {
    let d = parse_board(BOARD).unwrap();
    let games = [(4, "advanced", 7), (4, "basic", 3), (3, "basic", 7)];
    for (players, rules, seed) in games {
        let names: Vec<String> = ["P1", "P2", "P3", "P4"][..players]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let mut options = crate::engine::Options::new();
        options.insert("rules".into(), rules.into());
        let mut g = crate::engine::setup_checked::<Himalaya>(&d, &names, &options, seed).unwrap();
        let mut pick = crate::engine::GameRng::new(seed);
        let (mut last, mut largest) = (Vec::new(), 0);
        loop {
            let view = g.view(&d, Viewer::Spectator);
            if view.last_turn != last {
                let png = crate::render::png::encode_png(&render(&d, &view));
                largest = largest.max(png.len());
                assert!(
                    png.len() <= 150 * 1024,
                    "{players} players, {rules}, turn {}: {} KB",
                    view.turn,
                    png.len() / 1024
                );
                last = view.last_turn.clone();
            }
            let acting = g.status().acting().to_vec();
            if acting.is_empty() {
                break;
            }
            let seat = acting[pick.below(acting.len())];
            let texts = crate::engine::testing::legal(&g, &d, seat);
            crate::engine::testing::play(&mut g, &d, seat, &texts[pick.below(texts.len())]);
        }
        eprintln!(
            "{players} players, {rules}: largest board {} KB",
            largest / 1024
        );
    }
}

/// The side panel with 3 players (basic rules) and 4 (advanced), from the start to the
/// end, seen by a spectator and by seat 0 (its own screen shown): every text in it but
/// the words naming the players' pictures (read at full size) is bold, 9 px or more
/// where a chat client shows the picture inline and wholly inside the panel; each
/// player's row shows their name (cut if long) and their stupas and delegations placed
/// and inventory markers; and it repeats neither what the strip says is asked nor the
/// last turn. (No legible text overlaps another: `status_scores_and_last_turn_read_inline`.)
#[test]
fn side_panel_shows_what_the_strip_does_not_legibly() {
    let d = parse_board(BOARD).unwrap();
    let all = ["Ann", "Bartholomew Tokugawa-Yoshinobu", "Cy", "Dee"];
    let (k, top) = (BOARD_SCALE, board_px(HEADLINE_H) as f32);
    let (x0, x1) = (SIDE_X * k, (SIDE_X + SIDE_W) * k);
    let (y0, y1) = (top, H as f32 * k + top);
    let mut boxes = [0; 3];
    for (n, rules) in [(3, "basic"), (4, "advanced")] {
        let names: Vec<String> = all[..n].iter().map(|s| s.to_string()).collect();
        let mut opts = crate::engine::Options::new();
        opts.insert("rules".into(), rules.into());
        for steps in [0, 30, 90, 200, 5000] {
            let mut g = crate::engine::setup_checked::<Himalaya>(&d, &names, &opts, 7).unwrap();
            random_play(&mut g, &d, steps, 11);
            for viewer in [Viewer::Spectator, Viewer::Seat(0)] {
                let view = g.view(&d, viewer);
                let cv = render_canvas(&d, &view);
                let at = format!("{n} players, {rules}, {steps} steps, {viewer:?}");
                let side: Vec<&TextMark> = cv
                    .marks()
                    .iter()
                    .filter(|m| m.x + m.w / 2.0 > x0 && m.y + m.size / 2.0 > y0)
                    .filter(|m| m.y + m.size / 2.0 < y1)
                    .collect();
                for m in side.iter().filter(|m| !KEY.contains(&m.text.as_str())) {
                    let inline = inline_size(m, cv.width());
                    assert!(
                        m.bold && inline >= INLINE_MIN_PX,
                        "{at}: `{}` is {inline:.1} px inline",
                        m.text
                    );
                    assert!(
                        m.x >= x0 && m.x + m.w <= x1 && m.y + m.size <= y1,
                        "{at}: `{}` is cut",
                        m.text
                    );
                }
                let texts: Vec<&str> = side.iter().map(|m| m.text.as_str()).collect();
                for line in view.last_turn.iter().chain([&view.prompt]) {
                    assert!(
                        line.is_empty() || !texts.contains(&line.as_str()),
                        "{at}: `{line}` repeats the strip"
                    );
                }
                assert!(
                    !texts.contains(&"Last turn") && !texts.contains(&"Waiting for"),
                    "{at}"
                );
                for (i, p) in view.players.iter().enumerate() {
                    let (rx, ry, rw, rh) = player_row(i, 12.0);
                    let row: Vec<&str> = side
                        .iter()
                        .filter(|m| {
                            m.y + m.size / 2.0 > ry * k + top
                                && m.y + m.size / 2.0 < (ry + rh) * k + top
                        })
                        .filter(|m| m.x >= rx * k && m.x + m.w <= (rx + rw) * k)
                        .map(|m| m.text.as_str())
                        .collect();
                    assert!(
                        row.iter().any(|t| t.starts_with(&p.name[..1])),
                        "{at}: {row:?}"
                    );
                    for (_, want) in player_counters(&view, p) {
                        assert!(
                            row.contains(&want.as_str()),
                            "{at}: `{want}` not in {}'s row {row:?}",
                            p.name
                        );
                    }
                }
                boxes[0] += usize::from(!view.revealed.is_empty());
                boxes[1] += usize::from(view.last_inventory.is_some());
                boxes[2] += usize::from(view.me.is_some());
            }
        }
    }
    assert!(
        boxes.iter().all(|&b| b >= 2),
        "programs, inventory, own screen drawn {boxes:?} times"
    );
}
