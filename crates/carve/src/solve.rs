//! Shortest paths through the passages, by breadth-first search.

use crate::{CarveError, Maze};
use mcrdun_geom::memory::{Budget, check_budget, grow, try_vec, try_with_capacity};
use mcrdun_geom::{Point, Side};

impl Maze {
    /// The working memory of [`Maze::solve`], in bytes a cell: the side
    /// each cell was reached by and an 8-byte queue entry (the path, at
    /// most a byte a cell, comes after the queue is freed).
    pub const SOLVE_BYTES_PER_CELL: u64 = 9;

    /// The shortest path from `from` to `to` through open walls, as the
    /// sides stepped through. Among equally short paths the search prefers
    /// N, E, S, W in that order at each cell, so the answer is
    /// deterministic. O(cells).
    ///
    /// # Errors
    /// [`CarveError::OutOfBounds`] or [`CarveError::Blocked`] for either
    /// cell; [`CarveError::NoPath`] when they lie in different pieces;
    /// [`CarveError::Geom`] with `OverBudget` when
    /// [`Maze::SOLVE_BYTES_PER_CELL`] bytes a cell of working memory pass
    /// the [memory budget](mcrdun_geom::memory).
    pub fn solve_sides(&self, from: Point, to: Point) -> Result<Vec<Side>, CarveError> {
        let _budget = Budget::start();
        let s = self.open_index(from)?;
        let t = self.open_index(to)?;
        check_budget(
            "solving a maze",
            self.len() as u64,
            Self::SOLVE_BYTES_PER_CELL,
        )?;
        // The side each reached cell was entered by; 0 = not reached.
        let mut came = try_vec("solving a maze", self.len(), 0u8)?;
        let mut queue = try_with_capacity("solving a maze", self.open_count())?;
        queue.push(s);
        came[s] = 0x10;
        let mut head = 0;
        while head < queue.len() && came[t] == 0 {
            let i = queue[head];
            head += 1;
            for side in Side::ALL {
                if self.as_bytes()[i] & side.bit() == 0 {
                    let j = self.through(i, side);
                    if came[j] == 0 {
                        came[j] = side.bit();
                        queue.push(j);
                    }
                }
            }
        }
        if came[t] == 0 {
            return Err(CarveError::NoPath { from, to });
        }
        drop(queue);
        // The path, a byte a step, grows within the budget the queue was
        // checked against (it is freed), beside the `came` bytes.
        let mut path = Vec::new();
        let mut c = t;
        while c != s {
            grow("a maze's path", &mut path, came.len() as u64)?;
            let side = Side::from_bit(came[c]).expect("a reached cell records its side");
            path.push(side);
            c = self.through(c, side.opposite());
        }
        path.reverse();
        Ok(path)
    }

    /// The shortest path from `from` to `to` as N/E/S/W letters
    /// ([`Maze::solve_sides`]); empty when `from == to`.
    ///
    /// ```
    /// use mcrdun_carve::Maze;
    /// use mcrdun_geom::{Point, Side};
    /// let mut maze = Maze::new(2, 2)?;
    /// maze.open_wall(Point::new(0, 0), Side::East)?;
    /// maze.open_wall(Point::new(1, 0), Side::South)?;
    /// assert_eq!(maze.solve(Point::new(0, 0), Point::new(1, 1))?, "ES");
    /// assert!(maze.solve(Point::new(0, 0), Point::new(0, 1)).is_err());
    /// # Ok::<(), mcrdun_carve::CarveError>(())
    /// ```
    ///
    /// # Errors
    /// As [`Maze::solve_sides`].
    pub fn solve(&self, from: Point, to: Point) -> Result<String, CarveError> {
        let _budget = Budget::start();
        let sides = self.solve_sides(from, to)?;
        let mut path = String::new();
        path.try_reserve_exact(sides.len())
            .map_err(|_| mcrdun_geom::GeomError::OutOfMemory {
                what: "a maze's path",
                needed: sides.len() as u64,
            })?;
        path.extend(sides.into_iter().map(Side::letter));
        Ok(path)
    }
}
