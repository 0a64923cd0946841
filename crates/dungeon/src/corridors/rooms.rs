//! Drawing rooms on a [`Canvas`]: rectangles, or rooms of any shape from
//! their tiles, and which room owns a tile.

use super::{Canvas, NONE};
use crate::{LevelError, Room, Tile};
use mcrdun_geom::Rect;

impl Canvas {
    /// Draws a rectangular room of floor; returns its index. The room must
    /// lie inside the map's border, one tile of wall around it kept from
    /// other rooms' floor (the generator's layout guarantees that).
    ///
    /// # Errors
    /// [`LevelError::Unsatisfiable`] for a room touching the border.
    pub fn add_rect(&mut self, r: Rect) -> Result<u32, LevelError> {
        let (w, h) = (self.tiles.width() as i32, self.tiles.height() as i32);
        if r.x() < 1 || r.y() < 1 || r.right() > w - 1 || r.bottom() > h - 1 {
            return Err(LevelError::Unsatisfiable(format!(
                "room {r:?} touches the border of a {w}x{h} map"
            )));
        }
        let id = self.rooms.len() as u32;
        for y in r.y()..r.bottom() {
            let row = y as usize * self.w;
            let span = row + r.x() as usize..row + r.right() as usize;
            self.tiles.as_mut_slice()[span.clone()].fill(Tile::Floor);
            if !self.room_of.is_empty() {
                self.room_of[span].fill(id);
            }
        }
        self.is_rect.push(true);
        self.first
            .push((r.y() as usize * self.w + r.x() as usize) as u32);
        self.rooms.push(Room::rectangular(r));
        self.sites.forget();
        Ok(id)
    }

    /// Draws a room from tile indices (any shape, inside the border);
    /// returns its index, or `None` when `cells` is empty.
    pub fn add_cells(&mut self, cells: impl IntoIterator<Item = usize>) -> Option<u32> {
        let id = self.shaped_room_id();
        let mut first = NONE;
        let (mut x0, mut y0, mut x1, mut y1, mut area) = (i32::MAX, i32::MAX, 0, 0, 0u32);
        let by_w = super::Divider::new(self.w);
        for i in cells {
            self.tiles.as_mut_slice()[i] = Tile::Floor;
            self.room_of[i] = id;
            if first == NONE {
                first = i as u32;
            }
            let (x, y) = by_w.xy(i);
            let (x, y) = (x as i32, y as i32);
            x0 = x0.min(x);
            y0 = y0.min(y);
            x1 = x1.max(x);
            y1 = y1.max(y);
            area += 1;
        }
        let bounds = Rect::from_edges(x0, y0, x1 + 1, y1 + 1).ok()?;
        Some(self.push_shaped(first, bounds, area))
    }

    /// Draws a room from runs of tiles along rows, `start..end` each (tile
    /// indices, in raster order, inside the border): the room
    /// [`Canvas::add_cells`] draws from the runs' tiles, at a cost per run
    /// (a fill of each row, its bounds from its ends) rather than per
    /// tile. Returns its index, or `None` when there is no tile.
    pub fn add_runs(&mut self, runs: &[(u32, u32)]) -> Option<u32> {
        let id = self.shaped_room_id();
        let (&(first, _), &(last, _)) = (runs.first()?, runs.last()?);
        let by_w = super::Divider::new(self.w);
        let (mut x0, mut x1, mut area) = (usize::MAX, 0, 0u32);
        for &(start, end) in runs {
            let span = start as usize..end as usize;
            self.tiles.as_mut_slice()[span.clone()].fill(Tile::Floor);
            self.room_of[span].fill(id);
            x0 = x0.min(by_w.xy(start as usize).0);
            x1 = x1.max(by_w.xy(end as usize - 1).0);
            area += end - start;
        }
        let (y0, y1) = (by_w.xy(first as usize).1, by_w.xy(last as usize).1);
        let bounds = Rect::from_edges(x0 as i32, y0 as i32, x1 as i32 + 1, y1 as i32 + 1).ok()?;
        Some(self.push_shaped(first, bounds, area))
    }

    /// The index the next room of any shape takes, the room map made by
    /// the first such room: the rectangles so far get their tiles' room
    /// too.
    fn shaped_room_id(&mut self) -> u32 {
        if self.room_of.is_empty() {
            self.room_of = vec![NONE; self.tiles.len()];
            for (r, room) in self.rooms.iter().enumerate() {
                let b = room.bounds;
                for y in b.y()..b.bottom() {
                    let row = y as usize * self.w;
                    self.room_of[row + b.x() as usize..row + b.right() as usize].fill(r as u32);
                }
            }
        }
        self.rooms.len() as u32
    }

