//! The layout: a grid of room ids, and each room's cells and boundary.

use crate::PassagesError;
use core::fmt;
use core::mem::size_of;
use core::ops::Range;
use mcrdun_geom::memory::{Budget, check_bytes, try_vec, try_with_capacity};
use mcrdun_geom::{Grid, Point};

/// The number of a room in its [`Layout`]: rooms are numbered `0, 1, 2, ...`
/// in the order they were added, and the numbers never change.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RoomId(u32);

impl RoomId {
    /// The id with number `n`. Whether such a room exists is checked by the
    /// layout that receives it.
    #[inline]
    pub const fn new(n: u32) -> RoomId {
        RoomId(n)
    }

    /// The room's number.
    #[inline]
    pub const fn get(self) -> u32 {
        self.0
    }

    /// The room's number as an index (`0..room_count`).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for RoomId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "room {}", self.0)
    }
}

/// The grid value of a cell in no room.
pub(crate) const NO_ROOM: u32 = u32::MAX;

/// The most working memory [`Layout::add_room`] uses, in bytes a room cell
/// of the whole layout after the call: the new blocks of its cell and
/// boundary tables (8 bytes a cell each) when they double.
pub const ADD_ROOM_BYTES_PER_CELL: u64 = 32;

/// The most working memory [`Layout::add_room`] uses, in bytes a room of
/// the whole layout after the call: the new block of its room table (32
/// bytes a room) when it doubles.
pub const ADD_ROOM_BYTES_PER_ROOM: u64 = 64;

/// `v.try_reserve_exact(more)`, an allocator refusal as an error.
fn try_reserve_exact<T>(
    what: &'static str,
    v: &mut Vec<T>,
    more: usize,
) -> Result<(), PassagesError> {
    v.try_reserve_exact(more).map_err(|_| {
        PassagesError::Geom(mcrdun_geom::GeomError::OutOfMemory {
            what,
            needed: (v.len().saturating_add(more) as u64).saturating_mul(size_of::<T>() as u64),
        })
    })
}

/// Where one room's cells and boundary cells live in the flat arrays.
#[derive(Clone, Debug)]
struct RoomSpan {
    cells: Range<usize>,
    boundary: Range<usize>,
}

/// A `width` x `height` grid in which every cell belongs to at most one room.
///
/// Rooms are arbitrary sets of cells (not necessarily rectangles, not even
/// connected). The layout keeps a room-id grid for O(1) [`Layout::room_of`],
/// and for each room its cells and its *boundary* (the cells with an
/// in-grid 4-neighbour outside the room), both sorted by `(y, x)`, in two
/// flat arrays: no allocation per room.
///
/// ```
/// use mcrdun_geom::Point;
/// use mcrdun_passages::Layout;
/// let mut layout = Layout::new(6, 6)?;
/// let a = layout.add_room(&[Point::new(1, 1), Point::new(2, 1)])?;
/// assert_eq!(layout.room_of(Point::new(2, 1)), Some(a));
/// assert_eq!(layout.room_of(Point::new(3, 1)), None);
/// // Out of bounds, already taken, or empty: an error, and no change.
/// assert!(layout.add_room(&[Point::new(3, 1), Point::new(9, 9)]).is_err());
/// assert!(layout.add_room(&[Point::new(2, 1)]).is_err());
/// assert!(layout.add_room(&[]).is_err());
/// assert_eq!((layout.room_count(), layout.room_of(Point::new(3, 1))), (1, None));
/// # Ok::<(), mcrdun_passages::PassagesError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Layout {
    ids: Grid<u32>,
    rooms: Vec<RoomSpan>,
    cells: Vec<Point>,
    boundary: Vec<Point>,
}

