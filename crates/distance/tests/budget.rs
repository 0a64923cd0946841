//! The memory budget: a distance map's working memory is checked against
//! the call's ceiling before anything is allocated, and the queues that
//! grow are refused the moment they would pass it; the distance map is
//! unchanged on a refusal.

use mcrdun_distance::{DistanceError, DistanceScratch, Steps, UNREACHED, walk_distances};
use mcrdun_geom::memory::Budget;
use mcrdun_geom::{GeomError, Grid, Point};

fn over_budget(r: Result<mcrdun_distance::Algorithm, DistanceError>) -> bool {
    matches!(r, Err(DistanceError::Geom(GeomError::OverBudget { .. })))
}

/// Rings over the padded copy (one cost, mostly open, one multiplier):
/// 6 bytes a padded cell for the copies, 4 (plus 8 entries) for the
/// queue, 8 a source, and a bit for each 256 cells where sources are
/// looked for (a word here); nothing grows.
#[test]
fn padded_rings_need_exactly_their_stated_bytes() {
    let (w, h) = (57u32, 31u32);
    let costs = vec![1u8; (w * h) as usize];
    let mut dist = vec![UNREACHED; costs.len()];
    dist[5] = 0;
    dist[700] = 3;
    let before = dist.clone();
    let p = u64::from((w + 2) * (h + 2));
    let need = 6 * p + 4 * (p + 8) + 8 * 2 + 8;
    let mut scratch = DistanceScratch::new();
    {
        let _call = Budget::start_with(need - 1);
        assert!(over_budget(scratch.compute(
            &costs,
            &mut dist,
            w,
            h,
            Steps::FOUR
        )));
        assert_eq!(dist, before);
    }
    let _call = Budget::start_with(need);
    scratch
        .compute(&costs, &mut dist, w, h, Steps::FOUR)
        .unwrap();
    assert_eq!(dist[6], 1);
    // Reused, the scratch holds the buffers, and the call still counts them.
    let mut again = before.clone();
    let _less = Budget::start_with(need - 1);
    assert!(over_budget(scratch.compute(
        &costs,
        &mut again,
        w,
        h,
        Steps::FOUR
    )));
}

/// A map whose bit planes alone (one bit a padded cell, the least any map
/// needs) pass the ceiling is refused before a cell is read; costs that
/// vary run the bucket queue, whose lists grow and are refused as they
/// grow under a ceiling that holds only the fixed part, the map unchanged.
#[test]
fn bucket_queues_are_refused_as_they_grow() {
    let (w, h) = (200u32, 150u32);
    let costs: Vec<u8> = (0..w * h).map(|i| 1 + (i * 7 % 5) as u8).collect();
    let mut dist = vec![UNREACHED; costs.len()];
    dist[0] = 0;
    let before = dist.clone();
    // Rows of w + 26 bits rounded up to bytes, h + 2 of them, two planes.
    let planes = 2 * u64::from((w + 26).div_ceil(8) * (h + 2));
    {
        let _call = Budget::start_with(planes - 1);
        assert!(over_budget(DistanceScratch::new().compute(
            &costs,
            &mut dist,
            w,
            h,
            Steps::OCTILE
        )));
        assert_eq!(dist, before);
    }
    // The fixed part (planes, 16 buckets of 48 bytes, a source) fits; the
    // lists (256 entries at least) do not.
    {
        let _call = Budget::start_with(planes + 16 * 48 + 8 + 1024);
        assert!(over_budget(DistanceScratch::new().compute(
            &costs,
            &mut dist,
            w,
            h,
            Steps::OCTILE
        )));
        assert_eq!(dist, before);
    }
    let _call = Budget::start_with(1 << 20);
    DistanceScratch::new()
        .compute(&costs, &mut dist, w, h, Steps::OCTILE)
        .unwrap();
    assert_ne!(dist, before);
}

