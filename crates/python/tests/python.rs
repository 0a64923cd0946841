//! Runs the Python package's tests (pytest, `tests/py/` and the docstring
//! examples of `python/mcrdun/`) as part of `cargo test`.
//!
//! It makes a virtual environment under `target/tmp/python/venv` (kept and
//! reused), installs `requirements-test.txt` from PyPI when the file changed
//! since the last install, builds and installs the module with
//! `maturin develop` (release profile, its own target directory
//! `target/tmp/python/cargo`), writes the levels the Rust crate makes for a
//! set of seeds and options to `target/tmp/python/rust_levels.json` (the
//! golden test compares `mcrdun.generate` with them), the same for levels
//! with the example vaults and for vault errors (`rust_vaults.json`), and
//! with the example spawn table (`rust_things.json`) and with locks
//! (`rust_locks.json`), and
//! runs pytest. A
//! failing pytest fails this test, with pytest's output.
//!
//! Without `python3`, its `venv` module or PyPI, the test is skipped with a
//! banner on the terminal (not captured by the test harness); with
//! `MCRDUN_REQUIRE_PYTHON=1` (CI sets it) it fails instead. `MCRDUN_PYTHON`
//! names another interpreter.
//!
//! Warm, this adds the time of a no-op cargo build, a wheel install and
//! the pytest run itself.

use mcrdun_dungeon::{LevelConfig, LevelKind, generate};
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn required() -> bool {
    std::env::var("MCRDUN_REQUIRE_PYTHON").is_ok_and(|v| v == "1")
}

/// Skips loudly (on the terminal itself: libtest captures `eprintln!`),
/// or fails when Python is required.
fn skip(why: &str) {
    assert!(
        !required(),
        "the Python tests cannot run: {why} (MCRDUN_REQUIRE_PYTHON=1)"
    );
    let banner = format!(
        "\n==== SKIPPED: the Python tests of mcrdun did not run: {why}\n==== (install python3 with venv and reach PyPI; MCRDUN_REQUIRE_PYTHON=1 makes this a failure)\n"
    );
    let _ = std::io::stderr().write_all(banner.as_bytes());
}

fn run(cmd: &mut Command) -> Result<Output, String> {
    let shown = format!("{cmd:?}");
    match cmd.output() {
        Ok(out) if out.status.success() => Ok(out),
        Ok(out) => Err(format!(
            "`{shown}` failed ({}):\n{}{}",
            out.status,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )),
        Err(e) => Err(format!("`{shown}` could not start: {e}")),
    }
}

/// The venv's interpreter, made (and its packages installed) when needed.
fn venv(work: &Path, crate_dir: &Path) -> Result<PathBuf, String> {
    let python = std::env::var("MCRDUN_PYTHON").unwrap_or_else(|_| "python3".into());
    let venv = work.join("venv");
    let vpy = venv.join("bin").join("python");
    if !vpy.exists() {
        run(Command::new(&python).arg("--version"))
            .map_err(|e| format!("no Python interpreter: {e}"))?;
        run(Command::new(&python).args(["-m", "venv"]).arg(&venv))
            .map_err(|e| format!("cannot make a venv: {e}"))?;
    }
    let wanted = std::fs::read_to_string(crate_dir.join("requirements-test.txt"))
        .map_err(|e| format!("requirements-test.txt: {e}"))?;
    let stamp = venv.join("mcrdun-requirements.txt");
    if std::fs::read_to_string(&stamp).ok().as_deref() != Some(wanted.as_str()) {
        run(Command::new(&vpy)
            .args([
                "-m",
                "pip",
                "install",
                "-q",
                "--disable-pip-version-check",
                "-r",
            ])
            .arg(crate_dir.join("requirements-test.txt")))
        .map_err(|e| format!("cannot install the test requirements from PyPI: {e}"))?;
        std::fs::write(&stamp, &wanted).map_err(|e| e.to_string())?;
    }
    Ok(vpy)
}

