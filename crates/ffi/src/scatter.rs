//! Scattered rooms from C: scatter + separate into a caller buffer,
//! separation of the caller's own rooms in place, neighbour pairs, the
//! flood tree with loops, unreachable rooms, and door spans.
//!
//! Room indices cross as `uint32_t` (at most 2^24 rooms); pairs are flat:
//! `out[2k]` and `out[2k + 1]` are the two rooms of pair `k`.

use crate::boundary::boundary;
use crate::error::{FfiError, FfiResult, McrdunStatus};
use crate::ptr::{
    announce, check_out, handle_ref, input_slice, input_slice_mut, write_buffer, write_out,
};
use crate::types::{McrdunPoint, McrdunRect};
use mcrdun_geom::random::seeded_rng;
use mcrdun_geom::{Point, Rect};
use mcrdun_scatter::{
    Connections, LOOP_BYTES_PER_CANDIDATE, MAX_ROOMS, PairCost, SEPARATE_BYTES_PER_ROOM,
    ScatterError, SeparateOptions, Separation, SizeRange, SpawnArea, TREE_BYTES_PER_LINK,
    TREE_BYTES_PER_ROOM, door_span, neighbours_for, scatter, separate, spanning_tree,
};

/// Spawn area shape: room centres drawn from a disc.
pub const MCRDUN_SPAWN_DISC: u32 = 0;
/// Spawn area shape: room centres drawn from a rectangle.
pub const MCRDUN_SPAWN_RECT: u32 = 1;

impl From<ScatterError> for FfiError {
    fn from(e: ScatterError) -> FfiError {
        let status = match &e {
            ScatterError::TooManyRooms { .. } | ScatterError::OutOfRange => McrdunStatus::TooLarge,
            ScatterError::BadStart { .. } => McrdunStatus::OutOfRange,
            ScatterError::Geom(g) => return FfiError::from(g.clone()),
            _ => McrdunStatus::InvalidArgument,
        };
        FfiError::new(status, e.to_string())
    }
}

/// Everything `mcrdun_scatter_generate` needs besides the seed. Fill it with
/// `mcrdun_scatter_params_default` and change what you need.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct McrdunScatterParams {
    /// Number of rooms (at most 2^24).
    pub count: u32,
    /// `MCRDUN_SPAWN_DISC` or `MCRDUN_SPAWN_RECT`.
    pub area_shape: u32,
    /// Centre of the spawn disc (used with `MCRDUN_SPAWN_DISC`).
    pub disc_center: McrdunPoint,
    /// Radius of the spawn disc in cells, at most 2^24 (0: one cell).
    pub disc_radius: u32,
    /// The spawn rectangle (used with `MCRDUN_SPAWN_RECT`).
    pub area_rect: McrdunRect,
    /// Smallest room width (>= 1).
    pub min_w: u32,
    /// Largest room width (>= min_w, at most 65536).
    pub max_w: u32,
    /// Smallest room height (>= 1).
    pub min_h: u32,
    /// Largest room height (>= min_h, at most 65536).
    pub max_h: u32,
    /// Empty cells kept between rooms on at least one axis (at most 65536).
    pub padding: u32,
    /// The most push steps before the finishing pass takes over.
    pub max_steps: u32,
    /// Spread a dense heap before pushing: fewer steps, more gaps.
    pub spread: bool,
}

/// What a separation did. It ends one of three ways: `converged` true, the
/// pushes alone cleared every overlap; `converged` false with `steps ==
/// max_steps`, the step cap stopped them; `converged` false with `steps <
/// max_steps`, they stopped early with at most one overlapping pair per 8
/// rooms left to the finishing pass. In every case no two rooms overlap
/// afterwards, and `finished` counts the rooms the finishing pass moved (0
/// when snapping to whole cells already cleared the last overlaps).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct McrdunSeparation {
    /// Push steps applied (at most `max_steps`).
    pub steps: u32,
    /// Whether the pushes alone cleared every overlap (see above for the
    /// other two endings).
    pub converged: bool,
    /// Rooms the finishing pass moved after snapping to whole cells.
    pub finished: u32,
}

impl From<Separation> for McrdunSeparation {
    fn from(s: Separation) -> Self {
        McrdunSeparation {
            steps: s.steps,
            converged: s.converged,
            // At most MAX_ROOMS (2^24) rooms.
            finished: s.finished as u32,
        }
    }
}

