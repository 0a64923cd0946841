//! The level options, defined once: name, generator, kind of value,
//! default, range and doc of every option of every generator.
//!
//! Everything that takes level options reads them from [`OPTIONS`]: the
//! config structs' `Default`s, [`LevelConfig::set`](crate::LevelConfig::set)
//! and [`get`](crate::LevelConfig::get) (which check each value against its
//! spec with [`OptionSpec::check`]), the generators (which call
//! [`validate`] and hold no ranges of their own), the `mcrdun` command
//! (which builds each generator's flags, help and defaults from this table
//! at run time), the C options handle (`mcrdun_level_option_info` hands the
//! table itself to C) and the Python package. Adding an option is one
//! entry here, a field on the generator's config (with its line in the
//! config's `options!` list) and the code that uses it.
//!
//! An error about an option names it by [`OptionSpec::name`].
//!
//! ```
//! use mcrdun_dungeon::{LevelConfig, LevelKind, schema};
//! let spec = schema::find(LevelKind::Cave, "cave_fill").unwrap();
//! assert_eq!((spec.min, spec.max, spec.default), (0.0, 0.65, 0.5));
//! assert!(spec.check(0.25).is_ok());
//! assert!(spec.check(f64::NAN).is_err());
//! let mut config = LevelConfig::new(LevelKind::Cave, 60, 30);
//! config.set("cave_fill", 0.45)?;
//! assert_eq!(config.get("cave_fill")?, 0.45);
//! # Ok::<(), mcrdun_dungeon::LevelError>(())
//! ```

use crate::{LevelError, LevelKind};

/// What kind of value an option takes. Every value crosses the bridge as
/// an `f64`; this says which `f64`s make sense.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueKind {
    /// A whole number (a count or a size).
    Integer,
    /// A real number (a fraction, a weight).
    Real,
    /// Off (0) or on (1).
    Switch,
    /// One of several named choices, by number: `0` is the first name.
    Choice(&'static [&'static str]),
}

impl ValueKind {
    /// The lower-case word for this kind of value (`"integer"`, `"real"`,
    /// `"switch"`, `"choice"`).
    pub const fn word(self) -> &'static str {
        match self {
            ValueKind::Integer => "integer",
            ValueKind::Real => "real",
            ValueKind::Switch => "switch",
            ValueKind::Choice(_) => "choice",
        }
    }
}

/// The maze carvers' names, by number (the `maze_algorithm` choices).
pub const ALGORITHM_NAMES: [&str; 11] = mcrdun_carve::Algorithm::NAMES;

/// One option of one generator.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OptionSpec {
    /// The generator that reads it.
    pub kind: LevelKind,
    /// The name: what [`LevelConfig::set`](crate::LevelConfig::set), the C
    /// options handle, Python's keyword arguments and errors say.
    pub name: &'static str,
    /// The command line flag (without `--`).
    pub flag: &'static str,
    /// What kind of value it takes.
    pub value: ValueKind,
    /// The default. For `rooms`, 0 means "derived from the map's size".
    pub default: f64,
    /// The least value accepted.
    pub min: f64,
    /// The greatest value accepted.
    pub max: f64,
    /// What it does.
    pub doc: &'static str,
}

impl OptionSpec {
    /// Checks `value` against this option: finite, within `min..=max`, and
    /// whole unless the option is [`ValueKind::Real`].
    ///
    /// # Errors
    /// [`LevelError::InvalidOption`] naming the option, the value and the
    /// range.
    ///
    /// ```
    /// use mcrdun_dungeon::{schema, LevelKind};
    /// let depth = schema::find(LevelKind::Bsp, "depth").unwrap();
    /// assert!(depth.check(4.0).is_ok());
    /// let e = depth.check(4.5).unwrap_err();
    /// assert_eq!(e.to_string(), "invalid depth (--depth): 4.5 is not a whole number in 0..=32");
    /// ```
    pub fn check(&self, value: f64) -> Result<(), LevelError> {
        let whole = self.value != ValueKind::Real;
        let fits = value.is_finite()
            && (self.min..=self.max).contains(&value)
            && (!whole || value.fract() == 0.0);
        if fits {
            return Ok(());
        }
        Err(LevelError::InvalidOption {
            name: self.name,
            reason: format!("{} is not {}", number(value), self.range_text()),
        })
    }

