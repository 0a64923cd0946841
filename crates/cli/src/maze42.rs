//! The 42 "A-Maze-ing" subject: its `KEY=VALUE` config file, and the driver
//! that writes the subject's hex file.
//!
//! ```text
//! # a comment line
//! WIDTH=20            cells across (mandatory)
//! HEIGHT=15           cells down (mandatory)
//! ENTRY=0,0           x,y, zero-based (mandatory)
//! EXIT=19,14          x,y, zero-based (mandatory)
//! OUTPUT_FILE=maze.txt                (mandatory)
//! PERFECT=True        True or False, any case (mandatory)
//! SEED=42             optional; default: from the clock
//! ALGORITHM=wilson    optional; any carver by name; default backtracker
//! LOOPS=0.3           optional, PERFECT=False only: share of dead ends opened
//! ```
//!
//! The same driver serves `mcrdun maze --format 42` with `--cells WxH`,
//! `--entry X,Y` and `--exit X,Y`, which mean what the file's keys mean.
//!
//! The maze: the "42" pattern (18 fully closed cells, 7 x 5, centred) is
//! blocked whenever the maze has at least 9 x 7 cells; a smaller maze is
//! written without it, with a message on stderr. The carver starts at the
//! entry. Eller, sidewinder and binary tree cannot honour a mask: they carve
//! the whole grid, the 42's cells are then blocked, and the pieces that cut
//! apart are joined again by opening one random wall between each pair of
//! pieces (a spanning tree again, so still perfect). PERFECT=False then
//! braids (opens a wall at a share of the dead ends, never a 3 x 3 area).

use crate::Failure;
use crate::args::{Command, Format, Parsed};
use crate::messages::shown;
use mcrdun_carve::{Algorithm, CarveError, Maze, pattern42};
use mcrdun_dungeon::LevelConfig;
use mcrdun_geom::random::{SeededRng, seeded_rng, shuffle};
use mcrdun_geom::{DisjointSets, Point, Side};
use std::path::{Path, PathBuf};

/// The most cells a 42 maze may have (4096 x 4096).
pub const MAX_CELLS: u64 = 1 << 24;

/// The share of dead ends opened when PERFECT=False and LOOPS is not given.
pub const DEFAULT_LOOPS: f64 = 0.3;

const MANDATORY: [&str; 6] = ["WIDTH", "HEIGHT", "ENTRY", "EXIT", "OUTPUT_FILE", "PERFECT"];
const OPTIONAL: [&str; 3] = ["SEED", "ALGORITHM", "LOOPS"];

/// Everything the driver needs, from a config file or from the flags.
#[derive(Clone, Debug, PartialEq)]
pub struct Spec {
    pub width: u32,
    pub height: u32,
    pub entry: Point,
    pub exit: Point,
    /// `None`: standard output.
    pub output: Option<PathBuf>,
    pub perfect: bool,
    pub seed: Option<u64>,
    pub algorithm: Algorithm,
    /// Share of dead ends opened (0 when perfect).
    pub loops: f64,
}

/// Where each value came from, to name it in an error: `"config.txt,
/// line 3: ENTRY"` or `"--entry"`.
struct Places {
    size: String,
    entry: String,
    exit: String,
}

/// One `KEY=VALUE` line: its number (from 1) and its trimmed value.
#[derive(Clone, Copy)]
struct Item<'a> {
    line: usize,
    value: &'a str,
}

/// The config's known keys, each with its line and value, in MANDATORY
/// then OPTIONAL order, and warnings for unknown keys. Errors: a line that
/// is not KEY=VALUE, an empty key or value, a key given twice, a missing
/// mandatory key.
fn read_items<'a>(
    text: &'a str,
    name: &str,
) -> Result<([Option<Item<'a>>; 9], Vec<String>), String> {
    let at = |line: usize, msg: String| format!("{name}, line {line}: {msg}");
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut warnings = Vec::new();
    // Known keys in MANDATORY then OPTIONAL order.
    let mut items: [Option<Item<'_>>; 9] = [None; 9];
    for (n, raw) in text.lines().enumerate() {
        let line = n + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let Some((key, value)) = trimmed.split_once('=') else {
            return Err(at(
                line,
                format!("expected KEY=VALUE, found '{}'", shown(trimmed)),
            ));
        };
        let key = key.trim().to_ascii_uppercase();
        let value = value.trim();
        if key.is_empty() {
            return Err(at(
                line,
                format!("no key before '=' in '{}'", shown(trimmed)),
            ));
        }
        let Some(slot) = MANDATORY.iter().chain(&OPTIONAL).position(|k| *k == key) else {
            warnings.push(at(line, format!("unknown key '{}' (ignored)", shown(&key))));
            continue;
        };
        if let Some(first) = items[slot] {
            return Err(at(
                line,
                format!("{key} is given twice (first on line {})", first.line),
            ));
        }
        if value.is_empty() {
            return Err(at(line, format!("{key} has no value")));
        }
        items[slot] = Some(Item { line, value });
    }
    let missing: Vec<&str> = MANDATORY
        .iter()
        .zip(&items)
        .filter(|(_, it)| it.is_none())
        .map(|(k, _)| *k)
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "{name}: missing mandatory key{} {}",
            if missing.len() > 1 { "s" } else { "" },
            missing.join(", ")
        ));
    }
    Ok((items, warnings))
}

