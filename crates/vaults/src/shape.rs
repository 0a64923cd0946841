//! A vault's map as a grid of glyphs, and its rotations and mirrors.

use crate::Glyph;
use core::fmt;
use mcrdun_geom::Point;

/// How a vault is turned: first mirrored left to right (when `mirror`),
/// then rotated `turns` quarter turns clockwise.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Orientation {
    /// Quarter turns clockwise, 0 to 3.
    pub turns: u8,
    /// Whether the map is mirrored left to right before it is turned.
    pub mirror: bool,
}

impl Orientation {
    /// As written: no turn, no mirror.
    pub const IDENTITY: Orientation = Orientation {
        turns: 0,
        mirror: false,
    };

    /// The angle of the turn in degrees (0, 90, 180 or 270).
    pub const fn degrees(self) -> u32 {
        (self.turns as u32 % 4) * 90
    }
}

impl fmt::Display for Orientation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "rotated {}", self.degrees())?;
        if self.mirror {
            f.write_str(", mirrored")?;
        }
        Ok(())
    }
}

/// A rectangle of glyphs, row-major; every row and column holds at least
/// one tile of the vault (the parser trims the rest).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    width: u32,
    height: u32,
    glyphs: Vec<Glyph>,
}

impl Shape {
    /// A shape from its rows of glyphs; `None` when `glyphs` does not hold
    /// `width * height` glyphs.
    pub fn new(width: u32, height: u32, glyphs: Vec<Glyph>) -> Option<Shape> {
        let n = (width as usize).checked_mul(height as usize)?;
        (glyphs.len() == n).then_some(Shape {
            width,
            height,
            glyphs,
        })
    }

    /// The width in tiles.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// The height in tiles.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The glyphs, row-major.
    pub fn glyphs(&self) -> &[Glyph] {
        &self.glyphs
    }

    /// The glyph at `(x, y)`; [`Glyph::Outside`] outside the rectangle.
    pub fn get(&self, x: i32, y: i32) -> Glyph {
        if x < 0 || y < 0 || x as u32 >= self.width || y as u32 >= self.height {
            return Glyph::Outside;
        }
        self.glyphs[y as usize * self.width as usize + x as usize]
    }

    /// Every tile with its position, row by row.
    pub fn tiles(&self) -> impl Iterator<Item = (Point, Glyph)> + '_ {
        let w = self.width.max(1) as usize;
        self.glyphs
            .iter()
            .enumerate()
            .map(move |(i, g)| (Point::new((i % w) as i32, (i / w) as i32), *g))
    }

    /// The markers: each label with its position, row by row.
    pub fn markers(&self) -> impl Iterator<Item = (char, Point)> + '_ {
        self.tiles().filter_map(|(p, g)| match g {
            Glyph::Marker(c) => Some((c as char, p)),
            _ => None,
        })
    }

    /// The entrances: each position and whether it is required, row by row.
    pub fn entrances(&self) -> impl Iterator<Item = (Point, bool)> + '_ {
        self.tiles().filter_map(|(p, g)| match g {
            Glyph::Required => Some((p, true)),
            Glyph::Optional => Some((p, false)),
            _ => None,
        })
    }

    /// The shape turned by `o`.
    ///
    /// ```
    /// use mcrdun_vaults::{Glyph, Orientation, Shape};
    /// let g = |s: &str| s.chars().map(|c| Glyph::from_char(c).unwrap()).collect::<Vec<_>>();
    /// let l = Shape::new(3, 2, g("#..##.")).unwrap();
    /// let turned = l.oriented(Orientation { turns: 1, mirror: false });
    /// assert_eq!(turned.to_string(), "##\n#.\n..\n");
    /// let mirrored = l.oriented(Orientation { turns: 0, mirror: true });
    /// assert_eq!(mirrored.to_string(), "..#\n.##\n");
    /// ```
    pub fn oriented(&self, o: Orientation) -> Shape {
        let (w, h) = (self.width as i32, self.height as i32);
        let turns = o.turns % 4;
        let (nw, nh) = if turns.is_multiple_of(2) {
            (w, h)
        } else {
            (h, w)
        };
        let mut glyphs = Vec::with_capacity(self.glyphs.len());
        for ny in 0..nh {
            for nx in 0..nw {
                // Undo the turn, then the mirror.
                let (x, y) = match turns {
                    0 => (nx, ny),
                    1 => (ny, h - 1 - nx),
                    2 => (w - 1 - nx, h - 1 - ny),
                    _ => (w - 1 - ny, nx),
                };
                let x = if o.mirror { w - 1 - x } else { x };
                glyphs.push(self.get(x, y));
            }
        }
        Shape {
            width: nw as u32,
            height: nh as u32,
            glyphs,
        }
    }
}

impl fmt::Display for Shape {
    /// The map as written, one line per row, each ending in `\n`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for y in 0..self.height as i32 {
            for x in 0..self.width as i32 {
                write!(f, "{}", self.get(x, y).to_char())?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
