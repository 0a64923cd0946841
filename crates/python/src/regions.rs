//! Region labels, statistics and corridors (`mcrdun.regions`).
//!
//! Labels come out as scipy.ndimage.label gives them: `int32`, 0 for a
//! wall, regions `1..=n` in raster order of each region's first cell.
//! `mcrdun-regions` numbers regions `0..n` with `u32::MAX` for walls, so
//! adding 1 (wrapping) turns one into the other.

use crate::errors;
use mcrdun_geom::memory::{check_budget, try_vec, try_with_capacity};
use mcrdun_regions::{
    Cells, ConnectOptions, Connectivity, LabelOptions, Labeller, RegionStats, connect_slice,
};
use numpy::{
    IntoPyArray, PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray2, PyUntypedArrayMethods,
};
use pyo3::prelude::*;

/// Bytes per cell that labelling needs at most: the `int32` output and the
/// run table of the worst case (see `mcrdun-regions`).
const LABEL_BYTES_PER_CELL: u64 = 4 + 6;

fn options(connectivity: u32, wrap_x: bool, wrap_y: bool) -> PyResult<LabelOptions> {
    let c = Connectivity::from_u32(connectivity).map_err(errors::regions)?;
    Ok(LabelOptions::new(c).wrapping(wrap_x, wrap_y))
}

fn size(mask: &PyReadonlyArray2<'_, u8>) -> PyResult<(u32, u32, usize)> {
    let shape = mask.shape();
    let (h, w) = (shape[0], shape[1]);
    match (u32::try_from(w), u32::try_from(h)) {
        (Ok(w32), Ok(h32)) => Ok((w32, h32, w * h)),
        _ => Err(pyo3::exceptions::PyMemoryError::new_err(format!(
            "a map of shape {shape:?} is larger than mcrdun handles"
        ))),
    }
}

/// `(labels, count)`: labels `int32` of the mask's shape, 0 for walls and
/// `1..=count` for regions in raster order of their first cell.
#[pyfunction]
#[pyo3(signature = (mask, connectivity, wrap_x = false, wrap_y = false))]
fn label<'py>(
    py: Python<'py>,
    mask: PyReadonlyArray2<'py, u8>,
    connectivity: u32,
    wrap_x: bool,
    wrap_y: bool,
) -> PyResult<(Bound<'py, PyArray2<i32>>, u32)> {
    let opts = options(connectivity, wrap_x, wrap_y)?;
    let (w, h, n) = size(&mask)?;
    check_budget("labels", n as u64, LABEL_BYTES_PER_CELL).map_err(|e| errors::geom(&e))?;
    let cells = mask.as_slice()?;
    let (labels, count) = py.detach(|| -> PyResult<(Vec<i32>, u32)> {
        let mut out = try_vec("labels", n, 0u32).map_err(|e| errors::geom(&e))?;
        let view = Cells::from_slice(cells, w, h).map_err(errors::regions)?;
        let count = Labeller::new()
            .label(view, opts, &mut out)
            .map_err(errors::regions)?;
        // In place (same size and alignment): walls u32::MAX -> 0.
        let labels = out.into_iter().map(|v| v.wrapping_add(1) as i32).collect();
        Ok((labels, count))
    })?;
    let arr = labels.into_pyarray(py).reshape([h as usize, w as usize])?;
    Ok((arr, count))
}

