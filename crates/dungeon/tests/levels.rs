//! Every pipeline over many seeds and sizes: the level is one walkable
//! region, the stairs are on two far-apart tiles, every door stands between
//! walkable tiles, everything is inside the bounds, and the same seed gives
//! the same bytes (golden hashes). The checks here are written
//! independently of the crate's own code (a plain BFS flood).

use mcrdun_dungeon::{
    BspConfig, CaveConfig, Level, LevelError, LevelKind, MazeAlgorithm, MazeConfig, PassagesConfig,
    ScatterConfig, Tile, bsp, cave, maze, maze_level, passages, scatter,
};
use mcrdun_geom::Point;
use proptest::prelude::*;

fn generate(kind: LevelKind, width: u32, height: u32, seed: u64) -> Result<Level, LevelError> {
    match kind {
        LevelKind::Bsp => bsp(
            &BspConfig {
                width,
                height,
                ..BspConfig::default()
            },
            seed,
        ),
        LevelKind::Scatter => scatter(
            &ScatterConfig {
                width,
                height,
                ..ScatterConfig::default()
            },
            seed,
        ),
        LevelKind::Maze => maze(
            &MazeConfig {
                width,
                height,
                ..MazeConfig::default()
            },
            seed,
        ),
        LevelKind::Cave => cave(
            &CaveConfig {
                width,
                height,
                ..CaveConfig::default()
            },
            seed,
        ),
        LevelKind::Passages => passages(
            &PassagesConfig {
                width,
                height,
                ..PassagesConfig::default()
            },
            seed,
        ),
    }
}

/// BFS distances over walkable tiles from `from` (u32::MAX: not reached).
fn flood(level: &Level, from: Point) -> Vec<u32> {
    let (w, h) = (level.width() as i32, level.height() as i32);
    let mut dist = vec![u32::MAX; (w * h) as usize];
    let mut queue = std::collections::VecDeque::new();
    dist[(from.y * w + from.x) as usize] = 0;
    queue.push_back(from);
    while let Some(p) = queue.pop_front() {
        let d = dist[(p.y * w + p.x) as usize];
        for (dx, dy) in [(0, -1), (1, 0), (0, 1), (-1, 0)] {
            let q = Point::new(p.x + dx, p.y + dy);
            if q.x < 0 || q.y < 0 || q.x >= w || q.y >= h {
                continue;
            }
            let i = (q.y * w + q.x) as usize;
            if dist[i] == u32::MAX && level.tile(q).unwrap().is_walkable() {
                dist[i] = d + 1;
                queue.push_back(q);
            }
        }
    }
    dist
}

fn walkable(level: &Level, p: Point) -> bool {
    level.tile(p).is_some_and(Tile::is_walkable)
}

