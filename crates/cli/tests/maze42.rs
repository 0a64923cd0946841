//! `mcrdun maze --config FILE` and `mcrdun maze --format 42` as a student of
//! the 42 "A-Maze-ing" subject would run them. Every written file goes
//! through `check_file`, which reads only the file's text (no mcrdun code)
//! and checks every rule of the subject. The subject's own validator
//! (`output_validator.py`, not described in shared/seeds/003) reads the hex
//! rows up to the first empty line and checks only that neighbours agree
//! about each shared wall; `check_file` does that and much more.

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};

fn mcrdun(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mcrdun"))
        .args(args)
        .output()
        .expect("run mcrdun")
}

/// A fresh, empty directory for one case.
fn scratch() -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "maze42-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The "42" of the subject, `#` = a fully closed cell (7 x 5, 18 cells).
const PATTERN: [&str; 5] = ["#...###", "#.....#", "###.###", "..#.#..", "..#.###"];

/// What a file should hold.
#[derive(Clone, Copy, Debug)]
struct Expect {
    width: usize,
    height: usize,
    entry: (usize, usize),
    exit: (usize, usize),
    perfect: bool,
}

/// What the checker saw, for the tests' own figures.
#[derive(Debug)]
struct Seen {
    closed: usize,
    passages: usize,
    open: usize,
    path_len: usize,
}

