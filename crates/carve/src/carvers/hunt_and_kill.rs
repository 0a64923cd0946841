//! Hunt-and-kill: a random walk through free cells until it is stuck, then
//! a hunt in raster order for the first free cell next to the tree, which
//! is joined to a random tree neighbour and starts the next walk.
//!
//! Cells before the first free cell are never free again, so the hunt
//! resumes from a pointer that only moves forward; the hunt itself scans
//! on from there to the first free cell with a tree neighbour. Free cells
//! passed over (not yet touching the tree) may be scanned again by later
//! hunts, so a contrived maze can make the hunts quadratic; random walks
//! keep them short in practice (about as fast as the backtracker at
//! 1000 x 1000).

use super::{FREE, IN, neighbours_in, pick};
use crate::Maze;
use rand::Rng;

pub(crate) fn run<R: Rng + ?Sized>(maze: &mut Maze, start: usize, state: &mut [u8], rng: &mut R) {
    let n_cells = maze.len();
    let mut first_free = 0;
    let mut cur = start;
    state[start] = IN;
    loop {
        let (free, n) = neighbours_in(maze, state, cur, FREE);
        if n > 0 {
            let (j, side) = free[pick(rng, n)];
            maze.open_between(cur, j, side);
            state[j] = IN;
            cur = j;
            continue;
        }
        while first_free < n_cells && state[first_free] != FREE {
            first_free += 1;
        }
        if first_free == n_cells {
            return;
        }
        // The piece is connected, so some free cell touches the tree, and
        // every free cell lies at or after `first_free`.
        let mut i = first_free;
        let (tree, n) = loop {
            if state[i] == FREE {
                let (tree, n) = neighbours_in(maze, state, i, IN);
                if n > 0 {
                    break (tree, n);
                }
            }
            i += 1;
        };
        let (j, side) = tree[pick(rng, n)];
        maze.open_between(i, j, side);
        state[i] = IN;
        cur = i;
    }
}
