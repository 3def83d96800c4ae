//! The rules of Nepal, in rulebook order under phase banners; under each, the candidates
//! of its steps, their `*_ok` checks and the code performing them. [`Nepal::step_ok`] is the
//! one legality decision (a dispatcher onto the `*_ok` helpers): the engine's legal list
//! keeps the candidates it accepts, and a refused step gets its [`Forbidden`] reason with a
//! typed rules topic.

use super::board::spread;
use super::topics::{rule, Topic};
use super::{
    Breakdown, Card, EndTrigger, InPlay, Nepal, NepalData, Opts, Phase, Step, DECK_SIZE, FACE_UP,
    PIECES, REGIONS,
};
use crate::engine::rank::{places_by_key, verdict};
use crate::engine::{match_step, notation, Game, GameRng, ParseError, Rules};
use crate::engine::{Applied, Event, FinalResult, RuleError, Seat, SetupError};
use std::fmt::Write as _;

// ==== Setup ====

impl Nepal {
    pub(super) fn setup_game(
        data: &NepalData,
        players: &[String],
        opts: &Opts,
        seed: u64,
    ) -> Result<Self, SetupError> {
        let n = players.len();
        let opts = *opts;
        let used = DECK_SIZE[n - 3];
        if data.cards.len() < used {
            return Err(SetupError(format!(
                "the board has {} trade cards; {n} players need {used}",
                data.cards.len()
            )));
        }
        let mut rng = GameRng::new(seed);
        let mut order: Vec<u8> = (0..data.cards.len() as u8).collect();
        rng.shuffle(&mut order);
        order.truncate(used);
        let face: Vec<u8> = order.split_off(used - FACE_UP);
        let np = data.provinces.len();
        let mut pieces = vec![0u8; np * n];
        for s in 0..n {
            pieces[data.kathmandu * n + s] = 1;
        }
        Ok(Nepal {
            names: players.to_vec(),
            opts,
            phase: if opts.placement {
                Phase::Placement
            } else {
                Phase::Play
            },
            pieces,
            fortress: vec![None; np],
            fortress_built: vec![false; n],
            hand: vec![PIECES[n - 3] - 1; n],
            score: vec![0; n],
            deck: order,
            cards: face
                .into_iter()
                .map(|c| InPlay {
                    card: c,
                    claims: Vec::new(),
                    revealed_turn: 0,
                })
                .collect(),
            current: 0,
            moves: 0,
            grows: 0,
            actions: 0,
            this_turn: Vec::new(),
            turn: 1,
            placements_left: if opts.placement { 3 * n as u8 } else { 0 },
            end: None,
            result: None,
            breakdown: None,
            last_turn: Vec::new(),
            rng,
        })
    }
}

// ==== Refusals ====

/// Why a step is not legal now: cheap to compute (the legal list filters with it), turned
/// into a [`RuleError`] with its rules topic only when a player's step is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forbidden {
    GameOver,
    NotYourTurn,
    PlacementFirst,
    NotPlacement,
    UnknownProvince,
    NoActionsLeft,
    ThirdMove,
    ThirdGrow,
    NoPieceThere { from: u8 },
    NotAdjacent { from: u8, to: u8 },
    HandEmpty,
    GrowNeedsPiece { province: u8 },
    FortressOff,
    FortressBuilt,
    FortressNeedsWholeTurn,
    FortressInKathmandu,
    FortressTaken,
    FortressHand,
    ProvinceFull,
}

