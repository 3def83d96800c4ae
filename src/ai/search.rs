//! Information-set Monte Carlo tree search (single observer, after Cowling, Powley and
//! Whitehouse 2012). One tree for the deciding seat's information set: each iteration
//! determinises the position ([`super::determinise`]), walks the tree by UCB over the
//! steps legal in that determinisation (a child's exploration counts the iterations it
//! was available in, not its parent's visits), adds one node, plays random steps up to the
//! depth, and backs up each seat's reward to the nodes where that seat chose.
//!
//! The search starts from the easy level's judgement: before the first iteration, each
//! allowed root step is tried one step ahead on one determinisation and scored by the
//! rewards the playouts use, its lead by the seat's outlook (easy's judgement,
//! [`super::greedy::lead`]) breaking ties; its node starts with [`PRIOR_VISITS`] virtual
//! visits at that value. On few playouts the search then tries the steps easy likes
//! first, and as playouts add up they overrule it.

use super::{determinise, greedy, next_actor, rank_shares, rewards, seat_count, Budget, Decision};
use crate::engine::{AnyGame, GameRng, Seat};
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// Exploration weight of UCB (rewards lie in `0..=1`).
const EXPLORATION: f64 = 0.7;

/// Virtual visits each allowed root step starts with, at its one-step value (the prior).
pub(super) const PRIOR_VISITS: u32 = 4;

/// How much the one-step lead by the outlook adds to a root step's prior value at most
/// (the best lead among the steps; the worst adds nothing).
const PRIOR_LEAD: f64 = 0.1;

/// How a search runs.
pub(super) struct Settings {
    pub budget: Budget,
    /// Random steps per playout before the position is scored.
    pub depth: usize,
}

/// One step in the tree: who chose it, and what it earned that seat.
struct Node {
    seat: Seat,
    /// Visits, the prior's virtual ones included.
    visits: u32,
    /// The prior's virtual visits among `visits` (root steps only).
    prior: u32,
    /// Iterations in which this step was legal when its parent was reached.
    available: u32,
    /// Sum of the rewards of `seat` over the iterations through this node.
    reward: f64,
    children: HashMap<(Seat, u64), usize>,
}

impl Node {
    fn new(seat: Seat) -> Node {
        Node {
            seat,
            visits: 0,
            prior: 0,
            available: 0,
            reward: 0.0,
            children: HashMap::new(),
        }
    }

    fn ucb(&self) -> f64 {
        let visits = self.visits.max(1) as f64;
        self.reward / visits + EXPLORATION * ((self.available.max(1) as f64).ln() / visits).sqrt()
    }
}

/// Search from `game` for `me`, whose legal steps in the real game are `legal`, and
/// return the step chosen first most often among the `allowed` ones (indices into `legal`;
/// the others are not tried at the root). The tree knows steps by their typed keys
/// ([`AnyGame::choice_keys`]); notation is only the root's, for the decision.
pub(super) fn choose(
    game: &dyn AnyGame,
    me: Seat,
    legal: &[String],
    allowed: &[usize],
    settings: Settings,
    rng: &mut GameRng,
) -> Decision {
    let seats = seat_count(game);
    let stop = settings
        .budget
        .millis
        .map(|ms| Instant::now() + Duration::from_millis(ms));
    let mut tree = vec![Node::new(me)];
    let keys = game.choice_keys(me);
    let banned: Vec<u64> = (0..keys.len())
        .filter(|i| !allowed.contains(i))
        .map(|i| keys[i])
        .collect();
    let prior = prior(game, me, (&keys, allowed), seats, rng);
    for &(key, value) in &prior {
        let child = tree.len();
        let mut node = Node::new(me);
        node.visits = PRIOR_VISITS;
        node.prior = PRIOR_VISITS;
        node.available = PRIOR_VISITS;
        node.reward = value * PRIOR_VISITS as f64;
        tree.push(node);
        tree[0].children.insert((me, key), child);
    }
    let mut playouts = 0;
    while playouts < settings.budget.playouts.max(1) {
        if stop.is_some_and(|t| Instant::now() >= t) && playouts > 0 {
            break;
        }
        let mut g = determinise(game, me, rng);
        iterate(
            &mut tree,
            &mut *g,
            (me, &banned),
            seats,
            settings.depth,
            rng,
        );
        playouts += 1;
    }
    decision(&tree, me, (legal, &keys), allowed, playouts)
}