    /// The accepted values in words: `"a whole number in 0..=32"`, `"a
    /// number in [0, 1]"`, `"0 (off) or 1 (on)"`, or the choices.
    pub fn range_text(&self) -> String {
        match self.value {
            ValueKind::Integer => format!("a whole number in {}..={}", self.min, self.max),
            ValueKind::Real => format!("a number in [{}, {}]", self.min, self.max),
            ValueKind::Switch => "0 (off) or 1 (on)".to_string(),
            ValueKind::Choice(names) => {
                let listed: Vec<String> = names
                    .iter()
                    .enumerate()
                    .map(|(i, n)| format!("{i} ({n})"))
                    .collect();
                format!("one of {}", listed.join(", "))
            }
        }
    }

    /// Reads a value written as text: a number; for a switch also `true`,
    /// `false`, `on`, `off`, `yes`, `no`; for a choice also its name. The
    /// value is then [checked](Self::check).
    ///
    /// # Errors
    /// [`LevelError::InvalidOption`] when the text is none of these or the
    /// value is out of range.
    ///
    /// ```
    /// use mcrdun_dungeon::{schema, LevelKind};
    /// let algorithm = schema::find(LevelKind::Maze, "maze_algorithm").unwrap();
    /// assert_eq!(algorithm.parse("prim")?, 1.0);
    /// assert_eq!(algorithm.parse("2")?, 2.0);
    /// let pattern = schema::find(LevelKind::Maze, "maze_pattern42").unwrap();
    /// assert_eq!(pattern.parse("true")?, 1.0);
    /// assert!(pattern.parse("maybe").is_err());
    /// # Ok::<(), mcrdun_dungeon::LevelError>(())
    /// ```
    pub fn parse(&self, text: &str) -> Result<f64, LevelError> {
        let word = text.trim();
        let named = match self.value {
            ValueKind::Switch => match word.to_ascii_lowercase().as_str() {
                "true" | "on" | "yes" => Some(1.0),
                "false" | "off" | "no" => Some(0.0),
                _ => None,
            },
            ValueKind::Choice(names) => names
                .iter()
                .position(|n| n.eq_ignore_ascii_case(word))
                .map(|i| i as f64),
            ValueKind::Integer | ValueKind::Real => None,
        };
        let value = match named {
            Some(v) => v,
            None => word.parse::<f64>().map_err(|_| LevelError::InvalidOption {
                name: self.name,
                reason: format!("{} is not {}", shown(text), self.range_text()),
            })?,
        };
        self.check(value)?;
        Ok(value)
    }
}

/// A number as messages show it: plainly, or in exponent form when it is
/// huge or tiny.
fn number(value: f64) -> String {
    if value == 0.0 || (1e-6..1e16).contains(&value.abs()) || !value.is_finite() {
        format!("{value}")
    } else {
        format!("{value:e}")
    }
}

/// `text` as an error shows it: quoted and escaped, cut after 40
/// characters, so that a huge or binary value cannot flood a message.
pub fn shown(text: &str) -> String {
    const MOST: usize = 40;
    let mut cut: String = text.chars().take(MOST).collect();
    if cut.len() < text.len() {
        cut.push_str("...");
    }
    format!("{cut:?}")
}

/// The `locks` option of generator `kind` (every generator has it, alike).
const fn locks_spec(kind: LevelKind) -> OptionSpec {
    OptionSpec {
        kind,
        name: "locks",
        flag: "locks",
        value: ValueKind::Integer,
        default: LOCKS as f64,
        min: 0.0,
        max: MAX_LOCKS as f64,
        doc: LOCKS_DOC,
    }
}

