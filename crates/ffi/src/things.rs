//! Things placed by rule (`mcrdun-things`) through the C ABI: a spawn
//! table read from text (`mcrdun_thing_table_parse`), its entries read
//! back, and standalone placement of tables on a caller's own map
//! (`mcrdun_things_place`), the things read back through the two-call
//! protocol; tables attached to level options
//! (`mcrdun_level_options_set_things`) and the things of a generated
//! level read back (`mcrdun_level_things`, `mcrdun_level_thing_name`).

use crate::boundary::{boundary, boundary_value};
use crate::error::{FfiError, FfiResult, McrdunStatus};
use crate::level::McrdunLevel;
use crate::level_options::McrdunLevelOptions;
use crate::ptr::{BoxHandle, check_out, handle_ref, input_slice, write_iter, write_out};
use crate::types::McrdunPoint;
use core::ffi::c_char;
use mcrdun_geom::{Grid, Point, checked_cell_count};
use mcrdun_things::{
    Amount, PARSE_BYTES_PER_TEXT_BYTE, PARSE_FIXED_BYTES, PLACE_BYTES_PER_TILE, PLACE_FIXED_BYTES,
    Place, PlaceError, PlaceMap, Spot, Table, TableError, Thing,
};

/// Spot byte: not walkable.
pub const MCRDUN_SPOT_WALL: u8 = 0;
/// Spot byte: room floor (a cave's or a maze's floor too): `where room`.
pub const MCRDUN_SPOT_ROOM: u8 = 1;
/// Spot byte: a corridor: `where corridor`.
pub const MCRDUN_SPOT_CORRIDOR: u8 = 2;
/// Spot byte: floor inside a vault: `where vault`.
pub const MCRDUN_SPOT_VAULT: u8 = 3;
/// Spot byte: a door: walkable, never used; the room floor beside it is
/// `door_side`.
pub const MCRDUN_SPOT_DOOR: u8 = 4;
/// Spot byte: walkable, never used (a staircase, a required vault
/// entrance, a key: anything the map keeps for itself).
pub const MCRDUN_SPOT_CLOSED: u8 = 5;
/// Spot byte: walkable, never used, and never passed by the guarantee
/// that a blocking thing cuts nothing apart (a locked door).
pub const MCRDUN_SPOT_BARRIER: u8 = 6;

const _: () = {
    assert!(MCRDUN_SPOT_WALL == Spot::Wall as u8);
    assert!(MCRDUN_SPOT_ROOM == Spot::Room as u8);
    assert!(MCRDUN_SPOT_CORRIDOR == Spot::Corridor as u8);
    assert!(MCRDUN_SPOT_VAULT == Spot::Vault as u8);
    assert!(MCRDUN_SPOT_DOOR == Spot::Door as u8);
    assert!(MCRDUN_SPOT_CLOSED == Spot::Closed as u8);
    assert!(MCRDUN_SPOT_BARRIER == Spot::Barrier as u8);
};

/// Kind of place (`McrdunThing::place`; as a bit `1 << kind`, a kind
/// `McrdunThingEntry::places` allows): room floor (a cave's or a maze's
/// floor), outside vaults: `room`.
pub const MCRDUN_THING_PLACE_ROOM: u32 = 0;
/// Kind of place: a corridor tile: `corridor`.
pub const MCRDUN_THING_PLACE_CORRIDOR: u32 = 1;
/// Kind of place: a walkable tile with exactly one walkable 4-neighbour:
/// `dead_end`.
pub const MCRDUN_THING_PLACE_DEAD_END: u32 = 2;
/// Kind of place: room floor with a door among its 4 neighbours:
/// `door_side`.
pub const MCRDUN_THING_PLACE_DOOR_SIDE: u32 = 3;
/// Kind of place: floor inside a placed vault: `vault`.
pub const MCRDUN_THING_PLACE_VAULT: u32 = 4;
/// Kind of place: a vault marker, `marker X` (the label in
/// `McrdunThing::marker`).
pub const MCRDUN_THING_PLACE_MARKER: u32 = 5;

fn place_kind(p: Place) -> u32 {
    match p {
        Place::Room => MCRDUN_THING_PLACE_ROOM,
        Place::Corridor => MCRDUN_THING_PLACE_CORRIDOR,
        Place::DeadEnd => MCRDUN_THING_PLACE_DEAD_END,
        Place::DoorSide => MCRDUN_THING_PLACE_DOOR_SIDE,
        Place::Vault => MCRDUN_THING_PLACE_VAULT,
        Place::Marker(_) => MCRDUN_THING_PLACE_MARKER,
    }
}

