//! Region labelling, statistics, reachability and connecting corridors
//! (`mcrdun-regions`) over raw `uint8_t` maps: nonzero = floor, 0 = wall,
//! row-major, `index = y * width + x`.
//!
//! Every function here is thread-safe: it keeps no state between calls, and
//! two calls may run at once as long as they do not write the same buffers.

use crate::boundary::boundary;
use crate::error::{FfiError, FfiResult, McrdunStatus};
use crate::ptr::{announce, check_out, input_slice, input_slice_mut, write_iter, write_out};
use crate::types::McrdunPoint;
use mcrdun_geom::{Point, checked_cell_count};
use mcrdun_regions::{
    Cells, ConnectOptions, Connectivity, LabelOptions, Labeller, NO_REGION, RegionStats,
    RegionsError,
};

/// The label of a wall cell in a label buffer: no region (`UINT32_MAX`).
pub const MCRDUN_NO_REGION: u32 = u32::MAX;
const _: () = assert!(MCRDUN_NO_REGION == NO_REGION);
/// Wrap flag for `mcrdun_regions_label_wrapped`: the last column touches the first.
pub const MCRDUN_REGIONS_WRAP_X: u32 = 1;
/// Wrap flag for `mcrdun_regions_label_wrapped`: the last row touches the first.
pub const MCRDUN_REGIONS_WRAP_Y: u32 = 2;

impl From<RegionsError> for FfiError {
    fn from(e: RegionsError) -> FfiError {
        let status = match &e {
            RegionsError::Geom(g) => return FfiError::from(g.clone()),
            RegionsError::BufferTooSmall { .. } => McrdunStatus::BufferTooSmall,
            RegionsError::OutOfBounds { .. } | RegionsError::NoSuchRegion { .. } => {
                McrdunStatus::OutOfRange
            }
            RegionsError::TooManyRuns => McrdunStatus::TooLarge,
            RegionsError::Unconnectable { .. } => McrdunStatus::Unsatisfiable,
            _ => McrdunStatus::InvalidArgument,
        };
        FfiError::new(status, e.to_string())
    }
}

/// Statistics of one region, as filled by `mcrdun_regions_stats` and
/// `mcrdun_regions_label_stats` (index = region label).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct McrdunRegionStats {
    /// Number of cells.
    pub area: u64,
    /// Smallest column of any cell.
    pub min_x: u32,
    /// Smallest row of any cell.
    pub min_y: u32,
    /// Largest column of any cell.
    pub max_x: u32,
    /// Largest row of any cell.
    pub max_y: u32,
    /// Sum of the cells' columns (`sum_x / area` is the centroid's x).
    pub sum_x: u64,
    /// Sum of the cells' rows.
    pub sum_y: u64,
}

// `McrdunRegionStats` and `RegionStats` are both `repr(C)` with the same
// fields in the same order; the C calls gather statistics straight into the
// caller's array by viewing it as `RegionStats` (see `stats_view`).
const _: () = {
    use core::mem::{align_of, offset_of, size_of};
    assert!(size_of::<McrdunRegionStats>() == size_of::<RegionStats>());
    assert!(align_of::<McrdunRegionStats>() == align_of::<RegionStats>());
    assert!(offset_of!(McrdunRegionStats, area) == offset_of!(RegionStats, area));
    assert!(offset_of!(McrdunRegionStats, min_x) == offset_of!(RegionStats, min_x));
    assert!(offset_of!(McrdunRegionStats, min_y) == offset_of!(RegionStats, min_y));
    assert!(offset_of!(McrdunRegionStats, max_x) == offset_of!(RegionStats, max_x));
    assert!(offset_of!(McrdunRegionStats, max_y) == offset_of!(RegionStats, max_y));
    assert!(offset_of!(McrdunRegionStats, sum_x) == offset_of!(RegionStats, sum_x));
    assert!(offset_of!(McrdunRegionStats, sum_y) == offset_of!(RegionStats, sum_y));
};

