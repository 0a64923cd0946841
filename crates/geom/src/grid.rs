//! A dense row-major grid of cells.

use crate::{GeomError, Point};
use core::ops::{Index, IndexMut};

/// The 4-neighbour offsets in N, E, S, W order.
pub const NEIGHBOURS_4: [Point; 4] = [
    Point::new(0, -1),
    Point::new(1, 0),
    Point::new(0, 1),
    Point::new(-1, 0),
];

/// The 8-neighbour offsets in raster order (NW, N, NE, W, E, SW, S, SE).
pub const NEIGHBOURS_8: [Point; 8] = [
    Point::new(-1, -1),
    Point::new(0, -1),
    Point::new(1, -1),
    Point::new(-1, 0),
    Point::new(1, 0),
    Point::new(-1, 1),
    Point::new(0, 1),
    Point::new(1, 1),
];

/// A `width` x `height` grid stored row-major: the cell at `(x, y)` is
/// `cells[y * width + x]`. Either side may be 0 (an empty grid); each side is
/// at most `i32::MAX` so that every cell has a [`Point`].
///
/// ```
/// use mcrdun_geom::{Grid, Point};
/// let mut g = Grid::new(4, 3, '#')?;
/// g.set(Point::new(1, 2), '.')?;
/// assert_eq!(g[Point::new(1, 2)], '.');
/// assert_eq!(g.get(Point::new(4, 0)), None);
/// let rows: Vec<String> = g.rows().map(|r| r.iter().collect()).collect();
/// assert_eq!(rows, ["####", "####", "#.##"]);
/// # Ok::<(), mcrdun_geom::GeomError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid<T> {
    width: u32,
    height: u32,
    cells: Vec<T>,
}

/// The number of cells of a `width` x `height` grid, if such a grid may exist.
///
/// # Errors
/// [`GeomError::GridTooLarge`] when a side exceeds `i32::MAX` or the product
/// does not fit in memory.
pub fn checked_cell_count(width: u64, height: u64) -> Result<usize, GeomError> {
    let too_large = GeomError::GridTooLarge { width, height };
    if width > i32::MAX as u64 || height > i32::MAX as u64 {
        return Err(too_large);
    }
    let n = width.checked_mul(height).ok_or(too_large.clone())?;
    if n > isize::MAX as u64 {
        return Err(too_large);
    }
    usize::try_from(n).map_err(|_| too_large)
}

impl<T: Clone> Grid<T> {
    /// A grid with every cell set to `fill`: `size_of::<T>()` bytes per
    /// cell, checked against the [memory budget](crate::memory) and
    /// allocated fallibly.
    ///
    /// # Errors
    /// [`GeomError::GridTooLarge`], see [`checked_cell_count`];
    /// [`GeomError::OverBudget`] or [`GeomError::OutOfMemory`] when the
    /// cells do not fit in the budget or in memory.
    pub fn new(width: u32, height: u32, fill: T) -> Result<Grid<T>, GeomError> {
        let n = checked_cell_count(width.into(), height.into())?;
        Ok(Grid {
            width,
            height,
            cells: crate::memory::try_vec("a grid", n, fill)?,
        })
    }

    /// [`Grid::new`] under its fallible name, for call sites that want to
    /// say so.
    ///
    /// # Errors
    /// As [`Grid::new`].
    pub fn try_filled(width: u32, height: u32, fill: T) -> Result<Grid<T>, GeomError> {
        Grid::new(width, height, fill)
    }

    /// Sets every cell to `value`.
    pub fn fill(&mut self, value: T) {
        self.cells.fill(value);
    }
}

impl<T> Grid<T> {
    /// A grid over `cells`, which must hold exactly `width * height` values
    /// in row-major order.
    ///
    /// # Errors
    /// [`GeomError::GridTooLarge`] or [`GeomError::GridSizeMismatch`].
    pub fn from_vec(width: u32, height: u32, cells: Vec<T>) -> Result<Grid<T>, GeomError> {
        let expected = checked_cell_count(width.into(), height.into())?;
        if cells.len() != expected {
            return Err(GeomError::GridSizeMismatch {
                expected,
                actual: cells.len(),
            });
        }
        Ok(Grid {
            width,
            height,
            cells,
        })
    }

    /// A grid whose cell at `p` is `f(p)`, filled in raster order.
    ///
    /// # Errors
    /// As [`Grid::new`].
    pub fn from_fn(
        width: u32,
        height: u32,
        mut f: impl FnMut(Point) -> T,
    ) -> Result<Grid<T>, GeomError> {
        let n = checked_cell_count(width.into(), height.into())?;
        let mut cells = crate::memory::try_with_capacity("a grid", n)?;
        for y in 0..height as i32 {
            for x in 0..width as i32 {
                cells.push(f(Point::new(x, y)));
            }
        }
        Ok(Grid {
            width,
            height,
            cells,
        })
    }

