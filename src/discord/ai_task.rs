//! The Sherpa players' turns in Discord: AI seats, and the caretaker of an absent
//! player's turn.
//!
//! Invariants:
//! - Searches run on a bounded pool: at most `[ai] threads` think at once, each on a
//!   blocking thread holding a permit, never on the gateway's (async) threads and never
//!   under the chat's lock ([`crate::chat::ai::AiJob::think`] works on its own copy).
//! - One place's AI turns never run twice at once: a place has at most one loop; a
//!   request answered while it runs asks it to look again instead of starting another.
//! - A thought turn is committed through the chat core like a human's (version-checked: a
//!   stale one commits nothing and the loop asks again), delivered as one message, and
//!   followed by the game's end files when it ended the game.
//! - An AI never acts on a game whose channel is gone: a place found by the start-up sweep
//!   or the reminder tick is acted on only once Discord confirmed its channel exists, and
//!   a delivery refused with "unknown channel" stops that place for the rest of the run.
//! - A loop stops at the first delivery that fails (its replies wait in the outbox), at
//!   shutdown, and after [`MAX_TURNS_AT_ONCE`] turns (the next request or tick goes on).

use super::send::{self, Delivery};
use crate::chat::ai::AiJob;
use crate::chat::{Chat, Place};
use crate::config::{AiConfig, ShardRange};
use poise::serenity_prelude as serenity;
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::Semaphore;

/// The most AI turns one loop plays in a place before it leaves the rest to the next
/// request or tick (a game of AI seats only is played in several goes).
pub const MAX_TURNS_AT_ONCE: usize = 200;

/// The AI pool of one bot process.
pub struct AiPool {
    permits: Arc<Semaphore>,
    /// `[ai] budget_ms`: each decision's time instead of the level's own.
    millis: Option<u64>,
    /// This process's shards (a fleet): it plays only its own guilds' games.
    shards: Option<ShardRange>,
    stop: Arc<AtomicBool>,
    /// Places whose loop runs now; `true` when a request asked it to look again.
    running: Mutex<HashMap<Place, bool>>,
    /// Channels Discord confirmed exist, and channels it said are gone.
    seen: Mutex<HashSet<String>>,
    gone: Mutex<HashSet<String>>,
}

/// Why a place's channel may not be acted in.
enum Channel {
    Exists,
    Gone,
    /// Discord did not say (unreachable): try again at the next sweep.
    Unknown,
}

impl AiPool {
    pub fn new(config: &AiConfig, shards: Option<ShardRange>, stop: Arc<AtomicBool>) -> Self {
        AiPool {
            permits: Arc::new(Semaphore::new(config.threads.max(1))),
            millis: config.budget_ms,
            shards,
            stop,
            running: Mutex::new(HashMap::new()),
            seen: Mutex::new(HashSet::new()),
            gone: Mutex::new(HashSet::new()),
        }
    }

    /// Play the AI turns due at `place` after a request answered there (its channel
    /// exists): in a task of its own; returns at once.
    pub fn after_request(
        self: &Arc<Self>,
        http: Arc<serenity::Http>,
        chat: Arc<Chat>,
        place: Place,
    ) {
        self.seen
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(place.channel.clone());
        let pool = self.clone();
        tokio::spawn(async move { pool.play(&http, &chat, place).await });
    }

    /// At start-up and after the reminder tick (a deadline may have handed a seat to the
    /// caretaker): play the AI turns due in every place of this process, each place in a
    /// task of its own, once its channel is known to exist.
    pub async fn sweep(self: &Arc<Self>, http: &Arc<serenity::Http>, chat: &Arc<Chat>) {
        let c = chat.clone();
        let jobs = match tokio::task::spawn_blocking(move || c.ai_jobs()).await {
            Ok(jobs) => jobs,
            Err(e) => return tracing::warn!("looking for AI turns failed: {e}"),
        };
        let mut places: Vec<Place> = Vec::new();
        for job in jobs {
            let p = job.place();
            if p.platform == "discord"
                && send::owns_guild(self.shards, p.guild.as_deref())
                && !places.contains(p)
            {
                places.push(p.clone());
            }
        }
        for place in places {
            match self.channel(http, &place.channel).await {
                Channel::Exists => {}
                Channel::Gone | Channel::Unknown => continue,
            }
            let (pool, http, chat) = (self.clone(), http.clone(), chat.clone());
            tokio::spawn(async move { pool.play(&http, &chat, place).await });
        }
    }

