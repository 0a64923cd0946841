//! The drunkard's-walk level: diggers stagger through solid rock, each a
//! number of random steps, until a share of the map is floor; then the
//! cave's clean-up, tunnels, vaults, finish and locks.
//!
//! The Rust roguelike tutorial's drunkard's walk (its open area, open
//! halls, winding passages, fat passages and "fearful symmetry") keeps
//! no rules: a digger may start anywhere, and what is cut off is culled
//! afterwards. Here the styles that grow from the floor already dug are
//! one region by construction, and the styles whose diggers start
//! anywhere are joined by the cave's winding tunnels, so that no floor is
//! lost; the clean-up leaves no rock specks and no small floor pockets,
//! as in caves.

use crate::cave::{clean, finish_rock};
use crate::error::check_size;
use crate::schema;
use crate::{Level, LevelConfig, LevelError, LevelKind};
use mcrdun_geom::random::{SeededRng, index, seeded_rng};
use mcrdun_vaults::Vault;
use rand::Rng;

/// How the diggers of a drunkard's walk go: where each starts, how many
/// steps it takes, how wide it digs, and whether the map is mirrored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrunkardStyle {
    /// One open area: every digger starts on floor already dug (the first
    /// in the middle of the map) and takes 400 steps.
    OpenArea,
    /// Open halls: each digger starts anywhere (the first in the middle)
    /// and takes 400 steps; the halls are joined by winding tunnels.
    OpenHalls,
    /// Winding passages: each digger starts anywhere and takes 100 steps.
    Winding,
    /// Fat passages: winding passages dug two tiles wide (a 2x2 brush).
    Fat,
    /// Mirrored: winding passages grown from the middle, mirrored left to
    /// right and top to bottom.
    Mirrored,
}

impl DrunkardStyle {
    /// Every style, in the order of [`DrunkardStyle::NAMES`] (the numbers
    /// the schema's `drunkard_style` takes).
    pub const ALL: [DrunkardStyle; 5] = [
        DrunkardStyle::OpenArea,
        DrunkardStyle::OpenHalls,
        DrunkardStyle::Winding,
        DrunkardStyle::Fat,
        DrunkardStyle::Mirrored,
    ];

    /// The styles' names, as the command line and the schema spell them.
    pub const NAMES: [&'static str; 5] = ["open-area", "open-halls", "winding", "fat", "mirrored"];

    /// The style's name.
    ///
    /// ```
    /// use mcrdun_dungeon::DrunkardStyle;
    /// assert_eq!(DrunkardStyle::Fat.name(), "fat");
    /// ```
    pub const fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }

    /// Its diggers.
    const fn diggers(self) -> Diggers {
        let (steps, from_floor, brush, mirrored) = match self {
            DrunkardStyle::OpenArea => (400, true, 1, false),
            DrunkardStyle::OpenHalls => (400, false, 1, false),
            DrunkardStyle::Winding => (100, false, 1, false),
            DrunkardStyle::Fat => (100, false, 2, false),
            DrunkardStyle::Mirrored => (100, true, 1, true),
        };
        Diggers {
            steps,
            from_floor,
            brush,
            mirrored,
        }
    }
}

/// The diggers of a style.
#[derive(Clone, Copy, Debug)]
struct Diggers {
    /// Steps each takes.
    steps: u32,
    /// Each starts on a floor tile already dug (else anywhere).
    from_floor: bool,
    /// The side of the square each step digs.
    brush: usize,
    /// Each tile dug is dug mirrored too, left to right and top to bottom.
    mirrored: bool,
}

/// Options of the drunkard's-walk level.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct DrunkardConfig {
    /// Width in tiles (at least 5).
    pub width: u32,
    /// Height in tiles (at least 5).
    pub height: u32,
    /// How the diggers go (default [`DrunkardStyle::Winding`]: its
    /// passages and tunnels leave chokepoints for locks, where the styles
    /// grown from the floor (open area, mirrored) make one open
    /// region that seldom has a tile whose removal divides it, so that
    /// asking them for locks mostly fails with the error that none fits).
    pub style: DrunkardStyle,
    /// The share of the map inside its rock border that the diggers make
    /// floor, in `[0.05, 0.7]` (default 0.45). The clean-up and the
    /// tunnels change it by a little.
    pub floor: f64,
    /// Locks and keys placed on the finished level (default 0: none); see
    /// [`crate::locks`].
    pub locks: u32,
    /// The level's depth in the dungeon (default 1), which the things'
    /// tables read (see [`crate::things`]). Not the BSP split depth.
    pub dungeon_level: u32,
    /// A lower ceiling on the level's working memory in bytes than the
    /// process-wide memory limit; 0, the default, keeps the process limit
    /// (see [`crate::CaveConfig::max_bytes`]).
    pub max_bytes: u64,
}

