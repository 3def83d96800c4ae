//! Nippon tests of scoring and the end of the game (NIP-SCORE, NIP-END), mirroring
//! `rules/scoring.rs`. Real games are played to their end (a bounded list of seeds, steered
//! players); at each of their scorings the VP every seat won, and at their end the places,
//! the final budget and the unpaid workers, are checked against the clauses recomputed
//! here from the public board; each test then stops at the first scoring (or end) that
//! shows its clause's situation, and asserts the clause there.

use super::*;
use std::cell::RefCell;

/// The games looked at, in order: (players, seed), setup and picks both from the seed.
pub(super) fn games() -> impl Iterator<Item = (usize, u64)> {
    (1..=SEEDS).flat_map(|seed| [(3, seed), (4, seed), (2, seed)])
}

/// The seeds of [`games`].
const SEEDS: u64 = 120;

/// Steering towards the map: market actions (influence tiles) and trains and ships first,
/// goods made to sell on the way, consolidating with 3 workers or more.
fn mapper(g: &Nippon, s: Seat, t: &str) -> i32 {
    if t == "consolidate" {
        return if g.players[s].workers.len() >= 3 {
            6
        } else {
            0
        };
    }
    let order = [
        "tile",
        "city",
        "remove",
        "train",
        "ship",
        "do market",
        "do trains",
        "do ships",
        "run",
        "build",
        "do produce",
        "do factory",
        "take",
    ];
    by(&order, t)
}

/// Steering that takes workers of colours it does not hold first, consolidating only when
/// nothing else is possible (else as [`rush`]): many colours in hand at the end.
fn collector(d: &NipponData) -> impl Fn(&Nippon, Seat, &str) -> i32 + '_ {
    move |g, s, t| {
        let colour = t.strip_prefix("take ").and_then(|x| x.split(' ').nth(1));
        let held = |c: &str| {
            let w = &g.players[s].workers;
            w.iter().any(|&w| d.worker_colours[w as usize].0 == c)
        };
        match colour {
            Some(c) if !held(c) => 4,
            _ => rush(g, s, t),
        }
    }
}

/// Seats 0 and 3 steer for the map ([`mapper`]), seat 1 for goods ([`industry`]), seat 2
/// for worker colours ([`collector`]).
fn mixed(d: &NipponData) -> impl Fn(&Nippon, Seat, &str) -> i32 + '_ {
    let collect = collector(d);
    move |g, s, t| match s % 3 {
        0 => mapper(g, s, t),
        1 => industry(g, s, t),
        _ => collect(g, s, t),
    }
}

/// One scoring of a real game: the game just after the step that scored (its tiles, trains
/// and ships are those scored), which scoring (0-based) and the VP each seat won by it (read
/// from the VP kept by source).
struct Scored {
    g: Nippon,
    k: usize,
    won: Vec<i64>,
}

/// A whole game played out: the finished game, its scorings, and each seat's VP by source
/// before the step that ended it.
pub(super) struct PlayedOut {
    pub(super) g: Nippon,
    scorings: Vec<Scored>,
    before_end: Vec<rules::VpBySource>,
}

/// The game of `n` players and `seed` (setup and picks) played to its end by [`mixed`].
pub(super) fn played_out(d: &NipponData, n: usize, seed: u64) -> PlayedOut {
    let mut g = setup_checked::<Nippon>(d, &names(n), &Options::new(), seed).expect("setup");
    let tally = |g: &Nippon| g.vp_by_source.clone().expect("kept from the start");
    let last = RefCell::new(tally(&g));
    let before_end = RefCell::new(Vec::new());
    let scorings = RefCell::new(Vec::<Scored>::new());
    let stop = |g: &Nippon| {
        let now = tally(g);
        let seen = scorings.borrow().len();
        if g.scorings as usize > seen {
            assert_eq!(g.scorings as usize, seen + 1, "one scoring a step");
            let won = now
                .iter()
                .zip(last.borrow().iter())
                .map(|(a, b)| a.scorings - b.scorings)
                .collect();
            let k = seen;
            scorings.borrow_mut().push(Scored {
                g: g.clone(),
                k,
                won,
            });
        }
        if g.result.is_some() {
            *before_end.borrow_mut() = last.borrow().clone();
            return true;
        }
        *last.borrow_mut() = now;
        false
    };
    let ended = steered_play_until(&mut g, d, 3_000, &mut GameRng::new(seed), mixed(d), stop);
    assert!(ended, "{n} players, seed {seed}: the game ends");
    PlayedOut {
        g,
        scorings: scorings.into_inner(),
        before_end: before_end.into_inner(),
    }
}

