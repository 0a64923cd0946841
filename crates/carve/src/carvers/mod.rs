//! The carvers: nine ways to grow a spanning tree of a maze's open cells.
//!
//! Every carver starts from a maze with every wall closed (it closes them
//! itself, keeping the mask) and opens exactly `cells - 1` walls of the
//! start's piece, each joining a cell to one not yet joined, so the result
//! is a spanning tree of that piece: a perfect maze.
//!
//! The piece is the set of open cells reachable from the start through
//! open cells (walls ignored). [`Algorithm::carve`] refuses a mask that
//! splits the open cells in pieces; [`Algorithm::carve_piece`] and the
//! per-algorithm functions carve the start's piece and leave the other
//! pieces closed.
//!
//! Internally most carvers see a `state` byte per cell: `OUT` (blocked or
//! in another piece), `FREE` (in the piece, not joined yet), and their own
//! markers above those. The backtracker needs none: a cell of a fully
//! closed maze is free exactly while its four walls are closed.

mod backtracker;
mod binary_tree;
mod eller;
mod growing_tree;
mod hunt_and_kill;
mod kruskal;
mod prim;
mod sidewinder;
mod wilson;

use crate::{CarveError, Maze};
use mcrdun_geom::memory::{Budget, check_bytes, try_vec, try_with_capacity};
use mcrdun_geom::random::{below, index};
use mcrdun_geom::{Point, Side};
use rand::Rng;

/// Not part of the piece being carved.
pub(crate) const OUT: u8 = 0;
/// In the piece and not joined to the tree yet.
pub(crate) const FREE: u8 = 1;
/// Joined to the tree.
pub(crate) const IN: u8 = 2;

/// How the growing-tree carver picks the cell to grow from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GrowingTreeMode {
    /// Always the newest cell: a depth-first search, long winding corridors.
    Newest,
    /// A random cell: like Prim, many short dead ends.
    Random,
    /// The newest cell `newest_percent` percent of the time, else a random
    /// one (at most 100).
    Mixed {
        /// Chance of the newest pick, in percent (0..=100).
        newest_percent: u8,
    },
}

/// A maze-carving algorithm. Each yields a perfect maze of the start's
/// piece; the seeded generator makes it reproducible.
///
/// | number | algorithm | masks | character |
/// |---|---|---|---|
/// | 0 | [`Backtracker`](Algorithm::Backtracker) | yes | long corridors, few dead ends |
/// | 1 | [`Prim`](Algorithm::Prim) | yes | short branches, many dead ends |
/// | 2 | [`Kruskal`](Algorithm::Kruskal) | yes | uniform-looking, many short dead ends |
/// | 3 | [`Wilson`](Algorithm::Wilson) | yes | uniform spanning tree (unbiased) |
/// | 4 | [`Eller`](Algorithm::Eller) | no | row by row, O(width) memory |
/// | 5, 6, 7 | [`GrowingTree`](Algorithm::GrowingTree) newest / random / mixed 50% | yes | tunable between 0 and 1 |
/// | 8 | [`HuntAndKill`](Algorithm::HuntAndKill) | yes | long corridors, raster hunting |
/// | 9 | [`Sidewinder`](Algorithm::Sidewinder) | no | open top row, northward bias |
/// | 10 | [`BinaryTree`](Algorithm::BinaryTree) | no | open top row and left column, diagonal bias |
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// The recursive backtracker, iterative with an explicit stack: a
    /// randomised depth-first search whose cells are marked when pushed.
    Backtracker,
    /// Prim's algorithm on random frontier cells.
    Prim,
    /// Kruskal's algorithm: shuffled walls, union-find with path compression
    /// and union by rank.
    Kruskal,
    /// Wilson's algorithm: loop-erased random walks, a uniform spanning tree.
    Wilson,
    /// Eller's algorithm, row by row with set merging. Refuses masks.
    Eller,
    /// The growing-tree algorithm with a pick rule.
    GrowingTree(GrowingTreeMode),
    /// Hunt-and-kill: random walks, then a raster hunt for the next start.
    HuntAndKill,
    /// Sidewinder: runs along each row, closed by one passage north.
    /// Refuses masks.
    Sidewinder,
    /// Binary tree: each cell opens north or west. Refuses masks.
    BinaryTree,
}