/// `McrdunThingEntry::amount`: `count MIN..MAX`, things (or groups) per level.
pub const MCRDUN_THING_AMOUNT_COUNT: u32 = 0;
/// `McrdunThingEntry::amount`: `density MIN..MAX`, things (or groups) per
/// 1000 walkable tiles, in thousandths (1000 is one per 1000 tiles).
pub const MCRDUN_THING_AMOUNT_DENSITY: u32 = 1;

/// Distance shares (`McrdunThingEntry::distance_lo`, `_hi`) are in
/// millionths of the farthest walking distance: this is all of it.
pub const MCRDUN_THING_SHARE_ONE: u32 = 1_000_000;
const _: () = assert!(MCRDUN_THING_SHARE_ONE == mcrdun_things::SHARE_ONE);

/// A spawn table read from text by `mcrdun_thing_table_parse`; free it
/// with `mcrdun_thing_table_free`. Never changed once made: any number of
/// threads may read it at once.
pub struct McrdunThingTable {
    pub(crate) inner: Table,
}

impl BoxHandle for McrdunThingTable {}

/// The settings of one entry of a spawn table, as read (see
/// `mcrdun_thing_table_parse` for what each means). Its name comes from
/// `mcrdun_thing_table_name`; the labels of its `where marker X` kinds from
/// `mcrdun_thing_table_text`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct McrdunThingEntry {
    /// The glyph (a printable ASCII character).
    pub glyph: u8,
    /// `weight`: its share of the optional things.
    pub weight: u32,
    /// `MCRDUN_THING_AMOUNT_COUNT` or `MCRDUN_THING_AMOUNT_DENSITY`.
    pub amount: u32,
    /// The least count, or density in thousandths per 1000 tiles.
    pub amount_min: u32,
    /// The most count, or density in thousandths per 1000 tiles.
    pub amount_max: u32,
    /// The shallowest depth where it appears.
    pub depth_min: u32,
    /// The deepest depth where it appears.
    pub depth_max: u32,
    /// The kinds of place allowed, one bit `1 << MCRDUN_THING_PLACE_*`
    /// each; 0 for `anywhere`.
    pub places: u32,
    /// `distance LO..HI`, in millionths (`MCRDUN_THING_SHARE_ONE`).
    pub distance_lo: u32,
    /// `distance LO..HI`, in millionths (`MCRDUN_THING_SHARE_ONE`).
    pub distance_hi: u32,
    /// `away N`: the fewest steps from both stairs.
    pub away: u32,
    /// `apart N`: the fewest steps from every other thing of the entry.
    pub apart: u32,
    /// `group MIN..MAX within N`: the fewest members; 0 without `group`.
    pub group_min: u32,
    /// The most members; 0 without `group`.
    pub group_max: u32,
    /// The most steps from the group's first; 0 without `group`.
    pub group_within: u32,
    /// `blocks yes`.
    pub blocks: bool,
    /// The line of its `thing` in the text, from 1.
    pub line: u32,
}

/// A thing placed on a map.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct McrdunThing {
    /// Its entry: an index among the entries of all the tables placed, in
    /// order (the first table's entries first); the name comes from
    /// `mcrdun_thing_table_name` of the table that holds it.
    pub entry: u32,
    /// Its entry's glyph (printable ASCII).
    pub glyph: u8,
    /// Where it stands.
    pub x: i32,
    /// Where it stands.
    pub y: i32,
    /// The room of its tile, or `UINT32_MAX` without one.
    pub room: u32,
    /// The kind of place it stands on, an `MCRDUN_THING_PLACE_*`.
    pub place: u32,
    /// The marker's label when `place` is `MCRDUN_THING_PLACE_MARKER`, else 0.
    pub marker: u8,
    /// Its group, numbered from 0 over the whole placement in the order
    /// groups were placed; `UINT32_MAX` for an entry without `group`.
    pub group: u32,
    /// Its walking distance (4-connected steps) from the up stairs.
    pub distance: u32,
    /// Whether it blocks movement.
    pub blocks: bool,
}

impl From<&Thing> for McrdunThing {
    fn from(t: &Thing) -> McrdunThing {
        McrdunThing {
            entry: t.entry,
            glyph: t.glyph as u8,
            x: t.at.x,
            y: t.at.y,
            room: t.room.unwrap_or(u32::MAX),
            place: place_kind(t.place),
            marker: match t.place {
                Place::Marker(c) => c as u8,
                _ => 0,
            },
            group: t.group.unwrap_or(u32::MAX),
            distance: t.distance,
            blocks: t.blocks,
        }
    }
}