/// The labelled cells and the room count (largest label + 1) of `ids`.
fn count_labels(ids: &[u32]) -> (usize, usize) {
    // NO_ROOM is u32::MAX, so `l + 1` (wrapping) is 0 for an unlabelled
    // cell and the room count a label implies for a labelled one: the
    // largest sum is the room count, the non-zero sums are the labelled
    // cells. Branch-free, so the compiler vectorises it: this scan reads
    // every label before a big layout is refused (256 MB for 8192^2).
    const _: () = assert!(NO_ROOM == u32::MAX);
    let mut labelled = 0usize;
    let mut rooms = 0u32;
    // Blocks short enough for a u32 count of their labelled cells.
    for block in ids.chunks(1 << 16) {
        let mut in_block = 0u32;
        for &l in block {
            let implied = l.wrapping_add(1);
            rooms = rooms.max(implied);
            in_block += u32::from(implied != 0);
        }
        labelled += in_block as usize;
    }
    (labelled, rooms as usize)
}

/// Working memory of [`Layout::from_labels`]: the id grid (4 bytes a
/// cell), two tables of 8 bytes per room, 8 bytes per room cell and at most
/// 8 per boundary cell, 32 per room span.
fn labels_need(cells: usize, labelled: usize, rooms: usize) -> u64 {
    (cells as u64 * 4)
        .saturating_add(labelled as u64 * 16)
        .saturating_add(rooms as u64 * 48)
}

/// The bytes [`Layout::from_labels`] needs for the labels `ids` (row-major),
/// from one scan that allocates nothing: a caller that must copy the labels
/// first can check the whole need before copying.
pub fn from_labels_bytes(ids: &[u32]) -> u64 {
    let (labelled, rooms) = count_labels(ids);
    // Labels that cannot be dense (a label past the labelled cells) are
    // refused as such, after a check that needs no table per label.
    let rooms = if rooms > labelled { 0 } else { rooms };
    labels_need(ids.len(), labelled, rooms)
}

impl Layout {
    /// An empty layout of `width` x `height` cells (either may be 0).
    ///
    /// Memory: 4 bytes per cell, then 8 bytes per room cell and per
    /// boundary cell as rooms are added; checked against the
    /// [memory budget](mcrdun_geom::memory).
    ///
    /// # Errors
    /// [`PassagesError::Geom`] with `GridTooLarge` when the grid cannot
    /// exist, `OverBudget` / `OutOfMemory` when it does not fit.
    pub fn new(width: u32, height: u32) -> Result<Layout, PassagesError> {
        let _budget = Budget::start();
        Ok(Layout {
            ids: Grid::new(width, height, NO_ROOM)?,
            rooms: Vec::new(),
            cells: Vec::new(),
            boundary: Vec::new(),
        })
    }

