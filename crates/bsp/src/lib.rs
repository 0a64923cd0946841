//! Binary space partitioning for dungeon layouts, with a leaf adjacency
//! graph.
//!
//! A [`Bsp`] cuts a rectangle in two, then the halves, and so on: every
//! internal node has exactly two children that tile it, so the leaves tile
//! the root with no gap and no overlap. Engines put a room in each leaf and
//! connect rooms whose leaves touch. This crate is a replacement for
//! libtcod's BSP toolkit:
//!
//! - **The tree** is an arena (`Vec` of nodes, the two children of a node
//!   side by side) addressed by [`NodeId`] handles. Each handle carries the
//!   tree's generation; every change ([`Bsp::split_once`],
//!   [`Bsp::split_recursive`], [`Bsp::clear`], [`Bsp::resize`]) bumps it,
//!   so a handle from before the change is refused
//!   ([`BspError::StaleNode`]) rather than silently naming another node.
//! - **Splitting**: [`Bsp::split_once`] cuts one leaf where you say;
//!   [`Bsp::split_recursive`] cuts to a depth with minimum leaf sizes and
//!   aspect-ratio limits, drawing from any `rand::Rng` through
//!   `mcrdun_geom::random` (portable); [`Bsp::split_recursive_libtcod`]
//!   reproduces libtcod's `TCOD_bsp_split_recursive` with a `TCOD_RNG_MT`
//!   seed exactly ([`Mt19937`], libtcod's range rule and float ratio
//!   tests), checked against vectors made with the real libtcod, but
//!   returns an error where libtcod would make an empty node.
//! - **Reading**: traversals in pre-, in-, post-, level and inverted level
//!   order ([`Order`]); [`Bsp::find`] (deepest node at a point, O(depth));
//!   leaves in level order (breadth first, first child first) numbered
//!   `0..n`, [`Bsp::leaf`], [`Bsp::leaf_index`].
//! - **Adjacency** ([`Bsp::adjacency`]): leaf `i`'s neighbours are the
//!   leaves sharing a wall segment of at least one cell with it (a corner is
//!   not enough), ascending. It is built on first use by sorting the leaves'
//!   edges by (line, start) and merging the two sides of each line, O(n log
//!   n) (about a million leaves in well under a second), then cached until
//!   the tree changes. [`Bsp::adjacent_tiles`] lists the tiles on one leaf's
//!   own edge facing the other, for doors; a non-neighbour is
//!   [`BspError::NotAdjacent`].
//! - **Rasterising** ([`Bsp::rasterise`]): selected nodes, shrunk by a
//!   margin, into a [`mcrdun_geom::Grid`].
//!
//! Caches are filled through `&self` with `std::sync::OnceLock`, so a
//! shared `&Bsp` can be read from several threads at once.
//!
//! Costs: splitting is O(nodes) plus one or two draws per cut; leaf
//! numbering O(nodes) once per generation; adjacency O(n log n) once per
//! generation; `find` O(depth); `adjacent_tiles` O(1) and allocation-free.
//!
//! Memory: every call that allocates checks its working memory against the
//! memory ceiling of `mcrdun_geom::memory` before any work, and is refused
//! ([`BspError::Geom`] over budget) rather than pass it: recursive splits
//! [`NODE_BYTES`] (36) a node of the most nodes the depth and sizes allow,
//! [`Bsp::split_once`] 72 bytes a node when the arena doubles, the leaf
//! numbering [`LEAF_INDEX_BYTES_PER_NODE`] (12) a node, the adjacency
//! [`ADJACENCY_BYTES_PER_LEAF`] (128) a leaf, [`Bsp::resize`]
//! [`RESIZE_BYTES_PER_NODE`] (16) a node, traversals
//! [`TRAVERSE_BYTES_PER_NODE`] (10) a node. Only [`Bsp::leaf_count`] and
//! the other infallible readers build the numbering unchecked (a third of
//! the tree's own arena); [`Bsp::try_leaf_count`] checks it.
//!
//! Bad input (sizes, minimums below 1, ratios below 1 or NaN, a depth above
//! [`MAX_DEPTH`], a leaf number out of range, a stale handle) is a
//! [`BspError`]; a refused call changes nothing.
//!
//! ```
//! use mcrdun_bsp::Bsp;
//! use mcrdun_geom::{random::seeded_rng, Rect};
//! use std::collections::VecDeque;
//!
//! let mut bsp = Bsp::new(Rect::new(0, 0, 80, 50)?);
//! bsp.split_recursive(bsp.root(), &mut seeded_rng(42), 4, 8, 8, 1.5, 1.5)?;
//!
//! // Entrance and exit: the leaves nearest opposite corners.
//! let key = |i: &usize| {
//!     let c = bsp.leaf_rect(*i).unwrap().center();
//!     c.x + c.y
//! };
//! let start = (0..bsp.leaf_count()).min_by_key(key).unwrap();
//! let end = (0..bsp.leaf_count()).max_by_key(key).unwrap();
//!
//! // Breadth-first search over the adjacency graph.
//! let adj = bsp.adjacency()?;
//! let mut came_from = vec![usize::MAX; adj.len()];
//! came_from[start] = start;
//! let mut queue = VecDeque::from([start]);
//! while let Some(i) = queue.pop_front() {
//!     for &n in &adj[i] {
//!         if came_from[n as usize] == usize::MAX {
//!             came_from[n as usize] = i;
//!             queue.push_back(n as usize);
//!         }
//!     }
//! }
//! let mut path = vec![end];
//! while *path.last().unwrap() != start {
//!     path.push(came_from[*path.last().unwrap()]);
//! }
//!
//! // A door in the middle of each wall along the path.
//! for pair in path.windows(2) {
//!     let tiles: Vec<_> = bsp.adjacent_tiles(pair[0], pair[1])?.collect();
//!     let door = tiles[tiles.len() / 2];
//!     assert!(bsp.leaf_rect(pair[0])?.contains(door));
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]

mod adjacency;
mod error;
mod leaves;
mod libtcod;
mod node;
mod raster;
mod split;
mod traverse;
mod tree;

pub use adjacency::{ADJACENCY_BYTES_PER_LEAF, Adjacency};
pub use error::BspError;
pub use leaves::LEAF_INDEX_BYTES_PER_NODE;
pub use libtcod::Mt19937;
pub use node::{Node, NodeId, Order, Select, Split};
pub use split::{MAX_DEPTH, NODE_BYTES};
pub use traverse::TRAVERSE_BYTES_PER_NODE;
pub use tree::{Bsp, RESIZE_BYTES_PER_NODE};
