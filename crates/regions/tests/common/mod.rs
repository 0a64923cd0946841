//! Shared helpers for the integration tests: grid shapes and a plain
//! breadth-first flood fill to compare against.
#![allow(dead_code)]

use mcrdun_regions::{Connectivity, LabelOptions, NO_REGION, RegionStats};
use std::collections::VecDeque;

/// The shapes the property tests draw from.
#[derive(Clone, Copy, Debug)]
pub enum Shape {
    /// Each cell floor with probability `per_mille / 1000`.
    Random(u32),
    /// Floor where `x + y` is even.
    Checker,
    /// One floor path winding inwards.
    Spiral,
    /// Every cell floor.
    AllFloor,
    /// Every cell wall.
    AllWall,
    /// Random vertical and horizontal bars (long runs).
    Bars(u32),
}

fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// A `w` x `h` map of the given shape, row-major, nonzero = floor (floor
/// cells use assorted nonzero bytes so that "nonzero" is what is tested).
pub fn make(shape: Shape, w: usize, h: usize, seed: u64) -> Vec<u8> {
    let mut s = seed | 1;
    let floor = |s: &mut u64| 1 + (xorshift(s) % 255) as u8;
    let mut cells = vec![0u8; w * h];
    match shape {
        Shape::Random(p) => {
            for c in &mut cells {
                if xorshift(&mut s) % 1000 < u64::from(p) {
                    *c = floor(&mut s);
                }
            }
        }
        Shape::Checker => {
            for (i, c) in cells.iter_mut().enumerate() {
                if (i % w.max(1) + i / w.max(1)).is_multiple_of(2) {
                    *c = 1;
                }
            }
        }
        Shape::Spiral => spiral(&mut cells, w, h),
        Shape::AllFloor => cells.fill(7),
        Shape::AllWall => {}
        Shape::Bars(k) => {
            cells.fill(1);
            for _ in 0..k {
                let vertical = xorshift(&mut s).is_multiple_of(2);
                if vertical && w > 0 {
                    let x = (xorshift(&mut s) % w as u64) as usize;
                    for y in 0..h {
                        cells[y * w + x] = 0;
                    }
                } else if h > 0 {
                    let y = (xorshift(&mut s) % h as u64) as usize;
                    cells[y * w..(y + 1) * w].fill(0);
                }
            }
        }
    }
    cells
}

/// A floor path winding inwards: east along the top, south, west, north,
/// each lap two cells inside the last, so walls separate the laps.
fn spiral(cells: &mut [u8], w: usize, h: usize) {
    if w == 0 || h == 0 {
        return;
    }
    let (mut left, mut top, mut right, mut bottom) = (0i64, 0i64, w as i64 - 1, h as i64 - 1);
    let mut set = |x: i64, y: i64| cells[y as usize * w + x as usize] = 1;
    loop {
        if left > right || top > bottom {
            break;
        }
        for x in left..=right {
            set(x, top);
        }
        for y in top..=bottom {
            set(right, y);
        }
        if top == bottom || left == right {
            break;
        }
        for x in left..=right {
            set(x, bottom);
        }
        // Up the left side, stopping two short of the top so laps stay apart.
        for y in (top + 2).min(bottom)..=bottom {
            set(left, y);
        }
        left += 2;
        top += 2;
        right -= 2;
        bottom -= 2;
        // Join this lap to the next one.
        if left <= right && top <= bottom {
            set(left - 1, top);
        }
    }
}

/// Labels by breadth-first flood fill from each unlabelled floor cell in
/// raster order: the reference partition, numbered in raster order.
pub fn flood(cells: &[u8], w: usize, h: usize, options: LabelOptions) -> (Vec<u32>, u32) {
    let mut labels = vec![NO_REGION; w * h];
    let mut n = 0;
    let mut queue = VecDeque::new();
    let steps: &[(i64, i64)] = match options.connectivity {
        Connectivity::Four => &[(0, -1), (1, 0), (0, 1), (-1, 0)],
        Connectivity::Eight => &[
            (-1, -1),
            (0, -1),
            (1, -1),
            (-1, 0),
            (1, 0),
            (-1, 1),
            (0, 1),
            (1, 1),
        ],
    };
    for start in 0..w * h {
        if cells[start] == 0 || labels[start] != NO_REGION {
            continue;
        }
        labels[start] = n;
        queue.push_back(start);
        while let Some(i) = queue.pop_front() {
            let (x, y) = ((i % w) as i64, (i / w) as i64);
            for &(dx, dy) in steps {
                let (mut nx, mut ny) = (x + dx, y + dy);
                if options.wrap_x {
                    nx = nx.rem_euclid(w as i64);
                }
                if options.wrap_y {
                    ny = ny.rem_euclid(h as i64);
                }
                if nx < 0 || ny < 0 || nx >= w as i64 || ny >= h as i64 {
                    continue;
                }
                let j = ny as usize * w + nx as usize;
                if cells[j] != 0 && labels[j] == NO_REGION {
                    labels[j] = n;
                    queue.push_back(j);
                }
            }
        }
        n += 1;
    }
    (labels, n)
}

/// Statistics counted cell by cell from a labelling.
pub fn direct_stats(labels: &[u32], w: usize, n: u32) -> Vec<RegionStats> {
    let mut stats = vec![RegionStats::EMPTY; n as usize];
    for (i, &l) in labels.iter().enumerate() {
        if l != NO_REGION {
            let (x, y) = ((i % w) as u32, (i / w) as u32);
            let s = &mut stats[l as usize];
            s.area += 1;
            s.min_x = s.min_x.min(x);
            s.max_x = s.max_x.max(x);
            s.min_y = s.min_y.min(y);
            s.max_y = s.max_y.max(y);
            s.sum_x += u64::from(x);
            s.sum_y += u64::from(y);
        }
    }
    stats
}