/// The caller's statistics array as `RegionStats`, `count` items long.
///
/// # Safety
/// `stats` is non-NULL, aligned and writable for `count` items, and does not
/// overlap any other buffer of the call.
unsafe fn stats_view<'a>(
    stats: *mut McrdunRegionStats,
    count: usize,
) -> FfiResult<&'a mut [RegionStats]> {
    // SAFETY: same size, alignment and field offsets (asserted above); both
    // types are plain integers, valid for any bit pattern; the pointer and
    // length are valid by this function's contract, and input_slice_mut
    // checks the byte length before making the slice.
    unsafe { input_slice_mut(stats.cast::<RegionStats>(), count, "stats") }
}

/// Reports `count` statistics through the two-call protocol when `stats`
/// cannot hold them (`Err` with `BUFFER_TOO_SMALL`, `*len` set); `Ok` when
/// it can.
///
/// # Safety
/// `len` is non-NULL and writable.
unsafe fn check_stats_room(
    stats: *mut McrdunRegionStats,
    cap: usize,
    len: *mut usize,
    count: usize,
    name: &'static str,
) -> FfiResult {
    // SAFETY: `stats`, `cap` and `len` are valid by contract.
    unsafe { announce(stats, cap, len, count, name) }
}

impl From<RegionStats> for McrdunRegionStats {
    fn from(s: RegionStats) -> McrdunRegionStats {
        McrdunRegionStats {
            area: s.area,
            min_x: s.min_x,
            min_y: s.min_y,
            max_x: s.max_x,
            max_y: s.max_y,
            sum_x: s.sum_x,
            sum_y: s.sum_y,
        }
    }
}

/// An output array of one item per cell: `len` items at `p`, at least
/// `needed` of them (`BUFFER_TOO_SMALL` otherwise, nothing written).
///
/// # Safety
/// `p` is NULL or writable for `len` items.
unsafe fn per_cell_output<'a, T>(
    p: *mut T,
    len: usize,
    needed: usize,
    name: &str,
) -> FfiResult<&'a mut [T]> {
    // SAFETY: forwarded contract.
    let out = unsafe { input_slice_mut(p, len, name) }?;
    if out.len() < needed {
        return Err(RegionsError::BufferTooSmall {
            needed,
            actual: out.len(),
        }
        .into());
    }
    Ok(out)
}

/// The map as a checked slice of `width * height` cells.
///
/// # Safety
/// `cells` is NULL (only with an empty map) or readable for `width * height`
/// bytes.
unsafe fn map<'a>(cells: *const u8, width: u32, height: u32) -> FfiResult<Cells<'a, u8>> {
    let n = checked_cell_count(width.into(), height.into())?;
    // SAFETY: forwarded from this function's contract.
    let slice = unsafe { input_slice(cells, n, "cells") }?;
    Ok(Cells::from_slice(slice, width, height)?)
}

fn options(connectivity: u32, wrap: u32) -> FfiResult<LabelOptions> {
    let c = Connectivity::from_u32(connectivity)?;
    if wrap & !(MCRDUN_REGIONS_WRAP_X | MCRDUN_REGIONS_WRAP_Y) != 0 {
        return Err(FfiError::invalid(format!(
            "wrap flags must combine MCRDUN_REGIONS_WRAP_X and _Y, got {wrap}"
        )));
    }
    Ok(LabelOptions::new(c).wrapping(
        wrap & MCRDUN_REGIONS_WRAP_X != 0,
        wrap & MCRDUN_REGIONS_WRAP_Y != 0,
    ))
}

