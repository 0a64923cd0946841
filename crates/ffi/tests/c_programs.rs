//! Builds every C (`ffi-tests/*.c`, c99) and C++ (`ffi-tests/*.cpp`, C++17)
//! program with warnings as errors, links each once against `libmcrdun.a`
//! and once against `libmcrdun.so`, runs them, and runs them again under
//! valgrind (leak check on) when valgrind is installed. `cargo test` alone
//! thus runs the Rust, C and C++ tests.
//!
//! The C++ programs share `ffi-tests/check.hpp`; those named in the test
//! below must exist (one per family of `include/mcrdun.hpp`).
//!
//! Environment: `CC` / `CXX` pick the compilers (default `cc` / `c++`);
//! `MCRDUN_REQUIRE_VALGRIND=1` turns a missing valgrind into a failure (CI
//! sets it).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// The directory holding `libmcrdun.{a,so}` built for this test run. Cargo
/// builds the library with all its crate types into `deps/` before the
/// tests; `cargo build` also copies them one level up, but `cargo test`
/// does not refresh that copy, so the newer of the two is the right one.
fn library_dir() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let deps = exe.parent().unwrap();
    let built = |dir: &Path| -> Option<std::time::SystemTime> {
        let a = std::fs::metadata(dir.join("libmcrdun.a"))
            .and_then(|m| m.modified())
            .ok()?;
        let so = std::fs::metadata(dir.join("libmcrdun.so"))
            .and_then(|m| m.modified())
            .ok()?;
        Some(a.min(so))
    };
    [deps, deps.parent().unwrap()]
        .into_iter()
        .filter_map(|dir| built(dir).map(|t| (t, dir)))
        .max_by_key(|(t, _)| *t)
        .map(|(_, dir)| dir.to_path_buf())
        .unwrap_or_else(|| {
            panic!(
                "libmcrdun.a / libmcrdun.so not found next to {}",
                exe.display()
            )
        })
}

/// The system libraries a Rust static library needs, as rustc reports them
/// (`--print native-static-libs`) for an empty staticlib on this target.
fn native_static_libs() -> &'static [String] {
    static LIBS: OnceLock<Vec<String>> = OnceLock::new();
    LIBS.get_or_init(|| {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("native-libs-probe");
        std::fs::create_dir_all(&dir).unwrap();
        let src = dir.join("empty.rs");
        std::fs::write(&src, "").unwrap();
        let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
        let out = Command::new(rustc)
            .args([
                "--crate-type",
                "staticlib",
                "--print",
                "native-static-libs",
                "-o",
            ])
            .arg(dir.join("libempty.a"))
            .arg(&src)
            .output()
            .expect("run rustc to learn the native static libs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        let line = stderr
            .lines()
            .find_map(|l| {
                l.split_once("native-static-libs:")
                    .map(|(_, libs)| libs.to_owned())
            })
            .unwrap_or_else(|| panic!("rustc did not report native-static-libs:\n{stderr}"));
        line.split_whitespace().map(str::to_owned).collect()
    })
}

#[derive(Clone, Copy, Debug)]
enum Linkage {
    Static,
    Shared,
}

struct Program {
    source: PathBuf,
    is_cpp: bool,
}

fn programs() -> Vec<Program> {
    let dir = workspace_root().join("ffi-tests");
    let mut found: Vec<Program> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| {
            let path = e.unwrap().path();
            match path.extension().and_then(|e| e.to_str()) {
                Some("c") => Some(Program {
                    source: path,
                    is_cpp: false,
                }),
                Some("cpp") => Some(Program {
                    source: path,
                    is_cpp: true,
                }),
                _ => None,
            }
        })
        .collect();
    found.sort_by(|a, b| a.source.cmp(&b.source));
    found
}

fn run(cmd: &mut Command, what: &str) -> Result<String, String> {
    let out = cmd
        .output()
        .map_err(|e| format!("{what}: could not start {cmd:?}: {e}"))?;
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    if out.status.success() {
        Ok(text)
    } else {
        Err(format!("{what} failed ({}):\n{cmd:?}\n{text}", out.status))
    }
}

