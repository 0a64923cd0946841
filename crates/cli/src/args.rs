//! The command line: one subcommand per generator, the common options, and
//! each generator's own.
//!
//! The generators' own options are not written here: [`command`] adds them
//! to each subcommand from the level schema ([`schema::OPTIONS`]: flag,
//! help, default, and a parser that checks the range), and [`Parsed`]
//! hands their values to [`LevelConfig::set`], the one option bridge the C
//! library and the Python package use too. An option added to the schema is
//! a flag here with no edit.

use clap::{Arg, ArgAction, ArgMatches, Args, FromArgMatches, Parser, Subcommand, ValueEnum};
use mcrdun_dungeon::schema::{self, OptionSpec, ValueKind};
use mcrdun_dungeon::{Level, LevelConfig, LevelError, LevelKind, Vault};
use std::path::PathBuf;

/// The PNG pixels per tile when `--scale` is not given.
pub const DEFAULT_SCALE: u32 = 8;

/// Generate a dungeon level and show it (ASCII by default).
#[derive(Debug, Parser)]
#[command(
    name = "mcrdun",
    version,
    about,
    long_about = None,
    override_usage = "mcrdun <bsp|scatter|maze|cave|passages|drunkard> [OPTIONS]\n       mcrdun maze --config FILE\n       mcrdun vaults check FILE...\n       mcrdun things check FILE...\n       mcrdun help <GENERATOR>"
)]
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
    /// Hidden from the other generators' help; `mcrdun help maze` names it.
    #[value(name = "42", hide = true)]
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
    /// The memory limit of this run in bytes: the most working memory any step may use
    /// (0: 1 GiB). Larger maps are refused before any work; raise it for bigger ones. It is
    /// kept within half of what the process may still map (ulimit -v) and of the machine's
    /// memory.
    #[arg(long, default_value_t = 0)]
    pub max_bytes: u64,
    /// Place the vaults of this file (repeatable; see `mcrdun vaults check FILE`).
    #[arg(long = "vaults", value_name = "FILE")]
    pub vaults: Vec<PathBuf>,
    /// Place the things of this spawn table (repeatable; see `mcrdun things check FILE`), at
    /// the depth of --dungeon-level.
    #[arg(long = "things", value_name = "FILE")]
    pub things: Vec<PathBuf>,
}

/// The generators. Each one's own options come from the schema (see
/// [`command`]).
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Rooms in the leaves of a BSP tree, linked along the leaf adjacency.
    Bsp {
        #[command(flatten)]
        common: Common,
    },
    /// Scattered rooms pushed apart and linked to their neighbours.
    Scatter {
        #[command(flatten)]
        common: Common,
    },
    /// A carved maze drawn as tiles (cell (x, y) is tile (2x+1, 2y+1)).
    Maze {
        #[command(flatten)]
        common: Common,
        /// Read the 42 "A-Maze-ing" config file (KEY=VALUE lines) and write its OUTPUT_FILE.
        #[arg(long, value_name = "FILE", conflicts_with_all = [
            "cells", "entry", "exit", "maze_algorithm", "maze_braid", "maze_pattern42",
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
    },
    /// Rooms of any shape (Voronoi cells) with passages chosen between them.
    Passages {
        #[command(flatten)]
        common: Common,
    },
    /// A drunkard's walk: diggers staggering through rock, joined by winding tunnels.
    Drunkard {
        #[command(flatten)]
        common: Common,
    },
}

