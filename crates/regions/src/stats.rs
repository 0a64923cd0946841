//! Per-region statistics, gathered run by run while labels are written.

use mcrdun_geom::{Point, Rect};

/// Area, bounding box and coordinate sums of one region.
///
/// Gathered per run of floor (not per cell) during the pass that writes the
/// labels, so asking for them costs little beyond plain labelling. On a
/// wrapping map the box is taken in grid coordinates: a region that crosses
/// the seam spans the whole axis.
///
/// The layout is C's (`repr(C)`, 48 bytes, no padding), so that the C ABI can
/// gather statistics straight into a caller's array.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(C)]
pub struct RegionStats {
    /// Number of cells.
    pub area: u64,
    /// Smallest column of any cell.
    pub min_x: u32,
    /// Smallest row of any cell (the row of the region's first cell).
    pub min_y: u32,
    /// Largest column of any cell.
    pub max_x: u32,
    /// Largest row of any cell.
    pub max_y: u32,
    /// Sum of the columns of all cells (`sum_x / area` is the centroid's x).
    pub sum_x: u64,
    /// Sum of the rows of all cells.
    pub sum_y: u64,
}

impl RegionStats {
    /// Statistics of a region with no cells yet, ready to [`RegionStats::add_run`].
    pub const EMPTY: RegionStats = RegionStats {
        area: 0,
        min_x: u32::MAX,
        min_y: u32::MAX,
        max_x: 0,
        max_y: 0,
        sum_x: 0,
        sum_y: 0,
    };

    /// Adds the cells `start..end` of row `y` (`start < end`).
    #[inline]
    pub fn add_run(&mut self, y: u32, start: u32, end: u32) {
        let len = u64::from(end - start);
        self.area += len;
        self.min_x = self.min_x.min(start);
        self.max_x = self.max_x.max(end - 1);
        self.min_y = self.min_y.min(y);
        self.max_y = self.max_y.max(y);
        // start + (start+1) + ... + (end-1) = (start + end - 1) * len / 2:
        // the product is even and below 2^63 (both coordinates < 2^31), so
        // it is exact in u64 without a branch on parity.
        self.sum_x += (u64::from(start) + u64::from(end) - 1) * len / 2;
        self.sum_y += u64::from(y) * len;
    }

    /// Adds a run of a pair of rows `y`, `y + 1`: `area` cells, `lower` of
    /// them on row `y + 1`, spanning columns `x.0..=x.1`, whose columns sum
    /// to `sum_x`.
    #[inline]
    pub(crate) fn add_pair(&mut self, y: u32, area: u64, lower: u64, x: (u32, u32), sum_x: u64) {
        self.area += area;
        self.min_x = self.min_x.min(x.0);
        self.max_x = self.max_x.max(x.1);
        // The run starts on row y unless all its cells are on the lower row.
        self.min_y = self.min_y.min(y + u32::from(lower == area));
        self.max_y = self.max_y.max(y + u32::from(lower > 0));
        self.sum_x += sum_x;
        self.sum_y += u64::from(y) * area + lower;
    }

    /// Adds the runs of row `y` summed in `span` (see [`RowSpan`]).
    #[inline]
    pub(crate) fn add_span(&mut self, y: u32, span: &RowSpan) {
        self.area += span.area;
        self.min_x = self.min_x.min(span.min_x);
        self.max_x = self.max_x.max(span.max_x);
        self.min_y = self.min_y.min(y);
        self.max_y = self.max_y.max(y);
        self.sum_x += span.sum_x;
        self.sum_y += u64::from(y) * span.area;
    }

    /// The bounding box, or `None` for a region with no cells.
    ///
    /// ```
    /// use mcrdun_regions::RegionStats;
    /// use mcrdun_geom::Rect;
    /// let mut s = RegionStats::EMPTY;
    /// s.add_run(3, 2, 5);
    /// s.add_run(4, 4, 8);
    /// assert_eq!(s.bounds(), Some(Rect::new(2, 3, 6, 2)?));
    /// assert_eq!(s.area, 7);
    /// # Ok::<(), mcrdun_geom::GeomError>(())
    /// ```
    pub fn bounds(&self) -> Option<Rect> {
        if self.area == 0 {
            return None;
        }
        // Sides fit: every coordinate is below a grid side <= i32::MAX.
        Rect::new(
            self.min_x as i32,
            self.min_y as i32,
            (self.max_x - self.min_x + 1) as i32,
            (self.max_y - self.min_y + 1) as i32,
        )
        .ok()
    }

    /// The centroid rounded down to a cell, `(sum_x / area, sum_y / area)`,
    /// or `None` for a region with no cells. Integer arithmetic, so the same
    /// on every platform. (It need not be a cell of the region.)
    pub fn centroid(&self) -> Option<Point> {
        if self.area == 0 {
            return None;
        }
        Some(Point::new(
            (self.sum_x / self.area) as i32,
            (self.sum_y / self.area) as i32,
        ))
    }
}

/// The label of the region with the largest area; on a tie the lowest label
/// (the one whose first cell comes first in raster order). `None` when there
/// are no regions.
///
/// ```
/// use mcrdun_regions::{largest_region, RegionStats};
/// let mut a = RegionStats::EMPTY;
/// a.add_run(0, 0, 3);
/// let mut b = RegionStats::EMPTY;
/// b.add_run(1, 0, 5);
/// assert_eq!(largest_region(&[a, b, a]), Some(1));
/// assert_eq!(largest_region(&[]), None);
/// ```
pub fn largest_region(stats: &[RegionStats]) -> Option<u32> {
    let mut best: Option<(u32, u64)> = None;
    for (i, s) in stats.iter().enumerate() {
        if best.is_none_or(|(_, area)| s.area > area) {
            best = Some((i as u32, s.area));
        }
    }
    best.map(|(i, _)| i)
}

/// Runs of one row, left to right, summed before they are added to a
/// region's statistics at once.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct RowSpan {
    pub(crate) area: u64,
    pub(crate) sum_x: u64,
    pub(crate) min_x: u32,
    pub(crate) max_x: u32,
}

impl RowSpan {
    /// Adds the run `start..end` (`start < end`), right of those before.
    #[inline(always)]
    pub(crate) fn add(&mut self, start: u32, end: u32) {
        let len = u64::from(end - start);
        self.area += len;
        self.sum_x += (u64::from(start) + u64::from(end) - 1) * len / 2;
        self.max_x = end - 1;
    }
}
