//! Shortest paths through the passages, by breadth-first search.

use crate::{CarveError, Maze};
use mcrdun_geom::{Point, Side};

impl Maze {
    /// The shortest path from `from` to `to` through open walls, as the
    /// sides stepped through. Among equally short paths the search prefers
    /// N, E, S, W in that order at each cell, so the answer is
    /// deterministic. O(cells).
    ///
    /// # Errors
    /// [`CarveError::OutOfBounds`] or [`CarveError::Blocked`] for either
    /// cell; [`CarveError::NoPath`] when they lie in different pieces;
    /// [`CarveError::Geom`] with `OverBudget` when 9 bytes per cell of
    /// working memory pass the [memory budget](mcrdun_geom::memory).
    pub fn solve_sides(&self, from: Point, to: Point) -> Result<Vec<Side>, CarveError> {
        let s = self.open_index(from)?;
        let t = self.open_index(to)?;
        // The side each reached cell was entered by; 0 = not reached.
        // Working memory: a byte and a queue entry (8 bytes) per cell.
        mcrdun_geom::memory::check_budget("solving a maze", self.len() as u64, 9)?;
        let mut came = mcrdun_geom::memory::try_vec("solving a maze", self.len(), 0u8)?;
        let mut queue =
            mcrdun_geom::memory::try_with_capacity("solving a maze", self.open_count())?;
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
        let mut path = Vec::new();
        let mut c = t;
        while c != s {
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
        Ok(self
            .solve_sides(from, to)?
            .into_iter()
            .map(Side::letter)
            .collect())
    }
}
