//! BSP trees (`mcrdun-bsp`): splitting, leaves, adjacency, node traversal.
//!
//! From C, leaves are numbered `0..leaf_count` in level order and nodes by
//! their arena index `0..node_count` (the root is 0). Both numberings hold
//! until the tree changes; `mcrdun_bsp_generation` tells when it did.

use crate::boundary::{boundary, boundary_value};
use crate::error::{FfiError, FfiResult, McrdunStatus};
use crate::ptr::{BoxHandle, check_out, write_buffer, write_iter, write_out};
use crate::types::{McrdunPoint, McrdunRect};
use mcrdun_bsp::{Bsp, BspError, Order};
use mcrdun_geom::random::seeded_rng;
use mcrdun_geom::{Point, Rect};

/// A BSP tree over a rectangle.
///
/// Thread-safety: calls taking a `const McrdunBsp *` only read (the leaf
/// numbering and the adjacency graph are built on first use behind a
/// one-time lock), so any number of threads may make them at once on one
/// tree. Calls taking `McrdunBsp *` change the tree and need exclusive
/// access: no other call on the same tree may run meanwhile.
pub struct McrdunBsp {
    inner: Bsp,
}

impl BoxHandle for McrdunBsp {}

/// "No node" in `McrdunBspNode` fields: `SIZE_MAX` in C (not exported as a
/// macro, since cbindgen cannot spell `SIZE_MAX` portably).
const NONE: usize = usize::MAX;

/// Traversal order: node, first subtree, second subtree.
pub const MCRDUN_BSP_ORDER_PRE: u32 = 0;
/// Traversal order: first subtree, node, second subtree.
pub const MCRDUN_BSP_ORDER_IN: u32 = 1;
/// Traversal order: first subtree, second subtree, node.
pub const MCRDUN_BSP_ORDER_POST: u32 = 2;
/// Traversal order: breadth first, first child before second.
pub const MCRDUN_BSP_ORDER_LEVEL: u32 = 3;
/// Traversal order: the exact reverse of level order (as libtcod's C).
pub const MCRDUN_BSP_ORDER_INVERTED_LEVEL: u32 = 4;

/// One node of a BSP tree, by value.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct McrdunBspNode {
    /// The cells the node covers.
    pub rect: McrdunRect,
    /// Depth below the root (root: 0).
    pub level: u32,
    /// 1 when the node is cut by a horizontal line (first child above),
    /// 0 for a vertical cut (first child left) or a leaf.
    pub horizontal: u32,
    /// The first coordinate of the second child (0 for a leaf).
    pub position: i32,
    /// The parent's node index, `SIZE_MAX` for the root.
    pub parent: usize,
    /// The first child's node index, `SIZE_MAX` for a leaf.
    pub left: usize,
    /// The second child's node index, `SIZE_MAX` for a leaf.
    pub right: usize,
    /// The leaf number (level order), `SIZE_MAX` for an internal node.
    pub leaf_index: usize,
}

impl From<BspError> for FfiError {
    fn from(e: BspError) -> FfiError {
        let status = match &e {
            BspError::Geom(g) => return FfiError::from(g.clone()),
            BspError::StaleNode { .. } => McrdunStatus::StaleHandle,
            BspError::SplitOutOfRange { .. } | BspError::LeafOutOfRange { .. } => {
                McrdunStatus::OutOfRange
            }
            BspError::NotAdjacent { .. } => McrdunStatus::NotAdjacent,
            BspError::LibtcodEmptyNode { .. } => McrdunStatus::Unsatisfiable,
            BspError::LibtcodOverflow | BspError::TooManyNodes => McrdunStatus::TooLarge,
            _ => McrdunStatus::InvalidArgument,
        };
        FfiError::new(status, e.to_string())
    }
}

