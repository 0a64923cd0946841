//! Kruskal's algorithm: every inner wall of the piece in random order,
//! opened when it joins two different sets. The sets live in a union-find
//! forest with path compression and union by rank, so the whole run is
//! O(cells * alpha(cells)) after an O(cells) shuffle.

use super::OUT;
use crate::{CarveError, Maze};
use mcrdun_geom::memory::try_with_capacity;
use mcrdun_geom::random::shuffle;
use mcrdun_geom::{DisjointSets, Side};
use rand::Rng;

/// The inner walls of the piece (`state` not `OUT`, `cells` cells), in
/// raster order: a wall is `cell * 2` (its east wall) or `cell * 2 + 1`
/// (its south one). Reads only the mask, so it runs before the walls are
/// closed.
pub(crate) fn walls(maze: &Maze, state: &[u8], cells: usize) -> Result<Vec<usize>, CarveError> {
    let mut walls = try_with_capacity("Kruskal's walls", cells.saturating_mul(2))?;
    for i in 0..maze.len() {
        if state[i] == OUT {
            continue;
        }
        for (k, side) in [Side::East, Side::South].into_iter().enumerate() {
            if let Some(j) = maze.step_index(i, side)
                && state[j] != OUT
            {
                walls.push(i * 2 + k);
            }
        }
    }
    Ok(walls)
}

/// Opens the walls of [`walls`] that join two sets, in random order.
pub(crate) fn run<R: Rng + ?Sized>(
    maze: &mut Maze,
    mut walls: Vec<usize>,
    cells: usize,
    rng: &mut R,
) {
    shuffle(rng, &mut walls);
    let mut sets = DisjointSets::new(maze.len());
    let mut joins = 0;
    for wall in walls {
        if joins + 1 >= cells {
            break;
        }
        let (i, side) = (
            wall / 2,
            if wall % 2 == 0 {
                Side::East
            } else {
                Side::South
            },
        );
        let j = maze
            .step_index(i, side)
            .expect("walls were listed between cells");
        if sets.union(i, j) {
            maze.open_between(i, j, side);
            joins += 1;
        }
    }
}
