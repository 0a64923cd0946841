//! Whole levels from C: one call that builds a level into caller buffers,
//! and a level handle for callers that want to read it piece by piece.

use crate::boundary::{boundary, boundary_value};
use crate::error::{FfiError, FfiResult, McrdunStatus};
use crate::level_options::config_from_fields;
use crate::ptr::{BoxHandle, OutBuffer, all_fit, check_out, handle_ref, write_iter, write_out};
use crate::types::{McrdunPoint, McrdunRect};
use mcrdun_dungeon::{Level, LevelConfig, LevelError, LevelKind, Tile, generate, schema};

/// Tile byte: wall (not walkable).
pub const MCRDUN_TILE_WALL: u8 = 0;
/// Tile byte: room, cave or maze floor.
pub const MCRDUN_TILE_FLOOR: u8 = 1;
/// Tile byte: corridor.
pub const MCRDUN_TILE_CORRIDOR: u8 = 2;
/// Tile byte: door.
pub const MCRDUN_TILE_DOOR: u8 = 3;
/// Tile byte: the up staircase.
pub const MCRDUN_TILE_STAIRS_UP: u8 = 4;
/// Tile byte: the down staircase.
pub const MCRDUN_TILE_STAIRS_DOWN: u8 = 5;
/// Tile byte: a locked door, opened by its lock's key (a level made with
/// locks; a door, or in caves and mazes a chokepoint drawn as one).
/// Walkable once its lock is open. Byte 7: 6 is `MCRDUN_TILE_ROCK`.
pub const MCRDUN_TILE_LOCKED_DOOR: u8 = 7;
/// Tile byte: rock, a wall with no walkable tile among its 8 neighbours,
/// away from every room and corridor (a wall next to a walkable tile is
/// `MCRDUN_TILE_WALL`: a room's or a corridor's wall). Not walkable. The
/// level calls write it; a program that draws a level leaves it blank.
pub const MCRDUN_TILE_ROCK: u8 = 6;

const _: () = {
    assert!(MCRDUN_TILE_WALL == Tile::Wall as u8);
    assert!(MCRDUN_TILE_FLOOR == Tile::Floor as u8);
    assert!(MCRDUN_TILE_CORRIDOR == Tile::Corridor as u8);
    assert!(MCRDUN_TILE_DOOR == Tile::Door as u8);
    assert!(MCRDUN_TILE_STAIRS_UP == Tile::StairsUp as u8);
    assert!(MCRDUN_TILE_STAIRS_DOWN == Tile::StairsDown as u8);
    assert!(MCRDUN_TILE_LOCKED_DOOR == Tile::LockedDoor as u8);
    assert!(MCRDUN_TILE_ROCK == mcrdun_dungeon::ROCK_BYTE);
};

/// Level kind: rooms in BSP leaves linked along the leaf adjacency.
pub const MCRDUN_LEVEL_KIND_BSP: u32 = 0;
/// Level kind: scattered rooms pushed apart and linked to neighbours.
pub const MCRDUN_LEVEL_KIND_SCATTER: u32 = 1;
/// Level kind: a carved maze drawn as tiles.
pub const MCRDUN_LEVEL_KIND_MAZE: u32 = 2;
/// Level kind: a cellular-automaton cave.
pub const MCRDUN_LEVEL_KIND_CAVE: u32 = 3;
/// Level kind: Voronoi-cell rooms with passages between them.
pub const MCRDUN_LEVEL_KIND_PASSAGES: u32 = 4;
/// Level kind: a drunkard's walk, diggers staggering through rock.
pub const MCRDUN_LEVEL_KIND_DRUNKARD: u32 = 5;

