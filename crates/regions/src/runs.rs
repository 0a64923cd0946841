//! Pass one, part one: the runs of floor in a row, found 64 cells at a time.
//!
//! A row is turned into a 64-bit mask per 64 cells (bit `i` set = cell `i`
//! is floor). The columns where floor starts or stops are the set bits of
//! `mask ^ (mask << 1 | carry)`; they come in pairs `start, end` (end
//! exclusive). Words with no transition, which is most of a dungeon or cave
//! map, cost a handful of instructions for 64 cells; the remaining cost is
//! one store per run boundary.

use crate::cells::FloorCell;
use crate::rowbits::RowBits;

const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
const HIGH: u64 = 0x8080_8080_8080_8080;
/// The high bit of each byte of the eight cells as a word: byte `i` has
/// `0x80` when `cells[i]` is floor (`cells.len() == 8`).
#[inline(always)]
fn high_bits8<T: FloorCell>(cells: &[T]) -> u64 {
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
    // Nonzero bytes get their high bit (SWAR, no carries cross bytes
    // because the low seven bits are added to 0x7f at most).
    (((x & LOW7) + LOW7) | x) & HIGH
}

/// Bit `i` of the result is set when `cells[i]` is floor (`cells.len() <= 64`).
#[inline(always)]
fn mask64<T: FloorCell>(cells: &[T]) -> u64 {
    if cells.len() == 64 {
        // Gather group k's high bits into bit k of every byte (bit 8j + k
        // stands for cell 8k + j), then transpose that 8x8 bit matrix
        // (Hacker's Delight 7-3). About half the work of one multiply per
        // group, and no 64-bit vector multiplies for SSE2 to emulate.
        let mut x = 0u64;
        for (k, group) in cells.chunks_exact(8).enumerate() {
            x |= high_bits8(group) >> (7 - k);
        }
        let t = (x ^ (x >> 7)) & 0x00AA_00AA_00AA_00AA;
        x ^= t ^ (t << 7);
        let t = (x ^ (x >> 14)) & 0x0000_CCCC_0000_CCCC;
        x ^= t ^ (t << 14);
        let t = (x ^ (x >> 28)) & 0x0000_0000_F0F0_F0F0;
        x ^ t ^ (t << 28)
    } else {
        cells
            .iter()
            .enumerate()
            .fold(0, |m, (i, c)| m | (u64::from(c.floor_byte() != 0) << i))
    }
}

/// Appends the positions `base + i` of the set bits `i` of `t` to `out`
/// from index `n`, ascending, and returns the new length. `out` must have
/// room for four more values than it will hold.
///
/// The first four bits are taken without a branch: four stores at fixed
/// offsets (a store past the real count is overwritten later) and a count
/// that does not wait for them. So a word with up to four bits, the usual
/// case on dungeon and cave maps, costs no mispredicted loop exit.
#[inline(always)]
pub(crate) fn push_bits(t: u64, base: u32, out: &mut [u32], mut n: usize) -> usize {
    let t1 = t & t.wrapping_sub(1);
    let t2 = t1 & t1.wrapping_sub(1);
    let t3 = t2 & t2.wrapping_sub(1);
    let slots = &mut out[n..n + 4];
    slots[0] = base.wrapping_add(t.trailing_zeros());
    slots[1] = base.wrapping_add(t1.trailing_zeros());
    slots[2] = base.wrapping_add(t2.trailing_zeros());
    slots[3] = base.wrapping_add(t3.trailing_zeros());
    n += usize::from(t != 0) + usize::from(t1 != 0) + usize::from(t2 != 0) + usize::from(t3 != 0);
    let mut t = t3 & t3.wrapping_sub(1);
    while t != 0 {
        out[n] = base + t.trailing_zeros();
        n += 1;
        t &= t - 1;
    }
    n
}

/// Writes the run boundaries of `row` into `out` (start, end, start, end...;
/// ends exclusive) and returns how many were written, always even; fills
/// `bits` (sized for the row) with the row's masks: floor, run starts, run
/// ends, and the number of runs starting before each word.
/// `out` must hold at least `row.len() + 5` values.
#[inline]
pub(crate) fn row_edges<T: FloorCell>(row: &[T], out: &mut [u32], bits: &mut RowBits) -> usize {
    let mut n = 0usize;
    let mut carry = 0u64; // 1 when the cell before this word is floor
    let mut base = 0u32;
    for (k, chunk) in row.chunks(64).enumerate() {
        // Boundaries alternate start, end: (n + 1) / 2 runs have started.
        bits.base[k] = n.div_ceil(2) as u32;
        let m = mask64(chunk);
        let mut t = m ^ ((m << 1) | carry);
        carry = m >> 63;
        if chunk.len() < 64 {
            // The last partial word: the shift must not invent a boundary
            // past its end, and carry must describe its last cell.
            t &= (1u64 << chunk.len()) - 1;
            carry = (m >> (chunk.len() - 1)) & 1;
        }
        bits.mask[k] = m;
        bits.starts[k] = t & m;
        bits.ends[k] = t & !m;
        n = push_bits(t, base, out, n);
        base = base.wrapping_add(64);
    }
    if carry != 0 {
        // The row ends on floor: close the last run.
        out[n] = row.len() as u32;
        n += 1;
    }
    bits.base[row.len().div_ceil(64)] = (n / 2) as u32;
    n
}

