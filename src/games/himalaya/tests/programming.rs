//! Tests of Phase 2, the secret programming and its commitments (`rules/programming.rs`).

use super::*;

// HIM-COMP-8, HIM-PROG-2
#[test]
fn him_prog_1_seal_needs_six_planned_actions() {
    let d = data();
    let mut g = position(AT_1_2_3);
    for _ in 0..5 {
        play(&mut g, &d, 0, "plan rest");
    }
    assert!(!g.legal_steps(&d, 0).contains(&Step::Seal));
    let e = refused_step(&mut g, &d, 0, &Step::Seal);
    assert!(e.reason.contains("exactly 6"), "{e}");
    play(&mut g, &d, 0, "plan deal");
    assert!(
        !g.legal_steps(&d, 0).contains(&Step::Plan(Action::Rest)),
        "no 7th action"
    );
    play(&mut g, &d, 0, "unplan");
    assert_eq!(g.plans[0].len(), 5);
    play(&mut g, &d, 0, "plan dirt");
    let a = play(&mut g, &d, 0, "seal");
    assert!(a.secret);
    assert!(g.seals[0].is_some());
}

#[test]
fn him_prog_5_sealed_seat_may_unseal_until_everyone_has_sealed() {
    let d = data();
    let mut g = position(AT_1_2_3);
    for _ in 0..6 {
        play(&mut g, &d, 0, "plan rest");
    }
    play(&mut g, &d, 0, "seal");
    assert_eq!(
        g.status(),
        Status::Acting(vec![1, 2]),
        "a sealed seat is no longer acting"
    );
    assert_eq!(
        g.legal_steps(&d, 0),
        vec![Step::Unseal],
        "but may take its program back"
    );
    play(&mut g, &d, 0, "unseal");
    assert_eq!(g.status(), Status::Acting(vec![0, 1, 2]));
    assert_eq!(g.plans[0].len(), 6, "unsealing keeps the plan");
}

// HIM-PROG-6 (the same action twice)
#[test]
fn him_prog_2_program_command_expands_to_plan_and_seal_steps() {
    let d = data();
    let mut g = position(AT_1_2_3);
    play(&mut g, &d, 0, "plan deal");
    let steps = g
        .expand(&d, 0, "program ice deal deal stone rest dirt")
        .unwrap();
    assert_eq!(
        steps,
        vec![
            "unplan",
            "plan ice",
            "plan deal",
            "plan deal",
            "plan stone",
            "plan rest",
            "plan dirt",
            "seal"
        ]
    );
    for t in steps {
        play(&mut g, &d, 0, &t);
    }
    assert_eq!(program_text(&g.plans[0]), "ice deal deal stone rest dirt");
    // A sealed seat reprograms by unsealing first.
    let again = g
        .expand(&d, 0, "program rest rest rest rest rest rest")
        .unwrap();
    assert_eq!(again[0], "unseal");
    assert_eq!(again.iter().filter(|s| *s == "unplan").count(), 6);
    assert_eq!(g.expand(&d, 0, "seal"), None, "other text is a single step");
}

#[test]
fn him_prog_5_commitment_is_sha256_of_salt_and_program_and_checks_at_the_reveal() {
    let d = data();
    let mut g = position(AT_1_2_3);
    let mut public = Vec::new();
    for (s, p) in [
        "ice deal deal stone rest dirt",
        REST,
        "deal deal deal deal deal deal",
    ]
    .iter()
    .enumerate()
    {
        for t in g.expand(&d, s, &format!("program {p}")).unwrap() {
            let a = play(&mut g, &d, s, &t);
            for e in a.events {
                if e.audience == crate::engine::Audience::Public
                    && e.text.contains("commitment")
                    && e.text.contains("sealed")
                {
                    public.push(e.text);
                }
            }
        }
    }
    assert_eq!(public.len(), 3);
    let view = g.view(&d, Viewer::Spectator);
    assert_eq!(view.revealed.len(), 3);
    for r in &view.revealed {
        assert_eq!(r.salt.len(), 16);
        let c = commitment(&r.salt, &program_text(&r.program));
        assert_eq!(c, r.commitment);
        assert_eq!(c.len(), 12);
        assert!(
            public[r.seat].contains(&c),
            "the sealed event showed the same commitment"
        );
    }
    // Known vector: sha256("00:rest") starts with this.
    use sha2::Digest;
    let full: String = sha2::Sha256::digest(b"00:rest")
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    assert_eq!(commitment("00", "rest"), full[..12]);
}

