//! Region labels: the one flood labelling of this crate. Regions are
//! 4-connected and labelled by `mcrdun-regions` (a two-pass labelling over
//! runs of cells), numbered `0, 1, 2, ...` in raster order of their first
//! cell. The canvas's safety net labels walkable tiles with it to see which
//! rooms are apart, and the passages level labels each cell's floor to
//! find its pieces; the common ending counts and joins regions with the
//! same crate ([`join`](crate::join)). Walking distances (for the stairs)
//! are another job, done by `mcrdun-distance` in [`Level::finish`](crate::Level::finish).

use crate::{LevelError, Tile};
use mcrdun_geom::Grid;
use mcrdun_regions::{Cells, Connectivity, FloorCell, Labeller, RegionsError};

/// "No region" in a label buffer.
pub(crate) const NO_REGION: u32 = mcrdun_regions::NO_REGION;

/// Labels the 4-connected regions of the floor cells of `mask` (`w` x `h`,
/// row-major) `0, 1, 2, ...` in raster order of their first cell, other
/// cells [`NO_REGION`]; returns the labels and their count.
///
/// # Errors
/// [`LevelError::TooLarge`] when the labels do not fit in memory, and
/// `mcrdun-regions`' errors for a mask of the wrong size.
pub(crate) fn label4<T: FloorCell>(
    mask: &[T],
    w: usize,
    h: usize,
) -> Result<(Vec<u32>, usize), LevelError> {
    let cells = Cells::from_slice(mask, w as u32, h as u32).map_err(regions_error)?;
    let mut labels = Vec::new();
    mcrdun_geom::memory::try_reserve("region labels", &mut labels, mask.len())?;
    labels.resize(mask.len(), NO_REGION);
    let count = Labeller::new()
        .label(cells, Connectivity::Four, &mut labels)
        .map_err(regions_error)?;
    Ok((labels, count as usize))
}

/// [`label4`] of the walkable tiles of `tiles`.
///
/// # Errors
/// As [`label4`].
pub(crate) fn label_walkable(tiles: &Grid<Tile>) -> Result<(Vec<u32>, usize), LevelError> {
    let walkable: Vec<bool> = tiles.as_slice().iter().map(|t| t.is_walkable()).collect();
    label4(&walkable, tiles.width() as usize, tiles.height() as usize)
}

/// An error of `mcrdun-regions` as a level error: geometry errors (too
/// large) as themselves.
pub(crate) fn regions_error(e: RegionsError) -> LevelError {
    match e {
        RegionsError::Geom(g) => g.into(),
        other => LevelError::Regions(other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_in_raster_order_of_their_first_cell() {
        // A U-shape is one region though its arms start apart; a cell
        // touching another only at a corner is a region of its own.
        let mask = [
            1u8, 0, 1, 0, 0, //
            1, 0, 1, 0, 1, //
            1, 1, 1, 0, 0, //
            0, 0, 0, 1, 0, //
        ];
        let (labels, count) = label4(&mask, 5, 4).unwrap();
        let n = NO_REGION;
        assert_eq!(count, 3);
        assert_eq!(
            labels,
            [0, n, 0, n, n, 0, n, 0, n, 1, 0, 0, 0, n, n, n, n, n, 2, n]
        );
        assert!(label4(&mask, 5, 5).is_err());
        let tiles = Grid::from_fn(3, 1, |p| {
            [Tile::Floor, Tile::Wall, Tile::Door][p.x as usize]
        })
        .unwrap();
        assert_eq!(label_walkable(&tiles).unwrap(), (vec![0, n, 1], 2));
    }
}
