//! The map things are placed on: what each tile is, the stairs, rooms and
//! markers, as the caller knows them.

use crate::PlaceError;
use mcrdun_geom::{Grid, Point};

/// What a tile of a [`PlaceMap`] is. The discriminants are the bytes of a
/// spot buffer (the C ABI's) and never change.
#[repr(u8)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Spot {
    /// Not walkable.
    #[default]
    Wall = 0,
    /// Room floor (a cave's or a maze's floor too): `where room`.
    Room = 1,
    /// A corridor: `where corridor`.
    Corridor = 2,
    /// Floor inside a vault: `where vault`.
    Vault = 3,
    /// A door: walkable, never used; the room floor beside it is
    /// `door_side`.
    Door = 4,
    /// Walkable, never used: a staircase, a required vault entrance, a
    /// key, anything the level keeps for itself.
    Closed = 5,
    /// Walkable, never used, and never passed by the guarantee that a
    /// blocking thing cuts nothing apart: a locked door. Blocking things
    /// keep every stretch between barriers connected by itself, and every
    /// barrier reachable from each side it had.
    Barrier = 6,
}

impl Spot {
    /// Every spot, in byte order.
    pub const ALL: [Spot; 7] = [
        Spot::Wall,
        Spot::Room,
        Spot::Corridor,
        Spot::Vault,
        Spot::Door,
        Spot::Closed,
        Spot::Barrier,
    ];

    /// Whether a walk may cross it (everything but a wall).
    #[inline]
    pub const fn is_walkable(self) -> bool {
        !matches!(self, Spot::Wall)
    }

    /// Whether a thing may stand on it (room, corridor or vault floor).
    #[inline]
    pub const fn is_usable(self) -> bool {
        matches!(self, Spot::Room | Spot::Corridor | Spot::Vault)
    }

    /// The spot of a byte, `None` for an unknown byte.
    pub const fn from_u8(byte: u8) -> Option<Spot> {
        match byte {
            0 => Some(Spot::Wall),
            1 => Some(Spot::Room),
            2 => Some(Spot::Corridor),
            3 => Some(Spot::Vault),
            4 => Some(Spot::Door),
            5 => Some(Spot::Closed),
            6 => Some(Spot::Barrier),
            _ => None,
        }
    }
}

/// The room index of a tile in no room, in [`PlaceMap::with_rooms`].
pub const NO_ROOM: u32 = u32::MAX;

/// The distance of a tile no walk from the up stairs reaches, in
/// [`PlaceMap::with_distances`] (the same value as `mcrdun-distance`'s).
pub const UNREACHED: i32 = i32::MAX;

/// A map to place things on: a [`Spot`] a tile, the up stairs (where
/// walking distances start), optionally the down stairs, a room index a
/// tile and the vault markers.
///
/// The stairs are never used, whatever their spot. Walking is 4-connected
/// over the walkable spots; tiles the up stairs cannot reach are never
/// used.
///
/// ```
/// use mcrdun_things::{PlaceMap, Spot};
/// use mcrdun_geom::{Grid, Point};
/// let rows = ["#######", "#.....#", "#######"];
/// let spots = Grid::from_fn(7, 3, |p| match rows[p.y as usize].as_bytes()[p.x as usize] {
///     b'.' => Spot::Room,
///     _ => Spot::Wall,
/// })?;
/// let map = PlaceMap::new(spots, Point::new(1, 1))?.with_end(Point::new(5, 1))?;
/// assert_eq!(map.walkable(), 5);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlaceMap {
    pub(crate) spots: Grid<Spot>,
    pub(crate) start: Point,
    pub(crate) end: Option<Point>,
    pub(crate) rooms: Option<Grid<u32>>,
    /// (tile index, label), sorted by index, one a tile.
    pub(crate) markers: Vec<(u32, char)>,
    pub(crate) walkable: u64,
    /// The walking distances from the up stairs, when the caller has them.
    pub(crate) distances: Option<Vec<i32>>,
    /// The farthest of the distances when they are the walk by
    /// construction ([`PlaceMap::with_trusted_walk`]): not checked.
    pub(crate) farthest: Option<u32>,
}

impl PlaceMap {
    /// The map of `spots` with the up stairs at `start` (a walkable tile).
    ///
    /// # Errors
    /// [`PlaceError::Map`] when `start` is outside the map or on a wall,
    /// or the map has more tiles than 32-bit indices address.
    pub fn new(spots: Grid<Spot>, start: Point) -> Result<PlaceMap, PlaceError> {
        if spots.len() as u64 >= u64::from(u32::MAX) {
            return Err(map_error(format!(
                "{} tiles, more than 32-bit indices address",
                spots.len()
            )));
        }
        // In blocks whose counts fit a byte, so that the sums vectorise.
        let walkable = spots
            .as_slice()
            .chunks(255)
            .map(|c| {
                let n: u8 = c.iter().map(|&s| u8::from(s != Spot::Wall)).sum();
                u64::from(n)
            })
            .sum();
        let map = PlaceMap {
            spots,
            start,
            end: None,
            rooms: None,
            markers: Vec::new(),
            walkable,
            distances: None,
            farthest: None,
        };
        map.walkable_at(start, "the up stairs")?;
        Ok(map)
    }

