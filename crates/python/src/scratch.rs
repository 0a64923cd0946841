//! The working memory of distance maps, kept between calls
//! (`mcrdun.path.clear_cache`, `cache_limit`, `set_cache_limit`,
//! `cache_size`).
//!
//! A distance map of a large level needs tens of megabytes of working
//! memory (a [`DistanceScratch`]). Allocating it afresh on every call costs
//! the page faults of touching new memory, up to a third of the call on a
//! 2048 x 2048 map, so calls borrow a scratch from a small process-wide
//! cache and give it back when they are done: the next call, from any
//! thread, finds its buffers already mapped.
//!
//! The cache is a stack of idle scratches behind a mutex, held only to pop
//! or push one (never while a map is computed, never while waiting for the
//! GIL), so calls on several threads each work on their own scratch at
//! once. It keeps at most [`cache_limit`] bytes of idle memory in all
//! ([`DEFAULT_CACHE_LIMIT`] unless set): a scratch given back that would
//! pass the limit is freed instead, so a process keeps no more than that
//! however large its maps or however many its threads, and a limit of 0
//! frees every scratch after its call (what every call did before the
//! cache). `clear_cache` frees the idle scratches now.

use mcrdun_distance::DistanceScratch;
use pyo3::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard};

/// The default ceiling on the idle working memory kept: 64 MiB, enough for
/// the scratch of a 2048 x 2048 map with any steps and integer costs the
/// fast path takes.
pub(crate) const DEFAULT_CACHE_LIMIT: u64 = 64 << 20;

static LIMIT: AtomicU64 = AtomicU64::new(DEFAULT_CACHE_LIMIT);

/// The idle scratches and the bytes they keep.
struct Idle {
    scratches: Vec<(DistanceScratch, u64)>,
    bytes: u64,
}

static IDLE: Mutex<Idle> = Mutex::new(Idle {
    scratches: Vec::new(),
    bytes: 0,
});

fn idle() -> MutexGuard<'static, Idle> {
    // Nothing panics while the lock is held (a pop or a push), but a
    // poisoned cache is still a valid one.
    IDLE.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A scratch for one call: an idle one (the most recently given back), or
/// a new one. Its ceiling is lifted: the caller checks the process-wide
/// memory budget first.
pub(crate) fn take() -> DistanceScratch {
    let popped = {
        let mut idle = idle();
        let popped = idle.scratches.pop();
        if let Some((_, bytes)) = &popped {
            idle.bytes -= bytes;
        }
        popped
    };
    let mut scratch = popped.map_or_else(DistanceScratch::new, |(s, _)| s);
    scratch.set_max_cells(usize::MAX);
    scratch
}

/// Gives a scratch back after its call: kept when the idle memory stays
/// within the limit, freed (outside the lock) otherwise.
pub(crate) fn give(scratch: DistanceScratch) {
    let bytes = scratch.retained_bytes() as u64;
    let limit = LIMIT.load(Ordering::Relaxed);
    let refused = {
        let mut idle = idle();
        if limit > 0 && idle.bytes.saturating_add(bytes) <= limit {
            idle.bytes += bytes;
            idle.scratches.push((scratch, bytes));
            None
        } else {
            Some(scratch)
        }
    };
    drop(refused);
}

/// Frees the idle scratches; returns the bytes they kept.
fn clear() -> u64 {
    let freed = {
        let mut idle = idle();
        idle.bytes = 0;
        std::mem::take(&mut idle.scratches)
    };
    freed.iter().map(|(_, bytes)| bytes).sum()
}

/// Frees the working memory that distance maps keep between calls and
/// returns how many bytes it was. Calls running now keep theirs until they
/// end.
#[pyfunction]
fn clear_cache(py: Python<'_>) -> u64 {
    py.detach(clear)
}

/// The bytes of working memory that distance maps keep between calls now.
#[pyfunction]
fn cache_size() -> u64 {
    idle().bytes
}

/// The ceiling, in bytes, on the working memory that distance maps keep
/// between calls (all threads together).
#[pyfunction]
fn cache_limit() -> u64 {
    LIMIT.load(Ordering::Relaxed)
}

/// Sets the ceiling on the working memory kept between calls to `bytes`
/// (0: keep none, every call allocates its own) and returns the previous
/// one. What is kept above the new ceiling is freed now.
#[pyfunction]
fn set_cache_limit(py: Python<'_>, bytes: u64) -> u64 {
    let previous = LIMIT.swap(bytes, Ordering::Relaxed);
    py.detach(|| {
        let freed = {
            let mut idle = idle();
            let mut freed = Vec::new();
            // The oldest go first: the most recent is the likeliest reused.
            while idle.bytes > bytes || (bytes == 0 && !idle.scratches.is_empty()) {
                let (scratch, b) = idle.scratches.remove(0);
                idle.bytes -= b;
                freed.push(scratch);
            }
            freed
        };
        drop(freed);
    });
    previous
}

/// Adds the cache's functions to `m`.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(clear_cache, m)?)?;
    m.add_function(wrap_pyfunction!(cache_size, m)?)?;
    m.add_function(wrap_pyfunction!(cache_limit, m)?)?;
    m.add_function(wrap_pyfunction!(set_cache_limit, m)?)?;
    Ok(())
}
