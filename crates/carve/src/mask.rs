//! The "42" pattern: a mask that draws the digits in blocked cells.

use crate::{CarveError, Maze};
use mcrdun_geom::{Grid, Point};

/// The pattern at scale 1, 7 x 5 cells, `#` = blocked: a "4" of 7 cells
/// and a "2" of 11, 18 in all (as in the "A-Maze-ing" project).
const PATTERN: [&[u8; 7]; 5] = [
    b"#...###", //
    b"#.....#", //
    b"###.###", //
    b"..#.#..", //
    b"..#.###", //
];

/// Width of the pattern at scale 1.
pub const PATTERN42_WIDTH: u32 = 7;
/// Height of the pattern at scale 1.
pub const PATTERN42_HEIGHT: u32 = 5;

/// The "42" mask for a `width` x `height` maze at scale 1 (18 blocked
/// cells, centred), as the "A-Maze-ing" project draws it.
///
/// The pattern keeps a free margin of at least one cell on every side, so
/// the open cells stay in one piece: the smallest maze is 9 x 7.
///
/// ```
/// use mcrdun_carve::pattern42;
/// let mask = pattern42(20, 15)?;
/// assert_eq!(mask.iter().filter(|(_, b)| **b).count(), 18);
/// assert!(pattern42(8, 7).is_err());
/// # Ok::<(), mcrdun_carve::CarveError>(())
/// ```
///
/// # Errors
/// [`CarveError::TooSmallForPattern`], [`CarveError::ZeroSize`],
/// [`CarveError::TooLarge`]; [`CarveError::Geom`] with `OverBudget` when
/// the mask (a byte a cell) passes the [memory budget](mcrdun_geom::memory).
pub fn pattern42(width: u32, height: u32) -> Result<Grid<bool>, CarveError> {
    pattern42_scaled(width, height, 1)
}

/// The "42" mask with every pattern cell drawn as a `scale` x `scale`
/// block, centred, with a free margin of at least one cell. Its only
/// memory is the grid, a byte a cell, checked against the
/// [memory budget](mcrdun_geom::memory).
///
/// # Errors
/// As [`pattern42`]; a `scale` of 0 is [`CarveError::TooSmallForPattern`]
/// with the scale-1 minimum; [`CarveError::Geom`] with `OverBudget` when
/// the grid passes the memory budget.
pub fn pattern42_scaled(width: u32, height: u32, scale: u32) -> Result<Grid<bool>, CarveError> {
    let _budget = mcrdun_geom::memory::Budget::start();
    let place = Placement::new(width, height, scale)?;
    let grid = Grid::from_fn(width, height, |p: Point| {
        place.blocks(p.x as u64, p.y as u64)
    })?;
    Ok(grid)
}

/// Where the pattern lies in a maze: its corner, size and scale.
struct Placement {
    x0: u64,
    y0: u64,
    pw: u64,
    ph: u64,
    s: u64,
}

impl Placement {
    /// The pattern at `scale`, centred in a `width` x `height` maze with a
    /// free margin (errors as [`pattern42_scaled`]).
    fn new(width: u32, height: u32, scale: u32) -> Result<Placement, CarveError> {
        if width == 0 || height == 0 {
            return Err(CarveError::ZeroSize { width, height });
        }
        let s = u64::from(scale.max(1));
        let (min_width, min_height) = (
            u64::from(PATTERN42_WIDTH) * s + 2,
            u64::from(PATTERN42_HEIGHT) * s + 2,
        );
        if scale == 0 || u64::from(width) < min_width || u64::from(height) < min_height {
            return Err(CarveError::TooSmallForPattern {
                width,
                height,
                min_width,
                min_height,
            });
        }
        // Both fit in u32 here: they are at most the maze's sides.
        let (pw, ph) = (min_width - 2, min_height - 2);
        Ok(Placement {
            x0: (u64::from(width) - pw) / 2,
            y0: (u64::from(height) - ph) / 2,
            pw,
            ph,
            s,
        })
    }

