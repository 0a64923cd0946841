//! The distance-map engine: a padded copy of the map, the sources in order,
//! and three frontiers (rings, buckets, heap) over 32-bit cell indices.

use crate::{Algorithm, Cost, DistanceError, SATURATED, Steps, UNREACHED};
use core::cmp::Reverse;
use mcrdun_geom::checked_cell_count;
use std::collections::BinaryHeap;

/// The default ceiling on the cells of one map: 2^26 (an 8192 x 8192 map).
pub const DEFAULT_MAX_CELLS: usize = 1 << 26;

/// The largest edge weight (`max(cardinal, diagonal) * max cost`) for which
/// [`Algorithm::Auto`] picks the bucket queue; above it, the heap.
pub const AUTO_BUCKET_MAX_WEIGHT: u64 = 1024;

/// The largest edge weight [`Algorithm::Buckets`] accepts when forced (the
/// queue keeps `weight + 1` buckets, rounded up to a power of two).
pub const BUCKET_MAX_WEIGHT: u64 = 1 << 16;

/// Reusable working memory for distance maps.
///
/// A scratch keeps its buffers between calls, so a caller who computes
/// many maps per turn allocates only while the maps grow. Working memory,
/// for a map of `n` cells padded to `(width + 2) * (height + 2)` cells `p`:
/// `6 p` bytes (a padded copy of the costs as `u16` and of the distances as
/// `i32`) plus 8 bytes per source, plus the frontier: `4 p` bytes for
/// rings; for buckets and the heap 4 (resp. 8) bytes per queued entry,
/// at most one entry per improvement of a cell (typically 1 to 2 per cell,
/// at most 8).
///
/// ```
/// use mcrdun_distance::{DistanceScratch, Steps, UNREACHED};
/// let costs = [1u8; 6];
/// let mut dist = [UNREACHED; 6];
/// dist[0] = 0;
/// let mut scratch = DistanceScratch::new();
/// scratch.compute(&costs, &mut dist, 3, 2, Steps::EIGHT)?;
/// assert_eq!(dist, [0, 1, 2, 1, 1, 2]);
/// # Ok::<(), mcrdun_distance::DistanceError>(())
/// ```
#[derive(Debug)]
pub struct DistanceScratch {
    cost: Vec<u16>,
    dist: Vec<i32>,
    sources: Vec<(i32, u32)>,
    queue: Vec<u32>,
    buckets: Vec<Vec<u32>>,
    heap: BinaryHeap<Reverse<(i32, u32)>>,
    max_cells: usize,
    last: Option<Algorithm>,
}

impl Default for DistanceScratch {
    fn default() -> DistanceScratch {
        DistanceScratch::new()
    }
}

/// Neighbour offsets in the padded map, and the step multipliers.
#[derive(Clone, Copy)]
struct Geometry {
    card: u64,
    diag: u64,
    corner_cutting: bool,
    card_off: [isize; 4],
    /// Diagonal offset, then the two cardinal offsets beside it.
    diag_off: [(isize, isize, isize); 4],
}

impl Geometry {
    fn new(pw: usize, steps: Steps) -> Geometry {
        let w = pw as isize;
        Geometry {
            card: steps.cardinal.into(),
            diag: steps.diagonal.into(),
            corner_cutting: steps.corner_cutting,
            card_off: [-w, w, -1, 1],
            diag_off: [
                (-w - 1, -w, -1),
                (w - 1, w, -1),
                (-w + 1, -w, 1),
                (w + 1, w, 1),
            ],
        }
    }

    /// Relaxes every allowed step out of cell `i` (at distance `d`):
    /// a neighbour improved to `nd` gets `dist = nd` and `push(n, nd)`.
    #[inline(always)]
    fn relax(
        &self,
        cost: &[u16],
        dist: &mut [i32],
        i: usize,
        d: i32,
        mut push: impl FnMut(u32, i32),
    ) {
        let d = i64::from(d);
        if self.card != 0 {
            for off in self.card_off {
                let n = i.wrapping_add_signed(off);
                let c = cost[n];
                if c != 0 {
                    let nd = (d + (self.card * u64::from(c)) as i64).min(SATURATED as i64) as i32;
                    if nd < dist[n] {
                        dist[n] = nd;
                        push(n as u32, nd);
                    }
                }
            }
        }
        if self.diag != 0 {
            for (off, a, b) in self.diag_off {
                let n = i.wrapping_add_signed(off);
                let c = cost[n];
                if c != 0
                    && (self.corner_cutting
                        || (cost[i.wrapping_add_signed(a)] != 0
                            && cost[i.wrapping_add_signed(b)] != 0))
                {
                    let nd = (d + (self.diag * u64::from(c)) as i64).min(SATURATED as i64) as i32;
                    if nd < dist[n] {
                        dist[n] = nd;
                        push(n as u32, nd);
                    }
                }
            }
        }
    }