/// Creates a tree with one node covering `(x, y, w, h)` into `*out`.
///
/// Errors: `NULL_ARGUMENT` when `out` is NULL; `INVALID_ARGUMENT` when
/// `w` or `h` < 1 or an edge passes `INT32_MAX`. Thread-safe.
///
/// # Safety
/// `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_bsp_new(
    x: i32,
    y: i32,
    w: i32,
    h: i32,
    out: *mut *mut McrdunBsp,
) -> McrdunStatus {
    boundary!("mcrdun_bsp_new", {
        check_out(out, "out")?;
        let inner = Bsp::with_bounds(x, y, w, h)?;
        // SAFETY: `out` was checked non-NULL and is writable by contract.
        unsafe { McrdunBsp { inner }.hand_out(out, "out") }
    })
}

/// Releases a tree. NULL does nothing.
///
/// # Safety
/// `bsp` is NULL or a handle from `mcrdun_bsp_new` not yet freed, used by no
/// other thread.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_bsp_free(bsp: *mut McrdunBsp) {
    boundary_value("mcrdun_bsp_free", (), || {
        // SAFETY: NULL or a live handle from mcrdun_bsp_new, by contract.
        unsafe { McrdunBsp::free(bsp) }
    })
}

/// Which of the two recursive splitters.
enum Splitter {
    Seeded(u64),
    Libtcod(u32),
}

/// Clears `bsp` and splits its root, as one change: built on the side and
/// swapped in only on success.
#[allow(clippy::too_many_arguments)]
unsafe fn resplit(
    bsp: *mut McrdunBsp,
    how: Splitter,
    depth: u32,
    min_w: i32,
    min_h: i32,
    max_h_ratio: f32,
    max_v_ratio: f32,
) -> FfiResult {
    // SAFETY: `bsp` is NULL or a live, exclusively used handle by contract.
    let bsp = unsafe { McrdunBsp::borrow_mut(bsp, "bsp") }?;
    let mut fresh = Bsp::new(bsp.inner.rect());
    let root = fresh.root();
    match how {
        Splitter::Seeded(seed) => fresh.split_recursive(
            root,
            &mut seeded_rng(seed),
            depth,
            min_w,
            min_h,
            max_h_ratio,
            max_v_ratio,
        ),
        Splitter::Libtcod(seed) => {
            fresh.split_recursive_libtcod(root, seed, depth, min_w, min_h, max_h_ratio, max_v_ratio)
        }
    }?;
    bsp.inner.replace_with(fresh);
    Ok(())
}

/// Clears the tree and splits it recursively, at most `depth` (<= 32)
/// levels, with mcrdun's seeded generator (`seed`): no leaf narrower than
/// `min_w` or lower than `min_h` (splitting stops instead); a node wider than
/// `max_h_ratio` times its height is cut vertically, one higher than
/// `max_v_ratio` times its width horizontally. The same seed gives the same
/// tree on every platform.
///
/// Working memory: 36 bytes a node of the most nodes the call can make,
/// `2 * min(2^depth, max(1, w / min_w) * max(1, h / min_h)) - 1` for the
/// root's `w` x `h`, reserved before any work; refused with
/// `MCRDUN_STATUS_TOO_LARGE` above the memory limit (then at once, even
/// where the random cuts would have stopped sooner; never half way). Under
/// the default 1 GiB: any depth up to 23, or any depth for a root of up to
/// 14.9 million cells times `min_w * min_h`.
///
/// Errors: `NULL_ARGUMENT`; `INVALID_ARGUMENT` for `depth > 32`, a minimum
/// < 1, a ratio < 1 or NaN; `TOO_LARGE` past 2^32 - 1 nodes or the memory
/// limit. On error the tree is unchanged. Not thread-safe on one tree.
///
/// # Safety
/// `bsp` is NULL or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_bsp_split_recursive(
    bsp: *mut McrdunBsp,
    seed: u64,
    depth: u32,
    min_w: i32,
    min_h: i32,
    max_h_ratio: f32,
    max_v_ratio: f32,
) -> McrdunStatus {
    boundary!("mcrdun_bsp_split_recursive", {
        // SAFETY: forwarded contract.
        unsafe {
            resplit(
                bsp,
                Splitter::Seeded(seed),
                depth,
                min_w,
                min_h,
                max_h_ratio,
                max_v_ratio,
            )
        }
    })
}