impl Algorithm {
    /// Every algorithm with a number, in number order (the growing tree
    /// three times: newest, random, mixed 50%).
    pub const ALL: [Algorithm; 11] = [
        Algorithm::Backtracker,
        Algorithm::Prim,
        Algorithm::Kruskal,
        Algorithm::Wilson,
        Algorithm::Eller,
        Algorithm::GrowingTree(GrowingTreeMode::Newest),
        Algorithm::GrowingTree(GrowingTreeMode::Random),
        Algorithm::GrowingTree(GrowingTreeMode::Mixed { newest_percent: 50 }),
        Algorithm::HuntAndKill,
        Algorithm::Sidewinder,
        Algorithm::BinaryTree,
    ];

    /// The short lowercase names of [`Algorithm::ALL`], in number order
    /// ([`Algorithm::name`] of each).
    pub const NAMES: [&'static str; 11] = [
        "backtracker",
        "prim",
        "kruskal",
        "wilson",
        "eller",
        "growing-tree-newest",
        "growing-tree-random",
        "growing-tree-mixed",
        "hunt-and-kill",
        "sidewinder",
        "binary-tree",
    ];

    /// The algorithm with `number` (the C ABI's `MCRDUN_MAZE_ALGORITHM_*`).
    ///
    /// # Errors
    /// [`CarveError::UnknownAlgorithm`] for a number above 10.
    pub fn from_number(number: u32) -> Result<Algorithm, CarveError> {
        Algorithm::ALL
            .get(number as usize)
            .copied()
            .ok_or(CarveError::UnknownAlgorithm { value: number })
    }

    /// The algorithm's number, `None` for a growing-tree mix other than
    /// 50%.
    pub fn number(self) -> Option<u32> {
        Algorithm::ALL
            .iter()
            .position(|&a| a == self)
            .map(|n| n as u32)
    }

