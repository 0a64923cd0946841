//! Distance maps (`mcrdun-distance`) over caller buffers: costs as
//! `uint8_t` or `uint16_t` (0 = impassable), the `int32_t` distance map in
//! and out in place (`MCRDUN_DISTANCE_UNREACHED` = not a source / not
//! reached), row-major, `index = y * width + x`.
//!
//! Functions that take no scratch handle (or a NULL one) are thread-safe. A
//! `McrdunDistanceScratch` holds reusable working memory and must not be
//! used by two threads at once.

use crate::boundary::{boundary, boundary_value};
use crate::error::{FfiError, FfiResult, McrdunStatus};
use crate::ptr::{BoxHandle, check_out, input_slice, input_slice_mut, write_out};
use crate::types::McrdunPoint;
use mcrdun_distance::{
    Cost, DistanceError, DistanceScratch, SATURATED, Steps, UNREACHED, descent, farthest, scale,
};
use mcrdun_geom::{Point, checked_cell_count};

/// The distance of a cell that is not a source (input) or not reached
/// (output): `INT32_MAX`.
pub const MCRDUN_DISTANCE_UNREACHED: i32 = i32::MAX;
const _: () = assert!(MCRDUN_DISTANCE_UNREACHED == UNREACHED);
/// The largest distance stored: longer sums saturate to `INT32_MAX - 1`.
pub const MCRDUN_DISTANCE_SATURATED: i32 = i32::MAX - 1;
const _: () = assert!(MCRDUN_DISTANCE_SATURATED == SATURATED);
/// Flag: a diagonal step needs both cells beside it passable (by default a
/// diagonal may pass between two walls, as python-tcod allows).
pub const MCRDUN_DISTANCE_NO_CORNER_CUTTING: u32 = 1;

/// Reusable working memory for distance maps (opaque). Not thread-safe:
/// one thread at a time.
pub struct McrdunDistanceScratch {
    inner: DistanceScratch,
}

impl BoxHandle for McrdunDistanceScratch {}

impl From<DistanceError> for FfiError {
    fn from(e: DistanceError) -> FfiError {
        let status = match &e {
            DistanceError::Geom(g) => return FfiError::from(g.clone()),
            DistanceError::TooLarge { .. } | DistanceError::AllocationFailed { .. } => {
                McrdunStatus::TooLarge
            }
            DistanceError::OutOfBounds { .. } => McrdunStatus::OutOfRange,
            DistanceError::SizeMismatch { .. } => McrdunStatus::BufferTooSmall,
            _ => McrdunStatus::InvalidArgument,
        };
        FfiError::new(status, e.to_string())
    }
}

fn steps(cardinal: u32, diagonal: u32, flags: u32) -> FfiResult<Steps> {
    if flags & !MCRDUN_DISTANCE_NO_CORNER_CUTTING != 0 {
        return Err(FfiError::invalid(format!(
            "flags must be 0 or MCRDUN_DISTANCE_NO_CORNER_CUTTING, got {flags}"
        )));
    }
    let s = Steps::new(cardinal, diagonal);
    Ok(if flags & MCRDUN_DISTANCE_NO_CORNER_CUTTING != 0 {
        s.without_corner_cutting()
    } else {
        s
    })
}

/// The number of cells of the map, refused (`TOO_LARGE`) when the cells of
/// the widest element type would not fit in a slice (`isize::MAX` bytes).
fn cells(width: u32, height: u32, elem: usize) -> FfiResult<usize> {
    let n = checked_cell_count(width.into(), height.into())?;
    match n.checked_mul(elem) {
        Some(bytes) if bytes <= isize::MAX as usize => Ok(n),
        _ => Err(FfiError::new(
            McrdunStatus::TooLarge,
            format!("a {width}x{height} map does not fit in memory"),
        )),
    }
}

