//! Pushing overlapping rooms apart: a heap scaled once to about the density
//! its rooms allow, summed flocking pushes plus a fitted uniform expansion
//! in fixed point, then snapping, the finishing pass and a settling pass.

use crate::cells::CellGrid;
use crate::finish::finish;
use crate::{MAX_PADDING, MAX_ROOMS, ScatterError};
use mcrdun_geom::Rect;
use mcrdun_geom::memory::{Budget, check_budget};

/// Fixed-point scale of positions during the push phase: 1/256 of a cell.
/// All arithmetic is on integers, so every platform moves rooms alike.
const ONE: i64 = 256;

/// Positions are clamped to this many fixed-point units either side of 0
/// (far outside the `i32` range, far inside `i64`), so no step overflows;
/// a room left out there is reported as [`ScatterError::OutOfRange`].
const LIMIT: i64 = 1 << 48;

/// With `spread`, the sum of squared centre offsets a heap is given at
/// least: `n * area * .1 / .0`. A disc of area `D` has mean squared radius
/// `D / (2 pi)`; 5 is about `2 pi / 1.25`, a disc of 1.25 times the area.
const SPREAD_DENSITY: (i128, i128) = (5, 1);

/// Without `spread`, the same for a disc of 1 / 0.85 times the area
/// (`2 pi * 0.85`): a little denser than rooms can lie, so the pushes still
/// pack them against each other, yet close enough that the expansion below
/// has only the last few percent to do.
const COMPACT_DENSITY: (i128, i128) = (5341, 1000);

/// The share of the least-squares uniform expansion applied each push step
/// (see `Pushes::apply`): 10/1000. Larger shares take fewer steps but leave
/// the heap looser; the pushes alone relax a small heap faster (from its
/// rim), so a small share also makes the steps grow from 1,000 to 10,000
/// rooms. In our runs, for 1,000 / 10,000 / 100,000 rooms: 5/1000, 57 / 98
/// / 107 steps and bounding boxes 1.71 / 1.69 / 1.67 times the rooms'
/// area; 8/1000, 51 / 74 / 77 and 1.76 / 1.73 / 1.70; 10/1000, 44 / 64 /
/// 67 and 1.78 / 1.75 / 1.72; 12/1000, 43 / 57 / 58 and 1.81 / 1.75 /
/// 1.73.
const EXPANSION_GAIN: (i128, i128) = (10, 1000);

/// The pushes stop when at most one pair in this many rooms still overlaps
/// (the last few overlaps of a big heap linger for many steps; the
/// finishing pass clears them with short moves).
const FEW_PAIRS: usize = 8;

/// Rounds of the settling pass.
const SETTLE_PASSES: u32 = 6;

/// Working memory of [`separate`] a room, as measured at its peak (the
/// push phase: fixed-point positions, sizes, pushes and centres, 64 bytes;
/// the boxes in bucket order, 48; the pushes' sums, 16; the bucket grid,
/// up to 24; the spatial order, 20); the finishing and settling passes
/// need less, after the push state is freed.
pub const SEPARATE_BYTES_PER_ROOM: u64 = 184;

/// The default cap on push steps.
pub const DEFAULT_MAX_STEPS: u32 = 1000;

/// How [`separate`] works.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SeparateOptions {
    /// Empty cells kept between any two rooms, along x or y (at most
    /// [`MAX_PADDING`]). With 0 rooms may touch but never share a cell; with
    /// `p` every pair has `x_gap >= p` or `y_gap >= p`.
    pub padding: u32,
    /// The most push steps before the finishing pass takes over.
    pub max_steps: u32,
    /// Whether to spread a dense heap to a disc of 1.25 times its rooms'
    /// area before pushing (see [`separate`]) instead of the default 1 /
    /// 0.85: fewer steps, at the price of a looser heap (more gaps between
    /// rooms, so fewer neighbours). Off by default.
    pub spread: bool,
}

impl Default for SeparateOptions {
    /// No padding, [`DEFAULT_MAX_STEPS`] steps, no spreading.
    fn default() -> Self {
        SeparateOptions {
            padding: 0,
            max_steps: DEFAULT_MAX_STEPS,
            spread: false,
        }
    }
}

/// What [`separate`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Separation {
    /// Push steps applied (at most `max_steps`).
    pub steps: u32,
    /// Whether the pushes alone cleared every overlap (in fixed point);
    /// false when the cap stopped them or when they stopped with at most
    /// one overlapping pair per 8 rooms left for the finishing pass.
    pub converged: bool,
    /// Rooms the finishing pass had to move after snapping to integers (0
    /// also when the pushes stopped early and snapping cleared the last
    /// overlaps: `converged` false, `steps` below the cap, `finished` 0).
    pub finished: usize,
}