/// A vault marker on a caller's map: a labelled walkable tile, which
/// `where marker X` places on.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct McrdunThingMarker {
    /// The label: an ASCII letter or digit.
    pub label: u8,
    /// Where it is.
    pub x: i32,
    /// Where it is.
    pub y: i32,
}

/// A caller's map to place things on (`mcrdun_things_place`). Every
/// pointer is borrowed for the call only.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct McrdunPlaceMap {
    /// `width * height` spot bytes (`MCRDUN_SPOT_*`), row-major: tile
    /// (x, y) is `spots[y * width + x]`.
    pub spots: *const u8,
    /// The map's width in tiles (>= 1).
    pub width: u32,
    /// The map's height in tiles (>= 1).
    pub height: u32,
    /// NULL, or `width * height` room indices (`UINT32_MAX`: in no room),
    /// which placed things report.
    pub rooms: *const u32,
    /// The up stairs, where walking distances start: a walkable tile.
    pub start: McrdunPoint,
    /// Whether `end` holds the down stairs (`away` then counts from both
    /// stairs).
    pub has_end: bool,
    /// The down stairs when `has_end`: a walkable tile.
    pub end: McrdunPoint,
    /// `markers_len` vault markers (NULL when 0).
    pub markers: *const McrdunThingMarker,
    /// The number of markers.
    pub markers_len: usize,
}

impl From<TableError> for FfiError {
    fn from(e: TableError) -> FfiError {
        FfiError::invalid(e.to_string())
    }
}

impl From<PlaceError> for FfiError {
    fn from(e: PlaceError) -> FfiError {
        let status = match &e {
            PlaceError::Memory(g) => return FfiError::from(g.clone()),
            PlaceError::Unplaced { .. } => McrdunStatus::Unsatisfiable,
            _ => McrdunStatus::InvalidArgument,
        };
        FfiError::new(status, e.to_string())
    }
}

/// Reads spawn table bytes: the memory check first, then UTF-8 (a
/// byte-order mark skipped), then the table. Errors as
/// `mcrdun_thing_table_parse` says.
pub(crate) fn parse_table(bytes: &[u8], file: &str) -> FfiResult<Table> {
    let need = (bytes.len() as u64)
        .saturating_mul(PARSE_BYTES_PER_TEXT_BYTE)
        .saturating_add(PARSE_FIXED_BYTES);
    mcrdun_geom::memory::check_bytes("spawn table text", need)?;
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let text = core::str::from_utf8(bytes).map_err(|e| {
        let good = &bytes[..e.valid_up_to()];
        let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
        let start = good.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let column = core::str::from_utf8(&good[start..]).map_or(0, |s| s.chars().count()) + 1;
        FfiError::invalid(format!(
            "{file}:{line}:{column}: expected UTF-8 text, found the byte 0x{:02X}",
            bytes[e.valid_up_to()]
        ))
    })?;
    Ok(mcrdun_things::parse(text, file)?)
}

/// Reads a spawn table from its text (`text_len` bytes of UTF-8; a
/// byte-order mark at the start is skipped) into a new table in `*out`.
///
/// The format (the crate docs of `mcrdun-things` and the README have the
/// whole of it): `thing NAME` starts an entry, its settings follow one a
/// line until the next `thing`, `#` starts a comment. The settings:
/// `glyph C` (required; printable ASCII, not one of the level's own
/// `# . , + < > =`, nor a key's `*`), `weight W`, `count MIN..MAX` or `count N`, or
/// `density MIN..MAX` (per 1000 walkable tiles), `depth MIN..MAX`,
/// `where KIND...` (`room`, `corridor`, `dead_end`, `door_side`, `vault`,
/// `marker X`, or `anywhere`), `distance LO..HI` (shares of the farthest
/// walk from the up stairs), `away N`, `apart N`, `group MIN..MAX within
/// N`, `blocks yes`. What can never be met is refused here.
///
/// Errors: `NULL_ARGUMENT` for a NULL `out` (or a NULL `text` with a
/// length); `INVALID_ARGUMENT` for text that is not a valid table (bytes
/// that are not UTF-8 included): `mcrdun_last_error` then reads
/// `text:LINE:COLUMN: expected ..., found ...`; `TOO_LARGE` when 32 bytes
/// a byte of text (and 16 KiB) pass the memory limit, checked before the
/// text is read. Working memory: at most that. Thread-safe.
///
/// # Safety
/// `text` is NULL (with `text_len` 0) or `text_len` readable bytes; `out`
/// is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_thing_table_parse(
    text: *const c_char,
    text_len: usize,
    out: *mut *mut McrdunThingTable,
) -> McrdunStatus {
    boundary!("mcrdun_thing_table_parse", {
        check_out(out, "out")?;
        // SAFETY: NULL (with 0) or `text_len` readable bytes by contract.
        let bytes = unsafe { input_slice(text.cast::<u8>(), text_len, "text") }?;
        let inner = parse_table(bytes, "text")?;
        // SAFETY: `out` was checked non-NULL and is writable by contract.
        unsafe { McrdunThingTable { inner }.hand_out(out, "out") }
    })
}