const _: () = {
    assert!(matches!(
        LevelKind::ALL[MCRDUN_LEVEL_KIND_BSP as usize],
        LevelKind::Bsp
    ));
    assert!(matches!(
        LevelKind::ALL[MCRDUN_LEVEL_KIND_SCATTER as usize],
        LevelKind::Scatter
    ));
    assert!(matches!(
        LevelKind::ALL[MCRDUN_LEVEL_KIND_MAZE as usize],
        LevelKind::Maze
    ));
    assert!(matches!(
        LevelKind::ALL[MCRDUN_LEVEL_KIND_CAVE as usize],
        LevelKind::Cave
    ));
    assert!(matches!(
        LevelKind::ALL[MCRDUN_LEVEL_KIND_PASSAGES as usize],
        LevelKind::Passages
    ));
    assert!(matches!(
        LevelKind::ALL[MCRDUN_LEVEL_KIND_DRUNKARD as usize],
        LevelKind::Drunkard
    ));
    assert!(LevelKind::ALL.len() == MCRDUN_LEVEL_KIND_DRUNKARD as usize + 1);
};

/// The options of a level, for every kind at once: each kind reads the
/// fields its comment names and ignores the others. Fill it with
/// `mcrdun_level_config_default` and change what you need. The fields are
/// the options of the level schema (`mcrdun_dungeon::schema`), by the same
/// names; errors name them so. A `rooms` of 0 derives the room count from
/// the map's size.
///
/// Frozen: this struct keeps its layout so that programs compiled against
/// older headers keep working, and it gains no fields. Options added since
/// (`room_fill`, ...) keep their defaults here; reach every option through
/// the options handle (`mcrdun_level_options_new`,
/// `mcrdun_level_options_set`, `mcrdun_level_generate_with`), which new
/// code should use.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct McrdunLevelConfig {
    /// One of the `MCRDUN_LEVEL_KIND_*` constants.
    pub kind: u32,
    /// Width in tiles.
    pub width: u32,
    /// Height in tiles.
    pub height: u32,
    /// Scatter: rooms scattered. Passages: rooms (Voronoi sites) wanted.
    pub rooms: u32,
    /// BSP, scatter: the smallest room side.
    pub min_room: u32,
    /// Scatter: the largest room side.
    pub max_room: u32,
    /// BSP: the most times a leaf is split (at most 32).
    pub depth: u32,
    /// BSP: the narrowest leaf (at least `min_room + 4`: the room, its walls
    /// and a lane of rock).
    pub min_leaf_width: u32,
    /// BSP: the lowest leaf (at least `min_room + 4`).
    pub min_leaf_height: u32,
    /// Maze: one of the `MCRDUN_MAZE_ALGORITHM_*` numbers (backtracker = 0).
    pub maze_algorithm: u32,
    /// Maze: 1 to block the cells of a "42" pattern, 0 not to.
    pub maze_pattern42: u32,
    /// Cave: smoothing passes (at most 64).
    pub cave_passes: u32,
    /// BSP, scatter, passages: the share in [0, 1] of the extra room links
    /// (beyond a spanning tree) that are made anyway.
    pub loops: f64,
    /// Maze: the share in [0, 1] of dead ends removed (adds loops).
    pub maze_braid: f64,
    /// Cave: the share in [0, 0.65] of rock in the initial noise.
    pub cave_fill: f64,
    /// BSP, scatter, passages: Brogue's loop rule instead of `loops`: a
    /// link beyond the spanning tree only where it cuts the walk between
    /// its rooms, in links, from at least this many to 1 (0: off; 1: every
    /// adjacency linked; at most 1000).
    pub loop_factor: u32,
    /// Every kind: a lower ceiling on the level's working memory in bytes
    /// than the process-wide limit (`mcrdun_set_memory_limit`, 1 GiB
    /// unless raised); 0 keeps the process limit, and a larger value than
    /// it changes nothing (it can only lower the limit). A map needing
    /// more (64 KiB plus, a tile: bsp 22 bytes, scatter 40, maze 24, cave
    /// 26, passages 32, drunkard 26; every stage counted, measured over random sizes and
    /// options) is refused with `TOO_LARGE` before anything is allocated.
    pub max_bytes: u64,
}

