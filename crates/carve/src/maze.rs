//! The maze: one wall byte per cell, and a mask of blocked cells.

use crate::CarveError;
use mcrdun_geom::{Grid, Point, Side, checked_cell_count};

/// Every wall closed: `N | E | S | W`.
pub const ALL_WALLS: u8 = 0xF;

/// A rectangular maze of `width` x `height` cells.
///
/// Each cell stores its four walls as bit flags in the "A-Maze-ing" order,
/// [`Side::North`] = 1, [`Side::East`] = 2, [`Side::South`] = 4,
/// [`Side::West`] = 8; a set bit is a closed wall. A new maze has every wall
/// closed. Cells may be *blocked* by a mask: a blocked cell keeps all four
/// walls closed and is never carved into.
///
/// Invariants, kept by every method: the two cells on either side of a wall
/// agree about it, the outer border is closed, and blocked cells are `0xF`.
///
/// ```
/// use mcrdun_carve::Maze;
/// use mcrdun_geom::{Point, Side};
/// let mut maze = Maze::new(3, 2)?;
/// maze.open_wall(Point::new(0, 0), Side::East)?;
/// assert_eq!(maze.walls(Point::new(0, 0)), Some(0xF & !2));
/// assert_eq!(maze.walls(Point::new(1, 0)), Some(0xF & !8));
/// assert!(maze.open_wall(Point::new(0, 0), Side::North).is_err()); // border
/// # Ok::<(), mcrdun_carve::CarveError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Maze {
    width: u32,
    height: u32,
    walls: Vec<u8>,
    blocked: Vec<bool>,
    blocked_count: usize,
}

impl Maze {
    /// The memory of a maze: a wall byte and a mask byte per cell. Carving
    /// adds [`crate::Algorithm::scratch_bytes_per_cell`] for the duration
    /// of the carve.
    pub const BYTES_PER_CELL: u64 = 2;

    /// A `width` x `height` maze with every wall closed and no cell blocked.
    ///
    /// # Errors
    /// [`CarveError::ZeroSize`] when a side is 0, [`CarveError::TooLarge`]
    /// when a side exceeds `i32::MAX` or the cells do not fit in memory,
    /// [`CarveError::Geom`] with `OverBudget` when `2 * width * height`
    /// bytes pass the [memory budget](mcrdun_geom::memory).
    pub fn new(width: u32, height: u32) -> Result<Maze, CarveError> {
        let _budget = mcrdun_geom::memory::Budget::start();
        if width == 0 || height == 0 {
            return Err(CarveError::ZeroSize { width, height });
        }
        let n = checked_cell_count(width.into(), height.into())?;
        // A failed allocation is an error, not an abort: sizes come from
        // callers (and from C), and 2e9 x 2e9 passes the count check.
        let too_large = CarveError::TooLarge {
            width: width.into(),
            height: height.into(),
        };
        mcrdun_geom::memory::check_budget("a maze", n as u64, Maze::BYTES_PER_CELL)?;
        let mut walls = Vec::new();
        walls.try_reserve_exact(n).map_err(|_| too_large.clone())?;
        walls.resize(n, ALL_WALLS);
        let mut blocked = Vec::new();
        blocked.try_reserve_exact(n).map_err(|_| too_large)?;
        blocked.resize(n, false);
        Ok(Maze {
            width,
            height,
            walls,
            blocked,
            blocked_count: 0,
        })
    }

    /// A maze the size of `mask` whose `true` cells are blocked.
    ///
    /// # Errors
    /// As [`Maze::new`].
    pub fn with_mask(mask: &Grid<bool>) -> Result<Maze, CarveError> {
        let mut maze = Maze::new(mask.width(), mask.height())?;
        maze.apply_mask(mask)?;
        Ok(maze)
    }

    /// Number of columns.
    #[inline]
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Number of rows.
    #[inline]
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Number of cells, blocked ones included (`width * height`).
    #[inline]
    pub fn len(&self) -> usize {
        self.walls.len()
    }

