//! Nippon tests of taking workers, refills and the scoring marker (NIP-WORK, NIP-TRIG),
//! mirroring `rules/workers.rs`.

use super::*;

// ---- Taking a worker ----

// NIP-WORK-1, NIP-WORK-2, NIP-WORK-6
#[test]
fn nip_work_1_take_a_worker_to_the_leftmost_slot() {
    let d = data();
    // Seed 7, two players: purple first; slot 2 (knowledge or coal) holds brown pink white.
    let white_taken = "players purple blue
         seed 7
         purple: take 2 white
         purple: do coal
         purple: up 1
         blue: consolidate";
    let mut g = position(white_taken);
    assert_eq!(
        (g.slots[1].clone(), g.players[0].workers.clone()),
        (vec![5, 3], vec![1])
    );
    play_now(&mut g, &d, "take 2 pink");
    assert_eq!(g.slots[1], vec![5]);
    assert_eq!(
        g.players[0].workers,
        vec![1, 3],
        "white then pink, left to right"
    );
    // NIP-WORK-6: the colour does not change the choice offered.
    let a = legal(&g, &d, g.current);
    let mut h = position(white_taken);
    play_now(&mut h, &d, "take 2 brown");
    assert_eq!(a, legal(&h, &d, h.current));
}

// NIP-WORK-1: the worker is taken from the slot, so a shortened colour means the worker of
// that slot it fits (the only `b` worker of slot 2 is black), not every colour the game knows;
// when it fits two workers there, both are named.
#[test]
fn nip_work_1_a_shortened_colour_means_the_worker_in_that_slot() {
    let d = data();
    // Seed 12, two players: purple first; slot 2 holds black pink white.
    let mut g = position("players purple blue\nseed 12");
    play_now(&mut g, &d, "take 2 b");
    assert_eq!(g.players[0].workers, vec![0], "black");
    // Seed 11: slot 2 holds green brown black.
    let mut g = position(TWO_SEED_11);
    let e = rejected_now(&mut g, &d, "take 2 b");
    assert!(
        e.contains("`take 2 black`") && e.contains("`take 2 brown`"),
        "{e}"
    );
    // A colour the slot does not hold is still refused with the rule's reason.
    let e = rejected_now(&mut g, &d, "take 2 white");
    assert!(e.contains("white"), "{e}");
}

// NIP-WORK-3, NIP-WORK-14
#[test]
fn nip_work_3_choose_one_action_of_the_slot() {
    let d = data();
    assert_eq!(
        d.slots[4],
        vec![Action::Market],
        "Local Market alone on the rightmost slot"
    );
    assert_eq!(d.slots.iter().map(|s| s.len()).sum::<usize>(), 9);
    let mut g = position(&format!("{TWO_SEED_11}\npurple: take 2 black"));
    assert_eq!(legal(&g, &d, g.current), ["do knowledge", "do coal"]);
    assert!(rejected_now(&mut g, &d, "do trains").contains("does not offer"));
    play_all(&mut g, &d, 0, "do coal; up 1");
    assert_eq!(g.players[0].tracks[1], 1);
}

// NIP-WORK-4
#[test]
fn nip_work_4_six_workers_must_consolidate() {
    let d = data();
    let mut g = purple_takes(6);
    assert_eq!(g.players[0].workers.len(), 6);
    assert_eq!(legal(&g, &d, g.current), ["consolidate"]);
    assert!(rejected_now(&mut g, &d, "take 2 brown").contains("must consolidate"));
}

