//! A binary heap of (distance, cell) over the padded copy: the engine
//! that serves any costs and steps.

use super::DistanceScratch;
use super::geometry::Geometry;
use crate::DistanceError;
use crate::meter;
use core::cmp::Reverse;
use std::collections::BinaryHeap;

/// Doubles the heap's room (at least 64 entries more), fallibly and
/// counted against the call's ceiling (see [`grow_bucket`]).
#[cold]
#[inline(never)]
fn grow_heap(heap: &mut BinaryHeap<Reverse<(i32, u32)>>) -> bool {
    let (old, more) = (heap.capacity(), heap.capacity().max(64));
    meter::grow(8 * old, 8 * (old + more)) && heap.try_reserve_exact(more).is_ok()
}

impl DistanceScratch {
    /// A binary heap of (distance, cell), stale entries skipped when popped.
    /// O((p + relaxations) log p).
    pub(super) fn heap(&mut self, geo: &Geometry) -> Result<(), DistanceError> {
        let DistanceScratch {
            cost,
            dist,
            sources,
            heap,
            ..
        } = self;
        heap.clear();
        let mut s = 0;
        loop {
            let from_heap = match (heap.peek(), sources.get(s)) {
                (Some(&Reverse((k, _))), Some(&(v, _))) => k < v,
                (Some(_), None) => true,
                (None, Some(_)) => false,
                (None, None) => break,
            };
            let (d, i) = if from_heap {
                let Some(Reverse(top)) = heap.pop() else {
                    break;
                };
                top
            } else {
                s += 1;
                sources[s - 1]
            };
            let i = i as usize;
            if dist[i] != d {
                continue;
            }
            // Room for the (at most 8) steps out of the cell first, so
            // that no push in the loop below needs to grow the heap.
            if heap.capacity() - heap.len() < 8 && !grow_heap(heap) {
                return Err(meter::refusal(8 * heap.len().max(1)));
            }
            geo.relax(cost, dist, i, d, |n, nd| heap.push(Reverse((nd, n))));
        }
        Ok(())
    }
}