/// Checks a subject file against every rule, reading only its text.
fn check_file(text: &str, e: Expect) -> Result<Seen, String> {
    let (w, h) = (e.width, e.height);
    let body = text
        .strip_suffix('\n')
        .ok_or("the last line does not end with a newline")?;
    let lines: Vec<&str> = body.split('\n').collect();
    if lines.len() != h + 4 {
        return Err(format!("{} lines, expected {}", lines.len(), h + 4));
    }
    let mut cell = vec![0u8; w * h];
    for (y, row) in lines[..h].iter().enumerate() {
        if row.len() != w {
            return Err(format!("row {y} has {} digits, expected {w}", row.len()));
        }
        for (x, c) in row.chars().enumerate() {
            cell[y * w + x] =
                c.to_digit(16)
                    .ok_or_else(|| format!("'{c}' at {x},{y} is not hex"))? as u8;
        }
    }
    if !lines[h].is_empty() {
        return Err("no empty line after the rows".into());
    }
    let xy = |s: &str| -> Result<(usize, usize), String> {
        let (x, y) = s.split_once(',').ok_or(format!("'{s}' is not x,y"))?;
        Ok((
            x.parse().map_err(|_| format!("'{s}'"))?,
            y.parse().map_err(|_| format!("'{s}'"))?,
        ))
    };
    let (entry, exit) = (xy(lines[h + 1])?, xy(lines[h + 2])?);
    if (entry, exit) != (e.entry, e.exit) {
        return Err(format!("entry/exit {entry:?} {exit:?}, expected {e:?}"));
    }
    if entry == exit || entry.0 >= w || exit.0 >= w || entry.1 >= h || exit.1 >= h {
        return Err("entry and exit must be different cells inside".into());
    }
    const N: u8 = 1;
    const E: u8 = 2;
    const S: u8 = 4;
    const W: u8 = 8;
    let at = |x: usize, y: usize| cell[y * w + x];
    // Walls agree between neighbours; the border is closed.
    for y in 0..h {
        for x in 0..w {
            let v = at(x, y);
            if (y == 0 && v & N == 0) || (y == h - 1 && v & S == 0) {
                return Err(format!("{x},{y}: open border (N/S)"));
            }
            if (x == 0 && v & W == 0) || (x == w - 1 && v & E == 0) {
                return Err(format!("{x},{y}: open border (E/W)"));
            }
            if x + 1 < w && (v & E != 0) != (at(x + 1, y) & W != 0) {
                return Err(format!("{x},{y} and its east neighbour disagree"));
            }
            if y + 1 < h && (v & S != 0) != (at(x, y + 1) & N != 0) {
                return Err(format!("{x},{y} and its south neighbour disagree"));
            }
        }
    }
    // The fully closed cells are exactly the 42 when it fits, none else.
    let closed: Vec<(usize, usize)> = (0..w * h)
        .filter(|&i| cell[i] == 0xF)
        .map(|i| (i % w, i / w))
        .collect();
    if w >= 9 && h >= 7 {
        let x0 = closed.iter().map(|p| p.0).min().ok_or("no \"42\" drawn")?;
        let y0 = closed.iter().map(|p| p.1).min().unwrap();
        let mut want = Vec::new();
        for (dy, row) in PATTERN.iter().enumerate() {
            for (dx, c) in row.bytes().enumerate() {
                if c == b'#' {
                    want.push((x0 + dx, y0 + dy));
                }
            }
        }
        let mut got = closed.clone();
        got.sort_by_key(|p| (p.1, p.0));
        want.sort_by_key(|p| (p.1, p.0));
        if got != want {
            return Err(format!("fully closed cells {got:?} are not the \"42\""));
        }
        if [entry, exit].iter().any(|p| closed.contains(p)) {
            return Err("the entry or exit is in the \"42\"".into());
        }
    } else if !closed.is_empty() {
        return Err(format!("too small for the 42, yet closed cells {closed:?}"));
    }
    // No 3x3 area with its 12 inner walls open.
    for y in 0..h.saturating_sub(2) {
        for x in 0..w.saturating_sub(2) {
            let open = (0..3).all(|dy| {
                (0..3).all(|dx| {
                    let v = at(x + dx, y + dy);
                    (dx == 2 || v & E == 0) && (dy == 2 || v & S == 0)
                })
            });
            if open {
                return Err(format!("a 3x3 open area at {x},{y}"));
            }
        }
    }
    // Breadth-first search from the entry: every open cell reached.
    let steps = [(N, 0i64, -1i64), (E, 1, 0), (S, 0, 1), (W, -1, 0)];
    let mut dist = vec![usize::MAX; w * h];
    let mut queue = VecDeque::from([entry]);
    dist[entry.1 * w + entry.0] = 0;
    while let Some((x, y)) = queue.pop_front() {
        for (bit, dx, dy) in steps {
            if at(x, y) & bit == 0 {
                let (nx, ny) = ((x as i64 + dx) as usize, (y as i64 + dy) as usize);
                if dist[ny * w + nx] == usize::MAX {
                    dist[ny * w + nx] = dist[y * w + x] + 1;
                    queue.push_back((nx, ny));
                }
            }
        }
    }
    let open = w * h - closed.len();
    let reached = dist.iter().filter(|&&d| d != usize::MAX).count();
    if reached != open {
        return Err(format!("{reached} of {open} open cells reachable"));
    }
    let passages = cell
        .iter()
        .map(|v| (!v & 0xF).count_ones() as usize)
        .sum::<usize>()
        / 2;
    if e.perfect && passages != open - 1 {
        return Err(format!("perfect, but {passages} passages for {open} cells"));
    }
    // The path: valid steps through open walls, to the exit, shortest.
    let path = lines[h + 3];
    let (mut x, mut y) = entry;
    for (k, c) in path.chars().enumerate() {
        let (bit, dx, dy) = match c {
            'N' => steps[0],
            'E' => steps[1],
            'S' => steps[2],
            'W' => steps[3],
            _ => return Err(format!("'{c}' in the path")),
        };
        if at(x, y) & bit != 0 {
            return Err(format!("step {k} ({c}) from {x},{y} crosses a wall"));
        }
        (x, y) = ((x as i64 + dx) as usize, (y as i64 + dy) as usize);
    }
    if (x, y) != exit {
        return Err(format!("the path ends at {x},{y}"));
    }
    let shortest = dist[exit.1 * w + exit.0];
    if path.len() != shortest {
        return Err(format!(
            "path of {} steps, shortest is {shortest}",
            path.len()
        ));
    }
    Ok(Seen {
        closed: closed.len(),
        passages,
        open,
        path_len: path.len(),
    })
}

const ALGORITHMS: [&str; 11] = [
    "backtracker",
    "prim",
    "kruskal",
    "wilson",
    "eller",
    "growing-tree-newest",
    "growing-tree-random",
    "growing-tree-mixed",
    "hunt-and-kill",
    "sidewinder",
    "binary-tree",
];

