//! Wilson's algorithm: a uniform spanning tree by loop-erased random walks.
//!
//! The tree starts as the start cell. From each free cell in raster order
//! a random walk runs until it meets the tree, recording at every cell the
//! side it last left by; following those records from the walk's first
//! cell traces the walk with its loops erased, and that path joins the
//! tree. Every spanning tree is equally likely whatever the order of the
//! walks. Expected time is the grid's mean hitting time, about
//! O(cells log cells) on a square grid; the first walks are the long ones.

use super::{IN, OUT, pick};
use crate::Maze;
use mcrdun_geom::Side;
use rand::Rng;

pub(crate) fn run<R: Rng + ?Sized>(maze: &mut Maze, start: usize, state: &mut [u8], rng: &mut R) {
    // The side each cell was last left by during the current walk.
    let mut exit = vec![Side::North; maze.len()];
    state[start] = IN;
    for s in 0..maze.len() {
        if state[s] == OUT || state[s] == IN {
            continue;
        }
        let mut i = s;
        while state[i] != IN {
            let mut opts = [(0usize, Side::North); 4];
            let mut n = 0;
            for side in Side::ALL {
                if let Some(j) = maze.step_index(i, side)
                    && state[j] != OUT
                {
                    opts[n] = (j, side);
                    n += 1;
                }
            }
            // n >= 1: s is in the start's piece, which has >= 2 cells.
            let (j, side) = opts[pick(rng, n)];
            exit[i] = side;
            i = j;
        }
        let mut i = s;
        while state[i] != IN {
            let side = exit[i];
            let j = maze.step_index(i, side).expect("the walk stayed inside");
            maze.open_between(i, j, side);
            state[i] = IN;
            i = j;
        }
    }
}
