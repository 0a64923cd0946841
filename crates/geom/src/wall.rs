//! Shared walls between rectangles, the tiles along them, and the
//! "close enough, wide enough" neighbour rule.
//!
//! Two rectangles *share a wall* when one's edge lies exactly on the other's
//! opposite edge and the two spans along that edge overlap by at least one
//! cell. Touching at a corner only is not a wall: there is no tile where a
//! door could go.

use crate::{Point, Rect, Side};

/// Where rectangle `a` touches rectangle `b`: the side of `a` that lies on
/// `b`, and the overlapping span of that side, `[start, end)` along the edge
/// (x for North/South, y for East/West).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SharedWall {
    /// The side of `a` that touches `b`.
    pub side: Side,
    /// First coordinate of the shared span.
    pub start: i32,
    /// One past the last coordinate of the shared span.
    pub end: i32,
}

impl SharedWall {
    /// Number of cells along the shared span (>= 1).
    #[inline]
    pub const fn len(&self) -> usize {
        (self.end - self.start) as usize
    }

    /// Always false: a shared wall has at least one cell (present for the
    /// `len`/`is_empty` pair that lint and readers expect).
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.end <= self.start
    }
}

/// Which side of `a` touches `b`, and along what span.
///
/// Returns `None` when the rectangles are apart, overlap, or meet only at a
/// corner.
///
/// ```
/// use mcrdun_geom::{shared_wall, Rect, Side, SharedWall};
/// let left = Rect::new(0, 0, 50, 40)?;
/// let right = Rect::new(50, 10, 30, 40)?;
/// assert_eq!(shared_wall(&left, &right), Some(SharedWall { side: Side::East, start: 10, end: 40 }));
/// assert_eq!(shared_wall(&right, &left).unwrap().side, Side::West);
/// // Corner contact only:
/// assert_eq!(shared_wall(&left, &Rect::new(50, 40, 5, 5)?), None);
/// # Ok::<(), mcrdun_geom::GeomError>(())
/// ```
pub fn shared_wall(a: &Rect, b: &Rect) -> Option<SharedWall> {
    let (side, start, end) = if a.right() == b.x() {
        (Side::East, a.y().max(b.y()), a.bottom().min(b.bottom()))
    } else if b.right() == a.x() {
        (Side::West, a.y().max(b.y()), a.bottom().min(b.bottom()))
    } else if a.bottom() == b.y() {
        (Side::South, a.x().max(b.x()), a.right().min(b.right()))
    } else if b.bottom() == a.y() {
        (Side::North, a.x().max(b.x()), a.right().min(b.right()))
    } else {
        return None;
    };
    (end > start).then_some(SharedWall { side, start, end })
}

/// The tiles on `a`'s own edge, inside `a`, along the wall it shares with
/// `b`, in ascending coordinate order; `None` when there is no shared wall.
///
/// For a split at x = 50 the left rectangle's tiles have x = 49 and the right
/// one's x = 50: each side gets the tiles it owns, one step apart.
///
/// ```
/// use mcrdun_geom::{wall_tiles, Point, Rect};
/// let left = Rect::new(0, 0, 50, 3)?;
/// let right = Rect::new(50, 1, 10, 5)?;
/// let mine: Vec<Point> = wall_tiles(&left, &right).unwrap().collect();
/// assert_eq!(mine, [Point::new(49, 1), Point::new(49, 2)]);
/// let theirs: Vec<Point> = wall_tiles(&right, &left).unwrap().collect();
/// assert_eq!(theirs, [Point::new(50, 1), Point::new(50, 2)]);
/// # Ok::<(), mcrdun_geom::GeomError>(())
/// ```
pub fn wall_tiles(a: &Rect, b: &Rect) -> Option<WallTiles> {
    shared_wall(a, b).map(|wall| WallTiles::new(a, wall))
}

/// Iterator over the tiles of a shared wall (see [`wall_tiles`]); it
/// allocates nothing.
#[derive(Clone, Debug)]
pub struct WallTiles {
    /// The fixed coordinate (x for East/West walls, y for North/South).
    fixed: i32,
    vertical: bool,
    next: i32,
    end: i32,
}

impl WallTiles {
    /// The tiles of `wall` on `a`'s side.
    pub fn new(a: &Rect, wall: SharedWall) -> WallTiles {
        let (fixed, vertical) = match wall.side {
            Side::East => (a.right() - 1, true),
            Side::West => (a.x(), true),
            Side::South => (a.bottom() - 1, false),
            Side::North => (a.y(), false),
        };
        WallTiles {
            fixed,
            vertical,
            next: wall.start,
            end: wall.end,
        }
    }
}

impl Iterator for WallTiles {
    type Item = Point;

