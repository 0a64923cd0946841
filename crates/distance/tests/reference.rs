//! Every algorithm against a plain Dijkstra over a `BinaryHeap`, written
//! here from the definition (python-tcod's `dijkstra2d` rules), on random
//! costs, sources, steps and start values; rescans; descent paths.

use mcrdun_distance::{
    Algorithm, Cost, DESCENT_ORDER, DistanceError, DistanceScratch, SATURATED, Steps, UNREACHED,
    descent, farthest, scale,
};
use mcrdun_geom::Point;
use proptest::prelude::*;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// The definition: every cell not `UNREACHED` is a source; entering a cell
/// of cost c > 0 by a cardinal (diagonal) step costs cardinal * c
/// (diagonal * c); sums saturate at SATURATED.
fn reference<C: Cost>(costs: &[C], dist: &mut [i32], w: usize, h: usize, steps: Steps) {
    let mut heap = BinaryHeap::new();
    for (i, &d) in dist.iter().enumerate() {
        if d != UNREACHED {
            heap.push(Reverse((d, i)));
        }
    }
    let passable = |x: i64, y: i64| {
        x >= 0
            && y >= 0
            && (x as usize) < w
            && (y as usize) < h
            && costs[y as usize * w + x as usize].cost() != 0
    };
    while let Some(Reverse((d, i))) = heap.pop() {
        if dist[i] != d {
            continue;
        }
        let (x, y) = ((i % w) as i64, (i / w) as i64);
        for dy in -1i64..=1 {
            for dx in -1i64..=1 {
                if dx == 0 && dy == 0 {
                    continue;
                }
                let diagonal = dx != 0 && dy != 0;
                let mult = if diagonal {
                    steps.diagonal
                } else {
                    steps.cardinal
                };
                if mult == 0 || !passable(x + dx, y + dy) {
                    continue;
                }
                if diagonal
                    && !steps.corner_cutting
                    && !(passable(x + dx, y) && passable(x, y + dy))
                {
                    continue;
                }
                let n = (y + dy) as usize * w + (x + dx) as usize;
                let c = u64::from(costs[n].cost());
                let nd =
                    (i64::from(d) + (u64::from(mult) * c) as i64).min(i64::from(SATURATED)) as i32;
                if nd < dist[n] {
                    dist[n] = nd;
                    heap.push(Reverse((nd, n)));
                }
            }
        }
    }
}

const ALGORITHMS: [Algorithm; 4] = [
    Algorithm::Auto,
    Algorithm::Rings,
    Algorithm::Buckets,
    Algorithm::Heap,
];

/// Runs every algorithm that accepts the map and compares each with the
/// reference; returns the reference map.
fn check_all<C: Cost + std::fmt::Debug>(
    costs: &[C],
    start: &[i32],
    w: usize,
    h: usize,
    steps: Steps,
) -> Result<Vec<i32>, TestCaseError> {
    let mut want = start.to_vec();
    reference(costs, &mut want, w, h, steps);
    let mut scratch = DistanceScratch::new();
    let mut ran = 0;
    for algorithm in ALGORITHMS {
        let mut got = start.to_vec();
        match scratch.compute_with(costs, &mut got, w as u32, h as u32, steps, algorithm) {
            Ok(_) => {
                prop_assert_eq!(&got, &want, "algorithm {:?}, steps {:?}", algorithm, steps);
                ran += 1;
            }
            Err(DistanceError::Unsuitable { .. }) => {
                prop_assert!(algorithm != Algorithm::Auto && algorithm != Algorithm::Heap);
                prop_assert_eq!(&got, start, "unchanged on error");
            }
            Err(e) => return Err(TestCaseError::fail(format!("{e}"))),
        }
    }
    prop_assert!(ran >= 2);
    Ok(want)
}

fn steps_strategy() -> impl Strategy<Value = Steps> {
    (
        prop_oneof![
            Just(0u32),
            Just(1),
            Just(2),
            0u32..5,
            Just(70_000),
            Just(u32::MAX)
        ],
        prop_oneof![
            Just(0u32),
            Just(1),
            Just(3),
            0u32..5,
            Just(70_000),
            Just(u32::MAX)
        ],
        any::<bool>(),
    )
        .prop_map(|(c, d, cut)| Steps {
            cardinal: c,
            diagonal: d,
            corner_cutting: cut,
        })
}

