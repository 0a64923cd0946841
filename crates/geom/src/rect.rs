//! Axis-aligned integer rectangles.

use crate::{GeomError, Point};
use core::fmt;

/// An axis-aligned rectangle of whole cells.
///
/// `x, y` is the top-left cell; the right edge `x + w` and the bottom edge
/// `y + h` are exclusive. A `Rect` is always valid: `w >= 1`, `h >= 1`, and
/// both edges fit in an `i32` (the constructor checks, the fields are
/// private).
///
/// ```
/// use mcrdun_geom::{Point, Rect};
/// let r = Rect::new(2, 3, 4, 5)?;
/// assert_eq!((r.right(), r.bottom()), (6, 8));
/// assert_eq!(r.center(), Point::new(4, 5));
/// assert!(r.contains(Point::new(5, 7)) && !r.contains(Point::new(6, 7)));
/// # Ok::<(), mcrdun_geom::GeomError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rect {
    x: i32,
    y: i32,
    w: i32,
    h: i32,
}

impl Rect {
    /// A rectangle at `(x, y)` of `w` by `h` cells.
    ///
    /// # Errors
    /// [`GeomError::EmptyRect`] when `w < 1` or `h < 1`;
    /// [`GeomError::RectOverflow`] when `x + w` or `y + h` overflows `i32`.
    pub const fn new(x: i32, y: i32, w: i32, h: i32) -> Result<Rect, GeomError> {
        if w < 1 || h < 1 {
            return Err(GeomError::EmptyRect { w, h });
        }
        if x.checked_add(w).is_none() || y.checked_add(h).is_none() {
            return Err(GeomError::RectOverflow { x, y, w, h });
        }
        Ok(Rect { x, y, w, h })
    }

    /// The rectangle spanning `[left, right) x [top, bottom)`.
    ///
    /// # Errors
    /// [`GeomError::EmptyRect`] when the span is empty or longer than `i32::MAX`.
    pub fn from_edges(left: i32, top: i32, right: i32, bottom: i32) -> Result<Rect, GeomError> {
        let w = i64::from(right) - i64::from(left);
        let h = i64::from(bottom) - i64::from(top);
        let clamp = |v: i64| i32::try_from(v).unwrap_or(if v < 0 { 0 } else { -1 });
        Rect::new(left, top, clamp(w), clamp(h))
    }

    /// Left edge (first column).
    #[inline]
    pub const fn x(&self) -> i32 {
        self.x
    }
    /// Top edge (first row).
    #[inline]
    pub const fn y(&self) -> i32 {
        self.y
    }
    /// Width in cells (>= 1).
    #[inline]
    pub const fn w(&self) -> i32 {
        self.w
    }
    /// Height in cells (>= 1).
    #[inline]
    pub const fn h(&self) -> i32 {
        self.h
    }
    /// The exclusive right edge, `x + w`.
    #[inline]
    pub const fn right(&self) -> i32 {
        self.x + self.w
    }
    /// The exclusive bottom edge, `y + h`.
    #[inline]
    pub const fn bottom(&self) -> i32 {
        self.y + self.h
    }
    /// The top-left cell.
    #[inline]
    pub const fn origin(&self) -> Point {
        Point::new(self.x, self.y)
    }
    /// Number of cells, `w * h`.
    #[inline]
    pub const fn area(&self) -> u64 {
        self.w as u64 * self.h as u64
    }

    /// The centre cell, `(x + w/2, y + h/2)` (integer division).
    #[inline]
    pub const fn center(&self) -> Point {
        Point::new(self.x + self.w / 2, self.y + self.h / 2)
    }

    /// Whether the cell `p` lies inside.
    #[inline]
    pub const fn contains(&self, p: Point) -> bool {
        p.x >= self.x && p.x < self.right() && p.y >= self.y && p.y < self.bottom()
    }

    /// Whether every cell of `other` lies inside `self`.
    #[inline]
    pub const fn contains_rect(&self, other: &Rect) -> bool {
        other.x >= self.x
            && other.y >= self.y
            && other.right() <= self.right()
            && other.bottom() <= self.bottom()
    }

    /// Whether the two rectangles share at least one cell. Touching edges do
    /// not intersect.
    #[inline]
    pub const fn intersects(&self, other: &Rect) -> bool {
        self.x_overlap(other) > 0 && self.y_overlap(other) > 0
    }