impl Forbidden {
    /// The rules topic that explains the refusal.
    fn topic(self) -> Topic {
        match self {
            Forbidden::GameOver => Topic::End,
            Forbidden::NotYourTurn => Topic::Turn,
            Forbidden::PlacementFirst | Forbidden::NotPlacement | Forbidden::ProvinceFull => {
                Topic::OptionStart
            }
            Forbidden::UnknownProvince => Topic::Board,
            Forbidden::NoActionsLeft | Forbidden::ThirdMove | Forbidden::ThirdGrow => {
                Topic::Actions
            }
            Forbidden::NoPieceThere { .. } | Forbidden::NotAdjacent { .. } => Topic::Move,
            Forbidden::HandEmpty | Forbidden::GrowNeedsPiece { .. } => Topic::Grow,
            Forbidden::FortressOff
            | Forbidden::FortressBuilt
            | Forbidden::FortressNeedsWholeTurn
            | Forbidden::FortressInKathmandu
            | Forbidden::FortressTaken
            | Forbidden::FortressHand => Topic::OptionFortress,
        }
    }

    /// Why, in words a player can act on.
    fn reason(self, data: &NepalData) -> String {
        let name = |p: u8| data.province_name(p);
        match self {
            Forbidden::GameOver => "the game is over".into(),
            Forbidden::NotYourTurn => "it is not your turn".into(),
            Forbidden::PlacementFirst => {
                "the start placement comes first: use `place <province>`".into()
            }
            Forbidden::NotPlacement => "`place` is only used during the start placement".into(),
            Forbidden::UnknownProvince => "no such province".into(),
            Forbidden::NoActionsLeft => {
                "you have used your three actions this turn; type `end`".into()
            }
            Forbidden::ThirdMove => {
                "you cannot take three actions of the same kind: a third move is not allowed".into()
            }
            Forbidden::ThirdGrow => {
                "you cannot take three actions of the same kind: a third grow is not allowed".into()
            }
            Forbidden::NoPieceThere { from } => {
                format!("you have no movable piece in {}", name(from))
            }
            Forbidden::NotAdjacent { from, to } => {
                format!("{} is not adjacent to {}", name(to), name(from))
            }
            Forbidden::HandEmpty => "you have no pieces left in your hand".into(),
            Forbidden::GrowNeedsPiece { province } => format!(
                "you can only grow where you already have a piece (or in Kathmandu); you have none in {}",
                name(province)
            ),
            Forbidden::FortressOff => "the fortress option is off in this game".into(),
            Forbidden::FortressBuilt => {
                "you have already built your fortress (once per game)".into()
            }
            Forbidden::FortressNeedsWholeTurn => {
                "a fortress takes all three actions: build it before any other action this turn"
                    .into()
            }
            Forbidden::FortressInKathmandu => "a fortress cannot be built in Kathmandu".into(),
            Forbidden::FortressTaken => "that province already has a fortress".into(),
            Forbidden::FortressHand => "a fortress needs two pieces from your hand".into(),
            Forbidden::ProvinceFull => {
                "that province is already at its population limit".into()
            }
        }
    }

    /// The refusal a player sees: the reason and the rules topic.
    pub(super) fn rule_error(self, data: &NepalData) -> RuleError {
        rule(self.topic(), self.reason(data))
    }
}

// ==== Turn sequence ====
// A turn is up to three actions (Move / Grow), then `end`, which claims trade routes,
// reveals new cards, resolves conflict and checks the end of the game, in that order.

impl Nepal {
    /// The one legality decision, by phase and step kind onto the `*_ok` helper under the
    /// banner of the rule (`legality` words its answer, `hopeless` uses it as it is).
    pub(super) fn step_ok(
        &self,
        data: &NepalData,
        seat: Seat,
        step: &Step,
    ) -> Result<(), Forbidden> {
        if self.phase == Phase::Over {
            return Err(Forbidden::GameOver);
        }
        if seat != self.current {
            return Err(Forbidden::NotYourTurn);
        }
        match (self.phase, *step) {
            (Phase::Placement, Step::Place(p)) => self.place_ok(data, seat, p),
            (Phase::Placement, _) => Err(Forbidden::PlacementFirst),
            (_, Step::Place(_)) => Err(Forbidden::NotPlacement),
            (_, Step::Move { from, to }) => self.move_ok(data, seat, from, to),
            (_, Step::Grow(p)) => self.grow_ok(data, seat, p),
            (_, Step::Fortress(p)) => self.fortress_ok(data, seat, p),
            (_, Step::End) => Ok(()),
        }
    }

