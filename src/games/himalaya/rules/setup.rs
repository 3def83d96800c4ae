//! Setup (rulebook section 3): the new game, the bags and the setup draws.

use super::*;

impl Himalaya {
    /// A new game: empty board, full bags, then the setup rolls for goods and orders.
    pub(in crate::games::himalaya) fn new(
        data: &HimalayaData,
        players: &[String],
        options: &Opts,
        seed: u64,
    ) -> Result<Self, SetupError> {
        let n = players.len();
        let advanced = options.advanced;
        let mut g = Himalaya {
            players: players.to_vec(),
            advanced,
            rng: GameRng::new(seed),
            turn: 0,
            first: 0,
            phase: Phase::Placement { k: 0 },
            caravans: vec![None; n],
            in_storm: vec![None; n],
            village_goods: vec![[0; 5]; VILLAGES],
            village_order: vec![None; VILLAGES],
            goods_bag: data.goods,
            orders_bag: (0..data.orders.len()).collect(),
            hands: vec![[0; 5]; n],
            kept: vec![Vec::new(); n],
            markers: vec![0; n],
            markers_left: data.inventory_markers,
            stupas: vec![None; VILLAGES],
            delegations: vec![vec![0; n]; data.regions.len()],
            events_used: vec![[false; 3]; n],
            board_events: BoardEvents::default(),
            plans: vec![Vec::new(); n],
            seals: vec![None; n],
            revealed: Vec::new(),
            revealed_seals: Vec::new(),
            revealed_turn: 0,
            cursor: (0, 0),
            took: vec![Vec::new(); n],
            pending: None,
            inventory_queue: Vec::new(),
            last_inventory: None,
            result: None,
            final_lines: Vec::new(),
            last_turn: Vec::new(),
            hushed: Hushed::default(),
        };
        let mut ev = Vec::new();
        g.refill(data, &mut ev);
        Ok(g)
    }
}

impl Himalaya {
    pub(in crate::games::himalaya) fn next_empty(&self, from: usize) -> usize {
        (0..VILLAGES)
            .map(|i| (from + i) % VILLAGES)
            .find(|&v| !self.has_goods(v) && self.village_order[v].is_none())
            .unwrap_or(from)
    }

    pub(in crate::games::himalaya) fn draw_good(&mut self) -> Option<Good> {
        let total: u32 = self.goods_bag.iter().sum();
        if total == 0 {
            return None;
        }
        let mut r = self.rng.below(total as usize) as u32;
        for g in Good::ALL {
            if r < self.goods_bag[g.index()] {
                self.goods_bag[g.index()] -= 1;
                return Some(g);
            }
            r -= self.goods_bag[g.index()];
        }
        None
    }
}
