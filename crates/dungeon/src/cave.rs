//! The cave level: a cellular automaton, cleaned of rock specks and small
//! floor pockets, its pieces joined by winding tunnels.

use crate::automaton::{Rules, noise, smooth};
use crate::error::check_size;
use crate::measures::{NO_PIECE, pieces};
use crate::schema;
use crate::stamp::{make_room, stamp_vaults};
use crate::tunnels::{join_winding, straight_run};
use crate::vaults::Stamped;
use crate::{Level, LevelConfig, LevelError, LevelKind, Tile};
use mcrdun_geom::Grid;
use mcrdun_geom::random::{SeededRng, seeded_rng};
use mcrdun_vaults::Vault;

/// Options of the cave level.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct CaveConfig {
    /// Width in tiles (at least 5; with the default `fill` every seed makes
    /// a level from 5x5 up).
    pub width: u32,
    /// Height in tiles (at least 5).
    pub height: u32,
    /// The share of rock in the initial noise, in `[0, 0.65]`
    /// ([`schema::CAVE_MAX_FILL`]; default 0.5: 45-52% floor at every size).
    pub fill: f64,
    /// Smoothing passes of the automaton, at most 64 (default 4).
    pub passes: u32,
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

impl Default for CaveConfig {
    fn default() -> CaveConfig {
        CaveConfig {
            width: 80,
            height: 50,
            fill: schema::CAVE_FILL,
            passes: schema::CAVE_PASSES,
            locks: 0,
            dungeon_level: schema::DUNGEON_LEVEL,
            max_bytes: 0,
        }
    }
}

impl CaveConfig {
    /// The defaults at `width` x `height` tiles. The struct is
    /// `#[non_exhaustive]` (it gains a field whenever the generator gains an
    /// option): start from this (or `default()`) and set fields, or set
    /// options by name through [`LevelConfig::set`](crate::LevelConfig::set).
    pub fn new(width: u32, height: u32) -> CaveConfig {
        CaveConfig {
            width,
            height,
            ..CaveConfig::default()
        }
    }
}

crate::config::options!(CaveConfig {
    "cave_fill" => fill,
    "cave_passes" => passes,
    "locks" => locks,
    "dungeon_level" => dungeon_level,
});

/// How much less rock the noise has per unit of the border's share of the
/// map (see [`cave`]).
const BORDER_CORRECTION: f64 = 0.25;

/// The floor share a default cave keeps to (see [`cave`]).
const FLOOR_BAND: core::ops::RangeInclusive<f64> = 0.42..=0.53;

/// The most draws of the noise again for a default cave outside the band.
const MAX_REDRAWS: u32 = 8;

/// Rock islands of at most this many tiles, away from the border, become
/// floor.
pub const SPECK_MOST: usize = crate::measures::SPECK_MOST;

/// Floor pieces of fewer tiles than this become rock, but the largest.
pub const POCKET_BELOW: usize = crate::measures::POCKET_BELOW;

