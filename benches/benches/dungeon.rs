//! Whole levels: each pipeline at 80x50 (a screen) and 1024x1024 with its
//! default options (room counts derive from the map's size).

mod common;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use mcrdun_dungeon::{LevelConfig, LevelKind, generate};
use std::hint::black_box;

fn levels(c: &mut Criterion) {
    for (w, h, samples) in [(80u32, 50u32, 50usize), (1024, 1024, 10)] {
        let mut group = c.benchmark_group(format!("dungeon/{w}x{h}"));
        group.sample_size(common::samples(samples));
        for kind in LevelKind::ALL {
            let cfg = LevelConfig::new(kind, w, h);
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
