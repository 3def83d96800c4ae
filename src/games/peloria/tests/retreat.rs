//! Peloria tests of retreats (PEL-RET), mirroring `rules/retreat.rs`.

use super::*;

// ==== Retreats ====

// PEL-BRIT-13
#[test]
fn pel_ret_1_after_a_round_the_defender_then_the_attacker_may_retreat() {
    let d = data();
    // Real play with attacks preferred, stopped where a defender may retreat from a battle
    // whose attacker belongs to another player and can take every unit back.
    let all_back = |g: &mut Peloria, att: usize| {
        let seat = d.nations[att].player;
        while matches!(retreating(g), Some((n, _)) if n == att) {
            let Some(r) = legal(g, &d, seat)
                .into_iter()
                .find(|t| t.starts_with("retreat"))
            else {
                return;
            };
            play(g, &d, seat, &r);
        }
    };
    let (mut g, b) = found(
        &d,
        "a defender's retreat, the attacker able to leave",
        attacking(&d, |_, _| true),
        |g| {
            let (n, b) = retreating(g)?;
            let seats = (d.nations[b.defender].player, d.nations[b.attacker].player);
            if n != b.defender || seats.0 == seats.1 {
                return None;
            }
            let mut h = g.clone();
            play(&mut h, &d, seats.0, "stay");
            if !matches!(retreating(&h), Some((n, _)) if n == b.attacker) {
                return None;
            }
            all_back(&mut h, b.attacker);
            (h.count(b.attacker, b.area) == 0).then_some(b)
        },
    );
    let (def, att) = (d.nations[b.defender].player, d.nations[b.attacker].player);
    let held = g.count(b.defender, b.area);
    assert_eq!(g.status().acting(), &[def], "the defender's player first");
    play_now(&mut g, &d, "stay");
    assert_eq!(g.status().acting(), &[att], "then the attacker's player");
    all_back(&mut g, b.attacker);
    assert!(
        g.battle.as_ref().is_none_or(|now| now.area != b.area),
        "the attacker left: the battle is over"
    );
    assert_eq!(g.count(b.defender, b.area), held);
}

// PEL-BRIT-13
#[test]
fn pel_ret_2_defenders_retreat_next_door_to_empty_or_own_areas_they_may_enter() {
    let d = data();
    // Real play with attacks preferred, stopped where a defender (not the Telmori) may
    // retreat and its battle's area has next door an empty area and one of its own, both
    // with room, one held by others, and one it may not enter.
    let (g, (n, k, a, [empty, own, others, barred])) = found(
        &d,
        "a defender with every kind of neighbour",
        attacking(&d, |_, _| true),
        |g| {
            let (n, b) = mortal_retreating(&d, g, Side::Defender)?;
            let a = b.area;
            let k = ARMY_KINDS
                .into_iter()
                .find(|&k| g.count_kind(n, a, k) > 0)?;
            let adj = &d.areas[a].adj;
            let room = |t: usize| {
                g.may_enter(&d, n, t).is_ok() && d.terrain(t).is_land() && g.fits(&d, n, t, Some(a))
            };
            let find = |p: &dyn Fn(usize) -> bool| adj.iter().copied().find(|&t| p(t));
            let empty = find(&|t| room(t) && g.units.iter().all(|u| u.area as usize != t))?;
            let own = find(&|t| room(t) && g.count(n, t) > 0 && g.others(n, t) == 0)?;
            let others = find(&|t| g.others(n, t) > 0 && t != a)?;
            let barred = find(&|t| g.may_enter(&d, n, t).is_err())?;
            Some((n, k, a, [empty, own, others, barred]))
        },
    );
    let steps = g.legal_steps(&d, d.nations[n].player);
    let to = |t: usize| Step::Retreat {
        from: a,
        to: t,
        kind: k,
    };
    assert!(steps.contains(&to(empty)), "empty");
    assert!(steps.contains(&to(own)), "own");
    assert!(!steps.contains(&to(others)), "held by others");
    assert!(!steps.contains(&to(barred)), "land it may not enter");
    let far = (0..d.areas.len())
        .find(|&t| {
            t != a && !d.areas[a].adj.contains(&t) && g.units.iter().all(|u| u.area as usize != t)
        })
        .unwrap();
    assert!(!steps.contains(&to(far)), "not next door");
}