/// Clears the tree and splits it exactly as libtcod's
/// `TCOD_bsp_split_recursive(root, rng, depth, min_w, min_h, max_h_ratio,
/// max_v_ratio)` does with `rng = TCOD_random_new_from_seed(TCOD_RNG_MT,
/// mt_seed)`: the same nodes and the same leaves in the same order.
///
/// Working memory: as `mcrdun_bsp_split_recursive`, with libtcod's bound
/// of `2 * min(2^depth, w * h) - 1` nodes (its cuts can pass below the
/// minimum, so only the cells bound the leaves): 36 bytes a node, refused
/// with `MCRDUN_STATUS_TOO_LARGE` above the memory limit before any work.
///
/// Errors: those of `mcrdun_bsp_split_recursive`; `UNSATISFIABLE` where
/// libtcod would make a node of width or height <= 0 (libtcod returns a
/// broken tree there); `TOO_LARGE` where libtcod's int arithmetic would
/// overflow. On error the tree is unchanged. Not thread-safe on one tree.
///
/// # Safety
/// `bsp` is NULL or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_bsp_split_recursive_libtcod(
    bsp: *mut McrdunBsp,
    mt_seed: u32,
    depth: u32,
    min_w: i32,
    min_h: i32,
    max_h_ratio: f32,
    max_v_ratio: f32,
) -> McrdunStatus {
    boundary!("mcrdun_bsp_split_recursive_libtcod", {
        // SAFETY: forwarded contract.
        unsafe {
            resplit(
                bsp,
                Splitter::Libtcod(mt_seed),
                depth,
                min_w,
                min_h,
                max_h_ratio,
                max_v_ratio,
            )
        }
    })
}

/// Splits leaf number `leaf` (level order): with `horizontal == 1` along
/// the line y = `position` (first child above), with 0 along x = `position`
/// (first child left). Leaf numbers change afterwards.
///
/// Working memory: 72 bytes a node of the tree at most: when the tree's
/// arena is full, the new arena (it doubles; the old one is freed once the
/// nodes moved), then the leaf numbering when it is not built yet (12
/// bytes a node, built once after each change); refused with
/// `MCRDUN_STATUS_TOO_LARGE` above the memory limit, before any change.
///
/// Errors: `NULL_ARGUMENT`; `INVALID_ARGUMENT` for `horizontal` other than 0
/// or 1; `OUT_OF_RANGE` for a leaf number >= the leaf count or a position
/// that would leave a child empty; `TOO_LARGE` past 2^32 - 1 nodes or the
/// memory limit. On error the tree is unchanged. Not thread-safe on one
/// tree.
///
/// # Safety
/// `bsp` is NULL or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_bsp_split_leaf(
    bsp: *mut McrdunBsp,
    leaf: usize,
    horizontal: u32,
    position: i32,
) -> McrdunStatus {
    boundary!("mcrdun_bsp_split_leaf", {
        // SAFETY: `bsp` is NULL or a live, exclusively used handle.
        let bsp = unsafe { McrdunBsp::borrow_mut(bsp, "bsp") }?;
        let horizontal = match horizontal {
            0 => false,
            1 => true,
            v => {
                return Err(FfiError::invalid(format!(
                    "horizontal must be 0 or 1, got {v}"
                )));
            }
        };
        // The arena's room first, so that a refusal allocates nothing.
        bsp.inner.reserve(2)?;
        let id = bsp.inner.leaf(leaf)?;
        bsp.inner.split_once(id, horizontal, position)?;
        Ok(())
    })
}

