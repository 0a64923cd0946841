//! The passages level: rooms of any shape carved out of the cells of a
//! Voronoi partition, separated by rock.

use crate::corridors::{Canvas, bounding};
use crate::error::{check_fraction, check_size};
use crate::links::{Edge, Loops, spanning_links};
use crate::schema;
use crate::{Level, LevelError, LevelKind};
use mcrdun_geom::Rect;
use mcrdun_geom::random::seeded_rng;
use mcrdun_passages::Layout;

/// Options of the passages level.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PassagesConfig {
    /// Width in tiles (at least 12).
    pub width: u32,
    /// Height in tiles (at least 12).
    pub height: u32,
    /// Rooms wanted (Voronoi sites); 0 (the default) derives it from the
    /// map's size, one per [`TILES_PER_CELL`] tiles, so rooms keep their
    /// size on any map. Fewer when the sites do not fit [`SITE_SPACING`]
    /// apart.
    pub rooms: u32,
    /// The share, in `[0, 1]`, of the other adjacent room pairs linked
    /// beyond the spanning tree (default 0.1; see [`Loops::Share`]).
    pub loops: f64,
    /// The ceiling on the level's working memory in bytes (0, the default:
    /// [`crate::schema::DEFAULT_MAX_BYTES`], 1 GiB); a map needing more
    /// ([`crate::schema::BYTES_PER_TILE`] a tile) is refused as
    /// [`LevelError::TooLarge`] before anything is allocated.
    pub max_bytes: u64,
}

impl Default for PassagesConfig {
    fn default() -> PassagesConfig {
        PassagesConfig {
            width: 80,
            height: 50,
            rooms: schema::PASSAGES_ROOMS,
            loops: schema::PASSAGES_LOOPS,
            max_bytes: 0,
        }
    }
}

/// Map tiles per Voronoi cell when [`PassagesConfig::rooms`] is 0.
pub const TILES_PER_CELL: u32 = 170;

/// The least Manhattan distance between two sites.
pub const SITE_SPACING: u32 = 8;

/// Tiles of its cell kept around a room's floor (Chebyshev distance): the
/// room's wall and a lane of rock, so two rooms are four tiles apart.
const ROCK: usize = 2;

/// Rooms with less floor than this are left as rock.
const MIN_FLOOR: u32 = 9;

