//! The text tables `sherpa bench` prints.

use super::*;

/// Human-readable table: each figure with its ratio to its floor.
pub fn table(results: &[GameBench]) -> String {
    let ms = |us: f64| us / 1000.0;
    let mut s = String::new();
    for r in results {
        s.push_str(&format!("{} ({} players)\n", r.game, r.players));
        for (name, f) in [
            ("round trip + board", &r.round_trip_with_render),
            ("round trip, no board", &r.round_trip_without_render),
            ("render + encode", &r.render_and_encode),
        ] {
            s.push_str(&figure_line(name, f));
        }
        s.push_str(&component_lines(&r.components));
        s.push_str(&ending_line("game-ending move", &r.game_ending_move));
        s.push_str(&end_files_line("end files", &r.end_files));
        if let Some(pg) = &r.postgres {
            for (name, f) in [
                ("PostgreSQL + board", &pg.round_trip_with_render),
                ("PostgreSQL, no board", &pg.round_trip_without_render),
            ] {
                s.push_str(&figure_line(name, f));
            }
            s.push_str(&ending_line("PostgreSQL game end", &pg.game_ending_move));
            s.push_str(&end_files_line("PostgreSQL end files", &pg.end_files));
        }
        s.push_str(&format!(
            "  legal steps median {:.1} µs · playouts {:.0} steps/s ({:.0} through notation) · moves/s 1 thread {:.0}, 2 threads {:.0} (x{:.2}; floor: 2 threads sharing nothing {:.0}, x{:.2}) · PNG {} KB · snapshot {} B\n",
            r.legal_steps.median_us,
            r.playout_steps_per_second,
            r.playout_text_steps_per_second,
            r.throughput.one_thread_moves_per_s,
            r.throughput.two_threads_moves_per_s,
            r.throughput.ratio,
            r.throughput.two_apart_moves_per_s,
            r.throughput.machine_ratio,
            r.png_bytes / 1024,
            r.snapshot_bytes
        ));
        s.push_str(&format!(
            "  chat lock per move: held {:.0} µs with 1 thread; with 2, held {:.0} µs and waited for {:.0} µs\n",
            r.throughput.lock_held_us_one_thread,
            r.throughput.lock_held_us_two_threads,
            r.throughput.lock_waited_us_two_threads,
        ));
        s.push_str(&beside_ai_line(&r.beside_ai));
        s.push_str(&format!(
            "  {} log rows: undo median {:.2} ms p99 {:.2} ms · reload (game status) median {:.2} ms p99 {:.2} ms\n",
            r.long_game.log_rows,
            ms(r.long_game.undo.median_us),
            ms(r.long_game.undo.p99_us),
            ms(r.long_game.reload.median_us),
            ms(r.long_game.reload.p99_us),
        ));
    }
    s
}

/// One figure of the table with its floor and their ratio (times in ms).
pub(super) fn figure_line(name: &str, f: &Figure) -> String {
    let ms = |us: f64| us / 1000.0;
    format!(
        "  {name:<22} median {:>7.3} ms  p99 {:>7.3} ms  ({} samples)  floor p99 {:>7.3} ms  ratio p99 {:>5.2}\n",
        ms(f.median_us),
        ms(f.p99_us),
        f.samples,
        ms(f.floor_p99_us),
        f.ratio_p99
    )
}

/// The table's line for game-ending moves: median and slowest, or that none ended.
pub(super) fn ending_line(name: &str, st: &Stat) -> String {
    sample_line(name, st, "the answer: final board")
}

/// The table's line for the end files that follow those moves.
pub(super) fn end_files_line(name: &str, st: &Stat) -> String {
    sample_line(name, st, "timelapse and replay file, after the answer")
}

/// A line of a figure with few samples: median and slowest, what it is, or that no game
/// ended.
pub(super) fn sample_line(name: &str, st: &Stat, what: &str) -> String {
    if st.samples == 0 {
        return format!("  {name:<22} (no game ended during the samples)\n");
    }
    format!(
        "  {name:<22} median {:>7.1} ms  p99 {:>7.1} ms  ({} sample{}: {what})\n",
        st.median_us / 1000.0,
        st.p99_us / 1000.0,
        st.samples,
        if st.samples == 1 { "" } else { "s" }
    )
}
