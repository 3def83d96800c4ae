//! Tests named after the clause ids of `../shared/clauses/peloria.md`.

use super::happening::{Happening, MoveNote, MovementEvent, ScoringEvent};
use super::*;
use crate::engine::conformance::{self, Suite};
use crate::engine::testing::{
    assert_nobody_scramble_changes_only, first_acting, play, play_now, rejected_now, said,
};
use crate::engine::Rules;
use crate::engine::{Game, Options, Prompts, Viewer};

fn data() -> PeloriaData {
    parse_board(BOARD).expect("board parses")
}

fn names() -> Vec<String> {
    ["Ann", "Bo", "Cy", "Di"]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

fn new_game(d: &PeloriaData) -> Peloria {
    crate::engine::setup_checked::<Peloria>(d, &names(), &Options::new(), 7).unwrap()
}

fn nat(d: &PeloriaData, name: &str) -> usize {
    d.nation(name).unwrap_or_else(|| panic!("nation {name}"))
}

fn ar(d: &PeloriaData, name: &str) -> usize {
    d.area(name).unwrap_or_else(|| panic!("area {name}"))
}

/// A game in `round` at the `nation` movement phase, with an empty board.
fn blank(d: &PeloriaData, round: u8, nation: &str) -> Peloria {
    let mut g = new_game(d);
    g.units.clear();
    g.round = round;
    g.turn = nat(d, nation);
    g.turn_owner = d.nations[g.turn].player;
    g.prompts = Prompts::new();
    g.battle = None;
    g.entries.clear();
    g.start_movement(d, 1);
    g
}

fn put(g: &mut Peloria, d: &PeloriaData, nation: &str, area: &str, kind: Kind, count: usize) {
    for _ in 0..count {
        g.units.push(Unit {
            nation: nat(d, nation) as u8,
            kind,
            area: ar(d, area) as u8,
            left: 0,
            from: None,
        });
    }
}

/// Every unit of `nation` in `area` entered it from `from` (PEL-RET-3).
fn came_from(g: &mut Peloria, d: &PeloriaData, nation: &str, area: &str, from: &str) {
    let (n, a) = (nat(d, nation) as u8, ar(d, area) as u8);
    for u in g.units.iter_mut().filter(|u| u.nation == n && u.area == a) {
        u.from = Some(ar(d, from) as u8);
    }
}

/// Give the current nation's units their movement allowance again.
fn fresh(g: &mut Peloria, d: &PeloriaData) {
    let c = match g.phase {
        Phase::Move { cycle } => cycle,
        _ => 1,
    };
    g.start_movement(d, c);
}

fn cnt(g: &Peloria, d: &PeloriaData, nation: &str, area: &str) -> usize {
    g.count(nat(d, nation), ar(d, area))
}

/// A battle in `area` between the current nation and `def`, at `round`, at `stage`.
fn battle(
    g: &mut Peloria,
    d: &PeloriaData,
    area: &str,
    def: &str,
    round: u8,
    stage: Stage,
    hits: Vec<(usize, u8)>,
) {
    g.phase = Phase::Battle { cycle: 1 };
    g.battle = Some(Battle {
        area: ar(d, area),
        attacker: g.turn,
        defender: nat(d, def),
        round,
        stage,
        hits,
        bat_hits: Vec::new(),
    });
}

fn advance(g: &mut Peloria, d: &PeloriaData) -> Vec<String> {
    let mut ev = Vec::new();
    g.advance(d, &mut ev);
    ev
}

/// The dice shown for `nation` in a battle log line (`... Alkoth roll 5 3-1=2 1; ...`),
/// each as written; none if the nation does not roll there.
fn rolls_of<'a>(line: &'a str, nation: &str) -> Vec<&'a str> {
    let key = format!("{nation} roll ");
    let Some(i) = line.find(&key) else {
        return Vec::new();
    };
    let rest = &line[i + key.len()..];
    let end = rest.find([';', '.']).unwrap_or(rest.len());
    rest[..end].split_whitespace().collect()
}

/// How many dice `nation` rolls in a battle log line.
fn dice_of(line: &str, nation: &str) -> usize {
    rolls_of(line, nation).len()
}

#[test]
fn conformance_full_random_games() {
    let d = data();
    let mut s = Suite::<Peloria>::new(&d);
    s.games = 2;
    s.step_cap = 200_000;
    s.interference_every = 17;
    s.render = Some(render::render);
    s.render_every = 1;
    let r = conformance::run(&s);
    println!("{r:?}");
    assert!(r.renders_compared > 0 && r.scrambles_changed > 0, "{r:?}");
}

// ==== Britannia base, players, order ====

// PEL-ORDER-5, PEL-ORDER-6, PEL-ORDER-13
#[test]
fn pel_brit_1_round_one_runs_the_nations_in_play_in_the_fixed_order() {
    let d = data();
    let order: Vec<&str> = d.nations.iter().map(|n| n.name.as_str()).collect();
    assert_eq!(
        order,
        [
            "Hirenmador",
            "Hyalorings",
            "Veshtargos",
            "Alkoth",
            "Pelanda",
            "Pelorians",
            "Theyalans",
            "Praxians",
            "Aldryami",
            "Telmori",
            "Digijelm",
            "Soldiers",
            "Barbarians",
            "Carmanians",
            "Balazarings",
            "YOUF"
        ]
    );
    let mut g = new_game(&d);
    let mut seen = vec![g.turn];
    while g.round == 1 {
        let s = first_acting(&g);
        let st = g.default_step(&d, s).unwrap();
        g.apply(&d, s, &st).unwrap();
        if g.round == 1 && *seen.last().unwrap() != g.turn {
            seen.push(g.turn);
        }
    }
    // Only the seven nations in play from round 1 took turns, in order.
    assert_eq!(seen, (0..7).collect::<Vec<_>>());
    assert_eq!(g.round, 2);
}

/// Each round opens with one banner, at the first nation's turn.
// PEL-ORDER-5
#[test]
fn pel_order_5_each_round_opens_with_one_banner() {
    let d = data();
    let mut g = new_game(&d);
    let mut banners = Vec::new();
    while g.round <= 2 {
        let s = first_acting(&g);
        let st = g.default_step(&d, s).unwrap();
        let a = g.apply(&d, s, &st).unwrap();
        banners.extend(
            a.events
                .iter()
                .filter(|e| e.text.starts_with("— Round"))
                .map(|e| e.text.clone()),
        );
    }
    assert_eq!(banners, ["— Round 2 —", "— Round 3 —"]);
}

// PEL-BRIT-1, PEL-HERO-1
#[test]
fn pel_diff_2_a_game_lasts_16_rounds() {
    let d = data();
    let mut g = new_game(&d);
    let mut max_round = 0;
    let mut saw_bids = false;
    for _ in 0..200_000 {
        if g.status().is_finished() {
            break;
        }
        max_round = max_round.max(g.round);
        saw_bids |= g.phase == Phase::Bids && g.round == 13;
        let s = first_acting(&g);
        let st = g.default_step(&d, s).unwrap();
        g.apply(&d, s, &st).unwrap();
    }
    assert!(g.status().is_finished());
    assert_eq!(max_round, 16);
    assert!(saw_bids, "the Call to Heroes comes at the end of round 13");
}

// PEL-ORDER-1, PEL-ORDER-2, PEL-ORDER-3, PEL-ORDER-4
#[test]
fn pel_diff_1_four_players_with_four_nations_each() {
    let d = data();
    let of = |p: usize| -> Vec<&str> {
        d.nations
            .iter()
            .filter(|n| n.player == p)
            .map(|n| n.name.as_str())
            .collect()
    };
    assert_eq!(of(0), ["Hirenmador", "Pelorians", "Praxians", "Telmori"]);
    assert_eq!(of(1), ["Hyalorings", "Aldryami", "Barbarians", "YOUF"]);
    assert_eq!(
        of(2),
        ["Veshtargos", "Theyalans", "Carmanians", "Balazarings"]
    );
    assert_eq!(of(3), ["Alkoth", "Pelanda", "Digijelm", "Soldiers"]);
    let three: Vec<String> = names()[..3].to_vec();
    assert!(crate::engine::setup_checked::<Peloria>(&d, &three, &Options::new(), 1).is_err());
    assert!(Peloria::new(&d, &three, 1).is_err());
}

// PEL-ORDER-8, PEL-ORDER-9, PEL-ORDER-10, PEL-ORDER-11, PEL-ORDER-12
#[test]
fn pel_order_7_late_nations_enter_in_their_rounds() {
    let d = data();
    let first = |n: &str| d.nations[nat(&d, n)].first_round;
    assert_eq!(first("Praxians"), 3);
    assert_eq!(first("Aldryami"), 4);
    assert_eq!(
        (first("Telmori"), first("Digijelm"), first("Soldiers")),
        (5, 5, 5)
    );
    assert_eq!(first("Barbarians"), 6);
    assert_eq!((first("Carmanians"), first("Balazarings")), (9, 9));
    assert_eq!(first("YOUF"), 10);
    for n in [
        "Hirenmador",
        "Hyalorings",
        "Veshtargos",
        "Alkoth",
        "Pelanda",
        "Pelorians",
        "Theyalans",
    ] {
        assert_eq!(first(n), 1);
    }
}

/// The board shows a nation as in play only from its first round on.
// PEL-ORDER-6, PEL-ORDER-7, PEL-ORDER-12
#[test]
fn pel_order_7_a_nation_is_shown_in_play_only_from_its_first_round() {
    let d = data();
    let mut g = new_game(&d);
    let shown =
        |g: &Peloria, n: &str| view::build(g, &d, Viewer::Spectator).nations[nat(&d, n)].in_play;
    assert!(shown(&g, "Hirenmador"));
    assert!(!shown(&g, "Praxians"));
    g.round = 2;
    assert!(!shown(&g, "Praxians"));
    g.round = 3;
    assert!(shown(&g, "Praxians"));
    assert!(!shown(&g, "YOUF"));
}

// PEL-BRIT-20, PEL-ORDER-13, PEL-POP-8
#[test]
fn pel_brit_20_arrivals_enter_at_their_round_and_place() {
    let d = data();
    // Round 2: the Praxians are not in play; their turn is skipped and nothing arrives.
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Pelorians", "Lenshi", Kind::Infantry, 1);
    g.turn = nat(&d, "Praxians");
    let mut ev = Vec::new();
    g.begin_turn(&d, &mut ev);
    assert_eq!(g.on_board(nat(&d, "Praxians")), 0);
    assert_ne!(
        g.turn,
        nat(&d, "Praxians"),
        "a nation not in play takes no turn"
    );
    // Round 3: ten cavalry in Dragon Pass.
    let mut g = blank(&d, 3, "Pelorians");
    g.turn = nat(&d, "Praxians");
    g.begin_turn(&d, &mut ev);
    assert_eq!(
        g.count_kind(nat(&d, "Praxians"), ar(&d, "Dragon-Pass"), Kind::Cavalry),
        10
    );
    assert_eq!(g.turn, nat(&d, "Praxians"));
}

// PEL-BRIT-20: the starting forces of every round-1 nation are on the board before the
// first turn (Hirenmador cannot walk into the Veshtargos' home before they appear).
#[test]
fn pel_brit_20_starting_forces_are_placed_at_setup() {
    let d = data();
    let g = new_game(&d);
    assert_eq!(g.turn, 0);
    assert_eq!(g.count(nat(&d, "Veshtargos"), ar(&d, "Bindle")), 2);
    assert_eq!(g.held(&d, nat(&d, "Pelorians")).len(), 14);
    assert_eq!(
        g.count_kind(nat(&d, "Hirenmador"), ar(&d, "Naveria"), Kind::Cavalry),
        4
    );
}

// PEL-BRIT-3
#[test]
fn pel_brit_3_a_turn_runs_population_movement_battles_overpopulation() {
    let d = data();
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Pelorians", "Lenshi", Kind::Infantry, 3);
    put(&mut g, &d, "Pelorians", "Naveria", Kind::Infantry, 3);
    put(&mut g, &d, "Pelorians", "Dikoria", Kind::Infantry, 1);
    put(&mut g, &d, "Hirenmador", "Darsen", Kind::Cavalry, 1);
    g.track[nat(&d, "Pelorians")] = 0;
    let mut ev = Vec::new();
    g.begin_turn(&d, &mut ev);
    // 3 open/river areas: 6 points, one new unit.
    assert_eq!(g.phase, Phase::Place { left: 1 });
    play_now(&mut g, &d, "place Dikoria infantry");
    assert_eq!(g.phase, Phase::Move { cycle: 1 });
    play_now(&mut g, &d, "move Dikoria Darsen infantry");
    play_now(&mut g, &d, "done");
    assert_eq!(g.phase, Phase::Battle { cycle: 1 });
    assert!(rejected_now(&mut g, &d, "move Lenshi Naveria infantry").contains("battle"));
}

// PEL-BRIT-4
#[test]
fn pel_brit_4_a_nation_holds_every_land_area_with_a_unit() {
    let d = data();
    let mut g = blank(&d, 2, "Pelanda");
    put(&mut g, &d, "Pelanda", "Skanthi", Kind::Infantry, 1);
    put(&mut g, &d, "Pelanda", "Tork", Kind::Infantry, 2);
    put(&mut g, &d, "Pelanda", "Sweet-Sea", Kind::Infantry, 1);
    assert_eq!(
        g.held(&d, nat(&d, "Pelanda")),
        vec![ar(&d, "Tork"), ar(&d, "Skanthi")]
            .into_iter()
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect::<Vec<_>>()
    );
}

// PEL-BRIT-2
#[test]
fn pel_brit_2_player_vp_are_the_sum_of_their_nations_and_most_wins() {
    let d = data();
    let mut g = blank(&d, 16, "Pelorians");
    g.vp[nat(&d, "Pelorians")] = 5;
    g.vp[nat(&d, "Telmori")] = 7;
    g.vp[nat(&d, "Hyalorings")] = 11;
    g.player_vp[0] = 2;
    assert_eq!(g.player_scores(&d), vec![14, 11, 0, 0]);
    let mut ev = Vec::new();
    g.next_round(&d, &mut ev);
    let Status::Finished(r) = g.status() else {
        panic!("finished")
    };
    assert_eq!(r.scores, vec![14, 11, 0, 0]);
    assert_eq!(r.places[0], 1);
    assert!(r.note.starts_with("Ann wins"), "{}", r.note);
}

// PEL-BRIT-2 reading (rules topic): a tie in VP goes to the player with more of their own
// units on the board.
#[test]
fn pel_brit_2_a_tie_in_vp_goes_to_more_own_units_on_the_board() {
    let d = data();
    let mut g = blank(&d, 16, "Pelorians");
    g.vp[nat(&d, "Pelorians")] = 9;
    g.vp[nat(&d, "Hyalorings")] = 9;
    put(&mut g, &d, "Pelorians", "Lenshi", Kind::Infantry, 1);
    put(&mut g, &d, "Hyalorings", "Naveria", Kind::Cavalry, 2);
    // A third player's units count for no one else.
    put(&mut g, &d, "Theyalans", "Aggar", Kind::Infantry, 4);
    let mut ev = Vec::new();
    g.next_round(&d, &mut ev);
    let Status::Finished(r) = g.status() else {
        panic!("finished")
    };
    assert_eq!(r.scores[0], r.scores[1], "{:?}", r.scores);
    assert_eq!((r.places[0], r.places[1]), (2, 1), "{}", r.note);
    assert!(r.note.contains("units"), "{}", r.note);
}

// ==== Population increase ====

// PEL-BRIT-14, PEL-POP-2
#[test]
fn pel_pop_1_count_is_two_per_open_one_per_rough_plus_track() {
    let d = data();
    let mut g = blank(&d, 2, "Pelorians");
    for a in ["Lenshi", "Dikoria", "Henjarl"] {
        put(&mut g, &d, "Pelorians", a, Kind::Infantry, 1);
    }
    put(&mut g, &d, "Pelorians", "Imther", Kind::Infantry, 1);
    let n = nat(&d, "Pelorians");
    assert_eq!(g.pop_points(&d, n), 7);
    g.track[n] = 4;
    let mut ev = Vec::new();
    assert_eq!(g.population(&d, n, &mut ev), 1, "11 points: one unit");
    assert_eq!(g.track[n], 5, "the remainder stays on the track");
    g.track[n] = 5;
    assert_eq!(g.population(&d, n, &mut ev), 2, "12 points: two units");
    assert_eq!(g.track[n], 0);
}

// PEL-BRIT-16
#[test]
fn pel_pop_3_no_stock_sets_the_track_to_5() {
    let d = data();
    let mut g = blank(&d, 2, "Hirenmador");
    let n = nat(&d, "Hirenmador");
    for a in ["Lenshi", "Naveria", "Dikoria", "Saird"] {
        put(&mut g, &d, "Hirenmador", a, Kind::Cavalry, 2);
    }
    let mut ev = Vec::new();
    g.track[n] = 0;
    assert_eq!(g.population(&d, n, &mut ev), 0);
    assert_eq!(g.track[n], 5);
    // One left in stock, two earned: one comes, the track goes to 5.
    g.units.pop();
    g.track[n] = 4;
    assert_eq!(g.population(&d, n, &mut ev), 1);
    assert_eq!(g.track[n], 5);
    // Reading: the track goes to 5 only when earned units find the stock empty. With
    // exactly as many in stock as earned, all come and the track keeps the remainder.
    let dikoria = ar(&d, "Dikoria") as u8;
    let i = g.units.iter().position(|u| u.area == dikoria).unwrap();
    g.units.remove(i);
    assert_eq!(g.stock(&d, n, Kind::Cavalry), 2);
    g.track[n] = 4;
    let count = g.pop_points(&d, n) + 4;
    assert_eq!(count / 6, 2, "two earned");
    assert_eq!(g.population(&d, n, &mut ev), 2);
    assert_eq!(u32::from(g.track[n]), count % 6);
    assert_ne!(g.track[n], 5);
}

// PEL-BRIT-16
#[test]
fn pel_pop_4_never_more_units_than_the_maximum() {
    let d = data();
    let mut g = blank(&d, 2, "Hirenmador");
    let n = nat(&d, "Hirenmador");
    put(&mut g, &d, "Hirenmador", "Lenshi", Kind::Cavalry, 7);
    // Only the nation's own units of that kind count against its maximum.
    put(&mut g, &d, "Hirenmador", "Saird", Kind::Infantry, 2);
    put(&mut g, &d, "Praxians", "Saird", Kind::Cavalry, 3);
    assert_eq!(g.stock(&d, n, Kind::Cavalry), 1);
    g.phase = Phase::Place { left: 2 };
    play_now(&mut g, &d, "place Lenshi cavalry");
    assert_eq!(g.stock(&d, n, Kind::Cavalry), 0);
    assert_eq!(g.track[n], 5, "the second unit had nowhere to come from");
    g.phase = Phase::Place { left: 1 };
    let e = g
        .legality(
            &d,
            0,
            &Step::Place {
                area: ar(&d, "Lenshi"),
                kind: Kind::Cavalry,
            },
        )
        .unwrap_err();
    assert!(e.reason.contains("stock"), "{e}");
}

// PEL-BRIT-15
#[test]
fn pel_pop_5_new_units_only_where_the_nation_is_alone_and_praxians_on_the_plateau() {
    let d = data();
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Pelorians", "Lenshi", Kind::Infantry, 1);
    put(&mut g, &d, "Pelorians", "Naveria", Kind::Infantry, 1);
    put(&mut g, &d, "Hirenmador", "Naveria", Kind::Cavalry, 1);
    g.phase = Phase::Place { left: 1 };
    let steps = g.legal_steps(&d, 0);
    assert_eq!(
        steps,
        vec![Step::Place {
            area: ar(&d, "Lenshi"),
            kind: Kind::Infantry
        }]
    );
    assert!(g
        .legality(
            &d,
            0,
            &Step::Place {
                area: ar(&d, "Dikoria"),
                kind: Kind::Infantry
            }
        )
        .is_err());
    assert!(g
        .legality(
            &d,
            0,
            &Step::Place {
                area: ar(&d, "Naveria"),
                kind: Kind::Infantry
            }
        )
        .is_err());
    let mut g = blank(&d, 4, "Praxians");
    put(&mut g, &d, "Praxians", "Dragon-Pass", Kind::Cavalry, 1);
    put(&mut g, &d, "Praxians", "Hungry-Plateau", Kind::Cavalry, 1);
    g.phase = Phase::Place { left: 1 };
    assert_eq!(
        g.legal_steps(&d, 0),
        vec![Step::Place {
            area: ar(&d, "Hungry-Plateau"),
            kind: Kind::Cavalry
        }]
    );
}

// PEL-POP-6, PEL-STACK-8
#[test]
fn pel_pop_6_placement_respects_stacking_with_one_overstack() {
    let d = data();
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Pelorians", "Lenshi", Kind::Infantry, 3);
    put(&mut g, &d, "Pelorians", "Imther", Kind::Infantry, 2);
    g.phase = Phase::Place { left: 2 };
    play_now(&mut g, &d, "place Lenshi infantry");
    // Lenshi is now the overstack: no second one.
    let e = rejected_now(&mut g, &d, "place Imther infantry");
    assert!(e.contains("stacking"), "{e}");
    play_now(&mut g, &d, "place Lenshi infantry");
}

// PEL-BRIT-15
#[test]
fn pel_pop_7_a_unit_with_no_legal_place_is_lost_and_the_track_goes_to_5() {
    let d = data();
    let mut g = blank(&d, 2, "Hirenmador");
    let n = nat(&d, "Hirenmador");
    put(&mut g, &d, "Hirenmador", "Bindle", Kind::Cavalry, 4);
    g.track[n] = 1;
    g.phase = Phase::Place { left: 1 };
    advance(&mut g, &d);
    assert_eq!(g.track[n], 5);
    assert_eq!(g.on_board(n), 4);
    assert_eq!(g.phase, Phase::Move { cycle: 1 });
}