// NIP-WORK-5
#[test]
fn nip_work_5_only_an_action_that_can_be_completed() {
    let d = data();
    // 0 yen: two knowledge moves of 3 (12,000 yen).
    let mut g = knowledge_ups(&[3, 3]);
    assert_eq!(g.players[0].yen, 0);
    // Factory and machinery (slot 1 holds a black worker) both need yen.
    let e = rejected_now(&mut g, &d, "take 1 black");
    assert!(e.contains("completely"), "{e}");
    // With 5,000 yen (moves of 3 and 1) only machinery is possible: it starts at once.
    let mut g = knowledge_ups(&[3, 1]);
    assert_eq!(g.players[0].yen, 5_000);
    play_now(&mut g, &d, "take 1 black");
    assert_eq!(g.stage, Stage::Machinery { n: 0 });
    // And must be carried out: `done` needs one improvement first.
    assert!(rejected_now(&mut g, &d, "done").contains("at least one"));
}

// NIP-WORK-7, NIP-WORK-8
#[test]
fn nip_work_7_emptied_slot_takes_the_uppermost_row() {
    let d = data();
    // Seed 0, four players: slot 2 holds white pink black, the rows pink black orange, green
    // pink orange, ...; red's take empties slot 2, which takes the first row.
    let mut g = position(
        "players purple blue red yellow
         seed 0
         purple: take 2 white
         purple: do coal
         purple: up 1
         blue: take 2 pink
         blue: do coal
         blue: up 1
         red: take 2 black
         red: do coal
         red: up 1
         yellow: take 2 pink
         yellow: do coal
         yellow: up 1
         purple: take 2 black
         purple: do coal
         purple: up 1",
    );
    assert!(g.rows[0].is_empty());
    assert_eq!(g.slots[1], vec![2], "orange, the last of the first row");
    play_now(&mut g, &d, "take 2 orange");
    assert!(g.slots[1].is_empty(), "not before the turn is over");
    play_all(&mut g, &d, 1, "do coal; up 1");
    assert_eq!(g.slots[1], vec![4, 3, 2], "the whole row moves");
    assert!(g.rows[1].is_empty());
    assert_eq!(g.rows[2].len(), 3);
}

// NIP-WORK-9, NIP-WORK-10, NIP-WORK-11, NIP-WORK-13
#[test]
fn nip_work_9_full_refill_when_every_row_is_empty() {
    let d = data();
    for n in [2, 4] {
        // Played on until the rows are empty and the player to move can take the last
        // worker of a slot (the bag holds enough for any refill).
        let last = |g: &Nippon| {
            legal(g, &d, g.current).into_iter().find(|t| {
                let slot = t
                    .strip_prefix("take ")
                    .map(|x| x[..1].parse::<usize>().unwrap());
                slot.is_some_and(|s| g.slots[s - 1].len() == 1)
            })
        };
        let mut g = steered(n, rush, |g| {
            g.stage == Stage::Start
                && g.rows.iter().all(|r| r.is_empty())
                && g.bag.iter().sum::<u32>() >= 21
                && last(g).is_some()
        });
        let (s, total, marker) = (g.current, workers_total(&g), g.marker);
        let take = last(&g).unwrap();
        play_now(&mut g, &d, &take);
        steer_on(&mut g, rush, |g| g.current != s);
        assert!(
            g.slots.iter().all(|s| s.len() == 3),
            "{n}p: every slot topped up to 3"
        );
        let per = if n == 2 { 2 } else { 3 };
        assert!(g.rows.iter().all(|r| r.len() == per), "{n}p: rows of {per}");
        assert_eq!(g.marker, marker + 1, "the scoring marker moves");
        assert_eq!(workers_total(&g), total);
    }
}

