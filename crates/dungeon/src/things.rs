//! Things placed by rule, the stage after the level is finished (after its
//! locks): the entries of spawn tables ([`mcrdun_things`]) put on the
//! level, every rule of every entry kept.
//!
//! [`place_map`] reads a finished level as a [`PlaceMap`]: room floor (a
//! cave's and a maze's floor too) is [`Spot::Room`], corridors
//! [`Spot::Corridor`], the floor of a placed vault (its markers included)
//! [`Spot::Vault`], doors [`Spot::Door`] (their required vault entrances
//! too), the stairs and the keys of the locks [`Spot::Closed`], locked
//! doors [`Spot::Barrier`]; the up stairs are where walking distances
//! start, and `away` counts from both stairs. Each room floor tile carries
//! its room's index (a vault's tiles their vault's room); a room whose
//! floor is not one piece of its own (floor running into another room's)
//! reports none. The markers are the vaults' markers.
//!
//! [`Level::place_things`] places tables on a level with a seed of their
//! own derived from the level's ([`things_seed`]), so the map stays the
//! same level with or without things; [`generate_with_things`] does both
//! for a [`LevelConfig`], the level's depth read from its `dungeon_level`
//! option. With no tables (or no entry at the level's depth) nothing
//! changes: the level is byte for byte the one made without them.
//!
//! Walking distances are those of the map as it is: a locked door is
//! walked through as a door is (a thing's `distance` and `away` count
//! steps, not keys). [`generate_with_things`] hands the stage the walk
//! from the up stairs that finishing the level computed to place the down
//! stairs (held, 4 bytes a tile, only from the finish to the things, over
//! the locks stage, which changes no tile's walkability; a [`Level`]
//! never keeps it); [`Level::place_things`] on a level of its own walks
//! it again. Both give the same things.
//!
//! A blocking thing never stands where it could cut the level apart, and
//! a locked door is a barrier its check never walks through, so a level
//! whose locks are solvable stays solvable (see [`mcrdun_things`]).
//!
//! Cost: the placement's ([`mcrdun_things::PLACE_BYTES_PER_TILE`] a tile,
//! linear in the tiles times the entries plus the things), plus this
//! map's 5 bytes a tile (a spot and, on a level with rooms or with
//! vaults in rooms, a room index; the stage itself, on a level whose
//! rooms are rectangles that do not overlap, a BSP or scatter level,
//! keeps no room index but an index of the rooms by 64x64 cells and
//! finds the room of each thing placed) and the rooms' search
//! (at most each room's bounding box once), checked against the level's
//! memory ceiling.
//!
//! ```
//! use mcrdun_dungeon::{generate_with_things, LevelConfig, LevelKind, Tile};
//! let table = mcrdun_things::parse(
//!     "thing chest\nglyph C\ncount 1\ndistance 0.8..1\n\
//!      thing rat\nglyph r\ncount 3..5\nwhere room corridor\naway 5\n",
//!     "t",
//! )
//! .unwrap();
//! let mut config = LevelConfig::new(LevelKind::Bsp, 80, 50);
//! config.set("dungeon_level", 3.0)?;
//! let level = generate_with_things(&config, &[], &[table], 7)?;
//! assert!(level.things().iter().any(|t| t.name == "chest"));
//! assert!(level.to_ascii().contains('C'));
//! for t in level.things() {
//!     let tile = level.tile(t.at).unwrap();
//!     assert!(matches!(tile, Tile::Floor | Tile::Corridor), "{tile:?}");
//!     assert!(t.room.is_some() || tile == Tile::Corridor);
//! }
//! # Ok::<(), mcrdun_dungeon::LevelError>(())
//! ```

use crate::finish::Walk;
use crate::{Level, LevelConfig, LevelError, Tile, Vault};
use mcrdun_geom::memory::{Budget, check_bytes, try_vec};
use mcrdun_geom::{Grid, Point, Rect};
use mcrdun_things::{NO_ROOM, PlaceMap, Spot, Table, Thing};
use mcrdun_vaults::Glyph;

