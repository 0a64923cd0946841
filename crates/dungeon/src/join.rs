//! Counting walkable regions and joining them: the connectivity part of the
//! common ending.

use crate::LevelError;
use crate::Tile;
use crate::reach::{Bfs, UNREACHED};
use mcrdun_geom::Grid;

/// The number of 4-connected walkable regions of `tiles`.
fn count_regions(tiles: &Grid<Tile>, bfs: &mut Bfs) -> usize {
    let mut seen = vec![false; tiles.len()];
    let mut count = 0;
    for (i, t) in tiles.as_slice().iter().enumerate() {
        if t.is_walkable() && !seen[i] {
            count += 1;
            bfs.run(tiles, i, |_| false);
            for (s, d) in seen.iter_mut().zip(&bfs.dist) {
                *s |= *d != UNREACHED;
            }
        }
    }
    count
}

/// Joins the walkable tiles of `tiles` into one 4-connected region.
/// Returns the number of regions before, and the wall tiles dug into
/// corridors (never on the outer border).
pub(crate) fn join(tiles: &mut Grid<Tile>) -> Result<(usize, usize), LevelError> {
    let mut bfs = Bfs::new(tiles.len());
    let regions = count_regions(tiles, &mut bfs);
    if regions <= 1 {
        return Ok((regions, 0));
    }
    dig_until_joined(tiles, &mut bfs).map(|dug| (regions, dug))
}

/// Digs corridors (never on the outer border) until all walkable tiles form
/// one region; returns the number of wall tiles dug.
fn dig_until_joined(tiles: &mut Grid<Tile>, bfs: &mut Bfs) -> Result<usize, LevelError> {
    let w = tiles.width() as usize;
    let h = tiles.height() as usize;
    let n = tiles.len();
    let Some(first) = tiles.as_slice().iter().position(|t| t.is_walkable()) else {
        return Ok(0);
    };
    let mut dug = 0;
    let mut parent = vec![usize::MAX; n];
    let mut queue = Vec::with_capacity(n);
    loop {
        // The region of the first walkable tile, then a search through walls
        // (not the border) from all of it to the nearest other walkable tile.
        bfs.run(tiles, first, |_| false);
        parent.fill(usize::MAX);
        queue.clear();
        for (i, d) in bfs.dist.iter().enumerate() {
            if *d != UNREACHED {
                parent[i] = i;
                queue.push(i);
            }
        }
        let mut head = 0;
        let mut found = None;
        'search: while head < queue.len() {
            let i = queue[head];
            head += 1;
            let (x, y) = (i % w, i / w);
            let mut next = [usize::MAX; 4];
            if y > 0 {
                next[0] = i - w;
            }
            if x + 1 < w {
                next[1] = i + 1;
            }
            if y + 1 < h {
                next[2] = i + w;
            }
            if x > 0 {
                next[3] = i - 1;
            }
            for j in next {
                if j == usize::MAX || parent[j] != usize::MAX {
                    continue;
                }
                let (jx, jy) = (j % w, j / w);
                let walkable = tiles.as_slice()[j].is_walkable();
                if !walkable && (jx == 0 || jy == 0 || jx + 1 == w || jy + 1 == h) {
                    continue;
                }
                parent[j] = i;
                if walkable {
                    found = Some(j);
                    break 'search;
                }
                queue.push(j);
            }
        }
        let Some(mut j) = found else {
            if count_regions(tiles, bfs) > 1 {
                return Err(LevelError::Unsatisfiable(
                    "walkable regions are separated by the outer border only".into(),
                ));
            }
            return Ok(dug);
        };
        j = parent[j];
        while parent[j] != j {
            tiles.as_mut_slice()[j] = Tile::Corridor;
            dug += 1;
            j = parent[j];
        }
    }
}