/// Reads the subject's config text. `name` is the file name used in the
/// messages. Returns the spec and the warnings (unknown keys); an error is
/// one message naming the file and the line.
pub fn parse_config(text: &str, name: &str) -> Result<(Spec, Vec<String>), String> {
    let at = |line: usize, msg: String| format!("{name}, line {line}: {msg}");
    let (items, warnings) = read_items(text, name)?;
    let get = |slot: usize| items[slot].expect("mandatory keys were checked");
    let (w, h, en, ex, out, perf) = (get(0), get(1), get(2), get(3), get(4), get(5));
    let (seed, algo, loops) = (items[6], items[7], items[8]);
    // Values in line order is not needed: each error names its own line.
    let width = parse_side(w.value).map_err(|m| at(w.line, format!("WIDTH {m}")))?;
    let height = parse_side(h.value).map_err(|m| at(h.line, format!("HEIGHT {m}")))?;
    let entry = parse_xy(en.value).map_err(|m| at(en.line, format!("ENTRY {m}")))?;
    let exit = parse_xy(ex.value).map_err(|m| at(ex.line, format!("EXIT {m}")))?;
    let perfect = match perf.value.to_ascii_lowercase().as_str() {
        "true" => true,
        "false" => false,
        _ => {
            return Err(at(
                perf.line,
                format!("PERFECT must be True or False; got '{}'", shown(perf.value)),
            ));
        }
    };
    let seed = match seed {
        None => None,
        Some(it) => Some(parse_whole::<u64>(it.value).ok_or_else(|| {
            at(
                it.line,
                format!(
                    "SEED must be a whole number from 0 to {}; got '{}'",
                    u64::MAX,
                    shown(it.value)
                ),
            )
        })?),
    };
    let algorithm = match algo {
        None => Algorithm::Backtracker,
        Some(it) => parse_algorithm(it.value).map_err(|m| at(it.line, format!("ALGORITHM {m}")))?,
    };
    let loops = match loops {
        None if perfect => 0.0,
        None => DEFAULT_LOOPS,
        Some(it) => {
            let v = parse_share(it.value).map_err(|m| at(it.line, format!("LOOPS {m}")))?;
            if perfect && v > 0.0 {
                return Err(at(
                    it.line,
                    format!(
                        "LOOPS={} adds loops, but PERFECT=True (line {}) allows none",
                        it.value, perf.line
                    ),
                ));
            }
            v
        }
    };
    let spec = Spec {
        width,
        height,
        entry,
        exit,
        output: Some(PathBuf::from(out.value)),
        perfect,
        seed,
        algorithm,
        loops,
    };
    let later = if h.line > w.line { h.line } else { w.line };
    let places = Places {
        size: at(later, "WIDTH x HEIGHT".into()),
        entry: at(en.line, "ENTRY".into()),
        exit: at(ex.line, "EXIT".into()),
    };
    check_spec(&spec, &places)?;
    Ok((spec, warnings))
}

