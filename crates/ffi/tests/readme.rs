//! The README's code must work as shown: every ```c, ```cpp and ```rust
//! block is a complete program that is compiled (C99 / C++17 with warnings
//! as errors against `libmcrdun.so` and the committed headers; Rust against
//! the workspace crates built for this test run) and run. The install lines
//! the README gives are the ones `tests/install.rs` runs.

use std::path::{Path, PathBuf};
use std::process::Command;

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// The fenced blocks of `lang` in the README, with their first line numbers.
fn blocks(lang: &str) -> Vec<(usize, String)> {
    let readme = std::fs::read_to_string(workspace_root().join("README.md")).unwrap();
    let mut out = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (i, line) in readme.lines().enumerate() {
        match &mut current {
            None if line.trim_end() == format!("```{lang}") => {
                current = Some((i + 2, String::new()))
            }
            Some(_) if line.trim_end() == "```" => out.extend(current.take()),
            Some((_, text)) => {
                text.push_str(line);
                text.push('\n');
            }
            None => {}
        }
    }
    out
}

/// The directory of this run's `libmcrdun.so` (as in c_programs.rs: the
/// newer of `deps/` and its parent).
fn library_dir() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let deps = exe.parent().unwrap();
    let built = |dir: &Path| {
        std::fs::metadata(dir.join("libmcrdun.so"))
            .and_then(|m| m.modified())
            .ok()
    };
    [deps, deps.parent().unwrap()]
        .into_iter()
        .filter_map(|dir| built(dir).map(|t| (t, dir.to_path_buf())))
        .max_by_key(|(t, _)| *t)
        .map(|(_, dir)| dir)
        .expect("libmcrdun.so not found next to the test")
}

fn run(cmd: &mut Command, what: &str) {
    let out = cmd
        .env_remove("LD_LIBRARY_PATH")
        .output()
        .unwrap_or_else(|e| panic!("{what}: could not start {cmd:?}: {e}"));
    assert!(
        out.status.success(),
        "{what} failed ({}):\n{cmd:?}\n{}{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

fn out_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("readme");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn c_like(lang: &str, compiler_var: &str, default: &str, std: &str) {
    let snippets = blocks(lang);
    assert!(!snippets.is_empty(), "no ```{lang} block in README.md");
    let libs = library_dir();
    let compiler = std::env::var(compiler_var).unwrap_or_else(|_| default.into());
    for (line, text) in snippets {
        let src = out_dir().join(format!("readme-{line}.{lang}"));
        let exe = out_dir().join(format!("readme-{line}-{lang}"));
        std::fs::write(&src, text).unwrap();
        let what = format!("README.md line {line} (```{lang})");
        run(
            Command::new(&compiler)
                .args([std, "-Wall", "-Wextra", "-Wpedantic", "-Werror"])
                .arg("-I")
                .arg(workspace_root().join("include"))
                .arg(&src)
                .arg("-L")
                .arg(&libs)
                .arg("-lmcrdun")
                .arg(format!("-Wl,-rpath,{}", libs.display()))
                .arg("-o")
                .arg(&exe),
            &format!("compiling {what}"),
        );
        run(&mut Command::new(&exe), &format!("running {what}"));
    }
}

#[test]
fn c_snippets_compile_and_run() {
    c_like("c", "CC", "cc", "-std=c99");
}

#[test]
fn cpp_snippets_compile_and_run() {
    c_like("cpp", "CXX", "c++", "-std=c++17");
}

/// The newest `lib<name>-*.rlib` in `deps`: the one built for this run.
fn rlib(deps: &Path, name: &str) -> Option<PathBuf> {
    std::fs::read_dir(deps)
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .and_then(|f| f.to_str())
                .is_some_and(|f| f.starts_with(&format!("lib{name}-")) && f.ends_with(".rlib"))
        })
        .max_by_key(|p| std::fs::metadata(p).and_then(|m| m.modified()).ok())
}

