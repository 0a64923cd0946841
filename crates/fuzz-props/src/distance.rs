//! The `distance` property: every algorithm of `mcrdun-distance` against a
//! fixpoint of relaxation sweeps written here (no queue, no ordering, so
//! none of the engines' reasoning about order is reused), on maps of any
//! shape, costs, sources, steps and start values; then a rescan, descent
//! and the farthest cell on the result.

use crate::Bytes;
use mcrdun_distance::{
    Algorithm, Cost, DistanceError, DistanceScratch, SATURATED, Steps, UNREACHED, descent, farthest,
};
use mcrdun_geom::Point;

/// Multipliers the decoder picks from: off, small, equal, distinct, and
/// ones that saturate.
const MULTIPLIERS: [u32; 8] = [0, 1, 1, 2, 3, 9, 70_000, u32::MAX];

/// Start values the decoder picks from besides small ones.
const EXTREME_STARTS: [i32; 4] = [i32::MIN, SATURATED, SATURATED - 3, -2_000_000_000];

/// The definition of a distance map as a fixpoint: relax every step from
/// every reached cell, sweeping forwards and backwards, until nothing
/// changes. Sums saturate at `SATURATED`.
fn fixpoint<C: Cost>(costs: &[C], dist: &mut [i32], w: usize, h: usize, steps: Steps) {
    let passable = |x: i64, y: i64| {
        x >= 0
            && y >= 0
            && (x as usize) < w
            && (y as usize) < h
            && costs[y as usize * w + x as usize].cost() != 0
    };
    let relax_from = |dist: &mut [i32], i: usize| -> bool {
        let d = dist[i];
        if d == UNREACHED {
            return false;
        }
        let (x, y) = ((i % w) as i64, (i / w) as i64);
        let mut changed = false;
        for dy in -1i64..=1 {
            for dx in -1i64..=1 {
                let diagonal = dx != 0 && dy != 0;
                let mult = if diagonal {
                    steps.diagonal
                } else {
                    steps.cardinal
                };
                if (dx == 0 && dy == 0) || mult == 0 || !passable(x + dx, y + dy) {
                    continue;
                }
                if diagonal
                    && !steps.corner_cutting
                    && !(passable(x + dx, y) && passable(x, y + dy))
                {
                    continue;
                }
                let n = (y + dy) as usize * w + (x + dx) as usize;
                let step = u64::from(mult) * u64::from(costs[n].cost());
                let nd = (i64::from(d) + step as i64).min(i64::from(SATURATED)) as i32;
                if nd < dist[n] {
                    dist[n] = nd;
                    changed = true;
                }
            }
        }
        changed
    };
    loop {
        let mut changed = false;
        for i in 0..w * h {
            changed |= relax_from(dist, i);
        }
        for i in (0..w * h).rev() {
            changed |= relax_from(dist, i);
        }
        if !changed {
            break;
        }
    }
}

/// One map decoded from the bytes, checked with every algorithm.
fn check_map<C: Cost + core::fmt::Debug>(
    b: &mut Bytes<'_>,
    scratch: &mut DistanceScratch,
    w: usize,
    h: usize,
    cost: impl Fn(&mut Bytes<'_>) -> C,
) {
    let costs: Vec<C> = (0..w * h).map(|_| cost(b)).collect();
    let same_start = b.bool();
    let mut start = vec![UNREACHED; w * h];
    for _ in 0..=b.below(6) {
        let i = b.below((w * h) as u32) as usize;
        start[i] = match (same_start, b.below(8)) {
            (true, _) => 0,
            (false, 0) => EXTREME_STARTS[b.below(4) as usize],
            (false, _) => b.below(41) as i32 - 20,
        };
    }
    let steps = Steps {
        cardinal: MULTIPLIERS[b.below(8) as usize],
        diagonal: MULTIPLIERS[b.below(8) as usize],
        corner_cutting: b.bool(),
    };
    let mut want = start.clone();
    fixpoint(&costs, &mut want, w, h, steps);

    let (wu, hu) = (w as u32, h as u32);
    for algorithm in [
        Algorithm::Auto,
        Algorithm::Rings,
        Algorithm::Buckets,
        Algorithm::Heap,
    ] {
        let mut got = start.clone();
        match scratch.compute_with(&costs, &mut got, wu, hu, steps, algorithm) {
            Ok(_) => assert_eq!(
                got, want,
                "{algorithm:?} on {w} x {h}, steps {steps:?}, costs {costs:?}, start {start:?}"
            ),
            Err(DistanceError::Unsuitable { .. }) => {
                assert!(matches!(algorithm, Algorithm::Rings | Algorithm::Buckets));
                assert_eq!(got, start, "a refused call left the map");
            }
            Err(e) => panic!("{algorithm:?} on {w} x {h}: {e}"),
        }
    }

    // Reading the map: the farthest cell holds the largest reached value,
    // and the descent from it only goes down and stops where nothing
    // around is lower.
    let far = farthest(&want, wu, hu).expect("a valid map");
    let largest = want.iter().copied().filter(|&v| v != UNREACHED).max();
    assert_eq!(far.map(|(_, d)| d), largest, "farthest");
    if let Some((from, _)) = far {
        let eight = Steps::new(1, 1);
        let path: Vec<Point> = descent(&want, wu, hu, from, eight)
            .expect("a valid start")
            .collect();
        assert_eq!(path.first(), Some(&from), "descent starts at its cell");
        let at = |p: Point| want[p.y as usize * w + p.x as usize];
        for pair in path.windows(2) {
            assert!(at(pair[1]) < at(pair[0]), "descent goes down: {path:?}");
            let (dx, dy) = (pair[1].x - pair[0].x, pair[1].y - pair[0].y);
            assert!(
                dx.abs() <= 1 && dy.abs() <= 1,
                "descent steps to a neighbour"
            );
        }
        let end = *path.last().expect("not empty");
        for dy in -1..=1 {
            for dx in -1..=1 {
                let n = Point::new(end.x + dx, end.y + dy);
                if n.x >= 0 && n.y >= 0 && (n.x as usize) < w && (n.y as usize) < h {
                    assert!(at(n) >= at(end), "descent ends at a local minimum");
                }
            }
        }
    }
}

/// Distance maps: every algorithm equals the fixpoint definition on maps
/// of up to 48 x 48 cells with `u8` or `u16` costs (walls included), one to
/// seven sources at one value or at mixed values (extreme ones too), every
/// kind of step multiplier and both corner rules; two maps per input share
/// one scratch, so buffers kept from a larger map are reused for a smaller
/// one. Bad input never panics.
pub fn distance(data: &[u8]) {
    let mut b = Bytes::new(data);
    let mut scratch = DistanceScratch::new();
    for _ in 0..2 {
        let w = 1 + b.below(48) as usize;
        let h = 1 + b.below(48) as usize;
        let wall_share = b.below(4);
        if b.bool() {
            let max = [1u8, 9, 255][b.below(3) as usize];
            check_map(&mut b, &mut scratch, w, h, |b| {
                if b.below(4) < wall_share {
                    0
                } else {
                    1 + (b.u8() % max)
                }
            });
        } else {
            let max = [1u16, 9, 1000, u16::MAX][b.below(4) as usize];
            check_map(&mut b, &mut scratch, w, h, |b| {
                if b.below(4) < wall_share {
                    0
                } else {
                    1 + (b.u16() % max)
                }
            });
        }
    }
}
