//! Braiding: removing dead ends by opening walls, which adds loops.

use crate::carvers::pick;
use crate::{CarveError, Maze};
use mcrdun_geom::Side;
use mcrdun_geom::random::shuffle;
use rand::Rng;

impl Maze {
    /// Removes `fraction` of the dead ends (rounded to the nearest count)
    /// by opening one more wall of each, never opening a 3 x 3 area (a block
    /// of 3 x 3 cells with all 12 inner walls open). Returns how many dead
    /// ends went away.
    ///
    /// Dead ends are visited in a random order. A dead end whose neighbour
    /// is a dead end too is preferably joined to it, which removes both,
    /// unless that would remove more than asked. A dead end whose every
    /// closed wall would open a 3 x 3 area stays, so the count returned can
    /// fall short of the share asked for (it never does on a perfect maze
    /// of 3 or more cells a side in practice, but this is not a promise).
    /// O(cells).
    ///
    /// ```
    /// use mcrdun_carve::{Algorithm, Maze};
    /// use mcrdun_geom::{random::seeded_rng, Point};
    /// let mut maze = Maze::new(30, 20)?;
    /// let mut rng = seeded_rng(1);
    /// maze.carve(Algorithm::Backtracker, Point::new(0, 0), &mut rng)?;
    /// let before = maze.dead_ends().count();
    /// let removed = maze.braid(1.0, &mut rng)?;
    /// assert_eq!(maze.dead_ends().count(), before - removed);
    /// assert!(maze.loop_count()? > 0);
    /// # Ok::<(), mcrdun_carve::CarveError>(())
    /// ```
    ///
    /// # Errors
    /// [`CarveError::InvalidFraction`] when `fraction` is NaN or outside
    /// `[0, 1]`; [`CarveError::Geom`] (over the memory budget) when 8 bytes
    /// a cell do not fit in it; the maze is then unchanged.
    pub fn braid<R: Rng + ?Sized>(
        &mut self,
        fraction: f64,
        rng: &mut R,
    ) -> Result<usize, CarveError> {
        let _budget = mcrdun_geom::memory::Budget::start();
        if !(0.0..=1.0).contains(&fraction) {
            return Err(CarveError::InvalidFraction { fraction });
        }
        // The dead ends, at most one a cell: room for every cell is
        // reserved against the memory budget first (8 bytes a cell), so
        // the call keeps to its stated cost and refuses before any change.
        let mut dead: Vec<usize> =
            mcrdun_geom::memory::try_with_capacity("maze braid", self.len())?;
        dead.extend((0..self.len()).filter(|&i| !self.blocked_mask()[i] && self.degree(i) == 1));
        // Rounding of a product of two exact values is IEEE-exact, so the
        // target is the same on every platform.
        let target = (fraction * dead.len() as f64).round() as usize;
        shuffle(rng, &mut dead);
        let mut removed: usize = 0;
        for &i in &dead {
            if removed >= target {
                break;
            }
            if self.degree(i) != 1 {
                continue;
            }
            // Candidates: closed walls to open cells that keep every 3 x 3
            // block from opening up, split by whether the neighbour is a
            // dead end too.
            let mut pair = [(0usize, Side::North); 4];
            let mut other = [(0usize, Side::North); 4];
            let (mut np, mut no) = (0, 0);
            for side in Side::ALL {
                if self.as_bytes()[i] & side.bit() == 0 {
                    continue;
                }
                let Some(j) = self.open_step(i, side) else {
                    continue;
                };
                if self.opens_3x3(i, j, side) {
                    continue;
                }
                if self.degree(j) == 1 {
                    pair[np] = (j, side);
                    np += 1;
                } else {
                    other[no] = (j, side);
                    no += 1;
                }
            }
            let want_pair = target - removed >= 2;
            let (list, n) = match (np, no) {
                (0, 0) => continue,
                (_, 0) => (&pair, np),
                (0, _) => (&other, no),
                _ if want_pair => (&pair, np),
                _ => (&other, no),
            };
            let (j, side) = list[pick(rng, n)];
            let j_degree = self.degree(j);
            self.open_between(i, j, side);
            removed += 1;
            match j_degree {
                1 => removed += 1,
                // An isolated open cell becomes a dead end (only possible
                // on a maze that was not carved whole).
                0 => removed -= 1,
                _ => {}
            }
        }
        Ok(removed)
    }

