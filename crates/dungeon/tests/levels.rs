//! Every pipeline over many seeds and sizes: the level is one walkable
//! region, the stairs are on two far-apart tiles, every door stands between
//! walkable tiles, everything is inside the bounds, and the same seed gives
//! the same bytes (golden hashes). The checks here are written
//! independently of the crate's own code (a plain BFS flood).

use mcrdun_dungeon::{
    BspConfig, CaveConfig, Level, LevelConfig, LevelError, LevelKind, MazeAlgorithm, MazeConfig,
    PassagesConfig, ScatterConfig, Tile, Vault, bsp, cave_with_vaults, maze, maze_level, passages,
    scatter,
};
use mcrdun_geom::Point;
use mcrdun_test_util::fnv1a;
use mcrdun_vaults::Glyph;
use proptest::prelude::*;

fn generate(kind: LevelKind, width: u32, height: u32, seed: u64) -> Result<Level, LevelError> {
    mcrdun_dungeon::generate(&LevelConfig::new(kind, width, height), seed)
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

fn at(level: &Level, x: i32, y: i32) -> Option<Tile> {
    level.tile(Point::new(x, y))
}

/// Room floor, as the tiles read: floor or a staircase standing on it.
fn is_floor(t: Option<Tile>) -> bool {
    matches!(t, Some(Tile::Floor | Tile::StairsUp | Tile::StairsDown))
}

fn has_rooms(kind: LevelKind) -> bool {
    matches!(
        kind,
        LevelKind::Bsp | LevelKind::Scatter | LevelKind::Passages
    )
}

/// The door rules, read from the tile grid alone: walkable on one axis with
/// room floor on one side, wall on both sides of the other axis; no two
/// doors 8-adjacent.
fn check_doors(level: &Level, kind: LevelKind) {
    let wall = |t: Option<Tile>| t == Some(Tile::Wall);
    let walk = |t: Option<Tile>| t.is_some_and(Tile::is_walkable);
    for (p, t) in level.tiles().iter() {
        if *t != Tile::Door {
            continue;
        }
        let (n, s, e, w) = (
            at(level, p.x, p.y - 1),
            at(level, p.x, p.y + 1),
            at(level, p.x + 1, p.y),
            at(level, p.x - 1, p.y),
        );
        let vertical = walk(n) && walk(s) && (is_floor(n) || is_floor(s)) && wall(e) && wall(w);
        let horizontal = walk(e) && walk(w) && (is_floor(e) || is_floor(w)) && wall(n) && wall(s);
        assert!(
            vertical ^ horizontal,
            "{kind:?}: door {p:?} is not in a room's wall"
        );
        for dy in -1..=1 {
            for dx in -1..=1 {
                if (dx, dy) != (0, 0) {
                    assert_ne!(
                        at(level, p.x + dx, p.y + dy),
                        Some(Tile::Door),
                        "{kind:?}: doors touch at {p:?}"
                    );
                }
            }
        }
    }
}

/// No 2x2 square of walkable tiles with a corridor or door in it, and no
/// corridor tile with room floor among its 8 neighbours (a corridor that
/// opened a room's wall).
fn check_corridors(level: &Level, kind: LevelKind) {
    let (w, h) = (level.width() as usize, level.height() as usize);
    let t = level.tiles().as_slice();
    for y in 0..h - 1 {
        for x in 0..w - 1 {
            let i = y * w + x;
            let four = [t[i], t[i + 1], t[i + w], t[i + w + 1]];
            let outside = four
                .iter()
                .any(|t| matches!(t, Tile::Corridor | Tile::Door));
            assert!(
                !(outside && four.iter().all(|t| t.is_walkable())),
                "{kind:?}: corridors side by side at ({x}, {y})"
            );
        }
    }
    for (p, t) in level.tiles().iter() {
        if *t != Tile::Corridor {
            continue;
        }
        for dy in -1..=1 {
            for dx in -1..=1 {
                assert!(
                    !is_floor(at(level, p.x + dx, p.y + dy)),
                    "{kind:?}: corridor {p:?} opens a room's wall"
                );
            }
        }
    }
}

/// Whether `p` is inside a room: room floor on all 8 sides.
fn inside(level: &Level, p: Point) -> bool {
    (-1..=1).all(|dy| (-1..=1).all(|dx| is_floor(at(level, p.x + dx, p.y + dy))))
}

/// The tiles inside rooms (room floor on all 8 sides), from the raw tiles
/// (the same test as [`inside`], without a lookup per neighbour).
fn inside_tiles(level: &Level) -> Vec<usize> {
    let (w, h) = (level.width() as usize, level.height() as usize);
    let t = level.tiles().as_slice();
    let f = |i: usize| matches!(t[i], Tile::Floor | Tile::StairsUp | Tile::StairsDown);
    let mut out = Vec::new();
    for y in 1..h.saturating_sub(1) {
        for x in 1..w.saturating_sub(1) {
            let i = y * w + x;
            if f(i)
                && f(i - 1)
                && f(i + 1)
                && f(i - w - 1)
                && f(i - w)
                && f(i - w + 1)
                && f(i + w - 1)
                && f(i + w)
                && f(i + w + 1)
            {
                out.push(i);
            }
        }
    }
    out
}

/// Every promise of a finished level.
fn check(level: &Level, kind: LevelKind, width: u32, height: u32) {
    check_with(level, kind, width, height, &[]);
}

/// The map of a placed vault as the level should hold it: the vault's
/// map turned as the level says.
fn placed_shape(vaults: &[Vault], v: &mcrdun_dungeon::PlacedVault) -> mcrdun_vaults::Shape {
    let vault = &vaults[v.index as usize];
    assert_eq!(vault.name(), v.name);
    vault.shape().oriented(v.orientation)
}

/// Every promise of a finished level made with `vaults`.
fn check_with(level: &Level, kind: LevelKind, width: u32, height: u32, vaults: &[Vault]) {
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
    // Stairs: one of each, where the level says.
    for stairs in [Tile::StairsUp, Tile::StairsDown] {
        assert_eq!(tiles.as_slice().iter().filter(|t| **t == stairs).count(), 1);
    }
    assert_eq!(level.tile(up), Some(Tile::StairsUp));
    assert_eq!(level.tile(down), Some(Tile::StairsDown));
    let d = dist[tiles.index_of(down).unwrap()];
    assert!(d > 0);
    assert_eq!(d as usize, level.summary().longest_path);
    // Inside rooms (floor all around) where the level has such tiles, and
    // the down stairs as far from the up stairs as any such tile.
    // (Tiles of vaults hold no stairs but their own.)
    let mut in_vault = vec![false; tiles.len()];
    for v in level.vaults() {
        for p in v.bounds.points() {
            in_vault[tiles.index_of(p).unwrap()] = true;
        }
    }
    let inner: Vec<usize> = inside_tiles(level)
        .into_iter()
        .filter(|&i| !in_vault[i])
        .collect();
    // (A vault's stairs stand where the vault puts them.)
    let vault_stairs = level.vaults().iter().any(|v| {
        [up, down]
            .iter()
            .any(|p| v.bounds.points().any(|q| q == *p))
    });
    if inner.len() >= 2 && !vault_stairs {
        assert!(
            inside(level, up) && inside(level, down),
            "{kind:?}: stairs in a corner"
        );
        let farthest = inner.iter().map(|&i| dist[i]).max().unwrap_or(0);
        assert!(
            d >= farthest,
            "{kind:?}: an inner tile is farther than the down stairs"
        );
    }
    // Doors: on door tiles, joining two rooms, and by the rules.
    let door_tiles = tiles
        .as_slice()
        .iter()
        .filter(|t| **t == Tile::Door)
        .count();
    // Doors of vaults: fixed ones, and the entrances of vaults without a
    // room (in caves and mazes), which no room's door list holds.
    let fixed_doors: usize = level
        .vaults()
        .iter()
        .map(|v| {
            placed_shape(vaults, v)
                .tiles()
                .filter(|(p, g)| {
                    let t = level.tile(Point::new(v.bounds.x() + p.x, v.bounds.y() + p.y));
                    *g == Glyph::Door
                        || (v.room.is_none() && g.is_entrance() && t == Some(Tile::Door))
                })
                .count()
        })
        .sum();
    assert_eq!(door_tiles, level.doors().len() + fixed_doors, "{kind:?}");
    // The counts are of every door tile, the vaults' included.
    assert_eq!(level.summary().doors, door_tiles, "{kind:?}");
    let metrics = level.metrics();
    assert_eq!(metrics.doors, door_tiles, "{kind:?}");
    assert_eq!(
        metrics.doors_in_walls, door_tiles,
        "{kind:?}: a door out of a wall"
    );
    for door in level.doors() {
        assert_eq!(level.tile(door.at), Some(Tile::Door));
        let (a, b) = door.rooms;
        assert!(
            a < b && (b as usize) < level.rooms().len(),
            "{kind:?}: {door:?}"
        );
    }
    if has_rooms(kind) {
        check_doors(level, kind);
        check_corridors(level, kind);
        assert_eq!(level.summary().dug, 0, "{kind:?}: the fallback dug");
    }
    // Rooms: inside the border, their floor walkable.
    assert_eq!(level.summary().rooms, level.rooms().len());
    let vault_rooms: Vec<u32> = level.vaults().iter().filter_map(|v| v.room).collect();
    for (i, room) in level.rooms().iter().enumerate() {
        let r = room.bounds;
        assert!(r.x() >= 1 && r.y() >= 1, "{kind:?}: {r:?}");
        assert!(
            r.right() < width as i32 && r.bottom() < height as i32,
            "{kind:?}: {r:?}"
        );
        assert!(room.area as i64 <= i64::from(r.w()) * i64::from(r.h()));
        if matches!(kind, LevelKind::Bsp | LevelKind::Scatter) && !vault_rooms.contains(&(i as u32))
        {
            assert!(r.points().all(|p| walkable(level, p)));
        }
    }
    // Levels without rooms have no doors.
    if matches!(
        kind,
        LevelKind::Maze | LevelKind::Cave | LevelKind::Drunkard
    ) {
        assert!(level.rooms().is_empty() && level.doors().is_empty());
    }
    // A cave reads as a cave: no rock specks in open floor (an island
    // of rock may stay only between tunnels), no floor pockets left for a
    // tunnel to reach, and tunnels that wind; so does a drunkard's walk.
    if matches!(kind, LevelKind::Cave | LevelKind::Drunkard) {
        let m = level.metrics();
        // Vaults are not cave: their pillars and rooms do not count.
        let (specks_by_floor, pockets) = pieces_outside_vaults(level);
        assert_eq!(specks_by_floor, 0, "{kind:?} {width}x{height}: rock specks");
        // (A cave too small for a piece of 20 tiles is one small piece.)
        let small = level.summary().walkable < mcrdun_dungeon::measures::POCKET_BELOW;
        assert!(
            pockets == 0 || (small && pockets == 1),
            "{kind:?} {width}x{height}: {pockets} floor pockets"
        );
        // Past MAX_STRAIGHT only as `stamp.rs` documents: a vault's
        // corridor that found no other way, beside the vault's door.
        assert!(
            m.longest_dug_run <= mcrdun_dungeon::tunnels::MAX_STRAIGHT
                || long_runs_touch_vault_doors(level),
            "{kind:?} {width}x{height}: a straight tunnel of {} tiles",
            m.longest_dug_run
        );
    }
    // A maze uses the whole map; an even side's spare line is rock along
    // the right (bottom) edge, not a doubled line inside the maze (but a
    // single cell across is drawn two tiles wide).
    if kind == LevelKind::Maze {
        let (x0, y0, x1, y1) = bbox(level);
        let last = |side: u32| {
            let s = side as i32;
            if side.is_multiple_of(2) && side >= 6 {
                s - 3
            } else {
                s - 2
            }
        };
        assert_eq!((x0, y0, x1, y1), (1, 1, last(width), last(height)));
        // No doubled line: the maze's lines alternate, cell lines (odd
        // coordinates: every cell open) and wall lines (even: a pillar at
        // every crossing of two wall lines), so a line drawn twice (the old
        // drawing's bug, 80x50 rows 24 and 25) shifts every line after it
        // off its parity and is caught here, at any size with two cells or
        // more across (down), while a chance look-alike (a column of cells
        // that all open west draws like the wall column beside it) is a
        // legitimate maze. Vaults stand in blocked cells: not maze.
        let in_vault = |p: Point| {
            level.vaults().iter().any(|v| {
                let b = v.bounds;
                p.x >= b.x() && p.x < b.right() && p.y >= b.y() && p.y < b.bottom()
            })
        };
        if width >= 5 && height >= 5 {
            for y in y0..=y1 {
                for x in x0..=x1 {
                    let p = Point::new(x, y);
                    if in_vault(p) {
                        continue;
                    }
                    if x % 2 == 0 && y % 2 == 0 {
                        assert!(
                            !walkable(level, p),
                            "maze {width}x{height}: the pillar at {p:?} is open (a doubled line?)"
                        );
                    }
                    if x % 2 == 1 && y % 2 == 1 {
                        assert!(
                            walkable(level, p),
                            "maze {width}x{height}: the cell at {p:?} is closed (a doubled line?)"
                        );
                    }
                }
            }
        }
        // Corridors one tile wide, even sides included, wherever there
        // are two cells or more across (and down).
        if width >= 5 && height >= 5 {
            for y in 0..height as i32 - 1 {
                for x in 0..width as i32 - 1 {
                    let square = [(0, 0), (1, 0), (0, 1), (1, 1)];
                    // (A vault's floor is not maze.)
                    let at = |&(dx, dy): &(i32, i32)| Point::new(x + dx, y + dy);
                    assert!(
                        !square.iter().all(|d| walkable(level, at(d)))
                            || square.iter().all(|d| in_vault(at(d))),
                        "maze {width}x{height}: a 2x2 square of floor at ({x}, {y})"
                    );
                }
            }
        }
    }
}

/// Rock specks beside floor and floor pockets (4-connected pieces: wall
/// off the border of at most `SPECK_MOST` tiles with a floor tile beside
/// one of them, floor under `POCKET_BELOW`), leaving out every piece that
/// touches a vault's rectangle.
/// Whether the level has straight runs of corridor tiles (along a row or
/// a column) longer than `MAX_STRAIGHT` and every one has a tile beside a
/// door inside a placed vault's bounds.
fn long_runs_touch_vault_doors(level: &Level) -> bool {
    let (w, h) = (level.width() as i32, level.height() as i32);
    let tile = |x: i32, y: i32| level.tile(Point::new(x, y));
    let vault_door = |x: i32, y: i32| {
        tile(x, y) == Some(Tile::Door)
            && level
                .vaults()
                .iter()
                .any(|v| v.bounds.contains(Point::new(x, y)))
    };
    let beside_door = |x: i32, y: i32| {
        [(0, -1), (1, 0), (0, 1), (-1, 0)]
            .iter()
            .any(|&(dx, dy)| vault_door(x + dx, y + dy))
    };
    let most = mcrdun_dungeon::tunnels::MAX_STRAIGHT;
    // Each run as its tiles, rows then columns.
    let mut runs: Vec<Vec<(i32, i32)>> = Vec::new();
    for (outer, inner, at) in [
        (
            h,
            w,
            &(|a: i32, b: i32| (b, a)) as &dyn Fn(i32, i32) -> (i32, i32),
        ),
        (w, h, &|a: i32, b: i32| (a, b)),
    ] {
        for a in 0..outer {
            let mut run = Vec::new();
            for b in 0..=inner {
                let (x, y) = at(a, b);
                if b < inner && tile(x, y) == Some(Tile::Corridor) {
                    run.push((x, y));
                } else if !run.is_empty() {
                    runs.push(std::mem::take(&mut run));
                }
            }
        }
    }
    // The metric counted one, so this count must find it too.
    let long: Vec<&Vec<(i32, i32)>> = runs.iter().filter(|r| r.len() > most).collect();
    !long.is_empty()
        && long
            .iter()
            .all(|r| r.iter().any(|&(x, y)| beside_door(x, y)))
}

fn pieces_outside_vaults(level: &Level) -> (usize, usize) {
    let (w, h) = (level.width() as usize, level.height() as usize);
    let t = level.tiles().as_slice();
    let mut in_vault = vec![false; w * h];
    for v in level.vaults() {
        for p in v.bounds.points() {
            in_vault[p.y as usize * w + p.x as usize] = true;
        }
    }
    let count = |member: &dyn Fn(Tile) -> bool, below: usize, border_ok: bool| {
        let mut seen = vec![false; w * h];
        let mut n = 0;
        for start in 0..w * h {
            if seen[start] || !member(t[start]) {
                continue;
            }
            let (mut size, mut border, mut vault, mut by_floor) = (0, false, false, false);
            let mut stack = vec![start];
            seen[start] = true;
            while let Some(i) = stack.pop() {
                let (x, y) = (i % w, i / w);
                size += 1;
                border |= x == 0 || y == 0 || x == w - 1 || y == h - 1;
                vault |= in_vault[i];
                let next = [
                    (x > 0).then(|| i - 1),
                    (x + 1 < w).then(|| i + 1),
                    (y > 0).then(|| i - w),
                    (y + 1 < h).then(|| i + w),
                ];
                for j in next.into_iter().flatten() {
                    by_floor |= t[j] == Tile::Floor;
                    if !seen[j] && member(t[j]) {
                        seen[j] = true;
                        stack.push(j);
                    }
                }
            }
            if size < below && !vault && (border_ok || (!border && by_floor)) {
                n += 1;
            }
        }
        n
    };
    let wall = |t: Tile| t == Tile::Wall;
    let floor = |t: Tile| matches!(t, Tile::Floor | Tile::StairsUp | Tile::StairsDown);
    (
        count(&wall, mcrdun_dungeon::measures::SPECK_BELOW, false),
        count(&floor, mcrdun_dungeon::measures::POCKET_BELOW, true),
    )
}

/// The bounding box of the walkable tiles (inclusive).
fn bbox(level: &Level) -> (i32, i32, i32, i32) {
    let (mut x0, mut y0, mut x1, mut y1) = (i32::MAX, i32::MAX, -1, -1);
    for (p, t) in level.tiles().iter() {
        if t.is_walkable() {
            x0 = x0.min(p.x);
            y0 = y0.min(p.y);
            x1 = x1.max(p.x);
            y1 = y1.max(p.y);
        }
    }
    (x0, y0, x1, y1)
}

/// Rooms per 1000 tiles, the bounding box's share of the map, the floor's.
fn scale_figures(level: &Level) -> (f64, f64, f64) {
    let area = f64::from(level.width()) * f64::from(level.height());
    let (x0, y0, x1, y1) = bbox(level);
    (
        level.rooms().len() as f64 * 1000.0 / area,
        f64::from(x1 - x0 + 1) * f64::from(y1 - y0 + 1) / area,
        level.summary().walkable as f64 / area,
    )
}

/// How evenly the walkable tiles lie: the map cut into 4 x 4 equal parts,
/// the walkable share of the emptiest part over the whole map's share (0
/// with an empty corner, 1 when every part is as full as the map).
fn evenness(level: &Level) -> f64 {
    const PARTS: usize = 4;
    let (w, h) = (level.width() as usize, level.height() as usize);
    let mut walk = [0usize; PARTS * PARTS];
    let mut tiles = [0usize; PARTS * PARTS];
    for (p, t) in level.tiles().iter() {
        let part = (p.y as usize * PARTS / h) * PARTS + p.x as usize * PARTS / w;
        tiles[part] += 1;
        walk[part] += usize::from(t.is_walkable());
    }
    let whole = walk.iter().sum::<usize>() as f64 / (w * h) as f64;
    let emptiest = (0..PARTS * PARTS)
        .map(|i| walk[i] as f64 / tiles[i] as f64)
        .fold(f64::INFINITY, f64::min);
    emptiest / whole
}

/// The same level with `loops = 0`, for room generators.
fn without_loops(kind: LevelKind, width: u32, height: u32, seed: u64) -> Option<Level> {
    let level = match kind {
        LevelKind::Bsp => bsp(
            &{
                let mut c = BspConfig::new(width, height);
                c.loops = 0.0;
                c
            },
            seed,
        ),
        LevelKind::Scatter => scatter(
            &{
                let mut c = ScatterConfig::new(width, height);
                c.loops = 0.0;
                c
            },
            seed,
        ),
        LevelKind::Passages => passages(
            &{
                let mut c = PassagesConfig::new(width, height);
                c.loops = 0.0;
                c
            },
            seed,
        ),
        _ => return None,
    };
    Some(level.unwrap())
}

/// The rules at one size over `seeds`: every level checked, the room
/// density, bounding box, evenness and cave floor share within their bounds, and
/// `loops` changing every level. Returns the mean rooms per 1000 tiles.
fn rules_at(kind: LevelKind, width: u32, height: u32, seeds: std::ops::RangeInclusive<u64>) -> f64 {
    let (mut rooms, mut n) = (0.0, 0.0);
    for seed in seeds {
        let level = generate(kind, width, height, seed).unwrap();
        let checked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            check(&level, kind, width, height)
        }));
        assert!(
            checked.is_ok(),
            "{kind:?} {width}x{height} seed {seed} broke a rule"
        );
        let (per_k, bbox, floor) = scale_figures(&level);
        rooms += per_k;
        n += 1.0;
        if has_rooms(kind) {
            assert!(
                bbox >= 0.8,
                "{kind:?} {width}x{height} seed {seed}: bbox {bbox}"
            );
            let plain = without_loops(kind, width, height, seed).unwrap();
            assert_ne!(
                plain.tiles(),
                level.tiles(),
                "{kind:?} seed {seed}: loops changed nothing"
            );
        }
        // Walkable tiles over the whole map, corners too (the 20 x 12
        // parts of an 80x50 map are too small to ask it of them).
        if width >= 200 && height >= 120 {
            let even = evenness(&level);
            assert!(
                even >= 0.3,
                "{kind:?} {width}x{height} seed {seed}: evenness {even}"
            );
        }
        if kind == LevelKind::Cave {
            assert!(
                (0.4..=0.55).contains(&floor),
                "cave {width}x{height} seed {seed}: floor {floor}"
            );
        }
    }
    rooms / n
}