/// A passages level, composed of stages:
///
/// 1. layout: a Voronoi partition ([`Layout::voronoi`]); a room's floor is
///    the tiles of its cell at least 3 tiles (Chebyshev) from any other
///    cell (and 2 from the map's edge), so rooms have the shape of their cells, shrunk, with rock
///    between them; rooms with less than 9 floor tiles are dropped;
/// 2. room graph: cells that touch ([`Layout::adjacent_rooms`]), and the
///    rooms around a cell too small for a room;
/// 3. links: [`spanning_links`] with `loops` as [`Loops::Share`];
/// 4. doors and corridors: [`Canvas::link`] inside the two cells (doors in
///    straight stretches of wall);
/// 5. finish: [`Level::finish_canvas`].
///
/// Cost: O(tiles) for the partition, floors and layout, one small search
/// per link.
///
/// # Errors
/// [`LevelError::TooSmall`] under 12x12, [`LevelError::InvalidOption`] for a
/// bad loop fraction or more rooms than cells of 5x5 fit; [`LevelError::Unsatisfiable`] when no room keeps any
/// floor.
///
/// ```
/// use mcrdun_dungeon::{passages, PassagesConfig, Tile};
/// let level = passages(&PassagesConfig::default(), 7)?;
/// assert!(level.rooms().len() > 10);
/// assert!(level.doors().iter().all(|d| level.tile(d.at) == Some(Tile::Door)));
/// # Ok::<(), mcrdun_dungeon::LevelError>(())
/// ```
pub fn passages(config: &PassagesConfig, seed: u64) -> Result<Level, LevelError> {
    check_size(
        "passages",
        config.width,
        config.height,
        12,
        12,
        config.max_bytes,
    )?;
    check_fraction("loops", config.loops)?;
    let (w, h) = (config.width as usize, config.height as usize);
    // A room needs a cell of at least 5x5 (its floor, walls and rock).
    let fits = ((w - 2) * (h - 2) / 25) as u64;
    if u64::from(config.rooms) > fits {
        return Err(LevelError::InvalidOption {
            name: "rooms",
            reason: format!(
                "{} rooms cannot fit in {}x{} (at most {fits})",
                config.rooms, config.width, config.height
            ),
        });
    }
    let sites = if config.rooms == 0 {
        ((w * h) as u64 / u64::from(TILES_PER_CELL)).max(1) as u32
    } else {
        config.rooms
    };
    let mut rng = seeded_rng(seed);

    // 1. Layout: the partition, then each cell's floor.
    let layout = Layout::voronoi(config.width, config.height, sites, SITE_SPACING, &mut rng)
        .map_err(LevelError::Passages)?;
    let ids = layout.id_grid().as_slice();
    let floor = eroded(ids, w, h);
    let mut canvas = Canvas::new(config.width, config.height)?;
    let cells = layout.room_count() as usize;
    let mut room_of_cell = vec![u32::MAX; cells];
    let mut cell_bounds = Vec::with_capacity(cells);
    let mut piece = vec![u32::MAX; w * h];
    let mut queue = Vec::new();
    for cell in layout.rooms() {
        let points = layout.cells(cell).map_err(LevelError::Passages)?;
        let (mut x0, mut y0, mut x1, mut y1) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
        for p in points {
            x0 = x0.min(p.x);
            y0 = y0.min(p.y);
            x1 = x1.max(p.x);
            y1 = y1.max(p.y);
        }
        cell_bounds.push(Rect::from_edges(x0, y0, x1 + 1, y1 + 1)?);
        let inside = largest_piece(points, &floor, &mut piece, &mut queue, w);
        if inside.len() as u32 >= MIN_FLOOR {
            room_of_cell[cell.get() as usize] =
                canvas.add_cells(inside.iter().copied()).unwrap_or(u32::MAX);
        }
    }
    let kept: Vec<usize> = (0..cells)
        .filter(|&c| room_of_cell[c] != u32::MAX)
        .collect();
    if kept.is_empty() {
        return Err(LevelError::Unsatisfiable(
            "no Voronoi cell is large enough for a room".into(),
        ));
    }

    // 2. Room graph: touching cells that both kept a room.
    let mut cell_of_room = vec![0usize; kept.len()];
    for &c in &kept {
        cell_of_room[room_of_cell[c] as usize] = c;
    }
    // A cell too small for a room still joins its neighbours: each pair of
    // rooms around it is an edge too (weight 1, after the direct ones).
    let mut edges: Vec<Edge> = Vec::new();
    let mut around: Vec<Vec<u32>> = vec![Vec::new(); cells];
    for (a, b) in layout.adjacent_rooms() {
        let (ca, cb) = (a.get() as usize, b.get() as usize);
        let (ra, rb) = (room_of_cell[ca], room_of_cell[cb]);
        match (ra != u32::MAX, rb != u32::MAX) {
            (true, true) => edges.push(Edge {
                a: ra.min(rb),
                b: ra.max(rb),
                weight: 0,
            }),
            (true, false) => around[cb].push(ra),
            (false, true) => around[ca].push(rb),
            (false, false) => {}
        }
    }
    for list in &around {
        for (k, &a) in list.iter().enumerate() {
            for &b in &list[k + 1..] {
                edges.push(Edge {
                    a: a.min(b),
                    b: a.max(b),
                    weight: 1,
                });
            }
        }
    }
    edges.sort_unstable_by_key(|e| (e.a, e.b, e.weight));
    edges.dedup_by_key(|e| (e.a, e.b));

    // 3. Links, 4. doors and corridors, 5. finish.
    let links = spanning_links(kept.len(), &edges, Loops::Share(config.loops), &mut rng)?;
    canvas.link_all(
        &edges,
        &links,
        |e| {
            bounding(
                &cell_bounds[cell_of_room[e.a as usize]],
                &cell_bounds[cell_of_room[e.b as usize]],
            )
        },
        &mut rng,
    )?;
    Level::finish_canvas(LevelKind::Passages, canvas, &mut rng)
}