// PEL-POP-10
#[test]
fn pel_pop_9_arrivals_ignore_the_placement_rules() {
    let d = data();
    let mut g = blank(&d, 5, "Pelorians");
    put(&mut g, &d, "Pelorians", "Esvuthil", Kind::Infantry, 2);
    g.turn = nat(&d, "Soldiers");
    let mut ev = Vec::new();
    g.begin_turn(&d, &mut ev);
    assert_eq!(
        cnt(&g, &d, "Soldiers", "Esvuthil"),
        4,
        "Soldiers arrive in Esvuthil held by others"
    );
    assert_eq!(cnt(&g, &d, "Pelorians", "Esvuthil"), 2);
}

#[test]
fn pel_pop_11_mountains_count_as_rough_and_cursed_dorastor_counts_nothing() {
    let d = data();
    let mut g = blank(&d, 6, "Telmori");
    put(&mut g, &d, "Telmori", "Oronin", Kind::Infantry, 1);
    put(&mut g, &d, "Telmori", "Dorastor", Kind::Infantry, 1);
    assert_eq!(
        g.pop_points(&d, nat(&d, "Telmori")),
        2,
        "mountain 1, Dorastor 1 for the Telmori"
    );
    put(&mut g, &d, "Theyalans", "Dorastor", Kind::Infantry, 1);
    put(&mut g, &d, "Theyalans", "Hungry-Plateau", Kind::Infantry, 1);
    assert_eq!(
        g.pop_points(&d, nat(&d, "Theyalans")),
        0,
        "cursed Dorastor and the plateau give others nothing"
    );
    put(&mut g, &d, "Praxians", "Hungry-Plateau", Kind::Cavalry, 1);
    g.units
        .retain(|u| u.nation as usize != nat(&d, "Theyalans"));
    assert_eq!(g.pop_points(&d, nat(&d, "Praxians")), 2);
    assert!(d.area("Esvuthil").is_some() && d.area("Esvulthil").is_none());
}

// ==== Movement ====

#[test]
fn pel_move_1_any_all_or_none_may_move() {
    let d = data();
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Pelorians", "Lenshi", Kind::Infantry, 2);
    fresh(&mut g, &d);
    assert!(g.legal_steps(&d, 0).contains(&Step::Done));
    play_now(&mut g, &d, "move Lenshi Naveria infantry");
    assert!(g.legal_steps(&d, 0).contains(&Step::Done));
}

// PEL-BRIT-5
#[test]
fn pel_move_2_infantry_move_two_areas() {
    let d = data();
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Pelorians", "Lenshi", Kind::Infantry, 1);
    put(&mut g, &d, "Pelorians", "Sanken", Kind::Infantry, 1);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "move Lenshi Naveria infantry");
    play_now(&mut g, &d, "move Naveria Dikoria infantry");
    let e = rejected_now(&mut g, &d, "move Dikoria Darsen infantry");
    assert!(e.contains("can still move"), "{e}");
}

// PEL-BRIT-5
#[test]
fn pel_move_3_cavalry_move_three_areas() {
    let d = data();
    let mut g = blank(&d, 2, "Hirenmador");
    put(&mut g, &d, "Hirenmador", "Lenshi", Kind::Cavalry, 1);
    put(&mut g, &d, "Hirenmador", "Far-Point", Kind::Cavalry, 1);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "move Lenshi Naveria cavalry");
    play_now(&mut g, &d, "move Naveria Dikoria cavalry");
    play_now(&mut g, &d, "move Dikoria Darsen cavalry");
    rejected_now(&mut g, &d, "move Darsen Dikoria cavalry");
}

/// Leaving the map is a move of the unit that may still move: a unit that had to stop in
/// an enemy-held area stays behind, and the one that could go on is the one that leaves.
// PEL-OVR-1, PEL-MOVE-3
#[test]
fn pel_move_2_leaving_by_an_edge_takes_the_unit_that_may_still_move() {
    let d = data();
    let mut g = blank(&d, 2, "Hyalorings");
    put(&mut g, &d, "Hirenmador", "Naveria", Kind::Cavalry, 1);
    put(&mut g, &d, "Hyalorings", "Lenshi", Kind::Cavalry, 1);
    put(&mut g, &d, "Hyalorings", "Dikoria", Kind::Cavalry, 1);
    // A unit elsewhere keeps the movement phase open.
    put(&mut g, &d, "Hyalorings", "Sylila", Kind::Cavalry, 1);
    fresh(&mut g, &d);
    assert!(said(&play_now(&mut g, &d, "move Dikoria Naveria cavalry"), " ").contains("and stops"));
    assert!(
        said(&play_now(&mut g, &d, "move Lenshi Naveria cavalry"), " ").contains("may overrun")
    );
    play_now(&mut g, &d, "move Naveria Pent cavalry");
    assert_eq!(cnt(&g, &d, "Hyalorings", "Naveria"), 1);
    let e = rejected_now(&mut g, &d, "move Naveria Saird cavalry");
    assert!(e.contains("can still move"), "{e}");
    // Of two infantry units in Dragon Pass (the YOUF's invasion round, so rough terrain
    // does not stop them), the one that came two areas stays; the one with a move left
    // leaves.
    let mut g = blank(&d, 10, "YOUF");
    put(&mut g, &d, "YOUF", "Skanthi", Kind::Infantry, 1);
    put(&mut g, &d, "YOUF", "Mirin-Cross", Kind::Infantry, 1);
    put(&mut g, &d, "YOUF", "Sylila", Kind::Infantry, 1);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "move Skanthi Dragon-Pass infantry");
    play_now(&mut g, &d, "move Mirin-Cross Skanthi infantry");
    play_now(&mut g, &d, "move Skanthi Dragon-Pass infantry");
    play_now(&mut g, &d, "move Dragon-Pass Kerofinela infantry");
    assert_eq!(cnt(&g, &d, "YOUF", "Dragon-Pass"), 1);
    let e = rejected_now(&mut g, &d, "move Dragon-Pass Skanthi infantry");
    assert!(e.contains("can still move"), "{e}");
}

/// Property, over random games through all 16 rounds: counting each unit's moves in each
/// movement phase (a unit followed from step to step by where it stands in the list of
/// units), no unit moves more areas than its kind may (infantry 2, cavalry, dragons and
/// the Bat 3), a unit that entered rough terrain outside an invasion turn moves no further,
/// and leaving by an edge is one more area.
// PEL-MOVE-3, PEL-MOVE-4, PEL-OVR-1
#[test]
fn pel_move_2_no_unit_moves_more_areas_in_a_phase_than_it_may_in_random_games() {
    let d = data();
    let mut rounds = std::collections::BTreeSet::new();
    let (mut moves, mut exits) = (0, 0);
    for seed in 0..20 {
        let p = Suite::<Peloria>::new(&d).playout(4, &Options::new(), seed);
        let mut g =
            crate::engine::setup_checked::<Peloria>(&d, &names(), &Options::new(), seed).unwrap();
        let mut used: Vec<u8> = Vec::new();
        let mut phase = None;
        for (s, t) in &p.log {
            let now = match g.phase {
                Phase::Move { cycle } if g.battle.is_none() => Some((g.round, g.turn, cycle)),
                _ => None,
            };
            if now != phase {
                used = vec![0; g.units.len()];
                phase = now;
            }
            let before = g.units.clone();
            let step = g.parse_step(&d, *s, t).unwrap();
            play(&mut g, &d, *s, t);
            let invasion = phase.is_some_and(|(r, n, _)| d.invasion(n, r));
            match step {
                Step::Move {
                    from: f,
                    to,
                    kind: k,
                } if g.units.len() == before.len() => {
                    let i = (0..before.len())
                        .find(|&i| before[i].area as usize == f && g.units[i].area as usize == to)
                        .expect("one unit changed area");
                    used[i] += 1;
                    assert!(
                        used[i] <= k.moves(),
                        "seed {seed}, round {}: a {} moved {} areas: `{t}`",
                        g.round,
                        k.name(),
                        used[i]
                    );
                    if d.terrain(to).is_rough() && !invasion {
                        used[i] = k.moves();
                    }
                    rounds.insert(g.round);
                    moves += 1;
                }
                Step::Exit { kind: k, .. } if g.units.len() + 1 == before.len() => {
                    // The unit that left: one whose removal leaves the list as it is now;
                    // of alike units, the one with the fewest moves used (the engine moves
                    // the one with the most moves left).
                    let at = |u: &Unit| (u.nation, u.kind, u.area);
                    let now: Vec<_> = g.units.iter().map(at).collect();
                    let i = (0..before.len())
                        .filter(|&i| {
                            let mut b: Vec<_> = before.iter().map(at).collect();
                            b.remove(i);
                            b == now
                        })
                        .min_by_key(|&i| used[i])
                        .expect("one unit left the map");
                    assert!(
                        used[i] < k.moves(),
                        "seed {seed}, round {}: a {} left the map after {} areas: `{t}`",
                        g.round,
                        k.name(),
                        used[i]
                    );
                    used.remove(i);
                    exits += 1;
                }
                _ => {}
            }
        }
    }
    assert_eq!(
        rounds.len(),
        ROUNDS as usize,
        "moves in every round: {rounds:?}"
    );
    assert!(moves > 1000 && exits > 0, "{moves} moves, {exits} exits");
}

/// A unit entering rough terrain outside an invasion turn is told to stop, as one entering
/// an enemy-held area is.
#[test]
fn pel_move_4_entering_rough_terrain_is_logged_as_a_stop() {
    let d = data();
    let mut g = blank(&d, 2, "Hirenmador");
    put(&mut g, &d, "Hirenmador", "Naveria", Kind::Cavalry, 2);
    fresh(&mut g, &d);
    let a = said(&play_now(&mut g, &d, "move Naveria Bindle cavalry"), " ");
    assert!(
        a.contains("Hirenmador: one cavalry moves from Naveria to Bindle and stops."),
        "{a}"
    );
    let a = said(&play_now(&mut g, &d, "move Naveria Lenshi cavalry"), " ");
    assert!(a.contains("from Naveria to Lenshi."), "open terrain: {a}");
}

/// The board's count of a nation's units is its armies, the units overpopulation counts;
/// forest counters are shown apart.
// PEL-OVP-1
#[test]
fn pel_ovp_1_the_view_counts_armies_apart_from_forest_counters() {
    let d = data();
    let mut g = blank(&d, 4, "Aldryami");
    put(&mut g, &d, "Aldryami", "Rist", Kind::Infantry, 2);
    put(&mut g, &d, "Aldryami", "Lenshi", Kind::Forest, 1);
    put(&mut g, &d, "Aldryami", "Lenshi", Kind::Infantry, 1);
    let v = g.view(&d, Viewer::Spectator);
    let al = &v.nations[nat(&d, "Aldryami")];
    assert_eq!((al.units, al.forests), (3, 1));
}

/// A step that names no legal step is answered with legal steps only.
// PEL-EMP-17
#[test]
fn pel_emp_17_a_step_naming_nothing_legal_suggests_only_legal_steps() {
    let d = data();
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Pelorians", "Kestinlands", Kind::Infantry, 1);
    g.emperor = Some(nat(&d, "Pelorians"));
    fresh(&mut g, &d);
    let e = g
        .parse_step(&d, 0, "regalia Roost Nowhere")
        .unwrap_err()
        .to_string();
    // Stage 1 names the word it cannot read, and suggests legal steps only.
    assert!(e.starts_with("there is no area `Nowhere`"), "{e}");
    let suggested: Vec<&str> = e.split('`').skip(3).step_by(2).collect();
    for s in suggested {
        let step = g.parse_step(&d, 0, s).unwrap();
        assert!(
            g.check(&d, 0, &step).is_ok(),
            "`{s}` is suggested but refused: {e}"
        );
    }
}

// PEL-INV-2
#[test]
fn pel_move_4_rough_terrain_stops_a_unit_except_in_invasion_turns() {
    let d = data();
    let mut g = blank(&d, 2, "Hirenmador");
    put(&mut g, &d, "Hirenmador", "Naveria", Kind::Cavalry, 1);
    put(&mut g, &d, "Hirenmador", "Far-Point", Kind::Cavalry, 1);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "move Naveria Bindle cavalry");
    rejected_now(&mut g, &d, "move Bindle Hwarin cavalry");
    // Round 3 is the Praxians' invasion turn.
    let mut g = blank(&d, 3, "Praxians");
    put(&mut g, &d, "Praxians", "Naveria", Kind::Cavalry, 1);
    put(&mut g, &d, "Praxians", "Far-Point", Kind::Cavalry, 1);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "move Naveria Bindle cavalry");
    play_now(&mut g, &d, "move Bindle Hwarin cavalry");
    assert_eq!(
        g.phase,
        Phase::Move { cycle: 1 },
        "still the first movement phase"
    );
}

#[test]
fn pel_move_5_only_pelandans_cross_seas_and_never_stop_there() {
    let d = data();
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Pelorians", "Vanch", Kind::Infantry, 1);
    fresh(&mut g, &d);
    assert!(rejected_now(&mut g, &d, "move Vanch Sweet-Sea infantry").contains("sea"));
    let mut g = blank(&d, 2, "Pelanda");
    put(&mut g, &d, "Pelanda", "Mirin-Cross", Kind::Infantry, 2);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "move Mirin-Cross Sweet-Sea infantry");
    play_now(&mut g, &d, "move Sweet-Sea Vanch infantry");
    play_now(&mut g, &d, "move Mirin-Cross Glamour infantry");
    // One move left: entering the sea would strand it.
    assert!(rejected_now(&mut g, &d, "move Glamour Sweet-Sea infantry").contains("sea"));
    // A Pelandan still at sea at `done` is lost.
    let mut g = blank(&d, 2, "Pelanda");
    put(&mut g, &d, "Pelanda", "Mirin-Cross", Kind::Infantry, 1);
    put(&mut g, &d, "Pelanda", "Skanthi", Kind::Infantry, 1);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "move Mirin-Cross Sweet-Sea infantry");
    play_now(&mut g, &d, "done");
    assert_eq!(g.on_board(nat(&d, "Pelanda")), 1);
    assert_eq!(cnt(&g, &d, "Pelanda", "Sweet-Sea"), 0);
}

/// The loss at sea names how many units drowned (only the moving nation's, only those at
/// sea), and a movement that ends with nobody at sea reports no loss.
// PEL-MOVE-5
#[test]
fn pel_move_5_the_loss_at_sea_counts_only_the_units_left_at_sea() {
    let d = data();
    let lost = |a: &crate::engine::Applied| -> Vec<String> {
        a.events
            .iter()
            .filter(|e| e.text.contains("left at sea"))
            .map(|e| e.text.clone())
            .collect()
    };
    let mut g = blank(&d, 2, "Pelanda");
    put(&mut g, &d, "Pelanda", "Mirin-Cross", Kind::Infantry, 2);
    put(&mut g, &d, "Pelanda", "Skanthi", Kind::Infantry, 1);
    put(&mut g, &d, "Pelorians", "Vanch", Kind::Infantry, 1);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "move Mirin-Cross Sweet-Sea infantry");
    play_now(&mut g, &d, "move Mirin-Cross Sweet-Sea infantry");
    let a = play_now(&mut g, &d, "done");
    assert_eq!(
        lost(&a),
        ["2 Pelanda units left at sea are lost: Pelandans may not end their movement in a sea."]
    );
    assert_eq!(g.on_board(nat(&d, "Pelanda")), 1);
    let mut g = blank(&d, 2, "Pelanda");
    put(&mut g, &d, "Pelanda", "Mirin-Cross", Kind::Infantry, 1);
    fresh(&mut g, &d);
    let a = play_now(&mut g, &d, "done");
    assert_eq!(lost(&a), Vec::<String>::new());
}

#[test]
fn pel_move_6_only_the_aldryami_enter_permanent_forest() {
    let d = data();
    let mut g = blank(&d, 4, "Pelorians");
    put(&mut g, &d, "Pelorians", "Lenshi", Kind::Infantry, 1);
    fresh(&mut g, &d);
    assert!(rejected_now(&mut g, &d, "move Lenshi Erigia infantry").contains("forest"));
    let mut g = blank(&d, 4, "Aldryami");
    put(&mut g, &d, "Aldryami", "Lenshi", Kind::Infantry, 1);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "move Lenshi Erigia infantry");
}

#[test]
fn pel_move_7_only_digijelm_and_telmori_enter_mountains_as_rough() {
    let d = data();
    let mut g = blank(&d, 5, "Pelorians");
    put(&mut g, &d, "Pelorians", "Rinliddi", Kind::Infantry, 1);
    fresh(&mut g, &d);
    assert!(rejected_now(&mut g, &d, "move Rinliddi Oronin infantry").contains("mountain"));
    for who in ["Telmori", "Digijelm"] {
        let mut g = blank(&d, 6, who);
        put(&mut g, &d, who, "Rinliddi", Kind::Infantry, 1);
        fresh(&mut g, &d);
        play_now(&mut g, &d, "move Rinliddi Oronin infantry");
        // Rough: the move ends there.
        rejected_now(&mut g, &d, "move Oronin Kestinlands infantry");
    }
}

#[test]
fn pel_move_8_stacking_is_enforced_at_the_end_of_movement() {
    let d = data();
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Pelorians", "Lenshi", Kind::Infantry, 4);
    put(&mut g, &d, "Pelorians", "Saird", Kind::Infantry, 4);
    put(&mut g, &d, "Pelorians", "Dikoria", Kind::Infantry, 4);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "done");
    // Two areas over: the player removes units until one overstack is left.
    assert_eq!(g.phase, Phase::Stacking { cycle: 1 });
    assert_eq!(first_acting(&g), 0);
    assert!(
        rejected_now(&mut g, &d, "remove Dikoria infantry").contains("within its stacking limit")
    );
    play_now(&mut g, &d, "remove Saird infantry");
    assert_ne!(
        g.phase,
        Phase::Stacking { cycle: 1 },
        "within the limits: on to the battles"
    );
    // One overstack kept (open: any number), the other area cut back to 3.
    let n = nat(&d, "Pelorians");
    let mut c = [g.count(n, ar(&d, "Lenshi")), g.count(n, ar(&d, "Saird"))];
    c.sort();
    assert_eq!(c, [3, 4]);
}

/// The one overstack may hold 4 units in rough terrain: 4 in Bindle (limit 2) ends
/// movement within the limits, 5 sends the player to remove units; and only a kind the
/// nation has there may be removed.
// PEL-STACK-8, PEL-STACK-9, PEL-MOVE-8
#[test]
fn pel_stack_9_a_rough_overstack_of_four_passes_and_five_must_be_cut() {
    let d = data();
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Pelorians", "Bindle", Kind::Infantry, 4);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "done");
    assert_ne!(
        g.phase,
        Phase::Stacking { cycle: 1 },
        "4 in rough is allowed"
    );
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Pelorians", "Bindle", Kind::Infantry, 5);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "done");
    assert_eq!(g.phase, Phase::Stacking { cycle: 1 }, "5 in rough is over");
    let e = rejected_now(&mut g, &d, "remove Bindle cavalry");
    assert!(e.contains("remove Bindle infantry"), "{e}");
    let e = g
        .legality(
            &d,
            0,
            &Step::Remove {
                area: ar(&d, "Bindle"),
                kind: Kind::Cavalry,
            },
        )
        .unwrap_err()
        .to_string();
    assert!(e.contains("have no cavalry in Bindle"), "{e}");
    let a = play_now(&mut g, &d, "remove Bindle infantry");
    assert!(a
        .events
        .iter()
        .any(|e| e.text == "Stacking: the Pelorians lose one infantry in Bindle."));
    assert_ne!(g.phase, Phase::Stacking { cycle: 1 });
    assert_eq!(cnt(&g, &d, "Pelorians", "Bindle"), 4);
}

// PEL-INV-1
#[test]
fn pel_move_9_no_stacking_limit_in_invasion_turns() {
    let d = data();
    let mut g = blank(&d, 3, "Praxians");
    put(&mut g, &d, "Praxians", "Lenshi", Kind::Cavalry, 4);
    put(&mut g, &d, "Praxians", "Saird", Kind::Cavalry, 4);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "done");
    assert_eq!(g.on_board(nat(&d, "Praxians")), 8);
    // And a second movement phase follows.
    assert_eq!(g.phase, Phase::Move { cycle: 2 });
}

// ==== Overruns ====

// PEL-BRIT-6
#[test]
fn pel_ovr_1_entering_an_enemy_area_stops() {
    let d = data();
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Pelorians", "Lenshi", Kind::Infantry, 1);
    put(&mut g, &d, "Hirenmador", "Naveria", Kind::Cavalry, 1);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "move Lenshi Naveria infantry");
    rejected_now(&mut g, &d, "move Naveria Dikoria infantry");
}

#[test]
fn pel_ovr_2_digijelm_and_dragons_need_not_stop() {
    let d = data();
    let mut g = blank(&d, 6, "Digijelm");
    put(&mut g, &d, "Digijelm", "Lenshi", Kind::Infantry, 1);
    put(&mut g, &d, "Hirenmador", "Naveria", Kind::Cavalry, 3);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "move Lenshi Naveria infantry");
    play_now(&mut g, &d, "move Naveria Dikoria infantry");
    let mut g = blank(&d, 11, "YOUF");
    put(&mut g, &d, "YOUF", "Lenshi", Kind::Dragon, 1);
    put(&mut g, &d, "Hirenmador", "Naveria", Kind::Cavalry, 3);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "move Lenshi Naveria dragon");
    play_now(&mut g, &d, "move Naveria Dikoria dragon");
}

