//! The one error type of `mcrdun-carve`.

use core::fmt;
use mcrdun_geom::{GeomError, Point, Side};

/// Why a maze could not be built, carved, braided, solved or read.
///
/// Every fallible operation validates its input before it changes anything,
/// so a maze is left exactly as it was when one of these is returned.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum CarveError {
    /// A maze needs `width >= 1` and `height >= 1`.
    ZeroSize {
        /// The width asked for.
        width: u32,
        /// The height asked for.
        height: u32,
    },
    /// A size the grid types cannot hold (a side above `i32::MAX`, or a
    /// cell count or tile count beyond memory).
    TooLarge {
        /// The width asked for.
        width: u64,
        /// The height asked for.
        height: u64,
    },
    /// Wilson's algorithm refused a thin shape: the maze is far longer than
    /// wide (its long side squared passes 4 n log2 n + 2^24 for n cells),
    /// or the walks passed their step limit (16 n log2 n + 2^24, thin
    /// corridors of a mask): loop-erased walks take quadratic time there.
    /// Nothing was carved; use another algorithm.
    WalkTooLong {
        /// Maze width.
        width: u32,
        /// Maze height.
        height: u32,
        /// The step limit that was reached.
        limit: u64,
    },
    /// A cell outside the maze.
    OutOfBounds {
        /// The cell asked for.
        cell: Point,
        /// Maze width.
        width: u32,
        /// Maze height.
        height: u32,
    },
    /// The cell is blocked by the mask, so it takes no passage.
    Blocked {
        /// The blocked cell.
        cell: Point,
    },
    /// The wall is on the outer border, which always stays closed.
    Border {
        /// The cell whose wall it is.
        cell: Point,
        /// The side of that cell.
        side: Side,
    },
    /// A mask grid of another size than the maze.
    MaskSize {
        /// Maze width and height.
        expected: (u32, u32),
        /// Mask width and height.
        actual: (u32, u32),
    },
    /// The maze is too small to draw the "42" pattern with a free margin.
    TooSmallForPattern {
        /// Maze width.
        width: u32,
        /// Maze height.
        height: u32,
        /// The smallest width that fits the pattern at this scale.
        min_width: u64,
        /// The smallest height that fits the pattern at this scale.
        min_height: u64,
    },
    /// The algorithm works on whole rows and columns and cannot honour a
    /// mask, and the maze has blocked cells.
    MaskUnsupported {
        /// The algorithm's name.
        algorithm: &'static str,
    },
    /// The mask splits the open cells in pieces, so no single tree spans
    /// them all (use a `carve_piece` function to carve the start's piece
    /// only).
    SplitByMask {
        /// Open cells in the start's piece.
        reachable: usize,
        /// Open cells in the whole maze.
        open: usize,
    },
    /// An algorithm number (as used by the C ABI) that names no algorithm.
    UnknownAlgorithm {
        /// The number given.
        value: u32,
    },
    /// A growing-tree mix with a "newest" share above 100 percent.
    InvalidPercent {
        /// The percentage given.
        percent: u8,
    },
    /// A braid fraction outside `[0, 1]`, or NaN.
    InvalidFraction {
        /// The fraction given.
        fraction: f64,
    },
    /// No path joins the two cells (they lie in different pieces).
    NoPath {
        /// The first cell.
        from: Point,
        /// The second cell.
        to: Point,
    },
    /// A maze text that does not follow the hex format.
    Parse {
        /// The 1-based line of the text where the problem is.
        line: usize,
        /// What is wrong there.
        message: String,
    },
    /// A caller's buffer of the wrong length.
    BufferSize {
        /// The length needed.
        expected: usize,
        /// The length given.
        actual: usize,
    },
    /// Any other geometry error from `mcrdun-geom`.
    Geom(GeomError),
}

impl fmt::Display for CarveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CarveError::ZeroSize { width, height } => {
                write!(
                    f,
                    "a maze needs width and height >= 1, got {width} x {height}"
                )
            }
            CarveError::TooLarge { width, height } => write!(
                f,
                "a {width} x {height} maze is too large (each side at most {}, cells must fit in memory)",
                i32::MAX
            ),
            CarveError::OutOfBounds {
                cell,
                width,
                height,
            } => write!(f, "cell {cell} is outside the {width} x {height} maze"),
            CarveError::Blocked { cell } => write!(f, "cell {cell} is blocked by the mask"),
            CarveError::Border { cell, side } => write!(
                f,
                "the {side:?} wall of cell {cell} is on the outer border, which stays closed"
            ),
            CarveError::MaskSize { expected, actual } => write!(
                f,
                "the mask is {} x {} but the maze is {} x {}",
                actual.0, actual.1, expected.0, expected.1
            ),
            CarveError::TooSmallForPattern {
                width,
                height,
                min_width,
                min_height,
            } => write!(
                f,
                "a {width} x {height} maze is too small for the \"42\" pattern, which needs at least {min_width} x {min_height}"
            ),
            CarveError::MaskUnsupported { algorithm } => write!(
                f,
                "the {algorithm} algorithm cannot honour a mask, and this maze has blocked cells"
            ),
            CarveError::SplitByMask { reachable, open } => write!(
                f,
                "the mask splits the open cells in pieces: only {reachable} of {open} open cells can be reached from the start"
            ),
            CarveError::WalkTooLong {
                width,
                height,
                limit,
            } => write!(
                f,
                "Wilson's algorithm is refused on a {width} x {height} maze: its random walks would pass {limit} steps (they take quadratic time on shapes far longer than wide); use another algorithm"
            ),
            CarveError::UnknownAlgorithm { value } => {
                write!(f, "{value} is not a maze algorithm number")
            }
            CarveError::InvalidPercent { percent } => {
                write!(f, "a percentage must be at most 100, got {percent}")
            }
            CarveError::InvalidFraction { fraction } => {
                write!(f, "a braid fraction must lie in [0, 1], got {fraction}")
            }
            CarveError::NoPath { from, to } => {
                write!(f, "no path joins cells {from} and {to}")
            }
            CarveError::Parse { line, message } => write!(f, "maze text, line {line}: {message}"),
            CarveError::BufferSize { expected, actual } => {
                write!(f, "the buffer holds {actual} items, {expected} are needed")
            }
            CarveError::Geom(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for CarveError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CarveError::Geom(e) => Some(e),
            _ => None,
        }
    }
}

impl From<GeomError> for CarveError {
    fn from(e: GeomError) -> CarveError {
        match e {
            GeomError::GridTooLarge { width, height } => CarveError::TooLarge { width, height },
            GeomError::OutOfBounds {
                point,
                width,
                height,
            } => CarveError::OutOfBounds {
                cell: point,
                width,
                height,
            },
            other => CarveError::Geom(other),
        }
    }
}