/// The prior of the `allowed` root steps (indices into the real game's legal steps, whose
/// typed keys are `keys`): each step's key and its value, on the playouts' scale, for the
/// position it leads to one step ahead on one determinisation: the seat's reward there
/// ([`rewards`]), plus up to [`PRIOR_LEAD`] by its lead by the outlook (easy's judgement)
/// ranked among the steps, so that steps of equal reward are told apart as easy tells
/// them. A step that cannot be played on the determinisation gets no prior.
fn prior(
    game: &dyn AnyGame,
    me: Seat,
    (keys, allowed): (&[u64], &[usize]),
    seats: usize,
    rng: &mut GameRng,
) -> Vec<(u64, f64)> {
    let imagined = determinise(game, me, rng);
    let mut scored: Vec<(u64, f64)> = Vec::new();
    let mut leads = Vec::new();
    for &i in allowed {
        let mut g = imagined.box_clone();
        if g.play_choice(me, i).is_none() {
            continue;
        }
        let reward = rewards(&*g, seats).get(me).copied().unwrap_or(0.0);
        scored.push((keys[i], reward));
        leads.push(greedy::lead(&*g, me));
    }
    scored
        .into_iter()
        .zip(rank_shares(&leads))
        .map(|((key, reward), rank)| (key, reward + PRIOR_LEAD * rank))
        .collect()
}

/// Where a step of the tree walk went: a new node for the step with this key, or an
/// existing child.
enum Walk {
    New(u64),
    Old(usize),
}

/// One iteration on the determinisation `g`: select, expand, play out, back up. `me`'s
/// `banned` steps (by key) are not tried at the root.
fn iterate(
    tree: &mut Vec<Node>,
    g: &mut dyn AnyGame,
    (me, banned): (Seat, &[u64]),
    seats: usize,
    depth: usize,
    rng: &mut GameRng,
) {
    let mut path = vec![0];
    let mut node = 0;
    while let Some(seat) = next_actor(&g.status(), me, rng) {
        let mut walk = None;
        let played = g.play_keyed(seat, &mut |keys| {
            let mut untried = Vec::new();
            let mut best: Option<(usize, usize, f64)> = None;
            for (i, &key) in keys.iter().enumerate() {
                if node == 0 && seat == me && banned.contains(&key) {
                    continue;
                }
                match tree[node].children.get(&(seat, key)).copied() {
                    None => untried.push(i),
                    Some(child) => {
                        tree[child].available += 1;
                        let score = tree[child].ucb();
                        if best.is_none_or(|(_, _, b)| score > b) {
                            best = Some((child, i, score));
                        }
                    }
                }
            }
            if !untried.is_empty() {
                let i = untried[rng.below(untried.len())];
                walk = Some(Walk::New(keys[i]));
                return Some(i);
            }
            let (child, i, _) = best?;
            walk = Some(Walk::Old(child));
            Some(i)
        });
        if played.is_none() {
            break;
        }
        match walk {
            Some(Walk::New(key)) => {
                let child = tree.len();
                tree.push(Node::new(seat));
                tree[child].available = 1;
                tree[node].children.insert((seat, key), child);
                path.push(child);
                break;
            }
            Some(Walk::Old(child)) => {
                path.push(child);
                node = child;
            }
            None => break,
        }
    }
    let reward = playout(g, seats, depth, rng);
    for &k in &path[1..] {
        let n = &mut tree[k];
        n.visits += 1;
        n.reward += reward.get(n.seat).copied().unwrap_or(0.0);
    }
}

/// Random steps until the game ends or `depth` steps are played; the seats' rewards there.
/// Each step is drawn by [`AnyGame::play_sampled`], which checks only as many candidates
/// as it takes.
fn playout(g: &mut dyn AnyGame, seats: usize, depth: usize, rng: &mut GameRng) -> Vec<f64> {
    for _ in 0..depth {
        let status = g.status();
        let acting = status.acting();
        if acting.is_empty() {
            break;
        }
        let seat = acting[rng.below(acting.len())];
        if g.play_sampled(seat, rng).is_none() {
            break;
        }
    }
    rewards(g, seats)
}

/// The root's most visited step among the real legal steps allowed, the prior's virtual
/// visits included (ties: the better mean, then the earlier step); `keys` are the legal
/// steps' keys, in their order. The choices report the iterations only.
fn decision(
    tree: &[Node],
    me: Seat,
    (legal, keys): (&[String], &[u64]),
    allowed: &[usize],
    playouts: u32,
) -> Decision {
    let root = &tree[0];
    let stats: Vec<(String, u32, f64, u32)> = legal
        .iter()
        .zip(keys)
        .map(|(step, key)| match root.children.get(&(me, *key)) {
            Some(&k) => {
                let n = &tree[k];
                let mean = n.reward / n.visits.max(1) as f64;
                (step.clone(), n.visits, mean, n.visits - n.prior)
            }
            None => (step.clone(), 0, 0.0, 0),
        })
        .collect();
    let best = stats
        .iter()
        .enumerate()
        .filter(|(i, _)| allowed.contains(i))
        .max_by(|(i, a), (j, b)| a.1.cmp(&b.1).then(a.2.total_cmp(&b.2)).then(j.cmp(i)))
        .map(|(i, _)| i)
        .unwrap_or(0);
    Decision {
        step: stats[best].0.clone(),
        playouts,
        choices: stats.into_iter().map(|(s, _, _, v)| (s, v)).collect(),
    }
}
