//! Portable seeded randomness.
//!
//! Every randomised function in mcrdun takes `rng: &mut R` with
//! `R: rand::Rng + ?Sized` and maps the raw `next_u64()` words to ranges
//! with the integer code below, never with `rand`'s distributions. The
//! mapping is ours, so a `rand` upgrade cannot change a level, and it uses
//! no floating point, so every platform draws the same numbers.
//!
//! Integer ranges use Lemire's multiply-and-reject method: the draw is the
//! high word of `x * bound` (a 128-bit product), and the few low words that
//! would make some results more likely than others are rejected. The result
//! is exactly uniform and costs one multiplication in the common case.
//!
//! ```
//! use mcrdun_geom::random::{seeded_rng, range_i32, weighted_index};
//! let mut rng = seeded_rng(42);
//! let roll = range_i32(&mut rng, 1, 6)?;
//! assert!((1..=6).contains(&roll));
//! let pick = weighted_index(&mut rng, &[0, 3, 0, 1])?;
//! assert!(pick == 1 || pick == 3);
//! # Ok::<(), mcrdun_geom::GeomError>(())
//! ```

use crate::GeomError;
use rand::{Rng, SeedableRng};

/// The one generator mcrdun seeds: xoshiro256++, portable and fast.
pub type SeededRng = rand::rngs::Xoshiro256PlusPlus;

/// The generator for `seed`: `Xoshiro256PlusPlus::seed_from_u64(seed)`.
/// The same seed gives the same stream on every platform.
#[inline]
pub fn seeded_rng(seed: u64) -> SeededRng {
    SeededRng::seed_from_u64(seed)
}

/// A uniform integer in `[0, bound)`; `bound` must not be 0.
#[inline]
fn below_nonzero<R: Rng + ?Sized>(rng: &mut R, bound: u64) -> u64 {
    debug_assert!(bound != 0);
    let mut m = u128::from(rng.next_u64()) * u128::from(bound);
    if (m as u64) < bound {
        // 2^64 mod bound: the number of low words to reject.
        let threshold = bound.wrapping_neg() % bound;
        while (m as u64) < threshold {
            m = u128::from(rng.next_u64()) * u128::from(bound);
        }
    }
    (m >> 64) as u64
}

/// A uniform integer in `[0, bound)`.
///
/// # Errors
/// [`GeomError::EmptyRange`] when `bound == 0`.
#[inline]
pub fn below<R: Rng + ?Sized>(rng: &mut R, bound: u64) -> Result<u64, GeomError> {
    if bound == 0 {
        return Err(GeomError::EmptyRange);
    }
    Ok(below_nonzero(rng, bound))
}

/// A uniform index into a collection of `len` items.
///
/// # Errors
/// [`GeomError::EmptyRange`] when `len == 0`.
#[inline]
pub fn index<R: Rng + ?Sized>(rng: &mut R, len: usize) -> Result<usize, GeomError> {
    below(rng, len as u64).map(|i| i as usize)
}

/// A uniform integer in `[low, high]` (both inclusive).
///
/// # Errors
/// [`GeomError::EmptyRange`] when `low > high`.
#[inline]
pub fn range_u64<R: Rng + ?Sized>(rng: &mut R, low: u64, high: u64) -> Result<u64, GeomError> {
    if low > high {
        return Err(GeomError::EmptyRange);
    }
    match (high - low).checked_add(1) {
        Some(span) => Ok(low + below_nonzero(rng, span)),
        // The full u64 range: every word is a fair draw.
        None => Ok(rng.next_u64()),
    }
}

/// A uniform integer in `[low, high]` (both inclusive).
///
/// # Errors
/// [`GeomError::EmptyRange`] when `low > high`.
#[inline]
pub fn range_i32<R: Rng + ?Sized>(rng: &mut R, low: i32, high: i32) -> Result<i32, GeomError> {
    if low > high {
        return Err(GeomError::EmptyRange);
    }
    let span = (i64::from(high) - i64::from(low) + 1) as u64;
    Ok((i64::from(low) + below_nonzero(rng, span) as i64) as i32)
}

