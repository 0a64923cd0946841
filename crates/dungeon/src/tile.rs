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
    /// A locked door: a door (or, in caves and mazes, a chokepoint drawn
    /// as one) that opens only with its lock's key ([`crate::Lock`]).
    /// Walkable for [`Tile::is_walkable`] (the level is one region with
    /// every lock open); a walk that holds no key treats it as a wall.
    /// Byte 7: byte 6 is rock in [`crate::Level::shown_bytes`].
    LockedDoor = 7,
}

impl Tile {
    /// Every tile kind, in byte order (bytes 0 to 5, then 7: byte 6 is
    /// rock, [`crate::ROCK_BYTE`]).
    pub const ALL: [Tile; 7] = [
        Tile::Wall,
        Tile::Floor,
        Tile::Corridor,
        Tile::Door,
        Tile::StairsUp,
        Tile::StairsDown,
        Tile::LockedDoor,
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
            7 => Some(Tile::LockedDoor),
            _ => None,
        }
    }

    /// The character of this tile in ASCII maps: `#` wall, `.` floor,
    /// `,` corridor, `+` door, `<` stairs up, `>` stairs down, `=` locked
    /// door.
    pub const fn to_char(self) -> char {
        match self {
            Tile::Wall => '#',
            Tile::Floor => '.',
            Tile::Corridor => ',',
            Tile::Door => '+',
            Tile::StairsUp => '<',
            Tile::StairsDown => '>',
            Tile::LockedDoor => '=',
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
            '=' => Some(Tile::LockedDoor),
            _ => None,
        }
    }

    /// A lower-case name: `wall`, `floor`, `corridor`, `door`, `stairs_up`,
    /// `stairs_down`, `locked_door`.
    pub const fn name(self) -> &'static str {
        match self {
            Tile::Wall => "wall",
            Tile::Floor => "floor",
            Tile::Corridor => "corridor",
            Tile::Door => "door",
            Tile::StairsUp => "stairs_up",
            Tile::StairsDown => "stairs_down",
            Tile::LockedDoor => "locked_door",
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
            // Byte 6 is rock: the locked door is 7.
            assert_eq!(usize::from(t.as_u8()), if i < 6 { i } else { i + 1 });
            assert_eq!(Tile::from_u8(t.as_u8()), Some(*t));
            assert_eq!(Tile::from_char(t.to_char()), Some(*t));
        }
        assert_eq!(Tile::from_u8(crate::ROCK_BYTE), None);
        assert_eq!(Tile::from_u8(8), None);
        assert_eq!(Tile::LockedDoor.name(), "locked_door");
        assert_eq!(Tile::from_char('x'), None);
        assert!(!Tile::Wall.is_walkable());
        assert!(Tile::ALL[1..].iter().all(|t| t.is_walkable()));
    }
}