/// A map: size, costs from `cost`, start values (most cells unreached).
fn map_strategy<C: std::fmt::Debug + Clone + 'static>(
    cost: impl Strategy<Value = C> + Clone + 'static,
) -> impl Strategy<Value = (usize, usize, Vec<C>, Vec<i32>)> {
    (1usize..14, 1usize..14).prop_flat_map(move |(w, h)| {
        let start = prop_oneof![
            12 => Just(UNREACHED),
            1 => Just(0),
            1 => -50i32..50,
            1 => prop_oneof![Just(i32::MIN), Just(SATURATED), Just(SATURATED - 3), -2_000_000_000i32..2_000_000_000],
        ];
        (
            Just(w),
            Just(h),
            proptest::collection::vec(cost.clone(), w * h),
            proptest::collection::vec(start, w * h),
        )
    })
}

fn u8_cost() -> impl Strategy<Value = u8> + Clone {
    prop_oneof![3 => Just(1u8), 2 => Just(0u8), 2 => 1u8..10, 1 => any::<u8>()]
}

fn u16_cost() -> impl Strategy<Value = u16> + Clone {
    prop_oneof![3 => Just(1u16), 2 => Just(0u16), 2 => 1u16..10, 1 => any::<u16>()]
}

/// A map of `w x h` cells, a share `open` of them passable with costs in
/// `1..=max_cost`, and `sources` sources: at 0 when `same_start`, else at
/// values in -20..20 (so that a source can be reached for less through
/// another).
fn larger_map(
    (w, h, open, max_cost): (usize, usize, f64, u8),
    (sources, same_start, seed): (usize, bool, u64),
) -> (Vec<u8>, Vec<i32>) {
    let mut state = seed | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let costs = (0..w * h)
        .map(|_| {
            if (next() % 1000) as f64 / 1000.0 < open {
                1 + (next() % u64::from(max_cost)) as u8
            } else {
                0
            }
        })
        .collect();
    let mut start = vec![UNREACHED; w * h];
    for _ in 0..sources {
        let i = (next() % (w * h) as u64) as usize;
        start[i] = if same_start {
            0
        } else {
            (next() % 40) as i32 - 20
        };
    }
    (costs, start)
}

proptest! {
    #![proptest_config(mcrdun_test_util::proptest_config(96))]

    /// Maps wide enough for bit-plane rows of many bytes, sparse (in-place
    /// rings) and dense (padded rings), with one or two step weights.
    #[test]
    fn larger_maps_match_the_reference(
        shape in (1usize..120, 1usize..60, 0.1f64..0.95, prop_oneof![Just(1u8), Just(9u8)]),
        sources in (1usize..6, any::<bool>(), any::<u64>()),
        steps in steps_strategy(),
    ) {
        let (w, h) = (shape.0, shape.1);
        let (costs, start) = larger_map(shape, sources);
        check_all(&costs, &start, w, h, steps)?;
    }
}