/// Frees a spawn table; NULL does nothing.
///
/// # Safety
/// `table` is NULL or a handle not freed before.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_thing_table_free(table: *mut McrdunThingTable) {
    boundary_value("mcrdun_thing_table_free", (), || {
        // SAFETY: NULL or a live handle freed once, by contract.
        unsafe { McrdunThingTable::free(table) }
    })
}

/// The number of entries of the table in `*out`.
///
/// Errors: `NULL_ARGUMENT` for a NULL `table` or `out`. Thread-safe.
///
/// # Safety
/// `table` is NULL or a live handle; `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_thing_table_count(
    table: *const McrdunThingTable,
    out: *mut usize,
) -> McrdunStatus {
    boundary!("mcrdun_thing_table_count", {
        check_out(out, "out")?;
        // SAFETY: `table` is NULL or live by contract.
        let table = unsafe { McrdunThingTable::borrow(table, "table") }?;
        // SAFETY: `out` was checked non-NULL and is writable by contract.
        unsafe { write_out(out, table.inner.entries().len(), "out") }
    })
}

fn entry_of(table: &McrdunThingTable, index: usize) -> FfiResult<&mcrdun_things::Entry> {
    let entries = table.inner.entries();
    entries
        .get(index)
        .ok_or_else(|| FfiError::out_of_range(format!("entry {index} of {}", entries.len())))
}

/// The settings of entry `index` of the table in `*out`.
///
/// Errors: `NULL_ARGUMENT` for a NULL `table` or `out`; `OUT_OF_RANGE`
/// for an index past the table. Thread-safe.
///
/// # Safety
/// `table` is NULL or a live handle; `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_thing_table_entry(
    table: *const McrdunThingTable,
    index: usize,
    out: *mut McrdunThingEntry,
) -> McrdunStatus {
    boundary!("mcrdun_thing_table_entry", {
        check_out(out, "out")?;
        // SAFETY: `table` is NULL or live by contract.
        let table = unsafe { McrdunThingTable::borrow(table, "table") }?;
        let e = entry_of(table, index)?;
        let (amount, amount_min, amount_max) = match e.amount() {
            Amount::Count { min, max } => (MCRDUN_THING_AMOUNT_COUNT, min, max),
            Amount::Density { min, max } => (MCRDUN_THING_AMOUNT_DENSITY, min, max),
        };
        let group = e.group();
        let entry = McrdunThingEntry {
            glyph: e.glyph() as u8,
            weight: e.weight(),
            amount,
            amount_min,
            amount_max,
            depth_min: e.depth().0,
            depth_max: e.depth().1,
            places: e
                .places()
                .iter()
                .fold(0, |bits, &p| bits | 1 << place_kind(p)),
            distance_lo: e.distance().0,
            distance_hi: e.distance().1,
            away: e.away(),
            apart: e.apart(),
            group_min: group.map_or(0, |g| g.min),
            group_max: group.map_or(0, |g| g.max),
            group_within: group.map_or(0, |g| g.within),
            blocks: e.blocks(),
            line: e.line(),
        };
        // SAFETY: `out` was checked non-NULL and is writable by contract.
        unsafe { write_out(out, entry, "out") }
    })
}

/// The name of entry `index` of the table, as bytes (no NUL), through the
/// two-call protocol.
///
/// Errors: `NULL_ARGUMENT` for a NULL `table` or `len`; `OUT_OF_RANGE`
/// for an index past the table; `BUFFER_TOO_SMALL`. Thread-safe.
///
/// # Safety
/// `table` is NULL or a live handle; `out` is NULL or writable for `cap`
/// bytes; `len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_thing_table_name(
    table: *const McrdunThingTable,
    index: usize,
    out: *mut c_char,
    cap: usize,
    len: *mut usize,
) -> McrdunStatus {
    boundary!("mcrdun_thing_table_name", {
        check_out(len, "len")?;
        // SAFETY: `table` is NULL or live by contract.
        let table = unsafe { McrdunThingTable::borrow(table, "table") }?;
        let bytes = entry_of(table, index)?.name().bytes().map(|b| b as c_char);
        // SAFETY: `out`/`cap`/`len` valid by contract.
        unsafe { write_iter(bytes, out, cap, len, "out") }
    })
}