/// Removes every node but the root.
///
/// Errors: `NULL_ARGUMENT`. Not thread-safe on one tree.
///
/// # Safety
/// `bsp` is NULL or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_bsp_clear(bsp: *mut McrdunBsp) -> McrdunStatus {
    boundary!("mcrdun_bsp_clear", {
        // SAFETY: `bsp` is NULL or a live, exclusively used handle.
        unsafe { McrdunBsp::borrow_mut(bsp, "bsp") }?.inner.clear();
        Ok(())
    })
}

/// Moves and resizes the whole tree to `(x, y, w, h)`, keeping every split
/// position (as libtcod's `TCOD_bsp_resize`).
///
/// Working memory: 16 bytes a node (the new rectangles, made before any
/// change); refused with `MCRDUN_STATUS_TOO_LARGE` above the memory limit.
///
/// Errors: `NULL_ARGUMENT`; `INVALID_ARGUMENT` for an invalid rectangle or
/// when a kept position would fall outside its node; `TOO_LARGE` above the
/// memory limit. On error the tree is unchanged. Not thread-safe on one
/// tree.
///
/// # Safety
/// `bsp` is NULL or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_bsp_resize(
    bsp: *mut McrdunBsp,
    x: i32,
    y: i32,
    w: i32,
    h: i32,
) -> McrdunStatus {
    boundary!("mcrdun_bsp_resize", {
        // SAFETY: `bsp` is NULL or a live, exclusively used handle.
        let bsp = unsafe { McrdunBsp::borrow_mut(bsp, "bsp") }?;
        bsp.inner.resize(Rect::new(x, y, w, h)?)?;
        Ok(())
    })
}

/// The change counter: every successful split, clear or resize bumps it;
/// leaf and node numbers, adjacency and wall tiles read before a bump are
/// out of date. 0 for a NULL handle. Thread-safe.
///
/// # Safety
/// `bsp` is NULL or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_bsp_generation(bsp: *const McrdunBsp) -> u64 {
    boundary_value("mcrdun_bsp_generation", 0, || {
        // SAFETY: `bsp` is NULL or a live handle.
        unsafe { bsp.as_ref() }.map_or(0, |b| b.inner.generation())
    })
}

/// The number of leaves (0 for a NULL handle). Thread-safe.
///
/// The first call after a change builds the leaf numbering (12 bytes a
/// node, a third of what the tree itself takes) without a status to refuse
/// it with: a tree made under the memory limit always has room for it
/// unless the limit was lowered since.
///
/// # Safety
/// `bsp` is NULL or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_bsp_leaf_count(bsp: *const McrdunBsp) -> usize {
    boundary_value("mcrdun_bsp_leaf_count", 0, || {
        // SAFETY: `bsp` is NULL or a live handle.
        unsafe { bsp.as_ref() }.map_or(0, |b| b.inner.leaf_count())
    })
}

/// The number of nodes, leaves and internal ones (0 for a NULL handle).
/// Node indices run `0..count`, the root is 0. Thread-safe.
///
/// # Safety
/// `bsp` is NULL or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_bsp_node_count(bsp: *const McrdunBsp) -> usize {
    boundary_value("mcrdun_bsp_node_count", 0, || {
        // SAFETY: `bsp` is NULL or a live handle.
        unsafe { bsp.as_ref() }.map_or(0, |b| b.inner.node_count())
    })
}

/// The rectangle of leaf number `leaf` (level order).
///
/// Errors: `NULL_ARGUMENT`; `OUT_OF_RANGE` for `leaf >= leaf count`;
/// `TOO_LARGE` when the leaf numbering, built on first use after each
/// change (12 bytes a node), passes the memory limit. Thread-safe.
///
/// # Safety
/// `bsp` is NULL or a live handle; `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_bsp_leaf_rect(
    bsp: *const McrdunBsp,
    leaf: usize,
    out: *mut McrdunRect,
) -> McrdunStatus {
    boundary!("mcrdun_bsp_leaf_rect", {
        // SAFETY: `bsp` is NULL or a live handle.
        let bsp = unsafe { McrdunBsp::borrow(bsp, "bsp") }?;
        check_out(out, "out")?;
        let rect = bsp.inner.leaf_rect(leaf)?;
        // SAFETY: `out` is writable by contract.
        unsafe { write_out(out, McrdunRect::from(rect), "out") }
    })
}

