//! The one table of chat commands: names, aliases, subcommands, arguments and help.
//!
//! It feeds the dispatcher ([`resolve`]), `help` ([`super::help`]), the command references
//! in replies ([`super::text::CmdRef`], rendered by each front end), and Discord's command
//! registration (`discord::commands` takes every description from here, and a test checks
//! that the slash commands, subcommands and options are exactly the table's).
//!
//! Invariants: every command has a handler or subcommands (with handlers); `about` and every
//! argument's `about` fit Discord's 100 characters; every `{…}` in a help template names a
//! command of this table (tested).

use super::text::{CmdRef, Seg, Text};
use crate::engine::notation::{clip, edit_distance};

/// What an argument holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgKind {
    /// One word.
    Word,
    /// The rest of the line.
    Rest,
    /// A whole number from `min` to `max`.
    Count { min: i64, max: i64 },
    /// One of these words.
    Choice(&'static [&'static str]),
    /// A player of the game (Discord: a user option).
    Player,
    /// Its name switches something on (`board private`; Discord: a true/false option).
    Switch,
    /// A game id (Discord: a choice among the installed games).
    Game,
}

/// One argument of a command.
#[derive(Clone, Copy, Debug)]
pub struct Arg {
    /// Its name (Discord's option name).
    pub name: &'static str,
    /// How it is written in the text usage, e.g. `<game>`, `[n]`, `<step>[; <step>…]`.
    pub shown: &'static str,
    /// One line (at most 100 characters).
    pub about: &'static str,
    pub kind: ArgKind,
    pub required: bool,
}

/// A command or subcommand.
#[derive(Clone, Copy, Debug)]
pub struct Command {
    /// The word typed, e.g. `join`.
    pub name: &'static str,
    /// The whole path, e.g. `game join`.
    pub path: &'static str,
    pub aliases: &'static [&'static str],
    /// One line (at most 100 characters, no markup): Discord's description.
    pub about: &'static str,
    /// Longer help; `{path args}` marks a command reference (see [`super::Text::template`]).
    pub help: &'static str,
    pub args: &'static [Arg],
    pub subcommands: &'static [Command],
    /// The subcommand run when none is given.
    pub default_sub: Option<&'static str>,
}

const fn cmd(name: &'static str, path: &'static str, about: &'static str) -> Command {
    Command {
        name,
        path,
        aliases: &[],
        about,
        help: "",
        args: &[],
        subcommands: &[],
        default_sub: None,
    }
}

const fn arg(
    name: &'static str,
    shown: &'static str,
    kind: ArgKind,
    required: bool,
    about: &'static str,
) -> Arg {
    Arg {
        name,
        shown,
        about,
        kind,
        required,
    }
}

/// One setting of `remind` (its first word after `remind`).
#[derive(Clone, Copy, Debug)]
pub struct RemindSetting {
    pub name: &'static str,
    /// How it is written after `remind` in the usage text.
    pub usage: &'static str,
    /// How many words the command takes at most after `remind`, the setting's included.
    pub words: usize,
    /// Which of the chat's `remind` methods runs it.
    pub kind: RemindKind,
}

/// What a setting of `remind` does: each kind is one `impl Chat` method of `remind`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RemindKind {
    /// Shows the asker's settings, digests and this game's deadline.
    Show,
    /// Changes one of the asker's own settings.
    Personal,
    /// Puts the asker's settings and digest back to the defaults.
    Reset,
    /// Sets or removes this game's deadline.
    Deadline,
    /// Sets, moves or turns off the asker's daily digest.
    Digest,
}

const fn setting(
    name: &'static str,
    usage: &'static str,
    words: usize,
    kind: RemindKind,
) -> RemindSetting {
    RemindSetting {
        name,
        usage,
        words,
        kind,
    }
}