/// A room of a level: the bounding box of its floor and its floor tiles.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct McrdunLevelRoom {
    /// The bounding box of the room's floor tiles.
    pub bounds: McrdunRect,
    /// How many floor tiles the room has.
    pub area: u32,
}

/// A door tile and the two rooms (indices into the rooms) it joins.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct McrdunLevelDoor {
    /// Where the door is.
    pub at: McrdunPoint,
    /// The first room (the lower index).
    pub room_a: u32,
    /// The second room.
    pub room_b: u32,
}

/// The size, stairs and summary numbers of a level.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct McrdunLevelInfo {
    /// One of the `MCRDUN_LEVEL_KIND_*` constants.
    pub kind: u32,
    /// Width in tiles.
    pub width: u32,
    /// Height in tiles.
    pub height: u32,
    /// The up staircase.
    pub stairs_up: McrdunPoint,
    /// The down staircase.
    pub stairs_down: McrdunPoint,
    /// Number of rooms.
    pub rooms: usize,
    /// Number of door tiles, the doors of placed vaults included
    /// (`mcrdun_level_doors` lists the rooms' doors only).
    pub doors: usize,
    /// Number of walkable tiles.
    pub walkable: usize,
    /// Walkable regions the generator made before they were joined (1: none joined).
    pub regions: usize,
    /// Wall tiles dug into corridors to join them.
    pub dug: usize,
    /// Independent loops (walls that walkable tiles go around).
    pub loops: usize,
    /// Walkable tiles with exactly one walkable neighbour.
    pub dead_ends: usize,
    /// Steps between the two staircases (breadth-first distance).
    pub longest_path: usize,
}

/// A generated level, read through `mcrdun_level_*`. Immutable once made:
/// reading one handle from several threads at once is safe; freeing it
/// while another thread reads it is not.
pub struct McrdunLevel {
    pub(crate) inner: Level,
}

impl BoxHandle for McrdunLevel {}

impl McrdunLevel {
    pub(crate) fn new(level: Level) -> McrdunLevel {
        McrdunLevel { inner: level }
    }

    #[cfg(test)]
    pub(crate) fn level(&self) -> &Level {
        &self.inner
    }
}

/// The same cause, the same status: a lower crate's error maps as its own
/// `mcrdun_<crate>_*` functions map it (a BSP node limit is `TOO_LARGE`
/// here too), with the level's message.
impl From<LevelError> for FfiError {
    fn from(e: LevelError) -> FfiError {
        let message = e.to_string();
        let status = match e {
            LevelError::TooLarge { .. } | LevelError::OverBudget { .. } => McrdunStatus::TooLarge,
            LevelError::Unsatisfiable(_) | LevelError::Vault { .. } | LevelError::Locks { .. } => {
                McrdunStatus::Unsatisfiable
            }
            LevelError::UnknownOption { .. } => McrdunStatus::UnknownOption,
            LevelError::Geom(inner) => FfiError::from(inner).status,
            LevelError::Bsp(inner) => FfiError::from(inner).status,
            LevelError::Scatter(inner) => FfiError::from(inner).status,
            LevelError::Carve(inner) => FfiError::from(inner).status,
            LevelError::Passages(inner) => FfiError::from(inner).status,
            LevelError::Regions(inner) => FfiError::from(inner).status,
            LevelError::Things(inner) => FfiError::from(inner).status,
            _ => McrdunStatus::InvalidArgument,
        };
        FfiError::new(status, message)
    }
}

pub(crate) fn kind_of(kind: u32) -> FfiResult<LevelKind> {
    LevelKind::ALL.get(kind as usize).copied().ok_or_else(|| {
        FfiError::invalid(format!(
            "`kind` {kind} is not one of the MCRDUN_LEVEL_KIND_* constants (0-{})",
            LevelKind::ALL.len() - 1
        ))
    })
}

fn kind_number(kind: LevelKind) -> u32 {
    LevelKind::ALL.iter().position(|k| *k == kind).unwrap_or(0) as u32
}