/// Labels the floor of a `width` x `height` map: `labels[y * width + x]`
/// receives the region of the cell (0 .. count-1, numbered in raster order
/// of each region's first cell) or `MCRDUN_NO_REGION` for a wall;
/// `*region_count` receives the number of regions. `connectivity` is 4 or 8.
/// Only the first `width * height` labels are written. There is no limit on
/// the number of regions. A map with a side of 0 is valid and has 0 regions.
///
/// Errors: `NULL_ARGUMENT` when `region_count` is NULL, or `cells` / `labels`
/// is NULL for a non-empty map; `INVALID_ARGUMENT` for a connectivity other
/// than 4 or 8; `TOO_LARGE` when `width * height` overflows or a side
/// exceeds `INT32_MAX`, or the working memory exceeds the memory limit;
/// `BUFFER_TOO_SMALL` when `labels_len < width * height`.
/// Nothing is written on failure. Thread-safe.
///
/// Working memory: 6 bytes a cell (4 with 8-connectivity), 20 a column
/// and 30 a row; refused with MCRDUN_STATUS_TOO_LARGE above the memory
/// limit, before any cell is read.
///
/// # Safety
/// `cells` is readable for `width * height` bytes, `labels` writable for
/// `labels_len` labels (either may be NULL when its length is 0),
/// `region_count` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_regions_label(
    cells: *const u8,
    width: u32,
    height: u32,
    connectivity: u32,
    labels: *mut u32,
    labels_len: usize,
    region_count: *mut u32,
) -> McrdunStatus {
    boundary!("mcrdun_regions_label", {
        // SAFETY: the arguments are valid by this function's contract.
        unsafe {
            label_impl(
                cells,
                width,
                height,
                connectivity,
                0,
                labels,
                labels_len,
                region_count,
            )
        }
    })
}

/// `mcrdun_regions_label` on a map that wraps: `wrap` is 0 or a combination
/// of `MCRDUN_REGIONS_WRAP_X` (column `width - 1` touches column 0) and
/// `MCRDUN_REGIONS_WRAP_Y` (row `height - 1` touches row 0); both make a torus.
///
/// Errors: as `mcrdun_regions_label`, and `INVALID_ARGUMENT` for unknown
/// wrap bits. Thread-safe.
///
/// Working memory: 6 bytes a cell (4 with 8-connectivity when `wrap` is
/// 0), 20 a column and 30 a row; refused with MCRDUN_STATUS_TOO_LARGE above
/// the memory limit, before any cell is read.
///
/// # Safety
/// As `mcrdun_regions_label`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_regions_label_wrapped(
    cells: *const u8,
    width: u32,
    height: u32,
    connectivity: u32,
    wrap: u32,
    labels: *mut u32,
    labels_len: usize,
    region_count: *mut u32,
) -> McrdunStatus {
    boundary!("mcrdun_regions_label_wrapped", {
        // SAFETY: the arguments are valid by this function's contract.
        unsafe {
            label_impl(
                cells,
                width,
                height,
                connectivity,
                wrap,
                labels,
                labels_len,
                region_count,
            )
        }
    })
}

/// # Safety
/// As `mcrdun_regions_label`.
#[allow(clippy::too_many_arguments)]
unsafe fn label_impl(
    cells: *const u8,
    width: u32,
    height: u32,
    connectivity: u32,
    wrap: u32,
    labels: *mut u32,
    labels_len: usize,
    region_count: *mut u32,
) -> FfiResult {
    check_out(region_count, "region_count")?;
    let options = options(connectivity, wrap)?;
    // SAFETY: `cells` is readable for width * height bytes by contract.
    let cells = unsafe { map(cells, width, height) }?;
    // SAFETY: `labels` is writable for `labels_len` labels by contract.
    let out = unsafe { per_cell_output(labels, labels_len, cells.len(), "labels") }?;
    let count = Labeller::new().label(cells, options, out)?;
    // SAFETY: checked non-NULL above, writable by contract.
    unsafe { write_out(region_count, count, "region_count") }
}