    /// Pass the turn to the next seat around the table with a fresh set of actions.
    fn next_seat(&mut self) {
        self.current = (self.current + 1) % self.n();
        self.moves = 0;
        self.grows = 0;
        self.actions = 0;
        self.this_turn.clear();
    }

    /// `end`: the steps after the actions, in rulebook order.
    pub(super) fn end_turn(&mut self, data: &NepalData, seat: usize) -> Applied {
        let who = self.names[seat].clone();
        let mut events = vec![Event::public(format!("{who} ends the turn"))];
        let irreversible = self.claim_routes(data, seat, &mut events);
        self.conflicts(data, &mut events);
        let finished = self.check_end(seat, &mut events);
        self.last_turn = events.iter().map(|e| e.text.clone()).collect();
        self.turn += 1;
        if finished {
            self.finish(data);
            events.push(Event::public(format!(
                "game over: {}",
                self.result
                    .as_ref()
                    .map(|r| r.note.clone())
                    .unwrap_or_default()
            )));
            self.last_turn = events.iter().map(|e| e.text.clone()).collect();
        } else {
            self.next_seat();
        }
        Applied {
            events,
            irreversible,
            turn_ended: true,
            secret: false,
        }
    }
}

// ==== Actions: Move / Grow ====

impl Nepal {
    /// Is a province index on the board?
    fn on_board(data: &NepalData, p: u8) -> Result<(), Forbidden> {
        if (p as usize) < data.provinces.len() {
            Ok(())
        } else {
            Err(Forbidden::UnknownProvince)
        }
    }

    /// Three actions a turn, at most two of one kind (`done` of that kind so far).
    fn action_left(&self, done: u8, third: Forbidden) -> Result<(), Forbidden> {
        if self.actions >= 3 {
            Err(Forbidden::NoActionsLeft)
        } else if done >= 2 {
            Err(third)
        } else {
            Ok(())
        }
    }

    /// Every move from a province where `seat` has a piece to a neighbour.
    pub(super) fn move_candidates(&self, data: &NepalData, seat: Seat, steps: &mut Vec<Step>) {
        if self.actions >= 3 || self.moves >= 2 {
            return;
        }
        for from in 0..data.provinces.len() as u8 {
            if self.pieces_at(from as usize, seat) > 0 {
                steps.extend(
                    data.adj[from as usize]
                        .iter()
                        .map(|&to| Step::Move { from, to }),
                );
            }
        }
    }

    fn move_ok(&self, data: &NepalData, seat: Seat, from: u8, to: u8) -> Result<(), Forbidden> {
        Self::on_board(data, from)?;
        Self::on_board(data, to)?;
        self.action_left(self.moves, Forbidden::ThirdMove)?;
        if self.pieces_at(from as usize, seat) == 0 {
            return Err(Forbidden::NoPieceThere { from });
        }
        if data.adj_mask[from as usize] & (1 << to) == 0 {
            return Err(Forbidden::NotAdjacent { from, to });
        }
        Ok(())
    }

    /// Every province, while `seat` may still grow this turn.
    pub(super) fn grow_candidates(&self, data: &NepalData, seat: Seat, steps: &mut Vec<Step>) {
        if self.actions < 3 && self.grows < 2 && self.hand[seat] > 0 {
            steps.extend((0..data.provinces.len() as u8).map(Step::Grow));
        }
    }

    fn grow_ok(&self, data: &NepalData, seat: Seat, province: u8) -> Result<(), Forbidden> {
        Self::on_board(data, province)?;
        self.action_left(self.grows, Forbidden::ThirdGrow)?;
        if self.hand[seat] == 0 {
            return Err(Forbidden::HandEmpty);
        }
        let p = province as usize;
        if self.pieces_at(p, seat) == 0 && !self.exempt(p, seat, data) {
            return Err(Forbidden::GrowNeedsPiece { province });
        }
        Ok(())
    }

