//! Scoring & End Game (rulebook section 6): the influences, the winner, and the goods
//! texts.

use super::*;
use crate::engine::{parts_text, ScorePart};

/// What one place by the winning rule is worth in the hint, in influence points: enough
/// that the places decide who leads in all but lopsided positions, few enough that the
/// influences behind them still tell the seats apart by a margin.
const HINT_PLACE: f64 = 10.0;

/// What a good in a seat's hand is worth in the hint, in influence points: a share of an
/// order it may help fill (two to four goods bring two rewards worth several points), so
/// that taking goods counts and spending them on an order counts more.
const GOOD_WORTH: f64 = 1.0;

impl Himalaya {
    pub(in crate::games::himalaya) fn finish(
        &mut self,
        data: &HimalayaData,
        events: &mut Vec<Event>,
    ) {
        let n = self.n();
        let infl: Vec<Influence> = (0..n)
            .map(|s| self.influence(data, s, self.yacks(data, s)))
            .collect();
        let (places, note) = rank(&self.players, &infl);
        let parts: Vec<Vec<ScorePart>> = (0..n).map(|s| self.yacks_parts(data, s)).collect();
        self.final_lines = (0..n)
            .map(|s| FinalLine {
                seat: s,
                name: self.players[s].clone(),
                religious: infl[s].religious,
                political: infl[s].political,
                economic: infl[s].economic,
                stupas: infl[s].stupas,
                delegations: infl[s].delegations,
                goods: goods_map(&self.hands[s]),
                kept_orders: self.kept[s]
                    .iter()
                    .map(|&o| OrderView::of(&data.orders[o]))
                    .collect(),
                inventory_markers: self.markers[s],
                place: places[s],
                economic_parts: parts[s].clone(),
            })
            .collect();
        let over = ScoringEvent::GameOver { note: note.clone() };
        self.say(data, events, over);
        let shown = (0..n).map(|s| infl[s].shown(&parts[s])).collect();
        let result = FinalResult {
            scores: infl.iter().map(|i| i.economic as i64).collect(),
            places,
            note,
            shown,
            breakdown: parts,
        };
        self.result = Some(result);
        self.phase = Phase::Finished;
    }
}

impl Himalaya {
    /// `seat`'s influences (HIM-SCORE), with `economic` yacks as its economic influence.
    fn influence(&self, data: &HimalayaData, seat: Seat, economic: u32) -> Influence {
        let religious: u32 = (0..VILLAGES)
            .filter(|&v| self.stupas[v] == Some(seat))
            .map(|v| data.villages[v].level as u32)
            .sum();
        let political = (0..data.regions.len())
            .filter(|&r| {
                let mine = self.delegations[r][seat];
                mine > 0 && (0..self.n()).all(|o| o == seat || self.delegations[r][o] < mine)
            })
            .count() as u32;
        Influence {
            religious,
            political,
            economic,
            stupas: STUPAS - self.stupas_left(seat),
            delegations: DELEGATIONS - self.delegations_left(seat),
        }
    }