impl McrdunLevelConfig {
    /// The defaults of `kind` at `width` x `height`: the Rust defaults
    /// (`LevelConfig::new`, which come from the option schema) for the
    /// kind's own fields, and the other kinds' defaults for the rest.
    fn defaults(kind: LevelKind, width: u32, height: u32) -> McrdunLevelConfig {
        let mut c = McrdunLevelConfig {
            kind: kind_number(kind),
            width,
            height,
            ..McrdunLevelConfig::default()
        };
        // Other kinds first, so the asked kind's values win for shared names.
        for other in LevelKind::ALL.iter().filter(|k| **k != kind).chain([&kind]) {
            for o in schema::options(*other) {
                c.set(o.name, o.default);
            }
        }
        c
    }

    /// Sets the field named by a schema option.
    fn set(&mut self, name: &str, value: f64) {
        let whole = value as u32;
        match name {
            "rooms" => self.rooms = whole,
            "min_room" => self.min_room = whole,
            "max_room" => self.max_room = whole,
            "depth" => self.depth = whole,
            "min_leaf_width" => self.min_leaf_width = whole,
            "min_leaf_height" => self.min_leaf_height = whole,
            "maze_algorithm" => self.maze_algorithm = whole,
            "maze_pattern42" => self.maze_pattern42 = whole,
            "cave_passes" => self.cave_passes = whole,
            "loop_factor" => self.loop_factor = whole,
            "loops" => self.loops = value,
            "maze_braid" => self.maze_braid = value,
            "cave_fill" => self.cave_fill = value,
            _ => {}
        }
    }

    /// Reads the field named by a schema option; `None` for options added
    /// after this struct was frozen (they keep their defaults).
    fn get(&self, name: &str) -> Option<f64> {
        Some(match name {
            "rooms" => f64::from(self.rooms),
            "min_room" => f64::from(self.min_room),
            "max_room" => f64::from(self.max_room),
            "depth" => f64::from(self.depth),
            "min_leaf_width" => f64::from(self.min_leaf_width),
            "min_leaf_height" => f64::from(self.min_leaf_height),
            "maze_algorithm" => f64::from(self.maze_algorithm),
            "maze_pattern42" => f64::from(self.maze_pattern42),
            "cave_passes" => f64::from(self.cave_passes),
            "loop_factor" => f64::from(self.loop_factor),
            "loops" => self.loops,
            "maze_braid" => self.maze_braid,
            "cave_fill" => self.cave_fill,
            _ => return None,
        })
    }

    /// The Rust options these fields describe, through the options bridge
    /// (`LevelConfig::set`, field by field), as the options handle does.
    fn to_config(self) -> FfiResult<LevelConfig> {
        config_from_fields(
            kind_of(self.kind)?,
            self.width,
            self.height,
            self.max_bytes,
            |name| self.get(name),
        )
    }
}

fn info_of(level: &Level) -> McrdunLevelInfo {
    let s = level.summary();
    McrdunLevelInfo {
        kind: kind_number(level.kind()),
        width: level.width(),
        height: level.height(),
        stairs_up: level.stairs_up().into(),
        stairs_down: level.stairs_down().into(),
        rooms: s.rooms,
        doors: s.doors,
        walkable: s.walkable,
        regions: s.regions,
        dug: s.dug,
        loops: s.loops,
        dead_ends: s.dead_ends,
        longest_path: s.longest_path,
    }
}

fn rooms_of(level: &Level) -> impl ExactSizeIterator<Item = McrdunLevelRoom> + '_ {
    level.rooms().iter().map(|r| McrdunLevelRoom {
        bounds: r.bounds.into(),
        area: r.area,
    })
}

fn doors_of(level: &Level) -> impl ExactSizeIterator<Item = McrdunLevelDoor> + '_ {
    level.doors().iter().map(|d| McrdunLevelDoor {
        at: d.at.into(),
        room_a: d.rooms.0,
        room_b: d.rooms.1,
    })
}

