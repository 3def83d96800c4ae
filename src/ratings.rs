//! Ratings and stats from finished games' results: pure computation, no IO.
//!
//! A rating is Weng-Lin's (the `skillratings` crate, default configuration: μ 25, σ 25/3,
//! β 25/6): a skill estimate μ and its uncertainty σ. Every finished game of one game kind
//! on one server is replayed in finish order, each player a one-player team placed by the
//! game's result, so a tie is a draw between the tied players. Nothing is stored: the
//! ratings are recomputed from the stored results each time.
//!
//! The rating shown (and ranked by) is the conservative `μ - 3σ`: it starts at 0 and rises
//! as a player wins and as their results make the estimate surer.
//!
//! A player who resigned or was kicked is recorded in last place, below every player who
//! stayed (a loss for them only); the players who stayed keep their places among themselves
//! ([`recorded_places`]).

//!
//! Sherpa's computer players are rated too: each level is one rated player
//! (`sherpa:ai:<level>`, named `Sherpa (<level>)`), whatever seat it sat in, so a second
//! seat of the same level (`sherpa:ai:<level>#2`) is the same rated player ([`rated_as`]).
//! When one game has several seats of one rated player, it is rated once in that game, by
//! its best place ([`rate`]): a player cannot play against itself.

use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::MultiTeamOutcome;
use std::collections::HashMap;

/// The places to record for a finished game: `places` are the game's own (1 = best, tied
/// seats share a place), `resigned` marks the seats that resigned or were kicked. A seat
/// that stayed is placed by how many other staying seats did strictly better; every seat
/// that left shares the place after the last staying one.
pub fn recorded_places(places: &[u32], resigned: &[bool]) -> Vec<u32> {
    let left = |i: usize| resigned.get(i).copied().unwrap_or(false);
    let place = |i: usize| places.get(i).copied().unwrap_or(u32::MAX);
    let staying: Vec<usize> = (0..places.len()).filter(|&i| !left(i)).collect();
    (0..places.len())
        .map(|i| {
            if left(i) {
                staying.len() as u32 + 1
            } else {
                1 + staying.iter().filter(|&&j| place(j) < place(i)).count() as u32
            }
        })
        .collect()
}

/// The user ids of Sherpa's computer players begin with this, then the level (contract
/// of issue 36: `sherpa:ai:normal`, a second seat of that level `sherpa:ai:normal#2`).
pub const AI_USER_PREFIX: &str = "sherpa:ai:";

/// Whether a seat's user is one of Sherpa's computer players.
pub fn is_ai(user_id: &str) -> bool {
    user_id.starts_with(AI_USER_PREFIX)
}

/// The rated player (user id, name) a seat's user counts as: a computer player counts as
/// its level (`sherpa:ai:normal#2` → `sherpa:ai:normal`, `Sherpa (normal)`); anyone else
/// as themselves.
pub fn rated_as(user_id: &str, name: &str) -> (String, String) {
    match user_id.strip_prefix(AI_USER_PREFIX) {
        Some(rest) => {
            let level = rest.split('#').next().unwrap_or(rest);
            (
                format!("{AI_USER_PREFIX}{level}"),
                format!("Sherpa ({level})"),
            )
        }
        None => (user_id.to_string(), name.to_string()),
    }
}

/// One game's placings with each player once: a player listed in several seats keeps its
/// best place (and a win if that seat won), in the place of its first seat.
pub fn once_per_player(game: &[Placing]) -> Vec<Placing> {
    let mut out: Vec<Placing> = Vec::with_capacity(game.len());
    for p in game {
        match out.iter_mut().find(|o| o.user_id == p.user_id) {
            Some(o) if p.place < o.place => {
                o.place = p.place;
                o.won = p.won;
            }
            Some(o) => o.won |= p.won && p.place == o.place,
            None => out.push(p.clone()),
        }
    }
    out
}

/// One player's recorded result in one finished game (the input of [`rate`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placing {
    pub user_id: String,
    /// Display name in that game (the latest game's name is shown).
    pub name: String,
    /// 1 = best; tied players share a place.
    pub place: u32,
    pub won: bool,
}