/// The distance map: `len` items at `p`, of which the first `n` are used
/// (`BUFFER_TOO_SMALL` when `len < n`).
///
/// # Safety
/// `p` is readable and writable for `len` items (NULL when `len == 0`),
/// and not otherwise accessed during the call.
unsafe fn dist_mut<'a>(p: *mut i32, len: usize, n: usize) -> FfiResult<&'a mut [i32]> {
    if len < n {
        return Err(FfiError::new(
            McrdunStatus::BufferTooSmall,
            format!("`dist` holds {len} cells, the map has {n}"),
        ));
    }
    // SAFETY: valid for `len >= n` items by this function's contract.
    unsafe { input_slice_mut(p, n, "dist") }
}

/// Creates a scratch (no memory is reserved until first used) into `*out`.
///
/// Working memory: the handle, about 400 bytes.
///
/// Errors: `NULL_ARGUMENT` when `out` is NULL. Thread-safe.
///
/// # Safety
/// `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_distance_scratch_new(
    out: *mut *mut McrdunDistanceScratch,
) -> McrdunStatus {
    boundary!("mcrdun_distance_scratch_new", {
        let scratch = McrdunDistanceScratch {
            inner: DistanceScratch::new(),
        };
        // SAFETY: `out` is NULL or writable by contract.
        unsafe { scratch.hand_out(out, "out") }
    })
}

/// Releases a scratch. NULL does nothing.
///
/// # Safety
/// `scratch` is NULL or a handle from `mcrdun_distance_scratch_new` not yet
/// freed, used by no other thread.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_distance_scratch_free(scratch: *mut McrdunDistanceScratch) {
    boundary_value("mcrdun_distance_scratch_free", (), || {
        // SAFETY: NULL or a handle from _scratch_new not yet freed, by contract.
        unsafe { McrdunDistanceScratch::free(scratch) }
    })
}

/// Sets the ceiling on the cells of one map computed with `scratch`
/// (default 67108864, an 8192 x 8192 map); larger maps fail with
/// `TOO_LARGE` before any work. The memory limit applies besides: see
/// `mcrdun_distance_compute_u8` for a map's working memory.
///
/// Working memory: none.
///
/// Errors: `NULL_ARGUMENT` when `scratch` is NULL.
///
/// # Safety
/// `scratch` is NULL or a live handle used by no other thread.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_distance_scratch_set_max_cells(
    scratch: *mut McrdunDistanceScratch,
    max_cells: usize,
) -> McrdunStatus {
    boundary!("mcrdun_distance_scratch_set_max_cells", {
        // SAFETY: NULL or a live handle by contract.
        let s = unsafe { McrdunDistanceScratch::borrow_mut(scratch, "scratch") }?;
        s.inner.set_max_cells(max_cells);
        Ok(())
    })
}

/// # Safety
/// As `mcrdun_distance_compute_u8`, with `costs` of type `C`.
#[allow(clippy::too_many_arguments)]
unsafe fn compute_impl<C: Cost>(
    scratch: *mut McrdunDistanceScratch,
    costs: *const C,
    width: u32,
    height: u32,
    cardinal: u32,
    diagonal: u32,
    flags: u32,
    dist: *mut i32,
    dist_len: usize,
) -> FfiResult {
    let steps = steps(cardinal, diagonal, flags)?;
    let n = cells(width, height, size_of::<i32>().max(size_of::<C>()))?;
    let mut fresh = DistanceScratch::new();
    let s = if scratch.is_null() {
        &mut fresh
    } else {
        // SAFETY: a live handle used by this thread only, by contract.
        &mut unsafe { McrdunDistanceScratch::borrow_mut(scratch, "scratch") }?.inner
    };
    // The ceiling is checked before any buffer is looked at.
    if n > s.max_cells() {
        return Err(DistanceError::TooLarge {
            cells: n as u64,
            limit: s.max_cells() as u64,
        }
        .into());
    }
    // SAFETY: `costs` is readable for n items by contract; size checked.
    let costs = unsafe { input_slice(costs, n, "costs") }?;
    // SAFETY: `dist` is valid for `dist_len` items by contract.
    let dist = unsafe { dist_mut(dist, dist_len, n) }?;
    s.compute(costs, dist, width, height, steps)?;
    Ok(())
}

