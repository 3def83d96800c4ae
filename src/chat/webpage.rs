//! A game's web page as one viewer may see it (served by `crate::web`), and `game web`,
//! which gives a player the two signed links to it.
//!
//! The page is built only from what the chat already sends that viewer, through the one
//! filter (invariant 5): the board's description and picture from `filter::board`, the
//! turns' words from `filter::step_lines` kept to the lines the viewer may see (as the
//! live replies deliver them), the public board after each turn from the spectator's
//! view, and a player's private news as `board private` shows them.
//!
//! Turns: the steps in effect (undone ones dropped) grouped up to each step that ended a
//! turn. Another seat's hidden step that ends a turn shows as sealed, so how many turns
//! there are is public; steps after the last turn's end are the turn in progress, shown
//! only by the lines the viewer may see.
//!
//! Invariant (tested in `crate::web`'s tests): everything here and every picture a page
//! links is unchanged, byte for byte, when another seat's hidden information changes.

use super::core::{effective_steps, play_rows, setup_named, Chat, Roster};
use super::error::CoreError;
use super::filter::{self, Line, Played};
use super::replay::ReplayError;
use super::text::Text;
use super::types::{Reply, Request};
use super::weblink::TABLE;
use crate::engine::{AnyGame, Png, Status, Viewer};
use crate::store::{GameRow, GameStatus, SeatRow};
use std::sync::Mutex;

/// How many of a player's latest private news the page shows (as `board private`).
const NEWS: usize = 5;

/// One complete turn of a game's history.
#[derive(Clone, Debug, PartialEq)]
pub struct Turn {
    pub played: Vec<Played>,
    /// The seats' names when each step was played (a handover renames a seat from there
    /// on), one list per step of `played`.
    pub names: Vec<Vec<String>>,
    /// When its last step was played (unix seconds).
    pub at: i64,
}

/// A game's history, replayed once per version: its turns and the positions after each.
pub struct History {
    pub row: GameRow,
    pub seats: Vec<SeatRow>,
    pub turns: Vec<Turn>,
    /// The steps after the last turn's end (its `at`: the last one's time).
    pub open: Turn,
    /// The position at the start and after each turn (`turns.len() + 1` of them).
    positions: Mutex<Vec<Box<dyn AnyGame>>>,
    /// The position now.
    current: Mutex<Box<dyn AnyGame>>,
}

/// One turn as a viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnView {
    /// 1 for the first turn.
    pub n: usize,
    pub lines: Vec<String>,
    pub at: i64,
    /// After the viewer's own last turn (marked on a player's link).
    pub since_yours: bool,
}

/// A player's private part of the page: what `board private` tells them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrivatePart {
    pub name: String,
    pub board: String,
    pub news: Vec<String>,
}

/// Everything a game's page shows one viewer (the web layer only lays it out).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GamePage {
    pub game_id: i64,
    pub game_name: String,
    pub version: i64,
    /// Whose turn it is, or that the game is over.
    pub status: String,
    /// Since when the game waits (the last turn's end, else the game's creation).
    pub since: i64,
    /// The final standings with their breakdown, once the game is over.
    pub standings: Option<String>,
    /// The public description of the board now (scores included).
    pub board: String,
    pub private: Option<PrivatePart>,
    pub turns: Vec<TurnView>,
    /// The lines of the turn in progress the viewer may see.
    pub now: Vec<String>,
}

impl History {
    /// The number of turn pictures: the start and after each turn.
    pub fn positions(&self) -> usize {
        self.turns.len() + 1
    }

    /// The picture a page links for `turn` (0: the start; `positions() - 1`: the last
    /// turn's end) as `viewer` may see it: past positions are public; the board now
    /// (`turn` = None) is the viewer's own view.
    pub fn picture(&self, turn: Option<usize>, viewer: Viewer) -> Option<Png> {
        match turn {
            None => Some(lock(&self.current).render(viewer)),
            Some(t) => lock(&self.positions)
                .get(t)
                .map(|g| filter::board(&**g, Viewer::Spectator).1),
        }
    }

    /// The page for `viewer` with their private `news` (a seat's only).
    pub fn page(&self, game_name: &str, viewer: Viewer, news: Vec<Text>) -> GamePage {
        let current = lock(&self.current);
        page(
            (&self.row, game_name),
            &**current,
            &self.seats,
            (&self.turns, &self.open),
            viewer,
            news,
        )
    }
}