/// Reads and validates `*config`.
///
/// # Safety
/// `config` is NULL or points to a valid `McrdunLevelConfig`.
unsafe fn read_config(config: *const McrdunLevelConfig) -> FfiResult<LevelConfig> {
    // SAFETY: forwarded from this function's contract.
    unsafe { handle_ref(config, "config") }?.to_config()
}

/// Fills `*out` with the default options of level kind `kind` (one of
/// `MCRDUN_LEVEL_KIND_*`) at `width` x `height` tiles.
///
/// Errors: `INVALID_ARGUMENT` for an unknown kind; `NULL_ARGUMENT` when
/// `out` is NULL. Thread-safe.
///
/// # Safety
/// `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_level_config_default(
    kind: u32,
    width: u32,
    height: u32,
    out: *mut McrdunLevelConfig,
) -> McrdunStatus {
    boundary!("mcrdun_level_config_default", {
        check_out(out, "out")?;
        let value = McrdunLevelConfig::defaults(kind_of(kind)?, width, height);
        // SAFETY: `out` was checked non-NULL and is writable by contract.
        unsafe { write_out(out, value, "out") }
    })
}

/// Builds the level `*config` describes with `seed`, in one call, into the
/// caller's buffers: `width * height` tile bytes (`MCRDUN_TILE_*`, rock
/// as `MCRDUN_TILE_ROCK`, row-major: tile (x, y) is
/// `tiles[y * width + x]`), the rooms, the doors,
/// and the stairs and summary in `*info`.
///
/// Each buffer follows the two-call protocol: `*tiles_len`, `*rooms_len`
/// and `*doors_len` always receive the counts needed; when any buffer that
/// is asked for is NULL or too small the call returns `BUFFER_TOO_SMALL`
/// and writes nothing else. Pass `rooms_len` (or `doors_len`) NULL to skip
/// the rooms (doors), and `info` NULL to skip the summary. The tile count
/// is always `width * height`; the room and door counts are known after a
/// first call with NULL buffers, and a second call with the same config and
/// seed builds the same level again (use `mcrdun_level_new` to build it
/// only once).
///
/// Errors: `NULL_ARGUMENT` for a NULL `config` or `tiles_len`;
/// `INVALID_ARGUMENT` for an unknown kind or algorithm, an option out of its
/// range or a map too small for the kind; `TOO_LARGE` for a map too large;
/// `UNSATISFIABLE` when no level can be made from the options (e.g. a 5x5
/// cave with `cave_fill` 0.6). Thread-safe.
///
/// # Safety
/// `config` is NULL or valid; each `*_len` is NULL or writable; each buffer
/// is NULL or writable for its `*_cap` items; `info` is NULL or writable.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn mcrdun_level_generate(
    config: *const McrdunLevelConfig,
    seed: u64,
    tiles: *mut u8,
    tiles_cap: usize,
    tiles_len: *mut usize,
    rooms: *mut McrdunLevelRoom,
    rooms_cap: usize,
    rooms_len: *mut usize,
    doors: *mut McrdunLevelDoor,
    doors_cap: usize,
    doors_len: *mut usize,
    info: *mut McrdunLevelInfo,
) -> McrdunStatus {
    boundary!("mcrdun_level_generate", {
        check_out(tiles_len, "tiles_len")?;
        // SAFETY: `config` is NULL or valid by contract.
        let config = unsafe { read_config(config) }?;
        let level = generate(&config, seed)?;
        // SAFETY: each buffer is NULL or writable for its capacity, each
        // length NULL or writable, by contract.
        let (tiles_buf, rooms_buf, doors_buf) = unsafe {
            (
                OutBuffer::new(tiles, tiles_cap, tiles_len, "tiles"),
                OutBuffer::new(rooms, rooms_cap, rooms_len, "rooms"),
                OutBuffer::new(doors, doors_cap, doors_len, "doors"),
            )
        };
        // Every length first, then the capacity checks, so that one failed
        // call tells every size and nothing else is written. A NULL
        // `rooms_len` / `doors_len` skips that output.
        all_fit([
            tiles_buf.announce(level.tiles().len()),
            rooms_buf.announce(level.rooms().len()),
            doors_buf.announce(level.doors().len()),
        ])?;
        tiles_buf.fill(level.shown_bytes())?;
        rooms_buf.fill(rooms_of(&level))?;
        doors_buf.fill(doors_of(&level))?;
        if !info.is_null() {
            // SAFETY: non-NULL and writable by contract.
            unsafe { info.write(info_of(&level)) };
        }
        Ok(())
    })
}

