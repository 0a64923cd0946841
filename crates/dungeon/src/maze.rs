//! The maze level: a `mcrdun-carve` maze drawn as tiles.

use crate::error::check_size;
use crate::maze_vaults::place_vaults;
use crate::schema;
use crate::stamp::stamp_picks;
use crate::{Level, LevelConfig, LevelError, LevelKind, Tile};
use mcrdun_carve::{Algorithm, CarveError, Maze};
use mcrdun_geom::random::seeded_rng;
use mcrdun_geom::{Grid, Point};
use mcrdun_vaults::Vault;

/// Options of the maze level.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct MazeConfig {
    /// Width in tiles (at least 3; 3x3 holds one cell, too few: 3x4 and
    /// 4x3 are the smallest mazes). The maze has `(width - 1) / 2` cells
    /// across; an even width leaves one spare column, drawn as rock along
    /// the right edge, beside the border (with a single column of cells,
    /// that column is drawn two tiles wide instead).
    pub width: u32,
    /// Height in tiles (at least 3), likewise.
    pub height: u32,
    /// The carving algorithm (default: the recursive backtracker).
    pub algorithm: Algorithm,
    /// The share of dead ends removed by opening a wall, in `[0, 1]`; each
    /// one opened adds a loop (default 0: a perfect maze).
    pub braid: f64,
    /// Block the cells of the "42" pattern, drawn at the largest scale that
    /// fits (needs a maze of at least 9 x 7 cells).
    pub pattern42: bool,
    /// Locks and keys placed on the finished level (default 0: none, and
    /// the level is byte for byte the one made without this option): each
    /// lock gates an area holding the down stairs and the next locks,
    /// its key lies before it (see [`crate::locks`]).
    pub locks: u32,
    /// The level's depth in the dungeon (1: the first level down; default
    /// 1), which the things' tables read (`depth MIN..MAX`, see
    /// [`crate::things`]). Not the BSP split depth. Without tables it
    /// changes nothing.
    pub dungeon_level: u32,
    /// A lower ceiling on the level's working memory in bytes than the
    /// process-wide memory limit (`mcrdun_geom::memory`, 1 GiB unless
    /// raised); 0, the default, keeps the process limit. It can only lower
    /// the limit, never raise it. A map needing more
    /// ([`crate::schema::bytes_per_tile`]) is refused as
    /// [`LevelError::OverBudget`] before anything is allocated.
    pub max_bytes: u64,
}

impl Default for MazeConfig {
    fn default() -> MazeConfig {
        MazeConfig {
            width: 81,
            height: 51,
            algorithm: Algorithm::ALL[schema::MAZE_ALGORITHM as usize],
            braid: schema::MAZE_BRAID,
            pattern42: schema::MAZE_PATTERN42 != 0,
            locks: 0,
            dungeon_level: schema::DUNGEON_LEVEL,
            max_bytes: 0,
        }
    }
}

impl MazeConfig {
    /// The defaults at `width` x `height` tiles. The struct is
    /// `#[non_exhaustive]` (it gains a field whenever the generator gains an
    /// option): start from this (or `default()`) and set fields, or set
    /// options by name through [`LevelConfig::set`](crate::LevelConfig::set).
    pub fn new(width: u32, height: u32) -> MazeConfig {
        MazeConfig {
            width,
            height,
            ..MazeConfig::default()
        }
    }
}

crate::config::options!(MazeConfig {
    "maze_algorithm" => algorithm,
    "maze_braid" => braid,
    "maze_pattern42" => pattern42,
    "locks" => locks,
    "dungeon_level" => dungeon_level,
});

/// A maze level and the maze it was drawn from.
#[derive(Clone, Debug)]
pub struct MazeLevel {
    /// The level.
    pub level: Level,
    /// The maze: cell `(x, y)` is tile `(2x + 1, 2y + 1)`.
    pub maze: Maze,
}

impl MazeLevel {
    /// The maze in the 42 "A-Maze-ing" file format: one hex digit of walls
    /// per cell, a row per line, an empty line, then the entry (the first
    /// open cell in raster order), the exit (the last) and the shortest
    /// path between them as N/E/S/W letters.
    ///
    /// # Errors
    /// [`LevelError::Unsatisfiable`] if the maze has no open cell.
    pub fn to_42(&self) -> Result<String, LevelError> {
        let mut open = self.maze.cells();
        let entry = open.next();
        let exit = open.last().or(entry);
        let (Some(entry), Some(exit)) = (entry, exit) else {
            return Err(LevelError::Unsatisfiable(
                "the maze has no open cell".into(),
            ));
        };
        self.maze.to_hex(entry, exit).map_err(carve_error)
    }
}

