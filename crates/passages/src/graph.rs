//! The room adjacency graph of a whole layout, in one pass over the grid.

use crate::layout::NO_ROOM;
use crate::{Layout, PassagesError, RoomId};
use mcrdun_geom::memory::{Budget, try_vec, try_with_capacity};

/// Working memory of [`Layout::adjacent_rooms`] per column of the grid.
pub const ADJACENT_BYTES_PER_COLUMN: u64 = 8;

/// Working memory of [`Layout::adjacent_rooms`] per boundary cell of the
/// layout: room for the two keys (east, south) such a cell can find.
pub const ADJACENT_BYTES_PER_BOUNDARY_CELL: u64 = 16;

/// Working memory of [`Layout::adjacent_rooms`] per pair returned.
pub const ADJACENT_BYTES_PER_PAIR: u64 = 8;

/// A pair of room numbers as one sortable key, smaller number first.
#[inline]
fn key(a: u32, b: u32) -> u64 {
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    (u64::from(lo) << 32) | u64::from(hi)
}

impl Layout {
    /// Every pair of rooms that share a border (two 4-adjacent cells), each
    /// pair once as `(a, b)` with `a < b`, sorted.
    ///
    /// One pass over the grid looks at each cell's east and south
    /// neighbours. Runs of the same pair along a wall are collapsed as they
    /// are found (the last pair pushed for the current row's south lane and
    /// for each column's east lane), so the final sort and dedup see about
    /// one key per wall segment. Cost: O(width x height + s log s) for s
    /// wall segments, plus one row of scratch.
    ///
    /// Memory: [`ADJACENT_BYTES_PER_COLUMN`] (8) bytes a column and
    /// [`ADJACENT_BYTES_PER_BOUNDARY_CELL`] (16) a boundary cell of the
    /// layout (every key comes from a boundary cell, at most two from
    /// each: their room is reserved once), checked against the
    /// [memory budget](mcrdun_geom::memory) before the pass; then
    /// [`ADJACENT_BYTES_PER_PAIR`] (8) a pair returned, checked when their
    /// number is known.
    ///
    /// ```
    /// use mcrdun_geom::Point;
    /// use mcrdun_passages::{Layout, RoomId};
    /// // a b
    /// // c .
    /// let mut layout = Layout::new(2, 2)?;
    /// let a = layout.add_room(&[Point::new(0, 0)])?;
    /// let b = layout.add_room(&[Point::new(1, 0)])?;
    /// let c = layout.add_room(&[Point::new(0, 1)])?;
    /// assert_eq!(layout.adjacent_rooms()?, [(a, b), (a, c)]);
    /// # Ok::<(), mcrdun_passages::PassagesError>(())
    /// ```
    ///
    /// # Errors
    /// [`PassagesError::Geom`] with `OverBudget` / `OutOfMemory`.
    pub fn adjacent_rooms(&self) -> Result<Vec<(RoomId, RoomId)>, PassagesError> {
        let budget = Budget::start();
        let grid = self.id_grid();
        let (w, h) = (grid.width() as usize, grid.height() as usize);
        let ids = grid.as_slice();
        if ids.is_empty() {
            // A side may be 0 and the other huge: no per-column scratch
            // for a layout without cells.
            return Ok(Vec::new());
        }
        let most = 2 * self.boundary_len();
        budget.check_bytes(
            "the room graph",
            (w as u64 * ADJACENT_BYTES_PER_COLUMN)
                .saturating_add(self.boundary_len() as u64 * ADJACENT_BYTES_PER_BOUNDARY_CELL),
        )?;
        let mut keys: Vec<u64> = try_with_capacity("the room graph", most)?;
        // u64::MAX is never a key: it would need two rooms numbered u32::MAX.
        let mut last_east = try_vec("the room graph", w, u64::MAX)?;
        for y in 0..h {
            let row = &ids[y * w..(y + 1) * w];
            let below = (y + 1 < h).then(|| &ids[(y + 1) * w..(y + 2) * w]);
            let mut last_south = u64::MAX;
            for x in 0..w {
                let id = row[x];
                if id == NO_ROOM {
                    continue;
                }
                if let Some(&e) = row.get(x + 1)
                    && e != NO_ROOM
                    && e != id
                {
                    let k = key(id, e);
                    if last_east[x] != k {
                        keys.push(k);
                        last_east[x] = k;
                    }
                }
                if let Some(below) = below {
                    let s = below[x];
                    if s != NO_ROOM && s != id {
                        let k = key(id, s);
                        if last_south != k {
                            keys.push(k);
                            last_south = k;
                        }
                    }
                }
            }
        }
        drop(last_east);
        keys.sort_unstable();
        keys.dedup();
        budget.check_bytes(
            "the room graph",
            (keys.capacity() as u64 * 8)
                .saturating_add(keys.len() as u64 * ADJACENT_BYTES_PER_PAIR),
        )?;
        let mut pairs = try_with_capacity("the room graph", keys.len())?;
        pairs.extend(
            keys.iter()
                .map(|&k| (RoomId::new((k >> 32) as u32), RoomId::new(k as u32))),
        );
        Ok(pairs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mcrdun_geom::Point;

    #[test]
    fn stripes_and_empty_cells() {
        // 0 0 1
        // . 2 1
        // 2 2 .
        let mut l = Layout::new(3, 3).unwrap();
        let p = Point::new;
        let r0 = l.add_room(&[p(0, 0), p(1, 0)]).unwrap();
        let r1 = l.add_room(&[p(2, 0), p(2, 1)]).unwrap();
        let r2 = l.add_room(&[p(1, 1), p(0, 2), p(1, 2)]).unwrap();
        assert_eq!(l.adjacent_rooms().unwrap(), [(r0, r1), (r0, r2), (r1, r2)]);
        let empty = Layout::new(0, 5).unwrap();
        assert!(empty.adjacent_rooms().unwrap().is_empty());
    }

    /// The room graph is refused one byte below its up-front need (8 bytes
    /// a column, 16 a boundary cell), before its pass.
    #[test]
    fn the_room_graph_keeps_to_its_budget() {
        use mcrdun_geom::memory::Budget;
        let mut l = Layout::new(3, 2).unwrap();
        let p = Point::new;
        l.add_room(&[p(0, 0), p(1, 0), p(2, 0)]).unwrap();
        l.add_room(&[p(0, 1), p(1, 1), p(2, 1)]).unwrap();
        let need = 3 * ADJACENT_BYTES_PER_COLUMN + 6 * ADJACENT_BYTES_PER_BOUNDARY_CELL;
        {
            let _call = Budget::start_with(need - 1);
            let e = l.adjacent_rooms().unwrap_err();
            assert!(
                matches!(e, PassagesError::Geom(ref g) if g.is_too_large()),
                "{e}"
            );
        }
        let _call = Budget::start_with(need);
        assert_eq!(l.adjacent_rooms().unwrap().len(), 1);
    }

    /// A column of one-cell rooms: more pairs than columns, so the pairs'
    /// check (the keys, 16 bytes a boundary cell, and 8 a pair) is the one
    /// that binds.
    #[test]
    fn the_pairs_are_checked_when_known() {
        use mcrdun_geom::memory::Budget;
        let mut l = Layout::new(1, 6).unwrap();
        for y in 0..6 {
            l.add_room(&[Point::new(0, y)]).unwrap();
        }
        let need = 6 * ADJACENT_BYTES_PER_BOUNDARY_CELL + 5 * ADJACENT_BYTES_PER_PAIR;
        {
            let _call = Budget::start_with(need - 1);
            assert!(l.adjacent_rooms().is_err());
        }
        let _call = Budget::start_with(need);
        assert_eq!(l.adjacent_rooms().unwrap().len(), 5);
    }

    #[test]
    fn diagonal_contact_is_not_adjacency() {
        let mut l = Layout::new(2, 2).unwrap();
        l.add_room(&[Point::new(0, 0)]).unwrap();
        l.add_room(&[Point::new(1, 1)]).unwrap();
        assert!(l.adjacent_rooms().unwrap().is_empty());
    }
}
