//! Dial's queue in which every cell enters once.
//!
//! A cheap step out of a cell at distance `d` into a cell of cost `c`
//! lands at `d + a c` (`a`: the cheaper multiplier), a dear one at
//! `d + b c`. Taken as soon as its cell leaves the queue, a dear step
//! could still be beaten by a cheap step out of a cell that leaves the
//! queue up to `(b - a) c - 1` buckets later, and the cell it reaches
//! would enter the queue twice. So a dear step out of bucket `d` is held
//! back until the cheap steps out of bucket `d + (b - a) c` have been
//! taken. Every step into a cell of cost `c` is then offered at its sum
//! less `a c`, so the steps into one cell come in order of their sums:
//! the first one offered is the best (a later one at most ties), and a
//! cell is offered one step at most. One plane of marks, no settled
//! plane, no stale entry to skip, and the distance map written once per
//! cell.
//!
//! Sources take part in the same order: a source at value `v` in a cell
//! of cost `c` is offered at `v - a c`, like a step of sum `v`, so that a
//! source that starts high loses to a step that reaches its cell for less
//! (a rescan of a flee map), and sources at one value are never stepped
//! into (every step adds at least 1). A source in a wall, which no step
//! enters, goes straight to its bucket.
//!
//! Measured at 2048^2 with steps 2,3 against the lazy queue this replaced
//! (which offered a cell up to one step of each kind, and skipped a
//! cell's later entries by a settled plane): a third of the entries were
//! such later ones; unit costs, dungeon 35 -> 22 ms, cave 84 -> 59 ms;
//! costs 1-9, dungeon 42 -> 36 ms, cave 126 -> 96 ms.

use super::{Run, get, push, queue_full, set};
use crate::{Cost, DistanceError};

/// Every passable cell costs the same `c`, so every dear step waits the
/// same `(b - a) c` buckets: the cells that left the queue then are kept
/// (`history`, a ring of at least `(b - a) c + 1` lists) and their dear
/// steps taken at once, each into a cell not offered a step by then. Every
/// step taken while bucket `t` is drained lands in bucket `t + a c`, and so
/// does every source of value `t + a c`, offered then.
pub(super) fn uniform<C: Cost>(
    run: Run<'_, C>,
    history: &mut [Vec<u32>],
    sources: &[(i32, u32)],
) -> Result<(), DistanceError> {
    let Run {
        step,
        cells,
        dist,
        offered,
        buckets,
    } = run;
    let c = step.cost(0);
    let cheap = i64::from(step.cheap_multiplier * c);
    // With one multiplier there are no dear steps (and no delay).
    let delay = i64::from((step.dear_multiplier - step.cheap_multiplier).max(0) * c);
    let mask = step.mask;
    // Entries in the buckets, and cells whose dear steps are to come.
    let (mut queued, mut waiting) = (0usize, 0usize);
    let mut s = 0;
    // Times run in i64: a source's offer is taken before its value, which
    // may be i32::MIN.
    let mut cur = i64::MIN;
    let mut drained: Vec<u32> = Vec::new();
    loop {
        if queued + waiting == 0 {
            match sources.get(s) {
                Some(&(v, _)) => cur = cur.max(i64::from(v) - cheap),
                None => break,
            }
        }
        let b = cur as usize & mask;
        core::mem::swap(&mut drained, &mut buckets[b]);
        queued -= drained.len();
        let target = &mut buckets[(cur + cheap) as usize & mask];
        // The sources whose value is `cur + a c`: offered now, as a step
        // into their cell would be (a wall source is never stepped into).
        while let Some(&(v, u)) = sources.get(s) {
            if i64::from(v) - cheap != cur {
                break;
            }
            s += 1;
            let p = cells.bit(u as usize);
            if get(step.walls, p) || !get(offered, p) {
                set(offered, p);
                push(target, p as u32).ok_or_else(|| queue_full(queued, 4))?;
                queued += 1;
            }
        }
        for &p in &drained {
            let p = p as usize;
            dist[cells.cell(p)] = cur as i32;
            let open = if step.cardinal_only {
                step.open_cardinal(offered, p)
            } else {
                step.open(offered, p) & step.cheap_bits
            };
            queued += take(offered, p, open, &step.bit_off, target)
                .ok_or_else(|| queue_full(queued, 4))?;
        }
        if step.dear_bits == 0 {
            drained.clear();
        } else {
            let then = &mut history[(cur - delay) as usize & mask];
            for &p in then.iter() {
                let p = p as usize;
                let open = step.open(offered, p) & step.dear_bits;
                queued += take(offered, p, open, &step.bit_off, target)
                    .ok_or_else(|| queue_full(queued, 4))?;
            }
            waiting -= then.len();
            then.clear();
            waiting += drained.len();
            core::mem::swap(&mut drained, &mut history[b]);
        }
        cur += 1;
    }
    Ok(())
}

