//! What a table says: its entries and their settings, as read.

use core::fmt;

/// Shares (of the farthest walking distance) are kept in millionths, so
/// that every comparison is integer arithmetic, the same on every platform.
pub const SHARE_ONE: u32 = 1_000_000;

/// Densities are kept in thousandths of a thing per 1000 walkable tiles.
pub const DENSITY_ONE: u32 = 1000;

/// A kind of place a thing may stand on (`where`), and the kind of place
/// a placed thing stands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Place {
    /// Room floor (for caves and mazes: their floor), outside vaults.
    Room,
    /// A corridor tile.
    Corridor,
    /// A walkable tile with exactly one walkable 4-neighbour.
    DeadEnd,
    /// Room floor with a door among its 4 neighbours.
    DoorSide,
    /// Floor inside a placed vault.
    Vault,
    /// A vault marker with this label.
    Marker(char),
}

impl Place {
    /// The name as a table writes it: `room`, `corridor`, `dead_end`,
    /// `door_side`, `vault`, or `marker` (the label apart).
    pub const fn word(self) -> &'static str {
        match self {
            Place::Room => "room",
            Place::Corridor => "corridor",
            Place::DeadEnd => "dead_end",
            Place::DoorSide => "door_side",
            Place::Vault => "vault",
            Place::Marker(_) => "marker",
        }
    }
}

impl fmt::Display for Place {
    /// As a table writes it: `room`, ..., `marker X`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Marker(c) => write!(f, "marker {c}"),
            p => f.write_str(p.word()),
        }
    }
}

/// How many of an entry a level gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Amount {
    /// `count MIN..MAX`: things (or groups) per level.
    Count {
        /// The least.
        min: u32,
        /// The most.
        max: u32,
    },
    /// `density MIN..MAX`: things (or groups) per 1000 walkable tiles, in
    /// thousandths ([`DENSITY_ONE`] is one per 1000 tiles).
    Density {
        /// The least, in thousandths per 1000 tiles.
        min: u32,
        /// The most, in thousandths per 1000 tiles.
        max: u32,
    },
}

impl Amount {
    /// The least and most things (groups) on a map of `walkable` tiles: a
    /// count as written; a density times the tiles, rounded down.
    pub fn range(self, walkable: u64) -> (u64, u64) {
        match self {
            Amount::Count { min, max } => (min.into(), max.into()),
            Amount::Density { min, max } => {
                let of = |d: u32| walkable.saturating_mul(u64::from(d)) / 1_000_000;
                (of(min), of(max))
            }
        }
    }
}

/// `group MIN..MAX within N`: things placed as groups.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Group {
    /// The fewest members of a group (its first included).
    pub min: u32,
    /// The most members.
    pub max: u32,
    /// Every member stands at most this many steps (walking) from the
    /// group's first.
    pub within: u32,
}

/// One entry of a table: a kind of thing and its rules.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Entry {
    pub(crate) name: String,
    pub(crate) glyph: char,
    pub(crate) weight: u32,
    pub(crate) amount: Amount,
    pub(crate) depth: (u32, u32),
    /// Empty: anywhere.
    pub(crate) places: Vec<Place>,
    pub(crate) distance: (u32, u32),
    pub(crate) away: u32,
    pub(crate) apart: u32,
    pub(crate) group: Option<Group>,
    pub(crate) blocks: bool,
    pub(crate) line: u32,
}