/// The settings of `remind`, in Discord's menu order: the one list its parser, its usage
/// text and its argument's choices come from.
pub const REMIND: &[RemindSetting] = &[
    setting("show", "[show]", 2, RemindKind::Show),
    setting("on", "on", 2, RemindKind::Personal),
    setting("off", "off", 2, RemindKind::Personal),
    setting("delay", "delay <12h>", 2, RemindKind::Personal),
    setting("interval", "interval <24h>", 2, RemindKind::Personal),
    setting("max", "max <n>", 2, RemindKind::Personal),
    setting(
        "quiet",
        "quiet <22:00-08:00> [tz=+02:00] | quiet off",
        3,
        RemindKind::Personal,
    ),
    setting("tz", "tz <+02:00>", 2, RemindKind::Personal),
    setting("dm", "dm on|off", 2, RemindKind::Personal),
    setting("vacation", "vacation <3d>|off", 2, RemindKind::Personal),
    setting(
        "deadline",
        "deadline <72h> [notify|kick] | deadline off",
        3,
        RemindKind::Deadline,
    ),
    setting("reset", "reset", 2, RemindKind::Reset),
    setting(
        "digest",
        "digest daily <09:00> | digest off",
        3,
        RemindKind::Digest,
    ),
];

/// The names of [`REMIND`]'s settings, in its order (the `setting` argument's choices).
pub const REMIND_SETTINGS: &[&str] = &remind_names();

const fn remind_names() -> [&'static str; REMIND.len()] {
    let mut names = [""; REMIND.len()];
    let mut i = 0;
    while i < REMIND.len() {
        names[i] = REMIND[i].name;
        i += 1;
    }
    names
}

/// The setting of `remind` named `word` (lower case).
pub fn remind_setting(word: &str) -> Option<&'static RemindSetting> {
    REMIND.iter().find(|s| s.name == word)
}

/// The usage of `remind` after the command word: every setting's usage, `reset` last.
pub fn remind_usage() -> String {
    let (reset, others): (Vec<&RemindSetting>, Vec<&RemindSetting>) =
        REMIND.iter().partition(|s| s.name == "reset");
    others
        .iter()
        .chain(reset.iter())
        .map(|s| s.usage)
        .collect::<Vec<_>>()
        .join(" | ")
}

