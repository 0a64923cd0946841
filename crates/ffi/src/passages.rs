//! Passages between rooms of any shape (`mcrdun-passages`): a layout handle
//! holding rooms as cell sets, borders as flat cell pairs, weighted passage
//! choice from a seed, and passages for a whole layout as a plan handle.

use crate::boundary::{boundary, boundary_value};
use crate::error::{FfiError, FfiResult, McrdunStatus};
use crate::ptr::{BoxHandle, check_out, input_slice, write_iter, write_out};
use crate::types::McrdunPoint;
use core::mem::size_of;
use mcrdun_geom::memory::{Budget, call_limit, try_with_capacity};
use mcrdun_geom::random::seeded_rng;
use mcrdun_geom::{GeomError, Point};
use mcrdun_passages::{
    Connect, Layout, PassagePlan, PassagesError, Policy, RoomId, Weights, choose_passage, passages,
};

/// The room number of a cell in no room (`UINT32_MAX`).
pub const MCRDUN_NO_ROOM: u32 = u32::MAX;
/// Weights kind: a border cell weighs its count of neighbours across.
pub const MCRDUN_WEIGHTS_COUNT: u32 = 0;
/// Weights kind: a border cell with `n` neighbours across weighs `table[n - 1]`.
pub const MCRDUN_WEIGHTS_TABLE: u32 = 1;
/// Connect policy: a passage for every pair of adjacent rooms.
pub const MCRDUN_CONNECT_ALL_PAIRS: u32 = 0;
/// Connect policy: a random spanning forest plus a fraction of the other
/// pairs as loops.
pub const MCRDUN_CONNECT_SPANNING_TREE: u32 = 1;

impl From<PassagesError> for FfiError {
    fn from(e: PassagesError) -> FfiError {
        let status = match &e {
            PassagesError::Geom(g) => return FfiError::from(g.clone()),
            PassagesError::OutOfBounds { .. } | PassagesError::UnknownRoom { .. } => {
                McrdunStatus::OutOfRange
            }
            PassagesError::NotAdjacent { .. } => McrdunStatus::NotAdjacent,
            PassagesError::TooManyRooms => McrdunStatus::TooLarge,
            _ => McrdunStatus::InvalidArgument,
        };
        FfiError::new(status, e.to_string())
    }
}

/// A grid of rooms, each an arbitrary set of cells (opaque).
///
/// Thread-safety: calls taking a `const McrdunLayout *` only read it and may
/// run on several threads at once; `mcrdun_layout_add_room` and
/// `mcrdun_layout_free` need exclusive access.
pub struct McrdunLayout {
    inner: Layout,
}

impl BoxHandle for McrdunLayout {}

/// The passages chosen for a whole layout, with the rooms left unconnected
/// (opaque). Immutable once made: any number of threads may read it.
pub struct McrdunPassagePlan {
    inner: PassagePlan,
}

impl BoxHandle for McrdunPassagePlan {}

/// One `(cell, neighbour across)` pair of a border: `cell` is in one room,
/// `across` is its 4-neighbour in the other.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct McrdunBorderPair {
    /// A border cell.
    pub cell: McrdunPoint,
    /// Its 4-neighbour in the other room.
    pub across: McrdunPoint,
}

/// Two rooms that share a border, `a < b`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct McrdunRoomPair {
    /// The smaller room number.
    pub a: u32,
    /// The larger room number.
    pub b: u32,
}

/// A passage: two 4-adjacent cells, `cell_a` in room `a` and `cell_b` in room `b`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct McrdunPassage {
    /// The first room.
    pub a: u32,
    /// The second room.
    pub b: u32,
    /// The passage's cell in room `a`.
    pub cell_a: McrdunPoint,
    /// The passage's cell in room `b`.
    pub cell_b: McrdunPoint,
}