    /// Whether Discord knows `channel` (asked once per run; a gone one is remembered).
    async fn channel(&self, http: &serenity::Http, channel: &str) -> Channel {
        if self
            .gone
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .contains(channel)
        {
            return Channel::Gone;
        }
        if self
            .seen
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .contains(channel)
        {
            return Channel::Exists;
        }
        let Ok(id) = channel.parse::<u64>() else {
            return Channel::Gone;
        };
        match http.get_channel(serenity::ChannelId::new(id)).await {
            Ok(_) => {
                self.seen
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .insert(channel.to_string());
                Channel::Exists
            }
            Err(e) if send::is_unknown_channel(&e) => {
                self.channel_gone(channel);
                Channel::Gone
            }
            Err(e) => {
                tracing::warn!(channel, "could not look the channel up: {e}");
                Channel::Unknown
            }
        }
    }

    fn channel_gone(&self, channel: &str) {
        tracing::info!(channel, "the channel is gone: its game's AI seats stop");
        self.gone
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(channel.to_string());
    }

    /// Take the place's loop, or ask the running one to look again (false).
    fn claim(&self, place: &Place) -> bool {
        let mut running = self.running.lock().unwrap_or_else(|p| p.into_inner());
        match running.get_mut(place) {
            Some(again) => {
                *again = true;
                false
            }
            None => {
                running.insert(place.clone(), false);
                true
            }
        }
    }

    /// With no turn due: give the place's loop up, unless a request asked it to look
    /// again meanwhile (false: look again).
    fn release(&self, place: &Place) -> bool {
        let mut running = self.running.lock().unwrap_or_else(|p| p.into_inner());
        if running.get(place) == Some(&true) {
            running.insert(place.clone(), false);
            return false;
        }
        running.remove(place);
        true
    }

    /// The loop of one place: while an AI turn is due there, think it on the pool,
    /// commit it and deliver its message.
    async fn play(self: &Arc<Self>, http: &Arc<serenity::Http>, chat: &Arc<Chat>, place: Place) {
        if !self.claim(&place) {
            return;
        }
        let mut held = Held {
            pool: self.clone(),
            place: place.clone(),
            released: false,
        };
        // Every turn thought counts, a stale one too.
        for _ in 0..MAX_TURNS_AT_ONCE {
            if self.stop.load(Ordering::SeqCst) {
                return;
            }
            if self
                .gone
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .contains(&place.channel)
            {
                return;
            }
            let (c, p) = (chat.clone(), place.clone());
            let job = match tokio::task::spawn_blocking(move || c.ai_job(&p)).await {
                Ok(job) => job,
                Err(e) => return tracing::warn!(channel = %place.channel, "AI turn: {e}"),
            };
            let Some(job) = job else {
                if held.release() {
                    return;
                }
                continue;
            };
            let Some(replies) = self.think_and_commit(chat, job).await else {
                return;
            };
            if replies.is_empty() {
                continue; // stale: the game moved meanwhile; ask again
            }
            match send::deliver_to_channel(http, chat, &place.channel, &replies).await {
                Delivery::Sent => {}
                Delivery::ChannelGone => return self.channel_gone(&place.channel),
                Delivery::Failed => return,
            }
            // The turn may have ended the game: its end files follow its message (the next
            // Sherpa turn is this loop's next round).
            super::end_files_after(http, chat, &place, replies).await;
        }
        tracing::info!(channel = %place.channel, "{MAX_TURNS_AT_ONCE} AI turns in one go; the rest later");
    }

    /// Think the job's turn on the pool (off the chat's lock and the async threads), then
    /// commit it: its replies (none: the job was stale), or `None` when it failed.
    async fn think_and_commit(
        &self,
        chat: &Arc<Chat>,
        job: AiJob,
    ) -> Option<Vec<crate::chat::Reply>> {
        let channel = job.place().channel.clone();
        let permit = self.permits.clone().acquire_owned().await.ok()?;
        let millis = self.millis;
        let thought = tokio::task::spawn_blocking(move || {
            let turn = job.think(millis);
            drop(permit);
            (job, turn)
        })
        .await;
        let (job, turn) = match thought {
            Ok(t) => t,
            Err(e) => {
                tracing::warn!(channel, "an AI search failed: {e}");
                return None;
            }
        };
        let c = chat.clone();
        match tokio::task::spawn_blocking(move || c.commit_ai(&job, turn)).await {
            Ok(Ok(replies)) => Some(replies),
            Ok(Err(e)) => {
                tracing::warn!(channel, "committing an AI turn failed: {e}");
                None
            }
            Err(e) => {
                tracing::warn!(channel, "committing an AI turn failed: {e}");
                None
            }
        }
    }
}