    /// The map of a walkable mask: every walkable tile room floor.
    ///
    /// # Errors
    /// As [`PlaceMap::new`].
    pub fn from_walkable(walkable: &Grid<bool>, start: Point) -> Result<PlaceMap, PlaceError> {
        let cells = walkable.as_slice();
        let w = walkable.width() as usize;
        let grid = Grid::from_fn(walkable.width(), walkable.height(), |p| {
            if cells[p.y as usize * w + p.x as usize] {
                Spot::Room
            } else {
                Spot::Wall
            }
        })?;
        PlaceMap::new(grid, start)
    }

    /// The same map with the down stairs at `end` (a walkable tile):
    /// `away` counts from both stairs.
    ///
    /// # Errors
    /// [`PlaceError::Map`] when `end` is outside the map or on a wall.
    pub fn with_end(mut self, end: Point) -> Result<PlaceMap, PlaceError> {
        self.walkable_at(end, "the down stairs")?;
        self.end = Some(end);
        Ok(self)
    }

    /// The same map with a room index a tile ([`NO_ROOM`] for none), which
    /// placed things report.
    ///
    /// # Errors
    /// [`PlaceError::Map`] when `rooms` is not the map's size.
    pub fn with_rooms(mut self, rooms: Grid<u32>) -> Result<PlaceMap, PlaceError> {
        if (rooms.width(), rooms.height()) != (self.spots.width(), self.spots.height()) {
            return Err(map_error(format!(
                "the rooms grid is {}x{}, the map {}x{}",
                rooms.width(),
                rooms.height(),
                self.spots.width(),
                self.spots.height()
            )));
        }
        self.rooms = Some(rooms);
        Ok(self)
    }

    /// The same map with vault markers: labelled walkable tiles, which
    /// `where marker X` places on.
    ///
    /// # Errors
    /// [`PlaceError::Map`] for a marker outside the map, on a wall, with a
    /// label that is not an ASCII letter or digit, or a second marker on
    /// one tile.
    pub fn with_markers(
        mut self,
        markers: impl IntoIterator<Item = (Point, char)>,
    ) -> Result<PlaceMap, PlaceError> {
        for (p, label) in markers {
            let i = self.walkable_at(p, "a marker")?;
            if !label.is_ascii_alphanumeric() {
                return Err(map_error(format!(
                    "the marker at ({}, {}) is labelled {label:?}, not a letter or digit",
                    p.x, p.y
                )));
            }
            mcrdun_geom::memory::grow("markers", &mut self.markers, 0)?;
            self.markers.push((i, label));
        }
        self.markers.sort_unstable();
        if let Some(w) = self.markers.windows(2).find(|w| w[0].0 == w[1].0) {
            let p = self.spots.point_of(w[0].0 as usize);
            return Err(map_error(format!("two markers at ({}, {})", p.x, p.y)));
        }
        Ok(self)
    }

