//! Dial's bucket queue over bit planes, in place on the caller's buffers:
//! the engine behind [`crate::Algorithm::Buckets`] (and rings on sparse or
//! large maps) when no distance can saturate.
//!
//! Why bit planes: a step out of a cell looks at its eight neighbours, and
//! most of them are walls or already reached. Reading `cost` and `dist` for
//! each of them is six cache lines per cell on a large map, in the
//! scattered order in which a bucket queue visits cells. A plane of one bit
//! per cell is 32 times smaller than the distances and stays in cache;
//! three 32-bit reads give the state of all eight neighbours at once, and
//! only the neighbours that can still improve touch `cost`.
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
//! the best of that kind: later ones need not even be looked at. The
//! distance map is written once per cell, when the cell leaves the queue,
//! without any comparison reading it. On this the engine of [`waves`]
//! builds: a dearer step, and a source's own start value, are held back
//! until every step that could beat them has been offered, so that every
//! cell is offered one step and enters the queue once. One plane of marks,
//! nothing ever skipped.

mod waves;

use crate::meter::fresh;
use crate::{Cost, DistanceError, UNREACHED};

/// Bit `k = 3 * dy + dx` of a neighbourhood window is the cell at
/// `(x + dx - 1, y + dy - 1)`; bit 4 is the cell itself.
const CARDINAL_BITS: u32 = 0b010_101_010;
const DIAGONAL_BITS: u32 = 0b101_000_101;

