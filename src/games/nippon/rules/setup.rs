//! Setup (rulebook: Setup).

use super::*;

// ==== Setup ====

impl Nippon {
    pub(crate) fn setup_game(
        data: &NipponData,
        names: &[String],
        seed: u64,
    ) -> Result<Self, SetupError> {
        let n = names.len();
        if !(2..=4).contains(&n) {
            return Err(SetupError(format!("Nippon takes 2 to 4 players, not {n}")));
        }
        let mut rng = GameRng::new(seed);
        // NIP-SETUP-5: a random first player; seats go clockwise from seat 0.
        let first = rng.below(n);
        let rows_def = data.rows_for(n);
        // NIP-SETUP-6: 10, 11, 12, 13 by position from the first player.
        let players: Vec<Player> = (0..n)
            .map(|s| Player::at_start(data, data.start_vp[(s + n - first) % n]))
            .collect();
        let vp_by_source = players.iter().map(|p| VpBySource::at_start(p.vp)).collect();
        // NIP-SETUP-22: fewer workers with fewer players.
        let bag = vec![
            (data.workers_per_colour - rows_def.removed_per_colour) as u32;
            data.worker_colours.len()
        ];
        // NIP-SETUP-20: 8 of the city tiles, random places and orientations.
        let mut tiles: Vec<u8> = (0..data.city_tiles.len() as u8).collect();
        rng.shuffle(&mut tiles);
        let cities: Vec<(u8, u8)> = tiles[..8]
            .iter()
            .map(|&t| (t, rng.below(4) as u8))
            .collect();
        let rewards = reward_tiles(data, n, &mut rng);
        let mut g = Nippon {
            names: names.to_vec(),
            players,
            slots: vec![Vec::new(); data.slots.len()],
            rows: vec![Vec::new(); rows_def.rows],
            bag,
            marker: 0,
            scorings: 0,
            final_turns: None,
            refill_owed: false,
            cities,
            influence: vec![[None; 4]; 8],
            rail: vec![Vec::new(); data.regions.len()],
            rewards,
            multipliers: data.multiplier_tiles,
            built: vec![0; data.goods.len()],
            current: first,
            stage: Stage::Start,
            taken_from: None,
            last_player: None,
            turn: 1,
            result: None,
            vp_by_source: Some(vp_by_source),
            log: Vec::new(),
            rng,
            begun: None,
            this_turn: Vec::new(),
            last_turn: Vec::new(),
            rules_version: <Nippon as crate::engine::Game>::RULES_VERSION,
        };
        g.place_first_workers(data);
        g.log
            .push(format!("{} is the first player", g.names[first]));
        Ok(g)
    }

    /// NIP-SETUP-23..26: 3 workers per action slot, then the rows.
    fn place_first_workers(&mut self, data: &NipponData) {
        let per_row = data.rows_for(self.n()).per_row;
        for s in 0..self.slots.len() {
            for _ in 0..data.workers_per_slot {
                let w = self.draw().expect("the bag holds enough workers at setup");
                self.slots[s].push(w);
            }
        }
        for r in 0..self.rows.len() {
            for _ in 0..per_row {
                let w = self.draw().expect("the bag holds enough workers at setup");
                self.rows[r].push(w);
            }
        }
    }

    /// Draw one worker at random from the bag.
    pub(crate) fn draw(&mut self) -> Option<u8> {
        let total: u32 = self.bag.iter().sum();
        if total == 0 {
            return None;
        }
        let mut k = self.rng.below(total as usize) as u32;
        for (c, n) in self.bag.iter_mut().enumerate() {
            if k < *n {
                *n -= 1;
                return Some(c as u8);
            }
            k -= *n;
        }
        None
    }
}

impl Player {
    /// A player board and supply at the start (NIP-SETUP-2, -27, -28), with `vp`.
    fn at_start(data: &NipponData, vp: i64) -> Self {
        Player {
            yen: data.start_yen,
            coal: data.start_coal,
            blueprints: data.start_blueprints,
            vp,
            tracks: [
                data.tracks[0].start,
                data.tracks[1].start,
                data.tracks[2].start,
            ],
            factories: vec![None; data.goods.len()],
            machines: 0,
            fulfilled: vec![false; data.contracts.len()],
            trains: 0,
            ships: 0,
            tiles: data.influence_tiles.clone(),
            workers: Vec::new(),
            achievements: vec![None; data.achievements.len()],
        }
    }
}

/// NIP-SETUP-17..19: the reward tiles left per stack once `4 - players` tiles are removed
/// at random from each multiplier's stacks.
fn reward_tiles(data: &NipponData, players: usize, rng: &mut GameRng) -> Vec<u32> {
    let mut rewards: Vec<u32> = data.rewards.iter().map(|r| r.tiles).collect();
    let mut mults: Vec<u32> = data.rewards.iter().map(|r| r.multiplier).collect();
    mults.sort_unstable();
    mults.dedup();
    for m in mults {
        for _ in 0..4 - players {
            let idx: Vec<usize> = (0..rewards.len())
                .filter(|&i| data.rewards[i].multiplier == m)
                .collect();
            let total: u32 = idx.iter().map(|&i| rewards[i]).sum();
            if total == 0 {
                break;
            }
            let mut k = rng.below(total as usize) as u32;
            for &i in &idx {
                if k < rewards[i] {
                    rewards[i] -= 1;
                    break;
                }
                k -= rewards[i];
            }
        }
    }
    rewards
}