/// The whole table as text, every setting of every entry spelled out
/// (what `mcrdun things check` prints; it reads back as the same table),
/// as bytes (no NUL) through the two-call protocol.
///
/// Working memory: the text, about 200 bytes an entry, counted against
/// the memory limit (`TOO_LARGE` above it).
///
/// Errors: `NULL_ARGUMENT` for a NULL `table` or `len`; `BUFFER_TOO_SMALL`;
/// `TOO_LARGE`. Thread-safe.
///
/// # Safety
/// `table` is NULL or a live handle; `out` is NULL or writable for `cap`
/// bytes; `len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_thing_table_text(
    table: *const McrdunThingTable,
    out: *mut c_char,
    cap: usize,
    len: *mut usize,
) -> McrdunStatus {
    boundary!("mcrdun_thing_table_text", {
        check_out(len, "len")?;
        // SAFETY: `table` is NULL or live by contract.
        let table = unsafe { McrdunThingTable::borrow(table, "table") }?;
        // An entry's text is at most its name and ~250 bytes of settings.
        let entries = table.inner.entries();
        let bound = entries
            .iter()
            .map(|e| e.name().len() as u64 + 256 + 2 * e.places().len() as u64 * 10)
            .sum::<u64>();
        mcrdun_geom::memory::check_bytes("a spawn table's text", bound)?;
        let text = table.inner.to_string();
        let bytes = text.bytes().map(|b| b as c_char);
        // SAFETY: `out`/`cap`/`len` valid by contract.
        unsafe { write_iter(bytes, out, cap, len, "out") }
    })
}

/// The tables behind `tables[0..tables_len]`, each a live handle.
///
/// # Safety
/// `tables` is NULL (with 0) or `tables_len` readable pointers, each NULL
/// or a live handle.
pub(crate) unsafe fn input_tables<'a>(
    tables: *const *const McrdunThingTable,
    tables_len: usize,
) -> FfiResult<Vec<&'a Table>> {
    // SAFETY: forwarded from this function's contract.
    let ptrs = unsafe { input_slice(tables, tables_len, "tables") }?;
    let mut out = mcrdun_geom::memory::try_with_capacity("the tables", ptrs.len())?;
    for (i, &p) in ptrs.iter().enumerate() {
        if p.is_null() {
            return Err(FfiError::null(&format!("tables[{i}]")));
        }
        // SAFETY: non-NULL and live by contract.
        out.push(&unsafe { McrdunThingTable::borrow(p, "tables") }?.inner);
    }
    Ok(out)
}

/// The working memory of `mcrdun_things_place` a tile, besides the
/// placement's own: the spot grid (1) and the rooms grid (4, with rooms).
const COPY_BYTES_PER_TILE: u64 = 5;

/// # Safety
/// As `mcrdun_things_place`.
unsafe fn place_map(map: &McrdunPlaceMap) -> FfiResult<PlaceMap> {
    let (w, h) = (map.width, map.height);
    let n = checked_cell_count(w.into(), h.into())?;
    if n == 0 {
        return Err(FfiError::invalid(format!(
            "a {w}x{h} map has no tiles (width and height are at least 1)"
        )));
    }
    mcrdun_geom::memory::check_bytes(
        "thing placement",
        (n as u64)
            .saturating_mul(PLACE_BYTES_PER_TILE + COPY_BYTES_PER_TILE)
            .saturating_add(PLACE_FIXED_BYTES),
    )?;
    let inside = |p: McrdunPoint, what: &str| {
        if p.x < 0 || p.y < 0 || p.x as u32 >= w || p.y as u32 >= h {
            Err(FfiError::out_of_range(format!(
                "{what} at ({}, {}) is outside the {w}x{h} map",
                p.x, p.y
            )))
        } else {
            Ok(())
        }
    };
    inside(map.start, "the up stairs (`start`)")?;
    if map.has_end {
        inside(map.end, "the down stairs (`end`)")?;
    }
    // SAFETY: `spots` is readable for n bytes by contract; size checked.
    let spots = unsafe { input_slice(map.spots, n, "spots") }?;
    if let Some(i) = spots.iter().position(|&b| Spot::from_u8(b).is_none()) {
        return Err(FfiError::invalid(format!(
            "spots[{i}] is {}, not an MCRDUN_SPOT_* byte (0 to 6)",
            spots[i]
        )));
    }
    // SAFETY: `markers` is readable for `markers_len` items by contract.
    let markers = unsafe { input_slice(map.markers, map.markers_len, "markers") }?;
    let grid = Grid::from_vec(w, h, {
        let mut v = mcrdun_geom::memory::try_with_capacity("the spots", n)?;
        v.extend(
            spots
                .iter()
                .map(|&b| Spot::from_u8(b).unwrap_or(Spot::Wall)),
        );
        v
    })?;
    let mut pm = PlaceMap::new(grid, map.start.into())?;
    if map.has_end {
        pm = pm.with_end(map.end.into())?;
    }
    if !map.rooms.is_null() {
        // SAFETY: `rooms` is NULL or readable for n values by contract.
        let rooms = unsafe { input_slice(map.rooms, n, "rooms") }?;
        let mut v = mcrdun_geom::memory::try_with_capacity("the rooms", n)?;
        v.extend_from_slice(rooms);
        pm = pm.with_rooms(Grid::from_vec(w, h, v)?)?;
    }
    if !markers.is_empty() {
        pm = pm.with_markers(
            markers
                .iter()
                .map(|m| (Point::new(m.x, m.y), char::from(m.label))),
        )?;
    }
    Ok(pm)
}

