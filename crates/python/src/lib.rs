//! The native half of the `mcrdun` Python package (`mcrdun._mcrdun`).
//!
//! Python users never import this module directly: the pure-Python package
//! around it (`python/mcrdun/` beside this crate) checks and converts numpy
//! arrays (any integer dtype where python-tcod takes one, any memory order),
//! raises `TypeError`/`ValueError` with messages that name the argument,
//! and gives the API its shape: `mcrdun.generate`, `mcrdun.bsp.BSP`,
//! `mcrdun.path.dijkstra2d`/`hillclimb2d`, `mcrdun.regions.label`/`stats`/
//! `connect` and `mcrdun.maze.Maze`. The functions here take arrays that
//! are already C-contiguous and of the one dtype they need, and call the
//! Rust crates:
//!
//! - distance maps: `mcrdun-distance` (the fast path over `uint8`/`uint16`
//!   costs and an `int32` map), and a binary-heap Dijkstra over `int64` for
//!   what that crate does not take (other dtypes, costs above 65535, and
//!   tcod's `edge_map`);
//! - labels, statistics and corridors: `mcrdun-regions`;
//! - BSP trees, libtcod-exact splitting, leaf adjacency and wall tiles:
//!   `mcrdun-bsp`;
//! - mazes: `mcrdun-carve`; levels: `mcrdun-dungeon`; vault files:
//!   `mcrdun-vaults`' readers (the command line's).
//!
//! Every call that works on a map releases the GIL while Rust runs
//! (`Python::detach`), so several Python threads can work at once; nothing
//! here keeps state shared between calls except the process-wide memory
//! ceiling of `mcrdun-geom` (`mcrdun.memory_limit()`, `set_memory_limit()`)
//! and the idle working memory of distance maps, kept for the next call
//! under a ceiling of its own (`mcrdun.path.cache_limit()`). A
//! need above the ceiling is refused before any work and raised as
//! `MemoryError`; other bad input is `ValueError` (or `IndexError` for a
//! point outside a map); nothing panics on bad input.
//!
//! Build it with maturin (`pip install ./crates/python`, or `maturin
//! develop` in a virtual environment); a plain `cargo build` links it
//! against libpython and is only a compile check.

mod bsp;
mod errors;
mod level;
mod maze;
mod path;
mod regions;
mod scratch;
mod things;
mod vaults;

use pyo3::prelude::*;

/// The ceiling, in bytes, on the working memory of one call, shared by
/// every thread of the process (and by the C ABI and Rust callers in the
/// same process). A call that would need more raises `MemoryError` before
/// any work.
#[pyfunction]
fn memory_limit() -> u64 {
    mcrdun_geom::memory::memory_limit()
}

/// Sets the process-wide ceiling on one call's working memory to `bytes`
/// and returns the previous ceiling.
#[pyfunction]
fn set_memory_limit(bytes: u64) -> u64 {
    mcrdun_geom::memory::set_memory_limit(bytes)
}

/// The module `mcrdun._mcrdun`.
#[pymodule]
fn _mcrdun(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(memory_limit, m)?)?;
    m.add_function(wrap_pyfunction!(set_memory_limit, m)?)?;
    path::register(m)?;
    scratch::register(m)?;
    regions::register(m)?;
    bsp::register(m)?;
    maze::register(m)?;
    level::register(m)?;
    vaults::register(m)?;
    things::register(m)?;
    Ok(())
}
