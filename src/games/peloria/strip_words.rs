//! Peloria's status strip in few rows (issue #49: every event of the last turn read at a
//! glance): the log's lines of a turn worded compactly. Each line is read back into what
//! it says and accepted only if the log's own wording of that gives the line again
//! exactly ([`Move::read`] and the readers here); a line no reader accepts is shown as it
//! is. `game history` keeps every line whole.
//!
//! - A nation's run of moves is one line ([`word_moves`]), and so are its run of
//!   placements ("Pelorians placed infantry: Dog-Plains, 2× Lenshi.") and a run of the
//!   Call to Heroes' removals ("Call to Heroes removed: Praxians cavalry from 2× Tork,
//!   Imther; …").
//! - A battle is one line of short sentences: its rolls ("Round 1: Pelanda 3, Pelorians
//!   2-1=1."), retreats ("Pelorians infantry retreats to Dara-Ni."), deaths and outcome
//!   without repeating the battle's area.
//! - Seals and reveals of bids lose their commitments and salts (the bids stay).

use super::happening::{BattleEvent, Happening, HeroesEvent, Move, MoveNote, TurnEvent};
use super::{Kind, PeloriaData};

/// The lines the strip shows for the log lines `lines` (see the module doc).
pub(super) fn strip_lines(d: &PeloriaData, lines: &[String]) -> Vec<String> {
    join_battles(d, &compact_runs(d, &unhashed(lines)))
}

/// A log line about one unit that runs of such lines word together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum UnitLine {
    Moved(Move),
    Placed {
        nation: usize,
        kind: Kind,
        area: usize,
    },
    /// A Call to Heroes removal, with the units its quota still owes.
    Leaves {
        nation: usize,
        kind: Kind,
        area: usize,
        left: u8,
    },
}

impl UnitLine {
    /// The unit line `line` is, if the log words exactly that.
    fn read(d: &PeloriaData, line: &str) -> Option<UnitLine> {
        if let Some(m) = Move::read(d, line) {
            return Some(UnitLine::Moved(m));
        }
        let found = match line.strip_prefix("Call to Heroes: one ") {
            Some(rest) => {
                let (nation, rest) = nation_prefix(d, rest)?;
                let (kind, rest) = rest.split_once(" leaves ")?;
                let (area, left) = rest.strip_suffix(" more to go).")?.rsplit_once(" (")?;
                let ev = HeroesEvent::Leaves {
                    nation,
                    kind: Kind::parse(kind)?,
                    area: d.area(area)?,
                    left: left.parse().ok()?,
                };
                Happening::Heroes(ev)
            }
            None => {
                let (nation, rest) = line.split_once(": a new ")?;
                let (kind, area) = rest.strip_suffix('.')?.split_once(" is placed in ")?;
                let ev = TurnEvent::Placed {
                    nation: d.nation(nation)?,
                    kind: Kind::parse(kind)?,
                    area: d.area(area)?,
                };
                Happening::Turn(ev)
            }
        };
        if found.text(d, &[]) != line {
            return None;
        }
        match found {
            Happening::Heroes(HeroesEvent::Leaves {
                nation,
                kind,
                area,
                left,
            }) => Some(UnitLine::Leaves {
                nation,
                kind,
                area,
                left,
            }),
            Happening::Turn(TurnEvent::Placed { nation, kind, area }) => {
                Some(UnitLine::Placed { nation, kind, area })
            }
            _ => None,
        }
    }

    /// Lines that go in one run line: moves and placements of one nation, removals of any.
    fn same_run(&self, other: &UnitLine) -> bool {
        match (self, other) {
            (UnitLine::Moved(a), UnitLine::Moved(b)) => a.nation == b.nation,
            (UnitLine::Placed { nation: a, .. }, UnitLine::Placed { nation: b, .. }) => a == b,
            (UnitLine::Leaves { .. }, UnitLine::Leaves { .. }) => true,
            _ => false,
        }
    }
}

/// The nation whose name starts `s` (followed by a space), and the rest after the space.
fn nation_prefix<'a>(d: &PeloriaData, s: &'a str) -> Option<(usize, &'a str)> {
    d.nations.iter().enumerate().find_map(|(i, n)| {
        let rest = s.strip_prefix(n.name.as_str())?.strip_prefix(' ')?;
        Some((i, rest))
    })
}

