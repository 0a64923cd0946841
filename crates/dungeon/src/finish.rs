//! The common ending of every pipeline: one walkable region, stairs far
//! apart, and the summary.

use crate::corridors::Canvas;
use crate::join::join;
use crate::vaults::Stamped;
use crate::{Door, Level, LevelError, LevelKind, Room, Summary, Tile};
use mcrdun_distance::{DistanceError, DistanceScratch, Steps, UNREACHED};
use mcrdun_geom::Grid;
use mcrdun_geom::random::SeededRng;
use std::cell::{Cell, RefCell};

thread_local! {
    /// Whether this thread's pipeline keeps its walk ([`keeping_walk`]).
    static KEEP: Cell<bool> = const { Cell::new(false) };
    /// The walk the last finish kept.
    static WALK: RefCell<Option<Walk>> = const { RefCell::new(None) };
}

/// A finished level's walking distances from its up stairs, as
/// [`keeping_walk`] keeps them: one a tile in raster order (`UNREACHED`
/// on walls), every walkable tile reached (the level is one region).
pub(crate) struct Walk {
    pub(crate) distances: Vec<i32>,
    /// The largest of them (the walk's last tile).
    pub(crate) farthest: u32,
}

/// Runs `f` (a pipeline) so that [`Level::finish`]'s walking distances
/// from the up stairs (its second search, which placed the down stairs)
/// are kept instead of dropped, and returns them with `f`'s result: the
/// walk of the last level finished, `None` when none was. Later stages
/// change no tile's walkability (locks turn doors into locked doors, both
/// walkable; keys lie on floor), so the walk stays the level's. Outside
/// this call nothing is kept: a level never carries its walk (4 bytes a
/// tile); inside it the walk is held from the finish to the end of `f`
/// (through the locks stage).
pub(crate) fn keeping_walk<T>(f: impl FnOnce() -> T) -> (T, Option<Walk>) {
    /// Stops keeping and drops what was kept, even when `f` unwinds.
    struct Reset;
    impl Drop for Reset {
        fn drop(&mut self) {
            KEEP.with(|k| k.set(false));
            WALK.with(|w| w.borrow_mut().take());
        }
    }
    let _reset = Reset;
    WALK.with(|w| w.borrow_mut().take());
    KEEP.with(|k| k.set(true));
    let out = f();
    let walk = WALK.with(|w| w.borrow_mut().take());
    (out, walk)
}