    /// A short lowercase name, e.g. `"hunt-and-kill"`.
    pub fn name(self) -> &'static str {
        // Every growing-tree mix reads as the numbered one's name.
        let mixed = Algorithm::GrowingTree(GrowingTreeMode::Mixed { newest_percent: 50 });
        let number = self.number().or(mixed.number()).unwrap_or(0);
        Algorithm::NAMES[number as usize]
    }

    /// The most working memory a carve needs, in bytes per cell of the
    /// maze, checked against the [memory budget](mcrdun_geom::memory)
    /// before the maze changes (measured by the cost tests, each within
    /// these figures):
    ///
    /// | algorithm | bytes a cell | what |
    /// |---|---|---|
    /// | backtracker, Prim, Wilson, growing tree, hunt-and-kill | 9 | a state byte and an 8-byte stack, frontier or list entry (the piece search of a masked maze: a state byte and an 8-byte queue entry) |
    /// | Kruskal | 26 | a state byte, two 8-byte walls, a 9-byte set |
    /// | Eller, sidewinder, binary tree | 0 | nothing a cell (Eller: [`Algorithm::scratch_bytes_per_column`]) |
    pub fn scratch_bytes_per_cell(self) -> u64 {
        match self {
            Algorithm::Kruskal => 26,
            Algorithm::Eller | Algorithm::Sidewinder | Algorithm::BinaryTree => 0,
            _ => 9,
        }
    }

    /// The working memory a carve needs besides
    /// [`Algorithm::scratch_bytes_per_cell`], in bytes per column of the
    /// maze: Eller's six tables of a row (35 bytes a column), 0 for the
    /// others.
    pub fn scratch_bytes_per_column(self) -> u64 {
        if self == Algorithm::Eller {
            eller::BYTES_PER_COLUMN
        } else {
            0
        }
    }

    /// The whole working memory of a carve of `maze`, in bytes: what is
    /// checked against the memory budget before the maze changes.
    pub fn scratch_bytes(self, maze: &Maze) -> u64 {
        (maze.len() as u64)
            .saturating_mul(self.scratch_bytes_per_cell())
            .saturating_add(u64::from(maze.width()) * self.scratch_bytes_per_column())
    }

    /// Whether the algorithm can carve a maze with blocked cells. Eller,
    /// sidewinder and binary tree work on whole rows and columns and
    /// refuse them.
    pub fn supports_mask(self) -> bool {
        !matches!(
            self,
            Algorithm::Eller | Algorithm::Sidewinder | Algorithm::BinaryTree
        )
    }

    /// Carves a perfect maze over all the open cells, starting at `start`.
    /// Walls opened before are closed first; the mask is kept.
    ///
    /// ```
    /// use mcrdun_carve::{Algorithm, Maze};
    /// use mcrdun_geom::{random::seeded_rng, Point};
    /// let mut maze = Maze::new(20, 15)?;
    /// maze.block_pattern42()?;
    /// Algorithm::Wilson.carve(&mut maze, Point::new(0, 0), &mut seeded_rng(7))?;
    /// assert!(maze.is_perfect()?);
    /// assert_eq!(maze.passage_count(), 281);
    /// # Ok::<(), mcrdun_carve::CarveError>(())
    /// ```
    ///
    /// # Errors
    /// [`CarveError::OutOfBounds`] or [`CarveError::Blocked`] for the
    /// start; [`CarveError::MaskUnsupported`]; [`CarveError::InvalidPercent`];
    /// [`CarveError::SplitByMask`] when some open cell cannot be reached
    /// from the start; [`CarveError::WalkTooLong`] (Wilson on a thin
    /// shape); [`CarveError::Geom`] with `OverBudget` when
    /// [`Algorithm::scratch_bytes`] pass the
    /// [memory budget](mcrdun_geom::memory). The maze is unchanged on error.
    pub fn carve<R: Rng + ?Sized>(
        self,
        maze: &mut Maze,
        start: Point,
        rng: &mut R,
    ) -> Result<(), CarveError> {
        self.run(maze, start, rng, true)
    }

    /// Carves a perfect maze over the start's piece; open cells in other
    /// pieces keep every wall closed.
    ///
    /// # Errors
    /// As [`Algorithm::carve`], without [`CarveError::SplitByMask`].
    pub fn carve_piece<R: Rng + ?Sized>(
        self,
        maze: &mut Maze,
        start: Point,
        rng: &mut R,
    ) -> Result<(), CarveError> {
        self.run(maze, start, rng, false)
    }

    fn run<R: Rng + ?Sized>(
        self,
        maze: &mut Maze,
        start: Point,
        rng: &mut R,
        whole: bool,
    ) -> Result<(), CarveError> {
        let _budget = Budget::start();
        let s = maze.open_index(start)?;
        if !self.supports_mask() && maze.blocked_count() > 0 {
            return Err(CarveError::MaskUnsupported {
                algorithm: self.name(),
            });
        }
        if let Algorithm::GrowingTree(GrowingTreeMode::Mixed { newest_percent }) = self
            && newest_percent > 100
        {
            return Err(CarveError::InvalidPercent {
                percent: newest_percent,
            });
        }
        check_bytes("carving a maze", self.scratch_bytes(maze))?;
        if self == Algorithm::Wilson && wilson::thin_shape(maze.width(), maze.height()) {
            return Err(CarveError::WalkTooLong {
                width: maze.width(),
                height: maze.height(),
                limit: wilson::step_limit(maze.len()),
            });
        }
        let masked = maze.blocked_count() > 0;
        // Without a mask there is one piece: the carvers that need no
        // state array (the backtracker marks cells in the walls, the
        // row-wise ones never look back) skip building one.
        if !masked {
            match self {
                Algorithm::Backtracker => {
                    let mut stack = try_with_capacity("a carve's stack", maze.len())?;
                    maze.close_all();
                    backtracker::run::<false, R>(maze, s, &mut stack, rng);
                    return Ok(());
                }
                Algorithm::Eller => {
                    let mut rows = eller::Rows::new(maze.width() as usize)?;
                    maze.close_all();
                    eller::run(maze, &mut rows, rng);
                    return Ok(());
                }
                Algorithm::Sidewinder | Algorithm::BinaryTree => {
                    maze.close_all();
                    if self == Algorithm::Sidewinder {
                        sidewinder::run(maze, rng);
                    } else {
                        binary_tree::run(maze, rng);
                    }
                    return Ok(());
                }
                _ => {}
            }
        }
        let (mut state, reachable) = piece(maze, s)?;
        if whole && reachable != maze.open_count() {
            return Err(CarveError::SplitByMask {
                reachable,
                open: maze.open_count(),
            });
        }
        self.carve_state(maze, s, &mut state, reachable, rng)
    }

    /// Carves the start's piece of `reachable` cells marked `FREE` in
    /// `state` (algorithms that take masks). Every scratch vector is
    /// allocated before the walls are closed, so a refusal leaves the maze
    /// as it was.
    fn carve_state<R: Rng + ?Sized>(
        self,
        maze: &mut Maze,
        s: usize,
        state: &mut [u8],
        reachable: usize,
        rng: &mut R,
    ) -> Result<(), CarveError> {
        match self {
            Algorithm::Backtracker => {
                let mut stack = try_with_capacity("a carve's stack", reachable)?;
                maze.close_all();
                backtracker::run::<true, R>(maze, s, &mut stack, rng);
            }
            Algorithm::Prim => {
                let mut frontier = try_with_capacity("a carve's frontier", reachable)?;
                maze.close_all();
                prim::run(maze, s, state, &mut frontier, rng);
            }
            Algorithm::Kruskal => {
                let walls = kruskal::walls(maze, state, reachable)?;
                maze.close_all();
                kruskal::run(maze, walls, reachable, rng);
            }
            Algorithm::Wilson => {
                // The walks may be refused (thin corridors); they leave the
                // maze untouched until every tree edge is known.
                let limit = wilson::step_limit(reachable);
                let exit = wilson::walk(maze, s, state, rng, limit)?;
                maze.close_all();
                wilson::apply(maze, s, state, &exit);
            }
            Algorithm::GrowingTree(mode) => {
                let mut active = try_with_capacity("a carve's active list", reachable)?;
                maze.close_all();
                growing_tree::run(maze, s, state, &mut active, mode, rng);
            }
            Algorithm::HuntAndKill => {
                maze.close_all();
                hunt_and_kill::run(maze, s, state, rng);
            }
            Algorithm::Eller | Algorithm::Sidewinder | Algorithm::BinaryTree => {
                unreachable!("row-wise carvers refuse masks and are carved above")
            }
        }
        Ok(())
    }
}

