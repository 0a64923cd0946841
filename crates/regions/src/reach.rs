//! Reachability: which region a cell is in, whether points share a region,
//! whether the whole floor is one region.

use crate::cells::{Cells, FloorCell};
use crate::label::{Labeller, scan_bytes};
use crate::stats::RegionStats;
use crate::{LabelOptions, NO_REGION, RegionsError};
use mcrdun_geom::memory::{Budget, check_bytes, try_vec, try_with_capacity};
use mcrdun_geom::{GeomError, Grid, Point};

/// A labelled map that owns its labels and statistics: the convenient form
/// for questions about regions ("are both stairs in one region?").
///
/// ```
/// use mcrdun_geom::{Grid, Point};
/// use mcrdun_regions::{Connectivity, Labels};
/// let rows = ["##.##",
///             "#..#.",
///             "####."];
/// let grid = Grid::from_fn(5, 3, |p| rows[p.y as usize].as_bytes()[p.x as usize] == b'.')?;
/// let labels = Labels::new(&grid, Connectivity::Four)?;
/// assert_eq!(labels.count(), 2);
/// let up = Point::new(2, 0);
/// let down = Point::new(4, 2);
/// assert_eq!(labels.region_at(up)?, Some(0));
/// assert_eq!(labels.regions_touched(&[up, down, Point::new(0, 0)])?, [0, 1]);
/// assert!(!labels.same_region(&[up, down])?);
/// assert_eq!(labels.stats()[1].area, 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Labels {
    grid: Grid<u32>,
    stats: Vec<RegionStats>,
}

impl Labels {
    /// Labels `cells`, keeping the labels and each region's statistics.
    ///
    /// Working memory: the labels (4 bytes a cell, kept), the labelling's
    /// scratch (see [`Labeller::label_with_stats`]: 6 bytes a cell, 4.25
    /// with 8-connectivity, 20 a column, 30 a row) and the statistics (48
    /// bytes a region, kept), checked against the memory budget before
    /// any cell is read and again, with the number of regions, before the
    /// statistics are allocated.
    ///
    /// # Errors
    /// [`RegionsError::TooManyRuns`] past `u32::MAX - 1` runs of floor,
    /// [`RegionsError::Geom`] (`OverBudget`) above the memory budget.
    pub fn new<'a, T: FloorCell>(
        cells: impl Into<Cells<'a, T>>,
        options: impl Into<LabelOptions>,
    ) -> Result<Labels, RegionsError> {
        let _budget = Budget::start();
        let cells = cells.into();
        let options = options.into();
        let what = "labelling a map";
        let labels = 4 * cells.len() as u64;
        let scan = scan_bytes(
            cells.width() as usize,
            cells.height() as usize,
            options,
            true,
        );
        check_bytes(what, labels.saturating_add(scan))?;
        let mut grid = Grid::from_vec(
            cells.width(),
            cells.height(),
            try_vec(what, cells.len(), NO_REGION)?,
        )?;
        let mut labeller = Labeller::new();
        let prepared = labeller.prepare(cells, options)?;
        let count = prepared.count() as usize;
        let each = core::mem::size_of::<RegionStats>() as u64;
        check_bytes(
            "region statistics",
            (labels + scan).saturating_add(count as u64 * each),
        )?;
        let mut stats = Vec::new();
        stats
            .try_reserve_exact(count)
            .map_err(|_| GeomError::OutOfMemory {
                what: "region statistics",
                needed: count as u64 * each,
            })?;
        stats.resize(count, RegionStats::EMPTY);
        prepared.write_with_stats(grid.as_mut_slice(), &mut stats)?;
        Ok(Labels { grid, stats })
    }

    /// Number of regions.
    pub fn count(&self) -> u32 {
        self.stats.len() as u32
    }

    /// The labels, one per cell ([`NO_REGION`] for walls).
    pub fn grid(&self) -> &Grid<u32> {
        &self.grid
    }

    /// The labels as a grid, by value.
    pub fn into_grid(self) -> Grid<u32> {
        self.grid
    }

    /// Statistics of each region, indexed by label.
    pub fn stats(&self) -> &[RegionStats] {
        &self.stats
    }

    /// The label of the region with the most cells (lowest label on a tie).
    pub fn largest(&self) -> Option<u32> {
        crate::largest_region(&self.stats)
    }

    /// Whether all floor is one region (true also when there is no floor).
    pub fn is_connected(&self) -> bool {
        self.stats.len() <= 1
    }

    /// The region of the cell at `p`, `None` for a wall.
    ///
    /// # Errors
    /// [`RegionsError::OutOfBounds`] when `p` is outside the grid.
    pub fn region_at(&self, p: Point) -> Result<Option<u32>, RegionsError> {
        let label = *self.grid.get(p).ok_or(RegionsError::OutOfBounds {
            point: p,
            width: self.grid.width(),
            height: self.grid.height(),
        })?;
        Ok((label != NO_REGION).then_some(label))
    }

    /// The distinct regions that `points` stand in, ascending; points on
    /// walls contribute nothing. Working memory: 4 bytes a point.
    ///
    /// # Errors
    /// [`RegionsError::OutOfBounds`] when a point is outside the grid,
    /// [`RegionsError::Geom`] (`OverBudget`) above the memory budget.
    pub fn regions_touched(&self, points: &[Point]) -> Result<Vec<u32>, RegionsError> {
        let _budget = Budget::start();
        let mut regions = try_with_capacity("regions touched", points.len())?;
        for &p in points {
            if let Some(r) = self.region_at(p)? {
                regions.push(r);
            }
        }
        regions.sort_unstable();
        regions.dedup();
        Ok(regions)
    }

    /// Whether every point stands on floor and all of them in one region
    /// (vacuously true for no points).
    ///
    /// # Errors
    /// [`RegionsError::OutOfBounds`] when a point is outside the grid.
    pub fn same_region(&self, points: &[Point]) -> Result<bool, RegionsError> {
        let mut first = None;
        for &p in points {
            match (self.region_at(p)?, first) {
                (None, _) => return Ok(false),
                (Some(r), None) => first = Some(r),
                (Some(r), Some(f)) if r != f => return Ok(false),
                _ => {}
            }
        }
        Ok(true)
    }

    /// A mask of the cells of `region` (1 byte a cell, checked against the
    /// memory budget).
    ///
    /// # Errors
    /// [`RegionsError::NoSuchRegion`] when `region >= count()`,
    /// [`RegionsError::Geom`] (`OverBudget`) above the memory budget.
    pub fn mask(&self, region: u32) -> Result<Grid<bool>, RegionsError> {
        let _budget = Budget::start();
        if region >= self.count() {
            return Err(RegionsError::NoSuchRegion {
                region,
                count: self.count(),
            });
        }
        check_bytes("a region's mask", self.grid.len() as u64)?;
        Ok(self.grid.map(|&l| l == region))
    }
}