/// Reusable buffers of the engines.
#[derive(Debug, Default)]
pub(crate) struct Planes {
    /// One bit per padded cell: impassable (the border included).
    walls: Vec<u8>,
    /// Walls and cells offered a step: one bit per padded cell.
    offered: Vec<u8>,
    /// Dial's circular buckets of padded bit indices.
    buckets: Vec<Vec<u32>>,
    /// [`waves::uniform`]: the cells that left the queue in the last
    /// buckets, whose dearer steps are still to come.
    history: Vec<Vec<u32>>,
    /// [`waves::costed`]: per bucket, the dearer steps to decide then.
    later: Vec<Vec<u64>>,
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

/// Whether every allowed step has the same multiplier (moves of one kind,
/// or both kinds alike): then each step into a cell weighs the same.
pub(crate) fn one_multiplier(cardinal: u32, diagonal: u32) -> bool {
    cardinal == 0 || diagonal == 0 || cardinal == diagonal
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

/// Between cell indices of the map (`y * w + x`) and bit indices of the
/// padded planes.
#[derive(Clone, Copy)]
struct Cells {
    w: usize,
    row: usize,
    by_row: Divider,
}

impl Cells {
    #[inline(always)]
    fn bit(self, u: usize) -> usize {
        (u / self.w + 1) * self.row + u % self.w + 1
    }

    #[inline(always)]
    fn cell(self, p: usize) -> usize {
        let y = self.by_row.div(p);
        (y - 1) * self.w + (p - y * self.row) - 1
    }
}

/// The engine's working memory before its queues grow, for a `w x h` map
/// and rings of `nb` lists: the two planes (one bit a padded cell, rows of
/// [`row_bits`]) and the rings of buckets and of held-back steps (24 bytes
/// a list each).
pub(crate) fn fixed_bytes(w: usize, h: usize, nb: u64) -> u64 {
    let plane = (row_bits(w) as u64 / 8).saturating_mul(h as u64 + 2);
    plane
        .saturating_mul(2)
        .saturating_add(nb.saturating_mul(48))
}

/// At least `len` empty vectors in `v`, grown fallibly.
fn rings<T>(v: &mut Vec<Vec<T>>, len: usize) -> Result<&mut [Vec<T>], DistanceError> {
    if v.len() < len {
        let more = len - v.len();
        v.try_reserve_exact(more)
            .map_err(|_| DistanceError::AllocationFailed {
                bytes: more.saturating_mul(size_of::<Vec<T>>()),
            })?;
        v.resize_with(len, Vec::new);
    }
    let v = &mut v[..len];
    for b in v.iter_mut() {
        b.clear();
    }
    Ok(v)
}

/// Pushes `x` onto `v`, growing it fallibly; `None` when it cannot grow.
#[inline(always)]
fn push<T>(v: &mut Vec<T>, x: T) -> Option<()> {
    if v.len() == v.capacity() {
        if !may_grow(v.capacity(), size_of::<T>()) {
            return None;
        }
        v.try_reserve(v.capacity().max(256)).ok()?;
    }
    v.push(x);
    Some(())
}

/// Whether a full queue of `cap` items of `size` bytes may double (at
/// least 256 items more), counted against the call's ceiling (see
/// [`crate::meter`]).
#[cold]
#[inline(never)]
fn may_grow(cap: usize, size: usize) -> bool {
    crate::meter::grow(cap * size, (cap + cap.max(256)) * size)
}

/// The error of a queue that could not grow past `entries` entries of
/// `size` bytes: over the call's ceiling, or refused by the allocator.
#[cold]
#[inline(never)]
fn queue_full(entries: usize, size: usize) -> DistanceError {
    crate::meter::refusal(size.saturating_mul(entries.max(256)))
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

#[inline(always)]
fn get(plane: &[u8], p: usize) -> bool {
    (plane[p >> 3] >> (p & 7)) & 1 == 1
}

#[inline(always)]
fn set(plane: &mut [u8], p: usize) {
    plane[p >> 3] |= 1 << (p & 7);
}

/// The heap bytes a vector keeps (its capacity, not its length).
pub(crate) fn vec_bytes<T>(v: &Vec<T>) -> usize {
    v.capacity() * core::mem::size_of::<T>()
}

/// The heap bytes a vector of vectors keeps, the inner ones included.
pub(crate) fn nested_bytes<T>(v: &Vec<Vec<T>>) -> usize {
    vec_bytes(v) + v.iter().map(vec_bytes).sum::<usize>()
}

impl Planes {
    /// The heap bytes these buffers keep between calls.
    pub(crate) fn retained_bytes(&self) -> usize {
        vec_bytes(&self.walls)
            + vec_bytes(&self.offered)
            + nested_bytes(&self.buckets)
            + nested_bytes(&self.history)
            + nested_bytes(&self.later)
    }

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
        if sources.is_empty() {
            return Ok(());
        }
        let row = row_bits(w);
        let plane_len = (row >> 3) * (h + 2);
        self.build_walls(costs, w, row >> 3, plane_len)?;
        let cells = Cells {
            w,
            row,
            by_row: Divider::new(row),
        };
        let one_multiplier = one_multiplier(moves.cardinal, moves.diagonal);
        // Steps weigh 1 to max_weight < nb, so no step lands in the bucket
        // being drained; a held-back step waits less than nb buckets.
        let nb = (moves.max_weight as usize + 1).next_power_of_two();
        let step = Step::new(costs, &self.walls, cells, moves, one_multiplier, nb - 1);
        let buckets = rings(&mut self.buckets, nb)?;

        if self.offered.len() != plane_len {
            fresh(&mut self.offered, plane_len, 0)?;
        }
        self.offered.copy_from_slice(&self.walls);
        let run = Run {
            step,
            cells,
            dist,
            offered: &mut self.offered,
            buckets,
        };
        match moves.uniform {
            Some(_) => waves::uniform(run, rings(&mut self.history, nb)?, sources),
            None => waves::costed(run, rings(&mut self.later, nb)?, sources),
        }
    }

    /// The walls plane of `costs`: bit `x + 1` of padded row `y + 1` is
    /// cell `(x, y)`, every bit outside the map set.
    fn build_walls<C: Cost>(
        &mut self,
        costs: &[C],
        w: usize,
        row_bytes: usize,
        plane_len: usize,
    ) -> Result<(), DistanceError> {
        fresh(&mut self.walls, plane_len, 0xFF)?;
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
        Ok(())
    }
}

/// What every engine reads and writes in one run.
struct Run<'a, C> {
    step: Step<'a, C>,
    cells: Cells,
    dist: &'a mut [i32],
    offered: &'a mut [u8],
    /// Dial's ring: bucket `d & mask` holds the entries at distance `d`.
    buckets: &'a mut [Vec<u32>],
}

/// What one run needs to take the steps out of a cell.
struct Step<'a, C> {
    costs: &'a [C],
    walls: &'a [u8],
    row: usize,
    /// The moves of the cheaper kind (with one multiplier: all of them)
    /// and of the dearer kind (with one multiplier: none).
    cheap_bits: u32,
    dear_bits: u32,
    /// The multipliers of the two kinds (with one multiplier: the one, and
    /// 0). Both fit an i32: `max_weight < 2^16`.
    cheap_multiplier: i32,
    dear_multiplier: i32,
    corner_rule: bool,
    /// Whether the cheap moves are the four cardinal ones and there is no
    /// dearer kind ([`Step::open_cardinal`] then serves).
    cardinal_only: bool,
    uniform: Option<i32>,
    /// The ring's length less one (a power of two less one).
    mask: usize,
    /// Per window bit: the offset in `dist` and in the planes.
    dist_off: [isize; 9],
    bit_off: [isize; 9],
}

