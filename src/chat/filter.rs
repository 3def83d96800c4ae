//! The one per-viewer filter: everything the chat layer sends out about a game is built
//! here, for one [`Viewer`] at a time (like boardgame.io's `playerView`).
//!
//! - Board text, image and JSON: [`board`], [`view_json`] (the game's own `view(viewer)`).
//! - Step echoes and game events: [`deliver`] routes each line of an [`Outcome`] by its
//!   audience. A secret step (its `Applied::secret`) is echoed only to its player; the
//!   channel hears the step's public events and nothing else (a secret step with no public
//!   event posts nothing publicly).
//! - Undo: [`undo_notes`]. Taking back a secret step is told to its player; the channel
//!   learns at most that a secret step was taken back, and only when that step had shown
//!   something publicly.
//! - Log, history and export: [`visible_log`]. Another seat's secret step is hidden while
//!   the game runs: a turn-ending one shows as "sealed", a drafting one (and the undo that
//!   took it back) not at all, and entries are numbered among what the viewer sees, so
//!   gaps do not count hidden steps.
//! - Buttons and autocomplete: [`buttons`], [`suggestions`], [`legal_list`]. Public buttons
//!   are the single acting seat's one-word steps that are not secret; a seat's secret
//!   one-word steps (drafting a program) are buttons only in that player's private reply.
//!
//! Invariant (tested by `chat::tests::…non_interference…`): for any viewer, everything this
//! module returns is unchanged when another seat's hidden information (its part of the
//! state, its private events, its secret steps in the log) is changed.

use super::ai_seat::is_ai;
use super::text::Text;
use super::types::{Button, Reply};
use crate::engine::{AnyGame, Audience, Event, Picture, Png, Seat, Status, StepInfo, Viewer};
use crate::store::{ActionKind, ActionRow, SeatRow};
use std::collections::HashMap;

/// The viewer a user is: their seat, or a spectator.
pub(crate) fn viewer_of(seats: &[SeatRow], user_id: &str) -> Viewer {
    match seats.iter().find(|s| s.user_id == user_id) {
        Some(s) => Viewer::Seat(s.seat),
        None => Viewer::Spectator,
    }
}

/// The board as `viewer` sees it: its description and picture.
pub(crate) fn board(g: &dyn AnyGame, viewer: Viewer) -> (Text, Png) {
    (Text::from(g.describe(viewer)), g.render(viewer))
}

/// The public picture of the board (the spectator's pixels, not encoded): what a timelapse
/// frame shows.
pub(crate) fn public_picture(g: &dyn AnyGame) -> Picture {
    g.picture(Viewer::Spectator)
}

/// The board's description alone.
pub(crate) fn describe(g: &dyn AnyGame, viewer: Viewer) -> Text {
    Text::from(g.describe(viewer))
}

/// The view as JSON (local `--json` status).
pub(crate) fn view_json(g: &dyn AnyGame, viewer: Viewer) -> serde_json::Value {
    g.view_json(viewer)
}

/// A step as played, with what applying it produced.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    pub seat: Seat,
    pub notation: String,
    /// The step is its player's hidden information (`Applied::secret`).
    pub secret: bool,
    pub events: Vec<Event>,
    /// Played by the autopilot for a resigned seat.
    pub auto: bool,
}

/// A line of text for an audience.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub audience: Audience,
    pub text: Text,
}

impl Line {
    pub fn public(text: impl Into<Text>) -> Line {
        Line {
            audience: Audience::Public,
            text: text.into(),
        }
    }
    pub fn private(seat: Seat, text: impl Into<Text>) -> Line {
        Line {
            audience: Audience::Private(seat),
            text: text.into(),
        }
    }
    fn seen_by(&self, viewer: Viewer) -> bool {
        match self.audience {
            Audience::Public => true,
            Audience::Private(s) => viewer == Viewer::Seat(s),
        }
    }
}

/// What a committed change produced, before filtering.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// Lines before the steps (who did what: started, resigned, took back…).
    pub notes: Vec<Line>,
    /// The steps applied, the player's then the autopilot's.
    pub played: Vec<Played>,
    /// The seats that were acting before the change (empty at the start).
    pub before: Vec<Seat>,
    /// The seat of the user who sent the command, if seated.
    pub invoker: Option<Seat>,
    /// Show the public description of the board (the start).
    pub describe: bool,
    /// Every player resigned: the game ended without a result.
    pub abandoned: bool,
    /// The steps since the last step of each seat that acts now and did not before,
    /// replayed with their events: what touched the players the public reply pings.
    pub since: Replayed,
}

