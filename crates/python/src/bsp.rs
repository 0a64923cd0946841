//! BSP trees for `mcrdun.bsp.BSP`.
//!
//! The Python class keeps the tree as Python objects (as python-tcod's
//! does, so that code which walks `children` and reads `x`, `y`, `width`,
//! `height`, `level`, `position` and `horizontal` runs unchanged); this
//! module splits a rectangle in Rust and hands back the cuts in pre-order,
//! and answers what needs the whole tree (the leaf adjacency, the wall
//! tiles between two leaves) by rebuilding it from the same list.
//!
//! A tree crosses the boundary as its root rectangle and its nodes in
//! pre-order, each `None` for a leaf or `(horizontal, position)` for a cut.

use crate::errors;
use mcrdun_bsp::{Bsp, BspError, MAX_DEPTH, Mt19937, NodeId, Order};
use mcrdun_geom::random::seeded_rng;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// One node in pre-order: `None` for a leaf, else `(horizontal, position)`.
type Cut = Option<(bool, i32)>;

fn root(x: i32, y: i32, w: i32, h: i32) -> PyResult<Bsp> {
    Bsp::with_bounds(x, y, w, h).map_err(errors::bsp)
}

/// The nodes under `id` in pre-order.
fn cuts(bsp: &Bsp, id: NodeId) -> PyResult<Vec<Cut>> {
    let order = bsp.traverse(id, Order::Pre).map_err(errors::bsp)?;
    order
        .into_iter()
        .map(|n| {
            let node = bsp.node(n).map_err(errors::bsp)?;
            Ok(node.split.map(|s| (s.horizontal, s.position)))
        })
        .collect()
}

/// Replays `cuts` (pre-order) onto the leaf `id`.
fn replay(bsp: &mut Bsp, id: NodeId, cuts: &mut std::slice::Iter<'_, Cut>) -> PyResult<()> {
    // An explicit stack of arena indices (handles go stale at each split;
    // indices stay): trees may be deeper than the native stack allows.
    let mut stack = vec![id.index() as usize];
    while let Some(index) = stack.pop() {
        let Some(cut) = cuts.next() else {
            return Err(PyValueError::new_err("the tree's node list ends early"));
        };
        if let Some((horizontal, position)) = *cut {
            let node = bsp
                .node_at(index)
                .ok_or_else(|| PyValueError::new_err("the tree's node list is inconsistent"))?;
            let (a, b) = bsp
                .split_once(node, horizontal, position)
                .map_err(errors::bsp)?;
            stack.push(b.index() as usize);
            stack.push(a.index() as usize);
        }
    }
    Ok(())
}

fn rebuild(x: i32, y: i32, w: i32, h: i32, list: &[Cut]) -> PyResult<Bsp> {
    let mut bsp = root(x, y, w, h)?;
    let mut it = list.iter();
    let r = bsp.root();
    replay(&mut bsp, r, &mut it)?;
    if it.next().is_some() {
        return Err(PyValueError::new_err("the tree's node list is too long"));
    }
    Ok(bsp)
}

/// Splits the rectangle `(x, y, w, h)` recursively with mcrdun's rules
/// (minimum sizes always kept) and its portable generator seeded with
/// `seed`, `depth` levels at most (negative: no limit, as in libtcod), and
/// returns its nodes in pre-order.
///
/// `mcrdun-bsp` splits [`MAX_DEPTH`] levels in one call; a deeper split
/// goes on from each leaf that the depth stopped, in level order, with
/// the same generator: a depth up to [`MAX_DEPTH`] gives the tree that
/// depth always gave, and a deeper one grows it further.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
fn bsp_split_recursive(
    py: Python<'_>,
    rect: (i32, i32, i32, i32),
    depth: i64,
    min_width: i32,
    min_height: i32,
    max_horizontal_ratio: f32,
    max_vertical_ratio: f32,
    seed: u64,
) -> PyResult<Vec<Cut>> {
    let (x, y, w, h) = rect;
    let mut bsp = root(x, y, w, h)?;
    let (mw, mh, hr, vr) = (
        min_width,
        min_height,
        max_horizontal_ratio,
        max_vertical_ratio,
    );
    py.detach(|| -> Result<(), BspError> {
        let mut rng = seeded_rng(seed);
        // `None`: no limit.
        let mut left = u64::try_from(depth).ok();
        let mut frontier = vec![bsp.root().index() as usize];
        while !frontier.is_empty() {
            let step = left.map_or(MAX_DEPTH, |l| l.min(u64::from(MAX_DEPTH)) as u32);
            let before = bsp.node_count();
            let mut deepest = 0;
            for &at in &frontier {
                // Handles go stale at each split: look the node up again.
                let id = bsp.node_at(at).ok_or(BspError::NotALeaf)?;
                deepest = bsp.node(id)?.level + step;
                bsp.split_recursive(id, &mut rng, step, mw, mh, hr, vr)?;
            }
            left = left.map(|l| l - u64::from(step));
            if left == Some(0) || step == 0 {
                break;
            }
            // The leaves made at the depth's end, in arena (pre-) order.
            // All frontier nodes sit at one level, so `deepest` is theirs.
            frontier.clear();
            for index in before..bsp.node_count() {
                let node = bsp.node(bsp.node_at(index).ok_or(BspError::NotALeaf)?)?;
                if node.level == deepest && node.split.is_none() {
                    frontier.push(index);
                }
            }
        }
        Ok(())
    })
    .map_err(errors::bsp)?;
    cuts(&bsp, bsp.root())
}

