//! The one test harness every game's rules tests use (rust-analyzer's `check` style):
//! play text, expect a refusal, read the legal list, and build a position from a fixture.
//!
//! A **position fixture** is a short text that reaches a position the way a game does, by
//! setup and steps, so it stays valid when a state's fields change:
//!
//! ```text
//! # comments and blank lines are skipped
//! players ann bob cy        # names in seat order (the count is the player count)
//! seed 7                    # optional, default 1
//! option fortress on        # zero or more game options
//! ann: grow Gorkha          # a step for a named seat
//! > end                     # a step for the one seat that must act now
//! ```
//!
//! A step line may be a compact command a player types, such as Himalaya's `program deal
//! rest rest rest rest rest`: the game's [`Game::expand`] turns it into the steps played.
//!
//! Every helper panics with the text it was given, so a failing test names its line.

use super::options::Options;
use super::{Applied, Game, GameRng, Holder, RuleError, Rules, Seat};

/// Parse `text` for `seat` and apply it. Panics (naming `text`) if it does not parse or is
/// refused.
pub fn play<G: Game>(g: &mut G, data: &G::Data, seat: Seat, text: &str) -> Applied {
    let step = g
        .parse_step(data, seat, text)
        .unwrap_or_else(|e| panic!("`{text}` does not parse: {e}"));
    g.apply(data, seat, &step)
        .unwrap_or_else(|e| panic!("`{text}` is refused: {e}"))
}

/// Play `a; b; c` for `seat`, one step after the other; the last step's result.
pub fn play_all<G: Game>(g: &mut G, data: &G::Data, seat: Seat, texts: &str) -> Applied {
    let mut last = Applied::default();
    for t in texts.split(';').map(str::trim).filter(|t| !t.is_empty()) {
        last = play(g, data, seat, t);
    }
    last
}

/// Scrambling nobody's hidden information (salt 4) changes `g`, and only in what `undo`
/// puts back from `g` (the game's RNG: future dice and draws are nobody's information; a
/// face-down deck); scrambling a seat's leaves it as it is when `seats_hold_nothing`.
pub fn assert_nobody_scramble_changes_only<G: Game>(
    g: &G,
    data: &G::Data,
    seats_hold_nothing: bool,
    undo: impl Fn(&mut G, &G),
) {
    let mut s = g.scramble(data, Holder::Nobody, &mut GameRng::new(4));
    assert!(s != *g, "scrambling nobody's information changes the state");
    undo(&mut s, g);
    assert!(s == *g, "scrambling nobody's information changes only that");
    if seats_hold_nothing {
        let s = g.scramble(data, Holder::Seat(0), &mut GameRng::new(4));
        assert!(s == *g, "no seat holds hidden information");
    }
}

/// `text` parses for `seat` but is refused: `check` and `apply` give the same error, the
/// state is unchanged and the step is not listed as legal. Returns the error.
pub fn refused<G: Game>(g: &mut G, data: &G::Data, seat: Seat, text: &str) -> RuleError {
    let step = g
        .parse_step(data, seat, text)
        .unwrap_or_else(|e| panic!("`{text}` does not parse: {e}"));
    refused_step(g, data, seat, &step)
}

/// The typed form of [`refused`], for steps text cannot name.
pub fn refused_step<G: Game>(g: &mut G, data: &G::Data, seat: Seat, step: &G::Step) -> RuleError {
    let text = G::format_step(data, step);
    let before = g.clone();
    let checked = g
        .check(data, seat, step)
        .expect_err(&format!("`{text}` should be refused"));
    let applied = g
        .apply(data, seat, step)
        .expect_err(&format!("`{text}` should be refused by apply too"));
    assert_eq!(checked, applied, "check and apply refuse `{text}` alike");
    assert!(*g == before, "refusing `{text}` changed the state");
    assert!(
        !g.legal_steps(data, seat).contains(step),
        "refused `{text}` is listed as legal"
    );
    applied
}

/// The notation of `seat`'s legal steps, in order.
pub fn legal<G: Game>(g: &G, data: &G::Data, seat: Seat) -> Vec<String> {
    g.legal_steps(data, seat)
        .iter()
        .map(|s| G::format_step(data, s))
        .collect()
}

/// Every event text of `applied`, joined by `sep`.
pub fn said(applied: &Applied, sep: &str) -> String {
    applied
        .events
        .iter()
        .map(|e| e.text.as_str())
        .collect::<Vec<_>>()
        .join(sep)
}

