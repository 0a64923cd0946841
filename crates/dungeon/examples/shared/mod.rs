//! What the timing examples share (`time_levels`, `solve_locks`): their
//! arguments, the "most locks that fit" rule and the median.
#![allow(dead_code)] // Each example uses its part.

use mcrdun_dungeon::{Level, LevelConfig, LevelError, LevelKind, generate};
use std::time::Instant;

/// `KIND` and `WxH`, the first two arguments (`KIND` may carry options,
/// see [`options_of`]).
pub fn kind_and_size(a: &[String]) -> (LevelKind, u32, u32) {
    let name = a[0].split(',').next().unwrap_or("");
    let kind = LevelKind::ALL
        .into_iter()
        .find(|k| k.name() == name)
        .expect("KIND: bsp, scatter, maze, cave, passages or drunkard");
    let (w, h) = a[1]
        .split_once('x')
        .map(|(w, h)| (w.parse().unwrap(), h.parse().unwrap()))
        .expect("WxH");
    (kind, w, h)
}

/// Sets on `c` the options that the first argument carries after its
/// kind, `KIND,NAME=VALUE,...` (the schema's names and values as text:
/// `drunkard,drunkard_style=fat`).
pub fn options_of(a: &[String], c: &mut LevelConfig) {
    for setting in a[0].split(',').skip(1) {
        let (name, value) = setting.split_once('=').expect("NAME=VALUE");
        c.set_text(name, value).unwrap();
    }
}

/// `c` with `k` locks, or the most that fit where fewer do (found by one
/// generation of `seed`, which the callers leave out of their timings).
pub fn with_locks(c: &LevelConfig, k: u32, seed: u64) -> LevelConfig {
    let mut with = *c;
    with.set("locks", f64::from(k)).unwrap();
    if let Err(LevelError::Locks { fit, .. }) = generate(&with, seed) {
        with.set("locks", f64::from(fit)).unwrap();
    }
    with
}

/// The level of `seed` with `k` locks, or with the most that fit where
/// fewer do (then generated a second time), and whether fewer did: for a
/// counter, which sees every generation (where `k` fit, one only).
pub fn most_locks(c: &LevelConfig, k: u32, seed: u64) -> (Level, bool) {
    let mut with = *c;
    with.set("locks", f64::from(k)).unwrap();
    match generate(&with, seed) {
        Err(LevelError::Locks { fit, .. }) => {
            with.set("locks", f64::from(fit)).unwrap();
            (generate(&with, seed).unwrap(), true)
        }
        level => (level.unwrap(), false),
    }
}

/// The median of `v` (the upper one of an even count), sorting it.
pub fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// This thread's CPU time in nanoseconds (`CLOCK_THREAD_CPUTIME_ID`),
/// where the system tells it.
fn cpu_ns() -> Option<u64> {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid, writable timespec.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0;
    ok.then(|| t.tv_sec as u64 * 1_000_000_000 + t.tv_nsec as u64)
}

/// Runs `f` and returns its result and its time in milliseconds: this
/// thread's CPU time (so that a loaded machine's waits do not count), the
/// wall clock where that cannot be read.
pub fn timed<T>(f: impl FnOnce() -> T) -> (T, f64) {
    let (t, cpu) = (Instant::now(), cpu_ns());
    let out = f();
    let ms = match (cpu, cpu_ns()) {
        (Some(a), Some(b)) => (b - a) as f64 / 1e6,
        _ => t.elapsed().as_secs_f64() * 1000.0,
    };
    (out, ms)
}