/// How border cells are weighted when a passage is placed.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct McrdunWeights {
    /// `MCRDUN_WEIGHTS_COUNT` or `MCRDUN_WEIGHTS_TABLE`.
    pub kind: u32,
    /// For `MCRDUN_WEIGHTS_TABLE`: the weight of a cell with 1, 2, 3, 4
    /// neighbours across (for example {1, 10, 15, 15}, which favours cells
    /// jutting into the other room); ignored for
    /// `MCRDUN_WEIGHTS_COUNT`.
    pub table: [u32; 4],
}

/// How `mcrdun_layout_passages` connects a layout.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct McrdunPassagePolicy {
    /// `MCRDUN_CONNECT_ALL_PAIRS` or `MCRDUN_CONNECT_SPANNING_TREE`.
    pub connect: u32,
    /// For `MCRDUN_CONNECT_SPANNING_TREE`: the thousandths (0..=1000) of the
    /// pairs outside the spanning forest that also get a passage, as loops.
    pub loops_per_mille: u32,
    /// How each passage is placed on its border.
    pub weights: McrdunWeights,
}

impl McrdunWeights {
    fn to_weights(self) -> FfiResult<Weights> {
        match self.kind {
            MCRDUN_WEIGHTS_COUNT => Ok(Weights::Count),
            MCRDUN_WEIGHTS_TABLE => Ok(Weights::Table(self.table)),
            k => Err(FfiError::invalid(format!(
                "weights kind {k} is neither MCRDUN_WEIGHTS_COUNT (0) nor MCRDUN_WEIGHTS_TABLE (1)"
            ))),
        }
    }
}

impl McrdunPassagePolicy {
    fn to_policy(self) -> FfiResult<Policy> {
        let connect = match self.connect {
            MCRDUN_CONNECT_ALL_PAIRS => Connect::AllPairs,
            MCRDUN_CONNECT_SPANNING_TREE => Connect::SpanningTree {
                loops_per_mille: self.loops_per_mille,
            },
            c => {
                return Err(FfiError::invalid(format!(
                    "connect {c} is neither MCRDUN_CONNECT_ALL_PAIRS (0) nor MCRDUN_CONNECT_SPANNING_TREE (1)"
                )));
            }
        };
        Ok(Policy {
            connect,
            weights: self.weights.to_weights()?,
        })
    }
}

impl From<mcrdun_passages::Passage> for McrdunPassage {
    fn from(p: mcrdun_passages::Passage) -> McrdunPassage {
        McrdunPassage {
            a: p.a.get(),
            b: p.b.get(),
            cell_a: p.cell_a.into(),
            cell_b: p.cell_b.into(),
        }
    }
}

/// Creates an empty `width` x `height` layout (either may be 0) in `*out`.
/// Free it with `mcrdun_layout_free`.
///
/// Working memory: 4 bytes a cell; refused with `MCRDUN_STATUS_TOO_LARGE`
/// above the memory limit.
///
/// Errors: `TOO_LARGE` when a side exceeds `INT32_MAX` or the grid does not
/// fit in memory or under the memory limit; `NULL_ARGUMENT` when `out` is
/// NULL.
///
/// # Safety
/// `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_layout_new(
    width: u32,
    height: u32,
    out: *mut *mut McrdunLayout,
) -> McrdunStatus {
    boundary!("mcrdun_layout_new", {
        check_out(out, "out")?;
        let inner = Layout::new(width, height)?;
        // SAFETY: `out` was checked non-NULL and is writable by contract.
        unsafe { McrdunLayout { inner }.hand_out(out, "out") }
    })
}

