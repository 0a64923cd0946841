//! Counting what a maze is made of: passages, pieces, loops, dead ends,
//! and a texture summary.

use crate::maze::ALL_WALLS;
use crate::{CarveError, Maze};
use mcrdun_geom::memory::{Budget, check_budget, try_vec, try_with_capacity};
use mcrdun_geom::{Point, Side};

impl Maze {
    /// The working memory of [`Maze::component_count`],
    /// [`Maze::loop_count`] and [`Maze::is_perfect`], in bytes a cell: a
    /// mark byte and an 8-byte stack entry.
    pub const PIECES_BYTES_PER_CELL: u64 = 9;

    /// The working memory of [`Maze::texture`], in bytes a cell: the
    /// ring search's marks and stack (9), then the longest path's 4-byte
    /// distances and 8-byte queue (12).
    pub const TEXTURE_BYTES_PER_CELL: u64 = 12;
}

/// A summary of how a maze feels to walk, computed by [`Maze::texture`].
///
/// Percentages are of the open cells. Corridors are the chains of cells with
/// exactly two passages between "nodes" (cells with one, three or four
/// passages); their mean length counts passages.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Texture {
    /// Share of open cells with exactly one passage, in percent.
    pub dead_end_percent: f64,
    /// Share of open cells with three or four passages, in percent.
    pub junction_percent: f64,
    /// Passages per corridor (0 when there are no passages).
    pub mean_corridor_length: f64,
    /// Passages on the longest path found by two breadth-first searches
    /// within the piece of the first open cell: exact for a perfect maze
    /// (a tree's diameter), a lower bound on the longest shortest path when
    /// the maze has loops or several pieces.
    pub longest_path: usize,
}

impl Maze {
    /// Number of open walls between two cells (each counted once).
    pub fn passage_count(&self) -> usize {
        let total: usize = (0..self.len()).map(|i| self.degree(i) as usize).sum();
        total / 2
    }

    /// Number of pieces the passages join the open cells into (an open cell
    /// with no passage is a piece of its own).
    ///
    /// # Errors
    /// [`CarveError::Geom`] with `OverBudget` when its working memory,
    /// [`Maze::PIECES_BYTES_PER_CELL`] bytes a cell, passes the
    /// [memory budget](mcrdun_geom::memory).
    pub fn component_count(&self) -> Result<usize, CarveError> {
        let _budget = Budget::start();
        check_budget(
            "counting a maze's pieces",
            self.len() as u64,
            Self::PIECES_BYTES_PER_CELL,
        )?;
        let mut seen = try_vec("counting a maze's pieces", self.len(), false)?;
        let mut stack = try_with_capacity("counting a maze's pieces", self.open_count())?;
        let mut pieces = 0;
        for s in 0..self.len() {
            if seen[s] || self.blocked_mask()[s] {
                continue;
            }
            pieces += 1;
            self.flood(s, &mut seen, &mut stack);
        }
        Ok(pieces)
    }