const GAME_SUBS: &[Command] = &[
    Command {
        aliases: &["create"],
        help: "{game new <game> [key=value …]} opens a game in this channel (one per channel; use a thread for another). A unique beginning of the game's name is enough. Besides the game's options, absent=caretaker (the default), absent=wait or absent=kick says what happens when a player's deadline passes: Sherpa plays for them until they send any command here, the game waits, or they are removed. On Discord, the thread option opens the game in a new thread of this channel, named after the game and its opener; the channel gets one line linking to it.",
        args: &[
            arg("game", "<game>", ArgKind::Game, true, "Which game"),
            arg("options", "[key=value …]", ArgKind::Rest, false, "Options as key=value words, e.g. boom=on"),
            arg("thread", "[thread]", ArgKind::Switch, false, "Open the game in a new thread of this channel (Discord only)"),
        ],
        ..cmd("new", "game new", "Create a game in this channel; others then join and the creator starts it.")
    },
    Command {
        help: "{game join} takes a seat in the game waiting in this channel. {game join ai [level]} seats a Sherpa player instead (a computer player of level easy, normal or strong; normal if none is given), e.g. to play Nanga Parbat against Sherpa or fill a Nepal table.",
        args: &[arg("ai", "[ai [level]]", ArgKind::Rest, false, "ai, ai easy, ai strong: seat a Sherpa player instead of yourself")],
        ..cmd("join", "game join", "Take a seat in the game waiting in this channel (or seat a Sherpa player: ai).")
    },
    Command {
        help: "{game leave} gives up your seat before the start. {game leave ai [level]} removes the Sherpa player (of that level) who joined last.",
        args: &[arg("ai", "[ai [level]]", ArgKind::Rest, false, "ai, ai easy, ai strong: remove a Sherpa player instead of yourself")],
        ..cmd("leave", "game leave", "Leave the game before it starts (or remove a Sherpa player: ai).")
    },
    Command {
        help: "{game ai [level]} seats a Sherpa player (a computer player) in the game waiting here: easy, normal (the default) or strong. It plays its turns at once, never needs reminding and agrees to every vote. {game leave ai [level]} removes one before the start.",
        args: &[arg(
            "level",
            "[level]",
            ArgKind::Choice(&["easy", "normal", "strong"]),
            false,
            "How strongly Sherpa plays (default: normal)",
        )],
        ..cmd("ai", "game ai", "Seat a Sherpa player (a computer player) in the game waiting here.")
    },
    Command {
        help: "{game start} deals the game with the players seated so far.",
        ..cmd("start", "game start", "Start the game with the players seated so far.")
    },
    Command {
        help: "{game status} shows the game, whose turn it is, how long it has waited for each of them and when their deadline falls, and the open votes.",
        ..cmd("status", "game status", "Show the game's status: whose turn it is, scores, open votes.")
    },
    Command {
        aliases: &["log"],
        help: "{game history [n]} shows the last n moves (10 if not given). Secret steps stay hidden until the game ends.",
        args: &[arg(
            "n",
            "[n]",
            ArgKind::Count { min: 1, max: 100 },
            false,
            "How many moves (default: 10)",
        )],
        ..cmd("history", "game history", "Show the last moves of the game.")
    },
    Command {
        aliases: &["catchup"],
        help: "{game since} tells you privately what happened since your own last step: the other players' steps (counted by kind when there are many), your latest private news, then what you may do now.",
        ..cmd("since", "game since", "What happened since your last step, and what you may do now.")
    },
    Command {
        help: "{game resign} leaves a running game; your turns are then played automatically.",
        ..cmd("resign", "game resign", "Give up: you leave the game, which goes on without you.")
    },
    Command {
        help: "{game kick <player>} votes to remove a player the game has waited for longer than its deadline (72 hours without one, see {remind [setting] [value]}): every other player must vote. A channel admin removes at once.",
        args: &[arg("player", "<player>", ArgKind::Player, true, "The player to remove")],
        ..cmd("kick", "game kick", "Vote to remove a player (channel admins remove at once).")
    },
    Command {
        aliases: &["substitute", "handover"],
        help: "{game sub <player>} hands your seat to someone not playing here, in the lobby or a running game: they take over its hidden information, its reminders and its result. {game sub <absent> <player>} hands the seat of a player the game has waited for longer than its deadline (as for {game kick <player>}): a channel admin does it at once, or every other player votes (Sherpa's seats agree automatically). {game sub ai} hands the seat to a Sherpa player instead (add easy or strong for another level than normal), and a seat Sherpa holds goes back to a person the same way. A bot cannot take a seat. The history and the replay file show each handover.",
        args: &[
            arg("absent", "[absent]", ArgKind::Player, false, "Whose seat: an absent player's (default: yours)"),
            arg("player", "<player>", ArgKind::Player, false, "Who takes the seat over"),
        ],
        ..cmd("sub", "game sub", "Hand your seat (or an absent player's, by vote) to someone else.")
    },
    Command {
        help: "{game abort} votes to end the game without a result: every player must vote, or a channel admin (or the creator before the start) aborts at once.",
        ..cmd("abort", "game abort", "Vote to abort the game (channel admins abort at once).")
    },
    Command {
        help: "{game export} attaches the replay file (without the seed and secret steps while the game runs).",
        ..cmd("export", "game export", "Export the game as a replay file.")
    },
    Command {
        help: "{game rematch} (or the Rematch button under a finished game) opens a new game in this channel with the last game's players, seats and options and a new deal; Sherpa players take their seats again at once, the others confirm with {game join}, and it starts once all are back.",
        ..cmd("rematch", "game rematch", "Play the last game here again: same players, seats and options, a new deal.")
    },
    Command {
        aliases: &["page", "link"],
        help: "{game web} answers you privately with two links to the game's web page: the table's (what anyone here sees) and your own (your private view as well). The page shows the board (zoom it on a phone), whose turn it is, the scores and every turn with its board. Links expire (30 days unless the bot's owner set otherwise).",
        ..cmd("web", "game web", "Get links to the game's web page: the whole history, the board zoomable on a phone.")
    },
];