    /// The evaluation hint (see [`crate::engine::Game::hint`]), from public information
    /// only: the places the winning rule (HIM-WIN) would give now with each seat's
    /// religious and political influence and, as economic influence, the yacks of its
    /// inventory markers and, for its kept orders, an order's mean yacks each (their yacks
    /// are hidden, their number is not: a filled order whose two rewards show only one
    /// stupa or delegations was kept, and a scramble keeps the number); [`HINT_PLACE`]
    /// points a place (the winner gets `HINT_PLACE * (n - 1)`), plus the influences
    /// themselves, summed, a point each: a step that gains a yack, a stupa's level or a
    /// region counts, as a player reading the score sheet would see it, even where the
    /// places stay; and [`GOOD_WORTH`] for each good in the seat's hand (how many goods a
    /// caravan holds is public: each good taken and each order paid is told to all, and a
    /// scramble keeps the number). Once the game is over, the final places.
    pub(in crate::games::himalaya) fn hint_places(&self, data: &HimalayaData) -> Vec<f64> {
        let n = self.n();
        let (places, infl) = match &self.result {
            Some(r) => (r.places.clone(), Vec::new()),
            None => {
                let infl: Vec<Influence> = (0..n)
                    .map(|s| self.influence(data, s, self.public_yacks(data, s)))
                    .collect();
                (rank(&self.players, &infl).0, infl)
            }
        };
        (0..n)
            .map(|s| {
                let spread = infl
                    .get(s)
                    .map_or(0, |i| i.religious + i.political + i.economic);
                let goods = match self.result {
                    Some(_) => 0,
                    None => self.hands[s].iter().map(|&c| c as u32).sum(),
                };
                HINT_PLACE * (n as f64 - places[s] as f64)
                    + spread as f64
                    + GOOD_WORTH * goods as f64
            })
            .collect()
    }

    /// `me`'s outlook (see [`crate::engine::Game::outlook`]): the hint once its program so
    /// far is carried out ([`Himalaya::carried_out`], which alone reads `me`'s program).
    pub(in crate::games::himalaya) fn outlook_for(
        &self,
        data: &HimalayaData,
        me: Seat,
    ) -> Vec<f64> {
        self.carried_out(data, me).hint_places(data)
    }

    /// How far `me` is ahead of the best other seat by the hint (behind: negative).
    pub(in crate::games::himalaya) fn lead_for(&self, data: &HimalayaData, me: Seat) -> f64 {
        crate::engine::rank::lead(&self.hint_places(data), me)
    }

    /// `seat`'s economic influence as every viewer can reckon it: its inventory markers'
    /// yacks, and its kept orders at an order card's mean yacks each (rounded).
    fn public_yacks(&self, data: &HimalayaData, seat: Seat) -> u32 {
        let cards = data.orders.len().max(1) as u32;
        let kept = self.kept[seat].len() as u32;
        self.markers[seat] * data.inventory_yacks + (kept * data.orders_yacks + cards / 2) / cards
    }

    /// The parts of `seat`'s economic influence, in yacks: its kept orders' and its
    /// inventory markers'.
    pub(in crate::games::himalaya) fn yacks_parts(
        &self,
        data: &HimalayaData,
        seat: Seat,
    ) -> Vec<ScorePart> {
        let orders: u32 = self.kept[seat].iter().map(|&o| data.orders[o].yacks).sum();
        let markers = self.markers[seat] * data.inventory_yacks;
        vec![
            ScorePart::new("kept orders", orders as i64),
            ScorePart::new("inventory markers", markers as i64),
        ]
    }
}

/// One seat's influence at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Influence {
    pub religious: u32,
    pub political: u32,
    pub economic: u32,
    pub stupas: u32,
    pub delegations: u32,
}

impl Influence {
    /// A standings line's text: the influences that decide the places (the economic one
    /// with its parts, `economic`), then the stupas and delegations the four-player
    /// tie-breaks use.
    fn shown(&self, economic: &[ScorePart]) -> String {
        let plural = |n: u32, one: &str| format!("{n} {one}{}", if n == 1 { "" } else { "s" });
        format!(
            "religious {}, political {}, economic {} yacks ({}); {}, {}",
            self.religious,
            self.political,
            self.economic,
            parts_text(economic),
            plural(self.stupas, "stupa"),
            plural(self.delegations, "delegation")
        )
    }
}

/// Places (1 = winner, ties share) and a one-line note, by the 3- or 4-player rule.
pub fn rank(names: &[String], infl: &[Influence]) -> (Vec<u32>, String) {
    let n = infl.len();
    let summary: Vec<String> = (0..n)
        .map(|s| {
            format!(
                "{} R{} P{} E{}",
                names[s], infl[s].religious, infl[s].political, infl[s].economic
            )
        })
        .collect();
    if n == 3 {
        rank_three(names, infl, &summary)
    } else {
        rank_by_elimination(names, infl, &summary)
    }
}