/// The node index of leaf number `leaf`.
///
/// Errors: `NULL_ARGUMENT`; `OUT_OF_RANGE` for `leaf >= leaf count`;
/// `TOO_LARGE` when the leaf numbering, built on first use after each
/// change (12 bytes a node), passes the memory limit. Thread-safe.
///
/// # Safety
/// `bsp` is NULL or a live handle; `node` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_bsp_leaf_node(
    bsp: *const McrdunBsp,
    leaf: usize,
    node: *mut usize,
) -> McrdunStatus {
    boundary!("mcrdun_bsp_leaf_node", {
        // SAFETY: `bsp` is NULL or a live handle.
        let bsp = unsafe { McrdunBsp::borrow(bsp, "bsp") }?;
        check_out(node, "node")?;
        let id = bsp.inner.leaf(leaf)?;
        // SAFETY: `node` is writable by contract.
        unsafe { write_out(node, id.index() as usize, "node") }
    })
}

/// The number of the leaf covering the cell `(x, y)`. O(depth).
///
/// Errors: `NULL_ARGUMENT`; `OUT_OF_RANGE` when the cell is outside the
/// tree. Thread-safe.
///
/// # Safety
/// `bsp` is NULL or a live handle; `leaf` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_bsp_find_leaf(
    bsp: *const McrdunBsp,
    x: i32,
    y: i32,
    leaf: *mut usize,
) -> McrdunStatus {
    boundary!("mcrdun_bsp_find_leaf", {
        // SAFETY: `bsp` is NULL or a live handle.
        let bsp = unsafe { McrdunBsp::borrow(bsp, "bsp") }?;
        check_out(leaf, "leaf")?;
        let found = bsp.inner.find_leaf(Point::new(x, y)).ok_or_else(|| {
            FfiError::out_of_range(format!(
                "({x}, {y}) is outside the tree's {}",
                bsp.inner.rect()
            ))
        })?;
        // SAFETY: `leaf` is writable by contract.
        unsafe { write_out(leaf, found, "leaf") }
    })
}

/// The leaves sharing a wall segment (not just a corner) with leaf number
/// `leaf`, ascending. Two-call protocol: `*len` receives the count; with
/// `out == NULL` or `cap` too small the call returns `BUFFER_TOO_SMALL`.
/// The whole graph is built on first use (O(n log n)) and cached until the
/// tree changes.
///
/// Working memory (the first call after a change, which builds the graph):
/// 128 bytes a leaf, and 12 bytes a node for the leaf numbering when it is
/// not built yet; refused with `MCRDUN_STATUS_TOO_LARGE` above the memory
/// limit. Later calls allocate nothing.
///
/// Errors: `NULL_ARGUMENT` (`bsp`, `len`); `OUT_OF_RANGE` for
/// `leaf >= leaf count`; `BUFFER_TOO_SMALL`; `TOO_LARGE` above the memory
/// limit. Thread-safe: several threads may read the adjacency of one tree
/// at once.
///
/// # Safety
/// `bsp` is NULL or a live handle; `out` is NULL or writable for `cap`
/// items; `len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_bsp_adjacency(
    bsp: *const McrdunBsp,
    leaf: usize,
    out: *mut u32,
    cap: usize,
    len: *mut usize,
) -> McrdunStatus {
    boundary!("mcrdun_bsp_adjacency", {
        // SAFETY: `bsp` is NULL or a live handle.
        let bsp = unsafe { McrdunBsp::borrow(bsp, "bsp") }?;
        check_out(len, "len")?;
        let neighbours = bsp.inner.neighbours(leaf)?;
        // SAFETY: `out`/`cap`/`len` are valid by contract.
        unsafe { write_buffer(neighbours, out, cap, len, "out") }
    })
}

