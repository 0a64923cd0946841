//! The lazy queue, for sources at several start values (a rescan of a
//! flee map, say).
//!
//! A source that starts high can be reached for less through a neighbour,
//! so sources are not marked offered beforehand, and a cell can be in the
//! queue twice: as a source and through a step, or, with two multipliers,
//! through one step of each kind. A step of the cheaper kind (say cardinal,
//! `2 < 3`) may go where no cheap step went; a dear step only where no step
//! at all went, since a cheap step taken from a cell that left the queue no
//! later beats it. A cell's first entry out of the queue is its distance;
//! the plane of settled cells tells a later one, which is skipped.
//!
//! With two multipliers the offered marks come in pairs, two bits per cell
//! side by side (bit `2 p`: offered a cheap step, `2 p + 1`: a dear one),
//! so that one read gives both.

use super::{Run, Step, get, push, queue_full, set};
use crate::{Cost, DistanceError};

/// Bits `2 k` and `2 k + 1` of a pair window are the pair of window cell
/// `k` (numbered as in [`super::CARDINAL_BITS`]).
#[inline(always)]
fn window_pairs(plane: &[u8], p: usize, row: usize) -> u32 {
    let q = p - row - 1;
    let mut v = 0;
    for (r, at) in [q, q + row, q + 2 * row].into_iter().enumerate() {
        let b = 2 * at;
        let k = b >> 3;
        let word: [u8; 4] = plane[k..k + 4].try_into().expect("four bytes");
        v |= ((u32::from_le_bytes(word) >> (b & 7)) & 63) << (6 * r);
    }
    v
}

/// The even (cheap) and odd (dear) bits of a pair window.
const EVEN_BITS: u32 = 0x5555_5555;

/// Each byte's bits spread to pairs: bit `i` of the index set in bits
/// `2 i` and `2 i + 1` (a wall is offered both kinds of step).
const SPREAD: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            if (b >> i) & 1 == 1 {
                t[b] |= 3 << (2 * i);
            }
            i += 1;
        }
        b += 1;
    }
    t
};

/// The plane of pairs of a walls plane (`pairs` twice as long).
pub(super) fn spread_walls(walls: &[u8], pairs: &mut [u8]) {
    for (out, &b) in pairs.chunks_exact_mut(2).zip(walls) {
        out.copy_from_slice(&SPREAD[usize::from(b)].to_le_bytes());
    }
}

/// The 9-bit window mask `m` with each bit doubled into a pair (see
/// [`window_pairs`]).
#[inline(always)]
fn pairs_of(m: u32) -> u32 {
    // Spread 9 bits to even positions, then double each.
    let mut x = m & 0x1FF;
    x = (x | (x << 8)) & 0x00FF_00FF;
    x = (x | (x << 4)) & 0x0F0F_0F0F;
    x = (x | (x << 2)) & 0x3333_3333;
    x = (x | (x << 1)) & 0x5555_5555;
    x | (x << 1)
}

/// Fills `run.dist` from `sources` (sorted by value, several values).
pub(super) fn run<C: Cost>(
    run: Run<'_, C>,
    settled: &mut [u8],
    sources: &[(i32, u32)],
) -> Result<(), DistanceError> {
    let Run {
        step,
        cells,
        dist,
        offered,
        buckets,
    } = run;
    let mut count = 0usize;
    let mut s = 0;
    let mut cur: i32 = 0;
    let mut drained: Vec<u32> = Vec::new();
    loop {
        if count == 0 {
            match sources.get(s) {
                Some(&(v, _)) => cur = v,
                None => break,
            }
        }
        while let Some(&(v, u)) = sources.get(s) {
            if v != cur {
                break;
            }
            s += 1;
            let u = u as usize;
            let p = cells.bit(u);
            if get(settled, p) {
                continue; // reached for less through a neighbour
            }
            set(settled, p);
            // `dist[u]` already holds `v`.
            count += step
                .offer(p, u, v, offered, buckets)
                .ok_or_else(|| queue_full(count, 4))?;
        }
        let b = cur as u32 as usize & step.mask;
        core::mem::swap(&mut drained, &mut buckets[b]);
        for &p in &drained {
            let p = p as usize;
            if get(settled, p) {
                continue; // a later, larger entry of a settled cell
            }
            set(settled, p);
            let u = cells.cell(p);
            dist[u] = cur;
            count += step
                .offer(p, u, cur, offered, buckets)
                .ok_or_else(|| queue_full(count, 4))?;
        }
        count -= drained.len();
        drained.clear();
        core::mem::swap(&mut drained, &mut buckets[b]);
        cur += 1;
    }
    Ok(())
}

