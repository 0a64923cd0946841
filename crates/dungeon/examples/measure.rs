//! Measures what a designer looks at first, for every generator with its
//! default options, over a range of seeds and sizes, and prints a table.
//!
//! ```text
//! cargo run --release -p mcrdun-dungeon --example measure -- [SEEDS] [WxH ...]
//! ```
//!
//! `MEASURE_KINDS=bsp,cave` measures only those generators.
//!
//! Default: 20 seeds (1..=20) at 80x50, 200x120 and 400x250. The figures
//! read only the public tiles, rooms, doors and summary of each level (the
//! same reading the property tests do), so the tool measured the levels
//! before the pipeline was rebuilt and measures them after.
//!
//! Columns:
//! - `doors in walls`: doors walkable on one axis with a room floor tile on
//!   one side of it, and wall on both flanks of the other axis;
//! - `2x2 out`: 2x2 squares of walkable tiles with a corridor or door
//!   among them (corridors side by side, or a corridor along a room), mean
//!   per level;
//! - `dug`: share of levels where the fallback digging of `Level::finish`
//!   was needed;
//! - `rooms/1k`: rooms per 1000 tiles (mean);
//! - `bbox`: the walkable tiles' bounding box as a share of the map (mean);
//! - `floor`: walkable tiles as a share of the map (mean);
//! - `even`: the map cut into 4 x 4 equal parts, the walkable share of the
//!   emptiest part over that of the whole map (mean): 0% when a corner is
//!   empty, 100% when walkable tiles lie evenly;
//! - `corner stairs`: stairs with a wall on one side of each axis;
//! - `loops same`: share of seeds where `loops = 0` gives the same tiles as
//!   the default `loops` (room generators only);
//! - `ms`: mean time per level.

use mcrdun_dungeon::{Level, LevelConfig, LevelKind, Tile, generate};
use mcrdun_geom::Point;
use std::time::Instant;

fn is_floor(t: Option<Tile>) -> bool {
    matches!(t, Some(Tile::Floor | Tile::StairsUp | Tile::StairsDown))
}

fn walk(t: Option<Tile>) -> bool {
    t.is_some_and(Tile::is_walkable)
}

fn at(level: &Level, x: i32, y: i32) -> Option<Tile> {
    level.tile(Point::new(x, y))
}

/// A door in a room's wall: one axis walkable on both sides with floor on
/// one of them, the other axis wall on both sides.
fn door_in_wall(level: &Level, p: Point) -> bool {
    let (n, s, e, w) = (
        at(level, p.x, p.y - 1),
        at(level, p.x, p.y + 1),
        at(level, p.x + 1, p.y),
        at(level, p.x - 1, p.y),
    );
    let wall = |t: Option<Tile>| t == Some(Tile::Wall);
    let vertical = walk(n) && walk(s) && (is_floor(n) || is_floor(s)) && wall(e) && wall(w);
    let horizontal = walk(e) && walk(w) && (is_floor(e) || is_floor(w)) && wall(n) && wall(s);
    vertical || horizontal
}

fn with_loops(config: LevelConfig, loops: f64) -> Option<LevelConfig> {
    Some(match config {
        LevelConfig::Bsp(mut c) => {
            c.loops = loops;
            LevelConfig::Bsp(c)
        }
        LevelConfig::Scatter(mut c) => {
            c.loops = loops;
            LevelConfig::Scatter(c)
        }
        LevelConfig::Passages(mut c) => {
            c.loops = loops;
            LevelConfig::Passages(c)
        }
        _ => return None,
    })
}

#[derive(Default)]
struct Row {
    levels: usize,
    failed: usize,
    doors: usize,
    doors_in_walls: usize,
    squares: usize,
    dug_levels: usize,
    rooms_per_k: f64,
    bbox: f64,
    floor: f64,
    even: f64,
    stairs: usize,
    corner_stairs: usize,
    loops_tried: usize,
    loops_same: usize,
    secs: f64,
}

/// Parts along each axis for the `even` column.
const PARTS: usize = 4;

