//! Whole levels (`mcrdun.generate`) and the option schema they read.

use crate::errors;
use mcrdun_dungeon::schema::{self, OptionValue};
use mcrdun_dungeon::{Level, LevelConfig, LevelKind, generate as rust_generate};
use numpy::{IntoPyArray, PyArray2, PyArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

fn kind_of(name: &str) -> PyResult<LevelKind> {
    LevelKind::ALL
        .into_iter()
        .find(|k| k.name() == name)
        .ok_or_else(|| {
            let names: Vec<_> = LevelKind::ALL.iter().map(|k| k.name()).collect();
            PyValueError::new_err(format!(
                "unknown level kind {name:?}; the kinds are {}",
                names.join(", ")
            ))
        })
}

/// One option: `(name, default, min, max, integer, doc)`.
type OptionRow = (&'static str, f64, f64, f64, bool, &'static str);

/// The options of level kind `kind`, in schema order.
#[pyfunction]
fn level_options(kind: &str) -> PyResult<Vec<OptionRow>> {
    let k = kind_of(kind)?;
    Ok(schema::options(k)
        .map(|o| {
            let integer = matches!(o.default, OptionValue::U32(_));
            (o.name, o.default.as_f64(), o.min, o.max, integer, o.doc)
        })
        .collect())
}

/// The names of the level kinds.
#[pyfunction]
fn level_kinds() -> Vec<&'static str> {
    LevelKind::ALL.iter().map(|k| k.name()).collect()
}

fn array2<'py, T: numpy::Element>(
    py: Python<'py>,
    v: Vec<T>,
    rows: usize,
    cols: usize,
) -> PyResult<Bound<'py, PyArray2<T>>> {
    v.into_pyarray(py).reshape([rows, cols])
}

/// The level as a dict of plain values and arrays for `mcrdun.Level`.
fn level_dict<'py>(py: Python<'py>, level: &Level) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let (w, h) = (level.width() as usize, level.height() as usize);
    d.set_item("kind", level.kind().name())?;
    d.set_item("tiles", array2(py, level.tile_bytes().collect(), h, w)?)?;
    let rooms: Vec<i32> = level
        .rooms()
        .iter()
        .flat_map(|r| {
            let b = r.bounds;
            [b.x(), b.y(), b.w(), b.h(), r.area as i32]
        })
        .collect();
    d.set_item("rooms", array2(py, rooms, level.rooms().len(), 5)?)?;
    let doors: Vec<i32> = level
        .doors()
        .iter()
        .flat_map(|door| {
            [
                door.at.x,
                door.at.y,
                door.rooms.0 as i32,
                door.rooms.1 as i32,
            ]
        })
        .collect();
    d.set_item("doors", array2(py, doors, level.doors().len(), 4)?)?;
    let (up, down) = (level.stairs_up(), level.stairs_down());
    d.set_item("stairs", ((up.x, up.y), (down.x, down.y)))?;
    let s = level.summary();
    let summary = PyDict::new(py);
    for (k, v) in [
        ("rooms", s.rooms),
        ("doors", s.doors),
        ("walkable", s.walkable),
        ("regions", s.regions),
        ("dug", s.dug),
        ("loops", s.loops),
        ("dead_ends", s.dead_ends),
        ("longest_path", s.longest_path),
    ] {
        summary.set_item(k, v)?;
    }
    d.set_item("summary", summary)?;
    let m = level.metrics();
    let metrics = PyDict::new(py);
    for (k, v) in [
        ("doors", m.doors),
        ("doors_in_walls", m.doors_in_walls),
        ("rooms", m.rooms),
        ("loops", m.loops),
        ("dead_ends", m.dead_ends),
        ("stairs_distance", m.stairs_distance),
        ("fallback_dug", m.fallback_dug),
    ] {
        metrics.set_item(k, v)?;
    }
    metrics.set_item("floor_share", m.floor_share)?;
    d.set_item("metrics", metrics)?;
    d.set_item("ascii", level.to_ascii())?;
    Ok(d)
}

/// Makes the level of `kind` at `width` x `height` with `seed`, the named
/// options set first (names and ranges checked by the caller against
/// [`level_options`]; the config checks them again).
#[pyfunction]
fn generate<'py>(
    py: Python<'py>,
    kind: &str,
    width: u32,
    height: u32,
    seed: u64,
    options: Vec<(String, f64)>,
) -> PyResult<Bound<'py, PyDict>> {
    let mut config = LevelConfig::new(kind_of(kind)?, width, height);
    if let Some((name, _)) = options.first() {
        // BRIDGE: LevelConfig::set lands with the option bridge.
        return Err(PyValueError::new_err(format!(
            "option {name} not settable yet"
        )));
    }
    // The process-wide ceiling is the level's too (0 in a config means
    // its own default, so a ceiling of 0 becomes 1 byte: refuse all).
    let limit = mcrdun_geom::memory::memory_limit().max(1);
    match &mut config {
        LevelConfig::Bsp(c) => c.max_bytes = limit,
        LevelConfig::Scatter(c) => c.max_bytes = limit,
        LevelConfig::Maze(c) => c.max_bytes = limit,
        LevelConfig::Cave(c) => c.max_bytes = limit,
        LevelConfig::Passages(c) => c.max_bytes = limit,
    }
    let level = py
        .detach(|| rust_generate(&config, seed))
        .map_err(errors::level)?;
    level_dict(py, &level)
}

/// Adds this module's functions to `m`.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(level_options, m)?)?;
    m.add_function(wrap_pyfunction!(level_kinds, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    Ok(())
}
