//! The per-viewer view of a Peloria game, its text summary, and the scrambling of each
//! seat's hidden information (an unsealed Call to Heroes draft) for non-interference.
//!
//! Invariant: a seat's Call to Heroes draft appears only in its own view until the reveal;
//! everyone sees who has sealed and the commitments.

use super::happening::units;
use super::rules::{bid_text_of, phase_name};
use super::*;
use crate::engine::FinalResult;
use std::fmt::Write as _;

/// Units of one nation in one area.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Stack {
    pub nation: usize,
    /// Count per kind, indexed by [`Kind::index`].
    pub kinds: [u8; 5],
}

/// One area as seen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AreaView {
    pub stacks: Vec<Stack>,
    /// Pieces of regalia lying here.
    pub regalia: Vec<usize>,
}

/// One nation as seen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NationView {
    pub vp: i64,
    pub track: u8,
    /// Armies on the board (the units overpopulation counts).
    pub units: usize,
    /// Aldryami forest counters on the board, shown apart from the armies.
    pub forests: usize,
    pub areas: usize,
    pub in_play: bool,
}

/// One player as seen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerView {
    pub name: String,
    /// Nations' VP plus the player's own awards.
    pub vp: i64,
    pub awards: i64,
    /// Call to Heroes: sealed, with the public commitment.
    pub commitment: Option<String>,
}

/// What a viewer sees.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    pub viewer: Option<Seat>,
    pub round: u8,
    /// Nation whose turn it is.
    pub nation: usize,
    pub phase: String,
    pub acting: Vec<Seat>,
    pub areas: Vec<AreaView>,
    pub nations: Vec<NationView>,
    pub players: Vec<PlayerView>,
    pub emperor: Option<usize>,
    pub emperor_need: u8,
    /// The battle being fought: area, attacker, defender, round.
    pub battle: Option<(usize, usize, usize, u8)>,
    /// What the acting seat is asked, in words.
    pub prompt: String,
    /// The viewer's own Call to Heroes draft (only in its own view).
    pub my_bid: Option<String>,
    pub heroes: Option<HeroesResult>,
    pub log: Vec<String>,
    /// Every public line since the last nation turn began (rules version 3 on; empty
    /// before, when the picture shows the recent `log` instead).
    pub last_turn: Vec<String>,
    pub result: Option<FinalResult>,
}

pub(super) fn build(g: &Peloria, d: &PeloriaData, viewer: Viewer) -> View {
    let areas = area_views(g, d);
    let nations = (0..NATIONS)
        .map(|n| NationView {
            vp: g.vp[n],
            track: g.track[n],
            units: g.armies_on_board(n),
            forests: g.on_board(n) - g.armies_on_board(n),
            areas: g.held(d, n).len(),
            in_play: g.in_play(d, n),
        })
        .collect();
    let scores = g.player_scores(d);
    let bidding = g.phase == Phase::Bids;
    let players = (0..PLAYERS)
        .map(|s| PlayerView {
            name: g.players[s].clone(),
            vp: scores[s],
            awards: g.player_vp[s],
            commitment: if bidding {
                g.bids.commitment(s).map(str::to_string)
            } else {
                None
            },
        })
        .collect();
    let me = match viewer {
        Viewer::Seat(s) if s < PLAYERS => Some(s),
        _ => None,
    };
    let my_bid = me
        .filter(|_| bidding)
        .map(|s| bid_text_of(d, s, g.bids.draft(s)));
    let prompt = prompt_text(g, d, bidding);
    View {
        viewer: me,
        round: g.round,
        nation: g.turn,
        phase: phase_words(&g.phase),
        acting: g.status().acting().to_vec(),
        areas,
        nations,
        players,
        emperor: g.emperor,
        emperor_need: g.emperor_need,
        battle: g
            .battle
            .as_ref()
            .map(|b| (b.area, b.attacker, b.defender, b.round)),
        prompt,
        my_bid,
        heroes: g.heroes.clone(),
        log: g.log.clone(),
        last_turn: g.turns.lines(),
        result: g.result.clone(),
    }
}

/// Each area's stacks (by nation) and regalia.
fn area_views(g: &Peloria, d: &PeloriaData) -> Vec<AreaView> {
    let mut areas: Vec<AreaView> = (0..d.areas.len())
        .map(|_| AreaView {
            stacks: Vec::new(),
            regalia: Vec::new(),
        })
        .collect();
    for u in &g.units {
        let av = &mut areas[u.area as usize];
        let n = u.nation as usize;
        match av.stacks.iter_mut().find(|s| s.nation == n) {
            Some(s) => s.kinds[u.kind.index()] += 1,
            None => {
                let mut kinds = [0; 5];
                kinds[u.kind.index()] = 1;
                av.stacks.push(Stack { nation: n, kinds });
            }
        }
    }
    for av in &mut areas {
        av.stacks.sort_by_key(|s| s.nation);
    }
    for (p, at) in g.regalia.iter().enumerate() {
        if let Some(a) = at {
            areas[*a].regalia.push(p);
        }
    }
    areas
}