/// Splits the rectangle `(x, y, w, h)` exactly as libtcod's
/// `TCOD_bsp_split_recursive` does with a Mersenne Twister seeded with
/// `seed`, `depth` levels at most (`0..=MAX_DEPTH`; the Python layer runs
/// deeper splits with [`LibtcodRandom`]), and returns its nodes in
/// pre-order.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
fn bsp_split_recursive_libtcod(
    py: Python<'_>,
    rect: (i32, i32, i32, i32),
    depth: u32,
    min_width: i32,
    min_height: i32,
    max_horizontal_ratio: f32,
    max_vertical_ratio: f32,
    seed: u32,
) -> PyResult<Vec<Cut>> {
    let (x, y, w, h) = rect;
    let mut bsp = root(x, y, w, h)?;
    let r = bsp.root();
    py.detach(|| {
        bsp.split_recursive_libtcod(
            r,
            seed,
            depth,
            min_width,
            min_height,
            max_horizontal_ratio,
            max_vertical_ratio,
        )
    })
    .map_err(errors::bsp)?;
    cuts(&bsp, bsp.root())
}

/// libtcod's Mersenne Twister (`TCOD_RNG_MT`) seeded with `seed`, with
/// `randint(low, high)` as libtcod's `TCOD_random_get_int`: what
/// `mcrdun.bsp.BSP.split_recursive` draws from for a libtcod split that
/// `mcrdun-bsp` does not take in one call (deeper than `MAX_DEPTH`, or
/// ratios below 1).
#[pyclass(module = "mcrdun._mcrdun")]
struct LibtcodRandom {
    mt: Mt19937,
}

#[pymethods]
impl LibtcodRandom {
    #[new]
    fn new(seed: u32) -> Self {
        LibtcodRandom {
            mt: Mt19937::new(seed),
        }
    }

    /// A draw in `low..=high` (the bounds swapped when reversed).
    fn randint(&mut self, low: i32, high: i32) -> i32 {
        self.mt.get_int(low, high)
    }
}

/// The leaf adjacency of the tree: for each leaf in level order, its
/// neighbours (leaves sharing a wall of at least one tile), ascending.
#[pyfunction]
fn bsp_adjacency(
    py: Python<'_>,
    rect: (i32, i32, i32, i32),
    cuts: Vec<Cut>,
) -> PyResult<Vec<Vec<u32>>> {
    let (x, y, w, h) = rect;
    let bsp = rebuild(x, y, w, h, &cuts)?;
    py.detach(|| {
        bsp.adjacency()
            .map(|adjacency| adjacency.iter().map(<[u32]>::to_vec).collect())
    })
    .map_err(errors::bsp)
}

/// The `(x, y)` tiles on leaf `a`'s own edge along the wall it shares with
/// leaf `b` (leaves numbered in level order), ascending.
#[pyfunction]
fn bsp_wall_tiles(
    rect: (i32, i32, i32, i32),
    cuts: Vec<Cut>,
    a: usize,
    b: usize,
) -> PyResult<Vec<(i32, i32)>> {
    let (x, y, w, h) = rect;
    let bsp = rebuild(x, y, w, h, &cuts)?;
    let tiles = bsp.adjacent_tiles(a, b).map_err(errors::bsp)?;
    Ok(tiles.map(|p| (p.x, p.y)).collect())
}

/// Adds this module's functions to `m`.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(bsp_split_recursive, m)?)?;
    m.add_function(wrap_pyfunction!(bsp_split_recursive_libtcod, m)?)?;
    m.add_class::<LibtcodRandom>()?;
    m.add_function(wrap_pyfunction!(bsp_adjacency, m)?)?;
    m.add_function(wrap_pyfunction!(bsp_wall_tiles, m)?)?;
    Ok(())
}
