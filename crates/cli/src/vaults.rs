//! Vault files on the command line: loading them for `--vaults`, and
//! `mcrdun vaults check FILE...`, which checks each file and prints each
//! vault, turned every way its settings allow, as ASCII.

use clap::{Parser, Subcommand};
use mcrdun_dungeon::Vault;
use std::path::PathBuf;
use std::process::ExitCode;

/// Reads and parses every vault file of `paths`, in order, with
/// [`mcrdun_vaults::read_file`]: a file too large for the memory limit is
/// refused from its size, before it is read.
///
/// # Errors
/// A message naming the file (and for a parse error its line and column).
pub fn load(paths: &[PathBuf]) -> Result<Vec<Vault>, String> {
    let mut all = Vec::new();
    for path in paths {
        all.extend(mcrdun_vaults::read_file(path).map_err(|e| e.to_string())?);
    }
    Ok(all)
}

/// `mcrdun vaults`: vault files.
#[derive(Debug, Parser)]
#[command(
    name = "mcrdun vaults",
    version,
    about = "Vault files: hand-made rooms for mcrdun levels."
)]
struct VaultsCli {
    #[command(subcommand)]
    action: Action,
}

#[derive(Debug, Subcommand)]
enum Action {
    /// Check vault files (errors name the file, line and column) and print each vault, turned
    /// every way it may be.
    Check {
        /// The vault files.
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
        /// The memory limit in bytes (0: 1 GiB): a file needs 33 bytes a byte of it, and a
        /// larger one is refused before it is read.
        #[arg(long, default_value_t = 0)]
        max_bytes: u64,
    },
}

/// Runs `mcrdun vaults ...` (the arguments after the program's name):
/// exit 0 when every file is valid, 2 with the first error otherwise.
pub fn main() -> ExitCode {
    let cli = VaultsCli::parse_from(std::env::args_os().skip(1));
    let Action::Check { files, max_bytes } = cli.action;
    mcrdun_geom::memory::set_memory_limit(crate::headroom::ceiling(max_bytes));
    let mut out = String::new();
    for path in &files {
        let vaults = match load(std::slice::from_ref(path)) {
            Ok(v) => v,
            Err(e) => {
                eprintln!("mcrdun: error: {}", crate::in_cli_words(&e));
                return ExitCode::from(2);
            }
        };
        out += &format!(
            "{}: {} vault{}\n",
            path.display(),
            vaults.len(),
            if vaults.len() == 1 { "" } else { "s" }
        );
        for v in &vaults {
            out += &describe(v);
        }
    }
    print!("{out}");
    ExitCode::SUCCESS
}

/// A vault's settings, then its map in each orientation it allows.
fn describe(v: &Vault) -> String {
    let s = v.shape();
    let required = s.entrances().filter(|(_, r)| *r).count();
    let optional = s.entrances().count() - required;
    let markers: String = s.markers().map(|(c, _)| c).collect();
    let mut text = format!(
        "\nvault {} (line {}): {}x{}, weight {}, count {}..{}, rotate {}, mirror {}, generators {}\n  entrances: {required} required, {optional} optional; markers: {}\n",
        v.name(),
        v.line(),
        s.width(),
        s.height(),
        v.weight(),
        v.min(),
        v.max(),
        if v.may_rotate() { "yes" } else { "no" },
        if v.may_mirror() { "yes" } else { "no" },
        v.generators(),
        if markers.is_empty() {
            "none".to_string()
        } else {
            markers
        },
    );
    for o in v.orientations() {
        text += &format!("  {o}:\n");
        for line in s.oriented(o).to_string().lines() {
            text += &format!("    {line}\n");
        }
    }
    text
}