#[cfg(test)]
impl History {
    /// A copy with `holder`'s hidden information scrambled everywhere the page reads it:
    /// the positions (`Game::scramble`), and in the turns the holder's secret steps and
    /// the events only they see.
    pub(crate) fn scrambled(&self, holder: crate::engine::Holder, salt: u64) -> History {
        let scramble = |played: &[Played]| -> Vec<Played> {
            let mut out = played.to_vec();
            if let crate::engine::Holder::Seat(h) = holder {
                for p in out.iter_mut().filter(|p| p.seat == h && p.secret) {
                    p.notation = format!("scrambled {salt}");
                }
                for e in out.iter_mut().flat_map(|p| p.events.iter_mut()) {
                    if e.audience == crate::engine::Audience::Private(h) {
                        e.text = format!("scrambled event {salt}");
                    }
                }
            }
            out
        };
        History {
            row: self.row.clone(),
            seats: self.seats.clone(),
            turns: self
                .turns
                .iter()
                .map(|t| Turn {
                    played: scramble(&t.played),
                    ..t.clone()
                })
                .collect(),
            open: Turn {
                played: scramble(&self.open.played),
                ..self.open.clone()
            },
            positions: Mutex::new(
                lock(&self.positions)
                    .iter()
                    .map(|g| g.scrambled(holder, salt))
                    .collect(),
            ),
            current: Mutex::new(lock(&self.current).scrambled(holder, salt)),
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// The lines of `turn`'s steps that `viewer` may see, each step's player named as the
/// seat was named then.
fn seen(seats: &[SeatRow], turn: &Turn, viewer: Viewer) -> Vec<String> {
    let (played, names) = (&turn.played, &turn.names);
    let mut out = Vec::new();
    let mut i = 0;
    while i < played.len() {
        // A run of steps under the same names (a handover starts another).
        let n = names[i..]
            .iter()
            .take_while(|n| **n == names[i])
            .count()
            .max(1);
        let named: Vec<SeatRow> = seats
            .iter()
            .map(|s| SeatRow {
                name: names[i].get(s.seat).unwrap_or(&s.name).clone(),
                ..s.clone()
            })
            .collect();
        let run = &played[i..(i + n).min(played.len())];
        out.extend(
            filter::step_lines(&named, run)
                .into_iter()
                .filter(|l: &Line| match l.audience {
                    crate::engine::Audience::Public => true,
                    crate::engine::Audience::Private(s) => viewer == Viewer::Seat(s),
                })
                .map(|l| l.text.to_string()),
        );
        i += n;
    }
    out
}

/// The page of a game for `viewer`: a pure function of the game now, its seats, its turns
/// and the viewer's news.
pub fn page(
    (row, game_name): (&GameRow, &str),
    g: &dyn AnyGame,
    seats: &[SeatRow],
    (turns, open): (&[Turn], &Turn),
    viewer: Viewer,
    news: Vec<Text>,
) -> GamePage {
    let status = g.status();
    let name = |s: usize| seats.get(s).map(|r| r.name.clone()).unwrap_or_default();
    let (status_line, standings) = match &status {
        Status::Finished(_) => (
            "The game is over.".to_string(),
            Some(filter::final_text(seats, &status)),
        ),
        _ if row.status == GameStatus::Finished => {
            ("The game is over without a result.".into(), None)
        }
        s => {
            let acting: Vec<String> = s.acting().iter().map(|&a| name(a)).collect();
            (format!("Waiting for {}.", acting.join(", ")), None)
        }
    };
    let mine = match viewer {
        Viewer::Seat(s) => turns
            .iter()
            .rposition(|t| t.played.iter().any(|p| p.seat == s)),
        Viewer::Spectator => None,
    };
    let views = turns
        .iter()
        .enumerate()
        .map(|(i, t)| TurnView {
            n: i + 1,
            lines: seen(seats, t, viewer),
            at: t.at,
            since_yours: mine.is_some_and(|m| i > m),
        })
        .collect();
    let private = match viewer {
        Viewer::Seat(s) => Some(PrivatePart {
            name: name(s),
            board: filter::describe(g, viewer).to_string(),
            news: news.iter().map(|t| t.to_string()).collect(),
        }),
        Viewer::Spectator => None,
    };
    GamePage {
        game_id: row.id,
        game_name: game_name.to_string(),
        version: row.version,
        status: status_line,
        since: turns.last().map(|t| t.at).unwrap_or(row.created_at),
        standings,
        board: filter::describe(g, Viewer::Spectator).to_string(),
        private,
        turns: views,
        now: seen(seats, open, viewer),
    }
}

/// A replayed game: its turns, the steps after the last, and the position after each turn.
type Replayed = (Vec<Turn>, Turn, Vec<Box<dyn AnyGame>>);

/// Replay a game from its setup (each seat named for its holder at each step), grouping
/// its steps into turns.
fn replay_turns(
    g: &mut Box<dyn AnyGame>,
    roster: Roster<'_>,
    actions: &[crate::store::ActionRow],
) -> Result<Replayed, String> {
    let mut turns = Vec::new();
    let mut positions = vec![g.box_clone()];
    let mut open = Turn {
        played: vec![],
        names: vec![],
        at: 0,
    };
    let steps = effective_steps(actions);
    play_rows(&mut **g, roster, 0, &steps, |a, (notation, applied), g| {
        open.played.push(Played {
            seat: a.seat,
            notation,
            secret: applied.secret,
            events: applied.events,
            auto: false,
        });
        open.names.push(roster.names_at(a.seq));
        open.at = a.at;
        if a.turn_end {
            turns.push(std::mem::replace(
                &mut open,
                Turn {
                    played: vec![],
                    names: vec![],
                    at: 0,
                },
            ));
            positions.push(g.box_clone());
        }
    })?;
    Ok((turns, open, positions))
}

impl Chat {
    /// Sign the links of `game web` with these (from the `[web]` table of the config, or
    /// the secret the terminal keeps in its database).
    pub fn set_web_links(&mut self, links: super::weblink::WebLinks) {
        self.web = Some(links);
    }

    /// The links' signer, when the pages are set up.
    pub fn web_links(&self) -> Option<&super::weblink::WebLinks> {
        self.web.as_ref()
    }

    /// Game `game_id`'s history, replayed from its log (a lobby has none).
    pub fn web_history(&self, game_id: i64) -> Result<History, CoreError> {
        let (row, seats, actions, handovers) = {
            let inner = self.lock();
            let log = inner.store.log();
            let row = log.game(game_id)?;
            (
                row,
                log.seats(game_id)?,
                log.actions(game_id)?,
                log.handovers(game_id)?,
            )
        };
        if row.status == GameStatus::Lobby {
            return Err(CoreError::NotStarted);
        }
        let kind = self
            .registry
            .get(&row.kind)
            .ok_or_else(|| CoreError::UnknownKind(row.kind.clone()))?;
        let roster = Roster {
            seats: &seats,
            handovers: &handovers,
        };
        let seed = (row.seed, row.rules_version);
        let mut g = setup_named(kind, roster, &row.options, seed).map_err(CoreError::Replay)?;
        let (turns, open, positions) =
            replay_turns(&mut g, roster, &actions).map_err(CoreError::Replay)?;
        Ok(History {
            row,
            seats,
            turns,
            open,
            positions: Mutex::new(positions),
            current: Mutex::new(g),
        })
    }

    /// The version of game `game_id` now (a page's cache key).
    pub fn web_version(&self, game_id: i64) -> Result<(i64, String), CoreError> {
        let row = self.lock().store.log().game(game_id)?;
        let name = self.game_name_of(&row.kind);
        Ok((row.version, name))
    }

    /// The page of `h` for the viewer a link names: [`TABLE`] or a user id (a seated
    /// user sees their seat's view; anyone else the table's).
    pub fn web_page(&self, h: &History, link_viewer: &str) -> GamePage {
        let viewer = web_viewer(&h.seats, link_viewer);
        let news = match viewer {
            Viewer::Seat(_) => self.private_news(h.row.id, link_viewer, NEWS),
            Viewer::Spectator => vec![],
        };
        h.page(&self.game_name_of(&h.row.kind), viewer, news)
    }

    /// `game web`: the table's link and the player's own, privately.
    pub(crate) fn game_web(&self, req: &Request, _args: &str) -> Result<Vec<Reply>, ReplayError> {
        let links = self.web.as_ref().ok_or(ReplayError::WebOff)?;
        let l = self.load_active_or_finished(&req.place)?;
        if l.game.is_none() {
            return Err(CoreError::NotStarted.into());
        }
        let now = self.now();
        let days = (links.ttl_secs() + 86_399) / 86_400;
        let mut text = Text::from(format!(
            "The page of game #{} ({}), for {days} days:",
            l.row.id,
            self.game_name_of(&l.row.kind)
        ));
        text.line(format!(
            "The table's link (what anyone here sees): {}",
            links.link(l.row.id, TABLE, now)
        ));
        if filter::viewer_of(&l.seats, &req.user.id) != Viewer::Spectator {
            text.line(format!(
                "Your own link (your private view as well; keep it to yourself): {}",
                links.link(l.row.id, &req.user.id, now)
            ));
        }
        Ok(vec![Reply::private(&req.user.id, text)])
    }
}

/// The viewer a link names, among `seats`.
pub fn web_viewer(seats: &[SeatRow], link_viewer: &str) -> Viewer {
    if link_viewer == TABLE {
        return Viewer::Spectator;
    }
    filter::viewer_of(seats, link_viewer)
}
