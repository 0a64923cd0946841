//! Golden values: the random helpers must give these exact numbers for these
//! seeds on every platform and after every dependency upgrade. If one of
//! these changes, every level generated from a seed changes with it.

use mcrdun_geom::random::{
    below, range_i32, range_u32, range_u64, seeded_rng, shuffle, unit_f64, weighted_index,
};
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

/// Bounds near 2^64, where Lemire's method rejects up to half the draws
/// (2^64 mod (2^63 + 1) = 2^63 - 1 low words are refused), and ranges
/// with a low end: the rejection and the offsets are pinned too.
#[test]
fn large_bounds_and_ranges_are_pinned() {
    let mut rng = seeded_rng(77);
    let mut out = Vec::new();
    for bound in [(1 << 63) + 1, u64::MAX - 1, 3 << 62, (1 << 63) - 1] {
        for _ in 0..64 {
            let v = below(&mut rng, bound).unwrap();
            assert!(v < bound);
            out.push(v);
        }
    }
    let mut seen = [false; 3];
    for _ in 0..64 {
        assert_eq!(range_u64(&mut rng, 10, 10), Ok(10));
        let v = range_u64(&mut rng, 1000, 2000).unwrap();
        assert!((1000..=2000).contains(&v));
        let w = range_u32(&mut rng, 7, 9).unwrap();
        seen[(w - 7) as usize] = true;
        out.extend([v, u64::from(w)]);
    }
    assert_eq!(seen, [true; 3], "range_u32 reaches both ends");
    assert_eq!(fnv1a_u64s(out), GOLDEN_LARGE);
}

/// Checked against xoshiro256++, SplitMix64 seeding and Lemire's
/// rejection written out independently in Python.
const GOLDEN_LARGE: u64 = 10262740529109432067;

/// xoshiro256++ seeded by SplitMix64(0), checked against the reference
/// algorithm written out independently in Python.
const GOLDEN_STREAM: [u64; 3] = [
    5987356902031041503,
    7051070477665621255,
    6633766593972829180,
];
const GOLDEN_HELPERS: u64 = 5053404261287057616;
