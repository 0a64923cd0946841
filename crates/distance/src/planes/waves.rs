//! Dial's queue from sources at one start value: every cell enters it
//! once.
//!
//! A cheap step out of a cell at distance `d` into a cell of cost `c`
//! lands at `d + a c` (`a`: the cheaper multiplier), a dear one at
//! `d + b c`. Taken as soon as its cell leaves the queue, a dear step
//! could still be beaten by a cheap step out of a cell that leaves the
//! queue up to `(b - a) c - 1` buckets later, and the cell it reaches
//! would enter the queue twice. So a dear step out of bucket `d` is held
//! back until the cheap steps out of bucket `d + (b - a) c` have been
//! taken: every step that could beat it has been offered by then (a cheap
//! step out of that very bucket ties with it), and one taken later is
//! worse. A cell is then offered one step at most: one plane of marks, no
//! settled plane, no stale entry to skip, and the distance map written
//! once per cell. Sources are marked offered from the start: every step
//! adds at least 1.
//!
//! Measured at 2048^2 with steps 2,3 against the lazy queue (which offers
//! a cell up to one step of each kind, and skips a cell's later entries by
//! a settled plane): a third of the entries were such later ones; unit
//! costs, dungeon 35 -> 22 ms, cave 84 -> 59 ms; costs 1-9, dungeon 42 ->
//! 36 ms, cave 126 -> 96 ms.

use super::{Run, push, queue_full, set};
use crate::{Cost, DistanceError};

/// Every passable cell costs the same `c`, so every dear step waits the
/// same `(b - a) c` buckets: the cells that left the queue then are kept
/// (`history`, a ring of at least `(b - a) c + 1` lists) and their dear
/// steps taken at once, each into a cell not offered a step by then. Every
/// step taken while bucket `t` is drained lands in bucket `t + a c`.
pub(super) fn uniform<C: Cost>(
    run: Run<'_, C>,
    history: &mut [Vec<u32>],
    start: i32,
) -> Result<(), DistanceError> {
    let Run {
        step,
        cells,
        dist,
        offered,
        buckets,
    } = run;
    let c = step.cost(0);
    let cheap = step.cheap_multiplier * c;
    // With one multiplier there are no dear steps (and no delay).
    let delay = (step.dear_multiplier - step.cheap_multiplier).max(0) * c;
    let mask = step.mask;
    // Entries in the buckets, and cells whose dear steps are to come.
    let mut queued = buckets[start as u32 as usize & mask].len();
    let mut waiting = 0;
    let mut cur = start;
    let mut drained: Vec<u32> = Vec::new();
    while queued + waiting > 0 {
        let b = cur as u32 as usize & mask;
        core::mem::swap(&mut drained, &mut buckets[b]);
        queued -= drained.len();
        let target = &mut buckets[cur.wrapping_add(cheap) as u32 as usize & mask];
        for &p in &drained {
            let p = p as usize;
            dist[cells.cell(p)] = cur;
            let open = step.open(offered, p) & step.cheap_bits;
            queued += take(offered, p, open, &step.bit_off, target)
                .ok_or_else(|| queue_full(queued, 4))?;
        }
        if step.dear_bits == 0 {
            drained.clear();
        } else {
            let then = &mut history[cur.wrapping_sub(delay) as u32 as usize & mask];
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
/// then if no step has reached its cell.
pub(super) fn costed<C: Cost>(
    run: Run<'_, C>,
    later: &mut [Vec<u64>],
    start: i32,
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
    let mut queued = buckets[start as u32 as usize & mask].len();
    let mut waiting = 0usize;
    let mut cur = start;
    let mut drained: Vec<u32> = Vec::new();
    while queued + waiting > 0 {
        let b = cur as u32 as usize & mask;
        core::mem::swap(&mut drained, &mut buckets[b]);
        queued -= drained.len();
        for &p in &drained {
            let p = p as usize;
            let u = cells.cell(p);
            dist[u] = cur;
            let open = step.open(offered, p);
            let mut cheap = open & step.cheap_bits;
            while cheap != 0 {
                let k = cheap.trailing_zeros() as usize;
                cheap &= cheap - 1;
                let n = u.wrapping_add_signed(step.dist_off[k]);
                let q = p.wrapping_add_signed(step.bit_off[k]);
                set(offered, q);
                let nd = cur + step.cheap_multiplier * step.cost(n);
                push(&mut buckets[nd as u32 as usize & mask], q as u32)
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
                push(&mut later[(cur + gap * c) as u32 as usize & mask], entry)
                    .ok_or_else(|| queue_full(waiting, 8))?;
                waiting += 1;
            }
        }
        drained.clear();
        let due = &mut later[b];
        waiting -= due.len();
        for &entry in due.iter() {
            let q = entry as u32 as usize;
            if !super::get(offered, q) {
                set(offered, q);
                queued += 1;
                let nd = cur + (entry >> 32) as i32;
                push(&mut buckets[nd as u32 as usize & mask], q as u32)
                    .ok_or_else(|| queue_full(queued, 4))?;
            }
        }
        due.clear();
        cur += 1;
    }
    Ok(())
}