/// The checks shared by the file and the flags: size ceiling, entry and
/// exit inside, different, and not in the "42".
fn check_spec(spec: &Spec, places: &Places) -> Result<(), String> {
    let cells = u64::from(spec.width) * u64::from(spec.height);
    if cells > MAX_CELLS {
        return Err(format!(
            "{} = {}x{} = {cells} cells, above the ceiling of {MAX_CELLS} cells",
            places.size, spec.width, spec.height
        ));
    }
    let (w, h) = (spec.width as i64, spec.height as i64);
    for (p, place) in [(spec.entry, &places.entry), (spec.exit, &places.exit)] {
        if i64::from(p.x) >= w || i64::from(p.y) >= h {
            return Err(format!(
                "{place} {},{} is outside the {w}x{h} maze (x from 0 to {}, y from 0 to {})",
                p.x,
                p.y,
                w - 1,
                h - 1
            ));
        }
    }
    if spec.entry == spec.exit {
        return Err(format!(
            "{} {},{} is the entry's cell; the exit must be another cell",
            places.exit, spec.exit.x, spec.exit.y
        ));
    }
    if let Ok(mask) = pattern42(spec.width, spec.height) {
        for (p, place) in [(spec.entry, &places.entry), (spec.exit, &places.exit)] {
            if mask.get(p) == Some(&true) {
                return Err(format!(
                    "{place} {},{} lies in the \"42\" pattern, whose cells are fully closed; choose another cell",
                    p.x, p.y
                ));
            }
        }
    }
    Ok(())
}

/// Digits only (no sign, no spaces), parsed as `T`.
fn parse_whole<T: std::str::FromStr>(s: &str) -> Option<T> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

fn parse_side(s: &str) -> Result<u32, String> {
    match parse_whole::<u32>(s) {
        Some(v) if v >= 1 => Ok(v),
        _ => Err(format!(
            "must be a whole number of cells, at least 1; got '{}'",
            shown(s)
        )),
    }
}

fn parse_xy(s: &str) -> Result<Point, String> {
    let bad = || {
        format!(
            "must be x,y with whole numbers from 0 (zero-based); got '{}'",
            shown(s)
        )
    };
    let (x, y) = s.split_once(',').ok_or_else(bad)?;
    let x = parse_whole::<i32>(x.trim()).ok_or_else(bad)?;
    let y = parse_whole::<i32>(y.trim()).ok_or_else(bad)?;
    Ok(Point::new(x, y))
}

fn parse_share(s: &str) -> Result<f64, String> {
    let bad = || {
        format!(
            "must be a number from 0 to 1 (the share of dead ends opened); got '{}'",
            shown(s)
        )
    };
    let v: f64 = s.parse().map_err(|_| bad())?;
    if !(0.0..=1.0).contains(&v) {
        return Err(bad());
    }
    Ok(v)
}

fn parse_algorithm(s: &str) -> Result<Algorithm, String> {
    let want = s.to_ascii_lowercase().replace('_', "-");
    Algorithm::ALL
        .into_iter()
        .find(|a| a.name() == want)
        .ok_or_else(|| {
            let names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
            format!("'{}' is not one of: {}", shown(s), names.join(", "))
        })
}

/// `--cells WxH`.
pub fn parse_cells_arg(s: &str) -> Result<(u32, u32), String> {
    let (w, h) = s
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("'{}' is not WxH, e.g. 20x15", shown(s)))?;
    let w = parse_side(w.trim()).map_err(|m| format!("the width {m}"))?;
    let h = parse_side(h.trim()).map_err(|m| format!("the height {m}"))?;
    Ok((w, h))
}

/// `--entry X,Y` and `--exit X,Y`.
pub fn parse_xy_arg(s: &str) -> Result<(u32, u32), String> {
    let p = parse_xy(s)?;
    Ok((p.x as u32, p.y as u32))
}

/// What the run wrote, for `--stats` and for the tests.
pub struct Written {
    pub text: String,
    /// The stderr note when the maze is too small for the "42".
    pub note: Option<String>,
    pub maze: Maze,
    pub seed: u64,
}

/// Builds the maze of `spec` with `seed` and its hex file text.
///
/// # Errors
/// A message for a carve failure (none is expected once the spec passed
/// [`check_spec`]).
pub fn generate(spec: &Spec, seed: u64) -> Result<Written, String> {
    let err = |e: CarveError| e.to_string();
    let mut maze = Maze::new(spec.width, spec.height).map_err(err)?;
    let mut rng = seeded_rng(seed);
    let mut note = None;
    match pattern42(spec.width, spec.height) {
        Ok(mask) if spec.algorithm.supports_mask() => {
            maze.apply_mask(&mask).map_err(err)?;
            spec.algorithm
                .carve(&mut maze, spec.entry, &mut rng)
                .map_err(err)?;
        }
        Ok(mask) => {
            // Row and column carvers: carve the whole grid, block the 42,
            // then join the pieces the blocking cut apart.
            spec.algorithm
                .carve(&mut maze, spec.entry, &mut rng)
                .map_err(err)?;
            maze.apply_mask(&mask).map_err(err)?;
            rejoin(&mut maze, &mut rng).map_err(err)?;
        }
        Err(CarveError::TooSmallForPattern {
            min_width,
            min_height,
            ..
        }) => {
            note = Some(format!(
                "a {}x{} maze is too small for the \"42\" pattern (it needs at least {min_width}x{min_height} cells); the maze is written without it",
                spec.width, spec.height
            ));
            spec.algorithm
                .carve(&mut maze, spec.entry, &mut rng)
                .map_err(err)?;
        }
        Err(e) => return Err(err(e)),
    }
    if !spec.perfect && spec.loops > 0.0 {
        maze.braid(spec.loops, &mut rng).map_err(err)?;
    }
    let text = maze.to_hex(spec.entry, spec.exit).map_err(err)?;
    Ok(Written {
        text,
        note,
        maze,
        seed,
    })
}

