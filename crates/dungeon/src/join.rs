//! Counting walkable regions and joining them, with `mcrdun-regions`: the
//! connectivity part of the common ending.

use crate::reach::regions_error;
use crate::{LevelError, Tile};
use mcrdun_geom::{GeomError, Grid};
use mcrdun_regions::{
    Cells, ConnectOptions, Connectivity, Labeller, NO_REGION, RegionsError, connect_slice,
};

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
    match connect_slice(&mut mask, w, h, options) {
        Ok(_) => {}
        Err(RegionsError::Unconnectable { .. }) => {
            return Err(LevelError::Unsatisfiable(
                "walkable regions are separated by the outer border only".into(),
            ));
        }
        // The shortest corridors need 56 bytes a cell, which a level's
        // up-front check does not count (this net is not expected to run):
        // past the ceiling, join with straight corridors instead, in the
        // memory the level counted. `connect` refused before any change.
        Err(e @ RegionsError::Geom(GeomError::OverBudget { .. })) => {
            if !join_straight(&mut mask, w as usize, h as usize)? {
                return Err(regions_error(e));
            }
        }
        Err(other) => return Err(regions_error(other)),
    }
    let mut dug = 0;
    for (t, m) in tiles.as_mut_slice().iter_mut().zip(&mask) {
        if *m != 0 && *t == Tile::Wall {
            *t = Tile::Corridor;
            dug += 1;
        }
    }
    Ok((regions, dug))
}

/// Joins every 4-connected region of `mask` to the first one (in raster
/// order) by a straight corridor bent once: from each region's first cell,
/// along its row to the first region's column, then along that column,
/// never through the outer border (an end on the border steps inward
/// first). Working memory: the labels (4 bytes a cell) and the labelling's
/// scratch (6 bytes a cell and a little a row and column), both checked
/// against the memory ceiling. Returns `false`, changing nothing, when an
/// end is a corner of the border or the map has no inside (the shortest
/// joining's refusal then stands).
fn join_straight(mask: &mut [u8], w: usize, h: usize) -> Result<bool, LevelError> {
    if w < 3 || h < 3 {
        return Ok(false);
    }
    let mut labels = mcrdun_geom::memory::try_vec("the joining's labels", w * h, NO_REGION)?;
    let cells = Cells::from_slice(mask, w as u32, h as u32).map_err(regions_error)?;
    let regions = Labeller::new()
        .label(cells, Connectivity::Four, &mut labels)
        .map_err(regions_error)?;
    // The cell inside the border next to cell `i`: itself when inside, a
    // step inward from a side, none from a corner.
    let inward = |i: usize| {
        let (x, y) = (i % w, i / w);
        let (ix, iy) = (x.clamp(1, w - 2), y.clamp(1, h - 2));
        (ix == x || iy == y).then_some((ix, iy))
    };
    // Labels are numbered in raster order of each region's first cell, so
    // one pass finds every first cell in label order.
    let firsts = || {
        let mut next = 0;
        labels
            .iter()
            .enumerate()
            .filter(move |&(_, &l)| {
                let first = l == next;
                next += u32::from(first);
                first
            })
            .map(|(i, _)| i)
    };
    if firsts().any(|i| inward(i).is_none()) {
        return Ok(false);
    }
    let mut ends = firsts().filter_map(inward);
    let Some((x0, y0)) = ends.next() else {
        return Ok(false);
    };
    for (x, y) in ends {
        for v in &mut mask[y * w + x.min(x0)..=y * w + x.max(x0)] {
            *v = 1;
        }
        for yy in y.min(y0)..=y.max(y0) {
            mask[yy * w + x0] = 1;
        }
    }
    // The first region's own step inward.
    mask[y0 * w + x0] = 1;
    debug_assert!(regions > 1);
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Tile::{Floor, Wall};
    use mcrdun_geom::memory::Budget;

    /// Four rooms apart on a 60x40 map, two of them on the border: the
    /// bottom, and the right side (the first room in raster order, whose
    /// column the corridors follow).
    fn apart() -> Grid<Tile> {
        Grid::from_fn(60, 40, |p| {
            let room = (5..12).contains(&p.x) && (5..12).contains(&p.y)
                || (40..50).contains(&p.x) && (20..30).contains(&p.y)
                || (20..30).contains(&p.x) && p.y == 39
                || p.x == 59 && (2..5).contains(&p.y);
            if room { Floor } else { Wall }
        })
        .unwrap()
    }

    #[test]
    fn past_the_ceiling_regions_are_joined_by_straight_corridors() {
        let mut tiles = apart();
        // The shortest joining needs 56 bytes a cell: 134 KB here.
        let (regions, dug) = {
            let _b = Budget::start_with(60 * 40 * 20);
            join(&mut tiles).unwrap()
        };
        assert_eq!(regions, 4);
        assert!(dug > 0);
        let mask: Vec<u8> = tiles
            .as_slice()
            .iter()
            .map(|t| u8::from(t.is_walkable()))
            .collect();
        let count = Labeller::new()
            .count(
                Cells::from_slice(&mask, 60, 40).unwrap(),
                Connectivity::Four,
            )
            .unwrap();
        assert_eq!(count, 1);
        // Nothing dug on the border but what was floor already.
        let before = apart();
        for (i, (t, b)) in tiles.as_slice().iter().zip(before.as_slice()).enumerate() {
            let (x, y) = (i % 60, i / 60);
            if x == 0 || y == 0 || x == 59 || y == 39 {
                assert_eq!(t, b, "({x}, {y})");
            }
        }
        // With room for the shortest joining, fewer tiles are dug.
        let mut shortest = apart();
        assert!(join(&mut shortest).unwrap().1 <= dug);
    }

    #[test]
    fn thin_maps_join_through_their_one_inner_line_or_refuse() {
        // 3 wide or high: one inner line to dig along.
        for (w, h) in [(3, 12), (12, 3)] {
            // Two floor tiles on the inner line, 9 apart.
            let mut tiles = Grid::from_fn(w, h, |p| {
                let (along, across) = if w == 3 { (p.y, p.x) } else { (p.x, p.y) };
                if across == 1 && (along == 1 || along == 10) {
                    Floor
                } else {
                    Wall
                }
            })
            .unwrap();
            let _b = Budget::start_with(u64::from(w * h) * 20);
            assert_eq!(join(&mut tiles).unwrap(), (2, 8), "{w}x{h}");
        }
        // 2 wide: no inside to dig through; refused, not a panic.
        let mut two =
            Grid::from_fn(2, 12, |p| if p.y == 1 || p.y == 10 { Floor } else { Wall }).unwrap();
        let _b = Budget::start_with(2 * 12 * 20);
        assert!(join(&mut two).is_err());
    }

    #[test]
    fn a_corner_end_leaves_the_refusal() {
        let mut tiles = Grid::from_fn(10, 10, |p| {
            if (p.x, p.y) == (0, 0) || (p.x, p.y) == (5, 5) {
                Floor
            } else {
                Wall
            }
        })
        .unwrap();
        let _b = Budget::start_with(10 * 10 * 20);
        assert!(matches!(
            join(&mut tiles),
            Err(LevelError::Geom(GeomError::OverBudget { .. }))
        ));
    }
}