/// Each region's statistics, without a label buffer, through the two-call
/// protocol: `*len` receives the number of regions; with `out == NULL` or
/// `cap` too small the call returns `BUFFER_TOO_SMALL`; otherwise
/// `out[label]` receives region `label`'s statistics.
///
/// Errors: `NULL_ARGUMENT` when `len` is NULL or `cells` is NULL for a
/// non-empty map; `INVALID_ARGUMENT` for a connectivity other than 4 or 8;
/// `TOO_LARGE` for an impossible size or above the memory limit;
/// `BUFFER_TOO_SMALL` as above. Thread-safe.
///
/// Working memory: 6 bytes a cell (4.25 with 8-connectivity), 20 a column
/// and 30 a row; refused with MCRDUN_STATUS_TOO_LARGE above the memory
/// limit, before any cell is read.
///
/// # Safety
/// `cells` is readable for `width * height` bytes; `out` is NULL or writable
/// for `cap` items; `len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_regions_stats(
    cells: *const u8,
    width: u32,
    height: u32,
    connectivity: u32,
    out: *mut McrdunRegionStats,
    cap: usize,
    len: *mut usize,
) -> McrdunStatus {
    boundary!("mcrdun_regions_stats", {
        check_out(len, "len")?;
        let options = options(connectivity, 0)?;
        // SAFETY: `cells` is readable for width * height bytes by contract.
        let cells = unsafe { map(cells, width, height) }?;
        let mut labeller = Labeller::new();
        let prepared = labeller.prepare(cells, options)?;
        let count = prepared.count() as usize;
        // SAFETY: `len` was checked non-NULL and is writable by contract.
        unsafe { check_stats_room(out, cap, len, count, "out") }?;
        if count > 0 {
            // SAFETY: `out` holds at least `count` items (checked above).
            prepared.stats(unsafe { stats_view(out, count) }?)?;
        }
        // SAFETY: checked non-NULL, writable by contract.
        unsafe { write_out(len, count, "len") }
    })
}

/// Labels and statistics in one pass (the statistics cost little beyond the
/// labels). Labels as `mcrdun_regions_label`; statistics through the
/// two-call protocol as `mcrdun_regions_stats`: `*stats_len` receives the
/// number of regions, and with `stats == NULL` or `stats_cap` too small the
/// call returns `BUFFER_TOO_SMALL` and writes no label either.
///
/// Errors: those of `mcrdun_regions_label` (with `stats_len` in place of
/// `region_count`). Thread-safe.
///
/// Working memory: 6 bytes a cell (4.25 with 8-connectivity), 20 a column
/// and 30 a row; refused with MCRDUN_STATUS_TOO_LARGE above the memory
/// limit, before any cell is read.
///
/// # Safety
/// As `mcrdun_regions_label`; `stats` is NULL or writable for `stats_cap`
/// items and does not overlap `labels`; `stats_len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_regions_label_stats(
    cells: *const u8,
    width: u32,
    height: u32,
    connectivity: u32,
    labels: *mut u32,
    labels_len: usize,
    stats: *mut McrdunRegionStats,
    stats_cap: usize,
    stats_len: *mut usize,
) -> McrdunStatus {
    boundary!("mcrdun_regions_label_stats", {
        check_out(stats_len, "stats_len")?;
        let options = options(connectivity, 0)?;
        // SAFETY: `cells` is readable for width * height bytes by contract.
        let cells = unsafe { map(cells, width, height) }?;
        // SAFETY: `labels` is writable for `labels_len` labels by contract.
        let out = unsafe { per_cell_output(labels, labels_len, cells.len(), "labels") }?;
        let mut labeller = Labeller::new();
        let prepared = labeller.prepare(cells, options)?;
        let count = prepared.count() as usize;
        // SAFETY: `stats_len` was checked non-NULL and is writable.
        unsafe { check_stats_room(stats, stats_cap, stats_len, count, "stats") }?;
        if count > 0 {
            // SAFETY: `stats` holds at least `count` items (checked above)
            // and does not overlap `labels` (contract).
            prepared.write_with_stats(out, unsafe { stats_view(stats, count) }?)?;
        } else {
            prepared.write(out)?;
        }
        // SAFETY: checked non-NULL, writable by contract.
        unsafe { write_out(stats_len, count, "stats_len") }
    })
}

