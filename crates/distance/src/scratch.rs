//! The distance-map engine: a padded copy of the map, the sources in order,
//! and three frontiers (rings, buckets, heap) over 32-bit cell indices.

use crate::meter;
use crate::planes::{self, Moves, Planes, nested_bytes, vec_bytes};
use crate::{Algorithm, Cost, DistanceError, SATURATED, Steps, UNREACHED};
use core::cmp::Reverse;
use mcrdun_geom::checked_cell_count;
use mcrdun_geom::memory::Budget;
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

    /// [`Geometry::relax`] when every allowed step weighs `nd - d`: `nd` is
    /// computed once. Branch-free: every neighbour is written to
    /// `queue[*tail]`, and `*tail` moves on only for an improved one (walls
    /// and improvements are unpredictable on real maps; mispredicted
    /// branches would cost more than the stores).
    #[inline(always)]
    fn relax_uniform<const S: bool>(
        &self,
        cost: &[u16],
        dist: &mut [i32],
        i: usize,
        nd: i32,
        queue: &mut [u32],
        tail: &mut usize,
    ) {
        if self.card != 0 {
            for off in self.card_off {
                let n = i.wrapping_add_signed(off);
                let old = dist[n];
                let better = open::<S>(cost, old, n) & (nd < old);
                dist[n] = if better { nd } else { old };
                queue[*tail] = n as u32;
                *tail += usize::from(better);
            }
        }
        if self.diag != 0 {
            for (off, a, b) in self.diag_off {
                let n = i.wrapping_add_signed(off);
                let old = dist[n];
                let (a, b) = (i.wrapping_add_signed(a), i.wrapping_add_signed(b));
                let corner_ok = self.corner_cutting
                    | (open::<S>(cost, dist[a], a) & open::<S>(cost, dist[b], b));
                let better = open::<S>(cost, old, n) & (nd < old) & corner_ok;
                dist[n] = if better { nd } else { old };
                queue[*tail] = n as u32;
                *tail += usize::from(better);
            }
        }
    }
}

/// The distance that marks a wall in the padded map when rings run with
/// walls folded into the distances (`S = true`): below every real distance,
/// so that no step improves it.
const WALL: i32 = i32::MIN;

/// Whether padded cell `n` (holding distance `d`) may be entered: by its
/// cost, or with walls folded into the distances by `d != WALL`.
#[inline(always)]
fn open<const S: bool>(cost: &[u16], d: i32, n: usize) -> bool {
    if S { d != WALL } else { cost[n] != 0 }
}

/// The circular buckets of Dial's queue, as borrowed by one run.
struct Buckets<'a> {
    store: &'a mut [Vec<u32>],
    lens: &'a mut [usize],
    mask: usize,
    failed: bool,
}