    /// [`Geometry::relax`] when every allowed step weighs `nd - d`: `nd` is
    /// computed once.
    #[inline(always)]
    fn relax_uniform(
        &self,
        cost: &[u16],
        dist: &mut [i32],
        i: usize,
        nd: i32,
        queue: &mut Vec<u32>,
    ) {
        if self.card != 0 {
            for off in self.card_off {
                let n = i.wrapping_add_signed(off);
                if cost[n] != 0 && nd < dist[n] {
                    dist[n] = nd;
                    queue.push(n as u32);
                }
            }
        }
        if self.diag != 0 {
            for (off, a, b) in self.diag_off {
                let n = i.wrapping_add_signed(off);
                if cost[n] != 0
                    && nd < dist[n]
                    && (self.corner_cutting
                        || (cost[i.wrapping_add_signed(a)] != 0
                            && cost[i.wrapping_add_signed(b)] != 0))
                {
                    dist[n] = nd;
                    queue.push(n as u32);
                }
            }
        }
    }
}

/// Grows `v` so that it can hold `extra` more items, or reports how many
/// bytes could not be had.
fn reserve<T>(v: &mut Vec<T>, extra: usize) -> Result<(), DistanceError> {
    v.try_reserve(extra)
        .map_err(|_| DistanceError::AllocationFailed {
            bytes: extra.saturating_mul(size_of::<T>()),
        })
}

/// Pushes with a fallible allocation; on failure sets `failed` and drops
/// the item (the call then reports the failure and writes nothing).
#[inline(always)]
fn push_fallible(v: &mut Vec<u32>, item: u32, failed: &mut bool) {
    if v.len() == v.capacity() && v.try_reserve(v.capacity().max(64)).is_err() {
        *failed = true;
        return;
    }
    v.push(item);
}

impl DistanceScratch {
    /// An empty scratch (nothing is allocated until the first call) with
    /// the [`DEFAULT_MAX_CELLS`] ceiling.
    pub fn new() -> DistanceScratch {
        DistanceScratch {
            cost: Vec::new(),
            dist: Vec::new(),
            sources: Vec::new(),
            queue: Vec::new(),
            buckets: Vec::new(),
            heap: BinaryHeap::new(),
            max_cells: DEFAULT_MAX_CELLS,
            last: None,
        }
    }

    /// The ceiling on the cells of one map (default [`DEFAULT_MAX_CELLS`]);
    /// a larger map is refused with [`DistanceError::TooLarge`] before any
    /// work. Maps are further limited to `(width + 2) * (height + 2) <
    /// 2^32` cells.
    pub fn set_max_cells(&mut self, max_cells: usize) {
        self.max_cells = max_cells;
    }

    /// The ceiling in force.
    pub fn max_cells(&self) -> usize {
        self.max_cells
    }

    /// The algorithm the last successful call ran (`None` before any).
    pub fn last_algorithm(&self) -> Option<Algorithm> {
        self.last
    }

    /// Releases the working memory (the ceiling is kept).
    pub fn shrink(&mut self) {
        let max = self.max_cells;
        *self = DistanceScratch::new();
        self.max_cells = max;
    }

    /// Fills `dist` in place with the distance map over `costs`, choosing
    /// the algorithm ([`Algorithm::Auto`]); see the crate docs for the
    /// meaning of every value. Returns the algorithm that ran.
    ///
    /// # Errors
    /// [`DistanceError::SizeMismatch`] when `costs` or `dist` does not hold
    /// `width * height` cells, [`DistanceError::TooLarge`] above the
    /// ceiling, [`DistanceError::AllocationFailed`]. `dist` is unchanged on
    /// error.
    pub fn compute<C: Cost>(
        &mut self,
        costs: &[C],
        dist: &mut [i32],
        width: u32,
        height: u32,
        steps: Steps,
    ) -> Result<Algorithm, DistanceError> {
        self.compute_with(costs, dist, width, height, steps, Algorithm::Auto)
    }

