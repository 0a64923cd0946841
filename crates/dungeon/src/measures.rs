//! Connected pieces of a tile map and the cave measures read from them:
//! rock specks (small islands of wall, 4-connected, touching no edge of
//! the map, of at most [`SPECK_MOST`] tiles), floor pockets (small floor
//! areas that only a dug corridor joins) and the longest straight run of
//! dug corridor (corridor tiles one after the other along a row or a
//! column). [`crate::Level::metrics`] reports them for every level; the
//! cave generator uses the same pieces to clean its automaton's output,
//! and keeps its levels to the same counts.

use crate::reach::regions_error;
use crate::{LevelError, Tile};
use mcrdun_regions::{Cells, Connectivity, FloorCell, Labeller};

/// Rock islands of at most this many tiles are specks in the metrics
/// (and in a cave's clean-up).
pub const SPECK_MOST: usize = 6;

/// Rock islands of fewer tiles than this are specks: [`SPECK_MOST`] + 1.
pub const SPECK_BELOW: usize = SPECK_MOST + 1;

/// Floor areas of fewer tiles than this are pockets in the metrics.
pub const POCKET_BELOW: usize = 20;

/// One connected piece: its size and whether it touches the map's edge.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Piece {
    /// Tiles in the piece.
    pub size: usize,
    /// Whether a tile of the piece lies on the outer border.
    pub on_border: bool,
}

/// The label of a tile in no piece.
pub(crate) const NO_PIECE: u32 = u32::MAX;

/// Labels the 4-connected pieces of the tiles whose `mask` entry is set
/// (`w` x `h`, row-major), in raster order of each piece's first tile (the
/// labelling of [`mcrdun_regions::Labeller`]). Returns each tile's label
/// ([`NO_PIECE`] outside) and the pieces. Cost: O(w * h), 4 bytes a tile
/// (the labels) and the labelling's scratch
/// ([`mcrdun_regions::label_bytes`], 6 bytes a tile at most).
///
/// # Errors
/// [`LevelError::Geom`] when the labelling passes the memory budget.
pub(crate) fn pieces<T: FloorCell>(
    w: usize,
    h: usize,
    mask: &[T],
) -> Result<(Vec<u32>, Vec<Piece>), LevelError> {
    // The labeller writes every entry (a label or NO_PIECE): zeroed
    // memory (fresh pages) rather than a fill it would overwrite.
    let mut labels = vec![0; w * h];
    let mut stats = Vec::new();
    Labeller::new()
        .label_with_stats(
            Cells::from_slice(mask, w as u32, h as u32).map_err(regions_error)?,
            Connectivity::Four,
            &mut labels,
            &mut stats,
        )
        .map_err(regions_error)?;
    let (right, bottom) = (w as u32 - 1, h as u32 - 1);
    let found = stats
        .iter()
        .map(|s| Piece {
            size: s.area as usize,
            on_border: s.min_x == 0 || s.min_y == 0 || s.max_x == right || s.max_y == bottom,
        })
        .collect();
    Ok((labels, found))
}

/// The pieces of [`pieces`] without labels and without fallible scratch,
/// for the metrics (which report, never fail): a union-find over tile
/// indices held in one `u32` a tile (each tile's parent an earlier tile,
/// each root its piece's first tile). Cost: O(w * h), 4 bytes a tile.
fn piece_sizes(w: usize, h: usize, member: impl Fn(usize) -> bool) -> Vec<Piece> {
    fn root(parent: &mut [u32], mut i: u32) -> u32 {
        loop {
            let p = parent[i as usize];
            if p == i {
                return i;
            }
            let g = parent[p as usize];
            parent[i as usize] = g;
            i = g;
        }
    }
    let mut parent = vec![NO_PIECE; w * h];
    for y in 0..h {
        for x in 0..w {
            let i = y * w + x;
            if !member(i) {
                continue;
            }
            let left = if x > 0 { parent[i - 1] } else { NO_PIECE };
            let up = if y > 0 { parent[i - w] } else { NO_PIECE };
            parent[i] = match (left, up) {
                (NO_PIECE, NO_PIECE) => i as u32,
                (l, NO_PIECE) => l,
                (NO_PIECE, u) => u,
                (l, u) => {
                    let (a, b) = (root(&mut parent, l), root(&mut parent, u));
                    let (lo, hi) = (a.min(b), a.max(b));
                    parent[hi as usize] = lo;
                    lo
                }
            };
        }
    }
    // In raster order a tile's parent is earlier, already given its piece.
    let mut found: Vec<Piece> = Vec::new();
    for y in 0..h {
        for x in 0..w {
            let i = y * w + x;
            let p = parent[i];
            if p == NO_PIECE {
                continue;
            }
            let id = if p as usize == i {
                found.push(Piece::default());
                (found.len() - 1) as u32
            } else {
                parent[p as usize]
            };
            parent[i] = id;
            let piece = &mut found[id as usize];
            piece.size += 1;
            piece.on_border |= x == 0 || y == 0 || x + 1 == w || y + 1 == h;
        }
    }
    found
}

