//! The memory a distance map holds while it runs, counted against the
//! call's ceiling ([`mcrdun_geom::memory`]).
//!
//! A call states its fixed need (the copies, planes and queues sized from
//! the map, the sources) and checks it once, before any allocation
//! ([`start`]). The queues that grow with the search (Dial's buckets, the
//! held-back steps, the heap) are counted as they grow ([`grow`]): each
//! growth is checked with the memory already held and with both blocks
//! alive during the move, and refused the moment it would pass the
//! ceiling. Growth is rare (a full queue doubles), so the count costs
//! nothing in the search's inner loops.

use crate::DistanceError;
use core::cell::Cell;
use mcrdun_geom::GeomError;
use mcrdun_geom::memory::call_limit;

thread_local! {
    /// Bytes held by this thread's running distance map.
    static HELD: Cell<u64> = const { Cell::new(0) };
    /// Bytes an enclosing call holds besides (a distance grid it returns).
    static OUTER: Cell<u64> = const { Cell::new(0) };
    /// Whether the last refused growth passed the ceiling.
    static REFUSED: Cell<Option<(u64, u64)>> = const { Cell::new(None) };
}

/// Checks `need` bytes (with what an enclosing call holds) against the
/// call's ceiling and starts counting from them.
pub(crate) fn start(what: &'static str, need: u64) -> Result<(), DistanceError> {
    let need = need.saturating_add(OUTER.with(Cell::get));
    let limit = call_limit();
    REFUSED.with(|r| r.set(None));
    if need > limit {
        return Err(GeomError::OverBudget {
            what,
            needed: need,
            limit,
        }
        .into());
    }
    HELD.with(|h| h.set(need));
    Ok(())
}

/// Whether a buffer of `old` bytes may grow to `new`: both are alive
/// during the move, so `held + new` must fit. Counts the growth.
#[cold]
#[inline(never)]
pub(crate) fn grow(old: usize, new: usize) -> bool {
    let held = HELD.with(Cell::get);
    let peak = held.saturating_add(new as u64);
    let limit = call_limit();
    if peak > limit {
        REFUSED.with(|r| r.set(Some((peak, limit))));
        return false;
    }
    HELD.with(|h| h.set((held + new as u64).saturating_sub(old as u64)));
    true
}

/// The error of a queue that could not grow: over the ceiling when
/// [`grow`] refused it, else the allocator's refusal of `bytes`.
#[cold]
#[inline(never)]
pub(crate) fn refusal(bytes: usize) -> DistanceError {
    match REFUSED.with(Cell::take) {
        Some((needed, limit)) => GeomError::OverBudget {
            what: "a distance map's queue",
            needed,
            limit,
        }
        .into(),
        None => DistanceError::AllocationFailed { bytes },
    }
}

/// Runs `f` with `bytes` held by the caller besides the distance map's
/// own memory (a grid it fills and returns).
pub(crate) fn holding<T>(bytes: u64, f: impl FnOnce() -> T) -> T {
    let outer = OUTER.with(|o| o.replace(bytes));
    let out = f();
    OUTER.with(|o| o.set(outer));
    out
}

/// Empties `v` with room for exactly `len` items (a smaller buffer is
/// released first, so the old and the new are never both held), or
/// reports how many bytes could not be had. The bytes are part of the
/// call's need, checked before.
pub(crate) fn room<T>(v: &mut Vec<T>, len: usize) -> Result<(), DistanceError> {
    if v.capacity() < len {
        *v = Vec::new();
    }
    v.clear();
    v.try_reserve_exact(len)
        .map_err(|_| DistanceError::AllocationFailed {
            bytes: len.saturating_mul(size_of::<T>()),
        })
}

/// `len` copies of `fill` in `v`, in exactly their room (see [`room`]).
pub(crate) fn fresh<T: Clone>(v: &mut Vec<T>, len: usize, fill: T) -> Result<(), DistanceError> {
    room(v, len)?;
    v.resize(len, fill);
    Ok(())
}