impl Level {
    /// Completes a level from generated tiles: this is the common ending of
    /// every pipeline, public so that an engine can finish tiles of its own.
    ///
    /// 1. The walkable tiles are counted in 4-connected regions; if there is
    ///    more than one, corridors are dug through walls (never through the
    ///    outer border) until there is one, and the summary says how many
    ///    regions there were and how many tiles were dug.
    /// 2. The stairs go to two tiles far apart, chosen among tiles inside
    ///    rooms (floor on all 8 sides) when there are at least two such
    ///    tiles, else among all floor tiles, else (a level without two floor
    ///    tiles) among corridor tiles: a breadth-first search from the first
    ///    of them in raster order finds the farthest (stairs up), and a
    ///    second search from there the one farthest from it (stairs down);
    ///    ties go to the first in raster order.
    /// 3. The summary is computed from the final tiles.
    ///
    /// Stairs already in `tiles` are treated as floor and placed anew.
    ///
    /// # Errors
    /// [`LevelError::Unsatisfiable`] when there are fewer than two tiles
    /// for the stairs or regions cannot be joined (separated only by the
    /// outer border); [`LevelError::InvalidOption`] when a door is not on a
    /// door tile or names a room that does not exist.
    ///
    /// ```
    /// use mcrdun_dungeon::{Level, LevelKind, Tile};
    /// use mcrdun_geom::Grid;
    /// let rows = ["#######",
    ///             "#..#..#",
    ///             "#######"];
    /// let tiles = Grid::from_fn(7, 3, |p| {
    ///     Tile::from_char(rows[p.y as usize].as_bytes()[p.x as usize] as char).unwrap()
    /// })?;
    /// let level = Level::finish(LevelKind::Cave, tiles, vec![], vec![])?;
    /// assert_eq!(level.summary().regions, 2);
    /// assert_eq!(level.summary().dug, 1);
    /// assert_eq!(level.to_ascii(), "#######\n#>.,.<#\n#######\n");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn finish(
        kind: LevelKind,
        tiles: Grid<Tile>,
        rooms: Vec<Room>,
        doors: Vec<Door>,
    ) -> Result<Level, LevelError> {
        Level::finish_joined(kind, tiles, rooms, doors, None, Stamped::default())
    }

    /// Finishes the rooms and doors of a [`Canvas`]: its safety net
    /// ([`Canvas::connect_all`]) links rooms left apart, by the door and
    /// corridor rules, and the summary counts those tiles as dug; then as
    /// [`Level::finish`].
    ///
    /// # Errors
    /// As [`Level::finish`].
    pub fn finish_canvas(
        kind: LevelKind,
        canvas: Canvas,
        rng: &mut SeededRng,
    ) -> Result<Level, LevelError> {
        Level::finish_vaults(kind, canvas, rng, Stamped::default())
    }

    /// As [`Level::finish_canvas`], with the vaults `stamped` on the
    /// canvas: no stairs on their tiles but their own `<` and `>`, and the
    /// level lists them and their markers.
    pub(crate) fn finish_vaults(
        kind: LevelKind,
        mut canvas: Canvas,
        rng: &mut SeededRng,
        stamped: Stamped,
    ) -> Result<Level, LevelError> {
        let (groups, dug) = canvas.connect_all(rng);
        let connected = canvas.is_connected();
        let room_tiles = canvas.room_firsts();
        let (tiles, rooms, doors) = canvas.into_parts();
        let joined = Some((groups, dug, connected));
        let mut level = Level::finish_joined(kind, tiles, rooms, doors, joined, stamped)?;
        level.room_tiles = room_tiles;
        Ok(level)
    }

    /// As [`Level::finish`], for tiles a generator has joined itself:
    /// `joined` is (pieces before, tiles dug, whether known connected).
    pub(crate) fn finish_joined(
        kind: LevelKind,
        mut tiles: Grid<Tile>,
        rooms: Vec<Room>,
        doors: Vec<Door>,
        joined: Option<(usize, usize, bool)>,
        stamped: Stamped,
    ) -> Result<Level, LevelError> {
        check_doors(&mut tiles, &rooms, &doors)?;
        // A canvas that says its rooms are joined needs no labelling.
        let (mut regions, mut dug) = match joined {
            Some((_, _, true)) => (1, 0),
            _ => join(&mut tiles)?,
        };
        if let Some((groups, canvas_dug, _)) = joined {
            if regions <= 1 {
                regions = groups.max(regions);
            }
            dug += canvas_dug;
        }

        let (candidates, row3) = stair_candidates(&tiles, &stamped)?;
        let cells = tiles.as_slice();
        let Some(first) = first_bit(&candidates) else {
            return Err(LevelError::Unsatisfiable(
                "fewer than two floor tiles for the stairs".into(),
            ));
        };
        // Walking distances by mcrdun-distance (4-connected, unit costs):
        // the up stairs on the candidate farthest from the first one, the
        // down stairs on the candidate farthest from the up stairs (ties:
        // the first in raster order).
        // The walkable mask for the searches, in the row mask's memory.
        let mut walkable = row3;
        for (o, t) in walkable.iter_mut().zip(cells) {
            *o = t.is_walkable();
        }
        let mut stairs = StairsSearch::new(&walkable, tiles.width(), tiles.height())?;
        let fixed = |p: Option<mcrdun_geom::Point>| p.and_then(|p| tiles.index_of(p));
        let keep = KEEP.with(Cell::get);
        let (up, down, longest_path) = place_stairs(
            &mut stairs,
            first,
            &candidates,
            (fixed(stamped.up), fixed(stamped.down)),
            keep,
        )?;
        tiles.as_mut_slice()[up] = Tile::StairsUp;
        tiles.as_mut_slice()[down] = Tile::StairsDown;
        // The last search was from the up stairs, and kept its walk (see
        // `place_stairs`).
        if keep {
            let farthest = stairs.farthest_walk();
            let distances = core::mem::take(&mut stairs.dist);
            let walk = Walk {
                distances,
                farthest,
            };
            WALK.with(|w| *w.borrow_mut() = Some(walk));
        }
        drop(stairs);

        let Shape {
            walkable,
            loops,
            dead_ends,
            doors: door_tiles,
        } = shape(&tiles);
        let summary = Summary {
            rooms: rooms.len(),
            // Every door tile: the rooms' doors and the vaults' own.
            doors: door_tiles,
            walkable,
            regions,
            dug,
            loops,
            dead_ends,
            longest_path,
        };
        Ok(Level {
            kind,
            stairs_up: tiles.point_of(up),
            stairs_down: tiles.point_of(down),
            tiles,
            rooms,
            doors,
            summary,
            vaults: stamped.placed,
            markers: stamped.markers,
            locks: Vec::new(),
            things: Vec::new(),
            behind: Vec::new(),
            intensity: Vec::new(),
            required: stamped.required.concat(),
            room_tiles: Vec::new(),
        })
    }
}

/// Turns stairs in `tiles` back to floor, and refuses a door that is not on
/// a door tile or names a room that does not exist.
fn check_doors(tiles: &mut Grid<Tile>, rooms: &[Room], doors: &[Door]) -> Result<(), LevelError> {
    for t in tiles.as_mut_slice() {
        if matches!(t, Tile::StairsUp | Tile::StairsDown) {
            *t = Tile::Floor;
        }
    }
    for d in doors {
        if tiles.get(d.at) != Some(&Tile::Door) {
            return Err(LevelError::InvalidOption {
                name: "doors",
                reason: format!("no door tile at ({}, {})", d.at.x, d.at.y),
            });
        }
        if d.rooms.0.max(d.rooms.1) as usize >= rooms.len() {
            return Err(LevelError::InvalidOption {
                name: "doors",
                reason: format!("door at ({}, {}) names a missing room", d.at.x, d.at.y),
            });
        }
    }
    Ok(())
}