/// Builds the level `*config` describes with `seed` into a new handle in
/// `*out`; free it with `mcrdun_level_free`.
///
/// Errors: as `mcrdun_level_generate`; `NULL_ARGUMENT` when `out` is NULL.
/// Thread-safe.
///
/// # Safety
/// `config` is NULL or valid; `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_level_new(
    config: *const McrdunLevelConfig,
    seed: u64,
    out: *mut *mut McrdunLevel,
) -> McrdunStatus {
    boundary!("mcrdun_level_new", {
        check_out(out, "out")?;
        // SAFETY: `config` is NULL or valid by contract.
        let config = unsafe { read_config(config) }?;
        let level = generate(&config, seed)?;
        // SAFETY: `out` was checked non-NULL and is writable by contract.
        unsafe { McrdunLevel::new(level).hand_out(out, "out") }
    })
}

/// Frees a level made by `mcrdun_level_new`; NULL does nothing.
///
/// # Safety
/// `level` is NULL or a handle from `mcrdun_level_new` not freed before.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_level_free(level: *mut McrdunLevel) {
    boundary_value("mcrdun_level_free", (), || {
        // SAFETY: NULL or a live handle from mcrdun_level_new, freed once
        // by contract.
        unsafe { McrdunLevel::free(level) }
    })
}

/// The level's `width * height` tile bytes (`MCRDUN_TILE_*`, rock as
/// `MCRDUN_TILE_ROCK`), row-major, through the two-call protocol.
///
/// Errors: `NULL_ARGUMENT` for a NULL `level` or `len`; `BUFFER_TOO_SMALL`.
///
/// # Safety
/// `level` is NULL or a live handle; `out` is NULL or writable for `cap`
/// bytes; `len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_level_tiles(
    level: *const McrdunLevel,
    out: *mut u8,
    cap: usize,
    len: *mut usize,
) -> McrdunStatus {
    boundary!("mcrdun_level_tiles", {
        // SAFETY: `level` is NULL or live by contract.
        let level = unsafe { McrdunLevel::borrow(level, "level") }?;
        // SAFETY: `out`/`cap`/`len` valid by contract.
        unsafe { write_iter(level.inner.shown_bytes(), out, cap, len, "out") }
    })
}

/// The level's rooms through the two-call protocol.
///
/// Errors: `NULL_ARGUMENT` for a NULL `level` or `len`; `BUFFER_TOO_SMALL`.
///
/// # Safety
/// `level` is NULL or a live handle; `out` is NULL or writable for `cap`
/// rooms; `len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_level_rooms(
    level: *const McrdunLevel,
    out: *mut McrdunLevelRoom,
    cap: usize,
    len: *mut usize,
) -> McrdunStatus {
    boundary!("mcrdun_level_rooms", {
        // SAFETY: `level` is NULL or live by contract.
        let level = unsafe { McrdunLevel::borrow(level, "level") }?;
        // SAFETY: `out`/`cap`/`len` valid by contract.
        unsafe { write_iter(rooms_of(&level.inner), out, cap, len, "out") }
    })
}