/// The `loop_factor` option of generator `kind` (the room generators
/// that link a graph have it, alike).
const fn loop_factor_spec(kind: LevelKind) -> OptionSpec {
    OptionSpec {
        kind,
        name: "loop_factor",
        flag: "loop-factor",
        value: ValueKind::Integer,
        default: LOOP_FACTOR as f64,
        min: 0.0,
        max: 1000.0,
        doc: "Brogue's loop rule instead of loops: link two rooms beyond the tree only where that cuts their walk, in links, from at least this many to 1 (0: off; 1: every adjacency linked).",
    }
}

/// The `dungeon_level` option of generator `kind` (every generator has
/// it, alike).
const fn dungeon_level_spec(kind: LevelKind) -> OptionSpec {
    OptionSpec {
        kind,
        name: "dungeon_level",
        flag: "dungeon-level",
        value: ValueKind::Integer,
        default: DUNGEON_LEVEL as f64,
        min: 0.0,
        max: mcrdun_things::MAX_DEPTH as f64,
        doc: DUNGEON_LEVEL_DOC,
    }
}

/// BSP: the most times a leaf is split.
pub const BSP_DEPTH: u32 = 32;
/// BSP: the narrowest leaf.
pub const BSP_MIN_LEAF_WIDTH: u32 = 12;
/// BSP: the lowest leaf.
pub const BSP_MIN_LEAF_HEIGHT: u32 = 10;
/// BSP: the smallest room side.
pub const BSP_MIN_ROOM: u32 = 3;
/// BSP: how much of its leaf a room fills at least.
pub const BSP_ROOM_FILL: f64 = 0.0;
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
/// Cave: the largest share of rock in the noise. Above it the smoothing
/// fills most maps with rock (at 0.7, 22 of seeds 1-300 at 40x25 leave
/// no cave; at 0.9 none is left at any size); at 0.65 every one of seeds
/// 1-300 at 40x25, 80x50 and 200x120 makes a level.
pub const CAVE_MAX_FILL: f64 = 0.65;
/// Cave: smoothing passes.
pub const CAVE_PASSES: u32 = 4;
/// Default `drunkard_style` (2: winding passages, whose tunnels and
/// narrow ways leave chokepoints for locks; an open area has none).
pub const DRUNKARD_STYLE: u32 = 2;
/// Default `drunkard_floor`.
pub const DRUNKARD_FLOOR: f64 = 0.45;
/// The names of the drunkard's walk styles, in number order.
pub const DRUNKARD_STYLE_NAMES: [&str; 5] = crate::DrunkardStyle::NAMES;
/// Passages: rooms (0: from the map's size).
pub const PASSAGES_ROOMS: u32 = 0;
/// Passages: the share of extra links.
pub const PASSAGES_LOOPS: f64 = 0.1;

/// Every generator: locks placed on the finished level (0: none).
pub const LOCKS: u32 = 0;
/// Every generator: the most locks a level takes.
pub const MAX_LOCKS: u32 = 32;

/// Every generator: the level's depth in the dungeon, for the things'
/// tables (`dungeon_level`).
pub const DUNGEON_LEVEL: u32 = 1;

/// The default ceiling on a level's working memory: 1 GiB, the process-wide
/// memory limit's default (`mcrdun_geom::memory::DEFAULT_MEMORY_LIMIT`).
/// A level's `max_bytes` can only lower the process limit for its call.
pub const DEFAULT_MAX_BYTES: u64 = 1 << 30;

/// The most working memory a tile any kind of level counts: see
/// [`bytes_per_tile`].
pub const BYTES_PER_TILE: u64 = 40;

/// The fixed part of a level's working memory, counted besides its tiles
/// (see [`level_bytes`]): small tables, the options, the few vectors whose
/// size does not grow with the map.
pub const LEVEL_FIXED_BYTES: u64 = 64 << 10;