/// Places the entries of `tables[0..tables_len]` (one list, the first
/// table's entries first; names and glyphs unique across them) on the
/// caller's `map` for dungeon depth `depth`, with the randomness of
/// `seed`, and writes the things through the two-call protocol: `*len`
/// receives the number of things; with `out == NULL` or `cap` too small
/// the call returns `BUFFER_TOO_SMALL` (call again with a larger buffer:
/// the same map, tables, depth and seed place the same things, so the
/// placement simply runs again). Things come in the order placed
/// (required ones first, entry by entry, then the optional ones).
///
/// The rules (`mcrdun-things`' crate docs): a thing stands on a room,
/// corridor or vault spot the up stairs reach, never on a door, closed
/// or barrier spot nor on the stairs, never two on a tile; walking is
/// 4-connected over every spot but `MCRDUN_SPOT_WALL`. The same as Rust's
/// `mcrdun_things::place_seeded`, on every platform.
///
/// Working memory: 45 bytes a tile (40 for the placement, 5 for the
/// copies of the spots and rooms), 64 KiB, and about 112 bytes a thing,
/// checked against the memory limit before any input is read.
///
/// Errors: `NULL_ARGUMENT` for a NULL `map`, `len`, `map->spots`, a NULL
/// table pointer, or a NULL `tables` / `map->markers` with a length;
/// `INVALID_ARGUMENT` for a map of no tiles, a spot byte past
/// `MCRDUN_SPOT_BARRIER`, stairs on a wall, a marker on a wall, outside
/// the map, twice on a tile or not labelled with an ASCII letter or digit,
/// or two entries sharing a name or glyph; `OUT_OF_RANGE` for stairs
/// outside the map; `UNSATISFIABLE` when a required entry cannot be
/// placed (`mcrdun_last_error` names the entry and the rule); `TOO_LARGE`
/// above the memory limit; `BUFFER_TOO_SMALL`. Nothing but `*len` is
/// written on failure. Thread-safe.
///
/// # Safety
/// `map` is NULL or a valid map whose `spots` (and `rooms`, if not NULL)
/// are readable for `width * height` items and `markers` for
/// `markers_len`; `tables` is NULL (with 0) or `tables_len` readable
/// pointers, each NULL or a live table; `out` is NULL or writable for
/// `cap` things; `len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_things_place(
    map: *const McrdunPlaceMap,
    tables: *const *const McrdunThingTable,
    tables_len: usize,
    depth: u32,
    seed: u64,
    out: *mut McrdunThing,
    cap: usize,
    len: *mut usize,
) -> McrdunStatus {
    boundary!("mcrdun_things_place", {
        check_out(len, "len")?;
        // SAFETY: NULL or a valid map by contract.
        let map = unsafe { handle_ref(map, "map") }?;
        // SAFETY: NULL (with 0) or live tables by contract.
        let tables = unsafe { input_tables(tables, tables_len) }?;
        // SAFETY: the map's buffers are valid by contract.
        let pm = unsafe { place_map(map) }?;
        // `place` takes the tables by value: clone them (each table is
        // at most 32 bytes a byte of its text, already counted once).
        let owned: Vec<Table> = tables.into_iter().cloned().collect();
        let things = mcrdun_things::place_seeded(&pm, &owned, depth, seed)?;
        drop(pm);
        // SAFETY: `out`/`cap`/`len` valid by contract.
        unsafe { write_iter(things.iter().map(McrdunThing::from), out, cap, len, "out") }
    })
}

