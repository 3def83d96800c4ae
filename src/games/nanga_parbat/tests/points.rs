//! Tests of the points track (`rules/points.rs`).

use super::*;

// NAN-TRACK-2
#[test]
fn nan_track_1_markers_never_share_a_space_except_0() {
    // Seed 1: Bob scores C1 (2) with his tahr from 1.6; Ann holds a yak and a deer.
    let mut g = position(&format!(
        "{STARTED}\nAnn: trap 1.1\nAnn: end\nBob: trap 1.6\nBob: claim C1\nBob: give tahr
         Bob: end\nAnn: trap 6.1"
    ));
    assert_eq!(g.score, vec![0, 2]);
    // B2 is worth 2: Ann would land on Bob's 2, so she scores 3 and stands on 3.
    play_all(&mut g, data(), 0, "claim B2; give yak");
    let a = play(&mut g, data(), 0, "give deer");
    assert_eq!(g.score, vec![3, 2]);
    assert!(
        said(&a, " | ").contains("lands on Bob's space: 1 more"),
        "{}",
        said(&a, " | ")
    );
    // Both markers on 0 is fine at the start.
    assert_eq!(started(false).score, vec![0, 0]);
}

#[test]
fn nan_track_2_landing_on_the_opponent_scores_one_more_and_moves_on() {
    // Seed 1 (STARTED) played on at random (GameRng 1) to the first position where Bob is
    // 3 points ahead: 4 to 7, in turn 8.
    let mut g = started(false);
    let ahead = |g: &NangaParbat| g.score[1] - g.score[0] == 3 && g.score[0] >= 2;
    assert!(random_play_until(
        &mut g,
        data(),
        2_000,
        &mut GameRng::new(1),
        ahead
    ));
    assert_eq!((g.score.clone(), g.turn), (vec![4, 7], 8));
    let mut ev = Vec::new();
    g.gain(0, 3, Gain::RedPanda, &mut ev);
    assert_eq!(g.score, vec![8, 7]);
    g.gain(1, 2, Gain::RedPanda, &mut ev);
    assert_eq!(g.score, vec![8, 9], "no bonus when passing over");
    g.gain(0, 0, Gain::RedPanda, &mut ev);
    assert_eq!(
        g.score,
        vec![8, 9],
        "a gain of 0 does not move (and takes no bonus)"
    );
}