/// Where a door between two neighbouring rooms can go.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct McrdunDoorSpan {
    /// The side of `a` facing `b`: one of the `MCRDUN_SIDE_*` flags.
    pub side: u32,
    /// First coordinate of the span where the rooms face each other (x for
    /// north/south, y for east/west).
    pub start: i32,
    /// One past the last coordinate of the span.
    pub end: i32,
    /// Empty cells between the facing sides (0: they touch).
    pub gap: u32,
}

/// Fills `out` with defaults: 40 rooms, disc of radius 20 at (0, 0), widths
/// 4..=12, heights 3..=9, padding 0, 1000 steps, no spreading.
///
/// Errors: `NULL_ARGUMENT` when `out` is NULL. Thread-safe.
///
/// # Safety
/// `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_scatter_params_default(
    out: *mut McrdunScatterParams,
) -> McrdunStatus {
    boundary!("mcrdun_scatter_params_default", {
        let value = McrdunScatterParams {
            count: 40,
            area_shape: MCRDUN_SPAWN_DISC,
            disc_center: McrdunPoint { x: 0, y: 0 },
            disc_radius: 20,
            area_rect: McrdunRect {
                x: 0,
                y: 0,
                w: 1,
                h: 1,
            },
            min_w: 4,
            max_w: 12,
            min_h: 3,
            max_h: 9,
            padding: 0,
            max_steps: mcrdun_scatter::DEFAULT_MAX_STEPS,
            spread: false,
        };
        // SAFETY: `out` is NULL (reported) or writable by contract.
        unsafe { write_out(out, value, "out") }
    })
}

/// The validated Rust arguments of a parameter block.
fn parse_params(
    p: &McrdunScatterParams,
) -> FfiResult<(SpawnArea, SizeRange, SizeRange, SeparateOptions)> {
    let area = match p.area_shape {
        MCRDUN_SPAWN_DISC => SpawnArea::Disc {
            center: Point::from(p.disc_center),
            radius: p.disc_radius,
        },
        MCRDUN_SPAWN_RECT => SpawnArea::Rect(p.area_rect.to_rect("params->area_rect")?),
        other => {
            return Err(FfiError::invalid(format!(
                "area_shape {other} is neither MCRDUN_SPAWN_DISC (0) nor MCRDUN_SPAWN_RECT (1)"
            )));
        }
    };
    let widths = SizeRange::new(p.min_w, p.max_w)?;
    let heights = SizeRange::new(p.min_h, p.max_h)?;
    let options = SeparateOptions {
        padding: p.padding,
        max_steps: p.max_steps,
        spread: p.spread,
    };
    Ok((area, widths, heights, options))
}

/// Scatters `params->count` rooms from `seed` and separates them: integer
/// rooms, no two overlapping, `padding` apart. The same seed and parameters
/// give the same rooms on every platform. Two-call protocol on `out`:
/// `*len` receives `count`; with `out == NULL` or `cap < count` the call
/// returns `BUFFER_TOO_SMALL` before doing any work. `*report` receives the
/// step count and how the separation ended.
///
/// Working memory: 200 bytes a room; refused with
/// `MCRDUN_STATUS_TOO_LARGE` above the memory limit, before any work.
///
/// Errors: `NULL_ARGUMENT` for a NULL `params`, `len` or `report`;
/// `INVALID_ARGUMENT` for an unknown `area_shape`, an invalid `area_rect`,
/// a size range with min < 1, min > max or max > 65536, a radius above
/// 2^24 or a padding above 65536; `TOO_LARGE` above 2^24 rooms, above the
/// memory limit or when the rooms would leave the int32 range. `count == 0` succeeds with
/// `*len == 0`. Thread-safe.
///
/// # Safety
/// `params` is NULL or readable; `out` is NULL or writable for `cap` rects;
/// `len` and `report` are NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_scatter_generate(
    seed: u64,
    params: *const McrdunScatterParams,
    out: *mut McrdunRect,
    cap: usize,
    len: *mut usize,
    report: *mut McrdunSeparation,
) -> McrdunStatus {
    boundary!("mcrdun_scatter_generate", {
        check_out(len, "len")?;
        check_out(report, "report")?;
        // SAFETY: `params` is NULL (reported) or readable by contract.
        let p = unsafe { handle_ref(params, "params") }?;
        let (area, widths, heights, options) = parse_params(p)?;
        let count = p.count as usize;
        if count > MAX_ROOMS {
            return Err(ScatterError::TooManyRooms { count }.into());
        }
        check_room_budget(count)?;
        // Answer a size query (and the empty case) without generating.
        // SAFETY: `out`, `cap` and `len` are valid by contract.
        unsafe { announce(out, cap, len, count, "out") }?;
        if count == 0 {
            // SAFETY: `len` and `report` were checked non-NULL above.
            unsafe { write_out(len, 0, "len") }?;
            return unsafe { write_out(report, McrdunSeparation::default(), "report") };
        }
        let mut rng = seeded_rng(seed);
        let mut rooms = scatter(&mut rng, count, area, widths, heights)?;
        let sep = separate(&mut rooms, options)?;
        let rects: Vec<McrdunRect> = rooms.into_iter().map(McrdunRect::from).collect();
        // SAFETY: `out` holds `cap >= count` rects, `len` is writable.
        unsafe { write_buffer(&rects, out, cap, len, "out") }?;
        // SAFETY: `report` checked non-NULL above.
        unsafe { write_out(report, sep.into(), "report") }
    })
}

