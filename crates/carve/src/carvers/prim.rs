//! Prim's algorithm on cells: the tree grows from a random frontier cell
//! (a free cell next to the tree), joined to a random tree neighbour.
//! O(cells) time; the frontier is a vector with swap-remove.

use super::{FREE, IN, neighbours_in, pick};
use crate::Maze;
use mcrdun_geom::Side;
use rand::Rng;

/// A free cell already on the frontier.
const FRONTIER: u8 = 3;

/// `frontier` is empty with room for the piece's cells (each enters it at
/// most once), so it never grows.
pub(crate) fn run<R: Rng + ?Sized>(
    maze: &mut Maze,
    start: usize,
    state: &mut [u8],
    frontier: &mut Vec<usize>,
    rng: &mut R,
) {
    state[start] = IN;
    grow(maze, state, start, frontier);
    while !frontier.is_empty() {
        let j = frontier.swap_remove(pick(rng, frontier.len()));
        let (tree, n) = neighbours_in(maze, state, j, IN);
        let (i, side) = tree[pick(rng, n)];
        maze.open_between(j, i, side);
        state[j] = IN;
        grow(maze, state, j, frontier);
    }
}

/// Adds the free neighbours of `i` to the frontier.
fn grow(maze: &Maze, state: &mut [u8], i: usize, frontier: &mut Vec<usize>) {
    for side in Side::ALL {
        if let Some(j) = maze.step_index(i, side)
            && state[j] == FREE
        {
            state[j] = FRONTIER;
            frontier.push(j);
        }
    }
}
