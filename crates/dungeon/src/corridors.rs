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
//!   wall with walled flanks). No two doors are 8-adjacent.
//! - A **corridor** tile is rock with no floor among its 8 neighbours, off
//!   the map's border: corridors never touch a room's wall except through a
//!   door's outside tile, so they never open a room's wall.
//! - No corridor tile completes a 2x2 square of walkable tiles (counting
//!   the corridor being dug), so corridors never run side by side.
//!
//! # The digger
//!
//! A breadth-first search inside a window, from the outside tiles of every
//! possible door of room `a` (in random order, so equal choices are random)
//! to the outside tiles of every possible door of room `b`, over rock that
//! obeys the rules and over corridors already dug (corridors merge into a
//! network). The path found is dug, and its two doors set. Cost: linear in
//! the window's tiles; the search buffers are the canvas's, allocated once.

use crate::reach::label_walkable;
use crate::{Door, LevelError, Room, Tile};
use mcrdun_geom::random::{SeededRng, shuffle};
use mcrdun_geom::{DisjointSets, Grid, Rect};

const NONE: u32 = u32::MAX;
/// Marks a parent that is a source door.
const DOOR_BIT: u32 = 1 << 31;

/// A door site: the door tile and its outside tile (tile indices).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Site {
    door: u32,
    out: u32,
    /// The outside tile's coordinates.
    x: i32,
    y: i32,
    /// The step from the door to its outside tile.
    dx: i8,
    dy: i8,
}

/// What one search found.
enum Found {
    /// A path, dug; the room reached.
    Dug(u32),
    /// A path whose tile would complete a 2x2 square of walkable tiles.
    Square(usize),
    /// No path.
    Nothing,
}

