//! The corridor search: A* over unit steps with a bucket queue, inside a
//! window, from door sites of one room to door sites of another, over rock
//! a corridor may take (no floor among its 8 neighbours, no 2x2 square of
//! walkable tiles completed) and over corridors already dug.

use super::doors::Site;
use super::{Canvas, NONE};
use crate::Tile;
use mcrdun_geom::Rect;
use mcrdun_geom::random::{SeededRng, shuffle};

/// Marks a parent that is a source door.
pub(super) const DOOR_BIT: u32 = 1 << 31;

/// What one search found.
pub(super) enum Found {
    /// A path, dug; the room reached.
    Dug(u32),
    /// A path whose tile would complete a 2x2 square of walkable tiles.
    Square(usize),
    /// No path.
    Nothing,
}

/// The search's buffers, the size of the largest window so far: per tile
/// of the window a parent, valid where `seen` holds the current `stamp`,
/// and a target mark where `target` holds it. A new search takes a new
/// stamp ([`Search::next_stamp`]) instead of clearing the buffers, so small
/// windows cost little, whatever the map's size.
#[derive(Debug, Default)]
pub(super) struct Search {
    pub(super) parent: Vec<u32>,
    seen: Vec<u32>,
    target: Vec<u32>,
    stamp: u32,
    /// The bucket queue: bucket `f - f0` holds (tile, steps).
    buckets: Vec<Vec<(u32, u32)>>,
    /// Tiles that completed a 2x2 square in an earlier try of this link.
    pub(super) banned: Vec<u32>,
    /// Scratch: the sources of a search, the path found, the door sites of
    /// a link's two rooms.
    pub(super) sources: Vec<(Site, u32)>,
    pub(super) path: Vec<usize>,
    pub(super) from: Vec<(Site, u32)>,
    pub(super) to: Vec<(Site, u32)>,
}

impl Search {
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
}

/// A search window: the part of a rectangle off the map's border, with
/// indices local to it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Window {
    x0: i32,
    y0: i32,
    x1: i32,
    y1: i32,
    /// The window's width.
    ww: usize,
    /// The map's width.
    w: usize,
    /// Divides by `w`.
    by_w: super::Divider,
}

impl Window {
    /// `window` clipped to the inside of a `w` x `h` map; `None` when
    /// nothing is left.
    fn clip(window: Rect, w: usize, h: usize) -> Option<Window> {
        let x0 = window.x().max(1);
        let y0 = window.y().max(1);
        let x1 = window.right().min(w as i32 - 1);
        let y1 = window.bottom().min(h as i32 - 1);
        (x0 < x1 && y0 < y1).then_some(Window {
            x0,
            y0,
            x1,
            y1,
            ww: (x1 - x0) as usize,
            w,
            by_w: super::Divider::new(w),
        })
    }

    fn area(&self) -> usize {
        self.ww * (self.y1 - self.y0) as usize
    }

    /// The local index of map tile `(x, y)`, if inside.
    fn local_xy(&self, x: i32, y: i32) -> Option<usize> {
        (x >= self.x0 && x < self.x1 && y >= self.y0 && y < self.y1)
            .then(|| (y - self.y0) as usize * self.ww + (x - self.x0) as usize)
    }

    /// The local index of map tile `i`, if inside.
    pub(super) fn local(&self, i: usize) -> Option<usize> {
        let (x, y) = self.by_w.xy(i);
        self.local_xy(x as i32, y as i32)
    }
}

/// The targets' bounding box, for the A* estimate: the Manhattan distance
/// to the box, which never overestimates the steps to a target.
struct Goal {
    x0: i32,
    y0: i32,
    x1: i32,
    y1: i32,
}

impl Goal {
    fn estimate(&self, x: i32, y: i32) -> u32 {
        ((self.x0 - x).max(x - self.x1).max(0) + (self.y0 - y).max(y - self.y1).max(0)) as u32
    }
}

/// Puts tile `i`, `steps` from its source, into bucket `k`.
fn push(buckets: &mut Vec<Vec<(u32, u32)>>, k: usize, i: usize, steps: u32) {
    if buckets.len() <= k {
        buckets.resize(k + 1, Vec::new());
    }
    buckets[k].push((i as u32, steps));
}