// PEL-BRIT-7
#[test]
fn pel_ovr_3_units_beyond_the_defenders_may_move_through() {
    let d = data();
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Pelorians", "Lenshi", Kind::Infantry, 3);
    put(&mut g, &d, "Hirenmador", "Naveria", Kind::Cavalry, 2);
    fresh(&mut g, &d);
    let first = said(&play_now(&mut g, &d, "move Lenshi Naveria infantry"), " ");
    assert!(first.contains("Naveria and stops."), "{first}");
    play_now(&mut g, &d, "move Lenshi Naveria infantry");
    // Two stay to fight the two defenders: the third goes on, and the log says it may.
    let third = said(&play_now(&mut g, &d, "move Lenshi Naveria infantry"), " ");
    assert!(third.contains("Naveria and may overrun."), "{third}");
    play_now(&mut g, &d, "move Naveria Dikoria infantry");
    rejected_now(&mut g, &d, "move Naveria Dikoria infantry");
}

// PEL-OVR-3: a unit with no move left after entering stays, and the log does not offer it
// an overrun it cannot make.
#[test]
fn pel_ovr_3_a_unit_out_of_moves_is_not_said_to_overrun() {
    let d = data();
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Pelorians", "Lenshi", Kind::Infantry, 3);
    put(&mut g, &d, "Hirenmador", "Naveria", Kind::Cavalry, 1);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "move Lenshi Naveria infantry");
    // The second spends its last move on the way in.
    for u in g
        .units
        .iter_mut()
        .filter(|u| u.area as usize == ar(&d, "Lenshi"))
    {
        u.left = 1;
    }
    let line = said(&play_now(&mut g, &d, "move Lenshi Naveria infantry"), " ");
    assert!(line.contains("from Lenshi to Naveria."), "{line}");
    assert!(!line.contains("overrun"), "{line}");
}

// PEL-BAT-10 reading: the five-attacker cap is on attacks; any number of units may move into
// an area no enemy holds (stacking is checked after movement).
#[test]
fn pel_bat_10_the_attacker_cap_does_not_limit_moves_into_an_empty_area() {
    let d = data();
    let mut g = blank(&d, 2, "Pelorians");
    put(
        &mut g,
        &d,
        "Pelorians",
        "Lenshi",
        Kind::Infantry,
        super::rules::MAX_ATTACKERS + 1,
    );
    fresh(&mut g, &d);
    for _ in 0..=super::rules::MAX_ATTACKERS {
        play_now(&mut g, &d, "move Lenshi Naveria infantry");
    }
    assert_eq!(
        cnt(&g, &d, "Pelorians", "Naveria"),
        super::rules::MAX_ATTACKERS + 1
    );
}

#[test]
fn pel_ovr_4_cavalry_need_only_equal_the_defenders() {
    let d = data();
    let mut g = blank(&d, 2, "Hyalorings");
    put(&mut g, &d, "Hyalorings", "Lenshi", Kind::Cavalry, 2);
    put(&mut g, &d, "Pelorians", "Naveria", Kind::Infantry, 2);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "move Lenshi Naveria cavalry");
    play_now(&mut g, &d, "move Lenshi Naveria cavalry");
    play_now(&mut g, &d, "move Naveria Dikoria cavalry");
    // Infantry in the same position stop.
    let mut g = blank(&d, 2, "Theyalans");
    put(&mut g, &d, "Theyalans", "Lenshi", Kind::Infantry, 2);
    put(&mut g, &d, "Pelorians", "Naveria", Kind::Infantry, 2);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "move Lenshi Naveria infantry");
    play_now(&mut g, &d, "move Lenshi Naveria infantry");
    rejected_now(&mut g, &d, "move Naveria Dikoria infantry");
}

// PEL-OVR-6
#[test]
fn pel_ovr_5_forests_are_never_overrun() {
    let d = data();
    let mut g = blank(&d, 5, "Pelorians");
    put(&mut g, &d, "Pelorians", "Lenshi", Kind::Infantry, 3);
    put(&mut g, &d, "Aldryami", "Naveria", Kind::Forest, 1);
    fresh(&mut g, &d);
    for _ in 0..3 {
        play_now(&mut g, &d, "move Lenshi Naveria infantry");
    }
    rejected_now(&mut g, &d, "move Naveria Dikoria infantry");
    // Reading: permanent forest areas count as forests too.
    assert!(g.forest_in(&d, ar(&d, "Erigia")));
}

// ==== Stacking ====

// PEL-STACK-1, PEL-STACK-3, PEL-STACK-4, PEL-STACK-5
#[test]
fn pel_stack_2_limits_by_terrain() {
    let d = data();
    let lim = |a: &str| d.terrain(ar(&d, a)).stack_limit();
    assert_eq!(lim("Bindle"), 2);
    assert_eq!(lim("Lenshi"), 3);
    assert_eq!(lim("Dikoria"), 4);
    for t in ["Henjarl", "Vonlath", "Esvuthil"] {
        assert_eq!(lim(t), 5);
    }
    // The limits bite at the end of movement: two areas over, one is cut back.
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Pelorians", "Bindle", Kind::Infantry, 3);
    put(&mut g, &d, "Pelorians", "Henjarl", Kind::Infantry, 6);
    put(&mut g, &d, "Pelorians", "Dikoria", Kind::Infantry, 4);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "done");
    assert_eq!(g.phase, Phase::Stacking { cycle: 1 });
    play_now(&mut g, &d, "remove Henjarl infantry");
    let n = nat(&d, "Pelorians");
    assert_eq!(g.count(n, ar(&d, "Dikoria")), 4);
    assert_eq!(
        g.count(n, ar(&d, "Bindle")) + g.count(n, ar(&d, "Henjarl")),
        8
    );
}

// PEL-STACK-7
#[test]
fn pel_stack_6_one_forest_counter_per_area_and_not_in_forest_or_mountain() {
    let d = data();
    let mut g = blank(&d, 5, "Aldryami");
    put(&mut g, &d, "Aldryami", "Lenshi", Kind::Forest, 1);
    put(&mut g, &d, "Aldryami", "Lenshi", Kind::Infantry, 1);
    put(&mut g, &d, "Aldryami", "Erigia", Kind::Infantry, 1);
    put(&mut g, &d, "Aldryami", "Naveria", Kind::Infantry, 1);
    g.phase = Phase::Place { left: 1 };
    assert!(rejected_now(&mut g, &d, "place Lenshi forest").contains("already"));
    assert!(rejected_now(&mut g, &d, "place Erigia forest").contains("forest counter"));
    play_now(&mut g, &d, "place Naveria forest");
}

// PEL-STACK-9, PEL-BRIT-9
#[test]
fn pel_stack_8_one_overstack_any_number_in_open_four_in_rough() {
    let d = data();
    let mut g = blank(&d, 2, "Pelorians");
    let n = nat(&d, "Pelorians");
    put(&mut g, &d, "Pelorians", "Lenshi", Kind::Infantry, 7);
    assert!(g.fits(&d, n, ar(&d, "Lenshi"), None), "open: any number");
    put(&mut g, &d, "Pelorians", "Bindle", Kind::Infantry, 2);
    assert!(!g.fits(&d, n, ar(&d, "Bindle"), None), "a second overstack");
    g.units.retain(|u| u.area as usize != ar(&d, "Lenshi"));
    put(&mut g, &d, "Pelorians", "Bindle", Kind::Infantry, 1);
    assert!(
        g.fits(&d, n, ar(&d, "Bindle"), None),
        "rough overstack up to 4"
    );
    put(&mut g, &d, "Pelorians", "Bindle", Kind::Infantry, 1);
    assert!(!g.fits(&d, n, ar(&d, "Bindle"), None), "not 5 in rough");
}

// PEL-BRIT-8
#[test]
fn pel_brit_8_stacking_counts_one_nations_units() {
    let d = data();
    let mut g = blank(&d, 2, "Pelorians");
    let n = nat(&d, "Pelorians");
    put(&mut g, &d, "Pelorians", "Lenshi", Kind::Infantry, 2);
    put(&mut g, &d, "Hirenmador", "Lenshi", Kind::Cavalry, 3);
    put(&mut g, &d, "Pelorians", "Saird", Kind::Infantry, 4);
    assert!(g.fits(&d, n, ar(&d, "Lenshi"), None));
}

// ==== Battles ====

// PEL-BRIT-10
#[test]
fn pel_bat_1_two_nations_in_one_land_area_after_movement_fight() {
    let d = data();
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Pelorians", "Lenshi", Kind::Infantry, 1);
    put(&mut g, &d, "Hirenmador", "Naveria", Kind::Cavalry, 1);
    fresh(&mut g, &d);
    // No battle during movement.
    assert!(g.legality(&d, 0, &Step::Battle(ar(&d, "Naveria"))).is_err());
    // With nothing left to move, movement ends by itself.
    play_now(&mut g, &d, "move Lenshi Naveria infantry");
    assert_eq!(g.phase, Phase::Battle { cycle: 1 });
    assert_eq!(g.legal_steps(&d, 0), vec![Step::Battle(ar(&d, "Naveria"))]);
    let a = play_now(&mut g, &d, "battle Naveria");
    assert!(a.irreversible, "dice were rolled");
    assert!(a
        .events
        .iter()
        .any(|e| e.text == "Battle in Naveria: Pelorians attack the Hirenmador."));
    assert!(a
        .events
        .iter()
        .any(|e| e.text.contains("Naveria round 1: Pelorians roll")));
}

// PEL-BRIT-11, PEL-BAT-3
#[test]
fn pel_bat_2_dice_per_unit_alkoth_two_dragons_four_the_bat_six() {
    let d = data();
    let cases = [
        ("Alkoth", Kind::Infantry, 2, 4),
        ("YOUF", Kind::Dragon, 1, 4),
        ("Pelorians", Kind::Bat, 1, 6),
        ("Theyalans", Kind::Infantry, 3, 3),
    ];
    for (who, kind, n, dice) in cases {
        let mut g = blank(&d, 15, who);
        put(&mut g, &d, who, "Naveria", kind, n);
        put(&mut g, &d, "Hyalorings", "Naveria", Kind::Infantry, 2);
        battle(&mut g, &d, "Naveria", "Hyalorings", 0, Stage::Roll, vec![]);
        let ev = advance(&mut g, &d);
        let line = ev
            .iter()
            .find(|l| l.contains("round 1:"))
            .expect("a round was rolled");
        assert_eq!(dice_of(line, who), dice, "{who}: {line}");
        // Both sides roll in the same round, at once.
        assert_eq!(dice_of(line, "Hyalorings"), 2, "{line}");
    }
}

#[test]
fn pel_bat_4_a_battle_goes_on_until_one_side_is_gone() {
    let d = data();
    for seed in 0..20 {
        let mut g = blank(&d, 2, "Theyalans");
        g.rng = GameRng::new(seed);
        put(&mut g, &d, "Theyalans", "Naveria", Kind::Infantry, 3);
        put(&mut g, &d, "Hirenmador", "Naveria", Kind::Cavalry, 2);
        battle(&mut g, &d, "Naveria", "Hirenmador", 0, Stage::Roll, vec![]);
        let mut ev = advance(&mut g, &d);
        while g.battle.is_some() {
            let s = first_acting(&g);
            let st = g.default_step(&d, s).unwrap();
            ev.extend(
                g.apply(&d, s, &st)
                    .unwrap()
                    .events
                    .into_iter()
                    .map(|e| e.text),
            );
        }
        let (t, h) = (
            cnt(&g, &d, "Theyalans", "Naveria"),
            cnt(&g, &d, "Hirenmador", "Naveria"),
        );
        assert!(t == 0 || h == 0, "seed {seed}: {t} v {h}");
        assert!(ev.iter().any(|l| l.contains("Battle in Naveria over")));
    }
}

/// The results in a battle log line that reach `need`, for `nation` (the value after any
/// modifier: `6-1=5` counts as 5).
fn results_reaching(line: &str, nation: &str, need: u32) -> usize {
    rolls_of(line, nation)
        .iter()
        .filter(|r| {
            r.rsplit('=')
                .next()
                .and_then(|v| v.parse::<u32>().ok())
                .is_some_and(|v| v >= need)
        })
        .count()
}

/// One side of a test battle: nation, kind, units, and the result that kills one of them
/// in round 1.
struct Side(&'static str, Kind, usize, u32);

/// PEL-BAT-3: fights round 1 of `att` against `def` in `area` over many seeds and checks
/// that each side loses as many units as the other side's results kill (at most all of
/// them), whichever side's results are dealt first. Returns how many seeds wiped out both
/// sides in round 1; each of those must leave the area empty (PEL-BAT-4).
fn both_sides_lose_to_the_same_round(area: &str, att: Side, def: Side) -> usize {
    let d = data();
    let mut both_gone = 0;
    for seed in 0..300 {
        let mut g = blank(&d, 2, att.0);
        g.rng = GameRng::new(seed);
        put(&mut g, &d, att.0, area, att.1, att.2);
        put(&mut g, &d, def.0, area, def.1, def.2);
        battle(&mut g, &d, area, def.0, 0, Stage::Roll, vec![]);
        let ev = advance(&mut g, &d);
        let first = ev
            .iter()
            .position(|l| l.contains(&format!("{area} round 1:")))
            .expect("round 1 was rolled");
        let end = ev
            .iter()
            .position(|l| l.contains(&format!("{area} round 2:")))
            .unwrap_or(ev.len());
        let line = &ev[first];
        let deaths = |who: &str| {
            ev[first..end]
                .iter()
                .filter(|l| {
                    let a = crate::engine::words::article(who);
                    l.starts_with(&format!("{}{} {who} ", a[..1].to_uppercase(), &a[1..]))
                        && l.contains(" dies in ")
                })
                .count()
        };
        let att_lost = results_reaching(line, def.0, att.3).min(att.2);
        let def_lost = results_reaching(line, att.0, def.3).min(def.2);
        assert_eq!(deaths(att.0), att_lost, "seed {seed}: {line} {ev:?}");
        assert_eq!(deaths(def.0), def_lost, "seed {seed}: {line} {ev:?}");
        if att_lost == att.2 && def_lost == def.2 {
            both_gone += 1;
            assert_eq!(cnt(&g, &d, att.0, area) + cnt(&g, &d, def.0, area), 0);
            assert!(
                ev.contains(&format!("Battle in {area} over: {area} is empty.")),
                "seed {seed}: {ev:?}"
            );
        }
    }
    both_gone
}

// PEL-BAT-4, PEL-BRIT-11
#[test]
fn pel_bat_3_both_sides_hits_count_when_the_last_defenders_die_in_open_terrain() {
    let wiped = both_sides_lose_to_the_same_round(
        "Naveria",
        Side("Theyalans", Kind::Infantry, 1, 5),
        Side("Veshtargos", Kind::Infantry, 1, 5),
    );
    assert!(wiped > 0, "some seed killed both last units");
}

// PEL-BAT-4, PEL-BAT-7, PEL-BRIT-11
#[test]
fn pel_bat_3_both_sides_hits_count_when_the_last_defenders_die_in_rough_terrain() {
    let wiped = both_sides_lose_to_the_same_round(
        "Bindle",
        Side("Theyalans", Kind::Infantry, 1, 5),
        Side("Veshtargos", Kind::Infantry, 1, 5),
    );
    assert!(wiped > 0, "some seed killed both sides' last units");
}

// PEL-BAT-4, PEL-BAT-8, PEL-BAT-9, PEL-BRIT-11
#[test]
fn pel_bat_3_both_sides_hits_count_when_cavalry_fight_cavalry() {
    // Round 1 in the open: the attacking cavalry add 2, the defending cavalry die only to
    // a 6 or more.
    let wiped = both_sides_lose_to_the_same_round(
        "Naveria",
        Side("Hirenmador", Kind::Cavalry, 1, 5),
        Side("Hyalorings", Kind::Cavalry, 1, 6),
    );
    assert!(wiped > 0, "some seed killed both last units");
}

// PEL-BAT-2, PEL-BAT-4, PEL-BRIT-11
#[test]
fn pel_bat_3_both_sides_hits_count_when_alkoth_roll_two_dice_a_unit() {
    // One Alkoth unit with its two dice against two Pelorians (−1 on every die).
    let wiped = both_sides_lose_to_the_same_round(
        "Vanch",
        Side("Alkoth", Kind::Infantry, 1, 5),
        Side("Pelorians", Kind::Infantry, 2, 5),
    );
    assert!(wiped > 0, "some seed killed both sides' last units");
}

// PEL-BRIT-11, PEL-BAT-11
#[test]
fn pel_bat_5_the_owner_of_a_mixed_army_chooses_which_unit_each_result_kills() {
    let d = data();
    let mut g = blank(&d, 6, "Barbarians");
    put(&mut g, &d, "Barbarians", "Naveria", Kind::Infantry, 2);
    put(&mut g, &d, "Soldiers", "Naveria", Kind::Infantry, 1);
    put(&mut g, &d, "Soldiers", "Naveria", Kind::Cavalry, 1);
    let so = nat(&d, "Soldiers");
    battle(
        &mut g,
        &d,
        "Naveria",
        "Soldiers",
        2,
        Stage::Hits,
        vec![(so, 5)],
    );
    advance(&mut g, &d);
    let owner = d.nations[so].player;
    assert_eq!(
        g.status().acting(),
        &[owner],
        "the Soldiers' player decides"
    );
    assert_eq!(
        g.legal_steps(&d, owner),
        vec![Step::Hit(Kind::Infantry), Step::Hit(Kind::Cavalry)]
    );
    play_now(&mut g, &d, "hit cavalry");
    assert_eq!(g.count_kind(so, ar(&d, "Naveria"), Kind::Cavalry), 0);
    assert_eq!(g.count_kind(so, ar(&d, "Naveria"), Kind::Infantry), 1);
    // Round 1 in open terrain, a 5 cannot kill defending cavalry: no choice is asked.
    let mut g = blank(&d, 6, "Barbarians");
    put(&mut g, &d, "Barbarians", "Naveria", Kind::Infantry, 2);
    put(&mut g, &d, "Soldiers", "Naveria", Kind::Infantry, 1);
    put(&mut g, &d, "Soldiers", "Naveria", Kind::Cavalry, 1);
    battle(
        &mut g,
        &d,
        "Naveria",
        "Soldiers",
        1,
        Stage::Hits,
        vec![(so, 5)],
    );
    advance(&mut g, &d);
    assert_eq!(
        g.count_kind(so, ar(&d, "Naveria"), Kind::Infantry),
        0,
        "the 5 killed the infantry"
    );
}

#[test]
fn pel_bat_6_a_five_or_more_kills() {
    let d = data();
    let mut g = blank(&d, 2, "Theyalans");
    put(&mut g, &d, "Hirenmador", "Bindle", Kind::Infantry, 1);
    battle(&mut g, &d, "Bindle", "Hirenmador", 2, Stage::Hits, vec![]);
    let b = g.battle.clone().unwrap();
    let h = nat(&d, "Hirenmador");
    assert!(g.hit_options(&d, &b, h, 4).is_empty());
    assert_eq!(g.hit_options(&d, &b, h, 5), vec![Kind::Infantry]);
}

/// The phase is named on the board and in a refusal of a step from another phase.
#[test]
fn the_phase_is_named_in_the_view_and_in_refusals() {
    let d = data();
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Pelorians", "Lenshi", Kind::Infantry, 1);
    fresh(&mut g, &d);
    assert_eq!(view::build(&g, &d, Viewer::Spectator).phase, "movement");
    let e = g
        .legality(
            &d,
            0,
            &Step::Remove {
                area: ar(&d, "Lenshi"),
                kind: Kind::Infantry,
            },
        )
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("the Pelorians are in their movement phase"),
        "{e}"
    );
    g.phase = Phase::Overpop;
    assert_eq!(
        view::build(&g, &d, Viewer::Spectator).phase,
        "overpopulation"
    );
}

/// A Bat's victim rises as a Telmori only while the Telmori have infantry in stock.
// PEL-BAT-2, PEL-POP-4
#[test]
fn pel_bat_2_a_victim_rises_only_from_the_telmori_stock() {
    let d = data();
    let t = nat(&d, "Telmori");
    let max = d.nations[t].limits[Kind::Infantry.index()] as usize;
    for (on_board, rises) in [(max, 0), (max - 1, 1)] {
        let mut g = blank(&d, 15, "Pelorians");
        put(&mut g, &d, "Telmori", "Henjarl", Kind::Infantry, on_board);
        g.bat_kills = vec![ar(&d, "Lenshi")];
        let mut ev = Vec::new();
        g.end_turn(&d, &mut ev);
        assert_eq!(cnt(&g, &d, "Telmori", "Lenshi"), rises, "{ev:?}");
        assert_eq!(g.on_board(t), on_board + rises);
    }
}

