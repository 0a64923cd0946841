//! The finished level: tiles, rooms, doors, stairs and a summary.

use crate::vaults::{Marker, PlacedVault};
use crate::{Lock, Tile, measures};
use mcrdun_geom::{Grid, Point, Rect};
use mcrdun_locks::{Key, Puzzle, SolveError, Walkthrough};

/// Which pipeline made a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LevelKind {
    /// Rooms in BSP leaves, linked along the leaf adjacency.
    Bsp,
    /// Scattered rooms pushed apart and linked to their neighbours.
    Scatter,
    /// A carved maze drawn as tiles.
    Maze,
    /// A cellular-automaton cave.
    Cave,
    /// Rooms of any shape (Voronoi cells) with passages between them.
    Passages,
    /// A drunkard's walk: diggers staggering through rock.
    Drunkard,
}

impl LevelKind {
    /// Every kind, in the order of the C constants `MCRDUN_LEVEL_KIND_*`.
    pub const ALL: [LevelKind; 6] = [
        LevelKind::Bsp,
        LevelKind::Scatter,
        LevelKind::Maze,
        LevelKind::Cave,
        LevelKind::Passages,
        LevelKind::Drunkard,
    ];

    /// The lower-case name, as the command line spells it.
    pub const fn name(self) -> &'static str {
        match self {
            LevelKind::Bsp => "bsp",
            LevelKind::Scatter => "scatter",
            LevelKind::Maze => "maze",
            LevelKind::Cave => "cave",
            LevelKind::Passages => "passages",
            LevelKind::Drunkard => "drunkard",
        }
    }
}

/// A room of a level: the bounding box of its floor and the number of its
/// floor tiles (a rectangle's area for rectangular rooms; fewer for rooms of
/// other shapes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Room {
    /// The bounding box of the room's floor tiles.
    pub bounds: Rect,
    /// How many floor tiles the room has.
    pub area: u32,
}

impl Room {
    /// A room whose floor fills all of `bounds`.
    pub fn rectangular(bounds: Rect) -> Room {
        Room {
            bounds,
            area: (bounds.w() as u32) * (bounds.h() as u32),
        }
    }
}

/// A door tile and the two rooms it leads between (indices into
/// [`Level::rooms`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Door {
    /// Where the door is; the tile there is [`Tile::Door`].
    pub at: Point,
    /// The rooms on either side, the lower index first.
    pub rooms: (u32, u32),
}

/// Numbers that describe a level, computed by the common ending.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Summary {
    /// Number of rooms (0 for mazes and caves).
    pub rooms: usize,
    /// Number of door tiles ([`Tile::Door`] and [`Tile::LockedDoor`]): the
    /// doors of [`Level::doors`] and the doors of placed vaults (fixed `+` doors, and entrances opened as doors),
    /// which that list does not hold.
    pub doors: usize,
    /// Number of walkable tiles (everything but walls).
    pub walkable: usize,
    /// Number of 4-connected walkable regions the generator produced, before
    /// the common ending joined them (1: it was already one region).
    pub regions: usize,
    /// Wall tiles dug into corridors to join those regions: by the common
    /// ending's fallback, by a canvas's safety net
    /// ([`crate::corridors::Canvas::connect_all`], in BSP, scatter and
    /// passages levels) and, in a cave, by its own tunnels (its joining
    /// stage: a cave of several pieces always has some).
    pub dug: usize,
    /// Independent loops: the walls that walkable tiles go around (holes of
    /// the walkable region). A perfect maze has 0, each braid adds one.
    pub loops: usize,
    /// Walkable tiles with exactly one walkable 4-neighbour.
    pub dead_ends: usize,
    /// The BFS distance in steps between the two staircases, which the
    /// common ending places as far apart as it can find (a double BFS sweep,
    /// which finds the longest shortest path on tree-like maps and a close
    /// estimate elsewhere).
    pub longest_path: usize,
}