impl Canvas {
    /// One search from any of `from` to any of `to` inside `window`, with
    /// `sources` as scratch; digs the path found ([`Canvas::dig_path`]).
    pub(super) fn search_with(
        &mut self,
        sources: &mut Vec<(Site, u32)>,
        from: &[(Site, u32)],
        to: &[(Site, u32)],
        window: Rect,
        rng: &mut SeededRng,
    ) -> Found {
        let Some(win) = Window::clip(window, self.w, self.tiles.height() as usize) else {
            return Found::Nothing;
        };
        let stamp = self.search.next_stamp(win.area());
        // Tiles that completed a 2x2 square in an earlier try of this link
        // count as already seen: the search never enters them again.
        for &b in &self.search.banned {
            if let Some(l) = win.local(b as usize) {
                self.search.seen[l] = stamp;
            }
        }
        let Some(goal) = self.mark_targets(&win, to, stamp) else {
            return Found::Nothing;
        };
        sources.clear();
        sources.extend(from.iter().copied().filter(|&(s, _)| {
            win.local_xy(s.x, s.y).is_some() && (self.is_door(s) || self.open_site(s))
        }));
        shuffle(rng, sources);
        let mut buckets = core::mem::take(&mut self.search.buckets);
        for b in &mut buckets {
            b.clear();
        }
        let f0 = sources
            .iter()
            .map(|(s, _)| goal.estimate(s.x, s.y))
            .min()
            .unwrap_or(0);
        let end = self
            .start(&win, &goal, sources, stamp, f0, &mut buckets)
            .or_else(|| self.expand(&win, &goal, stamp, f0, &mut buckets));
        self.search.buckets = buckets;
        match end {
            Some(end) => self.dig_path(&win, end, sources, to),
            None => Found::Nothing,
        }
    }

    /// Marks the outside tiles of the targets in the window that are doors
    /// or may become doors; returns their bounding box, `None` when there
    /// is none.
    fn mark_targets(&mut self, win: &Window, to: &[(Site, u32)], stamp: u32) -> Option<Goal> {
        let mut g = Goal {
            x0: i32::MAX,
            y0: i32::MAX,
            x1: i32::MIN,
            y1: i32::MIN,
        };
        for &(s, _) in to {
            if let Some(l) = win.local_xy(s.x, s.y)
                && (self.is_door(s) || self.open_site(s))
            {
                self.search.target[l] = stamp;
                g.x0 = g.x0.min(s.x);
                g.y0 = g.y0.min(s.y);
                g.x1 = g.x1.max(s.x);
                g.y1 = g.y1.max(s.y);
            }
        }
        (g.x0 != i32::MAX).then_some(g)
    }

    /// Puts the sources' outside tiles into the queue, each with its door
    /// as parent (marked by [`DOOR_BIT`]); returns a source that is a
    /// target already.
    fn start(
        &mut self,
        win: &Window,
        goal: &Goal,
        sources: &[(Site, u32)],
        stamp: u32,
        f0: u32,
        buckets: &mut Vec<Vec<(u32, u32)>>,
    ) -> Option<usize> {
        for &(s, _) in sources {
            let o = s.out as usize;
            let lo = win.local_xy(s.x, s.y).unwrap_or(0);
            if self.search.seen[lo] == stamp {
                continue;
            }
            if self.tiles.as_slice()[o] == Tile::Wall && !self.square_free(o, s.door, NONE) {
                continue;
            }
            self.search.parent[lo] = s.door | DOOR_BIT;
            self.search.seen[lo] = stamp;
            push(buckets, (goal.estimate(s.x, s.y) - f0) as usize, o, 0);
            if self.search.target[lo] == stamp {
                return Some(o);
            }
        }
        None
    }

    /// The A* loop: takes the queued tile of least `steps + estimate` (last
    /// in, first out among equals) and queues its unseen 4-neighbours that
    /// a corridor may take, until a target is reached (returned) or the
    /// queue is empty.
    fn expand(
        &mut self,
        win: &Window,
        goal: &Goal,
        stamp: u32,
        f0: u32,
        buckets: &mut Vec<Vec<(u32, u32)>>,
    ) -> Option<usize> {
        let &Window {
            x0,
            y0,
            x1,
            y1,
            ww,
            w,
            by_w,
        } = win;
        let mut k = 0;
        loop {
            while k < buckets.len() && buckets[k].is_empty() {
                k += 1;
            }
            let (i, steps) = buckets.get_mut(k).and_then(Vec::pop)?;
            let i = i as usize;
            let (x, y) = by_w.xy(i);
            let (x, y) = (x as i32, y as i32);
            let li = (y - y0) as usize * ww + (x - x0) as usize;
            let back = self.search.parent[li] & !DOOR_BIT;
            for (j, lj, nx, ny, ok) in [
                (i.wrapping_sub(w), li.wrapping_sub(ww), x, y - 1, y > y0),
                (i + 1, li + 1, x + 1, y, x + 1 < x1),
                (i + w, li + ww, x, y + 1, y + 1 < y1),
                (i.wrapping_sub(1), li.wrapping_sub(1), x - 1, y, x > x0),
            ] {
                if !ok || self.search.seen[lj] == stamp || !self.may_enter(j, i, back) {
                    continue;
                }
                self.search.parent[lj] = i as u32;
                self.search.seen[lj] = stamp;
                push(
                    buckets,
                    (goal.estimate(nx, ny) + steps + 1 - f0) as usize,
                    j,
                    steps + 1,
                );
                if self.search.target[lj] == stamp {
                    return Some(j);
                }
            }
        }
    }