    /// Whether cell `(x, y)` is one of the pattern's.
    fn blocks(&self, x: u64, y: u64) -> bool {
        let (x0, y0, s) = (self.x0, self.y0, self.s);
        if x < x0 || y < y0 || x >= x0 + self.pw || y >= y0 + self.ph {
            return false;
        }
        PATTERN[((y - y0) / s) as usize][((x - x0) / s) as usize] == b'#'
    }

    /// Blocks the pattern's cells of `maze`: no working memory, only the
    /// pattern's rectangle is visited.
    fn block(&self, maze: &mut Maze) {
        let w = maze.width() as usize;
        for y in self.y0..self.y0 + self.ph {
            for x in self.x0..self.x0 + self.pw {
                if self.blocks(x, y) {
                    maze.block_index(y as usize * w + x as usize);
                }
            }
        }
    }
}

impl Maze {
    /// Blocks the cells of the "42" pattern at scale 1 ([`pattern42`]).
    /// No working memory: the pattern's cells are blocked in place.
    ///
    /// # Errors
    /// [`CarveError::TooSmallForPattern`]; the maze is then unchanged.
    pub fn block_pattern42(&mut self) -> Result<(), CarveError> {
        Placement::new(self.width(), self.height(), 1)?.block(self);
        Ok(())
    }

    /// Blocks the cells of the "42" pattern drawn at the largest scale
    /// that fits ([`pattern42_scaled`]); returns that scale. No working
    /// memory.
    ///
    /// # Errors
    /// As [`Maze::block_pattern42`]; the maze is then unchanged.
    pub fn block_pattern42_fitted(&mut self) -> Result<u32, CarveError> {
        let sx = self.width().saturating_sub(2) / PATTERN42_WIDTH;
        let sy = self.height().saturating_sub(2) / PATTERN42_HEIGHT;
        let scale = sx.min(sy).max(1);
        Placement::new(self.width(), self.height(), scale)?.block(self);
        Ok(scale)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picture(g: &Grid<bool>) -> Vec<String> {
        g.rows()
            .map(|r| r.iter().map(|&b| if b { '#' } else { '.' }).collect())
            .collect()
    }

    #[test]
    fn smallest_maze_draws_the_digits() {
        let g = pattern42(9, 7).unwrap();
        assert_eq!(
            picture(&g),
            [
                ".........",
                ".#...###.",
                ".#.....#.",
                ".###.###.",
                "...#.#...",
                "...#.###.",
                ".........",
            ]
        );
        for (w, h) in [(8, 7), (9, 6), (1, 1)] {
            assert!(matches!(
                pattern42(w, h),
                Err(CarveError::TooSmallForPattern {
                    min_width: 9,
                    min_height: 7,
                    ..
                })
            ));
        }
    }

    #[test]
    fn scaled_and_fitted() {
        let g = pattern42_scaled(16, 12, 2).unwrap();
        assert_eq!(g.iter().filter(|(_, b)| **b).count(), 18 * 4);
        assert!(pattern42_scaled(15, 12, 2).is_err());
        assert!(pattern42_scaled(15, 12, 0).is_err());
        let mut m = Maze::new(40, 30).unwrap();
        assert_eq!(m.block_pattern42_fitted(), Ok(5));
        assert_eq!(m.blocked_count(), 18 * 25);
        let mut m = Maze::new(20, 15).unwrap();
        m.block_pattern42().unwrap();
        assert_eq!(m.open_count(), 282);
        // Blocking in place matches the mask, at every scale that fits.
        for (w, h, scale) in [(20, 15, 1), (40, 30, 5), (17, 13, 2), (9, 7, 1)] {
            let mut by_mask = Maze::new(w, h).unwrap();
            by_mask
                .apply_mask(&pattern42_scaled(w, h, scale).unwrap())
                .unwrap();
            let mut in_place = Maze::new(w, h).unwrap();
            if scale == 1 {
                in_place.block_pattern42().unwrap();
            } else {
                assert_eq!(in_place.block_pattern42_fitted(), Ok(scale));
            }
            assert_eq!(in_place, by_mask, "{w} x {h} at {scale}");
        }
    }
}
