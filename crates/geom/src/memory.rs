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
//! Structures whose size depends on the output (neighbour pairs, tree
//! nodes, adjacency lists) are counted as they grow ([`grow`]) and refused
//! the moment they would pass the ceiling.
//!
//! The limit is one atomic value shared by all threads. A call keeps the
//! ceiling it started with: its public entry takes a [`Budget`]
//! ([`Budget::start`]), which reads the limit once and makes it this
//! thread's ceiling until the budget is dropped; every check below
//! ([`check_budget`], [`try_vec`], [`grow`], ...) reads that ceiling, so a
//! call nested in another (a labelling inside a level) keeps the outer
//! call's ceiling, and another thread changing the limit meanwhile changes
//! nothing for it. A budget can only lower the ceiling
//! ([`Budget::start_with`]), never raise it. The limit bounds each call's
//! own scratch and results, not what the caller passes in.
//!
//! ```
//! use mcrdun_geom::memory::{check_budget, memory_limit, Budget, DEFAULT_MEMORY_LIMIT};
//! assert!(memory_limit() >= 1 << 20);
//! // 1000 x 1000 cells of 4 bytes: 4 MB, well inside the default.
//! assert!(check_budget("labels", 1_000_000, 4).is_ok());
//! // 100000 x 100000 cells of 4 bytes: 40 GB, refused before any work.
//! assert!(check_budget("labels", 10_000_000_000, 4).is_err());
//! // A call that may use at most 1 MB, whatever the process limit.
//! let budget = Budget::start_with(1 << 20);
//! assert!(budget.check("labels", 1_000_000, 4).is_err());
//! assert!(check_budget("labels", 1_000_000, 4).is_err()); // the same ceiling
//! drop(budget);
//! assert!(check_budget("labels", 1_000_000, 4).is_ok());
//! # let _ = DEFAULT_MEMORY_LIMIT;
//! ```

use crate::GeomError;
use core::cell::Cell;
use core::marker::PhantomData;
use core::sync::atomic::{AtomicU64, Ordering};

/// The default ceiling on one call's working memory: 1 GiB.
pub const DEFAULT_MEMORY_LIMIT: u64 = 1 << 30;

static LIMIT: AtomicU64 = AtomicU64::new(DEFAULT_MEMORY_LIMIT);

thread_local! {
    /// The ceiling of the call running on this thread, while a [`Budget`]
    /// is alive.
    static CALL_LIMIT: Cell<Option<u64>> = const { Cell::new(None) };
}

/// The process-wide ceiling on one call's working memory, in bytes: the
/// one calls starting now take.
pub fn memory_limit() -> u64 {
    LIMIT.load(Ordering::Relaxed)
}

/// Sets the ceiling on one call's working memory to `bytes` (for all
/// threads) and returns the previous one. Calls already running keep the
/// ceiling they started with. `u64::MAX` turns the budget off: a call then
/// asks for what its input needs, and an allocation the system refuses
/// ends the process (the large buffers are reserved fallibly, not every
/// allocation is), so keep the ceiling within the memory the process can
/// map. 0 refuses every call that needs memory.
pub fn set_memory_limit(bytes: u64) -> u64 {
    LIMIT.swap(bytes, Ordering::Relaxed)
}

/// The ceiling that applies here: the running call's (its [`Budget`]'s)
/// when there is one on this thread, else the process-wide
/// [`memory_limit`].
pub fn call_limit() -> u64 {
    CALL_LIMIT.with(Cell::get).unwrap_or_else(memory_limit)
}

/// One call's memory budget: the ceiling the call started with.
///
/// Taken at a public function's entry, it fixes the ceiling for the whole
/// call: the process limit read once (or the ceiling of an enclosing call
/// on this thread), lowered by [`Budget::start_with`] when the caller asks
/// for less. While it lives, every check of this module on this thread
/// uses that ceiling; dropping it restores the enclosing one. It is neither
/// `Send` nor `Sync`: a budget belongs to the thread that took it.
#[derive(Debug)]
pub struct Budget {
    limit: u64,
    outer: Option<u64>,
    _thread: PhantomData<*const ()>,
}

impl Budget {
    /// The budget of a call starting now: the enclosing call's ceiling on
    /// this thread, else the process-wide [`memory_limit`].
    pub fn start() -> Budget {
        Budget::start_with(u64::MAX)
    }

    /// As [`Budget::start`], lowered to `cap` bytes when `cap` is smaller
    /// (a per-call limit can lower the ceiling, never raise it).
    pub fn start_with(cap: u64) -> Budget {
        let outer = CALL_LIMIT.with(Cell::get);
        let limit = outer.unwrap_or_else(memory_limit).min(cap);
        CALL_LIMIT.with(|c| c.set(Some(limit)));
        Budget {
            limit,
            outer,
            _thread: PhantomData,
        }
    }