proptest! {
    #![proptest_config(mcrdun_test_util::proptest_config(400))]

    #[test]
    fn u8_costs_match_the_reference((w, h, costs, start) in map_strategy(u8_cost()), steps in steps_strategy()) {
        check_all(&costs, &start, w, h, steps)?;
    }

    #[test]
    fn u16_costs_match_the_reference((w, h, costs, start) in map_strategy(u16_cost()), steps in steps_strategy()) {
        check_all(&costs, &start, w, h, steps)?;
    }

    #[test]
    fn uniform_costs_match_the_reference(
        (w, h, costs, start) in map_strategy(prop_oneof![Just(0u8), Just(1u8)]),
        level in prop_oneof![2 => Just(1u8), 1 => 1u8..=255],
        steps in steps_strategy(),
    ) {
        // Unit (or one uniform) cost, so rings apply whenever the steps allow.
        let costs: Vec<u8> = costs.iter().map(|&c| if c == 0 { 0 } else { level }).collect();
        check_all(&costs, &start, w, h, steps)?;
        let bools: Vec<bool> = costs.iter().map(|&c| c != 0).collect();
        if level == 1 {
            check_all(&bools, &start, w, h, steps)?;
        }
    }

    #[test]
    fn rescans_match_the_reference(
        (w, h, costs, start) in map_strategy(u8_cost()),
        steps in steps_strategy(),
        num in -12i32..12,
        den in 1i32..6,
    ) {
        let mut first = check_all(&costs, &start, w, h, steps)?;
        // The flee map: scale and scan again, with our scale checked too.
        let mut expected_scaled = first.clone();
        for v in expected_scaled.iter_mut().filter(|v| **v != UNREACHED) {
            let s = (i64::from(*v) * i64::from(num)).div_euclid(i64::from(den));
            *v = s.clamp(i64::from(i32::MIN), i64::from(SATURATED)) as i32;
        }
        scale(&mut first, num, den).unwrap();
        prop_assert_eq!(&first, &expected_scaled);
        let second = check_all(&costs, &first, w, h, steps)?;
        // A rescan of a finished map changes nothing.
        let third = check_all(&costs, &second, w, h, steps)?;
        prop_assert_eq!(second, third);
    }

    #[test]
    fn descents_go_downhill_to_a_local_minimum(
        (w, h, costs, start) in map_strategy(u8_cost()),
        steps in steps_strategy(),
        sx in 0usize..14,
        sy in 0usize..14,
    ) {
        let mut dist = start.clone();
        reference(&costs, &mut dist, w, h, steps);
        let p0 = Point::new((sx % w) as i32, (sy % h) as i32);
        let path: Vec<Point> = descent(&dist, w as u32, h as u32, p0, steps).unwrap().collect();
        prop_assert_eq!(path[0], p0);
        let at = |p: Point| -> Option<i32> {
            (p.x >= 0 && p.y >= 0 && (p.x as usize) < w && (p.y as usize) < h)
                .then(|| dist[p.y as usize * w + p.x as usize])
        };
        // The allowed lower neighbours of p, in DESCENT_ORDER.
        let lower = |p: Point| -> Vec<(Point, i32)> {
            let here = at(p).unwrap();
            DESCENT_ORDER.iter().enumerate().filter_map(|(k, &(dx, dy))| {
                let diagonal = k >= 4;
                let on = if diagonal { steps.diagonal } else { steps.cardinal } != 0;
                let q = Point::new(p.x + dx, p.y + dy);
                let v = at(q)?;
                let corner_ok = !diagonal || steps.corner_cutting
                    || (at(Point::new(p.x + dx, p.y)) != Some(UNREACHED)
                        && at(Point::new(p.x, p.y + dy)) != Some(UNREACHED));
                (on && v < here && corner_ok).then_some((q, v))
            }).collect()
        };
        for pair in path.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            prop_assert!(at(b).unwrap() < at(a).unwrap(), "downhill");
            prop_assert!((a.x - b.x).abs() <= 1 && (a.y - b.y).abs() <= 1);
            // The steepest step, the first in DESCENT_ORDER on a tie.
            let options = lower(a);
            let best = options.iter().map(|o| o.1).min().unwrap();
            let first = options.iter().find(|o| o.1 == best).unwrap().0;
            prop_assert_eq!(b, first);
        }
        let end = *path.last().unwrap();
        prop_assert!(lower(end).is_empty(), "ends at a local minimum");
        prop_assert!(path.len() <= w * h);
        // On a distance map a reached cell descends to a source (its own
        // start value, never lowered), when the steps have positive weights
        // and no saturation hides the slope.
        let reached = at(p0).unwrap() != UNREACHED;
        let no_sat = dist.iter().all(|&d| d == UNREACHED || d < SATURATED - 1_000_000);
        if reached && no_sat && steps.cardinal != 0 {
            let e = end.y as usize * w + end.x as usize;
            prop_assert_eq!(start[e], dist[e], "a descent ends on a source");
        }
    }

    #[test]
    fn farthest_is_the_largest_reached_value(
        (w, h, costs, start) in map_strategy(u8_cost()),
        steps in steps_strategy(),
    ) {
        let mut dist = start.clone();
        reference(&costs, &mut dist, w, h, steps);
        let got = farthest(&dist, w as u32, h as u32).unwrap();
        let best = dist.iter().enumerate().filter(|(_, d)| **d != UNREACHED).max_by_key(|(i, d)| (**d, Reverse(*i)));
        match best {
            None => prop_assert_eq!(got, None),
            Some((i, &d)) => prop_assert_eq!(got, Some((Point::new((i % w) as i32, (i / w) as i32), d))),
        }
    }
}