/// A golden case: kind, width, height, seed, options.
type Case = (LevelKind, u32, u32, u64, Vec<(&'static str, f64)>);

/// The cases of the golden test: every kind at the sizes and seeds of the
/// Rust golden hashes, and with options set.
fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    for kind in LevelKind::ALL {
        for (w, h, seed) in [(80, 50, 7), (64, 40, 12345), (81, 51, 3), (200, 120, 1)] {
            out.push((kind, w, h, seed, vec![]));
        }
    }
    out.push((LevelKind::Scatter, 300, 250, 7, vec![("rooms", 400.0)]));
    // Every option of every kind away from its default, one at a time: the
    // first of a few values that makes a level (some options have rules
    // beyond their range, e.g. a loop factor is 0 or at least 2).
    for kind in LevelKind::ALL {
        for o in mcrdun_dungeon::schema::options(kind) {
            // An option whose range holds its default alone (one that has
            // not landed yet, such as `locks` at 0..=0) has no other value.
            if o.min == o.max {
                continue;
            }
            let real = matches!(o.value, mcrdun_dungeon::schema::ValueKind::Real);
            let tries = if real {
                vec![(o.default + o.max) / 2.0, (o.default + o.min) / 2.0]
            } else {
                vec![o.default + 1.0, o.default + 2.0, o.max, o.min]
            };
            let value = tries.into_iter().find(|&v| {
                let mut c = LevelConfig::new(kind, 120, 80);
                v != o.default && c.set(o.name, v).is_ok() && generate(&c, 5).is_ok()
            });
            let value = value.unwrap_or_else(|| panic!("no value of {} makes a level", o.name));
            out.push((kind, 120, 80, 5, vec![(o.name, value)]));
        }
    }
    out
}

fn json_str(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The levels the Rust crate makes for [`cases`], as JSON.
fn rust_levels() -> String {
    let mut items = Vec::new();
    for (kind, w, h, seed, options) in cases() {
        let mut config = LevelConfig::new(kind, w, h);
        for (name, value) in &options {
            config.set(name, *value).expect("a valid option");
        }
        let level = generate(&config, seed).expect("a level");
        let tiles: String = level.tile_bytes().map(|b| format!("{b:02x}")).collect();
        let rooms: Vec<String> = level
            .rooms()
            .iter()
            .map(|r| {
                let b = r.bounds;
                format!("[{},{},{},{},{}]", b.x(), b.y(), b.w(), b.h(), r.area)
            })
            .collect();
        let doors: Vec<String> = level
            .doors()
            .iter()
            .map(|d| format!("[{},{},{},{}]", d.at.x, d.at.y, d.rooms.0, d.rooms.1))
            .collect();
        let opts: Vec<String> = options
            .iter()
            .map(|(k, v)| format!("{}:{v}", json_str(k)))
            .collect();
        let (up, down) = (level.stairs_up(), level.stairs_down());
        items.push(format!(
            "{{\"kind\":{},\"width\":{w},\"height\":{h},\"seed\":{seed},\"options\":{{{}}},\"tiles\":\"{tiles}\",\"rooms\":[{}],\"doors\":[{}],\"stairs\":[[{},{}],[{},{}]],\"ascii\":{}}}",
            json_str(kind.name()),
            opts.join(","),
            rooms.join(","),
            doors.join(","),
            up.x,
            up.y,
            down.x,
            down.y,
            json_str(&level.to_ascii()),
        ));
    }
    format!("[\n{}\n]\n", items.join(",\n"))
}

/// The example vault files, sorted by name.
fn example_vaults() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/vaults");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("examples/vaults")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "vault"))
        .collect();
    files.sort();
    files
}

/// Levels with the example vaults and vault errors, as the Rust crates
/// make them, as JSON: the Python tests compare `generate(..., vaults=)`,
/// `level.vaults`, `level.markers` and `mcrdun.vaults`' errors with them.
fn rust_vaults(work: &Path) -> String {
    let files = example_vaults();
    let mut all = Vec::new();
    for f in &files {
        all.extend(mcrdun_vaults::read_file(f).expect("an example vault file"));
    }
    let mut levels = Vec::new();
    for kind in LevelKind::ALL {
        for (w, h, seed) in [(100, 70, 1), (120, 80, 7)] {
            let level =
                mcrdun_dungeon::generate_with_vaults(&LevelConfig::new(kind, w, h), &all, seed)
                    .expect("a level with the example vaults");
            let tiles: String = level.tile_bytes().map(|b| format!("{b:02x}")).collect();
            let vaults: Vec<String> = level
                .vaults()
                .iter()
                .map(|v| {
                    let b = v.bounds;
                    format!(
                        "[{},{},{},{},{},{},{},{},{}]",
                        json_str(&v.name),
                        v.index,
                        b.x(),
                        b.y(),
                        b.w(),
                        b.h(),
                        v.orientation.degrees(),
                        v.orientation.mirror,
                        v.room.map_or("null".to_string(), |r| r.to_string())
                    )
                })
                .collect();
            let markers: Vec<String> = level
                .markers()
                .iter()
                .map(|m| {
                    format!(
                        "[{},{},{},{}]",
                        json_str(&m.label.to_string()),
                        m.at.x,
                        m.at.y,
                        m.vault
                    )
                })
                .collect();
            levels.push(format!(
                "{{\"kind\":{},\"width\":{w},\"height\":{h},\"seed\":{seed},\"tiles\":\"{tiles}\",\"vaults\":[{}],\"markers\":[{}]}}",
                json_str(kind.name()),
                vaults.join(","),
                markers.join(",")
            ));
        }
    }
    // Bad vault text: the message of the bytes' reader and of the file
    // reader (the command line's) for each.
    let bad: [&[u8]; 7] = [
        b"vault bad\nmap\n#?#\nend\n",
        b"vault a\nmap\n#!#\n#.#\n###\n",
        b"vault a\nweight 0\nmap\n#!#\n#.#\n###\nend\n",
        b"vault a\nmap\n#!#\n#.#\n###\nend\nvault a\nmap\n#!#\n#.#\n###\nend\n",
        b"vault caf\xc3\xa9\nmap\n#!#\n#\xff#\n###\nend\n",
        b"\xef\xbb\xbfvault a\nbogus 1\nmap\n#!#\n#.#\n###\nend\n",
        b"\xef\xbb\xbf\xef\xbb\xbfvault a\nmap\n#!#\n#.#\n###\nend\n",
    ];
    let dir = work.join("vault-errors");
    std::fs::create_dir_all(&dir).expect("vault-errors");
    let mut errors = Vec::new();
    for (i, bytes) in bad.iter().enumerate() {
        let path = dir.join(format!("bad{i}.vault"));
        std::fs::write(&path, bytes).expect("a bad vault file");
        let text = mcrdun_vaults::parse_bytes(bytes, "case.vault").expect_err("a bad vault text");
        let file = mcrdun_vaults::read_file(&path).expect_err("a bad vault file");
        let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        errors.push(format!(
            "{{\"bytes\":\"{hex}\",\"text_error\":{},\"path\":{},\"file_error\":{}}}",
            json_str(&text.to_string()),
            json_str(&path.display().to_string()),
            json_str(&file.to_string())
        ));
    }
    let names: Vec<String> = files
        .iter()
        .map(|f| json_str(&f.display().to_string()))
        .collect();
    format!(
        "{{\"files\":[{}],\"levels\":[\n{}\n],\"errors\":[\n{}\n]}}\n",
        names.join(","),
        levels.join(",\n"),
        errors.join(",\n")
    )
}

/// Levels with the example spawn table (and vaults) and table errors, as
/// the Rust crates make them, as JSON, for the Python tests.
fn rust_things() -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    let path = root.join("things/dungeon.things");
    let text = std::fs::read_to_string(&path).expect("examples/things/dungeon.things");
    let table = mcrdun_things::parse(&text, "dungeon.things").expect("the example table");
    let mut vaults = Vec::new();
    for f in example_vaults() {
        vaults.extend(mcrdun_vaults::read_file(&f).expect("an example vault file"));
    }
    let mut levels = Vec::new();
    for kind in LevelKind::ALL {
        for (depth, with_vaults) in [(1, false), (6, true)] {
            let mut config = LevelConfig::new(kind, 120, 80);
            config
                .set("dungeon_level", f64::from(depth))
                .expect("dungeon_level");
            let v = if with_vaults { &vaults[..] } else { &[][..] };
            let level =
                mcrdun_dungeon::generate_with_things(&config, v, std::slice::from_ref(&table), 9)
                    .expect("a level with things");
            let tiles: String = level.tile_bytes().map(|b| format!("{b:02x}")).collect();
            let things: Vec<String> = level
                .things()
                .iter()
                .map(|t| {
                    format!(
                        "[{},{},{},{},{},{},{},{},{},{}]",
                        json_str(&t.name),
                        t.entry,
                        json_str(&t.glyph.to_string()),
                        t.at.x,
                        t.at.y,
                        t.room.map_or("null".to_string(), |r| r.to_string()),
                        json_str(&t.place.to_string()),
                        t.group.map_or("null".to_string(), |g| g.to_string()),
                        t.distance,
                        t.blocks
                    )
                })
                .collect();
            levels.push(format!(
                "{{\"kind\":{},\"depth\":{depth},\"vaults\":{with_vaults},\"tiles\":\"{tiles}\",\"things\":[{}],\"ascii\":{}}}",
                json_str(kind.name()),
                things.join(","),
                json_str(&level.to_ascii())
            ));
        }
    }
    let bad = [
        "thing rat\nglyph #\n",
        "thing rat\nglyph r\ncount 1\ndensity 2\n",
        "thing rat\nbogus 1\n",
        "glyph r\n",
    ];
    let errors: Vec<String> = bad
        .iter()
        .map(|t| {
            let e = mcrdun_things::parse(t, "case.things").expect_err("a bad table");
            format!(
                "{{\"text\":{},\"error\":{}}}",
                json_str(t),
                json_str(&e.to_string())
            )
        })
        .collect();
    format!(
        "{{\"table\":{},\"levels\":[\n{}\n],\"errors\":[{}]}}\n",
        json_str(&path.display().to_string()),
        levels.join(",\n"),
        errors.join(",")
    )
}