// NIP-WORK-12, NIP-CONS-17
#[test]
fn nip_work_12_short_bag_is_completed_at_consolidation() {
    let d = data();
    // Four players hoarding workers (rush): a full refill runs the bag short.
    let short = |g: &Nippon| -> u32 {
        let per = d.rows_for(4).per_row;
        let slots: usize = g.slots.iter().map(|s| 3 - s.len()).sum();
        let rows: usize = g.rows.iter().map(|r| per - r.len()).sum();
        (slots + rows) as u32
    };
    let mut g = steered(4, rush, |g| g.refill_owed);
    assert!(short(&g) > 0, "the bag ran short");
    assert_eq!(g.bag.iter().sum::<u32>(), 0);
    // Played on until a seat consolidates with workers enough to complete it.
    steer_on(&mut g, rush, |g| {
        let w = g.players[g.current].workers.len() as u32;
        g.stage == Stage::Start && w >= short(g) && g.players[g.current].blueprints < 3
    });
    let (s, marker, owed) = (g.current, g.marker, short(&g));
    let back = g.players[s].workers.len() as u32;
    let mut a = play_now(&mut g, &d, "consolidate");
    while g.current == s && g.stage != Stage::Start {
        let step = legal(&g, &d, s)
            .into_iter()
            .max_by_key(|x| by(&["reward", "space"], x));
        a = play_now(&mut g, &d, &step.unwrap());
    }
    // Drawing from the bag is random, so the step cannot be taken back.
    assert!(a.irreversible, "the refill drew from the bag");
    assert!(g.players[s].workers.is_empty());
    assert!(!g.refill_owed);
    assert_eq!(short(&g), 0, "every slot and row full");
    assert_eq!(g.bag.iter().sum::<u32>(), back - owed);
    assert_eq!(
        g.marker, marker,
        "completing a refill does not move the marker again"
    );
}

// NIP-TRIG-1, NIP-TRIG-2, NIP-TRIG-7
#[test]
fn nip_trig_2_first_scoring_when_the_marker_passes_the_first_symbol() {
    let d = data();
    assert_eq!(d.symbols, [2, 5]);
    assert_eq!(d.first_golden, 8);
    // Played on until the marker reaches slot 2, then until it passes it.
    let mut g = steered(2, rush, |g| g.marker == 2);
    assert_eq!(g.scorings, 0, "reaching slot 2 is not passing the symbol");
    let tally = |g: &Nippon| -> Vec<i64> {
        let t = g.vp_by_source.as_ref().unwrap();
        t.iter().map(|t| t.scorings).collect()
    };
    let before = tally(&g);
    steer_on(&mut g, rush, |g| g.marker > 2);
    assert_eq!(g.scorings, 1);
    // NIP-TRIG-4: the last turns start only at the first golden slot.
    assert_eq!(g.final_turns, None);
    // Each seat won what the regions give it at scoring 1 (the influence is as it was).
    let won: Vec<i64> = (0..2)
        .map(|s| (0..4).map(|r| g.region_vp(&d, r, 0)[s]).sum())
        .collect();
    assert!(won.iter().any(|&w| w > 0), "{won:?}");
    let after = tally(&g);
    assert_eq!(
        (after[0] - before[0], after[1] - before[1]),
        (won[0], won[1])
    );
    // The message names each region's scorers, never a player who scored 0.
    let text = g.log.iter().find(|l| l.starts_with("Scoring 1")).unwrap();
    for (s, name) in ["purple", "blue"].iter().enumerate() {
        assert_eq!(text.contains(name), won[s] > 0, "{text}");
    }
}

// NIP-TRIG-3
#[test]
fn nip_trig_3_second_scoring_at_the_second_symbol() {
    let mut g = steered(2, rush, |g| g.marker == 5);
    assert_eq!(g.scorings, 1);
    steer_on(&mut g, rush, |g| g.marker > 5);
    assert_eq!(g.scorings, 2);
    assert!(g.log.iter().any(|l| l.starts_with("Scoring 2")));
}

