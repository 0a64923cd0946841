//! The passages level: rooms of any shape carved out of the cells of a
//! Voronoi partition, separated by rock.

use crate::corridors::{Canvas, bounding};
use crate::error::check_size;
use crate::graph::{cell_graph, touching_cells};
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
    let mut along_rows = mcrdun_geom::memory::try_vec("passages floor mask", w * h, false)?;
    let cell_bounds = cell_bounds(ids, w, h, &mut along_rows)?;
    let mut stamped = Stamped::default();
    let (canvas, room_of_cell, cell_of_room) = draw_rooms(
        (ids, along_rows),
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

/// The bounding box of each cell of the partition `ids` (`w` x `h`), and,
/// from the same runs, the first pass of the floor mask ([`eroded`]) in
/// `along_rows` (all false on entry): the tiles whose `2 ROCK + 1` tiles
/// along their row lie in their own cell or the border ring.
fn cell_bounds(
    ids: &[u32],
    w: usize,
    h: usize,
    along_rows: &mut [bool],
) -> Result<Vec<Rect>, LevelError> {
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
            // The tiles of the run ROCK from its ends are the ones whose
            // row of 2 ROCK + 1 stays in it, but at an end against the
            // border ring (`NONE` lies on the ring only, so that is the
            // run's end at x = 1 or w - 2): the ring does not wear rooms
            // away, so the row may reach over it, as far as the map goes.
            let lo = if start == 1 { ROCK } else { start + ROCK };
            let hi = if x == w - 1 {
                w - ROCK
            } else {
                x.saturating_sub(ROCK)
            };
            if lo < hi {
                along_rows[y * w + lo..y * w + hi].fill(true);
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
/// pieces (floor of different cells never touches), and its largest piece
/// (the first in raster order on ties), if it has at least [`MIN_FLOOR`]
/// tiles, is its room. Returns the canvas, the room of each cell (`NONE`
/// for none) and the cell of each room.
///
/// # Errors
/// [`LevelError::Unsatisfiable`] when no cell keeps a room.
fn draw_rooms(
    (ids, along_rows): (&[u32], Vec<bool>),
    (w, h): (usize, usize),
    cells: usize,
    (vaults, stamped): (&[Vault], &mut Stamped),
    rng: &mut SeededRng,
) -> Result<(Canvas, Vec<u32>, Vec<usize>), LevelError> {
    let runs = floor_runs(&eroded(ids, along_rows, w, h)?, w);
    let piece = run_pieces(&runs, w);
    let mut size = vec![0u32; runs.len()];
    for (&(start, end), &p) in runs.iter().zip(&piece) {
        size[p as usize] += end - start;
    }
    // Pieces in raster order of their first tiles (a piece is named by its
    // first run).
    let mut best = vec![(0u32, NONE); cells];
    for (k, &p) in piece.iter().enumerate() {
        if p as usize == k {
            // The piece's first tile names its cell.
            let c = ids[runs[k].0 as usize] as usize;
            if size[k] > best[c].0 {
                best[c] = (size[k], k as u32);
            }
        }
    }
    let mut room_of_cell = vec![NONE; cells];
    let mut room_of_piece = vec![NONE; runs.len()];
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
    let room_of_run = piece.iter().map(|&p| room_of_piece[p as usize]);
    let (start, order) = runs_by_room(&runs, room_of_run, kept.len());
    drop(runs);
    let mut canvas = Canvas::new(w as u32, h as u32)?;
    let runs_of = |r: usize| &order[start[r] as usize..start[r + 1] as usize];
    if vaults.is_empty() {
        for r in 0..kept.len() {
            canvas.add_runs(runs_of(r));
        }
    } else {
        let slots: Vec<Option<Rect>> = (0..kept.len())
            .map(|r| largest_rect(runs_of(r), w))
            .collect();
        let picks = choose(vaults, LevelKind::Passages, &slots, kept.len() / 4, rng)?;
        for (r, pick) in picks.iter().enumerate() {
            match pick {
                Some(pick) => {
                    draw(&mut canvas, vaults, pick, stamped)?;
                }
                None => {
                    canvas.add_runs(runs_of(r));
                }
            }
        }
    }
    Ok((canvas, room_of_cell, kept))
}

/// The largest rectangle (by area, the first found on ties) of the tiles
/// of `runs` (runs `start..end` along rows, in raster order, of a map `w`
/// wide): a room's place for a vault. The histogram method over the
/// tiles' bounding box: linear in its area.
fn largest_rect(runs: &[Run], w: usize) -> Option<Rect> {
    let (first, last) = (runs.first()?.0 as usize, runs.last()?.0 as usize);
    let (y0, y1) = (first / w, last / w);
    let x0 = runs.iter().map(|&(s, _)| s as usize % w).min()?;
    let x1 = runs.iter().map(|&(_, e)| (e as usize - 1) % w).max()?;
    let bw = x1 - x0 + 1;
    let mut inside = vec![false; bw * (y1 - y0 + 1)];
    for &(s, e) in runs {
        let (x, y) = (s as usize % w, s as usize / w);
        let at = (y - y0) * bw + x - x0;
        inside[at..at + (e - s) as usize].fill(true);
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

/// A run of floor along a row: tiles `start..end` (indices).
type Run = (u32, u32);

/// The runs of `floor` (`w` wide), in raster order.
fn floor_runs(floor: &[bool], w: usize) -> Vec<Run> {
    let mut runs = Vec::new();
    for (y, row) in floor.chunks_exact(w).enumerate() {
        let base = (y * w) as u32;
        let mut x = 0;
        while let Some(s) = row[x..].iter().position(|&f| f) {
            let s = x + s;
            let e = s + row[s..].iter().position(|&f| !f).unwrap_or(w - s);
            runs.push((base + s as u32, base + e as u32));
            x = e;
        }
    }
    runs
}

/// The 4-connected pieces of the floor whose runs are `runs` (raster
/// order, a map `w` wide): each run's piece, named by its first run (the
/// least index, so the pieces' names are in raster order of their first
/// tiles). Runs of adjacent rows that overlap join (union-find, the
/// smaller name kept). A labelling by runs, never by tile: the rooms are
/// drawn from their runs, so no tile needs a label.
fn run_pieces(runs: &[Run], w: usize) -> Vec<u32> {
    let mut parent: Vec<u32> = (0..runs.len() as u32).collect();
    let find = |parent: &mut [u32], mut a: u32| {
        while parent[a as usize] != a {
            let up = parent[parent[a as usize] as usize];
            parent[a as usize] = up;
            a = up;
        }
        a
    };
    // The previous row's runs, `prev..row`, and the current row's from `row`.
    let (mut prev, mut row) = (0, 0);
    for k in 0..runs.len() {
        let y = runs[k].0 as usize / w;
        if runs[row].0 as usize / w != y {
            // A new row: the runs before it are the previous row's only
            // when that row is the one above.
            let above = runs[k - 1].0 as usize / w + 1 == y;
            prev = if above { row } else { k };
            row = k;
        }
        // The runs above that overlap this one, shifted down a row.
        let (s, e) = runs[k];
        while prev < row && runs[prev].1 + w as u32 <= s {
            prev += 1;
        }
        let mut j = prev;
        while j < row && runs[j].0 + (w as u32) < e {
            let (a, b) = (find(&mut parent, j as u32), find(&mut parent, k as u32));
            let (lo, hi) = (a.min(b), a.max(b));
            parent[hi as usize] = lo;
            j += 1;
        }
    }
    // A parent always has the smaller index: one pass in order resolves
    // every run to its root.
    for k in 0..parent.len() {
        parent[k] = parent[parent[k] as usize];
    }
    parent
}

/// The runs of each of `rooms` rooms, by a counting sort of the runs by
/// room (`room_of_run`, `NONE` for none): room `r`'s runs are
/// `order[start[r]..start[r + 1]]`, in raster order.
fn runs_by_room(
    runs: &[Run],
    room_of_run: impl Iterator<Item = u32> + Clone,
    rooms: usize,
) -> (Vec<u32>, Vec<Run>) {
    let mut start = vec![0u32; rooms + 1];
    for r in room_of_run.clone() {
        if r != NONE {
            start[r as usize + 1] += 1;
        }
    }
    for r in 0..rooms {
        start[r + 1] += start[r];
    }
    let mut order = vec![(0, 0); start[rooms] as usize];
    let mut next = start.clone();
    for (&run, r) in runs.iter().zip(room_of_run) {
        if r != NONE {
            order[next[r as usize] as usize] = run;
            next[r as usize] += 1;
        }
    }
    (start, order)
}

/// The floor mask: tiles whose whole `(2 ROCK + 1)`-square lies in their
/// own cell or the map's border ring (two separable passes: along rows,
/// `along_rows`, made by [`cell_bounds`] from its runs, then along
/// columns), then opened by a 3x3 square.
///
/// Six passes over the map (the links of the column pass, then passes 2
/// to 6), each a loop over whole rows with `&` rather than `&&` (no
/// branch per tile, no bounds check), in three masks of a byte a tile:
/// each pass's input is dead once the next one has read it.
///
/// # Errors
/// [`LevelError::OverBudget`] or `TooLarge` when the masks do not fit.
fn eroded(ids: &[u32], mut a: Vec<bool>, w: usize, h: usize) -> Result<Vec<bool>, LevelError> {
    let n = w * h;
    let mut b = mcrdun_geom::memory::try_vec("passages floor mask", n, false)?;
    let mut c = mcrdun_geom::memory::try_vec("passages floor mask", n, false)?;
    if w == 0 || h < 2 * ROCK + 1 {
        return Ok(c);
    }
    let rows = |y: usize| &ids[y * w..(y + 1) * w];
    // 2. `b`: the column pass over `a` (pass 1). A tile passes when the
    // tiles ROCK above and below are its cell's and passed 1, or are the
    // border ring (`NONE`, on the ring only). Comparing each tile's label
    // with four others costs four times what is needed: `c` (free until
    // pass 4) first holds whether each tile and the one below are of one
    // cell, which chains over the column (ring rows count as one cell
    // with their neighbours: rooms reach over the ring), and the ring
    // rows of `a` pass (they fail pass 1, but reaching over the ring is
    // allowed). Then a tile passes when it, its four tiles and the four
    // links between them do: nine bytes and-ed, no label read.
    const _: () = assert!(ROCK == 2, "the column pass spells out a ROCK of 2");
    for y in 0..h - 1 {
        let (here, below) = (rows(y), rows(y + 1));
        for ((o, &p), &q) in c[y * w..(y + 1) * w].iter_mut().zip(here).zip(below) {
            *o = p == q;
        }
    }
    c[..w].fill(true);
    c[(h - 2) * w..(h - 1) * w].fill(true);
    a[..w].fill(true);
    a[(h - 1) * w..].fill(true);
    for y in ROCK..h - ROCK {
        let ok = |y: usize| &a[y * w..(y + 1) * w];
        let link = |y: usize| &c[y * w..(y + 1) * w];
        let (o0, o1, o2, o3, o4) = (ok(y - 2), ok(y - 1), ok(y), ok(y + 1), ok(y + 2));
        let (l0, l1, l2, l3) = (link(y - 2), link(y - 1), link(y), link(y + 1));
        let out = &mut b[y * w..(y + 1) * w];
        for x in 0..w {
            out[x] = o0[x] & o1[x] & o2[x] & o3[x] & o4[x] & l0[x] & l1[x] & l2[x] & l3[x];
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
    // 4. `c` (the links are dead): three such rows (the 3x3 blocks'
    // centres); none on the map's first and last rows.
    c[..w].fill(false);
    c[n - w..].fill(false);
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
    fn the_floor_mask_and_the_cells_bounds_by_their_definitions() {
        // Partitions with cells of many sizes, on maps of odd shapes, and
        // one cell with a sliver of another a row high in it (thinner than
        // any Voronoi cell).
        let mut partitions: Vec<(usize, usize, Vec<u32>)> = [
            (60, 40, 30, 1),
            (23, 17, 12, 2),
            (12, 31, 5, 3),
            (40, 12, 1, 4),
        ]
        .into_iter()
        .map(|(w, h, sites, seed)| {
            let mut rng = seeded_rng(seed);
            let labels =
                Layout::voronoi_labels(w as u32, h as u32, sites, SITE_SPACING, &mut rng).unwrap();
            (w, h, labels.as_slice().to_vec())
        })
        .collect();
        let (w, h) = (20, 16);
        let sliver = (0..w * h).map(|i| {
            let (x, y) = (i % w, i / w);
            match (x, y) {
                _ if x == 0 || y == 0 || x == w - 1 || y == h - 1 => NONE,
                (9..=11, 7) => 1,
                _ => 0,
            }
        });
        partitions.push((w, h, sliver.collect()));
        for (w, h, ids) in &partitions {
            let (w, h, ids) = (*w, *h, ids.as_slice());
            let mut along_rows = vec![false; w * h];
            let bounds = cell_bounds(ids, w, h, &mut along_rows).unwrap();
            let floor = eroded(ids, along_rows, w, h).unwrap();
            let id = |x: usize, y: usize| ids[y * w + x];
            for (c, b) in bounds.iter().enumerate() {
                let tiles = (0..w * h).filter(|&i| ids[i] == c as u32);
                let (xs, ys): (Vec<i32>, Vec<i32>) =
                    tiles.map(|i| ((i % w) as i32, (i / w) as i32)).unzip();
                let (x0, x1) = (*xs.iter().min().unwrap(), *xs.iter().max().unwrap());
                let (y0, y1) = (*ys.iter().min().unwrap(), *ys.iter().max().unwrap());
                assert_eq!(*b, Rect::from_edges(x0, y0, x1 + 1, y1 + 1).unwrap());
            }
            // Before the opening: the tile's whole (2 ROCK + 1)-square on
            // the map and in its cell or the ring.
            let square = |x: usize, y: usize| {
                let c = id(x, y);
                c != NONE
                    && x >= ROCK
                    && y >= ROCK
                    && x + ROCK < w
                    && y + ROCK < h
                    && (y - ROCK..=y + ROCK)
                        .all(|v| (x - ROCK..=x + ROCK).all(|u| [c, NONE].contains(&id(u, v))))
            };
            // A 3x3 block of such tiles with its top left corner at (x, y).
            let block = |x: usize, y: usize| {
                x + 2 < w && y + 2 < h && (y..y + 3).all(|v| (x..x + 3).all(|u| square(u, v)))
            };
            for y in 0..h {
                for x in 0..w {
                    let opened = (y.saturating_sub(2)..=y)
                        .any(|v| (x.saturating_sub(2)..=x).any(|u| block(u, v)));
                    assert_eq!(floor[y * w + x], opened, "{w}x{h} ({x}, {y})");
                }
            }
        }
    }

    #[test]
    fn maps_too_thin_for_floor_have_none() {
        // No row or no column between the rock around a room: no floor,
        // and no pass reaches past the map.
        assert_eq!(
            eroded(&[NONE; 4], vec![false; 4], 4, 1).unwrap(),
            [false; 4]
        );
        assert!(eroded(&[], vec![], 0, 7).unwrap().is_empty());
        assert_eq!(eroded(&[0; 12], vec![true; 12], 3, 4).unwrap(), [false; 12]);
    }

    #[test]
    fn pieces_by_runs_are_the_4_connected_pieces_in_raster_order() {
        use mcrdun_geom::random::chance;
        // Random masks, sparse to dense, and one of single columns (runs
        // of one tile, joined down the rows): each tile's piece, renamed
        // by rank, is its 4-connected label, and the runs are the floor.
        for (w, h, p, seed) in [
            (17, 11, 0.3, 1),
            (40, 30, 0.55, 2),
            (9, 40, 0.7, 3),
            (1, 6, 0.6, 4),
        ] {
            let mut rng = seeded_rng(seed);
            let floor: Vec<bool> = (0..w * h).map(|_| chance(&mut rng, p)).collect();
            let runs = floor_runs(&floor, w);
            let piece = run_pieces(&runs, w);
            let (want, count) = crate::reach::label4(&floor, w, h).unwrap();
            let mut rank = vec![NONE; runs.len()];
            let mut got = vec![NONE; w * h];
            let mut named = 0;
            for (k, &(s, e)) in runs.iter().enumerate() {
                let p = piece[k] as usize;
                assert!(p <= k && piece[p] as usize == p);
                if p == k {
                    rank[k] = named;
                    named += 1;
                }
                got[s as usize..e as usize].fill(rank[p]);
            }
            assert_eq!(named as usize, count);
            assert_eq!(got, want, "{w}x{h} p {p}");
        }
    }

    #[test]
    fn a_rooms_runs_by_room_and_its_largest_rectangle() {
        // Runs of a 10-wide map: room 1 an L (rows 1-3), room 0 a 3x2
        // block (rows 5-6); the run between is no room's.
        let runs = [(11, 14), (21, 23), (31, 33), (35, 36), (52, 55), (62, 65)];
        let rooms = [1, 1, 1, NONE, 0, 0];
        let (start, order) = runs_by_room(&runs, rooms.iter().copied(), 2);
        assert_eq!(start, [0, 2, 5]);
        assert_eq!(order, [(52, 55), (62, 65), (11, 14), (21, 23), (31, 33)]);
        assert_eq!(largest_rect(&order[..2], 10), Rect::new(2, 5, 3, 2).ok());
        // The L's: a 2x3 column beats the 3x1 top row.
        assert_eq!(largest_rect(&order[2..], 10), Rect::new(1, 1, 2, 3).ok());
        assert_eq!(largest_rect(&[], 10), None);
        // Runs to the map's right edge, rows apart from columns: rows 2-3
        // of x 6..10 (4x2) beat x 8..10 of rows 2-4 (2x3).
        let right = [(26, 30), (36, 40), (48, 50)];
        assert_eq!(largest_rect(&right, 10), Rect::new(6, 2, 4, 2).ok());
    }

    #[test]
    fn a_cells_room_is_its_largest_piece_of_floor_the_first_on_ties() {
        // Cell 0 in two blocks 8 wide on either side of cell 1, 5 wide:
        // two pieces of 5x5 floor for cell 0 (the first is its room), a
        // column too thin for the opening for cell 1 (no room).
        let (w, h) = (23, 9);
        let ids: Vec<u32> = (0..w * h)
            .map(|i| {
                let (x, y) = (i % w, i / w);
                match x {
                    _ if x == 0 || y == 0 || x == w - 1 || y == h - 1 => NONE,
                    9..=13 => 1,
                    _ => 0,
                }
            })
            .collect();
        let mut along_rows = vec![false; w * h];
        let bounds = cell_bounds(&ids, w, h, &mut along_rows).unwrap();
        let mut stamped = Stamped::default();
        let (canvas, room_of_cell, kept) = draw_rooms(
            (&ids, along_rows),
            (w, h),
            bounds.len(),
            (&[], &mut stamped),
            &mut seeded_rng(1),
        )
        .unwrap();
        assert_eq!((room_of_cell, kept), (vec![0, NONE], vec![0]));
        let room = canvas.rooms()[0];
        assert_eq!(
            (room.bounds, room.area),
            (Rect::new(2, 2, 5, 5).unwrap(), 25)
        );
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