/// The command line's clap definition: the derived one, with every
/// generator's options from the schema added to its subcommand.
pub fn command() -> clap::Command {
    let mut cmd = <Cli as clap::CommandFactory>::command().after_help(
        "Vault files: `mcrdun vaults check FILE...` checks them and prints each vault;\n\
         `--vaults FILE` places a file's vaults in a level.\n\
         Spawn tables: `mcrdun things check FILE...` checks them and prints each entry;\n\
         `--things FILE` places a table's things on a level.",
    );
    for kind in LevelKind::ALL {
        cmd = cmd.mut_subcommand(kind.name(), |sub| {
            sub.args(schema::options(kind).map(option_arg))
        });
    }
    // Only the maze writes the 42 file; its help says so (the value is
    // hidden from every generator's list of formats).
    cmd.mut_subcommand("maze", |sub| {
        sub.mut_arg("format", |a| {
            a.help("Output format; the maze also writes 42: the 42 \"A-Maze-ing\" file (one hex digit of walls per cell, entry, exit, path; draws the \"42\" where it fits)")
        })
    })
}

/// The flag of one schema option: its help is the spec's doc with the
/// spec's default, and its parser [`OptionSpec::parse`] (the one rule of
/// `LevelConfig::set_text` and the C `mcrdun_level_options_set_text`: a
/// choice by its name in any case or by its number), so an out-of-range
/// value is refused with the spec's range before anything runs. The arg's
/// id is the option's name.
fn option_arg(spec: &'static OptionSpec) -> Arg {
    let arg = Arg::new(spec.name).long(spec.flag).help(spec.doc);
    // clap names the flag; the message is the range alone.
    let parser = move |text: &str| {
        spec.parse(text).map_err(|e| match e {
            LevelError::InvalidOption { reason, .. } => reason,
            other => other.to_string(),
        })
    };
    match spec.value {
        ValueKind::Switch => arg.action(ArgAction::SetTrue),
        ValueKind::Choice(names) => arg
            .value_name("NAME")
            .value_parser(parser)
            .default_value(names[spec.default as usize])
            // clap adds the default.
            .help(format!(
                "{} [possible values: {}, in any case, or their numbers 0-{}]",
                spec.doc,
                names.join(", "),
                names.len() - 1,
            )),
        ValueKind::Integer | ValueKind::Real => arg
            .value_name(if spec.value == ValueKind::Integer {
                "N"
            } else {
                "X"
            })
            .value_parser(parser)
            // Shown in the help; when the flag is absent the bridge keeps
            // the generator's default, which is the same number.
            .help(format!("{} [default: {}]", spec.doc, spec.default)),
    }
}

/// A parsed command line: the derived part, and the generator's options as
/// the schema names them.
#[derive(Debug)]
pub struct Parsed {
    /// The subcommand and its common and 42-file options.
    pub cli: Cli,
    /// Every schema option of the subcommand's generator with its value
    /// (the default when not given), by name.
    pub options: Vec<(&'static str, f64)>,
    /// The schema options given on the command line, by name (an error
    /// about two options names the one the user gave).
    pub given: Vec<&'static str>,
}

impl Parsed {
    /// Parses the process's arguments (exits with clap's message on a
    /// usage error).
    pub fn from_env() -> Parsed {
        let matches = command().get_matches();
        Parsed::from_matches(&matches).unwrap_or_else(|e| e.exit())
    }

    /// Reads the matches of [`command`].
    ///
    /// # Errors
    /// clap's, when the matches are not of [`command`].
    pub fn from_matches(matches: &ArgMatches) -> Result<Parsed, clap::Error> {
        let cli = Cli::from_arg_matches(matches)?;
        let kind = cli.command.kind();
        let sub = matches
            .subcommand_matches(kind.name())
            .ok_or_else(|| clap::Error::new(clap::error::ErrorKind::MissingSubcommand))?;
        let options = schema::options(kind)
            .map(|spec| (spec.name, option_value(spec, sub)))
            .collect();
        let given = schema::options(kind)
            .filter(|spec| {
                sub.value_source(spec.name) == Some(clap::parser::ValueSource::CommandLine)
            })
            .map(|spec| spec.name)
            .collect();
        Ok(Parsed {
            cli,
            options,
            given,
        })
    }

