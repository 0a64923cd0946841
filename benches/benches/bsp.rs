//! BSP benchmarks: recursive splitting of 65536x65536 to depth 20 with
//! minimum 8x8 and ratios 1.5 (both splitters), the adjacency of that tree's
//! leaves (514,595: random cuts stop early where a node gets small), of
//! exactly 2^20 leaves (a tree halved 20 times: 64x64 leaves), and the O(n^2)
//! brute force against the sweep at 4096 leaves.

mod common;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use mcrdun_bsp::{Adjacency, Bsp};
use mcrdun_geom::Rect;
use mcrdun_geom::random::seeded_rng;
use std::hint::black_box;

const SIDE: i32 = 65536;

fn tree(depth: u32) -> Bsp {
    let mut bsp = Bsp::new(Rect::new(0, 0, SIDE, SIDE).unwrap());
    bsp.split_recursive(bsp.root(), &mut seeded_rng(1), depth, 8, 8, 1.5, 1.5)
        .unwrap();
    bsp
}

/// The tree halved `depth` times, alternately across x and y: 2^depth
/// equal leaves.
fn halving_tree(depth: u32) -> Bsp {
    let mut bsp = Bsp::new(Rect::new(0, 0, SIDE, SIDE).unwrap());
    for level in 0..depth {
        // Arena indices survive splits (only handles go stale), and node_at
        // hands out a fresh handle without renumbering the leaves.
        let leaves: Vec<usize> = bsp.leaves().map(|n| n.index() as usize).collect();
        for index in leaves {
            let id = bsp.node_at(index).unwrap();
            let r = bsp.node(id).unwrap().rect;
            let horizontal = level % 2 == 1;
            let position = if horizontal {
                r.y() + r.h() / 2
            } else {
                r.x() + r.w() / 2
            };
            bsp.split_once(id, horizontal, position).unwrap();
        }
    }
    bsp
}

fn fresh_adjacency(
    g: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    bsp: &Bsp,
) {
    // Each sample gets a fresh clone (caches empty); cloning is setup, not
    // timed, and the tree is dropped after timing. Timed: leaf numbering and
    // the sort-and-sweep build.
    g.bench_function(name, |b| {
        b.iter_batched(
            || bsp.clone(),
            |t| {
                black_box(
                    t.adjacency()
                        .expect("a small tree's adjacency")
                        .edge_count(),
                );
                t
            },
            BatchSize::LargeInput,
        )
    });
}

fn split(c: &mut Criterion) {
    let mut g = c.benchmark_group("bsp");
    g.sample_size(common::samples(10));
    // Each tree is dropped after its timing (one per batch), as benches/peers/bsp_libtcod.py
    // does not time libtcod's TCOD_bsp_delete either.
    g.bench_function("split_recursive_65536_depth20", |b| {
        b.iter_batched(|| (), |()| black_box(tree(20)), BatchSize::PerIteration)
    });
    g.bench_function("split_recursive_libtcod_65536_depth20", |b| {
        b.iter_batched(
            || (),
            |()| {
                let mut bsp = Bsp::new(Rect::new(0, 0, SIDE, SIDE).unwrap());
                bsp.split_recursive_libtcod(bsp.root(), 1, 20, 8, 8, 1.5, 1.5)
                    .unwrap();
                black_box(bsp)
            },
            BatchSize::PerIteration,
        )
    });
    g.finish();
}

fn adjacency(c: &mut Criterion) {
    let mut g = c.benchmark_group("bsp");
    g.sample_size(common::samples(10));
    let random = tree(20);
    assert_eq!(random.leaf_count(), 514_595);
    fresh_adjacency(&mut g, "adjacency_split20_514595_leaves", &random);
    let big = halving_tree(20);
    assert_eq!(big.leaf_count(), 1 << 20);
    fresh_adjacency(&mut g, "adjacency_2pow20_leaves", &big);
    let small = halving_tree(12);
    assert_eq!(small.leaf_count(), 4096);
    fresh_adjacency(&mut g, "adjacency_4096_leaves", &small);
    let rects: Vec<Rect> = small.leaf_rects().collect();
    g.bench_function("brute_force_4096_leaves", |b| {
        b.iter(|| Adjacency::brute_force(black_box(&rects)).edge_count())
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = common::criterion();
    targets = split, adjacency
}
criterion_main!(benches);
