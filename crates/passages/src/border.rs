//! The border dictionary between two rooms.

use crate::layout::NO_ROOM;
use crate::{Layout, PassagesError, RoomId};
use core::mem::size_of;
use mcrdun_geom::Point;
use mcrdun_geom::memory::Budget;

/// Working memory of [`Layout::border`] per border pair found (each
/// `(cell, neighbour across)` of [`Border::pairs`]): the pair in its
/// stream while the boundary is scanned (16 bytes, in vectors that at most
/// double: 32), the sorted pair (16), its cell's entry (at most 20) and
/// its neighbour across (8).
pub const BORDER_BYTES_PER_PAIR: u64 = 76;

/// What [`Layout::border`] checks against the memory budget before its
/// scan, per boundary cell of the smaller room: the most border pairs such
/// a cell can give (8: four neighbours across, each pair seen from both
/// sides) at [`BORDER_BYTES_PER_PAIR`] each.
pub const BORDER_BYTES_PER_SCANNED_CELL: u64 = 8 * BORDER_BYTES_PER_PAIR;

/// The 4-neighbour offsets in `(y, x)` order (N, W, E, S), so that the
/// neighbours of one cell come out already sorted.
const SORTED_NEIGHBOURS_4: [(i32, i32); 4] = [(0, -1), (-1, 0), (1, 0), (0, 1)];

/// Where one border cell's neighbours across live in [`Border::across`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    cell: Point,
    in_b: bool,
    start: u32,
    count: u32,
}

/// The border between rooms `a` and `b`: every cell of either room with a
/// 4-neighbour in the other, mapped to those neighbours (a "border
/// dictionary"), as a sorted list rather than a hash map.
///
/// Cells are sorted by `(y, x)`, and so is each cell's list of neighbours
/// across. A cell has 1 to 4 neighbours across. Two rooms that do not touch
/// have an empty border.
///
/// ```
/// use mcrdun_geom::Point;
/// use mcrdun_passages::Layout;
/// // [a][b b]: one cell on each side.
/// let mut layout = Layout::new(4, 1)?;
/// let a = layout.add_room(&[Point::new(0, 0)])?;
/// let b = layout.add_room(&[Point::new(1, 0), Point::new(2, 0)])?;
/// let border = layout.border(a, b)?;
/// assert_eq!(border.len(), 2);
/// assert_eq!(border.get(Point::new(0, 0)), Some(&[Point::new(1, 0)][..]));
/// assert_eq!(border.get(Point::new(2, 0)), None);
/// assert_eq!(border.pairs(), [
///     (Point::new(0, 0), Point::new(1, 0)),
///     (Point::new(1, 0), Point::new(0, 0)),
/// ]);
/// # Ok::<(), mcrdun_passages::PassagesError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Border {
    a: RoomId,
    b: RoomId,
    /// Every (cell, neighbour across), sorted; each 4-adjacent pair of cells
    /// appears twice, once from each side.
    pairs: Vec<(Point, Point)>,
    entries: Vec<Entry>,
    across: Vec<Point>,
    /// Scratch for building: the sorted pair streams merged into `pairs`
    /// (always left empty, keeping only their capacity).
    streams: [Vec<(Point, Point)>; 5],
}

/// One cell of a [`Border`] and its neighbours in the other room.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BorderCell<'a> {
    /// The cell.
    pub cell: Point,
    /// The room the cell belongs to (one of the border's two rooms).
    pub room: RoomId,
    /// Its 4-neighbours in the other room, sorted by `(y, x)`; 1 to 4 of them.
    pub across: &'a [Point],
}

impl Border {
    /// An empty border, to be filled by [`Layout::border_into`].
    pub fn new() -> Border {
        Border::default()
    }

    /// The two rooms, in the order they were asked for.
    #[inline]
    pub fn rooms(&self) -> (RoomId, RoomId) {
        (self.a, self.b)
    }

    /// The number of border cells (on both sides).
    #[inline]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when the two rooms do not touch.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The border cells with their neighbours across, sorted by `(y, x)`.
    pub fn cells(&self) -> impl ExactSizeIterator<Item = BorderCell<'_>> + '_ {
        self.entries.iter().map(|e| self.expand(e))
    }

