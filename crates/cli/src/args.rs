//! The command line: one subcommand per generator, the common options, and
//! each generator's own.

use clap::{Args, Parser, Subcommand, ValueEnum};
use mcrdun_dungeon::{
    BspConfig, CaveConfig, Level, LevelError, MazeAlgorithm, MazeConfig, PassagesConfig,
    ScatterConfig, schema,
};
use std::path::PathBuf;

/// The PNG pixels per tile when `--scale` is not given.
pub const DEFAULT_SCALE: u32 = 8;

/// Generate a dungeon level and show it (ASCII by default).
#[derive(Debug, Parser)]
#[command(name = "mcrdun", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// How to show the level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Text for a terminal: `#` wall, `.` floor, `,` corridor, `+` door, `<` `>` stairs.
    Ascii,
    /// A PNG image, one colour per tile kind (see --scale).
    Png,
    /// A JSON document: tiles, rooms, doors, stairs, summary.
    Json,
    /// The 42 maze file: one hex digit of walls per cell, entry, exit, path (maze only; always draws the "42" where it fits).
    #[value(name = "42")]
    FortyTwo,
}

/// Options every generator takes.
#[derive(Debug, Args)]
pub struct Common {
    /// Width of the level in tiles.
    #[arg(long, default_value_t = 80)]
    pub width: u32,
    /// Height of the level in tiles.
    #[arg(long, default_value_t = 50)]
    pub height: u32,
    /// The seed: the same seed and options give the same level. Default: from the clock.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Ascii)]
    pub format: Format,
    /// Write the level to this file instead of standard output.
    #[arg(long, short)]
    pub output: Option<PathBuf>,
    /// PNG pixels per tile (1-64; default 8).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub scale: Option<u32>,
    /// Print the level's summary and metrics (rooms, doors in walls, floor, loops, dead ends, stairs).
    #[arg(long)]
    pub stats: bool,
    /// With --format png: shade walkable tiles by walking distance from the up stairs
    /// (light near, deep blue far), to judge a layout.
    #[arg(long)]
    pub distance: bool,
    /// The ceiling on the level's working memory in bytes (0: 1 GiB); larger maps are refused.
    #[arg(long, default_value_t = 0)]
    pub max_bytes: u64,
}

