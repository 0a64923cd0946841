//! The passages level: rooms of any shape carved out of the cells of a
//! Voronoi partition, separated by rock.

use crate::corridors::{Canvas, bounding};
use crate::error::{check_fraction, check_size};
use crate::links::{Edge, loop_rule, spanning_links};
use crate::schema;
use crate::{Level, LevelError, LevelKind};
use mcrdun_geom::DisjointSets;
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
    /// map's size, one per 170 tiles, so rooms keep their
    /// size on any map. Fewer when the sites do not fit 8 tiles
    /// apart.
    pub rooms: u32,
    /// The share, in `[0, 1]`, of the other adjacent room pairs linked
    /// beyond the spanning tree (default 0.1; see [`Loops::Share`](crate::links::Loops::Share)).
    pub loops: f64,
    /// Brogue's loop rule instead of [`loops`](Self::loops): when at least
    /// 2, a link beyond the spanning tree is made only where it cuts the
    /// walk between its rooms, in links, from at least this many to 1
    /// ([`Loops::Shortcut`](crate::links::Loops::Shortcut)); 0 (the default) uses `loops`.
    pub loop_factor: u32,
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
            loop_factor: schema::LOOP_FACTOR,
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

/// No cell, no piece, no room.
const NONE: u32 = u32::MAX;

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
/// 3. links: [`spanning_links`] with `loops` as [`Loops::Share`](crate::links::Loops::Share);
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

    // 1. Layout: the partition, then each cell's floor: its largest piece.
    let labels = Layout::voronoi_labels(config.width, config.height, sites, SITE_SPACING, &mut rng)
        .map_err(LevelError::Passages)?;
    let ids = labels.as_slice();
    let cells = ids
        .iter()
        .filter(|&&c| c != NONE)
        .max()
        .map_or(0, |&c| c as usize + 1);
    let mut cell_bounds = vec![(i32::MAX, i32::MAX, i32::MIN, i32::MIN); cells];
    for y in 0..h {
        for x in 0..w {
            let c = ids[y * w + x];
            if c != NONE {
                let b = &mut cell_bounds[c as usize];
                *b = (
                    b.0.min(x as i32),
                    b.1.min(y as i32),
                    b.2.max(x as i32),
                    b.3.max(y as i32),
                );
            }
        }
    }
    let cell_bounds = cell_bounds
        .into_iter()
        .map(|(x0, y0, x1, y1)| Rect::from_edges(x0, y0, x1 + 1, y1 + 1))
        .collect::<Result<Vec<Rect>, _>>()?;
    let floor = eroded(ids, w, h);
    // Pieces of floor (4-connected; floor of different cells never
    // touches), and each cell's largest.
    let (piece, sizes, firsts) = pieces(&floor, w);
    let mut best = vec![(0u32, NONE); cells];
    for (k, &size) in sizes.iter().enumerate() {
        // The piece's first tile names its cell.
        let c = ids[firsts[k]] as usize;
        if size > best[c].0 {
            best[c] = (size, k as u32);
        }
    }
    let mut room_of_cell = vec![NONE; cells];
    let mut room_of_piece = vec![NONE; sizes.len()];
    let mut kept = Vec::new();
    for (c, &(size, k)) in best.iter().enumerate() {
        if size >= MIN_FLOOR {
            room_of_cell[c] = kept.len() as u32;
            room_of_piece[k as usize] = kept.len() as u32;
            kept.push(c);
        }
    }
    if kept.is_empty() {
        return Err(LevelError::Unsatisfiable(
            "no Voronoi cell is large enough for a room".into(),
        ));
    }
    // Each room's tiles, by a counting sort of the tiles by room.
    let mut start = vec![0u32; kept.len() + 1];
    for &p in &piece {
        if p != NONE && room_of_piece[p as usize] != NONE {
            start[room_of_piece[p as usize] as usize + 1] += 1;
        }
    }
    for r in 0..kept.len() {
        start[r + 1] += start[r];
    }
    let mut order = vec![0u32; start[kept.len()] as usize];
    let mut next = start.clone();
    for (i, &p) in piece.iter().enumerate() {
        if p != NONE && room_of_piece[p as usize] != NONE {
            let r = room_of_piece[p as usize] as usize;
            order[next[r] as usize] = i as u32;
            next[r] += 1;
        }
    }
    drop(piece);
    let mut canvas = Canvas::new(config.width, config.height)?;
    for r in 0..kept.len() {
        let tiles = &order[start[r] as usize..start[r + 1] as usize];
        canvas.add_cells(tiles.iter().map(|&i| i as usize));
    }
    let cell_of_room = kept;

    // 2. Room graph: touching cells (east and south neighbours differ) that
    // both kept a room; a cell too small for a room still joins its
    // neighbours: each pair of rooms around it is an edge too (weight 1,
    // after the direct ones).
    let mut pairs: Vec<(u32, u32)> = Vec::new();
    for y in 0..h {
        for x in 0..w {
            let a = ids[y * w + x];
            if a == NONE {
                continue;
            }
            for b in [
                if x + 1 < w { ids[y * w + x + 1] } else { NONE },
                if y + 1 < h {
                    ids[(y + 1) * w + x]
                } else {
                    NONE
                },
            ] {
                if b != NONE && b != a {
                    let pair = (a.min(b), a.max(b));
                    if pairs.last() != Some(&pair) {
                        pairs.push(pair);
                    }
                }
            }
        }
    }
    pairs.sort_unstable();
    pairs.dedup();
    let mut edges: Vec<Edge> = Vec::new();
    let mut around: Vec<Vec<u32>> = vec![Vec::new(); cells];
    for &(a, b) in &pairs {
        let (ca, cb) = (a as usize, b as usize);
        let (ra, rb) = (room_of_cell[ca], room_of_cell[cb]);
        match (ra != NONE, rb != NONE) {
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
    join_across_empty_cells(&mut edges, &pairs, &room_of_cell, cell_of_room.len());

    // 3. Links, 4. doors and corridors, 5. finish.
    let links = spanning_links(
        cell_of_room.len(),
        &edges,
        loop_rule(config.loops, config.loop_factor),
        &mut rng,
    )?;
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

/// Makes the room graph connected where cells too small for a room lie
/// side by side: on a thin map two such cells can span it from edge to
/// edge, and the rooms on either side are then neighbours of neither
/// cell's neighbours. Each group of touching roomless cells (over the cell
/// pairs `pairs`) joins the rooms around it that the graph `edges` leaves
/// apart, with edges of weight 2 (after the direct ones and those across
/// one cell); a graph that is connected already is left as it is.
///
/// Cost: O(cells + pairs) with near-constant union-find steps.
fn join_across_empty_cells(
    edges: &mut Vec<Edge>,
    pairs: &[(u32, u32)],
    room_of_cell: &[u32],
    rooms: usize,
) {
    let mut apart = DisjointSets::new(rooms);
    for e in edges.iter() {
        apart.union(e.a as usize, e.b as usize);
    }
    if apart.set_count() <= 1 {
        return;
    }
    let mut group = DisjointSets::new(room_of_cell.len());
    for &(a, b) in pairs {
        if room_of_cell[a as usize] == NONE && room_of_cell[b as usize] == NONE {
            group.union(a as usize, b as usize);
        }
    }
    // The first room met around each group; every later one that the graph
    // leaves apart from it is joined to it.
    let mut first_room = vec![NONE; room_of_cell.len()];
    let mut added = Vec::new();
    for &(a, b) in pairs {
        let (ra, rb) = (room_of_cell[a as usize], room_of_cell[b as usize]);
        let (room, empty) = match (ra != NONE, rb != NONE) {
            (true, false) => (ra, b),
            (false, true) => (rb, a),
            _ => continue,
        };
        let g = group.find(empty as usize);
        if first_room[g] == NONE {
            first_room[g] = room;
        } else if apart.union(first_room[g] as usize, room as usize) {
            let other = first_room[g];
            added.push(Edge {
                a: other.min(room),
                b: other.max(room),
                weight: 2,
            });
        }
    }
    edges.extend(added);
    edges.sort_unstable_by_key(|e| (e.a, e.b, e.weight));
}

/// Labels the 4-connected pieces of `floor` `0, 1, ...` in raster order of
/// their first tile (`NONE` elsewhere); returns the labels, the sizes and
/// the first tiles.
fn pieces(floor: &[bool], w: usize) -> (Vec<u32>, Vec<u32>, Vec<usize>) {
    let mut piece = vec![NONE; floor.len()];
    let mut sizes = Vec::new();
    let mut firsts = Vec::new();
    let mut queue = Vec::new();
    for s in 0..floor.len() {
        if !floor[s] || piece[s] != NONE {
            continue;
        }
        let k = sizes.len() as u32;
        piece[s] = k;
        queue.clear();
        queue.push(s);
        let mut head = 0;
        while head < queue.len() {
            let i = queue[head];
            head += 1;
            // Floor tiles are at least 2 from the edge: neighbours exist.
            for j in [i - w, i + 1, i + w, i - 1] {
                if floor[j] && piece[j] == NONE {
                    piece[j] = k;
                    queue.push(j);
                }
            }
        }
        sizes.push(queue.len() as u32);
        firsts.push(s);
    }
    (piece, sizes, firsts)
}

/// The floor mask: tiles whose whole `(2 ROCK + 1)`-square lies in their
/// own cell or the map's border ring (two separable passes: along rows, then along columns), then
/// opened by a 3x3 square.
fn eroded(ids: &[u32], w: usize, h: usize) -> Vec<bool> {
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
    // An opening: keep only tiles of some 3x3 block of floor of one cell
    // (separable: three in a row, three such rows; then the dilation back).
    let same = |i: usize, j: usize| floor[j] && ids[j] == ids[i];
    let mut row3 = vec![false; w * h];
    for y in 0..h {
        for x in 1..w.saturating_sub(1) {
            let i = y * w + x;
            row3[i] = floor[i] && same(i, i - 1) && same(i, i + 1);
        }
    }
    let mut core = vec![false; w * h];
    for y in 1..h.saturating_sub(1) {
        for x in 0..w {
            let i = y * w + x;
            core[i] = row3[i]
                && row3[i - w]
                && ids[i - w] == ids[i]
                && row3[i + w]
                && ids[i + w] == ids[i];
        }
    }
    let mut near_row = vec![false; w * h];
    for y in 0..h {
        for x in 1..w.saturating_sub(1) {
            let i = y * w + x;
            near_row[i] = core[i - 1] || core[i] || core[i + 1];
        }
    }
    let mut kept = vec![false; w * h];
    for y in 1..h.saturating_sub(1) {
        for x in 0..w {
            let i = y * w + x;
            kept[i] = floor[i] && (near_row[i - w] || near_row[i] || near_row[i + w]);
        }
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edge(a: u32, b: u32, weight: u32) -> Edge {
        Edge { a, b, weight }
    }

    #[test]
    fn rooms_apart_join_across_a_row_of_empty_cells() {
        // Cells 0 - 1 - 2 - 3 in a row; 1 and 2 are too small for a room.
        // Rooms 0 (cell 0) and 1 (cell 3) touch no common cell.
        let pairs = [(0, 1), (1, 2), (2, 3)];
        let room_of_cell = [0, NONE, NONE, 1];
        let mut edges = Vec::new();
        join_across_empty_cells(&mut edges, &pairs, &room_of_cell, 2);
        assert_eq!(edges, [edge(0, 1, 2)]);
    }

    #[test]
    fn only_rooms_apart_are_joined() {
        // Rooms 0 and 1 touch; room 2 lies beyond two empty cells (3, 4)
        // from both: one edge joins it, to the first room met.
        let pairs = [(0, 1), (0, 3), (1, 3), (3, 4), (2, 4)];
        let room_of_cell = [0, 1, 2, NONE, NONE];
        let mut edges = vec![edge(0, 1, 0)];
        join_across_empty_cells(&mut edges, &pairs, &room_of_cell, 3);
        assert_eq!(edges, [edge(0, 1, 0), edge(0, 2, 2)]);
        // A connected graph is left alone, even with empty cells around.
        let mut connected = vec![edge(0, 1, 0), edge(1, 2, 1)];
        join_across_empty_cells(&mut connected, &pairs, &room_of_cell, 3);
        assert_eq!(connected, [edge(0, 1, 0), edge(1, 2, 1)]);
        // Empty cells 3 and 4 touch only through room 1's cell: two
        // groups, each joining the rooms around it.
        let chain = [(0, 3), (1, 3), (1, 4), (2, 4)];
        let mut joined = Vec::new();
        join_across_empty_cells(&mut joined, &chain, &room_of_cell, 3);
        assert_eq!(joined, [edge(0, 1, 2), edge(1, 2, 2)]);
        // Two groups of empty cells that do not touch join nothing.
        let split = [(0, 3), (4, 2)];
        let mut none = vec![edge(0, 1, 0)];
        join_across_empty_cells(&mut none, &split, &room_of_cell, 3);
        assert_eq!(none, [edge(0, 1, 0)]);
    }

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
