//! `games`: a player's games in this server, the ones waiting for them first, and
//! `games all`: every game running in this server, this channel's first.
//!
//! Invariants: the answer is private to the asker; it shows only what `game status` shows
//! anyone (the game, its players, whose turn it is and since when); who a game waits for
//! and since when are the reminder schedule's rows (see `store::listing`). A game in a
//! channel the asker may not see (per `Request::visible_channels`) is not listed unless
//! they are seated in it.
//! The daily digest (`remind digest`) is built here from the same lines, and so is the
//! answer pointing from a channel to the games of its threads (a command on the channel's
//! game where the game lives in a thread of it).

use super::core::Chat;
use super::error::CoreError;
use super::table;
use super::text::{Text, TimeStyle};
use super::types::{Reply, Request};
use crate::store::{GameStatus, ListedGame};

/// Games shown in one answer; the rest are counted.
pub const GAMES_SHOWN: usize = 25;
/// Games read for one answer (sorted before the first [`GAMES_SHOWN`] are kept).
const GAMES_READ: usize = 500;
/// Games listed in one daily digest (it must fit one Discord message); the rest are counted.
pub const DIGEST_SHOWN: usize = 10;

/// The commands that act on the game of their channel: where none is there but the game
/// lives in a thread of the channel, they are pointed there ([`Chat::game_in_a_thread`]).
const ON_THE_GAME_HERE: &[&str] = &[
    "game join",
    "game leave",
    "game start",
    "game status",
    "game history",
    "game resign",
    "game kick",
    "game abort",
    "game export",
    "move",
    "undo",
    "board",
];
/// Of [`ON_THE_GAME_HERE`], the ones that show a finished game too (it is theirs to show).
const SHOW_A_FINISHED_GAME: &[&str] = &["game status", "game history", "game export", "board"];

/// `games all`'s first line when nothing could be listed because the platform did not say
/// which channels the asker may see.
const UNCHECKED_NONE: &str = "No game can be listed yet (the list is incomplete):";
/// Why `games all`'s list is incomplete (see `Request::visible_channels_unknown`).
const UNCHECKED_WHY: &str = "Not listed: games in other channels where you have no seat, because which channels you may see could not be checked in time. Try again in a moment.";

/// A player's daily digest, built by [`Chat::digest`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Digest {
    /// The message: a mention of the player, then one line per game waiting for them.
    pub text: Text,
    /// The channel of the game waiting longest for them.
    pub channel: String,
    /// The message for [`Digest::channel`] when it cannot go privately: only that
    /// channel's games are listed, the others only counted (everyone there reads it, and
    /// the player's other games may be in channels they cannot see).
    pub channel_text: Text,
    /// How many games wait for them.
    pub games: usize,
}

