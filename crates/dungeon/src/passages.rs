//! The passages level: rooms of any shape carved out of the cells of a
//! Voronoi partition, separated by rock.

use crate::corridors::{Canvas, bounding};
use crate::error::check_size;
use crate::graph::{cell_graph, touching_cells};
use crate::reach::label4;
use crate::schema;
use crate::tail::link_and_finish;
use crate::vaults::{Stamped, choose, draw};
use crate::{Level, LevelConfig, LevelError, LevelKind};
use mcrdun_geom::Rect;
use mcrdun_geom::random::{SeededRng, seeded_rng};
use mcrdun_passages::Layout;
use mcrdun_vaults::Vault;

/// Options of the passages level.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
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

impl Default for PassagesConfig {
    fn default() -> PassagesConfig {
        PassagesConfig {
            width: 80,
            height: 50,
            rooms: schema::PASSAGES_ROOMS,
            loops: schema::PASSAGES_LOOPS,
            loop_factor: schema::LOOP_FACTOR,
            locks: 0,
            dungeon_level: schema::DUNGEON_LEVEL,
            max_bytes: 0,
        }
    }
}

impl PassagesConfig {
    /// The defaults at `width` x `height` tiles. The struct is
    /// `#[non_exhaustive]` (it gains a field whenever the generator gains an
    /// option): start from this (or `default()`) and set fields, or set
    /// options by name through [`LevelConfig::set`](crate::LevelConfig::set).
    pub fn new(width: u32, height: u32) -> PassagesConfig {
        PassagesConfig {
            width,
            height,
            ..PassagesConfig::default()
        }
    }
}

crate::config::options!(PassagesConfig {
    "rooms" => rooms,
    "loops" => loops,
    "loop_factor" => loop_factor,
    "locks" => locks,
    "dungeon_level" => dungeon_level,
});

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
/// 1. layout: a Voronoi partition ([`Layout::voronoi_labels`]); a room's floor is
///    the tiles of its cell at least 3 tiles (Chebyshev) from any other
///    cell (and 2 from the map's edge), so rooms have the shape of their cells, shrunk, with rock
///    between them; rooms with less than 9 floor tiles are dropped;
/// 2. room graph: cells that touch, the rooms around a cell too small for
///    a room, and the rooms around a group of such cells where the graph
///    is still in pieces;
/// 3. links: [`spanning_links`](crate::links::spanning_links) with `loops` as [`Loops::Share`](crate::links::Loops::Share);
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
    passages_with_vaults(config, &[], seed)
}

/// A passages level with vaults ([`crate::vaults`]): after the layout,
/// rooms are chosen for vaults (the required ones first, then optional
/// ones by weight, at most a quarter of the rooms for those); a vault
/// lies inside the largest rectangle of its room's floor and takes the
/// room's place, a room of its own shape whose door sites are its
/// entrances (the rest of the cell's floor is left as rock). Without
/// vaults, the same level as [`passages`].
///
/// # Errors
/// As [`passages`]; [`LevelError::Vault`] for a required vault that the
/// passages level may not use or that no room holds, or a required
/// entrance no corridor reaches.
pub fn passages_with_vaults(
    config: &PassagesConfig,
    vaults: &[Vault],
    seed: u64,
) -> Result<Level, LevelError> {
    let (sites, _budget) = site_count(config)?;
    let (w, h) = (config.width as usize, config.height as usize);
    let mut rng = seeded_rng(seed);

    // 1. Layout: the partition, then each cell's room: its largest piece
    // of floor.
    let labels = Layout::voronoi_labels(config.width, config.height, sites, SITE_SPACING, &mut rng)
        .map_err(LevelError::Passages)?;
    let ids = labels.as_slice();
    let cell_bounds = cell_bounds(ids, w, h)?;
    let mut stamped = Stamped::default();
    let (canvas, room_of_cell, cell_of_room) = draw_rooms(
        ids,
        (w, h),
        cell_bounds.len(),
        (vaults, &mut stamped),
        &mut rng,
    )?;

    // 2. Room graph: touching cells; 3-5. links, doors and corridors
    // inside the two cells, finish.
    let edges = cell_graph(
        &touching_cells(ids, w, h),
        &room_of_cell,
        cell_of_room.len(),
    );
    let mut level = link_and_finish(
        LevelKind::Passages,
        canvas,
        &edges,
        (config.loops, config.loop_factor),
        |e| {
            bounding(
                &cell_bounds[cell_of_room[e.a as usize]],
                &cell_bounds[cell_of_room[e.b as usize]],
            )
        },
        stamped,
        &mut rng,
    )?;
    // 6. Locks and keys on the finished level.
    crate::locks::add_locks(&mut level, config.locks)?;
    Ok(level)
}

