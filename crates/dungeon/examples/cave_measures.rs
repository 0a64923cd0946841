//! The cave's look over many seeds: rock specks, floor pockets, the
//! longest straight dug run, regions joined, tiles dug and the floor share
//! (see `Level::metrics`), and the seeds that make no level.
//!
//! ```text
//! cargo run --release -p mcrdun-dungeon --example cave_measures -- [FIRST-LAST] [WxH ...]
//! ```
//!
//! Default: seeds 1-1000 at 80x50, 200x120 and 1000x1000. Prints one line a
//! size: mean and largest of each measure, the floor's range, failures.
//! `CAVE_SHOW=1` names the seeds with a speck, a pocket or a straight dug
//! run over 6 tiles.

use mcrdun_dungeon::{CaveConfig, cave};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (first, last) = args
        .first()
        .and_then(|a| a.split_once('-'))
        .and_then(|(a, b)| Some((a.parse::<u64>().ok()?, b.parse::<u64>().ok()?)))
        .unwrap_or((1, 1000));
    let mut sizes: Vec<(u32, u32)> = args
        .iter()
        .filter_map(|a| a.split_once('x'))
        .filter_map(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)))
        .collect();
    if sizes.is_empty() {
        sizes = vec![(80, 50), (200, 120), (1000, 1000)];
    }
    let show = std::env::var_os("CAVE_SHOW").is_some();
    println!(
        "| size | seeds | failed | rock islands <=6 mean (max) | pockets <20 mean (max) | straight dug run (corridor tiles in a row) mean (max) | regions mean (max) | dug mean (max) | floor min-max |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    for (w, h) in sizes {
        let mut failed = 0usize;
        let mut sums = [0f64; 5];
        let mut maxes = [0usize; 5];
        let (mut lo, mut hi) = (f64::INFINITY, 0f64);
        let mut n = 0usize;
        for seed in first..=last {
            let config = CaveConfig::new(w, h);
            let Ok(level) = cave(&config, seed) else {
                failed += 1;
                continue;
            };
            let m = level.metrics();
            let s = level.summary();
            if show && (m.rock_specks > 0 || m.floor_pockets > 0 || m.longest_dug_run > 6) {
                eprintln!(
                    "{w}x{h} seed {seed}: {} specks, {} pockets, straight run {}",
                    m.rock_specks, m.floor_pockets, m.longest_dug_run
                );
            }
            for (k, v) in [
                m.rock_specks,
                m.floor_pockets,
                m.longest_dug_run,
                s.regions,
                s.dug,
            ]
            .into_iter()
            .enumerate()
            {
                sums[k] += v as f64;
                maxes[k] = maxes[k].max(v);
            }
            lo = lo.min(m.floor_share);
            hi = hi.max(m.floor_share);
            n += 1;
        }
        let cell = |k: usize| format!("{:.1} ({})", sums[k] / n.max(1) as f64, maxes[k]);
        println!(
            "| {w}x{h} | {first}-{last} | {failed} | {} | {} | {} | {} | {} | {:.1}-{:.1}% |",
            cell(0),
            cell(1),
            cell(2),
            cell(3),
            cell(4),
            100.0 * lo,
            100.0 * hi
        );
    }
}