/// A cave, composed of stages:
///
/// 1. layout: noise ([`noise`]: each interior tile rock with probability
///    `fill`, less a quarter of the border's share of the map, since the
///    rock border makes the edges rockier: the same floor share at every
///    size), then `passes` generations of the automaton ([`smooth`],
///    rules [`Rules::FOUR_FIVE`]); the outer border is always rock;
/// 2. clean-up: rock islands of at most 6 tiles (`SPECK_MOST`) become
///    floor (specks in open floor read as noise), and floor pieces of fewer
///    than 20 tiles (`POCKET_BELOW`) become rock, all but the largest piece; with
///    the default `fill`, a cave whose floor share falls outside 42-53% is
///    drawn again with the fill nudged toward that band (at most 8 times),
///    and one with fewer than two floor tiles left (small maps) is open
///    floor inside the border, so that every seed makes a level from 5x5
///    up;
/// 3. tunnels: the pieces left are joined by winding tunnels dug through
///    the rock (corridor tiles, see [`crate::tunnels`]), never a straight
///    run of corridor longer than 6 tiles; rock cut off by a tunnel into
///    specks of at most 6 tiles is dug too (floor beside floor, else
///    corridor);
/// 4. finish: [`Level::finish`]'s checks and stairs; its summary counts
///    the pieces joined (`regions`) and the tiles dug (`dug`).
///
/// Cost: O(width * height * passes), and the labels and searches of the
/// clean-up and the tunnels (12 bytes a tile).
///
/// # Errors
/// [`LevelError::TooSmall`] under 5x5, [`LevelError::InvalidOption`] for a
/// `fill` outside `[0, 0.65]` or too many passes, [`LevelError::Unsatisfiable`]
/// when a `fill` other than the default leaves fewer than two floor tiles
/// (a high fill on a small map: 0.6 at 5x5).
///
/// ```
/// use mcrdun_dungeon::{cave, CaveConfig, Tile};
/// let level = cave(&CaveConfig::default(), 7)?;
/// assert_eq!((level.width(), level.height()), (80, 50));
/// assert_eq!(level.tile(level.stairs_up()), Some(Tile::StairsUp));
/// let m = level.metrics();
/// assert_eq!((m.rock_specks, m.floor_pockets), (0, 0));
/// # Ok::<(), mcrdun_dungeon::LevelError>(())
/// ```
pub fn cave(config: &CaveConfig, seed: u64) -> Result<Level, LevelError> {
    cave_with_vaults(config, &[], seed)
}

/// A cave with vaults ([`crate::vaults`]): once the cave is one region,
/// vaults are stamped where their map and a ring around it are all rock
/// and the cave lies near the entrances they use (the required ones
/// first, then optional ones by weight, at most one per 2000 tiles of the
/// map for those), and each entrance a vault uses (its required ones,
/// else one optional) is joined to the cave by a corridor through rock.
/// A required vault goes to a place drawn among every place that holds
/// it; where none does, the cave makes room: the site whose ring holds
/// the most rock, of those the cave lies near and whose filling with rock
/// keeps the cave one region without new floor pockets, is turned to
/// rock first (`stamp::make_room`). Over seeds 1-1000 at 120x80 and
/// 200x120 every example vault made required is placed. Without
/// required vaults, the vaults are drawn as before that (the same
/// levels); without vaults, the same level as [`cave`].
///
/// # Errors
/// As [`cave`]; [`LevelError::Vault`] for a required vault that the cave
/// may not use or that no site holds even carved, or an entrance no
/// corridor reaches.
pub fn cave_with_vaults(
    config: &CaveConfig,
    vaults: &[Vault],
    seed: u64,
) -> Result<Level, LevelError> {
    schema::validate(&LevelConfig::Cave(*config))?;
    let _budget = check_size(
        LevelKind::Cave,
        config.width,
        config.height,
        5,
        5,
        config.max_bytes,
    )?;
    let (w, h) = (config.width as usize, config.height as usize);
    let mut rng = seeded_rng(seed);
    // The border is rock and counts as rock to its neighbours, which makes
    // a small map rockier: the noise has less rock by a quarter of the
    // border's share of the map.
    let border = 2.0 * (config.width as f64 + config.height as f64) / (w as f64 * h as f64);
    // (The schema caps `fill` at 0.65, so the clamp's top never binds.)
    let fill = (config.fill - BORDER_CORRECTION * border).clamp(0.0, 1.0);
    let draw = |fill: f64, rng: &mut SeededRng| {
        let mut rock = noise(w, h, fill, rng);
        smooth(&mut rock, w, h, Rules::FOUR_FIVE, config.passes);
        let floor = clean(&mut rock, w, h)?;
        Ok::<_, LevelError>((rock, Some(floor)))
    };
    // The floor pieces of the draw kept, for the tunnels (dropped before
    // another draw, so that one draw's pieces are held at a time; the
    // tunnels label the floor themselves then).
    let (mut rock, mut floor_pieces) = draw(fill, &mut rng)?;
    // With the default fill, a draw outside the floor band (small maps
    // vary most) is drawn again with the fill nudged toward the band.
    if config.fill == schema::CAVE_FILL {
        let share = |rock: &[bool]| rock.iter().filter(|r| !**r).count() as f64 / (w * h) as f64;
        let mut fill = fill;
        let mut floor = share(&rock);
        let mut last = floor;
        for _ in 0..MAX_REDRAWS {
            if FLOOR_BAND.contains(&floor) {
                break;
            }
            // Near the middle, about 8 points of floor per point of fill.
            fill = (fill + (last - 0.475) * 0.1).clamp(0.3, 0.7);
            floor_pieces = None;
            let (again, again_pieces) = draw(fill, &mut rng)?;
            let f = share(&again);
            last = f;
            // Keep the draw nearer the band's middle.
            if (f - 0.475).abs() < (floor - 0.475).abs() {
                rock = again;
                floor_pieces = again_pieces;
                floor = f;
            }
        }
        if rock.iter().filter(|r| !**r).take(2).count() < 2 {
            // Too small a map for the automaton: an open cave.
            rock = noise(w, h, 0.0, &mut rng);
            floor_pieces = None;
        }
    }
    finish_rock(
        LevelKind::Cave,
        (config.width, config.height),
        rock,
        floor_pieces,
        vaults,
        config.locks,
        &mut rng,
    )
}

