//! Criterion settings shared by every bench target: short by default, so
//! that `cargo bench -p mcrdun-benches` finishes in a few minutes on a
//! small machine, and criterion's long defaults (3 s warm-up, 5 s of
//! measurement, 100 samples unless a group asks for fewer, 100,000 bootstrap
//! resamples) with `MCRDUN_BENCH_LONG=1`, for precise comparisons.
//! Command-line flags (`--measurement-time` and so on) still win over both.
#![allow(dead_code)] // Not every target uses every helper.

use criterion::Criterion;
use std::time::Duration;

/// Whether `MCRDUN_BENCH_LONG` is set to anything but empty or `0`.
pub fn long() -> bool {
    std::env::var("MCRDUN_BENCH_LONG").is_ok_and(|v| !v.is_empty() && v != "0")
}

/// The configuration of every `criterion_group!`: short by default
/// (0.3 s warm-up, 1 s of measurement, 10 samples, 10,000 resamples; a
/// routine slower than that gets its 10 samples of one iteration each,
/// criterion's flat sampling), criterion's defaults when [`long`].
pub fn criterion() -> Criterion {
    if long() {
        Criterion::default()
    } else {
        Criterion::default()
            .warm_up_time(Duration::from_millis(300))
            .measurement_time(Duration::from_secs(1))
            .sample_size(10)
            .nresamples(10_000)
    }
}

/// A group's sample count: `n` when [`long`], otherwise criterion's
/// minimum of 10.
pub fn samples(n: usize) -> usize {
    if long() { n } else { n.min(10) }
}
