//! Trains and ships (NIP-TRAIN, NIP-SHIP, NIP-SLOT).

use super::*;

// ==== Trains and ships (NIP-TRAIN, NIP-SHIP, NIP-SLOT) ====

impl Nippon {
    pub(crate) fn rail_candidates(data: &NipponData, ship: bool) -> Vec<Step> {
        let mut v: Vec<Step> = (0..data.regions.len() as u8)
            .map(|r| if ship { Step::Ship(r) } else { Step::Train(r) })
            .collect();
        v.push(Step::Done);
        v
    }

    /// Up to 3 trains (or ships) in different regions (`used` so far in the action),
    /// each in a region with a free slot, while tiles and yen last.
    pub(crate) fn rail_ok(
        &self,
        data: &NipponData,
        seat: Seat,
        ship: bool,
        used: &[u8],
        r: usize,
    ) -> Result<(), ActionWhy> {
        let p = &self.players[seat];
        let built = if ship { p.ships } else { p.trains };
        let cost = if ship {
            data.cost_ship
        } else {
            data.cost_train
        };
        let why = if built >= RAIL_TILES {
            RailWhy::NoTile
        } else if p.yen < cost {
            RailWhy::Yen(cost)
        } else if used.contains(&(r as u8)) {
            RailWhy::Used
        } else if self.rail[r].len() >= data.rail_slots[self.n() - 2] {
            RailWhy::Full
        } else {
            return Ok(());
        };
        Err(ActionWhy::Rail {
            ship,
            region: r as u8,
            why,
        })
    }

    /// `train <region>` or `ship <region>`: the action is over after the third.
    pub(crate) fn place_rail(
        &mut self,
        data: &NipponData,
        seat: Seat,
        ship: bool,
        r: usize,
        ev: &mut Vec<Event>,
    ) {
        let p = &mut self.players[seat];
        let (k, symbols) = if ship {
            p.yen -= data.cost_ship;
            p.ships += 1;
            (p.ships as usize, &data.ship_money)
        } else {
            p.yen -= data.cost_train;
            p.trains += 1;
            (p.trains as usize, &data.train_money)
        };
        self.rail[r].push((seat as u8, ship));
        // NIP-SLOT-2: a fully revealed money symbol raises the money marker.
        let money = symbols.contains(&k) && self.raise(data, seat, TrackKind::Money, 1) == 1;
        let built = RailEvent::Built {
            seat,
            ship,
            region: r,
            money,
        };
        self.say(data, ev, built);
        if let Stage::Rail { regions, .. } = &mut self.stage {
            regions.push(r as u8);
            if regions.len() >= MAX_PER_ACTION as usize {
                self.end_action(data, seat, ev);
            }
        }
    }
}