    /// The cells the two rectangles share, if any.
    pub fn intersection(&self, other: &Rect) -> Option<Rect> {
        if !self.intersects(other) {
            return None;
        }
        let x = self.x.max(other.x);
        let y = self.y.max(other.y);
        Some(Rect {
            x,
            y,
            w: self.x_overlap(other),
            h: self.y_overlap(other),
        })
    }

    /// Length of the shared span of columns (the overlap of the two x
    /// ranges), 0 when they do not overlap.
    #[inline]
    pub const fn x_overlap(&self, other: &Rect) -> i32 {
        span_overlap(self.x, self.right(), other.x, other.right())
    }

    /// Length of the shared span of rows, 0 when they do not overlap.
    #[inline]
    pub const fn y_overlap(&self, other: &Rect) -> i32 {
        span_overlap(self.y, self.bottom(), other.y, other.bottom())
    }

    /// The number of empty columns between the two rectangles: positive when
    /// they are apart along x, 0 when their vertical sides touch, negative
    /// (minus the overlap) when their x ranges overlap.
    #[inline]
    pub const fn x_gap(&self, other: &Rect) -> i64 {
        span_gap(self.x, self.right(), other.x, other.right())
    }

    /// The number of empty rows between the two rectangles (see [`Rect::x_gap`]).
    #[inline]
    pub const fn y_gap(&self, other: &Rect) -> i64 {
        span_gap(self.y, self.bottom(), other.y, other.bottom())
    }

    /// The same size at a new origin.
    ///
    /// # Errors
    /// [`GeomError::RectOverflow`] when the moved edges leave the `i32` range.
    pub const fn with_origin(&self, x: i32, y: i32) -> Result<Rect, GeomError> {
        Rect::new(x, y, self.w, self.h)
    }

    /// Moved by `(dx, dy)`.
    ///
    /// # Errors
    /// [`GeomError::RectOverflow`] when the result leaves the `i32` range.
    pub fn translated(&self, dx: i32, dy: i32) -> Result<Rect, GeomError> {
        let overflow = GeomError::RectOverflow {
            x: self.x,
            y: self.y,
            w: self.w,
            h: self.h,
        };
        let x = self.x.checked_add(dx).ok_or(overflow.clone())?;
        let y = self.y.checked_add(dy).ok_or(overflow)?;
        Rect::new(x, y, self.w, self.h)
    }

    /// Shrunk by `margin` cells on every side, or `None` when nothing would
    /// be left. A negative margin grows the rectangle.
    pub fn shrunk(&self, margin: i32) -> Option<Rect> {
        let m = i64::from(margin);
        let w = i64::from(self.w) - 2 * m;
        let h = i64::from(self.h) - 2 * m;
        let x = i32::try_from(i64::from(self.x) + m).ok()?;
        let y = i32::try_from(i64::from(self.y) + m).ok()?;
        Rect::new(x, y, i32::try_from(w).ok()?, i32::try_from(h).ok()?).ok()
    }

    /// Every cell, row by row (raster order).
    pub fn points(&self) -> impl ExactSizeIterator<Item = Point> + use<> {
        let (x, y, w) = (self.x, self.y, self.w as usize);
        let n = self.area() as usize;
        (0..n).map(move |i| Point::new(x + (i % w) as i32, y + (i / w) as i32))
    }
}

impl fmt::Display for Rect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} x {} at ({}, {})", self.w, self.h, self.x, self.y)
    }
}

/// Overlap length of the half-open spans `[a0, a1)` and `[b0, b1)`.
#[inline]
const fn span_overlap(a0: i32, a1: i32, b0: i32, b1: i32) -> i32 {
    let lo = if a0 > b0 { a0 } else { b0 };
    let hi = if a1 < b1 { a1 } else { b1 };
    if hi > lo { hi - lo } else { 0 }
}