/// The lines of played steps: the public echo of each player's non-secret steps, the
/// private echo of their secret ones, and every step's events, in order.
pub(crate) fn step_lines(seats: &[SeatRow], played: &[Played]) -> Vec<Line> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < played.len() {
        let (seat, auto) = (played[i].seat, played[i].auto);
        let run: Vec<&Played> = played[i..]
            .iter()
            .take_while(|p| p.seat == seat && p.auto == auto)
            .collect();
        i += run.len();
        let name = seats.get(seat).map(|s| s.name.as_str()).unwrap_or("?");
        let open: Vec<&str> = run
            .iter()
            .filter(|p| !p.secret)
            .map(|p| p.notation.as_str())
            .collect();
        let hidden: Vec<&str> = run
            .iter()
            .filter(|p| p.secret)
            .map(|p| p.notation.as_str())
            .collect();
        if !open.is_empty() {
            let who = if auto {
                format!("**{name}** (resigned; played automatically)")
            } else {
                format!("**{name}**")
            };
            out.push(Line::public(format!("{who}: {}", open.join("; "))));
        }
        if !hidden.is_empty() && !auto {
            out.push(Line::private(
                seat,
                format!("You played (hidden from the others): {}", hidden.join("; ")),
            ));
        }
        for p in run {
            for e in &p.events {
                out.push(Line {
                    audience: e.audience,
                    text: Text::from(e.text.clone()),
                });
            }
        }
    }
    out
}

/// The lines telling that `undone` (a step by `owner`) was taken back. `public_trace`: the
/// step had shown something publicly (a public event, or a change of who acts). `agreed`:
/// taken back after a vote (the vote itself was public).
pub(crate) fn undo_notes(
    seats: &[SeatRow],
    undone: &ActionRow,
    public_trace: bool,
    agreed: bool,
) -> Vec<Line> {
    let name = seats
        .get(undone.seat)
        .map(|s| s.name.as_str())
        .unwrap_or("?");
    if !undone.secret {
        let step = format!("`{}`", undone.step);
        return vec![Line::public(if agreed {
            format!("Everyone agreed: {step} by **{name}** is taken back.")
        } else {
            format!("**{name}** took back {step}.")
        })];
    }
    let mut out = vec![Line::private(
        undone.seat,
        format!("You took back `{}` (hidden from the others).", undone.step),
    )];
    if agreed {
        out.push(Line::public(format!(
            "Everyone agreed: a secret step by **{name}** is taken back."
        )));
    } else if public_trace {
        out.push(Line::public(format!("**{name}** took back a secret step.")));
    }
    out
}

/// Had `undone` shown anything publicly? `with` is the state with the step, `without` the
/// replay without it: the step is played again on a copy of `without` to see whether it
/// had a public event, and the acting seats of both are compared.
pub(crate) fn public_trace(with: &dyn AnyGame, without: &dyn AnyGame, undone: &ActionRow) -> bool {
    let public_events = without
        .box_clone()
        .play(undone.seat, &undone.step)
        .map(|(_, a)| a.events.iter().any(|e| e.visible_to(Viewer::Spectator)))
        .unwrap_or(true);
    let mut was = with.status().acting().to_vec();
    was.sort_unstable();
    let mut now = without.status().acting().to_vec();
    now.sort_unstable();
    public_events || was != now
}

/// How a logged step is named to `viewer` (in an undo request): its notation, or "a secret
/// step" for a secret step of someone else, and for every secret step in a public text.
pub(crate) fn step_name(a: &ActionRow, viewer: Viewer) -> String {
    if a.secret && viewer != Viewer::Seat(a.seat) {
        "a secret step".into()
    } else {
        format!("`{}`", a.step)
    }
}

/// Turn an outcome into replies: one public reply (if the channel has anything to hear)
/// and one private reply per seat with private lines (the invoker's also carries their
/// private buttons). `log`: the game's log with the outcome's steps, for the catch-up of
/// the players the public reply pings (it may be empty when no turn changed).
pub(crate) fn deliver(
    o: &Outcome,
    g: &dyn AnyGame,
    seats: &[SeatRow],
    version: i64,
    log: &[ActionRow],
) -> Vec<Reply> {
    let mut lines = o.notes.clone();
    lines.extend(step_lines(seats, &o.played));
    let status = g.status();
    let mut before = o.before.clone();
    before.sort_unstable();
    let mut now = status.acting().to_vec();
    now.sort_unstable();
    let changed = before != now || status.is_finished();
    let mut out = Vec::new();
    let public = public_reply(o, g, (seats, log), version, &lines, changed);
    let has_public = !public.text.is_empty() || changed;
    if has_public {
        out.push(public);
    }
    out.extend(private_replies(o, g, seats, version, &lines, has_public));
    out
}