/// The attacker's retreat decision in real play (attacks preferred) where its units in
/// the battle are all of one kind and all came from one area where they have room, and
/// the battle's area has next door an empty area a defender could go to: the nation, the
/// kind, the battle's area and the area they came from.
fn attackers_way_back(d: &PeloriaData) -> (Peloria, (usize, Kind, usize, usize)) {
    found(
        d,
        "attackers of one kind with one way back",
        attacking(d, |_, _| true),
        |g| {
            let (n, b) = mortal_retreating(d, g, Side::Attacker)?;
            let a = b.area;
            let k = one_kind(g, a)?;
            let mut froms = g
                .units
                .iter()
                .filter(|u| u.nation as usize == n && u.area as usize == a)
                .map(|u| u.from);
            let f = froms.next()?? as usize;
            let fits = froms.all(|x| x == Some(f as u8))
                && g.others(n, f) == 0
                && g.fits(d, n, f, Some(a));
            let elsewhere = d.areas[a]
                .adj
                .iter()
                .any(|&t| t != f && quiet(d, g, t) && g.fits(d, n, t, Some(a)));
            (fits && elsewhere).then_some((n, k, a, f))
        },
    )
}

#[test]
fn pel_ret_3_attackers_retreat_only_to_where_they_came_from() {
    let d = data();
    let (g, (n, k, a, f)) = attackers_way_back(&d);
    assert_eq!(
        g.legal_steps(&d, d.nations[n].player),
        vec![
            Step::Retreat {
                from: a,
                to: f,
                kind: k
            },
            Step::Stay
        ]
    );
}

/// Notation (PEL-RET-3's position): `retreat <from> <to>` may leave out the unit kind
/// where only one kind can make that move; with two kinds it must be given.
#[test]
fn pel_ret_3_a_retreat_names_its_kind_only_when_two_kinds_could_go() {
    let d = data();
    let (g, (n, k, a, f)) = attackers_way_back(&d);
    let seat = d.nations[n].player;
    let want = Step::Retreat {
        from: a,
        to: f,
        kind: k,
    };
    let (an, fname) = (name(&d, a), name(&d, f));
    // The shortest beginning of a name, three letters or more, that no other area shares.
    let short = |x: &str| {
        (3..=x.len())
            .map(|l| x[..l].to_lowercase())
            .find(|p| {
                d.areas
                    .iter()
                    .filter(|r| r.name.to_lowercase().starts_with(p.as_str()))
                    .count()
                    == 1
            })
            .unwrap()
    };
    for text in [
        format!("retreat {an} {fname}"),
        format!("retreat {} {}", short(&an), short(&fname)),
        format!("retreat {an} {fname} {}", k.name()),
    ] {
        assert_eq!(g.parse_step(&d, seat, &text), Ok(want.clone()), "{text}");
    }
    // Two kinds that could retreat there (a defender's infantry and cavalry, in real play
    // with attacks preferred): the kind must be said.
    let (g, (n, a, f)) = found(
        &d,
        "a defender of two kinds",
        attacking(&d, |_, _| true),
        |g| {
            let (n, b) = retreating(g)?;
            let steps = g.legal_steps(&d, d.nations[n].player);
            let both = |f: usize| {
                [Kind::Infantry, Kind::Cavalry].iter().all(|&kind| {
                    steps.contains(&Step::Retreat {
                        from: b.area,
                        to: f,
                        kind,
                    })
                })
            };
            let f = d.areas[b.area].adj.iter().copied().find(|&f| both(f))?;
            (n == b.defender).then_some((n, b.area, f))
        },
    );
    let seat = d.nations[n].player;
    let (an, fname) = (name(&d, a), name(&d, f));
    let e = g
        .parse_step(&d, seat, &format!("retreat {an} {fname}"))
        .unwrap_err()
        .to_string();
    assert!(e.contains(&format!("retreat {an} {fname} cavalry")), "{e}");
    assert!(e.contains(&format!("retreat {an} {fname} infantry")), "{e}");
    assert_eq!(
        g.parse_step(&d, seat, &format!("retreat {an} {fname} infantry")),
        Ok(Step::Retreat {
            from: a,
            to: f,
            kind: Kind::Infantry
        })
    );
}

