//! Peloria tests of population increase (PEL-POP), mirroring `rules/population.rs`.

use super::*;

// ==== Population increase ====

/// A Pelorian's population points as the rule counts them: 2 per open, river or Tripolis
/// area held, 1 per rough, mountain or forest one (none of theirs is a plateau, the sea or
/// Dorastor in seed 5's opening rounds).
fn pelorian_points(g: &Peloria, d: &PeloriaData) -> u32 {
    g.held(d, nat(d, "Pelorians"))
        .into_iter()
        .map(|a| match d.terrain(a) {
            Terrain::Open | Terrain::River | Terrain::Tripolis => 2,
            Terrain::Rough | Terrain::Mountain | Terrain::Forest => 1,
            other => panic!("{other:?} in {}", d.areas[a].name),
        })
        .sum()
}

/// Seed 5's opening: the Pelorians' first population increase from an empty track, then
/// their round 2 one (the game played on by random steps) with the remainder kept.
// PEL-BRIT-14, PEL-POP-2
#[test]
fn pel_pop_1_count_is_two_per_open_one_per_rough_plus_track() {
    let d = data();
    let pel = nat(&d, "Pelorians");
    let (before_placing, _) = PELORIANS_MOVE_IN_ROUND_1.split_once("Ann: place").unwrap();
    let mut p = Playout {
        g: position(&d, before_placing),
        pick: GameRng::new(5),
    };
    let points = pelorian_points(&p.g, &d);
    assert_eq!(p.g.phase, Phase::Place { left: 4 });
    assert_eq!(points / 6, 4, "{points} points");
    assert_eq!(u32::from(p.g.track[pel]), points % 6, "the remainder stays");
    let kept = u32::from(p.g.track[pel]);
    let g = p.until(&d, "the Pelorians' second turn", |g| {
        g.round == 2 && g.turn == pel
    });
    let count = pelorian_points(g, &d) + kept;
    let left = match g.phase {
        Phase::Place { left } => u32::from(left),
        _ => 0,
    };
    assert_eq!((left, u32::from(g.track[pel])), (count / 6, count % 6));
}

/// A population increase seen in real play at the step that ran it: the nation, the
/// track before it, the points and the stock it counted (the units on the board do not
/// change between the increase and the first placement), the units it gave and the
/// track after. `None` for any other step, and for an increase whose turn went on past
/// its placement within the same step (the numbers could no longer be read back).
struct Increase {
    n: usize,
    count: u32,
    avail: usize,
    new: u32,
    track: u8,
}

fn increase(
    d: &PeloriaData,
    before: &Peloria,
    after: &Peloria,
    did: &crate::engine::Applied,
) -> Option<Increase> {
    let n = after.turn;
    let ran = |e: &crate::engine::Event| e.text.contains(" population: ");
    let lost = |e: &crate::engine::Event| e.text.contains(" cannot place ");
    let runs = did.events.iter().filter(|e| ran(e)).count();
    let own = format!("{} population: ", d.nations[n].name);
    if runs != 1 || !did.events.iter().any(|e| e.text.starts_with(&own)) {
        return None;
    }
    let new = match after.phase {
        Phase::Place { left } => u32::from(left),
        Phase::Move { cycle: 1 } if !did.events.iter().any(lost) && move_start(after) => 0,
        _ => return None,
    };
    let avail = (d.nations[n].pop_kinds.iter())
        .map(|&k| after.stock(d, n, k))
        .sum();
    Some(Increase {
        n,
        count: after.pop_points(d, n) + u32::from(before.track[n]),
        avail,
        new,
        track: after.track[n],
    })
}

