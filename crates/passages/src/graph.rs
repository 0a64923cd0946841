//! The room adjacency graph of a whole layout, in one pass over the grid.

use crate::layout::NO_ROOM;
use crate::{Layout, RoomId};

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
    /// ```
    /// use mcrdun_geom::Point;
    /// use mcrdun_passages::{Layout, RoomId};
    /// // a b
    /// // c .
    /// let mut layout = Layout::new(2, 2)?;
    /// let a = layout.add_room(&[Point::new(0, 0)])?;
    /// let b = layout.add_room(&[Point::new(1, 0)])?;
    /// let c = layout.add_room(&[Point::new(0, 1)])?;
    /// assert_eq!(layout.adjacent_rooms(), [(a, b), (a, c)]);
    /// # Ok::<(), mcrdun_passages::PassagesError>(())
    /// ```
    pub fn adjacent_rooms(&self) -> Vec<(RoomId, RoomId)> {
        let grid = self.id_grid();
        let (w, h) = (grid.width() as usize, grid.height() as usize);
        let ids = grid.as_slice();
        if ids.is_empty() {
            // A side may be 0 and the other huge: no per-column scratch
            // for a layout without cells.
            return Vec::new();
        }
        let mut keys: Vec<u64> = Vec::new();
        // u64::MAX is never a key: it would need two rooms numbered u32::MAX.
        let mut last_east = vec![u64::MAX; w];
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
        keys.sort_unstable();
        keys.dedup();
        keys.into_iter()
            .map(|k| (RoomId::new((k >> 32) as u32), RoomId::new(k as u32)))
            .collect()
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
        assert_eq!(l.adjacent_rooms(), [(r0, r1), (r0, r2), (r1, r2)]);
        let empty = Layout::new(0, 5).unwrap();
        assert!(empty.adjacent_rooms().is_empty());
    }

    #[test]
    fn diagonal_contact_is_not_adjacency() {
        let mut l = Layout::new(2, 2).unwrap();
        l.add_room(&[Point::new(0, 0)]).unwrap();
        l.add_room(&[Point::new(1, 1)]).unwrap();
        assert!(l.adjacent_rooms().is_empty());
    }
}
