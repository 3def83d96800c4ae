//! Rows written straight in SQL for benchmarks and tests that need many of them at once
//! (far faster than creating each game through the log). Nothing of the bot calls these.

use super::{Result, Store};

/// Store `games` running Nepal games of 3 seats, waiting for one player, or all three in
/// every tenth game, the waits begun at spread times over the three days before `now`
/// (the reminder tick's benchmark, `sherpa bench`). Returns how many waits were stored.
#[doc(hidden)]
pub fn waiting_games(store: &mut Store, games: usize, now: i64) -> Result<usize> {
    let n = games as i64;
    store.debug_exec(&format!(
        "INSERT INTO games (id, platform, guild, channel, kind, options, seed, status, creator, created_at, updated_at)
         WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {n})
         SELECT i, 'discord', 'g' || (i % 97), 'c' || i, 'nepal', '{{}}', i, 'running', 'u' || (i % 5000), {now}, {now} FROM n;
         INSERT INTO seats (game_id, seat, user_id, name)
         WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {n}),
              s(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM s WHERE k < 2)
         SELECT i, k, 'u' || ((i * 3 + k) % 5000), 'p' || k FROM n, s;
         INSERT INTO reminder_waits (game_id, user_id, since)
         WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {n}),
              s(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM s WHERE k < 2)
         SELECT i, 'u' || ((i * 3 + k) % 5000), {now} - (i * 7919) % 259200 FROM n, s
         WHERE k = i % 3 OR i % 10 = 0;"
    ))?;
    Ok(store.debug_query_i64("SELECT COUNT(*) FROM reminder_waits")? as usize)
}
