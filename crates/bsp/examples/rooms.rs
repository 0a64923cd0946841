//! Rooms in the leaves of a BSP, joined along the leaf adjacency: the
//! entrance and exit are the leaves nearest opposite corners, a breadth-first search over the adjacency finds a path
//! of leaves between them, and each wall on the path gets a door in its
//! middle (the tile on each side of the wall).
//!
//! ```sh
//! cargo run -p mcrdun-bsp --example rooms -- [seed] [width] [height] [depth]
//! ```

//!
//! `cargo test -p mcrdun-bsp --example rooms` runs it with the defaults.

use mcrdun_bsp::Bsp;
use mcrdun_geom::{Rect, random::seeded_rng};
use std::collections::VecDeque;
use std::fmt::Write as _;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let seed: u64 = args.next().map_or(Ok(42), |a| a.parse())?;
    let width: i32 = args.next().map_or(Ok(80), |a| a.parse())?;
    let height: i32 = args.next().map_or(Ok(50), |a| a.parse())?;
    let depth: u32 = args.next().map_or(Ok(4), |a| a.parse())?;
    print!("{}", rooms(seed, width, height, depth)?);
    Ok(())
}

/// The rooms, the path's doors and the map, as text.
fn rooms(
    seed: u64,
    width: i32,
    height: i32,
    depth: u32,
) -> Result<String, Box<dyn std::error::Error>> {
    let mut text = String::new();
    let mut bsp = Bsp::new(Rect::new(0, 0, width, height)?);
    bsp.split_recursive(bsp.root(), &mut seeded_rng(seed), depth, 8, 8, 1.5, 1.5)?;
    let leaves = bsp.leaf_count();

    // A room fills each leaf but its outer ring of tiles.
    let (w, h) = (width as usize, height as usize);
    let mut map = vec![b'#'; w * h];
    for leaf in 0..leaves {
        let r = bsp.leaf_rect(leaf)?;
        for y in r.y() + 1..r.y() + r.h() - 1 {
            for x in r.x() + 1..r.x() + r.w() - 1 {
                map[y as usize * w + x as usize] = b'.';
            }
        }
    }

    // Entrance and exit: the leaves whose centres are nearest opposite corners.
    let key = |i: &usize| {
        bsp.leaf_rect(*i)
            .map(|r| r.center().x + r.center().y)
            .unwrap_or(0)
    };
    let start = (0..leaves).min_by_key(key).ok_or("no leaves")?;
    let end = (0..leaves).max_by_key(key).ok_or("no leaves")?;

    // Breadth-first search over the adjacency graph (adjacency[i] lists the
    // leaves sharing a wall segment with leaf i, ascending).
    let adjacency = bsp.adjacency()?;
    let mut came_from = vec![usize::MAX; leaves];
    came_from[start] = start;
    let mut queue = VecDeque::from([start]);
    while let Some(i) = queue.pop_front() {
        for &n in &adjacency[i] {
            if came_from[n as usize] == usize::MAX {
                came_from[n as usize] = i;
                queue.push_back(n as usize);
            }
        }
    }
    let mut path = vec![end];
    while let Some(&last) = path.last().filter(|&&l| l != start) {
        path.push(came_from[last]);
    }
    path.reverse();

    writeln!(text, "{leaves} leaves; path {path:?}")?;
    for pair in path.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        // The tiles on a's side of the shared wall, and on b's: they face each other.
        let mine: Vec<_> = bsp.adjacent_tiles(a, b)?.collect();
        let theirs: Vec<_> = bsp.adjacent_tiles(b, a)?.collect();
        let (door, other) = (mine[mine.len() / 2], theirs[theirs.len() / 2]);
        map[door.y as usize * w + door.x as usize] = b'+';
        map[other.y as usize * w + other.x as usize] = b'+';
        writeln!(
            text,
            "door between rooms {a} and {b} at ({}, {})",
            door.x, door.y
        )?;
    }
    for row in map.chunks(w) {
        writeln!(text, "{}", String::from_utf8_lossy(row))?;
    }
    Ok(text)
}

#[test]
fn the_path_has_a_door_pair_in_each_wall_it_crosses() {
    let text = rooms(42, 80, 50, 4).unwrap();
    let doors = text
        .lines()
        .filter(|l| l.starts_with("door between"))
        .count();
    assert!(doors >= 1, "{text}");
    assert_eq!(text.matches('+').count(), 2 * doors, "{text}");
    assert_eq!(text.lines().filter(|l| l.len() == 80).count(), 50);
}
