//! mcrdun installed the way engines take libraries in, and used from a
//! small C program three ways:
//!
//! 1. `cargo cinstall` (cargo-c) into a temporary prefix, then the program
//!    built with `pkg-config --cflags --libs mcrdun`;
//! 2. the same prefix through CMake's `find_package(mcrdun 0.1 REQUIRED)`,
//!    linking `mcrdun::mcrdun` and `mcrdun::mcrdun_static` (and a request
//!    for 0.2 or 1.0 must fail);
//! 3. the repository vendored with `add_subdirectory` (its top-level
//!    CMakeLists.txt runs cargo).
//!
//! Each build also compiles `examples/c/dungeon.c` and
//! `examples/cpp/dungeon.cpp` and runs them. The program
//! (`tests/install/consumer.c`) checks a libtcod-exact BSP's leaves and
//! adjacency against values from the real libtcod and worked out by hand,
//! and prints the FNV-1a hash, walkable tiles, rooms and doors of a level;
//! this test compares that line with what `mcrdun-dungeon` makes of the same
//! seed in Rust, so no golden hash here needs re-pinning when levels change.
//!
//! Tools: a C and a C++ compiler, cmake, pkg-config and cargo-c
//! (`cargo install cargo-c --locked --version 0.10.24`); `.ci/run` installs them. A missing
//! tool skips its part with a loud warning, unless `MCRDUN_REQUIRE_INSTALL_TOOLS`
//! is set (CI sets it), which turns it into a failure.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, OnceLock};
use std::time::Instant;

use mcrdun_dungeon::{BspConfig, bsp};

/// The install command of the README, less `--prefix` (tests/readme.rs
/// checks the README still says it).
const CINSTALL: &str = "cinstall --release -p mcrdun-ffi --libdir lib";

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

fn work_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("install")
        .join(name);
    if dir.exists() {
        std::fs::remove_dir_all(&dir).unwrap();
    }
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The cargo running this test (cargo sets `CARGO` for test binaries).
fn cargo() -> String {
    std::env::var("CARGO").unwrap_or_else(|_| "cargo".into())
}

/// A command without cargo test's `LD_LIBRARY_PATH`, so that a program finds
/// libmcrdun through its own rpath only.
fn command(program: impl AsRef<std::ffi::OsStr>) -> Command {
    let mut cmd = Command::new(program);
    cmd.env_remove("LD_LIBRARY_PATH");
    cmd
}

