//! Two-pass labelling over runs of floor.
//!
//! Pass one reads the grid row by row, splits each row into runs of floor
//! ([`crate::runs`]) and joins every run with the runs it touches on the row
//! above in a union-find table indexed by run number (an equivalence table
//! with no limit on the number of labels). Pass two turns the table into compact labels
//! in one forward sweep over the runs, then writes each run's label (and
//! `NO_REGION` between runs) into the caller's buffer, gathering region
//! statistics per run on the way. With 8-connectivity on a map that does
//! not wrap, the runs are those of pairs of rows ([`Labeller::scan_pairs`]).
//!
//! The work is split by pass: [`scan`] holds pass one (the scans, the
//! growth of the run tables, the seam joins and the working-memory sizes),
//! [`write`](mod@write) pass two (the label writers and their block stores),
//! [`stats`] the statistics of pair runs from bit counts, and [`bits`]
//! the bit-counting helpers those use. This file keeps [`Labeller`], its
//! public methods and [`Prepared`].

mod bits;
mod scan;
mod stats;
mod write;

use crate::cells::{Cells, FloorCell};
use crate::rowbits::RowBits;
use crate::stats::RegionStats;
use crate::{LabelOptions, RegionsError};
use mcrdun_geom::GeomError;
use mcrdun_geom::memory::{Budget, check_bytes};

pub(crate) use scan::scan_bytes;

/// Reusable scratch space for labelling: the runs, their union-find table
/// and a row buffer. Labelling many maps with one `Labeller` allocates only
/// when a map has more runs than any before it.
///
/// ```
/// use mcrdun_regions::{Cells, Connectivity, Labeller, NO_REGION};
/// let map = [1u8, 1, 0, 1,
///            0, 0, 0, 1];
/// let mut labels = [0u32; 8];
/// let mut labeller = Labeller::new();
/// let n = labeller.label(Cells::from_slice(&map, 4, 2)?, Connectivity::Four, &mut labels)?;
/// assert_eq!(n, 2);
/// assert_eq!(labels, [0, 0, NO_REGION, 1, NO_REGION, NO_REGION, NO_REGION, 1]);
/// # Ok::<(), mcrdun_regions::RegionsError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Labeller {
    /// Run boundaries, two per run: start, end (exclusive).
    edges: Vec<u32>,
    /// `row_start[y]` is the number of the first run of row `y`.
    row_start: Vec<u32>,
    /// Union-find parents, then final labels, one per run.
    parent: Vec<u32>,
    /// One row's run boundaries, written without branches.
    row_buf: Vec<u32>,
    /// One row's contact columns (see
    /// [`touching`](crate::rowbits::touching)).
    contacts: Vec<u32>,
    /// The current and the previous row as bits, and the first row (for a
    /// map that wraps north-south).
    cur: RowBits,
    prev: RowBits,
    first: RowBits,
    /// The two rows of the current pair and the lower row of the pair
    /// above, when rows are labelled in pairs (see [`Labeller::scan_pairs`]).
    top: RowBits,
    bottom: RowBits,
    prev_bottom: RowBits,
    /// Whether the last scan numbered runs of row pairs rather than rows:
    /// then `edges`, `row_start` and `parent` describe pairs of rows.
    pairs: bool,
    /// Per pair of rows, the first label given to a region whose first run
    /// is in that pair; and new labels for raster order (see
    /// [`Labeller::raster_order`]).
    pair_label: Vec<u32>,
    relabel: Vec<u32>,
    /// After a pair scan for statistics: every row's floor mask, `w / 64`
    /// words (rounded up) per row.
    masks: Vec<u64>,
}

/// Working memory of a labelling per run of floor: two run edges and a
/// union-find parent, 4 bytes each.
pub const BYTES_PER_RUN: u64 = 12;

/// Working memory of a labelling per column: a row's run edges and contact
/// columns, and the run edges of a row's statistics (4 bytes each), and up
/// to six rows of bit masks (about 3 bytes).
pub const BYTES_PER_COLUMN: u64 = 15;

