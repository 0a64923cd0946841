//! Dial's bucket queue over bit planes, in place on the caller's buffers:
//! the engine behind [`crate::Algorithm::Buckets`] when no distance can
//! saturate.
//!
//! Why bit planes: a step out of a cell looks at its eight neighbours, and
//! most of them are walls or already reached. Reading `cost` and `dist` for
//! each of them is six cache lines per cell on a large map, in the
//! scattered order in which a bucket queue visits cells. Planes of one bit
//! per cell (two with two multipliers) are 32 (16) times smaller than the
//! distances and stay in cache; three 32-bit reads give the state of all
//! eight neighbours at once, and only the neighbours that can still improve
//! touch `cost`.
//!
//! The planes are padded: a border of walls around the map, rows of a
//! whole number of bytes. A queue entry is the cell's bit index; its row
//! comes out by a multiplication with the row length's reciprocal (no
//! division).
//!
//! # Never reading the distances
//!
//! Every step of one kind (cardinal or diagonal) into a cell weighs the
//! same: the kind's multiplier times the cell's cost. Cells leave the queue
//! in order of distance, so the first step of a kind that reaches a cell is
//! the best of that kind: later ones need not even be looked at. And when
//! the cheaper kind (say cardinal, `2 < 3`) has reached a cell from a cell
//! that left the queue no later than this one, a step of the dearer kind
//! cannot beat it either. So a cell is offered at most once per kind, the
//! queue is lazy (a cell's first entry out of the queue is its distance, a
//! later one is skipped), and the distance map is written once per cell,
//! when the cell leaves the queue, without any comparison reading it. With
//! one multiplier (`1, 0`, `1, 1`) a cell enters the queue once and nothing
//! is ever skipped, unless sources start at different values (a source is
//! then also offered through its neighbours, and the first of its entries
//! wins). Which entry is a later one is told by a plane of settled cells.

use crate::{Cost, DistanceError, UNREACHED};

/// Bit `k = 3 * dy + dx` of a neighbourhood window is the cell at
/// `(x + dx - 1, y + dy - 1)`; bit 4 is the cell itself.
const CARDINAL_BITS: u32 = 0b010_101_010;
const DIAGONAL_BITS: u32 = 0b101_000_101;

/// Reusable buffers of the engine.
#[derive(Debug, Default)]
pub(crate) struct Planes {
    /// One bit per padded cell: impassable (the border included).
    walls: Vec<u8>,
    /// Walls and cells offered a step. With one multiplier, one bit per
    /// padded cell (offered a step of any kind); with two, two bits per
    /// cell side by side (bit `2 p`: offered a step of the cheaper kind,
    /// `2 p + 1`: of the dearer kind), so that one read gives both.
    offered: Vec<u8>,
    /// Cells that left the queue (unless every cell enters it once).
    settled: Vec<u8>,
    /// Dial's circular buckets of padded bit indices.
    buckets: Vec<Vec<u32>>,
}

/// The moves of one run.
#[derive(Clone, Copy)]
pub(crate) struct Moves {
    /// Step multipliers (0: that kind of move is off; not both).
    pub cardinal: u32,
    pub diagonal: u32,
    pub corner_cutting: bool,
    /// The one cost of every passable cell, when there is one.
    pub uniform: Option<u16>,
    /// The largest step weight (`max multiplier * max cost`), at least 1.
    pub max_weight: u64,
}

/// Whether a map of `w x h` cells fits the engine's 32-bit bit indices.
pub(crate) fn fits(w: usize, h: usize) -> bool {
    (row_bits(w) as u64) * (h as u64 + 2) <= u64::from(u32::MAX)
}

/// Bits per padded row: `w + 2` plus three spare bytes (so that a 32-bit
/// read at any cell's byte never leaves its row), rounded up to whole
/// bytes.
fn row_bits(w: usize) -> usize {
    (w + 2 + 24).next_multiple_of(8)
}