/// Influence in region `r` recomputed from the map: a seat's tile values, and 2 for each of
/// its trains there when it has a tile there; the overseas companies the numbers printed on
/// the slots left empty.
fn influence_here(g: &Nippon, d: &NipponData, r: usize) -> (Vec<u32>, u32) {
    let cities = [2 * r, 2 * r + 1];
    let mut infl = vec![0u32; g.n()];
    let mut overseas = 0;
    for (k, &c) in cities.iter().enumerate() {
        for (side, placed) in g.influence[c].iter().enumerate() {
            match placed {
                Some(t) => infl[t.seat as usize] += u32::from(t.value),
                None => overseas += d.regions[r].slots[k][side],
            }
        }
    }
    for (seat, v) in infl.iter_mut().enumerate() {
        if has_tile(g, r, seat) {
            *v += trains_in(g, r, seat) * d.train_influence;
        }
    }
    (infl, overseas)
}

/// `seat`'s ships in region `r`.
fn ships_in(g: &Nippon, r: usize, seat: usize) -> i64 {
    g.rail[r]
        .iter()
        .filter(|&&(s, ship)| ship && s as usize == seat)
        .count() as i64
}

/// A seat's place in region `r` recomputed: how many (the overseas companies counted as a
/// player) have more influence, and how many have as much (itself included); None with
/// influence 0.
fn place_of(g: &Nippon, d: &NipponData, r: usize, seat: usize) -> Option<(usize, usize)> {
    let (infl, overseas) = influence_here(g, d, r);
    let all: Vec<u32> = infl.iter().copied().chain([overseas]).collect();
    let v = all[seat];
    (v > 0).then(|| {
        let above = all.iter().filter(|&&x| x > v).count();
        (above, all.iter().filter(|&&x| x == v).count())
    })
}

/// VP of region `r` at scoring `k` recomputed: the seats that share a place add the VP of the
/// places they cover (only the first three pay) and split it rounded down; a seat whose
/// place starts 1st or 2nd adds its ships there.
fn vp_here(g: &Nippon, d: &NipponData, r: usize, k: usize) -> Vec<i64> {
    (0..g.n())
        .map(|seat| {
            let Some((above, tied)) = place_of(g, d, r, seat) else {
                return 0;
            };
            let pot: i64 = (above..above + tied)
                .filter(|&p| p < 3)
                .map(|p| d.scoring_vp[k][p])
                .sum();
            let ships = if above < 2 { ships_in(g, r, seat) } else { 0 };
            pot / tied as i64 + ships * d.ship_vp
        })
        .collect()
}

/// Every scoring of a played-out game against the recomputation: each region's influence
/// and VP, and the VP each seat won in all; then its end ([`check_end`]).
fn check_scorings(p: &PlayedOut, d: &NipponData) {
    assert_eq!(p.scorings.len(), 3, "three scorings");
    for s in &p.scorings {
        let mut sum = vec![0; s.g.n()];
        for r in 0..d.regions.len() {
            let k = s.k + 1;
            let (infl, overseas) = influence_here(&s.g, d, r);
            assert_eq!(
                s.g.region_influence(d, r),
                (infl, overseas),
                "scoring {k}, region {r}: influence"
            );
            let vp = vp_here(&s.g, d, r, s.k);
            assert_eq!(s.g.region_vp(d, r, s.k), vp, "scoring {k}, region {r}: VP");
            for (a, b) in sum.iter_mut().zip(vp) {
                *a += b;
            }
        }
        assert_eq!(s.won, sum, "the VP won at scoring {}", s.k + 1);
    }
    check_end(p, d);
}

/// The VP a seat loses at the end for the worker colours its final budget does not pay: the
/// budget is the money track's value in thousands, each colour costs 3,000 yen, each one
/// unpaid 2 VP. Also the yen left.
fn final_payment(g: &Nippon, d: &NipponData, seat: Seat) -> (i64, u32) {
    let mut colours = g.players[seat].workers.clone();
    colours.sort_unstable();
    colours.dedup();
    let budget = g.track_value(d, seat, TrackKind::Money) * 1000;
    let paid = (colours.len() as u32).min(budget / d.cost_worker_colour);
    let lost = (colours.len() as u32 - paid) as i64 * d.unpaid_colour_vp;
    (lost, budget - paid * d.cost_worker_colour)
}