/// The label of the region with the largest area among `count` statistics
/// (the lowest label on a tie) into `*region`; `MCRDUN_NO_REGION` when
/// `count` is 0.
///
/// Errors: `NULL_ARGUMENT` when `region` is NULL, or `stats` is NULL with
/// `count > 0`. Thread-safe. Working memory: none.
///
/// # Safety
/// `stats` is readable for `count` items; `region` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_regions_largest(
    stats: *const McrdunRegionStats,
    count: usize,
    region: *mut u32,
) -> McrdunStatus {
    boundary!("mcrdun_regions_largest", {
        check_out(region, "region")?;
        // SAFETY: `stats` is readable for `count` items by contract.
        let stats = unsafe { input_slice(stats, count, "stats") }?;
        let mut best: Option<(usize, u64)> = None;
        for (i, s) in stats.iter().enumerate() {
            if best.is_none_or(|(_, a)| s.area > a) {
                best = Some((i, s.area));
            }
        }
        let label = match best {
            Some((i, _)) => u32::try_from(i)
                .ok()
                .filter(|&l| l != MCRDUN_NO_REGION)
                .ok_or_else(|| FfiError::invalid("more statistics than labels"))?,
            None => MCRDUN_NO_REGION,
        };
        // SAFETY: checked non-NULL, writable by contract.
        unsafe { write_out(region, label, "region") }
    })
}

/// The cells reachable from `start` by walking on floor: `mask[i]` receives
/// 1 for every cell of `start`'s region and 0 elsewhere (all 0 when `start`
/// is a wall).
///
/// Errors: `NULL_ARGUMENT` when `mask` or `cells` is NULL for a non-empty
/// map; `INVALID_ARGUMENT` for a bad connectivity; `TOO_LARGE` for an
/// impossible size or above the memory limit; `OUT_OF_RANGE` when `start`
/// is outside the map; `BUFFER_TOO_SMALL` when `mask_len < width * height`.
/// Thread-safe.
///
/// Working memory: 10 bytes a cell (8 with 8-connectivity), 20 a column
/// and 30 a row; refused with MCRDUN_STATUS_TOO_LARGE above the memory
/// limit, before any cell is read.
///
/// # Safety
/// `cells` is readable for `width * height` bytes; `mask` writable for
/// `mask_len` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_regions_reachable_from(
    cells: *const u8,
    width: u32,
    height: u32,
    connectivity: u32,
    start: McrdunPoint,
    mask: *mut u8,
    mask_len: usize,
) -> McrdunStatus {
    boundary!("mcrdun_regions_reachable_from", {
        let options = options(connectivity, 0)?;
        // SAFETY: `cells` is readable for width * height bytes by contract.
        let cells = unsafe { map(cells, width, height) }?;
        // SAFETY: `mask` is writable for `mask_len` bytes by contract.
        let out = unsafe { per_cell_output(mask, mask_len, cells.len(), "mask") }?;
        let reach = mcrdun_regions::reachable_from(cells, Point::from(start), options)?;
        for (o, &r) in out.iter_mut().zip(reach.as_slice()) {
            *o = u8::from(r);
        }
        Ok(())
    })
}

