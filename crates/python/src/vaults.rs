//! Vault files for `mcrdun.vaults` and `mcrdun.generate(..., vaults=...)`.
//!
//! Text and files are read by `mcrdun-vaults`' own readers, the ones the
//! `mcrdun` command uses: [`mcrdun_vaults::parse_bytes`] for text (the
//! memory check, a byte-order mark skipped, the line and column of the
//! first byte that is not UTF-8) and [`mcrdun_vaults::read_file`] for a
//! path (refused from its size before it is read, and read with that cap).
//! A [`RawVaults`] holds the parsed vaults; the Python layer reads each
//! vault's settings and map, and writes them back as text to pickle them.

use crate::errors;
use mcrdun_vaults::{Vault, VaultError};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use std::path::PathBuf;

pyo3::create_exception!(
    _mcrdun,
    VaultFileError,
    PyValueError,
    "A vault text or file that could not be parsed (a ValueError): the message is the `mcrdun vaults check` command's, `file:line:column: expected ..., found ...`."
);

/// A vault error as a Python exception: a problem in the text is
/// `VaultFileError` (a `ValueError`) with `file`, `line` and `column`
/// attributes; a text above the memory ceiling `MemoryError` (naming the
/// Python remedy); a file that cannot be read `OSError`.
fn vault_error(py: Python<'_>, e: &VaultError) -> PyErr {
    match e {
        VaultError::At {
            file, line, column, ..
        } => {
            let err = VaultFileError::new_err(e.to_string());
            let value = err.value(py);
            let _ = value.setattr("file", file.as_str());
            let _ = value.setattr("line", *line);
            let _ = value.setattr("column", *column);
            err
        }
        VaultError::TooLarge { .. } => errors::over_limit(&e.to_string()),
        VaultError::Unreadable { .. } => PyOSError::new_err(e.to_string()),
    }
}

/// Parsed vaults, in file order.
#[pyclass(module = "mcrdun._mcrdun", frozen)]
pub(crate) struct RawVaults {
    pub(crate) vaults: Vec<Vault>,
}

/// One vault's settings: `(name, width, height, weight, min, max, rotate,
/// mirror, generators, line, map)`, the map as rows of glyphs.
type VaultRow = (
    String,
    u32,
    u32,
    u32,
    u32,
    u32,
    bool,
    bool,
    Vec<&'static str>,
    u32,
    String,
);

#[pymethods]
impl RawVaults {
    fn __len__(&self) -> usize {
        self.vaults.len()
    }

    /// Each vault's settings and map (see [`VaultRow`]).
    fn rows(&self) -> Vec<VaultRow> {
        self.vaults
            .iter()
            .map(|v| {
                let s = v.shape();
                (
                    v.name().to_owned(),
                    s.width(),
                    s.height(),
                    v.weight(),
                    v.min(),
                    v.max(),
                    v.may_rotate(),
                    v.may_mirror(),
                    v.generators().names().collect(),
                    v.line(),
                    s.to_string(),
                )
            })
            .collect()
    }

    /// The vaults as file text that parses back to the same vaults.
    fn to_text(&self) -> String {
        self.vaults.iter().map(Vault::to_text).collect()
    }

    /// The vaults of both, `self`'s first.
    fn concat(&self, other: &RawVaults) -> RawVaults {
        RawVaults {
            vaults: self.vaults.iter().chain(&other.vaults).cloned().collect(),
        }
    }
}

/// Parses vault-file bytes (UTF-8, a byte-order mark allowed); errors name
/// `file`.
#[pyfunction]
fn vaults_parse(py: Python<'_>, data: &[u8], file: &str) -> PyResult<RawVaults> {
    let result = py.detach(|| mcrdun_vaults::parse_bytes(data, file));
    match result {
        Ok(vaults) => Ok(RawVaults { vaults }),
        Err(e) => Err(vault_error(py, &e)),
    }
}

/// Reads and parses the vault file at `path` with the command line's
/// reader (refused from its size when it could not fit the memory
/// ceiling, before it is read).
#[pyfunction]
fn vaults_read(py: Python<'_>, path: PathBuf) -> PyResult<RawVaults> {
    let result = py.detach(|| mcrdun_vaults::read_file(&path));
    match result {
        Ok(vaults) => Ok(RawVaults { vaults }),
        Err(e) => Err(vault_error(py, &e)),
    }
}

/// Adds this module's functions and classes to `m`.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(vaults_parse, m)?)?;
    m.add_function(wrap_pyfunction!(vaults_read, m)?)?;
    m.add_class::<RawVaults>()?;
    m.add("VaultFileError", m.py().get_type::<VaultFileError>())?;
    Ok(())
}
