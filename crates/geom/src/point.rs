//! Points and the four sides of a cell.

use core::fmt;
use core::ops::{Add, Sub};

/// A cell position on an integer grid; `y` grows downwards (south).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Point {
    /// Column.
    pub x: i32,
    /// Row.
    pub y: i32,
}

impl Point {
    /// The origin, `(0, 0)`.
    pub const ZERO: Point = Point { x: 0, y: 0 };

    /// A point at `(x, y)`.
    #[inline]
    pub const fn new(x: i32, y: i32) -> Point {
        Point { x, y }
    }

    /// The neighbouring point one step towards `side`, or `None` when that
    /// step leaves the `i32` range.
    #[inline]
    pub fn checked_step(self, side: Side) -> Option<Point> {
        let d = side.delta();
        Some(Point {
            x: self.x.checked_add(d.x)?,
            y: self.y.checked_add(d.y)?,
        })
    }

    /// Manhattan (4-connected) distance to `other`, as `u64` so that it can
    /// never overflow.
    #[inline]
    pub fn manhattan(self, other: Point) -> u64 {
        u64::from(self.x.abs_diff(other.x)) + u64::from(self.y.abs_diff(other.y))
    }

    /// Chebyshev (8-connected) distance to `other`.
    #[inline]
    pub fn chebyshev(self, other: Point) -> u32 {
        self.x.abs_diff(other.x).max(self.y.abs_diff(other.y))
    }
}

impl From<(i32, i32)> for Point {
    #[inline]
    fn from((x, y): (i32, i32)) -> Point {
        Point { x, y }
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// Component-wise addition. Wraps on `i32` overflow in release builds like
/// any integer addition; use [`Point::checked_step`] near the `i32` limits.
impl Add for Point {
    type Output = Point;
    #[inline]
    fn add(self, rhs: Point) -> Point {
        Point::new(self.x + rhs.x, self.y + rhs.y)
    }
}

/// Component-wise subtraction (see [`Add`] about overflow).
impl Sub for Point {
    type Output = Point;
    #[inline]
    fn sub(self, rhs: Point) -> Point {
        Point::new(self.x - rhs.x, self.y - rhs.y)
    }
}

/// One of the four sides of a cell or rectangle.
///
/// The discriminants are the bit flags used for walls throughout mcrdun (and
/// by the "A-Maze-ing" hex format): `N = 1`, `E = 2`, `S = 4`, `W = 8`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Side {
    /// Towards smaller `y`.
    North = 1,
    /// Towards larger `x`.
    East = 2,
    /// Towards larger `y`.
    South = 4,
    /// Towards smaller `x`.
    West = 8,
}

impl Side {
    /// All four sides in flag order: N, E, S, W.
    pub const ALL: [Side; 4] = [Side::North, Side::East, Side::South, Side::West];

    /// The side's bit flag (`N = 1, E = 2, S = 4, W = 8`).
    #[inline]
    pub const fn bit(self) -> u8 {
        self as u8
    }

    /// The side whose flag is exactly `bit`, or `None` for any other value.
    #[inline]
    pub const fn from_bit(bit: u8) -> Option<Side> {
        match bit {
            1 => Some(Side::North),
            2 => Some(Side::East),
            4 => Some(Side::South),
            8 => Some(Side::West),
            _ => None,
        }
    }

    /// The facing side: North <-> South, East <-> West.
    #[inline]
    pub const fn opposite(self) -> Side {
        match self {
            Side::North => Side::South,
            Side::East => Side::West,
            Side::South => Side::North,
            Side::West => Side::East,
        }
    }

    /// The unit step towards this side (North is `(0, -1)`).
    #[inline]
    pub const fn delta(self) -> Point {
        match self {
            Side::North => Point::new(0, -1),
            Side::East => Point::new(1, 0),
            Side::South => Point::new(0, 1),
            Side::West => Point::new(-1, 0),
        }
    }

    /// The letter used in solved-path strings: `N`, `E`, `S` or `W`.
    #[inline]
    pub const fn letter(self) -> char {
        match self {
            Side::North => 'N',
            Side::East => 'E',
            Side::South => 'S',
            Side::West => 'W',
        }
    }

    /// The side named by `letter` (upper case `N`, `E`, `S`, `W`).
    #[inline]
    pub const fn from_letter(letter: char) -> Option<Side> {
        match letter {
            'N' => Some(Side::North),
            'E' => Some(Side::East),
            'S' => Some(Side::South),
            'W' => Some(Side::West),
            _ => None,
        }
    }

    /// True for East and West, whose walls run vertically.
    #[inline]
    pub const fn is_horizontal_step(self) -> bool {
        matches!(self, Side::East | Side::West)
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self {
            Side::North => "north",
            Side::East => "east",
            Side::South => "south",
            Side::West => "west",
        };
        f.write_str(name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conversions_and_display() {
        assert_eq!(Point::from((3, -4)), Point::new(3, -4));
        assert_eq!(Point::new(3, -4).to_string(), "(3, -4)");
        let names: Vec<String> = [Side::North, Side::East, Side::South, Side::West]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(names, ["north", "east", "south", "west"]);
    }

    #[test]
    fn sides_round_trip() {
        for side in Side::ALL {
            assert_eq!(Side::from_bit(side.bit()), Some(side));
            assert_eq!(Side::from_letter(side.letter()), Some(side));
            assert_eq!(side.opposite().opposite(), side);
            assert_eq!(side.delta() + side.opposite().delta(), Point::ZERO);
        }
        assert_eq!(Side::from_bit(3), None);
        assert_eq!(Side::from_bit(0), None);
        let all = Side::ALL.iter().fold(0, |acc, s| acc | s.bit());
        assert_eq!(all, 0xF);
    }

    #[test]
    fn steps_and_distances() {
        let p = Point::new(3, 4);
        assert_eq!(p.checked_step(Side::North), Some(Point::new(3, 3)));
        assert_eq!(p.checked_step(Side::West), Some(Point::new(2, 4)));
        assert_eq!(Point::new(i32::MAX, 0).checked_step(Side::East), None);
        assert_eq!(
            Point::new(i32::MIN, i32::MIN).manhattan(Point::new(i32::MAX, i32::MAX)),
            2 * u64::from(u32::MAX)
        );
        assert_eq!(p.chebyshev(Point::new(0, 0)), 4);
    }
}