/// Each region's statistics as a `uint64` array of shape `(n, 7)`: area,
/// min x, min y, max x, max y, sum of x, sum of y.
#[pyfunction]
#[pyo3(signature = (mask, connectivity, wrap_x = false, wrap_y = false))]
fn stats<'py>(
    py: Python<'py>,
    mask: PyReadonlyArray2<'py, u8>,
    connectivity: u32,
    wrap_x: bool,
    wrap_y: bool,
) -> PyResult<Bound<'py, PyArray2<u64>>> {
    let opts = options(connectivity, wrap_x, wrap_y)?;
    let (w, h, _) = size(&mask)?;
    let cells = mask.as_slice()?;
    let flat = py.detach(|| -> PyResult<Vec<u64>> {
        let view = Cells::from_slice(cells, w, h).map_err(errors::regions)?;
        let mut labeller = Labeller::new();
        let prepared = labeller.prepare(view, opts).map_err(errors::regions)?;
        let count = prepared.count() as usize;
        let mut stats =
            try_vec("region stats", count, RegionStats::EMPTY).map_err(|e| errors::geom(&e))?;
        prepared.stats(&mut stats).map_err(errors::regions)?;
        // The numpy array: 7 u64 a region, checked as well.
        let mut flat = try_with_capacity("region stats array", count.saturating_mul(7))
            .map_err(|e| errors::geom(&e))?;
        flat.extend(stats.iter().flat_map(|s| {
            [
                s.area,
                u64::from(s.min_x),
                u64::from(s.min_y),
                u64::from(s.max_x),
                u64::from(s.max_y),
                s.sum_x,
                s.sum_y,
            ]
        }));
        Ok(flat)
    })?;
    let n = flat.len() / 7;
    flat.into_pyarray(py).reshape([n, 7])
}