/// Creates a `width` x `height` layout from a row-major grid of room labels
/// (`labels[y * width + x]`, `len == width * height`) in `*out`: label `k`
/// is room `k`, `MCRDUN_NO_ROOM` is no room. Labels must be dense (`0..n`,
/// each used by at least one cell). Linear in the number of cells. Free it
/// with `mcrdun_layout_free`.
///
/// Working memory: 8 bytes a cell, 16 a labelled cell and 48 a room;
/// refused with `MCRDUN_STATUS_TOO_LARGE` above the memory limit, before
/// the labels are copied.
///
/// Errors: `INVALID_ARGUMENT` when `len != width * height` or a label below
/// the largest is unused; `TOO_LARGE` as for `mcrdun_layout_new`;
/// `NULL_ARGUMENT` when `out` is NULL, or `labels` is NULL with `len > 0`.
///
/// # Safety
/// `labels` is NULL or readable for `len` values; `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_layout_from_labels(
    width: u32,
    height: u32,
    labels: *const u32,
    len: usize,
    out: *mut *mut McrdunLayout,
) -> McrdunStatus {
    boundary!("mcrdun_layout_from_labels", {
        check_out(out, "out")?;
        // SAFETY: readable for `len` values by contract.
        let labels = unsafe { input_slice(labels, len, "labels") }?;
        let cells = mcrdun_geom::checked_cell_count(width.into(), height.into())?;
        if cells != len {
            return Err(FfiError::invalid(format!(
                "`len` is {len}, but a {width} x {height} layout has {cells} cells"
            )));
        }
        // The whole need, the copy included, before copying anything.
        mcrdun_geom::memory::check_bytes(
            "a layout from labels",
            (len as u64 * 4).saturating_add(mcrdun_passages::from_labels_bytes(labels)),
        )?;
        let mut copy = mcrdun_geom::memory::try_with_capacity("a copy of the labels", len)?;
        copy.extend_from_slice(labels);
        let grid = mcrdun_geom::Grid::from_vec(width, height, copy)?;
        let inner = Layout::from_labels(&grid)?;
        // SAFETY: `out` was checked non-NULL and is writable by contract.
        unsafe { McrdunLayout { inner }.hand_out(out, "out") }
    })
}

/// Frees a layout made by `mcrdun_layout_new` or `mcrdun_layout_from_labels`;
/// NULL does nothing.
///
/// # Safety
/// `layout` is NULL or a live handle from one of those, not used
/// afterwards.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_layout_free(layout: *mut McrdunLayout) {
    boundary_value("mcrdun_layout_free", (), || {
        // SAFETY: NULL or a live handle from mcrdun_layout_new(_from_labels)
        // whose ownership the caller gives up.
        unsafe { McrdunLayout::free(layout) }
    });
}

/// Adds a room made of the `len` cells at `cells` (any shape, any order) and
/// writes its number to `*out_room`: rooms are numbered 0, 1, 2, ... in the
/// order added.
///
/// Working memory: 8 bytes a cell given, plus, when the layout's tables
/// grow (they double), up to 32 bytes a room cell and 64 a room of the
/// whole layout; refused with `MCRDUN_STATUS_TOO_LARGE` above the memory
/// limit, the layout unchanged.
///
/// Errors (the layout is unchanged): `INVALID_ARGUMENT` for no cells, a cell
/// given twice, or a cell already in another room; `OUT_OF_RANGE` for a cell
/// outside the grid; `TOO_LARGE` past `UINT32_MAX - 1` rooms or above the
/// memory limit;
/// `NULL_ARGUMENT` when `layout` or `out_room` is NULL, or `cells` is NULL
/// with `len > 0`.
///
/// # Safety
/// `layout` is NULL or a live handle not used by another thread during the
/// call; `cells` is NULL or readable for `len` points; `out_room` is NULL or
/// writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_layout_add_room(
    layout: *mut McrdunLayout,
    cells: *const McrdunPoint,
    len: usize,
    out_room: *mut u32,
) -> McrdunStatus {
    boundary!("mcrdun_layout_add_room", {
        // SAFETY: NULL or a live, exclusively used handle by contract.
        let layout = unsafe { McrdunLayout::borrow_mut(layout, "layout") }?;
        // SAFETY: readable for `len` points by contract.
        let cells = unsafe { input_slice(cells, len, "cells") }?;
        check_out(out_room, "out_room")?;
        let mut points: Vec<Point> = try_with_capacity("a room's cells", cells.len())?;
        points.extend(cells.iter().map(|&p| Point::from(p)));
        // The layout grows within what the copy leaves.
        let held = (points.capacity() * size_of::<Point>()) as u64;
        let _rest = Budget::start_with(call_limit().saturating_sub(held));
        let id = layout.inner.add_room(&points)?;
        // SAFETY: checked non-NULL above; writable by contract.
        unsafe { write_out(out_room, id.get(), "out_room") }
    })
}