/// A finished game's result against the recomputation: places by VP, a tie going to the
/// seat that played the last turn, else the closest before it counter-clockwise; and for
/// each seat but that one (whose last step may have paid workers too), the yen left and
/// the unpaid workers' VP after the final payment ([`final_payment`]).
fn check_end(p: &PlayedOut, d: &NipponData) {
    let g = &p.g;
    let r = g.result.as_ref().expect("the game is over");
    let n = g.n();
    let last = g.last_player.expect("a turn was played");
    let behind = |s: usize| (last + n - s) % n;
    for s in 0..n {
        let vp = g.players[s].vp;
        let ahead = (0..n)
            .filter(|&o| {
                let v = g.players[o].vp;
                v > vp || (v == vp && behind(o) < behind(s))
            })
            .count();
        assert_eq!(
            r.places[s],
            ahead as u32 + 1,
            "seat {s}'s place: {}",
            r.note
        );
    }
    for s in (0..n).filter(|&s| s != last) {
        let (lost, yen) = final_payment(g, d, s);
        assert_eq!(
            g.players[s].yen, yen,
            "seat {s}'s yen after the final payment"
        );
        let unpaid = p.before_end[s].unpaid_workers - lost;
        assert!(
            r.breakdown[s].contains(&ScorePart::new("unpaid workers", unpaid)),
            "seat {s}: {:?}",
            r.breakdown[s]
        );
    }
}

/// The first scoring of the [`games`] with a region `find` holds for (given the
/// scoring and the region), every game looked at checked on the way
/// ([`check_scorings`]); panics naming `what` if none does.
fn first_scoring(
    d: &NipponData,
    what: &str,
    find: impl Fn(&Scored, usize) -> bool,
) -> (Scored, usize) {
    for (n, seed) in games() {
        let p = played_out(d, n, seed);
        check_scorings(&p, d);
        for s in p.scorings {
            if let Some(r) = (0..d.regions.len()).find(|&r| find(&s, r)) {
                return (s, r);
            }
        }
    }
    panic!("no scoring of the games of seeds 1..={SEEDS} shows {what}")
}

/// The first of the [`games`] whose end `find` holds for, every game looked at checked on
/// the way; panics naming `what` if none does.
fn first_end(d: &NipponData, what: &str, find: impl Fn(&PlayedOut) -> bool) -> PlayedOut {
    for (n, seed) in games() {
        let p = played_out(d, n, seed);
        check_scorings(&p, d);
        if find(&p) {
            return p;
        }
    }
    panic!("no game of seeds 1..={SEEDS} ends with {what}")
}

/// Has `seat` an influence tile in region `r`?
fn has_tile(g: &Nippon, r: usize, seat: usize) -> bool {
    (2 * r..2 * r + 2).any(|c| {
        g.influence[c]
            .iter()
            .flatten()
            .any(|t| t.seat as usize == seat)
    })
}

/// `seat`'s trains in region `r`.
fn trains_in(g: &Nippon, r: usize, seat: usize) -> u32 {
    g.rail[r]
        .iter()
        .filter(|&&(s, ship)| !ship && s as usize == seat)
        .count() as u32
}

// ---- Scorings ----

// NIP-SCORE-1, NIP-SCORE-2, NIP-SCORE-4
#[test]
fn nip_score_2_trains_count_only_with_a_tile() {
    let d = data();
    let (s, r) = first_scoring(
        &d,
        "a region with trains beside a tile and trains without one",
        |s, r| {
            let trains = |x| trains_in(&s.g, r, x) > 0;
            let seats = || 0..s.g.n();
            seats().any(|x| trains(x) && has_tile(&s.g, r, x))
                && seats().any(|x| trains(x) && !has_tile(&s.g, r, x))
        },
    );
    let (infl, _) = s.g.region_influence(&d, r);
    for (seat, &infl) in infl.iter().enumerate() {
        let tiles: u32 = (2 * r..2 * r + 2)
            .flat_map(|c| s.g.influence[c].iter().flatten())
            .filter(|t| t.seat as usize == seat)
            .map(|t| u32::from(t.value))
            .sum();
        let trains = trains_in(&s.g, r, seat) * d.train_influence;
        if has_tile(&s.g, r, seat) {
            assert_eq!(infl, tiles + trains, "seat {seat}: tiles and trains");
        } else {
            assert_eq!(infl, 0, "seat {seat}: its trains count nothing");
        }
    }
}

/// The seats tied with `seat` in region `r` (itself included), when no overseas company
/// ties with them.
fn tied_seats(g: &Nippon, d: &NipponData, r: usize, seat: usize) -> Vec<usize> {
    let (infl, overseas) = influence_here(g, d, r);
    let v = infl[seat];
    if v == 0 || v == overseas {
        return Vec::new();
    }
    (0..g.n()).filter(|&o| infl[o] == v).collect()
}