/// Every command, in the order shown in help and on Discord.
pub const COMMANDS: &[Command] = &[
    Command {
        aliases: &["g"],
        help: "{game new <game> [key=value …]} opens a game in this channel (one per channel; use a thread for another). {game join} / {game leave} before the start; {game start} deals the game. {game status} shows whose turn it is, {game history [n]} the last n moves, {game since} what happened since your last step. {game resign} leaves a running game (your turns are then played automatically). {game kick <player>} (once the game has waited for that player past its deadline) and {game abort} need every other player's vote, or a channel admin. {game sub <player>} hands your seat to someone else (or an absent player's seat, by the same vote). {game export} attaches the replay file.",
        subcommands: GAME_SUBS,
        default_sub: Some("status"),
        ..cmd("game", "game", "Play board games in this channel: create, join, start and manage a game.")
    },
    Command {
        aliases: &["m", "play"],
        help: "{move grow Kathmandu} plays one step; chain steps with `;` ({move grow Kathmandu; move Kathmandu Dhading; end}): they are played together or not at all. Names may be shortened to any unique beginning (`gr kat` for `grow Kathmandu`); numbers only exactly. {move} with no steps lists your legal steps, with buttons and menus where the platform has them: picking one plays it.",
        args: &[arg(
            "steps",
            "<step>[; <step>…]",
            ArgKind::Rest,
            false,
            "Your steps; start typing to see the legal ones",
        )],
        ..cmd("move", "move", "Make your move: one or more steps separated by ;, e.g. grow Kathmandu; end.")
    },
    Command {
        help: "{undo} takes back your last step if it is still your turn and the step revealed nothing and drew nothing at random. Anything further back asks every other player: they answer {undo accept} or {undo reject}. Taking back a secret step is told only to you. Steps Sherpa played after a player's step are taken back together with it (Sherpa agrees at once).",
        args: &[arg(
            "answer",
            "[accept|reject]",
            ArgKind::Choice(&["accept", "reject"]),
            false,
            "Answer a pending undo request",
        )],
        ..cmd("undo", "undo", "Take back your last step, or answer another player's undo request.")
    },
    Command {
        aliases: &["b"],
        help: "{board} shows the public board; {board private} shows your own view (your hidden cards, goods or plans) only to you.",
        args: &[arg(
            "private",
            "[private]",
            ArgKind::Switch,
            false,
            "Include your private information (only you see it)",
        )],
        ..cmd("board", "board", "Show the board; private shows it with your own hidden information, only to you.")
    },
    Command {
        aliases: &["r"],
        help: "{rules <game>} lists the topics of a game's rules; {rules <game> [topic]} explains one, citing the rulebook section. A unique beginning of the game's name is enough.",
        args: &[
            arg("game", "<game>", ArgKind::Word, true, "Which game"),
            arg("topic", "[topic]", ArgKind::Rest, false, "A topic; start typing to see them"),
        ],
        ..cmd("rules", "rules", "Look up a game's rules; answers cite the rulebook section.")
    },
    Command {
        help: "{remind} shows or changes your reminder settings for this game (delay, interval, quiet hours, direct messages, vacation) and this game's deadline: {remind [setting] [value]}. {remind digest daily 09:00} replaces the per-game reminders of this server with one daily message listing the games waiting for you (at that time in your UTC offset, after your quiet hours); {remind digest off} stops it.",
        args: &[
            arg(
                "setting",
                "[setting]",
                ArgKind::Choice(REMIND_SETTINGS),
                false,
                "What to set (default: show your settings)",
            ),
            arg(
                "value",
                "[value]",
                ArgKind::Rest,
                false,
                "The value, e.g. 12h, 22:00-08:00 tz=+02:00, on, 72h kick, daily 09:00",
            ),
        ],
        ..cmd("remind", "remind", "Your turn reminders (delay, interval, quiet hours, DM, vacation) and this game's deadline.")
    },
    Command {
        help: "{games} lists your games in this server (privately), the ones waiting for you first, with their channel, whose turn it is and since when; {games all} lists every game in this server that you play in or whose channel you may see.",
        args: &[arg(
            "scope",
            "[all]",
            ArgKind::Choice(&["all"]),
            false,
            "all: every game here you play in or may see (default: yours)",
        )],
        ..cmd("games", "games", "Your games in this server, your turn first; all lists every game here.")
    },
    Command {
        help: "{stats} shows your rating, games, wins and average place in each game you finished in this server; {stats <game>} shows that game's top ten here, {stats <game> [player]} one player's figures. The rating is Weng-Lin's skill estimate μ minus three times its uncertainty σ, recomputed from every game finished here, in the order they ended. Aborted games do not count; a player who resigned or was kicked counts as last in that game, the others keep their places. A handed-over seat counts for whoever held it at the end. Each Sherpa level is a rated player of its own ({stats <game> [player]} with `Sherpa (normal)`); when one game has two Sherpa seats of the same level, that level is rated once in it, by its better place.",
        args: &[
            arg("game", "[game]", ArgKind::Game, false, "Which game (default: every game you finished here)"),
            arg("player", "[player]", ArgKind::Player, false, "Whose figures (default: the game's top ten, or yours)"),
        ],
        ..cmd("stats", "stats", "Ratings: yours, a game's top ten in this server, or one player's.")
    },
    Command {
        aliases: &["h", "?"],
        help: "{help} lists the commands; {help [command]} explains one.",
        args: &[arg("command", "[command]", ArgKind::Word, false, "A command, e.g. move")],
        ..cmd("help", "help", "How to play with Sherpa; help with a command explains it.")
    },
];