    /// Move one of `seat`'s pieces to an adjacent province (limits are only enforced by
    /// the conflict at the end of the turn).
    pub(super) fn move_piece(&mut self, data: &NepalData, seat: usize, f: u8, t: u8) -> Applied {
        let n = self.n();
        self.pieces[f as usize * n + seat] -= 1;
        self.pieces[t as usize * n + seat] += 1;
        self.moves += 1;
        self.actions += 1;
        self.this_turn.push(Step::Move { from: f, to: t });
        Applied {
            events: vec![Event::public(format!(
                "{} moves a piece from {} to {}",
                self.names[seat], data.provinces[f as usize].name, data.provinces[t as usize].name
            ))],
            ..Applied::default()
        }
    }

    /// Grow: one piece from the hand onto the map.
    pub(super) fn grow(&mut self, data: &NepalData, seat: usize, p: u8) -> Applied {
        let n = self.n();
        self.pieces[p as usize * n + seat] += 1;
        self.hand[seat] -= 1;
        self.grows += 1;
        self.actions += 1;
        self.this_turn.push(Step::Grow(p));
        Applied {
            events: vec![Event::public(format!(
                "{} grows in {}",
                self.names[seat], data.provinces[p as usize].name
            ))],
            ..Applied::default()
        }
    }
}

// ==== Claim trade routes ====

impl Nepal {
    /// Provinces `seat` controls for routes: a regular piece or its fortress.
    fn control_mask(&self, seat: usize) -> u64 {
        let n = self.n();
        let mut m = 0u64;
        for (p, f) in self.fortress.iter().enumerate() {
            if self.pieces[p * n + seat] > 0 || *f == Some(seat as u8) {
                m |= 1 << p;
            }
        }
        m
    }

    /// Is there a chain of adjacent controlled provinces from one end of `card` to the
    /// other? (An outside end is reached through the provinces its arrows point to.)
    fn route_linked(data: &NepalData, ctrl: u64, card: &Card) -> bool {
        let mut comp = ctrl & card.ends[0];
        if comp == 0 || ctrl & card.ends[1] == 0 {
            return false;
        }
        loop {
            if comp & card.ends[1] != 0 {
                return true;
            }
            let next = comp | (spread(&data.adj_mask, comp) & ctrl);
            if next == comp {
                return false;
            }
            comp = next;
        }
    }

    /// Does `seat` have an unbroken chain for `card` now?
    pub fn controls_route(&self, data: &NepalData, seat: usize, card: usize) -> bool {
        Self::route_linked(data, self.control_mask(seat), &data.cards[card])
    }

    /// The claim step of `seat`'s turn: every card in play before this step that `seat`
    /// links now and has not marked yet gets a marker from the hand (none with an empty
    /// hand), 3 VP for the first marker, 2 for the second, 0 later. A first marker reveals
    /// a new card, which cannot be claimed in this step. Returns whether a card was drawn.
    fn claim_routes(&mut self, data: &NepalData, seat: usize, events: &mut Vec<Event>) -> bool {
        let who = self.names[seat].clone();
        let mut revealed = false;
        let ctrl = self.control_mask(seat);
        let in_play = self.cards.len();
        for ci in 0..in_play {
            let card = &data.cards[self.cards[ci].card as usize];
            if self.cards[ci].claims.contains(&(seat as u8))
                || !Self::route_linked(data, ctrl, card)
            {
                continue;
            }
            if self.hand[seat] == 0 {
                events.push(Event::public(format!(
                    "{who} links {} but has no piece in hand to mark it",
                    card.label()
                )));
                continue;
            }
            self.hand[seat] -= 1;
            self.cards[ci].claims.push(seat as u8);
            let pos = self.cards[ci].claims.len();
            let pts = match pos {
                1 => 3,
                2 => 2,
                _ => 0,
            };
            self.score[seat] += pts;
            events.push(Event::public(format!(
                "{who} claims {} as claimant #{pos} (+{pts} VP)",
                card.label()
            )));
            if pos == 1 {
                revealed |= self.reveal(data, events);
            }
        }
        revealed
    }
}