impl Labeller {
    /// An empty labeller; it grows on first use.
    pub fn new() -> Labeller {
        Labeller::default()
    }

    /// Labels the floor of `cells` into `out` and returns the number of
    /// regions. `out[i]` receives the region of cell `i` (0..n-1, numbered in
    /// raster order of each region's first cell) or
    /// [`NO_REGION`](crate::NO_REGION) for a wall. Only the first
    /// `width * height` entries of `out` are written.
    ///
    /// Working memory: 6 bytes a cell (4 with 8-connectivity on a map that
    /// does not wrap), 20 a column and 30 a row: the run tables for the
    /// most runs a map of this size can have, reserved at once and checked
    /// against the [memory budget](mcrdun_geom::memory) before any cell is
    /// read. A reused labeller allocates nothing when it already has room.
    ///
    /// # Errors
    /// [`RegionsError::BufferTooSmall`] when `out` is shorter than the grid,
    /// [`RegionsError::TooManyRuns`] past `u32::MAX - 1` runs,
    /// [`RegionsError::Geom`] (`OverBudget`) above the memory budget.
    /// Nothing is written on an error.
    pub fn label<'a, T: FloorCell>(
        &mut self,
        cells: impl Into<Cells<'a, T>>,
        options: impl Into<LabelOptions>,
        out: &mut [u32],
    ) -> Result<u32, RegionsError> {
        let _budget = Budget::start();
        let cells = cells.into();
        check_out(&cells, out)?;
        let count = self.scan(&cells, options.into(), false)?;
        self.write(&cells, out);
        Ok(count)
    }

    /// Like [`Labeller::label`], and also fills `stats` with one entry per
    /// region (`stats[label]`), gathered in the same pass that writes the
    /// labels. `stats` is cleared first.
    ///
    /// Working memory: as [`Labeller::label`] (4.25 bytes a cell with
    /// 8-connectivity: the rows' floor masks are kept), and the statistics,
    /// 48 bytes a region, counted with it.
    ///
    /// # Errors
    /// As [`Labeller::label`]; `stats` is untouched on an error.
    pub fn label_with_stats<'a, T: FloorCell>(
        &mut self,
        cells: impl Into<Cells<'a, T>>,
        options: impl Into<LabelOptions>,
        out: &mut [u32],
        stats: &mut Vec<RegionStats>,
    ) -> Result<u32, RegionsError> {
        let _budget = Budget::start();
        let cells = cells.into();
        check_out(&cells, out)?;
        let options = options.into();
        let count = self.scan(&cells, options, true)?;
        // The statistics are held with the scan's tables: both count.
        let (w, h) = (cells.width() as usize, cells.height() as usize);
        let each = core::mem::size_of::<RegionStats>() as u64;
        let what = "region statistics";
        check_bytes(
            what,
            scan_bytes(w, h, options, true).saturating_add(u64::from(count) * each),
        )?;
        stats.clear();
        stats
            .try_reserve_exact(count as usize)
            .map_err(|_| GeomError::OutOfMemory {
                what,
                needed: u64::from(count) * each,
            })?;
        stats.resize(count as usize, RegionStats::EMPTY);
        self.write_with_stats(&cells, out, stats);
        Ok(count)
    }

    /// Counts the regions of `cells` without writing labels (pass one only).
    /// Working memory as [`Labeller::label`].
    ///
    /// # Errors
    /// [`RegionsError::TooManyRuns`] past `u32::MAX - 1` runs of floor,
    /// [`RegionsError::Geom`] (`OverBudget`) above the memory budget.
    pub fn count<'a, T: FloorCell>(
        &mut self,
        cells: impl Into<Cells<'a, T>>,
        options: impl Into<LabelOptions>,
    ) -> Result<u32, RegionsError> {
        let _budget = Budget::start();
        self.scan(&cells.into(), options.into(), false)
    }

    /// Runs pass one (the scan and the equivalence table) and returns a
    /// [`Prepared`] labelling that knows the number of regions and can then
    /// write labels and/or statistics. Use it to size buffers before
    /// anything is written, as the C ABI does. Working memory as
    /// [`Labeller::label_with_stats`] without the statistics.
    ///
    /// # Errors
    /// [`RegionsError::TooManyRuns`] past `u32::MAX - 1` runs of floor,
    /// [`RegionsError::Geom`] (`OverBudget`) above the memory budget.
    ///
    /// ```
    /// use mcrdun_regions::{Cells, Connectivity, Labeller, RegionStats};
    /// let map = [1u8, 0, 1];
    /// let mut labeller = Labeller::new();
    /// let prepared = labeller.prepare(Cells::from_slice(&map, 3, 1)?, Connectivity::Four)?;
    /// let mut stats = vec![RegionStats::EMPTY; prepared.count() as usize];
    /// prepared.stats(&mut stats)?;
    /// assert_eq!(stats[1].min_x, 2);
    /// # Ok::<(), mcrdun_regions::RegionsError>(())
    /// ```
    pub fn prepare<'l, 'a, T: FloorCell>(
        &'l mut self,
        cells: impl Into<Cells<'a, T>>,
        options: impl Into<LabelOptions>,
    ) -> Result<Prepared<'l, 'a, T>, RegionsError> {
        let _budget = Budget::start();
        let cells = cells.into();
        let count = self.scan(&cells, options.into(), true)?;
        Ok(Prepared {
            labeller: self,
            cells,
            count,
        })
    }

    /// Run `r`'s start and end (exclusive), for both passes.
    #[inline(always)]
    fn run(&self, r: u32) -> (u32, u32) {
        let i = 2 * r as usize;
        (self.edges[i], self.edges[i + 1])
    }
}

