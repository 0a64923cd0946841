//! Distance maps for mcrdun: the walking distance from every cell to the
//! nearest of many sources ("Dijkstra maps"), descent paths that roll
//! downhill over them, and the farthest reachable cell.
//!
//! # What is computed
//!
//! A map is `width * height` cells, row-major (`index = y * width + x`).
//! The **cost grid** gives each cell the price of entering it: `0` means
//! impassable, any other value (`u8`, `u16`, or `bool` for a walkable mask
//! with unit costs) is the cost. The **distance grid** (`i32` per cell) is
//! both input and output: on input [`UNREACHED`] (`i32::MAX`) marks a cell
//! that is not a source, and any other value, negative included, makes the
//! cell a source with that starting value. On output each cell holds
//!
//! ```text
//! dist(c) = min over sources s and paths s -> c of
//!           start(s) + sum over the path's steps of multiplier(step) * cost(cell entered)
//! ```
//!
//! or [`UNREACHED`] when no path exists. A step is one of the 4 cardinal
//! moves (multiplier [`Steps::cardinal`]) or the 4 diagonal ones
//! ([`Steps::diagonal`]); a multiplier of 0 turns that kind of move off, so
//! `1, 0` is 4-connected breadth-first search, `1, 1` Chebyshev distance
//! and `2, 3` a near-octile metric. Diagonal steps may pass between two
//! impassable cells, as python-tcod allows; [`Steps::without_corner_cutting`]
//! forbids a diagonal step unless both cells beside it are passable. A
//! source may stand on an impassable cell: it keeps its value and walks
//! out of it.
//!
//! These are exactly python-tcod's `tcod.path.dijkstra2d(dist, cost,
//! cardinal, diagonal, out=dist)` semantics for integer costs (the peer
//! script `benches/peers/distance_tcod.py` checks equality on every map it
//! times), with one addition: arithmetic never overflows. A distance that
//! would exceed [`SATURATED`] (`i32::MAX - 1`) is stored as `SATURATED`, so
//! a reachable cell is never reported unreachable; saturation is monotone,
//! so the map stays the minimum over paths of the saturated sums.
//!
//! Because the output is a valid input, a map can be **rescanned** in
//! place: Brogue's flee map is a distance map scaled by -1.2 ([`scale`]`(d,
//! -6, 5)`) and scanned again, which makes monsters run towards far-away
//! exits rather than into corners.
//!
//! # Algorithms and their cost
//!
//! [`DistanceScratch::compute`] reads the map once (the range of the costs
//! and the sources), sorts the sources by value unless they already come
//! in order (the usual case: one value), and picks per call
//! ([`Algorithm::Auto`]):
//!
//! - **rings** when every passable cell has the same cost, so that steps
//!   weigh one or two values (cardinal and diagonal). With one weight, a
//!   first-in first-out queue already in distance order, merged with the
//!   sorted sources; with two, one such queue per weight, merged, or, when
//!   both weights are at most 3 (unit costs, steps such as `2, 3`), four
//!   buckets where every step out of one bucket lands in one of two buckets
//!   fixed for that bucket. These run branch-free over a padded copy of
//!   the map (a one-cell impassable border, so that no step needs a bounds
//!   test), except on a map that is mostly walls, where the copies would
//!   cost more than the search, and with two weights from sources at one
//!   value (or on maps of a million cells or more): there the bit-plane
//!   engine below runs instead. O(n + s log s) for n cells and s unsorted
//!   sources.
//! - **buckets** (Dial) when the largest step weight W = `max(cardinal,
//!   diagonal) * max cost` is at most [`AUTO_BUCKET_MAX_WEIGHT`]: a circular
//!   array of the next power of two above W buckets of cells, run in place
//!   on the caller's buffers over bit planes (walls, cells already
//!   offered a step), so that a step reads the eight neighbours' state
//!   from three cached 32-bit words and the distance map is written once
//!   per cell, never compared. Every cell enters the queue once: a step
//!   of the dearer kind, and a source's start value, are held back until
//!   every step that could beat them has been offered. O(n + s log s +
//!   D), D the spread of distances walked.
//! - **heap** otherwise: a binary heap of (distance, cell) over the padded
//!   copy. O((n + r) log n), r the improvements (at most 8 per cell).
//!
//! When a sum could come near [`SATURATED`] (extreme start values or
//! weights), rings and buckets run over the padded copy with saturating
//! sums instead. All give the same map. Working memory is stated on
//! [`DistanceScratch`]; nothing is allocated per cell, every buffer sized
//! from the input is reserved fallibly
//! ([`DistanceError::AllocationFailed`]), maps above a ceiling
//! ([`DistanceScratch::set_max_cells`]) are refused before any work, and
//! so are maps whose working memory passes the memory budget of
//! [`mcrdun_geom::memory`] (the queues that grow with the search are
//! counted as they grow). On any error the caller's distance map is left
//! unchanged.
//!
//! # Reading a map
//!
//! - [`descent`]: from a cell, the path that rolls to the steepest lower
//!   neighbour until none is lower (python-tcod's `hillclimb2d`), ties
//!   broken by [`DESCENT_ORDER`]. On a distance map it ends at a source:
//!   the shortest way there, read backwards.
//! - [`farthest`]: the reached cell with the greatest distance (stairs far
//!   apart, the end of a level).
//! - [`walk_distances`] and [`farthest_walk`]: the convenience a level
//!   generator needs, over a walkable mask with unit costs.
//!
//! # Example
//!
//! ```
//! use mcrdun_distance::{descent, farthest, DistanceScratch, Steps, UNREACHED};
//! use mcrdun_geom::Point;
//!
//! // python-tcod's dijkstra2d example: a wall in the middle column.
//! let costs: [u8; 9] = [1, 0, 1,
//!                       1, 0, 1,
//!                       1, 1, 1];
//! let mut dist = [UNREACHED; 9];
//! dist[0] = 0; // the one source, at (0, 0)
//! let mut scratch = DistanceScratch::new();
//! scratch.compute(&costs, &mut dist, 3, 3, Steps::new(2, 3))?;
//! assert_eq!(dist, [0, UNREACHED, 10,
//!                   2, UNREACHED, 8,
//!                   4, 5, 7]);
//!
//! // Roll downhill from the far corner back to the source.
//! let path: Vec<Point> = descent(&dist, 3, 3, Point::new(2, 2), Steps::EIGHT)?.collect();
//! assert_eq!(path, [Point::new(2, 2), Point::new(1, 2), Point::new(0, 1), Point::new(0, 0)]);
//!
//! // The cell farthest from the source.
//! assert_eq!(farthest(&dist, 3, 3)?, Some((Point::new(2, 0), 10)));
//! # Ok::<(), mcrdun_distance::DistanceError>(())
//! ```
#![forbid(unsafe_code)]