/// Moves `rooms` (keeping every size) until no two overlap and every pair
/// keeps `options.padding` empty cells between them on at least one axis.
/// Rooms that are already clear of each other do not move at all.
///
/// **Scale.** Positions become fixed-point integers (1/256 cell). Rooms
/// sharing one centre are fanned out on an integer square spiral (so a
/// million rooms on one spot become a cloud, not a million squared pairs).
/// When the centres' mean squared distance from their centroid is below
/// that of a disc of 1 / 0.85 times the rooms' (padded) total area (1.25
/// times with `options.spread`), the offsets are scaled up to it (integer
/// square root): a uniform heap is then about as dense as its rooms can
/// lie, and the rest is local.
///
/// **Push phase.** Each step finds the pairs whose padded boxes overlap
/// with a bucket grid over the centres (cells as wide as the largest room:
/// O(n + pairs), not all pairs) and moves every room by the sum of its
/// pushes: each overlapping pair pushes each of its two rooms away from the
/// other along the line between their centres, by the smaller of the two
/// overlaps plus 1/16 cell (an integer square root normalises the
/// direction; rooms with the same centre use a fixed direction chosen from
/// their indices). Pushes alone relax a dense heap from its rim inwards,
/// like diffusion, in a number of steps growing with its diameter (233 for
/// 1,000 rooms heaped at 1.5 times their area, over 1,000 for 10,000);
/// so each step also applies 10/1000 of the uniform expansion about the
/// centroid that best fits the step's overlaps (least squares, at most 1/8
/// a step), which carries the heap's global growth everywhere at once. The
/// phase stops when nothing overlaps, when at most one pair per 8 rooms
/// still does, or after `options.max_steps` steps: 44 steps for
/// 1,000 rooms, 64 for 10,000 and 67 for 100,000 in our runs.
///
/// **Snap and finish.** Each room is rounded to the nearest cell, which can
/// re-create overlaps of a cell. The finishing pass then places the rooms
/// one by one, nearest the heap's centre first (ties by index, integer
/// distances), so rooms pushed aside mostly go outwards, where there is
/// room. A room overlapping rooms already placed picks the side (E, W, S,
/// N) needing the shortest move and keeps moving that way past whatever it
/// overlaps. Moving one way only, it never meets a room twice, so it stops
/// after at most as many moves as there are placed rooms: separation
/// always ends, overlap-free, on integers.
///
/// **Settle.** Last, up to 6 rounds slide each room that moved towards the
/// centroid, along x then y, until it touches a padded box (at most the
/// largest room side a round, never past the centroid): the pushes'
/// overshoot leaves gaps, and closing them keeps rooms next to neighbours
/// (with 10,000 rooms, 7 rooms outside the largest group of neighbours,
/// against 59 with the pushes alone to 1,000 steps before).
///
/// Cost: O(n log n) for the sorts, O(n + overlapping pairs) per push step,
/// O(n) per settling round, and the finishing pass, which is O(n) when
/// little overlap is left (up to O(n²) if `max_steps` stopped the pushes
/// early on a dense heap). For heaps of the usual density the steps stay
/// about constant, so the total grows about as n log n (1,000 / 10,000 /
/// 100,000 rooms in our runs: see benches/peers/scatter.sh). Memory:
/// [`SEPARATE_BYTES_PER_ROOM`] (184) bytes of scratch a room at the peak,
/// checked against the memory ceiling (`mcrdun_geom::memory`) before any
/// work.
///
/// ```
/// use mcrdun_geom::Rect;
/// use mcrdun_scatter::{separate, SeparateOptions};
/// let mut rooms = vec![Rect::new(0, 0, 4, 4)?, Rect::new(1, 1, 4, 4)?, Rect::new(2, 0, 3, 3)?];
/// let report = separate(&mut rooms, SeparateOptions { padding: 1, max_steps: 100, spread: true })?;
/// for (i, a) in rooms.iter().enumerate() {
///     for b in &rooms[i + 1..] {
///         assert!(a.x_gap(b) >= 1 || a.y_gap(b) >= 1);
///     }
/// }
/// assert!(report.steps <= 100);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`ScatterError::TooManyRooms`] above [`MAX_ROOMS`](crate::MAX_ROOMS),
/// [`ScatterError::BadPadding`] above [`MAX_PADDING`],
/// [`ScatterError::OutOfRange`] when a room would end outside the `i32`
/// range, [`ScatterError::Geom`] with
/// [`GeomError::OverBudget`](mcrdun_geom::GeomError::OverBudget) when
/// [`SEPARATE_BYTES_PER_ROOM`] a room pass the memory ceiling. On error
/// `rooms` is left unchanged.
pub fn separate(rooms: &mut [Rect], options: SeparateOptions) -> Result<Separation, ScatterError> {
    if rooms.len() > MAX_ROOMS {
        return Err(ScatterError::TooManyRooms { count: rooms.len() });
    }
    if options.padding > MAX_PADDING {
        return Err(ScatterError::BadPadding {
            padding: options.padding,
        });
    }
    let n = rooms.len();
    let _budget = Budget::start();
    check_budget("separating rooms", n as u64, SEPARATE_BYTES_PER_ROOM)?;
    let pad = i64::from(options.padding);
    let boxes: Vec<[i64; 4]> = rooms
        .iter()
        .map(|r| {
            [
                i64::from(r.x()),
                i64::from(r.y()),
                i64::from(r.w()) + pad,
                i64::from(r.h()) + pad,
            ]
        })
        .collect();
    if !any_overlap(&boxes) {
        // Already clear (padding included): nothing moves.
        return Ok(Separation {
            steps: 0,
            converged: true,
            finished: 0,
        });
    }
    drop(boxes);
    let mut pushes = Pushes::new(rooms, options.padding);
    pushes.fan_out();
    pushes.spread(if options.spread {
        SPREAD_DENSITY
    } else {
        COMPACT_DENSITY
    });
    pushes.localise();
    let mut steps = 0;
    let converged = loop {
        let pairs = pushes.compute();
        if pairs == 0 {
            break true;
        }
        if steps == options.max_steps || pairs.saturating_mul(FEW_PAIRS) <= n {
            break false;
        }
        pushes.apply();
        steps += 1;
    };
    let mut snapped = vec![(0i64, 0i64); n];
    for (k, &i) in pushes.id.iter().enumerate() {
        snapped[i as usize] = (snap(pushes.x[k]), snap(pushes.y[k]));
    }
    // The push state is done with: freed before the finishing and settling
    // passes make their own scratch, so the peaks do not add up.
    drop(pushes);
    let (mut placed, finished) = finish(rooms, snapped, i64::from(options.padding))?;
    let moved: Vec<bool> = placed
        .iter()
        .zip(rooms.iter())
        .map(|(a, b)| a != b)
        .collect();
    settle(
        &mut placed,
        &moved,
        i64::from(options.padding),
        SETTLE_PASSES,
    );
    rooms.copy_from_slice(&placed);
    Ok(Separation {
        steps,
        converged,
        finished,
    })
}

/// Room indices bucketed by the cell of a point (their box corner or
/// centre): a counting sort over a grid of cells at least `min_cell` wide
/// covering the points, widened until there are at most `4 n + 1024`
/// cells, so memory stays linear (wider cells only mean more candidates).
struct Buckets {
    x0: i64,
    y0: i64,
    cell: i64,
    cols: usize,
    rows: usize,
    /// `start[k]..start[k + 1]` indexes `members` for cell `k`.
    start: Vec<u32>,
    members: Vec<u32>,
}

impl Buckets {
    fn new(
        px: impl Fn(usize) -> i64,
        py: impl Fn(usize) -> i64,
        n: usize,
        min_cell: i64,
    ) -> Buckets {
        let (mut x0, mut y0, mut x1, mut y1) = (i64::MAX, i64::MAX, i64::MIN, i64::MIN);
        for i in 0..n {
            x0 = x0.min(px(i));
            y0 = y0.min(py(i));
            x1 = x1.max(px(i));
            y1 = y1.max(py(i));
        }
        if n == 0 {
            (x0, y0, x1, y1) = (0, 0, 0, 0);
        }
        let budget = 4 * n as u128 + 1024;
        let mut cell = min_cell.max(1);
        let (cols, rows) = loop {
            let cols = ((x1 - x0) / cell) as u128 + 1;
            let rows = ((y1 - y0) / cell) as u128 + 1;
            if cols * rows <= budget {
                break (cols as usize, rows as usize);
            }
            cell = cell.saturating_mul(2);
        };
        let key = |i: usize| ((py(i) - y0) / cell) as usize * cols + ((px(i) - x0) / cell) as usize;
        let mut start = vec![0u32; cols * rows + 1];
        for i in 0..n {
            start[key(i) + 1] += 1;
        }
        for k in 0..cols * rows {
            start[k + 1] += start[k];
        }
        let mut members = vec![0u32; n];
        for i in 0..n {
            let k = key(i);
            members[start[k] as usize] = i as u32;
            start[k] += 1;
        }
        for k in (1..=cols * rows).rev() {
            start[k] = start[k - 1];
        }
        start[0] = 0;
        Buckets {
            x0,
            y0,
            cell,
            cols,
            rows,
            start,
            members,
        }
    }

