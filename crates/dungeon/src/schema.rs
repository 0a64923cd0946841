//! The level options, defined once: name, generator, default, range and
//! doc of every option of every generator.
//!
//! The config structs' `Default`s read their values from the constants
//! here. The `mcrdun` command's flags take their defaults from the same
//! constants, but their help text is a copy of each option's
//! [`OptionSpec::doc`], kept equal to it by a test of that crate. The C
//! `McrdunLevelConfig` defaults are set from [`OPTIONS`], option by option. An error
//! about an option names it by [`OptionSpec::name`], the C field's name.

use crate::LevelKind;

/// An option's value: a count or a fraction.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum OptionValue {
    /// A whole number (counts, sizes, flags as 0 or 1, enum numbers).
    U32(u32),
    /// A fraction or other real number.
    F64(f64),
}

impl OptionValue {
    /// The value as a real number.
    pub fn as_f64(self) -> f64 {
        match self {
            OptionValue::U32(v) => f64::from(v),
            OptionValue::F64(v) => v,
        }
    }
}

/// One option of one generator.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OptionSpec {
    /// The generator that reads it.
    pub kind: LevelKind,
    /// The name: the C config field, and what errors say.
    pub name: &'static str,
    /// The command line flag (without `--`).
    pub flag: &'static str,
    /// The default. For `rooms`, 0 means "derived from the map's size".
    pub default: OptionValue,
    /// The least value accepted.
    pub min: f64,
    /// The greatest value accepted.
    pub max: f64,
    /// What it does.
    pub doc: &'static str,
}

/// BSP: the most times a leaf is split.
pub const BSP_DEPTH: u32 = 32;
/// BSP: the narrowest leaf.
pub const BSP_MIN_LEAF_WIDTH: u32 = 12;
/// BSP: the lowest leaf.
pub const BSP_MIN_LEAF_HEIGHT: u32 = 10;
/// BSP: the smallest room side.
pub const BSP_MIN_ROOM: u32 = 3;
/// BSP: the share of extra links.
pub const BSP_LOOPS: f64 = 0.15;
/// BSP, scatter, passages: Brogue's loop rule (0: off, use `loops`).
pub const LOOP_FACTOR: u32 = 0;
/// Scatter: rooms (0: from the map's size).
pub const SCATTER_ROOMS: u32 = 0;
/// Scatter: the smallest room side.
pub const SCATTER_MIN_ROOM: u32 = 4;
/// Scatter: the largest room side.
pub const SCATTER_MAX_ROOM: u32 = 10;
/// Scatter: the share of extra links.
pub const SCATTER_LOOPS: f64 = 0.15;
/// Maze: the algorithm's number (0: recursive backtracker).
pub const MAZE_ALGORITHM: u32 = 0;
/// Maze: the share of dead ends removed.
pub const MAZE_BRAID: f64 = 0.0;
/// Maze: block the "42" pattern (0 or 1).
pub const MAZE_PATTERN42: u32 = 0;
/// Cave: the share of rock in the noise.
pub const CAVE_FILL: f64 = 0.5;
/// Cave: smoothing passes.
pub const CAVE_PASSES: u32 = 4;
/// Passages: rooms (0: from the map's size).
pub const PASSAGES_ROOMS: u32 = 0;
/// Passages: the share of extra links.
pub const PASSAGES_LOOPS: f64 = 0.1;

/// The default ceiling on a level's working memory: 1 GiB.
pub const DEFAULT_MAX_BYTES: u64 = 1 << 30;

/// Working memory per tile, an upper estimate for every generator: the
/// tiles, room labels, search and walking-distance buffers, the joining
/// step's mask and labels.
pub const BYTES_PER_TILE: u64 = 24;

