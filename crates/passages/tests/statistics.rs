//! Over many draws, passage frequencies follow the weights.
//!
//! On the crate's example each passage (an adjacent pair of cells) has an
//! exact probability: the sum over its two cells of
//! `weight(cell) / total weight / count(cell)`. A chi-square statistic over
//! the 6 passages (5 degrees of freedom) must stay below 25 (p < 0.0002 for
//! a correct sampler; the seed is fixed, so the test is deterministic). A
//! sampler that ignored the weights would score in the thousands.

use mcrdun_geom::Point;
use mcrdun_geom::random::seeded_rng;
use mcrdun_passages::{Weights, choose_passage};
use std::collections::BTreeMap;

mod common;
use common::seed_layout;

const DRAWS: u32 = 120_000;

fn chi_square(weights: Weights, seed: u64) -> f64 {
    let (l, a, b) = seed_layout();
    let border = l.border(a, b).unwrap();

    let total: f64 = border
        .cells()
        .map(|c| f64::from(weights.weight(c.across.len())))
        .sum();
    let mut expected: BTreeMap<(Point, Point), f64> = BTreeMap::new();
    for c in border.cells() {
        let share = f64::from(weights.weight(c.across.len())) / total / c.across.len() as f64;
        for &q in c.across {
            let key = if c.room == a {
                (c.cell, q)
            } else {
                (q, c.cell)
            };
            *expected.entry(key).or_default() += share;
        }
    }
    assert_eq!(expected.len(), 6);

    let mut seen: BTreeMap<(Point, Point), u32> = BTreeMap::new();
    let mut rng = seeded_rng(seed);
    for _ in 0..DRAWS {
        let pass = choose_passage(&border, &mut rng, &weights).unwrap();
        *seen.entry(pass.cells()).or_default() += 1;
    }
    assert!(seen.keys().all(|k| expected.contains_key(k)));
    expected
        .iter()
        .map(|(k, &prob)| {
            let e = prob * f64::from(DRAWS);
            let o = f64::from(seen.get(k).copied().unwrap_or(0));
            (o - e) * (o - e) / e
        })
        .sum()
}

#[test]
fn count_weights_make_every_pair_equally_likely() {
    let chi = chi_square(Weights::Count, 11);
    assert!(chi < 25.0, "chi-square {chi}");
}

#[test]
fn table_weights_favour_jutting_cells() {
    let chi = chi_square(Weights::Table([1, 10, 15, 15]), 12);
    assert!(chi < 25.0, "chi-square {chi}");
    let chi = chi_square(Weights::Table([3, 0, 1, 0]), 13);
    assert!(chi < 25.0, "chi-square {chi}");
}

#[test]
fn the_statistic_tells_the_weightings_apart() {
    // The test above can fail: draws made with one weighting, judged
    // against another, score far above the bound.
    let (l, a, b) = seed_layout();
    let border = l.border(a, b).unwrap();
    let mut rng = seeded_rng(14);
    let mut jutting = 0u32;
    for _ in 0..DRAWS {
        let pass = choose_passage(&border, &mut rng, &Weights::Table([1, 10, 15, 15])).unwrap();
        jutting += u32::from(pass.cell_a == Point::new(3, 3));
    }
    // Under count weights, 3 of the 6 passages start at (3, 3): 1/2. Under
    // the table the weights total 40 (five 1s, two 10s, one
    // 15): (3, 3) itself gives 15/40, (2, 3) and (4, 3) give half of 10/40
    // each, (3, 4) gives 1/40, so 26/40.
    let expected = f64::from(DRAWS) * 26.0 / 40.0;
    let sigma = (expected * (1.0 - 26.0 / 40.0)).sqrt();
    assert!((f64::from(jutting) - expected).abs() < 5.0 * sigma);
    assert!((f64::from(jutting) - f64::from(DRAWS) / 2.0).abs() > 5.0 * sigma);
}