    /// The inclusive cell range covering `[lo, hi]` along x (`axis` 0) or y,
    /// or `None` when it misses the grid.
    fn span(&self, axis: usize, lo: i64, hi: i64) -> Option<(usize, usize)> {
        let (origin, count) = if axis == 0 {
            (self.x0, self.cols)
        } else {
            (self.y0, self.rows)
        };
        let a = (lo - origin).div_euclid(self.cell).max(0);
        let z = (hi - origin).div_euclid(self.cell).min(count as i64 - 1);
        (a <= z).then_some((a as usize, z as usize))
    }

    /// The rooms of cell `(col, row)`.
    fn cell(&self, col: usize, row: usize) -> &[u32] {
        let (a, z) = self.run(col, col, row);
        &self.members[a..z]
    }

    /// The positions in `members` of the rooms in cells `c0..=c1` of `row`
    /// (one run, since cells are numbered row by row).
    fn run(&self, c0: usize, c1: usize, row: usize) -> (usize, usize) {
        let k = row * self.cols;
        (self.start[k + c0] as usize, self.start[k + c1 + 1] as usize)
    }
}

/// No room: the end of a cell's list.
const NIL: u32 = u32::MAX;

/// A bucket grid of box corners kept up to date while the boxes move: each
/// cell's rooms form a doubly linked list, so a room that moves to another
/// cell is unlinked and linked again in O(1). Corners outside the grid
/// (a box moved past its first extent) count in the nearest edge cell, and
/// searches clamp alike, so every box is found wherever it went.
struct LiveCells {
    x0: i64,
    y0: i64,
    cell: i64,
    cols: usize,
    rows: usize,
    /// The first room of each cell.
    head: Vec<u32>,
    next: Vec<u32>,
    prev: Vec<u32>,
    /// The cell each room is listed in.
    at: Vec<u32>,
}

impl LiveCells {
    /// The grid of `grid`'s cells holding its `n` rooms.
    fn new(grid: Buckets, n: usize) -> LiveCells {
        let mut live = LiveCells {
            x0: grid.x0,
            y0: grid.y0,
            cell: grid.cell,
            cols: grid.cols,
            rows: grid.rows,
            head: vec![NIL; grid.cols * grid.rows],
            next: vec![NIL; n],
            prev: vec![NIL; n],
            at: vec![0; n],
        };
        for k in 0..grid.cols * grid.rows {
            for &i in &grid.members[grid.start[k] as usize..grid.start[k + 1] as usize] {
                live.link(i as usize, k);
            }
        }
        live
    }

    /// The column (`axis` 0) or row of coordinate `v`, clamped to the grid.
    fn index(&self, axis: usize, v: i64) -> usize {
        let (origin, count) = if axis == 0 {
            (self.x0, self.cols)
        } else {
            (self.y0, self.rows)
        };
        // Left of (or above) the grid is its first cell; past it, a plain
        // division does what `div_euclid` would, the offset not negative.
        let d = v - origin;
        if d < 0 {
            0
        } else {
            ((d / self.cell) as usize).min(count - 1)
        }
    }

    fn link(&mut self, i: usize, cell: usize) {
        let first = self.head[cell];
        self.next[i] = first;
        self.prev[i] = NIL;
        if first != NIL {
            self.prev[first as usize] = i as u32;
        }
        self.head[cell] = i as u32;
        self.at[i] = cell as u32;
    }

    /// Files room `i` under the cell of its box `q`'s corner, now.
    fn moved(&mut self, i: usize, q: &[i64; 4]) {
        let cell = self.index(1, q[1]) * self.cols + self.index(0, q[0]);
        if cell == self.at[i] as usize {
            return;
        }
        let (p, nx) = (self.prev[i], self.next[i]);
        if p == NIL {
            self.head[self.at[i] as usize] = nx;
        } else {
            self.next[p as usize] = nx;
        }
        if nx != NIL {
            self.prev[nx as usize] = p;
        }
        self.link(i, cell);
    }

    /// Calls `f` with every room whose corner lies in the cells covering
    /// `lo..=hi` (x, y), and maybe others near.
    fn for_each_in(&self, lo: [i64; 2], hi: [i64; 2], mut f: impl FnMut(usize)) {
        // Half-open ranges and a row's heads as one slice: cheaper to walk
        // than inclusive ranges and an index each.
        let (c0, c1) = (self.index(0, lo[0]), self.index(0, hi[0]) + 1);
        for r in self.index(1, lo[1])..self.index(1, hi[1]) + 1 {
            for &first in &self.head[r * self.cols + c0..r * self.cols + c1] {
                let mut j = first;
                while j != NIL {
                    f(j as usize);
                    j = self.next[j as usize];
                }
            }
        }
    }
}