/// Every option of every generator.
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        kind: LevelKind::Bsp,
        name: "depth",
        flag: "depth",
        default: OptionValue::U32(BSP_DEPTH),
        min: 0.0,
        max: 32.0,
        doc: "The most times a leaf is split (splitting stops earlier where a leaf would be too small).",
    },
    OptionSpec {
        kind: LevelKind::Bsp,
        name: "min_leaf_width",
        flag: "min-leaf-width",
        default: OptionValue::U32(BSP_MIN_LEAF_WIDTH),
        min: 5.0,
        max: i32::MAX as f64,
        doc: "The narrowest leaf (at least min_room + 4: a room, its walls and a lane of rock).",
    },
    OptionSpec {
        kind: LevelKind::Bsp,
        name: "min_leaf_height",
        flag: "min-leaf-height",
        default: OptionValue::U32(BSP_MIN_LEAF_HEIGHT),
        min: 5.0,
        max: i32::MAX as f64,
        doc: "The lowest leaf (at least min_room + 4).",
    },
    OptionSpec {
        kind: LevelKind::Bsp,
        name: "min_room",
        flag: "min-room",
        default: OptionValue::U32(BSP_MIN_ROOM),
        min: 1.0,
        max: 65536.0,
        doc: "The smallest room side.",
    },
    OptionSpec {
        kind: LevelKind::Bsp,
        name: "loops",
        flag: "loops",
        default: OptionValue::F64(BSP_LOOPS),
        min: 0.0,
        max: 1.0,
        doc: "Share of the other leaf adjacencies linked beyond the spanning tree (at least one when above 0).",
    },
    OptionSpec {
        kind: LevelKind::Bsp,
        name: "loop_factor",
        flag: "loop-factor",
        default: OptionValue::U32(LOOP_FACTOR),
        min: 0.0,
        max: 1000.0,
        doc: "Brogue's loop rule instead of loops: link two rooms beyond the tree only where that cuts their walk, in links, from at least this many to 1 (0: off; else at least 2).",
    },
    OptionSpec {
        kind: LevelKind::Scatter,
        name: "rooms",
        flag: "rooms",
        default: OptionValue::U32(SCATTER_ROOMS),
        min: 0.0,
        max: u32::MAX as f64,
        doc: "Rooms scattered (0: one per 190 tiles of the map, then as many more as fit in the gaps left); those pushed off the map are dropped.",
    },
    OptionSpec {
        kind: LevelKind::Scatter,
        name: "min_room",
        flag: "min-room",
        default: OptionValue::U32(SCATTER_MIN_ROOM),
        min: 1.0,
        max: 65536.0,
        doc: "The smallest room side.",
    },
    OptionSpec {
        kind: LevelKind::Scatter,
        name: "max_room",
        flag: "max-room",
        default: OptionValue::U32(SCATTER_MAX_ROOM),
        min: 1.0,
        max: 65536.0,
        doc: "The largest room side.",
    },
    OptionSpec {
        kind: LevelKind::Scatter,
        name: "loops",
        flag: "loops",
        default: OptionValue::F64(SCATTER_LOOPS),
        min: 0.0,
        max: 1.0,
        doc: "Share of the other neighbour pairs linked beyond the spanning tree (at least one when above 0).",
    },
    OptionSpec {
        kind: LevelKind::Scatter,
        name: "loop_factor",
        flag: "loop-factor",
        default: OptionValue::U32(LOOP_FACTOR),
        min: 0.0,
        max: 1000.0,
        doc: "Brogue's loop rule instead of loops: link two rooms beyond the tree only where that cuts their walk, in links, from at least this many to 1 (0: off; else at least 2).",
    },
    OptionSpec {
        kind: LevelKind::Maze,
        name: "maze_algorithm",
        flag: "algorithm",
        default: OptionValue::U32(MAZE_ALGORITHM),
        min: 0.0,
        max: 10.0,
        doc: "The carving algorithm (0: recursive backtracker).",
    },
    OptionSpec {
        kind: LevelKind::Maze,
        name: "maze_braid",
        flag: "braid",
        default: OptionValue::F64(MAZE_BRAID),
        min: 0.0,
        max: 1.0,
        doc: "Share of dead ends removed by opening a wall (adds loops).",
    },
    OptionSpec {
        kind: LevelKind::Maze,
        name: "maze_pattern42",
        flag: "pattern42",
        default: OptionValue::U32(MAZE_PATTERN42),
        min: 0.0,
        max: 1.0,
        doc: "Block the cells of a \"42\" drawn in the middle of the maze.",
    },
    OptionSpec {
        kind: LevelKind::Cave,
        name: "cave_fill",
        flag: "fill",
        default: OptionValue::F64(CAVE_FILL),
        min: 0.0,
        max: 1.0,
        doc: "Share of rock in the initial noise (0.5: 45-52% floor at every size).",
    },
    OptionSpec {
        kind: LevelKind::Cave,
        name: "cave_passes",
        flag: "passes",
        default: OptionValue::U32(CAVE_PASSES),
        min: 0.0,
        max: 64.0,
        doc: "Smoothing passes of the automaton.",
    },
    OptionSpec {
        kind: LevelKind::Passages,
        name: "rooms",
        flag: "rooms",
        default: OptionValue::U32(PASSAGES_ROOMS),
        min: 0.0,
        max: u32::MAX as f64,
        doc: "Rooms wanted, Voronoi sites 8 tiles apart (0: one per 170 tiles of the map).",
    },
    OptionSpec {
        kind: LevelKind::Passages,
        name: "loops",
        flag: "loops",
        default: OptionValue::F64(PASSAGES_LOOPS),
        min: 0.0,
        max: 1.0,
        doc: "Share of the other adjacent room pairs linked beyond the spanning tree (at least one when above 0).",
    },
    OptionSpec {
        kind: LevelKind::Passages,
        name: "loop_factor",
        flag: "loop-factor",
        default: OptionValue::U32(LOOP_FACTOR),
        min: 0.0,
        max: 1000.0,
        doc: "Brogue's loop rule instead of loops: link two rooms beyond the tree only where that cuts their walk, in links, from at least this many to 1 (0: off; else at least 2).",
    },
];