/// `x / d` for every `x < 2^32` by one multiplication, `d` fixed: with
/// `m = floor((2^64 - 1) / d) + 1`, so that `2^64 / d <= m < 2^64 / d + 1`,
/// `x * m / 2^64` exceeds `x / d` by less than `x / 2^64 < 2^-32 < 1 / d`,
/// too little to reach the next integer (the fraction of `x / d` is at
/// most `1 - 1 / d`).
#[derive(Clone, Copy)]
struct Divider {
    m: u64,
}

impl Divider {
    /// For `2 <= d < 2^32`.
    fn new(d: usize) -> Divider {
        Divider {
            m: u64::MAX / d as u64 + 1,
        }
    }

    #[inline(always)]
    fn div(self, x: usize) -> usize {
        ((x as u128 * u128::from(self.m)) >> 64) as usize
    }
}

/// Grows `v` to `len` items fallibly.
fn sized<T: Clone>(v: &mut Vec<T>, len: usize, fill: T) -> Result<(), DistanceError> {
    v.clear();
    v.try_reserve(len)
        .map_err(|_| DistanceError::AllocationFailed {
            bytes: len.saturating_mul(size_of::<T>()),
        })?;
    v.resize(len, fill);
    Ok(())
}

/// The three bits of `plane` at `q, q + 1, q + 2` (bit indices).
#[inline(always)]
fn three(plane: &[u8], q: usize) -> u32 {
    let k = q >> 3;
    let word: [u8; 4] = plane[k..k + 4].try_into().expect("four bytes");
    (u32::from_le_bytes(word) >> (q & 7)) & 7
}

/// The 3x3 window of `plane` around bit index `p` (see [`CARDINAL_BITS`]).
#[inline(always)]
fn window(plane: &[u8], p: usize, row: usize) -> u32 {
    let q = p - row - 1;
    three(plane, q) | (three(plane, q + row) << 3) | (three(plane, q + 2 * row) << 6)
}

/// The 3x3 window of a plane of two bits per cell (see
/// [`Planes::offered`]) around bit index `p`: bits `2 k` and `2 k + 1` are
/// the pair of window cell `k` (numbered as in [`CARDINAL_BITS`]).
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

#[inline(always)]
fn get(plane: &[u8], p: usize) -> bool {
    (plane[p >> 3] >> (p & 7)) & 1 == 1
}

#[inline(always)]
fn set(plane: &mut [u8], p: usize) {
    plane[p >> 3] |= 1 << (p & 7);
}

impl Planes {
    /// Fills `dist` (in place) from the sources, which are `(value, cell
    /// index)` pairs sorted by value, every other cell holding
    /// [`UNREACHED`]. The caller guarantees that no sum can pass
    /// [`crate::SATURATED`], that `max_weight < 2^16`, and [`fits`]. On
    /// error `dist` is restored to its input.
    pub(crate) fn run<C: Cost>(
        &mut self,
        costs: &[C],
        dist: &mut [i32],
        w: usize,
        h: usize,
        moves: Moves,
        sources: &[(i32, u32)],
    ) -> Result<(), DistanceError> {
        let result = self.fill(costs, dist, w, h, moves, sources);
        if result.is_err() {
            dist.fill(UNREACHED);
            for &(v, i) in sources {
                dist[i as usize] = v;
            }
        }
        result
    }