/// Opens one wall between each pair of pieces, chosen at random among the
/// walls between open cells of different pieces, until the open cells are
/// one piece; on a forest this gives a spanning tree. O(cells): one flood
/// labels the pieces, one scan lists the walls between them.
fn rejoin(maze: &mut Maze, rng: &mut SeededRng) -> Result<(), CarveError> {
    const NONE: u32 = u32::MAX;
    let (w, n) = (maze.width() as usize, maze.len());
    let mut label = vec![NONE; n];
    let mut candidates = Vec::new();
    let mut pieces = 0u32;
    {
        let (walls, blocked) = (maze.as_bytes(), maze.blocked_mask());
        let mut stack = Vec::new();
        for s in 0..n {
            if blocked[s] || label[s] != NONE {
                continue;
            }
            label[s] = pieces;
            stack.push(s);
            while let Some(i) = stack.pop() {
                // The border is closed, so an open wall always has a cell
                // behind it.
                let v = walls[i];
                for (bit, j) in [
                    (1u8, i.wrapping_sub(w)),
                    (2, i + 1),
                    (4, i + w),
                    (8, i.wrapping_sub(1)),
                ] {
                    if v & bit == 0 && label[j] == NONE {
                        label[j] = pieces;
                        stack.push(j);
                    }
                }
            }
            pieces += 1;
        }
        if pieces <= 1 {
            return Ok(());
        }
        for i in 0..n {
            if blocked[i] {
                continue;
            }
            if (i + 1) % w != 0 && !blocked[i + 1] && label[i] != label[i + 1] {
                candidates.push((i, Side::East));
            }
            if i + w < n && !blocked[i + w] && label[i] != label[i + w] {
                candidates.push((i, Side::South));
            }
        }
    }
    shuffle(rng, &mut candidates);
    let mut sets = DisjointSets::new(pieces as usize);
    for (i, side) in candidates {
        let j = if side == Side::East { i + 1 } else { i + w };
        if sets.union(label[i] as usize, label[j] as usize) {
            maze.open_wall(maze.point_of(i), side)?;
        }
    }
    Ok(())
}

/// The `--stats` text of a 42 maze (counting its loops may pass the
/// memory ceiling: an error then).
fn stats_text(spec: &Spec, written: &Written) -> Result<String, String> {
    let m = &written.maze;
    let path = written.text.lines().last().map_or(0, str::len);
    let loops = m.loop_count().map_err(|e| e.to_string())?;
    Ok(format!(
        "maze          {}x{} cells, {} open, {} in the \"42\"\n\
         algorithm     {}\n\
         passages      {}\n\
         loops         {}\n\
         dead ends     {}\n\
         path          {path} steps from {},{} to {},{}\n\
         seed          {}\n",
        m.width(),
        m.height(),
        m.open_count(),
        m.blocked_count(),
        spec.algorithm.name(),
        m.passage_count(),
        loops,
        m.dead_ends().count(),
        spec.entry.x,
        spec.entry.y,
        spec.exit.x,
        spec.exit.y,
        written.seed,
    ))
}

