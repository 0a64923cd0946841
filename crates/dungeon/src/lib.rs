//! Whole dungeon levels: the mcrdun crates composed into tile maps.
//!
//! Each pipeline is a function `fn(&Config, seed) -> Result<Level,
//! LevelError>`:
//!
//! | pipeline | what it composes |
//! | --- | --- |
//! | [`bsp`] | `mcrdun-bsp`: a room in each leaf, a random spanning tree of the leaf adjacency plus loops, doors on `adjacent_tiles` |
//! | [`scatter`] | `mcrdun-scatter`: rooms scattered and pushed apart, their neighbour tree plus loops, doors on the facing spans |
//! | [`maze`] | `mcrdun-carve`: a maze (any carver, optional braid and "42" mask) drawn as tiles |
//! | [`cave`] | a cellular automaton (noise, smoothing passes); `mcrdun-regions` joins the pockets |
//! | [`passages`] | Voronoi-cell rooms laid out for `mcrdun-passages`, which picks the doors |
//!
//! [`LevelConfig`] and [`generate`] choose the pipeline at run time (the C
//! ABI and the `mcrdun` command do).
//!
//! A [`Level`] is a [`Grid`](mcrdun_geom::Grid) of [`Tile`]s (wall, floor,
//! corridor, door, stairs up, stairs down), the [`Room`]s and [`Door`]s,
//! and a [`Summary`] (rooms, regions, loops, dead ends, longest path).
//!
//! Every pipeline ends the same way, in [`Level::finish`]: the walkable
//! tiles are labelled in 4-connected regions (`mcrdun-regions`) and, if
//! there is more than one, `regions::connect` digs the cheapest corridors
//! that make them one (the summary says how many regions and tiles); then the
//! stairs go to two floor tiles far apart by breadth-first distance (a
//! double sweep). A level that cannot be made is an error, never a broken
//! map: after a successful call every walkable tile can reach every other,
//! and both staircases are on tiles that were floor (corridor on a level
//! with fewer than two floor tiles).
//!
//! Cost: every pipeline is linear in the number of tiles (plus its
//! generator's own cost); the ending labels once and runs two breadth-first
//! searches over the walkable tiles, with one distance buffer and one queue
//! per level. A 1024 x 1024 level of any kind takes well under a second.
//!
//! Same seed and options, same level, on every platform: randomness comes
//! only from [`mcrdun_geom::random`].
//!
//! ```
//! use mcrdun_dungeon::{bsp, BspConfig, Tile};
//! let level = bsp(&BspConfig { width: 60, height: 30, ..BspConfig::default() }, 42)?;
//! let text = level.to_ascii();
//! assert_eq!(text.lines().count(), 30);
//! assert_eq!((text.matches('<').count(), text.matches('>').count()), (1, 1));
//! // A spanning tree of rooms, and maybe some loops.
//! assert!(level.doors().len() >= level.rooms().len() - 1);
//! for door in level.doors() {
//!     assert_eq!(level.tile(door.at), Some(Tile::Door));
//! }
//! let s = level.summary();
//! assert_eq!((s.regions, s.dug), (1, 0), "BSP levels are connected by construction");
//! assert!(s.longest_path > 30);
//! # Ok::<(), mcrdun_dungeon::LevelError>(())
//! ```
#![forbid(unsafe_code)]

pub mod automaton;
mod bsp;
mod cave;
mod config;
pub mod corridors;
mod error;
mod finish;
mod join;
mod level;
pub mod links;
mod maze;
mod passages;
mod reach;
mod scatter;
pub mod schema;
mod tile;

pub use automaton::MAX_CAVE_PASSES;
pub use bsp::{BspConfig, bsp};
pub use cave::{CaveConfig, cave};
pub use config::{LevelConfig, generate};
pub use error::LevelError;
pub use level::{Door, Level, LevelKind, Metrics, Room, Summary};
pub use maze::{MazeConfig, MazeLevel, maze, maze_level};
pub use mcrdun_carve::Algorithm as MazeAlgorithm;
pub use passages::{PassagesConfig, passages};
pub use scatter::{ScatterConfig, scatter};
pub use tile::Tile;
