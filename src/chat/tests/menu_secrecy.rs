//! Issue 50: the components a player is shown (ids, labels, options, and every narrower
//! menu they open) are theirs alone to read but show nothing of anyone else's secrets:
//! scrambling another seat's hidden information (its state, its secret steps and drafting
//! in the log) leaves them byte-identical, in all five games at many positions.

use super::secrecy::{check_non_interference, for_every_game};
use super::*;
use crate::chat::menus::{self, Pick, Resolved};

/// Every component `viewer` may open at this position: the menus of `move` alone, then
/// those of each narrowing option, recursively (a spectator has none).
fn components(
    g: &dyn AnyGame,
    seats: &[SeatRow],
    actions: &[ActionRow],
    version: i64,
    _: Option<&filter::Outcome>,
    (viewer, _): (Viewer, filter::Revealed),
    _: bool,
) -> Vec<Vec<u8>> {
    let Viewer::Seat(seat) = viewer else {
        return vec![];
    };
    let over = g.status().is_finished();
    let user = &seats[seat].user_id;
    let header = crate::chat::picks::header_for(version, (actions, over), seat, user);
    let legal = filter::legal_list(g, seat);
    let mut out = Vec::new();
    let mut todo: Vec<Vec<String>> = vec![vec![]];
    while let Some(prefix) = todo.pop() {
        let c = menus::build(&legal, &prefix, &header);
        for m in &c.menus {
            for o in &m.options {
                if let Some(Resolved::Narrow(w)) =
                    Pick::parse(&m.id, Some(&o.value)).and_then(|p| p.target.resolve(&legal))
                {
                    todo.push(w);
                }
            }
        }
        out.push(serde_json::to_vec(&c).unwrap());
    }
    out
}

#[test]
fn scrambling_one_seats_secrets_changes_no_other_players_components_every_game() {
    for_every_game(|t, players, kind| {
        let changed = check_non_interference(t, components, players, 120, 3, false, 7);
        eprintln!("{kind}: {changed} holder components changed by scrambles");
    });
}
