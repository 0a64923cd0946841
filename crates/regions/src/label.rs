//! Two-pass labelling over runs of floor.
//!
//! Pass one reads the grid row by row, splits each row into runs of floor
//! ([`crate::runs`]) and joins every run with the runs it touches on the row
//! above in a union-find table indexed by run number (the seed's equivalence
//! table, without its limit). Pass two turns the table into compact labels
//! in one forward sweep over the runs, then writes each run's label (and
//! `NO_REGION` between runs) into the caller's buffer, gathering region
//! statistics per run on the way. With 8-connectivity on a map that does
//! not wrap, the runs are those of pairs of rows ([`Labeller::scan_pairs`]).

use crate::cells::{Cells, FloorCell};
use crate::rowbits::{RowBits, touching, touching_pairs};
use crate::stats::{RegionStats, RowSpan};
use crate::uf::{find, link, resolve, resolve_from, union};
use crate::{Connectivity, LabelOptions, NO_REGION, RegionsError};
use mcrdun_geom::GeomError;
use mcrdun_geom::memory::{check_budget, check_bytes, memory_limit, try_reserve};

/// Reusable scratch space for labelling: the runs, their union-find table
/// and a row buffer. Labelling many maps with one `Labeller` allocates only
/// when a map has more runs than any before it.
///
/// ```
/// use mcrdun_regions::{Cells, Connectivity, Labeller, NO_REGION};
/// let map = [1u8, 1, 0, 1,
///            0, 0, 0, 1];
/// let mut labels = [0u32; 8];
/// let mut labeller = Labeller::new();
/// let n = labeller.label(Cells::from_slice(&map, 4, 2)?, Connectivity::Four, &mut labels)?;
/// assert_eq!(n, 2);
/// assert_eq!(labels, [0, 0, NO_REGION, 1, NO_REGION, NO_REGION, NO_REGION, 1]);
/// # Ok::<(), mcrdun_regions::RegionsError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Labeller {
    /// Run boundaries, two per run: start, end (exclusive).
    edges: Vec<u32>,
    /// `row_start[y]` is the number of the first run of row `y`.
    row_start: Vec<u32>,
    /// Union-find parents, then final labels, one per run.
    parent: Vec<u32>,
    /// One row's run boundaries, written without branches.
    row_buf: Vec<u32>,
    /// One row's contact columns (see [`touching`]).
    contacts: Vec<u32>,
    /// The current and the previous row as bits, and the first row (for a
    /// map that wraps north-south).
    cur: RowBits,
    prev: RowBits,
    first: RowBits,
    /// The two rows of the current pair and the lower row of the pair
    /// above, when rows are labelled in pairs (see [`Labeller::scan_pairs`]).
    top: RowBits,
    bottom: RowBits,
    prev_bottom: RowBits,
    /// Whether the last scan numbered runs of row pairs rather than rows:
    /// then `edges`, `row_start` and `parent` describe pairs of rows.
    pairs: bool,
    /// Per pair of rows, the first label given to a region whose first run
    /// is in that pair; and new labels for raster order (see
    /// [`Labeller::raster_order`]).
    pair_label: Vec<u32>,
    relabel: Vec<u32>,
    /// After a pair scan for statistics: every row's floor mask, `w / 64`
    /// words (rounded up) per row.
    masks: Vec<u64>,
}

/// Working memory of a labelling per run of floor: two run edges and a
/// union-find parent, 4 bytes each.
pub const BYTES_PER_RUN: u64 = 12;