impl Command {
    fn is(&self, word: &str) -> bool {
        self.name.eq_ignore_ascii_case(word)
            || self.aliases.iter().any(|a| a.eq_ignore_ascii_case(word))
    }
    /// The text usage, e.g. `game history [n]`.
    pub fn usage(&self) -> String {
        let mut s = self.path.to_string();
        for a in self.args {
            s.push(' ');
            s.push_str(a.shown);
        }
        s
    }
    /// A reference to this command with placeholders for its arguments.
    pub fn reference(&self) -> CmdRef {
        CmdRef {
            path: self.path,
            args: self.args.iter().map(|a| a.shown.to_string()).collect(),
        }
    }
}

/// The command or subcommand at `path` (`game join`, `undo`).
pub fn find_path(path: &str) -> Option<&'static Command> {
    let mut words = path.split_whitespace();
    let first = words.next()?;
    let top = COMMANDS.iter().find(|c| c.name == first)?;
    match words.next() {
        None => Some(top),
        Some(w) => top.subcommands.iter().find(|c| c.name == w),
    }
}

/// The table's own spelling of a command path (`game join`), for text read back from
/// storage. `None` when no command has this path.
pub fn static_path(path: &str) -> Option<&'static str> {
    static PATHS: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    let paths = PATHS.get_or_init(|| {
        let mut v: Vec<&'static str> = Vec::new();
        for c in COMMANDS.iter() {
            v.push(c.name);
            for s in c.subcommands.iter() {
                // Built once per process from the fixed table: a bounded, one-time leak.
                v.push(Box::leak(format!("{} {}", c.name, s.name).into_boxed_str()));
            }
        }
        v
    });
    let want = path.split_whitespace().collect::<Vec<_>>().join(" ");
    paths.iter().copied().find(|p| *p == want)
}

/// Find the command of a command line: the command (by name or alias), its subcommand
/// (the default one when none is given), and the text after them.
pub fn resolve(text: &str) -> Result<(&'static Command, &str), LineError> {
    let (word, rest) = split_word(text);
    if word.is_empty() {
        return Err(LineError::NoCommand);
    }
    let top = COMMANDS
        .iter()
        .find(|c| c.is(word))
        .ok_or_else(|| LineError::UnknownCommand {
            word: word.to_string(),
            line: text.trim().to_string(),
        })?;
    if top.subcommands.is_empty() {
        return Ok((top, rest));
    }
    let (sub, args) = split_word(rest);
    let name = if sub.is_empty() {
        top.default_sub.unwrap_or("")
    } else {
        sub
    };
    let found = top.subcommands.iter().find(|c| c.is(name)).ok_or_else(|| {
        LineError::UnknownSubcommand {
            command: top.path,
            got: sub.to_string(),
        }
    })?;
    Ok((found, args))
}

