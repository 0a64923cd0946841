//! Doors: the door rule ([`door_in_wall`]) and the door sites of each room
//! on a [`Canvas`], the places where a door could be made.

use super::Canvas;
use crate::Tile;
use mcrdun_geom::{DisjointSets, Grid, Point};

/// The door rule, checked on finished tiles: whether a door at `at`
/// stands in a room's wall. It does when, along one axis, both neighbours
/// are walkable and one of them is room floor (floor or stairs), and along
/// the other axis both neighbours are wall (its flanks). Tiles off the map
/// count as neither walkable nor wall.
///
/// Every door a [`Canvas`] makes passes it (its door sites are chosen so
/// that they will), and [`Level::metrics`](crate::Level::metrics) counts
/// doors by it.
///
/// ```
/// use mcrdun_dungeon::{Tile, corridors::door_in_wall};
/// use mcrdun_geom::{Grid, Point};
/// let rows = ["#####", "#...#", "##+##", "  ,  "];
/// let tiles = Grid::from_fn(5, 4, |p| {
///     Tile::from_char(rows[p.y as usize].as_bytes()[p.x as usize] as char).unwrap()
/// })?;
/// assert!(door_in_wall(&tiles, Point::new(2, 2)));
/// // A tile of the room's floor has floor beside it, not wall.
/// assert!(!door_in_wall(&tiles, Point::new(2, 1)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn door_in_wall(tiles: &Grid<Tile>, at: Point) -> bool {
    let tile = |dx: i32, dy: i32| tiles.get(Point::new(at.x + dx, at.y + dy)).copied();
    let walk = |t: Option<Tile>| t.is_some_and(Tile::is_walkable);
    let floor =
        |t: Option<Tile>| matches!(t, Some(Tile::Floor | Tile::StairsUp | Tile::StairsDown));
    let wall = |t: Option<Tile>| t == Some(Tile::Wall);
    let (n, s, e, w) = (tile(0, -1), tile(0, 1), tile(1, 0), tile(-1, 0));
    (walk(n) && walk(s) && (floor(n) || floor(s)) && wall(e) && wall(w))
        || (walk(e) && walk(w) && (floor(e) || floor(w)) && wall(n) && wall(s))
}

/// A door site: the door tile and its outside tile (tile indices).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Site {
    pub(super) door: u32,
    pub(super) out: u32,
    /// The outside tile's coordinates.
    pub(super) x: i32,
    pub(super) y: i32,
    /// The step from the door to its outside tile.
    pub(super) dx: i8,
    pub(super) dy: i8,
}

/// Every room's door sites, found once the rooms are drawn, and the doors
/// each room has.
#[derive(Debug, Default)]
pub(super) struct Sites {
    /// One flat list of sites, room by room.
    list: Vec<Site>,
    /// Room `r`'s sites are `list[ranges[r].0..ranges[r].1]`.
    ranges: Vec<(u32, u32)>,
    /// The sites of each room that became doors.
    pub(super) doors: Vec<Vec<Site>>,
    /// Whether the sites are those of the rooms drawn.
    pub(super) prepared: bool,
    /// Whether each tile or one of its 8 neighbours is floor, found with
    /// the sites ([`near_floor_mask`]; empty while they are not, or when it
    /// did not fit in memory).
    near_floor: Vec<bool>,
}

impl Sites {
    /// Forgets the sites: a room was drawn.
    pub(super) fn forget(&mut self) {
        self.prepared = false;
        self.near_floor.clear();
    }
}

/// The steps from a door to its outside tile, in the order sites are
/// listed: up, right, down, left.
const STEPS: [(i32, i32); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];

