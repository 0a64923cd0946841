//! The leaf adjacency graph (seed 000): which leaves share a wall segment.
//!
//! Built by sorting and sweeping edges, O(n log n): every leaf contributes
//! its right edge and its left edge to the "vertical walls" lists, its
//! bottom and top edges to the "horizontal walls" lists. Sorted by (line,
//! start), the edges lying on one line form two sequences of disjoint spans
//! (leaves do not overlap), and a two-pointer merge emits every pair whose
//! spans overlap by at least one cell, in time linear in the edges and the
//! pairs. The sort is a byte-wise radix sort (O(n) per pass, at most eight
//! passes, fewer when coordinates span less than 2^32), so the build is
//! O(n) in practice and O(n log n) at worst (the per-leaf neighbour lists
//! are sorted by comparison). Two leaves cannot touch both vertically and horizontally (that
//! would need overlap on both axes), so each pair is found once.

use crate::{Bsp, BspError};
use core::ops::Index;
use mcrdun_geom::{Rect, WallTiles, shared_wall, wall_tiles};

/// For each leaf, the ascending list of leaves that share a wall segment
/// with it (a shared corner is not enough). Symmetric, no self loops.
///
/// Stored compactly (one offsets array, one neighbours array); index it
/// like a slice of slices: `adjacency[i]` is leaf `i`'s neighbours.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Adjacency {
    offsets: Vec<usize>,
    neighbours: Vec<u32>,
}

impl Adjacency {
    /// The number of leaves.
    #[inline]
    pub fn len(&self) -> usize {
        self.offsets.len().saturating_sub(1)
    }

    /// Whether there are no leaves (never the case for a [`Bsp`]'s graph).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The neighbours of leaf `i`, ascending, or `None` out of range.
    #[inline]
    pub fn get(&self, i: usize) -> Option<&[u32]> {
        let (&a, &b) = (self.offsets.get(i)?, self.offsets.get(i + 1)?);
        Some(&self.neighbours[a..b])
    }

    /// The number of adjacent pairs (each counted once).
    #[inline]
    pub fn edge_count(&self) -> usize {
        self.neighbours.len() / 2
    }

    /// Every leaf's neighbours, in leaf order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &[u32]> + '_ {
        self.offsets
            .windows(2)
            .map(|w| &self.neighbours[w[0]..w[1]])
    }

    /// Whether leaves `a` and `b` are adjacent (binary search; false out of
    /// range).
    pub fn contains(&self, a: usize, b: usize) -> bool {
        let Ok(b) = u32::try_from(b) else {
            return false;
        };
        self.get(a).is_some_and(|n| n.binary_search(&b).is_ok())
    }

    /// The graph of any rectangles by testing every pair with
    /// [`shared_wall`]: O(n^2). The reference the fast build is checked
    /// against (in tests and benchmarks); use [`Bsp::adjacency`] for trees.
    pub fn brute_force(rects: &[Rect]) -> Adjacency {
        let mut pairs = Vec::new();
        for (i, a) in rects.iter().enumerate() {
            for (j, b) in rects.iter().enumerate().skip(i + 1) {
                if shared_wall(a, b).is_some() {
                    pairs.push((i as u32, j as u32));
                }
            }
        }
        Adjacency::from_pairs(rects.len(), &pairs)
    }

    /// The graph of non-overlapping rectangles by sorting and sweeping,
    /// O(n log n).
    pub(crate) fn sweep(rects: &[Rect]) -> Adjacency {
        let n = rects.len();
        // Leaves of a partition into rectangles make a planar graph: fewer
        // than 3n pairs, so this never grows.
        let mut pairs = Vec::with_capacity(3 * n);
        let mut low = Vec::with_capacity(n);
        let mut high = Vec::with_capacity(n);
        let mut scratch = Vec::new();
        // Vertical walls: right edges (low side) against left edges.
        for (i, r) in rects.iter().enumerate() {
            low.push(Edge::new(r.right(), r.y(), r.bottom(), i));
            high.push(Edge::new(r.x(), r.y(), r.bottom(), i));
        }
        merge(&mut low, &mut high, &mut scratch, &mut pairs);
        low.clear();
        high.clear();
        // Horizontal walls: bottom edges against top edges.
        for (i, r) in rects.iter().enumerate() {
            low.push(Edge::new(r.bottom(), r.x(), r.right(), i));
            high.push(Edge::new(r.y(), r.x(), r.right(), i));
        }
        merge(&mut low, &mut high, &mut scratch, &mut pairs);
        Adjacency::from_pairs(n, &pairs)
    }

    /// The compact graph of `n` nodes from unordered pairs (each once).
    fn from_pairs(n: usize, pairs: &[(u32, u32)]) -> Adjacency {
        let mut offsets = vec![0usize; n + 1];
        for &(a, b) in pairs {
            offsets[a as usize + 1] += 1;
            offsets[b as usize + 1] += 1;
        }
        for i in 0..n {
            offsets[i + 1] += offsets[i];
        }
        let mut fill = offsets.clone();
        let mut neighbours = vec![0u32; offsets[n]];
        for &(a, b) in pairs {
            neighbours[fill[a as usize]] = b;
            fill[a as usize] += 1;
            neighbours[fill[b as usize]] = a;
            fill[b as usize] += 1;
        }
        for w in offsets.windows(2) {
            neighbours[w[0]..w[1]].sort_unstable();
        }
        Adjacency {
            offsets,
            neighbours,
        }
    }
}

