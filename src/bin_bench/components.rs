//! The component path (issue 50): a step picked from the private menus against the same
//! step typed, and what building a player's menus costs beside drawing the board.
//!
//! Two drivers play the same game (same seeds, so the same steps) in two channels of one
//! chat: one types each step (`move <step>`), the other picks it. Before each pick the
//! player's menus are opened with `move` (untimed, as a player opens them before tapping);
//! the pick is the component that plays the step, read from those menus' header, and its
//! time is the whole answer: the step played as if typed, then the player's next menus.
//! The two paths take turns going first, step by step, after a few untimed warm-up steps,
//! so neither always finds the caches the other warmed.

use super::clock::thread_cpu;
use super::*;
use sherpa::chat::menus::{self, Header, Pick, Target};

/// Most samples of the component path in `sherpa bench` (each plays two steps).
pub const COMPONENT_SAMPLES: usize = 300;

/// Steps both paths play untimed before the samples (caches, the store's pages).
pub const COMPONENT_WARM_UP: usize = 10;

/// The component path of one game.
#[derive(Clone, Debug, serde::Serialize)]
pub struct ComponentPath {
    /// `move <step>` typed.
    pub typed: Stat,
    /// The same steps picked from the menus.
    pub picked: Stat,
    /// `picked.median / typed.median`.
    pub ratio_median: f64,
    /// `picked.p99 / typed.p99`.
    pub ratio_p99: f64,
    /// The CPU time of the bench's thread for each typed step (its answer, and marking
    /// it delivered): beside the wall-clock times, as other processes on the machine do not
    /// stretch it.
    pub typed_cpu: Stat,
    /// The same for each picked step.
    pub picked_cpu: Stat,
    /// `picked_cpu.median / typed_cpu.median`.
    pub ratio_cpu_median: f64,
    /// `picked_cpu.p99 / typed_cpu.p99`.
    pub ratio_cpu_p99: f64,
    /// Listing a player's legal steps and building their first menus.
    pub menus: Stat,
    /// The board picture of the same positions (render and PNG encoding).
    pub board: Stat,
}

/// Time `samples` steps of `kind` typed and picked (taking turns going first, after
/// [`COMPONENT_WARM_UP`] untimed steps), and the menus beside the board.
pub fn component_path(
    kind: &'static dyn GameKind,
    dir: &std::path::Path,
    samples: usize,
) -> anyhow::Result<ComponentPath> {
    let db = dir.join(format!("{}-components.db", kind.id()));
    let chat = bench_chat(&db)?;
    let mut typed = Driver::new(&chat, kind, "typed", 7)?;
    let mut picked = Driver::new(&chat, kind, "picked", 7)?;
    let (mut t, mut p, mut m, mut b) = (vec![], vec![], vec![], vec![]);
    let (mut tc, mut pc) = (vec![], vec![]);
    let mut step_no = 0usize;
    while p.len() < samples {
        anyhow::ensure!(step_no < samples * 200, "{}: no progress", kind.id());
        let (seat, step, _) = typed.next()?;
        let (seat2, step2, _) = picked.next()?;
        anyhow::ensure!(
            (seat2, &step2) == (seat, &step),
            "the two games drifted apart"
        );
        let mut pick_it = || -> anyhow::Result<(Duration, Duration)> {
            let header = open_menus(&picked, seat)?;
            let cpu = thread_cpu();
            let wall = pick(&mut picked, seat, &step, header)?.0;
            Ok((wall, thread_cpu().saturating_sub(cpu)))
        };
        let mut type_it = || -> anyhow::Result<(Duration, Duration)> {
            let cpu = thread_cpu();
            let wall = typed.send(seat, &step)?.0;
            Ok((wall, thread_cpu().saturating_sub(cpu)))
        };
        let (dt, dp) = if step_no % 2 == 0 {
            let dt = type_it()?;
            (dt, pick_it()?)
        } else {
            let dp = pick_it()?;
            (type_it()?, dp)
        };
        step_no += 1;
        if step_no <= COMPONENT_WARM_UP {
            continue;
        }
        t.push(dt.0);
        p.push(dp.0);
        tc.push(dt.1);
        pc.push(dp.1);
        if let Some((menus, board)) = menus_beside_board(&picked) {
            m.push(menus);
            b.push(board);
        }
    }
    drop(typed);
    drop(picked);
    drop(chat);
    remove_db(&db);
    let (typed, picked) = (stat(t), stat(p));
    let (typed_cpu, picked_cpu) = (stat(tc), stat(pc));
    let ratio = |a: f64, b: f64| a / b.max(f64::MIN_POSITIVE);
    Ok(ComponentPath {
        ratio_median: ratio(picked.median_us, typed.median_us),
        ratio_p99: ratio(picked.p99_us, typed.p99_us),
        ratio_cpu_median: ratio(picked_cpu.median_us, typed_cpu.median_us),
        ratio_cpu_p99: ratio(picked_cpu.p99_us, typed_cpu.p99_us),
        typed,
        picked,
        typed_cpu,
        picked_cpu,
        menus: stat(m),
        board: stat(b),
    })
}