// PEL-STACK-1
#[test]
fn pel_ret_4_stacking_limits_apply_to_retreats() {
    let d = data();
    // Real play piling units up and attacking, stopped where a defender (not the Telmori)
    // may retreat next door to an area of its own already at its limit while it is over the limit
    // elsewhere, and to another area with room.
    let (pile, attack) = (piling(&d, false), attacking(&d, |_, _| true));
    let both = |g: &Peloria, s: Seat, t: &str| 100 * attack(g, s, t) + pile(g, s, t);
    let (g, (n, k, a, full, room)) = found(&d, "a defender by a full area", both, |g| {
        let (n, b) = mortal_retreating(&d, g, Side::Defender)?;
        let a = b.area;
        let k = ARMY_KINDS
            .into_iter()
            .find(|&k| g.count_kind(n, a, k) > 0)?;
        let held = g.held(&d, n);
        let own =
            |t: usize| g.count(n, t) > 0 && g.others(n, t) == 0 && g.may_enter(&d, n, t).is_ok();
        let full = d.areas[a].adj.iter().copied().find(|&t| {
            own(t)
                && g.armies(n, t) >= g.limit(&d, t)
                && held
                    .iter()
                    .any(|&x| x != t && x != a && g.armies(n, x) > g.limit(&d, x))
        })?;
        let room = d.areas[a].adj.iter().copied().find(|&t| {
            t != full
                && d.terrain(t).is_land()
                && g.others(n, t) == 0
                && g.may_enter(&d, n, t).is_ok()
                && g.armies(n, t) < g.limit(&d, t)
        })?;
        Some((n, k, a, full, room))
    });
    let steps = g.legal_steps(&d, d.nations[n].player);
    let to = |t: usize| Step::Retreat {
        from: a,
        to: t,
        kind: k,
    };
    assert!(
        !steps.contains(&to(full)),
        "full, and the overstack is elsewhere"
    );
    assert!(steps.contains(&to(room)));
}

/// Once the units still in the battle have no legal retreat left, the retreat is over
/// without a `stay`: one unit may go to one area only, and none may follow it.
// PEL-RET-5, PEL-RET-4
#[test]
fn pel_ret_5_the_retreat_ends_by_itself_when_no_unit_can_go_further() {
    let d = data();
    // Real play with attacks preferred, stopped at a retreat decision that offers one
    // retreat and `stay`, where (tried on a copy) the unit's retreat leaves units of its
    // nation in the battle and the next round is rolled at once.
    let (mut g, (n, b, step)) = found(
        &d,
        "a retreat with room for one",
        attacking(&d, |_, _| true),
        |g| {
            let (n, b) = retreating(g)?;
            let steps = g.legal_steps(&d, d.nations[n].player);
            let [step @ Step::Retreat { .. }, Step::Stay] = &steps[..] else {
                return None;
            };
            let mut h = g.clone();
            let a = h.apply(&d, d.nations[n].player, step).ok()?;
            let next = format!("{} round {}", name(&d, b.area), b.round + 1);
            let rolled = a.events.iter().any(|e| e.text.contains(&next));
            (rolled && h.count(n, b.area) > 0).then(|| (n, b, step.clone()))
        },
    );
    let Step::Retreat { to, .. } = step else {
        unreachable!()
    };
    let seat = d.nations[n].player;
    assert_eq!(g.legal_steps(&d, seat), vec![step.clone(), Step::Stay]);
    let before = g.count(n, to);
    let a = g.apply(&d, seat, &step).unwrap();
    assert_eq!(g.count(n, to), before + 1);
    assert!(g.count(n, b.area) > 0, "units are left in the battle");
    // No retreat left for them (and none for the attackers, if these were the defenders):
    // the next round is rolled at once, nobody asked to `stay`.
    let next = format!("{} round {}", name(&d, b.area), b.round + 1);
    assert!(
        a.events.iter().any(|e| e.text.contains(&next)),
        "{:?}",
        a.events
    );
}