fn build(
    program: &Program,
    linkage: Linkage,
    libs: &Path,
    out_dir: &Path,
) -> Result<PathBuf, String> {
    let root = workspace_root();
    let stem = program.source.file_stem().unwrap().to_str().unwrap();
    let ext = if program.is_cpp { "cpp" } else { "c" };
    let exe = out_dir.join(format!("{stem}-{ext}-{linkage:?}").to_lowercase());
    let (compiler, std) = if program.is_cpp {
        (
            std::env::var("CXX").unwrap_or_else(|_| "c++".into()),
            "-std=c++17",
        )
    } else {
        (
            std::env::var("CC").unwrap_or_else(|_| "cc".into()),
            "-std=c99",
        )
    };
    let mut cmd = Command::new(compiler);
    cmd.args([std, "-Wall", "-Wextra", "-Wpedantic", "-Werror", "-g"])
        .arg("-I")
        .arg(root.join("include"))
        .arg("-I")
        .arg(root.join("ffi-tests"))
        // Where the programs find the example files (tables, vaults).
        .arg(format!("-DMCRDUN_SOURCE_DIR=\"{}\"", root.display()))
        .arg(&program.source)
        .arg("-o")
        .arg(&exe);
    match linkage {
        Linkage::Static => {
            cmd.arg(libs.join("libmcrdun.a")).args(native_static_libs());
        }
        Linkage::Shared => {
            cmd.arg("-L")
                .arg(libs)
                .arg("-lmcrdun")
                .arg(format!("-Wl,-rpath,{}", libs.display()));
        }
    }
    run(
        &mut cmd,
        &format!("compiling {} ({linkage:?})", program.source.display()),
    )?;
    Ok(exe)
}

/// A command that finds `libmcrdun.so` through its rpath alone: cargo test
/// sets `LD_LIBRARY_PATH` to its own directories, which would otherwise win
/// over the rpath and could load a stale copy of the library.
fn isolated(cmd: &mut Command) -> &mut Command {
    cmd.env_remove("LD_LIBRARY_PATH")
}

