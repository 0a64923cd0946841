//! Spawn tables for `mcrdun.things` and `mcrdun.generate(..., things=...)`.
//!
//! A table's bytes are parsed by [`mcrdun_things::parse_bytes`] (the
//! memory ceiling first, then UTF-8 with the line and column of the first
//! byte that is not, a byte-order mark skipped), and a path is read by
//! the reader the command and vault files share
//! ([`mcrdun_geom::text::read_capped`], as [`mcrdun_things::read_file`]
//! does): a file too large for the ceiling is refused before it is read.

use crate::errors;
use mcrdun_geom::text::ReadError;
use mcrdun_things::{PARSE_FIXED_BYTES, READ_BYTES_PER_FILE_BYTE, Table};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;

pyo3::create_exception!(
    _mcrdun,
    ThingsFileError,
    PyValueError,
    "A spawn table that could not be parsed (a ValueError): the message is the `mcrdun things check` command's, `file:line:column: expected ..., found ...`."
);

/// Parsed spawn tables, in order.
#[pyclass(module = "mcrdun._mcrdun", frozen)]
pub(crate) struct RawTables {
    pub(crate) tables: Vec<Table>,
    /// Each table's text, for pickling.
    pub(crate) texts: Vec<String>,
}

#[pymethods]
impl RawTables {
    fn __len__(&self) -> usize {
        self.tables.len()
    }

    /// Each table's entries: `(name, glyph, line)` each.
    fn entries(&self) -> Vec<Vec<(String, char, u32)>> {
        self.tables
            .iter()
            .map(|t| {
                t.entries()
                    .iter()
                    .map(|e| (e.name().to_owned(), e.glyph(), e.line()))
                    .collect()
            })
            .collect()
    }

    /// Each entry with every setting spelled out, as `mcrdun things check`
    /// prints it.
    fn describe(&self) -> Vec<Vec<String>> {
        self.tables
            .iter()
            .map(|t| t.entries().iter().map(ToString::to_string).collect())
            .collect()
    }

    /// The tables' texts as given.
    fn texts(&self) -> Vec<String> {
        self.texts.clone()
    }

    /// The tables of both, `self`'s first.
    fn concat(&self, other: &RawTables) -> RawTables {
        RawTables {
            tables: self.tables.iter().chain(&other.tables).cloned().collect(),
            texts: self.texts.iter().chain(&other.texts).cloned().collect(),
        }
    }
}

/// Parses one spawn table from its bytes; errors name `file`.
#[pyfunction]
fn things_parse(py: Python<'_>, data: &[u8], file: &str) -> PyResult<RawTables> {
    let table = py.detach(|| mcrdun_things::parse_bytes(data, file));
    let table = match table {
        Ok(t) => t,
        Err(e) if e.is_too_large() => {
            let bytes = data.len() as u64;
            let err = mcrdun_things::FileError::TooLarge {
                file: file.to_owned(),
                bytes,
                needed: bytes
                    .saturating_mul(mcrdun_things::PARSE_BYTES_PER_TEXT_BYTE)
                    .saturating_add(PARSE_FIXED_BYTES),
                limit: mcrdun_geom::memory::call_limit(),
            };
            return Err(errors::over_limit(&err.to_string()));
        }
        Err(e) => return Err(ThingsFileError::new_err(e.to_string())),
    };
    // The text parsed (UTF-8 by now), for pickling.
    let data = data.strip_prefix(b"\xef\xbb\xbf").unwrap_or(data);
    let text = mcrdun_geom::text::utf8(data).unwrap_or_default();
    Ok(RawTables {
        tables: vec![table],
        texts: vec![text.to_owned()],
    })
}

/// Reads and parses the table file at `path` with the command's reader:
/// refused from its size when it could not fit the memory ceiling
/// (`MemoryError`), before it is read; `OSError` when it cannot be read.
#[pyfunction]
fn things_read(py: Python<'_>, path: std::path::PathBuf) -> PyResult<RawTables> {
    let file = path.display().to_string();
    let bytes = py.detach(|| {
        mcrdun_geom::text::read_capped(&path, READ_BYTES_PER_FILE_BYTE, PARSE_FIXED_BYTES)
    });
    match bytes {
        Ok(bytes) => things_parse(py, &bytes, &file),
        Err(ReadError::Unreadable { reason }) => {
            Err(PyOSError::new_err(format!("{file}: {reason}")))
        }
        Err(e @ ReadError::TooLarge { .. }) => {
            let err = mcrdun_things::FileError::from_read(e, &file);
            Err(errors::over_limit(&err.to_string()))
        }
    }
}

/// Adds this module's functions and classes to `m`.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(things_parse, m)?)?;
    m.add_function(wrap_pyfunction!(things_read, m)?)?;
    m.add_class::<RawTables>()?;
    m.add("ThingsFileError", m.py().get_type::<ThingsFileError>())?;
    Ok(())
}