/// The stages of a level laid out as rock and floor (`rock`, cleaned of
/// specks and pockets as [`clean`] does, with its floor pieces when the
/// caller has them), after the layout: the pieces joined by winding
/// tunnels and the rock those cut into specks dug; the vaults (the map
/// making room for the required ones, as caves do); the finish; the
/// locks. Caves and drunkard's walks end so.
pub(crate) fn finish_rock(
    kind: LevelKind,
    (width, height): (u32, u32),
    rock: Vec<bool>,
    floor_pieces: Option<FloorPieces>,
    vaults: &[Vault],
    locks: u32,
    rng: &mut SeededRng,
) -> Result<Level, LevelError> {
    let (w, h) = (width as usize, height as usize);
    let mut tiles: Vec<Tile> = rock
        .into_iter()
        .map(|r| if r { Tile::Wall } else { Tile::Floor })
        .collect();
    let joined = join_winding(&mut tiles, w, h, floor_pieces, rng)?;
    let (regions, mut dug) = (joined.pieces, joined.dug);
    // Specks are dug whole, and every tile around one is walkable: digging
    // them keeps one region one.
    dug += dig_tunnel_specks(&mut tiles, w, h)?;
    let stamped = if vaults.is_empty() {
        Stamped::default()
    } else {
        let budget = (w * h / 2000).max(1);
        let (planned, filled) = make_room(&mut tiles, (w, h), vaults, kind, rng)?;
        dug = dug.saturating_sub(filled);
        stamp_vaults(&mut tiles, (w, h), vaults, kind, budget, planned, rng)?
    };
    let tiles = Grid::from_vec(width, height, tiles)?;
    let mut level = Level::finish_joined(
        kind,
        tiles,
        Vec::new(),
        Vec::new(),
        // Known joined without vaults (which may wall tiles off), so the
        // finish need not label the walkable tiles again to find out.
        Some((regions, dug, joined.connected && vaults.is_empty())),
        stamped,
    )?;
    // 5. Locks and keys on the finished level.
    crate::locks::add_locks(&mut level, locks)?;
    Ok(level)
}