/// A scanned map whose regions are known but not yet written: see
/// [`Labeller::prepare`].
#[derive(Debug)]
pub struct Prepared<'l, 'a, T: FloorCell> {
    labeller: &'l Labeller,
    cells: Cells<'a, T>,
    count: u32,
}

impl<T: FloorCell> Prepared<'_, '_, T> {
    /// Number of regions.
    pub fn count(&self) -> u32 {
        self.count
    }

    /// Writes the labels into `out` (see [`Labeller::label`]).
    ///
    /// # Errors
    /// [`RegionsError::BufferTooSmall`] when `out` is shorter than the grid;
    /// nothing is written then.
    pub fn write(&self, out: &mut [u32]) -> Result<(), RegionsError> {
        check_out(&self.cells, out)?;
        self.labeller.write(&self.cells, out);
        Ok(())
    }

    /// Writes the labels into `out` and each region's statistics into
    /// `stats[..count]`, in one pass.
    ///
    /// # Errors
    /// [`RegionsError::BufferTooSmall`] when `out` is shorter than the grid
    /// or `stats` shorter than the number of regions; nothing is written then.
    pub fn write_with_stats(
        &self,
        out: &mut [u32],
        stats: &mut [RegionStats],
    ) -> Result<(), RegionsError> {
        check_out(&self.cells, out)?;
        let stats = self.stats_slice(stats)?;
        stats.fill(RegionStats::EMPTY);
        self.labeller.write_with_stats(&self.cells, out, stats);
        Ok(())
    }

    /// Writes only the statistics into `stats[..count]`: one sweep over the
    /// runs, without touching a label buffer.
    ///
    /// # Errors
    /// [`RegionsError::BufferTooSmall`] when `stats` is shorter than the
    /// number of regions; nothing is written then.
    pub fn stats(&self, stats: &mut [RegionStats]) -> Result<(), RegionsError> {
        let stats = self.stats_slice(stats)?;
        stats.fill(RegionStats::EMPTY);
        if self.count == 0 {
            return Ok(()); // No region, and no run table for an empty map.
        }
        let l = self.labeller;
        if l.pairs {
            l.pair_stats(&self.cells, stats);
            return Ok(());
        }
        for y in 0..self.cells.height() as usize {
            for r in l.row_start[y]..l.row_start[y + 1] {
                let (s, e) = l.run(r);
                stats[l.parent[r as usize] as usize].add_run(y as u32, s, e);
            }
        }
        Ok(())
    }

