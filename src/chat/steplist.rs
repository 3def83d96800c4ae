//! The answer to `move` with no steps: a player's legal steps, the ones that end or complete
//! something first, then the rest grouped by shape, so a long list never hides `end` or a
//! claim and twelve `yak <section>` steps take one line. Pure wording.

use crate::engine::StepInfo;

/// Steps of one shape shown one by one; more make one line.
const LIST_UP_TO: usize = 3;
/// The values one group's line shows before "… and N more".
const VALUES_SHOWN: usize = 24;

/// `legal` as the lines of the answer (without its heading).
pub fn overview(legal: &[StepInfo]) -> Vec<String> {
    let (first, rest): (Vec<&StepInfo>, Vec<&StepInfo>) = legal.iter().partition(|s| s.completes);
    let mut lines: Vec<String> = first.iter().map(|s| one(s)).collect();
    for group in groups(&rest) {
        if group.len() <= LIST_UP_TO {
            lines.extend(group.iter().map(|s| one(s)));
        } else {
            lines.push(grouped(&group));
        }
    }
    lines
}

/// Most steps a player is shown after each of their steps, in one line.
pub const NEXT_UP_TO: usize = 6;

/// The line a player gets after a step when their turn goes on with only a few choices
/// (`Your next steps: `do knowledge` · `do coal``); `None` for more than [`NEXT_UP_TO`]
/// (`move` lists them) or none.
pub fn next_steps(legal: &[StepInfo]) -> Option<String> {
    if legal.is_empty() || legal.len() > NEXT_UP_TO {
        return None;
    }
    let steps: Vec<String> = legal.iter().map(|s| format!("`{}`", s.notation)).collect();
    Some(format!("Your next steps: {}", steps.join(" · ")))
}

/// One step with its label.
fn one(s: &StepInfo) -> String {
    if s.label == s.notation {
        format!("`{}`", s.notation)
    } else {
        format!("`{}` – {}", s.notation, s.label)
    }
}

/// The steps of the same shape (first word and word count), in the game's order of first
/// appearance.
fn groups<'a>(steps: &[&'a StepInfo]) -> Vec<Vec<&'a StepInfo>> {
    let shape = |s: &StepInfo| {
        let mut w = s.notation.split_whitespace();
        (w.next().unwrap_or_default().to_lowercase(), w.count())
    };
    let mut out: Vec<(_, Vec<&StepInfo>)> = Vec::new();
    for s in steps {
        let k = shape(s);
        match out.iter_mut().find(|(key, _)| *key == k) {
            Some((_, g)) => g.push(s),
            None => out.push((k, vec![s])),
        }
    }
    out.into_iter().map(|(_, g)| g).collect()
}

/// One line for many steps of one shape: `` `yak …` (12): 3.4, 3.5, … ``.
fn grouped(group: &[&StepInfo]) -> String {
    let word = group[0]
        .notation
        .split_whitespace()
        .next()
        .unwrap_or_default();
    let values: Vec<String> = group
        .iter()
        .take(VALUES_SHOWN)
        .map(|s| {
            s.notation
                .split_whitespace()
                .skip(1)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let more = match group.len().saturating_sub(VALUES_SHOWN) {
        0 => String::new(),
        n => format!(" … and {n} more"),
    };
    format!(
        "`{word} …` ({} choices): {}{more}",
        group.len(),
        values.join(" · ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(n: &str, completes: bool) -> StepInfo {
        StepInfo {
            notation: n.into(),
            label: n.into(),
            completes,
        }
    }

    #[test]
    fn steps_that_complete_come_first_and_many_of_one_shape_take_one_line() {
        let mut legal: Vec<StepInfo> = (1..=12)
            .map(|i| step(&format!("yak 3.{i}"), false))
            .collect();
        legal.push(step("deer 4.1", false));
        legal.push(step("claim B3", true));
        legal.push(step("end", true));
        let lines = overview(&legal);
        assert_eq!(lines[0], "`claim B3`");
        assert_eq!(lines[1], "`end`");
        assert!(
            lines[2].starts_with("`yak …` (12 choices): 3.1 · 3.2"),
            "{}",
            lines[2]
        );
        assert_eq!(lines[3], "`deer 4.1`");
        assert_eq!(lines.len(), 4);
    }

    #[test]
    fn next_steps_name_a_few_choices_and_leave_many_to_move() {
        let two = [step("do knowledge", false), step("do coal", false)];
        assert_eq!(
            next_steps(&two).as_deref(),
            Some("Your next steps: `do knowledge` · `do coal`")
        );
        let many: Vec<StepInfo> = (0..=NEXT_UP_TO)
            .map(|i| step(&format!("take {i}"), false))
            .collect();
        assert_eq!(next_steps(&many), None);
        assert_eq!(next_steps(&[]), None);
    }

    #[test]
    fn a_long_group_is_cut_with_a_count_and_labels_show_when_they_differ() {
        let legal: Vec<StepInfo> = (0..30).map(|i| step(&format!("take {i}"), false)).collect();
        let lines = overview(&legal);
        assert!(lines[0].ends_with("… and 6 more"), "{}", lines[0]);
        let labelled = StepInfo {
            notation: "end".into(),
            label: "End your turn".into(),
            completes: true,
        };
        assert_eq!(overview(&[labelled]), vec!["`end` – End your turn"]);
    }
}