/// Fills the distance map `dist` in place over `uint8_t` costs (python-tcod's
/// `dijkstra2d(dist, costs, cardinal, diagonal, out=dist)`): on input a cell
/// holding `MCRDUN_DISTANCE_UNREACHED` is not a source and any other value
/// (negative included) is a source with that start value; on output every
/// cell holds the least start value plus, over the steps of a path, the step's
/// multiplier times the cost of the cell entered, or
/// `MCRDUN_DISTANCE_UNREACHED`. Cost 0 is impassable. `cardinal` and
/// `diagonal` are the step multipliers (0 turns that move off: `1, 0` is
/// 4-connected, `1, 1` Chebyshev, `2, 3` near-octile). `flags` is 0 or
/// `MCRDUN_DISTANCE_NO_CORNER_CUTTING`. Sums saturate at
/// `MCRDUN_DISTANCE_SATURATED` (never overflow). A map may be rescanned:
/// pass a finished (e.g. scaled) map back in. Only the first
/// `width * height` cells of `dist` are read and written.
///
/// `scratch` may be NULL (working memory is then allocated for this call
/// only); with a handle, its memory is reused across calls.
///
/// Working memory: at most 22 bytes a cell of the map with a one-cell
/// border (`(width + 2) * (height + 2)` cells; a quarter byte a cell when
/// the bucket queue runs in place over bit planes) and 8 bytes a source,
/// refused with MCRDUN_STATUS_TOO_LARGE above the memory limit before any
/// of it is allocated (and before any cell is read when even the bit
/// planes do not fit). A bucket queue adds 48 bytes a bucket (the largest
/// step weight plus one, rounded up to a power of two) and its lists,
/// which grow as they fill (at least 256 entries, 4 bytes an entry and at
/// most one a cell; 8 bytes a held-back step and at most four a cell);
/// the heap, 8 bytes an entry: these are counted as they grow and refused
/// with MCRDUN_STATUS_TOO_LARGE the moment they would pass the memory
/// limit (`dist` unchanged). Every call counts its whole need, whether
/// the scratch already holds the buffers or not.
///
/// Errors: `NULL_ARGUMENT` when `costs` or `dist` is NULL for a non-empty
/// map; `INVALID_ARGUMENT` for unknown flags; `BUFFER_TOO_SMALL` when
/// `dist_len < width * height`; `TOO_LARGE` when `width * height`
/// overflows, exceeds the scratch's ceiling, the working memory exceeds
/// the memory limit, or memory runs out. Nothing is written on failure.
/// Thread-safe with a NULL scratch.
///
/// # Safety
/// `costs` is readable for `width * height` bytes; `dist` readable and
/// writable for `dist_len` values and not overlapping `costs`; `scratch` is
/// NULL or a live handle used by no other thread.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_distance_compute_u8(
    scratch: *mut McrdunDistanceScratch,
    costs: *const u8,
    width: u32,
    height: u32,
    cardinal: u32,
    diagonal: u32,
    flags: u32,
    dist: *mut i32,
    dist_len: usize,
) -> McrdunStatus {
    boundary!("mcrdun_distance_compute_u8", {
        // SAFETY: forwarded contract.
        unsafe {
            compute_impl(
                scratch, costs, width, height, cardinal, diagonal, flags, dist, dist_len,
            )
        }
    })
}