pub(crate) fn carve_error(e: CarveError) -> LevelError {
    match e {
        CarveError::TooSmallForPattern { .. } => LevelError::InvalidOption {
            name: "maze_pattern42",
            reason: e.to_string(),
        },
        CarveError::InvalidFraction { .. } => LevelError::InvalidOption {
            name: "maze_braid",
            reason: e.to_string(),
        },
        CarveError::MaskUnsupported { .. } => LevelError::InvalidOption {
            name: "maze_algorithm",
            reason: e.to_string(),
        },
        CarveError::Geom(g) => g.into(),
        other => LevelError::Carve(other),
    }
}

/// A maze: carved with [`MazeConfig::algorithm`] from the first open cell,
/// optionally braided, drawn as tiles (cells and open walls are floor), then
/// finished by [`Level::finish`]. A perfect maze is one region with
/// `loops == 0`; the stairs land far apart (on a perfect maze the double
/// sweep finds the true longest path).
///
/// Cost: the carver's O(cells), then O(tiles).
///
/// # Errors
/// [`LevelError::TooSmall`] under 3x4 and 4x3 (3x3 holds one cell, with
/// no room for two stairs), naming the smallest of the asked shape;
/// [`LevelError::InvalidOption`] for a
/// bad braid fraction, a pattern that does not fit, or an algorithm that
/// refuses the pattern's mask.
///
/// ```
/// use mcrdun_dungeon::{maze, MazeConfig};
/// let level = maze(&MazeConfig::new(21, 11), 1)?;
/// assert_eq!(level.summary().loops, 0);
/// assert_eq!(level.summary().walkable, 10 * 5 * 2 - 1);
/// # Ok::<(), mcrdun_dungeon::LevelError>(())
/// ```
pub fn maze(config: &MazeConfig, seed: u64) -> Result<Level, LevelError> {
    maze_level(config, seed).map(|m| m.level)
}

/// [`maze`], keeping the [`Maze`] (for the 42 file format).
///
/// # Errors
/// As [`maze`].
pub fn maze_level(config: &MazeConfig, seed: u64) -> Result<MazeLevel, LevelError> {
    maze_level_with_vaults(config, &[], seed)
}