/// Levels with locks, as the Rust crate makes them (locks, the
/// walkthrough, the key-levels and room intensities), as JSON.
fn rust_locks() -> String {
    let mut items = Vec::new();
    for kind in LevelKind::ALL {
        for (w, h, seed, locks) in [(120, 80, 3, 2), (200, 120, 8, 4)] {
            let mut config = LevelConfig::new(kind, w, h);
            config.set("locks", f64::from(locks)).expect("locks");
            let level = generate(&config, seed).expect("a level with locks");
            let tiles: String = level.tile_bytes().map(|b| format!("{b:02x}")).collect();
            let list: Vec<String> = level
                .locks()
                .iter()
                .map(|l| {
                    let doors: Vec<String> = l
                        .doors
                        .iter()
                        .map(|d| format!("[{},{}]", d.x, d.y))
                        .collect();
                    format!(
                        "[{},[{}],[{},{}],{}]",
                        l.id,
                        doors.join(","),
                        l.key.x,
                        l.key.y,
                        l.area
                    )
                })
                .collect();
            let walk = level.solve().expect("a walkthrough");
            let legs: Vec<String> = walk
                .legs
                .iter()
                .map(|g| {
                    let key = match g.to {
                        mcrdun_dungeon::Stop::Key(k) => k as i64,
                        _ => -1,
                    };
                    format!("[{key},{},{},{}]", g.at.x, g.at.y, g.steps)
                })
                .collect();
            let mut behind = String::new();
            for y in 0..h as i32 {
                for x in 0..w as i32 {
                    let _ = write!(
                        behind,
                        "{:08x}",
                        level.behind(mcrdun_geom::Point::new(x, y)).swap_bytes()
                    );
                }
            }
            let intensity: Vec<String> = level
                .room_intensity()
                .iter()
                .map(|v| format!("{v:?}"))
                .collect();
            items.push(format!(
                "{{\"kind\":{},\"width\":{w},\"height\":{h},\"seed\":{seed},\"locks\":{locks},\"tiles\":\"{tiles}\",\"lock_list\":[{}],\"legs\":[{}],\"steps\":{},\"behind\":\"{behind}\",\"intensity\":[{}]}}",
                json_str(kind.name()),
                list.join(","),
                legs.join(","),
                walk.steps,
                intensity.join(",")
            ));
        }
    }
    format!("[\n{}\n]\n", items.join(",\n"))
}