/// From real rolls: each side's results of 5 or more, and only those, kill a unit of the
/// other side (infantry against infantry in the open, no modifiers).
// PEL-BAT-6
#[test]
fn pel_bat_6_only_the_rolls_of_five_or_more_kill() {
    let d = data();
    let mut seen_miss = [false; 2];
    for seed in 1..=6 {
        let mut g = blank(&d, 2, "Theyalans");
        g.rng = crate::engine::GameRng::new(seed);
        // Five attackers, the most that may attack (PEL-BAT-10).
        put(&mut g, &d, "Theyalans", "Lenshi", Kind::Infantry, 5);
        put(&mut g, &d, "Hirenmador", "Lenshi", Kind::Infantry, 6);
        battle(&mut g, &d, "Lenshi", "Hirenmador", 0, Stage::Roll, vec![]);
        let ev = advance(&mut g, &d);
        let line = ev
            .iter()
            .find(|l| l.starts_with("Lenshi round 1: "))
            .unwrap_or_else(|| panic!("{ev:?}"));
        let kills = |nation: &str, dice: usize| -> usize {
            let faces: Vec<u8> = rolls_of(line, nation)
                .iter()
                .map(|w| w.parse().unwrap())
                .collect();
            assert_eq!(faces.len(), dice, "{line}");
            faces.iter().filter(|&&f| f >= 5).count()
        };
        let (by_att, by_def) = (kills("Theyalans", 5), kills("Hirenmador", 6));
        seen_miss[0] |= by_att < 5;
        seen_miss[1] |= by_def < 5;
        assert_eq!(cnt(&g, &d, "Hirenmador", "Lenshi"), 6 - by_att, "{ev:?}");
        assert_eq!(
            cnt(&g, &d, "Theyalans", "Lenshi"),
            5usize.saturating_sub(by_def),
            "{ev:?}"
        );
    }
    assert_eq!(seen_miss, [true, true]);
}

#[test]
fn pel_bat_7_attackers_in_rough_take_minus_one_in_round_one() {
    let d = data();
    let mut g = blank(&d, 2, "Theyalans");
    battle(&mut g, &d, "Bindle", "Hirenmador", 1, Stage::Hits, vec![]);
    let mut b = g.battle.clone().unwrap();
    let (t, h) = (nat(&d, "Theyalans"), nat(&d, "Hirenmador"));
    assert_eq!(g.modifier(&d, &b, t, Kind::Infantry), -1);
    assert_eq!(
        g.modifier(&d, &b, h, Kind::Infantry),
        0,
        "defenders are not hampered"
    );
    b.round = 2;
    assert_eq!(g.modifier(&d, &b, t, Kind::Infantry), 0);
    b.round = 1;
    b.area = ar(&d, "Lenshi");
    assert_eq!(g.modifier(&d, &b, t, Kind::Infantry), 0);
}

/// The battle log shows a modified die as `face±modifier=result` and a plain one as its
/// face: the Theyalans attack into rough (-1 in round 1), the Hirenmador defend unmodified.
// PEL-BAT-7
#[test]
fn pel_bat_7_the_roll_shows_each_modified_die_with_its_modifier() {
    let d = data();
    let mut g = blank(&d, 2, "Theyalans");
    put(&mut g, &d, "Theyalans", "Bindle", Kind::Infantry, 3);
    put(&mut g, &d, "Hirenmador", "Bindle", Kind::Infantry, 3);
    battle(&mut g, &d, "Bindle", "Hirenmador", 0, Stage::Roll, vec![]);
    let ev = advance(&mut g, &d);
    let line = ev
        .iter()
        .find(|l| l.starts_with("Bindle round 1: "))
        .unwrap_or_else(|| panic!("{ev:?}"));
    let att = rolls_of(line, "Theyalans");
    assert_eq!(att.len(), 3, "{line}");
    for w in &att {
        let face: i32 = w[..1].parse().unwrap();
        assert_eq!(*w, format!("{face}-1={}", (face - 1).max(0)), "{line}");
    }
    let def = rolls_of(line, "Hirenmador");
    assert_eq!(def.len(), 3, "{line}");
    assert!(def.iter().all(|w| w.len() == 1), "{line}");
}

/// A hit rolled by the Bat is the Bat's: in round 15 each unit the Bat kills is noted to
/// rise as a Telmori, from a real roll (not a hand-made battle).
// PEL-BAT-2
#[test]
fn pel_bat_2_the_bats_own_rolls_mark_its_kills() {
    let d = data();
    let mut total = 0;
    for seed in 1..=8 {
        let mut g = blank(&d, 15, "Pelorians");
        g.rng = crate::engine::GameRng::new(seed);
        put(&mut g, &d, "Pelorians", "Lenshi", Kind::Bat, 1);
        put(&mut g, &d, "Hyalorings", "Lenshi", Kind::Infantry, 3);
        battle(&mut g, &d, "Lenshi", "Hyalorings", 0, Stage::Roll, vec![]);
        let ev = advance(&mut g, &d);
        let killed = 3 - cnt(&g, &d, "Hyalorings", "Lenshi");
        // The victims rise when the turn ends; until then each is noted where it fell.
        let risen = ev
            .iter()
            .filter(|e| e.starts_with("The Bat's victim in Lenshi rises"))
            .count();
        assert!(g.bat_kills.iter().all(|&a| a == ar(&d, "Lenshi")));
        assert_eq!(risen + g.bat_kills.len(), killed, "{ev:?}");
        total += killed;
    }
    assert!(total > 0, "the seeds give the Bat kills");
}

#[test]
fn pel_bat_8_attacking_cavalry_add_two_in_round_one() {
    let d = data();
    let mut g = blank(&d, 2, "Hirenmador");
    battle(&mut g, &d, "Lenshi", "Pelorians", 1, Stage::Hits, vec![]);
    let mut b = g.battle.clone().unwrap();
    let (h, p) = (nat(&d, "Hirenmador"), nat(&d, "Pelorians"));
    assert_eq!(g.modifier(&d, &b, h, Kind::Cavalry), 2);
    assert_eq!(g.modifier(&d, &b, h, Kind::Infantry), 0);
    assert_eq!(
        g.modifier(&d, &b, p, Kind::Infantry),
        -1,
        "Pelorians −1 on every die"
    );
    b.round = 2;
    assert_eq!(g.modifier(&d, &b, h, Kind::Cavalry), 0);
}

#[test]
fn pel_bat_9_defending_cavalry_in_open_die_only_on_six_in_round_one() {
    let d = data();
    let mut g = blank(&d, 2, "Theyalans");
    put(&mut g, &d, "Hirenmador", "Lenshi", Kind::Cavalry, 1);
    put(&mut g, &d, "Hirenmador", "Bindle", Kind::Cavalry, 1);
    put(&mut g, &d, "Theyalans", "Lenshi", Kind::Cavalry, 1);
    let h = nat(&d, "Hirenmador");
    battle(&mut g, &d, "Lenshi", "Hirenmador", 1, Stage::Hits, vec![]);
    let mut b = g.battle.clone().unwrap();
    assert!(g.hit_options(&d, &b, h, 5).is_empty());
    assert_eq!(g.hit_options(&d, &b, h, 6), vec![Kind::Cavalry]);
    // Attacking cavalry are not protected.
    assert_eq!(
        g.hit_options(&d, &b, nat(&d, "Theyalans"), 5),
        vec![Kind::Cavalry]
    );
    b.round = 2;
    assert_eq!(g.hit_options(&d, &b, h, 5), vec![Kind::Cavalry]);
    b.round = 1;
    b.area = ar(&d, "Bindle");
    assert_eq!(
        g.hit_options(&d, &b, h, 5),
        vec![Kind::Cavalry],
        "not in rough terrain"
    );
}

#[test]
fn pel_bat_10_at_most_five_units_attack_in_one_area() {
    let d = data();
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Pelorians", "Lenshi", Kind::Infantry, 6);
    put(&mut g, &d, "Hirenmador", "Naveria", Kind::Cavalry, 1);
    fresh(&mut g, &d);
    for _ in 0..5 {
        play_now(&mut g, &d, "move Lenshi Naveria infantry");
    }
    assert!(rejected_now(&mut g, &d, "move Lenshi Naveria infantry").contains("at most 5"));
}

// Reading: the 6 needed is the modified result (raw 4 + 2 for attacking cavalry kills
// defending cavalry; a Pelorian raw 6 − 1 does not).
#[test]
fn pel_bat_11_the_six_against_defending_cavalry_is_the_modified_result() {
    let d = data();
    let mut g = blank(&d, 2, "Hyalorings");
    put(&mut g, &d, "Hirenmador", "Lenshi", Kind::Cavalry, 1);
    battle(&mut g, &d, "Lenshi", "Hirenmador", 1, Stage::Hits, vec![]);
    let b = g.battle.clone().unwrap();
    let m = g.modifier(&d, &b, nat(&d, "Hyalorings"), Kind::Cavalry);
    assert_eq!(
        g.hit_options(&d, &b, nat(&d, "Hirenmador"), (4 + m) as u8),
        vec![Kind::Cavalry]
    );
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Hirenmador", "Lenshi", Kind::Cavalry, 1);
    battle(&mut g, &d, "Lenshi", "Hirenmador", 1, Stage::Hits, vec![]);
    let b = g.battle.clone().unwrap();
    let m = g.modifier(&d, &b, nat(&d, "Pelorians"), Kind::Infantry);
    assert!(g
        .hit_options(&d, &b, nat(&d, "Hirenmador"), (6 + m) as u8)
        .is_empty());
}

// PEL-BRIT-19
#[test]
fn pel_brit_19_kill_vp_are_scored_when_the_unit_dies() {
    let d = data();
    let mut g = blank(&d, 6, "Hirenmador");
    put(&mut g, &d, "Hirenmador", "Naveria", Kind::Cavalry, 1);
    put(&mut g, &d, "Soldiers", "Naveria", Kind::Infantry, 2);
    let so = nat(&d, "Soldiers");
    battle(
        &mut g,
        &d,
        "Naveria",
        "Soldiers",
        2,
        Stage::Hits,
        vec![(so, 6), (nat(&d, "Hirenmador"), 6)],
    );
    let ev = advance(&mut g, &d);
    assert_eq!(
        g.vp[nat(&d, "Hirenmador")],
        1,
        "1 VP per Soldiers (Warlords) unit killed"
    );
    // The log names the award, and only when there is one.
    assert!(
        ev.contains(&"A Soldiers infantry dies in Naveria (+1 VP to the Hirenmador).".into()),
        "{ev:?}"
    );
    assert!(
        ev.contains(&"A Hirenmador cavalry dies in Naveria.".into()),
        "{ev:?}"
    );
    // The attacker is gone: the defender holds the area (PEL-BAT-4).
    assert!(
        ev.contains(&"Battle in Naveria over: the Soldiers hold Naveria.".into()),
        "{ev:?}"
    );
    // Capture VP once, when the area is held alone.
    let mut g = blank(&d, 2, "Hyalorings");
    put(&mut g, &d, "Hyalorings", "Naveria", Kind::Cavalry, 1);
    let mut ev = Vec::new();
    g.check_captures(&d, nat(&d, "Hyalorings"), &mut ev);
    g.check_captures(&d, nat(&d, "Hyalorings"), &mut ev);
    assert_eq!(g.vp[nat(&d, "Hyalorings")], 2);
}

// PEL-BRIT-12
#[test]
fn pel_brit_12_the_nation_left_alone_holds_the_area() {
    let d = data();
    let mut g = blank(&d, 2, "Theyalans");
    put(&mut g, &d, "Theyalans", "Naveria", Kind::Infantry, 2);
    put(&mut g, &d, "Hirenmador", "Naveria", Kind::Cavalry, 1);
    let h = nat(&d, "Hirenmador");
    battle(
        &mut g,
        &d,
        "Naveria",
        "Hirenmador",
        2,
        Stage::Hits,
        vec![(h, 6)],
    );
    let ev = advance(&mut g, &d);
    assert!(g.battle.is_none());
    assert!(g
        .held(&d, nat(&d, "Theyalans"))
        .contains(&ar(&d, "Naveria")));
    assert!(
        ev.iter().any(|l| l.contains("the Theyalans hold Naveria")),
        "{ev:?}"
    );
}

// ==== Retreats ====

// PEL-BRIT-13
#[test]
fn pel_ret_1_after_a_round_the_defender_then_the_attacker_may_retreat() {
    let d = data();
    let mut g = blank(&d, 2, "Theyalans");
    put(&mut g, &d, "Theyalans", "Naveria", Kind::Infantry, 2);
    put(&mut g, &d, "Pelorians", "Naveria", Kind::Infantry, 2);
    came_from(&mut g, &d, "Theyalans", "Naveria", "Lenshi");
    battle(
        &mut g,
        &d,
        "Naveria",
        "Pelorians",
        1,
        Stage::DefenderRetreat,
        vec![],
    );
    advance(&mut g, &d);
    assert_eq!(g.status().acting(), &[0], "the Pelorians' player first");
    play_now(&mut g, &d, "stay");
    assert_eq!(g.status().acting(), &[2], "then the Theyalans' player");
    play_now(&mut g, &d, "retreat Naveria Lenshi infantry");
    play_now(&mut g, &d, "retreat Naveria Lenshi infantry");
    assert!(g.battle.is_none(), "the attacker left: the battle is over");
    assert_eq!(cnt(&g, &d, "Pelorians", "Naveria"), 2);
}

// PEL-BRIT-13
#[test]
fn pel_ret_2_defenders_retreat_next_door_to_empty_or_own_areas_they_may_enter() {
    let d = data();
    let mut g = blank(&d, 2, "Theyalans");
    put(&mut g, &d, "Theyalans", "Rinliddi", Kind::Infantry, 2);
    put(&mut g, &d, "Pelorians", "Rinliddi", Kind::Infantry, 1);
    put(&mut g, &d, "Pelorians", "Henjarl", Kind::Infantry, 1);
    put(&mut g, &d, "Alkoth", "Raibanth", Kind::Infantry, 1);
    battle(
        &mut g,
        &d,
        "Rinliddi",
        "Pelorians",
        1,
        Stage::DefenderRetreat,
        vec![],
    );
    advance(&mut g, &d);
    let steps = g.legal_steps(&d, 0);
    let to = |a: &str| Step::Retreat {
        from: ar(&d, "Rinliddi"),
        to: ar(&d, a),
        kind: Kind::Infantry,
    };
    assert!(steps.contains(&to("Kestinlands")), "empty");
    assert!(steps.contains(&to("Henjarl")), "own");
    assert!(!steps.contains(&to("Raibanth")), "held by others");
    assert!(
        !steps.contains(&to("Oronin")),
        "a mountain Pelorians may not enter"
    );
    assert!(!steps.contains(&to("White-Sea")));
    assert!(!steps.contains(&to("Lenshi")), "not next door");
}

#[test]
fn pel_ret_3_attackers_retreat_only_to_where_they_came_from() {
    let d = data();
    let mut g = blank(&d, 2, "Theyalans");
    put(&mut g, &d, "Theyalans", "Naveria", Kind::Infantry, 2);
    put(&mut g, &d, "Pelorians", "Naveria", Kind::Infantry, 1);
    came_from(&mut g, &d, "Theyalans", "Naveria", "Saird");
    battle(
        &mut g,
        &d,
        "Naveria",
        "Pelorians",
        1,
        Stage::AttackerRetreat,
        vec![],
    );
    advance(&mut g, &d);
    assert_eq!(
        g.legal_steps(&d, 2),
        vec![
            Step::Retreat {
                from: ar(&d, "Naveria"),
                to: ar(&d, "Saird"),
                kind: Kind::Infantry
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
    let mut g = blank(&d, 2, "Theyalans");
    put(&mut g, &d, "Theyalans", "Naveria", Kind::Infantry, 2);
    put(&mut g, &d, "Pelorians", "Naveria", Kind::Infantry, 1);
    came_from(&mut g, &d, "Theyalans", "Naveria", "Saird");
    battle(
        &mut g,
        &d,
        "Naveria",
        "Pelorians",
        1,
        Stage::AttackerRetreat,
        vec![],
    );
    advance(&mut g, &d);
    let want = Step::Retreat {
        from: ar(&d, "Naveria"),
        to: ar(&d, "Saird"),
        kind: Kind::Infantry,
    };
    for text in [
        "retreat Naveria Saird",
        "retreat nav sai",
        "retreat Naveria Saird infantry",
    ] {
        assert_eq!(g.parse_step(&d, 2, text), Ok(want.clone()), "{text}");
    }
    // Cavalry there too: the kind must be said.
    put(&mut g, &d, "Theyalans", "Naveria", Kind::Cavalry, 1);
    came_from(&mut g, &d, "Theyalans", "Naveria", "Saird");
    let e = g
        .parse_step(&d, 2, "retreat Naveria Saird")
        .unwrap_err()
        .to_string();
    assert!(e.contains("retreat Naveria Saird cavalry"), "{e}");
    assert!(e.contains("retreat Naveria Saird infantry"), "{e}");
    assert_eq!(
        g.parse_step(&d, 2, "retreat Naveria Saird infantry"),
        Ok(want)
    );
}

// PEL-STACK-1
#[test]
fn pel_ret_4_stacking_limits_apply_to_retreats() {
    let d = data();
    let mut g = blank(&d, 2, "Theyalans");
    put(&mut g, &d, "Theyalans", "Naveria", Kind::Infantry, 2);
    put(&mut g, &d, "Pelorians", "Naveria", Kind::Infantry, 1);
    put(&mut g, &d, "Pelorians", "Bindle", Kind::Infantry, 2);
    put(&mut g, &d, "Pelorians", "Lenshi", Kind::Infantry, 4);
    battle(
        &mut g,
        &d,
        "Naveria",
        "Pelorians",
        1,
        Stage::DefenderRetreat,
        vec![],
    );
    advance(&mut g, &d);
    let steps = g.legal_steps(&d, 0);
    let to = |a: &str| Step::Retreat {
        from: ar(&d, "Naveria"),
        to: ar(&d, a),
        kind: Kind::Infantry,
    };
    assert!(
        !steps.contains(&to("Bindle")),
        "Bindle full and Lenshi already the overstack"
    );
    assert!(steps.contains(&to("Dikoria")));
}

/// Once the units still in the battle have no legal retreat left, the retreat is over
/// without a `stay`: here Saird has room for one Pelorian and no other neighbour for any.
// PEL-RET-5, PEL-RET-4
#[test]
fn pel_ret_5_the_retreat_ends_by_itself_when_no_unit_can_go_further() {
    let d = data();
    let mut g = blank(&d, 2, "Theyalans");
    put(&mut g, &d, "Theyalans", "Naveria", Kind::Infantry, 2);
    put(&mut g, &d, "Pelorians", "Naveria", Kind::Infantry, 2);
    // The one overstack is in Darsen, away from the battle: Bindle is full, Saird has
    // room for one, Lenshi and Dikoria hold other nations.
    put(&mut g, &d, "Pelorians", "Darsen", Kind::Infantry, 5);
    put(&mut g, &d, "Pelorians", "Bindle", Kind::Infantry, 2);
    put(&mut g, &d, "Pelorians", "Saird", Kind::Infantry, 2);
    put(&mut g, &d, "Alkoth", "Lenshi", Kind::Infantry, 1);
    put(&mut g, &d, "Alkoth", "Dikoria", Kind::Infantry, 1);
    battle(
        &mut g,
        &d,
        "Naveria",
        "Pelorians",
        1,
        Stage::DefenderRetreat,
        vec![],
    );
    advance(&mut g, &d);
    let to = |a: &str| Step::Retreat {
        from: ar(&d, "Naveria"),
        to: ar(&d, a),
        kind: Kind::Infantry,
    };
    assert_eq!(g.legal_steps(&d, 0), vec![to("Saird"), Step::Stay]);
    let a = play_now(&mut g, &d, "retreat Naveria Saird infantry");
    assert_eq!(cnt(&g, &d, "Pelorians", "Saird"), 3);
    // No retreat left and none for the attackers (they came from nowhere): the next
    // round is rolled at once.
    assert!(
        a.events.iter().any(|e| e.text.contains("Naveria round 2")),
        "{:?}",
        a.events
    );
}

#[test]
fn pel_ret_5_units_with_no_legal_retreat_stay_in_the_battle() {
    let d = data();
    let mut g = blank(&d, 2, "Theyalans");
    put(&mut g, &d, "Theyalans", "Naveria", Kind::Infantry, 2);
    put(&mut g, &d, "Pelorians", "Naveria", Kind::Infantry, 1);
    for a in ["Lenshi", "Bindle", "Saird", "Dikoria"] {
        put(&mut g, &d, "Alkoth", a, Kind::Infantry, 1);
    }
    battle(
        &mut g,
        &d,
        "Naveria",
        "Pelorians",
        1,
        Stage::DefenderRetreat,
        vec![],
    );
    let ev = advance(&mut g, &d);
    // No retreat asked: the next round was rolled at once.
    assert!(ev.iter().any(|l| l.contains("Naveria round 2")), "{ev:?}");
}

#[test]
fn pel_ret_6_telmori_retreat_to_any_empty_mountain_and_must_retreat() {
    let d = data();
    let mut g = blank(&d, 6, "Theyalans");
    put(&mut g, &d, "Theyalans", "Naveria", Kind::Infantry, 2);
    put(&mut g, &d, "Telmori", "Naveria", Kind::Infantry, 1);
    put(&mut g, &d, "Alkoth", "Filichet", Kind::Infantry, 1);
    put(&mut g, &d, "Telmori", "Oronin", Kind::Infantry, 1);
    battle(
        &mut g,
        &d,
        "Naveria",
        "Telmori",
        1,
        Stage::DefenderRetreat,
        vec![],
    );
    advance(&mut g, &d);
    let steps = g.legal_steps(&d, 0);
    let to = |a: &str| Step::Retreat {
        from: ar(&d, "Naveria"),
        to: ar(&d, a),
        kind: Kind::Infantry,
    };
    assert!(steps.contains(&to("Votankiland")), "a mountain far away");
    assert!(
        !steps.contains(&to("Oronin")),
        "not a far mountain holding Telmori already"
    );
    assert!(!steps.contains(&to("Filichet")), "not an occupied mountain");
    assert!(
        steps.contains(&to("Dorastor")),
        "cursed Dorastor, from anywhere"
    );
    assert!(!steps.contains(&Step::Stay), "the Telmori must retreat");
    // And they cannot be killed.
    let b = g.battle.clone().unwrap();
    assert!(g.hit_options(&d, &b, nat(&d, "Telmori"), 6).is_empty());
}

#[test]
fn pel_ret_7_retreats_are_offered_after_every_round() {
    let d = data();
    let mut g = blank(&d, 2, "Theyalans");
    put(&mut g, &d, "Theyalans", "Naveria", Kind::Infantry, 2);
    put(&mut g, &d, "Pelorians", "Naveria", Kind::Infantry, 1);
    battle(
        &mut g,
        &d,
        "Naveria",
        "Pelorians",
        3,
        Stage::DefenderRetreat,
        vec![],
    );
    advance(&mut g, &d);
    assert_eq!(g.status().acting(), &[0]);
    assert!(g.legal_steps(&d, 0).contains(&Step::Retreat {
        from: ar(&d, "Naveria"),
        to: ar(&d, "Lenshi"),
        kind: Kind::Infantry
    }));
    // Not before the first round.
    g.battle.as_mut().unwrap().round = 0;
    assert!(g
        .legality(
            &d,
            0,
            &Step::Retreat {
                from: ar(&d, "Naveria"),
                to: ar(&d, "Lenshi"),
                kind: Kind::Infantry
            }
        )
        .is_err());
}

// ==== Overpopulation ====

// PEL-BRIT-17
#[test]
fn pel_ovp_1_armies_above_three_per_area_are_removed_by_the_owner() {
    let d = data();
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Pelorians", "Henjarl", Kind::Infantry, 5);
    put(&mut g, &d, "Pelorians", "Vonlath", Kind::Infantry, 2);
    fresh(&mut g, &d);
    let a = play_now(&mut g, &d, "done");
    assert_eq!(g.phase, Phase::Overpop);
    assert_eq!(g.overpop_excess(&d, nat(&d, "Pelorians")), 1);
    assert_eq!(first_acting(&g), 0);
    // The answer to the last step of the battles says what comes next, and who acts.
    let next = format!(
        "The Pelorians are over-populated (at most 3 armies per land area held, 2 areas): {} \
         removes 1 army (`remove <area> <kind>`).",
        names()[0]
    );
    assert!(a.events.iter().any(|e| e.text == next), "{:?}", a.events);
    play_now(&mut g, &d, "remove Vonlath infantry");
    assert!(g.round > 2, "the turn moved on");
    assert_eq!(cnt(&g, &d, "Pelorians", "Vonlath"), 1);
}

#[test]
fn pel_ovp_2_removal_never_empties_an_area() {
    let d = data();
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Pelorians", "Henjarl", Kind::Infantry, 5);
    put(&mut g, &d, "Pelorians", "Vonlath", Kind::Infantry, 1);
    put(&mut g, &d, "Pelorians", "Esvuthil", Kind::Infantry, 4);
    g.phase = Phase::Overpop;
    assert_eq!(g.overpop_excess(&d, nat(&d, "Pelorians")), 1);
    assert!(rejected_now(&mut g, &d, "remove Vonlath infantry").contains("empty"));
    // Only a kind the nation has there can go.
    let e = g
        .legality(
            &d,
            0,
            &Step::Remove {
                area: ar(&d, "Henjarl"),
                kind: Kind::Cavalry,
            },
        )
        .unwrap_err()
        .to_string();
    assert!(e.contains("have no cavalry in Henjarl"), "{e}");
    let a = play_now(&mut g, &d, "remove Henjarl infantry");
    assert!(
        a.events
            .iter()
            .any(|e| e.text == "Overpopulation: the Pelorians lose one infantry in Henjarl."),
        "{:?}",
        a.events
    );
}

// ==== Invasion turns ====

// PEL-BRIT-21
#[test]
fn pel_inv_1_invaders_move_and_fight_twice() {
    let d = data();
    let mut g = blank(&d, 3, "Praxians");
    put(&mut g, &d, "Praxians", "Lenshi", Kind::Cavalry, 1);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "done");
    assert_eq!(g.phase, Phase::Move { cycle: 2 });
    play_now(&mut g, &d, "move Lenshi Naveria cavalry");
    play_now(&mut g, &d, "done");
    assert!(g.round > 3, "only two cycles");
    // Not an invasion turn in round 4.
    let mut g = blank(&d, 4, "Praxians");
    put(&mut g, &d, "Praxians", "Lenshi", Kind::Cavalry, 1);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "done");
    assert!(
        g.round > 4 || g.turn > nat(&d, "Praxians"),
        "one cycle outside invasion turns"
    );
}

#[test]
fn pel_inv_2_rough_does_not_stop_invaders() {
    let d = data();
    let mut g = blank(&d, 9, "Carmanians");
    put(&mut g, &d, "Carmanians", "Naveria", Kind::Infantry, 1);
    put(&mut g, &d, "Carmanians", "Far-Point", Kind::Infantry, 1);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "move Naveria Bindle infantry");
    play_now(&mut g, &d, "move Bindle Hwarin infantry");
    assert_eq!(
        g.phase,
        Phase::Move { cycle: 1 },
        "still the first movement phase"
    );
}

