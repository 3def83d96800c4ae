//! Playing: `move`, `undo`, `game resign`, and looking at the `board`.

use super::commit::{self, Turn};
use super::core::{seat_of, Chat, Loaded};
use super::error::topic_error;
use super::error::{bold, play_text, CoreError};
use super::filter;
use super::outbox::PRIVATE_NEWS;
use super::text::Text;
use super::types::{Reply, Request};
use crate::engine::notation::clip;
use crate::engine::{AnyGame, PlayError};
use crate::engine::{Seat, Status, Viewer};
use crate::store::SeatRow;

/// `move a; move b; end` (the command's word `move` repeated inside a chain, as `help`
/// shows chains) is read as `a; b; end`: a part starting with the word `move` is read
/// without it, unless `move` is a verb of the game's `legal` steps (their notations) and
/// the next word is not one of their verbs (`move Kathmandu Dhading` stays a move).
pub(crate) fn without_move_word<'a>(part: &'a str, legal: &[String]) -> &'a str {
    let mut words = part.split_whitespace();
    let (Some(first), Some(next)) = (words.next(), words.next()) else {
        return part;
    };
    if !first.eq_ignore_ascii_case("move") {
        return part;
    }
    let verbs = || legal.iter().map(|s| crate::engine::notation::verb(s));
    let next_is_verb = verbs().any(|v| v.eq_ignore_ascii_case(next));
    if verbs().any(|v| v == "move") && !next_is_verb {
        return part;
    }
    part.trim_start()[first.len()..].trim_start()
}

impl Chat {
    /// The running game here and its state.
    pub(crate) fn running(&self, req: &Request) -> Result<(Loaded, Box<dyn AnyGame>), CoreError> {
        let mut l = self.load_active(&req.place)?;
        let g = l.game.take().ok_or(CoreError::NotStarted)?;
        Ok((l, g))
    }

    pub(crate) fn cmd_move(&self, req: &Request, rest: &str) -> Result<Vec<Reply>, TurnError> {
        let (l, mut g) = self.running(req)?;
        let seat = seat_of(&l.seats, &req.user.id).ok_or(CoreError::NotPlaying)?;
        // `move` alone only shows (the Move button works at any version); a step does not
        // play from an earlier moment.
        if let (Some(v), false) = (req.expected_version, rest.trim().is_empty()) {
            if v != l.row.version {
                return Err(CoreError::StaleButton.into());
            }
        }
        let before = g.status();
        let legal = filter::legal_list(&*g, seat);
        if legal.is_empty() {
            return Err(no_step_now(&before, seat, &l.seats));
        }
        if rest.trim().is_empty() {
            return Ok(vec![self.steps_reply(req, &l, &legal, &[])?]);
        }
        let mut played = Vec::new();
        let parts: Vec<&str> = rest
            .split(';')
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .collect();
        let mut void: &[&str] = &[];
        for (i, part) in parts.iter().enumerate() {
            if g.status().is_finished() {
                // The game ended within the chain: the rest (an `end`, say) is void.
                void = &parts[i..];
                break;
            }
            let part = without_move_word(part, &g.choices(seat));
            for text in g.expand(seat, part) {
                let done = commit::play(&mut *g, seat, &text, false).map_err(|e| {
                    if i == 0 && played.is_empty() {
                        CoreError::Play(e).into()
                    } else {
                        TurnError::ChainFailed {
                            step: part.to_string(),
                            earlier: played.len(),
                            error: e,
                        }
                    }
                })?;
                played.push(done);
            }
        }
        if played.is_empty() {
            return Err(CoreError::NoStep.into());
        }
        let mut t = Turn::new(g);
        t.played = played;
        let mut replies = self.commit_turn(req, &l, before.acting().to_vec(), t)?;
        if !void.is_empty() {
            let rest: Vec<String> = void.iter().map(|p| format!("`{}`", clip(p))).collect();
            replies.push(Reply::private(
                &req.user.id,
                format!(
                    "The game ended before the rest of your chain, so {} was not played.",
                    rest.join("; ")
                ),
            ));
        }
        Ok(replies)
    }

    pub(crate) fn game_resign(&self, req: &Request, _args: &str) -> Result<Vec<Reply>, TurnError> {
        let (l, g) = self.running(req)?;
        let seat = seat_of(&l.seats, &req.user.id).ok_or(CoreError::NotPlaying)?;
        if l.seats[seat].resigned {
            return Err(TurnError::AlreadyResigned);
        }
        let before = g.status().acting().to_vec();
        let mut t = Turn::new(g);
        t.resign = vec![seat];
        t.notes.push(filter::Line::public(format!(
            "**{}** resigned; their remaining turns are played automatically (ending the turn or passing).",
            l.seats[seat].name
        )));
        self.close_kick_of(&l, seat, &mut t)?;
        let mut out = self.commit_turn(req, &l, before, t)?;
        // A vote that waited only for them passes now.
        out.extend(self.recheck_votes(req));
        Ok(out)
    }