/// Rock islands: 4-connected pieces of wall that do not touch the border
/// and have fewer than `below` tiles.
pub(crate) fn rock_islands(tiles: &[Tile], w: usize, h: usize, below: usize) -> usize {
    let found = piece_sizes(w, h, |i| tiles[i] == Tile::Wall);
    found
        .iter()
        .filter(|p| !p.on_border && p.size < below)
        .count()
}

/// Floor pockets: 4-connected pieces of floor (stairs included; corridors
/// and doors part them) of fewer than `below` tiles.
pub(crate) fn floor_pockets(tiles: &[Tile], w: usize, h: usize, below: usize) -> usize {
    let floor = |i: usize| matches!(tiles[i], Tile::Floor | Tile::StairsUp | Tile::StairsDown);
    let found = piece_sizes(w, h, floor);
    found.iter().filter(|p| p.size < below).count()
}

/// The longest straight run of dug corridor: [`Tile::Corridor`] tiles one
/// after the other along a row or a column, whatever lies beside them (a
/// tunnel along open floor, or a wide dug area, counts as well as a
/// tunnel through rock). Cost: O(w * h), one count a column.
pub(crate) fn longest_corridor_run(tiles: &[Tile], w: usize, h: usize) -> usize {
    let mut best = 0;
    let mut column = vec![0usize; w];
    for row in tiles.chunks_exact(w).take(h) {
        let mut run = 0;
        for (t, c) in row.iter().zip(column.iter_mut()) {
            let dug = *t == Tile::Corridor;
            run = if dug { run + 1 } else { 0 };
            *c = if dug { *c + 1 } else { 0 };
            best = best.max(run).max(*c);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map(rows: &[&str]) -> (Vec<Tile>, usize, usize) {
        let tiles = rows
            .iter()
            .flat_map(|r| r.chars().map(|c| Tile::from_char(c).unwrap()))
            .collect();
        (tiles, rows[0].len(), rows.len())
    }

    #[test]
    fn specks_pockets_and_runs() {
        let (t, w, h) = map(&[
            "##########",
            "#....#...#",
            "#.#..#.#.#",
            "#...,,...#",
            "#.##.#...#",
            "#.#..#...#",
            "#....#...#",
            "##########",
        ]);
        // Rock islands: (2,2) alone, (7,2) alone, (2,4)-(3,4)-(2,5) three
        // tiles; (5,1)-(5,2) and x = 5 below the corridor join the border.
        assert_eq!(rock_islands(&t, w, h, 2), 2);
        assert_eq!(rock_islands(&t, w, h, 3), 2);
        assert_eq!(rock_islands(&t, w, h, 4), 3);
        // Floor pieces: the left (x 1-4, 19 tiles) and the right (x 6-8,
        // 17 tiles), parted by the corridor and the wall at x = 5.
        assert_eq!(floor_pockets(&t, w, h, 20), 2);
        assert_eq!(floor_pockets(&t, w, h, 18), 1);
        assert_eq!(floor_pockets(&t, w, h, 17), 0);
        // The corridor at (4,3)-(5,3): two tiles, floor beside them or not.
        assert_eq!(longest_corridor_run(&t, w, h), 2);
        let (t, w, h) = map(&[
            "#####", "#.#.#", "#,#.#", "#,#.#", "#,#.#", "#...#", "#####",
        ]);
        assert_eq!(longest_corridor_run(&t, w, h), 3);
        let (t, w, h) = map(&["#######", "#,,,,,#", "#,,,,.#", "#######"]);
        assert_eq!(longest_corridor_run(&t, w, h), 5, "a dug area's rows count");
        assert_eq!(rock_islands(&t, w, h, 3), 0);
        // Islands of 1 to 7 tiles, counted at most SPECK_MOST (6).
        let (t, w, h) = map(&[
            "#################",
            "#...............#",
            "#.#.##.###.###..#",
            "#..........###..#",
            "#...............#",
            "#.####.####.....#",
            "#.......###.....#",
            "#...............#",
            "#################",
        ]);
        // Sizes: 1 (2,2), 2, 3, 6 (the 3x2 at x 11-13), 4 (row 5, x 2-5),
        // 7 (row 5, x 7-10, and row 6, x 8-10).
        let sizes = [1, 2, 3, 4, 6, 7];
        for most in 0..8 {
            let want = sizes.iter().filter(|&&s| s <= most).count();
            assert_eq!(rock_islands(&t, w, h, most + 1), want, "at most {most}");
        }
        assert_eq!(rock_islands(&t, w, h, SPECK_BELOW), 5);
    }
}