/// `walk_distances` counts the grid it returns with the search.
#[test]
fn walk_distances_counts_its_grid() {
    let walkable = Grid::new(40, 30, true).unwrap();
    let n = 40 * 30;
    let p = 42 * 32;
    // The grid, the padded copies and queue of rings, one source, one
    // word of marks.
    let need = 4 * n + 6 * p + 4 * (p + 8) + 8 + 8;
    {
        let _call = Budget::start_with(need - 1);
        let e = walk_distances(&walkable, &[Point::new(0, 0)], Steps::FOUR).unwrap_err();
        assert!(
            matches!(e, DistanceError::Geom(GeomError::OverBudget { .. })),
            "{e}"
        );
    }
    let _call = Budget::start_with(need);
    let d = walk_distances(&walkable, &[Point::new(0, 0)], Steps::FOUR).unwrap();
    assert_eq!(d.as_slice()[n as usize - 1], 39 + 29);
}

/// The need a call checks before allocating, read from its refusal under
/// a ceiling that holds only the least any map needs (the bit planes and
/// the marks of the blocks holding sources).
fn need<C: mcrdun_distance::Cost>(costs: &[C], dist: &[i32], w: u32, h: u32, steps: Steps) -> u64 {
    let least = 2 * u64::from((w + 26).div_ceil(8) * (h + 2)) + 48 + marks(w, h);
    let _call = Budget::start_with(least);
    let mut d = dist.to_vec();
    match DistanceScratch::new().compute(costs, &mut d, w, h, steps) {
        Err(DistanceError::Geom(GeomError::OverBudget { needed, .. })) => needed,
        other => panic!("{other:?}"),
    }
}

/// The marks of the 256-cell blocks holding sources: a bit each, in
/// whole words.
fn marks(w: u32, h: u32) -> u64 {
    8 * u64::from(w * h).div_ceil(256 * 64)
}

/// Every engine's stated need, exactly: the padded copies (6 bytes a
/// padded cell) and rings of one weight (4), of two small weights or two
/// weights (16), Dial's buckets with saturating sums (32 a bucket), the
/// heap (none before it grows), and the bit planes with their rings (48 a
/// bucket); 8 bytes a source and the marks besides.
#[test]
fn each_engine_checks_its_stated_need() {
    let (w, h) = (45u32, 37u32);
    let n = (w * h) as usize;
    let p = u64::from((w + 2) * (h + 2));
    let fixed = |s: u64| 8 * s + marks(w, h);
    let mut dist = vec![UNREACHED; n];
    dist[3] = 0;
    dist[900] = 5;
    let ones = vec![1u8; n];
    // One weight: rings over the padded copy.
    assert_eq!(
        need(&ones, &dist, w, h, Steps::FOUR),
        6 * p + 4 * (p + 8) + fixed(2)
    );
    // Two weights of at most 3 (sources at two values): four buckets.
    assert_eq!(
        need(&ones, &dist, w, h, Steps::OCTILE),
        22 * p + 128 + fixed(2)
    );
    // Two larger weights: two merged queues.
    let twos = vec![2u8; n];
    assert_eq!(
        need(&twos, &dist, w, h, Steps::OCTILE),
        22 * p + 128 + fixed(2)
    );
    // Costs that vary: the bit planes, 16 buckets (weights up to 3 * 5).
    let varied: Vec<u8> = (0..n).map(|i| 1 + (i % 5) as u8).collect();
    let planes = 2 * u64::from((w + 26).div_ceil(8) * (h + 2));
    assert_eq!(
        need(&varied, &dist, w, h, Steps::OCTILE),
        planes + 16 * 48 + fixed(2)
    );
    // A largest weight of 4 takes 8 buckets (W + 1 rounded up).
    let four: Vec<u8> = (0..n).map(|i| 1 + (i % 4) as u8).collect();
    assert_eq!(
        need(&four, &dist, w, h, Steps::EIGHT),
        planes + 8 * 48 + fixed(2)
    );
    // A start near saturation: Dial's buckets over the padded copy.
    let mut high = dist.clone();
    high[900] = i32::MAX - 100;
    assert_eq!(
        need(&varied, &high, w, h, Steps::OCTILE),
        6 * p + 16 * 32 + fixed(2)
    );
    // Weights above the bucket queue's: the heap.
    let dear: Vec<u16> = (0..n).map(|i| 1 + (i % 3000) as u16).collect();
    assert_eq!(need(&dear, &dist, w, h, Steps::OCTILE), 6 * p + fixed(2));
}
