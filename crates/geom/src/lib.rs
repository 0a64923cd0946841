//! Integer geometry for mcrdun: the vocabulary every other crate speaks.
//!
//! A dungeon is a grid of cells addressed by [`Point`]s (`i32`, `y` grows
//! south). Rooms and BSP leaves are [`Rect`]s whose right and bottom edges
//! are exclusive, so a rectangle split at `x = 50` becomes `[x, 50)` and
//! `[50, right)` with no cell lost or shared. Tile maps are [`Grid`]s stored
//! row-major (`index = y * width + x`).
//!
//! Between rectangles this crate answers three questions that corridor and
//! door placement keep asking:
//!
//! - [`shared_wall`]: do `a` and `b` touch along a wall (not just a corner),
//!   on which side of `a`, and over which span? O(1).
//! - [`wall_tiles`]: which tiles on `a`'s own edge face `b`? An allocation-free
//!   iterator, ascending; for a split at `x = 50` the left rectangle gets
//!   `x = 49` and the right one `x = 50`.
//! - [`are_neighbours`]: rooms that need not touch are neighbours when the gap
//!   between their facing sides is in `[0, max_gap)` and they overlap along
//!   those sides by more than a door's width.
//!
//! Randomness lives in [`random`]: one portable generator
//! ([`random::seeded_rng`], xoshiro256++) and integer range, shuffle and
//! weighted-choice helpers written here over `next_u64()`, so the same seed
//! yields the same level on every platform and across `rand` upgrades.
//!
//! Bad input is an error value ([`GeomError`]), never a panic.
//!
//! ```
//! use mcrdun_geom::{shared_wall, wall_tiles, Point, Rect, Side};
//!
//! let left = Rect::new(0, 0, 50, 40)?;
//! let right = Rect::new(50, 10, 30, 20)?;
//! let wall = shared_wall(&left, &right).expect("they touch");
//! assert_eq!((wall.side, wall.start, wall.end), (Side::East, 10, 30));
//!
//! // A door in the middle of the wall, one tile on each side.
//! let mine: Vec<Point> = wall_tiles(&left, &right).unwrap().collect();
//! let theirs: Vec<Point> = wall_tiles(&right, &left).unwrap().collect();
//! let mid = mine.len() / 2;
//! assert_eq!((mine[mid], theirs[mid]), (Point::new(49, 20), Point::new(50, 20)));
//! # Ok::<(), mcrdun_geom::GeomError>(())
//! ```
#![forbid(unsafe_code)]

mod disjoint;
mod error;
mod grid;
pub mod memory;
mod point;
pub mod random;
mod rect;
pub mod text;
mod wall;

pub use disjoint::DisjointSets;
pub use error::GeomError;
pub use grid::{Grid, NEIGHBOURS_4, NEIGHBOURS_8, checked_cell_count};
pub use point::{Point, Side};
pub use rect::Rect;
pub use wall::{SharedWall, WallTiles, are_neighbours, shared_wall, wall_tiles};