/// The public reply of an outcome: its public lines, then the end of the game (final
/// scores, board, Rematch) or who acts now (board, pings, buttons).
fn public_reply(
    o: &Outcome,
    g: &dyn AnyGame,
    (seats, log): (&[SeatRow], &[ActionRow]),
    version: i64,
    lines: &[Line],
    changed: bool,
) -> Reply {
    let status = g.status();
    let mut public = public_lines(lines, &status);
    let mut reply = Reply::public(Text::new());
    if o.abandoned {
        public.line("Every player has resigned; the game is over without a result.");
    } else if status.is_finished() {
        if o.describe {
            public.line(describe(g, Viewer::Spectator));
        }
        public.line(format!(
            "**The game is over.**\n{}",
            final_text(seats, &status)
        ));
        reply.image = Some(g.render(Viewer::Spectator));
        reply.buttons = vec![Button {
            label: "Rematch".into(),
            command: "game rematch".into(),
            version,
        }];
    } else {
        if o.describe {
            public.line(describe(g, Viewer::Spectator));
        }
        if changed {
            reply.image = Some(g.render(Viewer::Spectator));
            let active = |s: &Seat| seats.get(*s).is_some_and(|r| !r.resigned);
            let acting: Vec<Seat> = status.acting().iter().copied().filter(active).collect();
            // A player who just played is at the keyboard: they are named, never pinged
            // (Himalaya's `unseal` makes its sender act again).
            let mut known = o.before.clone();
            if let Some(me) = o
                .invoker
                .filter(|me| o.played.iter().any(|p| p.seat == *me))
            {
                known.push(me);
            }
            if let Some((line, pings)) = who_acts_now(&acting, &known, seats) {
                public.line(line);
                for seat in acting
                    .iter()
                    .filter(|s| pings.contains(&seats[**s].user_id))
                {
                    pinged_catch_up(&mut public, o, (seats, log), *seat);
                }
                reply.pings = pings;
            }
        }
        reply.buttons = buttons(g, seats, version, Viewer::Spectator);
        if !reply.pings.is_empty() {
            // The pinged players open their own steps, or catch up, privately.
            for (label, command) in [("Move", "move"), ("Since my turn", "game since")] {
                reply.buttons.push(Button {
                    label: label.into(),
                    command: command.into(),
                    version,
                });
            }
        }
    }
    reply.text = public;
    reply
}

/// A pinged player's catch-up under the message that pings them, from the table's view
/// of the log only: the steps since their last, what touched them, then how to play.
fn pinged_catch_up(
    public: &mut Text,
    o: &Outcome,
    (seats, log): (&[SeatRow], &[ActionRow]),
    seat: Seat,
) {
    let Some(c) = public_catch_up(log, seats, seat) else {
        return;
    };
    let last = match touched_line(&o.since, seats, seat, Viewer::Spectator) {
        Some(t) => {
            public.line(c);
            t
        }
        None => c,
    };
    public.line(last.p(" Your steps: **Move**, or ").cmd("move", &[]).p("."));
}

/// The lines the channel sees. The final message names the result once: a game event that
/// repeats the result's note (e.g. "The game is over. {note}") is left out, since the
/// final scores carry it. Every other event is kept, even one said twice (a second
/// cancelled deal is a second event).
fn public_lines(lines: &[Line], status: &Status) -> Text {
    let note = match status {
        Status::Finished(r) if !r.note.trim().is_empty() => Some(r.note.trim().to_string()),
        _ => None,
    };
    let mut public = Text::new();
    for l in lines.iter().filter(|l| l.seen_by(Viewer::Spectator)) {
        if note
            .as_ref()
            .is_some_and(|n| l.text.to_string().contains(n.as_str()))
        {
            continue;
        }
        public.line(l.text.clone());
    }
    public
}

/// After the acting seats changed: a line that pings who must act now and did not
/// `before` and names the others still to act, with the users to ping.
fn who_acts_now(
    acting: &[Seat],
    before: &[Seat],
    seats: &[SeatRow],
) -> Option<(Text, Vec<String>)> {
    let new: Vec<&SeatRow> = acting
        .iter()
        .filter(|s| !before.contains(s))
        .filter_map(|&s| seats.get(s))
        .collect();
    let still: Vec<String> = acting
        .iter()
        .filter(|s| before.contains(s))
        .filter_map(|&s| seats.get(s))
        .map(|s| format!("**{}**", s.name))
        .collect();
    if !new.is_empty() {
        // Humans are mentioned (and pinged); Sherpa's players only named.
        let mentions = Text::join(
            new.iter().map(|s| match is_ai(&s.user_id) {
                true => Text::from(format!("**{}**", s.name)),
                false => Text::new().mention(&s.user_id, &s.name),
            }),
            " ",
        );
        let mut now = Text::new().p("Now: ").then(mentions);
        if !still.is_empty() {
            now.push_plain(format!("; still to act: {}.", still.join(", ")));
        }
        let pings = new
            .iter()
            .filter(|s| !is_ai(&s.user_id))
            .map(|s| s.user_id.clone())
            .collect();
        Some((now, pings))
    } else if !still.is_empty() {
        Some((
            Text::from(format!("Still to act: {}.", still.join(", "))),
            vec![],
        ))
    } else {
        None
    }
}