/// Tiles being drawn, with the rooms on them, the doors placed so far and
/// the digger's buffers.
///
/// Working memory: 1 byte per tile (5 once a room of any shape is drawn:
/// the tile and its room), 12 bytes per
/// tile of the largest search window, and the door sites of each room.
/// Maps are limited to 2^31 tiles.
#[derive(Debug)]
pub struct Canvas {
    tiles: Grid<Tile>,
    w: usize,
    /// The room of each tile, or `NONE`; empty while every room is a
    /// rectangle (see [`Canvas::owns`]), made by the first
    /// [`Canvas::add_cells`].
    room_of: Vec<u32>,
    /// Whether room `r` was drawn by [`Canvas::add_rect`]: it owns exactly
    /// the tiles of its bounds.
    is_rect: Vec<bool>,
    rooms: Vec<Room>,
    first: Vec<u32>,
    sites: Vec<Site>,
    site_ranges: Vec<(u32, u32)>,
    room_doors: Vec<Vec<Site>>,
    doors: Vec<Door>,
    /// Search state per tile of the window: the parent, valid where `seen`
    /// holds the current `stamp`; a target where `target` holds it. A new
    /// search takes a new stamp instead of clearing the buffers.
    parent: Vec<u32>,
    seen: Vec<u32>,
    target: Vec<u32>,
    stamp: u32,
    sources_buf: Vec<(Site, u32)>,
    path_buf: Vec<usize>,
    from_buf: Vec<(Site, u32)>,
    to_buf: Vec<(Site, u32)>,
    queue: Vec<u32>,
    prepared: bool,
    connected: bool,
    linked: DisjointSets,
    buckets: Vec<Vec<(u32, u32)>>,
    banned: Vec<u32>,
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
            sites: Vec::new(),
            site_ranges: Vec::new(),
            room_doors: Vec::new(),
            doors: Vec::new(),
            parent: Vec::new(),
            seen: Vec::new(),
            target: Vec::new(),
            stamp: 0,
            sources_buf: Vec::new(),
            path_buf: Vec::new(),
            from_buf: Vec::new(),
            to_buf: Vec::new(),
            queue: Vec::new(),
            prepared: false,
            connected: false,
            linked: DisjointSets::new(0),
            buckets: Vec::new(),
            banned: Vec::new(),
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
        self.prepared = false;
        Ok(id)
    }

    /// Draws a room from tile indices (any shape, inside the border);
    /// returns its index, or `None` when `cells` is empty.
    pub fn add_cells(&mut self, cells: impl IntoIterator<Item = usize>) -> Option<u32> {
        let id = self.rooms.len() as u32;
        if self.room_of.is_empty() {
            // The first room of any shape: the rectangles so far get their
            // tiles' room too.
            self.room_of = vec![NONE; self.tiles.len()];
            for (r, room) in self.rooms.iter().enumerate() {
                let b = room.bounds;
                for y in b.y()..b.bottom() {
                    let row = y as usize * self.w;
                    self.room_of[row + b.x() as usize..row + b.right() as usize].fill(r as u32);
                }
            }
        }
        let mut first = NONE;
        let (mut x0, mut y0, mut x1, mut y1, mut area) = (i32::MAX, i32::MAX, 0, 0, 0u32);
        for i in cells {
            self.tiles.as_mut_slice()[i] = Tile::Floor;
            self.room_of[i] = id;
            if first == NONE {
                first = i as u32;
            }
            let p = self.tiles.point_of(i);
            x0 = x0.min(p.x);
            y0 = y0.min(p.y);
            x1 = x1.max(p.x);
            y1 = y1.max(p.y);
            area += 1;
        }
        let bounds = Rect::from_edges(x0, y0, x1 + 1, y1 + 1).ok()?;
        self.is_rect.push(false);
        self.first.push(first);
        self.rooms.push(Room { bounds, area });
        self.prepared = false;
        Some(id)
    }

    /// Finds every room's door sites (one pass over the tiles): sites in a
    /// straight stretch of wall, or, for a room that has none, any site
    /// with walled flanks.
    fn prepare(&mut self) {
        if self.prepared {
            return;
        }
        let (w, h) = (self.w, self.tiles.height() as usize);
        let n = self.rooms.len();
        // One flat list of sites, room by room; (site, straight) scratch.
        let mut sites: Vec<Site> = Vec::with_capacity(n * 16);
        let mut ranges: Vec<(u32, u32)> = Vec::with_capacity(n);
        let mut found: Vec<(Site, bool)> = Vec::new();
        for (room, r) in self.rooms.iter().enumerate() {
            found.clear();
            let b = r.bounds;
            let ys = (b.y() - 1).max(1) as usize..((b.bottom() + 1) as usize).min(h - 1);
            let xs = (b.x() - 1).max(1) as usize..((b.right() + 1) as usize).min(w - 1);
            let rect = self.is_rect[room];
            for y in ys {
                let yi = y as i32;
                if rect {
                    // A rectangle's own rows are its floor (never dug), but
                    // for the wall at either end: only those may be sites,
                    // and each wall tile faces the rectangle one way only.
                    let own_row = yi >= b.y() && yi < b.bottom();
                    let ends = [(b.x() - 1) as usize, b.right() as usize];
                    for x in xs.clone() {
                        if own_row && !ends.contains(&x) {
                            continue;
                        }
                        if let Some(step) = facing_rect(&b, x as i32, yi) {
                            self.sites_at(room, x, y, &[step], &mut found);
                        }
                    }
                } else {
                    for x in xs.clone() {
                        self.sites_at(room, x, y, &STEPS, &mut found);
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
            ranges.push((start, sites.len() as u32));
        }
        self.sites = sites;
        self.site_ranges = ranges;
        self.room_doors.resize(n, Vec::new());
        self.linked = DisjointSets::new(n);
        self.prepared = true;
    }

    /// The door sites of room `room` at wall tile `(x, y)` (none unless it
    /// is rock), for the steps `steps` from the door to its outside tile
    /// (in that order), pushed to `found` with whether each is in a
    /// straight stretch of wall.
    fn sites_at(
        &self,
        room: usize,
        x: usize,
        y: usize,
        steps: &[(i32, i32)],
        found: &mut Vec<(Site, bool)>,
    ) {
        let (w, h) = (self.w, self.tiles.height() as usize);
        let t = self.tiles.as_slice();
        let d = y * w + x;
        if t[d] != Tile::Wall {
            return;
        }
        for &(dx, dy) in steps {
            let step = dy as isize * w as isize + dx as isize;
            // `f` is the floor behind the door, `o` its outside.
            let f = (d as isize - step) as usize;
            let (fx, fy) = (x as i32 - dx, y as i32 - dy);
            if !self.owns(room, f, fx, fy) {
                continue;
            }
            let (ox, oy) = (x as i32 + dx, y as i32 + dy);
            if ox < 1 || oy < 1 || ox as usize >= w - 1 || oy as usize >= h - 1 {
                continue;
            }
            let o = oy as usize * w + ox as usize;
            if floor_near(t, w, o) {
                continue;
            }
            let flank = if dx != 0 { w } else { 1 };
            if t[d + flank] != Tile::Wall || t[d - flank] != Tile::Wall {
                continue;
            }
            let (sx, sy) = (i32::from(dx == 0), i32::from(dx != 0));
            let straight = self.owns(room, f + flank, fx + sx, fy + sy)
                && self.owns(room, f - flank, fx - sx, fy - sy);
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
    }

    /// Whether tile `i` at `(x, y)` is floor of room `room`: for a
    /// rectangle, whether its bounds hold `(x, y)` (rooms keep a wall
    /// between them, so no other room's floor is inside; that saves the
    /// 4-byte-a-tile room map, and its cache misses, on maps of rectangles);
    /// else by the room map.
    fn owns(&self, room: usize, i: usize, x: i32, y: i32) -> bool {
        if self.is_rect[room] {
            let b = self.rooms[room].bounds;
            x >= b.x() && x < b.right() && y >= b.y() && y < b.bottom()
        } else {
            self.room_of[i] == room as u32
        }
    }

    /// The door sites of room `r`.
    fn sites_of(&self, r: usize) -> &[Site] {
        let (a, b) = self.site_ranges[r];
        &self.sites[a as usize..b as usize]
    }

    /// Whether a new door may stand at `s` now.
    fn open_site(&self, s: Site) -> bool {
        let t = self.tiles.as_slice();
        t[s.door as usize] == Tile::Wall
            && matches!(t[s.out as usize], Tile::Wall | Tile::Corridor)
            && !near(t, self.w, s.door as usize, Tile::Door)
    }

    /// Whether digging rock tile `j`, coming from `a` (whose parent is `b`),
    /// leaves every 2x2 square around `j` with a wall.
    fn square_free(&self, j: usize, a: u32, b: u32) -> bool {
        let t = self.tiles.as_slice();
        let w = self.w;
        let on = |c: usize| t[c].is_walkable() || c as u32 == a || c as u32 == b;
        // The four squares with `j` as a corner (j is off the border).
        !((on(j - 1) && on(j - w) && on(j - w - 1))
            || (on(j + 1) && on(j - w) && on(j - w + 1))
            || (on(j - 1) && on(j + w) && on(j + w - 1))
            || (on(j + 1) && on(j + w) && on(j + w + 1)))
    }

    /// Links rooms `a` and `b` by a corridor with a door in each room's wall,
    /// searching inside `window` (clipped to the map). With `reuse`, the
    /// rooms' existing doors may serve (the corridor may then be shorter or
    /// nothing at all, when the rooms are joined already); without, two new
    /// doors are made, so the link always changes the level when it is
    /// possible. Returns whether the link was made.
    ///
    /// # Errors
    /// [`LevelError::Unsatisfiable`] for a room index out of range.
    pub fn link(
        &mut self,
        a: u32,
        b: u32,
        window: Rect,
        reuse: bool,
        rng: &mut SeededRng,
    ) -> Result<bool, LevelError> {
        self.prepare();
        let n = self.rooms.len() as u32;
        if a >= n || b >= n || a == b {
            return Err(LevelError::Unsatisfiable(format!(
                "cannot link rooms {a} and {b} of {n}"
            )));
        }
        // First only the doors on the walls facing the other room (a search
        // that spreads less), then all.
        let (ca, cb) = (
            self.rooms[a as usize].bounds.center(),
            self.rooms[b as usize].bounds.center(),
        );
        let mut from = core::mem::take(&mut self.from_buf);
        let mut to = core::mem::take(&mut self.to_buf);
        let mut made = false;
        for facing in [true, false] {
            from.clear();
            to.clear();
            for (room, list, toward) in [
                (a, &mut from, (cb.x - ca.x, cb.y - ca.y)),
                (b, &mut to, (ca.x - cb.x, ca.y - cb.y)),
            ] {
                let faces = |s: &Site| {
                    !facing
                        || i64::from(s.dx) * i64::from(toward.0)
                            + i64::from(s.dy) * i64::from(toward.1)
                            > 0
                };
                list.extend(
                    self.sites_of(room as usize)
                        .iter()
                        .filter(|s| faces(s))
                        .map(|s| (*s, room)),
                );
                if reuse {
                    list.extend(
                        self.room_doors[room as usize]
                            .iter()
                            .filter(|s| faces(s))
                            .map(|s| (*s, room)),
                    );
                }
            }
            if self.search_and_dig(&from, &to, window, rng).is_some() {
                made = true;
                break;
            }
        }
        self.from_buf = from;
        self.to_buf = to;
        Ok(made)
    }

    /// The search of [`Canvas::link`] from any of `from` to any of `to`;
    /// digs the path found and returns the room of the target reached.
    ///
    /// The search state lives in buffers the size of the largest window so
    /// far (a parent, a seen stamp and a target stamp per tile), never
    /// cleared: each search takes a new stamp ([`Canvas::next_stamp`]), so
    /// small windows cost little, whatever the map's size.
    fn search_and_dig(
        &mut self,
        from: &[(Site, u32)],
        to: &[(Site, u32)],
        window: Rect,
        rng: &mut SeededRng,
    ) -> Option<u32> {
        // The search checks squares against the last two steps only; a path
        // that doubles back along itself is caught here, its offending tile
        // banned, and the search run again (a few times at most).
        self.banned.clear();
        for _ in 0..8 {
            match self.search_once(from, to, window, rng) {
                Found::Dug(room) => return Some(room),
                Found::Square(tile) => self.banned.push(tile as u32),
                Found::Nothing => return None,
            }
        }
        None
    }

    /// A stamp no tile of `seen` or `target` holds yet, the buffers grown
    /// to `area` tiles (new tiles hold stamp 0, never current). When the
    /// stamps run out, the buffers are cleared once and counting restarts.
    fn next_stamp(&mut self, area: usize) -> u32 {
        if self.seen.len() < area {
            self.parent.resize(area, 0);
            self.seen.resize(area, 0);
            self.target.resize(area, 0);
        }
        if self.stamp == u32::MAX {
            self.seen.fill(0);
            self.target.fill(0);
            self.stamp = 0;
        }
        self.stamp += 1;
        self.stamp
    }

    /// One search of [`Canvas::search_and_dig`], with the canvas's sources
    /// buffer (taken out of the canvas while the search runs).
    fn search_once(
        &mut self,
        from: &[(Site, u32)],
        to: &[(Site, u32)],
        window: Rect,
        rng: &mut SeededRng,
    ) -> Found {
        let mut sources = core::mem::take(&mut self.sources_buf);
        let found = self.search_with(&mut sources, from, to, window, rng);
        self.sources_buf = sources;
        found
    }

    fn search_with(
        &mut self,
        sources: &mut Vec<(Site, u32)>,
        from: &[(Site, u32)],
        to: &[(Site, u32)],
        window: Rect,
        rng: &mut SeededRng,
    ) -> Found {
        let (mw, mh) = (self.w as i32, self.tiles.height() as i32);
        let x0 = window.x().max(1);
        let y0 = window.y().max(1);
        let x1 = window.right().min(mw - 1);
        let y1 = window.bottom().min(mh - 1);
        if x0 >= x1 || y0 >= y1 {
            return Found::Nothing;
        }
        let w = self.w;
        let ww = (x1 - x0) as usize;
        let local_xy = |x: i32, y: i32| -> Option<usize> {
            (x >= x0 && x < x1 && y >= y0 && y < y1)
                .then(|| (y - y0) as usize * ww + (x - x0) as usize)
        };
        let local = |i: usize| local_xy((i % w) as i32, (i / w) as i32);
        let area = ww * (y1 - y0) as usize;
        let stamp = self.next_stamp(area);
        // Tiles that completed a 2x2 square in an earlier try of this link
        // count as already seen: the search never enters them again.
        for &b in &self.banned {
            if let Some(l) = local(b as usize) {
                self.seen[l] = stamp;
            }
        }
        let existing = |c: &Canvas, s: Site| c.tiles.as_slice()[s.door as usize] == Tile::Door;
        // The targets, and their bounding box for the A* estimate.
        let (mut tx0, mut ty0, mut tx1, mut ty1) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
        for &(s, _) in to {
            if let Some(l) = local_xy(s.x, s.y)
                && (existing(self, s) || self.open_site(s))
            {
                self.target[l] = stamp;
                let (x, y) = (s.x, s.y);
                tx0 = tx0.min(x);
                ty0 = ty0.min(y);
                tx1 = tx1.max(x);
                ty1 = ty1.max(y);
            }
        }
        if tx0 == i32::MAX {
            return Found::Nothing;
        }
        let estimate =
            |x: i32, y: i32| ((tx0 - x).max(x - tx1).max(0) + (ty0 - y).max(y - ty1).max(0)) as u32;
        sources.clear();
        sources.extend(from.iter().copied().filter(|&(s, _)| {
            local_xy(s.x, s.y).is_some() && (existing(self, s) || self.open_site(s))
        }));
        shuffle(rng, sources);
        // A* over unit steps with a bucket queue: bucket `f - f0` holds
        // (tile, steps) with estimate + steps = f, taken last in first out.
        let mut buckets = core::mem::take(&mut self.buckets);
        for b in &mut buckets {
            b.clear();
        }
        let xy = |i: usize| ((i % w) as i32, (i / w) as i32);
        let f0 = sources
            .iter()
            .map(|(s, _)| estimate(s.x, s.y))
            .min()
            .unwrap_or(0);
        let push = |buckets: &mut Vec<Vec<(u32, u32)>>, f: u32, i: usize, steps: u32| {
            let k = (f - f0) as usize;
            if buckets.len() <= k {
                buckets.resize(k + 1, Vec::new());
            }
            buckets[k].push((i as u32, steps));
        };
        let mut end = None;
        for &(s, _) in sources.iter() {
            let o = s.out as usize;
            let lo = local_xy(s.x, s.y).unwrap_or(0);
            if self.seen[lo] == stamp {
                continue;
            }
            if self.tiles.as_slice()[o] == Tile::Wall && !self.square_free(o, s.door, NONE) {
                continue;
            }
            // A source's parent is its door, marked by the flag bit.
            self.parent[lo] = s.door | DOOR_BIT;
            self.seen[lo] = stamp;
            push(&mut buckets, estimate(s.x, s.y), o, 0);
            if self.target[lo] == stamp {
                end = Some(o);
                break;
            }
        }
        let mut k = 0;
        while end.is_none() {
            while k < buckets.len() && buckets[k].is_empty() {
                k += 1;
            }
            let Some((i, steps)) = buckets.get_mut(k).and_then(Vec::pop) else {
                break;
            };
            let i = i as usize;
            let (x, y) = xy(i);
            let li = (y - y0) as usize * ww + (x - x0) as usize;
            let pi = self.parent[li];
            let back = if pi & DOOR_BIT != 0 {
                pi & !DOOR_BIT
            } else {
                pi
            };
            for (j, lj, nx, ny, ok) in [
                (i.wrapping_sub(w), li.wrapping_sub(ww), x, y - 1, y > y0),
                (i + 1, li + 1, x + 1, y, x + 1 < x1),
                (i + w, li + ww, x, y + 1, y + 1 < y1),
                (i.wrapping_sub(1), li.wrapping_sub(1), x - 1, y, x > x0),
            ] {
                if !ok || self.seen[lj] == stamp {
                    continue;
                }
                let ok = match self.tiles.as_slice()[j] {
                    Tile::Corridor => true,
                    Tile::Wall => {
                        !floor_near(self.tiles.as_slice(), w, j)
                            && self.square_free(j, i as u32, back)
                    }
                    _ => false,
                };
                if !ok {
                    continue;
                }
                self.parent[lj] = i as u32;
                self.seen[lj] = stamp;
                push(&mut buckets, estimate(nx, ny) + steps + 1, j, steps + 1);
                if self.target[lj] == stamp {
                    end = Some(j);
                    break;
                }
            }
        }
        self.buckets = buckets;
        let Some(end) = end else {
            return Found::Nothing;
        };
        // Walk back to the source door, digging (the path buffer is the
        // canvas's, given back below; an early return only loses capacity).
        let mut path = core::mem::take(&mut self.path_buf);
        path.clear();
        let mut k = end;
        let source_door = loop {
            path.push(k);
            let Some(l) = local(k) else {
                return Found::Nothing;
            };
            let p = self.parent[l];
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
                && (existing(self, s) || self.open_site(s))
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
        let on = |c: usize| {
            self.tiles.as_slice()[c].is_walkable()
                || c == src.door as usize
                || c == dst.door as usize
        };
        let square = path.iter().copied().find(|&k| {
            [
                (k - 1, k - w, k - w - 1),
                (k + 1, k - w, k - w + 1),
                (k - 1, k + w, k + w - 1),
                (k + 1, k + w, k + w + 1),
            ]
            .into_iter()
            .any(|(a, b, c)| on(a) && on(b) && on(c))
        });
        if let Some(k) = square {
            for &k in &path {
                self.tiles.as_mut_slice()[k] = Tile::Wall;
            }
            self.path_buf = path;
            return Found::Square(k);
        }
        for (s, room) in [(src, room_a), (dst, room_b)] {
            if self.tiles.as_slice()[s.door as usize] == Tile::Wall {
                self.tiles.as_mut_slice()[s.door as usize] = Tile::Door;
                self.room_doors[room as usize].push(s);
                self.doors.push(Door {
                    at: self.tiles.point_of(s.door as usize),
                    rooms: (room_a.min(room_b), room_a.max(room_b)),
                });
            }
        }
        self.path_buf = path;
        self.linked.union(room_a as usize, room_b as usize);
        Found::Dug(room_b)
    }

    /// Makes the links of [`spanning_links`](crate::links::spanning_links)
    /// over `edges`: tree links may reuse doors, loops always make new
    /// ones. `window` gives the search window of an edge. Returns how many
    /// links could not be made inside their window.
    ///
    /// # Errors
    /// As [`Canvas::link`].
    pub fn link_all(
        &mut self,
        edges: &[crate::links::Edge],
        links: &crate::links::Links,
        mut window: impl FnMut(&crate::links::Edge) -> Rect,
        rng: &mut SeededRng,
    ) -> Result<usize, LevelError> {
        let mut missed = 0;
        for (list, reuse) in [(&links.tree, true), (&links.loops, false)] {
            for &i in list {
                let e = edges[i];
                let w = window(&e);
                // A way round other rooms may leave the window: once more,
                // in a window grown by 16 tiles.
                if !self.link(e.a, e.b, w, reuse, rng)?
                    && !self.link(e.a, e.b, grow(&w, 16), reuse, rng)?
                {
                    missed += 1;
                }
            }
        }
        Ok(missed)
    }

    /// The safety net: while some rooms cannot reach the others, links the
    /// group of the first such room to the nearest room outside it, by the
    /// same rules, searching ever wider windows. Returns the number of
    /// groups there were and the corridor tiles dug.
    ///
    /// Cost: one labelling pass over the tiles, then one search per group
    /// joined.
    pub fn connect_all(&mut self, rng: &mut SeededRng) -> (usize, usize) {
        self.prepare();
        let n = self.rooms.len();
        if n < 2 || self.linked.set_count() == 1 {
            // The links made span the rooms: one region by construction.
            self.connected = true;
            return (n.min(1), 0);
        }
        let labels = label_walkable(&self.tiles, &mut self.queue);
        let mut sets = DisjointSets::new(n);
        // Rooms on the same walkable region are one group already.
        let mut first_room_of_label: Vec<u32> = vec![NONE; labels.1];
        for r in 0..n {
            let l = labels.0[self.first[r] as usize] as usize;
            if first_room_of_label[l] == NONE {
                first_room_of_label[l] = r as u32;
            } else {
                sets.union(first_room_of_label[l] as usize, r);
            }
        }
        let groups = sets.set_count();
        let before = self.count_corridors();
        let (mw, mh) = (self.tiles.width() as i32, self.tiles.height() as i32);
        let map = Rect::new(0, 0, mw, mh).expect("a map of at least one tile");
        let mut from = Vec::new();
        let mut to = Vec::new();
        let mut start = 0;
        while sets.set_count() > 1 {
            // The first room outside room 0's group.
            let root0 = sets.find(0);
            while start < n && sets.find(start) == root0 {
                start += 1;
            }
            if start >= n {
                break;
            }
            let root = sets.find(start);
            from.clear();
            to.clear();
            let (mut x0, mut y0, mut x1, mut y1) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
            for r in 0..n {
                let list = if sets.find(r) == root {
                    let b = self.rooms[r].bounds;
                    x0 = x0.min(b.x());
                    y0 = y0.min(b.y());
                    x1 = x1.max(b.right());
                    y1 = y1.max(b.bottom());
                    &mut from
                } else {
                    &mut to
                };
                list.extend(self.sites_of(r).iter().map(|s| (*s, r as u32)));
                list.extend(self.room_doors[r].iter().map(|s| (*s, r as u32)));
            }
            let mut joined = None;
            for margin in [8, 32, i32::MAX / 4] {
                let window = Rect::from_edges(
                    x0.saturating_sub(margin).max(0),
                    y0.saturating_sub(margin).max(0),
                    x1.saturating_add(margin).min(mw),
                    y1.saturating_add(margin).min(mh),
                )
                .unwrap_or(map);
                if let Some(other) = self.search_and_dig(&from, &to, window, rng) {
                    joined = Some(other);
                    break;
                }
            }
            match joined {
                Some(other) => {
                    sets.union(start, other as usize);
                }
                // No way through by the rules: leave it to `Level::finish`.
                None => break,
            }
        }
        self.connected = sets.set_count() == 1;
        (groups, self.count_corridors() - before)
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

    /// The tiles, rooms and doors drawn.
    pub fn into_parts(self) -> (Grid<Tile>, Vec<Room>, Vec<Door>) {
        (self.tiles, self.rooms, self.doors)
    }
}

/// The steps from a door to its outside tile, in the order sites are
/// listed: up, right, down, left.
const STEPS: [(i32, i32); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];

/// The first step of [`STEPS`] whose reverse leads from tile `(x, y)`
/// into rectangle `b` (the floor behind a door there), if any: a tile
/// outside a rectangle has at most one 4-neighbour inside it, so this is
/// the only step for which [`Canvas::sites_at`] could find a site.
fn facing_rect(b: &Rect, x: i32, y: i32) -> Option<(i32, i32)> {
    STEPS.into_iter().find(|&(dx, dy)| {
        let (fx, fy) = (x - dx, y - dy);
        fx >= b.x() && fx < b.right() && fy >= b.y() && fy < b.bottom()
    })
}

/// Whether any of the 8 neighbours of `i` (or `i`) is floor.
fn floor_near(t: &[Tile], w: usize, i: usize) -> bool {
    near(t, w, i, Tile::Floor)
}

/// Whether `i` or any of its 8 neighbours is `kind` (`i` off the border):
/// three rows of three tiles, one bounds check each.
#[inline]
fn near(t: &[Tile], w: usize, i: usize, kind: Tile) -> bool {
    [i - w, i, i + w]
        .into_iter()
        .any(|c| t[c - 1..=c + 1].contains(&kind))
}

fn adjacent8(a: usize, b: usize, w: usize) -> bool {
    let (ax, ay, bx, by) = (a % w, a / w, b % w, b / w);
    ax.abs_diff(bx) <= 1 && ay.abs_diff(by) <= 1
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
