//! Scatter + separate 100, 1000 and 10000 rooms; neighbours and the flood
//! of 10000 separated rooms.
//!
//! Rooms are 4..=12 by 3..=9 cells, centred in a disc of radius 3 sqrt(n):
//! a heap about 1.5 times denser than the rooms' total area, the usual
//! "throw them in a pile" start.

mod common;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use mcrdun_geom::Point;
use mcrdun_geom::random::seeded_rng;
use mcrdun_scatter::{
    SeparateOptions, Separation, SizeRange, SpawnArea, neighbours, scatter, separate, spanning_tree,
};
use std::hint::black_box;

fn heap(n: usize, seed: u64, options: SeparateOptions) -> (Vec<mcrdun_geom::Rect>, Separation) {
    let mut rng = seeded_rng(seed);
    let radius = (3.0 * (n as f64).sqrt()) as u32;
    let area = SpawnArea::Disc {
        center: Point::new(0, 0),
        radius,
    };
    let ws = SizeRange::new(4, 12).unwrap();
    let hs = SizeRange::new(3, 9).unwrap();
    let mut rooms = scatter(&mut rng, n, area, ws, hs).unwrap();
    let report = separate(&mut rooms, options).unwrap();
    (rooms, report)
}

fn scatter_separate(c: &mut Criterion) {
    let mut g = c.benchmark_group("scatter/scatter_separate");
    g.sample_size(common::samples(10));
    for n in [100usize, 1000, 10000] {
        for (name, options) in [
            ("default", SeparateOptions::default()),
            (
                "spread",
                SeparateOptions {
                    spread: true,
                    ..Default::default()
                },
            ),
        ] {
            // The step counts behind the times, printed once.
            eprintln!("scatter/{name}/{n}: {:?}", heap(n, 1, options).1);
            g.bench_with_input(BenchmarkId::new(name, n), &n, |b, &n| {
                b.iter(|| heap(n, 1, options))
            });
        }
    }
    g.finish();
}

fn graph(c: &mut Criterion) {
    let (rooms, _) = heap(10000, 2, SeparateOptions::default());
    let links = neighbours(&rooms, 2, 1).unwrap();
    eprintln!("scatter/neighbours_10000: {} pairs", links.len());
    let mut g = c.benchmark_group("scatter");
    g.bench_function("neighbours_10000", |b| {
        b.iter(|| neighbours(black_box(&rooms), 2, 1).unwrap())
    });
    g.bench_function("connect_10000", |b| {
        b.iter(|| spanning_tree(rooms.len(), black_box(&links), 0).unwrap())
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = common::criterion();
    targets = scatter_separate, graph
}
criterion_main!(benches);
