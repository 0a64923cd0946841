//! Distance maps on the maps of issue 16 at 1024^2: random floor (70%
//! open) and a cave (cellular automaton); steps 1,0 / 1,1 / 2,3; unit costs
//! and costs 1-9; with a reused scratch. The side-by-side comparison with
//! python-tcod is `benches/peers/distance_tcod.py`. Kept short (10 samples,
//! about 1 s a case) so that the whole file runs in under 30 s.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use mcrdun_distance::{DistanceScratch, Steps, UNREACHED, descent, farthest};
use mcrdun_geom::random::{SeededRng, below, seeded_rng};
use std::hint::black_box;
use std::time::Duration;

const N: usize = 1024;

fn random_map(n: usize, per_mille: u64, rng: &mut SeededRng) -> Vec<u8> {
    (0..n * n)
        .map(|_| u8::from(below(rng, 1000).unwrap() < per_mille))
        .collect()
}

/// 4 rounds of the 4-5 rule from 55% random floor.
fn cave_map(n: usize, rng: &mut SeededRng) -> Vec<u8> {
    let mut m = random_map(n, 550, rng);
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

fn sources(floor: &[u8], rng: &mut SeededRng) -> Vec<i32> {
    let mut d = vec![UNREACHED; floor.len()];
    let mut placed = 0;
    while placed < 4 {
        let i = below(rng, floor.len() as u64).unwrap() as usize;
        if floor[i] != 0 && d[i] != 0 {
            d[i] = 0;
            placed += 1;
        }
    }
    d
}

fn bench(c: &mut Criterion) {
    let mut rng = seeded_rng(16);
    let maps = [
        ("random70", random_map(N, 700, &mut rng)),
        ("cave", cave_map(N, &mut rng)),
    ];
    let mut group = c.benchmark_group("distance");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_millis(800))
        .throughput(Throughput::Elements((N * N) as u64));
    let mut scratch = DistanceScratch::new();
    for (name, floor) in &maps {
        let init = sources(floor, &mut rng);
        let varied: Vec<u8> = floor
            .iter()
            .map(|&f| f * (1 + below(&mut rng, 9).unwrap() as u8))
            .collect();
        for (costs_name, costs) in [("unit", floor), ("1-9", &varied)] {
            for (sname, steps) in [
                ("1,0", Steps::FOUR),
                ("1,1", Steps::EIGHT),
                ("2,3", Steps::OCTILE),
            ] {
                let mut dist = init.clone();
                let id = BenchmarkId::new(format!("{name}/{costs_name}"), sname);
                group.bench_function(id, |b| {
                    b.iter(|| {
                        dist.copy_from_slice(&init);
                        scratch
                            .compute(black_box(costs), &mut dist, N as u32, N as u32, steps)
                            .unwrap()
                    })
                });
            }
        }
        let mut dist = init.clone();
        scratch
            .compute(floor, &mut dist, N as u32, N as u32, Steps::EIGHT)
            .unwrap();
        group.bench_function(
            BenchmarkId::new(format!("{name}/farthest+descent"), "1,1"),
            |b| {
                b.iter(|| {
                    let (far, _) = farthest(&dist, N as u32, N as u32).unwrap().unwrap();
                    descent(&dist, N as u32, N as u32, far, Steps::EIGHT)
                        .unwrap()
                        .count()
                })
            },
        );
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
