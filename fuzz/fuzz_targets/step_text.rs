//! Every game's step parser and `expand`: the first bytes pick a game, a player count and a
//! position (a number of seeded random legal steps from setup); the rest is the text a
//! player types. Parsing and expanding never panic, and a refused step changes nothing.
#![no_main]
use libfuzzer_sys::fuzz_target;
use sherpa::engine::Options;
use sherpa::games::Registry;

fuzz_target!(|data: &[u8]| {
    if data.len() < 4 {
        return;
    }
    let registry = Registry::builtin();
    let kinds = registry.all();
    let kind = kinds[data[0] as usize % kinds.len()];
    let span = kind.max_players() - kind.min_players() + 1;
    let n = kind.min_players() + data[1] as usize % span;
    let players: Vec<String> = (0..n).map(|i| format!("p{i}")).collect();
    let Ok(mut game) = kind.setup(&players, &Options::new(), u64::from(data[2])) else {
        return;
    };
    // Walk to a position: data[3] seeded steps, each the (k mod len)-th legal step.
    let mut k = u64::from(data[2]) * 31 + 7;
    for _ in 0..data[3] {
        let Some(&seat) = game.status().acting().first() else {
            break;
        };
        let legal = game.legal(seat);
        if legal.is_empty() {
            break;
        }
        k = k.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let pick = &legal[(k >> 33) as usize % legal.len()].notation;
        game.play(seat, pick).expect("a listed step applies");
    }
    let text = String::from_utf8_lossy(&data[4..]);
    for seat in 0..n {
        let _ = game.expand(seat, &text);
        let before = game.snapshot();
        let mut trial = game.box_clone();
        if trial.play(seat, &text).is_err() {
            assert!(
                trial.snapshot() == before,
                "a refused step changed the state"
            );
        }
    }
});
