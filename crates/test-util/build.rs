//! Tells, in the normal output of `cargo test --workspace`, which optional
//! tools are missing and what is then not tested. The install tests
//! (`crates/ffi/tests/install.rs`) and the valgrind runs skip their part
//! without them, and libtest hides a passing test's own messages; a build
//! script's `cargo:warning` is printed by cargo on every build.
//!
//! Cargo repeats a build script's warnings on every build while the script
//! is fresh; the script runs again when a found tool's file changes or,
//! for a missing one, when a directory of `PATH` changes (a tool installed).

use std::path::PathBuf;

/// Where `program` is on `PATH` (or, for cargo subcommands, in `CARGO_HOME`).
fn find(program: &str, dirs: &[PathBuf]) -> Option<PathBuf> {
    dirs.iter().map(|d| d.join(program)).find(|p| p.is_file())
}

/// The directories searched: `PATH`'s, and `CARGO_HOME/bin`, that exist.
fn search_dirs() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).collect())
        .unwrap_or_default();
    if let Some(home) = std::env::var_os("CARGO_HOME") {
        dirs.push(PathBuf::from(home).join("bin"));
    }
    dirs.retain(|d| d.is_dir());
    dirs.dedup();
    dirs
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=PATH");
    let tools = [
        (
            "cmake",
            "cmake",
            "the CMake package and add_subdirectory (crates/ffi/tests/install.rs)",
        ),
        (
            "pkg-config",
            "pkg-config",
            "the pkg-config file (crates/ffi/tests/install.rs)",
        ),
        (
            "cargo-c",
            "cargo-cinstall",
            "`cargo cinstall` and the installed library (crates/ffi/tests/install.rs)",
        ),
        (
            "valgrind",
            "valgrind",
            "the C and C++ programs under valgrind (crates/ffi/tests/c_programs.rs)",
        ),
    ];
    let dirs = search_dirs();
    let mut missing = false;
    for (name, program, what) in tools {
        match find(program, &dirs) {
            Some(path) => println!("cargo:rerun-if-changed={}", path.display()),
            None => {
                missing = true;
                println!("cargo:warning={name} is not installed: cargo test SKIPS {what}");
            }
        }
    }
    if missing {
        for d in &dirs {
            println!("cargo:rerun-if-changed={}", d.display());
        }
    }
}
