//! The local market (NIP-CITY, NIP-MKT).

use super::*;

// ==== Local Market (NIP-CITY, NIP-MKT) ====

impl Nippon {
    pub(crate) fn market_candidates(data: &NipponData) -> Vec<Step> {
        let ng = data.goods.len() as u8;
        let mut v = Vec::new();
        for val in 1..=7 {
            for g in 0..ng {
                for c in 1..=3 {
                    v.push(Step::Tile {
                        value: val,
                        good: g,
                        cubes: c,
                    });
                }
            }
        }
        v.extend((0..8).map(Step::City));
        v.extend((0..ng).map(Step::Remove));
        v.push(Step::Done);
        v
    }

    /// Up to 3 tiles in one region, each chosen (`tile`), then placed (`city`), with a
    /// tile to return chosen where the lowest ones of a full city tie (`remove`).
    pub(crate) fn market_ok(
        &self,
        data: &NipponData,
        seat: Seat,
        m: &Market,
        step: &Step,
    ) -> Result<(), RuleError> {
        match (m.tile, m.city, *step) {
            (None, _, Step::Tile { value, good, cubes }) => {
                self.can_tile(data, seat, m.region, value, good as usize, cubes)
            }
            (Some((v, g, _)), None, Step::City(c)) => {
                self.can_city(data, m.region, c as usize, v, g as usize)
            }
            (_, Some(c), Step::Remove(g)) => self.remove_ok(data, c as usize, g as usize),
            (None, _, Step::Done) => need_one(m.placed as usize, Topic::Market),
            _ => Err(self.wrong_stage(data)),
        }
    }

    /// [`Nippon::market_ok`] without wording a refusal.
    pub(crate) fn market_blocked(
        &self,
        data: &NipponData,
        seat: Seat,
        m: &Market,
        step: &Step,
    ) -> bool {
        match (m.tile, m.city, *step) {
            (None, _, Step::Tile { value, good, cubes }) => {
                (good as usize) < data.goods.len()
                    && self.tile_blocked(data, seat, m.region, value, good as usize, cubes)
            }
            (Some((v, g, _)), None, Step::City(c)) => self
                .city_blocker(data, m.region, c as usize, v, g as usize)
                .is_some(),
            (_, Some(c), Step::Remove(g)) => self.remove_blocked(data, c as usize, g as usize),
            (None, _, Step::Done) => m.placed == 0,
            // Refused by `wrong_stage`.
            _ => true,
        }
    }