/// A place's loop, held until it ends however it ends (a panic included).
struct Held {
    pool: Arc<AiPool>,
    place: Place,
    /// Given up by [`Held::release`] (a new loop may hold the place already).
    released: bool,
}

impl Held {
    /// See [`AiPool::release`].
    fn release(&mut self) -> bool {
        self.released = self.pool.release(&self.place);
        self.released
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        if !self.released {
            self.pool
                .running
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .remove(&self.place);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chat::{Env, Request, User};
    use crate::games::Registry;
    use crate::store::Store;
    use std::time::Duration;

    fn place(ch: &str) -> Place {
        Place {
            platform: "discord".into(),
            guild: None,
            channel: ch.into(),
        }
    }

    /// One loop per place: a second claim asks the running loop to look again, which
    /// then keeps the place once more before giving it up; other places are apart.
    #[test]
    fn a_place_has_one_loop_and_a_request_meanwhile_makes_it_look_again() {
        let pool = AiPool::new(&AiConfig::default(), None, Arc::new(AtomicBool::new(false)));
        let (a, b) = (place("1"), place("2"));
        assert!(pool.claim(&a));
        assert!(!pool.claim(&a), "no second loop in one place");
        assert!(pool.claim(&b), "another place runs beside it");
        assert!(!pool.release(&a), "asked again meanwhile: look once more");
        assert!(pool.release(&a));
        assert!(pool.claim(&a), "given up: the next request starts a loop");
        let pool = Arc::new(pool);
        let mut held = Held {
            pool: pool.clone(),
            place: b.clone(),
            released: false,
        };
        assert!(held.release());
        assert!(pool.claim(&b), "a new loop takes the place");
        drop(held);
        assert!(
            !pool.claim(&b),
            "the old loop's end leaves the new one's hold"
        );
        assert!(!pool.release(&b));
        assert!(pool.release(&b));
        drop(Held {
            pool: pool.clone(),
            place: a.clone(),
            released: false,
        });
        assert!(
            pool.claim(&a),
            "a loop that ended any other way gives the place up"
        );
    }

    /// A chat holding a running Nanga Parbat game of two Sherpa players at `place("1")`
    /// (opened by a channel admin, who makes room for them and starts it).
    fn chat_with_sherpas_to_play() -> Arc<Chat> {
        let chat = Chat::new(
            Store::open_in_memory().unwrap(),
            Registry::builtin(),
            Env::fixed(1_000, 7),
        );
        let admin = User {
            id: "admin".into(),
            name: "admin".into(),
            is_channel_admin: true,
        };
        for text in [
            "game new nanga-parbat",
            "game join ai",
            "game kick admin",
            "game join ai easy",
            "game start",
        ] {
            let r = chat.handle(&Request::new(place("1"), admin.clone(), text));
            assert!(!r.iter().any(|r| r.is_error), "{text}: {r:?}");
        }
        Arc::new(chat)
    }

    /// `[ai] threads` bounds the searches: with one thread and its permit taken, Sherpa's
    /// turn is neither thought nor committed until the permit is given back; with two
    /// threads, one permit taken leaves the other to think on.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_search_waits_for_a_free_thread_of_the_pool() {
        for threads in [1, 2] {
            let chat = chat_with_sherpas_to_play();
            let config = AiConfig {
                threads,
                budget_ms: Some(1),
            };
            let pool = Arc::new(AiPool::new(&config, None, Arc::new(AtomicBool::new(false))));
            let taken = pool.permits.clone().acquire_owned().await.unwrap();
            let job = chat.ai_job(&place("1")).expect("Sherpa's turn is due");
            let version = || chat.status_json(&place("1"))["version"].as_i64();
            let before = version();
            let (p, c) = (pool.clone(), chat.clone());
            let mut search = tokio::spawn(async move { p.think_and_commit(&c, job).await });
            if threads == 1 {
                let early = tokio::time::timeout(Duration::from_millis(500), &mut search).await;
                assert!(early.is_err(), "no thread free: the search waits");
                assert_eq!(version(), before, "nothing committed");
                drop(taken);
            }
            let replies = tokio::time::timeout(Duration::from_secs(30), search)
                .await
                .expect("the search ends once a thread is free")
                .unwrap()
                .expect("a turn thought and committed");
            assert!(!replies.is_empty(), "the current job commits its turn");
            assert!(version() > before);
        }
    }
}