fn run(cmd: &mut Command) -> Result<String, String> {
    let started = Instant::now();
    let out = cmd
        .output()
        .map_err(|e| format!("could not start {cmd:?}: {e}"))?;
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    if out.status.success() {
        eprintln!("  ok ({:.1} s): {cmd:?}", started.elapsed().as_secs_f64());
        Ok(stdout)
    } else {
        Err(format!(
            "{cmd:?} failed ({}):\n{stdout}{}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}

fn have(program: &str, arg: &str) -> bool {
    Command::new(program)
        .arg(arg)
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Whether `tool` can be used; when it cannot, skips loudly or, with
/// `MCRDUN_REQUIRE_INSTALL_TOOLS` set, fails.
fn tool(name: &str, available: bool, what: &str) -> bool {
    if available {
        return true;
    }
    let message = format!(
        "{name} is not installed: {what} is NOT tested (install it, or run .ci/run, which does)"
    );
    assert!(
        std::env::var_os("MCRDUN_REQUIRE_INSTALL_TOOLS").is_none(),
        "MCRDUN_REQUIRE_INSTALL_TOOLS is set: {message}"
    );
    eprintln!("\n!!!!!!!! SKIPPED: {message} !!!!!!!!\n");
    false
}

fn have_cargo_c() -> bool {
    tool(
        "cargo-c",
        Command::new(cargo())
            .args(["cinstall", "--help"])
            .output()
            .is_ok_and(|o| o.status.success()),
        "`cargo cinstall` with pkg-config and find_package",
    )
}

fn have_cmake() -> bool {
    tool("cmake", have("cmake", "--version"), "the CMake package")
}

fn have_pkg_config() -> bool {
    tool(
        "pkg-config",
        have("pkg-config", "--version"),
        "the pkg-config file",
    )
}

/// What the Rust library makes of the consumer's level (BSP, 80x50, seed 7):
/// `level <fnv1a of the tiles> <walkable> <rooms> <doors>`.
fn rust_level_line() -> String {
    let level = bsp(&BspConfig::new(80, 50), 7).unwrap();
    let hash = level.tile_bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    format!(
        "level {hash:016x} {} {} {}",
        level.summary().walkable,
        level.rooms().len(),
        level.doors().len()
    )
}

/// Runs the consumer and checks its level line against Rust.
fn check_consumer(exe: &Path) {
    let out = run(&mut command(exe)).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        out.contains("consumer: all checks passed"),
        "{}: {out}",
        exe.display()
    );
    let line = out
        .lines()
        .find(|l| l.starts_with("level "))
        .unwrap_or_else(|| panic!("{}: no level line in {out}", exe.display()));
    assert_eq!(
        line,
        rust_level_line(),
        "{}: the C level differs from the Rust one",
        exe.display()
    );
}

/// Runs an example program and checks it drew a BSP and a level.
fn check_example(exe: &Path) {
    let out = run(command(exe).arg("7")).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        out.contains("door between rooms") && out.contains("level 80x50, seed 7"),
        "{}: {out}",
        exe.display()
    );
    assert_eq!(
        out.matches('<').count(),
        1,
        "{}: one up staircase",
        exe.display()
    );
}

/// Every file under `dir`, relative, sorted (symlinks as `name -> target`).
fn tree(dir: &Path) -> Vec<String> {
    fn walk(base: &Path, dir: &Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let rel = path.strip_prefix(base).unwrap().display().to_string();
            let meta = std::fs::symlink_metadata(&path).unwrap();
            if meta.file_type().is_symlink() {
                out.push(format!(
                    "{rel} -> {}",
                    std::fs::read_link(&path).unwrap().display()
                ));
            } else if meta.is_dir() {
                walk(base, &path, out);
            } else {
                out.push(rel);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

/// The SONAME in an ELF shared library's dynamic section, by readelf.
fn soname(lib: &Path) -> Option<String> {
    let out = Command::new("readelf").arg("-d").arg(lib).output().ok()?;
    String::from_utf8_lossy(&out.stdout).lines().find_map(|l| {
        l.contains("(SONAME)")
            .then(|| l.split('[').nth(1)?.split(']').next().map(str::to_owned))
            .flatten()
    })
}

/// `cargo cinstall` into a fresh prefix, once for the tests that need it.
fn installed_prefix() -> Result<PathBuf, String> {
    static PREFIX: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    static LOCK: Mutex<()> = Mutex::new(());
    let _guard = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    PREFIX
        .get_or_init(|| {
            let root = workspace_root();
            let work = work_dir("cinstall");
            let prefix = work.join("prefix");
            let started = Instant::now();
            run(Command::new(cargo())
                .current_dir(&root)
                .args(CINSTALL.split(' '))
                .arg("--prefix")
                .arg(&prefix)
                .arg("--target-dir")
                .arg(Path::new(env!("CARGO_TARGET_TMPDIR")).join("install-cargo-c")))?;
            eprintln!(
                "cargo cinstall took {:.1} s; installed under {}:\n  {}",
                started.elapsed().as_secs_f64(),
                prefix.display(),
                tree(&prefix).join("\n  ")
            );
            Ok(prefix)
        })
        .clone()
}

#[test]
fn cinstall_lays_out_the_library_headers_pc_and_cmake_package() {
    if !have_cargo_c() {
        return;
    }
    let prefix = installed_prefix().unwrap_or_else(|e| panic!("{e}"));
    let files = tree(&prefix);
    let version = env!("CARGO_PKG_VERSION");
    let mut parts = version.split('.');
    let (major, minor) = (parts.next().unwrap(), parts.next().unwrap());
    let sover = if major == "0" {
        format!("0.{minor}")
    } else {
        major.to_owned()
    };
    for expected in [
        format!("lib/libmcrdun.so.{version}"),
        format!("lib/libmcrdun.so.{sover} -> libmcrdun.so.{version}"),
        format!("lib/libmcrdun.so -> libmcrdun.so.{version}"),
        "lib/libmcrdun.a".to_owned(),
        "lib/pkgconfig/mcrdun.pc".to_owned(),
        "lib/cmake/mcrdun/mcrdunConfig.cmake".to_owned(),
        "lib/cmake/mcrdun/mcrdunConfigVersion.cmake".to_owned(),
        "include/mcrdun/mcrdun.h".to_owned(),
        "include/mcrdun/mcrdun.hpp".to_owned(),
    ] {
        assert!(
            files.contains(&expected),
            "{expected} is not installed; the prefix holds:\n{}",
            files.join("\n")
        );
    }
    if have("readelf", "--version") {
        assert_eq!(
            soname(&prefix.join(format!("lib/libmcrdun.so.{version}"))),
            Some(format!("libmcrdun.so.{sover}"))
        );
    }
    // The committed headers, byte for byte.
    for header in ["mcrdun.h", "mcrdun.hpp"] {
        assert_eq!(
            std::fs::read(prefix.join("include/mcrdun").join(header)).unwrap(),
            std::fs::read(workspace_root().join("include").join(header)).unwrap(),
            "the installed {header} is not the committed one"
        );
    }
    // The static library's system libraries, for `pkg-config --static`.
    let pc = std::fs::read_to_string(prefix.join("lib/pkgconfig/mcrdun.pc")).unwrap();
    let private = pc
        .lines()
        .find_map(|l| l.strip_prefix("Libs.private:"))
        .unwrap_or_default();
    assert!(
        private.contains("-lpthread") || private.contains("-lc"),
        "Libs.private lacks the native static libs: {pc}"
    );
    assert!(pc.contains(&format!("Version: {version}")), "{pc}");
}

#[test]
fn pkg_config_consumer() {
    if !have_cargo_c() || !have_pkg_config() {
        return;
    }
    let prefix = installed_prefix().unwrap_or_else(|e| panic!("{e}"));
    let root = workspace_root();
    let work = work_dir("pkg-config");
    let pkg_config = |args: &[&str]| -> Vec<String> {
        run(command("pkg-config")
            .env("PKG_CONFIG_PATH", prefix.join("lib/pkgconfig"))
            .args(args)
            .arg("mcrdun"))
        .unwrap_or_else(|e| panic!("{e}"))
        .split_whitespace()
        .map(str::to_owned)
        .collect()
    };
    assert_eq!(pkg_config(&["--modversion"]), [env!("CARGO_PKG_VERSION")]);
    let flags = [pkg_config(&["--cflags"]), pkg_config(&["--libs"])].concat();
    let libdir = pkg_config(&["--variable=libdir"]).concat();
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let cxx = std::env::var("CXX").unwrap_or_else(|_| "c++".into());
    for (compiler, std, source, exe) in [
        (
            &cc,
            "-std=c99",
            root.join("crates/ffi/tests/install/consumer.c"),
            "consumer",
        ),
        (
            &cc,
            "-std=c99",
            root.join("examples/c/dungeon.c"),
            "example_c",
        ),
        (
            &cxx,
            "-std=c++17",
            root.join("examples/cpp/dungeon.cpp"),
            "example_cpp",
        ),
    ] {
        let exe = work.join(exe);
        run(command(compiler)
            .args([std, "-Wall", "-Wextra", "-Wpedantic", "-Werror"])
            .arg(&source)
            .args(&flags)
            .arg(format!("-Wl,-rpath,{libdir}"))
            .arg("-o")
            .arg(&exe))
        .unwrap_or_else(|e| panic!("{e}"));
        if exe.ends_with("consumer") {
            check_consumer(&exe);
        } else {
            check_example(&exe);
        }
    }
}

/// Configures and builds tests/install/CMakeLists.txt with `extra` options.
fn cmake_build(work: &Path, extra: &[String]) -> Result<PathBuf, String> {
    let root = workspace_root();
    let build = work.join("build");
    run(command("cmake")
        .arg("-S")
        .arg(root.join("crates/ffi/tests/install"))
        .arg("-B")
        .arg(&build)
        .arg(format!(
            "-DMCRDUN_EXAMPLES={}",
            root.join("examples").display()
        ))
        .args(extra))?;
    run(command("cmake")
        .arg("--build")
        .arg(&build)
        .args(["-j", "2"]))?;
    Ok(build)
}

fn check_cmake_build(build: &Path) {
    check_consumer(&build.join("consumer_shared"));
    check_consumer(&build.join("consumer_static"));
    check_example(&build.join("example_c"));
    check_example(&build.join("example_cpp"));
}

#[test]
fn find_package_consumer() {
    if !have_cargo_c() || !have_cmake() {
        return;
    }
    let prefix = installed_prefix().unwrap_or_else(|e| panic!("{e}"));
    let prefix_path = format!("-DCMAKE_PREFIX_PATH={}", prefix.display());
    let work = work_dir("find-package");
    let build =
        cmake_build(&work, std::slice::from_ref(&prefix_path)).unwrap_or_else(|e| panic!("{e}"));
    check_cmake_build(&build);

    // Same major (and, below 1.0, same minor) only.
    for (request, ok) in [("0.1.0", true), ("0.2", false), ("1.0", false)] {
        let work = work_dir(&format!("find-package-{request}"));
        let result = run(command("cmake")
            .arg("-S")
            .arg(workspace_root().join("crates/ffi/tests/install"))
            .arg("-B")
            .arg(work.join("build"))
            .arg(&prefix_path)
            .arg(format!("-DMCRDUN_REQUEST={request}")));
        assert_eq!(
            result.is_ok(),
            ok,
            "find_package(mcrdun {request}): {result:?}"
        );
    }
}

#[test]
fn add_subdirectory_consumer() {
    if !have_cmake() {
        return;
    }
    let work = work_dir("add-subdirectory");
    let build = cmake_build(
        &work,
        &[
            format!("-DMCRDUN_SOURCE={}", workspace_root().display()),
            format!(
                "-DMCRDUN_CARGO_TARGET_DIR={}",
                Path::new(env!("CARGO_TARGET_TMPDIR"))
                    .join("install-cmake-cargo")
                    .display()
            ),
        ],
    )
    .unwrap_or_else(|e| panic!("{e}"));
    check_cmake_build(&build);
}