impl Default for DrunkardConfig {
    fn default() -> DrunkardConfig {
        DrunkardConfig {
            width: 80,
            height: 50,
            style: DrunkardStyle::ALL[schema::DRUNKARD_STYLE as usize],
            floor: schema::DRUNKARD_FLOOR,
            locks: 0,
            dungeon_level: schema::DUNGEON_LEVEL,
            max_bytes: 0,
        }
    }
}

impl DrunkardConfig {
    /// The defaults at `width` x `height` tiles (the struct is
    /// `#[non_exhaustive]`: start from this and set fields, or set options
    /// by name through [`LevelConfig::set`](crate::LevelConfig::set)).
    pub fn new(width: u32, height: u32) -> DrunkardConfig {
        DrunkardConfig {
            width,
            height,
            ..DrunkardConfig::default()
        }
    }
}

crate::config::options!(DrunkardConfig {
    "drunkard_style" => style,
    "drunkard_floor" => floor,
    "locks" => locks,
    "dungeon_level" => dungeon_level,
});

/// A drunkard's walk, composed of stages:
///
/// 1. layout: the map is rock; diggers take random steps (up, right,
///    down or left, a quarter each; a step that would dig the border is
///    not taken), each step digging the tile under the digger (a 2x2
///    square for [`DrunkardStyle::Fat`], the mirrored tiles too for
///    [`DrunkardStyle::Mirrored`]), the first digger from the middle of
///    the map, each next one from a floor tile at the edge of the floor
///    dug (open area, mirrored) or from any tile inside the border (open
///    halls, winding and fat passages), until `floor` of the tiles
///    inside the border are floor;
/// 2. clean-up, as caves: rock islands of at most 6 tiles become floor,
///    floor pieces of fewer than 20 tiles rock, all but the largest;
/// 3. tunnels, vaults, finish and locks, as caves (see
///    [`crate::cave_with_vaults`]): the pieces left are joined by winding
///    tunnels; a required vault that no place holds gets room made.
///
/// Cost: O(width * height) for the steps (a digger whose steps dig
/// nothing new is cheap: the floor share is at most 0.7, so most steps
/// of most diggers dig), and the labels and searches of the clean-up and
/// the tunnels (as caves).
///
/// # Errors
/// [`LevelError::TooSmall`] under 5x5, [`LevelError::InvalidOption`] for a
/// `floor` outside `[0.05, 0.7]`; as caves with vaults.
///
/// ```
/// use mcrdun_dungeon::{drunkard, DrunkardConfig, DrunkardStyle, Tile};
/// let mut config = DrunkardConfig::new(80, 50);
/// config.style = DrunkardStyle::Winding;
/// let level = drunkard(&config, 7)?;
/// assert_eq!(level.tile(level.stairs_up()), Some(Tile::StairsUp));
/// let m = level.metrics();
/// assert_eq!((m.rock_specks, m.floor_pockets), (0, 0));
/// # Ok::<(), mcrdun_dungeon::LevelError>(())
/// ```
pub fn drunkard(config: &DrunkardConfig, seed: u64) -> Result<Level, LevelError> {
    drunkard_with_vaults(config, &[], seed)
}

/// A drunkard's walk with vaults, placed as in caves
/// ([`crate::cave_with_vaults`]); without vaults, the same level as
/// [`drunkard`].
///
/// # Errors
/// As [`drunkard`]; [`LevelError::Vault`] as caves.
pub fn drunkard_with_vaults(
    config: &DrunkardConfig,
    vaults: &[Vault],
    seed: u64,
) -> Result<Level, LevelError> {
    schema::validate(&LevelConfig::Drunkard(*config))?;
    let _budget = check_size(
        LevelKind::Drunkard,
        config.width,
        config.height,
        5,
        5,
        config.max_bytes,
    )?;
    let (w, h) = (config.width as usize, config.height as usize);
    let mut rng = seeded_rng(seed);
    let mut rock = dig(w, h, config.style.diggers(), config.floor, &mut rng)?;
    let pieces = clean(&mut rock, w, h)?;
    finish_rock(
        LevelKind::Drunkard,
        (config.width, config.height),
        rock,
        Some(pieces),
        vaults,
        config.locks,
        &mut rng,
    )
}

