//! What a test or a measurement may hook into the chat core, passed in with
//! [`Chat::set_hooks`](super::core::Chat::set_hooks): the moments around a commit, and the
//! time the chat's one lock is waited for and held. By default nothing is hooked and no
//! clock is read.
//!
//! Two hooks come with it: [`OnceHooks`] (tests run a closure once before or right after
//! the next commit) and [`LockTimer`] (`sherpa bench` counts the lock's holds and times).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// Hooks into the chat core; every method does nothing by default.
pub trait ChatHooks: Send + Sync {
    /// Between checking a step and committing it (tests slip another request in here).
    fn before_commit(&self) {}
    /// Right after a step's commit, before anything else (crash tests panic here, like a
    /// process killed there).
    fn after_commit(&self) {}
    /// Whether the lock is timed: when false, the chat reads no clock for it.
    fn times_lock(&self) -> bool {
        false
    }
    /// The chat's lock was taken after waiting `waited` for it.
    fn lock_taken(&self, _waited: Duration) {}
    /// The chat's lock was released after being held for `held`.
    fn lock_released(&self, _held: Duration) {}
}

/// No hooks: the default.
pub struct NoHooks;

impl ChatHooks for NoHooks {}

/// A closure to run once.
type Once = Mutex<Option<Box<dyn FnOnce() + Send>>>;

/// Closures run once, before or right after the next commit.
#[derive(Default)]
pub struct OnceHooks {
    before: Once,
    after: Once,
}

impl OnceHooks {
    /// Run `f` once, after the next step is checked and before it is committed.
    pub fn before_commit(f: Box<dyn FnOnce() + Send>) -> OnceHooks {
        OnceHooks {
            before: Mutex::new(Some(f)),
            ..OnceHooks::default()
        }
    }

    /// Run `f` once, right after the next step is committed.
    pub fn after_commit(f: Box<dyn FnOnce() + Send>) -> OnceHooks {
        OnceHooks {
            after: Mutex::new(Some(f)),
            ..OnceHooks::default()
        }
    }
}

fn run_once(once: &Once) {
    let f = once.lock().unwrap_or_else(|p| p.into_inner()).take();
    if let Some(f) = f {
        f();
    }
}

impl ChatHooks for OnceHooks {
    fn before_commit(&self) {
        run_once(&self.before);
    }
    fn after_commit(&self) {
        run_once(&self.after);
    }
}

/// Counts how often the chat's lock was taken and how long requests held and waited for
/// it, while turned on ([`LockTimer::time`]). Only measurements use it; no reply does.
#[derive(Default)]
pub struct LockTimer {
    on: AtomicBool,
    taken: AtomicU64,
    held_ns: AtomicU64,
    waited_ns: AtomicU64,
}

/// What a [`LockTimer`] has counted since it was turned on.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct LockTimes {
    pub taken: u64,
    pub held: Duration,
    pub waited: Duration,
}

impl LockTimer {
    /// Turn the timing on (or off); either way the counts restart from zero.
    pub fn time(&self, on: bool) {
        self.on.store(false, Ordering::Relaxed);
        for c in [&self.taken, &self.held_ns, &self.waited_ns] {
            c.store(0, Ordering::Relaxed);
        }
        self.on.store(on, Ordering::Relaxed);
    }

    /// What has been counted since the timing was turned on.
    pub fn times(&self) -> LockTimes {
        let d = |c: &AtomicU64| Duration::from_nanos(c.load(Ordering::Relaxed));
        LockTimes {
            taken: self.taken.load(Ordering::Relaxed),
            held: d(&self.held_ns),
            waited: d(&self.waited_ns),
        }
    }

    fn add(counter: &AtomicU64, d: Duration) {
        counter.fetch_add(
            u64::try_from(d.as_nanos()).unwrap_or(u64::MAX),
            Ordering::Relaxed,
        );
    }
}

impl ChatHooks for LockTimer {
    fn times_lock(&self) -> bool {
        self.on.load(Ordering::Relaxed)
    }
    fn lock_taken(&self, waited: Duration) {
        Self::add(&self.waited_ns, waited);
        self.taken.fetch_add(1, Ordering::Relaxed);
    }
    fn lock_released(&self, held: Duration) {
        Self::add(&self.held_ns, held);
    }
}