/// The tiles on leaf `leaf`'s own edge, inside it, along the wall it shares
/// with leaf `neighbour`, in ascending coordinate order (for a cut at
/// x = 50 the left leaf gets x = 49, the right one x = 50). Two-call
/// protocol as for `mcrdun_bsp_adjacency`.
///
/// Working memory: none but the leaf numbering when it is not built yet
/// (12 bytes a node, built once after each change; refused with
/// `MCRDUN_STATUS_TOO_LARGE` above the memory limit); the adjacency graph
/// is not needed.
///
/// Errors: `NULL_ARGUMENT` (`bsp`, `len`); `OUT_OF_RANGE` for a leaf number
/// at or past the leaf count; `NOT_ADJACENT` when the two leaves share no wall
/// (also `leaf == neighbour`); `BUFFER_TOO_SMALL`; `TOO_LARGE` above the
/// memory limit. Thread-safe.
///
/// # Safety
/// `bsp` is NULL or a live handle; `out` is NULL or writable for `cap`
/// points; `len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_bsp_adjacent_tiles(
    bsp: *const McrdunBsp,
    leaf: usize,
    neighbour: usize,
    out: *mut McrdunPoint,
    cap: usize,
    len: *mut usize,
) -> McrdunStatus {
    boundary!("mcrdun_bsp_adjacent_tiles", {
        // SAFETY: `bsp` is NULL or a live handle.
        let bsp = unsafe { McrdunBsp::borrow(bsp, "bsp") }?;
        check_out(len, "len")?;
        let tiles = bsp.inner.adjacent_tiles(leaf, neighbour)?;
        // SAFETY: `out`/`cap`/`len` are valid by contract.
        unsafe { write_iter(tiles.map(McrdunPoint::from), out, cap, len, "out") }
    })
}

/// The node with index `node` (`0..node count`, the root is 0).
///
/// Errors: `NULL_ARGUMENT`; `OUT_OF_RANGE` for `node >= node count`;
/// `TOO_LARGE` when the leaf numbering, built on first use after each
/// change (12 bytes a node), passes the memory limit. Thread-safe.
///
/// # Safety
/// `bsp` is NULL or a live handle; `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_bsp_node(
    bsp: *const McrdunBsp,
    node: usize,
    out: *mut McrdunBspNode,
) -> McrdunStatus {
    boundary!("mcrdun_bsp_node", {
        // SAFETY: `bsp` is NULL or a live handle.
        let bsp = unsafe { McrdunBsp::borrow(bsp, "bsp") }?;
        check_out(out, "out")?;
        let tree = &bsp.inner;
        let id = tree.node_at(node).ok_or_else(|| {
            FfiError::out_of_range(format!(
                "node {node} out of range ({} nodes)",
                tree.node_count()
            ))
        })?;
        let n = tree.node(id)?;
        let index = |id: mcrdun_bsp::NodeId| id.index() as usize;
        let value = McrdunBspNode {
            rect: n.rect.into(),
            level: n.level,
            horizontal: u32::from(n.split.is_some_and(|s| s.horizontal)),
            position: n.split.map_or(0, |s| s.position),
            parent: n.parent.map_or(NONE, index),
            left: n.children.map_or(NONE, |c| index(c.0)),
            right: n.children.map_or(NONE, |c| index(c.1)),
            leaf_index: tree.leaf_index(id)?.unwrap_or(NONE),
        };
        // SAFETY: `out` is writable by contract.
        unsafe { write_out(out, value, "out") }
    })
}

