//! The one error type of `mcrdun-distance`.

use crate::Algorithm;
use core::fmt;
use mcrdun_geom::{GeomError, Point};

/// Why a distance map, descent or rescale could not be computed. On every
/// error the caller's distance map is left as it was.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DistanceError {
    /// A buffer does not hold `width * height` cells.
    SizeMismatch {
        /// Which buffer (`"costs"`, `"distances"`, `"walkable"`).
        what: &'static str,
        /// `width * height`.
        expected: usize,
        /// The buffer's length.
        actual: usize,
    },
    /// The map has more cells than the scratch's ceiling
    /// ([`crate::DistanceScratch::set_max_cells`]) or than 32-bit cell
    /// indices can address.
    TooLarge {
        /// `width * height`.
        cells: u64,
        /// The ceiling in force.
        limit: u64,
    },
    /// Working memory could not be allocated.
    AllocationFailed {
        /// The number of bytes asked for.
        bytes: usize,
    },
    /// A point outside the map.
    OutOfBounds {
        /// The point asked for.
        point: Point,
        /// Map width.
        width: u32,
        /// Map height.
        height: u32,
    },
    /// A forced algorithm cannot serve these costs and steps.
    Unsuitable {
        /// The algorithm asked for.
        algorithm: Algorithm,
        /// Why not.
        reason: &'static str,
    },
    /// An argument outside its documented range (e.g. a zero denominator).
    InvalidArgument {
        /// What is wrong.
        reason: &'static str,
    },
    /// A grid size error from `mcrdun-geom`.
    Geom(GeomError),
}

impl fmt::Display for DistanceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DistanceError::SizeMismatch {
                what,
                expected,
                actual,
            } => write!(
                f,
                "`{what}` holds {actual} cells, the map has width * height = {expected}"
            ),
            DistanceError::TooLarge { cells, limit } => {
                write!(
                    f,
                    "the map has {cells} cells, more than the limit of {limit}"
                )
            }
            DistanceError::AllocationFailed { bytes } => {
                write!(f, "could not allocate {bytes} bytes of working memory")
            }
            DistanceError::OutOfBounds {
                point,
                width,
                height,
            } => write!(
                f,
                "point ({}, {}) is outside the {width}x{height} map",
                point.x, point.y
            ),
            DistanceError::Unsuitable { algorithm, reason } => {
                write!(f, "algorithm {algorithm:?} cannot be used: {reason}")
            }
            DistanceError::InvalidArgument { reason } => f.write_str(reason),
            DistanceError::Geom(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for DistanceError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            DistanceError::Geom(e) => Some(e),
            _ => None,
        }
    }
}

impl From<GeomError> for DistanceError {
    fn from(e: GeomError) -> DistanceError {
        DistanceError::Geom(e)
    }
}