/// The private replies of an outcome, invoker first: each seat's private lines, and the
/// invoker's buttons (with the public ones when no public reply carries them). Resigned
/// players get nothing.
fn private_replies(
    o: &Outcome,
    g: &dyn AnyGame,
    seats: &[SeatRow],
    version: i64,
    lines: &[Line],
    has_public: bool,
) -> Vec<Reply> {
    let finished = g.status().is_finished();
    let mut order: Vec<Seat> = o.invoker.into_iter().collect();
    order.extend((0..seats.len()).filter(|s| Some(*s) != o.invoker));
    let mut out = Vec::new();
    for s in order {
        // Sherpa's players read nothing: they get no private replies (nor messages).
        let Some(row) = seats.get(s).filter(|r| !r.resigned && !is_ai(&r.user_id)) else {
            continue;
        };
        let viewer = Viewer::Seat(s);
        let mut text = Text::new();
        for l in lines
            .iter()
            .filter(|l| l.audience == Audience::Private(s) && l.seen_by(viewer))
        {
            text.line(l.text.clone());
        }
        if let Some(next) = next_steps_line(o, g, s) {
            text.line(next);
        }
        let mut own_buttons = Vec::new();
        if Some(s) == o.invoker && !o.abandoned && !finished {
            own_buttons = buttons(g, seats, version, viewer);
            if !has_public {
                // No public message carries the current public buttons: offer them here.
                own_buttons.extend(buttons(g, seats, version, Viewer::Spectator));
            }
        }
        if text.is_empty() && own_buttons.is_empty() {
            continue;
        }
        if text.is_empty() {
            text = Text::from("Your next steps:");
        }
        let mut r = Reply::private(&row.user_id, text);
        r.buttons = own_buttons;
        out.push(r);
    }
    out
}

/// For the invoker `seat` whose turn goes on after their own step: their few next steps
/// ([`super::steplist::next_steps`]), so a player mid-turn is told what comes next.
fn next_steps_line(o: &Outcome, g: &dyn AnyGame, seat: Seat) -> Option<String> {
    let mid_turn = o.invoker == Some(seat)
        && !o.abandoned
        && o.before.contains(&seat)
        && g.status().acting().contains(&seat)
        && o.played.iter().any(|p| p.seat == seat);
    if !mid_turn {
        return None;
    }
    super::steplist::next_steps(&g.legal(seat))
}

/// The final standings as text, each seat's score with its parts (public once the game is
/// over).
pub(crate) fn final_text(seats: &[SeatRow], status: &Status) -> String {
    let Status::Finished(r) = status else {
        return String::new();
    };
    let names: Vec<&str> = seats.iter().map(|s| s.name.as_str()).collect();
    r.standings(&names)
}

/// Is playing `notation` for `seat` a secret step (tried on a copy)? A step that cannot be
/// tried counts as secret, so it is never shown publicly.
fn is_secret(g: &dyn AnyGame, seat: Seat, notation: &str) -> bool {
    let mut c = g.box_clone();
    c.play(seat, notation)
        .map(|(_, a)| a.secret)
        .unwrap_or(true)
}

/// Buttons for `viewer`: for a spectator (the public reply), the single acting seat's
/// one-word steps that are not secret; for a seat (its private reply), its own one-word
/// secret steps. At most four each.
pub(crate) fn buttons(
    g: &dyn AnyGame,
    seats: &[SeatRow],
    version: i64,
    viewer: Viewer,
) -> Vec<Button> {
    let (seat, want_secret) = match viewer {
        Viewer::Spectator => {
            let acting = g.status().acting().to_vec();
            if acting.len() != 1 || seats.get(acting[0]).map(|s| s.resigned).unwrap_or(true) {
                return vec![];
            }
            (acting[0], false)
        }
        Viewer::Seat(s) => (s, true),
    };
    g.legal(seat)
        .into_iter()
        .filter(|s| !s.notation.contains(' '))
        .filter(|s| is_secret(g, seat, &s.notation) == want_secret)
        .take(4)
        .map(|s| Button {
            label: s.label,
            command: format!("move {}", s.notation),
            version,
        })
        .collect()
}

/// The legal steps of `seat`, for its own eyes (`move` with no steps).
pub(crate) fn legal_list(g: &dyn AnyGame, seat: Seat) -> Vec<StepInfo> {
    g.legal(seat)
}