/// The Voronoi sites of a level: `config.rooms`, or one per
/// [`TILES_PER_CELL`] tiles; refuses a bad size or loop share, and more
/// rooms than cells of 5x5 fit. The level's memory budget comes with it,
/// to be held for the whole call.
fn site_count(config: &PassagesConfig) -> Result<(u32, mcrdun_geom::memory::Budget), LevelError> {
    schema::validate(&LevelConfig::Passages(*config))?;
    let budget = check_size(
        LevelKind::Passages,
        config.width,
        config.height,
        12,
        12,
        config.max_bytes,
    )?;
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
    Ok((sites, budget))
}

/// The bounding box of each cell of the partition `ids` (`w` x `h`).
fn cell_bounds(ids: &[u32], w: usize, h: usize) -> Result<Vec<Rect>, LevelError> {
    let mut bounds: Vec<(i32, i32, i32, i32)> = Vec::new();
    // Run by run along each row (a cell's tiles in a row are runs of one
    // label): the run's ends are its tiles' least and largest x.
    for y in 0..h {
        let row = &ids[y * w..(y + 1) * w];
        let mut x = 0;
        while x < w {
            let c = row[x];
            let start = x;
            while x < w && row[x] == c {
                x += 1;
            }
            if c == NONE {
                continue;
            }
            let k = c as usize;
            if k >= bounds.len() {
                bounds.resize(k + 1, (i32::MAX, i32::MAX, i32::MIN, i32::MIN));
            }
            let b = &mut bounds[k];
            *b = (
                b.0.min(start as i32),
                b.1.min(y as i32),
                b.2.max(x as i32 - 1),
                b.3.max(y as i32),
            );
        }
    }
    Ok(bounds
        .into_iter()
        .map(|(x0, y0, x1, y1)| Rect::from_edges(x0, y0, x1 + 1, y1 + 1))
        .collect::<Result<Vec<Rect>, _>>()?)
}

/// The rooms of the partition `ids` (`w` x `h`, `cells` cells) drawn on a
/// new canvas: each cell's floor ([`eroded`]) is cut into 4-connected
/// pieces (floor of different cells never touches), and its largest piece,
/// if it has at least [`MIN_FLOOR`] tiles, is its room. Returns the canvas,
/// the room of each cell (`NONE` for none) and the cell of each room.
///
/// # Errors
/// [`LevelError::Unsatisfiable`] when no cell keeps a room.
fn draw_rooms(
    ids: &[u32],
    (w, h): (usize, usize),
    cells: usize,
    (vaults, stamped): (&[Vault], &mut Stamped),
    rng: &mut SeededRng,
) -> Result<(Canvas, Vec<u32>, Vec<usize>), LevelError> {
    let (piece, sizes, firsts) = pieces(&eroded(ids, w, h)?, w, h)?;
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
    let (start, order) = tiles_by_room(&piece, &room_of_piece, kept.len());
    drop(piece);
    let mut canvas = Canvas::new(w as u32, h as u32)?;
    let tiles_of = |r: usize| &order[start[r] as usize..start[r + 1] as usize];
    if vaults.is_empty() {
        for r in 0..kept.len() {
            canvas.add_cells(tiles_of(r).iter().map(|&i| i as usize));
        }
    } else {
        let slots: Vec<Option<Rect>> = (0..kept.len())
            .map(|r| largest_rect(tiles_of(r), w))
            .collect();
        let picks = choose(vaults, LevelKind::Passages, &slots, kept.len() / 4, rng)?;
        for (r, pick) in picks.iter().enumerate() {
            match pick {
                Some(pick) => {
                    draw(&mut canvas, vaults, pick, stamped)?;
                }
                None => {
                    canvas.add_cells(tiles_of(r).iter().map(|&i| i as usize));
                }
            }
        }
    }
    Ok((canvas, room_of_cell, kept))
}