// PEL-BRIT-16
#[test]
fn pel_pop_3_no_stock_sets_the_track_to_5() {
    let d = data();
    // Random play, watched at each population increase until one found no
    // stock at all, one found less stock than it earned and one found as much as it
    // earned (the track then keeping a remainder other than 5).
    let seen: std::cell::RefCell<[Option<Increase>; 3]> = Default::default();
    found_step(&d, "the three stock cases", any_step, |b, a, did| {
        let i = increase(&d, b, a, did)?;
        let earned = i.count as usize / 6;
        let case = if i.avail == 0 && earned > 0 {
            0
        } else if 0 < i.avail && i.avail < earned {
            1
        } else if i.avail == earned && earned > 0 && i.count % 6 != 5 {
            2
        } else {
            return None;
        };
        let mut seen = seen.borrow_mut();
        seen[case].get_or_insert(i);
        seen.iter().all(Option::is_some).then_some(())
    });
    let [none, short, enough] = seen.into_inner().map(Option::unwrap);
    let name = |i: &Increase| d.nations[i.n].name.clone();
    // No stock: nothing comes and the track goes to 5.
    assert_eq!((none.new, none.track), (0, 5), "{}", name(&none));
    // Less in stock than earned: what is left comes, the track goes to 5.
    assert_eq!(short.new as usize, short.avail, "{}", name(&short));
    assert_eq!(short.track, 5, "{}", name(&short));
    // Reading: the track goes to 5 only when earned units find the stock empty. With
    // exactly as many in stock as earned, all come and the track keeps the remainder.
    assert_eq!(enough.new, enough.count / 6, "{}", name(&enough));
    assert_eq!(
        u32::from(enough.track),
        enough.count % 6,
        "{}",
        name(&enough)
    );
    assert_ne!(enough.track, 5);
}

// PEL-BRIT-16
#[test]
fn pel_pop_4_never_more_units_than_the_maximum() {
    let d = data();
    // Random play, stopped at a placement of a nation that makes two kinds
    // of unit, one of them used up while another nation has units of that kind on the
    // board: the kind and an area where the nation may place.
    let (g, (k, area)) = found(&d, "a placement with a kind used up", any_step, |g| {
        let Phase::Place { left } = g.phase else {
            return None;
        };
        let n = g.turn;
        let k = (d.nations[n].pop_kinds.iter()).find(|&&k| g.stock(&d, n, k) == 0)?;
        let theirs = (0..NATIONS).any(|o| o != n && g.on_board_kind(o, *k) > 0);
        let seat = first_acting(g);
        let area = (g.legal_steps(&d, seat).into_iter()).find_map(|s| match s {
            Step::Place { area, .. } => Some(area),
            _ => None,
        })?;
        (left > 0 && theirs).then_some((*k, area))
    });
    let n = g.turn;
    assert_eq!(
        g.on_board_kind(n, k),
        usize::from(d.nations[n].limits[k.index()])
    );
    // Only the nation's own units of that kind count against its maximum.
    let others: usize = (0..NATIONS)
        .filter(|&o| o != n)
        .map(|o| g.on_board_kind(o, k))
        .sum();
    assert!(others > 0);
    let e = (g.legality(&d, first_acting(&g), &Step::Place { area, kind: k })).unwrap_err();
    assert!(e.reason.contains("stock"), "{e}");
    // Never asked to place more units than the stock holds.
    let Phase::Place { left } = g.phase else {
        unreachable!()
    };
    let stock: usize = (d.nations[n].pop_kinds.iter())
        .map(|&k| g.stock(&d, n, k))
        .sum();
    assert!(
        usize::from(left) <= stock,
        "{left} to place, {stock} in stock"
    );
}

