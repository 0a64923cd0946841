//! The recursive backtracker, iterative: a randomised depth-first search
//! with an explicit stack, so a 4096 x 4096 maze needs no deep call stack.
//!
//! The top of the stack is the current cell. With no free neighbour it is
//! popped (backtrack); otherwise a random free neighbour is joined, marked
//! and pushed. Marking when pushed, not when popped, is what keeps a cell
//! from entering the stack twice and closing a loop. Each cell is pushed
//! and popped once: O(cells) time, O(longest branch) stack.

use super::{FREE, IN, pick};
use crate::Maze;
use mcrdun_geom::Side;
use rand::Rng;

pub(crate) fn run<R: Rng + ?Sized>(maze: &mut Maze, start: usize, state: &mut [u8], rng: &mut R) {
    let w = maze.width() as usize;
    let h = maze.height() as usize;
    // (x, y) on the stack: the border tests need them, and recomputing
    // them from the index would cost a division per step.
    let mut stack: Vec<(u32, u32)> = Vec::new();
    state[start] = IN;
    stack.push(((start % w) as u32, (start / w) as u32));
    while let Some(&(x, y)) = stack.last() {
        let (xu, yu) = (x as usize, y as usize);
        let i = yu * w + xu;
        let mut opts = [(0usize, Side::North); 4];
        let mut n = 0;
        if yu > 0 && state[i - w] == FREE {
            opts[n] = (i - w, Side::North);
            n += 1;
        }
        if xu + 1 < w && state[i + 1] == FREE {
            opts[n] = (i + 1, Side::East);
            n += 1;
        }
        if yu + 1 < h && state[i + w] == FREE {
            opts[n] = (i + w, Side::South);
            n += 1;
        }
        if xu > 0 && state[i - 1] == FREE {
            opts[n] = (i - 1, Side::West);
            n += 1;
        }
        if n == 0 {
            stack.pop();
            continue;
        }
        let (j, side) = opts[pick(rng, n)];
        maze.open_between(i, j, side);
        state[j] = IN;
        let d = side.delta();
        stack.push(((x as i32 + d.x) as u32, (y as i32 + d.y) as u32));
    }
}