#[test]
fn python_tcod_docstring_example() {
    // From tcod.path.dijkstra2d's docstring, as python-tcod prints it.
    let costs: [u8; 9] = [1, 0, 1, 1, 0, 1, 1, 1, 1];
    let mut dist = [UNREACHED; 9];
    dist[0] = 0;
    DistanceScratch::new()
        .compute(&costs, &mut dist, 3, 3, Steps::new(2, 3))
        .unwrap();
    assert_eq!(dist, [0, UNREACHED, 10, 2, UNREACHED, 8, 4, 5, 7]);
    let path: Vec<Point> = descent(&dist, 3, 3, Point::new(2, 2), Steps::EIGHT)
        .unwrap()
        .collect();
    // tcod prints [[2, 2], [2, 1], [1, 0], [0, 0]] as [row, column].
    assert_eq!(
        path,
        [
            Point::new(2, 2),
            Point::new(1, 2),
            Point::new(0, 1),
            Point::new(0, 0)
        ]
    );
}

#[test]
fn corner_cutting_can_be_forbidden() {
    // . #
    // # .   the only way from (0,0) to (1,1) is the diagonal between walls.
    let costs = [1u8, 0, 0, 1];
    let mut d = [0, UNREACHED, UNREACHED, UNREACHED];
    DistanceScratch::new()
        .compute(&costs, &mut d, 2, 2, Steps::EIGHT)
        .unwrap();
    assert_eq!(d, [0, UNREACHED, UNREACHED, 1]);
    let mut d = [0, UNREACHED, UNREACHED, UNREACHED];
    DistanceScratch::new()
        .compute(&costs, &mut d, 2, 2, Steps::EIGHT.without_corner_cutting())
        .unwrap();
    assert_eq!(d, [0, UNREACHED, UNREACHED, UNREACHED]);
}

#[test]
fn algorithm_choice() {
    let mut s = DistanceScratch::new();
    let mut d = vec![UNREACHED; 16];
    d[5] = 0;
    let unit = [1u8; 16];
    assert_eq!(
        s.compute(&unit, &mut d.clone(), 4, 4, Steps::FOUR).unwrap(),
        Algorithm::Rings
    );
    assert_eq!(
        s.compute(&unit, &mut d.clone(), 4, 4, Steps::EIGHT)
            .unwrap(),
        Algorithm::Rings
    );
    assert_eq!(
        s.compute(&unit, &mut d.clone(), 4, 4, Steps::OCTILE)
            .unwrap(),
        Algorithm::Rings
    );
    // A row of walls changes nothing: still one cost.
    let mut walled = unit;
    walled[4..8].fill(0);
    assert_eq!(
        s.compute(&walled, &mut d.clone(), 4, 4, Steps::FOUR)
            .unwrap(),
        Algorithm::Rings
    );
    walled[0] = 0;
    walled[15] = 0;
    assert_eq!(
        s.compute(&walled, &mut d.clone(), 4, 4, Steps::OCTILE)
            .unwrap(),
        Algorithm::Rings
    );
    let mut varied = [1u16; 16];
    varied[3] = 9;
    assert_eq!(
        s.compute(&varied, &mut d.clone(), 4, 4, Steps::FOUR)
            .unwrap(),
        Algorithm::Buckets
    );
    varied[3] = 5000;
    assert_eq!(
        s.compute(&varied, &mut d, 4, 4, Steps::FOUR).unwrap(),
        Algorithm::Heap
    );
    assert_eq!(s.last_algorithm(), Some(Algorithm::Heap));
}

