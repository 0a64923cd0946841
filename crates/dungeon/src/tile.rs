//! The tile kinds of a level.

/// One cell of a level. The discriminants are the bytes of the C ABI
/// (`MCRDUN_TILE_*`) and never change.
#[repr(u8)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Tile {
    /// Solid rock or a wall: not walkable.
    #[default]
    Wall = 0,
    /// The floor of a room, a cave or a maze passage.
    Floor = 1,
    /// A corridor dug between rooms (or by the connecting step).
    Corridor = 2,
    /// A door: walkable, between two walkable tiles.
    Door = 3,
    /// The up staircase: walkable, exactly one per level.
    StairsUp = 4,
    /// The down staircase: walkable, exactly one per level.
    StairsDown = 5,
}

impl Tile {
    /// Every tile kind, in byte order.
    pub const ALL: [Tile; 6] = [
        Tile::Wall,
        Tile::Floor,
        Tile::Corridor,
        Tile::Door,
        Tile::StairsUp,
        Tile::StairsDown,
    ];

    /// Whether a creature can stand on this tile (everything but a wall).
    #[inline]
    pub const fn is_walkable(self) -> bool {
        !matches!(self, Tile::Wall)
    }

    /// The byte of this tile in the C ABI and in tile buffers.
    #[inline]
    pub const fn as_u8(self) -> u8 {
        self as u8
    }

    /// The tile for a byte, `None` for an unknown byte.
    pub const fn from_u8(byte: u8) -> Option<Tile> {
        match byte {
            0 => Some(Tile::Wall),
            1 => Some(Tile::Floor),
            2 => Some(Tile::Corridor),
            3 => Some(Tile::Door),
            4 => Some(Tile::StairsUp),
            5 => Some(Tile::StairsDown),
            _ => None,
        }
    }

    /// The character of this tile in ASCII maps: `#` wall, `.` floor,
    /// `,` corridor, `+` door, `<` stairs up, `>` stairs down.
    pub const fn to_char(self) -> char {
        match self {
            Tile::Wall => '#',
            Tile::Floor => '.',
            Tile::Corridor => ',',
            Tile::Door => '+',
            Tile::StairsUp => '<',
            Tile::StairsDown => '>',
        }
    }

    /// The tile for an ASCII map character (the inverse of [`Tile::to_char`];
    /// a space also reads as a wall).
    pub const fn from_char(c: char) -> Option<Tile> {
        match c {
            '#' | ' ' => Some(Tile::Wall),
            '.' => Some(Tile::Floor),
            ',' => Some(Tile::Corridor),
            '+' => Some(Tile::Door),
            '<' => Some(Tile::StairsUp),
            '>' => Some(Tile::StairsDown),
            _ => None,
        }
    }

    /// A lower-case name: `wall`, `floor`, `corridor`, `door`, `stairs_up`,
    /// `stairs_down`.
    pub const fn name(self) -> &'static str {
        match self {
            Tile::Wall => "wall",
            Tile::Floor => "floor",
            Tile::Corridor => "corridor",
            Tile::Door => "door",
            Tile::StairsUp => "stairs_up",
            Tile::StairsDown => "stairs_down",
        }
    }
}

/// A tile grid drawn as text rows (the `to_ascii` glyphs), for unit tests.
#[cfg(test)]
pub(crate) fn grid_of(rows: &[&str]) -> mcrdun_geom::Grid<Tile> {
    mcrdun_geom::Grid::from_fn(rows[0].len() as u32, rows.len() as u32, |p| {
        Tile::from_char(rows[p.y as usize].as_bytes()[p.x as usize] as char).unwrap()
    })
    .unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_and_chars_round_trip() {
        for (i, t) in Tile::ALL.iter().enumerate() {
            assert_eq!(usize::from(t.as_u8()), i);
            assert_eq!(Tile::from_u8(t.as_u8()), Some(*t));
            assert_eq!(Tile::from_char(t.to_char()), Some(*t));
        }
        assert_eq!(Tile::from_u8(6), None);
        assert_eq!(Tile::from_char('x'), None);
        assert!(!Tile::Wall.is_walkable());
        assert!(Tile::ALL[1..].iter().all(|t| t.is_walkable()));
    }
}