/// A maze with vaults ([`crate::vaults`]): before carving, vaults are
/// placed (the required ones first, then optional ones by weight, at most
/// one per 2000 tiles for those) two tiles or more from each other and
/// from the map's edge, off the "42" pattern, where no entrance they use
/// opens onto a corner between four cells; the cells under them are
/// blocked, the maze is carved around them, and each entrance a vault
/// uses (its required ones, else one optional) is joined to the
/// neighbouring maze cells by the shortest corridor that digs no corner,
/// so corridors stay one tile wide. Without vaults, the same level as
/// [`maze_level`].
///
/// # Errors
/// As [`maze`]; [`LevelError::Vault`] for a required vault that the maze
/// may not use or that no place holds.
pub fn maze_level_with_vaults(
    config: &MazeConfig,
    vaults: &[Vault],
    seed: u64,
) -> Result<MazeLevel, LevelError> {
    schema::validate(&LevelConfig::Maze(*config))?;
    // One cell has no room for two stairs: 3x4 and 4x3 are the smallest
    // mazes; the error names the one nearer the shape asked for.
    let (w, h) = (config.width, config.height);
    if w < 3 || h < 3 || (w == 3 && h == 3) {
        let (min_width, min_height) = if w >= h { (4, 3) } else { (3, 4) };
        return Err(LevelError::TooSmall {
            generator: "maze",
            width: w,
            height: h,
            min_width,
            min_height,
        });
    }
    let _budget = check_size(LevelKind::Maze, w, h, 3, 3, config.max_bytes)?;
    let (cw, ch) = ((config.width - 1) / 2, (config.height - 1) / 2);
    let mut m = Maze::new(cw, ch).map_err(carve_error)?;
    if config.pattern42 {
        m.block_pattern42_fitted().map_err(carve_error)?;
    }
    let start = m
        .cells()
        .next()
        .ok_or_else(|| LevelError::Unsatisfiable("every maze cell is blocked".into()))?;
    let mut rng = seeded_rng(seed);
    let picks = if vaults.is_empty() {
        Vec::new()
    } else {
        place_vaults(&mut m, (w, h), vaults, &mut rng)?
    };
    match config.algorithm.carve(&mut m, start, &mut rng) {
        // A mask that cuts the maze in pieces: carve the start's piece; the
        // common ending joins the others (and says so in the summary).
        Err(CarveError::SplitByMask { .. }) => config
            .algorithm
            .carve_piece(&mut m, start, &mut rng)
            .map_err(carve_error)?,
        other => other.map_err(carve_error)?,
    }
    if config.braid > 0.0 {
        m.braid(config.braid, &mut rng).map_err(carve_error)?;
    }
    let drawn = m.tiles().map_err(carve_error)?;
    // An even side has one tile more than the maze's drawing: the spare
    // line lies along the right (bottom) edge, as rock beside the border,
    // where a player expects rock anyway. With a single column (row) of
    // cells, that cell's line is drawn twice instead (a one-cell-wide maze
    // has no room to spare).
    // The drawn line shown twice along a side (`i32::MAX`: none).
    let doubled = |side: u32| match (side % 2, (side as i32 - 1) / 2) {
        (0, 0 | 1) => 1,
        _ => i32::MAX,
    };
    let (dx, dy) = (doubled(config.width), doubled(config.height));
    let stretch = |v: i32, doubled: i32| if v <= doubled { v } else { v - 1 };
    let tiles = Grid::from_fn(config.width, config.height, |p: Point| {
        let q = Point::new(stretch(p.x, dx), stretch(p.y, dy));
        match drawn.get(q) {
            Some(mcrdun_carve::MazeTile::Floor) => Tile::Floor,
            _ => Tile::Wall,
        }
    })?;
    let level = if picks.is_empty() {
        Level::finish(LevelKind::Maze, tiles, Vec::new(), Vec::new())?
    } else {
        let (tw, th) = (tiles.width() as usize, tiles.height() as usize);
        let mut cells = tiles.into_vec();
        let (stamped, _) = stamp_picks(&mut cells, (tw, th), vaults, &picks, true, &mut rng)?;
        let tiles = Grid::from_vec(config.width, config.height, cells)?;
        Level::finish_joined(
            LevelKind::Maze,
            tiles,
            Vec::new(),
            Vec::new(),
            None,
            stamped,
        )?
    };
    let mut level = level;
    // Locks and keys on the finished level.
    crate::locks::add_locks(&mut level, config.locks)?;
    Ok(MazeLevel { level, maze: m })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn braid_adds_loops_and_pattern_blocks_cells() {
        let c = MazeConfig {
            width: 41,
            height: 31,
            ..MazeConfig::default()
        };
        let perfect = maze(&c, 5).unwrap();
        assert_eq!(perfect.summary().loops, 0);
        let braided = maze(&MazeConfig { braid: 1.0, ..c }, 5).unwrap();
        assert!(braided.summary().loops > 0);
        assert!(braided.summary().dead_ends < perfect.summary().dead_ends);
        let masked = maze_level(
            &MazeConfig {
                pattern42: true,
                ..c
            },
            5,
        )
        .unwrap();
        assert!(masked.maze.blocked_count() > 0);
        assert!(masked.level.summary().walkable < perfect.summary().walkable);
        let text = masked.to_42().unwrap();
        assert_eq!(text.lines().take_while(|l| !l.is_empty()).count(), 15);
    }

    #[test]
    fn bad_options_are_errors() {
        let c = MazeConfig::default();
        assert!(matches!(
            maze(&MazeConfig { width: 2, ..c }, 1),
            Err(LevelError::TooSmall { .. })
        ));
        // One cell is too small; one more row or column is enough.
        let tiny = |width, height| maze(&MazeConfig { width, height, ..c }, 1);
        assert!(matches!(tiny(3, 3), Err(LevelError::TooSmall { .. })));
        assert!(tiny(3, 4).is_ok() && tiny(4, 3).is_ok() && tiny(4, 4).is_ok());
        // Every too-small maze names the same smallest sizes.
        let min = |w, h| match tiny(w, h) {
            Err(LevelError::TooSmall {
                min_width,
                min_height,
                ..
            }) => (min_width, min_height),
            other => panic!("{w}x{h}: {other:?}"),
        };
        assert_eq!(min(3, 3), (4, 3));
        assert_eq!(min(2, 3), (3, 4));
        assert_eq!(min(3, 2), (4, 3));
        assert_eq!(min(2, 9), (3, 4));
        assert_eq!(min(0, 0), (4, 3));
        assert!(maze(&MazeConfig { braid: 2.0, ..c }, 1).is_err());
        let small = MazeConfig {
            width: 9,
            height: 9,
            pattern42: true,
            ..c
        };
        assert!(matches!(
            maze(&small, 1),
            Err(LevelError::InvalidOption {
                name: "maze_pattern42",
                ..
            })
        ));
        let eller = MazeConfig {
            algorithm: Algorithm::Eller,
            pattern42: true,
            ..c
        };
        assert!(matches!(
            maze(&eller, 1),
            Err(LevelError::InvalidOption {
                name: "maze_algorithm",
                ..
            })
        ));
    }
}