/// The level's doors through the two-call protocol.
///
/// Errors: `NULL_ARGUMENT` for a NULL `level` or `len`; `BUFFER_TOO_SMALL`.
///
/// # Safety
/// `level` is NULL or a live handle; `out` is NULL or writable for `cap`
/// doors; `len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_level_doors(
    level: *const McrdunLevel,
    out: *mut McrdunLevelDoor,
    cap: usize,
    len: *mut usize,
) -> McrdunStatus {
    boundary!("mcrdun_level_doors", {
        // SAFETY: `level` is NULL or live by contract.
        let level = unsafe { McrdunLevel::borrow(level, "level") }?;
        // SAFETY: `out`/`cap`/`len` valid by contract.
        unsafe { write_iter(doors_of(&level.inner), out, cap, len, "out") }
    })
}

/// The level's size, stairs and summary.
///
/// Errors: `NULL_ARGUMENT` for a NULL `level` or `out`.
///
/// # Safety
/// `level` is NULL or a live handle; `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_level_info(
    level: *const McrdunLevel,
    out: *mut McrdunLevelInfo,
) -> McrdunStatus {
    boundary!("mcrdun_level_info", {
        check_out(out, "out")?;
        // SAFETY: `level` is NULL or live by contract.
        let level = unsafe { McrdunLevel::borrow(level, "level") }?;
        // SAFETY: `out` was checked non-NULL and is writable by contract.
        unsafe { write_out(out, info_of(&level.inner), "out") }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::ptr::{null, null_mut};

    fn config(kind: u32, w: u32, h: u32) -> McrdunLevelConfig {
        let mut c = McrdunLevelConfig::default();
        // SAFETY: `c` is writable.
        assert_eq!(
            unsafe { mcrdun_level_config_default(kind, w, h, &mut c) },
            McrdunStatus::Ok
        );
        c
    }

    #[test]
    fn defaults_round_trip_to_the_rust_defaults() {
        for (k, kind) in LevelKind::ALL.iter().enumerate() {
            let c = config(k as u32, 60, 40);
            assert_eq!(c.to_config().unwrap(), LevelConfig::new(*kind, 60, 40));
        }
        let mut c = McrdunLevelConfig::default();
        // SAFETY: as above.
        let st = unsafe { mcrdun_level_config_default(LevelKind::ALL.len() as u32, 1, 1, &mut c) };
        assert_eq!(st, McrdunStatus::InvalidArgument);
    }

    /// The C defaults are the schema's, field by field; the options the
    /// frozen struct has no field for (added after it froze) read `None`,
    /// and every field it has is an option of the schema.
    #[test]
    fn defaults_are_the_schemas() {
        const FIELDS: [&str; 13] = [
            "rooms",
            "min_room",
            "max_room",
            "depth",
            "min_leaf_width",
            "min_leaf_height",
            "maze_algorithm",
            "maze_pattern42",
            "cave_passes",
            "loop_factor",
            "loops",
            "maze_braid",
            "cave_fill",
        ];
        for (k, kind) in LevelKind::ALL.iter().enumerate() {
            let c = config(k as u32, 200, 120);
            for o in schema::options(*kind) {
                let want = FIELDS.contains(&o.name).then_some(o.default);
                assert_eq!(c.get(o.name), want, "{kind:?} {}", o.name);
            }
            assert_eq!(c.max_bytes, 0);
        }
        for field in FIELDS {
            assert!(schema::OPTIONS.iter().any(|o| o.name == field), "{field}");
        }
    }

    #[test]
    fn one_call_matches_rust() {
        for k in 0..5 {
            let c = config(k, 50, 30);
            let level = generate(&c.to_config().unwrap(), 77).unwrap();
            let (mut tl, mut rl, mut dl) = (0, 0, 0);
            // SAFETY: NULL buffers with valid lengths: a size query.
            let st = unsafe {
                mcrdun_level_generate(
                    &c,
                    77,
                    null_mut(),
                    0,
                    &mut tl,
                    null_mut(),
                    0,
                    &mut rl,
                    null_mut(),
                    0,
                    &mut dl,
                    null_mut(),
                )
            };
            assert_eq!(st, McrdunStatus::BufferTooSmall);
            assert_eq!(
                (tl, rl, dl),
                (1500, level.rooms().len(), level.doors().len())
            );
            let mut tiles = vec![9u8; tl];
            let mut rooms = vec![McrdunLevelRoom::default(); rl];
            let mut doors = vec![McrdunLevelDoor::default(); dl];
            let mut info = McrdunLevelInfo::default();
            // SAFETY: buffers of the reported sizes.
            let st = unsafe {
                mcrdun_level_generate(
                    &c,
                    77,
                    tiles.as_mut_ptr(),
                    tl,
                    &mut tl,
                    rooms.as_mut_ptr(),
                    rl,
                    &mut rl,
                    doors.as_mut_ptr(),
                    dl,
                    &mut dl,
                    &mut info,
                )
            };
            assert_eq!(st, McrdunStatus::Ok);
            assert!(tiles.iter().copied().eq(level.shown_bytes()));
            assert!(rooms.iter().copied().eq(rooms_of(&level)));
            assert!(doors.iter().copied().eq(doors_of(&level)));
            assert_eq!(info, info_of(&level));
        }
    }

    #[test]
    fn errors_map_to_statuses() {
        let mut len = 0;
        let mut c = config(MCRDUN_LEVEL_KIND_CAVE, 5, 5);
        c.cave_fill = 0.6;
        // SAFETY: `len` is writable; every buffer NULL.
        let generate_status = |c: &McrdunLevelConfig, len: &mut usize| unsafe {
            mcrdun_level_generate(
                c,
                1,
                null_mut(),
                0,
                len,
                null_mut(),
                0,
                null_mut(),
                null_mut(),
                0,
                null_mut(),
                null_mut(),
            )
        };
        assert_eq!(generate_status(&c, &mut len), McrdunStatus::Unsatisfiable);
        c.cave_fill = f64::NAN;
        assert_eq!(generate_status(&c, &mut len), McrdunStatus::InvalidArgument);
        let mut c = config(MCRDUN_LEVEL_KIND_MAZE, 40, 30);
        c.maze_algorithm = 11;
        assert_eq!(generate_status(&c, &mut len), McrdunStatus::InvalidArgument);
        c.maze_algorithm = 0;
        c.maze_pattern42 = 2;
        assert_eq!(generate_status(&c, &mut len), McrdunStatus::InvalidArgument);
        let mut c = config(MCRDUN_LEVEL_KIND_CAVE, 3_000_000_000, 3_000_000_000);
        assert_eq!(generate_status(&c, &mut len), McrdunStatus::TooLarge);
        // Over the working-memory ceiling, and under a raised one.
        let mut big = config(MCRDUN_LEVEL_KIND_BSP, 300, 300);
        big.max_bytes = 1000;
        assert_eq!(generate_status(&big, &mut len), McrdunStatus::TooLarge);
        big.max_bytes = 1 << 31;
        assert_eq!(
            generate_status(&big, &mut len),
            McrdunStatus::BufferTooSmall
        );
        // max_bytes cannot lift a level past the process limit (this
        // thread's call ceiling here, so no other test is touched).
        {
            let _ceiling = mcrdun_geom::memory::Budget::start_with(1 << 30);
            for kind in [MCRDUN_LEVEL_KIND_BSP, MCRDUN_LEVEL_KIND_SCATTER] {
                let mut huge = config(kind, 20_000, 20_000);
                huge.max_bytes = u64::MAX;
                assert_eq!(generate_status(&huge, &mut len), McrdunStatus::TooLarge);
            }
            let mut thin = config(MCRDUN_LEVEL_KIND_BSP, 59, 9_277_792);
            thin.max_bytes = u64::MAX;
            assert_eq!(generate_status(&thin, &mut len), McrdunStatus::TooLarge);
        }
        c.kind = 9;
        assert_eq!(generate_status(&c, &mut len), McrdunStatus::InvalidArgument);
        let mut out = null_mut();
        // SAFETY: NULL config is reported.
        assert_eq!(
            unsafe { mcrdun_level_new(null(), 1, &mut out) },
            McrdunStatus::NullArgument
        );
        assert!(out.is_null());
    }
}