/// The game a position fixture describes (see the module text). Panics naming the line
/// that is wrong.
pub fn position<G: Game>(data: &G::Data, fixture: &str) -> G {
    let mut players: Vec<String> = Vec::new();
    let mut seed = 1u64;
    let mut options = Options::new();
    let mut game: Option<G> = None;
    for (n, raw) in fixture.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let at = |what: &str| format!("fixture line {}: `{line}`: {what}", n + 1);
        let word = line.split_whitespace().next().unwrap_or("");
        let rest = line[word.len()..].trim();
        match (word, &mut game) {
            ("players", None) => players = rest.split_whitespace().map(String::from).collect(),
            ("seed", None) => {
                seed = rest
                    .parse()
                    .unwrap_or_else(|_| panic!("{}", at("a number")))
            }
            ("option", None) => {
                let (k, v) = rest
                    .split_once(' ')
                    .unwrap_or_else(|| panic!("{}", at("key value")));
                options.insert(k.trim().to_string(), v.trim().to_string());
            }
            (_, g) => {
                let g = g.get_or_insert_with(|| start::<G>(data, &players, &options, seed));
                let (seat, text) =
                    fixture_step(g, &players, line).unwrap_or_else(|e| panic!("{}", at(&e)));
                // A compact command (Himalaya's `program rest deal …`) plays its steps.
                match g.expand(data, seat, text) {
                    Some(steps) => steps.iter().for_each(|t| {
                        play(g, data, seat, t);
                    }),
                    None => {
                        play(g, data, seat, text);
                    }
                }
            }
        }
    }
    game.unwrap_or_else(|| start::<G>(data, &players, &options, seed))
}

fn start<G: Game>(data: &G::Data, players: &[String], options: &Options, seed: u64) -> G {
    super::setup_checked::<G>(data, players, options, seed)
        .unwrap_or_else(|e| panic!("fixture setup: {e}"))
}

/// A step line: `name: text` or `> text` (the one seat that must act).
fn fixture_step<'a, G: Game>(
    g: &G,
    players: &[String],
    line: &'a str,
) -> Result<(Seat, &'a str), String> {
    if let Some(text) = line.strip_prefix('>') {
        return Ok((only_acting(g)?, text.trim()));
    }
    let (name, text) = line
        .split_once(':')
        .ok_or("expected `players`, `seed`, `option`, `name: step` or `> step`")?;
    let seat = players
        .iter()
        .position(|p| p == name.trim())
        .ok_or_else(|| format!("`{}` is not one of the players {players:?}", name.trim()))?;
    Ok((seat, text.trim()))
}

fn only_acting<G: Game>(g: &G) -> Result<Seat, String> {
    match g.status().acting() {
        [one] => Ok(*one),
        many => Err(format!("exactly one seat must act, not {}", many.len())),
    }
}

/// The first seat that must act now, in seat order (the only one when play goes turn by
/// turn). Panics if no seat acts.
pub fn first_acting<G: Game>(g: &G) -> Seat {
    *g.status()
        .acting()
        .first()
        .unwrap_or_else(|| panic!("no seat acts now"))
}

/// [`play`] for [`first_acting`].
pub fn play_now<G: Game>(g: &mut G, data: &G::Data, text: &str) -> Applied {
    let seat = first_acting(g);
    play(g, data, seat, text)
}

/// `text` is not accepted for `seat`: the message a player gets, whether it does not parse
/// or parses and is [`refused`] (with all of that function's checks).
pub fn rejected<G: Game>(g: &mut G, data: &G::Data, seat: Seat, text: &str) -> String {
    match g.parse_step(data, seat, text) {
        Ok(step) => refused_step(g, data, seat, &step).to_string(),
        Err(e) => e.to_string(),
    }
}

/// [`rejected`] for [`first_acting`].
pub fn rejected_now<G: Game>(g: &mut G, data: &G::Data, text: &str) -> String {
    let seat = first_acting(g);
    rejected(g, data, seat, text)
}

/// Does `text` hold an internal clause id (`NEP-GROW-3`)? Players never read one.
pub fn has_clause_id(text: &str) -> bool {
    super::conformance::clause_id_in(text).is_some()
}

/// Play up to `steps` random legal steps (seat and step picked by a [`GameRng`] seeded
/// `seed`), stopping early at the end of the game: a position from deep in a game.
pub fn random_play<G: Game>(g: &mut G, data: &G::Data, steps: usize, seed: u64) {
    random_play_until(g, data, steps, &mut GameRng::new(seed), |_| false);
}

/// [`random_play`] with the picking RNG given (so a test can play on where it stopped),
/// stopping before a step as soon as `stop` holds: whether it held.
pub fn random_play_until<G: Game>(
    g: &mut G,
    data: &G::Data,
    steps: usize,
    pick: &mut GameRng,
    stop: impl Fn(&G) -> bool,
) -> bool {
    steered_play_until(g, data, steps, pick, |_, _, _| 0, stop)
}

/// [`random_play_until`] where each seat plays, among its legal steps, one that `prefer`
/// (given the game, the seat and the step's notation) ranks highest, picked at random among
/// equals: a line of real play steered to a position far into a game (a hand emptied, a
/// region fought over) that random play seldom reaches.
pub fn steered_play_until<G: Game>(
    g: &mut G,
    data: &G::Data,
    steps: usize,
    pick: &mut GameRng,
    prefer: impl Fn(&G, Seat, &str) -> i32,
    stop: impl Fn(&G) -> bool,
) -> bool {
    for _ in 0..steps {
        if stop(g) || steered_step(g, data, pick, &prefer).is_none() {
            return stop(g);
        }
    }
    stop(g)
}