/// What the things' randomness is seeded with, for a level made with
/// `seed`: the seed mixed with a constant, so the things draw a stream of
/// their own and the map does not change.
pub const fn things_seed(seed: u64) -> u64 {
    seed ^ 0x5448_494E_4753_2D31 // "THINGS-1"
}

/// The bytes a tile [`place_map`] holds besides the placement: a spot and
/// a room index.
pub const MAP_BYTES_PER_TILE: u64 = 5;

/// The level as a map to place things on (see the module docs). `vaults`
/// are the vaults the level was made with (their maps say which tiles
/// are a vault's floor).
///
/// # Errors
/// [`LevelError::Vault`] when a placed vault's index is not in `vaults`;
/// [`LevelError::Things`] or [`LevelError::Geom`] above the memory
/// ceiling.
pub fn place_map(level: &Level, vaults: &[Vault]) -> Result<PlaceMap, LevelError> {
    Ok(place_map_walked(level, vaults, None, false)?.0)
}

/// [`place_map`] with the level's walk from the up stairs when the
/// pipeline kept it ([`crate::finish::keeping_walk`]). With `lazy`, a
/// level whose rooms are rectangles that do not overlap gets no rooms
/// grid: the map has no rooms, and the [`RectRooms`] returned tell the
/// room of any tile a thing takes (the grid's answer).
fn place_map_walked(
    level: &Level,
    vaults: &[Vault],
    walk: Option<Walk>,
    lazy: bool,
) -> Result<(PlaceMap, Option<RectRooms>), LevelError> {
    let tiles = level.tiles();
    let n = tiles.len();
    check_bytes(
        "the things' map",
        (n as u64).saturating_mul(MAP_BYTES_PER_TILE),
    )?;
    let (w, h) = (tiles.width(), tiles.height());
    let mut spots: Vec<Spot> = Vec::new();
    mcrdun_geom::memory::try_reserve("the things' map", &mut spots, n)?;
    spots.extend(tiles.as_slice().iter().map(|&t| spot_of(t)));
    // A level without rooms (a cave, a maze) whose vaults have none
    // either gives no room to any tile: no rooms grid.
    let any_room = !level.rooms().is_empty() || level.vaults().iter().any(|v| v.room.is_some());
    let rect = if lazy && any_room {
        RectRooms::of(level)?
    } else {
        None
    };
    let grid = any_room && rect.is_none();
    let mut vault_rooms: Vec<(u32, u32)> = Vec::new();
    let mut rooms = if grid {
        try_vec("the things' map", n, NO_ROOM)?
    } else {
        Vec::new()
    };
    // Vault floor, with the vault's room.
    for pv in level.vaults() {
        let vault = vaults.get(pv.index as usize).ok_or_else(|| LevelError::Vault {
            name: pv.name.clone(),
            reason: format!(
                "placed as vault {} of the list, but the vaults given to the things' stage are {}",
                pv.index,
                vaults.len()
            ),
        })?;
        let shape = vault.shape().oriented(pv.orientation);
        for (p, g) in shape.tiles() {
            let walkable = matches!(
                g,
                Glyph::Floor | Glyph::Marker(_) | Glyph::StairsUp | Glyph::StairsDown
            );
            let at = Point::new(pv.bounds.x() + p.x, pv.bounds.y() + p.y);
            if let Some(i) = tiles.index_of(at)
                && walkable
            {
                if spots[i] == Spot::Room {
                    spots[i] = Spot::Vault;
                }
                if spots[i].is_usable() {
                    if grid {
                        rooms[i] = pv.room.unwrap_or(NO_ROOM);
                    } else if rect.is_some() {
                        mcrdun_geom::memory::grow("vault rooms", &mut vault_rooms, 0)?;
                        vault_rooms.push((i as u32, pv.room.unwrap_or(NO_ROOM)));
                    }
                }
            }
        }
    }
    for lock in level.locks() {
        if let Some(i) = tiles.index_of(lock.key) {
            spots[i] = Spot::Closed;
        }
    }
    if grid {
        room_floors(level, &spots, &mut rooms)?;
    }
    let rect = rect.map(|mut r| {
        // A later vault's tile keeps the later vault's room.
        vault_rooms.reverse();
        vault_rooms.sort_by_key(|v| v.0);
        vault_rooms.dedup_by_key(|v| v.0);
        r.vaults = vault_rooms;
        r
    });
    let spots = Grid::from_vec(w, h, spots)?;
    let map = PlaceMap::new(spots, level.stairs_up())?;
    let map = if grid {
        map.with_rooms(Grid::from_vec(w, h, rooms)?)?
    } else {
        map
    };
    let map = map
        .with_end(level.stairs_down())?
        .with_markers(level.markers().iter().map(|m| (m.at, m.label)))?;
    let map = match walk {
        // The finish's breadth-first walk over these tiles (the locks
        // change no tile's walkability): the walk by construction, not
        // checked again (the stage's test checks it is the walk).
        Some(walk) if walk.distances.len() == n => {
            map.with_trusted_walk(walk.distances, walk.farthest)?
        }
        _ => map,
    };
    Ok((map, rect))
}