/// Every style of the drunkard's walk keeps the level's rules and the
/// cave's look rules (the proptest below draws the default style only),
/// with and without the example vaults, at a thin, a small and a middle
/// size, on pinned seeds.
#[test]
fn every_drunkard_style_keeps_the_rules() {
    use mcrdun_dungeon::DrunkardStyle;
    let vaults = library();
    for style in DrunkardStyle::ALL {
        for (w, h, seeds) in [(24, 90, 6u64), (80, 50, 8), (200, 120, 2)] {
            let mut c = LevelConfig::new(LevelKind::Drunkard, w, h);
            c.set("drunkard_style", style as u32 as f64).unwrap();
            for seed in 1..=seeds {
                let level = mcrdun_dungeon::generate(&c, seed).unwrap();
                check(&level, LevelKind::Drunkard, w, h);
                let with = mcrdun_dungeon::generate_with_vaults(&c, &vaults, seed).unwrap();
                check_with(&with, LevelKind::Drunkard, w, h, &vaults);
            }
        }
    }
}

proptest! {
    #![proptest_config(mcrdun_test_util::proptest_config(40))]

    #[test]
    fn every_level_keeps_its_promises(
        k in 0usize..LevelKind::ALL.len(),
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
            Err(e) => prop_assert!(false, "{:?} {}x{} seed {}: {}", kind, width, height, seed, e),
        }
    }
}

