//! Locks and keys on a finished level.
//!
//! A level made with the `locks` option (see [`crate::schema`]) holds
//! [`Lock`]s: each a set of locked door tiles ([`Tile::LockedDoor`]) and
//! the tile where its key lies. Without the option a level has none, and
//! [`Level::locks`] is empty.
//!
//! [`Tile::LockedDoor`]: crate::Tile::LockedDoor
//! [`Level::locks`]: crate::Level::locks

use mcrdun_geom::Point;

/// One lock of a level: its door tiles, all opened by one key.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Lock {
    /// The lock's number: 1 for the first lock met from the up stairs, 2
    /// for the next, ...
    pub id: u32,
    /// Its locked door tiles ([`crate::Tile::LockedDoor`]), in raster order:
    /// every entrance into the area it gates.
    pub doors: Vec<Point>,
    /// Where its key lies: a walkable tile reachable with the keys of the
    /// locks before it, never behind this lock.
    pub key: Point,
    /// The walkable tiles of the area it gates (its doors excluded): the
    /// tiles that cannot be reached without its key.
    pub area: usize,
}