// ==== Reveal new trade routes ====

impl Nepal {
    /// Turn up the next card of the deck, if any. Returns whether a card was drawn.
    fn reveal(&mut self, data: &NepalData, events: &mut Vec<Event>) -> bool {
        let Some(c) = self.deck.pop() else {
            return false;
        };
        self.cards.push(InPlay {
            card: c,
            claims: Vec::new(),
            revealed_turn: self.turn,
        });
        events.push(Event::public(format!(
            "new trade card revealed: {}",
            data.cards[c as usize].label()
        )));
        true
    }
}

// ==== Conflict (never in Kathmandu; a fortress works like Kathmandu for its owner) ====

impl Nepal {
    fn exempt(&self, p: usize, seat: usize, data: &NepalData) -> bool {
        p == data.kathmandu || self.fortress[p] == Some(seat as u8)
    }

    /// Population of `p` that counts against its limit (fortress owner's pieces excluded).
    pub(super) fn counted_population(&self, data: &NepalData, p: usize) -> u32 {
        (0..self.n())
            .filter(|&s| !self.exempt(p, s, data))
            .map(|s| self.pieces_at(p, s) as u32)
            .sum()
    }

    /// Conflict in province `p`: returns (seat, pieces removed) per affected seat.
    fn resolve_conflict(&mut self, data: &NepalData, p: usize) -> Vec<(usize, u8)> {
        let n = self.n();
        let Some(limit) = data.limit(p, self.opts.boom) else {
            return Vec::new();
        };
        let limit = limit as u32;
        let mut removed = vec![0u8; n];
        let involved: Vec<usize> = (0..n).filter(|&s| !self.exempt(p, s, data)).collect();
        loop {
            let total: u32 = involved
                .iter()
                .map(|&s| self.pieces[p * n + s] as u32)
                .sum();
            if total <= limit {
                break;
            }
            // One pass: groups by count at the start of the pass, smallest first.
            let mut counts: Vec<u8> = involved
                .iter()
                .map(|&s| self.pieces[p * n + s])
                .filter(|&c| c > 0)
                .collect();
            counts.sort_unstable();
            counts.dedup();
            let mut total = total;
            for c in counts {
                if total <= limit {
                    break;
                }
                for &s in &involved {
                    if self.pieces[p * n + s] == c {
                        self.pieces[p * n + s] -= 1;
                        self.hand[s] += 1;
                        removed[s] += 1;
                        total -= 1;
                    }
                }
            }
        }
        removed
            .iter()
            .enumerate()
            .filter(|(_, &r)| r > 0)
            .map(|(s, &r)| (s, r))
            .collect()
    }

    /// The conflict step: every province over its limit, wherever it is, is cut back.
    fn conflicts(&mut self, data: &NepalData, events: &mut Vec<Event>) {
        for p in 0..data.provinces.len() {
            if p == data.kathmandu {
                continue;
            }
            let Some(limit) = data.limit(p, self.opts.boom) else {
                continue;
            };
            if self.counted_population(data, p) <= limit as u32 {
                continue;
            }
            let removed = self.resolve_conflict(data, p);
            let parts: Vec<String> = removed
                .iter()
                .map(|(s, r)| format!("{} loses {r}", self.names[*s]))
                .collect();
            events.push(Event::public(format!(
                "conflict in {} (limit {limit}): {}",
                data.provinces[p].name,
                parts.join(", ")
            )));
        }
    }
}

// ==== End of the game ====