/// Takes the steps of window bits `open` out of bit index `p`: marks each
/// cell entered offered and queues it in `target`; returns how many, or
/// `None` when `target` cannot grow.
#[inline(always)]
fn take(
    offered: &mut [u8],
    p: usize,
    mut open: u32,
    bit_off: &[isize; 9],
    target: &mut Vec<u32>,
) -> Option<usize> {
    // Counted as they go: x86-64's baseline has no popcnt instruction.
    let mut added = 0;
    while open != 0 {
        let k = open.trailing_zeros() as usize;
        open &= open - 1;
        let q = p.wrapping_add_signed(bit_off[k]);
        set(offered, q);
        push(target, q as u32)?;
        added += 1;
    }
    Some(added)
}

/// Cells cost different amounts, so the delay of a dear step depends on
/// the cell it enters: each is held back as an entry of its own (its bit
/// index, and `a c` above), in `later[(d + (b - a) c) & mask]`, and taken
/// then if no step has reached its cell. So is each source, at its value
/// less `a c`: sources are fed into `later` up to the ring's length ahead.
pub(super) fn costed<C: Cost>(
    run: Run<'_, C>,
    later: &mut [Vec<u64>],
    sources: &[(i32, u32)],
) -> Result<(), DistanceError> {
    let Run {
        step,
        cells,
        dist,
        offered,
        buckets,
    } = run;
    let mask = step.mask;
    let gap = step.dear_multiplier - step.cheap_multiplier;
    // How far ahead sources are fed in: at least the largest `a c`, less
    // than the ring's length.
    let lead = mask as i64;
    let (mut queued, mut waiting) = (0usize, 0usize);
    let mut s = 0;
    let mut cur = i64::MIN;
    let mut drained: Vec<u32> = Vec::new();
    loop {
        if queued + waiting == 0 {
            match sources.get(s) {
                Some(&(v, _)) => cur = cur.max(i64::from(v) - lead),
                None => break,
            }
        }
        // The sources up to `lead` ahead: each an offer of its value, held
        // back to its value less `a c` as a step into its cell would be (a
        // wall source, never stepped into, goes to its bucket at once).
        while let Some(&(v, u)) = sources.get(s) {
            let v = i64::from(v);
            if v > cur + lead {
                break;
            }
            s += 1;
            let u = u as usize;
            let p = cells.bit(u);
            let ac = i64::from(step.cheap_multiplier * step.cost(u));
            if ac == 0 {
                push(&mut buckets[v as usize & mask], p as u32)
                    .ok_or_else(|| queue_full(queued, 4))?;
                queued += 1;
            } else {
                let entry = p as u64 | (ac as u64) << 32;
                push(&mut later[(v - ac) as usize & mask], entry)
                    .ok_or_else(|| queue_full(waiting, 8))?;
                waiting += 1;
            }
        }
        let b = cur as usize & mask;
        core::mem::swap(&mut drained, &mut buckets[b]);
        queued -= drained.len();
        for &p in &drained {
            let p = p as usize;
            let u = cells.cell(p);
            dist[u] = cur as i32;
            let open = step.open(offered, p);
            let mut cheap = open & step.cheap_bits;
            while cheap != 0 {
                let k = cheap.trailing_zeros() as usize;
                cheap &= cheap - 1;
                let n = u.wrapping_add_signed(step.dist_off[k]);
                let q = p.wrapping_add_signed(step.bit_off[k]);
                set(offered, q);
                let nd = cur + i64::from(step.cheap_multiplier * step.cost(n));
                push(&mut buckets[nd as usize & mask], q as u32)
                    .ok_or_else(|| queue_full(queued, 4))?;
                queued += 1;
            }
            let mut dear = open & step.dear_bits;
            while dear != 0 {
                let k = dear.trailing_zeros() as usize;
                dear &= dear - 1;
                let n = u.wrapping_add_signed(step.dist_off[k]);
                let q = p.wrapping_add_signed(step.bit_off[k]);
                let c = step.cost(n);
                let entry = q as u64 | ((step.cheap_multiplier * c) as u64) << 32;
                push(
                    &mut later[(cur + i64::from(gap * c)) as usize & mask],
                    entry,
                )
                .ok_or_else(|| queue_full(waiting, 8))?;
                waiting += 1;
            }
        }
        drained.clear();
        let due = &mut later[b];
        waiting -= due.len();
        for &entry in due.iter() {
            let q = entry as u32 as usize;
            if !get(offered, q) {
                set(offered, q);
                queued += 1;
                let nd = cur + (entry >> 32) as i64;
                push(&mut buckets[nd as usize & mask], q as u32)
                    .ok_or_else(|| queue_full(queued, 4))?;
            }
        }
        due.clear();
        cur += 1;
    }
    Ok(())
}