/// The maze that the old rule "no two neighbouring columns alike" refused
/// (issue 33): a column of cells that all open west draws the same as the
/// wall column beside it, which is a legitimate maze; the parity rule of
/// [`check`] accepts it and still refuses a doubled line.
#[test]
fn a_column_of_cells_opening_west_is_a_maze() {
    let seed = 4_420_263_873_103_271_236;
    let level = generate(LevelKind::Maze, 45, 20, seed).unwrap();
    let level = &level;
    let column = |x: i32| (0..20).map(move |y| walkable(level, Point::new(x, y)));
    assert!(
        column(36).eq(column(37)),
        "the look-alike columns of the report"
    );
    check(level, LevelKind::Maze, 45, 20);
}

/// Every seed makes a cave from the smallest size up (5x5; before the
/// clean-up, 5x5 made no level and 6x6 failed for a third of the seeds).
#[test]
fn every_seed_makes_a_small_cave() {
    for w in 5..=12 {
        for h in 5..=12 {
            for seed in 1..=60 {
                let level = generate(LevelKind::Cave, w, h, seed)
                    .unwrap_or_else(|e| panic!("cave {w}x{h} seed {seed}: {e}"));
                check(&level, LevelKind::Cave, w, h);
            }
        }
    }
}

#[test]
fn many_seeds_at_the_default_size() {
    for kind in LevelKind::ALL {
        rules_at(kind, 80, 50, 0..=11);
    }
}