#[test]
fn bad_input_is_an_error_and_leaves_the_map() {
    let mut s = DistanceScratch::new();
    let costs = [1u8; 6];
    let mut d = [0, 1, 2, UNREACHED, 4, 5];
    let before = d;
    assert!(matches!(
        s.compute(&costs[..5], &mut d, 3, 2, Steps::FOUR),
        Err(DistanceError::SizeMismatch { what: "costs", .. })
    ));
    assert!(matches!(
        s.compute(&costs, &mut d[..5], 3, 2, Steps::FOUR),
        Err(DistanceError::SizeMismatch {
            what: "distances",
            ..
        })
    ));
    assert!(matches!(
        s.compute(&costs, &mut d, u32::MAX, u32::MAX, Steps::FOUR),
        Err(DistanceError::Geom(_))
    ));
    s.set_max_cells(5);
    assert!(matches!(
        s.compute(&costs, &mut d, 3, 2, Steps::FOUR),
        Err(DistanceError::TooLarge { cells: 6, limit: 5 })
    ));
    s.set_max_cells(100);
    let mut varied = [1u8; 6];
    varied[0] = 2;
    assert!(matches!(
        s.compute_with(&varied, &mut d, 3, 2, Steps::FOUR, Algorithm::Rings),
        Err(DistanceError::Unsuitable {
            algorithm: Algorithm::Rings,
            ..
        })
    ));
    let big = [u16::MAX; 6];
    assert!(matches!(
        s.compute_with(&big, &mut d, 3, 2, Steps::OCTILE, Algorithm::Buckets),
        Err(DistanceError::Unsuitable {
            algorithm: Algorithm::Buckets,
            ..
        })
    ));
    assert_eq!(d, before);
    assert!(matches!(
        descent(&d, 3, 2, Point::new(3, 0), Steps::FOUR),
        Err(DistanceError::OutOfBounds { .. })
    ));
    assert!(matches!(
        descent(&d, 3, 2, Point::new(0, -1), Steps::FOUR),
        Err(DistanceError::OutOfBounds { .. })
    ));
    assert!(matches!(
        farthest(&d, 2, 2),
        Err(DistanceError::SizeMismatch { .. })
    ));
    assert!(matches!(
        scale(&mut d, 1, 0),
        Err(DistanceError::InvalidArgument { .. })
    ));
    // Empty maps are fine.
    assert_eq!(
        s.compute::<u8>(&[], &mut [], 0, 5, Steps::FOUR).map(|_| ()),
        Ok(())
    );
    assert_eq!(farthest(&[], 0, 0), Ok(None));
}

#[test]
fn saturation_keeps_reached_cells_reached() {
    let costs = [u16::MAX; 4];
    let mut d = [SATURATED - 10, UNREACHED, UNREACHED, UNREACHED];
    DistanceScratch::new()
        .compute(&costs, &mut d, 4, 1, Steps::new(u32::MAX, 0))
        .unwrap();
    assert_eq!(d, [SATURATED - 10, SATURATED, SATURATED, SATURATED]);
}

#[test]
fn scratch_is_reusable_across_sizes_and_types() {
    let mut s = DistanceScratch::new();
    for (w, h) in [(50u32, 40u32), (3, 3), (64, 64), (1, 100)] {
        let n = (w * h) as usize;
        let costs: Vec<u16> = (0..n).map(|i| (i * 7 % 11) as u16).collect();
        let mut start = vec![UNREACHED; n];
        start[n / 2] = -3;
        start[0] = 5;
        for steps in [Steps::FOUR, Steps::EIGHT, Steps::OCTILE] {
            let mut got = start.clone();
            s.compute(&costs, &mut got, w, h, steps).unwrap();
            let mut want = start.clone();
            reference(&costs, &mut want, w as usize, h as usize, steps);
            assert_eq!(got, want);
        }
    }
    s.shrink();
    assert_eq!(s.max_cells(), mcrdun_distance::DEFAULT_MAX_CELLS);
}

#[test]
fn saturated_sources_in_every_algorithm() {
    // A source at SATURATED reaches its neighbours at SATURATED too: the
    // bucket queue then pushes into the bucket it is draining.
    let costs = [1u8; 4];
    for algorithm in [Algorithm::Rings, Algorithm::Buckets, Algorithm::Heap] {
        let mut d = [SATURATED, UNREACHED, UNREACHED, UNREACHED];
        DistanceScratch::new()
            .compute_with(&costs, &mut d, 4, 1, Steps::FOUR, algorithm)
            .unwrap();
        assert_eq!(d, [SATURATED; 4], "{algorithm:?}");
    }
}

