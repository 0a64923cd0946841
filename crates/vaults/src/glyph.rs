//! The glyphs of a vault map and the generators a vault may go to.

use core::fmt;

/// One tile of a vault map, as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Glyph {
    /// ` ` (a space, or a column past a short row): not part of the vault;
    /// the generator owns the tile.
    Outside,
    /// `#`: wall.
    Wall,
    /// `.`: floor.
    Floor,
    /// `+`: a door that is always there (inside the vault, between two of
    /// its floor tiles).
    Door,
    /// `!`: a required entrance: a wall tile of the outline that the level
    /// must turn into a door and reach.
    Required,
    /// `?`: an optional entrance: the level may make it a door or leave it
    /// wall.
    Optional,
    /// `<`: floor with the level's up staircase on it.
    StairsUp,
    /// `>`: floor with the level's down staircase on it.
    StairsDown,
    /// Any ASCII letter or digit: floor carrying that label (a monster, an
    /// item, a lever... the game reads it back with its position).
    Marker(u8),
}

impl Glyph {
    /// The glyph for a character of a map, `None` for a character that is
    /// not a glyph.
    ///
    /// ```
    /// use mcrdun_vaults::Glyph;
    /// assert_eq!(Glyph::from_char('!'), Some(Glyph::Required));
    /// assert_eq!(Glyph::from_char('A'), Some(Glyph::Marker(b'A')));
    /// assert_eq!(Glyph::from_char('~'), None);
    /// ```
    pub const fn from_char(c: char) -> Option<Glyph> {
        Some(match c {
            ' ' => Glyph::Outside,
            '#' => Glyph::Wall,
            '.' => Glyph::Floor,
            '+' => Glyph::Door,
            '!' => Glyph::Required,
            '?' => Glyph::Optional,
            '<' => Glyph::StairsUp,
            '>' => Glyph::StairsDown,
            c if c.is_ascii_alphanumeric() => Glyph::Marker(c as u8),
            _ => return None,
        })
    }

    /// The character of this glyph in a map (the inverse of
    /// [`Glyph::from_char`]).
    pub const fn to_char(self) -> char {
        match self {
            Glyph::Outside => ' ',
            Glyph::Wall => '#',
            Glyph::Floor => '.',
            Glyph::Door => '+',
            Glyph::Required => '!',
            Glyph::Optional => '?',
            Glyph::StairsUp => '<',
            Glyph::StairsDown => '>',
            Glyph::Marker(c) => c as char,
        }
    }

    /// Whether the tile is walkable as written: floor, a fixed door, a
    /// staircase or a marker (entrances are wall until the level opens
    /// them).
    pub const fn is_walkable(self) -> bool {
        matches!(
            self,
            Glyph::Floor | Glyph::Door | Glyph::StairsUp | Glyph::StairsDown | Glyph::Marker(_)
        )
    }

    /// Whether the tile is floor as written: floor, a staircase or a marker.
    pub const fn is_floor(self) -> bool {
        matches!(
            self,
            Glyph::Floor | Glyph::StairsUp | Glyph::StairsDown | Glyph::Marker(_)
        )
    }

    /// Whether the tile is an entrance, required or optional.
    pub const fn is_entrance(self) -> bool {
        matches!(self, Glyph::Required | Glyph::Optional)
    }

    /// Whether the tile is part of the vault (anything but
    /// [`Glyph::Outside`]).
    pub const fn is_part(self) -> bool {
        !matches!(self, Glyph::Outside)
    }
}

/// The generators a vault may go to, as a set of their names: `bsp`,
/// `scatter`, `maze`, `cave`, `passages`, `drunkard` (the names the `mcrdun` command
/// and `mcrdun-dungeon` use).
///
/// ```
/// use mcrdun_vaults::Generators;
/// let g = Generators::from_name("cave").unwrap().with(Generators::from_name("bsp").unwrap());
/// assert!(g.allows("bsp") && g.allows("cave") && !g.allows("maze"));
/// assert_eq!(g.to_string(), "bsp cave");
/// assert!(Generators::ALL.allows("passages"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Generators(u8);

impl Generators {
    /// The generators' names, in the order of `LevelKind::ALL` in
    /// `mcrdun-dungeon`.
    pub const NAMES: [&'static str; 6] = ["bsp", "scatter", "maze", "cave", "passages", "drunkard"];
    /// Every generator.
    pub const ALL: Generators = Generators(0b11_1111);
    /// No generator.
    pub const NONE: Generators = Generators(0);

    /// The set of the one generator `name`, `None` for an unknown name.
    pub fn from_name(name: &str) -> Option<Generators> {
        let i = Self::NAMES.iter().position(|n| *n == name)?;
        Some(Generators(1 << i))
    }

    /// This set and `other`'s generators.
    pub const fn with(self, other: Generators) -> Generators {
        Generators(self.0 | other.0)
    }

    /// Whether the generator `name` is in the set.
    pub fn allows(self, name: &str) -> bool {
        Generators::from_name(name).is_some_and(|g| self.0 & g.0 != 0)
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The names in the set, in [`Generators::NAMES`] order.
    pub fn names(self) -> impl Iterator<Item = &'static str> {
        Self::NAMES
            .into_iter()
            .enumerate()
            .filter(move |(i, _)| self.0 & (1 << i) != 0)
            .map(|(_, n)| n)
    }
}

impl fmt::Display for Generators {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, n) in self.names().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            f.write_str(n)?;
        }
        Ok(())
    }
}