impl Index<usize> for Adjacency {
    type Output = [u32];

    /// Leaf `i`'s neighbours. Panics when `i >= len()`, like a slice; use
    /// [`Adjacency::get`] to test.
    fn index(&self, i: usize) -> &[u32] {
        match self.get(i) {
            Some(n) => n,
            None => panic!("leaf {i} out of range ({} leaves)", self.len()),
        }
    }
}

/// One side of a rectangle lying on a line: `key` packs (line, start) so
/// that sorting the keys sorts by line, then start.
#[derive(Clone, Copy, Default)]
struct Edge {
    key: u64,
    end: i32,
    leaf: u32,
}

/// An order-preserving map from `i32` to `u32`.
#[inline]
fn biased(v: i32) -> u32 {
    (v as u32) ^ 0x8000_0000
}

impl Edge {
    #[inline]
    fn new(line: i32, start: i32, end: i32, leaf: usize) -> Edge {
        Edge {
            key: (u64::from(biased(line)) << 32) | u64::from(biased(start)),
            end,
            leaf: leaf as u32,
        }
    }
    #[inline]
    fn line(&self) -> u32 {
        (self.key >> 32) as u32
    }
    #[inline]
    fn start(&self) -> i32 {
        biased(self.key as u32 as i32) as i32
    }
}

/// Emits `(low.leaf, high.leaf)` for every pair on the same line whose spans
/// overlap. Within one list the spans on a line are disjoint, so after each
/// comparison the span that ends first can meet nothing further.
fn merge(
    low: &mut [Edge],
    high: &mut [Edge],
    scratch: &mut Vec<Edge>,
    pairs: &mut Vec<(u32, u32)>,
) {
    radix_sort(low, scratch);
    radix_sort(high, scratch);
    let (mut i, mut j) = (0, 0);
    while i < low.len() && j < high.len() {
        let (a, b) = (&low[i], &high[j]);
        match a.line().cmp(&b.line()) {
            core::cmp::Ordering::Less => i += 1,
            core::cmp::Ordering::Greater => j += 1,
            core::cmp::Ordering::Equal => {
                if a.start().max(b.start()) < a.end.min(b.end) {
                    pairs.push((a.leaf, b.leaf));
                }
                if a.end < b.end {
                    i += 1;
                } else {
                    j += 1;
                }
            }
        }
    }
}

/// Sorts by `key`: least significant digit first, one byte per pass,
/// skipping the bytes on which every key agrees (with coordinates spanning
/// less than 2^24, half the passes). O(n) per pass; on a million edges this
/// is several times faster than a comparison sort.
fn radix_sort(v: &mut [Edge], scratch: &mut Vec<Edge>) {
    if v.len() < 256 {
        v.sort_unstable_by_key(|e| e.key);
        return;
    }
    let mut counts = vec![[0usize; 256]; 8];
    for e in v.iter() {
        for (byte, c) in counts.iter_mut().enumerate() {
            c[((e.key >> (8 * byte)) & 0xFF) as usize] += 1;
        }
    }
    scratch.clear();
    scratch.resize(v.len(), Edge::default());
    // Where the sorted data currently is: `v` (false) or `scratch` (true).
    let mut in_scratch = false;
    for (byte, c) in counts.iter_mut().enumerate() {
        if c.contains(&v.len()) {
            continue; // every key has the same byte here
        }
        let mut next = 0;
        for k in c.iter_mut() {
            let here = *k;
            *k = next;
            next += here;
        }
        let (from, to): (&[Edge], &mut [Edge]) = if in_scratch {
            (&scratch[..], &mut v[..])
        } else {
            (&v[..], &mut scratch[..])
        };
        for e in from {
            let d = ((e.key >> (8 * byte)) & 0xFF) as usize;
            to[c[d]] = *e;
            c[d] += 1;
        }
        in_scratch = !in_scratch;
    }
    if in_scratch {
        v.copy_from_slice(scratch);
    }
}

/// Working memory of [`Bsp::adjacency`] per leaf: the leaf rectangles,
/// the pairs (fewer than 3 a leaf), two edge lists and the sort's scratch,
/// and the graph kept (offsets and both directions of each pair).
pub const ADJACENCY_BYTES_PER_LEAF: u64 = 16 + 24 + 3 * 16 + 2 * 8 + 24;

