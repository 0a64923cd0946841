//! Property tests: symmetry of overlaps and walls, wall tiles facing each
//! other, corners never adjacent, and the random helpers in bounds and fair.

use mcrdun_geom::random::{below, range_i32, seeded_rng, weighted_index};
use mcrdun_geom::{Point, Rect, are_neighbours, shared_wall, wall_tiles};
use proptest::prelude::*;

fn rect() -> impl Strategy<Value = Rect> {
    (-40i32..40, -40i32..40, 1i32..30, 1i32..30)
        .prop_map(|(x, y, w, h)| Rect::new(x, y, w, h).unwrap())
}

/// Pairs that touch often: `b` is placed against one of `a`'s sides.
fn touching_pair() -> impl Strategy<Value = (Rect, Rect)> {
    (rect(), 0u8..4, -35i32..35, 1i32..30, 1i32..30).prop_map(|(a, side, slide, w, h)| {
        let b = match side {
            0 => Rect::new(a.right(), a.y() + slide, w, h),
            1 => Rect::new(a.x() - w, a.y() + slide, w, h),
            2 => Rect::new(a.x() + slide, a.bottom(), w, h),
            _ => Rect::new(a.x() + slide, a.y() - h, w, h),
        };
        (a, b.unwrap())
    })
}

proptest! {
    #![proptest_config(mcrdun_test_util::proptest_config(256))]

    #[test]
    fn overlaps_and_gaps_are_symmetric(a in rect(), b in rect()) {
        prop_assert_eq!(a.x_overlap(&b), b.x_overlap(&a));
        prop_assert_eq!(a.y_overlap(&b), b.y_overlap(&a));
        prop_assert_eq!(a.x_gap(&b), b.x_gap(&a));
        prop_assert_eq!(a.y_gap(&b), b.y_gap(&a));
        prop_assert_eq!(a.intersects(&b), b.intersects(&a));
        // Brute force: count shared cells.
        let shared = a.points().filter(|p| b.contains(*p)).count() as i64;
        prop_assert_eq!(shared, i64::from(a.x_overlap(&b)) * i64::from(a.y_overlap(&b)));
        for (max_gap, door) in [(0, 0), (1, 0), (3, 2), (10, 5)] {
            prop_assert_eq!(are_neighbours(&a, &b, max_gap, door), are_neighbours(&b, &a, max_gap, door));
        }
    }

    #[test]
    fn shared_walls_are_symmetric((a, b) in touching_pair()) {
        let ab = shared_wall(&a, &b);
        let ba = shared_wall(&b, &a);
        prop_assert_eq!(ab.is_some(), ba.is_some());
        if let (Some(ab), Some(ba)) = (ab, ba) {
            prop_assert_eq!(ab.side.opposite(), ba.side);
            prop_assert_eq!((ab.start, ab.end), (ba.start, ba.end));
            let overlap = if ab.side.is_horizontal_step() { a.y_overlap(&b) } else { a.x_overlap(&b) };
            prop_assert_eq!(ab.len(), overlap as usize);
        }
    }

    #[test]
    fn wall_tiles_face_each_other((a, b) in touching_pair()) {
        match (wall_tiles(&a, &b), wall_tiles(&b, &a)) {
            (Some(ta), Some(tb)) => {
                let ta: Vec<Point> = ta.collect();
                let tb: Vec<Point> = tb.collect();
                prop_assert!(!ta.is_empty());
                prop_assert_eq!(ta.len(), tb.len());
                let side = shared_wall(&a, &b).unwrap().side;
                for (p, q) in ta.iter().zip(&tb) {
                    prop_assert!(a.contains(*p));
                    prop_assert!(b.contains(*q));
                    prop_assert_eq!(*q - *p, side.delta());
                }
                prop_assert!(ta.windows(2).all(|w| w[0] < w[1] || (w[0].x < w[1].x && w[0].y == w[1].y)));
            }
            (None, None) => {
                // No wall: no tile of a has a 4-neighbour in b.
                let touching = a.points().any(|p| {
                    mcrdun_geom::Side::ALL.iter().any(|s| b.contains(p + s.delta()))
                });
                prop_assert!(!touching || a.intersects(&b));
            }
            _ => prop_assert!(false, "wall tiles exist on one side only"),
        }
    }

    #[test]
    fn corner_contact_is_never_a_wall(a in rect(), w in 1i32..20, h in 1i32..20, corner in 0u8..4) {
        let b = match corner {
            0 => Rect::new(a.right(), a.bottom(), w, h),
            1 => Rect::new(a.x() - w, a.bottom(), w, h),
            2 => Rect::new(a.right(), a.y() - h, w, h),
            _ => Rect::new(a.x() - w, a.y() - h, w, h),
        }.unwrap();
        prop_assert_eq!(shared_wall(&a, &b), None);
        prop_assert!(wall_tiles(&a, &b).is_none());
        prop_assert!(!are_neighbours(&a, &b, 1, 0));
    }

    #[test]
    fn ranges_stay_in_bounds(seed: u64, low in -1000i32..1000, span in 0i32..1000, bound in 1u64..u64::MAX) {
        let mut rng = seeded_rng(seed);
        let v = range_i32(&mut rng, low, low + span).unwrap();
        prop_assert!(v >= low && v <= low + span);
        prop_assert!(below(&mut rng, bound).unwrap() < bound);
    }
}

