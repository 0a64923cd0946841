//! Locks and keys on a tile grid: a solver that proves a level can be
//! played through.
//!
//! A level with locks is a grid of walkable tiles, some of them the door
//! tiles of a lock (a lock may have several doors, all opened by one key),
//! keys lying on walkable tiles (each opens one lock; a lock may have more
//! than one key), a start and a goal. A player walks in four directions,
//! cannot pass a door of a lock whose key they have not picked up, picks a
//! key up by stepping on it, and keeps it for good: a key is never used
//! up, and an opened lock stays open.
//!
//! [`solve`] returns a [`Walkthrough`] (the keys in the order they are
//! picked up, which is the order their locks open, and the steps of each
//! leg and in all) or a [`SolveError`] saying why there is none
//! ([`SolveError::Stuck`] names the keys held and the keys never reached
//! when the goal cannot be reached).
//!
//! # The algorithm
//!
//! Keys only ever open doors, so the tiles a player can reach only grow as
//! keys are picked up: the goal is reachable at all exactly when it is
//! reachable after picking up every key that can be reached, in any order.
//! The walkthrough is the greedy player's: from where they stand, a
//! breadth-first search (locked doors of unopened locks are walls) to the
//! nearest *target*, a key of a lock not yet open or the goal; walk there,
//! pick the key up (its lock opens), and search again. The search stops at
//! the first target it takes from its queue, so a leg costs the tiles
//! nearer than its target. On a chain of nested locks (the levels of
//! `mcrdun-dungeon`: key 1, lock 1, key 2, ...) this is the only order
//! there is; elsewhere it is one good order (nearest first), and its
//! length an upper bound on the shortest walkthrough (finding the shortest
//! is a travelling-salesman problem). A key the search would reach through
//! another key is never skipped: that other key is nearer and taken first.
//!
//! # Cost
//!
//! Time: one search per leg, at most one leg per key plus one, each at
//! most linear in the tiles: O(tiles x (keys + 1)), the keys and doors
//! listed once more. Memory: [`SOLVE_BYTES_PER_TILE`] bytes a tile (three
//! bits: the tiles a search has reached or may not enter, the blocked
//! tiles, the keys' tiles; and the search's queue), 8 bytes a key,
//! checked against the memory limit of `mcrdun_geom::memory` before
//! anything is allocated, plus the walkthrough's legs.
//!
//! ```
//! use mcrdun_geom::Point;
//! use mcrdun_locks::{solve, Key, Lock, Puzzle, SolveError, Stop};
//! // One corridor: start, a key, a locked door (lock 7), the goal.
//! //   S . k . = . G
//! let walkable = [true; 7];
//! let locks = [Lock { id: 7, doors: vec![Point::new(4, 0)] }];
//! let keys = [Key { lock: 7, at: Point::new(2, 0) }];
//! let puzzle = Puzzle {
//!     width: 7,
//!     height: 1,
//!     walkable: &walkable,
//!     locks: &locks,
//!     keys: &keys,
//!     start: Point::new(0, 0),
//!     goal: Point::new(6, 0),
//! };
//! let walk = solve(&puzzle)?;
//! assert_eq!(walk.steps, 6);
//! assert_eq!(walk.legs[0].to, Stop::Key(0));
//! assert_eq!(walk.opened(&keys), vec![7]);
//! // Without the key the goal is out of reach.
//! let e = solve(&Puzzle { keys: &[], ..puzzle }).unwrap_err();
//! assert!(matches!(e, SolveError::Stuck { .. }));
//! # Ok::<(), SolveError>(())
//! ```
#![forbid(unsafe_code)]

use core::fmt;
use mcrdun_geom::memory::{self, Budget};
use mcrdun_geom::{GeomError, Point};

/// A lock: an id of the caller's choosing (unique among the puzzle's
/// locks) and the door tiles its key opens.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Lock {
    /// The lock's id; [`Key::lock`] names it.
    pub id: u32,
    /// Its door tiles: walkable tiles that cannot be entered before one of
    /// its keys is picked up. A lock with no doors gates nothing.
    pub doors: Vec<Point>,
}

/// A key lying on a tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Key {
    /// The [`Lock::id`] of the lock it opens.
    pub lock: u32,
    /// Where it lies: a walkable tile, not a door of any lock.
    pub at: Point,
}

