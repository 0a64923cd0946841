//! Pictures of a maze: ASCII art for a terminal, and a tile grid for a
//! dungeon level.

use crate::{CarveError, Maze};
use mcrdun_geom::{Grid, Side, checked_cell_count};

/// One tile of [`Maze::tiles`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum MazeTile {
    /// Solid rock: a closed wall, a wall corner, or a blocked cell.
    Wall = 0,
    /// Walkable floor: an open cell or an open wall between two.
    Floor = 1,
}

impl Maze {
    /// ASCII art: `+` corners, `---` and `|` closed walls, blocked cells
    /// drawn as `###`. Each cell is 4 x 2 characters; `2 * height + 1`
    /// lines, each ending in `\n`. Its only memory is the text,
    /// `(4 * width + 2) * (2 * height + 1)` bytes (about 8 a cell), checked
    /// against the [memory budget](mcrdun_geom::memory) first.
    ///
    /// ```
    /// use mcrdun_carve::Maze;
    /// use mcrdun_geom::{Point, Side};
    /// let mut maze = Maze::new(2, 1)?;
    /// maze.open_wall(Point::new(0, 0), Side::East)?;
    /// assert_eq!(maze.to_ascii()?, "+---+---+\n|       |\n+---+---+\n");
    /// # Ok::<(), mcrdun_carve::CarveError>(())
    /// ```
    ///
    /// # Errors
    /// [`CarveError::Geom`] with `OverBudget` when the text passes the
    /// memory budget.
    pub fn to_ascii(&self) -> Result<String, CarveError> {
        let _budget = mcrdun_geom::memory::Budget::start();
        let w = self.width() as usize;
        let bytes = (4 * w as u64 + 2).saturating_mul(2 * u64::from(self.height()) + 1);
        let mut out = crate::hex::try_string(
            "a maze's ASCII art",
            usize::try_from(bytes).unwrap_or(usize::MAX),
        )?;
        let walls = self.as_bytes();
        let blocked = self.blocked_mask();
        for (y, row) in self.rows().enumerate() {
            for &v in row {
                out.push('+');
                out.push_str(if v & Side::North.bit() != 0 {
                    "---"
                } else {
                    "   "
                });
            }
            out.push_str("+\n");
            for (x, &v) in row.iter().enumerate() {
                out.push(if v & Side::West.bit() != 0 { '|' } else { ' ' });
                out.push_str(if blocked[y * w + x] { "###" } else { "   " });
            }
            out.push_str("|\n");
        }
        let last = &walls[walls.len() - w..];
        for &v in last {
            out.push('+');
            out.push_str(if v & Side::South.bit() != 0 {
                "---"
            } else {
                "   "
            });
        }
        out.push_str("+\n");
        Ok(out)
    }

    /// The tile grid's size, `(2 * width + 1, 2 * height + 1)`.
    ///
    /// # Errors
    /// [`CarveError::TooLarge`] when a side passes `i32::MAX` or the tiles
    /// do not fit in memory.
    pub fn tile_size(&self) -> Result<(u32, u32), CarveError> {
        let tw = 2 * u64::from(self.width()) + 1;
        let th = 2 * u64::from(self.height()) + 1;
        checked_cell_count(tw, th).map_err(|_| CarveError::TooLarge {
            width: tw,
            height: th,
        })?;
        Ok((tw as u32, th as u32))
    }

    /// The maze as a `(2w + 1) x (2h + 1)` tile grid for a dungeon level:
    /// cell `(x, y)` is tile `(2x + 1, 2y + 1)`, the wall between two cells
    /// the tile between them, and every tile at even `x` and even `y` a
    /// pillar. Blocked cells are walls. Memory: the grid, a byte a tile
    /// (about 4 a cell), checked against the
    /// [memory budget](mcrdun_geom::memory) first; nothing else.
    ///
    /// # Errors
    /// As [`Maze::tile_size`]; [`CarveError::Geom`] with `OverBudget` when
    /// the grid passes the memory budget.
    pub fn tiles(&self) -> Result<Grid<MazeTile>, CarveError> {
        let _budget = mcrdun_geom::memory::Budget::start();
        let (tw, th) = self.tile_size()?;
        let mut grid = Grid::new(tw, th, MazeTile::Wall)?;
        self.write_tiles(grid.as_mut_slice())?;
        Ok(grid)
    }

