//! Pass two: writing each run's label (and `NO_REGION` between runs) into
//! the caller's buffer, with or without statistics.

use super::Labeller;
use crate::NO_REGION;
use crate::cells::{Cells, FloorCell};
use crate::stats::{RegionStats, RowSpan};

impl Labeller {
    /// Pass two: each run's label, `NO_REGION` between runs.
    pub(super) fn write<T: FloorCell>(&self, cells: &Cells<'_, T>, out: &mut [u32]) {
        if self.pairs {
            self.write_pairs(cells, out, |_, _| {});
        } else {
            self.write_rows(cells, out, |_, _, _, _| {});
        }
    }

    /// Pass two after [`Labeller::scan_pairs`]: a run of a pair of rows
    /// covers floor and wall cells of each row, so every cell of the run is
    /// written from its own cell, its label when floor and `NO_REGION` when
    /// not. Short runs are written in whole blocks from their start; the
    /// spill past a run's end lands on cells that are wall in both rows (so
    /// get `NO_REGION`, which is right) or on the next run, written after it.
    /// `per_row(y, labels)` is called with each row's labels once written.
    #[inline(always)]
    fn write_pairs<T: FloorCell>(
        &self,
        cells: &Cells<'_, T>,
        out: &mut [u32],
        mut per_row: impl FnMut(usize, &[u32]),
    ) {
        let (w, h) = (cells.width() as usize, cells.height() as usize);
        if w == 0 {
            return;
        }
        for y in 0..h {
            let row = &mut out[y * w..(y + 1) * w];
            let src = cells.row(y);
            row.fill(NO_REGION);
            for r in self.row_start[y / 2]..self.row_start[y / 2 + 1] {
                let (s, e) = self.run(r);
                let label = self.parent[r as usize];
                select_blocks(row, src, s as usize, e as usize, label);
            }
            per_row(y, row);
        }
    }

    /// Pass two with statistics, gathered per run.
    pub(super) fn write_with_stats<T: FloorCell>(
        &self,
        cells: &Cells<'_, T>,
        out: &mut [u32],
        stats: &mut [RegionStats],
    ) {
        if self.pairs {
            // Statistics per run of each single row, as with 4-connectivity
            // (O(1) a run: area, column sum and ends from its start and end,
            // no bit counting): the row's runs come from its floor mask,
            // kept by the scan, and each run's label is the one just written
            // on its first cell.
            let w = cells.width() as usize;
            let words = w.div_ceil(64);
            let mut edges = vec![0u32; w + 5];
            self.write_pairs(cells, out, |y, row| {
                let n = mask_edges(&self.masks[y * words..(y + 1) * words], &mut edges);
                // Consecutive runs of one region (most of a cave or a
                // dungeon's rooms) are summed in registers and added once.
                let mut cur = NO_REGION;
                let mut acc = RowSpan::default();
                for run in edges[..n].chunks_exact(2) {
                    let (s, e) = (run[0], run[1]);
                    let l = row[s as usize];
                    if l != cur {
                        if cur != NO_REGION {
                            stats[cur as usize].add_span(y as u32, &acc);
                        }
                        cur = l;
                        acc = RowSpan {
                            area: 0,
                            sum_x: 0,
                            min_x: s,
                            max_x: 0,
                        };
                    }
                    acc.add(s, e);
                }
                if cur != NO_REGION {
                    stats[cur as usize].add_span(y as u32, &acc);
                }
            });
        } else {
            self.write_rows(cells, out, |label, y, s, e| {
                stats[label as usize].add_run(y, s, e);
            });
        }
    }