/// Runs `mcrdun maze --config FILE` or `mcrdun maze --format 42`; `None`
/// for every other command (the level pipeline handles them).
pub fn dispatch(parsed: &Parsed) -> Option<Result<(), Failure>> {
    let Command::Maze {
        common,
        config,
        cells,
        entry,
        exit,
        ..
    } = &parsed.cli.command
    else {
        return None;
    };
    if let Some(path) = config {
        return Some(run_config(path));
    }
    if common.format != Format::FortyTwo {
        if cells.is_some() || entry.is_some() || exit.is_some() {
            return Some(Err(Failure::Usage(
                "--cells, --entry and --exit belong to the 42 maze file: add --format 42 (or use --config FILE)"
                    .into(),
            )));
        }
        return None;
    }
    let level_config = match parsed.config() {
        Ok(LevelConfig::Maze(c)) => c,
        Ok(_) => return None,
        Err(e) => return Some(Err(Failure::Usage(e.to_string()))),
    };
    let braid = &level_config.braid;
    let (width, height) = cells.unwrap_or((
        (common.width.max(1) - 1) / 2,
        (common.height.max(1) - 1) / 2,
    ));
    if width == 0 || height == 0 {
        return Some(Err(Failure::Usage(format!(
            "--width {} --height {} tiles make no maze cell: give --cells WxH",
            common.width, common.height
        ))));
    }
    let to_point = |(x, y): (u32, u32)| Point::new(x as i32, y as i32);
    let spec = Spec {
        width,
        height,
        entry: entry.map_or(Point::new(0, 0), to_point),
        // Sides past i32::MAX fail the ceiling check below; clamp them
        // here so that the default exit is computed without overflow.
        exit: exit.map_or(
            Point::new(
                width.min(i32::MAX as u32) as i32 - 1,
                height.min(i32::MAX as u32) as i32 - 1,
            ),
            to_point,
        ),
        output: common.output.clone(),
        perfect: *braid == 0.0,
        seed: common.seed,
        algorithm: level_config.algorithm,
        loops: *braid,
    };
    let places = Places {
        size: if cells.is_some() {
            "--cells".into()
        } else {
            format!(
                "the maze of --width {} --height {} tiles",
                common.width, common.height
            )
        },
        entry: "--entry".into(),
        exit: "--exit".into(),
    };
    let places = Places {
        entry: if entry.is_some() {
            places.entry
        } else {
            "the entry (--entry, default 0,0)".into()
        },
        exit: if exit.is_some() {
            places.exit
        } else {
            "the exit (--exit, default the last cell)".into()
        },
        ..places
    };
    if !(0.0..=1.0).contains(braid) {
        return Some(Err(Failure::Usage(format!(
            "--braid must lie in [0, 1], got {braid}"
        ))));
    }
    if let Err(m) = check_spec(&spec, &places) {
        return Some(Err(Failure::Usage(m)));
    }
    Some(write(&spec, common.stats, "--seed "))
}

/// The most warnings printed for one config file; the rest are counted.
const MAX_WARNINGS: usize = 10;

/// The config file's text: UTF-8, but a comment line may hold any bytes
/// (a Latin-1 comment is read, lossily); any other line that is not UTF-8
/// is an error naming it.
pub(crate) fn config_text(bytes: &[u8], name: &str) -> Result<String, String> {
    if let Ok(text) = std::str::from_utf8(bytes) {
        return Ok(text.to_owned());
    }
    for (n, line) in bytes.split(|b| *b == b'\n').enumerate() {
        let comment = line.trim_ascii_start().starts_with(b"#");
        if let Err(e) = std::str::from_utf8(line)
            && !comment
        {
            let at = e.valid_up_to();
            return Err(format!(
                "{name}, line {}: not UTF-8 text (byte 0x{:02X} at column {}); save the file as UTF-8",
                n + 1,
                line[at],
                at + 1
            ));
        }
    }
    Ok(String::from_utf8_lossy(bytes).into_owned())
}

fn run_config(path: &Path) -> Result<(), Failure> {
    let name = path.display().to_string();
    let text = crate::output::read_config(path).map_err(Failure::Usage)?;
    let (spec, warnings) = parse_config(&text, &name).map_err(Failure::Usage)?;
    let shown = warnings.len().min(MAX_WARNINGS);
    for w in &warnings[..shown] {
        eprintln!("mcrdun: warning: {w}");
    }
    if warnings.len() > shown {
        eprintln!(
            "mcrdun: warning: {name}: {} more unknown keys (ignored)",
            warnings.len() - shown
        );
    }
    if let Some(out) = &spec.output
        && crate::output::same_file(out, path)
    {
        return Err(Failure::Usage(format!(
            "{name}: OUTPUT_FILE {} is the config file itself",
            out.display()
        )));
    }
    write(&spec, false, "SEED=")
}

