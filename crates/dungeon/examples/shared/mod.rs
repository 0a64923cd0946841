//! What the timing examples share (`time_levels`, `solve_locks`): their
//! arguments, the "most locks that fit" rule and the median.
#![allow(dead_code)] // Each example uses its part.

use mcrdun_dungeon::{LevelConfig, LevelError, LevelKind, generate};

/// `KIND` and `WxH`, the first two arguments.
pub fn kind_and_size(a: &[String]) -> (LevelKind, u32, u32) {
    let kind = LevelKind::ALL
        .into_iter()
        .find(|k| k.name() == a[0])
        .expect("KIND: bsp, scatter, maze, cave or passages");
    let (w, h) = a[1]
        .split_once('x')
        .map(|(w, h)| (w.parse().unwrap(), h.parse().unwrap()))
        .expect("WxH");
    (kind, w, h)
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

/// The median of `v` (the upper one of an even count), sorting it.
pub fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}