/// The clean-up stage: rock islands of at most [`SPECK_MOST`] tiles away
/// from the border become floor; floor pieces of fewer than
/// [`POCKET_BELOW`] tiles become rock, all but the largest (the first of
/// the largest on ties). Returns the floor pieces left, as [`pieces`]
/// labels them (the pockets' tiles out of every piece, the labels of the
/// others closed up in order: the labelling of the floor left).
pub(crate) fn clean(rock: &mut [bool], w: usize, h: usize) -> Result<FloorPieces, LevelError> {
    let (labels, found) = pieces(w, h, rock)?;
    for (r, &l) in rock.iter_mut().zip(&labels) {
        if l != NO_PIECE {
            let p = found[l as usize];
            if !p.on_border && p.size <= SPECK_MOST {
                *r = false;
            }
        }
    }
    let floor: Vec<bool> = rock.iter().map(|&r| !r).collect();
    let (labels, found) = pieces(w, h, &floor)?;
    drop(floor);
    let largest = (0..found.len()).max_by_key(|&i| (found[i].size, usize::MAX - i));
    // The new label of each piece: NO_PIECE for a pocket filled.
    let mut kept = Vec::new();
    let relabel: Vec<u32> = (0..found.len())
        .map(|k| {
            if Some(k) == largest || found[k].size >= POCKET_BELOW {
                kept.push(found[k]);
                kept.len() as u32 - 1
            } else {
                NO_PIECE
            }
        })
        .collect();
    let mut labels = labels;
    for (r, l) in rock.iter_mut().zip(&mut labels) {
        if *l != NO_PIECE {
            *l = relabel[*l as usize];
            if *l == NO_PIECE {
                *r = true;
            }
        }
    }
    Ok((labels, kept))
}

/// Floor pieces as [`pieces`] gives them: each tile's label and each
/// piece.
pub(crate) type FloorPieces = (Vec<u32>, Vec<crate::measures::Piece>);

/// Rock that the tunnels cut off into islands of at most [`SPECK_MOST`]
/// tiles is dug: into floor where it touches the cave's floor (as the
/// clean-up opens specks); where only tunnels surround it (floor there
/// would be a pocket), into corridor unless that makes a straight run of
/// corridor longer than [`crate::tunnels::MAX_STRAIGHT`] (the speck then
/// stays: a rock island between tunnels). Tiles `protected` (a vault's)
/// are no rock. Returns the tiles dug.
pub(crate) fn dig_specks(
    tiles: &mut [Tile],
    w: usize,
    h: usize,
    protected: Option<&[bool]>,
) -> Result<usize, LevelError> {
    let specks = specks_by_labels(tiles, w, h, protected)?;
    Ok(dig(tiles, w, &specks))
}

/// [`dig_specks`] right after the tunnels, on a cave whose clean-up left
/// no speck: a speck then is a piece of rock that a tunnel cut, so it
/// touches a tunnel, and a search from the rock beside each tunnel tile
/// that stops past [`SPECK_MOST`] tiles or at the border finds every one
/// (the same specks as labelling all the rock, which debug builds check),
/// in time proportional to the tunnels rather than to the map.
fn dig_tunnel_specks(tiles: &mut [Tile], w: usize, h: usize) -> Result<usize, LevelError> {
    let specks = specks_by_tunnels(tiles, w, h);
    debug_assert_eq!(specks, specks_by_labels(tiles, w, h, None)?);
    Ok(dig(tiles, w, &specks))
}

/// The specks of rock (pieces of [`SPECK_MOST`] tiles at most, off the
/// border; `protected` tiles are no rock), each its tiles in raster
/// order, in the raster order of their first tiles, from a labelling of
/// all the rock.
fn specks_by_labels(
    tiles: &[Tile],
    w: usize,
    h: usize,
    protected: Option<&[bool]>,
) -> Result<Vec<Vec<usize>>, LevelError> {
    let wall: Vec<bool> = match protected {
        Some(p) => tiles
            .iter()
            .zip(p)
            .map(|(&t, &p)| t == Tile::Wall && !p)
            .collect(),
        None => tiles.iter().map(|&t| t == Tile::Wall).collect(),
    };
    let (labels, found) = pieces(w, h, &wall)?;
    drop(wall);
    let speck = |l: u32| {
        l != NO_PIECE && !found[l as usize].on_border && found[l as usize].size <= SPECK_MOST
    };
    // Pieces are numbered in the raster order of their first tiles.
    let mut tiles_of: Vec<Vec<usize>> = vec![Vec::new(); found.len()];
    for (i, &l) in labels.iter().enumerate() {
        if speck(l) {
            tiles_of[l as usize].push(i);
        }
    }
    tiles_of.retain(|t| !t.is_empty());
    Ok(tiles_of)
}

