//! Spawn tables on the command line: loading them for `--things`, and
//! `mcrdun things check FILE...`, which checks each file and prints its
//! entries with every setting spelled out.

use crate::file_check::{self, FileKind};
use mcrdun_things::{FileError, Table};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Reads and parses the table file at `path` with the one reader of
/// table files ([`mcrdun_things::read_file`]): a file too large for the
/// memory limit is refused from its size, before it is read (and read no
/// further than the limit allows, whatever its size says).
///
/// # Errors
/// A message naming the file (and for a parse error its line and column).
pub fn read(path: &Path) -> Result<Table, String> {
    mcrdun_things::read_file(path).map_err(|e| match e {
        FileError::TooLarge { .. } => format!("{e} (raise it with --max-bytes)"),
        e => e.to_string(),
    })
}

/// Reads every table file of `paths`, in order.
///
/// # Errors
/// As [`read`], for the first file that fails.
pub fn load(paths: &[PathBuf]) -> Result<Vec<Table>, String> {
    paths.iter().map(|p| read(p)).collect()
}

/// The words of `mcrdun things check`.
const THINGS: FileKind = FileKind {
    command: "mcrdun things",
    about: "Spawn tables: the things placed on mcrdun levels by rule.",
    check_about: "Check spawn table files (errors name the file, line and column) and print each entry with every setting, defaults included",
    files_help: "The table files",
};

/// Runs `mcrdun things ...` (the arguments after the program's name):
/// exit 0 when every file is valid, 2 with the first error otherwise.
pub fn main() -> ExitCode {
    file_check::main(&THINGS, read, describe)
}

/// A table's entries, each with every setting spelled out.
fn describe(path: &Path, table: &Table) -> String {
    let n = table.entries().len();
    let mut out = format!(
        "{}: {n} entr{}\n",
        path.display(),
        if n == 1 { "y" } else { "ies" }
    );
    for e in table.entries() {
        out += &format!("\n# line {}\n{e}", e.line());
    }
    out
}
