//! Whole levels (`mcrdun.generate`) and the option schema they read.

use crate::errors;
use crate::things::RawTables;
use crate::vaults::RawVaults;
use mcrdun_dungeon::schema::{self, ValueKind};
use mcrdun_dungeon::{
    Level, LevelConfig, LevelKind, generate as rust_generate, generate_with_things,
    generate_with_vaults,
};
use mcrdun_geom::memory::{check_budget, try_with_capacity};
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

/// One option: `(name, default, min, max, integer, doc, choices)`.
type OptionRow = (
    &'static str,
    f64,
    f64,
    f64,
    bool,
    &'static str,
    &'static [&'static str],
);

/// The options of level kind `kind`, in schema order.
#[pyfunction]
fn level_options(kind: &str) -> PyResult<Vec<OptionRow>> {
    let k = kind_of(kind)?;
    Ok(schema::options(k)
        .map(|o| {
            let integer = o.value != ValueKind::Real;
            let choices: &'static [&'static str] = match o.value {
                ValueKind::Choice(names) => names,
                _ => &[],
            };
            (o.name, o.default, o.min, o.max, integer, o.doc, choices)
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

/// A finished level (the Rust `mcrdun_dungeon::Level`), read by
/// `mcrdun.Level`: the arrays on demand, the text and metrics only when
/// asked for (they cost a pass over the tiles each).
#[pyclass(module = "mcrdun._mcrdun", frozen)]
pub(crate) struct RawLevel {
    inner: Level,
}

#[pymethods]
impl RawLevel {
    /// The generator's name.
    #[getter]
    fn kind(&self) -> &'static str {
        self.inner.kind().name()
    }

    /// The tile bytes, shape `(height, width)` (a byte a tile, checked
    /// against the memory ceiling: `MemoryError` past it).
    fn tiles<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<u8>>> {
        let (w, h) = (self.inner.width() as usize, self.inner.height() as usize);
        let mut bytes =
            try_with_capacity("a level's tile array", w * h).map_err(|e| errors::geom(&e))?;
        bytes.extend(self.inner.tile_bytes());
        array2(py, bytes, h, w)
    }

    /// The rooms as `int32` rows `x, y, w, h, area`.
    fn rooms<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<i32>>> {
        let rooms = self.inner.rooms();
        let flat = rooms
            .iter()
            .flat_map(|r| {
                let b = r.bounds;
                [b.x(), b.y(), b.w(), b.h(), r.area as i32]
            })
            .collect();
        array2(py, flat, rooms.len(), 5)
    }

    /// The doors as `int32` rows `x, y, room, room`.
    fn doors<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<i32>>> {
        let doors = self.inner.doors();
        let flat = doors
            .iter()
            .flat_map(|d| [d.at.x, d.at.y, d.rooms.0 as i32, d.rooms.1 as i32])
            .collect();
        array2(py, flat, doors.len(), 4)
    }

    /// `((x, y), (x, y))`: the up, then the down stairs.
    fn stairs(&self) -> ((i32, i32), (i32, i32)) {
        let (up, down) = (self.inner.stairs_up(), self.inner.stairs_down());
        ((up.x, up.y), (down.x, down.y))
    }

    /// The generator's counts.
    fn summary<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let s = self.inner.summary();
        let d = PyDict::new(py);
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
            d.set_item(k, v)?;
        }
        Ok(d)
    }

    /// The metrics, computed from the tiles (working memory: up to 20
    /// bytes a tile, checked against the memory limit first).
    fn metrics<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let tiles = u64::from(self.inner.width()) * u64::from(self.inner.height());
        check_budget(
            "level metrics",
            tiles,
            mcrdun_dungeon::METRICS_BYTES_PER_TILE,
        )
        .map_err(|e| errors::geom(&e))?;
        let m = self.inner.metrics();
        let d = PyDict::new(py);
        for (k, v) in [
            ("doors", m.doors),
            ("doors_in_walls", m.doors_in_walls),
            ("rooms", m.rooms),
            ("loops", m.loops),
            ("dead_ends", m.dead_ends),
            ("stairs_distance", m.stairs_distance),
            ("fallback_dug", m.fallback_dug),
            ("rock_specks", m.rock_specks),
            ("floor_pockets", m.floor_pockets),
            ("longest_dug_run", m.longest_dug_run),
        ] {
            d.set_item(k, v)?;
        }
        d.set_item("floor_share", m.floor_share)?;
        Ok(d)
    }

    /// The vaults placed: `(name, index, x, y, w, h, rotation, mirror,
    /// room)` each (`rotation` in degrees clockwise, `room` -1 when the
    /// generator has no rooms), in placing order.
    #[allow(clippy::type_complexity)]
    fn vaults(&self) -> Vec<(String, u32, i32, i32, i32, i32, u32, bool, i64)> {
        self.inner
            .vaults()
            .iter()
            .map(|v| {
                let b = v.bounds;
                (
                    v.name.clone(),
                    v.index,
                    b.x(),
                    b.y(),
                    b.w(),
                    b.h(),
                    v.orientation.degrees(),
                    v.orientation.mirror,
                    v.room.map_or(-1, i64::from),
                )
            })
            .collect()
    }

    /// The things placed by rule: `(name, entry, glyph, x, y, room, place,
    /// group, distance, blocks)` each (`room` and `group` -1 for none).
    #[allow(clippy::type_complexity)]
    fn things(&self) -> Vec<(String, u32, char, i32, i32, i64, String, i64, u32, bool)> {
        self.inner
            .things()
            .iter()
            .map(|t| {
                (
                    t.name.clone(),
                    t.entry,
                    t.glyph,
                    t.at.x,
                    t.at.y,
                    t.room.map_or(-1, i64::from),
                    t.place.to_string(),
                    t.group.map_or(-1, i64::from),
                    t.distance,
                    t.blocks,
                )
            })
            .collect()
    }

    /// The level as text without the things' glyphs (the map, as the
    /// command's JSON rows), checked against the memory ceiling.
    fn to_ascii_without_things(&self) -> PyResult<String> {
        let (w, h) = (
            u64::from(self.inner.width()),
            u64::from(self.inner.height()),
        );
        check_budget("a level's text", h, w + 1).map_err(|e| errors::geom(&e))?;
        Ok(self.inner.to_ascii_without_things())
    }

    /// The locks: `(id, doors, key, area, vault)` each, `doors` the `(x, y)`
    /// of its locked doors in raster order, `key` where its key lies, `area`
    /// the walkable tiles it gates, `vault` the index of the vault it locks
    /// (`locked yes`) or `None`.
    #[allow(clippy::type_complexity)]
    fn locks(&self) -> Vec<(u32, Vec<(i32, i32)>, (i32, i32), usize, Option<u32>)> {
        self.inner
            .locks()
            .iter()
            .map(|l| {
                (
                    l.id,
                    l.doors.iter().map(|d| (d.x, d.y)).collect(),
                    (l.key.x, l.key.y),
                    l.area,
                    l.vault,
                )
            })
            .collect()
    }

    /// `Level::solve`: the walkthrough's legs, `(key, x, y, steps)` each
    /// (`key` the index of the key picked up, -1 for the goal), and its
    /// steps; `ValueError` when it is stuck, `MemoryError` past the ceiling.
    #[allow(clippy::type_complexity)]
    fn solve(&self, py: Python<'_>) -> PyResult<(Vec<(i64, i32, i32, u64)>, u64)> {
        let walk = py.detach(|| self.inner.solve()).map_err(|e| match &e {
            mcrdun_dungeon::SolveError::Memory(g) => errors::geom(g),
            _ => PyValueError::new_err(e.to_string()),
        })?;
        let legs = walk
            .legs
            .iter()
            .map(|l| {
                let key = match l.to {
                    mcrdun_dungeon::Stop::Key(k) => k as i64,
                    _ => -1,
                };
                (key, l.at.x, l.at.y, l.steps)
            })
            .collect();
        Ok((legs, walk.steps))
    }

    /// `Level::behind` for every tile, as a `uint32` array `(height,
    /// width)`: how many locks a player must open to reach it.
    fn behind<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<u32>>> {
        let (w, h) = (self.inner.width() as usize, self.inner.height() as usize);
        let mut out: Vec<u32> =
            try_with_capacity("a level's key-levels", w * h).map_err(|e| errors::geom(&e))?;
        for y in 0..h {
            for x in 0..w {
                out.push(
                    self.inner
                        .behind(mcrdun_geom::Point::new(x as i32, y as i32)),
                );
            }
        }
        array2(py, out, h, w)
    }

    /// `Level::room_intensity`: each room's place in the progression, in
    /// `[0, 1]` (empty without locks).
    fn room_intensity(&self) -> Vec<f64> {
        self.inner.room_intensity()
    }

    /// The vaults' markers: `(label, x, y, vault)` each.
    fn markers(&self) -> Vec<(char, i32, i32, u32)> {
        self.inner
            .markers()
            .iter()
            .map(|m| (m.label, m.at.x, m.at.y, m.vault))
            .collect()
    }

    /// The level as text (a byte a tile and one a row, checked against
    /// the memory ceiling: `MemoryError` past it).
    fn to_ascii(&self) -> PyResult<String> {
        let (w, h) = (
            u64::from(self.inner.width()),
            u64::from(self.inner.height()),
        );
        check_budget("a level's text", h, w + 1).map_err(|e| errors::geom(&e))?;
        Ok(self.inner.to_ascii())
    }
}

