//! The recursive backtracker, iterative: a randomised depth-first search
//! with an explicit stack, so a 4096 x 4096 maze needs no deep call stack.
//!
//! The top of the stack is the current cell. With no free neighbour it is
//! popped (backtrack); otherwise a random free neighbour is joined, marked
//! and pushed. Marking when pushed, not when popped, is what keeps a cell
//! from entering the stack twice and closing a loop. Each cell is pushed
//! and popped once: O(cells) time, O(longest branch) stack.
//!
//! The free neighbours are gathered as a 4-bit mask (N, E, S, W) without a
//! branch per neighbour, and the chosen one is the k-th set bit, read from a
//! table: on a large maze the branch mispredictions of four unpredictable
//! tests per step were most of the cost.

use super::{FREE, IN, pick};
use crate::Maze;
use mcrdun_geom::Side;
use rand::Rng;

/// `NTH_BIT[mask][k]`: the position of the k-th set bit of the 4-bit mask.
const NTH_BIT: [[u8; 4]; 16] = {
    let mut table = [[0u8; 4]; 16];
    let mut mask = 0;
    while mask < 16 {
        let (mut bit, mut k) = (0, 0);
        while bit < 4 {
            if mask & (1 << bit) != 0 {
                table[mask][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        mask += 1;
    }
    table
};

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
        // Border tests are almost always true and predict well; the state
        // comparisons become flags, not branches.
        let north = yu > 0 && state[i - w] == FREE;
        let east = xu + 1 < w && state[i + 1] == FREE;
        let south = yu + 1 < h && state[i + w] == FREE;
        let west = xu > 0 && state[i - 1] == FREE;
        let mask =
            north as usize | (east as usize) << 1 | (south as usize) << 2 | (west as usize) << 3;
        if mask == 0 {
            stack.pop();
            continue;
        }
        let k = pick(rng, mask.count_ones() as usize);
        let side = Side::ALL[usize::from(NTH_BIT[mask][k])];
        let (j, next) = match side {
            Side::North => (i - w, (x, y - 1)),
            Side::East => (i + 1, (x + 1, y)),
            Side::South => (i + w, (x, y + 1)),
            Side::West => (i - 1, (x - 1, y)),
        };
        maze.open_between(i, j, side);
        state[j] = IN;
        stack.push(next);
    }
}

#[cfg(test)]
mod tests {
    use super::NTH_BIT;

    #[test]
    fn nth_bit_table() {
        assert_eq!(NTH_BIT[0b1010][0], 1);
        assert_eq!(NTH_BIT[0b1010][1], 3);
        assert_eq!(NTH_BIT[0b1111], [0, 1, 2, 3]);
        assert_eq!(NTH_BIT[0b0100][0], 2);
    }
}
