//! `--callgrind`: one move and one floor, for instruction counts under valgrind.

use super::*;

/// What `sherpa bench --callgrind GAME` runs: a game played through the chat to mid-game,
/// then one move that ends a turn (so the answer carries the board) inside [`one_move`],
/// then its floor inside [`one_floor`]: the commit of one row the size of the game's
/// snapshot, a copy of the board's pixels and their fastest PNG encoding. Run it as
/// `valgrind --tool=callgrind --toggle-collect='*bench*one_move*' sherpa bench --callgrind
/// nepal` (and `'*bench*one_floor*'`) to count the instructions of each alone.
pub fn callgrind(registry: &'static Registry, game: &str) -> anyhow::Result<String> {
    let kind = registry
        .get(game)
        .ok_or_else(|| anyhow::anyhow!("no game `{game}`; games: {}", registry.ids().join(", ")))?;
    let dir = std::env::temp_dir().join(format!("sherpa-callgrind-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let db = dir.join("move.db");
    let chat = bench_chat(&db)?;
    let mut d = Driver::new(&chat, kind, "c", 99)?;
    for _ in 0..WARM_UP * 3 {
        d.step()?;
    }
    let (seat, step, rendered) = loop {
        // A board is posted when the seats to act change (not at every turn end: a
        // Peloria player often plays the next nation too), so pick such a step.
        let before = d.g.status();
        let (seat, step, ends) = d.next()?;
        let moves_on = before != d.g.status();
        if ends && moves_on && d.played >= WARM_UP {
            let (_, board) = one_move(&mut d, seat, &step)?;
            break (seat, step, board);
        }
        d.send(seat, &step)?;
    };
    let img = d.g.picture(Viewer::Spectator);
    let row = vec![0x5au8; d.g.snapshot().len()];
    let mut floor = sherpa::store::FloorDb::open(&dir.join("floor.db"))?;
    floor.commit(&row)?; // warm: the first commit creates the WAL
    one_floor(&mut floor, &row, &img)?;
    drop(floor);
    drop(d);
    drop(chat);
    let _ = std::fs::remove_dir_all(&dir);
    Ok(format!(
        "{game}: seat {seat} played `{step}` ({}), then the floor ({} byte row, {}x{} pixels)",
        if rendered {
            "with its board"
        } else {
            "no board was posted"
        },
        row.len(),
        img.width(),
        img.height()
    ))
}

/// One move through the chat (measured alone under callgrind).
#[inline(never)]
pub fn one_move(d: &mut Driver, seat: usize, step: &str) -> anyhow::Result<(Duration, bool)> {
    d.send(seat, step)
}

/// The floor of one move with its board (measured alone under callgrind).
#[inline(never)]
pub fn one_floor(
    db: &mut sherpa::store::FloorDb,
    row: &[u8],
    img: &RgbaImage,
) -> anyhow::Result<()> {
    db.commit(row)?;
    let copy = img.clone();
    let png = sherpa::render::png::encode_fastest(&copy);
    std::hint::black_box(png);
    Ok(())
}