/// The layout stage: a `w` x `h` map of rock (`true`) with `floor` of the
/// tiles inside its border dug by `diggers` (at least two tiles, and at
/// least one digger). Steps are capped (64 a tile inside the border, far
/// more than any style takes) so that the stage ends whatever the draws.
fn dig(
    w: usize,
    h: usize,
    diggers: Diggers,
    floor: f64,
    rng: &mut SeededRng,
) -> Result<Vec<bool>, LevelError> {
    let inside = (w - 2) * (h - 2);
    let target = ((inside as f64 * floor).ceil() as usize).clamp(2, inside);
    let mut map = Dug {
        rock: mcrdun_geom::memory::try_vec("the drunkard's map", w * h, true)?,
        // Room for every tile the diggers dig and one more (the last
        // step may dig a square and its mirror images past the target).
        floor: if diggers.from_floor {
            mcrdun_geom::memory::try_vec("the drunkard's floor", target + 17, 0u32)?
        } else {
            Vec::new()
        },
        count: 0,
        w,
        h,
        brush: diggers.brush.min(w - 2).min(h - 2),
        diggers,
    };
    // A digger's square stays inside the border: its corner in
    // [1, w - 1 - brush] x [1, h - 1 - brush].
    let (xs, ys) = (w - 1 - map.brush, h - 1 - map.brush);
    let mut budget = 64 * inside as u64;
    let (mut bits, mut left) = (0u64, 0u32);
    map.step(((w / 2).clamp(1, xs), (h / 2).clamp(1, ys)));
    while map.count < target && budget > 0 {
        let (mut x, mut y) = if diggers.from_floor {
            let i = map.edge(rng)?;
            ((i % w).min(xs), (i / w).min(ys))
        } else {
            (1 + index(rng, xs)?, 1 + index(rng, ys)?)
        };
        for _ in 0..diggers.steps {
            map.step((x, y));
            budget -= 1;
            if map.count >= target || budget == 0 {
                break;
            }
            // A direction a step: two bits of a draw, 32 steps a draw.
            if left == 0 {
                bits = rng.next_u64();
                left = 32;
            }
            let d = bits & 3;
            bits >>= 2;
            left -= 1;
            // Up, right, down, left; a step past the corners' range is
            // not taken (clamped back), without a branch on the draw (a
            // random branch mispredicts three times in four).
            let (dx, dy) = STEPS[d as usize];
            x = x.wrapping_add_signed(dx).clamp(1, xs);
            y = y.wrapping_add_signed(dy).clamp(1, ys);
        }
    }
    Ok(map.rock)
}

/// A step's moves by its draw: up, right, down, left.
const STEPS: [(isize, isize); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];

/// The most draws of a floor tile for a digger to start on the edge of
/// the floor (see [`Dug::edge`]).
const EDGE_DRAWS: u32 = 64;

/// The map as the diggers leave it.
struct Dug {
    rock: Vec<bool>,
    /// The floor tiles dug, in order, for diggers that start on floor
    /// (empty for the others): the first `count`, then room.
    floor: Vec<u32>,
    /// Floor tiles dug.
    count: usize,
    w: usize,
    h: usize,
    brush: usize,
    diggers: Diggers,
}

impl Dug {
    /// A digger's step at `(x, y)`: digs its square, and the square's
    /// mirror images when mirrored (a tile's step inline: most styles').
    #[inline(always)]
    fn step(&mut self, (x, y): (usize, usize)) {
        if self.brush == 1 && !self.diggers.mirrored {
            self.open(y * self.w + x);
        } else {
            self.square(x, y);
        }
    }

    /// [`Dug::step`] with a brush wider than a tile or mirrored.
    #[inline(never)]
    fn square(&mut self, x: usize, y: usize) {
        let (w, h) = (self.w, self.h);
        let i = y * w + x;
        if self.brush == 2 && !self.diggers.mirrored {
            // The fat passages' square, unrolled.
            self.open(i);
            self.open(i + 1);
            self.open(i + w);
            self.open(i + w + 1);
            return;
        }
        for yy in y..y + self.brush {
            for xx in x..x + self.brush {
                self.open(yy * w + xx);
                if self.diggers.mirrored {
                    let (mx, my) = (w - 1 - xx, h - 1 - yy);
                    self.open(yy * w + mx);
                    self.open(my * w + xx);
                    self.open(my * w + mx);
                }
            }
        }
    }

    /// A floor tile for a digger to start on: drawn among the floor dug,
    /// again (up to [`EDGE_DRAWS`] draws) while it has no rock beside it,
    /// so that a digger starts at the edge of the floor. (A digger that
    /// starts deep in the floor of a large map takes its steps over floor
    /// already dug: a million-tile open area took 400 ms so.)
    fn edge(&self, rng: &mut SeededRng) -> Result<usize, LevelError> {
        let w = self.w;
        let mut i = 0;
        for _ in 0..EDGE_DRAWS {
            i = self.floor[index(rng, self.count)?] as usize;
            // Floor is inside the border: its neighbours are on the map.
            if self.rock[i - 1] || self.rock[i + 1] || self.rock[i - w] || self.rock[i + w] {
                break;
            }
        }
        Ok(i)
    }

