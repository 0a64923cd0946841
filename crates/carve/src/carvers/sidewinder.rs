//! Sidewinder: the top row is one corridor; on every other row, runs of
//! cells are joined eastwards and each run, when a coin closes it, gets one
//! passage north from a random member. Each run hangs from the row above
//! by exactly one passage, so the result is a tree. O(cells), no memory.

use super::{coin, pick};
use crate::Maze;
use mcrdun_geom::Side;
use rand::Rng;

pub(crate) fn run<R: Rng + ?Sized>(maze: &mut Maze, rng: &mut R) {
    let w = maze.width() as usize;
    let h = maze.height() as usize;
    for x in 0..w - 1 {
        maze.open_between(x, x + 1, Side::East);
    }
    for y in 1..h {
        let row = y * w;
        let mut run_start = 0;
        for x in 0..w {
            if x + 1 == w || coin(rng) {
                let k = row + run_start + pick(rng, x - run_start + 1);
                maze.open_between(k, k - w, Side::North);
                run_start = x + 1;
            } else {
                maze.open_between(row + x, row + x + 1, Side::East);
            }
        }
    }
}
