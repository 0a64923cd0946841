//! Why a table was refused, and why things could not be placed.

use core::fmt;
use mcrdun_geom::GeomError;

/// A table that could not be read: the file's name, the line and column
/// (both from 1; column 0 for a whole line), what was expected there and
/// what was found. Its text reads `file:line:column: expected ..., found
/// ...`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TableError {
    /// The file's name as given to [`parse`](crate::parse).
    pub file: String,
    /// The line, from 1.
    pub line: u32,
    /// The column in characters, from 1 (0: the line as a whole).
    pub column: u32,
    /// What the parser expected there.
    pub expected: String,
    /// What it found.
    pub found: String,
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: expected {}, found {}",
            self.file, self.line, self.column, self.expected, self.found
        )
    }
}

impl TableError {
    /// Whether the text was refused as a whole by the memory limit (line
    /// and column 0), before it was read.
    pub fn is_too_large(&self) -> bool {
        self.line == 0 && self.column == 0
    }
}

impl std::error::Error for TableError {}

/// The rule a required entry could not keep (see [`PlaceError::Unplaced`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// No tile of the kinds of place allowed (`where`).
    Where,
    /// None of those within the distance shares allowed (`distance`).
    Distance,
    /// None of those far enough from the stairs (`away`).
    Away,
    /// Every tile the rules above allow already holds a thing.
    Taken,
    /// Every free tile left is too near another thing of the entry
    /// (`apart`).
    Apart,
    /// Every free tile left would cut the walkable tiles apart (`blocks`).
    Blocks,
    /// No first member has room for the group's least members around it
    /// (`group`).
    Group,
}

impl Rule {
    /// The rule's name: the setting it comes from (`where`, `distance`,
    /// `away`, `apart`, `blocks`, `group`), or `free tile`.
    pub const fn name(self) -> &'static str {
        match self {
            Rule::Where => "where",
            Rule::Distance => "distance",
            Rule::Away => "away",
            Rule::Taken => "free tile",
            Rule::Apart => "apart",
            Rule::Blocks => "blocks",
            Rule::Group => "group",
        }
    }
}

/// Why things could not be placed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PlaceError {
    /// The map given is not one things can be placed on (a start outside
    /// it or on a wall, grids of different sizes, ...).
    Map {
        /// What is wrong.
        reason: String,
    },
    /// Two entries of the tables placed together share a name or a glyph.
    Clash {
        /// `"name"` or `"glyph"`.
        what: &'static str,
        /// The second entry's name.
        entry: String,
    },
    /// A required entry could not be placed as often as its least count.
    Unplaced {
        /// The entry's name.
        entry: String,
        /// How many were placed (groups, for a grouped entry).
        placed: u64,
        /// How many it needs.
        wanted: u64,
        /// The rule that could not be kept.
        rule: Rule,
        /// That rule as the table writes it (`distance 0.9..1`).
        setting: String,
    },
    /// The working memory would pass the memory ceiling, or could not be
    /// allocated.
    Memory(GeomError),
}

impl fmt::Display for PlaceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlaceError::Map { reason } => write!(f, "cannot place things on this map: {reason}"),
            PlaceError::Clash { what, entry } => write!(
                f,
                "thing `{entry}`: its {what} is another entry's too (names and glyphs are unique across the tables placed together)"
            ),
            PlaceError::Unplaced {
                entry,
                placed,
                wanted,
                rule,
                setting,
            } => {
                let why = match rule {
                    Rule::Where | Rule::Distance | Rule::Away => {
                        format!("no free tile meets `{setting}`")
                    }
                    Rule::Taken => "every tile its rules allow already holds a thing".to_string(),
                    Rule::Apart => format!("every tile left breaks `{setting}`"),
                    Rule::Blocks => {
                        format!("every tile left breaks `{setting}` (it would cut the level apart)")
                    }
                    Rule::Group => format!("no place holds `{setting}`"),
                };
                write!(
                    f,
                    "thing `{entry}`: {placed} of the {wanted} required placed: {why}"
                )
            }
            PlaceError::Memory(e) => write!(f, "cannot place things: {e}"),
        }
    }
}

impl std::error::Error for PlaceError {}

impl From<GeomError> for PlaceError {
    fn from(e: GeomError) -> PlaceError {
        PlaceError::Memory(e)
    }
}