/// The largest rectangle (by area, the first found on ties) of the tiles
/// `tiles` (ascending indices of a map `w` wide): a room's place for a
/// vault. The histogram method over the tiles' bounding box: linear in
/// its area.
fn largest_rect(tiles: &[u32], w: usize) -> Option<Rect> {
    let (first, last) = (*tiles.first()? as usize, *tiles.last()? as usize);
    let (y0, y1) = (first / w, last / w);
    let x0 = tiles.iter().map(|&i| i as usize % w).min()?;
    let x1 = tiles.iter().map(|&i| i as usize % w).max()?;
    let bw = x1 - x0 + 1;
    let mut inside = vec![false; bw * (y1 - y0 + 1)];
    for &i in tiles {
        let (x, y) = (i as usize % w, i as usize / w);
        inside[(y - y0) * bw + x - x0] = true;
    }
    let mut heights = vec![0usize; bw];
    let mut best: Option<(usize, Rect)> = None;
    let mut stack: Vec<usize> = Vec::with_capacity(bw + 1);
    for y in 0..=y1 - y0 {
        for x in 0..bw {
            heights[x] = if inside[y * bw + x] {
                heights[x] + 1
            } else {
                0
            };
        }
        // The largest rectangle under the histogram ending at row y.
        stack.clear();
        for x in 0..=bw {
            let hx = if x < bw { heights[x] } else { 0 };
            while let Some(&top) = stack.last() {
                if heights[top] < hx {
                    break;
                }
                stack.pop();
                let left = stack.last().map_or(0, |&l| l + 1);
                let (rw, rh) = (x - left, heights[top]);
                if rh > 0 && best.is_none_or(|(a, _)| rw * rh > a) {
                    let r = Rect::new(
                        (x0 + left) as i32,
                        (y0 + y + 1 - rh) as i32,
                        rw as i32,
                        rh as i32,
                    )
                    .ok()?;
                    best = Some((rw * rh, r));
                }
            }
            stack.push(x);
        }
    }
    best.map(|(_, r)| r)
}

/// The tiles of each of `rooms` rooms, by a counting sort of the tiles by
/// room (`room_of_piece[piece[i]]`, `NONE` for none): room `r`'s tiles are
/// `order[start[r]..start[r + 1]]`, ascending.
fn tiles_by_room(piece: &[u32], room_of_piece: &[u32], rooms: usize) -> (Vec<u32>, Vec<u32>) {
    let mut start = vec![0u32; rooms + 1];
    for &p in piece {
        if p != NONE && room_of_piece[p as usize] != NONE {
            start[room_of_piece[p as usize] as usize + 1] += 1;
        }
    }
    for r in 0..rooms {
        start[r + 1] += start[r];
    }
    let mut order = vec![0u32; start[rooms] as usize];
    let mut next = start.clone();
    for (i, &p) in piece.iter().enumerate() {
        if p != NONE && room_of_piece[p as usize] != NONE {
            let r = room_of_piece[p as usize] as usize;
            order[next[r] as usize] = i as u32;
            next[r] += 1;
        }
    }
    (start, order)
}

/// Pieces of floor: each tile's piece, each piece's size and first tile.
type Pieces = (Vec<u32>, Vec<u32>, Vec<usize>);

/// The 4-connected pieces of `floor` (`w` x `h`) by [`label4`], labelled
/// `0, 1, ...` in raster order of their first tile (`NONE` elsewhere);
/// returns the labels, the sizes and the first tiles.
fn pieces(floor: &[bool], w: usize, h: usize) -> Result<Pieces, LevelError> {
    let (piece, count) = label4(floor, w, h)?;
    let mut sizes = vec![0u32; count];
    let mut firsts = vec![0usize; count];
    for (i, &k) in piece.iter().enumerate() {
        if k != NONE {
            if sizes[k as usize] == 0 {
                firsts[k as usize] = i;
            }
            sizes[k as usize] += 1;
        }
    }
    Ok((piece, sizes, firsts))
}

