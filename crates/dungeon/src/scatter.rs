//! The scatter level: rooms scattered, pushed apart, linked to their
//! neighbours.

use crate::carving::{dig, fill_room};
use crate::error::{check_fraction, check_size};
use crate::{Door, Level, LevelError, LevelKind, Room, Tile};
use mcrdun_geom::random::{range_i32, seeded_rng};
use mcrdun_geom::{Grid, Point, Rect, Side};
use mcrdun_scatter::{
    Link, ScatterError, SeparateOptions, SizeRange, SpawnArea, connect, neighbours,
    scatter as spawn, separate,
};

/// Options of the scatter level.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScatterConfig {
    /// Width in tiles (at least `max_room + 2`).
    pub width: u32,
    /// Height in tiles (at least `max_room + 2`).
    pub height: u32,
    /// Rooms scattered (default 30). Those that end up outside the map after
    /// separation are dropped.
    pub rooms: u32,
    /// The smallest room side (default 4).
    pub min_room: u32,
    /// The largest room side (default 10).
    pub max_room: u32,
    /// The share, in `[0, 1]`, of the neighbour pairs left out of the
    /// spanning tree that are linked anyway (default 0.15).
    pub loops: f64,
}

impl Default for ScatterConfig {
    fn default() -> ScatterConfig {
        ScatterConfig {
            width: 80,
            height: 50,
            rooms: 30,
            min_room: 4,
            max_room: 10,
            loops: 0.15,
        }
    }
}

/// Empty tiles kept between rooms by the separation: room floors never
/// touch, and a corridor between two neighbours (gap below [`MAX_GAP`])
/// cannot cross a third room, which would need a gap of at least
/// `2 * PADDING + 1`.
const PADDING: u32 = 2;
/// Rooms closer than this (and overlapping by at least 2 along the facing
/// sides) are neighbours.
const MAX_GAP: u32 = 2 * PADDING + 1;

fn scatter_error(e: ScatterError) -> LevelError {
    match e {
        ScatterError::Geom(g) => g.into(),
        other => LevelError::Component {
            component: "scatter",
            message: other.to_string(),
        },
    }
}