/// The spot of a level's tile before the vaults and keys are read: floor
/// is room floor, both stairs closed, a locked door a barrier. In
/// arithmetic on the bytes (the tiles' C values, the spots' C values:
/// one more from the door on, one less from the down stairs on, one
/// less again from the locked door on), so that the map's conversion
/// vectorises (a `match` is a table lookup a tile); the test
/// `spots_of_tiles` holds it to the `match`.
#[inline(always)]
fn spot_of(t: Tile) -> Spot {
    let b = t as u8;
    let s = b + u8::from(b >= Tile::Door as u8)
        - u8::from(b >= Tile::StairsDown as u8)
        - u8::from(b >= Tile::LockedDoor as u8);
    // Every tile's byte gives a spot's: never the fallback.
    Spot::from_u8(s).unwrap_or(Spot::Wall)
}

/// The rooms of a level whose rooms are all rectangles and whose bounds
/// do not overlap, for the tiles things take: what the rooms grid of
/// [`place_map`] would say there, without the grid (4 bytes a tile). A
/// vault's usable tile has its vault's room; room floor its room's, the
/// one whose bounds hold it; anything else none.
struct RectRooms {
    /// The map's width; the side of a cell of the index.
    w: usize,
    /// Cells of `CELL` x `CELL` tiles in raster order, each the rooms
    /// whose bounds meet it (`starts` into `ids`).
    cells_w: usize,
    starts: Vec<u32>,
    ids: Vec<u32>,
    /// The vaults' usable tiles and their rooms, sorted by tile.
    vaults: Vec<(u32, u32)>,
}

impl RectRooms {
    const CELL: usize = 64;