    fn fill<C: Cost>(
        &mut self,
        costs: &[C],
        dist: &mut [i32],
        w: usize,
        h: usize,
        moves: Moves,
        sources: &[(i32, u32)],
    ) -> Result<(), DistanceError> {
        let row = row_bits(w);
        let by_row = Divider::new(row);
        let row_bytes = row >> 3;
        let plane_len = row_bytes * (h + 2);
        sized(&mut self.walls, plane_len, 0xFF)?;
        for (y, cells) in costs.chunks_exact(w).enumerate() {
            let out = &mut self.walls[(y + 1) * row_bytes..(y + 2) * row_bytes];
            // Bit x + 1 is cell x: bit 0 (the left border) stays set, and
            // so do the bits past the right end.
            let mut carry = 1u8;
            let mut chunks = cells.chunks_exact(8);
            let mut k = 0;
            for chunk in &mut chunks {
                let mut b = 0u8;
                for (j, &c) in chunk.iter().enumerate() {
                    b |= u8::from(c.cost() == 0) << j;
                }
                out[k] = (b << 1) | carry;
                carry = b >> 7;
                k += 1;
            }
            let rest = chunks.remainder();
            let mut b = 0xFFu8 << rest.len();
            for (j, &c) in rest.iter().enumerate() {
                b |= u8::from(c.cost() == 0) << j;
            }
            // Any bit past the row's last cell is already set (a wall).
            out[k] = (b << 1) | carry;
        }
        let one_multiplier = crate::scratch::one_multiplier(moves.cardinal, moves.diagonal);
        // With every source at one value no source can be improved (every
        // step adds at least 1), so sources need never be offered.
        let same_start = sources.first().map(|s| s.0) == sources.last().map(|s| s.0);
        // Whether a cell can enter the queue twice; the settled plane then
        // tells which entry came first. (Asking the distance map instead,
        // where a queued cell holds UNREACHED until it leaves the queue,
        // turns the write of a cold line into a read that stalls: slower
        // on sparse maps, though fewer L1 misses.)
        let lazy = !one_multiplier || !same_start;
        // With two multipliers the offered marks come in pairs.
        let pairs = !one_multiplier;
        if pairs {
            if self.offered.len() != 2 * plane_len {
                sized(&mut self.offered, 2 * plane_len, 0)?;
            }
            for (out, &walls) in self.offered.chunks_exact_mut(2).zip(&self.walls) {
                out.copy_from_slice(&SPREAD[usize::from(walls)].to_le_bytes());
            }
        } else {
            if self.offered.len() != plane_len {
                sized(&mut self.offered, plane_len, 0)?;
            }
            self.offered.copy_from_slice(&self.walls);
        }
        if lazy {
            sized(&mut self.settled, plane_len, 0)?;
        }

        let nb = (moves.max_weight as usize + 1).next_power_of_two();
        if self.buckets.len() < nb {
            let more = nb - self.buckets.len();
            self.buckets
                .try_reserve(more)
                .map_err(|_| DistanceError::AllocationFailed {
                    bytes: more.saturating_mul(size_of::<Vec<u32>>()),
                })?;
            self.buckets.resize_with(nb, Vec::new);
        }
        let mask = nb - 1;
        let buckets = &mut self.buckets[..nb];
        for b in buckets.iter_mut() {
            b.clear();
        }
        let bit = |u: usize| (u / w + 1) * row + u % w + 1;
        let mut marks = Marks {
            offered: &mut self.offered[..],
            settled: &mut self.settled[..],
        };
        if same_start {
            for &(_, u) in sources {
                let p = bit(u as usize);
                if pairs {
                    set(marks.offered, 2 * p);
                    set(marks.offered, 2 * p + 1);
                } else {
                    set(marks.offered, p);
                }
            }
        }

        let move_bits = if moves.cardinal != 0 {
            CARDINAL_BITS
        } else {
            0
        } | if moves.diagonal != 0 {
            DIAGONAL_BITS
        } else {
            0
        };
        let cheap_bits = if one_multiplier {
            move_bits
        } else if moves.cardinal < moves.diagonal {
            CARDINAL_BITS
        } else {
            DIAGONAL_BITS
        };
        // With one multiplier it is the larger of the two (the other is 0
        // or the same); with two, the cheap kind has the smaller one. Both
        // fit an i32: max_weight < 2^16.
        let (cheap_multiplier, dear_multiplier) = if one_multiplier {
            (moves.cardinal.max(moves.diagonal), 0)
        } else {
            (
                moves.cardinal.min(moves.diagonal),
                moves.cardinal.max(moves.diagonal),
            )
        };
        // Per window bit: the offset in `dist` and in the planes.
        let (wi, ri) = (w as isize, row as isize);
        let mut dist_off = [0isize; 9];
        let mut bit_off = [0isize; 9];
        for k in 0..9 {
            let (dx, dy) = (k as isize % 3 - 1, k as isize / 3 - 1);
            dist_off[k] = dy * wi + dx;
            bit_off[k] = dy * ri + dx;
        }
        let step = Step {
            costs,
            walls: &self.walls[..],
            row,
            cheap_bits,
            dear_bits: move_bits & !cheap_bits,
            corner_rule: moves.diagonal != 0 && !moves.corner_cutting,
            uniform: moves.uniform.map(i32::from),
            mask,
            cheap_pairs: pairs_of(cheap_bits),
            dear_pairs: pairs_of(move_bits & !cheap_bits),
            cheap_multiplier: cheap_multiplier as i32,
            dear_multiplier: dear_multiplier as i32,
            dist_off,
            bit_off,
        };
        let cell = |p: usize| {
            let y = by_row.div(p);
            (y - 1) * w + (p - y * row) - 1
        };
        let failed = |count: usize| DistanceError::AllocationFailed {
            bytes: 4usize.saturating_mul(count.max(256)),
        };

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
                let p = bit(u);
                if lazy {
                    // Reached for less through a neighbour: skip.
                    if get(marks.settled, p) {
                        continue;
                    }
                    set(marks.settled, p);
                }
                // `dist[u]` already holds `v`.
                let added = step.offer(p, u, v, &mut marks, buckets);
                count += added.ok_or_else(|| failed(count))?;
            }
            // Steps weigh 1 to max_weight < nb and no sum saturates, so no
            // step lands in the bucket being drained.
            let b = cur as u32 as usize & mask;
            core::mem::swap(&mut drained, &mut buckets[b]);
            for &p in &drained {
                let p = p as usize;
                let u = cell(p);
                if lazy {
                    if get(marks.settled, p) {
                        continue; // a later, larger entry of a settled cell
                    }
                    set(marks.settled, p);
                }
                dist[u] = cur;
                let added = step.offer(p, u, cur, &mut marks, buckets);
                count += added.ok_or_else(|| failed(count))?;
            }
            count -= drained.len();
            drained.clear();
            core::mem::swap(&mut drained, &mut buckets[b]);
            cur += 1;
        }
        Ok(())
    }
}

