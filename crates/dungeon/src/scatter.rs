//! The scatter level: rooms scattered, pushed apart, linked to their
//! neighbours.

use crate::corridors::{Canvas, bounding, grow};
use crate::error::check_size;
use crate::graph::nearest_rooms;
use crate::schema;
use crate::tail::link_and_finish;
use crate::vaults::{Stamped, choose, draw};
use crate::{Level, LevelConfig, LevelError, LevelKind};
use mcrdun_geom::Rect;
use mcrdun_geom::random::{SeededRng, seeded_rng};
use mcrdun_scatter::{SeparateOptions, SizeRange, SpawnArea, scatter as spawn, separate};
use mcrdun_vaults::Vault;

/// Options of the scatter level.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct ScatterConfig {
    /// Width in tiles (at least `max_room + 2`).
    pub width: u32,
    /// Height in tiles (at least `max_room + 2`).
    pub height: u32,
    /// Rooms scattered; 0 (the default) derives it from the map's size:
    /// one room per 190 tiles, and one more per 8 tiles of
    /// width plus height for the rooms lost over the edges. Those that end up outside the
    /// map after separation are dropped. With 0, more rooms are then
    /// dropped into the gaps the heap left, as many as fit (about 7 per
    /// 1000 tiles in all); with a count, only until the level has that
    /// many rooms.
    pub rooms: u32,
    /// The smallest room side (default 4).
    pub min_room: u32,
    /// The largest room side (default 10).
    pub max_room: u32,
    /// The share, in `[0, 1]`, of the other neighbour pairs linked beyond
    /// the spanning tree (default 0.15; see [`Loops::Share`](crate::links::Loops::Share)).
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

impl Default for ScatterConfig {
    fn default() -> ScatterConfig {
        ScatterConfig {
            width: 80,
            height: 50,
            rooms: schema::SCATTER_ROOMS,
            min_room: schema::SCATTER_MIN_ROOM,
            max_room: schema::SCATTER_MAX_ROOM,
            loops: schema::SCATTER_LOOPS,
            loop_factor: schema::LOOP_FACTOR,
            locks: 0,
            dungeon_level: schema::DUNGEON_LEVEL,
            max_bytes: 0,
        }
    }
}

impl ScatterConfig {
    /// The defaults at `width` x `height` tiles. The struct is
    /// `#[non_exhaustive]` (it gains a field whenever the generator gains an
    /// option): start from this (or `default()`) and set fields, or set
    /// options by name through [`LevelConfig::set`](crate::LevelConfig::set).
    pub fn new(width: u32, height: u32) -> ScatterConfig {
        ScatterConfig {
            width,
            height,
            ..ScatterConfig::default()
        }
    }
}

crate::config::options!(ScatterConfig {
    "rooms" => rooms,
    "min_room" => min_room,
    "max_room" => max_room,
    "loops" => loops,
    "loop_factor" => loop_factor,
    "locks" => locks,
    "dungeon_level" => dungeon_level,
});

/// Map tiles per room when [`ScatterConfig::rooms`] is 0.
pub const TILES_PER_ROOM: u32 = 190;

/// Tiles of the map's width plus height per extra room, for the rooms lost
/// over the edges.
const EDGE_TILES_PER_ROOM: u64 = 8;

/// Empty tiles kept between rooms by the separation: each room's wall and
/// a lane of rock between them.
const PADDING: u32 = 3;

