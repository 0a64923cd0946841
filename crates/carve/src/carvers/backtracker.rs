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

use super::pick;
use crate::Maze;
use crate::maze::ALL_WALLS;
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

/// Column steps towards N, E, S, W (wrapping: -1 is `u32::MAX`).
const DX: [u32; 4] = [0, 1, 0, u32::MAX];
/// Row steps towards N, E, S, W.
const DY: [u32; 4] = [u32::MAX, 0, 1, 0];

/// Carves the start's piece of a fully closed maze. A cell is free while
/// all four of its walls are closed and it is not blocked: joining a cell
/// opens one of its walls, which marks it, so no separate visited array is
/// needed (and the carve touches one byte per cell, not two). The start
/// counts as free until its first step, which nobody else can see. Open
/// cells of other pieces are never next to this piece, so they need no
/// test either. `MASKED` = false skips the blocked test when nothing is
/// blocked. `stack` is empty with room for the piece's cells (the path
/// below the current cell never holds more), so it never grows.
pub(crate) fn run<const MASKED: bool, R: Rng + ?Sized>(
    maze: &mut Maze,
    start: usize,
    stack: &mut Vec<(u32, u32)>,
    rng: &mut R,
) {
    let w = maze.width() as usize;
    let h = maze.height() as usize;
    // Index steps towards N, E, S, W (wrapping: -w and -1).
    let step = [w.wrapping_neg(), 1, w, usize::MAX];
    // (x, y) on the stack: the border tests need them, and recomputing
    // them from the index would cost a division per step. The current cell
    // stays in registers; the stack holds the path below it.
    let mut cur = ((start % w) as u32, (start / w) as u32);
    let (walls, blocked) = maze.walls_and_mask_mut();
    let free = |walls: &[u8], j: usize| walls[j] == ALL_WALLS && (!MASKED || !blocked[j]);
    loop {
        let (x, y) = cur;
        let (xu, yu) = (x as usize, y as usize);
        let i = yu * w + xu;
        // Border tests are almost always true and predict well; the wall
        // comparisons become flags, not branches.
        let north = yu > 0 && free(walls, i - w);
        let east = xu + 1 < w && free(walls, i + 1);
        let south = yu + 1 < h && free(walls, i + w);
        let west = xu > 0 && free(walls, i - 1);
        let mask =
            north as usize | (east as usize) << 1 | (south as usize) << 2 | (west as usize) << 3;
        if mask == 0 {
            match stack.pop() {
                Some(parent) => cur = parent,
                None => return,
            }
            continue;
        }
        let k = pick(rng, mask.count_ones() as usize);
        // Bit b is side N, E, S, W; tables instead of a `match`, whose
        // jump table was another unpredictable branch.
        let b = usize::from(NTH_BIT[mask][k]);
        let j = i.wrapping_add(step[b]);
        walls[i] &= !(1 << b);
        walls[j] &= !(1 << ((b + 2) & 3));
        stack.push(cur);
        cur = (x.wrapping_add(DX[b]), y.wrapping_add(DY[b]));
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
        for (b, side) in mcrdun_geom::Side::ALL.into_iter().enumerate() {
            assert_eq!(1 << b, side.bit());
            assert_eq!(1 << ((b + 2) & 3), side.opposite().bit());
            let d = side.delta();
            assert_eq!((super::DX[b] as i32, super::DY[b] as i32), (d.x, d.y));
        }
    }
}
