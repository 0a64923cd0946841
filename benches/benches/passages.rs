//! Benchmarks of mcrdun-passages: one large border, and passages for a
//! large Voronoi layout.
//!
//! - `passages/border_2x1e5`: the border between two rooms of 10^5 cells
//!   each (a 500 x 400 block cut in two by a jagged line; each room's
//!   boundary is about 3,000 cells); `border_into_2x1e5` reuses one
//!   `Border`, so it shows the cost without allocation.
//! - `passages/adjacent_rooms_2048`, `passages/all_pairs_2048`,
//!   `passages/tree_10pct_2048`: 10^4 rooms, the cells of a Manhattan
//!   Voronoi partition of a 2048 x 2048 grid (a breadth-first flood from
//!   10^4 seeded sites), with the room graph alone, a passage for every
//!   adjacent pair, and a spanning tree plus 10% loops.

mod common;

use criterion::{Criterion, criterion_group, criterion_main};
use mcrdun_geom::Point;
use mcrdun_geom::random::{index, seeded_rng};
use mcrdun_passages::{Border, Layout, Policy, RoomId, Weights, choose_passage, passages};
use std::collections::VecDeque;
use std::hint::black_box;

/// Two rooms of exactly 10^5 cells: the 2 x 10^5 cells of a 500 x 400
/// block in a 520 x 420 grid, in raster order of a jagged key, split in half.
fn two_big_rooms() -> (Layout, RoomId, RoomId) {
    let mut cells: Vec<Point> = (10..410)
        .flat_map(|y| (10..510).map(move |x| Point::new(x, y)))
        .collect();
    // Rank by height above a jagged line, so the cut between the halves
    // zigzags across the block.
    cells.sort_by_key(|p| (p.y - (p.x * 7) % 13, p.x));
    let (top, bottom) = cells.split_at(100_000);
    let mut layout = Layout::new(520, 420).unwrap();
    let a = layout.add_room(top).unwrap();
    let b = layout.add_room(bottom).unwrap();
    (layout, a, b)
}

/// `sites` Manhattan Voronoi cells of a `side` x `side` grid.
fn voronoi(side: u32, sites: u32, seed: u64) -> Layout {
    let n = side as usize;
    let mut rng = seeded_rng(seed);
    let mut label = vec![u32::MAX; n * n];
    let mut queue = VecDeque::new();
    let mut next = 0u32;
    while next < sites {
        let i = index(&mut rng, n * n).unwrap();
        if label[i] == u32::MAX {
            label[i] = next;
            queue.push_back(i);
            next += 1;
        }
    }
    while let Some(i) = queue.pop_front() {
        let (x, y) = (i % n, i / n);
        let l = label[i];
        let mut visit = |j: usize| {
            if label[j] == u32::MAX {
                label[j] = l;
                queue.push_back(j);
            }
        };
        if x > 0 {
            visit(i - 1);
        }
        if x + 1 < n {
            visit(i + 1);
        }
        if y > 0 {
            visit(i - n);
        }
        if y + 1 < n {
            visit(i + n);
        }
    }
    let mut rooms = vec![Vec::new(); sites as usize];
    for (i, &l) in label.iter().enumerate() {
        rooms[l as usize].push(Point::new((i % n) as i32, (i / n) as i32));
    }
    let mut layout = Layout::new(side, side).unwrap();
    for room in &rooms {
        layout.add_room(room).unwrap();
    }
    layout
}

fn border(c: &mut Criterion) {
    let (layout, a, b) = two_big_rooms();
    let border = layout.border(a, b).unwrap();
    eprintln!(
        "border_2x1e5: boundaries {} and {} cells, border {} cells, {} pairs",
        layout.boundary(a).unwrap().len(),
        layout.boundary(b).unwrap().len(),
        border.len(),
        border.pairs().len()
    );
    c.bench_function("passages/border_2x1e5", |bench| {
        bench.iter(|| layout.border(black_box(a), black_box(b)).unwrap())
    });
    let mut reused = Border::new();
    c.bench_function("passages/border_into_2x1e5", |bench| {
        bench.iter(|| {
            layout
                .border_into(black_box(a), black_box(b), &mut reused)
                .unwrap()
        })
    });
    let mut rng = seeded_rng(1);
    c.bench_function("passages/choose_on_border_2x1e5", |bench| {
        bench.iter(|| choose_passage(black_box(&border), &mut rng, &Weights::Count).unwrap())
    });
}

fn whole_layout(c: &mut Criterion) {
    let layout = voronoi(2048, 10_000, 2048);
    let plan = passages(&layout, &mut seeded_rng(1), &Policy::all_pairs()).unwrap();
    eprintln!(
        "voronoi 2048: {} rooms, {} adjacent pairs, {} isolated, {} component(s)",
        layout.room_count(),
        plan.adjacent_pairs,
        plan.isolated.len(),
        plan.components
    );
    let mut group = c.benchmark_group("passages");
    group.sample_size(common::samples(10));
    group.bench_function("adjacent_rooms_2048", |bench| {
        bench.iter(|| black_box(&layout).adjacent_rooms().unwrap())
    });
    group.bench_function("all_pairs_2048", |bench| {
        let mut rng = seeded_rng(2);
        bench.iter(|| passages(black_box(&layout), &mut rng, &Policy::all_pairs()).unwrap())
    });
    group.bench_function("tree_10pct_2048", |bench| {
        let mut rng = seeded_rng(3);
        bench.iter(|| passages(black_box(&layout), &mut rng, &Policy::spanning_tree(100)).unwrap())
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = common::criterion();
    targets = border, whole_layout
}
criterion_main!(benches);
