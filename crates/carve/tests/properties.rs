//! Property tests: every algorithm on random sizes and masks yields a
//! spanning tree of the start's piece, and the rest of the API agrees with
//! simple independent checks.

mod common;

use common::{check_walls, distances, open_3x3, piece};
use mcrdun_carve::{Algorithm, CarveError, Maze, MazeFile};
use mcrdun_geom::random::seeded_rng;
use mcrdun_geom::{Grid, Point, Side};
use proptest::prelude::*;

/// A maze of 1..=64 x 1..=64 with a random mask of the given density
/// (percent of blocked cells) and an open start cell, or None when every
/// cell is blocked.
fn masked(
    w: u32,
    h: u32,
    density: u32,
    mask_seed: u64,
    start_pick: usize,
) -> Option<(Maze, Point)> {
    let mut rng = seeded_rng(mask_seed);
    let mask = Grid::from_fn(w, h, |_| {
        mcrdun_geom::random::below(&mut rng, 100).unwrap() < u64::from(density)
    })
    .unwrap();
    let maze = Maze::with_mask(&mask).unwrap();
    let open: Vec<Point> = maze.cells().collect();
    if open.is_empty() {
        return None;
    }
    let start = open[start_pick % open.len()];
    Some((maze, start))
}

fn algorithm() -> impl Strategy<Value = Algorithm> {
    (0u32..11).prop_map(|n| Algorithm::from_number(n).unwrap())
}

/// The spanning-tree check: every cell of the start's piece reached by
/// passages, passages = cells - 1, loop_count 0, and every other open cell
/// closed.
fn assert_spanning_tree(maze: &Maze, start: Point) {
    check_walls(maze);
    let cells = piece(maze, start);
    let dist = distances(maze, start);
    let w = maze.width() as i32;
    for p in &cells {
        assert!(dist[(p.y * w + p.x) as usize].is_some(), "{p} not reached");
    }
    assert_eq!(dist.iter().filter(|d| d.is_some()).count(), cells.len());
    assert_eq!(maze.passage_count() + 1, cells.len());
    assert_eq!(maze.loop_count().unwrap(), 0);
    for p in maze.cells() {
        if dist[(p.y * w + p.x) as usize].is_none() {
            assert_eq!(maze.walls(p), Some(0xF), "{p} outside the piece was opened");
        }
    }
}