/// What [`solve`] is asked: the grid, its locks and keys, where the player
/// starts and where they must get to.
#[derive(Clone, Copy, Debug)]
pub struct Puzzle<'a> {
    /// The grid's width in tiles.
    pub width: u32,
    /// The grid's height in tiles.
    pub height: u32,
    /// Whether each tile is walkable (with every lock open), row-major:
    /// tile (x, y) is `walkable[y * width + x]`.
    pub walkable: &'a [bool],
    /// The locks.
    pub locks: &'a [Lock],
    /// The keys.
    pub keys: &'a [Key],
    /// Where the player starts (a walkable tile; it may be a locked door,
    /// which they then stand in).
    pub start: Point,
    /// Where the player must get to (a walkable tile).
    pub goal: Point,
}

/// Where a leg of a walkthrough ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stop {
    /// At a key, by its index in [`Puzzle::keys`]: it is picked up and its
    /// lock opens.
    Key(usize),
    /// At the goal: the walkthrough ends.
    Goal,
}

/// One leg of a walkthrough: a shortest walk, with the locks opened so
/// far, from where the last leg ended (or the start) to its stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Leg {
    /// Where it ends.
    pub to: Stop,
    /// The tile it ends on.
    pub at: Point,
    /// Its length in steps (four-connected).
    pub steps: u64,
}

/// A way through a puzzle: legs from the start to a key, from that key to
/// the next, ..., and the last to the goal.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Walkthrough {
    /// The legs in order; the last one's stop is [`Stop::Goal`].
    pub legs: Vec<Leg>,
    /// The steps of all legs.
    pub steps: u64,
}

impl Walkthrough {
    /// The keys picked up, in order, as indices into [`Puzzle::keys`].
    pub fn keys(&self) -> Vec<usize> {
        self.legs
            .iter()
            .filter_map(|l| match l.to {
                Stop::Key(k) => Some(k),
                Stop::Goal => None,
            })
            .collect()
    }

    /// The ids of the locks in the order they opened (the locks of
    /// [`Walkthrough::keys`]), given the puzzle's `keys`.
    pub fn opened(&self, keys: &[Key]) -> Vec<u32> {
        self.keys()
            .into_iter()
            .filter_map(|k| keys.get(k).map(|key| key.lock))
            .collect()
    }
}

/// What a puzzle's tile is, in a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// The start.
    Start,
    /// The goal.
    Goal,
    /// A door of the lock with this id.
    Door(u32),
    /// The key of this index in [`Puzzle::keys`].
    Key(usize),
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Start => write!(f, "the start"),
            Place::Goal => write!(f, "the goal"),
            Place::Door(id) => write!(f, "a door of lock {id}"),
            Place::Key(k) => write!(f, "key {k}"),
        }
    }
}

