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
        candidate: impl Fn(Tile) -> bool,
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
            if candidate(cells[i]) && best.is_none_or(|(bd, _)| d > bd) {
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