    /// Writes every row from its runs, calling `per_run(label, y, start,
    /// end)` for each run.
    ///
    /// The row is first set to `NO_REGION` in one `memset`. Each run is then
    /// written with one fixed-width store when it is short (the common case),
    /// followed by a fixed-width `NO_REGION` store at its end: the first may
    /// spill past the run into the gap, and the second repairs exactly that
    /// spill (its own spill lands on the next run, written after it). So no
    /// branch depends on a run's or a gap's length except "longer than
    /// `BLOCK`", which is rare on noisy maps and predictable on structured ones.
    #[inline(always)]
    fn write_rows<T: FloorCell>(
        &self,
        cells: &Cells<'_, T>,
        out: &mut [u32],
        mut per_run: impl FnMut(u32, u32, u32, u32),
    ) {
        let w = cells.width() as usize;
        if w == 0 {
            return;
        }
        let out = &mut out[..cells.len()];
        for (y, row) in out.chunks_exact_mut(w).enumerate() {
            // Walls first, all at once (`memset` is the fastest store there
            // is); then each run, whose spill past its end is put back.
            row.fill(NO_REGION);
            for r in self.row_start[y]..self.row_start[y + 1] {
                let (s, e) = self.run(r);
                let label = self.parent[r as usize];
                per_run(label, y as u32, s, e);
                let (s, e) = (s as usize, e as usize);
                if fill_blocks(row, s, e, label) {
                    row[e..e + BLOCK].copy_from_slice(&[NO_REGION; BLOCK]);
                }
            }
        }
    }
}

/// Writes `value` over the floor cells and `NO_REGION` over the wall cells
/// of `row[from..to]` (`src` is the same row of cells). Like
/// [`fill_blocks`], a short span is written in whole blocks from `from`
/// when they fit in the row, so cells up to `BLOCK - 1` past `to` are
/// written too, from their own cells.
#[inline(always)]
fn select_blocks<T: FloorCell>(row: &mut [u32], src: &[T], from: usize, to: usize, value: u32) {
    let blocks = (to - from).div_ceil(BLOCK);
    if blocks <= 4 && from + blocks * BLOCK <= row.len() {
        for b in 0..blocks {
            let at = from + b * BLOCK;
            let dst: &mut [u32; BLOCK] = (&mut row[at..at + BLOCK]).try_into().unwrap();
            let cells: &[T; BLOCK] = src[at..at + BLOCK].try_into().unwrap();
            for (d, c) in dst.iter_mut().zip(cells) {
                *d = if c.floor_byte() != 0 {
                    value
                } else {
                    NO_REGION
                };
            }
        }
    } else {
        for (d, c) in row[from..to].iter_mut().zip(&src[from..to]) {
            *d = if c.floor_byte() != 0 {
                value
            } else {
                NO_REGION
            };
        }
    }
}

/// Cells written per store in [`fill_blocks`].
const BLOCK: usize = 16;

/// Sets `row[from..to]` to `value`. A short span (up to four blocks of
/// [`BLOCK`] cells) is written in whole blocks from `from`, which may spill
/// up to `BLOCK - 1` cells past `to`; then the result is `true` and
/// `row[to..to + BLOCK]` exists for the caller to put back. Otherwise (a long
/// span, or too near the end of the row) the span is written exactly and the
/// result is `false`. Whole fixed-size blocks keep short spans free of the
/// remainder loop that costs a mispredicted branch per run.
#[inline(always)]
fn fill_blocks(row: &mut [u32], from: usize, to: usize, value: u32) -> bool {
    let blocks = (to - from).div_ceil(BLOCK);
    if blocks <= 4 && to + BLOCK <= row.len() {
        for b in 0..blocks {
            let at = from + b * BLOCK;
            row[at..at + BLOCK].copy_from_slice(&[value; BLOCK]);
        }
        true
    } else {
        row[from..to].fill(value);
        false
    }
}

/// Writes the run boundaries of the row whose floor mask is `mask` (as
/// [`crate::runs::row_edges`] does from the cells; bits past the row's end
/// are clear) into `out`, which holds at least `w + 5` values for a row of
/// `w` cells, and returns their number.
#[inline(always)]
fn mask_edges(mask: &[u64], out: &mut [u32]) -> usize {
    let mut n = 0;
    let mut carry = 0u64;
    for (k, &m) in mask.iter().enumerate() {
        // Bits past the end are clear, so a run reaching the end of a
        // partial word gets its end bit at the row's width.
        let t = m ^ ((m << 1) | carry);
        carry = m >> 63;
        n = crate::runs::push_bits(t, 64 * k as u32, out, n);
    }
    if carry != 0 {
        out[n] = 64 * mask.len() as u32;
        n += 1;
    }
    n
}
