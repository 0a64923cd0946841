//! The passages level: rooms of any shape (the cells of a Voronoi
//! partition), doors chosen by `mcrdun-passages`.

use crate::carving::dig;
use crate::error::{check_fraction, check_size};
use crate::{Door, Level, LevelError, LevelKind, Room, Tile};
use mcrdun_geom::random::{range_i32, seeded_rng};
use mcrdun_geom::{Grid, Point, Rect};
use mcrdun_passages::{Layout, PassagesError, Policy, passages as plan_passages};

/// Options of the passages level.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PassagesConfig {
    /// Width in tiles (at least 7).
    pub width: u32,
    /// Height in tiles (at least 7).
    pub height: u32,
    /// Rooms wanted: Voronoi sites, at least 4 tiles apart (Manhattan); fewer
    /// when the map has no room for them (default 24).
    pub rooms: u32,
    /// The share, in `[0, 1]`, of the adjacent room pairs left out of the
    /// spanning tree that get a passage anyway (default 0.1).
    pub loops: f64,
}

impl Default for PassagesConfig {
    fn default() -> PassagesConfig {
        PassagesConfig {
            width: 80,
            height: 50,
            rooms: 24,
            loops: 0.1,
        }
    }
}

/// The Manhattan distance below which no two sites are placed: it keeps
/// each site's four neighbours in its own cell, so every room has floor.
const SITE_SPACING: i32 = 4;

const NONE: u32 = u32::MAX;

fn passages_error(e: PassagesError) -> LevelError {
    match e {
        PassagesError::Geom(g) => g.into(),
        other => LevelError::Component {
            component: "passages",
            message: other.to_string(),
        },
    }
}

/// A passages level.
///
/// 1. Sites are drawn at random inside the map, at least 4 apart
///    (Manhattan; up to 20 draws per room wanted).
/// 2. Each interior tile goes to its nearest site by a breadth-first search
///    from all sites at once (ties to the lower site), so each room is a
///    4-connected cell of a discrete Voronoi partition.
/// 3. A room's floor is its tiles whose four neighbours are all its own;
///    the rest is its rim, so two rooms are separated by two walls.
/// 4. The cells become a `mcrdun-passages` layout (`Layout::from_labels`); `passages` picks a
///    spanning tree of the room graph plus `loops` of the other adjacent
///    pairs, one passage each, by its weighted choice (cells with more
///    neighbours across weigh more).
/// 5. A passage is two rim tiles: the first becomes the door, the second a
///    corridor, and each is joined to its room's floor by the shortest path
///    inside the room.
/// 6. [`Level::finish`] places the stairs.
///
/// Cost: O(tiles) for the partition and layout, plus the passages'.
///
/// # Errors
/// [`LevelError::TooSmall`] under 7x7, [`LevelError::InvalidOption`] for 0
/// rooms or a bad loop fraction.
///
/// ```
/// use mcrdun_dungeon::{passages, PassagesConfig, Tile};
/// let level = passages(&PassagesConfig::default(), 7)?;
/// assert!(level.rooms().len() > 10);
/// assert!(level.doors().iter().all(|d| level.tile(d.at) == Some(Tile::Door)));
/// # Ok::<(), mcrdun_dungeon::LevelError>(())
/// ```
pub fn passages(config: &PassagesConfig, seed: u64) -> Result<Level, LevelError> {
    check_size("passages", config.width, config.height, 7, 7)?;
    check_fraction("loops", config.loops)?;
    if config.rooms == 0 {
        return Err(LevelError::InvalidOption {
            name: "rooms",
            reason: "at least one room is needed".into(),
        });
    }
    let (w, h) = (config.width as usize, config.height as usize);
    let mut rng = seeded_rng(seed);

    // 1. Sites, spaced by a mask of the tiles too close to an accepted one.
    let mut near = vec![false; w * h];
    let mut sites: Vec<usize> = Vec::new();
    let attempts = u64::from(config.rooms) * 20;
    for _ in 0..attempts {
        if sites.len() == config.rooms as usize {
            break;
        }
        let x = range_i32(&mut rng, 2, w as i32 - 3)?;
        let y = range_i32(&mut rng, 2, h as i32 - 3)?;
        let i = y as usize * w + x as usize;
        if near[i] {
            continue;
        }
        sites.push(i);
        for dy in -(SITE_SPACING - 1)..SITE_SPACING {
            let r = SITE_SPACING - 1 - dy.abs();
            for dx in -r..=r {
                let (nx, ny) = (x + dx, y + dy);
                if nx >= 0 && ny >= 0 && (nx as usize) < w && (ny as usize) < h {
                    near[ny as usize * w + nx as usize] = true;
                }
            }
        }
    }
    drop(near);

    // 2. The partition: a multi-source BFS over the interior.
    let mut owner = vec![NONE; w * h];
    let mut queue: Vec<u32> = Vec::with_capacity(w * h);
    for (k, &s) in sites.iter().enumerate() {
        owner[s] = k as u32;
        queue.push(s as u32);
    }
    let mut head = 0;
    while head < queue.len() {
        let i = queue[head] as usize;
        head += 1;
        let (x, y) = (i % w, i / w);
        for (j, ok) in [
            (i.wrapping_sub(w), y > 1),
            (i + 1, x + 2 < w),
            (i + w, y + 2 < h),
            (i.wrapping_sub(1), x > 1),
        ] {
            if ok && owner[j] == NONE {
                owner[j] = owner[i];
                queue.push(j as u32);
            }
        }
    }

    // 3. Floor and rim.
    let mut tiles = Grid::new(config.width, config.height, Tile::Wall)?;
    for (i, &o) in owner.iter().enumerate() {
        // Owned tiles are interior, so their four neighbours exist.
        if o != NONE
            && owner[i - w] == o
            && owner[i + w] == o
            && owner[i - 1] == o
            && owner[i + 1] == o
        {
            tiles.as_mut_slice()[i] = Tile::Floor;
        }
    }

    // 4. The layout (the owners are dense labels 0..n) and its passages.
    let labels = Grid::from_vec(config.width, config.height, owner)?;
    let layout = Layout::from_labels(&labels).map_err(passages_error)?;
    let owner = labels.as_slice();
    let per_mille = (config.loops * 1000.0).round() as u32;
    let plan = plan_passages(&layout, &mut rng, &Policy::spanning_tree(per_mille))
        .map_err(passages_error)?;

    // 5. Doors, and paths from the passage tiles to their rooms' floor.
    let mut seen = vec![NONE; w * h];
    let mut parent = vec![0u32; w * h];
    let mut doors = Vec::with_capacity(plan.passages.len());
    for (k, p) in plan.passages.iter().enumerate() {
        let (a, b) = (p.a.get(), p.b.get());
        for (cell, room, stamp) in [(p.cell_a, a, 2 * k as u32), (p.cell_b, b, 2 * k as u32 + 1)] {
            dig(&mut tiles, cell);
            path_to_floor(
                &mut tiles,
                owner,
                &mut seen,
                &mut parent,
                &mut queue,
                cell,
                room,
                stamp,
            );
        }
        // Two passages may leave from the same tile (a rim tile touching two
        // other rooms): one door serves both.
        if tiles[p.cell_a] != Tile::Door {
            tiles[p.cell_a] = Tile::Door;
            doors.push(Door {
                at: p.cell_a,
                rooms: (a.min(b), a.max(b)),
            });
        }
    }

    let rooms = layout
        .rooms()
        .map(|id| room_of(&tiles, layout.cells(id).map_err(passages_error)?))
        .collect::<Result<Vec<Room>, LevelError>>()?;
    Level::finish(LevelKind::Passages, tiles, rooms, doors)
}