/// A scatter level, composed of stages:
///
/// 1. layout: rooms of random size are dropped all over the map
///    (`mcrdun-scatter`), pushed apart until three tiles separate any two,
///    and the heap is spread or centred over the map; rooms hanging over the
///    border are pushed back inside where they keep their distance, else
///    dropped, and the rooms kept are spread over the whole map; rooms are
///    then dropped into the gaps left (the corners of the round heap) by
///    `fill_gaps`;
/// 2. room graph: each room and its 5 nearest rooms (by the gap between
///    them), weighted by that gap;
/// 3. links: [`spanning_links`](crate::links::spanning_links) (shorter gaps first) with `loops` as
///    [`Loops::Share`](crate::links::Loops::Share);
/// 4. doors and corridors: [`Canvas::link`] around the two rooms;
/// 5. finish: [`Level::finish_canvas`].
///
/// Cost: the separation's (about linear in rooms per step), then O(tiles)
/// (the gaps filled, the canvas) and one small search per link.
///
/// # Errors
/// [`LevelError::TooSmall`] when the map cannot hold the largest room;
/// [`LevelError::InvalidOption`] for sizes with min > max or min < 1, more
/// rooms than could fit, or a bad loop fraction;
/// [`LevelError::Unsatisfiable`] when no room fits.
///
/// ```
/// use mcrdun_dungeon::{scatter, ScatterConfig};
/// let level = scatter(&ScatterConfig::default(), 7)?;
/// assert!(level.rooms().len() >= 10);
/// assert_eq!(level.summary().dug, 0, "the generator joins its rooms itself");
/// # Ok::<(), mcrdun_dungeon::LevelError>(())
/// ```
pub fn scatter(config: &ScatterConfig, seed: u64) -> Result<Level, LevelError> {
    scatter_with_vaults(config, &[], seed)
}

/// A scatter level with vaults ([`crate::vaults`]): after the layout,
/// scattered rooms are chosen for vaults (the required ones first, then
/// optional ones by weight, at most a quarter of the rooms for those); a
/// chosen room gives its place, its floor and wall ring, to its vault,
/// which becomes a room of its own shape whose door sites are its
/// entrances. Vaults are as large as the rooms they replace at most
/// (`max_room` + 2 a side with the walls). Rooms filling the gaps keep
/// their distance from vaults too. Without vaults, the same level as
/// [`scatter`].
///
/// # Errors
/// As [`scatter`]; [`LevelError::Vault`] for a required vault that the
/// scatter level may not use or that no room holds, or a required
/// entrance no corridor reaches.
pub fn scatter_with_vaults(
    config: &ScatterConfig,
    vaults: &[Vault],
    seed: u64,
) -> Result<Level, LevelError> {
    schema::validate(&LevelConfig::Scatter(*config))?;
    let sizes = SizeRange::new(config.min_room, config.max_room).map_err(|e| {
        LevelError::InvalidOption {
            name: "min_room",
            reason: format!("{e} (min_room and max_room)"),
        }
    })?;
    let side = config.max_room.saturating_add(2);
    let _budget = check_size(
        LevelKind::Scatter,
        config.width,
        config.height,
        side,
        side,
        config.max_bytes,
    )?;
    let count = room_count(config)?;
    let (w, h) = (config.width as i32, config.height as i32);
    let mut rng = seeded_rng(seed);

    // 1. Layout.
    let mut rooms = heap(count, sizes, w, h, &mut rng)?;
    let mut canvas = Canvas::new(config.width, config.height)?;
    let mut stamped = Stamped::default();
    if vaults.is_empty() {
        for r in &rooms {
            canvas.add_rect(*r)?;
        }
    } else {
        // A room's floor and wall ring, two tiles from the map's edge.
        let slots: Vec<Option<Rect>> = rooms
            .iter()
            .map(|r| grow(r, 1).intersection(&Rect::from_edges(2, 2, w - 2, h - 2).ok()?))
            .collect();
        let picks = choose(
            vaults,
            LevelKind::Scatter,
            &slots,
            rooms.len() / 4,
            &mut rng,
        )?;
        for (r, pick) in rooms.iter().zip(&picks) {
            match pick {
                Some(pick) => draw(&mut canvas, vaults, pick, &mut stamped)?,
                None => canvas.add_rect(*r)?,
            };
        }
    }
    // The separated heap is round (a disc stretched over the map) and
    // denser at its middle: rooms dropped into its gaps fill the corners.
    let most = if config.rooms == 0 {
        usize::MAX
    } else {
        count as usize
    };
    let vault_bounds: Vec<Rect> = stamped.placed.iter().map(|v| v.bounds).collect();
    fill_gaps(
        &mut canvas,
        &mut rooms,
        sizes,
        most,
        &vault_bounds,
        &mut rng,
    )?;

    // 2. Room graph: each room's nearest; 3-5. links, doors and corridors
    // around the two rooms, finish.
    let edges = nearest_rooms(&rooms, w, h);
    let mut level = link_and_finish(
        LevelKind::Scatter,
        canvas,
        &edges,
        (config.loops, config.loop_factor),
        |e| grow(&bounding(&rooms[e.a as usize], &rooms[e.b as usize]), 4),
        stamped,
        &mut rng,
    )?;
    // 6. Locks and keys on the finished level.
    crate::locks::add_locks(&mut level, config.locks)?;
    Ok(level)
}