    /// [`DistanceScratch::compute`] with a chosen algorithm. Every algorithm
    /// gives the same map; `Rings` needs uniform steps (every passable cost
    /// equal, and the two multipliers equal or one of them 0), `Buckets` an
    /// edge weight of at most [`BUCKET_MAX_WEIGHT`].
    ///
    /// # Errors
    /// Those of `compute`, and [`DistanceError::Unsuitable`] when the forced
    /// algorithm cannot serve the map.
    pub fn compute_with<C: Cost>(
        &mut self,
        costs: &[C],
        dist: &mut [i32],
        width: u32,
        height: u32,
        steps: Steps,
        algorithm: Algorithm,
    ) -> Result<Algorithm, DistanceError> {
        let n = checked_cell_count(width.into(), height.into())?;
        if costs.len() != n {
            return Err(DistanceError::SizeMismatch {
                what: "costs",
                expected: n,
                actual: costs.len(),
            });
        }
        if dist.len() != n {
            return Err(DistanceError::SizeMismatch {
                what: "distances",
                expected: n,
                actual: dist.len(),
            });
        }
        if n > self.max_cells {
            return Err(DistanceError::TooLarge {
                cells: n as u64,
                limit: self.max_cells as u64,
            });
        }
        let (w, h) = (width as usize, height as usize);
        let pw = w + 2;
        let pn = (pw as u64) * (h as u64 + 2);
        if pn > u64::from(u32::MAX) {
            return Err(DistanceError::TooLarge {
                cells: n as u64,
                limit: u64::from(u32::MAX),
            });
        }
        let pn = pn as usize;

        // The padded copies: a border of impassable cells means no step
        // ever needs a bounds test.
        self.cost.clear();
        reserve(&mut self.cost, pn)?;
        self.cost.resize(pn, 0);
        self.dist.clear();
        reserve(&mut self.dist, pn)?;
        self.dist.resize(pn, UNREACHED);
        self.sources.clear();
        let (mut min_c, mut max_c) = (u16::MAX, 0u16);
        let mut sorted = true;
        let mut prev = i32::MIN;
        for y in 0..h {
            let row = &costs[y * w..(y + 1) * w];
            let base = (y + 1) * pw + 1;
            for (p, &c) in self.cost[base..base + w].iter_mut().zip(row) {
                let c = c.cost();
                *p = c;
                if c != 0 {
                    min_c = min_c.min(c);
                    max_c = max_c.max(c);
                }
            }
            let row = &dist[y * w..(y + 1) * w];
            self.dist[base..base + w].copy_from_slice(row);
            for (x, &v) in row.iter().enumerate() {
                if v != UNREACHED {
                    if self.sources.len() == self.sources.capacity() {
                        let more = self.sources.capacity().max(64).min(n);
                        reserve(&mut self.sources, more)?;
                    }
                    self.sources.push((v, (base + x) as u32));
                    sorted &= v >= prev;
                    prev = v;
                }
            }
        }

        let card = if steps.cardinal != 0 {
            u64::from(steps.cardinal)
        } else {
            0
        };
        let diag = if steps.diagonal != 0 {
            u64::from(steps.diagonal)
        } else {
            0
        };
        let max_w = card.max(diag) * u64::from(max_c);
        let uniform = min_c == max_c && (card == 0 || diag == 0 || card == diag);
        let chosen = match algorithm {
            Algorithm::Auto if uniform => Algorithm::Rings,
            Algorithm::Auto if max_w <= AUTO_BUCKET_MAX_WEIGHT => Algorithm::Buckets,
            Algorithm::Auto => Algorithm::Heap,
            Algorithm::Rings if !uniform => {
                return Err(DistanceError::Unsuitable {
                    algorithm,
                    reason: "rings need one weight for every step",
                });
            }
            Algorithm::Buckets if max_w > BUCKET_MAX_WEIGHT => {
                return Err(DistanceError::Unsuitable {
                    algorithm,
                    reason: "the largest step weight exceeds BUCKET_MAX_WEIGHT",
                });
            }
            other => other,
        };
        let nothing_moves = max_c == 0 || (card == 0 && diag == 0) || self.sources.is_empty();
        if !nothing_moves {
            if !sorted {
                self.sources.sort_unstable();
            }
            let geo = Geometry::new(pw, steps);
            match chosen {
                Algorithm::Rings => {
                    let weight = (card.max(diag) * u64::from(max_c)) as i64;
                    self.rings(&geo, weight, pn)?;
                }
                Algorithm::Buckets => self.buckets(&geo, max_w)?,
                Algorithm::Heap | Algorithm::Auto => self.heap(&geo)?,
            }
        }
        for y in 0..h {
            let base = (y + 1) * pw + 1;
            dist[y * w..(y + 1) * w].copy_from_slice(&self.dist[base..base + w]);
        }
        self.last = Some(chosen);
        Ok(chosen)
    }

