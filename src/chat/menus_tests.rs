//! The components of a listing: every legal step reachable, every component within the
//! limits, ids that round-trip.

use super::*;

fn step(n: &str, completes: bool) -> StepInfo {
    StepInfo {
        notation: n.into(),
        label: n.into(),
        completes,
    }
}

fn header() -> Header {
    Header {
        version: 1234567,
        log_len: 98765,
        user: "300000000000000000001".into(),
    }
}

/// Every component `build` makes for any prefix keeps the limits.
fn assert_within_limits(legal: &[StepInfo]) {
    let mut todo: Vec<Vec<String>> = vec![vec![]];
    while let Some(prefix) = todo.pop() {
        let c = build(legal, &prefix, &header());
        let rows = c.taps.len().div_ceil(ROW_BUTTONS) + c.menus.len();
        assert!(rows <= MAX_ROWS, "{rows} rows for {prefix:?}");
        for t in &c.taps {
            assert!(t.id.chars().count() <= MAX_ID, "{}", t.id);
            assert!(t.label.chars().count() <= MAX_BUTTON_LABEL, "{}", t.label);
        }
        for m in &c.menus {
            assert!(m.id.chars().count() <= MAX_ID);
            assert!(!m.options.is_empty() && m.options.len() <= MAX_OPTIONS);
            let mut values: Vec<&str> = m.options.iter().map(|o| o.value.as_str()).collect();
            values.sort();
            values.dedup();
            assert_eq!(values.len(), m.options.len(), "values are unique in a menu");
            for o in &m.options {
                assert!(o.value.chars().count() <= MAX_ID, "{}", o.value);
                assert!(o.label.chars().count() <= MAX_ID, "{}", o.label);
                if let Some(Resolved::Narrow(w)) =
                    Pick::parse(&m.id, Some(&o.value)).and_then(|p| p.target.resolve(legal))
                {
                    todo.push(w);
                }
            }
        }
        let mut ids: Vec<&str> = c.taps.iter().map(|t| t.id.as_str()).collect();
        ids.extend(c.menus.iter().map(|m| m.id.as_str()));
        let n = ids.len();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), n, "ids are unique in a message");
    }
}

fn all(legal: &[StepInfo]) -> std::collections::BTreeSet<String> {
    legal.iter().map(|s| s.notation.clone()).collect()
}

#[test]
fn a_short_listing_is_taps_and_one_menu_per_shape() {
    let legal = vec![
        step("grow Kathmandu", false),
        step("grow Jumla", false),
        step("move Kathmandu Jumla", false),
        step("end", true),
    ];
    let c = build(&legal, &[], &header());
    assert_eq!(c.taps.len(), 1);
    assert_eq!(c.taps[0].label, "end");
    assert_eq!(
        Pick::parse(&c.taps[0].id, None).unwrap().target,
        Target::Step("end".into())
    );
    assert_eq!(c.menus.len(), 2);
    assert_eq!(c.menus[0].options.len(), 2);
    assert_eq!(reachable(&legal, &header()), all(&legal));
    assert_within_limits(&legal);
}

#[test]
fn a_shape_of_more_than_25_steps_is_picked_word_by_word() {
    // 12 areas × 10 targets: 120 moves, a claim and an end.
    let mut legal: Vec<StepInfo> = Vec::new();
    for a in 0..12 {
        for b in 0..10 {
            legal.push(step(&format!("move Area{a} Target{b}"), false));
        }
    }
    legal.push(step("claim B3", true));
    legal.push(step("end", true));
    let c = build(&legal, &[], &header());
    assert_eq!(c.taps.len(), 2);
    assert_eq!(c.menus.len(), 1);
    assert_eq!(
        c.menus[0].options.len(),
        12,
        "the first menu picks the area"
    );
    assert_eq!(c.menus[0].options[0].label, "move Area0 … (10)");
    assert_eq!(reachable(&legal, &header()), all(&legal));
    assert_within_limits(&legal);
}

#[test]
fn too_many_shapes_for_the_rows_are_picked_by_their_first_word() {
    let legal: Vec<StepInfo> = (0..9)
        .flat_map(|v| (0..3).map(move |n| step(&format!("verb{v} x{n}"), false)))
        .chain((0..4).map(|n| step(&format!("one{n}"), false)))
        .collect();
    let c = build(&legal, &[], &header());
    assert!(c.menus.len() <= MAX_ROWS);
    assert_eq!(reachable(&legal, &header()), all(&legal));
    assert_within_limits(&legal);
}

#[test]
fn long_steps_are_carried_by_their_index_in_the_listing() {
    let long = "x".repeat(90);
    let legal: Vec<StepInfo> = (0..30)
        .map(|i| step(&format!("pick {long} {i}"), i == 0))
        .chain([step(&format!("pick {long}"), false)])
        .collect();
    let c = build(&legal, &[], &header());
    assert!(c.taps[0].id.ends_with(":i0"), "{}", c.taps[0].id);
    assert_eq!(reachable(&legal, &header()), all(&legal));
    assert_within_limits(&legal);
}

#[test]
fn ids_round_trip_and_foreign_or_broken_ids_are_not_picks() {
    let h = header();
    let id = h.id(&Target::Words(vec!["move".into(), "Kathmandu".into()]).encode());
    let p = Pick::parse(&id, None).unwrap();
    assert_eq!(p.header, h);
    assert_eq!(
        p.target,
        Target::Words(vec!["move".into(), "Kathmandu".into()])
    );
    assert_eq!(
        Pick::parse(&h.id("m0"), Some("i3.2")).unwrap().target,
        Target::WordsAt(3, 2)
    );
    assert_eq!(Pick::parse(&h.id("m0"), None), None);
    assert_eq!(Pick::parse("sherpa:1:move end", None), None);
    assert_eq!(Pick::parse("p:x:1:u:send", None), None);
    assert_eq!(Pick::parse("p:1:1::send", None), None);
    assert_eq!(Pick::parse(&h.id("s"), None), None, "an empty step");
    assert_eq!(Target::StepAt(99).resolve(&[step("end", true)]), None);
}