/// A uniform integer in `[low, high]` (both inclusive).
///
/// # Errors
/// [`GeomError::EmptyRange`] when `low > high`.
#[inline]
pub fn range_u32<R: Rng + ?Sized>(rng: &mut R, low: u32, high: u32) -> Result<u32, GeomError> {
    range_u64(rng, low.into(), high.into()).map(|v| v as u32)
}

/// A uniform float in `[0, 1)`: the top 53 bits of one word, scaled by
/// `2^-53` (exact in IEEE 754 doubles, so the same on every platform).
#[inline]
pub fn unit_f64<R: Rng + ?Sized>(rng: &mut R) -> f64 {
    (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

/// True with probability `p` (`p <= 0` or NaN: never; `p >= 1`: always).
#[inline]
pub fn chance<R: Rng + ?Sized>(rng: &mut R, p: f64) -> bool {
    unit_f64(rng) < p
}

/// Shuffles `items` uniformly (Fisher-Yates, back to front).
pub fn shuffle<T, R: Rng + ?Sized>(rng: &mut R, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = below_nonzero(rng, i as u64 + 1) as usize;
        items.swap(i, j);
    }
}

/// An index into `weights` drawn with probability proportional to its
/// weight; zero-weight items are never drawn. One draw, one linear scan.
///
/// # Errors
/// [`GeomError::NoWeight`] when `weights` is empty or all zero.
pub fn weighted_index<R: Rng + ?Sized>(rng: &mut R, weights: &[u32]) -> Result<usize, GeomError> {
    // At most 2^32 - 1 items of at most 2^32 - 1 each: the sum fits in u64.
    let total: u64 = weights.iter().map(|&w| u64::from(w)).sum();
    if total == 0 {
        return Err(GeomError::NoWeight);
    }
    let mut target = below_nonzero(rng, total);
    for (i, &w) in weights.iter().enumerate() {
        let w = u64::from(w);
        if target < w {
            return Ok(i);
        }
        target -= w;
    }
    unreachable!("the target is below the total of the weights")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_ranges_are_errors() {
        let mut rng = seeded_rng(1);
        assert_eq!(below(&mut rng, 0), Err(GeomError::EmptyRange));
        assert_eq!(index(&mut rng, 0), Err(GeomError::EmptyRange));
        assert_eq!(range_i32(&mut rng, 3, 2), Err(GeomError::EmptyRange));
        assert_eq!(range_u64(&mut rng, 3, 2), Err(GeomError::EmptyRange));
        assert_eq!(weighted_index(&mut rng, &[]), Err(GeomError::NoWeight));
        assert_eq!(weighted_index(&mut rng, &[0, 0]), Err(GeomError::NoWeight));
    }

    #[test]
    fn extreme_ranges() {
        let mut rng = seeded_rng(2);
        for _ in 0..100 {
            let _ = range_i32(&mut rng, i32::MIN, i32::MAX).unwrap();
            let _ = range_u64(&mut rng, 0, u64::MAX).unwrap();
            assert_eq!(range_i32(&mut rng, -7, -7), Ok(-7));
            assert_eq!(weighted_index(&mut rng, &[0, 0, 5]), Ok(2));
        }
        let big = [u32::MAX; 8];
        assert!(weighted_index(&mut rng, &big).unwrap() < 8);
    }

    #[test]
    fn unit_float_in_range() {
        let mut rng = seeded_rng(3);
        for _ in 0..1000 {
            let f = unit_f64(&mut rng);
            assert!((0.0..1.0).contains(&f));
        }
        assert!(!chance(&mut rng, 0.0));
        assert!(!chance(&mut rng, f64::NAN));
        assert!(chance(&mut rng, 1.0));
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut rng = seeded_rng(4);
        let mut v: Vec<u32> = (0..100).collect();
        shuffle(&mut rng, &mut v);
        assert_ne!(v, (0..100).collect::<Vec<_>>());
        v.sort_unstable();
        assert_eq!(v, (0..100).collect::<Vec<_>>());
    }
}
