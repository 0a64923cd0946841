//! Vaults: a 200x120 BSP level with 10 of the example vaults against the
//! same level without them (the goal: at most 1.3 times the time).

mod common;

use criterion::{Criterion, criterion_group, criterion_main};
use mcrdun_dungeon::{BspConfig, Vault, bsp_with_vaults};
use std::hint::black_box;

/// Ten of the example vaults, each at most once a level.
fn ten_vaults() -> Vec<Vault> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/vaults");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("examples/vaults")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "vault"))
        .collect();
    files.sort();
    let mut text = String::new();
    for f in files.iter().take(10) {
        text += &std::fs::read_to_string(f).expect("a vault file");
        text.push('\n');
    }
    let text = text
        .lines()
        .map(|l| {
            if l.starts_with("count") {
                "count 0..1"
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    mcrdun_vaults::parse(&text, "examples").expect("the examples parse")
}

fn vaults(c: &mut Criterion) {
    let config = BspConfig::new(200, 120);
    let ten = ten_vaults();
    let placed = bsp_with_vaults(&config, &ten, 1)
        .expect("level")
        .vaults()
        .len();
    assert_eq!(placed, 10, "every vault placed");
    let mut group = c.benchmark_group("vaults/bsp/200x120");
    group.sample_size(common::samples(50));
    for (name, list) in [("none", &[][..]), ("10 vaults", &ten[..])] {
        group.bench_function(name, |b| {
            let mut seed = 0u64;
            b.iter(|| {
                seed += 1;
                bsp_with_vaults(black_box(&config), list, seed).expect("level")
            })
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = common::criterion();
    targets = vaults
}
criterion_main!(benches);