impl Canvas {
    /// Finds every room's door sites (one pass over the tiles): sites in a
    /// straight stretch of wall, or, for a room that has none, any site
    /// with walled flanks.
    pub(super) fn prepare(&mut self) {
        if self.sites.prepared {
            return;
        }
        let (w, h) = (self.w, self.tiles.height() as usize);
        // Floor is drawn only before the sites are found (links dig rock
        // into corridors and doors), so which tiles have floor near is
        // found once, for the sites' outside tiles and every step of the
        // searches.
        self.sites.near_floor = near_floor_mask(self.tiles.as_slice(), w).unwrap_or_default();
        let n = self.rooms.len();
        let mut sites: Vec<Site> = Vec::with_capacity(n * 16);
        let mut ranges: Vec<(u32, u32)> = vec![(0, 0); n];
        // (site, straight) scratch.
        let mut found: Vec<(Site, bool)> = Vec::new();
        // Rooms are visited top to bottom (by the top row of their bounds,
        // then the left column), not in their own order: the rows around
        // one room are then still in cache from the rooms before it (in
        // room order every room's rows are a cold stripe of the map). A
        // room's sites are the same either way, found in the same order;
        // only where its range lies in `list` differs.
        let mut order: Vec<u32> = (0..n as u32).collect();
        order.sort_unstable_by_key(|&r| {
            let b = self.rooms[r as usize].bounds;
            (b.y(), b.x(), r)
        });
        for &room in &order {
            let room = room as usize;
            let r = &self.rooms[room];
            found.clear();
            let b = r.bounds;
            let ys = (b.y() - 1).max(1) as usize..((b.bottom() + 1) as usize).min(h - 1);
            let xs = (b.x() - 1).max(1) as usize..((b.right() + 1) as usize).min(w - 1);
            if let Some((_, given)) = self.given_sites.iter().find(|(g, _)| *g as usize == room) {
                // A vault: its entrances, and nothing else.
                let start = sites.len() as u32;
                sites.extend(given.iter().copied());
                ranges[room] = (start, sites.len() as u32);
                continue;
            }
            let rect = self.is_rect[room];
            for y in ys {
                let yi = y as i32;
                if rect {
                    // A rectangle's own rows are its floor (never dug), but
                    // for the wall at either end: only those may be sites,
                    // and each wall tile faces the rectangle one way only.
                    // Walked directly, in the order of `xs`: the ends of an
                    // own row face it sideways, the row above and below
                    // (over the rectangle's columns) face it up and down;
                    // the corners face it no way (a tile outside a rectangle has at
                    // most one 4-neighbour inside it).
                    let own_row = yi >= b.y() && yi < b.bottom();
                    let inside = |_, x: i32, y: i32| {
                        x >= b.x() && x < b.right() && y >= b.y() && y < b.bottom()
                    };
                    if own_row {
                        for (x, step) in [(b.x() - 1, (-1, 0)), (b.right(), (1, 0))] {
                            let x = x as usize;
                            if xs.contains(&x) {
                                self.site_at(x, y, step, inside, &mut found);
                            }
                        }
                    } else {
                        let step = if yi < b.y() { (0, -1) } else { (0, 1) };
                        let cols = xs.start.max(b.x() as usize)..xs.end.min(b.right() as usize);
                        for x in cols {
                            self.site_at(x, y, step, inside, &mut found);
                        }
                    }
                } else {
                    // A tile is a site of this room only with the room's
                    // floor behind it: the floor behind a door of step
                    // STEPS[k] is below, left, above, right of it for k =
                    // 0..4. Tiles with no floor near (most of the rock
                    // around a room) are passed over on a byte of the
                    // mask, the others without on four reads of the room
                    // map; the rest are looked at one step at a time, in
                    // the order of STEPS.
                    let (t, of) = (self.tiles.as_slice(), &self.room_of);
                    let near = &self.sites.near_floor;
                    let id = room as u32;
                    for x in xs.clone() {
                        let d = y * w + x;
                        if t[d] != Tile::Wall || !near.get(d).copied().unwrap_or(true) {
                            continue;
                        }
                        let behind = [
                            of[d + w] == id,
                            of[d - 1] == id,
                            of[d - w] == id,
                            of[d + 1] == id,
                        ];
                        if behind == [false; 4] {
                            continue;
                        }
                        for (k, &step) in STEPS.iter().enumerate() {
                            if behind[k] {
                                self.site_at(x, y, step, |i, _, _| of[i] == id, &mut found);
                            }
                        }
                    }
                }
            }
            let any_straight = found.iter().any(|(_, s)| *s);
            let start = sites.len() as u32;
            sites.extend(
                found
                    .iter()
                    .filter(|(_, s)| *s || !any_straight)
                    .map(|(site, _)| *site),
            );
            ranges[room] = (start, sites.len() as u32);
        }
        self.sites.list = sites;
        self.sites.ranges = ranges;
        self.sites.doors.resize(n, Vec::new());
        self.linked = DisjointSets::new(n);
        self.sites.prepared = true;
    }