#[test]
fn pel_inv_3_invasion_turns_are_the_late_nations_arrival_rounds() {
    let d = data();
    for (n, r) in [
        ("Praxians", 3),
        ("Telmori", 5),
        ("Soldiers", 5),
        ("Barbarians", 6),
        ("Carmanians", 9),
        ("YOUF", 10),
    ] {
        assert!(d.invasion(nat(&d, n), r), "{n}");
        assert!(!d.invasion(nat(&d, n), r + 1), "{n}");
    }
    assert!(!d.invasion(nat(&d, "Pelorians"), 1));
}

// ==== Scoring ====

// PEL-BRIT-18
#[test]
fn pel_score_1_each_nation_scores_its_own_rule_in_scoring_rounds_only() {
    let d = data();
    let mut g = blank(&d, 3, "YOUF");
    for a in ["Lenshi", "Naveria", "Bindle"] {
        put(&mut g, &d, "Hirenmador", a, Kind::Cavalry, 1);
    }
    for a in ["Saird", "Imther"] {
        put(&mut g, &d, "Hyalorings", a, Kind::Cavalry, 1);
    }
    put(&mut g, &d, "Praxians", "Hungry-Plateau", Kind::Cavalry, 1);
    put(&mut g, &d, "Pelorians", "Darsen", Kind::Infantry, 2);
    put(&mut g, &d, "Pelorians", "Vanch", Kind::Infantry, 1);
    put(&mut g, &d, "Aldryami", "Erigia", Kind::Forest, 3);
    let (pl, al) = (nat(&d, "Pelorians"), nat(&d, "Aldryami"));
    let (hi, hy, pr) = (
        nat(&d, "Hirenmador"),
        nat(&d, "Hyalorings"),
        nat(&d, "Praxians"),
    );
    let mut ev = Vec::new();
    g.end_round(&d, &mut ev);
    assert_eq!(
        (g.vp[hi], g.vp[hy]),
        (0, 0),
        "round 3 has no nation scoring"
    );
    g.round = 4;
    let before = (g.vp[hi], g.vp[hy], g.vp[pr]);
    let before_pl_al = (g.vp[pl], g.vp[al]);
    g.nation_scoring(&d, &mut ev);
    assert_eq!(g.vp[pl] - before_pl_al.0, 3, "1 VP per Pelorian unit");
    assert_eq!(g.vp[al] - before_pl_al.1, 6, "2 VP per forest counter");
    assert_eq!(
        g.vp[hi] - before.0,
        g.held(&d, hi).len() as i64,
        "1 VP per area"
    );
    assert_eq!(
        g.vp[hy] - before.1,
        3 * g
            .held(&d, hy)
            .iter()
            .filter(|&&a| d.terrain(a).is_open())
            .count() as i64
    );
    assert_eq!(g.vp[pr] - before.2, 6, "the Hungry Plateau");
    // The log names each nation that scored, with its points, and no one that did not.
    let line = ev.last().unwrap();
    assert!(line.starts_with("Nation scoring: "), "{line}");
    assert!(
        line.contains("Praxians 6") && line.contains("Pelorians 3"),
        "{line}"
    );
    assert!(!line.contains("Veshtargos"), "in play, but no area: {line}");
    // Away from the Hungry Plateau the Praxians score nothing there.
    g.units.retain(|u| u.nation as usize != pr);
    let before = g.vp[pr];
    g.nation_scoring(&d, &mut ev);
    assert_eq!(g.vp[pr], before);
}

#[test]
fn pel_score_2_nation_scoring_rounds_are_4_8_12_16() {
    let d = data();
    let rounds: Vec<u8> = (1..=16).filter(|&r| d.round(r).nation).collect();
    assert_eq!(rounds, vec![4, 8, 12, 16]);
}

// ==== Emperors ====

fn place_piece(g: &mut Peloria, d: &PeloriaData, piece: &str, area: &str) {
    g.regalia[d.piece(piece).unwrap()] = Some(ar(d, area));
}

// PEL-EMP-19
#[test]
fn pel_emp_1_a_nation_claims_the_emperorship_at_the_end_of_its_turn() {
    let d = data();
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Pelorians", "Darsen", Kind::Infantry, 1);
    let p = nat(&d, "Pelorians");
    let mut ev = Vec::new();
    g.claim(&d, p, &mut ev);
    assert_eq!((g.emperor, g.emperor_need), (Some(p), 1));
    // The same through the end of the Pelorian turn itself.
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Pelorians", "Darsen", Kind::Infantry, 1);
    let mut ev = Vec::new();
    g.end_turn(&d, &mut ev);
    assert_eq!(g.emperor, Some(p), "{ev:?}");
    let mut ev = Vec::new();
    // Shared areas do not count: the piece is held only alone.
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Pelorians", "Darsen", Kind::Infantry, 1);
    put(&mut g, &d, "Alkoth", "Darsen", Kind::Infantry, 1);
    g.claim(&d, p, &mut ev);
    assert_eq!(g.emperor, None);
    // No claims in a round without emperor scoring.
    let mut g = blank(&d, 14, "Pelorians");
    put(&mut g, &d, "Pelorians", "Darsen", Kind::Infantry, 1);
    g.claim(&d, p, &mut ev);
    assert_eq!(g.emperor, None);
}

#[test]
fn pel_emp_2_a_claim_needs_one_piece_more_than_the_last_claimant() {
    let d = data();
    let mut g = blank(&d, 2, "Pelorians");
    g.emperor = Some(nat(&d, "Hyalorings"));
    g.emperor_need = 2;
    put(&mut g, &d, "Pelorians", "Darsen", Kind::Infantry, 1);
    put(&mut g, &d, "Pelorians", "Henjarl", Kind::Infantry, 1);
    let p = nat(&d, "Pelorians");
    let mut ev = Vec::new();
    g.claim(&d, p, &mut ev);
    assert_eq!(g.emperor, Some(nat(&d, "Hyalorings")));
    put(&mut g, &d, "Pelorians", "Kestinlands", Kind::Infantry, 1);
    g.claim(&d, p, &mut ev);
    assert_eq!((g.emperor, g.emperor_need), (Some(p), 3));
}

#[test]
fn pel_emp_3_a_destroyed_emperor_resets_the_claim_to_zero() {
    let d = data();
    let mut g = blank(&d, 2, "Pelorians");
    g.emperor = Some(nat(&d, "Hyalorings"));
    g.emperor_need = 4;
    let mut ev = Vec::new();
    g.check_emperor(&d, &mut ev);
    assert_eq!((g.emperor, g.emperor_need), (None, 0));
    put(&mut g, &d, "Pelorians", "Darsen", Kind::Infantry, 1);
    g.claim(&d, nat(&d, "Pelorians"), &mut ev);
    assert_eq!(g.emperor, Some(nat(&d, "Pelorians")));
}

/// The reset comes as soon as the Emperor's nation has no unit left, also when the Call to
/// Heroes removals take its last one while other players still owe units.
#[test]
fn pel_emp_3_the_emperor_falls_with_its_last_unit_sent_to_the_call_to_heroes() {
    let d = data();
    let mut g = heroes_game(&d);
    g.emperor = Some(nat(&d, "Pelorians"));
    g.emperor_need = 3;
    play_now(&mut g, &d, "bid Pelorians 5");
    play_now(&mut g, &d, "seal");
    play_now(&mut g, &d, "bid YOUF 1");
    play_now(&mut g, &d, "seal");
    play_now(&mut g, &d, "seal");
    play_now(&mut g, &d, "seal");
    assert_eq!(g.phase, Phase::Removals);
    for _ in 0..4 {
        play(&mut g, &d, 0, "remove Pelorians Lenshi");
    }
    assert_eq!(g.emperor, Some(nat(&d, "Pelorians")), "one unit is left");
    let a = play(&mut g, &d, 0, "remove Pelorians Lenshi");
    assert_eq!(g.phase, Phase::Removals, "the YOUF still owe a unit");
    assert_eq!((g.emperor, g.emperor_need), (None, 0));
    assert!(said(&a, " ").contains("there is no Emperor"));
}

// PEL-EMP-5, PEL-EMP-6, PEL-EMP-7, PEL-EMP-8, PEL-EMP-9, PEL-EMP-10, PEL-EMP-11
#[test]
fn pel_emp_4_ten_pieces_starting_in_their_places() {
    let d = data();
    assert_eq!(d.regalia.len(), 10);
    let g = new_game(&d);
    let at = |p: &str| g.regalia[d.piece(p).unwrap()].map(|a| d.areas[a].name.as_str());
    assert_eq!(at("Low-Crown"), Some("Vonlath"));
    assert!(d.regalia[d.piece("Low-Crown").unwrap()].fixed);
    assert_eq!(at("Vestments"), Some("Darsen"));
    assert_eq!(at("Girdle"), Some("Henjarl"));
    assert_eq!(at("Roost"), Some("Kestinlands"));
    // Pieces "with" a nation start in its home area.
    let starts = |n: &str, a: &str| g.count(nat(&d, n), ar(&d, a)) > 0;
    assert_eq!(at("Sandals"), Some("Saird"));
    assert!(starts("Hyalorings", "Saird"));
    assert_eq!(at("Bow"), Some("Bindle"));
    assert!(starts("Veshtargos", "Bindle"));
    for p in ["Sceptre", "Orb", "Cap", "Mantle"] {
        assert_eq!(at(p), None, "{p} is not on the board at the start");
    }
    // The Crown never moves.
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Pelorians", "Vonlath", Kind::Infantry, 1);
    put(&mut g, &d, "Pelorians", "Esvuthil", Kind::Infantry, 1);
    g.emperor = Some(nat(&d, "Pelorians"));
    fresh(&mut g, &d);
    let crown = d.piece("Low-Crown").unwrap();
    let e = g
        .legality(
            &d,
            0,
            &Step::Regalia {
                piece: crown,
                to: ar(&d, "Esvuthil"),
            },
        )
        .unwrap_err();
    assert!(e.reason.contains("never moves"), "{e}");
}

// PEL-EMP-13
#[test]
fn pel_emp_12_sceptre_and_orb_appear_at_the_pelorian_turn() {
    let d = data();
    let sc = d.piece("Sceptre").unwrap();
    let orb = d.piece("Orb").unwrap();
    let mut g = blank(&d, 2, "Pelanda");
    put(&mut g, &d, "Pelanda", "Skanthi", Kind::Infantry, 1);
    put(&mut g, &d, "Pelorians", "Lenshi", Kind::Infantry, 1);
    let mut ev = Vec::new();
    g.begin_turn(&d, &mut ev);
    assert_eq!(g.regalia[sc], None, "not before the Pelorian turn");
    g.turn = nat(&d, "Pelorians");
    g.begin_turn(&d, &mut ev);
    assert_eq!(g.regalia[sc], Some(ar(&d, "Esvuthil")));
    assert_eq!(g.regalia[orb], None);
    g.round = 3;
    g.begin_turn(&d, &mut ev);
    assert_eq!(g.regalia[orb], Some(ar(&d, "Vanch")));
}

// PEL-EMP-16
#[test]
fn pel_emp_14_cap_and_mantle_appear_at_the_start_of_round_4() {
    let d = data();
    let mut g = blank(&d, 3, "YOUF");
    put(&mut g, &d, "Pelorians", "Lenshi", Kind::Infantry, 1);
    let (cap, mantle) = (d.piece("Cap").unwrap(), d.piece("Mantle").unwrap());
    assert_eq!((g.regalia[cap], g.regalia[mantle]), (None, None));
    let mut ev = Vec::new();
    g.next_round(&d, &mut ev);
    assert_eq!(g.round, 4);
    assert_eq!(g.regalia[cap], Some(ar(&d, "Birin")));
    assert_eq!(g.regalia[mantle], Some(ar(&d, "Darjiin")));
}

#[test]
fn pel_emp_15_the_cap_counts_only_for_the_holder_of_the_bow() {
    let d = data();
    let mut g = blank(&d, 6, "Pelorians");
    for p in [
        "Low-Crown",
        "Sandals",
        "Vestments",
        "Girdle",
        "Roost",
        "Sceptre",
        "Orb",
        "Mantle",
    ] {
        place_piece(&mut g, &d, p, "Vonlath");
    }
    place_piece(&mut g, &d, "Cap", "Birin");
    place_piece(&mut g, &d, "Bow", "Bindle");
    put(&mut g, &d, "Pelorians", "Birin", Kind::Infantry, 1);
    let p = nat(&d, "Pelorians");
    assert_eq!(g.pieces_held(&d, p), 0);
    put(&mut g, &d, "Pelorians", "Bindle", Kind::Infantry, 1);
    assert_eq!(g.pieces_held(&d, p), 2);
}

#[test]
fn pel_emp_17_the_emperor_moves_regalia_within_held_areas() {
    let d = data();
    let mut g = blank(&d, 6, "Pelorians");
    put(&mut g, &d, "Pelorians", "Darsen", Kind::Infantry, 1);
    put(&mut g, &d, "Pelorians", "Dikoria", Kind::Infantry, 1);
    let v = d.piece("Vestments").unwrap();
    assert!(
        g.legality(
            &d,
            0,
            &Step::Regalia {
                piece: v,
                to: ar(&d, "Dikoria")
            }
        )
        .is_err(),
        "not the Emperor"
    );
    g.emperor = Some(nat(&d, "Pelorians"));
    fresh(&mut g, &d);
    assert!(rejected_now(&mut g, &d, "regalia Vestments Bindle").contains("holds"));
    // Not into an area the Pelorians share with another nation either.
    let mut h = g.clone();
    put(&mut h, &d, "Alkoth", "Dikoria", Kind::Infantry, 1);
    let e = h
        .legality(
            &d,
            0,
            &Step::Regalia {
                piece: v,
                to: ar(&d, "Dikoria"),
            },
        )
        .unwrap_err()
        .to_string();
    assert!(e.contains("does not hold Dikoria"), "{e}");
    play_now(&mut g, &d, "regalia Vestments Dikoria");
    assert_eq!(g.regalia[v], Some(ar(&d, "Dikoria")));
    play_now(&mut g, &d, "regalia Vestments Darsen");
    play_now(&mut g, &d, "regalia Vestments Dikoria");
    assert!(rejected_now(&mut g, &d, "regalia Vestments Darsen").contains("at most 3"));
}

/// A unit walking into an area another nation also holds does not make the Emperor's
/// nation its holder: the piece lying there stays until a battle decides.
#[test]
fn pel_emp_17_a_piece_in_an_area_shared_with_another_nation_stays_put() {
    let d = data();
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Pelorians", "Kostaddi", Kind::Infantry, 2);
    put(&mut g, &d, "Hyalorings", "Saird", Kind::Cavalry, 3);
    place_piece(&mut g, &d, "Sandals", "Saird");
    g.emperor = Some(nat(&d, "Pelorians"));
    fresh(&mut g, &d);
    play_now(&mut g, &d, "move Kostaddi Saird infantry");
    let e = rejected_now(&mut g, &d, "regalia Sandals Kostaddi");
    assert!(e.contains("does not hold Saird"), "{e}");
    assert!(!g
        .legal_steps(&d, 0)
        .iter()
        .any(|s| matches!(s, Step::Regalia { .. })));
}

#[test]
fn pel_emp_18_pieces_joined_in_vonlath_are_never_split_off() {
    let d = data();
    let mut g = blank(&d, 6, "Pelorians");
    put(&mut g, &d, "Pelorians", "Vonlath", Kind::Infantry, 1);
    put(&mut g, &d, "Pelorians", "Esvuthil", Kind::Infantry, 1);
    place_piece(&mut g, &d, "Girdle", "Vonlath");
    g.emperor = Some(nat(&d, "Pelorians"));
    fresh(&mut g, &d);
    assert!(rejected_now(&mut g, &d, "regalia Girdle Esvuthil").contains("joined"));
}

#[test]
fn pel_emp_19_the_jenarong_emperor_scores_one_vp_per_piece_held() {
    let d = data();
    let mut g = blank(&d, 2, "YOUF");
    put(&mut g, &d, "Pelorians", "Darsen", Kind::Infantry, 1);
    put(&mut g, &d, "Pelorians", "Henjarl", Kind::Infantry, 1);
    let p = nat(&d, "Pelorians");
    g.emperor = Some(p);
    let mut ev = Vec::new();
    g.end_round(&d, &mut ev);
    assert_eq!(g.vp[p], 2);
}

// ==== Rites of Khordavu ====

#[test]
fn pel_khor_1_in_rounds_4_and_5_the_emperor_may_bring_regalia_to_vonlath() {
    let d = data();
    for (round, ok) in [(4, true), (5, true), (6, false)] {
        let mut g = blank(&d, round, "Pelorians");
        put(&mut g, &d, "Pelorians", "Esvuthil", Kind::Infantry, 1);
        place_piece(&mut g, &d, "Sceptre", "Esvuthil");
        g.emperor = Some(nat(&d, "Pelorians"));
        fresh(&mut g, &d);
        if ok {
            play_now(&mut g, &d, "regalia Sceptre Vonlath");
        } else {
            rejected_now(&mut g, &d, "regalia Sceptre Vonlath");
        }
    }
}

