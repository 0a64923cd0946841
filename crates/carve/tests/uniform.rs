//! Wilson's algorithm draws every spanning tree with the same probability.
//! A 3 x 2 grid has 15 spanning trees; over 15 000 fixed seeds each should
//! come up about 1 000 times (standard deviation about 31). The bounds are
//! five deviations wide, and the seeds are fixed, so the test is
//! deterministic; the backtracker, which is biased towards long corridors,
//! falls outside them (from the top middle it only ever draws
//! the 3 trees that are paths).

use mcrdun_carve::{Algorithm, Maze};
use mcrdun_geom::Point;
use mcrdun_geom::random::seeded_rng;
use std::collections::BTreeMap;

fn tree_counts(algorithm: Algorithm) -> BTreeMap<Vec<u8>, u32> {
    let mut counts = BTreeMap::new();
    for seed in 0..15_000 {
        let mut m = Maze::new(3, 2).unwrap();
        algorithm
            .carve(&mut m, Point::new(1, 0), &mut seeded_rng(seed))
            .unwrap();
        *counts.entry(m.as_bytes().to_vec()).or_insert(0) += 1;
    }
    counts
}

fn uniform(counts: &BTreeMap<Vec<u8>, u32>) -> bool {
    counts.len() == 15 && counts.values().all(|&c| (845..=1155).contains(&c))
}

#[test]
fn wilson_is_uniform() {
    let counts = tree_counts(Algorithm::Wilson);
    assert!(
        uniform(&counts),
        "{:?}",
        counts.values().collect::<Vec<_>>()
    );
}

#[test]
fn the_backtracker_is_not() {
    let counts = tree_counts(Algorithm::Backtracker);
    assert!(!uniform(&counts));
}