    /// Records a room of any shape drawn: its first tile, bounds and area.
    fn push_shaped(&mut self, first: u32, bounds: Rect, area: u32) -> u32 {
        let id = self.rooms.len() as u32;
        self.is_rect.push(false);
        self.first.push(first);
        self.rooms.push(Room { bounds, area });
        self.sites.forget();
        id
    }

    /// Whether tile `i` at `(x, y)` is floor of room `room`: for a
    /// rectangle, whether its bounds hold `(x, y)` (rooms keep a wall
    /// between them, so no other room's floor is inside; that saves the
    /// 4-byte-a-tile room map, and its cache misses, on maps of rectangles);
    /// else by the room map. The door sites ask the same (`site_at`'s
    /// `owns`); this form states it for the tests.
    #[cfg(test)]
    pub(super) fn owns(&self, room: usize, i: usize, x: i32, y: i32) -> bool {
        if self.is_rect[room] {
            let b = self.rooms[room].bounds;
            x >= b.x() && x < b.right() && y >= b.y() && y < b.bottom()
        } else {
            self.room_of[i] == room as u32
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rectangle_is_floor_it_owns_and_never_on_the_border() {
        let mut c = Canvas::new(10, 8).unwrap();
        let r = Rect::new(2, 2, 3, 2).unwrap();
        assert_eq!(c.add_rect(r).unwrap(), 0);
        let floor: Vec<usize> = (0..c.tiles.len())
            .filter(|&i| c.tiles.as_slice()[i] == Tile::Floor)
            .collect();
        assert_eq!(floor, [22, 23, 24, 32, 33, 34]);
        assert!(
            floor
                .iter()
                .all(|&i| c.owns(0, i, (i % 10) as i32, (i / 10) as i32))
        );
        assert!(!c.owns(0, 21, 1, 2));
        assert_eq!(c.rooms()[0], Room::rectangular(r));
        for touching in [(0, 2), (1, 0), (8, 2), (2, 6)] {
            let t = Rect::new(touching.0, touching.1, 2, 2).unwrap();
            assert!(matches!(c.add_rect(t), Err(LevelError::Unsatisfiable(_))));
        }
    }

    #[test]
    fn rooms_of_any_shape_own_their_tiles_only() {
        let mut c = Canvas::new(10, 8).unwrap();
        c.add_rect(Rect::new(6, 1, 2, 2).unwrap()).unwrap();
        // An L of three tiles, after a rectangle: both keep their tiles.
        let l = c.add_cells([21, 22, 32]).unwrap();
        assert_eq!(l, 1);
        assert_eq!(
            c.rooms()[1],
            Room {
                bounds: Rect::new(1, 2, 2, 2).unwrap(),
                area: 3
            }
        );
        assert!(c.owns(1, 32, 2, 3) && !c.owns(1, 31, 1, 3));
        assert!(c.owns(0, 16, 6, 1) && c.room_of[16] == 0);
        // The rectangle's tiles, and only those, got its room.
        let of_0: Vec<usize> = (0..80).filter(|&i| c.room_of[i] == 0).collect();
        assert_eq!(of_0, [16, 17, 26, 27]);
        assert_eq!(c.first, [16, 21]);
        assert_eq!(c.add_cells([]), None);
    }

    #[test]
    fn a_room_from_runs_is_the_room_from_their_tiles() {
        let runs = [(23, 26), (32, 34), (43, 47)];
        let mut by_runs = Canvas::new(10, 8).unwrap();
        let mut by_tiles = Canvas::new(10, 8).unwrap();
        for c in [&mut by_runs, &mut by_tiles] {
            c.add_rect(Rect::new(6, 5, 2, 2).unwrap()).unwrap();
        }
        assert_eq!(by_runs.add_runs(&runs), Some(1));
        let tiles = runs.iter().flat_map(|&(s, e)| s as usize..e as usize);
        assert_eq!(by_tiles.add_cells(tiles), Some(1));
        assert_eq!(by_runs.rooms(), by_tiles.rooms());
        assert_eq!(
            by_runs.rooms()[1],
            Room {
                bounds: Rect::new(2, 2, 5, 3).unwrap(),
                area: 9
            }
        );
        assert_eq!(by_runs.tiles, by_tiles.tiles);
        assert_eq!(by_runs.room_of, by_tiles.room_of);
        assert_eq!(by_runs.first, by_tiles.first);
        assert_eq!(by_runs.add_runs(&[]), None);
    }
}