/// Writes the maze of `spec`; without a seed, one from the clock is told
/// once the file is written, with `again` (how to give it back: `--seed `
/// or `SEED=`).
fn write(spec: &Spec, stats: bool, again: &str) -> Result<(), Failure> {
    let seed = spec.seed.unwrap_or_else(crate::args::clock_seed);
    let written = generate(spec, seed).map_err(Failure::Usage)?;
    if let Some(note) = &written.note {
        eprintln!("mcrdun: warning: {note}");
    }
    let stats = match stats {
        true => Some(stats_text(spec, &written).map_err(Failure::Usage)?),
        false => None,
    };
    match &spec.output {
        Some(path) => {
            crate::write_file(path, written.text.as_bytes())?;
            if let Some(s) = stats {
                crate::write_stdout(s.as_bytes())?;
            }
        }
        None => {
            crate::write_stdout(written.text.as_bytes())?;
            if let Some(s) = stats {
                crate::write_to(&mut std::io::stderr(), s.as_bytes())?;
            }
        }
    }
    if spec.seed.is_none() {
        crate::tell_seed(seed, again);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str =
        "WIDTH=20\nHEIGHT=15\nENTRY=0,0\nEXIT=19,14\nOUTPUT_FILE=maze.txt\nPERFECT=True\nSEED=42\n";

    #[test]
    fn the_subjects_example() {
        let (spec, warnings) = parse_config(GOOD, "c.txt").unwrap();
        assert!(warnings.is_empty());
        assert_eq!((spec.width, spec.height), (20, 15));
        assert_eq!(
            (spec.entry, spec.exit),
            (Point::new(0, 0), Point::new(19, 14))
        );
        assert_eq!(spec.output, Some(PathBuf::from("maze.txt")));
        assert!(spec.perfect);
        assert_eq!((spec.seed, spec.loops), (Some(42), 0.0));
        assert_eq!(spec.algorithm, Algorithm::Backtracker);
        let a = generate(&spec, 42).unwrap();
        assert_eq!(a.text, generate(&spec, 42).unwrap().text);
        assert_ne!(a.text, generate(&spec, 43).unwrap().text);
        assert!(a.maze.is_perfect().unwrap());
        assert_eq!(a.maze.blocked_count(), 18);
        assert!(a.note.is_none());
    }

    #[test]
    fn row_carvers_get_the_42_and_stay_perfect() {
        for algorithm in [
            Algorithm::Eller,
            Algorithm::Sidewinder,
            Algorithm::BinaryTree,
        ] {
            for (w, h) in [(9, 7), (20, 15), (31, 12)] {
                let spec = Spec {
                    width: w,
                    height: h,
                    entry: Point::new(0, 0),
                    exit: Point::new(w as i32 - 1, h as i32 - 1),
                    output: None,
                    perfect: true,
                    seed: None,
                    algorithm,
                    loops: 0.0,
                };
                for seed in 0..5 {
                    let m = generate(&spec, seed).unwrap().maze;
                    assert_eq!(m.blocked_count(), 18);
                    assert!(
                        m.is_perfect().unwrap(),
                        "{} {w}x{h} seed {seed}",
                        algorithm.name()
                    );
                }
            }
        }
    }

    #[test]
    fn key_case_comments_spaces_and_crlf() {
        let text = "# the subject\r\n\r\n width = 9 \r\nheight=7\r\nENTRY= 0 , 6\r\nexit=8,0\r\nOutput_File=out put.txt\r\nPERFECT=false\r\nALGORITHM=Hunt_And_Kill\r\nLOOPS=1\r\nCOLOR=red\r\n";
        let (spec, warnings) = parse_config(text, "c").unwrap();
        assert_eq!((spec.width, spec.height), (9, 7));
        assert_eq!(spec.entry, Point::new(0, 6));
        assert_eq!(spec.output, Some(PathBuf::from("out put.txt")));
        assert!(!spec.perfect);
        assert_eq!(spec.loops, 1.0);
        assert_eq!(spec.algorithm, Algorithm::HuntAndKill);
        assert_eq!(warnings, ["c, line 11: unknown key 'COLOR' (ignored)"]);
    }

    #[test]
    fn perfect_false_defaults_to_some_loops() {
        let text = GOOD.replace("PERFECT=True", "PERFECT=FALSE");
        let (spec, _) = parse_config(&text, "c").unwrap();
        assert_eq!(spec.loops, DEFAULT_LOOPS);
        let m = generate(&spec, 1).unwrap().maze;
        assert!(m.loop_count().unwrap() > 0);
        assert!(!m.has_open_3x3());
    }
}
