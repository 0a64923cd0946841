//! Dial's bucket queue over the padded copy, with saturating sums: the
//! engine of [`Algorithm::Buckets`](crate::Algorithm::Buckets) when a sum
//! could come near saturation.

use super::DistanceScratch;
use super::geometry::Geometry;
use crate::meter::{self, fresh};
use crate::{DistanceError, SATURATED};

/// The circular buckets of Dial's queue, as borrowed by one run.
pub(super) struct Buckets<'a> {
    store: &'a mut [Vec<u32>],
    lens: &'a mut [usize],
    mask: usize,
    failed: bool,
}

impl Buckets<'_> {
    /// Stores `n` at the end of the bucket of key `key`, and keeps it when
    /// `keep`; returns 1 when kept.
    #[inline(always)]
    pub(super) fn put(&mut self, n: u32, key: i32, keep: bool) -> usize {
        if !keep {
            return 0;
        }
        let b = (key as u32 as usize) & self.mask;
        let bucket = &mut self.store[b];
        let len = self.lens[b];
        if len == bucket.len() && !grow_bucket(bucket) {
            self.failed = true;
            return 0;
        }
        bucket[len] = n;
        self.lens[b] = len + 1;
        1
    }
}

/// The relaxation that feeds Dial's buckets, kept beside the queue it
/// fills (the steps themselves are [`Geometry`]'s).
impl Geometry {
    /// [`Geometry::relax`] into Dial's buckets, branch-free like
    /// [`Geometry::relax_uniform`]: each neighbour is stored past the end
    /// of its bucket, whose length moves on only for an improvement.
    /// Returns the number of entries added.
    #[inline(always)]
    fn relax_buckets(
        &self,
        cost: &[u16],
        dist: &mut [i32],
        i: usize,
        d: i32,
        q: &mut Buckets<'_>,
    ) -> usize {
        let d = i64::from(d);
        let mut added = 0;
        if self.card != 0 {
            for off in self.card_off {
                let n = i.wrapping_add_signed(off);
                let c = cost[n];
                let old = dist[n];
                let nd = (d + (self.card * u64::from(c)) as i64).min(SATURATED as i64) as i32;
                let better = (c != 0) & (nd < old);
                dist[n] = if better { nd } else { old };
                added += q.put(n as u32, nd, better);
            }
        }
        if self.diag != 0 {
            for (off, a, b) in self.diag_off {
                let n = i.wrapping_add_signed(off);
                let c = cost[n];
                let old = dist[n];
                let nd = (d + (self.diag * u64::from(c)) as i64).min(SATURATED as i64) as i32;
                let corner_ok = self.corner_cutting
                    | ((cost[i.wrapping_add_signed(a)] != 0)
                        & (cost[i.wrapping_add_signed(b)] != 0));
                let better = (c != 0) & (nd < old) & corner_ok;
                dist[n] = if better { nd } else { old };
                added += q.put(n as u32, nd, better);
            }
        }
        added
    }
}
/// Doubles a full bucket's room (at least 64 entries), fallibly and
/// counted against the call's ceiling; `false` when refused. Rare, and
/// kept out of the search's loop.
#[cold]
#[inline(never)]
fn grow_bucket(bucket: &mut Vec<u32>) -> bool {
    let len = bucket.len();
    let more = len.max(64);
    let old = bucket.capacity();
    if !meter::grow(4 * old, 4 * (old + more)) || bucket.try_reserve_exact(more).is_err() {
        return false;
    }
    bucket.resize(len + more, 0);
    true
}

impl DistanceScratch {
    /// Dial's bucket queue: `2^k > max_w` circular buckets of cell indices,
    /// stale entries skipped when popped. O(p + relaxations + D), D the
    /// spread of the distances between consecutive sources' reach.
    pub(super) fn buckets(&mut self, geo: &Geometry, max_w: u64) -> Result<(), DistanceError> {
        let nb = (max_w as usize + 1).next_power_of_two();
        let DistanceScratch {
            cost,
            dist,
            sources,
            buckets,
            bucket_lens,
            ..
        } = self;
        if buckets.len() < nb {
            let more = nb - buckets.len();
            buckets
                .try_reserve_exact(more)
                .map_err(|_| DistanceError::AllocationFailed {
                    bytes: more.saturating_mul(24),
                })?;
            buckets.resize_with(nb, Vec::new);
        }
        fresh(bucket_lens, nb, 0)?;
        let mut q = Buckets {
            store: &mut buckets[..nb],
            lens: &mut bucket_lens[..],
            mask: nb - 1,
            failed: false,
        };
        let mut count = 0usize;
        let mut s = 0;
        let mut cur: i64 = 0;
        loop {
            if count == 0 {
                match sources.get(s) {
                    Some(&(v, _)) => cur = i64::from(v),
                    None => break,
                }
            }
            let cur32 = cur as i32;
            while let Some(&(v, i)) = sources.get(s) {
                if v != cur32 {
                    break;
                }
                s += 1;
                let i = i as usize;
                if dist[i] == v {
                    count += geo.relax_buckets(cost, dist, i, v, &mut q);
                }
            }
            let b = (cur32 as u32 as usize) & q.mask;
            // Steps weigh at least 1 and at most max_w < nb, so the only
            // entries added to bucket `b` while it is drained are saturated
            // ones at key `cur` itself; the loop takes them too.
            let mut k = 0;
            while k < q.lens[b] {
                let i = q.store[b][k] as usize;
                k += 1;
                if dist[i] == cur32 {
                    count += geo.relax_buckets(cost, dist, i, cur32, &mut q);
                }
            }
            count -= k;
            q.lens[b] = 0;
            if q.failed {
                return Err(meter::refusal(4 * count.max(1)));
            }
            cur += 1;
        }
        Ok(())
    }
}
