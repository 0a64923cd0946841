//! Mazes for mcrdun: carved perfect, on masked grids, at any size.
//!
//! A [`Maze`] stores one byte per cell whose low four bits are the cell's
//! walls in the "A-Maze-ing" order, north = 1, east = 2, south = 4,
//! west = 8 (the discriminants of [`mcrdun_geom::Side`]); a set bit is a
//! closed wall. Every wall is stored twice, once in each cell beside it, and
//! every method keeps the two copies equal; the outer border is always
//! closed. A mask blocks cells (a [`Grid<bool>`](mcrdun_geom::Grid), or the
//! "42" drawn by [`pattern42`]); blocked cells stay fully closed.
//!
//! **Carving** grows a spanning tree of the open cells, which makes the maze
//! *perfect*: exactly one path between any two cells, `passages = cells - 1`,
//! [`Maze::loop_count`] 0. The default, [`Algorithm::Backtracker`], is a
//! randomised depth-first search with an explicit stack (no recursion, so a
//! 4096 x 4096 maze runs on the default thread stack), marking cells when
//! they are pushed so that none is pushed twice. Eight more carvers sit
//! behind the same [`Algorithm`] enum: Prim, Kruskal (union-find with path
//! compression and union by rank), Wilson (loop-erased random walks, a
//! uniform spanning tree), Eller (row by row), the growing tree (newest,
//! random or mixed), hunt-and-kill, sidewinder and binary tree. The last
//! three and Eller work on whole rows or columns and refuse masked mazes.
//! Every carver costs O(cells) time, with three qualifications: Kruskal
//! adds an inverse-Ackermann factor, Wilson's random walks take about
//! O(cells log cells) expected steps, and a hunt-and-kill hunt may rescan
//! free cells that do not touch the tree yet (quadratic in a contrived
//! worst case, a fraction of the carve in practice). Working memory is
//! 9 bytes a cell (26 for Kruskal, none for the row-wise three, Eller
//! 35 bytes a column: [`Algorithm::scratch_bytes_per_cell`]), checked
//! against the [memory budget](mcrdun_geom::memory) before the maze
//! changes. At 1000 x 1000 they take from 4 ms (binary tree, sidewinder)
//! to about 15 ms (backtracker) and 150 ms (Wilson) on a shared 2-core
//! machine.
//!
//! A mask may split the open cells into pieces; [`Algorithm::carve`] then
//! refuses with [`CarveError::SplitByMask`], and [`Algorithm::carve_piece`]
//! carves only the start's piece.
//!
//! **Beyond perfect:** [`Maze::braid`] removes a share of the dead ends by
//! opening walls, which adds loops, but never opens a 3 x 3 area;
//! [`Maze::solve`] finds a shortest path by breadth-first search and spells
//! it in N/E/S/W letters. [`Maze::texture`] summarises dead ends, junctions,
//! corridor length and the longest path.
//!
//! **Formats:** the "A-Maze-ing" hex file ([`MazeFile`], read and write),
//! ASCII art ([`Maze::to_ascii`]) and a `(2w + 1) x (2h + 1)` tile grid for
//! dungeon levels ([`Maze::tiles`]).
//!
//! Randomness comes from one generator passed in by the caller and is
//! turned into numbers by [`mcrdun_geom::random`] only, so the same seed
//! gives the same maze, byte for byte, on every platform.
//!
//! ```
//! use mcrdun_carve::{Algorithm, Maze, MazeFile};
//! use mcrdun_geom::{random::seeded_rng, Point};
//!
//! let mut maze = Maze::new(20, 15)?;
//! maze.block_pattern42()?; // 18 blocked cells
//! let mut rng = seeded_rng(7);
//! maze.carve(Algorithm::Backtracker, Point::new(0, 0), &mut rng)?;
//! assert_eq!((maze.open_count(), maze.passage_count()), (282, 281));
//! assert_eq!(maze.loop_count()?, 0);
//!
//! let path = maze.solve(Point::new(0, 0), Point::new(19, 14))?;
//! assert!(path.len() >= 19 + 14);
//! let file = MazeFile::new(maze, Point::new(0, 0), Point::new(19, 14))?;
//! assert!(file.to_text()?.ends_with(&format!("\n{path}\n")));
//! # Ok::<(), mcrdun_carve::CarveError>(())
//! ```
#![forbid(unsafe_code)]

mod analysis;
mod braid;
pub mod carvers;
mod error;
mod hex;
mod mask;
mod maze;
mod render;
mod solve;

pub use analysis::Texture;
pub use carvers::{Algorithm, GrowingTreeMode};
pub use error::CarveError;
pub use hex::MazeFile;
pub use mask::{PATTERN42_HEIGHT, PATTERN42_WIDTH, pattern42, pattern42_scaled};
pub use maze::{ALL_WALLS, Maze};
pub use render::MazeTile;