/// Digs the shortest path inside `room` from `from` to the room's nearest
/// floor tile (nothing if `from` already touches one).
#[allow(clippy::too_many_arguments)]
fn path_to_floor(
    tiles: &mut Grid<Tile>,
    owner: &[u32],
    seen: &mut [u32],
    parent: &mut [u32],
    queue: &mut Vec<u32>,
    from: Point,
    room: u32,
    stamp: u32,
) {
    let w = tiles.width() as usize;
    let start = from.y as usize * w + from.x as usize;
    queue.clear();
    queue.push(start as u32);
    seen[start] = stamp;
    let mut head = 0;
    while head < queue.len() {
        let i = queue[head] as usize;
        head += 1;
        // Room tiles are interior tiles, so their neighbours are in bounds.
        for j in [i - w, i + 1, i + w, i - 1] {
            if owner[j] != room || seen[j] == stamp {
                continue;
            }
            seen[j] = stamp;
            parent[j] = i as u32;
            if tiles.as_slice()[j] == Tile::Floor {
                let mut k = i;
                while k != start {
                    tiles.as_mut_slice()[k] = match tiles.as_slice()[k] {
                        Tile::Wall => Tile::Corridor,
                        t => t,
                    };
                    k = parent[k] as usize;
                }
                return;
            }
            queue.push(j as u32);
        }
    }
}

/// The room record of a room's tiles: the bounding box and count of its floor.
fn room_of(tiles: &Grid<Tile>, cells: &[Point]) -> Result<Room, LevelError> {
    let mut floor = cells.iter().filter(|p| tiles[**p] == Tile::Floor);
    let Some(first) = floor.next() else {
        return Err(LevelError::Unsatisfiable("a room without floor".into()));
    };
    let (mut x0, mut y0, mut x1, mut y1, mut area) = (first.x, first.y, first.x, first.y, 1u32);
    for p in floor {
        x0 = x0.min(p.x);
        y0 = y0.min(p.y);
        x1 = x1.max(p.x);
        y1 = y1.max(p.y);
        area += 1;
    }
    Ok(Room {
        bounds: Rect::from_edges(x0, y0, x1 + 1, y1 + 1)?,
        area,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_options_are_errors() {
        let c = PassagesConfig::default();
        assert!(matches!(
            passages(&PassagesConfig { width: 6, ..c }, 1),
            Err(LevelError::TooSmall { .. })
        ));
        assert!(passages(&PassagesConfig { rooms: 0, ..c }, 1).is_err());
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
            width: 7,
            height: 7,
            ..PassagesConfig::default()
        };
        let level = passages(&c, 1).unwrap();
        assert!(!level.rooms().is_empty());
    }
}