impl<C: Cost> Step<'_, C> {
    /// Queues cell `n` (bit index `q`), entered by a step of `multiplier`
    /// from a cell at distance `d`; `None` when its bucket cannot grow.
    #[inline(always)]
    fn queue(
        &self,
        n: usize,
        q: usize,
        d: i32,
        multiplier: i32,
        buckets: &mut [Vec<u32>],
    ) -> Option<()> {
        let c = match self.uniform {
            Some(c) => c,
            None => i32::from(self.costs[n].cost()),
        };
        let nd = d + multiplier * c;
        let bucket = &mut buckets[nd as u32 as usize & self.mask];
        if bucket.len() == bucket.capacity() {
            bucket.try_reserve(bucket.capacity().max(256)).ok()?;
        }
        bucket.push(q as u32);
        Some(())
    }

    /// The window bits whose diagonal step the corner rule allows (and
    /// every cardinal one).
    #[inline(always)]
    fn corner_allowed(&self, p: usize) -> u32 {
        let free = !window(self.walls, p, self.row);
        let ok = |a: u32, b: u32| (free >> a) & (free >> b) & 1;
        CARDINAL_BITS | ok(1, 3) | (ok(1, 5) << 2) | (ok(3, 7) << 6) | (ok(5, 7) << 8)
    }

    /// [`Step::offer`] with two multipliers, over the plane of pairs: bit
    /// `2 k` of the window is "cell `k` was offered a cheap step", `2 k +
    /// 1` "a dear step". A cheap step may go where no cheap step went; a
    /// dear step only where no step at all went. The lane of a set bit is
    /// its parity, and the bit to mark is the same bit in the plane.
    #[inline(always)]
    fn offer_pairs(
        &self,
        p: usize,
        u: usize,
        d: i32,
        marks: &mut Marks<'_>,
        buckets: &mut [Vec<u32>],
    ) -> Option<usize> {
        let v = window_pairs(marks.offered, p, self.row);
        // Cheap: the even bit clear. Dear: both bits of the pair clear,
        // read at the odd bit.
        let cheap = !v & EVEN_BITS & self.cheap_pairs;
        let dear = !(v | (v << 1)) & !EVEN_BITS & self.dear_pairs;
        let mut open = cheap | dear;
        if self.corner_rule {
            open &= pairs_of(self.corner_allowed(p));
        }
        let added = open.count_ones() as usize;
        let multiplier = [self.cheap_multiplier, self.dear_multiplier];
        while open != 0 {
            let t = open.trailing_zeros() as usize;
            open &= open - 1;
            let (k, lane) = (t >> 1, t & 1);
            let n = u.wrapping_add_signed(self.dist_off[k]);
            let q = p.wrapping_add_signed(self.bit_off[k]);
            set(marks.offered, 2 * q + lane);
            self.queue(n, q, d, multiplier[lane], buckets)?;
        }
        Some(added)
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

/// The planes a run marks.
struct Marks<'a> {
    offered: &'a mut [u8],
    settled: &'a mut [u8],
}

