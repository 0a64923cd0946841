//! Pass one, part two: which runs of two adjacent rows touch, found with
//! bit operations instead of comparing run ends.
//!
//! With each row held as floor bit masks, every pair of runs that overlap
//! in columns is the start of exactly one run of `below & above` (two such
//! overlaps are always separated by a wall in one of the rows). A run's
//! number within its row is the count of run starts up to its column, a
//! `popcount` away. So the touching pairs come out of a loop over set bits
//! with no data-dependent branch but the loop's own end. For 8-connectivity
//! the only extra pairs are corner contacts: a run below starting exactly
//! where a run above ends, or the reverse.

/// One row as bits: floor mask, run starts and run ends (the column after a
/// run's last cell), and the number of run starts before each word.
#[derive(Clone, Debug, Default)]
pub(crate) struct RowBits {
    pub(crate) mask: Vec<u64>,
    pub(crate) starts: Vec<u64>,
    pub(crate) ends: Vec<u64>,
    /// `base[k]`: run starts in words `0..k` (filled by
    /// [`crate::runs::row_edges`]).
    pub(crate) base: Vec<u32>,
}

/// Bits `0..=b` of a word.
#[inline(always)]
fn upto(b: u32) -> u64 {
    u64::MAX >> (63 - b)
}

impl RowBits {
    /// Sizes the buffers for rows of `words` words, to be filled by
    /// [`crate::runs::row_edges`].
    pub(crate) fn resize(&mut self, words: usize) {
        self.mask.resize(words, 0);
        self.starts.resize(words, 0);
        self.ends.resize(words, 0);
        self.base.resize(words + 1, 0);
    }

    /// Number of the run (within this row) that starts at or before column
    /// `64 * k + b`, i.e. the run containing it or the last one before it.
    #[inline(always)]
    fn run_upto(&self, k: usize, b: u32) -> u32 {
        self.base[k] + (self.starts[k] & upto(b)).count_ones() - 1
    }
}

/// Calls `join(i, j)` for every run `i` of row `cur` and run `j` of row
/// `prev` (numbers within their rows) that touch: overlapping columns, and
/// with `eight` also a shared corner. A pair may be reported twice.
///
/// The three kinds of contact are marked by bits that never coincide (an
/// overlap starts on a column that is floor in both rows, a corner on one
/// that is floor in exactly one of them), and for all three the two runs
/// are "the last run starting at or before this column" in each row. So a
/// single loop over their union serves them all.
///
/// The contact columns of the whole row are gathered first (branch-free for
/// words with few of them) and then visited in one loop, so words without
/// contacts cost no mispredicted loop exits. `buf` must hold at least
/// `64 * words + 1` values.
#[inline(always)]
pub(crate) fn touching(
    cur: &RowBits,
    prev: &RowBits,
    eight: bool,
    buf: &mut [u32],
    mut join: impl FnMut(u32, u32),
) {
    let mut carry = 0u64;
    let mut n = 0;
    for k in 0..cur.mask.len() {
        let both = cur.mask[k] & prev.mask[k];
        let mut t = both & !((both << 1) | carry);
        carry = both >> 63;
        if eight {
            // A run below starts where a run above has just ended, or the
            // reverse.
            t |= (cur.starts[k] & prev.ends[k]) | (cur.ends[k] & prev.starts[k]);
        }
        n = crate::runs::push_bits(t, 64 * k as u32, buf, n);
    }
    for &x in &buf[..n] {
        let (k, b) = ((x / 64) as usize, x % 64);
        join(cur.run_upto(k, b), prev.run_upto(k, b));
    }
}

