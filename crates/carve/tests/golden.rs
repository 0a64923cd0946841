//! Golden hashes of seeded mazes, and independent re-implementations of
//! the two simplest carvers that must produce the very same bytes.

mod common;

use mcrdun_carve::{Algorithm, Maze, MazeFile};
use mcrdun_geom::random::{index, seeded_rng};
use mcrdun_geom::{Point, Side};
use mcrdun_test_util::fnv1a;
use std::collections::BTreeSet;

fn carved(algorithm: Algorithm, w: u32, h: u32, mask42: bool, seed: u64) -> Maze {
    let mut m = Maze::new(w, h).unwrap();
    if mask42 {
        m.block_pattern42().unwrap();
    }
    algorithm
        .carve(&mut m, Point::new(0, 0), &mut seeded_rng(seed))
        .unwrap();
    m
}

/// A reference backtracker, written again from its description with the
/// public API only: sets, a vector stack, `neighbour` and `open_wall`.
/// (Like ours, it draws no number when there is a single option.)
fn reference_backtracker(maze: &mut Maze, start: Point, seed: u64) {
    let mut rng = seeded_rng(seed);
    let mut visited = BTreeSet::from([start]);
    let mut stack = vec![start];
    while let Some(&current) = stack.last() {
        let options: Vec<Side> = Side::ALL
            .into_iter()
            .filter(|&s| {
                maze.neighbour(current, s)
                    .is_some_and(|n| !visited.contains(&n))
            })
            .collect();
        if options.is_empty() {
            stack.pop();
            continue;
        }
        let side = if options.len() == 1 {
            options[0]
        } else {
            options[index(&mut rng, options.len()).unwrap()]
        };
        maze.open_wall(current, side).unwrap();
        let next = current + side.delta();
        visited.insert(next);
        stack.push(next);
    }
}

/// Binary tree from its description: each cell but the corner opens north
/// or west; a coin decides when both exist.
fn reference_binary_tree(maze: &mut Maze, seed: u64) {
    let mut rng = seeded_rng(seed);
    for y in 0..maze.height() as i32 {
        for x in 0..maze.width() as i32 {
            let side = match (x, y) {
                (0, 0) => continue,
                (0, _) => Side::North,
                (_, 0) => Side::West,
                _ => {
                    if mcrdun_geom::random::below(&mut rng, 2).unwrap() == 1 {
                        Side::North
                    } else {
                        Side::West
                    }
                }
            };
            maze.open_wall(Point::new(x, y), side).unwrap();
        }
    }
}

#[test]
fn backtracker_matches_the_reference() {
    for (w, h, mask, seed) in [
        (20, 15, true, 7),
        (1, 9, false, 1),
        (33, 21, false, 42),
        (40, 40, true, 9),
    ] {
        let ours = carved(Algorithm::Backtracker, w, h, mask, seed);
        let mut theirs = Maze::new(w, h).unwrap();
        if mask {
            theirs.block_pattern42().unwrap();
        }
        reference_backtracker(&mut theirs, Point::new(0, 0), seed);
        assert_eq!(ours, theirs, "{w}x{h} seed {seed}");
    }
}

/// The growing tree with the newest pick is a depth-first search drawing
/// the same numbers as the backtracker, through different code.
#[test]
fn growing_tree_newest_is_the_backtracker() {
    for (w, h, mask, seed) in [(20, 15, true, 3), (64, 9, false, 5)] {
        assert_eq!(
            carved(Algorithm::ALL[5], w, h, mask, seed),
            carved(Algorithm::Backtracker, w, h, mask, seed)
        );
    }
}

#[test]
fn binary_tree_matches_the_reference() {
    for (w, h, seed) in [(20, 15, 7), (1, 5, 2), (17, 1, 3), (30, 30, 4)] {
        let ours = carved(Algorithm::BinaryTree, w, h, false, seed);
        let mut theirs = Maze::new(w, h).unwrap();
        reference_binary_tree(&mut theirs, seed);
        assert_eq!(ours, theirs);
    }
}

/// A 20x15 maze around the "42": 282 open
/// cells, 281 passages, no loop; same seed same maze, other seed other.
#[test]
fn the_seed_experiment() {
    let a = carved(Algorithm::Backtracker, 20, 15, true, 7);
    assert_eq!(a, carved(Algorithm::Backtracker, 20, 15, true, 7));
    assert_ne!(a, carved(Algorithm::Backtracker, 20, 15, true, 8));
    assert_eq!(
        (
            a.loop_count().unwrap(),
            a.cells().count(),
            a.passage_count()
        ),
        (0, 282, 281)
    );
}

/// Pinned hashes: a change here changes every level made with that seed.
/// The backtracker and binary-tree values are also vouched for by the
/// reference implementations above.
#[test]
fn golden_hashes() {
    let cases: [(Algorithm, u32, u32, bool, u64, u64); 11] = [
        (
            Algorithm::Backtracker,
            20,
            15,
            true,
            7,
            0x4720_cf77_1920_83ca,
        ),
        (Algorithm::Prim, 20, 15, true, 7, 0x1dc9_2fe5_9a28_ca26),
        (Algorithm::Kruskal, 20, 15, true, 7, 0x9f29_dc90_16b6_c411),
        (Algorithm::Wilson, 20, 15, true, 7, 0x71cd_3d1e_d46b_14d7),
        (Algorithm::Eller, 20, 15, false, 7, 0x061d_655e_2317_a059),
        (Algorithm::ALL[5], 20, 15, true, 7, 0x4720_cf77_1920_83ca),
        (Algorithm::ALL[6], 20, 15, true, 7, 0x1bb5_3e02_fe23_803d),
        (Algorithm::ALL[7], 20, 15, true, 7, 0xff9d_4fe4_2265_a3d6),
        (
            Algorithm::HuntAndKill,
            20,
            15,
            true,
            7,
            0x218c_c210_ab74_ac80,
        ),
        (
            Algorithm::Sidewinder,
            20,
            15,
            false,
            7,
            0x3119_6c80_0914_0be5,
        ),
        (
            Algorithm::BinaryTree,
            20,
            15,
            false,
            7,
            0x5b16_eafd_4193_25e2,
        ),
    ];
    let mut report = String::new();
    let mut ok = true;
    for (a, w, h, mask, seed, want) in cases {
        let got = fnv1a(carved(a, w, h, mask, seed).as_bytes().iter().copied());
        report.push_str(&format!("{}: {got:#018x}\n", a.name()));
        ok &= got == want;
    }
    assert!(ok, "golden hashes changed:\n{report}");
}

#[test]
fn golden_hex_file() {
    let maze = carved(Algorithm::Backtracker, 20, 15, true, 42);
    let (entry, exit) = (Point::new(0, 0), Point::new(19, 14));
    let direct = maze.to_hex(entry, exit).unwrap();
    let text = MazeFile::new(maze, entry, exit).unwrap().to_text().unwrap();
    assert_eq!(fnv1a(text.bytes()), 13761206146082694989, "{text}");
    assert_eq!(direct, text);
}