fn measure(level: &Level, row: &mut Row) {
    let (w, h) = (level.width() as i32, level.height() as i32);
    let area = f64::from(w) * f64::from(h);
    row.levels += 1;
    for d in level.doors() {
        row.doors += 1;
        row.doors_in_walls += usize::from(door_in_wall(level, d.at));
    }
    let (mut x0, mut y0, mut x1, mut y1) = (i32::MAX, i32::MAX, -1, -1);
    let mut walkable = 0usize;
    let mut parts = [0usize; PARTS * PARTS];
    let part = |v: i32, n: i32| (v as usize * PARTS) / n as usize;
    for y in 0..h {
        for x in 0..w {
            let t = at(level, x, y);
            if walk(t) {
                walkable += 1;
                parts[part(y, h) * PARTS + part(x, w)] += 1;
                x0 = x0.min(x);
                y0 = y0.min(y);
                x1 = x1.max(x);
                y1 = y1.max(y);
            }
            if x + 1 < w && y + 1 < h {
                let four = [
                    t,
                    at(level, x + 1, y),
                    at(level, x, y + 1),
                    at(level, x + 1, y + 1),
                ];
                if four.iter().all(|t| walk(*t))
                    && four
                        .iter()
                        .any(|t| matches!(t, Some(Tile::Corridor | Tile::Door)))
                {
                    row.squares += 1;
                }
            }
        }
    }
    if x1 >= 0 {
        row.bbox += f64::from(x1 - x0 + 1) * f64::from(y1 - y0 + 1) / area;
    }
    row.floor += walkable as f64 / area;
    // Each part's share of its own tiles, over the whole map's share.
    let bounds = |i: usize, n: i32| (i * n as usize).div_ceil(PARTS);
    let emptiest = (0..PARTS * PARTS)
        .map(|i| {
            let (px, py) = (i % PARTS, i / PARTS);
            let tiles = (bounds(px + 1, w) - bounds(px, w)) * (bounds(py + 1, h) - bounds(py, h));
            parts[i] as f64 / tiles.max(1) as f64
        })
        .fold(f64::INFINITY, f64::min);
    if walkable > 0 {
        row.even += emptiest / (walkable as f64 / area);
    }
    row.rooms_per_k += level.rooms().len() as f64 * 1000.0 / area;
    row.dug_levels += usize::from(level.summary().dug > 0);
    for s in [level.stairs_up(), level.stairs_down()] {
        let wall = |dx: i32, dy: i32| at(level, s.x + dx, s.y + dy) == Some(Tile::Wall);
        row.stairs += 1;
        row.corner_stairs +=
            usize::from((wall(0, -1) || wall(0, 1)) && (wall(1, 0) || wall(-1, 0)));
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let seeds: u64 = args.first().and_then(|s| s.parse().ok()).unwrap_or(20);
    let mut sizes: Vec<(u32, u32)> = args
        .iter()
        .skip(1)
        .filter_map(|s| {
            let (a, b) = s.split_once('x')?;
            Some((a.parse().ok()?, b.parse().ok()?))
        })
        .collect();
    if sizes.is_empty() {
        sizes = vec![(80, 50), (200, 120), (400, 250)];
    }
    println!(
        "| generator | size | levels | doors in walls | 2x2 out | dug | rooms/1k | bbox | floor | even | corner stairs | loops same | ms |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    let only = std::env::var("MEASURE_KINDS").unwrap_or_default();
    for kind in LevelKind::ALL {
        if !only.is_empty() && !only.split(',').any(|k| k == kind.name()) {
            continue;
        }
        for &(w, h) in &sizes {
            let mut row = Row::default();
            for seed in 1..=seeds {
                let config = LevelConfig::new(kind, w, h);
                let t = Instant::now();
                let made = generate(&config, seed);
                row.secs += t.elapsed().as_secs_f64();
                match made {
                    Ok(level) => {
                        measure(&level, &mut row);
                        if let Some(none) = with_loops(config, 0.0)
                            && let Ok(other) = generate(&none, seed)
                        {
                            row.loops_tried += 1;
                            row.loops_same += usize::from(other.tiles() == level.tiles());
                        }
                    }
                    Err(_) => row.failed += 1,
                }
            }
            let n = row.levels.max(1) as f64;
            let pct = |a: usize, b: usize| {
                if b == 0 {
                    "-".to_string()
                } else {
                    format!("{:.0}%", 100.0 * a as f64 / b as f64)
                }
            };
            println!(
                "| {} | {w}x{h} | {}{} | {} ({}/{}) | {:.1} | {} | {:.2} | {:.0}% | {:.0}% | {:.0}% | {} | {} | {:.1} |",
                kind.name(),
                row.levels,
                if row.failed > 0 {
                    format!(" ({} failed)", row.failed)
                } else {
                    String::new()
                },
                pct(row.doors_in_walls, row.doors),
                row.doors_in_walls,
                row.doors,
                row.squares as f64 / n,
                pct(row.dug_levels, row.levels),
                row.rooms_per_k / n,
                100.0 * row.bbox / n,
                100.0 * row.floor / n,
                100.0 * row.even / n,
                pct(row.corner_stairs, row.stairs),
                pct(row.loops_same, row.loops_tried),
                1000.0 * row.secs / (row.levels + row.failed).max(1) as f64,
            );
        }
    }
}