/// The three sizes of the issue, few seeds at the large ones: the rules,
/// and the room density within 30% of the smallest map's.
#[test]
fn sizes_scale() {
    for kind in LevelKind::ALL {
        let small = rules_at(kind, 80, 50, 1..=6);
        let middle = rules_at(kind, 200, 120, 1..=2);
        let large = rules_at(kind, 400, 250, 1..=1);
        if has_rooms(kind) {
            for other in [middle, large] {
                let ratio = other / small;
                assert!((0.7..=1.3).contains(&ratio), "{kind:?}: {small} vs {other}");
            }
        }
    }
}

/// Seeds 1-1000 at 80x50, 200x120 and 1000x1000 (release: `cargo test
/// --release -p mcrdun-dungeon --test levels -- --ignored --nocapture`;
/// `LEVELS_KINDS=bsp,cave` and `LEVELS_SIZES=1000x1000` narrow it).
#[test]
#[ignore]
fn seeds_1_to_1000() {
    let kinds = std::env::var("LEVELS_KINDS").unwrap_or_default();
    let sizes = std::env::var("LEVELS_SIZES").unwrap_or_default();
    for (w, h) in [(80, 50), (200, 120), (1000, 1000)] {
        if !sizes.is_empty() && !sizes.split(',').any(|s| s == format!("{w}x{h}")) {
            continue;
        }
        for kind in LevelKind::ALL {
            if !kinds.is_empty() && !kinds.split(',').any(|k| k == kind.name()) {
                continue;
            }
            let t = std::time::Instant::now();
            let mut rooms = 0.0;
            for hundred in 0..10u64 {
                rooms += rules_at(kind, w, h, hundred * 100 + 1..=hundred * 100 + 100) / 10.0;
                if w >= 1000 {
                    eprintln!(
                        "  {} {w}x{h}: seeds 1-{} pass, {:.1} s",
                        kind.name(),
                        hundred * 100 + 100,
                        t.elapsed().as_secs_f64()
                    );
                }
            }
            eprintln!(
                "{} {w}x{h}: 1000 seeds, {rooms:.2} rooms/1k, {:.1} s",
                kind.name(),
                t.elapsed().as_secs_f64()
            );
        }
    }
}

