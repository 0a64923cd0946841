//! The BSP level: a room in each leaf of a BSP tree, linked along the leaf
//! adjacency.

use crate::corridors::{Canvas, bounding};
use crate::error::check_size;
use crate::graph::leaf_graph;
use crate::schema;
use crate::tail::link_and_finish;
use crate::vaults::{Stamped, choose, draw};
use crate::{Level, LevelConfig, LevelError, LevelKind};
use mcrdun_bsp::Bsp;
use mcrdun_geom::Rect;
use mcrdun_geom::random::{SeededRng, range_i32, seeded_rng};
use mcrdun_vaults::Vault;

/// Options of the BSP level.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct BspConfig {
    /// Width in tiles.
    pub width: u32,
    /// Height in tiles.
    pub height: u32,
    /// The most times a leaf is split (at most 32); splitting stops earlier
    /// where a leaf would be smaller than the minimum (default 32: as many
    /// rooms as fit).
    pub depth: u32,
    /// The narrowest leaf, at least `min_room + 4`: the room, its walls and
    /// a lane of rock (default 12).
    pub min_leaf_width: u32,
    /// The lowest leaf, at least `min_room + 4` (default 10).
    pub min_leaf_height: u32,
    /// The smallest room side, at least 1 (default 3). A room keeps a margin
    /// of two tiles to its leaf's edge (its wall and a lane of rock for
    /// corridors), so rooms never touch.
    pub min_room: u32,
    /// How much of its leaf a room fills at least, in `[0, 1]`: each side
    /// is drawn from `min_room` plus this share of the rest up to the most
    /// the leaf holds (default 0: any size; 1: every room as large as its
    /// leaf allows).
    pub room_fill: f64,
    /// The share, in `[0, 1]`, of the leaf adjacencies left out of the
    /// spanning tree that are linked anyway, making loops (default 0.15;
    /// see [`Loops::Share`](crate::links::Loops::Share)).
    pub loops: f64,
    /// Brogue's loop rule instead of [`loops`](Self::loops): when not 0, a
    /// link beyond the spanning tree is made only where it cuts the walk
    /// between its rooms, in links, from at least this many to 1
    /// ([`Loops::Shortcut`](crate::links::Loops::Shortcut); 1 links every
    /// adjacency, as `loops` 1 does); 0 (the default) uses `loops`.
    pub loop_factor: u32,
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

impl Default for BspConfig {
    fn default() -> BspConfig {
        BspConfig {
            width: 80,
            height: 50,
            depth: schema::BSP_DEPTH,
            min_leaf_width: schema::BSP_MIN_LEAF_WIDTH,
            min_leaf_height: schema::BSP_MIN_LEAF_HEIGHT,
            min_room: schema::BSP_MIN_ROOM,
            room_fill: schema::BSP_ROOM_FILL,
            loops: schema::BSP_LOOPS,
            loop_factor: schema::LOOP_FACTOR,
            locks: 0,
            dungeon_level: schema::DUNGEON_LEVEL,
            max_bytes: 0,
        }
    }
}

impl BspConfig {
    /// The defaults at `width` x `height` tiles. The struct is
    /// `#[non_exhaustive]` (it gains a field whenever the generator gains an
    /// option): start from this (or `default()`) and set fields, or set
    /// options by name through [`LevelConfig::set`](crate::LevelConfig::set).
    pub fn new(width: u32, height: u32) -> BspConfig {
        BspConfig {
            width,
            height,
            ..BspConfig::default()
        }
    }
}

crate::config::options!(BspConfig {
    "depth" => depth,
    "min_leaf_width" => min_leaf_width,
    "min_leaf_height" => min_leaf_height,
    "min_room" => min_room,
    "room_fill" => room_fill,
    "loops" => loops,
    "loop_factor" => loop_factor,
    "locks" => locks,
    "dungeon_level" => dungeon_level,
});