/// Building the acting player's menus at the driver's position, and drawing its board
/// (`None` once the game is over).
fn menus_beside_board(d: &Driver) -> Option<(Duration, Duration)> {
    let Status::Acting(a) = d.g.status() else {
        return None;
    };
    let h = Header {
        version: 0,
        log_len: 0,
        user: format!("u{}", a[0]),
    };
    let start = Instant::now();
    std::hint::black_box(menus::build(&d.g.legal(a[0]), &[], &h));
    let menus = start.elapsed();
    let start = Instant::now();
    std::hint::black_box(d.g.render(Viewer::Spectator));
    Some((menus, start.elapsed()))
}

/// `move` alone for `seat` (untimed): the header of the menus it shows.
fn open_menus(d: &Driver, seat: usize) -> anyhow::Result<Header> {
    let replies = d.chat.handle(&req(&d.channel, seat, "move"));
    let r = replies
        .iter()
        .find(|r| !r.is_error)
        .ok_or_else(|| anyhow::anyhow!("`move` failed: {:?}", replies.first()))?;
    let c = &r.components;
    let id = c
        .taps
        .first()
        .map(|t| t.id.clone())
        .or_else(|| c.menus.first().map(|m| m.id.clone()))
        .ok_or_else(|| anyhow::anyhow!("`move` showed no components"))?;
    let value = c.menus.first().and_then(|m| m.options.first());
    Pick::parse(&id, value.map(|o| o.value.as_str()))
        .map(|p| p.header)
        .ok_or_else(|| anyhow::anyhow!("not a pick id: {id}"))
}

/// Play `step` for `seat` by the component that plays it (timed), as [`Driver::send`] does
/// for a typed step.
fn pick(
    d: &mut Driver,
    seat: usize,
    step: &str,
    header: Header,
) -> anyhow::Result<(Duration, bool)> {
    let mut r = req(&d.channel, seat, "move");
    r.pick = Some(Pick {
        header,
        target: Target::Step(step.to_string()),
    });
    let start = Instant::now();
    let replies = d.chat.handle(&r);
    let t = start.elapsed();
    if let Some(e) = replies.iter().find(|r| r.is_error) {
        anyhow::bail!("picking `{step}` failed: {}", e.text);
    }
    d.chat.mark_delivered(&replies.iter().collect::<Vec<_>>());
    d.played += 1;
    if !matches!(d.g.status(), Status::Acting(_)) {
        d.post_end_files()?;
    }
    Ok((t, replies.iter().any(|r| r.image.is_some())))
}

/// The table's lines for a game's component path.
pub fn component_lines(c: &ComponentPath) -> String {
    let ms = |us: f64| us / 1000.0;
    format!(
        "  step typed           median {:>7.3} ms  p99 {:>7.3} ms  ({} samples)\n  step picked (menus)  median {:>7.3} ms  p99 {:>7.3} ms  picked / typed: median {:.2}, p99 {:.2}\n  menus built          median {:>7.3} ms  p99 {:>7.3} ms  · board picture median {:.3} ms p99 {:.3} ms\n  CPU time (thread)    typed median {:.3} ms p99 {:.3} ms · picked median {:.3} ms p99 {:.3} ms  picked / typed: median {:.2}, p99 {:.2}\n",
        ms(c.typed.median_us),
        ms(c.typed.p99_us),
        c.typed.samples,
        ms(c.picked.median_us),
        ms(c.picked.p99_us),
        c.ratio_median,
        c.ratio_p99,
        ms(c.menus.median_us),
        ms(c.menus.p99_us),
        ms(c.board.median_us),
        ms(c.board.p99_us),
        ms(c.typed_cpu.median_us),
        ms(c.typed_cpu.p99_us),
        ms(c.picked_cpu.median_us),
        ms(c.picked_cpu.p99_us),
        c.ratio_cpu_median,
        c.ratio_cpu_p99,
    )
}

/// `sherpa bench --components N`: the component path alone, for each game of `kinds`.
pub fn components_only(
    kinds: &[&'static dyn GameKind],
    samples: usize,
) -> anyhow::Result<Vec<(String, ComponentPath)>> {
    let dir = std::env::temp_dir().join(format!("sherpa-components-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let mut out = Vec::new();
    for &kind in kinds {
        out.push((kind.id().to_string(), component_path(kind, &dir, samples)?));
    }
    let _ = std::fs::remove_dir_all(&dir);
    Ok(out)
}