/// The separated heap of `count` rooms of `sizes` on a `w` x `h` map:
/// dropped all over the inside, pushed apart to [`PADDING`], spread over
/// the map, moved inside its border (rooms that will not fit dropped) and
/// spread again.
fn heap(
    count: u32,
    sizes: SizeRange,
    w: i32,
    h: i32,
    rng: &mut SeededRng,
) -> Result<Vec<Rect>, LevelError> {
    let inner = Rect::new(1, 1, w - 2, h - 2)?;
    let mut rooms = spawn(rng, count as usize, SpawnArea::Rect(inner), sizes, sizes)
        .map_err(LevelError::Scatter)?;
    separate(
        &mut rooms,
        SeparateOptions {
            padding: PADDING,
            ..SeparateOptions::default()
        },
    )
    .map_err(LevelError::Scatter)?;
    stretch(&mut rooms, w, h);
    let mut rooms = place_inside(&rooms, w, h)?;
    // The rooms kept may leave strips at the edges: spread them again.
    stretch(&mut rooms, w, h);
    Ok(rooms)
}

/// The rooms to scatter: `config.rooms`, or one per [`TILES_PER_ROOM`]
/// tiles; refused when even the smallest rooms, padded, could not tile the
/// map's inside.
fn room_count(config: &ScatterConfig) -> Result<u32, LevelError> {
    let area = u64::from(config.width - 2) * u64::from(config.height - 2);
    let fits = area / (u64::from(config.min_room) + u64::from(PADDING)).pow(2);
    let wanted = if config.rooms == 0 {
        // Rooms pushed off the map's edges are lost: a few more for the
        // edges keep small maps as full as large ones.
        (u64::from(config.width) * u64::from(config.height) / u64::from(TILES_PER_ROOM)
            + (u64::from(config.width) + u64::from(config.height)) / EDGE_TILES_PER_ROOM)
            .max(1)
    } else {
        u64::from(config.rooms)
    };
    if config.rooms != 0 && wanted > fits.max(1) {
        return Err(LevelError::InvalidOption {
            name: "rooms",
            reason: format!(
                "{wanted} rooms of at least {0}x{0} with {PADDING} tiles between them cannot fit in {1}x{2} (at most {fits})",
                config.min_room, config.width, config.height
            ),
        });
    }
    Ok(u32::try_from(wanted.min(fits.max(1))).unwrap_or(u32::MAX))
}

/// Darts thrown by [`fill_gaps`]: one per this many tiles of the map.
const TILES_PER_DART: u64 = 16;

/// Darts drawn at a time by [`fill_gaps`], to bound its memory.
const DART_BATCH: u64 = 4096;

