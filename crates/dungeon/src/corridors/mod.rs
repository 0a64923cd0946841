//! Stage 4, doors and corridors: the one door placer and the one corridor
//! digger of every room generator.
//!
//! A [`Canvas`] holds the tiles and which room each floor tile belongs to.
//! Generators draw their rooms on it, then ask it to [`link`](Canvas::link)
//! pairs of rooms; [`connect_all`](Canvas::connect_all) is the safety net
//! that links whatever is still apart, by the same rules.
//!
//! # The rules, in one place
//!
//! - A **door** is a wall tile `d` 4-adjacent to a floor tile `f` of its
//!   room, whose *outside* tile `o = d + (d - f)` is rock; its two flanks
//!   (the tiles beside it across the other axis) are wall, and the tiles
//!   inside the flanks are floor of the same room, so a door stands in a
//!   straight stretch of wall (rooms without such a stretch accept any
//!   wall with walled flanks). No two doors are 8-adjacent. Once dug, every
//!   door passes [`door_in_wall`], the test [`Level::metrics`](crate::Level::metrics)
//!   counts doors by.
//! - A **corridor** tile is rock with no floor among its 8 neighbours, off
//!   the map's border: corridors never touch a room's wall except through a
//!   door's outside tile, so they never open a room's wall.
//! - No corridor tile completes a 2x2 square of walkable tiles (counting
//!   the corridor being dug), so corridors never run side by side.
//!
//! # The digger
//!
//! An A* search over unit steps with a bucket queue, inside a window, from
//! the outside tiles of every possible door of room `a` (in random order,
//! so equal choices are random) to the outside tiles of every possible door
//! of room `b`, over rock that obeys the rules and over corridors already
//! dug (corridors merge into a network). Its estimate is the Manhattan
//! distance to the targets' bounding box. The path found is dug, and its
//! two doors set. Cost: at most linear in the window's tiles; the search
//! buffers are the canvas's, allocated once.
//!
//! The jobs live apart: drawing rooms (`rooms`), door sites and the door
//! rule (`doors`), the search (`search`), digging a path found (`dig`),
//! linking rooms, one pair or all (`join`), and vaults as rooms whose
//! door sites are their entrances and whose tiles are never dug
//! (`vaults`).

mod dig;
mod doors;
mod join;
mod rooms;
mod search;
mod vaults;

pub use doors::door_in_wall;

use crate::{Door, LevelError, Room, Tile};
use doors::Sites;
use mcrdun_geom::{DisjointSets, Grid, Rect};
use search::Search;

/// No room (in the room map), no tile.
const NONE: u32 = u32::MAX;

/// Tiles being drawn, with the rooms on them, the doors placed so far and
/// the digger's buffers.
///
/// Working memory: 1 byte per tile (5 once a room of any shape is drawn:
/// the tile and its room; one more once the door sites are found: which
/// tiles have floor near), 12 bytes per tile of the largest search window,
/// and the door sites of each room.
/// Maps are limited to 2^31 tiles.
#[derive(Debug)]
pub struct Canvas {
    tiles: Grid<Tile>,
    w: usize,
    /// The room of each tile, or `NONE`; empty while every room is a
    /// rectangle (a rectangle owns its bounds), made by the first
    /// [`Canvas::add_cells`].
    room_of: Vec<u32>,
    /// Whether room `r` was drawn by [`Canvas::add_rect`]: it owns exactly
    /// the tiles of its bounds.
    is_rect: Vec<bool>,
    rooms: Vec<Room>,
    /// The first floor tile of each room.
    first: Vec<u32>,
    /// Every room's door sites and doors, found once all rooms are drawn.
    sites: Sites,
    doors: Vec<Door>,
    /// The search's buffers, kept from one search to the next.
    search: Search,
    /// Which rooms the links made so far have joined.
    linked: DisjointSets,
    connected: bool,
    /// Tiles no corridor may dig (the footprints of vaults); empty while
    /// there is none.
    protected: Vec<bool>,
    /// The rooms whose door sites are given rather than found (vaults: their
    /// entrances), with those sites.
    given_sites: Vec<(u32, Vec<doors::Site>)>,
}