mod descent;
mod error;
mod meter;
mod planes;
mod scratch;

pub use descent::{DESCENT_ORDER, Descent, descent, farthest, scale};
pub use error::DistanceError;
pub use scratch::{AUTO_BUCKET_MAX_WEIGHT, BUCKET_MAX_WEIGHT, DEFAULT_MAX_CELLS, DistanceScratch};

use mcrdun_geom::{Grid, Point};

/// The distance of a cell that is not a source (input) or that no path
/// reaches (output): `i32::MAX`, python-tcod's `maxarray` value.
pub const UNREACHED: i32 = i32::MAX;

/// The largest distance stored: a sum that would pass it is stored as
/// `i32::MAX - 1`, so that reached and unreached cells stay apart.
pub const SATURATED: i32 = i32::MAX - 1;

/// The moves allowed and what they cost: entering a cell of cost `c` by a
/// cardinal step costs `cardinal * c`, by a diagonal step `diagonal * c`;
/// a multiplier of 0 forbids that kind of move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Steps {
    /// Multiplier of the four cardinal moves (0: off).
    pub cardinal: u32,
    /// Multiplier of the four diagonal moves (0: off).
    pub diagonal: u32,
    /// Whether a diagonal move may pass an impassable cell beside it
    /// (python-tcod: yes). When `false`, both cells beside a diagonal step
    /// must be passable.
    pub corner_cutting: bool,
}

impl Steps {
    /// 4-connected, unit multiplier (`1, 0`).
    pub const FOUR: Steps = Steps::new(1, 0);
    /// 8-connected, unit multipliers (`1, 1`): Chebyshev distance.
    pub const EIGHT: Steps = Steps::new(1, 1);
    /// `2, 3`: a near-octile metric (diagonals cost 1.5 cardinals).
    pub const OCTILE: Steps = Steps::new(2, 3);

    /// The given multipliers, with corner cutting allowed.
    pub const fn new(cardinal: u32, diagonal: u32) -> Steps {
        Steps {
            cardinal,
            diagonal,
            corner_cutting: true,
        }
    }

    /// The same moves, but a diagonal step needs both cells beside it
    /// passable.
    pub const fn without_corner_cutting(self) -> Steps {
        Steps {
            corner_cutting: false,
            ..self
        }
    }
}