/// [`touching`] for two rows labelled as pairs (8-connectivity, see
/// [`crate::runs::pair_edges`]): the contacts are found between `cur_top`,
/// the upper row of this pair, and `prev_bottom`, the lower row of the pair
/// above; `join(i, j)` receives the numbers of the pair runs `i` of `cur`
/// and `j` of `prev` that hold them.
///
/// A contact column is floor in the row that the run number is taken for,
/// or (at a corner) it is the column right after that row's run, where the
/// pair has no run start either since the cell before it is floor. So "the
/// last pair run starting at or before the column" is the right run.
#[inline(always)]
pub(crate) fn touching_pairs(
    cur_top: &RowBits,
    prev_bottom: &RowBits,
    cur: &RowBits,
    prev: &RowBits,
    buf: &mut [u32],
    mut join: impl FnMut(u32, u32),
) {
    let mut carry = 0u64;
    let mut n = 0;
    for k in 0..cur_top.mask.len() {
        let both = cur_top.mask[k] & prev_bottom.mask[k];
        let mut t = both & !((both << 1) | carry);
        carry = both >> 63;
        t |= (cur_top.starts[k] & prev_bottom.ends[k]) | (cur_top.ends[k] & prev_bottom.starts[k]);
        n = crate::runs::push_bits(t, 64 * k as u32, buf, n);
    }
    for &x in &buf[..n] {
        let (k, b) = ((x / 64) as usize, x % 64);
        join(cur.run_upto(k, b), prev.run_upto(k, b));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bits(row: &str) -> RowBits {
        let mut r = RowBits::default();
        r.resize(row.len().div_ceil(64));
        for (i, c) in row.bytes().enumerate() {
            if c == b'#' {
                r.mask[i / 64] |= 1 << (i % 64);
            }
        }
        let mut carry = 0;
        for k in 0..r.mask.len() {
            let m = r.mask[k];
            let t = m ^ ((m << 1) | carry);
            carry = m >> 63;
            r.starts[k] = t & m;
            r.ends[k] = t & !m;
        }
        let mut count = 0;
        for k in 0..r.mask.len() {
            r.base[k] = count;
            count += r.starts[k].count_ones();
        }
        r.base[r.mask.len()] = count;
        r
    }

    fn pairs(cur: &str, prev: &str, eight: bool) -> Vec<(u32, u32)> {
        let mut v = Vec::new();
        let (c, p) = (bits(cur), bits(prev));
        let mut buf = vec![0; 64 * c.mask.len() + 5];
        touching(&c, &p, eight, &mut buf, |i, j| v.push((i, j)));
        v.sort_unstable();
        v.dedup();
        v
    }

    #[test]
    fn overlaps_and_corners() {
        // above: runs 0 = [0,2), 1 = [3,5), 2 = [7,8)
        let above = "##.##..#";
        let below = ".####.#.";
        assert_eq!(pairs(below, above, false), [(0, 0), (0, 1)]);
        assert_eq!(pairs(below, above, true), [(0, 0), (0, 1), (1, 2)]);
        assert_eq!(pairs("..#.....", "##......", true), [(0, 0)]);
        assert_eq!(pairs("..#.....", "##......", false), []);
        assert_eq!(pairs("##......", "..#.....", true), [(0, 0)]);
    }

    #[test]
    fn across_word_boundaries() {
        let mut above = vec![b'.'; 130];
        let mut below_row = vec![b'.'; 130];
        above[60..70].fill(b'#'); // run 0 of above spans words 0 and 1
        below_row[63] = b'#'; // run 0
        below_row[64] = b'.';
        below_row[65..128].fill(b'#'); // run 1, to the end of word 1
        above[127..130].fill(b'#'); // run 1 of above, spans words 1 and 2
        below_row[129] = b'#'; // run 2 (touches above's run 1)
        let a = String::from_utf8(above).unwrap();
        let b = String::from_utf8(below_row).unwrap();
        assert_eq!(pairs(&b, &a, false), [(0, 0), (1, 0), (1, 1), (2, 1)]);
        // A corner across the word boundary: above ends at 64, below starts at 64.
        let mut above = vec![b'.'; 100];
        above[60..64].fill(b'#');
        let mut below_row = vec![b'.'; 100];
        below_row[64..66].fill(b'#');
        let a = String::from_utf8(above).unwrap();
        let b = String::from_utf8(below_row).unwrap();
        assert_eq!(pairs(&b, &a, true), [(0, 0)]);
        assert_eq!(pairs(&a, &b, true), [(0, 0)]);
        assert_eq!(pairs(&b, &a, false), []);
    }
}