    /// This call's ceiling in bytes.
    pub fn limit(&self) -> u64 {
        self.limit
    }

    /// [`check_budget`] against this call's ceiling.
    ///
    /// # Errors
    /// [`GeomError::OverBudget`].
    pub fn check(&self, what: &'static str, count: u64, bytes_each: u64) -> Result<(), GeomError> {
        check_against(self.limit, what, count.saturating_mul(bytes_each))
    }

    /// [`check_bytes`] against this call's ceiling.
    ///
    /// # Errors
    /// [`GeomError::OverBudget`].
    pub fn check_bytes(&self, what: &'static str, needed: u64) -> Result<(), GeomError> {
        check_against(self.limit, what, needed)
    }
}

impl Drop for Budget {
    fn drop(&mut self) {
        CALL_LIMIT.with(|c| c.set(self.outer));
    }
}

fn check_against(limit: u64, what: &'static str, needed: u64) -> Result<(), GeomError> {
    if needed > limit {
        return Err(GeomError::OverBudget {
            what,
            needed,
            limit,
        });
    }
    Ok(())
}

/// Checks that `count` items of `bytes_each` bytes, needed by `what`, fit
/// in the budget ([`call_limit`]) (the product is computed without overflow).
///
/// # Errors
/// [`GeomError::OverBudget`] naming `what`, the need and the limit.
pub fn check_budget(what: &'static str, count: u64, bytes_each: u64) -> Result<(), GeomError> {
    check_against(call_limit(), what, count.saturating_mul(bytes_each))
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
/// capacity against the budget first (it grows by doubling, but never to a
/// capacity past the ceiling).
///
/// # Errors
/// As [`try_vec`]; `v` is unchanged then.
pub fn try_reserve<T>(what: &'static str, v: &mut Vec<T>, more: usize) -> Result<(), GeomError> {
    let each = core::mem::size_of::<T>() as u64;
    let total = (v.len() as u64).saturating_add(more as u64);
    check_budget(what, total, each)?;
    if v.capacity() as u64 >= total {
        return Ok(());
    }
    // Amortised growth, but never a capacity past the ceiling.
    let fits = call_limit() / each.max(1);
    let want = total.max((v.capacity() as u64).saturating_mul(2)).min(fits);
    let more = usize::try_from(want - v.len() as u64).unwrap_or(usize::MAX);
    v.try_reserve_exact(more)
        .map_err(|_| GeomError::OutOfMemory {
            what,
            needed: total.saturating_mul(each),
        })
}

/// Makes room for one more item in `v`, a structure that grows with the
/// output (pairs, nodes, lists), counting it against the budget: `fixed`
/// bytes the call holds besides `v`, plus `v`'s new capacity. When `v` is
/// full its capacity doubles, or grows to what still fits under the
/// ceiling; when not one more item fits, the call is refused. Call it
/// before each `push`; a vector with room left costs one comparison.
///
/// ```
/// use mcrdun_geom::memory::{grow, Budget};
/// let _budget = Budget::start_with(1000);
/// let mut pairs: Vec<u64> = Vec::new();
/// let mut pushed = 0;
/// while grow("pairs", &mut pairs, 200).is_ok() {
///     pairs.push(pushed);
///     pushed += 1;
/// }
/// assert_eq!(pushed, 100); // (1000 - 200) / 8
/// assert!(pairs.capacity() <= 100);
/// ```
///
/// # Errors
/// [`GeomError::OverBudget`] when not one more item fits;
/// [`GeomError::OutOfMemory`] when the allocator refuses. `v` is unchanged
/// then.
#[inline]
pub fn grow<T>(what: &'static str, v: &mut Vec<T>, fixed: u64) -> Result<(), GeomError> {
    if v.len() < v.capacity() {
        return Ok(());
    }
    grow_slow(what, v, fixed)
}

#[cold]
fn grow_slow<T>(what: &'static str, v: &mut Vec<T>, fixed: u64) -> Result<(), GeomError> {
    let each = (core::mem::size_of::<T>() as u64).max(1);
    let len = v.len() as u64;
    let limit = call_limit();
    let room = limit.saturating_sub(fixed) / each;
    if room <= len {
        return Err(GeomError::OverBudget {
            what,
            needed: fixed.saturating_add((len + 1).saturating_mul(each)),
            limit,
        });
    }
    let want = len.saturating_mul(2).max(8).min(room);
    let more = usize::try_from(want - len).unwrap_or(usize::MAX);
    v.try_reserve_exact(more)
        .map_err(|_| GeomError::OutOfMemory {
            what,
            needed: want.saturating_mul(each),
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