    /// The level options: the generator's defaults at the asked size,
    /// `--max-bytes`, then each option through [`LevelConfig::set`].
    ///
    /// # Errors
    /// The bridge's [`LevelError`] (the parser has checked each value, so
    /// only a schema the parser disagrees with would fail here).
    pub fn config(&self) -> Result<LevelConfig, LevelError> {
        let common = self.cli.command.common();
        let mut config = LevelConfig::new(self.cli.command.kind(), common.width, common.height);
        config.set_max_bytes(common.max_bytes);
        for &(name, value) in &self.options {
            config.set(name, value)?;
        }
        Ok(config)
    }

    /// Builds the level with `seed` and `vaults`, places the things of
    /// `tables` on it, and for mazes without vaults gives the 42 file text.
    ///
    /// # Errors
    /// The generator's [`LevelError`].
    pub fn generate(
        &self,
        seed: u64,
        vaults: &[Vault],
        tables: &[mcrdun_things::Table],
    ) -> Result<Generated, LevelError> {
        let mut generated = self.generate_level(seed, vaults)?;
        if !tables.is_empty() {
            let config = self.config()?;
            let depth = config.get("dungeon_level")? as u32;
            let cap = match config.max_bytes() {
                0 => u64::MAX,
                m => m,
            };
            let _budget = mcrdun_geom::memory::Budget::start_with(cap);
            generated.level.place_things(vaults, tables, depth, seed)?;
        }
        Ok(generated)
    }

    /// The level without things.
    fn generate_level(&self, seed: u64, vaults: &[Vault]) -> Result<Generated, LevelError> {
        let config = self.config()?;
        if !vaults.is_empty() {
            return Ok(Generated {
                level: mcrdun_dungeon::generate_with_vaults(&config, vaults, seed)?,
                maze_text: None,
            });
        }
        if let LevelConfig::Maze(maze) = &config {
            let m = mcrdun_dungeon::maze_level(maze, seed)?;
            let text = m.to_42()?;
            return Ok(Generated {
                level: m.level,
                maze_text: Some(text),
            });
        }
        Ok(Generated {
            level: mcrdun_dungeon::generate(&config, seed)?,
            maze_text: None,
        })
    }
}

/// The value of `spec` in a subcommand's matches.
fn option_value(spec: &OptionSpec, sub: &ArgMatches) -> f64 {
    match spec.value {
        ValueKind::Switch => f64::from(u8::from(sub.get_flag(spec.name))),
        ValueKind::Choice(_) | ValueKind::Integer | ValueKind::Real => sub
            .get_one::<f64>(spec.name)
            .copied()
            .unwrap_or(spec.default),
    }
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
            | Command::Drunkard { common, .. }
            | Command::Cave { common, .. } => common,
        }
    }

    /// The generator this subcommand runs.
    pub fn kind(&self) -> LevelKind {
        match self {
            Command::Bsp { .. } => LevelKind::Bsp,
            Command::Scatter { .. } => LevelKind::Scatter,
            Command::Maze { .. } => LevelKind::Maze,
            Command::Cave { .. } => LevelKind::Cave,
            Command::Passages { .. } => LevelKind::Passages,
            Command::Drunkard { .. } => LevelKind::Drunkard,
        }
    }

    pub fn is_maze(&self) -> bool {
        matches!(self, Command::Maze { .. })
    }
}

