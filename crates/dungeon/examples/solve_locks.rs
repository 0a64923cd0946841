//! Times `Level::solve` (the locks solver, `mcrdun-locks`) on levels with
//! locks: `KIND WxH LOCKS SEEDS` (the most that fit where fewer fit);
//! prints the median of five solves per level, and the worst level's.
//!
//! `cargo run --release -p mcrdun-dungeon --example solve_locks -- bsp 1000x1000 8 3`
use mcrdun_dungeon::{LevelConfig, LevelError, LevelKind, generate};
use std::time::Instant;

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let kind = LevelKind::ALL
        .into_iter()
        .find(|k| k.name() == a[0])
        .unwrap();
    let (w, h) = a[1]
        .split_once('x')
        .map(|(w, h)| (w.parse().unwrap(), h.parse().unwrap()))
        .unwrap();
    let k: f64 = a[2].parse().unwrap();
    let seeds: u64 = a[3].parse().unwrap();
    let mut medians = Vec::new();
    for seed in 1..=seeds {
        let mut c = LevelConfig::new(kind, w, h);
        c.set("locks", k).unwrap();
        if let Err(LevelError::Locks { fit, .. }) = generate(&c, seed) {
            c.set("locks", f64::from(fit)).unwrap();
        }
        let level = generate(&c, seed).unwrap();
        let mut times: Vec<f64> = (0..5)
            .map(|_| {
                let t = Instant::now();
                let walk = level.solve().unwrap();
                assert!(walk.steps > 0);
                t.elapsed().as_secs_f64() * 1000.0
            })
            .collect();
        times.sort_by(f64::total_cmp);
        medians.push((times[2], level.locks().len()));
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