/// The VP of the places from `above` (0-based) covered by `tied` players at scoring `k`.
fn places_vp(d: &NipponData, k: usize, above: usize, tied: usize) -> i64 {
    (above..above + tied)
        .filter(|&p| p < 3)
        .map(|p| d.scoring_vp[k][p])
        .sum()
}

// NIP-SCORE-5, NIP-SCORE-6
#[test]
fn nip_score_6_tie_for_first_shares_rounded_down() {
    let d = data();
    // Two seats tied for a place whose VP do not split evenly.
    let (s, r) = first_scoring(&d, "two seats tied, their VP rounded down", |s, r| {
        (0..s.g.n()).any(|x| {
            let tied = tied_seats(&s.g, &d, r, x).len();
            let (above, _) = place_of(&s.g, &d, r, x).unwrap_or((0, 0));
            tied == 2 && places_vp(&d, s.k, above, tied) % 2 == 1
        })
    });
    let won = s.g.region_vp(&d, r, s.k);
    let x = (0..s.g.n())
        .find(|&x| tied_seats(&s.g, &d, r, x).len() == 2)
        .unwrap();
    let (above, _) = place_of(&s.g, &d, r, x).unwrap();
    let share = places_vp(&d, s.k, above, 2) / 2;
    for y in tied_seats(&s.g, &d, r, x) {
        let ships = if above < 2 { ships_in(&s.g, r, y) } else { 0 };
        assert_eq!(won[y], share + ships * d.ship_vp, "seat {y}'s share");
    }
}

// NIP-SCORE-7, NIP-SCORE-8, NIP-SCORE-10
#[test]
fn nip_score_8_overseas_first_purple_second_blue_third() {
    let d = data();
    // The overseas companies ahead of every seat, two seats or more behind them, untied.
    let (s, r) = first_scoring(
        &d,
        "the overseas companies first, two seats behind",
        |s, r| {
            let (mut infl, overseas) = influence_here(&s.g, &d, r);
            infl.retain(|&v| v > 0);
            let untied = infl
                .iter()
                .all(|&v| infl.iter().filter(|&&w| w == v).count() == 1);
            infl.len() >= 2 && untied && infl.iter().all(|&v| v < overseas)
        },
    );
    let won = s.g.region_vp(&d, r, s.k);
    for (seat, &won) in won.iter().enumerate() {
        let ships = ships_in(&s.g, r, seat) * d.ship_vp;
        let want = match place_of(&s.g, &d, r, seat) {
            Some((1, 1)) => d.scoring_vp[s.k][1] + ships,
            Some((2, 1)) => d.scoring_vp[s.k][2],
            _ => 0,
        };
        assert_eq!(won, want, "seat {seat}, {:?}", place_of(&s.g, &d, r, seat));
    }
}

// NIP-SCORE-9
#[test]
fn nip_score_9_three_way_tie_with_ships() {
    let d = data();
    // Three seats tied for a place that starts 1st or 2nd (so all three score their ships),
    // one of them with a ship there.
    let three = |s: &Scored, r: usize| {
        (0..s.g.n()).find(|&x| {
            let tied = tied_seats(&s.g, &d, r, x);
            tied.len() == 3
                && place_of(&s.g, &d, r, x).is_some_and(|(above, _)| above < 2)
                && tied.iter().any(|&y| ships_in(&s.g, r, y) > 0)
        })
    };
    let (s, r) = first_scoring(&d, "three seats tied with a ship", |s, r| {
        three(s, r).is_some()
    });
    let x = three(&s, r).unwrap();
    let (above, _) = place_of(&s.g, &d, r, x).unwrap();
    let share = places_vp(&d, s.k, above, 3) / 3;
    let won = s.g.region_vp(&d, r, s.k);
    for y in tied_seats(&s.g, &d, r, x) {
        assert_eq!(won[y], share + ships_in(&s.g, r, y) * d.ship_vp, "seat {y}");
    }
}

// NIP-SCORE-11 (reading: only ships in the scored region, 2 VP each)
#[test]
fn nip_score_11_ships_of_the_region_only() {
    let d = data();
    // A seat placed 1st or 2nd, alone, with ships there and in another region.
    let seat_of = |s: &Scored, r: usize| {
        (0..s.g.n()).find(|&x| {
            let elsewhere = (0..d.regions.len()).any(|o| o != r && ships_in(&s.g, o, x) > 0);
            matches!(place_of(&s.g, &d, r, x), Some((0 | 1, 1)))
                && ships_in(&s.g, r, x) > 0
                && elsewhere
        })
    };
    let (s, r) = first_scoring(
        &d,
        "a placed seat with ships there and elsewhere",
        |s, r| seat_of(s, r).is_some(),
    );
    let seat = seat_of(&s, r).unwrap();
    let (above, _) = place_of(&s.g, &d, r, seat).unwrap();
    let won = s.g.region_vp(&d, r, s.k);
    assert_eq!(
        won[seat],
        d.scoring_vp[s.k][above] + ships_in(&s.g, r, seat) * d.ship_vp
    );
}

