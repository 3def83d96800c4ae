//! Nippon tests of knowledge and mines (NIP-KNOW, NIP-COAL), mirroring
//! `rules/knowledge.rs`.

use super::*;

// ---- Knowledge and mines ----

// NIP-KNOW-1, NIP-KNOW-2, NIP-COAL-1, NIP-COAL-2
#[test]
fn nip_know_2_track_steps_cost_1_3_6_thousand() {
    let d = data();
    for (a, t) in [(Action::Knowledge, 2), (Action::Coal, 1)] {
        for (k, cost) in [(1, 1_000), (2, 3_000), (3, 6_000)] {
            let mut g = fresh(&d, 2);
            in_action(&mut g, &d, a);
            play_now(&mut g, &d, &format!("up {k}"));
            assert_eq!(g.players[0].tracks[t], k);
            assert_eq!(g.players[0].yen, 12_000 - cost);
        }
    }
    let mut g = fresh(&d, 2);
    g.players[0].yen = 2_000;
    in_action(&mut g, &d, Action::Coal);
    assert!(rejected_now(&mut g, &d, "up 2").contains("cost"));
    // Exactly the price is enough.
    g.players[0].yen = 3_000;
    play_now(&mut g, &d, "up 2");
    assert_eq!(g.players[0].yen, 0);
}

// NIP-KNOW-3, NIP-COAL-3
#[test]
fn nip_know_3_no_step_beyond_the_top() {
    let d = data();
    for (a, t) in [(Action::Knowledge, 2), (Action::Coal, 1)] {
        let mut g = fresh(&d, 2);
        g.players[0].tracks[t] = d.tracks[t].top() - 1;
        in_action(&mut g, &d, a);
        assert!(rejected_now(&mut g, &d, "up 2").contains("beyond the top"));
        assert_eq!(legal(&g, &d, g.current), ["up 1"]);
        // Three below the top, all three moves are open, the longest to the top slot.
        let mut g = fresh(&d, 2);
        g.players[0].tracks[t] = d.tracks[t].top() - 3;
        in_action(&mut g, &d, a);
        assert_eq!(legal(&g, &d, g.current), ["up 1", "up 2", "up 3"]);
        play_now(&mut g, &d, "up 3");
        assert_eq!(g.players[0].tracks[t], d.tracks[t].top());
    }
}

// NIP-COAL-1: the coal action raises the coal marker, and consolidation pays its value.
#[test]
fn nip_coal_1_mines_raise_coal_income() {
    let d = data();
    let mut g = fresh(&d, 2);
    in_action(&mut g, &d, Action::Coal);
    play_now(&mut g, &d, "up 2");
    g.current = 0;
    play_now(&mut g, &d, "consolidate");
    assert_eq!(g.players[0].coal, 3);
}