/// `n` levels of every kind at random sizes from 24x20 to `largest` on a
/// side, drawn on a log scale so that small, thin and long maps come up as
/// often as large ones, from xorshift `state`: every level keeps the rules
/// of [`check`] (room generators join their rooms without the fallback
/// digging).
fn levels_at_random_sizes(n: u64, mut state: u64, largest: f64) {
    let mut next = |below: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % below
    };
    let side = |r: u64| (24.0 * (largest / 24.0).powf(r as f64 / 1000.0)) as u32;
    for kind in LevelKind::ALL {
        for _ in 0..n {
            let (w, h) = (side(next(1001)), side(next(1001)).max(20));
            let seed = next(1 << 32);
            match generate(kind, w, h, seed) {
                Ok(level) => {
                    let checked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        check(&level, kind, w, h)
                    }));
                    assert!(checked.is_ok(), "{kind:?} {w}x{h} seed {seed} broke a rule");
                }
                Err(e) => panic!("{kind:?} {w}x{h} seed {seed}: {e}"),
            }
        }
        eprintln!("{}: {n} levels at random sizes pass", kind.name());
    }
}

/// A few thin, long and small maps on every run, up to 400 tiles a side.
#[test]
fn thin_and_long_maps() {
    levels_at_random_sizes(12, 0x9E37_79B9_7F4A_7C15, 400.0);
}

/// Many seeds at random sizes from 24x20 to 1200x1200 (release: `cargo
/// test --release -p mcrdun-dungeon --test levels random_sizes --
/// --ignored`; `LEVELS_RANDOM=N` levels of each kind, 300 by default;
/// `LEVELS_RANDOM_SEED` draws other sizes and seeds).
#[test]
#[ignore]
fn random_sizes() {
    let n: u64 = std::env::var("LEVELS_RANDOM")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300);
    let state = std::env::var("LEVELS_RANDOM_SEED")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
        .map_or(0x2545_F491_4F6C_DD1D, |s| s | 1);
    levels_at_random_sizes(n, state, 1200.0);
}

