//! `games`: a player's games in this server, the ones waiting for them first, and
//! `games all`: every game running in this server, this channel's first.
//!
//! Invariants: the answer is private to the asker; it shows only what `game status` shows
//! anyone (the game, its players, whose turn it is and since when); who a game waits for
//! and since when are the reminder schedule's rows (see `store::listing`). A game in a
//! channel the asker may not see (per `Request::visible_channels`) is not listed unless
//! they are seated in it.

use super::*;
use crate::store::{GameStatus, ListedGame};

/// Games shown in one answer; the rest are counted.
pub const GAMES_SHOWN: usize = 25;
/// Games read for one answer (sorted before the first [`GAMES_SHOWN`] are kept).
const GAMES_READ: usize = 500;

impl Chat {
    pub(crate) fn cmd_games(&self, req: &Request, args: &str) -> Result<Vec<Reply>, ChatError> {
        let all = match args.trim().to_lowercase().as_str() {
            "" => false,
            "all" => true,
            _ => {
                return Err(ChatError::BadArgument {
                    command: "games",
                    got: args.to_string(),
                })
            }
        };
        let me = req.user.id.as_str();
        let mut games = self.lock().store.active_games_in(
            &req.place.platform,
            req.place.guild.as_deref(),
            (!all).then_some(me),
            GAMES_READ,
        )?;
        // Where the platform has private channels, another channel's game is listed only
        // where the asker may see that channel or holds a seat in the game.
        if let Some(seen) = &req.visible_channels {
            games.retain(|g| {
                g.row.channel == req.place.channel
                    || seen.contains(&g.row.channel)
                    || g.seats.iter().any(|s| s.user_id == me)
            });
        }
        // Mine: the ones waiting for me first, longest wait first. All: this channel's
        // first, then the ones waiting for me, then by age.
        let my_wait = |g: &ListedGame| {
            g.waits
                .iter()
                .find(|(u, _)| u == me)
                .map(|w| w.1)
                .unwrap_or(i64::MAX)
        };
        games.sort_by_key(|g| {
            (
                all && g.row.channel != req.place.channel,
                my_wait(g),
                g.row.id,
            )
        });
        let total = games.len();
        let mut text = Text::from(match (all, total) {
            (false, 0) => "You have no game in this server.".to_string(),
            (true, 0) => "No game is running in this server.".to_string(),
            (false, n) => format!("Your games in this server ({n}):"),
            (true, n) => format!("Games in this server ({n}):"),
        });
        if total == 0 {
            text = text
                .p(" ")
                .cmd("game new", &["<game>"])
                .p(" opens one in a channel.");
        }
        for g in games.iter().take(GAMES_SHOWN) {
            text.line(self.game_line(g, me));
        }
        if total > GAMES_SHOWN {
            text.line(format!("…and {} more.", total - GAMES_SHOWN));
        }
        if !all {
            text.line(
                Text::new()
                    .cmd("games", &["all"])
                    .p(" lists every game in this server you may see."),
            );
        }
        Ok(vec![Reply::private(me, text)])
    }

    /// One game: its kind and number, its channel, and whose turn it is since when.
    fn game_line(&self, g: &ListedGame, me: &str) -> Text {
        let name = self
            .registry
            .get(&g.row.kind)
            .map(|k| k.name())
            .unwrap_or(g.row.kind.as_str());
        let mut t = Text::new()
            .p(format!("- **{name}** #{} in ", g.row.id))
            .channel(&g.row.channel)
            .p(": ");
        if g.row.status == GameStatus::Lobby {
            let names: Vec<&str> = g.seats.iter().map(|s| s.name.as_str()).collect();
            return t.p(format!(
                "waiting to start, {} seated ({}).",
                names.len(),
                names.join(", ")
            ));
        }
        let mut waits: Vec<&(String, i64)> = g.waits.iter().collect();
        // Me first, then by seat.
        waits.sort_by_key(|(u, _)| {
            (
                u != me,
                g.seats
                    .iter()
                    .position(|s| s.user_id == *u)
                    .unwrap_or(usize::MAX),
            )
        });
        if waits.is_empty() {
            return t.p("running.");
        }
        for (i, (u, since)) in waits.iter().enumerate() {
            if i > 0 {
                t = t.p(", ");
            }
            if u == me {
                t = t.p("**your turn** since ");
            } else {
                let who = g
                    .seats
                    .iter()
                    .find(|s| s.user_id == *u)
                    .map(|s| s.name.as_str())
                    .unwrap_or("?");
                t = t.p(format!("waiting for **{who}** since "));
            }
            t = t.time(*since, TimeStyle::Relative);
        }
        t.p(".")
    }
}