/// The node indices of the subtree of `node` in `order` (one of the
/// `MCRDUN_BSP_ORDER_*` values). Two-call protocol as for
/// `mcrdun_bsp_adjacency`.
///
/// Working memory: 10 bytes a node of the tree from `node`'s index on (a
/// subtree's nodes all come after its root): the order and the walk's
/// stack; refused with `MCRDUN_STATUS_TOO_LARGE` above the memory limit.
///
/// Errors: `NULL_ARGUMENT` (`bsp`, `len`); `INVALID_ARGUMENT` for an
/// unknown order; `OUT_OF_RANGE` for `node >= node count`;
/// `BUFFER_TOO_SMALL`; `TOO_LARGE` above the memory limit. Thread-safe.
///
/// # Safety
/// `bsp` is NULL or a live handle; `out` is NULL or writable for `cap`
/// items; `len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_bsp_traverse(
    bsp: *const McrdunBsp,
    node: usize,
    order: u32,
    out: *mut usize,
    cap: usize,
    len: *mut usize,
) -> McrdunStatus {
    boundary!("mcrdun_bsp_traverse", {
        // SAFETY: `bsp` is NULL or a live handle.
        let bsp = unsafe { McrdunBsp::borrow(bsp, "bsp") }?;
        check_out(len, "len")?;
        let order = match order {
            MCRDUN_BSP_ORDER_PRE => Order::Pre,
            MCRDUN_BSP_ORDER_IN => Order::In,
            MCRDUN_BSP_ORDER_POST => Order::Post,
            MCRDUN_BSP_ORDER_LEVEL => Order::Level,
            MCRDUN_BSP_ORDER_INVERTED_LEVEL => Order::InvertedLevel,
            v => return Err(FfiError::invalid(format!("unknown traversal order {v}"))),
        };
        let tree = &bsp.inner;
        let id = tree.node_at(node).ok_or_else(|| {
            FfiError::out_of_range(format!(
                "node {node} out of range ({} nodes)",
                tree.node_count()
            ))
        })?;
        let ids = tree.traverse_indices(id, order)?;
        // SAFETY: `out`/`cap`/`len` are valid by contract.
        unsafe { write_iter(ids.iter().map(|&n| n as usize), out, cap, len, "out") }
    })
}

