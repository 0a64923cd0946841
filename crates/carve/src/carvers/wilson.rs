//! Wilson's algorithm: a uniform spanning tree by loop-erased random walks.
//!
//! The tree starts as the start cell. From each free cell in raster order
//! a random walk runs until it meets the tree, recording at every cell the
//! side it last left by; following those records from the walk's first
//! cell traces the walk with its loops erased, and that path joins the
//! tree. Every spanning tree is equally likely whatever the order of the
//! walks. Expected time is the grid's mean hitting time, about
//! O(cells log cells) on a square grid; the first walks are the long ones.
//!
//! On thin shapes the mean hitting time is quadratic (a strip of n x 1
//! needs about n^2 steps), so the work is bounded twice, both refusals
//! being [`CarveError::WalkTooLong`] with the maze left as it was: a maze
//! whose long side squared passes 4 n log2 n + 2^24 is refused before any
//! walk ([`thin_shape`]: above 4096 x 1, 6000 x 3, 10000 x 100), and the
//! walks stop past [`step_limit`] steps (16 n log2 n + 2^24, for thin
//! corridors made by a mask). The walks only record tree edges; they are
//! opened once all are found, which gives the same walls as opening them
//! walk by walk.

use super::{IN, OUT, pick};
use crate::{CarveError, Maze};
use mcrdun_geom::Side;
use mcrdun_geom::memory::try_vec;
use rand::Rng;

/// The most steps the walks of one carve may take for `n` open cells:
/// 16 n log2(n) + 2^24. Measured (release, 3 seeds each): a square grid
/// needs 0.3 to 0.9 n log2(n) steps (1000 x 1000: 9e6 to 1.7e7); a strip of
/// 3000 x 1 needs 7e6 to 1.2e7, 100 x 10000 needs 1e8 to 5e8 (about the
/// square of the long side). At roughly 3e7 steps a second this bounds a
/// carve by its O(n log n) cost; it catches thin corridors made by a mask,
/// which [`thin_shape`] cannot see.
pub(crate) fn step_limit(n: usize) -> u64 {
    let n = n as u64;
    let log = u64::from(64 - n.leading_zeros());
    n.saturating_mul(log)
        .saturating_mul(16)
        .saturating_add(1 << 24)
}

/// Whether a `width` x `height` maze is refused before any walk: the walks
/// take about (long side)^2 steps on a thin shape, so the shape is refused
/// when that passes 4 n log2(n) + 2^24 for n cells (e.g. above 4096 x 1,
/// 6000 x 3, or 10000 x 100; a square never is).
pub(crate) fn thin_shape(width: u32, height: u32) -> bool {
    let long = u64::from(width.max(height));
    let n = u64::from(width) * u64::from(height);
    let log = u64::from(64 - n.leading_zeros());
    long.saturating_mul(long)
        > n.saturating_mul(log)
            .saturating_mul(4)
            .saturating_add(1 << 24)
}

pub(crate) fn walk<R: Rng + ?Sized>(
    maze: &Maze,
    start: usize,
    state: &mut [u8],
    rng: &mut R,
    limit: u64,
) -> Result<Vec<Side>, CarveError> {
    // The side each cell was last left by during the current walk, and
    // afterwards the side of its tree edge.
    let mut exit = try_vec("Wilson's walk table", maze.len(), Side::North)?;
    let mut steps = 0u64;
    state[start] = IN;
    for s in 0..maze.len() {
        if state[s] == OUT || state[s] == IN {
            continue;
        }
        let mut i = s;
        while state[i] != IN {
            steps += 1;
            if steps > limit {
                return Err(CarveError::WalkTooLong {
                    width: maze.width(),
                    height: maze.height(),
                    limit,
                });
            }
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
            state[i] = IN;
            i = maze.step_index(i, exit[i]).expect("the walk stayed inside");
        }
    }
    Ok(exit)
}

/// Opens the tree edges found by [`walk`] (`state` marks the joined cells).
pub(crate) fn apply(maze: &mut Maze, start: usize, state: &[u8], exit: &[Side]) {
    for i in 0..maze.len() {
        if i != start && state[i] == IN {
            let side = exit[i];
            let j = maze.step_index(i, side).expect("the walk stayed inside");
            maze.open_between(i, j, side);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mcrdun_geom::random::seeded_rng;

    #[test]
    fn shapes_and_step_limit() {
        assert!(thin_shape(100_000, 1) && thin_shape(1, 100_000));
        assert!(thin_shape(200_001, 3) && thin_shape(10_000, 100));
        assert!(!thin_shape(4000, 1) && !thin_shape(1000, 1000) && !thin_shape(20_000, 20_000));
        // The step limit stops a walk and leaves the maze untouched.
        let maze = Maze::new(300, 1).unwrap();
        let mut state = vec![super::super::FREE; maze.len()];
        let e = walk(&maze, 0, &mut state, &mut seeded_rng(3), 1000).unwrap_err();
        assert!(
            matches!(e, CarveError::WalkTooLong { limit: 1000, .. }),
            "{e}"
        );
        assert_eq!(maze, Maze::new(300, 1).unwrap());
    }
}