#[test]
fn him_prog_5_programming_steps_are_secret_and_only_the_reveal_is_irreversible() {
    let d = data();
    let mut g = position(AT_1_2_3);
    for s in 0..3 {
        for t in g.expand(&d, s, &format!("program {REST}")).unwrap() {
            let a = play(&mut g, &d, s, &t);
            assert!(a.secret, "`{t}` is secret notation");
            let last = s == 2 && t == "seal";
            assert_eq!(a.irreversible, last, "`{t}` for seat {s}");
        }
    }
    assert_eq!(g.turn, 2);
}

// HIM-PROG-4, HIM-PROG-5: when a deadline runs out during programming, repeated default
// steps keep the seat's draft, fill it with rests and seal, within 7 steps; a sealed seat
// has no default step (it is not undone).
#[test]
fn him_prog_4_default_steps_seal_a_program_within_seven_steps() {
    let d = data();
    let mut g = position(AT_1_2_3);
    play(&mut g, &d, 1, "plan deal");
    for seat in 0..3 {
        let mut n = 0;
        loop {
            let s = g
                .default_step(&d, seat)
                .expect("an unsealed seat has a default");
            play(&mut g, &d, seat, &Himalaya::format_step(&d, &s));
            n += 1;
            assert!(n <= 7, "seat {seat} sealed within 7 steps");
            if s == Step::Seal {
                break;
            }
        }
        if seat == 0 {
            assert_eq!(g.default_step(&d, 0), None, "a sealed seat is left alone");
        }
    }
    assert_eq!(g.revealed_turn, 1, "all sealed: the programs were revealed");
    assert_eq!(g.revealed[0], vec![Action::Rest; 6]);
    let mut bo = vec![Action::Deal];
    bo.extend([Action::Rest; 5]);
    assert_eq!(g.revealed[1], bo, "the draft is kept");
}

// HIM-PROG-1: drafting and undoing a plan is private: secret notation, no public event.
#[test]
fn him_prog_1_planning_and_undoing_a_plan_are_private() {
    let d = data();
    let mut g = position(AT_1_2_3);
    for t in ["plan deal", "unplan"] {
        let a = play(&mut g, &d, 0, t);
        assert!(a.secret, "`{t}` is secret");
        assert!(
            a.events
                .iter()
                .all(|e| e.audience != crate::engine::Audience::Public),
            "`{t}` has no public event"
        );
    }
    assert!(g.plans[0].is_empty());
}

// HIM-PROG-3, HIM-DEAL-9: a rest does nothing, even in a village with goods.
#[test]
fn him_prog_3_rest_does_nothing_even_where_goods_lie() {
    let d = data();
    // Seed 40: village 7 holds 3 salt and 2 barley.
    let mut g = position(&format!(
        "players Ann Bo Cy
         {SEED_40}
         option rules basic
         Ann: start 7
         Bo: start 1
         Cy: start 20"
    ));
    program_all(&mut g, &d, &[REST, REST, REST]);
    assert_eq!(v(&g, 0), 7);
    assert_eq!(g.hands[0], [0; 5]);
    assert_eq!(g.village_goods[6], [3, 2, 0, 0, 0]);
}