/// The tiles the stairs may stand on, a bit a tile (raster order, 64
/// tiles a word): tiles inside rooms (floor on all 8 sides) where there
/// are two such tiles, else any floor tile, else corridor where there are
/// not two floor tiles; never a vault's tile (`stamped`). Returns them
/// with a scratch mask of a byte a tile, for the caller to reuse.
///
/// # Errors
/// [`LevelError::TooLarge`] for 2^32 tiles or more.
fn stair_candidates(
    tiles: &Grid<Tile>,
    stamped: &Stamped,
) -> Result<(Vec<u64>, Vec<bool>), LevelError> {
    // Tile indices fit in u32 on every map a generator accepts (fewer
    // than 2^31 tiles); the searches' queue holds them so.
    let cells = tiles.as_slice();
    let too_large = || LevelError::TooLarge {
        width: tiles.width(),
        height: tiles.height(),
    };
    if u32::try_from(cells.len()).is_err() {
        return Err(too_large());
    }
    let w = tiles.width() as usize;
    let h = tiles.height() as usize;
    // Three floor tiles in a row, then three such rows in a column
    // (x and y in 1..w-1 and 1..h-1 only). Row slices and `&` rather
    // than `&&`, so the loops have no bounds checks and no branches, and
    // vectorise: they run over the whole map.
    let mut row3 = vec![false; cells.len()];
    for (r, out) in cells
        .chunks_exact(w.max(1))
        .zip(row3.chunks_exact_mut(w.max(1)))
    {
        // Window `t` is r[x-1..=x+1]; out[1..] zipped stops at x = w-2.
        for (o, t) in out.iter_mut().skip(1).zip(r.windows(3)) {
            *o = (t[0] == Tile::Floor) & (t[1] == Tile::Floor) & (t[2] == Tile::Floor);
        }
    }
    let mut bits = memory_bits(cells.len()).ok_or_else(too_large)?;
    // No inside tiles on maps less than 3 wide (nor less than 3 high).
    if w >= 3 {
        let mut inside = vec![false; w - 2];
        for y in 1..h.saturating_sub(1) {
            let row = |y: usize| &row3[y * w + 1..(y + 1) * w - 1];
            let (above, mid, below) = (row(y - 1), row(y), row(y + 1));
            for (((o, a), m), b) in inside.iter_mut().zip(above).zip(mid).zip(below) {
                *o = *a & *m & *b;
            }
            or_bits(&mut bits, y * w + 1, &inside);
        }
    }
    // Vault tiles: no stairs but their own.
    let reserve = |bits: &mut [u64]| {
        for i in stamped.footprint.iter().filter_map(|p| tiles.index_of(*p)) {
            bits[i / 64] &= !(1 << (i % 64));
        }
    };
    reserve(&mut bits);
    if count_bits(&bits) < 2 {
        // Every floor tile (half a maze's map), else every corridor tile.
        let floor_count = cells.iter().filter(|t| **t == Tile::Floor).take(2).count();
        let kind = if floor_count >= 2 {
            Tile::Floor
        } else {
            Tile::Corridor
        };
        for (o, t) in row3.iter_mut().zip(cells) {
            *o = *t == kind;
        }
        bits.fill(0);
        or_bits(&mut bits, 0, &row3);
        reserve(&mut bits);
    }
    Ok((bits, row3))
}

/// Zeroed words for `n` bits, within the memory the level may take.
fn memory_bits(n: usize) -> Option<Vec<u64>> {
    let mut bits = Vec::new();
    bits.try_reserve_exact(n.div_ceil(64)).ok()?;
    bits.resize(n.div_ceil(64), 0);
    Some(bits)
}

/// Sets bit `at + k` of `bits` for each `flags[k]` that is true (64 bits a
/// word, bit `i` in word `i / 64`); the other bits are left as they are.
/// Eight flags at a time: their bytes (0 or 1 each) read as one word and
/// gathered into a byte by one multiplication (byte `k`'s bit lands on bit
/// `56 + k`, and no two partial products meet), a few instructions for
/// what a flag at a time takes eight times over.
fn or_bits(bits: &mut [u64], at: usize, flags: &[bool]) {
    let mut chunks = flags.chunks_exact(8);
    let mut p = at;
    for c in &mut chunks {
        let bytes: [u8; 8] = core::array::from_fn(|k| u8::from(c[k]));
        let byte = u64::from_le_bytes(bytes).wrapping_mul(0x0102_0408_1020_4080) >> 56;
        let (i, s) = (p / 64, p % 64);
        bits[i] |= byte << s;
        if s > 56 {
            bits[i + 1] |= byte >> (64 - s);
        }
        p += 8;
    }
    for (k, &f) in chunks.remainder().iter().enumerate() {
        bits[(p + k) / 64] |= u64::from(f) << ((p + k) % 64);
    }
}

/// The number of bits set.
fn count_bits(bits: &[u64]) -> usize {
    bits.iter().map(|b| b.count_ones() as usize).sum()
}

/// The first bit set, if any.
fn first_bit(bits: &[u64]) -> Option<usize> {
    let (i, b) = bits.iter().enumerate().find(|(_, b)| **b != 0)?;
    Some(i * 64 + b.trailing_zeros() as usize)
}

/// The bits set, ascending.
fn each_bit(bits: &[u64]) -> impl Iterator<Item = usize> + '_ {
    bits.iter().enumerate().flat_map(|(i, &b)| {
        let mut rest = b;
        core::iter::from_fn(move || {
            (rest != 0).then(|| {
                let k = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                i * 64 + k
            })
        })
    })
}