/// The last layout step: random rooms ("darts", of the level's sizes,
/// centred anywhere inside the map) are thrown at the map, one per
/// [`TILES_PER_DART`] tiles, and each one that lies inside the border with
/// [`PADDING`] empty tiles to every room already on `canvas` (and to the
/// rectangles `vaults`) is added,
/// until the level has `most` rooms. Separation leaves its heap round and
/// densest at the middle; these rooms fill the corners and the holes, so
/// rooms lie over the whole map. The random packing is a little looser
/// than the heap: from 200x120 up, the emptiest sixteenth of the map holds
/// 0.69-0.83 of the map's share of walkable tiles (means over seeds),
/// against 0.24-0.52 without these rooms.
///
/// Cost: O(tiles): the floor's bits are read from the rooms' tiles once,
/// and each dart reads at most its padded area of them, a word (64 tiles
/// of a row) at a time, stopping at the first floor tile.
fn fill_gaps(
    canvas: &mut Canvas,
    rooms: &mut Vec<Rect>,
    sizes: SizeRange,
    most: usize,
    vaults: &[Rect],
    rng: &mut SeededRng,
) -> Result<(), LevelError> {
    let (w, h) = (
        canvas.tiles().width() as i32,
        canvas.tiles().height() as i32,
    );
    let inner = Rect::new(1, 1, w - 2, h - 2)?;
    let mut darts =
        u64::from(canvas.tiles().width()) * u64::from(canvas.tiles().height()) / TILES_PER_DART;
    let p = PADDING as i32;
    let mut floor = FloorBits::new(canvas)?;
    while darts > 0 && rooms.len() < most {
        let batch = darts.min(DART_BATCH);
        darts -= batch;
        let thrown = spawn(rng, batch as usize, SpawnArea::Rect(inner), sizes, sizes)
            .map_err(LevelError::Scatter)?;
        for r in thrown {
            if rooms.len() >= most {
                break;
            }
            if !inner.contains_rect(&r) {
                continue;
            }
            // The padded box: the dart lies inside the map, so it is not
            // empty.
            let span = Span::new((r.x() - p).max(0) as usize, (r.right() + p).min(w) as usize);
            let clear = ((r.y() - p).max(0)..(r.bottom() + p).min(h))
                .all(|y| !floor.any(y as usize, &span));
            // As far from vaults' walls as from rooms' floor.
            let clear = clear && vaults.iter().all(|v| grow(&r, p).intersection(v).is_none());
            if clear {
                canvas.add_rect(r)?;
                floor.mark(&r);
                mcrdun_geom::memory::try_reserve("scatter rooms", rooms, 1)?;
                rooms.push(r);
            }
        }
    }
    Ok(())
}

/// The tiles of a canvas's rooms, one bit each, row after row, for
/// [`fill_gaps`]: a dart tests a row of its padded box a word (64 tiles) at
/// a time instead of tile by tile. 1/8 byte a tile, far below the level's
/// peak (the corridor searches and the stairs' maps come later).
///
/// Each room's whole bounds are marked, which gives the darts the same
/// answers as the canvas's floor tiles: every floor tile lies in a room's
/// bounds; a rectangle drawn by `add_rect` is floor throughout; and a
/// vault's room lies inside its vault's bounds, which a dart must keep
/// away from anyway, so what is marked there changes no answer.
struct FloorBits {
    /// Words a row.
    words: usize,
    bits: Vec<u64>,
}

impl FloorBits {
    /// The rooms of `canvas`.
    fn new(canvas: &Canvas) -> Result<FloorBits, LevelError> {
        let tiles = canvas.tiles();
        let words = (tiles.width() as usize).div_ceil(64);
        let bits = mcrdun_geom::memory::try_vec("floor bits", words * tiles.height() as usize, 0)?;
        let mut floor = FloorBits { words, bits };
        for room in canvas.rooms() {
            floor.mark(&room.bounds);
        }
        Ok(floor)
    }

    /// Marks the tiles of `r` (which lies on the map).
    fn mark(&mut self, r: &Rect) {
        let span = Span::new(r.x() as usize, r.right() as usize);
        for y in r.y() as usize..r.bottom() as usize {
            let row = &mut self.bits[y * self.words..(y + 1) * self.words];
            row[span.k0] |= span.first;
            if span.k0 < span.k1 {
                row[span.k0 + 1..span.k1].fill(u64::MAX);
                row[span.k1] |= span.last;
            }
        }
    }

    /// Whether row `y` has a marked tile in `span`.
    fn any(&self, y: usize, span: &Span) -> bool {
        let row = &self.bits[y * self.words..(y + 1) * self.words];
        row[span.k0] & span.first != 0
            || (span.k0 < span.k1
                && (row[span.k0 + 1..span.k1].iter().any(|&m| m != 0)
                    || row[span.k1] & span.last != 0))
    }
}