    /// The door site of a room at wall tile `(x, y)` (none unless it is
    /// rock) for the step `(dx, dy)` from the door to its outside tile,
    /// where the floor behind the door is the room's (the caller knows):
    /// pushed to `found` with whether it is in a straight stretch of wall,
    /// `owns(i, x, y)` telling whether tile `i` at `(x, y)` is the room's
    /// floor.
    fn site_at(
        &self,
        x: usize,
        y: usize,
        (dx, dy): (i32, i32),
        owns: impl Fn(usize, i32, i32) -> bool,
        found: &mut Vec<(Site, bool)>,
    ) {
        let (w, h) = (self.w, self.tiles.height() as usize);
        let t = self.tiles.as_slice();
        let d = y * w + x;
        if t[d] != Tile::Wall {
            return;
        }
        let (fx, fy) = (x as i32 - dx, y as i32 - dy);
        let (ox, oy) = (x as i32 + dx, y as i32 + dy);
        if ox < 1 || oy < 1 || ox as usize >= w - 1 || oy as usize >= h - 1 {
            return;
        }
        let o = oy as usize * w + ox as usize;
        if self.floor_near(o) {
            return;
        }
        let flank = if dx != 0 { w } else { 1 };
        if t[d + flank] != Tile::Wall || t[d - flank] != Tile::Wall {
            return;
        }
        let (sx, sy) = (i32::from(dx == 0), i32::from(dx != 0));
        let f = (d as isize - (dy as isize * w as isize + dx as isize)) as usize;
        let straight = owns(f + flank, fx + sx, fy + sy) && owns(f - flank, fx - sx, fy - sy);
        found.push((
            Site {
                door: d as u32,
                out: o as u32,
                x: ox,
                y: oy,
                dx: dx as i8,
                dy: dy as i8,
            },
            straight,
        ));
    }

    /// The door sites of room `r`.
    pub(super) fn sites_of(&self, r: usize) -> &[Site] {
        let (a, b) = self.sites.ranges[r];
        &self.sites.list[a as usize..b as usize]
    }

    /// Whether a new door may stand at `s` now: its tile is still wall, its
    /// outside rock or corridor, and no door is 8-adjacent.
    pub(super) fn open_site(&self, s: Site) -> bool {
        let t = self.tiles.as_slice();
        t[s.door as usize] == Tile::Wall
            && matches!(t[s.out as usize], Tile::Wall | Tile::Corridor)
            && !near(t, self.w, s.door as usize, Tile::Door)
    }

    /// Whether tile `i` (off the border) or any of its 8 neighbours is
    /// floor: a corridor may not be dug there. Read from the mask found
    /// with the sites, else from the tiles.
    pub(super) fn floor_near(&self, i: usize) -> bool {
        match self.sites.near_floor.get(i) {
            Some(&near) => near,
            None => floor_near(self.tiles.as_slice(), self.w, i),
        }
    }

    /// Whether `s` is a door already.
    pub(super) fn is_door(&self, s: Site) -> bool {
        self.tiles.as_slice()[s.door as usize] == Tile::Door
    }
}

/// Whether any of the 8 neighbours of `i` (or `i`) is floor: a corridor
/// may not be dug there.
pub(super) fn floor_near(t: &[Tile], w: usize, i: usize) -> bool {
    near(t, w, i, Tile::Floor)
}