/// Writes `config` into a fresh directory, runs `mcrdun maze --config` there.
fn run_config(config: &str) -> (PathBuf, Output) {
    let dir = scratch();
    let file = dir.join("config.txt");
    std::fs::write(&file, config).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_mcrdun"))
        .args(["maze", "--config", "config.txt"])
        .current_dir(&dir)
        .output()
        .expect("run mcrdun");
    (dir, out)
}

fn config_text(e: Expect, seed: u64, algorithm: &str, extra: &str) -> String {
    format!(
        "# generated by the test\nWIDTH={}\nHEIGHT={}\nENTRY={},{}\nEXIT={},{}\nOUTPUT_FILE=maze.txt\nPERFECT={}\nSEED={seed}\nALGORITHM={algorithm}\n{extra}",
        e.width,
        e.height,
        e.entry.0,
        e.entry.1,
        e.exit.0,
        e.exit.1,
        if e.perfect { "True" } else { "False" },
    )
}

#[test]
fn every_rule_over_sizes_seeds_and_carvers() {
    let sizes = [
        (2, 1),
        (1, 3),
        (3, 3),
        (5, 4),
        (8, 7),
        (9, 6),
        (9, 7),
        (10, 8),
        (20, 15),
        (33, 21),
        (64, 40),
    ];
    let (mut files, mut with_42, mut braided_with_loops, mut braided) = (0, 0, 0, 0);
    for (si, &(w, h)) in sizes.iter().enumerate() {
        for (ai, algorithm) in ALGORITHMS.iter().enumerate() {
            for seed in 0..2u64 {
                for perfect in [true, false] {
                    // Entry and exit on the border (never in the 42, which
                    // keeps a free margin), in three placements.
                    let (entry, exit) = match (si + ai + seed as usize) % 3 {
                        0 => ((0, 0), (w - 1, h - 1)),
                        1 => ((w - 1, 0), (0, h - 1)),
                        _ if w > 1 => ((w / 2, 0), (w / 2 - 1 + (w % 2), h - 1)),
                        _ => ((0, h - 1), (0, 0)),
                    };
                    let e = Expect {
                        width: w,
                        height: h,
                        entry,
                        exit,
                        perfect,
                    };
                    let extra = if perfect { "" } else { "LOOPS=0.5\n" };
                    let (dir, out) = run_config(&config_text(e, seed, algorithm, extra));
                    let err = String::from_utf8_lossy(&out.stderr);
                    assert!(out.status.success(), "{e:?} {algorithm}: {err}");
                    let fits = w >= 9 && h >= 7;
                    assert_eq!(err.contains("too small for the \"42\""), !fits, "{err}");
                    let text = std::fs::read_to_string(dir.join("maze.txt")).unwrap();
                    let seen = check_file(&text, e)
                        .unwrap_or_else(|m| panic!("{e:?} {algorithm} seed {seed}: {m}\n{text}"));
                    files += 1;
                    if fits {
                        assert_eq!(seen.closed, 18);
                        with_42 += 1;
                    }
                    if !perfect && w * h >= 20 {
                        braided += 1;
                        if seen.passages > seen.open - 1 {
                            braided_with_loops += 1;
                        }
                    }
                    assert!(seen.path_len >= entry.0.abs_diff(exit.0) + entry.1.abs_diff(exit.1));
                    std::fs::remove_dir_all(dir).unwrap();
                }
            }
        }
    }
    assert_eq!(files, sizes.len() * ALGORITHMS.len() * 2 * 2);
    assert_eq!(with_42, 5 * ALGORITHMS.len() * 4);
    // LOOPS=0.5 opens half the dead ends: every maze of 20+ cells gets loops.
    assert_eq!(
        braided_with_loops, braided,
        "{braided_with_loops} of {braided}"
    );
}

#[test]
fn the_example_config_writes_a_valid_file() {
    let example = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/config.txt");
    let (dir, out) = run_config(&std::fs::read_to_string(example).unwrap());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stderr.is_empty() && out.stdout.is_empty());
    let text = std::fs::read_to_string(dir.join("maze.txt")).unwrap();
    let e = Expect {
        width: 20,
        height: 15,
        entry: (0, 0),
        exit: (19, 14),
        perfect: true,
    };
    let seen = check_file(&text, e).unwrap();
    assert_eq!((seen.open, seen.passages, seen.closed), (282, 281, 18));
    // SEED makes it reproducible.
    let (dir2, _) = run_config(&std::fs::read_to_string(example).unwrap());
    assert_eq!(
        std::fs::read_to_string(dir2.join("maze.txt")).unwrap(),
        text
    );
}