/// The bytes a copy of `table` holds (its entries, names and kinds of
/// place), counted against the memory limit before it is made.
fn table_bytes(table: &Table) -> u64 {
    table
        .entries()
        .iter()
        .map(|e| {
            size_of::<mcrdun_things::Entry>() as u64
                + e.name().len() as u64
                + size_of_val(e.places()) as u64
        })
        .sum()
}

/// Gives `options` copies of the spawn tables `tables[0..tables_len]` to
/// place (NULL with 0: none, which leaves every level as it was);
/// `mcrdun_level_generate_with` then places their entries (one list, the
/// first table's first; names and glyphs unique across them) on the
/// finished level at the depth of the `dungeon_level` option: required
/// entries, or `UNSATISFIABLE` naming the entry and the rule, then
/// optional ones by weight (see `mcrdun_thing_table_parse` and
/// `mcrdun_things_place` for the rules). The tables may be freed
/// afterwards.
///
/// Working memory: the copies, about 100 bytes an entry, counted against
/// the memory limit (`TOO_LARGE` above it; the options are unchanged on
/// any failure).
///
/// Errors: `NULL_ARGUMENT` for a NULL `options`, a NULL table pointer, or a
/// NULL `tables` with a length; `TOO_LARGE`.
///
/// # Safety
/// `options` is NULL or a live handle not used by another thread
/// meanwhile; `tables` is NULL (with 0) or `tables_len` readable pointers,
/// each NULL or a live table.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_level_options_set_things(
    options: *mut McrdunLevelOptions,
    tables: *const *const McrdunThingTable,
    tables_len: usize,
) -> McrdunStatus {
    boundary!("mcrdun_level_options_set_things", {
        // SAFETY: as this function's contract says.
        let options = unsafe { McrdunLevelOptions::borrow_mut(options, "options") }?;
        // SAFETY: NULL (with 0) or live tables by contract.
        let tables = unsafe { input_tables(tables, tables_len) }?;
        let bytes = tables.iter().map(|t| table_bytes(t)).sum::<u64>();
        mcrdun_geom::memory::check_bytes("the spawn tables' copies", bytes)?;
        let mut copies = mcrdun_geom::memory::try_with_capacity("the spawn tables", tables.len())?;
        copies.extend(tables.into_iter().cloned());
        options.things = copies;
        Ok(())
    })
}

/// The things placed on `level` (by the spawn tables of
/// `mcrdun_level_options_set_things`), in the order placed, through the
/// two-call protocol; `McrdunThing::entry` counts the entries of all the
/// tables, in order, and `mcrdun_level_thing_name` gives a thing's name.
/// A level made without tables has none.
///
/// Errors: `NULL_ARGUMENT` for a NULL `level` or `len`; `BUFFER_TOO_SMALL`.
/// Thread-safe.
///
/// # Safety
/// `level` is NULL or a live handle; `out` is NULL or writable for `cap`
/// things; `len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_level_things(
    level: *const McrdunLevel,
    out: *mut McrdunThing,
    cap: usize,
    len: *mut usize,
) -> McrdunStatus {
    boundary!("mcrdun_level_things", {
        check_out(len, "len")?;
        // SAFETY: `level` is NULL or live by contract.
        let level = unsafe { McrdunLevel::borrow(level, "level") }?;
        let things = level.inner.things().iter().map(McrdunThing::from);
        // SAFETY: `out`/`cap`/`len` valid by contract.
        unsafe { write_iter(things, out, cap, len, "out") }
    })
}