    fn remove_ok(&self, data: &NipponData, c: usize, g: usize) -> Result<(), RuleError> {
        if !self.remove_blocked(data, c, g) {
            return Ok(());
        }
        let tied = self.tied_lowest(c);
        Err(rule(
            Topic::Market,
            format!(
                "remove one of the lowest tiles around {}: {}",
                data.city_name(c),
                tied.iter()
                    .map(|&s| data.goods[self.good_at(data, c, s)].name.clone())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ))
    }

    /// [`Nippon::remove_ok`] without wording a refusal: is good `g` of city `c` not beside
    /// one of its tied lowest tiles?
    pub(crate) fn remove_blocked(&self, data: &NipponData, c: usize, g: usize) -> bool {
        !matches!(self.side_of(data, c, g), Some(s) if self.tied_lowest(c).contains(&s))
    }

    /// `tile <value> <good> <cubes>`: the tile to place next.
    pub(crate) fn choose_tile(&mut self, v: u8, g: u8, c: u8) {
        if let Stage::Market(m) = &mut self.stage {
            m.tile = Some((v, g, c));
        }
    }

    /// `city <city>`: place the chosen tile there, unless the city is full and its lowest
    /// tiles tie (then `remove` says which goes back).
    pub(crate) fn choose_city(
        &mut self,
        data: &NipponData,
        seat: Seat,
        c: u8,
        ev: &mut Vec<Event>,
    ) {
        let c = c as usize;
        let Stage::Market(m) = &self.stage else {
            unreachable!("checked")
        };
        let (_, g, _) = m.tile.expect("checked");
        let s = self.side_of(data, c, g as usize).expect("checked");
        let full = self.influence[c][s].is_none()
            && data.city_limit[self.n() - 2].is_some_and(|l| self.tiles_around(c) >= l);
        if full {
            let tied = self.tied_lowest(c);
            if tied.len() > 1 {
                if let Stage::Market(m) = &mut self.stage {
                    m.city = Some(c as u8);
                }
            } else {
                self.place_tile(data, seat, c, tied.first().copied(), ev);
            }
        } else {
            self.place_tile(data, seat, c, None, ev);
        }
        self.market_maybe_done(data, seat, ev);
    }

    /// `remove <good>`: which tied lowest tile of the full city goes back.
    pub(crate) fn remove_tile(
        &mut self,
        data: &NipponData,
        seat: Seat,
        g: u8,
        ev: &mut Vec<Event>,
    ) {
        let Stage::Market(m) = &self.stage else {
            unreachable!("checked")
        };
        let c = m.city.expect("checked") as usize;
        let side = self.side_of(data, c, g as usize);
        self.place_tile(data, seat, c, side, ev);
        self.market_maybe_done(data, seat, ev);
    }

    fn market_maybe_done(&mut self, data: &NipponData, seat: Seat, ev: &mut Vec<Event>) {
        if matches!(&self.stage, Stage::Market(m) if m.placed >= MAX_PER_ACTION) {
            self.end_action(data, seat, ev);
        }
    }

    /// Tiles around city `c`.
    pub(crate) fn tiles_around(&self, c: usize) -> usize {
        self.influence[c].iter().filter(|x| x.is_some()).count()
    }

    /// Sides of city `c` holding its lowest tiles.
    pub(crate) fn tied_lowest(&self, c: usize) -> Vec<usize> {
        let min = self.influence[c].iter().flatten().map(|t| t.value).min();
        (0..4)
            .filter(|&s| self.influence[c][s].is_some_and(|t| Some(t.value) == min))
            .collect()
    }

    /// NIP-MKT-12, -15, -16: may a tile of `value` go beside good `g` of city `c`?
    pub(crate) fn slot_available(
        &self,
        data: &NipponData,
        c: usize,
        g: usize,
        value: u8,
    ) -> Result<(), RuleError> {
        let city = data.city_name(c);
        let why = match self.slot_blocker(data, c, g, value) {
            None => return Ok(()),
            Some(SlotBlocker::NotWanted) => format!("{city} does not want {}", data.goods[g].name),
            Some(SlotBlocker::Higher(held)) => format!(
                "the {} slot of {city} holds a value-{held} tile; only a higher tile replaces it",
                data.goods[g].name
            ),
            Some(SlotBlocker::Full { limit, min }) => format!(
                "{city} already has {limit} tiles; a new one must beat the lowest there (value {min})"
            ),
        };
        Err(rule(Topic::Market, why))
    }

    /// What stops a tile of `value` going beside good `g` of city `c`, unworded: the check
    /// of [`Nippon::slot_available`], cheap enough for scans of every city.
    pub(crate) fn slot_blocker(
        &self,
        data: &NipponData,
        c: usize,
        g: usize,
        value: u8,
    ) -> Option<SlotBlocker> {
        let Some(s) = self.side_of(data, c, g) else {
            return Some(SlotBlocker::NotWanted);
        };
        if let Some(t) = self.influence[c][s] {
            if t.value >= value {
                return Some(SlotBlocker::Higher(t.value));
            }
            return None;
        }
        if let Some(limit) = data.city_limit[self.n() - 2] {
            if self.tiles_around(c) >= limit {
                let min = self.influence[c]
                    .iter()
                    .flatten()
                    .map(|t| t.value)
                    .min()
                    .unwrap_or(0);
                if value <= min {
                    return Some(SlotBlocker::Full { limit, min });
                }
            }
        }
        None
    }

    /// What the seat lacks to supply `c` cubes of good `g` for a value-`v` tile, before any
    /// city is looked at (NIP-MKT-2, NIP-MKT-6). No text is built here: scans of the legal steps
    /// meet these failures by the hundred; [`Nippon::can_tile`] words them.
    pub(crate) fn tile_short(
        &self,
        data: &NipponData,
        seat: Seat,
        v: u8,
        g: usize,
        c: u8,
    ) -> Option<TileShort> {
        let p = &self.players[seat];
        if !(1..=3).contains(&c) {
            return Some(TileShort::Cubes);
        }
        let stored = p.factories[g].map(|f| f.goods).unwrap_or(0);
        if stored < c {
            return Some(TileShort::Stored(stored));
        }
        let max = data.max_value(g, c);
        if v > max {
            return Some(TileShort::Value(max));
        }
        if !p.tiles.contains(&v) {
            return Some(TileShort::NoTile);
        }
        None
    }

    pub(crate) fn can_tile(
        &self,
        data: &NipponData,
        seat: Seat,
        region: Option<u8>,
        v: u8,
        g: usize,
        c: u8,
    ) -> Result<(), RuleError> {
        let name = &data.goods[g].name;
        match self.tile_short(data, seat, v, g, c) {
            None => {}
            Some(TileShort::Cubes) => return Err(rule(Topic::Market, "supply 1, 2 or 3 cubes")),
            Some(TileShort::Stored(stored)) => {
                return Err(rule(
                    Topic::Market,
                    format!(
                        "your {name} storage holds {}, not {c}",
                        crate::engine::counted(stored, "good")
                    ),
                ))
            }
            Some(TileShort::Value(max)) => {
                return Err(rule(
                    Topic::Market,
                    format!(
                        "{} allow a tile of value {max} at most",
                        crate::engine::counted(c, &format!("{name} cube"))
                    ),
                ))
            }
            Some(TileShort::NoTile) => {
                return Err(rule(
                    Topic::Market,
                    format!("you have no value-{v} influence tile left"),
                ))
            }
        }
        if !self.tile_has_a_city(data, region, v, g) {
            return Err(rule(
                Topic::Market,
                format!(
                    "no available {name} slot for a value-{v} tile{}",
                    region
                        .map(|r| format!(" in {}", data.regions[r as usize].name))
                        .unwrap_or_default()
                ),
            ));
        }
        Ok(())
    }

    /// [`Nippon::can_tile`] without wording a refusal.
    pub(crate) fn tile_blocked(
        &self,
        data: &NipponData,
        seat: Seat,
        region: Option<u8>,
        v: u8,
        g: usize,
        c: u8,
    ) -> bool {
        self.tile_short(data, seat, v, g, c).is_some() || !self.tile_has_a_city(data, region, v, g)
    }

    /// Has some city (of `region`, else anywhere) an available `g` slot for a value-`v`
    /// tile?
    pub(crate) fn tile_has_a_city(
        &self,
        data: &NipponData,
        region: Option<u8>,
        v: u8,
        g: usize,
    ) -> bool {
        let regions = match region {
            Some(r) => r as usize..r as usize + 1,
            None => 0..data.regions.len(),
        };
        regions
            .flat_map(|r| [2 * r, 2 * r + 1])
            .any(|city| self.slot_blocker(data, city, g, v).is_none())
    }

    pub(crate) fn can_city(
        &self,
        data: &NipponData,
        region: Option<u8>,
        c: usize,
        v: u8,
        g: usize,
    ) -> Result<(), RuleError> {
        match self.city_blocker(data, region, c, v, g) {
            None => Ok(()),
            Some(CityBlocker::NoSuchCity) => Err(rule(Topic::Market, "there are 8 cities")),
            Some(CityBlocker::Elsewhere(r)) => Err(rule(
                Topic::Market,
                format!(
                    "this action's tiles all go to {}; {} is elsewhere",
                    data.regions[r as usize].name,
                    data.city_name(c)
                ),
            )),
            Some(CityBlocker::Slot) => self.slot_available(data, c, g, v),
        }
    }

    /// What stops the chosen tile (value `v`, good `g`) going to city `c`, unworded: the
    /// check of [`Nippon::can_city`], cheap enough for scans of every city.
    pub(crate) fn city_blocker(
        &self,
        data: &NipponData,
        region: Option<u8>,
        c: usize,
        v: u8,
        g: usize,
    ) -> Option<CityBlocker> {
        if c >= 8 {
            return Some(CityBlocker::NoSuchCity);
        }
        if let Some(r) = region {
            if c / 2 != r as usize {
                return Some(CityBlocker::Elsewhere(r));
            }
        }
        self.slot_blocker(data, c, g, v).map(|_| CityBlocker::Slot)
    }

    /// Put the chosen tile beside good `g` of city `c`, removing the tile at side `remove`
    /// (a full city in 2-3 player games), and give the region bonus.
    pub(crate) fn place_tile(
        &mut self,
        data: &NipponData,
        seat: Seat,
        c: usize,
        remove: Option<usize>,
        ev: &mut Vec<Event>,
    ) {
        let Stage::Market(m) = &self.stage else {
            return;
        };
        let (v, g, cubes) = m.tile.expect("a tile was chosen");
        let s = self.side_of(data, c, g as usize).expect("checked");
        let p = &mut self.players[seat];
        if let Some(f) = p.factories[g as usize].as_mut() {
            f.goods -= cubes;
        }
        let i = p.tiles.iter().position(|&x| x == v).expect("checked");
        p.tiles.remove(i);
        let mut returned = Vec::new();
        for side in [Some(s), remove].into_iter().flatten() {
            if let Some(old) = self.influence[c][side].take() {
                let owner = &mut self.players[old.seat as usize];
                owner.tiles.push(old.value);
                owner.tiles.sort_unstable();
                returned.push((old.seat as usize, old.value));
            }
        }
        self.influence[c][s] = Some(Placed {
            seat: seat as u8,
            value: v,
        });
        let r = c / 2;
        self.gain(data, seat, data.regions[r].bonus);
        let supplied = MarketEvent::Supplied {
            seat,
            cubes,
            good: g as usize,
            city: c,
            value: v,
            returned,
        };
        self.say(data, ev, supplied);
        if let Stage::Market(m) = &mut self.stage {
            m.region = Some(r as u8);
            m.placed += 1;
            m.tile = None;
            m.city = None;
        }
    }
}

/// Why a tile cannot be supplied at all (see [`Nippon::tile_short`]).
pub(crate) enum TileShort {
    /// Not 1 to 3 cubes.
    Cubes,
    /// The storage holds only this many.
    Stored(u8),
    /// The cubes allow at most this value.
    Value(u8),
    /// No tile of that value left.
    NoTile,
}

/// Why a tile cannot go to an influence slot (worded by [`Nippon::slot_available`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SlotBlocker {
    /// The city does not want that good.
    NotWanted,
    /// The slot holds a tile of this value, not lower than the new one.
    Higher(u8),
    /// The city holds `limit` tiles and the new one does not beat the lowest (`min`).
    Full { limit: usize, min: u8 },
}

/// Why the chosen tile cannot go to a city (worded by [`Nippon::can_city`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CityBlocker {
    /// Not one of the 8 cities.
    NoSuchCity,
    /// The action's tiles all go to this region.
    Elsewhere(u8),
    /// The city's slot for the good is not available (see [`SlotBlocker`]).
    Slot,
}