    /// Breadth-first rings: every step weighs `weight`, so a FIFO queue is
    /// already in distance order; sources (sorted) are merged into it.
    /// O(p + s log s), s the sources when they come unsorted.
    fn rings(&mut self, geo: &Geometry, weight: i64, pn: usize) -> Result<(), DistanceError> {
        let DistanceScratch {
            cost,
            dist,
            sources,
            queue,
            ..
        } = self;
        queue.clear();
        // Each cell enters the queue at most once (its first improvement
        // is final), so `pn` entries never reallocate.
        reserve(queue, pn)?;
        let next = |d: i32| (i64::from(d) + weight).min(SATURATED as i64) as i32;
        let mut head = 0;
        let mut s = 0;
        while s < sources.len() {
            let (v, i) = sources[s];
            if head < queue.len() {
                let q = queue[head] as usize;
                let dq = dist[q];
                if dq < v {
                    head += 1;
                    geo.relax_uniform(cost, dist, q, next(dq), queue);
                    continue;
                }
            }
            s += 1;
            let i = i as usize;
            if dist[i] == v {
                geo.relax_uniform(cost, dist, i, next(v), queue);
            }
        }
        while head < queue.len() {
            let q = queue[head] as usize;
            head += 1;
            let nd = next(dist[q]);
            geo.relax_uniform(cost, dist, q, nd, queue);
        }
        Ok(())
    }

    /// Dial's bucket queue: `2^k > max_w` circular buckets of cell indices,
    /// stale entries skipped when popped. O(p + relaxations + D), D the
    /// spread of the distances between consecutive sources' reach.
    fn buckets(&mut self, geo: &Geometry, max_w: u64) -> Result<(), DistanceError> {
        let nb = (max_w as usize + 1).next_power_of_two();
        let mask = nb - 1;
        let DistanceScratch {
            cost,
            dist,
            sources,
            buckets,
            ..
        } = self;
        if buckets.len() < nb {
            reserve(buckets, nb - buckets.len())?;
            buckets.resize_with(nb, Vec::new);
        }
        for b in buckets.iter_mut() {
            b.clear();
        }
        let mut count = 0usize;
        let mut failed = false;
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
                    geo.relax(cost, dist, i, v, |n, nd| {
                        push_fallible(&mut buckets[(nd as u32 as usize) & mask], n, &mut failed);
                        count += 1;
                    });
                }
            }
            let b = (cur32 as u32 as usize) & mask;
            // Steps weigh at least 1 and at most max_w < nb, so the only
            // entries pushed into bucket `b` while it is drained are
            // saturated ones at key `cur` itself; the loop takes them too.
            let mut k = 0;
            while let Some(&i) = buckets[b].get(k) {
                k += 1;
                let i = i as usize;
                if dist[i] == cur32 {
                    geo.relax(cost, dist, i, cur32, |n, nd| {
                        push_fallible(&mut buckets[(nd as u32 as usize) & mask], n, &mut failed);
                        count += 1;
                    });
                }
            }
            count -= k;
            buckets[b].clear();
            if failed {
                return Err(DistanceError::AllocationFailed {
                    bytes: 4 * count.max(1),
                });
            }
            cur += 1;
        }
        Ok(())
    }

    /// A binary heap of (distance, cell), stale entries skipped when popped.
    /// O((p + relaxations) log p).
    fn heap(&mut self, geo: &Geometry) -> Result<(), DistanceError> {
        let DistanceScratch {
            cost,
            dist,
            sources,
            heap,
            ..
        } = self;
        heap.clear();
        let mut failed = false;
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
            geo.relax(cost, dist, i, d, |n, nd| {
                if heap.len() == heap.capacity()
                    && heap.try_reserve(heap.capacity().max(64)).is_err()
                {
                    failed = true;
                    return;
                }
                heap.push(Reverse((nd, n)));
            });
            if failed {
                return Err(DistanceError::AllocationFailed {
                    bytes: 8 * heap.len().max(1),
                });
            }
        }
        Ok(())
    }
}
