//! Breadth-first searches over walkable tiles: distances for the stairs.
//!
//! The buffers are allocated once per level (a distance per tile and a queue
//! of tile indices), never per tile.

use crate::Tile;
use mcrdun_geom::Grid;

/// "Not reached" in a distance buffer.
pub(crate) const UNREACHED: u32 = u32::MAX;

/// Reusable BFS state for one grid size.
pub(crate) struct Bfs {
    pub(crate) dist: Vec<u32>,
    queue: Vec<u32>,
}

impl Bfs {
    pub(crate) fn new(len: usize) -> Bfs {
        Bfs {
            dist: vec![UNREACHED; len],
            queue: Vec::with_capacity(len),
        }
    }

    /// Distances from `start` over 4-connected walkable tiles, in `dist`.
    /// Returns the farthest tile for which `candidate` holds (the first
    /// reached at that distance, so the result is deterministic) and the
    /// number of tiles reached.
    pub(crate) fn run(
        &mut self,
        tiles: &Grid<Tile>,
        start: usize,
        candidate: impl Fn(usize) -> bool,
    ) -> (Option<usize>, usize) {
        let w = tiles.width() as usize;
        let h = tiles.height() as usize;
        let cells = tiles.as_slice();
        self.dist.fill(UNREACHED);
        self.queue.clear();
        self.dist[start] = 0;
        self.queue.push(start as u32);
        let mut best: Option<(u32, usize)> = None;
        let mut head = 0;
        while head < self.queue.len() {
            let i = self.queue[head] as usize;
            head += 1;
            let d = self.dist[i];
            if candidate(i) && best.is_none_or(|(bd, _)| d > bd) {
                best = Some((d, i));
            }
            let (x, y) = (i % w, i / w);
            // N, E, S, W without leaving the grid.
            let mut visit = |j: usize| {
                if self.dist[j] == UNREACHED && cells[j].is_walkable() {
                    self.dist[j] = d + 1;
                    self.queue.push(j as u32);
                }
            };
            if y > 0 {
                visit(i - w);
            }
            if x + 1 < w {
                visit(i + 1);
            }
            if y + 1 < h {
                visit(i + w);
            }
            if x > 0 {
                visit(i - 1);
            }
        }
        (best.map(|(_, i)| i), self.queue.len())
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
