//! The BSP level: a room in each leaf of a BSP tree, linked along the leaf
//! adjacency.

use crate::carving::{clamp_into, dig_l, fill_room, tree_and_loops};
use crate::error::{check_fraction, check_size};
use crate::{Door, Level, LevelError, LevelKind, Room, Tile};
use mcrdun_bsp::{Bsp, BspError};
use mcrdun_geom::random::{SeededRng, range_i32, seeded_rng};
use mcrdun_geom::{Grid, Rect, Side, shared_wall};

/// Options of the BSP level.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BspConfig {
    /// Width in tiles.
    pub width: u32,
    /// Height in tiles.
    pub height: u32,
    /// The most times a leaf is split (at most 32); splitting stops earlier
    /// where a leaf would be smaller than the minimum (default 32: as many
    /// rooms as fit).
    pub depth: u32,
    /// The narrowest leaf, at least `min_room + 2` (default 10).
    pub min_leaf_width: u32,
    /// The lowest leaf, at least `min_room + 2` (default 8).
    pub min_leaf_height: u32,
    /// The smallest room side, at least 1 (default 3). A room keeps a margin
    /// of at least one tile to its leaf's edge, so rooms never touch.
    pub min_room: u32,
    /// The share, in `[0, 1]`, of the leaf adjacencies left out of the
    /// spanning tree that are linked anyway, making loops (default 0.15).
    pub loops: f64,
}

impl Default for BspConfig {
    fn default() -> BspConfig {
        BspConfig {
            width: 80,
            height: 50,
            depth: 32,
            min_leaf_width: 10,
            min_leaf_height: 8,
            min_room: 3,
            loops: 0.15,
        }
    }
}

fn bsp_error(e: BspError) -> LevelError {
    match e {
        BspError::Geom(g) => g.into(),
        BspError::DepthTooLarge { .. } => LevelError::InvalidOption {
            name: "depth",
            reason: e.to_string(),
        },
        other => LevelError::Component {
            component: "bsp",
            message: other.to_string(),
        },
    }
}

/// A BSP level.
///
/// 1. The map is split recursively (`mcrdun-bsp`, ratios 1.5) into leaves of
///    at least `min_leaf_width` x `min_leaf_height`.
/// 2. Each leaf gets a room of random size (at least `min_room`) at a random
///    place, at least one tile from the leaf's edge.
/// 3. The leaf adjacency (leaves that share a wall) is shuffled and a
///    spanning tree kept (Kruskal), plus `loops` of the other adjacencies.
/// 4. Each link gets a door on a random tile of the shared wall
///    (`adjacent_tiles`, on the first leaf's edge; not the wall's end tiles
///    when they lie in a leaf's margin, so leaves sharing fewer than 3
///    tiles are not linked), and corridors from the door into each room:
///    first straight away from the wall, then along it, so the door always
///    has walkable tiles on both sides.
/// 5. [`Level::finish`] places the stairs.
///
/// Cost: O(leaves log leaves) for the tree and adjacency, O(tiles) to draw.
///
/// # Errors
/// [`LevelError::TooSmall`] when the map cannot hold one leaf;
/// [`LevelError::InvalidOption`] for a leaf minimum below `min_room + 2`, a
/// room side of 0, a depth over 32 or a bad loop fraction.
///
/// ```
/// use mcrdun_dungeon::{bsp, BspConfig, Tile};
/// let level = bsp(&BspConfig::default(), 7)?;
/// assert!(level.rooms().len() > 10);
/// for d in level.doors() {
///     assert_eq!(level.tile(d.at), Some(Tile::Door));
/// }
/// # Ok::<(), mcrdun_dungeon::LevelError>(())
/// ```
pub fn bsp(config: &BspConfig, seed: u64) -> Result<Level, LevelError> {
    check_fraction("loops", config.loops)?;
    if config.min_room == 0 || config.min_room > (1 << 16) {
        return Err(LevelError::InvalidOption {
            name: "min-room",
            reason: format!("{} is not in 1..=65536", config.min_room),
        });
    }
    for (name, v) in [
        ("min-leaf-width", config.min_leaf_width),
        ("min-leaf-height", config.min_leaf_height),
    ] {
        if v < config.min_room + 2 || v > i32::MAX as u32 {
            return Err(LevelError::InvalidOption {
                name,
                reason: format!(
                    "{v} leaves no room of {} with a margin of 1 on each side (need at least {})",
                    config.min_room,
                    config.min_room + 2
                ),
            });
        }
    }
    check_size(
        "bsp",
        config.width,
        config.height,
        config.min_leaf_width,
        config.min_leaf_height,
    )?;
    let mut rng = seeded_rng(seed);
    let root = Rect::new(0, 0, config.width as i32, config.height as i32)?;
    let mut tree = Bsp::new(root);
    tree.split_recursive(
        tree.root(),
        &mut rng,
        config.depth,
        config.min_leaf_width as i32,
        config.min_leaf_height as i32,
        1.5,
        1.5,
    )
    .map_err(bsp_error)?;

    let mut tiles = Grid::new(config.width, config.height, Tile::Wall)?;
    let leaves: Vec<Rect> = tree.leaf_rects().collect();
    let mut rooms = Vec::with_capacity(leaves.len());
    for leaf in &leaves {
        let room = room_in(leaf, config.min_room as i32, &mut rng)?;
        fill_room(&mut tiles, &room);
        rooms.push(room);
    }

    // The door of a link may not sit in the one-tile margin along the
    // other edges of either leaf (a corner of the map or of a leaf), so an
    // adjacency needs a shared wall of at least 3 tiles; shorter ones are
    // left out of the graph.
    let mut edges: Vec<(u32, u32)> = Vec::new();
    for (a, next) in tree.adjacency().iter().enumerate() {
        for &b in next.iter().filter(|&&b| b as usize > a) {
            if door_span(&leaves[a], &leaves[b as usize]).is_some() {
                edges.push((a as u32, b));
            }
        }
    }
    let links = tree_and_loops(leaves.len(), &edges, config.loops, &mut rng)?;

    let mut doors = Vec::with_capacity(links.len());
    for link in links {
        let (a, b) = (edges[link].0 as usize, edges[link].1 as usize);
        let (side, lo, hi) = door_span(&leaves[a], &leaves[b]).expect("kept edges have a span");
        // The wall's tiles start at the shared segment's first coordinate,
        // one before `lo`.
        let t = range_i32(&mut rng, lo, hi - 1)?;
        let door = tree
            .adjacent_tiles(a, b)
            .map_err(bsp_error)?
            .nth((t - lo + 1) as usize)
            .expect("the door span lies within the shared wall");
        let across = door + side.delta();
        let vertical = matches!(side, Side::North | Side::South);
        // From the door into room a: first away from the wall (the room is
        // at least one tile inside the leaf, so the first step is a tile of
        // corridor right behind the door), then along it.
        dig_l(
            &mut tiles,
            door - side.delta(),
            clamp_into(&rooms[a], door),
            vertical,
        );
        dig_l(&mut tiles, across, clamp_into(&rooms[b], across), vertical);
        if tiles[door] != Tile::Door {
            tiles[door] = Tile::Door;
            doors.push(Door {
                at: door,
                rooms: (a.min(b) as u32, a.max(b) as u32),
            });
        }
    }
    let rooms = rooms.into_iter().map(Room::rectangular).collect();
    Level::finish(LevelKind::Bsp, tiles, rooms, doors)
}