impl Buckets<'_> {
    /// Stores `n` at the end of the bucket of key `key`, and keeps it when
    /// `keep`; returns 1 when kept.
    #[inline(always)]
    fn put(&mut self, n: u32, key: i32, keep: bool) -> usize {
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

/// Doubles the heap's room (at least 64 entries more), fallibly and
/// counted against the call's ceiling (see [`grow_bucket`]).
#[cold]
#[inline(never)]
fn grow_heap(heap: &mut BinaryHeap<Reverse<(i32, u32)>>) -> bool {
    let (old, more) = (heap.capacity(), heap.capacity().max(64));
    meter::grow(8 * old, 8 * (old + more)) && heap.try_reserve_exact(more).is_ok()
}

/// Whether every allowed step has the same multiplier (moves of one kind,
/// or both kinds alike): then each step into a cell weighs the same.
pub(crate) fn one_multiplier(cardinal: u32, diagonal: u32) -> bool {
    cardinal == 0 || diagonal == 0 || cardinal == diagonal
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

/// The range of the passable costs and how many cells are passable.
struct CostRange {
    /// The least and greatest passable cost (both 0 when nothing is).
    min: u16,
    max: u16,
    passable: usize,
}

impl CostRange {
    /// One pass over the costs.
    fn of<C: Cost>(costs: &[C]) -> CostRange {
        let (mut min_less_1, mut max_c, mut passable) = (u16::MAX, 0u16, 0usize);
        for chunk in costs.chunks(4096) {
            // Branch-free so that it vectorises: walls count as u16::MAX
            // for the minimum and 0 for the maximum.
            let (mut lo, mut hi, mut open) = (u16::MAX, 0u16, 0u16);
            for &c in chunk {
                let c = c.cost();
                lo = lo.min(c.wrapping_sub(1));
                hi = hi.max(c);
                open += u16::from(c != 0);
            }
            min_less_1 = min_less_1.min(lo);
            max_c = max_c.max(hi);
            passable += usize::from(open);
        }
        CostRange {
            // 0 when nothing is passable (u16::MAX + 1 wraps).
            min: min_less_1.wrapping_add(1),
            max: max_c,
            passable,
        }
    }
}

/// Cells of the distance map a block, as sources are looked for.
const BLOCK: usize = 256;

/// The number of sources (cells not [`UNREACHED`]) and their least and
/// greatest value: read before they are gathered, so that the engine and
/// the room it needs are known and checked first.
struct SourceRange {
    count: usize,
    lo: i32,
    hi: i32,
}

impl SourceRange {
    /// One pass over the distances: blocks without a source (most of
    /// them, but for a rescan) are skipped by one vectorised test; the
    /// others are marked in `marks` (one bit a block, all clear on entry)
    /// for [`DistanceScratch::gather_sources`].
    fn of(dist: &[i32], marks: &mut [u64]) -> SourceRange {
        let (mut count, mut lo, mut hi) = (0usize, i32::MAX, i32::MIN);
        for (k, chunk) in dist.chunks(BLOCK).enumerate() {
            if !chunk.iter().fold(false, |any, &v| any | (v != UNREACHED)) {
                continue;
            }
            marks[k / 64] |= 1 << (k % 64);
            for &v in chunk {
                if v != UNREACHED {
                    count += 1;
                    lo = lo.min(v);
                    hi = hi.max(v);
                }
            }
        }
        SourceRange { count, lo, hi }
    }
}

/// Which engine runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Engine {
    /// Dial's queue over bit planes, in place.
    Planes,
    /// Padded rings: one weight, two weights of at most 3, two weights.
    Rings,
    Rings4,
    Rings2,
    /// Padded buckets with saturating sums.
    Buckets,
    Heap,
}

/// The engine a call runs and the weights it runs with.
struct Plan {
    engine: Engine,
    /// Cardinal and diagonal step weights of rings (one cost everywhere).
    wc: i64,
    wd: i64,
    /// The largest step weight.
    max_w: u64,
}

impl Plan {
    /// Buckets run over bit planes, in place, unless a sum could come
    /// near saturation; so do rings on a map that is mostly walls, where
    /// the padded copies would cost more than the search, and rings with
    /// two weights from sources at one value, where the planes' waves
    /// enter every cell once (measured at 512^2, steps 2,3, unit costs:
    /// cave 6.6 -> 4.7 ms, random floor 5.9 -> 5.2 ms against the padded
    /// four buckets) or, from several values, on large maps, where the
    /// four buckets' 16 bytes a cell no longer stay in cache (2048^2: cave
    /// 100 -> 82 ms, random floor 94 -> 99 ms; at 512^2 the branch-free
    /// buckets win, 3.9 against 4.2 and 5.1 ms). With one weight on a
    /// mostly open map, the padded ring stays ahead (512^2, 1,0: 2.1
    /// against 3.8 ms).
    fn new(
        chosen: Algorithm,
        steps: Steps,
        range: &CostRange,
        sources: &SourceRange,
        (n, w, h): (usize, usize, usize),
    ) -> Plan {
        let (card, diag) = (u64::from(steps.cardinal), u64::from(steps.diagonal));
        let max_w = card.max(diag) * u64::from(range.max);
        let one_multiplier = one_multiplier(steps.cardinal, steps.diagonal);
        let same_start = sources.lo == sources.hi;
        let in_place = match chosen {
            Algorithm::Buckets => true,
            Algorithm::Rings => {
                range.passable < n / 2 || (!one_multiplier && (same_start || n >= LARGE_MAP_CELLS))
            }
            _ => false,
        };
        // A path has fewer than n steps, each weighing at most max_w.
        let top = if sources.count == 0 {
            0
        } else {
            i64::from(sources.hi)
        };
        let no_saturation =
            top.saturating_add((n as i64).saturating_mul(max_w as i64)) < i64::from(SATURATED);
        let c = u64::from(range.max);
        let (wc, wd) = ((card * c) as i64, (diag * c) as i64);
        let engine = if in_place && no_saturation && max_w < 1 << 16 && planes::fits(w, h) {
            Engine::Planes
        } else {
            match chosen {
                Algorithm::Rings if one_multiplier => Engine::Rings,
                Algorithm::Rings => {
                    // Two weights of at most 3 (unit costs, steps such as
                    // 2,3) and no saturation in sight: four buckets with
                    // fixed targets; otherwise two merged queues.
                    let pn = ((w + 2) * (h + 2)) as i64;
                    if wc.max(wd) <= 3 && top + 3 * pn < i64::from(SATURATED) {
                        Engine::Rings4
                    } else {
                        Engine::Rings2
                    }
                }
                Algorithm::Buckets => Engine::Buckets,
                _ => Engine::Heap,
            }
        };
        Plan {
            engine,
            wc,
            wd,
            max_w,
        }
    }

    /// The engine's working memory besides the sources, before its
    /// queues grow: see [`DistanceScratch`].
    fn bytes(&self, w: usize, h: usize) -> u64 {
        let nb = (self.max_w + 1).next_power_of_two();
        if self.engine == Engine::Planes {
            return planes::fixed_bytes(w, h, nb);
        }
        let pn = (w as u64 + 2) * (h as u64 + 2);
        6 * pn
            + match self.engine {
                Engine::Rings => 4 * (pn + 8),
                Engine::Rings4 | Engine::Rings2 => 16 * (pn + 8),
                Engine::Buckets => nb * 32,
                _ => 0,
            }
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

    /// Breadth-first rings: every step weighs `weight`, so a FIFO queue is
    /// already in distance order; sources (sorted) are merged into it.
    /// O(p + s log s), s the sources when they come unsorted.
    fn rings<const S: bool>(
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
    fn rings4<const S: bool>(
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
    fn rings2<const S: bool>(
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

    /// Dial's bucket queue: `2^k > max_w` circular buckets of cell indices,
    /// stale entries skipped when popped. O(p + relaxations + D), D the
    /// spread of the distances between consecutive sources' reach.
    fn buckets(&mut self, geo: &Geometry, max_w: u64) -> Result<(), DistanceError> {
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
