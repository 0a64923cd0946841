#!/usr/bin/env bash
# Peer comparison for mcrdun-scatter: the seed's way of separating rooms
# (every pair checked each step, float positions, rounding at the end)
# against ours (bucket grid, fixed point, snapping + finishing pass), on the
# same scattered heaps, in one run.
#
# The peer is a throwaway cargo project under benches/peers/work/ (git-ignored)
# that depends on our crates only to draw identical heaps. It prints, for
# 100, 1000 and 10000 rooms: the median time per push step of each, the
# steps and total time to finish (10000 rooms: per-step figures only, from
# a 50-step run, since the all-pairs peer needs minutes to finish; our total
# then includes the finishing pass placing a still heavily overlapping heap
# with no overlap left, the seed's rounding leaves the overlaps), and how
# many overlapping pairs the seed's rounding leaves (ours: always 0).
#
# Usage: benches/peers/scatter.sh   (from anywhere; needs cargo, offline is fine)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
work="$here/work/scatter-seed"
mkdir -p "$work/src"
cp "$root/Cargo.lock" "$work/Cargo.lock"
cat > "$work/Cargo.toml" <<TOML
[package]
name = "scatter-seed-peer"
version = "0.0.0"
edition = "2024"
publish = false

[workspace]

[dependencies]
mcrdun-geom = { path = "$root/crates/geom" }
mcrdun-scatter = { path = "$root/crates/scatter" }

[profile.release]
debug = false
TOML
cat > "$work/src/main.rs" <<'RS'
//! The seed's separation (all pairs per step, f64) against mcrdun-scatter.
use mcrdun_geom::random::seeded_rng;
use mcrdun_geom::{Point, Rect};
use mcrdun_scatter::{SeparateOptions, SizeRange, SpawnArea, scatter, separate};
use std::time::{Duration, Instant};

fn heap(n: usize, seed: u64) -> Vec<Rect> {
    let mut rng = seeded_rng(seed);
    let radius = (3.0 * (n as f64).sqrt()) as u32;
    let area = SpawnArea::Disc { center: Point::new(0, 0), radius };
    let (ws, hs) = (SizeRange::new(4, 12).unwrap(), SizeRange::new(3, 9).unwrap());
    scatter(&mut rng, n, area, ws, hs).unwrap()
}

/// The seed's loop: every pair each step, each overlapping pair pushes both
/// rooms apart along the centre line (same rule as ours: the smaller overlap
/// plus 1/16 cell), until nothing overlaps; then round to integers.
fn seed_separate(rooms: &[Rect], max_steps: u32) -> (Vec<Rect>, u32) {
    let n = rooms.len();
    let size: Vec<(f64, f64)> = rooms.iter().map(|r| (r.w() as f64, r.h() as f64)).collect();
    let mut pos: Vec<(f64, f64)> = rooms.iter().map(|r| (r.x() as f64, r.y() as f64)).collect();
    let mut push = vec![(0.0f64, 0.0f64); n];
    let mut steps = 0;
    loop {
        let mut any = false;
        push.iter_mut().for_each(|p| *p = (0.0, 0.0));
        for i in 0..n {
            for j in i + 1..n {
                let (a, b) = (pos[i], pos[j]);
                let ox = (a.0 + size[i].0).min(b.0 + size[j].0) - a.0.max(b.0);
                let oy = (a.1 + size[i].1).min(b.1 + size[j].1) - a.1.max(b.1);
                if ox <= 0.0 || oy <= 0.0 {
                    continue;
                }
                any = true;
                let dx = (a.0 + size[i].0 / 2.0) - (b.0 + size[j].0 / 2.0);
                let dy = (a.1 + size[i].1 / 2.0) - (b.1 + size[j].1 / 2.0);
                let len = dx.hypot(dy);
                let (ux, uy) = if len == 0.0 { (1.0, 0.0) } else { (dx / len, dy / len) };
                let m = ox.min(oy) + 1.0 / 16.0;
                push[i].0 += ux * m;
                push[i].1 += uy * m;
                push[j].0 -= ux * m;
                push[j].1 -= uy * m;
            }
        }
        if !any || steps == max_steps {
            break;
        }
        for (p, d) in pos.iter_mut().zip(&push) {
            p.0 += d.0;
            p.1 += d.1;
        }
        steps += 1;
    }
    let out = rooms
        .iter()
        .zip(&pos)
        .map(|(r, p)| Rect::new(p.0.round() as i32, p.1.round() as i32, r.w(), r.h()).unwrap())
        .collect();
    (out, steps)
}

fn overlaps(rooms: &[Rect]) -> usize {
    let mut k = 0;
    for i in 0..rooms.len() {
        for j in i + 1..rooms.len() {
            k += usize::from(rooms[i].intersects(&rooms[j]));
        }
    }
    k
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn main() {
    println!("| rooms | seed steps | seed total | seed / step | overlaps after seed's rounding | ours steps | ours total | ours / step | ratio / step | ratio total |");
    println!("|---|---|---|---|---|---|---|---|---|---|");
    for (n, cap, runs) in [(100usize, 1000u32, 9usize), (1000, 1000, 5), (10000, 50, 1)] {
        let rooms = heap(n, 1);
        let (mut st, mut ot) = (Vec::new(), Vec::new());
        let (mut s_steps, mut o_steps, mut left) = (0, 0, 0);
        for _ in 0..runs {
            let t = Instant::now();
            let (r, s) = seed_separate(&rooms, cap);
            st.push(t.elapsed());
            s_steps = s;
            left = overlaps(&r);
            let mut ours = rooms.clone();
            let t = Instant::now();
            let rep = separate(&mut ours, SeparateOptions { max_steps: cap, ..Default::default() }).unwrap();
            ot.push(t.elapsed());
            o_steps = rep.steps;
            assert_eq!(overlaps(&ours), 0);
        }
        let (s, o) = (median(st), median(ot));
        let sps = s / s_steps.max(1);
        // When the cap stopped ours, its total includes the finishing pass
        // over a still overlapping heap: no per-step figure then.
        let (ops, ratio) = if o_steps == cap {
            ("-".to_owned(), "-".to_owned())
        } else {
            let ops = o / o_steps.max(1);
            (format!("{ops:.2?}"), format!("{:.1}x", sps.as_secs_f64() / ops.as_secs_f64()))
        };
        println!(
            "| {n} | {s_steps}{} | {s:.2?} | {sps:.2?} | {left} | {o_steps}{} | {o:.2?} | {ops} | {ratio} | {:.1}x |",
            if s_steps == cap { " (cap)" } else { "" },
            if o_steps == cap { " (cap, then finishing)" } else { "" },
            s.as_secs_f64() / o.as_secs_f64(),
        );
    }
}
RS
cd "$work"
CARGO_TARGET_DIR="$work/target" cargo run --release --quiet