#[test]
fn rust_snippets_compile_and_run() {
    let snippets = blocks("rust");
    assert!(!snippets.is_empty(), "no ```rust block in README.md");
    let deps = std::env::current_exe()
        .unwrap()
        .parent()
        .unwrap()
        .to_path_buf();
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let crates = [
        "mcrdun_dungeon",
        "mcrdun_geom",
        "mcrdun_bsp",
        "mcrdun_regions",
        "mcrdun_carve",
        "mcrdun_passages",
        "mcrdun_scatter",
        "mcrdun_distance",
    ];
    for (line, text) in snippets {
        let src = out_dir().join(format!("readme-{line}.rs"));
        let exe = out_dir().join(format!("readme-{line}-rs"));
        std::fs::write(&src, &text).unwrap();
        let what = format!("README.md line {line} (```rust)");
        let mut cmd = Command::new(&rustc);
        cmd.args(["--edition", "2024", "--crate-type", "bin"])
            .arg("-L")
            .arg(format!("dependency={}", deps.display()));
        for name in crates.iter().filter(|n| text.contains(*n)) {
            let path = rlib(&deps, name)
                .unwrap_or_else(|| panic!("{what}: no lib{name}-*.rlib in {}", deps.display()));
            cmd.arg("--extern")
                .arg(format!("{name}={}", path.display()));
        }
        run(
            cmd.arg(&src).arg("-o").arg(&exe),
            &format!("compiling {what}"),
        );
        run(&mut Command::new(&exe), &format!("running {what}"));
    }
}

#[test]
fn install_lines_are_the_tested_ones() {
    let readme = std::fs::read_to_string(workspace_root().join("README.md")).unwrap();
    let install =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/install.rs"))
            .unwrap();
    for (line, tested_by) in [
        (
            r#"cargo cinstall --release -p mcrdun-ffi --prefix "$HOME/.local" --libdir lib"#,
            r#"const CINSTALL: &str = "cinstall --release -p mcrdun-ffi --libdir lib";"#,
        ),
        (
            "$(pkg-config --cflags --libs mcrdun)",
            r#"pkg_config(&["--cflags"])"#,
        ),
        ("find_package(mcrdun 0.1 REQUIRED)", "find_package_consumer"),
        (
            "target_link_libraries(game PRIVATE mcrdun::mcrdun)",
            "consumer_shared",
        ),
        ("mcrdun::mcrdun_static", "consumer_static"),
        ("add_subdirectory(", "add_subdirectory_consumer"),
        ("cargo install --path crates/cli", ""),
    ] {
        assert!(readme.contains(line), "README.md lacks `{line}`");
        assert!(
            install.contains(tested_by),
            "tests/install.rs no longer runs `{line}`"
        );
    }
}

/// The README's cargo-c line is the one CI runs (pinned to the newest
/// cargo-c that builds on this Rust), and the README says how long it takes.
#[test]
fn cargo_c_line_is_pinned_and_run_by_ci() {
    let root = workspace_root();
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let ci = std::fs::read_to_string(root.join(".ci/run")).unwrap();
    let line = "cargo install cargo-c --locked --version 0.10.24";
    let sh: String = blocks("sh").into_iter().map(|(_, b)| b).collect();
    assert!(
        sh.lines().any(|l| l.trim() == line),
        "README.md's install block lacks `{line}`"
    );
    assert!(
        ci.lines().any(|l| l.trim() == line),
        ".ci/run does not install cargo-c by `{line}`"
    );
    assert!(readme.contains("about 18 minutes on 2 cores"));
}

/// The files the README's commands write into the repository (`--output
/// level.json`, the example config's `OUTPUT_FILE`) are ignored by git.
#[test]
fn files_the_readme_writes_are_ignored() {
    let root = workspace_root();
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let config = std::fs::read_to_string(root.join("examples/config.txt")).unwrap();
    let ignore = std::fs::read_to_string(root.join(".gitignore")).unwrap();
    let mut written: Vec<&str> = readme
        .lines()
        .filter(|l| l.starts_with("cargo run"))
        .filter_map(|l| l.split("--output ").nth(1))
        .filter_map(|rest| rest.split_whitespace().next())
        .filter(|f| !f.starts_with("docs/"))
        .collect();
    written.extend(
        config
            .lines()
            .filter_map(|l| l.trim().strip_prefix("OUTPUT_FILE="))
            .map(str::trim),
    );
    assert!(written.len() >= 2, "{written:?}");
    for file in written {
        assert!(
            ignore.lines().any(|l| l == format!("/{file}")),
            ".gitignore lacks /{file}, which the README's commands write"
        );
    }
}

/// The examples speak for themselves: no reference to a document outside
/// the repository (such as the project's shared notes).
#[test]
fn examples_cite_nothing_outside_the_repository() {
    let root = workspace_root();
    for file in ["examples/c/dungeon.c", "examples/cpp/dungeon.cpp"] {
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        assert!(!text.contains("shared/"), "{file} cites shared/");
        for word in text.split(|c: char| c.is_whitespace() || "()`'\",".contains(c)) {
            let word = word.trim_end_matches(['.', ':', ';']);
            if word.ends_with(".md") || word.ends_with(".txt") {
                assert!(
                    root.join(word).exists(),
                    "{file} cites {word}, not in the repository"
                );
            }
        }
    }
}
