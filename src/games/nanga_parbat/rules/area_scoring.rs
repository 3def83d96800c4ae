//! The variant: area scoring.

use super::*;

impl NangaParbat {
    /// Pieces (hikers and camps) of `seat` in region `r`.
    pub(in crate::games::nanga_parbat) fn pieces_in_region(&self, seat: usize, r: usize) -> usize {
        (0..SECTIONS)
            .filter(|&s| {
                matches!(self.cells[r * SECTIONS + s],
                    Piece::Hiker(x) | Piece::Camp(x) if x as usize == seat)
            })
            .count()
    }

    /// NAN-AREA-2..4: the points `seat` scores in region `r` for its pieces there.
    pub(in crate::games::nanga_parbat) fn region_area_points(&self, seat: usize, r: usize) -> i64 {
        match self.pieces_in_region(seat, r) {
            6 => 3,
            5 => 2,
            4 => 1,
            _ => 0,
        }
    }

    /// NAN-AREA-1..5: regions in order from 1; in each, the first seat then the second (only
    /// one of them can score in a region: 4 + 4 pieces do not fit in 6 sections).
    #[allow(clippy::needless_range_loop)]
    pub(in crate::games::nanga_parbat) fn score_areas(&mut self, events: &mut Vec<Event>) {
        let mut pts = vec![vec![0i64; REGIONS]; 2];
        for r in 0..REGIONS {
            for seat in 0..2 {
                let p = self.region_area_points(seat, r);
                pts[seat][r] = p;
                self.gain(seat, p, Gain::Region(r as u8), events);
            }
        }
        self.area_points = Some(pts);
    }
}