#[test]
fn interior_entry_and_exit() {
    // (1, 1) and (7, 5) are free in a 12 x 9 maze (the 42 sits at 2..9, 2..7).
    let e = Expect {
        width: 12,
        height: 9,
        entry: (1, 1),
        exit: (10, 7),
        perfect: true,
    };
    for algorithm in ALGORITHMS {
        let (dir, out) = run_config(&config_text(e, 5, algorithm, ""));
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = std::fs::read_to_string(dir.join("maze.txt")).unwrap();
        check_file(&text, e).unwrap_or_else(|m| panic!("{algorithm}: {m}"));
    }
}

#[test]
fn the_checker_catches_broken_files() {
    let e = Expect {
        width: 20,
        height: 15,
        entry: (0, 0),
        exit: (19, 14),
        perfect: true,
    };
    let (dir, out) = run_config(&config_text(e, 3, "prim", ""));
    assert!(out.status.success());
    let good = std::fs::read_to_string(dir.join("maze.txt")).unwrap();
    check_file(&good, e).unwrap();
    let lines: Vec<String> = good.lines().map(String::from).collect();
    let with = |f: &dyn Fn(&mut Vec<String>)| {
        let mut l = lines.clone();
        f(&mut l);
        l.join("\n") + "\n"
    };
    // Each edit breaks one rule; the checker must say no.
    let flip = |l: &mut Vec<String>, x: usize, y: usize, bit: u32| {
        let v = l[y].as_bytes()[x] as char;
        let n = v.to_digit(16).unwrap() ^ bit;
        l[y].replace_range(x..x + 1, &format!("{n:X}"));
    };
    let broken = [
        good.trim_end().to_string(), // no final newline
        with(&|l| flip(l, 0, 0, 1)), // open border
        with(&|l| flip(l, 3, 3, 2)), // walls disagree
        with(&|l| {
            let p = l[18].clone();
            l[18] = p[..p.len() - 1].to_string(); // path stops short
        }),
        with(&|l| l[18].push_str("NS")), // path not shortest (or crosses a wall)
        with(&|l| l[16] = "1,0".into()), // another entry
    ];
    for (k, text) in broken.iter().enumerate() {
        assert!(check_file(text, e).is_err(), "edit {k} passed");
    }
    // Opening one wall between two open cells adds a loop: not perfect.
    let mut l = lines.clone();
    'outer: for y in 0..15 {
        for x in 0..19 {
            let a = l[y].as_bytes()[x] as char;
            let b = l[y].as_bytes()[x + 1] as char;
            let (a, b) = (a.to_digit(16).unwrap(), b.to_digit(16).unwrap());
            if a != 15 && b != 15 && a & 2 != 0 {
                flip(&mut l, x, y, 2);
                flip(&mut l, x + 1, y, 8);
                break 'outer;
            }
        }
    }
    let looped = l.join("\n") + "\n";
    let err = check_file(&looped, e).unwrap_err();
    assert!(err.contains("perfect") || err.contains("shortest"), "{err}");
}

#[test]
fn too_small_for_the_42_is_written_without_it() {
    for (w, h) in [(8, 7), (9, 6), (2, 2), (30, 5)] {
        let e = Expect {
            width: w,
            height: h,
            entry: (0, 0),
            exit: (w - 1, h - 1),
            perfect: true,
        };
        let (dir, out) = run_config(&config_text(e, 1, "backtracker", ""));
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            format!(
                "mcrdun: warning: a {w}x{h} maze is too small for the \"42\" pattern (it needs at least 9x7 cells); the maze is written without it\n"
            )
        );
        let text = std::fs::read_to_string(dir.join("maze.txt")).unwrap();
        assert_eq!(check_file(&text, e).unwrap().closed, 0);
    }
}