/// The floor mask: tiles whose whole `(2 ROCK + 1)`-square lies in their
/// own cell or the map's border ring (two separable passes: along rows, then along columns), then
/// opened by a 3x3 square.
///
/// Six passes over the map, each a loop over whole rows with `&` rather
/// than `&&` (no branch per tile, no bounds check), in three masks of a
/// byte a tile: each pass's input is dead once the next one has read it.
///
/// # Errors
/// [`LevelError::OverBudget`] or `TooLarge` when the masks do not fit.
fn eroded(ids: &[u32], w: usize, h: usize) -> Result<Vec<bool>, LevelError> {
    let n = w * h;
    let mut a = mcrdun_geom::memory::try_vec("passages floor mask", n, false)?;
    let mut b = mcrdun_geom::memory::try_vec("passages floor mask", n, false)?;
    let mut c = mcrdun_geom::memory::try_vec("passages floor mask", n, false)?;
    if w == 0 {
        return Ok(c);
    }
    let rows = |y: usize| &ids[y * w..(y + 1) * w];
    // 1. `a`: along rows, the tile and ROCK tiles either side in its own
    // cell or the border ring (the map's border ring does not wear rooms
    // away: only other cells do, so rooms reach to two tiles from the
    // map's edge).
    for y in 0..h {
        let row = rows(y);
        let out = &mut a[y * w..(y + 1) * w];
        for x in ROCK..w.saturating_sub(ROCK) {
            let id = row[x];
            let mut ok = id != NONE;
            for &o in &row[x - ROCK..=x + ROCK] {
                ok &= (o == id) | (o == NONE);
            }
            out[x] = ok;
        }
    }
    // 2. `b`: the same along columns, over tiles that passed 1.
    for y in ROCK..h.saturating_sub(ROCK) {
        let here = rows(y);
        let ok_here = &a[y * w..(y + 1) * w];
        let out = &mut b[y * w..(y + 1) * w];
        for (x, o) in out.iter_mut().enumerate() {
            let id = here[x];
            let mut fits = ok_here[x];
            for k in 1..=ROCK {
                for j in [(y - k) * w + x, (y + k) * w + x] {
                    fits &= (ids[j] == NONE) | ((ids[j] == id) & a[j]);
                }
            }
            *o = fits;
        }
    }
    let floor = &b;
    // 3. `a` (1 is dead): an opening, kept only tiles of some 3x3 block of
    // floor (separable: three in a row, three such rows; then the dilation
    // back). Floor of different cells never touches (a floor tile's
    // neighbour lies in its square, so is of its cell or the ring), so the
    // block is of one cell without comparing labels. Three in a row.
    for y in 0..h {
        let f = &floor[y * w..(y + 1) * w];
        let out = &mut a[y * w..(y + 1) * w];
        out[0] = false;
        out[w - 1] = false;
        for x in 1..w.saturating_sub(1) {
            out[x] = f[x - 1] & f[x] & f[x + 1];
        }
    }
    // 4. `c`: three such rows (the 3x3 blocks' centres).
    for y in 1..h.saturating_sub(1) {
        let (up, mid, down) = (
            &a[(y - 1) * w..y * w],
            &a[y * w..(y + 1) * w],
            &a[(y + 1) * w..(y + 2) * w],
        );
        let out = &mut c[y * w..(y + 1) * w];
        for x in 0..w {
            out[x] = up[x] & mid[x] & down[x];
        }
    }
    // 5. `a` (3 is dead): next to a centre along the row.
    for y in 0..h {
        let core = &c[y * w..(y + 1) * w];
        let out = &mut a[y * w..(y + 1) * w];
        out[0] = false;
        out[w - 1] = false;
        for x in 1..w.saturating_sub(1) {
            out[x] = core[x - 1] | core[x] | core[x + 1];
        }
    }
    // 6. `c` (4 is dead): floor within a 3x3 block's reach.
    c[..w.min(n)].fill(false);
    c[n.saturating_sub(w)..].fill(false);
    for y in 1..h.saturating_sub(1) {
        let f = &floor[y * w..(y + 1) * w];
        let (up, mid, down) = (
            &a[(y - 1) * w..y * w],
            &a[y * w..(y + 1) * w],
            &a[(y + 1) * w..(y + 2) * w],
        );
        let out = &mut c[y * w..(y + 1) * w];
        for x in 0..w {
            out[x] = f[x] & (up[x] | mid[x] | down[x]);
        }
    }
    Ok(c)
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