/// Found by `random_sizes`: on a map 24 tiles high, two Voronoi cells too
/// small for a room lay side by side from edge to edge, and the room graph
/// fell in two; the fallback digging joined the level.
#[test]
fn a_thin_passages_level_joins_its_rooms_itself() {
    let level = generate(LevelKind::Passages, 412, 24, 1431675397).unwrap();
    check(&level, LevelKind::Passages, 412, 24);
    assert_eq!(level.summary().dug, 0);
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
        let c = {
            let mut c = MazeConfig::new(41, 25);
            c.algorithm = algorithm;
            c
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
        &{
            let mut c = MazeConfig::new(31, 21);
            c.braid = 0.5;
            c
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
    assert_eq!(m.level.summary().loops, m.maze.loop_count().unwrap());
}

#[test]
fn golden_hashes() {
    let mut got = Vec::new();
    for kind in LevelKind::ALL {
        for (w, h, seed) in [(80, 50, 7), (64, 40, 12345), (81, 51, 3)] {
            let level = generate(kind, w, h, seed).unwrap();
            got.push(format!(
                "{} {w}x{h} {seed} {:016x}",
                kind.name(),
                fnv1a(level.tile_bytes())
            ));
        }
    }
    // A scatter level with a room count takes another path (its gaps are
    // filled only up to the count).
    let counted = scatter(
        &{
            let mut c = ScatterConfig::new(300, 250);
            c.rooms = 400;
            c
        },
        7,
    )
    .unwrap();
    got.push(format!(
        "scatter 300x250 rooms=400 7 {:016x}",
        fnv1a(counted.tile_bytes())
    ));
    let expected = [
        "bsp 80x50 7 1d999d0ea08edcf2",
        "bsp 64x40 12345 953f02640045c5c0",
        "bsp 81x51 3 05b2af17de2bdd7e",
        "scatter 80x50 7 afdbe6674b6ccf18",
        "scatter 64x40 12345 bf423f8ef1e3c1cb",
        "scatter 81x51 3 1e6e621bf14f8f8b",
        "maze 80x50 7 4a216129df460cab",
        "maze 64x40 12345 961d56442aecc82d",
        "maze 81x51 3 0d41863be2f5cb59",
        "cave 80x50 7 236a2e9b5231b310",
        "cave 64x40 12345 321b5ca550c698ac",
        "cave 81x51 3 d988e625a78867fa",
        "passages 80x50 7 92d6792aa5ead03e",
        "passages 64x40 12345 21e372d9e3ff1033",
        "passages 81x51 3 6c092a194e54f950",
        "drunkard 80x50 7 b9bc045a66b62aa2",
        "drunkard 64x40 12345 114aa1d8aee8e82b",
        "drunkard 81x51 3 7d06a535fa6724bc",
        "scatter 300x250 rooms=400 7 7129cc9bbc122eac",
    ];
    assert_eq!(got, expected, "\n{}", got.join("\n"));
}

/// The example vaults of `examples/vaults/`.
fn library() -> Vec<Vault> {
    mcrdun_test_util::example_vault_files()
        .iter()
        .flat_map(|(_, text)| mcrdun_vaults::parse(text, "v").unwrap())
        .collect()
}

/// The generators that place vaults so far.
fn places_vaults(kind: LevelKind) -> bool {
    matches!(
        kind,
        LevelKind::Bsp
            | LevelKind::Scatter
            | LevelKind::Passages
            | LevelKind::Cave
            | LevelKind::Maze
            | LevelKind::Drunkard
    )
}

fn generate_with(
    kind: LevelKind,
    width: u32,
    height: u32,
    seed: u64,
    vaults: &[Vault],
) -> Result<Level, LevelError> {
    mcrdun_dungeon::generate_with_vaults(&LevelConfig::new(kind, width, height), vaults, seed)
}

/// The vault rules: every tile of a placed vault as its turned map says
/// (optional entrances wall or door), every required entrance a door
/// reached from the up stairs, the markers where the maps put them and
/// walkable, the counts within each vault's minimum and maximum.
fn check_vaults(level: &Level, vaults: &[Vault]) {
    let dist = flood(level, level.stairs_up());
    let w = level.width() as i32;
    let mut markers = Vec::new();
    let mut count = vec![0u32; vaults.len()];
    for (k, v) in level.vaults().iter().enumerate() {
        let shape = placed_shape(vaults, v);
        count[v.index as usize] += 1;
        assert_eq!(
            (v.bounds.w() as u32, v.bounds.h() as u32),
            (shape.width(), shape.height())
        );
        for (p, g) in shape.tiles() {
            let at = Point::new(v.bounds.x() + p.x, v.bounds.y() + p.y);
            let t = level.tile(at).unwrap();
            let ok = match g {
                Glyph::Outside => true,
                Glyph::Wall => t == Tile::Wall,
                Glyph::Floor | Glyph::Marker(_) => t == Tile::Floor,
                Glyph::Door | Glyph::Required => t == Tile::Door,
                Glyph::Optional => matches!(t, Tile::Wall | Tile::Door),
                Glyph::StairsUp => t == Tile::StairsUp,
                Glyph::StairsDown => t == Tile::StairsDown,
            };
            assert!(ok, "vault {} at {at:?}: {g:?} is {t:?}", v.name);
            if g == Glyph::Required {
                assert_ne!(
                    dist[(at.y * w + at.x) as usize],
                    u32::MAX,
                    "{at:?} unreached"
                );
            }
            if let Glyph::Marker(c) = g {
                markers.push((c as char, at, k as u32));
            }
        }
    }
    let got: Vec<(char, Point, u32)> = level
        .markers()
        .iter()
        .map(|m| (m.label, m.at, m.vault))
        .collect();
    assert_eq!(got, markers);
    for m in level.markers() {
        assert!(walkable(level, m.at));
    }
    for (v, n) in vaults.iter().zip(&count) {
        assert!(
            (v.min()..=v.max()).contains(n) || *n == 0 && v.min() == 0,
            "{}: {n}",
            v.name()
        );
    }
    // Vaults do not overlap.
    for (i, a) in level.vaults().iter().enumerate() {
        for b in &level.vaults()[i + 1..] {
            assert!(
                a.bounds.intersection(&b.bounds).is_none(),
                "{} and {} overlap",
                a.name,
                b.name
            );
        }
    }
}

/// The level rules and the vault rules with the example vaults at one
/// size; returns the mean vaults placed a level.
fn vault_rules_at(
    kind: LevelKind,
    width: u32,
    height: u32,
    seeds: std::ops::RangeInclusive<u64>,
) -> f64 {
    let vaults = library();
    let (mut placed, mut n) = (0.0, 0.0);
    for seed in seeds {
        let level = generate_with(kind, width, height, seed, &vaults).unwrap();
        let checked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            check_with(&level, kind, width, height, &vaults);
            check_vaults(&level, &vaults);
            if has_rooms(kind) {
                let (_, bbox, _) = scale_figures(&level);
                assert!(bbox >= 0.8, "bbox {bbox}");
            }
            if width >= 200 && height >= 120 {
                assert!(evenness(&level) >= 0.3, "evenness {}", evenness(&level));
            }
        }));
        assert!(
            checked.is_ok(),
            "{kind:?} {width}x{height} seed {seed} with vaults broke a rule"
        );
        placed += level.vaults().len() as f64;
        n += 1.0;
    }
    placed / n
}