/// Each bad config: exit 2, exactly this message, no file written.
#[test]
fn config_errors_name_the_line_and_write_nothing() {
    let base = "WIDTH=20\nHEIGHT=15\nENTRY=0,0\nEXIT=19,14\nOUTPUT_FILE=maze.txt\nPERFECT=True\n";
    let set = |key: &str, line: &str| -> String {
        base.lines()
            .map(|l| {
                if l.starts_with(&format!("{key}=")) {
                    line.to_string()
                } else {
                    l.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
            + "\n"
    };
    let drop = |key: &str| -> String {
        base.lines()
            .filter(|l| !l.starts_with(&format!("{key}=")))
            .map(|l| format!("{l}\n"))
            .collect()
    };
    let cases: Vec<(String, &str)> = vec![
        (
            base.replace("HEIGHT=15\n", "HEIGHT 15\n"),
            "config.txt, line 2: expected KEY=VALUE, found 'HEIGHT 15'",
        ),
        (
            format!("{base}=3\n"),
            "config.txt, line 7: no key before '=' in '=3'",
        ),
        (
            format!("{base}WIDTH=30\n"),
            "config.txt, line 7: WIDTH is given twice (first on line 1)",
        ),
        (
            format!("{base}seed=1\nSEED=2\n"),
            "config.txt, line 8: SEED is given twice (first on line 7)",
        ),
        (
            set("OUTPUT_FILE", "OUTPUT_FILE="),
            "config.txt, line 5: OUTPUT_FILE has no value",
        ),
        (
            set("WIDTH", "WIDTH=abc"),
            "config.txt, line 1: WIDTH must be a whole number of cells, at least 1; got 'abc'",
        ),
        (
            set("WIDTH", "WIDTH=0"),
            "config.txt, line 1: WIDTH must be a whole number of cells, at least 1; got '0'",
        ),
        (
            set("HEIGHT", "HEIGHT=-4"),
            "config.txt, line 2: HEIGHT must be a whole number of cells, at least 1; got '-4'",
        ),
        (
            set("HEIGHT", "HEIGHT=99999999999"),
            "config.txt, line 2: HEIGHT must be a whole number of cells, at least 1; got '99999999999'",
        ),
        (
            set("ENTRY", "ENTRY=0;0"),
            "config.txt, line 3: ENTRY must be x,y with whole numbers from 0 (zero-based); got '0;0'",
        ),
        (
            set("EXIT", "EXIT=-1,3"),
            "config.txt, line 4: EXIT must be x,y with whole numbers from 0 (zero-based); got '-1,3'",
        ),
        (
            set("EXIT", "EXIT=3"),
            "config.txt, line 4: EXIT must be x,y with whole numbers from 0 (zero-based); got '3'",
        ),
        (
            set("PERFECT", "PERFECT=yes"),
            "config.txt, line 6: PERFECT must be True or False; got 'yes'",
        ),
        (
            format!("{base}SEED=-1\n"),
            "config.txt, line 7: SEED must be a whole number from 0 to 18446744073709551615; got '-1'",
        ),
        (
            format!("{base}ALGORITHM=dfs\n"),
            "config.txt, line 7: ALGORITHM 'dfs' is not one of: backtracker, prim, kruskal, wilson, eller, growing-tree-newest, growing-tree-random, growing-tree-mixed, hunt-and-kill, sidewinder, binary-tree",
        ),
        (
            format!("{}LOOPS=1.5\n", set("PERFECT", "PERFECT=False")),
            "config.txt, line 7: LOOPS must be a number from 0 to 1 (the share of dead ends opened); got '1.5'",
        ),
        (
            format!("{base}LOOPS=0.2\n"),
            "config.txt, line 7: LOOPS=0.2 adds loops, but PERFECT=True (line 6) allows none",
        ),
        (drop("HEIGHT"), "config.txt: missing mandatory key HEIGHT"),
        (
            drop("ENTRY").replace("PERFECT=True\n", ""),
            "config.txt: missing mandatory keys ENTRY, PERFECT",
        ),
        (
            String::new(),
            "config.txt: missing mandatory keys WIDTH, HEIGHT, ENTRY, EXIT, OUTPUT_FILE, PERFECT",
        ),
        (
            set("ENTRY", "ENTRY=20,0"),
            "config.txt, line 3: ENTRY 20,0 is outside the 20x15 maze (x from 0 to 19, y from 0 to 14)",
        ),
        (
            set("EXIT", "EXIT=19,15"),
            "config.txt, line 4: EXIT 19,15 is outside the 20x15 maze (x from 0 to 19, y from 0 to 14)",
        ),
        (
            set("EXIT", "EXIT=0,0"),
            "config.txt, line 4: EXIT 0,0 is the entry's cell; the exit must be another cell",
        ),
        // 20 x 15: the 42 starts at (6, 5); its first cell is blocked.
        (
            set("ENTRY", "ENTRY=6,5"),
            "config.txt, line 3: ENTRY 6,5 lies in the \"42\" pattern, whose cells are fully closed; choose another cell",
        ),
        (
            set("EXIT", "EXIT=8,7"),
            "config.txt, line 4: EXIT 8,7 lies in the \"42\" pattern, whose cells are fully closed; choose another cell",
        ),
        (
            set("HEIGHT", "HEIGHT=5000").replace("WIDTH=20", "WIDTH=5000"),
            "config.txt, line 2: WIDTH x HEIGHT = 5000x5000 = 25000000 cells, above the ceiling of 16777216 cells",
        ),
        (
            set("OUTPUT_FILE", "OUTPUT_FILE=config.txt"),
            "config.txt: OUTPUT_FILE config.txt is the config file itself",
        ),
    ];
    for (config, message) in &cases {
        let (dir, out) = run_config(config);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{config}: {err}");
        assert_eq!(err, format!("mcrdun: error: {message}\n"), "{config}");
        assert!(out.stdout.is_empty());
        assert!(
            !dir.join("maze.txt").exists(),
            "{message}: a file was written"
        );
        let names: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
        assert_eq!(
            names.len(),
            1,
            "{message}: only config.txt in the directory"
        );
        if message.contains("config file itself") {
            assert_eq!(
                std::fs::read_to_string(dir.join("config.txt")).unwrap(),
                *config
            );
        }
    }
    assert_eq!(cases.len(), 27);
    // A missing config file: exit 2 too.
    let out = mcrdun(&["maze", "--config", "/nonexistent/config.txt"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .starts_with("mcrdun: error: cannot read the config file /nonexistent/config.txt: ")
    );
}

#[test]
fn an_unwritable_output_file_exits_1() {
    let config =
        "WIDTH=9\nHEIGHT=7\nENTRY=0,0\nEXIT=8,6\nOUTPUT_FILE=no/such/dir/maze.txt\nPERFECT=True\n";
    let (dir, out) = run_config(config);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("mcrdun: error: cannot write no/such/dir/maze.txt: "),
        "{err}"
    );
    assert!(!dir.join("no").exists());
}

#[test]
fn unknown_keys_warn_and_comments_and_case_are_accepted() {
    let config = "# a comment\n\n  # indented comment\nwidth = 12\nHEIGHT=9\nENTRY=0, 8\nEXIT=11,0\nOUTPUT_FILE=maze.txt\nperfect=FALSE\nCOLOUR=blue\nSEED=7\n";
    let (dir, out) = run_config(config);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "mcrdun: warning: config.txt, line 10: unknown key 'COLOUR' (ignored)\n"
    );
    let text = std::fs::read_to_string(dir.join("maze.txt")).unwrap();
    let e = Expect {
        width: 12,
        height: 9,
        entry: (0, 8),
        exit: (11, 0),
        perfect: false,
    };
    let seen = check_file(&text, e).unwrap();
    // PERFECT=False without LOOPS opens 30% of the dead ends: loops.
    assert!(seen.passages > seen.open - 1, "{seen:?}");
}

#[test]
fn flags_mean_what_the_file_means() {
    let config = "WIDTH=20\nHEIGHT=15\nENTRY=3,0\nEXIT=0,14\nOUTPUT_FILE=maze.txt\nPERFECT=True\nSEED=42\nALGORITHM=kruskal\n";
    let (dir, out) = run_config(config);
    assert!(out.status.success());
    let from_file = std::fs::read_to_string(dir.join("maze.txt")).unwrap();
    // The same maze as `config`, by flags.
    let flags = [
        "maze",
        "--format",
        "42",
        "--cells",
        "20x15",
        "--entry",
        "3,0",
        "--exit",
        "0,14",
        "--seed",
        "42",
        "--algorithm",
        "kruskal",
    ];
    let out = mcrdun(&flags);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8(out.stdout).unwrap(), from_file);
    // Braided on the command line = PERFECT=False with LOOPS.
    let config = config.replace("PERFECT=True", "PERFECT=False") + "LOOPS=0.4\n";
    let (dir, _) = run_config(&config);
    let out = mcrdun(&[&flags[..], &["--braid", "0.4"]].concat());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        std::fs::read_to_string(dir.join("maze.txt")).unwrap()
    );
    // Defaults: entry 0,0, exit the last cell; the 42 always drawn.
    let out = mcrdun(&["maze", "--format", "42", "--cells", "9x7", "--seed", "1"]);
    let text = String::from_utf8(out.stdout).unwrap();
    let e = Expect {
        width: 9,
        height: 7,
        entry: (0, 0),
        exit: (8, 6),
        perfect: true,
    };
    assert_eq!(check_file(&text, e).unwrap().closed, 18);
}

