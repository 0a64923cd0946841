//! The scatter level: rooms scattered, pushed apart, linked to their
//! neighbours.

use crate::carving::{dig, fill_room};
use crate::error::{check_fraction, check_size};
use crate::{Door, Level, LevelError, LevelKind, Room, Tile};
use mcrdun_geom::random::{range_i32, seeded_rng};
use mcrdun_geom::{DisjointSets, Grid, Point, Rect, Side};
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
    /// separation, or out of reach of the largest group, are dropped.
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
///    over at least 2 tiles (`neighbours`). A flood from the first room of
///    the largest group builds the neighbour tree (`connect`); the rooms it
///    cannot reach are dropped (`remove_unreachable`), and `loops` of the
///    unused neighbour pairs are linked too (`with_loops`).
/// 3. Each link is a straight corridor across the gap at a random place of
///    the facing span, with a door next to the first room.
/// 4. [`Level::finish`] places the stairs.
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
/// assert!(level.doors().len() >= level.rooms().len() - 1);
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
        config.rooms as usize,
        SpawnArea::Rect(middle),
        sizes,
        sizes,
    )
    .map_err(scatter_error)?;
    separate(
        &mut rooms,
        SeparateOptions {
            padding: PADDING,
            spread: true,
            ..SeparateOptions::default()
        },
    )
    .map_err(scatter_error)?;

    // Centre the heap, then keep what fits inside the border.
    let (mut x0, mut y0, mut x1, mut y1) = (i64::MAX, i64::MAX, i64::MIN, i64::MIN);
    for r in &rooms {
        x0 = x0.min(i64::from(r.x()));
        y0 = y0.min(i64::from(r.y()));
        x1 = x1.max(i64::from(r.right()));
        y1 = y1.max(i64::from(r.bottom()));
    }
    let dx = (i64::from(w) - (x1 - x0)) / 2 - x0;
    let dy = (i64::from(h) - (y1 - y0)) / 2 - y0;
    let inside = Rect::new(1, 1, w - 2, h - 2)?;
    let rooms: Vec<Rect> = rooms
        .iter()
        .filter_map(|r| {
            let x = i32::try_from(i64::from(r.x()) + dx).ok()?;
            let y = i32::try_from(i64::from(r.y()) + dy).ok()?;
            let moved = Rect::new(x, y, r.w(), r.h()).ok()?;
            inside.contains_rect(&moved).then_some(moved)
        })
        .collect();
    if rooms.is_empty() {
        return Err(LevelError::Unsatisfiable(
            "no scattered room fits inside the map".into(),
        ));
    }

    // The neighbour tree by flooding from the first room of the largest
    // group (mcrdun-scatter's `connect`), the rooms it cannot reach dropped,
    // then `loops` of the unused neighbour pairs.
    let links = neighbours(&rooms, MAX_GAP, 1).map_err(scatter_error)?;
    let start = largest_group_start(rooms.len(), &links);
    let mut rooms = rooms;
    let connections = connect(rooms.len(), &links, start)
        .and_then(|c| c.remove_unreachable(&mut rooms))
        .and_then(|c| c.with_loops(config.loops, &mut rng))
        .map_err(scatter_error)?;

    let mut tiles = Grid::new(config.width, config.height, Tile::Wall)?;
    for r in &rooms {
        fill_room(&mut tiles, r);
    }
    let mut doors = Vec::with_capacity(connections.tree().len() + connections.loops().len());
    for &link in connections.links() {
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
    let rooms = rooms
        .into_iter()
        .map(|bounds| Room {
            bounds,
            area: (bounds.w() as u32) * (bounds.h() as u32),
        })
        .collect();
    Level::finish(LevelKind::Scatter, tiles, rooms, doors)
}

/// The first room (by index) of the largest group of the neighbour graph.
fn largest_group_start(rooms: usize, links: &[Link]) -> usize {
    let mut sets = DisjointSets::new(rooms);
    for l in links {
        sets.union(l.a, l.b);
    }
    let roots: Vec<usize> = (0..rooms).map(|i| sets.find(i)).collect();
    let mut size = vec![0u32; rooms];
    for &r in &roots {
        size[r] += 1;
    }
    // Named by its first room, whatever the union-find chose as its root.
    let most = size.iter().copied().max().unwrap_or(0);
    roots.iter().position(|&r| size[r] == most).unwrap_or(0)
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