#[test]
fn vaults_keep_every_rule() {
    for kind in LevelKind::ALL.into_iter().filter(|k| places_vaults(*k)) {
        let small = vault_rules_at(kind, 80, 50, 1..=12);
        let middle = vault_rules_at(kind, 200, 120, 1..=2);
        // (A cave or a drunkard's walk holds a vault only where rock is
        // wide enough.)
        let (least_small, least_middle) = if matches!(kind, LevelKind::Cave | LevelKind::Drunkard) {
            (1.0, 2.0)
        } else {
            (2.0, 8.0)
        };
        assert!(
            small >= least_small && middle >= least_middle,
            "{kind:?}: {small} and {middle} vaults a level"
        );
    }
}

#[test]
fn vault_levels_repeat_and_differ() {
    let vaults = library();
    for kind in LevelKind::ALL.into_iter().filter(|k| places_vaults(*k)) {
        let a = generate_with(kind, 80, 50, 5, &vaults).unwrap();
        assert_eq!(a, generate_with(kind, 80, 50, 5, &vaults).unwrap());
        assert!(!a.vaults().is_empty());
        let plain = generate(kind, 80, 50, 5).unwrap();
        assert!(plain.vaults().is_empty() && plain.markers().is_empty());
        assert_ne!(a.tiles(), plain.tiles());
    }
}