#[test]
fn flag_errors() {
    let usage = |args: &[&str], message: &str| {
        let out = mcrdun(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(message), "{args:?}: {err:?} lacks {message:?}");
        assert!(out.stdout.is_empty());
    };
    let f = ["maze", "--format", "42", "--cells", "20x15"];
    usage(
        &[&f[..], &["--entry", "20,0"]].concat(),
        "--entry 20,0 is outside the 20x15 maze",
    );
    usage(
        &[&f[..], &["--exit", "0,0"]].concat(),
        "--exit 0,0 is the entry's cell",
    );
    usage(
        &[&f[..], &["--entry", "6,5"]].concat(),
        "--entry 6,5 lies in the \"42\"",
    );
    usage(&[&f[..], &["--entry", "a,b"]].concat(), "must be x,y");
    usage(&["maze", "--format", "42", "--cells", "20"], "is not WxH");
    usage(&["maze", "--format", "42", "--cells", "0x5"], "at least 1");
    usage(
        &["maze", "--format", "42", "--cells", "5000x5000"],
        "above the ceiling",
    );
    usage(
        &[
            "maze", "--format", "42", "--cells", "2x1", "--entry", "1,0", "--exit", "1,0",
        ],
        "the entry's cell",
    );
    usage(
        &["maze", "--format", "42", "--cells", "4294967295x4294967295"],
        "above the ceiling",
    );
    usage(
        &["maze", "--format", "42", "--cells", "2147483648x1"],
        "above the ceiling",
    );
    usage(&["maze", "--cells", "20x15"], "add --format 42");
    usage(&["maze", "--entry", "1,1"], "add --format 42");
    usage(
        &["maze", "--config", "c.txt", "--cells", "20x15"],
        "cannot be used with",
    );
    usage(
        &["maze", "--config", "c.txt", "--seed", "3"],
        "cannot be used with",
    );
    usage(
        &["maze", "--config", "c.txt", "--format", "42"],
        "cannot be used with",
    );
}

#[test]
fn tile_sizes_still_work_and_stats_describe_the_maze() {
    // Without --cells, --width/--height in tiles give (w - 1) / 2 cells.
    let dir = scratch();
    let out_file = dir.join("m.txt");
    let out = mcrdun(&[
        "maze",
        "--format",
        "42",
        "--width",
        "41",
        "--height",
        "31",
        "--seed",
        "9",
        "--stats",
        "--output",
        out_file.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let stats = String::from_utf8(out.stdout).unwrap();
    assert!(
        stats.contains("20x15 cells, 282 open, 18 in the \"42\""),
        "{stats}"
    );
    assert!(stats.contains("loops         0\n"), "{stats}");
    let text = std::fs::read_to_string(&out_file).unwrap();
    let e = Expect {
        width: 20,
        height: 15,
        entry: (0, 0),
        exit: (19, 14),
        perfect: true,
    };
    let seen = check_file(&text, e).unwrap();
    assert!(stats.contains(&format!("path          {} steps", seen.path_len)));
}