/// The number of rooms in `layout` (0 for NULL). Never fails.
///
/// # Safety
/// `layout` is NULL or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_layout_room_count(layout: *const McrdunLayout) -> u32 {
    boundary_value("mcrdun_layout_room_count", 0, || {
        // SAFETY: NULL or a live handle by contract.
        unsafe { layout.as_ref() }.map_or(0, |l| l.inner.room_count())
    })
}

/// The room that owns cell `p`, or `MCRDUN_NO_ROOM` for a cell in no room.
///
/// Errors: `OUT_OF_RANGE` when `p` is outside the grid; `NULL_ARGUMENT`
/// when `layout` or `out_room` is NULL.
///
/// # Safety
/// `layout` is NULL or a live handle; `out_room` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_layout_room_of(
    layout: *const McrdunLayout,
    p: McrdunPoint,
    out_room: *mut u32,
) -> McrdunStatus {
    boundary!("mcrdun_layout_room_of", {
        // SAFETY: NULL or a live handle by contract.
        let layout = unsafe { McrdunLayout::borrow(layout, "layout") }?;
        check_out(out_room, "out_room")?;
        let point = Point::from(p);
        let grid = layout.inner.id_grid();
        if !grid.in_bounds(point) {
            return Err(FfiError::from(GeomError::OutOfBounds {
                point,
                width: grid.width(),
                height: grid.height(),
            }));
        }
        let room = layout
            .inner
            .room_of(point)
            .map_or(MCRDUN_NO_ROOM, RoomId::get);
        // SAFETY: checked non-NULL above; writable by contract.
        unsafe { write_out(out_room, room, "out_room") }
    })
}

/// The border between rooms `a` and `b` as a flat list of
/// `(cell, neighbour across)` pairs, sorted by the cell's (y, x) and then
/// the neighbour's; each 4-adjacent pair of cells appears twice, once from
/// each side. Rooms that do not touch give an empty list (`*len == 0`).
/// Two-call protocol: `*len` receives the pair count; with `out == NULL` or
/// `cap` too small the call returns `BUFFER_TOO_SMALL`.
///
/// Working memory: 76 bytes a border pair; refused with
/// `MCRDUN_STATUS_TOO_LARGE`, before the scan, when the most the scan can
/// find (608 bytes a boundary cell of the room with the shorter boundary)
/// is above the memory limit.
///
/// Errors: `OUT_OF_RANGE` for a room number the layout never handed out;
/// `INVALID_ARGUMENT` when `a == b`; `TOO_LARGE` above the memory limit;
/// `NULL_ARGUMENT` when `layout` or `len` is NULL.
///
/// # Safety
/// `layout` is NULL or a live handle; `out` is NULL or writable for `cap`
/// pairs; `len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_layout_border(
    layout: *const McrdunLayout,
    a: u32,
    b: u32,
    out: *mut McrdunBorderPair,
    cap: usize,
    len: *mut usize,
) -> McrdunStatus {
    boundary!("mcrdun_layout_border", {
        // SAFETY: NULL or a live handle by contract.
        let layout = unsafe { McrdunLayout::borrow(layout, "layout") }?;
        check_out(len, "len")?;
        let border = layout.inner.border(RoomId::new(a), RoomId::new(b))?;
        let pairs = border.pairs().iter().map(|&(c, n)| McrdunBorderPair {
            cell: c.into(),
            across: n.into(),
        });
        // SAFETY: `out`/`cap`/`len` are valid by this function's contract.
        unsafe { write_iter(pairs, out, cap, len, "out") }
    })
}