#[test]
fn pel_ret_5_units_with_no_legal_retreat_stay_in_the_battle() {
    let d = data();
    // Real play with attacks preferred, stopped where a battle may be fought whose
    // defender (not the Telmori) has no area next door to retreat to, and which the
    // game's dice carry past its first round.
    let (mut g, a) = found(&d, "a cornered defender", attacking(&d, |_, _| true), |g| {
        let n = g.turn;
        battle_ahead(&d, g).into_iter().find_map(|(a, fought)| {
            let def = g.nations_in(a).into_iter().find(|&m| m != n)?;
            let cornered = d.areas[a].adj.iter().all(|&t| {
                g.others(def, t) > 0 || !d.terrain(t).is_land() || g.may_enter(&d, def, t).is_err()
            });
            let second = format!("{} round 2", name(&d, a));
            let rolled = fought.events.iter().any(|e| e.text.contains(&second));
            (cornered && rolled && !d.nations[def].flags.immortal).then_some(a)
        })
    });
    let ev = play_now(&mut g, &d, &format!("battle {}", name(&d, a)));
    // No retreat asked: the next round was rolled at once.
    let second = format!("{} round 2", name(&d, a));
    assert!(
        ev.events.iter().any(|e| e.text.contains(&second)),
        "{:?}",
        ev.events
    );
}

#[test]
fn pel_ret_6_telmori_retreat_to_any_empty_mountain_and_must_retreat() {
    let d = data();
    let te = nat(&d, "Telmori");
    let dorastor = d.cursed.unwrap();
    let mountains: Vec<usize> = (0..d.areas.len())
        .filter(|&m| d.terrain(m) == Terrain::Mountain)
        .collect();
    // Real play with attacks on the Telmori preferred, stopped where the Telmori defend
    // and may retreat, with mountains away from the battle both empty and occupied, and
    // Dorastor away from it too.
    let (g, (a, k)) = found(
        &d,
        "the Telmori retreating",
        attacking(&d, |g, a| g.count(te, a) > 0),
        |g| {
            let (n, b) = retreating(g)?;
            let a = b.area;
            let away = |m: &usize| *m != a && !d.areas[a].adj.contains(m);
            let occupied = |m: &usize| g.units.iter().any(|u| u.area as usize == *m);
            let far = mountains.iter().filter(|m| away(m));
            let fits = n == te
                && b.defender == te
                && far.clone().any(|m| !occupied(m))
                && far.clone().any(occupied)
                && away(&dorastor)
                && g.others(te, dorastor) == 0;
            let k = ARMY_KINDS
                .into_iter()
                .find(|&k| g.count_kind(te, a, k) > 0)?;
            fits.then_some((a, k))
        },
    );
    let steps = g.legal_steps(&d, d.nations[te].player);
    let to = |t: usize| Step::Retreat {
        from: a,
        to: t,
        kind: k,
    };
    for m in mountains
        .iter()
        .copied()
        .filter(|&m| m != a && !d.areas[a].adj.contains(&m))
    {
        let empty = g.units.iter().all(|u| u.area as usize != m);
        if empty {
            assert!(
                steps.contains(&to(m)),
                "a mountain far away: {}",
                name(&d, m)
            );
        } else if g.count(te, m) > 0 {
            assert!(
                !steps.contains(&to(m)),
                "not a far mountain holding Telmori already: {}",
                name(&d, m)
            );
        } else {
            assert!(
                !steps.contains(&to(m)),
                "not an occupied mountain: {}",
                name(&d, m)
            );
        }
    }
    assert!(
        steps.contains(&to(dorastor)),
        "cursed Dorastor, from anywhere"
    );
    assert!(!steps.contains(&Step::Stay), "the Telmori must retreat");
    // And they cannot be killed.
    let b = g.battle.clone().unwrap();
    assert!(g.hit_options(&d, &b, te, 6).is_empty());
}