// PEL-KHOR-2
#[test]
fn pel_khor_3_the_bow_does_not_count_for_khordavu_claims() {
    let d = data();
    let mut g = blank(&d, 4, "Veshtargos");
    put(&mut g, &d, "Veshtargos", "Bindle", Kind::Infantry, 1);
    put(&mut g, &d, "Veshtargos", "Darsen", Kind::Infantry, 1);
    put(&mut g, &d, "Veshtargos", "Henjarl", Kind::Infantry, 1);
    let v = nat(&d, "Veshtargos");
    // The Vestments and the Girdle count; the Bow does not.
    assert_eq!(g.pieces_held(&d, v), 2);
    let mut ev = Vec::new();
    g.claim(&d, v, &mut ev);
    assert_eq!(
        (g.emperor, g.emperor_need),
        (Some(v), 2),
        "claims happen in Khordavu rounds"
    );
    g.round = 3;
    assert_eq!(g.pieces_held(&d, v), 3);
}

// PEL-KHOR-5
#[test]
fn pel_khor_4_all_regalia_but_the_bow_assembled_give_10_vp_once() {
    let d = data();
    let mut g = blank(&d, 5, "YOUF");
    put(&mut g, &d, "Pelorians", "Vonlath", Kind::Infantry, 1);
    let p = nat(&d, "Pelorians");
    g.emperor = Some(p);
    for (i, piece) in d.regalia.iter().enumerate() {
        if i != d.bow {
            place_piece(&mut g, &d, &piece.name, "Vonlath");
        }
    }
    place_piece(&mut g, &d, "Mantle", "Darjiin");
    let mut ev = Vec::new();
    let mut h = g.clone();
    h.end_round(&d, &mut ev);
    assert_eq!(h.vp[p], 0, "one piece missing");
    place_piece(&mut g, &d, "Mantle", "Vonlath");
    // All there, but the Emperor's nation must hold Vonlath itself.
    let mut h = g.clone();
    h.units.clear();
    put(&mut h, &d, "Pelorians", "Darsen", Kind::Infantry, 1);
    h.end_round(&d, &mut ev);
    assert_eq!(h.vp[p], 0, "Vonlath not held");
    g.end_round(&d, &mut ev);
    assert_eq!(g.vp[p], 10);
    g.round = 5;
    g.turn = NATIONS - 1;
    g.end_round(&d, &mut ev);
    assert_eq!(g.vp[p], 10, "paid once");
}

// ==== Complete Emperor ====

// PEL-CEMP-1
#[test]
fn pel_cemp_2_the_complete_emperor_scores_areas_connected_to_vonlath() {
    let d = data();
    let mut g = blank(&d, 7, "YOUF");
    for a in ["Vonlath", "Esvuthil", "Henjarl", "Lenshi"] {
        put(&mut g, &d, "Pelorians", a, Kind::Infantry, 1);
    }
    let p = nat(&d, "Pelorians");
    // Holding Vonlath with the gathered regalia decides the claim.
    for piece in ["Girdle", "Vestments"] {
        place_piece(&mut g, &d, piece, "Vonlath");
    }
    g.emperor = Some(nat(&d, "Hyalorings"));
    g.emperor_need = 2;
    let mut ev = Vec::new();
    g.claim(&d, p, &mut ev);
    assert_eq!(g.emperor, Some(p));
    assert_eq!(g.connected_to_vonlath(&d, p), 3);
    g.end_round(&d, &mut ev);
    assert_eq!(g.vp[p], 3);
}

#[test]
fn pel_cemp_3_no_vonlath_no_connection() {
    let d = data();
    let mut g = blank(&d, 7, "YOUF");
    for a in ["Esvuthil", "Henjarl"] {
        put(&mut g, &d, "Pelorians", a, Kind::Infantry, 1);
    }
    assert_eq!(g.connected_to_vonlath(&d, nat(&d, "Pelorians")), 0);
    let rounds: Vec<u8> = (1..=16).filter(|&r| d.round(r).complete).collect();
    assert_eq!(rounds, (6..=12).collect::<Vec<u8>>());
}

// ==== The Call to Heroes ====

fn heroes_game(d: &PeloriaData) -> Peloria {
    let mut g = blank(d, 13, "YOUF");
    put(&mut g, d, "Pelorians", "Lenshi", Kind::Infantry, 5);
    put(&mut g, d, "YOUF", "Dragon-Pass", Kind::Infantry, 3);
    put(&mut g, d, "Aldryami", "Erigia", Kind::Infantry, 2);
    put(&mut g, d, "Theyalans", "Aggar", Kind::Infantry, 2);
    put(&mut g, d, "Alkoth", "Elz-Ast", Kind::Infantry, 1);
    put(&mut g, d, "Alkoth", "Karia", Kind::Infantry, 2);
    let mut ev = Vec::new();
    g.end_round(d, &mut ev);
    g
}

// PEL-HERO-1: a sealed bid may be taken back (`unseal`) and changed until every bid is
// sealed; `unseal` without a sealed bid is refused.
#[test]
fn pel_hero_1_a_sealed_bid_can_be_taken_back_before_the_reveal() {
    let d = data();
    let mut g = heroes_game(&d);
    let e = g.legality(&d, 0, &Step::Unseal).unwrap_err().to_string();
    assert!(e.contains("not sealed"), "{e}");
    play(&mut g, &d, 0, "bid Pelorians 4");
    play(&mut g, &d, 0, "seal");
    assert!(g.legality(&d, 0, &Step::Unseal).is_ok());
    let a = play(&mut g, &d, 0, "unseal");
    assert!(a.secret);
    assert!(!g.bids.is_sealed(0));
    play(&mut g, &d, 0, "bid Pelorians 2");
    play(&mut g, &d, 0, "seal");
    for seat in 1..4 {
        play(&mut g, &d, seat, "seal");
    }
    assert_eq!(g.phase, Phase::Removals);
    let r = g.heroes.clone().expect("revealed");
    let pelorians = r.bids[0].iter().find(|b| b.0 == nat(&d, "Pelorians"));
    assert_eq!(
        pelorians,
        Some(&(nat(&d, "Pelorians"), 2)),
        "{:?}",
        r.bids[0]
    );
}

// PEL-HERO-5: each revealed line counts only its own player's units to remove, names only
// that player's nations, and notes a cap only where a bid was cut.
#[test]
fn pel_hero_5_each_reveal_line_counts_its_own_players_units() {
    let d = data();
    let mut g = heroes_game(&d);
    play(&mut g, &d, 0, "bid Pelorians 5");
    play(&mut g, &d, 1, "bid YOUF 1");
    let mut lines = Vec::new();
    for seat in 0..4 {
        let a = play(&mut g, &d, seat, "seal");
        lines.extend(a.events.into_iter().map(|e| e.text.to_string()));
    }
    let revealed: Vec<&String> = lines.iter().filter(|l| l.contains("revealed")).collect();
    assert_eq!(revealed.len(), 4, "{lines:?}");
    assert!(
        revealed[0].contains(": 5 units to remove."),
        "{}",
        revealed[0]
    );
    assert!(
        revealed[1].contains(": 1 unit to remove."),
        "{}",
        revealed[1]
    );
    for l in &revealed[2..] {
        assert!(l.contains(": 0 units to remove."), "{l}");
    }
    assert!(
        !lines.iter().any(|l| l.contains("Capped")),
        "a bid of exactly the removable units is not capped: {lines:?}"
    );
    let r = g.heroes.clone().expect("revealed");
    for (seat, bids) in r.bids.iter().enumerate() {
        for &(n, _) in bids {
            assert_eq!(d.nations[n].player, seat, "{}", d.nations[n].name);
            assert!(d.heroes[n], "{}", d.nations[n].name);
        }
    }
}

// PEL-HERO-5, PEL-HERO-6, PEL-HERO-7, PEL-HERO-8, PEL-HERO-9
#[test]
fn pel_hero_1_after_round_13_every_player_bids_in_secret() {
    let d = data();
    let mut g = heroes_game(&d);
    assert_eq!(g.phase, Phase::Bids);
    assert_eq!(g.status().acting(), &[0, 1, 2, 3]);
    let a = play_now(&mut g, &d, "bid Pelorians 4");
    assert!(a.secret);
    let mine = serde_json::to_string(&g.view(&d, Viewer::Seat(0))).unwrap();
    let theirs = serde_json::to_string(&g.view(&d, Viewer::Seat(1))).unwrap();
    assert!(mine.contains("Pelorians 4"));
    assert!(!theirs.contains("Pelorians 4") && !theirs.contains("Pelorians 0"));
    let c = play_now(&mut g, &d, "seal");
    assert!(c.events.iter().any(|e| e.text.contains("commitment")));
    let e = g.legality(&d, 0, &Step::Seal).unwrap_err().to_string();
    assert!(e.contains("already sealed"), "{e}");
    play_now(&mut g, &d, "bid YOUF 3");
    play_now(&mut g, &d, "seal");
    play_now(&mut g, &d, "bid Theyalans 2");
    play_now(&mut g, &d, "seal");
    play_now(&mut g, &d, "bid Alkoth 1");
    play_now(&mut g, &d, "seal");
    // PEL-HERO-5: revealed; the owners now pick the units; no award before the last one.
    assert_eq!(g.phase, Phase::Removals);
    assert_eq!(g.player_vp, vec![0, 0, 0, 0]);
    remove_all(&mut g, &d);
    let r = g.heroes.clone().expect("revealed");
    assert_eq!(r.removed, vec![4, 3, 2, 1]);
    assert_eq!(r.awards, vec![10, 20, 2, 0]);
    assert_eq!(g.player_vp, vec![10, 20, 2, 0]);
    assert_eq!(g.on_board(nat(&d, "Pelorians")), 1);
    for s in 0..4 {
        let text = super::rules::bid_text_of(&d, s, &{
            let mut v = vec![0u8; NATIONS];
            for &(n, b) in &r.bids[s] {
                v[n] = b;
            }
            v
        });
        assert!(crate::engine::sealed::commitment(&r.seals[s].1, &text) == r.seals[s].0);
    }
    assert_eq!(g.round, 14);
}

#[test]
fn pel_hero_2_only_the_listed_nations_may_bid() {
    let d = data();
    let mut g = heroes_game(&d);
    for n in ["Aldryami", "Telmori", "Digijelm"] {
        assert!(!d.heroes[nat(&d, n)], "{n}");
    }
    assert_eq!(d.heroes.iter().filter(|&&h| h).count(), 13);
    let e = g
        .legality(
            &d,
            1,
            &Step::Bid {
                nation: nat(&d, "Aldryami"),
                units: 1,
            },
        )
        .unwrap_err();
    assert!(e.reason.contains("do not answer"), "{e}");
    assert!(
        g.legality(
            &d,
            0,
            &Step::Bid {
                nation: nat(&d, "YOUF"),
                units: 1
            }
        )
        .is_err(),
        "not your nation"
    );
    play_now(&mut g, &d, "bid Pelorians 5");
    assert!(
        g.legality(
            &d,
            0,
            &Step::Bid {
                nation: nat(&d, "Pelorians"),
                units: 6
            }
        )
        .is_err(),
        "only 5 units"
    );
}

#[test]
fn pel_hero_3_units_in_ralios_and_karia_cannot_be_removed() {
    let d = data();
    let g = heroes_game(&d);
    assert_eq!(g.removable(&d, nat(&d, "Alkoth")), 1);
    assert!(g
        .legality(
            &d,
            3,
            &Step::Bid {
                nation: nat(&d, "Alkoth"),
                units: 2
            }
        )
        .is_err());
}

#[test]
fn pel_hero_4_youf_removed_count_as_leaving_by_dragon_pass() {
    let d = data();
    let mut g = heroes_game(&d);
    for (bid, seat) in [("bid Pelorians 0", 0), ("bid YOUF 2", 1)] {
        assert_eq!(first_acting(&g), seat);
        play_now(&mut g, &d, bid);
        play_now(&mut g, &d, "seal");
    }
    play_now(&mut g, &d, "seal");
    play_now(&mut g, &d, "seal");
    let y = nat(&d, "YOUF");
    assert_eq!(g.status().acting(), &[1], "only Bo owes units");
    play_now(&mut g, &d, "remove YOUF Dragon-Pass infantry");
    assert_eq!(g.vp[y], 0, "counted after the last removal");
    play_now(&mut g, &d, "remove YOUF Dragon-Pass");
    assert_eq!(g.vp[y], 2 * 3, "3 VP per YOUF unit leaving");
    assert_eq!(g.exited[y], 2);
}

/// Play every owed Call to Heroes removal with each acting seat's default step.
fn remove_all(g: &mut Peloria, d: &PeloriaData) {
    while g.phase == Phase::Removals && !g.prompts.is_empty() {
        let s = first_acting(g);
        let st = g.default_step(d, s).expect("a removal");
        assert!(matches!(st, Step::Hero { .. }), "{st:?}");
        g.apply(d, s, &st).unwrap();
    }
}

/// The heroes game with every bid sealed: Ann (Pelorians) `ann`, Bo (YOUF) `bo`, the
/// others 0.
fn revealed(d: &PeloriaData, ann: u8, bo: u8) -> Peloria {
    let mut g = heroes_game(d);
    play_now(&mut g, d, &format!("bid Pelorians {ann}"));
    play_now(&mut g, d, "seal");
    play_now(&mut g, d, &format!("bid YOUF {bo}"));
    play_now(&mut g, d, "seal");
    play_now(&mut g, d, "seal");
    play_now(&mut g, d, "seal");
    g
}

// PEL-HERO-1: the units are the player's choice: removing from a small stack leaves the
// large one whole.
#[test]
fn pel_hero_5_the_owner_picks_which_units_are_removed() {
    let d = data();
    let mut g = heroes_game(&d);
    put(&mut g, &d, "Pelorians", "Naveria", Kind::Cavalry, 2);
    play_now(&mut g, &d, "bid Pelorians 2");
    play_now(&mut g, &d, "seal");
    for _ in 0..3 {
        play_now(&mut g, &d, "seal");
    }
    assert_eq!(g.phase, Phase::Removals);
    assert_eq!(g.status().acting(), &[0]);
    let legal: Vec<String> = g
        .legal_steps(&d, 0)
        .iter()
        .map(|s| Peloria::format_step(&d, s))
        .collect();
    assert_eq!(
        legal,
        vec![
            "remove Pelorians Lenshi infantry",
            "remove Pelorians Naveria cavalry"
        ]
    );
    let a = play_now(&mut g, &d, "remove pel nav cav");
    assert!(!a.turn_ended, "one more to go");
    assert_eq!(cnt(&g, &d, "Pelorians", "Naveria"), 1);
    let a = play_now(&mut g, &d, "remove Pelorians Naveria");
    assert!(a.turn_ended, "Ann's part is over");
    assert_eq!(cnt(&g, &d, "Pelorians", "Naveria"), 0);
    assert_eq!(
        cnt(&g, &d, "Pelorians", "Lenshi"),
        5,
        "the large stack is intact"
    );
    assert_eq!(g.round, 14);
    assert_eq!(g.heroes.as_ref().unwrap().removed, vec![2, 0, 0, 0]);
    assert_eq!(
        g.player_vp,
        vec![2, 2, 2, 2],
        "the sole remover wins the 2 removed; the three tied below get 2 (PEL-HERO-14)"
    );
}

// PEL-HERO-5: every player owing units acts at once, each on their own nations only; the
// kind may be left out only when one kind is there.
#[test]
fn pel_hero_5_all_owing_players_remove_at_once_each_their_own() {
    let d = data();
    let mut g = revealed(&d, 1, 1);
    put(&mut g, &d, "Pelorians", "Lenshi", Kind::Cavalry, 1);
    assert_eq!(g.status().acting(), &[0, 1]);
    let e = rejected_now(&mut g, &d, "remove Pelorians Lenshi");
    assert!(e.contains("remove Pelorians Lenshi cavalry"), "{e}");
    let e = g
        .legality(
            &d,
            0,
            &Step::Hero {
                nation: nat(&d, "YOUF"),
                area: ar(&d, "Dragon-Pass"),
                kind: Kind::Infantry,
            },
        )
        .unwrap_err();
    assert!(e.reason.contains("not yours"), "{e}");
    let e = g
        .legality(
            &d,
            2,
            &Step::Hero {
                nation: nat(&d, "Theyalans"),
                area: ar(&d, "Aggar"),
                kind: Kind::Infantry,
            },
        )
        .unwrap_err();
    assert!(e.reason.contains("waiting for Ann, Bo"), "{e}");
    // Bo goes first: the order does not matter.
    let a = g
        .apply(
            &d,
            1,
            &Step::Hero {
                nation: nat(&d, "YOUF"),
                area: ar(&d, "Dragon-Pass"),
                kind: Kind::Infantry,
            },
        )
        .unwrap();
    assert!(a.turn_ended);
    assert_eq!(g.status().acting(), &[0]);
    assert!(g.legal_steps(&d, 1).is_empty());
    assert_eq!(
        g.player_vp,
        vec![0, 0, 0, 0],
        "no award before the last removal"
    );
    play_now(&mut g, &d, "remove Pelorians Lenshi cavalry");
    assert_eq!(cnt(&g, &d, "Pelorians", "Lenshi"), 5);
    assert_eq!(g.heroes.as_ref().unwrap().removed, vec![1, 1, 0, 0]);
    assert_eq!(g.player_vp, vec![20, 20, 0, 0], "two tied first");
    assert_eq!(g.round, 14);
}

// PEL-HERO-3 at the removal: Karia's units are never offered nor accepted.
#[test]
fn pel_hero_3_removals_refuse_ralios_and_karia() {
    let d = data();
    let mut g = heroes_game(&d);
    for t in ["seal", "seal", "seal", "bid Alkoth 1", "seal"] {
        play_now(&mut g, &d, t);
    }
    assert_eq!(g.status().acting(), &[3]);
    let e = rejected_now(&mut g, &d, "remove Alkoth Karia infantry");
    assert!(e.contains("Karia cannot answer"), "{e}");
    let legal = g.legal_steps(&d, 3);
    assert_eq!(
        legal,
        vec![Step::Hero {
            nation: nat(&d, "Alkoth"),
            area: ar(&d, "Elz-Ast"),
            kind: Kind::Infantry
        }]
    );
    assert_eq!(g.default_step(&d, 3), Some(legal[0].clone()));
    play_now(&mut g, &d, "remove Alkoth Elz-Ast");
    assert_eq!(cnt(&g, &d, "Alkoth", "Karia"), 2);
}

// PEL-HERO-5: a bid above the units that may go is capped, and the log says so.
#[test]
fn pel_hero_5_a_bid_above_the_removable_units_is_capped() {
    let d = data();
    let mut g = heroes_game(&d);
    play_now(&mut g, &d, "bid Pelorians 5");
    play_now(&mut g, &d, "seal");
    // Two Pelorian units are gone before the reveal (e.g. a restored older state).
    let p = nat(&d, "Pelorians") as u8;
    for _ in 0..2 {
        let i = g.units.iter().position(|u| u.nation == p).unwrap();
        g.units.remove(i);
    }
    play_now(&mut g, &d, "seal");
    play_now(&mut g, &d, "seal");
    let a = play_now(&mut g, &d, "seal");
    assert!(
        a.events
            .iter()
            .any(|e| e.text.contains("bid of 5 is capped to 3")),
        "{:?}",
        a.events
    );
    remove_all(&mut g, &d);
    assert_eq!(cnt(&g, &d, "Pelorians", "Lenshi"), 0);
    assert_eq!(g.heroes.as_ref().unwrap().removed, vec![3, 0, 0, 0]);
}

// The autopilot (resigned seat, deadline) picks a legal removal: the largest stack.
#[test]
fn pel_hero_5_the_default_removal_is_legal_and_from_the_largest_stack() {
    let d = data();
    let mut g = heroes_game(&d);
    put(&mut g, &d, "Pelorians", "Naveria", Kind::Cavalry, 2);
    play_now(&mut g, &d, "bid Pelorians 1");
    for t in ["seal", "seal", "seal", "seal"] {
        play_now(&mut g, &d, t);
    }
    let st = g.default_step(&d, 0).unwrap();
    assert!(g.legal_steps(&d, 0).contains(&st));
    assert_eq!(
        st,
        Step::Hero {
            nation: nat(&d, "Pelorians"),
            area: ar(&d, "Lenshi"),
            kind: Kind::Infantry
        }
    );
}

// PEL-HERO-6, PEL-HERO-7, PEL-HERO-8, PEL-HERO-9
#[test]
fn pel_hero_10_ties_drop_one_level() {
    assert_eq!(hero_awards(&[4, 3, 2, 1]), vec![10, 20, 2, 0]);
    assert_eq!(hero_awards(&[1, 4, 2, 3]), vec![0, 10, 2, 20]);
}

#[test]
fn pel_hero_11_two_tied_for_first_get_20() {
    assert_eq!(hero_awards(&[5, 5, 2, 1]), vec![20, 20, 2, 0]);
}

#[test]
fn pel_hero_12_two_tied_for_second_get_2_and_so_does_third() {
    assert_eq!(hero_awards(&[6, 3, 3, 1]), vec![13, 2, 2, 2]);
}

#[test]
fn pel_hero_13_all_tied_get_nothing() {
    assert_eq!(hero_awards(&[2, 2, 2, 2]), vec![0, 0, 0, 0]);
    assert_eq!(hero_awards(&[0, 0, 0, 0]), vec![0, 0, 0, 0]);
}

