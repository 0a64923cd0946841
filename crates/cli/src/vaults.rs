//! Vault files on the command line: loading them for `--vaults`, and
//! `mcrdun vaults check FILE...`, which checks each file and prints each
//! vault, turned every way its settings allow, as ASCII.

use crate::file_check::{self, FileKind};
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

/// The words of `mcrdun vaults check`.
const VAULTS: FileKind = FileKind {
    command: "mcrdun vaults",
    about: "Vault files: hand-made rooms for mcrdun levels.",
    check_about: "Check vault files (errors name the file, line and column) and print each vault, turned every way it may be",
    files_help: "The vault files",
};

/// Runs `mcrdun vaults ...` (the arguments after the program's name):
/// exit 0 when every file is valid, 2 with the first error otherwise.
pub fn main() -> ExitCode {
    file_check::main(
        &VAULTS,
        |path| load(std::slice::from_ref(&path.to_path_buf())),
        |path, vaults: &Vec<Vault>| {
            let mut out = format!(
                "{}: {} vault{}\n",
                path.display(),
                vaults.len(),
                if vaults.len() == 1 { "" } else { "s" }
            );
            for v in vaults {
                out += &describe(v);
            }
            out
        },
    )
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
