#!/usr/bin/env bash
# Times the knossos crate (crates.io) against mcrdun-carve in one run:
# recursive backtracker, hunt-and-kill, Prim and Kruskal on the same square
# sizes, each maze built from scratch (allocation included) with a fixed
# seed, medians of several runs, interleaved so that machine noise hits
# both alike.
#
# Usage: benches/peers/carve_knossos.sh [SIDE ...]   (default: 100 250 500 1000)
# Env:   REPS (default 5) runs per cell of the table;
#        BUDGET_SECS (default 20): once one knossos run takes longer than
#        this, that algorithm gets a single run per size and no larger size;
#        ALGOS (default backtracker,hunt-and-kill,prim,kruskal) a subset.
#
# Builds a throwaway cargo project under benches/peers/work/ (git-ignored)
# that depends on knossos from crates.io and on our crates by path, in
# release mode. knossos' backtracker recurses once per cell of the current
# path, so everything runs on a thread with a 2 GiB stack (reserved, not
# committed); ours is iterative and needs none of it.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
work="$here/work/carve_knossos"
mkdir -p "$work/src"

cat > "$work/Cargo.toml" <<EOF
[package]
name = "carve-knossos-peer"
version = "0.0.0"
edition = "2024"
publish = false

# Not a member of the mcrdun workspace.
[workspace]

[dependencies]
knossos = "=1.2.0"
mcrdun-carve = { path = "$root/crates/carve" }
mcrdun-geom = { path = "$root/crates/geom" }

[profile.release]
debug = false
EOF

cat > "$work/src/main.rs" <<'EOF'
use knossos::maze::{
    Algorithm as KAlgorithm, HuntAndKill, Kruskal, OrthogonalMazeBuilder, Prim,
    RecursiveBacktracking,
};
use mcrdun_carve::{Algorithm, Maze};
use mcrdun_geom::Point;
use mcrdun_geom::random::seeded_rng;
use std::time::{Duration, Instant};

fn knossos_algorithm(name: &str) -> Box<dyn KAlgorithm> {
    match name {
        "backtracker" => Box::new(RecursiveBacktracking),
        "hunt-and-kill" => Box::new(HuntAndKill::new()),
        "prim" => Box::new(Prim::new()),
        "kruskal" => Box::new(Kruskal),
        _ => unreachable!(),
    }
}

fn ours(name: &str) -> Algorithm {
    match name {
        "backtracker" => Algorithm::Backtracker,
        "hunt-and-kill" => Algorithm::HuntAndKill,
        "prim" => Algorithm::Prim,
        "kruskal" => Algorithm::Kruskal,
        _ => unreachable!(),
    }
}

fn median(v: &mut [Duration]) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn run(sides: Vec<usize>, reps: usize, budget: Duration) {
    let all = ["backtracker", "hunt-and-kill", "prim", "kruskal"];
    let wanted = std::env::var("ALGOS").unwrap_or_else(|_| all.join(","));
    let names: Vec<&str> = all.into_iter().filter(|a| wanted.split(',').any(|w| w == *a)).collect();
    let mut too_slow = vec![false; names.len()];
    println!("| size | algorithm | knossos median (ms) | mcrdun median (ms) | knossos / mcrdun | runs (knossos, mcrdun) |");
    println!("|---|---|---:|---:|---:|---|");
    for &side in &sides {
        for (k, name) in names.iter().enumerate() {
            if too_slow[k] {
                println!("| {side}x{side} | {name} | skipped (a smaller size took > {}s) | | | |", budget.as_secs());
                continue;
            }
            // Validity once, outside the timings (knossos' own check is
            // quadratic, so only on the small sizes).
            if side <= 250 {
                let check = OrthogonalMazeBuilder::new()
                    .width(side)
                    .height(side)
                    .algorithm(knossos_algorithm(name))
                    .seed(Some(7))
                    .build();
                assert!(check.is_valid(), "knossos {name} gave an invalid maze");
            }
            let mut m = Maze::new(side as u32, side as u32).unwrap();
            ours(name).carve(&mut m, Point::new(0, 0), &mut seeded_rng(7)).unwrap();
            assert!(m.is_perfect(), "mcrdun {name} gave an imperfect maze");

            let (mut kt, mut ot) = (Vec::new(), Vec::new());
            for rep in 0..reps {
                let seed = 1000 + rep as u64;
                let t = Instant::now();
                let maze = OrthogonalMazeBuilder::new()
                    .width(side)
                    .height(side)
                    .algorithm(knossos_algorithm(name))
                    .seed(Some(seed))
                    .build();
                kt.push(t.elapsed());
                std::hint::black_box(&maze);
                drop(maze);

                let t = Instant::now();
                let mut maze = Maze::new(side as u32, side as u32).unwrap();
                ours(name)
                    .carve(&mut maze, Point::new(0, 0), &mut seeded_rng(seed))
                    .unwrap();
                ot.push(t.elapsed());
                std::hint::black_box(&maze);

                if *kt.last().unwrap() > budget {
                    too_slow[k] = true;
                    break;
                }
            }
            let (kn, on) = (kt.len(), ot.len());
            let (km, om) = (median(&mut kt), median(&mut ot));
            println!(
                "| {side}x{side} | {name} | {:.2} | {:.2} | {:.1}x | {kn}, {on} |",
                ms(km),
                ms(om),
                km.as_secs_f64() / om.as_secs_f64()
            );
        }
    }
}

fn main() {
    let mut sides: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("sides are positive integers"))
        .collect();
    if sides.is_empty() {
        sides = vec![100, 250, 500, 1000];
    }
    let reps: usize = std::env::var("REPS").ok().and_then(|r| r.parse().ok()).unwrap_or(5).max(1);
    let budget = Duration::from_secs(
        std::env::var("BUDGET_SECS").ok().and_then(|r| r.parse().ok()).unwrap_or(20),
    );
    std::thread::Builder::new()
        .stack_size(2 << 30)
        .spawn(move || run(sides, reps, budget))
        .unwrap()
        .join()
        .unwrap();
}
EOF

echo "building (first run compiles knossos and its dependencies)..." >&2
cargo build --release --quiet --manifest-path "$work/Cargo.toml"
echo "rustc: $(rustc --version); knossos 1.2.0; $(nproc) cores; $(date -u +%FT%TZ)" >&2
"$work/target/release/carve-knossos-peer" "$@" | tee "$work/results.md"
