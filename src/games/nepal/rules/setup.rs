//! Setup: the deck, the face-up trade routes and the starting pieces.

use super::*;

impl Nepal {
    pub(in crate::games::nepal) fn setup_game(
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
