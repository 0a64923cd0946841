//! A uniform bucket grid over room centres, rebuilt each separation step
//! without allocating: a counting sort of room indices by cell.
//!
//! Two rooms whose boxes overlap have centres closer than the largest box
//! side on each axis, so with cells at least that wide they lie in the same
//! or adjacent cells. The grid covers the centres' bounding box; when that
//! box is sparse (rooms flung far apart) the cells are widened until there
//! are at most `4 n + 1024` of them, which keeps memory linear and stays
//! correct, since wider cells still satisfy the rule above.

/// Reusable buffers of the bucket grid.
#[derive(Debug, Default)]
pub(crate) struct CellGrid {
    /// Cell of each room.
    cell_of: Vec<u32>,
    /// `start[c]..start[c + 1]` indexes `order` for the rooms of cell `c`.
    start: Vec<u32>,
    /// Room indices sorted by cell (stable: ascending index within a cell).
    order: Vec<u32>,
    cols: usize,
    rows: usize,
}

impl CellGrid {
    /// Buckets the points `(cx[i], cy[i])` into cells at least `min_cell`
    /// wide (`min_cell >= 1`).
    pub(crate) fn build(&mut self, cx: &[i64], cy: &[i64], min_cell: i64) {
        let n = cx.len();
        if n == 0 {
            (self.cols, self.rows) = (0, 0);
            self.cell_of.clear();
            self.order.clear();
            self.start.clear();
            self.start.push(0);
            return;
        }
        let (mut x0, mut x1, mut y0, mut y1) = (i64::MAX, i64::MIN, i64::MAX, i64::MIN);
        for (&x, &y) in cx.iter().zip(cy) {
            x0 = x0.min(x);
            x1 = x1.max(x);
            y0 = y0.min(y);
            y1 = y1.max(y);
        }
        let budget = 4 * n as u128 + 1024;
        let mut cell = min_cell.max(1);
        let (cols, rows) = loop {
            let cols = ((x1 - x0) / cell) as u128 + 1;
            let rows = ((y1 - y0) / cell) as u128 + 1;
            if cols * rows <= budget {
                break (cols as usize, rows as usize);
            }
            cell = cell.saturating_mul(2);
        };
        self.cols = cols;
        self.rows = rows;
        self.cell_of.clear();
        self.cell_of.extend(cx.iter().zip(cy).map(|(&x, &y)| {
            let c = ((x - x0) / cell) as usize;
            let r = ((y - y0) / cell) as usize;
            (r * cols + c) as u32
        }));
        self.start.clear();
        self.start.resize(cols * rows + 1, 0);
        // Local slices: the loops below then keep their pointers in
        // registers instead of reloading them from `self` at every store.
        let (start, order) = (&mut self.start[..], &mut self.order);
        for &c in &self.cell_of {
            start[c as usize + 1] += 1;
        }
        let mut sum = 0;
        for s in start.iter_mut() {
            sum += *s;
            *s = sum;
        }
        order.clear();
        order.resize(n, 0);
        // Fill each bucket from its start; `start` is restored afterwards.
        for (i, &c) in self.cell_of.iter().enumerate() {
            let slot = &mut start[c as usize];
            order[*slot as usize] = i as u32;
            *slot += 1;
        }
        start.copy_within(..cols * rows, 1);
        start[0] = 0;
    }

    /// The room indices sorted by cell (ascending index within a cell).
    pub(crate) fn order(&self) -> &[u32] {
        &self.order
    }

    /// Calls `f(k, l)` once for every unordered pair of rooms in the same or
    /// adjacent cells (the candidates for overlap), as positions in
    /// [`CellGrid::order`]. Cost: the number of such pairs plus the number
    /// of cells.
    pub(crate) fn for_each_candidate_pair(&self, mut f: impl FnMut(usize, usize)) {
        let (cols, rows) = (self.cols, self.rows);
        let start = |cell: usize| self.start[cell] as usize;
        for r in 0..rows {
            for c in 0..cols {
                let cell = r * cols + c;
                let (s0, s1) = (start(cell), start(cell + 1));
                if s0 == s1 {
                    continue;
                }
                // The forward half of the 8 neighbours, each pair of cells
                // once, as two runs of `order` (cells are numbered row by
                // row): the cell's own later rooms with the east cell's,
                // and the three cells below. Two loops with one call each
                // (`Pushes::compute` has its check inlined at both).
                let east = if c + 1 < cols { start(cell + 2) } else { s1 };
                let below = if r + 1 < rows {
                    let west = cell + cols - usize::from(c > 0);
                    start(west)..start(cell + cols + 1 + usize::from(c + 1 < cols))
                } else {
                    0..0
                };
                for k in s0..s1 {
                    for l in k + 1..east {
                        f(k, l);
                    }
                    for l in below.clone() {
                        f(k, l);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_close_pair_once() {
        let cx: Vec<i64> = (0..60).map(|i| (i * 37 % 101) as i64 * 3).collect();
        let cy: Vec<i64> = (0..60).map(|i| (i * 53 % 97) as i64 * 3 - 100).collect();
        let mut g = CellGrid::default();
        for cell in [1, 7, 40, 1000] {
            g.build(&cx, &cy, cell);
            let mut seen = std::collections::BTreeSet::new();
            let order = g.order().to_vec();
            g.for_each_candidate_pair(|k, l| {
                let (i, j) = (order[k] as usize, order[l] as usize);
                assert!(seen.insert((i.min(j), i.max(j))), "pair twice");
                // Only rooms of the same or adjacent cells are offered.
                let cols = g.cols as u32;
                let (ci, cj) = (g.cell_of[i], g.cell_of[j]);
                assert!(
                    (ci / cols).abs_diff(cj / cols) <= 1 && (ci % cols).abs_diff(cj % cols) <= 1,
                    "{i} {j} are not in neighbouring cells at cell {cell}"
                );
            });
            for i in 0..60 {
                for j in i + 1..60 {
                    if (cx[i] - cx[j]).abs() < cell && (cy[i] - cy[j]).abs() < cell {
                        assert!(seen.contains(&(i, j)), "missed {i} {j} at cell {cell}");
                    }
                }
            }
        }
    }

    #[test]
    fn sparse_points_widen_the_cells() {
        let cx = [0, i64::from(i32::MAX) << 8, 5];
        let cy = [0, i64::from(i32::MIN) << 8, 5];
        let mut g = CellGrid::default();
        g.build(&cx, &cy, 10);
        assert!(g.cols * g.rows <= 4 * 3 + 1024);
        let mut n = 0;
        g.for_each_candidate_pair(|_, _| n += 1);
        assert!(n >= 1);
    }
}
