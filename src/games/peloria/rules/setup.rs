//! Setup: players, nations, starting forces.

use super::*;

impl Peloria {
    pub(crate) fn new(d: &PeloriaData, players: &[String], seed: u64) -> Result<Self, SetupError> {
        if players.len() != PLAYERS {
            return Err(SetupError(format!(
                "History of Peloria takes exactly 4 players, not {}",
                players.len()
            )));
        }
        let mut g = Peloria {
            players: players.to_vec(),
            rng: GameRng::new(seed),
            round: 1,
            turn: 0,
            turn_owner: d.nations[0].player,
            phase: Phase::Place { left: 0 },
            units: Vec::new(),
            track: vec![0; NATIONS],
            vp: vec![0; NATIONS],
            player_vp: vec![0; PLAYERS],
            captured: Vec::new(),
            regalia: d
                .regalia
                .iter()
                .map(|p| (p.round == 1 && p.with_turn.is_none()).then_some(p.area))
                .collect(),
            regalia_moved: vec![0; d.regalia.len()],
            emperor: None,
            emperor_need: 0,
            khordavu_paid: false,
            entries: Vec::new(),
            battle: None,
            prompts: Prompts::new(),
            bids: SealedChoices::new(PLAYERS),
            heroes: None,
            exited: vec![0; NATIONS],
            bat_kills: Vec::new(),
            log: Vec::new(),
            turns: Default::default(),
            result: None,
            rules_version: <Peloria as crate::engine::Game>::RULES_VERSION,
        };
        // PEL-BRIT-20: the round-1 arrivals are the starting forces, on the board before
        // the first nation turn.
        for a in d.arrivals.iter().filter(|a| a.round == 1) {
            for _ in 0..a.count {
                g.add_unit(a.nation, a.area, a.kind);
            }
        }
        let mut ev = Vec::new();
        g.begin_turn(d, &mut ev);
        g.advance(d, &mut ev);
        Ok(g)
    }
}
