//! The demo games of the rulebooks' worked examples, played through `sherpa local --script
//! --json`: each ends with the scores or results worked out by hand in the games' tests.

use super::*;

/// Nepal's demo game (its scores are worked out by hand in the Nepal tests) played through
/// `sherpa local --script --json` ends with the same hand-checked scores.
#[test]
fn nepal_demo_game_through_local_script_ends_with_the_hand_checked_scores() {
    use sherpa::games::nepal;
    let dir = tmp("nepal-demo");
    let names = ["Ann", "Bob", "Cy"];
    let text: String = nepal::demo_script()
        .iter()
        .map(|(s, st)| format!("{}: move {st}\n", names[*s]))
        .collect();
    let sc = dir.join("demo.txt");
    std::fs::write(&sc, text).unwrap();
    let seed = nepal::DEMO_SEED.to_string();
    let lines = json_script_lines(
        &["nepal", "--players", "Ann,Bob,Cy", "--seed", &seed],
        &sc,
        &dir,
    );
    let last = lines.last().unwrap();
    assert_eq!(last["ok"], true, "{last}");
    assert_eq!(
        last["status"]["status"]["Finished"]["scores"],
        serde_json::json!([5, 8, 14]),
        "{last}"
    );
    assert_eq!(
        last["status"]["status"]["Finished"]["places"],
        serde_json::json!([3, 2, 1])
    );
}

