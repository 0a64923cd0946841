//! Statistics of the runs of a pair scan, from bit counts over the two
//! rows' floor masks.

use super::Labeller;
use super::bits::{BYTES, byte_counts, count_and_sum};
use crate::cells::{Cells, FloorCell};
use crate::stats::RegionStats;

impl Labeller {
    /// After a pair scan that kept the masks: adds every pair run to the
    /// statistics of its region. A pair run `s..e` has a floor cell in
    /// every column (on one row or both), so its columns span exactly
    /// `s..=e - 1`, its area is `e - s` plus the columns floor on both rows,
    /// and its column sum is that of `s..e` plus those columns' sum; the
    /// rows come from the count on the lower row. All of it is bit counts
    /// over the span, without a branch per cell or per row run.
    pub(super) fn pair_stats<T: FloorCell>(&self, cells: &Cells<'_, T>, stats: &mut [RegionStats]) {
        let words = (cells.width() as usize).div_ceil(64);
        for p in 0..self.row_start.len() - 1 {
            for r in self.row_start[p]..self.row_start[p + 1] {
                let (s, e) = self.run(r);
                self.add_pair_run(words, p, s, e, &mut stats[self.parent[r as usize] as usize]);
            }
        }
    }

    /// Adds run `s..e` of pair `p` to `stats` (see [`Labeller::pair_stats`]).
    #[inline(always)]
    fn add_pair_run(&self, words: usize, p: usize, s: u32, e: u32, stats: &mut RegionStats) {
        let top = &self.masks[2 * p * words..(2 * p + 1) * words];
        let bottom = &self.masks[(2 * p + 1) * words..(2 * p + 2) * words];
        let (both, both_sum, lower) = span_counts(top, bottom, s as usize, e as usize);
        let len = u64::from(e - s);
        let area = len + both;
        let sum_x = (u64::from(s) + u64::from(e) - 1) * len / 2 + both_sum;
        stats.add_pair(2 * p as u32, area, lower, (s, e - 1), sum_x);
    }
}

/// Over columns `s..e` (`s < e`) of a pair of rows: the number of columns
/// floor on both, the sum of those columns, and the number of floor cells
/// on the lower row.
#[inline(always)]
fn span_counts(top: &[u64], bottom: &[u64], s: usize, e: usize) -> (u64, u64, u64) {
    let (k0, k1) = (s / 64, (e - 1) / 64);
    let (mut both, mut sum, mut lower) = (0u64, 0u64, 0u64);
    for k in k0..=k1 {
        let lo = if k == k0 { s % 64 } else { 0 };
        let hi = if k == k1 { (e - 1) % 64 } else { 63 };
        let span = (u64::MAX >> (63 - hi)) & (u64::MAX << lo);
        let (n, at) = count_and_sum(top[k] & bottom[k] & span);
        both += n;
        sum += at + 64 * k as u64 * n;
        lower += byte_counts(bottom[k] & span).wrapping_mul(BYTES) >> 56;
    }
    (both, sum, lower)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::label::bits::tests::sample_words;

    #[test]
    fn span_counts_and_position_sums() {
        let words = sample_words();
        // Spans over several words.
        let top = [words[5], words[6], words[7]];
        let bottom = [words[8], words[9], words[10]];
        for s in 0..192 {
            for e in s + 1..=192 {
                let bit = |m: &[u64; 3], x: usize| m[x / 64] >> (x % 64) & 1 == 1;
                let both: Vec<usize> = (s..e)
                    .filter(|&x| bit(&top, x) && bit(&bottom, x))
                    .collect();
                let lower = (s..e).filter(|&x| bit(&bottom, x)).count() as u64;
                let expected = (
                    both.len() as u64,
                    both.iter().map(|&x| x as u64).sum(),
                    lower,
                );
                assert_eq!(span_counts(&top, &bottom, s, e), expected, "{s}..{e}");
            }
        }
    }
}
