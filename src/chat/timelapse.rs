//! Timelapse: an animated GIF of a finished game's public board after each turn, rebuilt
//! from its seed and log. Posted with the replay file when a game ends, and made from an
//! exported game by `sherpa replay FILE --timelapse`.
//!
//! The end files (timelapse and replay file) follow the answer to the last move: building
//! them takes seconds. The finishing change records that they are owed
//! ([`super::commit`]); the front end answers the move, then calls
//! [`Chat::post_end_files`], which builds them off the chat's lock and stores them in the
//! outbox in the transaction that clears the debt. At start-up and now and then the front
//! end posts what a stopped process still owed ([`Chat::post_owed_end_files`]).
//!
//! Invariants:
//! - A finished game's end files are never lost and posted once: the debt is recorded with
//!   the finishing change, and cleared only in the transaction that stores the files in the
//!   outbox (which delivers at least once); a second caller stores nothing.
//! - Every frame is the spectator's picture ([`filter::public_picture`]): the timelapse
//!   shows nothing a spectator could not see at that moment.
//! - A frame is taken after setup, after every step that ended a turn and changed the
//!   public view, and at the end; at most [`Budget::frames`] of them, chosen evenly, the
//!   first and the last always kept.
//! - The GIF is at most [`MAX_BYTES`]: it is made smaller (fewer, smaller frames) until
//!   it fits the budget; the last resort, the final board alone at 240 pixels, always does.

use super::core::{effective_steps, play_rows, setup_named, Chat, Roster};
use super::error::CoreError;
use super::filter;
use super::outbox;
use super::replay::ReplayError;
use super::types::{Place, Reply};
use crate::engine::{AnyGame, GameKind, Options, Viewer};
use crate::render::gif::{fit_size, scale_to, Animation};
use crate::store::{ActionRow, GameRow};

/// The size a timelapse aims for (a few MB)…
pub const TARGET_BYTES: usize = 4 * 1024 * 1024;
/// …and the most it may ever be (Discord's attachment limit is 8 MB).
pub const MAX_BYTES: usize = 8_000_000;

/// The largest frame size and the most frames of one attempt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    pub max_side: u32,
    pub frames: usize,
}

/// Attempts from the best to the smallest; the first whose GIF fits [`TARGET_BYTES`] is
/// taken (the last one always is).
pub const BUDGETS: &[Budget] = &[
    Budget {
        max_side: 800,
        frames: 60,
    },
    Budget {
        max_side: 640,
        frames: 40,
    },
    Budget {
        max_side: 480,
        frames: 24,
    },
    Budget {
        max_side: 240,
        frames: 1,
    },
];

/// A finished animation.
#[derive(Clone, Debug)]
pub struct Timelapse {
    pub gif: Vec<u8>,
    pub frames: usize,
    pub width: u32,
    pub height: u32,
    /// How many public positions the game had (frames were chosen among them).
    pub positions: usize,
}

/// How long each frame shows, in hundredths of a second: about 30 s in all, between 0.2 s
/// and 1 s a frame; the last one 3 s.
fn delay_cs(frames: usize, last: bool) -> u16 {
    if last {
        return 300;
    }
    (3000 / frames.max(1)).clamp(20, 100) as u16
}

/// `m` indices out of `0..n`, evenly spread, the first and the last included.
pub fn spread(n: usize, m: usize) -> Vec<usize> {
    if n == 0 || m == 0 {
        return vec![];
    }
    if m >= n {
        return (0..n).collect();
    }
    if m == 1 {
        return vec![n - 1];
    }
    let mut v: Vec<usize> = (0..m)
        .map(|i| (i * (n - 1) + (m - 1) / 2) / (m - 1))
        .collect();
    v.dedup();
    v
}

/// The public positions of a game: the state after setup, after each step that ended a
/// turn and changed what a spectator sees, and the final state.
pub fn positions(
    kind: &'static dyn GameKind,
    roster: Roster<'_>,
    options: &Options,
    seed: (u64, u32),
    actions: &[ActionRow],
) -> Result<Vec<Box<dyn AnyGame>>, String> {
    let mut g = setup_named(kind, roster, options, seed)?;
    let mut last_view = filter::view_json(&*g, Viewer::Spectator);
    let mut out = vec![g.box_clone()];
    let steps = effective_steps(actions);
    let last = steps.last().map(|a| a.seq);
    play_rows(&mut *g, roster, 0, &steps, |a, (_, applied), g| {
        if applied.turn_ended || Some(a.seq) == last {
            let view = filter::view_json(g, Viewer::Spectator);
            if view != last_view {
                out.push(g.box_clone());
                last_view = view;
            }
        }
    })?;
    Ok(out)
}