/// The stairs: the up stairs on the candidate farthest from `first`, the
/// down stairs on the candidate farthest from them, but for stairs a vault
/// fixes (`up`, `down`). Returns both tiles and the walk between them;
/// the last search of `stairs` is always from the up stairs, and with
/// `walk` it leaves its distances in `stairs` (the walk [`keeping_walk`]
/// keeps).
fn place_stairs(
    stairs: &mut StairsSearch<'_>,
    first: usize,
    candidates: &[u64],
    (up, down): (Option<usize>, Option<usize>),
    walk: bool,
) -> Result<(usize, usize, usize), LevelError> {
    let too_few = || LevelError::Unsatisfiable("fewer than two floor tiles for the stairs".into());
    let up = match (up, down) {
        (Some(u), _) => u,
        // The up stairs as far as can be from the vault's down stairs.
        (None, Some(d)) => stairs
            .farthest(d, candidates, false)?
            .map_or(first, |(i, _)| i),
        (None, None) => stairs
            .farthest(first, candidates, false)?
            .map_or(first, |(i, _)| i),
    };
    let (down, dist) = match down {
        Some(d) => {
            // The vault's down stairs as the only target (a bit array as
            // large as the candidates').
            let mut only = memory_bits(candidates.len() * 64).ok_or(LevelError::TooLarge {
                width: stairs.width,
                height: stairs.height,
            })?;
            only[d / 64] |= 1 << (d % 64);
            stairs.farthest(up, &only, walk)?
        }
        None => stairs.farthest(up, candidates, walk)?,
    }
    .ok_or_else(too_few)?;
    if down == up {
        return Err(too_few());
    }
    Ok((up, down, dist))
}

/// What [`shape`] counts on the tiles of a connected level.
struct Shape {
    walkable: usize,
    loops: usize,
    dead_ends: usize,
    /// Door tiles, locked ones included, whoever placed them (rooms'
    /// doors, vaults' doors).
    doors: usize,
}

/// Walkable tiles, loops, dead ends and door tiles of a connected level.
///
/// Loops by Euler's formula: the 4-adjacency graph of the walkable tiles is
/// planar; its bounded faces are the 2x2 blocks of walkable tiles plus one
/// face per hole, and there are `E - V + C` bounded faces. With `C = 1`,
/// holes = `E - V + 1 - blocks`.
fn shape(tiles: &Grid<Tile>) -> Shape {
    let w = tiles.width() as usize;
    let cells = tiles.as_slice();
    let h = cells.len().checked_div(w).unwrap_or(0);
    // Rows of walkable flags (1 or 0) with a 0 either end, rolled down the
    // map: the row above, this one, the one below (0s past the map). The
    // counts are sums of flags: no branch per tile.
    let flags = |y: usize, out: &mut [u8]| {
        if y < h {
            for (o, t) in out[1..=w].iter_mut().zip(&cells[y * w..(y + 1) * w]) {
                *o = u8::from(t.is_walkable());
            }
        } else {
            out.fill(0);
        }
    };
    let (mut above, mut here, mut below) = (vec![0u8; w + 2], vec![0u8; w + 2], vec![0u8; w + 2]);
    flags(0, &mut here);
    let (mut v, mut e, mut blocks, mut dead_ends, mut doors) = (0usize, 0usize, 0usize, 0, 0);
    for y in 0..h {
        flags(y + 1, &mut below);
        let (mut rv, mut re, mut rb, mut rd, mut rdoors) = (0u32, 0u32, 0u32, 0u32, 0u32);
        // Slices of exactly w flags each: no bounds checks, and the loop
        // vectorises.
        let (hl, hc, hr) = (&here[..w], &here[1..=w], &here[2..w + 2]);
        let (ac, bc, br) = (&above[1..=w], &below[1..=w], &below[2..w + 2]);
        let row = &cells[y * w..(y + 1) * w];
        for x in 0..w {
            rdoors += u32::from(matches!(row[x], Tile::Door | Tile::LockedDoor));
            let (c, r, l) = (u32::from(hc[x]), u32::from(hr[x]), u32::from(hl[x]));
            let (u, d) = (u32::from(ac[x]), u32::from(bc[x]));
            rv += c;
            re += (c & r) + (c & d);
            rb += c & r & d & u32::from(br[x]);
            rd += c & u32::from(r + d + u + l == 1);
        }
        doors += rdoors as usize;
        v += rv as usize;
        e += re as usize;
        blocks += rb as usize;
        dead_ends += rd as usize;
        // Roll: this row becomes the one above, the one below this one.
        core::mem::swap(&mut above, &mut here);
        core::mem::swap(&mut here, &mut below);
    }
    let loops = if v == 0 {
        0
    } else {
        (e + 1).saturating_sub(v + blocks)
    };
    Shape {
        walkable: v,
        loops,
        dead_ends,
        doors,
    }
}

