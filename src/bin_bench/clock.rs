//! Measuring, shared by the benches and `sherpa arena`: the deciding thread's CPU clock
//! (unlike the wall clock, other processes on the machine do not stretch it) and the
//! nearest-rank quantile every figure is read with.

use std::time::Duration;

/// The CPU time this thread has used so far (zero where the clock cannot be read).
pub(crate) fn thread_cpu() -> Duration {
    // SAFETY: clock_gettime only writes the struct it is given.
    let mut t: libc::timespec = unsafe { std::mem::zeroed() };
    if unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } != 0 {
        return Duration::ZERO;
    }
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

/// The `q` quantile (0 = the least, 1 = the most) of `sorted`, by nearest rank; the
/// default (zero) when there is none.
pub(crate) fn quantile<T: Copy + Default>(sorted: &[T], q: f64) -> T {
    sorted
        .get(((sorted.len() as f64 - 1.0) * q).round() as usize)
        .copied()
        .unwrap_or_default()
}