/// `lines` with each run of two or more unit lines of a kind ([`UnitLine::same_run`]) in
/// one line; every other line, and a lone unit line, as it is.
fn compact_runs(d: &PeloriaData, lines: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    let mut run: Vec<(UnitLine, &String)> = Vec::new();
    let flush = |run: &mut Vec<(UnitLine, &String)>, out: &mut Vec<String>| {
        match run.as_slice() {
            [] => {}
            [(_, line)] => out.push(line.to_string()),
            more => out.push(word_run(d, &more.iter().map(|u| u.0).collect::<Vec<_>>())),
        }
        run.clear();
    };
    for line in lines {
        match UnitLine::read(d, line) {
            Some(u) => {
                if run.first().is_some_and(|(f, _)| !f.same_run(&u)) {
                    flush(&mut run, &mut out);
                }
                run.push((u, line));
            }
            None => {
                flush(&mut run, &mut out);
                out.push(line.clone());
            }
        }
    }
    flush(&mut run, &mut out);
    out
}

/// One run of unit lines of a kind ([`UnitLine::same_run`]) in one line.
fn word_run(d: &PeloriaData, run: &[UnitLine]) -> String {
    let moves: Vec<Move> = run
        .iter()
        .filter_map(|u| match u {
            UnitLine::Moved(m) => Some(*m),
            _ => None,
        })
        .collect();
    if !moves.is_empty() {
        return word_moves(d, &moves);
    }
    let area = |a: usize| d.areas[a].name.as_str();
    match run.first() {
        Some(&UnitLine::Placed { nation, .. }) => {
            let placed: Vec<(Kind, &str)> = run
                .iter()
                .filter_map(|u| match *u {
                    UnitLine::Placed { kind, area: a, .. } => Some((kind, area(a))),
                    _ => None,
                })
                .collect();
            let one_kind = placed.iter().all(|p| p.0 == placed[0].0);
            let items = counted(placed.iter().map(|&(kind, a)| match one_kind {
                true => a.to_string(),
                false => format!("{} {a}", kind.name()),
            }));
            let kind = match one_kind {
                true => format!(" {}", placed[0].0.name()),
                false => String::new(),
            };
            format!("{} placed{kind}: {}.", d.nations[nation].name, items)
        }
        _ => {
            // Removals: each nation and kind in turn, its areas counted, and what its
            // quota still owes after its last removal here.
            let mut groups: Vec<(usize, Kind, Vec<&str>, u8)> = Vec::new();
            for u in run {
                if let UnitLine::Leaves {
                    nation,
                    kind,
                    area: a,
                    left,
                } = *u
                {
                    match groups.last_mut() {
                        Some(g) if g.0 == nation && g.1 == kind => {
                            g.2.push(area(a));
                            g.3 = left;
                        }
                        _ => groups.push((nation, kind, vec![area(a)], left)),
                    }
                }
            }
            let parts: Vec<String> = groups
                .iter()
                .map(|(n, kind, areas, left)| {
                    let owed = match left {
                        0 => String::new(),
                        _ => format!(" ({left} more to go)"),
                    };
                    let areas = counted(areas.iter().map(|a| a.to_string()));
                    format!("{} {} from {areas}{owed}", d.nations[*n].name, kind.name())
                })
                .collect();
            format!("Call to Heroes removed: {}.", parts.join("; "))
        }
    }
}

/// `items` joined with ", ", each run of one item said once with its count ("2× Tork").
fn counted(items: impl Iterator<Item = String>) -> String {
    let mut out: Vec<(usize, String)> = Vec::new();
    for item in items {
        match out.last_mut() {
            Some((n, last)) if *last == item => *n += 1,
            _ => out.push((1, item)),
        }
    }
    let words: Vec<String> = out
        .into_iter()
        .map(|(n, item)| match n {
            1 => item,
            n => format!("{n}\u{d7} {item}"),
        })
        .collect();
    words.join(", ")
}