/// Makes the level of `kind` at `width` x `height` with `seed`, the named
/// options set first (names and ranges checked by the caller against
/// [`level_options`]; the config checks them again), placing `vaults`
/// when given (none: the same level as without).
#[pyfunction]
#[pyo3(signature = (kind, width, height, seed, options, vaults = None, things = None))]
#[allow(clippy::too_many_arguments)]
fn generate(
    py: Python<'_>,
    kind: &str,
    width: u32,
    height: u32,
    seed: u64,
    options: Vec<(String, f64)>,
    vaults: Option<PyRef<'_, RawVaults>>,
    things: Option<PyRef<'_, RawTables>>,
) -> PyResult<RawLevel> {
    let mut config = LevelConfig::new(kind_of(kind)?, width, height);
    for (name, value) in &options {
        config.set(name, *value).map_err(errors::level)?;
    }
    // The process-wide ceiling is the level's too (0 in a config means
    // its own default, so a ceiling of 0 becomes 1 byte: refuse all).
    config.set_max_bytes(mcrdun_geom::memory::memory_limit().max(1));
    let vaults = vaults.as_ref().map_or(&[][..], |v| v.vaults.as_slice());
    let tables = things.as_ref().map_or(&[][..], |t| t.tables.as_slice());
    let level = py
        .detach(|| {
            if !tables.is_empty() {
                generate_with_things(&config, vaults, tables, seed)
            } else if vaults.is_empty() {
                rust_generate(&config, seed)
            } else {
                generate_with_vaults(&config, vaults, seed)
            }
        })
        .map_err(errors::level)?;
    Ok(RawLevel { inner: level })
}

/// Adds this module's functions to `m`.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(level_options, m)?)?;
    m.add_function(wrap_pyfunction!(level_kinds, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_class::<RawLevel>()?;
    Ok(())
}
