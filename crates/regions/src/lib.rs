//! Regions of a dungeon map: which floor cells a walker can reach from which,
//! how big each region is, and which corridors to dig so that everything is
//! reachable.
//!
//! A level generator needs to know that the stairs down can be reached from
//! the stairs up, and where a level falls apart into pieces that a corridor
//! should join. This crate labels the *regions* of a map (maximal sets of
//! floor cells joined by 4- or 8-steps, optionally on a map that wraps
//! around), reports their area, bounding box and centroid, answers
//! reachability questions, and digs the corridors that join all regions.
//!
//! # Labelling
//!
//! [`label`] writes one `u32` per cell into a caller-provided buffer: the
//! cell's region, numbered `0..n-1` in raster order of each region's first
//! cell, or [`NO_REGION`] (`u32::MAX`) for a wall. There is no limit on the
//! number of regions.
//!
//! The method is the classic two-pass one (an equivalence table filled by one
//! scan, then a renumbering), done over *runs* of floor rather than cells,
//! with the row-to-row work done on bit masks:
//!
//! 1. Each row is read 64 cells at a time into a bit mask (SWAR: eight
//!    bytes per word test, then an 8x8 bit transpose). The run boundaries
//!    are the set bits of `mask ^ (mask << 1)`; they are stored as the
//!    row's runs, and the masks of run starts and ends are kept.
//! 2. Each run gets a provisional number (runs are numbered in raster
//!    order). Two runs on adjacent rows overlap exactly where a run of
//!    `below & above` starts, and with 8-connectivity they also touch where
//!    one row's run starts at the column where the other's ends. Those
//!    columns are bits; a run's number is the count of run starts up to the
//!    column (a `popcount`). So the touching pairs come from bit loops
//!    without data-dependent branches, and each is joined in a union-find
//!    table (an equivalence table with no limit on labels): a run's first
//!    contact just adopts the parent of the run above, later ones union
//!    roots, smaller number wins, with path halving. Parents always have
//!    smaller numbers than their children.
//! 3. One forward sweep over the table gives each root the next label and
//!    every other run its parent's (already final) label, so labels come out
//!    compacted in raster order of each region's first cell.
//! 4. Each output row is set to [`NO_REGION`] and each run's label written
//!    over it in fixed 16-cell blocks; region statistics ([`RegionStats`])
//!    are summed per run in this same pass.
//!
//! With 8-connectivity (on a map that does not wrap) the scan takes two rows
//! at a time: every run of `row 2p | row 2p+1` is connected (two floor cells
//! in adjacent columns of a pair of rows are at most a diagonal step apart),
//! so those runs are numbered instead, which halves the runs, row merges and
//! unions. Contacts between pairs come from the lower row of one and the
//! upper row of the next; a region that starts on a pair's lower row is
//! renumbered after those starting on its upper row, so the raster order
//! holds. The writer fills each pair run from its cells (label or
//! `NO_REGION`), and statistics come from bit counts over the pair run's
//! two rows (its area is its width plus the columns floor on both rows).
//!
//! Cost: O(cells / 64) word operations plus O(runs) for the scan, one write
//! per cell (two for floor) for the output, and 12 bytes of scratch per run
//! ([`Labeller`] keeps it between calls; 8-connected statistics add one bit
//! per cell for the rows' floor masks). A map that wraps adds one
//! comparison per row (east-west) and one more row merge (north-south).
//!
//! # Memory budget
//!
//! Every call checks its working memory against the memory budget of
//! [`mcrdun_geom::memory`] (1 GiB by default, raised with
//! `set_memory_limit`; a public function takes the caller's ceiling at
//! entry, see [`Budget`](mcrdun_geom::memory::Budget)) before it reads a
//! cell, and returns [`RegionsError::Geom`] with `OverBudget` above it.
//! Labelling reserves its run tables for the worst case at once:
//! [`BYTES_PER_RUN`] (12) bytes per run for `ceil(width / 2)` runs a row,
//! 6 bytes a cell (4 with 8-connectivity, which scans pairs of rows), plus
//! about 20 a column and 30 a row. [`reachable_from`] adds
//! 5 bytes a cell, [`Labels`] 4 a cell and 48 a region, and [`connect`]
//! needs [`CONNECT_BYTES_PER_CELL`] (56) bytes a cell at most.
//!
//! # Reachability and corridors
//!
//! [`Labels`] keeps labels and statistics and answers "which region is this
//! cell in", "do these points share a region"; [`reachable_from`] and
//! [`is_connected`] are one-call forms. [`connect`] grows all regions at once
//! over the walls (a multi-source breadth-first search), takes each place
//! where two regions' territories meet as a candidate corridor with its
//! length, keeps a minimum spanning tree of those (Kruskal), and digs it.
//!
//! Bad input (sizes that do not match, a short buffer, a connectivity other
//! than 4 or 8, a point outside the map) is a [`RegionsError`], never a
//! panic, and nothing is written then.
//!
//! # Example
//!
//! ```
//! use mcrdun_geom::{Grid, Point};
//! use mcrdun_regions::{connect, label, ConnectOptions, Connectivity, Labels, NO_REGION};
//!
//! let rows = ["#########",
//!             "#...#...#",
//!             "#...#.#.#",
//!             "#####.#.#",
//!             "#..##...#",
//!             "#########"];
//! let mut grid = Grid::from_fn(9, 6, |p| rows[p.y as usize].as_bytes()[p.x as usize] == b'.')?;
//!
//! // Labels into a caller buffer.
//! let mut out = vec![0u32; grid.len()];
//! let n = label(&grid, Connectivity::Four, &mut out)?;
//! assert_eq!(n, 3);
//! assert_eq!(out[9 + 1], 0); // (1, 1): the first region in raster order
//! assert_eq!(out[9 + 5], 1); // (5, 1)
//! assert_eq!(out[4 * 9 + 1], 2); // (1, 4)
//! assert_eq!(out[0], NO_REGION);
//!
//! // Statistics and reachability.
//! let labels = Labels::new(&grid, Connectivity::Four)?;
//! assert_eq!(labels.stats()[0].area, 6);
//! assert_eq!(labels.largest(), Some(1));
//! assert!(!labels.same_region(&[Point::new(1, 1), Point::new(7, 1)])?);
//!
//! // Dig until everything is one region, keeping the outer wall.
//! let options = ConnectOptions { keep_border: true, ..ConnectOptions::default() };
//! let corridors = connect(&mut grid, options)?;
//! assert_eq!(corridors.len(), 2);
//! assert!(Labels::new(&grid, Connectivity::Four)?.is_connected());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]

mod cells;
mod connect;
mod error;
mod label;
mod options;
mod reach;
mod rowbits;
mod runs;
mod stats;
mod uf;

pub use cells::{Cells, FloorCell};
pub use connect::{
    CONNECT_BYTES_PER_CELL, ConnectOptions, Corridor, connect, connect_in_place, connect_slice,
};
pub use error::RegionsError;
pub use label::{
    BYTES_PER_COLUMN, BYTES_PER_RUN, Labeller, Prepared, label, label_bytes, label_with_stats,
};
pub use options::{Connectivity, LabelOptions};
pub use reach::{Labels, is_connected, reachable_from};
pub use stats::{RegionStats, largest_region};

/// The label of a wall cell: no region. Real labels are always below it.
pub const NO_REGION: u32 = u32::MAX;