    /// The `i`-th border cell in `(y, x)` order.
    pub fn cell(&self, i: usize) -> Option<BorderCell<'_>> {
        self.entries.get(i).map(|e| self.expand(e))
    }

    /// The neighbours across of `p`, or `None` when `p` is not a border cell.
    /// O(log n).
    pub fn get(&self, p: Point) -> Option<&[Point]> {
        let i = self
            .entries
            .binary_search_by_key(&(p.y, p.x), |e| (e.cell.y, e.cell.x))
            .ok()?;
        Some(self.expand(&self.entries[i]).across)
    }

    /// Every `(cell, neighbour across)` pair, sorted by the cell's `(y, x)`
    /// and then the neighbour's. Each 4-adjacent pair of cells of the two
    /// rooms appears twice, once from each side, so a uniform pick from this
    /// list weighs each cell by its neighbours across (the "flattened" choice).
    #[inline]
    pub fn pairs(&self) -> &[(Point, Point)] {
        &self.pairs
    }

    /// The number of 4-adjacent cell pairs joining the two rooms
    /// (`pairs().len() / 2`).
    #[inline]
    pub fn edge_count(&self) -> usize {
        self.pairs.len() / 2
    }

    fn expand(&self, e: &Entry) -> BorderCell<'_> {
        let start = e.start as usize;
        BorderCell {
            cell: e.cell,
            room: if e.in_b { self.b } else { self.a },
            across: &self.across[start..start + e.count as usize],
        }
    }
}

/// The bytes of a vector's allocation.
fn vec_bytes<T>(v: &Vec<T>) -> u64 {
    v.capacity() as u64 * size_of::<T>() as u64
}

/// The bytes a border holds: its streams and its tables.
pub(crate) fn held(out: &Border) -> u64 {
    out.streams.iter().map(vec_bytes).sum::<u64>()
        + vec_bytes(&out.pairs)
        + vec_bytes(&out.entries)
        + vec_bytes(&out.across)
}

/// Room for `n` items in the empty `v`, exactly, an allocator refusal as
/// an error.
fn reserve<T>(v: &mut Vec<T>, n: usize) -> Result<(), PassagesError> {
    v.try_reserve_exact(n).map_err(|_| {
        PassagesError::Geom(mcrdun_geom::GeomError::OutOfMemory {
            what: "a border",
            needed: (n as u64).saturating_mul(size_of::<T>() as u64),
        })
    })
}

/// The `(y, x)` order of a pair: by cell, then by the neighbour across.
#[inline]
fn pair_key(&(c, n): &(Point, Point)) -> (i32, i32, i32, i32) {
    (c.y, c.x, n.y, n.x)
}

/// Merges sorted streams of distinct pairs into `out` (with room for them
/// already), emptying them.
fn merge_sorted(streams: &mut [Vec<(Point, Point)>; 5], out: &mut Vec<(Point, Point)>) {
    let total: usize = streams.iter().map(Vec::len).sum();
    let mut heads = [0usize; 5];
    for _ in 0..total {
        let mut best: Option<usize> = None;
        for s in 0..5 {
            if let Some(p) = streams[s].get(heads[s])
                && best.is_none_or(|b| pair_key(p) < pair_key(&streams[b][heads[b]]))
            {
                best = Some(s);
            }
        }
        let b = best.expect("a stream still holds a pair");
        out.push(streams[b][heads[b]]);
        heads[b] += 1;
    }
    for s in streams.iter_mut() {
        s.clear();
    }
}

impl Layout {
    /// The border between rooms `a` and `b` (empty when they do not touch).
    ///
    /// Cost: O(k), where k is the boundary length of whichever room has the
    /// shorter boundary: only that boundary is scanned, each of its cells
    /// looks at its 4 neighbours in the room-id grid, and the pairs found
    /// (at most 8 per scanned cell) come out sorted by a linear merge of
    /// already-sorted streams, not by a sort.
    ///
    /// Memory: [`BORDER_BYTES_PER_PAIR`] bytes a border pair (two per
    /// 4-adjacent pair of cells). Checked against the
    /// [memory budget](mcrdun_geom::memory) before the scan as the most the
    /// scanned boundary can give: [`BORDER_BYTES_PER_SCANNED_CELL`] (608)
    /// bytes a boundary cell of the smaller room, beside what a reused
    /// border already holds.
    ///
    /// # Errors
    /// [`PassagesError::UnknownRoom`], [`PassagesError::SameRoom`],
    /// [`PassagesError::Geom`] with `OverBudget` / `OutOfMemory`.
    pub fn border(&self, a: RoomId, b: RoomId) -> Result<Border, PassagesError> {
        let mut out = Border::new();
        self.border_into(a, b, &mut out)?;
        Ok(out)
    }

    /// [`Layout::border`] into a reused [`Border`], so that a loop over many
    /// pairs allocates only when a border is larger than any before it.
    ///
    /// # Errors
    /// As [`Layout::border`]; on error `out` is left empty.
    pub fn border_into(&self, a: RoomId, b: RoomId, out: &mut Border) -> Result<(), PassagesError> {
        let result = self.fill_border(a, b, out);
        if result.is_err() {
            out.pairs.clear();
            out.entries.clear();
            out.across.clear();
            out.streams.iter_mut().for_each(Vec::clear);
        }
        result
    }

