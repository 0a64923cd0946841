//! Mazes (`mcrdun.maze`): the `RawMaze` class that `mcrdun.maze.Maze`
//! wraps, and the "42" mask.

use crate::errors;
use mcrdun_carve::{Algorithm, Maze, MazeFile, pattern42_scaled};
use mcrdun_geom::memory::try_with_capacity;
use mcrdun_geom::random::seeded_rng;
use mcrdun_geom::{Grid, Point};
use numpy::{IntoPyArray, PyArray2, PyArrayMethods, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::prelude::*;

fn point((x, y): (i64, i64)) -> Point {
    // Out-of-range coordinates become a point that is outside every maze,
    // so the crate reports them as out of bounds.
    match (i32::try_from(x), i32::try_from(y)) {
        (Ok(x), Ok(y)) => Point::new(x, y),
        _ => Point::new(-1, -1),
    }
}

/// The grid's cells handed to numpy as they are (moved, not copied).
fn grid_of<T: Copy + numpy::Element>(
    py: Python<'_>,
    g: Grid<T>,
) -> PyResult<Bound<'_, PyArray2<T>>> {
    let (w, h) = (g.width() as usize, g.height() as usize);
    g.into_vec().into_pyarray(py).reshape([h, w])
}

/// A copy of `cells` (a byte or more a cell), checked against the memory
/// ceiling first: `MemoryError` past it.
fn checked_copy<T: Copy>(what: &'static str, cells: &[T]) -> PyResult<Vec<T>> {
    let mut v = try_with_capacity(what, cells.len()).map_err(|e| errors::geom(&e))?;
    v.extend_from_slice(cells);
    Ok(v)
}

fn mask_grid(mask: &PyReadonlyArray2<'_, bool>) -> PyResult<Grid<bool>> {
    let shape = mask.shape();
    let (h, w) = (shape[0], shape[1]);
    let (Ok(w), Ok(h)) = (u32::try_from(w), u32::try_from(h)) else {
        return Err(pyo3::exceptions::PyMemoryError::new_err(format!(
            "a mask of shape {shape:?} is larger than mcrdun handles"
        )));
    };
    let cells = checked_copy("a maze mask's copy", mask.as_slice()?)?;
    Grid::from_vec(w, h, cells).map_err(|e| errors::geom(&e))
}

/// A cell's `(x, y)`.
type XY = (i32, i32);

/// A maze of cells with four walls each (the Rust `mcrdun_carve::Maze`).
#[pyclass(module = "mcrdun._mcrdun")]
pub(crate) struct RawMaze {
    inner: Maze,
}

#[pymethods]
impl RawMaze {
    /// A `width` x `height` maze with every wall closed; `mask` (bool, shape
    /// `(height, width)`, `True` = blocked) when given sets its size.
    #[new]
    #[pyo3(signature = (width, height, mask = None))]
    fn new(width: u32, height: u32, mask: Option<PyReadonlyArray2<'_, bool>>) -> PyResult<Self> {
        let inner = match mask {
            Some(m) => Maze::with_mask(&mask_grid(&m)?),
            None => Maze::new(width, height),
        }
        .map_err(errors::carve)?;
        Ok(RawMaze { inner })
    }

    /// Parses a maze from the 42 hex format; returns `(maze, entry, exit)`.
    #[staticmethod]
    fn from_hex(text: &str) -> PyResult<(RawMaze, XY, XY)> {
        let f = MazeFile::parse(text).map_err(errors::carve)?;
        Ok((
            RawMaze { inner: f.maze },
            (f.entry.x, f.entry.y),
            (f.exit.x, f.exit.y),
        ))
    }

    #[getter]
    fn width(&self) -> u32 {
        self.inner.width()
    }

    #[getter]
    fn height(&self) -> u32 {
        self.inner.height()
    }

    /// Blocks the "42" pattern at the largest scale that fits; returns it.
    fn block_pattern42(&mut self) -> PyResult<u32> {
        self.inner.block_pattern42_fitted().map_err(errors::carve)
    }

    /// Blocks the `True` cells of `mask`.
    fn apply_mask(&mut self, mask: PyReadonlyArray2<'_, bool>) -> PyResult<()> {
        self.inner
            .apply_mask(&mask_grid(&mask)?)
            .map_err(errors::carve)
    }

    /// Carves a perfect maze with algorithm number `algorithm` from `start`.
    fn carve(
        &mut self,
        py: Python<'_>,
        algorithm: u32,
        start: (i64, i64),
        seed: u64,
        piece: bool,
    ) -> PyResult<()> {
        let a = Algorithm::from_number(algorithm).map_err(errors::carve)?;
        let m = &mut self.inner;
        let start = point(start);
        py.detach(|| {
            let mut rng = seeded_rng(seed);
            if piece {
                a.carve_piece(m, start, &mut rng)
            } else {
                a.carve(m, start, &mut rng)
            }
        })
        .map_err(errors::carve)
    }

