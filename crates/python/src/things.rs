//! Spawn tables for `mcrdun.things` and `mcrdun.generate(..., things=...)`.
//!
//! A table is parsed by [`mcrdun_things::parse`] after the checks the
//! `mcrdun` command makes when it reads a table file (`crates/cli`'s
//! `things::read`, mirrored here until that reader moves into
//! `mcrdun-things` as vaults' did): the memory ceiling first (33 bytes a
//! byte of text and the parser's fixed bytes), then UTF-8 with the line and
//! column of the first byte that is not, a byte-order mark skipped.

use crate::errors;
use mcrdun_things::{PARSE_BYTES_PER_TEXT_BYTE, PARSE_FIXED_BYTES, Table};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

pyo3::create_exception!(
    _mcrdun,
    ThingsFileError,
    PyValueError,
    "A spawn table that could not be parsed (a ValueError): the message is the `mcrdun things check` command's, `file:line:column: expected ..., found ...`."
);

/// The bytes a byte of table text costs while it is read: the byte and
/// the parser's (the command's `READ_BYTES_PER_FILE_BYTE`).
pub(crate) const READ_BYTES_PER_TEXT_BYTE: u64 = PARSE_BYTES_PER_TEXT_BYTE + 1;

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

/// Refuses a table of `size` bytes (named `file`) whose reading could pass
/// the memory ceiling: `MemoryError`, before it is read.
#[pyfunction]
fn things_check_size(size: u64, file: &str) -> PyResult<()> {
    let limit = mcrdun_geom::memory::memory_limit();
    let need = size
        .saturating_mul(READ_BYTES_PER_TEXT_BYTE)
        .saturating_add(PARSE_FIXED_BYTES);
    if need > limit {
        return Err(errors::over_limit(&format!(
            "{file}: a table of {size} bytes needs {need} bytes of working memory, above the memory limit of {limit} bytes (raise it)"
        )));
    }
    Ok(())
}

/// The most bytes of table text that the memory ceiling lets be read.
#[pyfunction]
fn things_most_bytes() -> u64 {
    mcrdun_geom::memory::memory_limit().saturating_sub(PARSE_FIXED_BYTES) / READ_BYTES_PER_TEXT_BYTE
}

/// Parses one spawn table from its bytes; errors name `file`.
#[pyfunction]
fn things_parse(py: Python<'_>, data: &[u8], file: &str) -> PyResult<RawTables> {
    things_check_size(data.len() as u64, file)?;
    let text = match std::str::from_utf8(data) {
        Ok(t) => t,
        Err(e) => {
            let good = &data[..e.valid_up_to()];
            let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
            let start = good.iter().rposition(|&b| b == b'\n').map_or(0, |k| k + 1);
            let column = String::from_utf8_lossy(&good[start..]).chars().count() + 1;
            return Err(ThingsFileError::new_err(format!(
                "{file}:{line}:{column}: expected UTF-8 text, found a byte that is not"
            )));
        }
    };
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let table = py
        .detach(|| mcrdun_things::parse(text, file))
        .map_err(|e| ThingsFileError::new_err(e.to_string()))?;
    Ok(RawTables {
        tables: vec![table],
        texts: vec![text.to_owned()],
    })
}

/// Adds this module's functions and classes to `m`.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(things_parse, m)?)?;
    m.add_function(wrap_pyfunction!(things_check_size, m)?)?;
    m.add_function(wrap_pyfunction!(things_most_bytes, m)?)?;
    m.add_class::<RawTables>()?;
    m.add("ThingsFileError", m.py().get_type::<ThingsFileError>())?;
    Ok(())
}
