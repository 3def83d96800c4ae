//! The record of the last nation turn and of the turn in progress, for the status strip's
//! "every event of the last turn" (issue #49). Kept from rules version 3 on: the state's
//! recent log ([`Peloria`]'s `log`) keeps only its last lines, and an older game's state
//! must replay byte for byte, so a game of version 2 or older leaves this record empty
//! (and an empty record is stored as nothing at all).

use serde::{Deserialize, Serialize};

/// The public lines of the last played nation turn (with the automatic turns and round
/// changes after it) and of the turn in progress.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct TurnRecord {
    /// Every line from the start of the last played nation turn to the start of this one.
    pub(crate) last: Vec<String>,
    /// Every line of the turn in progress so far.
    pub(crate) this: Vec<String>,
    /// Where the lines of the nation turn now beginning start in `this` (its opening lines,
    /// such as its arrivals, belong to it and not to the turn before).
    mark: usize,
}

impl TurnRecord {
    /// Nothing recorded: the state of a game that keeps no record.
    pub(crate) fn is_empty(&self) -> bool {
        self.last.is_empty() && self.this.is_empty()
    }

    pub(crate) fn push(&mut self, line: String) {
        self.this.push(line);
    }

    /// A nation turn begins: its lines start here (it may still turn out to be skipped).
    pub(crate) fn mark_turn_start(&mut self) {
        self.mark = self.this.len();
    }

    /// The nation whose turn began at the last mark will be played: what came before the
    /// mark becomes the last turn.
    pub(crate) fn turn_played(&mut self) {
        let mark = self.mark.min(self.this.len());
        self.last = self.this.drain(..mark).collect();
        self.mark = 0;
    }

    /// The lines the strip shows: the last turn, then this one so far.
    pub(crate) fn lines(&self) -> Vec<String> {
        self.last.iter().chain(&self.this).cloned().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(lines: &[&str]) -> TurnRecord {
        let mut r = TurnRecord::default();
        for l in lines {
            r.push(l.to_string());
        }
        r
    }

    /// A whole seeded game, step by step: the record is always the latest run of the
    /// game's public lines; it holds every line since the last played nation turn began
    /// and nothing from before it; this turn holds nothing from before it began; and a
    /// last turn longer than the recent log is kept whole.
    #[test]
    fn the_record_holds_every_line_of_the_last_turn_and_this_one() {
        use crate::engine::testing::{legal, play};
        use crate::engine::{setup_checked, Game, GameRng, Options, Viewer};
        use crate::games::peloria::rules::LOG_KEEP;
        use crate::games::peloria::{parse_board, Peloria, Phase, BOARD};
        let d = parse_board(BOARD).unwrap();
        let names: Vec<String> = ["ann", "bob", "cy", "dee"].map(String::from).to_vec();
        let mut g = setup_checked::<Peloria>(&d, &names, &Options::new(), 7).unwrap();
        let mut pick = GameRng::new(11);
        // Every public line of the game, and the span of `all` of the step that began
        // this played turn and of the one that began the last.
        let mut all: Vec<String> = g.turns.lines();
        let (mut this_began, mut last_began) = ((0, all.len()), (0, 0));
        let mut longest = 0;
        while let Some(&seat) = g.status().acting().first() {
            let texts = legal(&g, &d, seat);
            let (at, start) = ((g.round, g.turn), all.len());
            let applied = play(&mut g, &d, seat, &texts[pick.below(texts.len())]);
            let mut lines: Vec<String> = applied
                .events
                .iter()
                .filter(|e| e.visible_to(Viewer::Spectator))
                .map(|e| e.text.clone())
                .collect();
            // The last line may say what comes next, which is no event of the log.
            if lines.last() != g.log.last() {
                lines.pop();
            }
            all.extend(lines);
            let played = matches!(g.phase, Phase::Place { .. } | Phase::Move { .. });
            if (g.round, g.turn) != at && played {
                (last_began, this_began) = (this_began, (start, all.len()));
            }
            let record = g.turns.lines();
            assert!(
                all.ends_with(&record),
                "the record is the latest run of lines"
            );
            let (n, this) = (all.len(), g.turns.this.len());
            assert!(
                record.len() >= n - last_began.1,
                "a line of the last turn is lost"
            );
            assert!(
                record.len() <= n - last_began.0,
                "a line from before the last turn"
            );
            assert!(
                this <= n - this_began.0,
                "a line from before this turn began"
            );
            assert!(this >= n - this_began.1, "a line of this turn is lost");
            longest = longest.max(g.turns.last.len());
        }
        assert!(
            longest > LOG_KEEP,
            "no last turn was longer than the log: {longest}"
        );
    }

    /// A game of rules version 2 keeps no record, so its state (and its stored form) is
    /// what it was before version 3: its picture shows the recent log instead.
    #[test]
    fn a_game_of_rules_version_2_keeps_no_record() {
        use crate::engine::testing::random_play;
        use crate::engine::{setup_checked, Game, Options, Viewer};
        use crate::games::peloria::{parse_board, Peloria, BOARD};
        let d = parse_board(BOARD).unwrap();
        let names: Vec<String> = ["ann", "bob", "cy", "dee"].map(String::from).to_vec();
        let mut g = setup_checked::<Peloria>(&d, &names, &Options::new(), 7).unwrap();
        g.set_rules_version(2);
        random_play(&mut g, &d, 300, 11);
        assert!(g.turns.is_empty() && !g.log.is_empty());
        assert!(g.view(&d, Viewer::Spectator).last_turn.is_empty());
        let stored = serde_json::to_string(&g).unwrap();
        assert!(
            !stored.contains("\"turns\""),
            "a version-2 state stores no record"
        );
        g.set_rules_version(3);
        random_play(&mut g, &d, 5, 11);
        assert!(!g.turns.is_empty(), "version 3 records");
    }

    #[test]
    fn a_played_turn_moves_what_came_before_its_mark_into_the_last_turn() {
        let mut r = record(&["a moves", "a fights"]);
        r.mark_turn_start();
        r.push("b arrives".into());
        r.turn_played();
        assert_eq!(r.last, ["a moves", "a fights"]);
        assert_eq!(r.this, ["b arrives"]);
        assert_eq!(r.lines(), ["a moves", "a fights", "b arrives"]);
    }

    #[test]
    fn a_skipped_turn_keeps_its_lines_with_the_turn_before() {
        let mut r = record(&["a moves"]);
        r.mark_turn_start();
        r.push("round 2 begins".into());
        // The nation is skipped: the next one begins, and is played.
        r.mark_turn_start();
        r.push("c arrives".into());
        r.turn_played();
        assert_eq!(r.last, ["a moves", "round 2 begins"]);
        assert_eq!(r.this, ["c arrives"]);
    }
}