    /// Opens walls at a `fraction` of the dead ends; returns how many.
    fn braid(&mut self, py: Python<'_>, fraction: f64, seed: u64) -> PyResult<usize> {
        let m = &mut self.inner;
        py.detach(|| m.braid(fraction, &mut seeded_rng(seed)))
            .map_err(errors::carve)
    }

    /// The shortest path from `start` to `end` as N/E/S/W letters.
    fn solve(&self, py: Python<'_>, start: (i64, i64), end: (i64, i64)) -> PyResult<String> {
        let m = &self.inner;
        py.detach(|| m.solve(point(start), point(end)))
            .map_err(errors::carve)
    }

    /// The wall bits (north 1, east 2, south 4, west 8) per cell.
    fn walls<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<u8>>> {
        grid_of(py, self.inner.to_grid().map_err(errors::carve)?)
    }

    /// The blocked cells (a byte a cell, checked against the memory
    /// ceiling: `MemoryError` past it).
    fn blocked<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<bool>>> {
        let (w, h) = (self.inner.width() as usize, self.inner.height() as usize);
        let v = checked_copy("a maze's blocked mask", self.inner.blocked_mask())?;
        v.into_pyarray(py).reshape([h, w])
    }

    /// The `(2h + 1, 2w + 1)` tile map: 0 wall, 1 floor.
    fn tiles<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<u8>>> {
        // Written straight into the bytes handed to numpy: a byte a tile,
        // checked against the memory ceiling first.
        let (w, h) = self.inner.tile_size().map_err(errors::carve)?;
        let n = w as usize * h as usize;
        let mut bytes =
            mcrdun_geom::memory::try_vec("a maze's tiles", n, 0u8).map_err(|e| errors::geom(&e))?;
        self.inner
            .write_tile_bytes(&mut bytes)
            .map_err(errors::carve)?;
        grid_of(
            py,
            Grid::from_vec(w, h, bytes).map_err(|e| errors::geom(&e))?,
        )
    }

    /// ASCII art (about 8 bytes a cell, checked against the memory
    /// ceiling: `MemoryError` past it).
    fn to_ascii(&self) -> PyResult<String> {
        self.inner.to_ascii().map_err(errors::carve)
    }

    /// The whole 42 hex file, with the shortest path from entry to exit.
    fn to_hex(&self, entry: (i64, i64), exit: (i64, i64)) -> PyResult<String> {
        self.inner
            .to_hex(point(entry), point(exit))
            .map_err(errors::carve)
    }

    /// `(passages, components, loops, dead ends, perfect)`; the piece
    /// count's working memory (9 bytes a cell) is checked against the
    /// memory ceiling (`MemoryError` past it).
    fn analysis(&self) -> PyResult<(usize, usize, usize, usize, bool)> {
        let m = &self.inner;
        let pieces = m.component_count().map_err(errors::carve)?;
        let passages = m.passage_count();
        let open = m.open_count();
        Ok((
            passages,
            pieces,
            passages + pieces - open,
            m.dead_ends().count(),
            open > 0 && pieces == 1 && passages + 1 == open,
        ))
    }

    /// The `(x, y)` dead-end cells in raster order.
    fn dead_ends(&self) -> Vec<(i32, i32)> {
        self.inner.dead_ends().map(|p| (p.x, p.y)).collect()
    }

    /// A copy.
    fn copy(&self) -> RawMaze {
        RawMaze {
            inner: self.inner.clone(),
        }
    }
}

/// The "42" mask of a `width` x `height` maze, drawn at `scale`.
#[pyfunction]
fn pattern42<'py>(
    py: Python<'py>,
    width: u32,
    height: u32,
    scale: u32,
) -> PyResult<Bound<'py, PyArray2<bool>>> {
    grid_of(
        py,
        pattern42_scaled(width, height, scale).map_err(errors::carve)?,
    )
}

/// The names of the carving algorithms, in number order.
#[pyfunction]
fn maze_algorithms() -> Vec<&'static str> {
    Algorithm::ALL.iter().map(|a| a.name()).collect()
}

/// Adds this module's class and functions to `m`.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<RawMaze>()?;
    m.add_function(wrap_pyfunction!(pattern42, m)?)?;
    m.add_function(wrap_pyfunction!(maze_algorithms, m)?)?;
    Ok(())
}