/// History of Peloria's opening round (seed 5) through `sherpa local --script --json`,
/// checked by hand: Hirenmador's three cavalry attack Saird (+2 in round 1: 2+2=4 three
/// times, no hit); the Hyalorings' 5 and 6 kill two; the last one retreats to Naveria where
/// it came from. The Hyalorings claim the Emperorship with the Sandals (1 piece); the
/// Pelorians (27 points: 13 open areas and rough Imther) get 4 units, walk into Henjarl and
/// claim with 3 pieces (Vestments, Roost, Girdle), scoring 3 VP at the end of this Jenarong
/// round.
#[test]
fn peloria_opening_round_through_local_script_matches_the_hand_checked_result() {
    let dir = tmp("peloria-opening");
    let sc = dir.join("opening.txt");
    std::fs::copy("board_art/peloria/opening-round.txt", &sc).unwrap();
    let lines = json_script_lines(
        &["peloria", "--players", "Ann,Bo,Cy,Di", "--seed", "5"],
        &sc,
        &dir,
    );
    let text = reply_texts(&lines);
    for want in [
        "Saird round 1: Hirenmador roll 2+2=4 2+2=4 2+2=4; Hyalorings roll 5 2 6.",
        "Hirenmador: one cavalry retreats from Saird to Naveria.",
        "Battle in Saird over: the Hyalorings hold Saird.",
        "The Hyalorings claim the Emperorship with 1 piece of regalia.",
        "Pelorians population: 27 points + track = 27: 4 new units, track 3.",
        "The Pelorians claim the Emperorship with 3 pieces of regalia.",
        "Jenarong Emperor: the Pelorians score 3 VP for their regalia.",
        "— Round 2 —",
    ] {
        assert!(text.contains(want), "missing `{want}` in:\n{text}");
    }
    let view = &lines.last().unwrap()["status"]["view"];
    assert_eq!(view["round"], 2);
    assert_eq!(view["emperor"], 5, "the Pelorians");
    let vps: Vec<i64> = view["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["vp"].as_i64().unwrap())
        .collect();
    assert_eq!(vps, vec![3, 0, 0, 0]);
}

/// History of Peloria's Call to Heroes through `sherpa local --script --json`: the game is
/// played to the end of round 13 with every seat's default step (the same steps the engine
/// takes in-process), then each player bids a total spread over their nations and seals,
/// and each player who bid picks the units to remove (`remove <nation> <area> <kind>`,
/// the last one offered, so not the autopilot's pick). Each tie case of the text gives its
/// awards (the winner's VP are all units removed).
#[test]
fn peloria_call_to_heroes_through_local_script_reproduces_each_tie_case() {
    use sherpa::engine::Options;
    const SEED: u64 = 9;
    let names: Vec<String> = ["Ann", "Bo", "Cy", "Di"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let kind = Registry::builtin().get("peloria").unwrap();
    let mut g = kind.setup(&names, &Options::new(), SEED).unwrap();
    let mut steps: Vec<(usize, String)> = Vec::new();
    loop {
        let seat = g.status().acting()[0];
        if g.legal(seat).iter().any(|s| s.notation == "seal") {
            break;
        }
        let st = g.default_step(seat).unwrap();
        g.play(seat, &st).unwrap();
        steps.push((seat, st));
    }
    // Most units each seat may bid, per nation (from the legal `bid` steps).
    let maxima: Vec<Vec<(String, u32)>> = (0..4)
        .map(|s| {
            let mut m: Vec<(String, u32)> = Vec::new();
            for st in g.legal(s) {
                let w: Vec<&str> = st.notation.split_whitespace().collect();
                if w[0] == "bid" {
                    let v: u32 = w[2].parse().unwrap();
                    match m.iter_mut().find(|(n, _)| n == w[1]) {
                        Some(e) => e.1 = e.1.max(v),
                        None => m.push((w[1].to_string(), v)),
                    }
                }
            }
            m
        })
        .collect();
    let cases: [([u32; 4], [i64; 4]); 6] = [
        ([4, 3, 2, 1], [10, 20, 2, 0]),
        ([3, 3, 2, 1], [20, 20, 2, 0]),
        ([4, 2, 2, 1], [9, 2, 2, 2]),
        ([2, 2, 2, 2], [0, 0, 0, 0]),
        ([4, 1, 1, 1], [7, 2, 2, 2]),
        ([3, 3, 1, 1], [20, 20, 0, 0]),
    ];
    for (k, (totals, awards)) in cases.iter().enumerate() {
        let mut text: String = steps
            .iter()
            .map(|(s, st)| format!("{}: move {st}\n", names[*s]))
            .collect();
        let mut h = g.box_clone();
        let line =
            |text: &mut String, h: &mut Box<dyn sherpa::engine::AnyGame>, s: usize, st: String| {
                h.play(s, &st).unwrap();
                text.push_str(&format!("{}: move {st}\n", names[s]));
            };
        for s in 0..4 {
            let mut left = totals[s];
            for (nation, max) in &maxima[s] {
                let b = left.min(*max);
                if b > 0 {
                    line(&mut text, &mut h, s, format!("bid {nation} {b}"));
                }
                left -= b;
            }
            assert_eq!(left, 0, "seat {s} has units enough to bid {}", totals[s]);
            line(&mut text, &mut h, s, "seal".into());
        }
        let mut removals = [0; 4];
        while let Some(&s) = h.status().acting().first() {
            let legal = h.legal(s);
            if !legal.iter().all(|l| l.notation.starts_with("remove ")) {
                break;
            }
            removals[s] += 1;
            line(&mut text, &mut h, s, legal.last().unwrap().notation.clone());
        }
        assert_eq!(removals, *totals, "case {k}: one step per unit removed");
        let dir = tmp(&format!("peloria-heroes-{k}"));
        let sc = dir.join("heroes.txt");
        std::fs::write(&sc, text).unwrap();
        let seed = SEED.to_string();
        let lines = json_script_lines(
            &["peloria", "--players", "Ann,Bo,Cy,Di", "--seed", &seed],
            &sc,
            &dir,
        );
        let want = format!(
            "Call to Heroes awards: Ann {} VP, Bo {} VP, Cy {} VP, Di {} VP.",
            awards[0], awards[1], awards[2], awards[3]
        );
        assert!(
            reply_texts(&lines).contains(&want),
            "case {k}: missing `{want}`"
        );
    }
}

/// Nanga Parbat's two demo games (`tests/data/nanga_parbat/`, scores worked out by hand in
/// the Nanga Parbat tests) played through `sherpa local --script --json`, in both scoring
/// modes, end with the hand-checked scores.
#[test]
fn nanga_parbat_demo_games_through_local_script_end_with_the_hand_checked_scores() {
    use sherpa::games::nanga_parbat;
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/nanga_parbat");
    for (file, option, scores) in [
        ("chart.txt", "scoring=chart", [14, 17]),
        ("areas.txt", "scoring=areas", [16, 20]),
    ] {
        let dir = tmp(&format!("nanga-{file}"));
        let seed = nanga_parbat::DEMO_SEED.to_string();
        let lines = json_script_lines(
            &[
                "nanga-parbat",
                "--players",
                "Ann,Bob",
                "--seed",
                &seed,
                "--option",
                option,
            ],
            &data.join(file),
            &dir,
        );
        // The last move's answer; the game's end files follow it (issue 35).
        assert_eq!(lines.last().unwrap()["end_files"], 1);
        let last = &lines[lines.len() - 2];
        assert_eq!(
            last["status"]["status"]["Finished"]["scores"],
            serde_json::json!(scores),
            "{file}: {last}"
        );
        assert_eq!(
            last["status"]["status"]["Finished"]["places"],
            serde_json::json!([2, 1])
        );
        assert!(
            last["replies"][0]["image"]
                .as_str()
                .map(|p| Path::new(p).exists())
                .unwrap_or(false),
            "the final board was written"
        );
        assert_snapshot_equals_replay(&dir.join("g.db"));
    }
}

/// Nippon's demo game (`tests/data/nippon/demo.txt`, 2 players, seed 7) through
/// `sherpa local --script --json` ends with scores worked out by hand from the board at
/// each scoring (VP per place: 10/7/5, 14/11/8, 18/15/11; ships 2 VP for 1st and 2nd;
/// trains count 2 only with a tile in the region; the overseas companies hold the empty
/// slots' sum):
/// - Start: Ann 10, Bob 11 (NIP-SETUP-6).
/// - Scoring 1: Hokkaido: Bob's tiles 3+2 = 5 (his ship adds no influence); overseas
///   3+1+1 + 1+3+1 = 10 first; Bob second: 7 + 2 for his ship there = 9. Bob 20.
/// - Scoring 2: Hokkaido: Bob 4+5 + his train 2 = 11 beats overseas 10: 14 + ship 2 = 16.
///   Tohoku: overseas 2+2+1 + 1+3+2 = 11; Ann and Bob tie with one 3-tile each:
///   (11+8)/2 = 9 each, and Bob's ship there +2 = 11. Kanto: overseas 3+1+2 + 1+3+2 = 12,
///   Bob 5+3 = 8 second: 11 + ship 2 = 13. Ann 19, Bob 60.
/// - A consolidation: Ann pays 4 of her 5 worker colours (3,000 each from 14,000) and
///   loses 2 VP for the fifth (NIP-CONS-14). Ann 17.
/// - Scoring 3: Hokkaido: Bob 11 first: 18 + 2 = 20. Tohoku: overseas 11 first, Ann 4+5 = 9
///   second: 15 (no ships of hers there). Kanto: Ann 3+5+3 = 11 first: 18; overseas 1+2+1+2
///   = 6 second; Bob 5 third: 11, no ship VP for a third place. Ann 50, Bob 91.
/// - Final (multipliers from the reward tiles each placed): Ann's money 14,000 less 2
///   colours = 8,000: 1 x3 = 3; knowledge stars up to slot 11: 4 x2 = 8; 3 ships: 1 star
///   x2 = 2; 2 factories x3 = 6; 5 tiles on the map x5 = 25: +44 = 94. Bob's money 13,000
///   less 4 colours = 1,000: 0; 4 stars x4 = 16; 1 ship star x5 = 5; 2 factories x4 = 8;
///   3 tiles x3 = 9: +38 = 129. No contracts were fulfilled by either.
#[test]
fn nippon_demo_game_through_local_script_ends_with_the_hand_checked_scores() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/nippon");
    let dir = tmp("nippon-demo");
    let lines = json_script_lines(
        &["nippon", "--players", "Ann,Bob", "--seed", "7"],
        &data.join("demo.txt"),
        &dir,
    );
    let texts = reply_texts(&lines);
    for want in [
        "Scoring 1: hokkaido: Bob 9.",
        "Bob takes an orange worker from action slot 3.",
        "Scoring 2: hokkaido: Bob 16; tohoku: Ann 9, Bob 11; kanto: Bob 13.",
        "Ann pays 12,000 yen for 5 worker colours and loses 2 VP",
        "Scoring 3: hokkaido: Bob 20; tohoku: Ann 15; kanto: Ann 18, Bob 11.",
    ] {
        assert!(texts.contains(want), "missing `{want}`");
    }
    let last = lines.last().unwrap();
    assert_eq!(
        last["status"]["status"]["Finished"]["scores"],
        serde_json::json!([94, 129]),
        "{last}"
    );
    assert_eq!(
        last["status"]["status"]["Finished"]["places"],
        serde_json::json!([2, 1])
    );
    // The result's breakdown: the VP by source over the game (above: Ann 10 + 9 + 15 + 18
    // and -2 for the fifth colour; Bob 11 + 9 + 40 + 31; no VP bonuses), then the final
    // achievements.
    let parts: Vec<Vec<(String, i64)>> = last["status"]["status"]["Finished"]["breakdown"]
        .as_array()
        .expect("a breakdown per seat")
        .iter()
        .map(|seat| {
            seat.as_array()
                .unwrap()
                .iter()
                .map(|p| {
                    let name = p["name"].as_str().unwrap().to_string();
                    (name, p["points"].as_i64().unwrap())
                })
                .collect()
        })
        .collect();
    let want = |vp: [i64; 10]| -> Vec<(String, i64)> {
        let names = [
            "start",
            "scorings",
            "bonuses",
            "unpaid workers",
            "contracts",
            "money",
            "knowledge",
            "ships",
            "factories",
            "influence",
        ];
        names.iter().map(|n| n.to_string()).zip(vp).collect()
    };
    assert_eq!(
        parts,
        vec![
            want([10, 42, 0, -2, 0, 3, 8, 2, 6, 25]),
            want([11, 80, 0, 0, 0, 0, 16, 5, 8, 9]),
        ]
    );
    assert!(
        texts.contains("1. Bob: 129 (start 11, scorings 80, bonuses 0, unpaid workers 0, contracts 0, money 0, knowledge 16, ships 5, factories 8, influence 9)"),
        "the end-of-game standings give the same parts:\n{texts}"
    );
    assert_snapshot_equals_replay(&dir.join("g.db"));
}
