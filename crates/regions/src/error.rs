//! The one error type of `mcrdun-regions`.

use core::fmt;
use mcrdun_geom::{GeomError, Point};

/// Why a labelling, a reachability query or a connection could not be done.
///
/// Every function of this crate checks its input before writing anything, so
/// on an error the caller's buffers and grids are unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RegionsError {
    /// A grid error: a side above `i32::MAX`, or `width * height` beyond
    /// memory.
    Geom(GeomError),
    /// The cell slice does not hold exactly `width * height` cells.
    CellCountMismatch {
        /// `width * height`.
        expected: usize,
        /// The slice's length.
        actual: usize,
    },
    /// The label buffer is shorter than `width * height`.
    BufferTooSmall {
        /// `width * height`.
        needed: usize,
        /// The buffer's length.
        actual: usize,
    },
    /// A connectivity other than 4 or 8.
    BadConnectivity(u32),
    /// A point outside the grid.
    OutOfBounds {
        /// The point asked for.
        point: Point,
        /// Grid width.
        width: u32,
        /// Grid height.
        height: u32,
    },
    /// A label that is not a region of this labelling.
    NoSuchRegion {
        /// The label asked for.
        region: u32,
        /// How many regions there are.
        count: u32,
    },
    /// The grid has more runs of floor than a `u32` label can count
    /// (only possible past four billion cells).
    TooManyRuns,
    /// The regions cannot all be joined: every path between some of them
    /// would have to dig the outer border, which the options keep intact.
    Unconnectable {
        /// How many separate groups of regions remain.
        groups: u32,
    },
}

impl fmt::Display for RegionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RegionsError::Geom(e) => e.fmt(f),
            RegionsError::CellCountMismatch { expected, actual } => write!(
                f,
                "a grid of that size has {expected} cells, but {actual} were given"
            ),
            RegionsError::BufferTooSmall { needed, actual } => write!(
                f,
                "the label buffer holds {actual} labels, but the grid has {needed} cells"
            ),
            RegionsError::BadConnectivity(c) => {
                write!(f, "connectivity must be 4 or 8, got {c}")
            }
            RegionsError::OutOfBounds {
                point,
                width,
                height,
            } => write!(f, "point {point} is outside the {width} x {height} grid"),
            RegionsError::NoSuchRegion { region, count } => {
                write!(f, "region {region} does not exist (there are {count})")
            }
            RegionsError::TooManyRuns => {
                f.write_str("the grid has more runs of floor than u32 labels can number")
            }
            RegionsError::Unconnectable { groups } => write!(
                f,
                "{groups} groups of regions cannot be joined without digging the kept border"
            ),
        }
    }
}

impl std::error::Error for RegionsError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RegionsError::Geom(e) => Some(e),
            _ => None,
        }
    }
}

impl From<GeomError> for RegionsError {
    fn from(e: GeomError) -> Self {
        RegionsError::Geom(e)
    }
}