/// The name (its entry's) of thing `index` of `level`, as bytes (no NUL),
/// through the two-call protocol.
///
/// Errors: `NULL_ARGUMENT` for a NULL `level` or `len`; `OUT_OF_RANGE`
/// for an index past the level's things; `BUFFER_TOO_SMALL`. Thread-safe.
///
/// # Safety
/// `level` is NULL or a live handle; `out` is NULL or writable for `cap`
/// bytes; `len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_level_thing_name(
    level: *const McrdunLevel,
    index: usize,
    out: *mut c_char,
    cap: usize,
    len: *mut usize,
) -> McrdunStatus {
    boundary!("mcrdun_level_thing_name", {
        check_out(len, "len")?;
        // SAFETY: `level` is NULL or live by contract.
        let level = unsafe { McrdunLevel::borrow(level, "level") }?;
        let things = level.inner.things();
        let t = things
            .get(index)
            .ok_or_else(|| FfiError::out_of_range(format!("thing {index} of {}", things.len())))?;
        let bytes = t.name.bytes().map(|b| b as c_char);
        // SAFETY: `out`/`cap`/`len` valid by contract.
        unsafe { write_iter(bytes, out, cap, len, "out") }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const TABLE: &str = "thing chest\nglyph C\ncount 1\nwhere dead_end\n\
                         thing rat\nglyph r\ncount 2\nwhere room\napart 3\n";

    fn table(text: &str) -> *mut McrdunThingTable {
        let mut t = core::ptr::null_mut();
        // SAFETY: the text and `t` are valid.
        let st = unsafe { mcrdun_thing_table_parse(text.as_ptr().cast(), text.len(), &mut t) };
        assert_eq!(st, McrdunStatus::Ok);
        t
    }

    /// The example of the crate docs of mcrdun-things, through C.
    #[test]
    fn placement_agrees_with_rust() {
        let rows = [
            "###########",
            "#.....#####",
            "#.....,,,,#",
            "#.....###,#",
            "#########,#",
            "###########",
        ];
        let spots: Vec<u8> = rows
            .iter()
            .flat_map(|r| r.bytes())
            .map(|b| match b {
                b'.' => MCRDUN_SPOT_ROOM,
                b',' => MCRDUN_SPOT_CORRIDOR,
                _ => MCRDUN_SPOT_WALL,
            })
            .collect();
        let map = McrdunPlaceMap {
            spots: spots.as_ptr(),
            width: 11,
            height: 6,
            rooms: core::ptr::null(),
            start: McrdunPoint { x: 1, y: 1 },
            has_end: false,
            end: McrdunPoint::default(),
            markers: core::ptr::null(),
            markers_len: 0,
        };
        let t = table(TABLE);
        let tables = [t.cast_const()];
        let mut len = 0;
        // SAFETY: valid buffers; a NULL `out` asks for the size.
        let st = unsafe {
            mcrdun_things_place(
                &map,
                tables.as_ptr(),
                1,
                1,
                42,
                core::ptr::null_mut(),
                0,
                &mut len,
            )
        };
        assert_eq!((st, len), (McrdunStatus::BufferTooSmall, 3));
        let mut out = [McrdunThing::default(); 3];
        // SAFETY: `out` holds 3 things.
        let st = unsafe {
            mcrdun_things_place(
                &map,
                tables.as_ptr(),
                1,
                1,
                42,
                out.as_mut_ptr(),
                3,
                &mut len,
            )
        };
        assert_eq!(st, McrdunStatus::Ok);
        let chest = out.iter().find(|t| t.glyph == b'C').unwrap();
        assert_eq!((chest.x, chest.y, chest.distance), (9, 4, 11));
        assert_eq!(chest.place, MCRDUN_THING_PLACE_DEAD_END);
        assert_eq!((chest.room, chest.group), (u32::MAX, u32::MAX));
        let rust = mcrdun_things::place_seeded(
            &PlaceMap::new(
                Grid::from_vec(
                    11,
                    6,
                    spots.iter().map(|&b| Spot::from_u8(b).unwrap()).collect(),
                )
                .unwrap(),
                Point::new(1, 1),
            )
            .unwrap(),
            &[mcrdun_things::parse(TABLE, "t").unwrap()],
            1,
            42,
        )
        .unwrap();
        let rust: Vec<McrdunThing> = rust.iter().map(McrdunThing::from).collect();
        assert_eq!(rust, out);
        // SAFETY: a live handle freed once.
        unsafe { mcrdun_thing_table_free(t) };
    }

    #[test]
    fn parse_errors_are_located() {
        let mut t = core::ptr::null_mut();
        let bad = b"thing x\nglyph x\n# caf\xe9\n";
        // SAFETY: valid buffers.
        let st = unsafe { mcrdun_thing_table_parse(bad.as_ptr().cast(), bad.len(), &mut t) };
        assert_eq!(st, McrdunStatus::InvalidArgument);
        assert!(t.is_null());
        let e = parse_table(bad, "text").unwrap_err();
        assert_eq!(
            e.message,
            "text:3:6: expected UTF-8 text, found the byte 0xE9"
        );
        let e = parse_table(b"thing rat\nglyph r\ncount 5..2\n", "text").unwrap_err();
        assert!(
            e.message.starts_with("text:3:7: expected a count"),
            "{}",
            e.message
        );
        assert!(parse_table(b"\xEF\xBB\xBFthing rat\nglyph r\n", "text").is_ok());
    }
}
