//! Region labelling on the maps of issue 3: random floor (densities 0.45 and
//! 0.60), a dungeon (rooms and corridors, ~20% floor) and a cave (cellular
//! automaton, ~70% floor); plain labels, labels with statistics, a reused
//! `Labeller`, and `connect`. The side-by-side comparison with OpenCV and
//! scipy is `benches/peers/regions_opencv.py`.

mod common;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use mcrdun_geom::random::{SeededRng, below, seeded_rng};
use mcrdun_regions::{Cells, ConnectOptions, Connectivity, Labeller, RegionStats, connect_slice};
use std::hint::black_box;

fn random_map(n: usize, per_mille: u64, rng: &mut SeededRng) -> Vec<u8> {
    (0..n * n)
        .map(|_| u8::from(below(rng, 1000).unwrap() < per_mille))
        .collect()
}

/// Rectangular rooms joined in sequence by L-shaped one-cell corridors.
fn dungeon_map(n: usize, rng: &mut SeededRng) -> Vec<u8> {
    let mut m = vec![0u8; n * n];
    let rooms = n * n / 1000;
    let mut prev: Option<(usize, usize)> = None;
    for _ in 0..rooms {
        let w = 4 + below(rng, 10).unwrap() as usize;
        let h = 4 + below(rng, 8).unwrap() as usize;
        let x = 1 + below(rng, (n - w - 2) as u64).unwrap() as usize;
        let y = 1 + below(rng, (n - h - 2) as u64).unwrap() as usize;
        for row in m[y * n..(y + h) * n].chunks_exact_mut(n) {
            row[x..x + w].fill(1);
        }
        let c = (x + w / 2, y + h / 2);
        if let Some(p) = prev
            && below(rng, 4).unwrap() > 0
        {
            let (x0, x1) = (p.0.min(c.0), p.0.max(c.0));
            if x1 - x0 < n / 8 {
                m[p.1 * n + x0..=p.1 * n + x1].fill(1);
                let (y0, y1) = (p.1.min(c.1), p.1.max(c.1));
                if y1 - y0 < n / 8 {
                    for y in y0..=y1 {
                        m[y * n + c.0] = 1;
                    }
                }
            }
        }
        prev = Some(c);
    }
    m
}

/// 4 rounds of the 4-5 rule from 62% random floor.
fn cave_map(n: usize, rng: &mut SeededRng) -> Vec<u8> {
    let mut m = random_map(n, 620, rng);
    let mut next = m.clone();
    for _ in 0..4 {
        for y in 0..n {
            for x in 0..n {
                let mut walls = 0;
                for dy in -1i64..=1 {
                    for dx in -1i64..=1 {
                        let (xx, yy) = (x as i64 + dx, y as i64 + dy);
                        let inside = xx >= 0 && yy >= 0 && xx < n as i64 && yy < n as i64;
                        if !inside || m[yy as usize * n + xx as usize] == 0 {
                            walls += 1;
                        }
                    }
                }
                next[y * n + x] = u8::from(walls < 5);
            }
        }
        std::mem::swap(&mut m, &mut next);
    }
    m
}

fn maps(n: usize) -> Vec<(&'static str, Vec<u8>)> {
    let mut rng = seeded_rng(3);
    vec![
        ("random45", random_map(n, 450, &mut rng)),
        ("random60", random_map(n, 600, &mut rng)),
        ("dungeon", dungeon_map(n, &mut rng)),
        ("cave", cave_map(n, &mut rng)),
    ]
}

fn labelling(c: &mut Criterion) {
    for n in [512usize, 2048] {
        let mut group = c.benchmark_group(format!("regions/label/{n}"));
        group.throughput(Throughput::Elements((n * n) as u64));
        if n > 512 {
            group.sample_size(common::samples(20));
        }
        let mut out = vec![0u32; n * n];
        let mut labeller = Labeller::new();
        let mut stats = Vec::new();
        for (name, map) in maps(n) {
            let cells = Cells::from_slice(&map, n as u32, n as u32).unwrap();
            for conn in [Connectivity::Four, Connectivity::Eight] {
                let id = format!("{name}/{}", conn.as_u32());
                group.bench_function(BenchmarkId::new("fresh", &id), |b| {
                    b.iter(|| mcrdun_regions::label(black_box(cells), conn, &mut out).unwrap())
                });
                group.bench_function(BenchmarkId::new("reused", &id), |b| {
                    b.iter(|| labeller.label(black_box(cells), conn, &mut out).unwrap())
                });
                group.bench_function(BenchmarkId::new("with_stats", &id), |b| {
                    b.iter(|| {
                        labeller
                            .label_with_stats(black_box(cells), conn, &mut out, &mut stats)
                            .unwrap()
                    })
                });
            }
            group.bench_function(BenchmarkId::new("stats_only", name), |b| {
                b.iter(|| {
                    let p = labeller
                        .prepare(black_box(cells), Connectivity::Four)
                        .unwrap();
                    stats.clear();
                    stats.resize(p.count() as usize, RegionStats::EMPTY);
                    p.stats(&mut stats).unwrap();
                })
            });
        }
        group.finish();
    }
}

fn connecting(c: &mut Criterion) {
    let n = 256usize;
    let mut group = c.benchmark_group(format!("regions/connect/{n}"));
    group.sample_size(common::samples(20));
    for (name, map) in maps(n) {
        // Random floor reaches the border, where a kept border can leave a
        // corner cell with no way out; dig freely here.
        let options = ConnectOptions {
            connectivity: Connectivity::Four,
            keep_border: false,
        };
        group.bench_function(name, |b| {
            b.iter_batched_ref(
                || map.clone(),
                |m| connect_slice(m, n as u32, n as u32, options).unwrap().len(),
                criterion::BatchSize::LargeInput,
            )
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = common::criterion();
    targets = labelling, connecting
}
criterion_main!(benches);