/// A BSP level, composed of stages:
///
/// 1. layout: the map is split recursively (`mcrdun-bsp`, ratios 1.5) into
///    leaves of at least `min_leaf_width` x `min_leaf_height`, and each leaf
///    gets a room of random size (at least `min_room`) at a random place,
///    two tiles from the leaf's edges (its wall, then a lane of rock), and
///    against the map's edge in a leaf on that edge;
/// 2. room graph: the leaf adjacency;
/// 3. links: [`spanning_links`](crate::links::spanning_links) with `loops` as [`Loops::Share`](crate::links::Loops::Share) or `loop_factor` as [`Loops::Shortcut`](crate::links::Loops::Shortcut);
/// 4. doors and corridors: [`Canvas::link`] inside the two leaves;
/// 5. finish: [`Level::finish_canvas`] places the stairs.
///
/// Cost: O(leaves log leaves) for the tree and adjacency, O(tiles) to draw,
/// one search over two leaves per link.
///
/// # Errors
/// [`LevelError::TooSmall`] when the map cannot hold one leaf;
/// [`LevelError::InvalidOption`] for a leaf minimum below `min_room + 4`, a
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
    bsp_with_vaults(config, &[], seed)
}

/// A BSP level with vaults ([`crate::vaults`]): after the layout, leaves
/// are chosen for vaults (the required ones first, then optional ones by
/// weight, at most a quarter of the leaves for those), and a chosen leaf
/// holds its vault, a lane of rock around it, instead of a room. The vault
/// is a room of its own shape whose door sites are its entrances; the
/// links and corridors are the BSP level's, and after them each required
/// entrance still wall gets a corridor of its own. Without vaults, the
/// same level as [`bsp`].
///
/// # Errors
/// As [`bsp`]; [`LevelError::Vault`] for a required vault that the BSP
/// level may not use or that no leaf holds, or a required entrance that no
/// corridor reaches.
///
/// ```
/// use mcrdun_dungeon::{bsp_with_vaults, BspConfig, Tile};
/// let text = "vault nook\ncount 1\nmap\n##!##\n#.A.#\n#####\nend\n";
/// let vaults = mcrdun_vaults::parse(text, "nook.vault").unwrap();
/// let level = bsp_with_vaults(&BspConfig::default(), &vaults, 7)?;
/// assert_eq!(level.vaults().len(), 1);
/// let a = level.markers()[0];
/// assert_eq!((a.label, level.tile(a.at)), ('A', Some(Tile::Floor)));
/// # Ok::<(), mcrdun_dungeon::LevelError>(())
/// ```
pub fn bsp_with_vaults(
    config: &BspConfig,
    vaults: &[Vault],
    seed: u64,
) -> Result<Level, LevelError> {
    schema::validate(&LevelConfig::Bsp(*config))?;
    for (name, v) in [
        ("min_leaf_width", config.min_leaf_width),
        ("min_leaf_height", config.min_leaf_height),
    ] {
        if v < config.min_room + 2 * MARGIN as u32 {
            return Err(LevelError::InvalidOption {
                name,
                reason: format!(
                    "{v} leaves no room of {} with a margin of {MARGIN} on each side (need at least {})",
                    config.min_room,
                    config.min_room + 2 * MARGIN as u32
                ),
            });
        }
    }
    let _budget = check_size(
        LevelKind::Bsp,
        config.width,
        config.height,
        config.min_leaf_width,
        config.min_leaf_height,
        config.max_bytes,
    )?;
    let mut rng = seeded_rng(seed);

    // 1. Layout.
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
    .map_err(LevelError::Bsp)?;
    let leaves: Vec<Rect> = tree.leaf_rects().collect();
    let mut canvas = Canvas::new(config.width, config.height)?;
    let mut stamped = Stamped::default();
    if vaults.is_empty() {
        for leaf in &leaves {
            let room = room_in(
                leaf,
                &root,
                config.min_room as i32,
                config.room_fill,
                &mut rng,
            )?;
            canvas.add_rect(room)?;
        }
    } else {
        let slots: Vec<Option<Rect>> = leaves.iter().map(|l| vault_slot(l, &root)).collect();
        let picks = choose(vaults, LevelKind::Bsp, &slots, leaves.len() / 4, &mut rng)?;
        for (leaf, pick) in leaves.iter().zip(&picks) {
            match pick {
                Some(pick) => draw(&mut canvas, vaults, pick, &mut stamped)?,
                None => {
                    let room = room_in(
                        leaf,
                        &root,
                        config.min_room as i32,
                        config.room_fill,
                        &mut rng,
                    )?;
                    canvas.add_rect(room)?
                }
            };
        }
    }

    // 2. Room graph: leaves sharing a wall; 3-5. links, doors and
    // corridors inside the two leaves, finish.
    let edges = leaf_graph(&tree)?;
    let mut level = link_and_finish(
        LevelKind::Bsp,
        canvas,
        &edges,
        (config.loops, config.loop_factor),
        |e| bounding(&leaves[e.a as usize], &leaves[e.b as usize]),
        stamped,
        &mut rng,
    )?;
    // 6. Locks and keys on the finished level.
    crate::locks::add_locks(&mut level, config.locks)?;
    Ok(level)
}