/// Every promise of a finished level.
fn check(level: &Level, kind: LevelKind, width: u32, height: u32) {
    assert_eq!(level.kind(), kind);
    assert_eq!((level.width(), level.height()), (width, height));
    let tiles = level.tiles();
    // The border stays wall.
    for (p, t) in tiles.iter() {
        let edge = p.x == 0 || p.y == 0 || p.x == width as i32 - 1 || p.y == height as i32 - 1;
        assert!(
            !edge || *t == Tile::Wall,
            "{kind:?}: border tile {p:?} is {t:?}"
        );
    }
    // One region: a flood from the up stairs reaches every walkable tile.
    let up = level.stairs_up();
    let down = level.stairs_down();
    let dist = flood(level, up);
    let mut count = 0;
    for (i, t) in tiles.as_slice().iter().enumerate() {
        if t.is_walkable() {
            count += 1;
            assert_ne!(
                dist[i],
                u32::MAX,
                "{kind:?}: {:?} unreachable",
                tiles.point_of(i)
            );
        }
    }
    assert_eq!(count, level.summary().walkable);
    // Stairs: one of each, where the level says, apart, and the down stairs
    // as far from the up stairs as any floor tile.
    assert_eq!(
        tiles
            .as_slice()
            .iter()
            .filter(|t| **t == Tile::StairsUp)
            .count(),
        1
    );
    assert_eq!(
        tiles
            .as_slice()
            .iter()
            .filter(|t| **t == Tile::StairsDown)
            .count(),
        1
    );
    assert_eq!(level.tile(up), Some(Tile::StairsUp));
    assert_eq!(level.tile(down), Some(Tile::StairsDown));
    let d = dist[tiles.index_of(down).unwrap()];
    assert!(d > 0);
    assert_eq!(d as usize, level.summary().longest_path);
    let farthest_floor = tiles
        .as_slice()
        .iter()
        .zip(&dist)
        .filter(|(t, _)| **t == Tile::Floor)
        .map(|(_, d)| *d)
        .max()
        .unwrap_or(0);
    assert!(
        d >= farthest_floor,
        "{kind:?}: a floor tile is farther than the down stairs"
    );
    // Doors: on door tiles, between two walkable tiles, joining two rooms.
    let door_tiles = tiles
        .as_slice()
        .iter()
        .filter(|t| **t == Tile::Door)
        .count();
    assert_eq!(door_tiles, level.doors().len(), "{kind:?}");
    assert_eq!(level.summary().doors, level.doors().len());
    for door in level.doors() {
        assert_eq!(level.tile(door.at), Some(Tile::Door));
        let (a, b) = door.rooms;
        assert!(
            a < b && (b as usize) < level.rooms().len(),
            "{kind:?}: {door:?}"
        );
        let n = [(0, -1), (1, 0), (0, 1), (-1, 0)]
            .map(|(dx, dy)| walkable(level, Point::new(door.at.x + dx, door.at.y + dy)));
        match kind {
            // Straight corridors: walkable on two opposite sides.
            LevelKind::Bsp | LevelKind::Scatter => {
                assert!(
                    (n[0] && n[2]) || (n[1] && n[3]),
                    "{kind:?}: door {door:?} {n:?}"
                )
            }
            _ => assert!(
                n.iter().filter(|x| **x).count() >= 2,
                "{kind:?}: door {door:?}"
            ),
        }
    }
    // Rooms: inside the border, their floor walkable.
    assert_eq!(level.summary().rooms, level.rooms().len());
    for room in level.rooms() {
        let r = room.bounds;
        assert!(r.x() >= 1 && r.y() >= 1, "{kind:?}: {r:?}");
        assert!(
            r.right() < width as i32 && r.bottom() < height as i32,
            "{kind:?}: {r:?}"
        );
        assert!(room.area as i64 <= i64::from(r.w()) * i64::from(r.h()));
        if matches!(kind, LevelKind::Bsp | LevelKind::Scatter) {
            assert!(r.points().all(|p| walkable(level, p)));
        }
    }
    // Levels without rooms have no doors.
    if matches!(kind, LevelKind::Maze | LevelKind::Cave) {
        assert!(level.rooms().is_empty() && level.doors().is_empty());
    }
    // Rooms are linked by doors in trees, one per group the generator made;
    // the groups (regions before joining) are joined by digging.
    if matches!(kind, LevelKind::Bsp | LevelKind::Scatter) {
        assert!(
            level.doors().len() + level.summary().regions >= level.rooms().len(),
            "{kind:?}: {} doors, {} regions, {} rooms",
            level.doors().len(),
            level.summary().regions,
            level.rooms().len()
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn every_level_keeps_its_promises(
        k in 0usize..5,
        seed in any::<u64>(),
        width in 24u32..110,
        height in 20u32..70,
    ) {
        let kind = LevelKind::ALL[k];
        match generate(kind, width, height, seed) {
            Ok(level) => {
                check(&level, kind, width, height);
                let again = generate(kind, width, height, seed).unwrap();
                prop_assert_eq!(&level, &again);
            }
            // A cave can be all rock; nothing else may fail at these sizes.
            Err(LevelError::Unsatisfiable(_)) if kind == LevelKind::Cave => {}
            Err(e) => prop_assert!(false, "{:?} {}x{} seed {}: {}", kind, width, height, seed, e),
        }
    }
}

#[test]
fn many_seeds_at_the_default_size() {
    for kind in LevelKind::ALL {
        for seed in 0..12 {
            let level = generate(kind, 80, 50, seed).unwrap();
            check(&level, kind, 80, 50);
        }
    }
}

#[test]
fn other_seeds_other_levels() {
    for kind in LevelKind::ALL {
        let a = generate(kind, 80, 50, 1).unwrap();
        let b = generate(kind, 80, 50, 2).unwrap();
        assert_ne!(a.tiles(), b.tiles(), "{kind:?}");
    }
}

#[test]
fn every_maze_algorithm_makes_a_perfect_maze_level() {
    for algorithm in MazeAlgorithm::ALL {
        let c = MazeConfig {
            width: 41,
            height: 25,
            algorithm,
            ..MazeConfig::default()
        };
        let level = maze(&c, 9).unwrap();
        check(&level, LevelKind::Maze, 41, 25);
        assert_eq!(level.summary().loops, 0, "{algorithm:?}");
        // 20 x 12 cells and 20 * 12 - 1 open walls between them.
        assert_eq!(level.summary().walkable, 20 * 12 * 2 - 1, "{algorithm:?}");
    }
}

#[test]
fn maze_tiles_agree_with_the_maze() {
    let m = maze_level(
        &MazeConfig {
            width: 31,
            height: 21,
            braid: 0.5,
            ..MazeConfig::default()
        },
        4,
    )
    .unwrap();
    for (p, t) in m.level.tiles().iter() {
        let floor = if p.x % 2 == 1 && p.y % 2 == 1 {
            true
        } else if p.x % 2 == 0 && p.y % 2 == 1 && p.x > 0 && p.x < 30 {
            // The wall between cells (x/2 - 1, y) and (x/2, y).
            !m.maze
                .has_wall(Point::new(p.x / 2 - 1, p.y / 2), mcrdun_geom::Side::East)
                .unwrap()
        } else if p.y % 2 == 0 && p.x % 2 == 1 && p.y > 0 && p.y < 20 {
            !m.maze
                .has_wall(Point::new(p.x / 2, p.y / 2 - 1), mcrdun_geom::Side::South)
                .unwrap()
        } else {
            false
        };
        assert_eq!(t.is_walkable(), floor, "{p:?}");
    }
    // Loops in the tiles = loops in the maze.
    assert_eq!(m.level.summary().loops, m.maze.loop_count());
}

/// FNV-1a over the tile bytes: a small, fixed hash for golden values.
fn fnv1a(bytes: impl Iterator<Item = u8>) -> u64 {
    bytes.fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[test]
fn fnv1a_is_the_reference_function() {
    // Published FNV-1a 64 test vectors.
    assert_eq!(fnv1a(b"".iter().copied()), 0xcbf2_9ce4_8422_2325);
    assert_eq!(fnv1a(b"a".iter().copied()), 0xaf63_dc4c_8601_ec8c);
    assert_eq!(fnv1a(b"foobar".iter().copied()), 0x8594_4171_f739_67e8);
}

#[test]
fn golden_hashes() {
    let mut got = Vec::new();
    for kind in LevelKind::ALL {
        for (w, h, seed) in [(80, 50, 7), (64, 40, 12345)] {
            let level = generate(kind, w, h, seed).unwrap();
            got.push(format!(
                "{} {w}x{h} {seed} {:016x}",
                kind.name(),
                fnv1a(level.tile_bytes())
            ));
        }
    }
    let expected = [
        "bsp 80x50 7 884712bfc1b2377d",
        "bsp 64x40 12345 f2541000bd2e8b73",
        "scatter 80x50 7 df6f196e20c7ed81",
        "scatter 64x40 12345 fa5c7e04c3ea1511",
        "maze 80x50 7 4a216129df460cab",
        "maze 64x40 12345 961d56442aecc82d",
        "cave 80x50 7 7423e9d3b72c4979",
        "cave 64x40 12345 6fdde9a9299b33a8",
        "passages 80x50 7 8130483fe16d268a",
        "passages 64x40 12345 5db0481c67141813",
    ];
    assert_eq!(got, expected, "\n{}", got.join("\n"));
}
