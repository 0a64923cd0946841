//! Pass one: the scans that split rows (or pairs of rows) into runs and
//! join touching runs in the union-find table, and the sizes they budget.

use super::{BYTES_PER_COLUMN, BYTES_PER_RUN, Labeller};
use crate::cells::{Cells, FloorCell};
use crate::rowbits::{touching, touching_pairs};
use crate::uf::{find, link, resolve, resolve_from, union};
use crate::{Connectivity, LabelOptions, NO_REGION, RegionsError};
use mcrdun_geom::GeomError;
use mcrdun_geom::memory::check_bytes;

/// Whether a map labelled with `options` is scanned in pairs of rows
/// (8-connectivity on a map that does not wrap).
fn in_pairs(options: LabelOptions) -> bool {
    options.connectivity == Connectivity::Eight && !options.wrap_x && !options.wrap_y
}

/// The most runs a scan can number: a row (or a pair of rows) of `w`
/// cells has at most `ceil(w / 2)` runs.
fn worst_runs(w: usize, rows: usize) -> usize {
    w.div_ceil(2).saturating_mul(rows)
}

/// The working memory of one labelling scan of a `w x h` map, in bytes,
/// in the worst case (every row, or pair of rows, with `ceil(w / 2)`
/// runs): [`BYTES_PER_RUN`] a run (4 more in pairs of rows, where regions
/// may be renumbered in raster order), [`BYTES_PER_COLUMN`] a column
/// (plus 5), 8 a row (plus 1), and with `keep_masks` in pairs of rows
/// every row's floor mask (one bit a cell, rows rounded up to 64 cells).
/// The scan reserves exactly this before reading a cell, so it never
/// grows, and a map whose scan would pass the memory budget is refused
/// before any work. 0 for an empty map.
pub(crate) fn scan_bytes(w: usize, h: usize, options: LabelOptions, keep_masks: bool) -> u64 {
    if w == 0 || h == 0 {
        return 0;
    }
    let pairs = in_pairs(options);
    let (rows, per_run) = if pairs {
        (h.div_ceil(2), BYTES_PER_RUN + 4)
    } else {
        (h, BYTES_PER_RUN)
    };
    let mask_words = if pairs && keep_masks {
        (h.div_ceil(2) as u64 * 2).saturating_mul(w.div_ceil(64) as u64)
    } else {
        0
    };
    (w as u64 + 5)
        .saturating_mul(BYTES_PER_COLUMN)
        .saturating_add((h as u64 + 1).saturating_mul(8))
        .saturating_add(mask_words.saturating_mul(8))
        .saturating_add((worst_runs(w, rows) as u64).saturating_mul(per_run))
}

/// Reserves room for exactly `len` items in the empty vector `v` (nothing
/// when it already has it), checked by the caller against the budget.
fn reserve_exact<T>(v: &mut Vec<T>, len: usize, what: &'static str) -> Result<(), GeomError> {
    v.clear();
    v.try_reserve_exact(len)
        .map_err(|_| GeomError::OutOfMemory {
            what,
            needed: (len as u64).saturating_mul(size_of::<T>() as u64),
        })
}