/// A scatter level.
///
/// 1. `rooms` rooms of random size are dropped, overlapping, in the middle
///    half of the map (`mcrdun-scatter`), pushed apart until at least two
///    tiles separate any two, and the heap is centred on the map; rooms
///    that do not fit inside the map's border are dropped.
/// 2. Neighbours are rooms less than 5 tiles apart that face each other
///    over at least 2 tiles (`neighbours`). In each group of neighbours a
///    flood from its first room builds the group's tree (`connect`), and
///    `loops` of its unused neighbour pairs are linked too (`with_loops`).
/// 3. Each link is a straight corridor across the gap at a random place of
///    the facing span, with a door next to the first room.
/// 4. [`Level::finish`] joins the groups with dug corridors (the summary's
///    `regions` counts them) and places the stairs.
///
/// Cost: the separation's (about linear in rooms per step), then O(tiles).
///
/// # Errors
/// [`LevelError::TooSmall`] when the map cannot hold the largest room;
/// [`LevelError::InvalidOption`] for sizes with min > max or min < 1, or a
/// bad loop fraction; [`LevelError::Unsatisfiable`] when no room fits.
///
/// ```
/// use mcrdun_dungeon::{scatter, ScatterConfig};
/// let level = scatter(&ScatterConfig::default(), 7)?;
/// assert!(level.rooms().len() >= 2);
/// // A tree of doors in each group of neighbours; groups joined by digging.
/// assert!(level.doors().len() + level.summary().regions >= level.rooms().len());
/// # Ok::<(), mcrdun_dungeon::LevelError>(())
/// ```
pub fn scatter(config: &ScatterConfig, seed: u64) -> Result<Level, LevelError> {
    check_fraction("loops", config.loops)?;
    let sizes = SizeRange::new(config.min_room, config.max_room).map_err(|e| {
        LevelError::InvalidOption {
            name: "min-room",
            reason: format!("{e} (--min-room and --max-room)"),
        }
    })?;
    let side = config.max_room.saturating_add(2);
    check_size("scatter", config.width, config.height, side, side)?;
    if config.rooms == 0 {
        return Err(LevelError::InvalidOption {
            name: "rooms",
            reason: "at least one room is needed".into(),
        });
    }
    let (w, h) = (config.width as i32, config.height as i32);
    let mut rng = seeded_rng(seed);
    let middle = Rect::new(w / 4, h / 4, (w / 2).max(1), (h / 2).max(1))?;
    let mut rooms = spawn(
        &mut rng,
        room_budget(config, sizes) as usize,
        SpawnArea::Rect(middle),
        sizes,
        sizes,
    )
    .map_err(scatter_error)?;
    separate(
        &mut rooms,
        SeparateOptions {
            padding: PADDING,
            ..SeparateOptions::default()
        },
    )
    .map_err(scatter_error)?;

    let rooms = place_inside(&rooms, w, h)?;

    // Each group of the neighbour graph gets its own tree by flooding from
    // its first room (mcrdun-scatter's `connect`), plus `loops` of its
    // unused neighbour pairs; the common ending then joins the groups with
    // dug corridors, so no room that fits is lost.
    let links = neighbours(&rooms, MAX_GAP, 1).map_err(scatter_error)?;
    let mut linked: Vec<Link> = Vec::with_capacity(links.len());
    let mut reached = vec![false; rooms.len()];
    for start in 0..rooms.len() {
        if reached[start] {
            continue;
        }
        let group = connect(rooms.len(), &links, start)
            .and_then(|c| c.with_loops(config.loops, &mut rng))
            .map_err(scatter_error)?;
        for (room, seen) in reached.iter_mut().enumerate() {
            *seen |= group.is_reached(room);
        }
        linked.extend(group.links().copied());
    }

    let mut tiles = Grid::new(config.width, config.height, Tile::Wall)?;
    for r in &rooms {
        fill_room(&mut tiles, r);
    }
    let mut doors = Vec::with_capacity(linked.len());
    for link in linked {
        let span = link.door;
        let a = &rooms[link.a];
        let t = range_i32(&mut rng, span.start, span.end - 1)?;
        let first = match span.side {
            Side::East => Point::new(a.right(), t),
            Side::West => Point::new(a.x() - 1, t),
            Side::North => Point::new(t, a.y() - 1),
            Side::South => Point::new(t, a.bottom()),
        };
        for k in 1..span.gap as i32 {
            dig(
                &mut tiles,
                first + Point::new(span.side.delta().x * k, span.side.delta().y * k),
            );
        }
        if tiles[first] != Tile::Door {
            tiles[first] = Tile::Door;
            doors.push(Door {
                at: first,
                rooms: (link.a.min(link.b) as u32, link.a.max(link.b) as u32),
            });
        }
    }
    let rooms = rooms.into_iter().map(Room::rectangular).collect();
    Level::finish(LevelKind::Scatter, tiles, rooms, doors)
}

/// How many rooms to scatter: `config.rooms`, but no more than the inner
/// map could hold if the rooms, with their padding, tiled it perfectly.
/// More would push most of the heap off a small map and leave it to chance
/// which few rooms land inside.
fn room_budget(config: &ScatterConfig, sizes: SizeRange) -> u32 {
    let mean_side = (u64::from(sizes.min()) + u64::from(sizes.max())) / 2 + u64::from(PADDING);
    let inner = u64::from(config.width - 2) * u64::from(config.height - 2);
    let fits = (inner / (mean_side * mean_side)).max(1);
    config.rooms.min(u32::try_from(fits).unwrap_or(u32::MAX))
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
    let placed = shifted(
        (i64::from(w) - (x1 - x0)) / 2 - x0,
        (i64::from(h) - (y1 - y0)) / 2 - y0,
    );
    if !placed.is_empty() {
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
        assert!(scatter(&ScatterConfig { rooms: 0, ..c }, 1).is_err());
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