/// Writes each leaf's number into a caller's row-major grid of `width` x
/// `height` cells (cell (x, y) at `cells[y * width + x]`, the point (x, y)),
/// over the leaf's rectangle shrunk by `margin` on every side, clipped to
/// the grid. Other cells keep their value: fill the grid first (for example
/// with `UINT32_MAX` for walls).
///
/// Working memory: none but the leaf numbering when it is not built yet
/// (12 bytes a node, built once after each change); refused with
/// `MCRDUN_STATUS_TOO_LARGE` above the memory limit.
///
/// Errors: `NULL_ARGUMENT` (`bsp`, or `cells` with a non-empty grid);
/// `INVALID_ARGUMENT` for a negative margin; `TOO_LARGE` when a side passes
/// `INT32_MAX`, `width * height` overflows or the leaf numbering passes the
/// memory limit (nothing is written then). Thread-safe on the tree.
///
/// # Safety
/// `bsp` is NULL or a live handle; `cells` is NULL or writable for
/// `width * height` items.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn mcrdun_bsp_rasterise_leaves(
    bsp: *const McrdunBsp,
    margin: i32,
    cells: *mut u32,
    width: u32,
    height: u32,
) -> McrdunStatus {
    boundary!("mcrdun_bsp_rasterise_leaves", {
        // SAFETY: `bsp` is NULL or a live handle.
        let bsp = unsafe { McrdunBsp::borrow(bsp, "bsp") }?;
        let n = mcrdun_geom::checked_cell_count(u64::from(width), u64::from(height))?;
        if margin < 0 {
            return Err(FfiError::invalid(format!(
                "margin must not be negative, got {margin}"
            )));
        }
        // SAFETY: `cells` is writable for `n` items by contract.
        let cells = unsafe { crate::ptr::input_slice_mut(cells, n, "cells") }?;
        let Ok(bounds) = Rect::new(0, 0, width as i32, height as i32) else {
            return Ok(()); // An empty grid: nothing to write.
        };
        let width = width as usize;
        bsp.inner.try_leaf_count()?;
        for (k, rect) in bsp.inner.leaf_rects().enumerate() {
            let Some(area) = rect.shrunk(margin).and_then(|r| r.intersection(&bounds)) else {
                continue;
            };
            for y in area.y()..area.bottom() {
                let row = y as usize * width;
                cells[row + area.x() as usize..row + area.right() as usize].fill(k as u32);
            }
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Several threads read the adjacency of one tree through a const
    /// handle at once; the first builds the cache, all see the same graph.
    #[test]
    fn adjacency_from_many_threads() {
        let mut bsp: *mut McrdunBsp = core::ptr::null_mut();
        // SAFETY: `bsp` is a valid out-parameter.
        assert_eq!(
            unsafe { mcrdun_bsp_new(0, 0, 1024, 1024, &mut bsp) },
            McrdunStatus::Ok
        );
        // SAFETY: a live handle, used by this thread only here.
        let st = unsafe { mcrdun_bsp_split_recursive(bsp, 3, 10, 4, 4, 1.5, 1.5) };
        assert_eq!(st, McrdunStatus::Ok);
        // Raw pointers are not Send; pass the address.
        let addr = bsp as usize;
        // SAFETY: a live handle.
        let leaves = unsafe { mcrdun_bsp_leaf_count(bsp) };
        let lists: Vec<Vec<Vec<u32>>> = std::thread::scope(|s| {
            let workers: Vec<_> = (0..4)
                .map(|_| {
                    s.spawn(move || {
                        let bsp = addr as *const McrdunBsp;
                        (0..leaves)
                            .map(|leaf| {
                                let mut out = [0u32; 64];
                                let mut len = 0usize;
                                // SAFETY: a live handle; `out` holds 64 items.
                                let st = unsafe {
                                    mcrdun_bsp_adjacency(bsp, leaf, out.as_mut_ptr(), 64, &mut len)
                                };
                                assert_eq!(st, McrdunStatus::Ok);
                                out[..len].to_vec()
                            })
                            .collect()
                    })
                })
                .collect();
            workers.into_iter().map(|w| w.join().unwrap()).collect()
        });
        assert!(leaves > 100);
        assert!(lists.windows(2).all(|w| w[0] == w[1]));
        // SAFETY: the handle is live and no longer shared.
        let tree = unsafe { &(*bsp).inner };
        let rects: Vec<Rect> = tree.leaf_rects().collect();
        let brute = mcrdun_bsp::Adjacency::brute_force(&rects);
        for (i, list) in lists[0].iter().enumerate() {
            assert_eq!(list.as_slice(), &brute[i]);
        }
        // SAFETY: a live handle, freed once.
        unsafe { mcrdun_bsp_free(bsp) };
    }

    #[test]
    fn errors_map_to_statuses() {
        let cases = [
            (
                BspError::StaleNode {
                    handle: 0,
                    current: 1,
                },
                McrdunStatus::StaleHandle,
            ),
            (
                BspError::NotAdjacent { a: 0, b: 1 },
                McrdunStatus::NotAdjacent,
            ),
            (
                BspError::LeafOutOfRange { index: 3, count: 1 },
                McrdunStatus::OutOfRange,
            ),
            (
                BspError::DepthTooLarge { depth: 40 },
                McrdunStatus::InvalidArgument,
            ),
            (BspError::TooManyNodes, McrdunStatus::TooLarge),
            (
                BspError::Geom(mcrdun_geom::GeomError::EmptyRect { w: 0, h: 1 }),
                McrdunStatus::InvalidArgument,
            ),
        ];
        for (e, status) in cases {
            assert_eq!(FfiError::from(e).status, status);
        }
    }
}