impl Labeller {
    /// Pass one and the resolution of the table: afterwards `parent[r]` is
    /// the final label of run `r`. Returns the number of regions.
    ///
    /// 8-connectivity on a map that does not wrap is scanned two rows at a
    /// time ([`Labeller::scan_pairs`]); `keep_masks` keeps every row's floor
    /// mask, from which statistics find the cells of each row in a run.
    pub(super) fn scan<T: FloorCell>(
        &mut self,
        cells: &Cells<'_, T>,
        options: LabelOptions,
        keep_masks: bool,
    ) -> Result<u32, RegionsError> {
        let (w, h) = (cells.width() as usize, cells.height() as usize);
        if w == 0 || h == 0 {
            // No cell, no run: no scratch either (a side may still be huge,
            // and per-column or per-row tables of it would be far larger
            // than the empty input). `row_start` holds just the 0 end.
            self.pairs = false;
            self.edges.clear();
            self.parent.clear();
            self.row_start.clear();
            self.row_start.push(0);
            return Ok(0);
        }
        // The whole working memory, worst case, before any cell is read;
        // then reserved at once, so the tables never grow (nor copy).
        check_bytes("labelling a map", scan_bytes(w, h, options, keep_masks))?;
        let eight = options.connectivity == Connectivity::Eight;
        self.pairs = in_pairs(options);
        if self.pairs {
            return self.scan_pairs(cells, keep_masks);
        }
        self.start_scan(w, h)?;
        let words = w.div_ceil(64);
        self.cur.resize(words);
        self.prev.resize(words);
        let mut runs = 0u32;
        for y in 0..h {
            let n = crate::runs::row_edges(cells.row(y), &mut self.row_buf, &mut self.cur);
            let row_runs = (n / 2) as u32;
            // Labels must stay below NO_REGION; run numbers bound them.
            let next = runs
                .checked_add(row_runs)
                .filter(|&r| r < NO_REGION)
                .ok_or(RegionsError::TooManyRuns)?;
            self.edges.extend_from_slice(&self.row_buf[..n]);
            self.parent.extend(runs..next);
            self.row_start.push(next);
            if y > 0 {
                let prev0 = self.row_start[y - 1];
                let parent = &mut self.parent[..];
                // Contacts come grouped by the run below, left to right. A
                // run's first contact just hangs it under the parent of the
                // run above (usually its root; a parent need not be a root,
                // finds halve paths and `resolve` follows any chain in its
                // forward pass since parents come first): the run below is
                // still its own root, so no find is needed. Only later
                // contacts of the same run need a real union.
                // The root of the run below, once a second contact has
                // needed it, is kept for its further contacts.
                let mut linked = u32::MAX;
                let mut root = u32::MAX;
                touching(&self.cur, &self.prev, eight, &mut self.contacts, |i, j| {
                    let (i, j) = (runs + i, prev0 + j);
                    if i != linked {
                        parent[i as usize] = parent[j as usize];
                        linked = i;
                        root = u32::MAX;
                    } else {
                        let ri = if root == u32::MAX {
                            find(parent, i)
                        } else {
                            root
                        };
                        let rj = find(parent, j);
                        root = link(parent, ri, rj);
                    }
                });
                if options.wrap_x && eight {
                    self.join_seam_corners(prev0, runs, runs, next, w as u32);
                }
            }
            if options.wrap_x && row_runs >= 2 {
                self.join_seam(runs, next - 1, w as u32);
            }
            if y == 0 && options.wrap_y {
                self.first.clone_from(&self.cur);
            }
            core::mem::swap(&mut self.cur, &mut self.prev);
            runs = next;
        }
        if options.wrap_y && h > 1 {
            // The last row (now in `prev`) touches the first.
            let (last0, last1) = (self.row_start[h - 1], self.row_start[h]);
            let (first0, first1) = (self.row_start[0], self.row_start[1]);
            let parent = &mut self.parent[..];
            touching(
                &self.first,
                &self.prev,
                eight,
                &mut self.contacts,
                |i, j| {
                    union(parent, first0 + i, last0 + j);
                },
            );
            if options.wrap_x && eight {
                self.join_seam_corners(last0, last1, first0, first1, w as u32);
            }
        }
        Ok(resolve(&mut self.parent))
    }

    /// Pass one for 8-connectivity without wrapping, two rows at a time:
    /// the runs numbered are those of `top | bottom` of each pair of rows
    /// (each is connected, see [`crate::runs::pair_edges`]), and only the
    /// seam between pairs needs merging. `row_start[p]` is the first run of
    /// pair `p`. `w > 0`.
    fn scan_pairs<T: FloorCell>(
        &mut self,
        cells: &Cells<'_, T>,
        keep_masks: bool,
    ) -> Result<u32, RegionsError> {
        let (w, h) = (cells.width() as usize, cells.height() as usize);
        let pairs = h.div_ceil(2);
        // Two rows of masks per pair, known in advance (checked with the
        // rest of the scan by the caller).
        let mask_words = if keep_masks {
            2 * pairs * w.div_ceil(64)
        } else {
            0
        };
        reserve_exact(&mut self.masks, mask_words, "labelling a map")?;
        reserve_exact(&mut self.pair_label, pairs + 1, "labelling a map")?;
        self.start_scan(w, pairs)?;
        let words = w.div_ceil(64);
        for bits in [
            &mut self.cur,
            &mut self.prev,
            &mut self.top,
            &mut self.bottom,
            &mut self.prev_bottom,
        ] {
            bits.resize(words);
        }
        let mut runs = 0u32;
        for p in 0..h.div_ceil(2) {
            let bottom = (2 * p + 1 < h).then(|| cells.row(2 * p + 1));
            let n = crate::runs::pair_edges(
                cells.row(2 * p),
                bottom,
                &mut self.row_buf,
                [&mut self.top, &mut self.bottom, &mut self.cur],
            );
            let next = runs
                .checked_add((n / 2) as u32)
                .filter(|&r| r < NO_REGION)
                .ok_or(RegionsError::TooManyRuns)?;
            self.edges.extend_from_slice(&self.row_buf[..n]);
            self.parent.extend(runs..next);
            self.row_start.push(next);
            if keep_masks {
                // `bottom` is all wall for a missing last row.
                self.masks.extend_from_slice(&self.top.mask);
                self.masks.extend_from_slice(&self.bottom.mask);
            }
            if p > 0 {
                let prev0 = self.row_start[p - 1];
                let parent = &mut self.parent[..];
                // As in `scan`: the first contact of a run hangs it under
                // the parent of the run above; later ones union roots.
                // Several row contacts can fall in the same pair of runs;
                // a repeat of the last pair is skipped.
                let mut linked = u32::MAX;
                let mut root = u32::MAX;
                let mut last = u32::MAX;
                touching_pairs(
                    &self.top,
                    &self.prev_bottom,
                    &self.cur,
                    &self.prev,
                    &mut self.contacts,
                    |i, j| {
                        let (i, j) = (runs + i, prev0 + j);
                        if i != linked {
                            parent[i as usize] = parent[j as usize];
                            linked = i;
                            last = j;
                            root = u32::MAX;
                        } else if j != last {
                            last = j;
                            let ri = if root == u32::MAX {
                                find(parent, i)
                            } else {
                                root
                            };
                            let rj = find(parent, j);
                            root = link(parent, ri, rj);
                        }
                    },
                );
            }
            core::mem::swap(&mut self.cur, &mut self.prev);
            core::mem::swap(&mut self.bottom, &mut self.prev_bottom);
            runs = next;
        }
        // Resolve pair by pair, noting where each pair's labels begin.
        self.pair_label.clear();
        let mut n = 0;
        for p in 0..h.div_ceil(2) {
            self.pair_label.push(n);
            let range = self.row_start[p] as usize..self.row_start[p + 1] as usize;
            n = resolve_from(&mut self.parent, range, n);
        }
        self.pair_label.push(n);
        self.raster_order(cells, n)?;
        Ok(n)
    }

