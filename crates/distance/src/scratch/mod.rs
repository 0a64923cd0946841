//! The distance-map engine: a padded copy of the map, the sources in order,
//! and three frontiers (rings, buckets, heap) over 32-bit cell indices.
//!
//! This module keeps [`DistanceScratch`], its public calls and the steps
//! every call takes (the checks, the sources, the padded copy); [`plan`]
//! reads the map and picks the engine and its memory; [`geometry`] holds
//! the steps out of a padded cell; each padded engine has its module:
//! [`rings`] (breadth-first rings, one or two weights), [`buckets`]
//! (Dial's queue with saturating sums) and [`heap`]. The in-place engine
//! over bit planes is [`crate::planes`].

mod buckets;
mod geometry;
mod heap;
mod plan;
mod rings;

use crate::meter::{self, fresh, room};
use crate::planes::{self, Moves, Planes, nested_bytes, vec_bytes};
use crate::{Algorithm, Cost, DistanceError, Steps, UNREACHED};
use core::cmp::Reverse;
use geometry::{Geometry, WALL};
use mcrdun_geom::checked_cell_count;
use mcrdun_geom::memory::Budget;
use plan::{BLOCK, CostRange, Engine, Plan, SourceRange};
use std::collections::BinaryHeap;

/// The default ceiling on the cells of one map: 2^26 (an 8192 x 8192 map).
pub const DEFAULT_MAX_CELLS: usize = 1 << 26;

/// The largest edge weight (`max(cardinal, diagonal) * max cost`) for which
/// [`Algorithm::Auto`] picks the bucket queue; above it, the heap.
pub const AUTO_BUCKET_MAX_WEIGHT: u64 = 1024;

/// From this many cells on, rings with two step weights run in place over
/// bit planes rather than over the padded copy (see `compute_with`).
const LARGE_MAP_CELLS: usize = 1 << 20;

/// The largest edge weight [`Algorithm::Buckets`] accepts when forced (the
/// queue keeps `weight + 1` buckets, rounded up to a power of two).
pub const BUCKET_MAX_WEIGHT: u64 = 1 << 16;

/// Reusable working memory for distance maps.
///
/// A scratch keeps its buffers between calls, so a caller who computes
/// many maps per turn allocates only while the maps grow. Working memory
/// for a map of `n` cells, besides 8 bytes per source:
///
/// - **in place** (buckets; rings on a map that is mostly walls, or with
///   two weights from sources at one value or on a map of 2^20 cells or
///   more): two bit planes over `round_up(width + 26, 8) * (height + 2)`
///   cells (about `n / 4` bytes); plus 4 bytes per queued entry (at most
///   one per cell), and, with costs that vary, 8 bytes per source and per
///   dearer step held back (at most four per cell); the queue and its
///   held-back steps are rings of
///   `(W + 1).next_power_of_two()` lists (24 bytes each), W the largest
///   step weight.
/// - **padded** (other rings, the heap, and sums near saturation), for `p =
///   (width + 2) * (height + 2)`: `6 p` bytes (copies of the costs as
///   `u16` and of the distances as `i32`), plus `4 p` bytes for rings with
///   one step weight, `16 p` with two; for the heap (and saturating
///   buckets) 8 (4) bytes per queued entry, at most 8 per cell.
///
/// So at most 22 bytes a padded cell and 8 a source, besides the queues
/// that grow with the search. Each call takes the caller's ceiling
/// ([`Budget`](mcrdun_geom::memory::Budget)) and checks that need against
/// it before allocating anything (and the bit planes, the least any map
/// needs, before reading a cell), whether this scratch already holds the
/// buffers or not; the growing queues (a list at least 256 entries) are
/// counted as they grow, with both blocks of a growth counted, and refused
/// the moment they would pass it. Above the ceiling a call returns
/// [`DistanceError::Geom`] (`OverBudget`), the distance map unchanged.
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
    /// One bit per block of [`BLOCK`] cells of the distance map: whether
    /// it holds a source (so that gathering them skips the others).
    marks: Vec<u64>,
    queue: Vec<u32>,
    /// The diagonal queue of two-weight rings.
    queue2: Vec<u32>,
    /// The keys of the two queues of two-weight rings.
    keys: Vec<i32>,
    keys2: Vec<i32>,
    /// Four buckets of `p + 8` cells for rings with two small weights.
    rings4: Vec<u32>,
    /// The in-place engine of buckets with one multiplier.
    planes: Planes,
    /// Bucket storage: each vector's length is its usable room; the
    /// entries in use are the first `bucket_lens[b]`.
    buckets: Vec<Vec<u32>>,
    bucket_lens: Vec<usize>,
    heap: BinaryHeap<Reverse<(i32, u32)>>,
    max_cells: usize,
    last: Option<Algorithm>,
}

impl Default for DistanceScratch {
    fn default() -> DistanceScratch {
        DistanceScratch::new()
    }
}