    /// The index of `level`'s rooms, or `None` when a room is not a
    /// rectangle or two rooms' bounds overlap (or a room is off the map).
    fn of(level: &Level) -> Result<Option<RectRooms>, LevelError> {
        let tiles = level.tiles();
        let (w, h) = (tiles.width() as usize, tiles.height() as usize);
        let rooms = level.rooms();
        let inside = |b: Rect| {
            b.x() >= 0
                && b.y() >= 0
                && (b.x() + b.w()) as usize <= w
                && (b.y() + b.h()) as usize <= h
        };
        if rooms.iter().any(|r| {
            u64::from(r.area) != r.bounds.w() as u64 * r.bounds.h() as u64 || !inside(r.bounds)
        }) {
            return Ok(None);
        }
        let cells_w = w.div_ceil(Self::CELL);
        let cells = cells_w * h.div_ceil(Self::CELL);
        let span = |b: Rect| {
            let (x0, y0) = (b.x() as usize / Self::CELL, b.y() as usize / Self::CELL);
            let x1 = (b.x() + b.w() - 1) as usize / Self::CELL;
            let y1 = (b.y() + b.h() - 1) as usize / Self::CELL;
            (y0..=y1).flat_map(move |cy| (x0..=x1).map(move |cx| cy * cells_w + cx))
        };
        let mut starts = try_vec("room index", cells + 1, 0u32)?;
        for r in rooms {
            for c in span(r.bounds) {
                starts[c + 1] += 1;
            }
        }
        for c in 1..starts.len() {
            starts[c] += starts[c - 1];
        }
        let mut ids = try_vec("room index", starts[cells] as usize, 0u32)?;
        let mut next = starts.clone();
        for (k, r) in rooms.iter().enumerate() {
            for c in span(r.bounds) {
                ids[next[c] as usize] = k as u32;
                next[c] += 1;
            }
        }
        // Two rooms that overlap share a cell.
        for c in 0..cells {
            let here = &ids[starts[c] as usize..starts[c + 1] as usize];
            for (a, &i) in here.iter().enumerate() {
                for &j in &here[a + 1..] {
                    let (p, q) = (rooms[i as usize].bounds, rooms[j as usize].bounds);
                    if p.x() < q.x() + q.w()
                        && q.x() < p.x() + p.w()
                        && p.y() < q.y() + q.h()
                        && q.y() < p.y() + p.h()
                    {
                        return Ok(None);
                    }
                }
            }
        }
        Ok(Some(RectRooms {
            w,
            cells_w,
            starts,
            ids,
            vaults: Vec::new(),
        }))
    }

    /// The room of tile `at`, whose spot is `spot` (usable).
    fn room(&self, level: &Level, at: Point, spot: Spot) -> Option<u32> {
        let i = at.y as usize * self.w + at.x as usize;
        if let Ok(k) = self.vaults.binary_search_by_key(&(i as u32), |v| v.0) {
            let r = self.vaults[k].1;
            return (r != NO_ROOM).then_some(r);
        }
        if spot != Spot::Room {
            return None;
        }
        let c = at.y as usize / Self::CELL * self.cells_w + at.x as usize / Self::CELL;
        let rooms = level.rooms();
        self.ids[self.starts[c] as usize..self.starts[c + 1] as usize]
            .iter()
            .copied()
            .find(|&k| {
                let b = rooms[k as usize].bounds;
                at.x >= b.x() && at.y >= b.y() && at.x < b.x() + b.w() && at.y < b.y() + b.h()
            })
    }
}