    /// Number of columns.
    #[inline]
    pub fn width(&self) -> u32 {
        self.width
    }
    /// Number of rows.
    #[inline]
    pub fn height(&self) -> u32 {
        self.height
    }
    /// Number of cells.
    #[inline]
    pub fn len(&self) -> usize {
        self.cells.len()
    }
    /// Whether the grid has no cells.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Whether `p` is a cell of the grid.
    #[inline]
    pub fn in_bounds(&self, p: Point) -> bool {
        p.x >= 0 && p.y >= 0 && (p.x as u32) < self.width && (p.y as u32) < self.height
    }

    /// The storage index of `p`, `y * width + x`, if `p` is in bounds.
    #[inline]
    pub fn index_of(&self, p: Point) -> Option<usize> {
        self.in_bounds(p)
            .then(|| p.y as usize * self.width as usize + p.x as usize)
    }

    /// The point stored at `index` (no bounds check beyond the arithmetic;
    /// pair it with indices below [`Grid::len`]).
    #[inline]
    pub fn point_of(&self, index: usize) -> Point {
        let w = self.width.max(1) as usize;
        Point::new((index % w) as i32, (index / w) as i32)
    }

    /// The cell at `p`, or `None` outside the grid.
    #[inline]
    pub fn get(&self, p: Point) -> Option<&T> {
        self.index_of(p).map(|i| &self.cells[i])
    }

    /// The cell at `p` for writing, or `None` outside the grid.
    #[inline]
    pub fn get_mut(&mut self, p: Point) -> Option<&mut T> {
        self.index_of(p).map(|i| &mut self.cells[i])
    }

    /// Replaces the cell at `p`, returning the old value.
    ///
    /// # Errors
    /// [`GeomError::OutOfBounds`] when `p` is outside; the grid is unchanged.
    pub fn set(&mut self, p: Point, value: T) -> Result<T, GeomError> {
        let (width, height) = (self.width, self.height);
        match self.get_mut(p) {
            Some(cell) => Ok(core::mem::replace(cell, value)),
            None => Err(GeomError::OutOfBounds {
                point: p,
                width,
                height,
            }),
        }
    }

    /// The in-bounds 4-neighbours of `p`, in N, E, S, W order.
    pub fn neighbours4(&self, p: Point) -> impl Iterator<Item = Point> + '_ {
        self.offsets(p, &NEIGHBOURS_4)
    }

    /// The in-bounds 8-neighbours of `p`, in raster order.
    pub fn neighbours8(&self, p: Point) -> impl Iterator<Item = Point> + '_ {
        self.offsets(p, &NEIGHBOURS_8)
    }

    fn offsets<'a>(
        &'a self,
        p: Point,
        offsets: &'static [Point],
    ) -> impl Iterator<Item = Point> + 'a {
        offsets.iter().filter_map(move |d| {
            let q = Point::new(p.x.checked_add(d.x)?, p.y.checked_add(d.y)?);
            self.in_bounds(q).then_some(q)
        })
    }

    /// The rows, top to bottom, each a slice of `width` cells.
    pub fn rows(&self) -> impl ExactSizeIterator<Item = &[T]> + '_ {
        // A zero-width grid has `height` empty rows; chunks_exact cannot
        // express that, so count rows explicitly.
        let w = self.width as usize;
        (0..self.height as usize).map(move |y| &self.cells[y * w..(y + 1) * w])
    }

    /// Row `y`, if it exists.
    pub fn row(&self, y: u32) -> Option<&[T]> {
        (y < self.height).then(|| {
            let w = self.width as usize;
            &self.cells[y as usize * w..(y as usize + 1) * w]
        })
    }

    /// Every cell's point with a reference to its value, in raster order.
    pub fn iter(&self) -> impl Iterator<Item = (Point, &T)> + '_ {
        self.cells
            .iter()
            .enumerate()
            .map(move |(i, v)| (self.point_of(i), v))
    }

    /// The cells in row-major order.
    #[inline]
    pub fn as_slice(&self) -> &[T] {
        &self.cells
    }

    /// The cells in row-major order, for writing.
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.cells
    }

    /// The cells in row-major order, by value.
    pub fn into_vec(self) -> Vec<T> {
        self.cells
    }

    /// A grid of the same size with `f` applied to every cell.
    pub fn map<U>(&self, f: impl FnMut(&T) -> U) -> Grid<U> {
        Grid {
            width: self.width,
            height: self.height,
            cells: self.cells.iter().map(f).collect(),
        }
    }
}

/// Panics when `p` is outside the grid, like slice indexing; use
/// [`Grid::get`] for a checked read.
impl<T> Index<Point> for Grid<T> {
    type Output = T;
    #[inline]
    fn index(&self, p: Point) -> &T {
        match self.index_of(p) {
            Some(i) => &self.cells[i],
            None => panic!(
                "point {p} is outside the {} x {} grid",
                self.width, self.height
            ),
        }
    }
}