/// A player's rating and record in one game kind on one server.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerStats {
    pub user_id: String,
    /// Their name in their latest game.
    pub name: String,
    /// Weng-Lin's skill estimate μ.
    pub mu: f64,
    /// Weng-Lin's uncertainty σ of that estimate.
    pub sigma: f64,
    pub games: u32,
    pub wins: u32,
    /// The sum of their places (for the average).
    pub place_sum: u64,
}

impl PlayerStats {
    fn new(user_id: &str, name: &str) -> PlayerStats {
        let r = WengLinRating::new();
        PlayerStats {
            user_id: user_id.to_string(),
            name: name.to_string(),
            mu: r.rating,
            sigma: r.uncertainty,
            games: 0,
            wins: 0,
            place_sum: 0,
        }
    }

    /// The rating shown and ranked by: `μ - 3σ`.
    pub fn rating(&self) -> f64 {
        self.mu - 3.0 * self.sigma
    }

    /// Their average place (0 before any game).
    pub fn average_place(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.place_sum as f64 / self.games as f64
        }
    }
}

/// Replay `games` (each one game's placings, in finish order) through Weng-Lin and count
/// games, wins and places. A player placed in several seats of one game counts once there,
/// by its best place ([`once_per_player`]). Returns every player, best rating first (then
/// more games, then by name).
pub fn rate(games: &[Vec<Placing>]) -> Vec<PlayerStats> {
    let config = WengLinConfig::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    let mut players: Vec<PlayerStats> = Vec::new();
    for game in games {
        let game = &once_per_player(game);
        let seats: Vec<usize> = game
            .iter()
            .map(|p| {
                *index.entry(p.user_id.clone()).or_insert_with(|| {
                    players.push(PlayerStats::new(&p.user_id, &p.name));
                    players.len() - 1
                })
            })
            .collect();
        let before: Vec<[WengLinRating; 1]> = seats
            .iter()
            .map(|&i| {
                [WengLinRating {
                    rating: players[i].mu,
                    uncertainty: players[i].sigma,
                }]
            })
            .collect();
        let teams: Vec<(&[WengLinRating], MultiTeamOutcome)> = before
            .iter()
            .zip(game)
            .map(|(r, p)| (&r[..], MultiTeamOutcome::new(p.place as usize)))
            .collect();
        let after = weng_lin_multi_team(&teams, &config);
        for ((&i, p), new) in seats.iter().zip(game).zip(after) {
            let s = &mut players[i];
            if let Some(r) = new.first() {
                s.mu = r.rating;
                s.sigma = r.uncertainty;
            }
            s.name = p.name.clone();
            s.games += 1;
            s.wins += u32::from(p.won);
            s.place_sum += u64::from(p.place);
        }
    }
    players.sort_by(|a, b| {
        b.rating()
            .total_cmp(&a.rating())
            .then(b.games.cmp(&a.games))
            .then_with(|| a.name.cmp(&b.name))
            .then_with(|| a.user_id.cmp(&b.user_id))
    });
    players
}

#[cfg(test)]
mod tests {
    use super::*;

    fn placing(user: &str, place: u32) -> Placing {
        Placing {
            user_id: format!("id-{user}"),
            name: user.to_string(),
            place,
            won: place == 1,
        }
    }