    /// Marks in `seen` every cell joined to `s` by passages; returns
    /// whether each of them has exactly two passages (a ring). `stack` is
    /// scratch space with room for the open cells (each cell is pushed once,
    /// when it is marked), so it never grows.
    pub(crate) fn flood(&self, s: usize, seen: &mut [bool], stack: &mut Vec<usize>) -> bool {
        // Written out by hand, without iterator adaptors: this loop is what
        // the 4096 x 4096 test spends its time in, also in debug builds.
        let walls = self.as_bytes();
        let w = self.width() as usize;
        stack.clear();
        stack.push(s);
        seen[s] = true;
        let mut ring = true;
        while let Some(i) = stack.pop() {
            let v = walls[i];
            ring &= (!v & ALL_WALLS).count_ones() == 2;
            // An open wall always has a cell behind it: the border is closed.
            let mut next = [usize::MAX; 4];
            if v & 1 == 0 {
                next[0] = i - w;
            }
            if v & 2 == 0 {
                next[1] = i + 1;
            }
            if v & 4 == 0 {
                next[2] = i + w;
            }
            if v & 8 == 0 {
                next[3] = i - 1;
            }
            for j in next {
                if j != usize::MAX && !seen[j] {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        ring
    }

    /// Independent cycles: `passages - open cells + pieces`. Zero exactly
    /// when the passages form a forest; a perfect maze has 0 and one piece.
    ///
    /// # Errors
    /// As [`Maze::component_count`].
    pub fn loop_count(&self) -> Result<usize, CarveError> {
        // A forest has passages = cells - pieces; each extra passage closes
        // one independent cycle, so the sum is never negative.
        Ok(self.passage_count() + self.component_count()? - self.open_count())
    }

    /// Whether the passages form a spanning tree of the open cells: one
    /// piece and no loop.
    ///
    /// # Errors
    /// As [`Maze::component_count`].
    pub fn is_perfect(&self) -> Result<bool, CarveError> {
        Ok(self.open_count() > 0
            && self.passage_count() + 1 == self.open_count()
            && self.component_count()? == 1)
    }

    /// The open cells with exactly one passage, in raster order.
    pub fn dead_ends(&self) -> impl Iterator<Item = Point> + '_ {
        (0..self.len())
            .filter(|&i| !self.blocked_mask()[i] && self.degree(i) == 1)
            .map(|i| self.point_of(i))
    }

    /// Dead-end and junction shares, mean corridor length and the longest
    /// path. O(cells) time; working memory
    /// [`Maze::TEXTURE_BYTES_PER_CELL`] (12) bytes a cell.
    ///
    /// ```
    /// use mcrdun_carve::{Algorithm, Maze};
    /// use mcrdun_geom::{random::seeded_rng, Point};
    /// let mut maze = Maze::new(1, 5)?;
    /// maze.carve(Algorithm::Prim, Point::new(0, 2), &mut seeded_rng(1))?;
    /// let t = maze.texture()?;
    /// assert_eq!((t.dead_end_percent, t.junction_percent), (40.0, 0.0));
    /// assert_eq!((t.mean_corridor_length, t.longest_path), (4.0, 4));
    /// # Ok::<(), mcrdun_carve::CarveError>(())
    /// ```
    ///
    /// # Errors
    /// [`CarveError::Geom`] with `OverBudget` when the working memory
    /// passes the [memory budget](mcrdun_geom::memory).
    pub fn texture(&self) -> Result<Texture, CarveError> {
        let _budget = Budget::start();
        check_budget(
            "a maze's texture",
            self.len() as u64,
            Self::TEXTURE_BYTES_PER_CELL,
        )?;
        let open = self.open_count();
        let (mut dead, mut junction, mut node_degrees) = (0usize, 0usize, 0usize);
        for i in 0..self.len() {
            if self.blocked_mask()[i] {
                continue;
            }
            match self.degree(i) {
                1 => dead += 1,
                3 | 4 => junction += 1,
                _ => {}
            }
            let d = self.degree(i) as usize;
            if d != 2 {
                node_degrees += d;
            }
        }
        // Each corridor ends at two nodes, except a ring of two-passage
        // cells, which has none and counts as one corridor.
        let corridors = node_degrees / 2 + self.rings()?;
        let passages = self.passage_count();
        // An all-blocked maze has no open cell: 0%, not NaN.
        let percent = |n: usize| {
            if open == 0 {
                0.0
            } else {
                n as f64 * 100.0 / open as f64
            }
        };
        Ok(Texture {
            dead_end_percent: percent(dead),
            junction_percent: percent(junction),
            mean_corridor_length: if corridors == 0 {
                0.0
            } else {
                passages as f64 / corridors as f64
            },
            longest_path: self.longest_path()?,
        })
    }

    /// Pieces in which every cell has exactly two passages (rings).
    fn rings(&self) -> Result<usize, CarveError> {
        let mut seen = try_vec("a maze's texture", self.len(), false)?;
        let mut stack = try_with_capacity("a maze's texture", self.open_count())?;
        let mut rings = 0;
        for s in 0..self.len() {
            if !seen[s] && !self.blocked_mask()[s] && self.flood(s, &mut seen, &mut stack) {
                rings += 1;
            }
        }
        Ok(rings)
    }

    /// Breadth-first distances from `s` over passages into `dist`
    /// (`u32::MAX` = unreached); returns the farthest cell and its distance.
    /// `queue` has room for the open cells (each is queued once).
    pub(crate) fn bfs_far(
        &self,
        s: usize,
        dist: &mut [u32],
        queue: &mut Vec<usize>,
    ) -> (usize, u32) {
        dist.fill(u32::MAX);
        queue.clear();
        queue.push(s);
        dist[s] = 0;
        let mut head = 0;
        let mut far = (s, 0);
        while head < queue.len() {
            let i = queue[head];
            head += 1;
            let d = dist[i];
            if d > far.1 {
                far = (i, d);
            }
            for side in Side::ALL {
                if self.as_bytes()[i] & side.bit() == 0 {
                    let j = self.through(i, side);
                    if dist[j] == u32::MAX {
                        dist[j] = d + 1;
                        queue.push(j);
                    }
                }
            }
        }
        far
    }

    /// Two breadth-first searches: the farthest cell from the first open
    /// cell, then the farthest from that one (exact in a tree).
    fn longest_path(&self) -> Result<usize, CarveError> {
        let Some(first) = (0..self.len()).find(|&i| !self.blocked_mask()[i]) else {
            return Ok(0);
        };
        let mut dist = try_vec("a maze's texture", self.len(), u32::MAX)?;
        let mut queue = try_with_capacity("a maze's texture", self.open_count())?;
        let (a, _) = self.bfs_far(first, &mut dist, &mut queue);
        let (_, d) = self.bfs_far(a, &mut dist, &mut queue);
        Ok(d as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_on_a_hand_made_maze() {
        // A 3x2 ring plus nothing else: one loop, no dead end, one corridor.
        let mut m = Maze::new(3, 2).unwrap();
        let ring = [
            (0, 0, Side::East),
            (1, 0, Side::East),
            (2, 0, Side::South),
            (2, 1, Side::West),
            (1, 1, Side::West),
            (0, 1, Side::North),
        ];
        for (x, y, s) in ring {
            m.open_wall(Point::new(x, y), s).unwrap();
        }
        assert_eq!(
            (m.passage_count(), m.component_count(), m.loop_count()),
            (6, Ok(1), Ok(1))
        );
        assert_eq!(m.is_perfect(), Ok(false));
        let t = m.texture().unwrap();
        assert_eq!(t.dead_end_percent, 0.0);
        assert_eq!(t.mean_corridor_length, 6.0);
        assert_eq!(t.longest_path, 3);
        // Cut one wall: a path of 6 cells, two dead ends.
        m.close_wall(Point::new(0, 0), Side::East).unwrap();
        assert_eq!(m.is_perfect(), Ok(true));
        assert_eq!(
            m.dead_ends().collect::<Vec<_>>(),
            [Point::new(0, 0), Point::new(1, 0)]
        );
        assert_eq!(m.texture().unwrap().longest_path, 5);
        // All blocked: nothing open, no NaN.
        let mut b = Maze::new(1, 1).unwrap();
        b.block(Point::new(0, 0)).unwrap();
        assert_eq!(b.texture().unwrap().dead_end_percent, 0.0);
        assert_eq!(b.component_count(), Ok(0));
        assert_eq!(b.is_perfect(), Ok(false));
    }

    /// The texture and the piece count refuse a call budget one byte
    /// short of their stated memory, and work with exactly that.
    #[test]
    fn analyses_keep_to_their_budgets() {
        use mcrdun_geom::memory::Budget;
        let mut m = Maze::new(30, 20).unwrap();
        m.block_pattern42().unwrap();
        let cells = m.len() as u64;
        for (per_cell, texture) in [
            (Maze::TEXTURE_BYTES_PER_CELL, true),
            (Maze::PIECES_BYTES_PER_CELL, false),
        ] {
            let run = |m: &Maze| {
                if texture {
                    m.texture().map(|_| ())
                } else {
                    m.loop_count().map(|_| ())
                }
            };
            {
                let _call = Budget::start_with(cells * per_cell - 1);
                assert!(matches!(run(&m), Err(CarveError::Geom(g)) if g.is_too_large()));
            }
            let _call = Budget::start_with(cells * per_cell);
            assert_eq!(run(&m), Ok(()));
        }
    }
}