/// Digs corridors until the floor (nonzero) of `mask` is one region.
/// Returns the dug map (`uint8`, 1 = floor) and one `(from, to, cells)`
/// per corridor, `cells` an `int32` array of `(x, y)` rows in walking
/// order; `from` and `to` are labels of the map before digging, `1..=n`.
#[pyfunction]
#[pyo3(signature = (mask, connectivity, keep_border))]
#[allow(clippy::type_complexity)]
fn connect<'py>(
    py: Python<'py>,
    mask: PyReadonlyArray2<'py, u8>,
    connectivity: u32,
    keep_border: bool,
) -> PyResult<(
    Bound<'py, PyArray2<u8>>,
    Vec<(u32, u32, Bound<'py, PyArray2<i32>>)>,
)> {
    let c = Connectivity::from_u32(connectivity).map_err(errors::regions)?;
    let (w, h, n) = size(&mask)?;
    let src = mask.as_slice()?;
    let (cells, corridors) = py.detach(|| -> PyResult<_> {
        check_budget("connect copy", n as u64, 1).map_err(|e| errors::geom(&e))?;
        let mut cells: Vec<u8> = src.iter().map(|&v| u8::from(v != 0)).collect();
        let options = ConnectOptions {
            connectivity: c,
            keep_border,
        };
        let corridors = connect_slice(&mut cells, w, h, options).map_err(errors::regions)?;
        Ok((cells, corridors))
    })?;
    let map = cells.into_pyarray(py).reshape([h as usize, w as usize])?;
    let mut out = Vec::with_capacity(corridors.len());
    for cor in corridors {
        let k = cor.cells.len();
        let flat: Vec<i32> = cor.cells.iter().flat_map(|p| [p.x, p.y]).collect();
        let arr = PyArray1::from_vec(py, flat).reshape([k, 2])?;
        out.push((cor.from + 1, cor.to + 1, arr));
    }
    Ok((map, out))
}

/// Working memory of [`label_structure`], in bytes per cell at most: the
/// provisional labels (`u32`) and their union-find table (`u32` each, at
/// most one a cell).
const STRUCTURE_BYTES_PER_CELL: u64 = 8;

/// The root of `l` in the union-find table, halving the path on the way.
fn find(parent: &mut [u32], mut l: u32) -> u32 {
    while parent[l as usize] != l {
        let up = parent[parent[l as usize] as usize];
        parent[l as usize] = up;
        l = up;
    }
    l
}

/// Labels the floor (nonzero) of the `w` x `h` row-major `cells` with any
/// symmetric 3x3 neighbourhood (`scipy.ndimage.label`'s structures for
/// 2-D maps): `horizontal` joins a cell to `(x - 1, y)` and `(x + 1, y)`,
/// `vertical` to `(x, y - 1)` and `(x, y + 1)`, `diagonal` to
/// `(x - 1, y - 1)` and `(x + 1, y + 1)`, `anti` to `(x + 1, y - 1)` and
/// `(x - 1, y + 1)`. Two passes in raster order with a union-find whose
/// roots are the smallest provisional label (the region's first cell), so
/// the labels are `1..=n` in raster order of each region's first cell, 0
/// on walls. Returns the labels, `n`, and the provisional labels the scan
/// made (scipy's scan makes the same ones: a cell takes a new label when
/// none of its neighbours before it in raster order is floor).
fn structure_labels(
    cells: &[u8],
    w: usize,
    horizontal: bool,
    vertical: bool,
    diagonal: bool,
    anti: bool,
) -> Result<(Vec<i32>, u32, u32), mcrdun_geom::GeomError> {
    let n = cells.len();
    let mut out = try_vec("labels", n, 0i32)?;
    let mut parent: Vec<u32> = try_with_capacity("label table", 1)?;
    parent.push(0);
    for i in 0..n {
        if cells[i] == 0 {
            continue;
        }
        let (x, y) = (i % w, i / w);
        let mut label = 0u32;
        let join = |other: i32, label: &mut u32, parent: &mut Vec<u32>| {
            if other == 0 {
                return;
            }
            let o = find(parent, other as u32);
            if *label == 0 {
                *label = o;
            } else {
                let l = find(parent, *label);
                let (lo, hi) = if l < o { (l, o) } else { (o, l) };
                parent[hi as usize] = lo;
                *label = lo;
            }
        };
        if y > 0 {
            let up = i - w;
            if diagonal && x > 0 {
                join(out[up - 1], &mut label, &mut parent);
            }
            if vertical {
                join(out[up], &mut label, &mut parent);
            }
            if anti && x + 1 < w {
                join(out[up + 1], &mut label, &mut parent);
            }
        }
        if horizontal && x > 0 {
            join(out[i - 1], &mut label, &mut parent);
        }
        if label == 0 {
            // A new provisional label: at most one a cell, so it fits.
            label = parent.len() as u32;
            if parent.len() == parent.capacity() {
                parent.try_reserve(parent.len()).map_err(|_| {
                    mcrdun_geom::GeomError::OutOfMemory {
                        what: "label table",
                        needed: (parent.len() as u64) * 8,
                    }
                })?;
            }
            parent.push(label);
        }
        out[i] = label as i32;
    }
    // Final labels in the order of the provisional ones (the roots are the
    // smallest of their region, so the first cell's).
    let provisional = (parent.len() - 1) as u32;
    let mut count = 0u32;
    for l in 1..parent.len() {
        // Every link points down (to a smaller label), so the labels below
        // `l` hold their final value already (scipy's compaction).
        let up = parent[l] as usize;
        if up == l {
            count += 1;
            parent[l] = count;
        } else {
            parent[l] = parent[up];
        }
    }
    for v in &mut out {
        if *v != 0 {
            *v = parent[*v as usize] as i32;
        }
    }
    Ok((out, count, provisional))
}

/// `(labels, count, provisional)`: the labels of `mask` with the symmetric
/// 3x3 neighbourhood given by its four pairs (see [`structure_labels`]),
/// `int32`, 0 for walls and `1..=count` in raster order of each region's
/// first cell, and the provisional labels a raster scan makes.
#[pyfunction]
#[allow(clippy::too_many_arguments, clippy::fn_params_excessive_bools)]
fn label_structure<'py>(
    py: Python<'py>,
    mask: PyReadonlyArray2<'py, u8>,
    horizontal: bool,
    vertical: bool,
    diagonal: bool,
    anti: bool,
) -> PyResult<(Bound<'py, PyArray2<i32>>, u32, u32)> {
    let (w, h, n) = size(&mask)?;
    check_budget("labels", n as u64, STRUCTURE_BYTES_PER_CELL).map_err(|e| errors::geom(&e))?;
    let cells = mask.as_slice()?;
    let (labels, count, provisional) = py
        .detach(|| {
            structure_labels(
                cells,
                (w as usize).max(1),
                horizontal,
                vertical,
                diagonal,
                anti,
            )
        })
        .map_err(|e| errors::geom(&e))?;
    let arr = labels.into_pyarray(py).reshape([h as usize, w as usize])?;
    Ok((arr, count, provisional))
}

/// Adds this module's functions to `m`.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(label, m)?)?;
    m.add_function(wrap_pyfunction!(label_structure, m)?)?;
    m.add_function(wrap_pyfunction!(stats, m)?)?;
    m.add_function(wrap_pyfunction!(connect, m)?)?;
    Ok(())
}
