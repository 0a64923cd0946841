//! Generates `COUNT` levels of `KIND` at `WxH` (seeds 1..=COUNT) and prints
//! the time per level; `ROOMS` sets the room count of scatter and
//! passages (the bench's scaling, 0 for the default). With `LOCKS`, every
//! seed is generated twice in one run, without locks and with `LOCKS`
//! locks (asking the most that fit where fewer fit), and the medians of
//! both and their ratio are printed: what the locks stage adds. With
//! `LOCKS`, each time is this thread's CPU time (Linux; the wall clock
//! elsewhere), so that a loaded machine's waits do not count.
//!
//! A sixth argument, `plain` or `locked`, makes only that variant, untimed,
//! for a counter (`perf stat -e instructions`, steady on a loaded machine).
//!
//! `KIND` may set options of the schema too: `drunkard,drunkard_style=fat`.
//!
//! `cargo run --release -p mcrdun-dungeon --example time_levels -- bsp 1000x1000 10 0 8`
use mcrdun_dungeon::{LevelConfig, generate};
use std::time::Instant;

mod shared;
use shared::{kind_and_size, median, most_locks, options_of, timed, with_locks};

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let (kind, w, h) = kind_and_size(&a);
    let count: u64 = a[2].parse().unwrap();
    let rooms: Option<u32> = a.get(3).map(|r| r.parse().unwrap()).filter(|r| *r > 0);
    let locks: Option<u32> = a.get(4).map(|r| r.parse().unwrap());
    let mut c = LevelConfig::new(kind, w, h);
    options_of(&a, &mut c);
    if let Some(r) = rooms {
        match &mut c {
            LevelConfig::Scatter(s) => s.rooms = r,
            LevelConfig::Passages(p) => p.rooms = r,
            _ => {}
        }
    }
    let Some(k) = locks else {
        let t = Instant::now();
        let mut walk = 0;
        for seed in 1..=count {
            walk += generate(&c, seed).unwrap().summary().walkable;
        }
        println!(
            "{} {w}x{h}: {:.3} ms/level ({walk})",
            a[0],
            t.elapsed().as_secs_f64() * 1000.0 / count as f64
        );
        return;
    };
    if let Some(mode) = a.get(5) {
        // `plain` or `locked`: only that variant, untimed (for a counter
        // such as `perf stat -e instructions`, steady on a loaded machine).
        // Locked asks the most locks that fit up to `k`, as the timings
        // do; a seed where fewer fit costs a failed generation more,
        // which the line owns up to (ask fewer for an exact count).
        let (mut placed, mut retried) = (0, 0);
        for seed in 1..=count {
            let level = if mode == "locked" {
                let (level, fewer) = most_locks(&c, k, seed);
                retried += u32::from(fewer);
                level
            } else {
                generate(&c, seed).unwrap()
            };
            placed += level.locks().len();
        }
        println!(
            "{} {w}x{h} {mode}: {count} levels, {placed} locks ({retried} asked again with fewer)",
            a[0]
        );
        return;
    }
    let (mut plain, mut locked, mut placed) = (Vec::new(), Vec::new(), 0u64);
    for seed in 1..=count {
        let (_, ms) = timed(|| generate(&c, seed).unwrap());
        plain.push(ms);
        // The most that fit, found first (not timed).
        let with = with_locks(&c, k, seed);
        let (level, ms) = timed(|| generate(&with, seed).unwrap());
        locked.push(ms);
        placed += level.locks().len() as u64;
    }
    let (p, l) = (median(&mut plain), median(&mut locked));
    println!(
        "{} {w}x{h}: {p:.3} ms/level without locks, {l:.3} ms with up to {k} ({placed} placed over {count} seeds): +{:.1}%",
        a[0],
        100.0 * (l / p - 1.0)
    );
}
