//! Tests of the notation (`rules/notation.rs`): steps as typed, labels and formats.

use super::*;

#[test]
fn notation_numbers_match_only_exactly_and_errors_say_what_is_accepted() {
    let g = started(false);
    let d = data();
    for bad in ["trap 4", "trap 4.", "trap 4.66", "trap 7.1", "trap 44.6"] {
        match g.parse_step(d, 0, bad) {
            Err(ParseError::Syntax(m)) => assert!(m.contains("trap <region.section>"), "{m}"),
            other => panic!("{bad}: {other:?}"),
        }
    }
    assert_eq!(g.parse_step(d, 0, "TR 1.2").unwrap(), Step::Trap(1));
    // `t` could be trap or tahr.
    assert!(
        matches!(g.parse_step(d, 0, "t 1.2"), Err(ParseError::Syntax(m)) if m.contains("`trap` or `tahr`"))
    );
    // `trap` alone: the legal traps (nan_turn_1_a_step_word_alone_lists_its_legal_steps).
    assert!(matches!(
        g.parse_step(d, 0, "trap"),
        Err(ParseError::Incomplete { completions, .. }) if completions.iter().all(|c| c.starts_with("trap "))
    ));
    assert!(
        matches!(g.parse_step(d, 0, "fly 1.2"), Err(ParseError::UnknownVerb(u)) if !u.verbs.is_empty())
    );
    assert!(
        matches!(g.parse_step(d, 0, "give x"), Err(ParseError::Syntax(m)) if m.contains("leopard, tahr"))
    );
    assert_eq!(
        g.parse_step(d, 0, "give bh").unwrap(),
        Step::Give(Animal::Bharal)
    );
    assert_eq!(
        g.parse_step(d, 0, "give red").unwrap(),
        Step::Give(Animal::Panda)
    );
    assert_eq!(
        g.parse_step(d, 0, "leopard 2.5 2.3").unwrap(),
        Step::Leopard {
            first: c("2.3"),
            second: c("2.5")
        }
    );
    assert_eq!(g.parse_step(d, 0, "yak 5").unwrap(), Step::Yak(4));
    assert!(g.parse_step(d, 0, "yak 05").is_err());
    assert_eq!(g.parse_step(d, 0, "claim b3").unwrap(), Step::Claim(7));
}

/// A step typed with the wrong number of values is refused with that step's own form and
/// example, never another step's.
#[test]
fn a_malformed_step_is_refused_with_its_own_form_and_example() {
    let g = started(false);
    let d = data();
    for (text, form) in [
        ("guide 1 2", "`guide 3`"),
        ("trap 4.6 4.5", "`trap 4.6`"),
        ("leopard 2.3", "`leopard 2.3 2.5`"),
        ("tahr 1.1", "`tahr 1.1 1.2`"),
        ("deer", "`deer 3.4`"),
        ("yak", "`yak 5`"),
        ("claim", "`claim B3`"),
        ("camp", "`camp 4.1`"),
        ("give", "`give tahr`"),
        ("end now", "0 values: end"),
    ] {
        match g.parse_step(d, 0, text) {
            Err(ParseError::Syntax(m)) => assert!(m.contains(form), "`{text}`: {m}"),
            other => panic!("`{text}`: {other:?}"),
        }
    }
}

/// Every step has its own button label, saying what it does with the places it names.
#[test]
fn every_step_has_a_label_of_its_own() {
    let d = data();
    let mut all = vec![Step::End];
    for x in 0..36u8 {
        all.extend([Step::Trap(x), Step::Deer(x), Step::Camp(x)]);
        for &y in &d.adj[x as usize] {
            all.push(Step::Tahr {
                hiker: x,
                animal: y,
            });
            if x < y {
                all.push(Step::Leopard {
                    first: x,
                    second: y,
                });
            }
        }
    }
    for r in 0..6 {
        all.extend([Step::Guide(r), Step::Yak(r)]);
    }
    all.extend((0..15).map(Step::Claim));
    all.extend(Animal::ALL.iter().map(|&a| Step::Give(a)));
    let labels: std::collections::HashSet<String> = all
        .iter()
        .map(|s| NangaParbat::label_step(data(), s))
        .collect();
    assert_eq!(labels.len(), all.len(), "two steps share a label");
    assert_eq!(NangaParbat::label_step(data(), &Step::End), "End the turn");
    assert_eq!(
        NangaParbat::label_step(data(), &Step::Guide(2)),
        "Put the guide on region 3"
    );
    assert_eq!(
        NangaParbat::label_step(
            data(),
            &Step::Leopard {
                first: c("2.3"),
                second: c("2.5")
            }
        ),
        "Snow leopard: swap the hikers on 2.3 and 2.5"
    );
    assert_eq!(
        NangaParbat::label_step(data(), &Step::Give(Animal::Deer)),
        "Hand in a musk deer"
    );
}

#[test]
fn every_step_formats_and_parses_back() {
    let g = started(false);
    let d = data();
    let mut all = vec![Step::End];
    for x in 0..36u8 {
        all.extend([Step::Trap(x), Step::Deer(x), Step::Camp(x)]);
        for &y in &d.adj[x as usize] {
            if x < y {
                all.push(Step::Leopard {
                    first: x,
                    second: y,
                });
            }
        }
    }
    for r in 0..6 {
        all.extend([Step::Guide(r), Step::Yak(r)]);
    }
    for q in 0..15 {
        all.push(Step::Claim(q));
    }
    all.extend(Animal::ALL.iter().map(|&a| Step::Give(a)));
    for s in all {
        let t = NangaParbat::format_step(data(), &s);
        assert_eq!(g.parse_step(d, 0, &t).unwrap(), s, "{t}");
    }
}

#[test]
fn deer_with_two_sections_expands_into_its_two_steps() {
    let g = started(false);
    assert_eq!(
        g.expand(data(), 0, "deer 3.4 6.1"),
        Some(vec!["deer 3.4".to_string(), "deer 6.1".to_string()])
    );
    assert_eq!(
        g.expand(data(), 0, "DE 3.4 6.1"),
        Some(vec!["deer 3.4".to_string(), "deer 6.1".to_string()])
    );
    assert_eq!(g.expand(data(), 0, "deer 3.4"), None);
    assert_eq!(g.expand(data(), 0, "trap 1.1 1.2"), None);
    // The leopard needs two different sections.
    let mut h = position(LEOPARD_BY_BOB);
    let e = refused(&mut h, data(), 0, "leopard 4.2 4.2");
    assert!(e.reason.contains("two different sections"), "{e}");
}