/// Whether all floor of the map is one region (`true` with no floor).
///
/// Errors: `NULL_ARGUMENT` when `out` is NULL or `cells` is NULL for a
/// non-empty map; `INVALID_ARGUMENT` for a bad connectivity; `TOO_LARGE`
/// for an impossible size or above the memory limit. Thread-safe.
///
/// Working memory: 6 bytes a cell (4 with 8-connectivity), 20 a column
/// and 30 a row; refused with MCRDUN_STATUS_TOO_LARGE above the memory
/// limit, before any cell is read.
///
/// # Safety
/// `cells` is readable for `width * height` bytes; `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_regions_is_connected(
    cells: *const u8,
    width: u32,
    height: u32,
    connectivity: u32,
    out: *mut bool,
) -> McrdunStatus {
    boundary!("mcrdun_regions_is_connected", {
        check_out(out, "out")?;
        let options = options(connectivity, 0)?;
        // SAFETY: `cells` is readable for width * height bytes by contract.
        let cells = unsafe { map(cells, width, height) }?;
        let yes = mcrdun_regions::is_connected(cells, options)?;
        // SAFETY: checked non-NULL, writable by contract.
        unsafe { write_out(out, yes, "out") }
    })
}

/// The distinct regions that `points` stand on, ascending (points on walls
/// add nothing), through the two-call protocol: `*len` receives how many;
/// with `out == NULL` or `cap` too small the call returns `BUFFER_TOO_SMALL`.
/// "Are both stairs in one region?" is `*len == 1` for the two stairs.
///
/// Errors: `NULL_ARGUMENT` when `len` is NULL, `points` is NULL with
/// `point_count > 0`, or `cells` is NULL for a non-empty map;
/// `INVALID_ARGUMENT` for a bad connectivity; `TOO_LARGE` for an impossible
/// size or above the memory limit; `OUT_OF_RANGE` when a point is outside
/// the map. Thread-safe.
///
/// Working memory: 10 bytes a cell (8 with 8-connectivity), 20 a column,
/// 30 a row and 4 a point; refused with MCRDUN_STATUS_TOO_LARGE above the
/// memory limit, before any cell is read.
///
/// # Safety
/// `cells` is readable for `width * height` bytes; `points` readable for
/// `point_count` points; `out` is NULL or writable for `cap` labels; `len`
/// is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_regions_touched(
    cells: *const u8,
    width: u32,
    height: u32,
    connectivity: u32,
    points: *const McrdunPoint,
    point_count: usize,
    out: *mut u32,
    cap: usize,
    len: *mut usize,
) -> McrdunStatus {
    boundary!("mcrdun_regions_touched", {
        check_out(len, "len")?;
        let options = options(connectivity, 0)?;
        // SAFETY: `cells` is readable for width * height bytes by contract.
        let cells = unsafe { map(cells, width, height) }?;
        // SAFETY: `points` is readable for `point_count` points by contract.
        let points = unsafe { input_slice(points, point_count, "points") }?;
        // The labels (4 bytes a cell) with the labelling's scratch, and
        // the regions found (4 bytes a point), before any cell is read.
        let what = "regions touched";
        let scan = mcrdun_regions::label_bytes(width, height, options);
        let labels = 4 * cells.len() as u64;
        mcrdun_geom::memory::check_bytes(
            what,
            labels
                .saturating_add(scan)
                .saturating_add(4 * point_count as u64),
        )?;
        let (w, h) = (i64::from(width), i64::from(height));
        if let Some(&p) = points
            .iter()
            .find(|p| !(0..w).contains(&i64::from(p.x)) || !(0..h).contains(&i64::from(p.y)))
        {
            return Err(RegionsError::OutOfBounds {
                point: Point::from(p),
                width,
                height,
            }
            .into());
        }
        let mut found: Vec<u32> = mcrdun_geom::memory::try_with_capacity(what, points.len())?;
        if !points.is_empty() {
            let mut labels = mcrdun_geom::memory::try_vec(what, cells.len(), NO_REGION)?;
            Labeller::new().label(cells, options, &mut labels)?;
            let at = |p: &McrdunPoint| labels[p.y as usize * width as usize + p.x as usize];
            found.extend(points.iter().map(at).filter(|&l| l != NO_REGION));
        }
        found.sort_unstable();
        found.dedup();
        // SAFETY: `out`/`cap`/`len` are valid by this function's contract.
        unsafe { write_iter(found.into_iter(), out, cap, len, "out") }
    })
}

