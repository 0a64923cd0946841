//! Whole levels: each pipeline at 80x50 (a screen) and 1024x1024, with
//! room counts scaled to the area at the large size.

mod common;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use mcrdun_dungeon::{LevelConfig, LevelKind, generate};
use std::hint::black_box;

/// The options of `kind` at `w` x `h`: the defaults, with the room counts
/// of scatter and passages scaled from 80x50 to the area.
fn config(kind: LevelKind, w: u32, h: u32) -> LevelConfig {
    let scale = |n: u32| (u64::from(n) * u64::from(w) * u64::from(h) / (80 * 50)).max(1) as u32;
    match LevelConfig::new(kind, w, h) {
        LevelConfig::Scatter(mut c) => {
            c.rooms = scale(c.rooms);
            LevelConfig::Scatter(c)
        }
        LevelConfig::Passages(mut c) => {
            c.rooms = scale(c.rooms);
            LevelConfig::Passages(c)
        }
        other => other,
    }
}

fn levels(c: &mut Criterion) {
    for (w, h, samples) in [(80u32, 50u32, 50usize), (1024, 1024, 10)] {
        let mut group = c.benchmark_group(format!("dungeon/{w}x{h}"));
        group.sample_size(common::samples(samples));
        for kind in LevelKind::ALL {
            let cfg = config(kind, w, h);
            group.bench_with_input(BenchmarkId::from_parameter(kind.name()), &cfg, |b, cfg| {
                let mut seed = 0u64;
                b.iter(|| {
                    seed += 1;
                    generate(black_box(cfg), seed).expect("level")
                })
            });
        }
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = common::criterion();
    targets = levels
}
criterion_main!(benches);
