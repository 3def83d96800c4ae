//! Gameplay Flow, Phase 1 (advanced rules only): placing event counters.

use super::*;

impl Himalaya {
    /// Every event placement on the board (legal or not), `pass` last: market day in a
    /// village without goods is refused with its reason (a number matches only exactly, so
    /// `market 2` is never read as `market 20`, HIM-EVENT-10).
    pub(in crate::games::himalaya) fn event_candidates(&self, data: &HimalayaData) -> Vec<Step> {
        let mut out: Vec<Step> = (0..data.paths.len()).map(Step::Yeti).collect();
        out.extend((0..data.paths.len()).map(Step::Storm));
        out.extend((0..VILLAGES).map(Step::Market));
        out.push(Step::Pass);
        out
    }

    /// May `seat` still lay its marker of `kind` this turn? Only the stated limits
    /// (HIM-EVENT-3, -4, -6): each marker once a game, one of each kind on the board. A yeti
    /// and a snowstorm may share a path (HIM-EVENT-11).
    fn marker_free(&self, seat: Seat, kind: EventKind) -> bool {
        let on_board = match kind {
            EventKind::Yeti => self.board_events.yeti.is_some(),
            EventKind::Storm => self.board_events.storm.is_some(),
            EventKind::Market => self.board_events.market.is_some(),
        };
        !self.events_used[seat][kind.index()] && !on_board
    }

    /// Can `seat` lay any marker now? (Market day needs a village with goods.)
    pub(in crate::games::himalaya) fn can_place_event(&self, seat: Seat) -> bool {
        self.marker_free(seat, EventKind::Yeti)
            || self.marker_free(seat, EventKind::Storm)
            || (self.marker_free(seat, EventKind::Market)
                && (0..VILLAGES).any(|v| self.has_goods(v)))
    }

    /// The seat at position `k` of the order lays one unused marker or passes.
    pub(in crate::games::himalaya) fn event_ok(
        &self,
        data: &HimalayaData,
        seat: Seat,
        k: usize,
        step: &Step,
    ) -> Result<(), Forbidden> {
        if k >= self.n() || self.order_seat(k) != seat {
            return Err(Forbidden::EventsInTurn);
        }
        let kind = match *step {
            Step::Yeti(p) | Step::Storm(p) if p >= data.paths.len() => {
                return Err(Forbidden::NoPath { path: p as u8 });
            }
            Step::Market(v) if v >= VILLAGES => return Err(Forbidden::MarketNoVillage),
            Step::Yeti(_) => EventKind::Yeti,
            Step::Storm(_) => EventKind::Storm,
            Step::Market(_) => EventKind::Market,
            Step::Pass => return Ok(()),
            _ => return Err(Forbidden::EventsNow),
        };
        if self.events_used[seat][kind.index()] {
            return Err(Forbidden::MarkerUsed(kind));
        }
        if !self.marker_free(seat, kind) {
            return Err(Forbidden::MarkerOnBoard(kind));
        }
        match *step {
            Step::Market(v) if !self.has_goods(v) => {
                Err(Forbidden::MarketNoGoods { village: v as u8 })
            }
            _ => Ok(()),
        }
    }

    pub(in crate::games::himalaya) fn place_event(
        &mut self,
        data: &HimalayaData,
        seat: Seat,
        k: usize,
        step: &Step,
    ) -> Applied {
        let said = match *step {
            Step::Yeti(path) => {
                self.board_events.yeti = Some((path, seat));
                self.events_used[seat][EventKind::Yeti.index()] = true;
                MarkerEvent::Yeti { seat, path }
            }
            Step::Storm(path) => {
                self.board_events.storm = Some((path, seat));
                self.events_used[seat][EventKind::Storm.index()] = true;
                MarkerEvent::Storm { seat, path }
            }
            Step::Market(village) => {
                self.board_events.market = Some((village, seat));
                self.events_used[seat][EventKind::Market.index()] = true;
                MarkerEvent::Market { seat, village }
            }
            _ => MarkerEvent::NoMarker { seat },
        };
        self.phase = Phase::Events { k: k + 1 };
        let mut events = Vec::new();
        self.say(data, &mut events, said);
        Applied {
            events,
            turn_ended: true,
            ..Applied::default()
        }
    }
}
