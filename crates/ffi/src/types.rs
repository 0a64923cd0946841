//! Plain C structs shared by every part of the ABI.

use crate::error::{FfiError, FfiResult};
use mcrdun_geom::{Point, Rect};

/// A cell position; `y` grows downwards.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct McrdunPoint {
    /// Column.
    pub x: i32,
    /// Row.
    pub y: i32,
}

/// A rectangle of cells: `x, y` is the top-left cell, `w` and `h` (>= 1)
/// the size; the right edge `x + w` and bottom edge `y + h` are exclusive
/// and must fit in an `int32_t`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct McrdunRect {
    /// Left edge.
    pub x: i32,
    /// Top edge.
    pub y: i32,
    /// Width (>= 1).
    pub w: i32,
    /// Height (>= 1).
    pub h: i32,
}

impl From<Point> for McrdunPoint {
    fn from(p: Point) -> McrdunPoint {
        McrdunPoint { x: p.x, y: p.y }
    }
}

impl From<McrdunPoint> for Point {
    fn from(p: McrdunPoint) -> Point {
        Point::new(p.x, p.y)
    }
}

impl From<Rect> for McrdunRect {
    fn from(r: Rect) -> McrdunRect {
        McrdunRect {
            x: r.x(),
            y: r.y(),
            w: r.w(),
            h: r.h(),
        }
    }
}

impl McrdunRect {
    /// The validated geom rectangle (`INVALID_ARGUMENT` when empty or overflowing).
    pub(crate) fn to_rect(self, name: &str) -> FfiResult<Rect> {
        Rect::new(self.x, self.y, self.w, self.h)
            .map_err(|e| FfiError::invalid(format!("`{name}`: {e}")))
    }
}