/// Working memory per tile of a level of `kind`, a measured fact: the peak
/// heap of every stage (the layout's own structures, the room graph, the
/// corridor searches, the vaults, the walking-distance maps of the stairs,
/// the tiles and the level returned), measured by a counting allocator
/// over random sizes (thin maps included), random options in their ranges
/// and the example vaults, and rounded up: bsp 22 (measured 19.4 at
/// worst), scatter 40 (34.1), maze 24 (21.4), cave 26 (22.6), passages 32
/// (27.5), drunkard 26 (as caves, whose stages it shares, with a floor
/// list of 4 bytes a floor tile; 17.0 in the costs test's sample). A level is admitted only when [`level_bytes`] fits its
/// ceiling, so every stage after that fits too.
///
/// Not counted: the shortest joining of the finishing step's last safety
/// net, which joins walkable regions left apart by digging through walls
/// (`mcrdun_regions::connect`, 56 bytes a cell). Every generator joins
/// its own rooms or pieces first, and the net never ran over 15,000
/// levels (every kind, five sizes from 20x300 to 200x120, seeds 1-300,
/// with and without vaults). Where the shortest joining would pass the
/// ceiling, the net digs straight corridors bent once instead (the
/// labels and the labelling's scratch, about 11 bytes a cell, inside
/// every kind's count), so the level is not refused late.
pub const fn bytes_per_tile(kind: LevelKind) -> u64 {
    match kind {
        LevelKind::Bsp => 22,
        LevelKind::Scatter => BYTES_PER_TILE,
        LevelKind::Maze => 24,
        LevelKind::Cave => 26,
        LevelKind::Passages => 32,
        LevelKind::Drunkard => 26,
    }
}

/// The working memory a level of `kind` and `width` x `height` tiles is
/// admitted with: [`LEVEL_FIXED_BYTES`] plus [`bytes_per_tile`] a tile
/// (saturating).
///
/// ```
/// use mcrdun_dungeon::{LevelKind, schema::level_bytes};
/// assert_eq!(level_bytes(LevelKind::Bsp, 80, 50), (64 << 10) + 80 * 50 * 22);
/// ```
pub const fn level_bytes(kind: LevelKind, width: u32, height: u32) -> u64 {
    let tiles = width as u64 * height as u64;
    LEVEL_FIXED_BYTES.saturating_add(tiles.saturating_mul(bytes_per_tile(kind)))
}

/// The doc of the `locks` option, which every generator has.
const LOCKS_DOC: &str = "Locks placed on the finished level, a chain: each gates an area holding the down stairs and the next locks, its key before it (0: none).";

/// The doc of the `dungeon_level` option, which every generator has.
const DUNGEON_LEVEL_DOC: &str = "The level's depth in the dungeon (1: the first level), which the things' tables read (`depth MIN..MAX`); not the BSP split depth. Without things it changes nothing.";