impl Entry {
    /// The name (`thing NAME`).
    pub fn name(&self) -> &str {
        &self.name
    }
    /// The glyph drawn in ASCII output.
    pub fn glyph(&self) -> char {
        self.glyph
    }
    /// The weight among optional entries.
    pub fn weight(&self) -> u32 {
        self.weight
    }
    /// How many per level.
    pub fn amount(&self) -> Amount {
        self.amount
    }
    /// The dungeon depths where it appears, both ends included.
    pub fn depth(&self) -> (u32, u32) {
        self.depth
    }
    /// Whether it appears at dungeon depth `depth`.
    pub fn at_depth(&self, depth: u32) -> bool {
        (self.depth.0..=self.depth.1).contains(&depth)
    }
    /// The kinds of place allowed; empty means anywhere.
    pub fn places(&self) -> &[Place] {
        &self.places
    }
    /// The walking distance from the up stairs allowed, as shares of the
    /// farthest walkable tile's, in millionths ([`SHARE_ONE`] is all of it).
    pub fn distance(&self) -> (u32, u32) {
        self.distance
    }
    /// The fewest steps from both stairs.
    pub fn away(&self) -> u32 {
        self.away
    }
    /// The fewest steps from every other thing of this entry.
    pub fn apart(&self) -> u32 {
        self.apart
    }
    /// The group setting, if it comes in groups.
    pub fn group(&self) -> Option<Group> {
        self.group
    }
    /// Whether it blocks movement.
    pub fn blocks(&self) -> bool {
        self.blocks
    }
    /// The line of its `thing` in the table's text.
    pub fn line(&self) -> u32 {
        self.line
    }
    /// Whether a level must have at least one (its least count above 0 on
    /// a map of `walkable` tiles).
    pub fn is_required(&self, walkable: u64) -> bool {
        self.amount.range(walkable).0 > 0
    }
}

impl fmt::Display for Entry {
    /// The entry as a table writes it, every setting spelled out (what
    /// `mcrdun things check` prints).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "thing {}", self.name)?;
        writeln!(f, "glyph {}", self.glyph)?;
        writeln!(f, "weight {}", self.weight)?;
        match self.amount {
            Amount::Count { min, max } => writeln!(f, "count {min}..{max}")?,
            Amount::Density { min, max } => writeln!(
                f,
                "density {}..{}",
                decimal(min, DENSITY_ONE),
                decimal(max, DENSITY_ONE)
            )?,
        }
        writeln!(f, "depth {}..{}", self.depth.0, self.depth.1)?;
        if self.places.is_empty() {
            writeln!(f, "where anywhere")?;
        } else {
            let words: Vec<String> = self.places.iter().map(Place::to_string).collect();
            writeln!(f, "where {}", words.join(" "))?;
        }
        writeln!(
            f,
            "distance {}..{}",
            decimal(self.distance.0, SHARE_ONE),
            decimal(self.distance.1, SHARE_ONE)
        )?;
        writeln!(f, "away {}", self.away)?;
        writeln!(f, "apart {}", self.apart)?;
        if let Some(g) = self.group {
            writeln!(f, "group {}..{} within {}", g.min, g.max, g.within)?;
        }
        writeln!(f, "blocks {}", if self.blocks { "yes" } else { "no" })
    }
}

/// `value / one` written as a decimal without trailing zeros.
pub(crate) fn decimal(value: u32, one: u32) -> String {
    let (whole, frac) = (value / one, value % one);
    if frac == 0 {
        return whole.to_string();
    }
    let digits = one.ilog10() as usize;
    let s = format!("{whole}.{frac:0digits$}");
    s.trim_end_matches('0').to_string()
}

/// A spawn table: its entries in the order written.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Table {
    pub(crate) entries: Vec<Entry>,
}

impl Table {
    /// The entries, in the order written.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }
}

impl fmt::Display for Table {
    /// Every entry with every setting, a blank line between entries; the
    /// text reads back as the same table.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.entries.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals() {
        assert_eq!(decimal(0, SHARE_ONE), "0");
        assert_eq!(decimal(SHARE_ONE, SHARE_ONE), "1");
        assert_eq!(decimal(250_000, SHARE_ONE), "0.25");
        assert_eq!(decimal(1, SHARE_ONE), "0.000001");
        assert_eq!(decimal(2500, DENSITY_ONE), "2.5");
    }

    #[test]
    fn density_scales_with_tiles() {
        let d = Amount::Density {
            min: 500,
            max: 2000,
        };
        assert_eq!(d.range(10_000), (5, 20));
        assert_eq!(d.range(1999), (0, 3));
        assert_eq!(Amount::Count { min: 2, max: 3 }.range(0), (2, 3));
    }
}