/// Where a vault's map may lie in `leaf`: a lane of rock on each side
/// inside the leaf, and two tiles from the map's edge (the tile outside an
/// entrance stays off the border).
fn vault_slot(leaf: &Rect, map: &Rect) -> Option<Rect> {
    Rect::from_edges(
        (leaf.x() + 1).max(map.x() + 2),
        (leaf.y() + 1).max(map.y() + 2),
        (leaf.right() - 1).min(map.right() - 2),
        (leaf.bottom() - 1).min(map.bottom() - 2),
    )
    .ok()
}

/// Tiles between a room's floor and its leaf's edge: the room's wall and a
/// lane of rock for corridors.
const MARGIN: i32 = 2;

/// A room of random size and place inside `leaf`, [`MARGIN`] tiles from
/// its edges; a leaf on the map's edge puts its room against that edge (so
/// the level reaches the whole map). Each side is drawn from `min_room`
/// plus the `room_fill` share of the rest up to the most the leaf holds.
fn room_in(
    leaf: &Rect,
    map: &Rect,
    min_room: i32,
    room_fill: f64,
    rng: &mut SeededRng,
) -> Result<Rect, LevelError> {
    let side = |most: i32| min_room + (f64::from(most - min_room) * room_fill).floor() as i32;
    let (most_w, most_h) = (leaf.w() - 2 * MARGIN, leaf.h() - 2 * MARGIN);
    let w = range_i32(rng, side(most_w), most_w)?;
    let h = range_i32(rng, side(most_h), most_h)?;
    let mut x = range_i32(rng, leaf.x() + MARGIN, leaf.right() - MARGIN - w)?;
    let mut y = range_i32(rng, leaf.y() + MARGIN, leaf.bottom() - MARGIN - h)?;
    match (leaf.x() == map.x(), leaf.right() == map.right()) {
        (true, false) => x = leaf.x() + MARGIN,
        (false, true) => x = leaf.right() - MARGIN - w,
        _ => {}
    }
    match (leaf.y() == map.y(), leaf.bottom() == map.bottom()) {
        (true, false) => y = leaf.y() + MARGIN,
        (false, true) => y = leaf.bottom() - MARGIN - h,
        _ => {}
    }
    Ok(Rect::new(x, y, w, h)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_options_are_errors() {
        let c = BspConfig::default();
        assert!(matches!(
            bsp(&BspConfig { width: 11, ..c }, 1),
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
                name: "min_leaf_width",
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
            width: 12,
            height: 10,
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
        // Each link has a door in each room's wall (or shares one).
        let links = level.rooms().len() - 1;
        assert!(level.doors().len() <= 2 * links && level.doors().len() > links);
        let looped = bsp(&BspConfig { loops: 1.0, ..c }, 11).unwrap();
        assert!(looped.summary().loops > level.summary().loops + 5);
        // Brogue's rule: some loops, fewer than every edge.
        let brogue = bsp(
            &BspConfig {
                loop_factor: 6,
                ..c
            },
            11,
        )
        .unwrap();
        assert!(brogue.summary().loops > level.summary().loops);
        assert!(brogue.summary().loops < looped.summary().loops);
        // A factor of 1: every walk takes at least one link, so every
        // adjacency is linked, in the order a share of 1 links them.
        let every = bsp(
            &BspConfig {
                loop_factor: 1,
                ..c
            },
            11,
        )
        .unwrap();
        assert_eq!(every, looped);
    }
}
