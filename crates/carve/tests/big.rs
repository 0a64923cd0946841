//! A 4096 x 4096 maze with the backtracker on the default test-thread
//! stack: the explicit stack means no recursion, whatever the depth.

use mcrdun_carve::{Algorithm, Maze};
use mcrdun_geom::Point;
use mcrdun_geom::random::seeded_rng;

#[test]
fn backtracker_4096_is_perfect() {
    let mut maze = Maze::new(4096, 4096).unwrap();
    Algorithm::Backtracker
        .carve(&mut maze, Point::new(2048, 2048), &mut seeded_rng(4096))
        .unwrap();
    // passages = cells - 1 and one piece: a spanning tree, loop_count 0.
    assert_eq!(maze.passage_count(), 4096 * 4096 - 1);
    assert_eq!(maze.component_count().unwrap(), 1);
}