/// Autocomplete for `seat`: its legal next steps matching what was typed after the last
/// `;` (earlier steps are applied to a copy first). At most `max`, each the full text to
/// submit, at most `max_chars` characters: when the earlier steps make it longer, they are
/// shortened to unique beginnings of their words (checked by playing them on a copy), so a
/// long chain still gets suggestions for its last step. The steps that end or complete
/// something ([`crate::engine::Game::completes`]) come first, then the others in the
/// game's order. Only `seat`'s own steps, so only its own information.
pub(crate) fn suggestions(
    g: &dyn AnyGame,
    seat: Seat,
    partial: &str,
    max: usize,
    max_chars: usize,
) -> Vec<StepInfo> {
    let mut game = g.box_clone();
    let parts: Vec<&str> = partial.split(';').collect();
    let (last, earlier) = parts.split_last().expect("split yields one part");
    let mut prefix = String::new();
    let mut short = String::new();
    for p in earlier {
        let p = p.trim();
        if p.is_empty() {
            continue;
        }
        let before = game.box_clone();
        let mut played = Vec::new();
        for s in game.expand(seat, p) {
            match game.play(seat, &s) {
                Ok((n, _)) => played.push(n),
                Err(_) => return vec![],
            }
        }
        prefix.push_str(p);
        prefix.push_str("; ");
        short.push_str(&shortest_form(&*before, seat, p, &played));
        short.push(';');
    }
    let typed: Vec<String> = last.split_whitespace().map(|w| w.to_lowercase()).collect();
    let mut hits: Vec<StepInfo> = game
        .legal(seat)
        .into_iter()
        .filter(|s| {
            let words: Vec<String> = s
                .notation
                .split_whitespace()
                .map(|w| w.to_lowercase())
                .collect();
            typed.len() <= words.len()
                && typed
                    .iter()
                    .zip(&words)
                    .all(|(t, w)| w.starts_with(t.as_str()))
        })
        .collect();
    // Stable: the steps that end or complete something first, the rest in the game's order.
    hits.sort_by_key(|s| !s.completes);
    hits.into_iter()
        .filter_map(|s| {
            let full = format!("{prefix}{}", s.notation);
            let notation = if full.chars().count() <= max_chars {
                full
            } else {
                let short = format!("{short}{}", s.notation);
                (short.chars().count() <= max_chars).then_some(short)?
            };
            Some(StepInfo {
                notation,
                label: s.label,
                completes: s.completes,
            })
        })
        .take(max)
        .collect()
}

/// The shortest text, word by word a unique beginning of `part`'s words, that plays the same
/// steps (`played`) for `seat` from the state `before`; `part` itself if none is shorter.
fn shortest_form(before: &dyn AnyGame, seat: Seat, part: &str, played: &[String]) -> String {
    let same = |text: &str| -> bool {
        let mut g = before.box_clone();
        let mut out = Vec::new();
        for s in g.expand(seat, text) {
            match g.play(seat, &s) {
                Ok((n, _)) => out.push(n),
                Err(_) => return false,
            }
        }
        out == played
    };
    let mut words: Vec<String> = part.split_whitespace().map(str::to_string).collect();
    for i in 0..words.len() {
        let word = words[i].clone();
        let chars: Vec<char> = word.chars().collect();
        for n in 1..chars.len() {
            let mut trial = words.clone();
            trial[i] = chars[..n].iter().collect();
            if same(&trial.join(" ")) {
                words = trial;
                break;
            }
        }
    }
    words.join(" ")
}

/// One entry of the log as a viewer may see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum LogEntry {
    /// A step by `seat`: its notation, or `None` for a sealed (secret) step.
    Step { seat: Seat, step: Option<String> },
    /// A step was taken back (`seat` asked for it).
    Undo { seat: Seat },
}

/// Which secret steps of a log every viewer may see: those at or before row `.0` (a reveal
/// made them public), every one once the game is over (`true` converts to that).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Revealed(pub i64);

impl From<bool> for Revealed {
    fn from(over: bool) -> Revealed {
        Revealed(if over { i64::MAX } else { 0 })
    }
}

/// The log as `viewer` may see it. Another seat's secret step not yet `revealed` shows as
/// sealed if it ended a turn, and not at all otherwise (drafting), together with the undo
/// that took it back.
pub(crate) fn visible_log(
    actions: &[ActionRow],
    viewer: Viewer,
    revealed: impl Into<Revealed>,
) -> Vec<LogEntry> {
    let mut sight = Sight::new(viewer, revealed.into());
    let entry = |a: &ActionRow, sealed: bool| match a.kind {
        ActionKind::Step => LogEntry::Step {
            seat: a.seat,
            step: (!sealed).then(|| a.step.clone()),
        },
        ActionKind::Undo => LogEntry::Undo { seat: a.seat },
    };
    actions
        .iter()
        .filter_map(|a| sight.see(a).map(|sealed| entry(a, sealed)))
        .collect()
}

/// Reads a log row by row as one viewer sees it (what [`visible_log`] and
/// [`VisibleCount`] share).
#[derive(Clone, Debug)]
struct Sight {
    viewer: Viewer,
    revealed: Revealed,
    /// The steps in effect (to know what each undo took back): `true` for one the viewer
    /// does not see at all.
    unseen: Vec<bool>,
}