/// Working memory of a labelling per column (a row's run edges and contact
/// columns, 4 bytes each, and up to six rows of bit masks, about 3 bytes).
pub const BYTES_PER_COLUMN: u64 = 11;

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
    /// An empty labeller; it grows on first use.
    pub fn new() -> Labeller {
        Labeller::default()
    }

    /// Labels the floor of `cells` into `out` and returns the number of
    /// regions. `out[i]` receives the region of cell `i` (0..n-1, numbered in
    /// raster order of each region's first cell) or [`NO_REGION`] for a wall.
    /// Only the first `width * height` entries of `out` are written.
    ///
    /// # Errors
    /// [`RegionsError::BufferTooSmall`] when `out` is shorter than the grid,
    /// [`RegionsError::TooManyRuns`] past `u32::MAX - 1` runs. Nothing is
    /// written on an error.
    pub fn label<'a, T: FloorCell>(
        &mut self,
        cells: impl Into<Cells<'a, T>>,
        options: impl Into<LabelOptions>,
        out: &mut [u32],
    ) -> Result<u32, RegionsError> {
        let cells = cells.into();
        check_out(&cells, out)?;
        let count = self.scan(&cells, options.into(), false)?;
        self.write(&cells, out);
        Ok(count)
    }

    /// Like [`Labeller::label`], and also fills `stats` with one entry per
    /// region (`stats[label]`), gathered in the same pass that writes the
    /// labels. `stats` is cleared first.
    ///
    /// # Errors
    /// As [`Labeller::label`]; `stats` is untouched on an error.
    pub fn label_with_stats<'a, T: FloorCell>(
        &mut self,
        cells: impl Into<Cells<'a, T>>,
        options: impl Into<LabelOptions>,
        out: &mut [u32],
        stats: &mut Vec<RegionStats>,
    ) -> Result<u32, RegionsError> {
        let cells = cells.into();
        check_out(&cells, out)?;
        let count = self.scan(&cells, options.into(), true)?;
        let each = core::mem::size_of::<RegionStats>() as u64;
        check_budget("region statistics", u64::from(count), each)?;
        stats.clear();
        try_reserve("region statistics", stats, count as usize)?;
        stats.resize(count as usize, RegionStats::EMPTY);
        self.write_with_stats(&cells, out, stats);
        Ok(count)
    }

    /// Counts the regions of `cells` without writing labels (pass one only).
    ///
    /// # Errors
    /// [`RegionsError::TooManyRuns`] past `u32::MAX - 1` runs of floor.
    pub fn count<'a, T: FloorCell>(
        &mut self,
        cells: impl Into<Cells<'a, T>>,
        options: impl Into<LabelOptions>,
    ) -> Result<u32, RegionsError> {
        self.scan(&cells.into(), options.into(), false)
    }

    /// Runs pass one (the scan and the equivalence table) and returns a
    /// [`Prepared`] labelling that knows the number of regions and can then
    /// write labels and/or statistics. Use it to size buffers before
    /// anything is written, as the C ABI does.
    ///
    /// # Errors
    /// [`RegionsError::TooManyRuns`] past `u32::MAX - 1` runs of floor.
    ///
    /// ```
    /// use mcrdun_regions::{Cells, Connectivity, Labeller, RegionStats};
    /// let map = [1u8, 0, 1];
    /// let mut labeller = Labeller::new();
    /// let prepared = labeller.prepare(Cells::from_slice(&map, 3, 1)?, Connectivity::Four)?;
    /// let mut stats = vec![RegionStats::EMPTY; prepared.count() as usize];
    /// prepared.stats(&mut stats)?;
    /// assert_eq!(stats[1].min_x, 2);
    /// # Ok::<(), mcrdun_regions::RegionsError>(())
    /// ```
    pub fn prepare<'l, 'a, T: FloorCell>(
        &'l mut self,
        cells: impl Into<Cells<'a, T>>,
        options: impl Into<LabelOptions>,
    ) -> Result<Prepared<'l, 'a, T>, RegionsError> {
        let cells = cells.into();
        let count = self.scan(&cells, options.into(), true)?;
        Ok(Prepared {
            labeller: self,
            cells,
            count,
        })
    }

    /// Pass one and the resolution of the table: afterwards `parent[r]` is
    /// the final label of run `r`. Returns the number of regions.
    ///
    /// 8-connectivity on a map that does not wrap is scanned two rows at a
    /// time ([`Labeller::scan_pairs`]); `keep_masks` keeps every row's floor
    /// mask, from which statistics find the cells of each row in a run.
    fn scan<T: FloorCell>(
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
        self.edges.clear();
        self.row_start.clear();
        self.parent.clear();
        self.row_buf.clear();
        self.row_buf.resize(w + 5, 0);
        self.contacts.clear();
        self.contacts.resize(w + 5, 0);
        self.row_start.push(0);
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
        self.edges.clear();
        self.row_start.clear();
        self.parent.clear();
        self.row_buf.clear();
        self.row_buf.resize(w + 5, 0);
        self.contacts.clear();
        self.contacts.resize(w + 5, 0);
        self.row_start.push(0);
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

    #[inline(always)]
    fn run(&self, r: u32) -> (u32, u32) {
        let i = 2 * r as usize;
        (self.edges[i], self.edges[i + 1])
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

    /// Pass two: each run's label, `NO_REGION` between runs.
    fn write<T: FloorCell>(&self, cells: &Cells<'_, T>, out: &mut [u32]) {
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
    fn write_with_stats<T: FloorCell>(
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

    /// After a pair scan that kept the masks: adds every pair run to the
    /// statistics of its region. A pair run `s..e` has a floor cell in
    /// every column (on one row or both), so its columns span exactly
    /// `s..=e - 1`, its area is `e - s` plus the columns floor on both rows,
    /// and its column sum is that of `s..e` plus those columns' sum; the
    /// rows come from the count on the lower row. All of it is bit counts
    /// over the span, without a branch per cell or per row run.
    fn pair_stats<T: FloorCell>(&self, cells: &Cells<'_, T>, stats: &mut [RegionStats]) {
        let words = (cells.width() as usize).div_ceil(64);
        for p in 0..self.row_start.len() - 1 {
            for r in self.row_start[p]..self.row_start[p + 1] {
                let (s, e) = self.run(r);
                self.add_pair_run(words, p, s, e, &mut stats[self.parent[r as usize] as usize]);
            }
        }
    }

    /// Adds run `s..e` of pair `p` to `stats` (see [`Labeller::pair_stats`]).
    #[inline(always)]
    fn add_pair_run(&self, words: usize, p: usize, s: u32, e: u32, stats: &mut RegionStats) {
        let top = &self.masks[2 * p * words..(2 * p + 1) * words];
        let bottom = &self.masks[(2 * p + 1) * words..(2 * p + 2) * words];
        let (both, both_sum, lower) = span_counts(top, bottom, s as usize, e as usize);
        let len = u64::from(e - s);
        let area = len + both;
        let sum_x = (u64::from(s) + u64::from(e) - 1) * len / 2 + both_sum;
        stats.add_pair(2 * p as u32, area, lower, (s, e - 1), sum_x);
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
    /// `SPAN`", which is rare on noisy maps and predictable on structured ones.
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

/// Per byte of `x`, the number of its set bits (each byte 0..=8).
#[inline(always)]
fn byte_counts(x: u64) -> u64 {
    let x = x - ((x >> 1) & 0x5555_5555_5555_5555);
    let x = (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333);
    (x + (x >> 4)) & 0x0f0f_0f0f_0f0f_0f0f
}

const BYTES: u64 = 0x0101_0101_0101_0101;

/// The number of set bits of `x` and the sum of their positions, without
/// a popcount instruction (not in baseline x86-64): per-byte counts of `x`
/// and of its bits at odd positions, at positions 2-3 mod 4 and 4-7 mod 8
/// give each byte's count and in-byte position sum, and two multiplies add
/// those up across bytes (every partial sum stays below 256).
#[inline(always)]
fn count_and_sum(x: u64) -> (u64, u64) {
    let c = byte_counts(x);
    let within = byte_counts(x & 0xaaaa_aaaa_aaaa_aaaa)
        + 2 * byte_counts(x & 0xcccc_cccc_cccc_cccc)
        + 4 * byte_counts(x & 0xf0f0_f0f0_f0f0_f0f0);
    let n = c.wrapping_mul(BYTES) >> 56;
    let weighted = c.wrapping_mul(0x0001_0203_0405_0607) >> 56;
    (n, (within.wrapping_mul(BYTES) >> 56) + 8 * weighted)
}

/// Over columns `s..e` (`s < e`) of a pair of rows: the number of columns
/// floor on both, the sum of those columns, and the number of floor cells
/// on the lower row.
#[inline(always)]
fn span_counts(top: &[u64], bottom: &[u64], s: usize, e: usize) -> (u64, u64, u64) {
    let (k0, k1) = (s / 64, (e - 1) / 64);
    let (mut both, mut sum, mut lower) = (0u64, 0u64, 0u64);
    for k in k0..=k1 {
        let lo = if k == k0 { s % 64 } else { 0 };
        let hi = if k == k1 { (e - 1) % 64 } else { 63 };
        let span = (u64::MAX >> (63 - hi)) & (u64::MAX << lo);
        let (n, at) = count_and_sum(top[k] & bottom[k] & span);
        both += n;
        sum += at + 64 * k as u64 * n;
        lower += byte_counts(bottom[k] & span).wrapping_mul(BYTES) >> 56;
    }
    (both, sum, lower)
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

/// A scanned map whose regions are known but not yet written: see
/// [`Labeller::prepare`].
#[derive(Debug)]
pub struct Prepared<'l, 'a, T: FloorCell> {
    labeller: &'l Labeller,
    cells: Cells<'a, T>,
    count: u32,
}

impl<T: FloorCell> Prepared<'_, '_, T> {
    /// Number of regions.
    pub fn count(&self) -> u32 {
        self.count
    }

    /// Writes the labels into `out` (see [`Labeller::label`]).
    ///
    /// # Errors
    /// [`RegionsError::BufferTooSmall`] when `out` is shorter than the grid;
    /// nothing is written then.
    pub fn write(&self, out: &mut [u32]) -> Result<(), RegionsError> {
        check_out(&self.cells, out)?;
        self.labeller.write(&self.cells, out);
        Ok(())
    }

    /// Writes the labels into `out` and each region's statistics into
    /// `stats[..count]`, in one pass.
    ///
    /// # Errors
    /// [`RegionsError::BufferTooSmall`] when `out` is shorter than the grid
    /// or `stats` shorter than the number of regions; nothing is written then.
    pub fn write_with_stats(
        &self,
        out: &mut [u32],
        stats: &mut [RegionStats],
    ) -> Result<(), RegionsError> {
        check_out(&self.cells, out)?;
        let stats = self.stats_slice(stats)?;
        stats.fill(RegionStats::EMPTY);
        self.labeller.write_with_stats(&self.cells, out, stats);
        Ok(())
    }

    /// Writes only the statistics into `stats[..count]`: one sweep over the
    /// runs, without touching a label buffer.
    ///
    /// # Errors
    /// [`RegionsError::BufferTooSmall`] when `stats` is shorter than the
    /// number of regions; nothing is written then.
    pub fn stats(&self, stats: &mut [RegionStats]) -> Result<(), RegionsError> {
        let stats = self.stats_slice(stats)?;
        stats.fill(RegionStats::EMPTY);
        if self.count == 0 {
            return Ok(()); // No region, and no run table for an empty map.
        }
        let l = self.labeller;
        if l.pairs {
            l.pair_stats(&self.cells, stats);
            return Ok(());
        }
        for y in 0..self.cells.height() as usize {
            for r in l.row_start[y]..l.row_start[y + 1] {
                let (s, e) = l.run(r);
                stats[l.parent[r as usize] as usize].add_run(y as u32, s, e);
            }
        }
        Ok(())
    }

    fn stats_slice<'s>(
        &self,
        stats: &'s mut [RegionStats],
    ) -> Result<&'s mut [RegionStats], RegionsError> {
        let needed = self.count as usize;
        if stats.len() < needed {
            return Err(RegionsError::BufferTooSmall {
                needed,
                actual: stats.len(),
            });
        }
        Ok(&mut stats[..needed])
    }
}

fn check_out<T: FloorCell>(cells: &Cells<'_, T>, out: &[u32]) -> Result<(), RegionsError> {
    if out.len() < cells.len() {
        return Err(RegionsError::BufferTooSmall {
            needed: cells.len(),
            actual: out.len(),
        });
    }
    Ok(())
}

/// Labels the floor of `cells` into `out` and returns the number of regions;
/// see [`Labeller::label`], which this calls with fresh scratch space.
///
/// # Errors
/// [`RegionsError::BufferTooSmall`] when `out` is shorter than the grid;
/// nothing is written then.
///
/// ```
/// use mcrdun_geom::Grid;
/// use mcrdun_regions::{label, Connectivity, NO_REGION};
/// // A diagonal pair: two regions with 4-connectivity, one with 8.
/// let grid = Grid::from_vec(2, 2, vec![true, false, false, true])?;
/// let mut out = vec![0; 4];
/// assert_eq!(label(&grid, Connectivity::Four, &mut out)?, 2);
/// assert_eq!(out, [0, NO_REGION, NO_REGION, 1]);
/// assert_eq!(label(&grid, Connectivity::Eight, &mut out)?, 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn label<'a, T: FloorCell>(
    cells: impl Into<Cells<'a, T>>,
    options: impl Into<LabelOptions>,
    out: &mut [u32],
) -> Result<u32, RegionsError> {
    Labeller::new().label(cells, options, out)
}

/// Labels the floor of `cells` into `out` and returns per-region statistics
/// (their count is the number of regions); see [`Labeller::label_with_stats`].
///
/// # Errors
/// [`RegionsError::BufferTooSmall`] when `out` is shorter than the grid.
///
/// ```
/// use mcrdun_regions::{label_with_stats, largest_region, Cells, Connectivity};
/// let map = [1u8, 0, 1, 1,
///            1, 0, 1, 1];
/// let mut out = [0; 8];
/// let stats = label_with_stats(Cells::from_slice(&map, 4, 2)?, Connectivity::Four, &mut out)?;
/// assert_eq!(stats.len(), 2);
/// assert_eq!((stats[0].area, stats[1].area), (2, 4));
/// assert_eq!(largest_region(&stats), Some(1));
/// # Ok::<(), mcrdun_regions::RegionsError>(())
/// ```
pub fn label_with_stats<'a, T: FloorCell>(
    cells: impl Into<Cells<'a, T>>,
    options: impl Into<LabelOptions>,
    out: &mut [u32],
) -> Result<Vec<RegionStats>, RegionsError> {
    let mut stats = Vec::new();
    Labeller::new().label_with_stats(cells, options, out, &mut stats)?;
    Ok(stats)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_counts_and_position_sums() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut words = vec![0, u64::MAX, 1, 1 << 63, 0x8000_0000_0000_0001];
        for _ in 0..2000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            // Sparse, dense and mixed words.
            let sparse = state & (state >> 17) & (state >> 31);
            words.extend([state, sparse, !sparse]);
        }
        for &x in &words {
            let n = u64::from(x.count_ones());
            let sum: u64 = (0..64).filter(|i| x >> i & 1 == 1).sum();
            assert_eq!(count_and_sum(x), (n, sum), "{x:#x}");
        }
        // Spans over several words.
        let top = [words[5], words[6], words[7]];
        let bottom = [words[8], words[9], words[10]];
        for s in 0..192 {
            for e in s + 1..=192 {
                let bit = |m: &[u64; 3], x: usize| m[x / 64] >> (x % 64) & 1 == 1;
                let both: Vec<usize> = (s..e)
                    .filter(|&x| bit(&top, x) && bit(&bottom, x))
                    .collect();
                let lower = (s..e).filter(|&x| bit(&bottom, x)).count() as u64;
                let expected = (
                    both.len() as u64,
                    both.iter().map(|&x| x as u64).sum(),
                    lower,
                );
                assert_eq!(span_counts(&top, &bottom, s, e), expected, "{s}..{e}");
            }
        }
    }
}
