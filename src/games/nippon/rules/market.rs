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
    ) -> Result<(), Forbidden> {
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

    /// NIP-MKT-16: is good `g` of the full city `c` beside one of its tied lowest tiles?
    fn remove_ok(&self, data: &NipponData, c: usize, g: usize) -> Result<(), Forbidden> {
        let tied = self.tied_lowest(c);
        if matches!(self.side_of(data, c, g), Some(s) if tied.contains(&s)) {
            return Ok(());
        }
        let goods = tied
            .iter()
            .fold(0u16, |bits, &s| bits | 1 << self.good_at(data, c, s));
        Err(Forbidden::RemoveTied {
            city: c as u8,
            goods,
        })
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
    pub(crate) fn slot_ok(
        &self,
        data: &NipponData,
        c: usize,
        g: usize,
        value: u8,
    ) -> Result<(), Forbidden> {
        let (city, good) = (c as u8, g as u8);
        let Some(s) = self.side_of(data, c, g) else {
            return Err(Forbidden::NotWanted { city, good });
        };
        if let Some(t) = self.influence[c][s] {
            if t.value >= value {
                return Err(Forbidden::SlotHigher {
                    city,
                    good,
                    held: t.value,
                });
            }
            return Ok(());
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
                    return Err(Forbidden::CityFull {
                        city,
                        limit: limit as u8,
                        min,
                    });
                }
            }
        }
        Ok(())
    }

    /// NIP-MKT-2, -6: may `seat` supply `c` cubes of good `g` for a value-`v` tile, to a
    /// city with a slot for it (of `region` once the action placed a tile there)?
    pub(crate) fn can_tile(
        &self,
        data: &NipponData,
        seat: Seat,
        region: Option<u8>,
        v: u8,
        g: usize,
        c: u8,
    ) -> Result<(), Forbidden> {
        let p = &self.players[seat];
        let good = g as u8;
        if !(1..=3).contains(&c) {
            return Err(Forbidden::TileCubes);
        }
        let held = p.factories[g].map_or(0, |f| f.goods);
        if held < c {
            return Err(Forbidden::TileStored {
                good,
                held,
                cubes: c,
            });
        }
        let max = data.max_value(g, c);
        if v > max {
            return Err(Forbidden::TileValue {
                good,
                cubes: c,
                max,
            });
        }
        if !p.tiles.contains(&v) {
            return Err(Forbidden::NoValueTile(v));
        }
        if !self.tile_has_a_city(data, region, v, g) {
            return Err(Forbidden::NoSlotForTile {
                good,
                value: v,
                region,
            });
        }
        Ok(())
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
            .any(|city| self.slot_ok(data, city, g, v).is_ok())
    }

    pub(crate) fn can_city(
        &self,
        data: &NipponData,
        region: Option<u8>,
        c: usize,
        v: u8,
        g: usize,
    ) -> Result<(), Forbidden> {
        if c >= 8 {
            return Err(Forbidden::NoSuchCity);
        }
        if let Some(r) = region {
            if c / 2 != r as usize {
                return Err(Forbidden::CityElsewhere {
                    region: r,
                    city: c as u8,
                });
            }
        }
        self.slot_ok(data, c, g, v)
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
