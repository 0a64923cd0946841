//! The Rust crates' errors as Python exceptions: a need above the memory
//! ceiling (or a size that cannot exist) is `MemoryError`, a point outside
//! the map `IndexError`, anything else `ValueError`; the message is the
//! Rust error's `Display`, except that a need above the ceiling names the
//! Python remedy (`mcrdun.set_memory_limit`) instead of the C, command-line
//! or Rust one the crates' messages give.

use mcrdun_bsp::BspError;
use mcrdun_carve::CarveError;
use mcrdun_distance::DistanceError;
use mcrdun_dungeon::LevelError;
use mcrdun_geom::GeomError;
use mcrdun_regions::RegionsError;
use pyo3::exceptions::{PyIndexError, PyMemoryError, PyTypeError, PyValueError};
use pyo3::{PyErr, Python};

/// What a Python caller does about a need above the ceiling.
pub(crate) const REMEDY: &str = "raise it with mcrdun.set_memory_limit(bytes)";

/// A `MemoryError` for a need above the memory ceiling: the crate's
/// message with its closing remedy (`" (raise it with ...)"`, for C, the
/// command line or Rust) replaced by [`REMEDY`].
pub(crate) fn over_limit(message: &str) -> PyErr {
    let base = match message.rfind(" (raise ") {
        Some(i) if message.ends_with(')') => &message[..i],
        _ => message,
    };
    PyMemoryError::new_err(format!("{base} ({REMEDY})"))
}

/// A geometry or memory-budget error.
pub(crate) fn geom(e: &GeomError) -> PyErr {
    if matches!(e, GeomError::OverBudget { .. }) {
        over_limit(&e.to_string())
    } else if e.is_too_large() {
        PyMemoryError::new_err(e.to_string())
    } else if matches!(e, GeomError::OutOfBounds { .. }) {
        PyIndexError::new_err(e.to_string())
    } else {
        PyValueError::new_err(e.to_string())
    }
}

/// A distance-map error.
pub(crate) fn distance(e: DistanceError) -> PyErr {
    match &e {
        DistanceError::Geom(g) => geom(g),
        DistanceError::TooLarge { .. } | DistanceError::AllocationFailed { .. } => {
            PyMemoryError::new_err(e.to_string())
        }
        DistanceError::OutOfBounds { .. } => PyIndexError::new_err(e.to_string()),
        _ => PyValueError::new_err(e.to_string()),
    }
}

/// A labelling or corridor error.
pub(crate) fn regions(e: RegionsError) -> PyErr {
    match &e {
        RegionsError::Geom(g) => geom(g),
        RegionsError::TooManyRuns => PyMemoryError::new_err(e.to_string()),
        RegionsError::OutOfBounds { .. } => PyIndexError::new_err(e.to_string()),
        _ => PyValueError::new_err(e.to_string()),
    }
}

/// A BSP error.
pub(crate) fn bsp(e: BspError) -> PyErr {
    match &e {
        BspError::Geom(g) => geom(g),
        BspError::TooManyNodes => PyMemoryError::new_err(e.to_string()),
        BspError::LeafOutOfRange { .. } => PyIndexError::new_err(e.to_string()),
        _ => PyValueError::new_err(e.to_string()),
    }
}

/// A maze error.
pub(crate) fn carve(e: CarveError) -> PyErr {
    match &e {
        CarveError::Geom(g) => geom(g),
        CarveError::TooLarge { .. } => PyMemoryError::new_err(e.to_string()),
        CarveError::OutOfBounds { .. } => PyIndexError::new_err(e.to_string()),
        _ => PyValueError::new_err(e.to_string()),
    }
}

/// A level error.
pub(crate) fn level(e: LevelError) -> PyErr {
    match &e {
        LevelError::Geom(g) => geom(g),
        LevelError::OverBudget { .. } => over_limit(&e.to_string()),
        LevelError::TooLarge { .. } => PyMemoryError::new_err(e.to_string()),
        LevelError::UnknownOption { .. } => PyTypeError::new_err(e.to_string()),
        LevelError::Regions(r) => regions(r.clone()),
        LevelError::Carve(c) => carve(c.clone()),
        LevelError::Bsp(b) => bsp(b.clone()),
        LevelError::Things(mcrdun_things::PlaceError::Memory(g)) => {
            let inner = geom(g);
            if g.is_too_large() {
                PyMemoryError::new_err(format!(
                    "things: {}",
                    Python::attach(|py| inner.value(py).to_string())
                ))
            } else {
                inner
            }
        }
        _ => PyValueError::new_err(e.to_string()),
    }
}
