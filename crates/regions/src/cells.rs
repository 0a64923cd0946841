//! The input: a borrowed grid of cells where floor is passable.
//!
//! Labelling reads cells eight at a time as one `u64`; a cell type only has
//! to say which byte it is (nonzero = floor). `bool` and `u8` both are one
//! byte, so the conversion compiles to a plain load.

use crate::RegionsError;
use mcrdun_geom::{Grid, checked_cell_count};

/// A cell type that labelling can read: floor is passable, anything else is
/// wall. Implemented for `bool` (`true` = floor) and `u8` (nonzero = floor).
pub trait FloorCell: Copy + 'static + private::Sealed {
    /// This cell as a byte whose nonzero value means floor.
    fn floor_byte(self) -> u8;
    /// The value that [`crate::connect`] writes into a dug cell.
    const FLOOR: Self;
}

impl FloorCell for bool {
    #[inline(always)]
    fn floor_byte(self) -> u8 {
        self as u8
    }
    const FLOOR: bool = true;
}

impl FloorCell for u8 {
    #[inline(always)]
    fn floor_byte(self) -> u8 {
        self
    }
    const FLOOR: u8 = 1;
}

mod private {
    pub trait Sealed {}
    impl Sealed for bool {}
    impl Sealed for u8 {}
}

/// A borrowed, row-major `width` x `height` map of cells: the input of every
/// labelling function. Build one from a `&Grid<bool>` or `&Grid<u8>` with
/// `From`, or from a raw slice with [`Cells::from_slice`].
///
/// ```
/// use mcrdun_regions::Cells;
/// let raw = [1u8, 0, 1, 1, 0, 0];
/// let cells = Cells::from_slice(&raw, 3, 2)?;
/// assert_eq!((cells.width(), cells.height()), (3, 2));
/// assert!(Cells::from_slice(&raw, 4, 2).is_err());
/// # Ok::<(), mcrdun_regions::RegionsError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Cells<'a, T: FloorCell = u8> {
    cells: &'a [T],
    width: u32,
    height: u32,
}

impl<'a, T: FloorCell> Cells<'a, T> {
    /// A view of `cells`, which must hold exactly `width * height` cells in
    /// row-major order.
    ///
    /// # Errors
    /// [`RegionsError::Geom`] when the size is too large,
    /// [`RegionsError::CellCountMismatch`] when the slice length differs.
    pub fn from_slice(cells: &'a [T], width: u32, height: u32) -> Result<Self, RegionsError> {
        let expected = checked_cell_count(width.into(), height.into())?;
        if cells.len() != expected {
            return Err(RegionsError::CellCountMismatch {
                expected,
                actual: cells.len(),
            });
        }
        Ok(Cells {
            cells,
            width,
            height,
        })
    }

    /// Number of columns.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether there are no cells.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The cells, row-major.
    pub fn as_slice(&self) -> &'a [T] {
        self.cells
    }

    /// Row `y` (the caller keeps `y < height`).
    #[inline]
    pub(crate) fn row(&self, y: usize) -> &'a [T] {
        let w = self.width as usize;
        &self.cells[y * w..(y + 1) * w]
    }
}

impl<'a, T: FloorCell> From<&'a Grid<T>> for Cells<'a, T> {
    fn from(grid: &'a Grid<T>) -> Self {
        Cells {
            cells: grid.as_slice(),
            width: grid.width(),
            height: grid.height(),
        }
    }
}