/// Whether any two padded boxes `(x, y, w, h)` overlap, stopping at the
/// first overlap found (so a dense heap answers at once): boxes bucketed by
/// corner in cells as wide as the largest box, each checked against the
/// boxes of its own and the neighbouring cells.
fn any_overlap(b: &[[i64; 4]]) -> bool {
    let cell = b.iter().map(|q| q[2].max(q[3])).max().unwrap_or(1);
    let grid = Buckets::new(|i| b[i][0], |i| b[i][1], b.len(), cell);
    for (i, q) in b.iter().enumerate() {
        let (Some((c0, c1)), Some((r0, r1))) = (
            grid.span(0, q[0] - grid.cell, q[0] + q[2]),
            grid.span(1, q[1] - grid.cell, q[1] + q[3]),
        ) else {
            continue;
        };
        for r in r0..=r1 {
            for c in c0..=c1 {
                for &j in grid.cell(c, r) {
                    let p = &b[j as usize];
                    if j as usize != i
                        && p[0] < q[0] + q[2]
                        && q[0] < p[0] + p[2]
                        && p[1] < q[1] + q[3]
                        && q[1] < p[1] + p[3]
                    {
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// The settling pass: slides each room that separation moved (`movable`)
/// towards the rooms' centroid, first along x then along y, until its
/// padded box touches another one, by at most the largest padded side per
/// axis and never past the centroid; rooms nearest the centroid go first,
/// and up to `passes` rounds are made (fewer when a round moves nothing).
/// The pushes and the finishing pass leave gaps where a room was pushed
/// further than needed; this closes them, so rooms keep neighbours to join.
///
/// Every pair stays clear: a slide stops at the first box in its way. The
/// boxes are found in a bucket grid of their corners kept up to date as
/// rooms slide ([`LiveCells`]), so a search looks only where a blocking
/// box's corner can be now: within the swept window, widened by a box's
/// size (at most a cell) on the side it extends to. (Built once a round
/// from the corners at its start, the grid would have to widen every
/// search by the most a box can have moved since, about four times the
/// cells.) Integers only; O(n) a round plus one sort.
fn settle(rooms: &mut [Rect], movable: &[bool], pad: i64, passes: u32) {
    let n = rooms.len();
    if n < 2 || !movable.iter().any(|&m| m) {
        return;
    }
    // (x, y, w, h) of each padded box.
    let mut b: Vec<[i64; 4]> = rooms
        .iter()
        .map(|r| {
            [
                i64::from(r.x()),
                i64::from(r.y()),
                i64::from(r.w()) + pad,
                i64::from(r.h()) + pad,
            ]
        })
        .collect();
    let cell = b.iter().map(|q| q[2].max(q[3])).max().unwrap_or(1).max(1);
    // Doubled centres and centroid keep the halves exact.
    let (mut sx, mut sy) = (0i128, 0i128);
    for q in &b {
        sx += i128::from(centre2::<0>(q));
        sy += i128::from(centre2::<1>(q));
    }
    // The mean of values inside the i64 range is too.
    let mid = [
        sx.div_euclid(n as i128) as i64,
        sy.div_euclid(n as i128) as i64,
    ];
    let mut order: Vec<(i128, u32)> = (0..n)
        .filter(|&i| movable[i])
        .map(|i| {
            let dx = i128::from(centre2::<0>(&b[i]) - mid[0]);
            let dy = i128::from(centre2::<1>(&b[i]) - mid[1]);
            (dx * dx + dy * dy, i as u32)
        })
        .collect();
    order.sort_unstable();
    let mut live = LiveCells::new(Buckets::new(|i| b[i][0], |i| b[i][1], n, cell), n);
    for _ in 0..passes {
        let mut moved = false;
        for &(_, i) in &order {
            let i = i as usize;
            moved |= slide::<0>(&mut b, &mut live, i, mid[0], cell);
            moved |= slide::<1>(&mut b, &mut live, i, mid[1], cell);
        }
        if !moved {
            break;
        }
    }
    // Slides go towards the centroid of rooms inside the i32 range, so
    // they stay inside it; were one to leave it, no room moves at all (the
    // input is clear already, and a partial update could break that).
    let mut out = Vec::with_capacity(n);
    for (r, q) in rooms.iter().zip(&b) {
        match (i32::try_from(q[0]), i32::try_from(q[1])) {
            (Ok(x), Ok(y)) => match r.with_origin(x, y) {
                Ok(moved) => out.push(moved),
                Err(_) => return,
            },
            _ => return,
        }
    }
    rooms.copy_from_slice(&out);
}

/// Twice the centre of box `q` (x, y, w, h) along `AXIS` (0: x, 1: y).
fn centre2<const AXIS: usize>(q: &[i64; 4]) -> i64 {
    2 * q[AXIS] + q[AXIS + 2]
}

/// One slide of the settling pass: box `i` of `b` moves along `AXIS` (0:
/// x, 1: y) towards the doubled centroid coordinate `mid2`, by at most
/// `cell` (the largest box side) and never past it, until it touches a box
/// in its way; `live` follows the move. Returns whether it moved. The axis
/// is a constant so that every coordinate is read at a fixed offset.
fn slide<const AXIS: usize>(
    b: &mut [[i64; 4]],
    live: &mut LiveCells,
    i: usize,
    mid2: i64,
    cell: i64,
) -> bool {
    let other = 1 - AXIS;
    let q = b[i];
    let want = (mid2 - centre2::<AXIS>(&q)) / 2;
    if want == 0 {
        return false;
    }
    let forward = want > 0;
    let mut t = want.abs().min(cell);
    let (pos, len) = (q[AXIS], q[AXIS + 2]);
    let (opos, olen) = (q[other], q[other + 2]);
    // Where the corner of a box in the way lies: across the other axis,
    // in `(opos - its size, opos + olen)`; along this one, at a gap in
    // `[0, t)` ahead of the box, so in `[pos + len, pos + len + t)` going
    // forward and in `(pos - t - its size, pos - its size]` going back.
    // Its size is 1 to `cell`, which bounds these (inclusive) windows.
    let mut lo = [0i64; 2];
    let mut hi = [0i64; 2];
    (lo[AXIS], hi[AXIS]) = if forward {
        (pos + len, pos + len + t - 1)
    } else {
        (pos - t - cell + 1, pos - 1)
    };
    (lo[other], hi[other]) = (opos - cell + 1, opos + olen - 1);
    live.for_each_in(lo, hi, |j| {
        let p = &b[j];
        // Only a box across the other axis blocks.
        if j == i || p[other] >= opos + olen || opos >= p[other] + p[other + 2] {
            return;
        }
        let gap = if forward {
            p[AXIS] - (pos + len)
        } else {
            pos - (p[AXIS] + p[AXIS + 2])
        };
        if (0..t).contains(&gap) {
            t = gap;
        }
    });
    if t == 0 {
        return false;
    }
    b[i][AXIS] += if forward { t } else { -t };
    live.moved(i, &b[i]);
    true
}

/// The nearest whole cell (halves round up), for any sign.
fn snap(v: i64) -> i64 {
    (v + ONE / 2).div_euclid(ONE)
}

/// State of the push phase: fixed-point top-left corners, padded box sizes,
/// this step's summed pushes and the reusable bucket grid.
struct Pushes {
    x: Vec<i64>,
    y: Vec<i64>,
    w: Vec<i64>,
    h: Vec<i64>,
    dx: Vec<i64>,
    dy: Vec<i64>,
    cx: Vec<i64>,
    cy: Vec<i64>,
    cell: i64,
    grid: CellGrid,
    boxes: Vec<Box>,
    acc: Vec<(i64, i64)>,
    vir: (i128, i128),
    /// The caller's index of each room: the arrays above are kept in a
    /// spatial order (see `Pushes::localise`).
    id: Vec<u32>,
}

/// A padded box and its centre, fixed point, as the pair checks read it.
#[derive(Clone, Copy)]
struct Box {
    x0: i64,
    y0: i64,
    x1: i64,
    y1: i64,
    cx: i64,
    cy: i64,
}

impl Pushes {
    fn new(rooms: &[Rect], padding: u32) -> Pushes {
        let pad = i64::from(padding) * ONE;
        let n = rooms.len();
        let x: Vec<i64> = rooms.iter().map(|r| i64::from(r.x()) * ONE).collect();
        let y: Vec<i64> = rooms.iter().map(|r| i64::from(r.y()) * ONE).collect();
        let w: Vec<i64> = rooms.iter().map(|r| i64::from(r.w()) * ONE + pad).collect();
        let h: Vec<i64> = rooms.iter().map(|r| i64::from(r.h()) * ONE + pad).collect();
        let cell = w.iter().chain(&h).copied().max().unwrap_or(ONE);
        Pushes {
            x,
            y,
            w,
            h,
            dx: vec![0; n],
            dy: vec![0; n],

            cx: vec![0; n],
            cy: vec![0; n],
            cell,
            grid: CellGrid::default(),
            boxes: Vec::with_capacity(n),
            acc: Vec::with_capacity(n),
            vir: (0, 0),
            id: (0..n as u32).collect(),
        }
    }

    /// Sums this step's pushes; returns the number of overlapping pairs.
    fn compute(&mut self) -> usize {
        for i in 0..self.x.len() {
            self.cx[i] = self.x[i] + self.w[i] / 2;
            self.cy[i] = self.y[i] + self.h[i] / 2;
        }
        self.grid.build(&self.cx, &self.cy, self.cell);
        let Pushes {
            x,
            y,
            w,
            h,
            dx,
            dy,
            cx,
            cy,
            grid,
            boxes,
            acc,
            id,
            ..
        } = self;
        // The rooms' boxes in bucket order, so the pair checks below read
        // memory mostly in sequence.
        let order = grid.order();
        boxes.clear();
        boxes.extend(order.iter().map(|&i| {
            let i = i as usize;
            Box {
                x0: x[i],
                y0: y[i],
                x1: x[i] + w[i],
                y1: y[i] + h[i],
                cx: cx[i],
                cy: cy[i],
            }
        }));
        acc.clear();
        acc.resize(order.len(), (0, 0));
        let mut any = 0;
        let mut vir = (0i128, 0i128);
        // Inlined at both of the candidate loop's call sites: the check is
        // a few comparisons, and a call each would cost as much again.
        grid.for_each_candidate_pair(
            #[inline(always)]
            |k, l| {
                let (a, b) = (&boxes[k], &boxes[l]);
                let ox = a.x1.min(b.x1) - a.x0.max(b.x0);
                if ox <= 0 {
                    return;
                }
                let oy = a.y1.min(b.y1) - a.y0.max(b.y0);
                if oy <= 0 {
                    return;
                }
                any += 1;
                let ids = (
                    id[order[k] as usize] as usize,
                    id[order[l] as usize] as usize,
                );
                let (px, py) = pair_push(a, b, ox.min(oy), ids, &mut vir);
                acc[k].0 += px;
                acc[k].1 += py;
                acc[l].0 -= px;
                acc[l].1 -= py;
            },
        );
        for (&i, &(px, py)) in order.iter().zip(acc.iter()) {
            dx[i as usize] = px;
            dy[i as usize] = py;
        }
        self.vir = vir;
        any
    }

    /// Scales the centres' offsets from their centroid up, when the heap is
    /// denser than the rooms' total area allows, so that their spread
    /// (mean squared distance from the centroid) is about that of a disc
    /// holding the rooms packed to SPREAD_DENSITY. Integers only.
    fn spread(&mut self, density: (i128, i128)) {
        let n = self.x.len() as i128;
        if n < 2 {
            return;
        }
        for i in 0..self.x.len() {
            self.cx[i] = self.x[i] + self.w[i] / 2;
            self.cy[i] = self.y[i] + self.h[i] / 2;
        }
        let c = |i: usize| (i128::from(self.cx[i]), i128::from(self.cy[i]));
        let (mut sx, mut sy) = (0i128, 0i128);
        for i in 0..self.x.len() {
            let (x, y) = c(i);
            sx += x;
            sy += y;
        }
        let (mx, my) = (sx.div_euclid(n), sy.div_euclid(n));
        let mut var = 0i128;
        let mut area = 0i128;
        for i in 0..self.x.len() {
            let (x, y) = c(i);
            var += (x - mx) * (x - mx) + (y - my) * (y - my);
            area += i128::from(self.w[i]) * i128::from(self.h[i]);
        }
        // A uniform disc of area A has mean squared radius A / (2 pi);
        // the rooms need A / density of it.
        // Only absurd inputs (millions of rooms millions of cells wide)
        // overflow here; they are simply not spread.
        let Some(want) = area.checked_mul(n * density.1).map(|v| v / density.0) else {
            return;
        };
        if var == 0 || var >= want {
            return;
        }
        let Some(scaled) = want.checked_mul(1 << 20) else {
            return;
        };
        // The scale factor in 1/1024ths: sqrt(want / var).
        let s = (scaled / var) as u128;
        let s = s.isqrt() as i128;
        for i in 0..self.x.len() {
            let (x, y) = (i128::from(self.cx[i]), i128::from(self.cy[i]));
            let nx = mx + (x - mx) * s / 1024 - i128::from(self.w[i] / 2);
            let ny = my + (y - my) * s / 1024 - i128::from(self.h[i] / 2);
            self.x[i] = nx.clamp(-i128::from(LIMIT), i128::from(LIMIT)) as i64;
            self.y[i] = ny.clamp(-i128::from(LIMIT), i128::from(LIMIT)) as i64;
        }
    }

    /// Reorders the rooms' arrays by bucket of their centres (rows of cells
    /// as wide as the largest room), remembering each room's index in
    /// `id`: rooms move little during the pushes, so each step's grid
    /// then gathers and scatters mostly in sequence instead of all over
    /// memory (the difference between 10,000 rooms, which fit in cache,
    /// and 100,000, which do not). Integer sums do not depend on order.
    fn localise(&mut self) {
        let n = self.x.len();
        for i in 0..n {
            self.cx[i] = self.x[i] + self.w[i] / 2;
            self.cy[i] = self.y[i] + self.h[i] / 2;
        }
        self.grid.build(&self.cx, &self.cy, self.cell);
        let order: Vec<usize> = self.grid.order().iter().map(|&i| i as usize).collect();
        for v in [&mut self.x, &mut self.y, &mut self.w, &mut self.h] {
            let old = v.clone();
            for (k, &i) in order.iter().enumerate() {
                v[k] = old[i];
            }
        }
        let old = self.id.clone();
        for (k, &i) in order.iter().enumerate() {
            self.id[k] = old[i];
        }
    }

    /// Gives rooms whose fixed-point centres coincide distinct centres:
    /// the `k`-th room of such a group (by index, `k >= 1`) moves by the
    /// `k`-th point of an integer square spiral, in 1/256 cell units, so
    /// that the spreading and the pushes see a two-dimensional cloud
    /// instead of one point (a million rooms on one spot would otherwise
    /// make a million squared pairs each step). O(n log n).
    fn fan_out(&mut self) {
        let n = self.x.len();
        for i in 0..n {
            self.cx[i] = self.x[i] + self.w[i] / 2;
            self.cy[i] = self.y[i] + self.h[i] / 2;
        }
        let mut order: Vec<u32> = (0..n as u32).collect();
        order.sort_unstable_by_key(|&i| (self.cx[i as usize], self.cy[i as usize], i));
        let mut k = 0u64;
        for t in 1..n {
            let (a, b) = (order[t - 1] as usize, order[t] as usize);
            if (self.cx[a], self.cy[a]) != (self.cx[b], self.cy[b]) {
                k = 0;
                continue;
            }
            k += 1;
            let (ox, oy) = spiral(k);
            self.x[b] = (self.x[b] + ox).clamp(-LIMIT, LIMIT);
            self.y[b] = (self.y[b] + oy).clamp(-LIMIT, LIMIT);
        }
    }

    /// Moves every room by its summed pushes plus its share of one
    /// uniform expansion about the centroid: the least-squares fit of a
    /// uniform scaling to this step's overlaps (each overlapping pair at
    /// centre distance `r` and depth `d` asks for a scaling of `d / r`;
    /// the fit is `sum(d r) / sum(r^2)`), times [`EXPANSION_GAIN`], at
    /// most 1/8 a step. The pushes alone move overlap one room a step, so a
    /// heap denser than its rooms allow spreads from its rim inwards over
    /// a number of steps growing with its diameter; the expansion carries
    /// the bulk of that at once, everywhere. Fixed point, integers only.
    fn apply(&mut self) {
        let n = self.x.len();
        let (num, den) = self.vir;
        if den > 0 && num > 0 && n > 0 {
            let (mut sx, mut sy) = (0i128, 0i128);
            for i in 0..n {
                sx += i128::from(self.cx[i]);
                sy += i128::from(self.cy[i]);
            }
            let (mx, my) = (sx.div_euclid(n as i128), sy.div_euclid(n as i128));
            // The scaling in 1/2^32ths, capped at 1/8.
            let (g, h) = EXPANSION_GAIN;
            let f = match num.checked_mul(g << 32) {
                Some(v) => (v / (den * h)).min(1 << 29),
                None => 1 << 29,
            };
            // The centroid of i64 centres is one.
            let (mx, my, f) = (mx as i64, my as i64, f as i64);
            for (d, &c) in self.dx.iter_mut().zip(&self.cx) {
                *d += expansion(c - mx, f);
            }
            for (d, &c) in self.dy.iter_mut().zip(&self.cy) {
                *d += expansion(c - my, f);
            }
        }
        for (p, &d) in self.x.iter_mut().zip(&self.dx) {
            *p = (*p + d).clamp(-LIMIT, LIMIT);
        }
        for (p, &d) in self.y.iter_mut().zip(&self.dy) {
            *p = (*p + d).clamp(-LIMIT, LIMIT);
        }
    }
}

/// The push on box `a` (caller's index `ids.0`) from box `b` (`ids.1`),
/// which overlap by `depth`, and their terms of the expansion's fit added
/// to `vir`. Out of line: only about one candidate pair in nine overlaps,
/// and the candidate loop's check stays small enough to be inlined in it.
#[inline(never)]
fn pair_push(
    a: &Box,
    b: &Box,
    depth: i64,
    ids: (usize, usize),
    vir: &mut (i128, i128),
) -> (i64, i64) {
    let (rx, ry) = (a.cx - b.cx, a.cy - b.cy);
    let d2 = i128::from(rx) * i128::from(rx) + i128::from(ry) * i128::from(ry);
    let dist = hypot(rx, ry);
    vir.0 += i128::from(depth) * i128::from(dist);
    vir.1 += d2;
    push_along(rx, ry, dist, depth, ids.0, ids.1)
}

/// `offset * f / 2^32`, rounded down: a centre's move by the expansion
/// `f` (in 1/2^32ths). |offset| < 2^50 and 0 <= f <= 2^29, so the product
/// fits an i128, and mostly an i64 (the same shift of the same product,
/// cheaper).
fn expansion(offset: i64, f: i64) -> i64 {
    match offset.checked_mul(f) {
        Some(p) => p >> 32,
        None => ((i128::from(offset) * i128::from(f)) >> 32) as i64,
    }
}

/// The `k`-th point of the square spiral around the origin: ring `r`
/// (the points with `max(|x|, |y|) = r`) holds `k` from `(2r - 1)^2` to
/// `(2r + 1)^2 - 1`, walked up the east side, west along the north side,
/// down the west side and east along the south side. Distinct points for
/// distinct `k`; integers only.
fn spiral(k: u64) -> (i64, i64) {
    if k == 0 {
        return (0, 0);
    }
    let r = k.isqrt().div_ceil(2);
    let t = k - (2 * r - 1) * (2 * r - 1);
    let (side, off) = (t / (2 * r), (t % (2 * r)) as i64);
    let r = r as i64;
    match side {
        0 => (r, -r + 1 + off),
        1 => (r - 1 - off, r),
        2 => (-r, r - 1 - off),
        _ => (-r + 1 + off, -r),
    }
}

/// Unit directions (scaled by 1024) for rooms whose centres coincide: 16
/// evenly spread angles, so a heap of rooms on one cell fans out in two
/// dimensions instead of along a line.
const FAN: [(i64, i64); 16] = [
    (1024, 0),
    (946, 392),
    (724, 724),
    (392, 946),
    (0, 1024),
    (-392, 946),
    (-724, 724),
    (-946, 392),
    (-1024, 0),
    (-946, -392),
    (-724, -724),
    (-392, -946),
    (0, -1024),
    (392, -946),
    (724, -724),
    (946, -392),
];

/// The push on room `i` away from room `j` (room `j` gets the opposite):
/// along the centre offset `(dx, dy)`, of length `depth + 1/16` cell.
#[cfg(test)]
fn push(dx: i64, dy: i64, depth: i64, i: usize, j: usize) -> (i64, i64) {
    push_along(dx, dy, hypot(dx, dy), depth, i, j)
}

/// [`push`] with `dist = hypot(dx, dy)` already known.
fn push_along(dx: i64, dy: i64, dist: i64, depth: i64, i: usize, j: usize) -> (i64, i64) {
    let len = depth + ONE / 16;
    let (ux, uy, norm) = if dx == 0 && dy == 0 {
        let k = (i.wrapping_mul(7) ^ j.wrapping_mul(13)) % FAN.len();
        let (fx, fy) = FAN[k];
        (fx, fy, 1024)
    } else {
        (dx, dy, dist.max(1))
    };
    // |u| <= norm, so each component is at most `len`. The product fits in
    // an i64 unless the rooms are millions of cells wide; then use i128
    // (same truncating division, same result).
    let scale = |u: i64| match u.checked_mul(len) {
        Some(p) => p / norm,
        None => (i128::from(u) * i128::from(len) / i128::from(norm)) as i64,
    };
    (scale(ux), scale(uy))
}

/// `floor(sqrt(dx² + dy²))`, exactly. The usual case (offsets below 2^31)
/// takes a hardware square root as a first guess and corrects it with
/// integer comparisons, so the result is exact, and thus the same on every
/// platform whatever the float rounding; larger offsets use the (slower)
/// 128-bit integer square root.
fn hypot(dx: i64, dy: i64) -> i64 {
    const SMALL: u64 = 1 << 31;
    let (ax, ay) = (dx.unsigned_abs(), dy.unsigned_abs());
    if ax < SMALL && ay < SMALL {
        let s = ax * ax + ay * ay; // < 2^63
        let mut r = (s as f64).sqrt() as u64;
        while r * r > s {
            r -= 1;
        }
        while (r + 1) * (r + 1) <= s {
            r += 1;
        }
        r as i64
    } else {
        let s = u128::from(ax) * u128::from(ax) + u128::from(ay) * u128::from(ay);
        s.isqrt() as i64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(x: i32, y: i32, w: i32, h: i32) -> Rect {
        Rect::new(x, y, w, h).unwrap()
    }

    /// Separation refuses, rooms unchanged, one byte below its stated cost
    /// a room, and separates at exactly that.
    #[test]
    fn separation_keeps_to_its_budget() {
        use mcrdun_geom::memory::Budget;
        let mut rooms: Vec<Rect> = (0..500).map(|i| r(i % 7, i % 5, 4, 3)).collect();
        let before = rooms.clone();
        let need = 500 * SEPARATE_BYTES_PER_ROOM;
        {
            let _call = Budget::start_with(need - 1);
            let e = separate(&mut rooms, SeparateOptions::default()).unwrap_err();
            assert!(
                matches!(e, ScatterError::Geom(ref g) if g.is_too_large()),
                "{e}"
            );
            assert_eq!(rooms, before);
        }
        let _call = Budget::start_with(need);
        separate(&mut rooms, SeparateOptions::default()).unwrap();
        assert_ne!(rooms, before);
    }

    fn clear(rooms: &[Rect], pad: i64) -> bool {
        rooms.iter().enumerate().all(|(i, a)| {
            rooms[i + 1..]
                .iter()
                .all(|b| a.x_gap(b) >= pad || a.y_gap(b) >= pad)
        })
    }

    #[test]
    fn snapping_rounds_to_nearest() {
        assert_eq!(snap(0), 0);
        assert_eq!(snap(127), 0);
        assert_eq!(snap(128), 1);
        assert_eq!(snap(-128), 0);
        assert_eq!(snap(-129), -1);
        assert_eq!(snap(-256 * 5 + 3), -5);
    }

    #[test]
    fn pushes_point_away_and_fan_out() {
        let (px, py) = push(10 * ONE, 0, 4 * ONE, 0, 1);
        assert_eq!((px, py), (4 * ONE + ONE / 16, 0));
        let (px, py) = push(0, -3, 2 * ONE, 0, 1);
        assert_eq!((px, py), (0, -(2 * ONE + ONE / 16)));
        // 3-4-5: the length is split along the direction, truncated.
        let (px, py) = push(3, 4, 5 * ONE - ONE / 16, 0, 1);
        assert_eq!((px, py), (3 * ONE, 4 * ONE));
        let (px, py) = push(0, 0, 2 * ONE, 3, 4);
        assert!(px != 0 || py != 0);
    }

    #[test]
    fn expansion_is_the_exact_shifted_product() {
        let exact = |o: i64, f: i64| ((i128::from(o) * i128::from(f)) >> 32) as i64;
        let big = (1i64 << 50) - 1;
        for o in [
            0,
            1,
            -1,
            5 << 20,
            -(5 << 20),
            1 << 34,
            -(1 << 34),
            big,
            -big,
        ] {
            for f in [0, 1, 3 << 20, (1 << 29) - 1, 1 << 29] {
                assert_eq!(expansion(o, f), exact(o, f), "{o} {f}");
            }
        }
        // Past the i64 product: 2^50 * 2^29 >> 32 = 2^47.
        assert_eq!(expansion(1 << 50, 1 << 29), 1 << 47);
        assert_eq!(expansion(-(1 << 50), 1 << 29), -(1 << 47));
    }

    #[test]
    fn hypot_is_the_exact_integer_root() {
        let big = i64::from(i32::MAX) << 8;
        for (dx, dy) in [
            (3, 4),
            (0, 7),
            (1, 1),
            (-5, 12),
            (46340, 46340),
            (big, big),
            (big, 1),
        ] {
            let want = ((dx as i128 * dx as i128 + dy as i128 * dy as i128) as u128).isqrt() as i64;
            assert_eq!(hypot(dx, dy), want, "{dx} {dy}");
        }
        // Around perfect squares, where a float guess is most likely off by one.
        for r in [1i64 << 20, (1 << 31) - 1, 3_037_000_499] {
            for d in -2..=2 {
                let dx = r + d;
                if dx < 1 << 31 {
                    let want = ((dx as i128 * dx as i128 + 1) as u128).isqrt() as i64;
                    assert_eq!(hypot(dx, 1), want);
                }
            }
        }
    }

    #[test]
    fn trivial_inputs() {
        let mut none: [Rect; 0] = [];
        let s = separate(&mut none, SeparateOptions::default()).unwrap();
        assert_eq!((s.steps, s.converged, s.finished), (0, true, 0));
        let mut one = [r(3, 4, 5, 6)];
        separate(&mut one, SeparateOptions::default()).unwrap();
        assert_eq!(one, [r(3, 4, 5, 6)]);
        // Already apart: nothing moves.
        let mut two = [r(0, 0, 5, 5), r(5, 0, 5, 5)];
        let s = separate(&mut two, SeparateOptions::default()).unwrap();
        assert_eq!(two, [r(0, 0, 5, 5), r(5, 0, 5, 5)]);
        assert_eq!(s.steps, 0);
    }

    #[test]
    fn bad_options() {
        let mut two = [r(0, 0, 5, 5), r(1, 0, 5, 5)];
        let opts = SeparateOptions {
            padding: MAX_PADDING + 1,
            max_steps: 5,
            spread: true,
        };
        assert_eq!(
            separate(&mut two, opts),
            Err(ScatterError::BadPadding {
                padding: MAX_PADDING + 1
            })
        );
        assert_eq!(two, [r(0, 0, 5, 5), r(1, 0, 5, 5)]);
    }

    #[test]
    fn one_heap_separates_with_and_without_steps() {
        for max_steps in [0, 1, 5, 1000] {
            for padding in [0, 2] {
                let mut rooms: Vec<Rect> = (0..40).map(|i| r(0, 0, 3 + i % 5, 2 + i % 3)).collect();
                let opts = SeparateOptions {
                    padding,
                    max_steps,
                    spread: max_steps % 2 == 0,
                };
                let s = separate(&mut rooms, opts).unwrap();
                assert!(s.steps <= max_steps);
                assert!(clear(&rooms, i64::from(padding)), "{max_steps} {padding}");
                for (i, room) in rooms.iter().enumerate() {
                    let i = i as i32;
                    assert_eq!((room.w(), room.h()), (3 + i % 5, 2 + i % 3));
                }
            }
        }
    }

    #[test]
    fn huge_rooms_do_not_overflow() {
        for spread in [false, true] {
            let big = 1 << 29;
            let mut rooms: Vec<Rect> = (0..20).map(|i| r(i, -i, big - i, big / 3 + i)).collect();
            rooms.push(r(0, 0, 1, 1));
            let opts = SeparateOptions {
                padding: MAX_PADDING,
                max_steps: 20,
                spread,
            };
            match separate(&mut rooms, opts) {
                Ok(_) => assert!(clear(&rooms, i64::from(MAX_PADDING))),
                Err(e) => assert_eq!(e, ScatterError::OutOfRange),
            }
        }
    }

    #[test]
    fn rooms_at_the_edge_of_i32_are_refused() {
        let m = i32::MAX - 10;
        let mut rooms = vec![r(m, m, 10, 10); 30];
        let before = rooms.clone();
        assert_eq!(
            separate(&mut rooms, SeparateOptions::default()),
            Err(ScatterError::OutOfRange)
        );
        assert_eq!(rooms, before);
    }

    /// No overlap (padding kept), by a sweep over x: for big outputs.
    fn clear_sweep(rooms: &[Rect], pad: i64) -> bool {
        let mut by_x: Vec<&Rect> = rooms.iter().collect();
        by_x.sort_by_key(|r| r.x());
        for (k, a) in by_x.iter().enumerate() {
            for b in &by_x[k + 1..] {
                if i64::from(b.x()) >= i64::from(a.right()) + pad {
                    break;
                }
                if a.x_gap(b) < pad && a.y_gap(b) < pad {
                    return false;
                }
            }
        }
        true
    }

    #[test]
    fn spiral_points_are_distinct_rings() {
        let mut seen = std::collections::BTreeSet::new();
        for k in 0..2000u64 {
            let (x, y) = spiral(k);
            assert!(seen.insert((x, y)), "{k}");
            // Point k lies on ring r when (2r - 1)^2 <= k < (2r + 1)^2.
            let r = x.abs().max(y.abs()) as u64;
            assert!(k < (2 * r + 1) * (2 * r + 1));
            assert!(r == 0 || (2 * r - 1) * (2 * r - 1) <= k);
        }
    }

    #[test]
    fn overlap_check_stops_at_the_first_overlap() {
        let b = |x, y, w, h| [x, y, w, h];
        assert!(!any_overlap(&[]));
        assert!(!any_overlap(&[b(0, 0, 4, 4), b(4, 0, 4, 4), b(0, 4, 8, 1)]));
        assert!(any_overlap(&[b(0, 0, 4, 4), b(3, 3, 4, 4)]));
        // Far apart on x, a huge box among small ones.
        assert!(any_overlap(&[
            b(-1000, 0, 3, 3),
            b(0, 0, 900, 2),
            b(899, 1, 1, 1)
        ]));
        assert!(!any_overlap(&[
            b(-1000, 0, 3, 3),
            b(0, 0, 900, 2),
            b(900, 1, 1, 1)
        ]));
    }

    #[test]
    fn settling_closes_gaps_and_keeps_rooms_apart() {
        let mut rooms = vec![r(0, 0, 4, 4), r(10, 0, 4, 4)];
        settle(&mut rooms, &[true, true], 0, 8);
        assert_eq!(rooms, [r(4, 0, 4, 4), r(8, 0, 4, 4)]);
        // Padding is kept, and a room that did not move stays.
        let mut rooms = vec![r(0, 0, 4, 4), r(10, 0, 4, 4), r(30, 0, 2, 2)];
        settle(&mut rooms, &[false, true, true], 1, 8);
        assert_eq!(rooms[0], r(0, 0, 4, 4));
        assert!(clear(&rooms, 1));
        // Rooms 1 and 2 meet near the centroid, one cell apart.
        assert_eq!(rooms[2].x_gap(&rooms[1]), 1);
    }

    /// A wide room sliding towards a centroid near the left edge searches
    /// a window reaching more than a cell left of the grid's first corner:
    /// its column is the first, so the room in the way is still found.
    #[test]
    fn a_slide_past_the_grid_edge_still_stops_at_a_room() {
        // Fixed rooms of one cell at x 0, one on each third row around
        // y 0 (their doubled centres average 1 on y, the wide room's too).
        let mut rooms: Vec<Rect> = (-5..=5).map(|k| r(0, 3 * k, 1, 1)).collect();
        rooms.push(r(20, 0, 12, 1));
        let mut movable = vec![false; rooms.len()];
        movable[11] = true;
        settle(&mut rooms, &movable, 0, 6);
        // A slide of 12 cells, then one of 11 cut to 7 by the room at x 0.
        assert_eq!(rooms[11], r(1, 0, 12, 1));
        assert!(clear(&rooms, 0));
    }

    #[test]
    fn thousands_of_rooms_on_one_spot_finish_apart() {
        // The spiral fans them out and the scaling packs them: no step of
        // all pairs (a million such rooms take seconds in release).
        for (count, padding) in [(3000, 0), (500, 2)] {
            let mut rooms = vec![r(7, -3, 5, 5); count];
            let opts = SeparateOptions {
                padding,
                ..SeparateOptions::default()
            };
            separate(&mut rooms, opts).unwrap();
            assert!(clear_sweep(&rooms, i64::from(padding)));
            assert!(rooms.iter().all(|q| (q.w(), q.h()) == (5, 5)));
        }
    }
}