/// The largest 4-connected piece of floor among a cell's `points` (tile
/// indices), so every room's floor is one piece; `piece` marks the tiles
/// seen (by the index of their piece's first tile), `queue` is scratch.
fn largest_piece(
    points: &[mcrdun_geom::Point],
    floor: &[bool],
    piece: &mut [u32],
    queue: &mut Vec<usize>,
    w: usize,
) -> Vec<usize> {
    let mut best: Vec<usize> = Vec::new();
    for p in points {
        let s = p.y as usize * w + p.x as usize;
        if !floor[s] || piece[s] != u32::MAX {
            continue;
        }
        queue.clear();
        queue.push(s);
        piece[s] = s as u32;
        let mut head = 0;
        while head < queue.len() {
            let i = queue[head];
            head += 1;
            // Floor tiles are at least 2 from the edge: neighbours exist;
            // floor of another cell is never 4-adjacent (5 tiles apart).
            for j in [i - w, i + 1, i + w, i - 1] {
                if floor[j] && piece[j] == u32::MAX {
                    piece[j] = s as u32;
                    queue.push(j);
                }
            }
        }
        if queue.len() > best.len() {
            best = queue.clone();
        }
    }
    best.sort_unstable();
    best
}

/// The floor mask: tiles whose whole `(2 ROCK + 1)`-square lies in their
/// own cell or the map's border ring (two separable passes: along rows, then along columns), then
/// opened by a 3x3 square.
fn eroded(ids: &[u32], w: usize, h: usize) -> Vec<bool> {
    const NONE: u32 = u32::MAX;
    // The map's border ring (no cell) does not wear rooms away: only
    // other cells do, so rooms reach to two tiles from the map's edge.
    let mut row_ok = vec![false; w * h];
    for y in 0..h {
        let row = &ids[y * w..(y + 1) * w];
        for x in ROCK..w.saturating_sub(ROCK) {
            let id = row[x];
            row_ok[y * w + x] = id != NONE
                && row[x - ROCK..=x + ROCK]
                    .iter()
                    .all(|&o| o == id || o == NONE);
        }
    }
    let mut floor = vec![false; w * h];
    for y in ROCK..h.saturating_sub(ROCK) {
        for x in 0..w {
            let i = y * w + x;
            let id = ids[i];
            let fits = |j: usize| ids[j] == NONE || (ids[j] == id && row_ok[j]);
            floor[i] = row_ok[i] && (1..=ROCK).all(|k| fits(i - k * w) && fits(i + k * w));
        }
    }
    // An opening: keep only tiles of some 3x3 block of floor, so no room
    // has a spike one tile wide.
    let core: Vec<bool> = (0..w * h)
        .map(|i| {
            let (x, y) = (i % w, i / w);
            x > 0
                && y > 0
                && x + 1 < w
                && y + 1 < h
                && [
                    i - w - 1,
                    i - w,
                    i - w + 1,
                    i - 1,
                    i,
                    i + 1,
                    i + w - 1,
                    i + w,
                    i + w + 1,
                ]
                .iter()
                .all(|&j| floor[j] && ids[j] == ids[i])
        })
        .collect();
    (0..w * h)
        .map(|i| {
            let (x, y) = (i % w, i / w);
            floor[i]
                && x > 0
                && y > 0
                && x + 1 < w
                && y + 1 < h
                && [
                    i - w - 1,
                    i - w,
                    i - w + 1,
                    i - 1,
                    i,
                    i + 1,
                    i + w - 1,
                    i + w,
                    i + w + 1,
                ]
                .iter()
                .any(|&j| core[j])
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_options_are_errors() {
        let c = PassagesConfig::default();
        assert!(matches!(
            passages(&PassagesConfig { width: 11, ..c }, 1),
            Err(LevelError::TooSmall { .. })
        ));
        assert!(passages(&PassagesConfig { loops: -1.0, ..c }, 1).is_err());
    }

    #[test]
    fn rooms_have_floor_and_doors_join_them() {
        let level = passages(&PassagesConfig::default(), 3).unwrap();
        assert!(level.rooms().iter().all(|r| r.area >= 5));
        assert!(level.doors().len() >= level.rooms().len() - 1);
        // Each room got a passage: no digging was needed.
        assert_eq!(level.summary().regions, 1);
        assert_eq!(level.summary().dug, 0);
    }

    #[test]
    fn smallest_map_makes_a_level() {
        let c = PassagesConfig {
            width: 12,
            height: 12,
            ..PassagesConfig::default()
        };
        let level = passages(&c, 1).unwrap();
        assert!(!level.rooms().is_empty());
    }
}