    /// Whether opening the wall between `i` and its neighbour `j` (towards
    /// `side`) would leave some 3 x 3 block with all inner walls open.
    pub(crate) fn opens_3x3(&self, i: usize, j: usize, side: Side) -> bool {
        let (w, h) = (self.width() as i64, self.height() as i64);
        let (a, b) = (self.point_of(i), self.point_of(j));
        let (x0, x1) = (i64::from(a.x.min(b.x)), i64::from(a.x.max(b.x)));
        let (y0, y1) = (i64::from(a.y.min(b.y)), i64::from(a.y.max(b.y)));
        // The wall being opened, as (cell, bit) on its west/north cell.
        let (wall_cell, wall_bit) = match side {
            Side::East | Side::South => (i, side.bit()),
            Side::West | Side::North => (j, side.opposite().bit()),
        };
        for wy in (y1 - 2).max(0)..=y0.min(h - 3) {
            for wx in (x1 - 2).max(0)..=x0.min(w - 3) {
                if self.block_open(wx as usize, wy as usize, wall_cell, wall_bit) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether the 3 x 3 block at `(x, y)` has all 12 inner walls open,
    /// counting the wall `bit` of `cell` as open.
    fn block_open(&self, x: usize, y: usize, cell: usize, bit: u8) -> bool {
        let w = self.width() as usize;
        for dy in 0..3 {
            for dx in 0..3 {
                let c = (y + dy) * w + x + dx;
                let mut walls = self.as_bytes()[c];
                if c == cell {
                    walls &= !bit;
                }
                if dx < 2 && walls & Side::East.bit() != 0 {
                    return false;
                }
                if dy < 2 && walls & Side::South.bit() != 0 {
                    return false;
                }
            }
        }
        true
    }

    /// Whether any 3 x 3 block of cells has all 12 inner walls open.
    pub fn has_open_3x3(&self) -> bool {
        let (w, h) = (self.width() as usize, self.height() as usize);
        if w < 3 || h < 3 {
            return false;
        }
        (0..h - 2).any(|y| (0..w - 2).any(|x| self.block_open(x, y, usize::MAX, 0)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Algorithm;
    use mcrdun_geom::Point;
    use mcrdun_geom::random::seeded_rng;

    /// Braiding needs 8 bytes a cell: a call's budget below that is
    /// refused before the maze changes; at exactly that it braids.
    #[test]
    fn braiding_keeps_to_its_budget() {
        use mcrdun_geom::memory::Budget;
        let mut m = Maze::new(20, 10).unwrap();
        m.carve(Algorithm::Backtracker, Point::new(0, 0), &mut seeded_rng(3))
            .unwrap();
        let before = m.clone();
        {
            let _call = Budget::start_with(200 * 8 - 1);
            assert!(matches!(
                m.braid(1.0, &mut seeded_rng(1)),
                Err(CarveError::Geom(_))
            ));
        }
        assert_eq!(m, before);
        let _call = Budget::start_with(200 * 8);
        assert!(m.braid(1.0, &mut seeded_rng(1)).unwrap() > 0);
    }

    #[test]
    fn bad_fractions_change_nothing() {
        let mut m = Maze::new(5, 5).unwrap();
        m.carve(Algorithm::Prim, Point::new(0, 0), &mut seeded_rng(1))
            .unwrap();
        let before = m.clone();
        for f in [f64::NAN, -0.1, 1.5, f64::INFINITY] {
            assert!(matches!(
                m.braid(f, &mut seeded_rng(1)),
                Err(CarveError::InvalidFraction { .. })
            ));
        }
        assert_eq!(m, before);
        assert_eq!(m.braid(0.0, &mut seeded_rng(1)), Ok(0));
        assert_eq!(m, before);
    }

    #[test]
    fn an_open_room_is_found_and_refused() {
        let mut m = Maze::new(3, 3).unwrap();
        for y in 0..3 {
            for x in 0..3 {
                let p = Point::new(x, y);
                if x < 2 {
                    m.open_wall(p, Side::East).unwrap();
                }
                if y < 2 && !(x == 2 && y == 1) {
                    m.open_wall(p, Side::South).unwrap();
                }
            }
        }
        assert!(!m.has_open_3x3());
        // (2, 2) is joined only to (1, 2): a dead end whose one closed
        // inner wall would open the whole room.
        assert_eq!(m.degree(8), 1);
        assert!(m.opens_3x3(8, 5, Side::North));
        assert_eq!(m.braid(1.0, &mut seeded_rng(1)), Ok(0));
        m.open_wall(Point::new(2, 1), Side::South).unwrap();
        assert!(m.has_open_3x3());
    }

    #[test]
    fn full_braid_on_every_algorithm() {
        for a in Algorithm::ALL {
            let mut m = Maze::new(24, 17).unwrap();
            m.carve(a, Point::new(3, 3), &mut seeded_rng(9)).unwrap();
            let dead = m.dead_ends().count();
            let removed = m.braid(1.0, &mut seeded_rng(9)).unwrap();
            assert_eq!(m.dead_ends().count(), dead - removed, "{}", a.name());
            assert!(!m.has_open_3x3(), "{}", a.name());
            assert_eq!(m.component_count().unwrap(), 1);
        }
    }
}
