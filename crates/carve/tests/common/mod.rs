//! Independent checks shared by the integration tests: they use only the
//! public API and simple code, not the crate's internals.

#![allow(dead_code)]

use mcrdun_carve::Maze;
use mcrdun_geom::{Point, Side};
use std::collections::VecDeque;

/// The open cells reachable from `start` through open cells (walls
/// ignored): the piece a carver must span.
pub fn piece(maze: &Maze, start: Point) -> Vec<Point> {
    let (w, h) = (maze.width() as i32, maze.height() as i32);
    let mut seen = vec![false; maze.len()];
    let idx = |p: Point| (p.y * w + p.x) as usize;
    let mut out = vec![start];
    seen[idx(start)] = true;
    let mut k = 0;
    while k < out.len() {
        let p = out[k];
        k += 1;
        for s in Side::ALL {
            let q = p + s.delta();
            if q.x < 0 || q.y < 0 || q.x >= w || q.y >= h {
                continue;
            }
            if !seen[idx(q)] && maze.is_blocked(q) == Some(false) {
                seen[idx(q)] = true;
                out.push(q);
            }
        }
    }
    out
}

/// Breadth-first distances over open walls from `start` (None = unreached).
pub fn distances(maze: &Maze, start: Point) -> Vec<Option<u32>> {
    let w = maze.width() as i32;
    let idx = |p: Point| (p.y * w + p.x) as usize;
    let mut dist = vec![None; maze.len()];
    dist[idx(start)] = Some(0);
    let mut q = VecDeque::from([start]);
    while let Some(p) = q.pop_front() {
        let d = dist[idx(p)].unwrap();
        for s in maze.passages(p) {
            let n = p + s.delta();
            if dist[idx(n)].is_none() {
                dist[idx(n)] = Some(d + 1);
                q.push_back(n);
            }
        }
    }
    dist
}

/// Checks the wall invariants cell by cell: neighbours agree, the border
/// and blocked cells are closed. Panics with the first violation.
pub fn check_walls(maze: &Maze) {
    let (w, h) = (maze.width() as i32, maze.height() as i32);
    for y in 0..h {
        for x in 0..w {
            let p = Point::new(x, y);
            let v = maze.walls(p).unwrap();
            assert!(v <= 0xF, "{p}: {v}");
            if maze.is_blocked(p) == Some(true) {
                assert_eq!(v, 0xF, "blocked {p} open");
            }
            for s in Side::ALL {
                let q = p + s.delta();
                let closed = v & s.bit() != 0;
                match maze.walls(q) {
                    None => assert!(closed, "border of {p} open on {s:?}"),
                    Some(u) => {
                        assert_eq!(closed, u & s.opposite().bit() != 0, "{p} and {q} disagree")
                    }
                }
            }
        }
    }
}

/// Whether some 3 x 3 block has all 12 inner walls open, checked the slow
/// way.
pub fn open_3x3(maze: &Maze) -> bool {
    let (w, h) = (maze.width() as i32, maze.height() as i32);
    for y in 0..h - 2 {
        for x in 0..w - 2 {
            let mut all = true;
            for dy in 0..3 {
                for dx in 0..3 {
                    let p = Point::new(x + dx, y + dy);
                    if dx < 2 && maze.has_wall(p, Side::East) != Some(false) {
                        all = false;
                    }
                    if dy < 2 && maze.has_wall(p, Side::South) != Some(false) {
                        all = false;
                    }
                }
            }
            if all {
                return true;
            }
        }
    }
    false
}
