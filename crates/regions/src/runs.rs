//! Pass one, part one: the runs of floor in a row, found 64 cells at a time.
//!
//! A row is turned into a 64-bit mask per 64 cells (bit `i` set = cell `i`
//! is floor). The columns where floor starts or stops are the set bits of
//! `mask ^ (mask << 1 | carry)`; they come in pairs `start, end` (end
//! exclusive). Words with no transition, which is most of a dungeon or cave
//! map, cost a handful of instructions for 64 cells; the remaining cost is
//! one store per run boundary.

use crate::cells::FloorCell;

const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
const HIGH: u64 = 0x8080_8080_8080_8080;
/// Multiplying bytes that are 0 or 1 by this gathers byte `i` into bit
/// `56 + i`: the partial products of different bytes never collide.
const GATHER: u64 = 0x0102_0408_1020_4080;

/// Bit `i` of the result is set when `cells[i]` is floor (`cells.len() == 8`).
#[inline(always)]
fn mask8<T: FloorCell>(cells: &[T]) -> u64 {
    let x = u64::from_le_bytes([
        cells[0].floor_byte(),
        cells[1].floor_byte(),
        cells[2].floor_byte(),
        cells[3].floor_byte(),
        cells[4].floor_byte(),
        cells[5].floor_byte(),
        cells[6].floor_byte(),
        cells[7].floor_byte(),
    ]);
    // High bit of each byte: set iff the byte is nonzero (SWAR, no carries
    // cross bytes because the low seven bits are added to 0x7f at most).
    let nonzero = (((x & LOW7) + LOW7) | x) & HIGH;
    (nonzero >> 7).wrapping_mul(GATHER) >> 56
}

/// Bit `i` of the result is set when `cells[i]` is floor (`cells.len() <= 64`).
#[inline(always)]
fn mask64<T: FloorCell>(cells: &[T]) -> u64 {
    if cells.len() == 64 {
        let mut m = 0;
        for (k, chunk) in cells.chunks_exact(8).enumerate() {
            m |= mask8(chunk) << (8 * k);
        }
        m
    } else {
        cells
            .iter()
            .enumerate()
            .fold(0, |m, (i, c)| m | (u64::from(c.floor_byte() != 0) << i))
    }
}

/// Appends the positions `base + i` of the set bits `i` of `t` to `out`
/// from index `n`, ascending, and returns the new length. `out` must have
/// room for one more value than it will hold.
///
/// The first four bits are taken without a branch (a store that does not
/// advance `n` is overwritten later), so a word with up to four bits, the
/// usual case on dungeon and cave maps, costs no mispredicted loop exit.
#[inline(always)]
pub(crate) fn push_bits(mut t: u64, base: u32, out: &mut [u32], mut n: usize) -> usize {
    for _ in 0..4 {
        out[n] = base.wrapping_add(t.trailing_zeros());
        n += usize::from(t != 0);
        t &= t.wrapping_sub(1);
    }
    while t != 0 {
        out[n] = base + t.trailing_zeros();
        n += 1;
        t &= t - 1;
    }
    n
}

/// Writes the run boundaries of `row` into `out` (start, end, start, end...;
/// ends exclusive) and returns how many were written, always even; the
/// floor masks go to `masks` (word `k` covers cells `64k..64k+64`).
/// `out` must hold at least `row.len() + 2` values and `masks`
/// `row.len().div_ceil(64)` words.
#[inline]
pub(crate) fn row_edges<T: FloorCell>(row: &[T], out: &mut [u32], masks: &mut [u64]) -> usize {
    let mut n = 0;
    let mut carry = 0u64; // 1 when the cell before this word is floor
    let mut base = 0u32;
    for (chunk, mask) in row.chunks(64).zip(masks.iter_mut()) {
        let m = mask64(chunk);
        *mask = m;
        let mut t = m ^ ((m << 1) | carry);
        carry = m >> 63;
        if chunk.len() < 64 {
            // The last partial word: the shift must not invent a boundary
            // past its end, and carry must describe its last cell.
            t &= (1u64 << chunk.len()) - 1;
            carry = (m >> (chunk.len() - 1)) & 1;
        }
        n = push_bits(t, base, out, n);
        base = base.wrapping_add(64);
    }
    if carry != 0 {
        // The row ends on floor: close the last run.
        out[n] = row.len() as u32;
        n += 1;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    fn naive(row: &[u8]) -> Vec<u32> {
        let mut v = Vec::new();
        let mut prev = false;
        for (i, &c) in row.iter().enumerate() {
            let f = c != 0;
            if f != prev {
                v.push(i as u32);
            }
            prev = f;
        }
        if prev {
            v.push(row.len() as u32);
        }
        v
    }

    #[test]
    fn mask8_every_pattern() {
        for pattern in 0u32..256 {
            // Use varied nonzero bytes (incl. 0x80 and 0xff) for floor.
            let bytes: Vec<u8> = (0..8)
                .map(|i| {
                    if pattern >> i & 1 == 1 {
                        [1u8, 0x80, 0xff, 0x7f, 2, 0x81, 0x40, 3][i]
                    } else {
                        0
                    }
                })
                .collect();
            assert_eq!(mask8(&bytes), u64::from(pattern), "pattern {pattern:08b}");
            let bools: Vec<bool> = bytes.iter().map(|&b| b != 0).collect();
            assert_eq!(mask8(&bools), u64::from(pattern));
        }
    }

    #[test]
    fn edges_match_naive_on_many_rows() {
        let mut state = 0x1234_5678_9abc_def0u64;
        let mut out = vec![0u32; 402];
        let mut masks = vec![0u64; 8];
        for len in 0..300usize {
            for density in [1u64, 3, 5, 7] {
                let row: Vec<u8> = (0..len)
                    .map(|_| {
                        state ^= state << 13;
                        state ^= state >> 7;
                        state ^= state << 17;
                        u8::from(state % 8 < density) * (1 + (state >> 40) as u8 % 200)
                    })
                    .collect();
                let n = row_edges(&row, &mut out, &mut masks);
                assert_eq!(&out[..n], &naive(&row)[..], "len {len}");
            }
        }
        assert_eq!(row_edges(&[1u8; 64], &mut out, &mut masks), 2);
        assert_eq!(&out[..2], &[0, 64]);
        assert_eq!(row_edges(&[1u8; 65], &mut out, &mut masks), 2);
        assert_eq!(&masks[..2], &[u64::MAX, 1]);
        assert_eq!(&out[..2], &[0, 65]);
    }
}