/// How [`DistanceScratch::compute_with`] finds the distances; every
/// algorithm gives the same map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Algorithm {
    /// Pick per call (see the crate docs).
    Auto,
    /// Breadth-first rings: only when every passable cell has the same cost.
    Rings,
    /// Dial's bucket queue: only when the largest step weight is at most
    /// [`BUCKET_MAX_WEIGHT`].
    Buckets,
    /// A binary heap: always.
    Heap,
}

mod private {
    pub trait Sealed {}
    impl Sealed for u8 {}
    impl Sealed for u16 {}
    impl Sealed for bool {}
}

/// A cell type of a cost grid: `u8`, `u16`, or `bool` (`true` = walkable
/// at cost 1). Zero is impassable.
pub trait Cost: Copy + private::Sealed {
    /// The cost of entering the cell (0: impassable).
    fn cost(self) -> u16;
}

impl Cost for u8 {
    #[inline(always)]
    fn cost(self) -> u16 {
        self.into()
    }
}

impl Cost for u16 {
    #[inline(always)]
    fn cost(self) -> u16 {
        self
    }
}

impl Cost for bool {
    #[inline(always)]
    fn cost(self) -> u16 {
        self.into()
    }
}

/// A distance map over `costs` from scratch (a fresh [`DistanceScratch`]):
/// see [`DistanceScratch::compute`].
///
/// # Errors
/// As [`DistanceScratch::compute`].
pub fn distance_map<C: Cost>(
    costs: &[C],
    dist: &mut [i32],
    width: u32,
    height: u32,
    steps: Steps,
) -> Result<Algorithm, DistanceError> {
    DistanceScratch::new().compute(costs, dist, width, height, steps)
}

/// Walking distances over a walkable mask (unit costs) from `sources`,
/// each starting at 0: the map a level generator asks for. Cells no source
/// reaches hold [`UNREACHED`]. A source on a wall still counts (it walks
/// out of it). `steps` is usually [`Steps::FOUR`] or [`Steps::EIGHT`].
///
/// ```
/// use mcrdun_distance::{walk_distances, Steps, UNREACHED};
/// use mcrdun_geom::{Grid, Point};
/// let walkable = Grid::from_vec(4, 1, vec![true, true, false, true])?;
/// let d = walk_distances(&walkable, &[Point::new(0, 0)], Steps::FOUR)?;
/// assert_eq!(d.as_slice(), &[0, 1, UNREACHED, UNREACHED]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// Working memory: the distances returned (4 bytes a cell) and those of
/// [`DistanceScratch::compute`], counted together against the memory
/// budget.
///
/// # Errors
/// [`DistanceError::OutOfBounds`] for a source outside the grid, and those
/// of [`DistanceScratch::compute`].
pub fn walk_distances(
    walkable: &Grid<bool>,
    sources: &[Point],
    steps: Steps,
) -> Result<Grid<i32>, DistanceError> {
    let _budget = mcrdun_geom::memory::Budget::start();
    let (width, height) = (walkable.width(), walkable.height());
    let held = 4 * walkable.len() as u64;
    mcrdun_geom::memory::check_bytes("walking distances", held)?;
    let mut cells = Vec::new();
    cells
        .try_reserve_exact(walkable.len())
        .map_err(|_| DistanceError::AllocationFailed {
            bytes: walkable.len().saturating_mul(4),
        })?;
    cells.resize(walkable.len(), UNREACHED);
    for &p in sources {
        let i = walkable.index_of(p).ok_or(DistanceError::OutOfBounds {
            point: p,
            width,
            height,
        })?;
        cells[i] = 0;
    }
    meter::holding(held, || {
        DistanceScratch::new().compute(walkable.as_slice(), &mut cells, width, height, steps)
    })?;
    Ok(Grid::from_vec(width, height, cells)?)
}

/// The walkable cell farthest (by walking) from the nearest of `sources`,
/// and its distance: where to put the down stairs when the up stairs are
/// the source. `None` when no cell is reached (no sources).
///
/// ```
/// use mcrdun_distance::{farthest_walk, Steps};
/// use mcrdun_geom::{Grid, Point};
/// // A U-shaped corridor: the far end is 6 steps away, not 2.
/// let walkable = Grid::from_fn(3, 3, |p| p.x != 1 || p.y == 2)?;
/// let far = farthest_walk(&walkable, &[Point::new(0, 0)], Steps::FOUR)?;
/// assert_eq!(far, Some((Point::new(2, 0), 6)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// As [`walk_distances`].
pub fn farthest_walk(
    walkable: &Grid<bool>,
    sources: &[Point],
    steps: Steps,
) -> Result<Option<(Point, i32)>, DistanceError> {
    let d = walk_distances(walkable, sources, steps)?;
    farthest(d.as_slice(), d.width(), d.height())
}