/// What one run needs to relax the steps out of a cell.
struct Step<'a, C> {
    costs: &'a [C],
    walls: &'a [u8],
    row: usize,
    /// The moves of the cheaper kind (with one multiplier: all of them)
    /// and of the dearer kind (with one multiplier: none).
    cheap_bits: u32,
    dear_bits: u32,
    /// The same as pair masks (see [`window_pairs`]).
    cheap_pairs: u32,
    dear_pairs: u32,
    /// The multipliers of the two kinds (with one multiplier: the one, and
    /// 0).
    cheap_multiplier: i32,
    dear_multiplier: i32,
    corner_rule: bool,
    uniform: Option<i32>,
    mask: usize,
    /// Per window bit: the offset in `dist` and in the planes.
    dist_off: [isize; 9],
    bit_off: [isize; 9],
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
        marks: &mut Marks<'_>,
        buckets: &mut [Vec<u32>],
    ) -> Option<usize> {
        if self.dear_bits != 0 {
            return self.offer_pairs(p, u, d, marks, buckets);
        }
        let mut open = !window(marks.offered, p, self.row) & self.cheap_bits;
        if self.corner_rule {
            open &= self.corner_allowed(p);
        }
        let added = open.count_ones() as usize;
        while open != 0 {
            let k = open.trailing_zeros() as usize;
            open &= open - 1;
            let n = u.wrapping_add_signed(self.dist_off[k]);
            let q = p.wrapping_add_signed(self.bit_off[k]);
            set(marks.offered, q);
            self.queue(n, q, d, self.cheap_multiplier, buckets)?;
        }
        Some(added)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn divider_divides_every_index() {
        for d in [2usize, 3, 7, 16, 40, 2080, 65_537, (1 << 31) + 11] {
            let by = Divider::new(d);
            for x in [0usize, 1, d - 1, d, d + 1, 12_345_678, u32::MAX as usize] {
                assert_eq!(by.div(x), x / d, "{x} / {d}");
            }
        }
    }

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
    fn windows_read_the_three_rows_around_a_cell() {
        // A 20-cell row of plane: set a few bits and read them back.
        let row = row_bits(20);
        let mut plane = vec![0u8; row / 8 * 4];
        let mut pairs = vec![0u8; row / 4 * 4];
        let p = row + 9; // row 1, column 9
        for (k, at) in [(0, p - row - 1), (4, p), (5, p + 1), (8, p + row + 1)] {
            set(&mut plane, at);
            set(&mut pairs, 2 * at + k % 2);
        }
        assert_eq!(window(&plane, p, row), 0b100_110_001);
        // Cell k's pair at bits 2k, 2k + 1: even k set its cheap bit, odd
        // k its dear bit.
        assert_eq!(
            window_pairs(&pairs, p, row),
            (1 << 0) | (1 << 8) | (1 << 11) | (1 << 16)
        );
        assert!(get(&plane, p) && !get(&plane, p - 1));
    }
}
