//! Whole dungeon levels: the mcrdun crates composed into tile maps, each
//! level a short composition of stages.
//!
//! # Stages
//!
//! Every rule of a level has one address:
//!
//! 1. **layout**, where the rooms are: BSP leaves ([`bsp`]), a scattered
//!    heap ([`scatter`]), a Voronoi partition (`Layout::voronoi_labels` in
//!    `mcrdun-passages`, [`passages`]), a cellular automaton
//!    ([`automaton`], [`cave`]), diggers staggering through rock
//!    ([`drunkard`], which ends as caves do), a maze ([`maze`]); then **vaults**
//!    ([`vaults`]), hand-made rooms from `mcrdun-vaults` files, placed by
//!    every generator (`*_with_vaults`, [`generate_with_vaults`]): a room
//!    of its own shape whose door sites are its entrances, or stamped in a
//!    cave's rock or a maze's blocked cells, every tile as written;
//! 2. **room graph**, which rooms may be joined ([`links::Edge`]s, built in
//!    one module for every room generator): the leaf adjacency, each
//!    room's nearest rooms, touching Voronoi cells;
//! 3. **links**, which edges become passages: one function,
//!    [`links::spanning_links`], a spanning tree plus loops, with one
//!    meaning of `loops` (a share of the other edges, at least one when
//!    above 0) or Brogue's rule (only links that shorten a walk by a
//!    factor);
//! 4. **doors and corridors**: one door placer and one corridor digger,
//!    [`corridors::Canvas`]: a door is a tile in a room's wall (walkable on
//!    one axis, room floor on one side, wall on both flanks), no two doors
//!    touch, corridors never open a room's wall and never run side by
//!    side (no 2x2 walkable square outside rooms);
//! 5. **finish**: [`Level::finish`] checks that the walkable tiles are one
//!    region and places the stairs inside rooms (floor all around) where
//!    it can, far apart by walking distance (a double breadth-first
//!    sweep). Its fallback digging is a safety net: for rooms it digs by
//!    the rules of stage 4 ([`Level::finish_canvas`]), and the summary says
//!    when it dug.
//!
//! Stages 3 to 5 are one shared tail for the room generators (BSP,
//! scatter, passages).
//!
//! Defaults derive from the map's size (room counts, the cave's noise), so
//! rooms per 1000 tiles and the floor share stay the same from 80x50 to
//! 1000x1000, and the options are defined once, in [`schema`].
//! [`LevelConfig`] and [`generate`] choose the pipeline at run time, for
//! callers that pick the kind of level as data, and
//! [`LevelConfig::set`] sets any option by its schema name with the
//! schema's checks: the `mcrdun` command, the C ABI and the Python package
//! all build their levels through them.
//!
//! A [`Level`] is a [`Grid`](mcrdun_geom::Grid) of [`Tile`]s (wall, floor,
//! corridor, door, stairs up, stairs down), the [`Room`]s and [`Door`]s,
//! a [`Summary`] and [`Metrics`]. A level that cannot be made is an error,
//! never a broken map; sizes whose working memory
//! ([`schema::level_bytes`], every stage counted) exceeds the ceiling
//! are refused before anything is allocated. The ceiling is the
//! process-wide memory limit (`mcrdun_geom::memory`, 1 GiB unless raised),
//! which a config's `max_bytes` can lower for its call, never raise; the
//! level holds it for the whole call.
//!
//! Cost: linear in the tiles for every pipeline (plus its generator's own
//! cost), one small A* search per link inside a window around its two
//! rooms, and two walking-distance maps (`mcrdun-distance`, breadth-first
//! rings) for the stairs. A 1024 x 1024 level
//! of any kind takes well under a second.
//!
//! Same seed and options, same level, on every platform: randomness comes
//! only from [`mcrdun_geom::random`].
//!
//! ```
//! use mcrdun_dungeon::{bsp, BspConfig, Tile};
//! let level = bsp(&BspConfig::new(60, 30), 42)?;
//! let text = level.to_ascii();
//! assert_eq!(text.lines().count(), 30);
//! assert_eq!((text.matches('<').count(), text.matches('>').count()), (1, 1));
//! // A spanning tree of rooms, a door in each room's wall per link.
//! assert!(level.doors().len() >= level.rooms().len() - 1);
//! let m = level.metrics();
//! assert_eq!(m.doors_in_walls, m.doors);
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
mod drunkard;
mod error;
mod finish;
mod graph;
mod join;
mod level;
pub mod links;
pub mod locks;
mod maze;
mod maze_vaults;
pub mod measures;
mod passages;
mod reach;
mod scatter;
pub mod schema;
mod stamp;
mod tail;
pub mod things;
mod tile;
pub mod tunnels;
pub mod vaults;

pub use automaton::MAX_CAVE_PASSES;
pub use bsp::{BspConfig, bsp, bsp_with_vaults};
pub use cave::{CaveConfig, cave, cave_with_vaults};
pub use config::{LevelConfig, generate, generate_with_vaults};
pub use drunkard::{DrunkardConfig, DrunkardStyle, drunkard, drunkard_with_vaults};
pub use error::LevelError;
pub use level::{
    Door, KEY_CHAR, Level, LevelKind, METRICS_BYTES_PER_TILE, Metrics, ROCK_BYTE, Room, Summary,
};
pub use locks::Lock;
pub use maze::{MazeConfig, MazeLevel, maze, maze_level, maze_level_with_vaults};
pub use mcrdun_carve::Algorithm as MazeAlgorithm;
pub use mcrdun_locks::{Leg, SolveError, Stop, Walkthrough};
pub use mcrdun_vaults::{Orientation, Vault};
pub use passages::{PassagesConfig, passages, passages_with_vaults};
pub use scatter::{ScatterConfig, scatter, scatter_with_vaults};
pub use things::generate_with_things;
pub use tile::Tile;
pub use vaults::{Marker, PlacedVault};