impl Nepal {
    /// After the conflict of `seat`'s turn (NEP-END-5 reading): an empty hand or an empty
    /// deck triggers the end; then every player, `seat` included, plays one more turn.
    /// Returns whether this turn was the last one.
    fn check_end(&mut self, seat: usize, events: &mut Vec<Event>) -> bool {
        let n = self.n();
        match &mut self.end {
            None => {
                let reason = if let Some(s) = (0..n).find(|&s| self.hand[s] == 0) {
                    Some(format!("{} has no pieces left in hand", self.names[s]))
                } else if self.deck.is_empty() {
                    Some("the trade deck is exhausted".to_string())
                } else {
                    None
                };
                if let Some(reason) = reason {
                    events.push(Event::public(format!(
                        "the end is triggered ({reason}): every player, {} included, plays one more turn",
                        self.names[seat]
                    )));
                    self.end = Some(EndTrigger {
                        by: seat,
                        reason,
                        turns_left: n,
                    });
                }
                false
            }
            Some(t) => {
                t.turns_left -= 1;
                t.turns_left == 0
            }
        }
    }
}

// ==== Final scoring ====

impl Nepal {
    /// Domination points per seat in region `r`.
    pub(super) fn region_points(&self, data: &NepalData, r: usize) -> Vec<i64> {
        let n = self.n();
        let mut stats: Vec<(u32, u32, usize)> = Vec::new();
        for s in 0..n {
            let (mut pcs, mut provs) = (0u32, 0u32);
            for p in 0..data.provinces.len() {
                if data.region_mask[r] & (1 << p) == 0 {
                    continue;
                }
                let c = self.pieces_at(p, s) as u32;
                pcs += c;
                provs += (c > 0) as u32;
                if self.fortress[p] == Some(s as u8) {
                    pcs += 2;
                    provs += 1;
                }
            }
            if pcs > 0 {
                stats.push((pcs, provs, s));
            }
        }
        stats.sort_by_key(|a| std::cmp::Reverse((a.0, a.1)));
        let pool = [5i64, 3];
        let mut pts = vec![0i64; n];
        let mut pos = 0;
        let mut i = 0;
        while i < stats.len() {
            let mut j = i;
            while j < stats.len() && (stats[j].0, stats[j].1) == (stats[i].0, stats[i].1) {
                j += 1;
            }
            let k = j - i;
            let share: i64 = (pos..pos + k)
                .map(|x| pool.get(x).copied().unwrap_or(0))
                .sum::<i64>()
                / k as i64;
            for st in &stats[i..j] {
                pts[st.2] = share;
            }
            pos += k;
            i = j;
        }
        pts
    }

    pub(super) fn pieces_on_board(&self, seat: usize) -> u32 {
        let n = self.n();
        let regular: u32 = (0..self.fortress.len())
            .map(|p| self.pieces[p * n + seat] as u32)
            .sum();
        regular
            + 2 * self
                .fortress
                .iter()
                .filter(|f| **f == Some(seat as u8))
                .count() as u32
    }

    /// Final scoring; sets the result and switches to [`Phase::Over`].
    pub(super) fn finish(&mut self, data: &NepalData) {
        let mut bd = self.final_breakdown(data);
        for b in bd.iter_mut() {
            b.total = b.during_game + b.regions.iter().sum::<i64>() + b.cards;
        }
        // Most VP, then fewer pieces on the board, then the longest controlled route.
        let keys: Vec<(i64, i64, i64)> = bd
            .iter()
            .map(|b| (b.total, -(b.pieces_on_board as i64), b.longest_route as i64))
            .collect();
        let places = places_by_key(&keys);
        let notes = self.tie_notes(&bd);
        let mut note = verdict(&self.names, &places);
        for x in notes {
            let _ = write!(note, "; {x}");
        }
        self.score = bd.iter().map(|b| b.total).collect();
        self.result = Some(FinalResult {
            scores: self.score.clone(),
            places,
            note,
        });
        self.breakdown = Some(bd);
        self.phase = Phase::Over;
    }