/// Panics when `p` is outside the grid; use [`Grid::get_mut`] for a checked write.
impl<T> IndexMut<Point> for Grid<T> {
    #[inline]
    fn index_mut(&mut self, p: Point) -> &mut T {
        match self.index_of(p) {
            Some(i) => &mut self.cells[i],
            None => panic!(
                "point {p} is outside the {} x {} grid",
                self.width, self.height
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbour_offsets_are_the_named_directions() {
        let p = |x, y| Point::new(x, y);
        assert_eq!(NEIGHBOURS_4, [p(0, -1), p(1, 0), p(0, 1), p(-1, 0)]);
        assert_eq!(
            NEIGHBOURS_8,
            [
                p(-1, -1),
                p(0, -1),
                p(1, -1),
                p(-1, 0),
                p(1, 0),
                p(-1, 1),
                p(0, 1),
                p(1, 1)
            ]
        );
    }

    #[test]
    fn cell_counts_at_the_edges_of_the_sides() {
        let max = i32::MAX as u64;
        assert_eq!(checked_cell_count(max, 1), Ok(i32::MAX as usize));
        assert_eq!(checked_cell_count(1, max), Ok(i32::MAX as usize));
        assert_eq!(checked_cell_count(0, max), Ok(0));
        for (w, h) in [
            (max + 1, 1),
            (1, max + 1),
            (max + 7, 1),
            (1, max + 7),
            (u64::MAX, 0),
        ] {
            assert_eq!(
                checked_cell_count(w, h),
                Err(GeomError::GridTooLarge {
                    width: w,
                    height: h
                }),
                "{w} x {h}"
            );
        }
    }

    #[test]
    fn accessors_and_bulk_access() {
        let mut g = Grid::new(4, 3, 0u8).unwrap();
        assert_eq!((g.width(), g.height(), g.len()), (4, 3, 12));
        assert!(!g.is_empty());
        assert!(Grid::new(0, 3, 0u8).unwrap().is_empty());
        g.fill(5);
        assert!(g.as_slice().iter().all(|&v| v == 5));
        g.as_mut_slice()[4 + 2] = 9;
        assert_eq!(g.get(Point::new(2, 1)), Some(&9));
        assert_eq!(g.get(Point::new(0, 0)), Some(&5));
        assert_eq!(g.get(Point::new(4, 0)), None);
        let v = g.into_vec();
        assert_eq!(v.len(), 12);
        assert_eq!(v[6], 9);
    }

    #[test]
    fn construction_checks_sizes() {
        assert!(Grid::new(0, 0, 0u8).unwrap().is_empty());
        assert_eq!(Grid::new(0, 5, 0u8).unwrap().rows().count(), 5);
        assert_eq!(
            Grid::from_vec(2, 2, vec![1, 2, 3]),
            Err(GeomError::GridSizeMismatch {
                expected: 4,
                actual: 3
            })
        );
        assert!(matches!(
            Grid::new(u32::MAX, 1, 0u8),
            Err(GeomError::GridTooLarge { .. })
        ));
        assert!(checked_cell_count(1 << 31, 1).is_err());
        // 65536^2 u32 cells (16 GiB) pass the count check but not the
        // budget: refused before allocating.
        let e = Grid::new(65536, 65536, 0u32).unwrap_err();
        assert!(
            e.is_too_large() && matches!(e, GeomError::OverBudget { .. }),
            "{e}"
        );
        assert!(Grid::from_fn(i32::MAX as u32, i32::MAX as u32, |_| 0u8).is_err());
        assert_eq!(Grid::try_filled(2, 1, 5u8).unwrap().as_slice(), [5, 5]);
        assert_eq!(checked_cell_count(1 << 20, 1 << 10), Ok(1 << 30));
    }

    #[test]
    fn neighbours_stay_in_bounds() {
        let g = Grid::new(3, 2, ()).unwrap();
        let corner: Vec<_> = g.neighbours4(Point::new(0, 0)).collect();
        assert_eq!(corner, [Point::new(1, 0), Point::new(0, 1)]);
        assert_eq!(g.neighbours8(Point::new(1, 0)).count(), 5);
        assert_eq!(g.neighbours4(Point::new(1, 1)).count(), 3);
        assert_eq!(g.neighbours8(Point::new(-5, -5)).count(), 0);
    }

    #[test]
    fn set_get_and_index() {
        let mut g = Grid::from_fn(3, 2, |p| p.x + 10 * p.y).unwrap();
        assert_eq!(g.as_slice(), &[0, 1, 2, 10, 11, 12]);
        assert_eq!(g.set(Point::new(2, 1), 99), Ok(12));
        assert_eq!(g[Point::new(2, 1)], 99);
        assert!(g.set(Point::new(3, 0), 1).is_err());
        assert_eq!(g.row(1), Some(&[10, 11, 99][..]));
        assert_eq!(g.row(2), None);
        assert_eq!(g.point_of(4), Point::new(1, 1));
        assert_eq!(g.index_of(Point::new(1, 1)), Some(4));
        assert_eq!(g.map(|v| v * 2).as_slice()[5], 198);
        assert_eq!(g.iter().nth(3), Some((Point::new(0, 1), &10)));
    }

    #[test]
    #[should_panic(expected = "outside the 3 x 2 grid")]
    fn index_out_of_bounds_panics() {
        let g = Grid::new(3, 2, 0).unwrap();
        let _ = g[Point::new(0, 2)];
    }
}