/// Pearson's chi-square statistic of `counts` against a uniform expectation.
fn chi_square(counts: &[u64], expected: &[f64]) -> f64 {
    counts
        .iter()
        .zip(expected)
        .map(|(&c, &e)| (c as f64 - e).powi(2) / e)
        .sum()
}

#[test]
fn ranges_are_unbiased() {
    // A bound of 3 * 2^62 makes the naive `x % bound` pick [0, 2^62) twice as
    // often as the rest; ours must stay uniform in thirds.
    let mut rng = seeded_rng(7);
    let bound = 3u64 << 62;
    let draws = 60_000;
    let mut thirds = [0u64; 3];
    for _ in 0..draws {
        thirds[(below(&mut rng, bound).unwrap() / (1u64 << 62)) as usize] += 1;
    }
    let e = draws as f64 / 3.0;
    // 2 degrees of freedom: P(chi2 > 13.8) = 0.001.
    assert!(chi_square(&thirds, &[e; 3]) < 13.8, "{thirds:?}");

    let mut dice = [0u64; 6];
    for _ in 0..draws {
        dice[(range_i32(&mut rng, 1, 6).unwrap() - 1) as usize] += 1;
    }
    let e = draws as f64 / 6.0;
    // 5 degrees of freedom: P(chi2 > 20.5) = 0.001.
    assert!(chi_square(&dice, &[e; 6]) < 20.5, "{dice:?}");
}

#[test]
fn weighted_choice_follows_weights() {
    let mut rng = seeded_rng(11);
    let weights = [1u32, 10, 15, 0, 4];
    let draws = 90_000u64;
    let mut counts = [0u64; 5];
    for _ in 0..draws {
        counts[weighted_index(&mut rng, &weights).unwrap()] += 1;
    }
    assert_eq!(counts[3], 0);
    let total: u32 = weights.iter().sum();
    let nonzero: Vec<(u64, f64)> = counts
        .iter()
        .zip(weights)
        .filter(|(_, w)| *w > 0)
        .map(|(&c, w)| (c, draws as f64 * f64::from(w) / f64::from(total)))
        .collect();
    let (c, e): (Vec<u64>, Vec<f64>) = nonzero.into_iter().unzip();
    // 3 degrees of freedom: P(chi2 > 16.3) = 0.001.
    assert!(chi_square(&c, &e) < 16.3, "{counts:?}");
}