    /// Always false: a maze has at least one cell.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.walls.is_empty()
    }

    /// Number of blocked cells.
    #[inline]
    pub fn blocked_count(&self) -> usize {
        self.blocked_count
    }

    /// Number of open (not blocked) cells.
    #[inline]
    pub fn open_count(&self) -> usize {
        self.len() - self.blocked_count
    }

    /// The row-major index of `cell`, if it lies in the maze.
    #[inline]
    pub fn index_of(&self, cell: Point) -> Option<usize> {
        if cell.x < 0 || cell.y < 0 || cell.x as u32 >= self.width || cell.y as u32 >= self.height {
            return None;
        }
        Some(cell.y as usize * self.width as usize + cell.x as usize)
    }

    /// The cell at row-major `index` (`index < len()`).
    #[inline]
    pub fn point_of(&self, index: usize) -> Point {
        let w = self.width as usize;
        Point::new((index % w) as i32, (index / w) as i32)
    }

    /// The index of `cell`, or [`CarveError::OutOfBounds`].
    pub(crate) fn checked_index(&self, cell: Point) -> Result<usize, CarveError> {
        self.index_of(cell).ok_or(CarveError::OutOfBounds {
            cell,
            width: self.width,
            height: self.height,
        })
    }

    /// The index of an open `cell`, or an out-of-bounds / blocked error.
    pub(crate) fn open_index(&self, cell: Point) -> Result<usize, CarveError> {
        let i = self.checked_index(cell)?;
        if self.blocked[i] {
            return Err(CarveError::Blocked { cell });
        }
        Ok(i)
    }

    /// The wall bits of `cell` (a set bit is a closed wall), or `None`
    /// outside the maze.
    #[inline]
    pub fn walls(&self, cell: Point) -> Option<u8> {
        self.index_of(cell).map(|i| self.walls[i])
    }

    /// Whether the wall on `side` of `cell` is closed (`None` outside).
    #[inline]
    pub fn has_wall(&self, cell: Point, side: Side) -> Option<bool> {
        self.walls(cell).map(|w| w & side.bit() != 0)
    }

    /// Whether `cell` is blocked by the mask (`None` outside).
    #[inline]
    pub fn is_blocked(&self, cell: Point) -> Option<bool> {
        self.index_of(cell).map(|i| self.blocked[i])
    }

    /// The wall bytes, row-major, one per cell.
    #[inline]
    pub fn as_bytes(&self) -> &[u8] {
        &self.walls
    }

    /// The blocked flags, row-major, one per cell.
    #[inline]
    pub fn blocked_mask(&self) -> &[bool] {
        &self.blocked
    }

    /// The wall grid as numbers, one slice per row (top to bottom).
    pub fn rows(&self) -> impl ExactSizeIterator<Item = &[u8]> + '_ {
        self.walls.chunks_exact(self.width as usize)
    }

    /// The wall bytes as a [`Grid`]: its only memory, a byte a cell,
    /// checked against the [memory budget](mcrdun_geom::memory).
    ///
    /// # Errors
    /// [`CarveError::Geom`] with `OverBudget` above the memory budget.
    pub fn to_grid(&self) -> Result<Grid<u8>, CarveError> {
        let _budget = mcrdun_geom::memory::Budget::start();
        let mut walls = mcrdun_geom::memory::try_with_capacity("a maze's wall grid", self.len())?;
        walls.extend_from_slice(&self.walls);
        Ok(Grid::from_vec(self.width, self.height, walls)?)
    }

    /// The open (not blocked) cells in raster order.
    pub fn cells(&self) -> impl Iterator<Item = Point> + '_ {
        self.blocked
            .iter()
            .enumerate()
            .filter(|(_, b)| !**b)
            .map(|(i, _)| self.point_of(i))
    }

    /// The index of the neighbour of cell `i` towards `side`, ignoring
    /// the mask; `None` across the border.
    #[inline]
    pub(crate) fn step_index(&self, i: usize, side: Side) -> Option<usize> {
        let w = self.width as usize;
        match side {
            Side::North => i.checked_sub(w),
            Side::South => {
                let j = i + w;
                (j < self.walls.len()).then_some(j)
            }
            Side::East => (!(i + 1).is_multiple_of(w)).then_some(i + 1),
            Side::West => (!i.is_multiple_of(w)).then(|| i - 1),
        }
    }

    /// The cell through the open wall on `side` of cell `i`. The border is
    /// always closed, so an open wall always has a cell behind it and no
    /// border test is needed (the fast path of floods and searches).
    #[inline]
    pub(crate) fn through(&self, i: usize, side: Side) -> usize {
        match side {
            Side::North => i - self.width as usize,
            Side::East => i + 1,
            Side::South => i + self.width as usize,
            Side::West => i - 1,
        }
    }

    /// The open neighbour of cell `i` towards `side`: `None` across the
    /// border or into a blocked cell.
    #[inline]
    pub(crate) fn open_step(&self, i: usize, side: Side) -> Option<usize> {
        self.step_index(i, side).filter(|&j| !self.blocked[j])
    }

    /// The neighbour of `cell` towards `side`; `None` when `cell` is outside
    /// or blocked, at the border, or into a blocked cell. Walls do not
    /// matter here (see [`Maze::passages`]).
    pub fn neighbour(&self, cell: Point, side: Side) -> Option<Point> {
        let i = self.index_of(cell)?;
        if self.blocked[i] {
            return None;
        }
        self.open_step(i, side).map(|j| self.point_of(j))
    }

    /// The sides of `cell` whose wall is open, in N, E, S, W order (none
    /// outside the maze).
    pub fn passages(&self, cell: Point) -> impl Iterator<Item = Side> + use<> {
        let open = self.walls(cell).map_or(0, |w| !w & ALL_WALLS);
        Side::ALL.into_iter().filter(move |s| open & s.bit() != 0)
    }

    /// Number of open walls of cell `i`.
    #[inline]
    pub(crate) fn degree(&self, i: usize) -> u32 {
        (!self.walls[i] & ALL_WALLS).count_ones()
    }

    /// Opens the wall on `side` of `cell`, and the facing wall of its
    /// neighbour, so the two always agree. Opening an open wall is a no-op.
    ///
    /// # Errors
    /// [`CarveError::OutOfBounds`]; [`CarveError::Border`] on the outer
    /// border; [`CarveError::Blocked`] when either cell is blocked.
    pub fn open_wall(&mut self, cell: Point, side: Side) -> Result<(), CarveError> {
        let (i, j) = self.wall_cells(cell, side)?;
        self.open_between(i, j, side);
        Ok(())
    }

    /// Closes the wall on `side` of `cell` and the facing wall of its
    /// neighbour. Closing a closed wall is a no-op.
    ///
    /// # Errors
    /// As [`Maze::open_wall`].
    pub fn close_wall(&mut self, cell: Point, side: Side) -> Result<(), CarveError> {
        let (i, j) = self.wall_cells(cell, side)?;
        self.walls[i] |= side.bit();
        self.walls[j] |= side.opposite().bit();
        Ok(())
    }

    /// The two open cells on either side of a wall that may change.
    fn wall_cells(&self, cell: Point, side: Side) -> Result<(usize, usize), CarveError> {
        let i = self.open_index(cell)?;
        let j = self
            .step_index(i, side)
            .ok_or(CarveError::Border { cell, side })?;
        if self.blocked[j] {
            return Err(CarveError::Blocked {
                cell: self.point_of(j),
            });
        }
        Ok((i, j))
    }

    /// Opens the wall between neighbours `i` and `j = step(i, side)`; the
    /// carvers' unchecked fast path.
    #[inline]
    pub(crate) fn open_between(&mut self, i: usize, j: usize, side: Side) {
        self.walls[i] &= !side.bit();
        self.walls[j] &= !side.opposite().bit();
    }

    /// The wall bytes (mutable) and the blocked flags, for carvers that
    /// work on the raw arrays.
    #[inline]
    pub(crate) fn walls_and_mask_mut(&mut self) -> (&mut [u8], &[bool]) {
        (&mut self.walls, &self.blocked)
    }

    /// Blocks `cell`: closes its four walls (and the facing walls of its
    /// neighbours) and keeps it closed from now on. Blocking a blocked cell
    /// is a no-op.
    ///
    /// # Errors
    /// [`CarveError::OutOfBounds`].
    pub fn block(&mut self, cell: Point) -> Result<(), CarveError> {
        let i = self.checked_index(cell)?;
        self.block_index(i);
        Ok(())
    }

    pub(crate) fn block_index(&mut self, i: usize) {
        if self.blocked[i] {
            return;
        }
        for side in Side::ALL {
            if let Some(j) = self.step_index(i, side) {
                self.walls[j] |= side.opposite().bit();
            }
        }
        self.walls[i] = ALL_WALLS;
        self.blocked[i] = true;
        self.blocked_count += 1;
    }

    /// Blocks every cell that is `true` in `mask` (cells already blocked
    /// stay blocked).
    ///
    /// # Errors
    /// [`CarveError::MaskSize`] when the mask is not the maze's size; the
    /// maze is then unchanged.
    pub fn apply_mask(&mut self, mask: &Grid<bool>) -> Result<(), CarveError> {
        if (mask.width(), mask.height()) != (self.width, self.height) {
            return Err(CarveError::MaskSize {
                expected: (self.width, self.height),
                actual: (mask.width(), mask.height()),
            });
        }
        for (i, &b) in mask.as_slice().iter().enumerate() {
            if b {
                self.block_index(i);
            }
        }
        Ok(())
    }

    /// Closes every wall again, keeping the mask: the state every carver
    /// starts from.
    pub fn close_all(&mut self) {
        self.walls.fill(ALL_WALLS);
    }

    /// Sets the walls from the hex digits of `rows` (`height` rows checked
    /// to be `width` bytes long), blocking the fully closed cells other
    /// than those in `open`, and checks every invariant (the hex reader).
    /// On error, the index of the first bad cell and what is wrong; the
    /// maze is then not valid.
    pub(crate) fn set_hex_rows<'a>(
        &mut self,
        rows: impl Iterator<Item = &'a str>,
        open: [usize; 2],
    ) -> Result<(), (usize, String)> {
        let w = self.width as usize;
        for (y, row) in rows.enumerate() {
            let base = y * w;
            for (x, b) in row.bytes().enumerate() {
                let v = match b {
                    b'0'..=b'9' => b - b'0',
                    b'a'..=b'f' => b - b'a' + 10,
                    b'A'..=b'F' => b - b'A' + 10,
                    _ => {
                        // The bytes before are ASCII digits: `x` is also
                        // the character's column and a char boundary.
                        let c = row[x..].chars().next().unwrap_or('?');
                        let message = format!("'{c}' at column {} is not a hex digit", x + 1);
                        return Err((base + x, message));
                    }
                };
                let i = base + x;
                self.walls[i] = v;
                self.blocked[i] = v == ALL_WALLS && i != open[0] && i != open[1];
            }
        }
        for (i, (&w, &b)) in self.walls.iter().zip(&self.blocked).enumerate() {
            let p = self.point_of(i);
            if w > ALL_WALLS {
                return Err((i, format!("cell {p} has wall value {w} above 15")));
            }
            if b && w != ALL_WALLS {
                return Err((i, format!("blocked cell {p} has an open wall")));
            }
            for side in Side::ALL {
                let closed = w & side.bit() != 0;
                match self.step_index(i, side) {
                    None if !closed => {
                        return Err((i, format!("cell {p} has its {side:?} border wall open")));
                    }
                    Some(j) if closed != (self.walls[j] & side.opposite().bit() != 0) => {
                        return Err((
                            i,
                            format!(
                                "cells {p} and {} disagree about their wall",
                                self.point_of(j)
                            ),
                        ));
                    }
                    _ => {}
                }
            }
        }
        self.blocked_count = self.blocked.iter().filter(|&&b| b).count();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(
            Maze::new(0, 3),
            Err(CarveError::ZeroSize {
                width: 0,
                height: 3
            })
        );
        assert!(matches!(
            Maze::new(u32::MAX, 1),
            Err(CarveError::TooLarge { .. })
        ));
        assert!(matches!(
            Maze::new(2_000_000_000, 2_000_000_000),
            Err(CarveError::Geom(mcrdun_geom::GeomError::OverBudget { .. }))
        ));
        let m = Maze::new(4, 3).unwrap();
        assert_eq!(
            (m.width(), m.height(), m.len(), m.open_count()),
            (4, 3, 12, 12)
        );
        assert!(m.as_bytes().iter().all(|&w| w == ALL_WALLS));
        assert_eq!(m.rows().len(), 3);
    }

    #[test]
    fn walls_agree_and_border_stays_closed() {
        let mut m = Maze::new(3, 3).unwrap();
        let c = Point::new(1, 1);
        for side in Side::ALL {
            m.open_wall(c, side).unwrap();
        }
        assert_eq!(m.walls(c), Some(0));
        assert_eq!(m.walls(Point::new(1, 0)), Some(0xF & !4));
        assert_eq!(m.walls(Point::new(0, 1)), Some(0xF & !2));
        assert_eq!(m.passages(c).count(), 4);
        for side in Side::ALL {
            let e = m.open_wall(Point::new(0, 0), side);
            if side == Side::North || side == Side::West {
                assert_eq!(
                    e,
                    Err(CarveError::Border {
                        cell: Point::new(0, 0),
                        side
                    })
                );
            }
        }
        m.close_wall(c, Side::North).unwrap();
        assert_eq!(m.has_wall(Point::new(1, 0), Side::South), Some(true));
        assert_eq!(m.has_wall(c, Side::North), Some(true));
        assert!(m.open_wall(Point::new(5, 0), Side::East).is_err());
    }

    #[test]
    fn blocking_closes_both_sides() {
        let mut m = Maze::new(3, 3).unwrap();
        m.open_wall(Point::new(1, 1), Side::North).unwrap();
        m.open_wall(Point::new(1, 1), Side::East).unwrap();
        m.block(Point::new(1, 1)).unwrap();
        m.block(Point::new(1, 1)).unwrap();
        assert_eq!(m.blocked_count(), 1);
        assert!(m.as_bytes().iter().all(|&w| w == ALL_WALLS));
        assert_eq!(m.neighbour(Point::new(1, 0), Side::South), None);
        assert_eq!(
            m.neighbour(Point::new(0, 0), Side::East),
            Some(Point::new(1, 0))
        );
        assert_eq!(m.neighbour(Point::new(1, 1), Side::North), None);
        assert_eq!(
            m.open_wall(Point::new(1, 0), Side::South),
            Err(CarveError::Blocked {
                cell: Point::new(1, 1)
            })
        );
        assert_eq!(m.cells().count(), 8);
        let bad = Grid::new(2, 3, false).unwrap();
        assert!(matches!(
            m.apply_mask(&bad),
            Err(CarveError::MaskSize { .. })
        ));
    }
}
