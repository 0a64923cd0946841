//! Rasterising nodes into a grid, the way engines turn leaves into rooms.

use crate::node::{NodeId, Order, Select};
use crate::{Bsp, BspError};
use mcrdun_geom::{Grid, Rect};

impl Bsp {
    /// Writes `value(node)` into every cell of each selected node's
    /// rectangle shrunk by `margin` on all sides, in level order (with
    /// [`Select::All`], children overwrite their parents). Grid cell
    /// `(x, y)` is the point `(x, y)`: rectangles are clipped to the grid,
    /// and a node that shrinks to nothing writes nothing.
    ///
    /// Cost: one call of `value` per selected node, then plain row fills.
    /// Working memory: the level order,
    /// [`TRAVERSE_BYTES_PER_NODE`](crate::TRAVERSE_BYTES_PER_NODE) (10)
    /// bytes a node at most, checked against the memory ceiling first.
    ///
    /// # Errors
    /// [`BspError::NegativeMargin`] when `margin < 0`, [`BspError::Geom`]
    /// (over budget) past the memory ceiling (nothing is written).
    ///
    /// ```
    /// use mcrdun_bsp::{Bsp, Select};
    /// use mcrdun_geom::{Grid, Point, Rect};
    /// let mut bsp = Bsp::new(Rect::new(0, 0, 8, 4)?);
    /// bsp.split_once(bsp.root(), false, 4)?;
    /// let mut grid = Grid::new(8, 4, '#')?;
    /// bsp.rasterise(&mut grid, Select::Leaves, 1, |_| '.')?;
    /// let text: Vec<String> = grid.rows().map(|r| r.iter().collect()).collect();
    /// assert_eq!(text, ["########", "#..##..#", "#..##..#", "########"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn rasterise<T: Clone>(
        &self,
        grid: &mut Grid<T>,
        select: Select,
        margin: i32,
        mut value: impl FnMut(NodeId) -> T,
    ) -> Result<(), BspError> {
        if margin < 0 {
            return Err(BspError::NegativeMargin { margin });
        }
        let _budget = mcrdun_geom::memory::Budget::start();
        for i in self.order_indices(0, Order::Level)? {
            let s = &self.nodes[i as usize];
            let wanted = match select {
                Select::Leaves => s.is_leaf(),
                Select::Internal => !s.is_leaf(),
                Select::All => true,
            };
            if !wanted {
                continue;
            }
            let Some(area) = s.rect.shrunk(margin).and_then(|r| clip(r, grid)) else {
                continue;
            };
            fill(grid, area, value(self.id(i)));
        }
        Ok(())
    }

    /// Writes each leaf's number (as `u32`, level order) into its shrunk
    /// rectangle; other cells keep their value. See [`Bsp::rasterise`].
    /// Working memory: none but the leaf numbering when it is not built
    /// yet ([`LEAF_INDEX_BYTES_PER_NODE`](crate::LEAF_INDEX_BYTES_PER_NODE),
    /// 12 bytes a node), checked against the memory ceiling.
    ///
    /// # Errors
    /// [`BspError::NegativeMargin`] when `margin < 0`, [`BspError::Geom`]
    /// (over budget) past the memory ceiling (nothing is written).
    pub fn rasterise_leaf_numbers(
        &self,
        grid: &mut Grid<u32>,
        margin: i32,
    ) -> Result<(), BspError> {
        if margin < 0 {
            return Err(BspError::NegativeMargin { margin });
        }
        self.try_leaf_count()?;
        for (k, rect) in self.leaf_rects().enumerate() {
            if let Some(area) = rect.shrunk(margin).and_then(|r| clip(r, grid)) {
                fill(grid, area, k as u32);
            }
        }
        Ok(())
    }
}

/// The part of `r` inside the grid.
fn clip<T>(r: Rect, grid: &Grid<T>) -> Option<Rect> {
    let bounds = Rect::new(0, 0, grid.width() as i32, grid.height() as i32).ok()?;
    r.intersection(&bounds)
}

/// Fills `area` (inside the grid) with `v`, one slice per row.
fn fill<T: Clone>(grid: &mut Grid<T>, area: Rect, v: T) {
    let width = grid.width() as usize;
    let cells = grid.as_mut_slice();
    let (x0, x1) = (area.x() as usize, area.right() as usize);
    for y in area.y()..area.bottom() {
        let row = y as usize * width;
        cells[row + x0..row + x1].fill(v.clone());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clipping_and_selection() {
        let mut bsp = Bsp::new(Rect::new(-2, -2, 8, 8).unwrap());
        bsp.split_once(bsp.root(), true, 2).unwrap();
        let mut grid = Grid::new(4, 4, 9u32).unwrap();
        bsp.rasterise_leaf_numbers(&mut grid, 0).unwrap();
        assert_eq!(
            grid.as_slice(),
            &[0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1]
        );
        let mut grid = Grid::new(4, 4, 0u32).unwrap();
        bsp.rasterise(&mut grid, Select::Internal, 0, |id| id.index() + 5)
            .unwrap();
        assert!(grid.as_slice().iter().all(|&v| v == 5));
        bsp.rasterise(&mut grid, Select::All, 3, |id| id.index() + 7)
            .unwrap();
        // Leaf 1 is (-2, 2, 8, 4): shrunk by 3 it is empty; the root shrunk
        // by 3 is (1, 1, 2, 2); leaf 0 is (-2, -2, 8, 4), empty too.
        assert_eq!(
            grid.as_slice(),
            &[5, 5, 5, 5, 5, 7, 7, 5, 5, 7, 7, 5, 5, 5, 5, 5]
        );
        assert_eq!(
            bsp.rasterise(&mut grid, Select::All, -1, |_| 0),
            Err(BspError::NegativeMargin { margin: -1 })
        );
        let mut empty = Grid::new(0, 0, 0u32).unwrap();
        bsp.rasterise_leaf_numbers(&mut empty, 0).unwrap();
    }
}