/// One nation's run of moves in one line: "Hyalorings moved: cavalry Doblian → Sanken →
/// Oronin, 2× infantry Sanken → Oronin (stops)." (the kind said once if it is the same
/// throughout: "Praxians moved cavalry: …"). A unit's moves on from where it ended join
/// its path; the same move of several units of a kind is counted.
pub(super) fn word_moves(d: &PeloriaData, moves: &[Move]) -> String {
    // Each item: a kind, how many units, the areas of their path, how the last move ended.
    let mut items: Vec<(Kind, u32, Vec<usize>, MoveNote)> = Vec::new();
    for m in moves {
        match items.last_mut() {
            Some((k, 1, path, note))
                if *k == m.kind && *note == MoveNote::None && path.last() == Some(&m.from) =>
            {
                path.push(m.to);
                *note = m.note;
            }
            Some((k, n, path, note))
                if *k == m.kind && *note == m.note && path[..] == [m.from, m.to] =>
            {
                *n += 1
            }
            _ => items.push((m.kind, 1, vec![m.from, m.to], m.note)),
        }
    }
    // One kind throughout: it is said once, after "moved".
    let one_kind = items.iter().all(|it| it.0 == items[0].0);
    let worded: Vec<String> = items
        .iter()
        .map(|(kind, n, path, note)| {
            let names: Vec<&str> = path.iter().map(|&a| d.areas[a].name.as_str()).collect();
            let count = if *n > 1 {
                format!("{n}\u{d7} ")
            } else {
                String::new()
            };
            let kind = if one_kind { "" } else { kind.name() };
            let ended = match note {
                MoveNote::None => "",
                MoveNote::Stops => " (stops)",
                MoveNote::NeedNotStop => " (need not stop)",
                MoveNote::MayOverrun => " (may overrun)",
            };
            let sep = if kind.is_empty() { "" } else { " " };
            format!("{count}{kind}{sep}{}{ended}", names.join(" \u{2192} "))
        })
        .collect();
    let nation = moves
        .first()
        .map_or("?", |m| d.nations[m.nation].name.as_str());
    let kind = match (one_kind, items.first()) {
        (true, Some(it)) => format!(" {}", it.0.name()),
        _ => String::new(),
    };
    format!("{nation} moved{kind}: {}.", worded.join(", "))
}

/// `lines` with each battle's lines, from "Battle in X: …" to "Battle in X over: …" (or
/// the last line, for a battle still being fought), in one line: its first sentence as it
/// is, then each line after it in the short wording of [`in_battle`].
fn join_battles(d: &PeloriaData, lines: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut open: Option<String> = None;
    for line in lines {
        match line
            .strip_prefix("Battle in ")
            .and_then(|r| r.split_once(':'))
        {
            Some((area, _)) if !area.ends_with(" over") && open.is_none() => {
                open = Some(area.to_string());
                out.push(line.clone());
            }
            _ => match (&open, out.last_mut()) {
                (Some(area), Some(last)) => {
                    last.push(' ');
                    last.push_str(&in_battle(d, area, line));
                    if line.starts_with(&format!("Battle in {area} over:")) {
                        open = None;
                    }
                }
                _ => out.push(line.clone()),
            },
        }
    }
    out
}

/// A line of the battle in the area named `area`, worded without the area (the battle's
/// line names it): "Round 1: Pelanda 3, Pelorians 2-1=1.", "Pelorians infantry retreats to
/// Dara-Ni.", "Alkoth infantry dies (+1 VP to the Soldiers).", "The Pelanda hold Vanch."
/// Any other line (or one this cannot read back exactly) as it is.
fn in_battle(d: &PeloriaData, area: &str, line: &str) -> String {
    let Some(at) = d.area(area) else {
        return line.to_string();
    };
    let nation = |name: &str| d.nation(name);
    let short = || -> Option<(BattleEvent, String)> {
        if let Some(rest) = line.strip_prefix(&format!("Battle in {area} over: ")) {
            let holder = match rest.strip_suffix(&format!(" hold {area}.")) {
                Some(n) => Some(nation(n.strip_prefix("the ")?)?),
                None => None,
            };
            let said = match rest.strip_prefix("the ") {
                Some(r) => format!("The {r}"),
                None => rest.to_string(),
            };
            return Some((BattleEvent::Over { area: at, holder }, said));
        }
        if let Some(rest) = line.strip_prefix(&format!("{area} round ")) {
            let (round, rest) = rest.split_once(": ")?;
            let (a, b) = rest.strip_suffix('.')?.split_once("; ")?;
            let ((an, ad), (bn, bd)) = (a.split_once(" roll ")?, b.split_once(" roll ")?);
            let ev = BattleEvent::Rolled {
                area: at,
                round: round.parse().ok()?,
                attacker: nation(an)?,
                attacker_dice: ad.to_string(),
                defender: nation(bn)?,
                defender_dice: bd.to_string(),
            };
            return Some((ev, format!("Round {round}: {an} {ad}, {bn} {bd}.")));
        }
        if let Some((n, rest)) = line.split_once(": one ") {
            let (kind, to) = rest.strip_suffix('.')?.split_once(" retreats from ")?;
            let to = to.strip_prefix(area)?.strip_prefix(" to ")?;
            let ev = BattleEvent::Retreated {
                nation: nation(n)?,
                kind: Kind::parse(kind)?,
                from: at,
                to: d.area(to)?,
            };
            return Some((ev, format!("{n} {kind} retreats to {to}.")));
        }
        let unit = line.strip_prefix("A ").or(line.strip_prefix("An "))?;
        let (n, rest) = nation_prefix(d, unit)?;
        let (kind, rest) = rest.split_once(" dies in ")?;
        let rest = rest.strip_prefix(area)?.strip_suffix('.')?;
        let (vp, killer) = match rest.strip_prefix(" (+") {
            Some(r) => {
                let (vp, killer) = r.strip_suffix(')')?.split_once(" VP to the ")?;
                (vp.parse().ok()?, nation(killer)?)
            }
            None => (0, n),
        };
        let ev = BattleEvent::Died {
            nation: n,
            kind: Kind::parse(kind)?,
            area: at,
            killer,
            vp,
        };
        let name = &d.nations[n].name;
        Some((ev, format!("{name} {kind} dies{rest}.")))
    };
    match short() {
        Some((ev, said)) if Happening::Battle(ev.clone()).text(d, &[]) == line => said,
        _ => line.to_string(),
    }
}