/// The generators.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Rooms in the leaves of a BSP tree, linked along the leaf adjacency.
    Bsp {
        #[command(flatten)]
        common: Common,
        /// The most times a leaf is split (splitting stops earlier where a leaf would be too small).
        #[arg(long, default_value_t = schema::BSP_DEPTH)]
        depth: u32,
        /// The narrowest leaf (at least min_room + 4: a room, its walls and a lane of rock).
        #[arg(long, default_value_t = schema::BSP_MIN_LEAF_WIDTH)]
        min_leaf_width: u32,
        /// The lowest leaf (at least min_room + 4).
        #[arg(long, default_value_t = schema::BSP_MIN_LEAF_HEIGHT)]
        min_leaf_height: u32,
        /// The smallest room side.
        #[arg(long, default_value_t = schema::BSP_MIN_ROOM)]
        min_room: u32,
        /// Share of the other leaf adjacencies linked beyond the spanning tree (at least one when above 0).
        #[arg(long, default_value_t = schema::BSP_LOOPS)]
        loops: f64,
        /// Brogue's loop rule instead of loops: link two rooms beyond the tree only where that cuts their walk, in links, from at least this many to 1 (0: off; else at least 2).
        #[arg(long, default_value_t = schema::LOOP_FACTOR)]
        loop_factor: u32,
    },
    /// Scattered rooms pushed apart and linked to their neighbours.
    Scatter {
        #[command(flatten)]
        common: Common,
        /// Rooms scattered (0: one per 190 tiles of the map, then as many more as fit in the gaps left); those pushed off the map are dropped.
        #[arg(long, default_value_t = schema::SCATTER_ROOMS)]
        rooms: u32,
        /// The smallest room side.
        #[arg(long, default_value_t = schema::SCATTER_MIN_ROOM)]
        min_room: u32,
        /// The largest room side.
        #[arg(long, default_value_t = schema::SCATTER_MAX_ROOM)]
        max_room: u32,
        /// Share of the other neighbour pairs linked beyond the spanning tree (at least one when above 0).
        #[arg(long, default_value_t = schema::SCATTER_LOOPS)]
        loops: f64,
        /// Brogue's loop rule instead of loops: link two rooms beyond the tree only where that cuts their walk, in links, from at least this many to 1 (0: off; else at least 2).
        #[arg(long, default_value_t = schema::LOOP_FACTOR)]
        loop_factor: u32,
    },
    /// A carved maze drawn as tiles (cell (x, y) is tile (2x+1, 2y+1)).
    Maze {
        #[command(flatten)]
        common: Common,
        /// The carving algorithm (0: recursive backtracker).
        #[arg(long, value_enum, default_value_t = AlgorithmArg::Backtracker)]
        algorithm: AlgorithmArg,
        /// Share of dead ends removed by opening a wall (adds loops).
        #[arg(long, default_value_t = schema::MAZE_BRAID)]
        braid: f64,
        /// Block the cells of a "42" drawn in the middle of the maze.
        #[arg(long)]
        pattern42: bool,
        /// Read the 42 "A-Maze-ing" config file (KEY=VALUE lines) and write its OUTPUT_FILE.
        #[arg(long, value_name = "FILE", conflicts_with_all = [
            "cells", "entry", "exit", "algorithm", "braid", "pattern42",
            "width", "height", "seed", "format", "output", "scale", "stats", "distance",
        ])]
        config: Option<PathBuf>,
        /// --format 42: the maze size in cells, WxH (default: from --width/--height in tiles).
        #[arg(long, value_name = "WxH", value_parser = crate::maze42::parse_cells_arg)]
        cells: Option<(u32, u32)>,
        /// --format 42: the entry cell x,y, zero-based (default 0,0).
        #[arg(long, value_name = "X,Y", value_parser = crate::maze42::parse_xy_arg)]
        entry: Option<(u32, u32)>,
        /// --format 42: the exit cell x,y, zero-based (default: the bottom-right cell).
        #[arg(long, value_name = "X,Y", value_parser = crate::maze42::parse_xy_arg)]
        exit: Option<(u32, u32)>,
    },
    /// A cellular-automaton cave, its pieces joined by winding tunnels.
    Cave {
        #[command(flatten)]
        common: Common,
        /// Share of rock in the initial noise (0.5: 45-52% floor at every size).
        #[arg(long, default_value_t = schema::CAVE_FILL)]
        fill: f64,
        /// Smoothing passes of the automaton.
        #[arg(long, default_value_t = schema::CAVE_PASSES)]
        passes: u32,
    },
    /// Rooms of any shape (Voronoi cells) with passages chosen between them.
    Passages {
        #[command(flatten)]
        common: Common,
        /// Rooms wanted, Voronoi sites 8 tiles apart (0: one per 170 tiles of the map).
        #[arg(long, default_value_t = schema::PASSAGES_ROOMS)]
        rooms: u32,
        /// Share of the other adjacent room pairs linked beyond the spanning tree (at least one when above 0).
        #[arg(long, default_value_t = schema::PASSAGES_LOOPS)]
        loops: f64,
        /// Brogue's loop rule instead of loops: link two rooms beyond the tree only where that cuts their walk, in links, from at least this many to 1 (0: off; else at least 2).
        #[arg(long, default_value_t = schema::LOOP_FACTOR)]
        loop_factor: u32,
    },
}

/// A level and, for mazes, the maze in the 42 file format.
pub struct Generated {
    pub level: Level,
    pub maze_text: Option<String>,
}

impl Command {
    pub fn common(&self) -> &Common {
        match self {
            Command::Bsp { common, .. }
            | Command::Scatter { common, .. }
            | Command::Maze { common, .. }
            | Command::Passages { common, .. }
            | Command::Cave { common, .. } => common,
        }
    }

    pub fn is_maze(&self) -> bool {
        matches!(self, Command::Maze { .. })
    }

    pub fn generate(&self, seed: u64) -> Result<Generated, LevelError> {
        let c = self.common();
        let (width, height, max_bytes) = (c.width, c.height, c.max_bytes);
        let level = match self {
            Command::Bsp {
                depth,
                min_leaf_width,
                min_leaf_height,
                min_room,
                loops,
                loop_factor,
                ..
            } => mcrdun_dungeon::bsp(
                &BspConfig {
                    width,
                    height,
                    depth: *depth,
                    min_leaf_width: *min_leaf_width,
                    min_leaf_height: *min_leaf_height,
                    min_room: *min_room,
                    loops: *loops,
                    loop_factor: *loop_factor,
                    max_bytes,
                },
                seed,
            )?,
            Command::Scatter {
                rooms,
                min_room,
                max_room,
                loops,
                loop_factor,
                ..
            } => mcrdun_dungeon::scatter(
                &ScatterConfig {
                    width,
                    height,
                    rooms: *rooms,
                    min_room: *min_room,
                    max_room: *max_room,
                    loops: *loops,
                    loop_factor: *loop_factor,
                    max_bytes,
                },
                seed,
            )?,
            Command::Maze {
                algorithm,
                braid,
                pattern42,
                ..
            } => {
                let m = mcrdun_dungeon::maze_level(
                    &MazeConfig {
                        width,
                        height,
                        algorithm: algorithm.algorithm(),
                        braid: *braid,
                        pattern42: *pattern42,
                        max_bytes,
                    },
                    seed,
                )?;
                let text = m.to_42()?;
                return Ok(Generated {
                    level: m.level,
                    maze_text: Some(text),
                });
            }
            Command::Passages {
                rooms,
                loops,
                loop_factor,
                ..
            } => mcrdun_dungeon::passages(
                &PassagesConfig {
                    width,
                    height,
                    rooms: *rooms,
                    loops: *loops,
                    loop_factor: *loop_factor,
                    max_bytes,
                },
                seed,
            )?,
            Command::Cave { fill, passes, .. } => mcrdun_dungeon::cave(
                &CaveConfig {
                    width,
                    height,
                    fill: *fill,
                    passes: *passes,
                    max_bytes,
                },
                seed,
            )?,
        };
        Ok(Generated {
            level,
            maze_text: None,
        })
    }
}

