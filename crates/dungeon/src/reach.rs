//! Breadth-first searches over walkable tiles: walking distances for the
//! stairs and the metrics, and region labels.
//!
//! The buffers are allocated once per level (a flag per tile and a queue of
//! tile indices), never per tile.

use crate::Tile;
use mcrdun_geom::Grid;

/// "Not reached" in a distance buffer.
pub(crate) const UNREACHED: u32 = u32::MAX;

/// Reusable BFS state for one grid size: the one walking-distance helper of
/// this crate (stairs, metrics).
pub(crate) struct Bfs {
    seen: Vec<bool>,
    queue: Vec<u32>,
}

impl Bfs {
    pub(crate) fn new(len: usize) -> Bfs {
        Bfs {
            seen: vec![false; len],
            queue: Vec::with_capacity(len),
        }
    }

    /// Walks from `start` over 4-connected walkable tiles, one distance
    /// ring at a time. Returns the farthest tile for which `candidate`
    /// holds (the first reached at that distance, so the result is
    /// deterministic) with its distance, and the number of tiles reached.
    pub(crate) fn run(
        &mut self,
        tiles: &Grid<Tile>,
        start: usize,
        candidate: impl Fn(usize) -> bool,
    ) -> (Option<(usize, u32)>, usize) {
        let w = tiles.width() as usize;
        let h = tiles.height() as usize;
        let cells = tiles.as_slice();
        self.seen.fill(false);
        self.queue.clear();
        self.seen[start] = true;
        self.queue.push(start as u32);
        // With no walkable tile on the border, every walkable tile's four
        // neighbours are in the grid: no bounds to check.
        let closed = (0..w)
            .all(|x| !cells[x].is_walkable() && !cells[(h - 1) * w + x].is_walkable())
            && (0..h).all(|y| !cells[y * w].is_walkable() && !cells[y * w + w - 1].is_walkable());
        let mut best: Option<(usize, u32)> = None;
        let (mut head, mut d) = (0, 0u32);
        while head < self.queue.len() {
            let ring_end = self.queue.len();
            let mut first_here = None;
            while head < ring_end {
                let i = self.queue[head] as usize;
                head += 1;
                if first_here.is_none() && candidate(i) {
                    first_here = Some(i);
                }
                if closed {
                    for j in [i - w, i + 1, i + w, i - 1] {
                        if !self.seen[j] && cells[j].is_walkable() {
                            self.seen[j] = true;
                            self.queue.push(j as u32);
                        }
                    }
                } else {
                    let (x, y) = (i % w, i / w);
                    for (j, ok) in [
                        (i.wrapping_sub(w), y > 0),
                        (i + 1, x + 1 < w),
                        (i + w, y + 1 < h),
                        (i.wrapping_sub(1), x > 0),
                    ] {
                        if ok && !self.seen[j] && cells[j].is_walkable() {
                            self.seen[j] = true;
                            self.queue.push(j as u32);
                        }
                    }
                }
            }
            if let Some(i) = first_here {
                best = Some((i, d));
            }
            d += 1;
        }
        (best, self.queue.len())
    }
}

/// Labels the 4-connected regions of walkable tiles `0, 1, 2, ...` in
/// raster order of their first tile (walls get [`UNREACHED`]); returns the
/// labels and their count. `queue` is scratch space.
pub(crate) fn label_walkable(tiles: &Grid<Tile>, queue: &mut Vec<u32>) -> (Vec<u32>, usize) {
    let w = tiles.width() as usize;
    let h = tiles.height() as usize;
    let cells = tiles.as_slice();
    let mut label = vec![UNREACHED; cells.len()];
    let mut count = 0u32;
    for s in 0..cells.len() {
        if label[s] != UNREACHED || !cells[s].is_walkable() {
            continue;
        }
        label[s] = count;
        queue.clear();
        queue.push(s as u32);
        let mut head = 0;
        while head < queue.len() {
            let i = queue[head] as usize;
            head += 1;
            let (x, y) = (i % w, i / w);
            for (j, ok) in [
                (i.wrapping_sub(w), y > 0),
                (i + 1, x + 1 < w),
                (i + w, y + 1 < h),
                (i.wrapping_sub(1), x > 0),
            ] {
                if ok && label[j] == UNREACHED && cells[j].is_walkable() {
                    label[j] = count;
                    queue.push(j as u32);
                }
            }
        }
        count += 1;
    }
    (label, count as usize)
}