/// Working memory per room of `mcrdun_scatter_generate` and
/// `mcrdun_scatter_separate`: the rooms (16 bytes each) and the
/// separation's scratch (`SEPARATE_BYTES_PER_ROOM`, 184): 200 bytes.
const BYTES_PER_ROOM: u64 = 16 + SEPARATE_BYTES_PER_ROOM;

/// Working memory per room of `mcrdun_scatter_neighbours` besides the
/// pairs: the parsed rooms (16 bytes) and the sweeps' arrays (16).
const NEIGHBOURS_BYTES_PER_ROOM: u64 = 32;

/// Working memory per room of `mcrdun_scatter_links` and `_unreachable`
/// besides the pairs: the parsed rooms (16), the sweeps (16), the tree
/// (`TREE_BYTES_PER_ROOM`, 73) and the unreachable rooms for C (4): 109,
/// stated as 112.
const LINKS_BYTES_PER_ROOM: u64 = 112;

/// Refuses `count` rooms whose working memory passes the budget.
fn check_room_budget(count: usize) -> FfiResult {
    mcrdun_geom::memory::check_budget("scattered rooms", count as u64, BYTES_PER_ROOM)?;
    Ok(())
}

/// The validated rooms of a C array.
///
/// # Safety
/// As `input_slice`.
unsafe fn rooms_of(
    rooms: *const McrdunRect,
    count: usize,
    bytes_per_room: u64,
) -> FfiResult<Vec<Rect>> {
    if count > MAX_ROOMS {
        return Err(ScatterError::TooManyRooms { count }.into());
    }
    mcrdun_geom::memory::check_budget("scattered rooms", count as u64, bytes_per_room)?;
    // SAFETY: forwarded from this function's contract.
    let input = unsafe { input_slice(rooms, count, "rooms") }?;
    let mut parsed = mcrdun_geom::memory::try_with_capacity("scattered rooms", count)?;
    for (i, r) in input.iter().enumerate() {
        parsed.push(r.to_rect(&format!("rooms[{i}]"))?);
    }
    Ok(parsed)
}

/// Separates the caller's `count` rooms in place (keeping sizes and order):
/// afterwards no two overlap and every pair has `padding` empty cells
/// between them on x or y. `*report` receives the step count. On failure the
/// rooms are unchanged.
///
/// Working memory: 200 bytes a room; refused with
/// `MCRDUN_STATUS_TOO_LARGE` above the memory limit, before any work.
///
/// Errors: `NULL_ARGUMENT` for a NULL `report`, or NULL `rooms` with
/// `count > 0`; `INVALID_ARGUMENT` for an invalid rect or a padding above
/// 65536; `TOO_LARGE` above 2^24 rooms, above the memory limit or when a
/// room would leave the int32 range. Thread-safe (on distinct arrays).
///
/// # Safety
/// `rooms` is NULL or readable and writable for `count` rects; `report` is
/// NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_scatter_separate(
    rooms: *mut McrdunRect,
    count: usize,
    padding: u32,
    max_steps: u32,
    spread: bool,
    report: *mut McrdunSeparation,
) -> McrdunStatus {
    boundary!("mcrdun_scatter_separate", {
        check_out(report, "report")?;
        // SAFETY: `rooms` is valid for `count` rects by contract.
        let mut parsed = unsafe { rooms_of(rooms, count, BYTES_PER_ROOM) }?;
        let options = SeparateOptions {
            padding,
            max_steps,
            spread,
        };
        let sep = separate(&mut parsed, options)?;
        // SAFETY: as above; no other reference to the array is alive.
        let out = unsafe { input_slice_mut(rooms, count, "rooms") }?;
        for (slot, r) in out.iter_mut().zip(parsed) {
            *slot = r.into();
        }
        // SAFETY: `report` checked non-NULL above.
        unsafe { write_out(report, sep.into(), "report") }
    })
}