/// The specks of rock beside the corridor tiles (a tunnel's, never on the
/// border), as [`specks_by_labels`] lists them. Each rock tile is searched
/// at most once: a search that passes [`SPECK_MOST`] tiles or reaches the
/// border marks what it saw as part of a large piece, where a later
/// search stops at once. One byte a tile.
fn specks_by_tunnels(tiles: &[Tile], w: usize, h: usize) -> Vec<Vec<usize>> {
    const UNSEEN: u8 = 0;
    const LARGE: u8 = 1;
    const SEEN: u8 = 2;
    let on_border = |i: usize| {
        let x = i % w;
        i < w || i >= w * (h - 1) || x == 0 || x == w - 1
    };
    let mut mark = vec![UNSEEN; w * h];
    let mut specks = Vec::new();
    let (mut piece, mut todo) = (Vec::new(), Vec::new());
    for c in 0..w * h {
        if tiles[c] != Tile::Corridor {
            continue;
        }
        for start in [c - w, c - 1, c + 1, c + w] {
            if tiles[start] != Tile::Wall || mark[start] != UNSEEN {
                continue;
            }
            piece.clear();
            todo.clear();
            todo.push(start);
            mark[start] = SEEN;
            let mut small = true;
            'search: while let Some(i) = todo.pop() {
                piece.push(i);
                if piece.len() > SPECK_MOST || on_border(i) {
                    small = false;
                    break;
                }
                for j in [i - w, i - 1, i + 1, i + w] {
                    if tiles[j] == Tile::Wall {
                        match mark[j] {
                            UNSEEN => {
                                mark[j] = SEEN;
                                todo.push(j);
                            }
                            LARGE => {
                                small = false;
                                break 'search;
                            }
                            _ => {}
                        }
                    }
                }
            }
            if small {
                piece.sort_unstable();
                specks.push(piece.clone());
            } else {
                for &i in piece.iter().chain(&todo) {
                    mark[i] = LARGE;
                }
            }
        }
    }
    specks.sort_unstable_by_key(|s| s[0]);
    specks
}

/// Digs `specks` (see [`dig_specks`]) in their order; returns the tiles
/// dug.
fn dig(tiles: &mut [Tile], w: usize, specks: &[Vec<usize>]) -> usize {
    let mut dug = 0;
    for speck in specks {
        // A speck is off the border, so its four neighbours are on the map.
        let by_floor = speck.iter().any(|&i| {
            [i - 1, i + 1, i - w, i + w]
                .iter()
                .any(|&j| tiles[j] == Tile::Floor)
        });
        let to = if by_floor {
            Tile::Floor
        } else {
            Tile::Corridor
        };
        for &i in speck {
            tiles[i] = to;
        }
        if !by_floor
            && speck
                .iter()
                .any(|&i| straight_run(tiles, w, i) > crate::tunnels::MAX_STRAIGHT)
        {
            for &i in speck {
                tiles[i] = Tile::Wall;
            }
            continue;
        }
        dug += speck.len();
    }
    dug
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
            cave(&CaveConfig { fill: 0.66, ..c }, 1),
            Err(LevelError::InvalidOption {
                name: "cave_fill",
                ..
            })
        ));
        let tiny = CaveConfig {
            width: 5,
            height: 5,
            ..c
        };
        assert!(matches!(
            cave(&CaveConfig { fill: 0.6, ..tiny }, 1),
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
                locks: 0,
                dungeon_level: 1,
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
                locks: 0,
                dungeon_level: 1,
                max_bytes: 0,
            },
            3,
        )
        .unwrap();
        assert_eq!(level.summary().walkable, 8 * 4 - 4);
    }
}