impl Bsp {
    /// The leaf adjacency graph, indexed by leaf number (level order).
    ///
    /// Built on first use in O(n log n) and cached until the tree changes;
    /// safe to call from several threads at once through a shared `&Bsp`
    /// (threads that ask before it is cached may each build it; one result
    /// is kept and shared). Building needs [`ADJACENCY_BYTES_PER_LEAF`]
    /// bytes a leaf, checked against the memory ceiling
    /// (`mcrdun_geom::memory`) first, after the leaf numbering when that is
    /// not built yet ([`LEAF_INDEX_BYTES_PER_NODE`](crate::LEAF_INDEX_BYTES_PER_NODE)
    /// bytes a node, checked too).
    ///
    /// # Errors
    /// [`BspError::Geom`] with
    /// [`GeomError::OverBudget`](mcrdun_geom::GeomError::OverBudget) when
    /// building it needs more than the memory ceiling.
    pub fn adjacency(&self) -> Result<&Adjacency, BspError> {
        if let Some(built) = self.adjacency_cache.get() {
            return Ok(built);
        }
        let _budget = mcrdun_geom::memory::Budget::start();
        let n = self.try_leaf_count()?;
        mcrdun_geom::memory::check_budget(
            "the leaf adjacency",
            n as u64,
            ADJACENCY_BYTES_PER_LEAF,
        )?;
        let mut rects = mcrdun_geom::memory::try_with_capacity("the leaf adjacency", n)?;
        rects.extend(self.leaf_rects());
        let built = Adjacency::sweep(&rects);
        drop(rects);
        Ok(self.adjacency_cache.get_or_init(|| built))
    }

    /// The neighbours of leaf `leaf`, ascending.
    ///
    /// # Errors
    /// [`BspError::LeafOutOfRange`] when `leaf >= leaf_count()`; as
    /// [`Bsp::adjacency`] when the graph is not built yet.
    pub fn neighbours(&self, leaf: usize) -> Result<&[u32], BspError> {
        self.adjacency()?.get(leaf).ok_or(BspError::LeafOutOfRange {
            index: leaf,
            count: self.leaf_count(),
        })
    }

    /// The tiles on leaf `a`'s own edge, inside `a`, along the wall it shares
    /// with leaf `b`, ascending (for a cut at x = 50 the left leaf gets
    /// x = 49, the right one x = 50). O(1) to make; allocates nothing.
    ///
    /// # Errors
    /// [`BspError::LeafOutOfRange`] for a bad leaf number,
    /// [`BspError::NotAdjacent`] when the leaves share no wall (including
    /// `a == b`).
    pub fn adjacent_tiles(&self, a: usize, b: usize) -> Result<WallTiles, BspError> {
        let (ra, rb) = (self.leaf_rect(a)?, self.leaf_rect(b)?);
        // The adjacency rule is exactly `shared_wall`, so no graph lookup is
        // needed (and none is built).
        wall_tiles(&ra, &rb).ok_or(BspError::NotAdjacent { a, b })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(x: i32, y: i32, w: i32, h: i32) -> Rect {
        Rect::new(x, y, w, h).unwrap()
    }

    #[test]
    fn sweep_matches_brute_force_on_a_grid_with_corners() {
        // A 2x2 grid (corners only on the diagonals) plus a split cell.
        let rects = [
            r(0, 0, 5, 5),
            r(5, 0, 5, 5),
            r(0, 5, 5, 5),
            r(5, 5, 5, 2),
            r(5, 7, 5, 3),
        ];
        let fast = Adjacency::sweep(&rects);
        assert_eq!(fast, Adjacency::brute_force(&rects));
        assert_eq!(&fast[0], &[1, 2]);
        assert_eq!(&fast[2], &[0, 3, 4]);
        assert_eq!(&fast[3], &[1, 2, 4]);
        assert_eq!(fast.edge_count(), 6);
        assert!(fast.contains(2, 4) && !fast.contains(0, 3) && !fast.contains(9, 0));
        assert_eq!(fast.get(5), None);
        assert_eq!(fast.iter().len(), 5);
    }

    #[test]
    fn extreme_coordinates() {
        let rects = [
            r(i32::MIN, i32::MIN, i32::MAX, 1),
            r(-1, i32::MIN, i32::MAX, 1),
            r(i32::MIN, i32::MIN + 1, 1, 1),
        ];
        let fast = Adjacency::sweep(&rects);
        assert_eq!(fast, Adjacency::brute_force(&rects));
        assert_eq!(&fast[0], &[1, 2]);
    }

    #[test]
    fn tiles_and_errors() {
        let mut bsp = Bsp::new(r(0, 0, 80, 20));
        bsp.split_once(bsp.root(), false, 50).unwrap();
        let left: Vec<_> = bsp.adjacent_tiles(0, 1).unwrap().collect();
        let right: Vec<_> = bsp.adjacent_tiles(1, 0).unwrap().collect();
        assert_eq!(left.len(), 20);
        assert!(left.iter().all(|p| p.x == 49) && right.iter().all(|p| p.x == 50));
        assert_eq!(
            bsp.adjacent_tiles(0, 0).unwrap_err(),
            BspError::NotAdjacent { a: 0, b: 0 }
        );
        assert!(matches!(
            bsp.adjacent_tiles(0, 2),
            Err(BspError::LeafOutOfRange { .. })
        ));
        assert_eq!(bsp.neighbours(1).unwrap(), &[0]);
        assert!(bsp.neighbours(2).is_err());
    }
}
