//! Nippon tests of scoring and the end of the game (NIP-SCORE, NIP-END), mirroring
//! `rules/scoring.rs`.

use super::*;

// ---- Scorings ----

// NIP-SCORE-1, NIP-SCORE-2, NIP-SCORE-4
#[test]
fn nip_score_2_trains_count_only_with_a_tile() {
    let d = data();
    let mut g = fresh(&d, 3);
    // why: influence tiles and trains on chosen places: LAYOUTS (mod.rs); the scoring is the
    // point
    tile(&mut g, 0, 0, 0, 3);
    tile(&mut g, 1, 1, 0, 2);
    g.rail[0] = vec![(0, false), (0, false), (1, false), (0, true)];
    let (infl, _) = g.region_influence(&d, 0);
    assert_eq!(infl, [3 + 2 + 4, 0, 0]);
}

// NIP-SCORE-5, NIP-SCORE-6
#[test]
fn nip_score_6_tie_for_first_shares_rounded_down() {
    let d = data();
    let mut g = fresh(&d, 3);
    // Purple 0, Blue 1, Red 2 in Hokkaido, every slot covered (overseas 0).
    let plan = [
        (0, 0, 0, 1),
        (0, 1, 0, 2),
        (0, 2, 0, 3),
        (0, 3, 2, 1),
        (1, 0, 2, 2),
        (1, 1, 2, 3),
        (1, 2, 1, 1),
        (1, 3, 1, 3),
    ];
    for (c, s, seat, v) in plan {
        // why: influence tiles of chosen values for three players: LAYOUTS (mod.rs)
        tile(&mut g, c, s, seat, v);
    }
    assert_eq!(g.region_influence(&d, 0), (vec![6, 4, 6], 0));
    assert_eq!(g.region_vp(&d, 0, 0), [8, 5, 8]);
}

// NIP-SCORE-7, NIP-SCORE-8, NIP-SCORE-10
#[test]
fn nip_score_8_overseas_first_purple_second_blue_third() {
    let d = data();
    let mut g = fresh(&d, 3);
    // Empty: Sapporo side 0 (3), Sapporo side 1 (1), Hakodate side 2 (3) = 7.
    let plan = [
        (0, 2, 0, 1),
        (0, 3, 0, 1),
        (1, 0, 0, 2),
        (1, 1, 0, 2),
        (1, 3, 1, 1),
    ];
    for (c, s, seat, v) in plan {
        // why: influence tiles and trains for three players: LAYOUTS (mod.rs)
        tile(&mut g, c, s, seat, v);
    }
    // why: above
    g.rail[0] = vec![(1, false), (1, false), (2, false), (2, false), (0, true)];
    let (infl, overseas) = g.region_influence(&d, 0);
    assert_eq!(overseas, 7);
    assert_eq!(infl, [6, 5, 0]);
    assert_eq!(g.region_vp(&d, 0, 1), [11 + 2, 8, 0]);
}

// NIP-SCORE-9
#[test]
fn nip_score_9_three_way_tie_with_ships() {
    let d = data();
    let mut g = fresh(&d, 3);
    // Only Sapporo side 2 (value 2) is empty.
    let plan = [
        (0, 0, 0, 6),
        (0, 1, 0, 1),
        (0, 3, 0, 1),
        (1, 0, 1, 5),
        (1, 1, 1, 3),
        (1, 2, 2, 4),
        (1, 3, 2, 4),
    ];
    for (c, s, seat, v) in plan {
        // why: influence tiles and ships for three players: LAYOUTS (mod.rs)
        tile(&mut g, c, s, seat, v);
    }
    // why: above
    g.rail[0] = vec![(0, true), (1, true), (2, true)];
    assert_eq!(g.region_influence(&d, 0), (vec![8, 8, 8], 2));
    let share = (10 + 7 + 5) / 3;
    assert_eq!(g.region_vp(&d, 0, 0), [share + 2, share + 2, share + 2]);
}

// NIP-SCORE-11 (reading: only ships in the scored region, 2 VP each)
#[test]
fn nip_score_11_ships_of_the_region_only() {
    let d = data();
    let mut g = fresh(&d, 2);
    for s in 0..4 {
        // why: influence tiles and ships on chosen regions: LAYOUTS (mod.rs)
        tile(&mut g, 0, s, 0, 7);
    }
    // why: above
    g.rail[1] = vec![(0, true)];
    g.rail[0] = vec![(0, true), (0, true)];
    let won = g.region_vp(&d, 0, 0);
    assert_eq!(won[0], 10 + 4);
}

