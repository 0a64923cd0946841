//! Linking rooms on a [`Canvas`]: one pair ([`Canvas::link`]), the links
//! of a room graph ([`Canvas::link_all`]) and the safety net that joins
//! whatever is still apart ([`Canvas::connect_all`]).

use super::doors::Site;
use super::search::Found;
use super::{Canvas, NONE, grow};
use crate::LevelError;
use crate::links::{Edge, Links};
use crate::reach::label_walkable;
use mcrdun_geom::random::SeededRng;
use mcrdun_geom::{DisjointSets, Rect};

impl Canvas {
    /// Links rooms `a` and `b` by a corridor with a door in each room's wall,
    /// searching inside `window` (clipped to the map). The corridor ends at
    /// door sites of the two rooms; a site that became a door earlier still
    /// serves, so the corridor may be shorter than a fresh one, or nothing
    /// at all when the rooms are joined already. With `reuse`, the rooms'
    /// doors are offered a second time, so the search starts from them
    /// more often (the sources are shuffled); that is all it changes.
    /// Returns whether the link was made.
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
        let mut from = core::mem::take(&mut self.search.from);
        let mut to = core::mem::take(&mut self.search.to);
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
                        self.sites.doors[room as usize]
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
        self.search.from = from;
        self.search.to = to;
        Ok(made)
    }

    /// Makes the links of [`spanning_links`](crate::links::spanning_links)
    /// over `edges`, the tree's with `reuse` and the loops' without (see
    /// [`Canvas::link`]: a loop may still end at doors made before, and
    /// then digs only what joins them, if anything). `window` gives the
    /// search window of an edge. Returns how many links could not be made
    /// inside their window.
    ///
    /// # Errors
    /// As [`Canvas::link`].
    pub fn link_all(
        &mut self,
        edges: &[Edge],
        links: &Links,
        mut window: impl FnMut(&Edge) -> Rect,
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

    /// The search of [`Canvas::link`] from any of `from` to any of `to`;
    /// digs the path found and returns the room of the target reached.
    pub(super) fn search_and_dig(
        &mut self,
        from: &[(Site, u32)],
        to: &[(Site, u32)],
        window: Rect,
        rng: &mut SeededRng,
    ) -> Option<u32> {
        // The search checks squares against the last two steps only; a path
        // that doubles back along itself is caught by the digging, its
        // offending tile banned, and the search run again (a few times at
        // most).
        self.search.banned.clear();
        for _ in 0..8 {
            let mut sources = core::mem::take(&mut self.search.sources);
            let found = self.search_with(&mut sources, from, to, window, rng);
            self.search.sources = sources;
            match found {
                Found::Dug(room) => return Some(room),
                Found::Square(tile) => self.search.banned.push(tile as u32),
                Found::Nothing => return None,
            }
        }
        None
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
        // Labels past the memory ceiling: leave the joining to
        // `Level::finish`, which labels the tiles itself.
        let Some(mut sets) = self.groups() else {
            return (n, 0);
        };
        let groups = sets.set_count();
        let before = self.count_corridors();
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
            match self.join_group(&mut sets, start, rng) {
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

    /// The rooms in groups: those on one walkable region are one group;
    /// `None` when the labels do not fit in memory.
    fn groups(&self) -> Option<DisjointSets> {
        let n = self.rooms.len();
        let labels = label_walkable(&self.tiles).ok()?;
        let mut sets = DisjointSets::new(n);
        let mut first_room_of_label: Vec<u32> = vec![NONE; labels.1];
        for r in 0..n {
            let l = labels.0[self.first[r] as usize] as usize;
            if first_room_of_label[l] == NONE {
                first_room_of_label[l] = r as u32;
            } else {
                sets.union(first_room_of_label[l] as usize, r);
            }
        }
        Some(sets)
    }

    /// Links the group of room `start` to a room of another group, in a
    /// window 8, then 32 tiles around the group, then the whole map;
    /// returns the room reached.
    fn join_group(
        &mut self,
        sets: &mut DisjointSets,
        start: usize,
        rng: &mut SeededRng,
    ) -> Option<u32> {
        let (mw, mh) = (self.tiles.width() as i32, self.tiles.height() as i32);
        let map = Rect::new(0, 0, mw, mh).expect("a map of at least one tile");
        let root = sets.find(start);
        let mut from = Vec::new();
        let mut to = Vec::new();
        let (mut x0, mut y0, mut x1, mut y1) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
        for r in 0..self.rooms.len() {
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
            list.extend(self.sites.doors[r].iter().map(|s| (*s, r as u32)));
        }
        [8, 32, i32::MAX / 4].into_iter().find_map(|margin| {
            let window = Rect::from_edges(
                x0.saturating_sub(margin).max(0),
                y0.saturating_sub(margin).max(0),
                x1.saturating_add(margin).min(mw),
                y1.saturating_add(margin).min(mh),
            )
            .unwrap_or(map);
            self.search_and_dig(&from, &to, window, rng)
        })
    }
}