#[test]
fn pel_hero_14_three_tied_below_a_leader_get_2() {
    assert_eq!(hero_awards(&[1, 7, 1, 1]), vec![2, 10, 2, 2]);
}

#[test]
fn pel_hero_15_two_tied_pairs_get_20_and_0() {
    assert_eq!(hero_awards(&[4, 1, 4, 1]), vec![20, 0, 20, 0]);
}

// Readings: the winner's VP count every unit removed; a tie for third takes the last
// level; three tied for first take the second level.
#[test]
fn pel_hero_16_readings_for_the_cases_the_text_leaves_open() {
    assert_eq!(hero_awards(&[9, 5, 1, 1]), vec![16, 20, 0, 0]);
    assert_eq!(hero_awards(&[3, 3, 3, 0]), vec![20, 20, 20, 0]);
}

// ==== The Shah of Carmania ====

// PEL-SHAH-3
#[test]
fn pel_shah_1_twice_the_areas_of_every_other_nation_gains_10() {
    let d = data();
    let mut g = blank(&d, 14, "YOUF");
    for a in ["Lenshi", "Naveria", "Saird", "Dikoria"] {
        put(&mut g, &d, "Carmanians", a, Kind::Cavalry, 1);
    }
    for a in ["Vanch", "Raibanth"] {
        put(&mut g, &d, "Pelorians", a, Kind::Infantry, 1);
    }
    let c = nat(&d, "Carmanians");
    let mut ev = Vec::new();
    g.shah(&d, &mut ev);
    assert_eq!(g.vp[c], 10);
    put(&mut g, &d, "Pelorians", "Dara-Ni", Kind::Infantry, 1);
    g.shah(&d, &mut ev);
    assert_eq!(g.vp[c], 10, "3 Pelorian areas: 4 is not twice");
    // With nobody in the zone there is no Shah (0 is twice 0, but holds nothing).
    let mut g = blank(&d, 14, "YOUF");
    g.shah(&d, &mut ev);
    assert!(g.vp.iter().all(|&v| v == 0), "{:?}", g.vp);
}

#[test]
fn pel_shah_2_areas_of_the_barbarian_belt_do_not_count() {
    let d = data();
    let mut g = blank(&d, 14, "YOUF");
    for a in ["Charg", "Baloris", "Brolia", "Dog-Plains", "Lenshi"] {
        put(&mut g, &d, "Barbarians", a, Kind::Infantry, 1);
    }
    put(&mut g, &d, "Pelorians", "Vanch", Kind::Infantry, 1);
    let mut ev = Vec::new();
    g.shah(&d, &mut ev);
    assert_eq!(g.vp[nat(&d, "Barbarians")], 0, "1 area against 1");
    assert_eq!(d.shah_excluded.iter().filter(|&&x| x).count(), 17);
}

#[test]
fn pel_shah_4_the_shah_may_score_in_each_of_rounds_14_to_16() {
    let d = data();
    let rounds: Vec<u8> = (1..=16).filter(|&r| d.round(r).shah).collect();
    assert_eq!(rounds, vec![14, 15, 16]);
    let mut g = blank(&d, 14, "YOUF");
    for a in ["Lenshi", "Naveria"] {
        put(&mut g, &d, "Carmanians", a, Kind::Cavalry, 1);
    }
    let mut ev = Vec::new();
    g.end_round(&d, &mut ev);
    g.round = 15;
    g.turn = NATIONS - 1;
    g.end_round(&d, &mut ev);
    assert_eq!(g.vp[nat(&d, "Carmanians")], 20);
}

// ==== The Kartolin Pass ====

#[test]
fn pel_kart_1_the_pass_joins_karia_and_dorastor() {
    let d = data();
    assert_eq!((d.pass.1, d.pass.2), (ar(&d, "Karia"), ar(&d, "Dorastor")));
    assert!(d.areas[d.pass.1].adj.contains(&d.pass.2));
    assert_eq!(d.cursed, Some(ar(&d, "Dorastor")));
}

// PEL-KART-4
#[test]
fn pel_kart_2_no_crossing_into_dorastor_held_alone_by_enemies() {
    let d = data();
    let mut g = blank(&d, 2, "Theyalans");
    put(&mut g, &d, "Theyalans", "Karia", Kind::Infantry, 1);
    put(&mut g, &d, "Pelorians", "Dorastor", Kind::Infantry, 1);
    fresh(&mut g, &d);
    assert!(rejected_now(&mut g, &d, "move Karia Dorastor infantry").contains("Kartolin"));
    g.units.retain(|u| u.area as usize != ar(&d, "Dorastor"));
    // an empty Dorastor
    play_now(&mut g, &d, "move Karia Dorastor infantry");
}

#[test]
fn pel_kart_3_crossing_is_allowed_alongside_an_attack_from_elsewhere() {
    let d = data();
    let mut g = blank(&d, 2, "Theyalans");
    put(&mut g, &d, "Theyalans", "Karia", Kind::Infantry, 1);
    put(&mut g, &d, "Theyalans", "Talastar", Kind::Infantry, 1);
    put(&mut g, &d, "Pelorians", "Dorastor", Kind::Infantry, 1);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "move Talastar Dorastor infantry");
    play_now(&mut g, &d, "move Karia Dorastor infantry");
}

// PEL-KART-3: the unit that came in from another direction need not still be there: in
// its invasion round (rough does not stop it) a Digijelm unit (need not stop) enters
// Dorastor from elsewhere and goes on; the pass is then open. An attack elsewhere opens
// nothing.
#[test]
fn pel_kart_3_an_entry_from_elsewhere_opens_the_pass_even_if_the_unit_went_on() {
    let d = data();
    let (karia, dorastor) = (d.pass.1, d.pass.2);
    let land: Vec<usize> = d.areas[dorastor]
        .adj
        .iter()
        .copied()
        .filter(|&a| a != karia && d.terrain(a).is_land())
        .collect();
    assert!(
        land.len() >= 2,
        "Dorastor needs two land neighbours besides Karia"
    );
    let (x, y) = (land[0], land[1]);
    let (xn, yn) = (d.areas[x].name.clone(), d.areas[y].name.clone());
    let mut g = blank(&d, 5, "Digijelm");
    assert!(d.invasion(nat(&d, "Digijelm"), 5));
    put(&mut g, &d, "Digijelm", "Karia", Kind::Infantry, 1);
    put(&mut g, &d, "Digijelm", &xn, Kind::Infantry, 1);
    put(&mut g, &d, "Pelorians", "Dorastor", Kind::Infantry, 1);
    fresh(&mut g, &d);
    assert!(rejected_now(&mut g, &d, "move Karia Dorastor infantry").contains("Kartolin"));
    play_now(&mut g, &d, &format!("move {xn} Dorastor infantry"));
    play_now(&mut g, &d, &format!("move Dorastor {yn} infantry"));
    assert_eq!(cnt(&g, &d, "Digijelm", "Dorastor"), 0);
    play_now(&mut g, &d, "move Karia Dorastor infantry");
    // An attack on another area is no entry into Dorastor.
    let mut g = blank(&d, 2, "Theyalans");
    put(&mut g, &d, "Theyalans", "Karia", Kind::Infantry, 1);
    put(&mut g, &d, "Theyalans", &xn, Kind::Infantry, 1);
    put(&mut g, &d, "Pelorians", "Dorastor", Kind::Infantry, 1);
    put(&mut g, &d, "Hirenmador", &yn, Kind::Cavalry, 1);
    fresh(&mut g, &d);
    play_now(&mut g, &d, &format!("move {xn} {yn} infantry"));
    assert!(rejected_now(&mut g, &d, "move Karia Dorastor infantry").contains("Kartolin"));
}

// PEL-BRIT-19: VP for units leaving by an exit edge are scored at once (Hirenmador 2 per
// unit by Pent); only nations with exit VP for that edge may leave by it.
#[test]
fn pel_brit_19_exit_vp_are_scored_when_a_unit_leaves_by_pent() {
    let d = data();
    let mut g = blank(&d, 2, "Hirenmador");
    put(&mut g, &d, "Hirenmador", "Naveria", Kind::Cavalry, 2);
    fresh(&mut g, &d);
    let a = play_now(&mut g, &d, "move Naveria Pent cavalry");
    assert!(a.events.iter().any(|e| e.text.contains("+2 VP")));
    assert_eq!(g.vp[nat(&d, "Hirenmador")], 2);
    assert_eq!(g.exited[nat(&d, "Hirenmador")], 1);
    assert_eq!(g.on_board(nat(&d, "Hirenmador")), 1);
    let mut g = blank(&d, 2, "Pelorians");
    put(&mut g, &d, "Pelorians", "Naveria", Kind::Infantry, 2);
    fresh(&mut g, &d);
    assert!(rejected_now(&mut g, &d, "move Naveria Pent infantry").contains("do not leave"));
}

// PEL-BAT-2: the Bat rolls 6 dice; units it kills in round 15 (its arrival round) rise as
// Telmori in that area at the end of the Pelorian turn (Pelorian nation sheet).
#[test]
fn pel_bat_2_units_the_bat_kills_in_round_15_become_telmori() {
    let d = data();
    let mut g = blank(&d, 15, "Pelorians");
    put(&mut g, &d, "Pelorians", "Naveria", Kind::Bat, 1);
    put(&mut g, &d, "Hyalorings", "Naveria", Kind::Cavalry, 2);
    let hy = nat(&d, "Hyalorings");
    battle(
        &mut g,
        &d,
        "Naveria",
        "Hyalorings",
        2,
        Stage::Hits,
        vec![(hy, 6), (hy, 5)],
    );
    g.battle.as_mut().unwrap().bat_hits = vec![true, false];
    let ev = advance(&mut g, &d);
    // Both Hyalorings die; the battle and the Pelorian turn end; one Telmori rises, for
    // the Bat's own result only.
    assert_eq!(cnt(&g, &d, "Hyalorings", "Naveria"), 0);
    assert_eq!(cnt(&g, &d, "Telmori", "Naveria"), 1, "{ev:?}");
    assert!(g.bat_kills.is_empty());
    // In another round nothing rises.
    let mut g = blank(&d, 16, "Pelorians");
    put(&mut g, &d, "Pelorians", "Naveria", Kind::Bat, 1);
    put(&mut g, &d, "Hyalorings", "Naveria", Kind::Cavalry, 2);
    battle(
        &mut g,
        &d,
        "Naveria",
        "Hyalorings",
        2,
        Stage::Hits,
        vec![(hy, 6)],
    );
    g.battle.as_mut().unwrap().bat_hits = vec![true];
    advance(&mut g, &d);
    assert_eq!(cnt(&g, &d, "Hyalorings", "Naveria"), 1);
    assert_eq!(cnt(&g, &d, "Telmori", "Naveria"), 0);
}

// PEL-HERO-1: a seat's unsealed draft is its secret: scrambling it changes no other
// viewer's view, text, legal steps or picture.
#[test]
fn pel_hero_1_drafts_are_hidden_from_everyone_else_down_to_the_pixels() {
    let d = data();
    let mut g = heroes_game(&d);
    play_now(&mut g, &d, "bid Pelorians 3");
    let changed = conformance::assert_non_interference(&g, &d, 4, Some(render::render));
    assert!(changed > 0, "the scrambles changed the drafts");
}

/// The legal-step scan skips candidates `hopeless` calls sure to be refused; over three
/// random games, every such candidate, for every seat at every position, is refused by the
/// legality function (so skipping them never hides a legal step). Every sort of step it
/// skips is seen skipped, so none of its checks goes untested.
#[test]
fn hopeless_candidates_are_all_refused_by_the_legality_function() {
    let d = data();
    // Skipped candidates by sort: moves, exits, regalia, battles, retreats, removals.
    let mut skipped = [0; 6];
    for seed in [3, 4, 5] {
        let p = Suite::<Peloria>::new(&d).playout(4, &Options::new(), seed);
        let mut g =
            crate::engine::setup_checked::<Peloria>(&d, &names(), &Options::new(), seed).unwrap();
        for (s, t) in &p.log {
            for seat in 0..PLAYERS {
                for c in g.candidates(&d, seat) {
                    if g.hopeless(&d, seat, &c) {
                        let sort = match c {
                            Step::Move { .. } => 0,
                            Step::Exit { .. } => 1,
                            Step::Regalia { .. } => 2,
                            Step::Battle(_) => 3,
                            Step::Retreat { .. } => 4,
                            Step::Hero { .. } => 5,
                            _ => panic!("{c:?} is skipped, a sort this test does not count"),
                        };
                        skipped[sort] += 1;
                        assert!(g.legality(&d, seat, &c).is_err(), "{c:?} is legal");
                    }
                }
            }
            play(&mut g, &d, *s, t);
        }
    }
    assert!(
        skipped.iter().all(|&k| k >= 100),
        "the test saw hopeless candidates of every sort (moves, exits, regalia, battles, \
         retreats, removals: {skipped:?})"
    );
}

/// Reading of "the area they moved from": each attacking unit goes back to the area it
/// itself entered the battle area from; an area a unit of the nation entered from and then
/// left again (an overrun passing through) is no way back for the others.
#[test]
fn pel_ret_3_each_attacking_unit_retreats_to_the_area_it_moved_from() {
    let d = data();
    let mut g = blank(&d, 2, "Hyalorings");
    put(&mut g, &d, "Pelorians", "Naveria", Kind::Infantry, 1);
    put(&mut g, &d, "Hyalorings", "Dikoria", Kind::Cavalry, 1);
    put(&mut g, &d, "Hyalorings", "Lenshi", Kind::Cavalry, 1);
    put(&mut g, &d, "Hyalorings", "Sylila", Kind::Cavalry, 1);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "move Dikoria Naveria cavalry");
    play_now(&mut g, &d, "move Lenshi Naveria cavalry");
    play_now(&mut g, &d, "move Naveria Saird cavalry");
    battle(
        &mut g,
        &d,
        "Naveria",
        "Pelorians",
        1,
        Stage::AttackerRetreat,
        vec![],
    );
    advance(&mut g, &d);
    let hy = d.nations[nat(&d, "Hyalorings")].player;
    let to = |a: &str| Step::Retreat {
        from: ar(&d, "Naveria"),
        to: ar(&d, a),
        kind: Kind::Cavalry,
    };
    let steps = g.legal_steps(&d, hy);
    assert!(steps.contains(&to("Dikoria")), "{steps:?}");
    assert!(
        !steps.contains(&to("Lenshi")),
        "the unit from Lenshi went on to Saird"
    );
    // Two units from two areas: each has its own way back.
    let mut g = blank(&d, 2, "Hyalorings");
    put(&mut g, &d, "Pelorians", "Naveria", Kind::Infantry, 2);
    put(&mut g, &d, "Hyalorings", "Dikoria", Kind::Cavalry, 1);
    put(&mut g, &d, "Hyalorings", "Lenshi", Kind::Cavalry, 1);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "move Dikoria Naveria cavalry");
    play_now(&mut g, &d, "move Lenshi Naveria cavalry");
    battle(
        &mut g,
        &d,
        "Naveria",
        "Pelorians",
        1,
        Stage::AttackerRetreat,
        vec![],
    );
    advance(&mut g, &d);
    play_now(&mut g, &d, "retreat Naveria Dikoria cavalry");
    let e = rejected_now(&mut g, &d, "retreat Naveria Dikoria cavalry");
    assert!(e.contains("Dikoria"), "{e}");
    play_now(&mut g, &d, "retreat Naveria Lenshi cavalry");
    assert_eq!(cnt(&g, &d, "Hyalorings", "Dikoria"), 1);
    assert_eq!(cnt(&g, &d, "Hyalorings", "Lenshi"), 1);
}

/// Reading of "as soon as they happen": a nation scores a capture the moment its units
/// stand alone in the listed area, in any nation's turn: here the Hyalorings retreat into
/// Naveria during the Theyalan battles.
#[test]
fn pel_brit_19_a_retreat_into_a_listed_area_captures_it_at_once_in_any_turn() {
    let d = data();
    let mut g = blank(&d, 2, "Theyalans");
    put(&mut g, &d, "Theyalans", "Lenshi", Kind::Infantry, 2);
    put(&mut g, &d, "Hyalorings", "Lenshi", Kind::Cavalry, 1);
    battle(
        &mut g,
        &d,
        "Lenshi",
        "Hyalorings",
        1,
        Stage::DefenderRetreat,
        vec![],
    );
    advance(&mut g, &d);
    let a = said(&play_now(&mut g, &d, "retreat Lenshi Naveria cavalry"), " ");
    assert!(a.contains("The Hyalorings capture Naveria (+2 VP)."), "{a}");
    assert_eq!(g.vp[nat(&d, "Hyalorings")], 2);
}

/// Reading: at most five units attack in one area; moves are refused past five, and an
/// arrival of more than five into an enemy-held area attacks with five of them.
#[test]
fn pel_bat_10_an_arrival_of_ten_attacks_with_five() {
    let d = data();
    let mut g = blank(&d, 3, "Praxians");
    put(&mut g, &d, "Praxians", "Dragon-Pass", Kind::Cavalry, 10);
    put(&mut g, &d, "Pelanda", "Dragon-Pass", Kind::Infantry, 2);
    battle(&mut g, &d, "Dragon-Pass", "Pelanda", 0, Stage::Roll, vec![]);
    let ev = advance(&mut g, &d);
    let line = ev
        .iter()
        .find(|l| l.contains("Dragon-Pass round 1:"))
        .expect("a round was rolled");
    assert_eq!(dice_of(line, "Praxians"), 5, "{line}");
    assert_eq!(dice_of(line, "Pelanda"), 2, "{line}");
}

/// Every typed topic is a topic of the TOPICS table, in its order, and none is missing:
/// a refusal's topic always exists.
#[test]
fn typed_topics_are_the_rules_topics() {
    let ids: Vec<&str> = super::topics::Topic::ALL.iter().map(|t| t.id()).collect();
    let table: Vec<&str> = super::topics::TOPICS.iter().map(|t| t.id).collect();
    let (typed, sheets) = table.split_at(ids.len());
    assert_eq!(ids, typed);
    let nations: Vec<String> = data()
        .nations
        .iter()
        .map(|n| n.name.to_lowercase())
        .collect();
    assert_eq!(
        sheets, nations,
        "after the typed topics come the nation sheets, in turn order"
    );
}

/// `n` units of `kind` as the nation sheets write them.
fn units_in_words(n: u8, kind: Kind) -> String {
    let plural = if n == 1 { "" } else { "s" };
    match kind {
        Kind::Dragon => format!("{n} dragon{plural}"),
        Kind::Forest => format!("{n} forest counter{plural}"),
        _ => format!("{n} {}", kind.name()),
    }
}

/// A nation's score rule as its sheet writes it.
fn score_in_words(d: &PeloriaData, rule: ScoreRule) -> String {
    match rule {
        ScoreRule::Area(vp) => format!("{vp} VP per area held"),
        ScoreRule::Open(vp) => format!("{vp} VP per open area held"),
        ScoreRule::Unit(vp) => format!("{vp} VP per unit on the board"),
        ScoreRule::Forest(vp) => format!("{vp} VP per forest counter"),
        ScoreRule::Place(vp, area) => format!("{vp} VP for holding {}", d.areas[area].name),
        ScoreRule::None => "none".to_string(),
    }
}

/// The sentences a nation's sheet must hold, built from the board file: its first round,
/// one sentence per arrival round, its stock, what population makes, its invasion turns,
/// scoring, and its capture, kill and exit VP where it has any.
fn nation_sheet_sentences(d: &PeloriaData, nation: usize) -> Vec<String> {
    let n = &d.nations[nation];
    let mut out = vec![format!(
        "Player {}'s nation; it takes turns from round {}.",
        n.player + 1,
        n.first_round
    )];
    let arrivals: Vec<&Arrival> = d.arrivals.iter().filter(|a| a.nation == nation).collect();
    let mut rounds: Vec<u8> = arrivals.iter().map(|a| a.round).collect();
    rounds.dedup();
    for round in rounds {
        let items: Vec<String> = arrivals
            .iter()
            .filter(|a| a.round == round)
            .map(|a| {
                format!(
                    "{} in {}",
                    units_in_words(a.count, a.kind),
                    d.areas[a.area].name
                )
            })
            .collect();
        out.push(format!("Arrives in round {round}: {}.", items.join(", ")));
    }
    let stock: Vec<String> = Kind::ALL
        .into_iter()
        .filter(|k| n.limits[k.index()] > 0)
        .map(|k| units_in_words(n.limits[k.index()], k))
        .collect();
    out.push(format!("Stock: at most {}.", stock.join(" and ")));
    let makes: Vec<&str> = n.pop_kinds.iter().map(|k| k.name()).collect();
    out.push(format!("Population increase makes {}.", makes.join(" or ")));
    out.extend(
        n.invasions
            .iter()
            .map(|r| format!("Invasion turn in round {r}.")),
    );
    out.push(format!("Nation scoring: {}.", score_in_words(d, n.score)));
    let listed = |label: &str, items: Vec<String>| {
        (!items.is_empty()).then(|| format!("{label}: {}.", items.join(", ")))
    };
    let captures = n
        .captures
        .iter()
        .map(|(a, vp)| format!("{} {vp}", d.areas[*a].name));
    out.extend(listed("Capture VP, once each", captures.collect()));
    let kills = n.kills.iter().map(|(victim, vp)| match victim {
        Some(v) => format!("{} {vp}", d.nations[*v].name),
        None => format!("any nation {vp}"),
    });
    out.extend(listed("Kill VP per unit killed", kills.collect()));
    let exits = n
        .exits
        .iter()
        .map(|(e, vp)| format!("{} {vp}", d.edges[*e].name));
    out.extend(listed("Exit VP per unit leaving the map", exits.collect()));
    out
}