/// `mcrdun_distance_compute_u8` over `uint16_t` costs.
///
/// # Safety
/// As `mcrdun_distance_compute_u8`, with `costs` readable for
/// `width * height` `uint16_t` values.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_distance_compute_u16(
    scratch: *mut McrdunDistanceScratch,
    costs: *const u16,
    width: u32,
    height: u32,
    cardinal: u32,
    diagonal: u32,
    flags: u32,
    dist: *mut i32,
    dist_len: usize,
) -> McrdunStatus {
    boundary!("mcrdun_distance_compute_u16", {
        // SAFETY: forwarded contract.
        unsafe {
            compute_impl(
                scratch, costs, width, height, cardinal, diagonal, flags, dist, dist_len,
            )
        }
    })
}

/// The path that rolls downhill over a distance map from `start`
/// (python-tcod's `hillclimb2d`), through the two-call protocol: `*len`
/// receives the number of cells (at least 1: the path begins with `start`);
/// with `out == NULL` or `cap` too small the call returns
/// `BUFFER_TOO_SMALL`. Each next cell is the neighbour with the lowest
/// value strictly below the current one (cardinal neighbours when
/// `cardinal > 0`, diagonal ones when `diagonal > 0`; with
/// `MCRDUN_DISTANCE_NO_CORNER_CUTTING` a diagonal step needs both cells
/// beside it reached); ties go to the first in the order north, south,
/// west, east, north-west, south-west, north-east, south-east. The path
/// ends where no neighbour is lower: on a distance map, at a source.
///
/// Working memory: none (the path is walked twice, to count and to write).
///
/// Errors: `NULL_ARGUMENT` when `len` or `dist` is NULL; `INVALID_ARGUMENT`
/// for unknown flags; `OUT_OF_RANGE` when `start` is outside the map;
/// `TOO_LARGE` for an impossible size; `BUFFER_TOO_SMALL` as above.
/// Thread-safe.
///
/// # Safety
/// `dist` is readable for `width * height` values; `out` is NULL or
/// writable for `cap` points; `len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_distance_descent(
    dist: *const i32,
    width: u32,
    height: u32,
    start: McrdunPoint,
    cardinal: u32,
    diagonal: u32,
    flags: u32,
    out: *mut McrdunPoint,
    cap: usize,
    len: *mut usize,
) -> McrdunStatus {
    boundary!("mcrdun_distance_descent", {
        check_out(len, "len")?;
        let steps = steps(cardinal, diagonal, flags)?;
        let n = cells(width, height, size_of::<i32>())?;
        // SAFETY: `dist` is readable for n values by contract; size checked.
        let dist = unsafe { input_slice(dist, n, "dist") }?;
        let path = descent(dist, width, height, Point::from(start), steps)?;
        let count = path.clone().count();
        // SAFETY: `len` was checked non-NULL and is writable by contract.
        unsafe { len.write(count) };
        if out.is_null() || cap < count {
            return Err(FfiError::new(
                McrdunStatus::BufferTooSmall,
                format!("`out` holds {cap} point(s), the path has {count}; *len tells the size"),
            ));
        }
        for (i, p) in path.enumerate() {
            // SAFETY: i < count <= cap and `out` is writable for `cap`
            // points by contract.
            unsafe { out.add(i).write(McrdunPoint::from(p)) };
        }
        Ok(())
    })
}

/// The reached cell with the greatest distance (any value but
/// `MCRDUN_DISTANCE_UNREACHED`; the first in raster order on a tie) into
/// `*cell` and its distance into `*distance`, with `*found = true`; when no
/// cell is reached, `*found = false` and `*cell`, `*distance` are left
/// alone. Place the down stairs at the farthest cell from the up stairs.
///
/// Working memory: none.
///
/// Errors: `NULL_ARGUMENT` when an out-parameter is NULL, or `dist` is NULL
/// for a non-empty map; `TOO_LARGE` for an impossible size. Thread-safe.
///
/// # Safety
/// `dist` is readable for `width * height` values; the out-parameters are
/// NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_distance_farthest(
    dist: *const i32,
    width: u32,
    height: u32,
    cell: *mut McrdunPoint,
    distance: *mut i32,
    found: *mut bool,
) -> McrdunStatus {
    boundary!("mcrdun_distance_farthest", {
        check_out(cell, "cell")?;
        check_out(distance, "distance")?;
        check_out(found, "found")?;
        let n = cells(width, height, size_of::<i32>())?;
        // SAFETY: `dist` is readable for n values by contract; size checked.
        let dist = unsafe { input_slice(dist, n, "dist") }?;
        let best = farthest(dist, width, height)?;
        if let Some((p, d)) = best {
            // SAFETY: checked non-NULL, writable by contract.
            unsafe {
                write_out(cell, McrdunPoint::from(p), "cell")?;
                write_out(distance, d, "distance")?;
            }
        }
        // SAFETY: checked non-NULL, writable by contract.
        unsafe { write_out(found, best.is_some(), "found") }
    })
}