    fn stats_slice<'s>(
        &self,
        stats: &'s mut [RegionStats],
    ) -> Result<&'s mut [RegionStats], RegionsError> {
        let needed = self.count as usize;
        if stats.len() < needed {
            return Err(RegionsError::BufferTooSmall {
                needed,
                actual: stats.len(),
            });
        }
        Ok(&mut stats[..needed])
    }
}

/// The working memory of labelling a `width x height` map with `options`
/// ([`Labeller::label`], [`Labeller::count`]), in bytes: the run tables
/// for the most runs such a map can have and the row buffers. A labelling
/// whose need passes the memory budget is refused before any cell is
/// read; callers that hold other memory during a labelling add this to
/// their own need.
///
/// ```
/// use mcrdun_regions::{label_bytes, Connectivity};
/// // 6 bytes a cell, 15 a column (plus 5) and 8 a row (plus 1).
/// assert_eq!(label_bytes(100, 10, Connectivity::Four), 6 * 1000 + 15 * 105 + 8 * 11);
/// assert_eq!(label_bytes(0, 10, Connectivity::Four), 0);
/// ```
pub fn label_bytes(width: u32, height: u32, options: impl Into<LabelOptions>) -> u64 {
    scan_bytes(width as usize, height as usize, options.into(), false)
}

fn check_out<T: FloorCell>(cells: &Cells<'_, T>, out: &[u32]) -> Result<(), RegionsError> {
    if out.len() < cells.len() {
        return Err(RegionsError::BufferTooSmall {
            needed: cells.len(),
            actual: out.len(),
        });
    }
    Ok(())
}

/// Labels the floor of `cells` into `out` and returns the number of regions;
/// see [`Labeller::label`], which this calls with fresh scratch space.
///
/// # Errors
/// [`RegionsError::BufferTooSmall`] when `out` is shorter than the grid;
/// nothing is written then.
///
/// ```
/// use mcrdun_geom::Grid;
/// use mcrdun_regions::{label, Connectivity, NO_REGION};
/// // A diagonal pair: two regions with 4-connectivity, one with 8.
/// let grid = Grid::from_vec(2, 2, vec![true, false, false, true])?;
/// let mut out = vec![0; 4];
/// assert_eq!(label(&grid, Connectivity::Four, &mut out)?, 2);
/// assert_eq!(out, [0, NO_REGION, NO_REGION, 1]);
/// assert_eq!(label(&grid, Connectivity::Eight, &mut out)?, 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn label<'a, T: FloorCell>(
    cells: impl Into<Cells<'a, T>>,
    options: impl Into<LabelOptions>,
    out: &mut [u32],
) -> Result<u32, RegionsError> {
    Labeller::new().label(cells, options, out)
}

/// Labels the floor of `cells` into `out` and returns per-region statistics
/// (their count is the number of regions); see [`Labeller::label_with_stats`].
///
/// # Errors
/// [`RegionsError::BufferTooSmall`] when `out` is shorter than the grid.
///
/// ```
/// use mcrdun_regions::{label_with_stats, largest_region, Cells, Connectivity};
/// let map = [1u8, 0, 1, 1,
///            1, 0, 1, 1];
/// let mut out = [0; 8];
/// let stats = label_with_stats(Cells::from_slice(&map, 4, 2)?, Connectivity::Four, &mut out)?;
/// assert_eq!(stats.len(), 2);
/// assert_eq!((stats[0].area, stats[1].area), (2, 4));
/// assert_eq!(largest_region(&stats), Some(1));
/// # Ok::<(), mcrdun_regions::RegionsError>(())
/// ```
pub fn label_with_stats<'a, T: FloorCell>(
    cells: impl Into<Cells<'a, T>>,
    options: impl Into<LabelOptions>,
    out: &mut [u32],
) -> Result<Vec<RegionStats>, RegionsError> {
    let mut stats = Vec::new();
    Labeller::new().label_with_stats(cells, options, out, &mut stats)?;
    Ok(stats)
}