/// [`floor_near`] of every tile of `t` (`w` wide) at once, the map's edge
/// clipping the neighbourhood: a byte a tile, in two passes that
/// vectorise (floor in the rows above, at and below, then along the row),
/// where asking it tile by tile reads nine tiles each time. `None` when
/// it does not fit in memory.
fn near_floor_mask(t: &[Tile], w: usize) -> Option<Vec<bool>> {
    let mut near = mcrdun_geom::memory::try_vec("the tiles near floor", t.len(), false).ok()?;
    let h = t.len() / w.max(1);
    for y in 0..h {
        let out = &mut near[y * w..(y + 1) * w];
        for row in t[y.saturating_sub(1) * w..(y + 2).min(h) * w].chunks_exact(w) {
            for (o, &c) in out.iter_mut().zip(row) {
                *o |= c == Tile::Floor;
            }
        }
    }
    let mut row = vec![false; w];
    for out in near.chunks_exact_mut(w.max(1)) {
        row.copy_from_slice(out);
        if w >= 2 {
            out[0] = row[0] | row[1];
            out[w - 1] = row[w - 2] | row[w - 1];
        }
        for (o, ((&a, &b), &c)) in out[1..].iter_mut().zip(
            row.iter()
                .zip(&row[1..])
                .zip(row.get(2..).unwrap_or_default()),
        ) {
            *o = a | b | c;
        }
    }
    Some(near)
}

/// Whether `i` or any of its 8 neighbours is `kind` (`i` off the border):
/// three rows of three tiles, one bounds check each.
#[inline]
fn near(t: &[Tile], w: usize, i: usize, kind: Tile) -> bool {
    [i - w, i, i + w]
        .into_iter()
        .any(|c| t[c - 1..=c + 1].contains(&kind))
}