/// The side of `a` facing `b` and the range `lo..hi` of tangent coordinates
/// where a door may go: the shared wall without the outermost tile of
/// either leaf at each end. `None` when that leaves nothing.
fn door_span(a: &Rect, b: &Rect) -> Option<(Side, i32, i32)> {
    let wall = shared_wall(a, b)?;
    let (lo_a, hi_a, lo_b, hi_b) = match wall.side {
        Side::North | Side::South => (a.x(), a.right(), b.x(), b.right()),
        Side::East | Side::West => (a.y(), a.bottom(), b.y(), b.bottom()),
    };
    let lo = lo_a.max(lo_b) + 1;
    let hi = hi_a.min(hi_b) - 1;
    (lo < hi).then_some((wall.side, lo, hi))
}

/// A room of random size and place inside `leaf`, one tile from its edges.
fn room_in(leaf: &Rect, min_room: i32, rng: &mut SeededRng) -> Result<Rect, LevelError> {
    let w = range_i32(rng, min_room, leaf.w() - 2)?;
    let h = range_i32(rng, min_room, leaf.h() - 2)?;
    let x = range_i32(rng, leaf.x() + 1, leaf.right() - 1 - w)?;
    let y = range_i32(rng, leaf.y() + 1, leaf.bottom() - 1 - h)?;
    Ok(Rect::new(x, y, w, h)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_options_are_errors() {
        let c = BspConfig::default();
        assert!(matches!(
            bsp(&BspConfig { width: 9, ..c }, 1),
            Err(LevelError::TooSmall { .. })
        ));
        assert!(matches!(
            bsp(
                &BspConfig {
                    min_leaf_width: 4,
                    ..c
                },
                1
            ),
            Err(LevelError::InvalidOption {
                name: "min-leaf-width",
                ..
            })
        ));
        assert!(bsp(&BspConfig { min_room: 0, ..c }, 1).is_err());
        assert!(bsp(&BspConfig { depth: 33, ..c }, 1).is_err());
        assert!(bsp(&BspConfig { loops: 1.5, ..c }, 1).is_err());
    }

    #[test]
    fn smallest_map_is_one_room() {
        let c = BspConfig {
            width: 10,
            height: 8,
            ..BspConfig::default()
        };
        let level = bsp(&c, 3).unwrap();
        assert_eq!(level.rooms().len(), 1);
        assert!(level.doors().is_empty());
    }

    #[test]
    fn no_loops_is_a_tree_of_rooms() {
        let c = BspConfig {
            loops: 0.0,
            ..BspConfig::default()
        };
        let level = bsp(&c, 11).unwrap();
        assert_eq!(level.doors().len(), level.rooms().len() - 1);
    }
}