/// Every option of every generator.
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        kind: LevelKind::Bsp,
        name: "depth",
        flag: "depth",
        value: ValueKind::Integer,
        default: BSP_DEPTH as f64,
        min: 0.0,
        max: 32.0,
        doc: "The most times a leaf is split (splitting stops earlier where a leaf would be too small).",
    },
    OptionSpec {
        kind: LevelKind::Bsp,
        name: "min_leaf_width",
        flag: "min-leaf-width",
        value: ValueKind::Integer,
        default: BSP_MIN_LEAF_WIDTH as f64,
        min: 5.0,
        max: i32::MAX as f64,
        doc: "The narrowest leaf (at least min_room + 4: a room, its walls and a lane of rock).",
    },
    OptionSpec {
        kind: LevelKind::Bsp,
        name: "min_leaf_height",
        flag: "min-leaf-height",
        value: ValueKind::Integer,
        default: BSP_MIN_LEAF_HEIGHT as f64,
        min: 5.0,
        max: i32::MAX as f64,
        doc: "The lowest leaf (at least min_room + 4).",
    },
    OptionSpec {
        kind: LevelKind::Bsp,
        name: "min_room",
        flag: "min-room",
        value: ValueKind::Integer,
        default: BSP_MIN_ROOM as f64,
        min: 1.0,
        max: 65536.0,
        doc: "The smallest room side.",
    },
    OptionSpec {
        kind: LevelKind::Bsp,
        name: "room_fill",
        flag: "room-fill",
        value: ValueKind::Real,
        default: BSP_ROOM_FILL,
        min: 0.0,
        max: 1.0,
        doc: "How much of its leaf a room fills at least: each side is drawn from min_room plus this share of the rest (0: any size; 1: as large as the leaf allows).",
    },
    OptionSpec {
        kind: LevelKind::Bsp,
        name: "loops",
        flag: "loops",
        value: ValueKind::Real,
        default: BSP_LOOPS,
        min: 0.0,
        max: 1.0,
        doc: "Share of the other leaf adjacencies linked beyond the spanning tree (at least one when above 0).",
    },
    loop_factor_spec(LevelKind::Bsp),
    locks_spec(LevelKind::Bsp),
    dungeon_level_spec(LevelKind::Bsp),
    OptionSpec {
        kind: LevelKind::Scatter,
        name: "rooms",
        flag: "rooms",
        value: ValueKind::Integer,
        default: SCATTER_ROOMS as f64,
        min: 0.0,
        max: u32::MAX as f64,
        doc: "Rooms scattered (0: one per 190 tiles of the map, then as many more as fit in the gaps left); those pushed off the map are dropped.",
    },
    OptionSpec {
        kind: LevelKind::Scatter,
        name: "min_room",
        flag: "min-room",
        value: ValueKind::Integer,
        default: SCATTER_MIN_ROOM as f64,
        min: 1.0,
        max: 65536.0,
        doc: "The smallest room side.",
    },
    OptionSpec {
        kind: LevelKind::Scatter,
        name: "max_room",
        flag: "max-room",
        value: ValueKind::Integer,
        default: SCATTER_MAX_ROOM as f64,
        min: 1.0,
        max: 65536.0,
        doc: "The largest room side.",
    },
    OptionSpec {
        kind: LevelKind::Scatter,
        name: "loops",
        flag: "loops",
        value: ValueKind::Real,
        default: SCATTER_LOOPS,
        min: 0.0,
        max: 1.0,
        doc: "Share of the other neighbour pairs linked beyond the spanning tree (at least one when above 0).",
    },
    loop_factor_spec(LevelKind::Scatter),
    locks_spec(LevelKind::Scatter),
    dungeon_level_spec(LevelKind::Scatter),
    OptionSpec {
        kind: LevelKind::Maze,
        name: "maze_algorithm",
        flag: "algorithm",
        value: ValueKind::Choice(&ALGORITHM_NAMES),
        default: MAZE_ALGORITHM as f64,
        min: 0.0,
        max: 10.0,
        doc: "The carving algorithm (0: recursive backtracker).",
    },
    OptionSpec {
        kind: LevelKind::Maze,
        name: "maze_braid",
        flag: "braid",
        value: ValueKind::Real,
        default: MAZE_BRAID,
        min: 0.0,
        max: 1.0,
        doc: "Share of dead ends removed by opening a wall (adds loops).",
    },
    OptionSpec {
        kind: LevelKind::Maze,
        name: "maze_pattern42",
        flag: "pattern42",
        value: ValueKind::Switch,
        default: MAZE_PATTERN42 as f64,
        min: 0.0,
        max: 1.0,
        doc: "Block the cells of a \"42\" drawn in the middle of the maze.",
    },
    locks_spec(LevelKind::Maze),
    dungeon_level_spec(LevelKind::Maze),
    OptionSpec {
        kind: LevelKind::Cave,
        name: "cave_fill",
        flag: "fill",
        value: ValueKind::Real,
        default: CAVE_FILL,
        min: 0.0,
        max: CAVE_MAX_FILL,
        doc: "Share of rock in the initial noise (0.5: 45-52% floor at every size; at most 0.65: above it the automaton leaves no cave on many maps).",
    },
    OptionSpec {
        kind: LevelKind::Cave,
        name: "cave_passes",
        flag: "passes",
        value: ValueKind::Integer,
        default: CAVE_PASSES as f64,
        min: 0.0,
        max: 64.0,
        doc: "Smoothing passes of the automaton.",
    },
    locks_spec(LevelKind::Cave),
    dungeon_level_spec(LevelKind::Cave),
    OptionSpec {
        kind: LevelKind::Passages,
        name: "rooms",
        flag: "rooms",
        value: ValueKind::Integer,
        default: PASSAGES_ROOMS as f64,
        min: 0.0,
        max: u32::MAX as f64,
        doc: "Rooms wanted, Voronoi sites 8 tiles apart (0: one per 170 tiles of the map).",
    },
    OptionSpec {
        kind: LevelKind::Passages,
        name: "loops",
        flag: "loops",
        value: ValueKind::Real,
        default: PASSAGES_LOOPS,
        min: 0.0,
        max: 1.0,
        doc: "Share of the other adjacent room pairs linked beyond the spanning tree (at least one when above 0).",
    },
    loop_factor_spec(LevelKind::Passages),
    locks_spec(LevelKind::Passages),
    dungeon_level_spec(LevelKind::Passages),
    OptionSpec {
        kind: LevelKind::Drunkard,
        name: "drunkard_style",
        flag: "style",
        value: ValueKind::Choice(&DRUNKARD_STYLE_NAMES),
        default: DRUNKARD_STYLE as f64,
        min: 0.0,
        max: 4.0,
        doc: "How the diggers go (0: open area, one area grown from the middle; 1: open halls; 2: winding passages; 3: fat passages, two tiles wide; 4: mirrored winding passages).",
    },
    OptionSpec {
        kind: LevelKind::Drunkard,
        name: "drunkard_floor",
        flag: "floor",
        value: ValueKind::Real,
        default: DRUNKARD_FLOOR,
        min: 0.05,
        max: 0.7,
        doc: "Share of the map inside its border that the diggers make floor (the clean-up and the tunnels change it by a little).",
    },
    locks_spec(LevelKind::Drunkard),
    dungeon_level_spec(LevelKind::Drunkard),
];