impl<C: Cost> Step<'_, C> {
    /// Offers the neighbours of padded bit index `p` (cell `u`, which left
    /// the queue at distance `d`) the steps that can still help them;
    /// returns the entries added, or `None` when a bucket could not grow.
    #[inline(always)]
    fn offer(
        &self,
        p: usize,
        u: usize,
        d: i32,
        offered: &mut [u8],
        buckets: &mut [Vec<u32>],
    ) -> Option<usize> {
        if self.dear_bits != 0 {
            return self.offer_pairs(p, u, d, offered, buckets);
        }
        let mut open = self.open(offered, p) & self.cheap_bits;
        // Counted as they go: x86-64's baseline has no popcnt instruction.
        let mut added = 0;
        while open != 0 {
            let k = open.trailing_zeros() as usize;
            open &= open - 1;
            let n = u.wrapping_add_signed(self.dist_off[k]);
            let q = p.wrapping_add_signed(self.bit_off[k]);
            set(offered, q);
            let nd = d + self.cheap_multiplier * self.cost(n);
            push(&mut buckets[nd as u32 as usize & self.mask], q as u32)?;
            added += 1;
        }
        Some(added)
    }

    /// [`Step::offer`] with two multipliers, over the plane of pairs: bit
    /// `2 k` of the window is "cell `k` was offered a cheap step", `2 k +
    /// 1` "a dear step". The lane of a set bit is its parity, and the bit
    /// to mark is the same bit in the plane.
    #[inline(always)]
    fn offer_pairs(
        &self,
        p: usize,
        u: usize,
        d: i32,
        offered: &mut [u8],
        buckets: &mut [Vec<u32>],
    ) -> Option<usize> {
        let v = window_pairs(offered, p, self.row);
        // Cheap: the even bit clear. Dear: both bits of the pair clear,
        // read at the odd bit.
        let cheap = !v & EVEN_BITS & pairs_of(self.cheap_bits);
        let dear = !(v | (v << 1)) & !EVEN_BITS & pairs_of(self.dear_bits);
        let mut open = cheap | dear;
        if self.corner_rule {
            open &= pairs_of(self.corner_allowed(p));
        }
        let mut added = 0;
        let multiplier = [self.cheap_multiplier, self.dear_multiplier];
        while open != 0 {
            let t = open.trailing_zeros() as usize;
            open &= open - 1;
            let (k, lane) = (t >> 1, t & 1);
            let n = u.wrapping_add_signed(self.dist_off[k]);
            let q = p.wrapping_add_signed(self.bit_off[k]);
            set(offered, 2 * q + lane);
            let nd = d + multiplier[lane] * self.cost(n);
            push(&mut buckets[nd as u32 as usize & self.mask], q as u32)?;
            added += 1;
        }
        Some(added)
    }
}

#[cfg(test)]
mod tests {
    use super::super::row_bits;
    use super::*;

    #[test]
    fn pairs_double_each_bit() {
        for m in 0..512u32 {
            let naive = (0..9)
                .filter(|k| (m >> k) & 1 == 1)
                .fold(0, |out, k| out | (3 << (2 * k)));
            assert_eq!(pairs_of(m), naive, "{m:#b}");
        }
        for (b, &spread) in SPREAD.iter().enumerate() {
            assert_eq!(u32::from(spread), pairs_of(b as u32), "{b:#b}");
        }
    }

    #[test]
    fn pair_windows_read_the_three_rows_around_a_cell() {
        let row = row_bits(20);
        let mut pairs = vec![0u8; row / 4 * 4];
        let p = row + 9; // row 1, column 9
        for (k, at) in [(0, p - row - 1), (4, p), (5, p + 1), (8, p + row + 1)] {
            set(&mut pairs, 2 * at + k % 2);
        }
        // Cell k's pair at bits 2k, 2k + 1: even k set its cheap bit, odd
        // k its dear bit.
        assert_eq!(
            window_pairs(&pairs, p, row),
            (1 << 0) | (1 << 8) | (1 << 11) | (1 << 16)
        );
    }
}
