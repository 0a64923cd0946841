//! Spawn tables on the command line: loading them for `--things`, and
//! `mcrdun things check FILE...`, which checks each file and prints its
//! entries with every setting spelled out.

use clap::{Parser, Subcommand};
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

/// `mcrdun things`: spawn table files.
#[derive(Debug, Parser)]
#[command(
    name = "mcrdun things",
    version,
    about = "Spawn tables: the things placed on mcrdun levels by rule."
)]
struct ThingsCli {
    #[command(subcommand)]
    action: Action,
}

#[derive(Debug, Subcommand)]
enum Action {
    /// Check spawn table files (errors name the file, line and column) and print each entry
    /// with every setting, defaults included.
    Check {
        /// The table files.
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
        /// The memory limit in bytes (0: 1 GiB): a file needs 33 bytes a byte of it, and a
        /// larger one is refused before it is read.
        #[arg(long, default_value_t = 0)]
        max_bytes: u64,
    },
}

/// Runs `mcrdun things ...` (the arguments after the program's name):
/// exit 0 when every file is valid, 2 with the first error otherwise.
pub fn main() -> ExitCode {
    let cli = ThingsCli::parse_from(std::env::args_os().skip(1));
    let Action::Check { files, max_bytes } = cli.action;
    mcrdun_geom::memory::set_memory_limit(crate::headroom::ceiling(max_bytes));
    let mut out = String::new();
    for path in &files {
        let table = match read(path) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("mcrdun: error: {}", crate::in_cli_words(&e));
                return ExitCode::from(2);
            }
        };
        let n = table.entries().len();
        out += &format!(
            "{}: {n} entr{}\n",
            path.display(),
            if n == 1 { "y" } else { "ies" }
        );
        for e in table.entries() {
            out += &format!("\n# line {}\n{e}", e.line());
        }
    }
    print!("{out}");
    ExitCode::SUCCESS
}