/// Seeds 1-1000 at 80x50, 200x120 and 1000x1000 with the example vaults,
/// for every generator that places them (release: `cargo test --release
/// -p mcrdun-dungeon --test levels vault_seeds -- --ignored --nocapture`;
/// `LEVELS_KINDS` and `LEVELS_SIZES` narrow it, `LEVELS_HUNDREDS=N` runs
/// seeds 1 to 100 N only).
#[test]
#[ignore]
fn vault_seeds_1_to_1000() {
    let hundreds: u64 = std::env::var("LEVELS_HUNDREDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .map_or(10, |n: u64| n.clamp(1, 10));
    let kinds = std::env::var("LEVELS_KINDS").unwrap_or_default();
    let sizes = std::env::var("LEVELS_SIZES").unwrap_or_default();
    for (w, h) in [(80, 50), (200, 120), (1000, 1000)] {
        if !sizes.is_empty() && !sizes.split(',').any(|s| s == format!("{w}x{h}")) {
            continue;
        }
        for kind in LevelKind::ALL.into_iter().filter(|k| places_vaults(*k)) {
            if !kinds.is_empty() && !kinds.split(',').any(|k| k == kind.name()) {
                continue;
            }
            let t = std::time::Instant::now();
            let mut placed = 0.0;
            for hundred in 0..hundreds {
                let seeds = hundred * 100 + 1..=hundred * 100 + 100;
                placed += vault_rules_at(kind, w, h, seeds) / hundreds as f64;
            }
            eprintln!(
                "{} {w}x{h} with vaults: seeds 1-{}, {placed:.2} vaults a level, {:.1} s",
                kind.name(),
                hundreds * 100,
                t.elapsed().as_secs_f64()
            );
        }
    }
}

/// Each example vault as written (optional) and made required
/// (`count 1`), by file name.
fn example_vaults_required() -> Vec<(String, Vault, Vault)> {
    mcrdun_test_util::example_vault_files()
        .iter()
        .map(|(path, text)| {
            let required: String = text
                .lines()
                .map(|l| {
                    if l.starts_with("count ") {
                        "count 1"
                    } else {
                        l
                    }
                })
                .collect::<Vec<_>>()
                .join("\n");
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            let one = |t: &str| {
                let mut v = mcrdun_vaults::parse(t, &name).unwrap();
                assert_eq!(v.len(), 1, "{name}: one vault a file");
                v.remove(0)
            };
            let (optional, required) = (one(text), one(&required));
            assert!(required.is_required() && !optional.is_required());
            (name, optional, required)
        })
        .collect()
}

/// A cave at `w` x `h` with `vaults`: `Some(vaults placed)` for a level,
/// which keeps every level and vault rule; `None` when a required vault
/// found no place.
fn cave_vaults_at(w: u32, h: u32, seed: u64, vaults: &[Vault]) -> Option<usize> {
    cave_vaults_kept(w, h, seed, vaults, false).map(|(n, _)| n)
}

/// As [`cave_vaults_at`]; with `lenient`, a level whose only slip is a
/// straight corridor run past `tunnels::MAX_STRAIGHT` (an entrance
/// corridor no search could bend) is returned unchecked, flagged `true`.
fn cave_vaults_kept(
    w: u32,
    h: u32,
    seed: u64,
    vaults: &[Vault],
    lenient: bool,
) -> Option<(usize, bool)> {
    match cave_with_vaults(&CaveConfig::new(w, h), vaults, seed) {
        Ok(level) => {
            let long = level.metrics().longest_dug_run > mcrdun_dungeon::tunnels::MAX_STRAIGHT;
            if !(lenient && long) {
                check_with(&level, LevelKind::Cave, w, h, vaults);
                check_vaults(&level, vaults);
            }
            Some((level.vaults().len(), long))
        }
        Err(LevelError::Vault { .. }) => None,
        Err(e) => panic!("cave {w}x{h} seed {seed}: {e}"),
    }
}

/// Caves make room for a required vault (issue 33): the reproducer,
/// `mcrdun cave --seed 1 --width 200 --height 120` with pillars required
/// (refused before: "no place on this cave level holds its 9x7 map"), and
/// every example vault made required on pinned seeds, every rule kept.
#[test]
fn caves_place_every_example_vault_made_required() {
    let examples = example_vaults_required();
    let pillars = &examples.iter().find(|e| e.0 == "pillars").unwrap().2;
    assert_eq!(
        cave_vaults_at(200, 120, 1, std::slice::from_ref(pillars)),
        Some(1)
    );
    for (name, _, required) in &examples {
        for (w, h) in [(120, 80), (200, 120)] {
            for seed in 1..=3 {
                assert_eq!(
                    cave_vaults_at(w, h, seed, std::slice::from_ref(required)),
                    Some(1),
                    "{name} required, cave {w}x{h} seed {seed}"
                );
            }
        }
    }
    // All of them required at once, at 200x120.
    let all: Vec<Vault> = examples.iter().map(|e| e.2.clone()).collect();
    for seed in 1..=3 {
        let placed = cave_vaults_at(200, 120, seed, &all);
        assert!(
            placed.is_some_and(|n| n >= all.len() - 1),
            "seed {seed}: {placed:?}"
        );
    }
}

/// Seeds 1-1000 at 120x80 and 200x120: every example vault made required
/// is placed in at least 99% of the seeds, every rule kept; prints the
/// table, with the times a level each is placed as written (optional).
/// `cargo test --release -p mcrdun-dungeon --test levels made_required --
/// --ignored --nocapture`.
#[test]
#[ignore = "deeper run: seeds 1-1000"]
fn caves_place_every_example_vault_made_required_over_a_thousand_seeds() {
    let mut short = Vec::new();
    let mut slips = 0;
    for (w, h) in [(120, 80), (200, 120)] {
        println!(
            "| size | vault | required: seeds placed, every rule kept | optional: times a level |"
        );
        for (name, optional, required) in example_vaults_required() {
            let (mut placed, mut times) = (0usize, 0usize);
            for seed in 1..=1000 {
                let one = std::slice::from_ref(&required);
                match cave_vaults_kept(w, h, seed, one, true) {
                    Some((_, false)) => placed += 1,
                    Some((_, true)) => slips += 1,
                    None => {}
                }
                let one = std::slice::from_ref(&optional);
                let (n, long) = cave_vaults_kept(w, h, seed, one, true).unwrap();
                times += n;
                slips += usize::from(long);
            }
            let rate = placed as f64 / 1000.0;
            println!(
                "| {w}x{h} | {name} | {:.1}% | {:.2} |",
                100.0 * rate,
                times as f64 / 1000.0
            );
            if rate < 0.99 {
                short.push(format!("{w}x{h} {name}: {:.1}%", 100.0 * rate));
            }
        }
    }
    println!("levels with a straight corridor run past 6 beside a vault: {slips}");
    assert!(short.is_empty(), "{short:?}");
}

/// Levels with the example vaults, pinned: the same seed and vault list
/// give the same level on every platform.
#[test]
fn vault_golden_hashes() {
    let vaults = library();
    let mut got = Vec::new();
    for kind in LevelKind::ALL.into_iter().filter(|k| places_vaults(*k)) {
        for (w, h, seed) in [(80, 50, 7), (200, 120, 3)] {
            let level = generate_with(kind, w, h, seed, &vaults).unwrap();
            got.push(format!(
                "{} {w}x{h} {seed} {:016x}",
                kind.name(),
                fnv1a(level.tile_bytes())
            ));
        }
    }
    let expected = [
        "bsp 80x50 7 d8cd1b35f5cd1d3f",
        "bsp 200x120 3 914428c44f007e5c",
        "scatter 80x50 7 fabb96a93300e7e6",
        "scatter 200x120 3 e19c7ab99f360fb0",
        "maze 80x50 7 a1f3d14c479c1dbc",
        "maze 200x120 3 ac27bb2e4e1514b2",
        "cave 80x50 7 81c0a9b0f24ebdb5",
        "cave 200x120 3 e09deb8be7174200",
        "passages 80x50 7 7eda9026c69347ab",
        "passages 200x120 3 4d18575640025161",
        "drunkard 80x50 7 107dcc4ed5a0bdd4",
        "drunkard 200x120 3 25780da2e100ecd3",
    ];
    assert_eq!(got, expected, "\n{}", got.join("\n"));
}

/// One budget: a level admitted by its up-front check finishes under that
/// very ceiling (every stage's need is counted in it), and one byte less
/// is refused before any work. Sizes at random, thin maps included.
#[test]
fn a_level_admitted_finishes_within_its_ceiling() {
    use mcrdun_dungeon::schema::level_bytes;
    use mcrdun_geom::memory::Budget;
    let mut state = 0x5eed_u64;
    let mut next = |n: u64| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) % n
    };
    for kind in LevelKind::ALL {
        for i in 0..8 {
            let (w, h) = match i {
                0 => (24 + next(8) as u32, 400 + next(400) as u32),
                1 => (400 + next(400) as u32, 24 + next(8) as u32),
                _ => (24 + next(200) as u32, 24 + next(200) as u32),
            };
            let need = level_bytes(kind, w, h);
            {
                let _b = Budget::start_with(need);
                if let Err(e) = generate(kind, w, h, i) {
                    assert!(
                        !matches!(e, LevelError::OverBudget { .. } | LevelError::Geom(_)),
                        "{kind:?} {w}x{h}: {e}"
                    );
                    assert!(!e.to_string().contains("memory"), "{kind:?} {w}x{h}: {e}");
                }
            }
            let _b = Budget::start_with(need - 1);
            let e = generate(kind, w, h, i).unwrap_err();
            assert!(
                matches!(e, LevelError::OverBudget { .. }),
                "{kind:?} {w}x{h}: {e}"
            );
        }
    }
}