/// A map of over a million cells takes another road for rings with two
/// weights (in place over bit planes, see `compute_with`): the same map as
/// the heap, which always runs over the padded copy.
#[test]
fn large_maps_agree_across_engines() {
    let (w, h) = (1100usize, 1000usize);
    let (costs, start) = larger_map((w, h, 0.7, 1), (4, true, 16));
    for steps in [Steps::OCTILE, Steps::new(3, 2).without_corner_cutting()] {
        let mut want = start.clone();
        let mut scratch = DistanceScratch::new();
        scratch
            .compute_with(
                &costs,
                &mut want,
                w as u32,
                h as u32,
                steps,
                Algorithm::Heap,
            )
            .unwrap();
        let mut got = start.clone();
        assert_eq!(
            scratch.compute(&costs, &mut got, w as u32, h as u32, steps),
            Ok(Algorithm::Rings)
        );
        assert!(got == want, "steps {steps:?}");
        assert!(got.iter().filter(|&&d| d != UNREACHED).count() > w * h / 2);
    }
}

/// Sources at the lowest start value: the in-place engines index their
/// rings by `distance mod ring length`, and the uniform waves look back a
/// few buckets from the first one, below `i32::MIN`.
#[test]
fn lowest_start_values_in_every_algorithm() {
    let (w, h) = (9usize, 7usize);
    let costs: Vec<u8> = (0..w * h).map(|i| u8::from(i % 5 != 3) * 2).collect();
    let varied: Vec<u8> = (0..w * h).map(|i| (i % 5) as u8).collect();
    for costs in [costs, varied] {
        for steps in [Steps::new(2, 3), Steps::new(3, 1), Steps::new(1, 0)] {
            for start in [i32::MIN, i32::MIN + 1] {
                let mut init = vec![UNREACHED; w * h];
                init[0] = start;
                init[w * h - 1] = start;
                let mut want = init.clone();
                reference(&costs, &mut want, w, h, steps);
                let mut ran = 0;
                for algorithm in ALGORITHMS {
                    let mut got = init.clone();
                    let chosen = DistanceScratch::new()
                        .compute_with(&costs, &mut got, w as u32, h as u32, steps, algorithm);
                    if chosen.is_ok() {
                        assert_eq!(got, want, "{steps:?} {algorithm:?} from {start}");
                        ran += 1;
                    }
                }
                // Auto, Heap and Buckets (weights of at most 12) always run.
                assert!(ran >= 3, "{steps:?} from {start}: {ran} ran");
            }
        }
    }
}

/// Sources at several start values (a rescan): in place, each source is
/// offered at its value less the cheap step into its cell, and loses to a
/// step that reaches it for less. Costs above 1, two multipliers and both
/// corner rules, against the reference, for every engine.
#[test]
fn several_start_values_with_costs_match_the_reference() {
    let (w, h) = (23usize, 17usize);
    let costs: Vec<u8> = (0..w * h)
        .map(|i| {
            if i % 11 == 5 {
                0
            } else {
                2 + (i * 7 % 8) as u8
            }
        })
        .collect();
    let mut start = vec![UNREACHED; w * h];
    for (i, v) in [(0, 40), (w * 8 + 11, -30), (w * h - 1, 0), (w * 3 + 20, 17)] {
        start[i] = v;
    }
    for steps in [
        Steps::new(2, 3),
        Steps::new(3, 2).without_corner_cutting(),
        Steps::new(1, 0),
        Steps::new(1, 1),
    ] {
        let mut want = start.clone();
        reference(&costs, &mut want, w, h, steps);
        for algorithm in ALGORITHMS {
            let mut got = start.clone();
            match DistanceScratch::new()
                .compute_with(&costs, &mut got, w as u32, h as u32, steps, algorithm)
            {
                Ok(_) => assert_eq!(got, want, "{steps:?} {algorithm:?}"),
                Err(e) => assert!(algorithm == Algorithm::Rings, "{e}"),
            }
        }
    }
}