// PEL-BRIT-15
#[test]
fn pel_pop_5_new_units_only_where_the_nation_is_alone_and_praxians_on_the_plateau() {
    let d = data();
    let pel = nat(&d, "Pelorians");
    // Seed 5's opening, the Pelorians' placement: only where they stand alone.
    let (before_placing, _) = PELORIANS_MOVE_IN_ROUND_1.split_once("Ann: place").unwrap();
    let mut g = position(&d, before_placing);
    let places: Vec<Step> = g.legal_steps(&d, 0);
    assert!(!places.is_empty());
    for step in &places {
        let Step::Place { area, .. } = step else {
            panic!("{step:?}")
        };
        assert!(g.holds_alone(pel, *area), "{}", d.areas[*area].name);
    }
    // Not with the Hirenmador in Naveria, nor in an empty area next to their own.
    let e = rejected_now(&mut g, &d, "place Naveria infantry");
    assert!(e.contains("Naveria"), "{e}");
    assert!(g.count(pel, ar(&d, "Henjarl")) == 0);
    rejected_now(&mut g, &d, "place Henjarl infantry");
    // Seed 2's random game: the Praxians place in round 5 with a cavalry on the Hungry
    // Plateau, and only there although they hold other areas alone.
    let (px, plateau) = (nat(&d, "Praxians"), ar(&d, "Hungry-Plateau"));
    let mut p = Playout::new(&d, 2);
    let g = p.until(
        &d,
        "a Praxian placement with the Hungry Plateau held",
        |g| g.turn == px && matches!(g.phase, Phase::Place { .. }) && g.count(px, plateau) > 0,
    );
    let elsewhere: Vec<&str> = (0..d.areas.len())
        .filter(|&a| a != plateau && g.holds_alone(px, a))
        .map(|a| d.areas[a].name.as_str())
        .collect();
    assert!(!elsewhere.is_empty(), "{:?}", g.units);
    assert_eq!(
        g.legal_steps(&d, first_acting(&*g)),
        vec![Step::Place {
            area: plateau,
            kind: Kind::Cavalry
        }],
        "not in {elsewhere:?}"
    );
}

// PEL-POP-6, PEL-STACK-8
#[test]
fn pel_pop_6_placement_respects_stacking_with_one_overstack() {
    let d = data();
    // Real play piling units up (rough land first), stopped at a placement of two or more
    // units that may go into either of two areas at their stacking limit.
    let (mut g, (full, other)) =
        found(&d, "a placement by two full areas", piling(&d, true), |g| {
            if !matches!(g.phase, Phase::Place { left } if left >= 2) {
                return None;
            }
            let n = g.turn;
            let at_limit = |t: &String| {
                let words: Vec<&str> = t.split_whitespace().collect();
                let a = d.area(words.get(1)?)?;
                (g.armies(n, a) == g.limit(&d, a)).then_some(t.clone())
            };
            let full: Vec<String> = (legal(g, &d, first_acting(g)).iter())
                .filter_map(at_limit)
                .collect();
            let first = full.first()?;
            let area = |t: &String| t.split_whitespace().nth(1).map(str::to_string);
            let other = full.iter().find(|t| area(t) != area(first))?;
            Some((first.clone(), other.clone()))
        });
    play_now(&mut g, &d, &full);
    // The first is now the overstack: no second one.
    let e = rejected_now(&mut g, &d, &other);
    assert!(e.contains("stacking"), "{e}");
    play_now(&mut g, &d, &full);
}

// PEL-BRIT-15
#[test]
fn pel_pop_7_a_unit_with_no_legal_place_is_lost_and_the_track_goes_to_5() {
    let d = data();
    // Real play piling units up (rough land first), stopped at the step after which the
    // nation whose turn it is still had units to place and nowhere to place them: the
    // nation, its units on the board and the placements it had left before the step.
    let (g, (n, on_board, placing)) = found_step(
        &d,
        "units with no legal place",
        piling(&d, true),
        |b, a, did| {
            let n = a.turn;
            let lost = format!("{} cannot place ", d.nations[n].name);
            if !did.events.iter().any(|e| e.text.starts_with(&lost)) {
                return None;
            }
            let placing = match b.phase {
                Phase::Place { left } if b.turn == n => Some(left),
                _ => None,
            };
            Some((n, b.on_board(n), placing))
        },
    );
    assert_eq!(g.track[n], 5);
    assert_eq!(g.phase, Phase::Move { cycle: 1 }, "the placement is over");
    assert!(move_start(&g));
    if let Some(left) = placing {
        // The step placed one unit; the ones left were lost.
        assert!(left >= 2);
        assert_eq!(g.on_board(n), on_board + 1);
    }
    // Nowhere to place: each area the nation holds alone is full (or off the plateau, for
    // the Praxians).
    let plateau_only = d.nations[n].flags.plateau;
    for a in (0..d.areas.len()).filter(|&a| g.holds_alone(n, a)) {
        let off = plateau_only && d.terrain(a) != Terrain::Plateau;
        assert!(off || g.armies(n, a) >= g.limit(&d, a), "{}", name(&d, a));
    }
}