/// Gives each room's floor tiles its index: a rectangular room all the
/// room floor of its bounds; another (a passages room) the piece of room
/// floor inside its bounds whose size is its area. Each room's bounds are
/// read once, each piece in them flooded once.
fn room_floors(level: &Level, spots: &[Spot], rooms: &mut [u32]) -> Result<(), LevelError> {
    /// A tile of a piece already tried for the room being read.
    const TRIED: u32 = NO_ROOM - 1;
    let tiles = level.tiles();
    let w = tiles.width() as usize;
    let h = tiles.height() as usize;
    let mut stack: Vec<(u32, u32)> = Vec::new();
    let mut piece: Vec<usize> = Vec::new();
    let mut tried: Vec<usize> = Vec::new();
    for (k, room) in level.rooms().iter().enumerate() {
        let b = room.bounds;
        let rectangular = u64::from(room.area) == b.w() as u64 * b.h() as u64;
        if rectangular {
            // All the free room floor of its bounds (clipped to the map),
            // row by row.
            let (x0, x1) = (b.x().max(0), (b.x() + b.w()).min(w as i32));
            for y in b.y().max(0)..(b.y() + b.h()).min(h as i32) {
                if x0 >= x1 {
                    break;
                }
                let r = y as usize * w + x0 as usize..y as usize * w + x1 as usize;
                for (room_of, &s) in rooms[r.clone()].iter_mut().zip(&spots[r]) {
                    if s == Spot::Room && *room_of == NO_ROOM {
                        *room_of = k as u32;
                    }
                }
            }
            continue;
        }
        tried.clear();
        // The bounds clipped to the map (a flood keeps inside them).
        let (x0, x1) = (
            b.x().max(0) as usize,
            (b.x() + b.w()).clamp(0, w as i32) as usize,
        );
        let (y0, y1) = (
            b.y().max(0) as usize,
            (b.y() + b.h()).clamp(0, h as i32) as usize,
        );
        'room: for y in y0..y1 {
            for x in x0..x1 {
                let i = y * w + x;
                if spots[i] != Spot::Room || rooms[i] != NO_ROOM {
                    continue;
                }
                // The piece of free room floor inside the bounds from here.
                piece.clear();
                stack.clear();
                rooms[i] = TRIED;
                mcrdun_geom::memory::grow("room floors", &mut stack, 0)?;
                stack.push((x as u32, y as u32));
                while let Some((cx, cy)) = stack.pop() {
                    let (cx, cy) = (cx as usize, cy as usize);
                    let c = cy * w + cx;
                    mcrdun_geom::memory::grow("room floors", &mut piece, 0)?;
                    piece.push(c);
                    macro_rules! visit {
                        ($jx:expr, $jy:expr) => {
                            let (jx, jy) = ($jx, $jy);
                            let j = jy * w + jx;
                            if spots[j] == Spot::Room && rooms[j] == NO_ROOM {
                                rooms[j] = TRIED;
                                mcrdun_geom::memory::grow("room floors", &mut stack, 0)?;
                                stack.push((jx as u32, jy as u32));
                            }
                        };
                    }
                    if cy > y0 {
                        visit!(cx, cy - 1);
                    }
                    if cx + 1 < x1 {
                        visit!(cx + 1, cy);
                    }
                    if cy + 1 < y1 {
                        visit!(cx, cy + 1);
                    }
                    if cx > x0 {
                        visit!(cx - 1, cy);
                    }
                }
                if piece.len() as u64 == u64::from(room.area) {
                    for &c in &piece {
                        rooms[c] = k as u32;
                    }
                    break 'room;
                }
                mcrdun_geom::memory::try_reserve("room floors", &mut tried, piece.len())?;
                tried.extend_from_slice(&piece);
            }
        }
        for &c in &tried {
            rooms[c] = NO_ROOM;
        }
    }
    Ok(())
}

impl Level {
    /// Places `tables` on this level for dungeon depth `depth` (see the
    /// module docs), with the things' own stream drawn from `seed`
    /// ([`things_seed`]), replacing any things it had; `vaults` are the
    /// vaults the level was made with. On an error the level keeps the
    /// things it had.
    ///
    /// # Errors
    /// [`LevelError::Things`] naming a required entry and the rule it could
    /// not keep (or two tables' clash, or the memory ceiling), and those of
    /// [`place_map`].
    pub fn place_things(
        &mut self,
        vaults: &[Vault],
        tables: &[Table],
        depth: u32,
        seed: u64,
    ) -> Result<(), LevelError> {
        self.place_things_walked(vaults, tables, depth, seed, None)
    }

    /// [`Level::place_things`] with the level's walk from the up stairs
    /// when the pipeline kept it.
    fn place_things_walked(
        &mut self,
        vaults: &[Vault],
        tables: &[Table],
        depth: u32,
        seed: u64,
        walk: Option<Walk>,
    ) -> Result<(), LevelError> {
        let any = tables
            .iter()
            .flat_map(|t| t.entries())
            .any(|e| e.at_depth(depth));
        if !any {
            self.things = Vec::new();
            return Ok(());
        }
        let _budget = Budget::start();
        let (map, rect) = place_map_walked(self, vaults, walk, true)?;
        let mut things: Vec<Thing> =
            mcrdun_things::place_seeded(&map, tables, depth, things_seed(seed))?;
        if let Some(rect) = rect {
            for t in &mut things {
                let spot = *map.spots().get(t.at).expect("a thing is on the map");
                t.room = rect.room(self, t.at, spot);
            }
        }
        self.things = things;
        Ok(())
    }
}