/// Every pair of the `count` rooms that are neighbours (the gap between
/// facing sides in `[0, max_gap)`, the overlap along them greater than
/// `door_width`), as flat index pairs `a < b` sorted by `(a, b)`. Found by
/// sorted sweeps, not all pairs. Two-call protocol: `*len` receives twice
/// the number of pairs.
///
/// Working memory: 32 bytes a room and 48 bytes a pair; refused with
/// `MCRDUN_STATUS_TOO_LARGE` above the memory limit. The pairs can grow
/// with the square of the rooms (rooms in a column with a wide `max_gap`):
/// when they might not fit they are counted first, without storing them,
/// and the call is refused as soon as they pass the limit.
///
/// Errors: `NULL_ARGUMENT` for a NULL `len`, or NULL `rooms` with
/// `count > 0`; `INVALID_ARGUMENT` for an invalid rect; `TOO_LARGE` above
/// 2^24 rooms or above the memory limit; `BUFFER_TOO_SMALL` as above.
/// Thread-safe.
///
/// # Safety
/// `rooms` is NULL or readable for `count` rects; `out` is NULL or writable
/// for `cap` values; `len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_scatter_neighbours(
    rooms: *const McrdunRect,
    count: usize,
    max_gap: u32,
    door_width: u32,
    out: *mut u32,
    cap: usize,
    len: *mut usize,
) -> McrdunStatus {
    boundary!("mcrdun_scatter_neighbours", {
        check_out(len, "len")?;
        // SAFETY: `rooms` is valid for `count` rects by contract.
        let parsed = unsafe { rooms_of(rooms, count, NEIGHBOURS_BYTES_PER_ROOM) }?;
        // The pairs for C (8 bytes each) fit in what `neighbours_for`
        // counts for its own pairs beside the links (32 bytes each).
        let mut links = Vec::new();
        let held = PairCost {
            held: vec_bytes(&parsed),
            per_pair: 0,
        };
        neighbours_for(&parsed, max_gap, door_width, held, &mut links)?;
        let flat: Vec<u32> = links
            .iter()
            .flat_map(|l| [l.a as u32, l.b as u32])
            .collect();
        // SAFETY: `out`/`cap`/`len` valid by contract.
        unsafe { write_buffer(&flat, out, cap, len, "out") }
    })
}

/// The flood of the neighbour graph from room `start`.
///
/// # Safety
/// As `rooms_of`.
unsafe fn flood(
    rooms: *const McrdunRect,
    count: usize,
    max_gap: u32,
    door_width: u32,
    start: u32,
) -> FfiResult<Connections> {
    // SAFETY: forwarded.
    let parsed = unsafe { rooms_of(rooms, count, LINKS_BYTES_PER_ROOM) }?;
    // The tree, the loops and the pairs for C are counted with the pairs
    // found, which can grow with the square of the rooms: a call whose
    // pairs do not fit is refused while they are counted.
    let cost = PairCost {
        held: vec_bytes(&parsed).saturating_add((count as u64).saturating_mul(TREE_BYTES_PER_ROOM)),
        per_pair: TREE_BYTES_PER_LINK + LOOP_BYTES_PER_CANDIDATE + 8,
    };
    let mut links = Vec::new();
    neighbours_for(&parsed, max_gap, door_width, cost, &mut links)?;
    Ok(spanning_tree(count, &links, start as usize)?)
}

/// The bytes of a vector's allocation.
fn vec_bytes<T>(v: &Vec<T>) -> u64 {
    (v.capacity() as u64).saturating_mul(core::mem::size_of::<T>() as u64)
}

