//! The memory budget: how much working memory one call may ask for.
//!
//! On Linux an allocation can succeed and the process still be killed when
//! it touches the pages, so a fallible allocator alone does not protect a
//! host from a hostile size. Every mcrdun call whose memory grows with its
//! input therefore states its working memory (bytes per cell, per room, per
//! node, in its docs) and refuses, before any work, a call whose need is
//! above a process-wide ceiling: [`memory_limit`], by default
//! [`DEFAULT_MEMORY_LIMIT`] (1 GiB). A program that wants bigger maps
//! raises it with [`set_memory_limit`] (from C: `mcrdun_set_memory_limit`).
//!
//! The limit is one atomic value shared by all threads: reading it costs a
//! relaxed load; changing it affects calls that start afterwards. It bounds
//! each call's own scratch and results, not what the caller passes in.
//!
//! ```
//! use mcrdun_geom::memory::{check_budget, memory_limit, DEFAULT_MEMORY_LIMIT};
//! assert!(memory_limit() >= 1 << 20);
//! // 1000 x 1000 cells of 4 bytes: 4 MB, well inside the default.
//! assert!(check_budget("labels", 1_000_000, 4).is_ok());
//! // 100000 x 100000 cells of 4 bytes: 40 GB, refused before any work.
//! assert!(check_budget("labels", 10_000_000_000, 4).is_err());
//! # let _ = DEFAULT_MEMORY_LIMIT;
//! ```

use crate::GeomError;
use core::sync::atomic::{AtomicU64, Ordering};

/// The default ceiling on one call's working memory: 1 GiB.
pub const DEFAULT_MEMORY_LIMIT: u64 = 1 << 30;

static LIMIT: AtomicU64 = AtomicU64::new(DEFAULT_MEMORY_LIMIT);

/// The current ceiling on one call's working memory, in bytes.
pub fn memory_limit() -> u64 {
    LIMIT.load(Ordering::Relaxed)
}

/// Sets the ceiling on one call's working memory to `bytes` (for all
/// threads) and returns the previous one. `u64::MAX` turns the budget off
/// (allocations stay fallible); 0 refuses every call that needs memory.
pub fn set_memory_limit(bytes: u64) -> u64 {
    LIMIT.swap(bytes, Ordering::Relaxed)
}

/// Checks that `count` items of `bytes_each` bytes, needed by `what`, fit
/// in the budget (the product is computed without overflow).
///
/// # Errors
/// [`GeomError::OverBudget`] naming `what`, the need and the limit.
pub fn check_budget(what: &'static str, count: u64, bytes_each: u64) -> Result<(), GeomError> {
    let limit = memory_limit();
    let needed = count.saturating_mul(bytes_each);
    if needed > limit {
        return Err(GeomError::OverBudget {
            what,
            needed,
            limit,
        });
    }
    Ok(())
}

/// Checks a total already summed by the caller (see [`check_budget`]).
///
/// # Errors
/// [`GeomError::OverBudget`].
pub fn check_bytes(what: &'static str, needed: u64) -> Result<(), GeomError> {
    check_budget(what, needed, 1)
}

/// A vector of `n` copies of `fill`, after checking `n * size_of::<T>()`
/// against the budget and reserving fallibly.
///
/// # Errors
/// [`GeomError::OverBudget`] above the budget, [`GeomError::OutOfMemory`]
/// when the allocator refuses.
pub fn try_vec<T: Clone>(what: &'static str, n: usize, fill: T) -> Result<Vec<T>, GeomError> {
    let mut v = try_with_capacity(what, n)?;
    v.resize(n, fill);
    Ok(v)
}

/// An empty vector with room for `n` items, checked as [`try_vec`].
///
/// # Errors
/// As [`try_vec`].
pub fn try_with_capacity<T>(what: &'static str, n: usize) -> Result<Vec<T>, GeomError> {
    let each = core::mem::size_of::<T>() as u64;
    check_budget(what, n as u64, each)?;
    let mut v = Vec::new();
    v.try_reserve_exact(n).map_err(|_| GeomError::OutOfMemory {
        what,
        needed: (n as u64).saturating_mul(each),
    })?;
    Ok(v)
}

/// Reserves room for `more` items in `v`, checking the vector's whole new
/// capacity against the budget first.
///
/// # Errors
/// As [`try_vec`]; `v` is unchanged then.
pub fn try_reserve<T>(what: &'static str, v: &mut Vec<T>, more: usize) -> Result<(), GeomError> {
    let each = core::mem::size_of::<T>() as u64;
    let total = (v.len() as u64).saturating_add(more as u64);
    check_budget(what, total, each)?;
    v.try_reserve(more).map_err(|_| GeomError::OutOfMemory {
        what,
        needed: total.saturating_mul(each),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budget_refuses_before_allocating() {
        // Far above any limit the tests set, so this holds even while
        // another test has raised the limit.
        let e = try_vec("scratch", usize::MAX / 16, 0u64).unwrap_err();
        assert!(
            matches!(
                e,
                GeomError::OverBudget {
                    what: "scratch",
                    ..
                }
            ),
            "{e}"
        );
        assert!(e.to_string().contains("scratch"), "{e}");
        assert_eq!(try_vec("small", 3, 7u8).unwrap(), vec![7, 7, 7]);
        let mut v = vec![1u8];
        assert!(try_reserve("v", &mut v, usize::MAX / 2).is_err());
        assert_eq!(v, [1]);
        assert!(try_reserve("v", &mut v, 10).is_ok() && v.capacity() >= 11);
        assert!(check_budget("x", u64::MAX, u64::MAX).is_err());
    }
}
