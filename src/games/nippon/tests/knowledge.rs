//! Nippon tests of knowledge and mines (NIP-KNOW, NIP-COAL), mirroring
//! `rules/knowledge.rs`.

use super::*;

// ---- Knowledge and mines ----

// NIP-KNOW-1, NIP-KNOW-2, NIP-COAL-1, NIP-COAL-2
#[test]
fn nip_know_2_track_steps_cost_1_3_6_thousand() {
    let d = data();
    for (word, t) in [("knowledge", 2), ("coal", 1)] {
        for (k, cost) in [(1, 1_000), (2, 3_000), (3, 6_000)] {
            // Seed 11: slot 2 (knowledge or coal) holds a black worker.
            let mut g = position(&format!(
                "{TWO_SEED_11}
                 purple: take 2 black
                 purple: do {word}"
            ));
            play_now(&mut g, &d, &format!("up {k}"));
            assert_eq!(g.players[0].tracks[t], k);
            assert_eq!(g.players[0].yen, 12_000 - cost);
        }
    }
    // A purse of 2,000 yen (knowledge moves of 3, 2 and 1) is short of 2 coal steps.
    let mut g = knowledge_ups(&[3, 2, 1]);
    assert_eq!(g.players[0].yen, 2_000);
    begin(&mut g, &d, Action::Coal);
    assert!(rejected_now(&mut g, &d, "up 2").contains("cost"));
    // Exactly the price is enough: 3,000 yen (moves of 3 and 2).
    let mut g = knowledge_ups(&[3, 2]);
    begin(&mut g, &d, Action::Coal);
    play_now(&mut g, &d, "up 2");
    assert_eq!(g.players[0].yen, 0);
}

// NIP-KNOW-3, NIP-COAL-3
#[test]
fn nip_know_3_no_step_beyond_the_top() {
    let d = data();
    for kind in [TrackKind::Knowledge, TrackKind::Coal] {
        let t = kind.index();
        let top = d.tracks[t].top();
        // Played on (moves up this track first) until the player to move it is `below` the
        // top, with 6,000 yen for any move and fewer than 3 blueprints.
        let at = |below: usize| {
            let word = format!("do {}", kind.name());
            let prefer = move |_: &Nippon, _: Seat, x: &str| by(&[&word, "up 1", "take"], x);
            steered(2, prefer, move |g| {
                let p = &g.players[g.current];
                g.stage == Stage::Track { track: kind }
                    && p.tracks[t] + below == top
                    && p.yen >= 6_000
                    && p.blueprints < 3
            })
        };
        let mut g = at(1);
        assert!(rejected_now(&mut g, &d, "up 2").contains("beyond the top"));
        assert_eq!(legal(&g, &d, g.current), ["up 1"]);
        // Three below the top, all three moves are open, the longest to the top slot.
        let mut g = at(3);
        let s = g.current;
        assert_eq!(legal(&g, &d, s), ["up 1", "up 2", "up 3"]);
        play_now(&mut g, &d, "up 3");
        assert_eq!(g.players[s].tracks[t], top);
    }
}

// NIP-COAL-1: the coal action raises the coal marker, and consolidation pays its value.
#[test]
fn nip_coal_1_mines_raise_coal_income() {
    let d = data();
    // Seed 11: slot 2 (knowledge or coal) holds a black worker; blue consolidates in turn.
    let mut g = position(&format!(
        "{TWO_SEED_11}
         purple: take 2 black
         purple: do coal
         purple: up 2
         blue: consolidate"
    ));
    play_now(&mut g, &d, "consolidate");
    assert_eq!(g.players[0].coal, 3);
}