impl Chat {
    pub(crate) fn cmd_games(&self, req: &Request, args: &str) -> Result<Vec<Reply>, CoreError> {
        let all = match args.trim().to_lowercase().as_str() {
            "" => false,
            "all" => true,
            _ => {
                return Err(CoreError::BadArgument {
                    command: "games",
                    got: args.to_string(),
                })
            }
        };
        let me = req.user.id.as_str();
        let mut games = self.lock().store.log().active_games_in(
            &req.place.platform,
            req.place.guild.as_deref(),
            (!all).then_some(me),
            GAMES_READ,
        )?;
        // Where the platform has private channels, another channel's game is listed only
        // where the asker may see that channel or holds a seat in the game.
        let read = games.len();
        if let Some(seen) = &req.visible_channels {
            games.retain(|g| {
                g.row.channel == req.place.channel
                    || seen.contains(&g.row.channel)
                    || g.seats.iter().any(|s| s.user_id == me)
            });
        }
        // Left out only because the platform did not say which channels the asker may see:
        // the list says it is incomplete, never that there is no game.
        let unchecked = req.visible_channels_unknown && games.len() < read;
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
            (true, 0) if unchecked => UNCHECKED_NONE.to_string(),
            (true, n) if unchecked => format!("Games in this server (incomplete: {n} listed):"),
            (false, 0) => "You have no game in this server.".to_string(),
            (true, 0) => "No game is running in this server.".to_string(),
            (false, n) => format!("Your games in this server ({n}):"),
            (true, n) => format!("Games in this server ({n}):"),
        });
        if total == 0 && !unchecked {
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
        if unchecked {
            text.line(UNCHECKED_WHY);
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

    /// The daily digest of `user` in `guild` (see `remind digest`): one text listing every
    /// game of that server waiting for them, longest wait first, each as `games` shows it
    /// (what `game status` shows anyone, so nothing secret) headed by their public
    /// catch-up in it (the table's view of the log since their last step), or `None` when no game waits
    /// for them. Also returns the channel of the game waiting longest (where the digest goes
    /// when direct messages are closed) and the number of games listed.
    pub fn digest(
        &self,
        platform: &str,
        guild: Option<&str>,
        user: &str,
    ) -> Result<Option<Digest>, CoreError> {
        let games =
            self.lock()
                .store
                .log()
                .active_games_in(platform, guild, Some(user), GAMES_READ)?;
        let mut waiting: Vec<(i64, &ListedGame)> = games
            .iter()
            .filter(|g| g.row.status == GameStatus::Running)
            .filter_map(|g| g.waits.iter().find(|(u, _)| u == user).map(|w| (w.1, g)))
            .collect();
        waiting.sort_by_key(|(since, g)| (*since, g.row.id));
        let Some((_, first)) = waiting.first() else {
            return Ok(None);
        };
        let name = first
            .seats
            .iter()
            .find(|s| s.user_id == user)
            .map(|s| s.name.clone())
            .unwrap_or_else(|| user.to_string());
        let n = waiting.len();
        let mut text = Text::new().mention(user, &name).p(if n == 1 {
            ", your daily digest: 1 game in this server waits for you:".to_string()
        } else {
            format!(", your daily digest: {n} games in this server wait for you:")
        });
        for (_, g) in waiting.iter().take(DIGEST_SHOWN) {
            self.digest_lines(&mut text, g, user)?;
        }
        if n > DIGEST_SHOWN {
            text.line(
                Text::new()
                    .p(format!("…and {} more; ", n - DIGEST_SHOWN))
                    .cmd("games", &[])
                    .p(" lists them all."),
            );
        }
        // Also where it arrives by direct message: there it turns every server's digest off.
        let off = Text::new()
            .cmd("remind", &["digest", "off"])
            .p(" goes back to one reminder per game.");
        text.line(off.clone());
        let channel = first.row.channel.clone();
        let here: Vec<&ListedGame> = waiting
            .iter()
            .map(|(_, g)| *g)
            .filter(|g| g.row.channel == channel)
            .collect();
        let mut channel_text = Text::new().mention(user, &name).p(if n == 1 {
            ", your daily digest: 1 game in this server waits for you:".to_string()
        } else {
            format!(", your daily digest: {n} games in this server wait for you; in this channel:")
        });
        for g in here.iter().take(DIGEST_SHOWN) {
            self.digest_lines(&mut channel_text, g, user)?;
        }
        if n > here.len() {
            channel_text.line(
                Text::new()
                    .p(format!("…and {} in other channels; ", n - here.len()))
                    .cmd("games", &[])
                    .p(" lists them (only you see the list)."),
            );
        }
        channel_text.line(off);
        Ok(Some(Digest {
            text,
            channel,
            channel_text,
            games: n,
        }))
    }

    /// Whether `req` is a command on its channel's game and the channel has none for it (no
    /// open game, nor a finished one for a command that shows it): a front end whose
    /// channels have threads then asks [`Chat::game_in_a_thread`] with the channel's
    /// threads. Read only.
    pub fn wants_a_game_here(&self, req: &Request) -> bool {
        let Ok((command, _)) = table::resolve(req.text.trim()) else {
            return false;
        };
        if !ON_THE_GAME_HERE.contains(&command.path) {
            return false;
        }
        let inner = self.lock();
        let log = inner.store.log();
        let (platform, channel) = (&req.place.platform, &req.place.channel);
        match log.active_game(platform, channel) {
            Ok(None) if SHOW_A_FINISHED_GAME.contains(&command.path) => !matches!(
                log.latest_game(platform, channel),
                Ok(Some(g)) if g.status == GameStatus::Finished
            ),
            Ok(None) => true,
            Ok(Some(_)) | Err(_) => false,
        }
    }

    /// For a command of [`Chat::wants_a_game_here`]: the private answer pointing to the open
    /// games of `threads` (threads of the request's channel) and saying to run the command
    /// there, or `None` when none of them has one. Read only; nothing is done.
    pub fn game_in_a_thread(&self, req: &Request, threads: &[String]) -> Option<Reply> {
        let (command, _) = table::resolve(req.text.trim()).ok()?;
        let games = self
            .lock()
            .store
            .log()
            .active_games_in(
                &req.place.platform,
                req.place.guild.as_deref(),
                None,
                GAMES_READ,
            )
            .ok()?;
        let there: Vec<&ListedGame> = games
            .iter()
            .filter(|g| threads.contains(&g.row.channel))
            .collect();
        let first = there.first()?;
        let me = req.user.id.as_str();
        let mut text = Text::new().p("No game is open in this channel; ");
        text = if there.len() == 1 {
            text.p("its game is played in the thread ")
                .channel(&first.row.channel)
                .p(": run ")
                .cmd(command.path, &[])
                .p(" there.")
        } else {
            text.p(format!(
                "{} games are played in its threads: run ",
                there.len()
            ))
            .cmd(command.path, &[])
            .p(" in the thread of the one you mean.")
        };
        for g in there.iter().take(GAMES_SHOWN) {
            text.line(self.game_line(g, me));
        }
        Some(Reply::error(me, text))
    }

    /// One game: its kind and number, its channel, and whose turn it is since when.
    /// Add a game's lines in `user`'s daily digest to `text`: its `games` line, then the same public
    /// catch-up as the message that pinged them (the digest may be read in the channel).
    fn digest_lines(&self, text: &mut Text, g: &ListedGame, user: &str) -> Result<(), CoreError> {
        text.line(self.game_line(g, user));
        if let Some(seat) = g.seats.iter().find(|s| s.user_id == user) {
            let actions = self.lock().store.log().actions(g.row.id)?;
            if let Some(c) = super::filter::public_catch_up(&actions, &g.seats, seat.seat) {
                text.line(c);
                // What touched them, as the table saw it (their last step the table saw on).
                let since = self.replay_since(&g.row, &g.seats, &actions, &[seat.seat], true);
                let viewer = crate::engine::Viewer::Spectator;
                if let Some(t) = super::filter::touched_line(&since, &g.seats, seat.seat, viewer) {
                    text.line(t);
                }
            }
        }
        Ok(())
    }

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
