//! Every maze carver at 1000 x 1000 (one million cells), plus braiding and
//! solving on the backtracker's maze.

mod common;

use criterion::{Criterion, criterion_group, criterion_main};
use mcrdun_carve::{Algorithm, Maze};
use mcrdun_geom::Point;
use mcrdun_geom::random::seeded_rng;
use std::hint::black_box;

const SIDE: u32 = 1000;

fn carvers(c: &mut Criterion) {
    let mut group = c.benchmark_group("carve_1000x1000");
    group.sample_size(common::samples(10));
    let mut maze = Maze::new(SIDE, SIDE).unwrap();
    for algorithm in Algorithm::ALL {
        let mut rng = seeded_rng(1);
        group.bench_function(algorithm.name(), |b| {
            // Each carve closes every wall first, so the maze is reused.
            b.iter(|| {
                algorithm
                    .carve(&mut maze, black_box(Point::new(0, 0)), &mut rng)
                    .unwrap()
            })
        });
    }
    group.finish();
}

fn after_carving(c: &mut Criterion) {
    let mut group = c.benchmark_group("maze_1000x1000");
    group.sample_size(common::samples(10));
    let mut maze = Maze::new(SIDE, SIDE).unwrap();
    Algorithm::Backtracker
        .carve(&mut maze, Point::new(0, 0), &mut seeded_rng(1))
        .unwrap();
    let far = Point::new(SIDE as i32 - 1, SIDE as i32 - 1);
    group.bench_function("solve_corner_to_corner", |b| {
        b.iter(|| maze.solve(black_box(Point::new(0, 0)), far).unwrap())
    });
    group.bench_function("loop_count", |b| b.iter(|| maze.loop_count().unwrap()));
    group.bench_function("braid_half", |b| {
        b.iter_batched_ref(
            || maze.clone(),
            |m| m.braid(0.5, &mut seeded_rng(2)).unwrap(),
            criterion::BatchSize::LargeInput,
        )
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = common::criterion();
    targets = carvers, after_carving
}
criterion_main!(benches);