    /// A layout from a grid of room labels, in one pass plus a counting
    /// sort: the cell at `p` belongs to room `labels[p]`, or to no room when
    /// the label is `u32::MAX`. Labels must be dense, `0..n` each used at
    /// least once (as `mcrdun-regions` numbers its regions); room `k` is
    /// label `k`. The same layout as adding each room's cells with
    /// [`Layout::add_room`] in label order, in O(width x height).
    ///
    /// ```
    /// use mcrdun_geom::{Grid, Point};
    /// use mcrdun_passages::{Layout, RoomId};
    /// let none = u32::MAX;
    /// let labels = Grid::from_vec(3, 2, vec![0, 0, 1, none, 1, 1])?;
    /// let layout = Layout::from_labels(&labels)?;
    /// assert_eq!(layout.room_count(), 2);
    /// assert_eq!(layout.room_of(Point::new(1, 1)), Some(RoomId::new(1)));
    /// assert_eq!(layout.adjacent_rooms()?, [(RoomId::new(0), RoomId::new(1))]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// Memory: 4 bytes per cell, 16 per labelled cell and 48 per room,
    /// checked against the [memory budget](mcrdun_geom::memory) after the
    /// labels are validated and before any table is made.
    ///
    /// # Errors
    /// [`PassagesError::MissingLabel`] when some label below the largest is
    /// never used (found without a table sized by the label);
    /// [`PassagesError::Geom`] with `OverBudget` / `OutOfMemory`.
    pub fn from_labels(labels: &Grid<u32>) -> Result<Layout, PassagesError> {
        let _budget = Budget::start();
        let ids = labels.as_slice();
        // Validate before any per-label table: dense labels 0..n need at
        // least n labelled cells, so a huge stray label is refused here
        // instead of sizing a table from it.
        let (labelled, n) = count_labels(ids);
        if n > labelled {
            // Some label in 0..=labelled is unused (pigeonhole); find the
            // smallest with a table the size of the input, not of the label.
            let mut used = try_vec("the label check of a layout", labelled + 1, false)?;
            for &l in ids {
                if (l as usize) <= labelled {
                    used[l as usize] = true;
                }
            }
            let missing = used.iter().position(|&u| !u).unwrap_or(labelled);
            return Err(PassagesError::MissingLabel {
                label: missing as u32,
            });
        }
        // Working memory: the id grid (4 bytes a cell), two tables of 8
        // bytes per room, 8 bytes per room cell and at most 8 per boundary
        // cell, 32 per room span.
        check_bytes("a layout from labels", labels_need(ids.len(), labelled, n))?;
        // Counting sort by label: a raster scan puts each room's cells in
        // (y, x) order already.
        let mut start = try_vec("a layout from labels", n + 1, 0usize)?;
        for &l in ids {
            if l != NO_ROOM {
                start[l as usize + 1] += 1;
            }
        }
        if let Some(missing) = (0..n).find(|&k| start[k + 1] == 0) {
            return Err(PassagesError::MissingLabel {
                label: missing as u32,
            });
        }
        for k in 0..n {
            start[k + 1] += start[k];
        }
        let mut fill = start.clone();
        let mut cells = try_vec("a layout from labels", start[n], Point::ZERO)?;
        for (i, &l) in ids.iter().enumerate() {
            if l != NO_ROOM {
                cells[fill[l as usize]] = labels.point_of(i);
                fill[l as usize] += 1;
            }
        }
        // The boundary is at most every labelled cell: reserved once, so
        // it never doubles past the stated 8 bytes a labelled cell.
        let mut layout = Layout {
            ids: labels.clone(),
            rooms: try_with_capacity("a layout from labels", n)?,
            cells,
            boundary: try_with_capacity("a layout from labels", labelled)?,
        };
        for k in 0..n {
            let b_start = layout.boundary.len();
            for i in start[k]..start[k + 1] {
                let p = layout.cells[i];
                if layout.ids.neighbours4(p).any(|q| layout.ids[q] != k as u32) {
                    layout.boundary.push(p);
                }
            }
            layout.rooms.push(RoomSpan {
                cells: start[k]..start[k + 1],
                boundary: b_start..layout.boundary.len(),
            });
        }
        Ok(layout)
    }

    /// Grid width.
    #[inline]
    pub fn width(&self) -> u32 {
        self.ids.width()
    }

    /// Grid height.
    #[inline]
    pub fn height(&self) -> u32 {
        self.ids.height()
    }

    /// How many rooms have been added.
    #[inline]
    pub fn room_count(&self) -> u32 {
        self.rooms.len() as u32
    }