impl Maze {
    /// Carves with `algorithm` from `start`: [`Algorithm::carve`].
    ///
    /// # Errors
    /// As [`Algorithm::carve`].
    pub fn carve<R: Rng + ?Sized>(
        &mut self,
        algorithm: Algorithm,
        start: Point,
        rng: &mut R,
    ) -> Result<(), CarveError> {
        algorithm.carve(self, start, rng)
    }
}

macro_rules! carver_fns {
    ($($(#[$doc:meta])* $name:ident => $algo:expr;)*) => {$(
        $(#[$doc])*
        ///
        /// Carves the start's piece (see [`Algorithm::carve_piece`]); walls
        /// opened before are closed first.
        ///
        /// # Errors
        /// As [`Algorithm::carve_piece`].
        pub fn $name<R: Rng + ?Sized>(
            maze: &mut Maze,
            start: Point,
            rng: &mut R,
        ) -> Result<(), CarveError> {
            $algo.carve_piece(maze, start, rng)
        }
    )*};
}

carver_fns! {
    /// The iterative recursive backtracker ([`Algorithm::Backtracker`]).
    backtracker => Algorithm::Backtracker;
    /// Prim's algorithm ([`Algorithm::Prim`]).
    prim => Algorithm::Prim;
    /// Kruskal's algorithm ([`Algorithm::Kruskal`]).
    kruskal => Algorithm::Kruskal;
    /// Wilson's algorithm ([`Algorithm::Wilson`]).
    wilson => Algorithm::Wilson;
    /// Eller's algorithm ([`Algorithm::Eller`]); refuses masks.
    eller => Algorithm::Eller;
    /// The growing tree, newest pick ([`GrowingTreeMode::Newest`]).
    growing_tree_newest => Algorithm::GrowingTree(GrowingTreeMode::Newest);
    /// The growing tree, random pick ([`GrowingTreeMode::Random`]).
    growing_tree_random => Algorithm::GrowingTree(GrowingTreeMode::Random);
    /// The growing tree, half newest, half random ([`GrowingTreeMode::Mixed`]).
    growing_tree_mixed => Algorithm::GrowingTree(GrowingTreeMode::Mixed { newest_percent: 50 });
    /// Hunt-and-kill ([`Algorithm::HuntAndKill`]).
    hunt_and_kill => Algorithm::HuntAndKill;
    /// Sidewinder ([`Algorithm::Sidewinder`]); refuses masks.
    sidewinder => Algorithm::Sidewinder;
    /// Binary tree ([`Algorithm::BinaryTree`]); refuses masks.
    binary_tree => Algorithm::BinaryTree;
}

/// The carving state of every cell: `FREE` for the open cells reachable
/// from `s` through open cells, `OUT` for the rest; and how many are
/// `FREE`. Without a mask the whole grid is one piece and no search runs.
fn piece(maze: &Maze, s: usize) -> Result<(Vec<u8>, usize), CarveError> {
    if maze.blocked_count() == 0 {
        return Ok((try_vec("a carve's state", maze.len(), FREE)?, maze.len()));
    }
    let mut state = try_vec("a carve's state", maze.len(), OUT)?;
    let mut queue = try_with_capacity("a carve's queue", maze.open_count())?;
    queue.push(s);
    state[s] = FREE;
    let mut head = 0;
    while head < queue.len() {
        let i = queue[head];
        head += 1;
        for side in Side::ALL {
            if let Some(j) = maze.open_step(i, side)
                && state[j] == OUT
            {
                state[j] = FREE;
                queue.push(j);
            }
        }
    }
    Ok((state, queue.len()))
}

/// A uniform index below `len` (`len >= 1`); one draw, or none when there
/// is only one choice.
#[inline]
pub(crate) fn pick<R: Rng + ?Sized>(rng: &mut R, len: usize) -> usize {
    if len == 1 {
        return 0;
    }
    index(rng, len).expect("a choice among at least one item")
}

/// A fair coin.
#[inline]
pub(crate) fn coin<R: Rng + ?Sized>(rng: &mut R) -> bool {
    below(rng, 2) == Ok(1)
}

/// The neighbours `j` of cell `i` whose state is `want`, as
/// `(j, side)` in N, E, S, W order, and how many there are.
#[inline]
pub(crate) fn neighbours_in(
    maze: &Maze,
    state: &[u8],
    i: usize,
    want: u8,
) -> ([(usize, Side); 4], usize) {
    let mut out = [(0, Side::North); 4];
    let mut n = 0;
    for side in Side::ALL {
        if let Some(j) = maze.step_index(i, side)
            && state[j] == want
        {
            out[n] = (j, side);
            n += 1;
        }
    }
    (out, n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use mcrdun_geom::random::seeded_rng;

    #[test]
    fn numbers_round_trip() {
        for (n, a) in Algorithm::ALL.iter().enumerate() {
            assert_eq!(Algorithm::from_number(n as u32), Ok(*a));
            assert_eq!(a.number(), Some(n as u32));
        }
        assert_eq!(
            Algorithm::from_number(11),
            Err(CarveError::UnknownAlgorithm { value: 11 })
        );
        let odd = Algorithm::GrowingTree(GrowingTreeMode::Mixed { newest_percent: 10 });
        assert_eq!(odd.number(), None);
        assert_eq!(odd.name(), "growing-tree-mixed");
        let names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
        assert_eq!(names[0], "backtracker");
        assert_eq!(names[10], "binary-tree");
        assert_eq!(names, Algorithm::NAMES);
    }

    #[test]
    fn every_algorithm_is_perfect_on_small_grids() {
        for a in Algorithm::ALL {
            for (w, h) in [(1, 1), (1, 7), (7, 1), (2, 2), (13, 9)] {
                let mut m = Maze::new(w, h).unwrap();
                a.carve(&mut m, Point::new(0, 0), &mut seeded_rng(3))
                    .unwrap();
                assert!(m.is_perfect().unwrap(), "{} {w}x{h}", a.name());
                assert_eq!(m.loop_count().unwrap(), 0);
            }
        }
    }

    #[test]
    fn masks_are_refused_or_honoured() {
        for a in Algorithm::ALL {
            let mut m = Maze::new(20, 15).unwrap();
            m.block_pattern42().unwrap();
            let before = m.clone();
            let r = a.carve(&mut m, Point::new(0, 0), &mut seeded_rng(5));
            if a.supports_mask() {
                r.unwrap();
                assert!(m.is_perfect().unwrap(), "{}", a.name());
                assert_eq!(m.passage_count(), 281);
            } else {
                assert_eq!(
                    r,
                    Err(CarveError::MaskUnsupported {
                        algorithm: a.name()
                    })
                );
                assert_eq!(m, before);
            }
        }
    }

    #[test]
    fn split_masks() {
        let mut m = Maze::new(5, 3).unwrap();
        for y in 0..3 {
            m.block(Point::new(2, y)).unwrap();
        }
        let before = m.clone();
        let r = Algorithm::Prim.carve(&mut m, Point::new(0, 0), &mut seeded_rng(1));
        assert_eq!(
            r,
            Err(CarveError::SplitByMask {
                reachable: 6,
                open: 12
            })
        );
        assert_eq!(m, before);
        assert_eq!(
            Algorithm::Prim.carve(&mut m, Point::new(2, 0), &mut seeded_rng(1)),
            Err(CarveError::Blocked {
                cell: Point::new(2, 0)
            })
        );
        kruskal(&mut m, Point::new(4, 2), &mut seeded_rng(1)).unwrap();
        assert_eq!(m.passage_count(), 5);
        assert_eq!(m.component_count().unwrap(), 7);
        assert_eq!(m.loop_count().unwrap(), 0);
        let bad = Algorithm::GrowingTree(GrowingTreeMode::Mixed {
            newest_percent: 101,
        });
        assert_eq!(
            bad.carve(&mut m, Point::new(4, 2), &mut seeded_rng(1)),
            Err(CarveError::InvalidPercent { percent: 101 })
        );
        let all_newest = Algorithm::GrowingTree(GrowingTreeMode::Mixed {
            newest_percent: 100,
        });
        all_newest
            .carve_piece(&mut m, Point::new(4, 2), &mut seeded_rng(1))
            .unwrap();
        assert_eq!(m.loop_count().unwrap(), 0);
    }
}

#[cfg(test)]
mod budget_tests {
    use super::*;
    use mcrdun_geom::random::seeded_rng;

    #[test]
    fn wilson_refuses_thin_strips_quickly_and_leaves_the_maze() {
        let mut maze = Maze::new(100_000, 1).unwrap();
        let before = maze.clone();
        // Refused by its shape, before any walk (so at once, on any
        // machine), not after a walk has run into its step limit.
        assert!(wilson::thin_shape(100_000, 1));
        let e = Algorithm::Wilson
            .carve(&mut maze, Point::new(0, 0), &mut seeded_rng(1))
            .unwrap_err();
        assert!(matches!(e, CarveError::WalkTooLong { .. }), "{e}");
        assert!(e.to_string().contains("100000 x 1"), "{e}");
        assert_eq!(maze, before, "nothing carved on refusal");
        // Other algorithms carve the same strip.
        Algorithm::Backtracker
            .carve(&mut maze, Point::new(0, 0), &mut seeded_rng(1))
            .unwrap();
        assert!(maze.is_perfect().unwrap());
    }

    #[test]
    fn wilson_stays_within_its_limit_on_squares_and_short_strips() {
        for (w, h) in [(300, 300), (1000, 50), (200, 1), (500, 2)] {
            let mut maze = Maze::new(w, h).unwrap();
            for seed in 0..3 {
                Algorithm::Wilson
                    .carve(&mut maze, Point::new(0, 0), &mut seeded_rng(seed))
                    .unwrap_or_else(|e| panic!("{w} x {h}: {e}"));
                assert!(maze.is_perfect().unwrap());
            }
        }
    }

    /// Each carver refuses a call budget one byte short of
    /// [`Algorithm::scratch_bytes`], leaving the maze as it was, and
    /// carves with exactly that budget (masked mazes for those that take
    /// masks: the piece search is the most they hold at once).
    #[test]
    fn every_carver_keeps_to_its_budget() {
        use mcrdun_geom::memory::Budget;
        for a in Algorithm::ALL {
            let mut maze = Maze::new(40, 30).unwrap();
            if a.supports_mask() {
                maze.block_pattern42().unwrap();
            }
            let need = a.scratch_bytes(&maze);
            assert_eq!(
                need,
                1200 * a.scratch_bytes_per_cell() + 40 * a.scratch_bytes_per_column()
            );
            let before = maze.clone();
            if need > 0 {
                let _call = Budget::start_with(need - 1);
                let e = a
                    .carve(&mut maze, Point::new(0, 0), &mut seeded_rng(2))
                    .unwrap_err();
                assert!(
                    matches!(&e, CarveError::Geom(g) if g.is_too_large()),
                    "{}: {e}",
                    a.name()
                );
                assert_eq!(maze, before, "{}", a.name());
            }
            {
                let _call = Budget::start_with(need);
                a.carve(&mut maze, Point::new(0, 0), &mut seeded_rng(2))
                    .unwrap();
            }
            assert!(maze.is_perfect().unwrap(), "{}", a.name());
        }
    }

    /// The stated costs, algorithm by algorithm; the row-wise carvers
    /// carve with no memory a cell (Eller with its bytes a column only).
    #[test]
    fn row_wise_carvers_need_no_memory_a_cell() {
        use mcrdun_geom::memory::Budget;
        let per_cell: Vec<u64> = Algorithm::ALL
            .iter()
            .map(|a| a.scratch_bytes_per_cell())
            .collect();
        assert_eq!(per_cell, [9, 9, 26, 9, 0, 9, 9, 9, 9, 0, 0]);
        let mut maze = Maze::new(50, 40).unwrap();
        for (a, budget) in [
            (Algorithm::Sidewinder, 0),
            (Algorithm::BinaryTree, 0),
            (Algorithm::Eller, 50 * 35),
        ] {
            {
                let _call = Budget::start_with(budget);
                a.carve(&mut maze, Point::new(0, 0), &mut seeded_rng(1))
                    .unwrap();
            }
            assert!(maze.is_perfect().unwrap(), "{}", a.name());
        }
        let _call = Budget::start_with(50 * 35 - 1);
        assert!(
            Algorithm::Eller
                .carve(&mut maze, Point::new(0, 0), &mut seeded_rng(1))
                .is_err()
        );
    }

    #[test]
    fn over_budget_mazes_are_refused_before_allocating() {
        let e = Maze::new(60_000, 60_000).unwrap_err();
        assert!(
            matches!(&e, CarveError::Geom(g) if g.is_too_large()),
            "{e:?}"
        );
    }
}