/// Walking distances for the stairs: one distance map reused for both
/// searches, filled by a breadth-first queue of tile indices (4 bytes a
/// walkable tile, and two bits a tile: walls, closed tiles) when no walkable tile
/// lies on the map's edge (every level's case: then no step needs a bounds
/// test), else by a [`DistanceScratch`] (about 15 bytes a tile); both
/// within the level's working-memory budget, and both give the same map
/// (4-connected, unit steps).
struct StairsSearch<'a> {
    walkable: &'a [bool],
    width: u32,
    height: u32,
    dist: Vec<i32>,
    /// Whether a walkable tile lies on the map's edge (the queue is not
    /// used then).
    edge_walkable: bool,
    /// The breadth-first queue: a slot (tile index) for each walkable tile.
    queue: Vec<u32>,
    /// A bit a tile, set where the tile is not walkable (64 tiles a word,
    /// raster order): each search starts from a copy.
    walls: Vec<u64>,
    /// The search's closed tiles: the walls and the tiles queued so far.
    closed: Vec<u64>,
    /// The last breadth-first search's farthest distance (its last tile's);
    /// `None` after a search by `scratch`.
    farthest: Option<i32>,
    scratch: DistanceScratch,
}

impl<'a> StairsSearch<'a> {
    fn new(walkable: &'a [bool], width: u32, height: u32) -> Result<Self, LevelError> {
        // Room for the map; each search writes every entry first.
        let mut dist = Vec::new();
        dist.try_reserve_exact(walkable.len())
            .map_err(|_| LevelError::TooLarge { width, height })?;
        let mut scratch = DistanceScratch::new();
        // The level's own ceiling (max_bytes) has already admitted the map.
        scratch.set_max_cells(walkable.len());
        let (w, h) = (width as usize, height as usize);
        let edge_walkable = w < 3
            || h < 3
            || walkable.len() != w * h
            || walkable[..w].iter().any(|&b| b)
            || walkable[(h - 1) * w..].iter().any(|&b| b)
            || (1..h - 1).any(|y| walkable[y * w] || walkable[y * w + w - 1]);
        let (mut queue, mut walls) = (Vec::new(), Vec::new());
        if !edge_walkable {
            let too_large = LevelError::TooLarge { width, height };
            // The walkable tiles' bits, counted, then turned into the walls'.
            walls = memory_bits(walkable.len()).ok_or(too_large.clone())?;
            or_bits(&mut walls, 0, walkable);
            let open = count_bits(&walls);
            for word in &mut walls {
                *word = !*word;
            }
            queue.try_reserve_exact(open + 4).map_err(|_| too_large)?;
            queue.resize(open + 4, 0);
        }
        Ok(StairsSearch {
            walkable,
            width,
            height,
            dist,
            edge_walkable,
            queue,
            closed: Vec::new(),
            walls,
            farthest: None,
            scratch,
        })
    }

    /// The target farthest by walking from walkable tile `from`, with its
    /// distance (ties: the first in raster order), breadth first: no
    /// walkable tile is on the edge, so each one's four neighbours are
    /// inside the map, in its rows. With `WALK`, `dist` is filled with the
    /// walk (`UNREACHED` where it does not go); without, it is not touched.
    ///
    /// The search reads bits (`closed` and `targets`: 128 KiB each for a
    /// million tiles, in a core's cache), not the distances (4 MiB, whose
    /// rows above and below a tile missed the cache and bound the search):
    /// it queues the tiles one distance after another, knows each one's
    /// distance as it leaves the queue, and keeps the best target then, so
    /// that only a walk asked for writes `dist`.
    fn breadth_first<const WALK: bool>(
        &mut self,
        from: usize,
        targets: &[u64],
    ) -> Option<(usize, i32)> {
        let w = self.width as usize;
        let (dist, queue, closed) = (&mut self.dist, &mut self.queue, &mut self.closed);
        if WALK {
            dist.clear();
            dist.resize(self.walkable.len(), UNREACHED);
        }
        closed.clear();
        closed.extend_from_slice(&self.walls);
        closed[from / 64] |= 1 << (from % 64);
        // `queue` holds a slot for each walkable tile, and each is queued
        // once (the four slots past them take a last tile's neighbours,
        // written but not counted).
        queue[0] = from as u32;
        let (mut head, mut tail, mut d) = (0, 1, 0);
        // The best target so far: a later one is as far or farther, and
        // better when farther or, as far, earlier in raster order.
        let (mut best, mut best_d) = (usize::MAX, -1);
        while head < tail {
            // Tiles `head..end` lie at distance `d`; their new neighbours,
            // queued behind them, at `d + 1`.
            let end = tail;
            for k in head..end {
                let p = queue[k] as usize;
                if WALK {
                    dist[p] = d;
                }
                let target = targets[p / 64] >> (p % 64) & 1 == 1;
                let better = target & ((d > best_d) | (p < best));
                best = if better { p } else { best };
                best_d = if better { d } else { best_d };
                for q in [p - w, p - 1, p + 1, p + w] {
                    let (word, bit) = (&mut closed[q / 64], 1u64 << (q % 64));
                    let new = *word & bit == 0;
                    *word |= bit;
                    queue[tail] = q as u32;
                    tail += usize::from(new);
                }
            }
            head = end;
            d += 1;
        }
        // The last tiles queued lie at the last distance; the tiles of
        // other regions were never reached.
        self.farthest = Some(d - 1);
        (best_d >= 0).then_some((best, best_d))
    }