    #[inline]
    fn next(&mut self) -> Option<Point> {
        if self.next >= self.end {
            return None;
        }
        let t = self.next;
        self.next += 1;
        Some(if self.vertical {
            Point::new(self.fixed, t)
        } else {
            Point::new(t, self.fixed)
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = (self.end - self.next).max(0) as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for WallTiles {}
impl core::iter::FusedIterator for WallTiles {}

/// The neighbour rule for rooms that need not touch: facing sides at most
/// `max_gap - 1` cells apart, and an overlap along those sides wider than a
/// door.
///
/// Exactly: `a` and `b` are neighbours when, on one axis, the gap between
/// their facing sides is in `[0, max_gap)` and their overlap on the other
/// axis is greater than `door_width`. Overlapping rectangles are not
/// neighbours; with `max_gap == 0` nothing is.
///
/// ```
/// use mcrdun_geom::{are_neighbours, Rect};
/// let a = Rect::new(0, 0, 10, 10)?;
/// let b = Rect::new(12, 4, 10, 10)?; // 2 empty columns between, 6 rows shared
/// assert!(are_neighbours(&a, &b, 3, 5));
/// assert!(!are_neighbours(&a, &b, 2, 5)); // not close enough
/// assert!(!are_neighbours(&a, &b, 3, 6)); // not wide enough
/// # Ok::<(), mcrdun_geom::GeomError>(())
/// ```
#[inline]
pub fn are_neighbours(a: &Rect, b: &Rect, max_gap: u32, door_width: u32) -> bool {
    let close = |gap: i64| gap >= 0 && gap < i64::from(max_gap);
    let wide = |overlap: i32| i64::from(overlap) > i64::from(door_width);
    (close(a.x_gap(b)) && wide(a.y_overlap(b))) || (close(a.y_gap(b)) && wide(a.x_overlap(b)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(x: i32, y: i32, w: i32, h: i32) -> Rect {
        Rect::new(x, y, w, h).unwrap()
    }

    #[test]
    fn a_shared_wall_has_its_length() {
        let wall = shared_wall(&r(0, 0, 4, 4), &r(4, 1, 4, 5)).unwrap();
        assert_eq!((wall.side, wall.start, wall.end), (Side::East, 1, 4));
        assert_eq!(wall.len(), 3);
        assert!(!wall.is_empty());
        let none = SharedWall {
            side: Side::East,
            start: 2,
            end: 2,
        };
        assert!(none.is_empty());
        assert!(SharedWall { end: 1, ..none }.is_empty());
        // Its tiles know how many are left.
        let mut tiles = WallTiles::new(&r(0, 0, 4, 4), wall);
        assert_eq!((tiles.len(), tiles.size_hint()), (3, (3, Some(3))));
        assert_eq!(tiles.next(), Some(Point::new(3, 1)));
        assert_eq!(tiles.size_hint(), (2, Some(2)));
        assert_eq!(tiles.by_ref().count(), 2);
        assert_eq!(tiles.size_hint(), (0, Some(0)));
    }

    #[test]
    fn walls_on_each_side() {
        let a = r(10, 10, 10, 10);
        let east = r(20, 15, 5, 20);
        let south = r(0, 20, 12, 3);
        let north = r(19, 0, 9, 10);
        let west = r(0, 0, 10, 11);
        assert_eq!(
            shared_wall(&a, &east),
            Some(SharedWall {
                side: Side::East,
                start: 15,
                end: 20
            })
        );
        assert_eq!(
            shared_wall(&a, &south),
            Some(SharedWall {
                side: Side::South,
                start: 10,
                end: 12
            })
        );
        assert_eq!(
            shared_wall(&a, &north),
            Some(SharedWall {
                side: Side::North,
                start: 19,
                end: 20
            })
        );
        assert_eq!(
            shared_wall(&a, &west),
            Some(SharedWall {
                side: Side::West,
                start: 10,
                end: 11
            })
        );
        let tiles: Vec<_> = wall_tiles(&a, &north).unwrap().collect();
        assert_eq!(tiles, [Point::new(19, 10)]);
        let tiles: Vec<_> = wall_tiles(&a, &south).unwrap().collect();
        assert_eq!(tiles, [Point::new(10, 19), Point::new(11, 19)]);
        let tiles: Vec<_> = wall_tiles(&a, &west).unwrap().collect();
        assert_eq!(tiles, [Point::new(10, 10)]);
    }

    #[test]
    fn no_wall_for_corners_gaps_and_overlaps() {
        let a = r(0, 0, 10, 10);
        assert_eq!(shared_wall(&a, &r(10, 10, 3, 3)), None);
        assert_eq!(shared_wall(&a, &r(-3, -3, 3, 3)), None);
        assert_eq!(shared_wall(&a, &r(11, 0, 3, 3)), None);
        assert_eq!(shared_wall(&a, &r(5, 5, 10, 10)), None);
        assert!(wall_tiles(&a, &r(10, -5, 2, 5)).is_none());
    }

    #[test]
    fn neighbour_rule_edges() {
        let a = r(0, 0, 10, 10);
        // Touching (gap 0) counts when max_gap >= 1.
        assert!(are_neighbours(&a, &r(10, 0, 5, 10), 1, 9));
        assert!(!are_neighbours(&a, &r(10, 0, 5, 10), 1, 10));
        assert!(!are_neighbours(&a, &r(10, 0, 5, 10), 0, 0));
        // Gap 1 needs max_gap 2.
        assert!(!are_neighbours(&a, &r(0, 11, 10, 5), 1, 0));
        assert!(are_neighbours(&a, &r(0, 11, 10, 5), 2, 0));
        // Overlapping rooms are not neighbours.
        assert!(!are_neighbours(&a, &r(5, 5, 10, 10), 100, 0));
        // Diagonal rooms are not neighbours (no overlap on either axis).
        assert!(!are_neighbours(&a, &r(11, 11, 5, 5), 100, 0));
    }
}