    /// Every room id, in ascending order.
    pub fn rooms(&self) -> impl ExactSizeIterator<Item = RoomId> + '_ {
        (0..self.room_count()).map(RoomId)
    }

    /// Adds a room made of `cells` (any shape, any order) and returns its id,
    /// the next number in sequence. Costs O(n log n) for n cells (the cells
    /// are stored sorted).
    ///
    /// Memory: the layout keeps 8 bytes a room cell, 8 a boundary cell and
    /// 32 a room, in tables that double as they grow: a call that grows
    /// them makes new blocks of up to [`ADD_ROOM_BYTES_PER_CELL`] bytes a
    /// room cell and [`ADD_ROOM_BYTES_PER_ROOM`] a room of the whole
    /// layout, checked together against the
    /// [memory budget](mcrdun_geom::memory) before the layout changes.
    ///
    /// # Errors
    /// [`PassagesError::EmptyRoom`], [`PassagesError::OutOfBounds`],
    /// [`PassagesError::CellTaken`] (the cell is in an earlier room),
    /// [`PassagesError::DuplicateCell`], [`PassagesError::TooManyRooms`],
    /// [`PassagesError::Geom`] with `OverBudget` / `OutOfMemory`.
    /// On error the layout is unchanged.
    pub fn add_room(&mut self, cells: &[Point]) -> Result<RoomId, PassagesError> {
        if cells.is_empty() {
            return Err(PassagesError::EmptyRoom);
        }
        // NO_ROOM is reserved, so the last usable id is NO_ROOM - 1.
        if self.rooms.len() >= NO_ROOM as usize {
            return Err(PassagesError::TooManyRooms);
        }
        self.reserve_room(cells.len())?;
        let id = self.rooms.len() as u32;
        // Claim the cells one by one; on the first bad one, release the
        // cells claimed so far so that the layout is unchanged.
        for (i, &p) in cells.iter().enumerate() {
            let failure = match self.ids.get(p).copied() {
                None => Some(PassagesError::OutOfBounds {
                    point: p,
                    width: self.width(),
                    height: self.height(),
                }),
                Some(NO_ROOM) => None,
                Some(owner) if owner == id => Some(PassagesError::DuplicateCell { point: p }),
                Some(owner) => Some(PassagesError::CellTaken {
                    point: p,
                    owner: RoomId(owner),
                }),
            };
            if let Some(e) = failure {
                for &q in &cells[..i] {
                    self.ids[q] = NO_ROOM;
                }
                return Err(e);
            }
            self.ids[p] = id;
        }

        let start = self.cells.len();
        self.cells.extend_from_slice(cells);
        self.cells[start..].sort_unstable_by_key(|p| (p.y, p.x));
        let b_start = self.boundary.len();
        for i in start..self.cells.len() {
            let p = self.cells[i];
            // The boundary never changes later: it depends only on which
            // cells are in this room, and later rooms cannot take them.
            if self.ids.neighbours4(p).any(|q| self.ids[q] != id) {
                self.boundary.push(p);
            }
        }
        self.rooms.push(RoomSpan {
            cells: start..self.cells.len(),
            boundary: b_start..self.boundary.len(),
        });
        Ok(RoomId(id))
    }

    /// Room for one more room of `n` cells and its boundary (at most every
    /// cell), reserved before any change, so that a refusal changes
    /// nothing: each table that must grow doubles (or grows to what it
    /// needs), and the new blocks together are checked against the budget.
    fn reserve_room(&mut self, n: usize) -> Result<(), PassagesError> {
        let budget = Budget::start();
        /// The capacity a vector of `len` items with room for `cap` grows
        /// to for `more` more: unchanged, doubled, or just enough.
        fn grown(len: usize, cap: usize, more: usize) -> usize {
            let want = len.saturating_add(more);
            if want <= cap {
                cap
            } else {
                want.max(cap.saturating_mul(2))
            }
        }
        let cells = grown(self.cells.len(), self.cells.capacity(), n);
        let boundary = grown(self.boundary.len(), self.boundary.capacity(), n);
        let rooms = grown(self.rooms.len(), self.rooms.capacity(), 1);
        let new_bytes = |cap: usize, old: usize, each: usize| {
            if cap == old {
                0
            } else {
                cap as u64 * each as u64
            }
        };
        budget.check_bytes(
            "adding a room",
            new_bytes(cells, self.cells.capacity(), size_of::<Point>())
                .saturating_add(new_bytes(
                    boundary,
                    self.boundary.capacity(),
                    size_of::<Point>(),
                ))
                .saturating_add(new_bytes(
                    rooms,
                    self.rooms.capacity(),
                    size_of::<RoomSpan>(),
                )),
        )?;
        let more = cells - self.cells.len();
        try_reserve_exact("a layout's room cells", &mut self.cells, more)?;
        let more = boundary - self.boundary.len();
        try_reserve_exact("a layout's boundary cells", &mut self.boundary, more)?;
        let more = rooms - self.rooms.len();
        try_reserve_exact("a layout's rooms", &mut self.rooms, more)?;
        Ok(())
    }

    /// The room that owns `p`, or `None` (no room, or outside the grid).
    #[inline]
    pub fn room_of(&self, p: Point) -> Option<RoomId> {
        match self.ids.get(p) {
            Some(&NO_ROOM) | None => None,
            Some(&id) => Some(RoomId(id)),
        }
    }

    /// The room's cells, sorted by `(y, x)`.
    ///
    /// # Errors
    /// [`PassagesError::UnknownRoom`].
    pub fn cells(&self, room: RoomId) -> Result<&[Point], PassagesError> {
        let span = self.span(room)?;
        Ok(&self.cells[span.cells.clone()])
    }

    /// The room's boundary: its cells with an in-grid 4-neighbour outside
    /// the room, sorted by `(y, x)`. Only these can border another room.
    ///
    /// # Errors
    /// [`PassagesError::UnknownRoom`].
    pub fn boundary(&self, room: RoomId) -> Result<&[Point], PassagesError> {
        let span = self.span(room)?;
        Ok(&self.boundary[span.boundary.clone()])
    }

    /// The room-id grid: each cell holds its room's number, or `u32::MAX`
    /// for a cell in no room.
    #[inline]
    pub fn id_grid(&self) -> &Grid<u32> {
        &self.ids
    }

    /// Checks that `room` exists.
    ///
    /// # Errors
    /// [`PassagesError::UnknownRoom`].
    pub fn check_room(&self, room: RoomId) -> Result<(), PassagesError> {
        self.span(room).map(|_| ())
    }

    fn span(&self, room: RoomId) -> Result<&RoomSpan, PassagesError> {
        self.rooms
            .get(room.index())
            .ok_or(PassagesError::UnknownRoom {
                room,
                count: self.room_count(),
            })
    }

    /// The number of boundary cells of all rooms.
    #[inline]
    pub(crate) fn boundary_len(&self) -> usize {
        self.boundary.len()
    }

    /// The raw grid value at `p` (`NO_ROOM` outside the grid).
    #[inline]
    pub(crate) fn raw_id(&self, p: Point) -> u32 {
        self.ids.get(p).copied().unwrap_or(NO_ROOM)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pts(v: &[(i32, i32)]) -> Vec<Point> {
        v.iter().map(|&(x, y)| Point::new(x, y)).collect()
    }

    #[test]
    fn rooms_are_numbered_in_order_and_sorted() {
        let mut l = Layout::new(5, 5).unwrap();
        let a = l.add_room(&pts(&[(2, 2), (1, 1), (2, 1)])).unwrap();
        let b = l.add_room(&pts(&[(0, 4)])).unwrap();
        assert_eq!((a.get(), b.get()), (0, 1));
        assert_eq!(l.cells(a).unwrap(), pts(&[(1, 1), (2, 1), (2, 2)]));
        assert_eq!(l.rooms().collect::<Vec<_>>(), [a, b]);
    }

    /// add_room reserves what it checked against the budget, exactly:
    /// each table grows to what it needs or doubles, never by a push's own
    /// growth (the stated bytes a cell and a room count those blocks).
    #[test]
    fn add_room_reserves_what_it_checked() {
        let mut l = Layout::new(10, 10).unwrap();
        let caps = |l: &Layout| {
            (
                l.cells.capacity(),
                l.boundary.capacity(),
                l.rooms.capacity(),
            )
        };
        l.add_room(&pts(&[(1, 1), (2, 1), (3, 1)])).unwrap();
        assert_eq!(caps(&l), (3, 3, 1));
        // 3 + 2 cells: doubled to 6; 1 + 1 rooms: doubled to 2.
        l.add_room(&pts(&[(5, 5), (6, 5)])).unwrap();
        assert_eq!(caps(&l), (6, 6, 2));
        // 5 + 7 cells: grown to the 12 needed, more than 6 doubled.
        let row: Vec<(i32, i32)> = (0..7).map(|x| (x, 8)).collect();
        l.add_room(&pts(&row)).unwrap();
        assert_eq!(caps(&l), (12, 12, 4));
    }

    #[test]
    fn room_ids_read_as_rooms_and_unknown_ones_are_errors() {
        let mut l = Layout::new(4, 4).unwrap();
        let a = l.add_room(&pts(&[(0, 0)])).unwrap();
        assert_eq!(a.to_string(), "room 0");
        assert_eq!(RoomId::new(12).to_string(), "room 12");
        assert!(l.check_room(a).is_ok());
        assert!(matches!(
            l.check_room(RoomId::new(1)),
            Err(PassagesError::UnknownRoom { count: 1, .. })
        ));
    }

    /// Labels that are dense with every labelled cell its own room (as many
    /// rooms as labelled cells) count their room tables; one label past
    /// them cannot be dense and counts none.
    #[test]
    fn from_labels_bytes_counts_rooms_up_to_the_labelled_cells() {
        // 4 cells (16 bytes), 3 labelled (48), 3 rooms (144).
        assert_eq!(from_labels_bytes(&[0, 1, NO_ROOM, 2]), 16 + 48 + 144);
        // Label 3 with 3 labelled cells: not dense, no room tables.
        assert_eq!(from_labels_bytes(&[0, 1, NO_ROOM, 3]), 16 + 48);
    }

    /// The scan counts across its blocks (of 65536 labels) and takes the
    /// largest label anywhere, up to the largest a label can be.
    #[test]
    fn count_labels_counts_every_block_and_the_largest_label() {
        assert_eq!(count_labels(&[]), (0, 0));
        assert_eq!(count_labels(&[NO_ROOM; 3]), (0, 0));
        let mut ids = vec![NO_ROOM; 3 * (1 << 16) + 5];
        for (i, id) in ids.iter_mut().enumerate().step_by(3) {
            *id = (i % 1000) as u32;
        }
        let labelled = ids.len().div_ceil(3);
        assert_eq!(count_labels(&ids), (labelled, 1000));
        *ids.last_mut().unwrap() = NO_ROOM - 1;
        assert_eq!(count_labels(&ids), (labelled + 1, u32::MAX as usize));
    }

    #[test]
    fn boundary_excludes_interior_and_grid_edge_only_cells() {
        let mut l = Layout::new(3, 3).unwrap();
        let all: Vec<Point> = (0..3)
            .flat_map(|y| (0..3).map(move |x| Point::new(x, y)))
            .collect();
        let a = l.add_room(&all).unwrap();
        // The whole grid: nothing outside the room is in the grid.
        assert!(l.boundary(a).unwrap().is_empty());

        let mut l = Layout::new(5, 5).unwrap();
        let square: Vec<Point> = (1..4)
            .flat_map(|y| (1..4).map(move |x| Point::new(x, y)))
            .collect();
        let a = l.add_room(&square).unwrap();
        let b = l.boundary(a).unwrap();
        assert_eq!(b.len(), 8);
        assert!(!b.contains(&Point::new(2, 2)));
    }

    #[test]
    fn failed_add_leaves_layout_unchanged() {
        let mut l = Layout::new(4, 4).unwrap();
        let a = l.add_room(&pts(&[(0, 0)])).unwrap();
        let before = l.id_grid().clone();
        assert_eq!(
            l.add_room(&pts(&[(1, 0), (1, 1), (0, 0)])),
            Err(PassagesError::CellTaken {
                point: Point::new(0, 0),
                owner: a
            })
        );
        assert_eq!(
            l.add_room(&pts(&[(1, 0), (1, 0)])),
            Err(PassagesError::DuplicateCell {
                point: Point::new(1, 0)
            })
        );
        assert!(matches!(
            l.add_room(&pts(&[(1, 0), (-1, 0)])),
            Err(PassagesError::OutOfBounds { .. })
        ));
        assert_eq!(l.add_room(&[]), Err(PassagesError::EmptyRoom));
        assert_eq!(l.id_grid(), &before);
        assert_eq!(l.room_count(), 1);
        assert!(matches!(
            l.cells(RoomId::new(1)),
            Err(PassagesError::UnknownRoom { count: 1, .. })
        ));
    }

    #[test]
    fn labels_give_the_same_layout_as_add_room() {
        let none = NO_ROOM;
        let labels = Grid::from_vec(4, 3, vec![2, 2, 0, none, 1, 0, 0, 2, 1, 1, none, 2]).unwrap();
        let from = Layout::from_labels(&labels).unwrap();
        let mut added = Layout::new(4, 3).unwrap();
        for k in 0..3 {
            let cells: Vec<Point> = labels
                .iter()
                .filter(|&(_, &l)| l == k)
                .map(|(p, _)| p)
                .collect();
            added.add_room(&cells).unwrap();
        }
        for r in added.rooms() {
            assert_eq!(from.cells(r).unwrap(), added.cells(r).unwrap());
            assert_eq!(from.boundary(r).unwrap(), added.boundary(r).unwrap());
        }
        assert_eq!(from.id_grid(), added.id_grid());
        let gap = Grid::from_vec(2, 1, vec![0, 2]).unwrap();
        assert_eq!(
            Layout::from_labels(&gap).unwrap_err(),
            PassagesError::MissingLabel { label: 1 }
        );
        let empty = Grid::from_vec(2, 1, vec![none, none]).unwrap();
        // A huge stray label is refused without a table of its size.
        let stray = Grid::from_vec(1, 1, vec![0xFFFF_FFFE]).unwrap();
        assert_eq!(
            Layout::from_labels(&stray).unwrap_err(),
            PassagesError::MissingLabel { label: 0 }
        );
        let stray = Grid::from_vec(3, 1, vec![0, 7, 1]).unwrap();
        assert_eq!(
            Layout::from_labels(&stray).unwrap_err(),
            PassagesError::MissingLabel { label: 2 }
        );
        // 65536^2 and INT32_MAX^2 are refused before allocating.
        for side in [65536, i32::MAX as u32] {
            match Layout::new(side, side) {
                Err(PassagesError::Geom(e)) => assert!(e.is_too_large(), "{e}"),
                other => panic!("{side}: {other:?}"),
            }
        }
        assert_eq!(Layout::from_labels(&empty).unwrap().room_count(), 0);
    }

    /// A layout from labels needs 4 bytes a cell, 16 a labelled cell and 48
    /// a room (`from_labels_bytes` says so, before any table); one byte
    /// less is refused. Adding a room to an empty layout needs its cell and
    /// boundary tables (8 + 8 bytes a cell) and the room (32); one byte
    /// less is refused and changes nothing.
    #[test]
    fn layouts_keep_to_their_budget() {
        use mcrdun_geom::memory::Budget;
        let none = NO_ROOM;
        let labels = Grid::from_vec(4, 3, vec![0, 0, 1, none, 1, 1, 2, 2, none, 1, 2, 2]).unwrap();
        let need = 12 * 4 + 10 * 16 + 3 * 48;
        assert_eq!(from_labels_bytes(labels.as_slice()), need);
        // Labels that cannot be dense count no room tables.
        assert_eq!(from_labels_bytes(&[0, 7, none]), 3 * 4 + 2 * 16);
        {
            let _call = Budget::start_with(need - 1);
            let e = Layout::from_labels(&labels).unwrap_err();
            assert!(
                matches!(e, PassagesError::Geom(ref g) if g.is_too_large()),
                "{e}"
            );
        }
        let _call = Budget::start_with(need);
        assert_eq!(Layout::from_labels(&labels).unwrap().room_count(), 3);
        drop(_call);

        let cells: Vec<Point> = (0..5).map(|x| Point::new(x, 1)).collect();
        let need = 5 * 16 + 32;
        let mut l = Layout::new(6, 3).unwrap();
        {
            let _call = Budget::start_with(need - 1);
            let e = l.add_room(&cells).unwrap_err();
            assert!(
                matches!(e, PassagesError::Geom(ref g) if g.is_too_large()),
                "{e}"
            );
            assert_eq!((l.room_count(), l.room_of(Point::new(0, 1))), (0, None));
        }
        let _call = Budget::start_with(need);
        assert_eq!(l.add_room(&cells).unwrap().get(), 0);
        assert_eq!((l.width(), l.height()), (6, 3));
    }

    #[test]
    fn huge_grid_is_an_error() {
        assert!(matches!(
            Layout::new(u32::MAX, 2),
            Err(PassagesError::Geom(_))
        ));
    }
}