/// `lines` with the Call to Heroes' seals and reveals worded without their commitments and
/// salts (the bids stay; `game history` has them whole), and a run of seals in one line.
fn unhashed(lines: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut sealed: Vec<&str> = Vec::new();
    let flush = |sealed: &mut Vec<&str>, out: &mut Vec<String>| {
        if !sealed.is_empty() {
            out.push(format!("Bids sealed: {}.", sealed.join(", ")));
        }
        sealed.clear();
    };
    for line in lines {
        if let Some(name) = sealer(line) {
            sealed.push(name);
            continue;
        }
        flush(&mut sealed, &mut out);
        out.push(unsalted(line).unwrap_or_else(|| line.clone()));
    }
    flush(&mut sealed, &mut out);
    out
}

/// Whether `s` is a hash as the log shows it: hexadecimal digits.
fn is_hex(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| c.is_ascii_hexdigit())
}

/// The player who sealed a bid, if `line` is the log's line of a seal.
fn sealer(line: &str) -> Option<&str> {
    let (name, hash) = line
        .strip_suffix('.')?
        .rsplit_once(" sealed a Call to Heroes bid, commitment ")?;
    is_hex(hash).then_some(name)
}

/// A reveal's line without its salt and commitment, if `line` is one.
fn unsalted(line: &str) -> Option<String> {
    let (head, rest) = line.split_once("` (salt ")?;
    let (hashes, tail) = rest.split_once("): ")?;
    let (salt, commitment) = hashes.split_once(", commitment ")?;
    (head.contains(" revealed `") && is_hex(salt) && is_hex(commitment))
        .then(|| format!("{head}`: {tail}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(s: &[&str]) -> Vec<String> {
        s.iter().map(|l| l.to_string()).collect()
    }

    /// The log's own lines of the events (so the readers follow its wording).
    fn logged(d: &PeloriaData, events: Vec<Happening>) -> Vec<String> {
        let names = ["Ann", "Bob", "Cy", "Dee"].map(String::from);
        events.iter().map(|e| e.text(d, &names)).collect()
    }

    fn board() -> PeloriaData {
        super::super::parse_board(super::super::BOARD).unwrap()
    }

    fn at(d: &PeloriaData, name: &str) -> usize {
        d.area(name).unwrap()
    }

    fn nation(d: &PeloriaData, name: &str) -> usize {
        d.nation(name).unwrap()
    }

    /// A nation's run of placements and a run of the Call to Heroes' removals are each one
    /// line, places counted; a lone placement stays as the log words it.
    #[test]
    fn runs_of_placements_and_removals_are_one_line_each() {
        let d = board();
        let (pel, hya, pra) = (
            nation(&d, "Pelorians"),
            nation(&d, "Hyalorings"),
            nation(&d, "Praxians"),
        );
        let place = |nation, kind, a: &str| {
            Happening::Turn(TurnEvent::Placed {
                nation,
                kind,
                area: at(&d, a),
            })
        };
        let leave = |nation, kind, a: &str, left| {
            Happening::Heroes(HeroesEvent::Leaves {
                nation,
                kind,
                area: at(&d, a),
                left,
            })
        };
        let log = logged(
            &d,
            vec![
                place(pel, Kind::Infantry, "Dog-Plains"),
                place(pel, Kind::Infantry, "Lenshi"),
                place(pel, Kind::Infantry, "Lenshi"),
                place(hya, Kind::Cavalry, "Talastar"),
                place(hya, Kind::Infantry, "Sanken"),
                place(pel, Kind::Infantry, "Darjiin"),
                leave(pra, Kind::Cavalry, "Dragon-Pass", 4),
                leave(pra, Kind::Cavalry, "Dragon-Pass", 3),
                leave(pra, Kind::Cavalry, "Imther", 2),
                leave(hya, Kind::Cavalry, "Sylila", 1),
            ],
        );
        let shown = strip_lines(&d, &log);
        let want = [
            "Pelorians placed infantry: Dog-Plains, 2× Lenshi.",
            "Hyalorings placed: cavalry Talastar, infantry Sanken.",
            "Pelorians: a new infantry is placed in Darjiin.",
            "Call to Heroes removed: Praxians cavalry from 2× Dragon-Pass, Imther (2 more to go); \
             Hyalorings cavalry from Sylila (1 more to go).",
        ];
        assert_eq!(shown, lines(&want));
    }

    /// A battle is one line: its first sentence, then rolls, retreats, deaths and its
    /// outcome without the area; a line of another wording inside it is kept whole.
    #[test]
    fn a_battle_reads_in_short_sentences() {
        let d = board();
        let (pla, pel, sol) = (
            nation(&d, "Pelanda"),
            nation(&d, "Pelorians"),
            nation(&d, "Soldiers"),
        );
        let vanch = at(&d, "Vanch");
        let battle = |e| Happening::Battle(e);
        let log = logged(
            &d,
            vec![
                battle(BattleEvent::Begins {
                    area: vanch,
                    attacker: pla,
                    defender: pel,
                }),
                battle(BattleEvent::Rolled {
                    area: vanch,
                    round: 1,
                    attacker: pla,
                    attacker_dice: "6+1=7 3".into(),
                    defender: pel,
                    defender_dice: "2-1=1".into(),
                }),
                battle(BattleEvent::Retreated {
                    nation: pel,
                    kind: Kind::Infantry,
                    from: vanch,
                    to: at(&d, "Dara-Ni"),
                }),
                battle(BattleEvent::Died {
                    nation: pel,
                    kind: Kind::Cavalry,
                    area: vanch,
                    killer: pla,
                    vp: 0,
                }),
                battle(BattleEvent::Died {
                    nation: sol,
                    kind: Kind::Infantry,
                    area: vanch,
                    killer: pla,
                    vp: 2,
                }),
                Happening::Scoring(super::super::happening::ScoringEvent::Captured {
                    nation: pla,
                    area: vanch,
                    vp: 1,
                }),
                battle(BattleEvent::Over {
                    area: vanch,
                    holder: Some(pla),
                }),
                battle(BattleEvent::Over {
                    area: vanch,
                    holder: None,
                }),
            ],
        );
        let shown = strip_lines(&d, &log);
        let want = [
            "Battle in Vanch: Pelanda attack the Pelorians. Round 1: Pelanda 6+1=7 3, \
             Pelorians 2-1=1. Pelorians infantry retreats to Dara-Ni. Pelorians cavalry \
             dies. Soldiers infantry dies (+2 VP to the Pelanda). The Pelanda capture Vanch \
             (+1 VP). The Pelanda hold Vanch.",
            "Battle in Vanch over: Vanch is empty.",
        ];
        assert_eq!(shown, lines(&want));
    }

    /// Seals and reveals lose their hashes (a run of seals is one line); a line that only
    /// looks like one keeps them.
    #[test]
    fn seals_and_reveals_lose_their_hashes() {
        let d = board();
        let log = logged(
            &d,
            vec![
                Happening::Heroes(HeroesEvent::Sealed {
                    seat: 0,
                    commitment: "85a94969db54".into(),
                }),
                Happening::Heroes(HeroesEvent::Sealed {
                    seat: 1,
                    commitment: "cc295fc7873b".into(),
                }),
                Happening::Heroes(HeroesEvent::Revealed {
                    seat: 0,
                    bid: "Hirenmador 0, Praxians 5".into(),
                    salt: "ed0783ca236e140b".into(),
                    commitment: "85a94969db54".into(),
                    total: 5,
                    capped: vec![],
                }),
            ],
        );
        let mut log = log;
        log.push("Eve sealed a Call to Heroes bid, commitment of gold.".into());
        let shown = strip_lines(&d, &log);
        let want = [
            "Bids sealed: Ann, Bob.",
            "Ann revealed `Hirenmador 0, Praxians 5`: 5 units to remove.",
            "Eve sealed a Call to Heroes bid, commitment of gold.",
        ];
        assert_eq!(shown, lines(&want));
    }
}