impl Canvas {
    /// A `width` x `height` canvas of rock.
    ///
    /// # Errors
    /// [`LevelError::TooLarge`] when the grid does not fit.
    pub fn new(width: u32, height: u32) -> Result<Canvas, LevelError> {
        let tiles = Grid::new(width, height, Tile::Wall)?;
        Ok(Canvas {
            w: width as usize,
            tiles,
            room_of: Vec::new(),
            is_rect: Vec::new(),
            rooms: Vec::new(),
            first: Vec::new(),
            sites: Sites::default(),
            doors: Vec::new(),
            search: Search::default(),
            linked: DisjointSets::new(0),
            connected: false,
            protected: Vec::new(),
            given_sites: Vec::new(),
        })
    }

    /// The tiles drawn so far.
    pub fn tiles(&self) -> &Grid<Tile> {
        &self.tiles
    }

    /// The rooms drawn so far.
    pub fn rooms(&self) -> &[Room] {
        &self.rooms
    }

    /// The doors placed so far.
    pub fn doors(&self) -> &[Door] {
        &self.doors
    }

    /// Whether [`Canvas::connect_all`] found or made every room reachable
    /// from every other (and so every walkable tile, as corridors only
    /// start at doors).
    pub fn is_connected(&self) -> bool {
        self.connected
    }

    fn count_corridors(&self) -> usize {
        self.tiles
            .as_slice()
            .iter()
            .filter(|t| **t == Tile::Corridor)
            .count()
    }

    /// The first floor tile of each room (an index into the tiles).
    pub(crate) fn room_firsts(&self) -> Vec<u32> {
        self.first.clone()
    }

    /// The tiles, rooms and doors drawn.
    pub fn into_parts(self) -> (Grid<Tile>, Vec<Room>, Vec<Door>) {
        (self.tiles, self.rooms, self.doors)
    }
}

/// `x / d` and `x % d` for every `x < 2^32` by one multiplication, `d`
/// fixed (a map's width): a division per tile in a search's inner loop
/// costs tens of cycles. With `m = floor((2^64 - 1) / d) + 1`, `x * m /
/// 2^64` exceeds `x / d` by less than `x / 2^64 < 1 / d`, too little to
/// reach the next integer (the fraction of `x / d` is at most `1 - 1 /
/// d`); `d = 1` is taken apart (its `m` would be 2^64).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Divider {
    d: usize,
    m: u64,
}

impl Divider {
    /// For `d >= 1`.
    pub(crate) fn new(d: usize) -> Divider {
        Divider {
            d,
            m: (u64::MAX / d.max(1) as u64).wrapping_add(1),
        }
    }

    /// `(x % d, x / d)` for `x < 2^32`: a tile index's column and row.
    #[inline(always)]
    pub(crate) fn xy(self, x: usize) -> (usize, usize) {
        let q = if self.d <= 1 {
            x
        } else {
            ((x as u128 * u128::from(self.m)) >> 64) as usize
        };
        (x - q * self.d, q)
    }
}

/// `r` grown by `by` tiles on every side.
pub fn grow(r: &Rect, by: i32) -> Rect {
    Rect::from_edges(
        r.x().saturating_sub(by),
        r.y().saturating_sub(by),
        r.right().saturating_add(by),
        r.bottom().saturating_add(by),
    )
    .unwrap_or(*r)
}

/// The bounding box of two rectangles.
pub fn bounding(a: &Rect, b: &Rect) -> Rect {
    Rect::from_edges(
        a.x().min(b.x()),
        a.y().min(b.y()),
        a.right().max(b.right()),
        a.bottom().max(b.bottom()),
    )
    .unwrap_or(*a)
}

#[cfg(test)]
mod tests;
