//! Bit counting without a popcount instruction: per-byte counts, and the
//! number and position sum of a word's set bits.

/// Per byte of `x`, the number of its set bits (each byte 0..=8).
#[inline(always)]
pub(super) fn byte_counts(x: u64) -> u64 {
    let x = x - ((x >> 1) & 0x5555_5555_5555_5555);
    let x = (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333);
    (x + (x >> 4)) & 0x0f0f_0f0f_0f0f_0f0f
}

pub(super) const BYTES: u64 = 0x0101_0101_0101_0101;

/// The number of set bits of `x` and the sum of their positions, without
/// a popcount instruction (not in baseline x86-64): per-byte counts of `x`
/// and of its bits at odd positions, at positions 2-3 mod 4 and 4-7 mod 8
/// give each byte's count and in-byte position sum, and two multiplies add
/// those up across bytes (every partial sum stays below 256).
#[inline(always)]
pub(super) fn count_and_sum(x: u64) -> (u64, u64) {
    let c = byte_counts(x);
    let within = byte_counts(x & 0xaaaa_aaaa_aaaa_aaaa)
        + 2 * byte_counts(x & 0xcccc_cccc_cccc_cccc)
        + 4 * byte_counts(x & 0xf0f0_f0f0_f0f0_f0f0);
    let n = c.wrapping_mul(BYTES) >> 56;
    let weighted = c.wrapping_mul(0x0001_0203_0405_0607) >> 56;
    (n, (within.wrapping_mul(BYTES) >> 56) + 8 * weighted)
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// Fixed words, then sparse, dense and mixed ones from a xorshift.
    pub(in crate::label) fn sample_words() -> Vec<u64> {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut words = vec![0, u64::MAX, 1, 1 << 63, 0x8000_0000_0000_0001];
        for _ in 0..2000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            // Sparse, dense and mixed words.
            let sparse = state & (state >> 17) & (state >> 31);
            words.extend([state, sparse, !sparse]);
        }
        words
    }

    #[test]
    fn bit_counts_and_position_sums() {
        let words = sample_words();
        for &x in &words {
            let n = u64::from(x.count_ones());
            let sum: u64 = (0..64).filter(|i| x >> i & 1 == 1).sum();
            assert_eq!(count_and_sum(x), (n, sum), "{x:#x}");
        }
    }
}