impl Sight {
    fn new(viewer: Viewer, revealed: Revealed) -> Sight {
        Sight {
            viewer,
            revealed,
            unseen: Vec::new(),
        }
    }

    /// Whether row `a` is an entry of the viewer's log (`Some`), and if so whether it is
    /// sealed (a step whose notation they may not read).
    fn see(&mut self, a: &ActionRow) -> Option<bool> {
        match a.kind {
            ActionKind::Step => {
                let hidden =
                    a.secret && a.seq > self.revealed.0 && self.viewer != Viewer::Seat(a.seat);
                let unseen = hidden && !a.turn_end;
                self.unseen.push(unseen);
                (!unseen).then_some(hidden)
            }
            ActionKind::Undo => match self.unseen.pop() {
                Some(true) => None,
                _ => Some(false),
            },
        }
    }
}

/// The length of the log one viewer sees, counted as rows are added: the components'
/// ids number it at every answer, without reading the whole log each time.
#[derive(Clone, Debug)]
pub(crate) struct VisibleCount {
    sight: Sight,
    len: usize,
    last_seq: i64,
}

impl VisibleCount {
    pub(crate) fn new(viewer: Viewer, revealed: impl Into<Revealed>) -> VisibleCount {
        VisibleCount {
            sight: Sight::new(viewer, revealed.into()),
            len: 0,
            last_seq: i64::MIN,
        }
    }

    /// Count the rows after the last one counted (rows at or before it are skipped).
    pub(crate) fn add(&mut self, rows: &[ActionRow]) {
        for a in rows {
            if a.seq <= self.last_seq {
                continue;
            }
            self.last_seq = a.seq;
            self.len += usize::from(self.sight.see(a).is_some());
        }
    }

    /// The last row counted (`i64::MIN` before any).
    pub(crate) fn last_seq(&self) -> i64 {
        self.last_seq
    }

    /// The entries of the viewer's log in the rows counted.
    pub(crate) fn len(&self) -> usize {
        self.len
    }
}

/// The visible log lengths of `Chat::header_now`, by game, seat and whether the game had
/// ended, each with the game's version when counted; bounded (a count forgotten is made
/// again from the log).
#[derive(Default)]
pub(crate) struct LogCounts(HashMap<(i64, Seat, bool), (i64, VisibleCount)>);

/// How many counts [`LogCounts`] keeps: four seats of each of the 512 games the chat keeps
/// loaded (`CACHE_GAMES`).
const LOG_COUNTS: usize = 2_048;

impl LogCounts {
    /// The count for `key` if it was made at `version` or before (a log seen at a later
    /// version than the game's now, as after a restore from a backup, is counted again).
    pub(crate) fn take(&mut self, key: (i64, Seat, bool), version: i64) -> Option<VisibleCount> {
        match self.0.remove(&key) {
            Some((at, count)) if at <= version => Some(count),
            _ => None,
        }
    }

    pub(crate) fn keep(&mut self, key: (i64, Seat, bool), version: i64, count: VisibleCount) {
        if self.0.len() >= LOG_COUNTS {
            self.0.clear();
        }
        self.0.insert(key, (version, count));
    }
}

/// A line of the history that is not a log entry (a seat handover): shown before the
/// viewer's entry `at`, and from there on seat `seat` is named `name`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Between {
    pub at: usize,
    pub line: String,
    pub seat: Seat,
    pub name: String,
}

/// The last `n` entries of the log as `viewer` may see it, as text, each step under the
/// name its seat had then (`names`: at the start; `between` renames). A step that was
/// taken back says so, and the undo names the entry it took back. `between` lines among or
/// after the entries shown are shown in their place.
pub(crate) fn history(
    actions: &[ActionRow],
    names: &[String],
    (viewer, revealed): (Viewer, Revealed),
    n: usize,
    between: &[Between],
) -> Text {
    let log = visible_log(actions, viewer, revealed);
    if log.is_empty() && between.is_empty() {
        return Text::from("No moves yet.");
    }
    let took_back = taken_back(&log);
    let name = |i: usize, seat: &Seat| {
        let renamed = between.iter().rev().find(|b| b.at <= i && b.seat == *seat);
        match renamed {
            Some(b) => b.name.as_str(),
            None => names.get(*seat).map(String::as_str).unwrap_or("?"),
        }
    };
    let first = log.len().saturating_sub(n);
    let line_before = |i: usize| {
        between
            .iter()
            .filter(move |b| b.at == i)
            .map(|b| b.line.clone())
    };
    let mut lines: Vec<String> = Vec::new();
    for i in first..log.len() {
        lines.extend(line_before(i));
        lines.push(match (&log[i], took_back[i]) {
            (LogEntry::Step { seat, step }, _) => {
                let step = step.as_deref().unwrap_or("(sealed choice)");
                let back = if took_back.contains(&Some(i)) {
                    " (taken back)"
                } else {
                    ""
                };
                format!("#{} {}: {step}{back}", i + 1, name(i, seat))
            }
            (LogEntry::Undo { seat }, Some(j)) => {
                format!("#{} {} took back #{} (agreed)", i + 1, name(i, seat), j + 1)
            }
            (LogEntry::Undo { .. }, None) => format!("#{} undo (agreed)", i + 1),
        });
    }
    lines.extend(line_before(log.len()));
    Text::from(format!(
        "Last {} of {} actions:\n{}",
        log.len() - first,
        log.len(),
        lines.join("\n")
    ))
}