// NIP-TRIG-4, NIP-TRIG-5
#[test]
fn nip_trig_5_three_more_turns_each_after_the_golden_slot() {
    // Three players: the full refill of seat `t`'s turn reaches the first golden slot.
    let d = data();
    let mut g = steered(3, rush, |g| g.final_turns.is_some());
    assert_eq!(g.marker, d.first_golden);
    let t = g.last_player.unwrap();
    let mut order = Vec::new();
    for round in 0..3 {
        for _ in 0..3 {
            assert!(g.result.is_none());
            order.push(g.current);
            consolidate_turn(&mut g, &d);
        }
        assert_eq!(
            g.marker,
            d.first_golden + round + 1,
            "marker moves after each round"
        );
    }
    let next: Vec<Seat> = (1..=9).map(|i| (t + i) % 3).collect();
    assert_eq!(order, next, "the others, then seat {t}, three times");
    assert_eq!(g.scorings, 3);
    assert!(
        g.result.is_some(),
        "the 3rd scoring follows the 3rd turn of seat {t}"
    );
    assert_eq!(g.last_player, Some(t));
}

// NIP-WORK-5: whether a player could carry out a Local Market action is decided by trying
// only the highest tile each good and number of cubes allows; at every position of random
// games, for every seat, that agrees with trying every `tile <value> <good> <cubes>`.
#[test]
fn nip_work_5_the_market_check_agrees_with_trying_every_tile() {
    let d = data();
    let (mut can, mut cannot) = (0, 0);
    for seed in 0..6 {
        let n = 2 + seed as usize % 3;
        let mut g = setup_checked::<Nippon>(&d, &names(n), &Options::new(), seed).unwrap();
        let mut rng = crate::engine::GameRng::new(seed);
        while g.result.is_none() {
            for seat in 0..n {
                let every = (1..=7).any(|v| {
                    (0..d.goods.len())
                        .any(|gd| (1..=3).any(|c| g.can_tile(&d, seat, None, v, gd, c).is_ok()))
                });
                assert_eq!(g.may_place_a_tile(&d, seat), every, "turn {}", g.turn);
                if every {
                    can += 1;
                } else {
                    cannot += 1;
                }
            }
            let seat = g.current;
            let legal = g.legal_steps(&d, seat);
            let step = legal[rng.below(legal.len())];
            g.apply(&d, seat, &step).unwrap();
        }
    }
    assert!(can > 100 && cannot > 100, "{can} could, {cannot} could not");
}

/// NIP-WORK-3: "take a worker and do the action": on a slot with one action the player can
/// do, `take` begins it, and the rulebook's `do <action>` is still accepted, once, changing
/// nothing.
#[test]
fn nip_work_3_do_is_accepted_when_the_slot_offers_one_action() {
    let d = data();
    let mut g = silk_with_three_goods();
    let c = colour_on(&g, &d, 5);
    play_now(&mut g, &d, &format!("take 5 {c}"));
    assert!(matches!(g.stage, Stage::Market(_)));
    let before = g.stage.clone();
    play_now(&mut g, &d, "do market");
    assert_eq!(g.stage, before, "the redundant `do` changes nothing");
    let e = rejected_now(&mut g, &d, "do market");
    assert!(e.contains("market"), "accepted once only: {e}");
}

// NIP-WORK-5, NIP-TURN-2: a take typed without its colour (as players say it) is refused
// with the rule's reason, or answered with the whole steps it could be.
#[test]
fn nip_work_5_a_take_without_its_colour_gets_the_reason_or_the_whole_steps() {
    let d = data();
    // 0 yen (two knowledge moves of 3): nothing on slot 1 can be completed.
    let mut g = knowledge_ups(&[3, 3]);
    let e = rejected_now(&mut g, &d, "take 1");
    assert!(e.contains("completely"), "{e}");
    assert!(e.contains("rules topic `take`"), "{e}");
    // 5,000 yen (moves of 3 and 1): machinery can be, so the whole steps are named.
    let mut g = knowledge_ups(&[3, 1]);
    let e = rejected_now(&mut g, &d, "take 1");
    assert!(e.contains("not a whole step"), "{e}");
    for s in legal(&g, &d, g.current)
        .iter()
        .filter(|s| s.starts_with("take 1 "))
    {
        assert!(e.contains(s.as_str()), "{e} lacks {s}");
    }
}