    /// The target (a bit a tile of `targets`, 64 a word, as many words
    /// as the map needs) farthest by walking from `from`, with its
    /// distance; ties go to the first in raster order. With `walk`, the
    /// search leaves its walk in `dist` (for [`farthest_walk`] and the
    /// level's [`Walk`]); without, `dist` may hold anything after it.
    ///
    /// [`farthest_walk`]: StairsSearch::farthest_walk
    fn farthest(
        &mut self,
        from: usize,
        targets: &[u64],
        walk: bool,
    ) -> Result<Option<(usize, usize)>, LevelError> {
        let best = if !self.edge_walkable && self.walkable[from] {
            if walk {
                self.breadth_first::<true>(from, targets)
            } else {
                self.breadth_first::<false>(from, targets)
            }
        } else {
            self.dist.clear();
            self.dist.resize(self.walkable.len(), UNREACHED);
            self.dist[from] = 0;
            self.compute()?;
            self.farthest = None;
            // The reached target with the largest distance, the first in
            // raster order on ties (the bits come ascending).
            let mut best: Option<(usize, i32)> = None;
            for i in each_bit(targets).take_while(|&i| i < self.dist.len()) {
                let d = self.dist[i];
                if d != UNREACHED && best.is_none_or(|(_, b)| d > b) {
                    best = Some((i, d));
                }
            }
            best
        };
        // Distances from one source at 0 with unit costs are never negative.
        Ok(best.map(|(i, d)| (i, d as usize)))
    }

    /// The largest distance of the last search's walk: its last tile's,
    /// or, after a search by `scratch`, the largest reached.
    fn farthest_walk(&self) -> u32 {
        let far = self.farthest.unwrap_or_else(|| {
            self.dist
                .iter()
                .map(|&d| if d == UNREACHED { 0 } else { d })
                .max()
                .unwrap_or(0)
        });
        // Distances from one source at 0 with unit costs are never negative.
        far as u32
    }