/// For each undo of `log`, the index of the step it took back (`None` for steps, and for
/// an undo whose step is not in the viewer's log).
fn taken_back(log: &[LogEntry]) -> Vec<Option<usize>> {
    let mut in_effect: Vec<usize> = Vec::new();
    log.iter()
        .enumerate()
        .map(|(i, e)| match e {
            LogEntry::Step { .. } => {
                in_effect.push(i);
                None
            }
            LogEntry::Undo { .. } => in_effect.pop(),
        })
        .collect()
}

/// A player's run of more steps than this is summarised by verb.
const LIST_UP_TO: usize = 6;

/// Runs of steps a public catch-up lists; older ones are counted.
const PUBLIC_RUNS: usize = 3;

/// The public catch-up of `seat`, in the message that pings them and in the daily digest:
/// what the table saw happen since that seat's own last step (the last [`PUBLIC_RUNS`]
/// players' runs, older ones counted), Everyone reads it,
/// so it is built from the table's view of the log only: every secret step stays sealed,
/// the pinged player's own included. `None` when nothing happened since.
pub(crate) fn public_catch_up(
    actions: &[ActionRow],
    seats: &[SeatRow],
    seat: Seat,
) -> Option<Text> {
    let log = visible_log(actions, Viewer::Spectator, false);
    let own = |e: &LogEntry| matches!(e, LogEntry::Step { seat: s, .. } if *s == seat);
    let from = log.iter().rposition(own).map_or(0, |i| i + 1);
    let mut lines = runs(&log[from..], seats);
    if lines.is_empty() {
        return None;
    }
    let earlier = lines.len().saturating_sub(PUBLIC_RUNS);
    lines.drain(..earlier);
    let name = seats.get(seat).map_or("?", |r| r.name.as_str());
    let mut text = Text::from(format!("Since **{name}**'s last step: "));
    if earlier > 0 {
        text = text
            .p(format!("({earlier} earlier in "))
            .cmd("game since", &[])
            .p(") … ");
    }
    Some(text.p(format!("{}.", lines.join("; "))))
}

/// The entries as one line per run of the same player's entries.
pub(crate) fn runs(log: &[LogEntry], seats: &[SeatRow]) -> Vec<String> {
    let name = |s: Seat| seats.get(s).map_or("?", |r| r.name.as_str());
    let seat_of_entry = |e: &LogEntry| match e {
        LogEntry::Step { seat, .. } | LogEntry::Undo { seat } => *seat,
    };
    let mut lines = Vec::new();
    let mut i = 0;
    while i < log.len() {
        let who = seat_of_entry(&log[i]);
        let n = log[i..]
            .iter()
            .take_while(|e| seat_of_entry(e) == who)
            .count();
        let run = &log[i..i + n];
        lines.push(format!("**{}**: {}", name(who), run_text(run)));
        i += n;
    }
    lines
}

/// One player's run of entries: each step, or for a long run the count of each verb.
fn run_text(run: &[LogEntry]) -> String {
    let word = |e: &LogEntry| -> String {
        match e {
            LogEntry::Step { step: Some(s), .. } => s.clone(),
            LogEntry::Step { step: None, .. } => "(sealed choice)".into(),
            LogEntry::Undo { .. } => "undo (agreed)".into(),
        }
    };
    if run.len() <= LIST_UP_TO {
        let steps: Vec<String> = run.iter().map(|e| format!("`{}`", word(e))).collect();
        return steps.join(", ");
    }
    let mut verbs: Vec<(String, usize)> = Vec::new();
    for e in run {
        let w = word(e);
        let v = match e {
            LogEntry::Step { step: Some(_), .. } => crate::engine::notation::verb(&w).to_string(),
            _ => w,
        };
        match verbs.iter_mut().find(|(x, _)| *x == v) {
            Some((_, n)) => *n += 1,
            None => verbs.push((v, 1)),
        }
    }
    let parts: Vec<String> = verbs
        .iter()
        .map(|(v, n)| match n {
            1 => format!("`{v}`"),
            _ => format!("{n}× `{v}`"),
        })
        .collect();
    format!("{} steps: {}", run.len(), parts.join(", "))
}