/// The options of `kind`, in the order of [`OPTIONS`].
///
/// ```
/// use mcrdun_dungeon::{schema, LevelKind};
/// let names: Vec<_> = schema::options(LevelKind::Cave).map(|o| o.name).collect();
/// assert_eq!(names, ["cave_fill", "cave_passes"]);
/// ```
pub fn options(kind: LevelKind) -> impl Iterator<Item = &'static OptionSpec> {
    OPTIONS.iter().filter(move |o| o.kind == kind)
}

/// The command line flag of the option named `name` (the first generator's
/// that has it), or `name` itself.
pub fn flag_of(name: &str) -> &str {
    OPTIONS
        .iter()
        .find(|o| o.name == name)
        .map_or(name, |o| o.flag)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{BspConfig, CaveConfig, LevelConfig, MazeConfig, PassagesConfig, ScatterConfig};

    /// The config structs' defaults are the schema's.
    #[test]
    fn defaults_come_from_the_schema() {
        for kind in LevelKind::ALL {
            let config = LevelConfig::new(kind, 80, 50);
            for o in options(kind) {
                assert_eq!(
                    config.option(o.name),
                    Some(o.default.as_f64()),
                    "{kind:?} {}",
                    o.name
                );
                assert!(o.min <= o.default.as_f64() && o.default.as_f64() <= o.max);
            }
            assert!(config.option("no_such_option").is_none());
        }
        let _ = (
            BspConfig::default(),
            ScatterConfig::default(),
            MazeConfig::default(),
            CaveConfig::default(),
            PassagesConfig::default(),
        );
    }

    #[test]
    fn names_are_unique_per_generator() {
        for kind in LevelKind::ALL {
            let mut names: Vec<_> = options(kind).map(|o| o.name).collect();
            let n = names.len();
            names.sort_unstable();
            names.dedup();
            assert_eq!(names.len(), n);
        }
        assert_eq!(flag_of("cave_fill"), "fill");
        assert_eq!(flag_of("width"), "width");
    }
}
