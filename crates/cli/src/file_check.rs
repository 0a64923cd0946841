//! `mcrdun vaults check FILE...` and `mcrdun things check FILE...`: one
//! command line and one loop for every kind of text file the level reads.
//! A kind gives its names and helps ([`FileKind`]), how to read one file,
//! and how to show what the file holds; the rest (the memory limit, the
//! first error ending the run with status 2, the report on stdout only
//! when every file is valid) is the same for all.

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The words one kind of file puts on its command line.
pub struct FileKind {
    /// The command's name in its help and errors, e.g. `"mcrdun vaults"`.
    pub command: &'static str,
    /// The command's one-line help.
    pub about: &'static str,
    /// The help of its `check` subcommand.
    pub check_about: &'static str,
    /// The help of the files argument.
    pub files_help: &'static str,
}

/// The shape both commands share; [`FileKind`] fills in the words.
#[derive(Debug, Parser)]
#[command(version)]
struct CheckCli {
    #[command(subcommand)]
    action: Action,
}

#[derive(Debug, Subcommand)]
enum Action {
    Check {
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
        /// The memory limit in bytes (0: 1 GiB): a file needs 33 bytes a byte of it, and a
        /// larger one is refused before it is read.
        #[arg(long, default_value_t = 0)]
        max_bytes: u64,
    },
}

/// Runs `mcrdun <kind> ...` (the arguments after the program's name):
/// each file is read with `read` (under the memory limit of
/// `--max-bytes`) and shown with `show`; exit 0 with every file shown
/// when all are valid, 2 with the first error otherwise (and nothing on
/// stdout).
pub fn main<T>(
    kind: &FileKind,
    read: impl Fn(&Path) -> Result<T, String>,
    show: impl Fn(&Path, &T) -> String,
) -> ExitCode {
    let command = CheckCli::command()
        .name(kind.command)
        .bin_name(kind.command)
        .about(kind.about)
        .mut_subcommand("check", |c| {
            c.about(kind.check_about)
                .mut_arg("files", |a| a.help(kind.files_help))
        });
    let matches = command.get_matches_from(std::env::args_os().skip(1));
    let cli = CheckCli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    let Action::Check { files, max_bytes } = cli.action;
    mcrdun_geom::memory::set_memory_limit(crate::headroom::ceiling(max_bytes));
    let mut out = String::new();
    for path in &files {
        match read(path) {
            Ok(held) => out += &show(path, &held),
            Err(e) => {
                eprintln!("mcrdun: error: {}", crate::in_cli_words(&e));
                return ExitCode::from(2);
            }
        }
    }
    print!("{out}");
    ExitCode::SUCCESS
}