/// Columns `x0..x1` of a row as words of [`FloorBits`] (64 columns each):
/// the first word and the last, and the span's bits in each (both masks
/// the same when the span lies in one word). The same for every row of a
/// rectangle, so reckoned once.
struct Span {
    k0: usize,
    k1: usize,
    first: u64,
    last: u64,
}

impl Span {
    /// Columns `x0..x1`, `x0 < x1`.
    fn new(x0: usize, x1: usize) -> Span {
        let (k0, k1) = (x0 / 64, (x1 - 1) / 64);
        let first = u64::MAX << (x0 % 64);
        let last = u64::MAX >> (63 - (x1 - 1) % 64);
        if k0 == k1 {
            Span {
                k0,
                k1,
                first: first & last,
                last: first & last,
            }
        } else {
            Span {
                k0,
                k1,
                first,
                last,
            }
        }
    }
}

/// Spreads a heap narrower (lower) than the map's inside over all of it:
/// each room's offset from the heap's edge is scaled by `inside / heap`
/// (integer, rounded down). Gaps only grow, so rooms stay apart: for rooms
/// `a` left of `b`, `(b.x - a.x) * s >= a.w + gap` before rounding, and
/// rounding both down loses less than one.
fn stretch(rooms: &mut [Rect], w: i32, h: i32) {
    if rooms.is_empty() {
        return;
    }
    let x0 = rooms.iter().map(|r| i64::from(r.x())).min().unwrap_or(0);
    let y0 = rooms.iter().map(|r| i64::from(r.y())).min().unwrap_or(0);
    let x1 = rooms
        .iter()
        .map(|r| i64::from(r.right()))
        .max()
        .unwrap_or(0);
    let y1 = rooms
        .iter()
        .map(|r| i64::from(r.bottom()))
        .max()
        .unwrap_or(0);
    let (iw, ih) = (i64::from(w) - 2, i64::from(h) - 2);
    let (hw, hh) = (x1 - x0, y1 - y0);
    for r in rooms.iter_mut() {
        let mut x = i64::from(r.x());
        let mut y = i64::from(r.y());
        if hw < iw {
            x = 1 + (x - x0) * iw / hw;
        }
        if hh < ih {
            y = 1 + (y - y0) * ih / hh;
        }
        if let (Ok(x), Ok(y)) = (i32::try_from(x), i32::try_from(y))
            && let Ok(moved) = Rect::new(x, y, r.w(), r.h())
        {
            *r = moved;
        }
    }
}

