//! Places at the end of a game, from a score and tie-breaks, and the one-line note that
//! says who won and how ties were broken. Every game ranks through here; the players'
//! judgement of a game in progress reads a seat's lead here too ([`lead`]).
//!
//! Invariants:
//! - Places use competition ranking: 1 is best; seats with equal keys share a place and the
//!   next place skips (1, 1, 3). Some seat always has place 1 when there is a seat.
//! - The note starts with the verdict: "ann wins" or "ann and bob share the win".

use super::{FinalResult, Seat};
use std::cmp::Ordering;

/// One tie-break: a name for the note ("fewer pieces on the board") and one value per seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TieBreak {
    pub name: String,
    pub values: Vec<i64>,
    /// True if a higher value is better.
    pub higher_wins: bool,
}

impl TieBreak {
    /// A tie-break where more is better.
    pub fn most(name: impl Into<String>, values: Vec<i64>) -> Self {
        TieBreak {
            name: name.into(),
            values,
            higher_wins: true,
        }
    }
    /// A tie-break where less is better.
    pub fn fewest(name: impl Into<String>, values: Vec<i64>) -> Self {
        TieBreak {
            name: name.into(),
            values,
            higher_wins: false,
        }
    }
    fn cmp(&self, a: Seat, b: Seat) -> Ordering {
        let (x, y) = (self.values[a], self.values[b]);
        if self.higher_wins {
            y.cmp(&x)
        } else {
            x.cmp(&y)
        }
    }
}

/// Competition places for `seats` by `better` (Less = the first is better), starting at
/// `from`. Seats not listed keep their place in `places`.
pub fn assign_places(
    places: &mut [u32],
    seats: &[Seat],
    from: u32,
    better: impl Fn(Seat, Seat) -> Ordering,
) {
    for &s in seats {
        let ahead = seats
            .iter()
            .filter(|&&o| better(o, s) == Ordering::Less)
            .count();
        places[s] = from + ahead as u32;
    }
}

/// Places of all seats from a key per seat; higher keys are better.
pub fn places_by_key<K: Ord>(keys: &[K]) -> Vec<u32> {
    let mut places = vec![0; keys.len()];
    let seats: Vec<Seat> = (0..keys.len()).collect();
    assign_places(&mut places, &seats, 1, |a, b| keys[b].cmp(&keys[a]));
    places
}

/// "ann wins" or "ann and bob share the win" (or "nobody wins" without a place 1).
pub fn verdict(names: &[String], places: &[u32]) -> String {
    let winners: Vec<&str> = places
        .iter()
        .enumerate()
        .filter(|(_, &p)| p == 1)
        .map(|(s, _)| names.get(s).map(String::as_str).unwrap_or("?"))
        .collect();
    match winners.as_slice() {
        [] => "nobody wins".into(),
        [one] => format!("{one} wins"),
        many => {
            let (last, rest) = many.split_last().expect("at least two");
            format!("{} and {last} share the win", rest.join(", "))
        }
    }
}

/// Rank seats by `scores` (higher is better), breaking ties by `tiebreaks` in order.
/// `unit` names the score in the note ("VP", "points"). Seats tied on everything share a
/// place.
pub fn rank(names: &[String], scores: &[i64], unit: &str, tiebreaks: &[TieBreak]) -> FinalResult {
    let n = scores.len();
    let better = |a: Seat, b: Seat| {
        scores[b].cmp(&scores[a]).then_with(|| {
            tiebreaks
                .iter()
                .map(|t| t.cmp(a, b))
                .find(|o| *o != Ordering::Equal)
                .unwrap_or(Ordering::Equal)
        })
    };
    let mut places = vec![0; n];
    let seats: Vec<Seat> = (0..n).collect();
    assign_places(&mut places, &seats, 1, better);
    let mut note = verdict(names, &places);
    // Explain each group tied on the score.
    let mut done: Vec<i64> = Vec::new();
    for s in 0..n {
        let score = scores[s];
        if done.contains(&score) {
            continue;
        }
        let group: Vec<Seat> = (0..n).filter(|&o| scores[o] == score).collect();
        if group.len() < 2 {
            continue;
        }
        done.push(score);
        let who: Vec<&str> = group.iter().map(|&o| names[o].as_str()).collect();
        let mut tied = group.clone();
        let mut how = Vec::new();
        for t in tiebreaks {
            if tied.len() < 2 {
                break;
            }
            let vals: Vec<String> = tied
                .iter()
                .map(|&o| format!("{} {}", names[o], t.values[o]))
                .collect();
            how.push(format!("{} ({})", t.name, vals.join(", ")));
            let best = tied
                .iter()
                .copied()
                .min_by(|&a, &b| t.cmp(a, b))
                .expect("non-empty");
            tied.retain(|&o| t.cmp(o, best) == Ordering::Equal);
        }
        let mut line = format!("{} tie on {score} {unit}", who.join(", "));
        if !how.is_empty() {
            line.push_str(&format!(", broken by {}", how.join(", then ")));
        }
        if tied.len() > 1 {
            let still: Vec<&str> = tied.iter().map(|&o| names[o].as_str()).collect();
            line.push_str(&format!("; {} remain tied", still.join(", ")));
        }
        note.push_str("; ");
        note.push_str(&line);
    }
    FinalResult {
        scores: scores.to_vec(),
        places,
        note,
        shown: Vec::new(),
        breakdown: Vec::new(),
    }
}