// HIM-PROG-1 (HIM-COMP-8): refusals while programming say what to do instead: a 7th action
// needs `unplan`, a sealed program `unseal`, and there is nothing to take back unsealed.
#[test]
fn him_prog_1_programming_refusals_say_what_to_do_instead() {
    let d = data();
    let mut g = position(AT_1_5_20);
    let e = refused_step(&mut g, &d, 0, &Step::Unseal);
    assert_eq!(e.topic, "programming");
    assert!(
        e.reason.contains("you cannot do that while programming"),
        "{e}"
    );
    for _ in 0..6 {
        play(&mut g, &d, 0, "plan rest");
    }
    let e = refused_step(&mut g, &d, 0, &Step::Plan(Action::Deal));
    assert_eq!(e.topic, "programming");
    assert!(e.reason.contains("`unplan` to change the last one"), "{e}");
    play(&mut g, &d, 0, "seal");
    let e = refused_step(&mut g, &d, 0, &Step::Plan(Action::Deal));
    assert_eq!(e.topic, "programming");
    assert!(e.reason.contains("sealed; `unseal` first"), "{e}");
    assert_eq!(g.plans[0], vec![Action::Rest; 6]);
}

// HIM-PROG-1: a `program` command is the whole row of 6 markers. Five (or seven) actions are
// refused as they are typed, naming what was given, what is accepted and the rules topic;
// nothing is planned.
#[test]
fn him_prog_1_a_program_of_five_or_seven_actions_is_refused_and_plans_nothing() {
    let d = data();
    let mut g = position(AT_1_5_20);
    play(&mut g, &d, 0, "plan deal");
    for (text, given) in [
        ("program rest dirt ice deal deal", "5 actions"),
        ("program rest dirt ice deal deal stone rest", "7 actions"),
    ] {
        let before = g.clone();
        let steps = g
            .expand(&d, 0, text)
            .unwrap_or_else(|| vec![text.to_string()]);
        let step = g
            .parse_step(&d, 0, &steps[0])
            .expect("the first step parses");
        let e = refused_step(&mut g, &d, 0, &step);
        assert_eq!(e.topic, "programming", "{e}");
        assert!(e.reason.contains("a program is 6 actions"), "{e}");
        assert!(e.reason.contains(given), "{e}");
        assert!(
            e.reason.contains("`program ice deal deal stone rest dirt`"),
            "{e}"
        );
        assert_eq!(g, before, "a refused program changes nothing");
    }
    assert_eq!(g.plans[0], vec![Action::Deal]);
}

// HIM-PROG-5: a sealed program is its seat's secret until the reveal: a scrambled copy gets
// another program of 6 actions under the same public commitment (with another salt), and
// the copy's reveal goes on without checking it.
#[test]
fn him_prog_5_scrambling_a_sealed_program_redraws_it_under_the_same_commitment() {
    let d = data();
    let mut g = position(AT_1_2_3);
    for t in g.expand(&d, 0, &format!("program {REST}")).unwrap() {
        play(&mut g, &d, 0, &t);
    }
    let seal = g.seals[0].clone().expect("sealed");
    let copies: Vec<Himalaya> = (0..8)
        .map(|salt| g.scramble(&d, Holder::Seat(0), &mut GameRng::new(salt)))
        .collect();
    for c in &copies {
        let other = c.seals[0].as_ref().expect("still sealed");
        assert_eq!(
            other.commitment, seal.commitment,
            "the public commitment stays"
        );
        assert_ne!(other.salt, seal.salt, "the secret salt is redrawn");
        assert_eq!(c.plans[0].len(), ACTIONS);
    }
    assert!(
        copies.iter().any(|c| c.plans[0] != g.plans[0]),
        "the sealed program is redrawn"
    );
    let mut c = copies[0].clone();
    for s in 1..3 {
        for t in c.expand(&d, s, &format!("program {REST}")).unwrap() {
            play(&mut c, &d, s, &t);
        }
    }
    assert_eq!(
        c.revealed[0], copies[0].plans[0],
        "the copy reveals its own program"
    );
}