/// The timelapse of a game from its setup and log (see the module doc).
pub fn build(
    kind: &'static dyn GameKind,
    roster: Roster<'_>,
    options: &Options,
    seed: (u64, u32),
    actions: &[ActionRow],
) -> Result<Timelapse, CoreError> {
    let states = positions(kind, roster, options, seed, actions).map_err(CoreError::Replay)?;
    animate(&states, BUDGETS, TARGET_BYTES)
}

/// The animation of `states`: the first of `budgets` whose GIF is at most `target` bytes,
/// else the last one if it is at most [`MAX_BYTES`].
fn animate(
    states: &[Box<dyn AnyGame>],
    budgets: &[Budget],
    target: usize,
) -> Result<Timelapse, CoreError> {
    // Each chosen position is drawn once, at full size (pixels, never a PNG round trip),
    // and scaled per attempt.
    let mut full: Vec<Option<crate::render::RgbaImage>> = vec![None; states.len()];
    let mut best = None;
    for budget in budgets {
        let pick = spread(states.len(), budget.frames);
        let mut anim: Option<Animation> = None;
        let mut size = (0, 0);
        for (n, &i) in pick.iter().enumerate() {
            if full[i].is_none() {
                full[i] = Some(filter::public_picture(&*states[i]));
            }
            let img = full[i].as_ref().ok_or(CoreError::Internal)?;
            if anim.is_none() {
                size = fit_size(img.width(), img.height(), budget.max_side, budget.max_side);
                anim = Some(Animation::new(size.0, size.1).map_err(|_| CoreError::Internal)?);
            }
            let Some(a) = anim.as_mut() else {
                return Err(CoreError::Internal);
            };
            // Every frame takes the first one's size (boards keep one size through a game).
            let small = scale_to(img, size.0, size.1);
            a.push(&small, delay_cs(pick.len(), n + 1 == pick.len()))
                .map_err(|_| CoreError::Internal)?;
        }
        let anim = anim.ok_or(CoreError::Internal)?;
        let frames = anim.frames();
        let gif = anim.finish().map_err(|_| CoreError::Internal)?;
        let t = Timelapse {
            gif,
            frames,
            width: size.0,
            height: size.1,
            positions: states.len(),
        };
        if t.gif.len() <= target {
            return Ok(t);
        }
        best = Some(t);
    }
    best.filter(|t| t.gif.len() <= MAX_BYTES)
        .ok_or(CoreError::Internal)
}

impl Chat {
    /// The timelapse of a stored game (any status: every frame is public).
    pub fn timelapse(&self, game_id: i64) -> Result<Timelapse, CoreError> {
        let (row, seats, actions, handovers) = {
            let inner = self.lock();
            let log = inner.store.log();
            (
                log.game(game_id)?,
                log.seats(game_id)?,
                log.actions(game_id)?,
                log.handovers(game_id)?,
            )
        };
        let kind = self
            .registry
            .get(&row.kind)
            .ok_or_else(|| CoreError::UnknownKind(row.kind.clone()))?;
        let roster = Roster {
            seats: &seats,
            handovers: &handovers,
        };
        build(
            kind,
            roster,
            &row.options,
            (row.seed, row.rules_version),
            &actions,
        )
    }

    /// Finished games on `platform` (in `channel` only, when given) whose end files are
    /// still owed and that finished at least `min_age` seconds ago, oldest first.
    pub fn owed_end_files(
        &self,
        platform: &str,
        channel: Option<&str>,
        min_age: i64,
    ) -> Result<Vec<i64>, CoreError> {
        let by = self.now().saturating_sub(min_age);
        Ok(self
            .lock()
            .store
            .outbox()
            .owed_end_files(platform, channel, by)?)
    }

    /// Post game `game_id`'s end files: build them from the stored game off the chat's
    /// lock, then store them in the outbox and take the game off the owed list in one
    /// transaction. The replies (each with its outbox row, for the front end to mark
    /// delivered) and their place; `None` when they were not owed (already posted, here or
    /// by another process): posting twice posts once.
    pub fn post_end_files(&self, game_id: i64) -> Result<Option<EndFiles>, CoreError> {
        let (row, seats, actions, handovers) = {
            let inner = self.lock();
            if !inner.store.outbox().end_files_owed(game_id)? {
                return Ok(None);
            }
            let log = inner.store.log();
            (
                log.game(game_id)?,
                log.seats(game_id)?,
                log.actions(game_id)?,
                log.handovers(game_id)?,
            )
        };
        let roster = Roster {
            seats: &seats,
            handovers: &handovers,
        };
        let mut replies = self.end_files_replies(&row, roster, &actions)?;
        let entries: Vec<_> = replies.iter().map(outbox::entry).collect();
        let now = self.now();
        let (ids, pending) = self
            .lock()
            .store
            .outbox_mut()
            .store_end_files(game_id, &entries, now)?;
        let Some(ids) = ids else {
            return Ok(None);
        };
        // Durable before anything is sent (outside the lock, as a step's commit).
        pending.wait()?;
        for (r, id) in replies.iter_mut().zip(ids) {
            r.outbox = Some(id);
        }
        let place = Place {
            platform: row.platform,
            guild: row.guild,
            channel: row.channel,
        };
        Ok(Some(EndFiles {
            game_id,
            place,
            replies,
        }))
    }