    /// Whether the search may step into tile `j` from `i` (whose parent is
    /// `back`): a corridor, or rock with no floor near that leaves every
    /// 2x2 square around it with a wall.
    fn may_enter(&self, j: usize, i: usize, back: u32) -> bool {
        match self.tiles.as_slice()[j] {
            Tile::Corridor => true,
            Tile::Wall => {
                !self.protected.get(j).copied().unwrap_or(false)
                    && !self.floor_near(j)
                    && self.square_free(j, i as u32, back)
            }
            _ => false,
        }
    }

    /// Whether digging rock tile `j`, coming from `a` (whose parent is `b`),
    /// leaves every 2x2 square around `j` with a wall.
    pub(super) fn square_free(&self, j: usize, a: u32, b: u32) -> bool {
        let t = self.tiles.as_slice();
        let w = self.w;
        let on = |c: usize| t[c].is_walkable() || c as u32 == a || c as u32 == b;
        // The four squares with `j` as a corner (j is off the border).
        !((on(j - 1) && on(j - w) && on(j - w - 1))
            || (on(j + 1) && on(j - w) && on(j - w + 1))
            || (on(j - 1) && on(j + w) && on(j + w - 1))
            || (on(j + 1) && on(j + w) && on(j + w + 1)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_are_clipped_to_the_inside_of_the_map() {
        let w = Window::clip(Rect::new(-3, 2, 10, 4).unwrap(), 12, 8).unwrap();
        assert_eq!((w.x0, w.y0, w.x1, w.y1, w.ww), (1, 2, 7, 6, 6));
        assert_eq!(w.area(), 24);
        assert_eq!(w.local_xy(1, 2), Some(0));
        assert_eq!(w.local_xy(6, 5), Some(23));
        assert_eq!(w.local_xy(7, 5), None);
        assert_eq!(w.local_xy(0, 2), None);
        assert_eq!(w.local_xy(3, 6), None);
        assert_eq!(w.local(12 * 3 + 2), Some(7));
        // Nothing left inside the border: no window.
        assert!(Window::clip(Rect::new(0, 0, 1, 8).unwrap(), 12, 8).is_none());
        assert!(Window::clip(Rect::new(11, 0, 4, 8).unwrap(), 12, 8).is_none());
    }

    #[test]
    fn the_estimate_is_the_distance_to_the_targets_box() {
        let g = Goal {
            x0: 5,
            y0: 5,
            x1: 8,
            y1: 6,
        };
        assert_eq!(g.estimate(6, 5), 0);
        assert_eq!(g.estimate(8, 6), 0);
        assert_eq!(g.estimate(2, 5), 3);
        assert_eq!(g.estimate(10, 9), 2 + 3);
        assert_eq!(g.estimate(6, 1), 4);
    }

    #[test]
    fn a_step_may_not_complete_a_square_nor_touch_floor() {
        let mut c = Canvas::new(8, 7).unwrap();
        c.add_rect(Rect::new(1, 1, 2, 2).unwrap()).unwrap();
        let w = 8;
        let t = c.tiles.as_mut_slice();
        // Corridor at (5, 3) and (6, 3), (6, 4).
        t[3 * w + 5] = Tile::Corridor;
        t[3 * w + 6] = Tile::Corridor;
        t[4 * w + 6] = Tile::Corridor;
        // (5, 4) would close the square (5..7, 3..5).
        assert!(!c.square_free(4 * w + 5, NONE, NONE));
        assert!(!c.may_enter(4 * w + 5, 4 * w + 4, NONE));
        // (4, 3) beside (5, 3) only: free; a corridor may always be
        // re-entered; (3, 3) touches the room's floor at (2, 2).
        assert!(c.square_free(3 * w + 4, NONE, NONE));
        assert!(c.may_enter(3 * w + 4, 3 * w + 5, NONE));
        assert!(c.may_enter(3 * w + 5, 3 * w + 4, NONE));
        assert!(!c.may_enter(3 * w + 3, 3 * w + 4, NONE));
        // Floor itself is never entered.
        assert!(!c.may_enter(2 * w + 2, 3 * w + 2, NONE));
        // The tile stepped from and its parent count as walkable.
        // (5, 5) from (5, 4) whose parent is (6, 5): with the corridor at
        // (6, 4) they would make a square.
        let (j, a, b) = (5 * w + 5, 4 * w + 5, 5 * w + 6);
        assert!(c.square_free(j, NONE, NONE));
        assert!(!c.square_free(j, a as u32, b as u32));
    }
}