// NIP-SCORE-12 (reading: influence 0 takes no place)
#[test]
fn nip_score_12_zero_influence_scores_nothing() {
    let d = data();
    let mut g = fresh(&d, 3);
    // why: a tile and a ship on chosen places: LAYOUTS (mod.rs)
    tile(&mut g, 0, 0, 0, 1);
    // Overseas first, seat 0 second; seats 1 and 2 have 0 and do not share third.
    assert_eq!(g.region_vp(&d, 0, 0), [7, 0, 0]);
    // why: above
    g.rail[0] = vec![(1, true)];
    assert_eq!(g.region_vp(&d, 0, 0)[1], 0, "no ships VP without a place");
}

// ---- End ----

// NIP-END-2, NIP-END-3
#[test]
fn nip_end_3_tie_goes_to_the_last_player_or_closest_before() {
    let d = data();
    let mut g = fresh(&d, 4);
    for p in &mut g.players {
        // why: tied VP at the end of a four-player game: only by hand
        p.vp = 30;
        p.tracks[0] = 0;
    }
    // why: above
    g.players[3].vp = 20;
    g.last_player = Some(2);
    let mut ev = Vec::new();
    g.finish(&d, &mut ev);
    let r = g.result.clone().unwrap();
    assert_eq!(r.places[2], 1, "{}", r.note);
    assert_eq!(r.places[1], 2);
    assert_eq!(r.places[0], 3);
    assert_eq!(r.places[3], 4);
    // Last player not tied: the closest counter-clockwise among the tied wins.
    let mut g = fresh(&d, 4);
    for p in &mut g.players {
        // why: above
        p.vp = 30;
        p.tracks[0] = 0;
    }
    // why: above
    g.players[2].vp = 10;
    g.last_player = Some(2);
    g.finish(&d, &mut ev);
    let r = g.result.clone().unwrap();
    assert_eq!(r.places[1], 1, "{}", r.note);
    // NIP-END-2: otherwise most VP wins.
    let mut g = fresh(&d, 4);
    // why: above
    g.players[3].vp = 99;
    g.finish(&d, &mut ev);
    assert_eq!(g.result.unwrap().places[3], 1);
}

// NIP-END-4: final budget and workforce.
#[test]
fn nip_end_4_final_budget_and_unpaid_workers() {
    let d = data();
    let mut g = fresh(&d, 2);
    // why: 100,000 yen and five workers at the end: a whole game away
    g.players[0].workers = vec![0, 1, 2, 3, 4];
    g.players[0].yen = 100_000;
    let vp = g.players[0].vp;
    let mut ev = Vec::new();
    g.finish(&d, &mut ev);
    // 12,000 from the money track pays 4 colours, the 5th costs 2 VP; money 0 VP.
    assert_eq!(g.players[0].yen, 0);
    let fac = 0;
    assert_eq!(g.players[0].vp, vp - 2 + fac);
    // The final breakdown shows the loss as a minus.
    let lines = &g.result.as_ref().unwrap().breakdown[0];
    assert!(
        lines.contains(&ScorePart::new("unpaid workers", -2)),
        "{lines:?}"
    );
}

/// The final breakdown: the VP each player starts with, then the VP by source over the
/// game, then the achievements; they add up to the score. A game restored from a snapshot
/// taken before the VP were kept by source still ends, with the totals only.
// NIP-SETUP-6, NIP-END-4
#[test]
fn nip_end_4_the_result_gives_the_vp_by_source_and_an_older_snapshot_the_totals() {
    let d = data();
    let mut g = fresh(&d, 2);
    let older = {
        let mut json = serde_json::to_value(&g).unwrap();
        json.as_object_mut().unwrap().remove("vp_by_source");
        serde_json::to_string(&json).unwrap()
    };
    let start = g.vp();
    g.finish(&d, &mut Vec::new());
    let r = g.result.clone().unwrap();
    assert_eq!(r.check_breakdown(), Ok(()));
    assert_eq!(r.breakdown.len(), 2, "a breakdown per seat");
    for (parts, start) in r.breakdown.iter().zip(start) {
        assert_eq!(parts[0], ScorePart::new("start", start));
        let names: Vec<&str> = parts.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(
            names[..4],
            ["start", "scorings", "bonuses", "unpaid workers"],
            "{names:?}"
        );
        assert_eq!(names.len(), 4 + d.achievements.len());
    }
    let mut old: Nippon = serde_json::from_str(&older).expect("an older snapshot loads");
    old.finish(&d, &mut Vec::new());
    let r = old.result.clone().unwrap();
    assert!(r.breakdown.is_empty());
    assert_eq!(r.scores, g.vp());
}
