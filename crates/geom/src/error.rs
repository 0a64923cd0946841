//! The one error type of `mcrdun-geom`.

use core::fmt;

/// Why a geometric value or a random draw could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GeomError {
    /// A rectangle needs `w >= 1` and `h >= 1`.
    EmptyRect {
        /// The width asked for.
        w: i32,
        /// The height asked for.
        h: i32,
    },
    /// `x + w` or `y + h` does not fit in an `i32`.
    RectOverflow {
        /// The rectangle's left edge.
        x: i32,
        /// The rectangle's top edge.
        y: i32,
        /// The width asked for.
        w: i32,
        /// The height asked for.
        h: i32,
    },
    /// A grid dimension above `i32::MAX`, or `width * height` beyond memory.
    GridTooLarge {
        /// Requested width.
        width: u64,
        /// Requested height.
        height: u64,
    },
    /// The cell vector given to a grid does not hold `width * height` cells.
    GridSizeMismatch {
        /// `width * height`.
        expected: usize,
        /// The vector's length.
        actual: usize,
    },
    /// A point outside the grid.
    OutOfBounds {
        /// The point asked for.
        point: crate::Point,
        /// Grid width.
        width: u32,
        /// Grid height.
        height: u32,
    },
    /// An empty integer range (`low > high`, or a bound of 0 for `below`).
    EmptyRange,
    /// Every weight given to a weighted choice is zero (or there are none).
    NoWeight,
    /// A call would need more working memory than the budget allows (see
    /// [`crate::memory`]); nothing was done.
    OverBudget {
        /// What the memory was for.
        what: &'static str,
        /// The bytes needed.
        needed: u64,
        /// The limit at the time of the call.
        limit: u64,
    },
    /// The allocator refused memory within the budget.
    OutOfMemory {
        /// What the memory was for.
        what: &'static str,
        /// The bytes asked for.
        needed: u64,
    },
}

impl GeomError {
    /// Whether this error means "too large" (a grid side above `i32::MAX`,
    /// a need above the memory budget, or a refused allocation).
    pub fn is_too_large(&self) -> bool {
        matches!(
            self,
            GeomError::GridTooLarge { .. }
                | GeomError::OverBudget { .. }
                | GeomError::OutOfMemory { .. }
        )
    }
}

impl fmt::Display for GeomError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GeomError::EmptyRect { w, h } => {
                write!(f, "a rectangle needs width and height >= 1, got {w} x {h}")
            }
            GeomError::RectOverflow { x, y, w, h } => write!(
                f,
                "rectangle at ({x}, {y}) of size {w} x {h} reaches past the i32 range"
            ),
            GeomError::GridTooLarge { width, height } => write!(
                f,
                "a {width} x {height} grid is too large (each side at most {}, cells must fit in memory)",
                i32::MAX
            ),
            GeomError::GridSizeMismatch { expected, actual } => write!(
                f,
                "a grid of that size holds {expected} cells, but {actual} were given"
            ),
            GeomError::OutOfBounds {
                point,
                width,
                height,
            } => write!(f, "point {point} is outside the {width} x {height} grid"),
            GeomError::EmptyRange => f.write_str("the integer range is empty"),
            GeomError::NoWeight => f.write_str("no item has a non-zero weight"),
            GeomError::OverBudget {
                what,
                needed,
                limit,
            } => write!(
                f,
                "{what} needs {needed} bytes of working memory, above the memory limit of {limit} bytes (raise it with mcrdun_set_memory_limit, or memory::set_memory_limit in Rust)"
            ),
            GeomError::OutOfMemory { what, needed } => {
                write!(f, "allocating {needed} bytes for {what} failed")
            }
        }
    }
}

impl std::error::Error for GeomError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn too_large_means_size_or_memory() {
        assert!(
            GeomError::GridTooLarge {
                width: 1,
                height: 2
            }
            .is_too_large()
        );
        assert!(!GeomError::EmptyRange.is_too_large());
        assert!(!GeomError::EmptyRect { w: 0, h: 1 }.is_too_large());
    }
}