    pub(crate) fn cmd_board(&self, req: &Request, rest: &str) -> Result<Vec<Reply>, TurnError> {
        let mut l = self.load_active_or_finished(&req.place)?;
        let g = l.game.take().ok_or(CoreError::NotStarted)?;
        let private = match rest.trim().to_lowercase().as_str() {
            "" | "public" => false,
            "private" | "mine" | "me" => true,
            _ => {
                return Err(CoreError::BadArgument {
                    command: "board",
                    got: rest.trim().to_string(),
                }
                .into())
            }
        };
        if private {
            let viewer = filter::viewer_of(&l.seats, &req.user.id);
            if viewer == Viewer::Spectator {
                return Err(TurnError::NoPrivateView);
            }
            let (mut text, png) = filter::board(&*g, viewer);
            let news = self.private_news(l.row.id, &req.user.id, PRIVATE_NEWS);
            if !news.is_empty() {
                text.line(Text::from("Your latest private news (oldest first):"));
                for n in news {
                    text.line(n);
                }
            }
            let mut r = Reply::private(&req.user.id, text);
            r.image = Some(png);
            return Ok(vec![r]);
        }
        let (text, png) = filter::board(&*g, Viewer::Spectator);
        let mut r = Reply::public(text);
        r.image = Some(png);
        Ok(vec![r])
    }
}

#[derive(Clone, Debug, PartialEq)]
/// Why `move`, `game resign` or `board` was refused.
pub enum TurnError {
    NoPrivateView,
    AlreadyResigned,
    NotYourTurn {
        waiting: Vec<String>,
    },
    /// The game waits for this seat but lists no step for it (a bug of the game).
    NoStepListed,
    GameOver,
    ChainFailed {
        step: String,
        earlier: usize,
        error: PlayError,
    },
    /// A shared error (finding the game, steps, the store).
    Core(CoreError),
}

impl TurnError {
    /// The message, with commands as references.
    pub fn text(&self) -> Text {
        use TurnError::*;
        let t = Text::new();
        match self {
            NoPrivateView => t
                .p("you are not playing in this game, so there is no private view for you; ")
                .cmd("board", &[])
                .p(" shows the public one"),
            AlreadyResigned => t.p("you have already resigned"),
            NotYourTurn { waiting } => t.p(format!(
                "it is not your turn; waiting for {}",
                bold(waiting)
            )),
            GameOver => t.p("the game is over"),
            NoStepListed => t.p(
                "the game waits for you but offers you no step: that is a bug of Sherpa's \
                 rules, please report it with `game export`",
            ),
            ChainFailed {
                step,
                earlier,
                error,
            } => t
                .p(format!(
                    "step `{}` failed after {}, so nothing was played: ",
                    clip(step),
                    crate::engine::counted(earlier, "earlier step")
                ))
                .then(play_text(error)),
            Core(e) => e.text(),
        }
    }
}

topic_error!(TurnError);

/// Why `seat` has no step now, from the game's status: the game is over, or it is another
/// player's turn (who is awaited). A seat the status names always has a step (the engine's
/// liveness contract, checked by the conformance suite); if a game ever breaks it, the
/// answer says so rather than "not your turn".
fn no_step_now(status: &Status, seat: Seat, seats: &[SeatRow]) -> TurnError {
    match status {
        Status::Finished(_) => TurnError::GameOver,
        Status::Acting(a) if a.contains(&seat) => TurnError::NoStepListed,
        Status::Acting(a) => TurnError::NotYourTurn {
            waiting: a
                .iter()
                .filter_map(|&s| seats.get(s).map(|r| r.name.clone()))
                .collect(),
        },
    }
}

#[cfg(test)]
mod chain_tests {
    use super::without_move_word;

    fn v(s: &[&str]) -> Vec<String> {
        s.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn the_word_move_repeated_inside_a_chain_is_read_without_it() {
        let nippon = v(&["take 2 pink", "consolidate", "done"]);
        assert_eq!(
            without_move_word("move take 2 pink", &nippon),
            "take 2 pink"
        );
        assert_eq!(without_move_word("  MOVE done", &nippon), "done");
        assert_eq!(without_move_word("take 2 pink", &nippon), "take 2 pink");
        assert_eq!(without_move_word("move", &nippon), "move");
        let nepal = v(&["move Kathmandu Dhading", "grow Kathmandu", "end"]);
        // A move of the game stays a move; `move` before another verb goes.
        assert_eq!(without_move_word("move kath dha", &nepal), "move kath dha");
        assert_eq!(without_move_word("move grow kath", &nepal), "grow kath");
        assert_eq!(
            without_move_word("move move kath dha", &nepal),
            "move kath dha"
        );
        assert_eq!(without_move_word("move end", &nepal), "end");
    }
}
