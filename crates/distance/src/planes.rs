//! Dial's bucket queue over bit planes, in place on the caller's buffers:
//! the engine behind [`crate::Algorithm::Buckets`] when no distance can
//! saturate.
//!
//! Why bit planes: a step out of a cell looks at its eight neighbours, and
//! most of them are walls or already reached. Reading `cost` and `dist` for
//! each of them is six cache lines per cell on a large map, in the
//! scattered order in which a bucket queue visits cells. Planes of one bit
//! per cell are 32 times smaller than the distances and stay in cache;
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
//! the best of that kind: later ones need not even be looked at. And when
//! the cheaper kind (say cardinal, `2 < 3`) has reached a cell from a cell
//! that left the queue no later than this one, a step of the dearer kind
//! cannot beat it either. So a cell is offered at most once per kind, the
//! queue is lazy (a cell's first entry out of the queue is its distance, a
//! later one is skipped), and the distance map is only written, once per
//! cell, when the cell leaves the queue: no comparison reads it. With one
//! multiplier (`1, 0`, `1, 1`) a cell enters the queue once and nothing is
//! ever skipped, unless sources start at different values (a source is
//! then also offered through its neighbours, and the first of its entries
//! wins).

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
    /// Walls and cells offered by a step of the cheaper kind (with one
    /// multiplier: of any kind).
    offered: Vec<u8>,
    /// Walls and cells offered by a step of the dearer kind (two
    /// multipliers only).
    offered_dear: Vec<u8>,
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
        let one_multiplier =
            moves.cardinal == 0 || moves.diagonal == 0 || moves.cardinal == moves.diagonal;
        // With every source at one value no source can be improved (every
        // step adds at least 1), so sources need never be offered.
        let same_start = sources.first().map(|s| s.0) == sources.last().map(|s| s.0);
        // Whether a cell can enter the queue twice, and whether the
        // settled plane tells which entry came first. With sources at one
        // value a source is never offered, so a cell in the queue holds
        // UNREACHED until it leaves it: the distance map itself tells (and
        // its line is fetched anyway, for the write).
        let lazy = !one_multiplier || !same_start;
        let settled_plane = !same_start;
        if self.offered.len() != plane_len {
            sized(&mut self.offered, plane_len, 0)?;
        }
        self.offered.copy_from_slice(&self.walls);
        if !one_multiplier {
            if self.offered_dear.len() != plane_len {
                sized(&mut self.offered_dear, plane_len, 0)?;
            }
            self.offered_dear.copy_from_slice(&self.walls);
        }
        if settled_plane {
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
            offered_dear: &mut self.offered_dear[..],
            settled: &mut self.settled[..],
        };
        if same_start {
            for &(_, u) in sources {
                let p = bit(u as usize);
                set(marks.offered, p);
                if !one_multiplier {
                    set(marks.offered_dear, p);
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
        // Per window bit: the offset in `dist` and in the planes, and the
        // step multiplier.
        let (wi, ri) = (w as isize, row as isize);
        let mut dist_off = [0isize; 9];
        let mut bit_off = [0isize; 9];
        let mut mult = [0i32; 9];
        for k in 0..9 {
            let (dx, dy) = (k as isize % 3 - 1, k as isize / 3 - 1);
            dist_off[k] = dy * wi + dx;
            bit_off[k] = dy * ri + dx;
            let m = if (CARDINAL_BITS >> k) & 1 == 1 {
                moves.cardinal
            } else {
                moves.diagonal
            };
            mult[k] = m as i32;
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
            dist_off,
            bit_off,
            mult,
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
                if settled_plane {
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
                if settled_plane {
                    if get(marks.settled, p) {
                        continue; // a later, larger entry of a settled cell
                    }
                    set(marks.settled, p);
                } else if lazy && dist[u] != UNREACHED {
                    continue; // likewise
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

/// The planes a run marks.
struct Marks<'a> {
    offered: &'a mut [u8],
    offered_dear: &'a mut [u8],
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
    corner_rule: bool,
    uniform: Option<i32>,
    mask: usize,
    /// Per window bit: the offset in `dist`, in the planes, and the step
    /// multiplier.
    dist_off: [isize; 9],
    bit_off: [isize; 9],
    mult: [i32; 9],
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
        let cheap = window(marks.offered, p, self.row);
        let mut open = !cheap & self.cheap_bits;
        if self.dear_bits != 0 {
            // A dear step into a cell that a cheap step has reached cannot
            // help (see the module docs).
            let dear = window(marks.offered_dear, p, self.row);
            open |= !(cheap | dear) & self.dear_bits;
        }
        if self.corner_rule {
            let free = !window(self.walls, p, self.row);
            let ok = |a: u32, b: u32| (free >> a) & (free >> b) & 1;
            let allowed =
                CARDINAL_BITS | ok(1, 3) | (ok(1, 5) << 2) | (ok(3, 7) << 6) | (ok(5, 7) << 8);
            open &= allowed;
        }
        let added = open.count_ones() as usize;
        while open != 0 {
            let k = open.trailing_zeros() as usize;
            open &= open - 1;
            let n = u.wrapping_add_signed(self.dist_off[k]);
            let q = p.wrapping_add_signed(self.bit_off[k]);
            if (self.cheap_bits >> k) & 1 == 1 {
                set(marks.offered, q);
            } else {
                set(marks.offered_dear, q);
            }
            let c = match self.uniform {
                Some(c) => c,
                None => i32::from(self.costs[n].cost()),
            };
            let nd = d + self.mult[k] * c;
            let bucket = &mut buckets[nd as u32 as usize & self.mask];
            if bucket.len() == bucket.capacity() {
                bucket.try_reserve(bucket.capacity().max(256)).ok()?;
            }
            bucket.push(q as u32);
        }
        Some(added)
    }
}
