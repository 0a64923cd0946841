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

mod config;

pub use config::{Spec, parse_cells_arg, parse_xy_arg};

use crate::Failure;
use crate::args::{Command, Format, Parsed};
use config::{Places, check_spec, parse_config, read_config};
use mcrdun_carve::{CarveError, Maze, pattern42};
use mcrdun_dungeon::LevelConfig;
use mcrdun_geom::random::{SeededRng, seeded_rng, shuffle};
use mcrdun_geom::{DisjointSets, Point, Side};
use std::path::Path;

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

fn run_config(path: &Path) -> Result<(), Failure> {
    let name = path.display().to_string();
    let text = read_config(path).map_err(Failure::Usage)?;
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
    use super::config::DEFAULT_LOOPS;
    use super::*;
    use mcrdun_carve::Algorithm;
    use std::path::PathBuf;

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