/// Empty cells between the half-open spans (negative: overlap).
#[inline]
const fn span_gap(a0: i32, a1: i32, b0: i32, b1: i32) -> i64 {
    let after = b0 as i64 - a1 as i64;
    let before = a0 as i64 - b1 as i64;
    if after > before { after } else { before }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(x: i32, y: i32, w: i32, h: i32) -> Rect {
        Rect::new(x, y, w, h).unwrap()
    }

    #[test]
    fn sides_and_touching_edges() {
        let a = r(1, 2, 4, 3);
        assert_eq!((a.x(), a.y(), a.w(), a.h()), (1, 2, 4, 3));
        assert_eq!((a.right(), a.bottom()), (5, 5));
        // Overlapping along x, touching along y (and the other way round):
        // no shared cell.
        assert!(!a.intersects(&r(2, 5, 4, 4)));
        assert!(!a.intersects(&r(5, 3, 4, 4)));
        assert!(a.intersects(&r(2, 4, 4, 4)));
        assert_eq!(a.to_string(), "4 x 3 at (1, 2)");
        assert_eq!(Rect::from_edges(1, 2, 5, 5), Ok(a));
        assert_eq!(
            Rect::from_edges(5, 2, 1, 5),
            Err(GeomError::EmptyRect { w: -4, h: 3 })
        );
        // Spans beyond i32 are reported as -1 (too long) and 0 (negative).
        assert_eq!(
            Rect::from_edges(i32::MIN, 0, i32::MAX, 1),
            Err(GeomError::EmptyRect { w: -1, h: 1 })
        );
        assert_eq!(
            Rect::from_edges(0, i32::MAX, 1, i32::MIN),
            Err(GeomError::EmptyRect { w: 1, h: 0 })
        );
    }

    #[test]
    fn constructor_validates() {
        assert_eq!(
            Rect::new(0, 0, 0, 1),
            Err(GeomError::EmptyRect { w: 0, h: 1 })
        );
        assert_eq!(
            Rect::new(0, 0, 3, -2),
            Err(GeomError::EmptyRect { w: 3, h: -2 })
        );
        assert!(matches!(
            Rect::new(i32::MAX, 0, 1, 1),
            Err(GeomError::RectOverflow { .. })
        ));
        assert!(matches!(
            Rect::new(0, i32::MAX - 1, 1, 2),
            Err(GeomError::RectOverflow { .. })
        ));
        assert!(Rect::new(i32::MAX - 1, 0, 1, 1).is_ok());
        assert!(Rect::new(i32::MIN, i32::MIN, i32::MAX, i32::MAX).is_ok());
        assert_eq!(Rect::from_edges(1, 2, 4, 6), Ok(r(1, 2, 3, 4)));
        assert!(Rect::from_edges(4, 2, 4, 6).is_err());
        assert!(Rect::from_edges(i32::MIN, 0, i32::MAX, 1).is_err());
    }

    #[test]
    fn overlaps_and_gaps() {
        let a = r(0, 0, 10, 10);
        let b = r(10, 5, 4, 10);
        assert_eq!(a.x_overlap(&b), 0);
        assert_eq!(a.y_overlap(&b), 5);
        assert_eq!(a.x_gap(&b), 0);
        assert_eq!(b.x_gap(&a), 0);
        assert_eq!(a.y_gap(&b), -5);
        assert!(!a.intersects(&b));
        let c = r(12, 0, 1, 1);
        assert_eq!(a.x_gap(&c), 2);
        assert_eq!(c.x_gap(&a), 2);
        let d = r(5, 5, 10, 10);
        assert_eq!(a.intersection(&d), Some(r(5, 5, 5, 5)));
        assert_eq!(a.intersection(&b), None);
        let far = r(i32::MIN, i32::MIN, 1, 1);
        let other = r(i32::MAX - 1, 0, 1, 1);
        assert_eq!(
            far.x_gap(&other),
            i64::from(i32::MAX) - 1 - (i64::from(i32::MIN) + 1)
        );
    }

    #[test]
    fn center_contains_and_moves() {
        let a = r(-3, -3, 7, 7);
        assert_eq!(a.center(), Point::new(0, 0));
        assert_eq!(r(0, 0, 4, 4).center(), Point::new(2, 2));
        assert!(a.contains(Point::new(-3, 3)));
        assert!(!a.contains(Point::new(4, 0)));
        assert!(a.contains_rect(&r(-3, -3, 1, 7)));
        assert!(!a.contains_rect(&r(-4, -3, 1, 7)));
        assert_eq!(a.translated(3, 3), Ok(r(0, 0, 7, 7)));
        assert!(r(i32::MAX - 2, 0, 1, 1).translated(2, 0).is_err());
        assert_eq!(r(0, 0, 5, 5).shrunk(1), Some(r(1, 1, 3, 3)));
        assert_eq!(r(0, 0, 5, 5).shrunk(2), Some(r(2, 2, 1, 1)));
        assert_eq!(r(0, 0, 5, 5).shrunk(3), None);
        assert_eq!(
            r(0, 0, 2, 2).points().collect::<Vec<_>>(),
            vec![
                Point::new(0, 0),
                Point::new(1, 0),
                Point::new(0, 1),
                Point::new(1, 1)
            ]
        );
        assert_eq!(a.area(), 49);
    }
}
