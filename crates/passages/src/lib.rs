//! Passages between rooms of any shape.
//!
//! A dungeon's rooms need not be rectangles: a room is any set of grid
//! cells, such as a cave region, a Voronoi cell or a wandering path room.
//! Where two rooms touch, we want one *passage*: two 4-adjacent cells, one
//! in each room. This crate finds where rooms touch and picks passages, with
//! a bias towards the interesting parts of a border (a cell jutting into
//! the other room) over its straight runs.
//!
//! # The model
//!
//! A [`Layout`] is a `width` x `height` grid in which each cell belongs to at
//! most one room. [`Layout::add_room`] takes the cells of a room in any order
//! and returns its [`RoomId`], `0, 1, 2, ...` in the order added;
//! [`Layout::from_labels`] builds a whole layout from a grid of room labels
//! (a region labelling, a Voronoi partition) in linear time. The layout
//! keeps a room-id grid (for O(1) [`Layout::room_of`]) and, for each room,
//! its sorted cells and its *boundary*: the cells with a 4-neighbour outside
//! the room. A room's boundary never changes once added, because later rooms
//! cannot take its cells.
//!
//! # The algorithm
//!
//! - **Border** ([`Layout::border`]): every cell of `a` or `b` with a
//!   4-neighbour in the other room, mapped to those neighbours (1 to 4 of
//!   them). Every cell of `a` touching `b` lies on `a`'s boundary, and every
//!   cell of `b` touching `a` is a neighbour of one of those, so it suffices
//!   to scan the shorter of the two boundaries and look up each cell's four
//!   neighbours in the id grid. Each adjacent pair found is recorded from
//!   both sides into five streams that are each already in `(y, x)` order
//!   (the scanned side, and the other side per neighbour offset), and a
//!   linear merge yields the dictionary sorted by `(y, x)`, never in hash
//!   order. Cost O(k) for a boundary of k cells, where comparing every cell
//!   with every other would be O(|a| |b|).
//! - **Room graph** ([`Layout::adjacent_rooms`]): one pass over the id grid,
//!   comparing each cell with its east and south neighbours; each pair of
//!   rooms reported once, sorted.
//! - **Weighted choice** ([`choose_passage`]): each border cell weighs its
//!   count of neighbours across ([`Weights::Count`], the default, which makes
//!   every adjacent pair equally likely) or a table entry for that count
//!   ([`Weights::Table`]); one cell is drawn with
//!   [`mcrdun_geom::random::weighted_index`], then one of its neighbours
//!   across uniformly.
//! - **Whole layouts** ([`passages`]): a passage for every adjacent pair
//!   ([`Connect::AllPairs`]) or for a random spanning forest of the room
//!   graph plus a fraction of the other pairs as loops
//!   ([`Connect::SpanningTree`]). Rooms touching no other room are reported
//!   in [`PassagePlan::isolated`], and [`PassagePlan::components`] says
//!   whether the rooms form one connected whole. Cost: one grid pass, plus
//!   one border per chosen pair (about 90 ms for 10^4 Voronoi rooms on a
//!   2048 x 2048 grid, every adjacent pair, release build).
//!
//! All randomness goes through a caller's `rng` and `mcrdun-geom`'s integer
//! helpers, so a seed gives the same passages on every platform.
//!
//! # Example
//!
//! Two rooms of 9 and 7 cells whose border has 8
//! cells; the cell `(3, 3)` juts down into the second room and has three
//! neighbours across.
//!
//! ```
//! use mcrdun_geom::{Point, random::seeded_rng};
//! use mcrdun_passages::{choose_passage, passages, Layout, Policy, Weights};
//!
//! let cells = |v: &[(i32, i32)]| v.iter().map(|&(x, y)| Point::new(x, y)).collect::<Vec<_>>();
//! let mut layout = Layout::new(6, 6)?;
//! let upper = layout.add_room(&cells(&[
//!     (1, 1), (2, 1), (3, 1), (4, 1), (1, 2), (2, 2), (3, 2), (4, 2), (3, 3),
//! ]))?;
//! let lower = layout.add_room(&cells(&[
//!     (1, 3), (2, 3), (4, 3), (1, 4), (2, 4), (3, 4), (4, 4),
//! ]))?;
//!
//! let border = layout.border(upper, lower)?;
//! assert_eq!(border.len(), 8);
//! assert_eq!(
//!     border.get(Point::new(3, 3)).unwrap(),
//!     cells(&[(2, 3), (4, 3), (3, 4)])
//! );
//!
//! let mut rng = seeded_rng(2026);
//! let p = choose_passage(&border, &mut rng, &Weights::Table([1, 10, 15, 15]))?;
//! assert_eq!(layout.room_of(p.cell_a), Some(upper));
//! assert_eq!(layout.room_of(p.cell_b), Some(lower));
//! assert_eq!(p.cell_a.manhattan(p.cell_b), 1);
//!
//! let plan = passages(&layout, &mut rng, &Policy::all_pairs())?;
//! assert_eq!(plan.passages.len(), 1);
//! assert!(plan.isolated.is_empty());
//! # Ok::<(), mcrdun_passages::PassagesError>(())
//! ```
#![forbid(unsafe_code)]

mod border;
mod choose;
mod error;
mod graph;
mod layout;
mod plan;
mod voronoi;

pub use border::{BORDER_BYTES_PER_PAIR, BORDER_BYTES_PER_SCANNED_CELL, Border, BorderCell};
pub use choose::{Passage, Weights, choose_passage};
pub use error::PassagesError;
pub use graph::{
    ADJACENT_BYTES_PER_BOUNDARY_CELL, ADJACENT_BYTES_PER_COLUMN, ADJACENT_BYTES_PER_PAIR,
};
pub use layout::{
    ADD_ROOM_BYTES_PER_CELL, ADD_ROOM_BYTES_PER_ROOM, Layout, RoomId, from_labels_bytes,
};
pub use plan::{
    Connect, PLAN_BYTES_PER_BORDER_PAIR, PLAN_BYTES_PER_PAIR, PLAN_BYTES_PER_ROOM, PassagePlan,
    Policy, passages,
};
