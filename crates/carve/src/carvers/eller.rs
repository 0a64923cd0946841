//! Eller's algorithm: one row at a time, with O(width) memory of sets.
//!
//! Each cell of the current row belongs to a set (cells already joined
//! through rows above). Adjacent cells of different sets are joined at
//! random; then each set sends at least one passage south, and the cells
//! below inherit the set of the cell above them (the rest start new sets).
//! The last row joins every adjacent pair of different sets. A passage is
//! only ever opened between different sets, so no loop forms, and every
//! set survives to the last row, where all are merged: a spanning tree.
//!
//! The sets of a row are a union-find forest over its columns, rebuilt for
//! the next row from the roots of the cells that went south, so merging
//! costs O(alpha) instead of relabelling the row. O(cells) time.

use super::coin;
use crate::{CarveError, Maze};
use mcrdun_geom::memory::try_vec;
use mcrdun_geom::{DisjointSets, Side};
use rand::Rng;

/// The working memory of a carve, in bytes a column: the sets of a row (an
/// 8-byte parent and a rank byte), and per column whether it goes south, the
/// root above it, and per root its last member, whether it went south and
/// the first column below it.
pub(crate) const BYTES_PER_COLUMN: u64 = 9 + 1 + 8 + 8 + 1 + 8;

/// The tables of one row, allocated before the maze changes.
pub(crate) struct Rows {
    sets: DisjointSets,
    down: Vec<bool>,
    root_above: Vec<usize>,
    last_member: Vec<usize>,
    has_down: Vec<bool>,
    first_below: Vec<usize>,
}

impl Rows {
    /// The tables for a row of `w` columns (checked against the memory
    /// budget by the caller, at [`BYTES_PER_COLUMN`]).
    pub(crate) fn new(w: usize) -> Result<Rows, CarveError> {
        Ok(Rows {
            down: try_vec("Eller's rows", w, false)?,
            root_above: try_vec("Eller's rows", w, 0usize)?,
            // Per root column: its last member, whether it went south yet,
            // and the first column below it (usize::MAX: none yet).
            last_member: try_vec("Eller's rows", w, 0usize)?,
            has_down: try_vec("Eller's rows", w, false)?,
            first_below: try_vec("Eller's rows", w, usize::MAX)?,
            sets: DisjointSets::new(w),
        })
    }
}

pub(crate) fn run<R: Rng + ?Sized>(maze: &mut Maze, rows: &mut Rows, rng: &mut R) {
    let w = maze.width() as usize;
    let h = maze.height() as usize;
    // Sliced to `w`, so the compiler sees the tables' length and drops the
    // bounds checks of the loops below.
    let sets = &mut rows.sets;
    let down = &mut rows.down[..w];
    let root_above = &mut rows.root_above[..w];
    let last_member = &mut rows.last_member[..w];
    let has_down = &mut rows.has_down[..w];
    let first_below = &mut rows.first_below[..w];
    for y in 0..h {
        let row = y * w;
        let last_row = y + 1 == h;
        for x in 0..w.saturating_sub(1) {
            if sets.find(x) != sets.find(x + 1) && (last_row || coin(rng)) {
                sets.union(x, x + 1);
                maze.open_between(row + x, row + x + 1, Side::East);
            }
        }
        if last_row {
            break;
        }
        for x in 0..w {
            let r = sets.find(x);
            last_member[r] = x;
            has_down[r] = false;
        }
        for x in 0..w {
            let r = sets.find(x);
            // A set's last member goes south if no other member did.
            let d = coin(rng) || (last_member[r] == x && !has_down[r]);
            down[x] = d;
            root_above[x] = r;
            if d {
                has_down[r] = true;
                maze.open_between(row + x, row + x + w, Side::South);
            }
        }
        sets.reset();
        for x in 0..w {
            if !down[x] {
                continue;
            }
            let r = root_above[x];
            if first_below[r] == usize::MAX {
                first_below[r] = x;
            } else {
                sets.union(first_below[r], x);
            }
        }
        first_below.fill(usize::MAX);
    }
}
