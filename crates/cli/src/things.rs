//! Spawn tables on the command line: loading them for `--things`, and
//! `mcrdun things check FILE...`, which checks each file and prints its
//! entries with every setting spelled out.

use clap::{Parser, Subcommand};
use mcrdun_things::{PARSE_BYTES_PER_TEXT_BYTE, PARSE_FIXED_BYTES, Table};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The bytes a byte of a table file costs while it is read: the byte
/// itself and the parser's.
pub const READ_BYTES_PER_FILE_BYTE: u64 = PARSE_BYTES_PER_TEXT_BYTE + 1;

/// Reads and parses the table file at `path`: a file too large for the
/// memory limit is refused from its size, before it is read (and read no
/// further than the limit allows, whatever its size says).
///
/// # Errors
/// A message naming the file (and for a parse error its line and column).
pub fn read(path: &Path) -> Result<Table, String> {
    let shown = path.display();
    let size = std::fs::metadata(path)
        .map_err(|e| format!("{shown}: {e}"))?
        .len();
    let limit = mcrdun_geom::memory::call_limit();
    let need = |bytes: u64| {
        bytes
            .saturating_mul(READ_BYTES_PER_FILE_BYTE)
            .saturating_add(PARSE_FIXED_BYTES)
    };
    let too_large = |bytes: u64| {
        format!(
            "{shown}: a table of {bytes} bytes needs {} bytes of working memory, above the memory limit of {limit} bytes (raise it with --max-bytes)",
            need(bytes)
        )
    };
    if need(size) > limit {
        return Err(too_large(size));
    }
    let most = limit.saturating_sub(PARSE_FIXED_BYTES) / READ_BYTES_PER_FILE_BYTE;
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(most.saturating_add(1)).read_to_end(&mut bytes))
        .map_err(|e| format!("{shown}: {e}"))?;
    if bytes.len() as u64 > most {
        return Err(too_large(bytes.len() as u64));
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let good = &e.as_bytes()[..at];
        let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
        let column = String::from_utf8_lossy(
            &good[good.iter().rposition(|&b| b == b'\n').map_or(0, |k| k + 1)..],
        )
        .chars()
        .count()
            + 1;
        format!("{shown}:{line}:{column}: expected UTF-8 text, found a byte that is not")
    })?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    mcrdun_things::parse(text, &shown.to_string()).map_err(|e| e.to_string())
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
