//! The command line: one subcommand per generator, the common options, and
//! each generator's own.

use clap::{Args, Parser, Subcommand, ValueEnum};
use mcrdun_dungeon::{
    BspConfig, CaveConfig, Level, LevelError, MazeAlgorithm, MazeConfig, PassagesConfig,
    ScatterConfig,
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
    /// The 42 maze file: one hex digit of walls per cell, entry, exit, path (maze only).
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
    /// Print the level's summary (rooms, regions, loops, dead ends, longest path).
    #[arg(long)]
    pub stats: bool,
}

/// The generators.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Rooms in the leaves of a BSP tree, linked along the leaf adjacency.
    Bsp {
        #[command(flatten)]
        common: Common,
        /// The most times a leaf is split (at most 32).
        #[arg(long, default_value_t = 32)]
        depth: u32,
        /// The narrowest leaf (at least --min-room + 2).
        #[arg(long, default_value_t = 10)]
        min_leaf_width: u32,
        /// The lowest leaf (at least --min-room + 2).
        #[arg(long, default_value_t = 8)]
        min_leaf_height: u32,
        /// The smallest room side.
        #[arg(long, default_value_t = 3)]
        min_room: u32,
        /// Share of the extra leaf adjacencies linked anyway, in [0, 1].
        #[arg(long, default_value_t = 0.15)]
        loops: f64,
    },
    /// Scattered rooms pushed apart and linked to their neighbours.
    Scatter {
        #[command(flatten)]
        common: Common,
        /// Rooms scattered (those that do not fit in the map after separation are dropped).
        #[arg(long, default_value_t = 30)]
        rooms: u32,
        /// The smallest room side.
        #[arg(long, default_value_t = 4)]
        min_room: u32,
        /// The largest room side.
        #[arg(long, default_value_t = 10)]
        max_room: u32,
        /// Share of the extra neighbour pairs linked anyway, in [0, 1].
        #[arg(long, default_value_t = 0.15)]
        loops: f64,
    },
    /// A carved maze drawn as tiles (cell (x, y) is tile (2x+1, 2y+1)).
    Maze {
        #[command(flatten)]
        common: Common,
        /// The carving algorithm.
        #[arg(long, value_enum, default_value_t = AlgorithmArg::Backtracker)]
        algorithm: AlgorithmArg,
        /// Share of dead ends removed by opening a wall (adds loops), in [0, 1].
        #[arg(long, default_value_t = 0.0)]
        braid: f64,
        /// Block the cells of a "42" drawn in the middle of the maze (always on with --format 42).
        #[arg(long)]
        pattern42: bool,
        /// Read the 42 "A-Maze-ing" config file (KEY=VALUE lines) and write its OUTPUT_FILE.
        #[arg(long, value_name = "FILE", conflicts_with_all = [
            "cells", "entry", "exit", "algorithm", "braid", "pattern42",
            "width", "height", "seed", "format", "output", "scale", "stats",
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
    /// A cellular-automaton cave, its pockets joined by corridors.
    Cave {
        #[command(flatten)]
        common: Common,
        /// Share of rock in the initial noise, in [0, 1].
        #[arg(long, default_value_t = 0.45)]
        fill: f64,
        /// Smoothing passes of the automaton.
        #[arg(long, default_value_t = 4)]
        passes: u32,
    },
    /// Rooms of any shape (Voronoi cells) with passages chosen between them.
    Passages {
        #[command(flatten)]
        common: Common,
        /// Rooms wanted (Voronoi sites at least 4 tiles apart).
        #[arg(long, default_value_t = 24)]
        rooms: u32,
        /// Share of the extra adjacent room pairs given a passage anyway, in [0, 1].
        #[arg(long, default_value_t = 0.1)]
        loops: f64,
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
        let (width, height) = (c.width, c.height);
        let level = match self {
            Command::Bsp {
                depth,
                min_leaf_width,
                min_leaf_height,
                min_room,
                loops,
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
                },
                seed,
            )?,
            Command::Scatter {
                rooms,
                min_room,
                max_room,
                loops,
                ..
            } => mcrdun_dungeon::scatter(
                &ScatterConfig {
                    width,
                    height,
                    rooms: *rooms,
                    min_room: *min_room,
                    max_room: *max_room,
                    loops: *loops,
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
                    },
                    seed,
                )?;
                let text = m.to_42()?;
                return Ok(Generated {
                    level: m.level,
                    maze_text: Some(text),
                });
            }
            Command::Passages { rooms, loops, .. } => mcrdun_dungeon::passages(
                &PassagesConfig {
                    width,
                    height,
                    rooms: *rooms,
                    loops: *loops,
                },
                seed,
            )?,
            Command::Cave { fill, passes, .. } => mcrdun_dungeon::cave(
                &CaveConfig {
                    width,
                    height,
                    fill: *fill,
                    passes: *passes,
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