/// A seed from the clock, for runs without `--seed` (shown by `--stats`).
pub fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Parsed, clap::Error> {
        let matches = command().try_get_matches_from(args)?;
        Parsed::from_matches(&matches)
    }

    /// Every option of the schema is a flag of its subcommand, with the
    /// schema's default and doc, and no subcommand has a generator option
    /// the schema does not know.
    #[test]
    fn options_come_from_the_schema() {
        let cli = command();
        cli.clone().debug_assert();
        for kind in LevelKind::ALL {
            let sub = cli.find_subcommand(kind.name()).unwrap();
            for o in schema::options(kind) {
                let arg = sub
                    .get_arguments()
                    .find(|a| a.get_long() == Some(o.flag))
                    .unwrap_or_else(|| panic!("{}: no --{}", kind.name(), o.flag));
                let help = arg.get_help().map(|h| h.to_string()).unwrap_or_default();
                assert!(help.starts_with(o.doc), "{} --{}", kind.name(), o.flag);
            }
            let parsed = parse(&["mcrdun", kind.name()]).unwrap();
            let config = parsed.config().unwrap();
            assert_eq!(
                config,
                LevelConfig::new(kind, 80, 50),
                "{kind:?}: the defaults"
            );
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
                "vaults",
                "things",
            ];
            let maze_file: &[&str] = if kind == LevelKind::Maze {
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

    /// Flags reach the config through the bridge: every kind of value.
    #[test]
    fn flags_set_options() {
        let p = parse(&[
            "mcrdun",
            "bsp",
            "--min-room",
            "4",
            "--loops",
            "0.5",
            "--room-fill",
            "1",
        ])
        .unwrap();
        let c = p.config().unwrap();
        assert_eq!(
            (c.get("min_room").unwrap(), c.get("loops").unwrap()),
            (4.0, 0.5)
        );
        assert_eq!(c.get("room_fill").unwrap(), 1.0);
        let p = parse(&[
            "mcrdun",
            "maze",
            "--algorithm",
            "wilson",
            "--pattern42",
            "--width",
            "41",
        ])
        .unwrap();
        let c = p.config().unwrap();
        assert_eq!(
            (
                c.get("maze_algorithm").unwrap(),
                c.get("maze_pattern42").unwrap()
            ),
            (3.0, 1.0)
        );
        assert_eq!(c.width(), 41);
        let p = parse(&["mcrdun", "cave", "--fill", "0.45", "--max-bytes", "4096"]).unwrap();
        let c = p.config().unwrap();
        assert_eq!((c.get("cave_fill").unwrap(), c.max_bytes()), (0.45, 4096));
    }

    /// A value out of its range is refused by the parser with the range.
    #[test]
    fn ranges_are_the_schemas() {
        for (args, says) in [
            (
                &["mcrdun", "bsp", "--loops", "1.5"][..],
                "1.5 is not a number in [0, 1]",
            ),
            (
                &["mcrdun", "bsp", "--depth", "33"][..],
                "33 is not a whole number in 0..=32",
            ),
            (
                &["mcrdun", "scatter", "--max-room", "0"][..],
                "0 is not a whole number in 1..=65536",
            ),
            (
                &["mcrdun", "cave", "--passes", "2.5"][..],
                "2.5 is not a whole number",
            ),
            (&["mcrdun", "maze", "--algorithm", "dfs"][..], "backtracker"),
            (
                &["mcrdun", "maze", "--algorithm", "11"][..],
                "10 (binary-tree)",
            ),
        ] {
            let e = parse(args).unwrap_err().to_string();
            assert!(e.contains(says), "{args:?}: {e}");
        }
    }

    /// `--algorithm` reads a choice by the rule of `set_text` (issue 33:
    /// `WILSON` and `3` were refused): any case, or the number.
    #[test]
    fn choices_read_as_set_text_reads_them() {
        let spec = schema::find(LevelKind::Maze, "maze_algorithm").unwrap();
        for text in ["wilson", "WILSON", "Wilson", "3", " 3 "] {
            let p = parse(&["mcrdun", "maze", "--algorithm", text]).unwrap();
            let mut by_text = LevelConfig::new(LevelKind::Maze, 80, 50);
            by_text.set_text("maze_algorithm", text).unwrap();
            assert_eq!(p.config().unwrap(), by_text, "{text:?}");
            assert_eq!(by_text.get("maze_algorithm").unwrap(), 3.0);
        }
        for text in ["11", "1.5", "dfs", "-1", ""] {
            let cli = parse(&["mcrdun", "maze", "--algorithm", text]).is_err();
            let mut c = LevelConfig::new(LevelKind::Maze, 80, 50);
            assert!(
                cli && c.set_text("maze_algorithm", text).is_err(),
                "{text:?}"
            );
            assert!(spec.parse(text).is_err());
        }
    }
}