proptest! {
    #![proptest_config(mcrdun_test_util::proptest_config(96))]

    #[test]
    fn every_carver_spans_the_start_piece(
        w in 1u32..=64, h in 1u32..=64, density in 0u32..40,
        mask_seed: u64, start_pick: usize, seed: u64, algorithm in algorithm(),
    ) {
        let Some((mut maze, mut start)) = masked(w, h, density, mask_seed, start_pick) else {
            return Ok(());
        };
        if !algorithm.supports_mask() && maze.blocked_count() > 0 {
            // Refused, unchanged; then the same size without a mask.
            let before = maze.clone();
            let r = algorithm.carve_piece(&mut maze, start, &mut seeded_rng(seed));
            prop_assert_eq!(r, Err(CarveError::MaskUnsupported { algorithm: algorithm.name() }));
            prop_assert_eq!(&maze, &before);
            maze = Maze::new(w, h).unwrap();
            start = maze.point_of(start_pick % maze.len());
        }
        let before = maze.clone();
        let whole = piece(&maze, start).len() == maze.open_count();
        match algorithm.carve(&mut maze, start, &mut seeded_rng(seed)) {
            Ok(()) => {
                prop_assert!(whole);
                prop_assert!(maze.is_perfect().unwrap());
            }
            Err(CarveError::SplitByMask { reachable, open }) => {
                prop_assert!(!whole);
                prop_assert_eq!(reachable, piece(&maze, start).len());
                prop_assert_eq!(open, maze.open_count());
                prop_assert_eq!(&maze, &before);
            }
            Err(e) => prop_assert!(false, "{e}"),
        }
        algorithm.carve_piece(&mut maze, start, &mut seeded_rng(seed)).unwrap();
        assert_spanning_tree(&maze, start);
        // The mask is untouched.
        prop_assert_eq!(maze.blocked_mask(), before.blocked_mask());
        // Same seed, same bytes.
        let mut again = before.clone();
        algorithm.carve_piece(&mut again, start, &mut seeded_rng(seed)).unwrap();
        prop_assert_eq!(again.as_bytes(), maze.as_bytes());
    }

    #[test]
    fn another_seed_another_maze(seed: u64, algorithm in algorithm()) {
        let carve = |s: u64| {
            let mut m = Maze::new(16, 16).unwrap();
            algorithm.carve(&mut m, Point::new(5, 5), &mut seeded_rng(s)).unwrap();
            m
        };
        let (a, b) = (carve(seed), carve(seed ^ 1));
        prop_assert_ne!(a.as_bytes(), b.as_bytes());
    }

    #[test]
    fn braid_never_opens_3x3_and_keeps_one_piece(
        w in 1u32..=40, h in 1u32..=40, density in 0u32..25,
        mask_seed: u64, start_pick: usize, seed: u64, fraction in 0.0f64..=1.0,
        algorithm in algorithm(),
    ) {
        let density = if algorithm.supports_mask() { density } else { 0 };
        let Some((mut maze, start)) = masked(w, h, density, mask_seed, start_pick) else {
            return Ok(());
        };
        let mut rng = seeded_rng(seed);
        algorithm.carve_piece(&mut maze, start, &mut rng).unwrap();
        let pieces = maze.component_count().unwrap();
        let dead = maze.dead_ends().count();
        let target = (fraction * dead as f64).round() as usize;
        let removed = maze.braid(fraction, &mut rng).unwrap();
        check_walls(&maze);
        prop_assert!(!open_3x3(&maze));
        prop_assert!(!maze.has_open_3x3());
        prop_assert_eq!(maze.component_count().unwrap(), pieces);
        prop_assert_eq!(maze.dead_ends().count(), dead - removed);
        prop_assert!(removed <= target + 1);
        // Passages added: the loops the braid made.
        prop_assert!(maze.loop_count().unwrap() <= removed);
    }

    #[test]
    fn solve_is_a_shortest_walk(
        w in 1u32..=48, h in 1u32..=48, seed: u64, a: usize, b: usize, braid in 0.0f64..=1.0,
        algorithm in algorithm(),
    ) {
        let mut maze = Maze::new(w, h).unwrap();
        let mut rng = seeded_rng(seed);
        let from = maze.cells().nth(a % maze.len()).unwrap();
        let to = maze.cells().nth(b % maze.len()).unwrap();
        algorithm.carve(&mut maze, from, &mut rng).unwrap();
        maze.braid(braid, &mut rng).unwrap();
        let path = maze.solve(from, to).unwrap();
        let mut at = from;
        for c in path.chars() {
            let s = Side::from_letter(c).unwrap();
            prop_assert_eq!(maze.has_wall(at, s), Some(false));
            at = at + s.delta();
        }
        prop_assert_eq!(at, to);
        let d = distances(&maze, from)[(to.y * w as i32 + to.x) as usize].unwrap();
        prop_assert_eq!(path.len(), d as usize);
    }

    #[test]
    fn hex_round_trip(
        w in 1u32..=30, h in 1u32..=30, density in 0u32..30, mask_seed: u64,
        start_pick: usize, exit_pick: usize, seed: u64, algorithm in algorithm(),
    ) {
        let density = if algorithm.supports_mask() { density } else { 0 };
        let Some((mut maze, start)) = masked(w, h, density, mask_seed, start_pick) else {
            return Ok(());
        };
        algorithm.carve_piece(&mut maze, start, &mut seeded_rng(seed)).unwrap();
        let reach = piece(&maze, start);
        let exit = reach[exit_pick % reach.len()];
        let file = MazeFile::new(maze.clone(), start, exit).unwrap();
        let text = file.to_text().unwrap();
        let back = MazeFile::parse(&text).unwrap();
        prop_assert_eq!(back.to_text().unwrap(), text);
        prop_assert_eq!(back.maze.as_bytes(), maze.as_bytes());
        // Blocked cells read back blocked; a whole carve reads back equal.
        if reach.len() == maze.open_count() && reach.len() >= 2 {
            prop_assert_eq!(&back, &file);
        }
    }

    #[test]
    fn tiles_and_ascii_agree_with_walls(w in 1u32..=20, h in 1u32..=20, seed: u64, algorithm in algorithm()) {
        let mut maze = Maze::new(w, h).unwrap();
        algorithm.carve(&mut maze, Point::new(0, 0), &mut seeded_rng(seed)).unwrap();
        let tiles = maze.tiles().unwrap();
        prop_assert_eq!((tiles.width(), tiles.height()), (2 * w + 1, 2 * h + 1));
        let floors = tiles.iter().filter(|(_, t)| **t == mcrdun_carve::MazeTile::Floor).count();
        prop_assert_eq!(floors, maze.open_count() + maze.passage_count());
        let ascii = maze.to_ascii().unwrap();
        prop_assert_eq!(ascii.lines().count(), 2 * h as usize + 1);
        prop_assert!(ascii.lines().all(|l| l.len() == 4 * w as usize + 1));
    }
}
