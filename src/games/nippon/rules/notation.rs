//! Notation of the steps.

use super::*;

// ==== Notation ====

impl Nippon {
    pub(crate) fn step_text(data: &NipponData, step: &Step) -> String {
        let good = |g: u8| data.goods[g as usize].name.clone();
        match *step {
            Step::Take(s, c) => format!("take {s} {}", data.worker_colours[c as usize].0),
            Step::Consolidate => "consolidate".into(),
            Step::Do(a) => format!("do {}", a.name()),
            Step::Build(g) => format!("build {}", good(g)),
            Step::Improve(g) => format!("improve {}", good(g)),
            Step::ToSupply => "improve supply".into(),
            Step::Run(g) => format!("run {}", good(g)),
            Step::Up(k) => format!("up {k}"),
            Step::Train(r) => format!("train {}", data.regions[r as usize].name),
            Step::Ship(r) => format!("ship {}", data.regions[r as usize].name),
            Step::Contract(k) => format!("contract {k}"),
            Step::Pay(g, n) => format!("pay {} {n}", good(g)),
            Step::Tile(v, g, c) => format!("tile {v} {} {c}", good(g)),
            Step::City(c) => format!("city {}", data.city_name(c as usize)),
            Step::Remove(g) => format!("remove {}", good(g)),
            Step::Reward(m, b) => format!("reward {m} {}", BONUS_WORDS[b as usize]),
            Step::Space(a) => format!("space {}", data.achievements[a as usize].name),
            Step::Blueprints(t) => format!("blueprints {}", t.name()),
            Step::Done => "done".into(),
        }
    }

    pub(crate) fn step_label(data: &NipponData, step: &Step) -> String {
        let good = |g: u8| data.goods[g as usize].name.clone();
        match *step {
            Step::Take(s, c) => format!(
                "Take a worker ({}) from action slot {s}: {}",
                data.worker_colours[c as usize].0,
                data.slots[s as usize - 1]
                    .iter()
                    .map(|a| a.name())
                    .collect::<Vec<_>>()
                    .join(" or ")
            ),
            Step::Consolidate => "Consolidate: budget, Emperor's reward, pay the workers".into(),
            Step::Do(a) => format!("Do the {} action", a.name()),
            Step::Build(g) => format!("Build a {} factory", good(g)),
            Step::Improve(g) => format!("Install or upgrade a machine on the {} factory", good(g)),
            Step::ToSupply => "Take a machine into your supply".into(),
            Step::Run(g) => format!("Run the {} factory", good(g)),
            Step::Up(k) => format!("Move the marker up {k} step(s)"),
            Step::Train(r) => format!("Build a train in {}", data.regions[r as usize].name),
            Step::Ship(r) => format!("Build a ship in {}", data.regions[r as usize].name),
            Step::Contract(k) => format!(
                "Fulfil contract {k} ({})",
                needs_text(&data.contracts[k as usize - 1].needs)
            ),
            Step::Pay(g, n) => format!("Pay {n} {} to the contract", good(g)),
            Step::Tile(v, g, c) => format!("Supply {c} {} for a value-{v} influence tile", good(g)),
            Step::City(c) => format!("Place the tile at {}", data.city_name(c as usize)),
            Step::Remove(g) => format!("Return the lowest tile beside {}", good(g)),
            Step::Reward(m, b) => format!("Take a x{m} reward tile ({})", BONUS_WORDS[b as usize]),
            Step::Space(a) => format!(
                "Put the tile on the {} achievement",
                data.achievements[a as usize].name
            ),
            Step::Blueprints(t) => format!("Discard 3 blueprints: {} +1", t.name()),
            Step::Done => "Done: end the action and your turn".into(),
        }
    }
}
