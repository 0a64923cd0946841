//! Binary tree: every cell but the north-west corner opens its north or its
//! west wall (whichever exists, at random when both do). Each cell links to
//! exactly one cell before it in raster order, so the links form a tree
//! rooted at the corner. O(cells), no memory, a strong diagonal bias.

use super::coin;
use crate::Maze;
use mcrdun_geom::Side;
use rand::Rng;

pub(crate) fn run<R: Rng + ?Sized>(maze: &mut Maze, rng: &mut R) {
    let w = maze.width() as usize;
    for i in 1..maze.len() {
        let (x, y) = (i % w, i / w);
        let north = if x == 0 {
            true
        } else if y == 0 {
            false
        } else {
            coin(rng)
        };
        if north {
            maze.open_between(i, i - w, Side::North);
        } else {
            maze.open_between(i, i - 1, Side::West);
        }
    }
}
