//! Scattered rooms: placed at random, pushed apart, snapped to the grid
//! without overlap, and linked into a tree with a few loops.
//!
//! This is the "throw rooms in a heap and let them repel" way of laying out
//! a dungeon. The four steps are separate functions, so a caller can swap
//! any of them:
//!
//! 1. [`scatter`] draws `count` rooms with sides from two [`SizeRange`]s,
//!    centred on cells drawn uniformly from a [`SpawnArea`] (a disc or a
//!    rectangle). They overlap freely. O(count).
//! 2. [`separate`] pushes them apart like flocking separation: in each step
//!    every room moves by the *sum* of the pushes of the rooms it overlaps,
//!    each push pointing from the other room's centre to its own. The pairs
//!    that overlap are found with a bucket grid over the centres, so a step
//!    costs O(n + overlapping pairs), not O(n²). All of it is fixed-point
//!    integer arithmetic (1/256 cell, integer square roots), so the result
//!    is the same on every platform. Two things a plain push-apart leaves
//!    open are closed here: a step cap stops the pushes, and a finishing pass after
//!    rounding to whole cells moves each room that still overlaps (rounding
//!    re-creates overlaps of a cell) past its neighbours in one direction,
//!    which provably ends. The result is integer rooms, same sizes, no
//!    overlap, optionally at least `padding` empty cells apart; the report
//!    ([`Separation`]) gives the number of steps. Pushes alone relax a
//!    dense heap from its rim inwards, in steps growing with its diameter;
//!    so a dense heap is first scaled to about the density its rooms allow,
//!    each step adds a small fitted uniform expansion, and a settling pass
//!    closes the gaps the pushes leave: the steps stay about constant
//!    (44-67 from 1,000 to 100,000 rooms) and the total cost grows about
//!    as n log n. [`SeparateOptions::spread`] scales to a looser heap.
//! 3. [`neighbours`] finds every pair satisfying
//!    [`mcrdun_geom::are_neighbours`] (gap between facing sides in
//!    `[0, max_gap)`, overlap along them wider than a door) by two sorted
//!    sweeps: O(n log n + candidates). Each pair is a [`Link`] carrying its
//!    [`DoorSpan`], the cells along which the two rooms face each other.
//! 4. [`spanning_tree`] floods the neighbour graph from a start room, depth first
//!    with an explicit stack, giving a spanning tree of the reachable rooms,
//!    the rooms it could not reach (which [`Connections::remove_unreachable`]
//!    drops), and the unused neighbour pairs as loop candidates, a share of
//!    which [`Connections::with_loops`] turns into loops. O(n + links).
//!
//! Every random choice goes through `mcrdun_geom::random`, so the same seed
//! and parameters give the same rooms everywhere. Bad input is a
//! [`ScatterError`], never a panic.
//!
//! ```
//! use mcrdun_geom::{random::seeded_rng, Point};
//! use mcrdun_scatter::{spanning_tree, neighbours, scatter, separate, SeparateOptions, SizeRange, SpawnArea};
//!
//! let mut rng = seeded_rng(2024);
//! let area = SpawnArea::Disc { center: Point::new(0, 0), radius: 20 };
//! let mut rooms = scatter(&mut rng, 60, area, SizeRange::new(5, 12)?, SizeRange::new(4, 9)?)?;
//! let report = separate(&mut rooms, SeparateOptions::default())?;
//! assert!(rooms.iter().enumerate().all(|(i, a)| rooms[i + 1..].iter().all(|b| !a.intersects(b))));
//!
//! let links = neighbours(&rooms, 2, 2)?;
//! let level = spanning_tree(rooms.len(), &links, 0)?.with_loops(0.25, &mut rng)?;
//! let reached = rooms.len() - level.unreachable().len();
//! assert_eq!(level.tree().len(), reached - 1);
//! println!("{} steps, {} doors", report.steps, level.links().count());
//! # Ok::<(), mcrdun_scatter::ScatterError>(())
//! ```
#![forbid(unsafe_code)]

mod cells;
mod error;
mod finish;
mod neighbours;
mod separate;
mod spawn;
mod tree;

pub use error::ScatterError;
pub use neighbours::{
    DoorSpan, Link, NEIGHBOUR_BYTES_PER_PAIR, NEIGHBOUR_BYTES_PER_ROOM, PairCost, door_span,
    neighbours, neighbours_for, neighbours_into,
};
pub use separate::{
    DEFAULT_MAX_STEPS, SEPARATE_BYTES_PER_ROOM, SeparateOptions, Separation, separate,
};
pub use spawn::{SizeRange, SpawnArea, scatter};
pub use tree::{
    Connections, LOOP_BYTES_PER_CANDIDATE, TREE_BYTES_PER_LINK, TREE_BYTES_PER_ROOM, spanning_tree,
};

/// The largest room side [`SizeRange`] accepts.
pub const MAX_ROOM_SIDE: u32 = 1 << 16;

/// The largest spawn disc radius.
pub const MAX_SPAWN_RADIUS: u32 = 1 << 24;

/// The largest padding between separated rooms.
pub const MAX_PADDING: u32 = 1 << 16;

/// The most rooms [`scatter`], [`separate`] and [`neighbours`] take.
pub const MAX_ROOMS: usize = 1 << 24;