// NIP-SCORE-12 (reading: influence 0 takes no place)
#[test]
fn nip_score_12_zero_influence_scores_nothing() {
    let d = data();
    // A seat with influence 0 and a ship in a region where a paying place is left free.
    let (s, r) = first_scoring(
        &d,
        "a ship of a seat without influence, a place free",
        |s, r| {
            let (infl, overseas) = influence_here(&s.g, &d, r);
            let placed = infl.iter().filter(|&&v| v > 0).count() + usize::from(overseas > 0);
            placed < 3 && (0..s.g.n()).any(|x| infl[x] == 0 && ships_in(&s.g, r, x) > 0)
        },
    );
    let (infl, _) = s.g.region_influence(&d, r);
    let won = s.g.region_vp(&d, r, s.k);
    for seat in (0..s.g.n()).filter(|&x| infl[x] == 0) {
        assert_eq!(won[seat], 0, "seat {seat}: no place, no ships VP");
    }
}

// ---- End ----

// NIP-END-2, NIP-END-3
#[test]
fn nip_end_3_tie_goes_to_the_last_player_or_closest_before() {
    let d = data();
    // Every game looked at is checked (places by VP, ties by the last turn); one ends with
    // a tie for first.
    let p = first_end(&d, "a tie for first", |p| {
        let vp = p.g.vp();
        let top = *vp.iter().max().unwrap();
        vp.iter().filter(|&&v| v == top).count() >= 2
    });
    let (g, r) = (&p.g, p.g.result.as_ref().unwrap());
    let n = g.n();
    let last = g.last_player.unwrap();
    let top = *g.vp().iter().max().unwrap();
    // The winner: the tied seat that played last, else the nearest before it.
    let winner = (0..n)
        .map(|back| (last + n - back) % n)
        .find(|&s| g.players[s].vp == top)
        .unwrap();
    assert_eq!(r.places[winner], 1, "{}", r.note);
    for s in (0..n).filter(|&s| s != winner) {
        assert!(r.places[s] > 1, "seat {s}: {}", r.note);
    }
    // A tie the last player is out of (three seats or more, so that the side counts): the
    // tied seat nearest before the last player, counter-clockwise, ranks ahead.
    let tie_without_last = |g: &Nippon| {
        let last = g.last_player.unwrap();
        let vp = g.vp();
        (0..g.n()).find(|&s| s != last && (0..g.n()).any(|o| o != s && o != last && vp[o] == vp[s]))
    };
    let p = first_end(&d, "a tie the last player is out of", |p| {
        p.g.n() >= 3 && tie_without_last(&p.g).is_some()
    });
    let (g, r) = (&p.g, p.g.result.as_ref().unwrap());
    let (n, last) = (g.n(), g.last_player.unwrap());
    let s = tie_without_last(g).unwrap();
    let mut tied: Vec<usize> = (0..n)
        .filter(|&o| g.players[o].vp == g.players[s].vp)
        .collect();
    tied.sort_by_key(|&o| (last + n - o) % n);
    for pair in tied.windows(2) {
        assert!(
            r.places[pair[0]] < r.places[pair[1]],
            "{pair:?}: {}",
            r.note
        );
    }
}

// NIP-END-4: final budget and workforce.
#[test]
fn nip_end_4_final_budget_and_unpaid_workers() {
    let d = data();
    // A seat holding more worker colours at the end than its final budget pays.
    let p = first_end(&d, "a seat short of its workers' pay", |p| {
        let last = p.g.last_player.unwrap();
        (0..p.g.n()).any(|s| s != last && final_payment(&p.g, &d, s).0 > 0)
    });
    let last = p.g.last_player.unwrap();
    let s = (0..p.g.n())
        .find(|&s| s != last && final_payment(&p.g, &d, s).0 > 0)
        .unwrap();
    let (lost, yen) = final_payment(&p.g, &d, s);
    assert_eq!(p.g.players[s].yen, yen);
    // The final breakdown shows the loss as a minus.
    let lines = &p.g.result.as_ref().unwrap().breakdown[s];
    let unpaid = p.before_end[s].unpaid_workers - lost;
    assert!(unpaid < 0);
    assert!(
        lines.contains(&ScorePart::new("unpaid workers", unpaid)),
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