/// The cells reachable from `start` by walking on floor: a mask that is
/// `true` on `start`'s region. All `false` when `start` is a wall.
///
/// Costs one labelling of the grid (a flood fill would touch fewer cells for
/// a small region, but labelling is as fast as reading the grid). Working
/// memory: 4 bytes a cell for the labels and the labelling's scratch (see
/// [`Labeller::label`]: 10 bytes a cell in all, 8 with 8-connectivity,
/// plus 20 a column and 30 a row), then the answer (1 byte a cell, in
/// place of the scratch), checked before any cell is read.
///
/// # Errors
/// [`RegionsError::OutOfBounds`] when `start` is outside the grid,
/// [`RegionsError::Geom`] (`OverBudget`) above the memory budget.
///
/// ```
/// use mcrdun_geom::{Grid, Point};
/// use mcrdun_regions::{reachable_from, Connectivity};
/// let grid = Grid::from_vec(3, 1, vec![true, false, true])?;
/// let mask = reachable_from(&grid, Point::new(0, 0), Connectivity::Four)?;
/// assert_eq!(mask.as_slice(), &[true, false, false]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn reachable_from<'a, T: FloorCell>(
    cells: impl Into<Cells<'a, T>>,
    start: Point,
    options: impl Into<LabelOptions>,
) -> Result<Grid<bool>, RegionsError> {
    let cells = cells.into();
    let (w, h) = (cells.width(), cells.height());
    let inside = start.x >= 0 && start.y >= 0 && (start.x as u32) < w && (start.y as u32) < h;
    if !inside {
        return Err(RegionsError::OutOfBounds {
            point: start,
            width: w,
            height: h,
        });
    }
    let _budget = Budget::start();
    let options = options.into();
    // Working memory: a label (4 bytes) a cell, with the labelling's
    // scratch and then with the answer (1 byte a cell).
    let n = cells.len() as u64;
    let scan = scan_bytes(w as usize, h as usize, options, false);
    check_bytes("reachable_from", (4 * n).saturating_add(scan.max(n)))?;
    let mut labels = try_vec("reachable_from", cells.len(), NO_REGION)?;
    Labeller::new().label(cells, options, &mut labels)?;
    let target = labels[start.y as usize * w as usize + start.x as usize];
    let mask = labels
        .iter()
        .map(|&l| l == target && l != NO_REGION)
        .collect();
    Ok(Grid::from_vec(w, h, mask)?)
}

/// Whether all floor of `cells` is one region (true when there is no floor).
/// Working memory: the labelling's scratch (see [`Labeller::count`]).
///
/// # Errors
/// [`RegionsError::TooManyRuns`] past `u32::MAX - 1` runs of floor,
/// [`RegionsError::Geom`] (`OverBudget`) above the memory budget.
///
/// ```
/// use mcrdun_geom::Grid;
/// use mcrdun_regions::{is_connected, Connectivity};
/// let grid = Grid::from_vec(2, 2, vec![true, false, false, true])?;
/// assert!(!is_connected(&grid, Connectivity::Four)?);
/// assert!(is_connected(&grid, Connectivity::Eight)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn is_connected<'a, T: FloorCell>(
    cells: impl Into<Cells<'a, T>>,
    options: impl Into<LabelOptions>,
) -> Result<bool, RegionsError> {
    Ok(Labeller::new().count(cells, options)? <= 1)
}