// PEL-POP-10
#[test]
fn pel_pop_9_arrivals_ignore_the_placement_rules() {
    let d = data();
    let (so, esv) = (nat(&d, "Soldiers"), ar(&d, "Esvuthil"));
    // Seed 1's random game: another nation stands in Esvuthil when round 5's Soldiers'
    // turn begins with their arrival.
    let mut p = Playout::new(&d, 1);
    let g = p.until(&d, "the Soldiers' turn in round 5", |g| {
        g.round == 5 && g.turn == so
    });
    let others: Vec<usize> = (0..NATIONS)
        .filter(|&n| n != so && g.count(n, esv) > 0)
        .collect();
    assert!(!others.is_empty(), "another nation holds Esvuthil");
    assert_eq!(
        g.count(so, esv),
        4,
        "Soldiers arrive in Esvuthil held by others"
    );
}

#[test]
fn pel_pop_11_mountains_count_as_rough_and_cursed_dorastor_counts_nothing() {
    let d = data();
    let (te, px) = (nat(&d, "Telmori"), nat(&d, "Praxians"));
    let (dorastor, plateau) = (ar(&d, "Dorastor"), ar(&d, "Hungry-Plateau"));
    // Each nation's points by the reading, area by area: a mountain as rough land;
    // cursed Dorastor nothing but to the Telmori, who count it as the rough land it is;
    // the plateau 2 to the Praxians and nothing to anyone else.
    let reading = |g: &Peloria, n: usize| -> u32 {
        (g.held(&d, n).into_iter())
            .map(|a| match d.terrain(a) {
                _ if a == dorastor => u32::from(n == te),
                Terrain::Plateau => 2 * u32::from(n == px),
                Terrain::Open | Terrain::River | Terrain::Tripolis => 2,
                Terrain::Rough | Terrain::Mountain | Terrain::Forest => 1,
                Terrain::Sea => 0,
            })
            .sum()
    };
    // Real play piling units up (rough land first), every nation's points checked at
    // every step, until a mountain, Dorastor held by the Telmori, Dorastor or the plateau
    // held by another nation and the plateau held by the Praxians have all been seen.
    let seen = std::cell::RefCell::new([false; 4]);
    found_step(
        &d,
        "mountains, Dorastor and the plateau held",
        piling(&d, true),
        |_, g, _| {
            for n in 0..NATIONS {
                assert_eq!(g.pop_points(&d, n), reading(g, n), "{}", d.nations[n].name);
            }
            let holds = |n: usize, a: usize| g.held(&d, n).contains(&a);
            let mut seen = seen.borrow_mut();
            seen[0] |= (0..NATIONS)
                .any(|n| (g.held(&d, n).iter()).any(|&a| d.terrain(a) == Terrain::Mountain));
            seen[1] |= holds(te, dorastor);
            seen[2] |= (0..NATIONS)
                .any(|n| (n != te && holds(n, dorastor)) || (n != px && holds(n, plateau)));
            seen[3] |= holds(px, plateau);
            seen.iter().all(|&s| s).then_some(())
        },
    );
    assert!(d.area("Esvuthil").is_some() && d.area("Esvulthil").is_none());
}