    fn find<'a>(all: &'a [PlayerStats], name: &str) -> &'a PlayerStats {
        all.iter().find(|p| p.name == name).unwrap()
    }

    fn close(got: f64, want: f64, what: &str) {
        assert!((got - want).abs() < 1e-6, "{what}: got {got}, want {want}");
    }

    // Weng-Lin's Bradley-Terry update (full pairing), worked by hand for one-player teams.
    // For player i and each other player q:
    //   c = sqrt(σi² + σq² + 2β²),  p = e^(μi/c) / (e^(μi/c) + e^(μq/c)),
    //   s = 1 if i placed better than q, 1/2 on a tie, 0 if worse,
    //   δ = σi²/c · (s - p),  η = (σi/c) · (σi²/c²) · p(1 - p);
    //   μi' = μi + Σδ,  σi' = σi · sqrt(max(1 - Ση, κ)).
    // Defaults: μ = 25, σ = 25/3, β = 25/6 (κ is never reached here).

    /// Three new players, ann and bob share the win, cy is third.
    /// Every pair: c = sqrt(2·(25/3)² + 2·(25/6)²) = 25·sqrt(10)/6 = 13.176156917368,
    /// p = 1/2 (equal μ), σ²/c = 5.270462766947, η = 0.632455532034 · 0.4 · 0.25
    /// = 0.063245553203.
    /// ann: δ(bob) = 5.270462766947 · (1/2 - 1/2) = 0, δ(cy) = 5.270462766947 · 1/2
    ///      = 2.635231383474 → μ = 27.635231383474; bob the same.
    /// cy:  δ = 2 · 5.270462766947 · (0 - 1/2) = -5.270462766947 → μ = 19.729537233053.
    /// Everyone: Ση = 0.126491106407 → σ = 8.333333333333 · sqrt(0.873508893593)
    ///      = 7.788474807873.
    #[test]
    fn three_players_with_a_shared_win_match_the_hand_computed_values() {
        let all = rate(&[vec![placing("ann", 1), placing("bob", 1), placing("cy", 3)]]);
        for who in ["ann", "bob"] {
            close(find(&all, who).mu, 27.635231383474, who);
            close(find(&all, who).sigma, 7.788474807873, who);
        }
        close(find(&all, "cy").mu, 19.729537233053, "cy");
        close(find(&all, "cy").sigma, 7.788474807873, "cy");
        close(
            find(&all, "ann").rating(),
            27.635231383474 - 3.0 * 7.788474807873,
            "shown rating is μ - 3σ",
        );
        // Ranked by the shown rating; the tie between ann and bob goes by name.
        let order: Vec<&str> = all.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(order, ["ann", "bob", "cy"]);
    }

    /// The game above, then a four-player game: dan (new) first, ann and cy share second,
    /// bob fourth. Before it ann, bob: μ 27.635231383474, cy: μ 19.729537233053, all three
    /// σ 7.788474807873; dan μ 25, σ 8.333333333333.
    /// c among ann, bob, cy = sqrt(2 · 7.788474807873² + 2β²) = 12.491713328761;
    /// c with dan = sqrt(7.788474807873² + 8.333333333333² + 2β²) = 12.838497049870.
    /// p(ann over cy) = 1 / (1 + e^((19.729537233053 - 27.635231383474)/12.491713328761))
    ///   = 0.653141093135; p(ann over dan) = 0.551135618801; p(cy over dan) = 0.398787386223.
    /// ann: δ = +2.428023211724 (beat bob, p 1/2) - 0.743660257602 (tie cy)
    ///      - 2.604048885207 (lost to dan): Σ = -0.919685931085 → μ = 26.715545452389;
    ///      Ση = 0.060594225654 + 0.054909955414 + 0.055231689124 = 0.170735870192
    ///      → σ = 7.788474807873 · sqrt(0.829264129808) = 7.092492081444.
    /// bob: δ = -2.428023211724 - 3.171683469325 - 2.604048885207 = -8.203755566256
    ///      → μ = 19.431475817217; Ση as ann's → σ = 7.092492081444.
    /// cy:  δ = +0.743660257602 + 3.171683469325 - 1.884221982943 = +2.031121743984
    ///      → μ = 21.760658977036; Ση = 2 · 0.054909955414 + 0.053528392123
    ///      = 0.163348302952 → σ = 7.124014055622.
    /// dan: δ = 2.981136087230 · 2 + 2.157072465733 = 8.119344640193 → μ = 33.119344640193;
    ///      Ση = 2 · 0.067653041891 + 0.065566681232 = 0.200872765015 → σ = 7.449493061543.
    #[test]
    fn four_players_with_a_shared_second_place_match_the_hand_computed_values() {
        let all = rate(&[
            vec![placing("ann", 1), placing("bob", 1), placing("cy", 3)],
            vec![
                placing("ann", 2),
                placing("bob", 4),
                placing("cy", 2),
                placing("dan", 1),
            ],
        ]);
        let want = [
            ("ann", 26.715545452389, 7.092492081444),
            ("bob", 19.431475817217, 7.092492081444),
            ("cy", 21.760658977036, 7.124014055622),
            ("dan", 33.119344640193, 7.449493061543),
        ];
        for (who, mu, sigma) in want {
            close(find(&all, who).mu, mu, who);
            close(find(&all, who).sigma, sigma, who);
        }
        // μ - 3σ: dan 10.77, ann 5.44, cy 0.39, bob -1.85.
        let order: Vec<&str> = all.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(order, ["dan", "ann", "cy", "bob"]);
        let ann = find(&all, "ann");
        assert_eq!((ann.games, ann.wins), (2, 1));
        close(ann.average_place(), 1.5, "ann's average place");
        let bob = find(&all, "bob");
        assert_eq!((bob.games, bob.wins, bob.place_sum), (2, 1, 5));
    }

    #[test]
    fn a_player_who_left_is_last_and_the_others_keep_their_order() {
        // Seat 0 resigned but the autopilot's play still scored best: recorded last.
        assert_eq!(
            recorded_places(&[1, 2, 3, 4], &[true, false, false, false]),
            [4, 1, 2, 3]
        );
        // The others' tie stays a tie; two who left share last place.
        assert_eq!(
            recorded_places(&[2, 1, 3, 3, 1], &[false, true, false, false, true]),
            [1, 4, 2, 2, 4]
        );
        // Nobody left: the game's own places.
        assert_eq!(recorded_places(&[1, 1, 3], &[false; 3]), [1, 1, 3]);
        // The one who left loses to everyone; the others are rated as they placed.
        let all = rate(&[vec![placing("ann", 3), placing("bob", 1), placing("cy", 2)]]);
        assert!(find(&all, "ann").mu < find(&all, "cy").mu);
        assert!(find(&all, "cy").mu < find(&all, "bob").mu);
    }

    // Issue 36: each AI level is one rated player, whatever its seat number.
    #[test]
    fn ai_seats_count_as_their_level_and_humans_as_themselves() {
        assert!(is_ai("sherpa:ai:normal#2") && !is_ai("123"));
        assert_eq!(
            rated_as("sherpa:ai:normal#2", "Sherpa (normal) 2"),
            (
                "sherpa:ai:normal".to_string(),
                "Sherpa (normal)".to_string()
            )
        );
        assert_eq!(
            rated_as("sherpa:ai:strong", "Sherpa (strong)"),
            (
                "sherpa:ai:strong".to_string(),
                "Sherpa (strong)".to_string()
            )
        );
        assert_eq!(rated_as("42", "ann"), ("42".to_string(), "ann".to_string()));
    }

    // Issue 36: two seats of one rated player in one game: rated once, by the best place.
    #[test]
    fn a_player_in_two_seats_of_one_game_is_rated_once_by_its_best_place() {
        let game = vec![
            placing("ai", 3),
            placing("ann", 2),
            placing("ai", 1),
            placing("bob", 4),
        ];
        let once = once_per_player(&game);
        let ai: Vec<&Placing> = once.iter().filter(|p| p.name == "ai").collect();
        assert_eq!(ai.len(), 1);
        assert_eq!((ai[0].place, ai[0].won), (1, true));
        let all = rate(&[game]);
        assert_eq!(all.len(), 3);
        let ai = find(&all, "ai");
        assert_eq!((ai.games, ai.wins, ai.place_sum), (1, 1, 1));
        // The same as a game where it had the one seat that placed first.
        let single = rate(&[vec![placing("ann", 2), placing("ai", 1), placing("bob", 4)]]);
        close(ai.mu, find(&single, "ai").mu, "rated by its best place");
        close(find(&all, "ann").mu, find(&single, "ann").mu, "ann");
    }

    #[test]
    fn names_follow_the_latest_game_and_nobody_is_counted_twice() {
        let mut renamed = placing("ann", 2);
        renamed.name = "Annie".into();
        let all = rate(&[
            vec![placing("ann", 1), placing("bob", 2)],
            vec![renamed, placing("bob", 1)],
        ]);
        assert_eq!(all.len(), 2);
        let ann = all.iter().find(|p| p.user_id == "id-ann").unwrap();
        assert_eq!((ann.name.as_str(), ann.games, ann.wins), ("Annie", 2, 1));
    }
}