/// The command whose name or alias is a small slip from `word` (`gmae`, `rule`), if any.
fn near_command(word: &str) -> Option<&'static Command> {
    near_in(COMMANDS, word)
}

/// The command of `commands` whose name or alias is a small slip from `word` (`gmae`,
/// `histroy`), if any.
fn near_in(commands: &'static [Command], word: &str) -> Option<&'static Command> {
    let word = word.to_lowercase();
    let most = if word.chars().count() <= 4 { 1 } else { 2 };
    commands.iter().find(|c| {
        std::iter::once(&c.name)
            .chain(c.aliases.iter())
            .any(|n| n.len() > 1 && edit_distance(&word, n) <= most)
    })
}

/// Parse the inside of a template's `{…}` into a command reference (None if it names no
/// command of the table).
pub fn parse_ref(inner: &str) -> Option<CmdRef> {
    let words: Vec<&str> = inner.split_whitespace().collect();
    let top = COMMANDS.iter().find(|c| Some(&c.name) == words.first())?;
    let (c, rest) = match words
        .get(1)
        .and_then(|w| top.subcommands.iter().find(|s| s.name == *w))
    {
        Some(sub) => (sub, &words[2..]),
        None if top.subcommands.is_empty() => (top, &words[1..]),
        None => return None,
    };
    let mut args = Vec::new();
    let mut i = 0;
    for a in c.args {
        if i >= rest.len() {
            break;
        }
        if a.kind == ArgKind::Rest {
            args.push(rest[i..].join(" "));
            i = rest.len();
        } else {
            args.push(rest[i].to_string());
            i += 1;
        }
    }
    (i == rest.len()).then_some(CmdRef { path: c.path, args })
}

/// The command list for errors, as command references each front end writes in its own
/// syntax: `game` (new, join, …), `move`, `undo`, ….
pub fn command_list() -> Text {
    let parts = COMMANDS.iter().map(|c| {
        let t = Text(vec![Seg::Command(CmdRef {
            path: c.path,
            args: vec![],
        })]);
        if c.subcommands.is_empty() {
            t
        } else {
            let subs: Vec<&str> = c.subcommands.iter().map(|s| s.name).collect();
            t.p(format!(" ({})", subs.join(", ")))
        }
    });
    Text::join(parts, ", ")
}

/// Longest command line accepted.
pub const MAX_COMMAND_LEN: usize = 2000;

/// A command line's length and characters: at most [`MAX_COMMAND_LEN`] bytes, no control
/// characters but whitespace.
pub(crate) fn check_line(text: &str) -> Result<(), LineError> {
    if text.len() > MAX_COMMAND_LEN {
        return Err(LineError::TooLong { len: text.len() });
    }
    if let Some(c) = text.chars().find(|c| c.is_control() && !c.is_whitespace()) {
        return Err(LineError::ControlChar(c));
    }
    Ok(())
}

/// First word and the rest.
pub(crate) fn split_word(s: &str) -> (&str, &str) {
    let s = s.trim();
    match s.find(char::is_whitespace) {
        Some(i) => (&s[..i], s[i..].trim()),
        None => (s, ""),
    }
}

#[derive(Clone, Debug, PartialEq)]
/// A command line that names no command of the table, or is not a command line at all.
pub enum LineError {
    TooLong {
        len: usize,
    },
    ControlChar(char),
    NoCommand,
    /// `word` begins no command; `line` is the whole line (perhaps a step meant for `move`).
    UnknownCommand {
        word: String,
        line: String,
    },
    UnknownSubcommand {
        command: &'static str,
        got: String,
    },
}

impl LineError {
    /// The message, with commands as references.
    pub fn text(&self) -> Text {
        use LineError::*;
        match self {
            TooLong { len } => Text::from(format!(
                "that command is {len} characters long; the limit is {MAX_COMMAND_LEN}"
            )),
            ControlChar(c) => Text::from(format!(
                "the command contains a control character (U+{:04X}); use plain text",
                *c as u32
            )),
            NoCommand => Text::from("no command given. Commands: ")
                .then(command_list())
                .p("."),
            UnknownCommand { word, line } => unknown_command(word, line),
            UnknownSubcommand { command, got } => unknown_subcommand(command, got),
        }
    }
}

/// An unknown first word: a near command may be meant, or a step, as in `end` for
/// `move end` (or Himalaya's `start 7`, near `stats`): both are offered.
fn unknown_command(word: &str, line: &str) -> Text {
    let t = Text::from(format!("unknown command `{}`", clip(word)));
    let t = match near_command(word) {
        Some(c) => t
            .p("; did you mean ")
            .cmd(c.path, &[])
            .p("? To play it as a step, write "),
        None => t.p(". To play it as a step, write "),
    };
    t.cmd("move", &[&clip(line)])
        .p(". Commands: ")
        .then(command_list())
        .p(".")
}

/// An unknown sub-command of `command`: the nearest one if any, and all of them.
fn unknown_subcommand(command: &str, got: &str) -> Text {
    let top = find_path(command);
    let subs: Vec<&str> = top
        .map(|c| c.subcommands.iter().map(|s| s.name).collect())
        .unwrap_or_default();
    let t = Text::from(format!("unknown `{command}` command `{}`", clip(got)));
    let t = match top.and_then(|c| near_in(c.subcommands, got)) {
        Some(c) => t.p("; did you mean ").cmd(c.path, &[]).p("?"),
        None => t.p("."),
    };
    t.p(format!(" Use one of: {}.", subs.join(", ")))
}

impl std::fmt::Display for LineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.text().fmt(f)
    }
}
impl std::error::Error for LineError {}

