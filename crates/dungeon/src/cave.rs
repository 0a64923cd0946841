//! The cave level: a cellular automaton, then the common ending joins the
//! pockets into one cave.

use crate::automaton::{MAX_CAVE_PASSES, Rules, noise, smooth};
use crate::error::{check_fraction, check_size};
use crate::schema;
use crate::{Level, LevelError, LevelKind, Tile};
use mcrdun_geom::Grid;
use mcrdun_geom::random::seeded_rng;

/// Options of the cave level.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CaveConfig {
    /// Width in tiles (at least 5).
    pub width: u32,
    /// Height in tiles (at least 5).
    pub height: u32,
    /// The share of rock in the initial noise, in `[0, 1]` (default 0.495: 40-55% floor at every size).
    pub fill: f64,
    /// Smoothing passes of the automaton, at most 64 (default 4).
    pub passes: u32,
    /// The ceiling on the level's working memory in bytes (0, the default:
    /// [`crate::schema::DEFAULT_MAX_BYTES`], 1 GiB); a map needing more
    /// ([`crate::schema::BYTES_PER_TILE`] a tile) is refused as
    /// [`LevelError::TooLarge`] before anything is allocated.
    pub max_bytes: u64,
}

impl Default for CaveConfig {
    fn default() -> CaveConfig {
        CaveConfig {
            width: 80,
            height: 50,
            fill: schema::CAVE_FILL,
            passes: schema::CAVE_PASSES,
            max_bytes: 0,
        }
    }
}

/// A cave, composed of stages:
///
/// 1. layout: noise ([`noise`]: each interior tile rock with probability
///    `fill`), then `passes` generations of the automaton ([`smooth`],
///    rules [`Rules::FOUR_FIVE`]); the outer border is always rock;
/// 2. finish: [`Level::finish`] digs corridors between the pockets and
///    places the stairs.
///
/// Cost: O(width * height * passes), two bit buffers.
///
/// # Errors
/// [`LevelError::TooSmall`] under 5x5, [`LevelError::InvalidOption`] for a
/// `fill` outside `[0, 1]` or too many passes, [`LevelError::Unsatisfiable`]
/// when fewer than two floor tiles remain.
///
/// ```
/// use mcrdun_dungeon::{cave, CaveConfig, Tile};
/// let level = cave(&CaveConfig::default(), 7)?;
/// assert_eq!((level.width(), level.height()), (80, 50));
/// assert_eq!(level.tile(level.stairs_up()), Some(Tile::StairsUp));
/// # Ok::<(), mcrdun_dungeon::LevelError>(())
/// ```
pub fn cave(config: &CaveConfig, seed: u64) -> Result<Level, LevelError> {
    check_size("cave", config.width, config.height, 5, 5, config.max_bytes)?;
    check_fraction("cave_fill", config.fill)?;
    if config.passes > MAX_CAVE_PASSES {
        return Err(LevelError::InvalidOption {
            name: "cave_passes",
            reason: format!("{} is more than {MAX_CAVE_PASSES}", config.passes),
        });
    }
    let (w, h) = (config.width as usize, config.height as usize);
    let mut rng = seeded_rng(seed);
    let mut rock = noise(w, h, config.fill, &mut rng);
    smooth(&mut rock, w, h, Rules::FOUR_FIVE, config.passes);
    let tiles = Grid::from_vec(
        config.width,
        config.height,
        rock.into_iter()
            .map(|r| if r { Tile::Wall } else { Tile::Floor })
            .collect(),
    )?;
    Level::finish(LevelKind::Cave, tiles, Vec::new(), Vec::new())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_options_are_errors() {
        let c = CaveConfig::default();
        assert!(matches!(
            cave(&CaveConfig { width: 4, ..c }, 1),
            Err(LevelError::TooSmall { .. })
        ));
        assert!(cave(&CaveConfig { fill: -0.1, ..c }, 1).is_err());
        assert!(cave(&CaveConfig { passes: 65, ..c }, 1).is_err());
        assert!(matches!(
            cave(&CaveConfig { fill: 1.0, ..c }, 1),
            Err(LevelError::Unsatisfiable(_))
        ));
    }

    #[test]
    fn no_fill_is_one_open_cave() {
        let level = cave(
            &CaveConfig {
                width: 10,
                height: 6,
                fill: 0.0,
                passes: 0,
                max_bytes: 0,
            },
            3,
        )
        .unwrap();
        assert_eq!(level.summary().walkable, 8 * 4);
        assert_eq!(level.summary().regions, 1);
        // The stairs stand inside: on tiles with floor all around (x 2-7,
        // y 2-3), as far apart as that allows.
        assert_eq!(level.summary().longest_path, 5 + 1);
        // Smoothing rounds the four inner corners (5 rock tiles in their block).
        let level = cave(
            &CaveConfig {
                width: 10,
                height: 6,
                fill: 0.0,
                passes: 3,
                max_bytes: 0,
            },
            3,
        )
        .unwrap();
        assert_eq!(level.summary().walkable, 8 * 4 - 4);
    }
}
