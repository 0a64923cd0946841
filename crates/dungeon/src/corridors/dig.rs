//! Digging a path the search found: its rock becomes corridor and its two
//! door sites doors, unless a tile of it would complete a 2x2 square of
//! walkable tiles.

use super::Canvas;
use super::doors::{Site, adjacent8};
use super::search::{DOOR_BIT, Found, Window};
use crate::{Door, Tile};

impl Canvas {
    /// Walks back from target tile `end` to its source door, and digs the
    /// path with both doors, unless a tile of it would complete a 2x2
    /// square ([`Found::Square`], nothing dug). `sources` and `to` are the
    /// search's door sites.
    pub(super) fn dig_path(
        &mut self,
        win: &Window,
        end: usize,
        sources: &[(Site, u32)],
        to: &[(Site, u32)],
    ) -> Found {
        let w = self.w;
        // The path buffer is the canvas's, given back below; an early
        // return only loses capacity.
        let mut path = core::mem::take(&mut self.search.path);
        path.clear();
        let mut k = end;
        let source_door = loop {
            path.push(k);
            let Some(l) = win.local(k) else {
                return Found::Nothing;
            };
            let p = self.search.parent[l];
            if p & DOOR_BIT != 0 {
                break p & !DOOR_BIT;
            }
            k = p as usize;
        };
        let Some(&(src, room_a)) = sources.iter().find(|(s, _)| s.door == source_door) else {
            return Found::Nothing;
        };
        let Some(&(dst, room_b)) = to.iter().find(|&&(s, _)| {
            s.out as usize == end
                && (self.is_door(s) || self.open_site(s))
                && !adjacent8(s.door as usize, source_door as usize, w)
        }) else {
            return Found::Nothing;
        };
        // Every new tile against every square around it, with the whole
        // path and both doors counted as walkable: the path's rock is dug
        // first (the path's other tiles are corridor, walkable already), so
        // a look at the tile tells whether it is walkable or on the path,
        // and undone if a square is found.
        path.retain(|&k| self.tiles.as_slice()[k] == Tile::Wall);
        for &k in &path {
            self.tiles.as_mut_slice()[k] = Tile::Corridor;
        }
        if let Some(k) = self.square_on(&path, src.door as usize, dst.door as usize) {
            for &k in &path {
                self.tiles.as_mut_slice()[k] = Tile::Wall;
            }
            self.search.path = path;
            return Found::Square(k);
        }
        for (s, room) in [(src, room_a), (dst, room_b)] {
            if self.tiles.as_slice()[s.door as usize] == Tile::Wall {
                self.tiles.as_mut_slice()[s.door as usize] = Tile::Door;
                self.sites.doors[room as usize].push(s);
                self.doors.push(Door {
                    at: self.tiles.point_of(s.door as usize),
                    rooms: (room_a.min(room_b), room_a.max(room_b)),
                });
            }
        }
        self.search.path = path;
        self.linked.union(room_a as usize, room_b as usize);
        Found::Dug(room_b)
    }

    /// The first tile of `path` that is a corner of a 2x2 square of
    /// walkable tiles, counting doors `a` and `b` as walkable.
    fn square_on(&self, path: &[usize], a: usize, b: usize) -> Option<usize> {
        let w = self.w;
        let on = |c: usize| self.tiles.as_slice()[c].is_walkable() || c == a || c == b;
        path.iter().copied().find(|&k| {
            [
                (k - 1, k - w, k - w - 1),
                (k + 1, k - w, k - w + 1),
                (k - 1, k + w, k + w - 1),
                (k + 1, k + w, k + w + 1),
            ]
            .into_iter()
            .any(|(a, b, c)| on(a) && on(b) && on(c))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mcrdun_geom::Rect;

    #[test]
    fn squares_on_a_path_count_its_doors_as_walkable() {
        let mut c = Canvas::new(8, 6).unwrap();
        c.add_rect(Rect::new(1, 1, 2, 2).unwrap()).unwrap();
        let w = 8;
        let t = c.tiles.as_mut_slice();
        for i in [2 * w + 4, 2 * w + 5, 3 * w + 5] {
            t[i] = Tile::Corridor;
        }
        // (4, 3) closes the square (4..6, 2..4) of corridor.
        assert_eq!(
            c.square_on(&[3 * w + 4], NONE_TILE, NONE_TILE),
            Some(3 * w + 4)
        );
        // (5, 4) below (5, 3): a square only with doors at (4, 3) and (4, 4).
        let k = 4 * w + 5;
        assert_eq!(c.square_on(&[k], NONE_TILE, NONE_TILE), None);
        assert_eq!(c.square_on(&[k], 3 * w + 4, NONE_TILE), None);
        assert_eq!(c.square_on(&[k], 3 * w + 4, 4 * w + 4), Some(k));
        // The first tile of the path that closes one.
        assert_eq!(
            c.square_on(&[4 * w + 6, 3 * w + 4], NONE_TILE, NONE_TILE),
            Some(3 * w + 4)
        );
    }

    #[test]
    fn squares_below_a_path_tile() {
        let w = 8;
        let k = 3 * w + 4;
        // Below left of (4, 3), then below right.
        for (tiles, found) in [
            ([3 * w + 3, 4 * w + 3, 4 * w + 4], Some(k)),
            ([3 * w + 5, 4 * w + 5, 4 * w + 4], Some(k)),
            ([3 * w + 3, 4 * w + 5, 4 * w + 4], None),
        ] {
            let mut c = Canvas::new(8, 6).unwrap();
            for i in tiles {
                c.tiles.as_mut_slice()[i] = Tile::Corridor;
            }
            assert_eq!(c.square_on(&[k], NONE_TILE, NONE_TILE), found, "{tiles:?}");
        }
    }

    /// A door index no tile has.
    const NONE_TILE: usize = usize::MAX;
}