    /// [`Chat::post_end_files`] for every game [`Chat::owed_end_files`] lists; a game
    /// whose files fail (the store unreachable) is logged and stays owed for a later call.
    pub fn post_owed_end_files(
        &self,
        platform: &str,
        channel: Option<&str>,
        min_age: i64,
    ) -> Vec<EndFiles> {
        let owed = match self.owed_end_files(platform, channel, min_age) {
            Ok(v) => v,
            Err(e) => {
                tracing::warn!("reading the end files owed failed: {e}");
                return vec![];
            }
        };
        let mut out = Vec::new();
        for game_id in owed {
            match self.post_end_files(game_id) {
                Ok(Some(f)) => out.push(f),
                Ok(None) => {}
                Err(e) => tracing::warn!(game = game_id, "posting the end files failed: {e}"),
            }
        }
        out
    }

    /// The end files of a finished game, from its stored row, seats and log: the timelapse
    /// and the replay file (with the seed). A timelapse that cannot be made is left out
    /// (and logged); the replay file is always there.
    fn end_files_replies(
        &self,
        row: &GameRow,
        roster: Roster<'_>,
        rows: &[ActionRow],
    ) -> Result<Vec<Reply>, CoreError> {
        let mut out = Vec::new();
        let timelapse = self
            .registry
            .get(&row.kind)
            .ok_or_else(|| CoreError::UnknownKind(row.kind.clone()))
            .and_then(|kind| {
                build(
                    kind,
                    roster,
                    &row.options,
                    (row.seed, row.rules_version),
                    rows,
                )
            });
        match timelapse {
            Ok(t) => out.push(timelapse_reply(row, t)),
            Err(e) => tracing::warn!(game = row.id, "no timelapse: {e}"),
        }
        // The finished game's export: with the seed, every step and the seat handovers.
        let file = self.export(row.id).map_err(|e| match e {
            ReplayError::Core(e) => e,
            _ => CoreError::Internal,
        })?;
        let json = serde_json::to_vec_pretty(&file).map_err(|_| CoreError::Internal)?;
        let mut r = Reply::public(format!(
            "Replay file of game #{} ({} actions, with the seed): `sherpa replay FILE` rebuilds the game, and `--timelapse out.gif` makes the animation.",
            row.id,
            file.actions.len()
        ));
        r.file = Some((format!("sherpa-{}-{}.json", row.kind, row.id), json));
        out.push(r);
        Ok(out)
    }
}

/// The reply carrying a game's timelapse.
fn timelapse_reply(row: &GameRow, t: Timelapse) -> Reply {
    let mut r = Reply::public(format!(
        "Timelapse of game #{}: the public board after each turn, {} frames{}.",
        row.id,
        t.frames,
        if t.frames < t.positions {
            format!(" chosen evenly among {} positions", t.positions)
        } else {
            String::new()
        }
    ));
    r.file = Some((
        format!("sherpa-{}-{}-timelapse.gif", row.kind, row.id),
        t.gif,
    ));
    r
}

/// A finished game's end files, stored in the outbox ([`Chat::post_end_files`]), and the
/// place they are posted to.
#[derive(Clone, Debug)]
pub struct EndFiles {
    pub game_id: i64,
    pub place: Place,
    /// The timelapse (when it could be made) and the replay file, each with its outbox row.
    pub replies: Vec<Reply>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{GameRng, Status};
    use crate::games::Registry;
    use crate::store::{ActionKind, SeatRow};
    use image::AnimationDecoder;

    /// A random legal game to the end: its seats and log.
    fn full_game(game: &str, players: usize, seed: u64) -> (Vec<SeatRow>, Vec<ActionRow>) {
        let kind = Registry::builtin().get(game).unwrap();
        let seats: Vec<SeatRow> = (0..players)
            .map(|i| SeatRow {
                seat: i,
                user_id: format!("u{i}"),
                name: format!("p{i}"),
                resigned: false,
            })
            .collect();
        let names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
        let mut g = kind.setup(&names, &Options::new(), seed).unwrap();
        let mut pick = GameRng::new(seed + 1);
        let mut rows = Vec::new();
        while let Status::Acting(a) = g.status() {
            let seat = a[pick.below(a.len())];
            let legal = g.legal(seat);
            let step = legal[pick.below(legal.len())].notation.clone();
            g.play(seat, &step).unwrap();
            rows.push(ActionRow {
                seq: rows.len() as i64 + 1,
                seat,
                kind: ActionKind::Step,
                step,
                secret: false,
                barrier: false,
                turn_end: false,
                at: 0,
            });
            assert!(rows.len() < 100_000, "the playout ends");
        }
        (seats, rows)
    }