    /// The same map with the walking distances from the up stairs given
    /// (4-connected steps over the walkable spots, [`UNREACHED`] where no
    /// walk leads, raster order, one a tile), for a caller that has
    /// computed them already (a level's generator has, to place its
    /// stairs): placement then reads them instead of walking the map
    /// itself. [`crate::place`] checks them in the pass it makes over
    /// the map anyway (the up stairs at 0, every other reached tile one
    /// more than its nearest walkable neighbour, no unreached tile beside
    /// a reached one: only the true walk passes) and refuses others; the
    /// things placed are the same as without them.
    ///
    /// # Errors
    /// [`PlaceError::Map`] when `distances` is not one a tile.
    ///
    /// ```
    /// use mcrdun_things::{parse, place_seeded, PlaceMap};
    /// use mcrdun_geom::{Grid, Point};
    /// let open = Grid::from_fn(9, 1, |_| true)?;
    /// let map = PlaceMap::from_walkable(&open, Point::new(0, 0))?;
    /// let given = map.clone().with_distances((0..9).collect())?;
    /// let table = parse("thing rat\nglyph r\ncount 3\n", "t")?;
    /// assert_eq!(
    ///     place_seeded(&map, &[table.clone()], 1, 5)?,
    ///     place_seeded(&given, &[table.clone()], 1, 5)?
    /// );
    /// let wrong = map.with_distances(vec![0; 9])?;
    /// assert!(place_seeded(&wrong, &[table], 1, 5).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_distances(mut self, distances: Vec<i32>) -> Result<PlaceMap, PlaceError> {
        if distances.len() != self.spots.len() {
            return Err(map_error(format!(
                "{} distances for the {} tiles of the map",
                distances.len(),
                self.spots.len()
            )));
        }
        self.distances = Some(distances);
        self.farthest = None;
        Ok(self)
    }

    /// [`PlaceMap::with_distances`] for a caller whose distances are the
    /// walk by construction: a breadth-first search from the up stairs
    /// over the same walkable tiles, reaching every one of them (a level's
    /// generator walks it to place its stairs, on a level that is one
    /// region), and `farthest` the largest of them (the search's last
    /// tile). Placement then reads neither the distances of the tiles no
    /// thing may take nor their farthest (the check and the farthest are
    /// half of its pass over the map); it only refuses, naming the tile, a
    /// tile a thing may take whose distance is negative, unreached or
    /// above `farthest`. Distances that are not the walk give things that
    /// keep `distance` and `away` by the distances given, not by the map,
    /// and the `distance` shares count from `farthest`.
    ///
    /// # Errors
    /// [`PlaceError::Map`] when `distances` is not one a tile, or
    /// `farthest` is not below the number of walkable tiles (no walk is
    /// that long).
    ///
    /// ```
    /// use mcrdun_things::{parse, place_seeded, PlaceMap};
    /// use mcrdun_geom::{Grid, Point};
    /// let open = Grid::from_fn(9, 1, |_| true)?;
    /// let map = PlaceMap::from_walkable(&open, Point::new(0, 0))?;
    /// let table = parse("thing rat\nglyph r\ncount 3\n", "t")?;
    /// assert!(map.clone().with_trusted_walk((0..9).collect(), 9).is_err());
    /// let walked = map.clone().with_trusted_walk((0..9).collect(), 8)?;
    /// assert_eq!(
    ///     place_seeded(&map, &[table.clone()], 1, 5)?,
    ///     place_seeded(&walked, &[table.clone()], 1, 5)?
    /// );
    /// let negative = map.clone().with_trusted_walk(vec![-1; 9], 8)?;
    /// assert!(place_seeded(&negative, &[table.clone()], 1, 5).is_err());
    /// let beyond = map.with_trusted_walk((0..9).collect(), 7)?;
    /// assert!(place_seeded(&beyond, &[table], 1, 5).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_trusted_walk(
        self,
        distances: Vec<i32>,
        farthest: u32,
    ) -> Result<PlaceMap, PlaceError> {
        if u64::from(farthest) >= self.walkable {
            return Err(map_error(format!(
                "the farthest walk given, {farthest}, is not below the map's {} walkable tiles",
                self.walkable
            )));
        }
        let mut map = self.with_distances(distances)?;
        map.farthest = Some(farthest);
        Ok(map)
    }

    /// The spots.
    pub fn spots(&self) -> &Grid<Spot> {
        &self.spots
    }

    /// The up stairs.
    pub fn start(&self) -> Point {
        self.start
    }

    /// The down stairs, if given.
    pub fn end(&self) -> Option<Point> {
        self.end
    }

    /// The room index of `p`, `None` outside rooms (or without rooms).
    pub fn room(&self, p: Point) -> Option<u32> {
        let r = *self.rooms.as_ref()?.get(p)?;
        (r != NO_ROOM).then_some(r)
    }

    /// The marker label at `p`, if any.
    pub fn marker(&self, p: Point) -> Option<char> {
        let i = self.spots.index_of(p)? as u32;
        self.marker_at(i)
    }

    /// How many walkable tiles the map has (what densities count).
    pub fn walkable(&self) -> u64 {
        self.walkable
    }

    pub(crate) fn marker_at(&self, i: u32) -> Option<char> {
        let k = self.markers.binary_search_by_key(&i, |m| m.0).ok()?;
        Some(self.markers[k].1)
    }

    fn walkable_at(&self, p: Point, what: &str) -> Result<u32, PlaceError> {
        match self.spots.index_of(p) {
            Some(i) if self.spots.as_slice()[i].is_walkable() => Ok(i as u32),
            Some(_) => Err(map_error(format!(
                "{what} at ({}, {}) is on a wall",
                p.x, p.y
            ))),
            None => Err(map_error(format!(
                "{what} at ({}, {}) is outside the {}x{} map",
                p.x,
                p.y,
                self.spots.width(),
                self.spots.height()
            ))),
        }
    }
}

fn map_error(reason: String) -> PlaceError {
    PlaceError::Map { reason }
}
