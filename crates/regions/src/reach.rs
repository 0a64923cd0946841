//! Reachability: which region a cell is in, whether points share a region,
//! whether the whole floor is one region.

use crate::cells::{Cells, FloorCell};
use crate::label::Labeller;
use crate::stats::RegionStats;
use crate::{LabelOptions, NO_REGION, RegionsError};
use mcrdun_geom::{Grid, Point};

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
    /// # Errors
    /// [`RegionsError::TooManyRuns`] past `u32::MAX - 1` runs of floor.
    pub fn new<'a, T: FloorCell>(
        cells: impl Into<Cells<'a, T>>,
        options: impl Into<LabelOptions>,
    ) -> Result<Labels, RegionsError> {
        let cells = cells.into();
        let mut grid = Grid::new(cells.width(), cells.height(), NO_REGION)?;
        let mut stats = Vec::new();
        Labeller::new().label_with_stats(cells, options, grid.as_mut_slice(), &mut stats)?;
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
    /// walls contribute nothing.
    ///
    /// # Errors
    /// [`RegionsError::OutOfBounds`] when a point is outside the grid.
    pub fn regions_touched(&self, points: &[Point]) -> Result<Vec<u32>, RegionsError> {
        let mut regions = Vec::with_capacity(points.len());
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

    /// A mask of the cells of `region`.
    ///
    /// # Errors
    /// [`RegionsError::NoSuchRegion`] when `region >= count()`.
    pub fn mask(&self, region: u32) -> Result<Grid<bool>, RegionsError> {
        if region >= self.count() {
            return Err(RegionsError::NoSuchRegion {
                region,
                count: self.count(),
            });
        }
        Ok(self.grid.map(|&l| l == region))
    }
}

/// The cells reachable from `start` by walking on floor: a mask that is
/// `true` on `start`'s region. All `false` when `start` is a wall.
///
/// Costs one labelling of the grid (a flood fill would touch fewer cells for
/// a small region, but labelling is as fast as reading the grid).
///
/// # Errors
/// [`RegionsError::OutOfBounds`] when `start` is outside the grid.
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
    // Working memory: a label (4 bytes) and the answer (1) per cell.
    mcrdun_geom::memory::check_budget("reachable_from", cells.len() as u64, 5)?;
    let mut labels = mcrdun_geom::memory::try_vec("reachable_from", cells.len(), NO_REGION)?;
    Labeller::new().label(cells, options, &mut labels)?;
    let target = labels[start.y as usize * w as usize + start.x as usize];
    let mask = labels
        .iter()
        .map(|&l| l == target && l != NO_REGION)
        .collect();
    Ok(Grid::from_vec(w, h, mask)?)
}

/// Whether all floor of `cells` is one region (true when there is no floor).
///
/// # Errors
/// [`RegionsError::TooManyRuns`] past `u32::MAX - 1` runs of floor.
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