/// The links to build between the `count` rooms: a spanning tree of the
/// neighbour graph (rule as in `mcrdun_scatter_neighbours`) flooded depth
/// first from room `start`, then `round(loop_fraction * candidates)` of the
/// unused neighbour pairs, drawn with `loop_seed`. Flat pairs: the first
/// `*tree_pairs` pairs are tree links `(from, to)` in flood order, the rest
/// are loops `(a < b)`, sorted. Two-call protocol: `*len` receives twice the
/// number of pairs; `*tree_pairs` is written only on success. Rooms the
/// flood cannot reach appear in no pair (see `mcrdun_scatter_unreachable`).
///
/// Working memory: 112 bytes a room and 226 bytes a neighbour pair;
/// refused with `MCRDUN_STATUS_TOO_LARGE` above the memory limit, while the
/// pairs are counted (as for `mcrdun_scatter_neighbours`), before the tree
/// is built.
///
/// Errors: `NULL_ARGUMENT` for a NULL `len` or `tree_pairs`, or NULL `rooms`
/// with `count > 0`; `INVALID_ARGUMENT` for an invalid rect or a
/// `loop_fraction` that is NaN or outside [0, 1]; `OUT_OF_RANGE` when
/// `start >= count` (so always for `count == 0`); `TOO_LARGE` above 2^24
/// rooms or above the memory limit; `BUFFER_TOO_SMALL` as above.
/// Thread-safe.
///
/// # Safety
/// `rooms` is NULL or readable for `count` rects; `out` is NULL or writable
/// for `cap` values; `len` and `tree_pairs` are NULL or writable.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn mcrdun_scatter_links(
    rooms: *const McrdunRect,
    count: usize,
    max_gap: u32,
    door_width: u32,
    start: u32,
    loop_fraction: f64,
    loop_seed: u64,
    out: *mut u32,
    cap: usize,
    len: *mut usize,
    tree_pairs: *mut usize,
) -> McrdunStatus {
    boundary!("mcrdun_scatter_links", {
        check_out(len, "len")?;
        check_out(tree_pairs, "tree_pairs")?;
        // SAFETY: `rooms` is valid for `count` rects by contract.
        let c = unsafe { flood(rooms, count, max_gap, door_width, start) }?;
        let c = c.with_loops(loop_fraction, &mut seeded_rng(loop_seed))?;
        let flat: Vec<u32> = c.links().flat_map(|l| [l.a as u32, l.b as u32]).collect();
        // SAFETY: `out`/`cap`/`len` valid by contract.
        unsafe { write_buffer(&flat, out, cap, len, "out") }?;
        // SAFETY: checked non-NULL above.
        unsafe { write_out(tree_pairs, c.tree().len(), "tree_pairs") }
    })
}

/// The rooms the flood from `start` cannot reach (rule as in
/// `mcrdun_scatter_neighbours`), ascending. Two-call protocol: `*len`
/// receives their number.
///
/// Working memory: as `mcrdun_scatter_links`, 112 bytes a room and 226 a
/// neighbour pair; refused with `MCRDUN_STATUS_TOO_LARGE` above the memory
/// limit.
///
/// Errors: as `mcrdun_scatter_links` (without the fraction). Thread-safe.
///
/// # Safety
/// `rooms` is NULL or readable for `count` rects; `out` is NULL or writable
/// for `cap` values; `len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_scatter_unreachable(
    rooms: *const McrdunRect,
    count: usize,
    max_gap: u32,
    door_width: u32,
    start: u32,
    out: *mut u32,
    cap: usize,
    len: *mut usize,
) -> McrdunStatus {
    boundary!("mcrdun_scatter_unreachable", {
        check_out(len, "len")?;
        // SAFETY: `rooms` is valid for `count` rects by contract.
        let c = unsafe { flood(rooms, count, max_gap, door_width, start) }?;
        let flat: Vec<u32> = c.unreachable().iter().map(|&r| r as u32).collect();
        // SAFETY: `out`/`cap`/`len` valid by contract.
        unsafe { write_buffer(&flat, out, cap, len, "out") }
    })
}

/// Where a door between neighbouring rooms `a` and `b` can go: the side of
/// `a` facing `b`, the span along it where they face each other, and the
/// gap between them.
///
/// Errors: `INVALID_ARGUMENT` for an invalid rect; `NOT_ADJACENT` when the
/// rooms are not neighbours by the rule of `mcrdun_scatter_neighbours`;
/// `NULL_ARGUMENT` when `out` is NULL. Thread-safe.
///
/// # Safety
/// `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_scatter_door_span(
    a: McrdunRect,
    b: McrdunRect,
    max_gap: u32,
    door_width: u32,
    out: *mut McrdunDoorSpan,
) -> McrdunStatus {
    boundary!("mcrdun_scatter_door_span", {
        check_out(out, "out")?;
        let span = door_span(&a.to_rect("a")?, &b.to_rect("b")?, max_gap, door_width)
            .ok_or_else(|| {
                FfiError::new(
                    McrdunStatus::NotAdjacent,
                    format!(
                        "{} x {} at ({}, {}) and {} x {} at ({}, {}) are not neighbours with max_gap {max_gap} and door_width {door_width}",
                        a.w, a.h, a.x, a.y, b.w, b.h, b.x, b.y
                    ),
                )
            })?;
        let value = McrdunDoorSpan {
            side: u32::from(span.side.bit()),
            start: span.start,
            end: span.end,
            gap: span.gap,
        };
        // SAFETY: checked non-NULL above, writable by contract.
        unsafe { write_out(out, value, "out") }
    })
}