/// Whether tiles `a` and `b` of a map `w` wide are 8-adjacent (or equal).
pub(super) fn adjacent8(a: usize, b: usize, w: usize) -> bool {
    let (ax, ay, bx, by) = (a % w, a / w, b % w, b / w);
    ax.abs_diff(bx) <= 1 && ay.abs_diff(by) <= 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use mcrdun_geom::Rect;

    use crate::tile::grid_of as grid;

    #[test]
    fn a_door_stands_in_a_wall_with_floor_on_one_side() {
        let t = grid(&["#######", "#.....#", "###+###", "###,###", "#######"]);
        assert!(door_in_wall(&t, Point::new(3, 2)));
        // Stairs count as floor; a corridor on both sides is no room's wall.
        let stairs = grid(&["#######", "#..<..#", "###+###", "###,###", "#######"]);
        assert!(door_in_wall(&stairs, Point::new(3, 2)));
        let between = grid(&["###,###", "###+###", "###,###"]);
        assert!(!door_in_wall(&between, Point::new(3, 1)));
        // An open flank, a dead end, the map's edge: not in a wall.
        let flank = grid(&["#######", "#.....#", "###+,##", "###,###", "#######"]);
        assert!(!door_in_wall(&flank, Point::new(3, 2)));
        let dead = grid(&["#######", "#.....#", "###+###", "#######"]);
        assert!(!door_in_wall(&dead, Point::new(3, 2)));
        let edge = grid(&["#.#", "#+#"]);
        assert!(!door_in_wall(&edge, Point::new(1, 1)));
        // The same rule across the other axis.
        let side = grid(&["#####", "#..+,", "#####"]);
        assert!(door_in_wall(&side, Point::new(3, 1)));
    }

    #[test]
    fn sites_face_rock_from_a_straight_wall() {
        let mut c = Canvas::new(12, 10).unwrap();
        c.add_rect(Rect::new(3, 3, 4, 3).unwrap()).unwrap();
        c.prepare();
        let sites = c.sites_of(0);
        // The 4 + 4 + 3 + 3 wall tiles beside the floor, less the ends of
        // each wall (not straight: one flank has no floor inside it).
        assert_eq!(sites.len(), 2 + 2 + 1 + 1);
        for s in sites {
            let door = c.tiles.point_of(s.door as usize);
            assert_eq!(c.tiles.get(door), Some(&Tile::Wall));
            let out = Point::new(s.x, s.y);
            assert_eq!(c.tiles.index_of(out), Some(s.out as usize));
            assert_eq!(
                (door.x + i32::from(s.dx), door.y + i32::from(s.dy)),
                (s.x, s.y)
            );
            // The floor behind the door is the room's; its outside is rock.
            let f = Point::new(door.x - i32::from(s.dx), door.y - i32::from(s.dy));
            assert_eq!(c.tiles.get(f), Some(&Tile::Floor));
            assert!(!floor_near(c.tiles.as_slice(), 12, s.out as usize));
            assert!(c.open_site(*s));
            // Dug, the site is a door by the rule.
            let mut t = c.tiles.clone();
            t.as_mut_slice()[s.door as usize] = Tile::Door;
            t.as_mut_slice()[s.out as usize] = Tile::Corridor;
            assert!(door_in_wall(&t, door), "{door:?}");
        }
    }

    #[test]
    fn a_door_closes_the_sites_beside_it() {
        let mut c = Canvas::new(12, 10).unwrap();
        c.add_rect(Rect::new(3, 3, 5, 3).unwrap()).unwrap();
        c.prepare();
        let top: Vec<Site> = c
            .sites_of(0)
            .iter()
            .copied()
            .filter(|s| s.dy == -1)
            .collect();
        assert_eq!(top.len(), 3);
        c.tiles.as_mut_slice()[top[1].door as usize] = Tile::Door;
        assert!(c.is_door(top[1]) && !c.open_site(top[1]));
        assert!(!c.open_site(top[0]) && !c.open_site(top[2]));
        // A room on the far side of a lane: no site between the two.
        let mut two = Canvas::new(14, 7).unwrap();
        two.add_rect(Rect::new(1, 1, 4, 5).unwrap()).unwrap();
        two.add_rect(Rect::new(7, 1, 4, 5).unwrap()).unwrap();
        two.prepare();
        assert!(two.sites_of(0).iter().all(|s| s.dx != 1));
        assert!(two.sites_of(1).iter().all(|s| s.dx != -1));
    }

    #[test]
    fn a_room_drawn_after_the_sites_are_found_has_them_found_anew() {
        let mut c = Canvas::new(14, 7).unwrap();
        c.add_rect(Rect::new(1, 1, 4, 5).unwrap()).unwrap();
        c.prepare();
        // Rock in the lane beside where the next room goes: no floor near.
        let lane = 3 * 14 + 6;
        assert!(!c.floor_near(lane));
        c.add_rect(Rect::new(7, 1, 4, 5).unwrap()).unwrap();
        assert!(c.floor_near(lane));
        c.prepare();
        assert!(c.floor_near(lane));
        assert!(c.sites_of(1).iter().any(|s| s.dx == 1));
    }

    #[test]
    fn the_mask_of_floor_near_is_floor_near_of_each_tile() {
        use mcrdun_geom::random::{index, seeded_rng};
        let mut rng = seeded_rng(5);
        for (w, h) in [(13, 9), (1, 5), (2, 4), (7, 1)] {
            let kinds = [Tile::Wall, Tile::Wall, Tile::Floor, Tile::Corridor];
            let t: Vec<Tile> = (0..w * h)
                .map(|_| kinds[index(&mut rng, kinds.len()).unwrap()])
                .collect();
            let mask = near_floor_mask(&t, w).unwrap();
            for y in 0..h {
                for x in 0..w {
                    // The 3x3 around (x, y), clipped by the map's edge.
                    let near = (y.saturating_sub(1)..(y + 2).min(h)).any(|ny| {
                        (x.saturating_sub(1)..(x + 2).min(w))
                            .any(|nx| t[ny * w + nx] == Tile::Floor)
                    });
                    assert_eq!(mask[y * w + x], near, "{w}x{h} ({x}, {y})");
                    if x > 0 && y > 0 && x + 1 < w && y + 1 < h {
                        assert_eq!(floor_near(&t, w, y * w + x), near);
                    }
                }
            }
        }
    }

    #[test]
    fn eight_neighbours() {
        assert!(adjacent8(11, 22, 10) && adjacent8(11, 11, 10));
        assert!(!adjacent8(11, 13, 10) && !adjacent8(11, 31, 10));
    }
}