/// A step since some player's last one, replayed for the catch-up's "what touched you" (the
/// games' events are not in the log).
#[derive(Clone, Debug, PartialEq)]
pub struct Happened {
    pub seat: Seat,
    /// The table saw it as a step: not a secret step, or one that ended a turn (sealed).
    pub public: bool,
    /// What playing it told (its events, every audience).
    pub events: Vec<Event>,
    /// For each seat, the words these events name it by: its holder's name at that step,
    /// then the game's other names for it ([`crate::engine::Game::seat_aliases`]).
    pub names: Vec<Vec<String>>,
}

/// Steps replayed for catch-ups, oldest first. `cut`: the gap was longer than the catch-up
/// reads, so older steps were left out.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Replayed {
    pub steps: Vec<Happened>,
    pub cut: bool,
}

/// Lines of "what touched you" a catch-up shows; more are counted.
pub(crate) const TOUCHED_SHOWN: usize = 6;

/// Lines of "what touched" the public catch-up shows.
const TOUCHED_PUBLIC: usize = 3;

/// What touched `seat` since its last step, as `viewer` may see it: the events of the later
/// steps (all by other seats) that `viewer` may see and that concern `seat`: private to it,
/// or public and naming it as the events word it. For the table (`Viewer::Spectator`) the
/// seat's last step is its last one the table saw, so its hidden drafting moves nothing.
/// Returns the lines and whether older steps were left unread (`Replayed::cut`).
pub(crate) fn touched(r: &Replayed, seat: Seat, viewer: Viewer) -> (Vec<String>, bool) {
    let own = |h: &Happened| h.seat == seat && (h.public || viewer == Viewer::Seat(seat));
    let from = r.steps.iter().rposition(own);
    let mut lines = Vec::new();
    for h in &r.steps[from.map_or(0, |i| i + 1)..] {
        let names = h.names.get(seat).map_or(&[][..], Vec::as_slice);
        for e in h.events.iter().filter(|e| e.visible_to(viewer) && !e.cue) {
            let concerns = match e.audience {
                Audience::Private(s) => s == seat,
                Audience::Public => names_any(&e.text, names, &h.names, seat),
            };
            if concerns {
                lines.push(e.text.clone());
            }
        }
    }
    (lines, r.cut && from.is_none())
}

/// Does `text` name one of `names` as a word of its own? Where another seat's name holds
/// one of them ("ann" in "ann b"), that longer name is not a mention.
fn names_any(text: &str, names: &[String], all: &[Vec<String>], seat: Seat) -> bool {
    let longer: Vec<&String> = all
        .iter()
        .enumerate()
        .filter(|(s, _)| *s != seat)
        .flat_map(|(_, n)| n)
        .filter(|n| {
            names
                .iter()
                .any(|m| n.len() > m.len() && n.contains(m.as_str()))
        })
        .collect();
    let mut text = text.to_string();
    for l in longer {
        text = text.replace(l.as_str(), " ");
    }
    names
        .iter()
        .filter(|n| !n.is_empty())
        .any(|n| has_word(&text, n))
}

/// Is `word` in `text` with no letter or digit right before or after it?
fn has_word(text: &str, word: &str) -> bool {
    let alnum = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    text.match_indices(word).any(|(i, _)| {
        !alnum(text[..i].chars().next_back()) && !alnum(text[i + word.len()..].chars().next())
    })
}

/// The line of what touched `seat`, as `viewer` may see it: `What touched you: …` for the
/// player, `What touched **name**: …` for the table, the first few events and a count of
/// the rest, and a note when the gap was too long to read whole. `None` when nothing did.
pub(crate) fn touched_line(
    r: &Replayed,
    seats: &[SeatRow],
    seat: Seat,
    viewer: Viewer,
) -> Option<Text> {
    let (lines, cut) = touched(r, seat, viewer);
    if lines.is_empty() {
        return None;
    }
    let (who, shown) = match viewer {
        Viewer::Seat(_) => ("you".to_string(), TOUCHED_SHOWN),
        Viewer::Spectator => {
            let name = seats.get(seat).map_or("?", |r| r.name.as_str());
            (format!("**{name}**"), TOUCHED_PUBLIC)
        }
    };
    let more = lines.len().saturating_sub(shown);
    let parts: Vec<&str> = lines
        .iter()
        .take(shown)
        .map(|l| l.trim_end_matches('.'))
        .collect();
    let mut text = Text::from(format!("What touched {who}: {}", parts.join("; ")));
    if more > 0 && viewer == Viewer::Spectator {
        text = text
            .p(format!(" (and {more} more in "))
            .cmd("game since", &[])
            .p(")");
    } else if more > 0 {
        text.push_plain(format!(" (and {more} more)"));
    }
    if cut {
        text.push_plain(format!(" (read from the last {SINCE_READ} steps only)"));
    }
    Some(text.p("."))
}

/// The most steps a catch-up replays for "what touched you" (counting those the table saw);
/// a longer gap is read from its end, and the text says so.
pub(crate) const SINCE_READ: usize = 300;
