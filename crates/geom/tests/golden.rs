//! Golden values: the random helpers must give these exact numbers for these
//! seeds on every platform and after every dependency upgrade. If one of
//! these changes, every level generated from a seed changes with it.

use mcrdun_geom::random::{below, range_i32, seeded_rng, shuffle, unit_f64, weighted_index};
use mcrdun_test_util::fnv1a_u64s;
use rand::Rng;

#[test]
fn generator_stream_is_pinned() {
    let mut rng = seeded_rng(0);
    let first: Vec<u64> = (0..3).map(|_| rng.next_u64()).collect();
    assert_eq!(first, GOLDEN_STREAM);
}

#[test]
fn helpers_are_pinned() {
    let mut rng = seeded_rng(2026);
    let mut out = Vec::new();
    for i in 0..1000u64 {
        out.push(below(&mut rng, i + 1).unwrap());
        out.push(range_i32(&mut rng, -50, 50).unwrap() as u64);
        out.push(weighted_index(&mut rng, &[1, 10, 15, 0, 3]).unwrap() as u64);
        out.push(unit_f64(&mut rng).to_bits());
    }
    let mut deck: Vec<u64> = (0..52).collect();
    shuffle(&mut rng, &mut deck);
    out.extend(deck);
    assert_eq!(fnv1a_u64s(out), GOLDEN_HELPERS);
}

/// xoshiro256++ seeded by SplitMix64(0), checked against the reference
/// algorithm written out independently in Python.
const GOLDEN_STREAM: [u64; 3] = [
    5987356902031041503,
    7051070477665621255,
    6633766593972829180,
];
const GOLDEN_HELPERS: u64 = 5053404261287057616;