/// Places `from..` for `seats` by economic, then political, then religious influence
/// (higher is better), ties sharing (engine::rank).
fn assign_by_influence(places: &mut [u32], infl: &[Influence], seats: &[usize], from: u32) {
    let key = |s: usize| (infl[s].economic, infl[s].political, infl[s].religious);
    assign_places(places, seats, from, |a, b| key(b).cmp(&key(a)))
}

/// Three players: whoever alone leads two influences wins; otherwise by influence.
fn rank_three(names: &[String], infl: &[Influence], summary: &[String]) -> (Vec<u32>, String) {
    let n = infl.len();
    let mut places = vec![0u32; n];
    let sole = |f: &dyn Fn(usize) -> u32, s: usize| (0..n).all(|o| o == s || f(o) < f(s));
    let leads: Vec<usize> = (0..n)
        .map(|s| {
            [
                sole(&|x| infl[x].religious, s),
                sole(&|x| infl[x].political, s),
                sole(&|x| infl[x].economic, s),
            ]
            .iter()
            .filter(|b| **b)
            .count()
        })
        .collect();
    if let Some(w) = (0..n).find(|&s| leads[s] >= 2) {
        places[w] = 1;
        let rest: Vec<usize> = (0..n).filter(|&s| s != w).collect();
        assign_by_influence(&mut places, infl, &rest, 2);
        let note = format!(
            "{} leads {} of the 3 influences and wins; others by economic, political, religious ({}).",
            names[w],
            leads[w],
            summary.join(", ")
        );
        return (places, note);
    }
    let all: Vec<usize> = (0..n).collect();
    assign_by_influence(&mut places, infl, &all, 1);
    let note = format!(
        "No one leads 2 influences; ranked by economic, then political, then religious ({}).",
        summary.join(", ")
    );
    (places, note)
}

/// Four players (and any other count): elimination on religious, then political
/// influence, the rest by economic influence.
fn rank_by_elimination(
    names: &[String],
    infl: &[Influence],
    summary: &[String],
) -> (Vec<u32>, String) {
    let n = infl.len();
    let mut places = vec![0u32; n];
    // Four players (and any other count): elimination.
    let mut remaining: Vec<usize> = (0..n).collect();
    let mut notes = Vec::new();
    type Key = fn(&Influence) -> (u32, u32, u32);
    let rounds: [(&str, Key); 2] = [
        ("religious", |i| (i.religious, i.stupas, i.economic)),
        ("political", |i| (i.political, i.delegations, i.economic)),
    ];
    for (what, k) in rounds {
        // Elimination stops once two players are left: the last two are always compared on
        // economic influence, even if two went out together at the first step (HIM-WIN-10).
        if remaining.len() <= 2 {
            break;
        }
        let low = remaining
            .iter()
            .map(|&s| k(&infl[s]))
            .min()
            .unwrap_or_default();
        let out: Vec<usize> = remaining
            .iter()
            .copied()
            .filter(|&s| k(&infl[s]) == low)
            .collect();
        if out.len() == remaining.len() {
            notes.push(format!("all tie on {what} influence, no one is eliminated"));
            continue;
        }
        let place = (remaining.len() - out.len() + 1) as u32;
        for &s in &out {
            places[s] = place;
        }
        let who: Vec<&str> = out.iter().map(|&s| names[s].as_str()).collect();
        notes.push(format!(
            "{} out on least {what} influence",
            who.join(" and ")
        ));
        remaining.retain(|s| !out.contains(s));
    }
    assign_by_influence(&mut places, infl, &remaining, 1);
    let verdict = verdict(names, &places);
    let note = format!(
        "{}; {verdict} on economic influence (ties: political, then religious) ({}).",
        notes.join("; "),
        summary.join(", ")
    );
    (places, note)
}