#[test]
fn pytest_suite() {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("python");
    std::fs::create_dir_all(&work).expect("target/tmp/python");
    let vpy = match venv(&work, crate_dir) {
        Ok(p) => p,
        Err(why) => return skip(&why),
    };
    let bin = vpy.parent().expect("venv/bin").to_path_buf();
    let path = std::env::join_paths(std::iter::once(bin.clone()).chain(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    )))
    .expect("PATH");
    let venv_dir = bin.parent().expect("venv");
    // A build failure is a failure whatever the environment.
    if let Err(e) = run(Command::new(bin.join("maturin"))
        .args(["develop", "--quiet"])
        .current_dir(crate_dir)
        .env("VIRTUAL_ENV", venv_dir)
        .env("PATH", &path)
        .env("CARGO_TARGET_DIR", work.join("cargo")))
    {
        panic!("maturin develop failed: {e}");
    }
    let levels = work.join("rust_levels.json");
    std::fs::write(&levels, rust_levels()).expect("rust_levels.json");
    let vaults = work.join("rust_vaults.json");
    std::fs::write(&vaults, rust_vaults(&work)).expect("rust_vaults.json");
    let things = work.join("rust_things.json");
    std::fs::write(&things, rust_things()).expect("rust_things.json");
    let locks = work.join("rust_locks.json");
    std::fs::write(&locks, rust_locks()).expect("rust_locks.json");
    let out = Command::new(&vpy)
        .args([
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "--doctest-modules",
        ])
        .args(["tests/py", "python/mcrdun"])
        .current_dir(crate_dir)
        .env("VIRTUAL_ENV", venv_dir)
        .env("PATH", &path)
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .env("MCRDUN_RUST_LEVELS", &levels)
        .env("MCRDUN_RUST_VAULTS", &vaults)
        .env("MCRDUN_RUST_THINGS", &things)
        .env("MCRDUN_RUST_LOCKS", &locks)
        .output()
        .expect("pytest runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "pytest failed:\n{text}");
    // pytest's closing line, on the terminal.
    let last = text
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("");
    let _ =
        std::io::stderr().write_all(format!("mcrdun Python tests (pytest): {last}\n").as_bytes());
}
