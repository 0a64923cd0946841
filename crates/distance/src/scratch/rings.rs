//! Breadth-first rings over the padded copy, when every passable cell
//! costs the same: one first-in first-out queue (one step weight), four
//! buckets with fixed targets (two weights of at most 3), or two merged
//! queues (two weights).

use super::DistanceScratch;
use super::geometry::{Geometry, open};
use crate::meter::fresh;
use crate::{DistanceError, SATURATED};

impl DistanceScratch {
    /// Breadth-first rings: every step weighs `weight`, so a FIFO queue is
    /// already in distance order; sources (sorted) are merged into it.
    /// O(p + s log s), s the sources when they come unsorted.
    pub(super) fn rings<const S: bool>(
        &mut self,
        geo: &Geometry,
        weight: i64,
        pn: usize,
    ) -> Result<(), DistanceError> {
        let DistanceScratch {
            cost,
            dist,
            sources,
            queue,
            ..
        } = self;
        // Each cell enters the queue at most once (its first improvement
        // is final: cells leave the queue in order of distance), so `pn`
        // entries, plus 8 for the unconditional stores, always suffice.
        // Every entry is written before it is read: no need to clear.
        if queue.len() != pn + 8 {
            fresh(queue, pn + 8, 0)?;
        }
        let next = |d: i32| (i64::from(d) + weight).min(SATURATED as i64) as i32;
        let mut head = 0;
        let mut tail = 0;
        let mut s = 0;
        while s < sources.len() {
            let (v, i) = sources[s];
            if head < tail {
                let q = queue[head] as usize;
                let dq = dist[q];
                if dq < v {
                    head += 1;
                    geo.relax_uniform::<S>(cost, dist, q, next(dq), queue, &mut tail);
                    continue;
                }
            }
            s += 1;
            let i = i as usize;
            if dist[i] == v {
                geo.relax_uniform::<S>(cost, dist, i, next(v), queue, &mut tail);
            }
        }
        while head < tail {
            let q = queue[head] as usize;
            head += 1;
            let nd = next(dist[q]);
            geo.relax_uniform::<S>(cost, dist, q, nd, queue, &mut tail);
        }
        Ok(())
    }

    /// Rings with two different step weights `wc`, `wd` in 1..=3 and no
    /// distance near saturation: Dial's queue with four buckets, where every
    /// step out of a bucket's cells lands in one of two buckets fixed for
    /// the whole bucket (`cur + wc`, `cur + wd`), so that each push is a
    /// branch-free store as in [`DistanceScratch::rings`]. A bucket holds
    /// at most one entry per cell (the two entries of a cell have keys less
    /// than 4 apart), so `p + 8` entries a bucket suffice. O(p + s log s + D).
    pub(super) fn rings4<const S: bool>(
        &mut self,
        geo: &Geometry,
        wc: i64,
        wd: i64,
        pn: usize,
    ) -> Result<(), DistanceError> {
        let DistanceScratch {
            cost,
            dist,
            sources,
            rings4,
            ..
        } = self;
        let room = pn + 8;
        if rings4.len() != 4 * room {
            fresh(rings4, 4 * room, 0)?;
        }
        let (wc, wd) = (wc as i32, wd as i32);
        let mut lens = [0usize; 4];
        let mut count = 0usize;
        let mut s = 0;
        let mut cur: i32 = 0;
        loop {
            if count == 0 {
                match sources.get(s) {
                    Some(&(v, _)) => cur = v,
                    None => break,
                }
            }
            // No saturation (checked by the caller): plain sums.
            let (ndc, ndd) = (cur + wc, cur + wd);
            let b = (cur as u32 as usize) & 3;
            let bc = (ndc as u32 as usize) & 3;
            let bd = (ndd as u32 as usize) & 3;
            let (mut tc, mut td) = (lens[bc], lens[bd]);
            let relax =
                |i: usize, dist: &mut [i32], buf: &mut [u32], tc: &mut usize, td: &mut usize| {
                    let mut added = 0usize;
                    if geo.card != 0 {
                        for off in geo.card_off {
                            let n = i.wrapping_add_signed(off);
                            let old = dist[n];
                            let better = open::<S>(cost, old, n) & (ndc < old);
                            dist[n] = if better { ndc } else { old };
                            buf[bc * room + *tc] = n as u32;
                            *tc += usize::from(better);
                            added += usize::from(better);
                        }
                    }
                    if geo.diag != 0 {
                        for (off, a, b2) in geo.diag_off {
                            let n = i.wrapping_add_signed(off);
                            let old = dist[n];
                            let (a, b2) = (i.wrapping_add_signed(a), i.wrapping_add_signed(b2));
                            let corner_ok = geo.corner_cutting
                                | (open::<S>(cost, dist[a], a) & open::<S>(cost, dist[b2], b2));
                            let better = open::<S>(cost, old, n) & (ndd < old) & corner_ok;
                            dist[n] = if better { ndd } else { old };
                            buf[bd * room + *td] = n as u32;
                            *td += usize::from(better);
                            added += usize::from(better);
                        }
                    }
                    added
                };
            while let Some(&(v, i)) = sources.get(s) {
                if v != cur {
                    break;
                }
                s += 1;
                let i = i as usize;
                if dist[i] == v {
                    count += relax(i, dist, rings4, &mut tc, &mut td);
                }
            }
            // Bucket `b` is neither target (1 <= wc, wd <= 3 < 4), so it
            // does not grow while it is drained.
            let len = lens[b];
            for k in 0..len {
                let i = rings4[b * room + k] as usize;
                if dist[i] == cur {
                    count += relax(i, dist, rings4, &mut tc, &mut td);
                }
            }
            count -= len;
            lens[b] = 0;
            lens[bc] = tc;
            lens[bd] = td;
            cur += 1;
        }
        Ok(())
    }