/// Moves the separated heap onto the map and keeps the rooms that lie
/// inside its border. The heap is centred on the map; if that leaves no
/// room inside (a heap larger than the map with a gap at its centre), it
/// is moved instead so that the room nearest the heap's centre sits at the
/// map's centre, which always fits since the map holds the largest room.
fn place_inside(rooms: &[Rect], w: i32, h: i32) -> Result<Vec<Rect>, LevelError> {
    let (mut x0, mut y0, mut x1, mut y1) = (i64::MAX, i64::MAX, i64::MIN, i64::MIN);
    for r in rooms {
        x0 = x0.min(i64::from(r.x()));
        y0 = y0.min(i64::from(r.y()));
        x1 = x1.max(i64::from(r.right()));
        y1 = y1.max(i64::from(r.bottom()));
    }
    let inside = Rect::new(1, 1, w - 2, h - 2)?;
    let shifted = |dx: i64, dy: i64| -> Vec<Rect> {
        rooms
            .iter()
            .filter_map(|r| {
                let x = i32::try_from(i64::from(r.x()) + dx).ok()?;
                let y = i32::try_from(i64::from(r.y()) + dy).ok()?;
                let moved = Rect::new(x, y, r.w(), r.h()).ok()?;
                inside.contains_rect(&moved).then_some(moved)
            })
            .collect()
    };
    let (dx, dy) = (
        (i64::from(w) - (x1 - x0)) / 2 - x0,
        (i64::from(h) - (y1 - y0)) / 2 - y0,
    );
    let mut placed = shifted(dx, dy);
    if !placed.is_empty() {
        // Rooms hanging over the edge are pushed back inside where they keep
        // their distance from every room kept, so the edges fill up too.
        for r in rooms {
            let (Ok(x), Ok(y)) = (
                i32::try_from(i64::from(r.x()) + dx),
                i32::try_from(i64::from(r.y()) + dy),
            ) else {
                continue;
            };
            let Ok(moved) = Rect::new(x, y, r.w(), r.h()) else {
                continue;
            };
            if inside.contains_rect(&moved) {
                continue;
            }
            let cx = x.clamp(1, w - 1 - r.w());
            let cy = y.clamp(1, h - 1 - r.h());
            if (cx - x).abs() > r.w() || (cy - y).abs() > r.h() {
                continue;
            }
            let Ok(back) = Rect::new(cx, cy, r.w(), r.h()) else {
                continue;
            };
            let p = PADDING as i32;
            let apart = |o: &Rect| {
                o.x() >= back.right() + p
                    || back.x() >= o.right() + p
                    || o.y() >= back.bottom() + p
                    || back.y() >= o.bottom() + p
            };
            if placed.iter().all(apart) {
                placed.push(back);
            }
        }
        return Ok(placed);
    }
    let (cx, cy) = ((x0 + x1) / 2, (y0 + y1) / 2);
    let nearest = rooms
        .iter()
        .min_by_key(|r| {
            let c = r.center();
            (i64::from(c.x) - cx).abs() + (i64::from(c.y) - cy).abs()
        })
        .ok_or_else(|| LevelError::Unsatisfiable("no room was scattered".into()))?;
    let placed = shifted(
        i64::from((w - nearest.w()) / 2) - i64::from(nearest.x()),
        i64::from((h - nearest.h()) / 2) - i64::from(nearest.y()),
    );
    if placed.is_empty() {
        return Err(LevelError::Unsatisfiable(
            "no scattered room fits inside the map".into(),
        ));
    }
    Ok(placed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::Tile;

    #[test]
    fn bad_options_are_errors() {
        let c = ScatterConfig::default();
        assert!(matches!(
            scatter(
                &ScatterConfig {
                    min_room: 5,
                    max_room: 4,
                    ..c
                },
                1
            ),
            Err(LevelError::InvalidOption { .. })
        ));
        assert!(scatter(&ScatterConfig { min_room: 0, ..c }, 1).is_err());
        assert!(matches!(
            scatter(&ScatterConfig { rooms: 100, ..c }, 1),
            Err(LevelError::InvalidOption { name: "rooms", .. })
        ));
        assert!(matches!(
            scatter(&ScatterConfig { width: 11, ..c }, 1),
            Err(LevelError::TooSmall { .. })
        ));
        assert!(
            scatter(
                &ScatterConfig {
                    loops: f64::INFINITY,
                    ..c
                },
                1
            )
            .is_err()
        );
    }

    /// Every pair of rooms keeps `PADDING` empty tiles on one axis.
    fn apart(rooms: &[Rect]) -> bool {
        let p = PADDING as i32;
        rooms.iter().enumerate().all(|(i, a)| {
            rooms[i + 1..].iter().all(|b| {
                b.x() >= a.right() + p
                    || a.x() >= b.right() + p
                    || b.y() >= a.bottom() + p
                    || a.y() >= b.bottom() + p
            })
        })
    }

    #[test]
    fn gaps_fill_an_empty_map_with_rooms_apart() {
        let sizes = SizeRange::new(4, 10).unwrap();
        let mut canvas = Canvas::new(60, 40).unwrap();
        let mut rooms = Vec::new();
        fill_gaps(
            &mut canvas,
            &mut rooms,
            sizes,
            usize::MAX,
            &[],
            &mut seeded_rng(3),
        )
        .unwrap();
        // 150 darts on 2,204 tiles inside: a random packing of padded rooms
        // of side 4-10 holds well over 8 of them.
        assert!(rooms.len() >= 8, "{}", rooms.len());
        assert!(apart(&rooms));
        let inner = Rect::new(1, 1, 58, 38).unwrap();
        assert!(rooms.iter().all(|r| inner.contains_rect(r)));
        assert!(
            rooms
                .iter()
                .all(|r| (4..=10).contains(&r.w()) && (4..=10).contains(&r.h()))
        );
        assert_eq!(canvas.rooms().len(), rooms.len());
        // Every room is on the canvas: its tiles are floor.
        let floor = canvas
            .tiles()
            .as_slice()
            .iter()
            .filter(|&&t| t == Tile::Floor)
            .count();
        assert_eq!(
            floor,
            rooms
                .iter()
                .map(|r| (r.w() * r.h()) as usize)
                .sum::<usize>()
        );
    }

    /// The bitmap answers as the canvas's floor does, for spans within a
    /// word and across words, on a map three words wide.
    #[test]
    fn floor_bits_match_the_tiles() {
        let mut canvas = Canvas::new(200, 30).unwrap();
        for r in [
            Rect::new(60, 3, 10, 5).unwrap(),
            Rect::new(5, 20, 4, 4).unwrap(),
            Rect::new(62, 12, 70, 3).unwrap(),
        ] {
            canvas.add_rect(r).unwrap();
        }
        let mut floor = FloorBits::new(&canvas).unwrap();
        // One room drawn after the bitmap, marked as fill_gaps does.
        let late = Rect::new(127, 22, 3, 4).unwrap();
        canvas.add_rect(late).unwrap();
        floor.mark(&late);
        let tiles = canvas.tiles().as_slice();
        let xs = [
            0, 4, 5, 9, 59, 60, 63, 64, 69, 70, 120, 127, 128, 131, 150, 199, 200,
        ];
        for y in 0..30 {
            for &x0 in &xs {
                for &x1 in xs.iter().filter(|&&x1| x1 > x0) {
                    let row = &tiles[y * 200..(y + 1) * 200];
                    assert_eq!(
                        floor.any(y, &Span::new(x0, x1)),
                        row[x0..x1].contains(&Tile::Floor),
                        "row {y}, columns {x0}..{x1}"
                    );
                }
            }
        }
    }

    #[test]
    fn gaps_stop_at_the_room_count_and_spare_rooms_on_the_canvas() {
        let sizes = SizeRange::new(4, 6).unwrap();
        let mut canvas = Canvas::new(60, 40).unwrap();
        let first = Rect::new(20, 15, 6, 6).unwrap();
        canvas.add_rect(first).unwrap();
        let mut rooms = vec![first];
        fill_gaps(&mut canvas, &mut rooms, sizes, 4, &[], &mut seeded_rng(5)).unwrap();
        assert_eq!(rooms.len(), 4);
        assert!(apart(&rooms));
        // A map that one room fills leaves no gap.
        let mut full = Canvas::new(14, 14).unwrap();
        let big = Rect::new(1, 1, 12, 12).unwrap();
        full.add_rect(big).unwrap();
        let mut rooms = vec![big];
        fill_gaps(
            &mut full,
            &mut rooms,
            sizes,
            usize::MAX,
            &[],
            &mut seeded_rng(5),
        )
        .unwrap();
        assert_eq!(rooms, [big]);
    }

    #[test]
    fn a_room_count_caps_the_level_and_none_fills_the_map() {
        let counted = ScatterConfig {
            width: 200,
            height: 120,
            rooms: 40,
            ..ScatterConfig::default()
        };
        for seed in 1..=3 {
            let few = scatter(&counted, seed).unwrap();
            assert!(few.rooms().len() <= 40, "{}", few.rooms().len());
            let full = scatter(
                &ScatterConfig {
                    rooms: 0,
                    ..counted
                },
                seed,
            )
            .unwrap();
            // One per 190 tiles would be 126 (+40 for the edges), and the
            // gaps take more: about 7 per 1000 tiles.
            assert!(full.rooms().len() >= 150, "{}", full.rooms().len());
        }
    }

    #[test]
    fn one_room_is_a_level() {
        let c = ScatterConfig {
            rooms: 1,
            ..ScatterConfig::default()
        };
        let level = scatter(&c, 2).unwrap();
        assert_eq!(level.rooms().len(), 1);
        assert!(level.doors().is_empty());
    }
}