/// Every pair of rooms that share a border, each once with `a < b`, sorted.
/// Two-call protocol as for `mcrdun_layout_border` (the pairs are computed
/// again by each call: one pass over the grid).
///
/// Working memory: 8 bytes a column and 16 a boundary cell of the layout
/// (its rooms' cells with a 4-neighbour outside their room), then 8 a
/// pair; refused with `MCRDUN_STATUS_TOO_LARGE` above the memory limit,
/// before the pass.
///
/// Errors: `TOO_LARGE` above the memory limit; `NULL_ARGUMENT` when
/// `layout` or `len` is NULL.
///
/// # Safety
/// `layout` is NULL or a live handle; `out` is NULL or writable for `cap`
/// pairs; `len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_layout_adjacent_rooms(
    layout: *const McrdunLayout,
    out: *mut McrdunRoomPair,
    cap: usize,
    len: *mut usize,
) -> McrdunStatus {
    boundary!("mcrdun_layout_adjacent_rooms", {
        // SAFETY: NULL or a live handle by contract.
        let layout = unsafe { McrdunLayout::borrow(layout, "layout") }?;
        check_out(len, "len")?;
        let pairs = layout.inner.adjacent_rooms()?;
        let pairs = pairs.iter().map(|(a, b)| McrdunRoomPair {
            a: a.get(),
            b: b.get(),
        });
        // SAFETY: `out`/`cap`/`len` are valid by this function's contract.
        unsafe { write_iter(pairs, out, cap, len, "out") }
    })
}

/// Chooses one passage between rooms `a` and `b` with a generator seeded by
/// `seed`: a border cell drawn with probability proportional to its weight,
/// then one of its neighbours across uniformly. `cell_a` is in `a`. The same
/// seed gives the same passage as the Rust `choose_passage` with
/// `seeded_rng(seed)`.
///
/// Working memory: 80 bytes a border pair (the border, and a weight for
/// each border cell); refused with `MCRDUN_STATUS_TOO_LARGE` above the
/// memory limit, the border checked before its scan as for
/// `mcrdun_layout_border`.
///
/// Errors: `NOT_ADJACENT` when the rooms share no border; `INVALID_ARGUMENT`
/// when `a == b`, for an unknown weights kind, or when the table gives every
/// border cell weight 0; `OUT_OF_RANGE` for an unknown room number;
/// `TOO_LARGE` above the memory limit; `NULL_ARGUMENT` when `layout` or
/// `out` is NULL.
///
/// # Safety
/// `layout` is NULL or a live handle; `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_layout_choose_passage(
    layout: *const McrdunLayout,
    a: u32,
    b: u32,
    seed: u64,
    weights: McrdunWeights,
    out: *mut McrdunPassage,
) -> McrdunStatus {
    boundary!("mcrdun_layout_choose_passage", {
        // SAFETY: NULL or a live handle by contract.
        let layout = unsafe { McrdunLayout::borrow(layout, "layout") }?;
        check_out(out, "out")?;
        let weights = weights.to_weights()?;
        let border = layout.inner.border(RoomId::new(a), RoomId::new(b))?;
        let passage = choose_passage(&border, &mut seeded_rng(seed), &weights)?;
        // SAFETY: checked non-NULL above; writable by contract.
        unsafe { write_out(out, passage.into(), "out") }
    })
}

