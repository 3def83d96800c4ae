//! The deciding thread's CPU clock, shared by the benches and `sherpa arena`: unlike the
//! wall clock, other processes on the machine do not stretch it.

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