    /// Mean absolute difference per channel of two RGB(A) images of one size.
    fn diff(a: &crate::render::RgbaImage, b: &crate::render::RgbaImage) -> f64 {
        assert_eq!(a.dimensions(), b.dimensions());
        let sum: u64 = a
            .pixels()
            .zip(b.pixels())
            .map(|(p, q)| {
                (0..3)
                    .map(|c| u64::from(p.0[c].abs_diff(q.0[c])))
                    .sum::<u64>()
            })
            .sum();
        sum as f64 / (f64::from(a.width()) * f64::from(a.height()) * 3.0)
    }

    #[test]
    fn a_full_nepal_game_makes_a_timelapse_under_8_mb_checked_frame_by_frame() {
        let kind = Registry::builtin().get("nepal").unwrap();
        let (seats, rows) = full_game("nepal", 3, 5);
        let t = build(
            kind,
            Roster::of(&seats),
            &Options::new(),
            (5, kind.rules_version()),
            &rows,
        )
        .unwrap();
        assert!(t.gif.len() <= MAX_BYTES, "{} bytes", t.gif.len());
        assert!(
            t.gif.len() <= TARGET_BYTES,
            "a few MB: {} bytes",
            t.gif.len()
        );
        let states = positions(
            kind,
            Roster::of(&seats),
            &Options::new(),
            (5, kind.rules_version()),
            &rows,
        )
        .unwrap();
        assert!(states.len() > 20, "a position per turn: {}", states.len());
        assert_eq!(t.positions, states.len());
        // The first budget whose GIF fits (a board with its status strip may need the second).
        assert!(
            BUDGETS
                .iter()
                .any(|b| t.frames == states.len().min(b.frames)),
            "{} frames",
            t.frames
        );
        assert!(states.last().unwrap().status().is_finished());
        assert!(t.width <= 800 && t.height <= 800 && t.width > 300);

        let frames: Vec<_> =
            image::codecs::gif::GifDecoder::new(std::io::Cursor::new(t.gif.as_slice()))
                .unwrap()
                .into_frames()
                .collect_frames()
                .unwrap();
        assert_eq!(frames.len(), t.frames, "one GIF frame per chosen position");
        for f in &frames {
            assert_eq!(f.buffer().dimensions(), (t.width, t.height));
        }
        // Each frame is the spectator's picture of its position (colours reduced to a
        // GIF palette): the first the set-up board, the last the final one.
        let pick = spread(states.len(), t.frames);
        for (n, &i) in pick
            .iter()
            .enumerate()
            .step_by(7)
            .chain([(t.frames - 1, &pick[t.frames - 1])])
        {
            let want = scale_to(&filter::public_picture(&*states[i]), t.width, t.height);
            let d = diff(frames[n].buffer(), &want);
            assert!(d < 2.0, "frame {n} differs from position {i} by {d}");
            if n > 0 {
                let before = diff(frames[n - 1].buffer(), frames[n].buffer());
                assert!(before > 0.0, "frame {n} shows a change");
            }
        }
    }

    #[test]
    fn spread_keeps_first_and_last() {
        assert_eq!(spread(10, 3), vec![0, 5, 9]);
        assert_eq!(spread(5, 10), vec![0, 1, 2, 3, 4]);
        assert_eq!(spread(7, 1), vec![6]);
        assert_eq!(spread(0, 4), Vec::<usize>::new());
        let s = spread(200, 60);
        assert_eq!((s.len(), s[0], s[59]), (60, 0, 199));
        assert!(s.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn a_timelapse_over_its_target_is_made_again_smaller() {
        let kind = Registry::builtin().get("nepal").unwrap();
        let (seats, rows) = full_game("nepal", 3, 5);
        let states = positions(
            kind,
            Roster::of(&seats),
            &Options::new(),
            (5, kind.rules_version()),
            &rows,
        )
        .unwrap();
        let budgets = [
            Budget {
                max_side: 400,
                frames: 10,
            },
            Budget {
                max_side: 200,
                frames: 1,
            },
        ];
        let roomy = animate(&states, &budgets, MAX_BYTES).unwrap();
        assert_eq!((roomy.frames, roomy.width), (10, 400));
        // No attempt fits one byte: the last (smallest) one is taken.
        let tight = animate(&states, &budgets, 1).unwrap();
        assert_eq!((tight.frames, tight.width), (1, 200));
        assert!(tight.gif.len() < roomy.gif.len());
    }
}
