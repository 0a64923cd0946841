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
# It then prints how our default separation scales on the same kind of heap
# (1,000 / 10,000 / 100,000 rooms: median time, steps, heap tightness as the
# bounding box's area over the rooms' total area, rooms outside the largest
# group of neighbours and rooms unreachable from room 0, both with
# `neighbours(rooms, 2, 1)`), the time ratios, and the time to separate
# 1,000,000 rooms of 5x5 all on one spot.
#
# Usage: benches/peers/scatter.sh   (from anywhere; needs cargo, offline is fine)
#        SCALING_ONLY=1 benches/peers/scatter.sh   (the scaling table only)
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
use mcrdun_scatter::{SeparateOptions, SizeRange, SpawnArea, connect, neighbours, scatter, separate};
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

/// Default separation at growing sizes, in one run.
fn scaling() {
    println!("| rooms | runs | median time | steps | converged | finished | bbox area / rooms' area | outside the largest group | unreachable from room 0 |");
    println!("|---|---|---|---|---|---|---|---|---|");
    let mut medians = Vec::new();
    for (n, runs) in [(1000usize, 9usize), (10000, 5), (100000, 1)] {
        let rooms = heap(n, 1);
        let mut times = Vec::new();
        let mut out = rooms.clone();
        let mut report = None;
        for _ in 0..runs {
            out = rooms.clone();
            let t = Instant::now();
            report = Some(separate(&mut out, SeparateOptions::default()).unwrap());
            times.push(t.elapsed());
        }
        let report = report.unwrap();
        let time = median(times);
        medians.push(time);
        let area: i64 = out.iter().map(|r| i64::from(r.w()) * i64::from(r.h())).sum();
        let x0 = out.iter().map(|r| r.x()).min().unwrap() as i64;
        let y0 = out.iter().map(|r| r.y()).min().unwrap() as i64;
        let x1 = out.iter().map(|r| r.right()).max().unwrap() as i64;
        let y1 = out.iter().map(|r| r.bottom()).max().unwrap() as i64;
        let links = neighbours(&out, 2, 1).unwrap();
        let mut parent: Vec<usize> = (0..n).collect();
        fn find(p: &mut [usize], mut i: usize) -> usize {
            while p[i] != i {
                p[i] = p[p[i]];
                i = p[i];
            }
            i
        }
        for l in &links {
            let (a, b) = (find(&mut parent, l.a), find(&mut parent, l.b));
            if a != b {
                parent[a] = b;
            }
        }
        let mut size = vec![0usize; n];
        for i in 0..n {
            let r = find(&mut parent, i);
            size[r] += 1;
        }
        let outside = n - size.iter().max().unwrap();
        let unreachable = connect(n, &links, 0).unwrap().unreachable().len();
        println!(
            "| {n} | {runs} | {time:.3?} | {} | {} | {} | {:.3} | {outside} | {unreachable} |",
            report.steps, report.converged, report.finished,
            ((x1 - x0) * (y1 - y0)) as f64 / area as f64,
        );
    }
    println!(
        "\ntime(10k) / time(1k) = {:.1}, time(100k) / time(10k) = {:.1}",
        medians[1].as_secs_f64() / medians[0].as_secs_f64(),
        medians[2].as_secs_f64() / medians[1].as_secs_f64(),
    );
    let mut same = vec![Rect::new(0, 0, 5, 5).unwrap(); 1_000_000];
    let t = Instant::now();
    let report = separate(&mut same, SeparateOptions::default()).unwrap();
    println!("1,000,000 rooms of 5x5 on one spot: {:.2?}, {report:?}", t.elapsed());
}

fn main() {
    if std::env::var("SCALING_ONLY").is_ok_and(|v| v == "1") {
        scaling();
        return;
    }
    peer();
    println!();
    scaling();
}

fn peer() {
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