/// Why [`solve`] found no walkthrough.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// `walkable` does not hold `width * height` tiles.
    SizeMismatch {
        /// `width * height`.
        expected: u64,
        /// `walkable.len()`.
        got: usize,
    },
    /// A tile outside the grid.
    OutOfBounds {
        /// Whose tile.
        what: Place,
        /// The tile.
        at: Point,
    },
    /// A tile that must be walkable is a wall.
    NotWalkable {
        /// Whose tile.
        what: Place,
        /// The tile.
        at: Point,
    },
    /// Two locks with one id.
    DuplicateLock {
        /// The id.
        id: u32,
    },
    /// A tile that is a door of two locks, or holds two keys, or a key
    /// and a door, or is the start and a door (`first` the start): the
    /// start stands on open ground, since a player who stepped off a
    /// locked door could not step back onto it.
    SharedTile {
        /// The tile.
        at: Point,
        /// What was there first.
        first: Place,
        /// What was put there too.
        second: Place,
    },
    /// A key for a lock the puzzle does not have.
    UnknownLock {
        /// The key's index.
        key: usize,
        /// The id it names.
        lock: u32,
    },
    /// The working memory ([`SOLVE_BYTES_PER_TILE`] a tile) would pass the
    /// memory limit, or the allocator refused it.
    Memory(GeomError),
    /// The goal cannot be reached: with the keys `held` (indices into
    /// [`Puzzle::keys`], in the order they were picked up, after
    /// `steps` steps), no key of a closed lock and not the goal can be
    /// reached; `unreached` lists the keys of closed locks never reached.
    Stuck {
        /// The keys picked up, in order.
        held: Vec<usize>,
        /// The keys of locks still closed, never reached.
        unreached: Vec<usize>,
        /// The steps walked before getting stuck.
        steps: u64,
    },
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::SizeMismatch { expected, got } => {
                write!(f, "the walkable mask has {got} tiles, the grid {expected}")
            }
            SolveError::OutOfBounds { what, at } => {
                write!(f, "{what} at ({}, {}) is outside the grid", at.x, at.y)
            }
            SolveError::NotWalkable { what, at } => {
                write!(f, "{what} at ({}, {}) is not walkable", at.x, at.y)
            }
            SolveError::DuplicateLock { id } => write!(f, "two locks have the id {id}"),
            SolveError::SharedTile { at, first, second } => {
                write!(f, "({}, {}) is both {first} and {second}", at.x, at.y)
            }
            SolveError::UnknownLock { key, lock } => {
                write!(
                    f,
                    "key {key} opens lock {lock}, which the puzzle does not have"
                )
            }
            SolveError::Memory(e) => write!(f, "solving: {e}"),
            SolveError::Stuck {
                held, unreached, ..
            } => {
                write!(f, "the goal cannot be reached")?;
                if held.is_empty() {
                    write!(f, " with no key")?;
                } else {
                    write!(f, " with keys {held:?}")?;
                }
                if !unreached.is_empty() {
                    write!(f, "; keys {unreached:?} cannot be reached")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for SolveError {}

/// The solver's working memory in bytes a tile, rounded up: three bits
/// (the tiles a leg's search has reached or may not enter, the walls and
/// the doors of closed locks, the keys' tiles: a million tiles in 125 kB
/// each, so that the search's marks stay in the processor's cache) and the
/// search's queue (4 bytes).
pub const SOLVE_BYTES_PER_TILE: u64 = 5;

/// Finds a walkthrough of `puzzle`: the greedy player's (see the crate's
/// docs), nearest target first.
///
/// # Errors
/// [`SolveError::Stuck`] when the goal cannot be reached; the other
/// variants for a malformed puzzle (a size mismatch, a tile outside the
/// grid or on a wall, two locks with one id, a shared tile, a key of no
/// lock) and [`SolveError::Memory`] past the memory limit.
pub fn solve(puzzle: &Puzzle<'_>) -> Result<Walkthrough, SolveError> {
    let _budget = Budget::start();
    let (w, h) = (puzzle.width, puzzle.height);
    let tiles = u64::from(w) * u64::from(h);
    if tiles != puzzle.walkable.len() as u64 {
        return Err(SolveError::SizeMismatch {
            expected: tiles,
            got: puzzle.walkable.len(),
        });
    }
    let index = |what: Place, at: Point| -> Result<usize, SolveError> {
        if at.x < 0 || at.y < 0 || at.x as u32 >= w || at.y as u32 >= h {
            return Err(SolveError::OutOfBounds { what, at });
        }
        let i = at.y as usize * w as usize + at.x as usize;
        if !puzzle.walkable[i] {
            return Err(SolveError::NotWalkable { what, at });
        }
        Ok(i)
    };
    let start = index(Place::Start, puzzle.start)?;
    let goal = index(Place::Goal, puzzle.goal)?;
    // Lock ids to indices, sorted for the look-up.
    let mut ids: Vec<(u32, usize)> =
        memory::try_with_capacity("lock ids", puzzle.locks.len()).map_err(SolveError::Memory)?;
    ids.extend(puzzle.locks.iter().enumerate().map(|(i, l)| (l.id, i)));
    ids.sort_unstable();
    if let Some(pair) = ids.windows(2).find(|p| p[0].0 == p[1].0) {
        return Err(SolveError::DuplicateLock { id: pair[0].0 });
    }
    let lock_of = |key: usize, id: u32| {
        ids.binary_search_by_key(&id, |&(i, _)| i)
            .map(|at| ids[at].1)
            .map_err(|_| SolveError::UnknownLock { key, lock: id })
    };
    memory::check_budget("the solver's tiles", tiles, SOLVE_BYTES_PER_TILE)
        .map_err(SolveError::Memory)?;
    if tiles > u64::from(u32::MAX) {
        // Tile indices are u32 in the queue.
        return Err(SolveError::Memory(GeomError::GridTooLarge {
            width: u64::from(w),
            height: u64::from(h),
        }));
    }
    let n = tiles as usize;
    let words = n.div_ceil(64);
    // Doors and keys, each tile at most one of them: marked in `special`;
    // a tile marked twice is looked up among the earlier ones (an error).
    let mut special: Vec<u64> =
        memory::try_vec("the solver's tiles", words, 0).map_err(SolveError::Memory)?;
    let mark = |bits: &mut [u64], i: usize| {
        let (at, bit) = bit_of(i);
        let was = bits[at] & bit != 0;
        bits[at] |= bit;
        was
    };
    // What lies on tile `i` among the doors of the locks before `li` and
    // the first `d` doors of lock `li`, else among the first `k` keys.
    let occupant = |i: usize, li: usize, d: usize, k: usize| -> Place {
        let on = |p: &Point| tile_index(*p, w) == i;
        for (lj, lock) in puzzle.locks.iter().enumerate().take(li + 1) {
            let upto = if lj == li { d } else { lock.doors.len() };
            if lock.doors[..upto].iter().any(on) {
                return Place::Door(lock.id);
            }
        }
        Place::Key(
            puzzle.keys[..k]
                .iter()
                .position(|key| on(&key.at))
                .unwrap_or(0),
        )
    };
    for (li, lock) in puzzle.locks.iter().enumerate() {
        for (d, &at) in lock.doors.iter().enumerate() {
            let i = index(Place::Door(lock.id), at)?;
            if i == start {
                return Err(SolveError::SharedTile {
                    at,
                    first: Place::Start,
                    second: Place::Door(lock.id),
                });
            }
            if mark(&mut special, i) {
                return Err(SolveError::SharedTile {
                    at,
                    first: occupant(i, li, d, 0),
                    second: Place::Door(lock.id),
                });
            }
        }
    }
    let doors_done = puzzle.locks.len();
    // The keys by tile (tile index, key index), sorted for the look-up.
    let mut key_at: Vec<(u32, u32)> =
        memory::try_with_capacity("the keys' tiles", puzzle.keys.len())
            .map_err(SolveError::Memory)?;
    for (k, key) in puzzle.keys.iter().enumerate() {
        lock_of(k, key.lock)?;
        let i = index(Place::Key(k), key.at)?;
        if mark(&mut special, i) || k as u64 >= u64::from(u32::MAX) {
            return Err(SolveError::SharedTile {
                at: key.at,
                first: occupant(i, doors_done, 0, k),
                second: Place::Key(k),
            });
        }
        key_at.push((i as u32, k as u32));
    }
    key_at.sort_unstable();
    // `blocked`: the walls and the doors of closed locks; `special` from
    // here on marks the keys only.
    let mut blocked: Vec<u64> =
        memory::try_vec("the solver's tiles", words, 0).map_err(SolveError::Memory)?;
    for (word, chunk) in blocked.iter_mut().zip(puzzle.walkable.chunks(64)) {
        let mut bits = 0u64;
        for (b, &walkable) in chunk.iter().enumerate() {
            bits |= u64::from(!walkable) << b;
        }
        *word = bits;
    }
    for lock in puzzle.locks {
        for &d in &lock.doors {
            let i = tile_index(d, w);
            let (at, bit) = bit_of(i);
            special[at] &= !bit;
            blocked[at] |= bit;
        }
    }
    let key_lock = |k: usize| lock_of(k, puzzle.keys[k].lock).unwrap_or(0);
    let mut open: Vec<bool> =
        memory::try_vec("the open locks", puzzle.locks.len(), false).map_err(SolveError::Memory)?;
    // No walkable tile on the grid's edge (every generated level): a
    // walkable tile's four neighbours are in the grid, found without a
    // division.
    let (wu, hu) = (w as usize, h as usize);
    let edge_free = wu >= 3
        && hu >= 3
        && !puzzle.walkable[..wu]
            .iter()
            .chain(&puzzle.walkable[n - wu..])
            .any(|&b| b)
        && (1..hu - 1).all(|y| !puzzle.walkable[y * wu] && !puzzle.walkable[y * wu + wu - 1]);
    let mut search = Search {
        width: w as usize,
        n,
        edge_free,
        seen: memory::try_vec("the solver's tiles", words, 0).map_err(SolveError::Memory)?,
        queue: memory::try_with_capacity("the solver's queue", n).map_err(SolveError::Memory)?,
    };
    let mut walk = Walkthrough::default();
    let mut at = start;
    loop {
        let found = search.nearest(at, goal, &blocked, &special, &|i| {
            let at = key_at.partition_point(|&(t, _)| (t as usize) < i);
            let k = key_at[at].1 as usize;
            (!open[key_lock(k)]).then_some(k)
        });
        let Some((to, steps)) = found else {
            let held = walk.keys();
            let unreached = (0..puzzle.keys.len())
                .filter(|&k| !open[key_lock(k)])
                .collect();
            return Err(SolveError::Stuck {
                held,
                unreached,
                steps: walk.steps,
            });
        };
        memory::grow(
            "the walkthrough's legs",
            &mut walk.legs,
            tiles * SOLVE_BYTES_PER_TILE,
        )
        .map_err(SolveError::Memory)?;
        let (stop, point) = match to {
            None => (Stop::Goal, puzzle.goal),
            Some(k) => {
                let li = key_lock(k);
                open[li] = true;
                for &d in &puzzle.locks[li].doors {
                    let i = tile_index(d, w);
                    let (at, bit) = bit_of(i);
                    blocked[at] &= !bit;
                }
                (Stop::Key(k), puzzle.keys[k].at)
            }
        };
        walk.legs.push(Leg {
            to: stop,
            at: point,
            steps,
        });
        walk.steps += steps;
        if stop == Stop::Goal {
            return Ok(walk);
        }
        at = tile_index(point, w);
    }
}

/// Tile `i`'s word and bit in a bitset of a bit a tile.
fn bit_of(i: usize) -> (usize, u64) {
    (i / 64, 1u64 << (i % 64))
}

/// Whether tile `i`'s bit is set in the bitset `bits`.
fn has_bit(bits: &[u64], i: usize) -> bool {
    let (at, bit) = bit_of(i);
    bits[at] & bit != 0
}

fn tile_index(p: Point, w: u32) -> usize {
    p.y as usize * w as usize + p.x as usize
}

/// The breadth-first search of one leg, its buffers reused leg to leg.
struct Search {
    width: usize,
    /// The tiles.
    n: usize,
    /// No walkable tile on the grid's edge.
    edge_free: bool,
    /// A bit a tile: reached in this leg's search, or blocked (a wall or a
    /// door of a closed lock). A bit a tile keeps the search's marks in
    /// the processor's cache (a million tiles in 125 kB).
    seen: Vec<u64>,
    queue: Vec<u32>,
}

impl Search {
    /// The nearest target from `from`, walking around the `blocked` tiles
    /// (walls and the doors of closed locks): the goal (`None`) or a key
    /// of a closed lock (`Some(k)`), with its distance; `keys` marks the
    /// keys' tiles and `closed` tells a key tile's key when its lock is
    /// still closed. Ties go to the target found first (neighbours in the
    /// order left, right, up, down), so the same puzzle always gives the
    /// same walk.
    fn nearest(
        &mut self,
        from: usize,
        goal: usize,
        blocked: &[u64],
        keys: &[u64],
        closed: &dyn Fn(usize) -> Option<usize>,
    ) -> Option<(Option<usize>, u64)> {
        let (w, n, edge_free) = (self.width, self.n, self.edge_free);
        let seen = &mut self.seen;
        seen.copy_from_slice(blocked);
        let queue = &mut self.queue;
        queue.clear();
        queue.push(from as u32);
        let (at, bit) = bit_of(from);
        seen[at] |= bit;
        let (mut head, mut steps) = (0usize, 0u64);
        while head < queue.len() {
            let end = queue.len();
            while head < end {
                let i = queue[head] as usize;
                head += 1;
                if i == goal {
                    return Some((None, steps));
                }
                if has_bit(keys, i)
                    && let Some(k) = closed(i)
                {
                    return Some((Some(k), steps));
                }
                let mut visit = |j: usize| {
                    let (at, bit) = bit_of(j);
                    let word = seen[at];
                    if word & bit == 0 {
                        seen[at] = word | bit;
                        queue.push(j as u32);
                    }
                };
                if edge_free {
                    // A walkable tile lies inside the walls around the
                    // grid: its neighbours are in it.
                    visit(i - 1);
                    visit(i + 1);
                    visit(i - w);
                    visit(i + w);
                    continue;
                }
                let x = i % w;
                if x > 0 {
                    visit(i - 1);
                }
                if x + 1 < w {
                    visit(i + 1);
                }
                if i >= w {
                    visit(i - w);
                }
                if i + w < n {
                    visit(i + w);
                }
            }
            steps += 1;
        }
        None
    }
}
