//! Distance maps and descents (`mcrdun.path`).
//!
//! `dijkstra_u8`/`dijkstra_u16` are the fast path: an `int32` map computed
//! in place by `mcrdun-distance` (python-tcod's `dijkstra2d(dist, cost,
//! cardinal, diagonal, out=dist)` exactly). `dijkstra_edges` takes what
//! that crate does not: an `int64` map (the Python layer converts other
//! dtypes to it and back), `int64` costs and any list of edges (tcod's
//! `edge_map`), by a binary-heap Dijkstra. `descent` is `hillclimb2d`.
//! The fast path works in a scratch borrowed from the cache of
//! [`crate::scratch`].

use crate::{errors, scratch};
use mcrdun_distance::{Cost, Steps, descent as rust_descent};
use mcrdun_geom::Point;
use mcrdun_geom::memory::{check_budget, try_with_capacity};
use numpy::{
    IntoPyArray, PyArray2, PyArrayMethods, PyReadonlyArray2, PyReadwriteArray2,
    PyUntypedArrayMethods,
};
use pyo3::exceptions::{PyMemoryError, PyValueError};
use pyo3::prelude::*;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Working memory of a distance map, at most, in bytes per cell (the
/// engines over a padded copy).
const DISTANCE_BYTES_PER_CELL: u64 = 22;

fn shape2(shape: &[usize]) -> PyResult<(u32, u32)> {
    let h = u32::try_from(shape[0]);
    let w = u32::try_from(shape[1]);
    match (w, h) {
        (Ok(w), Ok(h)) => Ok((w, h)),
        _ => Err(PyMemoryError::new_err(format!(
            "a map of shape {shape:?} is larger than mcrdun handles"
        ))),
    }
}

fn compute<C: Cost + numpy::Element + Sync>(
    py: Python<'_>,
    mut dist: PyReadwriteArray2<'_, i32>,
    cost: PyReadonlyArray2<'_, C>,
    cardinal: u32,
    diagonal: u32,
) -> PyResult<()> {
    let (w, h) = shape2(dist.shape())?;
    let cells = u64::from(w) * u64::from(h);
    check_budget("distance map", cells, DISTANCE_BYTES_PER_CELL).map_err(|e| errors::geom(&e))?;
    let cost = cost.as_slice()?;
    let dist = dist.as_slice_mut()?;
    py.detach(|| {
        // A kept scratch (see `scratch`): the process-wide budget above is
        // its ceiling.
        let mut scratch = scratch::take();
        let result = scratch.compute(cost, dist, w, h, Steps::new(cardinal, diagonal));
        scratch::give(scratch);
        result
    })
    .map_err(errors::distance)?;
    Ok(())
}

/// Fills the `int32` map `dist` in place over `uint8` costs.
#[pyfunction]
fn dijkstra_u8(
    py: Python<'_>,
    dist: PyReadwriteArray2<'_, i32>,
    cost: PyReadonlyArray2<'_, u8>,
    cardinal: u32,
    diagonal: u32,
) -> PyResult<()> {
    compute(py, dist, cost, cardinal, diagonal)
}

/// Fills the `int32` map `dist` in place over `uint16` costs.
#[pyfunction]
fn dijkstra_u16(
    py: Python<'_>,
    dist: PyReadwriteArray2<'_, i32>,
    cost: PyReadonlyArray2<'_, u16>,
    cardinal: u32,
    diagonal: u32,
) -> PyResult<()> {
    compute(py, dist, cost, cardinal, diagonal)
}

/// The largest distance a reached cell holds: one below `i32::MAX`, which
/// means "unreached" (`mcrdun_distance::SATURATED`'s rule).
const SATURATED: i64 = i32::MAX as i64 - 1;

/// The heap Dijkstra over `int64`, as libtcod runs it: the cells where
/// `source` is nonzero start a walk with their value; a cell of cost `<= 0`
/// is never entered; a step along edge `(di, dj, m)` into a cell of cost
/// `c` offers `d + m * c` (saturating at [`SATURATED`]), kept when below
/// the cell's value.
fn heap_dijkstra(
    dist: &mut [i64],
    source: &[u8],
    cost: &[i64],
    w: usize,
    edges: &[(i64, i64, i64)],
) -> Result<(), String> {
    let h = dist.len().checked_div(w).unwrap_or(0);
    let mut items = try_with_capacity::<Reverse<(i64, usize)>>("distance heap", 0)
        .map_err(|e| e.to_string())?;
    for (i, (&d, &s)) in dist.iter().zip(source).enumerate() {
        if s != 0 {
            items.try_reserve(1).map_err(|e| e.to_string())?;
            items.push(Reverse((d, i)));
        }
    }
    let mut heap = BinaryHeap::from(items);
    while let Some(Reverse((d, i))) = heap.pop() {
        if d != dist[i] {
            continue;
        }
        if d > SATURATED {
            // A source at the top of C's int ("unreached" in an int32 map)
            // reaches nothing, as in tcod.
            continue;
        }
        let (y, x) = ((i / w) as i64, (i % w) as i64);
        for &(di, dj, m) in edges {
            let (ny, nx) = (y + di, x + dj);
            if ny < 0 || nx < 0 || ny >= h as i64 || nx >= w as i64 {
                continue;
            }
            let n = ny as usize * w + nx as usize;
            let c = cost[n];
            if c <= 0 {
                continue;
            }
            // Every value is a C int (the Python layer reads the map as
            // tcod does): a sum past it saturates one below "unreached",
            // as on the fast path.
            let nd = d.saturating_add(m.saturating_mul(c)).min(SATURATED);
            if nd < dist[n] {
                dist[n] = nd;
                heap.push(Reverse((nd, n)));
            }
        }
    }
    Ok(())
}

/// Fills the `int64` map `dist` in place over `int64` costs along `edges`
/// (`(di, dj, multiplier)`), from the cells where `source` is nonzero.
#[pyfunction]
fn dijkstra_edges(
    py: Python<'_>,
    mut dist: PyReadwriteArray2<'_, i64>,
    source: PyReadonlyArray2<'_, u8>,
    cost: PyReadonlyArray2<'_, i64>,
    edges: Vec<(i64, i64, i64)>,
) -> PyResult<()> {
    let shape = dist.shape().to_vec();
    if cost.shape() != shape.as_slice() || source.shape() != shape.as_slice() {
        return Err(PyValueError::new_err(format!(
            "cost has shape {:?} and source {:?}, the distance map {shape:?}",
            cost.shape(),
            source.shape()
        )));
    }
    let cells = (shape[0] as u64).saturating_mul(shape[1] as u64);
    // A heap entry (16 bytes) per improvement, up to one per edge and cell.
    let per_cell = 16 * (edges.len() as u64).max(1);
    check_budget("distance heap", cells, per_cell).map_err(|e| errors::geom(&e))?;
    let (cost, source) = (cost.as_slice()?, source.as_slice()?);
    let dist = dist.as_slice_mut()?;
    py.detach(|| heap_dijkstra(dist, source, cost, shape[1].max(1), &edges))
        .map_err(PyMemoryError::new_err)
}

/// python-tcod's `hillclimb2d` over an `int32` map: the `(i, j)` cells of
/// the path from `(i, j)` downhill, start included, as an `int32` array of
/// shape `(length, 2)` (built here: a list of tuples would cost more than
/// the walk). The path is grown as it is walked (8 bytes a step, a step per
/// cell at most), checked against the memory ceiling as it grows.
#[pyfunction]
fn descent<'py>(
    py: Python<'py>,
    dist: PyReadonlyArray2<'py, i32>,
    i: i64,
    j: i64,
    cardinal: bool,
    diagonal: bool,
) -> PyResult<Bound<'py, PyArray2<i32>>> {
    let (w, h) = shape2(dist.shape())?;
    let start = match (i32::try_from(j), i32::try_from(i)) {
        (Ok(x), Ok(y)) => Point::new(x, y),
        _ => Point::new(-1, -1),
    };
    let values = dist.as_slice()?;
    let steps = Steps::new(u32::from(cardinal), u32::from(diagonal));
    let flat = py.detach(|| -> PyResult<Vec<i32>> {
        let path = rust_descent(values, w, h, start, steps).map_err(errors::distance)?;
        let mut flat =
            try_with_capacity::<i32>("a descent's path", 64).map_err(|e| errors::geom(&e))?;
        for p in path {
            if flat.len() == flat.capacity() {
                let more = flat.capacity();
                check_budget("a descent's path", (flat.len() + more) as u64, 4)
                    .map_err(|e| errors::geom(&e))?;
                flat.try_reserve(more)
                    .map_err(|_| PyMemoryError::new_err("a descent's path could not grow"))?;
            }
            flat.push(p.y);
            flat.push(p.x);
        }
        Ok(flat)
    })?;
    let n = flat.len() / 2;
    flat.into_pyarray(py).reshape([n, 2])
}

/// Adds this module's functions to `m`.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(dijkstra_u8, m)?)?;
    m.add_function(wrap_pyfunction!(dijkstra_u16, m)?)?;
    m.add_function(wrap_pyfunction!(dijkstra_edges, m)?)?;
    m.add_function(wrap_pyfunction!(descent, m)?)?;
    Ok(())
}