#[test]
fn pel_ret_7_retreats_are_offered_after_every_round() {
    let d = data();
    // Real play with attacks preferred, stopped where a defender may retreat after the
    // second round of its battle or a later one.
    let (mut g, (n, r)) = found(
        &d,
        "a retreat after a later round",
        attacking(&d, |_, _| true),
        |g| {
            let (n, b) = retreating(g)?;
            let seat = d.nations[n].player;
            let r = g
                .legal_steps(&d, seat)
                .into_iter()
                .find(|s| matches!(s, Step::Retreat { .. }))?;
            (n == b.defender && b.round >= 2).then_some((n, r))
        },
    );
    let seat = d.nations[n].player;
    assert_eq!(g.status().acting(), &[seat]);
    assert!(g.legality(&d, seat, &r).is_ok());
    // Not before the first round.
    // why: a battle not yet rolled is never a position between steps (its first round is
    // rolled as it starts), so its round is set back to ask the rule.
    g.battle.as_mut().unwrap().round = 0;
    assert!(g.legality(&d, seat, &r).is_err());
}

/// Reading of "the area they moved from": each attacking unit goes back to the area it
/// itself entered the battle area from; an area a unit of the nation entered from and then
/// left again (an overrun passing through) is no way back for the others.
#[test]
fn pel_ret_3_each_attacking_unit_retreats_to_the_area_it_moved_from() {
    let d = data();
    // Real play with attacks preferred, stopped at an attacker's retreat where one of its
    // units entered the battle's area from an area no unit there came from (it went on),
    // an area it would have room in, and another came from elsewhere.
    let (g, (n, k, a, back, gone)) = found(
        &d,
        "an attacker after an overrun",
        attacking(&d, |_, _| true),
        |g| {
            let (n, b) = mortal_retreating(&d, g, Side::Attacker)?;
            let a = b.area;
            let came: Vec<(Kind, u8)> = (g.units.iter())
                .filter(|u| u.nation as usize == n && u.area as usize == a)
                .filter_map(|u| Some((u.kind, u.from?)))
                .collect();
            let &(k, back) = came.first()?;
            let gone = g.entries.iter().find_map(|&(to, from, who)| {
                let room = g.others(n, from) == 0
                    && d.terrain(from).is_land()
                    && g.fits(&d, n, from, Some(a));
                (to == a && who == n && room && came.iter().all(|c| c.1 as usize != from))
                    .then_some(from)
            })?;
            Some((n, k, a, back as usize, gone))
        },
    );
    let to = |t: usize| Step::Retreat {
        from: a,
        to: t,
        kind: k,
    };
    let steps = g.legal_steps(&d, d.nations[n].player);
    assert!(steps.contains(&to(back)), "{steps:?}");
    assert!(
        !steps.contains(&to(gone)),
        "the unit from {} went on",
        name(&d, gone)
    );
    // Two units of a kind from two areas: each has its own way back.
    let (mut g, (n, k, a, f1, f2)) = found(
        &d,
        "attackers with two ways back",
        attacking(&d, |_, _| true),
        |g| {
            let (n, b) = mortal_retreating(&d, g, Side::Attacker)?;
            let a = b.area;
            [Kind::Infantry, Kind::Cavalry].into_iter().find_map(|k| {
                let mut from: Vec<usize> = g
                    .units_of(n, a, k)
                    .filter_map(|(_, u)| u.from)
                    .map(usize::from)
                    .collect();
                let room = |t: usize| g.others(n, t) == 0 && g.armies(n, t) + 2 <= g.limit(&d, t);
                from.sort_unstable();
                let once = from
                    .iter()
                    .copied()
                    .find(|&f| from.iter().filter(|&&x| x == f).count() == 1 && room(f))?;
                let other = from.iter().copied().find(|&f| f != once && room(f))?;
                Some((n, k, a, once, other))
            })
        },
    );
    let (c1, c2) = (g.count(n, f1), g.count(n, f2));
    let kn = k.name();
    let (an, n1, n2) = (name(&d, a), name(&d, f1), name(&d, f2));
    play_now(&mut g, &d, &format!("retreat {an} {n1} {kn}"));
    let e = rejected_now(&mut g, &d, &format!("retreat {an} {n1} {kn}"));
    assert!(e.contains(&n1), "{e}");
    play_now(&mut g, &d, &format!("retreat {an} {n2} {kn}"));
    assert_eq!(g.count(n, f1), c1 + 1);
    assert_eq!(g.count(n, f2), c2 + 1);
}