    /// Writes the tiles of [`Maze::tiles`] row-major into a caller's
    /// buffer of exactly `(2w + 1) * (2h + 1)` tiles.
    ///
    /// # Errors
    /// As [`Maze::tile_size`]; [`CarveError::BufferSize`] when `out` has
    /// another length.
    pub fn write_tiles(&self, out: &mut [MazeTile]) -> Result<(), CarveError> {
        self.fill_tiles(out, MazeTile::Wall, MazeTile::Floor)
    }

    /// [`Maze::write_tiles`] into bytes, each `MazeTile::Wall as u8` or
    /// `MazeTile::Floor as u8` (no working memory: for a caller's buffer).
    ///
    /// # Errors
    /// As [`Maze::write_tiles`].
    pub fn write_tile_bytes(&self, out: &mut [u8]) -> Result<(), CarveError> {
        self.fill_tiles(out, MazeTile::Wall as u8, MazeTile::Floor as u8)
    }

    fn fill_tiles<T: Copy>(&self, out: &mut [T], wall: T, floor: T) -> Result<(), CarveError> {
        let (tw, th) = self.tile_size()?;
        let (tw, th) = (tw as usize, th as usize);
        if out.len() != tw * th {
            return Err(CarveError::BufferSize {
                expected: tw * th,
                actual: out.len(),
            });
        }
        out.fill(wall);
        let w = self.width() as usize;
        for (i, &v) in self.as_bytes().iter().enumerate() {
            if self.blocked_mask()[i] {
                continue;
            }
            let (x, y) = (i % w, i / w);
            let t = (2 * y + 1) * tw + 2 * x + 1;
            out[t] = floor;
            // East and south openings only: each inner wall once.
            if v & Side::East.bit() == 0 {
                out[t + 1] = floor;
            }
            if v & Side::South.bit() == 0 {
                out[t + tw] = floor;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mcrdun_geom::Point;

    #[test]
    fn pictures() {
        let mut m = Maze::new(3, 2).unwrap();
        m.open_wall(Point::new(0, 0), Side::East).unwrap();
        m.open_wall(Point::new(0, 0), Side::South).unwrap();
        m.block(Point::new(2, 1)).unwrap();
        assert_eq!(
            m.to_ascii().unwrap(),
            "+---+---+---+\n\
             |       |   |\n\
             +   +---+---+\n\
             |   |   |###|\n\
             +---+---+---+\n"
        );
        let t = m.tiles().unwrap();
        let pic: Vec<String> = t
            .rows()
            .map(|r| {
                r.iter()
                    .map(|&c| if c == MazeTile::Floor { '.' } else { '#' })
                    .collect()
            })
            .collect();
        assert_eq!(pic, ["#######", "#...#.#", "#.#####", "#.#.###", "#######"]);
        let mut bytes = vec![9u8; 35];
        m.write_tile_bytes(&mut bytes).unwrap();
        assert!(bytes.iter().zip(t.as_slice()).all(|(&b, &t)| b == t as u8));
        {
            // The grid is the only memory: a byte a tile.
            let _call = mcrdun_geom::memory::Budget::start_with(34);
            assert!(matches!(m.tiles(), Err(CarveError::Geom(g)) if g.is_too_large()));
            let _call = mcrdun_geom::memory::Budget::start_with(0);
            m.write_tile_bytes(&mut bytes).unwrap();
        }
        let _call = mcrdun_geom::memory::Budget::start_with(35);
        assert_eq!(m.tiles().unwrap(), t);
        let mut small = vec![MazeTile::Floor; 3];
        assert_eq!(
            m.write_tiles(&mut small),
            Err(CarveError::BufferSize {
                expected: 35,
                actual: 3
            })
        );
    }
}