    /// Renumbers the regions of a pair scan in raster order. `resolve`
    /// numbers them in order of their first pair run, and pair runs go left
    /// to right; but a region whose first cell is on the lower row of its
    /// first pair comes after every region met on the upper row of that
    /// pair. So in each pair where two or more regions begin, those regions
    /// are numbered again: first those with floor on the upper row, in run
    /// order, then the others. Every run's label is then mapped.
    fn raster_order<T: FloorCell>(
        &mut self,
        cells: &Cells<'_, T>,
        n: u32,
    ) -> Result<(), RegionsError> {
        let mut mapped = false;
        for p in 0..self.pair_label.len() - 1 {
            let (a, b) = (self.pair_label[p], self.pair_label[p + 1]);
            if b - a < 2 {
                continue;
            }
            if !mapped {
                // At most one region a run: within the scan's budget.
                reserve_exact(&mut self.relabel, n as usize, "labelling a map")?;
                self.relabel.extend(0..n);
                mapped = true;
            }
            self.relabel[a as usize..b as usize].fill(NO_REGION);
            let top = cells.row(2 * p);
            let runs = self.row_start[p]..self.row_start[p + 1];
            let mut next = a;
            for upper in [true, false] {
                for r in runs.clone() {
                    let old = self.parent[r as usize];
                    if old < a || self.relabel[old as usize] != NO_REGION {
                        continue;
                    }
                    let (s, e) = self.run(r);
                    if !upper
                        || top[s as usize..e as usize]
                            .iter()
                            .any(|c| c.floor_byte() != 0)
                    {
                        self.relabel[old as usize] = next;
                        next += 1;
                    }
                }
            }
        }
        if mapped {
            for l in &mut self.parent {
                *l = self.relabel[*l as usize];
            }
        }
        Ok(())
    }

    /// Empties the run tables and reserves them for the most runs `rows`
    /// rows (or pairs of rows) of `w` cells can have, and sizes the row
    /// buffers (both scans start so). The sizes are those of
    /// [`scan_bytes`], checked by the caller.
    fn start_scan(&mut self, w: usize, rows: usize) -> Result<(), RegionsError> {
        let runs = worst_runs(w, rows);
        let what = "the run tables of a labelling";
        reserve_exact(&mut self.edges, runs.saturating_mul(2), what)?;
        reserve_exact(&mut self.parent, runs, what)?;
        reserve_exact(&mut self.row_start, rows + 1, what)?;
        self.row_buf.clear();
        self.row_buf.resize(w + 5, 0);
        self.contacts.clear();
        self.contacts.resize(w + 5, 0);
        self.row_start.push(0);
        Ok(())
    }

    /// On a map that wraps east-west, a row's first run touches its last
    /// when one starts at column 0 and the other ends at the last column.
    fn join_seam(&mut self, first: u32, last: u32, w: u32) {
        if self.run(first).0 == 0 && self.run(last).1 == w {
            union(&mut self.parent, first, last);
        }
    }

    /// On a map that wraps east-west with 8-connectivity, the runs `c0..c1`
    /// of one row touch the runs `p0..p1` of the row above at the corners
    /// across the seam.
    fn join_seam_corners(&mut self, p0: u32, p1: u32, c0: u32, c1: u32, w: u32) {
        if p0 == p1 || c0 == c1 {
            return;
        }
        if self.run(c0).0 == 0 && self.run(p1 - 1).1 == w {
            union(&mut self.parent, c0, p1 - 1);
        }
        if self.run(c1 - 1).1 == w && self.run(p0).0 == 0 {
            union(&mut self.parent, c1 - 1, p0);
        }
    }
}