/// The nation sheets are static text while the board file is data an owner of the
/// published sheets may correct: each nation's topic states its arrival rounds (round 1 =
/// the starting forces), stock limits, invasion turns, scoring and capture, kill and exit
/// VP exactly as the board file has them, and no arrival, capture, kill or exit the file
/// lacks (PEL-BRIT-20, PEL-ORDER-7 to PEL-ORDER-12, PEL-POP-4, PEL-SCORE-2).
#[test]
fn pel_brit_20_pel_pop_4_nation_topics_agree_with_the_board_data() {
    let d = data();
    for (i, n) in d.nations.iter().enumerate() {
        let id = n.name.to_lowercase();
        let topic = super::topics::TOPICS
            .iter()
            .find(|t| t.id == id)
            .unwrap_or_else(|| panic!("no topic `{id}`"));
        let wanted = nation_sheet_sentences(&d, i);
        for sentence in &wanted {
            assert!(
                topic.text.contains(sentence.as_str()),
                "`{id}` should say: {sentence}\n{}",
                topic.text
            );
        }
        for label in [
            "Arrives in round",
            "Invasion turn in",
            "Capture VP",
            "Kill VP",
            "Exit VP",
        ] {
            let said = topic.text.matches(label).count();
            let data_has = wanted.iter().filter(|s| s.starts_with(label)).count();
            assert_eq!(
                said, data_has,
                "`{id}`: \"{label}\" sentences\n{}",
                topic.text
            );
        }
    }
}

/// Every example in the topics (backticked text with a space, without a `<placeholder>` or
/// a comma) parses at some moment of the hand-checked opening round (seed 5,
/// `board_art/peloria/opening-round.txt`), each part of a chain on its own.
#[test]
fn every_example_in_the_topics_parses() {
    let d = data();
    let mut left: Vec<String> = Vec::new();
    for t in super::topics::TOPICS {
        for (i, example) in t.text.split('`').enumerate() {
            if i % 2 == 1 && example.contains(' ') && !example.contains(['<', ',']) {
                left.extend(example.split(';').map(|p| p.trim().to_string()));
            }
        }
    }
    assert!(left.len() >= 8, "{left:?}");
    let mut g = crate::engine::setup_checked::<Peloria>(&d, &names(), &Options::new(), 5).unwrap();
    let script = include_str!("../../../board_art/peloria/opening-round.txt");
    for line in script.lines().filter(|l| !l.trim().is_empty()) {
        let (who, typed) = line.split_once(": move ").expect(line);
        let seat = names().iter().position(|n| n == who).expect(line);
        left.retain(|e| g.parse_step(&d, seat, e).is_err());
        play(&mut g, &d, seat, typed);
    }
    assert!(left.is_empty(), "never parsed: {left:?}");
}

/// Topics are found by the words players use: aliases in lower case, each leading to one
/// topic; `combat`, `nations` and `regalia` among them.
#[test]
fn topic_aliases_are_lower_case_and_lead_to_one_topic() {
    let mut words: Vec<&str> = super::topics::TOPICS.iter().map(|t| t.id).collect();
    for t in super::topics::TOPICS {
        assert!(!t.aliases.is_empty(), "`{}` has no aliases", t.id);
        for a in t.aliases {
            assert_eq!(*a, a.to_lowercase(), "{a}");
            assert!(!words.contains(a), "`{a}` leads to two topics");
            words.push(a);
        }
    }
    for w in ["combat", "nations", "regalia", "syntax"] {
        assert!(words.contains(&w), "{w}");
    }
}

/// Log sentences agree with their numbers and read with any nation's name.
#[test]
fn log_sentences_agree_in_number() {
    let d = data();
    let players = names();
    let say = |h: Happening| h.text(&d, &players);
    let (pelanda, hiren) = (nat(&d, "Pelanda"), nat(&d, "Hirenmador"));
    let lost = |count| {
        say(MovementEvent::LostAtSea {
            nation: pelanda,
            count,
        }
        .into())
    };
    assert!(
        lost(1).starts_with("1 Pelanda unit left at sea is lost"),
        "{}",
        lost(1)
    );
    assert!(
        lost(2).starts_with("2 Pelanda units left at sea are lost"),
        "{}",
        lost(2)
    );
    let moved = say(MovementEvent::Moved {
        nation: hiren,
        kind: Kind::Cavalry,
        from: ar(&d, "Naveria"),
        to: ar(&d, "Saird"),
        note: MoveNote::None,
    }
    .into());
    assert_eq!(
        moved,
        "Hirenmador: one cavalry moves from Naveria to Saird."
    );
    let claim = |pieces| {
        say(ScoringEvent::EmperorClaims {
            nation: hiren,
            pieces,
        }
        .into())
    };
    assert!(
        claim(1).ends_with("with 1 piece of regalia."),
        "{}",
        claim(1)
    );
    assert!(
        claim(3).ends_with("with 3 pieces of regalia."),
        "{}",
        claim(3)
    );
    for text in [lost(1), moved, claim(1)] {
        assert!(!text.contains("(s)"), "{text}");
    }
}

/// Players never read internal clause ids: not in topics, refusals, the log or `describe`
/// (a random game, every seat's view, and the refusals of each state's candidates).
#[test]
fn no_clause_id_in_any_text_a_player_reads() {
    use crate::engine::testing::has_clause_id;
    let d = data();
    let mut texts: Vec<String> = super::topics::TOPICS
        .iter()
        .flat_map(|t| [t.title, t.section, t.text])
        .map(str::to_string)
        .collect();
    let players = names();
    texts.push(
        Happening::from(MovementEvent::LostAtSea {
            nation: 0,
            count: 2,
        })
        .text(&d, &players),
    );
    let p = Suite::<Peloria>::new(&d).playout(4, &Options::new(), 3);
    let mut g = crate::engine::setup_checked::<Peloria>(&d, &players, &Options::new(), 3).unwrap();
    for (i, (s, t)) in p.log.iter().enumerate() {
        if i % 7 == 0 {
            for step in g.candidates(&d, *s).iter().take(40) {
                if let Err(e) = g.legality(&d, *s, step) {
                    texts.push(e.reason);
                }
            }
            for seat in 0..4 {
                texts.push(Peloria::describe(&d, &g.view(&d, Viewer::Seat(seat))));
            }
        }
        let a = play(&mut g, &d, *s, t);
        texts.extend(a.events.into_iter().map(|e| e.text));
    }
    for t in &texts {
        assert!(!has_clause_id(t), "a clause id in: {t}");
    }
}

/// `game status` text shows each nation's units area by area, with its owner, VP and the
/// areas it holds, one line per nation; the Emperor's pieces agree in number.
#[test]
fn describe_shows_each_nations_units_and_areas() {
    let d = data();
    let mut g = blank(&d, 2, "Theyalans");
    put(&mut g, &d, "Theyalans", "Lenshi", Kind::Infantry, 2);
    put(&mut g, &d, "Theyalans", "Lenshi", Kind::Cavalry, 1);
    put(&mut g, &d, "Hirenmador", "Naveria", Kind::Cavalry, 3);
    let text = Peloria::describe(&d, &g.view(&d, Viewer::Spectator));
    let line = |nation: &str| {
        text.lines()
            .find(|l| l.starts_with(&format!("{nation} (")))
            .unwrap_or_else(|| panic!("no line for {nation}:\n{text}"))
            .to_string()
    };
    let owner = &names()[d.nations[nat(&d, "Theyalans")].player];
    let theyalans = line("Theyalans");
    assert!(
        theyalans.starts_with(&format!("Theyalans ({owner}): ")),
        "{theyalans}"
    );
    assert!(theyalans.contains("Lenshi 2i 1c"), "{theyalans}");
    assert!(line("Hirenmador").contains("Naveria 3c"), "{text}");
    assert!(!text.contains("(s)"), "{text}");
}

/// The result gives each player's VP in parts: each of its nations' VP in turn order, then
/// its Call to Heroes awards; they add up to its score (PEL-BRIT-2), and the standings
/// show them.
// PEL-BRIT-2
#[test]
fn pel_brit_2_the_result_gives_each_nations_vp_and_the_heroes_awards() {
    let d = data();
    let mut g = new_game(&d);
    for n in 0..g.vp.len() {
        g.vp[n] = n as i64 + 1;
    }
    g.player_vp = vec![3, 0, -1, 2];
    g.finish(&d, &mut Vec::new());
    let r = g.result.clone().unwrap();
    assert_eq!(r.check_breakdown(), Ok(()));
    let ann: Vec<(String, i64)> = r.breakdown[0]
        .iter()
        .map(|p| (p.name.clone(), p.points))
        .collect();
    let mut want: Vec<(String, i64)> = (0..d.nations.len())
        .filter(|&n| d.nations[n].player == 0)
        .map(|n| (d.nations[n].name.clone(), n as i64 + 1))
        .collect();
    want.push(("heroes".into(), 3));
    assert_eq!(ann, want);
    assert_eq!(r.scores[0], want.iter().map(|w| w.1).sum::<i64>());
    let standings = r.standings(&["Ann", "Bo", "Cy", "Di"]);
    let line = format!("Ann: {} (Hirenmador 1, ", r.scores[0]);
    assert!(standings.contains(&line), "{standings}");
}

// ---- For computer players: the evaluation hint and determinisation ----

// PEL-BRIT-2, PEL-SCORE-1: the hint is each player's VP so far (their nations' and their
// own), plus what its nations in play would score now by their own rules, the tie-break
// (more units on the board) as a fraction of a point.
#[test]
fn pel_brit_2_the_hint_is_the_players_vp_and_standing_with_the_units_as_tie_break() {
    let d = data();
    let mut g = blank(&d, 5, "Pelorians");
    g.vp[nat(&d, "Pelorians")] = 5;
    g.vp[nat(&d, "Telmori")] = 7;
    g.vp[nat(&d, "Hyalorings")] = 11;
    g.player_vp[0] = 2;
    let rounded: Vec<i64> = g.hint(&d).iter().map(|h| h.round() as i64).collect();
    assert_eq!(
        rounded,
        g.player_scores(&d),
        "an empty board stands for nothing"
    );
    assert_eq!(rounded, vec![14, 11, 0, 0]);
    let before = g.hint(&d);
    let hyalorings = nat(&d, "Hyalorings");
    let worth_before = g.scoring_value(&d, hyalorings);
    put(&mut g, &d, "Hyalorings", "Naveria", Kind::Infantry, 2);
    let gained = (g.scoring_value(&d, hyalorings) - worth_before) as f64;
    assert!(
        gained > 0.0,
        "holding Naveria is worth something to the Hyalorings"
    );
    let after = g.hint(&d);
    assert!(
        (after[1] - before[1] - gained - 0.002).abs() < 1e-9,
        "{before:?} then {after:?}, gained {gained}"
    );
}

// PEL-HERO-1: a sealed bid is its seat's secret until the reveal: a scrambled copy gets
// another bid under the same public commitment (with another salt), and the copy's reveal
// goes on without checking it.
#[test]
fn pel_hero_1_scrambling_a_sealed_bid_redraws_it_under_the_same_commitment() {
    let d = data();
    let mut g = heroes_game(&d);
    play(&mut g, &d, 0, "bid Pelorians 4");
    play(&mut g, &d, 0, "seal");
    let seal = g.bids.seal_of(0).cloned().expect("sealed");
    let copies: Vec<Peloria> = (0..8)
        .map(|salt| g.scramble(&d, Holder::Seat(0), &mut GameRng::new(salt)))
        .collect();
    for c in &copies {
        let other = c.bids.seal_of(0).expect("still sealed");
        assert_eq!(
            other.commitment, seal.commitment,
            "the public commitment stays"
        );
        assert_ne!(other.salt, seal.salt, "the secret salt is redrawn");
    }
    assert!(
        copies.iter().any(|c| c.bids.draft(0) != g.bids.draft(0)),
        "the sealed bid is redrawn"
    );
    let mut c = copies[0].clone();
    for seat in 1..4 {
        play(&mut c, &d, seat, "seal");
    }
    assert_ne!(c.phase, Phase::Bids, "the copy's reveal goes on");
    assert!(c.heroes.is_some());
}

#[test]
fn scrambling_nobody_reseeds_the_rng_and_nothing_else() {
    let d = data();
    let g = new_game(&d);
    assert_nobody_scramble_changes_only(&g, &d, false, |s, g| s.rng = g.rng.clone());
}

/// Hyaloring cavalry from Dikoria and from Lenshi attack Pelorian infantry in Naveria, and
/// one defender's result of 5 hits them (the units `from` the two areas: `froms`).
fn two_ways_in(d: &PeloriaData, froms: [&str; 2]) -> Peloria {
    let mut g = blank(d, 2, "Hyalorings");
    put(&mut g, d, "Pelorians", "Naveria", Kind::Infantry, 2);
    for f in froms {
        put(&mut g, d, "Hyalorings", f, Kind::Cavalry, 1);
    }
    fresh(&mut g, d);
    for f in froms {
        play_now(&mut g, d, &format!("move {f} Naveria cavalry"));
    }
    let hy = nat(d, "Hyalorings");
    battle(
        &mut g,
        d,
        "Naveria",
        "Pelorians",
        1,
        Stage::Hits,
        vec![(hy, 5)],
    );
    g
}

/// PEL-BRIT-11: each hit removes one unit chosen by its owner. Two attacking cavalry that
/// came by different ways are not alike (each retreats only to where it came from), so the
/// owner names the one that dies; the survivor keeps its own way back.
#[test]
fn pel_brit_11_the_owner_chooses_which_unit_dies_when_their_ways_back_differ() {
    let d = data();
    let mut g = two_ways_in(&d, ["Dikoria", "Lenshi"]);
    advance(&mut g, &d);
    let hy = nat(&d, "Hyalorings");
    let owner = d.nations[hy].player;
    assert_eq!(
        g.status().acting(),
        &[owner],
        "the Hyalorings' player decides"
    );
    let hit = |from: &str| Step::HitUnit {
        kind: Kind::Cavalry,
        from: Some(ar(&d, from)),
    };
    // In the order of the areas on the board.
    assert_eq!(
        g.legal_steps(&d, owner),
        vec![hit("Lenshi"), hit("Dikoria")]
    );
    assert_eq!(
        crate::engine::testing::legal(&g, &d, owner),
        ["hit cavalry from Lenshi", "hit cavalry from Dikoria"]
    );
    // Leaving the way out is answered with the two it could be.
    let e = crate::engine::testing::rejected(&mut g, &d, owner, "hit cavalry");
    assert!(
        e.contains("hit cavalry from Dikoria") && e.contains("from Lenshi"),
        "{e}"
    );
    let e = crate::engine::testing::rejected(&mut g, &d, owner, "hit cavalry from Naveria");
    assert!(!e.is_empty());
    let a = play_now(&mut g, &d, "hit cavalry from Lenshi");
    assert!(
        a.events
            .iter()
            .any(|e| e.text.starts_with("A Hyalorings cavalry dies in Naveria")),
        "{:?}",
        a.events
    );
    let left: Vec<Option<u8>> = g
        .units
        .iter()
        .filter(|u| u.nation as usize == hy)
        .map(|u| u.from)
        .collect();
    assert_eq!(
        left,
        vec![Some(ar(&d, "Dikoria") as u8)],
        "the unit from Dikoria lives"
    );
}

/// PEL-BRIT-11: units of a kind that are all alike (here both came from Dikoria) are not
/// asked about: the hit takes one of them, as before.
#[test]
fn pel_brit_11_alike_units_are_not_asked_which_one_dies() {
    let d = data();
    let mut g = blank(&d, 2, "Hyalorings");
    put(&mut g, &d, "Pelorians", "Naveria", Kind::Infantry, 2);
    put(&mut g, &d, "Hyalorings", "Dikoria", Kind::Cavalry, 2);
    fresh(&mut g, &d);
    play_now(&mut g, &d, "move Dikoria Naveria cavalry");
    play_now(&mut g, &d, "move Dikoria Naveria cavalry");
    let hy = nat(&d, "Hyalorings");
    battle(
        &mut g,
        &d,
        "Naveria",
        "Pelorians",
        1,
        Stage::Hits,
        vec![(hy, 5)],
    );
    let ev = advance(&mut g, &d);
    assert!(
        ev.iter()
            .any(|e| e.starts_with("A Hyalorings cavalry dies")),
        "{ev:?}"
    );
    assert_eq!(g.count_kind(hy, ar(&d, "Naveria"), Kind::Cavalry), 1);
    assert!(!matches!(g.prompts.top(), Some(Pending::Hit { .. })));
}

/// PEL-BRIT-11, rules version 1: a game begun before the owner chose keeps playing as it
/// was recorded: the hit takes the last unit listed (here the one from Lenshi) unasked.
#[test]
fn pel_brit_11_a_game_of_rules_version_1_is_not_asked_which_unit_dies() {
    let d = data();
    let mut g = two_ways_in(&d, ["Dikoria", "Lenshi"]);
    g.set_rules_version(1);
    advance(&mut g, &d);
    assert!(!matches!(g.prompts.top(), Some(Pending::Hit { .. })));
    let hy = nat(&d, "Hyalorings");
    let left: Vec<Option<u8>> = g
        .units
        .iter()
        .filter(|u| u.nation as usize == hy)
        .map(|u| u.from)
        .collect();
    assert_eq!(left, vec![Some(ar(&d, "Dikoria") as u8)]);
    let owner = d.nations[hy].player;
    let e = g
        .check(
            &d,
            owner,
            &Step::HitUnit {
                kind: Kind::Cavalry,
                from: None,
            },
        )
        .unwrap_err();
    assert!(!e.reason.is_empty());
}

/// PEL-BRIT-11: the choice is a step like any other, so the caretaker (the default step)
/// and Sherpa's players (`ai::decide`, easy and normal) make it too.
#[test]
fn pel_brit_11_the_caretaker_and_sherpa_choose_which_unit_dies() {
    let d = data();
    let mut g = two_ways_in(&d, ["Dikoria", "Lenshi"]);
    advance(&mut g, &d);
    let hy = nat(&d, "Hyalorings");
    let owner = d.nations[hy].player;
    let choices = ["hit cavalry from Dikoria", "hit cavalry from Lenshi"];
    let default = g.default_step(&d, owner).expect("the caretaker has a step");
    assert!(choices.contains(&Peloria::format_step(&d, &default).as_str()));
    let kind = EngineKind::<Peloria>::leak(d, render::render);
    let any = kind
        .restore(&serde_json::to_vec(&g).expect("serializes"))
        .expect("restores");
    for level in [crate::ai::Level::Easy, crate::ai::Level::Normal] {
        let step = crate::ai::decide(&*any, owner, level, crate::ai::Budget::playouts_only(20), 5)
            .expect("Sherpa decides")
            .step;
        assert!(choices.contains(&step.as_str()), "{level}: {step}");
        let mut after = any.box_clone();
        after.play(owner, &step).expect("its choice plays");
    }
}

/// The steps of a recorded log (`name: step` lines; `#` comments), each with its seat.
fn log_steps<'a>(log: &'a str, players: &[&str]) -> Vec<(usize, &'a str)> {
    log.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (who, step) = l.split_once(':').expect("`name: step`");
            let seat = players
                .iter()
                .position(|p| *p == who.trim())
                .expect("a player");
            (seat, step.trim())
        })
        .collect()
}

/// PEL-BRIT-11 and rules versions: the reproduction of issue #47, a log recorded before
/// the owner chose (rules version 1), replays under version 1 step for step as it was
/// played: the Praxians' hit takes a Soldiers infantry unasked, the one that came from
/// Henjarl, so only Elz-Ast is left as a way back. A game of version 2 asks instead.
#[test]
fn pel_brit_11_a_log_recorded_under_rules_version_1_replays_as_it_was_played() {
    let d = data();
    let players = ["ann", "bob", "cy", "dan"];
    let names: Vec<String> = players.iter().map(|s| s.to_string()).collect();
    let log = include_str!("../../../tests/data/rules_versions/peloria-casualty-seed10.log");
    let steps = log_steps(log, &players);
    let dan = 3;
    let mut g = crate::engine::setup_checked::<Peloria>(&d, &names, &Options::new(), 10).unwrap();
    g.set_rules_version(1);
    for (seat, step) in &steps {
        play(&mut g, &d, *seat, step);
    }
    let l = crate::engine::testing::legal(&g, &d, dan);
    assert!(
        l.contains(&"retreat Raibanth Elz-Ast infantry".to_string()),
        "{l:?}"
    );
    assert!(!l.iter().any(|s| s.contains("Henjarl")), "{l:?}");
    assert!(g
        .log
        .iter()
        .any(|s| s.starts_with("A Soldiers infantry dies in Raibanth")));
    // The same steps in a game of version 2 come to a hit whose owner is asked which unit
    // dies (a battle before Raibanth's already asks), so the recorded steps stop fitting.
    let mut g = crate::engine::setup_checked::<Peloria>(&d, &names, &Options::new(), 10).unwrap();
    let asked = steps.iter().position(|(seat, step)| {
        let fits = g
            .parse_step(&d, *seat, step)
            .is_ok_and(|s| g.apply(&d, *seat, &s).is_ok());
        !fits
    });
    let asked = asked.expect("version 2 asks where version 1 did not");
    let seat = g.status().acting()[0];
    let l = crate::engine::testing::legal(&g, &d, seat);
    assert!(
        !l.is_empty()
            && l.iter()
                .all(|s| s.starts_with("hit ") && s.contains(" from ")),
        "step {asked}: {l:?}"
    );
}