/// Runs the pipeline `config` names with `seed` and `vaults`
/// ([`crate::generate_with_vaults`]), then places `tables` on the level
/// at the depth of its `dungeon_level` option, under the level's memory
/// ceiling. With no tables, the same level as `generate_with_vaults`.
///
/// # Errors
/// The pipeline's [`LevelError`], and those of [`Level::place_things`].
pub fn generate_with_things(
    config: &LevelConfig,
    vaults: &[Vault],
    tables: &[Table],
    seed: u64,
) -> Result<Level, LevelError> {
    if tables.is_empty() {
        return crate::generate_with_vaults(config, vaults, seed);
    }
    // The walk from the up stairs that finishing the level computed is
    // kept for the things (not walked again).
    let (level, walk) =
        crate::finish::keeping_walk(|| crate::generate_with_vaults(config, vaults, seed));
    let mut level = level?;
    let cap = match config.max_bytes() {
        0 => u64::MAX,
        m => m,
    };
    let _budget = Budget::start_with(cap);
    let depth = config.get("dungeon_level")? as u32;
    level.place_things_walked(vaults, tables, depth, seed, walk)?;
    Ok(level)
}

#[cfg(test)]
mod tests {
    use crate::finish::keeping_walk;
    use crate::{LevelConfig, LevelKind, generate};

    /// The arithmetic of `spot_of` is the reading the module docs give.
    #[test]
    fn spots_of_tiles() {
        use crate::Tile;
        use mcrdun_things::Spot;
        for t in Tile::ALL {
            let want = match t {
                Tile::Wall => Spot::Wall,
                Tile::Floor => Spot::Room,
                Tile::Corridor => Spot::Corridor,
                Tile::Door => Spot::Door,
                Tile::StairsUp | Tile::StairsDown => Spot::Closed,
                Tile::LockedDoor => Spot::Barrier,
            };
            assert_eq!(super::spot_of(t), want, "{t:?}");
        }
    }

    /// Every pipeline's finish hands its walk over, with locks too, and
    /// the walk is the one the things' stage would make.
    #[test]
    fn every_pipeline_keeps_its_walk() {
        for kind in LevelKind::ALL {
            let mut c = LevelConfig::new(kind, 60, 40);
            c.set("locks", 1.0).unwrap();
            // Seed 4: a lock fits on every kind at 60x40 (seed 3's cave
            // has no band of a sixteenth of its share beyond a cut).
            let (level, walk) = keeping_walk(|| generate(&c, 4));
            let level = level.unwrap();
            let walk = walk.expect("the finish kept its walk");
            let up = level.tiles().index_of(level.stairs_up()).unwrap();
            let d = &walk.distances;
            assert_eq!((d.len(), d[up]), (level.tiles().len(), 0));
            let reached = d.iter().filter(|&&d| d != mcrdun_distance::UNREACHED);
            assert_eq!(reached.clone().count(), level.summary().walkable);
            assert_eq!(Some(walk.farthest as i32), reached.max().copied());
            let map = super::place_map(&level, &[]).unwrap();
            // Checked: the walk is the level's.
            let given = map.clone().with_distances(d.clone()).unwrap();
            let trusted = map.clone().with_trusted_walk(walk.distances, walk.farthest);
            let table = mcrdun_things::parse("thing r\nglyph r\ncount 9\n", "t").unwrap();
            let place = |m: &mcrdun_things::PlaceMap| {
                mcrdun_things::place_seeded(m, std::slice::from_ref(&table), 1, 5).unwrap()
            };
            let a = place(&map);
            assert_eq!(a, place(&given), "{}", kind.name());
            assert_eq!(a, place(&trusted.unwrap()), "{}", kind.name());
            // Nothing is kept outside.
            let (_, none) = keeping_walk(|| ());
            assert!(none.is_none());
        }
    }
}