    /// Digs tile `i` (inside the border) if it is rock.
    #[inline(always)]
    fn open(&mut self, i: usize) {
        // Without a branch on the tile (rock or floor comes at random):
        // the tile is written at the floor's end and kept by counting it.
        let rock = usize::from(self.rock[i]);
        self.rock[i] = false;
        if self.diggers.from_floor {
            self.floor[self.count] = i as u32;
        }
        self.count += rock;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Tile;

    fn floor_share(level: &Level) -> f64 {
        let t = level.tiles().as_slice();
        t.iter().filter(|t| t.is_walkable()).count() as f64 / t.len() as f64
    }

    #[test]
    fn every_style_makes_a_level_with_the_floor_asked() {
        for style in DrunkardStyle::ALL {
            for (w, h) in [(80, 50), (200, 120)] {
                let mut c = DrunkardConfig::new(w, h);
                c.style = style;
                let level = drunkard(&c, 3).unwrap();
                let share = floor_share(&level);
                assert!(
                    (0.33..0.56).contains(&share),
                    "{} {w}x{h}: floor {share}",
                    style.name()
                );
                let m = level.metrics();
                assert_eq!((m.rock_specks, m.floor_pockets), (0, 0), "{}", style.name());
            }
        }
    }

    #[test]
    fn the_layout_digs_the_share_inside_the_border() {
        for style in DrunkardStyle::ALL {
            let mut rng = seeded_rng(9);
            let (w, h) = (60, 40);
            let rock = dig(w, h, style.diggers(), 0.3, &mut rng).unwrap();
            let floor = rock.iter().filter(|r| !**r).count();
            let inside = (w - 2) * (h - 2);
            let target = (inside as f64 * 0.3).ceil() as usize;
            // The last step may dig a square or its mirror images at once.
            assert!(
                (target..target + 8).contains(&floor),
                "{}: {floor}",
                style.name()
            );
            for y in 0..h {
                for x in 0..w {
                    if x == 0 || y == 0 || x == w - 1 || y == h - 1 {
                        assert!(rock[y * w + x], "{}: border dug", style.name());
                    }
                }
            }
        }
    }

    #[test]
    fn mirrored_layouts_are_mirrored_and_one_piece() {
        let mut rng = seeded_rng(4);
        let (w, h) = (61, 37);
        let rock = dig(w, h, DrunkardStyle::Mirrored.diggers(), 0.4, &mut rng).unwrap();
        for y in 0..h {
            for x in 0..w {
                let r = rock[y * w + x];
                assert_eq!(r, rock[y * w + (w - 1 - x)]);
                assert_eq!(r, rock[(h - 1 - y) * w + x]);
            }
        }
        let floor: Vec<bool> = rock.iter().map(|r| !r).collect();
        let (_, found) = crate::measures::pieces(w, h, &floor).unwrap();
        assert_eq!(found.len(), 1);
    }

    #[test]
    fn styles_that_grow_from_floor_are_one_piece_before_the_tunnels() {
        for seed in 1..=5 {
            let mut rng = seeded_rng(seed);
            let (w, h) = (90, 60);
            let rock = dig(w, h, DrunkardStyle::OpenArea.diggers(), 0.45, &mut rng).unwrap();
            let floor: Vec<bool> = rock.iter().map(|r| !r).collect();
            let (_, found) = crate::measures::pieces(w, h, &floor).unwrap();
            assert_eq!(found.len(), 1, "seed {seed}");
        }
    }

    #[test]
    fn the_smallest_maps_make_levels() {
        for style in DrunkardStyle::ALL {
            for (w, h) in [(5, 5), (5, 30), (30, 5), (6, 6)] {
                let mut c = DrunkardConfig::new(w, h);
                c.style = style;
                for seed in 1..=20 {
                    let level = drunkard(&c, seed).unwrap();
                    assert_eq!(level.tile(level.stairs_up()), Some(Tile::StairsUp));
                }
            }
        }
    }

    #[test]
    fn styles_differ_and_seeds_repeat() {
        let c = DrunkardConfig::new(80, 50);
        let a = drunkard(&c, 11).unwrap();
        assert_eq!(a.tiles(), drunkard(&c, 11).unwrap().tiles());
        let mut halls = c;
        halls.style = DrunkardStyle::OpenHalls;
        assert_ne!(a.tiles(), drunkard(&halls, 11).unwrap().tiles());
        let e = {
            let mut bad = c;
            bad.floor = 0.9;
            drunkard(&bad, 1).unwrap_err()
        };
        assert!(e.to_string().contains("drunkard_floor"), "{e}");
    }
}