/// Passages for the whole layout with a generator seeded by `seed`, as a new
/// plan in `*out` (free it with `mcrdun_passage_plan_free`). Read it with
/// `mcrdun_passage_plan_passages`, `_isolated` and `_components`.
///
/// Working memory: the room graph's (as `mcrdun_layout_adjacent_rooms`: 8
/// bytes a column and 16 a boundary cell while it is made), then 14 bytes
/// a room and 41 an adjacent pair, checked before the pairs are chosen,
/// and up to 128 bytes a border pair of the largest chosen border (one
/// border at a time, reused), each border checked before its scan as for
/// `mcrdun_layout_border`; refused with `MCRDUN_STATUS_TOO_LARGE`
/// above the memory limit. The plan handed out is part of it.
///
/// Errors: `INVALID_ARGUMENT` for an unknown connect policy or weights kind,
/// `loops_per_mille > 1000`, or a table that gives every cell of a chosen
/// border weight 0; `TOO_LARGE` above the memory limit; `NULL_ARGUMENT` when
/// `layout` or `out` is NULL.
///
/// # Safety
/// `layout` is NULL or a live handle; `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_layout_passages(
    layout: *const McrdunLayout,
    seed: u64,
    policy: McrdunPassagePolicy,
    out: *mut *mut McrdunPassagePlan,
) -> McrdunStatus {
    boundary!("mcrdun_layout_passages", {
        // SAFETY: NULL or a live handle by contract.
        let layout = unsafe { McrdunLayout::borrow(layout, "layout") }?;
        check_out(out, "out")?;
        let policy = policy.to_policy()?;
        let inner = passages(&layout.inner, &mut seeded_rng(seed), &policy)?;
        // SAFETY: checked non-NULL above; writable by contract.
        unsafe { McrdunPassagePlan { inner }.hand_out(out, "out") }
    })
}

/// Frees a plan made by `mcrdun_layout_passages`; NULL does nothing.
///
/// # Safety
/// `plan` is NULL or a live handle, not used afterwards.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_passage_plan_free(plan: *mut McrdunPassagePlan) {
    boundary_value("mcrdun_passage_plan_free", (), || {
        // SAFETY: NULL or a live handle from mcrdun_layout_passages whose
        // ownership the caller gives up.
        unsafe { McrdunPassagePlan::free(plan) }
    });
}

/// The plan's passages, one per chosen pair of rooms, sorted by `(a, b)`
/// with `a < b`. Two-call protocol: `*len` receives the count; with
/// `out == NULL` or `cap` too small the call returns `BUFFER_TOO_SMALL`.
///
/// Errors: `NULL_ARGUMENT` when `plan` or `len` is NULL.
///
/// # Safety
/// `plan` is NULL or a live handle; `out` is NULL or writable for `cap`
/// passages; `len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_passage_plan_passages(
    plan: *const McrdunPassagePlan,
    out: *mut McrdunPassage,
    cap: usize,
    len: *mut usize,
) -> McrdunStatus {
    boundary!("mcrdun_passage_plan_passages", {
        // SAFETY: NULL or a live handle by contract.
        let plan = unsafe { McrdunPassagePlan::borrow(plan, "plan") }?;
        let items = plan.inner.passages.iter().map(|&p| McrdunPassage::from(p));
        // SAFETY: `out`/`cap`/`len` are valid by this function's contract.
        unsafe { write_iter(items, out, cap, len, "out") }
    })
}

/// The rooms that touch no other room (so no passage reaches them),
/// ascending. Two-call protocol as for `mcrdun_passage_plan_passages`.
///
/// Errors: `NULL_ARGUMENT` when `plan` or `len` is NULL.
///
/// # Safety
/// `plan` is NULL or a live handle; `out` is NULL or writable for `cap`
/// room numbers; `len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_passage_plan_isolated(
    plan: *const McrdunPassagePlan,
    out: *mut u32,
    cap: usize,
    len: *mut usize,
) -> McrdunStatus {
    boundary!("mcrdun_passage_plan_isolated", {
        // SAFETY: NULL or a live handle by contract.
        let plan = unsafe { McrdunPassagePlan::borrow(plan, "plan") }?;
        let items = plan.inner.isolated.iter().map(|r| r.get());
        // SAFETY: `out`/`cap`/`len` are valid by this function's contract.
        unsafe { write_iter(items, out, cap, len, "out") }
    })
}

