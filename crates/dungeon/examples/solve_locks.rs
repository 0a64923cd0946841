//! Times `Level::solve` (the locks solver, `mcrdun-locks`) on levels with
//! locks: `KIND WxH LOCKS SEEDS` (the most that fit where fewer fit);
//! prints the median of five solves per level (this thread's CPU time,
//! see `shared::timed`), and the worst level's.
//!
//! `cargo run --release -p mcrdun-dungeon --example solve_locks -- bsp 1000x1000 8 3`
use mcrdun_dungeon::{LevelConfig, generate};

mod shared;
use shared::{kind_and_size, median, timed, with_locks};

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let (kind, w, h) = kind_and_size(&a);
    let k: u32 = a[2].parse().unwrap();
    let seeds: u64 = a[3].parse().unwrap();
    let mut medians = Vec::new();
    for seed in 1..=seeds {
        let c = with_locks(&LevelConfig::new(kind, w, h), k, seed);
        let level = generate(&c, seed).unwrap();
        let mut times: Vec<f64> = (0..5)
            .map(|_| {
                let (walk, ms) = timed(|| level.solve().unwrap());
                assert!(walk.steps > 0);
                ms
            })
            .collect();
        medians.push((median(&mut times), level.locks().len()));
    }
    medians.sort_by(|a, b| a.0.total_cmp(&b.0));
    let (med, worst) = (medians[medians.len() / 2], medians[medians.len() - 1]);
    println!(
        "{} {w}x{h}: solve median {:.2} ms ({} locks), worst {:.2} ms ({} locks), {seeds} seeds",
        kind.name(),
        med.0,
        med.1,
        worst.0,
        worst.1
    );
}