/// Read back (from the outbox): the path must name a command of the table; an unknown
/// one (a command removed by an update) is refused.
impl<'de> serde::Deserialize<'de> for CmdRef {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(serde::Deserialize)]
        struct Raw {
            path: String,
            args: Vec<String>,
        }
        let raw = <Raw as serde::Deserialize>::deserialize(d)?;
        let path = static_path(&raw.path)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown command `{}`", raw.path)))?;
        Ok(CmdRef {
            path,
            args: raw.args,
        })
    }
}

/// Command references in text are the table's: written here, so that the text layer
/// below does not know the table.
impl Text {
    /// A text from a static template in which `{path args…}` marks a command, e.g.
    /// `"Others: {game join}."`. The path is the longest prefix of the words inside the
    /// braces that is a command path of the table; the remaining words are its arguments
    /// (the table's last argument takes the rest when it is a free-text argument). A `{`
    /// that does not start a known command is kept as it is.
    pub fn template(t: &'static str) -> Text {
        let mut out = Text::new();
        let mut rest = t;
        while let Some(i) = rest.find('{') {
            let Some(j) = rest[i..].find('}') else { break };
            let inner = &rest[i + 1..i + j];
            match parse_ref(inner) {
                Some(c) => {
                    out.push_plain(&rest[..i]);
                    out.0.push(Seg::Command(c));
                }
                None => out.push_plain(&rest[..i + j + 1]),
            }
            rest = &rest[i + j + 1..];
        }
        out.push_plain(rest);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all() -> Vec<&'static Command> {
        COMMANDS
            .iter()
            .flat_map(|c| std::iter::once(c).chain(c.subcommands.iter()))
            .collect()
    }

    #[test]
    fn every_command_runs_and_fits_discord() {
        for c in all() {
            assert!(
                crate::chat::dispatch::handler(c.path).is_some() == c.subcommands.is_empty(),
                "{}: a handler or subcommands",
                c.path
            );
            assert!(c.about.chars().count() <= 100, "{}", c.path);
            assert!(
                !c.about.contains('`') && !c.about.contains('{'),
                "{}",
                c.path
            );
            assert!(!c.help.is_empty(), "{} has help", c.path);
            assert!(c.path.ends_with(c.name));
            assert_eq!(find_path(c.path).map(|f| f.path), Some(c.path));
            for a in c.args {
                assert!(a.about.chars().count() <= 100, "{} {}", c.path, a.name);
            }
            // Optional arguments come last (Discord requires it).
            let first_optional = c
                .args
                .iter()
                .position(|a| !a.required)
                .unwrap_or(c.args.len());
            assert!(
                c.args[first_optional..].iter().all(|a| !a.required),
                "{}",
                c.path
            );
        }
        if let Some(g) = COMMANDS.iter().find(|c| c.default_sub.is_some()) {
            assert!(g.subcommands.iter().any(|s| Some(s.name) == g.default_sub));
        }
    }