/// Who is asked what now, in words.
fn prompt_text(g: &Peloria, d: &PeloriaData, bidding: bool) -> String {
    match g.prompts.top() {
        Some(Pending::Hit {
            seat,
            nation,
            result,
        }) => format!(
            "{}: choose which {} unit the result {result} kills (`hit <kind>`, or `hit <kind> \
             from <area>` when units of a kind came by different ways)",
            g.players[*seat], d.nations[*nation].name
        ),
        Some(Pending::Retreat { seat, nation }) => format!(
            "{}: retreat {} units (`retreat <from> <to> <kind>`) or `stay`",
            g.players[*seat], d.nations[*nation].name
        ),
        Some(Pending::Heroes { quotas }) => {
            let owing: Vec<String> = quotas
                .iter()
                .filter(|q| q.owed > 0)
                .map(|q| {
                    format!(
                        "{} {} more {}",
                        g.players[q.seat], q.owed, d.nations[q.nation].name
                    )
                })
                .collect();
            format!(
                "Call to Heroes removals, each player picks their own units \
                 (`remove <nation> <area> [kind]`, not from Ralios or Karia): {}",
                owing.join(", ")
            )
        }
        None if bidding => "every player bids in secret (`bid <nation> <n>`, then `seal`)".into(),
        None if g.result.is_some() => "the game is over".into(),
        None => format!(
            "{}: the {} {} phase",
            g.players[g.turn_owner],
            d.nations[g.turn].name,
            phase_words(&g.phase)
        ),
    }
}

/// The phase as a player reads it: an invasion turn's second cycle of movement, stacking
/// and battles says so (PEL-INV-1), so the board, the prompt and a computer player's view of
/// the position tell the two cycles apart.
fn phase_words(phase: &Phase) -> String {
    match phase {
        Phase::Move { cycle: 2 } | Phase::Stacking { cycle: 2 } | Phase::Battle { cycle: 2 } => {
            format!("second {}", phase_name(phase))
        }
        _ => phase_name(phase).to_string(),
    }
}

pub(super) fn describe(d: &PeloriaData, v: &View) -> String {
    let mut out = format!(
        "History of Peloria — round {}/{}, {} turn ({}).\n",
        v.round, ROUNDS, d.nations[v.nation].name, v.phase
    );
    out.push_str(&format!("Now: {}.\n", v.prompt));
    for p in &v.players {
        let sealed = p
            .commitment
            .as_ref()
            .map(|c| format!(" (bid sealed, commitment {c})"))
            .unwrap_or_default();
        out.push_str(&format!("{}: {} VP{sealed}\n", p.name, p.vp));
    }
    if let Some(e) = v.emperor {
        out.push_str(&format!(
            "Emperor: the {} (claimed with {}).\n",
            d.nations[e].name,
            units(u32::from(v.emperor_need), "piece")
        ));
    }
    write_nations(&mut out, d, v);
    if let Some(b) = &v.my_bid {
        out.push_str(&format!("Your draft bid: {b}.\n"));
    }
    if let Some(r) = &v.result {
        out.push_str(&format!("{}\n", r.note));
    }
    out
}

/// One line per nation on the board or with VP: owner, VP, population track and its
/// units area by area (`2i 1c`: letters of the kinds, legend first).
fn write_nations(out: &mut String, d: &PeloriaData, v: &View) {
    out.push_str("Nations (units: i infantry, c cavalry, d dragon, b Bat, f forest):\n");
    for (n, nv) in v.nations.iter().enumerate() {
        let held: Vec<String> = v
            .areas
            .iter()
            .enumerate()
            .filter_map(|(a, av)| {
                let stack = av.stacks.iter().find(|s| s.nation == n)?;
                let kinds: Vec<String> = Kind::NAMES
                    .iter()
                    .zip(stack.kinds)
                    .filter(|(_, count)| *count > 0)
                    .map(|(name, count)| format!("{count}{}", &name[..1]))
                    .collect();
                Some(format!("{} {}", d.areas[a].name, kinds.join(" ")))
            })
            .collect();
        if held.is_empty() && nv.vp == 0 {
            continue;
        }
        let owner = v
            .players
            .get(d.nations[n].player)
            .map(|p| p.name.as_str())
            .unwrap_or("?");
        let _ = writeln!(
            out,
            "{} ({owner}): {} VP, track {}, holds {}: {}",
            d.nations[n].name,
            nv.vp,
            nv.track,
            units(nv.areas as u32, "area"),
            if held.is_empty() {
                "no units".to_string()
            } else {
                held.join(", ")
            }
        );
    }
}

pub(super) fn private_markers(g: &Peloria, d: &PeloriaData, seat: Seat) -> Vec<String> {
    if g.phase == Phase::Bids && seat < PLAYERS {
        vec![format!("Your draft bid: {}", g.bid_text(d, seat))]
    } else {
        Vec::new()
    }
}

pub(super) fn scramble(g: &mut Peloria, d: &PeloriaData, holder: Holder, rng: &mut GameRng) {
    let Holder::Seat(seat) = holder else {
        // Nobody's: the RNG's future draws (battle dice, salts).
        g.rng = GameRng::new(rng.next_u64());
        return;
    };
    if g.phase != Phase::Bids || seat >= PLAYERS {
        return;
    }
    // Another bid, drafted or sealed (a sealed one keeps its public commitment, under a
    // fresh salt: the copy's reveal does not check commitments).
    let mut draft = vec![0u8; NATIONS];
    for (n, slot) in draft.iter_mut().enumerate() {
        if d.nations[n].player == seat && d.heroes[n] {
            *slot = rng.below(g.removable(d, n) + 1) as u8;
        }
    }
    g.bids.replace_for_scramble(seat, draft, rng);
}