/// A seed from the clock, for runs without `--seed` (shown by `--stats`).
pub fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// The maze algorithms by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum AlgorithmArg {
    /// Recursive backtracker (depth-first): long corridors.
    Backtracker,
    /// Prim: short branches, many dead ends.
    Prim,
    /// Kruskal: uniform-looking.
    Kruskal,
    /// Wilson: a uniform spanning tree.
    Wilson,
    /// Eller: row by row (no --pattern42).
    Eller,
    /// Growing tree, newest cell (like the backtracker).
    GrowingTreeNewest,
    /// Growing tree, random cell (like Prim).
    GrowingTreeRandom,
    /// Growing tree, newest or random half the time.
    GrowingTreeMixed,
    /// Hunt-and-kill.
    HuntAndKill,
    /// Sidewinder (no --pattern42).
    Sidewinder,
    /// Binary tree (no --pattern42).
    BinaryTree,
}

impl AlgorithmArg {
    /// The carver (the carve crate's numbering).
    pub fn to_algorithm(self) -> MazeAlgorithm {
        self.algorithm()
    }

    fn algorithm(self) -> MazeAlgorithm {
        // The same order as the carve crate's numbering.
        MazeAlgorithm::ALL[self as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;
    use mcrdun_dungeon::LevelKind;
    use mcrdun_dungeon::schema::{self, OptionValue};

    /// Every option of the schema is a flag of its subcommand, with the
    /// schema's default, and no subcommand has a generator option the
    /// schema does not know.
    #[test]
    fn options_come_from_the_schema() {
        let cli = Cli::command();
        for kind in LevelKind::ALL {
            let sub = cli
                .find_subcommand(kind.name())
                .unwrap_or_else(|| panic!("no subcommand {}", kind.name()));
            for o in schema::options(kind) {
                let arg = sub
                    .get_arguments()
                    .find(|a| a.get_long() == Some(o.flag))
                    .unwrap_or_else(|| panic!("{}: no --{}", kind.name(), o.flag));
                let defaults = arg.get_default_values();
                let got = match defaults.first().and_then(|d| d.to_str()) {
                    // A switch: off by default.
                    None => 0.0,
                    Some(text) if o.name == "maze_algorithm" => {
                        let a = AlgorithmArg::from_str(text, false).unwrap();
                        f64::from(a.algorithm().number().unwrap())
                    }
                    Some(text) => text.parse::<f64>().unwrap(),
                };
                assert_eq!(got, o.default.as_f64(), "{} --{}", kind.name(), o.flag);
                let help = arg.get_help().map(|h| h.to_string()).unwrap_or_default();
                assert_eq!(
                    help.trim_end_matches('.'),
                    o.doc.trim_end_matches('.'),
                    "{} --{}: the help is the schema's doc",
                    kind.name(),
                    o.flag
                );
                if let OptionValue::U32(_) = o.default {
                    assert_eq!(got.fract(), 0.0);
                }
            }
            let common = [
                "width",
                "height",
                "seed",
                "format",
                "output",
                "scale",
                "stats",
                "distance",
                "max-bytes",
            ];
            // The 42 maze file's own options (crate::maze42), not level options.
            let maze_file: &[&str] = if kind.name() == "maze" {
                &["config", "cells", "entry", "exit"]
            } else {
                &[]
            };
            for arg in sub.get_arguments() {
                let Some(long) = arg.get_long() else { continue };
                assert!(
                    common.contains(&long)
                        || maze_file.contains(&long)
                        || schema::options(kind).any(|o| o.flag == long),
                    "{}: --{long} is not in the schema",
                    kind.name()
                );
            }
        }
    }
}