    /// Fills `dist` by mcrdun-distance (4-connected, unit costs).
    fn compute(&mut self) -> Result<(), LevelError> {
        self.scratch
            .compute(
                self.walkable,
                &mut self.dist,
                self.width,
                self.height,
                Steps::FOUR,
            )
            .map_err(|e| match e {
                DistanceError::TooLarge { .. } | DistanceError::AllocationFailed { .. } => {
                    LevelError::TooLarge {
                        width: self.width,
                        height: self.height,
                    }
                }
                other => LevelError::Unsatisfiable(format!("stairs: {other}")),
            })?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::tile::grid_of as grid;

    /// The bits of the tiles `list`, a flag at a time.
    fn bits_of(list: &[u32], n: usize) -> Vec<u64> {
        let mut bits = vec![0u64; n.div_ceil(64)];
        for &i in list {
            bits[i as usize / 64] |= 1 << (i % 64);
        }
        bits
    }

    /// Flags packed eight at a time land where one at a time puts them,
    /// from every offset in a word and at every length (the last bits of
    /// a byte crossing into the next word, a remainder of 1-7 flags), and
    /// bits already set stay; the bits read back ascending.
    #[test]
    fn flags_pack_into_bits() {
        let flags: Vec<bool> = (0..150u32).map(|i| (i * 7 + i / 5) % 3 == 0).collect();
        for at in 0..70 {
            for len in [0, 1, 7, 8, 9, 63, 64, 65, 150] {
                let mut bits = vec![0u64; 4];
                bits[3] = 1 << 63;
                or_bits(&mut bits, at, &flags[..len]);
                let set: Vec<u32> = (0..len)
                    .filter(|&k| flags[k])
                    .map(|k| (at + k) as u32)
                    .chain([255])
                    .collect();
                assert_eq!(bits, bits_of(&set, 256), "at {at}, {len} flags");
                let read: Vec<u32> = each_bit(&bits).map(|i| i as u32).collect();
                assert_eq!(read, set);
                assert_eq!(count_bits(&bits), set.len());
                assert_eq!(first_bit(&bits), Some(set[0] as usize));
            }
        }
        assert_eq!(first_bit(&[0, 0]), None);
        assert_eq!(each_bit(&[0, 0]).count(), 0);
    }

    /// The breadth-first walk gives mcrdun-distance's map, tile for tile,
    /// from every source, and a map with walkable edge tiles takes
    /// mcrdun-distance's path.
    #[test]
    fn breadth_first_walks_as_the_distance_crate() {
        let (w, h) = (23usize, 17usize);
        // A fixed maze-like pattern: walls on the edge, a few pockets cut off.
        let mut walkable = vec![false; w * h];
        for y in 1..h - 1 {
            for x in 1..w - 1 {
                walkable[y * w + x] = (x * 7 + y * 13 + x * y) % 5 != 0;
            }
        }
        // A pocket of one tile that no other tile reaches (the search
        // from elsewhere leaves it unreached, not "not yet").
        let pocket = 5 * w + 5;
        walkable[pocket] = true;
        for j in [pocket - 1, pocket + 1, pocket - w, pocket + w] {
            walkable[j] = false;
        }
        let mut fast = StairsSearch::new(&walkable, w as u32, h as u32).unwrap();
        assert!(!fast.edge_walkable);
        let mut slow = StairsSearch::new(&walkable, w as u32, h as u32).unwrap();
        let all: Vec<u32> = (0..(w * h) as u32).collect();
        // Fewer targets: the farthest of them, not of all tiles (ties
        // to the first in raster order among them).
        let some: Vec<u32> = (0..(w * h) as u32).filter(|i| i % 3 == 1).collect();
        let (all_bits, some_bits) = (bits_of(&all, w * h), bits_of(&some, w * h));
        let mut reached_some = false;
        let farthest_of = |targets: &[u32], dist: &[i32]| {
            targets
                .iter()
                .map(|&i| i as usize)
                .filter(|&i| dist[i] != UNREACHED)
                .max_by_key(|&i| (dist[i], core::cmp::Reverse(i)))
                .map(|i| (i, dist[i] as usize))
        };
        for from in (0..w * h).filter(|&i| walkable[i]) {
            let got = fast.farthest(from, &all_bits, true).unwrap();
            slow.dist.clear();
            slow.dist.resize(w * h, UNREACHED);
            slow.dist[from] = 0;
            slow.compute().unwrap();
            assert_eq!(fast.dist, slow.dist, "from {from}");
            reached_some |= fast.dist.iter().filter(|&&d| d != UNREACHED).count() > 10;
            assert_eq!(got, farthest_of(&all, &slow.dist));
            // Without a walk: the same answer, `dist` untouched.
            fast.dist.clear();
            let got = fast.farthest(from, &some_bits, false).unwrap();
            assert!(fast.dist.is_empty());
            assert_eq!(got, farthest_of(&some, &slow.dist), "from {from}");
            // The farthest walk: the breadth-first queue's last tile, and
            // the distance crate's map scanned.
            let far = slow.dist.iter().filter(|&&d| d != UNREACHED).max();
            assert_eq!(Some(fast.farthest_walk() as i32), far.copied());
            assert_eq!(fast.farthest_walk(), slow.farthest_walk());
        }
        assert!(reached_some);
        // From the pocket, nothing else is reached: the farthest is 0.
        assert_eq!(
            fast.farthest(pocket, &all_bits, true),
            Ok(Some((pocket, 0)))
        );
        assert_eq!(fast.farthest_walk(), 0);
        assert_eq!(fast.farthest(pocket, &some_bits, false), Ok(None));
        // A walkable tile on the edge: the distance crate's path.
        walkable[w] = true;
        let mut edge = StairsSearch::new(&walkable, w as u32, h as u32).unwrap();
        assert!(edge.edge_walkable);
        assert!(edge.queue.is_empty());
        let got = edge.farthest(w, &some_bits, false).unwrap();
        assert_eq!(edge.dist[w + 1], 1);
        assert_eq!(got, farthest_of(&some, &edge.dist));
        assert!(got.is_some_and(|(_, d)| d > 10));
        // From every source, ties to the first in raster order (most
        // sources tie at their farthest distance), and a target bit past
        // the map's tiles (the word's padding) is no target.
        let mut padded = all_bits.clone();
        padded.push(0);
        let past = w * h;
        padded[past / 64] |= 1 << (past % 64);
        let mut ties = 0;
        for from in (0..w * h).filter(|&i| walkable[i]) {
            let got = edge.farthest(from, &padded, false).unwrap();
            let want = farthest_of(&all, &edge.dist);
            assert_eq!(got, want, "from {from} on the edge path");
            let far = want.map(|(_, d)| d as i32);
            ties += usize::from(edge.dist.iter().filter(|&&d| Some(d) == far).count() > 1);
        }
        assert!(ties > 10, "{ties}");
    }

    /// A pipeline that joined its own pieces says so in the summary: the
    /// pieces it joined (`regions`) and the tiles it dug (`dug`, every
    /// tunnel tile among them), though the finish finds one region.
    #[test]
    fn the_summary_counts_what_the_pipeline_joined() {
        let mut joined = 0;
        for seed in 1..=6 {
            let level =
                crate::generate(&crate::LevelConfig::new(LevelKind::Cave, 80, 50), seed).unwrap();
            let s = level.summary();
            let tunnels = level
                .tiles()
                .as_slice()
                .iter()
                .filter(|t| **t == Tile::Corridor);
            assert!(s.dug >= tunnels.count(), "seed {seed}: {s:?}");
            assert_eq!(s.regions > 1, s.dug > 0, "seed {seed}: {s:?}");
            joined += usize::from(s.regions > 1);
        }
        assert!(joined >= 3, "{joined}");
    }

    /// The stairs stand on floor tiles with floor all around when two or
    /// more are (here exactly two, at the head of a long tail), else on
    /// any floor tile, else on corridor.
    #[test]
    fn stairs_prefer_tiles_inside_floor() {
        let two = grid(&[
            "############",
            "#...########",
            "#...########",
            "#...########",
            "#..........#",
            "############",
        ]);
        let level = Level::finish(LevelKind::Cave, two, vec![], vec![]).unwrap();
        let mut stairs = [level.stairs_up(), level.stairs_down()];
        stairs.sort_by_key(|p| (p.y, p.x));
        assert_eq!(
            stairs,
            [mcrdun_geom::Point::new(2, 2), mcrdun_geom::Point::new(2, 3)]
        );
        // No tile inside floor: the two ends of the floor.
        let line = grid(&["########", "#......#", "########"]);
        let level = Level::finish(LevelKind::Cave, line, vec![], vec![]).unwrap();
        let mut ends = [level.stairs_up().x, level.stairs_down().x];
        ends.sort_unstable();
        assert_eq!(ends, [1, 6]);
        // No floor at all: corridor.
        let corridor = grid(&["#######", "#,,,,,#", "#######"]);
        let level = Level::finish(LevelKind::Cave, corridor, vec![], vec![]).unwrap();
        let mut ends = [level.stairs_up().x, level.stairs_down().x];
        ends.sort_unstable();
        assert_eq!(ends, [1, 5]);
    }

    /// A caller's doors must stand on door tiles and name its rooms.
    #[test]
    fn doors_are_checked() {
        let tiles = grid(&["#######", "#..+..#", "#######"]);
        let rooms = vec![
            Room {
                bounds: mcrdun_geom::Rect::new(1, 1, 2, 1).unwrap(),
                area: 2,
            },
            Room {
                bounds: mcrdun_geom::Rect::new(4, 1, 2, 1).unwrap(),
                area: 2,
            },
        ];
        let door = |x, rooms| Door {
            at: mcrdun_geom::Point::new(x, 1),
            rooms,
        };
        let finish = |doors| Level::finish(LevelKind::Bsp, tiles.clone(), rooms.clone(), doors);
        assert!(finish(vec![door(3, (0, 1))]).is_ok());
        let e = finish(vec![door(2, (0, 1))]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "invalid doors (--doors): no door tile at (2, 1)"
        );
        let e = finish(vec![door(3, (0, 2))]).unwrap_err();
        assert!(e.to_string().contains("names a missing room"), "{e}");
    }

    /// Outside [`keeping_walk`] nothing is kept, also after a pipeline
    /// that kept its walk, and after one that panicked.
    #[test]
    fn keeping_walk_keeps_nothing_after() {
        let c = crate::LevelConfig::new(LevelKind::Cave, 40, 30);
        let (level, walk) = keeping_walk(|| crate::generate(&c, 1));
        assert!(level.is_ok() && walk.is_some());
        assert!(!KEEP.with(Cell::get));
        assert!(WALK.with(|w| w.borrow().is_none()));
        let unwound = std::panic::catch_unwind(|| {
            keeping_walk(|| {
                let _ = crate::generate(&c, 2);
                panic!("a pipeline that panics");
            })
        });
        assert!(unwound.is_err());
        assert!(!KEEP.with(Cell::get));
        assert!(WALK.with(|w| w.borrow().is_none()));
        // A level finished afterwards keeps nothing either.
        crate::generate(&c, 3).unwrap();
        assert!(WALK.with(|w| w.borrow().is_none()));
    }

    #[test]
    fn loops_count_holes() {
        let ring = grid(&["#####", "#...#", "#.#.#", "#...#", "#####"]);
        let level = Level::finish(LevelKind::Cave, ring, vec![], vec![]).unwrap();
        assert_eq!(level.summary().loops, 1);
        assert_eq!(level.summary().dead_ends, 0);
        assert_eq!(level.summary().walkable, 8);
        assert_eq!(level.summary().longest_path, 4);
        let open = grid(&["#####", "#...#", "#...#", "#...#", "#####"]);
        let level = Level::finish(LevelKind::Cave, open, vec![], vec![]).unwrap();
        assert_eq!(level.summary().loops, 0);
        let comb = grid(&["#######", "#.#.#.#", "#.....#", "#.#.#.#", "#######"]);
        let level = Level::finish(LevelKind::Cave, comb, vec![], vec![]).unwrap();
        assert_eq!(
            level.summary().loops,
            0,
            "walls joined to the border are no holes"
        );
        assert_eq!(level.summary().dead_ends, 6);
        let two = grid(&["#######", "#.....#", "#.#.#.#", "#.....#", "#######"]);
        let level = Level::finish(LevelKind::Cave, two, vec![], vec![]).unwrap();
        assert_eq!(level.summary().loops, 2);
        assert_eq!(level.summary().dead_ends, 0);
    }

    #[test]
    fn too_few_floor_tiles_is_an_error() {
        let one = grid(&["###", "#.#", "###"]);
        assert!(matches!(
            Level::finish(LevelKind::Cave, one, vec![], vec![]),
            Err(LevelError::Unsatisfiable(_))
        ));
        let none = grid(&["###"]);
        assert!(Level::finish(LevelKind::Cave, none, vec![], vec![]).is_err());
        let empty = Grid::new(0, 0, Tile::Wall).unwrap();
        assert!(Level::finish(LevelKind::Cave, empty, vec![], vec![]).is_err());
    }

    #[test]
    fn regions_are_joined_inside_the_border() {
        let split = grid(&["#####", "#.#.#", "#####", "#.#.#", "#####"]);
        let level = Level::finish(LevelKind::Cave, split, vec![], vec![]).unwrap();
        assert_eq!(level.summary().regions, 4);
        assert_eq!(level.summary().dug, 3);
        // Only the border separates these two.
        let walled = grid(&[".#."]);
        assert!(matches!(
            Level::finish(LevelKind::Cave, walled, vec![], vec![]),
            Err(LevelError::Unsatisfiable(_))
        ));
    }
}
