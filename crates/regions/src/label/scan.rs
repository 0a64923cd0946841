//! Pass one: the scans that split rows (or pairs of rows) into runs and
//! join touching runs in the union-find table, and the sizes they budget.

use super::{BYTES_PER_COLUMN, BYTES_PER_RUN, Labeller};
use crate::cells::{Cells, FloorCell};
use crate::rowbits::{touching, touching_pairs};
use crate::uf::{find, link, resolve, resolve_from, union};
use crate::{Connectivity, LabelOptions, NO_REGION, RegionsError};
use mcrdun_geom::GeomError;
use mcrdun_geom::memory::{check_bytes, memory_limit, try_reserve};

fn run_bytes(runs: usize) -> u64 {
    (runs as u64).saturating_mul(BYTES_PER_RUN)
}

/// The run tables' bytes in the worst case: a row (or pair of rows) of `w`
/// cells has at most `ceil(w / 2)` runs. The budget is checked against
/// this before any cell is read, so a refusal costs nothing.
fn worst_runs(w: usize, rows: usize) -> u64 {
    run_bytes(w.div_ceil(2)).saturating_mul(rows as u64)
}

/// The working memory of a scan apart from the run tables: per column, 8
/// bytes per row (run starts and pair labels) and the kept masks.
fn fixed_bytes(w: usize, h: usize, mask_words: u64) -> u64 {
    (w as u64 + 5)
        .saturating_mul(BYTES_PER_COLUMN)
        .saturating_add((h as u64 + 1).saturating_mul(8))
        .saturating_add(mask_words.saturating_mul(8))
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
        let eight = options.connectivity == Connectivity::Eight;
        self.pairs = eight && !options.wrap_x && !options.wrap_y;
        if self.pairs {
            return self.scan_pairs(cells, keep_masks);
        }
        let fixed = fixed_bytes(w, h, 0);
        check_bytes("labelling a map", fixed.saturating_add(worst_runs(w, h)))?;
        self.start_scan(w);
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
            self.grow_runs(n / 2, fixed)?;
            self.edges.extend_from_slice(&self.row_buf[..n]);
            self.parent.extend(runs..next);
            self.row_start.push(next);
            self.reserve_rest(y + 1, h, fixed);
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
        let mask_words = if keep_masks {
            (h.div_ceil(2) as u64 * 2).saturating_mul(w.div_ceil(64) as u64)
        } else {
            0
        };
        let fixed = fixed_bytes(w, h, mask_words);
        check_bytes(
            "labelling a map",
            fixed.saturating_add(worst_runs(w, h.div_ceil(2))),
        )?;
        self.masks.clear();
        if keep_masks {
            // Known in advance: two rows of masks per pair (growing by
            // doubling would copy them and touch twice the pages).
            try_reserve("labelling a map", &mut self.masks, mask_words as usize)?;
        }
        self.start_scan(w);
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
            self.grow_runs(n / 2, fixed)?;
            self.edges.extend_from_slice(&self.row_buf[..n]);
            self.parent.extend(runs..next);
            self.row_start.push(next);
            self.reserve_rest(p + 1, h.div_ceil(2), fixed);
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
        self.raster_order(cells, n);
        Ok(n)
    }

    /// Renumbers the regions of a pair scan in raster order. `resolve`
    /// numbers them in order of their first pair run, and pair runs go left
    /// to right; but a region whose first cell is on the lower row of its
    /// first pair comes after every region met on the upper row of that
    /// pair. So in each pair where two or more regions begin, those regions
    /// are numbered again: first those with floor on the upper row, in run
    /// order, then the others. Every run's label is then mapped.
    /// Empties the run tables and sizes the row buffers for rows of `w`
    /// cells (both scans start so).
    fn start_scan(&mut self, w: usize) {
        self.edges.clear();
        self.row_start.clear();
        self.parent.clear();
        self.row_buf.clear();
        self.row_buf.resize(w + 5, 0);
        self.contacts.clear();
        self.contacts.resize(w + 5, 0);
        self.row_start.push(0);
    }

    fn raster_order<T: FloorCell>(&mut self, cells: &Cells<'_, T>, n: u32) {
        let mut mapped = false;
        for p in 0..self.pair_label.len() - 1 {
            let (a, b) = (self.pair_label[p], self.pair_label[p + 1]);
            if b - a < 2 {
                continue;
            }
            if !mapped {
                self.relabel.clear();
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
    }

    /// Once an eighth of the rows (or row pairs) are scanned, reserves room
    /// for the runs of the rest, extrapolated with a quarter to spare. A
    /// fresh labeller (every C call has one) would otherwise grow the run
    /// tables by doubling, copying them several times and touching about
    /// twice their final size in fresh pages; reused, it already has room
    /// and this does nothing.
    ///
    /// The reservation is skipped when it would pass the memory budget (the
    /// growth in [`Labeller::grow_runs`] then checks each step).
    #[inline]
    fn reserve_rest(&mut self, done: usize, total: usize, fixed: u64) {
        let probe = (total / 8).max(1);
        if done != probe || done == total {
            return;
        }
        let runs = self.parent.len();
        let rest = runs.saturating_mul(total - done) / done;
        let more = rest.saturating_add(rest / 4).saturating_add(64);
        let bytes = fixed.saturating_add(run_bytes(runs.saturating_add(more)));
        if bytes <= memory_limit() {
            // A refusal here is not an error: grow_runs checks each row.
            let _ = self.parent.try_reserve(more);
            let _ = self.edges.try_reserve(more.saturating_mul(2));
        }
    }

    /// Makes room for `more` runs in the run tables, checking the scan's
    /// whole working memory (`fixed` plus 12 bytes a run) against the
    /// budget whenever the tables must grow.
    #[inline]
    fn grow_runs(&mut self, more: usize, fixed: u64) -> Result<(), RegionsError> {
        let runs = self.parent.len() + more;
        if runs <= self.parent.capacity() && 2 * runs <= self.edges.capacity() {
            return Ok(());
        }
        check_bytes("labelling a map", fixed.saturating_add(run_bytes(runs)))?;
        let what = "the run tables of a labelling";
        let oom = |_| GeomError::OutOfMemory {
            what,
            needed: run_bytes(runs),
        };
        self.parent.try_reserve(more).map_err(oom)?;
        self.edges.try_reserve(2 * more).map_err(oom)?;
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
