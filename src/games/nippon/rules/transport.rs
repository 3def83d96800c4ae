//! Trains and ships (NIP-TRAIN, NIP-SHIP, NIP-SLOT).

use super::*;

// ==== Trains and ships (NIP-TRAIN, NIP-SHIP, NIP-SLOT) ====

/// Why a train or ship cannot be placed (worded by [`Nippon::can_rail`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RailBlocker {
    NoTile,
    /// The cost, more yen than the player has.
    Yen(u32),
    Used,
    Full,
}

impl Nippon {
    pub(crate) fn rail_candidates(data: &NipponData, ship: bool) -> Vec<Step> {
        let mut v: Vec<Step> = (0..data.regions.len() as u8)
            .map(|r| if ship { Step::Ship(r) } else { Step::Train(r) })
            .collect();
        v.push(Step::Done);
        v
    }

    /// Up to 3 trains (or ships) in different regions (`used` so far in the action).
    pub(crate) fn can_rail(
        &self,
        data: &NipponData,
        seat: Seat,
        ship: bool,
        used: &[u8],
        r: usize,
    ) -> Result<(), RuleError> {
        let Some(blocker) = self.rail_blocker(data, seat, ship, used, r) else {
            return Ok(());
        };
        let what = if ship { "ship" } else { "train" };
        let why = match blocker {
            RailBlocker::NoTile => format!("you have no {what} tile left"),
            RailBlocker::Yen(cost) => format!("a {what} costs {}", yen(cost)),
            RailBlocker::Used => format!(
                "tiles of one action go to different regions; {} already has one",
                data.regions[r].name
            ),
            RailBlocker::Full => {
                format!("every train/ship slot of {} is taken", data.regions[r].name)
            }
        };
        Err(rule(Topic::Rail, why))
    }

    /// What stops `seat` putting a train (or `ship`) in region `r` now, unworded: the check
    /// of [`Nippon::can_rail`], cheap enough for scans of every region.
    pub(crate) fn rail_blocker(
        &self,
        data: &NipponData,
        seat: Seat,
        ship: bool,
        used: &[u8],
        r: usize,
    ) -> Option<RailBlocker> {
        let p = &self.players[seat];
        let built = if ship { p.ships } else { p.trains };
        let cost = if ship {
            data.cost_ship
        } else {
            data.cost_train
        };
        if built >= RAIL_TILES {
            Some(RailBlocker::NoTile)
        } else if p.yen < cost {
            Some(RailBlocker::Yen(cost))
        } else if used.contains(&(r as u8)) {
            Some(RailBlocker::Used)
        } else if self.rail[r].len() >= data.rail_slots[self.n() - 2] {
            Some(RailBlocker::Full)
        } else {
            None
        }
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