fn have(tool: &str) -> bool {
    Command::new(tool)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn c_and_cpp_programs_pass_static_shared_and_under_valgrind() {
    let libs = library_dir();
    let out_dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("ffi-tests");
    std::fs::create_dir_all(&out_dir).unwrap();
    let valgrind = have("valgrind");
    if !valgrind {
        assert!(
            std::env::var_os("MCRDUN_REQUIRE_VALGRIND").is_none(),
            "valgrind is required (MCRDUN_REQUIRE_VALGRIND is set) but not installed"
        );
        eprintln!("warning: valgrind not found; the C programs run without it");
    }
    let programs = programs();
    assert!(
        programs.iter().any(|p| p.source.ends_with("geom.c")),
        "ffi-tests/geom.c is missing"
    );
    assert!(
        programs.iter().any(|p| p.is_cpp),
        "no C++ program in ffi-tests/"
    );
    // include/mcrdun.hpp: one program per family of the header at least.
    for required in [
        "level_wrapper.cpp",           // Level, Bsp, Maze basics
        "wrapper_basics.cpp",          // version and errors, rect::, generate_level
        "wrapper_bsp_maze.cpp",        // the rest of Bsp and Maze
        "wrapper_layout.cpp",          // Layout, PassagePlan
        "wrapper_regions_scatter.cpp", // regions::, scatter::
        "level_options_wrapper.cpp",   // LevelOptions, level_option_infos
        "things_locks_wrapper.cpp",    // ThingTable, place_things, solve_locks
    ] {
        assert!(
            programs.iter().any(|p| p.source.ends_with(required)),
            "ffi-tests/{required} is missing"
        );
    }

    // One thread per program and linkage: compiling and valgrind dominate.
    let results: Vec<Result<String, String>> = std::thread::scope(|s| {
        let handles: Vec<_> = programs
            .iter()
            .flat_map(|p| [(p, Linkage::Static), (p, Linkage::Shared)])
            .map(|(program, linkage)| {
                let (libs, out_dir) = (&libs, &out_dir);
                s.spawn(move || {
                    let exe = build(program, linkage, libs, out_dir)?;
                    let name = exe.file_name().unwrap().to_string_lossy().into_owned();
                    run(
                        isolated(&mut Command::new(&exe)),
                        &format!("running {name}"),
                    )?;
                    if valgrind {
                        run(
                            isolated(&mut Command::new("valgrind"))
                                .args(["--error-exitcode=1", "--leak-check=full", "--quiet"])
                                .arg(&exe),
                            &format!("valgrind {name}"),
                        )?;
                    }
                    Ok(format!(
                        "{name}: passed{}",
                        if valgrind {
                            " (and under valgrind)"
                        } else {
                            ""
                        }
                    ))
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });

    let mut failures = Vec::new();
    for r in results {
        match r {
            Ok(line) => println!("{line}"),
            Err(e) => failures.push(e),
        }
    }
    assert!(
        failures.is_empty(),
        "{} C/C++ run(s) failed:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

/// `ffi-tests/hostile.c` once more, built with AddressSanitizer and
/// UndefinedBehaviorSanitizer (`-fsanitize=address,undefined`, any UB is
/// fatal) and linked against `libmcrdun.a`, when the C compiler supports
/// them; skipped with a warning otherwise (`MCRDUN_REQUIRE_SANITIZERS=1`
/// makes that a failure). The program lifts its address-space limit under
/// ASan, whose shadow memory needs terabytes of address space.
#[test]
fn hostile_program_under_asan_and_ubsan() {
    let libs = library_dir();
    let out_dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("ffi-tests-sanitized");
    std::fs::create_dir_all(&out_dir).unwrap();
    let root = workspace_root();
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let flags = [
        "-fsanitize=address,undefined",
        "-fno-sanitize-recover=undefined",
        "-fno-omit-frame-pointer",
    ];
    let probe_src = out_dir.join("probe.c");
    std::fs::write(&probe_src, "int main(void) { return 0; }\n").unwrap();
    let probe = Command::new(&cc)
        .args(flags)
        .arg(&probe_src)
        .arg("-o")
        .arg(out_dir.join("probe"))
        .output();
    let supported = probe.is_ok_and(|o| o.status.success())
        && Command::new(out_dir.join("probe"))
            .status()
            .is_ok_and(|s| s.success());
    if !supported {
        assert!(
            std::env::var_os("MCRDUN_REQUIRE_SANITIZERS").is_none(),
            "{cc} cannot build with {flags:?} but MCRDUN_REQUIRE_SANITIZERS is set"
        );
        eprintln!("warning: {cc} lacks ASan/UBSan; hostile.c runs without them");
        return;
    }
    let exe = out_dir.join("hostile-asan-ubsan");
    let mut cmd = Command::new(&cc);
    cmd.args([
        "-std=c99",
        "-Wall",
        "-Wextra",
        "-Wpedantic",
        "-Werror",
        "-g",
    ])
    .args(flags)
    .arg("-I")
    .arg(root.join("include"))
    .arg("-I")
    .arg(root.join("ffi-tests"))
    .arg(root.join("ffi-tests/hostile.c"))
    .arg("-o")
    .arg(&exe)
    .arg(libs.join("libmcrdun.a"))
    .args(native_static_libs());
    run(&mut cmd, "compiling hostile.c with ASan/UBSan").unwrap_or_else(|e| panic!("{e}"));
    let out = run(
        isolated(&mut Command::new(&exe))
            .env("ASAN_OPTIONS", "detect_leaks=1:abort_on_error=0")
            .env("UBSAN_OPTIONS", "print_stacktrace=1:halt_on_error=1"),
        "running hostile.c under ASan/UBSan",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    println!("{out}");
}
