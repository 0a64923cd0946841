//! Rectangle relations for an engine's own rooms: shared walls, wall tiles,
//! and the neighbour rule.

use crate::boundary::boundary;
use crate::error::{FfiError, McrdunStatus};
use crate::ptr::{check_out, write_iter, write_out};
use crate::types::{McrdunPoint, McrdunRect};
use mcrdun_geom::{Side, shared_wall, wall_tiles};

/// Side flag: towards smaller y.
pub const MCRDUN_SIDE_NORTH: u32 = 1;
/// Side flag: towards larger x.
pub const MCRDUN_SIDE_EAST: u32 = 2;
/// Side flag: towards larger y.
pub const MCRDUN_SIDE_SOUTH: u32 = 4;
/// Side flag: towards smaller x.
pub const MCRDUN_SIDE_WEST: u32 = 8;

const _: () = {
    assert!(MCRDUN_SIDE_NORTH == Side::North.bit() as u32);
    assert!(MCRDUN_SIDE_EAST == Side::East.bit() as u32);
    assert!(MCRDUN_SIDE_SOUTH == Side::South.bit() as u32);
    assert!(MCRDUN_SIDE_WEST == Side::West.bit() as u32);
};

/// Where rectangle `a` touches rectangle `b`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct McrdunSharedWall {
    /// The side of `a` that lies on `b`: one of the `MCRDUN_SIDE_*` flags.
    pub side: u32,
    /// First coordinate of the shared span (x for north/south walls, y for east/west).
    pub start: i32,
    /// One past the last coordinate of the shared span.
    pub end: i32,
}

fn not_adjacent(a: McrdunRect, b: McrdunRect) -> FfiError {
    FfiError::new(
        McrdunStatus::NotAdjacent,
        format!(
            "{} x {} at ({}, {}) and {} x {} at ({}, {}) share no wall (apart, overlapping, or touching only at a corner)",
            a.w, a.h, a.x, a.y, b.w, b.h, b.x, b.y
        ),
    )
}

/// Which side of `a` touches `b`, and the span they share.
///
/// Errors: `INVALID_ARGUMENT` for an invalid rectangle (w or h < 1, or an
/// edge past `INT32_MAX`); `NOT_ADJACENT` when the rectangles are apart,
/// overlap, or meet only at a corner; `NULL_ARGUMENT` when `out` is NULL.
/// Thread-safe.
///
/// # Safety
/// `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_rect_shared_wall(
    a: McrdunRect,
    b: McrdunRect,
    out: *mut McrdunSharedWall,
) -> McrdunStatus {
    boundary!("mcrdun_rect_shared_wall", {
        check_out(out, "out")?;
        let wall =
            shared_wall(&a.to_rect("a")?, &b.to_rect("b")?).ok_or_else(|| not_adjacent(a, b))?;
        let value = McrdunSharedWall {
            side: u32::from(wall.side.bit()),
            start: wall.start,
            end: wall.end,
        };
        // SAFETY: `out` was checked non-NULL and is writable by contract.
        unsafe { write_out(out, value, "out") }
    })
}

/// The tiles on `a`'s own edge, inside `a`, along the wall it shares with
/// `b`, in ascending coordinate order (for a split at x = 50, `a` on the
/// left gets x = 49). Two-call protocol: `*len` receives the tile count; with
/// `out == NULL` or `cap` too small the call returns `BUFFER_TOO_SMALL`.
///
/// Errors: `INVALID_ARGUMENT`, `NOT_ADJACENT` as for
/// `mcrdun_rect_shared_wall`; `NULL_ARGUMENT` when `len` is NULL.
/// Thread-safe.
///
/// # Safety
/// `out` is NULL or writable for `cap` points; `len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_rect_wall_tiles(
    a: McrdunRect,
    b: McrdunRect,
    out: *mut McrdunPoint,
    cap: usize,
    len: *mut usize,
) -> McrdunStatus {
    boundary!("mcrdun_rect_wall_tiles", {
        check_out(len, "len")?;
        let tiles =
            wall_tiles(&a.to_rect("a")?, &b.to_rect("b")?).ok_or_else(|| not_adjacent(a, b))?;
        // SAFETY: `out`/`cap`/`len` are valid by this function's contract.
        unsafe { write_iter(tiles.map(McrdunPoint::from), out, cap, len, "out") }
    })
}

/// Whether `a` and `b` are neighbours by the "close enough, wide enough"
/// rule: on one axis the gap between their facing sides is in
/// `[0, max_gap)`, and on the other their overlap is greater than
/// `door_width`. Overlapping rectangles are not neighbours.
///
/// Errors: `INVALID_ARGUMENT` for an invalid rectangle; `NULL_ARGUMENT` when
/// `out` is NULL. Thread-safe.
///
/// # Safety
/// `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_rect_are_neighbours(
    a: McrdunRect,
    b: McrdunRect,
    max_gap: u32,
    door_width: u32,
    out: *mut bool,
) -> McrdunStatus {
    boundary!("mcrdun_rect_are_neighbours", {
        check_out(out, "out")?;
        let yes =
            mcrdun_geom::are_neighbours(&a.to_rect("a")?, &b.to_rect("b")?, max_gap, door_width);
        // SAFETY: `out` was checked non-NULL and is writable by contract.
        unsafe { write_out(out, yes, "out") }
    })
}

/// Whether `r` is a valid rectangle (w, h >= 1 and edges within int32).
/// Thread-safe; never fails.
#[unsafe(no_mangle)]
pub extern "C" fn mcrdun_rect_is_valid(r: McrdunRect) -> bool {
    crate::boundary::boundary_value("mcrdun_rect_is_valid", false, || r.to_rect("r").is_ok())
}