/// The number of connected groups of rooms (an isolated room is a group of
/// its own); 1 means the passages connect every room. 0 for NULL or an
/// empty layout. Never fails.
///
/// # Safety
/// `plan` is NULL or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_passage_plan_components(plan: *const McrdunPassagePlan) -> u32 {
    boundary_value("mcrdun_passage_plan_components", 0, || {
        // SAFETY: NULL or a live handle by contract.
        unsafe { plan.as_ref() }.map_or(0, |p| p.inner.components)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::ptr::{null, null_mut};

    fn seed_layout() -> *mut McrdunLayout {
        let p = |v: &[(i32, i32)]| {
            v.iter()
                .map(|&(x, y)| McrdunPoint { x, y })
                .collect::<Vec<_>>()
        };
        let r1 = p(&[
            (1, 1),
            (2, 1),
            (3, 1),
            (4, 1),
            (1, 2),
            (2, 2),
            (3, 2),
            (4, 2),
            (3, 3),
        ]);
        let r2 = p(&[(1, 3), (2, 3), (4, 3), (1, 4), (2, 4), (3, 4), (4, 4)]);
        let mut layout = null_mut();
        let mut room = 0;
        // SAFETY: every pointer is a live local.
        unsafe {
            assert_eq!(mcrdun_layout_new(6, 6, &mut layout), McrdunStatus::Ok);
            assert_eq!(
                mcrdun_layout_add_room(layout, r1.as_ptr(), r1.len(), &mut room),
                McrdunStatus::Ok
            );
            assert_eq!(room, 0);
            assert_eq!(
                mcrdun_layout_add_room(layout, r2.as_ptr(), r2.len(), &mut room),
                McrdunStatus::Ok
            );
            assert_eq!(room, 1);
        }
        layout
    }

    #[test]
    fn choice_matches_the_rust_api() {
        let layout = seed_layout();
        let table = McrdunWeights {
            kind: MCRDUN_WEIGHTS_TABLE,
            table: [1, 10, 15, 15],
        };
        // SAFETY: `layout` is live; the outputs are locals.
        unsafe {
            let l = &(*layout).inner;
            let border = l.border(RoomId::new(0), RoomId::new(1)).unwrap();
            for seed in 0..20 {
                let mut out = McrdunPassage::default();
                assert_eq!(
                    mcrdun_layout_choose_passage(layout, 0, 1, seed, table, &mut out),
                    McrdunStatus::Ok
                );
                let rust = choose_passage(
                    &border,
                    &mut seeded_rng(seed),
                    &Weights::Table([1, 10, 15, 15]),
                )
                .unwrap();
                assert_eq!(out, McrdunPassage::from(rust));
            }
            let bad = McrdunWeights {
                kind: 2,
                table: [0; 4],
            };
            let mut out = McrdunPassage::default();
            assert_eq!(
                mcrdun_layout_choose_passage(layout, 0, 1, 1, bad, &mut out),
                McrdunStatus::InvalidArgument
            );
            assert_eq!(
                mcrdun_layout_choose_passage(null(), 0, 1, 1, table, &mut out),
                McrdunStatus::NullArgument
            );
            mcrdun_layout_free(layout);
        }
    }

    #[test]
    fn errors_map_to_statuses() {
        let status = |e: PassagesError| FfiError::from(e).status;
        let (a, b) = (RoomId::new(0), RoomId::new(1));
        assert_eq!(
            status(PassagesError::NotAdjacent { a, b }),
            McrdunStatus::NotAdjacent
        );
        assert_eq!(
            status(PassagesError::UnknownRoom { room: a, count: 0 }),
            McrdunStatus::OutOfRange
        );
        assert_eq!(status(PassagesError::TooManyRooms), McrdunStatus::TooLarge);
        assert_eq!(
            status(PassagesError::EmptyRoom),
            McrdunStatus::InvalidArgument
        );
        assert_eq!(
            status(PassagesError::Geom(GeomError::GridTooLarge {
                width: 1,
                height: 1
            })),
            McrdunStatus::TooLarge
        );
    }
}