/// Digs corridors through the walls of the map, in place, so that all its
/// floor becomes one 4-connected region: dug cells are set to 1, floor is
/// never removed, and `*cells_dug` receives the number of cells changed.
/// Regions grow over the walls together (a multi-source breadth-first
/// search) and the corridors kept form a minimum spanning tree of where they
/// meet, so few cells are dug. With `keep_border` = 1 the outer row and
/// column of cells are never dug. Nothing is dug when there is at most one
/// region.
///
/// Errors: `NULL_ARGUMENT` when `cells_dug` is NULL, or `cells` is NULL for
/// a non-empty map; `INVALID_ARGUMENT` when `keep_border` is not 0 or 1;
/// `TOO_LARGE` for an impossible size; `UNSATISFIABLE` when, with
/// `keep_border`, some regions can only be joined through the border (the
/// map is unchanged then). Thread-safe.
///
/// Working memory: 56 bytes a cell at most; refused with
/// MCRDUN_STATUS_TOO_LARGE above the memory limit, before any cell is read
/// (the map is unchanged then).
///
/// # Safety
/// `cells` is readable and writable for `width * height` bytes;
/// `cells_dug` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_regions_connect(
    cells: *mut u8,
    width: u32,
    height: u32,
    keep_border: u32,
    cells_dug: *mut usize,
) -> McrdunStatus {
    boundary!("mcrdun_regions_connect", {
        check_out(cells_dug, "cells_dug")?;
        let keep_border = match keep_border {
            0 => false,
            1 => true,
            other => {
                return Err(FfiError::invalid(format!(
                    "keep_border must be 0 or 1, got {other}"
                )));
            }
        };
        let n = checked_cell_count(width.into(), height.into())?;
        // The budget first: no cell is read for a map too large to connect.
        mcrdun_geom::memory::check_budget(
            "connecting regions",
            n as u64,
            mcrdun_regions::CONNECT_BYTES_PER_CELL,
        )?;
        // SAFETY: `cells` is readable and writable for n bytes by contract.
        let slice = unsafe { input_slice_mut(cells, n, "cells") }?;
        let options = ConnectOptions {
            connectivity: Connectivity::Four,
            keep_border,
        };
        let dug = mcrdun_regions::connect_in_place(slice, width, height, options)?;
        // SAFETY: checked non-NULL, writable by contract.
        unsafe { write_out(cells_dug, dug, "cells_dug") }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn label_and_errors() {
        let cells = [1u8, 0, 1, 1, 0, 1];
        let mut labels = [7u32; 6];
        let mut count = 0u32;
        // SAFETY: buffers sized as passed.
        let st = unsafe {
            mcrdun_regions_label(cells.as_ptr(), 3, 2, 4, labels.as_mut_ptr(), 6, &mut count)
        };
        assert_eq!(st, McrdunStatus::Ok);
        assert_eq!(count, 2);
        assert_eq!(labels, [0, MCRDUN_NO_REGION, 1, 0, MCRDUN_NO_REGION, 1]);
        // SAFETY: as above; the size overflows before anything is read.
        let st = unsafe {
            mcrdun_regions_label(
                cells.as_ptr(),
                u32::MAX,
                u32::MAX,
                4,
                labels.as_mut_ptr(),
                6,
                &mut count,
            )
        };
        assert_eq!(st, McrdunStatus::TooLarge);
        // SAFETY: as above.
        let st = unsafe {
            mcrdun_regions_label(cells.as_ptr(), 3, 2, 6, labels.as_mut_ptr(), 6, &mut count)
        };
        assert_eq!(st, McrdunStatus::InvalidArgument);
    }
}