    /// The body of [`Layout::border_into`].
    fn fill_border(&self, a: RoomId, b: RoomId, out: &mut Border) -> Result<(), PassagesError> {
        let budget = Budget::start();
        out.pairs.clear();
        out.entries.clear();
        out.across.clear();
        let (boundary_a, boundary_b) = (self.boundary(a)?, self.boundary(b)?);
        if a == b {
            return Err(PassagesError::SameRoom { room: a });
        }
        out.a = a;
        out.b = b;

        // Every cell of a touching b is on a's boundary, and every cell of b
        // touching a is a neighbour of one of those: scanning the shorter
        // boundary finds both sides.
        let (scan, other) = if boundary_a.len() <= boundary_b.len() {
            (boundary_a, b.get())
        } else {
            (boundary_b, a.get())
        };
        debug_assert_ne!(other, NO_ROOM);
        // Five streams, each already sorted by (cell, across) in (y, x)
        // order: stream 0 holds (c, n) for the scanned side (c ascends, and
        // the offsets are in (y, x) order); stream 1 + k holds (n, c) for
        // offset k, where n = c + offset ascends with c. Merging them gives
        // the sorted pairs in linear time, with no sort.
        // Checked before the scan: each scanned cell gives at most 8 border
        // pairs (4 neighbours across, each pair seen from both sides).
        budget.check_bytes(
            "a border",
            held(out)
                .saturating_add((scan.len() as u64).saturating_mul(BORDER_BYTES_PER_SCANNED_CELL)),
        )?;
        let [own, rest @ ..] = &mut out.streams;
        for &c in scan {
            for (k, (dx, dy)) in SORTED_NEIGHBOURS_4.into_iter().enumerate() {
                // In-grid coordinates are in 0..i32::MAX, so +-1 cannot
                // overflow; -1 is simply outside the grid.
                let n = Point::new(c.x + dx, c.y + dy);
                if self.raw_id(n) == other {
                    own.push((c, n));
                    rest[k].push((n, c));
                }
            }
        }
        // The sorted pairs, their cells' entries and the neighbours
        // across: at most one entry and one neighbour a pair.
        let total: usize = out.streams.iter().map(Vec::len).sum();
        reserve(&mut out.pairs, total)?;
        reserve(&mut out.entries, total)?;
        reserve(&mut out.across, total)?;
        merge_sorted(&mut out.streams, &mut out.pairs);

        let mut i = 0;
        while i < out.pairs.len() {
            let cell = out.pairs[i].0;
            let start = out.across.len();
            while i < out.pairs.len() && out.pairs[i].0 == cell {
                out.across.push(out.pairs[i].1);
                i += 1;
            }
            out.entries.push(Entry {
                cell,
                in_b: self.raw_id(cell) == b.get(),
                start: start as u32,
                count: (out.across.len() - start) as u32,
            });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The crate's example: rooms of 9 and 7 cells, 8 border cells.
    fn seed_layout() -> (Layout, RoomId, RoomId) {
        let r1 = [
            (1, 1),
            (2, 1),
            (3, 1),
            (4, 1),
            (1, 2),
            (2, 2),
            (3, 2),
            (4, 2),
            (3, 3),
        ];
        let r2 = [(1, 3), (2, 3), (4, 3), (1, 4), (2, 4), (3, 4), (4, 4)];
        let p = |v: &[(i32, i32)]| v.iter().map(|&(x, y)| Point::new(x, y)).collect::<Vec<_>>();
        let mut l = Layout::new(6, 6).unwrap();
        let a = l.add_room(&p(&r1)).unwrap();
        let b = l.add_room(&p(&r2)).unwrap();
        (l, a, b)
    }

    #[test]
    fn seed_example() {
        let (l, a, b) = seed_layout();
        let border = l.border(a, b).unwrap();
        assert_eq!(border.len(), 8);
        assert_eq!(
            border.get(Point::new(3, 3)).unwrap(),
            [Point::new(2, 3), Point::new(4, 3), Point::new(3, 4)]
        );
        let c33 = border.cell(5).unwrap();
        assert_eq!((c33.cell, c33.room), (Point::new(3, 3), a));
        let counts: Vec<(i32, i32, usize)> = border
            .cells()
            .map(|c| (c.cell.x, c.cell.y, c.across.len()))
            .collect();
        assert_eq!(
            counts,
            [
                (1, 2, 1),
                (2, 2, 1),
                (4, 2, 1),
                (1, 3, 1),
                (2, 3, 2),
                (3, 3, 3),
                (4, 3, 2),
                (3, 4, 1)
            ]
        );
        assert_eq!(border.edge_count(), 6);
        // The same border from the other side: the same cells, rooms swapped.
        let back = l.border(b, a).unwrap();
        assert_eq!(back.pairs(), border.pairs());
        assert_eq!(back.rooms(), (b, a));
        assert_eq!(back.cell(5).unwrap().room, a);
    }

    #[test]
    fn a_reused_border_equals_a_fresh_one() {
        let (mut l, a, b) = seed_layout();
        let c = l.add_room(&[Point::new(0, 3), Point::new(0, 4)]).unwrap();
        let mut reused = Border::new();
        for (x, y) in [(a, b), (b, c), (a, c), (b, a), (c, b)] {
            l.border_into(x, y, &mut reused).unwrap();
            assert_eq!(reused, l.border(x, y).unwrap());
        }
        assert!(l.border_into(a, a, &mut reused).is_err());
        assert!(reused.is_empty());
    }

    /// A border is refused one byte below the most its scan can find,
    /// before scanning, and made at exactly that.
    #[test]
    fn a_border_keeps_to_its_budget() {
        use mcrdun_geom::memory::Budget;
        let (l, a, b) = seed_layout();
        let scan = l
            .boundary(a)
            .unwrap()
            .len()
            .min(l.boundary(b).unwrap().len()) as u64;
        // The documented figure, 608 bytes a scanned cell (8 pairs of 76),
        // written out so that the constant cannot drift from it.
        assert_eq!(BORDER_BYTES_PER_SCANNED_CELL, 608);
        let need = scan * 608;
        {
            let _call = Budget::start_with(need - 1);
            let e = l.border(a, b).unwrap_err();
            assert!(
                matches!(e, PassagesError::Geom(ref g) if g.is_too_large()),
                "{e}"
            );
        }
        let _call = Budget::start_with(need);
        assert_eq!(l.border(a, b).unwrap().len(), 8);
    }

    /// A reused border counts what it holds: after a large border, a
    /// small one needs that beside its own scan.
    #[test]
    fn a_reused_border_counts_what_it_holds() {
        use mcrdun_geom::memory::Budget;
        let (mut l, a, b) = seed_layout();
        let c = l.add_room(&[Point::new(0, 3), Point::new(0, 4)]).unwrap();
        let mut reused = Border::new();
        l.border_into(a, b, &mut reused).unwrap();
        let size = |v: usize, each: usize| (v * each) as u64;
        let holds = reused
            .streams
            .iter()
            .map(|s| size(s.capacity(), 16))
            .sum::<u64>()
            + size(reused.pairs.capacity(), 16)
            + size(reused.entries.capacity(), size_of::<Entry>())
            + size(reused.across.capacity(), 8);
        assert_eq!(held(&reused), holds);
        assert!(holds > 0);
        // c's boundary (2 cells) is scanned against b.
        let need = holds + 2 * BORDER_BYTES_PER_SCANNED_CELL;
        {
            let _call = Budget::start_with(need - 1);
            assert!(l.border_into(c, b, &mut reused).is_err());
            assert!(reused.is_empty());
        }
        let _call = Budget::start_with(need);
        l.border_into(c, b, &mut reused).unwrap();
        assert_eq!(reused, l.border(c, b).unwrap());
    }

    /// The tables are reserved exactly, once, before they are filled: no
    /// doubling leaves them larger than the pairs found (the stated 76
    /// bytes a pair counts one entry and one neighbour a pair, no more).
    #[test]
    fn a_border_reserves_its_tables_exactly() {
        let (mut l, a, b) = seed_layout();
        let c = l.add_room(&[Point::new(0, 3), Point::new(0, 4)]).unwrap();
        for (x, y) in [(a, b), (c, b), (b, a)] {
            let border = l.border(x, y).unwrap();
            let total = border.pairs.len();
            assert!(total > 0 && border.entries.len() <= total);
            assert_eq!(border.pairs.capacity(), total);
            assert_eq!(border.entries.capacity(), total);
            assert_eq!(border.across.capacity(), total);
        }
    }

    #[test]
    fn disjoint_rooms_have_an_empty_border() {
        let mut l = Layout::new(6, 6).unwrap();
        let a = l.add_room(&[Point::new(2, 2)]).unwrap();
        let b = l.add_room(&[Point::new(3, 3)]).unwrap();
        let border = l.border(a, b).unwrap();
        assert!(border.is_empty());
        assert!(border.pairs().is_empty());
    }

    #[test]
    fn bad_rooms_are_errors() {
        let (l, a, _) = seed_layout();
        assert_eq!(l.border(a, a), Err(PassagesError::SameRoom { room: a }));
        let ghost = RoomId::new(7);
        assert!(matches!(
            l.border(a, ghost),
            Err(PassagesError::UnknownRoom { room, count: 2 }) if room == ghost
        ));
    }
}