/// One step of [`steered_play_until`]'s play: a seat acting (by `pick`) plays a legal step
/// `prefer` ranks highest (by `pick` among equals). What it did, or `None` when nobody
/// may act.
pub fn steered_step<G: Game>(
    g: &mut G,
    data: &G::Data,
    pick: &mut GameRng,
    prefer: impl Fn(&G, Seat, &str) -> i32,
) -> Option<Applied> {
    let acting = g.status().acting().to_vec();
    if acting.is_empty() {
        return None;
    }
    let seat = acting[pick.below(acting.len())];
    let texts = legal(g, data, seat);
    let ranks: Vec<i32> = texts.iter().map(|t| prefer(g, seat, t)).collect();
    let best = *ranks.iter().max()?;
    let top: Vec<&String> = texts
        .iter()
        .zip(&ranks)
        .filter_map(|(t, &r)| (r == best).then_some(t))
        .collect();
    let text = top[pick.below(top.len())].clone();
    Some(play(g, data, seat, &text))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::nepal::{parse_board, Nepal, NepalData, Step, BOARD};

    fn data() -> NepalData {
        parse_board(BOARD).expect("authored board parses")
    }

    const TWO_PLACED: &str = "
        # three seats, the first placement made
        players ann bob cy
        seed 3
        option start placement
        ann: place Rasuwa   # by name (Rasuwa holds one piece)
    ";

    #[test]
    fn steered_play_reaches_a_position_random_play_does_not() {
        let d = data();
        let empty_hand = |g: &Nepal| g.hands()[0] == 0;
        let grow_first =
            |_: &Nepal, seat: Seat, t: &str| i32::from(seat == 0 && t.starts_with("grow"));
        let mut g: Nepal = position(&d, "players ann bob cy");
        let mut pick = GameRng::new(1);
        assert!(steered_play_until(
            &mut g, &d, 3_000, &mut pick, grow_first, empty_hand
        ));
        let mut g: Nepal = position(&d, "players ann bob cy");
        let mut pick = GameRng::new(1);
        assert!(!random_play_until(&mut g, &d, 3_000, &mut pick, empty_hand));
    }

    #[test]
    fn a_fixture_plays_its_steps_for_the_named_seats() {
        let d = data();
        let g: Nepal = position(&d, TWO_PLACED);
        let fresh: Nepal = position(&d, "players ann bob cy\nseed 3\noption start placement");
        assert_ne!(g, fresh, "the step was played");
        assert_eq!(g.status().acting(), &[1], "bob places next");
        let same: Nepal = position(
            &d,
            "players ann bob cy\nseed 3\noption start placement\n> place Rasuwa",
        );
        assert_eq!(g, same, "`>` plays for the one acting seat");
    }

    #[test]
    #[should_panic(expected = "fixture line 3")]
    fn a_fixture_step_for_an_unknown_player_names_its_line() {
        let _: Nepal = position(
            &data(),
            "players ann bob cy\noption start placement\ndee: place Gorkha",
        );
    }

    #[test]
    fn refused_returns_the_rule_and_leaves_the_game_as_it_was() {
        let d = data();
        let mut g: Nepal = position(&d, TWO_PLACED);
        let before = g.clone();
        let kaski = Step::Place(d.province("Kaski").expect("Kaski") as u8);
        let e = refused_step(&mut g, &d, 0, &kaski);
        assert!(e.reason.contains("turn"), "{e}");
        assert_eq!(g, before);
        let rasuwa = Step::Place(d.province("Rasuwa").expect("Rasuwa") as u8);
        let e = refused_step(&mut g, &d, 1, &rasuwa);
        assert!(e.reason.contains("limit"), "{e}");
    }

    #[test]
    #[should_panic(expected = "should be refused")]
    fn refused_fails_the_test_when_the_step_is_accepted() {
        let d = data();
        let mut g: Nepal = position(&d, TWO_PLACED);
        refused(&mut g, &d, 1, "place Kaski");
    }

    #[test]
    fn a_fixture_line_may_be_a_compact_command_the_game_expands() {
        use crate::games::himalaya::{parse_board, Himalaya, BOARD};
        let d = parse_board(BOARD).expect("authored board parses");
        let placed = "players ann bo cy\nann: start 1\nbo: start 2\ncy: start 3";
        let short: Himalaya = position(
            &d,
            &format!("{placed}\nann: program ice rest rest rest rest rest"),
        );
        let plans = "plan ice; plan rest; plan rest; plan rest; plan rest; plan rest; seal";
        let long: Himalaya = position(
            &d,
            &format!("{placed}\nann: {}", plans.replace("; ", "\nann: ")),
        );
        assert_eq!(short, long);
        assert_ne!(
            short,
            position::<Himalaya>(&d, placed),
            "the program was played"
        );
    }

    #[test]
    fn legal_lists_notation_and_play_all_plays_each_part() {
        let d = data();
        let mut g: Nepal = position(&d, TWO_PLACED);
        assert!(legal(&g, &d, 1).iter().any(|s| s == "place Kaski"));
        assert!(legal(&g, &d, 0).is_empty(), "not ann's turn");
        let a = play_all(&mut g, &d, 1, "place Kaski");
        assert!(!said(&a, " | ").is_empty());
    }
}