    /// Each seat's final points before the totals: during the game, regions, route cards.
    fn final_breakdown(&self, data: &NepalData) -> Vec<Breakdown> {
        let n = self.n();
        let ctrl: Vec<u64> = (0..n).map(|s| self.control_mask(s)).collect();
        let mut bd: Vec<Breakdown> = (0..n)
            .map(|s| Breakdown {
                during_game: self.score[s],
                regions: vec![0; REGIONS],
                cards: 0,
                total: 0,
                pieces_on_board: self.pieces_on_board(s),
                longest_route: 0,
            })
            .collect();
        for r in 0..REGIONS {
            for (s, pts) in self.region_points(data, r).into_iter().enumerate() {
                bd[s].regions[r] = pts;
            }
        }
        for ip in &self.cards {
            let card = &data.cards[ip.card as usize];
            for (s, b) in bd.iter_mut().enumerate() {
                if Self::route_linked(data, ctrl[s], card) {
                    b.longest_route = b.longest_route.max(card.length);
                }
            }
            let mut holders = ip
                .claims
                .iter()
                .map(|&s| s as usize)
                .filter(|&s| Self::route_linked(data, ctrl[s], card));
            if let Some(s) = holders.next() {
                bd[s].cards += card.high_points(n);
            }
            if let Some(s) = holders.next() {
                bd[s].cards += card.low_points(n);
            }
        }
        bd
    }

    /// A note for each group of seats tied on VP: how the tie is broken.
    fn tie_notes(&self, bd: &[Breakdown]) -> Vec<String> {
        let n = self.n();
        let mut notes = Vec::new();
        let mut seen_scores = Vec::new();
        for s in 0..n {
            let t = bd[s].total;
            if seen_scores.contains(&t) {
                continue;
            }
            let tied: Vec<usize> = (0..n).filter(|&o| bd[o].total == t).collect();
            if tied.len() > 1 {
                seen_scores.push(t);
                let desc: Vec<String> = tied
                    .iter()
                    .map(|&o| {
                        format!(
                            "{} ({} on board, longest route {})",
                            self.names[o], bd[o].pieces_on_board, bd[o].longest_route
                        )
                    })
                    .collect();
                notes.push(format!(
                    "tie on {t} VP broken by fewer pieces on the board, then the longest controlled route: {}",
                    desc.join(", ")
                ));
            }
        }
        notes
    }
}

// ==== Optional rules: start placement, fortress ====

impl Nepal {
    /// Every province, during the start placement.
    pub(super) fn place_candidates(data: &NepalData) -> Vec<Step> {
        (0..data.provinces.len() as u8).map(Step::Place).collect()
    }

    fn place_ok(&self, data: &NepalData, seat: Seat, province: u8) -> Result<(), Forbidden> {
        Self::on_board(data, province)?;
        if self.hand[seat] == 0 {
            return Err(Forbidden::HandEmpty);
        }
        let p = province as usize;
        if let Some(limit) = data.limit(p, self.opts.boom) {
            let total: u32 = (0..self.n()).map(|s| self.pieces_at(p, s) as u32).sum();
            if total >= limit as u32 {
                return Err(Forbidden::ProvinceFull);
            }
        }
        Ok(())
    }

    /// Every province, while `seat` may still build a fortress this turn.
    pub(super) fn fortress_candidates(&self, data: &NepalData, seat: Seat, steps: &mut Vec<Step>) {
        if self.opts.fortress && self.actions == 0 && !self.fortress_built[seat] {
            steps.extend((0..data.provinces.len() as u8).map(Step::Fortress));
        }
    }

    fn fortress_ok(&self, data: &NepalData, seat: Seat, province: u8) -> Result<(), Forbidden> {
        Self::on_board(data, province)?;
        if !self.opts.fortress {
            return Err(Forbidden::FortressOff);
        }
        if self.fortress_built[seat] {
            return Err(Forbidden::FortressBuilt);
        }
        if self.actions > 0 {
            return Err(Forbidden::FortressNeedsWholeTurn);
        }
        if province as usize == data.kathmandu {
            return Err(Forbidden::FortressInKathmandu);
        }
        if self.fortress[province as usize].is_some() {
            return Err(Forbidden::FortressTaken);
        }
        if self.hand[seat] < 2 {
            return Err(Forbidden::FortressHand);
        }
        Ok(())
    }