/// Two rows at once, for 8-connectivity: fills `top` and `bot` with each
/// row's floor mask, run starts and run ends (`bot` all wall when `bottom`
/// is `None`, the last row of an odd-height map), and writes the runs of
/// their union `top | bottom` into `out` as [`row_edges`] does, with their
/// masks and counts in `pair`.
///
/// With 8-connectivity every run of the union is connected: in two adjacent
/// columns that each hold a floor cell of the pair, those cells are at most
/// one step apart diagonally, and two floor cells of one column are
/// neighbours. So a pair of rows can be labelled as one row of such runs,
/// which halves the runs, the row merges and the unions.
/// `out` must hold at least `top.len() + 5` values; only `pair.starts` and
/// `pair.base` are filled for `pair`.
#[inline]
pub(crate) fn pair_edges<T: FloorCell>(
    top: &[T],
    bottom: Option<&[T]>,
    out: &mut [u32],
    bits: [&mut RowBits; 3],
) -> usize {
    let [tb, bb, pair] = bits;
    let len = top.len();
    let mut n = 0usize;
    let (mut c0, mut c1, mut carry) = (0u64, 0u64, 0u64);
    let mut base = 0u32;
    for (k, chunk) in top.chunks(64).enumerate() {
        pair.base[k] = n.div_ceil(2) as u32;
        let m0 = mask64(chunk);
        let m1 = match bottom {
            Some(b) => mask64(&b[64 * k..64 * k + chunk.len()]),
            None => 0,
        };
        // Row edges past the end of a partial word can only be ends at
        // column `len`, which no start of another row ever meets.
        let t0 = m0 ^ ((m0 << 1) | c0);
        let t1 = m1 ^ ((m1 << 1) | c1);
        (c0, c1) = (m0 >> 63, m1 >> 63);
        tb.mask[k] = m0;
        tb.starts[k] = t0 & m0;
        tb.ends[k] = t0 & !m0;
        bb.mask[k] = m1;
        bb.starts[k] = t1 & m1;
        bb.ends[k] = t1 & !m1;
        let m = m0 | m1;
        let mut t = m ^ ((m << 1) | carry);
        carry = m >> 63;
        if chunk.len() < 64 {
            t &= (1u64 << chunk.len()) - 1;
            carry = (m >> (chunk.len() - 1)) & 1;
        }
        pair.starts[k] = t & m;
        n = push_bits(t, base, out, n);
        base = base.wrapping_add(64);
    }
    if carry != 0 {
        out[n] = len as u32;
        n += 1;
    }
    pair.base[len.div_ceil(64)] = (n / 2) as u32;
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
    fn mask64_every_byte_pattern_in_every_group() {
        let floor = [1u8, 0x80, 0xff, 0x7f, 2, 0x81, 0x40, 3];
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for pattern in 0u32..256 {
            for group in 0..8 {
                let cells: Vec<u8> = (0..64)
                    .map(|i| {
                        let on = if i / 8 == group {
                            pattern >> (i % 8) & 1 == 1
                        } else {
                            state ^= state << 13;
                            state ^= state >> 7;
                            state ^= state << 17;
                            state & 1 == 1
                        };
                        if on { floor[i % 8] } else { 0 }
                    })
                    .collect();
                let naive = cells
                    .iter()
                    .enumerate()
                    .fold(0u64, |m, (i, &c)| m | (u64::from(c != 0) << i));
                assert_eq!(
                    mask64(&cells),
                    naive,
                    "pattern {pattern:08b} in group {group}"
                );
                let bools: Vec<bool> = cells.iter().map(|&c| c != 0).collect();
                assert_eq!(mask64(&bools), naive);
            }
        }
    }

    #[test]
    fn edges_match_naive_on_many_rows() {
        let mut state = 0x1234_5678_9abc_def0u64;
        let mut out = vec![0u32; 405];
        let mut bits = RowBits::default();
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
                bits.resize(len.div_ceil(64));
                let n = row_edges(&row, &mut out, &mut bits);
                let words = len.div_ceil(64);
                for (k, &before) in bits.base[..=words].iter().enumerate() {
                    let x = (64 * k).min(len) as u32;
                    let started = naive(&row).iter().step_by(2).filter(|&&s| s < x).count();
                    assert_eq!(before as usize, if k == words { n / 2 } else { started });
                }
                assert_eq!(&out[..n], &naive(&row)[..], "len {len}");
            }
        }
        assert_eq!(
            {
                bits.resize(1);
                row_edges(&[1u8; 64], &mut out, &mut bits)
            },
            2
        );
        assert_eq!(&out[..2], &[0, 64]);
        assert_eq!(
            {
                bits.resize(2);
                row_edges(&[1u8; 65], &mut out, &mut bits)
            },
            2
        );
        assert_eq!(&bits.mask[..2], &[u64::MAX, 1]);
        assert_eq!(&out[..2], &[0, 65]);
    }
}
