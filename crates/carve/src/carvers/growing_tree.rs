//! The growing tree: a list of active tree cells; pick one (newest, random,
//! or a mix), join a random free neighbour and add it, or drop the cell
//! when it has none. Newest is a depth-first search, random is close to
//! Prim. O(cells) time.
//!
//! An exhausted cell picked at random is swap-removed (the newest cell
//! takes its slot), which keeps each step O(1); in the mixed mode the
//! "newest" pick is therefore the last cell of a list that is in insertion
//! order only up to those swaps.

use super::{FREE, GrowingTreeMode, IN, neighbours_in, pick};
use crate::Maze;
use mcrdun_geom::random::below;
use rand::Rng;

/// `active` is empty with room for the piece's cells (each is added once),
/// so it never grows.
pub(crate) fn run<R: Rng + ?Sized>(
    maze: &mut Maze,
    start: usize,
    state: &mut [u8],
    active: &mut Vec<usize>,
    mode: GrowingTreeMode,
    rng: &mut R,
) {
    active.push(start);
    state[start] = IN;
    while let Some(&newest) = active.last() {
        let last = active.len() - 1;
        let k = match mode {
            GrowingTreeMode::Newest => last,
            GrowingTreeMode::Random => pick(rng, active.len()),
            GrowingTreeMode::Mixed { newest_percent } => {
                if below(rng, 100).is_ok_and(|r| r < u64::from(newest_percent)) {
                    last
                } else {
                    pick(rng, active.len())
                }
            }
        };
        let i = if k == last { newest } else { active[k] };
        let (free, n) = neighbours_in(maze, state, i, FREE);
        if n == 0 {
            active.swap_remove(k);
            continue;
        }
        let (j, side) = free[pick(rng, n)];
        maze.open_between(i, j, side);
        state[j] = IN;
        active.push(j);
    }
}