    /// Start placement: one piece from the hand anywhere within the limits; after the
    /// last one the first player starts the game proper.
    pub(super) fn place(&mut self, data: &NepalData, seat: usize, p: u8) -> Applied {
        let n = self.n();
        self.pieces[p as usize * n + seat] += 1;
        self.hand[seat] -= 1;
        self.placements_left -= 1;
        let ev = Event::public(format!(
            "{} places a piece in {}",
            self.names[seat], data.provinces[p as usize].name
        ));
        if self.placements_left == 0 {
            self.phase = Phase::Play;
            self.current = 0;
            self.moves = 0;
            self.grows = 0;
            self.actions = 0;
            self.this_turn.clear();
        } else {
            self.next_seat();
        }
        Applied {
            events: vec![ev],
            irreversible: false,
            turn_ended: true,
            secret: false,
        }
    }

    /// Fortress: two pieces from the hand, all three actions of the turn.
    pub(super) fn build_fortress(&mut self, data: &NepalData, seat: usize, p: u8) -> Applied {
        self.fortress[p as usize] = Some(seat as u8);
        self.fortress_built[seat] = true;
        self.hand[seat] -= 2;
        self.actions = 3;
        self.this_turn.push(Step::Fortress(p));
        Applied {
            events: vec![Event::public(format!(
                "{} builds a fortress in {}",
                self.names[seat], data.provinces[p as usize].name
            ))],
            ..Applied::default()
        }
    }
}

// ==== Notation ====

impl Nepal {
    /// Same matching rules as the default (`engine::match_step` over the legal steps: an
    /// exact match wins, else a unique per-word prefix match), computed from the words
    /// instead of formatting every legal step: the kind and province names are matched by
    /// prefix, the few resulting steps are checked with [`Nepal::step_ok`]. Errors are
    /// worded by the shared matcher.
    pub(super) fn parse_text(
        &self,
        data: &NepalData,
        seat: Seat,
        text: &str,
    ) -> Result<Step, ParseError> {
        let words = notation::words(text)?;
        let matching = |w: &str| -> Vec<(u8, bool)> {
            data.lower
                .iter()
                .enumerate()
                .filter(|(_, n)| n.starts_with(w))
                .map(|(i, n)| (i as u8, n == w))
                .collect()
        };
        let mut hits: Vec<Step> = Vec::new();
        const KINDS: [(&str, usize); 5] = [
            ("move", 2),
            ("grow", 1),
            ("fortress", 1),
            ("place", 1),
            ("end", 0),
        ];
        for (kind, arity) in KINDS {
            if words.len() != 1 + arity || !kind.starts_with(words[0].as_str()) {
                continue;
            }
            let kexact = kind == words[0];
            let mut steps: Vec<(Step, bool)> = Vec::new();
            match arity {
                0 => steps.push((Step::End, kexact)),
                1 => {
                    for (p, e) in matching(&words[1]) {
                        let st = match kind {
                            "grow" => Step::Grow(p),
                            "fortress" => Step::Fortress(p),
                            _ => Step::Place(p),
                        };
                        steps.push((st, kexact && e));
                    }
                }
                _ => {
                    let to = matching(&words[2]);
                    for (f, e1) in matching(&words[1]) {
                        for &(t, e2) in &to {
                            steps.push((Step::Move { from: f, to: t }, kexact && e1 && e2));
                        }
                    }
                }
            }
            for (st, exact) in steps {
                if self.step_ok(data, seat, &st).is_ok() {
                    if exact {
                        return Ok(st);
                    }
                    hits.push(st);
                }
            }
        }
        if hits.len() == 1 {
            return Ok(hits[0]);
        }
        // No match or several: let the shared matcher word the error.
        let legal = self.legal_steps(data, seat);
        let names: Vec<String> = legal
            .iter()
            .map(|s| <Self as Game>::format_step(data, s))
            .collect();
        let i = match_step(text, &names)?;
        Ok(legal[i])
    }
}
