//! Setup (Matériel): the mountain filled with animals, the chart and the first guide.

use super::*;

impl NangaParbat {
    pub(in crate::games::nanga_parbat) fn setup_game(
        data: &NangaData,
        players: &[String],
        opts: &Opts,
        seed: u64,
    ) -> Result<Self, SetupError> {
        if players.len() != 2 {
            return Err(SetupError(format!(
                "Nanga Parbat is for exactly 2 players, not {}",
                players.len()
            )));
        }
        let mut rng = GameRng::new(seed);
        // NAN-SETUP-4, NAN-SETUP-5: six of each kind, one per section, at random.
        let mut cells: Vec<Piece> = Animal::ALL
            .iter()
            .flat_map(|&a| std::iter::repeat_n(Piece::Animal(a), data.per_kind as usize))
            .collect();
        rng.shuffle(&mut cells);
        Ok(NangaParbat {
            names: players.to_vec(),
            opts: *opts,
            phase: Phase::Setup,
            cells,
            guide: None,
            fresh: vec![[0; 6]; 2],
            used: vec![[0; 6]; 2],
            hikers: vec![data.hikers; 2],
            camps: vec![data.camps; 2],
            cubes: vec![data.cubes; 2],
            score: vec![0; 2],
            chart: vec![None; ROWS * COLUMNS],
            // NAN-SETUP-8 reading: the second seat places the guide, then the first plays.
            current: 1,
            trapped: false,
            claimed: false,
            pending: None,
            turn: 0,
            this_turn: Vec::new(),
            last_turn: Vec::new(),
            area_points: None,
            points_by_source: Some(vec![PointsBySource::default(); 2]),
            result: None,
            rng,
        })
    }
}