/// The options of `kind`, in the order of [`OPTIONS`].
///
/// ```
/// use mcrdun_dungeon::{schema, LevelKind};
/// let names: Vec<_> = schema::options(LevelKind::Cave).map(|o| o.name).collect();
/// assert_eq!(names, ["cave_fill", "cave_passes", "locks", "dungeon_level"]);
/// ```
pub fn options(kind: LevelKind) -> impl Iterator<Item = &'static OptionSpec> {
    OPTIONS.iter().filter(move |o| o.kind == kind)
}

/// The option `name` of `kind`, if it has one.
///
/// ```
/// use mcrdun_dungeon::{schema, LevelKind};
/// assert_eq!(schema::find(LevelKind::Bsp, "min_room").unwrap().default, 3.0);
/// assert!(schema::find(LevelKind::Bsp, "cave_fill").is_none());
/// ```
pub fn find(kind: LevelKind, name: &str) -> Option<&'static OptionSpec> {
    options(kind).find(|o| o.name == name)
}

/// Checks every option of `config` against its spec: what each generator
/// does first, so that a config built field by field is held to the same
/// ranges as one built with [`LevelConfig::set`](crate::LevelConfig::set).
///
/// # Errors
/// The first [`LevelError::InvalidOption`], in the order of [`OPTIONS`].
pub fn validate(config: &crate::LevelConfig) -> Result<(), LevelError> {
    for spec in options(config.kind()) {
        let value = config.get(spec.name)?;
        spec.check(value)?;
    }
    Ok(())
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
    use crate::LevelConfig;

    /// The config structs' defaults are the schema's, and every default is
    /// a value its own spec accepts.
    #[test]
    fn defaults_come_from_the_schema() {
        for kind in LevelKind::ALL {
            let config = LevelConfig::new(kind, 80, 50);
            for o in options(kind) {
                assert_eq!(
                    config.get(o.name).unwrap(),
                    o.default,
                    "{kind:?} {}",
                    o.name
                );
                o.check(o.default).unwrap();
            }
            assert!(validate(&config).is_ok());
        }
    }

    /// Each option takes its bounds and refuses what lies past them, NaN,
    /// infinities and (unless real) fractions; a refused value leaves the
    /// config as it was.
    #[test]
    fn set_enforces_each_range() {
        for o in OPTIONS {
            let mut config = LevelConfig::new(o.kind, 80, 50);
            for ok in [o.min, o.max] {
                config.set(o.name, ok).unwrap();
                assert_eq!(config.get(o.name).unwrap(), ok, "{}", o.name);
            }
            let before = config;
            let mut bad = vec![f64::NAN, f64::INFINITY, f64::NEG_INFINITY, o.min - 1.0];
            if o.max < f64::from(u32::MAX) {
                bad.push(o.max + 1.0);
            }
            if o.value != ValueKind::Real {
                bad.push(o.min + 0.5);
            }
            for v in bad {
                let e = config.set(o.name, v).unwrap_err();
                assert!(
                    matches!(e, LevelError::InvalidOption { name, .. } if name == o.name),
                    "{} {v}: {e}",
                    o.name
                );
                assert_eq!(config, before, "{} {v}", o.name);
            }
        }
    }

    #[test]
    fn unknown_names_list_the_valid_ones() {
        let mut config = LevelConfig::new(LevelKind::Cave, 80, 50);
        let e = config.set("loops", 0.5).unwrap_err();
        assert_eq!(
            e.to_string(),
            "cave levels have no option \"loops\"; their options are width, height, cave_fill, cave_passes, locks, dungeon_level"
        );
        assert!(matches!(
            config.get("nope"),
            Err(LevelError::UnknownOption { .. })
        ));
        // A huge or binary name is cut short and escaped.
        let long = format!("a\0{}", "x".repeat(10_000));
        let e = config.set(&long, 1.0).unwrap_err().to_string();
        assert!(e.len() < 200 && e.contains("a\\0xx"), "{e}");
    }

    /// The errors name the side and the value; get reads the sides; the
    /// memory ceiling is a setting of its own.
    #[test]
    fn sides_and_ceiling() {
        let mut config = LevelConfig::new(LevelKind::Maze, 41, 31);
        assert_eq!(
            (config.get("width").unwrap(), config.get("height").unwrap()),
            (41.0, 31.0)
        );
        let e = config.set("height", 0.5).unwrap_err().to_string();
        assert!(
            e.starts_with("invalid height") && e.contains("0.5 is not"),
            "{e}"
        );
        let e = config.set("width", -2.0).unwrap_err().to_string();
        assert!(
            e.starts_with("invalid width") && e.contains("-2 is not"),
            "{e}"
        );
        let e = config.set_text("height", "x").unwrap_err().to_string();
        assert!(e.starts_with("invalid height"), "{e}");
        let e = config.set_text("width", "x").unwrap_err().to_string();
        assert!(e.starts_with("invalid width"), "{e}");
        // A name that is neither an option nor a side is unknown as text too.
        assert!(matches!(
            config.set_text("depth", "x"),
            Err(LevelError::UnknownOption { .. })
        ));
        assert_eq!(config.max_bytes(), 0);
        config.set_max_bytes(12345);
        assert_eq!(config.max_bytes(), 12345);
        assert_eq!((config.width(), config.height()), (41, 31));
    }

    /// Echoed text is quoted, escaped and cut after 40 characters.
    #[test]
    fn shown_text() {
        assert_eq!(shown("depth"), "\"depth\"");
        assert_eq!(shown(&"x".repeat(40)), format!("{:?}", "x".repeat(40)));
        assert_eq!(shown(&"x".repeat(41)), format!("\"{}...\"", "x".repeat(40)));
        assert_eq!(shown("a\nb"), "\"a\\nb\"");
    }

    /// The default ceiling is the process-wide limit's default.
    #[test]
    fn default_ceiling_is_the_process_default() {
        assert_eq!(DEFAULT_MAX_BYTES, mcrdun_geom::memory::DEFAULT_MEMORY_LIMIT);
        assert_eq!(DEFAULT_MAX_BYTES, 1_073_741_824);
    }

    /// Huge and tiny values read in exponent form, others plainly.
    #[test]
    fn numbers_in_messages() {
        for (v, shown) in [
            (1e100, "1e100"),
            (-1e100, "-1e100"),
            (1e-7, "1e-7"),
            (4.5, "4.5"),
            (-3.0, "-3"),
            (0.0, "0"),
            (f64::NAN, "NaN"),
            (f64::INFINITY, "inf"),
        ] {
            assert_eq!(number(v), shown);
        }
    }

    #[test]
    fn size_by_name() {
        let mut config = LevelConfig::new(LevelKind::Bsp, 80, 50);
        config.set("width", 120.0).unwrap();
        config.set_text("height", " 70 ").unwrap();
        assert_eq!((config.width(), config.height()), (120, 70));
        for bad in [-1.0, 0.5, f64::NAN, 5e9] {
            assert!(config.set("width", bad).is_err(), "{bad}");
        }
        assert!(config.set_text("height", "tall").is_err());
        assert_eq!((config.width(), config.height()), (120, 70));
    }

    #[test]
    fn text_values() {
        let maze = find(LevelKind::Maze, "maze_algorithm").unwrap();
        for (i, name) in ALGORITHM_NAMES.iter().enumerate() {
            assert_eq!(maze.parse(name).unwrap(), i as f64);
            assert_eq!(maze.parse(&name.to_uppercase()).unwrap(), i as f64);
            let a = crate::MazeAlgorithm::from_number(i as u32).unwrap();
            assert_eq!(a.name(), *name, "the choices are the carvers' names");
        }
        assert!(maze.parse("11").is_err());
        assert!(maze.parse("dfs").is_err());
        let fill = find(LevelKind::Cave, "cave_fill").unwrap();
        assert_eq!(fill.parse(" 0.25").unwrap(), 0.25);
        let e = fill.parse(&"9".repeat(100)).unwrap_err().to_string();
        assert!(e.len() < 120, "{e}");
        let e = fill.parse("x\u{1}").unwrap_err().to_string();
        assert_eq!(
            e,
            "invalid cave_fill (--fill): \"x\\u{1}\" is not a number in [0, 0.65]"
        );
        let switch = find(LevelKind::Maze, "maze_pattern42").unwrap();
        for (text, v) in [("on", 1.0), ("No", 0.0), ("1", 1.0), ("FALSE", 0.0)] {
            assert_eq!(switch.parse(text).unwrap(), v, "{text}");
        }
        assert!(switch.parse("2").is_err());
        assert_eq!(switch.range_text(), "0 (off) or 1 (on)");
        assert!(
            maze.range_text()
                .starts_with("one of 0 (backtracker), 1 (prim)")
        );
    }

    /// The ranges agree with the limits of the crates underneath.
    #[test]
    fn ranges_match_the_crates() {
        let depth = find(LevelKind::Bsp, "depth").unwrap();
        assert_eq!(depth.max, f64::from(mcrdun_bsp::MAX_DEPTH));
        let passes = find(LevelKind::Cave, "cave_passes").unwrap();
        assert_eq!(passes.max, f64::from(crate::MAX_CAVE_PASSES));
        let algorithm = find(LevelKind::Maze, "maze_algorithm").unwrap();
        assert_eq!(algorithm.max as usize + 1, crate::MazeAlgorithm::ALL.len());
    }

    #[test]
    fn names_are_unique_per_generator() {
        for kind in LevelKind::ALL {
            let mut names: Vec<_> = options(kind).map(|o| o.name).collect();
            let n = names.len();
            names.sort_unstable();
            names.dedup();
            assert_eq!(names.len(), n);
            assert!(!names.contains(&"width") && !names.contains(&"height"));
        }
        assert_eq!(flag_of("cave_fill"), "fill");
        assert_eq!(flag_of("width"), "width");
        assert_eq!(ValueKind::Choice(&[]).word(), "choice");
        assert_eq!(
            [ValueKind::Integer, ValueKind::Real, ValueKind::Switch].map(ValueKind::word),
            ["integer", "real", "switch"]
        );
    }
}
