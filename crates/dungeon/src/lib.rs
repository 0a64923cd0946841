//! Whole dungeon levels: the mcrdun crates composed into tile maps.
//!
//! Each pipeline is a function `fn(&Config, seed) -> Result<Level,
//! LevelError>`:
//!
//! | pipeline | what it composes |
//! | --- | --- |
//! | [`bsp`] | `mcrdun-bsp`: a room in each leaf, a random spanning tree of the leaf adjacency plus loops, doors on `adjacent_tiles` |
//! | [`scatter`] | `mcrdun-scatter`: rooms scattered and pushed apart, their neighbour tree plus loops, doors on the facing spans |
//! | [`cave`] | a cellular automaton (noise, smoothing passes) |
//! | [`passages`] | Voronoi-cell rooms, passages chosen by `mcrdun-passages` |
//!
//! A [`Level`] is a [`Grid`](mcrdun_geom::Grid) of [`Tile`]s (wall, floor,
//! corridor, door, stairs up, stairs down), the [`Room`]s and [`Door`]s,
//! and a [`Summary`] (rooms, regions, loops, dead ends, longest path).
//!
//! Every pipeline ends the same way, in [`Level::finish`]: the walkable
//! tiles are labelled in 4-connected regions and, if there is more than one,
//! corridors are dug until there is one (the summary says so); then the
//! stairs go to two floor tiles far apart by breadth-first distance (a
//! double sweep). A level that cannot be made is an error, never a broken
//! map: after a successful call every walkable tile can reach every other,
//! and both staircases are on tiles that were floor.
//!
//! Cost: every pipeline is linear in the number of tiles (plus its
//! generator's own cost); the ending runs three breadth-first searches over
//! the walkable tiles with one distance buffer and one queue per level.
//!
//! Same seed and options, same level, on every platform: randomness comes
//! only from [`mcrdun_geom::random`].
//!
//! ```
//! use mcrdun_dungeon::{cave, CaveConfig, Tile};
//! let level = cave(&CaveConfig { width: 40, height: 20, ..CaveConfig::default() }, 42)?;
//! let text = level.to_ascii();
//! assert_eq!(text.lines().count(), 20);
//! assert_eq!(text.matches('<').count(), 1);
//! assert_eq!(level.summary().rooms, 0);
//! assert!(level.tiles().iter().all(|(p, t)| {
//!     let edge = p.x == 0 || p.y == 0 || p.x == 39 || p.y == 19;
//!     !edge || *t == Tile::Wall
//! }));
//! # Ok::<(), mcrdun_dungeon::LevelError>(())
//! ```
#![forbid(unsafe_code)]

mod bsp;
mod carving;
mod cave;
mod error;
mod finish;
mod join;
mod level;
mod passages;
mod reach;
mod scatter;
mod tile;

pub use bsp::{BspConfig, bsp};
pub use cave::{CaveConfig, MAX_CAVE_PASSES, cave};
pub use error::LevelError;
pub use level::{Door, Level, LevelKind, Room, Summary};
pub use passages::{PassagesConfig, passages};
pub use scatter::{ScatterConfig, scatter};
pub use tile::Tile;