impl DistanceScratch {
    /// An empty scratch (nothing is allocated until the first call) with
    /// the [`DEFAULT_MAX_CELLS`] ceiling.
    pub fn new() -> DistanceScratch {
        DistanceScratch {
            cost: Vec::new(),
            dist: Vec::new(),
            sources: Vec::new(),
            marks: Vec::new(),
            queue: Vec::new(),
            queue2: Vec::new(),
            keys: Vec::new(),
            keys2: Vec::new(),
            rings4: Vec::new(),
            planes: Planes::default(),
            buckets: Vec::new(),
            bucket_lens: Vec::new(),
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

    /// The bytes of working memory this scratch keeps between calls (the
    /// capacity of its buffers), what [`DistanceScratch::shrink`] would
    /// release. A caller that keeps scratches in a cache can bound the
    /// memory it holds with it.
    ///
    /// ```
    /// use mcrdun_distance::{DistanceScratch, Steps, UNREACHED};
    /// let mut scratch = DistanceScratch::new();
    /// assert_eq!(scratch.retained_bytes(), 0);
    /// let mut dist = [UNREACHED; 64 * 64];
    /// dist[0] = 0;
    /// scratch.compute(&[1u8; 64 * 64], &mut dist, 64, 64, Steps::EIGHT)?;
    /// assert!(scratch.retained_bytes() > 0);
    /// scratch.shrink();
    /// assert_eq!(scratch.retained_bytes(), 0);
    /// # Ok::<(), mcrdun_distance::DistanceError>(())
    /// ```
    pub fn retained_bytes(&self) -> usize {
        vec_bytes(&self.cost)
            + vec_bytes(&self.dist)
            + vec_bytes(&self.sources)
            + vec_bytes(&self.marks)
            + vec_bytes(&self.queue)
            + vec_bytes(&self.queue2)
            + vec_bytes(&self.keys)
            + vec_bytes(&self.keys2)
            + vec_bytes(&self.rings4)
            + self.planes.retained_bytes()
            + nested_bytes(&self.buckets)
            + vec_bytes(&self.bucket_lens)
            + self.heap.capacity() * core::mem::size_of::<Reverse<(i32, u32)>>()
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
    /// gives the same map; `Rings` needs every passable cost equal, `Buckets` an
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
        let _budget = Budget::start();
        let n = self.check_sizes(costs.len(), dist.len(), width, height)?;
        let (w, h) = (width as usize, height as usize);
        // The least any engine needs (the bit planes), before anything
        // is read; the engine's own need once the map is read.
        let marks = 8 * n.div_ceil(BLOCK * 64) as u64;
        meter::start("a distance map", planes::fixed_bytes(w, h, 1) + marks)?;
        let range = CostRange::of(costs);
        fresh(&mut self.marks, n.div_ceil(BLOCK * 64), 0)?;
        let sources = SourceRange::of(dist, &mut self.marks);
        let card = u64::from(steps.cardinal);
        let diag = u64::from(steps.diagonal);
        let max_w = card.max(diag) * u64::from(range.max);
        let uniform = range.min == range.max;
        let chosen = match algorithm {
            Algorithm::Auto if uniform => Algorithm::Rings,
            Algorithm::Auto if max_w <= AUTO_BUCKET_MAX_WEIGHT => Algorithm::Buckets,
            Algorithm::Auto => Algorithm::Heap,
            Algorithm::Rings if !uniform => {
                return Err(DistanceError::Unsuitable {
                    algorithm,
                    reason: "rings need one cost for every passable cell",
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
        let nothing_moves = range.max == 0 || (card == 0 && diag == 0) || sources.count == 0;
        if nothing_moves {
            self.last = Some(chosen);
            return Ok(chosen);
        }
        let plan = Plan::new(chosen, steps, &range, &sources, (n, w, h));
        let count = sources.count;
        meter::start(
            "a distance map",
            plan.bytes(w, h) + count as u64 * 8 + marks,
        )?;
        if !self.gather_sources(dist, count)? {
            self.sources.sort_unstable();
        }
        if plan.engine == Engine::Planes {
            let moves = Moves {
                cardinal: steps.cardinal,
                diagonal: steps.diagonal,
                corner_cutting: steps.corner_cutting,
                uniform: uniform.then_some(range.max),
                max_weight: max_w,
            };
            self.planes.run(costs, dist, w, h, moves, &self.sources)?;
        } else {
            self.run_padded(costs, dist, w, h, steps, &plan)?;
        }
        self.last = Some(chosen);
        Ok(chosen)
    }

    /// The number of cells, after checking the buffers and the ceilings.
    fn check_sizes(
        &self,
        costs: usize,
        dist: usize,
        width: u32,
        height: u32,
    ) -> Result<usize, DistanceError> {
        let n = checked_cell_count(width.into(), height.into())?;
        for (what, actual) in [("costs", costs), ("distances", dist)] {
            if actual != n {
                return Err(DistanceError::SizeMismatch {
                    what,
                    expected: n,
                    actual,
                });
            }
        }
        if n > self.max_cells {
            return Err(DistanceError::TooLarge {
                cells: n as u64,
                limit: self.max_cells as u64,
            });
        }
        let pn = (u64::from(width) + 2) * (u64::from(height) + 2);
        if pn > u64::from(u32::MAX) {
            return Err(DistanceError::TooLarge {
                cells: n as u64,
                limit: u64::from(u32::MAX),
            });
        }
        Ok(n)
    }

    /// Collects the `count` sources as (value, cell index), in exactly the
    /// room they need; returns whether they come sorted by value.
    fn gather_sources(&mut self, dist: &[i32], count: usize) -> Result<bool, DistanceError> {
        room(&mut self.sources, count)?;
        let mut sorted = true;
        let mut prev = i32::MIN;
        for (word, &bits) in self.marks.iter().enumerate() {
            let mut bits = bits;
            while bits != 0 {
                let k = word * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let chunk = &dist[k * BLOCK..((k + 1) * BLOCK).min(dist.len())];
                for (x, &v) in chunk.iter().enumerate() {
                    if v != UNREACHED {
                        self.sources.push((v, (k * BLOCK + x) as u32));
                        sorted &= v >= prev;
                        prev = v;
                    }
                }
            }
        }
        Ok(sorted)
    }

    /// Runs a padded engine: copies the map with a border of impassable
    /// cells (so no step ever needs a bounds test), searches, and copies
    /// the distances back.
    fn run_padded<C: Cost>(
        &mut self,
        costs: &[C],
        dist: &mut [i32],
        w: usize,
        h: usize,
        steps: Steps,
        plan: &Plan,
    ) -> Result<(), DistanceError> {
        let pw = w + 2;
        let pn = pw * (h + 2);
        // Interior cells are all overwritten below; only a new size needs
        // a resize, and the border is set each time.
        if self.cost.len() != pn {
            fresh(&mut self.cost, pn, 0)?;
            fresh(&mut self.dist, pn, UNREACHED)?;
        }
        self.cost[..pw].fill(0);
        self.cost[pn - pw..].fill(0);
        for y in 1..=h {
            self.cost[y * pw] = 0;
            self.cost[y * pw + pw - 1] = 0;
        }
        for y in 0..h {
            let base = (y + 1) * pw + 1;
            for (p, &c) in self.cost[base..base + w]
                .iter_mut()
                .zip(&costs[y * w..(y + 1) * w])
            {
                *p = c.cost();
            }
            self.dist[base..base + w].copy_from_slice(&dist[y * w..(y + 1) * w]);
        }
        for source in &mut self.sources {
            let u = source.1 as usize;
            source.1 = ((u / w + 1) * pw + u % w + 1) as u32;
        }
        let geo = Geometry::new(pw, steps);
        let (wc, wd) = (plan.wc, plan.wd);
        let sentinel = matches!(plan.engine, Engine::Rings | Engine::Rings4 | Engine::Rings2)
            && self.fold_walls();
        match (plan.engine, sentinel) {
            (Engine::Rings, true) => self.rings::<true>(&geo, wc.max(wd), pn)?,
            (Engine::Rings, false) => self.rings::<false>(&geo, wc.max(wd), pn)?,
            (Engine::Rings4, true) => self.rings4::<true>(&geo, wc, wd, pn)?,
            (Engine::Rings4, false) => self.rings4::<false>(&geo, wc, wd, pn)?,
            (Engine::Rings2, true) => self.rings2::<true>(&geo, wc, wd, pn)?,
            (Engine::Rings2, false) => self.rings2::<false>(&geo, wc, wd, pn)?,
            (Engine::Buckets, _) => self.buckets(&geo, plan.max_w)?,
            _ => self.heap(&geo)?,
        }
        for y in 0..h {
            let base = (y + 1) * pw + 1;
            let (out, from) = (&mut dist[y * w..(y + 1) * w], &self.dist[base..base + w]);
            if sentinel {
                for (o, &v) in out.iter_mut().zip(from) {
                    *o = if v == WALL { UNREACHED } else { v };
                }
            } else {
                out.copy_from_slice(from);
            }
        }
        Ok(())
    }

    /// Folds the walls into the padded distances (`WALL`), so that rings
    /// read one array instead of two; not when a source stands on a wall or
    /// starts at `i32::MIN` (the sentinel itself). Returns whether it did.
    fn fold_walls(&mut self) -> bool {
        let on_wall = self
            .sources
            .iter()
            .any(|&(v, i)| v == WALL || self.cost[i as usize] == 0);
        if on_wall {
            return false;
        }
        for (d, &c) in self.dist.iter_mut().zip(&self.cost) {
            *d = if c == 0 { WALL } else { *d };
        }
        true
    }
}
