//! Benchmarks of the geom helpers that sit on hot paths.

mod common;

use criterion::{Criterion, criterion_group, criterion_main};
use mcrdun_geom::random::{below, seeded_rng, weighted_index};
use mcrdun_geom::{Rect, are_neighbours, wall_tiles};
use std::hint::black_box;

fn random_helpers(c: &mut Criterion) {
    let mut rng = seeded_rng(1);
    c.bench_function("geom/below_1000", |b| {
        b.iter(|| below(&mut rng, black_box(1000)))
    });
    let weights: Vec<u32> = (0..64).map(|i| i % 7).collect();
    c.bench_function("geom/weighted_index_64", |b| {
        b.iter(|| weighted_index(&mut rng, black_box(&weights)))
    });
}

fn walls(c: &mut Criterion) {
    let a = Rect::new(0, 0, 50, 40).unwrap();
    let n = Rect::new(50, 10, 30, 20).unwrap();
    c.bench_function("geom/wall_tiles_20", |b| {
        b.iter(|| wall_tiles(black_box(&a), black_box(&n)).map(|t| t.count()))
    });
    c.bench_function("geom/are_neighbours", |b| {
        b.iter(|| are_neighbours(black_box(&a), black_box(&n), 3, 2))
    });
}

criterion_group! {
    name = benches;
    config = common::criterion();
    targets = random_helpers, walls
}
criterion_main!(benches);
