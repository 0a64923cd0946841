//! Region labels of walkable tiles by breadth-first search. (Walking
//! distances, for the stairs and the metrics, come from `mcrdun-distance`.)

use crate::Tile;
use mcrdun_geom::Grid;

/// "No region" in a label buffer.
pub(crate) const UNREACHED: u32 = u32::MAX;

/// Labels the 4-connected regions of walkable tiles `0, 1, 2, ...` in
/// raster order of their first tile (walls get [`UNREACHED`]); returns the
/// labels and their count. `queue` is scratch space.
pub(crate) fn label_walkable(tiles: &Grid<Tile>, queue: &mut Vec<u32>) -> (Vec<u32>, usize) {
    let w = tiles.width() as usize;
    let h = tiles.height() as usize;
    let cells = tiles.as_slice();
    let mut label = vec![UNREACHED; cells.len()];
    let mut count = 0u32;
    for s in 0..cells.len() {
        if label[s] != UNREACHED || !cells[s].is_walkable() {
            continue;
        }
        label[s] = count;
        queue.clear();
        queue.push(s as u32);
        let mut head = 0;
        while head < queue.len() {
            let i = queue[head] as usize;
            head += 1;
            let (x, y) = (i % w, i / w);
            for (j, ok) in [
                (i.wrapping_sub(w), y > 0),
                (i + 1, x + 1 < w),
                (i + w, y + 1 < h),
                (i.wrapping_sub(1), x > 0),
            ] {
                if ok && label[j] == UNREACHED && cells[j].is_walkable() {
                    label[j] = count;
                    queue.push(j as u32);
                }
            }
        }
        count += 1;
    }
    (label, count as usize)
}