    /// Rings with two step weights (cardinal `wc`, diagonal `wd`, one cost
    /// everywhere): one first-in first-out queue per weight, each already in
    /// distance order, merged with each other and with the sources. A cell
    /// enters each queue at most once (its first improvement by a step of
    /// that kind is final), with its key beside it; an entry whose cell has
    /// since improved through the other queue is skipped. O(p + s log s).
    pub(super) fn rings2<const S: bool>(
        &mut self,
        geo: &Geometry,
        wc: i64,
        wd: i64,
        pn: usize,
    ) -> Result<(), DistanceError> {
        let DistanceScratch {
            cost,
            dist,
            sources,
            queue,
            queue2,
            keys,
            keys2,
            ..
        } = self;
        // Every entry is written before it is read: no need to clear.
        for q in [&mut *queue, &mut *queue2] {
            if q.len() != pn + 8 {
                fresh(q, pn + 8, 0)?;
            }
        }
        for k in [&mut *keys, &mut *keys2] {
            if k.len() != pn + 8 {
                fresh(k, pn + 8, 0)?;
            }
        }
        let sat = |d: i32, w: i64| (i64::from(d) + w).min(SATURATED as i64) as i32;
        const NONE: i64 = i64::MAX;
        let (mut hc, mut tc, mut hd, mut td, mut s) = (0usize, 0usize, 0usize, 0usize, 0usize);
        loop {
            let kc = if hc < tc { i64::from(keys[hc]) } else { NONE };
            let kd = if hd < td { i64::from(keys2[hd]) } else { NONE };
            let ks = sources.get(s).map_or(NONE, |&(v, _)| i64::from(v));
            let (d, i) = if kc <= kd && kc <= ks {
                if kc == NONE {
                    break;
                }
                hc += 1;
                (kc as i32, queue[hc - 1] as usize)
            } else if kd <= ks {
                hd += 1;
                (kd as i32, queue2[hd - 1] as usize)
            } else {
                s += 1;
                (ks as i32, sources[s - 1].1 as usize)
            };
            if dist[i] != d {
                continue;
            }
            let (ndc, ndd) = (sat(d, wc), sat(d, wd));
            for off in geo.card_off {
                let n = i.wrapping_add_signed(off);
                let old = dist[n];
                let better = open::<S>(cost, old, n) & (ndc < old);
                dist[n] = if better { ndc } else { old };
                queue[tc] = n as u32;
                keys[tc] = ndc;
                tc += usize::from(better);
            }
            for (off, a, b) in geo.diag_off {
                let n = i.wrapping_add_signed(off);
                let old = dist[n];
                let (a, b) = (i.wrapping_add_signed(a), i.wrapping_add_signed(b));
                let corner_ok = geo.corner_cutting
                    | (open::<S>(cost, dist[a], a) & open::<S>(cost, dist[b], b));
                let better = open::<S>(cost, old, n) & (ndd < old) & corner_ok;
                dist[n] = if better { ndd } else { old };
                queue2[td] = n as u32;
                keys2[td] = ndd;
                td += usize::from(better);
            }
        }
        Ok(())
    }
}