/// What [`Level::metrics`] reports.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Metrics {
    /// Door tiles, vaults' doors included ([`Summary::doors`]).
    pub doors: usize,
    /// Door tiles standing in a room's wall by the door rule.
    pub doors_in_walls: usize,
    /// Rooms.
    pub rooms: usize,
    /// Walkable tiles as a share of the map.
    pub floor_share: f64,
    /// Independent loops ([`Summary::loops`]).
    pub loops: usize,
    /// Dead ends ([`Summary::dead_ends`]).
    pub dead_ends: usize,
    /// Steps between the stairs, walking.
    pub stairs_distance: usize,
    /// [`Summary::dug`]: tiles dug to join the pieces of the layout. 0 on a
    /// BSP, scatter, passages or maze level whose rooms the generator
    /// joined itself; on a cave, its tunnels (and any fallback digging).
    pub fallback_dug: usize,
    /// Rock specks: pieces of wall tiles (rock included; 4-connected)
    /// touching no edge of the map, of at most
    /// [`crate::measures::SPECK_MOST`] (6) tiles, which read as noise in
    /// open floor. A vault's own pillars count too.
    pub rock_specks: usize,
    /// Floor pockets: 4-connected pieces of floor (corridors and doors part
    /// them) of fewer than [`crate::measures::POCKET_BELOW`] tiles. A small
    /// room is one too; for a cave, a pocket is a dead end joined by a
    /// tunnel.
    pub floor_pockets: usize,
    /// The longest straight run of dug corridor: [`Tile::Corridor`] tiles
    /// one after the other along a row or a column, whatever lies beside
    /// them. For a cave, the straightest stretch of its tunnels (at most
    /// [`crate::tunnels::MAX_STRAIGHT`]); the corridors of the generators
    /// with rooms run straight and long.
    pub longest_dug_run: usize,
}

/// A complete level: every walkable tile reachable from every other (one
/// 4-connected region), one up and one down staircase far apart, inside a
/// `width` x `height` tile grid.
///
/// Made by the generators of this crate or by [`Level::finish`] from tiles
/// of your own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    pub(crate) kind: LevelKind,
    pub(crate) tiles: Grid<Tile>,
    pub(crate) rooms: Vec<Room>,
    pub(crate) doors: Vec<Door>,
    pub(crate) stairs_up: Point,
    pub(crate) stairs_down: Point,
    pub(crate) summary: Summary,
    pub(crate) vaults: Vec<PlacedVault>,
    pub(crate) markers: Vec<Marker>,
    pub(crate) locks: Vec<Lock>,
    pub(crate) things: Vec<mcrdun_things::Thing>,
    /// Each tile's key-level (empty without locks).
    pub(crate) behind: Vec<u8>,
    /// Each room's intensity in millionths (empty without locks).
    pub(crate) intensity: Vec<u32>,
    /// The vaults' required entrances (no lock on them).
    pub(crate) required: Vec<Point>,
    /// One floor tile of each room, when the generator knows it (empty:
    /// found from the bounds).
    pub(crate) room_tiles: Vec<u32>,
}

impl Level {
    /// Which pipeline made the level.
    pub fn kind(&self) -> LevelKind {
        self.kind
    }

    /// The width in tiles.
    pub fn width(&self) -> u32 {
        self.tiles.width()
    }

    /// The height in tiles.
    pub fn height(&self) -> u32 {
        self.tiles.height()
    }

    /// The tile grid.
    pub fn tiles(&self) -> &Grid<Tile> {
        &self.tiles
    }

    /// The tile at `p`, `None` outside the level.
    pub fn tile(&self, p: Point) -> Option<Tile> {
        self.tiles.get(p).copied()
    }