/// How far `me` is ahead of the best other seat by `scores` (one per seat; behind:
/// negative); alone, its own score; without an entry for `me`, 0.
pub fn lead(scores: &[f64], me: Seat) -> f64 {
    let Some(&mine) = scores.get(me) else {
        return 0.0;
    };
    let others = scores.iter().enumerate().filter(|&(s, _)| s != me);
    match others.map(|(_, &v)| v).reduce(f64::max) {
        Some(best_other) => mine - best_other,
        None => mine,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{BreakdownMismatch, ScorePart};

    fn names(n: usize) -> Vec<String> {
        ["ann", "bob", "cy", "dee"][..n]
            .iter()
            .map(|s| s.to_string())
            .collect()
    }

    #[test]
    fn competition_places_and_verdicts() {
        assert_eq!(places_by_key(&[5, 9, 5, 1]), vec![2, 1, 2, 4]);
        assert_eq!(places_by_key(&[3, 3, 1]), vec![1, 1, 3]);
        assert_eq!(verdict(&names(3), &[2, 1, 3]), "bob wins");
        assert_eq!(verdict(&names(3), &[1, 1, 3]), "ann and bob share the win");
        assert_eq!(
            verdict(&names(3), &[1, 1, 1]),
            "ann, bob and cy share the win"
        );
    }

    #[test]
    fn tie_breaks_apply_in_order_only_among_tied() {
        let r = rank(
            &names(4),
            &[10, 10, 10, 12],
            "VP",
            &[
                TieBreak::fewest("fewer pieces", vec![3, 2, 2, 9]),
                TieBreak::most("longest route", vec![0, 4, 5, 0]),
            ],
        );
        assert_eq!(r.places, vec![4, 3, 2, 1]);
        assert!(r.note.starts_with("dee wins; ann, bob, cy tie on 10 VP, broken by fewer pieces (ann 3, bob 2, cy 2), then longest route (bob 4, cy 5)"), "{}", r.note);
        let r = rank(
            &names(2),
            &[4, 4],
            "VP",
            &[TieBreak::most("money", vec![1, 1])],
        );
        assert_eq!(r.places, vec![1, 1]);
        assert!(r.note.starts_with("ann and bob share the win"));
        assert!(r.note.ends_with("ann, bob remain tied"), "{}", r.note);
    }

    fn parts(list: &[(&str, i64)]) -> Vec<ScorePart> {
        list.iter().map(|&(n, p)| ScorePart::new(n, p)).collect()
    }

    #[test]
    fn standings_give_each_seat_its_score_parts() {
        let r = rank(&names(2), &[10, 12], "VP", &[]).with_breakdown(vec![
            parts(&[("claims", 4), ("regions", 6)]),
            parts(&[("claims", 5), ("regions", 9), ("route cards", -2)]),
        ]);
        assert_eq!(r.check_breakdown(), Ok(()));
        assert_eq!(
            r.standings(&["ann", "bob"]),
            "1. bob: 12 (claims 5, regions 9, route cards -2)\n2. ann: 10 (claims 4, regions 6)\nbob wins"
        );
        assert_eq!(r.score_text(0), "10 (claims 4, regions 6)");
        assert_eq!(
            r.parts_in_brackets(1),
            " (claims 5, regions 9, route cards -2)"
        );
    }

    #[test]
    fn parts_that_do_not_add_up_are_caught() {
        let r = rank(&names(2), &[10, 12], "VP", &[])
            .with_breakdown(vec![parts(&[("claims", 10)]), parts(&[("claims", 11)])]);
        assert_eq!(
            r.check_breakdown(),
            Err(BreakdownMismatch {
                seat: 1,
                score: 12,
                parts_sum: 11
            })
        );
        assert!(r
            .check_breakdown()
            .unwrap_err()
            .to_string()
            .contains("add up to 11, not to its score 12"));
    }

    #[test]
    fn a_result_stored_without_parts_loads_and_shows_totals() {
        let old = r#"{"scores":[10,12],"places":[2,1],"note":"bob wins","shown":[]}"#;
        let r: FinalResult = serde_json::from_str(old).unwrap();
        assert!(r.breakdown.is_empty());
        assert_eq!(r.check_breakdown(), Ok(()));
        assert_eq!(
            r.standings(&["ann", "bob"]),
            "1. bob: 12\n2. ann: 10\nbob wins"
        );
        let back: FinalResult = serde_json::from_str(&serde_json::to_string(&r).unwrap()).unwrap();
        assert_eq!(back, r);
    }

    #[test]
    fn a_lead_is_measured_against_the_best_other_seat() {
        assert_eq!(lead(&[5.0, 3.0, 4.0], 0), 1.0);
        assert_eq!(lead(&[2.0, 3.0, 1.0], 0), -1.0);
        assert_eq!(lead(&[7.0], 0), 7.0, "alone: its own score");
        assert_eq!(lead(&[], 0), 0.0, "no entry: no lead");
    }
}