impl<'a, C: Cost> Step<'a, C> {
    fn new(
        costs: &'a [C],
        walls: &'a [u8],
        cells: Cells,
        moves: Moves,
        one_multiplier: bool,
        mask: usize,
    ) -> Step<'a, C> {
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
        // or the same); with two, the cheap kind has the smaller one.
        let (cheap_multiplier, dear_multiplier) = if one_multiplier {
            (moves.cardinal.max(moves.diagonal), 0)
        } else {
            (
                moves.cardinal.min(moves.diagonal),
                moves.cardinal.max(moves.diagonal),
            )
        };
        let (wi, ri) = (cells.w as isize, cells.row as isize);
        let mut dist_off = [0isize; 9];
        let mut bit_off = [0isize; 9];
        for k in 0..9 {
            let (dx, dy) = (k as isize % 3 - 1, k as isize / 3 - 1);
            dist_off[k] = dy * wi + dx;
            bit_off[k] = dy * ri + dx;
        }
        Step {
            costs,
            walls,
            row: cells.row,
            cheap_bits,
            dear_bits: move_bits & !cheap_bits,
            cheap_multiplier: cheap_multiplier as i32,
            dear_multiplier: dear_multiplier as i32,
            corner_rule: moves.diagonal != 0 && !moves.corner_cutting,
            cardinal_only: cheap_bits == CARDINAL_BITS && move_bits == CARDINAL_BITS,
            uniform: moves.uniform.map(i32::from),
            mask,
            dist_off,
            bit_off,
        }
    }

    /// The cost of entering cell `n`.
    #[inline(always)]
    fn cost(&self, n: usize) -> i32 {
        match self.uniform {
            Some(c) => c,
            None => i32::from(self.costs[n].cost()),
        }
    }

    /// The window bits whose diagonal step the corner rule allows (and
    /// every cardinal one).
    #[inline(always)]
    fn corner_allowed(&self, p: usize) -> u32 {
        let free = !window(self.walls, p, self.row);
        let ok = |a: u32, b: u32| (free >> a) & (free >> b) & 1;
        CARDINAL_BITS | ok(1, 3) | (ok(1, 5) << 2) | (ok(3, 7) << 6) | (ok(5, 7) << 8)
    }

    /// [`Step::open`] of the cardinal moves alone, with no corner rule:
    /// the four window bits read as one bit above, three around and one
    /// below (the corners, which no move enters, are not read).
    #[inline(always)]
    fn open_cardinal(&self, offered: &[u8], p: usize) -> u32 {
        let up = u32::from(get(offered, p - self.row));
        let down = u32::from(get(offered, p + self.row));
        let around = three(offered, p - 1);
        !(up << 1 | around << 3 | down << 7) & CARDINAL_BITS
    }

    /// The window bits of bit index `p`'s neighbours that a step may enter
    /// (not offered one yet, and allowed by the corner rule), given the
    /// window of a one-bit plane of offered marks.
    #[inline(always)]
    fn open(&self, offered: &[u8], p: usize) -> u32 {
        let mut open = !window(offered, p, self.row);
        if self.corner_rule {
            open &= self.corner_allowed(p);
        }
        open
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
    fn rows_are_padded_to_whole_bytes_with_three_spare() {
        // w + 2 border cells + 24 spare bits, rounded up to a byte.
        assert_eq!(row_bits(1), 32);
        assert_eq!(row_bits(6), 32);
        assert_eq!(row_bits(7), 40);
        assert_eq!(row_bits(2048), 2080);
    }

    #[test]
    fn bit_indices_must_fit_32_bits() {
        assert!(fits(8192, 8192));
        // 65510 cells a row: 2^16 bits; 65533 rows and the two border
        // rows: 2^32 - 2^16 bits, one row more is 2^32.
        assert!(fits(65_510, 65_533));
        assert!(!fits(65_510, 65_534));
        assert!(!fits(1 << 20, 1 << 13));
    }

    #[test]
    fn cells_and_bits_are_inverse() {
        for w in [1usize, 7, 8, 40, 2048] {
            let row = row_bits(w);
            let cells = Cells {
                w,
                row,
                by_row: Divider::new(row),
            };
            for u in [0, w - 1, w, 3 * w + w / 2, 100 * w - 1] {
                let p = cells.bit(u);
                assert_eq!(p, (u / w + 1) * row + u % w + 1);
                assert_eq!(cells.cell(p), u, "w {w} u {u}");
            }
        }
    }

    #[test]
    fn windows_read_the_three_rows_around_a_cell() {
        // A 20-cell row of plane: set a few bits and read them back.
        let row = row_bits(20);
        let mut plane = vec![0u8; row / 8 * 4];
        let p = row + 9; // row 1, column 9
        for at in [p - row - 1, p, p + 1, p + row + 1] {
            set(&mut plane, at);
        }
        assert_eq!(window(&plane, p, row), 0b100_110_001);
        assert!(get(&plane, p) && !get(&plane, p - 1));
    }
}