/// Rescales a distance map in place for a rescan (the flee map): every
/// reached value `v` becomes `floor(v * numerator / denominator)`, clamped
/// to `INT32_MIN ..= MCRDUN_DISTANCE_SATURATED`; unreached cells stay
/// unreached. Brogue's flee map: scale by -6/5, then compute again with the
/// same costs.
///
/// Working memory: none.
///
/// Errors: `NULL_ARGUMENT` when `dist` is NULL for a non-empty map;
/// `INVALID_ARGUMENT` when `denominator <= 0` (nothing written);
/// `TOO_LARGE` for an impossible size. Thread-safe.
///
/// # Safety
/// `dist` is readable and writable for `width * height` values.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_distance_scale(
    dist: *mut i32,
    width: u32,
    height: u32,
    numerator: i32,
    denominator: i32,
) -> McrdunStatus {
    boundary!("mcrdun_distance_scale", {
        let n = cells(width, height, size_of::<i32>())?;
        // SAFETY: `dist` is valid for n values by contract; size checked.
        let dist = unsafe { dist_mut(dist, n, n) }?;
        Ok(scale(dist, numerator, denominator)?)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compute_descent_farthest_and_errors() {
        let costs = [1u8, 0, 1, 1, 0, 1, 1, 1, 1];
        let mut dist = [UNREACHED; 9];
        dist[0] = 0;
        // SAFETY: buffers sized as passed.
        let st = unsafe {
            mcrdun_distance_compute_u8(
                core::ptr::null_mut(),
                costs.as_ptr(),
                3,
                3,
                2,
                3,
                0,
                dist.as_mut_ptr(),
                9,
            )
        };
        assert_eq!(st, McrdunStatus::Ok);
        assert_eq!(dist, [0, UNREACHED, 10, 2, UNREACHED, 8, 4, 5, 7]);
        let mut len = 0usize;
        // SAFETY: NULL out asks for the length.
        let st = unsafe {
            mcrdun_distance_descent(
                dist.as_ptr(),
                3,
                3,
                McrdunPoint { x: 2, y: 2 },
                1,
                1,
                0,
                core::ptr::null_mut(),
                0,
                &mut len,
            )
        };
        assert_eq!((st, len), (McrdunStatus::BufferTooSmall, 4));
        let before = dist;
        // SAFETY: the size overflows before anything is read.
        let st = unsafe {
            mcrdun_distance_compute_u16(
                core::ptr::null_mut(),
                [1u16].as_ptr(),
                u32::MAX,
                u32::MAX,
                1,
                0,
                0,
                dist.as_mut_ptr(),
                9,
            )
        };
        assert_eq!(st, McrdunStatus::TooLarge);
        // SAFETY: as above; bad flags are refused first.
        let st = unsafe {
            mcrdun_distance_compute_u8(
                core::ptr::null_mut(),
                costs.as_ptr(),
                3,
                3,
                1,
                0,
                4,
                dist.as_mut_ptr(),
                9,
            )
        };
        assert_eq!(st, McrdunStatus::InvalidArgument);
        assert_eq!(dist, before);
    }
}
