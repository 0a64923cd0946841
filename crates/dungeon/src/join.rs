//! Counting walkable regions and joining them, with `mcrdun-regions`: the
//! connectivity part of the common ending.

use crate::reach::regions_error;
use crate::{LevelError, Tile};
use mcrdun_geom::Grid;
use mcrdun_regions::{Cells, ConnectOptions, Connectivity, Labeller, RegionsError, connect_slice};

/// Joins the walkable tiles of `tiles` into one 4-connected region.
/// Returns the number of regions before, and the wall tiles dug into
/// corridors (never on the outer border).
pub(crate) fn join(tiles: &mut Grid<Tile>) -> Result<(usize, usize), LevelError> {
    let (w, h) = (tiles.width(), tiles.height());
    let mut mask: Vec<u8> = tiles
        .as_slice()
        .iter()
        .map(|t| u8::from(t.is_walkable()))
        .collect();
    let regions = Labeller::new()
        .count(
            Cells::from_slice(&mask, w, h).map_err(regions_error)?,
            Connectivity::Four,
        )
        .map_err(regions_error)? as usize;
    if regions <= 1 {
        return Ok((regions, 0));
    }
    let options = ConnectOptions {
        connectivity: Connectivity::Four,
        keep_border: true,
    };
    connect_slice(&mut mask, w, h, options).map_err(|e| match e {
        RegionsError::Unconnectable { .. } => LevelError::Unsatisfiable(
            "walkable regions are separated by the outer border only".into(),
        ),
        other => regions_error(other),
    })?;
    let mut dug = 0;
    for (t, m) in tiles.as_mut_slice().iter_mut().zip(&mask) {
        if *m != 0 && *t == Tile::Wall {
            *t = Tile::Corridor;
            dug += 1;
        }
    }
    Ok((regions, dug))
}