    #[test]
    fn every_template_reference_names_a_command() {
        for c in all() {
            let t = Text::template(c.help);
            let braces = c.help.matches('{').count();
            assert_eq!(
                t.commands().len(),
                braces,
                "{}: every {{…}} is a command of the table: {}",
                c.path,
                c.help
            );
        }
    }

    #[test]
    fn remind_usage_comes_from_its_settings() {
        assert_eq!(
            remind_usage(),
            "[show] | on | off | delay <12h> | interval <24h> | max <n> | quiet <22:00-08:00> [tz=+02:00] | quiet off | tz <+02:00> | dm on|off | vacation <3d>|off | deadline <72h> [notify|kick] | deadline off | digest daily <09:00> | digest off | reset"
        );
        for s in REMIND {
            assert!(s.usage.contains(s.name), "{}", s.name);
        }
        assert_eq!(REMIND_SETTINGS.len(), REMIND.len());
        assert_eq!(remind_setting("digest").map(|s| s.words), Some(3));
    }

    #[test]
    fn resolve_finds_aliases_and_default_subcommands() {
        assert_eq!(resolve("g").unwrap().0.path, "game status");
        let (c, rest) = resolve("game create nepal x=1").unwrap();
        assert_eq!((c.path, rest), ("game new", "nepal x=1"));
        assert_eq!(resolve("M end").unwrap().1, "end");
        assert!(matches!(
            resolve("game fly"),
            Err(LineError::UnknownSubcommand { .. })
        ));
        assert!(matches!(
            resolve("fly"),
            Err(LineError::UnknownCommand { .. })
        ));
        assert!(matches!(resolve(""), Err(LineError::NoCommand)));
    }

    // Issue 46: an unknown sub-command with a small slip gets a did-you-mean, as unknown
    // commands do; one far from every sub-command lists them without a guess.
    #[test]
    fn an_unknown_subcommand_near_one_is_answered_with_did_you_mean() {
        let e = resolve("game histroy").unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown `game` command `histroy`; did you mean `game history`? Use one of: new, join, leave, ai, start, status, history, since, resign, kick, sub, abort, export, rematch, web."
        );
        let far = resolve("game fly").unwrap_err().to_string();
        assert!(!far.contains("did you mean"), "{far}");
        assert!(
            far.starts_with("unknown `game` command `fly`. Use one of: new, join"),
            "{far}"
        );
    }

    #[test]
    fn references_split_arguments_by_the_table() {
        let r = parse_ref("move grow Kathmandu; end").unwrap();
        assert_eq!(
            (r.path, r.args.clone()),
            ("move", vec!["grow Kathmandu; end".to_string()])
        );
        let r = parse_ref("rules <game> [topic]").unwrap();
        assert_eq!(r.args, vec!["<game>", "[topic]"]);
        assert!(parse_ref("game").is_none(), "game needs a subcommand");
        assert!(
            parse_ref("game start now").is_none(),
            "start takes no argument"
        );
    }

    #[test]
    fn templates_mark_commands_and_keep_other_braces() {
        let t = Text::template("Others: {game join}; answer {undo accept}. {not a command}");
        let cmds = t.commands();
        assert_eq!(cmds[0].path, "game join");
        assert!(cmds[0].args.is_empty());
        assert_eq!(cmds[1].path, "undo");
        assert_eq!(cmds[1].args, vec!["accept"]);
        assert_eq!(
            t.to_string(),
            "Others: `game join`; answer `undo accept`. {not a command}"
        );
    }
}
