//! Vaults on a [`Canvas`]: a vault is a room of its own shape whose door
//! sites are its entrances (given, not found), whose tiles no corridor
//! digs, and whose required entrances each get a corridor.

use super::Canvas;
use super::doors::Site;
use super::grow;
use crate::Tile;
use mcrdun_geom::Point;
use mcrdun_geom::random::SeededRng;

impl Canvas {
    /// Draws a vault as a room: `cells` its walkable tiles (drawn as floor,
    /// but `doors`, its fixed doors, drawn as doors), `footprint` every
    /// tile of the vault (never dug by a corridor), `entrances` each
    /// entrance's tile and the tile outside it (its only door sites).
    /// Returns the room's index, `None` when `cells` is empty or a tile is
    /// off the map.
    pub fn add_vault(
        &mut self,
        cells: &[Point],
        footprint: &[Point],
        entrances: &[(Point, Point)],
        doors: &[Point],
    ) -> Option<u32> {
        let index = |p: Point| self.tiles.index_of(p);
        let cell_ids: Vec<usize> = cells.iter().map(|&p| index(p)).collect::<Option<_>>()?;
        let foot_ids: Vec<usize> = footprint.iter().map(|&p| index(p)).collect::<Option<_>>()?;
        let door_ids: Vec<usize> = doors.iter().map(|&p| index(p)).collect::<Option<_>>()?;
        let mut sites = Vec::with_capacity(entrances.len());
        for &(door, out) in entrances {
            sites.push(Site {
                door: index(door)? as u32,
                out: index(out)? as u32,
                x: out.x,
                y: out.y,
                dx: (out.x - door.x) as i8,
                dy: (out.y - door.y) as i8,
            });
        }
        let id = self.add_cells(cell_ids)?;
        for i in door_ids {
            self.tiles.as_mut_slice()[i] = Tile::Door;
        }
        if self.protected.is_empty() {
            self.protected = vec![false; self.tiles.len()];
        }
        for i in foot_ids {
            self.protected[i] = true;
        }
        self.given_sites.push((id, sites));
        Some(id)
    }

    /// Makes the entrance at `door` of room `room` a door reached by a
    /// corridor from another room's door site or door, searching ever
    /// wider windows around the room (as [`Canvas::connect_all`]); nothing
    /// when it is a door already. Returns whether it is a door.
    pub fn link_entrance(&mut self, room: u32, door: Point, rng: &mut SeededRng) -> bool {
        self.prepare();
        let Some(d) = self.tiles.index_of(door) else {
            return false;
        };
        if self.tiles.as_slice()[d] == Tile::Door {
            return true;
        }
        let Some(&site) = self
            .sites_of(room as usize)
            .iter()
            .find(|s| s.door as usize == d)
        else {
            return false;
        };
        let from = [(site, room)];
        let mut to = Vec::new();
        for r in (0..self.rooms.len()).filter(|&r| r != room as usize) {
            to.extend(self.sites_of(r).iter().map(|s| (*s, r as u32)));
            to.extend(self.sites.doors[r].iter().map(|s| (*s, r as u32)));
        }
        let b = self.rooms[room as usize].bounds;
        for margin in [16, 48, i32::MAX / 4] {
            if self
                .search_and_dig(&from, &to, grow(&b, margin), rng)
                .is_some()
            {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mcrdun_geom::random::seeded_rng;

    /// A 3x1 vault room with a required entrance on top, beside a
    /// rectangle: the entrance is the vault's only door site, the vault's
    /// walls are never dug, and the entrance gets its corridor.
    #[test]
    fn a_vault_is_joined_through_its_entrance_only() {
        let mut c = Canvas::new(20, 12).unwrap();
        c.add_rect(mcrdun_geom::Rect::new(12, 2, 5, 7).unwrap())
            .unwrap();
        let cells = [Point::new(3, 6), Point::new(4, 6), Point::new(5, 6)];
        let mut footprint = Vec::new();
        for y in 5..8 {
            for x in 2..7 {
                footprint.push(Point::new(x, y));
            }
        }
        let entrance = (Point::new(4, 5), Point::new(4, 4));
        let v = c.add_vault(&cells, &footprint, &[entrance], &[]).unwrap();
        assert_eq!(v, 1);
        let mut rng = seeded_rng(3);
        assert!(c.link_entrance(v, entrance.0, &mut rng));
        assert_eq!(c.tiles().get(entrance.0), Some(&Tile::Door));
        for p in &footprint {
            let t = *c.tiles().get(*p).unwrap();
            assert!(t != Tile::Corridor, "{p:?} dug");
        }
        assert_eq!(c.doors().len(), 2);
        // Off the map: no vault.
        assert_eq!(c.add_vault(&[Point::new(40, 1)], &[], &[], &[]), None);
    }
}