    /// The tiles as bytes (`Tile as u8`), row-major: the C ABI's layout.
    pub fn tile_bytes(&self) -> impl ExactSizeIterator<Item = u8> + '_ {
        self.tiles.as_slice().iter().map(|t| t.as_u8())
    }

    /// Whether the tile at `p` is rock: a wall with no walkable tile among
    /// its 8 neighbours, away from every room and corridor (blank in
    /// [`Level::to_ascii`]); a wall next to a walkable tile is a room's or a
    /// corridor's wall. `false` outside the level.
    ///
    /// ```
    /// use mcrdun_dungeon::{bsp, BspConfig};
    /// use mcrdun_geom::Point;
    /// let level = bsp(&BspConfig::default(), 7)?;
    /// assert!(level.is_rock(Point::new(0, 0)));
    /// assert!(!level.is_rock(level.stairs_up()));
    /// # Ok::<(), mcrdun_dungeon::LevelError>(())
    /// ```
    pub fn is_rock(&self, p: Point) -> bool {
        let (w, h) = (self.tiles.width() as usize, self.tiles.height() as usize);
        self.tiles.in_bounds(p) && rock_at(self.tiles.as_slice(), w, h, p.x as usize, p.y as usize)
    }

    /// The tiles as bytes as they are shown: [`Level::tile_bytes`], with
    /// rock ([`Level::is_rock`]) as [`ROCK_BYTE`] instead of a wall's 0.
    /// The C ABI's level tiles (`MCRDUN_TILE_ROCK`) are these.
    pub fn shown_bytes(&self) -> impl ExactSizeIterator<Item = u8> + '_ {
        let (w, h) = (self.tiles.width() as usize, self.tiles.height() as usize);
        let cells = self.tiles.as_slice();
        (0..cells.len()).map(move |i| {
            if rock_at(cells, w, h, i % w, i / w) {
                ROCK_BYTE
            } else {
                cells[i].as_u8()
            }
        })
    }

    /// The rooms, in the generator's order.
    pub fn rooms(&self) -> &[Room] {
        &self.rooms
    }

    /// The doors, in the order they were placed.
    pub fn doors(&self) -> &[Door] {
        &self.doors
    }

    /// The up staircase.
    pub fn stairs_up(&self) -> Point {
        self.stairs_up
    }

    /// The down staircase.
    pub fn stairs_down(&self) -> Point {
        self.stairs_down
    }

    /// The summary numbers.
    pub fn summary(&self) -> &Summary {
        &self.summary
    }

    /// The vaults placed, in the order they were drawn (empty for a level
    /// made without vaults).
    pub fn vaults(&self) -> &[PlacedVault] {
        &self.vaults
    }

    /// The markers of the placed vaults, vault by vault, each vault's row
    /// by row.
    pub fn markers(&self) -> &[Marker] {
        &self.markers
    }

    /// The things placed by rule ([`crate::things`]), in the order they
    /// were placed; empty for a level made without tables.
    pub fn things(&self) -> &[mcrdun_things::Thing] {
        &self.things
    }

    /// The locks, in the order a player opens them (lock 1 first); empty
    /// for a level made without the `locks` option.
    pub fn locks(&self) -> &[Lock] {
        &self.locks
    }

    /// How many locks a player must open to reach `p`: 0 before lock 1
    /// (and on every tile of a level without locks), `i` inside the area
    /// of lock `i` but not of lock `i + 1`; a locked door counts its own
    /// lock. 0 outside the level and on walls. Only the locks of the
    /// `locks` option count: a locked vault's lock ([`Lock::vault`]) does
    /// not.
    pub fn behind(&self, p: Point) -> u32 {
        self.tiles
            .index_of(p)
            .and_then(|i| self.behind.get(i))
            .map_or(0, |b| u32::from(*b))
    }

    /// Each room's intensity in `[0, 1]`, in the order of
    /// [`Level::rooms`]: how far along the progression it lies,
    /// `(key-level + f) / (locks + 1)` where `f` in `[0, 1]` is its
    /// distance, counted in the pieces the locks stage cuts the level
    /// into (rooms, corridors between doors, stretches of cave or maze),
    /// from the entrance of its key-level (the up stairs, or the doors of
    /// the lock it lies behind) over the farthest in that key-level. Empty
    /// for a level made without the `locks` option.
    pub fn room_intensity(&self) -> Vec<f64> {
        self.intensity
            .iter()
            .map(|m| f64::from(*m) / 1_000_000.0)
            .collect()
    }

    /// The level's walkthrough with its locks: from the up to the down
    /// stairs, keys picked up nearest first ([`Level::solve`], run on each
    /// call: one breadth-first search per key, about 10 ms on 1000x1000
    /// with 8 locks); `None` without locks (or when the solver's memory is
    /// refused).
    pub fn walkthrough(&self) -> Option<Walkthrough> {
        if self.locks.is_empty() {
            return None;
        }
        self.solve().ok()
    }

    /// The backtracking factor: the walkthrough's steps over the direct
    /// walk between the stairs with every lock open
    /// ([`Summary::longest_path`]); `None` without locks. Solves the level
    /// ([`Level::walkthrough`]).
    pub fn backtracking(&self) -> Option<f64> {
        let walk = self.walkthrough()?;
        Some(walk.steps as f64 / self.summary.longest_path.max(1) as f64)
    }

    /// Solves the level as it stands: from the up to the down stairs, with
    /// its locks ([`Level::locks`], locked door tiles impassable until
    /// their key is picked up) and keys, by [`mcrdun_locks::solve`]. A
    /// level without locks is solved by the direct walk.
    ///
    /// # Errors
    /// [`SolveError`]: [`SolveError::Stuck`] when the down stairs cannot
    /// be reached (never for a level as generated).
    pub fn solve(&self) -> Result<Walkthrough, SolveError> {
        let walkable =
            mcrdun_geom::memory::try_with_capacity("the walkable mask", self.tiles.len())
                .map_err(SolveError::Memory)?;
        let mut walkable: Vec<bool> = walkable;
        walkable.extend(self.tiles.as_slice().iter().map(|t| t.is_walkable()));
        let locks: Vec<mcrdun_locks::Lock> = self
            .locks
            .iter()
            .map(|l| mcrdun_locks::Lock {
                id: l.id,
                doors: l.doors.clone(),
            })
            .collect();
        let keys: Vec<Key> = self
            .locks
            .iter()
            .map(|l| Key {
                lock: l.id,
                at: l.key,
            })
            .collect();
        mcrdun_locks::solve(&Puzzle {
            width: self.width(),
            height: self.height(),
            walkable: &walkable,
            locks: &locks,
            keys: &keys,
            start: self.stairs_up,
            goal: self.stairs_down,
        })
    }

    /// The tile index of one floor tile of room `r`: the generator's, or
    /// the first floor tile inside its bounds.
    pub(crate) fn room_tile(&self, r: usize) -> Option<usize> {
        if let Some(&i) = self.room_tiles.get(r) {
            return Some(i as usize);
        }
        let b = self.rooms.get(r)?.bounds;
        b.points()
            .find(|p| self.tile(*p) == Some(Tile::Floor))
            .and_then(|p| self.tiles.index_of(p))
    }

    /// The level as text, as the `mcrdun` command draws it: one line per
    /// row, each tile as [`Tile::to_char`], except that rock (a wall with no
    /// walkable tile among its 8 neighbours) is a space, so rooms and
    /// corridors stand out, a vault's marker shows its label (a letter
    /// or digit) on its floor, a key ([`Level::locks`]) shows as
    /// [`KEY_CHAR`] and a thing ([`Level::things`]) its glyph;
    /// every line ends in `\n`. Spaces read back as
    /// walls ([`Tile::from_char`]), so the text still describes the tiles.
    ///
    /// ```
    /// use mcrdun_dungeon::{Level, LevelKind, Tile};
    /// use mcrdun_geom::Grid;
    /// let rows = ["#######", "#..#..#", "#######", "#######"];
    /// let tiles = Grid::from_fn(7, 4, |p| {
    ///     Tile::from_char(rows[p.y as usize].as_bytes()[p.x as usize] as char).unwrap()
    /// })?;
    /// let level = Level::finish(LevelKind::Cave, tiles, vec![], vec![])?;
    /// assert_eq!(level.to_ascii(), "#######\n#>.,.<#\n#######\n       \n");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_ascii(&self) -> String {
        self.ascii(true)
    }

    /// [`Level::to_ascii`] without the things: the map as the level was
    /// made, vault markers shown (the JSON output's rows, beside which the
    /// things are listed).
    pub fn to_ascii_without_things(&self) -> String {
        self.ascii(false)
    }

    fn ascii(&self, things: bool) -> String {
        let (w, h) = (self.tiles.width() as usize, self.tiles.height() as usize);
        let cells = self.tiles.as_slice();
        // Markers, in raster order, drawn over their floor.
        let mut marks: Vec<(usize, char)> = self
            .markers
            .iter()
            .filter_map(|m| Some((self.tiles.index_of(m.at)?, m.label)))
            .chain(
                self.locks
                    .iter()
                    .filter_map(|l| Some((self.tiles.index_of(l.key)?, KEY_CHAR))),
            )
            .collect();
        marks.sort_unstable();
        let mut marks = marks.into_iter().peekable();
        let mut s = String::with_capacity((w + 1) * h);
        for y in 0..h {
            for x in 0..w {
                let t = cells[y * w + x];
                let mut c = if rock_at(cells, w, h, x, y) {
                    ' '
                } else {
                    t.to_char()
                };
                while let Some(&(i, label)) = marks.peek() {
                    if i > y * w + x {
                        break;
                    }
                    if i == y * w + x {
                        c = label;
                    }
                    marks.next();
                }
                s.push(c);
            }
            s.push('\n');
        }
        if self.things.is_empty() || !things {
            return s;
        }
        // Things over everything: every character is ASCII, so a tile's
        // byte is at y * (w + 1) + x.
        let mut bytes = s.into_bytes();
        for t in &self.things {
            if let (Ok(x), Ok(y)) = (usize::try_from(t.at.x), usize::try_from(t.at.y))
                && x < w
                && y < h
                && t.glyph.is_ascii()
            {
                bytes[y * (w + 1) + x] = t.glyph as u8;
            }
        }
        String::from_utf8(bytes).expect("ASCII")
    }

    /// What a designer checks first, computed from the tiles: door tiles
    /// (vaults' doors included), door tiles standing in a room's wall (by the door rule,
    /// [`door_in_wall`](crate::corridors::door_in_wall): walkable on one
    /// axis with room floor on one side, wall on both sides of the other
    /// axis), rooms, the floor's share of the map, loops, dead ends, the
    /// stairs' walking distance, the tiles the fallback digging of
    /// [`Level::finish`] dug, and the measures of a cave's look: rock
    /// specks, floor pockets and the longest straight run of dug corridor
    /// (see [`crate::measures`]).
    ///
    /// Working memory: at most 20 bytes a tile (a label a tile, the
    /// flood's stack and the pieces found; about 6 on generated levels,
    /// measured by `crates/ffi/tests/costs/`). It returns no error, so it
    /// does not check the memory limit itself: a caller near the limit
    /// checks [`METRICS_BYTES_PER_TILE`] times the tiles first
    /// (`mcrdun_geom::memory::check_budget`), as the `mcrdun` command and
    /// the Python package do.
    ///
    /// ```
    /// use mcrdun_dungeon::{bsp, BspConfig};
    /// let m = bsp(&BspConfig::default(), 7)?.metrics();
    /// assert_eq!(m.doors_in_walls, m.doors);
    /// assert_eq!(m.fallback_dug, 0);
    /// assert!(m.stairs_distance > 40 && m.floor_share > 0.2);
    /// # Ok::<(), mcrdun_dungeon::LevelError>(())
    /// ```
    pub fn metrics(&self) -> Metrics {
        let (w, h) = (self.tiles.width() as i32, self.tiles.height() as i32);
        let area = f64::from(w.max(0)) * f64::from(h.max(0));
        let (cells, uw, uh) = (
            self.tiles.as_slice(),
            self.tiles.width() as usize,
            self.tiles.height() as usize,
        );
        // Every door tile, whoever placed it (the door list holds the rooms'
        // doors only, not a vault's own).
        let (mut doors, mut doors_in_walls) = (0, 0);
        for (i, t) in cells.iter().enumerate() {
            if matches!(t, Tile::Door | Tile::LockedDoor) {
                doors += 1;
                let at = Point::new((i % uw) as i32, (i / uw) as i32);
                doors_in_walls += usize::from(crate::corridors::door_in_wall(&self.tiles, at));
            }
        }
        Metrics {
            doors,
            doors_in_walls,
            rooms: self.rooms.len(),
            floor_share: if area > 0.0 {
                self.summary.walkable as f64 / area
            } else {
                0.0
            },
            loops: self.summary.loops,
            dead_ends: self.summary.dead_ends,
            stairs_distance: self.summary.longest_path,
            fallback_dug: self.summary.dug,
            rock_specks: measures::rock_islands(cells, uw, uh, measures::SPECK_BELOW),
            floor_pockets: measures::floor_pockets(cells, uw, uh, measures::POCKET_BELOW),
            longest_dug_run: measures::longest_corridor_run(cells, uw, uh),
        }
    }
}

/// The character of a key in [`Level::to_ascii`] (on its floor tile).
pub const KEY_CHAR: char = '*';

/// The byte of rock in [`Level::shown_bytes`] (and the C ABI's
/// `MCRDUN_TILE_ROCK`): one past the [`Tile`] bytes, which it leaves as
/// they are.
pub const ROCK_BYTE: u8 = 6;

/// The most working memory [`Level::metrics`] uses, in bytes a tile.
pub const METRICS_BYTES_PER_TILE: u64 = 20;

/// Whether tile (x, y) of the `w` x `h` `cells` is rock: a wall with no
/// walkable tile among its 8 neighbours.
fn rock_at(cells: &[Tile], w: usize, h: usize, x: usize, y: usize) -> bool {
    if cells[y * w + x] != Tile::Wall {
        return false;
    }
    let (x0, x1) = (x.saturating_sub(1), (x + 1).min(w - 1));
    let (y0, y1) = (y.saturating_sub(1), (y + 1).min(h - 1));
    !(y0..=y1).any(|ny| {
        cells[ny * w + x0..=ny * w + x1]
            .iter()
            .any(|t| t.is_walkable())
    })
}
